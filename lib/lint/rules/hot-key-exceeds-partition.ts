import type { KeyDesign, KeySpace } from '../../design/key-design';
import { fits, nearestToCeiling, storedKeyLoads, type LoadDimension } from '../../design/sharding';
import { ADVICE_MESSAGES, adviceFor, plannedWarmThroughput, type AdviceId } from '../advice';
import { carriedShards, hotLoad, type SpaceAnalysis } from '../analysis';
import { AVERAGE_CHILDREN_MESSAGES, averageChildrenNote, type AverageChildrenId } from '../average-children';
import { cacheWordsOf } from '../cache-words';
import { COPIED_INDEX_READ_MESSAGES, copiedIndexReadHits, type CopiedIndexReadId } from '../copied-indexes';
import { ENGINE_NOTE_MESSAGES, engineNotes, type EngineNoteId } from '../engine-notes';
import { fmt } from '../format';
import { HASHED_PAIR_OVER_MESSAGES, hashedPairOver, type HashedPairOverId } from '../hashed-pair-over';
import { HOT_KEY_PARTS, HOT_KEY_VARIANTS, hotKeyParts } from '../hot-key-parts';
import { HOT_VALUE_VERDICT_MESSAGES, bindingDimension, hotValueVerdict, type HotValueVerdictId } from '../hot-value-verdict';
import { IN_PLACE_LAYOUT_MESSAGES, inPlaceOnlyLayout, type InPlaceLayoutId } from '../in-place-layout';
import { INDEX_WRITE_MESSAGES, indexWriteNote, indexWriteVerdict, type IndexWriteId } from '../index-writes';
import { INHERITED_WRITE_MESSAGES, inheritedWriteNote, reachNote, type InheritedWriteId } from '../inherited-writes';
import { launchWarmHeldForQuota } from '../launch-warm';
import { newItemFloor } from '../new-item-floor';
import { LAUNCH_PEAK_ALONE_WORDS, partitionCountTemplate } from '../partition-count-words';
import { OR_MERGE_PARTITIONS, partitionMergeData } from '../partition-merge';
import {
  AFTER_CAPACITY_FIX,
  AT_CAPACITY_RAISE,
  AVERAGE_PLACEMENT,
  CARRIED_LOAD,
  carriedLoadData,
  DIVIDED_RU,
  largestShareData,
  REDISTRIBUTE_FIRST,
  leftToCapacity,
  physicalBound,
  physicalShareData,
  redistributionData,
  RAISE,
  raiseFigures,
  raiseInPlace,
  throughputThatServes,
} from '../physical-partition';
import {
  bucketsSplitSize,
  DEFERRED_SIZE_SPLIT,
  firstLevelSplits,
  PREFIX_INGESTION_MESSAGES,
  prefixIngestionHits,
  type PrefixIngestionId,
} from '../prefix-ingestion';
import { PREFIX_REORDER_MESSAGES, withReorder, type PrefixReorderId } from '../prefix-reorder';
import {
  PROJECTION_MESSAGES,
  PROJECTION_VERDICT_MESSAGES,
  projectionNote,
  upperBoundVerdict,
  type ProjectionId,
  type ProjectionVerdictId,
} from '../projection';
import { projectionFirst } from '../projection-first';
import { restLoads } from '../rest-loads';
import { defineRule, type MessageData, type RuleHit } from '../rule';
import { SOURCES } from '../sources';
import { sg003DefersToSg001 } from './low-cardinality-key';
import { judgedAsTimeBucket } from './time-bucket-key';

type Id =
  | 'hotNamedKey'
  | 'hotHeldNamedKey'
  | 'namedRest'
  | 'namedWrites'
  | 'namedNoWrites'
  | 'hotKey'
  | 'hotHeldKey'
  | 'writeOver'
  | 'writeOverSharded'
  | 'readOver'
  | 'readOverSharded'
  | 'requestOver'
  | 'requestOverSharded'
  | 'readBeside'
  | 'writeBeside'
  | 'partitionsCounted'
  | 'partitionsBeforeKeyWarm'
  | 'then'
  | 'readsOfOneItem'
  | 'orMoveHotValue'
  | 'requestOverPhysical'
  | 'requestOverShardedPhysical'
  | 'physicalShare'
  | 'physicalShareOverLogical'
  | 'thenPhysicalShare'
  | 'thenPhysicalShareShards'
  | 'noCountPhysical'
  | 'shardsDerivation'
  | 'orRaiseThroughput'
  | 'orMergePartitions'
  | 'atCapacityRaise'
  | 'deferToFirstLevel'
  | 'deferToFirstLevelCache'
  | 'deferToFirstLevelWhole'
  | 'hotKeyUnderFirstLevel'
  | 'underFirstLevelWithin'
  | 'beyondFirstLevelBuckets'
  | 'deferredSizeSplit'
  | 'restOverUnsharded'
  | 'fixShardEveryValue'
  | PrefixIngestionId
  | PrefixReorderId
  | EngineNoteId
  | IndexWriteId
  | HotValueVerdictId
  | InheritedWriteId
  | ProjectionId
  | ProjectionVerdictId
  | InPlaceLayoutId
  | HashedPairOverId
  | CopiedIndexReadId
  | AverageChildrenId
  | AdviceId;

/** A dimension's numbers under its label's names (`writeLoad`, `readUsable`, `requestUnit`…); beside its neighbours
 *  (DynamoDB), `readUsable` is headroom × the ceiling and the neighbours' figures follow (`besideData`). */
function dimensionData(d: LoadDimension, load: number): Record<string, number | string> {
  const usable = d.neighbours?.usableAlone ?? d.usable;
  switch (d.label) {
    case 'write':
      return { writeLoad: load, writePerKey: d.load, writeUsable: usable, writeCeiling: d.ceiling, writeUnit: d.unit, ...besideData('write', d) };
    case 'read':
      return { readLoad: load, readPerKey: d.load, readUsable: usable, readCeiling: d.ceiling, readUnit: d.unit, ...besideData('read', d) };
    case 'request':
      return { requestLoad: load, requestPerKey: d.load, requestUsable: d.usable, requestCeiling: d.ceiling, requestUnit: d.unit };
  }
}

/** The other keys' expected load beside the stored key on its partition (DynamoDB), for the `readBeside` / `writeBeside` clause. */
function besideData(label: 'read' | 'write', d: LoadDimension): Record<string, number | string> {
  if (!d.neighbours) return {};
  const { load, total, partitions, countedBy, peakDividedBy, chargedReads } = d.neighbours;
  return {
    [`${label}Neighbours`]: load,
    [`${label}Rest`]: Math.max(0, total - d.load),
    [`${label}Left`]: d.usable,
    keySpacePartitions: partitions,
    partitionsCountedBy: countedBy,
    ...(peakDividedBy !== undefined ? { partitionsPeakDividedBy: peakDividedBy } : {}),
    ...(chargedReads !== undefined ? { partitionsChargedReads: chargedReads } : {}),
  };
}

/** One clause per dimension over its ceiling (writes, reads, or requests), with the numbers and the unit each reads (the profile's). */
function overClauses(a: SpaceAnalysis): {
  readonly notes: Id[];
  readonly data: Record<string, number | string | readonly string[]>;
  readonly usable: number | undefined;
} {
  const shards = a.space.sharding ?? carriedShards(a.space);
  const { headroom } = a.design.thresholds;
  const notes: Id[] = [];
  const data: Record<string, number | string | readonly string[]> = {};
  let shareUsable: number | undefined;
  a.over.forEach((over, i) => {
    if (i > 0) notes.push('then');
    const { dimension: d, overLogical } = bindingDimension(a, over);
    // On its physical partition's share (Cosmos DB), say so, with that share's numbers.
    if (d.physical) {
      notes.push(shards ? 'requestOverShardedPhysical' : 'requestOverPhysical', overLogical ? 'physicalShareOverLogical' : 'physicalShare');
      // Over its capacity (SG017) the container is judged at the raise SG017 asks for: say that this key is short even then.
      if (d.physical.raisedFrom) notes.push('atCapacityRaise');
      Object.assign(data, physicalShareData(d.physical, headroom), overLogical ? { logicalUsable: over.usable } : {});
      if (overLogical) shareUsable = d.usable;
    } else notes.push(`${d.label}Over${shards ? 'Sharded' : ''}`);
    // A key that is its key space's whole load (every other key idle) has no neighbours to name.
    if (d.neighbours && d.neighbours.load > 0 && d.label !== 'request') notes.push(`${d.label}Beside`);
    Object.assign(data, dimensionData(d, hotLoad(a, d.label)));
    if (d.label === 'read' && shards && shards.strategy !== 'replicated' && !a.collection) notes.push('readsOfOneItem');
  });
  if (notes.includes('readBeside') || notes.includes('writeBeside')) {
    const planned = warmPlannedPast(a, data);
    notes.push(planned === undefined ? 'partitionsCounted' : 'partitionsBeforeKeyWarm');
    if (planned !== undefined) data.planWarmPartitions = planned;
  }
  return { notes, data, usable: shareUsable };
}

/**
 * The partitions the key's fix pre-warms to (`plannedWarmThroughput`, withheld too) where they are more than those a
 * launch is counted on for the peak's own pre-warm (`raised-warm-throughput`, peak ÷ headroom): SG017 then asks for
 * the fix's warm throughput, not the peak's own (`fixPreWarmForKey`), so the count is not SG017's but the one the
 * fix's pre-warm starts from. Undefined otherwise, and where the fix's pre-warm waits for the quota's raise while the
 * peak's own is within it (launch-warm.ts): SG017 asks for the peak's own then, on which the count is made.
 */
function warmPlannedPast(a: SpaceAnalysis, data: Readonly<Record<string, unknown>>): number | undefined {
  if (data.partitionsCountedBy !== 'raised-warm-throughput') return undefined;
  const planned = plannedWarmThroughput(a, { withheld: true });
  if (planned === undefined || launchWarmHeldForQuota(a, planned)) return undefined;
  return planned.partitions > (data.keySpacePartitions as number) ? planned.partitions : undefined;
}

/**
 * Where access patterns name the value they read (keyValue), the hottest value's reads are that value's, not the
 * `hotKeyShare` its writes take ("25% (uniform) … 37,500 RCU reads" would put the write share beside the read
 * load): the message names the value, its share of the reads and the patterns they come from, then its share of the
 * writes, before the loads. Undefined where no pattern names a value hotter than the share.
 */
function namedLead(a: SpaceAnalysis): { readonly notes: Id[]; readonly data: MessageData } | undefined {
  const named = a.namedReads;
  if (!named) return undefined;
  return {
    notes: [...(named.ofRest > 0 ? (['namedRest'] as const) : []), a.hot.writes > 0 ? 'namedWrites' : 'namedNoWrites'],
    data: {
      namedValue: named.value,
      namedPatterns: [...named.patterns],
      namedPatternCount: named.patterns.length,
      readShare: named.share,
      namedShare: named.named,
      restShare: named.ofRest,
      hotWrites: a.hot.writes,
      hotWriteUnit: a.owner.profile.writeUnit,
    },
  };
}

/** After how P was counted: a DynamoDB partition's ceilings, and, on demand, why the count is twice the peak or the warm
 *  throughput (AWS publishes none). */
// A GSI key's share inherited from a component that declares one elsewhere in the table (inheritedShareData): how much,
// from where, split over what; the even split is a lower bound, and says so.
const INHERITED_SHARE =
  "{{?inheritedFrom}}inherited from {{inheritedFrom|code}}'s declared {{inheritedShare|percent}}, split evenly over {{inheritedTableShards|one=|other=the table's # shards of it and }}{{inheritedValues}} {{inheritedSplit|attributes}} values: a lower bound, since the hottest value's items need not spread evenly{{/inheritedFrom}}";

// What "the peak" is where the access patterns send part of the table's reads elsewhere (`keyReadsData`).
const KEY_READS =
  "{{?keyReads}} its key serves ({{keyReads}} {{readUnit}} of reads, {{keyReadShare|percent}} of the table's declared {{tableReads}} {{readUnit}}: the share of the access patterns that read it, with the share no pattern claims){{/keyReads}}";

const PARTITION_DETAIL =
  '3,000 RCU and 1,000 WCU each{{partitionsCountedBy|twice-the-peak=; on demand AWS publishes no count, and serves up to double the previous peak|warm-throughput=; on demand AWS publishes no count, and a new table or GSI starts warm for 12,000 RCU and 4,000 WCU a second|provisioned-capacity=|raised-capacity=|auto-scaling-at-peak=|auto-scaling-minimum=|auto-scaling-maximum=|declared-warm-throughput=|raised-warm-throughput=; a new table or GSI starts warm for 12,000 RCU and 4,000 WCU a second, and SG017 asks for more before the launch}}';

