/** Amazon DynamoDB: what the rules need to know about it. */
import { wholeUnitCharge } from '../design/gathered-read-share';
import { onKeyItem, type CapacityCeiling, type DynamoDbKeyDesign, type KeySpaceCapacity } from '../design/key-design';
import { launchCapacity, launchFits, warmThroughputFor } from './dynamodb-launch';
import { DYNAMODB_AUTO_SCALING_DEFAULT_MINIMUM, DYNAMODB_AUTO_SCALING_TARGET, DYNAMODB_LIMITS } from './dynamodb-limits';
import { tableQuota } from './dynamodb-quotas';
import { withHeadroom } from './fit';
import { judgedNeighbourLoad, UNIFORM_KEY_TOLERANCE } from './neighbours';
import type { DirectionNeighbours, EngineProfile, LoadDimension, Loads, NeighbourModel, PartitionCountBasis, PartitionNeighbours } from './profile';

/**
 * The fewest partitions that serve `reads` RCU/s and `writes` WCU/s at once: max(⌈R ÷ 3,000⌉, ⌈W ÷ 1,000⌉), at least one.
 * AWS's current pages give a partition both ceilings together, "each individual partition is limited to 1,000 write
 * units per second and 3,000 read units per second" (Developer Guide, "Understanding DynamoDB warm throughput in
 * different scenarios"; "Partitions and data distribution"), and say no more about how many a key space has, so this is
 * the count they guarantee. AWS's retired "Understanding Partition Behavior" (Guidelines for working with tables) gave
 * ⌈R ÷ 3,000 + W ÷ 1,000⌉, a partition's reads and writes sharing one budget: more partitions, so fewer neighbours on
 * each, a looser verdict than the current pages support, not used.
 */
export function dynamoPartitionsFor(reads: number, writes: number): number {
  const forReads = Math.ceil(reads / DYNAMODB_LIMITS.partitionReadUnits - 1e-9);
  const forWrites = Math.ceil(writes / DYNAMODB_LIMITS.partitionWriteUnits - 1e-9);
  return Math.max(1, forReads, forWrites);
}

/**
 * The neighbour model of one design's key spaces, the one model of SG003's sizing and the accessed-mode hot-key ticket:
 * made once per design (the per-lint `DesignAnalysis` holds it), its capacity looked up by index name, so a table of
 * thousands of GSIs stays linear. DynamoDB hashes partition-key values over the key space's partitions ("Partitions and
 * data distribution"), so by expectation 1/P of the rest of the key space's peak (`total` less the stored key's own
 * `stored` load, its sibling shards included) shares its partition. P: the fewest partitions that serve the key space's
 * reads and writes at once (`dynamoPartitionsFor`), of
 * - provisioned: per direction, the capacity the table has at the declared peak (`provisionedAtPeak`): fixed units; auto
 *   scaled, what auto scaling provisions there, peak ÷ target utilization between its minimum and maximum (DynamoDB
 *   creates partitions for the capacity provisioned, not for a maximum it may never reach: "Understanding DynamoDB warm
 *   throughput in different scenarios"); or the peak ÷ headroom where that is more (SG017 raises the capacity to it); or
 *   the declared warm throughput where that is more (partitions never merge: a table once that large keeps them, and
 *   warm throughput is how a design says so);
 * - on demand: per direction the most of twice the peak (the table "accommodates up to double the previous
 *   peak", "On-demand capacity mode"; AWS publishes no count), the declared warm throughput, and the warm throughput a
 *   new on-demand table or GSI starts with, 12,000 read and 4,000 write units a second ("A new on-demand table starts
 *   with a warm throughput of 12,000 read units per second and 4,000 write units per second. Your table can instantly
 *   accommodate sustained traffic up to these levels": "Understanding DynamoDB warm throughput in different scenarios";
 *   "Pre-warming a table for on-demand capacity mode"), so at least 4 partitions.
 * `charged` is the key space's peak as charged (`SpaceAnalysis.chargedAtCount`): each Query of a fan-out over N shards
 * a request of its own, charged at least 0.5 RCU on the partition of the shard it reads ("Query"), so both the rest
 * beside a stored key and the partitions an on-demand table has served its way to count those requests; a provisioned
 * table's are those of the capacity SG017 raises to for that charged peak where the raise is within the table-level read
 * quota (`countedOn`), else those of its capacity at the declared peak (no raise can follow).
 * An expectation, not a bound: a hash can put more on one partition, which the headroom under the ceiling absorbs.
 */
