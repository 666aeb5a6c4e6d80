/**
 * SG003's check of a hierarchical key's first level: one first-level value's data stays on one physical
 * partition until a split of that partition (at 50 GB of its data, or for a raise) cuts through it, which takes
 * hours (Microsoft Learn, "Hierarchical partition keys"), so every request scoped to it, read or write, lands
 * there; Cosmos DB charges reads and writes to that partition's one RU/s budget ("Partitioning and horizontal
 * scaling"). Five tenants ingesting 60,000 RU/s, or one tenant read at 30,000 RU/s, throttle however unique the
 * deeper levels are, so the first level's cardinality is judged against the reads and writes its hottest value takes.
 *
 * That partition is not the value's alone: its documents sit in one contiguous hash range, which other
 * first-level values hash into too, and it gets only its share of the container's RU/s ("Hierarchical partition
 * keys": documents of one first-level value are co-located on one physical partition, and throughput consumption
 * is limited to what is on it; "Partitioning and horizontal scaling": RU/s divided evenly among physical
 * partitions). So the value is judged on the same physical share a flat key's hottest value is (the engine's
 * `physicalShare`, neighbours and SG017's raise included), with the first level's cardinality.
 */
import { bucketLevel } from '../design/bucket-level';
import { cardinalityValue, fullKeyCardinality } from '../design/cardinality';
import { joinPath } from '../design/field-path';
import type { CosmosKeyDesign, KeyAttribute, KeyDesign, KeySpace, Workload } from '../design/key-design';
import { MAX_SHARDS_ACCEPTED } from '../design/limits';
import { fits, largestShare, smallestCount } from '../design/sharding';
import { amongCarried, COSMOS_LIMITS, profileOf, usableBesideNeighbours, type LoadDimension, type Loads, type PhysicalShare } from '../engines';
import { DesignAnalysis, growthOf, usablePartitionGb, type SpaceAnalysis } from './analysis';
import { cacheWordsOf } from './cache-words';
import type { DesignEdit } from './edits';
import { roundedFigure } from './format';
import { HASHED_KEYS_MESSAGES, hashedKeysData } from './hashed-keys';
import { OVER_PARTITIONED_MESSAGES, overPartitionedRaise } from './over-partitioned';
import { largestPartitionSize } from './partition-size';
import {
  AFTER_CAPACITY_FIX,
  AT_CAPACITY_RAISE,
  DIVIDED_RU,
  DURABLE_KEY_CHANGE,
  cheaperFirst,
  copiesRemoved,
  firstLevelSpan,
  AVERAGE_PLACEMENT,
  CARRIED_LOAD,
  carriedLoadData,
  costFigures,
  costScope,
  largestShareData,
  overCapacity,
  AT_AVERAGE_WITHIN,
  overOnlyByCapacity,
  overOnlyBySpread,
  physicalShareData,
  RAISE,
  raiseFigures,
  MIN_SPARE_FOR_COUNTS,
  raiseCost,
  raiseEdits,
  raiseInPlace,
  raiseLeadsKeyChange,
  raisedLayoutAt,
  leastRaiseWhere,
  type RaisedLayout,
  roomForCounts,
  reachableDimensions,
  SMALL_RAISE_WHY,
  smallRaiseData,
  throughputServing,
  type RaisedThroughput,
  type RaiseNames,
  type ValueLoad,
} from './physical-partition';
import { keyValueTheRaiseFits } from './raise-fits';
import { pagedOverBuckets, readRequests, readRequestsOverBuckets } from './read-requests';
import { reorderedLevels } from './reorder';
import type { MessageData, RuleHit } from './rule';
import { declaredCopies, withCopies, withoutCopies } from './written';

// `traffic` names what the hottest value takes: only writes (ingestion), only reads, or both (one budget); `shareOf`, what
// its share is of: those, or, for a value declared hot in one direction (hotKeyOperations), that one (`hotIn`).
const TAKES = '{{shareOf|writes=of writes|reads=of reads|both=of reads and writes}}';
// The hottest first-level value's share and its source; a derived one is the lower bound the full key's declared share gives it (`withLowerBound`).
const LEVEL_SHARE =
  "{{?shareAt}}at least {{share|percent}} (the full key's hottest value, declared at {{keyShare|percent}} in {{shareAt|code}}, sits under one first-level value){{/shareAt}}{{!shareAt}}{{share|percent}} ({{shareSource|declared=declared|observed=observed|uniform=uniform}}){{/shareAt}}";
const THROTTLES = '{{traffic|writes=ingestion throttles|reads=its reads throttle|both=its reads and writes throttle}}';

/** The raise at which a bucket count within maxShards serves the hottest first-level value (beside RAISE, which serves it as it is). */
const BUCKET_RAISE: RaiseNames = { to: 'bucketRaiseTo', partitions: 'bucketRaisedPartitions', each: 'bucketRaisedEach' };
/** The least raise at which no more buckets than the container's physical partitions serve it (the small fan-out). */
const FEW_RAISE: RaiseNames = { to: 'fewRaiseTo', partitions: 'fewRaisedPartitions', each: 'fewRaisedEach' };

export const PREFIX_INGESTION_MESSAGES = {
  prefixHot: `the hottest {{level|code}} value takes ${LEVEL_SHARE} of the {{sharePeak}} RU/s ${TAKES}: {{prefixLoad}} RU/s under one first-level value, whose documents Azure keeps together on one physical partition until a split of that partition cuts through them (a split comes once the partition holds {{partitionGb}} GB, its data and its neighbours', or with a raise that needs more partitions, and takes hours; SG003 plans a value under {{partitionGb}} GB on one), against a usable {{prefixUsable}} RU/s`,
  prefixHotSpanning: `the hottest {{level|code}} value takes ${LEVEL_SHARE} of the {{sharePeak}} RU/s ${TAKES}: {{prefixLoad}} RU/s under one first-level value, whose {{prefixGb}} GB span only {{spanned|partitions}} ({{partitionGb}} GB each), against a usable {{prefixUsable}} RU/s`,
  // Where the design declares no throughput: the partition's RU/s, no neighbours known.
  prefixOwnPartition: ' ({{headroom|percent}} of its {{partitionRu}} RU/s)',
  prefixOwnPartitions: ' ({{headroom|percent}} of {{partitionRu}} RU/s each)',
  // With declared throughput: the value's physical share, as a flat key's hottest value gets (SG003's physicalShare).
  prefixSharedPartition: ` left on its physical partition ({{headroom|percent}} of its {{partitionRu}} RU/s, less the {{prefixNeighbours}} RU/s the other first-level values hashed there are expected to take: ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}})`,
  // Spanning several: only the room its documents leave at its edges holds other values (firstLevelSpan).
  prefixSharedPartitions: ` left on those partitions ({{headroom|percent}} of {{partitionRu}} RU/s each, less the {{prefixNeighbours}} RU/s other first-level values are expected to take in the room its documents leave at its edges: ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}})`,
  prefixFilledPartitions: ` left on those partitions ({{headroom|percent}} of {{partitionRu}} RU/s each, its documents filling them alone, so no other first-level value's load is on them: ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}})`,
  // A value whose level declares no largestGb, said as such: a value singled out by its traffic may hold little data;
  // undeclared, it is judged where a value
  // under 50 GB stays (the worst plausible placement), never spread by a size guessed from its traffic share.
  prefixSizeUndeclared: ' (judged as under {{partitionGb}} GB, {{sizeAt|code}} being undeclared: declare it if the value holds more)',
  prefixSizeFromValues:
    ' (its {{prefixGb}} GB inferred as storage.totalGb {{totalGb}} ÷ {{values}} values, {{sizeAt|code}} not being declared: declare it if the value holds less)',
  prefixAtCapacityRaise: `${AT_CAPACITY_RAISE}this first-level value's partition stays short ${AFTER_CAPACITY_FIX})`,
  // What a bucketed level declares of its hottest value, now one bucket (`withBucketFigures`).
  prefixBucketLevelFigures:
    ", with `{{bucketFigures|declaration}}` on it ({{levelFigures|declaration}} ÷ {{figureBuckets}}: a level's figures are its hottest value's, now one bucket)",
  prefixMoreBucketsFigures:
    ", and set the figures it declares of its hottest value, now one of {{figureBuckets}} buckets, to `{{bucketFigures|declaration}}` ({{levelFigures|declaration}} × {{figureFrom}} ÷ {{figureBuckets}}); kept as they are, each of the {{figureBuckets}} buckets is judged at today's bucket's figures and more buckets are asked for again",
  // The bucket count of a finding judged there holds only together with that raise (or move).
  prefixCountAtRaise:
    "; N = {{buckets}} holds only together with {{!serverlessRu}}the raise to {{containerRu}} RU/s SG017 asks for{{/serverlessRu}}{{?serverlessRu}}SG017's move to manual throughput at {{containerRu}} RU/s{{/serverlessRu}}, at which it is judged: at the declared {{declaredRu}} RU/s it does not serve, so apply both",
  prefixThrottles: `: ${THROTTLES} however unique {{deeperLevels|code}} are`,
  // Within the partitions' full RU/s: what is missed is the headroom the design keeps, not the RU/s themselves, so the
  // finding is a warning (`headroomVerdict`).
  prefixHeadroomOnly:
    ': within the {{prefixRaw}} RU/s those partitions have for it in full, so its peak is served, but above the {{headroom|percent}} the design plans to use, so this is a warning: no headroom is left for a burst above the peak, which throttles, however unique {{deeperLevels|code}} are',
  // Both kinds: say how the one budget is spent.
  prefixReadsAndWrites: ' ({{prefixReads}} RU/s of reads and {{prefixWrites}} RU/s of writes, charged to the same RU/s)',
  // A value declared hot by one direction takes of the other only the 1/values every value takes.
  prefixUniformWrites:
    ' ({{prefixReads}} RU/s of reads and {{prefixWrites}} RU/s of writes, charged to the same RU/s: declared hot by its reads (hotKeyOperations), it takes of the {{peakWrites}} RU/s of writes only the uniform 1/{{values}} every value takes)',
  prefixUniformReads:
    ' ({{prefixReads}} RU/s of reads and {{prefixWrites}} RU/s of writes, charged to the same RU/s: declared hot by its writes (hotKeyOperations), it takes of the {{peakReads}} RU/s of reads only the uniform 1/{{values}} every value takes)',
  fixPrefixBuckets:
    'give the first level more values: a synthetic first level {{bucketLevel|code}} = {{level}} + "-" + hash({{source}}) mod {{buckets}} splits the reads and writes of each {{level}} value over {{buckets}} first-level values, 1/{{buckets}} each; a query for one {{level}} value then fans out over its {{buckets}} buckets (`fanOut: true` on its pattern); declare it as the first path (not as sharding, which never splits one {{level}} value), `{ path: "{{bucketLevel}}", cardinality: ({{level}} values × {{buckets}}), components: [{{level}}, { name: "bucket", cardinality: {{buckets}} }] }`',
  prefixBucketSourceBelowKey:
    '; hashed on {{source|code}}, not {{skippedSource|code}}: the hottest {{fullKey|key}} value takes {{insideShare|percent}} of the hottest {{level}} value, more than the 1/{{buckets}} a bucket may take, and a hash of any key level keeps that value whole in one bucket',
  prefixBucketSourceSplitsKey:
    '; hashed on {{source|code}}, finer than the key: the hottest {{fullKey|key}} value takes {{insideShare|percent}} of the hottest {{level}} value, more than the 1/{{buckets}} a bucket may take, and a hash of any key level would keep that value whole in one bucket, where {{source|code}} splits it over the buckets too',
  // Following the bucketed level literally: the full key's declared figures are then one bucket's (`redeclared`).
  prefixBucketsRedeclare:
    '; with the level declared, each value of the new full key takes 1/{{redeclareBuckets}} of an old one, so declare its figures too:{{?redeclareShareAt}} {{redeclareShareAt|code}} {{redeclareShareFrom}} ÷ {{redeclareBuckets}} = {{redeclareShare}}{{/redeclareShareAt}}{{?redeclareGbAt}}{{redeclareJoin}} {{redeclareGbAt|code}} {{redeclareGbFrom}} ÷ {{redeclareBuckets}} = {{redeclareGb}}{{/redeclareGbAt}}',
  // The full key's hottest value, more than 1/N of the first-level value, held whole in a bucket that still fits (`heldWhole`).
  prefixBucketHoldsHottest:
    '; the hottest {{fullKey|key}} value, {{insideShare|percent}} of the hottest {{level}} value, stays whole in one bucket, which then takes {{heldBucketLoad}} of the {{heldBucketUsable}} RU/s usable there: within it',
  prefixBucketsCannotSplit:
    '; but the hottest {{fullKey|key}} value takes {{insideShare|percent}} of the hottest {{level}} value, more than the 1/{{buckets}} a bucket may take, and {{scope|code}}, the scope of {{scopeInvariant|code}}, keeps it whole in one bucket: that value needs its own plan (SG003 on the full key)',
  prefixBucketsOneItem:
    '; but the hottest {{fullKey|key}} value, {{insideShare|percent}} of the hottest {{level}} value, more than the 1/{{buckets}} a bucket may take, is one item, which no bucket splits: that value needs its own plan (SG003 on the full key)',
  prefixBucketsHoldKey:
    '; but the hottest {{fullKey|key}} value, declared at {{keyShare|percent}} of the peak, is under one bucket: more buckets hashed on a key level cannot take a bucket below it, so --fix writes none; hash a finer attribute than the key (a transactional scope, the item `id`) and declare the share each bucket then takes, or give that value its own plan (SG003 on the full key)',
  // The other fix where the physical share bites: more RU/s, computed as SG003 computes it for a flat key.
  prefixOrRaiseThroughput: `; or ${raiseInPlace(RAISE)}, which serves the hottest {{level|code}} value as it is`,
  // A first level that is already such a synthetic level: its bucket count is what to raise, not a level to add.
  fixRaiseBuckets:
    "raise the bucket count of {{level|code}} from {{declaredBuckets}} to {{buckets}} (its {{bucketComponent|code}} part, hash mod {{buckets}}): each bucket then takes 1/{{buckets}} of one {{bucketedValue|code}} value's reads and writes, {{level|code}} has {{bucketValues}} values, and a query for one {{bucketedValue|code}} value fans out over its {{buckets}} buckets",
  // A bucket count above maxShards is not offered as the fix (--fix would write no edit): more throughput leads, when it serves.
  prefixRaiseFirst: `${raiseInPlace(RAISE)}, which serves the hottest {{level|code}} value as it is`,
  // A raise within SMALL_RAISE_SHARE of today's RU/s leads a new synthetic first level (a new container and a copy of
  // every document); the key change follows.
  prefixSmallRaiseWhy: SMALL_RAISE_WHY,
  // A container on more partitions than its figures make: the raise that keeps them leads whatever it adds.
  ...OVER_PARTITIONED_MESSAGES,
  prefixOrKeyChange: DURABLE_KEY_CHANGE,
  // Past maxShards today, the raises a modeller weighs (bucketRaises), in cost order (raisesInCostOrder), each with its RU/s.
  prefixRaiseFewBuckets: `${raiseInPlace(FEW_RAISE)}, at which {{fewBuckets}} buckets serve the hottest {{level|code}} value, no more than its {{fewRaisedPartitions|partitions}}`,
  prefixRaiseForBuckets: `${raiseInPlace(BUCKET_RAISE)}, at which {{bucketsAtRaise}} buckets serve the hottest {{level|code}} value, within maxShards {{maxShards}}`,
  // The first raise with buckets spells the bucketing out (fixPrefixBuckets, with its count); a later one names its own count.
  prefixThenBucketing: ', then ',
  prefixSameBucketsFew: ' (the same bucketing with mod {{fewBuckets}})',
  prefixSameBucketsAtRaise: ' (the same bucketing with mod {{bucketsAtRaise}})',
  // More buckets than physical partitions: a query for one value reaches most of them, as a cross-partition query does.
  prefixBucketsPastPartitions:
    ', whose query for one {{level}} value runs on most of its {{bucketRaisedPartitions|partitions}} (more buckets than partitions), charged on each it reaches',
  prefixOr: '; or ',
  // A bucketed raise whose fan-out's page reads need more RU/s than it gives (cheaperFirst weighs what it then costs).
  prefixLeastFanOutCost: ` (a query for one {{level}} value that reads a page then loads one from each of its {{bucketsAtRaise}} buckets: {{leastFanOutReads}} RU/s of reads at the peak, so ${costScope('leastCost')})`,
  prefixFewFanOutCost: ` (a query for one {{level}} value that reads a page then loads one from each of its {{fewBuckets}} buckets: {{fewFanOutReads}} RU/s of reads at the peak, so ${costScope('fewCost')})`,
  // The count at today's RU/s, said (so the raise reads as needed) but not offered: a fan-out that wide is not a fix.
  prefixPastMaxToday: '; at the current throughput it would take {{todayBuckets}} buckets, above maxShards {{maxShards}}',
  prefixBucketsOverMax: ', above maxShards {{maxShards}}, so --fix writes no edit for it',
  // The figures N comes from, so a reader can recompute it. Each bucket is a first-level value of its
  // own, hashed to a physical partition like the others: beside it that partition expects 1/P of the rest of the
  // container's load, the value's other buckets included (the same physical share a flat key's hottest value gets).
  prefixBucketsDerivation: `; why N = {{buckets}}: a bucket's {{bucketLoad}} RU/s + ({{carriedPeak}} − {{bucketLoad}}) ÷ {{bucketPartitions}} = {{bucketNeighbours}} of the rest of ${CARRIED_LOAD} makes {{bucketTotal}} of the {{bucketUsable}} RU/s usable on its partition ({{headroom|percent}} of {{bucketPartitionRu}}); {{fewerBuckets}} would make {{fewerTotal}}; ${AVERAGE_PLACEMENT}`,
  // Where no count fits at today's RU/s (the average partition already fills its usable
  // share), no count is offered at today's RU/s: the raise that lets one fit, with the count at that raise.
  prefixNoBucketCount: `no bucket count up to {{maxShardsAccepted}} serves the hottest {{level|code}} value at this throughput: each bucket is a first-level value of its own, whose physical partition expects 1/{{keySpaceSlices}} of the rest of ${CARRIED_LOAD} beside it, and {{largestShare|even=the average partition|uneven=each partition the raise leaves unsplit}} already carries {{averageLoad}} RU/s ({{carriedPeak}} ÷ {{keySpaceSlices}}) of the {{partitionUsable}} usable on each ({{headroom|percent}} of {{partitionRu}}); `,
  // Before a raise that costs more than a change of key (`keyLeadsRaise`): the key is the cause, said with the share a
  // first-level value may take at today's RU/s and the change of key the declared patterns allow, whose fan-out follows.
  prefixKeyIsTheProblem:
    "the key is the problem, not the container's RU/s: one {{level|code}} value takes {{share|percent}} of the {{sharePeak}} RU/s, where at today's {{keyTodayRu}} RU/s a first-level value can take at most {{keyMaxShare|percent}} ({{keyMaxLoad}} RU/s) beside the others on its physical partition; the change of key the declared access patterns allow is a first level whose hottest value takes no more, {{level|code}} bucketed {{plainBuckets}} ways on {{keySource|code}} ({{share|percent}} ÷ {{plainBuckets}} = {{keyBucketShare|percent}} each; a new container and a copy of every document, once), and its price is the fan-out of the queries that read one {{level}} value, which is why the raise below, {{keyRaiseTimes}} times today's RU/s and billed every hour it stands, comes with it: ",
  // A count that serves at the declared peak, undone by its own fan-out (fewestBuckets): that is the reason, not the average partition.
  prefixNoBucketCountFanOut:
    "no bucket count serves the hottest {{level|code}} value at this throughput once the buckets' own fan-out is counted: {{plainBuckets}} buckets would at the declared peak, but every page of {{pagedPatterns|code}} then reads a page from each of them, {{bucketFanOutReads}} RU/s of reads at the peak instead of {{bucketLogicalReads}}, past what the container's RU/s serve (SG017), and more buckets only add pages; ",
  // A count fits today, but only by a sliver (roomForCounts: under 5% of the usable RU/s free on the average partition):
  // said after the raises that leave room, with its figures, not offered.
  prefixSliverToday: `; no count is offered at the current throughput: each bucket meets 1/{{keySpaceSlices}} of the rest of ${CARRIED_LOAD} on its physical partition, and {{largestShare|even=the average partition|uneven=each partition the raise leaves unsplit}} already carries {{averageLoad}} RU/s ({{carriedPeak}} ÷ {{keySpaceSlices}}) of the {{partitionUsable}} usable on each ({{headroom|percent}} of {{partitionRu}}), {{averageSpare|percent}} below it where a count needs {{minSpare|percent}}: it would take {{todayBuckets}} buckets, with {{todaySpare}} RU/s to spare`,
  // Where the hottest value is a declared one (a whale among many), only values that hot need the buckets.
  prefixBucketOnlyHot:
    '; values less hot can keep one bucket ({{bucketLevel|code}} = {{level}}, their queries on one partition; the application lists the bucketed values)',
  // What that assumes (the level declares one hottest value's share): no second value past the most one can take unbucketed.
  prefixBucketOtherMax: '; bucket any other {{level}} value above {{otherMaxShare|percent}} of the peak, the most one fits unbucketed',
  prefixRaiseThenBucket: `${raiseInPlace(BUCKET_RAISE)}, the least at which a bucket count within maxShards {{maxShards}} serves it, then `,
  prefixNoRaise:
    "no raise up to Azure's default maximum of {{quotaRu}} RU/s per container serves it either: move the hottest {{level|code}} value to its own container, or batch its writes before they reach the container",
  // Read heat: the hottest value's reads alone are over and its writes alone fit, so the engine's cache
  // can bring it under (readCache): offered with the share of its reads it must answer, and what it serves and takes.
  prefixCacheReads:
    'put {{cache}} in front of the reads of the hottest {{level|code}} value, which carry its load ({{cacheServes}}): it fits once the cache answers at least {{cacheHitShare|percent}} of its {{prefixReads}} RU/s of reads (measure that share first), the {{cacheMissReads}} RU/s missed',
  prefixCacheWrites: ' and its {{prefixWrites}} RU/s of writes',
  prefixCacheTerms: ' then fitting the usable {{prefixUsable}} RU/s; it needs {{cacheNeeds}}',
  // A bucket count kept for the writes or the reads it does divide: what its paged reads then cost (pagedFanOutCost).
  prefixBucketsPagedCost:
    '; every page of {{pagedPatterns|code}} then reads a page from each of the {{buckets}} buckets, which divide none of those reads: {{bucketFanOutReads}} RU/s of reads at the peak instead of {{bucketLogicalReads}}',
  // Why no bucket count follows the cache: the paged reads that carry the value's load read every bucket (pagedPastBuckets).
  prefixPagedNoBuckets:
    '; no bucket count is offered: {{pagedPatterns|code}} read one {{level}} value a page at a time (limit), {{pagedLoad}} RU/s of its reads, and under a bucketed first level every page would query all its buckets and merge them, each bucket returning a page of its own, so the buckets divide none of those reads, which alone exceed the usable {{prefixUsable}} RU/s',
  // Why the cache leads a new synthetic first level: the buckets change the partition key and fan out every query for one value.
  prefixCacheKeepsKey: '; unlike buckets, it fans no query out and changes no partition key (which takes a copy of every document into a new container)',
  // N buckets assumed on N different physical partitions, which hashing need not give (`bucketCollision`).
  ...HASHED_KEYS_MESSAGES,
  fixRaiseBucketsFactor:
    'raise the bucket count of {{level|code}} {{bucketFactor}}-fold ({{bucketValues}} values instead of {{values}}): each of its values then takes 1/{{bucketFactor}} of the reads and writes it takes today, and a query for one unbucketed value fans out over {{bucketFactor}}× as many buckets',
} as const;

