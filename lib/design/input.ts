/**
 * What users declare: the props of `GuardedTable` / `GuardedContainer` and the entries of a design
 * file. `normalizeDesign()` turns these into a `KeyDesign` with every default made explicit.
 */
import type { Engine } from '../engines';
import type { AccessPatternWants, AttributeKind, Cardinality, DynamoDbAttributeType, HotKeyOperations, InvariantKind, ShardingStrategy } from './key-design';
import type { Thresholds } from './limits';

export type { AttributeKind, Cardinality, DynamoDbAttributeType, Engine, HotKeyOperations, InvariantKind, ShardingStrategy };

/** One part of a composite string value, in order: `COUNTRY#STATE#CITY`, `yyyyMM-userId`. */
export interface KeyPartDesign {
  /** Name of the part, e.g. `country`. */
  readonly name: string;
  /** Distinct values of this part; needed to check that parts go from low to high cardinality (SG004).
   *  @default - unknown; required in a sort key that has more than one part */
  readonly cardinality?: Cardinality;
  /** @default - inferred from `name` */
  readonly kind?: AttributeKind;
}

export interface KeyAttributeDesignBase {
  /** Attribute name as stored in the item, e.g. `eventId`. */
  readonly name: string;
  /** DynamoDB attribute type. Every DynamoDB key attribute needs one (SG005); not used by Cosmos DB.
   *  @default - none: SG005 reports a DynamoDB key attribute without a type */
  readonly type?: DynamoDbAttributeType;
  /** @default - inferred from `name` */
  readonly kind?: AttributeKind;
  /** The parts of a composite string value, in the order they are joined.
   *  @default - the attribute is one value, not a composite */
  readonly components?: readonly KeyPartDesign[];
  /** Global secondary index keys only: whether the application changes this attribute on existing
   *  items (a score, a status; for a composite, any of its components: `status` of `status#dueDate`
   *  rewrites the stored value when it changes). Each change moves the item in the index (a delete and a put), and a
   *  shard calculated from it moves the item between shards (SG018). A table's own key attributes
   *  never change in place: DynamoDB's UpdateItem cannot modify them.
   *  A finding over only at the 2× writes a name gives an index is a warning, not an error (SG001, SG003, SG017):
   *  declare `mutable` (or the index's `workload.peakWriteUnits`) for the verdict to rest on the design.
   *  @default - inferred from the name, or a composite's component names: `score`, `status`, `rank`, `balance`… are changed by updates */
  readonly mutable?: boolean;
}

/** A partition-key attribute: its declared cardinality drives SG001 and the uniform hot-key share. */
export interface PartitionKeyAttributeDesign extends KeyAttributeDesignBase {
  /** Expected distinct values at peak, or `'unique'`. With `sharding`, the values before sharding (the
   *  logical key's): skewguard counts one stored key per shard of each, so `--fix` leaves this as it is
   *  when it writes the shards. */
  readonly cardinality: Cardinality;
}

/** A sort-key attribute. */
export interface SortKeyAttributeDesign extends KeyAttributeDesignBase {
  /** Distinct values; required when a key has several ordered parts (SG004 checks the order).
   *  @default - unknown */
  readonly cardinality?: Cardinality;
}

/** Peak traffic. DynamoDB: read and write capacity units per second; Cosmos DB: RU/s. */
export interface WorkloadDesign {
  /** Peak reads per second across the whole table (with its indexes) or container (RCU, or RU/s for
   *  Cosmos DB). When access patterns are declared, each key space (the table, each GSI) is charged the
   *  share of the patterns that read it plus the share no pattern claims. The cost before fan-out: each read as the
   *  application issues it, charged as one query of one key (a read that fans out over N shards counts once here, and
   *  SG017 multiplies it by N itself), not the units measured with the fan-out, which would be counted twice. */
  readonly peakReadUnits: number;
  /** Peak writes per second across the whole table or container (WCU, or RU/s for Cosmos DB). For a DynamoDB
   *  global table or a Cosmos DB account that writes in several regions, the writes of every region together:
   *  each replica applies every region's writes to its own partitions. Reads stay in their region: declare the busiest region's. */
  readonly peakWriteUnits: number;
  /** Share of traffic (0–1] the single hottest key value takes at peak: a hot event, a bot user,
   *  a whale tenant. Must be at least 1/cardinality: the hottest value takes at least the average. The share is of
   *  what the key serves: where access patterns read a GSI, the table's own key serves the reads they leave it (0.3
   *  of a declared 30,000 RCU whose patterns send 10% to an index is 30% of 27,000 RCU).
   *  @default - uniform: 1 / cardinality of the full partition key; 1 for a time-bucket key,
   *  whose current bucket takes every write; 1/V for a key that combines a time bucket with other
   *  parts (`yyyyMMdd#tenantId`, or levels `/tenantId` → `/date`), whose current bucket's writes land
   *  on the V values of the other parts (5 tenants: 0.2) */
  readonly hotKeyShare?: number;
  /** Which operations carry the hottest value's share (the table's or container's own key): `reads` (a bot or a
   *  celebrity item that is read, hardly written), `writes` (a device or a counter that is written, hardly read),
   *  or `both`. The hottest value's load is `hotKeyShare` of the peak of each direction it names; its fix names
   *  only the remedies for those directions (a cache for reads; batching or write sharding for writes).
   *  `skewguard observe --update` writes it when the logged operations of the hottest Cosmos DB key go one way, or when
   *  the key-range throttles of a DynamoDB table at its hottest key's busiest period went one way.
   *  @default 'both' */
  readonly hotKeyOperations?: HotKeyOperations;
  /** Which value of the key is the hottest is not known ahead or changes over time: an alert storm at whichever site is
   *  alerting, a flash sale on whichever product, the current hour's topic. A fix that write-shards the key then shards
   *  every value (no `sharding.hotValues` list), since a list of hot values in the application's configuration would
   *  name the wrong one, each value left off it unsharded at the full `hotKeyShare` (AWS, "Using write sharding to
   *  distribute workloads evenly", and Azure, "Create a synthetic partition key", suffix every value of the key); every
   *  value's reads then fan out over the shards, and the fix is costed so. A key that declares `sharding.hotValues`
   *  cannot declare this too.
   *  @default false: the hottest value is known ahead and stays, so a fix may shard it alone (`sharding.hotValues: 1`) */
  readonly hotKeyMoves?: boolean;
}

