/** Number and name formatting shared by rule messages, so every report reads the same way. */
import type { Cardinality } from '../design/input';

/**
 * `20000` → `20,000`, `4.1666` → `4.17`, `0.0021` → `0.0021`, Infinity → `unbounded`: the same in every locale, and
 * one way at every size (`1e15` → `1,000,000,000,000,000`), so two figures of one report never read differently.
 */
export function fmt(value: number): string {
  if (value === Infinity) return 'unbounded';
  // NaN has no digits to write (BigInt would throw a RangeError that names no figure): a caller computed it from nothing.
  if (Number.isNaN(value)) throw new Error('fmt(): NaN is not a figure; the computation that produced it divided 0 by 0 or read a missing number');
  // A load of 0.002 RU/s (one device of a million) is not 0: keep two significant digits.
  if (value !== 0 && Math.abs(value) < 0.005) return String(Number(value.toPrecision(2)));
  // Two decimals where a figure has room for them; from 1e15 a double has none (and × 100 would add noise).
  const rounded = Math.abs(value) < 1e15 ? Math.round(value * 100) / 100 : Math.round(value);
  // Below 1,000 there are no thousands to group.
  if (Math.abs(rounded) < 1000) return String(rounded);
  // From 1e21 String() writes an exponent; such a number is an integer, whose digits BigInt writes out.
  const text = Math.abs(rounded) < 1e21 ? String(rounded) : BigInt(rounded).toString();
  const point = text.indexOf('.');
  const end = point < 0 ? text.length : point;
  // Commas between the whole part's groups of three digits (after the sign); the fraction as it is.
  const start = rounded < 0 ? 1 : 0;
  let grouped = text.slice(0, start + ((end - start) % 3 || 3));
  for (let at = grouped.length; at < end; at += 3) grouped += `,${text.slice(at, at + 3)}`;
  return grouped + text.slice(end);
}

/**
 * A figure as a finding's data carries it: float noise cut (`1650.0000000000002` → `1650`,
 * `0.15000000000000002` → `0.15`) by keeping 12 significant digits. Not fewer: consumers compute with
 * these figures (`shardsFor()` on `data.share`), and 12 digits stay far inside the 1e-9 tolerance every
 * load comparison allows (`fits`), so they reach the same verdicts. Integers and infinities stay as they are.
 */
export function roundedFigure(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  // A figure of at most two decimals below 1e10 (`0.15`, `2504.5`) has at most 12 significant digits: it is its own
  // rounding, known without writing it out (most shares and loads are such figures).
  if (Math.abs(value) < 1e10 && Math.round(value * 100) / 100 === value) return value;
  return Number(value.toPrecision(12));
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

/** A key's attribute names: `tenantId`, `(tenantId, region)`. */
export function keyName(names: readonly (string | number)[]): string {
  return names.length === 1 ? code(String(names[0])) : `(${names.map((name) => code(String(name))).join(', ')})`;
}

/** "a", "a and b", "a, b and c" (or "a, b or c", given `last` 'or'). */
export function listed(items: readonly string[], last: 'and' | 'or' = 'and'): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/** "on index `byStatus`" for a GSI, "" for the table itself. */
export function onIndex(index: string | undefined): string {
  return index === undefined ? '' : ` on index ${code(index)}`;
}