export type PrefixIngestionId = keyof typeof PREFIX_INGESTION_MESSAGES;

interface PrefixLoad {
  readonly share: number;
  /** Values of the first level (its cardinality). */
  readonly values: number;
  /** The hottest first-level value's reads and writes. */
  readonly loads: Loads;
  /** What they put on its physical partition (`partitionLoad`). */
  readonly load: number;
  /** Physical partitions the prefix's data already spans (one per 50 GB it holds), and those it fills alone. */
  readonly spanned: number;
  readonly filledAlone: number;
  readonly gb: number;
  /** How `gb` was found where the level declares no `largestGb` (`hottestValueSize`). */
  readonly gbInferred?: SizeInference;
  readonly usablePerPartition: number;
  readonly partition: { readonly requestUnits: number; readonly gb: number };
  /** Its physical share (declared throughput): the neighbours' expected load on one partition, and SG017's raise. */
  readonly physical: PhysicalShare | undefined;
  /** The other first-level values' expected load on the partitions it spans, all together (`firstLevelSpan`). */
  readonly neighbours: number;
  /** What its partitions leave it: spanned × usable per partition − neighbours; and the same at 100%. */
  readonly usable: number;
  readonly raw: number;
}

/** What `loads` put on one physical partition: the engine's heaviest load dimension (Cosmos DB: reads + writes, one RU/s budget). */
function partitionLoad(design: KeyDesign, loads: Loads): number {
  return Math.max(
    ...profileOf(design.engine)
      .loadDimensions(loads, design.thresholds.headroom)
      .map((d) => d.load),
  );
}

/**
 * The reads and writes under a first-level value taking `share` of the directions the design's hottest value is hot in
 * (`workload.hotKeyOperations`), one of `values`: a value declared hot by its reads (a viral category, read, hardly
 * written) takes `share` of the reads and, of the writes, only the uniform 1/values every value takes; one hot by its
 * writes, the reverse. `share` is at least 1/values (the model rejects less), so the uniform share is never the larger.
 */
function firstLevelLoads(workload: Workload, share: number, values: number): Loads {
  const { peakReadUnits, peakWriteUnits, hotKeyOperations } = workload;
  const uniform = 1 / values;
  return {
    reads: peakReadUnits * (hotKeyOperations === 'writes' ? uniform : share),
    writes: peakWriteUnits * (hotKeyOperations === 'reads' ? uniform : share),
  };
}

/**
 * The container's peak reads and writes as its physical partitions carry them: every replicated copy the design declares
 * writes each document again (`withCopies`, the one count of what copies add; `storage.totalGb` holds them already).
 * A hierarchical key's copies (key#0…key#N−1 of the full key) stay under its first-level value, as its shards do (the
 * prefix checks never split a first-level value by the key's sharding): that value takes its share of N × the writes.
 */
function containerPeak(design: KeyDesign): Loads {
  const { peakReadUnits, peakWriteUnits } = design.primaryKey.workload;
  return withCopies(design, { reads: peakReadUnits, writes: peakWriteUnits }, declaredCopies(design)).total;
}

/**
 * `firstLevelLoads` of the container as its partitions carry it (`containerPeak`): the hottest first-level value takes
 * its share of every copy's writes, since every copy of its documents sits under it. What SG003's first-level check
 * judges and the alert reach (reachable.ts) draws its line on.
 */
export function hottestFirstLevelLoads(design: KeyDesign, share: number, values: number): Loads {
  return firstLevelLoads(Object.assign({}, design.primaryKey.workload, { peakWriteUnits: containerPeak(design).writes }), share, values);
}

/**
 * The reads and writes under the hottest of `values` values of a key's first level (taking `share`, or 1/values),
 * holding `gb`, and what its physical partitions leave it: with declared throughput its physical share (the same
 * `physicalShare` SG003 judges a flat key's hottest value on, with the first level's cardinality), else a partition's RU/s.
 */
function loadAt(
  design: KeyDesign,
  values: number,
  share: number | undefined,
  gb: number,
  gbInferred?: SizeInference,
  fanOut: BucketFanOut = NO_FAN_OUT,
): PrefixLoad | undefined {
  const profile = profileOf(design.engine);
  if (!profile.prefixPartition) return undefined;
  const hotShare = share ?? 1 / values;
  const declared = containerPeak(design);
  const peak = { reads: declared.reads + fanOut.peakReads, writes: declared.writes };
  const hottest = hottestFirstLevelLoads(design, hotShare, values);
  const loads = { reads: hottest.reads + fanOut.bucketReads, writes: hottest.writes };
  // Judged at the raise SG017 asks for, sized for the full key's hottest value, whatever the first level's or bucket count.
  // Figured only where the container is raised: an analysis of the design per count a search tries costs a physical share
  // each (test/lint/linear-work counted 87 more on a container that needs no raise).
  const raisedFor = () => keyValueTheRaiseFits(new DesignAnalysis(design).of(design.primaryKey), peak.reads + peak.writes);
  const physical = profile.physicalShare?.(design, peak, loads, values, false, raisedFor);
  const partition = physical ? { requestUnits: physical.requestUnitsEach, gb: profile.prefixPartition(design).gb } : profile.prefixPartition(design);
  const usablePerPartition = partition.requestUnits * design.thresholds.headroom;
  const load = partitionLoad(design, loads);
  // On a shared database's partitions the other busy containers' load is there too (`amongCarried`).
  const rest = amongCarried({ hot: load, rest: partitionLoad(design, peak) - load, cardinality: values }, physical?.sharedBy).rest;
  // On one partition, the neighbours the flat check counts; spanning several, only those on the room its data leaves.
  const span = firstLevelSpan(gb, physical?.neighbours ?? 0, physical ? rest : 0, physical?.keySpaceSlices ?? 1);
  return {
    share: hotShare,
    values,
    loads,
    load,
    spanned: span.spanned,
    filledAlone: span.filledAlone,
    gb,
    ...(gbInferred ? { gbInferred } : {}),
    usablePerPartition,
    partition,
    physical,
    neighbours: span.neighbours,
    usable: usableBesideNeighbours(span.spanned * usablePerPartition, span.neighbours, load),
    raw: Math.max(0, span.spanned * partition.requestUnits - span.neighbours),
  };
}

/**
 * The reads and writes under the hottest value of `first` as a key's first level, and what its physical partitions
 * leave it; what that value holds is `hottestValueSize`'s, for the share's `source`.
 */
function prefixLoad(
  design: KeyDesign,
  first: KeyAttribute,
  share: number | undefined,
  source: FirstLevelShare['source'] = shareSourceOf(share),
): PrefixLoad | undefined {
  const profile = profileOf(design.engine);
  const values = cardinalityValue(first.cardinality);
  // A time-bucket first level is SG002's finding (its current bucket takes every write).
  if (profile.routing !== 'key-prefix' || !Number.isFinite(values) || first.kind === 'time-bucket') return undefined;
  const size = hottestValueSize(design, first, values, source);
  return loadAt(design, values, share, size.gb, size.inferred);
}

/** The source of a share a caller passes (`prefixLoad`): none, uniform; one, the level's own. */
const shareSourceOf = (share: number | undefined): FirstLevelShare['source'] => (share === undefined ? 'uniform' : 'declared');

/**
 * How the size of the hottest first-level value was found where its level declares no `largestGb`: `cardinality`,
 * storage.totalGb ÷ the level's values (a uniform level, its values alike); `undeclared`, not at all (a declared hottest
 * value, judged on one partition).
 */
export type SizeInference = 'cardinality' | 'undeclared';

/**
 * What the hottest value of a first level holds: the level's declared `largestGb` when its share is the level's own
 * (a declared hottest value). Undeclared, such a value is judged on one partition (0: `undeclared`), the worst
 * plausible placement: it is singled out by its traffic, and a hot tenant may hold little data, so a size guessed from
 * its share (storage.totalGb × share) would spread it over partitions it may not span and judge it more leniently than
 * a declared small size does. A uniform level's values are alike by the model's own assumption, so each
 * holds storage.totalGb ÷ its values (`cardinality`), a declared `largestGb` or not (the largest holds at least that):
 * 4,000 GB over 6 uniform regions is not judged on one partition. A value's size sets the physical partitions it spans
 * (one per 50 GB: "Hierarchical partition keys"). 0 (one partition) too without storage.totalGb, and for a derived share, which says which value is hottest by its traffic (the full key's hottest value is under
 * it), not that it holds much.
 */