export function dynamoNeighbourModel(design: DynamoDbKeyDesign): NeighbourModel {
  const capacityByIndex = new Map(design.capacity.map((c) => [c.index, c]));
  return (index, total, stored, values, charged = total) => {
    const counted = neighboursOfCapacity(design, capacityByIndex.get(index), countedOn(design, total, charged), stored);
    return judgedAmong(charged === total ? counted : restOf(asCharged(counted, design, charged), charged, stored), stored, values, design.thresholds.headroom);
  };
}

/** The peak P is counted on: as charged on demand; provisioned, as charged where SG017's raise to it (÷ headroom) is
 *  within the table-level read quota (it can follow with that raise), else the declared peak. */
function countedOn(design: DynamoDbKeyDesign, total: Loads, charged: Loads): Loads {
  if (design.billing !== 'provisioned') return charged;
  return charged.reads / design.thresholds.headroom <= tableQuota(design, 'read') ? charged : total;
}

/** On demand, counted for twice the peak as charged, or for the launch pre-warm SG017 sizes on it, where fan-out makes
 *  the reads more than declared: the figure, so the words say what P was counted for (`chargedReads`), not "the
 *  declared peak". */
function asCharged(counted: PartitionNeighbours, design: DynamoDbKeyDesign, charged: Loads): PartitionNeighbours {
  if (design.billing === 'provisioned' || (counted.countedBy !== 'twice-the-peak' && counted.countedBy !== 'raised-warm-throughput')) return counted;
  return Object.assign({}, counted, { chargedReads: charged.reads });
}

/**
 * `neighbours` on the same P, with the rest taken from `charged`, the peak as DynamoDB charges it: each Query of a
 * fan-out over N shards is a request of its own, charged at least 0.5 RCU eventually consistent, 1 strongly ("Query":
 * read capacity; "Using write sharding to distribute workloads evenly": the application queries every suffix), served
 * by the partition that holds the shard it reads. So the other keys put 1/P of those requests on the stored key's
 * partition, not 1/P of the logical reads declared: 33 shards of a tenant read at 2,100 RCU each put 71,100 RCU beside
 * a shard, not 3,900 (SG017 counts the same 73,200 RCU against the table's quota).
 */
function restOf(neighbours: PartitionNeighbours, charged: Loads, stored: Loads): PartitionNeighbours {
  const { partitions } = neighbours;
  const reads = Math.max(0, charged.reads - stored.reads) / partitions;
  const writes = Math.max(0, charged.writes - stored.writes) / partitions;
  return Object.assign({}, neighbours, { total: charged, reads, writes });
}

/**
 * A uniform key's neighbours, judged at the average partition (`judgedNeighbourLoad`, as Cosmos DB judges its values):
 * at a provisioned table's usable line (the capacity SG017's fix writes, peak ÷ headroom) every partition averages the
 * usable ceiling, and a key of 100,000 values at 0.08 WCU each was "over" by its own 0.07 WCU of bias (0.01 WCU left
 * beside 799.99), a finding about the table's capacity, not its key. `values` undefined (a key with a value heavier
 * than the average one, `SpaceAnalysis.uniformValues`): the expectation as it is.
 *
 * Only where the law of large numbers holds, so the average partition is the load every partition has: DynamoDB
 * hashes each partition key value to a partition ("DynamoDB uses an internal hash function to evenly distribute data
 * items across partitions, based on their partition key values", KeySchemaElement; "Partitions and data
 * distribution"), so a partition's load is a sum of the values, each there with probability 1/P, whose spread about
 * the average is √((P − 1) ÷ values) of it. Within UNIFORM_KEY_TOLERANCE (5%: values ≥ 400 × (P − 1)) every
 * partition is the average give or take the same sliver the tolerance forgives; with fewer values the partitions'
 * loads differ by more than the value's bias, and each other value still lands beside the judged one with probability
 * 1/P: the expectation stands (4 environments of 12.5 RCU on 4 partitions meet 9.375 RCU of neighbours, not the none
 * the average's 12.5 − 12.5 gives; 3 statuses of 3.33 WCU, 1.67 WCU, not none).
 */