/** A DynamoDB table's peak traffic: the common figures, and what share of the writes create or delete items. */
export interface DynamoDbWorkloadDesign extends WorkloadDesign {
  /** Share (0–1] of the table's peak writes that put a new item or delete one, the rest updating existing items. AWS
   *  counts a put or delete of an item carrying an index's key as a write to that index whatever its projection,
   *  while an update that changes no index key attribute and no projected attribute writes nothing there
   *  ("Provisioned throughput considerations for global secondary indexes"). So a `KEYS_ONLY` index that declares no
   *  writes of its own is counted at this share of the table's writes, and an `INCLUDE` one at least at it: a figure
   *  judged as declared, where the table's whole writes are only an upper bound.
   *  @default - 1 where the table's key is unique per item (partition key, or sort key, of cardinality "unique"): each
   *  write is a new item; otherwise unknown, and such an index is counted at the table's writes as an upper bound */
  readonly newItemShare?: number;
}

/** A global secondary index's traffic; each omitted figure falls back to the table's. */
export interface IndexWorkloadDesign {
  /** @default - the table's `peakReadUnits` × the summed `share` of the access patterns that name this
   *  index, plus the share no access pattern claims; the table's whole `peakReadUnits` when the design
   *  declares no access patterns (conservative: every query could use the index) */
  readonly peakReadUnits?: number;
  /** Count an update that changes this index's key attributes as two writes: the index deletes the
   *  old entry and puts the new one (a status index of a table whose writes are status changes takes
   *  twice the table's writes).
   *  @default - the table's `peakWriteUnits` (every table write is projected into the index); twice that when a key
   *  attribute of the index changes on existing items (declared `mutable: true`, or not declared and named like
   *  `status`, `score`, `updatedAt`): every table write is then assumed to be such an update, a delete and a put; where
   *  only the name says so, a finding over only at that 2× is a warning. Counted per copy of an item: where the table
   *  keeps replicated copies (`sharding.strategy: 'replicated'`), each copy writes its own index entry, and the rules
   *  count this figure × the copies. Undeclared, where the table's hottest key value is one item (no sort key, or the
   *  item a declared running total or conditional write keeps), the index's hottest value takes at least that item's
   *  share of these writes: every update of it writes the index on its one key value. Declare it when the index's
   *  projection leaves out what those updates change (an update that changes no index key and no projected
   *  attribute does not write the index) */
  readonly peakWriteUnits?: number;
  /** @default - uniform: 1 / cardinality of the index's full partition key; the table's `workload.hotKeyShare` (unless
   *  its `hotKeyOperations` is `reads`) where the index's partition key is the table's partition-key attribute or its
   *  components, which the table's hottest value determines (a GSI on `gameId` of a table keyed by `gameId`: every
   *  write of the hot game writes the index on one value), divided by the table's shards when the index is keyed
   *  by that sharded attribute itself and declares no sharding of its own (one sharded in a separate attribute,
   *  `logicalAttribute`, holds the unsharded value and its own shard: only its own shards spread it); for its writes, the table's hottest item's share where that is more and the index
   *  takes the table's writes (see `peakWriteUnits`) */
  readonly hotKeyShare?: number;
  /** Which value of the index's key is the hottest is not known ahead or changes over time (see the table's
   *  `workload.hotKeyMoves`): a fix that write-shards the index shards every value, each value's reads fanning out.
   *  @default - the table's `workload.hotKeyMoves` where the index's hottest share is the table's (its key is the
   *  table's partition-key attribute or its components); false otherwise */
  readonly hotKeyMoves?: boolean;
}

export interface StorageDesign {
  /** Expected size in GB of the largest logical partition (Cosmos DB: one full key value) or item
   *  collection (DynamoDB: all items of one partition-key value plus the attributes projected into the table's local
   *  secondary indexes, as the 10 GB limit counts them, AWS ItemCollectionMetrics: 6 GB of items projected `ALL` into
   *  one LSI are about 12 GB), before sharding.
   *  @default - unknown: SG006 is not checked */
  readonly largestPartitionGb?: number;
}

/**
 * How one logical key is stored under N keys `<logical key><separator><n>`, n in 0…N-1.
 * Write sharding (`random`, `calculated`) divides a write-hot key's writes over N keys; it spreads
 * reads only where a key value holds many items (a read of one item still hits the one key holding
 * it). `replicated` keeps N full copies for a read-hot key: each write goes to every copy, each read
 * to one copy at random.
 */
