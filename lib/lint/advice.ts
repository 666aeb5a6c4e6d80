/**
 * The fix for a key space's plan, as message ids with data and as design edits: every rule that
 * points at the same key space's load, size or cardinality gives this same fix (one key, one N, one
 * strategy). The words live once, in ADVICE_MESSAGES, which each such rule includes in its messages.
 */
import { joinPath } from '../design/field-path';
import { AT_LEAST_ONE_READ_UNIT, HALF_IF_EVENTUAL } from '../design/gathered-read-share';
import { countFits } from '../design/hashed-pair';
import { givesAttribute, isTimeBucketKey, sameAttribute } from '../design/key-design';
import type { AccessPattern, CosmosKeyDesign, DynamoDbKeyDesign, KeyAttribute, Sharding } from '../design/key-design';
import { MAX_SHARDS_ACCEPTED } from '../design/limits';
import { inferredKind } from '../design/normalize-key';
import { allFit, firstCount, fits, nearestToCeiling, smallestCount, storedKeyLoads } from '../design/sharding';
import { COSMOS_LIMITS, partitionedRequestUnits, quotaFieldData, quotaInForce, raiseForPeak, raiseSplitsFrom, sharedContainers } from '../engines';
import type { LoadDimension, Loads } from '../engines/profile';
import { namedValues, type SpaceAnalysis } from './analysis';
import { cacheWordsOf } from './cache-words';
import { CARRIED_SHARDS_MESSAGES, carriedWritesFit, tableShardsRaise } from './carried-shards';
import {
  CATEGORICAL_KEY_MESSAGES,
  categoricalBy,
  categoricalIndex,
  categoricalIndexFirst,
  categoricalKeyWithheld,
  categoricalRaiseWithheld,
} from './categorical-key';
import { COMPOSITE_KEY_MESSAGES, compositeAttributeName, compositeCandidate, compositeSortKeyEdits } from './composite-key';
import { allReadsConsistent, cacheLeavesReadsOver, consistentReads } from './consistent-reads';
import { COPIED_INDEX_MESSAGES, copiedIndexNotes, copiesCarryPath, SPARSE_INDEX_EDIT_MESSAGES, sparseUnderCopies } from './copied-indexes';
import { cacheAnswersHotReads, raiseAloneLeadsCopies } from './copies-order';
import type { DesignEdit } from './edits';
import { code, fmt } from './format';
import { HASHED_APART, HASHED_KEYS_MESSAGES, collidingKeys, withHashedKeys } from './hashed-keys';
import { HELD_INDEX_READS_MESSAGES, heldIndexData, heldIndexFanOut, holdingIndexes } from './held-index-reads';
import { bindingDimension, servedAtPeak } from './hot-value-verdict';
import { HOT_VALUES_MESSAGES, proposedHotValues, withHotValuesOnly } from './hot-values';
import { fanOutLeftIdle } from './idle-fan-out';
import { indexNamesOf, replacedIndexEdits, replacementIndexName } from './index-replacement';
import { INHERITED_FIX_MESSAGES, inheritedFixNotes, reachData, reachUnsure } from './inherited-writes';
import { brokenInvariants, INVARIANT_ADVICE_MESSAGES, keepingInvariants, wholeKeyCalls } from './invariants';
import { type KeyValueSize, keyValueSize } from './key-value-size';
import { NO_COUNT_PARTITIONS_TEMPLATE, noCountBound } from './no-count-bound';
import { everyShardReads } from './one-shard-reads';
import { largestPartitionSize } from './partition-size';
import {
  CARRIED_LOAD,
  carriedLoadData,
  DURABLE_KEY_CHANGE,
  cheaperFirst,
  costFigures,
  costScope,
  MIN_SPARE_FOR_COUNTS,
  REDISTRIBUTE_FIRST,
  keyOverOnlyByCapacity,
  leastRaiseWhere,
  leftToCapacity,
  physicalBound,
  RAISE,
  raiseFigures,
  raiseCost,
  raiseEdits,
  raiseInPlace,
  raiseLeadsKeyChange,
  redistributionData,
  roomForCounts,
  servedAsItIs,
  shardRaises,
  SMALL_RAISE_WHY,
  smallRaiseData,
  throughputServing,
  throughputThatServes,
  type CostedRaise,
  type RaisedLayout,
  type RaisedThroughput,
  type RaiseNames,
  type ShardRaise,
} from './physical-partition';
import { judgedAtWrittenRaise } from './planned-raise';
import { POLL_ANY_MESSAGES, pollAnyLever } from './poll-any';
import { firstLevelOverWithCopies, keptAsFirstLevel, keptAsFirstLevelOverloaded } from './prefix-ingestion';
import { PROJECTION_FIRST_MESSAGES, projectionFirst } from './projection-first';
import { calculatedShardCandidate, carries, needsEveryShard } from './queries';
import { queriesLeadElsewhere, withQueriedLevelFirst } from './query-led-order';
import { readRequestsOver, type ReadRequests } from './read-requests';
import { fixedOrder } from './reorder';
import type { MessageData } from './rule';
import { SIZE_BOUND_MESSAGES, sizeBound } from './size-bound';
import { sizeSetCountData } from './size-set-count';
import { calculatedSourceData, sourceReadsText } from './source-reads';
import { SPARSE_INDEX_MESSAGES, sparseIndexKey } from './sparse-index';
import { editlessQuotaError, quotaBoundDesign, readsPastQuota, type QuotaPassed } from './throughput-quota';
import { FAN_OUT_UNCOUNTED_TEXT, uncountedFanOutData } from './uncounted-fan-out';
import { pastQuotaLever, warmLever, writeRaiseLever, type PastQuotaLever, type WarmLever, type WarmPairBinding } from './warm-partitions';
import { whaleLevelEdits } from './whale-level';
import { storedGb, withCopies } from './written';

/** The raise that serves a key whose unspread reads no shard count fixes. */
const UNSPREAD_RAISE: RaiseNames = {
  to: 'unspreadRaiseTo',
  partitions: 'unspreadRaisedPartitions',
  each: 'unspreadRaisedEach',
  copies: 'unspreadRaisedCopies',
};
/** The least raise at which replicated copies of the hottest value fit (`copiesAtRaise`). */
const COPIES_RAISE: RaiseNames = { to: 'copiesRaiseTo', partitions: 'copiesRaisedPartitions', each: 'copiesRaisedEach' };

/** The raise a raise-and-shard fix leads with (the cheaper of the two below), whose count its sharding clause names. */
export const SHARD_RAISE: RaiseNames = { to: 'shardRaiseTo', partitions: 'shardRaisedPartitions', each: 'shardRaisedEach' };
/** The least raise at which a count within maxShards fits, and the raise at which the fewest shards the key's own ceiling needs fit. */
const LEAST_SHARD_RAISE: RaiseNames = { to: 'leastShardRaiseTo', partitions: 'leastShardRaisedPartitions', each: 'leastShardRaisedEach' };
const FEWEST_SHARD_RAISE: RaiseNames = { to: 'fewestShardRaiseTo', partitions: 'fewestShardRaisedPartitions', each: 'fewestShardRaisedEach' };

/** How each shard of a raise-and-shard fix fits at its raise, for the clauses that say why that raise and that count. */
const STORED_KEY_FITS = `a stored key's {{shardStoredLoad}} RU/s + ({{shardCarriedPeak}} − {{shardStoredLoad}}) ÷ {{shardRaisedPartitions}} = {{shardNeighbours}} of the rest of ${CARRIED_LOAD} makes {{shardTotal}} of the {{shardUsable}} RU/s usable ({{headroom|percent}} of {{shardRaisedEach}})`;

/** What the reads of an index sharded on a calculated source do (`sourceReadsText`). */
const INDEX_SOURCE_READS = sourceReadsText(
  'a read for one {{sourceAttribute}} queries one shard',
  'only reads of a whole {{key|key}} value query all {{shards}}',
  'every read of a whole {{key|key}} value queries all {{shards}}',
);

/** The clauses that shard a key into a count (`shardingClause`), for a key's own value. */
const SHARD_TEXTS = {
  raiseShards: 'raise sharding.shards from {{declaredShards}} to N = {{shards}}',
  lowerShards: 'lower sharding.shards from {{declaredShards}} to N = {{shards}}',
  // The declared count is the one the load needs (a count for the writes alone, beside reads no count spreads).
  keepShards: 'keep the declared N = {{shards}} shards, which carry them',
  shardCalculated: `shard {{key|key}} into N = {{shards}} calculated shards on {{sourceAttribute|code}} (key#hash({{sourceAttribute}}) mod {{shards}}): ${sourceReadsText(
    'a read for one {{sourceAttribute}} hits one shard',
    'only whole-key reads fan out over {{shards}}',
    'every whole-key read fans out over all {{shards}}',
  )}`,
  shardRandom:
    'shard {{key|key}} into N = {{shards}} random shards (key#0…key#{{lastShard}}); every read of the key must then fan out over all {{shards}} shards',
} as const;

/**
 * Those clauses with the count under names of their own (`cachedShards`, `cachedLastShard`): a cache-led fix
 * (`cachedReadsFirst`) names its count beside the raise-and-shard alternative's, which keeps `shards`.
 */
const CACHED_SHARD_TEXTS = {
  cachedRaiseShards: cachedCount(SHARD_TEXTS.raiseShards),
  cachedLowerShards: cachedCount(SHARD_TEXTS.lowerShards),
  cachedKeepShards: cachedCount(SHARD_TEXTS.keepShards),
  cachedShardCalculated: cachedCount(SHARD_TEXTS.shardCalculated),
  cachedShardRandom: cachedCount(SHARD_TEXTS.shardRandom),
};

/** A sharding clause's text with its count read from `cachedShards` and `cachedLastShard`. */
function cachedCount(text: string): string {
  return text.replaceAll('{{shards}}', '{{cachedShards}}').replaceAll('{{lastShard}}', '{{cachedLastShard}}');
}

/** The cache-led fix's clause for each sharding clause `shardingClause` gives a key's own value. */
const CACHED_SHARDING: Partial<Record<string, AdviceId>> = {
  raiseShards: 'cachedRaiseShards',
  lowerShards: 'cachedLowerShards',
  keepShards: 'cachedKeepShards',
  shardCalculated: 'cachedShardCalculated',
  shardRandom: 'cachedShardRandom',
};

/** How the busiest stored key fits its physical partition once the hottest value's reads are cached (`cachedReadsFirst`). */
const CACHED_KEY_FITS =
  "each stored key's {{cachedStoredLoad}} RU/s of writes fits its physical partition beside the {{cachedNeighbours}} RU/s expected there (1/{{cachedPartitions}} of the rest of the container's load without the cached reads{{?siblingShards}}, its sibling shards included{{/siblingShards}}: ({{cachedPeak}} − {{cachedStoredLoad}}) ÷ {{cachedPartitions}}): {{cachedTotal}} RU/s against the {{cachedUsable}} usable ({{headroom|percent}} of {{cachedPartitionRu}})";

/** What the reads no count spreads do to the value's partition, and what the cache in front of them leaves (`cachedReadsFirst`). */
const CACHED_READS_OVER =
  ', and those reads alone ({{unspreadLoad}} RU/s) exceed the usable {{unspreadUsable}} RU/s; the reads the cache answers reach neither its physical partition nor the container, whose peak falls from {{peakLoad}} to {{cachedPeak}} RU/s of the {{containerUsable}} usable ({{headroom|percent}} of {{cachedContainerRu}})';

/**
 * The share of the hottest value's reads the cache must answer for the count `cachedReadsFirst` names, and where the
 * reads it misses land: on the shard that holds the item, or where the value stays unsharded (`cachedWritesFit`), on
 * its logical partition, beside its writes.
 */
const cachedMisses = (where: string) =>
  `so the cache must answer at least {{cachedHitShare|percent}} of its {{unspreadLoad}} RU/s of reads, the {{cachedMissReads}} RU/s it misses landing on ${where}; measure that share before relying on it`;

/**
 * What a shard count or a read peak that divides a DynamoDB read gathered from N shards 1/N takes for granted where its
 * pattern declares no `resultKb` (gathered-read-share.ts, `assumesLargeResult`): said the same by SG003's plan
 * (`assumesLargeReads`) and SG017's read peak (`fanOutAssumed`), after the count it qualifies.
 */
const LARGE_READS =
  "assumes each read of a {{key|key}} value by {{assumedPatterns|code}} returns over N × 4 KB, as each shard's Query is charged at least one read unit";
const DECLARE_RESULT_KB = 'declare resultKb on it if less';
export const LARGE_READS_ASSUMED = `${LARGE_READS} (${HALF_IF_EVENTUAL}); ${DECLARE_RESULT_KB}`;
/** The same where each query's least charge is a floor, not whole units of a size (Cosmos DB: about 2.5 RU, the
 *  profile's `queryCharge`), said with its figures (`queryFloor`, and `queryFloorKb`, what it covers at 1 RU per KB). */
const LARGE_READS_FLOOR =
  "assumes each read of a {{key|key}} value by {{assumedPatterns|code}} loads over N × {{queryFloorKb}} KB, as each shard's query is charged at least about {{queryFloor}} RU";

/**
 * What a fan-out past a quota does, said the same by the fix that would make it (SG003's shards: `fanOutPastQuota`)
 * and by the one that would declare it (SG009's fanOut), after "makes {{fanOutSpace}}": SG017's arithmetic, in words.
 */
export const FAN_OUT_PAST_QUOTA_TEXT =
  "read {{fanOutReads}} RCU at the peak ({{fanOutLogicalReads}} RCU of reads, each shard's query a request of its own, as SG017 counts them), which at {{headroom|percent}} utilization take {{fanOutNeeded}} RCU of read throughput for {{fanOutNeededBy}}, above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} {{quotaName}} read throughput quota of {{quota}}{{?quotaField}} ({{quotaField|code}}){{/quotaField}}, so --fix writes no edit";

/**
 * The same where the quota bounds one budget of reads and writes (Cosmos DB: Azure's default maximum RU/s per container,
 * or per database for shared throughput, "Service quotas"): SG017 raises the RU/s for the reads and the writes together.
 */
export const FAN_OUT_PAST_RU_QUOTA_TEXT =
  "read {{fanOutReads}} RU/s at the peak ({{fanOutLogicalReads}} RU/s of reads, each shard's query charged on its own, as SG017 counts them); with its {{fanOutWrites}} RU/s of writes that peak needs {{fanOutNeeded}} RU/s, the raise SG017 would ask for{{?fanOutShared}} on the database, for its {{fanOutShared}} busy containers{{/fanOutShared}} (the peak at {{headroom|percent}} utilization, or more where a raise in place would split the physical partitions unevenly), above Azure's default maximum of {{quota}} RU/s per {{quotaName}}, so --fix writes no edit";

/**
 * The warm throughput a warm-partitions lever sets (`warmLever`), and the partitions it makes, the least at which `fit`
 * (a count of stored keys) with 5% of the usable ceiling free, or, where the keys hashed onto one partition set them
 * (`WarmLever.pair`), the least at which those of `keys` fit its hard maximum.
 */
const warmTo = (fit: string, keys: string) =>
  `pre-warm {{warmIndex|keySpace}} to {{?warmWriteUnits}}{{warmWriteUnits}} write units{{/warmWriteUnits}}{{?warmBoth}} and {{/warmBoth}}{{?warmReadUnits}}{{warmReadUnits}} read units{{/warmReadUnits}} a second (warmThroughput): {{warmPartitions}} partitions where {{warmFromPartitions}} are counted now, the least at which {{?warmPairPartitions}}{{warmPairKeys}} of ${keys} on one partition fit its {{warmPairMaximum}} {{warmPairUnit}} maximum ({{warmPairLoad}} {{warmPairUnit}} there){{/warmPairPartitions}}{{!warmPairPartitions}}${fit} with 5% of the usable ceiling free{{/warmPairPartitions}}`;
const WARM_TO = warmTo('{{warmShards|one=the key as it is fits|other=N = # shards fit}}', 'N = {{warmShards}} shards');
/** Why that count, of the fewest: 5% of the usable ceiling free, or its keys on one partition within the maximum (`WarmLever.pair`). */
const WARM_FEWEST = (spare: string) =>
  `{{?warmPairCount}}{{warmPairKeys}} of which on one partition fit its maximum{{/warmPairCount}}{{!warmPairCount}}${spare}{{/warmPairCount}} at any warm throughput within the table-level quota{{?warmPeakBound}} and twice the peak (the partitions an on-demand table holds once it has served it: a quota declared higher lets a pre-warm grow with the quota, not the load, cutting a few queries of the fan-out for a charge that stays){{/warmPeakBound}}`;
/** How the busiest stored key (`each stored key's`, or the unsharded key's `its`) fits at that warm throughput. */
const warmFits = (whose: string) =>
  `${whose} {{warmStoredLoad}} {{warmUnit}} beside the {{warmNeighbours}} {{warmUnit}} its neighbours are then expected to take (1/{{warmPartitions}} of the rest of the key space's load), {{warmTotal}} of the usable {{warmUsable}} {{warmUnit}}`;
/** What warm throughput costs, against the capacity a raise would bill by the hour. */
const WARM_COST =
  'warm throughput is a one-off charge for the increase, not capacity billed by the hour, and it cannot be lowered again (the partitions it makes stay)';

/**
 * What a hierarchical key proposed for a flat one does with the flat key's declared figures (`workload.hotKeyShare`,
 * `storage.largestPartitionGb`, `movedFigures`): a level added below keeps the hot value as its first level's, whole, so
 * they are that level's (`keptFigures`: left as the full key's, the value's size is lost and the whole key judged at it);
 * a new first level splits the value, so they describe no value of the new key (`splitFigures`). Either way, left in
 * place, the new key is judged at figures it does not have, and the linter refuses it.
 */
export const MOVED_FIGURES =
  "{{?keptFigures}}; declare the hottest {{key|key}} value's figures on that first level, which keeps the value whole: {{keptFigures}}{{/keptFigures}}{{?splitFigures}}; remove {{splitFigures}}: declared for a {{key|key}} value, which the new first level splits (declare the hottest full key value's instead, where known){{/splitFigures}}";

/**
 * What the hottest value, kept whole as the first level of the hierarchical key a fix leads with, still meets at today's
 * RU/s (`keptShort`): its documents span a physical partition per 50 GB, and those partitions' share of the RU/s, less
 * their other values' load, may still be short of its load ("Hierarchical partition keys"; "Partitioning and horizontal
 * scaling"), which the next lint's SG003 judges on the new key and serves with a raise or a cache.
 */
const KEPT_SHORT =
  "{{?keptShort}}; there its hottest value still takes {{keptLoad}} RU/s against the usable {{keptUsable}} RU/s the physical partitions its documents span leave it at today's RU/s, so --fix writes no key change: make it, then apply what SG003 says of the new key (the RU/s, or the cache, that serves that value){{/keptShort}}";

/**
 * What --fix writes for a whale's hierarchical key (`whaleLevelEdits`): the new level's count, the least the whale needs,
 * the raise at which the whale fits the physical partitions its documents span, and the new container: Cosmos DB cannot
 * change a container's partition key in place ("Change partition key"). `levelRaise` comes only with `levelWritten`.
 */
const LEVEL_WRITTEN =
  "{{?levelWritten}}; --fix writes it, declaring {{levelValues}} values of the new level ({{levelPerValue}} per value of the first on average, the fewest at which the hottest full key value fits one logical partition: declare the real count){{/levelWritten}}{{?levelRaise}}, and raises the container's throughput to {{levelRaise}} RU/s ({{levelRaisePartitions}} physical partitions of {{levelRaiseEach}} RU/s), the least at which the hottest value fits the physical partitions its documents span{{/levelRaise}}{{?levelWritten}}; Cosmos DB cannot change a container's partition key in place: create a container with the new key and copy every document into it (a container copy job, or the change feed while the application writes to both), then move the application to it{{/levelWritten}}";

/**
 * Why a DynamoDB key value's reads gathered from every shard are not divided by the count (gathered-reads.ts): each
 * shard's Query is a request of its own, charged its items' sizes summed, rounded up to 4 KB, and at least one read unit
 * ("Capacity unit consumption for read operations"), and those patterns declare a result of at most 4 KB (resultKb);
 * or they read one item, which nothing tells the reader the shard of, and a read finding no item is charged too.
 */
const GATHERED_READS = `{{?leastPatterns}}every read of the hottest {{key|key}} value by {{leastPatterns|code}} reads many of its items (a range of them, or all), not one, and queries all the shards, none of which holds them all; DynamoDB charges each Query its items' sizes summed, rounded up to 4 KB, and ${AT_LEAST_ONE_READ_UNIT}: with the result size declared (resultKb), each shard is charged at least one of the read units the unsharded read cost, whatever the count{{/leastPatterns}}{{?gatheredPatterns}}every read of the hottest {{key|key}} value by {{gatheredPatterns|code}} queries all the shards, and {{/gatheredPatterns}}{{?gatheredUnits}}DynamoDB charges each Query its items' sizes summed, rounded up to 4 KB, and ${AT_LEAST_ONE_READ_UNIT}: with a result of 4 KB or less declared (resultKb){{/gatheredUnits}}{{?gatheredFloor}}each query is charged at least about {{queryFloor}} RU, for the one physical partition whose index it checks: with a result of {{queryFloorKb}} KB or less declared (resultKb){{/gatheredFloor}}{{?gatheredPatterns}}, each shard is charged what the unsharded read was, whatever the count{{/gatheredPatterns}}{{?gatheredBoth}}; and {{/gatheredBoth}}{{?pointPatterns}}every read of one item of the hottest {{key|key}} value by {{pointPatterns|code}} must try all the shards, as nothing tells the reader which one holds it, and DynamoDB charges a read ${AT_LEAST_ONE_READ_UNIT} even where the item is not there: each shard is charged what the unsharded read was, whatever the count{{/pointPatterns}}`;
/**
 * Why the reads of one item are not divided by a count. Where the key declares replicated copies (`copiesDeclared`,
 * `copiesData`), they do divide those reads, each copy serving one read in N ("Using write sharding to distribute
 * workloads evenly": a read picks one copy), but every write reaches every copy, and the write shards that replace them
 * leave the reads on the one shard that holds the item.
 */
const ONE_ITEM_READS =
  '{{?copiesDeclared}}the {{copiesDeclared}} replicated copies declared divide the reads of one item, each copy serving 1/{{copiesDeclared}} of them, but every write reaches every copy, and write shards in their place leave those reads on the one shard that holds the item whatever the count{{/copiesDeclared}}{{!copiesDeclared}}the reads of one item stay on the one shard that holds it whatever the count{{/copiesDeclared}}';
/** What DAX leaves to the partitions counted now, after the reason the reads are over (`daxReadsWhy`). */
const DAX_WRITES_MEET =
  ', and those reads alone ({{unspreadLoad}} {{unspreadUnit}}) exceed the usable {{unspreadUsable}} {{unspreadUnit}}; the reads it answers never reach the partition, but every write does ({{cache}} writes through to the table), and its writes ({{hotWrites}} {{writeUnit}}) meet on the {{warmFromPartitions}} partitions counted now neighbours that leave ';

/** What the cache passes through to the table where it is over the room the hottest value has (`cacheLeavesReadsOver`). */
const CONSISTENT_LEFT_OVER =
  "{{consistentLoad}} {{consistentUnit}} of the hottest value's reads ({{consistentShare|percent}} of them) reach its partition through it, over the {{consistentRoom}} {{consistentUnit}} left there{{?consistentUsable}} (the usable {{consistentUsable}} {{consistentUnit}} less the {{consistentNeighbours}} {{consistentUnit}} its neighbours are expected to take){{/consistentUsable}}";

