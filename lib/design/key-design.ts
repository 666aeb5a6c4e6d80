/**
 * The normalized model every rule, adapter and key helper reads: each default is filled in and
 * visible, and each element carries `path`, the field path (relative to its table or container)
 * that findings point at.
 */
import type { DynamoDbQuotas } from '../engines/dynamodb-quotas';
import type { Thresholds } from './limits';
import { listOf } from './lists';

/** Expected distinct values at peak, or `'unique'` for id-like keys (one value per item). */
export type Cardinality = number | 'unique';

/**
 * `time-bucket`: the value is a date, hour, month… — all writes land on the current bucket.
 * `value`: anything else. When omitted, skewguard infers it from the name (`createdAt`, `day`,
 * `yyyyMM` are time buckets) and shows its guess in the normalized design.
 */
export type AttributeKind = 'time-bucket' | 'value';

/** DynamoDB scalar key types: string, number, binary. */
export type DynamoDbAttributeType = 'S' | 'N' | 'B';

/** How one logical key is stored under N keys (see `ShardingDesign`). */
export type ShardingStrategy = 'random' | 'calculated' | 'replicated';

export interface KeyPart {
  /** Name of the part as declared, e.g. `country` of `COUNTRY#STATE#CITY`. */
  readonly name: string;
  /** Declared distinct values of this part, or `'unique'`; absent when the design does not declare it. */
  readonly cardinality?: Cardinality;
  /** Declared kind, else inferred from the part's name (`day`, `yyyyMM` are time buckets). */
  readonly kind: AttributeKind;
  /** True where the design declares `kind`, so an edit that rewrites the key writes it back even where the name
   *  would infer the same; absent where inferred. */
  readonly kindDeclared?: true;
}

export interface KeyAttribute {
  /** Attribute name (DynamoDB) or path (Cosmos DB, e.g. `/tenantId`). */
  readonly name: string;
  /** Declared DynamoDB type; absent for Cosmos DB levels, and for a DynamoDB attribute that declares none (SG005
   *  reports it). */
  readonly type?: DynamoDbAttributeType;
  /** Declared distinct values at peak, or `'unique'`; for a sharded key, the values before sharding. Absent when not
   *  declared (a sort key may leave it out). */
  readonly cardinality?: Cardinality;
  /** Declared kind, else inferred: a composite is a time bucket when all its parts are, a single value from its name
   *  (`createdAt`, `day`). */
  readonly kind: AttributeKind;
  /** `'logicalAttribute'`: a GSI's separate shard attribute with no declared kind, whose kind is inferred from the
   *  name of the attribute it shards (`sharding.logicalAttribute`), not from its own; absent otherwise. */
  readonly kindFrom?: 'logicalAttribute';
  /** True where no `kind` was declared and a word that also names other things made it a time bucket (`period`,
   *  `window`, `epoch`; not `createdAt` or `day`): a guess the design can correct. */
  readonly kindGuessed?: true;
  /** True where the design declares `kind` (see `KeyPart.kindDeclared`); absent where inferred. */
  readonly kindDeclared?: true;
  /** The parts of a composite value in the order they are joined, each with its kind filled in; empty when the
   *  attribute is one value. */
  readonly components: readonly KeyPart[];
  /** GSI key attributes: declared changed by updates (`mutable`); undefined when not declared. */
  readonly mutable?: boolean;
  /** Cosmos DB levels: declared share of traffic of this level's hottest value (with the levels above). */
  readonly hotKeyShare?: number;
  /** Cosmos DB levels: declared GB of this level's largest value (with the levels above). */
  readonly largestGb?: number;
  /** Field path of the attribute's declaration, e.g. `partitionKey`, `globalSecondaryIndexes[0].sortKeys[1]`,
   *  `partitionKey.paths[0]`. */
  readonly path: string;
}

/**
 * Where the hottest key value's share comes from: declared on the workload or a key level; derived
 * from a declared upper level (its share spread over its values' children); uniform 1/cardinality;
 * or the current time bucket's: 1 for a time-bucket key, whose current bucket takes every write, and
 * 1/V for a key that combines a time bucket with other parts of V values (`currentBucketValues`).
 */
export type HotKeyShareSource = 'declared' | 'derived' | 'uniform' | 'time-bucket';

/**
 * A GSI key share inherited from an attribute its key's `components` carry (`tenantStatus` = `tenantId` + `status`),
 * where that attribute declares a hot share elsewhere in the table (the table's key's `workload.hotKeyShare`, or another
 * GSI keyed by it alone): every write of that hot value lands on the values the key's other components give it, at
 * least `share ÷ values` on the hottest (the even split: a lower bound).
 */
