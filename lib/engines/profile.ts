/**
 * What the rules and the analysis need to know about an engine, in one place per engine. A rule asks
 * the profile ("how is a read routed?", "what does one key value hold?") instead of branching on the
 * engine's name, so a new engine is a new profile (plus its input shape), not an edit to every rule.
 */
import type { QueryCharge } from '../design/gathered-read-share';
import type { CosmosKeyDesign, KeyDesign, KeySpace, LocalSecondaryIndex } from '../design/key-design';
import type { ValueAmongValues } from './neighbours';

/** Reads and writes per second of one key value (RCU/WCU, or RU/s for Cosmos DB). */
export interface Loads {
  /** Reads per second: RCU (DynamoDB) or RU/s (Cosmos DB). */
  readonly reads: number;
  /** Writes per second: WCU (DynamoDB) or RU/s (Cosmos DB). */
  readonly writes: number;
}

/** One ceiling a hot key value runs into. */
export interface LoadDimension {
  /** DynamoDB limits reads and writes separately; Cosmos DB limits their sum in RU/s. */
  readonly label: 'read' | 'write' | 'request';
  /** Unit of `load`, `ceiling` and `usable`, per second: `RCU`, `WCU` (DynamoDB) or `RU/s` (Cosmos DB). */
  readonly unit: 'RCU' | 'WCU' | 'RU/s';
  /** Peak load on one partition (DynamoDB) or logical partition (Cosmos DB). */
  readonly load: number;
  /** The vendor ceiling per partition (DynamoDB) or logical partition (Cosmos DB). */
  readonly ceiling: number;
  /** headroom × ceiling: what a design may plan to use. */
  readonly usable: number;
  /** Set when the key value's physical partition bites before its own ceiling: that partition's share of
   *  the resource's throughput, less its neighbours' expected load, is below headroom × `ceiling`'s
   *  logical limit (`ceiling` is then the physical partition's RU/s). */
  readonly physical?: PhysicalShare;
  /** Set where the engine judges a key beside the other keys on its partition in this direction (DynamoDB): their
   *  expected load, taken off `headroom` × `ceiling` to give `usable`. */
  readonly neighbours?: DirectionNeighbours;
}

/** How the key spaces' partitions are counted where the engine publishes no count (DynamoDB: `PartitionNeighbours`), by
 *  the direction that sets the count: provisioned, from the capacity the table has at the declared peak (its fixed
 *  capacity, what auto scaling provisions there, held up by its minimum or capped by its maximum, or the peak ÷ headroom
 *  SG017 raises it to), or from its declared warm throughput; on demand, for twice the declared peak, or for the warm throughput
 *  (declared, else a new on-demand table's 12,000 RCU / 4,000 WCU) where that counts more. */
export type PartitionCount =
  | 'provisioned-capacity'
  | 'raised-capacity'
  | 'auto-scaling-at-peak'
  | 'auto-scaling-minimum'
  | 'auto-scaling-maximum'
  | 'declared-warm-throughput'
  | 'raised-warm-throughput'
  | 'twice-the-peak'
  | 'warm-throughput';

/** How P was counted, with the share the peak was divided by where it was (`auto-scaling-at-peak`: auto scaling's
 *  target utilization; `raised-capacity`: the headroom). */
export interface PartitionCountBasis {
  readonly countedBy: PartitionCount;
  /** The share the declared peak was divided by to give the capacity P is counted for; undefined where none was. */
  readonly peakDividedBy?: number;
  /** On demand, twice the peak as charged (`twice-the-peak`): the reads charged a second where they are more than the
   *  declared ones (each Query of a fan-out over the shards charged on its own); undefined where charged = declared. */
  readonly chargedReads?: number;
}

/**
 * The other keys' expected load on a stored key's partition, per direction (DynamoDB reads and writes are throttled
 * apart): the rest of the key space's peak hashed evenly over its P partitions, the key's sibling shards included.
 */