export function hottestValueSize(
  design: KeyDesign,
  first: KeyAttribute,
  values: number,
  source: FirstLevelShare['source'],
): { readonly gb: number; readonly inferred?: SizeInference } {
  const totalGb = 'totalGb' in design ? design.totalGb : undefined;
  // Alike values hold the average whatever the largest holds: a declared largestGb never judges them more strictly than none.
  if (source === 'uniform' && totalGb !== undefined) return { gb: totalGb / values, ...(first.largestGb === undefined ? { inferred: 'cardinality' } : {}) };
  if (first.largestGb !== undefined) return { gb: source === 'declared' ? first.largestGb : 0 };
  // Said only where a declared size could change the verdict: a container of one partition's worth holds no value past it.
  const couldSpan = totalGb === undefined || totalGb > (profileOf(design.engine).prefixPartition?.(design).gb ?? Infinity);
  return source === 'declared' && couldSpan ? { gb: 0, inferred: 'undeclared' } : { gb: 0 };
}

/**
 * The most RU/s the hottest first-level value of a hierarchical key can use: the physical partitions its data spans
 * (one per 50 GB it holds), each at its share of the container's RU/s less the load the other first-level values
 * hashed there are expected to take, the `raw` SG003 judges it on (`prefixHeadroomOnly`; for a container above its
 * capacity, at the RU/s SG017 asks for, as SG003 judges it). Without declared throughput, 10,000 RU/s per partition
 * it spans. Undefined for a key of one level.
 */
export function hottestPrefixReach(declared: CosmosKeyDesign): number | undefined {
  return prefixReach(declared, 'spanned')?.raw;
}

/** What a first-level value on one physical partition can use, and over how many partitions the hottest value's data spans. */
export interface OnePartitionPrefix {
  /** That partition's share of the container's RU/s less the load the other first-level values hashed there are
   *  expected to take, at most 10,000 RU/s: the hottest value's own reach where its data is on one partition. */
  readonly reach: number;
  /** The physical partitions the hottest value's data spans: one per 50 GB of its `largestGb`, at least one. */
  readonly hottestSpans: number;
}

/**
 * What a first-level value whose data sits on one physical partition can use. A value stays on one physical partition
 * until it holds 50 GB ("Hierarchical partition keys", https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys:
 * with a low-cardinality first level, writes are limited to one physical partition "until it reaches 50 GB and splits
 * into two"), so this is every tenant's ceiling on each partition it is on. Undefined for a key of one level.
 */
export function onePartitionPrefix(declared: CosmosKeyDesign): OnePartitionPrefix | undefined {
  const spanned = prefixReach(declared, 'spanned');
  const onOne = prefixReach(declared, 'one partition');
  return spanned && onOne ? { reach: onOne.raw, hottestSpans: spanned.spanned } : undefined;
}

/** The hottest first-level value's load, as `loadAt` figures it, over the partitions its data spans or on one. */
function prefixReach(declared: CosmosKeyDesign, span: 'spanned' | 'one partition'): PrefixLoad | undefined {
  const [first, ...deeper] = declared.primaryKey.partitionKey;
  if (deeper.length === 0) return undefined;
  const analysis = new DesignAnalysis(declared);
  const design = judgedDesign(analysis.of(declared.primaryKey)).design;
  // On the share the value takes (`firstLevelShare`), which sets its neighbours; a derived share says which value is
  // hottest, not that it holds the declared largest, so it is judged on one partition (as `judgeFirstLevel` does).
  const held = firstLevelShare(design.primaryKey);
  const share = held.source === 'uniform' ? undefined : held.share;
  const values = cardinalityValue(first.cardinality);
  const gb = span === 'spanned' ? hottestValueSize(design, first, values, held.source).gb : 0;
  return loadAt(design, values, share, gb);
}

const overloaded = (load: PrefixLoad) => !fits(load.load, load.usable);

/**
 * Whether the hottest value, split `factor` ways into buckets of a first level with `factor` times the values, fits:
 * judged as the bucketed design would be, its neighbours recomputed (the value's other buckets become neighbours
 * on other partitions, so they grow as N does; holding them at today's figure would suggest an N the re-lint
 * rejects). Each bucket starts on one partition (its size is not split over several).
 */
function bucketsServe(design: KeyDesign, load: PrefixLoad, factor: number, fanOut?: BucketFanOut): boolean {
  const bucketed = loadAt(design, load.values * factor, load.share / factor, 0, undefined, fanOut);
  return bucketed !== undefined && !overloaded(bucketed);
}

/**
 * The reads a synthetic first level bucketed `n` ways on `source` adds by its own fan-out, once the queries for one
 * value that read it a page at a time without `source` declare `fanOut` as the fix says: SG017 then charges each page
 * on every bucket (`readRequestsOverBuckets`, read-requests.ts `declaredBucketReads`; "Optimize request cost": each
 * query is charged for what it loads, https://learn.microsoft.com/azure/cosmos-db/optimize-cost-reads-writes), so the container's read peak grows by `peakReads`, and each bucket of the
 * hottest value serves every page of those reads in full rather than 1/n of them (`bucketReads`).
 */
interface BucketFanOut {
  readonly peakReads: number;
  readonly bucketReads: number;
}

const NO_FAN_OUT: BucketFanOut = { peakReads: 0, bucketReads: 0 };

function bucketFanOut(space: SpaceAnalysis, load: PrefixLoad, n: number, source: string): BucketFanOut {
  const reads = readRequestsOverBuckets(space, n, source);
  const paged = pagedOverBuckets(space, source).share;
  return { peakReads: reads.units - reads.logical, bucketReads: load.loads.reads * paged * (1 - 1 / n) };
}

/** `bucketFanOut` at each count, on the attribute the buckets hash (`bucketSource`); undefined where no paged read fans out. */
function fanOutCounter(space: SpaceAnalysis, design: KeyDesign, load: PrefixLoad): ((n: number) => BucketFanOut) | undefined {
  const source = bucketSource(design.primaryKey.partitionKey.slice(1));
  if (pagedOverBuckets(space, source).patterns.length === 0) return undefined;
  return (n) => bucketFanOut(space, load, n, source);
}

/**
 * Where a bucket count serves the hottest value at the declared peak but none does with its own fan-out
 * (`fewestBuckets`): that count and what its fan-out makes of the reads, for the reason the finding gives.
 */
function undoneByFanOut(space: SpaceAnalysis, load: PrefixLoad): MessageData | undefined {
  const { design } = space;
  const plain = smallestCount((n) => n > 1 && bucketsServe(design, load, n));
  if (plain === undefined) return undefined;
  const cost = pagedFanOutCost(space, plain, bucketSource(design.primaryKey.partitionKey.slice(1)));
  return cost && { plainBuckets: plain, ...cost };
}

/**
 * The fewest buckets that serve the hottest first-level value with their own fan-out counted (`bucketFanOut`), as a
 * shard count counts the fan-out it brings: without it, a count that fits at the declared peak makes SG017 (and the
 * neighbours SG003 judges) fire once the fix is applied. More buckets lighten each but add a page per bucket to every
 * paged read, so the counts that serve are a window from the fewest that serve without fan-out; past the count whose
 * neighbours alone fill its partition, or whose fan-out takes the container past its RU/s, none does. `space`
 * undefined, or no paged read, counts as before.
 */
function fewestBuckets(design: KeyDesign, load: PrefixLoad, space: SpaceAnalysis | undefined, more = 1): number | undefined {
  const plain = smallestCount((n) => n > more && bucketsServe(design, load, n));
  const fanOutAt = space && fanOutCounter(space, design, load);
  // Past maxShards no count is offered at these RU/s whatever its fan-out: the raises are judged with theirs (bucketRaises).
  if (plain === undefined || fanOutAt === undefined || plain > design.thresholds.maxShards) return plain;
  for (let n = plain; n <= MAX_SHARDS_ACCEPTED; n++) {
    const at = loadAt(design, load.values * n, load.share / n, 0, undefined, fanOutAt(n));
    // A count whose own fan-out takes a peak within the container's RU/s past them brings on SG017 (judged at its raise):
    // not offered at these RU/s, nor is any larger one, which only adds to it.
    const raisedByFanOut = at?.physical?.raisedFrom !== undefined && loadAt(design, load.values * n, load.share / n, 0)?.physical?.raisedFrom === undefined;
    if (raisedByFanOut) return undefined;
    if (at === undefined || !overloaded(at)) return n;
    if (at.neighbours >= at.spanned * at.usablePerPartition) return undefined;
  }
  return undefined;
}

/**
 * Whether `fewestBuckets(design, load, space)` finds a count of at most `bound`, for the searches that only ask that at
 * each raise (`bucketRaises`). Without a paged read that fans out over the buckets, more buckets only lighten each: a
 * bucket takes 1/n of the value's reads and writes, and meets the rest of the container's load ÷ P on its partition, so
 * the two together (the average partition's load and (1 − 1/P) of the bucket's) fall as n grows, and the fewest that
 * serve are within `bound` exactly when `bound` buckets serve. With such a read, the window its fan-out leaves
 * (`fewestBuckets`) needs the count itself.
 */
function fewestBucketsWithin(design: KeyDesign, load: PrefixLoad, space: SpaceAnalysis, bound: number): boolean {
  if (fanOutCounter(space, design, load) !== undefined) return (fewestBuckets(design, load, space) ?? Infinity) <= bound;
  // One bucket is no bucketing (`fewestBuckets` counts from two).
  return bound > 1 && bucketsServe(design, load, bound);
}

/**
 * The figures `bucketsServe` judged `buckets` on (and one fewer, which does not fit), for the note that lets a reader
 * recompute N: each bucket's load, its expected neighbours (the rest of the container's load ÷ its physical partitions,
 * its sibling buckets included) and the usable RU/s of its partition. Only with a physical share whose neighbours are
 * that quotient, where those figures are the whole derivation: not where the count's buckets are a uniform level's values
 * small enough to be judged at the average partition (`judgedNeighbourLoad`, UNIFORM_KEY_TOLERANCE).
 */
function bucketDerivation(
  design: KeyDesign,
  load: PrefixLoad,
  buckets: number,
  fanOutAt: (n: number) => BucketFanOut = () => NO_FAN_OUT,
): MessageData | undefined {
  if (buckets < 2 || !load.physical) return undefined;
  const fanOut = fanOutAt(buckets);
  const at = loadAt(design, load.values * buckets, load.share / buckets, 0, undefined, fanOut);
  const fewer = loadAt(design, load.values * (buckets - 1), load.share / (buckets - 1), 0, undefined, fanOutAt(buckets - 1));
  if (!at?.physical || !fewer?.physical || !overloaded(fewer) || overloaded(at)) return undefined;
  // The rest of what its partitions carry (with the count's own fan-out): on a shared database's, every busy container's load (`carriedLoadData`).
  const carried = carriedLoadData(at.physical, peakOf(design) + fanOut.peakReads);
  const partitions = at.physical.count;
  if (Math.abs(at.physical.neighbours - (carried.carriedPeak - at.load) / partitions) > 1e-9 * carried.carriedPeak) return undefined;
  return {
    ...carried,
    bucketLoad: at.load,
    bucketPartitions: partitions,
    bucketNeighbours: at.physical.neighbours,
    bucketTotal: at.load + at.physical.neighbours,
    bucketUsable: at.usablePerPartition,
    bucketPartitionRu: at.partition.requestUnits,
    fewerBuckets: buckets - 1,
    fewerTotal: fewer.load + fewer.physical.neighbours,
  };
}

/**
 * What two of `buckets` buckets on one physical partition would take, for the clause that says N assumes them apart
 * (hashed-keys.ts, as for a flat key's shards): each bucket is a first-level value of its own, which Cosmos DB places on
 * a physical partition by the hash of its value like any other
 * (https://learn.microsoft.com/en-us/azure/cosmos-db/hierarchical-partition-keys), and it never splits a physical
 * partition for heat, only for storage or throughput
 * (https://learn.microsoft.com/en-us/azure/cosmos-db/partitioning-overview). Judged on the figures `bucketsServe` sized
 * N on; undefined where two fit, or without a physical share (no declared throughput: no partitions to count).
 */
function bucketCollision(design: KeyDesign, load: PrefixLoad, buckets: number): MessageData | undefined {
  if (buckets < 2 || !load.physical) return undefined;
  const at = loadAt(design, load.values * buckets, load.share / buckets, 0);
  if (!at?.physical) return undefined;
  const bucket = {
    partitions: at.physical.keySpaceSlices,
    load: at.load,
    neighbours: at.neighbours,
    usable: at.usablePerPartition,
    maximum: at.partition.requestUnits,
    unit: 'RU/s',
  };
  return hashedKeysData(profileOf(design.engine), 'buckets', buckets, [bucket]);
}

/** Which traffic the hottest value carries, for the wording: only writes (ingestion), only reads, or both. */
const trafficOf = ({ reads, writes }: Loads) => (reads === 0 ? 'writes' : writes === 0 ? 'reads' : 'both');

/**
 * The one direction the hottest value's share is of, where it takes more than the uniform share of it and only the
 * uniform share of the other (`firstLevelLoads`: `workload.hotKeyOperations`); undefined where its share is of both.
 */
function hotIn(design: KeyDesign, load: PrefixLoad): 'reads' | 'writes' | undefined {
  const { hotKeyOperations } = design.primaryKey.workload;
  if (hotKeyOperations === 'both' || load.share <= 1 / load.values + 1e-12) return undefined;
  return hotKeyOperations;
}

/** The note that says how one budget is spent by a value with both reads and writes, and which share each is. */
function readsAndWrites(design: KeyDesign, load: PrefixLoad): PrefixIngestionId {
  const hot = hotIn(design, load);
  return hot === 'reads' ? 'prefixUniformWrites' : hot === 'writes' ? 'prefixUniformReads' : 'prefixReadsAndWrites';
}

/** What the first level of a reordered key would put on its hottest value's physical partition, beyond what that leaves it. */
export interface ReorderOverload {
  readonly level: string;
  readonly share: number;
  readonly load: number;
  readonly usable: number;
}

/**
 * What putting `order[0]` first (a reordering fix of SG002 or SG004) would put on its hottest value's physical
 * partition, where that overloads it (SG003 would fire on it), else undefined: such a fix is advice, not an edit, so no
 * fix makes SG003 fire. The level keeps the figures it declares (`reorderedLevels`): a whale declared on `/tenantId`
 * is judged where the reorder puts it.
 */
export function reorderOverload(design: KeyDesign, order: readonly KeyAttribute[]): ReorderOverload | undefined {
  const judged = reorderedFirstLevel(design, order);
  return judged?.overloaded ? judged : undefined;
}

/** What the first level of a reordered key puts on its hottest value's physical partition, and whether that overloads it. */
export interface ReorderedFirstLevel extends ReorderOverload {
  readonly overloaded: boolean;
}

/**
 * What putting `order[0]` first puts on its hottest value's physical partition, judged as SG003 judges a first level
 * (`firstLevelOverload`), overloaded or not: the figures a fix that offers the reorder quotes. Undefined where the
 * level cannot be judged so (a time bucket, a level of unknown cardinality, a key not routed by prefix).
 */
export function reorderedFirstLevel(design: KeyDesign, order: readonly KeyAttribute[]): ReorderedFirstLevel | undefined {
  const [first] = reorderedLevels(design, order);
  // Put first, a level takes at least the full key's declared share (`withLowerBound`), as SG003 then judges it.
  const held = firstLevelShare(Object.assign({}, design.primaryKey, { partitionKey: [first] }));
  const bound = held.source === 'derived' && held.share > 1 / cardinalityValue(first.cardinality) + 1e-12 ? held.share : undefined;
  return firstLevelOverload(design, first, first.hotKeyShare ?? bound);
}