export interface InheritedShare {
  /** The component attribute whose declared share the key carries (`tenantId`). */
  readonly attribute: string;
  /** Its declared hottest share (declared at the key space's `hotKeyShareAt`: `workload.hotKeyShare`,
   *  `globalSecondaryIndexes[1].workload.hotKeyShare`). */
  readonly share: number;
  /** The key's other parts the share is split evenly over, with their declared cardinalities. */
  readonly splitOver: readonly {
    /** The part's attribute name (a `components` entry of the key). */
    readonly name: string;
    /** Its declared cardinality: the number of values the share is split over for this part. */
    readonly cardinality: number;
  }[];
  /** The product of their cardinalities: the share is divided by it. */
  readonly values: number;
  /** The table's shards the attribute's stored value carries: set where the index key is the table's partition-key
   *  attribute itself (a multi-attribute key part, not a `components` entry), sharded in that attribute
   *  (`tenantId` = `<tenant>#n`), so the hottest value's writes spread over its shards too: the share is divided by
   *  `values` × this.
   *  @default - none: the share is divided by `values` alone */
  readonly tableShards?: number;
}

/**
 * A GSI key attribute that updates change: each such update costs the index a delete of the old entry and a
 * put of the new one (AWS, "Provisioned throughput considerations for global secondary indexes"), so an
 * index that declares no writes of its own is counted at 2× the table's (every table write could be one).
 */
export interface IndexKeyChange {
  /** The index key attribute that updates change; for a separate shard attribute (`orderStatusShard`), the attribute it
   *  holds (`orderStatus`). */
  readonly attribute: string;
  /** `declared`: the attribute declares `mutable: true`; `name`: it declares no `mutable` and its name is one updates
   *  change (`status`, `score`, `updatedAt`), so a finding resting on it is a warning. */
  readonly from: 'declared' | 'name';
  /** The table's peak writes per second (WCU) that were doubled: the index is counted at twice this. */
  readonly tableWriteUnits: number;
  /** The index key attribute whose `mutable` declares it (its field path, `globalSecondaryIndexes[0].partitionKey`). */
  readonly path: string;
}

/**
 * The table writes that put or delete items, which write a GSI whatever its projection (AWS, "Provisioned throughput
 * considerations for global secondary indexes": a put or delete of an item carrying the index key writes the index),
 * read for a `KEYS_ONLY` or `INCLUDE` index that declares no writes of its own: the share the table's
 * `workload.newItemShare` declares, or every write on a table keyed by a unique value.
 */
export interface NewItemWrites {
  /** Their share of the table's writes (`workload.newItemShare`, or 1 on a table keyed by a unique value). */
  readonly share: number;
  /** `declared`: `workload.newItemShare`; `unique`: the table's key is declared unique, so every write is a new item. */
  readonly from: 'declared' | 'unique';
  /** `from: 'unique'`: the table key attribute declared unique (`playId`).
   *  @default - none: `from` is `declared` */
  readonly key?: string;
  /** The table's peak writes per second (WCU) the share is of. */
  readonly tableWriteUnits: number;
  /** Field path of `newItemShare`, whether or not it is declared. */
  readonly at: string;
  /** Whether these writes are the index's whole figure (`writeSource: 'new-items'`): under `KEYS_ONLY`, or when every
   *  write is a new item; under `INCLUDE` with updates besides, they are its floor, the table's writes its upper bound. */
  readonly whole: boolean;
}

export interface Workload {
  /** Reads per second on this key space: declared, else the table's peak × `readShare`. */
  readonly peakReadUnits: number;
  /** Writes per second on this key space (WCU, or RU/s for Cosmos DB): declared, else a GSI's are the table's or twice
   *  them (see `writeSource`). */
  readonly peakWriteUnits: number;
  /** Share of the table's peak reads this key space takes (1 unless derived from access patterns). */
  readonly readShare: number;
  /** How `peakReadUnits` was obtained. */
  readonly readSource: 'declared' | 'table' | 'access-patterns';
  /** How `peakWriteUnits` was obtained: declared on this key space, or (a GSI that declares none) the table's writes,
   *  or twice them (`key-changes`) when a key attribute of the index changes on existing items (see `keyChange`).
   *  A message that asks for the index's own figure must not ask when it is declared, even at the table's value.
   *  `new-items`: the table writes that put or delete items (see `newItems`), a figure judged as declared. */
  readonly writeSource: 'declared' | 'table' | 'key-changes' | 'new-items';
  /** `writeSource: 'key-changes'`: the index key attribute updates change, how that is known (its declared
   *  `mutable`, or its name), and the table's writes that were doubled. */
  readonly keyChange?: IndexKeyChange;
  /** A `KEYS_ONLY` or `INCLUDE` GSI that declares no writes and whose key no update changes: the table writes that put
   *  or delete items, which write it whatever its projection; absent otherwise. */
  readonly newItems?: NewItemWrites;
  /** Share of traffic taken by the hottest value of the logical (unsharded) key. */
  readonly hotKeyShare: number;
  /** How `hotKeyShare` was obtained: declared, derived from a key level, uniform (1/cardinality) or a time bucket's
   *  (see `HotKeyShareSource`). */
  readonly hotKeyShareSource: HotKeyShareSource;
  /** Path of the field that declared a share (workload or key level), whether or not it beat the default. */
  readonly hotKeyShareAt?: string;
  /** The key level (index into `partitionKey`) whose `hotKeyShare` declared or derived the share;
   *  undefined when it was declared for the whole key (`workload.hotKeyShare`) or not at all. */
  readonly hotKeyShareLevel?: number;
  /** A GSI's share inherited from an attribute its key's components carry (`hotKeyShareSource` 'derived'); absent
   *  otherwise. */
  readonly hotKeyShareInherited?: InheritedShare;
  /** A GSI keyed by the table's write-sharded partition-key attribute itself, with no sharding of its own: its key values
   *  are the table's stored keys (`seasonId#0`…`seasonId#17`), so `hotKeyShare` is the table's divided by these shards
   *  (`hotKeyShareSource` 'derived'); absent otherwise. */
  readonly hotKeyShareCarried?: CarriedShards;
  /** Which operations carry the hottest value's share (`workload.hotKeyOperations`; an index's: both). */
  readonly hotKeyOperations: HotKeyOperations;
  /** Path of the field that declared the hottest value not known ahead or moving (`workload.hotKeyMoves: true`, an
   *  index's own or the table's it inherits); absent where the hottest value is taken to be known and to stay. */
  readonly hotKeyMovesAt?: string;
  /** Field path of this key space's `workload` (`workload`, `globalSecondaryIndexes[0].workload`), whether or not it is
   *  declared. */
  readonly path: string;
}