export interface PartitionNeighbours {
  /** P: the partitions the key space is assumed to have. */
  readonly partitions: number;
  /** How P was counted (`PartitionCount`). */
  readonly countedBy: PartitionCount;
  /** The share the declared peak was divided by for the capacity P is counted for (`PartitionCountBasis`). */
  readonly peakDividedBy?: number;
  /** As `PartitionCountBasis.chargedReads`. */
  readonly chargedReads?: number;
  /** The key space's peak the neighbours are counted from (with the copies a layout writes). */
  readonly total: Loads;
  /** Expected reads of the other keys on the stored key's partition: (total − the stored key's reads) ÷ P. */
  readonly reads: number;
  /** Expected writes of the other keys on the stored key's partition: (total − the stored key's writes) ÷ P. */
  readonly writes: number;
  /** The peak meets a new resource (`launchAtPeak`): its neighbours are met before adaptive capacity can rebalance. */
  readonly atLaunch?: true;
}

/**
 * The other keys' expected load on a stored key's partition in key space `index` (a GSI's name; undefined: the table).
 * `values`: how many stored keys share the key space's traffic, where known: a uniform key (no value heavier than the
 * average one) is then judged at the average partition (`judgedNeighbourLoad`). `charged`: the key space's peak as the
 * engine charges it (each Query of a fan-out over shards a request of its own), which the neighbours are the rest of,
 * and which counts an on-demand key space's partitions (they follow the traffic it consumes); `total` (the declared
 * peak, each read once) counts a provisioned one's, at the capacity declared or raised for that peak. Defaults to `total`.
 */
export type NeighbourModel = (index: string | undefined, total: Loads, stored: Loads, values?: number, charged?: Loads) => PartitionNeighbours;

/** One direction of `PartitionNeighbours`, as a `LoadDimension` carries it. */
export interface DirectionNeighbours {
  /** The other keys' expected load on the partition in this direction. */
  readonly load: number;
  /** The key space's peak in this direction, which the neighbours are the rest of (less the stored key's own planned load). */
  readonly total: number;
  /** P: the partitions the key space is assumed to have. */
  readonly partitions: number;
  /** How P was counted (`PartitionCount`). */
  readonly countedBy: PartitionCount;
  /** The share the declared peak was divided by for the capacity P is counted for (`PartitionCountBasis`). */
  readonly peakDividedBy?: number;
  /** As `PartitionCountBasis.chargedReads`. */
  readonly chargedReads?: number;
  /** headroom × ceiling: what the key could use with no neighbours. */
  readonly usableAlone: number;
  /** As `PartitionNeighbours.atLaunch`. */
  readonly atLaunch?: true;
}

/** The physical partitions under a resource whose throughput is divided evenly among them (Cosmos DB). */
export interface PhysicalPartitions {
  /** Number of physical partitions the resource's throughput is divided among. */
  readonly count: number;
  /** What set the count: `throughput` (the RU/s it is created with), `storage` (one per 50 GB), or `declared`
   *  (the design's count, as the container has it). */
  readonly countedBy: 'throughput' | 'storage' | 'declared';
  /** RU/s one physical partition serves: the resource's RU/s ÷ count (a serverless partition: 5,000 ÷ count up to five, then 1,000). */
  readonly requestUnitsEach: number;
  /** RU/s of the whole resource at peak: count × requestUnitsEach ÷ sharedBy (a shared database's partitions serve
   *  all its containers: this container's part of the database's RU/s). */
  readonly requestUnits: number;
  /** Set where the partitions carry the load of `sharedBy` resources like this one, not only its own (Cosmos DB shared
   *  database throughput, on its `containers` even-split assumption): a key's neighbours there are sharedBy × the
   *  resource's peak, less the key's own load, ÷ the slices (`amongCarried`). */
  readonly sharedBy?: number;
  /** The key space in slices as large as the largest share one physical partition holds (which a hot key is judged
   *  on: it may hash to any partition, so it expects the rest of the load ÷ this beside it): `count` where the
   *  partitions are even; fewer where a raise in place split only some of them (Cosmos DB, `largestShareSlices`). */
  readonly keySpaceSlices: number;
  /** Set when the RU/s follow the stored data, not a provisioned figure (Cosmos DB serverless: 5,000 RU/s shared by up to five
   *  physical partitions of 50 GB, then 1,000 per partition): no raise in place lifts them, and the resource leaves its partitions only as it grows. */
  readonly throughputFromStorage?: true;
  /** Set where the layout stores more than its RU/s may hold (Cosmos DB: an autoscale maximum below 10 RU/s per GB,
   *  manual RU/s below 1 per GB): the least RU/s its storage forces. The design as declared is judged at its own minimum;
   *  a layout a fix weighs that stores more (N copies) is not given this one: it is what that fix costs, in RU/s. */
  readonly storageMinimum?: number;
}

