/** Number and name formatting shared by rule messages, so every report reads the same way. */
import type { Cardinality } from '../design/input';

/**
 * `20000` → `20,000`, `4.1666` → `4.17`. Hand-rolled: toLocaleString builds an ICU formatter on
 * every call and was 90% of lint time in the benchmark.
 */
export function fmt(value: number): string {
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
  return `${fmt(share * 100)}%`;
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
