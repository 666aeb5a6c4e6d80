/**
 * What one read that queries every one of N write shards of a key value costs on each shard, as a share of what the
 * same read cost unsharded: the one accounting SG003's shard plan (lib/lint/gathered-reads.ts), SG017's read peak
 * (lib/lint/read-requests.ts) and `shardsFor()` use for a gathered read (`gatheredReadShare`).
 *
 * A read of a sharded value queries every suffix and merges the results (AWS, "Using write sharding to distribute
 * workloads evenly"). DynamoDB charges each Query its items' sizes summed, rounded up to the next 4 KB, and at least one
 * read unit, per request ("Capacity unit consumption for read operations",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html#read-operation-consumption);
 * a Query that returns nothing still consumes that minimum (API reference, Query,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html). So a read of a whole collection of
 * `resultKb` costs each of N shards ⌈resultKb ÷ N ÷ 4⌉ of the ⌈resultKb ÷ 4⌉ units it cost unsharded: all of them at
 * 4 KB or less. N Queries therefore cost at least N units, however small the result.
 *
 * An eventually consistent read costs half of a strongly consistent one, on each shard's Query as on the unsharded read
 * (same page): the share is the same either way, and the peaks it divides are declared in read units already.
 */

import { givesAttribute, type AccessPattern, type KeySpace } from './key-design';

/**
 * What DynamoDB charges each Query of a gathered read at least, said wherever a text names that minimum: one read unit,
 * half of one for an eventually consistent read (the page above). A peak is declared in read units at the consistency
 * its reads use, and the shares here are ratios of what the same read cost unsharded, so the figures hold either way:
 * the words say so, lest a reader take the lint to charge strong consistency.
 */
export const HALF_IF_EVENTUAL = "half of one for an eventually consistent read, as the peak's read units are";
export const AT_LEAST_ONE_READ_UNIT = `at least one read unit (${HALF_IF_EVENTUAL})`;

/** The share of a read's units each of N shards is charged. */
export type ShardShare = (n: number) => number;

/** Each shard is charged 1/N of the read: it holds 1/N of the items and reads only those, or only one shard is read. */
export const ONE_SHARD_IN_N: ShardShare = (n) => 1 / n;
/** Each shard is charged what the unsharded read was: a result of one read unit or less, an item, or a page. */
export const EVERY_SHARD_IN_FULL: ShardShare = () => 1;

/**
 * The share of a read of a key value's whole collection (no page `limit`) each of the N shards it queries is charged:
 * its result's N-th part over the whole, each rounded up to `unitKb` and at least one unit. 1/N where the engine
 * charges no minimum per query (`unitKb` undefined: Cosmos DB, a query is charged for what it loads) or the result size
 * is unknown (`resultKb` undefined: taken to be over N × `unitKb`, so that each shard's part rounds to about 1/N).
 */
export function collectionReadShare(resultKb: number | undefined, unitKb: number | undefined): ShardShare {
  if (unitKb === undefined || resultKb === undefined) return ONE_SHARD_IN_N;
  if (resultKb <= unitKb) return EVERY_SHARD_IN_FULL;
  const units = (kb: number) => Math.max(1, Math.ceil(kb / unitKb));
  return (n) => units(resultKb / n) / units(resultKb);
}

/**
 * Whether a read of `pattern` reads one item of a key value: the value holds one (`collection` false, a DynamoDB table
 * key without a sort key) or the read gives every sort-key attribute (or all of a composite one's parts) by equality,
 * as GetItem gives the full primary key.
 */
export function readsOneItem(space: KeySpace, collection: boolean, pattern: AccessPattern): boolean {
  return space.sortKey.length === 0 ? !collection : space.sortKey.every((a) => givesAttribute(pattern, a));
}

/**
 * The share of a read's units each of the N shards it queries is charged, where it queries every one: all of them
 * where each shard's request reads as much as the unsharded read did, else its part of the whole collection
 * (`collectionReadShare`, `unitKb` the engine's). All of them for a page (`limit`: each shard returns up to a page to be
 * merged), and for one item (`readsOneItem`): on random shards, or without the attribute a calculated shard is hashed
 * on, nothing tells the reader which shard holds it, so it tries each ("Using write sharding to distribute workloads
 * evenly", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-sharding.html), and
 * DynamoDB charges a read of an item that does not exist as one that does, at least one read unit ("Capacity unit
 * consumption for read operations", the page cited above: "If you perform a read operation on an item that doesn't
 * exist, DynamoDB will still consume read throughput").
 */
export function gatheredReadShare(space: KeySpace, collection: boolean, pattern: AccessPattern, unitKb: number | undefined): ShardShare {
  if (pattern.limit !== undefined || readsOneItem(space, collection, pattern)) return EVERY_SHARD_IN_FULL;
  return collectionReadShare(pattern.resultKb, unitKb);
}

/**
 * Whether `share`, the share of a read of `pattern` each shard is charged, divides it 1/N only by taking its undeclared
 * result size (`resultKb`) to be over N × `unitKb` (`collectionReadShare`): a count or a peak that relies on it says so.
 */
export function assumesLargeResult(pattern: AccessPattern, share: ShardShare, unitKb: number | undefined): boolean {
  return share === ONE_SHARD_IN_N && pattern.resultKb === undefined && unitKb !== undefined;
}
