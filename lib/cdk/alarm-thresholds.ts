/**
 * Alarm settings: the defaults made explicit once, user values read with the core's shape toolkit
 * (field paths under `alarmThresholds` and `latencyAlarms`). These are CloudWatch settings, not
 * design fields; the design itself is checked only by the core.
 *
 * Why the defaults (CloudWatch evaluates `datapointsToAlarm` of the last `evaluationPeriods`
 * one-minute datapoints; DynamoDB publishes throttle and error counts only when they are non-zero):
 * - Page, key-range throttles: 60 a minute (one a second) in 4 of 12 minutes. A one-second burst
 *   throttles within one minute (3 minutes of 200 throttle 3) and a table at its planned peak, each key at its
 *   planned share (below the headroom), throttles at most a trickle; a key pinned at its partition's ceiling
 *   throttles its excess every second, far above one a second, for as long as it stays hot, and pages in its 4th
 *   minute. The 12-minute window is for a key hot in bursts (5,000 a minute in every other minute, or 3 minutes in 5,
 *   for hours, never paged at 4 of 5): one throttling in a third of the minutes or more pages, within 12 minutes, and
 *   stays in ALARM while it goes on; a spike in one minute of 10 (100,000 throttles, then nothing) still does not.
 *   Why 12, not 10: an M-of-N alarm returns to OK as soon as fewer than M of the last N breach ("Alarm
 *   evaluation": "one of the periods being evaluated is not breaching, and the alarm state changes back to OK"), so a
 *   burst every k minutes, counting ⌊N ÷ k⌋ or ⌈N ÷ k⌉ breaching minutes by where the window falls, flaps whenever M
 *   is the higher of the two: 4 of 10 paged a one-minute burst every 3rd minute 77 times in 4 hours (3 or 4 of every
 *   10). With M = 4 (3 minutes of 200 stay quiet, a sustained key pages in its 4th minute, as before), 12 is the one N
 *   up to 30 (past it the spike in 10 pages) that pages the burst every 3rd minute and flaps for no k: 12 ÷ 3 = 4 in
 *   every window (one page), 12 ÷ 4 = 3 in every window, 2 or 3 (or fewer) for k ≥ 5 (no page). A 3-minute
 *   period (Sum ≥ 180, 2 of 4) was replayed and rejected: it flaps on bursts every 7th to 10th minute (15–29 pages in
 *   4 h) and on the 100,000 spike in 10 (18), and pages 3 minutes of 200 that straddle two periods.
 * - Page, throttles for other causes (a capacity limit) and server errors: at least one in 5 of 10
 *   minutes. A healthy table stays under its limits (the design's checks compare them with its
 *   peaks), so a limit that throttles in half the minutes is refusing requests now: steadily, it pages
 *   in its 5th minute as 5 of 5 did; in bursts (every other minute, or 3 minutes in 5) it
 *   pages within 10 minutes, where 5 of 5 never did; a throttled minute in 10 (a spike past burst
 *   capacity) does not. An auto-scaled table (a minimum below its maximum) throttles by design while
 *   auto scaling catches a steep ramp (two breaching minutes, an alarm delay, several minutes of
 *   UpdateTable, each step at most 1 ÷ target of the consumed capacity: "DynamoDB metrics and
 *   dimensions"); replayed, a 10-minute ramp throttles 5–6 minutes in a row at a 5-minute reaction,
 *   12–13 at 8, 16–17 at 10. Its alarm waits for 20 throttled minutes of 40: longer than auto scaling
 *   takes, so what it pages on is a limit (the maximum) or auto scaling not keeping up, 20 minutes
 *   after the first throttle when steady, and a table throttled in half its minutes for 40 minutes
 *   (bursts auto scaling never catches) too, which 20 of 20 never paged.
 * - Both pages on a table launched at its peak (`launchAtPeak`: a launch, an on-sale, an exam, whose harm is done in
 *   minutes: an 8-minute seat hold was half gone when 4 of 12 paged): 3 of 6, fixed and on-demand capacity. A cause that
 *   goes on pages in its 3rd minute (4th for the key-range page, 5th for the capacity page before), and for one-minute
 *   bursts every k minutes 3 of 6 keeps what the defaults were chosen for: every window holds 3 at k = 2 (one page,
 *   no flapping), 2 at k = 3, 1 or 2 for k ≥ 4 (quiet), and a spike in one minute of 10 is 1. What it gives up: a key
 *   throttling every 3rd minute pages at 4 of 12, not here, and 3 minutes in a row at the line page. Replayed
 *   (test/replay/launch-on-sale.test.ts): a counter key at 2,500 WCU/s from the on-sale's first minute pages in its
 *   3rd, a pre-warmed healthy on-sale and healthy weeks on the table stay quiet. Rejected, faster windows: any M of 2
 *   flaps for some k (⌈N ÷ k⌉ = 2 > ⌊N ÷ k⌋ = 1 for N ÷ 2 < k < N), 2 of 3 paged healthy weeks on the on-sale table
 *   (coincident one-second bursts: 1 and 2 pages, seeds 2 and 3) and 2 of 2 once; 3 of 3 flaps on 3 minutes in 5.
 *   Auto-scaled capacity keeps 20 of 40: it throttles while auto scaling catches a ramp, and SG017 asks a table
 *   launched at its peak for a minimum that holds it, so a launch's capacity throttles are at its maximum, paged in
 *   minutes by ./at-maximum-alarm.ts. M of N as CloudWatch evaluates it: "the number of data points that must be
 *   breaching to trigger the alarm … an 'M out of N' alarm … this value is the M" (PutMetricAlarm, DatapointsToAlarm).
 * - Ticket, sustained throttles: the key-range throttles of the table and its GSIs together (capacity-limit throttles
 *   page at 1 a minute already: the failed-requests page) at 5 or more a minute in 30 of 60 minutes: throttling the pages leave alone (59 key-range throttles a minute around the clock
 *   paged nobody, and told nobody) that goes on for half an hour. Replayed healthy weeks (the example tables and
 *   an outside reviewer's tables, seeds 1–3: one-second bursts, the planned peak's trickle, the batch) throttle 5+ a minute in at most 5
 *   minutes of any hour, and 1+ in up to 33 (the planned peak's trickle: hence 5, not 1); a few minutes of throttles
 *   that SDK retries absorb never reach 30 of 60, and throttling in every other minute for an hour does.
 * - Ticket, hot key (ACCESSED_AND_THROTTLED_KEYS): the hottest key's reads or writes, each against what its
 *   partition leaves it beside its neighbours' planned load (`hotKeyLine`), at the design's headroom of that, in 5
 *   of 10 minutes: above the plan, before the key throttles, and a key above it in half the minutes (bursts) too. A key
 *   planned hot in both directions: the combined line scaled to the minute's traffic, over the floor a key of one
 *   direction reaches (`TrafficScaledLine`).
 *   None in THROTTLED_KEYS mode: its rule counts throttled requests only ("CloudWatch contributor insights for
 *   DynamoDB: How it works", "Throttled keys mode"), each of them a throttle the table's throttle metrics count, which
 *   the two pages and the sustained-throttles ticket read. A ticket on it (60 a minute in 4 of 12, made until this
 *   release with `hotKeyAlarm: true`) had the key-range page's line and window and opened on each of its incidents; a
 *   lower line over a longer window would repeat the sustained-throttles ticket instead (a key's throttles are its key
 *   space's). Neither names the key (an alarm on MaxContributorValue carries no contributor): the page's action does.
 * - Ticket, latency (opt-in): the percentile at or above its line in 5 of 10 minutes with enough requests, so slow
 *   minutes in bursts (every other minute for hours) open a ticket, where 5 of 5 never did, and a slow minute in 10 not.
 * M of N: Datapoints to Alarm (M) of the last Evaluation Periods (N) must breach, not necessarily consecutive ones
 * (CloudWatch User Guide, "Alarm evaluation", https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/alarm-evaluation.html);
 * missing data as its "Configuring how CloudWatch alarms treat missing data" says (alarms-and-missing-data.html).
 */
