import { cardinalityValue } from '../../design/cardinality';
import { currentBucketValues, isTimeBucketKey, type KeyAttribute, type KeyDesign } from '../../design/key-design';
import { nearestToCeiling, allFit, fits, type LoadDimension } from '../../design/sharding';
import { COSMOS_LIMITS, type PhysicalShare } from '../../engines';
import { ADVICE_MESSAGES, adviceFor, editsBeforeRaises, keyChangeBeforeRaises, type AdviceId } from '../advice';
import { atCeiling, growthOf, type SpaceAnalysis } from '../analysis';
import {
  AFTER_CAPACITY_FIX,
  AT_CAPACITY_RAISE,
  capacityRaiseData,
  DIVIDED_RU,
  onePartitionRequestUnits,
  onePhysicalPartition,
  overCapacity,
  physicalShareData,
  reachableDimensions,
  shareAtCapacityRaise,
  shareCeiling,
  unshardedDimensions,
  type ValueLoad,
} from '../physical-partition';
import { reorderOverload } from '../prefix-ingestion';
import { withQueriedLevelFirst } from '../query-led-order';
import { fixedOrder, rekeyedEdits } from '../reorder';
import { dominantAfterReorder, REORDER_DOMINANT, reorderDominantData } from '../reorder-dominant';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';
import { TIME_BUCKET_MIDDLE_MESSAGES, timeBucketMiddleHit, type TimeBucketMiddleId } from '../time-bucket-middle';

type Id =
  | 'kindGuessedFromName'
  | 'timeKey'
  | 'timeKeyFits'
  | 'timeKeyFitsIdle'
  | 'heldKeyFits'
  | 'heldKeyFitsIdle'
  | 'timeFirst'
  | 'timeFirstFits'
  | 'timeFirstFitsIdle'
  | 'orEventId'
  | 'eventIdFirst'
  | 'fixFits'
  | 'fixCapacityFirst'
  | 'fixReorder'
  | 'fixReorderFits'
  | 'fixUniqueFirst'
  | 'fixUniqueFirstFits'
  | 'uniqueFirstWhy'
  | 'uniqueFirstQueries'
  | 'fixQueries'
  | 'reorderDominant'
  | 'physicalShare'
  | 'physicalShareOverLogical'
  | 'physicalSharePrefix'
  | 'combinedKey'
  | 'combinedKeyFits'
  | 'combinedKeyAtCeiling'
  | 'fixCombinedFits'
  | 'fixCombinedAtCeiling'
  | 'orMoreValues'
  | 'moreValuesFirst'
  | 'combinedReadsAndWrites'
  | 'combinedAtCapacityRaise'
  | 'bucketAtCapacityRaise'
  | 'timeKeyOnePhysicalPartition'
  | 'fixOnePhysicalPartition'
  | TimeBucketMiddleId
  | AdviceId;

/** What a time bucket that fits one partition does: every current write on it, under the ceiling. */
const BUCKET_FITS =
  'the current bucket takes every write and the reads of recent data, but one partition serves it with headroom ({{load}} of a usable {{usable}} {{unit}})';

/** A combined key's current bucket on a few values, each above maxHotKeyShare. */
const FEW_CURRENT_VALUES =
  "partition key {{key|key}}{{index|onIndex}} combines the time bucket {{buckets|attributes}} with {{others|attributes}}: while older buckets sit idle, the current bucket's writes (and the reads of recent data) land on {{values|one=# key value|other=# key values}} only, the hottest taking {{share|percent}} (above maxHotKeyShare {{limit|percent}})";

/**
 * "2,000 WCU writes against a usable 800 WCU (80% of the 1,000 WCU ceiling)", from the bucket's numbers; where the
 * engine judges the bucket beside its partition's neighbours (DynamoDB), the usable line is the headroom's and the
 * neighbours' load is taken off it in words, so the percentage is never read as a headroom of its own.
 */
const LOAD_AGAINST_CEILING =
  '{{load}} {{unit}}{{label|read= reads|write= writes|request=}} against a usable {{usableAlone}} {{unit}} ({{usableShare|percent}} of the {{ceiling}} {{unit}} ceiling){{?neighbours}}, less the {{neighbours}} {{unit}} its neighbours are expected to take: {{usable}} {{unit}} left{{/neighbours}}';

/** The key change a time bucket's fix offers: no RU/s, a new container (an append-only log read by event needs nothing else). */
const EVENT_ID = 'key by an event id, or combine {{bucket|key}} with a business attribute the writes carry, in one composite value';

/** The key change a combined key's fix offers: more values in each bucket than its other parts give. */
const MORE_VALUES =
  'key by an event id, or combine {{buckets|attributes}} with an attribute of many values the writes carry (a user or device id), not only {{others|attributes}} ({{values|one=# value|other=# values}} in each bucket)';