// Where a key's hottest share comes from, as the lead of a hot-key message says it.
// What the share is of: the peak, or the one direction `workload.hotKeyOperations` declares it of (a chat channel hot
// by its writes takes 10% of the writes, not of the peak).
// A value hot by its writes over on its reads: those are the even share every value takes (analysis.ts), said so.
const SHARE_OF =
  '{{hotOperations|both=peak|reads=reads|writes=writes}}{{?evenReadValues}} and, as every value, 1/{{evenReadValues}} of the reads{{/evenReadValues}}';

const SHARE_SOURCE =
  '{{shareSource|declared=declared|observed=observed|derived=estimated from a key level|uniform=uniform|time-bucket=the current time bucket|table-item=of its writes, from the hottest item of the table|table-key=the hottest value of the table, which the index key carries|inherited=}}';

export const hotKeyExceedsPartition = defineRule({
  id: 'SG003',
  title: 'hot-key-exceeds-partition',
  summary: "The hottest key value's peak is above what one partition serves",
  severity: 'error',
  thresholds: ['headroom', 'maxShards'],
  fires:
    "The hottest key value's peak (peak × hottest-key share; uniform share = 1/cardinality), on the busiest of its stored keys, exceeds the usable per-partition ceiling (headroom × ceiling). Unsharded time-bucket keys, and unsharded keys that combine a time bucket with other parts, are left to SG002.",
  firesAlso: [
    "A DynamoDB GSI projecting `KEYS_ONLY` or `INCLUDE` counted at the table's writes (no `workload.peakWriteUnits`), over on its writes alone: that figure is an upper bound, so a warning, whose fix asks for the index's own writes (or the table's `workload.newItemShare`) first and names the shards after them with no edit; declared and still over, an error. Not where the table's hottest item's updates make it hot: that fix weighs them.",
    'Not an upper bound where the puts are known: a put or delete writes such an index whatever its projection. A `KEYS_ONLY` index is counted at `workload.newItemShare` of the table\'s writes, an `INCLUDE` one at least at it (over on that alone: judged on it); on a table keyed by a unique value (`cardinality: "unique"`, no invariant) every write is a new item, so at all of them. An error where over, with its fix.',
    "A GSI made hot by the table's hottest item's updates, projecting `KEYS_ONLY`: they write it only by changing an index key attribute. Each key attribute the table's own or declared `mutable: false`: they do not, and it is judged without them. One with no `mutable`: a warning whose fix asks for it or the index's `workload.peakWriteUnits`, with no shard (drawn on each update, it writes the index twice per update where it may take none). `mutable: true`, `ALL`, `INCLUDE`: an error with its fix.",
    "Reads that access patterns aim at one value (`keyValue`): the hottest value's read peak takes that value's share of the key space's reads plus the hottest-key share of the rest, when that is more.",
    "A Cosmos DB container with declared throughput: the ceiling is the lower of the logical partition's and the usable share of its physical partition, less its neighbours' expected load. Where the key is over the logical partition's usable RU/s too and its share is lower, the message quotes the share, and says the logical ceiling is passed as well (more RU/s alone do not serve it).",
    "A physical partition's share: the container's RU/s divided among its physical partitions, the declared `physicalPartitions`, else those it is created with (one per 6,000 RU/s of manual throughput or 10,000 RU/s of autoscale or shared throughput, and one per 50 GB). A raise in place past P × 10,000 RU/s is judged on the partitions it leaves unsplit: from P to P′ ≤ 2P, Azure splits only P′ − P, and the others keep 1/P of the key space each.",
    "The neighbours' expected load: 1/P of the rest of the container's load, each other value hashed to the partition with probability 1/P. A uniform key whose hottest value would sit less than 5% of the usable share above the average partition is judged at the average partition's load instead: at the container's line such a key is SG017's finding.",
    "Not reported: an unsharded key on its uniform share alone (nothing declared, derived or observed) whose value's partition is over only by hashing's spread, the average partition within the line and the value's partition within its full RU/s. No value is hot: the container's capacity is SG017's (a warning at its line).",
    "The same on DynamoDB, per direction, where the average partition leaves less than 5% of the usable 800 WCU or 2,400 RCU free (the capacity's line) and the value's partition stays within 1,000 WCU / 3,000 RCU: 500 values of 16 WCU at 10,000 WCU expect 814.4 beside an average 800. With room on the average partition (on demand, counted for twice the peak) the value's own weight is the cause: SG003 keeps it.",
    "Not reported either: an unsharded key (any share) whose hottest value is over its physical partition only because the container's average partition (its whole load ÷ P, as if the key were uniform) leaves less than 5% of the usable RU/s free, the value no heavier than that average, its partition within its full RU/s and less than 1% of the usable RU/s above the average one: the neighbours alone fill it, the container's capacity (SG017's).",
    "A value over its partition only by the container's capacity, as above, but 1% or more of the usable RU/s above the average partition: the fix leads with the raise in place that serves the value as it is, alone, with no shards, and a hierarchical key's first level with no buckets (8 RU/s beside 3,999.2 at SG017's 50,000 RU/s on 10 partitions is within 1%, and not reported).",
    "A DynamoDB key space: the ceiling less the neighbours' expected load, 1/P of the rest of the key space's peak. P = max(⌈R ÷ 3,000⌉, ⌈W ÷ 1,000⌉), the fewest partitions that serve R reads and W writes a second at once (AWS: a partition serves both at once), on demand of twice the peak, the warm throughput or a new table's 12,000 / 4,000 (4 partitions), whichever is most.",
    'DynamoDB neighbours count the reads as SG017 does, each Query of a fan-out over the shards a request of at least 0.5 RCU (AWS: "Query") on its shard\'s partition, and so does an on-demand P (twice the peak consumed). A tenant\'s 2,100 RCU of pages on each of 33 shards: 73,200 RCU, P = max(⌈146,400 ÷ 3,000⌉, 48) = 49, and (73,200 − 2,100) ÷ 49 = 1,451.02 RCU beside a shard: 3,551.02, past 3,000. The counts that fit are then a window: the least in it.',
    "A DynamoDB uniform key (no value heavier than the average one) at least 400 × (P − 1) values strong is judged at the average partition's load, as on Cosmos DB: hashed with probability 1/P each, its partitions' loads keep within 5% of their average (a spread of √((P − 1) ÷ values)), so at a provisioned table's line such a key is SG017's finding; fewer values, or a key with a whale, keep the expectation.",
    "The same on DynamoDB, per direction: an unsharded key (any share) whose hottest value is over only because the key space's average partition (its peak ÷ P) leaves less than 5% of the usable 800 WCU or 2,400 RCU free, the value no heavier than that average, its partition within 1,000 WCU / 3,000 RCU and at most 5% of the usable above the average one, is not reported: the capacity's (SG017's; 10 WCU beside 799.6). Further above, the pre-warm that serves it as it is leads, with no shards.",
    'Provisioned, P counts the capacity at the declared peak: fixed units; auto scaled, ⌈peak ÷ target utilization⌉ between its minimum and maximum (target 70% unless declared); or peak ÷ headroom, or the declared warm throughput, where more.',
    "A Cosmos DB container that declares fewer `physicalPartitions` than one created at its RU/s gets (one per 6,000 RU/s manual), where the hottest unsharded value fits the declared partitions and would throttle on the created ones: a warning at `physicalPartitions`, no edit. The count is a raise in place's, which a new container built from the design does not get.",
    "A container whose peak is above headroom × its RU/s (SG017's finding): judged at the RU/s its peak needs (peak ÷ headroom, on Azure's grid, or more where a raise in place would split its partitions unevenly), on the physical partitions that raise leaves it; a raise in place splits only to ⌈RU/s ÷ 10,000⌉. Serverless: at SG017's move to manual RU/s, on the partitions Azure's in-place conversion keeps (one per 50 GB), raised in place; copies that need that move, or 1 TB, are not offered.",
    "A provisioned Cosmos DB container declared below its storage minimum (1 RU/s per GB manual, 10 per GB of an autoscale maximum; SG017's finding): judged at that minimum, the RU/s Azure holds it at and bills, as if declared; a declared figure above it is judged as declared. Replicated copies that store more are judged at the RU/s the container holds, not at the minimum their own storage forces: where that is more, the copies need that raise, and are weighed with it as their cost.",
    "A Cosmos DB hierarchical key whose hottest first-level value's reads and writes exceed what the physical partitions holding its data leave it: with declared throughput, the same share less its neighbours' expected load (the other first-level values hashed there; the first level's cardinality decides whether its share is uniform), judged at SG017's raise as above.",
    'A GSI keyed by a separate shard attribute (`sharding.logicalAttribute`): named by the attribute whose values it shards and the reads give (`hourBucket`), with the shard attribute that holds it in brackets (`hourBucketShard`).',
    "A GSI's writes: they count every replicated copy the table keeps of an item (each copy writes its own index entry), as SG001 and SG017 count them.",
    "A GSI that declares no writes of its own and whose key attribute is named like one updates change (a status, a score; no `mutable` declared): counted at 2× the table's writes. A warning where 1× would fit (only the name makes it over), an error where 1× is over too; its shard count is sized at 2×, with the count 1× needs beside it.",
    "A GSI that declares no writes of its own, on a table whose hottest key value is one item every write of it updates (no sort key, or the item a declared running total or conditional write keeps): it takes at least that item's share of its writes on one of its values, whatever its own cardinality, since every update writes the index on the one index key value the item carries.",
    "That GSI when updates change its key (counted at 2× the table's writes): both writes of an update land on the one value when the change is to the index's sort key; at most one on any value when it is to its partition key, since the item then moves between values.",
    "A GSI that declares no `hotKeyShare` and whose partition key is the table's partition-key attribute (or its components): it takes the table's `hotKeyShare` of its writes, unless that share is of reads only; divided by the table's shards only where the index is keyed by the table's sharded attribute itself and declares no sharding of its own. An index sharded in a separate attribute (`logicalAttribute`) holds the unsharded value and its own shard: its own shards alone spread it.",
    "DynamoDB write shards of a value whose reads query every shard (random, or calculated without the source): each shard's request is charged at least one read unit, half if eventually consistent as the peak's units are (items summed, rounded up to 4 KB), so each takes ⌈resultKb ÷ N ÷ 4⌉ of a read's units, all at 4 KB or less, and all of a read of one item, tried on every shard. Without `resultKb` a collection read divides by N, a fix relying on it saying so; a page (`limit`) by nothing.",
    "That index keyed by the table's sharded attribute: its busiest key is one table shard of the value (quoted as the value's load, then \"per table shard over N\"), a page read (`limit`) reads every shard, and its fix, a separate shard attribute, is sized on the value's whole load.",
    "A GSI key whose `components` carry an attribute with a declared share (the table's key, or another GSI's single key attribute; `tenantStatus` = `tenantId` + `status`), declaring none itself: it takes at least that share ÷ the product of its other parts' cardinalities (0.3 ÷ 4 statuses = 7.5%), the even split, a lower bound, said so (`shareSource` `inherited`). Not where another part has no declared count.",
    "That share is divided by the table's shards too where a part is the table's sharded key attribute itself (a multi-attribute key reads it as stored, `<value>#n`), not for a component (a string the application joins: the design does not say from which value).",
    'Shards of that GSI: random shards count 2 writes per update (each is redrawn, a delete and a put: the same delete and put a key change costs, not 2 more); a calculated shard spreads none of them.',
    "A DynamoDB key whose busiest stored key fits a partition's usable ceiling alone, over only beside its neighbours' expected load: a warning (adaptive capacity isolates it, below), while that load stays within the partition's 1,000 WCU / 3,000 RCU. Past them, or above a partition's own usable ceiling, it stays an error.",
    "A Cosmos DB value (a key value, or a hierarchical key's first-level value) over the usable share of its physical partition but within that partition's full RU/s less its neighbours' expected load: a warning (Decision 78). It is served at its peak, with no headroom left for a burst above it, as SG017 warns of a container within its RU/s and above its headroom; past those full RU/s it is an error.",
    "That first level's hottest value, where the level declares no `hotKeyShare`: judged at least at the full key's declared share (its hottest value sits under one first-level value), said as that lower bound; shards or copies of the full key keep that prefix, so they do not clear it.",
    "A Cosmos DB hierarchical key's full key under a hot first level: its hottest value sits on that first-level value's physical partition, beside the rest of that value's load. Where the first level's fix serves it whole (no more than its smallest offered bucket, or served as it is), its finding defers to that fix, with the first level's severity and no edits.",
    "Where that value is more than one of the first level's buckets, no bucket splits it (one item, or a batch scope that is a key level) and the bucket holding it is over (a bucket holds each full key value whole: it takes that load and 1/N of the rest): judged beside the rest of its first-level value's load, it keeps its own plan and says why, and that no bucket lifts a value past the 10,000 RU/s of one logical partition. Where that bucket fits, the first level's fix says so, with its figures.",
  ],
  rationale:
    'One key value is served by one partition, whose ceiling no table or container capacity lifts: 1,000 WCU and 3,000 RCU per second on a DynamoDB partition (AWS: "Best practices for designing and using partition keys"), 10,000 RU/s on a Cosmos DB logical partition (Azure: "Service quotas"). Past it the value throttles, however much capacity is left.',
  rationaleDetails: [
    'DynamoDB split for heat: under sustained load it may spread a hot item collection\'s sort-key range over partitions, but a spike throttles first, one item never spans partitions, and it does not split with a local secondary index or for an ever-increasing sort key (AWS: "Burst and adaptive capacity"; AWS Database Blog: "Scaling DynamoDB: how partitions, hot keys, and split for heat impact performance").',
    'A GSI has partitions of its own, with the same ceilings, and a GSI whose writes are throttled throttles the writes to its base table (AWS: "Understanding GSI write throttling and back pressure").',
    'Write sharding spreads a write-hot key\'s writes over N keys (AWS: "Using write sharding to distribute workloads evenly"). It cannot spread the reads of one item, which need replicated copies or a cache, nor a query that reads a key value a page at a time (`limit`): each page must then read every shard and merge (AWS: "Paginating table query results").',
    'Shards divide the reads of a key value holding many items only down to a floor: each shard\'s Query is charged its own items\' size rounded up to 4 KB, at least one read unit (AWS: "Capacity unit consumption for read operations"): a 60 KB read costs each of 15 shards or more a 4 KB read. A GSI value whose floor is still over what its partition leaves gets a cache, the fix saying that floor.',
    "A Cosmos DB container's RU/s are divided evenly among its physical partitions, so a logical partition under 10,000 RU/s still throttles when it and its neighbours outgrow their partition's share: 18,000 RU/s on three physical partitions give each 6,000, and a key taking 5,400 leaves its neighbours 600 (Azure: \"Partitioning and horizontal scaling\"). Serverless: 5,000 RU/s shared by up to five partitions, +1,000 per partition beyond (the lower of Azure's two texts).",
    'A DynamoDB uniform key over only by hashing\'s spread at its capacity line is no hot key, as on Cosmos DB: adaptive capacity "works by automatically increasing throughput capacity for partitions that receive more traffic", short of the table\'s capacity or the partition maximum (AWS: "Burst and adaptive capacity"). Unlike Cosmos DB, which divides RU/s evenly, a partition may take more than its even share, so SG017 gives no placement warning there.',
    'A DynamoDB key over only beside its neighbours (alone it fits a partition\'s usable ceiling): a warning. AWS: "adaptive capacity rebalances your partitions such that frequently accessed items don\'t reside on the same partition" ("Burst and adaptive capacity"). Not a pass: that follows sustained traffic, so a spike or a launch meets the neighbours first. It serves a partition only within "the partition maximum capacity": a key expected past 1,000 WCU / 3,000 RCU with its neighbours stays an error.',
    'Warm throughput makes partitions (1,000 write or 3,000 read units a second each): it can be raised on provisioned and on-demand tables and GSIs without changing their capacity or billing mode, up to the table-level quota, and never lowered (AWS: "Understanding DynamoDB warm throughput"; "... in different scenarios"). So more partitions, each carrying less of the rest, is the lever before a wide fan-out, as more RU/s are on Cosmos DB.',
    'The warm-throughput lever raises one direction: the writes where they are short (a partition per 1,000 units, up to 40 under the 40,000 quota), else the reads; either makes partitions that serve both.',
    'Under a hierarchical key, one first-level value\'s documents, and so every read and write scoped to it, stay on one physical partition until they hold 50 GB and it splits (Azure: "Hierarchical partition keys").',
  ],
  fix: 'Shard a write-hot key into the computed N (calculated when an attribute can pick the shard, random otherwise), after pre-warming a DynamoDB table or index where its neighbours set N; keep N replicated copies, or a cache, for a read-hot key; split a value out when no N serves.',
  fixDetails: [
    'A new GSI shard plan whose key every whole-key read gives with one more attribute, immutable, no time bucket, with at least N declared values (`room-status` gives `examId` and `roomId`, 2,000 rooms, N = 35): the fix leads with the composite key `examId#roomId`, a new index without the `roomId` sort key, one Query a read (AWS: "Choosing the right DynamoDB partition key"); the shards follow. Where a read gives the key alone, the shards lead and the fix says it would query every value.',
    "The same on a DynamoDB table's own key (`exam-rooms` keyed `examId`, sorted by `roomId`): the composite key leads as the table's new key (a KeySchema change replaces the table: CloudFormation, \"AWS::DynamoDB::Table\"); a sort key an LSI or a scopeAttribute needs stays. Not where the hot writes are one item (no sort key), an invariant keeps one aggregate item per key value, or an index is keyed by the table's key attribute (the shards in place spread it too).",
    'A waiver for a cache in front of a read-hot value (DAX, a write-through cache; the integrated cache, which serves point reads and queries): every write still reaches the partition, so it names the reads, `appliesTo: ["hotKeyReads"]`, and waives the finding only while the reads alone are over; writes over too (`hotKeyWrites`) keep it reported, with their shards (AWS: "DAX and DynamoDB consistency models"; Azure: "Azure Cosmos DB integrated cache").',
    'A Cosmos DB flat key whose hottest value is hot and over 50 GB, its load within the physical partitions its documents would span (one per 50 GB; under 50 GB they stay on one): the hierarchical key leads, the key as first level, then a finer attribute the reads give ("(a finer attribute)" where none is named; no edit), the shards after it (Azure: "Hierarchical partition keys"). --fix writes a named one, with the raise it needs (a new container: "Change partition key").',
    'DynamoDB reads declared `consistentRead` pass through DAX to the table (AWS: "DAX and DynamoDB consistency models"): DAX leads only where that share fits the room the hottest value has on its partition (the usable ceiling less its neighbours\' load), else the copies lead and DAX follows with that figure; where the cache is the only remedy, the fix opens with making the named reads eventually consistent. All reads consistent: no DAX beside other remedies.',
    'Shards whose reads would fan out with no `resultKb` declared: each shard\'s query is charged at least a minimum however little it returns (DynamoDB a read unit with `consistentRead`, else half, AWS: "Capacity unit consumption for read operations"; Cosmos DB about 2.5 RU, Azure: "Query an Azure Cosmos DB container"), which SG017 cannot count without the size, so --fix writes none of the sharding until it is declared; the fix says what a read then costs at least.',
    'One declared whale (a one-attribute key whose `hotKeyShare` is declared above the even share, sharded for its load) where every other value fits unsharded: only that value is sharded (`sharding.hotValues: 1`, N from its load), the application listing it in its configuration; only its reads fan out. Where the others would be over unsharded, the whole key is sharded (AWS: "Using write sharding to distribute workloads evenly"; Azure: "Create a synthetic partition key").',
    "A GSI keyed by the table's sharded attribute itself holds the table's shards as stored: where its hottest value needs more than the table declares, the fix raises the table's `sharding.shards` to that count (AWS: \"Using write sharding to distribute workloads evenly\"), not a shard attribute and a new index of its own.",
    'A GSI keyed by such a whale: its separate shard attribute, written on every item (an item without it has no entry in the index), holds the plain value for every value but the hottest, which alone takes the suffix (`sharding.hotValues: 1` beside `logicalAttribute`), so only its queries fan out (AWS: "Best practices for global secondary indexes").',
    "The next hottest value is judged unsharded beside its own neighbours, the rest of the load (the whale's shards hash over every partition), not in the room the unsharded whale leaves: 39 stores at 250 RU/s on 8 partitions of 2,000 usable RU/s meet (15,000 − 250) ÷ 8 = 1,843.75 beside them, over, so the whole key is sharded and the fix says why.",
    'A design that declares `sharding.hotValues` is judged both ways: the hottest value at 1/N, the others unsharded. Where the others are over unsharded, the finding is at `sharding.hotValues`, and the fix shards every value (the declared N, which fits the hottest, fits them too); a count a fix changes keeps `hotValues` only where the others fit.',
    'A key whose workload declares `hotKeyMoves: true` (the hottest value not known ahead: an alert storm at whichever site alerts): every value is sharded, no `hotValues` list, every value\'s reads counted fanning out; a list would miss the value hot at the time (AWS: "Using write sharding to distribute workloads evenly"; Azure: "Create a synthetic partition key"). Undeclared, a fix of the hottest alone names the field; declared beside `sharding.hotValues`, refused.',
    'A key named like a category that trends (`hashtag`, `topic`, `tag`, `keyword`, or an id or name of one): its hottest value moves (the hourly trending hashtag), and a list of hot values would trail it, each value listed late keeping its unsharded items, so every value is sharded; the hottest alone (`sharding.hotValues: 1`) is named as the alternative where it is known ahead and stays.',
    'Alike for a key whose `components` declare a time bucket (`labelMonth` = `labelId` + `yyyyMM`, `kind: "time-bucket"` or a bucket name): its hottest value is the current bucket\'s, a new value when the bucket turns, so every value is sharded (AWS: "Best practices for handling time series data"). Only a declared component moves a value this way; a key with no bucket part (a viral `trackId`) keeps the hottest-alone fix unless its name says it trends.',
    'Alike for a key named like a geospatial cell (`geohash`, an H3 or S2 cell, a quadkey, a map tile or grid cell; not a bare `cell` or `tile`, nor a `zone`, as often an availability or time zone): its hot cells move with the crowd and are several at once. Finer cells in dense areas (a longer geohash, a finer H3 or S2 level) are named as the alternative, the precision chosen by how densely the locations fall (AWS Compute Blog: "Implementing geohashing at scale in serverless web applications").',
    "The values a hot-values fix leaves unsharded are judged on the partitions the fix makes (after its pre-warm, where it leads with one): sharding every value lowers no partition's average load, so there the others are over only where one is heavier than a shard of the hottest. The fix names the most of the peak one other value can take there and still fit unsharded: a second whale past it throttles.",
    "Reads shards cannot spread (a Cosmos DB logical partition hot by its reads, a key value hot by paged reads with `limit`): replicated copies or a cache; a GSI's paged reads, only a cache. Where those reads (one item's, or a paged query's) are alone over the ceiling, no shard count is offered: the cache, copies where they fit, or (Cosmos DB) the computed throughput.",
    'Alike under a hierarchical key: a first-level value hot by its reads, whose paged reads (`limit`) alone are over what it has, gets the integrated cache and no bucket count: each page would read every bucket; the full key\'s value under it defers to that cache; a bucket count kept for the writes names what those reads then cost. A shard count past maxShards whose own fan-out reads pass the RU/s it was judged at is withheld, with no "raise maxShards".',
    'A cache: offered for read heat only, with what it serves and takes. The integrated cache needs a dedicated gateway and the SDK in gateway mode on its endpoint, with session or eventual consistency; DAX needs a cluster and its client, and serves eventually consistent reads only, so a cache in the application, in-process with a TTL of seconds, is named beside it, each instance reading stale up to that TTL. A cache answers only the reads it holds, and never a write.',
    'DAX offered for a value written at least as much as it is read (its hot writes at least its hot reads, in the declared units: positions updated every few seconds): the fix says how stale it serves, a cached item until its TTL unless updated through the same cluster, a cached Query result until its own TTL whoever wrote, both 5 minutes by default (AWS: "Configuring your DAX cluster"; "DAX: How it works").',
    "A Cosmos DB physical partition's share bites: more container throughput (computed) is the alternative. It leads (as the edit) over replicated copies when it adds no more RU/s than the copies cost ((N − 1) × the container's writes, or the capacity they need at headroom), since it changes no key and no application; and where copies need a raise of their own, the raise that serves the value as it is leads them when it costs at most 25% more RU/s than theirs.",
    "A Cosmos DB read-hot value (its declared heat of reads, or reads above its writes) read by its whole key (a point read or an exact-parameter query, which the integrated cache's item and query caches answer) whose writes then fit at today's RU/s is led by the integrated cache, which --fix does not write; the copies and the raise follow.",
    'A small raise leads a change of key: where the raise in place that serves the hottest value (or a hot first level) as it is adds at most 25% to today\'s dedicated RU/s (manual, or the autoscale maximum), it leads, as the edit --fix writes, and the shards, copies or synthetic first level follow as the durable alternative ("or, to stop paying for the headroom, …").',
    "Cosmos DB, no count fits at the declared RU/s: the raise in place at which one does leads, then the count, sized on that count's own charged peak (a fan-out's reads on every shard), so the same RU/s and count are named whatever count is declared. Where it re-counts a declared sharding (same strategy and source), --fix writes both, as SG017 writes its raise with SG008's count; a key not yet sharded gets no edit.",
    'Its trade: a new partition key is a new container and a copy of every document, paid once (Azure: "Change partition key"); a raise is billed every hour it stands ("Pricing model"; autoscale: the highest RU/s of each hour, at least 10% of the maximum, "Frequently asked questions about autoscale"), there at once or, where it splits partitions, in 4-6 hours. A few percent an hour costs less than a migration for years; past 25% the key change leads.',
    "That raise does not lead for serverless (no raise), a shared database (its raise moves every container in it), a raise past Azure's default per-container maximum (a quota request), a container short of RU/s (SG017's raise first), or a size the key must split (SG006). Nor for a value above `maxHotKeyShare` that throttles at its peak (an error): it has outgrown its partition.",
    'A value above `maxHotKeyShare` served at its peak, short only of headroom (a warning), gets that raise first: a headroom warning is no reason for a new container. SG014 then warns of its share, planning the key change for growth.',
    "A Cosmos DB container with more physical partitions than its RU/s and storage need (a declared `physicalPartitions` left by a raise since lowered): Azure's partition merge (preview) comes first among the alternatives where the hot key fits the merged share, with the merged count, each partition's RU/s and the key's load beside its neighbours'. The merged count: a container created at its RU/s and storage (Azure publishes no rule).",
    'That merge: only with dedicated manual or autoscale throughput, declared storage, an unsharded key without replicated copies, and RU/s that carry the peak (not serverless, which Azure does not merge; not a shared database, whose count depends on every container in it). It names the command, the account limits (single-region writes; no point-in-time restore, customer-managed keys or analytical store) and the SDKs the account then accepts.',
    'Copies behind that raise: they follow, at the current throughput, only where it carries their peak (reads + N × writes) at headroom, and are not offered otherwise.',
    "Cosmos DB copies: sized on the container they make. N copies store every document N times (N × `storage.totalGb`, which the edit writes: at least one physical partition per 50 GB of it, the RU/s divided among them all) and write it N times, so each copy meets 1/P of the reads and of N × the writes beside it, at the current RU/s or, where the copies' peak is above their usable part, at SG017's raise.",
    'A raise in place whose split leaves a layout serving at fewer RU/s (3 partitions reach 6 only past 50,000 RU/s; 6 serve from 45,000) names both steps: the raise, then the RU/s to lower to once the split completes, which keeps the partitions. --fix writes the raise: deployed straight, the lower figure splits fewer partitions. `splitFrom` (5 from 3) declares an uneven split, judged on the share a partition left whole keeps; a raise that splits unevenly writes it.',
    "That warning: the existing container needs nothing; a new one gets the declared partitions only if created at their count × 6,000 RU/s and then raised in place to the design's RU/s (instant up to count × 10,000). Every raise in place a fix offers says the same, with its figures, where a container created at the raised RU/s would get more partitions; for a design that declares no count (a container still to be created) the fix leads with that creation, then the raise.",
    "No copy count fits: every count is tried (past some N the copies' own writes and storage outgrow what they spread); none fitting, none is offered. The raise in place that serves the key as it is leads (with its edit; with declared copies, judged on N × the writes and the GB, and said to keep them), else the cache, or the hot value moved to its own container, keyed by a finer attribute (spreading its documents, not one document's reads; for a value known to stay hot, not one that changes daily).",
    "A GSI whose writes count the table's replicated copies, where the table's fix changes them: it defers to that fix with no edits of its own, so one `--fix` run plans it once, on the copies kept. Over its ceiling only because of copies SG007 finds needless, it is offered their removal (with the index's figures at one copy), not shards of its own; SG001 and SG002 defer the same way.",
    "DynamoDB copies that would put a GSI's hottest value over its ceiling (every copy writes its own index entry): said with that index, with no edit.",
    'DynamoDB copies: each is an item of its own, so the table stores every item N times, and every GSI whose key attributes the copies carry holds each item N times, its queries returning each N times. The fix says so, and the remedy: the index key written on copy 0 only, a sparse index holding one copy (AWS: "Take advantage of sparse indexes"), or the N× index writes counted and the duplicates removed.',
    'A paged read (`limit`) that a new sharding fans out: where it takes whatever items a shard holds (a work queue\'s poll), `wants: "any"` reads one shard instead. Offered as the user\'s choice, never written as an edit: the design cannot show whether a sorted page of every item is wanted.',
    "A GSI key's shards: they go in a separate key attribute the application writes; in a multi-attribute key with fewer than 4 attributes, a number attribute added to the key (DynamoDB hashes them together); with 4, no edit, since which attribute takes the shard is the designer's choice.",
    "A GSI hot on the table's hottest item's writes: where a projection leaving out what the updates change clears it alone, it leads (a new KEYS_ONLY index, its write peak declared without them; no key change, no fan-out), the shards its alternative. Else random shards written afresh on every update of that item, sized for the 2 index writes each then costs; never a shard calculated from an attribute of the item (it names one shard).",
    'A flat Cosmos DB key\'s fix proposes a hierarchical key with a level below the hot value (`/tenantId` → `/userId`) only where that value, kept as its first level at its declared share and size, fits the physical partitions it spans (one while under 50 GB, Azure: "Hierarchical partition keys"; judged at least at the flat share). A proposed key says where the flat key\'s declared figures go: onto that first level, or, under a new first level that splits the value, removed.',
    "A hot first level of a hierarchical key: a synthetic bucketed first level, or more buckets when it is one already, N counting the neighbours each bucket's partition then holds; more container throughput (computed) is its alternative too. Its writes count the declared replicated copies of the full key, which sit under its first-level value; copies SG007 removes are not counted.",
    "A hot first level another order spreads: where a level the declared queries give at least as often, put first, has a hottest value that fits its physical partition, that reorder is offered, first where the other fix changes the key too (buckets, a raise with them): it needs no more RU/s and no fan-out. After a raise alone or a cache, which keep the key. A bucketed level's figures are one bucket's: the fix says what to declare.",
    "A hot first level whose unique last level every declared query routed by the key gives (point reads by the full key: `/entityType` → `/entityId`): that level alone as the key, offered as the reorder is and first where the other fix changes the key too, where the key so made draws no SG003, SG006 or SG014 and strands no query. Its values are the full key's: each logical partition holds what it did.",
    'A first level hot by its reads (they alone are over what its partitions leave it; its writes alone fit): the cache, with the share of its reads it must answer. A first-level value declared hot in one direction (`workload.hotKeyOperations`) takes its share of that direction and only the uniform 1/cardinality of the other.',
    'Where that cache comes: first where the other fix is a new synthetic first level (a new partition key, which Cosmos DB changes only by copying every document into a new container, and a fan-out of every query for one value); after a raise in place or more buckets of a level bucketed already, which keep the key and carry the edit.',
    'A DynamoDB item collection hot by its reads alone: DAX, offered beside its shards where those divide its reads; else (a declared `resultKb` of 4 KB or less) copies where they fit, or DAX, the fix saying that shards would not serve (every shard charged each read).',
    "Counts near the line: a shard or bucket count is offered only at RU/s whose peak leaves at least 5% of the usable RU/s free. Each shard or bucket meets 1/P of the rest of the container's load, so nearer the line the count grows as 1 ÷ the room left and is decided by a fraction of an RU/s; none set by its neighbours is offered at SG017's raise, whose peak fills the usable RU/s.",
    'A flat key\'s shard count set by its neighbours (not its own ceiling) at such a sliver: said, not offered, no edit, above `maxShards` too (no "raise maxShards" for it). The RU/s that serve the key unsharded lead, or, over its own ceiling, the raise at which shards fit.',
    "A bucket count above `maxShards`, or decided by a sliver: said, not offered, no edit. The raises that serve lead, the cheaper first, each with its RU/s, physical partitions and count: the least at which a count within `maxShards` serves it; the least at which no more buckets than the container's physical partitions do, when that is fewer; the RU/s at which the value fits as it is.",
    "Those raises' reads: where a query for one first-level value reads a page (`limit`) without the attribute the buckets hash, each bucket serves a page of its own (counted as SG017 counts a fan-out); every bucket count, today's or a raise's, is sized with those reads, and one they take past the RU/s is not offered there; a raise whose reads then need more RU/s at headroom is weighed at that cost, and follows the raises it costs more than, with the figure.",
    'Buckets stop at one per physical partition because past that a query for one value reaches most partitions, and each charges it. The first raise that buckets spells the synthetic level out, with the figures that derive its count, and says when only the hottest value needs buckets (the others fit unbucketed).',
    'A hot first level for which no bucket count fits at the current throughput (the average partition already fills its usable share), or one fits only by a sliver: no count there. The same raises lead, in the same cost order, with the count at each.',
    "A DynamoDB key whose shard count is above the partitions counted now, or for which no count fits, or above `maxShards`: warm throughput leads, with its edit (`warmThroughput` on the table or index): the least within the 40,000 table-level quota at which the fewest shards that can serve (none where the key fits alone) fit with 5% of the usable ceiling free and two on one partition within its maximum, with the count the plan then gives. Today's count follows, then batching upstream.",
    "Where no warm throughput within that quota leaves room for a count within `maxShards` (a provisioned table at SG017's raise averages its usable line on every partition), the fix names the partitions past it, up to the twice-the-peak an on-demand table holds: the quota raise (Service Quotas), then the warm throughput at which the declared count (else the fewest) fits, charged once where capacity is billed every hour; then on-demand billing where it serves; no edit.",
    'Its cost: a one-off charge for the increase, not capacity billed by the hour; it cannot be lowered. Set in the short direction (P′ × 1,000 WCU, P′ × 3,000 RCU).',
    'That lever only where it at least halves the fan-out (5 shards cut to 4 is not worth a charge that cannot be undone), and for write shards (not copies or a cache). Under a table-level quota declared above the default, it pre-warms no further than twice the peak (the partitions an on-demand table holds once it has served it): past them the pre-warm would grow with the quota, not the load.',
    "Where the largest item collection needs shards for its size too (a table with an LSI: 10 GB per collection), the lever's count is no fewer than the size needs, since partitions divide no item collection: size and load are searched together, for the smallest count meeting both (a 9 GB collection at 80% of a 3,000 WCU table: warm throughput to 6 partitions, then 2 shards).",
    "A key whose N is above `maxShards`: no throughput is offered where its own ceiling bites (a DynamoDB partition's 3,000 RCU / 1,000 WCU, a Cosmos DB logical partition's 10,000 RU/s: no table or container capacity lifts them). Where its Cosmos DB physical partition's share bites, the RU/s that serve it unsharded lead.",
    'A Cosmos DB key for which no shard count fits its physical partition at the current throughput (the average partition already fills its usable share): a raise in place with shards, where shards are needed (below). Batching its writes upstream stays the alternative.',
    "Where that key needs shards at a raise: where its logical partition's ceiling needs them, where its largest value's size needs them anyway (SG006: a raise alone leaves it too large), or where they let a smaller raise serve than the key as it is (which then follows).",
    "The raises with shards of that key, the cheaper first: the least RU/s at which a count within `maxShards` fits (with 5% of the usable RU/s free), and the least at which the fewest shards its own ceiling needs fit (each beside 1/P of the rest of the container's load, its sibling shards included), each with the physical partitions it leaves. Where the reads the wider fan-out multiplies (counted as SG017 counts them) make the first cost more, the second leads.",
    "A count of N shards or copies of one value sizes each beside 1/P of its siblings' load, as if the N keys hashed onto different partitions. Where two on one partition would pass its usable ceiling, the fix says so, with the chance two share one (1 − P! ÷ ((P − N)! × P^N), certain when N > P) and that partition's load: on DynamoDB until adaptive capacity isolates them; Cosmos DB never splits a partition for heat, so there it stays.",
    'DynamoDB: N is also the least count at which two keys on one partition (past P, the ⌈N/P⌉ it holds and one more) fit its hard 1,000 WCU / 3,000 RCU beside its neighbours (AWS "Partitions and data distribution"; adaptive capacity parts them only under sustained traffic). A declared count failing it: a warning (`hashedPairOver`) whose edit sets the plan\'s count, or, where the plan offers no larger one, with no edit. Cosmos DB counts are sized on the expected placement.',
    'A value declared hot by its writes (`workload.hotKeyOperations: "writes"`) still takes the even 1/values of the reads every value takes: sharded, each read of it queries every shard, and each shard\'s partition serves it (AWS "Using write sharding to distribute workloads evenly"; "Query": each Query charged on its own).',
    'DynamoDB: keys hash like balls in bins, so bigger crowds than that are common (75 shards on 60 partitions put 4 or more on one 93% of the time). A fix stating a count also states the fewest keys that pass the maximum on one partition and how likely so many share one (exact; where at least 1%). `thresholds.crowdConfidence` (default 0) raises N until that crowd gathers at most 1 − it of the time; a declared count failing only that: a warning (`hashedCrowdOver`) with the edit.',
    "A hierarchical key's full key whose hottest value the first level's buckets split (they hash an attribute finer than the key: a batch scope, or the item id of a key value holding many items), and whose plan does not also fix its size: told to apply that fix instead of a raise of its own, named by what it leads with (the cache, or its buckets).",
    "A key under `minCardinality` judged on the uniform share alone (nothing declared or observed): SG001's finding, with the same fix; SG003 does not repeat it.",
    "DynamoDB shards whose reads fan out (each shard's query a request of its own): weighed as SG017 weighs the read peak they make, a table's with the queries of each index keyed by its sharded attribute. Where that peak needs read throughput past a default quota (peak ÷ headroom above the table-level quota of 40,000, or the table and its GSIs above the account-level 80,000), the quota increase is part of the fix and no edit is written.",
    "Cosmos DB shards whose page reads fan out: weighed against Azure's default maximum of 1,000,000 RU/s per container (per database for shared throughput). Where those reads and the writes need more at headroom, the support ticket is part of the fix and no edit is written.",
    'A DynamoDB table that declares replicated copies beside a GSI whose key attributes each copy carries (`copiesCarry: "every"`, the default) and an access pattern reads: a warning (the index holds every item N times, its queries return each N times, its writes are N×), fixed by `copiesCarry: "first"` with the key written on copy 0 only. Quiet where no pattern reads the index. That index\'s own hot-key findings (SG001–SG003) defer to it, with no edits; copies SG003 proposes come with it.',
    "A Cosmos DB read-hot value for which no count of copies fits at the current throughput: copies at the least raise in place at which a count fits, first, where that raise is below the one that serves the value unsharded (each copy puts 1/N of the value's load on its partition, where a raise alone must lift every partition's share by all of it); that raise follows.",
    'Copies are for a value read much and written seldom: where the hottest value takes most of the writes (each goes to every copy), the raise leads and the copies are named with the writes they add against the reads they relieve. Where every read of the key names one value (`keyValue`, a queue\'s poll), random shards with `wants: "any"` lead at the fewest count that fits today\'s RU/s: said, never written.',
    'A Cosmos DB transactional batch or stored procedure over the whole key value (no `scopeAttribute`, or the key itself): no sharding keeps it, so the fix keeps the key whole (redistribution, which adds no RU/s, then the raise, then batching upstream). Copies break any invariant by kind: a condition on one item has one ETag per copy; no call spans two copies.',
  ],
  // A waiver of one direction of heat (a cache in front serves the reads alone): `appliesTo: ["hotKeyReads"]`.
  partKinds: HOT_KEY_PARTS,
  // The hottest value over its ceiling, however the message names it (held with its shard, named by the reads that ask
  // for it, judged under the hottest first-level value): `appliesTo: ["hotKey"]` waives each, as the parts do.
  messageVariants: HOT_KEY_VARIANTS,
  sources: [
    SOURCES.dynamoKeyDesign,
    SOURCES.dynamoChoosingKey,
    // The neighbours: keys hashed over the key space's partitions, the fewest that serve its reads and writes at once, for
    // twice the on-demand peak, at least a new table's warm throughput.
    SOURCES.dynamoPartitions,
    SOURCES.dynamoWarmThroughputScenarios,
    // A provisioned table serves its capacity, whatever the key: at its line every partition averages its usable
    // ceiling, and a value over only by that is the capacity's (SG017's), not reported (leftToCapacity). So is a
    // table launched at its warm throughput, judged at SG017's pre-warm: a uniform key is the design (dynamoUniformLoad).
    SOURCES.dynamoProvisioned,
    SOURCES.dynamoUniformLoad,
    // The lever: warm throughput raised on a table or GSI, in either mode, never lowered again.
    SOURCES.dynamoWarmThroughput,
    SOURCES.dynamoOnDemand,
    // Adaptive capacity serves a partition past its even share up to its maximum while the table's total holds: at the
    // line, a cold value within 5% of the usable above the average partition is the table's capacity (leftToCapacity).
    SOURCES.dynamoAdaptive,
    SOURCES.dynamoSplitForHeat,
    // Both pages suffix every value of the key: where the hottest value is not known ahead (`hotKeyMoves`), every value is sharded.
    SOURCES.dynamoSharding,
    // A key with a time-bucket component: its hot value is the current bucket's, so a list of hot values trails it.
    SOURCES.dynamoTimeSeries,
    // Replicated copies are items of their own: every GSI whose key they carry holds each N times, unless only copy 0 carries it.
    SOURCES.dynamoSparseIndexes,
    // The lever's count for a table with an LSI: no fewer shards than its largest item collection needs (10 GB each).
    SOURCES.dynamoLsiLimit,
    // Past maxShards by size, batching serves nothing: a time to live expires what need not be kept (size-bound.ts).
    SOURCES.dynamoTtl,
    SOURCES.cosmosTtl,
    // Identify the hot keys (Contributor Insights) "to target your mitigation efforts": the list of hot values.
    SOURCES.dynamoKeyRangeThrottling,
    SOURCES.dynamoGsiSharding,
    // A GSI keyed by a whale shards it alone: its separate attribute is on every item, the plain value for the others.
    SOURCES.dynamoGsiBestPractices,
    SOURCES.dynamoMultiAttributeKeys,
    SOURCES.cfnGsiKeySchema,
    SOURCES.cfnGlobalTableGsiKeySchema,
    // A table's own new key (composite-key.ts): KeySchema changes replace the table.
    SOURCES.cfnDynamoDbTable,
    SOURCES.dynamoUpdateTable,
    SOURCES.dynamoGsiUpdate,
    SOURCES.cfnTableGsiUpdates,
    SOURCES.dynamoGsiThroughput,
    SOURCES.dynamoLsiWrites,
    SOURCES.dynamoGsiThrottling,
    // A table key attribute never changes in place: an index key that is one is never moved by the hot item's updates.
    SOURCES.dynamoUpdateItem,
    SOURCES.dynamoDax,
    SOURCES.dynamoDaxConcepts,
    SOURCES.dynamoDaxConsistency,
    SOURCES.dynamoDaxTtl,
    SOURCES.dynamoDaxSuitability,
    SOURCES.awsDatabaseCaching,
    SOURCES.dynamoQueryPagination,
    SOURCES.dynamoReadConsumption,
    SOURCES.dynamoQueryMinimum,
    SOURCES.dynamoReadConsistency,
    SOURCES.dynamoThroughputQuotas,
    SOURCES.dynamoAutoScaling,
    SOURCES.cdkAutoscaledCapacity,
    SOURCES.cosmosPartitioning,
    SOURCES.cosmosScalingThroughput,
    SOURCES.cosmosProvisionedThroughput,
    SOURCES.cosmosDatabaseThroughput,
    SOURCES.cosmosRedistributeThroughput,
    SOURCES.cosmosRedistributeThroughputFaq,
    SOURCES.cosmosPartitionMerge,
    SOURCES.cosmosAutoscaleFaq,
    SOURCES.cosmosAutoscale,
    SOURCES.cosmosServerlessPerformance,
    SOURCES.cosmosHierarchical,
    SOURCES.cosmosHierarchicalFaq,
    SOURCES.cosmosSynthetic,
    // A hot key's neighbours are the rest of the peak SG017 counts: a query over N shards is one query on each ("Query an
    // Azure Cosmos DB container"), each charged for what it loads ("Optimize request cost"), on the partition holding it.
    SOURCES.cosmosCrossPartition,
    SOURCES.cosmosRequestCost,
    SOURCES.cosmosIntegratedCache,
    SOURCES.cosmosDedicatedGateway,
    SOURCES.cosmosChangePartitionKey,
    // Minimum throughput limits: manual RU/s at least MAX(400, GB × 1, highest ever ÷ 100), an autoscale maximum at least
    // MAX(1,000, GB × 10, highest ever ÷ 10): a container is judged at the RU/s its declared storage holds it at, and
    // copies that store more pay for the minimum their storage forces.
    SOURCES.cosmosLimits,
    // The levers' invariants: a transactional batch runs in one logical partition; a conditional write checks one item's ETag.
    SOURCES.cosmosTransactionalBatch,
    SOURCES.cosmosOptimisticConcurrency,
  ],
  messages: () => ({
    hotKey: `the hottest {{key|key}} value{{index|onIndex}} takes {{share|percent}} (${SHARE_SOURCE}${INHERITED_SHARE}) of the ${SHARE_OF}${KEY_READS}: `,
    // A hierarchical key's hottest value under the hottest first-level value (deferToFirstLevel): on that value's physical
    // partition, its neighbours are the rest of that value's load first, then the other first-level values hashed there.
    hotKeyUnderFirstLevel: `the hottest {{key|key}} value takes {{share|percent}} (${SHARE_SOURCE}) of the ${SHARE_OF}: {{hotKeyLoad}} RU/s under the hottest {{level|code}} value, whose documents stay on one physical partition until they hold {{partitionGb}} GB, so its neighbours there are that value's other {{levelRest}} RU/s before any other: SG003 at {{levelPath|code}} judges that value's {{prefixLoad}} RU/s against the usable {{prefixUsable}} RU/s left there beside the other first-level values, which leaves this one {{levelLeft}} RU/s`,
    // A value under the hottest first-level value that no bucket of its fix can hold (beyondFirstLevelBuckets): its own
    // plan stays, applied with that fix, not instead of it.
    beyondFirstLevelBuckets:
      "; that value's buckets (SG003 at {{levelPath|code}}) cannot hold this one: a bucket holds each {{fullKey|key}} value whole ({{?scope}}{{scope|code}}, the scope of {{scopeInvariant|code}}, keeps this one whole{{/scope}}{{!scope}}this one is one item, which no bucket splits{{/scope}}), and it is {{insideShare|percent}} of that value's load, more than the 1/{{buckets}} a bucket is sized for: the bucket holding it would take {{bucketLoad}} RU/s (its {{hotKeyLoad}} and 1/{{buckets}} of the other {{levelRest}}) where the count sizes each for {{bucketEven}}{{?overLogical}}, and no bucket lifts a value above the {{logicalCeiling}} RU/s of one logical partition{{/overLogical}}; so this value keeps the plan of its own below, applied with those buckets, not instead of them: until that value is bucketed, this one stays on its physical partition beside the other {{levelRest}} RU/s, and each key the plan stores (a shard or a copy, its suffix in {{bucketSource|code}} as the buckets hash it) lands in a bucket of its own hash, beside 1/P of the rest of the container's load, where the plan sizes it",
    underFirstLevelWithin:
      "; that value is within the RU/s its physical partition has for it in full, above only the headroom the design plans to keep, so this is a warning, as that value's finding is",
    // A separate shard attribute (`hourBucketShard`) holds the value the user reads by (`sharding.logicalAttribute`, `hourBucket`).
    hotHeldKey: `the hottest {{logical|code}} value{{index|onIndex}} (held with its shard in {{key|key}}) takes {{share|percent}} (${SHARE_SOURCE}${INHERITED_SHARE}) of the ${SHARE_OF}${KEY_READS}: `,
    writeOver:
      '{{writeLoad}} {{writeUnit}} writes against a usable {{writeUsable}} {{writeUnit}} ({{headroom|percent}} of the {{writeCeiling}} {{writeUnit}} ceiling)',
    writeOverSharded:
      '{{writeLoad}} {{writeUnit}} writes, {{writePerKey}} {{writeUnit}} per {{storedKey}} over {{declaredShards}}, against a usable {{writeUsable}} {{writeUnit}} ({{headroom|percent}} of the {{writeCeiling}} {{writeUnit}} ceiling)',
    // Reads named by access patterns (keyValue): which value, which share of the reads and where they come from, then the writes' share.
    hotNamedKey:
      'the hottest {{key|key}} value{{index|onIndex}}, {{namedValue|code}}, takes {{readShare|percent}} of the reads ({{namedPatterns|code}}, {{namedShare|percent}} of them, {{namedPatternCount|one=reads|other=read}} only {{namedValue|code}}: keyValue',
    hotHeldNamedKey:
      'the hottest {{logical|code}} value{{index|onIndex}} (held with its shard in {{key|key}}), {{namedValue|code}}, takes {{readShare|percent}} of the reads ({{namedPatterns|code}}, {{namedShare|percent}} of them, {{namedPatternCount|one=reads|other=read}} only {{namedValue|code}}: keyValue',
    namedRest: '; of the other reads it takes {{restShare|percent}}',
    namedWrites: `) and {{share|percent}} ({{shareSource|declared=declared|observed=observed|derived=estimated from a key level|uniform=uniform|time-bucket=the current time bucket|table-item=from the hottest item of the table|table-key=the hottest value of the table, which the index key carries|inherited=}}${INHERITED_SHARE}) of the writes ({{hotWrites}} {{hotWriteUnit}}): `,
    namedNoWrites: ') and none of the writes: ',
    readOver: '{{readLoad}} {{readUnit}} reads against a usable {{readUsable}} {{readUnit}} ({{headroom|percent}} of the {{readCeiling}} {{readUnit}} ceiling)',
    readOverSharded:
      '{{readLoad}} {{readUnit}} reads, {{readPerKey}} {{readUnit}} per {{storedKey}} over {{declaredShards}}, against a usable {{readUsable}} {{readUnit}} ({{headroom|percent}} of the {{readCeiling}} {{readUnit}} ceiling)',
    requestOver:
      '{{requestLoad}} {{requestUnit}} against a usable {{requestUsable}} {{requestUnit}} ({{headroom|percent}} of the {{requestCeiling}} {{requestUnit}} ceiling)',
    requestOverSharded:
      '{{requestLoad}} {{requestUnit}}, {{requestPerKey}} {{requestUnit}} per {{storedKey}} over {{declaredShards}}, against a usable {{requestUsable}} {{requestUnit}} ({{headroom|percent}} of the {{requestCeiling}} {{requestUnit}} ceiling)',
    // DynamoDB: the other keys hashed to the stored key's partition share its ceiling ("Partitions and data distribution").
    readBeside:
      ', less the {{readNeighbours}} {{readUnit}} its neighbours are expected to take (the other {{readRest}} {{readUnit}} of reads ÷ {{keySpacePartitions}} partitions): {{readLeft}} {{readUnit}} left',
    writeBeside:
      ', less the {{writeNeighbours}} {{writeUnit}} its neighbours are expected to take (the other {{writeRest}} {{writeUnit}} of writes ÷ {{keySpacePartitions}} partitions): {{writeLeft}} {{writeUnit}} left',
    // P and how it was counted, once, in the words the CDK hot-key alarm uses too (`partitionCountTemplate`): provisioned,
    // from the capacity at the declared peak; on demand, for twice the peak or the warm throughput (declared, else a new
    // table's), whichever counts more (AWS publishes no count).
    partitionsCounted: `; {{keySpacePartitions|one=# partition|other=# partitions}} assumed, ${partitionCountTemplate('partitionsCountedBy', 'partitionsPeakDividedBy', 'partitionsChargedReads', PARTITION_DETAIL)}`,
    // A launch whose key's fix pre-warms past the peak's own figure (`warmPlannedPast`): SG017 asks for the fix's.
    partitionsBeforeKeyWarm: `; {{keySpacePartitions|one=# partition|other=# partitions}} assumed, ${LAUNCH_PEAK_ALONE_WORDS} ({{?partitionsPeakDividedBy}}peak ÷ {{partitionsPeakDividedBy|percent}} headroom; {{/partitionsPeakDividedBy}}3,000 RCU and 1,000 WCU each; a new table or GSI starts warm for 12,000 RCU and 4,000 WCU a second), the count the fix's pre-warm starts from: SG017 asks for that pre-warm, to {{planWarmPartitions}} partitions, before the launch, not the peak's own`,
    requestOverPhysical: '{{requestLoad}} {{requestUnit}} against a usable {{requestUsable}} {{requestUnit}} left on its physical partition',
    requestOverShardedPhysical:
      '{{requestLoad}} {{requestUnit}}, {{requestPerKey}} {{requestUnit}} per {{storedKey}} over {{declaredShards}}, against a usable {{requestUsable}} {{requestUnit}} left on its physical partition',
    // Over the logical ceiling, yet sized by the physical share: say why N is more than the logical ceiling alone needs.
    // Each stored key is hashed to a physical partition like any key value: its sibling shards are among its neighbours.
    thenPhysicalShare: `; under that ceiling, each stored key must still fit the {{physicalUsable}} RU/s left on its physical partition (${DIVIDED_RU} divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s, {{partitionUsable}} usable at {{headroom|percent}}, less the {{neighbourRu}} RU/s its neighbours are expected to take), which sets N`,
    thenPhysicalShareShards: `; under that ceiling, each stored key must still fit its physical partition (${DIVIDED_RU} divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s, {{partitionUsable}} usable at {{headroom|percent}}) beside the 1/{{physicalPartitions}} of the rest of ${CARRIED_LOAD} it expects there, its sibling shards included, which sets N`,
    // No shard count fits when the container's average partition is already at its usable RU/s: each shard's partition is above it.
    // Where the fix caches the hottest value's reads first (`cachedPeak`), that load is said to include them.
    noCountPhysical: `; under that ceiling no shard count fits its physical partition: each stored key expects 1/{{keySpaceSlices}} of the rest of ${CARRIED_LOAD} beside it, and {{largestShare|even=the average partition|uneven=each partition the raise leaves unsplit}} already carries {{averageLoad}} RU/s ({{carriedPeak}} ÷ {{keySpaceSlices}}) of the {{partitionUsable}} usable on each ({{headroom|percent}} of {{partitionRu}}){{?cachedPeak}}, the hottest value's reads among that load{{/cachedPeak}}`,
    // The figures N comes from, so a reader can recompute it (the same method as a hierarchical key's buckets).
    shardsDerivation: `; why N = {{shards}}: a stored key's {{storedLoad}} RU/s + ({{carriedPeak}} − {{storedLoad}}) ÷ {{storedPartitions}} = {{storedNeighbours}} of the rest of ${CARRIED_LOAD} makes {{storedTotal}} of the {{storedUsable}} RU/s usable on its partition ({{headroom|percent}} of {{storedPartitionRu}}); {{fewerShards}} would make {{fewerTotal}}; ${AVERAGE_PLACEMENT}`,
    physicalShare: `: ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s ({{partitionUsable}} usable at {{headroom|percent}}), and the other logical partitions on the same one are expected to take {{neighbourRu}} RU/s; that share, not the {{logicalCeiling}} RU/s logical-partition ceiling, is the ceiling that bites`,
    // Over the logical ceiling too, but its physical partition gives it less: that share is the figure
    // (shards sized to fit the logical 8,000 RU/s would still throttle there), as SG002 says it (physicalShareOverLogical).
    physicalShareOverLogical: `: ${DIVIDED_RU} are divided among {{physicalPartitions|partitions}} of {{partitionRu}} RU/s ({{partitionUsable}} usable at {{headroom|percent}}), and the other logical partitions on the same one are expected to take {{neighbourRu}} RU/s; that share, lower than the {{logicalUsable}} RU/s usable of the {{logicalCeiling}} RU/s logical-partition ceiling (which it passes too, so more RU/s alone would not serve it), is the ceiling that binds`,
    orRaiseThroughput: `; or ${REDISTRIBUTE_FIRST}${raiseInPlace(RAISE)}`,
    // A container raised and lowered keeps the partitions the raise made; merging them back serves the key with
    // no change of key and no more RU/s, so it is named first among the alternatives where it clears the finding.
    orMergePartitions: OR_MERGE_PARTITIONS,
    atCapacityRaise: `${AT_CAPACITY_RAISE}this key's physical partition stays short ${AFTER_CAPACITY_FIX})`,
    then: '; ',
    deferToFirstLevel:
      'apply the fix of the hottest {{level|code}} value (SG003 at {{levelPath|code}}): its buckets hash {{bucketSource|code}}, finer than the key, so every {{fullKey|key}} value under it is split over its buckets too, and its raise and bucket count serve this value as well; a raise for this value alone would leave the first level over',
    // Where that fix leads with the engine's cache (a first level hot by its reads, whose other fix is a new synthetic level).
    deferToFirstLevelCache:
      "apply the fix of the hottest {{level|code}} value (SG003 at {{levelPath|code}}), which leads with {{cache}} in front of that value's reads: this value's reads are among them, and the cache answers them as it answers the rest; {{?bucketSource}}its alternative, buckets hashing {{bucketSource|code}}, finer than the key, splits every {{fullKey|key}} value under it over its buckets too, so its bucket count serves this value as well{{/bucketSource}}{{!bucketSource}}it offers no buckets, which would divide none of the paged reads that carry both values' load{{/bucketSource}}; a raise for this value alone would leave the first level over",
    // A value under the hottest first-level value that its fix serves whole (deferToFirstLevel, wholeUnderFirstLevel).
    deferToFirstLevelWhole:
      "apply the fix of the hottest {{level|code}} value (SG003 at {{levelPath|code}}), which serves every value under it: this value is {{insideShare|percent}} of its load{{?splitInto}}, no more than the 1/{{splitInto}} the smallest of the buckets that fix offers takes, so the one bucket that holds it (a hash of {{bucketSource|code}} keeps one {{fullKey|key}} value whole in one bucket) is sized to fit it{{/splitInto}}; shards or a raise for this value alone would leave it beside the rest of that value's load, which fills its physical partition",
    // The first level's buckets split the full key's largest value too (`bucketsSplitSize`): SG006 defers to them as well.
    deferredSizeSplit: DEFERRED_SIZE_SPLIT,
    readsOfOneItem: ' (reads of one item, which write sharding cannot spread)',
    ...HOT_VALUE_VERDICT_MESSAGES,
    // A sharding of the hottest values only (sharding.hotValues) leaves the others unsharded: judged so.
    restOverUnsharded:
      'only the hottest {{hotValues|one=# value|other=# values}} of {{key|key}} {{hotValues|one=is|other=are}} sharded (sharding.hotValues), but the others, stored unsharded, are expected at {{restLoad}} {{restUnit}} each (an even part of what the hottest leaves), over the usable {{restUsable}} {{restUnit}}',
    fixShardEveryValue:
      'shard every value: remove sharding.hotValues, so that each value is stored under its {{declaredShards}} shards; every read of the key then fans out over them',
    // A finer key spreads the value's documents, and the reads and writes spread over them, not one document's: each
    // item has one partition key value, so one logical partition ("Partitioning and horizontal scaling"). A value read
    // mostly as one document (a match's latest score) gains nothing from it; the cache or copies take those reads. A move
    // is a copy of the value's documents into another container, fit for a value known to stay hot, not for one that moves.
    orMoveHotValue:
      "; or move the hottest {{key|key}} value to its own {{resource}}, keyed by a finer attribute (its own key values then spread its documents: this serves reads and writes spread over many of them, not one document's, which stays on one logical partition whatever the key), where the hot value is known ahead and stays hot (a whale tenant): one that changes from day to day (the flights of a fare sale) would have to be found and moved, documents and all, each time it changes",
    ...PREFIX_INGESTION_MESSAGES,
    ...PREFIX_REORDER_MESSAGES,
    ...ENGINE_NOTE_MESSAGES,
    ...AVERAGE_CHILDREN_MESSAGES,
    ...INDEX_WRITE_MESSAGES,
    ...INHERITED_WRITE_MESSAGES,
    ...PROJECTION_MESSAGES,
    ...PROJECTION_VERDICT_MESSAGES,
    ...IN_PLACE_LAYOUT_MESSAGES,
    ...HASHED_PAIR_OVER_MESSAGES,
    ...COPIED_INDEX_READ_MESSAGES,
    ...ADVICE_MESSAGES,
  }),
  check(design, analysis) {
    const prefix = prefixIngestionHits(analysis);
    const reordered = prefix.map((hit) => withReorder(hit, analysis));
    return [...analysis.spaces.flatMap((a) => deferToFirstLevel(a, keyHits(design, a), prefix)), ...reordered, ...copiedIndexReadHits(analysis)];
  },
  // No share declared (nor one a key level or a time bucket gives): the hottest value is judged at the average, so a
  // whale the design does not name passes unseen. An index written at the table's hottest item's share (`inherited`)
  // is judged so on its writes: only its reads are taken as uniform. A key that combines a time bucket with other parts
  // (`status#dueDate`) splits the current bucket's load evenly over those parts' values (1/5 each), the same assumption:
  // every new invoice is OPEN, so one of them takes far more than its fifth.
  unjudged: (_design, analysis) =>
    analysis.spaces
      // A unique key (share 0) is left out: each value is one item, and the note would sit on nearly every sound design.
      .filter(
        ({ space: { workload } }) =>
          (workload.hotKeyShareSource === 'uniform' || workload.hotKeyShareSource === 'time-bucket') &&
          workload.hotKeyShareAt === undefined &&
          workload.hotKeyShare > 0 &&
          workload.hotKeyShare < 1,
      )
      .map(({ space: { index, workload }, inherited }) => ({
        kind: 'hottestValue',
        declare: `${workload.path}.hotKeyShare`,
        ...(index === undefined ? {} : { index }),
        what: `the hottest ${workload.hotKeyShareSource === 'time-bucket' ? "of the current bucket's values" : `value${inherited ? "'s reads" : ''}`}, taken as uniform (${uniformShareText(workload.hotKeyShare)})${inherited ? ": its writes are the table's hottest item's" : ''}`,
      })),
});