/**
 * The table's write sharding that a GSI keyed by the table's sharded attribute carries (`Workload.hotKeyShareCarried`):
 * the index has no sharding of its own, yet each of its key values holds one shard of a table key value, so a query of
 * one logical value on the index reads one of `shards` keys (AWS, "Using write sharding to distribute workloads
 * evenly": every suffix is queried and the results merged).
 */
export interface CarriedShards extends HeldTableShards {
  /** The table's hottest value's share (`workload.hotKeyShare`), which those shards divide: the value's share of the
   *  index's traffic over all of them. */
  readonly share: number;
}

/**
 * The table's write sharding in place (its partition-key attribute itself holds `<value>#n`) that an index keyed by that
 * attribute as stored holds (`KeySpace.tableShards`): a GSI's key attribute is an item attribute like any other, copied
 * as the item stores it (AWS, "Using Global Secondary Indexes"), so a sharded value's index entries carry its N suffixes
 * too, and a query of the plain value on the index finds none of them (AWS, "Using write sharding to distribute
 * workloads evenly": every suffix is queried and the results merged).
 */
export interface HeldTableShards {
  /** The table's sharding strategy: write shards only (replicated copies are not shards of a value). */
  readonly strategy: 'random' | 'calculated';
  /** The table's shard count: the stored keys of one value the index's key takes. */
  readonly shards: number;
  /** The table's `sharding.hotValues`: only its hottest values are sharded, so the index's keys hold suffixes on those
   *  values' items alone, and only their reads fan out (read-requests.ts).
   *  @default - none: every value is sharded */
  readonly hotValues?: number;
  /** The table's shard source (`calculated`).
   *  @default - none: random shards have none */
  readonly sourceAttribute?: string;
  /** The table's `sharding` path (`sharding`). */
  readonly path: string;
}

export interface Sharding {
  /** Declared strategy: `random` or `calculated` write sharding, or `replicated` copies. */
  readonly strategy: ShardingStrategy;
  /** Declared number of keys per logical key: shards, or copies for `replicated`. */
  readonly shards: number;
  /** Declared attribute whose hash picks the shard (`calculated`); absent for `random` and `replicated`. */
  readonly sourceAttribute?: string;
  /** Declared distinct values of the source attribute; undefined when not declared here. */
  readonly sourceCardinality?: Cardinality;
  /** Declared: the source attribute changes on existing items; undefined when not declared here. */
  readonly sourceMutable?: boolean;
  /** A GSI key written as a separate shard attribute: the attribute whose value it holds before the shard suffix. */
  readonly logicalAttribute?: string;
  /** Declared: only this many of the key's hottest values are sharded, the others stored unsharded; absent when every
   *  value is sharded. */
  readonly hotValues?: number;
  /** Text between the logical key and the shard number: declared, else `#`. */
  readonly separator: string;
  /** Field path of the `sharding` declaration (`sharding`, `globalSecondaryIndexes[0].sharding`). */
  readonly path: string;
}

/** See `InvariantDesign`: what must stay within one value of the primary partition key. */
export type InvariantKind = 'conditional-write' | 'running-total' | 'transaction' | 'transactional-batch' | 'stored-procedure';

/** Kinds that keep an aggregate on one item, which can be split into per-shard parts. */
export const ITEM_AGGREGATES: ReadonlySet<InvariantKind> = new Set(['conditional-write', 'running-total']);