/** What `level`, put first at `share`, puts on its hottest value's physical partition, and whether that overloads it. */
function firstLevelOverload(design: KeyDesign, level: KeyAttribute, share: number | undefined): ReorderedFirstLevel | undefined {
  const load = prefixLoad(design, level, share);
  return load === undefined ? undefined : { level: level.name, share: load.share, load: load.load, usable: load.usable, overloaded: overloaded(load) };
}

/**
 * Whether a flat key's hottest value, kept as the first level of the hierarchical key a fix proposes for it (a level of
 * many values added below it: `/tenantId` → `/userId`), would be over what its physical partitions leave it: its
 * documents, and every read and write under it, stay on one physical partition until they hold 50 GB and split
 * ("Hierarchical partition keys"), so it takes the flat value's declared share and size whatever the new level holds,
 * as SG003 judges that first level (the full key's share is at least its lower bound, `withLowerBound`). Such a key is
 * no fix of that value's load, and the advice does not propose it.
 */
export function keptAsFirstLevelOverloaded(design: KeyDesign): boolean {
  return keptAsFirstLevel(design)?.overloaded === true;
}

/** What a flat key's hottest value, kept as the first level of a deeper key, puts on its physical partitions (`keptAsFirstLevelOverloaded`). */
export function keptAsFirstLevel(design: KeyDesign): ReorderedFirstLevel | undefined {
  const [flat] = design.primaryKey.partitionKey;
  const { hotKeyShare, hotKeyShareSource } = design.primaryKey.workload;
  const share = hotKeyShareSource === 'declared' || hotKeyShareSource === 'derived' ? hotKeyShare : undefined;
  const gb = design.largestPartitionGb ?? flat.largestGb;
  return firstLevelOverload(design, Object.assign({}, flat, { hotKeyShare: share, largestGb: gb }), share);
}

/**
 * The least raise in place at which a flat key's hottest value, kept whole as the first level of a deeper key
 * (`keptAsFirstLevel`), fits the physical partitions its documents span, one per 50 GB ("Hierarchical partition keys"):
 * the raise SG003 names for that first level once the key is changed (`throughputServing`, as its prefix check calls it).
 * Undefined where it fits at today's RU/s, or no raise up to the quota serves it.
 */
export function keptFirstLevelRaise(design: KeyDesign): RaisedThroughput | undefined {
  const kept = keptAsFirstLevel(design);
  const container = profileOf(design.engine).containerOf?.(design);
  if (!kept?.overloaded || container === undefined) return undefined;
  const [flat] = design.primaryKey.partitionKey;
  const gb = design.largestPartitionGb ?? flat.largestGb ?? 0;
  return throughputServing(container, { hot: kept.load, total: peakOf(design), cardinality: cardinalityValue(flat.cardinality), gb });
}

/**
 * Where `n` replicated copies of a hierarchical key's documents would put the hottest value of its first level over what
 * its physical partitions leave it, though it fits without copies: the figures a copies fix says instead of writing them.
 * Every copy of a document sits under its first-level value (`containerPeak`): that value takes its share of N × the
 * writes, and its documents stay on one physical partition (10,000 RU/s) until they hold 50 GB ("Hierarchical partition
 * keys"; "Partitioning and horizontal scaling"), so copies that spread the full key's hottest value can overload the
 * level above it, which the next lint's SG003 reports. Judged as that check judges the first level (`prefixHits`: its
 * declared share, else the full key's lower bound), on the design with those copies. Undefined off a hierarchical
 * primary key, where the copies fit, and where the level is over without them (its own finding says so).
 */
export function firstLevelOverWithCopies(analysis: SpaceAnalysis, n: number): MessageData | undefined {
  const { design, space } = analysis;
  const [first, ...deeper] = design.primaryKey.partitionKey;
  if (space !== design.primaryKey || deeper.length === 0) return undefined;
  const held = firstLevelShare(space);
  const share = first.hotKeyShare ?? (held.source === 'derived' && held.share > 1 / cardinalityValue(first.cardinality) + 1e-12 ? held.share : undefined);
  const judged = (copies: number) => prefixLoad(withDeclaredCopies(design, copies), first, share);
  const load = judged(n);
  if (!load || !overloaded(load)) return undefined;
  const alone = judged(1);
  if (!alone || overloaded(alone)) return undefined;
  return { overFirstLevel: first.name, overFirstLevelLoad: load.load, overFirstLevelUsable: load.usable };
}

/** `design` with `n` replicated copies of every document declared (none at 1), its stored GB theirs (`withCopies`). */
function withDeclaredCopies(design: KeyDesign, n: number): KeyDesign {
  const one = withoutCopies(design);
  if (n === 1) return one;
  const sharding = { strategy: 'replicated' as const, shards: n, separator: '#', path: joinPath(design.primaryKey.path, 'sharding') };
  return Object.assign({}, withCopies(one, { reads: 0, writes: 0 }, n).design, { primaryKey: Object.assign({}, design.primaryKey, { sharding }) });
}

/**
 * The share of a key space's traffic the hottest value of its hierarchical key's first level takes, and what it rests on:
 * `declared`, the level's own `hotKeyShare`; `derived`, from the full key's declared share (`workload.hotKeyShare`, or
 * one a key level gives it): the full key's hottest value sits under one first-level value (a first-level value is a
 * prefix of the full key, "Hierarchical partition keys"), so that value takes at least its share, and the hottest
 * first-level value at least that and at least 1/cardinality (the most one of `cardinality` values can take when
 * none takes more than the rest); `uniform`: 1/cardinality, nothing declared.
 */
export interface FirstLevelShare {
  readonly share: number;
  readonly source: 'declared' | 'derived' | 'uniform';
  /** The field a declared or derived share rests on. */
  readonly at?: string;
  /** `derived`: the full key's hottest share it rests on (at most `share`). */
  readonly keyShare?: number;
}

/** What the hottest first-level value of `space`'s hierarchical key takes (`FirstLevelShare`). */
export function firstLevelShare(space: KeySpace): FirstLevelShare {
  const [level] = space.partitionKey;
  const uniform = 1 / cardinalityValue(level.cardinality);
  if (level.hotKeyShare !== undefined) return { share: level.hotKeyShare, source: 'declared', at: joinPath(level.path, 'hotKeyShare') };
  const { hotKeyShare, hotKeyShareSource, hotKeyShareAt } = space.workload;
  const declared = hotKeyShareSource === 'declared' || hotKeyShareSource === 'derived';
  if (!declared || hotKeyShareAt === undefined) return { share: uniform, source: 'uniform' };
  return { share: Math.max(hotKeyShare, uniform), source: 'derived', at: hotKeyShareAt, keyShare: hotKeyShare };
}

/** The hottest value of a hierarchical key's first level, judged on the share it can reach (`firstLevelJudged`). */
export interface FirstLevelJudgement extends FirstLevelShare {
  readonly level: KeyAttribute;
  /** Physical partitions its data spans (one per 50 GB of its declared largest), and those GB. */
  readonly spanned: number;
  readonly gb: number;
  readonly value: ValueLoad;
  readonly dimensions: readonly LoadDimension[];
  readonly growth: number;
  /** A time-bucket level between the first and the last: the current bucket's prefix under this value (`currentBucketUnder`). */
  readonly currentBucket?: CurrentBucketPrefix;
}

/**
 * The current time bucket of a middle level under the hottest first-level value (`/tenantId` → `/payPeriod` →
 * `/employeeId`): every current write of that value carries one (first, bucket) prefix. A hierarchical key's prefixes
 * are contiguous in the key space (documents of one prefix are "collocated on the same physical partition", and queries
 * by a prefix are routed to "the subset of partitions that hold the data": "Hierarchical partition keys"), so the
 * bucket's documents, a bucket's part of the value's GB, sit on one physical partition however many the value spans:
 * its writes meet that partition's usable RU/s alone, not the spanned partitions'.
 */
export interface CurrentBucketPrefix {
  readonly bucket: KeyAttribute;
  /** The bucket level's values, and the GB one bucket of the hottest first-level value holds (its GB ÷ those values). */
  readonly buckets: number;
  readonly bucketGb: number;
  /** The hottest first-level value's writes, all under the current bucket. */
  readonly writes: number;
  /** One physical partition's RU/s, and its usable part (headroom). */
  readonly partitionRu: number;
  readonly usable: number;
  readonly physicalPartitions?: number;
}

/** The first time-bucket level between a hierarchical key's first and last levels, if any (`/tenantId` → `/payPeriod` → `/employeeId`). */
export function middleTimeBucket(levels: readonly KeyAttribute[]): KeyAttribute | undefined {
  return levels.slice(1, -1).find((l) => l.kind === 'time-bucket');
}

/**
 * The current bucket's prefix under a first-level value whose data spans several physical partitions (`load`), where a
 * level between the first and the last is a time bucket of known count: undefined otherwise (on one partition the value's
 * whole load is judged there already; the last level's bucket is the full key's, judged as a combined key).
 */
function currentBucketUnder(design: KeyDesign, load: PrefixLoad): CurrentBucketPrefix | undefined {
  const bucket = middleTimeBucket(design.primaryKey.partitionKey);
  const buckets = bucket && cardinalityValue(bucket.cardinality);
  if (!bucket || load.spanned < 2 || !Number.isFinite(buckets)) return undefined;
  return {
    bucket,
    buckets: buckets as number,
    bucketGb: load.gb / (buckets as number),
    writes: load.loads.writes,
    partitionRu: load.partition.requestUnits,
    usable: load.usablePerPartition,
    ...(load.physical ? { physicalPartitions: load.physical.count } : {}),
  };
}

/**
 * The hottest value of a hierarchical key's first level (`firstLevelShare`: declared, derived from the full key's
 * declared share, else uniform) on what it can reach. SG003's prefix check takes the declared or uniform share: a
 * derived one above uniform is the full key's hottest value's load, on the same physical share, which SG003 judges as
 * the full key's. Its documents stay on one physical partition until they hold 50 GB, "limiting your throughput
 * consumption to just what is on that one physical partition" ("Hierarchical partition keys"), so its whole load is
 * judged on that partition's share by `reachableDimensions`, as a flat key's value is; past 50 GB, on the partitions it
 * spans, one per 50 GB (`spannedDimensions`, SG003's figures). The full key's hottest value sits under one first-level
 * value, on the same partition: where this growth is the smaller, it is the key's (SG001, SG014).
 *
 * Undefined off the primary key, for a flat key, a time-bucket first level (SG002's), and in a container whose peak is
 * above its usable RU/s (SG017's finding), where it would say nothing new: the key is judged at SG017's raise, whose
 * usable RU/s are the peak (to the grid's step), so every physical partition runs at its usable share ("Partitioning
 * and horizontal scaling": RU/s divided evenly among them). A value fits there only at the even share, with the
 * container's growth, usable ÷ peak, which the full key's even hottest value gives too; above the even share it is
 * over at the raise, and SG003's prefix check reports it (`prefixAtCapacityRaise`).
 */
export function firstLevelJudged(a: SpaceAnalysis): FirstLevelJudgement | undefined {
  // Made once per key space and lint however many rules ask (SG001 and SG014 both do), as its plan is.
  return a.once(judgeFirstLevel);
}

function judgeFirstLevel(a: SpaceAnalysis): FirstLevelJudgement | undefined {
  const { design } = a;
  const [level, ...deeper] = design.primaryKey.partitionKey;
  if (a.space !== design.primaryKey || deeper.length === 0) return undefined;
  const judged = judgedDesign(a);
  if (judged !== a.owner) return firstLevelJudged(judged.of(judged.design.primaryKey));
  if (overCapacity(a)) return undefined;
  const held = firstLevelShare(a.space);
  // A derived share says which value is hottest, not that it is the declared largest: it is judged on one partition.
  const load = prefixLoad(design, level, held.source === 'uniform' ? undefined : held.share, held.source);
  if (!load) return undefined;
  const value = { loads: load.loads, cardinality: load.values };
  const dimensions = load.spanned > 1 ? spannedDimensions(design, load) : reachableDimensions(a, value);
  const currentBucket = currentBucketUnder(design, load);
  return Object.assign(
    {},
    held,
    { level, value, dimensions, growth: growthOf(dimensions), spanned: load.spanned, gb: load.gb },
    currentBucket ? { currentBucket } : {},
  );
}

/**
 * The load of a first-level value whose data spans several physical partitions (one per 50 GB it holds, "Hierarchical
 * partition keys"), as SG003's prefix check judges it (`loadAt`): its whole load against what those partitions leave
 * it, each at its share of the container's RU/s, less the other first-level values' expected load on the room its data
 * leaves at its edges (`firstLevelSpan`: none on a partition it fills alone). Not the 10,000 RU/s of one logical
 * partition: the value is many of them, over several physical partitions. The neighbours are those partitions'
 * together, so the growth is theirs: (usable + neighbours) ÷ (load + neighbours).
 */
function spannedDimensions(design: KeyDesign, load: PrefixLoad): readonly LoadDimension[] {
  const [heaviest] = profileOf(design.engine)
    .loadDimensions(load.loads, design.thresholds.headroom)
    .sort((x, y) => y.load - x.load);
  const physical = load.physical && Object.assign({}, load.physical, { neighbours: load.neighbours });
  return [Object.assign({}, heaviest, { ceiling: load.spanned * load.partition.requestUnits, usable: load.usable }, physical ? { physical } : {})];
}

/** The clause that says what the hottest first-level value's partitions leave it: its own, or shared, one or several. */
function partitionClause(load: PrefixLoad): PrefixIngestionId {
  if (!load.physical) return load.spanned > 1 ? 'prefixOwnPartitions' : 'prefixOwnPartition';
  if (load.spanned === 1) return 'prefixSharedPartition';
  return load.neighbours > 0 ? 'prefixSharedPartitions' : 'prefixFilledPartitions';
}

/**
 * The design a first level is judged on (`a`: its primary key's analysis): as declared, or where its plan removes the declared copies (SG007's fix), the
 * design that fix leaves (`withoutCopies`), as `carried` judges the container's partitions: a first-level value is not
 * sent to buckets for the writes of copies SG007 removes. Made once per lint.
 */
function judgedDesign(a: SpaceAnalysis): DesignAnalysis {
  return copiesRemoved(a) ? a.once(oneCopy) : a.owner;
}

/** The design a hierarchical key's first level is judged on (`judgedDesign`), for a reorder judged as SG003 would judge it. */
export function firstLevelJudgedDesign(analysis: DesignAnalysis): KeyDesign {
  return judgedDesign(analysis.of(analysis.design.primaryKey)).design;
}

/** The analysis of the design SG007's fix leaves (`withoutCopies`), for `judgedDesign`. */
const oneCopy = (a: SpaceAnalysis): DesignAnalysis => new DesignAnalysis(withoutCopies(a.design), a.owner.rulesOff);

/**
 * A hit when the hottest first-level value's reads and writes exceed what its physical partitions serve: an error where
 * they exceed those partitions' full RU/s (less the neighbours'), a warning where they are within them and above only the
 * headroom the design keeps (`headroomVerdict`).
 */
export function prefixIngestionHits(declared: DesignAnalysis): RuleHit<PrefixIngestionId>[] {
  // Made once per lint: SG003 reports them, and SG006 reads whether their buckets split the largest value (`bucketsSplitSize`).
  return declared.of(declared.design.primaryKey).once(prefixHitsOnce);
}

const prefixHitsOnce = (a: SpaceAnalysis): RuleHit<PrefixIngestionId>[] => prefixHits(a.owner).map(headroomVerdict);

/** The clauses that say no bucket count is offered at the RU/s a first-level finding judged: its count follows a raise. */
const COUNT_AFTER_RAISE: readonly PrefixIngestionId[] = ['prefixNoBucketCount', 'prefixNoBucketCountFanOut', 'prefixSliverToday'];

