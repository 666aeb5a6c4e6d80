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
 *
 * Cosmos DB charges a query at least about 2.5 RU on each physical partition whose index it checks, matching or not
 * ("Query an Azure Cosmos DB container", https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container), and
 * a shard's query gives its full key, so it checks one: a read of `resultKb` costs each of N shards about
 * max(2.5, resultKb ÷ N) RU of the max(2.5, resultKb) it cost unsharded, at 1 RU per KB loaded. Azure gives no per-KB
 * charge for a query (it depends on the documents loaded, the index lookups and the compilation, "Optimize request
 * cost", https://learn.microsoft.com/azure/cosmos-db/optimize-cost-reads-writes); its one per-KB figure is a point read's,
 * 1 RU for a 1 KB item ("Request Units in Azure Cosmos DB", https://learn.microsoft.com/azure/cosmos-db/request-units),
 * taken here for a query's documents of about that size. Larger documents cost less per KB (a 100 KB point read is
 * 10 RU), so for them the share counted here is the least the floor adds. The engine's profile holds these figures
 * (`QueryCharge`).
 */

import { givesAttribute, type AccessPattern, type KeySpace } from './key-design';

/** What an engine charges one query request for what it loads, in the units its read peak is declared in. */
export interface QueryCharge {
  /** KB one unit of the charge covers: DynamoDB 4 (a read unit), Cosmos DB 1 (1 RU, a point read's 1 KB item). */
  readonly kbPerUnit: number;
  /** The least units a request is charged, whatever it loads: DynamoDB 1 read unit, Cosmos DB about 2.5 RU (one
   *  physical partition's index checked). */
  readonly minimumUnits: number;
  /** Whether what a request loads is rounded up to whole units (DynamoDB: to the next 4 KB). */
  readonly wholeUnits: boolean;
  /** The share of the charge an eventually consistent read pays, where the engine prices it apart (DynamoDB: one-half
   *  of a read unit per 4 KB, the page above): a peak declared in read units holds either kind, so a text naming a
   *  least charge names both.
   *  @default - undefined: the engine charges a request the same at any consistency the peak's units are declared at */
  readonly eventuallyConsistentShare?: number;
}

/** A charge of whole units of `unitKb`, at least one per request (DynamoDB's Query, the page above), an eventually
 *  consistent read paying `eventuallyConsistentShare` of it. */
export function wholeUnitCharge(unitKb: number, eventuallyConsistentShare?: number): QueryCharge {
  return Object.assign({ kbPerUnit: unitKb, minimumUnits: 1, wholeUnits: true }, eventuallyConsistentShare === undefined ? {} : { eventuallyConsistentShare });
}

/** The units a request loading `kb` is charged under `charge`. */
export function queryUnits(kb: number, charge: QueryCharge): number {
  const units = kb / charge.kbPerUnit;
  return Math.max(charge.minimumUnits, charge.wholeUnits ? Math.ceil(units) : units);
}

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
 * what its result's N-th part is charged over what the whole was (`queryUnits`: rounded up to whole units where the
 * engine rounds, and at least its minimum). 1/N where no charge is given (`charge` undefined) or the result size is
 * unknown (`resultKb` undefined: taken to be over N times what the minimum covers, so each shard's part is about 1/N).
 */
export function collectionReadShare(resultKb: number | undefined, charge: QueryCharge | undefined): ShardShare {
  if (charge === undefined || resultKb === undefined) return ONE_SHARD_IN_N;
  const whole = queryUnits(resultKb, charge);
  if (whole <= charge.minimumUnits) return EVERY_SHARD_IN_FULL;
  return (n) => queryUnits(resultKb / n, charge) / whole;
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
 * (`collectionReadShare`, `charge` the engine's). All of them for a page (`limit`: each shard returns up to a page to be
 * merged), and for one item (`readsOneItem`): on random shards, or without the attribute a calculated shard is hashed
 * on, nothing tells the reader which shard holds it, so it tries each ("Using write sharding to distribute workloads
 * evenly", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-sharding.html), and
 * DynamoDB charges a read of an item that does not exist as one that does, at least one read unit ("Capacity unit
 * consumption for read operations", the page cited above: "If you perform a read operation on an item that doesn't
 * exist, DynamoDB will still consume read throughput").
 */
export function gatheredReadShare(space: KeySpace, collection: boolean, pattern: AccessPattern, charge: QueryCharge | undefined): ShardShare {
  if (pattern.limit !== undefined || readsOneItem(space, collection, pattern)) return EVERY_SHARD_IN_FULL;
  return collectionReadShare(pattern.resultKb, charge);
}

/**
 * Whether `share`, the share of a read of `pattern` each shard is charged, divides it 1/N only by taking its undeclared
 * result size (`resultKb`) to be over N times what `charge`'s minimum covers (`collectionReadShare`): a count or a peak
 * that relies on it says so.
 */
export function assumesLargeResult(pattern: AccessPattern, share: ShardShare, charge: QueryCharge | undefined): boolean {
  return share === ONE_SHARD_IN_N && pattern.resultKb === undefined && charge !== undefined;
}
