/**
 * How write shards divide the reads of a key value holding many items, on an engine that charges every query request
 * at least a minimum (the profile's `queryCharge`: DynamoDB one read unit per 4 KB; Cosmos DB about 2.5 RU, then about
 * 1 RU per KB).
 *
 * A read of a random-sharded value, or of a calculated-sharded one without the attribute its shard is hashed on, must
 * query every shard and merge the results ("Using write sharding to distribute workloads evenly"). Each shard's Query
 * is charged as lib/design/gathered-read-share.ts says (`gatheredReadShare`, the one accounting SG017 and
 * `shardsFor()` use too). A read of one item (GetItem's full key, `pointReads`) tries every shard, as nothing tells the
 * reader which holds it, and each try is charged at least one read unit, found or not ("Capacity unit consumption for
 * read operations"): every shard is charged it in full. A read of the whole collection (no `limit`) spreads 1/N, as
 * a read of many items always did here, unless its pattern declares its size (`resultKb`): then each shard is charged
 * ⌈size ÷ N ÷ 4 KB⌉ of the ⌈size ÷ 4 KB⌉ units it cost unsharded (a result of 4 KB or less, none spared). A fix that
 * relies on the 1/N names that assumption (`assumed`). Reads of a page (`limit`) never come here: each shard's Query must return up to `limit`
 * items for the page to be merged, so each is charged what the unsharded read was (`SpaceAnalysis.pagedReads`).
 *
 * A read that finds one shard is divided 1/N with no assumption: it wants any item (`wants: "any"`), it gives the
 * attribute a calculated shard is hashed on (the declared sharding's, else the one a fix would calculate it on,
 * `SpaceAnalysis.readSource`, judged again by the plan at the count it needs, so that the count a fix writes is the one
 * the next lint judges), or it names no one value of the key. Reads no pattern
 * declares are divided 1/N as before. Replicated copies are read one copy at a time (storedKeyLoads), so none of this
 * applies to them. On Cosmos DB alike: a read of `resultKb` costs each shard max(2.5, resultKb ÷ N) RU of the
 * max(2.5, resultKb) it cost unsharded (all of it at 2.5 KB or less), as SG017 counts the fan-out on the container's
 * RU/s (read-requests.ts), which the plan's count judges its neighbours by (`SpaceAnalysis.chargedAt`).
 */
import {
  assumesLargeResult,
  EVERY_SHARD_IN_FULL,
  gatheredReadShare,
  ONE_SHARD_IN_N,
  readsOneItem,
  type QueryCharge,
  type ShardShare,
} from '../design/gathered-read-share';
import type { AccessPattern, KeySpace } from '../design/key-design';
import type { ReadSpread } from '../design/sharding';
import { carries, readsWholeKey } from './queries';

/** How the shards divide the hottest value's reads (`spread`), the reads that every shard is charged in full, and those
 *  divided 1/N only by assumption. */
export interface GatheredReads {
  readonly spread: ReadSpread;
  /** The declared patterns whose reads query every shard and declare a result of at most 4 KB (`resultKb`), which
   *  every shard is charged in full; undefined where there are none. */
  readonly unspread?: readonly string[];
  /** The declared patterns that read one item of the value (GetItem's full key) and query every shard for it, which
   *  every shard is charged in full: nothing tells the reader which shard holds the item; undefined where there are none. */
  readonly pointReads?: readonly string[];
  /** The declared patterns whose reads query every shard and declare a result over 4 KB (`resultKb`): a range of the
   *  value's items, not one, each shard charged at least one of the read units the unsharded read cost, whatever the
   *  count; undefined where there are none. */
  readonly leastCharged?: readonly string[];
  /** The declared patterns whose reads query every shard and declare no result size: divided 1/N on the assumption that
   *  each read returns over N × 4 KB. */
  readonly assumed: readonly string[];
  /** `spread` were those assumed reads each under 4 KB (every shard charged in full): what a fix relies on, judged. */
  readonly spreadIfSmall: ReadSpread;
}

/** One part of a key value's reads: its weight among them, and the share of it each of N shards is charged. */
interface ReadPart {
  readonly weight: number;
  readonly perShard: ShardShare;
}

/** Shares that add up to 1 within rounding leave no reads undeclared. */
const SHARE_TOLERANCE = 1e-9;