/** The clauses a plan's fix is made of, rendered in order. */
export const ADVICE_MESSAGES = {
  removeSharding: 'remove the sharding: each read of a key goes back to one query',
  removeCopies: 'remove the copies: each write goes back to one item (and one entry in each index it carries)',
  // The table's copies are needless (SG007) and alone put this index over: their removal is the fix, not shards here.
  removeCopiesFirst:
    "remove the table's {{copies}} replicated copies, as SG007 asks (its hottest value fits without them): each copy writes its own entry in this index, and with one the index's hottest value takes {{onceLoad}} of a usable {{onceUsable}} {{onceUnit}}",
  // The table's fix changes its copies, whose writes this index counts: its own shards follow from the copies kept.
  tableCopiesFirst:
    "apply the table's fix to its replicated copies first ({{copies}} → {{plannedCopies}}): each copy writes its own entry in this index, so the index is sized on the copies the table keeps, at the next lint",
  // The index is to be made sparse (copied-indexes.ts): its own plan follows from one write per item.
  sparseIndexFirst:
    'first set {{copiesCarryPath|code}} to "first", with {{key|key}} written on copy 0 only (SG003\'s warning on this index): each of the table\'s {{copies}} replicated copies writes its own entry in this index now, and then only copy 0 does, so the index is sized on one write per item, at the next lint',
  // After cacheHotReads (and the cache's terms): why only the cache serves.
  cacheOnlyWhy:
    ': a global secondary index holds one entry per base item, so it cannot keep replicated copies, and write sharding cannot spread the reads of one item',
  // A value of many items read in ranges (`leastPatterns`): write shards of a separate attribute divide its reads, but
  // only down to each shard's least charge, which alone is over what the partition's neighbours leave it.
  cacheLeastWhy: `: a global secondary index holds one entry per base item, so it cannot keep replicated copies, and write shards of a separate attribute would divide its reads only in part: ${GATHERED_READS}; at the least, {{?leastShards}}from N = {{leastShards}} shards on, {{/leastShards}}{{unspreadLoad}} {{unspreadUnit}} ({{unspreadShare|percent}} of its {{unspreadOf}} {{unspreadUnit}} of reads) still reach each shard, over the usable {{unspreadUsable}} {{unspreadUnit}} its partition's neighbours leave it, so no count serves, and every read would be {{?leastShards}}{{leastShards}} or more queries, {{/leastShards}}one per shard, where the cache answers a repeated read without reading the table`,
  cacheGatheredWhy: `: a global secondary index holds one entry per base item, so it cannot keep replicated copies, and under write sharding ${GATHERED_READS}`,
  // A paged query (Limit) over N shards reads a page from every shard and merges them: the shards do not divide
  // its reads. DAX keeps a Query's results in its query cache by the request's exact parameters (its item cache
  // serves GetItem / BatchGetItem): repeated pages of a hot value are served from memory ("DAX: How it works").
  cachePagedWhy:
    ": {{pagedPatterns|code}} read it a page at a time (limit), and under write sharding every page would query all the shards and merge them, each shard's query returning up to limit items for the page to be merged, so each shard would still serve every page as the unsharded key did; {{cache}}'s query cache keeps each query's results by its exact parameters, so the same pages of a hot value are served from memory, and a global secondary index, holding one entry per base item, cannot keep replicated copies",
  // On a serverless container judged at SG017's move (`serverlessRu`), no count fits because that move sets the peak at
  // headroom, not because of the key: once moved, a raise in place lets shards fit (serverless-move.test.ts).
  // After noCount's remedy where the plan was copies because shards would not divide the reads (gathered-reads.ts).
  gatheredNoShards: `; write shards would not serve it either: ${GATHERED_READS}`,
  // The same where the value is read a page at a time (limit): to merge a page, each shard's Query returns up to limit items.
  pagedNoShards:
    "; write shards would not serve it either: every page of {{pagedPatterns|code}} queries all the shards, and each shard's query must return up to limit items for the page to be merged, so each shard is charged what the unsharded page was, whatever the count",
  noCountPartitions: NO_COUNT_PARTITIONS_TEMPLATE,
  noCount:
    "{{!serverlessRu}}no count up to {{maxShardsAccepted}} keeps the hottest {{key|key}} value under its ceiling: {{/serverlessRu}}{{?serverlessRu}}no shard count fits at the {{containerRu}} RU/s of SG017's move to manual throughput, the peak at {{headroom|percent}}, which leaves no physical partition room beside a shard: once moved, a raise in place above {{containerRu}} RU/s lets one fit (lint the moved design for the count); or {{/serverlessRu}}",
  // Copies of every document: N × the writes and N × the GB (one physical partition per 50 GB), over which the RU/s are divided.
  noCopies:
    "no count of replicated copies up to {{maxShardsAccepted}} fits the hottest {{key|key}} value's physical partition{{copiesAtRaise}}: N copies write and store every document N times, so the container holds N × its GB on at least one physical partition per 50 GB, its RU/s divided among them all, and each copy meets 1/P of N × the writes beside it: ",
  copiesDoNotServe:
    '; replicated copies do not serve it: N copies write and store every document N times, so each meets 1/P of N × the writes on a container of N × its GB, one physical partition per 50 GB',
  // The raise keeps the declared copies (judged with them); no other count serves below it.
  copiesDoNotServeNow:
    "; {{copiesJudgedAt|current=at the current throughput|capacity=at the RU/s the container's peak needs (SG017)}} no count of replicated copies serves it: N copies write and store every document N times, so each meets 1/P of N × the writes on a container of N × its GB, one physical partition per 50 GB",
  overMaxShards: 'it would take N = {{shards}} keys, more than the {{maxShards}} a read can sensibly fan out over (maxShards): ',
  // Past maxShards, and its own fan-out past the RU/s it was judged at (`fanOutPastJudged`): withheld, no "raise maxShards".
  overMaxShardsFanOut:
    "no shard count is offered: the count {{?sizeCountGb}}the largest value's size asks for, N = {{shards}} ({{sizeCountGb}} GB ÷ {{sizeCountUsableGb}} GB usable, {{headroom|percent}} of the {{sizeCountLimitGb}} GB one value may hold){{/sizeCountGb}}{{!sizeCountGb}}its neighbours ask for, N = {{shards}}{{/sizeCountGb}}, is past maxShards {{maxShards}}, and every read of {{fanOutPatterns|code}} would query each shard, {{fanOutAtCount}} RU/s of reads at the peak, past the usable {{judgedUsable}} of the {{judgedRu}} RU/s it was judged at, so that count would not serve either: ",
  // fixtext9's rule for bucket counts, for a flat key's shards: near the usable line the count grows as 1 ÷ the room left.
  sliverCount: `it would take N = {{shards}} keys, each beside 1/{{physicalPartitions}} of the rest of ${CARRIED_LOAD} on its physical partition, where the peak leaves {{spare|percent}} of the usable RU/s free, under the {{minSpare|percent}} a count needs: a count that near the line turns on a fraction of an RU/s, so it is not offered; `,
  // No shard count fits the physical share at today's RU/s (the average partition already fills it): the raise that lets one.
  raiseThenShard: `${raiseInPlace(SHARD_RAISE)}, then `,
  raiseThenShardWhy: `; N = {{shards}} is the fewest under the hottest value's own ceiling, and {{shardRaiseTo}} RU/s the least at which ${STORED_KEY_FITS}`,
  // The cheaper raise leads; the fewest shards (a narrower fan-out, at more RU/s) follow as the alternative.
  raiseThenShardLeastWhy: `; {{shardRaiseTo}} RU/s is the least raise where a count within maxShards {{maxShards}} fits, N = {{shards}} the fewest there: ${STORED_KEY_FITS}`,
  orFewestRaiseShards: `; or, for fewer shards, ${raiseInPlace(FEWEST_SHARD_RAISE)}, then shard into N = {{fewestShards}}, the fewest under the hottest value's own ceiling`,
  // The least raise costs more once the reads its wider fan-out multiplies are counted: it follows, with that figure.
  orLeastRaiseShards: `; or ${raiseInPlace(LEAST_SHARD_RAISE)}, the least at which a count within maxShards {{maxShards}} fits, and shard into N = {{leastShards}} (its fan-out reads {{leastFanOutReads}} RU/s at the peak, so ${costScope('leastCost')})`,
  orUpstream: '; or ',
  // What shrinks the load before it reaches the key follows the load's direction (loadDirections).
  upstream: "batch the hottest value's writes before they reach the {{resource}} (a queue or stream that aggregates them into fewer writes)",
  // A cache serves reads only (DAX never takes a write, to a table or an index): offered only where reads are hot.
  andCacheReads: ' and put {{cache}} in front of its reads',
  // A load of reads alone: batching writes relieves nothing, the cache is the remedy.
  cacheHotReads: 'put {{cache}} in front of the reads of the hottest {{key|key}} value',
  orRaiseMaxShards: '; or raise maxShards if {{shards}}-way reads are acceptable',
  // Past maxShards on Cosmos DB where the physical partition's share bites (not the key's own 10,000 RU/s): the RU/s that serve it unsharded lead.
  // Copies at a raise, where no count fits at the current RU/s and that raise costs less than the one
  // that serves the value unsharded (each copy takes 1/N of the value's load, which every partition's share needs not carry).
  raiseThenCopies: `${raiseInPlace(COPIES_RAISE)}, then keep N = {{shards}} replicated copies of each {{key|key}} value (key#0…key#{{lastShard}}), written together and read at random: each copy serves 1/{{shards}} of the reads, and every write costs {{shards}}× ({{peakWrites}} → {{replicatedWrites}} RU/s at peak), storing every document {{shards}} times ({{copiesGb}} GB); {{copiesRaiseTo}} RU/s is the least raise at which a count of copies fits, each copy beside 1/{{copiesRaisedPartitions}} of the reads and of {{shards}} × the writes, {{copiesSaves}} RU/s less than the raise that serves the value unsharded`,
  // The raise alone within SMALL_RAISE_SHARE of the copies' raise (copies-order.ts): it leads, the copies follow.
  raiseWithinCopiesRaise:
    ' and changes no key and no application, {{raiseOverCopies}} RU/s more than the raise the replicated copies need, which are an application change',
  orCopiesAtRaise: '; or, for a smaller raise, ',
  orRaiseServesKey: `; or ${raiseInPlace(RAISE)}, which serves the hottest {{key|key}} value ${servedAsItIs(RAISE)} and changes no key and no application`,
  // The redistribution, which adds no RU/s, before the raise (remedies in the order of what they cost).
  raiseServesKey: `${REDISTRIBUTE_FIRST}${raiseInPlace(RAISE)}, which serves the hottest {{key|key}} value ${servedAsItIs(RAISE)}`,
  // A raise (`smallRaiseFirst`) within SMALL_RAISE_SHARE of today's RU/s leads the change of key, which follows.
  smallRaiseServesKey: `${REDISTRIBUTE_FIRST}${raiseInPlace(RAISE)}, which serves the hottest {{key|key}} value ${servedAsItIs(RAISE)}${SMALL_RAISE_WHY}`,
  orKeyChange: DURABLE_KEY_CHANGE,
  orAtCurrentThroughput: '; or, at the current throughput, ',
  // A count judged where SG017's raise leaves the container, whose peak then fills its usable RU/s.
  orAtCapacityRaise:
    "; or, at the {{capacityRaiseTo}} RU/s the container's peak needs (its peak ÷ headroom, or more where a raise in place would split its partitions unevenly), ",
  // Copies double every write, so a smaller raise that needs no application change leads.
  raiseCheaperThanCopies:
    ': {{raiseAdds}} RU/s more and no application change, where {{shards}} copies add {{copiesAdd}} RU/s of writes at peak, store every document {{shards}} times and must be written and read by the application',
  raiseCopies: 'raise sharding.shards from {{declaredShards}} to N = {{shards}} replicated copies',
  lowerCopies: 'lower sharding.shards from {{declaredShards}} to N = {{shards}} replicated copies',
  // The declared count is the one the fix needs (a pre-warm leads, warm-partitions.ts): the copies stay as they are.
  keepCopies: 'keep the declared N = {{shards}} replicated copies',
  replicate:
    'keep N = {{shards}} replicated copies of each {{key|key}} value (key#0…key#{{lastShard}}), written together and read at random: each copy serves 1/{{shards}} of the reads, and every write costs {{shards}}× ({{peakWrites}} → {{replicatedWrites}} {{writeUnit}} at peak)',
  // Each copy is an item of its own that carries every index key (written.ts): an index that fits today may not at N×.
  // Copies whose N× writes pass a default throughput quota the declared writes are within (throughput-quota.ts): SG017's
  // error once deployed, which no edit lifts.
  copiesPastQuota:
    '; but its {{replicatedWrites}} {{writeUnit}} of writes at peak are above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} {{quotaName}} write throughput quota of {{quota}}{{?quotaField}} ({{quotaField|code}}){{/quotaField}} (SG017 would refuse them), so no edit is offered for the copies: request the quota increase (Service Quotas, DynamoDB) before keeping them',
  copiesOverIndex:
    '; but every copy also writes its entry in index {{overIndex|code}}, whose hottest value would then take {{overIndexWrites}} {{writeUnit}} of writes, over the usable {{overIndexUsable}} {{writeUnit}} of its partition: shard that index too before keeping the copies (so no edit is offered for them)',
  // Each copy of a document sits under its first-level value (prefix-ingestion.ts): that level's writes grow N× too.
  copiesOverFirstLevel:
    '; but every copy sits under its first-level {{overFirstLevel|code}} value, whose hottest would then take {{overFirstLevelLoad}} RU/s, over the usable {{overFirstLevelUsable}} RU/s its physical partitions leave it: spread that level first (so no edit is offered for the copies)',
  replacingSharding: ', replacing its {{declaredStrategy}} sharding, which cannot spread the reads of one item',
  replacingShardingGathered: `, replacing its {{declaredStrategy}} sharding, under which ${GATHERED_READS}`,
  replacingShardingPaged: ', replacing its {{declaredStrategy}} sharding, under which every page of {{pagedPatterns|code}} queries all the shards',
  // After cacheHotReads where no copies fit (noCopies): what the cache must answer, as the first-level cache lever says it.
  cacheMustAnswer:
    '; it fits once the cache answers at least {{readsCacheShare|percent}} of its {{readsCacheReads}} RU/s of reads (measure that share first), the {{readsCacheMisses}} RU/s missed and its {{readsCacheWrites}} RU/s of writes then fitting the usable {{readsCacheUsable}} RU/s',
  // The cache as the alternative for read heat (withCacheTerms says what it serves and takes).
  orCache: '; or put {{cache}} in front of its reads',
  // Copies that leave two on one partition more often than not (hashed-keys.ts): the cache leads, they follow. Where the
  // count is sized for the pair (DynamoDB), that partition stays within its maximum: the cost is the writes and the margin.
  orCopiesIfShared:
    '{{?copiesPairWithin}}; N = {{shards}} copies would write each change to the value {{shards}} times and, more often than not, leave two on one partition, within its maximum but over its usable ceiling until adaptive capacity moves one; the cache serves the reads without either; or, accepting both, {{/copiesPairWithin}}{{!copiesPairWithin}}; or, accepting that two copies may share a partition, {{/copiesPairWithin}}',
  // After cacheTerms where access patterns read strongly consistent (consistent-reads.ts): what the cache then serves,
  // and, where the share it passes through is still over the room the value has (`consistentOver`), that figure.
  cacheServesEventualShare:
    '; {{cache}} serves only the eventually consistent {{cacheServedShare|percent}} of these reads: {{consistentPatterns|code}} read strongly consistent (consistentRead), which it passes through to the table',
  // After it, where the share the cache passes through is still over the room the value has (`cacheLeavesReadsOver`).
  consistentStaysOver: `, so ${CONSISTENT_LEFT_OVER}: it is no fix for these reads alone until {{consistentPatterns|code}} may read eventually consistent`,
  cacheServesNoRead:
    '; but no cache serves these reads: {{consistentPatterns|code}} read strongly consistent (consistentRead), which {{cache}} passes through to the table, so it serves them only once they may read eventually consistent',
  // Before a fix whose remedy for the reads is the cache, where it is none as they are declared (consistent-reads.ts).
  eventualReadsFirst:
    'first make {{consistentPatterns|code}} read eventually consistent (consistentRead: false), where the application allows it: {{cache}} passes a strongly consistent read through to the table, so ',
  eventualReadsOver: `${CONSISTENT_LEFT_OVER}; then `,
  eventualReadsNone: 'it would serve none of these reads; then ',
  // What the cache serves and takes (the engine profile's cacheTerms), said once after the first clause that names it.
  cacheTerms:
    ' ({{cacheServes}}; a cache answers only the reads it holds, and it needs {{cacheNeeds}}{{?cacheStale}}; the hottest value takes {{cacheStaleWrites}} {{cacheStaleWriteUnit}} of writes beside {{cacheStaleReads}} {{cacheStaleReadUnit}} of reads, so its items change while cached: {{cacheStale}}{{/cacheStale}}{{?cacheInApp}}; or {{cacheInApp}}{{/cacheInApp}})',
  // wants: "any" picks one shard of a random or calculated sharding; without one the design refuses it (normalize-usage.ts).
  dropWantsAny: ', and remove wants: "any" from {{wantsAnyPatterns|code}}: it picks one of random or calculated shards, which the key then no longer has',
  // A pattern that fans out over shards the fix removes would declare a fan-out nothing makes (shardReadsDropped).
  dropFanOut:
    ', and remove fanOut from {{droppedFanOutPatterns|code}}: a fan-out queries every shard and merges the results, and the key then has no shards to query',
  raiseShards: SHARD_TEXTS.raiseShards,
  lowerShards: SHARD_TEXTS.lowerShards,
  keepShards: SHARD_TEXTS.keepShards,
  onSource: ' (calculated on {{sourceAttribute|code}})',
  onRandom: ' (random)',
  // A lower count leaves the items already stored under the dropped keys: a read queries the keys the new count makes
  // (AWS, "Using write sharding to distribute workloads evenly": a read of a value queries each of its suffixes).
  lowerLeavesItems:
    '; items already written under a dropped suffix are missing from every read, which queries the kept suffixes only, until the application rewrites them under a kept one',
  lowerMovesItems:
    '; every item already written keeps the shard hash mod {{declaredShards}} gave it, so a read that computes its shard anew, or fans out over the kept suffixes, misses it until the application rewrites it under its new shard',
  // What the lower count buys, worth that move (AWS, "Using write sharding to distribute workloads evenly": a read of a
  // whole value queries each of its suffixes).
  lowerSavesQueries:
    '; worth that move because each read by {{lowerFanOutPatterns|code}} queries every shard: {{shards}} queries a read, not {{declaredShards}}',
  shardCalculated: SHARD_TEXTS.shardCalculated,
  shardRandom: SHARD_TEXTS.shardRandom,
  // The same clauses for the count a cache-led fix names, beside the raise-and-shard alternative's own count.
  ...CACHED_SHARD_TEXTS,
  // An index key is an attribute the application also reads: the shard goes in a separate key attribute it writes for the index.
  shardCalculatedIndex: `key index {{index|code}} by a separate attribute the application writes on each item, {{shardAttribute|code}} = {{key|key}} + "#" + hash({{sourceAttribute}}) mod {{shards}} (N = {{shards}} calculated shards), instead of by {{key|key}} itself: ${INDEX_SOURCE_READS}`,
  shardRandomIndex:
    'key index {{index|code}} by a separate attribute the application writes on each item, {{shardAttribute|code}} = {{key|key}} + "#" + a random 0…{{lastShard}} (N = {{shards}} random shards), instead of by {{key|key}} itself: every read of one {{key|key}} value must then query all {{shards}}',
  // A multi-attribute index key with room for one more attribute (up to 4): the shard is a key attribute of its own.
  shardCalculatedKeyAttribute: `add to the partition key of index {{index|code}}, after {{key|key}}, an attribute the application writes on each item, {{shardAttribute|code}} = hash({{sourceAttribute}}) mod {{shards}} (a number; N = {{shards}} calculated shards): DynamoDB hashes the key attributes together, so each shard is a key value of its own; ${INDEX_SOURCE_READS}`,
  shardRandomKeyAttribute:
    'add to the partition key of index {{index|code}}, after {{key|key}}, an attribute the application writes on each item, {{shardAttribute|code}} = a random 0…{{lastShard}} (a number; N = {{shards}} random shards): DynamoDB hashes the key attributes together, so each shard is a key value of its own; every read of one {{key|key}} value must then query all {{shards}}, one per {{shardAttribute}} value',
  // An index's key cannot change in place (index-replacement.ts): the re-keyed index is a new one, rolled out beside the old.
  // The edits rename the index: they write the design as it stands after the rollout, which no single deploy reaches
  // from today's (CloudFormation adds or deletes one GSI per update, and an update that does both fails).
  asNewIndex:
    '; as a new index, {{newIndex|code}} (a key cannot change in place, and one update cannot add an index and delete another): deploy it beside {{index|code}}, move the readers, then deploy the edited design, which removes {{index|code}}',
  // The key has as many attributes as DynamoDB allows: where the shard goes is the designer's choice, so no edit.
  fullMultiAttributeKey:
    '; the key already has {{maxKeyAttributes}} attributes, the most a GSI partition key takes, so the shard cannot be an attribute of its own: which attribute it joins is yours to choose, so --fix writes no edit for it',
  setFanOut: ', so set fanOut on {{fanOutPatterns|code}}',
  // A Cosmos DB fan-out whose reads declare no size: each shard's query is charged at least the floor however little it
  // loads, which no peak counts without the size, so --fix writes none of this sharding until it is declared.
  fanOutUncounted: `; --fix writes none of this until resultKb is declared on {{uncountedPatterns|code}}: ${FAN_OUT_UNCOUNTED_TEXT}`,
  // A fix must not make SG017 fire; where its fan-out passes the quota, the quota increase is part of it.
  fanOutPastQuota: `; the fan-out makes {{fanOutSpace}} ${FAN_OUT_PAST_QUOTA_TEXT}: request the quota increase (Service Quotas, DynamoDB) as part of this fix, before the sharding deploys, and acknowledge SG017 with the request as the reason; or put {{cache}} in front of those reads, so fewer reach it`,
  fanOutPastRuQuota: `; the fan-out makes {{fanOutSpace}} ${FAN_OUT_PAST_RU_QUOTA_TEXT}: file an Azure support ticket to raise the maximum RU/s per {{quotaName}} as part of this fix, before the sharding deploys, and acknowledge SG017 with the ticket as the reason; or put {{cache}} in front of those reads, so fewer reach it`,
  cacheItemReads: '; the reads of one item stay on the shard that holds it: put {{cache}} in front of them',
  cacheGatheredReads: `; ${GATHERED_READS}: put {{cache}} in front of them`,
  // A DynamoDB read of a whole collection (no limit) gathered from N shards reads 1/N of it on each, rounded up to 4 KB
  // and at least one read unit per Query (gathered-reads.ts): a count that fits only so says what it takes for granted.
  assumesLargeReads: `; N = {{shards}} ${LARGE_READS_ASSUMED}`,
  // Both assumptions of one N in one sentence (`withHashedKeys`), the hash's after the reads'.
  assumesLargeReadsHashedApart: `; N = {{shards}} ${LARGE_READS} (${HALF_IF_EVENTUAL}; ${DECLARE_RESULT_KB}), and that ${HASHED_APART}`,
  assumesLargeReadsFloor: `; N = {{shards}} ${LARGE_READS_FLOOR}; ${DECLARE_RESULT_KB}`,
  assumesLargeReadsFloorHashedApart: `; N = {{shards}} ${LARGE_READS_FLOOR} (${DECLARE_RESULT_KB}), and that ${HASHED_APART}`,
  cachePagedReads: '; every page of {{pagedPatterns|code}} queries all the shards, which do not divide its reads: put {{cache}} in front of them',
  // A work queue's poll wants any queued item, not the next page of all of them: one shard serves it (wants: 'any').
  orWantsAny:
    '; or, when any item of the value will do (a work queue\'s poll), set wants: "any" on {{pagedPatterns|code}}, with the key sharded: each page then reads one shard, so the shards divide its reads',
  // A paged read of a key the fix shards fans out over every shard, unless it takes any items (a queue's poll): then it
  // reads one shard (wants: "any"). Not written as an edit: the design cannot show whether any items will do.
  orPollWantsAny:
    '; or, where {{pollPatterns|code}} takes whatever items a shard holds (a work queue\'s poll, not a sorted page of every item), set wants: "any" on it instead of fanOut: each page then reads one shard, picked at random, so the shards divide its reads and it fans out over none; --fix does not set it, as only the application knows whether any items will do',
  // The reads shards cannot spread are over the ceiling by themselves, so no count fixes the key.
  unspreadReads: `no shard count serves: ${ONE_ITEM_READS}, and those reads alone ({{unspreadLoad}} {{unspreadUnit}} of the hottest {{key|key}} value) exceed the usable {{unspreadUsable}} {{unspreadUnit}}; put {{cache}} in front of them`,
  // Declared copies would divide them, but an invariant on the item forbids copies (SG019's finding): why no count serves.
  unspreadReadsKept:
    'no shard count serves, and no copy count: copies would divide the reads of one item, but the {{keptKinds|code}} ({{keptPaths|code}}) must see that one item, which no write keeps in step across copies (SG019), so its reads stay on one item whatever the count, and those reads alone ({{unspreadLoad}} {{unspreadUnit}} of the hottest {{key|key}} value) exceed the usable {{unspreadUsable}} {{unspreadUnit}}; put {{cache}} in front of them',
  unspreadGatheredReads: `no shard count serves: ${GATHERED_READS}, and those reads alone ({{unspreadLoad}} {{unspreadUnit}} of the hottest {{key|key}} value{{?unspreadOf}}, {{unspreadShare|percent}} of its {{unspreadOf}} {{unspreadUnit}} of reads, what each shard is charged at least{{/unspreadOf}}) exceed the usable {{unspreadUsable}} {{unspreadUnit}}; put {{cache}} in front of them`,
  unspreadPagedReads:
    'no shard count serves: every page of {{pagedPatterns|code}} reads all the shards whatever the count, and those reads alone ({{unspreadLoad}} {{unspreadUnit}} of the hottest {{key|key}} value{{?unspreadUnclaimed}}, {{unspreadUnclaimed}} of them no pattern claims (accessPatterns[].share){{/unspreadUnclaimed}}) exceed the usable {{unspreadUsable}} {{unspreadUnit}}; put {{cache}} in front of them',
  unspreadCopies:
    '; or keep N = {{copies}} replicated copies of each {{key|key}} value, written together and read at random: each copy serves 1/{{copies}} of the reads, and every write costs {{copies}}×',
  unspreadRaiseWhole: `; or ${raiseInPlace(UNSPREAD_RAISE)}, which serves the hottest {{key|key}} value ${servedAsItIs(UNSPREAD_RAISE)}`,
  unspreadRaiseShard: `; or ${raiseInPlace(UNSPREAD_RAISE)}, whose share holds the {{unspreadShardLoad}} RU/s of its busiest shard once its writes are sharded (the item's reads, and that shard's part of the writes)`,
  unspreadWrites: '; shards spread only its writes ({{hotWrites}} {{writeUnit}})',
  // Where no count fits at today's RU/s with the hottest item's reads on the container, the cache that takes
  // them off it leads (cachedReadsFirst), with the count its writes then need; the raise and shard follow.
  cachedReadsLead: 'put {{cache}} in front of the reads of the hottest {{key|key}} value',
  cachedReadsWhy: `: ${ONE_ITEM_READS}${CACHED_READS_OVER}`,
  cachedGatheredReadsWhy: `: ${GATHERED_READS}${CACHED_READS_OVER}`,
  // Before copies (copies-order.ts): what the cache saves them, with no copy to write or store.
  cachedBeforeCopiesWhy:
    ': the reads the cache answers reach neither its physical partition nor the container, whose peak falls from {{peakLoad}} to {{cachedPeak}} RU/s of the {{containerUsable}} usable ({{headroom|percent}} of {{cachedContainerRu}}), with no key change, no copies to write and store, and no raise',
  cachedWritesShard: '; its writes ({{hotWrites}} RU/s) are then over the usable {{cachedWriteUsable}} RU/s left on its physical partition by themselves: ',
  cachedShardsWhy: `; N = {{cachedShards}} is the fewest that fits at today's throughput with room for the reads the cache misses: ${CACHED_KEY_FITS}, ${cachedMisses('the shard that holds the item')}; at {{cachedFewerShards}}, {{cachedFewerTotal}} RU/s of the {{cachedFewerUsable}} usable, which leaves no room for a miss`,
  // Where the value's size needs more shards than its writes (`cachedReadsFirst`): the count keeps each shard's part of it
  // within one logical partition's usable GB ("Partitioning and horizontal scaling": 20 GB a logical partition).
  cachedSizeShard:
    '; its documents ({{cachedSizeGb}} GB) are over the {{cachedUsableGb}} GB usable of one logical partition ({{headroom|percent}} of {{cachedLimitGb}} GB): ',
  cachedShardsSizeWhy: `; N = {{cachedShards}} is the fewest at which each shard's part of the value's {{cachedSizeGb}} GB stays within the {{cachedUsableGb}} GB usable of one logical partition ({{headroom|percent}} of {{cachedLimitGb}} GB): {{cachedSizeGb}} ÷ {{cachedShards}} = {{cachedPartGb}} GB{{?cachedLoadShards}}, where its writes alone would take {{cachedLoadShards}}{{/cachedLoadShards}}; there ${CACHED_KEY_FITS}, ${cachedMisses('the shard that holds the item')}`,
  cachedWritesFit: `; its writes ({{hotWrites}} RU/s) then fit unsharded at today's throughput: ${CACHED_KEY_FITS}, ${cachedMisses("the value's one logical partition, beside its writes")}`,
  // After cachedReadsLead, on DynamoDB where the writes need more partitions than are counted now.
  daxReadsWhy: `: ${ONE_ITEM_READS}${DAX_WRITES_MEET}no shard count room: `,
  daxGatheredWhy: `: ${GATHERED_READS}${DAX_WRITES_MEET}no shard count room: `,
  // Where the partitions counted now leave room for a count, but only a wide one: the same levers, that count after them.
  daxReadsWhyWide: `: ${ONE_ITEM_READS}${DAX_WRITES_MEET}room only for N = {{currentShards}} shards: `,
  daxGatheredWhyWide: `: ${GATHERED_READS}${DAX_WRITES_MEET}room only for N = {{currentShards}} shards: `,
  orRaiseWrites:
    "; or raise {{raiseWriteField|code}} to {{raiseWriteUnits}} WCU in place, which DynamoDB serves on {{raiseWritePartitions}} partitions (its warm throughput follows a raise of provisioned throughput), then shard into N = {{raiseWriteShards}}: each stored key's {{raiseWriteStoredLoad}} WCU beside the {{raiseWriteNeighbours}} WCU its neighbours are then expected to take, {{raiseWriteTotal}} of the usable {{raiseWriteUsable}} WCU; billed every hour, where warm throughput is charged once",
  // Writes over their ceiling by themselves need their remedy whatever the reads (a counter is still
  // written on each like): the count, and (invariants.ts) how a running total on the item survives it.
  unspreadWritesOver: '; its writes ({{hotWrites}} {{writeUnit}}) are over the usable {{unspreadWriteUsable}} {{writeUnit}} by themselves: ',
  // The table's count raised for an index whose key holds the table's stored keys (analysis.ts, `carryingIndexNeed`).
  forCarryingIndex:
    "; N = {{shards}}, not the {{carryingOwnShards}} the table's own hottest value needs: index {{carryingIndex|code}} is keyed by {{key|key}} as the table stores it, so these shards are its shards too, and its hottest value needs {{shards}}",
  deeperLevelFirst: `make the key hierarchical, with the levels {{suggestedKey|code}} in this order: its first-level values span physical partitions while their queries stay targeted by prefix${MOVED_FIGURES}${KEPT_SHORT}${LEVEL_WRITTEN}; or `,
  newLevelFirst: `make the key hierarchical, {{levels}}: a first level of many values that the writes carry and the reads give with {{key|key}} (a device or user id), whose values span physical partitions while their queries stay targeted by prefix${MOVED_FIGURES}; or `,
  // A flat Cosmos DB key whose hottest value passes one logical partition's 20 GB or 10,000 RU/s: Microsoft's answer for
  // that tenant leads, the level named where no query names it (no edit), the shards following as the alternative.
  wholeValueLevelFirst: `make the key hierarchical, {{levels}}: a second level of many values that the writes carry and the reads of one {{key|key}} value give where they name one item (an order, issue or device id), under which one {{key|key}} value may hold more than 20 GB and take more than 10,000 RU/s, its documents spanning a physical partition per 50 GB, while its queries stay targeted by prefix to the partitions it spans${MOVED_FIGURES}${KEPT_SHORT}; or `,
  orFinerLevel: `; or add a level with many values, one the reads give with {{key|key}}: a hierarchical key {{levels}}, under which a {{key|key}} value may hold more than 20 GB, its documents spanning a physical partition per 50 GB, while its queries stay targeted by prefix${MOVED_FIGURES}`,
  // DynamoDB's lever before a count its neighbours set (warm-partitions.ts): more partitions, a one-off charge.
  warmServesKey: `${WARM_TO}, which serves the hottest {{key|key}} value as it is, ${warmFits('its')}; ${WARM_COST}`,
  warmThenShard: `${WARM_TO}, then `,
  // The same where the key fits unsharded there but declares a sharding (copies whose own writes made the partitions
  // counted now): the warm throughput and the sharding's removal, one fix (warm throughput alone left the
  // copies, and the key over on their writes).
  warmThenUnsharded: `${warmTo('the key unsharded fits', 'N = {{warmShards}} shards')}, then `,
  warmUnshardedWhy: `; unsharded, ${warmFits('its')}; ${WARM_COST}`,
  // No count fits at any warm throughput within the default quota (warm-partitions.ts, `pastQuotaLever`): the partitions
  // past it, with the quota raise they need first, before the remedies that change the application or multiply reads.
  pastQuotaWarm: `no warm throughput within the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} table-level quota of {{pastQuotaOf}}{{?quotaField}} ({{quotaField|code}}){{/quotaField}} leaves room for a count within maxShards ({{pastQuotaMost}} partitions at most, where {{warmFromPartitions}} are counted now); request the table-level {{pastQuotaDirection}} throughput quota raised to at least {{pastQuotaUnits}} (Service Quotas; --fix writes no edit past a quota), then pre-warm {{warmIndex|keySpace}} to {{pastQuotaUnits}} {{pastQuotaDirection}} units a second (warmThroughput): {{pastQuotaPartitions}} partitions, the least at which {{?pastQuotaKeeps}}the declared {{/pastQuotaKeeps}}{{?pastQuotaPairPartitions}}N = {{pastQuotaShards}} shards, {{pastQuotaPairKeys}} of them on one partition, fit its {{pastQuotaPairMaximum}} {{pastQuotaPairUnit}} maximum ({{pastQuotaPairLoad}} {{pastQuotaPairUnit}} there){{/pastQuotaPairPartitions}}{{!pastQuotaPairPartitions}}{{pastQuotaShards|one=the key unsharded fits|other=N = # shards fit}} with 5% of the usable ceiling free{{/pastQuotaPairPartitions}}{{?pastQuotaReshard}} (shard into N = {{pastQuotaShards}}){{/pastQuotaReshard}}: each stored key's {{pastQuotaStoredLoad}} {{pastQuotaUnit}} beside the {{pastQuotaNeighbours}} {{pastQuotaUnit}} its neighbours are then expected to take (1/{{pastQuotaPartitions}} of the rest of the key space's load), {{pastQuotaTotal}} of the usable {{pastQuotaUsable}} {{pastQuotaUnit}}; ${WARM_COST}, where capacity provisioned for the same partitions is billed every hour whether used or not (and under auto scaling reaches only the peak ÷ its target utilization, capped at the maximum)`,
  orOnDemandServes:
    '; or move the table to on-demand billing (`billing: "on-demand"`, its `capacity` removed), whose partitions follow twice its previous peak, where {{pastQuotaShards|one=the key unsharded fits|other=N = # shards fit}} too within the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} table-level quota, billed per request rather than per provisioned hour',
  // A declared count the warm lever keeps (warm-partitions.ts, `keptDeclaredCount`): no edit to the sharding.
  warmKeepsShards: 'keep the declared N = {{shards}} shards',
  warmKeptWhy: `; N = {{shards}} is the declared count, kept: every declared read of a {{key|key}} value reaches one shard, so fewer shards would save no read, while a lower count would move every item already written to another shard (the fewest that would fit is N = {{warmFewerShards}}: said, not written); ${warmFits("each stored key's")}, its sibling shards among the neighbours; ${WARM_COST}`,
  warmThenShardWhy: `; N = {{shards}} is the fewest ${WARM_FEWEST('that leaves 5% free')}: ${warmFits("each stored key's")}, its sibling shards among the neighbours; ${WARM_COST}`,
  // The same lever for replicated copies of a read-hot item (warm-partitions.ts): fewer copies, each one write fewer per item.
  warmThenCopies: `${warmTo('N = {{warmShards}} replicated copies fit', 'N = {{warmShards}} replicated copies')}, then `,
  warmThenCopiesWhy: `; N = {{shards}} is the fewest copies ${WARM_FEWEST('that leave 5% free')}: ${warmFits("each copy's")}, its sibling copies and {{shards}} × the writes among them; ${WARM_COST}`,
  orWiderFanOut:
    '; or, on the {{warmFromPartitions}} partitions counted now, N = {{currentShards}} shards, each beside 1/{{warmFromPartitions}} of the rest of the load: every read of one {{key|key}} value then fans out over {{currentShards}}, not {{warmShards}}, but no further pre-warm is needed (the pre-warm leads as it at least halves that fan-out, for a charge paid once that cannot be undone)',
  orPastMaxShardsNow:
    '; on the {{warmFromPartitions}} partitions counted now it would take N = {{currentShards}}, more than the {{maxShards}} a read can sensibly fan out over (maxShards)',
  // Copies not led with for a value that takes most of the writes (`copiesForWrites`): each write goes to every copy.
  copiesCostMore:
    '; not replicated copies, though N = {{copiesN}} fit at {{copiesRaiseTo}} RU/s: the hottest {{key|key}} value takes {{hotWriteShare|percent}} of the writes, and each write goes to every copy, so {{copiesN}} copies add {{copiesAddWrites}} RU/s of writes at peak to take {{copiesRelieve}} RU/s of reads off its partition{{?copiesCostMore}}, more than they save{{/copiesCostMore}}, and hold every document {{copiesN}} times (a queue item would be picked up once per copy)',
  // After wholeKeyCall's non-sharding levers: a narrower scope, where the calls have one, lets shards keep them.
  orScopeWithinKey:
    "; or, where each call's items share an attribute within the {{key|key}} value (one stream of an aggregate, say), declare it as the scopeAttribute: shards calculated on it keep each call on one shard",
  // A work queue's poll: random shards with wants: "any" before copies (poll-any.ts).
  ...POLL_ANY_MESSAGES,
  // Clauses that keep invariants (invariants.ts) and the sparse-index alternative (sparse-index.ts).
  ...INVARIANT_ADVICE_MESSAGES,
  ...SPARSE_INDEX_MESSAGES,
  ...COPIED_INDEX_MESSAGES,
  ...SPARSE_INDEX_EDIT_MESSAGES,
  ...INHERITED_FIX_MESSAGES,
  ...PROJECTION_FIRST_MESSAGES,
  // The count's assumption that its keys hash onto different partitions (hashed-keys.ts).
  ...HASHED_KEYS_MESSAGES,
  // Write shards for the hottest value only (hot-values.ts).
  ...HOT_VALUES_MESSAGES,
  // An index whose key holds the table's stored keys (analysis.ts, `carriesTableShards`): the table's shards are its own.
  ...CARRIED_SHARDS_MESSAGES,
  // The reads of an index keyed by the table's key as stored, which a sharding of that key in place leaves on one shard.
  ...HELD_INDEX_READS_MESSAGES,
  // Why --fix writes no shards of a categorical primary key (categorical-key.ts).
  ...CATEGORICAL_KEY_MESSAGES,
  ...COMPOSITE_KEY_MESSAGES,
  ...SIZE_BOUND_MESSAGES,
} as const;