/** How a Cosmos DB container's RU/s reach the current bucket's physical partition, for the notes that say it bites. */
const SHARE_OF_CONTAINER = `; ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s ({{partitionUsable}} usable{{neighbourRu|zero=|other=, less the # RU/s other key values are expected to take there}})`;

/**
 * The load a finding quotes and the ceiling it is judged against: the nearest of `dimensions` to its ceiling, except
 * where that is the logical partition's ceiling (the engine names it for a value above it: no RU/s lift it) and the
 * value's physical partition gives it less (a date key's 26,000 RU/s on a partition of 375 RU/s are not to be quoted
 * against "a usable 8,000 RU/s" when its partition gives it 300). Then the share is the figure, and `overLogical`
 * says the logical ceiling is passed too, so the note can say more RU/s alone do not serve it.
 */
function judgedAgainst(
  a: SpaceAnalysis,
  dimensions: readonly LoadDimension[],
  value?: ValueLoad,
  layout?: PhysicalShare,
): { worst: LoadDimension; overLogical: boolean } {
  const nearest = nearestToCeiling(dimensions);
  const share = nearest.physical || fits(nearest.load, nearest.usable) ? undefined : shareCeiling(a, value, layout);
  return share ? { worst: share, overLogical: true } : { worst: nearest, overLogical: false };
}

/** The note and figures of the physical partition's share a bucket is judged against, if it is. */
function shareNote(
  worst: LoadDimension,
  overLogical: boolean,
  headroom: number,
): { notes: ('physicalShare' | 'physicalShareOverLogical')[]; data: Record<string, number> } | undefined {
  if (!worst.physical) return undefined;
  const data = physicalShareData(worst.physical, headroom);
  return overLogical
    ? { notes: ['physicalShareOverLogical'], data: Object.assign(data, { logicalUsable: data.logicalCeiling * headroom }) }
    : { notes: ['physicalShare'], data };
}

/** The time-bucket parts of a key and the other parts, by name (components of an attribute, or levels). */
function bucketParts(levels: readonly KeyAttribute[]): { buckets: string[]; others: string[]; at: KeyAttribute } {
  const parts = levels.flatMap((l) => (l.components.length > 0 ? l.components : [l]));
  const at = levels.find((l) => l.kind === 'time-bucket' || l.components.some((c) => c.kind === 'time-bucket')) ?? levels[0];
  return {
    buckets: parts.filter((p) => p.kind === 'time-bucket').map((p) => p.name),
    others: parts.filter((p) => p.kind !== 'time-bucket').map((p) => p.name),
    at,
  };
}

/**
 * A key that combines a time bucket with other parts (`yyyyMMdd#tenantId`, or a hierarchical `/tenantId` → `/date`):
 * the current bucket's writes land on as many key values as the other parts have (`currentBucketValues`), whatever
 * the key's cardinality in all, and the normalized hottest share is that bucket's (`hotKeyShareSource` 'time-bucket').
 * Judged as a time-bucket key is, on that share: an error over the usable ceiling. Within it, quiet: the key spreads
 * today's writes over those values (day × a million users), and a few of them is SG001's to note. Sharded, SG003 says
 * how far to raise the count.
 */
function combinedHit(design: KeyDesign, a: SpaceAnalysis): RuleHit<Id>[] {
  const { space } = a;
  const levels = space.partitionKey;
  // Most keys have no time bucket: their share is no bucket's, and no bucket's values are counted.
  if (space.workload.hotKeyShareSource !== 'time-bucket') return [];
  const values = currentBucketValues(levels);
  if (values === undefined) return [];
  const bucket = reachableDimensions(a);
  // Within the ceiling unsharded, as a plain time bucket that fits: whether or not a sharding is declared (SG007's).
  if (allFit(bucket)) return combinedFits(a, bucket, nearestToCeiling(bucket), values);
  if (space.sharding) return [];
  // In a container whose peak is above its usable RU/s (SG017), today's layout leaves the bucket little or nothing
  // whatever the key ("a usable 0 RU/s"): every physical partition is short. The figures a reader can act on are those
  // of the container SG017's raise gives, which the fix asks for first (a.physical is that layout's share).
  const atRaise = a.physical?.raisedFrom && overCapacity(a) ? a.physical : undefined;
  const today = judgedAgainst(a, bucket);
  const { worst, overLogical } = atRaise ? judgedAgainst(a, unshardedDimensions(a), undefined, atRaise) : today;
  const physical = shareNote(worst, overLogical, design.thresholds.headroom);
  const raised = atRaise?.raisedFrom && {
    notes: ['combinedAtCapacityRaise' as const],
    data: { raisedRu: atRaise.requestUnits, ...capacityRaiseData(atRaise), usableToday: today.worst.usable },
  };
  const { buckets, others, at } = bucketParts(levels);
  const base = {
    key: levels.map((l) => l.name),
    index: space.index,
    buckets,
    others,
    values,
    share: space.workload.hotKeyShare,
    ...loadFigures(worst),
  };
  const advice = bucketAdvice(a);
  const [fixId, ...fixNotes] = keyChangeBeforeRaises<Id>(advice.ids, 'moreValuesFirst', 'orMoreValues');
  return [
    {
      path: at.path,
      index: space.index,
      messageId: 'combinedKey',
      // On one RU/s budget (Cosmos DB), say how it is spent: the writes alone can be over the ceiling.
      notes: [
        ...(raised ? raised.notes : []),
        ...(worst.label === 'request' && a.hot.reads > 0 && a.hot.writes > 0 ? ['combinedReadsAndWrites' as const] : []),
        ...(physical?.notes ?? []),
      ],
      fixId,
      fixNotes,
      data: Object.assign({}, advice.data, base, physical?.data, raised?.data, { hotReads: a.hot.reads, hotWrites: a.hot.writes }),
      edits: editsBeforeRaises(advice),
    },
  ];
}