import { Token } from 'aws-cdk-lib';
import { shapes, type DesignIssue, type DynamoDbQuotas } from '../index';
import { DYNAMODB_LIMITS, quotaInForce, tableQuota, type DirectionReach, type DynamoHotKeyReach } from '../internal';
import { numberOrToken } from './cdk-shapes';
import type { Direction, ScaledDirection } from './metrics';
import type { AlarmThreshold, LatencyAlarms, LatencyOperation, SkewAlarmThresholds } from './props';

export interface ResolvedThreshold {
  readonly threshold: number;
  readonly evaluationPeriods: number;
  readonly datapointsToAlarm: number;
  /** Why the window is not the usual default, for the alarm's description (`LAUNCH_WINDOW_NOTE`); undefined when it is
   *  the usual default or the user's. */
  readonly windowNote?: string;
}

export interface ResolvedLatency {
  readonly percentile: number;
  readonly minSampleCount: number;
  readonly evaluationPeriods: number;
  readonly datapointsToAlarm: number;
  /** Operation → threshold in milliseconds. */
  readonly thresholds: readonly (readonly [LatencyOperation, number])[];
}

/** What the alarm factory builds from: every value resolved. */
export interface AlarmSettings {
  readonly keyRangeThrottles: ResolvedThreshold;
  readonly throttlesAndErrors: ResolvedThreshold;
  readonly sustainedThrottles: ResolvedThreshold;
  /** The same alarm of a table whose capacity is auto-scaled: the user's values, longer defaults. */
  readonly autoScaledThrottlesAndErrors: ResolvedThreshold;
  /**
   * A `datapointsToAlarm` above the default `evaluationPeriods` of one of the two only (the user gave
   * no `evaluationPeriods`): refused once the table's capacity says which of them its alarm takes.
   */
  readonly throttlesAndErrorsIssues: { readonly fixed: readonly DesignIssue[]; readonly autoScaled: readonly DesignIssue[] };
  /** Undefined when no hot-key alarm is made (always in THROTTLED_KEYS mode). Its threshold is a placeholder unless
   *  `hotKeyThresholdGiven`: each key space's line is drawn from its own neighbours (`hotKeyLine`). */
  readonly hotKey?: ResolvedThreshold;
  readonly hotKeyThresholdGiven: boolean;
  /** Undefined unless `latencyAlarms` is given. */
  readonly latency?: ResolvedLatency;
  readonly systemErrorOperations: readonly LatencyOperation[];
}

