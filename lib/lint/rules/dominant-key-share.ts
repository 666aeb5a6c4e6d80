import { bucketLevel } from '../../design/bucket-level';
import { isTimeBucketKey } from '../../design/key-design';
import { allFit, fits, nearestToCeiling } from '../../design/sharding';
import { COSMOS_LIMITS } from '../../engines';
import type { LoadDimension } from '../../engines';
import { atCeiling, type SpaceAnalysis } from '../analysis';
import { AVERAGE_CHILDREN_MESSAGES, averageChildrenNote, type AverageChildrenId } from '../average-children';
import { cacheWordsOf } from '../cache-words';
import { grownLeftToCapacity, grownNeeds, shownShort } from '../growth-headroom';
import { growthAlone, shareCannotSaturate, shortOfGrowth } from '../growth-left';
import type { MessageData } from '../messages';
import {
  AFTER_CAPACITY_FIX,
  AT_CAPACITY_RAISE,
  DIVIDED_RU,
  containerGrowth,
  hotValueGrowth,
  judgedOnOnePhysicalPartition,
  overCapacity,
  physicalBound,
  physicalShareData,
  reachableDimensions,
  unshardedDimensions,
} from '../physical-partition';
import { firstLevelJudged, firstLevelShare, type FirstLevelJudgement } from '../prefix-ingestion';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';
import { needlessShardingKept } from './needless-sharding';

type Id =
  | 'dominant'
  | 'dominantAtLeast'
  | 'heldByFirstLevel'
  | 'estimatedFromLevel'
  | AverageChildrenId
  | 'declaredAtLevel'
  | 'aboveMaxShare'
  | 'aboveMaxShareAtCeiling'
  | 'aboveMaxShareOverCapacity'
  | 'aboveMaxShareOverCapacityOwn'
  | 'physicalShare'
  | 'atCapacityRaise'
  | 'firstLevelPartition'
  | 'firstLevelPartitions'
  | 'firstLevelPhysicalShare'
  | 'firstLevelSpannedShare'
  | 'firstLevelFilledShare'
  | 'fixFirstLevel'
  | 'fixFirstLevelAtCeiling'
  | 'fix'
  | 'fixAtCeiling'
  | 'fixReads'
  | 'fixReadsAtCeiling'
  | 'fixOverCapacity'
  | 'nearCeiling'
  | 'nearCeilingAtLeast'
  | 'belowMinGrowth'
  | 'belowMinGrowthAtCeiling'
  | 'fixGrowth'
  | 'fixGrowthReads'
  | 'fixGrowthFirstLevel'
  | 'grownShards'
  | 'grownCopies'
  | 'grownBuckets'
  | 'grownRaise'
  | 'grownOverCapacity'
  | 'grownOverCapacityServes'
  | 'watchAlarms';

/** When to act on a value short of growth headroom: before the traffic grows as far as it can, or now where it cannot. */
const BEFORE_GROWTH =
  '{{?growthToCeiling}}before traffic grows {{growthShort}}×{{/growthToCeiling}}{{!growthToCeiling}}now, before traffic grows at all{{/growthToCeiling}}';
/** What the key would need at minGrowthHeadroom × today's peak (`grownNeeds`): the figure SG003 would size then. */
/** The container itself past its usable RU/s at that peak (SG017's finding there), with the raise SG017 would ask for. */
const GROWN_CONTAINER =
  "; at {{minGrowth}}× today's peak the container's {{grownContainerPeak}} RU/s pass its usable {{grownContainerUsable}} RU/s: SG017's raise{{?grownContainerRaise}} to {{grownContainerRaise}} RU/s{{/grownContainerRaise}} comes first";
const AT_GROWN_PEAK = "; at {{minGrowth}}× today's peak ({{grownLoad}} {{unit}} on this value)";

