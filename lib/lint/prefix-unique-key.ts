/**
 * SG003's flat key for a hot first level of a hierarchical key: the container keyed by its last level alone, where that
 * level is unique and every declared query that is routed by the key today gives it too (point reads by the full key).
 * Each of its values belongs to one value of every business level above it (levels nest), so keyed by it a logical
 * partition holds what it held before, and the hottest first-level value's reads and writes spread over every
 * physical partition by hash. Azure asks every level, the first included, for a high cardinality: a first level of few
 * values keeps each one's operations on one physical partition until it holds 50 GB
 * (https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys); and a key with a wide range of values
 * that the requests give (https://learn.microsoft.com/azure/cosmos-db/partitioning-overview). Not the levels reordered
 * with it first: under a unique first level the levels after it divide nothing (SG002's `uniqueFirstWhy`). SG004's
 * query-led reorder (`queryLedOrder`) never puts a unique level first, so without this lever a key whose reads all carry
 * its id was offered only a raise with a synthetic bucketed level. Like any new key, a new container and a copy of every document.
 */
import type { KeyAttribute } from '../design/key-design';
import { withKeyLevels } from '../design/normalize-container';
import { DesignAnalysis } from './analysis';
import { firstLevelJudgedDesign } from './prefix-ingestion';
import { reorderedLevels } from './reorder';
import { dominantAfterReorder } from './reorder-dominant';

/**
 * The key by the last level alone, where that level is unique and every declared query the current order routes to its
 * partitions gives it too (none comes to cross partitions): its values are the full key's, one logical partition each
 * as before. Only where the key so made lints clean of what a key change can draw: on the design a re-lint of the edited
 * file reads (`withKeyLevels`, SG007's removable copies left out as SG003 judges the first level), its hottest value is
 * within its ceilings and needs no shards for load or size (SG003, SG006), and it takes no more than maxHotKeyShare
 * (SG014's own check). Undefined for a key not routed by prefix, of one level, without declared queries, or without such
 * a level.
 */
export function uniqueLevelKey(analysis: DesignAnalysis): readonly KeyAttribute[] | undefined {
  const { design } = analysis;
  const levels = design.primaryKey.partitionKey;
  if (analysis.profile.routing !== 'key-prefix' || levels.length < 2 || design.accessPatterns.length === 0) return undefined;
  const unique = levels[levels.length - 1];
  if (unique.kind === 'time-bucket' || unique.cardinality !== 'unique') return undefined;
  // Each query the key routes today stays routed (not a smaller share that crosses: a query stranded is a query stranded).
  const crossingNow = new Set(analysis.crossPartition().patterns);
  if (analysis.crossPartition(unique.name).patterns.some((p) => !crossingNow.has(p))) return undefined;
  const order = [unique];
  const judged = firstLevelJudgedDesign(analysis);
  const rekeyed = withKeyLevels(judged, reorderedLevels(judged, order));
  const key = new DesignAnalysis(rekeyed, analysis.rulesOff).of(rekeyed.primaryKey);
  if (key.over.length > 0 || key.plan.layout !== 'none' || dominantAfterReorder(design, analysis, order) !== undefined) return undefined;
  return order;
}