/** `1/50,000,000 of the load`. */
function uniformShareText(share: number): string {
  return `1/${fmt(Math.round(1 / share))} of the load`;
}

/**
 * One fix for one container, not one per key level: the full key's hottest value sits under one first-level value, on
 * the physical partition that value's documents stay on until they hold 50 GB ("Hierarchical partition keys"), so where
 * that first level is over, its fix is this value's too, and the full key's finding defers to it (with its severity: the
 * two judge one partition) instead of asking for a raise or shards of its own that would leave the first level over.
 *
 * - Where the hottest first-level value's buckets hash an attribute finer than the key (`finerSource`: a transactional
 *   scope or the item `id`, the full key's hottest value holding many items), each bucket takes 1/N of every full key
 *   value under it too, so that fix, at its raise, also serves the full key's hottest value.
 * - Where they hash a key level, or the fix is a raise alone, the full key's value stays whole in one bucket: it defers
 *   where it is no more than the smallest bucket any offered count makes (`wholeUnderFirstLevel`), its lead then naming
 *   its real neighbours, the rest of that first-level value's load, not the container's average.
 *
 * Not where the full key's value is over its own logical partition's ceiling (no first-level fix lifts that), is more than
 * a bucket (the finding keeps its own plan), nor where the full key's plan also fixes its size, which SG006 quotes.
 */