/**
 * An invariant on one item per key value (a running total, or a conditional write with no `scopeAttribute`): every write
 * of the key checks or updates that one item, so shards keep it only split per shard (`splitPerShard`). A conditional
 * write with a `scopeAttribute` is on one item per value of that attribute within the key value (a seat of an event),
 * which shards calculated on it keep whole.
 */
export function onKeyItem(invariant: Invariant): boolean {
  return ITEM_AGGREGATES.has(invariant.kind) && invariant.scopeAttribute === undefined;
}

export interface Invariant {
  /** Declared kind: decides whether sharding the key breaks the invariant (SG019). */
  readonly kind: InvariantKind;
  /** Declared text of what must hold, for reports; absent when none is declared. */
  readonly description?: string;
  /** Declared attribute the items of one transaction, batch or stored-procedure call share, or (a conditional write) that
   *  identifies the one item its condition is on within the key value; absent: the whole key value is the scope. */
  readonly scopeAttribute?: string;
  /** Declared `splitPerShard`, else false: whether the aggregate is already kept per shard, so sharding keeps it. */
  readonly splitPerShard: boolean;
  /** Field path of the declaration, e.g. `invariants[0]`. */
  readonly path: string;
}

/** One partitioned key space: a table's primary key, a GSI, or a container's partition key. */
export interface KeySpace {
  /** GSI name; undefined for the table or container itself. */
  readonly index?: string;
  /** Path of the object declaring this key space (`''` for the table or container). */
  readonly path: string;
  /** The partition-key attributes in order: one for a table, up to 4 for a multi-attribute GSI key, a Cosmos DB key's
   *  levels (up to 3). */
  readonly partitionKey: readonly KeyAttribute[];
  /** Path of the partition-key field (`partitionKey`, `partitionKeys`, `partitionKey.paths`). */
  readonly partitionKeyPath: string;
  /** A DynamoDB multi-attribute GSI partition key's distinct values, its attributes' combinations (`combinedKeyCardinality`);
   *  undefined for a one-attribute key and for a Cosmos DB hierarchy, whose levels nest (`fullKeyCardinality`). */
  readonly keyValues?: number;
  /** The sort-key attributes in order (DynamoDB); empty when there is no sort key, and always for Cosmos DB. */
  readonly sortKey: readonly KeyAttribute[];
  /** This key space's peak traffic and hottest value's share, each default filled in and its source named. */
  readonly workload: Workload;
  /** Declared write sharding or replicated copies; absent when the key is not sharded. */
  readonly sharding?: Sharding;
  /** A GSI with no sharding of its own whose partition key has, as stored, the table's in-place-sharded partition-key
   *  attribute among its attributes (`eventId`, or `eventId` + `section`): the table's write shards its key values hold,
   *  whatever the shares (`workload.hotKeyShareCarried` is these shards where they also divide its hottest share).
   *  @default - none: the index holds no table shards */
  readonly tableShards?: HeldTableShards;
  /** A DynamoDB GSI's declared projection (`projectionType`, `nonKeyAttributes`); undefined where none is declared, and
   *  for the table or container itself. */
  readonly projection?: IndexProjection;
  /** A DynamoDB GSI's `copiesCarry`: which of the table's replicated copies of an item carry the index's key attributes
   *  ('every', the default, or 'first': copy 0 only, one index entry per item); undefined for the table or container. */
  readonly copiesCarry?: CopiesCarry;
  /** Contributor Insights (DynamoDB) or partition-key diagnostics (Cosmos DB) are on. */
  readonly keyMonitoring: boolean;
  /** Field path of the switch that decides `keyMonitoring`: `monitoring.contributorInsights` (or a GSI's
   *  `contributorInsights`), `monitoring.partitionKeyDiagnostics`. */
  readonly keyMonitoringPath: string;
}

/** Which replicated copies of an item carry a GSI's key attributes: each of them, or copy 0 only (a sparse index). */
export type CopiesCarry = 'every' | 'first';

/** What a GSI copies of each item besides its keys (DynamoDB `Projection`). */
export type ProjectionType = 'ALL' | 'KEYS_ONLY' | 'INCLUDE';

/**
 * A GSI's projection as declared. An update that changes no index key attribute and no projected attribute does not
 * write the index (AWS, "Provisioned throughput considerations for global secondary indexes", Write capacity units: "If
 * a write to a table does not require a global secondary index update, no write capacity is consumed from the index"),
 * so under `KEYS_ONLY` or `INCLUDE` the table's writes an index is counted at are an upper bound (lint/projection.ts).
 */
export interface IndexProjection {
  /** Declared `projectionType`: `ALL`, `KEYS_ONLY` or `INCLUDE`. */
  readonly type: ProjectionType;
  /** The non-key attributes an `INCLUDE` projection copies; empty for `ALL` and `KEYS_ONLY`. */
  readonly nonKeyAttributes: readonly string[];
  /** Field path of `projectionType` (`globalSecondaryIndexes[0].projectionType`). */
  readonly path: string;
}