export type AdviceId = keyof typeof ADVICE_MESSAGES;

/** A fix's figures while it is being made: each clause adds its own. */
type FigureData = Record<string, MessageData[string]>;

interface Advice {
  /** The fix's clauses, in order (keys of ADVICE_MESSAGES). */
  readonly ids: readonly AdviceId[];
  /** The numbers and names the clauses read. */
  readonly data: MessageData;
  /** Design edits that apply it, when it is a complete design change. */
  readonly edits?: readonly DesignEdit[];
  /** The plan's N, for machine-readable reports (absent when no N serves). */
  readonly shards?: number;
  /** The fix names a raise of the container's RU/s of its own: SG003 then adds none. */
  readonly namesRaise?: boolean;
  /** The fix leads with that raise, so the copies the plan counts are not what the design will write (SG017). */
  readonly raiseLeads?: boolean;
}

/** The clauses that open a fix with a raise of the container's RU/s (each reads as the first clause, or after "; or "). */
const RAISE_LEADS: ReadonlySet<string> = new Set<AdviceId>(['raiseThenShard', 'raiseServesKey']);

/**
 * A fix's clauses with a change a finding offers of its own (a time bucket's "key by an event id") placed before the
 * first raise of the container's RU/s, or last where there is none: remedies in the order of what they cost. A key change costs a new container and a copy of the data, once ("Changing the partition key entails
 * creating a new destination container", "Change partition key"), and then nothing; a raise is paid every hour for as
 * long as the key stays as it is ("You're billed hourly for the maximum provisioned throughput for a given hour",
 * "Pricing model"), and the one a time bucket needs is often many times today's RU/s (an audit log's 26,000 RU/s on
 * 80 partitions: 58,200 RU/s with 100 shards, 674,400 with 4). So after the hierarchical key (which leads already) and
 * before the raises; shards at today's RU/s, which need neither, lead the fix where there are any, and no raise then. `lead`: the clause as
 * a fix's first ("key by …; or "); `or`: as a later one ("; or key by …").
 */
export function keyChangeBeforeRaises<T extends string>(ids: readonly T[], lead: T, or: T): T[] {
  const at = ids.findIndex((id) => RAISE_LEADS.has(id));
  return at < 0 ? [...ids, or] : [...ids.slice(0, at), lead, ...ids.slice(at)];
}

/**
 * The edits of a fix whose own key change goes before the raises (`keyChangeBeforeRaises`): none where the advice led
 * with a raise, since the key change now leads and states no design field, and the raise after it is an alternative
 * that leaves the key as it is (a time bucket stays one at any RU/s). The advice's edits otherwise.
 */
export function editsBeforeRaises(advice: { readonly ids: readonly string[]; readonly edits?: readonly DesignEdit[] }): readonly DesignEdit[] | undefined {
  return RAISE_LEADS.has(advice.ids[0]) ? undefined : advice.edits;
}

/** The advice for a key space's plan: a function of the plan, so every rule that gives it gives the same fix (made once per lint). */
export function adviceFor(analysis: SpaceAnalysis): Advice {
  return analysis.once(termedAdvice);
}

/** The warm throughput a key space's fix pre-warms it to (`plannedWarmThroughput`), and what it is for. */
export interface PlannedWarmThroughput {
  readonly readUnitsPerSecond?: number;
  readonly writeUnitsPerSecond?: number;
  /** The partitions it makes, and the count of the hottest value's stored keys that fits there (1: the key as it is). */
  readonly partitions: number;
  readonly shards: number;
  /** The partitions counted before it (a launch: the peak's own pre-warm), where the fix judged the key first. */
  readonly fromPartitions: number;
  /** Where the keys hashed onto one partition set those partitions (`WarmLever.pair`): the fix's figures of them. */
  readonly pair?: Readonly<Record<string, unknown>>;
  /** The fix opens with this pre-warm, but --fix withholds its edits until the design says more (`options.withheld`). */
  readonly withheld?: true;
  /** It is above the table-level quota in force (`pastQuotaWarm`): advice for after the quota's raise, never an edit. */
  readonly pastQuota?: true;
}

/**
 * The warm throughput the key space's fix sets where it leads with it (`warmAdvice`, `daxThenWarm`: `warmLever`'s
 * figure), read off the one advice every rule on the key quotes (`adviceFor`): SG001, SG002 and SG003 give it, and
 * SG017's launch pre-warm asks no less (a table pre-warmed for its peak alone is the P′ at which the lever found no
 * count, or a wider one), so two findings on one key never name two warm throughputs. `options.withheld`: also where
 * the fix opens with it but --fix withholds its edits (SG017 then names it and writes nothing). Undefined where the fix leads
 * with none, or the key space is not over its ceiling (then it has no such fix).
 */
export function plannedWarmThroughput(analysis: SpaceAnalysis, options: { withheld?: boolean } = {}): PlannedWarmThroughput | undefined {
  if (analysis.over.length === 0 || !analysis.owner.profile.neighbourModel) return undefined;
  // A value SG003 leaves to the table's capacity is no hot key: the pre-warm for the peak alone is all it needs.
  if (leftToCapacity(analysis)) return undefined;
  const advice = adviceFor(analysis);
  // A projection that leads is what --fix writes: the pre-warm of its alternative is not asked for; nor where the
  // re-key of an index keyed by a category leads (categorical-key.ts).
  if (projectionFirst(analysis) !== undefined || categoricalIndex(analysis)) return undefined;
  const pastQuota = pastQuotaPlanned(advice.data);
  if (pastQuota !== undefined && advice.ids.includes('pastQuotaWarm')) return pastQuota;
  if (!advice.ids.some((id) => WARM_LEADS.has(id))) return undefined;
  // Warm throughput cannot be lowered again ("Understanding DynamoDB warm throughput"): a pre-warm sized for a plan whose
  // edits --fix withholds (a fan-out past a quota, a cache first) is asked for only together with that plan, by its fix.
  // SG017's launch pre-warm asks for it even so (`withheld`), where the fix opens with the pre-warm: its figure is the
  // one the key needs, and a pre-warm for the peak alone written first would be a second, irreversible one.
  const withheld = advice.edits === undefined;
  if (withheld && !(options.withheld && WARM_LEADS.has(advice.ids[0]))) return undefined;
  const { warmReadUnits, warmWriteUnits, warmPartitions, warmFromPartitions } = advice.data as {
    warmReadUnits?: number;
    warmWriteUnits?: number;
    warmPartitions?: number;
    warmFromPartitions?: number;
  };
  if (warmPartitions === undefined || warmFromPartitions === undefined) return undefined;
  const pair = Object.entries(advice.data).filter(([name]) => name.startsWith('warmPair'));
  return {
    ...(pair.length > 0 ? { pair: Object.fromEntries(pair.map(([name, value]) => [name.replace(/^warm/, 'plan'), value])) } : {}),
    ...(warmReadUnits !== undefined ? { readUnitsPerSecond: warmReadUnits } : {}),
    ...(warmWriteUnits !== undefined ? { writeUnitsPerSecond: warmWriteUnits } : {}),
    partitions: warmPartitions,
    shards: advice.shards ?? 1,
    fromPartitions: warmFromPartitions,
    ...(withheld ? { withheld: true as const } : {}),
  };
}

/**
 * The warm throughput past the default table-level quota the fix names where no count fits within it (`pastQuotaWarm`,
 * `pastQuotaLever`): the figure at which the aggregate peak and the hottest value's shards both fit, so SG017's launch
 * pre-warm names it too. DynamoDB pre-warms a table or index only up to that quota ("Understanding DynamoDB warm
 * throughput", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput.html), so it is advice
 * after the quota's raise on both findings, never an edit: unlike a plan --fix withholds within the quota (above),
 * asking for it writes nothing that cannot be lowered. Nor does it hold back the peak's own pre-warm where that is
 * within the quota: it is below this figure, and warm throughput can be raised to it later (SG017's `notPreWarmed`).
 */
function pastQuotaPlanned(data: MessageData): PlannedWarmThroughput | undefined {
  const { pastQuotaDirection, pastQuotaUnits, pastQuotaPartitions, pastQuotaShards, warmFromPartitions } = data as {
    pastQuotaDirection?: 'read' | 'write';
    pastQuotaUnits?: number;
    pastQuotaPartitions?: number;
    pastQuotaShards?: number;
    warmFromPartitions?: number;
  };
  if (pastQuotaUnits === undefined || pastQuotaPartitions === undefined || pastQuotaShards === undefined || warmFromPartitions === undefined) return undefined;
  const pair = Object.entries(data).filter(([name]) => name.startsWith('pastQuotaPair'));
  return {
    ...(pair.length > 0 ? { pair: Object.fromEntries(pair.map(([name, value]) => [name.replace(/^pastQuota/, 'plan'), value])) } : {}),
    ...(pastQuotaDirection === 'read' ? { readUnitsPerSecond: pastQuotaUnits } : { writeUnitsPerSecond: pastQuotaUnits }),
    partitions: pastQuotaPartitions,
    shards: pastQuotaShards,
    fromPartitions: warmFromPartitions,
    pastQuota: true,
  };
}

/** The clauses that open a fix with the warm-throughput lever (`warmAdvice`, `daxThenWarm`). */
const WARM_LEADS: ReadonlySet<AdviceId> = new Set(['warmThenShard', 'warmThenCopies', 'warmServesKey', 'warmThenUnsharded']);

/** The plan's fix (`keptAdvice`), whose cache, where it names one, says what it serves and takes (`withCacheTerms`). */
function termedAdvice(analysis: SpaceAnalysis): Advice {
  const shardingPath = joinPath(analysis.space.path, 'sharding');
  const kept = smallRaiseFirst(withHotValuesOnly(keptAdvice(analysis), analysis, shardingPath), analysis);
  // The composite key before a categorical table key's shards are withheld: it is the re-key their clause asks for.
  const categorical = categoricalKeyKept(compositeKeyLeads(categoricalIndexLeads(kept, analysis), analysis, shardingPath), analysis, shardingPath);
  const termed = withRedistribution(withConsistentReads(withCacheTerms(withoutCacheAlternative(categorical, analysis), analysis), analysis), analysis);
  // Last: where the hot item's updates may not reach the index, no clause of the shards' stays (`reachFirst`).
  const advice = reachFirst(
    withHashedKeys(termed, analysis, ADVICE_MESSAGES, {
      assumesLargeReads: 'assumesLargeReadsHashedApart',
      assumesLargeReadsFloor: 'assumesLargeReadsFloorHashedApart',
    }),
    analysis,
  );
  // Own fields only: a fix with no edits (a cache, a split) must not read `edits` off a polluted Object.prototype.
  return Object.hasOwn(advice, 'edits') ? advice : Object.assign({}, advice, { edits: undefined });
}

/** The clauses that shard the key anew, which the categorical clauses follow (`categoricalKeyKept`). */
const NEW_SHARD_CLAUSES: ReadonlySet<string> = new Set<AdviceId>(['shardRandom', 'shardCalculated', 'shardRandomHot', 'shardCalculatedHot']);

/** The clauses that raise the throughput to serve the key unsharded, which the categorical clause follows (`categoricalKeyKept`). */
const RAISE_SERVES_CLAUSES: ReadonlySet<string> = new Set<AdviceId>([
  'raiseServesKey',
  'smallRaiseServesKey',
  'orRaiseServesKey',
  'unspreadRaiseWhole',
  'warmServesKey',
]);

/**
 * A fix that shards a categorical primary key anew keeps its clauses but not its edits, and says after its shards why
 * (`categoricalKeyWithheld`: a re-key is the fix); every rule that quotes the plan (SG001, SG003, SG006) says the same.
 * So does a raise or a pre-warm that serves such a key, named like a category, unsharded (`categoricalRaiseWithheld`).
 */
function categoricalKeyKept(advice: Advice, analysis: SpaceAnalysis, shardingPath: string): Advice {
  const shards = categoricalKeyWithheld(analysis, advice.edits, shardingPath);
  const withheld = shards ?? categoricalRaiseWithheld(analysis, advice.edits);
  if (withheld === undefined) return advice;
  return Object.assign({}, advice, {
    ids: afterClause(advice.ids, shards ? NEW_SHARD_CLAUSES : RAISE_SERVES_CLAUSES, withheld.ids),
    data: Object.assign({}, advice.data, withheld.data),
    edits: undefined,
  });
}

/**
 * `ids` with `inserted` after the first of `clauses` and what continues it (its fan-out, why every value), before the
 * next alternative ("; or …"); at the end where none of `clauses` is there.
 */
function afterClause(ids: readonly AdviceId[], clauses: ReadonlySet<string>, inserted: readonly string[]): AdviceId[] {
  const first = ids.findIndex((id) => clauses.has(id));
  let at = first < 0 ? ids.length : first + 1;
  while (at < ids.length && !/^[;,]? ?or /.test(ADVICE_MESSAGES[ids[at]])) at++;
  return [...ids.slice(0, at), ...(inserted as readonly AdviceId[]), ...ids.slice(at)];
}

/**
 * A fix that opens with new shards of a key whose every whole-key read also gives one attribute of enough values
 * (composite-key.ts) leads with the composite key instead, its edits the ones --fix writes: on an index as a new index,
 * on a table as a new key of the table (--fix writes a table's key change only where a finding fails the run:
 * cli/fix.ts). The shards follow as the way to keep the key. Where some read gives the key alone, the shards keep the
 * lead and say why the composite key is no option.
 */
function compositeKeyLeads(advice: Advice, analysis: SpaceAnalysis, shardingPath: string): Advice {
  const shards = advice.shards;
  const shardsLead = advice.ids[0] !== undefined && advice.ids[0].startsWith('shard');
  if (shards === undefined || !shardsLead || !advice.edits?.some((e) => e.op === 'set' && e.path === shardingPath)) return advice;
  // Shards for the size alone (an item collection past an LSI's 10 GB, no load over) are sized by it, not by a load.
  if (analysis.over.length === 0) return advice;
  const candidate = compositeCandidate(analysis, shards);
  if (candidate === undefined || candidate.giving.length === 0) return advice;
  const { space } = analysis;
  const data = { compositeSource: candidate.source, compositePatterns: candidate.giving, compositeSourceValues: candidate.sourceValues };
  if (candidate.keyOnly.length > 0) {
    return Object.assign({}, advice, {
      ids: afterClause(advice.ids, new Set([advice.ids[0]]), ['compositeNeedsEvery']),
      data: Object.assign({}, advice.data, data, { compositeKeyOnly: candidate.keyOnly }),
    });
  }
  const key = space.partitionKey[0];
  const attribute = compositeAttributeName(analysis, candidate.source);
  const values = analysis.cardinality * candidate.sourceValues;
  const worst = nearestToCeiling(analysis.over);
  const onTable = space.index === undefined;
  const newIndex = onTable ? undefined : replacementIndexName(space.index as string, indexNamesOf(analysis.owner));
  // The hottest key value's declared share, spread evenly over the attribute's values: the composite key's hottest
  // (never rounded below it, nor so below the uniform share of the composite's values, which normalize() refuses).
  const share = space.workload.hotKeyShare / candidate.sourceValues;
  const shareAt = joinPath(space.workload.path, 'hotKeyShare');
  // Written where the workload declares a share (even the uniform one) or another field does (a key level's, which the
  // new key drops); a unique attribute leaves no hottest composite value: the declared share goes, the uniform one stays.
  const declaredAtWorkload = space.workload.hotKeyShareAt === shareAt;
  const shareEdits: DesignEdit[] = !Number.isFinite(candidate.sourceValues)
    ? declaredAtWorkload
      ? [{ op: 'remove', path: shareAt }]
      : []
    : declaredAtWorkload || space.workload.hotKeyShareSource !== 'uniform'
      ? [{ op: 'set', path: shareAt, value: Math.max(Number(share.toPrecision(12)), share) }]
      : [];
  const sortKeyEdits = compositeSortKeyEdits(analysis, candidate.source);
  // The new-index clause once, after the lead: the alternative's re-key is a new index too (`compositeKeyKeep` says so).
  // A table's new key is a new table, and its shards in place a rewrite of the items they move (`compositeTableKeep`).
  const rollout: AdviceId[] = onTable
    ? ['compositeOnTableItems', 'compositeTableRollout', 'compositeTableKeep']
    : ['compositeOnIndexItems', 'asNewIndex', 'compositeKeyKeep'];
  return {
    ids: ['compositeKeyLeads', ...rollout, ...advice.ids.filter((id) => id !== 'asNewIndex')],
    data: Object.assign({}, advice.data, data, {
      key: space.partitionKey.map((k) => k.name),
      ...(onTable ? {} : { index: space.index, newIndex }),
      compositeAttribute: attribute,
      compositeValues: Number.isFinite(values) ? values : 'unique',
      ...(Number.isFinite(candidate.sourceValues) ? { compositeLoad: worst.load / candidate.sourceValues, compositeUnit: worst.unit } : {}),
      ...(sortKeyEdits.length > 0 ? { compositeSortKeyDropped: true } : {}),
    }),
    edits: [
      {
        op: 'set',
        path: key.path,
        value: {
          name: attribute,
          type: 'S',
          cardinality: Number.isFinite(values) ? values : 'unique',
          components: [
            { name: key.name, cardinality: key.cardinality ?? analysis.cardinality },
            { name: candidate.source, cardinality: Number.isFinite(candidate.sourceValues) ? candidate.sourceValues : 'unique' },
          ],
        },
      },
      ...sortKeyEdits,
      ...shareEdits,
      ...(onTable ? [] : replacedIndexEdits(analysis.owner, space, newIndex)),
    ],
    shards,
  };
}

/**
 * An index keyed by a category leads with the re-key, and with a sparse index keyed by an attribute of many values where
 * its key is a state (`categoricalIndexFirst`); the plan follows as the way to keep that key, with no edits where it
 * pre-warms.
 */
function categoricalIndexLeads(advice: Advice, analysis: SpaceAnalysis): Advice {
  const lead = categoricalIndexFirst(analysis, advice.ids, advice.edits);
  if (lead === undefined) return advice;
  return Object.assign({}, advice, {
    ids: lead.ids as readonly AdviceId[],
    data: Object.assign({}, advice.data, lead.data),
    ...(lead.withheld ? { edits: undefined } : {}),
  });
}

/**
 * Where a Cosmos DB container's physical partition's share is what bites (not the key's own ceiling, nor
 * its size), and the raise in place that serves the hottest value as it is (`throughputThatServes`) adds at most
 * SMALL_RAISE_SHARE to today's dedicated RU/s (`raiseLeadsKeyChange`), that raise leads the plan's change of key
 * (shards, copies, a new level), with its edits, which --fix writes; the plan's fix follows as the durable alternative,
 * "to stop paying for the headroom". A new key is a new container and a copy of every document, once ("Change
 * partition key"); a raise is billed every hour ("Pricing model"): a few percent an hour is the cheaper trade for
 * years. Not where the container is short of RU/s (SG017's raise comes first), nor where the plan is no key change
 * (`none`), or names a raise of its own; nor for a time bucket, which a raise leaves found (SG002), nor for a value
 * above maxHotKeyShare that throttles at its peak. Such a value served at its peak, short only of headroom (a warning),
 * is led by the raise: SG014 then warns of its share, planning the key change for growth, where a headroom warning
 * alone is no reason for a new container. The plan's count stays its `shards`, for the reports.
 */