/** The physical partition a hot key value lives on, with the load its neighbours are expected to put there. */
export interface PhysicalShare extends PhysicalPartitions {
  /** Expected load of the other key values on the same physical partition: the rest of the peak ÷ the slices
   *  of the key space as large as the largest partition's (`keySpaceSlices`). */
  readonly neighbours: number;
  /** Set when the resource's peak is above headroom × its RU/s (SG017's finding): this share is then the one
   *  at the RU/s SG017 asks for, with the layout that raise gives, and `raisedFrom` is the layout it has now. */
  readonly raisedFrom?: PhysicalPartitions;
  /** Set where SG017's fix is no raise but a move to another capacity mode (a serverless container's, to provisioned
   *  throughput): `raisedFrom` then has no raise of its own, and a fix that needs the move is not one a count offers. */
  readonly movedMode?: true;
}

/**
 * A default throughput quota a figure would pass, and what the resource would then provision against it: DynamoDB's
 * table-level or account-level read or write quota, Cosmos DB's maximum RU/s per container (dedicated throughput) or
 * per database (shared throughput). Each is raised only on request (a quota increase, a support ticket).
 */
export interface QuotaPassed {
  /** The default quota passed, per second: DynamoDB's 40,000 (table-level) or 80,000 (account-level) read or write
   *  units, Cosmos DB's 1,000,000 RU/s. */
  readonly quota: number;
  /** Which quota: DynamoDB's `table-level` or `account-level`, Cosmos DB's per-`container` (dedicated) or
   *  per-`database` (shared) maximum. */
  readonly quotaName: 'table-level' | 'account-level' | 'container' | 'database';
  /** What the resource would then provision against that quota, per second (the account-level figure sums the table and
   *  its GSIs). */
  readonly provisioned: number;
  /** The lint option that declared the quota raised (`quotas.tableWriteUnits`); undefined for the published default. */
  readonly quotaField?: string;
}

/** The normalized design of one engine: `DesignOf<'dynamodb'>` is `DynamoDbKeyDesign`; an engine with no design type is `never`. */
export type DesignOf<E extends KeyDesign['engine']> = Extract<KeyDesign, { readonly engine: E }>;

/** The size ceiling of one key value's data, and what imposes it. */
export interface KeyValueSizeLimit {
  /** Most GB one key value's data may hold: 10 for a DynamoDB item collection (with an LSI), 20 for a Cosmos DB logical
   *  partition. */
  readonly gb: number;
  /** `hard`: every key value (a Cosmos DB logical partition); `local-secondary-index`: only because the
   *  table has one (a DynamoDB item collection), so dropping the index lifts it. */
  readonly cause: 'hard' | 'local-secondary-index';
  /** The declarations that impose it, where it is not `hard` (the table's LSIs: their names, and the first one's field
   *  path). @default - absent: a `hard` limit */
  readonly imposedBy?: {
    /** The names of the declarations (the table's LSIs). */
    readonly names: readonly string[];
    /** Field path of the first of them, e.g. `localSecondaryIndexes[0]`. */
    readonly path: string;
  };
}

