/**
 * What every rule needs to know about a design's key spaces, computed once per lint: their loads,
 * whether each fits one partition, and the one plan (strategy and N) that fixes it. Rules that
 * concern the same key space read the same plan, so they can never give different shard counts or
 * opposite advice.
 */
import { keySpaceCardinality } from '../design/cardinality';
import { countFits as countFitsAt } from '../design/hashed-pair';
import type { ShardingStrategy } from '../design/input';
import { currentBucketValues, sameAttribute, type AccessPattern, type CarriedShards, type KeyDesign, type KeySpace } from '../design/key-design';
import { MAX_SHARDS_ACCEPTED } from '../design/limits';
import { listOf } from '../design/lists';
import { allFit, countByLoad, firstCount, fits, leastCount, smallestCount, storedKeyLoads, type KeyLayout, type ReadSpread } from '../design/sharding';
import {
  neighbourLoad,
  profileOf,
  type EngineProfile,
  type LoadDimension,
  type Loads,
  type NeighbourModel,
  type PartitionNeighbours,
  type PhysicalShare,
} from '../engines';
import { gatheredReads, type GatheredReads } from './gathered-reads';
import { hotItemReach, type HotItemReach } from './hot-item-reach';
import { newShardingHotValues } from './hot-value-alone';
import { largestPartitionSize } from './partition-size';
import { carries, carriesKey, needsEveryShard, readsWholeKey } from './queries';
import { declaredBucketReads, readRequests, readRequestsOver } from './read-requests';
import { declaredAttributes, readGivenSources, spreadingShardSource, type DeclaredAttributes } from './shard-source';
import { readsPastQuota } from './throughput-quota';
import { withCopies, writtenUnits, type Written } from './written';

/** How many times `countToTry` takes the count again at the N it found. */
const REFINEMENTS = 3;

export interface Plan {
  /** `none`: the key needs no sharding. `cache`: only a cache helps (the read-hot item of a GSI, or a
   *  GSI key value read a page at a time: the index holds one entry per base item and so cannot keep
   *  replicated copies, and write sharding divides neither read). */
  readonly layout: KeyLayout | 'cache';
  /** N keys per logical key (1 for none); undefined when no N up to the input maximum serves. */
  readonly shards: number | undefined;
  readonly sourceAttribute?: string;
  /** Whether applying the plan fixes every load and size problem of the key space. */
  readonly complete: boolean;
  /** Sharding fixes the writes, but the reads of one item stay on one shard: they need a cache. */
  readonly readsNeedCache: boolean;
  /** What each load alone calls for (1: nothing): the throughput of the hottest value, and the size of
   *  the largest partition. N is the larger of the two. A few key values (minCardinality, SG001) or one
   *  dominant value (maxHotKeyShare, SG014) are warnings with a growth note, never a reason to raise N:
   *  10 copies of a read-hot item where 2 suffice make every write 10×. */
  readonly needs: { readonly throughput: number | undefined; readonly size: number };
  /** A table's shards raised to the count an index carrying them needs (`carryingIndexNeed`); absent where its own
   *  load sets N. */
  readonly carryingIndex?: CarryingIndex;
  /** How the shards divide the hottest value's reads under the source the plan chose (`sourceAttribute`; none: random),
   *  where it is not the one `SpaceAnalysis.readsSpread` was judged by (`readSource`); absent where it is. */
  readonly rejudgedReads?: GatheredReads;
}

/**
 * The index whose hottest value a table's write shards spread too (`carriesTableShards`), where it needs more of them
 * than the table's own load does: the table's N is then the index's.
 */
export interface CarryingIndex {
  /** The index's name. */
  readonly index: string;
  /** The shards its hottest value needs (its plan's `needs.throughput`): the table's N. */
  readonly shards: number;
  /** The shards the table's own hottest value needs. */
  readonly own: number;
}

/**
 * Everything the rules derive from one design, made once per lint and handed to every rule: its key
 * spaces' analyses and the lookups rules share (queries per key space, GSIs by name). Owned by the
 * lint that made it, not cached against the design: nothing outlives the lint.
 */
const NO_RULES_OFF: ReadonlySet<string> = new Set();

export class DesignAnalysis {
  /** What the rules need to know about the design's engine. */
  readonly profile: EngineProfile;
  /** The other keys' expected load on a stored key's partition, per key space (DynamoDB); made once per design. */
  readonly partitionNeighbours: NeighbourModel | undefined;
  /** The design's key spaces (the profile's `keySpaces`), the primary key first. */
  readonly keySpaces: readonly KeySpace[];
  readonly spaces: readonly SpaceAnalysis[];
  readonly #indexes: Map<string | undefined, KeySpace>;
  #patterns: Map<KeySpace, AccessPattern[]> | undefined;
  #patternsByIndexName: Map<string | undefined, AccessPattern[]> | undefined;
  #declaredAttributes: DeclaredAttributes | undefined;

  /**
   * `rulesOff`: the rules this lint does not run because the project turned them off (`rules: { SG007: 'off' }` in its
   * config or the lint options): their findings, and so their edits, never come, which a rule that sizes its own fix on
   * another's (SG017 on SG007's removal) must know.
   */
  constructor(
    readonly design: KeyDesign,
    readonly rulesOff: ReadonlySet<string> = NO_RULES_OFF,
  ) {
    this.profile = profileOf(design.engine);
    this.partitionNeighbours = this.profile.neighbourModel?.(design);
    this.keySpaces = this.profile.keySpaces(design);
    // Before the analyses: each asks which queries read its key space (spaceOf, patternsOn).
    this.#indexes = new Map(this.keySpaces.map((space) => [space.index, space]));
    this.spaces = listOf(this.keySpaces, (space) => new SpaceAnalysis(this, space));
  }

  /** The analysis of one of the design's key spaces. */
  of(space: KeySpace): SpaceAnalysis {
    return this.spaces.find((a) => a.space === space) as SpaceAnalysis;
  }

  /** The key space of the GSI named `index`, if the design has one by that name. */
  spaceOfIndex(index: string): KeySpace | undefined {
    return this.#indexes.get(index);
  }

  /** The key space a query reads: its index's, else the primary key's (an LSI shares the table's partition key). */
  spaceOf(pattern: AccessPattern): KeySpace {
    if (pattern.index === undefined) return this.design.primaryKey;
    return this.#indexes.get(pattern.index) ?? this.design.primaryKey;
  }

  /** The access patterns that read a key space (grouped once, so thousands stay linear). */
  patternsOn(space: KeySpace): readonly AccessPattern[] {
    this.#patterns ??= groupBy(this.design.accessPatterns, (pattern) => this.spaceOf(pattern));
    return this.#patterns.get(space) ?? [];
  }

  /**
   * The share of all queries that reads a key space: its access patterns' shares plus the share no pattern claims,
   * which could go anywhere (normalize-usage.ts readShares charges each key space so). A pattern's part of the key
   * space's reads is its share over this one.
   */
  readShareOf(space: KeySpace): number {
    return this.patternsOn(space).reduce((sum, p) => sum + p.share, 0) + this.unclaimedReadShare();
  }

  /** The share of all queries no access pattern claims (1 less the declared `accessPatterns[].share`), which every key space is charged. */
  unclaimedReadShare(): number {
    const claimed = this.design.accessPatterns.reduce((sum, p) => sum + p.share, 0);
    return Math.max(0, 1 - claimed);
  }

  /** The access patterns that name `index` (`undefined`: none), as declared: an LSI's queries are its own
   *  here, where `patternsOn` counts them on the table's key space they share. */
  patternsNaming(index: string | undefined): readonly AccessPattern[] {
    this.#patternsByIndexName ??= groupBy(this.design.accessPatterns, (pattern) => pattern.index);
    return this.#patternsByIndexName.get(index) ?? [];
  }

  /** Every key attribute and key component of the design, with its own declaration: what a shard source is judged by. */
  get declaredAttributes(): DeclaredAttributes {
    // The key spaces themselves, not their analyses: an analysis asks for these while it is built.
    this.#declaredAttributes ??= declaredAttributes(this.keySpaces, this.profile.localIndexes(this.design));
    return this.#declaredAttributes;
  }

  /** The declared queries that visit every partition, and their share of all queries; with `firstLevel`,
   *  for the order of a prefix-routed key that puts that level first. */
  crossPartition(firstLevel?: string): { readonly patterns: AccessPattern[]; readonly share: number } {
    const patterns = this.design.accessPatterns.filter((p) => !carriesKey(this.profile.routing, this.spaceOf(p), p, firstLevel));
    return { patterns, share: patterns.reduce((sum, p) => sum + p.share, 0) };
  }