export interface ShardingDesign {
  /** `random`: even writes, every read fans out over all shards (buffers, flash-sale writes).
   *  `calculated`: shard = hash(sourceAttribute) mod shards; a read for one source value hits
   *  one shard (user-facing OLTP).
   *  `replicated`: N copies written together, read at random (read-hot keys; N× the key's writes). */
  readonly strategy: ShardingStrategy;
  /** Number of keys N per logical key: shards, or copies for `replicated`. Size it with
   *  `shardsFor()` or `replicasFor()` (2 to 1,000). The key's `cardinality` stays the count of its
   *  values before sharding: the stored keys are N × that. */
  readonly shards: number;
  /** The attribute whose value picks the shard; required for `calculated`, not allowed for `random`.
   *  @default - none */
  readonly sourceAttribute?: string;
  /** Text between the logical key and the shard number.
   *  @default '#' */
  readonly separator?: string;
  /** Global secondary index only: the attribute whose value the index's partition key holds before its
   *  shard suffix (its unsharded value, where the table shards that attribute too: the table's shards do not
   *  spread the index), when the shard goes in a separate attribute the application writes for the index
   *  (`orderStatusShard` = `orderStatus` + "#" + n), so the attribute every other reader uses stays as it
   *  is (AWS, "Using global secondary index write sharding for selective table queries"). The index's
   *  partition key is then that separate attribute, its `cardinality` the logical attribute's, and its
   *  `kind`, when not declared, inferred from this name (`hourBucket` makes `hourBucketShard` a time bucket).
   *  @default - none: the partition-key attribute itself holds `<value><separator><n>` */
  readonly logicalAttribute?: string;
  /** Shard only the `hotValues` hottest values of the key (write sharding only): the application keeps those values in
   *  a list in its configuration and appends the shard suffix (`<value><separator>0…N-1`) to them alone; every other
   *  value is written and read as one key, unsharded. Reads of a listed value fan out over its N shards; reads of the
   *  others stay one query. skewguard judges the hottest value at 1/N of its load and the other values unsharded, at
   *  an even part of what the hottest leaves (AWS, "Using write sharding to distribute workloads evenly": the suffix
   *  goes where the writes concentrate; Azure, "Create a synthetic partition key"). `shardedKey(sharding, { hotKeys })`
   *  builds the keys from that list.
   *  @default - every value of the key is sharded */
  readonly hotValues?: number;
  /** Distinct values of `sourceAttribute` (calculated only): a source with fewer values than
   *  `shards` leaves shards empty and the rest hot (SG018).
   *  @default - the cardinality the design declares for that attribute as a key attribute or key
   *  component; unknown otherwise (SG018 warns) */
  readonly sourceCardinality?: Cardinality;
  /** Whether `sourceAttribute` changes on existing items (calculated only): each change moves the
   *  item to another shard, so reads by the old shard miss it (SG018).
   *  @default - false for the table's own key attributes (they never change in place); the
   *  attribute's `mutable` where it is an index key; else inferred from the name (`score`, `status`…) */
  readonly sourceMutable?: boolean;
}

/**
 * Something the application relies on that only holds within one key value, so write sharding can
 * break it (SG019). Both engines:
 * - `conditional-write`: a condition on one item (stock never below zero, a unique claim with
 *   `attribute_not_exists`, an ETag check): one item per key value unless `scopeAttribute` names
 *   the attribute that identifies it within the key value (one seat per `seatId`);
 * - `running-total`: a balance or counter kept on one item and updated by every write. Updated in place (an ADD to the
 *   item), no calculated shard spreads it, since the item's attributes never change: SG003 advises random shards, each
 *   update to a sub-total drawn at random, and SG018 refuses calculated ones. A `transaction` declared beside it (a
 *   posting that writes its own entry with the total) lets the entry's shard pick the sub-total instead.
 * Cosmos DB: `transactional-batch` (TransactionalBatch) and `stored-procedure` (stored procedures
 * and triggers) run within one logical partition.
 * DynamoDB: `transaction` (TransactWriteItems, up to 100 items) is atomic across partitions, so
 * sharding keeps it; declare the item it conditions on as `conditional-write` or `running-total`.
 */
export interface InvariantDesign {
  /** What kind of invariant it is (see above): decides whether sharding breaks it. */
  readonly kind: InvariantKind;
  /** What must hold, for reports: `account balance never negative`.
   *  @default - none */
  readonly description?: string;
  /** The attribute all items of one transaction, batch or stored-procedure call share within the key
   *  value (a cart id within a user's partition): a shard calculated on it keeps each one on one shard.
   *  On a `conditional-write`: the attribute that identifies the one item the condition is on within the
   *  key value (a seat's `seatId`; on DynamoDB the table's sort key or one of its components, else the design
   *  is refused), when each value has its own item (a seat hold
   *  succeeds only if that seat is available), not one aggregate for the whole key value: a shard
   *  calculated on it keeps each such item, and every write that checks it, on one shard; random shards
   *  do not (a writer could not find the item). Not on a `running-total`, which is one item per key value.
   *  @default - none: the whole key value is the scope (a conditional write is on one aggregate item
   *  per key value, a stock counter or a balance), and only an unsharded key, or `splitPerShard`, keeps it */
  readonly scopeAttribute?: string;
  /** The aggregate is already kept per shard: N sub-balances or per-shard counters, each checked on
   *  its own and read together. Sharding then keeps the invariant.
   *  @default false */
  readonly splitPerShard?: boolean;
}

