/** Number and name formatting shared by rule messages, so every report reads the same way. */
import type { Cardinality } from '../design/input';
import type { LoadDimension } from '../design/sharding';

/**
 * `20000` → `20,000`, `4.1666` → `4.17`. Hand-rolled: toLocaleString builds an ICU formatter on
 * every call and was 90% of lint time in the benchmark.
 */
export function fmt(value: number): string {
  // Most numbers in messages are small whole ones: nothing to round or group.
  if (Number.isInteger(value) && value > -1000 && value < 1000) return String(value);
  if (value === Infinity) return 'unbounded';
  if (Math.abs(value) >= 1e15) return value.toExponential(2);
  const rounded = Math.round(value * 100) / 100;
  const text = String(Math.abs(rounded));
  const dot = text.indexOf('.');
  const whole = dot === -1 ? text : text.slice(0, dot);
  let grouped = '';
  let end = whole.length;
  for (; end > 3; end -= 3) grouped = `,${whole.slice(end - 3, end)}${grouped}`;
  return `${rounded < 0 ? '-' : ''}${whole.slice(0, end)}${grouped}${dot === -1 ? '' : text.slice(dot)}`;
}

/** `200000` → `200,000`; `'unique'` stays a word. */
export function formatCardinality(cardinality: Cardinality | undefined): string {
  if (cardinality === undefined) return 'unknown';
  return cardinality === 'unique' ? 'unique' : fmt(cardinality);
}

export function percent(share: number): string {
  const value = share * 100;
  // Tiny shares (one device of 200,000) keep two significant digits instead of rounding to 0%.
  return value > 0 && value < 0.01 ? `${value.toPrecision(2)}%` : `${fmt(value)}%`;
}

export function code(name: string): string {
  return `\`${name}\``;
}

/** `tenantId`, `(tenantId, region)`, `/tenantId → /userId`. */
export function keyName(attributes: readonly { readonly name: string }[], separator = ', '): string {
  const names = attributes.map((a) => a.name);
  return names.length === 1 ? code(names[0]) : `(${names.map(code).join(separator)})`;
}

/** "on index `byStatus`" for a GSI, "" for the table itself. */
export function onIndex(index: string | undefined): string {
  return index === undefined ? '' : ` on index ${code(index)}`;
}

/** "10,000 WCU writes against a usable 800 WCU (80% of the 1,000 WCU ceiling)". */
export function loadAgainstCeiling(d: LoadDimension, perKey?: { readonly shards: number; readonly load: number; readonly what: string }): string {
  const load = `${fmt(d.load)} ${d.unit}${d.label === 'request' ? '' : ` ${d.label}s`}`;
  const split = perKey ? `, ${fmt(perKey.load)} ${d.unit} per ${perKey.what} over ${perKey.shards},` : '';
  return `${load}${split} against a usable ${fmt(d.usable)} ${d.unit} (${percent(d.usable / d.ceiling)} of the ${fmt(d.ceiling)} ${d.unit} ceiling)`;
}

/** "fits one partition: 50 of a usable 2,400 RCU", for the dimension nearest its ceiling. */
export function loadOfUsable(d: LoadDimension): string {
  return `${fmt(d.load)} of a usable ${fmt(d.usable)} ${d.unit}`;
}

/** "saturated when traffic grows 25×", or, with no declared traffic, that none is declared. */
export function growthClause(growth: number): string {
  return growth === Infinity ? 'no traffic is declared yet' : `saturated when traffic grows ${fmt(growth)}×`;
}

/**
 * Message data with `name: value` added when the value is a finite number (JSON has no Infinity).
 * A keyed write, not a conditional spread, which costs a runtime call on every finding.
 */
export function withNumber<T extends Record<string, string | number>>(data: T, name: string, value: number | undefined): T {
  if (value !== undefined && Number.isFinite(value)) (data as Record<string, number>)[name] = value;
  return data;
}