/**
 * A combined key whose current bucket's values each fit, but few enough that each takes more than maxHotKeyShare
 * (`yyyyMMdd#tenantId`, 5 tenants: today on 5 values, 20% each): a warning with the growth left, as a plain time
 * bucket that fits gets (its one current value takes 100%). Many values (day × a million users) stay quiet.
 */
function combinedFits(a: SpaceAnalysis, bucket: readonly LoadDimension[], worst: LoadDimension, values: number): RuleHit<Id>[] {
  const { space, design } = a;
  const growth = growthOf(bucket);
  if (space.workload.hotKeyShare <= design.thresholds.maxHotKeyShare || !Number.isFinite(growth)) return [];
  const { buckets, others, at } = bucketParts(space.partitionKey);
  const physical = worst.physical ? { notes: ['physicalShare' as const], data: physicalShareData(worst.physical, design.thresholds.headroom) } : undefined;
  const saturated = atCeiling(growth);
  return [
    {
      path: at.path,
      index: space.index,
      severity: 'warning',
      messageId: saturated ? 'combinedKeyAtCeiling' : 'combinedKeyFits',
      notes: physical?.notes,
      fixId: saturated ? 'fixCombinedAtCeiling' : 'fixCombinedFits',
      fixNotes: ['orMoreValues'],
      data: Object.assign({}, physical?.data, loadFigures(worst), {
        key: space.partitionKey.map((l) => l.name),
        index: space.index,
        buckets,
        others,
        values,
        share: space.workload.hotKeyShare,
        limit: design.thresholds.maxHotKeyShare,
        ...(saturated ? {} : { growthToCeiling: growth }),
      }),
    },
  ];
}

/**
 * The fix of a current bucket over its ceiling, unsharded (a date key, or one that combines a date with other parts).
 * Over only on the layout the container has now, whose peak is above its usable RU/s: the plan, judged where SG017's
 * fix leaves the container, needs no shards, so that fix comes first (not "remove the sharding" of a key that has none).
 */
function bucketAdvice(a: SpaceAnalysis): Pick<RuleHit<Id>, 'data' | 'edits'> & { readonly ids: readonly Id[] } {
  return a.plan.layout === 'none' ? { ids: ['fixCapacityFirst'], data: {} } : adviceFor(a);
}

/** The figures of the load nearest its ceiling, as both findings give them. */
function loadFigures(worst: LoadDimension) {
  const usableAlone = worst.neighbours?.usableAlone ?? worst.usable;
  return {
    load: worst.load,
    unit: worst.unit,
    label: worst.label,
    usable: worst.usable,
    usableAlone,
    neighbours: worst.neighbours && worst.neighbours.load > 0 ? worst.neighbours.load : undefined,
    ceiling: worst.ceiling,
    usableShare: usableAlone / worst.ceiling,
  };
}

/** Whether a prefix-routed (hierarchical) key, not all time buckets, has one first: SG002 judges its prefix. */
function timeBucketFirst(a: SpaceAnalysis): boolean {
  const levels = a.space.partitionKey;
  return !isTimeBucketKey(levels) && a.owner.profile.routing === 'key-prefix' && levels.length > 1 && levels[0].kind === 'time-bucket';
}

/**
 * Whether SG002 judges the hottest key value of an unsharded key (so SG003 leaves it): a key made of time buckets,
 * or one that combines a time bucket with other parts, unless the time bucket leads a hierarchical key (SG002 then
 * judges the prefix, and SG003 the full key value).
 */
export function judgedAsTimeBucket(a: SpaceAnalysis): boolean {
  const { space } = a;
  return isTimeBucketKey(space.partitionKey) || (space.workload.hotKeyShareSource === 'time-bucket' && !timeBucketFirst(a));
}