/** The operations that carry the hottest key value's load (`workload.hotKeyOperations`). */
export type HotKeyOperations = 'reads' | 'writes' | 'both';

/** What satisfies an access pattern's read: every matching item, or any one of them (a queue's poll). */
export type AccessPatternWants = 'all' | 'any';

export interface AccessPattern {
  /** Declared name, shown in findings. */
  readonly name: string;
  /** GSI or LSI name; undefined for the table or container. */
  readonly index?: string;
  /** Declared attributes the query gives by equality (partition-key attributes, sort-key attributes or composite
   *  parts). */
  readonly keyAttributes: readonly string[];
  /** The sort-key attribute or composite part the query bounds with a range, after its equality ones. */
  readonly rangeAttribute?: string;
  /** Declared share (0..1) of all queries against the table or container that use this pattern. */
  readonly share: number;
  /** Declared `fanOut`, else false: the read queries every shard of a sharded key and merges the results. */
  readonly fanOut: boolean;
  /** Items per page, when the query reads a page at a time (DynamoDB `Limit`). */
  readonly limit?: number;
  /** Declared KB one read returns from an unsharded key value (DynamoDB); undefined when not declared. */
  readonly resultKb?: number;
  /** `any`: any matching item satisfies the read, so one shard of a sharded key serves it. */
  readonly wants: AccessPatternWants;
  /** The one partition-key value every read of the pattern asks for; undefined when its reads spread. */
  readonly keyValue?: string;
  /** Declared `consistentRead`, else false: the read is strongly consistent (DynamoDB), which no cache in front serves. */
  readonly consistentRead: boolean;
  /** Field path of the declaration, e.g. `accessPatterns[2]`. */
  readonly path: string;
}

export interface Acknowledgement {
  /** Id of the waived rule, e.g. `SG014`. */
  readonly rule: string;
  /** Declared reason the finding is accepted, shown to audits. */
  readonly reason: string;
  /** DynamoDB: the one index whose findings are waived; absent when the waiver covers the table's or container's own
   *  key space only, never its indexes' (`keySpaceOf`, lib/lint/rule.ts). */
  readonly index?: string;
  /** The message ids (a variant's too: SG003's `hotKey` waives `hotNamedKey`; or parts, SG003's `hotKeyReads`, which
   *  add up with other waivers' parts) of the findings it waives (`appliesTo`); absent when it waives
   *  every kind of its rule's findings. */
  readonly appliesTo?: readonly string[];
  /** The waiver's last day, `YYYY-MM-DD` (UTC); absent when it never expires. */
  readonly expires?: string;
  /** Field path of the waiver (`acknowledgements[0]`), or where a template declares it. */
  readonly path: string;
}

export interface KeyDesignBase {
  /** Declared table or container name, used in findings and reports. */
  readonly name: string;
  /** Set on a copy judged as it will be deployed (`asDeployed`): on the partitions its declared capacity gives (a Cosmos
   *  DB container's RU/s held at their storage minimum; a provisioned table's capacity, a launch's warm throughput) even
   *  where the peak is above their usable part, never on the raise SG017 asks for. What a key can use, so where an alert's
   *  line is drawn, is what the deployed partitions leave it. Never set by `normalize`: the rules judge an over-capacity
   *  design at SG017's raise, so that a hot key is not blamed for the capacity SG017 reports. */
  readonly asDeployed?: true;
  /** The table's or container's own key space: its partition key, sort key, workload and sharding. */
  readonly primaryKey: KeySpace;
  /** Largest logical partition (Cosmos DB) / item collection (DynamoDB) before sharding, in GB. */
  readonly largestPartitionGb?: number;
  /** How `largestPartitionGb` was obtained, and the field that declared it. */
  readonly largestPartitionGbSource?: 'declared' | 'derived';
  /** Field that declared `largestPartitionGb` or the key level it was derived from (`storage.largestPartitionGb`,
   *  `partitionKey.paths[0].largestGb`); absent when it is unknown. */
  readonly largestPartitionGbAt?: string;
  /** The key level whose `largestGb` declared or derived it; undefined when declared for the whole key. */
  readonly largestPartitionGbLevel?: number;
  /** Declared access patterns, normalized; empty when none are declared. */
  readonly accessPatterns: readonly AccessPattern[];
  /** What must stay within one value of the primary partition key (empty: none declared). */
  readonly invariants: readonly Invariant[];
  /** Declared waivers; empty when none are declared. */
  readonly acknowledgements: readonly Acknowledgement[];
  /** Rule thresholds in force: `DEFAULT_THRESHOLDS`, overridden by the lint's `thresholds` option, then the file's,
   *  then the design's own. */
  readonly thresholds: Thresholds;
}

