/**
 * The order of a hierarchical (prefix-routed) key that the declared queries ask for, whatever the levels'
 * cardinalities. A query is routed to the partitions of the prefix it gives, and one that gives no first-level value
 * fans out over every physical partition ("Hierarchical partition keys": queries by prefix are routed to the partitions
 * that hold it, those that give only the middle of the hierarchy are cross-partition; "Query a container": a
 * cross-partition query runs once on each physical partition's index). So a key whose first level the queries do not
 * give, where another level first would be given by more of them, is in the wrong order even when its levels ascend by
 * cardinality: `/titleId` (20,000) → `/userId` (5,000,000) read by user is served only by `/userId` → `/titleId`. Azure
 * asks the same of every level, the first included: many values, and a value the workload's requests supply ("Choose
 * your hierarchical partition keys"). SG004 reports the order, SG012 names it as the fix of the queries it strands, and
 * SG003 offers it where it also spreads a hot first-level value.
 */
import { cardinalityValue, fullKeyCardinality } from '../design/cardinality';
import type { AccessPattern, KeyAttribute } from '../design/key-design';
import type { DesignAnalysis, SpaceAnalysis } from './analysis';
import { shortOfGrowthAt } from './growth-left';
import { firstLevelJudgedDesign, reorderedFirstLevel, type ReorderedFirstLevel } from './prefix-ingestion';
import { sortKeyReads } from './queries';
import { orderWithPrefixes, reorderedLevels } from './reorder';

/** The declared queries that cross partitions in one order of the key, and their share of all queries. */
interface Crossing {
  readonly patterns: readonly AccessPattern[];
  readonly share: number;
}

export interface QueryLedOrder {
  /** The levels in the order the queries ask for: the level most of them give first. */
  readonly order: readonly KeyAttribute[];
  /** What the current order sends across partitions, and what this one still would. */
  readonly before: Crossing;
  readonly after: Crossing;
  /** Its first level's hottest value on its physical partition, judged as SG003 judges a first level: it fits. */
  readonly first: ReorderedFirstLevel;
}

/**
 * The order whose first level the declared queries give most, where it sends fewer of them across partitions than the
 * current order (`strictly`), or no more (not `strictly`: a reorder offered for a hot first-level value must not strand
 * a query the current order serves), and its first level's hottest value fits its physical partition (SG003 would not
 * fire on it) with minGrowthHeadroom left, without taking more than maxHotKeyShare (SG014). Undefined otherwise, for a key not routed by prefix, of
 * one level, without declared queries (the order then cannot be judged by them), or whose full key has fewer values
 * than minCardinality (SG001's re-key, which no order replaces).
 */
export function queryLedOrder(analysis: DesignAnalysis, strictly: boolean): QueryLedOrder | undefined {
  const { design } = analysis;
  const levels = design.primaryKey.partitionKey;
  if (analysis.profile.routing !== 'key-prefix' || levels.length < 2 || design.accessPatterns.length === 0) return undefined;
  // A full key of fewer values than minCardinality is SG001's to re-key: no order of its levels is the fix.
  if (fullKeyCardinality(levels) < design.thresholds.minCardinality) return undefined;
  const before = analysis.crossPartition();
  const best = bestFirstLevel(analysis);
  if (best === undefined || best.after.share > before.share + 1e-9 || (strictly && best.after.share >= before.share - 1e-9)) return undefined;
  const order = orderLeadBy(analysis, best.level);
  // Judged as SG003 judges the first level: on the design SG007's fix leaves where it removes declared copies.
  const first = reorderedFirstLevel(firstLevelJudgedDesign(analysis), order);
  if (first === undefined || first.overloaded) return undefined;
  // Nor one whose first level fits with less growth left than minGrowthHeadroom: SG014 would warn of the key it made.
  if (shortOfGrowthAt(design, first.load, first.usable)) return undefined;
  const reordered = reorderedLevels(design, order);
  if ((reordered[0].hotKeyShare ?? 0) > design.thresholds.maxHotKeyShare) return undefined;
  // A figure the reorder cannot place (one below the uniform share of its new prefix) leaves the new key's hottest
  // values to estimates this judgement did not see: no reorder is offered on them.
  if (declaredFigures(reordered) < declaredFigures(levels) || reordered.some((level) => level.hotKeyShare === 0 || level.largestGb === 0)) return undefined;
  return { order, before, after: best.after, first };
}

