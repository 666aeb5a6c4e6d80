/** Amazon DynamoDB: what the rules need to know about it. */
import { ITEM_AGGREGATES, type DynamoDbKeyDesign } from '../design/key-design';
import type { EngineProfile } from './profile';

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
} as const;

/** A declared running total or conditional write kept on one item per key value (not split per shard): every write of the key updates it. */
function keepsAggregateItem(design: DynamoDbKeyDesign): boolean {
  return design.invariants.some((i) => ITEM_AGGREGATES.has(i.kind) && !i.splitPerShard);
}

export const dynamoDbProfile: EngineProfile<DynamoDbKeyDesign> = {
  engine: 'dynamodb',
  title: 'DynamoDB',
  nouns: { resource: 'table', item: 'item', keyValueData: 'item collection' },
  limits: DYNAMODB_LIMITS,

  keySpaces: (design) => [design.primaryKey, ...design.globalSecondaryIndexes],
  localIndexes: (design) => design.localSecondaryIndexes,

  loadDimensions: (loads, headroom) => [
    { label: 'write', unit: 'WCU', load: loads.writes, ceiling: DYNAMODB_LIMITS.partitionWriteUnits, usable: DYNAMODB_LIMITS.partitionWriteUnits * headroom },
    { label: 'read', unit: 'RCU', load: loads.reads, ceiling: DYNAMODB_LIMITS.partitionReadUnits, usable: DYNAMODB_LIMITS.partitionReadUnits * headroom },
  ],
  writeUnit: 'WCU',

  // A table key value without a sort key is one item; a GSI key value holds every item that carries it unless it is unique.
  keyValueHoldsMany: (design, space, cardinality) =>
    space === design.primaryKey ? space.sortKey.length > 0 : space.sortKey.length > 0 || cardinality !== Infinity,
  keyValueSizeLimit: (design) =>
    design.localSecondaryIndexes.length > 0 ? { gb: DYNAMODB_LIMITS.itemCollectionGb, cause: 'local-secondary-index' } : undefined,
  // "Burst and adaptive capacity": split for heat spreads a sort-key range, never one item, never with an LSI.
  splitForHeat(design, space, holdsMany) {
    if (!holdsMany) return 'single-item';
    // Split for heat divides a sort-key range: a GSI keyed without a sort key offers none to divide.
    if (space.sortKey.length === 0) return 'none';
    if (design.localSecondaryIndexes.length > 0 && space === design.primaryKey) return 'blocked-by-local-index';
    if (space.sortKey.some((s) => s.kind === 'time-bucket')) return 'increasing-sort-key';
    // Review 12 item 8: a ledger's balance item takes a write with every posting, and one item never spans partitions.
    if (space === design.primaryKey && keepsAggregateItem(design)) return 'aggregate-item';
    return 'may-split';
  },
  // "Provisioned throughput considerations for global secondary indexes": a table write that puts or updates an item
  // carrying an index's key writes that index, so one item's updates all land on its one value of the index key.
  hotWritesOnOneItem: (design) => design.primaryKey.sortKey.length === 0 || keepsAggregateItem(design),

  routing: 'full-key',
  maxKeyLevels: DYNAMODB_LIMITS.multiAttributeKeyParts,
  globalIndexes: true,
  transactionsSpanKeys: true,
  cache: 'DAX',
  // "DAX: How it works": the item cache keeps GetItem / BatchGetItem results, the query cache Query / Scan results by
  // their exact parameters; a strongly consistent read is passed through to DynamoDB and not cached; writes go to the
  // table first ("DAX and DynamoDB consistency models"). "In-memory acceleration with DynamoDB Accelerator (DAX)".
  cacheTerms: {
    serves: 'its item cache answers GetItem and BatchGetItem, its query cache Query and Scan results by their exact parameters, without reading the table',
    needs:
      'a DAX cluster in your VPC and the DAX client in the application, and it serves eventually consistent reads only: strongly consistent reads, cache misses and every write still reach the partition',
  },
  keyMonitoring: 'contributor-insights',
  hotValueMovesOut: false,
  // Write sharding spreads a sort-key range's reads too: each shard holds 1/N of the items.
  readHotCollection: 'shard',
};
