/**
 * Whether a fix that shards a key anew shards its hottest value alone (`sharding.hotValues: 1`, hot-values.ts) or every
 * value, known without the key space's plan: the analysis charges a count's fan-out with it (`SpaceAnalysis.chargedAt`)
 * while the plan that picks the count is being made, and only the sharded values' reads fan out (read-requests.ts).
 * Takes what it reads of the analysis, so the analysis can import it (hot-values.ts imports the analysis).
 */
import type { KeySpace } from '../design/key-design';
import { looksLikeGeoCell, looksLikeTrendingCategory } from '../design/key-names';
import { allFit, type Loads } from '../design/sharding';
import type { LoadDimension } from '../engines';
import { restLoads, type ValueLoads } from './rest-loads';

/** What the choice reads of a key space's analysis (`SpaceAnalysis` has it). */
export interface HotValueChoice extends ValueLoads {
  readonly space: KeySpace;
  /** The hottest value's writes are one table item's (`SpaceAnalysis.inherited`). */
  readonly inherited?: unknown;
  /** The shards the largest partition's size needs (`SpaceAnalysis.sizeNeed`). */
  readonly sizeNeed: number;
  /** The ceilings a value of `loads` meets stored unsharded beside its own neighbours (`SpaceAnalysis.valueDimensions`). */
  valueDimensions(loads: Loads): LoadDimension[];
}

/**
 * Why the key's hottest value moves, so a fix shards every value rather than the hottest alone: a key not yet sharded,
 * whose `components` declare a time bucket (`labelId` + `yyyyMM`: the hot value is this month's, a new one each month,
 * `everyValueMovesBucket`), named like a category that trends (`hashtag`, `topic`: `everyValueMoves`) or like a geospatial cell (`geohash`, `h3Index`:
 * `everyValueMovesGeo`; key-names.ts), or declared so (`workload.hotKeyMoves: true`, `everyValueMovesDeclared`: which
 * value is hot is not known ahead, an alert storm at whichever site alerts). Without that field the design declares the hottest value's share, not which value it is; a trending
 * one changes (the hourly hashtag), a hot cell moves with the crowd and is one of several, and a configured list of hot
 * values would trail them, each value listed late keeping its unsharded items. AWS shards where the writes concentrate
 * ("Using write sharding to distribute workloads evenly"): where that moves, every value; for map cells it chooses the
 * precision by how densely the locations fall, a balance between the cells a search covers and the items in each
 * (AWS Compute Blog, "Implementing geohashing at scale in serverless web applications", "Choosing geohashing precision",
 * https://aws.amazon.com/blogs/compute/implementing-geohashing-at-scale-in-serverless-web-applications/; rule sources
 * take AWS and Azure documentation and the database blog only): the alternative the geo clause names. A key the design already shards for its hottest values (`hotValues`) keeps the
 * choice it declares. Undefined where the hottest value is not taken to move.
 */
export function movingHotValue({
  space,
}: Pick<HotValueChoice, 'space'>): 'everyValueMovesDeclared' | 'everyValueMoves' | 'everyValueMovesGeo' | 'everyValueMovesBucket' | undefined {
  const [key] = space.partitionKey;
  if (space.sharding !== undefined || space.partitionKey.length !== 1) return undefined;
  // Declared (`workload.hotKeyMoves`): the team knows any value can be the hot one (an alert storm at whichever site).
  if (space.workload.hotKeyMovesAt !== undefined) return 'everyValueMovesDeclared';
  // Declared, not guessed: a time-bucket component (`labelId` + `yyyyMM`) makes the hot value the current bucket's.
  if (key.components.some((part) => part.kind === 'time-bucket')) return 'everyValueMovesBucket';
  if (looksLikeTrendingCategory(key.name)) return 'everyValueMoves';
  return looksLikeGeoCell(key.name) ? 'everyValueMovesGeo' : undefined;
}

/**
 * Whether the key space qualifies for a sharding of its hottest value alone, its plan aside (a write sharding, which
 * hot-values.ts checks): a one-attribute key that is no time bucket, whose hottest value's share is declared, whose
 * writes are not one table item's, whose shards are not for the largest value's size (`sizeNeed`), and not declared
 * sharded whole already.
 */
export function mayShardHotValueAlone(a: HotValueChoice, sizeNeed: number): boolean {
  const { space } = a;
  if (space.partitionKey.length !== 1 || space.partitionKey[0].kind === 'time-bucket') return false;
  if (space.workload.hotKeyShareSource !== 'declared' || a.inherited !== undefined || sizeNeed > 1) return false;
  return space.sharding === undefined || space.sharding.hotValues !== undefined;
}

/**
 * The `sharding.hotValues` a write-sharding fix of a key not yet sharded into shards of `shard`'s loads declares: 1
 * where the key qualifies, its hottest value does not move, and its next hottest value (an even part of the rest,
 * `restLoads`) is no heavier than one shard or fits unsharded on the partitions the design declares; undefined where the
 * fix shards every value. The fix judges the next hottest value on the partitions it makes (hot-values.ts,
 * `proposedHotValues`), a raise it leads with among them.
 */
export function newShardingHotValues(a: HotValueChoice, shard: Loads): number | undefined {
  if (a.space.sharding !== undefined || !mayShardHotValueAlone(a, a.sizeNeed) || movingHotValue(a) !== undefined) return undefined;
  const rest = restLoads(a);
  if (rest === undefined) return undefined;
  if (rest.reads <= 0 && rest.writes <= 0) return 1;
  // No heavier than one of the hottest value's shards (`shard`): on whatever partitions that shard fits, beside the same
  // neighbours, the next hottest value fits unsharded too, which is how the fix judges it there (a raise it leads with).
  if (rest.reads <= shard.reads && rest.writes <= shard.writes) return 1;
  return allFit(a.valueDimensions(rest)) ? 1 : undefined;
}