export const dominantKeyShare = defineRule({
  id: 'SG014',
  title: 'dominant-key-share',
  summary: 'One key value takes a large share of the traffic while it still fits',
  severity: 'warning',
  thresholds: ['maxHotKeyShare', 'headroom', 'minGrowthHeadroom'],
  fires:
    'One value of a key is declared (or estimated from a declared key level) to take more than maxHotKeyShare of the traffic while its load still fits one key unsharded: a warning with the growth left before the ceiling it can reach.',
  firesAlso: [
    "A declared hot value within maxHotKeyShare that fits today but saturates its partition before traffic grows minGrowthHeadroom (1.5×), and could not grow that much alone either (a value of no weight on a full partition is SG017's): a warning of its own id (`nearCeiling`), with what the key needs at minGrowthHeadroom × today's peak (N, or a raise's RU/s). Not beside SG003's, SG001's or SG014's share finding on it, nor for a sharded key.",
    'A value above maxHotKeyShare whose growth left times its share is at least minGrowthHeadroom: silent, since even taking the whole peak, grown minGrowthHeadroom×, it would fit its partition (a 12 WCU vote tally whose leader has 106× left). Raise minGrowthHeadroom to plan for more growth (both warnings fire sooner); lower it toward 1 to warn only near the ceiling.',
    'A sharding the load does not need is declared: it fires all the same (SG007 reports the sharding), unless the design keeps it on purpose (SG007 acknowledged for the key, or turned off) and every stored key fits: the sharded key is then the design, judged as SG001 judges it.',
    "The ceiling on Cosmos DB with declared throughput: its physical partition's share less its neighbours' expected load, where that is below the logical partition's, as SG003 judges it. In a container whose peak is above headroom × its RU/s (SG017's finding): judged at SG017's raise (a serverless container's: its move to manual throughput), where SG002 and SG003 judge it, with the growth left there; without a modelled raise, its own partition's load on the layout it has.",
    "A Cosmos DB hierarchical key's first level whose declared `hotKeyShare` is above maxHotKeyShare: judged the same way on its own load (share × the peak), since its documents stay on one physical partition until they hold 50 GB (past that, on the partitions it spans, one per 50 GB). That finding replaces the full key's where it saturates first.",
    "The first-level value that holds a full key's declared dominant value: judged the same way, taking at least that share, and at least 1/its level's values.",
    'The shard count: this finding never raises it.',
    "A Cosmos DB container of one physical partition (declared, or created on one: at most 50 GB and 6,000 RU/s of manual or 10,000 RU/s of autoscale or shared throughput; serverless, at most 50 GB), as its hottest value is judged (at SG017's raise where that keeps one partition): silent. Every value, and every bucket a bucketed first level would make, shares that partition, so the hottest value saturates exactly when the container does, which SG017 reports.",
    "A Cosmos DB first level bucketed already (`/tenantIdBucket` = tenantId + \"-\" + hash mod N, SG003's fix applied) whose buckets each fit their physical partition by load: silent, as a key sharded so that each shard fits is (the buckets are the fix; a share above maxHotKeyShare never raises N), and so is the full key's share estimated from theirs. Buckets that do not fit are SG003's finding.",
    "A hierarchical key's first-level value whose documents span several physical partitions (one per 50 GB) and which loads them no more than the container's average: silent, since it saturates when every partition does (a region with half the traffic and half the data).",
  ],
  rationale:
    'A single value taking more than maxHotKeyShare of the traffic (a bot user, a whale tenant) is the warning sign of a coming hot partition: its partition saturates first as traffic grows, long before the table does (AWS: "Best practices for designing and using partition keys"; Azure: "Partitioning and horizontal scaling"). The 10% default is a rule of thumb, not a vendor limit.',
  rationaleDetails: [
    'The shard count still comes from the load, N = ceil(hot load ÷ usable ceiling): sharding for the share alone buys read fan-out (or N× writes for copies) and no headroom the load needs today. A key sharded because its load needs it was planned for its hottest value already.',
    'At its usable ceiling a value still fits, as SG003 judges it (load ≤ headroom × ceiling): no growth is left, and nothing is saturated yet.',
  ],
  fix: "Plan sharding before growth (N from the expected peak); for a key hot by its reads alone (hotKeyOperations: reads), a cache in front of them or replicated copies instead, as write sharding leaves one item's reads on one shard; watch it with the skew alarms.",
  sources: [
    SOURCES.dynamoKeyDesign,
    SOURCES.dynamoSharding,
    SOURCES.dynamoDax,
    SOURCES.awsDatabaseCaching,
    SOURCES.cosmosPartitioning,
    SOURCES.cosmosIntegratedCache,
    SOURCES.cosmosHierarchical,
    SOURCES.cosmosSynthetic,
    SOURCES.cosmosScalingThroughput,
    SOURCES.cosmosDatabaseThroughput,
    SOURCES.cosmosServerlessPerformance,
    SOURCES.cosmosChangeCapacityMode,
  ],
  messages: () => ({
    dominant: 'the hottest {{key|key}} value{{index|onIndex}} takes {{share|percent}} of traffic',
    // A first-level value that holds the full key's declared hottest value: it takes at least that, and at least 1/values.
    dominantAtLeast: 'the hottest {{key|key}} value takes at least {{share|percent}} of traffic',
    heldByFirstLevel:
      " (it holds the full key's hottest value, {{keyShare|percent}} at {{declaredAt}}, so at least that; and, one of {{values}}, at least 1/{{values}})",
    estimatedFromLevel: ' (estimated from {{declaredAt}})',
    ...AVERAGE_CHILDREN_MESSAGES,
    // `observed` when observe lints the design again with a measured share there (restateFinding).
    declaredAtLevel: ' ({{atSource|declared=declared|observed=observed}} at {{declaredAt}})',
    aboveMaxShare:
      ', above maxHotKeyShare {{limit|percent}}: {{load}} of a usable {{usable}} {{unit}} today, saturated when traffic grows {{growthToCeiling}}×',
    // At the usable ceiling it still fits, as SG003 judges it (fits: load ≤ usable, headroom kept): no growth is left.
    aboveMaxShareAtCeiling: ', above maxHotKeyShare {{limit|percent}}: {{load}} of a usable {{usable}} {{unit}} today, which it fits with no growth left',
    aboveMaxShareOverCapacity:
      ", above maxHotKeyShare {{limit|percent}}: {{load}} {{unit}} today, in a container whose peak of {{containerPeak}} RU/s is above its usable {{containerUsable}} RU/s ({{headroom|percent}} of {{containerRu}} RU/s, SG017's finding): every physical partition is short, this key's among them",
    // The hot key's own partition carries more than the average one: where its share is known, its load is what to say.
    aboveMaxShareOverCapacityOwn:
      ", above maxHotKeyShare {{limit|percent}}: {{load}} {{unit}} today, in a container whose peak of {{containerPeak}} RU/s is above its usable {{containerUsable}} RU/s ({{headroom|percent}} of {{containerRu}} RU/s, SG017's finding): its own physical partition carries {{partitionLoad}} RU/s ({{load}} RU/s of its own, and {{neighbourRu}} RU/s the other logical partitions on it are expected to take) of the {{partitionRu}} RU/s it gets ({{partitionUsable}} usable at {{headroom|percent}})",
    atCapacityRaise: `${AT_CAPACITY_RAISE}this key's physical partition serves it ${AFTER_CAPACITY_FIX})`,
    physicalShare: `; ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s ({{partitionUsable}} usable at {{headroom|percent}}), and the other logical partitions on the same one are expected to take {{neighbourRu}} RU/s: that share, not the {{logicalCeiling}} RU/s logical-partition ceiling, is what this key can reach`,
    // A hierarchical key's first-level value: all its documents, and so its whole load, on one physical partition.
    firstLevelPartition:
      "; a first-level value's documents stay on one physical partition until they hold {{partitionGb}} GB, so its whole load counts there, however unique {{deeperLevels|code}} are",
    // Past 50 GB its documents span more physical partitions, one per 50 GB ("Hierarchical partition keys"): its load is theirs.
    firstLevelPartitions:
      "; a first-level value's documents span one more physical partition per {{partitionGb}} GB they hold: its {{prefixGb}} GB span only {{spanned|partitions}}, so its whole load counts on those, however unique {{deeperLevels|code}} are",
    firstLevelPhysicalShare: `: ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s ({{partitionUsable}} usable at {{headroom|percent}}), and the other first-level values hashed there are expected to take {{neighbourRu}} RU/s: that share, not the {{logicalCeiling}} RU/s one full key value may take, is what this value can reach`,
    // Spanning several (firstLevelSpan): the usable RU/s of the partitions it spans, less the other values' load on the
    // room its documents leave at its edges, so a reader recomputes the usable figure the verdict gives.
    firstLevelSpannedShare: `: ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s ({{partitionUsable}} usable at {{headroom|percent}}), {{spannedUsable}} usable on the {{spanned|partitions}} it spans, less the {{neighbourRu}} RU/s the other first-level values are expected to take on the {{edgeRoom}} of a partition its {{prefixGb}} GB leave them ({{restRu}} RU/s ÷ {{physicalPartitions}} partitions × {{edgeRoom}}): those {{usable}} RU/s, not the {{logicalCeiling}} RU/s one full key value may take, are what this value can reach`,
    firstLevelFilledShare: `: ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s ({{partitionUsable}} usable at {{headroom|percent}}), {{spannedUsable}} usable on the {{spanned|partitions}} it spans, which its {{prefixGb}} GB fill alone, so no other first-level value's load is on them: those RU/s, not the {{logicalCeiling}} RU/s one full key value may take, are what this value can reach`,
    fixFirstLevel:
      'plan a bucketed first level before traffic grows {{growthToCeiling}}× ({{level}} + "-" + hash of a deeper level mod N, N from the expected peak; SG003 gives N once this value is over its partition), and watch it with the skew alarms',
    fixFirstLevelAtCeiling:
      'plan a bucketed first level now, before traffic grows at all ({{level}} + "-" + hash of a deeper level mod N, N from the expected peak; SG003 gives N once this value is over its partition), and watch it with the skew alarms',
    fix: 'plan sharding for this key before traffic grows {{growthToCeiling}}× (N from the expected peak: peak × share / usable ceiling), and watch it with the skew alarms',
    fixAtCeiling:
      'plan sharding for this key now, before traffic grows at all (N from the expected peak: peak × share / usable ceiling), and watch it with the skew alarms',
    // Hot by its reads alone (hotKeyOperations: reads): write shards spread writes, and one item's reads stay on the
    // shard that holds it; a cache answers them without reading the key, copies divide them (README, read-hot keys).
    fixReads:
      "plan for its reads before traffic grows {{growthToCeiling}}×: a cache in front of them ({{cache}}{{?cacheInApp}}, or {{cacheInApp}}{{/cacheInApp}}), or replicated copies of its items (N from the expected peak: peak reads × share / usable ceiling; every write then costs N×), not write sharding, which leaves one item's reads on one shard; and watch it with the skew alarms",
    fixReadsAtCeiling:
      "plan for its reads now, before traffic grows at all: a cache in front of them ({{cache}}{{?cacheInApp}}, or {{cacheInApp}}{{/cacheInApp}}), or replicated copies of its items (N from the expected peak: peak reads × share / usable ceiling; every write then costs N×), not write sharding, which leaves one item's reads on one shard; and watch it with the skew alarms",
    fixOverCapacity:
      "raise the container's throughput first (SG017 says how far); then plan sharding for this key (N from the expected peak: peak × share / usable ceiling), and watch it with the skew alarms",
    // Within maxHotKeyShare, short of minGrowthHeadroom: the same value, another reason to warn (a waiver can name either).
    nearCeiling: 'the hottest {{key|key}} value{{index|onIndex}} takes {{share|percent}} of traffic',
    nearCeilingAtLeast: 'the hottest {{key|key}} value takes at least {{share|percent}} of traffic',
    belowMinGrowth:
      ', within maxHotKeyShare {{limit|percent}}, but {{load}} of a usable {{usable}} {{unit}} today: saturated when traffic grows {{growthShort}}× ({{valueGrowth}}× if only this value grows), less than minGrowthHeadroom {{minGrowth}}×',
    belowMinGrowthAtCeiling:
      ', within maxHotKeyShare {{limit|percent}}, but {{load}} of a usable {{usable}} {{unit}} today, which it fits with no growth left (minGrowthHeadroom {{minGrowth}}×)',
    fixGrowth: `plan sharding for this key ${BEFORE_GROWTH}`,
    fixGrowthReads: `plan for its reads ${BEFORE_GROWTH}: a cache in front of them ({{cache}}{{?cacheInApp}}, or {{cacheInApp}}{{/cacheInApp}}), or replicated copies of its items (every write then costs N×), not write sharding, which leaves one item's reads on one shard`,
    fixGrowthFirstLevel: `plan a bucketed first level ({{level}} + "-" + hash of a deeper level mod N) or more container throughput ${BEFORE_GROWTH}`,
    grownShards: `${AT_GROWN_PEAK} it needs N = {{grownShards}} shards, as SG003 would size them then`,
    grownCopies: `${AT_GROWN_PEAK} it needs N = {{grownShards}} copies, as SG003 would size them then`,
    grownBuckets: `${AT_GROWN_PEAK} it needs N = {{grownBuckets}} buckets{{?grownBucketsRaiseTo}} at {{grownBucketsRaiseTo}} RU/s{{/grownBucketsRaiseTo}}, as SG003 would size them then`,
    grownRaise: "; at {{minGrowth}}× today's peak, {{grownRaiseTo}} RU/s of container throughput serve it as it is",
    grownOverCapacity: `${GROWN_CONTAINER}, and this value still needs more`,
    grownOverCapacityServes: `${GROWN_CONTAINER}, which then serves this value as it is`,
    watchAlarms: '; and watch it with the skew alarms',
  }),
  check(_design, { spaces }) {
    return spaces.flatMap((a): RuleHit<Id>[] => {
      // On one physical partition a dominant value saturates exactly when the container does (SG017's finding).
      if (judgedOnOnePhysicalPartition(a)) return [];
      const hotFirst = hotFirstLevel(a);
      const hotFull = fullKeyHit(a);
      // A value above maxHotKeyShare is the finding where there is one; one short only of minGrowthHeadroom otherwise.
      const anyDominant = hotFirst?.dominant === true || hotFull?.dominant === true;
      const first = hotFirst && (hotFirst.dominant || !anyDominant) ? hotFirst.first : undefined;
      const full = hotFull && (hotFull.dominant || !anyDominant) ? hotFull : undefined;
      // The full key's hottest value sits under one first-level value, on the same physical partition: where that
      // value saturates first (or alone is dominant), it is the finding, with its growth (one per key, as SG001's).
      // At the same growth (the full key's share estimated from the first level's, one value under it) the full key's stays.
      // Where both are dominant, at the full key's finding's path: one finding per key, whose identity a reorder keeps.
      // A share derived from the full key's declared one speaks of that same value's first level: it can only stand in
      // for the full key's finding (SG014 has nothing to say where the full key's share is not judged: SG003's error).
      const stands = full ? first && first.growth < full.growth : first?.source === 'declared';
      if (first && stands) return [firstLevelHit(a, first, anyDominant, full?.hit.path)];
      return full ? [full.hit] : [];
    });
  },
});