/** ConsumedThroughputUnits (3 × WCU + RCU) one key's partition serves in a minute: 3,000 units/s × 60
 *  (DynamoDB Developer Guide, "CloudWatch contributor insights for DynamoDB: How it works"). */
export const PARTITION_UNITS_PER_MINUTE = DYNAMODB_LIMITS.partitionReadUnits * 60;

const DEFAULTS = {
  keyRangeThrottles: { threshold: 60, evaluationPeriods: 12, datapointsToAlarm: 4 },
  throttlesAndErrors: { threshold: 1, evaluationPeriods: 10, datapointsToAlarm: 5 },
  /** A table launched at its peak (`launchAtPeak`): both pages at their lines in 3 of 6 (the module comment says why). */
  launchWindow: { evaluationPeriods: 6, datapointsToAlarm: 3 },
  autoScaledThrottlesAndErrors: { threshold: 1, evaluationPeriods: 40, datapointsToAlarm: 20 },
  sustainedThrottles: { threshold: 5, evaluationPeriods: 60, datapointsToAlarm: 30 },
  hotKey: { evaluationPeriods: 10, datapointsToAlarm: 5 },
  latency: { percentile: 99, minSampleCount: 100, evaluationPeriods: 10, datapointsToAlarm: 5 },
} as const;

/** Why the descriptions' window is the launch window (3 of 6): the prop that set it, in 12 bytes (a stack of 80 such
 *  tables pays it twice a table; a sentence here cost 104 bytes a table). */
const LAUNCH_WINDOW_NOTE = 'launchAtPeak';

/** Placeholder of the hot-key threshold until its key space is known (`hotKeyLine`). */
const accessedHotKeyPlaceholder = (headroom: number) => Math.round(PARTITION_UNITS_PER_MINUTE * headroom);

/** The highest share of what a key can reach that the line may sit at, where the key's planned load alone is above the headroom. */
const HIGHEST_LINE_SHARE = 0.95;

/** ConsumedThroughputUnits a minute of one direction's units a second: a WCU counts 3, an RCU 1 (Contributor Insights). */
const unitsPerMinute = (direction: Direction, perSecond: number) => perSecond * 60 * (direction === 'Write' ? 3 : 1);

/** The accessed-mode hot-key ticket of one key space: its threshold, the direction it is in, and the other one's scale. */
export interface HotKeyLine {
  /** Units a minute, in `reference`'s terms. */
  readonly threshold: number;
  /** The direction whose partition leaves the key less (in units a minute): the threshold is in its terms. */
  readonly reference: Direction;
  readonly scaled: ScaledDirection;
  /** What the key can reach in each direction, and its neighbours' planned load, in units a minute. */
  readonly reach: Readonly<Record<Direction, number>>;
  readonly neighbours: Readonly<Record<Direction, number>>;
  readonly reachModel: DynamoHotKeyReach;
  /** A key hot in both directions, whose planned reads and writes together pass the line in one direction's terms: the
   *  line is in the rule's own unit, reads and writes together (its threshold the headroom × `reach`, never under
   *  `planned`). Undefined: the line is in `reference`'s terms. */
  readonly combined?: { readonly reach: number; readonly planned: number };
  /** A combined line the key's planned reads and writes drew above what a key of one direction reaches its ceiling at
   *  (`trafficScaled`): set unless the user gave the threshold or the line is capped. */
  readonly trafficScaled?: TrafficScaledLine;
  /** Set where the key's planned load passes its partition's ceiling in a direction (SG003's error, acknowledged): the
   *  key cannot consume its plan, so the line sits at 95% of the most it can log (`reachable`), under `planned`. */
  readonly capped?: { readonly planned: number; readonly reachable: number };
}

/**
 * The combined line at each minute's traffic (`HotKeyLine.trafficScaled`). The most accessed keys rule reports one figure
 * per key, reads and writes together, and the key that figure belongs to may have any mix: the planned hot key with its
 * reads beside its writes, or a key hot by writes alone, whose partition throttles it at a figure far under the planned
 * key's (review 35: 1,440 RCU + 300 WCU planned, 140,400 a minute; a key of writes alone throttled from about 690 WCU/s,
 * 124,000). No one line tells them apart: one at the planned key's figure let the write-hot key throttle 880 minutes
 * before its ticket, one for a key of one direction opens it on the planned key at its peak. The planned key takes its
 * share of the key space's traffic at any load, so the alarm holds the figure against the combined line scaled to this
 * minute's reads and writes (`combined` at the planned peak, never above it), and never under `floor`: the headroom × the
 * less of what the partition leaves either direction, where a key of one direction is near its ceiling.
 */
export interface TrafficScaledLine {
  /** Units a minute: the alarm's threshold, the headroom × the less of the two reaches (a key of one direction). */
  readonly floor: number;
  /** The combined line (units a minute) at the planned peak: `readWeight` × the key space's RCU + `writeWeight` × its WCU
   *  (each consumed in the minute) is that line at this minute's traffic. */
  readonly readWeight: number;
  readonly writeWeight: number;
}

/** Six significant digits: a weight written into the alarm's expression. */
const weight = (value: number) => Number(value.toPrecision(6));