/** A query the application runs, so reads can be checked against the key design. */
export interface AccessPatternDesign {
  /** A name for reports, e.g. `tickets-of-user`. */
  readonly name: string;
  /** DynamoDB: the index the query reads (GSI or LSI name).
   *  @default - the table itself */
  readonly index?: string;
  /** Attributes the query supplies with equality (DynamoDB names; Cosmos paths, `/` optional): its
   *  partition-key attributes, and the sort-key attributes or composite parts (`country`, `state` of
   *  `COUNTRY#STATE#CITY`) it gives by equality, which SG004 requires to lead the sort key. A composite
   *  key attribute is given by its name or by all of its `components` (`seriesId` and `yyyyMMdd` give
   *  `seriesDay`): every part by equality determines the key, so the query carries it (SG012). */
  readonly keyAttributes: readonly string[];
  /** A sort-key attribute or composite part the query bounds with a range (`between`, `<`, `>`,
   *  `begins_with`) after its equality attributes: SG004 requires it to come right after them, since a
   *  sort key is matched left to right without skipping.
   *  @default - none: the query gives its sort-key attributes by equality only */
  readonly rangeAttribute?: string;
  /** Share (0–1) of all queries against this table or container that use this pattern. */
  readonly share: number;
  /** The read queries every shard of a sharded key and merges the results; on a key whose first level is a synthetic
   *  bucketed level (`components` ending in a `bucket` part with its count, as SG003's fix declares it), a pattern
   *  naming that level with `fanOut` reads one value of it (`region`) by querying each of its buckets, and SG017
   *  charges a page (`limit`) or an item on every bucket. Naming only the value's component (`region`) says the query
   *  gives no partition-key value at all (SG012). On a key with neither (unsharded, or replicated) nothing fans out
   *  and the field has no effect, which SG009 warns of at the field (remove it, or declare the sharding meant; where the
   *  key is over and SG003's fix shards it, that fix declares the sharding and the field stays). SG003's and SG009's fixes set it
   *  with a sharding, and a fix that removes one (SG007's) removes it where nothing fans out then.
   *  @default false */
  readonly fanOut?: boolean;
  /** The query reads one page at a time: at most this many items each (DynamoDB `Limit`, following
   *  `LastEvaluatedKey`; Cosmos DB `MaxItemCount`), in sort-key order. Under write sharding each page
   *  must read a page from every shard and merge them (unless it wants any item, `wants`), so the shards do not divide its reads: a key
   *  value hot by such reads is given a cache or replicated copies (SG003), not write sharding.
   *  @default - none: the query reads every item it matches */
  readonly limit?: number;
  /** What one read of this pattern returns from an unsharded key value, in KB (its items' sizes summed).
   *  DynamoDB charges each Query that sum rounded up to the next 4 KB, and at least one read unit (half of one for an
   *  eventually consistent read, as `peakReadUnits` are), per request ("Capacity unit consumption for read operations"), so a read that queries all N shards of a sharded key costs
   *  each shard ⌈resultKb ÷ N ÷ 4⌉ units (at least one), not 1/N of the unsharded read's: the shards divide its reads
   *  only by that (SG003, SG017); a result of 4 KB or less, not at all. Cosmos DB charges each shard's (or bucket's)
   *  query at least about 2.5 RU ("Query an Azure Cosmos DB container"), taken as 1 RU per KB loaded above it (a point
   *  read's figure, "Request Units"), so SG017 charges a fan-out (`fanOut`) N × max(2.5, resultKb ÷ N) RU for the
   *  max(2.5, resultKb) it cost unsharded. Not for a page read (`limit`): each shard's query must
   *  return up to `limit` items for the page to be merged, so each is charged what the unsharded read was anyway.
   *  @default - unknown: a read of the whole collection is taken to return over N times what a query's minimum covers
   *  (DynamoDB 4 KB, Cosmos DB 2.5 KB), so N shards each take 1/N of it; a count or a peak that relies on that says so */
  readonly resultKb?: number;
  /** What satisfies the read. `all`: it wants every item it matches, so on a random-sharded key (or a
   *  calculated one read without its source attribute) it must query every shard (`fanOut`), or it sees
   *  1/N of them (SG009). `any`: any item it matches will do, as a work queue's poll for queued jobs:
   *  it queries one shard (a random one, moving to another when that one is empty), needs no fan-out,
   *  and costs one query, not N. Only for a pattern that reads a random- or calculated-sharded key,
   *  and never with `fanOut`.
   *  @default 'all' */
  readonly wants?: AccessPatternWants;
  /** The one value of the partition key every read of this pattern asks for: `QUEUED` for a queue's
   *  poll of status = QUEUED (the logical value of a sharded key), or a label such as `current-season`
   *  when the value changes over time. That value then takes all of this pattern's reads, on top of its
   *  share (`hotKeyShare`) of the key space's other reads: SG003 and the plan judge the hottest value's
   *  reads so. Patterns naming the same value add up. Writes are not moved (`hotKeyShare` says how they
   *  spread). The pattern must give the whole partition key (keyAttributes).
   *  @default - none: the pattern's reads spread over the key's values as `hotKeyShare` says */
  readonly keyValue?: string;
  /** DynamoDB: the read is strongly consistent (`ConsistentRead: true` on its GetItem or Query). Such a read costs a whole
   *  read unit per 4 KB where an eventually consistent one costs half ("Read/write capacity mode"), and DAX serves none
   *  of them: it passes them through to the table ("DAX and DynamoDB consistency models"), so SG003 offers no cache for
   *  reads that are all strongly consistent and says, where some are, that the cache serves only the rest. Not on a
   *  global secondary index, which serves eventually consistent reads only (a Query with `ConsistentRead` on one fails
   *  with a ValidationException, "Using Global Secondary Indexes in DynamoDB"); a local secondary index serves both.
   *  Cosmos DB sets consistency on the account or the request (its consistency level), which this field does not model.
   *  @default false - eventually consistent, the DynamoDB API's default */
  readonly consistentRead?: boolean;
}

/** A waiver for one finding, kept visible in every report. */
export interface AcknowledgementDesign {
  /** Rule id, e.g. `SG014`. */
  readonly rule: string;
  /** Why the finding is accepted (at least 10 characters); audits read it. */
  readonly reason: string;
  /** DynamoDB: the index (GSI, or LSI) whose findings it waives, and only those: a waiver scopes one key space.
   *  @default - the table's or container's own key space only (its key, its access patterns on the table, table-wide
   *  findings such as capacity), never its indexes': each index needs a waiver naming it */
  readonly index?: string;
  /** The kinds of the rule's findings it waives: their message ids (a finding's `messageId`, e.g. `overQuota` of
   *  SG017), so a waiver written for one finding never absorbs another kind the rule reports on the same key space;
   *  a message id that other wordings are variants of waives them too (a finding's `variantOf`: SG003's `hotKey` waives
   *  `hotHeldKey`, `hotNamedKey`, `hotHeldNamedKey` and `hotKeyUnderFirstLevel`, the same hot value over its ceiling);
   *  or the parts a finding is made of (its `parts`: SG003's `hotKeyReads`, `hotKeyWrites`), which waive it only when
   *  every part of it is named, by this waiver or beside it by other waivers of the rule on the same key space (one
   *  for the reads, one for the writes, each with its reason): a waiver for a cache names `hotKeyReads`, and never
   *  hides the same key's write heat. An id the rule does not have is an input error.
   *  @default - every kind of the rule's findings on its key space (reports name the kinds when it waives more than one) */
  readonly appliesTo?: readonly string[];
  /** The last day the waiver holds, `YYYY-MM-DD` (UTC): from the next day the findings it waived count again, each
   *  reported with this waiver's reason and date (a waiver "until the quota raise lands").
   *  @default - never expires */
  readonly expires?: string;
}