/**
 * A key whose hottest value SG001 already reports with its growth left (fewer values than minCardinality, not a time
 * bucket): a value within maxHotKeyShare short of minGrowthHeadroom adds nothing to that finding.
 */
function growthReportedBySg001(a: SpaceAnalysis): boolean {
  return a.cardinality < a.design.thresholds.minCardinality && !isTimeBucketKey(a.space.partitionKey);
}

/**
 * The fix notes of a value short of minGrowthHeadroom: what the key needs at that many times today's peak, as SG003
 * would size it then (`grownNeeds`), and the alarms to watch it with.
 */
function growthFixNotes(
  a: SpaceAnalysis,
  firstLevel: boolean,
  dimensions: readonly LoadDimension[],
  growth: number,
): { readonly fixNotes: Id[]; readonly data: MessageData } {
  const { load } = nearestToCeiling(dimensions);
  const { minGrowthHeadroom } = a.design.thresholds;
  const grown = grownNeeds(a, firstLevel);
  const reads = a.space.workload.hotKeyOperations === 'reads';
  const needs = grown.grownShards !== undefined || grown.grownBuckets !== undefined || grown.grownRaiseTo !== undefined;
  const fixNotes: Id[] = [
    ...(grown.grownContainerPeak !== undefined ? [needs ? ('grownOverCapacity' as const) : ('grownOverCapacityServes' as const)] : []),
    ...(grown.grownShards !== undefined ? [reads ? ('grownCopies' as const) : ('grownShards' as const)] : []),
    ...(grown.grownBuckets !== undefined ? ['grownBuckets' as const] : []),
    ...(grown.grownRaiseTo !== undefined ? ['grownRaise' as const] : []),
    'watchAlarms',
  ];
  return {
    fixNotes,
    data: Object.assign({}, grown, {
      minGrowth: minGrowthHeadroom,
      grownLoad: load * minGrowthHeadroom,
      valueGrowth: shownShort(growthAlone(dimensions), minGrowthHeadroom),
      growthShort: shownShort(growth, minGrowthHeadroom),
    }),
  };
}