function trafficScaledLine(
  model: DynamoHotKeyReach,
  reach: Readonly<Record<Direction, number>>,
  line: number,
  planned: number,
  share: number,
): TrafficScaledLine {
  // The line is `line` where the key space is at its declared peak: each direction weighted by the key's planned share of it.
  const scale = planned > 0 ? line / planned : 0;
  const weightOf = (direction: DirectionReach, unitsPerRequest: number) =>
    direction.peak > 0 ? weight((scale * unitsPerRequest * direction.planned) / direction.peak) : 0;
  return {
    floor: Math.max(1, Math.floor(share * Math.min(reach.Read, reach.Write))),
    readWeight: weightOf(model.read, 1),
    writeWeight: weightOf(model.write, 3),
  };
}

/**
 * The line of the accessed-mode hot-key ticket, as the Cosmos DB hotKey alert draws its own: the design's
 * headroom × what the key's partition leaves it beside its neighbours' planned load (`dynamoHotKeyReach`), never under the
 * key's own planned load (a key running as designed stays quiet) and at most 95% of that reach unless its planned load
 * alone is above it. Against the partition alone (0.9 × 180,000), a key on a busy table throttled long before the line:
 * 30,000 WCU on 64 partitions leave the hottest key about 540 WCU/s at the peak, not 1,000. Reads and writes are throttled
 * independently and have different neighbours: the threshold is in the terms of the direction left less, and the other
 * direction's bound is scaled to it (`ScaledDirection`), so each fires at the same share of what it can reach. `given`: the
 * user's threshold, kept (in the reference direction's terms).
 *
 * Why headroom × (1,000 − neighbours) here and SG003's headroom × 1,000 − neighbours (about 404 against 305 WCU beside
 * 495 WCU of neighbours), as the Cosmos DB hotKey line differs from its lint (lib/pulumi/alert-plan.ts,
 * `reachableThreshold`): the lint asks how much a key may be planned for its partition, neighbours included, to keep its
 * headroom; the ticket asks when a key has used that share of what it can reach before it is throttled (1,000 − its
 * neighbours: "Burst and adaptive capacity", a partition past 1,000 WCU throttles). A key planned between the two is
 * SG003's finding already, at lint time; a ticket at SG003's line would open at a load the key serves unthrottled, and
 * for such a key the line is raised to its plan anyway (never under the plan: a key running as designed stays quiet).
 */
export function hotKeyLine(model: DynamoHotKeyReach, headroom: number, given: number | undefined): HotKeyLine {
  const line = plannedHotKeyLine(model, headroom, given);
  return given === undefined ? capAtReach(model, line) : line;
}

/**
 * The line a key planned past its partition's ceiling in a direction can reach (a line at its planned
 * 648,000 units a minute, for a key its partition leaves 198,000, could never fire). Throttled requests consume nothing,
 * so such a key logs at most what its partition leaves each direction, or its plan where that is less: the line sits at
 * 95% of that, and opens a ticket at the planned peak, where the key is throttled. A key planned within its ceiling keeps
 * its line above the plan, even where the neighbours' average load leaves it less (quieter neighbours let it
 * reach its plan on a healthy day).
 */
function capAtReach(model: DynamoHotKeyReach, line: HotKeyLine): HotKeyLine {
  if (model.read.planned <= model.read.ceiling && model.write.planned <= model.write.ceiling) return line;
  const planned = { Read: unitsPerMinute('Read', model.read.planned), Write: unitsPerMinute('Write', model.write.planned) };
  const { reach, reference } = line;
  const reachable = line.combined ? Math.min(reach.Read, planned.Read) + Math.min(reach.Write, planned.Write) : Math.min(reach[reference], planned[reference]);
  const threshold = Math.max(1, Math.floor(HIGHEST_LINE_SHARE * reachable));
  if (threshold >= line.threshold) return line;
  // The capped line is under the plan already: no traffic scale to tell the planned key from another.
  const { trafficScaled: _scaled, ...uncapped } = line;
  return { ...uncapped, threshold, capped: { planned: line.combined ? line.combined.planned : planned[reference], reachable } };
}

function plannedHotKeyLine(model: DynamoHotKeyReach, headroom: number, given: number | undefined): HotKeyLine {
  const reach = { Read: unitsPerMinute('Read', model.read.reach), Write: unitsPerMinute('Write', model.write.reach) };
  const neighbours = { Read: unitsPerMinute('Read', model.read.neighbours), Write: unitsPerMinute('Write', model.write.neighbours) };
  const planned = { Read: unitsPerMinute('Read', model.read.planned), Write: unitsPerMinute('Write', model.write.planned) };
  const reference: Direction = reach.Write <= reach.Read ? 'Write' : 'Read';
  const other: Direction = reference === 'Write' ? 'Read' : 'Write';
  const share = Math.min(headroom, HIGHEST_LINE_SHARE);
  // Above the planned load: the cap at 95% of the reach binds only a line the planned load leaves above it (capped
  // first, a design at its planned peak opens the ticket on a healthy day), and the alarm compares with >=, so a
  // line at the plan itself would open it at the planned peak.
  const lineOf = (reached: number, plannedLoad: number) => Math.max(1, Math.floor(Math.max(share * reached, Math.floor(plannedLoad) + 1)));
  const line = lineOf(reach[reference], planned[reference]);
  const factor = reach[other] > 0 ? Math.floor((reach[reference] / reach[other]) * 10_000) / 10_000 : 1;
  const common = { reference, reach, neighbours, reachModel: model };
  const together = planned.Read + planned.Write;
  if (together <= line) return { ...common, threshold: given ?? line, scaled: { direction: other, factor } };
  const combined = combinedLine(reach, planned, lineOf, given);
  const scaledByTraffic = given === undefined ? { trafficScaled: trafficScaledLine(model, reach, combined.threshold, together, share) } : {};
  return { ...common, ...combined, ...scaledByTraffic, scaled: { direction: other, factor: 1 } };
}