function judgedAmong(neighbours: PartitionNeighbours, stored: Loads, values: number | undefined, headroom: number): PartitionNeighbours {
  if (values === undefined || !averageHolds(values, neighbours.partitions)) return neighbours;
  const judged = (hot: number, total: number, ceiling: number) =>
    judgedNeighbourLoad({ hot, rest: Math.max(0, total - hot), cardinality: values }, neighbours.partitions, ceiling * headroom);
  const among: { -readonly [K in keyof PartitionNeighbours]: PartitionNeighbours[K] } = Object.assign({}, neighbours);
  among.reads = judged(stored.reads, neighbours.total.reads, DYNAMODB_LIMITS.partitionReadUnits);
  among.writes = judged(stored.writes, neighbours.total.writes, DYNAMODB_LIMITS.partitionWriteUnits);
  return among;
}

/** The partitions' loads keep within UNIFORM_KEY_TOLERANCE of their average: √((P − 1) ÷ values) ≤ 5%. */
function averageHolds(values: number, partitions: number): boolean {
  return (partitions - 1) / values <= UNIFORM_KEY_TOLERANCE * UNIFORM_KEY_TOLERANCE;
}

function neighboursOfCapacity(design: DynamoDbKeyDesign, capacity: KeySpaceCapacity | undefined, total: Loads, stored: Loads): PartitionNeighbours {
  const read = capacity?.read;
  const write = capacity?.write;
  if (design.billing === 'provisioned' && read !== undefined && write !== undefined) {
    const { headroom } = design.thresholds;
    const deployed = design.asDeployed === true;
    const reads = provisionedAtPeak(read, total.reads, headroom, capacity?.warmReadUnits, deployed);
    const writes = provisionedAtPeak(write, total.writes, headroom, capacity?.warmWriteUnits, deployed);
    const partitions = dynamoPartitionsFor(reads.units, writes.units);
    // Named by the direction that sets P (the writes where both give as many).
    const counted = dynamoPartitionsFor(reads.units, 0) > dynamoPartitionsFor(0, writes.units) ? reads : writes;
    return neighboursOn(partitions, counted, total, stored);
  }
  // A provisioned table with one direction's capacity left out: counted for twice its peak, as on demand, but with no
  // on-demand warm throughput (a provisioned table's starts at its provisioned capacity).
  if (design.billing === 'provisioned')
    return neighboursOn(dynamoPartitionsFor(2 * total.reads, 2 * total.writes), { countedBy: 'twice-the-peak' }, total, stored);
  const warm = { reads: capacity?.warmReadUnits ?? 0, writes: capacity?.warmWriteUnits ?? 0 };
  return design.launchAtPeak
    ? launchNeighbours(total, stored, warm, design.thresholds.headroom, design.asDeployed === true)
    : onDemandNeighboursWarm(total, stored, warm.reads, warm.writes);
}

/** The capacity one provisioned direction has at its declared `peak`, and what sets it. */
interface CapacityAtPeak extends PartitionCountBasis {
  readonly units: number;
}

/**
 * One provisioned direction's capacity at the declared `peak`: fixed units, or what auto scaling provisions there,
 * ⌈peak ÷ target⌉ between its minimum (1 when not declared, as CDK renders it) and maximum; the maximum raised to
 * peak ÷ headroom where it is below (SG017's finding, judged at the capacity its fix gives, as --fix leaves it; not for
 * a table judged as deployed, `deployed`, whose keys are throttled on the partitions its declared capacity gives until
 * that fix is made); then the declared warm throughput where that is more.
 */
function provisionedAtPeak(ceiling: CapacityCeiling, peak: number, headroom: number, warm: number | undefined, deployed: boolean): CapacityAtPeak {
  const raisedTo = deployed ? 0 : peak / headroom;
  const most = Math.max(ceiling.units, raisedTo);
  const raised = raisedTo > ceiling.units;
  let at: CapacityAtPeak;
  if (ceiling.source !== 'autoscaled') {
    at = raised ? { units: most, countedBy: 'raised-capacity', peakDividedBy: headroom } : { units: most, countedBy: 'provisioned-capacity' };
  } else {
    const target = ceiling.targetUtilization ?? DYNAMODB_AUTO_SCALING_TARGET.default / 100;
    const least = ceiling.min ?? DYNAMODB_AUTO_SCALING_DEFAULT_MINIMUM;
    const wanted = Math.ceil(peak / target - 1e-9);
    if (wanted < least) at = { units: least, countedBy: 'auto-scaling-minimum' };
    else if (wanted < most) at = { units: wanted, countedBy: 'auto-scaling-at-peak', peakDividedBy: target };
    else at = raised ? { units: most, countedBy: 'raised-capacity', peakDividedBy: headroom } : { units: most, countedBy: 'auto-scaling-maximum' };
  }
  return warm !== undefined && warm > at.units ? { units: warm, countedBy: 'declared-warm-throughput' } : at;
}