function deferToFirstLevel(a: SpaceAnalysis, keyHits: RuleHit<Id>[], prefix: readonly RuleHit<PrefixIngestionId>[]): RuleHit<Id>[] {
  const [first] = prefix;
  if (first === undefined || keyHits.length === 0 || a.space !== a.design.primaryKey) return keyHits;
  // A plan that shards for the size too defers only where the first level's buckets split that size as well (SG006 defers then).
  const sized = a.plan.needs.size > 1 ? bucketsSplitSize(a.owner, first, firstLevelSplits(first.data ?? {})) : undefined;
  if (a.plan.needs.size > 1 && (sized === undefined || !a.collection)) return keyHits;
  const fullKey = a.space.partitionKey;
  const under = wholeUnderFirstLevel(a, first);
  const level = { level: fullKey[0].name, levelPath: first.path, fullKey: fullKey.map((l) => l.name) };
  // Where that fix is the cache alone (paged reads no bucket divides), it answers this value's reads as the rest of its level's.
  if (first.fixNotes?.includes('prefixPagedNoBuckets'))
    return keyHits.map((hit) => deferred(hit, first, under, 'deferToFirstLevelCache', { cache: cacheWordsOf(a.owner.profile).cache, ...level }));
  const levelData = { ...level, bucketSource: first.data?.source as string };
  if (first.data?.finerSource !== undefined && a.collection) {
    // Name what that fix leads with: the engine's cache, where the first level is hot by its reads (readCache), or its buckets.
    const cacheLeads = first.fixId === 'prefixCacheReads';
    return keyHits.map((hit) => {
      const hitDeferred = deferred(hit, first, under, cacheLeads ? 'deferToFirstLevelCache' : 'deferToFirstLevel', {
        ...(cacheLeads ? { cache: cacheWordsOf(a.owner.profile).cache } : {}),
        ...levelData,
        ...sized,
      });
      return sized ? Object.assign(hitDeferred, { fixNotes: ['deferredSizeSplit' as const] }) : hitDeferred;
    });
  }
  if (under === undefined) return beyondFirstLevelBuckets(a, keyHits, first, levelData) ?? keyHits;
  return keyHits.map((hit) => deferred(hit, first, under, 'deferToFirstLevelWhole', levelData));
}