/**
 * The hottest first-level value of a hierarchical key whose declared share, or the full key's declared share it
 * holds (`FirstLevelShare`), is above maxHotKeyShare (`dominant`) or whose growth left is short of minGrowthHeadroom, and whose load fits the physical partition it stays on (over
 * it, SG003's prefix check reports an error). A uniform share, however few the values, is SG001's. Not a value whose
 * documents span physical partitions it loads no more than the container's average (a region with half the traffic
 * and half the data): it saturates when the whole container does, SG017's line, and bucketing it gains nothing. Not a
 * level bucketed already whose buckets fit (SG003's fix applied, N from the load): the buckets are the fix, as a key
 * sharded so that each shard fits is (Azure, "Create a synthetic partition key": a calculated suffix spreads one hot
 * value's writes over the partitions); more buckets for the share alone would widen every query of that value.
 */
function hotFirstLevel(a: SpaceAnalysis): { readonly first: FirstLevelJudgement; readonly dominant: boolean } | undefined {
  // A flat key has no first level; else the share alone says whether the value can be dominant, and only then is it
  // judged on its partition (`firstLevelJudged`). Within maxHotKeyShare, only a value short of minGrowthHeadroom.
  if (a.space.partitionKey.length < 2) return undefined;
  const held = firstLevelShare(a.space);
  const declared = held.source === 'derived' ? held.keyShare : held.source === 'declared' ? held.share : undefined;
  if (declared === undefined) return undefined;
  const dominant = declared > a.design.thresholds.maxHotKeyShare;
  if (!dominant && growthReportedBySg001(a)) return undefined;
  const first = firstLevelJudged(a);
  if (!first || bucketLevel(first.level)) return undefined;
  // A middle time bucket whose current prefix is over its one physical partition is SG002's error: the value's writes
  // do not spread over the partitions its data spans.
  if (first.currentBucket && !fits(first.currentBucket.writes, first.currentBucket.usable)) return undefined;
  if (first.spanned > 1 && first.growth >= (containerGrowth(a) ?? Infinity) * (1 - 1e-9)) return undefined;
  if (!allFit(first.dimensions) || nearestToCeiling(first.dimensions).load <= 0) return undefined;
  if (dominant && shareCannotSaturate(a.design, first.growth, first.share)) return undefined;
  return dominant || shortOfGrowth(a.design, first.growth, first.dimensions) ? { first, dominant } : undefined;
}

