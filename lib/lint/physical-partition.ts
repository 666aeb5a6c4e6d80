/**
 * What a finding says when a Cosmos DB hot key runs into its physical partition's share of the
 * container's RU/s before its own 10,000 RU/s: the numbers of that share, and the throughput that would
 * serve it. Throughput is divided evenly among physical partitions (Microsoft Learn, "Partitioning and
 * horizontal scaling"), counted by the engine profile (`physicalPartitionCount`: declared, else one per 6,000
 * RU/s of manual throughput or 10,000 of autoscale or shared at creation, and per 50 GB; "Best practices for
 * scaling provisioned throughput"); a partition's share can be raised on its own
 * ("Redistribute throughput across partitions").
 */
import { gridFormOf, THROUGHPUT_GRID, throughputForPeak } from '../design/cosmos-throughput';
import type { CosmosKeyDesign, CosmosThroughput, KeyDesign } from '../design/key-design';
import { MAX_SHARDS_ACCEPTED } from '../design/limits';
import { allFit, fits, leastBetween, smallestCount, storedKeyLoads } from '../design/sharding';
import {
  amongCarried,
  COSMOS_LIMITS,
  countPhysicalPartitions,
  creationRequestUnits,
  evenInPlaceThroughput,
  judgedNeighbourLoad,
  keySpaceSlicesOf,
  neighbourLoad,
  partitionedRequestUnits,
  profileOf,
  raisedAtCreation,
  raiseSplitsFrom,
  sharedContainers,
  type LoadDimension,
  type Loads,
  type PhysicalPartitions,
  type PhysicalShare,
} from '../engines';
import { growthOf, type SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { declaredCopies, storedGb, withCopies } from './written';

/**
 * The opening of the clause that says a figure was judged at SG017's raise, not at the declared RU/s (SG002's bucket,
 * SG003's key and first level, SG014's key), in one set of words so two findings on one container read as one basis;
 * each ends it with what its value's partition does after that raise. On a serverless container SG017's fix is no raise
 * but a move to manual throughput (`serverlessRu`: what serverless serves today, `capacityRaiseData`), and every rule
 * judges there: the RU/s serverless serves are short for any key ("Azure Cosmos DB serverless account performance").
 * How SG017 reaches its figure (peak ÷ headroom, or more where a raise in place would split unevenly) is SG017's own
 * message: said once there, not again in every finding that quotes the figure. The figure is named for what it is, the
 * RU/s the container's peak needs, not "the RU/s SG017 asks for": where the key's fix writes a larger raise, SG017 asks
 * for that one (`plannedValueRaise`, `withKeyRaise`), and names this figure as what the peak alone needs.
 */
export const AT_CAPACITY_RAISE =
  ' (judged at the {{containerRu}} RU/s ' +
  "{{!serverlessRu}}the container's peak needs, not its declared {{declaredRu}} RU/s{{/serverlessRu}}" +
  "{{?serverlessRu}}SG017's move to manual throughput asks for, not the {{serverlessRu}} RU/s serverless serves today{{/serverlessRu}}: ";

/** How AT_CAPACITY_RAISE's clauses end: what a value's partition does "after that raise", or that move from serverless. */
export const AFTER_CAPACITY_FIX = 'after that {{!serverlessRu}}raise{{/serverlessRu}}{{?serverlessRu}}move{{/serverlessRu}}';

/**
 * Whose RU/s a container's physical partitions divide, in the words of a finding: the container's `containerRu`, or,
 * where data has `sharedContainers` (`physicalShareData` of a shared database's partitions), the database's
 * `databaseRu`, whose partitions carry the keys of all its busy containers ("Introduction to provisioned throughput",
 * set throughput on a database).
 */
export const DIVIDED_RU =
  "{{!sharedContainers}}the container's {{containerRu}} RU/s{{/sharedContainers}}" +
  "{{?sharedContainers}}the database's {{databaseRu}} RU/s (shared by its {{sharedContainers}} busy containers, whose keys its partitions all carry; this container's part: {{containerRu}} RU/s){{/sharedContainers}}";

/**
 * The load a container's physical partitions carry, in a finding's words, for the clauses whose arithmetic starts from
 * it (a stored key's neighbours, the average partition's load): the container's peak, or on a shared database's
 * partitions every busy container's, `carriedBy` × this one's `carriedEach` RU/s on the `containers` field's even split
 * ("Provision standard (manual) throughput on a database": containers in the same database share partitions).
 * `carriedPeak` is that load in RU/s (`carriedLoadData`).
 */
export const CARRIED_LOAD =
  "{{!carriedBy}}the container's load{{/carriedBy}}" +
  "{{?carriedBy}}the database's {{carriedBy}} busy containers' load, each taken at this one's {{carriedEach}} RU/s{{/carriedBy}}";

/** After a count's derivation: it assumes the average placement, which the hash need not give, and the headroom covers the difference. */
export const AVERAGE_PLACEMENT = 'the headroom absorbs a less even hash (raise N for slack)';

/** The figures CARRIED_LOAD quotes for a container whose own peak is `peak`, on `share`'s partitions. */
export function carriedLoadData(
  share: { readonly sharedBy?: number },
  peak: number,
): { readonly carriedPeak: number; readonly carriedBy?: number; readonly carriedEach?: number } {
  const by = share.sharedBy ?? 1;
  return by > 1 ? { carriedPeak: by * peak, carriedBy: by, carriedEach: peak } : { carriedPeak: peak };
}

/**
 * "Redistribute throughput across partitions" (preview), offered beside a raise where it can serve the hot key: on a
 * container with dedicated throughput or a shared database (the FAQ: "supported for shared throughput databases and
 * containers/collections with dedicated throughput"; not serverless), across at least two physical partitions, within
 * the container's usable RU/s today (not at SG017's raise, which the RU/s must reach first), and where the hot key's
 * partition needs no more at headroom than the 10,000 RU/s a physical partition can hold (a target set above it splits
 * the partition instead). The figure is that need: the hot value's load and its neighbours', ÷ headroom.
 * It comes before the raise (remedies in the order of what they cost, README): a redistribution adds no RU/s, where the
 * raise after it is billed every hour it stands ("Pricing model"). No design field declares it, so --fix never sets it.
 */
export const REDISTRIBUTE_FIRST =
  "{{?redistributeTo}}redistribute {{redistributeScope|container=the container's throughput|database=the database's shared throughput (Update-AzCosmosDBSqlDatabasePerPartitionThroughput; its other partitions carry the other containers' keys)}} across its physical partitions to give the hot key's partition {{redistributeTo}} RU/s, which adds no RU/s (preview; a partition holds at most {{partitionMax}}, and once redistributed the throughput changes only through that command until reset to an even split; no design field declares it, so --fix never sets it); or {{/redistributeTo}}";

/** The figures REDISTRIBUTE_FIRST needs, or none where redistribution cannot serve the hot value. */
export function redistributionData(a: SpaceAnalysis): Record<string, number | string> {
  const share = a.space === a.design.primaryKey ? a.physical : undefined;
  const mode = a.owner.profile.containerOf?.(a.design)?.throughput?.mode;
  if (!share || share.raisedFrom || share.count < 2 || mode === undefined || mode === 'serverless') return {};
  const need = Math.ceil((a.hot.reads + a.hot.writes + share.neighbours) / a.design.thresholds.headroom);
  const partitionMax = COSMOS_LIMITS.physicalPartitionRequestUnits;
  if (need > partitionMax) return {};
  return { redistributeTo: need, redistributeScope: mode === 'shared' ? 'database' : 'container', partitionMax };
}

/** The numbers of a physical partition's share, for the clause that says it is what bites. */
export function physicalShareData(share: PhysicalShare, headroom: number): Record<string, number> {
  const shared: Record<string, number> =
    (share.sharedBy ?? 1) > 1 ? { sharedContainers: share.sharedBy as number, databaseRu: share.requestUnitsEach * share.count } : {};
  return {
    ...shared,
    containerRu: share.requestUnits,
    physicalPartitions: share.count,
    partitionRu: share.requestUnitsEach,
    partitionUsable: share.requestUnitsEach * headroom,
    neighbourRu: share.neighbours,
    logicalCeiling: COSMOS_LIMITS.logicalPartitionRequestUnits,
    // Judged at SG017's raise: the RU/s the container has now, for the note that says so.
    ...(share.raisedFrom ? capacityRaiseData(share) : {}),
  };
}

/**
 * The RU/s a container short of them has now, for the notes that say a figure was judged at SG017's fix
 * (`AT_CAPACITY_RAISE`): `declaredRu`, and `serverlessRu` too where that fix is the move from serverless to manual
 * throughput (`movedMode`), whose words differ from a raise in place's.
 */
export function capacityRaiseData(share: PhysicalShare): { readonly declaredRu?: number; readonly serverlessRu?: number } {
  const from = share.raisedFrom;
  if (!from) return {};
  return share.movedMode ? { declaredRu: from.requestUnits, serverlessRu: from.requestUnits } : { declaredRu: from.requestUnits };
}

/**
 * The load a container's `peak` puts on the physical partition holding the largest share of its key space, the one the
 * verdicts judge a key on (`keySpaceSlices`), with every busy container's on a shared database's: peak ÷ P on P even partitions, peak ÷ the slices where a raise in place
 * split only some ("Best practices for scaling provisioned throughput"), and how much of that partition's usable RU/s it
 * leaves free. For the messages that say no count of shards or buckets fits: their figures are the verdict's.
 */
export function largestShareData(share: PhysicalPartitions, peak: number, headroom: number): LargestShare {
  // On a shared database's partitions, every busy container's load (`carriedLoadData`).
  const carried = carriedLoadData(share, peak);
  const averageLoad = carried.carriedPeak / share.keySpaceSlices;
  return {
    figures: { keySpaceSlices: share.keySpaceSlices, largestShare: share.keySpaceSlices < share.count ? 'uneven' : 'even', averageLoad, ...carried },
    averageSpare: 1 - averageLoad / (share.requestUnitsEach * headroom),
  };
}

/** `largestShareData`'s answer: the figures every such clause quotes, and the part of the usable RU/s left free. */
export interface LargestShare {
  readonly figures: { readonly keySpaceSlices: number; readonly largestShare: 'even' | 'uneven'; readonly averageLoad: number; readonly carriedPeak: number };
  readonly averageSpare: number;
}

/**
 * The hottest value's load on one key, unsharded, against the ceiling it can reach: its logical partition's,
 * or its physical partition's share less the neighbours' expected load where that is lower, as SG003 (and
 * the plan) judge it.
 */
export function unshardedDimensions(a: SpaceAnalysis): readonly LoadDimension[] {
  // An unsharded key's busiest stored key is that one key: the analysis judged it already (`perKey`), as the plan reads it.
  return a.space.sharding ? a.hotOnOneKey : a.perKey;
}

/**
 * How many times the traffic can grow before the hottest value, unsharded, reaches the usable ceiling it can reach
 * (`unshardedDimensions`): the one growth factor every finding on a key gives (SG001, SG014), so two findings never
 * disagree. Of the hottest value, not of the whole peak on one partition: a few-valued key spreads its values over
 * partitions (DynamoDB isolates busy items, Cosmos DB spreads logical partitions over physical ones), so it saturates
 * when its hottest value does (a 3-valued key at 10 WCU: 3.33 WCU against 800 usable, 240×, not 80×).
 */
export function hotValueGrowth(a: SpaceAnalysis): number {
  return growthOf(unshardedDimensions(a));
}

/** The reads and writes under one value of a key, and how many values share the key space's traffic with it. */
export interface ValueLoad {
  readonly loads: Loads;
  readonly cardinality: number;
}

/**
 * `unshardedDimensions`, on the layout the container has now: where its peak is above its usable RU/s (SG017's
 * finding) `a.physical` is the share at SG017's raise, which the key cannot reach today; its share of the
 * partition it is on now is what it gets (a ceiling above what its container has would promise RU/s it cannot get).
 * `value`: another value than the full key's hottest, judged on the same model: a hierarchical key's first-level
 * value, whose documents sit on one physical partition and consume only that partition's RU/s ("Hierarchical
 * partition keys"), as a flat key's value does (SG002's time bucket leading a hierarchical key).
 */
export function reachableDimensions(a: SpaceAnalysis, value: ValueLoad = hottestValue(a)): readonly LoadDimension[] {
  // Beside the other keys on its partition where the engine counts them (DynamoDB), as SG003 judges it.
  return a.owner.profile.loadDimensions(value.loads, a.design.thresholds.headroom, reachableShare(a, value), a.neighboursAt('none', 1, value.loads));
}

/**
 * The physical partition `value` is on where SG017's raise leaves the container (the layout `a.physical` is), where
 * its peak is above its usable RU/s: the share SG003 judges the key on, so that two findings on one container quote one
 * physical partition's RU/s (a raise in place divides the raised RU/s evenly among the partitions it leaves,
 * "Partitioning and horizontal scaling"; "Best practices for scaling provisioned throughput"). A serverless container's
 * SG017 fix is the move to manual throughput (`movedMode`), the partitions it keeps dividing the RU/s SG017 names
 * ("Change from serverless to provisioned capacity mode": converted in place), and it is judged there, as SG003 judges
 * its key. Undefined where the container is within its RU/s (primary key only).
 */
export function shareAtCapacityRaise(a: SpaceAnalysis, value: ValueLoad = hottestValue(a)): PhysicalShare | undefined {
  if (!a.physical?.raisedFrom || !overCapacity(a)) return undefined;
  const { design, total } = carried(a);
  const share = a.owner.profile.physicalShare?.(design, total, value.loads, value.cardinality);
  return share?.raisedFrom ? share : undefined;
}

/** The full key's hottest value, as `reachableDimensions` judges it by default. */
function hottestValue(a: SpaceAnalysis): ValueLoad {
  return { loads: a.hot, cardinality: a.trafficValues };
}

/** The physical partition's share `reachableDimensions` judges `value` on: the layout the container has now. */
function reachableShare(a: SpaceAnalysis, value: ValueLoad): PhysicalShare | undefined {
  const primary = a.space === a.design.primaryKey;
  const share = primary ? a.owner.profile.physicalShare?.(carried(a).design, carried(a).total, value.loads, value.cardinality) : undefined;
  return share && !share.raisedFrom ? share : overloadedShare(a, value);
}

/**
 * The ceiling `value`'s physical partition gives it on the layout the container has now, where that is below its
 * logical partition's (a Cosmos DB container's RU/s are divided evenly among its physical partitions, "Partitioning
 * and horizontal scaling"): what a value under its logical ceiling is judged on. `reachableDimensions` names the
 * logical ceiling for a value above it (no RU/s lift that one), so a finding that quotes one figure for such a value
 * takes this one where it is lower: 26,000 RU/s on a partition of 375 RU/s are judged against its 300 usable, not the
 * 8,000 of a logical partition that partition could never give it. `share`: another layout's (SG017's raise, `a.physical`).
 * Undefined where no share is below the logical ceiling.
 */
export function shareCeiling(
  a: SpaceAnalysis,
  value: ValueLoad = hottestValue(a),
  share: PhysicalShare | undefined = reachableShare(a, value),
): LoadDimension | undefined {
  // With no load of its own, a value is judged on the share wherever that is below the logical ceiling.
  const idle = share && a.owner.profile.loadDimensions({ reads: 0, writes: 0 }, a.design.thresholds.headroom, share);
  const below = idle?.find((d) => d.physical !== undefined);
  return below && Object.assign({}, below, { load: value.loads.reads + value.loads.writes });
}

/**
 * The container's peak and usable RU/s when the peak is above them (SG017's finding; primary key only): then
 * every physical partition is short on average, and the hot key's own one more than most. The peak counts every
 * replicated copy's writes the container keeps (`carried`), as its partitions carry them.
 */
export function overCapacity(a: SpaceAnalysis): { readonly peak: number; readonly usable: number; readonly capacity: number } | undefined {
  if (a.space !== a.design.primaryKey) return undefined;
  const partitions = a.owner.profile.physicalPartitions?.(carried(a).design);
  if (!partitions) return undefined;
  const peak = storedPeak(a);
  const usable = partitions.requestUnits * a.design.thresholds.headroom;
  return peak > usable ? { peak, usable, capacity: partitions.requestUnits } : undefined;
}

/**
 * How many times the container's peak can grow before it fills its usable RU/s (headroom × its RU/s, SG017's line),
 * primary key only; undefined without declared throughput or traffic. A hot value that reaches its ceiling no sooner
 * (a first-level value spread over the physical partitions its data spans, at their average load) saturates only when
 * every partition does: its share costs no headroom of its own.
 */
export function containerGrowth(a: SpaceAnalysis): number | undefined {
  const partitions = a.space === a.design.primaryKey ? a.owner.profile.physicalPartitions?.(carried(a).design) : undefined;
  const peak = storedPeak(a);
  return partitions && peak > 0 ? (partitions.requestUnits * a.design.thresholds.headroom) / peak : undefined;
}

/**
 * The container's physical partitions when it has one (primary key only): every key value shares it, so the hottest
 * one's load and the rest's add up to the peak, and neither more key values nor a bucketed first level (each bucket a
 * first-level value hashed to the same partition) changes what it carries. A serverless container of 50 GB or less is
 * one partition of 5,000 RU/s ("Azure Cosmos DB serverless account performance"); a provisioned one, of at most
 * 10,000 RU/s, under the logical partition's own 10,000 ("Partitioning and horizontal scaling").
 */
export function onePhysicalPartition(a: SpaceAnalysis): PhysicalPartitions | undefined {
  const now = a.space === a.design.primaryKey ? a.owner.profile.physicalPartitions?.(a.design) : undefined;
  return now?.count === 1 ? now : undefined;
}

/**
 * The RU/s a container on one physical partition serves before it leaves that partition: a provisioned one is split
 * by Azure above 10,000 RU/s ("Partitioning and horizontal scaling"); a serverless one serves 5,000 RU/s in all on one
 * partition and never more there ("Azure Cosmos DB serverless account performance": past that it needs provisioned
 * throughput, SG017's fix, or more stored data). What a finding on such a container names as the growth to plan for.
 */
export function onePartitionRequestUnits(partition: PhysicalPartitions): number {
  return partition.throughputFromStorage ? partition.requestUnits : COSMOS_LIMITS.physicalPartitionRequestUnits;
}

/**
 * Whether the hot key is judged on one physical partition: the container has one (`onePhysicalPartition`), and so
 * does the layout the key is judged on (`a.physical`: SG017's raise where the peak is above the usable RU/s; a
 * serverless container has no raise, SG017 moves it to provisioned throughput). Then the hottest value saturates
 * exactly when the container does: its growth is SG017's, whatever its share.
 */
export function judgedOnOnePhysicalPartition(a: SpaceAnalysis): boolean {
  return onePhysicalPartition(a) !== undefined && (a.physical?.count ?? 1) === 1;
}

/** `value`'s physical partition in a container whose peak is above its usable RU/s (primary key only). */
function overloadedShare(a: SpaceAnalysis, { loads, cardinality }: ValueLoad): PhysicalShare | undefined {
  const partitions = a.space === a.design.primaryKey ? a.owner.profile.physicalPartitions?.(carried(a).design) : undefined;
  if (!partitions) return undefined;
  const hot = loads.reads + loads.writes;
  const value = amongCarried({ hot, rest: storedPeak(a) - hot, cardinality }, partitions.sharedBy);
  return Object.assign({}, partitions, {
    neighbours: judgedNeighbourLoad(value, partitions.keySpaceSlices, partitions.requestUnitsEach * a.design.thresholds.headroom),
  });
}

/**
 * The container as its physical partitions carry the key's replicated copies (`withCopies`: N × one copy's GB and N ×
 * its writes): those it declares, or one where the key's plan keeps none (SG007's fix removes them, and SG017 sizes its
 * raise on the peak without them). Copies write every document N times, as SG003 sizes them (`storedKeyShare`); judged
 * on N × the GB but one copy's writes, a container of copies would be judged on more partitions than its load fills.
 */
function carried(a: SpaceAnalysis): { readonly design: KeyDesign; readonly total: Loads } {
  return withCopies(a.design, a.total, keptCopies(a));
}

/** Whether the design declares replicated copies its plan removes (SG007's fix): `carried` then judges one copy. */
export function copiesRemoved(a: SpaceAnalysis): boolean {
  return a.space === a.design.primaryKey && declaredCopies(a.design) > 1 && keptCopies(a) === 1;
}

/** The replicated copies of every document `carried` counts: those the design declares, or one where the plan keeps none. */
function keptCopies(a: SpaceAnalysis): number {
  const declared = a.space === a.design.primaryKey ? declaredCopies(a.design) : 1;
  // The plan only where there are copies to keep or remove: most keys have none, and need no plan.
  return declared > 1 && a.plan.layout !== 'none' ? declared : 1;
}

/** The container's peak RU/s as its physical partitions carry it (`carried`): reads, and every kept copy's writes. */
function storedPeak(a: SpaceAnalysis): number {
  const { total } = carried(a);
  return total.reads + total.writes;
}

/**
 * Whether a value of a key with no hot value is over its physical partition's usable share only by hashing's spread,
 * which is the container's capacity (SG017's), not a hot key (SG003's). The partition holding a value expects its load
 * and 1/P of the rest (`neighbourLoad`): the average partition's load plus the value × (1 − 1/P). Where no value is
 * heavier than the average one, that excess is no heat of the value's own: it is the spread hashing gives every
 * partition alike (the partition a value is hashed to is, on average, one of the fuller ones: the excess is the
 * variance of a partition's count of values ÷ its mean). Throughput is divided evenly among the physical partitions
 * (Microsoft Learn, "Partitioning and horizontal scaling"), so such a value is over only while the container's average
 * partition leaves no room for that spread (300 even tenants of 100 RU/s at a container's 80% line, 18 partitions:
 * 1,761.11 RU/s expected beside a value, 1,666.67 on the average partition, 1,666.67 usable). So: true where the value
 * is one of `value.cardinality` alike, its partition's expected load is within the partition's full RU/s (no throttle
 * expected at the peak: "Load decides severity"), and the average partition and the value alone fit the usable share.
 * A value whose partition is expected past its full RU/s has values too coarse for its partitions (a few per
 * partition): that is the key's, and SG003 reports it. `value`: its RU/s, the container's peak and its count of values;
 * on a shared database's partitions every busy container's load is among the rest (`amongCarried`).
 */
export function overOnlyBySpread(
  value: { readonly hot: number; readonly peak: number; readonly cardinality: number },
  share: PhysicalShare,
  headroom: number,
): boolean {
  const { hot, rest, cardinality } = amongCarried({ hot: value.hot, rest: value.peak - value.hot, cardinality: value.cardinality }, share.sharedBy);
  const usable = share.requestUnitsEach * headroom;
  return overOnlyBySpreadOn({ hot, rest, cardinality, partitions: share.keySpaceSlices, usable, ceiling: share.requestUnitsEach });
}

/**
 * `overOnlyBySpread`'s test for one partition of either engine: the value `hot` one of `cardinality` alike (no heavier
 * than the average value) among `rest`, hashed over `partitions` even slices of the key space, each with `usable`
 * (headroom × its ceiling) and `ceiling`: the average partition and the value alone fit `usable`, and the value's
 * partition (the value and 1/P of the rest, `neighbourLoad`) fits `ceiling`. Cosmos DB: a physical partition's RU/s;
 * DynamoDB: one direction of a key space's partition, 1,000 WCU or 3,000 RCU (`dimensionOverOnlyBySpread`).
 */
function overOnlyBySpreadOn(part: {
  readonly hot: number;
  readonly rest: number;
  readonly cardinality: number;
  readonly partitions: number;
  readonly usable: number;
  readonly ceiling: number;
}): boolean {
  const { hot, rest, cardinality, partitions, usable, ceiling } = part;
  const noHeavierThanAverage = Number.isFinite(cardinality) && hot * cardinality <= (hot + rest) * (1 + 1e-9);
  return noHeavierThanAverage && fits((hot + rest) / partitions, usable) && fits(hot, usable) && fits(hot + neighbourLoad(rest, partitions), ceiling);
}

/**
 * A DynamoDB direction over its partition only by hashing's spread at the key space's capacity line
 * (`overOnlyBySpreadOn`): a uniform key's value, one of `cardinality` alike, beside 1/P of the rest of the key space's
 * peak in that direction (P counted for the capacity the table or index has at its peak, or SG017's raise of it),
 * within the partition's 1,000 WCU or 3,000 RCU, where the average partition leaves less than MIN_SPARE_FOR_COUNTS of
 * its usable ceiling free: the partitions are full because the capacity is, not because of the value (500 values of
 * 16 WCU at 10,000 WCU and 8,000 of peak: 814.4 WCU beside an average of 800). No hot key: adaptive capacity "works by
 * automatically increasing throughput capacity for partitions that receive more traffic", serving them "provided that
 * traffic does not exceed your table's total provisioned capacity or the partition maximum capacity" ("Burst and
 * adaptive capacity"), so the table's capacity (SG017's) and the partition's maximum (`ceiling`) are what bound it.
 * With room on the average partition (on demand, P counted for twice the peak) a value's partition over its usable
 * ceiling is the value's own weight beside its neighbours (150 values of 440 WCU on 133 partitions), which adaptive
 * capacity isolates only under sustained traffic: SG003's warning, as before. A dimension with no neighbours is not.
 */
export function dimensionOverOnlyBySpread(d: LoadDimension, cardinality: number): boolean {
  const n = d.neighbours;
  if (!n) return false;
  const rest = Math.max(0, n.total - d.load);
  const atLine = !fits((d.load + rest) / n.partitions, (1 - MIN_SPARE_FOR_COUNTS) * n.usableAlone);
  return atLine && overOnlyBySpreadOn({ hot: d.load, rest, cardinality, partitions: n.partitions, usable: n.usableAlone, ceiling: d.ceiling });
}

/**
 * Whether an unsharded key on its uniform share alone (nothing declared, derived or observed, no pattern naming the
 * value it reads) is over only by hashing's spread, for both engines: no value of it is hot, and the finding is the
 * resource's capacity (SG017's), not a hot key. Cosmos DB: on its physical partition's share (`overOnlyBySpread`);
 * DynamoDB: every direction over on its neighbours (`dimensionOverOnlyBySpread`).
 */
export function keyOverOnlyBySpread(a: SpaceAnalysis): boolean {
  if (a.space.sharding || a.space.workload.hotKeyShareSource !== 'uniform' || a.namedReads !== undefined || a.over.length === 0) return false;
  const share = a.physical;
  if (!share) return a.over.every((d) => dimensionOverOnlyBySpread(d, a.trafficValues));
  if (!a.over.every((d) => d.physical !== undefined)) return false;
  const peak = a.total.reads + a.total.writes;
  return overOnlyBySpread({ hot: a.hot.reads + a.hot.writes, peak, cardinality: a.trafficValues }, share, a.design.thresholds.headroom);
}

/** The dimension that bites on the physical partition, if any. */
export function physicalBound(dimensions: readonly LoadDimension[]): LoadDimension | undefined {
  return dimensions.find((d) => d.physical !== undefined);
}

/**
 * The least part of a container's usable RU/s its peak must leave free for a fix to offer a count of shards or buckets
 * at those RU/s (5%). Each shard or bucket meets, on its physical partition, 1/P of the rest of the container's load, so
 * the count needed grows as 1 ÷ the room the average partition leaves below its usable line: at 0.8% free a 17,500 RU/s
 * tenant needs 307 buckets, decided by 0.12 RU/s, and a 1% rise in the peak leaves no count at all. At 5% free the same
 * rise moves the count by about a quarter. Below it the count is not a design to build on: more RU/s first.
 */
export const MIN_SPARE_FOR_COUNTS = 0.05;

/** Whether `peak` RU/s leave room on `requestUnits` provisioned for a shard or bucket count: MIN_SPARE_FOR_COUNTS of the usable RU/s free. */
export function roomForCounts(peak: number, requestUnits: number, headroom: number): boolean {
  return fits(peak, (1 - MIN_SPARE_FOR_COUNTS) * headroom * requestUnits);
}

/**
 * Whether a value is over its physical partition's usable share only because the container's load fills that share:
 * the average partition (the whole load ÷ the slices, as if the key were perfectly uniform) leaves less than
 * MIN_SPARE_FOR_COUNTS of the usable RU/s free, so the neighbours alone fill the partition the value sits on, whatever
 * the key. That is the container's capacity (SG017's: above its line, its raise), and more RU/s, not a new key, serve
 * it: throughput is divided evenly among the physical partitions ("Partitioning and horizontal scaling"), and a raise
 * in place gives each more ("Best practices for scaling provisioned throughput"). So: the value alone fits the usable
 * share, it weighs no more than the average partition carries (its fair share of a partition under the container's
 * total load), and its partition's expected load stays within the partition's full RU/s (the part hashing's spread may
 * take, as `overOnlyBySpread` lets a uniform key take it). `within`: the most the value's partition may sit above the
 * average one, as a part of the usable RU/s (1: any such value). A value past its partition's full RU/s, or heavier
 * than a partition's average, is the key's.
 */
export function overOnlyByCapacity(
  value: { readonly hot: number; readonly peak: number; readonly cardinality: number },
  share: PhysicalShare,
  headroom: number,
  within = 1,
): boolean {
  const { hot, rest } = amongCarried({ hot: value.hot, rest: value.peak - value.hot, cardinality: value.cardinality }, share.sharedBy);
  const usable = share.requestUnitsEach * headroom;
  return overOnlyAtAverage({ hot, rest, partitions: share.keySpaceSlices, usable, ceiling: share.requestUnitsEach }, within);
}

/**
 * `overOnlyByCapacity`'s test for one partition of either engine: `partitions` even slices of the key space, each with
 * `usable` (headroom × its ceiling) and `ceiling`, the value `hot` among `rest` hashed over them (1/P each beside it,
 * `neighbourLoad`). Over only because the average partition, (hot + rest) ÷ P, leaves less than MIN_SPARE_FOR_COUNTS of
 * `usable` free; the value no heavier than that average; its partition within `ceiling` and at most `within` × `usable`
 * above the average one. Cosmos DB: a physical partition's RU/s (`overOnlyByCapacity`); DynamoDB: one direction of a
 * key space's partition, 1,000 WCU or 3,000 RCU, P counted for the table's capacity (`dimensionOverOnlyByCapacity`).
 */
export function overOnlyAtAverage(
  part: { readonly hot: number; readonly rest: number; readonly partitions: number; readonly usable: number; readonly ceiling: number },
  within = 1,
): boolean {
  const { hot, rest, partitions, usable, ceiling } = part;
  const average = (hot + rest) / partitions;
  const expected = hot + neighbourLoad(rest, partitions);
  const noRoom = !fits(average, (1 - MIN_SPARE_FOR_COUNTS) * usable);
  return noRoom && fits(average, usable) && fits(hot, average) && fits(expected, ceiling) && fits(expected - average, within * usable);
}

/**
 * A DynamoDB direction over its partition only by the key space's capacity (`overOnlyAtAverage`): the value's `load`
 * beside its neighbours' expected load (1/P of the rest of the key space's peak in that direction, P counted for the
 * capacity the table or index has at its peak, or SG017's raise of it: `neighboursOfCapacity`), against 1,000 WCU or
 * 3,000 RCU ("Partitions and data distribution"). At a provisioned table's line (peak = capacity × headroom, SG017's
 * fix) the average partition fills its usable ceiling, and every value with a declared share was "over" by its own
 * load × (1 − 1/P): 4 WCU beside 796.8 on 5 partitions. A dimension with no neighbours counted is not.
 */
export function dimensionOverOnlyByCapacity(d: LoadDimension, within = 1): boolean {
  const n = d.neighbours;
  if (!n) return false;
  return overOnlyAtAverage({ hot: d.load, rest: n.load * n.partitions, partitions: n.partitions, usable: n.usableAlone, ceiling: d.ceiling }, within);
}

/**
 * Whether an unsharded key's hottest value is over only because its resource's capacity fills its partition, for
 * both engines: the one notion SG003's verdict (within AT_AVERAGE_WITHIN: not reported, SG017's) and its fix (any
 * further above: the raise alone leads) ask. Cosmos DB: on its physical partition's share (`overOnlyByCapacity`, a
 * share moved by a mode change is not judged so); DynamoDB: every direction over on its neighbours
 * (`dimensionOverOnlyByCapacity`).
 */
export function keyOverOnlyByCapacity(a: SpaceAnalysis, within = 1): boolean {
  if (a.space.sharding || a.over.length === 0) return false;
  const share = a.physical;
  if (!share) return a.over.every((d) => dimensionOverOnlyByCapacity(d, within));
  if (share.movedMode || !a.over.every((d) => d.physical !== undefined)) return false;
  const peak = a.total.reads + a.total.writes;
  return overOnlyByCapacity({ hot: a.hot.reads + a.hot.writes, peak, cardinality: a.trafficValues }, share, a.design.thresholds.headroom, within);
}

/**
 * How far above the average partition a value's partition may sit and still be the container's capacity alone
 * (SG017's), not reported by SG003, as a part of the usable RU/s: 1%, a fraction of an RU/s per hundred (8 RU/s on
 * 10 partitions of 4,000 usable: 7.2 above the average, 0.18%). Further above it (a 5% customer's 400 RU/s on 2
 * partitions of 8,000 usable at the line), the value is a skew its partition feels: SG003 reports it, its fix led by
 * the raise alone where the average partition fills its share (`overOnlyByCapacity`).
 */
export const AT_AVERAGE_WITHIN = 0.01;

/**
 * The same bound on DynamoDB: MIN_SPARE_FOR_COUNTS (5%) of the usable 800 WCU / 2,400 RCU, the band that makes the
 * average partition "at the line" taken above it too. Adaptive capacity serves a partition past its even share up to
 * its maximum "provided that traffic does not exceed your table's total provisioned capacity" ("Burst and adaptive
 * capacity"): a cold value a few units above the average one is the table's capacity, SG017's (a 0.05% symbol's 10 WCU
 * beside 799.6 at 20,000 WCU on 25 partitions: 9.6 above, within 40), as the same key with no share declared is. A
 * value that lifts its partition further (a 5% tenant's 200 WCU beside 760 on 5 partitions: 160 above) is a skew its
 * partition feels, and SG003 reports it, its fix the pre-warm alone.
 */
export const AT_AVERAGE_WITHIN_DYNAMODB = MIN_SPARE_FOR_COUNTS;

/**
 * SG003's verdict that a key's hottest value is no hot key, its partition over only by its resource's capacity
 * (SG017's): by hashing's spread (`keyOverOnlyBySpread`), or at the average partition within AT_AVERAGE_WITHIN
 * (Cosmos DB) or AT_AVERAGE_WITHIN_DYNAMODB (`keyOverOnlyByCapacity`). SG017's launch pre-warm reads it too: a value
 * left to the capacity asks no pre-warm of its own (`plannedWarmThroughput`).
 */
export function leftToCapacity(a: SpaceAnalysis): boolean {
  return keyOverOnlyBySpread(a) || keyOverOnlyByCapacity(a, a.owner.profile.neighbourModel ? AT_AVERAGE_WITHIN_DYNAMODB : AT_AVERAGE_WITHIN);
}

const AUTOSCALE_FLOOR = COSMOS_LIMITS.autoscaleBilledFloorShare;

/** Highest container RU/s searched for a fix: Azure's default maximum per container ("Service quotas"). */
export const MAX_CONTAINER_RU = COSMOS_LIMITS.requestUnitsQuota;

/**
 * The smallest provisioned RU/s (on the declared form's grid) at which the hot key fits its physical
 * partition's share, neighbours included: with P partitions, the key fits when
 * hot + neighbours(P) ≤ headroom × RU / P. P is the engine's count at that RU/s for the container as it
 * is, created at its declared throughput (or with its declared count): raising RU/s up to P × 10,000 keeps P,
 * beyond that Azure splits to ⌈RU/s / 10,000⌉ ("Best practices for scaling provisioned throughput").
 * The container as it is keeps its replicated copies (`carried`; a raise in place changes no key): judged on the
 * copied container (`withCopies`: N × the writes, N × the GB for its partitions), `hot` is one copy's load (1/N of
 * the value's reads and every one of its writes) among N × the values, as SG003 judges a copy (`storedKeyShare`).
 * Not monotone (a new partition cuts a share before it grows), so the grid is scanned; undefined for
 * serverless or when the key's own ceiling bites anyway.
 */
export function throughputThatServes(a: SpaceAnalysis): RaisedThroughput | undefined {
  const cosmos = a.owner.profile.containerOf?.(a.design);
  if (cosmos === undefined) return undefined;
  const copies = keptCopies(a);
  const container = withCopies(cosmos, a.total, copies);
  const stored = storedKeyLoads(a.hot, 'replicated', copies, a.readsSpread);
  const hot = stored.reads + stored.writes;
  if (hot > COSMOS_LIMITS.logicalPartitionRequestUnits * a.design.thresholds.headroom) return undefined;
  const total = container.total.reads + container.total.writes;
  const raise = throughputServing(container.design, { hot, total, cardinality: a.trafficValues * copies });
  return raise && Object.assign({}, raise, { copies });
}

/**
 * A raise of a container's RU/s in place: its RU/s, the physical partitions it then has and the RU/s of each, and the
 * key space in slices as large as the largest share one of them holds (`largestShareSlices`: fewer than the
 * partitions where the raise splits only some of those the container has; that share is 1 ÷ the slices).
 */
export interface RaisedThroughput {
  /** The container's RU/s once raised (for shared throughput, its part of the database's). */
  readonly requestUnits: number;
  /** Shared throughput: the database's RU/s once raised, the figure the fix sets (`throughput.sharedDatabase`). */
  readonly databaseRequestUnits?: number;
  /** Shared throughput: the busy containers whose keys the database's partitions carry (`containers`). */
  readonly sharedBy?: number;
  readonly partitions: number;
  readonly each: number;
  /** An autoscale maximum's billed floor (10% of it every hour, COSMOS_LIMITS.autoscaleBilledFloorShare), now and once raised. */
  readonly billedFloor?: { readonly now: number; readonly raised: number };
  /** The replicated copies of every document the raise keeps and is judged with (`throughputThatServes`); 1 or absent: none. */
  readonly copies?: number;
  /** How a new container built from the raised design gets the same layout, where created at these RU/s it would not. */
  readonly newContainer?: NewContainerPath;
  readonly keySpaceSlices: number;
  /** The even partitions the raise splits from: as many as `partitions` where it splits none. */
  readonly splitFrom: number;
  /**
   * The design is a container still to be created (`raisedAtCreation`): `requestUnits` are those it is created at, which
   * Azure starts on `partitions` evenly split, not a raise in place.
   */
  readonly atCreation?: true;
  /**
   * The container is serverless: the raise is the manual RU/s set after SG017's move to provisioned throughput
   * (`serverlessMovedTo`), no raise in place, and no design field can say it (`raiseEdits` writes none, as SG017 writes none).
   */
  readonly movedFromServerless?: ServerlessConversion;
  /**
   * Where the raise splits partitions and the layout it leaves serves at fewer RU/s: those RU/s (a shared database's,
   * else the container's), to lower to once the split completes, which keeps the partitions (`throughputServing`).
   */
  readonly settleAt?: number;
}

/**
 * A layout only a raise in place reaches, and the way a new container (another environment, region or stack built from
 * the design) reaches it: created at `createAt` RU/s, then raised in place. Created at the raised RU/s it would get
 * `created` partitions of `createdEach` RU/s: more, and smaller, than the raise in place leaves.
 */
export interface NewContainerPath {
  readonly createAt: number;
  readonly created: number;
  readonly createdEach: number;
  /**
   * The design declares no `physicalPartitions`: it is the container still to be created, so the fix leads with that
   * creation (at `createAt`, then raised), not with a raise in place of a container that exists.
   */
  readonly createFirst: boolean;
  /** The throughput mode it is created in, whose RU/s per physical partition at creation `createAt` counts. */
  readonly mode: 'manual' | 'autoscale' | 'shared';
}

/**
 * Where a container created at `requestUnits` gets more physical partitions than the `partitions` a raise in place to
 * them keeps (manual throughput starts one per 6,000 RU/s, a raise in place splits only past P × 10,000: "Best
 * practices for scaling provisioned throughput"), the creation that gives a new container those `partitions`
 * (`creationRequestUnits`). Undefined where a container created at `requestUnits` gets no more (an autoscale maximum
 * or shared throughput starts one per 10,000 RU/s, the least any raise leaves), or for serverless.
 */
export function newContainerPath(design: CosmosKeyDesign, requestUnits: number, partitions: number): NewContainerPath | undefined {
  const mode = design.throughput?.mode;
  if (mode === undefined || mode === 'serverless') return undefined;
  const created = countPhysicalPartitions(mode, requestUnits, design.totalGb);
  if (created <= partitions) return undefined;
  // A shared database's partitions are the database's, which a container created in it does not start: not a container's creation.
  const createFirst = design.physicalPartitions === undefined && mode !== 'shared';
  return { createAt: creationRequestUnits(mode, partitions), created, createdEach: requestUnits / created, createFirst, mode };
}

/** The placeholder names one raise's figures are filled under (one finding can offer two raises, so each has its own). */
export interface RaiseNames {
  readonly to: string;
  readonly partitions: string;
  readonly each: string;
  /** For a raise that keeps the container's replicated copies: the name of their count (1: none). */
  readonly copies?: string;
}

/** The names of the raise that serves a hot key or first-level value as it is. */
export const RAISE: RaiseNames = { to: 'raiseTo', partitions: 'raisedPartitions', each: 'raisedEach', copies: 'raisedCopies' };

/** How a raise that serves the hottest value as it is serves it (`names.copies`: the copies it keeps), for its message. */
export function servedAsItIs(names: RaiseNames): string {
  return `{{${names.copies}|one=unsharded|other=with its # replicated copies}}`;
}

/**
 * The one wording of a raise in place, for every fix that offers one: the RU/s, the physical partitions it leaves, and
 * whether Azure splits partitions to reach them: a split is asynchronous, "typically 4-6 hours", and reaching a count
 * that is not a doubling of the even partitions splits only some ("Best practices for scaling provisioned throughput");
 * where a container created at those RU/s would get more (`newContainerPath`), how a new one built from the design
 * gets the same layout, so the design's `physicalPartitions` holds for it too.
 */
export function raiseInPlace({ to, partitions, each }: RaiseNames): string {
  const { createAt, created, createdEach } = newContainerNames(to);
  const first = createFirstNames(to);
  const { set, containers } = sharedRaiseNames(to);
  const at = atCreationNames(to);
  const split = `{{${splitName(partitions)}|none=|even=${SPLIT_WORDS}|uneven=${SPLIT_WORDS}${UNEVEN_WORDS}}}`;
  return (
    `{{?${first.mode}}}create the container at {{${createAt}}} RU/s, no more, then raise it to {{${to}}} RU/s{{/${first.mode}}}` +
    `{{!${first.mode}}}${raisedScope(to)}{{${at.way}|inPlace= in place|atCreation=}} to {{${set}}} RU/s{{/${first.mode}}} ({{${partitions}|partitions}} of {{${each}}} RU/s` +
    `{{?${movedName(to)}}}, the ones the conversion keeps at the {{${movedName(to)}}} RU/s it sets first (its physical partitions × 5,000){{/${movedName(to)}}}` +
    `{{?${first.mode}}}: Azure starts a container on one physical partition per {{${first.per}}} RU/s of {{${first.mode}|manual=manual throughput|autoscale=an autoscale maximum}}, and raised up to {{${partitions}}} × 10,000 RU/s it splits none{{/${first.mode}}}` +
    `{{?${containers}}}, which carry the keys of all {{${containers}}} busy containers, this one's part {{${to}}} RU/s{{/${containers}}}` +
    `{{!${at.flag}}}; declare physicalPartitions: {{${partitions}}} once raised{{/${at.flag}}}{{?${at.flag}}}${createdWords(to)}{{/${at.flag}}}${split}` +
    `{{?${floorNames(to).raised}}}; the hourly autoscale floor (10% of the maximum) rises from {{${floorNames(to).now}}} to {{${floorNames(to).raised}}} RU/s{{/${floorNames(to).raised}}}` +
    `{{?${first.later}}}; a new container gets {{${partitions}}} only if created at {{${createAt}}} RU/s and raised: created at {{${to}}} RU/s it would get {{${created}|partitions}} of {{${createdEach}}} RU/s{{/${first.later}}}` +
    `{{?${first.mode}}}; created at {{${to}}} RU/s it would get {{${created}|partitions}} of {{${createdEach}}} RU/s{{/${first.mode}}})` +
    settleWords(to, partitions)
  );
}

/**
 * After a raise that splits to a layout serving at fewer RU/s (`RaisedThroughput.settleAt`): the RU/s to lower to once
 * the split completes, which keeps the partitions ("Best practices for scaling provisioned throughput": a scale-down
 * splits and adds none; fewer partitions take a merge, "Merge partitions in Azure Cosmos DB"), and, for an autoscale
 * maximum, the hourly floor it then bills (10% of the maximum, "Frequently asked questions about autoscale").
 */
function settleWords(to: string, partitions: string): string {
  const settle = settleNames(to);
  return (
    `{{?${settle.at}}}, then lower it to {{${settle.at}}} RU/s once the split completes (lowering keeps the {{${partitions}|partitions}}, each then of {{${settle.each}}} RU/s: ` +
    `a scale-down splits and merges none{{/${settle.at}}}{{?${settle.floor}}}; the hourly autoscale floor then {{${settle.floor}}} RU/s{{/${settle.floor}}}` +
    `{{?${settle.at}}}; declare {{${settle.at}}} RU/s and physicalPartitions: {{${partitions}}} once lowered){{/${settle.at}}}`
  );
}

/** The placeholder names of a raise's settle step, from its `to` name (`raiseTo` → `raiseToSettle`…). */
function settleNames(to: string): { readonly at: string; readonly each: string; readonly floor: string } {
  return { at: `${to}Settle`, each: `${to}SettleEach`, floor: `${to}SettleFloor` };
}

/** The figures of `raise`'s settle step (`settleWords`), where it has one and raises a container that exists. */
function settleFigures(to: string, raise: RaisedThroughput): Record<string, number> {
  const at = raise.settleAt;
  if (at === undefined || raise.newContainer?.createFirst) return {};
  const names = settleNames(to);
  const floor = raise.billedFloor ? { [names.floor]: at * AUTOSCALE_FLOOR } : {};
  return { [names.at]: at, [names.each]: at / raise.partitions, ...floor };
}

/**
 * What a raise of a container still to be created says (`RaisedThroughput.atCreation`): Azure starts it on one physical
 * partition per 10,000 RU/s of an autoscale maximum, evenly split ("Best practices for scaling provisioned throughput",
 * large data ingestion), or one per 50 GB where its storage needs more (`by`: which of the two sets the count), so no
 * split follows; a container that exists declares its count and is raised in place.
 */
function createdWords(to: string): string {
  return `: created at them, Azure starts the container on {{${atCreationNames(to).by}|throughput=one physical partition per 10,000 RU/s of an autoscale maximum|storage=one physical partition per 50 GB of its storage, more than one per 10,000 RU/s of the maximum gives}}, evenly split; where the container exists already, declare its physicalPartitions and the raise is sized in place`;
}

/** What a raise in place that splits partitions says of the split: Azure's pace ("Best practices for scaling provisioned throughput"). */
export const SPLIT_WORDS = '; the split to reach it takes Azure typically 4-6 hours';
const UNEVEN_WORDS = ', unevenly: partitions left unsplit keep a larger share of the key space, which this raise is judged on';

/**
 * What a raise in place raises: the container's own throughput, or a shared database's, which its containers share and
 * whose partitions host all their keys ("Introduction to provisioned throughput", set throughput on a database); for a
 * serverless container (`movedFromServerless`), the manual throughput its account's move to provisioned throughput
 * gives it, in SG017's words for that move ("Change from serverless to provisioned capacity mode": the whole account,
 * every container converted to manual throughput in place, irreversible).
 */
function raisedScope(to: string): string {
  return (
    `{{${sharedRaiseNames(to).scope}|container=raise the container's throughput|database=raise the database's shared throughput (throughput.sharedDatabase)` +
    `|moved=change the whole account to provisioned throughput, SG017's move (a one-way change: Azure converts every container in the account to manual throughput in place, and the account cannot return to serverless), then set this container's manual throughput}}`
  );
}

/** The placeholder of what a serverless container's conversion sets first (`ServerlessConversion.convertedRu`), from a raise's `to` name. */
function movedName(to: string): string {
  return `${to}Converted`;
}

/** The placeholder names of what a raise sets and on what (`raiseTo` → `raiseToSet`, `raiseToScope`, `raiseToContainers`). */
function sharedRaiseNames(to: string): { readonly set: string; readonly scope: string; readonly containers: string } {
  return { set: `${to}Set`, scope: `${to}Scope`, containers: `${to}Containers` };
}

/**
 * The placeholder names of whether a raise is a container's creation (`RaisedThroughput.atCreation`), from its `to` name:
 * `way` (`inPlace` or `atCreation`, always given) and `flag` (given only at creation, for the clauses it adds or drops).
 */
function atCreationNames(to: string): { readonly way: string; readonly flag: string; readonly by: string } {
  return { way: `${to}Way`, flag: `${to}AtCreation`, by: `${to}CreatedBy` };
}

/** The placeholder of a raise's split kind, beside its partitions' (`none`, `even`, `uneven`). */
function splitName(partitions: string): string {
  return `${partitions}Split`;
}

/** The placeholder names of a raise's new-container path, from its `to` name (`raiseTo` → `raiseToCreateAt`…). */
function newContainerNames(to: string): { readonly createAt: string; readonly created: string; readonly createdEach: string } {
  return { createAt: `${to}CreateAt`, created: `${to}Created`, createdEach: `${to}CreatedEach` };
}

/**
 * The placeholder names of how a raise's layout is created, from its `to` name (`raiseTo` → `raiseToFirstMode`…): for a
 * container still to be created (`NewContainerPath.createFirst`), the throughput mode it is created in and the RU/s per
 * physical partition Azure starts it on there, with which the raise leads; for an existing one, `later`, the creation
 * RU/s a new container built from the design later would need (the same figure as `…CreateAt`).
 */
function createFirstNames(to: string): { readonly later: string; readonly per: string; readonly mode: string } {
  return { later: `${to}NewLater`, per: `${to}FirstPer`, mode: `${to}FirstMode` };
}

/** The placeholder names of a raised autoscale maximum's billed floor, from its `to` name (`raiseTo` → `raiseToFloor`…). */
function floorNames(to: string): { readonly now: string; readonly raised: string } {
  return { now: `${to}FloorNow`, raised: `${to}Floor` };
}

/** `raise`'s figures under `names`, for the words `raiseInPlace(names)` gives. */
export function raiseFigures(names: RaiseNames, raise: RaisedThroughput): Record<string, number | string> {
  const copies = names.copies === undefined ? {} : { [names.copies]: raise.copies ?? 1 };
  const path = raise.newContainer;
  // A container created at the path's RU/s starts on the raise's partitions, evenly, and its raise splits none.
  const split =
    raise.partitions === raise.splitFrom || path?.createFirst || raise.atCreation ? 'none' : raise.keySpaceSlices < raise.partitions ? 'uneven' : 'even';
  const created = newContainerNames(names.to);
  const shared = sharedRaiseNames(names.to);
  const database = raise.databaseRequestUnits;
  return Object.assign(
    { [names.to]: raise.requestUnits, [names.partitions]: raise.partitions, [names.each]: raise.each, [splitName(names.partitions)]: split, ...copies },
    { [shared.set]: database ?? raise.requestUnits, [shared.scope]: database !== undefined ? 'database' : raise.movedFromServerless ? 'moved' : 'container' },
    raise.movedFromServerless ? { [movedName(names.to)]: raise.movedFromServerless.convertedRu } : {},
    { [atCreationNames(names.to).way]: raise.atCreation ? 'atCreation' : 'inPlace' },
    raise.atCreation ? { [atCreationNames(names.to).flag]: 1, [atCreationNames(names.to).by]: createdBy(raise) } : {},
    (raise.sharedBy ?? 1) > 1 ? { [shared.containers]: raise.sharedBy } : {},
    path ? { [created.createAt]: path.createAt, [created.created]: path.created, [created.createdEach]: path.createdEach } : {},
    path ? createFirstFigures(names.to, path, raise.partitions) : {},
    raise.billedFloor ? { [floorNames(names.to).now]: raise.billedFloor.now, [floorNames(names.to).raised]: raise.billedFloor.raised } : {},
    settleFigures(names.to, raise),
  );
}

/** What sets the count a container created at `raise`'s RU/s starts on: its RU/s, or its storage where that needs more. */
function createdBy(raise: RaisedThroughput): 'throughput' | 'storage' {
  return raise.partitions > Math.ceil(raise.requestUnits / COSMOS_LIMITS.initialPartitionRequestUnits) ? 'storage' : 'throughput';
}

/** The figures of how `path` creates a raise's layout of `partitions` (`createFirstNames`). */
function createFirstFigures(to: string, path: NewContainerPath, partitions: number): Record<string, number | string> {
  const first = createFirstNames(to);
  if (!path.createFirst) return { [first.later]: path.createAt };
  return { [first.per]: path.createAt / partitions, [first.mode]: path.mode };
}

/** The physical partitions a hierarchical key's first-level value spans, and what the other values put on them. */
export interface FirstLevelSpan {
  /** Physical partitions its data spans: one per 50 GB it holds, at least one. */
  readonly spanned: number;
  /** Of those, the ones its data fills alone (50 GB of its own documents, no room for another value's). */
  readonly filledAlone: number;
  /** The RU/s the other first-level values are expected to take on the spanned partitions, all of them together. */
  readonly neighbours: number;
}

/**
 * Where a hierarchical key's first-level value holding `gb` sits, and the neighbours' load it meets there: the one
 * model SG001, SG003, SG014 and the alert reach judge such a value on. Its documents stay on one physical partition
 * until they hold 50 GB, then span more ("Hierarchical partition keys"; a partition splits past 50 GB, "Partitioning
 * and horizontal scaling"), so it spans ⌈gb ÷ 50⌉ partitions and has that many partitions' RU/s.
 * On one partition it shares that partition with the values hashed there: `onePartition`, the expected neighbours a
 * flat key's hot value meets (the engine's `physicalShare`, `judgedNeighbourLoad`). Spanning several, a partition holding 50
 * GB of its documents holds nothing else, so only the room its partitions have left (⌈gb ÷ 50⌉ − gb ÷ 50 of a
 * partition, at its edges) holds other values, at the load `rest` puts on a partition holding 1 ÷ `keySpaceSlices`
 * of the key space (1 ÷ P on P even partitions): a region holding 2,000 GB fills 40 partitions alone and meets no neighbours.
 */
export function firstLevelSpan(gb: number, onePartition: number, rest: number, keySpaceSlices: number): FirstLevelSpan {
  const filled = gb / COSMOS_LIMITS.physicalPartitionGb;
  const spanned = spannedPartitions(gb);
  if (spanned === 1) return { spanned, filledAlone: 0, neighbours: onePartition };
  return { spanned, filledAlone: Math.floor(filled + 1e-9), neighbours: Math.max(0, spanned - filled) * neighbourLoad(rest, keySpaceSlices) };
}

/** The physical partitions a first-level value holding `gb` spans (`firstLevelSpan`): one per 50 GB, at least one. */
function spannedPartitions(gb: number): number {
  // A hair over a multiple of 50 GB (float noise in a derived size) is not another partition.
  return Math.max(1, Math.ceil(gb / COSMOS_LIMITS.physicalPartitionGb - 1e-9));
}

/**
 * The scan `throughputThatServes` makes, for any hot value: `hot` RU/s of `total` over `cardinality` values, holding
 * `gb` (a hierarchical key's first-level value, which spans one physical partition per 50 GB: `firstLevelSpan`; 0,
 * one partition, otherwise). It fits when hot ≤ spanned × headroom × RU ÷ P − the neighbours there, neighbours
 * counted by the same `judgedNeighbourLoad` SG003's physical share uses (`cardinality` tells a uniform key from a hot
 * one there). The least such raise of `raisedLayouts`, or undefined for serverless, or when no RU/s up to the
 * quota serves it.
 */
export function throughputServing(
  design: CosmosKeyDesign,
  load: { readonly hot: number; readonly total: number; readonly cardinality: number; readonly gb?: number },
): RaisedThroughput | undefined {
  // A serverless container has no raise: the search runs on it as SG017's move leaves it, from that move's RU/s up.
  const moved = serverlessMove(design, load.total);
  const grid = raiseGrid(moved?.design ?? design);
  if (!grid) return undefined;
  const found = servingOnGrid(grid, load);
  return found && moved ? Object.assign({}, found, { movedFromServerless: moved.from }) : found;
}

/**
 * A serverless container as SG017's move leaves it (`serverlessMovedTo`, at the manual RU/s of `peak` ÷ headroom, the
 * least SG017 asks for), and what the conversion gives it first; undefined for a container with provisioned throughput.
 */
function serverlessMove(design: CosmosKeyDesign, peak: number): { readonly design: CosmosKeyDesign; readonly from: ServerlessConversion } | undefined {
  if (design.throughput?.mode !== 'serverless') return undefined;
  const kept = partitionsKeptOnConversion(design);
  const moved = serverlessMovedTo(design, 'manual', throughputForPeak('manual', peak, design.thresholds.headroom, 1));
  return { design: moved, from: { convertedRu: kept * COSMOS_LIMITS.serverlessContainerRequestUnits, keptPartitions: kept } };
}

/**
 * A serverless container moved to provisioned `mode` at `requestUnits`: "Changing from serverless to provisioned capacity
 * mode converts all containers within the account to manual provisioned throughput containers in-place", at "number of
 * partitions * 5000" RU/s ("Change from serverless to provisioned capacity mode"), so it keeps the physical partitions
 * it has (one per 50 GB, or as declared), and the RU/s then set in place split them only to ⌈RU/s ÷ 10,000⌉ ("Best
 * practices for scaling provisioned throughput"). The one layout SG017's move and SG003's raise after it are judged on.
 */
export function serverlessMovedTo(design: CosmosKeyDesign, mode: 'manual' | 'autoscale', requestUnits: number): CosmosKeyDesign {
  const throughput = Object.assign({}, design.throughput as CosmosThroughput, { mode, requestUnits });
  const kept = partitionsKeptOnConversion(design);
  const physicalPartitions = countPhysicalPartitions(mode, requestUnits, design.totalGb, kept);
  return Object.assign({}, design, { throughput, physicalPartitions, splitFrom: design.splitFrom ?? kept });
}

/** The physical partitions a serverless container has, which its conversion to provisioned throughput keeps (one per 50 GB, or as declared). */
function partitionsKeptOnConversion(design: CosmosKeyDesign): number {
  return countPhysicalPartitions('serverless', undefined, design.totalGb, design.physicalPartitions);
}

/** What a serverless container's conversion to manual throughput gives it: partitions × 5,000 RU/s, on the partitions it keeps. */
export interface ServerlessConversion {
  readonly convertedRu: number;
  readonly keptPartitions: number;
}

/** `throughputServing`'s search on `grid`. */
function servingOnGrid(
  grid: RaiseGrid,
  load: { readonly hot: number; readonly total: number; readonly cardinality: number; readonly gb?: number },
): RaisedThroughput | undefined {
  const { design } = grid;
  const { headroom } = design.thresholds;
  const { hot, total, cardinality } = load;
  // On a shared database's partitions, every busy container's keys are the value's neighbours.
  const value = amongCarried({ hot, rest: total - hot, cardinality }, grid.containers);
  // No raise gives a physical partition more than 10,000 RU/s (the count is at least ⌈RU/s ÷ 10,000⌉, "Best practices
  // for scaling provisioned throughput"): a value above what its span's partitions could ever give it, beside neighbours
  // that only add to it, is served by none.
  const partitionMax = COSMOS_LIMITS.physicalPartitionRequestUnits;
  if (value.rest >= 0 && hot > spannedPartitions(load.gb ?? 0) * headroom * partitionMax + 1e-9) return undefined;
  const serves = (raise: RaisedThroughput): boolean => {
    const { each, keySpaceSlices } = raise;
    // Judged on the partition holding the largest share of the key space: after an uneven split, an unsplit one.
    const onePartition = judgedNeighbourLoad(value, keySpaceSlices, headroom * each);
    const span = firstLevelSpan(load.gb ?? 0, onePartition, value.rest, keySpaceSlices);
    return hot + span.neighbours <= span.spanned * headroom * each + 1e-9;
  };
  for (const { from, to, partitions } of partitionStretches(grid)) {
    const at = (ru: number) => raiseAt(grid, ru, partitions);
    // Within a stretch only each partition's RU/s grow, and the span's usable RU/s with them, by headroom × a grid step
    // ÷ P at each point; the neighbours never grow (judged at the average partition's load once the value's bias is a
    // sliver of the usable RU/s, `judgedNeighbourLoad`, no more than the expectation but for rounding, far below what a
    // step adds). So the check fails, then holds to the stretch's end: where it holds there, its first point is halved to.
    if (serves(at(to))) return settled(grid, at(leastOnGrid(from, to, grid.step, (ru) => serves(at(ru)))), (ru) => serves(at(ru)));
  }
  return undefined;
}

/**
 * `raise` with the RU/s to lower to once its split completes (`settleAt`), where the layout it splits to serves below
 * it: lowering RU/s splits and merges no partition, it only gives each less ("Best practices for scaling provisioned
 * throughput": "For scale-down operation, Azure Cosmos DB doesn't need to split or add new partitions", "the RU/s per
 * physical partition is lowered"; fewer partitions take Azure's merge, a separate preview operation, "Merge partitions
 * in Azure Cosmos DB"). So a raise that splits 3 partitions to 6 only above 50,000 RU/s leaves a layout that a
 * container at 45,000 RU/s keeps: the least point of the grid, from the declared RU/s up, at which `serves` holds on
 * that layout, found as the raise itself is (`leastOnGrid`). The container after both steps is the one
 * `physicalPartitions` above what its RU/s need describes (a raise since lowered, partition-merge.ts).
 */
function settled(grid: RaiseGrid, raise: RaisedThroughput, serves: (ru: number) => boolean): RaisedThroughput {
  const ru = raise.databaseRequestUnits ?? raise.requestUnits * grid.containers;
  // Within the stretch the raise is the least that serves: only a split (a stretch past the declared RU/s) can settle lower.
  // A container still to be created starts on the partitions of the RU/s it is created at: no split to settle after.
  if (raise.partitions === grid.nowCount || ru <= grid.first || raise.atCreation) return raise;
  const settleAt = leastOnGrid(grid.first, ru, grid.step, serves);
  return settleAt < ru ? Object.assign({}, raise, { settleAt }) : raise;
}

/**
 * Every raise in place of a container's provisioned RU/s a fix can name, least first: the declared form's grid
 * (THROUGHPUT_GRID) from the declared RU/s up to Azure's default per-container quota ("Service quotas"), and below
 * `below` when given. Each with the physical partitions it leaves (up to P × 10,000 RU/s the container keeps its P,
 * beyond that it splits to ⌈RU/s ÷ 10,000⌉: "Best practices for scaling provisioned throughput", as
 * `physicalPartitionCount` counts them) and the design as it is once raised, with that count declared, for checks
 * that judge a layout on the engine's own `physicalShare`. With `roomFor`, a peak, only the raises whose RU/s leave
 * room for a count of shards or buckets at it (`roomForCounts`). Nothing for serverless or undeclared throughput.
 */
export function* raisedLayouts(design: CosmosKeyDesign, below?: number, roomFor?: number): Generator<RaisedLayout, void, undefined> {
  const grid = raiseGrid(design, below);
  if (!grid) return;
  for (const { from, to, partitions } of roomyStretches(grid, roomFor)) {
    for (let ru = from; ru <= to; ru += grid.step) yield layoutAt(grid, ru, partitions);
  }
}

/** A raise of `raisedLayouts` and the design as it leaves it. */
export interface RaisedLayout {
  readonly raise: RaisedThroughput;
  readonly design: CosmosKeyDesign;
}

/**
 * The least raise of `raisedLayouts(design, below, roomFor)` at which `holds`, for a `holds` that, within one count of
 * physical partitions, turns true as the RU/s grow and stays true: each partition's RU/s grow and the key space's slices
 * stay, so a count of buckets or shards that serves at some RU/s serves at more. Each stretch is checked at its end and
 * halved to its first point that holds (as `throughputServing` searches), so the work grows with the log of the grid, not
 * with its length (a grid up to the quota holds thousands of points). Undefined where it holds at no raise.
 */
export function leastRaiseWhere(design: CosmosKeyDesign, holds: (layout: RaisedLayout) => boolean, below?: number, roomFor?: number): RaisedLayout | undefined {
  const grid = raiseGrid(design, below);
  if (!grid) return undefined;
  for (const { from, to, partitions } of roomyStretches(grid, roomFor)) {
    const holdsAt = (ru: number) => holds(layoutAt(grid, ru, partitions));
    if (holdsAt(to)) return layoutAt(grid, leastOnGrid(from, to, grid.step, holdsAt), partitions);
  }
  return undefined;
}

/**
 * `grid`'s stretches (`partitionStretches`), each from its first RU/s that leave room for a count at the peak `roomFor`
 * (`roomForCounts`); a stretch with none is left out. The room a count needs only grows with the raise's RU/s: none at a
 * stretch's end is none in it, else its first point with room is halved to.
 */
function* roomyStretches(
  grid: RaiseGrid,
  roomFor: number | undefined,
): Generator<{ readonly from: number; readonly to: number; readonly partitions: number }, void, undefined> {
  const room = (ru: number) => roomFor === undefined || roomForCounts(roomFor, ru / grid.containers, grid.design.thresholds.headroom);
  for (const { from, to, partitions } of partitionStretches(grid)) {
    if (room(to)) yield { from: leastOnGrid(from, to, grid.step, room), to, partitions };
  }
}

/** The raise to `ru` on `grid` and the design it leaves (`raiseAt`, `raisedInPlaceTo`). */
function layoutAt(grid: RaiseGrid, ru: number, partitions: number): RaisedLayout {
  return { raise: raiseAt(grid, ru, partitions), design: raisedInPlaceTo(grid.design, ru, grid.nowCount) };
}

/**
 * The design as the raise of `raisedLayouts` to `requestUnits` (the container's RU/s, its part of a shared database's)
 * leaves it, its physical partitions declared; undefined where no raise on that grid is to those RU/s.
 */
export function raisedLayoutAt(design: CosmosKeyDesign, requestUnits: number): CosmosKeyDesign | undefined {
  const grid = raiseGrid(design);
  if (!grid) return undefined;
  const ru = Math.round(requestUnits * grid.containers);
  const onGrid = ru >= grid.first && ru <= grid.last && ru % grid.step === 0 && ru / grid.containers === requestUnits;
  return onGrid ? raisedInPlaceTo(design, ru, grid.nowCount) : undefined;
}

/** The grid `raisedLayouts` walks for a design (`raiseGrid`), and what every raise on it is figured from. */
interface RaiseGrid {
  readonly design: CosmosKeyDesign;
  readonly mode: Exclude<CosmosThroughput['mode'], 'serverless'>;
  /** The declared RU/s: a shared database's, else the container's. */
  readonly declared: number;
  readonly containers: number;
  /** The physical partitions the container has now, and the even layout a raise splits from. */
  readonly nowCount: number;
  /** Undefined for a container still to be created (`raiseSplitsFrom`): each RU/s is its creation, evenly split. */
  readonly splitFrom: number | undefined;
  /** The grid's step, and its first and last RU/s searched. */
  readonly step: number;
  readonly first: number;
  readonly last: number;
}

/**
 * The grid a raise in place of `design`'s RU/s is searched on: the declared form's, from the declared RU/s up to the
 * quota and strictly below `below` (a container's part, so × the busy containers: on the grid but for rounding, which
 * the 1e-6 absorbs). A shared database is raised as a whole, on its grid and its quota; its busy containers each get
 * their part. Undefined for serverless or undeclared throughput.
 */
function raiseGrid(design: CosmosKeyDesign, below?: number): RaiseGrid | undefined {
  const { throughput } = design;
  const now = profileOf(design.engine).physicalPartitions?.(design);
  const declared = throughput && partitionedRequestUnits(throughput);
  if (!throughput || throughput.mode === 'serverless' || declared === undefined || !now) return undefined;
  const { step } = THROUGHPUT_GRID[gridFormOf(throughput.mode)];
  const containers = sharedContainers(design);
  const last = Math.min(MAX_CONTAINER_RU, below === undefined ? Infinity : Math.floor((below * containers + 1e-6) / step) * step - step);
  // The even layout the raise splits from: the container's (its count taken as even), or the one before an earlier raise;
  // none where the design is a container still to be created.
  const splitFrom = raiseSplitsFrom(design, now.count);
  return { design, mode: throughput.mode, declared, containers, nowCount: now.count, splitFrom, step, first: Math.ceil(declared / step) * step, last };
}

/**
 * `grid` in stretches of one count of physical partitions: a raise in place keeps the P it has up to P × 10,000 RU/s
 * and splits to ⌈RU/s ÷ 10,000⌉ beyond ("Best practices for scaling provisioned throughput"), so within a stretch the
 * count and the key space's slices are fixed, and only each partition's RU/s grow with the raise.
 */
function* partitionStretches(grid: RaiseGrid): Generator<{ readonly from: number; readonly to: number; readonly partitions: number }, void, undefined> {
  for (let from = grid.first; from <= grid.last;) {
    const partitions = countPhysicalPartitions(grid.mode, from, grid.design.totalGb, grid.nowCount);
    const to = Math.min(grid.last, partitions * COSMOS_LIMITS.physicalPartitionRequestUnits);
    yield { from, to, partitions };
    from = to + grid.step;
  }
}

/** The raise to `ru` on `grid`, which leaves `partitions` physical partitions (`partitionStretches`). */
function raiseAt(grid: RaiseGrid, ru: number, partitions: number): RaisedThroughput {
  const { design, mode, declared, containers, splitFrom } = grid;
  // The engine's own count of the slices the raise leaves (`largestShareSlices`), as every check on the raised design reads it.
  const keySpaceSlices = keySpaceSlicesOf({ totalGb: design.totalGb, splitFrom }, partitions);
  const newContainer = newContainerPath(design, ru, partitions);
  const database = mode === 'shared' ? { databaseRequestUnits: ru, sharedBy: containers } : {};
  // An autoscale maximum is billed at least 10% every hour: a raise raises that floor ("Autoscale FAQ", pricing).
  const floor = mode === 'autoscale' ? { billedFloor: { now: declared * AUTOSCALE_FLOOR, raised: ru * AUTOSCALE_FLOOR } } : {};
  return {
    requestUnits: ru / containers,
    ...database,
    ...floor,
    partitions,
    each: ru / partitions,
    keySpaceSlices,
    splitFrom: splitFrom ?? partitions,
    ...(splitFrom === undefined ? { atCreation: true as const } : {}),
    ...(newContainer ? { newContainer } : {}),
  };
}

/** The least of the grid points `step` apart from `from` to `to` at which `holds`: one that holds at `to`, and from its first point on. */
function leastOnGrid(from: number, to: number, step: number, holds: (ru: number) => boolean): number {
  // Indices of the points: `below` one where it does not hold (or before the first), `at` one where it does.
  let below = -1;
  let at = (to - from) / step;
  while (at - below > 1) {
    const middle = Math.floor((below + at) / 2);
    if (holds(from + middle * step)) at = middle;
    else below = middle;
  }
  return from + at * step;
}

/**
 * `design` raised in place to `ru` (a shared database's RU/s, else the container's) from the `nowCount` physical
 * partitions it has: the count the raise leaves declared, and the even layout it splits from (`splitFrom`), as every
 * check on a raised layout reads it (`largestShareSlices`).
 */
export function raisedInPlaceTo(design: CosmosKeyDesign, ru: number, nowCount: number): CosmosKeyDesign {
  const throughput = design.throughput as CosmosThroughput;
  const containers = sharedContainers(design);
  const raised = Object.assign(
    {},
    throughput,
    { requestUnits: ru / containers },
    throughput.shared ? { shared: { databaseRequestUnits: ru, containers } } : {},
  );
  // A container still to be created stays one: the engine counts the partitions it is created on at `ru`, evenly split.
  const splitFrom = raiseSplitsFrom(design, nowCount);
  if (splitFrom === undefined) return Object.assign({}, design, { throughput: raised });
  return Object.assign({}, design, {
    throughput: raised,
    physicalPartitions: countPhysicalPartitions(throughput.mode, ru, design.totalGb, nowCount),
    splitFrom,
  });
}

/**
 * The most a raise in place may add to today's RU/s (manual RU/s, or the autoscale maximum) and still lead a
 * fix over a change of key, as a share of today's: 25%. The trade: a new partition key is a new container and a copy of
 * every document, paid once ("Change partition key"), after which the headroom costs nothing; a raise changes no key and
 * no application and is there at once (or, where it splits partitions, typically in 4-6 hours: "Best practices for
 * scaling provisioned throughput"), but it is billed every hour it stands ("Pricing model": the maximum provisioned
 * throughput for a given hour; autoscale: the highest RU/s scaled to in the hour, at least 10% of its maximum,
 * "Frequently asked questions about autoscale"). A few percent more every hour is cheaper than a migration for years;
 * a raise of many times today's RU/s is not, so past this share the key change keeps the lead.
 */
export const SMALL_RAISE_SHARE = 0.25;

/**
 * Whether `raise` (one that serves the finding by itself) may lead a fix over a change of key (SMALL_RAISE_SHARE): dedicated
 * manual or autoscale throughput (not serverless, which no raise lifts; not a shared database, whose raise moves every
 * container in it), within Azure's default per-container maximum (no quota increase), and at most SMALL_RAISE_SHARE
 * above today's RU/s.
 */
export function raiseLeadsKeyChange(design: CosmosKeyDesign, raise: RaisedThroughput | undefined): raise is RaisedThroughput {
  const { throughput } = design;
  if (!raise || !throughput || (throughput.mode !== 'manual' && throughput.mode !== 'autoscale') || throughput.requestUnits === undefined) return false;
  if (raise.databaseRequestUnits !== undefined || raise.requestUnits > MAX_CONTAINER_RU) return false;
  return raise.requestUnits <= throughput.requestUnits * (1 + SMALL_RAISE_SHARE) + 1e-9;
}

/**
 * The edits of a raise in place: the container's new RU/s, and the physical partitions it leaves where the design would
 * otherwise count another number; with `copies` copies of every document, the partitions their storage then needs too.
 * It writes the RU/s of the raise, not those of its settle step (`settleAt`): a design deployed as written must reach
 * the layout it declares, and a container short of that layout set straight to the lower figure splits to fewer
 * partitions, or none, which is what the settle step's text says to lower to once the raise's split completes.
 */
export function raiseEdits(design: CosmosKeyDesign, raise: RaisedThroughput, copies = 1): DesignEdit[] {
  // A serverless container's capacity mode is its account's, which no design field sets: SG017's move writes no edit either.
  if (raise.movedFromServerless) return [];
  const throughput = design.throughput as NonNullable<CosmosKeyDesign['throughput']>;
  // A shared database is raised as a whole (`throughput.sharedDatabase`), and its partitions are counted from its RU/s.
  const value = raise.databaseRequestUnits ?? raise.requestUnits;
  const gb = storedGb(design, copies) ?? design.totalGb;
  const partitions = countPhysicalPartitions(throughput.mode, value, gb, raise.partitions);
  // A declared count is the container's: where the raise (or its copies' storage) leaves more, the count it leaves is
  // declared, or the design would declare fewer partitions than its RU/s and GB need (which the validator refuses).
  const counted = design.physicalPartitions ?? countPhysicalPartitions(throughput.mode, value, gb);
  return [{ op: 'set', path: throughput.path, value }, ...layoutEdits(design, { gb, partitions, splitFrom: raise.splitFrom }, counted !== partitions)];
}

/**
 * The edits that declare the physical partitions a raise in place leaves: `partitions` where `declareCount` (the design
 * would count another number), and where it splits `splitFrom`'s even partitions unevenly, that layout too (`splitFrom`,
 * with the count it qualifies), so the next lint judges the raised design on the largest share the split leaves, as
 * the fix judged it, not on an even split of the count.
 */
export function layoutEdits(
  design: CosmosKeyDesign,
  layout: { readonly gb: number | undefined; readonly partitions: number; readonly splitFrom: number },
  declareCount: boolean,
): DesignEdit[] {
  const { gb, partitions, splitFrom } = layout;
  // A container still to be created at the raised autoscale maximum starts evenly split (`raisedAtCreation`).
  const uneven = !raisedAtCreation(design) && keySpaceSlicesOf({ totalGb: gb, splitFrom }, partitions) < partitions;
  const count = declareCount || (uneven && design.physicalPartitions === undefined);
  return [
    ...(count ? [{ op: 'set' as const, path: 'physicalPartitions', value: partitions }] : []),
    ...(uneven && design.splitFrom !== splitFrom ? [{ op: 'set' as const, path: 'splitFrom', value: splitFrom }] : []),
  ];
}

/** The RU/s a fix's edits raise the container (or its shared database) to: the figure `raiseEdits` sets; undefined where they set none. */
export function raisedThroughputOf(edits: readonly DesignEdit[] | undefined): number | undefined {
  const edit = edits?.find((e) => e.op === 'set' && e.path.startsWith('throughput.') && typeof e.value === 'number');
  return edit?.op === 'set' ? (edit.value as number) : undefined;
}

/** Why a raise that passes `raiseLeadsKeyChange` leads, after its clause: what it adds (`smallRaiseAdds`, a share of today's RU/s). */
export const SMALL_RAISE_WHY =
  ": it adds {{smallRaiseAdds|percent}} to {{!smallRaiseDeclared}}today's {{smallRaiseFrom}} RU/s{{/smallRaiseDeclared}}{{?smallRaiseDeclared}}the {{smallRaiseFrom}} RU/s the container is raised to anyway (today's {{smallRaiseDeclared}} are short of its peak, SG017){{/smallRaiseDeclared}}, billed every hour, where a new key is a new container and a copy of every document, once";
/** The change of key after such a raise, the durable alternative: paid once, and no headroom billed every hour after it. */
export const DURABLE_KEY_CHANGE = '; or, to stop paying for the headroom, ';

/** The figures SMALL_RAISE_WHY reads, for a raise of `design`'s dedicated RU/s. */
export function smallRaiseData(design: CosmosKeyDesign, raise: RaisedThroughput): Record<string, number> {
  const from = design.throughput?.requestUnits as number;
  return { smallRaiseAdds: raise.requestUnits / from - 1, smallRaiseFrom: from };
}

/** A raise in place of the container's RU/s, and the count of write shards of the hottest value that then fit. */
export interface ShardRaise extends RaisedThroughput {
  readonly shards: number;
  /** What each stored key then takes (RU/s), and the neighbours it meets on its physical partition. */
  readonly storedLoad: number;
  readonly storedNeighbours: number;
}

/**
 * The raises a modeller weighs for a flat key's hottest value above its logical partition's usable RU/s when no
 * write-shard count fits its physical partition at the current throughput (the container's average partition
 * already fills its usable share, so every shard meets too much beside it): Cosmos DB divides a container's RU/s
 * evenly among its physical partitions ("Partitioning and horizontal scaling"), so more RU/s raise each share.
 * `fewest`: the count the logical ceiling alone needs (and the size, SG006's), at the least RU/s at which its shards fit.
 * `least`: the least RU/s at which a count within maxShards fits, with the smallest such count, when that is cheaper
 * than `fewest`. Both only at RU/s with room to spare for a count (`roomForCounts`).
 * Each shard is judged as `SpaceAnalysis.storedKeyShare` judges it at today's RU/s (1/P of the rest of the
 * container's load beside it, its sibling shards included), on the layout the raise leaves (`raisedLayouts`),
 * and only at RU/s whose usable part holds the container's peak (below that every partition is short: SG017).
 * Undefined when the logical ceiling needs more than maxShards, or no RU/s up to the quota serve any count within it.
 */
export function shardRaises(a: SpaceAnalysis): { readonly fewest: ShardRaise; readonly least?: ShardRaise } | undefined {
  const layout = a.plan.layout;
  const { profile } = a.owner;
  const design = profile.containerOf?.(a.design);
  if (design === undefined || a.physical === undefined || (layout !== 'random' && layout !== 'calculated')) return undefined;
  const { headroom, maxShards } = a.design.thresholds;
  const cap = Math.min(maxShards, MAX_SHARDS_ACCEPTED);
  const stored = (n: number) => storedKeyLoads(a.hot, layout, n, a.readsSpread);
  // The key's own ceiling first: no RU/s lift it, so its count is the fewest any raise can serve.
  // At least the count its largest value's size needs (SG006's, one plan): fewer would leave a partition too large.
  const byLoad = smallestCount((n) => n > 1 && allFit(profile.loadDimensions(stored(n), headroom)));
  const fewestCount = byLoad === undefined ? undefined : Math.max(byLoad, a.plan.needs.size);
  if (fewestCount === undefined || fewestCount > cap) return undefined;
  // The container's peak as charged at a count (`chargedAt`: a fan-out's reads on every shard), which more shards raise.
  const charged = (n: number) => a.chargedAt(layout, n);
  const fewestPeak = charged(fewestCount).reads + charged(fewestCount).writes;
  // A count is offered only at RU/s that leave room for it (roomForCounts: 5% of the usable RU/s free): nearer the
  // line each shard's neighbours decide it by a fraction of an RU/s, so the fewest shards' raise follows the rule too
  // (else 63 shards are offered at 127,900 RU/s, 2.3% free, where 131,600 leave 5%).
  const share = (layout: RaisedLayout, n: number) => profile.physicalShare?.(layout.design, charged(n), stored(n), a.trafficValues * n);
  // A share judged at a further raise (`raisedFrom`: the count's fan-out takes the peak past these RU/s) is not this raise's.
  const serves = (layout: RaisedLayout, n: number) => {
    const at = n > 1 ? share(layout, n) : undefined;
    return at !== undefined && !at.raisedFrom && allFit(profile.loadDimensions(stored(n), headroom, at));
  };
  const at = (layout: RaisedLayout, n: number): ShardRaise => {
    const loads = stored(n);
    return Object.assign({}, layout.raise, { shards: n, storedLoad: loads.reads + loads.writes, storedNeighbours: share(layout, n)?.neighbours ?? 0 });
  };
  // Each count, within one count of physical partitions, is served from some RU/s on (each partition's RU/s grow, its
  // neighbours do not): both raises are found by halving (`leastRaiseWhere`), the least for a count within maxShards
  // only below the fewest count's, where it is the cheaper. Its count is then larger than `fewest`'s (which would fit
  // there too), so at least what the size needs: SG006 may name it as its split.
  const fewest = leastRaiseWhere(design, (layout) => serves(layout, fewestCount), undefined, fewestPeak);
  const leastAt = leastRaiseWhere(design, (layout) => serves(layout, cap), fewest?.raise.requestUnits, fewestPeak);
  // Its count is searched below the cap, which serves: a fan-out's reads grow with the count (each shard's query
  // charged its floor), so counts past it may not, and a search up to MAX_SHARDS_ACCEPTED would find none.
  const least =
    leastAt &&
    at(
      leastAt,
      leastBetween((n) => serves(leastAt, n), 2, cap),
    );
  if (fewest) return { fewest: at(fewest, fewestCount), ...(least ? { least } : {}) };
  // No RU/s up to the quota serve the fewest count: the least raise for a count within maxShards is the one there is.
  return least && { fewest: least };
}

/** A raise in place offered as a remedy, with the count of shards or buckets it asks for (1: none) and what it costs. */
export interface CostedRaise {
  readonly requestUnits: number;
  readonly count: number;
  /** RU/s the container needs once the remedy is applied (`raiseCost`): its raise, or more where its fan-out's reads need more. */
  readonly cost: number;
}

/**
 * The one order in which remedies that raise a container's RU/s are offered, a flat key's shards (advice.ts) as a
 * hierarchical key's buckets (prefix-ingestion.ts): the cheaper first, since provisioned RU/s are billed every hour
 * they stand ("Pricing model"), counted with the reads a wider fan-out multiplies (`raiseCost`); at the same cost the
 * narrower fan-out (fewer shards or buckets) first. A comparator for `Array.prototype.sort`.
 */
export function cheaperFirst(a: CostedRaise, b: CostedRaise): number {
  return a.cost - b.cost || a.count - b.count;
}

/**
 * What a raise in place to `requestUnits` (the container's RU/s, or its part of a shared database's) costs in RU/s once
 * its remedy is applied: the raise, or more where `reads` (the read peak its fan-out makes, counted as SG017 counts it,
 * read-requests.ts) and `writes` need more than it gives: then SG017 asks for the raise it writes, from the layout this
 * raise leaves, the least that serves them on every physical partition (`evenInPlaceThroughput`: peak ÷ headroom on
 * the declared form's grid, a shared database's for its busy containers, or more where a raise in place would split
 * unevenly). In the container's part, so every option compares alike. A serverless container has no raise.
 */
export function raiseCost(design: CosmosKeyDesign, requestUnits: number, reads: number, writes: number): number {
  const { throughput } = design;
  const now = profileOf(design.engine).physicalPartitions?.(design);
  if (!throughput || throughput.mode === 'serverless' || !now)
    return Math.max(requestUnits, throughputForPeak('manual', reads + writes, design.thresholds.headroom, 1));
  const containers = sharedContainers(design);
  const raised = raisedInPlaceTo(design, Math.round(requestUnits * containers), now.count);
  return Math.max(requestUnits, (evenInPlaceThroughput(raised, reads + writes) as number) / containers);
}

/**
 * A raise-and-shard option's cost (`raiseCost`, the container's part) under `name`, in the words of what it raises: a
 * shared database's RU/s (× its busy containers), whose partitions serve them all, else the container's.
 */
export function costFigures(design: CosmosKeyDesign, name: string, cost: number): Record<string, number | string> {
  const total = cost * sharedContainers(design);
  // Past Azure's default maximum per container or database ("Service quotas"), raised only by a support ticket: said.
  const quota = total > COSMOS_LIMITS.requestUnitsQuota ? { [`${name}Quota`]: COSMOS_LIMITS.requestUnitsQuota } : {};
  return { [name]: total, [`${name}Scope`]: design.throughput?.mode === 'shared' ? 'database' : 'container', ...quota };
}

/** The words of `costFigures(design, name, …)`: what needs the cost, and the support ticket where it is past the quota. */
export function costScope(name: string): string {
  const scope = `{{${name}Scope|container=the container|database=the database}}`;
  return (
    `${scope} needs {{${name}}} RU/s` +
    `{{?${name}Quota}}, above Azure's default maximum of {{${name}Quota}} RU/s per {{${name}Scope}}, which a support ticket must raise first{{/${name}Quota}}`
  );
}