function smallRaiseFirst(advice: Advice, analysis: SpaceAnalysis): Advice {
  const { design, space, plan, physical } = analysis;
  if (space !== design.primaryKey || advice.namesRaise || plan.layout === 'none' || plan.needs.size > 1) return advice;
  // A time bucket stays one however many RU/s (SG002 still judges its current bucket): no raise clears it.
  if (isTimeBucketKey(space.partitionKey) || space.workload.hotKeyShareSource === 'time-bucket') return advice;
  // A value above maxHotKeyShare that throttles at its peak has outgrown its partition: the key change, which SG014 would
  // ask for once it fits, leads. Served at its peak, short only of headroom (a warning), the raise restores that in place.
  if (!physical || !physicalBound(analysis.over) || !analysis.over.every((d) => d.physical !== undefined)) return advice;
  // A container short of RU/s for its peak is judged where the fix raises it anyway, as the re-lint judges it.
  const judged = physical.raisedFrom ? judgedAtWrittenRaise(analysis, advice) : analysis;
  if (judged === undefined) return advice;
  if (space.workload.hotKeyShare > design.thresholds.maxHotKeyShare + 1e-9 && !servedAtPeak(judged)) return advice;
  const raise = throughputThatServes(judged);
  if (!raiseLeadsKeyChange(judged.design as CosmosKeyDesign, raise)) return advice;
  const cosmos = design as CosmosKeyDesign;
  const shortNow = judged === analysis ? {} : { smallRaiseDeclared: cosmos.throughput?.requestUnits as number };
  return {
    ids: ['smallRaiseServesKey', 'orKeyChange', ...advice.ids],
    data: Object.assign({}, advice.data, raiseFigures(RAISE, raise), smallRaiseData(judged.design as CosmosKeyDesign, raise), shortNow),
    edits: raiseEdits(cosmos, raise, raise.copies ?? 1),
    shards: advice.shards,
    namesRaise: true,
    raiseLeads: true,
  };
}

/** A fix that leads with the raise that serves the key offers redistribution beside it where that serves too (`redistributionData`). */
function withRedistribution(advice: Advice, analysis: SpaceAnalysis): Advice {
  return advice.ids.includes('raiseServesKey') || advice.ids.includes('smallRaiseServesKey')
    ? Object.assign({}, advice, { data: Object.assign({}, advice.data, redistributionData(analysis)) })
    : advice;
}

/** The clauses that put the engine's cache in front of reads: every one that names it (`{{cache}}`), none of its terms. */
const CACHE_CLAUSES: ReadonlySet<string> = new Set(
  Object.entries(ADVICE_MESSAGES)
    .filter(([, text]) => text.includes('{{cache}}'))
    .map(([id]) => id),
);

/**
 * A fix that puts the engine's cache in front of reads says, once, after the first clause that names it, what the cache
 * serves and what it takes (`cacheTerms`, from the profile's `cacheTerms` through `cacheWordsOf`): the integrated
 * cache needs a dedicated gateway billed hourly, the SDK in gateway mode on its endpoint and session or eventual
 * consistency ("Azure Cosmos DB integrated cache", "Azure Cosmos DB dedicated gateway"); DAX a cluster and its client,
 * and it serves eventually consistent reads only ("In-memory acceleration with DynamoDB Accelerator (DAX)", "DAX and
 * DynamoDB consistency models"). Every cache clause of every rule that gives the plan's fix, one wording.
 */
function withCacheTerms(advice: Advice, analysis: SpaceAnalysis): Advice {
  const at = advice.ids.findIndex((id) => CACHE_CLAUSES.has(id));
  if (at < 0) return advice;
  return Object.assign({}, advice, {
    ids: [...advice.ids.slice(0, at + 1), 'cacheTerms' as const, ...advice.ids.slice(at + 1)],
    data: Object.assign({}, advice.data, cacheWordsFor(analysis)),
  });
}

/** The clauses that offer the cache beside another remedy, which a key space read only strongly consistent drops. */
const CACHE_ALTERNATIVES: ReadonlySet<string> = new Set<AdviceId>(['orCache', 'andCacheReads']);

/**
 * Where every read of the key space is strongly consistent, the cache serves none of them ("DAX and DynamoDB consistency
 * models": such reads pass through to the table), so it is no alternative to the remedy the fix gives: dropped. Where
 * it is the fix's only remedy for the reads, it stays, and `withConsistentReads` says what it takes first.
 */
function withoutCacheAlternative(advice: Advice, analysis: SpaceAnalysis): Advice {
  if (!advice.ids.some((id) => CACHE_ALTERNATIVES.has(id)) || !allReadsConsistent(analysis)) return advice;
  return Object.assign({}, advice, { ids: advice.ids.filter((id) => !CACHE_ALTERNATIVES.has(id)) });
}

/** The clauses that offer the cache beside the fix's own remedy for the reads, not as that remedy. */
const CACHE_OPTIONS: ReadonlySet<string> = new Set([...CACHE_ALTERNATIVES, 'fanOutPastQuota', 'fanOutPastRuQuota']);

/**
 * A fix that still names the cache, on a key space whose access patterns read strongly consistent (`consistentRead`),
 * says after its terms that it serves only the eventually consistent share of the reads, or none of them. Where the
 * cache is the fix's remedy for the reads and they stay over as declared (`cacheLeavesReadsOver`), the fix opens with
 * making them eventually consistent instead: a fix that puts the cache first and then says it serves none contradicts itself.
 */
function withConsistentReads(advice: Advice, analysis: SpaceAnalysis): Advice {
  const at = advice.ids.indexOf('cacheTerms');
  if (at < 0) return advice;
  const { patterns, share } = consistentReads(analysis);
  if (patterns.length === 0 || !(share > 0)) return advice;
  const over = cacheLeavesReadsOver(analysis);
  const data = Object.assign({}, advice.data, { consistentPatterns: patterns.map((p) => p.name), cacheServedShare: 1 - share }, over);
  if (over && !CACHE_OPTIONS.has(advice.ids[at - 1])) {
    const first: AdviceId[] = ['eventualReadsFirst', over.consistentOver === true ? 'eventualReadsOver' : 'eventualReadsNone'];
    return Object.assign({}, advice, { ids: [...first, ...advice.ids], data });
  }
  const notes: AdviceId[] = allReadsConsistent(analysis)
    ? ['cacheServesNoRead']
    : over
      ? ['cacheServesEventualShare', 'consistentStaysOver']
      : ['cacheServesEventualShare'];
  return Object.assign({}, advice, { ids: [...advice.ids.slice(0, at + 1), ...notes, ...advice.ids.slice(at + 1)], data });
}

/**
 * The cache words of `withCacheTerms`: the profile's, with how stale it serves where the hottest value's items change as
 * fast as they are read (`cacheStaleness`); there, not the cache in the application (`cacheInApp`), whose TTL of a few
 * seconds is for an item read far more than it is written (a configuration or kill-switch item).
 */
function cacheWordsFor(analysis: SpaceAnalysis): MessageData {
  const { cacheInApp, ...words } = cacheWordsOf(analysis.owner.profile);
  const stale = cacheStaleness(analysis);
  return Object.assign(words, stale, stale.cacheStale === undefined && cacheInApp !== undefined ? { cacheInApp } : {});
}

/**
 * How long the cache serves what the table no longer holds (the profile's `cacheTerms.stale`: DAX's item and query cache
 * TTLs, "Configuring your DAX cluster"), said where the design shows the hottest value's items changing as fast as they are
 * read: its writes at least its reads, in the units the design declares them in (driver positions updated every 4 s, 15,000
 * WCU beside 4,050 RCU). A read-mostly value (`hotKeyOperations: 'reads'`, or reads above writes) is not told: its items
 * change seldom next to the TTL. Empty where not said.
 */
function cacheStaleness(analysis: SpaceAnalysis): MessageData {
  const { stale } = analysis.owner.profile.cacheTerms;
  const { reads, writes } = analysis.hot;
  if (stale === undefined || writes <= 0 || writes < reads) return {};
  const units = analysis.owner.profile.loadDimensions({ reads: 1, writes: 1 }, 1);
  const unitOf = (label: string) => units.find((d) => d.label === label)?.unit;
  return { cacheStale: stale, cacheStaleWrites: writes, cacheStaleReads: reads, cacheStaleWriteUnit: unitOf('write'), cacheStaleReadUnit: unitOf('read') };
}

/** The plan's fix, made to keep the design's invariants, with the sparse-index alternative where it applies. */
function keptAdvice(analysis: SpaceAnalysis): Advice {
  const first = copiesFirst(analysis) ?? tableCopiesFirst(analysis) ?? sparseFirst(analysis);
  if (first) return first;
  const whole = wholeKeyAdvice(analysis);
  if (whole) return whole;
  const { design, space, plan } = analysis;
  const kept = keepingInvariants(design, space, plan.layout, plan.sourceAttribute, planAdvice(analysis));
  const scoped = plan.layout === 'random' ? scopeBeforeRandom(kept) : pollAnyFirst(kept, analysis);
  // An index hot on one table item's writes: the shards must be redrawn on each update, or the projection leave them out.
  const inherited = inheritedFixNotes(analysis);
  const sparse = plan.layout === 'random' || plan.layout === 'calculated' || plan.layout === 'cache' ? sparseIndexKey(design, space) : undefined;
  if (inherited.ids.length === 0 && !sparse) return scoped;
  const withInherited = Object.assign({}, scoped, {
    ids: [...scoped.ids, ...inherited.ids, ...(sparse ? (['orSparseIndex'] as const) : [])],
    data: Object.assign({}, scoped.data, inherited.data, sparse ? { indexKey: sparse } : {}),
  });
  return projectionLeads(withInherited, analysis);
}

/**
 * The fix of an index over only on the table's hottest item's updates where the design does not say they reach it
 * (`reachUnsure`: KEYS_ONLY, its key attributes declaring no `mutable`): a projection remedy that leads (its declared
 * writes, less those updates, fit: projection-first.ts) keeps its lead and edit, without the shards after it; any other
 * becomes the question of that reach, with no edit. The shards wait for the answer: a random shard drawn afresh on
 * every update moves the item's index entry each time, 2 index writes per update (AWS, "Provisioned throughput
 * considerations for global secondary indexes": "If an update to the table changes the value of an indexed key
 * attribute (from A to B), two writes are required"), where an update that changes no index key attribute and no
 * projected attribute writes none ("If a write to a table does not require a global secondary index update, no write
 * capacity is consumed from the index"): no fix may make more index writes than it removes.
 */
function reachFirst(advice: Advice, analysis: SpaceAnalysis): Advice {
  if (!reachUnsure(analysis)) return advice;
  const lead = projectionFirst(analysis);
  if (lead !== undefined) return Object.assign({}, advice, { ids: lead.ids.filter((id) => id !== 'orShardInstead'), shards: undefined });
  return { ids: ['declareReachFirst'], data: Object.assign({}, advice.data, reachData(analysis)), edits: undefined };
}

/**
 * A key whose batch or stored procedure spans the whole key value (`wholeKeyCalls`), which no sharding keeps, gets the
 * levers that keep the key whole, cheapest first (remedies in the order of what they cost): the redistribution, which
 * adds no RU/s, and the raise in place that serves the hottest value unsharded (its edits, which the validator takes),
 * then batching upstream; a scope within the value, if the calls have one, follows. A transactional batch runs within
 * one logical partition (https://learn.microsoft.com/azure/cosmos-db/nosql/transactional-batch), and shards calculated
 * on the key itself would split nothing (the design is refused). Undefined where the plan shards nothing, or shards for
 * the key value's size (no lever keeps a value past the logical partition's 20 GB whole).
 */
function wholeKeyAdvice(analysis: SpaceAnalysis): Advice | undefined {
  const { design, space, plan } = analysis;
  // A key value past the logical partition's size needs a split whatever the calls (SG006): not this fix.
  if ((plan.layout !== 'random' && plan.layout !== 'calculated') || plan.needs.size > 1) return undefined;
  const calls = wholeKeyCalls(design, space);
  if (calls.length === 0) return undefined;
  const data = {
    key: space.partitionKey.map((a) => a.name),
    resource: analysis.owner.profile.nouns.resource,
    wholeKeyKinds: [...new Set(calls.map((i) => i.kind))],
    wholeKeyPaths: calls.map((i) => i.path),
    wholeKeyScope: calls.some((i) => i.scopeAttribute === undefined) ? 'none' : 'key',
  };
  const raise = physicalBound(analysis.over) ? throughputThatServes(analysis) : undefined;
  if (!raise) return { ids: ['wholeKeyCall', 'upstream', 'orScopeWithinKey'], data };
  return {
    ids: ['wholeKeyCall', 'raiseServesKey', 'orUpstream', 'upstream', 'orScopeWithinKey'],
    data: Object.assign(data, raiseFigures(RAISE, raise), redistributionData(analysis)),
    edits: raiseEdits(design as CosmosKeyDesign, raise),
    namesRaise: true,
    raiseLeads: true,
  };
}

/**
 * A fix of replicated copies led by a work queue's lever where it serves (`pollAnyLever`): random shards with
 * `wants: "any"` on the polls, at the RU/s the container has. Said, not written (only the application knows whether any
 * item will do), so the fix's edits stay the copies' or the raise's. Not where the shards would break an invariant other
 * than a conditional write on one item (a claim keeps its item on one shard; a running total or a batch would not).
 */
function pollAnyFirst(advice: Advice, analysis: SpaceAnalysis): Advice {
  const lever = pollAnyLever(analysis);
  if (!lever) return advice;
  const broken = brokenInvariants(analysis.design, analysis.space, 'random', undefined);
  if (broken.some((i) => i.kind !== 'conditional-write')) return advice;
  const conditions = broken.map((i) => i.path);
  return Object.assign({}, advice, {
    ids: ['pollAnyFirst' as const, ...advice.ids],
    data: Object.assign({}, advice.data, {
      pollAnyPatterns: lever.patterns.map((p) => p.name),
      pollAnyCount: lever.patterns.length,
      pollAnyShards: lever.shards,
      pollAnyRu: analysis.physical?.requestUnits,
      ...(conditions.length > 0 ? { pollAnyConditions: conditions } : {}),
    }),
  });
}

/** The projection clauses that follow the shards as their alternative, which a projection that leads says already. */
const PROJECTION_ALTERNATIVES: ReadonlySet<AdviceId> = new Set(['orProjectOut', 'orDeclareProjectedWrites']);

/**
 * Where a projection clears an index hot on one table item's updates alone (`projectionFirst`), it leads the fix, with
 * its edits (what --fix writes), and the shards follow as the costlier alternative: remedies in the order of what they cost.
 */
function projectionLeads(advice: Advice, analysis: SpaceAnalysis): Advice {
  const lead = projectionFirst(analysis);
  if (lead === undefined) return advice;
  return Object.assign({}, advice, {
    ids: [...lead.ids, ...advice.ids.filter((id) => !PROJECTION_ALTERNATIVES.has(id))],
    data: Object.assign({}, advice.data, lead.data),
    edits: lead.edits,
  });
}

/**
 * An index over its ceiling only because of the table's replicated copies (each copy is an item of its own that writes
 * the index's entry, written.ts), where those copies are needless (the table's plan keeps none: SG007 removes them):
 * their removal is the one fix, so the index's findings defer to it rather than shard the index for writes that go away
 * with it. Undefined where the copies are needed, or the index is over with one copy too.
 */
function copiesFirst(analysis: SpaceAnalysis): Advice | undefined {
  const { design, space, written, hot } = analysis;
  if (space === design.primaryKey || written.copies <= 1 || analysis.owner.of(design.primaryKey).plan.layout !== 'none') return undefined;
  const atOnce = { reads: hot.reads, writes: hot.writes / written.copies };
  const totalOnce = { reads: analysis.total.reads, writes: analysis.total.writes / written.copies };
  const neighbours = analysis.owner.partitionNeighbours?.(space.index, totalOnce, atOnce);
  const once = analysis.owner.profile.loadDimensions(atOnce, design.thresholds.headroom, undefined, neighbours);
  if (!allFit(once)) return undefined;
  const writes = once.find((d) => d.label === 'write') ?? once[0];
  return {
    ids: ['removeCopiesFirst'],
    data: { key: space.partitionKey.map((a) => a.name), copies: written.copies, onceLoad: writes.load, onceUsable: writes.usable, onceUnit: writes.unit },
  };
}

/**
 * An index whose writes count the table's replicated copies (each copy writes its own entry, written.ts), where the
 * table's own fix re-plans those copies (an edit of its sharding to another count, or none): the index's shards would
 * be sized for copies the table is about to change, and re-planned once it has (else one --fix run plans an
 * index for 7 copies, then again for the 3 the table kept). Its fix is the table's first, with no edits of its own;
 * the next lint plans it on the copies the table then has. Undefined where the table keeps its copies.
 */
function tableCopiesFirst(analysis: SpaceAnalysis): Advice | undefined {
  const { design, space, written } = analysis;
  if (space === design.primaryKey || written.copies <= 1) return undefined;
  const table = analysis.owner.of(design.primaryKey);
  const tableFix = adviceFor(table);
  const sharding = tableFix.edits?.find((e) => e.path === joinPath(table.space.path, 'sharding'));
  if (!sharding) return undefined;
  const value = sharding.op === 'set' ? (sharding.value as { strategy?: string; shards?: number }) : undefined;
  const planned = value?.strategy === 'replicated' ? (value.shards ?? 1) : 1;
  if (planned === written.copies) return undefined;
  return { ids: ['tableCopiesFirst'], data: { key: space.partitionKey.map((a) => a.name), copies: written.copies, plannedCopies: planned } };
}

/**
 * An index whose writes count the table's declared replicated copies, which SG003 asks to make sparse (a query reads
 * it: `copiesCarry: 'first'`, copied-indexes.ts): once it is, it takes one write per item, so shards sized for every
 * copy's writes would be re-planned (or removed, SG007) at the next lint. Its fix is that edit first, with no edits of
 * its own. Undefined where the index is sparse already, or no query reads it.
 */
function sparseFirst(analysis: SpaceAnalysis): Advice | undefined {
  const { space, written } = analysis;
  if (written.copies <= 1 || !sparseUnderCopies(analysis.owner, space)) return undefined;
  return {
    ids: ['sparseIndexFirst'],
    data: { key: space.partitionKey.map((a) => a.name), copies: written.copies, copiesCarryPath: copiesCarryPath(space) },
  };
}

/** The clauses of a random sharding: what a batch or stored procedure on the whole key value rules out. */
const RANDOM_CLAUSES: ReadonlySet<AdviceId> = new Set([
  'shardRandom',
  'shardRandomIndex',
  'raiseShards',
  'lowerShards',
  'keepShards',
  'onRandom',
  'lowerLeavesItems',
  'lowerSavesQueries',
  'setFanOut',
]);

/**
 * A fix whose random shards would split a batch or stored procedure does not lead with them: the clause
 * that keeps the invariant (shards calculated on its scope) takes their place, said once.
 */
function scopeBeforeRandom(advice: Advice): Advice {
  const at = advice.ids.findIndex((id) => RANDOM_CLAUSES.has(id));
  if (at < 0 || !advice.ids.includes('scopeCapsKey')) return advice;
  const rest = advice.ids.filter((id) => !RANDOM_CLAUSES.has(id) && id !== 'scopeCapsKey');
  return Object.assign({}, advice, { ids: [...rest.slice(0, at), 'scopeRulesOutRandom', ...rest.slice(at)] });
}

/**
 * Where the hottest value's reads are gathered from every shard, each shard charged in full (under the source the plan
 * chose: `SpaceAnalysis.plannedReads`): the declared patterns that read so, for the clauses that give that reason
 * (`GATHERED_READS`): a whole collection within what a query's least charge covers (`gatheredPatterns`: DynamoDB 4 KB;
 * Cosmos DB about 2.5 KB, with `queryFloorData`), one item (`pointPatterns`), or both (`gatheredBoth`). Undefined where
 * no read is counted so.
 */
function gatheredData(analysis: SpaceAnalysis): MessageData | undefined {
  const { unspread, pointReads } = analysis.plannedReads() ?? {};
  if (unspread === undefined && pointReads === undefined) return undefined;
  return Object.assign(
    {},
    unspread ? gatheredCharge(unspread, queryFloorData(analysis)) : {},
    pointReads ? { pointPatterns: pointReads } : {},
    unspread && pointReads ? { gatheredBoth: true } : {},
  );
}

/**
 * Where the hottest value's reads that no count spreads are gathered from every shard, each shard charged its least
 * (`GatheredReads.leastCharged`: a range of the value's items, of a declared size over 4 KB), and none in full: those
 * patterns (`leastPatterns`), which the unspread reads' clause names in place of one item's reads. DynamoDB only (a
 * Cosmos DB query's floor is `gatheredFloor`'s). Undefined otherwise.
 */
function leastChargedData(analysis: SpaceAnalysis): MessageData | undefined {
  const least = analysis.plannedReads()?.leastCharged;
  return least !== undefined && queryFloorData(analysis) === undefined ? { leastPatterns: least } : undefined;
}

/** The patterns whose gathered reads every shard is charged in full, with the charge that says why (`GATHERED_READS`):
 *  each query's floor where the engine's least charge is one (`floor`, Cosmos DB), else DynamoDB's whole read units. */
function gatheredCharge(patterns: readonly string[], floor: ReturnType<typeof queryFloorData>): MessageData {
  return Object.assign({ gatheredPatterns: patterns }, floor ? Object.assign({ gatheredFloor: true }, floor) : { gatheredUnits: true });
}

/** The replicated copies the key declares, which a clause on one item's reads names (`ONE_ITEM_READS`); none where it
 *  declares none. */
function copiesData(analysis: SpaceAnalysis): MessageData {
  const declared = analysis.space.sharding;
  return declared?.strategy === 'replicated' ? { copiesDeclared: declared.shards } : {};
}

/** The clause `daxThenWarm` gives for the reads no count divides: gathered from every shard, or of one item. */
function daxWhy(analysis: SpaceAnalysis): AdviceId[] {
  const wide = analysis.plan.shards !== undefined;
  if (gatheredData(analysis) !== undefined) return [wide ? 'daxGatheredWhyWide' : 'daxGatheredWhy'];
  return [wide ? 'daxReadsWhyWide' : 'daxReadsWhy'];
}

/** Why write shards would not serve either, where the plan was copies because they would not divide the reads: read a
 *  page at a time, or gathered from every shard with a small declared result. */
function noShardsWhy(analysis: SpaceAnalysis): AdviceId[] {
  if (analysis.plan.layout !== 'replicated') return [];
  if (analysis.pagedReads.length > 0) return ['pagedNoShards'];
  return gatheredData(analysis) !== undefined ? ['gatheredNoShards'] : [];
}

/**
 * The default write quota `n` copies of every item would pass where the declared writes are within it (DynamoDB: the
 * table-level quota, 40,000 WCU by default, or the account-level one for provisioned capacity; throughput-quota.ts, as
 * SG017 decides its errors): each copy is a write of its own. Undefined within the quotas, or past them already.
 */
function copiesPastQuota(analysis: SpaceAnalysis, n: number): QuotaPassed | undefined {
  const bound = quotaBoundDesign(analysis.owner);
  if (!bound) return undefined;
  const capacity = bound.capacity.find((c) => c.index === analysis.space.index);
  const { writes } = analysis.total;
  if (editlessQuotaError(bound, capacity, 'write', writes)) return undefined;
  return editlessQuotaError(bound, capacity, 'write', analysis.totalAt('replicated', n).writes);
}

/** The fix that removes the declared sharding (or copies), with the pattern fields that named its shards. */
function shardingRemoved(analysis: SpaceAnalysis, base: MessageData): Advice {
  const { space } = analysis;
  const ids: AdviceId[] = [space.sharding?.strategy === 'replicated' ? 'removeCopies' : 'removeSharding'];
  const anyDropped = shardReadsDropped(analysis);
  return {
    ids: [...ids, ...anyDropped.ids],
    data: Object.assign({}, base, anyDropped.data),
    edits: [{ op: 'remove', path: joinPath(space.path, 'sharding') }, ...storedCopies(analysis, 1), ...keptTimeBucket(space), ...anyDropped.edits],
    shards: 1,
  };
}

/**
 * The plan's fix; `count`: the shard count another remedy leads with (warm throughput, `warmAdvice`), whose clauses and
 * edits this gives for that count instead of the plan's.
 */