/** The finding on a dominant first-level value: its load against the physical partition's share it can reach. */
function firstLevelHit(a: SpaceAnalysis, first: FirstLevelJudgement, dominant: boolean, path = a.space.partitionKeyPath): RuleHit<Id> {
  const { headroom, maxHotKeyShare } = a.design.thresholds;
  const busiest = nearestToCeiling(first.dimensions);
  const saturated = atCeiling(first.growth);
  const derived = first.source === 'derived';
  const growthFix = dominant ? undefined : growthFixNotes(a, true, first.dimensions, first.growth);
  const above: Id = dominant ? (saturated ? 'aboveMaxShareAtCeiling' : 'aboveMaxShare') : saturated ? 'belowMinGrowthAtCeiling' : 'belowMinGrowth';
  return {
    // The key's path, as for a share declared at a level: it stays put when the key is reordered (SG004's fix).
    path,
    messageId: dominant ? (derived ? 'dominantAtLeast' : 'dominant') : derived ? 'nearCeilingAtLeast' : 'nearCeiling',
    notes: [
      derived ? 'heldByFirstLevel' : 'declaredAtLevel',
      above,
      first.spanned > 1 ? 'firstLevelPartitions' : 'firstLevelPartition',
      ...(busiest.physical ? [firstLevelShareNote(first)] : []),
    ],
    fixId: growthFix ? 'fixGrowthFirstLevel' : saturated ? 'fixFirstLevelAtCeiling' : 'fixFirstLevel',
    ...(growthFix ? { fixNotes: growthFix.fixNotes } : {}),
    data: {
      key: [first.level.name],
      share: first.share,
      limit: maxHotKeyShare,
      declaredAt: first.at,
      atSource: 'declared',
      ...(derived ? { keyShare: first.keyShare, values: first.value.cardinality } : {}),
      level: first.level.name,
      deeperLevels: a.space.partitionKey.slice(1).map((l) => l.name),
      partitionGb: a.owner.profile.prefixPartition?.(a.design).gb,
      ...(first.spanned > 1 ? { spanned: first.spanned, prefixGb: first.gb } : {}),
      load: busiest.load,
      usable: busiest.usable,
      unit: busiest.unit,
      ...(saturated ? {} : { growthToCeiling: first.growth }),
      ...(busiest.physical ? Object.assign({}, physicalShareData(busiest.physical, headroom), { headroom }, spannedShareData(a, first)) : {}),
      ...growthFix?.data,
    },
  };
}