/** Per-design rule thresholds; each omitted one keeps the project or default value. */
export type ThresholdOverrides = { readonly [K in keyof Thresholds]?: Thresholds[K] };

export interface DesignBaseInput {
  /** Name of the table or container, used in reports. */
  readonly name: string;
  /** The peak traffic the design is sized for (the one required planning figure): reads and writes per
   *  second, and optionally the hottest key's share. Every partition-load rule compares these peaks with
   *  what one partition and the capacity serve; declare the peak the table must survive, not the average. */
  readonly workload: WorkloadDesign;
  /** @default - sizes unknown */
  readonly storage?: StorageDesign;
  /** @default - no write sharding */
  readonly sharding?: ShardingDesign;
  /** What must stay within one value of the partition key (the table's or container's own; an index
   *  holds no invariants): sharding that would split it is reported (SG019), and fixes keep it.
   *  @default - none */
  readonly invariants?: readonly InvariantDesign[];
  /** @default - none declared: read-path rules (SG009, SG012) have nothing to check */
  readonly accessPatterns?: readonly AccessPatternDesign[];
  /** @default - none */
  readonly acknowledgements?: readonly AcknowledgementDesign[];
  /** @default - the project's thresholds, else `DEFAULT_THRESHOLDS` */
  readonly thresholds?: ThresholdOverrides;
}

/**
 * Provisioned capacity of one dimension, as CDK's `Capacity.fixed(n)` or `Capacity.autoscaled({ minCapacity,
 * maxCapacity, targetUtilizationPercent })` sets it: fixed units, or the bounds auto scaling moves between. Whichever is given caps
 * what the table or index serves: requests above it are throttled, whatever the key (SG017).
 */
export type CapacityUnitsDesign =
  | {
      /** Units per second, always provisioned (CloudFormation `ReadCapacityUnits` / `WriteCapacityUnits`). */
      readonly fixed: number;
    }
  | {
      /** The least auto scaling provisions.
       *  @default 1 */
      readonly min?: number;
      /** The most auto scaling provisions (`maxCapacity`): the ceiling of the table or index. */
      readonly max: number;
      /** Auto scaling's target utilization (`targetUtilizationPercent`), 20 to 90: it provisions the consumed capacity
       *  ÷ this share, between min and max, so at the declared peak the table has peak ÷ target, and the partitions
       *  for it (SG003 counts a key's neighbours over them).
       *  @default 70 */
      readonly targetUtilizationPercent?: number;
    };

/** Provisioned read and write capacity of a table or GSI (`billing: 'provisioned'`). */
export interface ProvisionedCapacityDesign {
  /** Read capacity units.
   *  @default - unknown: not checked (a GSI: the table's) */
  readonly read?: CapacityUnitsDesign;
  /** Write capacity units.
   *  @default - unknown: not checked (a GSI: the table's) */
  readonly write?: CapacityUnitsDesign;
}

/** The maximums of an on-demand table or GSI, as `Billing.onDemand({ maxReadRequestUnits, maxWriteRequestUnits })`
 *  sets them: requests above them are throttled (Developer Guide, "DynamoDB maximum throughput for on-demand tables"). */
export interface OnDemandThroughputDesign {
  /** @default - no maximum: the table-level quota (40,000 by default) bounds it */
  readonly maxReadRequestUnits?: number;
  /** @default - no maximum: the table-level quota (40,000 by default) bounds it */
  readonly maxWriteRequestUnits?: number;
}

/** Warm throughput, as TableV2's `warmThroughput`: what the table or GSI serves instantly from its creation
 *  (pre-warming). A new on-demand table otherwise starts at 4,000 write and 12,000 read units per second. */
export interface WarmThroughputDesign {
  /** @default - DynamoDB's default: 12,000 read units per second for a new on-demand table or GSI */
  readonly readUnitsPerSecond?: number;
  /** @default - DynamoDB's default: 4,000 write units per second for a new on-demand table or GSI */
  readonly writeUnitsPerSecond?: number;
}

/** What a table or GSI can serve: provisioned capacity, on-demand maximums, warm throughput. */
export interface CapacityDeclarations {
  /** Provisioned capacity; with it the table is provisioned (`billing` may be left out).
   *  @default - unknown: SG017 checks no provisioned ceiling (a GSI: the table's capacity, as TableV2 gives it) */
  readonly capacity?: ProvisionedCapacityDesign;
  /** On-demand maximums; only for on-demand tables.
   *  @default - no maximums */
  readonly onDemand?: OnDemandThroughputDesign;
  /** Warm throughput (pre-warming).
   *  @default - none: a new on-demand table or GSI starts at DynamoDB's initial throughput */
  readonly warmThroughput?: WarmThroughputDesign;
}