/**
 * The line of a key hot in both directions. Contributor Insights' most accessed keys rule reports one
 * figure per key, ConsumedThroughputUnits = 3 × consumed WCU + consumed RCU ("CloudWatch contributor insights for
 * DynamoDB: How it works"), so such a key shows its reads and writes together, and at its planned peak that figure passes
 * a line drawn in one direction's terms: the ticket opened on a healthy table. Drawn in the rule's unit instead: never
 * under the key's planned reads and writes together, else the headroom × the least that figure is when the key reaches
 * what its partition leaves it in one direction, the other at its plan (AWS throttles each direction independently, so the
 * first to reach its bound is the one that throttles); the headroom applies to that direction's reach alone (a
 * table at N = 3: 0.8 × (2,314.29 RCU + 3 × 500 WCU) a second would sit under its planned 3,100, so the line is
 * 0.8 × 2,314.29 + 1,500 = 3,351.43 units a second, 201,085 a minute).
 */
function combinedLine(
  reach: Readonly<Record<Direction, number>>,
  planned: Readonly<Record<Direction, number>>,
  lineOf: (reached: number, plannedLoad: number) => number,
  given: number | undefined,
): { threshold: number; combined: NonNullable<HotKeyLine['combined']> } {
  const combined = { reach: Math.min(reach.Read + planned.Write, reach.Write + planned.Read), planned: planned.Read + planned.Write };
  // Each direction's own line (the headroom's share of its reach, never under its plan) with the other at its plan: the
  // headroom applies to what a direction can reach, not to the other direction's planned load beside it.
  const line = Math.min(lineOf(reach.Read, planned.Read) + planned.Write, lineOf(reach.Write, planned.Write) + planned.Read);
  return { threshold: given ?? line, combined };
}

/** Values of the `Operation` dimension of SuccessfulRequestLatency and SystemErrors (DynamoDB metrics and dimensions). */
export const OPERATIONS = [
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactGetItems',
  'TransactWriteItems',
  'GetRecords',
  'ExecuteStatement',
  'BatchExecuteStatement',
  'ExecuteTransaction',
] as const satisfies readonly LatencyOperation[];

/** SystemErrors are opt-in: the metric exists per operation only, and each operation adds a metric
 *  (about 420 bytes of template) to every table's ticket alarm. */
export const DEFAULT_SYSTEM_ERROR_OPERATIONS: readonly LatencyOperation[] = [];

const positive = numberOrToken({ above: 0 });
const periods = numberOrToken({ integer: true, min: 1 });

const thresholdShape = shapes.record<AlarmThreshold>({
  threshold: { shape: positive, optional: true, doc: 'The value at or above which a datapoint breaches.' },
  evaluationPeriods: { shape: periods, optional: true, doc: 'How many one-minute datapoints are evaluated.' },
  datapointsToAlarm: { shape: periods, optional: true, doc: 'How many of them must breach.' },
});

const thresholdsShape = shapes.record<SkewAlarmThresholds>({
  keyRangeThrottles: { shape: thresholdShape, optional: true, doc: 'Page: read + write key-range throttle events per minute.' },
  throttlesAndErrors: { shape: thresholdShape, optional: true, doc: 'Page: account-limit and capacity throttles and SystemErrors per minute.' },
  sustainedThrottles: { shape: thresholdShape, optional: true, doc: 'Ticket: the key-range throttle events of the table and its GSIs per minute.' },
  hotKey: { shape: thresholdShape, optional: true, doc: 'Ticket: the hottest key (Contributor Insights MaxContributorValue per minute).' },
});

const operationThresholds = shapes.record<Partial<Record<LatencyOperation, number>>>(
  Object.fromEntries(OPERATIONS.map((op) => [op, { shape: positive, optional: true, doc: `${op} threshold in milliseconds.` }])) as never,
);

const latencyShape = shapes.record<LatencyAlarms>({
  thresholds: { shape: operationThresholds, doc: 'Threshold in milliseconds per operation, e.g. { GetItem: 20, Query: 60 }.' },
  percentile: { shape: shapes.num({ above: 0, max: 100 }), optional: true, doc: 'The percentile watched.' },
  minSampleCount: { shape: periods, optional: true, doc: 'Requests a minute below which the minute does not breach.' },
  evaluationPeriods: { shape: periods, optional: true, doc: 'How many one-minute datapoints are evaluated.' },
  datapointsToAlarm: { shape: periods, optional: true, doc: 'How many of them must breach.' },
});

const operationList = shapes.list(shapes.oneOf(OPERATIONS), { maxItems: 8 });

/**
 * The most one-minute datapoints an alarm evaluates: CloudWatch caps EvaluationPeriods × Period at one day (86,400 s)
 * for a period under an hour (PutMetricAlarm, `Period`: "For alarms with a period of less than one hour (3,600
 * seconds), the total evaluation period can't be longer than one day (86,400 seconds)", ALARM_LIMITS_DOC), so
 * 1,440 here; more synthesizes and fails at deploy.
 */