export interface LocalSecondaryIndex {
  /** Declared index name. */
  readonly indexName: string;
  /** The index's alternative sort key (one attribute); it shares the table's partition key. */
  readonly sortKey: readonly KeyAttribute[];
  /** Field path of the declaration, e.g. `localSecondaryIndexes[0]`. */
  readonly path: string;
  /** Its projection: as declared, else `ALL` (what CDK deploys), with the path of `projectionType` either way. */
  readonly projection: IndexProjection;
  /**
   * The write units it is counted at per write unit of the table, charged to the table's write capacity and stored in
   * the written item's partition (AWS, "Local secondary indexes", Provisioned throughput considerations, Write
   * capacity units): 1 under `ALL`, whose entry is the item, so each write of an item costs the index what it cost the
   * table whatever the item's size; 0 under `KEYS_ONLY` or `INCLUDE`, the lower bound: such an entry can cost less
   * than the item (one WCU for a 2 KB item's keys) and an update that changes no indexed attribute costs it nothing,
   * and with item sizes unknown no more is certain, so no design is refused on writes it may not make. Neither counts
   * the second write (a delete and a put) of an update that changes the index's sort key: one write per table write
   * is what every write of a dense `ALL` index costs at least.
   */
  readonly writesPerTableWrite: number;
}

/** The most one dimension of a table or GSI serves before DynamoDB throttles it, whatever the key. */
export interface CapacityCeiling {
  /** Units per second the dimension serves at most: read units for reads, write units for writes. */
  readonly units: number;
  /** Provisioned `fixed` units, the auto-scaling `max`, or the on-demand maximum (`maxRead/WriteRequestUnits`). */
  readonly source: 'fixed' | 'autoscaled' | 'on-demand-maximum';
  /** Path of the field that declares it: the table's, for a GSI that takes the table's capacity. */
  readonly path: string;
  /** A GSI that takes the table's provisioned capacity (declares none of its own). */
  readonly inherited: boolean;
  /** The auto-scaling minimum, as declared (`autoscaled` only): what a GSI's capacity of its own copies from the table's. */
  readonly min?: number;
  /** Auto scaling's target utilization as a share, the declared percent else 70% (`autoscaled` only): at the declared
   *  peak it provisions peak ÷ this, between min and max. */
  readonly targetUtilization?: number;
}

/** What one key space (the table, a GSI) can serve, as declared. */
export interface KeySpaceCapacity {
  /** GSI name; undefined for the table. */
  readonly index?: string;
  /** Path of the table or GSI that holds the capacity fields (`''` for the table). */
  readonly path: string;
  /** Undefined: no ceiling declared (on-demand without a maximum, or provisioned capacity not given). */
  readonly read?: CapacityCeiling;
  /** The write ceiling; undefined: none declared (on-demand without a maximum, or provisioned capacity not given). */
  readonly write?: CapacityCeiling;
  /** Declared warm throughput per second (pre-warming); undefined: DynamoDB's initial throughput. */
  readonly warmReadUnits?: number;
  /** Declared warm write throughput per second (pre-warming); undefined: DynamoDB's initial throughput (4,000 WCU for a
   *  new on-demand table or GSI). */
  readonly warmWriteUnits?: number;
}

export interface DynamoDbKeyDesign extends KeyDesignBase {
  /** Always `'dynamodb'`: tells a DynamoDB design from a Cosmos DB one. */
  readonly engine: 'dynamodb';
  /** Declared, else `provisioned` when capacity is given, else `on-demand`. */
  readonly billing: 'on-demand' | 'provisioned';
  /** The declared peak arrives at creation (`launchAtPeak`): a new on-demand table must be pre-warmed for it, a new
   *  provisioned one created with an auto-scaling minimum that serves it. */
  readonly launchAtPeak: boolean;
  /** True where the design declares `launchAtPeak` (either way); absent where it is the default, `false`. */
  readonly launchAtPeakDeclared?: true;
  /** The table's, then each GSI's, in the order of `globalSecondaryIndexes`. */
  readonly capacity: readonly KeySpaceCapacity[];
  /** Each GSI's key space, in declared order; empty when there are none. */
  readonly globalSecondaryIndexes: readonly KeySpace[];
  /** Each LSI, in declared order; empty when there are none. */
  readonly localSecondaryIndexes: readonly LocalSecondaryIndex[];
  /** The throughput quotas declared raised for the account (the lint's `quotas` option); empty for the published
   *  defaults. Read through `quotaInForce()`, never directly. */
  readonly quotas: DynamoDbQuotas;
}

export interface ContainerJoin {
  /** Declared name of the other container. */
  readonly container: string;
  /** The other container's partition-key paths: declared, else read from the container of that name in the same
   *  document; empty when neither gives them (an input error is reported). */
  readonly partitionKeyPaths: readonly string[];
  /** Field path of the declaration, e.g. `joins[0]`. */
  readonly path: string;
}