/** The note on what a dominant first-level value's physical partitions leave it: one partition, or several it spans (shared at its edges, or filled alone). */
function firstLevelShareNote(first: FirstLevelJudgement): Id {
  if (first.spanned === 1) return 'firstLevelPhysicalShare';
  return edgeRoom(first) > 0 ? 'firstLevelSpannedShare' : 'firstLevelFilledShare';
}

/** The part of a partition a first-level value spanning several leaves other values, at its edges (`firstLevelSpan`). */
function edgeRoom(first: FirstLevelJudgement): number {
  const room = first.spanned - first.gb / COSMOS_LIMITS.physicalPartitionGb;
  // A hair under a multiple of 50 GB (float noise in a derived size) leaves no room.
  return room > 1e-9 ? room : 0;
}

/**
 * The figures the verdict on a first-level value spanning several physical partitions rests on (`firstLevelSpan`):
 * the usable RU/s of the partitions it spans, the room its documents leave other values at its edges (in partitions),
 * and the other values' load, of which that room takes its part of each partition's average.
 */
function spannedShareData(a: SpaceAnalysis, first: FirstLevelJudgement): Record<string, number> {
  const physical = physicalBound(first.dimensions)?.physical;
  if (first.spanned === 1 || !physical) return {};
  const { loads } = first.value;
  return {
    spannedUsable: first.spanned * physical.requestUnitsEach * a.design.thresholds.headroom,
    edgeRoom: edgeRoom(first),
    restRu: a.total.reads + a.total.writes - (loads.reads + loads.writes),
  };
}