export interface GlobalSecondaryIndexDesign extends CapacityDeclarations {
  /** Index name. */
  readonly indexName: string;
  /** A single-attribute partition key. Give this or `partitionKeys`.
   *  @default - none: give this or `partitionKeys` */
  readonly partitionKey?: PartitionKeyAttributeDesign;
  /** A multi-attribute partition key (up to 4 attributes). Give this or `partitionKey`. DynamoDB hashes the attributes
   *  together, so the key has as many values as their combinations: the product of their cardinalities, at most the
   *  table's items (declare an attribute that nests in another, a region each tenant has one of, with cardinality 1).
   *  @default - none: give this or `partitionKey` */
  readonly partitionKeys?: readonly PartitionKeyAttributeDesign[];
  /** @default - no sort key */
  readonly sortKey?: SortKeyAttributeDesign;
  /** A multi-attribute sort key (up to 4), queried left to right: order from low to high cardinality.
   *  @default - no sort key */
  readonly sortKeys?: readonly SortKeyAttributeDesign[];
  /** @default - the table's workload */
  readonly workload?: IndexWorkloadDesign;
  /** @default - no write sharding */
  readonly sharding?: ShardingDesign;
  /** Contributor Insights on this index.
   *  @default - the table's setting */
  readonly contributorInsights?: boolean;
  /** What the index copies of each item besides its keys, as the table's `Projection` declares it: `ALL`, `KEYS_ONLY`,
   *  or `INCLUDE` with `nonKeyAttributes`. A table update that changes no index key attribute and no projected
   *  attribute does not write the index (Developer Guide, "Provisioned throughput considerations for global secondary
   *  indexes", Write capacity units), so under `KEYS_ONLY` or `INCLUDE` the table's writes this index is counted at
   *  when it declares no `workload.peakWriteUnits` are an upper bound: its findings say so and name that field, the
   *  one that lowers them. It does not lower them itself: how many updates touch only other attributes is the
   *  designer's figure (declare the index's writes: its `ConsumedWriteCapacityUnits`, or the table's puts, deletes and
   *  updates that change a key or projected attribute). `GuardedTable` fills it from its `projectionType`.
   *  @default - not declared: the index is counted at the table's writes, and its findings say a projection that
   *  leaves out what the updates change would lower them */
  readonly projectionType?: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
  /** The non-key attributes an `INCLUDE` projection copies into the index (required with it, and read only with it).
   *  @default - none: only with `projectionType: 'INCLUDE'` */
  readonly nonKeyAttributes?: readonly string[];
  /** Which replicated copies of a base item carry this index's key attributes. 'every': each copy does, so the index
   *  holds every item N times (N× its writes, each query's results repeated N times); 'first': only copy 0 does (a
   *  sparse index: one entry per item). Read only where the table keeps replicated copies (`sharding.strategy:
   *  'replicated'`); accepted and ignored otherwise, where each item is one copy, copy 0.
   *  @default 'every' */
  readonly copiesCarry?: 'every' | 'first';
}

export interface LocalSecondaryIndexDesign {
  /** Index name. */
  readonly indexName: string;
  /** The alternative sort key. */
  readonly sortKey: SortKeyAttributeDesign;
  /** What the index copies of each item besides its keys: `ALL`, `KEYS_ONLY`, or `INCLUDE` with `nonKeyAttributes`.
   *  An LSI's writes are charged to the table's write capacity and its entries live in the base item's partition (its
   *  item collection), so the table's write peak, and the hottest key value's, count them (Developer Guide, "Local
   *  secondary indexes", Provisioned throughput considerations, Write capacity units). Under `ALL` an entry is the
   *  item, so each table write of an item costs the index what it cost the table: the table is counted at twice its
   *  declared writes per `ALL` index. Under `KEYS_ONLY` or `INCLUDE` an entry may cost less than the item (1 WCU
   *  for a 2 KB item's keys) and an update that changes no indexed attribute costs the index nothing: with item
   *  sizes and update shares unknown, such an index adds nothing to the count (its lower bound: no design is refused
   *  on writes it may not make).
   *  @default 'ALL' - what CDK's `addLocalSecondaryIndex` and `TableV2` deploy when no projection is given */
  readonly projectionType?: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
  /** The non-key attributes an `INCLUDE` projection copies into the index (required with it, and read only with it).
   *  @default - none: only with `projectionType: 'INCLUDE'` */
  readonly nonKeyAttributes?: readonly string[];
}

export interface DynamoDbMonitoringDesign {
  /** Contributor Insights on the table (and, unless overridden, its GSIs).
   *  @default true */
  readonly contributorInsights?: boolean;
  /** No longer read: it fed SG011, retired before the first release (`SuccessfulRequestLatency` is time inside DynamoDB
   *  only, so SDK retries never show in it). Still accepted so existing design files stay valid; latency
   *  alarms are GuardedTable's `latencyAlarms` prop.
   *  @deprecated ignored
   *  @default - ignored */
  readonly latencyAlarms?: boolean;
}

export interface DynamoDbTableDesign extends DesignBaseInput, CapacityDeclarations {
  /** The peak traffic the design is sized for (see `DesignBaseInput.workload`), and the share of its writes that
   *  create or delete items (`newItemShare`). */
  readonly workload: DynamoDbWorkloadDesign;
  /** Needed only when the design is passed to `lint()` on its own.
   *  @default 'dynamodb' inside `tables` */
  readonly engine?: 'dynamodb';
  /** The table's partition key: its name, DynamoDB type and cardinality decide how its traffic spreads over partitions
   *  (SG001). */
  readonly partitionKey: PartitionKeyAttributeDesign;
  /** @default - no sort key */
  readonly sortKey?: SortKeyAttributeDesign;
  /** Capacity mode; its figures are `capacity` (provisioned) or `onDemand` (maximums).
   *  @default - 'provisioned' when `capacity` is given, else 'on-demand' */
  readonly billing?: 'on-demand' | 'provisioned';
  /** The declared peak arrives faster than the table grows into it: as soon as the table exists (a launch, a
   *  cut-over from another store), or as a spike far above the traffic it usually serves (a ticket on-sale, a flash
   *  sale), since on-demand serves up to double its previous peak and throttles more within 30 minutes ("On-demand
   *  capacity mode", peak traffic and scaling properties). A new on-demand table or GSI sustains 4,000 WCU or 12,000 RCU (or a linear combination)
   *  until it has scaled, so SG017 then asks for `warmThroughput` to cover the peak (Developer Guide, "Pre-warming");
   *  a new provisioned one is created with its auto-scaling minimum, which auto scaling raises only minutes later,
   *  so SG017 asks for a minimum that covers it.
   *  @default false - the table grows into its peak, and on-demand scaling or auto scaling follows it */
  readonly launchAtPeak?: boolean;
  /** @default - none */
  readonly globalSecondaryIndexes?: readonly GlobalSecondaryIndexDesign[];
  /** @default - none */
  readonly localSecondaryIndexes?: readonly LocalSecondaryIndexDesign[];
  /** @default - Contributor Insights and latency alarms on, as `GuardedTable` creates them */
  readonly monitoring?: DynamoDbMonitoringDesign;
}

