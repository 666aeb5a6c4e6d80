/** Amazon DynamoDB: its vendor ceilings and defaults (their own module, so the launch sizing and the profile share them). */
/**
 * Vendor ceilings. These are hard limits of the engine, not tunables: no table-level capacity,
 * adaptive capacity or partition split lifts the load one key value can take.
 */
export const DYNAMODB_LIMITS = {
  /** Write units per second one physical partition serves; one key value never spans partitions.
   *  Source: Amazon DynamoDB Developer Guide, "Partitions and data distribution". */
  partitionWriteUnits: 1_000,
  /** Read units per second one physical partition serves (same source). */
  partitionReadUnits: 3_000,
  /** An item collection (all items of one partition-key value) is capped at 10 GB when the table
   *  has a local secondary index. Source: Developer Guide, "Item collection size limit". */
  itemCollectionGb: 10,
  /** A multi-attribute GSI key takes at most 4 partition-key and 4 sort-key attributes.
   *  Source: Developer Guide, "Multi-attribute keys for global secondary indexes". */
  multiAttributeKeyParts: 4,
  /** Default quotas: GSIs and LSIs per table. Source: Developer Guide, "Service quotas". */
  globalSecondaryIndexes: 20,
  localSecondaryIndexes: 5,
  /** What a new on-demand table (or GSI) sustains before it scales: 4,000 write and 12,000 read units per
   *  second (its initial warm throughput); beyond, it throttles while it scales (to double its previous peak
   *  per 30 minutes), unless pre-warmed. Source: Developer Guide, "Pre-warming a table for on-demand capacity
   *  mode" and "Understanding DynamoDB warm throughput". */
  newOnDemandWriteUnits: 4_000,
  newOnDemandReadUnits: 12_000,
  /** Default table-level quota: read and write units per second for any table or any one of its GSIs, in
   *  both capacity modes (adjustable). Source: Developer Guide, "Service quotas" (throughput default quotas). */
  tableThroughputQuota: 40_000,
  /** Default account-level quota (per Region, provisioned mode only): the provisioned read or write capacity of all
   *  tables and GSIs together, and so of one table and its GSIs (adjustable). Same source. */
  accountThroughputQuota: 80_000,
  /** The most capacity units per second a declared figure may carry: the API's capacity units are 64-bit integers
   *  (API Reference, "ProvisionedThroughput": ReadCapacityUnits and WriteCapacityUnits, "Type: Long"), which a
   *  JavaScript number, and the template synthesized from it, carries exactly only up to 2^53 − 1. */
  apiCapacityUnitsMax: Number.MAX_SAFE_INTEGER,
  /** KB one read unit covers: a Query's items' sizes are summed and rounded up to the next 4 KB, one read unit each (half
   *  for an eventually consistent read), at least one per request. Source: Developer Guide, "Capacity unit consumption
   *  for read operations". */
  queryReadUnitKb: 4,
  /** The share of a read unit an eventually consistent read is charged: one-half per 4 KB, where a strongly consistent
   *  one is charged a whole unit; a Query that returns nothing is charged that minimum too. Source: Developer Guide,
   *  "Capacity unit consumption for read operations"; API Reference, "Query". */
  eventuallyConsistentReadShare: 0.5,
} as const;

/**
 * Auto scaling's target utilization, in percent: the share of provisioned capacity it keeps consumed, so it provisions the
 * consumed capacity ÷ target, between the minimum and maximum. CDK's `Capacity.autoscaled()` takes 20 to 90 and defaults
 * to 70 (aws-cdk-lib `AutoscaledCapacityOptions.targetUtilizationPercent`). The scaling policy's target utilization is
 * "the percentage of consumed provisioned throughput at a point in time", and target tracking adjusts the provisioned
 * throughput "so that the actual capacity utilization remains at or near your target utilization" (Developer Guide,
 * "Managing throughput capacity automatically with DynamoDB auto scaling").
 */
export const DYNAMODB_AUTO_SCALING_TARGET = { min: 20, max: 90, default: 70 } as const;

/** The capacity auto scaling keeps when no minimum is declared: CDK's `Capacity.autoscaled` `minCapacity` default. */
export const DYNAMODB_AUTO_SCALING_DEFAULT_MINIMUM = 1;