/** A Cosmos DB container's declared throughput, as the physical-partition model reads it. */
export interface CosmosThroughput {
  /** `manual` / `autoscale`: dedicated; `shared`: the database's; `serverless`: none provisioned. */
  readonly mode: 'manual' | 'autoscale' | 'shared' | 'serverless';
  /** RU/s the container has at peak: manual, the autoscale maximum, or the database's RU/s ÷ the containers
   *  sharing it; undefined for serverless (its physical partitions decide). */
  readonly requestUnits?: number;
  /** `shared`: the database's RU/s, and the busy containers sharing them. */
  readonly shared?: {
    /** The database's provisioned RU/s (manual, or its autoscale maximum), as declared in `sharedDatabase`. */
    readonly databaseRequestUnits: number;
    /** Busy containers sharing them at this container's peak: declared `containers`, else 1. */
    readonly containers: number;
  };
  /** The declared field (`throughput.manual`, `throughput.autoscaleMax`, `throughput.sharedDatabase`, `throughput`). */
  readonly path: string;
  /** The RU/s Azure holds the container at (a shared database: the database) for the storage the design declares, where
   *  that minimum is above the declared figure (`storageMinimumRequestUnits`): what its physical partitions divide and
   *  Azure bills. Set once, from the declared `storage.totalGb`: a layout a fix weighs that stores more (N copies of
   *  every document) keeps it, so the higher minimum that storage forces is that fix's cost, not capacity it is given.
   *  Undefined where the declared figure is at or above the minimum, or the minimum is unknown. */
  readonly storageMinimum?: number;
}

export interface CosmosKeyDesign extends KeyDesignBase {
  /** Always `'cosmosdb'`: tells a Cosmos DB design from a DynamoDB one. */
  readonly engine: 'cosmosdb';
  /** Declared kind, else `Hash` for one path and `MultiHash` for a hierarchical key. */
  readonly partitionKeyKind: 'Hash' | 'MultiHash';
  /** Declared partition-key version, else 2. */
  readonly partitionKeyVersion: 1 | 2;
  /** Declared containers this one is queried together with; empty when none. */
  readonly joins: readonly ContainerJoin[];
  /** Declared throughput; undefined when unknown (only the logical-partition ceilings are checked). */
  readonly throughput?: CosmosThroughput;
  /** Declared total size of the container in GB; undefined when unknown. */
  readonly totalGb?: number;
  /** Declared count of physical partitions (checked against the throughput's and size's minimums);
   *  undefined: derived from the throughput and size. */
  readonly physicalPartitions?: number;
  /** The physical partitions the container had, evenly split, before a raise in place split some of them to
   *  `physicalPartitions`: the unsplit ones keep their larger share of the key space. Declared beside the count, or set
   *  on the layout a fix's raise leaves (`raisedLayouts`); undefined: the count is taken as even. */
  readonly splitFrom?: number;
}

export type KeyDesign = DynamoDbKeyDesign | CosmosKeyDesign;

export interface ExternalResource {
  /** Declared engine of the resource. */
  readonly engine: KeyDesign['engine'];
  /** Label for reports: the declared name, or a template's logical ID. */
  readonly name: string;
  /** The partition keys of the table (or container) and its indexes, as declared or read from a template; may be empty
   *  when none can be read. */
  readonly partitionKeys: readonly {
    /** Attribute name (DynamoDB) or path (Cosmos DB) of the key. */
    readonly attribute: string;
    /** The GSI this key belongs to; absent for the table's or container's own key. */
    readonly index?: string;
    /** Where the key was read from (`partitionKeys[0]`, or a template's location). */
    readonly path: string;
  }[];
  /** Whether Contributor Insights / partition-key diagnostics are on, as declared or read; absent when unknown (SG010
   *  is not checked). */
  readonly keyMonitoring?: boolean;
  /** Where the key-monitoring switch was read from (`keyMonitoring`, or a template's location). */
  readonly keyMonitoringPath: string;
  /** Where the partition-key list was read from (`partitionKeys`, or the resource property). */
  readonly partitionKeysPath: string;
  /** Cosmos DB: the key's kind as declared, else inferred from the number of paths. */
  readonly partitionKeyKind: 'Hash' | 'MultiHash';
  /** Where the key's kind was read from (`partitionKeyKind`, or a template's location). */
  readonly partitionKeyKindPath: string;
  /** Cosmos DB: the key's version as declared; undefined when not known. */
  readonly partitionKeyVersion?: 1 | 2;
  /** Where the key's version was read from (`partitionKeyVersion`, or a template's location). */
  readonly partitionKeyVersionPath: string;
  /** Declared waivers; empty when none. */
  readonly acknowledgements: readonly Acknowledgement[];
}

/** A normalized design file: each design knows where it sits (`location`, e.g. `tables[0]`). */
export interface NormalizedDocument {
  /** Each table and then each container of the file, normalized, in declared order. */
  readonly designs: readonly {
    /** Where the design sits in the file (`tables[0]`, `containers[1]`); `''` when a single design was linted. */
    readonly location: string;
    /** The design with every default filled in, as the rules read it. */
    readonly design: KeyDesign;
  }[];
  /** Each external resource of the file, normalized, in declared order. */
  readonly external: readonly {
    /** Where the resource sits in the file, e.g. `external[0]`. */
    readonly location: string;
    /** The resource with its defaults filled in and each field's source location. */
    readonly resource: ExternalResource;
  }[];
}