/**
 * The full key's hottest value under the hottest first-level value, where that value's finding says no bucket of its
 * fix splits it (`prefixBucketsOneItem`, `prefixBucketsCannotSplit`: one item, or a transactional scope that is a key
 * level) and it is more than a bucket: a bucket is a first-level value, on one physical partition, and holds each full
 * key value whole ("Hierarchical partition keys": documents of one first-level value stay on one physical partition
 * until it splits; the 10,000 RU/s and 20 GB limits are one full key value's), so the bucket holding it takes its whole
 * load and 1/N of the rest, more than the count was sized for. The finding keeps its own plan and says so, judged beside
 * its real neighbours (the rest of that first-level value's load, as `first` judges it: the lead `hotKeyUnderFirstLevel`),
 * the two findings naming one figure: `first`'s share of it and its bucket count. Undefined where `first` does not say so.
 */
function beyondFirstLevelBuckets(
  a: SpaceAnalysis,
  keyHits: RuleHit<Id>[],
  first: RuleHit<PrefixIngestionId>,
  levelData: MessageData,
): RuleHit<Id>[] | undefined {
  const data = first.data ?? {};
  const wholeBy = [first.fixId, ...(first.fixNotes ?? [])].includes('prefixBucketsOneItem')
    ? 'item'
    : [first.fixId, ...(first.fixNotes ?? [])].includes('prefixBucketsCannotSplit')
      ? 'scope'
      : undefined;
  const { prefixLoad, prefixUsable, buckets, insideShare } = data;
  if (wholeBy === undefined || typeof prefixLoad !== 'number' || typeof prefixUsable !== 'number' || typeof buckets !== 'number') return undefined;
  const hot = a.hot.reads + a.hot.writes;
  const levelRest = Math.max(0, prefixLoad - hot);
  // The value is the first-level value's whole known load (its share only the full key's, a lower bound of the level's): it has
  // no neighbours under it to name, and it keeps its own finding, as `deferred` keeps it without a lead.
  if (!(levelRest > 0)) return undefined;
  const logical = a.owner.profile.limits.logicalPartitionRequestUnits;
  const overLogical = logical !== undefined && !fits(hot, logical * a.design.thresholds.headroom);
  const beyond = Object.assign({}, levelData, {
    ...(wholeBy === 'scope' ? { scope: data.scope, scopeInvariant: data.scopeInvariant } : {}),
    insideShare,
    buckets,
    bucketLoad: hot + levelRest / buckets,
    bucketEven: prefixLoad / buckets,
    prefixLoad,
    prefixUsable,
    partitionGb: data.partitionGb,
    levelRest,
    levelLeft: Math.max(0, prefixUsable - levelRest),
    ...(overLogical ? { overLogical: 1, logicalCeiling: logical } : {}),
  });
  return keyHits.map((hit) =>
    Object.assign({}, hit, {
      messageId: 'hotKeyUnderFirstLevel' as const,
      notes: ['beyondFirstLevelBuckets' as const],
      data: Object.assign({}, hit.data, beyond),
    }),
  );
}

