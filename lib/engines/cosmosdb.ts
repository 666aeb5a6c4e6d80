/** Azure Cosmos DB for NoSQL: what the rules need to know about it. */
import type { CosmosKeyDesign } from '../design/key-design';
import type { EngineProfile } from './profile';

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
} as const;

export const cosmosDbProfile: EngineProfile<CosmosKeyDesign> = {
  engine: 'cosmosdb',
  title: 'Cosmos DB',
  nouns: { resource: 'container', item: 'document', keyValueData: 'logical partition' },
  limits: COSMOS_LIMITS,

  keySpaces: (design) => [design.primaryKey],
  localIndexes: () => NO_LOCAL_INDEXES,

  // Reads and writes share one budget in RU/s.
  loadDimensions(loads, headroom) {
    const ceiling = COSMOS_LIMITS.logicalPartitionRequestUnits;
    return [{ label: 'request', unit: 'RU/s', load: loads.reads + loads.writes, ceiling, usable: ceiling * headroom }];
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
  cache: 'the integrated cache',
  keyMonitoring: 'diagnostic-logs',
  hotValueMovesOut: true,

  // Issue 14: `physicalPartitions(design)` goes here — one physical partition per 10,000 RU/s of
  // provisioned throughput and per 50 GB of data, the container's RU/s divided evenly among them
  // ("Partitioning and horizontal scaling"), from the throughput and size the design declares.
};