/** What decides how a gathered read is charged: the engine's `queryCharge`, and the attribute a calculated shard is
 *  hashed on (declared, or the one a fix would calculate it on: `spreadingShardSource`), which a read giving it finds
 *  its one shard by. */
export interface ReadCharges {
  readonly charge: QueryCharge | undefined;
  readonly source: string | undefined;
}

/**
 * How write shards divide the reads of `space`'s hottest value where each key value holds many items, none read a
 * page at a time (those every shard serves in full, `SpaceAnalysis.pagedReads`): `patterns`, the access patterns on
 * the key space, `spaceShare` the share of all queries that reads it (`DesignAnalysis.readShareOf`).
 */
export function gatheredReads(space: KeySpace, patterns: readonly AccessPattern[], spaceShare: number, charges: ReadCharges): GatheredReads {
  const { charge, source } = charges;
  if (charge === undefined || !(spaceShare > 0)) return { spread: true, assumed: [], spreadIfSmall: true };
  // Each pattern's reads of the value, and the share of them each shard is charged: 1/N where a read finds one shard;
  // else as every gathered read is charged (`gatheredReadShare`, which SG017 uses too), in full for one item, which a
  // read must try on every shard, else its part of the whole collection (the value holds many items here).
  const charged = patterns.map((pattern) => {
    const gathered = gathers(space, pattern, source);
    return { pattern, gathered, perShard: gathered ? gatheredReadShare(space, true, pattern, charge) : ONE_SHARD_IN_N };
  });
  const assumed = charged.filter((read) => read.gathered && assumesLargeResult(read.pattern, read.perShard, charge)).map((read) => read.pattern);
  const inFull = charged.filter((read) => read.perShard === EVERY_SHARD_IN_FULL).map((read) => read.pattern);
  const pointReads = inFull.filter((p) => readsOneItem(space, true, p)).map((p) => p.name);
  const unspread = inFull.filter((p) => !readsOneItem(space, true, p)).map((p) => p.name);
  // Neither 1/N nor in full: a gathered read of a declared size, whose least charge each shard pays.
  const leastCharged = charged
    .filter((read) => read.gathered && read.perShard !== EVERY_SHARD_IN_FULL && read.perShard !== ONE_SHARD_IN_N)
    .map((read) => read.pattern.name);
  // The parts of the value's reads; `small`: the assumed reads taken as under 4 KB each, every shard charged in full.
  const partsOf = (small: boolean): ReadPart[] => {
    const declared = charged.map((read) => ({
      weight: read.pattern.share / spaceShare,
      perShard: small && assumed.includes(read.pattern) ? EVERY_SHARD_IN_FULL : read.perShard,
    }));
    const undeclared = Math.max(0, 1 - declared.reduce((sum, part) => sum + part.weight, 0));
    // Reads no pattern declares are divided 1/N, as before.
    return undeclared > SHARE_TOLERANCE ? [...declared, { weight: undeclared, perShard: ONE_SHARD_IN_N }] : declared;
  };
  return {
    spread: spreadOver(partsOf(false)),
    ...(unspread.length > 0 ? { unspread } : {}),
    ...(pointReads.length > 0 ? { pointReads } : {}),
    ...(leastCharged.length > 0 ? { leastCharged } : {}),
    assumed: assumed.map((p) => p.name),
    spreadIfSmall: spreadOver(partsOf(true)),
  };
}

/** All 1/N: true; every read charged in full: false; else the share each of N shards is charged. */
function spreadOver(parts: readonly ReadPart[]): ReadSpread {
  if (parts.every((part) => part.perShard === ONE_SHARD_IN_N || part.weight === 0)) return true;
  if (parts.every((part) => part.perShard === EVERY_SHARD_IN_FULL || part.weight === 0)) return false;
  return shareOver(parts);
}

/** The share of the value's reads each of N shards is charged, over every part. */
function shareOver(parts: readonly ReadPart[]): ShardShare {
  return (n) => parts.reduce((sum, part) => sum + part.weight * part.perShard(n), 0);
}

/** Whether a read of `pattern` queries every shard of the value: it wants every item of it, without the attribute
 *  (`source`) a calculated shard is hashed on. */
function gathers(space: KeySpace, pattern: AccessPattern, source: string | undefined): boolean {
  return pattern.wants !== 'any' && readsWholeKey(space, pattern) && !(source !== undefined && carries(pattern, source));
}