/**
 * A time-bucket key (whole, or combined with other parts) on a container of one physical partition whose own RU/s
 * serve its peak: every key value shares that partition, so the current bucket takes no more of it than any other key
 * would, and shards or buckets of it would share it too (as SG001 says of a few-valued key there). A warning, to re-key
 * before the container leaves that partition: its partition key cannot change later. Undefined otherwise.
 */
function onePartitionHit(a: SpaceAnalysis): RuleHit<Id> | undefined {
  const physical = onePhysicalPartition(a);
  const peak = a.total.reads + a.total.writes;
  if (!physical || peak > physical.requestUnits) return undefined;
  const levels = a.space.partitionKey;
  return {
    path: levels.length === 1 ? levels[0].path : a.space.partitionKeyPath,
    severity: 'warning',
    messageId: 'timeKeyOnePhysicalPartition',
    fixId: 'fixOnePhysicalPartition',
    data: {
      key: levels.map((l) => l.name),
      peak,
      containerRu: physical.requestUnits,
      partitionRu: onePartitionRequestUnits(physical),
      throughputFrom: physical.throughputFromStorage ? 'storage' : 'provisioned',
      partitionGb: COSMOS_LIMITS.physicalPartitionGb,
    },
  };
}

/**
 * A key that is a time bucket by its name alone says so, and where to declare otherwise: `period` or `epoch` can name a
 * value that holds no time, and the error and its fix (a new key) would then be wrong (a user review: `batchNo`, a lot id).
 */
function withGuessNote(a: SpaceAnalysis, h: RuleHit<Id>): RuleHit<Id> {
  const levels = a.space.partitionKey;
  const middle = h.messageId === 'timeMiddle' ? levels.filter((l) => l.path === h.path) : [];
  const judged = isTimeBucketKey(levels) ? levels : timeBucketFirst(a) ? levels.slice(0, 1) : middle;
  const guessed = judged.filter((l) => l.kindGuessed);
  if (guessed.length === 0 || guessed.length < judged.length) return h;
  return Object.assign({}, h, {
    notes: [...(h.notes ?? []), 'kindGuessedFromName' as const],
    data: Object.assign({}, h.data, { kindAt: guessed.map((l) => `${l.path}.kind`) }),
  });
}