/**
 * What the engine itself does for a hot key value holding many items, said accurately:
 * `single-item`: one item never spans partitions; `blocked-by-local-index`: never split with a local
 * secondary index; `increasing-sort-key`: an ever-increasing sort key defeats the split; `may-split`:
 * a sustained load may be split by sort-key range, but a spike throttles first; `aggregate-item`: the
 * same, except the one item a declared running total or conditional write updates on every write, which
 * no split spreads; `none`: nothing to say (the engine never splits one key value, or the key space has
 * no sort key to split on).
 */
export type SplitForHeat = 'single-item' | 'blocked-by-local-index' | 'increasing-sort-key' | 'may-split' | 'aggregate-item' | 'none';

/** The words reports use for the engine's things. */
export interface EngineNouns {
  /** `table`, `container`. */
  readonly resource: string;
  /** `item`, `document`. */
  readonly item: string;
  /** What one key value's data is called: `item collection`, `logical partition`. */
  readonly keyValueData: string;
}

/** A cache's reach, in the words a fix gives it. */
export interface CacheTerms {
  /** The reads it answers and what they then cost. */
  readonly serves: string;
  /** What using it takes: the resource it adds, the client change, the consistency it serves. */
  readonly needs: string;
  /** How long it serves what it holds after the table changed, said where the hottest value is written as much as it is
   *  read (advice.ts, `cacheStale`), so a reader can judge the staleness of items that change every few seconds.
   *  @default - not said */
  readonly stale?: string;
  /** A cache in the application itself, named beside the engine's: the lighter first answer for an item every request
   *  reads (a configuration or kill-switch item), with the staleness it brings.
   *  @default - not named */
  readonly inApplication?: string;
}

export interface EngineProfile<D extends KeyDesign = KeyDesign> {
  /** The engine this profile describes: `dynamodb` or `cosmosdb`. */
  readonly engine: D['engine'];
  /** The engine's name as users write it: `DynamoDB`, `Cosmos DB`. */
  readonly title: string;
  /** The words reports use for this engine's things (`table`/`container`, `item`/`document`). */
  readonly nouns: EngineNouns;
  /** The engine's hard ceilings (numbers with their sources in the doc comments). */
  readonly limits: Readonly<Record<string, number>>;

  /** Every key space of a design: the primary key first, then each secondary index with its own partition key. */
  keySpaces(design: D): readonly KeySpace[];
  /** Indexes that share the primary partition key and add a sort key (DynamoDB LSIs); none elsewhere. */
  localIndexes(design: D): readonly LocalSecondaryIndex[];

  /** The ceilings a key value's loads run into, with `headroom` × ceiling usable; with `physical`, also
   *  its physical partition's share less the neighbours' load, whichever is lower. */
  loadDimensions(loads: Loads, headroom: number, physical?: PhysicalShare, neighbours?: PartitionNeighbours): LoadDimension[];
  /** The unit a write is charged in (what N replicated copies multiply). */
  readonly writeUnit: LoadDimension['unit'];

  /**
   * Whether one value of the key space holds many items (a sort-key range, a logical partition of
   * documents), so that write sharding spreads its reads too; a single item's reads stay whole.
   */
  keyValueHoldsMany(design: D, space: KeySpace, cardinality: number): boolean;
  /** The size ceiling of one key value's data, or undefined when none applies to this design. */
  keyValueSizeLimit(design: D): KeyValueSizeLimit | undefined;
  /** What the engine does on its own for a hot key value (see SplitForHeat). */
  splitForHeat(design: D, space: KeySpace, holdsMany: boolean): SplitForHeat;
  /**
   * Whether every write of the table's hottest key value updates one and the same item: the table key names one item
   * (DynamoDB: no sort key), or the item a declared running total or conditional write keeps. That item carries one
   * value of each index key, so an index it is written to takes those writes on that one value, whatever the index's
   * own cardinality (SpaceAnalysis.inherited). False where the engine has no global secondary indexes.
   */
  hotWritesOnOneItem(design: D): boolean;