/** `hit` deferring to the first level's finding `first` with `fixId`: no edits of its own, `first`'s severity, and, where
 *  the value is not that first-level value's whole load, the lead that names its neighbours under it. */
function deferred(hit: RuleHit<Id>, first: RuleHit<PrefixIngestionId>, under: MessageData | undefined, fixId: Id, data: MessageData): RuleHit<Id> {
  const within = first.severity === 'warning';
  const lead = under !== undefined && (under.levelRest as number) > 0;
  // Its own "so this is a warning" would contradict the first level's error it takes (copies under one prefix share its partitions).
  const notes = within ? hit.notes : hit.notes?.filter((id) => id !== 'physicalHeadroomOnly');
  return {
    ...hit,
    notes,
    ...(lead ? { messageId: 'hotKeyUnderFirstLevel' as const, notes: within ? (['underFirstLevelWithin'] as const) : undefined } : {}),
    severity: first.severity,
    fixId,
    fixNotes: undefined,
    edits: undefined,
    data: Object.assign({}, hit.data, under, data),
  };
}

/**
 * The figures of a full key's hottest value under the hottest first-level value `first` judges, where the first level's
 * fix serves it whole: it is over only on its physical partition's share (within its logical partition's usable RU/s),
 * it is under that value (the level's share declared, so the full key's is of it, or both uniform), and it is no more
 * than 1/N of that value for the largest N the fix offers (a bucket count, more buckets of a level bucketed already, or
 * none: a raise or cache that serves the value as it is). Its neighbours on that partition: the rest of that value's load
 * (`levelRest`), then what the other first-level values are expected to take, as `first` counts them.
 */