/**
 * `dynamoNeighbourModel`'s on-demand count for a key space known by its peak alone (`shardsFor()`: no capacity, no
 * design): twice `total`, at least a new on-demand table's warm throughput.
 */
export function onDemandNeighbours(total: Loads, stored: Loads): PartitionNeighbours {
  return onDemandNeighboursWarm(total, stored, 0, 0);
}

/**
 * `launchAtPeak`: the peak meets a new table, which has only the partitions its warm throughput gives (the declared one,
 * else a new on-demand table's 12,000 RCU and 4,000 WCU: "Understanding DynamoDB warm throughput", scenarios), not the
 * twice-the-peak an existing table has served its way to. Where the peak with the design's headroom is more than that
 * serves, SG017 pre-warms the table (its notPreWarmed finding, sized by `warmThroughputFor`: peak ÷ headroom), and the
 * key is judged on the partitions that pre-warm gives, as a provisioned key is at the capacity SG017 raises it to: the
 * two findings ask one function, so they count the same partitions (else SG003 asks for 23 shards on the 4 partitions
 * of a new table, 3 once SG017's pre-warm is written). Warm throughput exactly at the peak is such a case too: every
 * partition then averages its full ceiling, past its usable line, whatever the key, and a uniform value was "over" by
 * that alone (0.15 WCU beside 999.85 on the 150 partitions of 150,000 WCU), the table's capacity, SG017's finding.
 */
function launchNeighbours(
  total: Loads,
  stored: Loads,
  warm: { readonly reads: number; readonly writes: number },
  headroom: number,
  deployed: boolean,
): PartitionNeighbours {
  const launch = launchCapacity(warm.reads, warm.writes);
  const has = dynamoPartitionsFor(launch.reads, launch.writes);
  const basis: PartitionCountBasis = { countedBy: launch.preWarmed ? 'declared-warm-throughput' : 'warm-throughput' };
  const withRoom = { reads: total.reads / headroom, writes: total.writes / headroom };
  // Judged as deployed (`asDeployed`): the partitions the launch has, not those of the pre-warm SG017 asks for.
  if (deployed || launchFits(withRoom, launch)) return Object.assign(neighboursOn(has, basis, total, stored), { atLaunch: true as const });
  const preWarm = warmThroughputFor(total, launch, headroom);
  const raised = dynamoPartitionsFor(preWarm.reads, preWarm.writes);
  // "peak ÷ headroom" only where that is what the pre-warm is: not where a declared warm throughput or a combination sets it.
  const dividedPeak = (peak: number, has: number) => Math.max(withHeadroom(peak, headroom), has);
  const asDivided = preWarm.reads === dividedPeak(total.reads, launch.reads) && preWarm.writes === dividedPeak(total.writes, launch.writes);
  const counted: PartitionCountBasis = raised <= has ? basis : { countedBy: 'raised-warm-throughput', ...(asDivided ? { peakDividedBy: headroom } : {}) };
  return Object.assign(neighboursOn(Math.max(raised, has), counted, total, stored), { atLaunch: true as const });
}

function onDemandNeighboursWarm(total: Loads, stored: Loads, warmReads: number, warmWrites: number): PartitionNeighbours {
  const twice = dynamoPartitionsFor(2 * total.reads, 2 * total.writes);
  const warm = dynamoPartitionsFor(Math.max(warmReads, DYNAMODB_LIMITS.newOnDemandReadUnits), Math.max(warmWrites, DYNAMODB_LIMITS.newOnDemandWriteUnits));
  return twice >= warm
    ? neighboursOn(twice, { countedBy: 'twice-the-peak' }, total, stored)
    : neighboursOn(warm, { countedBy: 'warm-throughput' }, total, stored);
}