/**
 * Where a Cosmos DB container's RU/s come from: the forms of `GuardedContainer`'s `throughput`, with
 * the shared database's RU/s spelled out. The container's RU/s are divided evenly among its physical
 * partitions ("Partitioning and horizontal scaling"): created with one per 6,000 RU/s of manual throughput,
 * one per 10,000 RU/s of autoscale or shared throughput, and one per 50 GB ("Best practices for scaling
 * provisioned throughput"), unless `physicalPartitions` says how many it has:
 * - `{ manual: RU/s }`: dedicated manual throughput;
 * - `{ autoscaleMax: RU/s }`: dedicated autoscale, which scales up to this maximum at peak (and sizes
 *   the physical partitions from it);
 * - `{ sharedDatabase: RU/s, containers? }`: the database's throughput, shared by its containers;
 * RU/s above Azure's default maximum of 1,000,000 per container or database (raised by a support ticket) are reported
 * by SG017 as a warning; above 2,147,483,647, which Azure's API cannot carry, they are an input error.
 * - `'serverless'`: no provisioned throughput; the container serves 5,000 RU/s shared by up to five physical
 *   partitions (one per 50 GB), then 1,000 per partition beyond, up to 20,000 at 1 TB: the lower of the two texts of
 *   "Azure Cosmos DB serverless account performance" (the other says partitions × 5,000), with no throughput guaranteed.
 */
export type CosmosThroughputDesign =
  | {
      /** Dedicated manual throughput in RU/s (at least 400, in steps of 100). */
      readonly manual: number;
    }
  | {
      /** Dedicated autoscale maximum in RU/s (at least 1,000, in steps of 1,000): the container scales between 10% of it and it. */
      readonly autoscaleMax: number;
    }
  | SharedDatabaseThroughputDesign
  | 'serverless';

/** Database-level throughput shared by the containers of one database. */
export interface SharedDatabaseThroughputDesign {
  /** The database's provisioned RU/s (manual, or its autoscale maximum). */
  readonly sharedDatabase: number;
  /** Busy containers sharing it at this container's peak, each taken to be as busy as this one (an even split): the
   *  container's capacity is `sharedDatabase / containers` RU/s (SG017), and the database's physical partitions (one
   *  per 10,000 RU/s of `sharedDatabase`, at least one per 50 GB of this container's storage), each serving
   *  `sharedDatabase` ÷ their count, carry all these containers' keys: a hot key's neighbours there are
   *  (containers × this container's peak − its own load) ÷ the partitions ("Provision standard (manual) throughput on a
   *  database": containers in the same database share partitions).
   *  @default 1 - the other containers are idle at this container's peak */
  readonly containers?: number;
}

/** A Cosmos DB container's sizes. */
export interface CosmosStorageDesign extends StorageDesign {
  /** Expected total size of the container in GB (data and index): at least one physical partition per 50 GB.
   *  With `replicated` sharding, what the container stores, its N copies of every document included (`--fix`
   *  writes it when it changes the copies).
   *  @default - unknown: physical partitions are counted from the throughput alone */
  readonly totalGb?: number;
}

/** One level of a Cosmos DB partition key. */
export interface CosmosKeyPathDesign {
  /** JSON path, e.g. `/tenantId`. */
  readonly path: string;
  /** Expected distinct values of this level at peak (across the container), or `'unique'`: this level's own
   *  values, not those of the prefix down to it. Business levels nest (a device belongs to one tenant): a prefix
   *  has as many values as its most varied business level. A time-bucket level (`kind`, or a name like `day`)
   *  repeats under every value of the levels above (each device has each day: `/deviceId` 100,000 → `/day` 365
   *  holds up to 36,500,000 full key values), so a value's `largestGb` spreads over its buckets while its
   *  `hotKeyShare` does not (its writes go to the current bucket), and a time bucket last may have fewer values
   *  than the levels above (SG004). With the container's `sharding`, the values before sharding: skewguard
   *  counts one stored key per shard of each, so `--fix` leaves this as it is when it writes the shards. (A
   *  bucketed level such as `/tenantIdBucket` is a level of its own: its values are the buckets, counted here.) */
  readonly cardinality: Cardinality;
  /** Share (0–1] of the container's traffic the hottest value of this level takes, together with the
   *  levels above it: "the hottest tenant takes 40%" is `0.4` on `/tenantId`. Shares can only shrink
   *  level by level. On the last level it is the share of the full key (same as `workload.hotKeyShare`). A
   *  reordering fix (SG002, SG004) moves it with its level's path.
   *  @default - derived from the level above (its share spread over its values' children), else uniform */
  readonly hotKeyShare?: number;
  /** GB held by the largest value of this level, together with the levels above it: "the largest
   *  tenant holds 60 GB" is `60` on `/tenantId`. On the last level it is the size of the largest
   *  logical partition (same as `storage.largestPartitionGb`). On a first level that declares `hotKeyShare`,
   *  the size of that hottest value: undeclared, it is judged on one physical partition (under 50 GB). A
   *  reordering fix (SG002, SG004) moves it with its level's path.
   *  @default - derived from the level above, else unknown */
  readonly largestGb?: number;
  /** @default - inferred from the path */
  readonly kind?: AttributeKind;
  /** @default - the value is one value, not a composite */
  readonly components?: readonly KeyPartDesign[];
}

export interface CosmosPartitionKeyDesign {
  /** One path, or up to 3 for a hierarchical key, ordered from low to high cardinality. */
  readonly paths: readonly CosmosKeyPathDesign[];
  /** @default - 'Hash' for one path, 'MultiHash' for several */
  readonly kind?: 'Hash' | 'MultiHash';
  /** @default 2 */
  readonly version?: 1 | 2;
}

