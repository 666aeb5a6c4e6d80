/**
 * What a Cosmos DB container's cross-partition queries are charged beyond their matches, and why SG017 cannot count
 * it. Such a query runs on the index of every physical partition, charged at least about 2.5 RU on each, matching or
 * not ("Query a container", https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container; "Partitioning and
 * horizontal scaling": 2-3 RU for every physical partition). A design declares its reads as RU/s (`peakReadUnits`, each
 * pattern a share of them), not queries a second, so that charge, P × 2.5 RU a query, has no rate to multiply: the
 * finding says what the declared RU/s cover, the most queries a second at that floor, and where to count more. SG012,
 * which judges those queries, says the same of them.
 */
import { COSMOS_LIMITS } from '../engines';
import type { DesignAnalysis } from './analysis';

/**
 * What each query checking the physical partitions `partitions` says is charged, and what the declared RU/s cover, its
 * figures under the data names `floor` (RU a query) and `queries` (a second): said of cross-partition queries and of a
 * spanning first-level value's prefix queries (SG012's prefix-query-span.ts) alike.
 */
export function perPartitionFloor(partitions: string, floor: string, queries: string): string {
  return `checks the index of ${partitions} physical partitions, at least about {{perPartition}} RU each ({{${floor}}} RU a query, matching or not): the declared RU/s cover at most {{${queries}}} such queries a second, and the design gives no query rate to count more, so where the application sends more, add {{${floor}}} RU for each to peakReadUnits`;
}

/** What each cross-partition query is charged, said the same by SG017 (of its read peak) and SG012 (of its queries). */
const PER_PARTITION_FLOOR = perPartitionFloor('all {{crossingPartitions}}', 'crossingFloor', 'crossingQueries');

export const CROSS_PARTITION_COST_MESSAGES = {
  // SG017: appended to the read peak it judges.
  crossPartitionFloor: `; that read peak takes {{crossingPatterns|code}}'s {{crossingRu}} RU/s as declared, but each of those queries misses the partition key and ${PER_PARTITION_FLOOR}`,
  // SG012: appended to the share of queries that miss the key.
  crossPartitionQueryFloor: `; the queries of {{crossingPatterns|code}} take {{crossingRu}} RU/s of the declared read peak, and each of them ${PER_PARTITION_FLOOR}`,
} as const;

export type CrossPartitionCostId = keyof typeof CROSS_PARTITION_COST_MESSAGES;

/**
 * The note on a Cosmos DB container of `partitions` physical partitions whose declared queries cross them
 * (`crossPartition`), with its figures, reading `reads` RU/s (the declared read peak) and said by the note `id`; undefined
 * on one partition (a query then checks one index, as a targeted one does) or where no declared read crosses.
 */
export function crossPartitionFloor(
  analysis: DesignAnalysis,
  partitions: number,
  reads: number,
  id: CrossPartitionCostId = 'crossPartitionFloor',
): { readonly ids: readonly CrossPartitionCostId[]; readonly data: Record<string, number | string[]> } | undefined {
  if (partitions < 2) return undefined;
  const { patterns, share } = analysis.crossPartition();
  const crossingRu = share * reads;
  if (patterns.length === 0 || !(crossingRu > 0)) return undefined;
  const perPartition = COSMOS_LIMITS.queryRequestUnitsPerPartition;
  const floor = perPartition * partitions;
  return {
    ids: [id],
    data: {
      crossingPatterns: patterns.map((p) => p.name),
      crossingRu,
      crossingPartitions: partitions,
      perPartition,
      crossingFloor: floor,
      crossingQueries: crossingRu / floor,
    },
  };
}