/**
 * The RU/s at which a first-level finding's bucket count (`buckets`) serves, where it serves only after a raise: no count
 * is offered at the RU/s the finding judged (`COUNT_AFTER_RAISE`), and its fix spells the bucketing out at the cheaper of
 * its two raises (`raisesInCostOrder`), the fewer-buckets one (`fewRaiseTo`) or the least (`bucketRaiseTo`), each
 * naming its own count. Undefined where the count serves at the RU/s judged.
 */
export function bucketCountRaise(hit: RuleHit<PrefixIngestionId>): number | undefined {
  if (![hit.fixId, ...(hit.fixNotes ?? [])].some((id) => id !== undefined && COUNT_AFTER_RAISE.includes(id))) return undefined;
  const data = hit.data ?? {};
  const raise = data.buckets === data.fewBuckets ? data.fewRaiseTo : data.buckets === data.bucketsAtRaise ? data.bucketRaiseTo : undefined;
  return typeof raise === 'number' ? raise : undefined;
}

/** The clauses that lead the hottest first-level value's fix with a raise in place, each with the field of its figure. */
const LEADING_RAISES: Partial<Record<PrefixIngestionId, string>> = {
  prefixRaiseFirst: RAISE.to,
  prefixRaiseThenBucket: BUCKET_RAISE.to,
  prefixRaiseForBuckets: BUCKET_RAISE.to,
  prefixRaiseFewBuckets: FEW_RAISE.to,
};

/**
 * The RU/s the fix of the hottest first-level value (SG003 at `partitionKey.paths[0]`) leads with, where it leads with a
 * raise in place (after the reason no bucket count fits today, not after `prefixKeyIsTheProblem`) that `--fix` writes
 * with its plan: SG017 raises to it where it is more than the peak's own figure, so one `--fix` raises the container
 * once. A raise that serves the value as it is (`prefixRaiseFirst`) needs no plan; one sized for buckets serves only
 * with them (`bucketsWrittenAt`). Undefined elsewhere.
 */
export function firstLevelLeadRaise(declared: DesignAnalysis): number | undefined {
  for (const hit of prefixIngestionHits(declared)) {
    const ids = [hit.fixId, ...(hit.fixNotes ?? [])].filter((id) => id !== 'prefixNoBucketCount' && id !== 'prefixNoBucketCountFanOut');
    const field = ids[0] === undefined ? undefined : LEADING_RAISES[ids[0]];
    const figure = field === undefined ? undefined : hit.data?.[field];
    if (typeof figure !== 'number') continue;
    return ids[0] === 'prefixRaiseFirst' || bucketsWrittenAt(declared, figure) ? figure : undefined;
  }
  return undefined;
}

/**
 * Whether the buckets a first-level raise to `requestUnits` is sized for are written by `--fix` once the raise is: at
 * that raise the first level's finding is gone, or its fix carries edits. A synthetic first level is a new partition key
 * (a new container, its data copied: "Hierarchical partition keys"), which no edit writes: a raise carried for it would
 * leave every finding standing and bill the container for a layout it never gets, so SG017 raises for the peak alone.
 */
function bucketsWrittenAt(declared: DesignAnalysis, requestUnits: number): boolean {
  const container = declared.profile.containerOf?.(declared.design);
  const raised = container && raisedLayoutAt(container, requestUnits);
  if (!raised) return false;
  const hits = prefixIngestionHits(new DesignAnalysis(raised, declared.rulesOff));
  return hits.length === 0 || hits.some((hit) => (hit.edits?.length ?? 0) > 0);
}

/** The clause that says the first level's buckets split the full key's largest value too (`bucketsSplitSize`). */
export const DEFERRED_SIZE_SPLIT =
  '; those buckets split its size as they split its load: {{size}} GB ÷ {{splitBuckets}} = {{sizePerBucket}} GB per bucket, within the {{usableGb}} GB usable, so no shards of the full key are needed for it (SG006 defers to the same fix)';

/** A full key's largest value as the hottest first-level value's buckets split it (`bucketsSplitSize`). */
export interface BucketSplitSize {
  /** The fewest buckets any fix of that finding offers, each holding 1/`splitBuckets` of every full key value under it. */
  readonly splitBuckets: number;
  readonly size: number;
  readonly sizePerBucket: number;
  readonly usableGb: number;
}

/**
 * Whether the buckets the hottest first-level value's fix (`first`, SG003 at `partitionKey.paths[0]`) offers also bring
 * the full key's largest value within a logical partition's usable size: they hash an attribute finer than the key
 * (`finerSource`: the item `id` or a transactional scope, the full key value holding many items), so each bucket holds
 * 1/N of every full key value under it, its data as its load, and N at the fewest buckets any of its fixes offers keeps
 * size ÷ N within the usable GB. Then that fix is the size's too (SG006 and SG003 on the full key defer to it), instead
 * of shards of the full key that keep the first-level value whole ("Hierarchical partition keys").
 */
export function bucketsSplitSize(
  analysis: DesignAnalysis,
  first: RuleHit<PrefixIngestionId> | undefined,
  splits: readonly number[],
): BucketSplitSize | undefined {
  const size = largestPartitionSize(analysis.design)?.gb;
  const usableGb = usablePartitionGb(analysis);
  if (first?.data?.finerSource === undefined || size === undefined || usableGb === undefined || splits.length === 0) return undefined;
  const splitBuckets = Math.min(...splits);
  if (splitBuckets < 2 || !fits(size / splitBuckets, usableGb)) return undefined;
  return { splitBuckets, size, sizePerBucket: size / splitBuckets, usableGb };
}

/** How many ways each fix the first level's finding offers splits its hottest value: a synthetic level's bucket counts
 *  (at today's RU/s or at a raise), or the factor by which more buckets of a level bucketed already split each. */
export function firstLevelSplits(data: MessageData): number[] {
  const n = (key: string) => (typeof data[key] === 'number' ? [data[key] as number] : []);
  if (typeof data.declaredBuckets === 'number') return n('buckets').map((b) => b / (data.declaredBuckets as number));
  return [...n('bucketFactor'), ...n('buckets'), ...n('bucketsAtRaise'), ...n('fewBuckets')];
}

/**
 * A first-level value within the full RU/s its physical partitions have for it (`prefixHeadroomOnly`: its load within
 * `raw`, the partitions' RU/s less the neighbours' expected load) is served at its peak: what it lacks is the headroom
 * the design plans to keep, so a burst above the peak throttles. A warning, as SG017 warns of a container whose peak is
 * within its RU/s and above its headroom, and as a DynamoDB key adaptive capacity isolates is one (Decision 78).
 */
function headroomVerdict(hit: RuleHit<PrefixIngestionId>): RuleHit<PrefixIngestionId> {
  return hit.notes?.includes('prefixHeadroomOnly') ? Object.assign({}, hit, { severity: 'warning' as const }) : hit;
}

function prefixHits(declared: DesignAnalysis): RuleHit<PrefixIngestionId>[] {
  if (declared.design.primaryKey.partitionKey.length < 2) return [];
  const judged = judgedDesign(declared.of(declared.design.primaryKey));
  const held = firstLevelShare(judged.design.primaryKey);
  const analysis = atLowerBound(judged, held) ? judged.of(judged.design.primaryKey).once(withLowerBound) : judged;
  const hits = prefixHitsOn(analysis).map((hit) => withBucketFigures(hit, declared.design.primaryKey.partitionKey[0]));
  if (analysis === judged) return hits;
  // Said as the lower bound it is, with the full key's declared share and where it is declared.
  const bound = { shareSource: 'derived', keyShare: held.keyShare as number, shareAt: held.at as string };
  return hits.map((hit) => Object.assign({}, hit, { data: Object.assign({}, hit.data, bound) }));
}

/**
 * A bucket fix led by its count, with what the bucketed level then declares of its hottest value: a level's
 * `hotKeyShare` and `largestGb` are its hottest value's (input.ts, CosmosKeyPathDesign), and a bucketed level's values
 * are its buckets, so the figures the level declared for one whole value are divided among that value's buckets. Left
 * undivided (the whole value's 15% kept on `/storeIdBucket`), every bucket is judged at the whole value's share and the
 * lint asks for ever more buckets (3 → 7 → 15). The lint cannot tell a bucket's share from a value's, so the fix says
 * which to declare, as `raisedEdits` writes it for --fix. Only figures the level itself declares.
 */
function withBucketFigures(hit: RuleHit<PrefixIngestionId>, own: KeyAttribute): RuleHit<PrefixIngestionId> {
  const data = hit.data ?? {};
  const buckets = data.buckets;
  // The bucket fix leads, or follows a small raise (`prefixOrKeyChange`): its figures are said right after it either way.
  const bucketFix = [hit.fixId, ...(hit.fixNotes ?? [])].find((id) => id === 'fixPrefixBuckets' || id === 'fixRaiseBuckets');
  if (bucketFix === undefined || typeof buckets !== 'number') return hit;
  if (own.hotKeyShare === undefined && own.largestGb === undefined) return hit;
  // From one whole value (a new synthetic level) or from its buckets today (`declaredBuckets` of them) to `buckets`.
  const from = typeof data.declaredBuckets === 'number' ? data.declaredBuckets : 1;
  const level = Object.assign(
    {},
    own.hotKeyShare !== undefined ? { hotKeyShare: own.hotKeyShare } : {},
    own.largestGb !== undefined ? { largestGb: own.largestGb } : {},
  );
  // Written into the user's design: without float noise, as `raisedEdits` writes them.
  const bucket = Object.fromEntries(Object.entries(level).map(([field, value]) => [field, roundedFigure((value * from) / buckets)]));
  const figures = { figureBuckets: buckets, figureFrom: from, levelFigures: level, bucketFigures: bucket };
  const note: PrefixIngestionId = bucketFix === 'fixPrefixBuckets' ? 'prefixBucketLevelFigures' : 'prefixMoreBucketsFigures';
  const notes = hit.fixNotes ?? [];
  const after = notes.indexOf(bucketFix) + 1;
  return Object.assign({}, hit, { fixNotes: [...notes.slice(0, after), note, ...notes.slice(after)], data: Object.assign({}, data, figures) });
}

/**
 * Whether the first level is judged at the lower bound of its hottest value's share (`withLowerBound`): it declares no
 * `hotKeyShare` of its own, and the full key's declared (or derived) share is above the level's uniform one.
 */
const atLowerBound = (judged: DesignAnalysis, held: FirstLevelShare): boolean =>
  held.source === 'derived' && held.keyShare !== undefined && held.share > 1 / cardinalityValue(judged.design.primaryKey.partitionKey[0].cardinality) + 1e-12;

/**
 * The design with its first level's hottest share set at the lower bound the full key's declared share gives it
 * (`firstLevelShare`, `derived`): the full key's hottest value sits under one first-level value ("Hierarchical partition
 * keys": a first-level value is a prefix of the full key, its documents on one physical partition until they hold 50
 * GB), so that value takes at least its share. Judged so, a full key whose shards keep that prefix (every shard under
 * the one first-level value) is not passed while its first level is over, and the full key's finding defers to the
 * first level's (SG003, `deferToFirstLevel`). Its size is not inferred from that share (judged on one partition, as an
 * undeclared size is), and no edit writes the share: the level's own figure is the user's to declare. Made once per lint.
 */
function withLowerBound(a: SpaceAnalysis): DesignAnalysis {
  const { design } = a;
  const [first, ...deeper] = design.primaryKey.partitionKey;
  const bounded = Object.assign({}, first, { hotKeyShare: firstLevelShare(design.primaryKey).share });
  const primaryKey = Object.assign({}, design.primaryKey, { partitionKey: [bounded, ...deeper] });
  return new DesignAnalysis(Object.assign({}, design, { primaryKey }) as KeyDesign, a.owner.rulesOff);
}

