/** Amazon DynamoDB: what the rules need to know about it. */
import { ITEM_AGGREGATES, type DynamoDbKeyDesign, type KeySpaceCapacity } from '../design/key-design';
import type { EngineProfile, LoadDimension, Loads, PartitionCount, PartitionNeighbours } from './profile';

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

/** Partitions that serve `reads` RCU/s and `writes` WCU/s: 3,000 RCU and 1,000 WCU each ("Partitions and data distribution"); at least one. */
export function dynamoPartitionsFor(reads: number, writes: number): number {
  return Math.max(1, Math.ceil(reads / DYNAMODB_LIMITS.partitionReadUnits + writes / DYNAMODB_LIMITS.partitionWriteUnits - 1e-9));
}

/** Each key space's capacity by index name, made once per design: a table of thousands of GSIs stays linear. */
const CAPACITY_BY_INDEX = new WeakMap<DynamoDbKeyDesign['capacity'], ReadonlyMap<string | undefined, KeySpaceCapacity>>();

function capacityOf(design: DynamoDbKeyDesign, index: string | undefined): KeySpaceCapacity | undefined {
  let byIndex = CAPACITY_BY_INDEX.get(design.capacity);
  if (!byIndex) {
    byIndex = new Map(design.capacity.map((c) => [c.index, c]));
    CAPACITY_BY_INDEX.set(design.capacity, byIndex);
  }
  return byIndex.get(index);
}

/**
 * The other keys' expected load on the partition of a stored key of key space `index` (a GSI's name; undefined: the
 * table), the one neighbour model of SG003's sizing and the accessed-mode hot-key ticket. DynamoDB hashes partition-key
 * values over the key space's partitions ("Partitions and data distribution"), so by expectation 1/P of the rest of the
 * key space's peak (`total` less the stored key's own `stored` load, its sibling shards included) shares its partition.
 * P: a partition serves 3,000 RCU and 1,000 WCU a second, so ⌈R ÷ 3,000 + W ÷ 1,000⌉ of the declared provisioned
 * capacity (its auto-scaling maximum: partitions split as capacity grows and never merge), or of the peak ÷ headroom
 * where that is more (SG017 raises the capacity to it); on demand AWS publishes no
 * count, and the table "accommodates up to double the previous peak" ("On-demand capacity mode"), so P is counted for
 * twice the declared peak, or the declared warm throughput when higher. An expectation, not a bound: a hash can put
 * more on one partition, which the headroom under the ceiling absorbs.
 */
export function dynamoPartitionNeighbours(design: DynamoDbKeyDesign, index: string | undefined, total: Loads, stored: Loads): PartitionNeighbours {
  const capacity = capacityOf(design, index);
  const read = capacity?.read;
  const write = capacity?.write;
  const provisioned = design.billing === 'provisioned' && read !== undefined && write !== undefined;
  const { headroom } = design.thresholds;
  const units = provisioned
    ? // Below the peak at headroom (SG017's finding), judged at the capacity SG017's fix gives it, as --fix leaves it.
      { reads: Math.max(read.units, total.reads / headroom), writes: Math.max(write.units, total.writes / headroom) }
    : { reads: Math.max(2 * total.reads, capacity?.warmReadUnits ?? 0), writes: Math.max(2 * total.writes, capacity?.warmWriteUnits ?? 0) };
  return neighboursOn(dynamoPartitionsFor(units.reads, units.writes), provisioned ? 'provisioned-capacity' : 'twice-the-peak', total, stored);
}

/**
 * `dynamoPartitionNeighbours` of a key space known by its peak alone (`shardsFor()`: no capacity, no design), on demand:
 * P counted for twice `total`.
 */
export function onDemandNeighbours(total: Loads, stored: Loads): PartitionNeighbours {
  return neighboursOn(dynamoPartitionsFor(2 * total.reads, 2 * total.writes), 'twice-the-peak', total, stored);
}

function neighboursOn(partitions: number, countedBy: PartitionCount, total: Loads, stored: Loads): PartitionNeighbours {
  return {
    partitions,
    countedBy,
    total,
    reads: Math.max(0, total.reads - stored.reads) / partitions,
    writes: Math.max(0, total.writes - stored.writes) / partitions,
  };
}

/** One direction's ceiling, less its neighbours' expected load where they are counted. */
function direction(label: 'read' | 'write', load: number, headroom: number, neighbours: PartitionNeighbours | undefined): LoadDimension {
  const write = label === 'write';
  const ceiling = write ? DYNAMODB_LIMITS.partitionWriteUnits : DYNAMODB_LIMITS.partitionReadUnits;
  const unit = write ? 'WCU' : 'RCU';
  const usableAlone = ceiling * headroom;
  if (!neighbours) return { label, unit, load, ceiling, usable: usableAlone };
  const beside = write ? neighbours.writes : neighbours.reads;
  const total = write ? neighbours.total.writes : neighbours.total.reads;
  return {
    label,
    unit,
    load,
    ceiling,
    usable: Math.max(0, usableAlone - beside),
    neighbours: { load: beside, total, partitions: neighbours.partitions, countedBy: neighbours.countedBy, usableAlone },
  };
}

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

  // With `neighbours`, each direction's usable ceiling is what is left beside the other keys' expected load (SG003).
  loadDimensions: (loads, headroom, _physical, neighbours) => [
    direction('write', loads.writes, headroom, neighbours),
    direction('read', loads.reads, headroom, neighbours),
  ],
  partitionNeighbours: dynamoPartitionNeighbours,
  peakNeighbours: onDemandNeighbours,
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