  /**
   * How a query is routed to partitions: `full-key` needs every partition-key attribute (DynamoDB,
   * multi-attribute keys included); `key-prefix` routes on a prefix of a hierarchical key, so the
   * first level is enough, and a key may gain levels (up to `maxKeyLevels`) without losing targeted queries.
   */
  readonly routing: 'full-key' | 'key-prefix';
  /** Most attributes (levels) one partition key may have. */
  readonly maxKeyLevels: number;
  /** Whether the engine has global secondary indexes: a query keyed on something else can get its own. */
  readonly globalIndexes: boolean;

  /**
   * Whether one transaction can span key values: DynamoDB's TransactWriteItems spans partitions
   * (Developer Guide, "Amazon DynamoDB Transactions"); a Cosmos DB transactional batch or stored procedure
   * runs within one logical partition ("Transactional batch operations"), so nothing keeps replicated
   * copies in step there.
   */
  readonly transactionsSpanKeys: boolean;

  /** The cache that serves a read-hot key value's reads: `DAX`, `the integrated cache`. */
  readonly cache: string;
  /** What that cache serves and what it takes, said wherever a fix offers it: a cache answers only the reads it
   *  holds, at the consistency it supports, and never takes a write (the vendor pages in lib/lint/sources.ts). */
  readonly cacheTerms: CacheTerms;
  /** How hot keys are made visible: per key space (DynamoDB Contributor Insights, one switch per table and
   *  GSI), or per resource through diagnostic logs (Cosmos DB partition-key statistics). */
  readonly keyMonitoring: 'contributor-insights' | 'diagnostic-logs';
  /** Whether a dominant value (a whale tenant) is commonly moved to its own resource, keyed by a finer attribute. */
  readonly hotValueMovesOut: boolean;
  /**
   * Whether the engine moves a frequently accessed key to a partition of its own under sustained traffic, so that two of
   * a value's keys the hash put on one partition part again: DynamoDB's adaptive capacity isolates frequently accessed
   * items ("Burst and adaptive capacity"); Cosmos DB splits a physical partition for storage or throughput, never for
   * heat ("Partitioning and horizontal scaling"), so keys hashed together stay together (lib/lint/hashed-keys.ts).
   */
  readonly separatesHotKeys: boolean;
  /**
   * Whether a count of one hot value's hashed keys (write shards, replicated copies) is sized so that two of them hashed
   * onto one partition still fit that partition's hard maximum beside its expected neighbours, not only each key its
   * usable ceiling (lib/design/hashed-pair.ts). DynamoDB: a partition past 1,000 WCU / 3,000 RCU throttles ("Burst and
   * adaptive capacity"), and adaptive capacity isolates the two only under sustained traffic, which a launch or a batch
   * start meets first. Cosmos DB: sized on the expected placement, the pair stated in the fix.
   */
  readonly sizesForHashedPair: boolean;

  /**
   * What fixes a key value holding many items whose reads alone make it hot: `shard` (DynamoDB: write
   * sharding spreads a sort-key range's reads too) or `copy` (Cosmos DB: replicated copies, or the
   * cache; random shards would turn every read of the logical partition into an N-way fan-out).
   */
  readonly readHotCollection: 'shard' | 'copy';

  /**
   * The result size one read unit covers, in KB, where the engine charges every query request its result rounded up
   * to it and at least one unit (DynamoDB: 4 KB, "Capacity unit consumption for read operations"): what `shardsFor()`
   * takes a declared `resultKb` in. Undefined on Cosmos DB, where `shardsFor()` refuses `resultKb`; the lint charges
   * a Cosmos DB fan-out each query's floor through `queryCharge`.
   */
  readonly queryReadUnitKb?: number;
  /**
   * What one query request is charged for what it loads, in the units the read peak is declared in, where the engine
   * charges each request at least a minimum: DynamoDB a read unit per 4 KB, rounded up, at least one ("Capacity unit
   * consumption for read operations"); Cosmos DB at least about 2.5 RU per physical partition whose index it checks
   * ("Query an Azure Cosmos DB container"), 1 RU per KB above it (a point read's figure, "Request Units"). SG017
   * charges a read that fans out over N shards or buckets N times its shard's part of it (read-requests.ts), and SG003's
   * plan charges each shard of a hot value that part (gathered-reads.ts).
   * @default - undefined: a fan-out of a whole collection is counted once
   */
  readonly queryCharge?: QueryCharge;