function planAdvice(analysis: SpaceAnalysis, count?: number, readsCached = false): Advice {
  const { design, space, plan } = analysis;
  const declared = space.sharding;
  const shardingPath = joinPath(space.path, 'sharding');
  const { maxShards } = design.thresholds;
  const { cache, writeUnit, nouns } = analysis.owner.profile;
  // A count set by size past maxShards: what serves size, where batching the writes would shrink only their rate.
  const sized = analysis.once(sizeBound);
  const base = Object.assign({ key: space.partitionKey.map((a) => a.name), resource: nouns.resource }, sized?.data);

  if (plan.layout === 'none') return shardingRemoved(analysis, base);
  // Paged reads of a key value (limit): the cache, for a reason of their own; no shard edits, which would not divide them.
  const paged = analysis.pagedReads.length > 0 ? { pagedPatterns: analysis.pagedReads.map((p) => p.name) } : undefined;
  // Reads gathered from every shard, each charged in full (DynamoDB): the reason of their own those clauses give.
  const gathered = gatheredData(analysis);
  // The cache is named (in the text and the data) only by clauses about reads.
  if (plan.layout === 'cache') {
    if (paged) return { ids: ['cacheHotReads', 'cachePagedWhy', 'orWantsAny'], data: Object.assign({}, base, paged) };
    if (gathered) return { ids: ['cacheHotReads', 'cacheGatheredWhy'], data: Object.assign({}, base, gathered) };
    // A value of many items read in ranges of a declared size: shards would divide those reads, down to each shard's least.
    const least = leastChargedData(analysis);
    const over = least && unspreadReadsOver(analysis)?.over;
    if (least && over) {
      return { ids: ['cacheHotReads', 'cacheLeastWhy'], data: Object.assign({}, base, least, unspreadFigures(analysis, over), leastFrom(analysis, over)) };
    }
    return { ids: ['cacheHotReads', 'cacheOnlyWhy'], data: base };
  }
  const directions = loadDirections(analysis);
  const upstream: AdviceId[] = sized
    ? [...sized.ids]
    : !directions.writes
      ? ['cacheHotReads']
      : directions.reads
        ? ['upstream', 'andCacheReads']
        : ['upstream'];
  const upstreamData = directions.reads ? Object.assign({}, base, { cache }) : base;
  // DynamoDB: more partitions (warm throughput) before a count its neighbours set, or none (warm-partitions.ts).
  const warm = count === undefined ? (warmAdvice(analysis, upstream, upstreamData) ?? daxThenWarm(analysis, upstreamData)) : undefined;
  if (warm) return warm;
  // No count fits at the current throughput, but the key's own ceiling needs one within maxShards: raise and shard.
  if (plan.shards === undefined && count === undefined) {
    const raised = raiseAndShard(analysis, upstream, Object.assign({}, upstreamData, { maxShards }));
    // Reads of one item that no count spreads, cached, leave room for the writes' shards at today's RU/s.
    const cached = cachedReadsFirst(analysis, raised, Object.assign({}, upstreamData, { cache }));
    if (cached) return levelFirst(analysis, cached);
    if (raised) return levelFirst(analysis, raised);
  }
  if (plan.shards === undefined && plan.layout === 'replicated' && analysis.physical !== undefined) return noCopies(analysis, upstream, upstreamData);
  // Past what a fan-out read can bear, no shard count is the fix: the load must shrink before it reaches the key.
  const n = count ?? plan.shards;
  if (n === undefined) {
    const pastQuota = pastQuotaAdvice(analysis);
    // What binds, said first: the partitions the key space is assumed to have, or the value's own ceiling (also where
    // shards would not divide its reads at all, which the clauses after say).
    const notDivided = noShardsWhy(analysis);
    const bound = notDivided.length > 0 ? undefined : noCountBound(analysis);
    const raiseFollows = bound && pastQuota ? { noCountRaiseFollows: true } : undefined;
    return levelFirst(analysis, {
      ids: [bound ? 'noCountPartitions' : 'noCount', ...(pastQuota ? [...pastQuota.ids, 'orUpstream' as const] : []), ...upstream, ...notDivided],
      data: Object.assign({}, upstreamData, { maxShardsAccepted: MAX_SHARDS_ACCEPTED }, gathered, paged, pastQuota?.data, bound, raiseFollows),
    });
  }
  // The count's figures: the data of the fix that follows, which adds its own clauses' figures to them.
  const data: FigureData = Object.assign({}, base, { shards: n, lastShard: n - 1, maxShards });
  if (declared) {
    data.declaredShards = declared.shards;
    data.declaredStrategy = declared.strategy;
  }
  // The reads shards cannot spread already over the ceiling: no count is the fix (no "raise from 5 to N = 5").
  // `readsCached`: a fix that has already put the cache in front of those reads (`daxThenWarm`) shards only the writes.
  if (plan.readsNeedCache && !readsCached) {
    const unspread = unspreadAdvice(analysis, n);
    if (unspread) {
      const unspreadData = Object.assign({}, base, { cache, writeUnit }, unspread.data);
      // The cache these reads need takes them off the value's partition and the container, which
      // decides what its writes then need (as at the usable line): judged so, the cache leads with the count its
      // writes need there, and the raise (or copies) that serves the key without it follows as the alternative.
      const alternatives = unspread.ids.filter((id) => UNSPREAD_ALTERNATIVES.has(id));
      const cached = paged
        ? undefined
        : cachedReadsFirst(
            analysis,
            { ids: upstream, data: unspreadData, namesRaise: unspread.namesRaise },
            Object.assign({}, upstreamData, { cache }),
            alternatives,
          );
      // A whale over 50 GB still leads with the hierarchical key (`levelFirst`): the cache takes reads, not its size.
      if (cached) return levelFirst(analysis, cached);
      return levelFirst(analysis, {
        ids: unspread.ids,
        data: unspreadData,
        namesRaise: unspread.namesRaise,
        ...(unspread.edits ? { edits: unspread.edits } : {}),
      });
    }
  }
  // A count decided by a sliver (roomForCounts) is said, not offered, above maxShards too: "raise maxShards if N-way
  // reads are acceptable" would offer it (43 keys at 1% free, decided by 0.3 RU/s), so the sliver is asked first.
  // A fix past the count (sliverShards, overMaxShards) says it with what shrinks the load upstream.
  const countedUpstream = directions.reads ? Object.assign({}, data, { cache }) : data;
  const sliver = plan.layout === 'random' || plan.layout === 'calculated' ? sliverShards(analysis, upstream, countedUpstream, n) : undefined;
  if (sliver) return levelFirst(analysis, sliver);
  if (n > maxShards) return levelFirst(analysis, overMaxShards(analysis, upstream, countedUpstream, n));
  const lower = declared !== undefined && n < declared.shards;

  if (plan.layout === 'replicated') {
    const ids: AdviceId[] =
      declared?.strategy === 'replicated'
        ? [n === declared.shards ? 'keepCopies' : lower ? 'lowerCopies' : 'raiseCopies']
        : [
            'replicate',
            ...(declared
              ? [paged ? ('replacingShardingPaged' as const) : gathered ? ('replacingShardingGathered' as const) : ('replacingSharding' as const)]
              : []),
          ];
    // DynamoDB: what the copies store, and the indexes that would hold each item N times (said of the copies, before what they replace).
    const copied = copiedIndexNotes(analysis, n);
    ids.splice(1, 0, ...copied.ids);
    Object.assign(data, { writeUnit, peakWrites: analysis.total.writes, replicatedWrites: analysis.total.writes * n }, paged, gathered, copied.data);
    const raise = declared ? undefined : raiseBeforeCopies(analysis, n);
    // Copies whose writes the current RU/s cannot carry are no option "at the current throughput": not offered.
    if (raise)
      return {
        ids: ['raiseServesKey', 'raiseCheaperThanCopies', ...(raise.copiesNeedRaise ? [] : (['orAtCurrentThroughput', ...ids] as const)), 'orCache'],
        data: Object.assign(data, raiseFigures(RAISE, raise.raise), { raiseAdds: raise.adds, copiesAdd: raise.copiesAdd }),
        edits: raise.edits,
        shards: n,
        namesRaise: true,
        raiseLeads: true,
      };
    // Copies that would put an index over its ceiling are no complete fix: said, and not written as an edit.
    const overIndex = indexOverWithCopies(analysis, n);
    if (overIndex) return { ids: [...ids, 'copiesOverIndex', 'orCache'], data: Object.assign(data, overIndex), shards: n };
    // Nor copies that would put a hierarchical key's first level over (every copy sits under it): the next lint's SG003.
    const overFirstLevel = firstLevelOverWithCopies(analysis, n);
    if (overFirstLevel) return { ids: [...ids, 'copiesOverFirstLevel', 'orCache'], data: Object.assign(data, overFirstLevel), shards: n };
    // Nor copies whose writes pass a default quota (SG017's error, which --fix cannot lift).
    const pastQuota = copiesPastQuota(analysis, n);
    if (pastQuota) return { ids: [...ids, 'copiesPastQuota', 'orCache'], data: Object.assign(data, pastQuota), shards: n };
    const anyDropped = shardReadsDropped(analysis);
    // Copies that leave two on one partition more often than not serve the reads on the margin: the cache leads (AWS,
    // "Using write sharding to distribute workloads evenly" spreads a key's load by hash; "In-memory acceleration with
    // DAX" serves read-heavy hot items without reading the table), the copies follow, unwritten. On DynamoDB the count
    // is sized so the pair fits the partition's hard maximum (hashed-pair.ts): what the copies cost then is N writes of
    // each change and a partition over its usable ceiling until adaptive capacity moves one, not a throttle.
    const colliding = declared ? undefined : collidingKeys(analysis, 'replicated', n);
    // Not where the reads the cache passes through to the table (strongly consistent) are still over: the copies lead,
    // the cache following with that figure (consistent-reads.ts).
    const cacheServes = cacheLeavesReadsOver(analysis) === undefined;
    if (colliding && typeof colliding.hashedChance === 'number' && colliding.hashedChance > 0.5 && cacheServes) {
      const within = colliding.hashedWithin === true ? { copiesPairWithin: true } : {};
      return {
        ids: ['cacheHotReads', 'orCopiesIfShared', ...ids, ...anyDropped.ids],
        data: Object.assign(data, anyDropped.data, { cache }, within),
        shards: n,
      };
    }
    // Written as edits, the copies come with the indexes they make sparse, said after what the copies put in them.
    if (copied.edits.length > 0) ids.splice(ids.indexOf('copiesInIndexes') + 1, 0, 'copiesSparseEdit');
    return {
      ids: [...ids, ...anyDropped.ids, 'orCache'],
      data: Object.assign(data, anyDropped.data),
      edits: [
        { op: 'set', path: shardingPath, value: shardingValue('replicated', n, undefined, declared) },
        ...storedCopies(analysis, n),
        ...copied.edits,
        ...anyDropped.edits,
      ],
      shards: n,
    };
  }
  const strategy = plan.layout;
  const source = plan.sourceAttribute;
  const fanOut = fanOutPatterns(analysis, strategy, source);
  const calculated = strategy === 'calculated' && source !== undefined;
  // An index key not yet a separate shard attribute: the shard goes in one the application writes, not in the key every
  // reader uses: the key's one attribute replaced by one holding it and the shard, or, in a multi-attribute key with room
  // for one more, an attribute of its own added to it.
  const form = shardFormOf(analysis);
  // An index that holds the table's declared shards, too few for it: the table's count is raised (carried-shards.ts).
  const tableRaise = form === 'key' ? undefined : tableShardsRaise(analysis, n);
  const separate = form !== 'key' && tableRaise === undefined;
  const ids: AdviceId[] = tableRaise ? [...tableRaise.ids] : shardingClause(analysis, n, form);
  // Why lower at all: each shard dropped is a query fewer for every declared read that fans out over them (a count whose
  // reads each reach one shard is kept where a pre-warm serves it, warm-partitions.ts `keptDeclaredCount`).
  const lowerFanOut = ids[0] === 'lowerShards' ? everyShardReads(analysis) : [];
  if (lowerFanOut.length > 0) {
    ids.push('lowerSavesQueries');
    data.lowerFanOutPatterns = lowerFanOut;
  }
  // A count an index carrying the table's shards sets (analysis.ts, `carryingIndexNeed`): said where the plan's is written.
  const carrying = plan.carryingIndex !== undefined && n === plan.shards ? plan.carryingIndex : undefined;
  if (carrying) ids.push('forCarryingIndex');
  // Named only where the shard goes in an attribute of its own (a table key takes it into its own value).
  const shardAttribute = separate ? shardAttributeOf(analysis, form) : undefined;
  const fullKey = separate && form === 'index' && space.partitionKey.length > 1;
  if (fullKey) ids.push('fullMultiAttributeKey');
  if (fanOut.length > 0) ids.push('setFanOut');
  // The table's key sharded in place: the indexes keyed by it as stored hold the shards too, and their reads fan out with its own.
  const heldFanOut = heldIndexFanOut(analysis, strategy, source);
  if (heldFanOut.length > 0) ids.push('setHeldIndexFanOut');
  // A count that fits only if each gathered read with no declared size spreads (gathered-reads.ts) says it assumes so.
  const assumed = analysis.largeReadsAssumed(strategy, n);
  const floor = queryFloorData(analysis);
  if (assumed) ids.push(floor ? 'assumesLargeReadsFloor' : 'assumesLargeReads');
  if (plan.readsNeedCache && !readsCached)
    ids.push(...(paged ? (['cachePagedReads', 'orWantsAny'] as const) : gathered ? (['cacheGatheredReads'] as const) : (['cacheItemReads'] as const)));
  // A fix of the hottest value only (`withHotValuesOnly`, applied after) fans out that value's reads alone.
  const judge = count === undefined ? undefined : readsCached ? warmLever(analysis, true)?.dimensionsOf : analysis.once(warmLever)?.dimensionsOf;
  const hotValues = proposedHotValues(analysis, judge);
  // The read peak the fix leaves: what the quotas, the uncounted fan-out and SG017's pre-warm are judged on.
  const fixReads = fixReadRequests(analysis, n, fanOut, hotValues);
  const ownPastQuota = readsPastQuota(analysis, analysis.charged.reads) ? undefined : fixReadsPastQuota(analysis, fixReads);
  const pastQuota = ownPastQuota ?? carryingFanOutPastQuota(analysis, n, strategy, source, hotValues);
  if (pastQuota) ids.push(ruQuota(pastQuota) ? 'fanOutPastRuQuota' : 'fanOutPastQuota');
  // A categorical key's new shards are withheld for a re-key (`categoricalKeyKept`), which says why: no second reason.
  const categorical = analysis.space.sharding === undefined && categoricalBy(analysis, n) !== undefined;
  const uncounted = pastQuota || categorical ? undefined : uncountedFanOut(analysis, n, fanOut, fixReads);
  if (uncounted) ids.push('fanOutUncounted');
  Object.assign(data, fixReadsData(analysis, n, fixReads));
  const polls = fanOut.filter((p) => p.limit !== undefined).map((p) => p.name);
  if (polls.length > 0) ids.push('orPollWantsAny');
  // Shards for a key hot by its reads alone (a DynamoDB item collection, whose shards split its reads): the cache, which
  // changes no key and fans no read out, is the alternative (said once: a cache the fix already asks for is not repeated).
  const cacheAlternative = !plan.readsNeedCache && !pastQuota && directions.reads && !directions.writes;
  if (cacheAlternative) ids.push('orCache');
  if (plan.readsNeedCache) Object.assign(data, { cache }, paged, gathered);
  if (calculated) Object.assign(data, calculatedSourceData(space, analysis.owner.patternsOn(space), source));
  if (separate) Object.assign(data, { index: space.index, shardAttribute });
  if (fullKey) data.maxKeyAttributes = analysis.owner.profile.maxKeyLevels;
  if (fanOut.length > 0) data.fanOutPatterns = fanOut.map((p) => p.name);
  if (heldFanOut.length > 0) Object.assign(data, heldIndexData(analysis, heldFanOut));
  if (polls.length > 0) data.pollPatterns = polls;
  if (assumed) Object.assign(data, { assumedPatterns: assumed }, floor);
  if (pastQuota) Object.assign(data, { cache }, pastQuota);
  if (uncounted) Object.assign(data, uncounted);
  if (carrying) Object.assign(data, { carryingIndex: carrying.index, carryingOwnShards: carrying.own });
  if (tableRaise) Object.assign(data, tableRaise.data);
  // The index clause (a new sharding of a plain index key) re-keys the index by the separate attribute it names.
  const rekey = separate && ids[0] === NEW_SHARDING[calculated ? 'calculated' : 'random'][form];
  const newIndex = rekey && space.index !== undefined ? replacementIndexName(space.index, indexNamesOf(analysis.owner)) : undefined;
  if (newIndex !== undefined) {
    // After the key and its fan-out, before what the fan-out costs.
    const fanOutAt = ids.indexOf('setFanOut');
    ids.splice(fanOutAt >= 0 ? fanOutAt + 1 : fullKey ? 2 : 1, 0, 'asNewIndex');
    Object.assign(data, { newIndex });
  }
  // The edits, made only where --fix writes them: a complete count (or the one another remedy leads with) whose fan-out
  // passes no quota and is counted, on a key whose shard attribute is not the designer's to join (`separateShardAttribute`).
  const writes = (count !== undefined || plan.complete) && pastQuota === undefined && uncounted === undefined;
  const keyEdits =
    !writes || !rekey || shardAttribute === undefined
      ? []
      : form === 'attribute'
        ? addedShardAttribute(analysis, shardAttribute)
        : separateShardAttribute(analysis, shardAttribute);
  const written: DesignEdit[] | undefined =
    writes && keyEdits !== undefined
      ? [
          ...(tableRaise?.edits ?? [
            {
              op: 'set',
              path: shardingPath,
              value: shardingValue(strategy, n, source, declared, rekey && form === 'index' ? space.partitionKey[0].name : declared?.logicalAttribute),
            },
          ]),
          ...storedCopies(analysis, 1),
          ...keyEdits,
          // A re-keyed index is a new index under a new name: no deploy changes an index's key in place (index-replacement.ts).
          ...(rekey ? replacedIndexEdits(analysis.owner, space, newIndex) : []),
          ...fanOutEdits(fanOut),
          ...fanOutEdits(heldFanOut),
        ]
      : undefined;
  const level = analysis.once(deeperLevel);
  if (level?.attribute || level?.at === 0 || (level !== undefined && wholeValueOverLogical(analysis)))
    return levelFirst(analysis, { ids, data, edits: written, shards: n }, true);
  // A level below the hot value lets it pass 20 GB; its load stays on one physical partition until it holds 50 GB
  // ("Hierarchical partition keys"), so where the load needs shards it is no fix unless the value's documents span several.
  const loadNeedsShards = plan.needs.throughput !== 1;
  // Not where the hot value, the new key's first level, would be over on the partitions it spans (SG003 refuses it).
  const finerLevelHelps =
    level !== undefined &&
    (!loadNeedsShards || (largestPartitionSize(analysis.design)?.gb ?? 0) > COSMOS_LIMITS.physicalPartitionGb) &&
    !keptAsFirstLevelOverloaded(analysis.design);
  if (!finerLevelHelps) return { ids, data, edits: written, shards: n };
  Object.assign(
    data,
    { keyOrder: level.order, levelAt: level.at, levels: levelsText(level.order, level.at, '(the new level)') },
    movedFigures(analysis, level.at),
  );
  return { ids: [...ids, 'orFinerLevel'], data, edits: written, shards: n };
}

/**
 * The fix that leads with warm throughput (`warmLever`): the least at which the fewest shards the hottest value can have
 * fit, with that count's sharding (its clauses and edits as the plan's at that count) or, at 1, the key unsharded (as it
 * is, or with its declared sharding removed: the lever judges one stored key without copies' writes). The
 * count today follows, where there is one, then what shrinks the load upstream. Warm throughput is charged once for the
 * increase, where capacity is billed by the hour, and partitions once made stay ("Understanding DynamoDB warm
 * throughput"), so it leads. Undefined where the lever does not apply.
 */
function warmAdvice(analysis: SpaceAnalysis, upstream: readonly AdviceId[], upstreamData: MessageData): Advice | undefined {
  const lever = analysis.once(warmLever);
  if (!lever) return undefined;
  const { plan, design } = analysis;
  const { maxShards } = design.thresholds;
  const sharded = lever.shards > 1 ? planAdvice(analysis, lever.shards) : undefined;
  // Copies: the alternative is the cache the copies' own clauses end with (`orCache`), said once, after why this count.
  // The count today is no copies alternative: its own N× writes make the partitions it is counted on.
  const copies = plan.layout === 'replicated';
  const now: AdviceId[] = plan.shards === undefined || copies ? [] : plan.shards <= maxShards ? ['orWiderFanOut'] : ['orPastMaxShardsNow'];
  const warmData = Object.assign(warmFigures(analysis, lever), plan.shards !== undefined ? { currentShards: plan.shards, maxShards } : {});
  // The lever judges one stored key unsharded (`warmLever` at 1): a declared sharding goes with the pre-warm.
  const unsharded = !sharded && analysis.space.sharding ? shardingRemoved(analysis, {}) : undefined;
  const kept = lever.fewerWouldFit !== undefined;
  const lead: AdviceId[] = unsharded
    ? ['warmThenUnsharded', ...unsharded.ids, 'warmUnshardedWhy']
    : !sharded
      ? ['warmServesKey']
      : copies
        ? ['warmThenCopies', ...sharded.ids.filter((id) => id !== 'orCache'), 'warmThenCopiesWhy']
        : kept
          ? ['warmThenShard', ...sharded.ids.map((id) => (id === 'keepShards' ? 'warmKeepsShards' : id)), 'warmKeptWhy']
          : ['warmThenShard', ...sharded.ids, 'warmThenShardWhy'];
  // A kept count writes no sharding edit: the declared one stays as it is.
  const shardingPath = joinPath(analysis.space.path, 'sharding');
  const shardEdits = (sharded?.edits ?? unsharded?.edits ?? []).filter((e) => !kept || e.path !== shardingPath);
  return {
    ids: [...lead, ...now, 'orUpstream', ...upstream],
    data: Object.assign({}, upstreamData, sharded?.data, unsharded?.data, warmData, kept ? { warmFewerShards: lever.fewerWouldFit } : {}),
    edits: sharded && sharded.edits === undefined ? undefined : [lever.edit, ...shardEdits],
    shards: lever.shards,
  };
}

/** The figures the warm-throughput clauses (WARM_TO, warmFits) read, of `lever`. */
function warmFigures(analysis: SpaceAnalysis, lever: WarmLever): Record<string, unknown> {
  return {
    warmIndex: analysis.space.index,
    ...(lever.writeUnitsPerSecond !== undefined ? { warmWriteUnits: lever.writeUnitsPerSecond } : {}),
    ...(lever.readUnitsPerSecond !== undefined ? { warmReadUnits: lever.readUnitsPerSecond } : {}),
    ...(lever.writeUnitsPerSecond !== undefined && lever.readUnitsPerSecond !== undefined ? { warmBoth: true } : {}),
    warmPartitions: lever.warmPartitions,
    warmShards: lever.shards,
    warmFromPartitions: lever.partitions,
    ...(lever.peakBound ? { warmPeakBound: true } : {}),
    warmStoredLoad: lever.storedLoad,
    warmNeighbours: lever.storedNeighbours,
    warmTotal: lever.storedLoad + lever.storedNeighbours,
    warmUsable: lever.storedUsable,
    warmUnit: lever.unit,
    ...warmPairFigures(lever.pair),
  };
}

/** What the warm clauses say of the keys on one partition where that test binds the lever (`WarmLever.pair`). */
export function warmPairFigures(pair: WarmPairBinding | undefined, prefix = 'warm'): Record<string, unknown> {
  if (!pair) return {};
  return {
    [`${prefix}PairKeys`]: pair.keys === 2 ? 'two' : pair.keys,
    [`${prefix}PairLoad`]: pair.load,
    [`${prefix}PairMaximum`]: pair.maximum,
    [`${prefix}PairUnit`]: pair.unit,
    ...(pair.setsPartitions ? { [`${prefix}PairPartitions`]: true } : {}),
    ...(pair.setsCount ? { [`${prefix}PairCount`]: true } : {}),
  };
}

/**
 * DynamoDB, where no count fits at the partitions counted now and warm throughput for the key as it is
 * serves none either, because the hottest value's reads are of one item, which no count spreads, over its partition by
 * themselves: DAX in front of them takes them off the partition ("In-memory acceleration with DynamoDB Accelerator
 * (DAX)"), but not its writes (DAX is a write-through cache: every write goes to the table, "DAX and DynamoDB
 * consistency models"), so the writes need their own remedy, judged without those reads (`warmLever`'s `cachedReads`):
 * warm throughput to more partitions (each 1,000 write units a second, "Understanding DynamoDB warm throughput in
 * different scenarios"), then the fewest shards that fit there. At 79% of a provisioned table's write capacity the
 * partitions counted then leave a count (the unspread-reads fix: DAX, and shards for the writes); at exactly 80% the
 * table's average partition is at its usable line and the fix fell to "batch the writes and put DAX in front". No edits:
 * the cache is no design field, and without it the reads stay over. Undefined where those conditions do not hold.
 */
function daxThenWarm(analysis: SpaceAnalysis, upstreamData: MessageData): Advice | undefined {
  const { plan, hot, design } = analysis;
  // A count at today's partitions (the reads still over: `readsNeedCache`) keeps these levers where they at least halve it
  // (`warmLever`): at 79% of the write capacity as at 80%, where that count's fan-out then follows as the alternative.
  if ((plan.shards !== undefined && !plan.readsNeedCache) || hot.reads <= 0 || !analysis.owner.profile.neighbourModel) return undefined;
  const spread = analysis.plannedSpread();
  if (analysis.spreadReadsBesideNeighbours(spread)) return undefined;
  const { headroom } = design.thresholds;
  const reads = storedKeyLoads({ reads: hot.reads, writes: 0 }, 'random', MAX_SHARDS_ACCEPTED, spread);
  const readsOver = analysis.owner.profile
    .loadDimensions(reads, headroom, undefined, analysis.neighboursAt('none', 1, reads))
    .find((d) => d.label === 'read' && !fits(d.load, d.usable));
  if (!readsOver) return undefined;
  const lever = warmLever(analysis, true);
  if (!lever || lever.shards <= 1) return undefined;
  const sharded = planAdvice(analysis, lever.shards, true);
  const { cache } = analysis.owner.profile;
  // A fixed write capacity raised in place makes partitions too: billed by the hour, so after the one-off warm throughput.
  const raise = writeRaiseLever(analysis);
  const { maxShards } = design.thresholds;
  const now: AdviceId[] = plan.shards === undefined ? [] : plan.shards <= maxShards ? ['orWiderFanOut'] : ['orPastMaxShardsNow'];
  return {
    ids: [
      'cachedReadsLead',
      ...daxWhy(analysis),
      'warmThenShard',
      ...sharded.ids,
      'warmThenShardWhy',
      ...(raise ? (['orRaiseWrites'] as const) : []),
      ...now,
      'orUpstream',
      ...(analysis.once(sizeBound)?.ids ?? ['upstream' as const]),
    ],
    data: Object.assign({}, upstreamData, sharded.data, gatheredData(analysis) ?? copiesData(analysis), {
      ...(raise
        ? {
            raiseWriteField: raise.path,
            raiseWriteUnits: raise.writeUnits,
            raiseWritePartitions: raise.raisedPartitions,
            raiseWriteShards: raise.shards,
            raiseWriteStoredLoad: raise.storedLoad,
            raiseWriteNeighbours: raise.storedNeighbours,
            raiseWriteTotal: raise.storedLoad + raise.storedNeighbours,
            raiseWriteUsable: raise.storedUsable,
          }
        : {}),
      cache,
      unspreadLoad: readsOver.load,
      unspreadUnit: readsOver.unit,
      unspreadUsable: readsOver.usable,
      hotWrites: hot.writes,
      writeUnit: analysis.owner.profile.writeUnit,
      ...warmFigures(analysis, lever),
      ...(plan.shards !== undefined ? { currentShards: plan.shards, maxShards } : {}),
    }),
    shards: lever.shards,
  };
}

/**
 * A write-hot flat key's fix led by the hierarchical key that replaces its shards, where the engine routes by key
 * prefix and the key has room for a level (deeperLevel): Microsoft recommends subpartitioning where a synthetic key is
 * used today or a key value can pass 20 GB ("Hierarchical partition keys": "If you use synthetic keys today or if you
 * have scenarios in which partition keys can exceed 20 GB of data, subpartitioning can help"; a prefix may pass 20 GB
 * and 10,000 RU/s and its queries stay routed to the partitions that hold it), as its IoT guide keys sensors
 * `/deviceId` → time rather than by a day ("Choose a partition key for IoT workloads"). The shards, or what serves past
 * maxShards, follow as the alternative. Where the queries name the attribute for the level, the key is named and the
 * fix is advice, not edits (the level's cardinality is the designer's to declare, and Cosmos DB keys a container
 * once); where they do not, a new first level is described and the shards' edits stay what --fix writes. `counted`:
 * the advice shards into a count within maxShards at today's RU/s, and a named level may follow the hot value's level
 * (as before); otherwise only a new first level leads. `advice` unchanged elsewhere.
 */
function levelFirst(analysis: SpaceAnalysis, advice: Advice, counted = false): Advice {
  const layout = analysis.plan.layout;
  const level = layout === 'random' || layout === 'calculated' ? analysis.once(deeperLevel) : undefined;
  // Past a shard count (or with none at today's RU/s) only a new first level spreads the hot value: under a first
  // level it already holds, its writes stay on one physical partition until it reaches 50 GB and splits (same page).
  // A whale over 50 GB leads with the level whatever else the plan led with (a cache, a raise, a count): no cache or
  // count makes its documents fit one logical partition's 20 GB, and only under a first level do they span partitions.
  const whole = level?.at !== 0 && level !== undefined ? wholeValueOverLogical(analysis) : false;
  if (!level || (!counted && level.at !== 0 && !whole)) return advice;
  // Nor within one where that first level, the hot value's whole share and size, would be over (SG003 refuses it),
  // unless that value passes one logical partition's ceiling, which only the level lifts: then it leads, said so.
  const kept = level.at !== 0 ? keptFirstLevelShort(analysis) : undefined;
  if (kept !== undefined && !whole) return advice;
  // No attribute the queries give: the new first level is described, and the shards (their edits) stay what --fix writes.
  if (!level.attribute) {
    if (level.at !== 0) {
      if (!whole) return advice;
      return Object.assign({}, advice, {
        ids: ['wholeValueLevelFirst', ...advice.ids],
        data: Object.assign(
          {},
          advice.data,
          { keyOrder: level.order, levelAt: level.at, levels: levelsText(level.order, level.at, '(a finer attribute)') },
          movedFigures(analysis, level.at),
          kept,
        ),
      });
    }
    const levels = levelsText(level.order, level.at, '(the new level)');
    return Object.assign({}, advice, {
      ids: ['newLevelFirst', ...advice.ids],
      data: Object.assign({}, advice.data, { keyOrder: level.order, levelAt: level.at, levels }, movedFigures(analysis, level.at)),
    });
  }
  const suggestedKey = [...level.order.slice(0, level.at), level.attribute, ...level.order.slice(level.at)];
  const moved = movedFigures(analysis, level.at);
  // The whale's key, and the raise it still needs, are what --fix writes: a new container, as the clause says.
  const written = whole ? whaleLevelEdits(analysis, level.attribute, (moved.movedFigures as string[] | undefined) ?? []) : undefined;
  return Object.assign({}, advice, {
    ids: ['deeperLevelFirst', ...advice.ids],
    data: Object.assign({}, advice.data, { suggestedKey, levelAt: level.at }, moved, written ? written.data : kept),
    edits: written?.edits,
  });
}

/**
 * Whether a flat key's hottest value passes what one logical partition holds (Cosmos DB: 20 GB, hard), on a primary key
 * routed by prefix: Microsoft's answer for such a value (a tenant over 20 GB) is a hierarchical key that keeps it as the
 * first level ("Hierarchical partition keys": "If you use synthetic keys today or if you have scenarios in which
 * partition keys can exceed 20 GB of data, subpartitioning can help"; its prefix "can exceed 20 GB and 10,000 RU/s", and
 * queries by it are routed to the partitions that hold it), where shards of the flat key fan every read of every value
 * out over all of them. For a value hot as well as large (its load needs shards), over 50 GB. Only where its load fits, at headroom, the physical partitions its documents span, one per 50 GB
 * at most 10,000 RU/s each: under one first-level value its documents, and every write to them, stay on one physical
 * partition until they hold 50 GB and it splits (same page), so a 45 GB tenant taking 16,000 RU/s stays over whatever the
 * RU/s, and the shards (or its first level's buckets) stay the fix.
 */
