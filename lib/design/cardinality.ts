import type { AttributeKind, Cardinality } from './key-design';

/** `'unique'` counts as unbounded. */
export function cardinalityValue(cardinality: Cardinality | undefined): number {
  return cardinality === 'unique' ? Infinity : (cardinality ?? Infinity);
}

/**
 * Distinct values of a full key made of several attributes (hierarchical or multi-attribute), as its load
 * spreads: the values one moment's traffic can reach. The business levels nest (a device belongs to one
 * tenant), so the full key has at least as many values as its most varied attribute: the maximum is the
 * conservative (lowest) estimate, the one a rule can trust. A time bucket adds none: a value's writes go
 * to its current bucket (`storedKeyValues` counts the buckets, for what the key stores).
 */
export function fullKeyCardinality(parts: readonly { readonly cardinality?: Cardinality }[]): number {
  return parts.reduce((max, part) => Math.max(max, cardinalityValue(part.cardinality)), 0);
}

/**
 * Distinct values of a key (or of a prefix of it) as its data is stored. Business levels nest in each other
 * and time-bucket levels nest in each other (a day in its month), each group counted by its most varied level;
 * the two groups are independent: a time bucket repeats under every business value (each device has each day,
 * /deviceId 100,000 → /day 365 holds up to 36,500,000 values), so their counts multiply. A business value's
 * GB spreads over its buckets ("Hierarchical partition keys": one prefix spans many logical partitions, each
 * full key value under 20 GB; "Choose a partition key for IoT workloads": /deviceId → time).
 */
export function storedKeyValues(parts: readonly { readonly cardinality?: Cardinality; readonly kind?: AttributeKind }[]): number {
  const isBucket = (part: { readonly kind?: AttributeKind }) => part.kind === 'time-bucket';
  const business = fullKeyCardinality(parts.filter((p) => !isBucket(p)));
  const buckets = fullKeyCardinality(parts.filter(isBucket));
  return Math.max(business, 1) * Math.max(buckets, 1);
}

/**
 * Distinct values of a DynamoDB GSI partition key made of several attributes (a multi-attribute key): DynamoDB hashes
 * the attributes together for data distribution (AWS, "Multi-attribute keys pattern"), so each combination of their
 * values is a partition-key value of its own. Their combinations are at most the product of their cardinalities, and the
 * index holds at most one entry per table item (`items`): the lower of the two. Declare an attribute that nests in
 * another (a region each tenant has one of) by its values within that other (1): the product then counts them once.
 */
export function combinedKeyCardinality(parts: readonly { readonly cardinality?: Cardinality }[], items: number): number {
  const product = parts.reduce((all, part) => all * cardinalityValue(part.cardinality), 1);
  return Math.min(product, items);
}

/** Distinct values of a key space's partition key: its combined count where it has one (`keyValues`), else `fullKeyCardinality`. */
export function keySpaceCardinality(space: { readonly keyValues?: number; readonly partitionKey: readonly { readonly cardinality?: Cardinality }[] }): number {
  return space.keyValues ?? fullKeyCardinality(space.partitionKey);
}
