/**
 * How write shards divide the reads of a key value holding many items, on an engine that charges every query request
 * at least one read unit (DynamoDB, the profile's `queryReadUnitKb`).
 *
 * A read of a random-sharded value, or of a calculated-sharded one without the attribute its shard is hashed on, must
 * query every shard and merge the results ("Using write sharding to distribute workloads evenly"). DynamoDB charges
 * each Query its items' sizes summed, rounded up to the next 4 KB, and at least one read unit, per request ("Capacity
 * unit consumption for read operations"): a read whose result is under 4 KB costs one unit unsharded and one unit on
 * each of N shards, so the shards take none of its units off the value's partition; a larger one costs each shard
 * ⌈size ÷ N ÷ 4 KB⌉. Only the result size a pattern declares (`resultKb`) spreads a gathered read; where none is
 * declared, the read is taken to cost each shard what it cost unsharded (the safe reading: the shards relieve nothing).
 * Reads no pattern declares are taken as gathered too: a read of a write-sharded value queries its shards.
 *
 * A read that finds one shard is divided as before: it wants any item (`wants: "any"`), it gives the attribute a
 * calculated shard is hashed on (declared, else the one a fix would calculate it on, `spreadingShardSource`, so that
 * the count a fix writes is the one the next lint judges), or it names no one value of the key. Replicated copies are read one copy at a time
 * (storedKeyLoads), so none of this applies to them. Cosmos DB documents no such minimum per query (a query is
 * charged for what it loads, "Optimize request cost"), so there the shards divide the reads as the items they hold.
 */
import type { AccessPattern, KeySpace } from '../design/key-design';
import type { ReadSpread } from '../design/sharding';
import { carries, readsWholeKey } from './queries';

/** How the shards divide the hottest value's reads (`spread`), and the reads that every shard is charged in full. */
export interface GatheredReads {
  readonly spread: ReadSpread;
  /** The declared patterns whose reads query every shard and declare no result size that spreads them (`resultKb`):
   *  empty where only reads no pattern declares are so; undefined where no read is charged every shard in full. */
  readonly unspread?: readonly string[];
}

/** One part of a key value's reads: its weight among them, and the share of it each of N shards is charged. */
interface ReadPart {
  readonly weight: number;
  readonly perShard: (n: number) => number;
}

/** Shares that add up to 1 within rounding leave no reads undeclared. */
const SHARE_TOLERANCE = 1e-9;
const oneShard = (n: number) => 1 / n;
const everyShard = () => 1;

/** What decides how a gathered read is charged: the engine's `queryReadUnitKb`, and the attribute a calculated shard is
 *  hashed on (declared, or the one a fix would calculate it on: `spreadingShardSource`), which a read giving it finds
 *  its one shard by. */
export interface ReadCharges {
  readonly unitKb: number | undefined;
  readonly source: string | undefined;
}

/**
 * How write shards divide the reads of `space`'s hottest value where each key value holds many items, none read a
 * page at a time (those every shard serves in full, `SpaceAnalysis.pagedReads`): `patterns`, the access patterns on
 * the key space, `spaceShare` the share of all queries that reads it (`DesignAnalysis.readShareOf`).
 */
export function gatheredReads(space: KeySpace, patterns: readonly AccessPattern[], spaceShare: number, charges: ReadCharges): GatheredReads {
  const { unitKb, source } = charges;
  if (unitKb === undefined || !(spaceShare > 0)) return { spread: true };
  const declared = patterns.map((p) => ({ name: p.name, weight: p.share / spaceShare, perShard: perShardOf(space, p, source, unitKb) }));
  const undeclared = Math.max(0, 1 - declared.reduce((sum, part) => sum + part.weight, 0));
  const parts: ReadPart[] = undeclared > SHARE_TOLERANCE ? [...declared, { weight: undeclared, perShard: everyShard }] : declared;
  const unspread = declared.filter((part) => part.perShard === everyShard).map((part) => part.name);
  if (unspread.length === 0 && undeclared <= SHARE_TOLERANCE) return { spread: parts.every((part) => part.perShard === oneShard) || shareOver(parts) };
  const spread = parts.every((part) => part.perShard === everyShard || part.weight === 0) ? false : shareOver(parts);
  return { spread, unspread };
}

/** The share of the value's reads each of N shards is charged, over every part. */
function shareOver(parts: readonly ReadPart[]): (n: number) => number {
  return (n) => parts.reduce((sum, part) => sum + part.weight * part.perShard(n), 0);
}

/**
 * The share of one pattern's reads of the value each of N shards is charged: 1/N where a read finds one shard (by
 * `source`, a calculated shard's), else (gathered) the units of its result's N-th part over the units of the whole, each rounded up to `unitKb` and at least
 * one; every shard in full where it declares no result size.
 */
function perShardOf(space: KeySpace, pattern: AccessPattern, source: string | undefined, unitKb: number): (n: number) => number {
  if (pattern.wants === 'any' || !readsWholeKey(space, pattern) || (source !== undefined && carries(pattern, source))) return oneShard;
  const size = pattern.resultKb;
  if (size === undefined || size <= unitKb) return everyShard;
  const units = (kb: number) => Math.max(1, Math.ceil(kb / unitKb));
  return (n) => units(size / n) / units(size);
}