function hit(design: KeyDesign, a: SpaceAnalysis): RuleHit<Id>[] {
  const { space } = a;
  const levels = space.partitionKey;
  const wholeKey = isTimeBucketKey(levels);
  const firstLevel = timeBucketFirst(a);
  // The bucket's order in a hierarchical key is a choice made once, at creation: its finding stands on one partition too.
  const onePartition = !firstLevel && (wholeKey || judgedAsTimeBucket(a)) ? onePartitionHit(a) : undefined;
  if (onePartition) return [onePartition];
  if (!wholeKey && !firstLevel) {
    const middle = timeBucketMiddleHit(a);
    return middle ? [middle] : combinedHit(design, a);
  }
  // The current bucket takes every write (and the reads of recent data): conservatively the whole key space's load,
  // against its physical partition's share of a Cosmos DB container's RU/s where that is below the logical ceiling.
  // Leading a hierarchical key, the bucket is one first-level value: the whole load under one prefix, whose documents
  // stay on one physical partition until they hold 50 GB (a new bucket holds none), judged on the same share.
  const prefix = wholeKey ? undefined : { loads: a.total, cardinality: cardinalityValue(levels[0].cardinality) };
  // In a container whose peak is above its usable RU/s (SG017), the bucket is judged where SG017's raise leaves it, on
  // the physical partitions SG003 judges the key on: one container, one partition's RU/s in one report.
  const raised = shareAtCapacityRaise(a, prefix);
  const bucket = raised
    ? a.owner.profile.loadDimensions((prefix ?? { loads: a.hot }).loads, design.thresholds.headroom, raised)
    : reachableDimensions(a, prefix);
  const { worst, overLogical } = judgedAgainst(a, bucket, prefix, raised);
  const share = shareNote(worst, overLogical, design.thresholds.headroom);
  const fits = allFit(bucket);
  // A prefix is no one logical partition: its note says what the share is beside (one full key value's 10,000 RU/s).
  const physical = share && {
    notes: [...(wholeKey ? share.notes : ['physicalSharePrefix' as const]), ...(worst.physical?.raisedFrom ? ['bucketAtCapacityRaise' as const] : [])],
    data: Object.assign(share.data, { partitionGb: a.owner.profile.prefixPartition?.(design).gb, raisedVerdict: fits ? 'serves' : 'short' }),
  };
  const growth = growthOf(bucket);
  const idle = !Number.isFinite(growth);
  // A separate shard attribute (`hourBucketShard`) holds the time bucket it shards (`hourBucket`): that is the bucket.
  const held = space.sharding?.logicalAttribute;
  const base = {
    key: levels.map((l) => l.name),
    bucket: held === undefined ? levels.map((l) => l.name) : [held],
    index: space.index,
    ...loadFigures(worst),
    // The growth factor is the headroom left: only a bucket that still fits, and that traffic reaches, has one.
    ...(fits && !idle ? { growthToCeiling: growth } : {}),
  };

  if (firstLevel) {
    // Ordered by cardinality, with the level the declared queries give most first (SG004 judges the order by them).
    const reordered = withQueriedLevelFirst(a.owner, fixedOrder(levels));
    // A unique level first (no business level to lead) leaves one document per logical partition, so the levels
    // after it divide nothing: the fix is that level alone, a flat key ("Partitioning and horizontal scaling": the item
    // ID is a great key for write-heavy containers of any size; "Hierarchical partition keys": what a hierarchy adds is
    // prefixes that may exceed 20 GB and 10,000 RU/s, and queries routed by prefix, neither of which a one-document
    // prefix has), not the reorder `/orderId` → `/orderDate`, whose date level only lengthens every point read's key.
    const uniqueFirst = cardinalityValue(reordered[0].cardinality) === Infinity;
    const order = uniqueFirst ? reordered.slice(0, 1) : reordered;
    // Queries that give only the time bucket would cross partitions once it is last: then the fix needs more than an edit.
    const targeted = a.owner.keepsQueriesTargeted(order[0].name);
    // Not written where the new first level's hottest value would overload its physical partition (SG003), or take
    // more than maxHotKeyShare where the key as it is does not (SG014, as SG004 withholds its reorder): a first level of
    // few values keeps each one's documents on one physical partition until they hold 50 GB.
    const overload = reorderOverload(design, order);
    const dominant = targeted && overload === undefined ? dominantAfterReorder(design, a.owner, order) : undefined;
    const data = Object.assign(
      {},
      base,
      physical?.data,
      { level: levels[0].name, order: order.map((l) => l.name), spreadBy: order[0].name },
      dominant ? reorderDominantData(dominant) : {},
    );
    const fixId: Id = uniqueFirst ? (fits ? 'fixUniqueFirstFits' : 'fixUniqueFirst') : fits ? 'fixReorderFits' : 'fixReorder';
    return [
      {
        path: levels[0].path,
        severity: fits ? 'warning' : undefined,
        messageId: !fits ? 'timeFirst' : idle ? 'timeFirstFitsIdle' : 'timeFirstFits',
        notes: physical?.notes,
        fixId,
        fixNotes: [
          ...(targeted ? [] : (['fixQueries'] as const)),
          ...(uniqueFirst ? (['uniqueFirstWhy'] as const) : []),
          ...(uniqueFirst && targeted ? (['uniqueFirstQueries'] as const) : []),
          ...(dominant ? (['reorderDominant'] as const) : []),
        ],
        data,
        // Not when the new first level's hottest value would overload its physical partition (SG003), nor make it dominant (SG014).
        edits: targeted && overload === undefined && !dominant ? rekeyedEdits(design, order) : undefined,
      },
    ];
  }
  if (fits) {
    return [
      {
        path: levels.length === 1 ? levels[0].path : space.partitionKeyPath,
        index: space.index,
        severity: 'warning',
        messageId: held === undefined ? (idle ? 'timeKeyFitsIdle' : 'timeKeyFits') : idle ? 'heldKeyFitsIdle' : 'heldKeyFits',
        notes: physical?.notes,
        fixId: 'fixFits',
        data: Object.assign({}, base, physical?.data),
      },
    ];
  }
  // Sharded but still over: SG003 says how far to raise the count.
  if (space.sharding) return [];
  const advice = bucketAdvice(a);
  const [fixId, ...fixNotes] = keyChangeBeforeRaises<Id>(advice.ids, 'eventIdFirst', 'orEventId');
  return [
    {
      path: levels.length === 1 ? levels[0].path : space.partitionKeyPath,
      index: space.index,
      messageId: 'timeKey',
      notes: physical?.notes,
      fixId,
      fixNotes,
      data: Object.assign({}, advice.data, base, physical?.data),
      edits: editsBeforeRaises(advice),
    },
  ];
}

