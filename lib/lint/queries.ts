/**
 * What the declared queries say about a key: which carry it (targeted) and which visit every
 * partition, and which attribute reads give with it (a calculated shard's source).
 */
import { givesAttribute, givesWholeKey, sameAttribute, type AccessPattern, type KeySpace } from '../design/key-design';
import type { EngineProfile } from '../engines';

export function carries(pattern: { readonly keyAttributes: readonly string[] }, attribute: string): boolean {
  return pattern.keyAttributes.some((a) => sameAttribute(a, attribute));
}

/**
 * Whether a query is routed to the partitions of its key: with `full-key` routing it needs every
 * partition-key attribute; with `key-prefix` routing (a hierarchical key) the first level is enough.
 * `firstLevel` asks the question for another order of a prefix-routed key.
 */
export function carriesKey(routing: EngineProfile['routing'], space: KeySpace, pattern: AccessPattern, firstLevel?: string): boolean {
  if (routing === 'key-prefix') return firstLevel === undefined ? givesAttribute(pattern, space.partitionKey[0]) : carries(pattern, firstLevel);
  return readsWholeKey(space, pattern);
}

/** Queries that read the whole logical key: they carry every partition-key attribute (or all of a composite one's parts). */
export function readsWholeKey(space: KeySpace, pattern: AccessPattern): boolean {
  return givesWholeKey(space, pattern);
}

/**
 * Whether a query must read every shard of a key sharded by `strategy` (on `source`, when calculated) to be complete:
 * it gives the whole key value and wants every item it matches (a read that wants any item takes one shard's), and a
 * calculated shard's source is not among what it gives.
 */
export function needsEveryShard(space: KeySpace, pattern: AccessPattern, strategy: 'random' | 'calculated', source: string | undefined): boolean {
  if (!readsWholeKey(space, pattern) || pattern.wants === 'any') return false;
  return strategy === 'random' || source === undefined || !carries(pattern, source);
}

/**
 * The attribute a calculated shard could hash: the declared one, else the sort key, else one that
 * queries carry together with the partition key. Reads for one value of it then hit one shard.
 */
export function calculatedShardCandidate(space: KeySpace, patterns: readonly AccessPattern[]): string | undefined {
  if (space.sharding?.sourceAttribute) return space.sharding.sourceAttribute;
  // A part of a composite key is the key, not a source a shard could hash.
  const isKey = (name: string) => space.partitionKey.some((a) => sameAttribute(a.name, name) || a.components.some((c) => sameAttribute(c.name, name)));
  // Reads look up one value of the source; a timestamp is read by range, never by one value.
  const sortKey = space.sortKey.find((a) => !isKey(a.name) && a.kind !== 'time-bucket');
  if (sortKey) return sortKey.name;
  const withKey = patterns.filter((p) => readsWholeKey(space, p));
  return withKey.flatMap((p) => p.keyAttributes).find((name) => !isKey(name));
}

/**
 * What a query gives of a sort key matched left to right (a DynamoDB multi-attribute sort key, the
 * parts of a composite string): the parts it gives by equality, then at most one it bounds by range.
 */
export interface SortKeyRead {
  readonly pattern: AccessPattern;
  readonly equal: readonly string[];
  readonly range?: string;
}

/**
 * The reads of a sort key made of `parts` by the queries that give any of them. A query that names
 * `whole` (the composite attribute itself) gives every part by equality.
 */
export function sortKeyReads(parts: readonly { readonly name: string }[], patterns: readonly AccessPattern[], whole?: string): SortKeyRead[] {
  return patterns.flatMap((pattern): SortKeyRead[] => {
    const all = whole !== undefined && carries(pattern, whole);
    const equal = parts.filter((part) => all || carries(pattern, part.name)).map((part) => part.name);
    const ranged = pattern.rangeAttribute;
    const range = all || ranged === undefined ? undefined : parts.find((part) => sameAttribute(part.name, ranged) && !equal.includes(part.name))?.name;
    if (equal.length === 0 && range === undefined) return [];
    return [{ pattern, equal, ...(range !== undefined ? { range } : {}) }];
  });
}

/** An order serves a read when the read's equality parts lead it and its range part, if any, comes next: nothing is skipped. */
export function servesRead(order: readonly string[], read: SortKeyRead): boolean {
  const n = read.equal.length;
  return order.slice(0, n).every((name) => read.equal.includes(name)) && (read.range === undefined || order[n] === read.range);
}

/** The sets of parts that must each be a leading prefix of the order for a read to be served. */
export function leadingSets(read: SortKeyRead): string[][] {
  const sets = read.equal.length > 0 ? [[...read.equal]] : [];
  return read.range === undefined ? sets : [...sets, [...read.equal, read.range]];
}
