/** Azure Cosmos DB for NoSQL: what the rules need to know about it. */
import type { CosmosKeyDesign } from '../design/key-design';
import type { EngineProfile, LoadDimension, PhysicalPartitions, PhysicalShare } from './profile';

const NO_LOCAL_INDEXES = [] as const;

/**
 * Vendor ceilings. The logical-partition limits are hard, not adjustable: no container throughput
 * lifts the load one full key value can take.
 */
export const COSMOS_LIMITS = {
  /** Request units per second one logical partition (one full key value) serves: hard, not
   *  adjustable. Source: Azure Cosmos DB docs, "Partitioning and horizontal scaling". */
  logicalPartitionRequestUnits: 10_000,
  /** Storage of one logical partition: 20 GB, hard (same source). */
  logicalPartitionGb: 20,
  /** A hierarchical partition key has at most 3 levels (`MultiHash`, version 2).
   *  Source: Azure Cosmos DB docs, "Hierarchical partition keys". */
  hierarchyLevels: 3,
  /** RU/s one physical partition serves: a container gets one per 10,000 RU/s, and its throughput is
   *  divided evenly among them ("Partitioning and horizontal scaling"; "Service quotas"). */
  physicalPartitionRequestUnits: 10_000,
  /** Storage of one physical partition before it splits (same source). */
  physicalPartitionGb: 50,
  /** RU/s a serverless container serves in all while it has up to `serverlessBasePartitions` physical
   *  partitions (up to 250 GB), divided among them: 5,000 on one (≤ 50 GB), 1,666 each on three (≤ 150 GB),
   *  1,000 each on five. Source: Azure Cosmos DB docs, "Azure Cosmos DB serverless account performance"
   *  (its table of RU/s per container and per physical partition by storage). */
  serverlessContainerRequestUnits: 5_000,
  serverlessBasePartitions: 5,
  /** RU/s each physical partition beyond the fifth adds to a serverless container's maximum: 6,000 RU/s at
   *  six (≤ 300 GB), 20,000 at twenty (1 TB) (same source). */
  serverlessRequestUnitsPerAddedPartition: 1_000,
  /** Below these, a cross-partition query costs about what a targeted one does: the query docs ("Query a
   *  container", avoiding cross-partition queries) name containers above 30,000 RU/s or 100 GB. */
  smallContainerRequestUnits: 30_000,
  smallContainerGb: 100,
} as const;

/** RU/s a serverless container of `partitions` physical partitions serves in all ("serverless account performance"). */
function serverlessRequestUnits(partitions: number): number {
  const added = Math.max(0, partitions - COSMOS_LIMITS.serverlessBasePartitions);
  return COSMOS_LIMITS.serverlessContainerRequestUnits + added * COSMOS_LIMITS.serverlessRequestUnitsPerAddedPartition;
}

/**
 * Physical partitions: one per 10,000 RU/s and one per 50 GB, at least one; the RU/s divided evenly
 * among them. Serverless: one per 50 GB, sharing 5,000 RU/s up to five partitions and 1,000 RU/s more
 * for each beyond. Undefined without declared throughput.
 * Storage unknown counts as none: the fewest partitions, the largest share (never a false refusal).
 */
function physicalPartitions(design: CosmosKeyDesign): PhysicalPartitions | undefined {
  const { throughput, totalGb = 0 } = design;
  if (!throughput) return undefined;
  const byStorage = Math.ceil(totalGb / COSMOS_LIMITS.physicalPartitionGb);
  if (throughput.requestUnits === undefined) {
    const count = Math.max(1, byStorage);
    const requestUnits = serverlessRequestUnits(count);
    return { count, countedBy: 'storage', requestUnitsEach: requestUnits / count, requestUnits };
  }
  const ru = throughput.requestUnits;
  const byThroughput = Math.ceil(ru / COSMOS_LIMITS.physicalPartitionRequestUnits);
  const count = Math.max(1, byThroughput, byStorage);
  return { count, countedBy: byStorage > byThroughput ? 'storage' : 'throughput', requestUnitsEach: ru / count, requestUnits: ru };
}

export const cosmosDbProfile: EngineProfile<CosmosKeyDesign> = {
  engine: 'cosmosdb',
  title: 'Cosmos DB',
  nouns: { resource: 'container', item: 'document', keyValueData: 'logical partition' },
  limits: COSMOS_LIMITS,

  keySpaces: (design) => [design.primaryKey],
  localIndexes: () => NO_LOCAL_INDEXES,

  // Reads and writes share one budget in RU/s: the logical partition's 10,000, or less where its physical
  // partition's share, after the neighbours' expected load, leaves less.
  loadDimensions(loads, headroom, physical) {
    const ceiling = COSMOS_LIMITS.logicalPartitionRequestUnits;
    const logical: LoadDimension = { label: 'request', unit: 'RU/s', load: loads.reads + loads.writes, ceiling, usable: ceiling * headroom };
    if (!physical) return [logical];
    // A key value above its own ceiling throttles whatever its neighbours do: that ceiling is the one to name.
    const usable = Math.max(0, physical.requestUnitsEach * headroom - physical.neighbours);
    const physicalBites = usable < logical.usable && logical.load <= logical.usable * (1 + 1e-9);
    return physicalBites ? [{ ...logical, ceiling: physical.requestUnitsEach, usable, physical }] : [logical];
  },
  writeUnit: 'RU/s',

  // A logical partition holds documents, unless the key is unique (one document per value).
  keyValueHoldsMany: (_design, space, cardinality) => space.sortKey.length > 0 || cardinality !== Infinity,
  keyValueSizeLimit: () => ({ gb: COSMOS_LIMITS.logicalPartitionGb, cause: 'hard' }),
  // A logical partition never spans physical partitions: nothing splits one key value's load.
  splitForHeat: () => 'none',

  routing: 'key-prefix',
  maxKeyLevels: COSMOS_LIMITS.hierarchyLevels,
  globalIndexes: false,
  transactionsSpanKeys: false,
  cache: 'the integrated cache',
  keyMonitoring: 'diagnostic-logs',
  hotValueMovesOut: true,
  // A query's RU charge is paid on every shard it visits: a read-hot feed gets copies or the cache.
  readHotCollection: 'copy',

  physicalPartitions,
  physicalShare(design, total, hot): PhysicalShare | undefined {
    const partitions = physicalPartitions(design);
    if (!partitions) return undefined;
    const peak = total.reads + total.writes;
    // Above the container's usable RU/s every partition is short: that is its capacity (SG017), not one key's partition.
    if (peak > partitions.requestUnits * design.thresholds.headroom * (1 + 1e-9)) return undefined;
    return { ...partitions, neighbours: (peak - (hot.reads + hot.writes)) / partitions.count };
  },
  prefixPartition: (design) => ({
    requestUnits: physicalPartitions(design)?.requestUnitsEach ?? COSMOS_LIMITS.physicalPartitionRequestUnits,
    gb: COSMOS_LIMITS.physicalPartitionGb,
  }),
  smallResource(design) {
    const partitions = physicalPartitions(design);
    if (!partitions || design.totalGb === undefined) return undefined;
    const small = partitions.requestUnits <= COSMOS_LIMITS.smallContainerRequestUnits && design.totalGb <= COSMOS_LIMITS.smallContainerGb;
    return small ? { requestUnits: partitions.requestUnits, gb: design.totalGb, partitions: partitions.count } : undefined;
  },
};