/** The finding on the full key's hottest value, with the growth it gives; undefined where SG014 has nothing to say of it. */
function fullKeyHit(a: SpaceAnalysis): { readonly hit: RuleHit<Id>; readonly growth: number; readonly dominant: boolean } | undefined {
  const { design } = a;
  const { space } = a;
  const { hotKeyShare, hotKeyShareSource, hotKeyShareAt, hotKeyShareLevel } = space.workload;
  const declared = hotKeyShareSource === 'declared' || hotKeyShareSource === 'derived';
  // Above the ceiling SG003 reports it as an error; a key sharded because its throughput needs it is
  // planned for its hottest value by that sharding. Any other declared sharding (needless, SG007, or for
  // size only) does not count: the share never raises N (a dominant share is a warning with a growth note), so the note speaks of the
  // unsharded key, as it stands after SG007's fix, even where that sharding itself puts it over (DynamoDB copies beside
  // each other on their partitions: SG003's fix is SG007's, to remove them).
  if (!declared || (a.over.length > 0 && !space.sharding)) return undefined;
  const dominant = hotKeyShare > design.thresholds.maxHotKeyShare;
  // Within maxHotKeyShare, only an unsharded key within its ceiling today is judged on its growth (a declared sharding
  // is SG007's or the load's; over the ceiling, SG003's), and not where SG001 reports its growth already.
  if (!dominant && (space.sharding || growthReportedBySg001(a))) return undefined;
  // Estimated from a bucketed first level's declared share (one bucket's): its buckets are the fix (hotFirstLevel).
  if (hotKeyShareSource === 'derived' && hotKeyShareLevel === 0 && bucketLevel(space.partitionKey[0])) return undefined;
  // A needless sharding kept on purpose (SG007 acknowledged or off) is the design, judged sharded as SG001 judges it.
  if (space.sharding && ((a.plan.needs.throughput ?? Infinity) > 1 || needlessShardingKept(a))) return undefined;
  // Above the container's usable RU/s no partition's share today is a ceiling: say what SG017 says, never "a usable 0".
  // Where SG017's raise (a serverless container's move) is modelled, the key fits there (else SG003 errs): judged at it,
  // on the partition SG002 and SG003 quote (AT_CAPACITY_RAISE), with the growth left there.
  const capacity = overCapacity(a);
  const atRaise = capacity && a.physical?.raisedFrom ? unshardedDimensions(a) : undefined;
  const unsharded = atRaise ?? reachableDimensions(a);
  const busiest = nearestToCeiling(unsharded);
  // The key's one growth factor (SG001 gives the same); off capacity `unsharded` is the same share it is judged on.
  const growth = hotValueGrowth(a);
  const saturated = atCeiling(growth);
  // No declared traffic: nothing to saturate, and no growth factor to report.
  if (busiest.load === 0) return undefined;
  // A share no skew can turn into a saturated partition before the planned growth: nothing to warn of (`shareCannotSaturate`).
  if (dominant && !capacity && shareCannotSaturate(design, growth, hotKeyShare)) return undefined;
  // Short of minGrowthHeadroom within maxHotKeyShare; not in a container short of RU/s, SG017's finding (it says what
  // to raise, and every key's growth follows), nor where the growth leaves the value over only as the container's load
  // fills its partition (`grownLeftToCapacity`, SG003's verdict on it there).
  if (!dominant)
    return capacity || !allFit(unsharded) || !shortOfGrowth(design, growth, unsharded) || grownLeftToCapacity(a)
      ? undefined
      : { growth, dominant, hit: growthHit(a, unsharded, growth) };
  const onLevel = hotKeyShareLevel !== undefined;
  const average = averageChildrenNote(a);
  const level: Id[] = onLevel ? [hotKeyShareSource === 'derived' ? 'estimatedFromLevel' : 'declaredAtLevel'] : [];
  const { headroom } = design.thresholds;
  // The key within its ceiling (today's, or at SG017's raise): the load, its usable ceiling and the growth left.
  const fitted: Pick<RuleHit<Id>, 'notes' | 'data'> & { readonly notes: Id[] } = {
    notes: [...level, saturated ? 'aboveMaxShareAtCeiling' : 'aboveMaxShare', ...(busiest.physical ? ['physicalShare' as const] : [])],
    data: {
      load: busiest.load,
      usable: busiest.usable,
      unit: busiest.unit,
      ...(saturated ? {} : { growthToCeiling: growth }),
      ...(busiest.physical ? Object.assign({}, physicalShareData(busiest.physical, headroom), { headroom }) : {}),
    },
  };
  const judged: Pick<RuleHit<Id>, 'notes' | 'fixId' | 'data'> = atRaise
    ? { notes: [...fitted.notes, ...(busiest.physical ? ['atCapacityRaise' as const] : [])], fixId: 'fixOverCapacity', data: fitted.data }
    : capacity
      ? {
          notes: [...level, busiest.physical ? 'aboveMaxShareOverCapacityOwn' : 'aboveMaxShareOverCapacity'],
          fixId: 'fixOverCapacity',
          data: {
            load: busiest.load,
            unit: busiest.unit,
            containerPeak: capacity.peak,
            containerUsable: capacity.usable,
            containerRu: capacity.capacity,
            headroom,
            ...(busiest.physical
              ? {
                  partitionLoad: busiest.load + busiest.physical.neighbours,
                  neighbourRu: busiest.physical.neighbours,
                  partitionRu: busiest.physical.requestUnitsEach,
                  partitionUsable: busiest.physical.requestUnitsEach * headroom,
                }
              : {}),
          },
        }
      : { notes: fitted.notes, ...fitFix(a, saturated, fitted.data) };
  return {
    growth,
    dominant,
    hit: {
      // Declared for the whole key: that field; from a key level: the key (its path stays put when the key is reordered).
      path: onLevel ? space.partitionKeyPath : (hotKeyShareAt ?? `${space.workload.path}.hotKeyShare`),
      index: space.index,
      messageId: 'dominant',
      // What the estimate assumes closes the finding, after the verdict it qualifies.
      notes: average ? [...(judged.notes ?? []), average.note] : judged.notes,
      fixId: judged.fixId,
      data: {
        key: space.partitionKey.map((k) => k.name),
        index: space.index,
        share: hotKeyShare,
        limit: design.thresholds.maxHotKeyShare,
        ...(onLevel && hotKeyShareAt !== undefined ? { declaredAt: hotKeyShareAt, atSource: 'declared' } : {}),
        ...average?.data,
        ...judged.data,
      },
    },
  };
}