  /**
   * Whether putting `firstLevel` first keeps the declared queries targeted: it must not push more of
   * them across partitions than the current order does, beyond what SG012 tolerates.
   */
  keepsQueriesTargeted(firstLevel: string): boolean {
    const after = this.crossPartition(firstLevel).share;
    return after <= Math.max(this.crossPartition().share, this.design.thresholds.maxCrossPartitionShare) + 1e-9;
  }
}

/** Items grouped by a key, in their order: one pass, however many groups. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** One key space's loads and plan, as every rule reads them. */
export class SpaceAnalysis {
  /** Distinct values of the full (logical) key. */
  readonly cardinality: number;
  /**
   * The values the peak lands on, which the hottest value's physical-partition neighbours are counted over: the key's
   * cardinality, but for a key that combines a time bucket with other parts only the current bucket's values
   * (`currentBucketValues`: `/tenantId` → `/day` with 5 tenants takes today's load on 5 values, older buckets idle), so
   * its hottest value, one of those 5 at an even share, is judged as a 5-valued key's is, not as a skewed one of 1,825.
   */
  readonly trafficValues: number;
  /** A key value holds many items (DynamoDB: a sort-key range; Cosmos DB: a logical partition of
   *  documents), so write sharding spreads its reads too. A single item's reads stay whole. */
  readonly collection: boolean;
  /** What the key space is written at its peak: a GSI's writes count every replicated copy of a base item (written.ts). */
  readonly written: Written;
  /** The whole key space's load, and the hottest logical value's. */
  readonly total: Loads;
  /** On an index keyed by the table's sharded attribute (`hotKeyShareCarried`), the value's loads over all the table's
   *  shards: what a separate shard attribute of the index, holding the plain value and its own shard, takes (so the N a
   *  fix writes is the N the next lint credits the index with, normalize-table.ts `tableHotShare`). */
  readonly hot: Loads;
  /** The key value access patterns name (`keyValue`) where its reads make the hottest value's reads more than
   *  `hotKeyShare` of the key space's: `hot.reads` is then its share. */
  readonly namedReads: NamedReads | undefined;
  /** A GSI whose hottest value's writes are the table's hottest item's, more than its own `hotKeyShare` gives it
   *  (`inheritedWrites`): `hot.writes` is then that item's share of its writes. */
  readonly inherited: InheritedWrites | undefined;
  /** The hottest value's physical partition (Cosmos DB, with declared throughput): its share of the
   *  RU/s and its neighbours' expected load, which can bite before the value's own ceiling. */
  readonly physical: PhysicalShare | undefined;
  /** Loads of the busiest stored key under the declared sharding, against the usable ceilings. */
  readonly perKey: readonly LoadDimension[];
  readonly over: readonly LoadDimension[];
  /** No value is heavier than the average one, in either direction (`uniformValues`). */
  readonly #uniform: boolean;
  // Made on first use: most key spaces fit, and only the rules that judge one further (few values, a plan) ask.
  #plan: Plan | undefined;
  #firstJudgement: FirstJudgement | undefined;
  #pagedReads: readonly AccessPattern[] | undefined;
  #sizeNeed: number | undefined;
  #whole: readonly LoadDimension[] | undefined;
  #hotOnOneKey: readonly LoadDimension[] | undefined;
  #readGiven: readonly string[] | undefined;
  #charged: Loads | undefined;
  #chargedAtCount: Map<string, Loads> | undefined;
  #derived: Map<(analysis: SpaceAnalysis) => unknown, unknown> | undefined;

  constructor(
    readonly owner: DesignAnalysis,
    readonly space: KeySpace,
  ) {
    const { design, profile } = owner;
    const { headroom } = design.thresholds;
    const { peakReadUnits, hotKeyShare } = space.workload;
    this.cardinality = keySpaceCardinality(space);
    const bucketValues = space.workload.hotKeyShareSource === 'time-bucket' ? currentBucketValues(space.partitionKey) : undefined;
    this.trafficValues = bucketValues ?? this.cardinality;
    this.collection = profile.keyValueHoldsMany(design, space, this.cardinality);
    this.written = writtenUnits(design, space);
    this.total = { reads: peakReadUnits, writes: this.written.units };
    this.namedReads = namedReads(owner, space);
    this.inherited = inheritedWrites(design, space, profile);
    // The directions that carry the share (workload.hotKeyOperations); the reads of patterns naming a value (keyValue) land on it regardless.
    // A value hot by its writes is still read as often as the average value (1/values of the reads), as SG017 charges
    // its fan-out (read-requests.ts `shardedValues`): sharded, each read of it queries every shard, so each shard's
    // partition serves those reads, and counting none would pass a shard its fan-out puts over its partition.
    const { hotKeyOperations } = space.workload;
    const carried = carriedShards(space);
    const evenShare = Number.isFinite(this.trafficValues) ? 1 / this.trafficValues : 0;
    const readShare = this.namedReads?.share ?? (hotKeyOperations === 'writes' ? evenShare : hotKeyShare);
    const writeShare = this.inherited?.share ?? hotKeyShare;
    const shareHot = { reads: peakReadUnits * readShare, writes: hotKeyOperations === 'reads' ? 0 : this.written.units * writeShare };
    // An index keyed by the table's sharded attribute (`hotKeyShareCarried`): `hotKeyShare` is one of the table's shards
    // of the value; the value's own loads are the table's share of the index's (`carried.share`), which the busiest stored
    // key (`perKey`) takes a shard of (a page read, `limit`, reads a page of every shard, so each takes the value's reads).
    this.hot =
      carried === undefined
        ? shareHot
        : {
            reads: this.namedReads || shareHot.reads === 0 ? shareHot.reads : peakReadUnits * carried.share,
            writes: this.inherited || shareHot.writes === 0 ? shareHot.writes : this.written.units * carried.share,
          };
    const noHeavier = (hot: number, total: number) => hot * this.trafficValues <= total * (1 + 1e-9);
    this.#uniform = Number.isFinite(this.trafficValues) && noHeavier(this.hot.reads, this.total.reads) && noHeavier(this.hot.writes, this.total.writes);
    const layout: KeyLayout = space.sharding?.strategy ?? 'none';
    // One copy of every document: the declared copies' storage is not the unsharded value's (`withCopies`).
    // A value past its own key ceiling (one logical partition's RU/s) is served by no raise: where nothing else needs one,
    // it is judged on the layout the container has (the engine's `physicalShare`), and SG017 raises nothing for it. A
    // hierarchical key's full key waits on its first level's plan, whose raise SG017 carries: judged as before.
    const pastOwnCeiling = space.partitionKey.length === 1 && !space.sharding && carried === undefined && !allFit(profile.loadDimensions(this.hot, headroom));
    this.physical =
      space === design.primaryKey ? profile.physicalShare?.(this.#oneCopy().design, this.charged, this.hot, this.trafficValues, pastOwnCeiling) : undefined;
    const shards = space.sharding?.shards ?? carried?.shards ?? 1;
    this.perKey = this.dimensionsAt(carried?.strategy ?? layout, shards);
    this.over = this.perKey.filter((d) => !fits(d.load, d.usable));
  }

  get design(): KeyDesign {
    return this.owner.design;
  }

  /** The declared queries that read a key value a page at a time (`limit`, DynamoDB `Limit`). */
  get pagedReads(): readonly AccessPattern[] {
    // A page of one shard serves a read that wants any item: the shards divide those reads like any other.
    this.#pagedReads ??= this.collection
      ? this.owner.patternsOn(this.space).filter((p) => p.limit !== undefined && p.wants === 'all' && readsWholeKey(this.space, p))
      : [];
    return this.#pagedReads;
  }

  /** The shards the largest partition's size alone calls for (1: none; the primary key only): the plan's `needs.size`,
   *  known without making the plan. */
  get sizeNeed(): number {
    this.#sizeNeed ??= sizeNeed(this.owner, this.space);
    return this.#sizeNeed;
  }

  /** The whole key space's peak against one partition's usable ceilings. */
  get whole(): readonly LoadDimension[] {
    this.#whole ??= this.owner.profile.loadDimensions(this.total, this.design.thresholds.headroom);
    return this.#whole;
  }

  /**
   * The hottest value's load stored on one key, beside its neighbours, however the key is sharded: where it is sharded,
   * what its plan's count search starts from and the growth factor every finding on the key gives
   * (physical-partition.ts, `unshardedDimensions`), judged once for both.
   */
  get hotOnOneKey(): readonly LoadDimension[] {
    this.#hotOnOneKey ??= this.owner.profile.loadDimensions(this.hot, this.design.thresholds.headroom, this.physical, this.neighboursAt('none', 1));
    return this.#hotOnOneKey;
  }

  /** Whether the whole key space's peak fits one partition with headroom (then a few key values is a risk to note, not an error). */
  get fitsOnePartition(): boolean {
    return allFit(this.whole);
  }

  /** Whether write sharding divides the hottest value's reads: it holds many items, and no query reads it
   *  a page at a time. A paged query over N shards reads a page from each shard and merges them (every
   *  shard serves every page, in sort-key order), so the shards barely relieve it: such reads need a
   *  cache or copies (DynamoDB Developer Guide, "Paginating table query results"; "DAX: How it works").
   *  On DynamoDB, by as much as each shard's Query is charged less than the unsharded read (gathered-reads.ts): a
   *  function of the shard count where only some of the reads spread. */
  get readsSpread(): ReadSpread {
    return this.#firstJudged().reads?.spread ?? false;
  }

  /** The attribute `readsSpread` takes a read that gives it to find one shard by (`chosenShardSource`); undefined: none,
   *  every read of the value wanting all its items gathers from every shard (random shards). */
  get readSource(): string | undefined {
    return this.#firstJudged().source;
  }

  /** `readSource` and the reads judged by it, made on first use: only a key space sharded, or one whose hottest value
   *  needs a plan, asks (one stored key takes its loads whole, `storedLoads`). */
  #firstJudged(): FirstJudgement {
    this.#firstJudgement ??= firstJudgement(this);
    return this.#firstJudgement;
  }