function wholeValueOverLogical(analysis: SpaceAnalysis): boolean {
  const { design, space, hot } = analysis;
  if (analysis.owner.profile.routing !== 'key-prefix' || space !== design.primaryKey || space.partitionKey.length !== 1) return false;
  const gb = largestPartitionSize(design)?.gb ?? 0;
  const spans = Math.ceil(gb / COSMOS_LIMITS.physicalPartitionGb);
  const servable = spans * COSMOS_LIMITS.logicalPartitionRequestUnits * design.thresholds.headroom;
  // Where the load needs no shards, the level below leads already (`orFinerLevel`, SG006's own): it is the size's fix.
  // Under 50 GB its documents stay on one physical partition: the level fixes the size only (SG006 says so), not the load.
  return spans > 1 && analysis.plan.needs.throughput !== 1 && fits(hot.reads + hot.writes, servable);
}

/** What the hottest value, kept as the first level of a deeper key, meets at today's RU/s where that is short (`KEPT_SHORT`). */
function keptFirstLevelShort(analysis: SpaceAnalysis): MessageData | undefined {
  const kept = keptAsFirstLevel(analysis.design);
  return kept?.overloaded ? { keptShort: true, keptLoad: kept.load, keptUsable: kept.usable } : undefined;
}

/**
 * What the patterns on the key space say about its shards, which a fix that leaves the key unsharded or replicated
 * makes untrue, removed with the sharding and said: `wants: "any"` picks one of random or calculated shards, and a
 * design that keeps it on a key without them is refused (normalize-usage.ts); `fanOut` declares a read that queries
 * every shard and merges them, which the key then no longer has (a replicated copy is read alone): a design file that
 * kept it would declare a fan-out nothing makes, which SG009 warns of (`fanOutLeftIdle`: also where it made none before,
 * and on an index that carries the table's shards; not over a bucketed first level the pattern names).
 */
function shardReadsDropped(analysis: SpaceAnalysis): { ids: AdviceId[]; data: MessageData; edits: DesignEdit[] } {
  const patterns = analysis.owner.patternsOn(analysis.space);
  const wantsAny = patterns.filter((p) => p.wants === 'any');
  const fanning = fanOutLeftIdle(analysis);
  const removed = (list: readonly AccessPattern[], field: 'wants' | 'fanOut') => list.map((p): DesignEdit => ({ op: 'remove', path: joinPath(p.path, field) }));
  return {
    ids: [...(wantsAny.length > 0 ? (['dropWantsAny'] as const) : []), ...(fanning.length > 0 ? (['dropFanOut'] as const) : [])],
    data: Object.assign(
      {},
      wantsAny.length > 0 ? { wantsAnyPatterns: wantsAny.map((p) => p.name) } : {},
      fanning.length > 0 ? { droppedFanOutPatterns: fanning.map((p) => p.name) } : {},
    ),
    edits: [...removed(wantsAny, 'wants'), ...removed(fanning, 'fanOut')],
  };
}

/**
 * The read peak a sharding into `n` would give the key space, where the patterns it sets fanOut on (`fanOut`) and
 * those already fanning out query every shard (read-requests.ts), when SG017 would find that peak past a default
 * throughput quota with an error no edit fixes (`readsPastQuota`: DynamoDB's read capacity above the table-level quota,
 * or a raise to peak ÷ headroom past the table-level or account-level quota; Cosmos DB's raise for those reads and the
 * writes past 1,000,000 RU/s per container, or per database) and does not at the key space's reads today: the fix
 * would bring on an SG017 that --fix cannot fix. Undefined otherwise, and for an engine with no such quota.
 */
export function fanOutPastQuota(analysis: SpaceAnalysis, n: number, fanOut: readonly AccessPattern[], hotValues?: number): MessageData | undefined {
  if (readsPastQuota(analysis, analysis.charged.reads)) return undefined;
  return fixReadsPastQuota(analysis, fixReadRequests(analysis, n, fanOut, hotValues));
}

/** `fanOutPastQuota` of the read peak a fix leaves (`fixReadRequests`), where today's reads are within the quotas. */
function fixReadsPastQuota(analysis: SpaceAnalysis, reads: ReadRequests): MessageData | undefined {
  const { space } = analysis;
  const passed = readsPastQuota(analysis, reads.units);
  if (!passed) return undefined;
  const fanOutSpace = space.index === undefined ? `the ${analysis.owner.profile.nouns.resource}` : `index ${code(space.index)}`;
  return {
    fanOutSpace,
    fanOutReads: reads.units,
    fanOutLogicalReads: reads.logical,
    // One budget: the writes SG017 raises the RU/s for beside the reads.
    ...(passed.quotaName === 'container' || passed.quotaName === 'database' ? { fanOutWrites: analysis.total.writes } : {}),
    ...(passed.quotaName === 'database' ? { fanOutShared: sharedContainers(analysis.design as CosmosKeyDesign) } : {}),
    headroom: analysis.design.thresholds.headroom,
    fanOutNeeded: passed.provisioned,
    fanOutNeededBy: passed.quotaName === 'account-level' ? 'the table and its GSIs together' : fanOutSpace,
    quota: passed.quota,
    quotaName: passed.quotaName,
    ...(passed.quotaField === undefined ? {} : { quotaField: passed.quotaField }),
  };
}

/**
 * The fan-out a sharding into `n` adds whose charge no peak can count (`fanOutUncounted`, uncounted-fan-out.ts): the
 * patterns that then read a whole key value over every shard and declare no `resultKb` (read-requests.ts, `assumed`),
 * where the fix sets their fanOut or raises the count they already fan out over. Each shard's query is charged the
 * engine's least charge however little it returns (`queryCharge`: DynamoDB a read unit, half if eventually consistent;
 * Cosmos DB about 2.5 RU): a read of 8 KB over 42 Cosmos DB shards costs 105 RU, not the 8 SG017 counts without its
 * size, and with it a fix that read clean once written (42 shards, fanOut on every read of a tenant) needed 631,000
 * RU/s of a 40,000 RU/s container. Undefined where none is.
 */
function uncountedFanOut(analysis: SpaceAnalysis, n: number, fanOut: readonly AccessPattern[], reads: ReadRequests): MessageData | undefined {
  const charge = analysis.owner.profile.queryCharge;
  if (charge === undefined) return undefined;
  const assumed = reads.assumed?.patterns ?? [];
  const declared = analysis.space.sharding;
  const more = declared === undefined || declared.strategy === 'replicated' || n > declared.shards;
  const added = new Set(fanOut.map((p) => p.name));
  const patterns = analysis.owner.patternsOn(analysis.space).filter((p) => assumed.includes(p.name) && (more || added.has(p.name)));
  return uncountedFanOutData(charge, n, patterns, analysis.space.index !== undefined);
}

/** The key space's read peak once a sharding into `n` deploys: the patterns it sets fanOut on (`fanOut`) and those already fanning out query every shard (read-requests.ts). */
function fixReadRequests(analysis: SpaceAnalysis, n: number, fanOut: readonly AccessPattern[], hotValues?: number): ReadRequests {
  const fanning = new Set(fanOut);
  return readRequestsOver(analysis, n, (p) => p.fanOut === true || fanning.has(p), hotValues);
}

/**
 * The read peak a sharding fix into `n` leaves where its fan-out makes it more than today's (`fixReads`, with the
 * shards and the patterns that then query every one): SG017 sizes a launch's pre-warm on it (`plannedReadPeak`), since
 * each Query of a fan-out is a request of its own, charged at least one read unit (read-requests.ts), and warm
 * throughput "can't be decreased" once raised ("Understanding DynamoDB warm throughput"): sized on today's reads, it
 * named 14,850 RCU on the first lint and 36,234 on the next, once the shards and their fan-out were written.
 */
function fixReadsData(analysis: SpaceAnalysis, n: number, reads: ReadRequests): MessageData {
  if (reads.fanOut === undefined || !(reads.units > analysis.charged.reads)) return {};
  return { fixReads: reads.units, fixReadShards: n, fixReadPatterns: [...reads.fanOut.patterns] };
}

/**
 * The read peak the key space's fix leaves once --fix writes it (`fixReadsData`), where its shards' fan-out makes it
 * more than today's: the figure SG017's pre-warm is sized on, so the first lint names the warm throughput the next one
 * asks for. Undefined where the fix adds no fan-out, writes no edit, or the key space is not over its ceiling.
 */
export function plannedReadPeak(analysis: SpaceAnalysis): { readonly reads: number; readonly data: MessageData } | undefined {
  if (analysis.over.length === 0) return undefined;
  const advice = adviceFor(analysis);
  if (advice.edits === undefined || projectionFirst(analysis) !== undefined) return undefined;
  const { fixReads, fixReadShards, fixReadPatterns } = advice.data as { fixReads?: number; fixReadShards?: number; fixReadPatterns?: readonly string[] };
  if (fixReads === undefined || fixReadShards === undefined || fixReadPatterns === undefined) return undefined;
  return { reads: fixReads, data: { key: analysis.space.partitionKey.map((a) => a.name), fixReads, fixReadShards, fixReadPatterns } };
}

/**
 * `fanOutPastQuota` for the indexes a table's sharding into `n` also shards (held-index-reads.ts, `holdingIndexes`: keyed
 * by the table's partition-key attribute, alone or beside others, they hold its stored keys): each query of theirs that does not give the shard
 * then fans out over the `n` shards, as SG009 asks, and SG017 counts every shard's query. A table fix whose count
 * passes a default read quota there brings on an SG017 that --fix cannot fix, as its own fan-out would (game-flawed.json:
 * 37 shards of the hot season make `top-100` on `leaderboard-by-season` read 95,040 RCU, 118,800 at headroom). The
 * first such index's figures; undefined for an index's own fix, and where every carrying index stays within the quotas.
 */
function carryingFanOutPastQuota(
  analysis: SpaceAnalysis,
  n: number,
  strategy: 'random' | 'calculated',
  source: string | undefined,
  hotValues: number | undefined,
): MessageData | undefined {
  if (analysis.space !== analysis.design.primaryKey) return undefined;
  for (const index of holdingIndexes(analysis.owner)) {
    const fanning = index.owner.patternsOn(index.space).filter((p) => !p.fanOut && needsEveryShard(index.space, p, strategy, source));
    const passed = fanOutPastQuota(index, n, fanning, hotValues);
    const names = [...fanning, ...index.owner.patternsOn(index.space).filter((p) => p.fanOut)].map((p) => code(p.name)).join(', ');
    // Named with the queries that fan out there (the table's fix sets their fanOut with its sharding, `setHeldIndexFanOut`).
    if (passed)
      return Object.assign({}, passed, {
        fanOutSpace: `${passed.fanOutSpace as string}, whose key holds these shards (the queries ${names} fan out over them),`,
      });
  }
  return undefined;
}

/** Whether a quota `fanOutPastQuota` found bounds reads and writes as one budget of RU/s (its words: FAN_OUT_PAST_RU_QUOTA_TEXT). */
export function ruQuota(pastQuota: MessageData): boolean {
  return pastQuota.quotaName === 'container' || pastQuota.quotaName === 'database';
}

/**
 * A separate shard attribute (`hourBucketShard`) that is a time bucket because the attribute it shards is one
 * (`logicalAttribute: "hourBucket"`, normalize-table.ts) keeps that kind, declared, once its sharding is removed:
 * without the sharding its name alone would make it an ordinary key, whose current bucket nothing then judges.
 */
function keptTimeBucket(space: SpaceAnalysis['space']): DesignEdit[] {
  const [key] = space.partitionKey;
  return key?.kindFrom === 'logicalAttribute' ? [{ op: 'set', path: joinPath(key.path, 'kind'), value: key.kind }] : [];
}

/**
 * The clause that shards the key into `n` on the plan's layout: a change to the declared count where the plan keeps
 * the declared strategy and source (or the declared count kept, where it is `n`); otherwise a new sharding said whole (a weak source it replaces, shard-source.ts,
 * included), in a separate attribute for an index key not yet sharded (`separate`).
 */
function shardingClause(analysis: SpaceAnalysis, n: number, form: ShardForm): AdviceId[] {
  const declared = analysis.space.sharding;
  const { layout, sourceAttribute: source } = analysis.plan;
  const calculated = layout === 'calculated' && source !== undefined;
  const fresh = NEW_SHARDING[calculated ? 'calculated' : 'random'][form];
  // A declared random sharding the plan replaces with calculated shards: only where it cannot spread the reads the
  // calculated source finds one shard for (analysis.ts planFor), which the fix says, as copies replacing it do.
  if (declared?.strategy === 'random' && calculated) return [fresh, 'replacingSharding'];
  if (!declared || declared.strategy !== layout || declared.sourceAttribute !== source) return [fresh];
  // Never "raise from 12 to N = 12": the declared count already is the one the load needs.
  if (n === declared.shards) return ['keepShards'];
  if (n > declared.shards) return ['raiseShards', calculated ? 'onSource' : 'onRandom'];
  return ['lowerShards', ...(calculated ? (['onSource', 'lowerMovesItems'] as const) : (['onRandom', 'lowerLeavesItems'] as const))];
}

/** The patterns that read a whole key value and would fan out over its shards (not those that want any item): each must say so (fanOut). */
function fanOutPatterns(analysis: SpaceAnalysis, strategy: 'random' | 'calculated', source: string | undefined) {
  const { space } = analysis;
  return strategy === 'random' || source !== undefined
    ? analysis.owner.patternsOn(space).filter((p) => !p.fanOut && needsEveryShard(space, p, strategy, source))
    : [];
}

/**
 * The first GSI whose hottest value fits its usable write ceiling today but would not with `n` replicated copies of
 * every base item, each writing its own entry (written.ts: the index's writes per copy × n), under the index's own
 * declared sharding; undefined when every index stays under it (or is over already: its own finding says so).
 */
function indexOverWithCopies(analysis: SpaceAnalysis, n: number): MessageData | undefined {
  const { headroom } = analysis.design.thresholds;
  for (const index of analysis.owner.spaces) {
    // An index copy 0 alone writes (`copiesCarry: 'first'`), or that the copies' fix declares so, takes no more writes from more copies.
    if (index === analysis || index.over.length > 0 || index.space.copiesCarry === 'first' || sparseUnderCopies(analysis.owner, index.space)) continue;
    const { sharding } = index.space;
    const hot = { reads: 0, writes: (index.hot.writes / index.written.copies) * n };
    const stored = storedKeyLoads(hot, sharding?.strategy ?? 'none', sharding?.shards ?? 1, index.readsSpread);
    // Every copy writes the index: its other keys' writes grow n-fold too, on the partitions its capacity gives it.
    const total = { reads: index.total.reads, writes: (index.total.writes / index.written.copies) * n };
    const neighbours = analysis.owner.partitionNeighbours?.(index.space.index, total, stored);
    const write = analysis.owner.profile.loadDimensions(stored, headroom, undefined, neighbours).find((d) => d.label === 'write');
    if (write && !fits(write.load, write.usable)) return { overIndex: index.space.index, overIndexWrites: hot.writes, overIndexUsable: write.usable };
  }
  return undefined;
}

/**
 * The fix for a Cosmos DB key hot by reads no shard spreads when no count of replicated copies fits either (the plan's
 * copies are judged at the current RU/s, or at SG017's raise where their peak needs it: `SpaceAnalysis.storedKeyShare`):
 * the raise in place that serves the value unsharded leads, with its edits, where there is one; else the cache.
 */
function noCopies(analysis: SpaceAnalysis, upstream: readonly AdviceId[], upstreamData: MessageData): Advice {
  const raise = throughputThatServes(analysis);
  const data = Object.assign({}, upstreamData, { maxShardsAccepted: MAX_SHARDS_ACCEPTED });
  // Weighed against the raise that serves the value unsharded, for a key with no copies of its own and a known size.
  const copied = raise && !analysis.space.sharding && storedGb(analysis.design, 1) !== undefined ? copiesAtRaise(analysis, raise.requestUnits) : undefined;
  const forWrites = copied && copiesForWrites(analysis, copied.copies);
  if (copied && raise && forWrites)
    return {
      ids: ['raiseServesKey', 'copiesCostMore', 'orCache'],
      data: Object.assign(data, raiseFigures(RAISE, raise), redistributionData(analysis), raiseFigures(COPIES_RAISE, copied.raise), forWrites),
      edits: raiseEdits(analysis.design as CosmosKeyDesign, raise),
      namesRaise: true,
      raiseLeads: true,
    };
  if (copied && raise) {
    const n = copied.copies;
    const { total } = analysis;
    const copiesFix: Advice = {
      ids: ['raiseThenCopies', 'orRaiseServesKey', 'orCache'],
      data: Object.assign(data, raiseFigures(COPIES_RAISE, copied.raise), raiseFigures(RAISE, raise), {
        shards: n,
        lastShard: n - 1,
        peakWrites: total.writes,
        replicatedWrites: total.writes * n,
        copiesGb: storedGb(analysis.design, n),
        copiesSaves: raise.requestUnits - copied.raise.requestUnits,
        ...copied.copyFigures,
      }),
      edits: [
        ...raiseEdits(analysis.design as CosmosKeyDesign, copied.raise, n),
        { op: 'set', path: joinPath(analysis.space.path, 'sharding'), value: shardingValue('replicated', n, undefined, analysis.space.sharding) },
        ...storedCopies(analysis, n),
      ],
      shards: n,
      namesRaise: true,
    };
    return copiesLedOrLeading(analysis, copiesFix, raise, copied.raise);
  }
  // A raise that keeps the declared copies (throughputThatServes judges them as the container carries them): its
  // edits leave them, and the partitions their storage needs, as they are.
  const kept = raise?.copies ?? 1;
  // Judged at SG017's raise where the peak (the copies' own, where they are kept) is above the usable RU/s.
  const judged = kept > 1 ? analysis.storedKeyShare('replicated', kept) : analysis.physical;
  const atRaise = judged?.raisedFrom ? " at the RU/s the container's peak needs (SG017)" : '';
  if (raise)
    return {
      ids: ['raiseServesKey', kept > 1 ? 'copiesDoNotServeNow' : 'copiesDoNotServe', 'orCache'],
      data: Object.assign(data, raiseFigures(RAISE, raise), kept > 1 ? { copiesJudgedAt: judged?.raisedFrom ? 'capacity' : 'current' } : {}),
      edits: raiseEdits(analysis.design as CosmosKeyDesign, raise, kept),
      namesRaise: true,
      raiseLeads: true,
    };
  const cacheShare = upstream[0] === 'cacheHotReads' ? cacheShareNeeded(analysis) : undefined;
  const ids: AdviceId[] = cacheShare ? ['noCopies', 'cacheHotReads', 'cacheMustAnswer', ...upstream.slice(1)] : ['noCopies', ...upstream];
  return { ids, data: Object.assign(data, { copiesAtRaise: atRaise }, cacheShare) };
}

/**
 * The share of the hottest value's reads the cache must answer for the value to fit where it is judged (`over`'s RU/s, its
 * physical partition's share where that binds): a read the integrated cache answers costs the partition nothing, its
 * misses and every write still reach it ("Azure Cosmos DB integrated cache"), so it fits once the misses are at most the
 * usable RU/s less its writes: 1 − (usable − writes) ÷ reads, the figure the first-level cache lever quotes
 * (prefix-ingestion.ts, `readCache`). Undefined where its writes alone fill the usable RU/s (no share serves).
 */
function cacheShareNeeded(analysis: SpaceAnalysis): MessageData | undefined {
  const reads = analysis.hot.reads;
  // The ceiling that binds each dimension over: its physical partition's share, where that is below the logical ceiling.
  const over = analysis.over.map((d) => bindingDimension(analysis, d).dimension).filter((d) => d.label === 'request' && !fits(d.load, d.usable));
  if (over.length === 0 || !(reads > 0)) return undefined;
  const binding = over.reduce((a, b) => (b.usable < a.usable ? b : a));
  const others = binding.load - reads;
  const misses = binding.usable - others;
  if (!(misses > 0)) return undefined;
  return { readsCacheShare: 1 - misses / reads, readsCacheReads: reads, readsCacheMisses: misses, readsCacheWrites: others, readsCacheUsable: binding.usable };
}

/**
 * The order of a fix whose plan is copies at a raise (`raiseThenCopies`), by what each remedy costs (copies-order.ts):
 * the integrated cache leads where it answers the hot reads and the value's writes then fit at today's RU/s
 * (`cachedReadsFirst`: no edit, so --fix writes nothing), the copies and the raise as it is following; else the raise
 * that serves the value unsharded leads, with its edits, where it costs at most SMALL_RAISE_SHARE more RU/s than the
 * copies' raise, the copies following; else the copies lead.
 */
function copiesLedOrLeading(analysis: SpaceAnalysis, copiesFix: Advice, raise: RaisedThroughput, copiesRaise: RaisedThroughput): Advice {
  if (cacheAnswersHotReads(analysis)) {
    // The cache leads: the alternatives' own cache clause is not said again.
    const alternatives = Object.assign({}, copiesFix, { ids: copiesFix.ids.filter((id) => id !== 'orCache') });
    const cached = cachedReadsFirst(analysis, alternatives, { cache: analysis.owner.profile.cache }, [], true);
    if (cached) return cached;
  }
  const design = analysis.owner.profile.containerOf?.(analysis.design);
  if (design === undefined || !raiseAloneLeadsCopies(raise, copiesRaise)) return copiesFix;
  const alone = raise.databaseRequestUnits ?? raise.requestUnits;
  const copies = copiesRaise.databaseRequestUnits ?? copiesRaise.requestUnits;
  return {
    ids: ['raiseServesKey', 'raiseWithinCopiesRaise', 'orCopiesAtRaise', 'raiseThenCopies', 'orCache'],
    data: Object.assign({}, copiesFix.data, redistributionData(analysis), { raiseOverCopies: alone - copies }),
    edits: raiseEdits(design, raise),
    namesRaise: true,
    raiseLeads: true,
  };
}

/**
 * Copies are a lever for a value read much and written seldom: each write goes to every copy ("Partitioning and
 * horizontal scaling": a logical partition's documents share one key value, so a copy is a document of its own), while
 * each copy takes only 1/N of the reads. Where the hottest value takes most of the key space's writes, they do not lead:
 * the figures that say so, N copies adding (N − 1) × the writes at peak to take (N − 1) ÷ N of the value's reads off its
 * partition (`copiesCostMore` where the writes added are the more). Undefined where the value takes at most half.
 */
function copiesForWrites(analysis: SpaceAnalysis, n: number): MessageData | undefined {
  const { hot, total } = analysis;
  if (!(hot.writes > total.writes / 2)) return undefined;
  const added = total.writes * (n - 1);
  const relieved = (hot.reads * (n - 1)) / n;
  return {
    copiesN: n,
    hotWriteShare: hot.writes / total.writes,
    copiesAddWrites: added,
    copiesRelieve: relieved,
    ...(added >= relieved ? { copiesCostMore: true } : {}),
  };
}

/**
 * The least raise in place at which replicated copies of a Cosmos DB key's read-hot value fit, where no count fits at the
 * current RU/s (nor at SG017's raise, whose peak fills the usable RU/s: no copy heavier than the average partition's
 * share fits there), and only below `below`, the raise that serves the value unsharded: the cheaper fix. A raise alone
 * must lift every physical partition's share by what the hot value needs on its own (RU/s are divided evenly among
 * them, "Partitioning and horizontal scaling"), P × its load; N copies each put 1/N of it on a partition, for (N − 1) ×
 * the container's writes more ("Best practices for scaling provisioned throughput"). So copies at a raise save (N − 1)
 * ÷ headroom × (load × (P − 1) ÷ N − writes) RU/s: on a read-heavy container of many partitions, many. Each count is
 * judged as SG003 judges copies (`withCopies`: N × the GB, at least one partition per 50 GB of it, N × the writes), on
 * the layout the raise leaves once the copies are stored (`raisedLayouts` of the design holding N × the GB: a container
 * has at least ⌈GB ÷ 50⌉ physical partitions whatever its RU/s, "Partitioning and horizontal scaling"), so the count the
 * fix names is the one the storage it writes leaves, at RU/s that leave room for a count (`roomForCounts`). The least
 * such raise over the counts, at the same RU/s the smallest count, as the plan at those RU/s finds it. Undefined where
 * none does below `below`.
 */
function copiesAtRaise(
  analysis: SpaceAnalysis,
  below: number | undefined,
): { readonly raise: RaisedThroughput; readonly copies: number; readonly copyFigures: MessageData } | undefined {
  const { profile } = analysis.owner;
  const { headroom, maxShards } = analysis.design.thresholds;
  const cap = Math.min(maxShards, MAX_SHARDS_ACCEPTED);
  const design = profile.containerOf?.(analysis.design);
  if (design === undefined) return undefined;
  // Split from the partitions the container has today, taken as even (as every raise is judged): the copies' storage
  // splits them too, and the ones left unsplit keep their larger share of the key space. A container still to be created
  // splits nothing (`raiseSplitsFrom`): it is created on the count the copies' RU/s and storage give it, evenly split.
  const now = profile.physicalPartitions?.(design)?.count;
  const splitFrom = now === undefined ? design.splitFrom : raiseSplitsFrom(design, now);
  let best: { readonly raise: RaisedThroughput; readonly copies: number; readonly copyFigures: MessageData } | undefined;
  for (let n = 2; n <= cap; n++) {
    const copies = withCopies(Object.assign({}, design, { splitFrom }), analysis.total, n);
    const stored = storedKeyLoads(analysis.hot, 'replicated', n, analysis.readsSpread);
    const figuresAt = ({ raise, design }: RaisedLayout): MessageData | undefined => {
      if (!roomForCounts(copies.total.reads + copies.total.writes, raise.requestUnits, headroom)) return undefined;
      const share = profile.physicalShare?.(design, copies.total, stored, analysis.trafficValues * n);
      // Not below the RU/s the copies' storage forces (`storageMinimum`): that minimum is the least raise they cost.
      const fit =
        share !== undefined && share.raisedFrom === undefined && share.storageMinimum === undefined && allFit(profile.loadDimensions(stored, headroom, share));
      // One copy on its partition at the raise, for the count's assumption that its copies hash apart (hashed-keys.ts).
      return fit
        ? {
            copyLoad: stored.reads + stored.writes,
            copyNeighbours: share.neighbours,
            copySlices: share.keySpaceSlices,
            copyUsable: share.requestUnitsEach * headroom,
          }
        : undefined;
    };
    // Strictly below the best so far: a larger count leads only where it is cheaper.
    const layout = leastRaiseWhere(copies.design, (l) => figuresAt(l) !== undefined, best?.raise.requestUnits ?? below);
    if (layout) best = { raise: layout.raise, copies: n, copyFigures: figuresAt(layout) as MessageData };
  }
  return best;
}

/**
 * The raise in place that serves a Cosmos DB key's hottest value unsharded, when it costs no more than the `n`
 * replicated copies the plan asks for: copies write every document `n` times, (n − 1) × the container's writes
 * more at peak, and need the capacity for them (SG017 asks for the copies' peak ÷ headroom), while a raise of
 * the container's RU/s changes no key and no application ("Best practices for scaling provisioned throughput";
 * its RU/s are divided evenly among its physical partitions, "Partitioning and horizontal scaling"). The cheaper
 * fix leads, as a modeller would pick it: the raise when its extra RU/s are within the more the copies cost, in
 * writes or in the capacity they need. With its edits: the new RU/s, and the physical partitions it leaves where
 * the design would otherwise count another number (a shared database is raised by its containers × the part).
 * `copiesNeedRaise`: the copies' peak (reads + n × writes) needs more RU/s than the container has at headroom, so
 * they are no alternative "at the current throughput" (applied, SG017 would find the container below its peak).
 * Undefined where the key's physical share does not bite or no raise serves it.
 */
