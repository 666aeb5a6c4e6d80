/**
 * Sharding only the hot value: where one declared value (a whale tenant, a bot user) is over its partition and
 * every other value fits unsharded, the fix shards that value alone (`sharding.hotValues: 1`), not every value of the
 * key. Sharding every value makes every value's reads fan out over N for the load of one; AWS puts the suffix where the
 * writes concentrate ("Using write sharding to distribute workloads evenly"; "Best practices for designing and using
 * partition keys effectively": a hot key value is the problem, not the key), and Azure's synthetic key is a value
 * the application builds ("Create a synthetic partition key"), which it may build for some values only. N is the
 * plan's, sized by that value's load alone: the one count `shardsFor()` gives for one key. The others are judged
 * unsharded, at an even part of what the hottest leaves (the model knows one value's share, as SG003 does).
 */
import { joinPath } from '../design/field-path';
import type { Loads } from '../design/sharding';
import { allFit, fits, largestShare, nearestToCeiling } from '../design/sharding';
import type { LoadDimension } from '../engines';
import type { SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { mayShardHotValueAlone, movingHotValue } from './hot-value-alone';
import { raisedLayoutAt } from './physical-partition';
import { restLoads } from './rest-loads';
import type { MessageData } from './rule';
import { sourceReadsText } from './source-reads';
import { warmLever } from './warm-partitions';

/**
 * The next hottest value, left unsharded, fits: at an even part of the rest, in what its partition's usable ceiling
 * leaves beside its neighbours' expected load (both figures said where neighbours are counted). Where the hottest value
 * takes all the traffic (`hotKeyShare: 1`), no other value has a load to quote (`restIdle`): said so, not "at 0 WCU".
 * The design declares one hottest value; the fix assumes no second one passes `otherMaxShare`, which it names, and
 * that the hottest is known ahead and stays: where not, the field that says so (`workload.hotKeyMoves`) is named, since
 * with it the fix shards every value (hot-value-alone.ts, `movingHotValue`). Its
 * neighbours hold the hottest value's shards, which the finding's figure for the hottest value leaves out: said, so the
 * two neighbour figures of one finding read as different sums, not a contradiction.
 */
const NEXT_HOTTEST_FITS =
  "({{?restIdle}}no other value carries traffic, the hottest taking all of it{{/restIdle}}{{!restIdle}}the next hottest{{listedHot|one=|other= value the list leaves out}}, at {{restLoad}} {{restUnit}} if the other values share the rest evenly, fits unsharded {{/restIdle}}{{?restBeside}}in its partition's usable {{restUsableAlone}} {{restUnit}} less its neighbours' expected {{restBeside}} {{restUnit}} (the other {{restOthers}} {{restUnit}} ÷ {{restPartitions}} partitions, the hottest value's {{restHottest}} {{restUnit}} among them, in its shards, which the hottest value's own neighbours leave out): {{restUsable}} {{restUnit}} left{{/restBeside}}{{?restAlone}}in its usable {{restUsable}} {{restUnit}}{{/restAlone}}; {{?otherMaxShare}}this assumes no {{listedHot|one=other|other=unlisted}} value takes more than {{otherMaxShare|percent}} of the peak, the most one can and still fit unsharded: where one does, shard every value instead; {{/otherMaxShare}}where which value is hot is not known ahead or moves, set {{hotKeyMovesField|code}} to true, and the fix shards every value)";

/**
 * Which values a fix shards: the hottest alone, or where the design already lists its hottest values
 * (`sharding.hotValues`, `listedHot`) every listed one, each into N shards as SG003 judges a declared list.
 */
const WHICH_HOT = 'the {{listedHot|one=hottest|other=# hottest}} {{key|key}} {{listedHot|one=value|other=values the design lists}}';
const LISTED_COUNT = 'sharding.hotValues: {{listedHot}}';
const HOT_VALUE = 'hot {{listedHot|one=value|other=values}}';
const THAT_VALUE = '{{listedHot|one=that value|other=a listed value}}';

/** A value listed later: its items written before keep the plain key until they are rewritten. */
const LISTED_LATER = '; a value added to the list later keeps its unsharded items, so its reads also query the plain key until they are moved';

/**
 * The separate attribute an index is keyed by where only its hottest value is sharded: on every item, since an item
 * without the index key has no entry in the index (AWS, "Best practices for global secondary indexes": sparse
 * indexes), holding the plain value for every value but the listed one.
 */
const INDEX_ATTRIBUTE =
  'key index {{index|code}} by a separate attribute the application writes on each item, instead of by {{key|key}} itself: {{shardAttribute|code}} = {{key|key}} for every value but {{listedHot|one=the hottest, which alone takes|other=the # hottest the design lists, which alone take}} {{key|key}}';
const INDEX_OTHERS =
  'the application keeping the ' +
  HOT_VALUE +
  ' in a list in its configuration and writing the attribute on every item, since an item without it has no entry in the index';

export const HOT_VALUES_MESSAGES = {
  shardRandomHot: `shard only ${WHICH_HOT}, into N = {{shards}} random shards (value#0…value#{{lastShard}}), and leave every other value as it is (${LISTED_COUNT}): the application keeps the ${HOT_VALUE} in a list in its configuration and appends the random suffix to its writes alone; every read of ${THAT_VALUE} must then fan out over all {{shards}} shards, while a read of any other value stays one query ${NEXT_HOTTEST_FITS}${LISTED_LATER}`,
  shardCalculatedHot: `shard only ${WHICH_HOT}, into N = {{shards}} calculated shards on {{sourceAttribute|code}} (value#hash({{sourceAttribute}}) mod {{shards}}), and leave every other value as it is (${LISTED_COUNT}): the application keeps the ${HOT_VALUE} in a list in its configuration and appends the suffix to its writes alone; ${sourceReadsText(`a read of ${THAT_VALUE} for one {{sourceAttribute}} hits one shard`, 'only whole-value reads fan out over {{shards}}', `every read of ${THAT_VALUE} as a whole fans out over all {{shards}}`)}, while a read of any other value stays one query ${NEXT_HOTTEST_FITS}${LISTED_LATER}`,
  // An index key: the shard goes in a separate attribute written on every item, suffixed for the listed value alone.
  shardRandomIndexHot: `${INDEX_ATTRIBUTE} + "#" + a random 0…{{lastShard}} (N = {{shards}} random shards; ${LISTED_COUNT}), ${INDEX_OTHERS}; every read of ${THAT_VALUE} must then query all {{shards}}, while a read of any other value queries its plain value once ${NEXT_HOTTEST_FITS}${LISTED_LATER}`,
  shardCalculatedIndexHot: `${INDEX_ATTRIBUTE} + "#" + hash({{sourceAttribute}}) mod {{shards}} (N = {{shards}} calculated shards; ${LISTED_COUNT}), ${INDEX_OTHERS}; ${sourceReadsText(`a read of ${THAT_VALUE} for one {{sourceAttribute}} queries one shard`, 'only reads of its whole value query all {{shards}}', `every read of ${THAT_VALUE} as a whole queries all {{shards}}`)}, while a read of any other value queries its plain value once ${NEXT_HOTTEST_FITS}${LISTED_LATER}`,
  // A count changed on a sharding of the hottest values only, whose other values would then be over unsharded.
  everyValueNow: ', for every value (remove sharding.hotValues): the others, unsharded, would be over their partition too',
  // A key whose workload declares its hottest value not known ahead or moving: the whole key is sharded, and says why.
  everyValueMovesDeclared:
    "; every value, not the hottest alone: {{hotKeyMovesField|code}} says which {{key|key}} value is the hottest is not known ahead or moves (any value can be the hot one: an alert storm at whichever site alerts), and a list of hot values in the application's configuration would miss the one hot at the time, which would take its whole share unsharded; so every value's reads fan out over the shards",
  // A key named like a category that trends: its hottest value moves, so the whole key is sharded, the hottest alone the alternative.
  everyValueMoves:
    "; every value, not the hottest alone: {{key|key}} is named like a category that trends (a hashtag, a topic), whose hottest value moves, and a list of hot values in the application's configuration would trail it, each value listed late keeping its unsharded items; where the hot value is known ahead and stays, shard it alone instead (sharding.hotValues: 1), which keeps every other value's reads to one query",
  // A key whose components declare a time bucket: its hot value is the current bucket's, a new value each bucket.
  everyValueMovesBucket:
    "; every value, not the hottest alone: {{key|key}} carries a time bucket among its components, so its hottest value is the current bucket's (this month's, for a month), a new value when the bucket turns, and a list of hot values in the application's configuration would trail it, each new bucket's value unsharded until listed",
  // A key named like a map cell: its hot cells move with the crowd and are several at once; a finer cell is geo's own fix.
  everyValueMovesGeo:
    "; every value, not the hottest alone: {{key|key}} is named like a geospatial cell (a geohash, an H3 or S2 cell), whose hot cells move with the crowd (downtown at rush hour, an airport, a stadium) and are several at once, and a list of hot values in the application's configuration would trail them, each value listed late keeping its unsharded items; or key dense areas by finer cells instead (a longer geohash, a finer H3 or S2 level, chosen by how densely the locations fall), which gives each crowd more key values, a search there then querying more, smaller cells; where a hot cell is known ahead and stays, shard it alone (sharding.hotValues: 1)",
  // A whale among a few values, whose next hottest would be over unsharded: the whole key is sharded, and says why.
  everyValueWhy:
    '; every value, not the hottest alone (sharding.hotValues): the next hottest, at {{restLoad}} {{restUnit}} unsharded, would be over the usable {{restUsable}} {{restUnit}} its own partition leaves it beside the rest of the load',
} as const;

export type HotValuesId = keyof typeof HOT_VALUES_MESSAGES;

/** The new-sharding clauses a hot-values fix takes the place of. */
const WHOLE_KEY: Readonly<Record<string, HotValuesId>> = {
  shardRandom: 'shardRandomHot',
  shardCalculated: 'shardCalculatedHot',
  shardRandomIndex: 'shardRandomIndexHot',
  shardCalculatedIndex: 'shardCalculatedIndexHot',
};

/**
 * Whether the key space's write sharding should be of its hottest value only: a table's, container's or global
 * secondary index's one-attribute key (not a time bucket, SG002's), whose hottest value's share is declared above the even one, whose shards are for
 * that load (not for the largest value's size), not declared sharded whole already, and whose next hottest value fits
 * its partition unsharded. Undefined where not; else the figures the clause quotes. `judge`: the ceilings a key meets
 * on the partitions the fix makes, where it makes more (warm throughput, `warmLever`), else those counted now.
 *
 * The next hottest value is judged on the partitions the fix's count is sized on, beside the same neighbours
 * (1/P of the rest of the key space's load): sharding every value lowers no partition's average load, so on one P the
 * hottest value's shards fit only where an unsharded value lighter than one of them fits too. Judged on the partitions
 * counted before a pre-warm, a provisioned table at peak ÷ headroom (every partition averaging the usable ceiling)
 * found its 0.32 WCU merchants over and sharded all 20,000 for one.
 */
export function hotValuesOnly(a: SpaceAnalysis, judge?: (loads: Loads) => readonly LoadDimension[]): MessageData | undefined {
  // Whether the hottest value moves is read off the key's name: asked only of a key that qualifies by its plan.
  if (!qualifiesAlone(a) || movingHotValue(a) !== undefined) return undefined;
  const rest = restJudged(a, judge);
  return rest?.fit ? rest.data : undefined;
}

/** Whether the key space's plan is a write sharding of a key that may shard its hottest value alone (`mayShardHotValueAlone`). */
function qualifiesAlone(a: SpaceAnalysis): boolean {
  const { plan } = a;
  return (plan.layout === 'random' || plan.layout === 'calculated') && mayShardHotValueAlone(a, plan.needs.size);
}

/**
 * The `sharding.hotValues` a fix that shards the key anew would declare (`withHotValuesOnly`: 1 where the next hottest
 * value fits unsharded, judged on `judge`'s partitions where the fix makes more), for what that fix's fan-out costs
 * (read-requests.ts): only the listed value's reads then fan out. Undefined where the key is sharded already (its
 * declared `hotValues` counts) or the fix shards every value.
 */
export function proposedHotValues(a: SpaceAnalysis, judge?: (loads: Loads) => readonly LoadDimension[]): number | undefined {
  return a.space.sharding === undefined && hotValuesOnly(a, judge) !== undefined ? 1 : undefined;
}

/**
 * The next hottest value of a key that qualifies for a sharding of its hottest value alone, judged unsharded beside its
 * own neighbours (`valueDimensions`, or `judge`'s partitions where the fix makes more), with the figures the clauses
 * quote: the nearest to its ceiling where it fits, the worst over where not. Undefined where the key does not qualify.
 */
function restJudged(a: SpaceAnalysis, judge?: (loads: Loads) => readonly LoadDimension[]): { readonly fit: boolean; readonly data: MessageData } | undefined {
  if (!qualifiesAlone(a)) return undefined;
  const rest = restLoads(a);
  if (rest === undefined) return undefined;
  // No load but the hottest value's: nothing else can be over its partition by its own load.
  if (rest.reads <= 0 && rest.writes <= 0) return { fit: true, data: { restIdle: true } };
  const dimensions = judge ? judge(rest) : a.valueDimensions(rest);
  const fit = allFit(dimensions);
  const worst = nearestToCeiling(fit ? dimensions : dimensions.filter((d) => !fits(d.load, d.usable)));
  // Where neighbours are counted, what is usable is the partition's headroom less their expected load: both are said.
  // Its neighbours as the hottest value's are counted, 1/P of every other value's load: the hottest's own among them.
  const { neighbours } = worst;
  const beside =
    neighbours && neighbours.load > 0
      ? {
          restUsableAlone: neighbours.usableAlone,
          restBeside: neighbours.load,
          restOthers: Math.max(0, neighbours.total - worst.load),
          restPartitions: neighbours.partitions,
          restHottest: worst.label === 'read' ? a.hot.reads : a.hot.writes,
        }
      : { restAlone: true };
  const other = fit ? otherMaxShare(a, judge) : undefined;
  return { fit, data: Object.assign({ restLoad: worst.load, restUsable: worst.usable, restUnit: worst.unit }, beside, other) };
}

/**
 * The most of the peak one value besides the hottest can take and still fit unsharded, judged as the next hottest is
 * (`judge`'s partitions, else `valueDimensions`): what a fix of the hottest value alone assumes no other value passes,
 * since the design declares one hottest value's share only (a second whale at 20% would throttle unsharded). Absent
 * where any value could take all the rest and fit.
 */
function otherMaxShare(a: SpaceAnalysis, judge?: (loads: Loads) => readonly LoadDimension[]): { otherMaxShare: number } | undefined {
  const rest = 1 - a.space.workload.hotKeyShare;
  const fitsAt = (share: number) => {
    const loads = { reads: a.total.reads * share, writes: a.total.writes * share };
    return allFit(judge ? judge(loads) : a.valueDimensions(loads));
  };
  const most = largestShare(0, rest, fitsAt);
  return most !== undefined && most < rest ? { otherMaxShare: most } : undefined;
}

/**
 * The ceilings of the partitions a fix makes where it leads with a raise in place (`raisedJudge`) or with warm
 * throughput (`warmLever`; after DAX in front of the hottest value's reads, the lever judged with those reads cached);
 * undefined where it does not. Judged on the
 * partitions counted before the pre-warm instead, a table at 80% of its write capacity sharded every meter for the
 * next hottest's 0.32 WCU left there, and one at 79% only the hottest: the same fix at 33 partitions.
 */
function fixJudge(
  advice: { readonly ids: readonly string[]; readonly data: MessageData },
  a: SpaceAnalysis,
): ((loads: Loads) => readonly LoadDimension[]) | undefined {
  if (advice.ids.includes('raiseThenShard')) return raisedJudge(advice.data, a);
  if (!advice.ids.includes('warmThenShard')) return undefined;
  return advice.ids.includes('cachedReadsLead') ? warmLever(a, true)?.dimensionsOf : a.once(warmLever)?.dimensionsOf;
}

/**
 * The ceilings a value meets, unsharded, on the physical partitions a Cosmos DB fix that raises the RU/s in place and
 * then shards leaves (`raiseThenShard`, to `shardRaiseTo`): that raise's share of the RU/s each, beside 1/P of the
 * container's load at the fix's count. The RU/s are divided evenly among the physical partitions ("Partitioning and
 * horizontal scaling", https://learn.microsoft.com/en-us/azure/cosmos-db/partitioning-overview), so the raise is what gives every other value its room; judged at the declared RU/s instead, a
 * 20,000 RU/s container whose two partitions the hot value's neighbours fill said its next hottest value "fits in its
 * usable 0.2 RU/s" and that no other value may take more than 0% of the peak, where the 31,000 RU/s it names leave one
 * about 2,000 RU/s. Undefined where the raise is not on the design's grid.
 */
function raisedJudge(data: MessageData, a: SpaceAnalysis): ((loads: Loads) => readonly LoadDimension[]) | undefined {
  const { shardRaiseTo, shards } = data;
  const { layout } = a.plan;
  if (typeof shardRaiseTo !== 'number' || typeof shards !== 'number' || layout === 'cache') return undefined;
  const container = a.owner.profile.containerOf?.(a.design);
  const raised = container && raisedLayoutAt(container, shardRaiseTo);
  if (raised === undefined) return undefined;
  const { profile } = a.owner;
  const charged = a.chargedAt(layout, shards);
  return (loads) =>
    profile.loadDimensions(a.storedLoads('none', 1, loads), a.design.thresholds.headroom, profile.physicalShare?.(raised, charged, loads, a.trafficValues));
}

/**
 * A fix that shards the key anew (`shardRandom`, `shardCalculated`) made a fix of the hottest value only where
 * `hotValuesOnly` holds: the clause said so, and the sharding edit declares `hotValues: 1`, so the next lint judges the
 * hottest value at 1/N and the others unsharded.
 */
export function withHotValuesOnly<T extends { readonly ids: readonly string[]; readonly data: MessageData; readonly edits?: readonly DesignEdit[] }>(
  advice: T,
  a: SpaceAnalysis,
  shardingPath: string,
): T {
  const judged = restJudged(a, fixJudge(advice, a));
  if (judged?.fit !== true) {
    if (a.space.sharding?.hotValues !== undefined) return everyValue(advice, shardingPath);
    return judged === undefined ? advice : withEveryValueNote(advice, 'everyValueWhy', judged.data);
  }
  const moves = movingHotValue(a);
  if (moves !== undefined) return withEveryValueNote(advice, moves, { hotKeyMovesField: a.space.workload.hotKeyMovesAt ?? hotKeyMovesField(a) });
  const at = advice.ids.findIndex((id) => WHOLE_KEY[id] !== undefined);
  if (at < 0) return advice;
  // A list the design declares is the team's knowledge of its hot values: a new sharding keeps it, each listed value
  // into the N sized for the hottest, as SG003 judges it; lowered to 1, the others would lose their shards unsaid.
  const hotValues = a.space.sharding?.hotValues ?? 1;
  const rest = Object.assign({ listedHot: hotValues, hotKeyMovesField: hotKeyMovesField(a) }, judged.data);
  const ids = advice.ids.map((id, i) => (i === at ? WHOLE_KEY[id] : id));
  const edits = advice.edits?.map((edit) =>
    edit.op === 'set' && edit.path === shardingPath ? Object.assign({}, edit, { value: Object.assign({}, edit.value as object, { hotValues }) }) : edit,
  );
  return Object.assign({}, advice, { ids, data: Object.assign({}, advice.data, rest) }, edits ? { edits } : {});
}

/** The field that declares the key space's hottest value not known ahead or moving (`workload.hotKeyMoves`). */
function hotKeyMovesField(a: SpaceAnalysis): string {
  return joinPath(a.space.workload.path, 'hotKeyMoves');
}

/**
 * A fix that shards a whale's key anew where the hottest value alone will not do: every value is sharded, and the
 * clause after the sharding says why (`why`): its next hottest value would be over unsharded (`everyValueWhy`: a few
 * values sharing the rest of the load, 39 stores at 250 RU/s each, on partitions the rest of the load fills to
 * 1,843.75 of 2,000 usable), or its hottest value moves (`everyValueMovesBucket`, `everyValueMoves`, `everyValueMovesGeo`).
 */
function withEveryValueNote<T extends { readonly ids: readonly string[]; readonly data: MessageData }>(advice: T, why: HotValuesId, data: MessageData): T {
  const at = advice.ids.findIndex((id) => WHOLE_KEY[id] !== undefined);
  if (at < 0) return advice;
  const after = advice.ids[at + 1] === 'setFanOut' ? at + 2 : at + 1;
  const ids = [...advice.ids.slice(0, after), why, ...advice.ids.slice(after)];
  return Object.assign({}, advice, { ids, data: Object.assign({}, advice.data, data) });
}

/**
 * A fix of a key sharded for its hottest values only (`hotValues`) where the others would not fit unsharded (or the key
 * no longer qualifies): its sharding edit shards every value, and the clause after the count says so.
 */
function everyValue<T extends { readonly ids: readonly string[]; readonly data: MessageData; readonly edits?: readonly DesignEdit[] }>(
  advice: T,
  shardingPath: string,
): T {
  const edit = advice.edits?.find((e) => e.op === 'set' && e.path === shardingPath);
  if (edit === undefined || edit.op !== 'set') return advice;
  const { hotValues, ...value } = edit.value as { hotValues?: number };
  if (hotValues === undefined) return advice;
  const at = advice.ids.findIndex((id) => id === 'onRandom' || id === 'onSource');
  const ids = at < 0 ? [...advice.ids, 'everyValueNow'] : [...advice.ids.slice(0, at + 1), 'everyValueNow', ...advice.ids.slice(at + 1)];
  const edits = advice.edits?.map((e) => (e === edit ? Object.assign({}, e, { value }) : e));
  return Object.assign({}, advice, { ids, edits });
}
