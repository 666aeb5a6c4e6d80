/**
 * The index reads a table's new in-place write sharding leaves seeing one shard. An index holding the table's
 * partition-key attribute as stored (design/held-table-key.ts) holds its suffixed values too (`eventId#0`…), so each of
 * its queries that gives the plain value and not the shard's source finds none of the sharded value's entries, unless
 * it queries every suffix and merges the results (AWS, "Using write sharding to distribute workloads evenly"): SG009's
 * finding once the sharding is declared, so the fix that declares it sets their `fanOut` with it.
 */
import { holdsTableKeyAsStored } from '../design/held-table-key';
import type { AccessPattern, KeyDesign, KeySpace } from '../design/key-design';
import type { DesignAnalysis, SpaceAnalysis } from './analysis';
import { needsEveryShard } from './queries';

export const HELD_INDEX_READS_MESSAGES = {
  setHeldIndexFanOut:
    "; index {{heldIndexes|code}} is keyed by {{tableKey|code}} as the table stores it, so its entries for a sharded value carry the same suffixes and a query that gives the plain value finds none of them: set fanOut on {{heldIndexFanOutPatterns|code}} too, querying the index for every shard's key (shardedKey(sharding).readKeys(key)) and merging the results, or key the index by an attribute the application writes with the plain value (a new index: the table's key holds the shard in its own value, so no separate shard attribute of the table keeps it plain)",
} as const;

/** Whether `space`, an index, holds the table's partition-key attribute as stored (held-table-key.ts). */
export function holdsTableKey(design: KeyDesign, space: KeySpace): boolean {
  const tableKey = design.primaryKey.partitionKey;
  if (space === design.primaryKey || space.index === undefined || tableKey.length !== 1) return false;
  return holdsTableKeyAsStored(space.partitionKey, space.sharding, tableKey[0].name);
}

/** The indexes that hold the table's partition-key attribute as stored (`holdsTableKey`). */
export function holdingIndexes(analysis: DesignAnalysis): SpaceAnalysis[] {
  return analysis.spaces.filter((index) => holdsTableKey(analysis.design, index.space));
}

/**
 * The patterns on indexes holding the table's key that a new sharding of the table's own key by `strategy` (on
 * `source`) leaves reading one shard: none fans out yet, and each gives the whole index key without the source. Empty
 * for an index's own fix, and where the table's key is sharded already (SG009 judges those reads).
 */
export function heldIndexFanOut(analysis: SpaceAnalysis, strategy: 'random' | 'calculated', source: string | undefined): AccessPattern[] {
  const { design, space, owner } = analysis;
  if (space !== design.primaryKey || space.sharding !== undefined) return [];
  return holdingIndexes(owner).flatMap((index) => owner.patternsOn(index.space).filter((p) => !p.fanOut && needsEveryShard(index.space, p, strategy, source)));
}

/** The figures `setHeldIndexFanOut` names: the indexes, the table's key, and the patterns that fan out on them. */
export function heldIndexData(analysis: SpaceAnalysis, patterns: readonly AccessPattern[]): Record<string, string | string[]> {
  return {
    heldIndexes: [...new Set(patterns.map((p) => p.index as string))],
    tableKey: analysis.design.primaryKey.partitionKey[0].name,
    heldIndexFanOutPatterns: patterns.map((p) => p.name),
  };
}