/**
 * `queryLedOrder` that sends fewer queries across partitions (`strictly`), made once per lint: SG004 reports the order,
 * and SG012 names it as the fix of the queries the current order strands.
 */
export function strictQueryLedOrder(analysis: DesignAnalysis): QueryLedOrder | undefined {
  return analysis.of(analysis.design.primaryKey).once(strictlyLed);
}

const strictlyLed = (a: SpaceAnalysis): QueryLedOrder | undefined => queryLedOrder(a.owner, true);

/** The level other than the first that the declared queries give most, and what would still cross with it first. */
function bestFirstLevel(analysis: DesignAnalysis): { readonly level: KeyAttribute; readonly after: Crossing } | undefined {
  return leastCrossingFirst(analysis, analysis.design.primaryKey.partitionKey.slice(1));
}

/**
 * Of `levels`, the one that first would send the fewest declared queries across partitions, and what would still cross
 * (the first of equals, as listed). A time bucket first takes every current write (SG002's finding), so it is never the
 * level moved first; nor a unique level, under which the levels after it would divide nothing (one document per value).
 */
function leastCrossingFirst<T extends KeyAttribute>(
  analysis: DesignAnalysis,
  levels: readonly T[],
): { readonly level: T; readonly after: Crossing } | undefined {
  const [best] = levels
    .filter((level) => level.kind !== 'time-bucket' && Number.isFinite(cardinalityValue(level.cardinality)))
    .map((level) => ({ level, after: analysis.crossPartition(level.name) }))
    .sort((a, b) => a.after.share - b.after.share);
  return best;
}

/**
 * Whether the declared queries give another level of a hierarchical key more often than its first, whatever the loads:
 * a level added to such a key (a fix that proposes a deeper key) would keep an order SG004 may ask to change.
 */
export function queriesLeadElsewhere(analysis: DesignAnalysis): boolean {
  if (analysis.profile.routing !== 'key-prefix' || analysis.design.accessPatterns.length === 0) return false;
  const best = bestFirstLevel(analysis);
  return best !== undefined && best.after.share < analysis.crossPartition().share - 1e-9;
}

/**
 * The levels with `lead` first, then in the order the queries' given levels lead (each query's set a prefix, where
 * their sets nest), else as declared: the order moves as little as the queries allow.
 */
function orderLeadBy(analysis: DesignAnalysis, lead: KeyAttribute): KeyAttribute[] {
  const levels = analysis.design.primaryKey.partitionKey;
  const sets = sortKeyReads(levels, analysis.design.accessPatterns).map((read) => read.equal);
  const byQueries = orderWithPrefixes(levels, sets);
  if (byQueries !== undefined && byQueries[0] === lead) return byQueries;
  return [lead, ...levels.filter((level) => level !== lead)];
}

/** How many hottest-value figures (`hotKeyShare`, `largestGb`) the levels declare. */
function declaredFigures(levels: readonly KeyAttribute[]): number {
  return levels.reduce((n, level) => n + (level.hotKeyShare !== undefined ? 1 : 0) + (level.largestGb !== undefined ? 1 : 0), 0);
}

/**
 * `order` with the level the declared queries give most moved first, where they give it more often than `order`'s
 * first (a reorder another rule proposes, such as SG002's time bucket moved back, then keeps them routed by prefix and
 * draws no SG004 of its own); `order` itself otherwise. Never a time bucket or a unique level first.
 */
export function withQueriedLevelFirst<T extends KeyAttribute>(analysis: DesignAnalysis, order: readonly T[]): readonly T[] {
  if (analysis.profile.routing !== 'key-prefix' || analysis.design.accessPatterns.length === 0 || order.length < 2) return order;
  const best = leastCrossingFirst(analysis, order);
  if (best === undefined || best.after.share >= analysis.crossPartition(order[0].name).share - 1e-9) return order;
  return [best.level, ...order.filter((level) => level !== best.level)];
}