function neighboursOn(partitions: number, basis: PartitionCountBasis, total: Loads, stored: Loads): PartitionNeighbours {
  const { countedBy, peakDividedBy } = basis;
  const reads = Math.max(0, total.reads - stored.reads) / partitions;
  const writes = Math.max(0, total.writes - stored.writes) / partitions;
  // One shape, `peakDividedBy` undefined where no share divided the peak, so that their readers (`direction`) meet one layout.
  return { partitions, countedBy, peakDividedBy, total, reads, writes };
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
  const counted: { -readonly [K in keyof DirectionNeighbours]: DirectionNeighbours[K] } = {
    load: beside,
    total,
    partitions: neighbours.partitions,
    countedBy: neighbours.countedBy,
    peakDividedBy: neighbours.peakDividedBy,
    usableAlone,
  };
  if (neighbours.atLaunch) counted.atLaunch = true;
  if (neighbours.chargedReads !== undefined) counted.chargedReads = neighbours.chargedReads;
  return { label, unit, load, ceiling, usable: Math.max(0, usableAlone - beside), neighbours: counted };
}

/** A declared running total or conditional write kept on one item per key value (not split per shard, and a conditional
 *  write not scoped to one item per `scopeAttribute`): every write of the key updates it. */
function keepsAggregateItem(design: DynamoDbKeyDesign): boolean {
  return design.invariants.some((i) => onKeyItem(i) && !i.splitPerShard);
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
  neighbourModel: dynamoNeighbourModel,
  peakNeighbours: onDemandNeighbours,
  writeUnit: 'WCU',

  // A table key value without a sort key is one item; a GSI key value holds every item that carries it unless it is unique.
  keyValueHoldsMany: (design, space, cardinality) =>
    space === design.primaryKey ? space.sortKey.length > 0 : space.sortKey.length > 0 || cardinality !== Infinity,
  keyValueSizeLimit: (design) =>
    design.localSecondaryIndexes.length > 0
      ? {
          gb: DYNAMODB_LIMITS.itemCollectionGb,
          cause: 'local-secondary-index',
          imposedBy: { names: design.localSecondaryIndexes.map((lsi) => lsi.indexName), path: design.localSecondaryIndexes[0].path },
        }
      : undefined,
  // "Burst and adaptive capacity": split for heat spreads a sort-key range, never one item, never with an LSI.
  splitForHeat(design, space, holdsMany) {
    if (!holdsMany) return 'single-item';
    // Split for heat divides a sort-key range: a GSI keyed without a sort key offers none to divide.
    if (space.sortKey.length === 0) return 'none';
    if (design.localSecondaryIndexes.length > 0 && space === design.primaryKey) return 'blocked-by-local-index';
    if (space.sortKey.some((s) => s.kind === 'time-bucket')) return 'increasing-sort-key';
    // A ledger's balance item takes a write with every posting, and one item never spans partitions.
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
    // "Configuring your DAX cluster": a write through DAX updates its item cache; one that bypasses it is seen when the
    // cached item expires; no write reaches a cached Query result before its TTL does. Both TTLs default to 5 minutes
    // (record-ttl-millis, query-ttl-millis: 300,000 ms; "DAX: How it works").
    stale:
      'DAX serves a cached item until its TTL expires (record-ttl-millis, 5 minutes by default) unless the update was written through the same DAX cluster, and a cached Query result until its own TTL (query-ttl-millis, 5 minutes by default) whoever wrote the items: set both to the staleness its readers accept',
    // AWS "Database Caching" (local caches: kept in the application, each node its own, disconnected from the others)
    // and "Evaluating the suitability of DAX for your use cases" (a cluster to size and run; a lower TTL where items
    // change): for one small item every request reads, a process-local copy with a short TTL takes its reads off the
    // partition without a cluster, at the cost of each instance reading it stale for up to that TTL.
    inApplication:
      'a cache in the application itself, in-process with a TTL of a few seconds: the lighter first answer for an item every request reads, such as a configuration or kill-switch item, with no cluster to run, but each instance serves what it last read until that TTL expires, so a change reaches every reader only then',
  },
  keyMonitoring: 'contributor-insights',
  hotValueMovesOut: false,
  separatesHotKeys: true,
  // A shard count leaves room for two shards the hash puts on one partition, within its hard maximum (hashed-pair.ts).
  sizesForHashedPair: true,
  // Write sharding spreads a sort-key range's reads too, each shard holding 1/N of the items, where a read finds one shard or returns enough per shard (gathered-reads.ts).
  readHotCollection: 'shard',
  // "Capacity unit consumption for read operations": a Query's items' sizes are summed and rounded up to the next
  // 4 KB, one read unit each (half for an eventually consistent read), per request.
  queryReadUnitKb: DYNAMODB_LIMITS.queryReadUnitKb,
  queryCharge: wholeUnitCharge(DYNAMODB_LIMITS.queryReadUnitKb, DYNAMODB_LIMITS.eventuallyConsistentReadShare),
};