function prefixHitsOn(analysis: DesignAnalysis): RuleHit<PrefixIngestionId>[] {
  const { design } = analysis;
  const levels = design.primaryKey.partitionKey;
  const [first] = levels;
  const load = prefixLoad(design, first, first.hotKeyShare ?? undefined);
  if (!load || !overloaded(load)) return [];
  // A uniform first level (no share of its own) on one partition, over only by hashing's spread: the container's
  // capacity, which SG017 reports (`overOnlyBySpread`), not a hot first-level value.
  const peak = partitionLoad(design, containerPeak(design));
  const alike = { hot: load.load, peak, cardinality: load.values };
  if (first.hotKeyShare === undefined && load.spanned === 1 && load.physical && overOnlyBySpread(alike, load.physical, design.thresholds.headroom)) return [];
  // Any first level, declared share or not, over only because the container's average partition fills its share (the
  // neighbours alone fill it, `overOnlyByCapacity`): by less than AT_AVERAGE_WITHIN above it, the container's capacity,
  // SG017's, as for a flat key (`keyOverOnlyByCapacity`); further above, the raise that serves it as it is leads, below.
  const capacityOnly =
    load.spanned === 1 && load.physical !== undefined && !load.physical.movedMode && overOnlyByCapacity(alike, load.physical, design.thresholds.headroom);
  if (capacityOnly && overOnlyByCapacity(alike, load.physical as PhysicalShare, design.thresholds.headroom, AT_AVERAGE_WITHIN)) return [];
  const traffic = trafficOf(load.loads);
  const { physical } = load;
  const notes: PrefixIngestionId[] = [
    partitionClause(load),
    ...(load.gbInferred === 'undeclared' ? ['prefixSizeUndeclared' as const] : load.gbInferred === 'cardinality' ? ['prefixSizeFromValues' as const] : []),
    ...(physical?.raisedFrom ? ['prefixAtCapacityRaise' as const] : []),
    fits(load.load, load.raw) ? 'prefixHeadroomOnly' : 'prefixThrottles',
    ...(traffic === 'both' ? [readsAndWrites(design, load)] : []),
  ];
  // Where the physical share bites, more RU/s is the other fix (as for a flat key, throughputThatServes). A physical
  // share exists only where the profile models physical partitions (Cosmos DB's), as throughputThatServes assumes.
  const raise = physical
    ? throughputServing(design as CosmosKeyDesign, {
        hot: load.load,
        total: peakOf(design),
        cardinality: load.values,
        gb: load.gb,
      })
    : undefined;
  const cache = readCache(design, load);
  // The container's RU/s are the cause (`capacityOnly`): the raise alone leads, no buckets (a new first level is a new
  // key, for a value the average partition would fill as much), as a flat key's fix does (`raiseAndShard`), and as it,
  // with its edits (the RU/s, and the partition count where the message says to declare it): at the container's line
  // SG017's smaller raise alone leaves this finding, and one --fix converges only if this one writes its own (cap26).
  if (capacityOnly && raise)
    return [
      orCache(
        {
          path: first.path,
          messageId: 'prefixHot',
          notes,
          fixId: 'prefixRaiseFirst',
          data: Object.assign(prefixData(design, first, load, traffic), raiseFigures(RAISE, raise)),
          edits: raiseEdits(design as CosmosKeyDesign, raise),
        },
        cache,
      ),
    ];
  // Read heat its paged reads carry, which no bucket divides: the cache leads, and no bucket count is offered.
  const paged = cache && pagedPastBuckets(analysis.of(design.primaryKey), first, load);
  if (cache && paged) {
    const hit: RuleHit<PrefixIngestionId> = {
      path: first.path,
      messageId: load.spanned > 1 ? 'prefixHotSpanning' : 'prefixHot',
      notes,
      fixId: 'prefixCacheReads',
      fixNotes: [...cache.ids.slice(1), 'prefixPagedNoBuckets', ...(raise ? (['prefixOr', 'prefixRaiseFirst'] as const) : [])],
      data: Object.assign(prefixData(design, first, load, traffic), raise ? raiseFigures(RAISE, raise) : {}, cache.data, paged),
    };
    return [hit];
  }
  const todayCount = fewestBuckets(design, load, analysis.of(design.primaryKey));
  // No count fits at today's RU/s, or one fits only by a sliver (roomForCounts): the raise at which a count fits with
  // room leads, with the count at that raise (never a count the re-lint rejects, which asked for ever more buckets).
  if (physical && (todayCount === undefined || !roomForCounts(peakOf(design), physical.requestUnits, design.thresholds.headroom))) {
    const sliver = todayCount === undefined ? undefined : sliverAt(design, load, todayCount);
    const undone = todayCount === undefined ? undoneByFanOut(analysis.of(design.primaryKey), load) : undefined;
    const hit = noBucketCountHit(analysis.of(design.primaryKey), first, load, raise, { notes, traffic }, sliver, undone);
    if (hit) return [orCache(hit, cache)];
  }
  const fix = bucketFix(design, first, load, analysis.of(design.primaryKey));
  const buckets = fix.fixId === 'fixPrefixBuckets' ? (fix.data.buckets as number) : 0;
  const { maxShards } = design.thresholds;
  const count = fix.fixId === 'fixRaiseBucketsFactor' ? undefined : (fix.data.buckets as number);
  const overMax = count !== undefined && count > maxShards;
  // A bucket count above maxShards (a query for one value fans out over every bucket): not offered, nor written by
  // --fix. The raises that serve are offered instead, as a modeller weighs them (bucketRaises).
  if (overMax && physical && fix.fixId === 'fixPrefixBuckets') {
    const raised = raisesPastMaxShards(analysis.of(design.primaryKey), first, load, raise, fix);
    if (raised) {
      const hit: RuleHit<PrefixIngestionId> = {
        path: first.path,
        messageId: load.spanned > 1 ? 'prefixHotSpanning' : 'prefixHot',
        notes,
        fixId: raised.fixId,
        fixNotes: raised.fixNotes,
        data: Object.assign(prefixData(design, first, load, traffic), raised.data),
      };
      return [orCache(hit, cache)];
    }
  }
  const fanOutAt = fanOutCounter(analysis.of(design.primaryKey), design, load);
  const derivation = fix.fixId === 'fixPrefixBuckets' ? bucketDerivation(design, load, buckets, fanOutAt) : undefined;
  const collision = fix.fixId === 'fixPrefixBuckets' && !overMax ? bucketCollision(design, load, buckets) : undefined;
  const sourceNotes = fix.fixId === 'fixPrefixBuckets' ? bucketSourceFor(design, design.primaryKey.partitionKey.slice(1), load, buckets).ids : [];
  // More buckets of a bucketed level whose edits the full key's declared share refuses (raisedEdits): said, not written.
  const keyWhole = fix.fixId !== 'fixPrefixBuckets' && fix.edits === undefined && fullKeyShare(design) > 0;
  if (keyWhole) sourceNotes.push('prefixBucketsHoldKey');
  // A raise in place that serves the value as it is and adds at most SMALL_RAISE_SHARE to today's RU/s
  // leads the new synthetic first level (a new partition key: a new container and a copy of every document), and is
  // what --fix writes; the buckets follow as the durable alternative. Past that share the key change keeps the lead.
  // Not where the container is short of RU/s: SG017's raise comes first, and writes the throughput. Nor for a value above
  // maxHotKeyShare that throttles at its peak: it has outgrown its partition, and SG014 would ask for the bucketed level
  // once it fits. Served at its peak, short only of headroom (a warning), the raise restores that in place, and SG014's
  // warning of its share then plans the bucketed level for growth: a headroom warning is no reason for a new container.
  const outgrown = load.share > design.thresholds.maxHotKeyShare + 1e-9 && !fits(load.load, load.raw);
  const smallRaise =
    !overMax && !outgrown && !physical?.raisedFrom && fix.fixId === 'fixPrefixBuckets' && raiseLeadsKeyChange(design as CosmosKeyDesign, raise)
      ? raise
      : undefined;
  // On more partitions than its RU/s and storage make, the raise that keeps them leads, whatever it adds (over-partitioned.ts).
  const overPartitioned =
    !smallRaise && !overMax && !physical?.raisedFrom && fix.fixId === 'fixPrefixBuckets' ? overPartitionedRaise(design as CosmosKeyDesign, raise) : undefined;
  const leadRaise = smallRaise ?? (overPartitioned && raise ? raise : undefined);
  // Judged at SG017's raise (`prefixAtCapacityRaise`), the count serves only with that raise: said beside it, so a
  // reader who turns SG017 off, or applies the count alone, knows what it rests on.
  const countAtRaise: PrefixIngestionId[] = physical?.raisedFrom && fix.fixId !== 'fixRaiseBucketsFactor' ? ['prefixCountAtRaise'] : [];
  const hotOnly = onlyHot(design, first, fix.fixId);
  const pagedCost = fix.fixId === 'fixPrefixBuckets' ? pagedFanOutCost(analysis.of(design.primaryKey), buckets, fix.data.source as string) : undefined;
  const bucketNotes: PrefixIngestionId[] = [
    ...countAtRaise,
    ...sourceNotes,
    ...(pagedCost ? (['prefixBucketsPagedCost'] as const) : []),
    ...hotOnly.ids,
    ...(overMax ? (['prefixBucketsOverMax'] as const) : []),
    ...(derivation ? (['prefixBucketsDerivation'] as const) : []),
    ...(collision ? (['hashedApart'] as const) : []),
    ...(raise && !overMax && !leadRaise ? (['prefixOrRaiseThroughput'] as const) : []),
  ];
  // A new synthetic first level is a new partition key (no edit writes it): for read heat the cache, which keeps the key, leads.
  const cacheLeads = cache !== undefined && fix.fixId === 'fixPrefixBuckets';
  const [fixId, ...fixNotes]: PrefixIngestionId[] = leadRaise
    ? [
        'prefixRaiseFirst',
        smallRaise ? 'prefixSmallRaiseWhy' : 'overPartitionedWhy',
        ...(cache ? ['prefixOr' as const, ...cache.ids] : []),
        'prefixOrKeyChange',
        fix.fixId,
        ...bucketNotes,
      ]
    : cacheLeads
      ? [...cache.ids, 'prefixCacheKeepsKey', 'prefixOr', fix.fixId, ...bucketNotes]
      : [fix.fixId, ...bucketNotes, ...(cache ? ['prefixOr' as const, ...cache.ids] : [])];
  return [
    {
      path: first.path,
      messageId: load.spanned > 1 ? 'prefixHotSpanning' : 'prefixHot',
      notes,
      fixId,
      fixNotes: fixNotes.length > 0 ? fixNotes : undefined,
      data: {
        ...prefixData(design, first, load, traffic),
        ...(raise ? raiseFigures(RAISE, raise) : {}),
        ...(smallRaise ? smallRaiseData(design as CosmosKeyDesign, smallRaise) : overPartitioned),
        ...(keyWhole ? { keyShare: fullKeyShare(design), fullKey: design.primaryKey.partitionKey.map((l) => l.name) } : {}),
        ...fix.data,
        ...hotOnly.data,
        ...(overMax ? { maxShards } : {}),
        ...derivation,
        ...collision,
        ...cache?.data,
        ...pagedCost,
      },
      edits: leadRaise ? raiseEdits(design as CosmosKeyDesign, leadRaise) : overMax ? undefined : fix.edits,
    },
  ];
}

/** A fix that leads with a raise in place (no key change either): for read heat the cache follows, as the alternative. */
function orCache(hit: RuleHit<PrefixIngestionId>, cache: ReturnType<typeof readCache>): RuleHit<PrefixIngestionId> {
  if (!cache) return hit;
  return Object.assign({}, hit, { fixNotes: [...(hit.fixNotes ?? []), 'prefixOr' as const, ...cache.ids], data: Object.assign({}, hit.data, cache.data) });
}

/**
 * The engine's cache for a hottest first-level value hot by its reads: its reads alone are over what its partitions
 * leave it and its writes alone fit, so the reads are what puts it over (a value over by its writes too, or over only
 * by reads and writes together, is not read heat: a cache would have to answer nearly all of its reads). A cache takes
 * no write (DAX, "DAX and DynamoDB consistency models"; "Azure Cosmos DB integrated cache": read-through,
 * write-through), and a read it answers costs the partition nothing (0 RU, "Azure Cosmos DB dedicated gateway"), so the
 * value fits once the cache answers 1 − (usable − writes) ÷ reads of its reads. Other values' reads, which the cache
 * would also answer, are left on their partitions: the share is what the hottest value needs on its own.
 */
function readCache(design: KeyDesign, load: PrefixLoad): { ids: PrefixIngestionId[]; data: MessageData } | undefined {
  const { reads, writes } = load.loads;
  const writesLoad = partitionLoad(design, { reads: 0, writes });
  const missReads = load.usable - writesLoad;
  if (missReads <= 0 || fits(partitionLoad(design, { reads, writes: 0 }), load.usable)) return undefined;
  return {
    ids: ['prefixCacheReads', ...(writes > 0 ? (['prefixCacheWrites'] as const) : []), 'prefixCacheTerms'],
    data: Object.assign(cacheWordsOf(profileOf(design.engine)), { cacheHitShare: 1 - missReads / reads, cacheMissReads: missReads }),
  };
}

/**
 * The reads of the hottest first-level value that a synthetic bucketed first level would not divide, where they alone
 * exceed the usable RU/s it has: queries that read one value a page at a time (`limit`) without the attribute the
 * buckets hash (`pagedOverBuckets`) read a page from every bucket and merge them, so each bucket serves every page, as
 * each write shard of a flat key does (advice.ts `unspreadPagedReads`; "Query an Azure Cosmos DB container": a query
 * over several partitions runs on each). No bucket count serves such reads, however many; the cache does. Undefined
 * otherwise, and for a level bucketed already (the design does not say what its buckets hash).
 */
function pagedPastBuckets(space: SpaceAnalysis, first: KeyAttribute, load: PrefixLoad): MessageData | undefined {
  const { design } = space;
  const fix = bucketFix(design, first, load);
  if (fix.fixId !== 'fixPrefixBuckets') return undefined;
  const paged = pagedOverBuckets(space, fix.data.source as string);
  const pagedLoad = load.loads.reads * paged.share;
  if (paged.patterns.length === 0 || fits(partitionLoad(design, { reads: pagedLoad, writes: 0 }), load.usable)) return undefined;
  return { pagedPatterns: paged.patterns.map((p) => p.name), pagedLoad };
}

/**
 * What the paged reads of a first-level value cost once it is bucketed `buckets` ways on `source` (`readRequestsOverBuckets`,
 * as SG017 counts a fan-out): each page reads a page from every bucket, which divide none of those reads. Undefined
 * where no declared query reads one value a page at a time without `source`.
 */
function pagedFanOutCost(space: SpaceAnalysis, buckets: number, source: string): MessageData | undefined {
  const reads = readRequestsOverBuckets(space, buckets, source);
  if (reads.fanOut === undefined) return undefined;
  return { pagedPatterns: reads.fanOut.patterns, bucketFanOutReads: reads.units, bucketLogicalReads: reads.logical };
}

/** A container's peak RU/s, as one physical partition's budget counts them (reads + writes, its copies' included). */
const peakOf = (design: KeyDesign) => partitionLoad(design, containerPeak(design));

/** The count that fits today only by a sliver, and the RU/s it leaves its bucket's partition: the figures the finding gives for not offering it. */
function sliverAt(design: KeyDesign, load: PrefixLoad, buckets: number): { readonly buckets: number; readonly spare: number } {
  const at = loadAt(design, load.values * buckets, load.share / buckets, 0) as PrefixLoad;
  // Written into the report: without float noise (a count exactly at the line leaves 0, not -6e-13).
  return { buckets, spare: Math.max(0, roundedFigure(at.usable - at.load)) };
}

/**
 * The fix when the synthetic first level would need more buckets than maxShards at today's RU/s: the raises that serve
 * (bucketRaises: the least at which a count within maxShards does, the least at which no more buckets than physical
 * partitions do, the RU/s at which the value fits as it is), the cheaper first, its fan-out's reads counted
 * (raisesInCostOrder, the order a flat key's raises follow). The first bucketed option spells the bucketing out, with
 * the figures that derive its count at its raise; the next names its own count.
 * Today's count is said, not offered. Undefined when no raise serves (the count above maxShards is then all there is).
 */
function raisesPastMaxShards(
  space: SpaceAnalysis,
  first: KeyAttribute,
  load: PrefixLoad,
  raise: RaisedThroughput | undefined,
  fix: BucketFix,
): { fixId: PrefixIngestionId; fixNotes: PrefixIngestionId[]; data: MessageData } | undefined {
  const design = space.owner.profile.containerOf?.(space.design);
  if (design === undefined) return undefined;
  const { maxShards } = design.thresholds;
  const { few, least } = bucketRaises(design, first, load, maxShards, raise?.requestUnits, space);
  const past: PrefixIngestionId[] = least !== undefined && least.buckets > least.partitions ? ['prefixBucketsPastPartitions'] : [];
  const offered = raisesInCostOrder(space, first, { asIs: raise, few, least }, (spell) => ['prefixRaiseForBuckets', ...past, 'prefixThenBucketing', ...spell]);
  const [lead, ...more] = offered.ids;
  if (!lead) return undefined;
  return {
    fixId: lead,
    fixNotes: [...more, 'prefixPastMaxToday'],
    data: Object.assign({}, fix.data, { maxShards, todayBuckets: fix.data.buckets }, offered.data),
  };
}

/** What the headline's share is of (`TAKES`): the directions the value is hot in, and their peak. */
function shareOf(design: KeyDesign, load: PrefixLoad, traffic: string): { readonly shareOf: string; readonly sharePeak: number } {
  const peak = containerPeak(design);
  const hot = traffic === 'both' ? hotIn(design, load) : undefined;
  if (hot === 'reads') return { shareOf: hot, sharePeak: peak.reads };
  if (hot === 'writes') return { shareOf: hot, sharePeak: peak.writes };
  return { shareOf: traffic, sharePeak: peakOf(design) };
}

/** The figures every prefix finding's message reads: the hottest first-level value's load, and what its partitions leave it. */
function prefixData(design: KeyDesign, first: KeyAttribute, load: PrefixLoad, traffic: string): MessageData {
  const { headroom } = design.thresholds;
  const peak = containerPeak(design);
  const { physical } = load;
  return {
    level: first.name,
    share: load.share,
    shareSource: first.hotKeyShare === undefined ? 'uniform' : 'declared',
    traffic,
    ...shareOf(design, load, traffic),
    values: load.values,
    peakReads: peak.reads,
    peakWrites: peak.writes,
    peakLoad: peakOf(design),
    prefixReads: load.loads.reads,
    prefixWrites: load.loads.writes,
    prefixLoad: load.load,
    partitionGb: load.partition.gb,
    partitionRu: load.partition.requestUnits,
    prefixUsable: load.usable,
    prefixRaw: load.raw,
    headroom,
    ...(physical ? Object.assign({}, physicalShareData(physical, headroom), { prefixNeighbours: load.neighbours }) : {}),
    deeperLevels: design.primaryKey.partitionKey.slice(1).map((l) => l.name),
    ...(load.spanned > 1 || load.gbInferred === 'cardinality' ? { spanned: load.spanned, prefixGb: load.gb } : {}),
    ...(load.gbInferred ? { totalGb: 'totalGb' in design ? design.totalGb : undefined, sizeAt: joinPath(first.path, 'largestGb') } : {}),
  };
}

/**
 * The bucketing fix at `design`'s throughput: more buckets for a first level that is bucketed already (`bucketed`),
 * else a synthetic bucketed first level with the smallest count that serves the hottest value (each bucket takes 1/N
 * of its reads and writes and starts on one partition, beside its neighbours).
 */
