import type { Cardinality } from './key-design';

/** `'unique'` counts as unbounded. */
export function cardinalityValue(cardinality: Cardinality | undefined): number {
  return cardinality === 'unique' ? Infinity : (cardinality ?? Infinity);
}

/**
 * Distinct values of a full key made of several attributes (hierarchical or multi-attribute).
 * The deepest level is nested under the others, so the full key has at least as many values as its
 * most varied attribute: the maximum is the conservative (lowest) estimate, the one a rule can trust.
 */
export function fullKeyCardinality(parts: readonly { readonly cardinality?: Cardinality }[]): number {
  return parts.reduce((max, part) => Math.max(max, cardinalityValue(part.cardinality)), 0);
}