function raiseBeforeCopies(
  analysis: SpaceAnalysis,
  n: number,
):
  | { readonly raise: RaisedThroughput; readonly adds: number; readonly copiesAdd: number; readonly copiesNeedRaise: boolean; readonly edits: DesignEdit[] }
  | undefined {
  const design = analysis.owner.profile.containerOf?.(analysis.design);
  if (design === undefined) return undefined;
  const { throughput } = design;
  if (!physicalBound(analysis.over) || !throughput || throughput.mode === 'serverless' || throughput.requestUnits === undefined) return undefined;
  const raise = throughputThatServes(analysis);
  if (!raise) return undefined;
  // A shared database is raised as a whole: what it adds is the database's RU/s.
  const declared = partitionedRequestUnits(throughput) ?? throughput.requestUnits;
  const raised = raise.databaseRequestUnits ?? raise.requestUnits;
  const { reads, writes } = analysis.total;
  const copiesAdd = writes * (n - 1);
  // The RU/s SG017 asks for the copies' peak (`raiseForPeak`): in place, judged on the largest share its split leaves, or
  // for a container still to be created, its creation.
  const copiesCapacity = (raiseForPeak(design, reads + writes * n) as number) - declared;
  const adds = raised - declared;
  if (adds > Math.max(copiesAdd, copiesCapacity)) return undefined;
  return { raise, adds, copiesAdd, copiesNeedRaise: copiesCapacity > 0, edits: raiseEdits(analysis.design as CosmosKeyDesign, raise) };
}

/**
 * The paged patterns a fix names, and the part of the hottest value's unspread reads (`load`) that no pattern claims:
 * the share of all queries no pattern declares is charged to every key space (README, "accessPatterns"), so a figure
 * said of a named pattern's pages says how much of it is unclaimed. Only where no read spreads (`load` is all of it).
 */
function pagedData(analysis: SpaceAnalysis, load: number): MessageData {
  const { owner, space, hot } = analysis;
  const unclaimed = owner.unclaimedReadShare();
  const readShare = owner.readShareOf(space);
  const unclaimedReads = unclaimed > 0 && readShare > 0 && load >= hot.reads ? (hot.reads * unclaimed) / readShare : 0;
  return { pagedPatterns: analysis.pagedReads.map((p) => p.name), ...(unclaimedReads > 0 ? { unspreadUnclaimed: unclaimedReads } : {}) };
}

/**
 * The fix when the reads that shards cannot spread (a single item's: one item never spans shards; a paged
 * query's: every page reads every shard) are, alone, over the ceiling the key is judged on: a logical partition's
 * (DynamoDB: 3,000 RCU, Cosmos DB: 10,000 RU/s, "Best practices for designing and using partition keys
 * effectively", "Partitioning and horizontal scaling") or its physical partition's share of the container's RU/s.
 * No shard count changes those reads, so no count is offered; what does work is named with its number: a cache
 * (it serves reads), replicated copies when they fit (each takes every write), and on Cosmos DB the container
 * RU/s at which the key fits ("Redistribute throughput across partitions", "Best practices for scaling
 * provisioned throughput"). Undefined when the reads alone fit (the shards then fix the rest).
 */
function unspreadAdvice(
  analysis: SpaceAnalysis,
  writeShards: number,
): { ids: AdviceId[]; data: MessageData; namesRaise: boolean; edits: DesignEdit[] | undefined } | undefined {
  const { design, space, hot } = analysis;
  const unspread = unspreadReadsOver(analysis);
  if (!unspread) return undefined;
  const { over, readDimensions, dimensions } = unspread;
  const { headroom } = design.thresholds;
  const { profile } = analysis.owner;
  const paged = analysis.pagedReads.length > 0;
  const gathered = gatheredData(analysis) ?? leastChargedData(analysis);
  // Copies declared, which an invariant on the item forbids: the invariant, not the shards, is why the reads stay on one item.
  const kept = space.sharding?.strategy === 'replicated' && !paged && !gathered ? brokenInvariants(design, space, 'replicated', undefined) : [];
  const ids: AdviceId[] = [paged ? 'unspreadPagedReads' : gathered ? 'unspreadGatheredReads' : kept.length > 0 ? 'unspreadReadsKept' : 'unspreadReads'];
  const keptData =
    kept.length > 0
      ? { keptKinds: [...new Set(kept.map((i) => i.kind))], keptPaths: kept.map((i) => i.path) }
      : ids[0] === 'unspreadReads'
        ? copiesData(analysis)
        : {};
  const data: Record<string, unknown> = Object.assign(paged ? pagedData(analysis, over.load) : {}, gathered, keptData, unspreadFigures(analysis, over), {
    hotWrites: hot.writes,
  });
  // A GSI holds one entry per base item: it cannot keep copies. The count is judged as the plan's is: each copy within
  // its usable ceiling, and the copies hashed onto one partition within its maximum where the engine sizes for that
  // (`countFits`).
  const copies =
    space.index === undefined
      ? firstCount((k) => countFits(profile, k, analysis.dimensionsAt('replicated', k), analysis.design.thresholds.crowdConfidence))
      : undefined;
  if (copies !== undefined && copies > 1) {
    ids.push('unspreadCopies');
    data.copies = copies;
  }
  // Cosmos DB's physical share: the RU/s that serve the key as it is, else its busiest shard (writes spread over the count they need).
  let namesRaise = false;
  if (physicalBound(readDimensions)) {
    const whole = throughputThatServes(analysis);
    // The declared count where there is one (its shards are what the key has), else the count the writes need.
    const shards = space.sharding?.strategy === 'replicated' ? writeShards : (space.sharding?.shards ?? writeShards);
    const shardLoad = hot.reads + hot.writes / shards;
    const sharded =
      // Its busiest shard must fit its own logical partition's ceiling first: no RU/s lift that one.
      whole === undefined && allFit(profile.loadDimensions({ reads: hot.reads, writes: hot.writes / shards }, headroom))
        ? throughputServing(design as CosmosKeyDesign, {
            hot: shardLoad,
            total: analysis.total.reads + analysis.total.writes,
            // Each shard is a key value of its own (SpaceAnalysis.storedKeyShare): N × the values, so a uniform key's
            // shard meets 1/P of the rest, its siblings included, not the average partition's load less its own.
            cardinality: analysis.trafficValues * shards,
          })
        : undefined;
    const raise = whole ?? sharded;
    if (raise) {
      ids.push(whole ? 'unspreadRaiseWhole' : 'unspreadRaiseShard');
      Object.assign(data, raiseFigures(UNSPREAD_RAISE, raise), { unspreadShardLoad: shardLoad });
      namesRaise = true;
    }
  }
  // Where a raise is named, it already says how the writes are served (unsharded, or once sharded): no second count.
  const writesOver = namesRaise ? undefined : dimensions({ reads: 0, writes: hot.writes }).find((d) => !fits(d.load, d.usable));
  const carried = writesOver ? carriedWritesFit(analysis) : undefined;
  // Too few of the table's declared shards, which the index key holds: the table's count is raised (carried-shards.ts).
  const tableRaise = writesOver && !carried ? tableShardsRaise(analysis, writeShards) : undefined;
  let raisePastQuota: MessageData | undefined;
  if (carried) {
    ids.push('carriedWritesFit');
    Object.assign(data, carried);
  } else if (tableRaise && writesOver) {
    ids.push('unspreadWritesOver', ...tableRaise.ids);
    Object.assign(data, { unspreadWriteUsable: writesOver.usable }, tableRaise.data);
    // Its queries then fan out over the raised count, as SG009 asks: past a default read quota, the request is part of the fix.
    const { strategy, sourceAttribute } = tableRaise.carried;
    const fanning = analysis.owner.patternsOn(space).filter((p) => !p.fanOut && needsEveryShard(space, p, strategy, sourceAttribute));
    raisePastQuota = fanOutPastQuota(analysis, writeShards, fanning);
    if (raisePastQuota) {
      ids.push(ruQuota(raisePastQuota) ? 'fanOutPastRuQuota' : 'fanOutPastQuota');
      Object.assign(data, raisePastQuota);
    }
  } else if (writesOver) {
    // Shards for the writes alone, within maxShards; past it, the writes must shrink before they reach the key.
    const { maxShards } = design.thresholds;
    const layout = analysis.plan.layout;
    const source = layout === 'calculated' ? analysis.plan.sourceAttribute : undefined;
    const form = shardFormOf(analysis);
    const separate = form !== 'key';
    const shardIds =
      writeShards <= maxShards && (layout === 'random' || layout === 'calculated') ? shardingClause(analysis, writeShards, form) : ['upstream' as const];
    ids.push('unspreadWritesOver', ...shardIds);
    Object.assign(
      data,
      // Its own key: SG003's `writeUsable` is headroom × the ceiling, this one what the neighbours leave of it (DynamoDB).
      { unspreadWriteUsable: writesOver.usable },
      shardIds[0] === 'upstream'
        ? {}
        : {
            shards: writeShards,
            lastShard: writeShards - 1,
            ...(source !== undefined ? calculatedSourceData(space, analysis.owner.patternsOn(space), source) : {}),
            ...(separate ? { index: space.index, shardAttribute: shardAttributeOf(analysis, form) } : {}),
            ...(space.sharding ? { declaredShards: space.sharding.shards, declaredStrategy: space.sharding.strategy } : {}),
          },
    );
  } else if (hot.writes > 0) ids.push('unspreadWrites');
  if (paged) ids.push('orWantsAny');
  // `edits` always an own property: a caller reads it, and an absent one would be read from a polluted Object.prototype.
  return { ids, data: data as MessageData, namesRaise, edits: tableRaise && !raisePastQuota ? tableRaise.edits : undefined };
}

/**
 * The hottest value's reads that no write-shard count spreads, at their least (each shard's share at the most count
 * accepted), on the first dimension where they exceed what the key's partition leaves them beside its neighbours, with
 * the dimensions they were judged on; undefined where some count spreads them beside the neighbours.
 */
function unspreadReadsOver(
  analysis: SpaceAnalysis,
): { over: LoadDimension; readDimensions: LoadDimension[]; dimensions: (loads: Loads) => LoadDimension[] } | undefined {
  const { design, hot, physical } = analysis;
  const readsSpread = analysis.plannedSpread();
  if (analysis.spreadReadsBesideNeighbours(readsSpread)) return undefined;
  const { headroom } = design.thresholds;
  const { profile } = analysis.owner;
  const dimensions = (loads: Loads) => profile.loadDimensions(loads, headroom, physical, analysis.neighboursAt('none', 1, loads));
  const reads = storedKeyLoads({ reads: hot.reads, writes: 0 }, 'random', MAX_SHARDS_ACCEPTED, readsSpread);
  const readDimensions = dimensions(reads);
  const over = readDimensions.find((d) => !fits(d.load, d.usable));
  return over ? { over, readDimensions, dimensions } : undefined;
}

/** The figures of the unspread reads (`over`): their load and the usable left them, and where they are each shard's least
 *  charge, part of the value's reads (`leastPatterns`), what they are part of, so the figure says why. */
function unspreadFigures(analysis: SpaceAnalysis, over: LoadDimension): MessageData {
  const { hot } = analysis;
  const least = leastChargedData(analysis) !== undefined && gatheredData(analysis) === undefined && over.load < hot.reads;
  return Object.assign(least ? { unspreadOf: hot.reads, unspreadShare: over.load / hot.reads } : {}, {
    unspreadLoad: over.load,
    unspreadUnit: over.unit,
    unspreadUsable: over.usable,
  });
}

/** Loads equal within rounding (a share of the reads summed from parts). */
const LEAST_TOLERANCE = 1e-9;

/** The fewest shards at which each is charged only its least (`over`'s load): past it, more shards add queries to every
 *  read and take nothing off a shard (each shard's Query charged at least one read unit, `GatheredReads.leastCharged`). */
function leastFrom(analysis: SpaceAnalysis, over: LoadDimension): MessageData {
  const reads = { reads: analysis.hot.reads, writes: 0 };
  const spread = analysis.plannedSpread();
  const leastShards = smallestCount((n) => storedKeyLoads(reads, 'random', n, spread).reads <= over.load * (1 + LEAST_TOLERANCE));
  return leastShards === undefined ? {} : { leastShards };
}

/**
 * The clauses of `unspreadAdvice` that serve the key without the cache (each opens with "; or"): where the cache leads
 * (`cachedReadsFirst`), they follow it as the alternatives.
 */
const UNSPREAD_ALTERNATIVES: ReadonlySet<AdviceId> = new Set<AdviceId>(['unspreadCopies', 'unspreadRaiseWhole', 'unspreadRaiseShard']);

/**
 * The fix where no write-shard count fits the hottest value's physical partition at today's RU/s while its reads
 * stay on the container, and those reads are of one item (or pages of it), which no count spreads and which alone
 * exceed what the partition leaves the value (`unspreadAdvice`'s test): the cache in front of them leads where, with
 * those reads taken off both the value and the container's load, its writes fit at today's RU/s, unsharded or in the
 * fewest shards within maxShards. A cache hit costs no RU/s and never reaches the partition ("Azure Cosmos DB
 * integrated cache": point reads and queries served from the item and query caches cost 0 RU), so the partition
 * carries the value's writes beside 1/P of the rest of the container's load without them (its sibling shards
 * included, as `SpaceAnalysis.storedKeyShare` counts them); the container's peak must then leave room for a count
 * (`roomForCounts`). Before it, the container's average partition at its usable line left no count (review: at
 * 25,000 RU/s a raise to 111,000 led, where the cache and a few shards serve at 25,000). The raise and shard
 * (`raised`), or batching the writes upstream, follow as the alternative; `orClauses` (each opening with "; or"), before
 * them: the unspread reads' own alternatives where a count fits with the reads on the container (without them, at
 * 26,000 RU/s the cache alone was the fix, though the value's 6,000 RU/s of writes exceed the 4,266.67 its partition
 * leaves it). Undefined where the reads spread over shards,
 * fit alone, or their removal leaves no count that fits at today's RU/s.
 */
function cachedReadsFirst(
  analysis: SpaceAnalysis,
  raised: Advice | undefined,
  upstreamData: MessageData,
  orClauses: readonly AdviceId[] = [],
  copiesPlan = false,
): Advice | undefined {
  const { design, hot, total, physical, plan } = analysis;
  const layout = plan.layout;
  const sharded = layout === 'random' || layout === 'calculated';
  if (physical === undefined || physical.raisedFrom || hot.reads <= 0 || !(sharded || (copiesPlan && layout === 'replicated'))) return undefined;
  const spread = analysis.plannedSpread();
  // Copies spread the reads too, at a cost the cache does not have: the cache leads them wherever it serves.
  if (!copiesPlan && analysis.spreadReadsBesideNeighbours(spread)) return undefined;
  const { headroom, maxShards } = design.thresholds;
  const { profile } = analysis.owner;
  // The reads no count spreads, on the value's partition as it is: over alone, or shards would serve them.
  const reads = storedKeyLoads({ reads: hot.reads, writes: 0 }, 'random', MAX_SHARDS_ACCEPTED, spread);
  const readsOver = profile.loadDimensions(reads, headroom, physical).find((d) => !fits(d.load, d.usable));
  if (!readsOver && !copiesPlan) return undefined;
  const cachedTotal = { reads: total.reads - hot.reads, writes: total.writes };
  const cachedPeak = cachedTotal.reads + cachedTotal.writes;
  if (!roomForCounts(cachedPeak, physical.requestUnits, headroom)) return undefined;
  const writes = { reads: 0, writes: hot.writes };
  const one = withCopies(design, cachedTotal, 1);
  const at = (n: number) => {
    const stored = analysis.storedLoads(n > 1 ? layout : 'none', n, writes);
    const share = profile.physicalShare?.(one.design, one.total, stored, analysis.trafficValues * n);
    const dimensions = share && !share.raisedFrom ? profile.loadDimensions(stored, headroom, share) : undefined;
    // The reads the cache misses land on the shard that holds the item, beside its writes: the room every ceiling leaves.
    const misses = dimensions === undefined ? -Infinity : Math.min(...dimensions.map((d) => d.usable - d.load));
    return { stored: stored.reads + stored.writes, share, dimensions, misses };
  };
  // A count that fits only if the cache answers every read is none: some always miss (a cache answers only the reads it
  // holds), so the fewest count leaves room for some (as the first-level cache lever, prefix-ingestion.ts `readCache`).
  const roomForMisses = (k: number) => at(k).misses > physical.requestUnitsEach * headroom * 1e-6;
  const byLoad = smallestCount(roomForMisses);
  // Each shard holds 1/N of the value's documents too: a count under the size need (`plan.needs.size`) would offer
  // shards each over the logical partition's size limit (20 GB on Cosmos DB), which the fix must not.
  const n = byLoad === undefined ? undefined : Math.max(byLoad, plan.needs.size);
  // Behind a copies plan the cache leads only where the writes then fit unsharded: copies would not spread them.
  if (n === undefined || n > maxShards || (!sharded && n > 1)) return undefined;
  const lead = at(n);
  const share = lead.share as NonNullable<typeof lead.share>;
  const fit = {
    cachedStoredLoad: lead.stored,
    cachedNeighbours: share.neighbours,
    cachedPartitions: share.keySpaceSlices,
    cachedTotal: lead.stored + share.neighbours,
    cachedUsable: share.requestUnitsEach * headroom,
    cachedPartitionRu: share.requestUnitsEach,
  };
  const data: Record<string, unknown> = Object.assign({}, upstreamData, fit, {
    unspreadLoad: readsOver?.load ?? hot.reads,
    ...(readsOver ? { unspreadUsable: readsOver.usable } : {}),
    peakLoad: total.reads + total.writes,
    cachedPeak,
    containerUsable: physical.requestUnits * headroom,
    cachedContainerRu: physical.requestUnits,
    headroom,
    hotWrites: hot.writes,
    cachedMissReads: Math.min(lead.misses, hot.reads),
    cachedHitShare: Math.max(0, 1 - lead.misses / hot.reads),
  });
  // Reads of many documents each shard is charged in full (each query's floor, gathered-reads.ts), not one item's.
  const gathered = gatheredData(analysis);
  if (gathered) Object.assign(data, gathered);
  const why: AdviceId = copiesPlan ? 'cachedBeforeCopiesWhy' : gathered ? 'cachedGatheredReadsWhy' : 'cachedReadsWhy';
  if (why === 'cachedReadsWhy') Object.assign(data, copiesData(analysis));
  const ids: AdviceId[] = ['cachedReadsLead', why];
  if (n === 1) ids.push('cachedWritesFit');
  else {
    const unsharded = at(1);
    const writeOver = unsharded.dimensions?.find((d) => !fits(d.load, d.usable));
    const fewer = at(n - 1);
    const source = layout === 'calculated' ? plan.sourceAttribute : undefined;
    const clause = shardingClause(analysis, n, 'key').map((id) => CACHED_SHARDING[id] ?? id);
    const bySize = n > (byLoad as number);
    ids.push((byLoad as number) > 1 ? 'cachedWritesShard' : 'cachedSizeShard', ...clause, bySize ? 'cachedShardsSizeWhy' : 'cachedShardsWhy');
    if (bySize) Object.assign(data, cachedSizeData(analysis, n, byLoad as number));
    Object.assign(data, {
      cachedWriteUsable: writeOver?.usable ?? 0,
      siblingShards: true,
      cachedShards: n,
      cachedLastShard: n - 1,
      cachedFewerShards: n - 1,
      cachedFewerTotal: fewer.stored + (fewer.share?.neighbours ?? 0),
      cachedFewerUsable: (fewer.share?.requestUnitsEach ?? 0) * headroom,
      ...(source !== undefined ? calculatedSourceData(analysis.space, analysis.owner.patternsOn(analysis.space), source) : {}),
      ...(analysis.space.sharding ? { declaredShards: analysis.space.sharding.shards, declaredStrategy: analysis.space.sharding.strategy } : {}),
    });
  }
  // The cache already leads: the alternative's own "and put the cache in front of its reads" (or its "; or put the cache
  // in front of the reads of the hottest value") is not said again.
  const alternative = withoutCacheClauses(raised?.ids ?? ['upstream']);
  return {
    ids: [...ids, ...orClauses, ...(alternative.length > 0 ? (['orUpstream', ...alternative] as AdviceId[]) : [])],
    // The raise's figures, its count (`shards`) among them, beside the lead's under names of their own.
    data: Object.assign({}, raised?.data, data) as MessageData,
    namesRaise: raised?.namesRaise ?? false,
  };
}

/** An alternative's clauses without those that put the cache in front of the reads, and without an "; or" they leave last. */
function withoutCacheClauses(ids: readonly AdviceId[]): AdviceId[] {
  const kept = ids.filter((id) => id !== 'andCacheReads' && id !== 'cacheHotReads');
  while (kept.length > 0 && kept[kept.length - 1] === 'orUpstream') kept.pop();
  return kept;
}

/**
 * The figures of a cache-led count its hottest value's size sets (`cachedShardsSizeWhy`): the value's GB, the usable GB
 * of one logical partition (its limit × headroom, as `sizeNeed` counts it), each shard's part, and the count its load
 * alone would take (undefined where that is 1: unsharded, its writes fit).
 */
function cachedSizeData(analysis: SpaceAnalysis, n: number, byLoad: number): MessageData {
  const size = keyValueSize(analysis) as KeyValueSize;
  return {
    cachedSizeGb: size.gb,
    cachedLimitGb: size.limitGb,
    cachedUsableGb: size.usableGb,
    cachedPartGb: size.gb / n,
    ...(byLoad > 1 ? { cachedLoadShards: byLoad } : {}),
  };
}

/**
 * The fix when no shard count fits the hottest value's physical partition at the current throughput, yet its own
 * ceiling (a Cosmos DB logical partition's 10,000 RU/s, which no capacity lifts: "Partitioning and horizontal
 * scaling") needs a count within maxShards: the container's RU/s are divided evenly among its physical partitions,
 * so a raise in place gives each shard room beside its neighbours ("Best practices for scaling provisioned
 * throughput"). Of the two raises `shardRaises` finds, the cheaper leads: the least raise at which a count within
 * maxShards fits, where that costs fewer RU/s than the one at which the fewest shards the key's own ceiling needs fit
 * (that one then follows, for a narrower fan-out); batching upstream stays the alternative. Its edits only where they
 * change a declared sharding's count (`recountEdits`): a new sharding is the user's choice; a raise that serves the key
 * alone, where the container's capacity is the cause (`keyOverOnlyByCapacity`), writes its edits (`raiseEdits`).
 * Where a raise serves the key unsharded (`throughputThatServes`, SG003's orRaiseThroughput), that raise is the fix,
 * unless the key's largest value needs shards for its size anyway (SG006, one plan: a raise leaves it too large) or
 * shards let a smaller raise serve (a 1,600 RU/s conversation on 60 storage-made partitions served as it
 * is at 168,000 RU/s, sharded at about a third of that); the raise as it is then follows as the alternative that keeps
 * the key. Undefined where that raise is the fix, or no raise serves a count within maxShards.
 */
function raiseAndShard(analysis: SpaceAnalysis, upstream: readonly AdviceId[], base: MessageData): Advice | undefined {
  const raises = shardRaises(analysis);
  if (!raises) return undefined;
  const { fewest, least } = raises;
  const asIs = throughputThatServes(analysis);
  const sizeNeedsShards = analysis.plan.needs.size > 1;
  if (asIs && !sizeNeedsShards && asIs.requestUnits <= Math.min(fewest.requestUnits, least?.requestUnits ?? Infinity)) return undefined;
  // A value over only because the container's average partition fills its share (the neighbours alone fill it,
  // `overOnlyByCapacity`): the container's RU/s are the cause, so the raise that serves the key as it is leads, alone,
  // with its edits (the RU/s, and the partition count it leaves where the message says to declare it), so one --fix
  // converges: at the container's line SG017's smaller raise alone would leave this finding with nothing to write (cap26).
  if (asIs && !sizeNeedsShards && keyOverOnlyByCapacity(analysis))
    return {
      ids: ['raiseServesKey', 'orUpstream', ...upstream],
      data: Object.assign({}, base, raiseFigures(RAISE, asIs)),
      edits: raiseEdits(analysis.design as CosmosKeyDesign, asIs, asIs.copies ?? 1),
      namesRaise: true,
    };
  const { plan, space, design } = analysis;
  const declared = space.sharding;
  const strategy = plan.layout;
  if (strategy !== 'random' && strategy !== 'calculated') return undefined;
  const source = plan.sourceAttribute;
  const calculated = strategy === 'calculated' && source !== undefined;
  const fanOut = fanOutPatterns(analysis, strategy, source);
  const cost = (raise: ShardRaise) => shardRaiseCost(analysis, raise, fanOut);
  // Remedies in the order of what they cost (cheaperFirst): the least raise leads where it costs fewer
  // RU/s than the fewest shards' once the reads its wider fan-out multiplies are counted, with its count in the sharding
  // clause; the fewest shards then follow as the alternative that buys a narrower fan-out with more RU/s.
  const leastLeads = least !== undefined && cheaperFirst(cost(least), cost(fewest)) < 0;
  const lead = least && leastLeads ? least : fewest;
  const n = lead.shards;
  const shardIds = shardingClause(analysis, n, 'key');
  const usable = lead.each * design.thresholds.headroom;
  // The container's peak at N shards, as the lead's neighbours count it (`chargedAt`: a fan-out's reads on every shard).
  const leadLoads = analysis.chargedAt(strategy, n);
  const leadPeak = leadLoads.reads + leadLoads.writes;
  if (fanOut.length > 0) shardIds.push('setFanOut');
  const why: AdviceId[] = leastLeads
    ? ['raiseThenShardLeastWhy', 'orFewestRaiseShards']
    : ['raiseThenShardWhy', ...(least ? (['orLeastRaiseShards'] as const) : [])];
  return {
    ids: ['raiseThenShard', ...shardIds, ...why, 'orUpstream', ...upstream],
    ...(recountEdits(analysis, lead, fanOut) ?? {}),
    data: Object.assign(
      {},
      base,
      raiseFigures(SHARD_RAISE, lead),
      least
        ? Object.assign(raiseFigures(LEAST_SHARD_RAISE, least), raiseFigures(FEWEST_SHARD_RAISE, fewest), {
            leastShards: least.shards,
            fewestShards: fewest.shards,
            leastFanOutReads: cost(least).reads,
            ...costFigures(design as CosmosKeyDesign, 'leastCost', cost(least).cost),
          })
        : {},
      {
        shards: n,
        lastShard: n - 1,
        ...(declared ? { declaredShards: declared.shards, declaredStrategy: declared.strategy } : {}),
        ...(calculated ? calculatedSourceData(space, analysis.owner.patternsOn(space), source) : {}),
        ...(fanOut.length > 0 ? { fanOutPatterns: fanOut.map((p) => p.name) } : {}),
        peakLoad: analysis.total.reads + analysis.total.writes,
        ...carriedLoadData(lead, leadPeak),
        // The peak at the lead's count, its fan-out included: SG003's own `carriedPeak` (the peak it judges today) wins a
        // merge of the two, so the derivation has a name of its own.
        shardCarriedPeak: carriedLoadData(lead, leadPeak).carriedPeak,
        headroom: design.thresholds.headroom,
        shardStoredLoad: lead.storedLoad,
        shardNeighbours: lead.storedNeighbours,
        shardTotal: lead.storedLoad + lead.storedNeighbours,
        shardUsable: usable,
      },
    ),
    // The raise that keeps the key (SG003's orRaiseThroughput) follows, unless the size needs the shards anyway.
    namesRaise: !asIs || sizeNeedsShards,
  };
}