export const MAX_EVALUATION_PERIODS = 86_400 / 60;
export const ALARM_LIMITS_DOC = 'https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_PutMetricAlarm.html';

/** What is wrong with an evaluationPeriods the user gave, with a default datapointsToAlarm beside it (`defaultDatapoints`). */
function evaluationPeriodsIssues(evaluationPeriods: number, defaultDatapoints: number | undefined, path: string): DesignIssue[] {
  if (Token.isUnresolved(evaluationPeriods)) {
    // min(default, token) is the token itself: the alarm would silently become N of N, checked against nothing.
    return defaultDatapoints === undefined
      ? []
      : [
          {
            path: `${path}.datapointsToAlarm`,
            message: `evaluationPeriods is a token (resolved at deploy), so the default datapointsToAlarm (${defaultDatapoints}) cannot be checked against it: give datapointsToAlarm too, at most the smallest value the token takes`,
          },
        ];
  }
  if (evaluationPeriods <= MAX_EVALUATION_PERIODS) return [];
  return [
    {
      path: `${path}.evaluationPeriods`,
      message: `expected at most ${MAX_EVALUATION_PERIODS.toLocaleString('en-US')} one-minute datapoints, got ${evaluationPeriods}: CloudWatch caps evaluationPeriods × period at 86,400 s (one day) for a 60 s period, and the deploy fails beyond it (${ALARM_LIMITS_DOC})`,
    },
  ];
}

function resolveOne(
  input: AlarmThreshold | undefined,
  defaults: ResolvedThreshold | Omit<ResolvedThreshold, 'threshold'>,
  threshold: number,
  path: string,
  issues: DesignIssue[],
  defaultNote = 'the default',
): ResolvedThreshold {
  const evaluationPeriods = input?.evaluationPeriods ?? defaults.evaluationPeriods;
  if (input?.evaluationPeriods !== undefined) {
    issues.push(...evaluationPeriodsIssues(input.evaluationPeriods, input.datapointsToAlarm === undefined ? defaults.datapointsToAlarm : undefined, path));
  }
  const datapointsToAlarm = input?.datapointsToAlarm ?? Math.min(defaults.datapointsToAlarm, evaluationPeriods);
  if (!Token.isUnresolved(datapointsToAlarm) && !Token.isUnresolved(evaluationPeriods) && datapointsToAlarm > evaluationPeriods) {
    const given = input?.evaluationPeriods === undefined ? `, ${defaultNote}: give evaluationPeriods too` : '';
    issues.push({
      path: `${path}.datapointsToAlarm`,
      message: `expected an integer from 1 to evaluationPeriods (${evaluationPeriods}${given}), got ${datapointsToAlarm}`,
    });
  }
  // The note says why the default window differs: kept while either of its values is the default.
  const windowDefaulted = input?.evaluationPeriods === undefined || input?.datapointsToAlarm === undefined;
  const windowNote = windowDefaulted ? defaults.windowNote : undefined;
  return { threshold: input?.threshold ?? threshold, evaluationPeriods, datapointsToAlarm, ...(windowNote ? { windowNote } : {}) };
}

export interface AlarmOptions {
  /** The design's `thresholds.headroom`. */
  readonly headroom: number;
  /** The design's `launchAtPeak`: the two pages of fixed and on-demand capacity take the launch window. */
  readonly launchAtPeak: boolean;
  readonly throttledKeysOnly: boolean;
  /** The `hotKeyAlarm` prop: undefined makes the ticket in ACCESSED_AND_THROTTLED_KEYS mode only, the one mode it is made in. */
  readonly hotKeyAlarm: boolean | undefined;
}

/**
 * Why a hot-key ticket setting is refused in THROTTLED_KEYS mode, where no such ticket is made (the module comment says
 * more): `hotKeyAlarm: true` asks for it, `alarmThresholds.hotKey` sets its line. `what`: the setting's words, `field`:
 * the setting to remove, the other of the two fixes.
 */
function hotKeyTicketThrottledMode(what: string, field: string): string {
  return (
    `${what} the ticket on the hottest key, which is made in ACCESSED_AND_THROTTLED_KEYS mode only, where it sees the key before it throttles: ` +
    "in THROTTLED_KEYS mode (the default) Contributor Insights counts throttled requests only, and the table's throttle metrics count each of them, " +
    'which the hot-partition page, the failed-requests page and the sustained-throttles ticket read, so such a ticket would open on their ' +
    'incidents and say nothing they do not (find the key in Contributor Insights "most throttled keys", as the page says). ' +
    'Set contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS for a ticket before the key throttles ' +
    `(every request is then a Contributor Insights event), or remove ${field}`
  );
}