/** Whether two attribute names denote the same attribute: Cosmos paths may be written with or
 *  without their leading `/` in access patterns and joins. */
/**
 * The shards a read of one logical value of `space`'s key must cover: its own sharding, else the table's write shards its
 * key values hold as stored (`tableShards`). Undefined where a value is one stored key.
 */
export function shardsRead(space: Pick<KeySpace, 'sharding' | 'tableShards'>): Sharding | HeldTableShards | undefined {
  return space.sharding ?? space.tableShards;
}

export function sameAttribute(a: string, b: string): boolean {
  if (a === b) return true;
  // Equal but for one leading slash (`/tenantId` and `tenantId`), told without copying either name: many are compared.
  const aSlash = a.startsWith('/');
  if (aSlash === b.startsWith('/')) return false;
  return aSlash ? a.length === b.length + 1 && a.endsWith(b) : b.length === a.length + 1 && b.endsWith(a);
}

/** Whether a query gives the whole logical key of `space`: every partition-key attribute, by equality. */
export function givesWholeKey(space: Pick<KeySpace, 'partitionKey'>, pattern: { readonly keyAttributes: readonly string[] }): boolean {
  return space.partitionKey.every((a) => givesAttribute(pattern, a));
}

/**
 * Whether a query gives a key attribute's value: it names the attribute, or gives every part of a composite one by
 * equality (`seriesId` and `yyyyMMdd` determine `seriesDay` = seriesId#yyyyMMdd, so the query can build the key).
 */
export function givesAttribute(pattern: { readonly keyAttributes: readonly string[] }, attribute: Pick<KeyAttribute, 'name' | 'components'>): boolean {
  const named = (name: string) => pattern.keyAttributes.some((k) => sameAttribute(k, name));
  return named(attribute.name) || (attribute.components.length > 0 && attribute.components.every((part) => named(part.name)));
}

/** A name without the leading `/` of a Cosmos DB path. */
export function withoutLeadingSlash(name: string): string {
  return name.startsWith('/') ? name.slice(1) : name;
}

/** Whether one of the attribute's parts (its components, or the attribute itself) is a time bucket. */
function hasBucketPart(a: KeyAttribute): boolean {
  return a.components.length > 0 ? a.components.some(isBucketPart) : isBucketPart(a);
}

/** Whether every part of the attribute (its components, or the attribute itself) is a time bucket. */
function allBucketParts(a: KeyAttribute): boolean {
  return a.components.length > 0 ? a.components.every(isBucketPart) : isBucketPart(a);
}

function isBucketPart(p: KeyPart): boolean {
  return p.kind === 'time-bucket';
}

/** A key made only of time buckets (date, hour, yyyyMM…): its current bucket takes every write. */
export function isTimeBucketKey(attributes: readonly KeyAttribute[]): boolean {
  return attributes.length > 0 && attributes.every((a) => a.kind === 'time-bucket');
}

/**
 * The key values the current time bucket's writes land on, for a key that combines a time bucket with
 * other parts (components of one attribute, or levels of a multi-attribute or hierarchical key):
 * `yyyyMMdd#tenantId` with 5 tenants puts every write of today on 5 values, whatever its 1,825 in all
 * (AWS, "Best practices for handling time series data in DynamoDB"; Azure, "Partitioning and horizontal
 * scaling": a date key sends every write of the day to one partition). The other components of one
 * attribute are independent parts of its value, so their counts multiply (else, when one is unknown, the
 * attribute's count over its time buckets'); the levels of a key nest, so their counts may include the
 * levels above and the largest is the conservative figure (as `fullKeyCardinality` counts them).
 * Undefined when the key has no time-bucket part, or only time buckets (then the current bucket is one value).
 */
export function currentBucketValues(attributes: readonly KeyAttribute[]): number | undefined {
  // Asked of every key space: most keys have no time bucket, and are answered without building anything.
  if (!attributes.some(hasBucketPart) || attributes.every(allBucketParts)) return undefined;
  const count = (c: Cardinality | undefined) => (c === 'unique' ? Infinity : (c ?? NaN));
  const perLevel = listOf(attributes, (a) => {
    if (a.components.length === 0) return a.kind === 'time-bucket' ? 1 : count(a.cardinality);
    const [buckets, others] = [a.components.filter((c) => c.kind === 'time-bucket'), a.components.filter((c) => c.kind !== 'time-bucket')];
    const product = others.reduce((p, c) => p * count(c.cardinality), 1);
    if (!Number.isNaN(product)) return product;
    const bucketValues = buckets.reduce((p, c) => p * count(c.cardinality), 1);
    return count(a.cardinality) / bucketValues;
  });
  const values = Math.max(...perLevel);
  // An undeclared count leaves the figure unknown: no rule judges on a guess.
  return perLevel.some((v) => Number.isNaN(v)) || !(values >= 1) ? undefined : values;
}