  /** How the shards divide the hottest value's reads under the source the plan chose (`Plan.sourceAttribute`; none:
   *  random), which its fix's count and words follow: the plan's judgement where it judged them again by that source
   *  (`Plan.rejudgedReads`), else the first (`readSource`'s). Undefined where the shards divide no read of it. */
  plannedReads(): GatheredReads | undefined {
    return this.plan.rejudgedReads ?? this.#firstJudged().reads;
  }

  /** `readsSpread` under the source the plan chose (`plannedReads`). */
  plannedSpread(): ReadSpread {
    return this.plannedReads()?.spread ?? false;
  }

  /** The design with one copy of every document (`withCopies`): the declared copies' storage is not one value's. */
  #oneCopy(): { readonly design: KeyDesign; readonly total: Loads } {
    return withCopies(this.design, this.total, 1);
  }

  /**
   * The key space's peak as the engine charges it (read-requests.ts): `total`'s writes, and its reads with each query
   * of a fan-out over the declared shards counted on every shard it visits (a query over several partitions is one
   * query on each, "Query an Azure Cosmos DB container", charged for what it loads, "Request units in Azure Cosmos
   * DB"). The one load model of the container's peak: SG017 judges it against the RU/s, and the hot value's
   * neighbours (SG003, the counts SG008 sizes, the alerts' reach) are its rest, so a fix that fits the one fits the other.
   */
  get charged(): Loads {
    this.#charged ??= chargedLoads(this);
    return this.#charged;
  }

  /**
   * `charged` were the key stored in `n` keys under `layout`: the reads that query every shard then are those the
   * declared patterns fan out (`fanOut`) and those the fix that sets the count makes fan out (`needsEveryShard`, the
   * patterns it sets fanOut on), each on all `n` (`readRequestsOver`), of the values the sharding covers: the declared
   * `hotValues`, or on a key not yet sharded the ones the fix would declare (`newShardingHotValues`: its hottest value
   * alone, or every value). The count the plan picks is then judged beside the neighbours its own fan-out makes, as the
   * next lint judges the sharding it writes: Cosmos DB charges each shard's query at least about 2.5 RU, so a read of a
   * small result costs N times as much over N shards ("Query an Azure Cosmos DB container"), and a count that fitted
   * beside the unsharded reads did not fit once written. Copies (read one at a time), and a key whose only shards are
   * the table's it carries, are charged their declared reads, with those that query every bucket of a declared bucketed
   * first level counted on each (`declaredBucketReads`).
   */
  chargedAt(layout: KeyLayout, n: number, readsAnew = true): Loads {
    // Asked at each count a search tries, and again by the neighbours and the physical share of that count. Random and
    // calculated shards are charged alike: which reads fan out follows the source reads give (`readSource`).
    const key = `${layout === 'calculated' ? 'random' : layout} ${n} ${readsAnew}`;
    const known = (this.#chargedAtCount ??= new Map()).get(key);
    if (known !== undefined) return known;
    const charged = this.#chargedAtUncounted(layout, n, readsAnew);
    this.#chargedAtCount.set(key, charged);
    return charged;
  }

  /** `chargedAt`, counted. */
  #chargedAtUncounted(layout: KeyLayout, n: number, readsAnew: boolean): Loads {
    const declared = this.space.sharding;
    // Copies declared and shards counted (the plan trades the copies for shards): the shards are new, and so is their fan-out.
    const anew =
      readsAnew && (declared === undefined || (declared.strategy === 'replicated' && layout !== 'replicated')) && carriedShards(this.space) === undefined;
    if ((!anew && (!declared || declared.strategy === 'replicated')) || layout === 'none' || layout === 'replicated' || n <= 1)
      return { reads: declaredBucketReads(this).units, writes: this.total.writes };
    if (declared?.strategy === layout && declared.shards === n) return this.charged;
    // The plan counts every write sharding as `random` (the loads are the same); a read giving the source it hashes
    // (`readSource`) still finds one shard.
    const strategy = this.readSource === undefined ? layout : 'calculated';
    const fansOut = (p: AccessPattern) => p.fanOut === true || needsEveryShard(this.space, p, strategy, this.readSource);
    const hotValues = anew ? newShardingHotValues(this, this.storedLoads(layout, n)) : declared?.hotValues;
    const reads = readRequestsOver(this, n, fansOut, hotValues).units;
    // A declared count raised: the fan-out SG009 would set is counted only where SG009 can write it (within the read
    // quota); past it SG009 writes none, and the reads stay as declared, as the next lint charges them.
    if (anew || readsPastQuota(this, reads) === undefined) return { reads, writes: this.total.writes };
    return { reads: readRequestsOver(this, n, (p) => p.fanOut === true, hotValues).units, writes: this.total.writes };
  }

  /** How write shards divide the hottest value's reads where a read giving `source` finds one shard (gathered-reads.ts);
   *  undefined where a value holds one item or is read a page at a time (the shards divide no read of it). */
  gatheredWith(source: string | undefined): GatheredReads | undefined {
    if (!this.collection || this.pagedReads.length > 0) return undefined;
    const { owner, space } = this;
    return gatheredReads(space, owner.patternsOn(space), owner.readShareOf(space), { charge: owner.profile.queryCharge, source });
  }

  /**
   * The loads on the busiest of `n` stored keys under `layout` (`storedKeyLoads`), from the hottest value's (`loads`).
   * Where those writes are one table item's (an index's, `inherited`), shards spread them only when drawn afresh on
   * every update of the item, which changes its index key: a delete and a put, 2 index writes per update (AWS,
   * "Provisioned throughput considerations for global secondary indexes"), so random shards each take 2/N of its
   * updates. Those are the writes ÷ `writesPerUpdate`: where the updates change the index's sort key, the delete and
   * put counted already are the ones the new shard makes, not 2 more. A calculated shard spreads none: every attribute
   * of that item, hashed, names the same shard. `spread`: how the shards divide the reads (`readsSpread` unless given).
   */
  storedLoads(layout: KeyLayout, n: number, loads: Loads = this.hot, spread?: ReadSpread): Loads {
    // One stored key takes the value's loads whole: no spread of its reads to judge.
    if (layout === 'none' || n <= 1) return loads;
    const stored = storedKeyLoads(loads, layout, n, spread ?? this.readsSpread);
    if (this.inherited === undefined) return stored;
    if (layout === 'random') return { reads: stored.reads, writes: (2 * stored.writes) / this.inherited.writesPerUpdate };
    return layout === 'calculated' ? { reads: stored.reads, writes: loads.writes } : stored;
  }

  /**
   * The physical share one of `n` write shards of the hottest value (`loads`: the value's, or its writes alone) meets.
   * Each shard is a key value of its own, hashed to a physical partition like any other, so its expected neighbours
   * are 1/P of the rest of the container's load, its sibling shards included: the same share a hierarchical key's
   * buckets are judged on (prefix-ingestion.ts). Counting only the other key values (`physical`, the unsharded
   * value's) would assume the N shards land on N different partitions. Copies (replicated) keep the unsharded share.
   */
  storedKeyShare(layout: KeyLayout, n: number, loads: Loads = this.hot, spread?: ReadSpread, readsAnew = true): PhysicalShare | undefined {
    if (this.physical === undefined || n <= 1 || layout === 'none') return this.physical;
    const stored = storedKeyLoads(loads, layout, n, spread ?? this.readsSpread);
    if (layout === 'replicated') return this.#copiesShare(n, stored);
    const charged = this.chargedAt(layout, n, readsAnew);
    const share = this.owner.profile.physicalShare?.(this.#oneCopy().design, charged, stored, this.trafficValues * n);
    if (!share?.raisedFrom || share.requestUnits === this.physical.requestUnits) return share;
    // The count's own fan-out takes the peak past the RU/s the design is judged at (the container's, or SG017's raise
    // for the declared peak): judged where a raise for that peak would leave it, a count wide enough fits on RU/s it
    // alone calls for (147 shards on 470,000 RU/s). On the design's layout, the shard meets 1/P of the rest of the
    // count's peak (`neighbourLoad`), and the count does not fit there.
    const rest = charged.reads + charged.writes - stored.reads - stored.writes;
    return Object.assign({}, this.physical, { neighbours: neighbourLoad(rest, this.physical.keySpaceSlices) });
  }

  /**
   * The physical share one of `n` replicated copies of the hottest value (`stored`: one copy's loads) meets. Copies are
   * copies of every document (key#0…key#N−1 of each value), so the container then holds n × one copy's GB, at least one
   * physical partition per 50 GB, its RU/s divided among them all ("Partitioning and horizontal scaling"), and takes n ×
   * its writes: each other value's writes are n× too, so the neighbours on the copy's partition are 1/P of the reads and
   * n × the writes, less the copy's own load, its sibling copies included. Where that peak is above the container's
   * usable RU/s, the engine judges the copy where SG017's raise for it leaves it, as for any peak.
   */
  #copiesShare(n: number, stored: Loads): PhysicalShare | undefined {
    const copies = withCopies(this.design, this.total, n);
    const share = this.owner.profile.physicalShare?.(copies.design, copies.total, stored, this.trafficValues * n);
    if (!share?.raisedFrom) return share;
    // Credited with the RU/s the copies' peak needs (peak ÷ headroom) over the partitions SG017's raise leaves, not the
    // surplus a raise in place adds to split them evenly: a count that fits only on that surplus fits because of a raise,
    // which the raise itself offers (cheaper: it keeps one copy), and more copies would only make that raise larger.
    const needed = (copies.total.reads + copies.total.writes) / this.design.thresholds.headroom;
    const requestUnits = Math.min(share.requestUnits, needed);
    return Object.assign({}, share, { requestUnits, requestUnitsEach: requestUnits / share.count });
  }

  /**
   * The other keys' expected load on the partition of the busiest of `n` stored keys under `layout` (DynamoDB:
   * `dynamoNeighbourModel`), its sibling shards included. Replicated copies are copies of every item, each written
   * on every write (written.ts), so the key space is then written at N × its writes (each read goes to one copy). Undefined where the engine
   * judges neighbours on a physical share instead (Cosmos DB: `storedKeyShare`).
   */
  neighboursAt(layout: KeyLayout, n: number, loads: Loads = this.hot): PartitionNeighbours | undefined {
    return this.#neighboursBeside(layout, n, this.storedLoads(layout, n, loads));
  }

  /**
   * `neighboursAt` of the stored key's own loads (`stored`, from `storedLoads`), on the key space's peak as charged at
   * that count (`chargedAtCount`, as SG017 counts it).
   */
  #neighboursBeside(layout: KeyLayout, n: number, stored: Loads, readsAnew = true): PartitionNeighbours | undefined {
    return this.owner.partitionNeighbours?.(
      this.space.index,
      this.totalAt(layout, n),
      stored,
      this.uniformValues(n),
      this.chargedAtCount(layout, n, readsAnew),
    );
  }

  /**
   * The key space's peak at `n` stored keys under `layout` as the engine charges it: its reads as `chargedAt` counts
   * them, each Query of a fan-out over the N shards a request of its own, charged at least 0.5 RCU eventually
   * consistent, 1 strongly (AWS "Query"; "Using write sharding to distribute workloads evenly": a read of a sharded value
   * queries every suffix), on the partition holding the shard it reads; its writes as `totalAt` counts them (copies write
   * every one). The neighbours beside a stored key are 1/P of the rest of this peak, not of the logical reads declared
   * (a tenant's 2,100 RCU of pages on each of 33 shards: 73,200 RCU over the table, not 6,000), and an on-demand table's
   * P is counted on it too: its partitions follow the traffic it has consumed ("On-demand capacity mode": up to double
   * the previous peak). `readsAnew` as `chargedAt`.
   */
  chargedAtCount(layout: KeyLayout, n: number, readsAnew = true): Loads {
    const total = this.totalAt(layout, n);
    const charged = this.chargedAt(layout, n, readsAnew);
    return charged.reads === total.reads ? total : { reads: charged.reads, writes: total.writes };
  }

  /**
   * The key space's load under `n` stored keys of its hottest value laid out as `layout`: N replicated copies are copies
   * of every item, each written on every write (written.ts), so the writes are N× (each read goes to one copy); shards
   * move the load, not add to it.
   */
  totalAt(layout: KeyLayout, n: number, total: Loads = this.total): Loads {
    return layout === 'replicated' ? { reads: total.reads, writes: total.writes * n } : total;
  }

  /**
   * The stored keys that share the key space's traffic under `n` shards, for the neighbour model to judge a uniform
   * key at the average partition (`judgedNeighbourLoad`): only where no value is heavier than the average one in
   * either direction. Beside a whale the partitions' loads are no average (the whale's partition holds far more), so
   * its lighter values keep the expectation: 999 meters of 3.2 WCU beside one of 4,800 on 10 partitions at the line
   * were judged to fit "3.2 of a usable 3.2" unsharded there, where the expectation leaves them 0.32.
   */
  uniformValues(n: number): number | undefined {
    return this.#uniform ? this.trafficValues * n : undefined;
  }

  /**
   * Whether shards spread this key's reads (`spread`: as judged by the source being counted, `plannedSpread` once
   * planned) and the engine judges them beside their neighbours (DynamoDB): such reads, over at every count, are past
   * the counts (the neighbours' floor: 1,000,000 RCU need more than 1,000 shards), not the reads of one item stuck on
   * its shard, which a cache takes while shards serve the writes.
   */
  spreadReadsBesideNeighbours(spread: ReadSpread): boolean {
    // Reads spread only in part (gathered-reads.ts) can be over at every count by what the shards never divide.
    return spread === true && this.owner.partitionNeighbours !== undefined;
  }

  /** The ceilings the busiest of `n` stored keys under `layout` runs into, beside its neighbours where the engine counts them. */
  dimensionsAt(layout: KeyLayout, n: number, loads: Loads = this.hot, spread?: ReadSpread, readsAnew = true): LoadDimension[] {
    const { headroom } = this.design.thresholds;
    const stored = this.storedLoads(layout, n, loads, spread);
    return this.owner.profile.loadDimensions(
      stored,
      headroom,
      this.storedKeyShare(layout, n, loads, spread, readsAnew),
      this.#neighboursBeside(layout, n, stored, readsAnew),
    );
  }

  /** The patterns on whose assumption alone `n` shards under `layout` fit the hottest value: its gathered reads with no
   *  `resultKb`, taken to return over N × 4 KB each (under 4 KB, every shard is charged them in full), as judged by the
   *  source the plan chose (`plannedReads`). Undefined where the count fits without it, or relies on none. */
  largeReadsAssumed(layout: KeyLayout, n: number): readonly string[] | undefined {
    const reads = this.plannedReads();
    if (reads === undefined || reads.assumed.length === 0 || layout === 'replicated' || layout === 'none' || n <= 1) return undefined;
    return allFit(this.dimensionsAt(layout, n, this.hot, reads.spreadIfSmall)) ? undefined : reads.assumed;
  }

  /**
   * The ceilings a value of `loads` other than the hottest meets stored unsharded (the next hottest, which a
   * sharding of the hottest value alone leaves as it is), beside its own neighbours: the rest of the key space's load,
   * the hottest value's included, since its shards hash over every partition. `dimensionsAt('none', 1, loads)` would
   * judge it on the hottest value's physical share (`physical`: neighbours of total − hot), crediting it with the room
   * only the unsharded hottest value leaves. DynamoDB's neighbours are counted from `loads` already (`neighboursAt`).
   */
  valueDimensions(loads: Loads): LoadDimension[] {
    const { headroom } = this.design.thresholds;
    const share = this.physical && this.owner.profile.physicalShare?.(this.#oneCopy().design, this.charged, loads, this.trafficValues);
    return this.owner.profile.loadDimensions(this.storedLoads('none', 1, loads), headroom, share, this.neighboursAt('none', 1, loads));
  }

  /**
   * The N `smallestCount` tries first for `loads` under `layout`: N = ceil(load ÷ usable) on the busiest dimension
   * (`countByLoad`), first on one key (`unsharded`), then with the usable left beside the neighbours that N stored keys
   * leave the busiest one, again at each larger N that gives (at most `REFINEMENTS` times). Those neighbours, its
   * sibling shards among them, grow with N: the usable of one key alone starts below the count, which the search then
   * finds by halving from `MAX_SHARDS_ACCEPTED`. The usable only shrinks as N grows, so no N taken passes the smallest.
   */
  countToTry(layout: KeyLayout, loads: Loads, unsharded: readonly LoadDimension[]): number {
    const { headroom } = this.design.thresholds;
    const countAt = (n: number) =>
      countByLoad(this.owner.profile.loadDimensions(loads, headroom, this.storedKeyShare(layout, n, loads), this.neighboursAt(layout, n, loads)));
    let n = countByLoad(unsharded);
    for (let step = 0; step < REFINEMENTS && n > 1 && n < MAX_SHARDS_ACCEPTED; step++) {
      const next = countAt(n);
      if (next <= n) break;
      n = next;
    }
    return n;
  }

  /**
   * What `derive` makes of this key space, made once per lint however many rules ask (the advice for
   * its plan, say): derived facts live with the analysis, and end with it.
   */
  once<T>(derive: (analysis: SpaceAnalysis) => T): T {
    const derived = (this.#derived ??= new Map());
    const known = derived.get(derive);
    if (known !== undefined || derived.has(derive)) return known as T;
    const made = derive(this);
    derived.set(derive, made);
    return made;
  }

  /**
   * The attributes the reads of a whole key value give, best first (`readGivenSources`): a calculated shard's candidate
   * sources, the same at every count a search judges, so found once per key space.
   */
  get readGivenSources(): readonly string[] {
    this.#readGiven ??= readGivenSources(this.space, this.owner.patternsOn(this.space));
    return this.#readGiven;
  }

  /** Computed on first use: most key spaces are fine and no rule asks for their plan. */
  get plan(): Plan {
    this.#plan ??= planFor(this);
    return this.#plan;
  }
}

/** How a key space's hottest value's reads are first judged (`SpaceAnalysis.readSource`, `readsSpread`). */
interface FirstJudgement {
  /** The attribute a read that gives it finds one shard by (`readSource`). */
  readonly source: string | undefined;
  /** DynamoDB: how the shards divide the hottest value's reads, judged by `source` (gathered-reads.ts): `readsSpread`,
   *  the reads every shard is charged in full and those divided 1/N only by assumption. Undefined where the shards divide
   *  no read of it. The plan may judge them again by the source it chooses: `plannedReads` is the one its fix follows. */
  readonly reads: GatheredReads | undefined;
}

/**
 * The attribute a read of `analysis`'s key space that gives it finds one shard by: the one the declared write sharding
 * hashes (none for random shards, whose every read of a value gathers), else the one the plan would hash at the least
 * count (planFor judges the reads again where the count it needs makes it choose another); and the reads judged by it.
 */
function firstJudgement(analysis: SpaceAnalysis): FirstJudgement {
  const declared = analysis.space.sharding;
  const source =
    declared && declared.strategy !== 'replicated'
      ? declared.strategy === 'calculated'
        ? declared.sourceAttribute
        : undefined
      : chosenShardSource(analysis, declared?.shards);
  return { source, reads: analysis.gatheredWith(source) };
}

/** `SpaceAnalysis.charged`, made once per key space: its writes, and its reads with the declared fan-out counted. */
function chargedLoads(a: SpaceAnalysis): Loads {
  return { reads: readRequests(a).units, writes: a.total.writes };
}

/** The key value access patterns name (`keyValue`) that takes the most of a key space's reads. */
export interface NamedReads {
  readonly value: string;
  /** The patterns that name it. */
  readonly patterns: readonly string[];
  /** The share of the key space's reads the hottest value takes with it: the value's own, plus `hotKeyShare` of the rest. */
  readonly share: number;
  /** Its own part of that share: the reads of the patterns that name it. */
  readonly named: number;
  /** The `hotKeyShare` of the other reads it takes besides (0 when the patterns naming it take every read). */
  readonly ofRest: number;
}

/**
 * The values access patterns name (`keyValue`), each with the patterns that name it and their share of the key space's
 * reads (patterns naming the same one add up): every read of such a pattern lands on that one value.
 */
export function namedValues(owner: DesignAnalysis, space: KeySpace): Map<string, { readonly share: number; readonly patterns: string[] }> {
  const byValue = new Map<string, { share: number; patterns: string[] }>();
  const named = owner.patternsOn(space).filter((p) => p.keyValue !== undefined);
  // Only where a pattern names a value: the key space's read share sums every declared pattern's.
  if (named.length === 0) return byValue;
  const spaceShare = owner.readShareOf(space);
  for (const p of named) {
    const value = byValue.get(p.keyValue as string) ?? { share: 0, patterns: [] };
    byValue.set(p.keyValue as string, { share: value.share + p.share / spaceShare, patterns: [...value.patterns, p.name] });
  }
  return byValue;
}

/**
 * The busiest value access patterns name: reads of patterns that name one `keyValue` all land on that value (patterns
 * naming the same one add up); the rest spread as `hotKeyShare` says, the hottest value's part of them included, since
 * nothing says it is another value. Undefined when no pattern names a value, or when `hotKeyShare` of all the reads
 * is as much (the named values then take no more than the hottest value is declared or assumed to take).
 */
function namedReads(owner: DesignAnalysis, space: KeySpace): NamedReads | undefined {
  const values = [...namedValues(owner, space).entries()];
  if (values.length === 0) return undefined;
  const rest = Math.max(0, 1 - values.reduce((sum, [, v]) => sum + v.share, 0));
  const [value, busiest] = values.reduce((a, b) => (b[1].share > a[1].share ? b : a));
  const share = Math.min(1, busiest.share + space.workload.hotKeyShare * rest);
  const ofRest = rest > 0 ? space.workload.hotKeyShare : 0;
  return share > space.workload.hotKeyShare ? { value, patterns: busiest.patterns, share, named: Math.min(1, busiest.share), ofRest } : undefined;
}

/** The table's hottest item, whose writes all land on one value of an index it is written to (`inheritedWrites`). */
export interface InheritedWrites {
  /** The table's partition key, whose hottest value is that item: `skuId`. */
  readonly tableKey: readonly string[];
  /** That item's share of the table's writes (`workload.hotKeyShare`). */
  readonly tableShare: number;
  /** Its share of the index's writes as the lint counts them, on the index's hottest value: `tableShare`, or, where the
   *  index is counted at 2× the table's writes because updates change its key, `tableShare` × `writesPerUpdate` ÷ 2. */
  readonly share: number;
  /** The index writes each update of the item puts on that one index value: 2 where the key the updates change is
   *  the index's sort key (the delete and the put both land under the one partition-key value), else 1. */
  readonly writesPerUpdate: 1 | 2;
  /** The index partition-key attribute the updates change, where they do: the item moves between its values, a delete on
   *  the one it leaves and a put on the one it takes, so no one value takes more than one write per update. */
  readonly moves?: string;
  /** Whether the item is the one a declared running total or conditional write keeps (the table key has a sort key). */
  readonly aggregate: boolean;
  /** `writes`: the design says the item's updates write the index; `unknown`: the index projects `KEYS_ONLY` and an
   *  index key attribute declares no `mutable`, so those updates are counted as an upper bound (hot-item-reach.ts). */
  readonly reach: Exclude<HotItemReach, 'skips'>;
}

/**
 * The table's partition key where its hottest value is one item that every one of its writes updates and that takes
 * more than a uniform share of them (declared or observed): a shard of an index hashed from that key puts the item's
 * writes on one shard, however many values the key has. Undefined otherwise.
 */
function hotTableItemKey(design: KeyDesign, profile: EngineProfile): readonly string[] | undefined {
  const { workload, partitionKey } = design.primaryKey;
  if (workload.hotKeyShareSource === 'uniform' || workload.hotKeyOperations === 'reads' || !profile.hotWritesOnOneItem(design)) return undefined;
  return partitionKey.map((a) => a.name);
}

/**
 * Where the table's hottest key value is one item that every one of its writes updates (`hotWritesOnOneItem`), an
 * index written at the table's writes takes those writes on the one value of its key that item carries: AWS counts a
 * write to the index for every table write that puts or updates an item carrying its key ("Provisioned throughput
 * considerations for global secondary indexes"), and a GSI's partitions take their own throughput limits whatever
 * the table's spread ("Understanding GSI write throttling and back pressure"). So the index's hottest value takes at
 * least that item's share of its writes, however many values its key has. Not where the index declares its own writes
 * (its projection may leave out what those updates change: an update that writes no index key and no projected
 * attribute does not write it), nor where the design says its updates do not write the index (a `KEYS_ONLY` index
 * whose key attributes they cannot change: hot-item-reach.ts), nor where the table's key holds many items, which may
 * carry many index values. Exported (lib/index.ts) for `observe`, which must not write a measured index peak that would turn this off (an index
 * measured while the hot item was quiet shows fewer writes): cli/observe/drift.ts, `inheritedPeak`.
 */
export function inheritedWrites(design: KeyDesign, space: KeySpace, profile: EngineProfile = profileOf(design.engine)): InheritedWrites | undefined {
  const table = design.primaryKey;
  // Counted from the puts and deletes (new-items.ts): the hot item's updates are none of them.
  const source = space.workload.writeSource;
  if (space === table || source === 'declared' || source === 'new-items' || !profile.hotWritesOnOneItem(design)) return undefined;
  // A KEYS_ONLY index whose key attributes the updates cannot change takes none of them (hot-item-reach.ts).
  const reach = hotItemReach(design, space);
  if (reach === 'skips') return undefined;
  const tableShare = table.workload.hotKeyOperations === 'reads' ? 0 : table.workload.hotKeyShare;
  // Counted at 2× the table's writes (key-changes): each update of the item is at most one delete and one put on the
  // index, both under its one partition-key value only where the key that changes is the index's sort key.
  const change = space.workload.writeSource === 'key-changes' ? space.workload.keyChange : undefined;
  const writesPerUpdate = change && space.sortKey.some((a) => a.path === change.path) ? 2 : 1;
  const share = change ? (tableShare * writesPerUpdate) / 2 : tableShare;
  if (share <= space.workload.hotKeyShare) return undefined;
  return {
    tableKey: table.partitionKey.map((a) => a.name),
    tableShare,
    share,
    writesPerUpdate,
    ...(change && writesPerUpdate === 1 ? { moves: change.attribute } : {}),
    aggregate: table.sortKey.length > 0,
    reach,
  };
}

/**
 * The loads the lint judges a key space at: its whole peak (`SpaceAnalysis.total`) and its hottest value's (`hot`: the
 * key space's own hotKeyShare of the reads, and of the writes unless they are the table's hottest item's, `inherited`).
 * Exported (lib/index.ts) for `observe`, which holds a measured hottest-key share against the share of them the lint
 * takes, in the units Contributor Insights counts (cli/observe/drift.ts, `inheritedShareComparison`).
 */
export function judgedLoads(design: KeyDesign, space: KeySpace): { readonly total: Loads; readonly hot: Loads } | undefined {
  const analysis = new DesignAnalysis(design).spaces.find((a) => a.space === space);
  return analysis && { total: analysis.total, hot: analysis.hot };
}

/**
 * How many times the loads can grow before the first dimension reaches its usable ceiling (Infinity: no load).
 * On a physical partition's share the neighbours' load grows with the traffic too: (usable + neighbours) ÷
 * (load + neighbours).
 */
export function growthOf(dimensions: readonly LoadDimension[]): number {
  return dimensions.reduce((min, d) => {
    const neighbours = d.physical?.neighbours ?? d.neighbours?.load ?? 0;
    return d.load > 0 ? Math.min(min, (d.usable + neighbours) / (d.load + neighbours)) : min;
  }, Infinity);
}

/**
 * A growth factor that would read "1×" or less (two decimals): the load is at its usable ceiling, with no growth left
 * to quote. Not "saturated": a load up to the usable ceiling fits (`fits`, the comparison SG003 and the plan make).
 */
export function atCeiling(growth: number): boolean {
  return growth < 1.005;
}

/** Usable GB of one logical partition / item collection, or undefined when no size limit applies. */
export function usablePartitionGb(analysis: DesignAnalysis): number | undefined {
  const limit = analysis.profile.keyValueSizeLimit(analysis.design);
  return limit && limit.gb * analysis.design.thresholds.headroom;
}

/** Shards so the largest partition (primary key only) stays under the usable size; replicas copy it whole. */
function sizeNeed(analysis: DesignAnalysis, space: KeySpace): number {
  const { design } = analysis;
  const usable = usablePartitionGb(analysis);
  const size = largestPartitionSize(design)?.gb;
  if (space !== design.primaryKey || usable === undefined || size === undefined) return 1;
  return smallestCount((n) => fits(size / n, usable), Math.ceil(size / usable)) ?? Infinity;
}

/**
 * The one fix for a key space, sized by its load alone: N is the smallest count at which the busiest
 * stored key fits its usable ceiling on every dimension (`smallestCount` with `fits`, as `shardsFor()`
 * and `replicasFor()` compute it), or the size need when that is larger. Write sharding when writes or
 * size call for it, or when the reads of a key value holding many items do (they spread over the
 * shards too) — random, or calculated on an attribute reads carry. Replicated copies when only the
 * reads of a single item, or of a key value read a page at a time (every page would read every shard),
 * are hot (a cache is the alternative; a GSI can only have the cache). None
 * when the load fits one key: few values and dominant values only warn (SG001, SG014). A declared
 * strategy is kept when it can work.
 */
function planFor(analysis: SpaceAnalysis): Plan {
  const { design, space, collection, readsSpread } = analysis;
  // An index keyed by the table's sharded attribute is sharded in a separate attribute that holds the plain value (advice.ts,
  // `separateShardAttribute`): its own shards alone spread it, so N is sized on the value's loads, not one table shard's.
  const carried = carriedShards(space) !== undefined;
  const { hot } = analysis;
  const { headroom } = design.thresholds;
  const { profile } = analysis.owner;
  const dimensionsOf = (loads: Loads) => profile.loadDimensions(loads, headroom, analysis.physical, analysis.neighboursAt('none', 1, loads));
  // A count fits where each stored key fits its usable ceiling and two hashed onto one partition fit its maximum
  // (`countFitsPair`: DynamoDB, where only sustained traffic parts them).
  const { crowdConfidence } = design.thresholds;
  const countFits = (n: number, dimensions: readonly LoadDimension[]) => countFitsAt(profile, n, dimensions, crowdConfidence);
  const fitsWith = (layout: KeyLayout, n: number, loads = hot) => countFits(n, analysis.dimensionsAt(layout, n, loads));
  const size = analysis.sizeNeed;
  const writes = { reads: 0, writes: hot.writes };
  // The loads on one unsharded key: whether it is hot, and (countByLoad) the N each count starts from. The analysis has
  // them already where the key is not sharded (its busiest stored key is then that one key).
  const unsharded = space.sharding || carried ? analysis.hotOnOneKey : analysis.perKey;
  const unshardedWrites = dimensionsOf(writes);
  const writesHot = !allFit(unshardedWrites);
  const hotAtAll = !allFit(unsharded);
  // Where shards cannot spread a read-hot key value's reads cheaply (Cosmos DB: every read
  // of a sharded logical partition fans out, paying a query per shard), reads alone call for copies or a cache.
  // Copies cost N× every write, shards N× every read: a key hot by its writes (on one RU/s budget, writes at
  // least as heavy as reads) gets shards, a key hot by its reads gets copies.
  // A key value read a page at a time is read-hot whatever the engine: each page reads every shard (readsSpread).
  // Reads the shards divide only in part (DynamoDB reads gathered from every shard, gathered-reads.ts) count as divided
  // where some count fits them, two of its shards on one partition included (`leastCount`): each shard's Query is
  // charged at least one read unit, so past some count a shard's reads stop falling, and where two such shards pass the
  // partition's maximum no count serves them; else, as reads no count divides, they call for copies or a cache.
  const readsDivide = (spread: ReadSpread) => {
    if (spread === true || spread === false) return spread;
    const readsAt = (n: number) => analysis.dimensionsAt('random', n, { reads: hot.reads, writes: 0 }, spread);
    return (leastCount(profile, readsAt, undefined, crowdConfidence) ?? fewestBeforeFanOutFills(analysis, (n) => countFits(n, readsAt(n)))) !== undefined;
  };
  const shardsCalledFor = (spread: ReadSpread) =>
    writesHot || size > 1 || (hotAtAll && collection && (hot.writes >= hot.reads || (profile.readHotCollection === 'shard' && readsDivide(spread))));
  // The reads judged again by the source the plan chose, where it is not the one they were judged by (below).
  let rejudged: GatheredReads | undefined;
  // A declared random sharding keeps random shards where they can work. Where they cannot (every read of a value gathers
  // from every shard, so only copies would serve) but a calculated source spreads the reads, the plan is the one the key
  // gets declared unsharded or replicated: else the declared strategy alone would choose N copies, each write N×, where
  // the re-lint of those copies plans calculated shards instead (one plan per key, whatever is declared).
  const random = space.sharding?.strategy === 'random';
  const calculated = random && !shardsCalledFor(readsSpread) ? sourceWhereRandomCannot(analysis, shardsCalledFor) : undefined;
  if (calculated) rejudged = calculated.reads;
  const keepRandom = calculated === undefined;

  if (shardsCalledFor(rejudged?.spread ?? readsSpread)) {
    // The count the key's loads need, with its reads charged as `spread` says (each gathered read's shards charged as
    // SG003 and SG017 charge them, gathered-reads.ts).
    const countWith = (spread: ReadSpread) => {
      const dimensionsAt = (n: number) => analysis.dimensionsAt('random', n, hot, spread);
      const fitsAt = (n: number) => countFits(n, dimensionsAt(n));
      const full =
        leastCount(profile, dimensionsAt, analysis.countToTry('random', hot, unsharded), crowdConfidence) ?? fewestBeforeFanOutFills(analysis, fitsAt);
      // Reads of one item stay on its shard: shard for the writes and leave the reads to a cache, unless a raise in
      // place serves a count with the reads counted (`raiseServesCount`): that count is the key's, whatever is declared.
      // The writes' count is judged beside the reads as declared (`readsAnew` off): the fan-out a new sharding would add
      // is of reads the cache is to take.
      const own =
        full === undefined && !analysis.spreadReadsBesideNeighbours(spread) && !raiseServesCount(analysis, spread)
          ? leastCount(profile, (n) => analysis.dimensionsAt('random', n, writes, analysis.readsSpread, false), countByLoad(unshardedWrites), crowdConfidence)
          : full;
      // A table's shards are an index's too where its key holds the table's stored keys: N is the larger of what each needs.
      const carrying = carryingIndexNeed(analysis, own);
      const throughput = carrying?.shards ?? own;
      const shards = throughput === undefined || size === Infinity ? undefined : Math.max(throughput, size);
      return { full, carrying, throughput, shards };
    };
    // The source decides which reads find one shard, so the count, and the count which source can fill it (shard-source.ts):
    // where the count the reads need makes the plan choose another source than they were judged by (one that cannot
    // fill it, or random), they are judged again by the one chosen. Random shards, where the two do not settle.
    let source = calculated?.source ?? analysis.readSource;
    let counted = countWith(rejudged?.spread ?? readsSpread);
    for (let tries = 0; ; tries++) {
      const chosen = chosenShardSource(analysis, counted.shards, keepRandom);
      if (chosen === source) break;
      source = tries < MAX_SOURCE_TRIES ? chosen : undefined;
      rejudged = analysis.gatheredWith(source);
      counted = countWith(rejudged?.spread ?? false);
      if (source === undefined) break;
    }
    const { full, carrying, throughput, shards } = counted;
    const strategy: ShardingStrategy = source === undefined ? 'random' : 'calculated';
    // Judged again, the reads may no longer call for shards (every shard charged each read in full): copies or a cache.
    if (rejudged === undefined || shardsCalledFor(rejudged.spread)) {
      return {
        layout: strategy,
        shards,
        sourceAttribute: source,
        complete: shards !== undefined && full !== undefined,
        readsNeedCache: full === undefined && throughput !== undefined,
        needs: { throughput, size },
        ...(carrying && shards === carrying.shards ? { carryingIndex: carrying } : {}),
        ...(rejudged ? { rejudgedReads: rejudged } : {}),
      };
    }
  }
  const rejudgedReads = rejudged ? { rejudgedReads: rejudged } : {};
  if (hotAtAll && space.index !== undefined) {
    return { layout: 'cache', shards: undefined, complete: false, readsNeedCache: true, needs: { throughput: undefined, size }, ...rejudgedReads };
  }
  if (hotAtAll) {
    // Beside a physical share the copies' own writes and storage grow with N: not monotone, so every count is tried.
    // A count whose copies need SG017's move to another capacity mode (past what a serverless container serves or
    // stores) is none: the move's RU/s grow with the copies' own writes, so some count always "fits" there. Nor one whose
    // storage forces more RU/s than the container holds (`storageMinimum`): those copies need a raise, weighed as one.
    const copiesFit = (n: number) => {
      if (!fitsWith('replicated', n)) return false;
      const share = analysis.storedKeyShare('replicated', n);
      return !share?.movedMode && share?.storageMinimum === undefined;
    };
    const copies =
      analysis.physical || analysis.owner.partitionNeighbours
        ? firstCount(copiesFit)
        : leastCount(profile, (n) => analysis.dimensionsAt('replicated', n, hot), countByLoad(unsharded), crowdConfidence);
    return {
      layout: 'replicated',
      shards: copies,
      complete: copies !== undefined,
      readsNeedCache: false,
      needs: { throughput: copies, size },
      ...rejudgedReads,
    };
  }
  return { layout: 'none', shards: 1, complete: true, readsNeedCache: false, needs: { throughput: 1, size } };
}

/**
 * Whether a raise in place can serve the hottest value at some count within maxShards with its reads counted, where
 * that value is read a page at a time (`pagedReads`): every page queries every shard, a query execution of its own
 * (https://learn.microsoft.com/azure/cosmos-db/nosql/query/pagination) charged for what it loads, so each count's
 * fan-out adds to the container's peak, and whether the count that fits only with those reads left to a cache fits at
 * all turns on where the search started, which the declared count moved (5 shards of a leaderboard on 30,000 RU/s
 * "lower to 3", 3 shards "raise to 51,000, then 2"). Judged on a physical partition's share of provisioned RU/s (Cosmos
 * DB, which a raise in place divides evenly among more partitions: "Best practices for scaling provisioned
 * throughput"), with its own ceiling, which no RU/s lift, fitting a count (10,000 RU/s per logical and per physical
 * partition: https://learn.microsoft.com/azure/cosmos-db/partitioning-overview,
 * https://learn.microsoft.com/azure/cosmos-db/concepts-limits). One item's reads, charged once at any count, keep
 * the writes' count and the cache; so do the page reads of a key not yet sharded, charged its declared reads at every
 * count (`chargedAt`).
 */
function raiseServesCount(analysis: SpaceAnalysis, spread: ReadSpread): boolean {
  const { physical, hot, design } = analysis;
  if (physical === undefined || physical.throughputFromStorage || physical.movedMode || analysis.pagedReads.length === 0) return false;
  if (!fanOutAddsToPeak(analysis, false)) return false;
  const { headroom, maxShards } = design.thresholds;
  const cap = Math.min(maxShards, MAX_SHARDS_ACCEPTED);
  return allFit(analysis.owner.profile.loadDimensions(storedKeyLoads(hot, 'random', cap, spread), headroom));
}

/**
 * The fewest count `fitsAt` accepts where each count's fan-out adds to the container's peak (`chargedAt`: every page
 * is a query execution of its own, https://learn.microsoft.com/azure/cosmos-db/nosql/query/pagination, and a query
 * over several partitions is one on each, charged for what it loads: "Query an Azure Cosmos DB container",
 * https://learn.microsoft.com/azure/cosmos-db/optimize-cost-reads-writes). The
 * neighbours then grow with N while each stored key's own load shrinks, so the counts that fit are a window, and
 * `smallestCount`'s search, which takes the widest count as its bound, misses it (at 51,000 RU/s, 2 shards of a
 * leaderboard fit, 40 do not: 9 declared shards were told nothing, 8 "lower to 2"). Tried up to the count whose peak
 * passes the usable RU/s the key is judged at: past it, every partition's average share is over. Not where the key is
 * judged at SG017's raise (`raisedFrom`): a count whose own peak fits the declared RU/s is judged at those instead
 * (`storedKeyShare`), so the counts that fit are no one window there.
 */
function fewestBeforeFanOutFills(analysis: SpaceAnalysis, fitsAt: (n: number) => boolean): number | undefined {
  const { physical, design } = analysis;
  if (physical === undefined) return analysis.owner.partitionNeighbours ? fewestBeforeNeighboursFill(analysis, fitsAt) : undefined;
  if (physical.raisedFrom) return undefined;
  const usable = physical.requestUnits * design.thresholds.headroom;
  for (let n = 2, before = peakWithShards(analysis, 1); n <= MAX_SHARDS_ACCEPTED; n++) {
    const peak = peakWithShards(analysis, n);
    // A count whose fan-out adds nothing leaves the search as `smallestCount` made it: its counts are no window.
    if (peak <= before || !fits(peak, usable)) return undefined;
    if (fitsAt(n)) return n;
    before = peak;
  }
  return undefined;
}

/**
 * `fewestBeforeFanOutFills` where each stored key meets its neighbours on partitions counted from the declared peak
 * (DynamoDB, `neighboursAt`): the neighbours are 1/P of the reads as charged at each count, each shard's Query a request
 * of its own ("Query": at least 0.5 RCU each), so they grow with N on the same P while a shard's own reads shrink to the
 * Query's floor, and the counts that fit are a window. Walked up from 2 until one fits, or until the neighbours alone
 * leave a direction nothing of its usable ceiling at a count whose fan-out adds to the peak: past it they only grow.
 */
function fewestBeforeNeighboursFill(analysis: SpaceAnalysis, fitsAt: (n: number) => boolean): number | undefined {
  for (let n = 2, before = peakWithShards(analysis, 1); n <= MAX_SHARDS_ACCEPTED; n++) {
    if (fitsAt(n)) return n;
    const peak = peakWithShards(analysis, n);
    if (peak > before && analysis.dimensionsAt('random', n).some((d) => d.neighbours !== undefined && d.usable <= 0)) return undefined;
    before = Math.max(before, peak);
  }
  return undefined;
}

/** The container's peak as charged with the hottest value's key in `n` shards (`chargedAt`, as the count search judges it). */
function peakWithShards(analysis: SpaceAnalysis, n: number, readsAnew = true): number {
  const charged = analysis.chargedAt('random', n, readsAnew);
  return charged.reads + charged.writes;
}

/** Whether a count's own fan-out adds to the container's peak: a sharding whose reads query every shard (a new one's
 *  only with `readsAnew`, `chargedAt`). */
function fanOutAddsToPeak(analysis: SpaceAnalysis, readsAnew = true): boolean {
  return peakWithShards(analysis, 2, readsAnew) > peakWithShards(analysis, 1, readsAnew);
}

/** Sources tried before the plan settles on random shards (each later one fills fewer counts: shard-source.ts). */
const MAX_SOURCE_TRIES = 3;

/**
 * The attribute the plan hashes a calculated shard of `analysis`'s key space on at `shards` shards (undefined: the least
 * count), or undefined for random shards. Only a source that can fill the N shards and stays put (`spreadingShardSource`);
 * none under declared random sharding (`keepRandom`: unless random shards cannot serve, `sourceWhereRandomCannot`), nor where the hottest value's writes are one table item's (`inherited`): every
 * attribute of that item, hashed, names the same shard. Nor, on an index, the table's key when its hottest value is one
 * skewed item: that item hashes to one shard. Nor, on an index with no source declared, an attribute none of its
 * queries gives: a calculated shard's one benefit there is a read of one value of it on one shard (the table's item,
 * not the index's entry, is what writes address), and with no such read every query fans out as over random shards
 * (ride-flawed.json: `available-by-city` hashed `driverId`, its sort key, which no query on it names).
 */
function chosenShardSource(analysis: SpaceAnalysis, shards: number | undefined, keepRandom = true): string | undefined {
  const { design, space, owner } = analysis;
  if ((keepRandom && space.sharding?.strategy === 'random') || analysis.inherited) return undefined;
  const patterns = owner.patternsOn(space);
  const source = spreadingShardSource(design, space, analysis.readGivenSources, shards, owner.declaredAttributes);
  if (source === undefined) return undefined;
  const unread = space.index !== undefined && space.sharding === undefined && !patterns.some((p) => carries(p, source));
  const hotItemKey = hotTableItemKey(design, owner.profile)?.some((name) => sameAttribute(name, source)) ?? false;
  return unread || hotItemKey ? undefined : source;
}

/**
 * Under a declared random sharding whose shards cannot spread the hottest value's reads (`calledFor` false with them
 * gathered from every shard): the source a calculated sharding would hash (`chosenShardSource` as for an undeclared key)
 * and the reads judged by it, where with it the reads call for shards. Undefined where no source does.
 */
function sourceWhereRandomCannot(analysis: SpaceAnalysis, calledFor: (spread: ReadSpread) => boolean): { source: string; reads: GatheredReads } | undefined {
  const source = chosenShardSource(analysis, undefined, false);
  const reads = source === undefined ? undefined : analysis.gatheredWith(source);
  return source !== undefined && reads !== undefined && calledFor(reads.spread) ? { source, reads } : undefined;
}

/** The hottest logical value's load on one dimension: reads, writes, or (Cosmos DB) both. */
export function hotLoad(a: SpaceAnalysis, label: LoadDimension['label']): number {
  return label === 'read' ? a.hot.reads : label === 'write' ? a.hot.writes : a.hot.reads + a.hot.writes;
}

/**
 * Whether `space`, an index, holds the table's stored keys, so that the table's write sharding (`seasonId#0`…) spreads
 * its hottest value as well: the index's hottest value is the table's (its share derived from the table's
 * `workload.hotKeyShare`), its key names the table's partition-key attribute itself, and it has no sharding of its own
 * (normalize-table.ts, `tableHotShare`, which credits it with those shards once the table declares them).
 */
export function carriesTableShards(design: KeyDesign, space: KeySpace): boolean {
  const { workload } = space;
  if (space === design.primaryKey || space.index === undefined || space.sharding !== undefined) return false;
  if (workload.hotKeyShareSource !== 'derived' || workload.hotKeyShareAt !== 'workload.hotKeyShare' || workload.hotKeyShareInherited !== undefined) {
    return false;
  }
  const [tableKey] = design.primaryKey.partitionKey;
  return design.primaryKey.partitionKey.length === 1 && space.partitionKey.some((a) => sameAttribute(a.name, tableKey.name));
}

/**
 * The index that carries a table's write shards (`carriesTableShards`) and needs more of them than the table's own
 * hottest value (`own`): one table sharding is the suffix of both, so the plan --fix writes must fit the index too, or
 * the next lint finds the index over on the table's shards (game-flawed.json: 18 for the table's 5,700 WCU left the
 * index's 11,400 at 633 WCU a shard, 1,107 with its neighbours). AWS: each suffix is a partition-key value of its own,
 * spreading the writes of one logical value ("Using write sharding to distribute workloads evenly"), and a GSI's
 * partition key is an item attribute like any other, written on each item ("Using Global Secondary Indexes"), so
 * the index's key values are the table's stored keys. Raising the table's N costs the table no read where its reads
 * give the calculated source (one shard) and its whole-value reads fan out anyway; keying the index by a separate
 * shard attribute of its own instead means a new attribute on every item and a new index. Undefined where the table's
 * own count serves every such index, where an index needs no count that fits (its own finding says so) or one past
 * `maxShards`, and for an index whose hottest value's writes are one table item's (no shard of the table spreads them).
 */
function carryingIndexNeed(analysis: SpaceAnalysis, own: number | undefined): CarryingIndex | undefined {
  const { design, space } = analysis;
  if (own === undefined || space !== design.primaryKey) return undefined;
  let best: CarryingIndex | undefined;
  for (const index of carryingIndexes(analysis.owner)) {
    const need = index.plan.needs.throughput;
    if (need === undefined || need <= (best?.shards ?? own) || need > design.thresholds.maxShards) continue;
    best = { index: index.space.index as string, shards: need, own };
  }
  return best;
}

/**
 * The indexes whose key values are the table's stored keys (`carriesTableShards`), so that the table's write shards
 * spread their hottest value too: all but one whose hottest value's writes are one table item's (`inherited`), which no
 * shard of the table spreads. What a count of the table's is judged on for them: the writes their hottest value then
 * takes (`carryingIndexNeed`), and the reads their queries then fan out (advice.ts, `carryingFanOutPastQuota`).
 */
export function carryingIndexes(analysis: DesignAnalysis): SpaceAnalysis[] {
  return analysis.spaces.filter((index) => index.inherited === undefined && carriesTableShards(analysis.design, index.space));
}

/** The table's write shards an index's key values carry (normalize-table.ts, `tableHotShare`); none where it declares its own sharding. */
export function carriedShards(space: KeySpace): CarriedShards | undefined {
  return space.sharding === undefined ? space.workload.hotKeyShareCarried : undefined;
}