/** Every alarm setting with its default filled in; problems go to `issues` with their field paths. */
export function resolveAlarmSettings(
  input: { alarmThresholds?: unknown; latencyAlarms?: unknown; systemErrorOperations?: unknown },
  options: AlarmOptions,
  issues: DesignIssue[],
): AlarmSettings {
  const thresholds = input.alarmThresholds === undefined ? {} : (thresholdsShape.read(input.alarmThresholds, 'alarmThresholds', issues) ?? {});
  const latency = input.latencyAlarms === undefined ? undefined : latencyShape.read(input.latencyAlarms, 'latencyAlarms', issues);
  const systemErrorOperations =
    input.systemErrorOperations === undefined
      ? DEFAULT_SYSTEM_ERROR_OPERATIONS
      : (operationList.read(input.systemErrorOperations, 'systemErrorOperations', issues) ?? DEFAULT_SYSTEM_ERROR_OPERATIONS);
  const hotKeyDefaults = { ...DEFAULTS.hotKey, threshold: accessedHotKeyPlaceholder(options.headroom) };
  // Checked even when no hot-key alarm is made: a mistake must not wait for the day it is turned on.
  const hotKey = resolveOne(thresholds.hotKey, hotKeyDefaults, hotKeyDefaults.threshold, 'alarmThresholds.hotKey', issues);
  if (options.throttledKeysOnly && options.hotKeyAlarm === true)
    issues.push({ path: 'hotKeyAlarm', message: hotKeyTicketThrottledMode('true asks for', 'hotKeyAlarm') });
  // A line for a ticket the mode never makes would be taken and silently unused.
  if (options.throttledKeysOnly && thresholds.hotKey !== undefined)
    issues.push({ path: 'alarmThresholds.hotKey', message: hotKeyTicketThrottledMode('sets the line of', 'alarmThresholds.hotKey') });
  const hotKeyAlarm = options.hotKeyAlarm ?? !options.throttledKeysOnly;
  // The page alarm on throttles and errors has a default per capacity mode, known only once the table is built.
  const fixed: DesignIssue[] = [];
  const autoScaled: DesignIssue[] = [];
  // Auto-scaled capacity keeps its 20 of 40: it throttles by design while it catches a ramp, at a launch too.
  const launch = options.launchAtPeak ? { ...DEFAULTS.launchWindow, windowNote: LAUNCH_WINDOW_NOTE } : {};
  const settings: AlarmSettings = {
    keyRangeThrottles: resolveOne(
      thresholds.keyRangeThrottles,
      { ...DEFAULTS.keyRangeThrottles, ...launch },
      DEFAULTS.keyRangeThrottles.threshold,
      'alarmThresholds.keyRangeThrottles',
      issues,
      options.launchAtPeak ? 'the default at a launch at its peak' : undefined,
    ),
    throttlesAndErrors: resolveOne(
      thresholds.throttlesAndErrors,
      { ...DEFAULTS.throttlesAndErrors, ...launch },
      DEFAULTS.throttlesAndErrors.threshold,
      'alarmThresholds.throttlesAndErrors',
      fixed,
      `the default for fixed and on-demand capacity${options.launchAtPeak ? ' at a launch at its peak' : ''}`,
    ),
    autoScaledThrottlesAndErrors: resolveOne(
      thresholds.throttlesAndErrors,
      DEFAULTS.autoScaledThrottlesAndErrors,
      DEFAULTS.autoScaledThrottlesAndErrors.threshold,
      'alarmThresholds.throttlesAndErrors',
      autoScaled,
      'the default for auto-scaled capacity',
    ),
    sustainedThrottles: resolveOne(
      thresholds.sustainedThrottles,
      DEFAULTS.sustainedThrottles,
      DEFAULTS.sustainedThrottles.threshold,
      'alarmThresholds.sustainedThrottles',
      issues,
    ),
    throttlesAndErrorsIssues: { fixed, autoScaled },
    hotKey: hotKeyAlarm && !options.throttledKeysOnly ? hotKey : undefined,
    hotKeyThresholdGiven: thresholds.hotKey?.threshold !== undefined,
    latency: latency && resolveLatency(latency, issues),
    systemErrorOperations: [...new Set(systemErrorOperations)],
  };
  // Wrong whatever the capacity (evaluationPeriods given): refused now, with the other problems.
  if (thresholds.throttlesAndErrors?.evaluationPeriods !== undefined) issues.push(...fixed);
  if (latency && Object.values(latency.thresholds).every((ms) => ms === undefined)) {
    issues.push({
      path: 'latencyAlarms.thresholds',
      message: `expected at least one operation with its threshold in milliseconds, e.g. { GetItem: 20, Query: 60 }; operations: ${OPERATIONS.join(', ')}`,
    });
  }
  return settings;
}

/**
 * Why the hot-key alarm cannot fire at its threshold, or undefined when it can. In ACCESSED_AND_THROTTLED_KEYS mode it
 * watches the most accessed key's ConsumedThroughputUnits a minute, and a key throttled at its partition's ceiling
 * consumes at most 180,000 of them (3,000 RCU/s, or 1,000 WCU/s × 3, for 60 s; throttled requests consume nothing):
 * a threshold above that stays silent through the very throttling the alarm is for. Said, not refused: a key at its
 * read and write ceilings at once, or whose sort-key range split for heat has spread over several partitions, logs
 * more. The default never exceeds it.
 */
export function unreachableHotKeyThreshold(settings: AlarmSettings, options: AlarmOptions): string | undefined {
  const threshold = settings.hotKey?.threshold;
  if (threshold === undefined || Token.isUnresolved(threshold) || threshold <= PARTITION_UNITS_PER_MINUTE) return undefined;
  const units = (value: number) => value.toLocaleString('en-US');
  return (
    `alarmThresholds.hotKey.threshold is ${units(threshold)} ConsumedThroughputUnits a minute, above the ${units(PARTITION_UNITS_PER_MINUTE)} a key ` +
    `can consume in a minute at its partition's ceiling (3,000 RCU/s, or 1,000 WCU/s × 3): a key throttled at that ceiling never reaches it, ` +
    `so this alarm cannot fire while it is (only a key at its read and write ceilings at once, or split for heat over several partitions, logs more). ` +
    `Give a threshold of at most ${units(PARTITION_UNITS_PER_MINUTE)}, or leave it out for the default (the headroom, ${options.headroom}, × what the key's ` +
    `partition leaves it beside its neighbours' planned load)`
  );
}