export const timeBucketKey = defineRule({
  id: 'SG002',
  title: 'time-bucket-key',
  summary: 'A time-bucket key (date, hour, month) that sends every write to the current bucket',
  severity: 'error',
  thresholds: ['headroom', 'maxHotKeyShare'],
  fires:
    "The partition key is a time bucket (declared, or named like date/day/hour/yyyyMM/createdAt/period/window/weekNo), or in Cosmos DB the first level of a hierarchical key is, and the current bucket's load exceeds the usable ceiling unsharded. A warning, with the growth factor, when that load fits one partition.",
  firesAlso: [
    "A Cosmos DB container with declared throughput: the ceiling is its physical partition's share of the RU/s where that is lower, as SG003 judges a key; a serverless container serves 5,000 RU/s shared by up to five physical partitions, then 1,000 per partition beyond.",
    "A time-bucket first level: the whole load under the current bucket's prefix counts, on its physical partition's share, since its documents stay on one physical partition until they hold 50 GB.",
    "A key that combines a time bucket with other parts, unsharded (components such as `yyyyMMdd#tenantId`, or levels such as Cosmos DB `/tenantId` → `/date`): the current bucket's writes land on as many key values as the other parts have (their counts multiplied within one attribute; the largest across levels), each taking 1/that of the load, whatever the key's cardinality in all. An error when that exceeds the usable ceiling.",
    "Such a combined key on a Cosmos DB physical partition: each value sits beside 1/P of the rest of the container's load (each other value hashed there with probability 1/P, whatever their count), as a key of that many values does.",
    'Such a combined key within the ceiling (sharded or not): a warning with the growth factor when each of those values takes more than maxHotKeyShare (5 tenants: 20% each); quiet when they are many.',
    'A GSI keyed by a separate shard attribute (`sharding.logicalAttribute`): a time bucket when the attribute it shards is one (`hourBucketShard` holding `hourBucket`), and named by it.',
    'A Cosmos DB container of one physical partition whose own RU/s serve the peak (declared throughput and size; not a time bucket leading a hierarchical key): a warning whatever the load, since every key value shares that partition, and shards or buckets of the current bucket would share it too.',
    "A container short of RU/s (SG017's finding): the figures (a combined key's, a time bucket's, a first level's bucket) are those at SG017's raise, as SG003 judges a key there, since today every physical partition is short, whatever the key; a serverless container's are those at SG017's move to manual throughput, on the partitions it keeps.",
    "Over the logical partition's ceiling, on a physical partition whose share is lower still: the finding quotes that share (the figure its verdict is against) and says the logical ceiling is why more RU/s alone would not serve it.",
    "A time bucket between the first and last levels of a Cosmos DB hierarchical key, under a first-level value whose declared largestGb spans several physical partitions: the value's current writes carry one (value, bucket) prefix, on one physical partition, so they are judged against that partition's usable RU/s, not the spanned ones'. An error when over.",
  ],
  rationale:
    'All writes at a given moment hit the current bucket, so one partition takes the whole write load while older buckets idle, and every rollover starts cold (AWS: "Best practices for handling time series data"; "Using write sharding to distribute workloads evenly").',
  rationaleDetails: [
    'A time bucket as the first level of a Cosmos DB hierarchical key sends every current write under one prefix, whose documents stay on one physical partition until they hold 50 GB and it splits (Azure: "Hierarchical partition keys").',
    'A time bucket as a middle level does the same under each first-level value: a prefix query is routed to "the subset of partitions that hold the data" (Azure: "Hierarchical partition keys"), so one (value, bucket) prefix is one range of the key space, and a bucket\'s few GB sit on one physical partition.',
  ],
  fix: 'Shard the bucket (`date#shard`), key by an event id, or combine time with a business dimension (`yyyyMM-userId`); in a hierarchical key, put the time bucket last.',
  fixDetails: [
    'A Cosmos DB flat key with room for a level: the hierarchical key leads (a first level of many values, the one the queries give where they name it, then the bucket: `/deviceId` → `/day`), as Microsoft recommends over a synthetic key. The shards follow as the alternative, and stay the edit where the new level is not named.',
    "A `workload.hotKeyShare` the flat key declares (its current bucket's) is said to be removed with that key: the new first level splits the bucket, and left in place it would judge that level at the bucket's whole share (SG003).",
    "A hierarchical key's reorder (the time bucket moved last) is advice, not an edit, where its new first level's hottest value would overload its physical partition (SG003) or take more than maxHotKeyShare (SG014's own check on the reordered design), as SG004 withholds its reorder: a first level of few values keeps each value's documents on one physical partition until they hold 50 GB.",
    'Key changes before more RU/s: the hierarchical key, an event id or a business attribute in the key come before any raise of the container RU/s (one new container, against RU/s billed every hour); among raises, the cheaper first.',
    'A time bucket first over a unique level alone (`/orderDate` → `/orderId`): the fix is the unique level as the whole key (`/orderId`), not the reorder, under which every logical partition holds one document and the date level divides nothing ("Hierarchical partition keys"; "Partitioning and horizontal scaling": the item ID suits write-heavy containers of any size); declared queries by the bucket alone keep the key, with a change-feed projection for them.',
    "A small raise never leads here (as SG003's does elsewhere): a time bucket stays one at any RU/s (the current bucket still takes every write, and this rule still judges it), so a raise does not clear the finding by itself and the key change keeps the lead.",
    "Over only because the container is short of RU/s (SG017's finding): SG017's raise comes first.",
    "A time bucket as a middle level: the business levels first, the time bucket last, so one first-level value's current writes spread over its deeper values and the partitions its data spans; advice, not an edit, where the value is SG014's dominant one under the new order.",
    "A Cosmos DB container of one physical partition: re-key before it grows past 50 GB or past 10,000 RU/s (a serverless container's 5,000).",
  ],
  sources: [
    SOURCES.dynamoTimeSeries,
    SOURCES.dynamoSharding,
    // The fix's count assumes its keys hash onto different partitions (hashed-keys.ts): what each engine does when two do not.
    SOURCES.dynamoAdaptive,
    SOURCES.cosmosPartitioning,
    SOURCES.cosmosScalingThroughput,
    SOURCES.cosmosServerlessPerformance,
    SOURCES.cosmosChangeCapacityMode,
    SOURCES.cosmosHierarchical,
    SOURCES.cosmosIotPartitioning,
    SOURCES.cosmosSynthetic,
    SOURCES.cosmosPricing,
    SOURCES.cosmosAutoscaleFaq,
    SOURCES.cosmosChangePartitionKey,
  ],
  messages: () => ({
    kindGuessedFromName: ' (a time bucket by its name: where it holds no time, declare `kind`: "value" at {{kindAt|code}})',
    timeKey: `partition key {{key|key}}{{index|onIndex}} is a time bucket: the current bucket takes every write and the reads of recent data, ${LOAD_AGAINST_CEILING}, while older buckets sit idle`,
    timeKeyFits: `partition key {{key|key}}{{index|onIndex}} is a time bucket: ${BUCKET_FITS}: fine today, saturated when traffic grows {{growthToCeiling}}×; each rollover starts a bucket cold`,
    timeKeyFitsIdle: `partition key {{key|key}}{{index|onIndex}} is a time bucket: ${BUCKET_FITS}: fine today, none of the declared traffic reaches it; each rollover starts a bucket cold`,
    heldKeyFits: `partition key {{key|key}}{{index|onIndex}} holds the time bucket {{bucket|key}} and a shard: ${BUCKET_FITS} unsharded: fine today, saturated when traffic grows {{growthToCeiling}}×; each rollover starts a bucket cold`,
    heldKeyFitsIdle: `partition key {{key|key}}{{index|onIndex}} holds the time bucket {{bucket|key}} and a shard: ${BUCKET_FITS} unsharded: fine today, none of the declared traffic reaches it; each rollover starts a bucket cold`,
    timeFirst: `the first level {{level|code}} of the hierarchical key is a time bucket: all current traffic goes under one prefix, which starts on one physical partition and is split only as it grows (hours later): ${LOAD_AGAINST_CEILING}`,
    timeFirstFits:
      "the first level {{level|code}} of the hierarchical key is a time bucket: every current write goes under one prefix on one physical partition; it serves today's load ({{load}} of a usable {{usable}} {{unit}}), saturated when traffic grows {{growthToCeiling}}×, and a prefix query for one {{spreadBy|code}} value spans every bucket",
    timeFirstFitsIdle:
      "the first level {{level|code}} of the hierarchical key is a time bucket: every current write goes under one prefix on one physical partition; it serves today's load ({{load}} of a usable {{usable}} {{unit}}), none of the declared traffic reaches it, and a prefix query for one {{spreadBy|code}} value spans every bucket",
    combinedKey: `partition key {{key|key}}{{index|onIndex}} combines the time bucket {{buckets|attributes}} with {{others|attributes}}: while older buckets sit idle, the current bucket's writes (and the reads of recent data) land on {{values|one=# key value|other=# key values}} only, the hottest taking {{share|percent}}, ${LOAD_AGAINST_CEILING}`,
    combinedKeyFits: `${FEW_CURRENT_VALUES}, but one partition serves it with headroom ({{load}} of a usable {{usable}} {{unit}}): fine today, saturated when traffic grows {{growthToCeiling}}×`,
    combinedKeyAtCeiling: `${FEW_CURRENT_VALUES}: one partition serves it with no headroom left ({{load}} of a usable {{usable}} {{unit}}): saturated at today's peak`,
    fixCombinedFits: 'no change needed at this load (sharding would only make every read a fan-out); before traffic grows {{growthToCeiling}}×, shard the key',
    fixCombinedAtCeiling: 'no shards needed at exactly this load, but any growth saturates it: shard the key before traffic grows',
    combinedReadsAndWrites: ' ({{hotReads}} {{unit}} of reads and {{hotWrites}} {{unit}} of writes, charged to the same {{unit}})',
    // Short of RU/s (SG017): the figures at SG017's raise, the fix that comes first; today's, which every key shares, beside them.
    combinedAtCapacityRaise:
      " at the {{raisedRu}} RU/s {{!serverlessRu}}the container's peak needs, not at its declared {{declaredRu}} RU/s{{/serverlessRu}}{{?serverlessRu}}SG017's move to manual throughput asks for, not the {{serverlessRu}} RU/s serverless serves today{{/serverlessRu}}, at which every physical partition is short and this bucket's leaves it {{usableToday}} RU/s",
    orMoreValues: `; or ${MORE_VALUES}`,
    moreValuesFirst: `${MORE_VALUES}; or `,
    physicalShare: `${SHARE_OF_CONTAINER}: the current bucket's physical partition, not the {{logicalCeiling}} RU/s logical-partition ceiling, is what bites`,
    // Over both, the share is the figure; the logical ceiling says why RU/s alone do not serve it.
    physicalShareOverLogical: `${SHARE_OF_CONTAINER}: that is all the current bucket's physical partition gives it, and more RU/s alone would not serve it, since one logical partition takes at most {{logicalCeiling}} RU/s ({{logicalUsable}} usable) however many its physical partition has`,
    physicalSharePrefix: `; ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s, and the current bucket's documents stay on one until they hold {{partitionGb}} GB: the bucket gets that partition's {{partitionUsable}} usable RU/s (it takes the whole load: no other first-level value is expected beside it), not the {{logicalCeiling}} RU/s one full key value may take`,
    // Judged at SG017's raise, said in SG003's words (its atCapacityRaise), so the two findings read as one basis.
    bucketAtCapacityRaise: `${AT_CAPACITY_RAISE}the current bucket's physical partition {{raisedVerdict|short=stays short|serves=serves it}} ${AFTER_CAPACITY_FIX})`,
    orEventId: `; or ${EVENT_ID}`,
    // Before any raise of the container's RU/s (keyChangeBeforeRaises): a time bucket stays one at any RU/s.
    eventIdFirst: `${EVENT_ID}; or `,
    fixFits:
      'no change needed at this load (sharding would only make every read a fan-out); before traffic outgrows one partition, shard the bucket or combine {{bucket|key}} with a business attribute the writes carry, in one composite value',
    timeKeyOnePhysicalPartition:
      'partition key {{key|key}} is a time bucket, but the container has one physical partition ({{containerRu}} RU/s), which every key value shares whatever the key: the current bucket takes no more of it than any other key would ({{peak}} RU/s at peak), and shards or buckets of it would share it too',
    fixOnePhysicalPartition:
      'no change needed while the container stays on one physical partition; re-key it before it grows past {{partitionRu}} RU/s{{throughputFrom|provisioned=|storage= (all a serverless container serves on one physical partition)}} or {{partitionGb}} GB (a partition key cannot change later): key by an event id, or combine the time bucket with an attribute of many values the writes carry (a user or device id)',
    fixCapacityFirst:
      "give the container the throughput SG017 asks for first (the current bucket then fits its physical partition's share); before traffic outgrows it, shard the bucket",
    fixReorder: 'order the levels {{order|levels}}: the time bucket after the business levels, so current writes spread over every {{spreadBy|code}} value',
    fixReorderFits:
      'order the levels {{order|levels}} while the container is new (a partition key cannot change later): current writes then spread over every {{spreadBy|code}} value',
    fixUniqueFirst: 'key the container by {{spreadBy|code}} alone: its values are unique, so current writes spread over every one of them',
    fixUniqueFirstFits:
      'key the container by {{spreadBy|code}} alone while the container is new (a partition key cannot change later): its values are unique, so current writes then spread over every one of them',
    uniqueFirstWhy:
      '; not the levels reordered with {{spreadBy|code}} first: under a unique first level every logical partition holds one document, so the levels after it divide nothing (a hierarchical key gains prefixes that may exceed 20 GB and 10,000 RU/s, and queries routed by prefix; a one-document prefix has neither) and only lengthen the key every point read must give',
    uniqueFirstQueries:
      "; a query that gives {{level|code}} without {{spreadBy|code}} (a day's documents) crosses partitions under either key: declare such queries as access patterns: --fix then changes no key, and the fix names the change-feed projection keyed by {{level|code}} that serves them",
    fixQueries: '; the queries that give only {{level|code}} would then cross partitions: serve them from a change-feed projection keyed by it',
    reorderDominant: REORDER_DOMINANT,
    ...TIME_BUCKET_MIDDLE_MESSAGES,
    ...ADVICE_MESSAGES,
  }),
  check(design, { spaces }) {
    return spaces.flatMap((a) => hit(design, a).map((h) => withGuessNote(a, h)));
  },
});