function wholeUnderFirstLevel(a: SpaceAnalysis, first: RuleHit<PrefixIngestionId>): MessageData | undefined {
  const data = first.data ?? {};
  const prefixLoad = data.prefixLoad as number | undefined;
  const prefixUsable = data.prefixUsable as number | undefined;
  if (prefixLoad === undefined || prefixUsable === undefined || a.over.length === 0 || !a.over.every((d) => d.physical !== undefined)) return undefined;
  if (data.shareSource !== 'declared' && a.space.workload.hotKeyShareSource !== 'uniform') return undefined;
  const hot = a.hot.reads + a.hot.writes;
  const insideShare = hot / prefixLoad;
  const splitInto = Math.max(1, ...firstLevelSplits(data));
  if (insideShare > 1 / splitInto + 1e-9) return undefined;
  const levelRest = Math.max(0, prefixLoad - hot);
  return {
    insideShare,
    ...(splitInto > 1 ? { splitInto } : {}),
    prefixLoad,
    prefixUsable,
    partitionGb: data.partitionGb as number,
    levelRest,
    levelLeft: Math.max(0, prefixUsable - levelRest),
  };
}

/**
 * The figures a shard count set by the physical share was judged on (`SpaceAnalysis.storedKeyShare`), at N and at
 * N − 1 (which does not fit), for the note that lets a reader recompute N: each stored key's load, its expected
 * neighbours (the rest of the container's load ÷ its physical partitions, its sibling shards included) and the usable
 * RU/s of its partition. Undefined where the physical share does not set N, or its neighbours are not that quotient.
 */
function shardsDerivation(a: SpaceAnalysis, shards: number | undefined): MessageData | undefined {
  const layout = a.plan.layout;
  if (a.physical === undefined || shards === undefined || shards < 2 || (layout !== 'random' && layout !== 'calculated')) return undefined;
  const headroom = a.design.thresholds.headroom;
  const figures = (n: number) => {
    const share = a.storedKeyShare(layout, n);
    const stored = storedKeyLoads(a.hot, layout, n, a.readsSpread);
    const load = stored.reads + stored.writes;
    return share && { share, load, total: load + share.neighbours, usable: share.requestUnitsEach * headroom };
  };
  const at = figures(shards);
  const fewer = figures(shards - 1);
  // The container's peak as charged at N (`chargedAt`: a fan-out's reads on every shard), whose rest is the neighbours.
  const charged = a.chargedAt(layout, shards);
  const peak = charged.reads + charged.writes;
  const logical = a.owner.profile.limits.logicalPartitionRequestUnits;
  if (!at || !fewer || !fits(at.total, at.usable) || fits(fewer.total, fewer.usable)) return undefined;
  // Only where the physical share, not the key's own ceiling, rules out N − 1.
  if (logical === undefined || !fits(fewer.load, logical * headroom)) return undefined;
  // The rest of what its partitions carry: on a shared database's, every busy container's load (`carriedLoadData`).
  const carried = carriedLoadData(at.share, peak);
  if (Math.abs(at.share.neighbours - (carried.carriedPeak - at.load) / at.share.count) > 1e-9 * carried.carriedPeak) return undefined;
  return {
    storedLoad: at.load,
    storedPartitions: at.share.count,
    storedNeighbours: at.share.neighbours,
    storedTotal: at.total,
    storedUsable: at.usable,
    storedPartitionRu: at.share.requestUnitsEach,
    ...carried,
    fewerShards: shards - 1,
    fewerTotal: fewer.total,
  };
}