/** Another container this one is queried together with. */
export interface ContainerJoinDesign {
  /** Name of the other container. */
  readonly container: string;
  /** The other container's partition-key paths; needed when it is not in the same design file.
   *  @default - read from the container of that name in the same document */
  readonly partitionKeyPaths?: readonly string[];
}

export interface CosmosMonitoringDesign {
  /** Partition-key diagnostics (PartitionKeyStatistics, PartitionKeyRUConsumption logs).
   *  @default true */
  readonly partitionKeyDiagnostics?: boolean;
}

export interface CosmosContainerDesign extends DesignBaseInput {
  /** Needed only when the design is passed to `lint()` on its own.
   *  @default 'cosmosdb' inside `containers` */
  readonly engine?: 'cosmosdb';
  /** The container's partition key: one path, or up to 3 levels of a hierarchical key, each with its cardinality. */
  readonly partitionKey: CosmosPartitionKeyDesign;
  /** The container's provisioned throughput, to judge a hot key against its physical partition's share
   *  of the RU/s (not only the 10,000 RU/s logical-partition ceiling) and the peak against capacity (SG017).
   *  `GuardedContainer` fills it from its own `throughput` arg.
   *  @default - unknown: only the logical-partition ceilings are checked */
  readonly throughput?: CosmosThroughputDesign;
  /** The container's physical partitions as it has them, for an existing container or one scaled after
   *  creation: count the distinct PartitionKeyRangeIds in the portal's Insights > Throughput > Normalized RU
   *  Consumption (%) By PartitionKeyRangeID, or take `instantMaximumThroughput` ÷ 10,000 ("Best practices for
   *  scaling provisioned throughput"). At least ⌈RU/s ÷ 10,000⌉ and ⌈storage.totalGb ÷ 50⌉; with manual or shared
   *  throughput, at most what the RU/s it can ever have had (100 × today's, "Service quotas") or the declared storage
   *  (one per 25 GB) explain. Taken as evenly split, each holding 1 ÷ the count of the key space: its history cannot
   *  be known, though a container once raised past its partitions × 10,000 RU/s to a count that is not a doubling has
   *  unsplit partitions holding more ("Best practices for scaling provisioned throughput"). A raise a fix offers is
   *  judged on the partitions it leaves unsplit. A count above what the RU/s and storage need (a raise since lowered)
   *  is where SG003 offers Azure's partition merge.
   *  @default - derived from throughput and totalGb: the layout a container created at its declared
   *  throughput gets (one per 6,000 RU/s manual, 10,000 RU/s autoscale or shared; one per 50 GB) */
  readonly physicalPartitions?: number;
  /** The physical partitions the container had, evenly split, before a raise in place split some of them to
   *  `physicalPartitions` (5 from 3: a raise past 30,000 RU/s to 42,000). Azure splits a partition in two only until it
   *  has the count the RU/s need, so the partitions it left unsplit keep their larger share of the key space (1/3 each,
   *  beside two of 1/6), and a hot key is judged on that larger share; only a count that doubles it (6, 12) is even
   *  again ("Best practices for scaling provisioned throughput", how to ensure even data distribution during
   *  asynchronous scaling). At least 1 and at most `physicalPartitions`, which it needs. A fix whose raise splits
   *  unevenly writes it beside the count.
   *  @default - `physicalPartitions` taken as evenly split */
  readonly splitFrom?: number;
  /** @default - sizes unknown */
  readonly storage?: CosmosStorageDesign;
  /** @default - none */
  readonly joins?: readonly ContainerJoinDesign[];
  /** @default - partition-key diagnostics on, as `GuardedContainer` creates them */
  readonly monitoring?: CosmosMonitoringDesign;
}

/** A partition key of a resource skewguard did not create: only its name is known. */
export interface ExternalKeyDesign {
  /** Attribute name (DynamoDB) or path (Cosmos DB). */
  readonly attribute: string;
  /** @default - the table's own key */
  readonly index?: string;
}

/** A table or container created outside the guarded constructs (no declared design). */
export interface ExternalResourceDesign {
  /** The engine of the table or container: `dynamodb` or `cosmosdb`. */
  readonly engine: Engine;
  /** A label for reports (the table or container name, or a template's logical ID); any non-empty name. */
  readonly name: string;
  /** The partition keys of the table and its indexes; may be empty when none can be read (a key
   *  named by a CloudFormation parameter), and only Contributor Insights is checked. */
  readonly partitionKeys: readonly ExternalKeyDesign[];
  /** Whether Contributor Insights / partition-key diagnostics are on.
   *  @default - unknown: SG010 is not checked */
  readonly keyMonitoring?: boolean;
  /** Cosmos DB: the partition key's kind as declared, checked by SG005 (several paths need "MultiHash").
   *  @default - "Hash" for one path, "MultiHash" for several (as for a container design) */
  readonly partitionKeyKind?: 'Hash' | 'MultiHash';
  /** Cosmos DB: the partition key's version as declared, checked by SG005 (a MultiHash key needs 2).
   *  @default - unknown: not checked */
  readonly partitionKeyVersion?: 1 | 2;
  /** @default - none */
  readonly acknowledgements?: readonly AcknowledgementDesign[];
}

/** A design file: any number of tables, containers and external resources. */
export interface DesignDocument {
  /** Free text shown to readers of the file. @default - none */
  readonly description?: string;
  /** @default - none */
  readonly tables?: readonly DynamoDbTableDesign[];
  /** @default - none */
  readonly containers?: readonly CosmosContainerDesign[];
  /** @default - none */
  readonly external?: readonly ExternalResourceDesign[];
  /** Project-wide thresholds for every design in the file. @default - `DEFAULT_THRESHOLDS` */
  readonly thresholds?: ThresholdOverrides;
}

/** What `lint()` accepts: a design file's content, or one table or container design with `engine`. */
export type DesignInput = DesignDocument | DynamoDbTableDesign | CosmosContainerDesign;