function bucketFix(design: KeyDesign, first: KeyAttribute, load: PrefixLoad, space?: SpaceAnalysis): BucketFix {
  const deeper = design.primaryKey.partitionKey.slice(1);
  const buckets = fewestBuckets(design, load, space, 0) ?? Math.ceil(load.load / Math.max(1, load.usable));
  return (
    bucketed(design, first, load) ?? {
      fixId: 'fixPrefixBuckets',
      data: Object.assign({ buckets, bucketLevel: `/${first.name.replace(/^\//, '')}Bucket` }, bucketSourceFor(design, deeper, load, buckets).data),
    }
  );
}

/** Whether one value of the full key holds many items (a Cosmos DB logical partition of documents), not one. */
function fullKeyHoldsMany(design: KeyDesign): boolean {
  const key = design.primaryKey;
  return profileOf(design.engine).keyValueHoldsMany(design, key, fullKeyCardinality(key.partitionKey));
}

/** The full key's declared hottest share, or the one a deeper level declares for its prefix (0 when none is declared). */
function fullKeyShare(design: KeyDesign): number {
  const { hotKeyShare, hotKeyShareSource, hotKeyShareLevel } = design.primaryKey.workload;
  const fromDeeper = hotKeyShareSource === 'derived' && hotKeyShareLevel !== undefined && hotKeyShareLevel > 0;
  return hotKeyShareSource === 'declared' || fromDeeper ? hotKeyShare : 0;
}

/**
 * What the buckets of the hottest first-level value hash, at `buckets`: `bucketSource`'s deeper level, unless the full
 * key's declared hottest value takes more of that first-level value than 1/N. A hash of any key level puts all of one
 * full key value in one bucket, which then takes more than its 1/N (the count is sized for an even split): the source
 * must then be finer than the key, the attribute a declared transactional scope names (its batches stay in one bucket;
 * "Transactional batch operations": one logical partition), else the item's `id`. A scope that is itself a key level
 * cannot go finer, nor can anything where the full key's value is one item (a key ending in `id`, or another unique
 * level): the note says the full key value needs its own plan. `finerSource` in the data names the attribute finer than
 * the key the buckets hash (that one, or the id where every deeper level is a time bucket), so that they split the
 * full key's hottest value too (SG003's full key defers then).
 */