  /**
   * The physical partitions under a resource whose throughput is divided evenly among them (Cosmos DB:
   * declared, or one per 6,000 RU/s of manual throughput, 10,000 of autoscale or shared, and per 50 GB), from the throughput and size the design declares; undefined
   * when the engine has no such model or the design declares no throughput.
   */
  physicalPartitions?(design: D): PhysicalPartitions | undefined;
  /**
   * The design as a container whose RU/s its physical partitions divide, which a raise in place edits (Cosmos DB: the
   * design itself, typed so that a rule holding any design edits its throughput without a cast); absent where the
   * engine raises no throughput in place (DynamoDB: SG017 sets the table's own capacity fields).
   */
  containerOf?(design: D): CosmosKeyDesign;
  /**
   * The hot key value's physical partition, with its neighbours' expected load (`total` − `hot`, spread evenly).
   * `cardinality`: how many values share the traffic (default: the full key's; a hierarchical key's first level passes
   * its own). Cosmos DB hashes values to partitions, so the expectation does not depend on it; it tells a uniform key at
   * the container's line, judged at the average partition, from a hot one (`judgedNeighbourLoad`). `pastOwnCeiling`: the
   * value is over its own key ceiling, which no raise lifts; where the rest of the load needs no raise either, it is
   * judged on the layout the container has, not where SG017's raise would leave it. `raisedFor`: the value SG017's raise
   * is sized to fit (the container's own key's hottest value, `keyValueTheRaiseFits`), where it is not `hot`: a
   * hierarchical key's first level and its buckets are judged at the one raise SG017 asks for, not at one of their own.
   * A function, called only where the container is raised: figuring that value takes an analysis of the design.
   * @default - the raise is sized for `hot`
   */
  physicalShare?(
    design: D,
    total: Loads,
    hot: Loads,
    cardinality?: number,
    pastOwnCeiling?: boolean,
    raisedFor?: () => ValueAmongValues,
  ): PhysicalShare | undefined;
  /**
   * The other keys' expected load on the partition of a stored key of a key space (its index name; undefined: the table)
   * whose own load is `stored`, with the key space at `total`: made once per design (DynamoDB: `dynamoNeighbourModel`).
   * Undefined where the engine has no such model (Cosmos DB judges neighbours on `physicalShare`).
   */
  neighbourModel?(design: D): NeighbourModel | undefined;
  /** `neighbourModel` of a key space known by its peak alone (`shardsFor()`), on demand. */
  peakNeighbours?(total: Loads, stored: Loads): PartitionNeighbours;
  /**
   * The default quota on the resource's provisioned throughput that SG017's raise for a peak of `peak` (reads and
   * writes together, in the one budget they share) would pass: the throughput that peak needs at headroom, on the
   * declared form's grid, above the quota. Undefined within it, and where the engine bounds its throughput otherwise
   * (DynamoDB's table-level and account-level quotas bound reads and writes apart: lib/lint/throughput-quota.ts).
   */
  throughputQuotaPassed?(design: D, peak: number): QuotaPassed | undefined;
  /**
   * What one physical partition holds before it splits, for a prefix-routed key whose first-level value
   * stays on one partition until then (Cosmos DB hierarchical keys: 50 GB, and the RU/s it serves).
   */
  prefixPartition?(design: D): { readonly requestUnits: number; readonly gb: number };
  /**
   * The resource's size when it is small enough that a query visiting every physical partition costs
   * about what a targeted one does (Cosmos DB query docs: at most 30,000 RU/s and 100 GB); undefined
   * otherwise or when the size is unknown.
   */
  smallResource?(design: D): { readonly requestUnits: number; readonly gb: number; readonly partitions: number } | undefined;
}
