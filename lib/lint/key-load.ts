/**
 * Per-key-space arithmetic the throughput, size and sharding rules share: how hot the hottest
 * value is, and how many shards each need (throughput, size, cardinality) calls for.
 */
import { fullKeyCardinality } from '../design/cardinality';
import type { AccessPattern, KeyDesign, KeySpace } from '../design/key-design';
import { COSMOS_LIMITS, DYNAMODB_LIMITS } from '../design/limits';
import { sameAttribute } from '../design/normalize';
import { hotKeyLoads, shardsForLoads, unitsNeeded, type LoadDimension } from '../design/sharding';

/** Loads of the hottest logical (unsharded) key value. */
export function logicalHotLoads(design: KeyDesign, space: KeySpace): LoadDimension[] {
  const { peakReadUnits, peakWriteUnits, hotKeyShare } = space.workload;
  return hotKeyLoads(design.engine, peakReadUnits * hotKeyShare, peakWriteUnits * hotKeyShare, design.thresholds.headroom);
}

export function shardCount(space: KeySpace): number {
  return space.sharding?.shards ?? 1;
}

/** Usable GB of one logical partition / item collection, or undefined when no size limit applies. */
export function usablePartitionGb(design: KeyDesign): number | undefined {
  if (design.engine === 'cosmosdb') return COSMOS_LIMITS.logicalPartitionGb * design.thresholds.headroom;
  return design.localSecondaryIndexes.length > 0 ? DYNAMODB_LIMITS.itemCollectionGb * design.thresholds.headroom : undefined;
}

export interface ShardNeed {
  /** Shards so the hottest value stays under the usable throughput ceiling (SG003's formula). */
  readonly throughput: number;
  /** Shards so the largest partition stays under the usable size (primary key only). */
  readonly size: number;
  /** Shards so the full key reaches the minimum cardinality (SG001). */
  readonly cardinality: number;
  readonly total: number;
}

export function shardNeed(design: KeyDesign, space: KeySpace): ShardNeed {
  const throughput = shardsForLoads(logicalHotLoads(design, space));
  const usableGb = usablePartitionGb(design);
  const size = space === design.primaryKey && usableGb !== undefined && design.largestPartitionGb !== undefined
    ? unitsNeeded(design.largestPartitionGb, usableGb)
    : 1;
  const keyCardinality = fullKeyCardinality(space.partitionKey);
  const cardinality = keyCardinality < design.thresholds.minCardinality ? unitsNeeded(design.thresholds.minCardinality, keyCardinality) : 1;
  return { throughput, size, cardinality, total: Math.max(throughput, size, cardinality) };
}

/** The key space a query reads: its GSI, else the table's (an LSI shares the table's partition key). */
export function spaceOf(design: KeyDesign, pattern: AccessPattern): KeySpace {
  if (design.engine === 'dynamodb' && pattern.index !== undefined) {
    return design.globalSecondaryIndexes.find((gsi) => gsi.index === pattern.index) ?? design.primaryKey;
  }
  return design.primaryKey;
}

export function patternsOn(design: KeyDesign, space: KeySpace): AccessPattern[] {
  return design.accessPatterns.filter((p) => spaceOf(design, p) === space);
}

export function carries(pattern: { readonly keyAttributes: readonly string[] }, attribute: string): boolean {
  return pattern.keyAttributes.some((a) => sameAttribute(a, attribute));
}

/**
 * The attribute a calculated shard could hash: the sort key, else one that queries carry together
 * with the partition key. Reads for one value of it then hit one shard.
 */
export function calculatedShardCandidate(design: KeyDesign, space: KeySpace): string | undefined {
  if (space.sharding?.sourceAttribute) return space.sharding.sourceAttribute;
  const isKey = (name: string) => space.partitionKey.some((a) => sameAttribute(a.name, name));
  // Reads look up one value of the source; a timestamp is read by range, never by one value.
  const sortKey = space.sortKey.find((a) => !isKey(a.name) && a.kind !== 'time-bucket');
  if (sortKey) return sortKey.name;
  const withKey = patternsOn(design, space).filter((p) => space.partitionKey.every((a) => carries(p, a.name)));
  return withKey.flatMap((p) => p.keyAttributes).find((name) => !isKey(name));
}