/** The fix of a key within its ceiling: sharding, or, for a key hot by its reads alone, a cache or copies of the item. */
function fitFix(a: SpaceAnalysis, saturated: boolean, data: MessageData): Pick<RuleHit<Id>, 'fixId' | 'data'> {
  if (a.space.workload.hotKeyOperations !== 'reads') return { fixId: saturated ? 'fixAtCeiling' : 'fix', data };
  // The engine's cache, and the one in the application beside it where the profile names one (an item every request reads).
  const { cache, cacheInApp } = cacheWordsOf(a.owner.profile);
  return { fixId: saturated ? 'fixReadsAtCeiling' : 'fixReads', data: Object.assign({}, data, { cache }, cacheInApp === undefined ? {} : { cacheInApp }) };
}

/** The finding on the full key's hottest value within maxHotKeyShare whose growth left is short of minGrowthHeadroom. */
function growthHit(a: SpaceAnalysis, dimensions: readonly LoadDimension[], growth: number): RuleHit<Id> {
  const busiest = nearestToCeiling(dimensions);
  const { design, space } = a;
  const { hotKeyShare, hotKeyShareSource, hotKeyShareAt, hotKeyShareLevel } = space.workload;
  const { headroom } = design.thresholds;
  const saturated = atCeiling(growth);
  const onLevel = hotKeyShareLevel !== undefined;
  const growthFix = growthFixNotes(a, false, dimensions, growth);
  const average = averageChildrenNote(a);
  const data = Object.assign(
    {
      key: space.partitionKey.map((k) => k.name),
      index: space.index,
      share: hotKeyShare,
      limit: design.thresholds.maxHotKeyShare,
      load: busiest.load,
      usable: busiest.usable,
      unit: busiest.unit,
    },
    onLevel && hotKeyShareAt !== undefined ? { declaredAt: hotKeyShareAt, atSource: 'declared' } : {},
    saturated ? {} : { growthToCeiling: growth },
    busiest.physical ? Object.assign({}, physicalShareData(busiest.physical, headroom), { headroom }) : {},
    growthFix.data,
    average?.data,
  );
  const fix = fitFix(a, false, data);
  return {
    path: onLevel ? space.partitionKeyPath : (hotKeyShareAt ?? `${space.workload.path}.hotKeyShare`),
    index: space.index,
    messageId: 'nearCeiling',
    notes: [
      ...(onLevel ? [hotKeyShareSource === 'derived' ? ('estimatedFromLevel' as const) : ('declaredAtLevel' as const)] : []),
      saturated ? 'belowMinGrowthAtCeiling' : 'belowMinGrowth',
      ...(busiest.physical ? ['physicalShare' as const] : []),
      ...(average ? [average.note] : []),
    ],
    fixId: fix.fixId === 'fixReads' ? 'fixGrowthReads' : 'fixGrowth',
    fixNotes: growthFix.fixNotes,
    data: fix.data,
  };
}
