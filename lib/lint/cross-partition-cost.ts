/**
 * What a Cosmos DB container's cross-partition queries are charged beyond their matches, and why SG017 cannot count
 * it. Such a query runs on the index of every physical partition, charged at least about 2.5 RU on each, matching or
 * not ("Query a container", https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container; "Partitioning and
 * horizontal scaling": 2-3 RU for every physical partition). A design declares its reads as RU/s (`peakReadUnits`, each
 * pattern a share of them), not queries a second, so that charge, P × 2.5 RU a query, has no rate to multiply: the
 * finding says what the declared RU/s cover, the most queries a second at that floor, and where to count more.
 */
import { COSMOS_LIMITS } from '../engines';
import type { DesignAnalysis } from './analysis';

export const CROSS_PARTITION_COST_MESSAGES = {
  crossPartitionFloor:
    "; that read peak takes {{crossingPatterns|code}}'s {{crossingRu}} RU/s as declared, but each of those queries misses the partition key and checks the index of all {{crossingPartitions}} physical partitions, at least about {{perPartition}} RU each ({{crossingFloor}} RU a query, matching or not): the declared RU/s cover at most {{crossingQueries}} such queries a second, and the design gives no query rate to count more, so where the application sends more, add {{crossingFloor}} RU for each to peakReadUnits",
} as const;

export type CrossPartitionCostId = keyof typeof CROSS_PARTITION_COST_MESSAGES;

/**
 * The note on a Cosmos DB container of `partitions` physical partitions whose declared queries cross them
 * (`crossPartition`), with its figures, reading `reads` RU/s (the declared read peak); undefined on one partition (a
 * query then checks one index, as a targeted one does) or where no declared read crosses.
 */
export function crossPartitionFloor(
  analysis: DesignAnalysis,
  partitions: number,
  reads: number,
): { readonly ids: readonly CrossPartitionCostId[]; readonly data: Record<string, number | string[]> } | undefined {
  if (partitions < 2) return undefined;
  const { patterns, share } = analysis.crossPartition();
  const crossingRu = share * reads;
  if (patterns.length === 0 || !(crossingRu > 0)) return undefined;
  const perPartition = COSMOS_LIMITS.queryRequestUnitsPerPartition;
  const floor = perPartition * partitions;
  return {
    ids: ['crossPartitionFloor'],
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