function bucketSourceFor(
  design: KeyDesign,
  deeper: readonly KeyAttribute[],
  load: PrefixLoad,
  buckets: number,
): { ids: PrefixIngestionId[]; data: MessageData } {
  const source = bucketSource(deeper);
  const bare = (name: string) => name.replace(/^\//, '');
  const isLevel = (name: string) => design.primaryKey.partitionKey.some((l) => bare(l.name) === bare(name));
  const insideShare = Math.min(1, fullKeyShare(design) / load.share);
  const held = buckets < 2 ? undefined : heldWhole(design, load, buckets, insideShare);
  if (buckets < 2 || held?.fits) {
    // The bucket that holds the full key's hottest value whole fits it, though it takes more than 1/N: said, with its figures.
    const heldIds: PrefixIngestionId[] = held?.figures ? ['prefixBucketHoldsHottest'] : [];
    const heldData = held?.figures ? Object.assign({ fullKey: design.primaryKey.partitionKey.map((l) => l.name) }, held.figures) : {};
    // Every deeper level a time bucket: the buckets hash the item's id, which splits each full key value too.
    if (isLevel(source) || !fullKeyHoldsMany(design)) return { ids: heldIds, data: Object.assign({ source }, heldData) };
    const again = redeclared(design, buckets);
    return { ids: [...heldIds, ...again.ids], data: Object.assign({ source, finerSource: source }, heldData, again.data) };
  }
  const skewData = { insideShare, fullKey: design.primaryKey.partitionKey.map((l) => l.name) };
  const scoped = design.invariants.find((i) => i.scopeAttribute !== undefined);
  if (scoped?.scopeAttribute !== undefined && isLevel(scoped.scopeAttribute)) {
    return { ids: ['prefixBucketsCannotSplit'], data: Object.assign({ source, scope: scoped.scopeAttribute, scopeInvariant: scoped.kind }, skewData) };
  }
  const finer = scoped?.scopeAttribute ?? 'id';
  // A key that ends in the item's id (or another unique level) holds one item per value: nothing finer than the key
  // exists, and that item stays whole in one bucket whatever the count. The buckets hash the level that names the item,
  // as the design declares it (`productId`), not an `id` it does not name: hashing either splits the same items.
  if (isLevel(finer) || !fullKeyHoldsMany(design))
    return { ids: ['prefixBucketsOneItem'], data: Object.assign({ source: itemLevel(deeper) ?? finer }, skewData) };
  // Every deeper level a time bucket, the buckets hash the id already (`bucketSource`): no key level is skipped.
  const sourceNote = source === finer ? 'prefixBucketSourceSplitsKey' : 'prefixBucketSourceBelowKey';
  const again = redeclared(design, buckets);
  return { ids: [sourceNote, ...again.ids], data: Object.assign({ source: finer, skippedSource: source, finerSource: finer }, skewData, again.data) };
}

/**
 * Whether `buckets` buckets hashing a key level serve the full key's hottest value, which takes `insideShare` of the
 * hottest first-level value. A bucket holds each full key value whole (a first-level value of its own, on one physical
 * partition: https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys), so the bucket holding it takes
 * its share and an even part of the rest, insideShare + (1 − insideShare) ÷ N of that value's load, judged as
 * `bucketsServe` judges a bucket (beside its neighbours, at values × N). At no more than 1/N, the count's own even
 * bucket is the heaviest. A value a bucket holds needs no finer source and no plan of its own: a 94% order held whole in
 * one of 2 buckets takes 7,954 of the 8,000 RU/s usable. SG003 on the full key (hot-key-exceeds-partition.ts) says a
 * bucket cannot hold it (`beyondFirstLevelBuckets`) only from the notes this judgement gives. `figures` only where it
 * fits by more than 1/N.
 */
function heldWhole(design: KeyDesign, load: PrefixLoad, buckets: number, insideShare: number): { fits: boolean; figures?: MessageData } {
  if (insideShare <= 1 / buckets + 1e-9) return { fits: true };
  const held = loadAt(design, load.values * buckets, load.share * (insideShare + (1 - insideShare) / buckets), 0);
  if (held === undefined || overloaded(held)) return { fits: false };
  return { fits: true, figures: { insideShare, heldBuckets: buckets, heldBucketLoad: held.load, heldBucketUsable: held.usable } };
}

/**
 * The figures to re-declare once the buckets of a finer attribute than the key (`finerSource`) are declared as the first
 * level: the full key's declared hottest share and largest size then describe one value of the old key, which its N
 * buckets split (each bucket, and so each value of the new full key, takes 1/N of it). The lint cannot tell from a
 * declared `bucket` part what it hashes (a key level keeps each full key value whole), so the fix says which figures the
 * bucketed design declares, and following it converges. None where the full key declares neither.
 */
function redeclared(design: KeyDesign, buckets: number): { ids: PrefixIngestionId[]; data: MessageData } {
  const share = redeclarable(design, 'hotKeyShare');
  const gb = redeclarable(design, 'largestGb');
  if (buckets < 2 || (share === undefined && gb === undefined)) return { ids: [], data: {} };
  return {
    ids: ['prefixBucketsRedeclare'],
    data: {
      redeclareBuckets: buckets,
      ...(share ? { redeclareShareAt: share.at, redeclareShareFrom: share.value, redeclareShare: roundedFigure(share.value / buckets) } : {}),
      ...(gb ? { redeclareJoin: share ? ' and' : '', redeclareGbAt: gb.at, redeclareGbFrom: gb.value, redeclareGb: roundedFigure(gb.value / buckets) } : {}),
    },
  };
}

/**
 * Where the full key's hottest share (`hotKeyShare`) or largest size (`largestGb`) is declared, and its figure: the
 * workload's or storage's own field, or a deeper level's, which describes every value under that level's prefix as the
 * full key's does. Not the first level's own (the bucketed level replaces it), nor a figure nothing declares.
 */
function redeclarable(design: KeyDesign, field: 'hotKeyShare' | 'largestGb'): { readonly at: string; readonly value: number } | undefined {
  const levels = design.primaryKey.partitionKey;
  const { workload } = design.primaryKey;
  const declared =
    field === 'hotKeyShare' ? workload.hotKeyShareSource === 'declared' || workload.hotKeyShareSource === 'derived' : design.largestPartitionGb !== undefined;
  const at = field === 'hotKeyShare' ? workload.hotKeyShareAt : (design.largestPartitionGbAt ?? 'storage.largestPartitionGb');
  const level = field === 'hotKeyShare' ? workload.hotKeyShareLevel : design.largestPartitionGbLevel;
  // A size derived for the whole key (no level declares it) is no figure to re-declare.
  const derivedGb = field === 'largestGb' && design.largestPartitionGbSource === 'derived' && level === undefined;
  if (!declared || derivedGb || at === undefined || level === 0) return undefined;
  const value = level === undefined ? (field === 'hotKeyShare' ? workload.hotKeyShare : design.largestPartitionGb) : levels[level]?.[field];
  return value === undefined ? undefined : { at, value };
}

/**
 * The note that a synthetic first level need bucket only its hottest value, where that is so at the RU/s the bucketing
 * is offered at (`design`): the level declares its hottest value's share (a whale among many), and each other value,
 * at (1 − share) ÷ (values − 1) of the load, fits its physical partition unbucketed. The count is the same either way:
 * a bucket heavier than the average value meets 1/P of the rest of the load however many values the level has
 * (`judgedNeighbourLoad`).
 */
function onlyHot(design: KeyDesign, first: KeyAttribute, fixId: BucketFix['fixId']): { ids: PrefixIngestionId[]; data: MessageData } {
  const none = { ids: [], data: {} };
  const values = cardinalityValue(first.cardinality);
  if (fixId !== 'fixPrefixBuckets' || first.hotKeyShare === undefined || !Number.isFinite(values) || values < 2) return none;
  const rest = 1 - first.hotKeyShare;
  const fitsAt = (share: number) => {
    const other = loadAt(design, values, share, 0);
    return other !== undefined && !overloaded(other);
  };
  // The level declares its hottest value's share only: the note names the most a second value can take unbucketed.
  const most = largestShare(rest / (values - 1), rest, fitsAt);
  if (most === undefined) return none;
  return most < rest ? { ids: ['prefixBucketOnlyHot', 'prefixBucketOtherMax'], data: { otherMaxShare: most } } : { ids: ['prefixBucketOnlyHot'], data: {} };
}

/**
 * A synthetic first level of `buckets` at a raise (`raised`, the design as the raise leaves it), spelled out: its
 * clause, the note that only the hottest value need take it (`onlyHot`), and the figures that derive its count there.
 */
function bucketingAt(raised: CosmosKeyDesign, first: KeyAttribute, buckets: number): { ids: PrefixIngestionId[]; data: MessageData } {
  const load = prefixLoad(raised, first, first.hotKeyShare);
  const derivation = load && bucketDerivation(raised, load, buckets);
  const source = load ? bucketSourceFor(raised, raised.primaryKey.partitionKey.slice(1), load, buckets) : { ids: [], data: {} };
  const hotOnly = onlyHot(raised, first, 'fixPrefixBuckets');
  return {
    ids: ['fixPrefixBuckets', ...source.ids, ...hotOnly.ids, ...(derivation ? (['prefixBucketsDerivation'] as const) : [])],
    data: Object.assign({ buckets }, source.data, hotOnly.data, derivation),
  };
}

/**
 * The finding when no bucket count up to MAX_SHARDS_ACCEPTED serves the hottest first-level value at the RU/s it is
 * judged on: each bucket meets 1/P of the rest of the container's load on its physical partition, and where the
 * average partition already fills its usable share that leaves no room for any (the same model, and the same verdict,
 * as the full key's shards: advice.ts raiseAndShard). Cosmos DB divides a container's RU/s evenly among its physical
 * partitions ("Partitioning and horizontal scaling"), so a raise in place is what makes a count fit ("Best practices
 * for scaling provisioned throughput"): the least raise at which a count within maxShards serves it (`bucketRaises`),
 * the least at which no more buckets than physical partitions serve it (a smaller fan-out for more RU/s), and the raise
 * that serves the value as it is, the cheaper first once their fan-outs' reads are counted (`raisesInCostOrder`), the
 * first that buckets with the bucketing computed at its raise. No edits: the
 * throughput is not the key design's to write, and the buckets alone, at today's RU/s, would not fit.
 *
 * `sliver`: a count does fit today, but the average partition leaves less than MIN_SPARE_FOR_COUNTS of its usable
 * RU/s free (`roomForCounts`), so that count turns on a fraction of an RU/s: it is said, not offered, and the same
 * raises are. Undefined then when no raise serves (today's count is all there is).
 */
function noBucketCountHit(
  space: SpaceAnalysis,
  first: KeyAttribute,
  load: PrefixLoad,
  raise: RaisedThroughput | undefined,
  judged: { readonly notes: readonly PrefixIngestionId[]; readonly traffic: string },
  sliver?: { readonly buckets: number; readonly spare: number },
  undone?: MessageData,
): RuleHit<PrefixIngestionId> | undefined {
  const design = space.owner.profile.containerOf?.(space.design);
  if (design === undefined) return undefined;
  const physical = load.physical as PhysicalShare;
  const { maxShards, headroom } = design.thresholds;
  const peakLoad = peakOf(design);
  const largest = largestShareData(physical, peakLoad, headroom);
  const { few, least } = bucketRaises(design, first, load, maxShards, raise?.requestUnits, space);
  const raised = least && raisedLayoutAt(design, least.requestUnits);
  const raisedLoad = raised && prefixLoad(raised, first, first.hotKeyShare);
  const fix = raised && raisedLoad ? bucketFix(raised, first, raisedLoad, space) : undefined;
  if (sliver && !fix && !raise) return undefined;
  // A synthetic level: its raises in cost order, the first that buckets spelled out. A bucketed level's raised count
  // (its own fix) follows the least raise; fewer buckets for more RU/s are offered only for a synthetic level.
  const synthetic = fix?.fixId === 'fixPrefixBuckets';
  const offered = raisesInCostOrder(
    space,
    first,
    { asIs: raise, few: synthetic ? few : undefined, least: fix ? least : undefined },
    (spell) => (synthetic ? ['prefixRaiseThenBucket', ...spell] : ['prefixRaiseThenBucket', (fix as BucketFix).fixId]),
    synthetic,
  );
  const options: PrefixIngestionId[] = offered.ids.length > 0 ? offered.ids : ['prefixNoRaise'];
  // No count fits: that leads, as the reason for the raise. A sliver's count: the raises lead, the reason follows.
  const noCount = undone ? 'prefixNoBucketCountFanOut' : 'prefixNoBucketCount';
  const keyFirst = !sliver && undone ? keyLeadsRaise(design, load, offered.lead, undone) : undefined;
  const [fixId, ...fixNotes]: PrefixIngestionId[] = sliver
    ? [...options, 'prefixSliverToday']
    : [...(keyFirst ? (['prefixKeyIsTheProblem'] as const) : []), noCount, ...options];
  return {
    path: first.path,
    messageId: load.spanned > 1 ? 'prefixHotSpanning' : 'prefixHot',
    notes: [...judged.notes],
    fixId,
    fixNotes,
    data: {
      ...prefixData(design, first, load, judged.traffic),
      maxShardsAccepted: MAX_SHARDS_ACCEPTED,
      maxShards,
      ...undone,
      // The largest-share partition's figures, as the verdict judged it (`largestShareData`).
      ...largest.figures,
      quotaRu: COSMOS_LIMITS.requestUnitsQuota,
      ...(sliver
        ? {
            averageSpare: largest.averageSpare,
            minSpare: MIN_SPARE_FOR_COUNTS,
            todayBuckets: sliver.buckets,
            todaySpare: sliver.spare,
          }
        : {}),
      ...fix?.data,
      ...offered.data,
      ...keyFirst,
    },
  };
}

/**
 * The figures that lead a fix with the key, where the count that serves at the declared peak is undone by its own
 * fan-out (`undone`) and the raise that leads costs more than a change of key: past SMALL_RAISE_SHARE above today's
 * dedicated RU/s (`raiseLeadsKeyChange`, the trade the README's "Remedies come in the order of what they cost" states:
 * a new key is paid once, a raise every hour it stands, "Pricing model"). Microsoft's first answer to a hierarchical
 * key whose first level concentrates the load is to recreate the key ("Frequently asked questions on hierarchical
 * partition keys": "we always recommend recreating your hierarchical partition key"); raising the RU/s so partitions
 * split is its workaround where that is not possible. The tool knows only the declared patterns, so the change it names
 * is the one they allow: the first level bucketed on the deeper level (`plainBuckets` ways, the fewest whose bucket
 * fits at the declared peak), with the largest share a first-level value may take at today's RU/s beside its
 * neighbours (`largestShare`). Its price, the fan-out, is the clause that follows. Undefined where the raise leads.
 */
function keyLeadsRaise(design: CosmosKeyDesign, load: PrefixLoad, lead: RaisedThroughput | undefined, undone: MessageData): MessageData | undefined {
  const { throughput } = design;
  const today = throughput?.requestUnits;
  const dedicated = throughput?.mode === 'manual' || throughput?.mode === 'autoscale';
  if (!lead || !dedicated || today === undefined || lead.databaseRequestUnits !== undefined || load.physical?.raisedFrom !== undefined) return undefined;
  const leadRu = lead.requestUnits;
  if (raiseLeadsKeyChange(design, lead)) return undefined;
  const fitsAt = (share: number) => {
    const at = loadAt(design, load.values, share, 0);
    return at !== undefined && !overloaded(at);
  };
  // From a share near none: where even that does not fit, the neighbours alone fill the partition (the capacity, not the key).
  const most = largestShare(1e-4, load.share, fitsAt);
  if (most === undefined) return undefined;
  return {
    keyTodayRu: today,
    keyMaxShare: most,
    keyMaxLoad: Math.round(most * peakOf(design)),
    keyBucketShare: load.share / (undone.plainBuckets as number),
    keyRaiseTimes: Math.round((leadRu / today) * 10) / 10,
    keySource: bucketSource(design.primaryKey.partitionKey.slice(1)),
    plainBuckets: undone.plainBuckets,
  };
}

/**
 * The raises a fix offers for a hottest first-level value, in cost order (`cheaperFirst`, the order a flat key's
 * raise-and-shard options follow): `asIs`, the RU/s that serve it as it is; `few`, the least at which no more buckets
 * than physical partitions serve it; `least`, the least at which a count within maxShards does. Each bucketed option
 * costs its raise, or more where a query for one first-level value that reads a page then loads one from each bucket
 * (`readRequestsOverBuckets`, as SG017 counts a fan-out) and those reads need more RU/s at headroom: the cheaper raise
 * by RU/s can then be the dearer. The first bucketed option in that order spells the synthetic level out (`spell`: the
 * bucketing clause with the figures that derive its count at its raise); a later one names its own count. `leastLead`:
 * the words that lead the least raise when it is the one spelled out, given `spell`. `synthetic`: false for a level
 * bucketed already, whose own fix (`leastLead`) follows its raise, with nothing to spell out. Nothing when no raise serves.
 */
function raisesInCostOrder(
  space: SpaceAnalysis,
  first: KeyAttribute,
  { asIs, few, least }: { readonly asIs?: RaisedThroughput; readonly few?: BucketRaise; readonly least?: BucketRaise },
  leastLead: (spell: readonly PrefixIngestionId[]) => PrefixIngestionId[],
  synthetic = true,
): { ids: PrefixIngestionId[]; data: MessageData; lead?: RaisedThroughput } {
  const design = space.design as CosmosKeyDesign;
  const costed = (raise: RaisedThroughput, buckets: number) => {
    const reads = buckets > 1 ? readRequestsOverBuckets(space, buckets, hashedSource(design, first, raise, buckets)).units : readRequests(space).units;
    return { requestUnits: raise.requestUnits, count: buckets, cost: raiseCost(design, raise.requestUnits, reads, space.total.writes), reads };
  };
  const options = [
    ...(asIs ? [{ kind: 'asIs' as const, raise: asIs, costed: costed(asIs, 1) }] : []),
    ...(few ? [{ kind: 'few' as const, raise: few, costed: costed(few, few.buckets) }] : []),
    ...(least ? [{ kind: 'least' as const, raise: least, costed: costed(least, least.buckets) }] : []),
  ].sort((x, y) => cheaperFirst(x.costed, y.costed));
  const spelled = options.find((o) => o.kind !== 'asIs')?.raise as BucketRaise | undefined;
  // A level bucketed already has its own fix at the raise (more buckets of it): no synthetic level to spell out.
  const raisedDesign = spelled && synthetic ? raisedLayoutAt(design, spelled.requestUnits) : undefined;
  const bucketing = spelled && raisedDesign ? bucketingAt(raisedDesign, first, spelled.buckets) : { ids: [], data: {} };
  const past: PrefixIngestionId[] = least !== undefined && least.buckets > least.partitions ? ['prefixBucketsPastPartitions'] : [];
  const dearer = (option: (typeof options)[number], note: PrefixIngestionId) => (option.costed.cost > option.raise.requestUnits ? [note] : []);
  const idsOf = (option: (typeof options)[number]): PrefixIngestionId[] => {
    if (option.kind === 'asIs') return ['prefixRaiseFirst'];
    const cost = dearer(option, option.kind === 'few' ? 'prefixFewFanOutCost' : 'prefixLeastFanOutCost');
    if (option.kind === 'few')
      return option.raise === spelled
        ? ['prefixRaiseFewBuckets', ...cost, 'prefixThenBucketing', ...bucketing.ids]
        : ['prefixRaiseFewBuckets', ...cost, 'prefixSameBucketsFew'];
    return option.raise === spelled
      ? [...leastLead(bucketing.ids).slice(0, 1), ...cost, ...leastLead(bucketing.ids).slice(1)]
      : ['prefixRaiseForBuckets', 'prefixSameBucketsAtRaise', ...past, ...cost];
  };
  /** The fan-out reads and cost of the option of `kind`, under that kind's names. */
  const costData = (kind: 'least' | 'few') => {
    const option = options.find((o) => o.kind === kind);
    return option ? Object.assign({ [`${kind}FanOutReads`]: option.costed.reads }, costFigures(design, `${kind}Cost`, option.costed.cost)) : {};
  };
  return {
    ids: options.flatMap((option, i) => [...(i > 0 ? (['prefixOr'] as const) : []), ...idsOf(option)]),
    lead: options[0]?.raise,
    data: Object.assign(
      {},
      asIs ? raiseFigures(RAISE, asIs) : {},
      few ? Object.assign(raiseFigures(FEW_RAISE, few), { fewBuckets: few.buckets }, costData('few')) : {},
      least ? Object.assign(raiseFigures(BUCKET_RAISE, least), { bucketsAtRaise: least.buckets }, costData('least')) : {},
      spelled && synthetic ? { buckets: spelled.buckets } : {},
      bucketing.data,
    ),
  };
}

/** The attribute a synthetic first level of `buckets` hashes at `raise` (`bucketSourceFor`), which a query must give to read one bucket. */
function hashedSource(design: CosmosKeyDesign, first: KeyAttribute, raise: RaisedThroughput, buckets: number): string {
  const raised = raisedLayoutAt(design, raise.requestUnits) ?? design;
  const load = prefixLoad(raised, first, first.hotKeyShare);
  const deeper = design.primaryKey.partitionKey.slice(1);
  return load ? (bucketSourceFor(raised, deeper, load, buckets).data.source as string) : bucketSource(deeper);
}

/** A raise of the container's RU/s in place, and the bucket count at which a synthetic first level then serves the hottest value. */
interface BucketRaise extends RaisedThroughput {
  readonly buckets: number;
}

/**
 * The raises a modeller weighs for a hottest first-level value whose bucket count at today's RU/s is above maxShards,
 * or none or a sliver's (`roomForCounts`), found in one scan of the provisioned RU/s (the declared form's grid, up to
 * Azure's default per-container quota, "Service quotas", and below `below`, the RU/s at which the value fits as it is:
 * a bucketed option costing as much buys nothing), only at RU/s that leave room for a count (`roomForCounts`).
 * `least`: the smallest RU/s at which a count within maxShards serves it. `few`: the smallest at which
 * a count no larger than the container's physical partitions then does, and smaller than `least`'s; past one bucket
 * per partition a query for one value reaches most physical partitions, and a query is charged on each it reaches
 * ("Query an Azure Cosmos DB container"). Left out when `least` has no more buckets than partitions. Raised in place the container keeps its partitions up to 10,000 RU/s
 * each, then splits to ⌈RU/s ÷ 10,000⌉ ("Best practices for scaling provisioned throughput"), as throughputServing
 * counts them; the buckets are judged as `fewestBuckets` judges them at today's RU/s, their own fan-out counted.
 */
function bucketRaises(
  design: CosmosKeyDesign,
  first: KeyAttribute,
  load: PrefixLoad,
  maxShards: number,
  below: number | undefined,
  space: SpaceAnalysis,
): { readonly few?: BucketRaise; readonly least?: BucketRaise } {
  const at = Object.assign({}, load, { values: cardinalityValue(first.cardinality) });
  const cap = Math.min(maxShards, MAX_SHARDS_ACCEPTED);
  // One bucket is no bucketing; the fewest that serve at a raise, their own fan-out counted (none: more than any cap).
  const countAt = (raised: CosmosKeyDesign) => fewestBuckets(raised, at, space) ?? Infinity;
  const withCount = ({ raise, design: raised }: RaisedLayout): BucketRaise => Object.assign({}, raise, { buckets: countAt(raised) });
  // A count at RU/s that leave the average partition under 5% of its usable share is decided by a sliver: not offered.
  // More RU/s only lighten each bucket's partition, so the counts that serve shrink as the raise grows (leastRaiseWhere).
  const peak = peakOf(design);
  const leastAt = leastRaiseWhere(design, (layout) => fewestBucketsWithin(layout.design, at, space, cap), below, peak);
  if (leastAt === undefined) return {};
  const least = withCount(leastAt);
  if (least.buckets <= least.partitions) return { least };
  // Fewer buckets than `least` needs, and no more than the partitions: the same count for more RU/s buys nothing.
  const fewAt = leastRaiseWhere(
    design,
    (layout) => fewestBucketsWithin(layout.design, at, space, Math.min(layout.raise.partitions, least.buckets - 1)),
    below,
    peak,
  );
  return fewAt ? { few: withCount(fewAt), least } : { least };
}

/**
 * The attribute a synthetic first level's bucket hashes: the first deeper level that varies between the writes of
 * one moment. Never a time bucket: all of today's writes carry one date, so hash(date) mod N would put them all in one
 * bucket (AWS, "Using write sharding to distribute workloads evenly": the suffix must come from a value that spreads
 * the writes). Without such a level, the item's `id`, which every Cosmos DB item has and which is unique within its
 * logical partition ("Partitioning and horizontal scaling").
 */
function bucketSource(deeper: readonly KeyAttribute[]): string {
  const perItem = deeper.find((l) => l.kind !== 'time-bucket' && !l.components.some((c) => c.kind === 'time-bucket'));
  return perItem ? perItem.name.replace(/^\//, '') : 'id';
}

/** The deepest key level when it names one item (unique, not a time bucket, whose values all of a moment's writes share), bare. */
function itemLevel(deeper: readonly KeyAttribute[]): string | undefined {
  const last = deeper[deeper.length - 1];
  const perItem =
    last !== undefined &&
    cardinalityValue(last.cardinality) === Infinity &&
    last.kind !== 'time-bucket' &&
    !last.components.some((c) => c.kind === 'time-bucket');
  return perItem ? last.name.replace(/^\//, '') : undefined;
}

/** A prefix finding's fix: its id, data and (when it is a complete design change) its edits. */
interface BucketFix {
  readonly fixId: 'fixPrefixBuckets' | 'fixRaiseBuckets' | 'fixRaiseBucketsFactor';
  readonly data: MessageData;
  readonly edits?: readonly DesignEdit[];
}

/**
 * The fix for a first level that is already a synthetic bucketed level (`/tenantIdBucket`, the one this
 * finding suggests): raise its bucket count. With its bucket part declared (`components`: the value, then
 * the bucket), from that count to the smallest that serves the whole value's load; otherwise by the
 * smallest factor that serves its hottest value. Edits raise the declared counts (and scale the hottest
 * value's declared share and size) when the result stays a valid key SG004 accepts.
 */
function bucketed(design: KeyDesign, first: KeyAttribute, load: PrefixLoad): BucketFix | undefined {
  // A level of its own values gets the synthetic bucketed level the caller suggests.
  const level = bucketLevel(first);
  if (level === undefined || typeof first.cardinality !== 'number') return undefined;
  const { part, declaredBuckets } = level;
  const serves = (factor: number) => bucketsServe(design, load, factor);
  const values = first.cardinality;
  if (declaredBuckets !== undefined && part !== undefined) {
    // The whole unbucketed value's load (its buckets' together), spread over the smallest count that serves it.
    const buckets =
      smallestCount((n) => n > declaredBuckets && serves(n / declaredBuckets)) ?? Math.ceil((load.load * declaredBuckets) / Math.max(1, load.usable));
    const factor = buckets / declaredBuckets;
    const at = first.components.indexOf(part);
    return {
      fixId: 'fixRaiseBuckets',
      data: { buckets, declaredBuckets, bucketComponent: part.name, bucketedValue: first.components[0].name, bucketValues: Math.ceil(values * factor), values },
      edits: raisedEdits(design, first, factor, [
        { op: 'set', path: joinPath(joinPath(joinPath(first.path, 'components'), at), 'cardinality'), value: buckets },
      ]),
    };
  }
  const factor = smallestCount((n) => n > 1 && serves(n)) ?? Math.ceil(load.load / Math.max(1, load.usable));
  return {
    fixId: 'fixRaiseBucketsFactor',
    data: { bucketFactor: factor, bucketValues: values * factor, values },
    edits: raisedEdits(design, first, factor, []),
  };
}

/**
 * The edits that give `first` `factor` times its values (and its hottest value 1/factor of its declared
 * share and size), or none when the raised level would outnumber the next level (an order SG004 rejects)
 * or fall below a deeper level's declared figure (a design the model rejects).
 */
function raisedEdits(design: KeyDesign, first: KeyAttribute, factor: number, more: readonly DesignEdit[]): readonly DesignEdit[] | undefined {
  const [, next, ...rest] = design.primaryKey.partitionKey;
  const cardinality = Math.ceil((first.cardinality as number) * factor);
  if (next === undefined || cardinalityValue(next.cardinality) < cardinality) return undefined;
  const scaled = (field: 'hotKeyShare' | 'largestGb') => {
    const value = first[field];
    // Written into the user's design by --fix: without float noise.
    return value === undefined ? undefined : roundedFigure(value / factor);
  };
  const share = scaled('hotKeyShare');
  const gb = scaled('largestGb');
  const deeper = [next, ...rest];
  if (share !== undefined && deeper.some((l) => l.hotKeyShare !== undefined && l.hotKeyShare > share)) return undefined;
  // The full key's declared hottest value is under one bucket whatever the count: a level share below it is a design the model rejects.
  if (share !== undefined && fullKeyShare(design) > share + 1e-9) return undefined;
  if (gb !== undefined && deeper.some((l) => l.largestGb !== undefined && l.largestGb > gb)) return undefined;
  return [
    ...more,
    { op: 'set', path: joinPath(first.path, 'cardinality'), value: cardinality },
    ...(share !== undefined ? [{ op: 'set' as const, path: joinPath(first.path, 'hotKeyShare'), value: share }] : []),
    ...(gb !== undefined ? [{ op: 'set' as const, path: joinPath(first.path, 'largestGb'), value: gb }] : []),
  ];
}