/**
 * The edits of a raise-and-shard fix that changes a declared sharding's count (same strategy, same source): the raise
 * and the count, both, as SG017 writes a raise with the count SG008 asks for there (capacity-below-peak/cosmosdb.ts,
 * `fewerShardsOnceRaised`). The count is sized at the raised RU/s, so written alone, or the raise alone, it is judged
 * at RU/s it was not sized for, and a declared count would decide what the next lint asks (5 shards on 30,000 RU/s:
 * "lower to 3" at 30,000, where 3 draws "raise to 51,000, then 2"). None where the key is not yet sharded, or sharded
 * otherwise: a new key format is the user's choice among the fix's options.
 */
function recountEdits(analysis: SpaceAnalysis, raise: ShardRaise, fanOut: readonly AccessPattern[]): { edits: DesignEdit[] } | undefined {
  const { space, plan } = analysis;
  const declared = space.sharding;
  if (!declared || declared.strategy !== plan.layout || declared.sourceAttribute !== plan.sourceAttribute) return undefined;
  return {
    edits: [
      ...raiseEdits(analysis.design as CosmosKeyDesign, raise),
      {
        op: 'set',
        path: joinPath(space.path, 'sharding'),
        value: shardingValue(declared.strategy, raise.shards, plan.sourceAttribute, declared, declared.logicalAttribute),
      },
      ...fanOutEdits(fanOut),
    ],
  };
}

/**
 * What a raise-and-shard option costs in RU/s (`raiseCost`): its raise, or more where the reads its fan-out multiplies
 * (the patterns `fanOut` names and those that fan out already, counted as SG017 counts them, read-requests.ts) need
 * more RU/s at headroom than the raise gives. `reads`: that read peak.
 */
function shardRaiseCost(analysis: SpaceAnalysis, raise: ShardRaise, fanOut: readonly AccessPattern[]): CostedRaise & { readonly reads: number } {
  const fanning = new Set(fanOut);
  const reads = readRequestsOver(analysis, raise.shards, (p) => p.fanOut === true || fanning.has(p)).units;
  const cost = raiseCost(analysis.design as CosmosKeyDesign, raise.requestUnits, reads, analysis.total.writes);
  return { requestUnits: raise.requestUnits, count: raise.shards, cost, reads };
}

/**
 * The fix when the count the hottest value needs is above maxShards (no edits: a fan-out that wide is not a fix to
 * write). Where the ceiling that bites is the key's own, no capacity lifts it: a DynamoDB partition's 3,000 RCU /
 * 1,000 WCU ("Best practices for designing and using partition keys effectively"), a Cosmos DB logical partition's
 * 10,000 RU/s, which even a partition's redistributed throughput does not pass ("Partitioning and horizontal
 * scaling", "Redistribute throughput across partitions"); the load must shrink before it reaches the key, or the
 * reads accept the fan-out. Where it is its Cosmos DB physical partition's share of the container's RU/s, more RU/s
 * fix the key as it is ("Best practices for scaling provisioned throughput"): that leads, the rest follow at the
 * current throughput.
 */
function overMaxShards(analysis: SpaceAnalysis, upstream: readonly AdviceId[], data: MessageData, n: number): Advice {
  const unworkable = fanOutPastJudged(analysis, n);
  if (unworkable) return { ids: ['overMaxShardsFanOut', ...upstream], data: Object.assign({}, data, unworkable, sizeSetCountData(analysis, n)), shards: n };
  const pastQuota = pastQuotaAdvice(analysis);
  if (pastQuota)
    return {
      ids: ['overMaxShards', ...pastQuota.ids, 'orUpstream', ...upstream, 'orRaiseMaxShards'],
      data: Object.assign({}, data, pastQuota.data),
      shards: n,
    };
  const ids: AdviceId[] = ['overMaxShards', ...upstream, 'orRaiseMaxShards'];
  const raise = physicalBound(analysis.over) ? throughputThatServes(analysis) : undefined;
  if (!raise) return { ids, data, shards: n };
  return { ids: ['raiseServesKey', 'orAtCurrentThroughput', ...ids], data: Object.assign({}, data, raiseFigures(RAISE, raise)), shards: n, namesRaise: true };
}

/**
 * DynamoDB, where no count within maxShards fits at any warm throughput the default table-level quota allows: the
 * partitions past it (`pastQuotaLever`), then on-demand billing where it serves the same count. In the order of what
 * they cost: warm throughput is charged once for the increase (the quota raise is a request); on-demand bills every
 * request where provisioned capacity bills the hour ("On-demand capacity mode", "DynamoDB provisioned capacity mode"), so
 * a table busy most hours pays more for the same traffic, a cost only the designer's traffic shape decides; batching
 * the writes changes the application; a wider fan-out multiplies every read of the value. No edits: the warm throughput needs the quota raised first (throughput-quota.ts), and the billing mode is a
 * choice of cost only the designer can weigh. Undefined where the lever does not apply.
 */
function pastQuotaAdvice(analysis: SpaceAnalysis): { ids: AdviceId[]; data: MessageData } | undefined {
  const lever = analysis.once(pastQuotaLever);
  if (!lever) return undefined;
  return { ids: ['pastQuotaWarm', ...(lever.onDemandServes ? (['orOnDemandServes'] as const) : [])], data: pastQuotaFigures(analysis, lever) };
}

/** The figures `pastQuotaWarm` reads, of `lever`. */
function pastQuotaFigures(analysis: SpaceAnalysis, lever: PastQuotaLever): MessageData {
  const quota = quotaInForce(analysis.design as DynamoDbKeyDesign, 'table-level', lever.direction);
  return {
    warmIndex: analysis.space.index,
    warmFromPartitions: lever.fromPartitions,
    pastQuotaMost: lever.quotaPartitions,
    pastQuotaOf: quota.units,
    ...quotaFieldData(quota),
    pastQuotaDirection: lever.direction,
    pastQuotaUnits: lever.units,
    pastQuotaPartitions: lever.partitions,
    pastQuotaShards: lever.shards,
    ...(lever.keepsDeclared ? { pastQuotaKeeps: true } : lever.shards > 1 ? { pastQuotaReshard: true } : {}),
    pastQuotaStoredLoad: lever.storedLoad,
    pastQuotaNeighbours: lever.storedNeighbours,
    pastQuotaTotal: lever.storedLoad + lever.storedNeighbours,
    pastQuotaUsable: lever.storedUsable,
    pastQuotaUnit: lever.unit,
    ...warmPairFigures(lever.pair, 'pastQuota'),
  };
}

/**
 * A count past maxShards that its own fan-out undoes (Cosmos DB): every read that queries all shards of the value
 * (`fanOut`, or a whole-key read a calculated shard's source does not find) is one query per shard, each charged for
 * the page or document it loads ("Query an Azure Cosmos DB container"; read-requests.ts, as SG017 counts them), so at
 * N shards the container's peak passes the usable RU/s the count was judged at, and the neighbours that count was sized
 * beside are heavier than it assumed. Withheld, not capped: no smaller count serves the value, and "raise maxShards"
 * would offer one that cannot. The reads at N, and the RU/s they are judged against; undefined where they fit.
 */
function fanOutPastJudged(analysis: SpaceAnalysis, n: number): MessageData | undefined {
  const share = analysis.physical;
  if (share === undefined) return undefined;
  const { space, plan } = analysis;
  const strategy = plan.layout === 'random' || plan.layout === 'calculated' ? plan.layout : 'random';
  const source = plan.sourceAttribute ?? space.sharding?.sourceAttribute;
  const fans = (p: AccessPattern) => p.fanOut === true || needsEveryShard(space, p, strategy, source);
  const reads = readRequestsOver(analysis, n, fans);
  const usable = share.requestUnits * analysis.design.thresholds.headroom;
  if (reads.fanOut === undefined || fits(reads.units + analysis.total.writes, usable)) return undefined;
  return { fanOutPatterns: reads.fanOut.patterns, fanOutAtCount: reads.units, judgedRu: share.requestUnits, judgedUsable: usable };
}

/**
 * The fix when a flat key's shard count at the current throughput is decided by a sliver: the container's peak leaves
 * less than MIN_SPARE_FOR_COUNTS of its usable RU/s free (`roomForCounts`), and the count is set by the neighbours each
 * shard meets on its physical partition (1/P of the rest of the container's load), not by the key's own ceiling. There
 * the count grows as 1 ÷ the room left (6,300 of 6,400 usable RU/s: 32 shards; 6,350: 64), as the rule for bucket
 * counts (prefix-ingestion.ts) found: said, not offered, and the raise in place that serves the key leads (Cosmos DB
 * divides a container's RU/s evenly among its physical partitions, "Partitioning and horizontal scaling"). So is a count
 * judged at SG017's raise (`raisedFrom`: the container's peak above its usable RU/s), whose peak fills its usable RU/s
 * by construction (a date key's shards there, each the container's average value, fit only at that
 * line, 41 of them by a fraction of an RU/s). Undefined where the count is not a sliver's, or no raise serves.
 */
function sliverShards(analysis: SpaceAnalysis, upstream: readonly AdviceId[], data: MessageData, n: number): Advice | undefined {
  const share = analysis.physical;
  const container = analysis.owner.profile.containerOf?.(analysis.design);
  if (!share || !container) return undefined;
  const { headroom } = analysis.design.thresholds;
  const peak = analysis.charged.reads + analysis.charged.writes;
  if (roomForCounts(peak, share.requestUnits, headroom)) return undefined;
  const layout = analysis.plan.layout as 'random' | 'calculated';
  const own = smallestCount(
    (k) => k > 1 && allFit(analysis.owner.profile.loadDimensions(storedKeyLoads(analysis.hot, layout, k, analysis.readsSpread), headroom)),
  );
  if (own !== undefined && own >= n) return undefined;
  const spareData = {
    spare: Math.max(0, 1 - peak / (headroom * share.requestUnits)),
    minSpare: MIN_SPARE_FOR_COUNTS,
    physicalPartitions: share.count,
    ...carriedLoadData(share, peak),
    ...(share.raisedFrom ? { capacityRaiseTo: share.requestUnits } : {}),
  };
  const raise = throughputThatServes(analysis);
  if (raise)
    return {
      ids: ['raiseServesKey', share.raisedFrom ? 'orAtCapacityRaise' : 'orAtCurrentThroughput', 'sliverCount', ...upstream],
      data: Object.assign({}, data, spareData, raiseFigures(RAISE, raise)),
      edits: raiseEdits(container, raise, raise.copies ?? 1),
      shards: n,
      namesRaise: true,
    };
  // Over its own ceiling too: the raise at which shards fit leads, with its own count (today's is not offered).
  return raiseAndShard(analysis, upstream, Object.assign({}, data, { maxShards: analysis.design.thresholds.maxShards }));
}

/**
 * The edits that key an index by a separate shard attribute (`orderStatus` → `orderStatusShard`, a string
 * `<value>#<n>`) and make the queries on the index give it, as AWS's GSI write sharding does
 * ("Using global secondary index write sharding for selective table queries"). The attribute keeps the
 * logical key's cardinality and kind. Undefined for a multi-attribute key: which attributes the shard
 * attribute joins, and how, is the designer's choice, so the fix stays advice.
 */
function separateShardAttribute(analysis: SpaceAnalysis, shardAttribute: string): DesignEdit[] | undefined {
  const { space } = analysis;
  if (space.partitionKey.length !== 1) return undefined;
  const key = space.partitionKey[0];
  const keyPath = key.path;
  const rename = (names: readonly string[]) => names.map((name) => (sameAttribute(name, key.name) ? shardAttribute : name));
  return [
    { op: 'set', path: joinPath(keyPath, 'name'), value: shardAttribute },
    // The shard attribute holds "<value>#<n>": a string, whatever the logical attribute's type.
    { op: 'set', path: joinPath(keyPath, 'type'), value: 'S' },
    // Its name must not change what the key is: a time bucket stays one (SG002), a value stays a value.
    ...(inferredKind(shardAttribute, key.components) !== key.kind ? [{ op: 'set' as const, path: joinPath(keyPath, 'kind'), value: key.kind }] : []),
    ...analysis.owner
      .patternsOn(space)
      .filter((p) => carries(p, key.name))
      .map((p): DesignEdit => ({ op: 'set', path: joinPath(p.path, 'keyAttributes'), value: rename(p.keyAttributes) })),
  ];
}

/**
 * Where a new sharding puts the shard: `key`, in the key's own value (a table's key); `index`, in a separate attribute
 * that replaces an index's key attribute and holds its value and the shard; `attribute`, in an attribute of its own
 * added to an index's multi-attribute key (`addsKeyAttribute`).
 */
type ShardForm = 'key' | 'index' | 'attribute';

/** Where a new sharding of `analysis`'s key puts the shard: an index key not yet a separate shard attribute takes one. */
function shardFormOf(analysis: SpaceAnalysis): ShardForm {
  const { space } = analysis;
  if (space.index === undefined || space.sharding?.logicalAttribute !== undefined) return 'key';
  return addsKeyAttribute(analysis) ? 'attribute' : 'index';
}

/** The clause of a new sharding, by where the shard goes (`ShardForm`). */
const NEW_SHARDING = {
  calculated: { key: 'shardCalculated', index: 'shardCalculatedIndex', attribute: 'shardCalculatedKeyAttribute' },
  random: { key: 'shardRandom', index: 'shardRandomIndex', attribute: 'shardRandomKeyAttribute' },
} as const satisfies Record<'calculated' | 'random', Record<ShardForm, AdviceId>>;

/**
 * Whether an index's key is a multi-attribute key with room for one more attribute (DynamoDB: up to 4 in a GSI partition
 * key, AWS "Multi-attribute keys pattern"): its shard then goes in an attribute of its own, typed as a number, added to
 * the key, rather than in a string that concatenates the typed key.
 */
function addsKeyAttribute(analysis: SpaceAnalysis): boolean {
  const { partitionKey } = analysis.space;
  return partitionKey.length > 1 && partitionKey.length < analysis.owner.profile.maxKeyLevels;
}

/** The shard attribute a new index sharding names: added to a multi-attribute key, `shard` (or `<index>Shard` if taken); else `shardAttributeName`. */
function shardAttributeOf(analysis: SpaceAnalysis, form: ShardForm): string {
  const { space } = analysis;
  if (form !== 'attribute') return shardAttributeName(space.partitionKey);
  const taken = [...space.partitionKey, ...space.sortKey].some((a) => sameAttribute(a.name, 'shard'));
  return taken
    ? shardAttributeName([{ name: `${space.index}`.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase()) }])
    : 'shard';
}

/**
 * The edits that add a shard attribute to an index's multi-attribute partition key (`addsKeyAttribute`): a number, its
 * `cardinality` 1 since a key's cardinality counts its values before sharding (the sharding's N counts the shards), and
 * each query that gives the whole key gives it too, one query per shard (its `fanOut` is set beside).
 */
function addedShardAttribute(analysis: SpaceAnalysis, shardAttribute: string): DesignEdit[] {
  const { space } = analysis;
  const names = space.partitionKey.map((a) => a.name);
  return [
    { op: 'set', path: joinPath(space.partitionKeyPath, space.partitionKey.length), value: { name: shardAttribute, type: 'N', cardinality: 1 } },
    ...analysis.owner
      .patternsOn(space)
      .filter((p) => names.every((name) => carries(p, name)))
      .map((p): DesignEdit => ({ op: 'set', path: joinPath(p.path, 'keyAttributes'), value: [...p.keyAttributes, shardAttribute] })),
  ];
}

/** The separate index key attribute a sharded GSI key suggests: `shipmentStatus` → `shipmentStatusShard`. */
function shardAttributeName(key: readonly { readonly name: string }[]): string {
  return `${key.map((a, i) => (i === 0 ? a.name : a.name.charAt(0).toUpperCase() + a.name.slice(1))).join('')}Shard`;
}

/**
 * The directions of the hottest value's load that its fix must relieve (else a bot that only reads is
 * told to batch its writes), from the loads the design declares or observe measured, never from the text: on a
 * dimension of its own (DynamoDB's reads and writes), the one over its ceiling; on one budget (Cosmos DB RU/s), the
 * direction that carries the larger part of the load, and the other too where it is over the ceiling by itself
 * (relieving the first alone would leave the key over). A cache serves reads only, batching upstream writes only
 * (domain brief: write sharding does not help a read-hot key). Where no load is over (a key sharded for its size),
 * the writes, as before.
 */
function loadDirections(analysis: SpaceAnalysis): { readonly reads: boolean; readonly writes: boolean } {
  const sharding = analysis.space.sharding;
  const stored = storedKeyLoads(analysis.hot, sharding?.strategy ?? 'none', sharding?.shards ?? 1, analysis.readsSpread);
  const carries = (own: number, other: number, usable: number) => own > 0 && (own >= other || !fits(own, usable));
  let reads = false;
  let writes = false;
  for (const d of analysis.over) {
    reads ||= d.label === 'read' || (d.label === 'request' && carries(stored.reads, stored.writes, d.usable));
    writes ||= d.label === 'write' || (d.label === 'request' && carries(stored.writes, stored.reads, d.usable));
  }
  return reads || writes ? { reads, writes } : { reads: false, writes: true };
}

/**
 * A level to add to a prefix-routed (hierarchical) key with room for one, and the whole key it makes
 * (`order`, the level at `at`): the order SG002 and SG004 ask for (reorder.ts's fixedOrder), with the
 * new level of many values after the business levels and before any time bucket or unique id, so the
 * text never suggests a key another rule rejects; none when the declared queries pin another order.
 * `attribute`: the one the queries give with the key, when there is one. A function of the key space: the plan's fix,
 * `levelFirst` and SG006's `finerLevelForSize` read it through `analysis.once`, so it is made once per lint.
 */
function deeperLevel(analysis: SpaceAnalysis): { order: readonly string[]; at: number; attribute?: string } | undefined {
  const levels = analysis.space.partitionKey;
  const { routing, maxKeyLevels } = analysis.owner.profile;
  if (routing !== 'key-prefix' || levels.length >= maxKeyLevels || namedReadsOverAnyKey(analysis)) return undefined;
  // The new level has many values, more than any business level: fixedOrder puts it after them. With the level the
  // declared queries give most first, as SG004 orders a key (no query gives the new level, so it never leads here).
  const added: KeyAttribute = { name: '', path: '', cardinality: Number.MAX_SAFE_INTEGER, kind: 'value', components: [] };
  const withLevel = withQueriedLevelFirst(analysis.owner, fixedOrder([...levels, added]));
  // Declared queries that pin another order leave no level to add that SG004 would accept.
  if (withLevel[0] !== added && !analysis.owner.keepsQueriesTargeted(withLevel[0].name)) return undefined;
  // A key whose queries give another level more often than its first (SG004's queryLedOrder) is settled by its order
  // first: a level added to it keeps an order SG004 may ask to change.
  if (queriesLeadElsewhere(analysis.owner)) return undefined;
  const ordered = withLevel.filter((l) => l !== added);
  const order = ordered.map((l) => l.name);
  const patterns = analysis.owner.patternsOn(analysis.space);
  const candidate = calculatedShardCandidate(analysis.space, patterns);
  const attribute = candidate === undefined || candidate.startsWith('/') ? candidate : `/${candidate}`;
  const known = attribute !== undefined && !order.some((name) => sameAttribute(name, attribute));
  // The queries give the new level more often than the key's first: it goes first, where SG004 would order it.
  const leads = known && crossingWithAddedFirst(analysis, attribute) < analysis.owner.crossPartition(order[0]).share - 1e-9;
  if (known) return { order, at: leads ? 0 : withLevel.indexOf(added), attribute };
  return { order, at: afterQueriedPrefix(withLevel.indexOf(added), ordered, patterns) };
}

/**
 * Whether the reads the declared queries aim at one value of the key (`keyValue`) are alone over what one logical
 * partition serves at headroom (10,000 RU/s, https://learn.microsoft.com/azure/cosmos-db/concepts-limits: "Maximum RUs
 * per partition (logical & physical)"). Such a query gives the whole key, a level added to it included, so on any key
 * those reads land on one logical partition, which never spans physical partitions: a new level leaves that value over,
 * and the rule that judges the new key (SG002, SG003) says so.
 */
function namedReadsOverAnyKey(analysis: SpaceAnalysis): boolean {
  const busiest = Math.max(0, ...[...namedValues(analysis.owner, analysis.space).values()].map((v) => v.share));
  const reads = analysis.total.reads * Math.min(1, busiest);
  return !allFit(analysis.owner.profile.loadDimensions({ reads, writes: 0 }, analysis.design.thresholds.headroom));
}

/**
 * The share of the declared queries that would cross partitions with `attribute`, a level the key adds, first. A query
 * that names one value of the key (`keyValue`) gives all of it, so on the new key it gives that level too (a design whose
 * pattern names a value without giving every level is refused, normalize-usage.ts), and stays targeted.
 */
function crossingWithAddedFirst(analysis: SpaceAnalysis, attribute: string): number {
  const crossing = analysis.owner.crossPartition(attribute).patterns.filter((p) => p.keyValue === undefined);
  return crossing.reduce((sum, p) => sum + p.share, 0);
}

/**
 * Where a new level whose values the queries do not give goes: at `at` (before any time bucket or unique id), unless a
 * declared query reads a deeper prefix of the key (`/tenantId`, `/day`): a level between would break that prefix, and
 * the query would fan out over every partition of its first-level value ("Hierarchical partition keys": a query is
 * routed by the prefix it gives). It then goes after the deepest level a query gives by prefix (`/tenantId` → `/day` →
 * the new level), which keeps every declared query targeted. A new first level (`at` 0) stays: keepsQueriesTargeted
 * judged it.
 */
function afterQueriedPrefix(at: number, levels: readonly KeyAttribute[], patterns: readonly AccessPattern[]): number {
  if (at === 0) return at;
  let deepest = at;
  for (const pattern of patterns) {
    const given = levels.findIndex((level) => !givesAttribute(pattern, level));
    deepest = Math.max(deepest, given < 0 ? levels.length : given);
  }
  return deepest;
}

/**
 * The level a size fix (SG006) can add below a flat key where the plan's own fix does not lead with one (`levelFirst`):
 * a hierarchical key lets one value hold more than 20 GB whatever its load, so SG006 offers it even where SG003's load
 * needs shards, which the plan's fix then leaves out ("Hierarchical partition keys"). Undefined where no level can be
 * added, or the plan's fix names it already.
 */
export function finerLevelForSize(analysis: SpaceAnalysis): MessageData | undefined {
  // A flat key only: on a hierarchical key a further level spreads neither the load nor, for its first level, the
  // ingestion, and the shared plan decides.
  if (analysis.space.partitionKey.length !== 1) return undefined;
  const level = analysis.once(deeperLevel);
  if (level === undefined || level.attribute !== undefined || level.at === 0) return undefined;
  // The hot value stays the first level's, at its share and size: over there, the deeper key is refused (SG003).
  if (keptAsFirstLevelOverloaded(analysis.design)) return undefined;
  return Object.assign(
    { keyOrder: level.order, levelAt: level.at, levels: levelsText(level.order, level.at, '(the new level)') },
    movedFigures(analysis, level.at),
  );
}

/**
 * The flat key's figures declared for its hottest value in the workload and storage (`MOVED_FIGURES`), where a proposed
 * hierarchical key puts its new level at `at`: below the key (`at` > 0), each as the first level's own field
 * (`keptFigures`, and `movedFigures`/`movedTo` for tools); first (`at` 0), to remove (`splitFigures`, no `movedTo`). A
 * level's own figures move with it. Nothing where none is declared so.
 */
function movedFigures(analysis: SpaceAnalysis, at: number): MessageData {
  const { design, space } = analysis;
  if (space.partitionKey.length !== 1) return {};
  const { hotKeyShare, hotKeyShareSource, hotKeyShareAt, hotKeyShareLevel } = space.workload;
  const figures: { from: string; field: 'hotKeyShare' | 'largestGb'; value: number }[] = [];
  // Under a new first level, any share the workload declares (the new key reads it as the full key's, whatever the flat
  // key made of it: a time bucket's 1/5 is uniform there); kept below, only one above uniform says where the value is hot.
  const shareDeclared = at === 0 || hotKeyShareSource === 'declared';
  if (shareDeclared && hotKeyShareLevel === undefined && hotKeyShareAt !== undefined)
    figures.push({ from: hotKeyShareAt, field: 'hotKeyShare', value: hotKeyShare });
  if (design.largestPartitionGb !== undefined && design.largestPartitionGbSource !== 'derived' && design.largestPartitionGbLevel === undefined)
    figures.push({ from: design.largestPartitionGbAt ?? 'storage.largestPartitionGb', field: 'largestGb', value: design.largestPartitionGb });
  if (figures.length === 0) return {};
  const level = space.partitionKey[0].path;
  if (at === 0) return { splitFigures: figures.map((f) => code(f.from)).join(' and '), movedFigures: figures.map((f) => f.from) };
  return {
    keptFigures: figures.map((f) => `${code(f.from)} ${fmt(f.value)} as ${code(joinPath(level, f.field))}`).join(' and '),
    movedFigures: figures.map((f) => f.from),
    movedTo: figures.map((f) => joinPath(level, f.field)),
  };
}

/** "`/country` → the new level → `/yyyyMM`": the levels a suggested hierarchical key would have. */
function levelsText(order: readonly string[], at: number, level: string): string {
  const names = order.map(code);
  return [...names.slice(0, at), level, ...names.slice(at)].join(' → ');
}

/**
 * The edit of a Cosmos DB container's declared size that `copies` replicated copies of every document make (none when it
 * stays): each copy is a document of its own, so the container stores `copies` × one copy's GB, and counts one physical
 * partition per 50 GB of it ("Partitioning and horizontal scaling"). `storage.totalGb` holds what the container stores
 * (`storedGb`), so a fix that changes the copies writes it, and the next lint counts the partitions the copies make.
 */
function storedCopies(analysis: SpaceAnalysis, copies: number): DesignEdit[] {
  const { design, space } = analysis;
  const gb = space === design.primaryKey ? storedGb(design, copies) : undefined;
  if (gb === undefined || !('totalGb' in design) || Math.abs(gb - (design.totalGb ?? 0)) < 0.005) return [];
  return [{ op: 'set', path: 'storage.totalGb', value: Math.round(gb * 100) / 100 }];
}

/** The edits that mark each of `fanOut`'s patterns as querying every shard. */
function fanOutEdits(fanOut: readonly AccessPattern[]): DesignEdit[] {
  return fanOut.map((p): DesignEdit => ({ op: 'set', path: joinPath(p.path, 'fanOut'), value: true }));
}

function shardingValue(
  strategy: string,
  shards: number,
  sourceAttribute: string | undefined,
  declared: Sharding | undefined,
  logicalAttribute?: string,
): Record<string, unknown> {
  const separator = declared?.separator;
  // What the design declared about a source it keeps (its cardinality, whether it changes) stays declared.
  const kept = declared !== undefined && sourceAttribute !== undefined && declared.sourceAttribute === sourceAttribute;
  return {
    strategy,
    shards,
    ...(sourceAttribute !== undefined ? { sourceAttribute } : {}),
    ...(kept && declared.sourceCardinality !== undefined ? { sourceCardinality: declared.sourceCardinality } : {}),
    ...(kept && declared.sourceMutable !== undefined ? { sourceMutable: declared.sourceMutable } : {}),
    ...(separator !== undefined && separator !== '#' ? { separator } : {}),
    ...(logicalAttribute !== undefined ? { logicalAttribute } : {}),
    // A count changed on a sharding of the hottest values only keeps it so (hot-values.ts).
    ...(declared?.hotValues !== undefined && strategy !== 'replicated' ? { hotValues: declared.hotValues } : {}),
  };
}

/** The least charge of each query as a floor (`queryFloor` units, covering `queryFloorKb` KB), where the engine's is one
 *  (Cosmos DB: about 2.5 RU, the profile's `queryCharge`); undefined where it is whole units of a size (DynamoDB). */
function queryFloorData(analysis: SpaceAnalysis): { readonly queryFloor: number; readonly queryFloorKb: number } | undefined {
  const charge = analysis.owner.profile.queryCharge;
  return charge === undefined || charge.wholeUnits ? undefined : { queryFloor: charge.minimumUnits, queryFloorKb: charge.minimumUnits * charge.kbPerUnit };
}