/** The hottest key value of one key space over its ceiling (or its physical partition's share). */
function keyHits(design: KeyDesign, a: SpaceAnalysis): RuleHit<Id>[] {
  const { space } = a;
  if (a.over.length === 0) return restOverHits(a) ?? pairOverHits(a) ?? inPlaceOnlyHits(a);
  // An unsharded key whose hottest value is the current time bucket's (the whole key, or one of the values the
  // other parts give it) is SG002's finding, with the same load.
  if (!space.sharding && judgedAsTimeBucket(a)) return [];
  // On the uniform share alone (nothing declared or observed, no pattern naming the value it reads), the key's few
  // values are the cause: SG001 reports this value over its ceiling with the same fix, once. A declared or observed
  // share above uniform, or reads a pattern sends to one value (keyValue), are a skew of its own.
  if (sg003DefersToSg001(a)) return [];
  // A key with no hot value whose partition is over only by hashing's spread, or a value over only because the
  // container's or table's load fills its partition (the neighbours alone, at the average, within its engine's
  // bound): the capacity's (SG017's), not a hot key, on either engine (`leftToCapacity`).
  if (leftToCapacity(a)) return [];
  const advice = adviceFor(a);
  const worst = nearestToCeiling(a.over);
  const { profile } = a.owner;
  const over = overClauses(a);
  // The logical ceiling is named when the key alone is over it; a smaller physical share still sizes N.
  const share = a.physical;
  const headroom = design.thresholds.headroom;
  const load = hotLoad(a, worst.label);
  // Only when the physical share needs more keys than the logical ceiling does: then it, not the message's ceiling, sets N.
  const planned = a.plan.shards;
  const sharded = a.plan.layout === 'random' || a.plan.layout === 'calculated';
  const physicalUsable = share ? Math.max(0, share.requestUnitsEach * headroom - share.neighbours) : undefined;
  // (Not where the lead quotes that share already: it is then the ceiling the message names.)
  const thenPhysical =
    share !== undefined && over.usable === undefined && !physicalBound(a.over) && planned !== undefined && planned > Math.ceil(load / worst.usable);
  const peak = a.total.reads + a.total.writes;
  // Write shards the physical share leaves no count for (copies keep the unsharded share, as the old clause says).
  const noCount =
    share !== undefined &&
    !physicalBound(a.over) &&
    sharded &&
    planned === undefined &&
    ((share.sharedBy ?? 1) * peak) / share.count >= share.requestUnitsEach * headroom * (1 - 1e-9);
  const derivation = shardsDerivation(a, advice.shards);
  // An index counted at 2× the table's writes (its key changes on updates) says so where its writes are over; where
  // only a name says so and 1× fits, the finding is a warning (index-writes.ts).
  const writesOver = a.over.some((d) => d.label === 'write');
  const indexWrites = writesOver ? indexWriteNote(a) : { ids: [], data: {} };
  const verdict = writesOver ? indexWriteVerdict(a, advice.shards) : undefined;
  // An index whose hottest value's writes are one table item's says so, with that item's share (inherited-writes.ts).
  const inherited = inheritedWriteNote(a);
  // Over only if those updates reach a KEYS_ONLY index whose key declares no `mutable`: a warning, its fix that question.
  const reach = reachNote(a);
  // Those index writes counted from the table's under a projection that leaves attributes out: an upper bound (projection.ts).
  const projected = writesOver ? projectionNote(space) : { ids: [], data: {} };
  // Over on that bound alone: a warning whose fix declares the figure first, the shards after it with no edit (projection.ts).
  // Not where the table's hottest item's updates make the index hot: that fix weighs them itself (inherited-writes.ts).
  const boundedOver = a.inherited === undefined && projectionFirst(a) === undefined;
  const bounded = boundedOver
    ? upperBoundVerdict(
        space,
        a.over.map((d) => d.label),
      )
    : undefined;
  // An INCLUDE index over on its declared puts and deletes alone: judged and sized on them, not warned on the bound.
  const floor = bounded && newItemFloor(a);
  if (floor) return keyHits(design, floor);
  const lead = namedLead(a);
  // Served at its peak (within its physical partition in full, or isolated by adaptive capacity): a warning, as SG001's.
  const served = hotValueVerdict(a);
  // A share estimated from a level's whale, spread over the full key values its data suggests: said, with the field that replaces it.
  const byData = averageChildrenNote(a);
  const notes: Id[] = [
    ...(lead?.notes ?? []),
    ...over.notes,
    ...served.ids,
    ...inherited.ids,
    ...indexWrites.ids,
    ...(verdict?.ids ?? []),
    ...projected.ids,
    ...reach.ids,
    ...(bounded?.ids ?? []),
    ...(thenPhysical
      ? [sharded ? ('thenPhysicalShareShards' as const) : ('thenPhysicalShare' as const), ...(share.raisedFrom ? ['atCapacityRaise' as const] : [])]
      : []),
    ...(noCount ? ['noCountPhysical' as const, ...(share.raisedFrom ? ['atCapacityRaise' as const] : [])] : []),
    ...engineNotes(a),
    ...(byData ? [byData.note] : []),
  ];
  const [fixId, ...fixNotes] = bounded ? [bounded.fixLead, ...advice.ids] : advice.ids;
  // The attribute whose values the user thinks in, when a separate shard attribute holds it: the message names it.
  const held = space.sharding?.logicalAttribute;
  // An index keyed by the table's sharded attribute: its busiest key is one of the table's shards of the value.
  const carried = carriedShards(space);
  // Copies that no count fits leave the move as the one change of key that serves (the cache serves reads alone).
  const noCopies = a.plan.layout === 'replicated' && a.plan.shards === undefined;
  const movesOut = profile.hotValueMovesOut && space.workload.hotKeyShareSource === 'declared' && (advice.shards !== undefined || noCopies);
  // Where the physical partition's share bites, more throughput is the other fix.
  // (A fix that names its own raise, for reads no shard count spreads or past maxShards, is not given it twice.)
  const raise = physicalBound(a.over) && !advice.namesRaise && throughputThatServes(a);
  // Where the share bites on more partitions than the RU/s and storage need, Azure's partition merge (preview).
  const merge = physicalBound(a.over) ? partitionMergeData(a) : undefined;
  const alternatives: Id[] = [
    ...(merge ? ['orMergePartitions' as const] : []),
    ...(movesOut ? ['orMoveHotValue' as const] : []),
    ...(raise ? ['orRaiseThroughput' as const] : []),
  ];
  return [
    {
      path: space.sharding ? `${space.sharding.path}.shards` : space.partitionKeyPath,
      index: space.index,
      messageId: lead ? (held === undefined ? 'hotNamedKey' : 'hotHeldNamedKey') : held === undefined ? 'hotKey' : 'hotHeldKey',
      notes,
      fixId,
      severity: bounded || reach.ids.length > 0 ? 'warning' : (verdict?.severity ?? served.severity),
      fixNotes: [...fixNotes, ...(verdict?.fixIds ?? []), ...(derivation ? (['shardsDerivation'] as const) : []), ...alternatives],
      data: Object.assign({}, advice.data, over.data, lead?.data, indexWrites.data, verdict?.data, inherited.data, reach.data, projected.data, {
        index: space.index,
        ...(held === undefined ? {} : { logical: held }),
        share: inherited.ids.length > 0 && a.inherited ? a.inherited.share : valueShare(space),
        shareSource: inherited.ids.length > 0 ? 'table-item' : shareSourceOf(space),
        hotOperations: space.workload.hotKeyOperations,
        ...evenReadsData(a),
        ...(inherited.ids.length > 0 ? {} : inheritedShareData(space)),
        headroom: design.thresholds.headroom,
        ...(space.sharding ? { declaredShards: space.sharding.shards, storedKey: space.sharding.strategy === 'replicated' ? 'copy' : 'shard' } : {}),
        ...(carried ? { declaredShards: carried.shards, storedKey: 'table shard' } : {}),
        hotKeyLoad: hotLoad(a, worst.label),
        usable: over.usable ?? worst.usable,
        ...served.data,
        strategy: a.plan.layout,
        ...(raise ? Object.assign(raiseFigures(RAISE, raise), redistributionData(a)) : {}),
        ...merge,
        ...(thenPhysical && share ? Object.assign({}, physicalShareData(share, headroom), sharded ? carriedLoadData(share, peak) : { physicalUsable }) : {}),
        ...(noCount && share ? Object.assign({}, physicalShareData(share, headroom), { peakLoad: peak }, largestShareData(share, peak, headroom).figures) : {}),
        ...derivation,
        ...keyReadsData(a),
        ...byData?.data,
      }),
      edits: bounded ? undefined : advice.edits,
      parts: hotKeyParts(a),
    },
  ];
}

/**
 * The reads the share is of, where they are not the table's declared figure: a key space's reads are the share of the
 * access patterns that read it (with the share no pattern claims), so the table's own key serves what the patterns on
 * its GSIs leave (`workload.hotKeyShare` is of those: 30% of the 27,000 RCU of a declared 30,000, 8,100 RCU). Said where
 * the reads are over, of the table's own key (a GSI's share is of the index's reads, which SG017 says how it counts);
 * empty where the key serves every declared read.
 */
function keyReadsData(a: SpaceAnalysis): { keyReads?: number; keyReadShare?: number; tableReads?: number } {
  const { workload, index } = a.space;
  if (index !== undefined || workload.readSource !== 'access-patterns' || !(workload.readShare < 1) || !a.over.some((d) => d.label === 'read')) return {};
  return { keyReads: workload.peakReadUnits, keyReadShare: workload.readShare, tableReads: workload.peakReadUnits / workload.readShare };
}

/** A value hot by its writes (`hotKeyOperations: 'writes'`) over on its reads: the values whose even share of the
 *  reads it takes, for the lead to say where its reads come from. Empty elsewhere. */
function evenReadsData(a: SpaceAnalysis): { evenReadValues?: number } {
  if (a.space.workload.hotKeyOperations !== 'writes' || a.namedReads || !a.over.some((d) => d.label === 'read')) return {};
  return { evenReadValues: a.trafficValues };
}

/** Where the share came from, as the finding's `shareSource`: a GSI key's inherited from a component (`inherited`), the
 *  table's hottest value the index key carries (`table-key`), else the workload's own source. */
function shareSourceOf(space: KeySpace): string {
  if (space.workload.hotKeyShareInherited !== undefined) return 'inherited';
  return tableKeyShare(space) ? 'table-key' : space.workload.hotKeyShareSource;
}

/**
 * A share inherited from a key component (`hotKeyShareInherited`), as data: the attribute, its declared share and where,
 * the other parts it is split evenly over and their count of values (the even split, a lower bound).
 */
export function inheritedShareData(space: KeySpace): Record<string, string | number | string[]> {
  const inherited = space.workload.hotKeyShareInherited;
  if (inherited === undefined) return {};
  return {
    inheritedFrom: inherited.attribute,
    inheritedShare: inherited.share,
    // The inherited figure is the key space's declared one: `hotKeyShareAt` is where the component declared it.
    ...(space.workload.hotKeyShareAt !== undefined ? { inheritedAt: space.workload.hotKeyShareAt } : {}),
    inheritedSplit: inherited.splitOver.map((p) => p.name),
    inheritedValues: inherited.values,
    inheritedTableShards: inherited.tableShards ?? 1,
  };
}

/**
 * A key whose hottest values alone are sharded (`sharding.hotValues`) stores the others unsharded, each at an
 * even part of what the hottest leaves: where that is over its partition, sharding every value is the fix (the declared
 * N, which fits the hottest, fits the others too).
 */
function restOverHits(a: SpaceAnalysis): RuleHit<Id>[] | undefined {
  const sharding = a.space.sharding;
  if (sharding?.hotValues === undefined) return undefined;
  const rest = restLoads(a);
  if (rest === undefined) return undefined;
  const dimensions = a.valueDimensions(rest);
  const over = dimensions.filter((d) => !fits(d.load, d.usable));
  if (over.length === 0) return undefined;
  const worst = nearestToCeiling(over);
  const path = `${sharding.path}.hotValues`;
  return [
    {
      path,
      index: a.space.index,
      messageId: 'restOverUnsharded',
      fixId: 'fixShardEveryValue',
      data: {
        key: a.space.partitionKey.map((l) => l.name),
        hotValues: sharding.hotValues,
        declaredShards: sharding.shards,
        restLoad: worst.load,
        restUsable: worst.usable,
        restUnit: worst.unit,
      },
      edits: [{ op: 'remove', path }],
    },
  ];
}

/**
 * A declared count of hashed keys, each within its usable ceiling, whose keys hashed onto one partition would pass its
 * hard maximum (`hashedPairOver`): a warning whose fix raises the count to the plan's, or, where the plan finds no
 * count that fits, keeps it with no edit. Undefined where they fit.
 */
function pairOverHits(a: SpaceAnalysis): RuleHit<Id>[] | undefined {
  const over = a.space.sharding && hashedPairOver(a);
  if (!over) return undefined;
  const path = `${a.space.sharding?.path}.shards`;
  const fixId = over.raisedTo === undefined ? 'keepForHashedPair' : 'raiseForHashedPair';
  return [{ path, index: a.space.index, messageId: over.id, fixId, severity: 'warning', data: over.data, edits: over.edits }];
}

/**
 * A hottest value that fits only the physical partitions the design declares, which a container created at its RU/s
 * would not get (`inPlaceOnlyLayout`): a warning, the existing container being fine, with the way a new one is built.
 */
function inPlaceOnlyHits(a: SpaceAnalysis): RuleHit<Id>[] {
  const data = inPlaceOnlyLayout(a);
  if (!data) return [];
  return [{ path: 'physicalPartitions', messageId: 'hotKeyInPlaceOnly', fixId: 'newContainerCreateThenRaise', severity: 'warning', data }];
}

/** Whether an index's hottest share is the table's, its key carrying the table's hottest value (normalize-table.ts, `tableHotShare`). */
function tableKeyShare(space: KeySpace): boolean {
  if (space.workload.hotKeyShareInherited !== undefined) return false;
  return space.index !== undefined && space.workload.hotKeyShareSource === 'derived' && space.workload.hotKeyShareAt === 'workload.hotKeyShare';
}

/**
 * The hottest logical value's share of the key space's traffic: the declared or derived `hotKeyShare`, but on an index
 * keyed by the table's sharded attribute (`hotKeyShareCarried`) the value's over all the table's shards, since the
 * message quotes the value's loads and then the share of them one shard takes ("per table shard over 18").
 */
function valueShare(space: KeySpace): number {
  const carried = carriedShards(space);
  return carried ? carried.share : space.workload.hotKeyShare;
}