/** The synth's warning for a hot-key line drawn under the key's plan (`HotKeyLine.capped`), or undefined. `space`: the key space's name. */
export function cappedHotKeyLine(line: HotKeyLine | undefined, space: string): string | undefined {
  if (!line?.capped) return undefined;
  const units = (value: number) => Math.round(value).toLocaleString('en-US');
  return (
    `the hot-key ticket of ${space} is drawn at ${units(line.threshold)} units a minute, under the key's planned ${units(line.capped.planned)}: ` +
    `the plan passes its partition's ceiling (SG003), and a throttled key logs at most the ${units(line.capped.reachable)} its partition leaves it, ` +
    `so the ticket opens at the planned peak, while the key is throttled. Shard or cache the key (SG003's fix), or set alarmThresholds.hotKey.threshold`
  );
}

/** The least capacity a request consumes: an eventually consistent read of up to 4 KB takes 0.5 RCU, a write of up to
 *  1 KB 1 WCU (DynamoDB Developer Guide, "Read consistency" and "DynamoDB throughput capacity"). */
const LEAST_READ_UNITS_PER_REQUEST = 0.5;
const LEAST_WRITE_UNITS_PER_REQUEST = 1;

/**
 * The most key-range throttle events one key space counts in a minute while its requests stay within what its
 * per-table throughput quota serves: one event per throttled request ("DynamoDB metrics and dimensions"), and at most
 * every request that quota (40,000 RCU and 40,000 WCU a second by default, for the table and for each GSI, or the
 * figures `quotas` declares raised) would serve, each at the least capacity a request takes:
 * (40,000 ÷ 0.5 + 40,000 ÷ 1) × 60 = 7,200,000 at the defaults. Not a hard bound (the quota bounds consumption,
 * "Account limits exceeded", and a request refused at its partition consumes nothing), so a threshold above it warns
 * rather than refuses: such a page fires only for more requests than the table could serve were none of them throttled.
 */
export function maxKeyRangeThrottlesPerMinute(quotas: DynamoDbQuotas = {}): number {
  const design = { quotas };
  return (tableQuota(design, 'read') / LEAST_READ_UNITS_PER_REQUEST + tableQuota(design, 'write') / LEAST_WRITE_UNITS_PER_REQUEST) * 60;
}

/** The bound at the published default quotas. */
export const MAX_KEY_RANGE_THROTTLES_PER_MINUTE = maxKeyRangeThrottlesPerMinute();

/** Why the key-range page cannot fire at its threshold (above `maxKeyRangeThrottlesPerMinute` of the table's `quotas`),
 *  or undefined when it can. */
export function unreachableKeyRangeThreshold(settings: AlarmSettings, quotas: DynamoDbQuotas = {}): string | undefined {
  const { threshold } = settings.keyRangeThrottles;
  const bound = maxKeyRangeThrottlesPerMinute(quotas);
  if (Token.isUnresolved(threshold) || threshold <= bound) return undefined;
  const count = (value: number) => value.toLocaleString('en-US');
  const design = { quotas };
  const [read, write] = [quotaInForce(design, 'table-level', 'read'), quotaInForce(design, 'table-level', 'write')];
  const declared = [read.field, write.field].filter((field) => field !== undefined);
  const quotaWords =
    declared.length === 0
      ? `${count(read.units)} RCU and ${count(write.units)} WCU a second by default`
      : `${count(read.units)} RCU and ${count(write.units)} WCU a second as declared (${declared.join(', ')})`;
  return (
    `alarmThresholds.keyRangeThrottles.threshold is ${count(threshold)} throttle events a minute, above the ${count(bound)} ` +
    `a key space counts while its requests stay within what its per-table throughput quota serves (one event per throttled request; ` +
    `${quotaWords}, at the least a request consumes: 0.5 RCU, 1 WCU), so this page fires only for ` +
    `more requests than the table could serve were none of them throttled. ` +
    `Give a threshold of at most ${count(bound)}${declared.length === 0 ? ' (with a raised quota, declared in quotas, proportionally more)' : ''}, ` +
    `or leave it out for the default (${count(DEFAULTS.keyRangeThrottles.threshold)})`
  );
}

function resolveLatency(input: LatencyAlarms, issues: DesignIssue[]): ResolvedLatency {
  const { evaluationPeriods, datapointsToAlarm } = resolveOne(input, DEFAULTS.latency, 0, 'latencyAlarms', issues);
  return {
    percentile: input.percentile ?? DEFAULTS.latency.percentile,
    minSampleCount: input.minSampleCount ?? DEFAULTS.latency.minSampleCount,
    evaluationPeriods,
    datapointsToAlarm,
    thresholds: OPERATIONS.flatMap((op) => (input.thresholds[op] === undefined ? [] : [[op, input.thresholds[op] as number] as const])),
  };
}
