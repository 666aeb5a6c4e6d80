/**
 * Which skew alerts a container gets, with every default filled in. An alert that cannot fire for
 * this container (no per-container metric on shared throughput, no log without diagnostics) is left
 * out and said so, never created. Default thresholds come from the design: the headroom below each
 * ceiling, and the load the design itself declares for its hottest key, so that a container running
 * exactly as designed stays quiet.
 */
import * as pulumi from '@pulumi/pulumi';
import { profileOf, type CosmosKeyDesign, type DesignIssue, type HotValueReach } from '../index';
import { COSMOS_LIMITS, SUSTAINED_INTERVALS, SUSTAINED_MINUTES, asDeployed, onePartitionPrefix, reachOf, type ValueLines } from '../internal';
import {
  ALERT_DEFAULTS,
  ALERT_NAMES,
  MINIMUM_REQUESTS,
  SEVERITY,
  minutes,
  type AlertName,
  type AlertOptions,
  type ResolvedAlert,
  type SkewAlertsOptions,
  type ThrottleRateAlertOptions,
  type TierActionGroups,
} from './alert-settings';
import type { ThroughputMode } from './throughput';

/**
 * Alerts not created for one reason, said in one note: the two size alerts of a key of one item per logical partition,
 * or every log alert without diagnostics, share theirs, and a note said once per alert repeated itself.
 */
export interface SkippedAlerts {
  readonly alerts: readonly AlertName[];
  readonly reason: string;
}

/** The normalizedRu alert, split by partition-key range unless `ranges` (the container's physical partitions as deployed)
 *  are more than one alert rule watches (`METRIC_SERIES_PER_RULE`): then it watches each minute's highest range. */
export type RangeAlert = ResolvedAlert & { readonly byRange: boolean; readonly ranges?: number };

export interface AlertPlan {
  readonly normalizedRu?: RangeAlert;
  readonly throttleRate?: ResolvedAlert & { readonly minimumRequests: number };
  readonly hotKey?: ResolvedAlert;
  /** With `spanningLine`: the line a first-level value on several physical partitions is judged against on each. */
  readonly hotPrefix?: ResolvedAlert & { readonly spanningLine?: number };
  /** With the value it judges: a hierarchical key's first level (`Prefix`), else the full key. On a hierarchical key,
   *  `lines`: a tenant's total is judged against `prefix`, a full key against `key` (the rule's `threshold`, the lower). */
  readonly throttledHotValue?: ResolvedAlert & { readonly by: 'PartitionKey' | 'Prefix'; readonly spanningLine?: number; readonly lines?: ValueLines };
  readonly partitionSize?: ResolvedAlert;
  readonly partitionSizeLimit?: ResolvedAlert;
  /** Alerts left out because they could not fire for this container, each with the reason. */
  readonly skipped: readonly SkippedAlerts[];
  /** Alert settings accepted but unable to do their job, each naming the field and the fix (logged with pulumi.log.warn). */
  readonly warnings: readonly string[];
}

/** The action groups an attached CosmosAccountMonitoring offers. */
export interface MonitoringActionGroups {
  readonly actionGroupIds: pulumi.Input<string>[];
  readonly actionGroups?: TierActionGroups;
}

/** The highest default threshold, as a share of the RU/s a key (or first-level value) can reach: it can never use
 *  more than that, so a threshold at the ceiling itself could never fire. */
const HIGHEST_KEY_SHARE_OF_CEILING = 0.95;
/** "One [range] is consistently at 100%" is how Microsoft Learn describes a hot partition. The metric
 *  is each minute's highest one-second utilization, so an hour's average of it above 99% is a range at
 *  its budget in (nearly) every minute of the hour: its requests are rate-limited (429) minute after
 *  minute, while the container's 429 share, diluted by its other ranges, can stay under 5%. */
const SATURATED_RANGE_PERCENT = 99;
/** The partitionSizeLimit page's line: 19 of the 20 GB a logical partition holds, about 9 hours before it is full at the
 *  2.5 GB a day of the replay's growing key (the partitionSize ticket, at the headroom, leaves 38). */
const NEAR_FULL_SHARE = 0.95;
/**
 * How far above a value's planned load its default line stays: a plan is a peak's mean, and real traffic moves around it
 * minute by minute, so a line on the plan fires on the plan's own noise (the replay's planned load with ±10% minute
 * jitter, `test/replay/plan-margin.test.ts`: a line at the plan fired, one 10% above it stayed quiet). No Azure page gives a
 * margin for alert lines above a planned load; 10% is the jitter the replay shows the line survives.
 */
const PLAN_MARGIN = 0.1;
const withMargin = (planned: number) => round(planned * (1 + PLAN_MARGIN), 6);

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** RU/s of reads and writes together: Cosmos DB charges both in RU against the same budget. */
function peakRequestUnits(design: CosmosKeyDesign): number {
  const { workload } = design.primaryKey;
  return workload.peakReadUnits + workload.peakWriteUnits;
}

/**
 * A per-value RU/s threshold the value can cross, above its plan and below its ceiling: the design's headroom × what
 * the value can reach, or the design's own load of it when higher (a value running as designed stays quiet), at most
 * 95% of what it can reach unless its planned load alone is above that (then the plan itself, still below the
 * ceiling). The hotKey and hotPrefix queries measure a value's RU/s in CDBPartitionKeyRUConsumption, the RU each
 * logical partition key consumed, per region, within its physical partition (Azure Monitor table reference,
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption): consumed RU, so a
 * value never logs more than its partitions serve it; beyond that its requests are rate-limited (429). What it can
 * reach is the core's `hotValueReach`, on the partitions the container is deployed with: a key's 10,000 RU/s, or its
 * physical partition's share of the container's RU/s less its neighbours' expected load when lower; a first-level value's
 * partitions (one per 50 GB it holds: "the total RU/s achievable for a single TenantId can exceed 10,000 RU/s" only
 * when its data is in several, Hierarchical partition keys FAQ,
 * https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys-faq), less the other values' load on each.
 * A design whose declared load is at or above that ceiling (SG003, acknowledged) gets 95% of it: the alert then fires
 * while the value is at its ceiling and throttled, which is the failure the acknowledgement accepted. Above the declared
 * load by `PLAN_MARGIN` where that fits under the 95% (a line on the plan itself fires on the plan's own minute-to-minute
 * noise); where it does not, the 95%, or the plan itself when that is higher.
 *
 * Why headroom × (capacity − neighbours) here and headroom × capacity − neighbours in the lint (`usableBesideNeighbours`,
 * SG003/SG014's "usable"): they answer two questions. The lint asks how much the design may plan so that the partition,
 * neighbours included, keeps its headroom; the alert asks when a value has used the headroom's share of what it can
 * reach before it is throttled (capacity − neighbours, where its 429s start). Since neighbours ≥ headroom × neighbours,
 * the lint's figure is never above the alert's line: a design the lint passes is planned under its alerts (the documents
 * design's whale: 4,737.5 usable against 0.8 × 5,987.5 = 4,790). One formula for both would either page at a load the
 * lint passed or lint the design against its throttling point.
 */
function reachableThreshold(headroom: number, reach: number, declared: number): number {
  const highest = HIGHEST_KEY_SHARE_OF_CEILING * reach;
  if (declared >= reach) return readable(highest, 'down', reach);
  const line = Math.min(headroom * reach, highest);
  // Never under the declared load and its margin (rounded up) where that fits, so the design's own load stays quiet.
  const above = readable(Math.max(declared, Math.min(withMargin(declared), highest)), 'up', reach);
  return Math.max(readable(line, 'down', reach), above);
}

/**
 * A line as a reader sets one: whole RU/s from 1,000 up (not "2,240.01 RU/s"), else to 2 decimals; in
 * the direction that keeps its meaning, and never at or above what the value can reach (where it could not fire).
 */
function readable(value: number, direction: 'up' | 'down', reach: number): number {
  const digits = value >= 1000 ? 0 : 2;
  const scale = 10 ** digits;
  const rounded = (direction === 'up' ? Math.ceil(value * scale - 1e-9) : Math.floor(value * scale + 1e-9)) / scale;
  return rounded < reach ? rounded : round(value);
}

/** The partitionSize ticket's default line: the design's headroom × the 20 GB a logical partition holds. */
const partitionSizeDefault = (headroom: number) => round(headroom * COSMOS_LIMITS.logicalPartitionGb, 6);
const PARTITION_SIZE_LIMIT_DEFAULT = round(NEAR_FULL_SHARE * COSMOS_LIMITS.logicalPartitionGb, 6);

/**
 * What the hotPrefix line is drawn on: what one first-level value can use on one physical partition before it is
 * throttled. The query sums each value's RU per physical partition (`PartitionKeyRangeId`, "the physical partition
 * containing the logical partition key", CDBPartitionKeyRUConsumption,
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption) and compares every
 * value with one line, and a value's data, so its load, stays on one physical partition until it holds 50 GB
 * ("Hierarchical partition keys", https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys): every
 * tenant is throttled at one partition's share on each partition it is on. Drawn from the hottest value's reach over
 * all its partitions, the line was out of every smaller tenant's reach (a 120 GB customer's 9,040 RU/s over 3
 * partitions against 1,733 on one: never crossed, never paged). The design's own load of its hottest value is its
 * load on each of its partitions, kept under the line where that fits beside the neighbours; where its data spans
 * several partitions, it is judged on each against a line of its own (`spanningLine`). Undefined for a one-level key.
 */
interface PrefixLine {
  /** What a value on one physical partition can use: the hottest value's reach where its data is on one. */
  readonly reach: number;
  /** The design's own load of its hottest value on each physical partition it spans. */
  readonly planned: number;
  /** The physical partitions the hottest value's data spans. */
  readonly spans: number;
  /** What a value on one of those partitions can use beside the hottest value's planned load there (`besideHottest`). */
  readonly besideHottest: number;
}

function prefixLine(design: CosmosKeyDesign, reach: HotValueReach): PrefixLine | undefined {
  const onePartition = onePartitionPrefix(design);
  if (reach.prefix === undefined || !onePartition) return undefined;
  const spans = onePartition.hottestSpans;
  const planned = (reach.prefixLoad ?? 0) / spans;
  // The hottest value's reach over its partitions less its own load, on each: what they leave any other value there.
  return { reach: spans === 1 ? reach.prefix : onePartition.reach, planned, spans, besideHottest: reach.prefix / spans - planned };
}

/**
 * The throttledHotValue page's line on a hierarchical key: the hotPrefix line, or lower where a tenant on one of the
 * hottest value's partitions can reach less. That tenant is throttled at what the hottest value's planned load leaves
 * on its partition (the documents design's 90 GB whale, 2,250 RU/s planned on each of its 2 partitions of 3,125: about
 * 744 RU/s), far under a line drawn for a tenant on a partition of its own (1,450): it logged ~1,100–1,250 RU/s while
 * throttled and crossed neither prefix line, and was paged only by `normalizedRu`, whose hour's average of each minute's
 * highest second passes 99% only once the range is at its budget in nearly every minute (replayed "hot key growing for
 * days": 292 minutes after its first sustained 429s). A page needs the value's own partition's throttling sustained as well
 * (three of the hour's 5-minute intervals with 5 or more 429s of its PartitionId, CDBDataPlaneRequests5M), so a lower
 * page line only names a value while requests to its partition are being rejected; the hotPrefix ticket, fired without any 429, keeps its line.
 */
function throttledPrefixLine(headroom: number, line: PrefixLine, hotPrefix: number): number {
  if (line.besideHottest <= 0) return hotPrefix;
  return Math.min(hotPrefix, reachableThreshold(headroom, line.besideHottest, 0));
}

/**
 * The lines of a hierarchical key's throttledHotValue page: a tenant's total against the tenant line (`prefix`), each
 * full key against the hotKey line, at most the tenant line (`key`). A full key is one logical partition, throttled at
 * what its physical partition leaves it beside its neighbours, at most 10,000 RU/s ("Partitioning and horizontal
 * scaling", https://learn.microsoft.com/azure/cosmos-db/partitioning-overview; `hotValueReach`'s `key`), so a tenant
 * line alone, above that reach, is one a small tenant whose load is one hot key never crosses while that key's range
 * throttles: replayed on a CRM container (/tenantId → /accountId → /contactId, 8 partitions of 3,750 RU/s), a contact
 * growing for days logged at most the 1,875 RU/s it can reach, under the 1,950 tenant line, and was paged only by
 * `normalizedRu`, 1,080 minutes after its first sustained 429s (`test/replay/crm-hot-contact.test.ts`); judged as a
 * key, against 1,500, it is paged. A tenant judged against the key line instead is paged at its ordinary load (an IoT
 * customer of 600 stations at 350 RU/s, under its 495.86 line: `test/replay/iot-customer-lines.test.ts`). The rule's
 * threshold is the lower line; the query drops each row under its own (`throttledHotValueQuery`).
 */
function pageLines(page: number, defaults: Record<AlertName, number>, spanning: number | undefined, given: boolean): ValueLines {
  // With a value on several partitions (the declared largest), the query knows its partitions (those it is logged on):
  // the lower line applies to a tenant there, the hotPrefix line to a tenant on a partition of its own.
  const prefix = spanning === undefined || given ? page : Math.max(page, defaults.hotPrefix);
  const beside = spanning !== undefined && page < prefix ? { besideSpanning: page } : {};
  return { prefix, key: Math.min(page, defaults.hotKey), ...(spanning === undefined ? {} : { spanning }), ...beside };
}

/** A hierarchical key's throttledHotValue page: the rule's threshold is its lowest line, the full key's. */
function onKeysAndPrefixes(alert: ResolvedAlert, defaults: Record<AlertName, number>, spanning: number | undefined, given: boolean) {
  const lines = pageLines(alert.threshold, defaults, spanning, given);
  return { ...alert, threshold: lines.key, by: 'Prefix' as const, ...(spanning === undefined ? {} : { spanningLine: spanning }), lines };
}

/**
 * The line a first-level value whose data spans several physical partitions is judged against on each of them, by the
 * hotPrefix and throttledHotValue queries (`spanningValueRows`): such a value holds 50 GB or more, so it is the design's
 * declared largest value, and its line is drawn as any value's (`reachableThreshold`) on its own plan there (its load ÷
 * its partitions) against what it can use there (its reach over them ÷ their number). The documents design's 90 GB whale,
 * planned at 2,250 RU/s on each of its 2 partitions of 3,125, gets 2,475, its plan and 10%: the one-partition tenants'
 * lines (1,450 and 595) are under its plan, and against them it was named whenever the container's 429s were sustained
 * (replayed with its plan ±10% a minute: 5, 6 and 5 pages a week; `test/replay/whale-neighbour.test.ts`). A plan that
 * itself throttles is SG003's to say before deploy, not a page at every peak. Undefined when the hottest value is on one
 * partition (no value but a larger, undeclared one spans several).
 */
function spanningLine(headroom: number, line: PrefixLine | undefined, reach: HotValueReach): number | undefined {
  if (!line || line.spans === 1 || reach.prefix === undefined) return undefined;
  return reachableThreshold(headroom, reach.prefix / line.spans, line.planned);
}

function defaultThresholds(design: CosmosKeyDesign, reach: HotValueReach): Record<AlertName, number> {
  const { headroom } = design.thresholds;
  // The design's own load of its busiest stored key, as SG003 counts it: a replicated copy's 1/N of the reads, not all of them.
  const hotKey = reachableThreshold(headroom, reach.key, reach.keyLoad);
  // Undefined only for a one-level key, which gets no hotPrefix alert (`prefixLine`).
  const line = prefixLine(design, reach);
  // A hottest value spanning partitions and planned above one partition's reach on each cannot stay under a line
  // every other tenant can cross: the line is then drawn for them, and that value is judged against its own (`spanningLine`).
  const planned = line && line.spans > 1 && line.planned >= line.reach ? 0 : line?.planned;
  const hotPrefix = line ? reachableThreshold(headroom, line.reach, planned ?? 0) : hotKey;
  return {
    normalizedRu: SATURATED_RANGE_PERCENT,
    throttleRate: COSMOS_LIMITS.healthyThrottledShare,
    hotKey,
    hotPrefix,
    // The line of the value it judges: hotPrefix's on a hierarchical key (lower where a value beside the hottest one
    // reaches less), hotKey's otherwise; a hierarchical key's full keys are judged against hotKey's too (`pageLines`).
    throttledHotValue: line ? throttledPrefixLine(headroom, line, hotPrefix) : hotKey,
    partitionSize: partitionSizeDefault(headroom),
    partitionSizeLimit: PARTITION_SIZE_LIMIT_DEFAULT,
  };
}

/** A size threshold as given in `args.alerts`: a number, or undefined when the alert is off (false), has no threshold,
 *  or has none the args shape accepts. */
function givenThreshold(alerts: unknown, name: AlertName): { readonly off: boolean; readonly threshold?: number } {
  const given: unknown = typeof alerts === 'object' && alerts !== null ? (alerts as Record<string, unknown>)[name] : undefined;
  if (given === false) return { off: true };
  const threshold: unknown = typeof given === 'object' && given !== null ? (given as Record<string, unknown>).threshold : undefined;
  // One out of its range (0–20 GB) is the args shape's to report, once.
  const inRange = typeof threshold === 'number' && threshold > 0 && threshold <= COSMOS_LIMITS.logicalPartitionGb;
  return inRange ? { off: false, threshold } : { off: false };
}

/**
 * The partitionSize ticket must fire before the partitionSizeLimit page: the ticket is the days of warning a growing
 * key gives (38 hours at the replay's 2.5 GB a day), the page the night before writes to it fail at 20 GB. A ticket
 * line at or above the page's comes with the page or after it, and that warning is lost; refused at the field the user
 * gave, naming both. `headroom` (the design's) sets the ticket's default; unknown when the design could not be read,
 * and then only two given thresholds are compared.
 */
export function sizeAlertOrderIssues(alerts: unknown, headroom: number | undefined): DesignIssue[] {
  const ticket = givenThreshold(alerts, 'partitionSize');
  const page = givenThreshold(alerts, 'partitionSizeLimit');
  if (ticket.off || page.off || (ticket.threshold === undefined && page.threshold === undefined)) return [];
  const ticketGb = ticket.threshold ?? (headroom === undefined ? undefined : partitionSizeDefault(headroom));
  const pageGb = page.threshold ?? PARTITION_SIZE_LIMIT_DEFAULT;
  if (ticketGb === undefined || ticketGb < pageGb) return [];
  const gb = (value: number) => `${value.toLocaleString('en-US')} GB`;
  const lost =
    'the partitionSize ticket would fire with the partitionSizeLimit page or after it, and the days of warning before the logical partition is full (20 GB) are lost';
  if (ticket.threshold !== undefined) {
    const pageText = `${gb(pageGb)}${page.threshold === undefined ? ', its default' : ''}`;
    return [
      {
        path: 'alerts.partitionSize.threshold',
        message: `is ${gb(ticketGb)}, at or above alerts.partitionSizeLimit.threshold (${pageText}): ${lost}. Give alerts.partitionSize.threshold below ${gb(pageGb)}, or alerts.partitionSizeLimit.threshold above ${gb(ticketGb)} (at most 20)`,
      },
    ];
  }
  return [
    {
      path: 'alerts.partitionSizeLimit.threshold',
      message: `is ${gb(pageGb)}, at or below alerts.partitionSize.threshold (${gb(ticketGb)}, its default: the design's headroom × 20 GB): ${lost}. Give alerts.partitionSizeLimit.threshold above ${gb(ticketGb)} (at most 20), or alerts.partitionSize.threshold below ${gb(pageGb)}`,
    },
  ];
}

const VALUE_OF: Record<'hotKey' | 'hotPrefix', string> = { hotKey: 'the hottest stored key', hotPrefix: 'the hottest first-level value' };
const ru = (value: number) => `${value.toLocaleString('en-US')} RU/s`;

/**
 * A hotKey or hotPrefix threshold the user gave at or above what that value can reach (`hotValueReach`): the query
 * logs consumed RU, so the value shows at most its reach while it is throttled there, and the alert (GreaterThan)
 * stays silent through the very failure it watches for. Said, not refused: the reach assumes the neighbours at their
 * planned peak, and a user may know better (a threshold at or above it can still fire while they are quieter).
 */
function unreachableThreshold(
  name: 'hotKey' | 'hotPrefix',
  given: AlertOptions | false | undefined,
  reach: number,
  fallback: number,
  value = VALUE_OF[name],
): string | undefined {
  if (!given || given.threshold === undefined || given.threshold < reach) return undefined;
  return (
    `alerts.${name}.threshold is ${ru(given.threshold)}, at or above the ${ru(reach)} ${value} can use beside its neighbours' planned load ` +
    `on the partitions the container is deployed with (hotValueReach): it is throttled (429) at that ceiling, so this alert cannot fire while it is. ` +
    `Give a threshold below ${ru(reach)}, or leave it out for the default (${ru(fallback)})`
  );
}

/**
 * Alert options given for hotPrefix on a one-level key: that alert groups a hierarchical key's logged values by their
 * first level, and a one-level key has no level above its full values (which the hotKey alert watches), so none is
 * created. Said, as an unreachable threshold is, so a setting is never dropped without a word.
 */
function hotPrefixWithoutLevels(given: AlertOptions | false | undefined, design: CosmosKeyDesign): string | undefined {
  const levels = design.primaryKey.partitionKey;
  if (!given || levels.length > 1) return undefined;
  return (
    `alerts.hotPrefix is set, but the partition key ${levels[0].name} has one level: the hotPrefix alert watches the first level ` +
    `of a hierarchical key, and this key's values are watched by the hotKey alert (alerts.hotKey), so no hotPrefix alert is created. ` +
    'Remove alerts.hotPrefix, or set it to false'
  );
}

/** `unreachableThreshold` for hotPrefix, against what its line is drawn on (`prefixLine`): a given threshold at or
 *  above what a value on one physical partition can use never fires on such a value. */
function unreachablePrefixThreshold(given: AlertOptions | false | undefined, design: CosmosKeyDesign, reach: HotValueReach, fallback: number) {
  const line = prefixLine(design, reach);
  if (!line) return undefined;
  return unreachableThreshold('hotPrefix', given, line.reach, fallback, line.spans > 1 ? 'a first-level value on one physical partition' : undefined);
}

/** The value each threshold's unit cannot exceed: the alert fires above its threshold (`GreaterThan`), so one at or
 *  above it can never fire. NormalizedRUConsumption is a percentage of a range's RU/s that stops at 100 ("Monitor
 *  normalized RU/s", https://learn.microsoft.com/azure/cosmos-db/monitor-normalized-request-units); a share at 1. */
const HIGHEST_VALUE: Partial<Record<AlertName, { readonly value: number; readonly what: string }>> = {
  normalizedRu: { value: 100, what: 'NormalizedRUConsumption is a percentage that stops at 100' },
  throttleRate: { value: 1, what: 'the share of requests answered 429 is at most 1 (all of them)' },
};

function unreachableCeiling(name: AlertName, given: AlertOptions | false | undefined, fallback: number): string | undefined {
  const highest = HIGHEST_VALUE[name];
  if (!given || given.threshold === undefined || highest === undefined || given.threshold < highest.value) return undefined;
  return (
    `alerts.${name}.threshold is ${given.threshold}: ${highest.what}, and the alert fires only above its threshold (GreaterThan), ` +
    `so it can never fire. Give a threshold below ${highest.value}, or leave it out for the default (${fallback})`
  );
}

/** Minutes each evaluation of a log alert judges (the queries' spans, engines/cosmos-alert-queries.ts): a longer
 *  `evaluationFrequency` leaves the minutes between two judged spans unjudged. */
const JUDGED_MINUTES: Partial<Record<AlertName, number>> = {
  hotKey: SUSTAINED_MINUTES,
  hotPrefix: SUSTAINED_MINUTES,
  throttledHotValue: SUSTAINED_MINUTES,
  throttleRate: SUSTAINED_INTERVALS * 5,
};

function unjudgedMinutes(name: AlertName, resolved: ResolvedAlert | undefined): string | undefined {
  const judged = JUDGED_MINUTES[name];
  const frequency = resolved && minutes(resolved.evaluationFrequency);
  if (judged === undefined || frequency === undefined || frequency <= judged) return undefined;
  return (
    `alerts.${name}.evaluationFrequency is ${resolved?.evaluationFrequency}, longer than the ${judged} minutes each evaluation judges: ` +
    `${frequency - judged} of every ${frequency} minutes are never judged, so throttling that starts and ends between two evaluations goes unseen. ` +
    `Give PT${judged}M or less, or leave it out for the default (${ALERT_DEFAULTS[name].evaluationFrequency})`
  );
}

/**
 * A `throttleRate.minimumRequests` above the requests the design's peak can make in one 5-minute interval: every request
 * that is served costs at least 1 RU (a point read of a 1 KB item; "Request Units in Azure Cosmos DB",
 * https://learn.microsoft.com/azure/cosmos-db/request-units), so at its planned peak the container makes at most
 * peak RU/s × 300 of them, and no interval at or under that load is judged: a hot range could throttle at the planned
 * load with no page.
 */
function unjudgedIntervals(given: ThrottleRateAlertOptions | false | undefined, design: CosmosKeyDesign): string | undefined {
  if (!given || given.minimumRequests === undefined) return undefined;
  const most = peakRequestUnits(design) * 300;
  if (given.minimumRequests <= most) return undefined;
  const count = (value: number) => value.toLocaleString('en-US');
  return (
    `alerts.throttleRate.minimumRequests is ${count(given.minimumRequests)}, more requests than the design's peak (${ru(peakRequestUnits(design))}) ` +
    `can make in a 5-minute interval (${count(most)}, at 1 RU each, the cheapest request): no interval at the planned load is judged, ` +
    `so the alert could stay silent while the container throttles. Give at most ${count(most)}, or leave it out for the default (${count(MINIMUM_REQUESTS)})`
  );
}

function tierGroups(options: SkewAlertsOptions, monitoring: MonitoringActionGroups | undefined): Record<'page' | 'ticket', pulumi.Input<string>[]> {
  const pick = (tier: 'page' | 'ticket') =>
    options.actionGroups?.[tier] ?? options.actionGroupIds ?? monitoring?.actionGroups?.[tier] ?? monitoring?.actionGroupIds ?? [];
  return { page: pick('page'), ticket: pick('ticket') };
}

/**
 * The page-tier alerts that notify no action group fire in Azure Monitor only: said once, as GuardedTable warns of
 * page alarms without pageTopic (a page nobody receives is a promise not kept).
 */
function unpagedWarning(alerts: Partial<Record<AlertName, ResolvedAlert>>): string | undefined {
  const unpaged = ALERT_NAMES.filter((name) => alerts[name]?.tier === 'page' && alerts[name]?.actionGroupIds.length === 0);
  if (unpaged.length === 0) return undefined;
  return (
    `the page-tier alert${unpaged.length === 1 ? '' : 's'} ${unpaged.join(', ')} notif${unpaged.length === 1 ? 'ies' : 'y'} no one: no action group was given ` +
    '(alerts.actionGroupIds, alerts.actionGroups.page, or those of the attached CosmosAccountMonitoring), so requests throttled now show in Azure Monitor only. ' +
    "Set one of them to the on-call's action group"
  );
}

/** Why NormalizedRUConsumption cannot watch a container of this throughput mode. */
const NO_NORMALIZED_RU: Partial<Record<ThroughputMode, string>> = {
  shared:
    'the container shares its database\'s throughput, and NormalizedRUConsumption has no per-container data there (Microsoft Learn, "Monitor normalized RU/s")',
  serverless: 'a serverless container has no provisioned throughput for NormalizedRUConsumption to measure',
};

/**
 * The normalizedRu skip reason, followed by what does watch the container: only the alerts this plan makes (else,
 * without args.monitoring, the log says both "no throttleRate alert" and "the throttleRate alert still watches it").
 */
function noNormalizedRu(mode: ThroughputMode, watching: readonly AlertName[], logs: boolean): string | undefined {
  const reason = NO_NORMALIZED_RU[mode];
  if (!reason) return undefined;
  if (watching.length > 0)
    return `${reason}; the ${watching.join(' and ')} alert${watching.length === 1 ? '' : 's'} still watch${watching.length === 1 ? 'es' : ''} it`;
  return `${reason}, and no other alert watches it: ${logs ? 'the throttleRate and hotKey alerts were turned off or have no line' : 'the throttleRate and hotKey alerts need partition-key diagnostics (args.monitoring)'}`;
}
const NEEDS_LOGS = 'needs partition-key diagnostics (args.monitoring): its table is a diagnostic log';

/**
 * Why a key whose last level is declared `'unique'` (an id: one value per item) gets no size alert: each full key value,
 * a logical partition, then holds one item, and an item holds at most 2 MB ("Azure Cosmos DB service quotas",
 * https://learn.microsoft.com/azure/cosmos-db/concepts-limits: maximum size of an item 2 MB; of a logical partition
 * 20 GB), ten thousand times under the 16 and 19 GB lines: the alert could never fire. Undefined for any other key.
 * A sharded key's suffix splits each value further and changes nothing.
 */
function oneItemPerPartition(design: CosmosKeyDesign): string | undefined {
  const levels = design.primaryKey.partitionKey;
  const last = levels[levels.length - 1];
  if (last.cardinality !== 'unique') return undefined;
  return (
    `the partition key's ${levels.length === 1 ? 'only' : 'last'} level ${last.name} is declared 'unique' (one value per item), so each logical partition ` +
    'holds one item, at most 2 MB (Azure Cosmos DB service quotas), never near the 20 GB a logical partition holds: a size alert could never fire'
  );
}

/** Size alert options given for a key of one item per logical partition: said, as a hotPrefix option on a one-level
 *  key is, so a setting is never dropped without a word. */
function sizeAlertWithoutSize(
  name: 'partitionSize' | 'partitionSizeLimit',
  given: AlertOptions | false | undefined,
  reason: string | undefined,
): string | undefined {
  if (!given || reason === undefined) return undefined;
  return `alerts.${name} is set, but ${reason}, so no ${name} alert is created. Remove alerts.${name}, or set it to false`;
}

/** The field a shared container's design declares its database's RU/s in (args.throughput 'shared' carries none). */
const SHARED_FIELD = 'design.throughput: { sharedDatabase: RU/s, containers? }';

/**
 * A container on its database's shared throughput whose design does not declare that throughput: nothing knows its
 * physical partitions' RU/s, so the design was linted against the logical partition's 10,000 RU/s alone, and a hot-key
 * line drawn from it (headroom × 10,000) may be one the database can never give a key: a 400 RU/s database serves 400.
 * Said, naming the field that declares it.
 */
function sharedWithoutRequestUnits(mode: ThroughputMode, design: CosmosKeyDesign): boolean {
  return mode === 'shared' && design.throughput === undefined;
}

const SHARED_UNCHECKED =
  `args.throughput is 'shared' but the design declares no database throughput: the design's fit to it (its physical partitions, ` +
  `SG003 and SG012, and its capacity against the peak, SG017) was not checked, the design was linted against the 10,000 RU/s ` +
  `of a logical partition alone; declare ${SHARED_FIELD}`;

/** Why a hotKey or hotPrefix alert without a given threshold is not made on a shared database of undeclared RU/s. */
const noCeiling = (name: 'hotKey' | 'hotPrefix' | 'throttledHotValue') =>
  `what a key can reach is the database's shared RU/s, which the design does not declare (${SHARED_FIELD}); ` +
  `a default line drawn from the 10,000 RU/s logical-partition ceiling could be one the database never serves. Declare it, or give alerts.${name}.threshold`;

/**
 * The layout the per-value lines are drawn on: the one the container is deployed with (`asDeployed`: its declared RU/s,
 * held at their storage minimum), not the raise SG017 recommends, which leaves a value more room than it has until it
 * is made (the chat container at a 55,000 RU/s peak on 60,000 autoscale: 833.33 RU/s a key can use on its 6 partitions,
 * against a line of 1,600 drawn for the raise's 7, which it never logs). Except where the planned peak uses all the
 * deployed RU/s: every partition is then at its budget at the peak whatever its keys, a key has nothing its neighbours
 * leave it (a line at 0 opens on any key, all the time), and the throttling is the container's, which normalizedRu and
 * throttleRate page on; the lines are drawn where SG003 judges the key, at SG017's raise.
 */
function linesLayout(declared: CosmosKeyDesign): CosmosKeyDesign {
  const deployed = asDeployed(declared);
  const partitions = profileOf(deployed.engine).physicalPartitions?.(deployed);
  const full = partitions !== undefined && peakRequestUnits(deployed) >= partitions.requestUnits;
  return full ? declared : deployed;
}

/**
 * Azure Monitor watches at most 5,000 metric time series per alert rule (public cloud; "Azure Monitor service limits":
 * "5,000 metric time series per alert rule"): split by `PartitionKeyRangeId`, a container of more physical partitions
 * would leave ranges past that unwatched.
 */
export const METRIC_SERIES_PER_RULE = 5_000;

/** The normalizedRu alert for a container of `ranges` physical partitions as deployed: split by range while one rule
 *  watches every range, else unsplit, where the metric is "the maximum RU/s utilization across all partition key ranges"
 *  each minute ("Monitor normalized RU/s"), so no range goes unwatched. */
function byRangeWhileWatched(alert: ResolvedAlert, ranges: number | undefined): RangeAlert {
  return { ...alert, byRange: ranges === undefined || ranges <= METRIC_SERIES_PER_RULE, ...(ranges === undefined ? {} : { ranges }) };
}

/** Every alert the container gets, and those it cannot get. `logs`: a CosmosAccountMonitoring is attached.
 *  The design carries the container's throughput (args.throughput) when known at plan time; the per-value lines are
 *  drawn on `linesLayout`. */
export function planAlerts(
  options: SkewAlertsOptions = {},
  declared: CosmosKeyDesign,
  mode: ThroughputMode,
  monitoring: MonitoringActionGroups | undefined,
): AlertPlan {
  const design = linesLayout(declared);
  const reach = reachOf(design);
  const defaults = defaultThresholds(design, reach);
  const spanning = spanningLine(design.thresholds.headroom, prefixLine(design, reach), reach);
  const spanningValues = spanning === undefined ? {} : { spanningLine: spanning };
  const groups = tierGroups(options, monitoring);
  const skipped: { alerts: AlertName[]; reason: string }[] = [];
  const resolve = (name: AlertName, unavailable?: string): ResolvedAlert | undefined => {
    const given = options[name] as AlertOptions | false | undefined;
    if (given === false) return undefined;
    if (unavailable) {
      const sameReason = skipped.find((note) => note.reason === unavailable);
      if (sameReason) sameReason.alerts.push(name);
      else skipped.push({ alerts: [name], reason: unavailable });
      return undefined;
    }
    const timing = ALERT_DEFAULTS[name];
    const tier = given?.tier ?? timing.tier;
    return {
      threshold: given?.threshold ?? defaults[name],
      windowSize: given?.windowSize ?? timing.windowSize,
      evaluationFrequency: given?.evaluationFrequency ?? timing.evaluationFrequency,
      tier,
      severity: given?.severity ?? SEVERITY[tier],
      actionGroupIds: groups[tier],
    };
  };
  const logs = monitoring ? undefined : NEEDS_LOGS;
  const hierarchical = design.primaryKey.partitionKey.length > 1;
  // A per-value line needs a ceiling: on a shared database of undeclared RU/s, only one the user gives.
  const ceilingUnknown = (name: 'hotKey' | 'hotPrefix' | 'throttledHotValue') => {
    const given = options[name];
    const threshold = typeof given === 'object' ? given.threshold : undefined;
    return sharedWithoutRequestUnits(mode, design) && threshold === undefined ? noCeiling(name) : undefined;
  };
  const oneItem = oneItemPerPartition(design);
  const throttleRate = resolve('throttleRate', logs);
  const throttleOptions = options.throttleRate === false ? undefined : (options.throttleRate as ThrottleRateAlertOptions | undefined);
  const hotKey = resolve('hotKey', logs ?? ceilingUnknown('hotKey'));
  const hotPrefix = hierarchical ? resolve('hotPrefix', logs ?? ceilingUnknown('hotPrefix')) : undefined;
  const throttledHotValue = resolve('throttledHotValue', logs ?? ceilingUnknown('throttledHotValue'));
  const watching = (['throttleRate', 'hotKey', 'hotPrefix'] as const).filter((name) => ({ throttleRate, hotKey, hotPrefix })[name] !== undefined);
  const normalizedRu = resolve('normalizedRu', noNormalizedRu(mode, watching, logs === undefined));
  const deployed = asDeployed(declared);
  const alerts = {
    normalizedRu: normalizedRu && byRangeWhileWatched(normalizedRu, profileOf(deployed.engine).physicalPartitions?.(deployed)?.count),
    throttleRate: throttleRate && { ...throttleRate, minimumRequests: throttleOptions?.minimumRequests ?? MINIMUM_REQUESTS },
    hotKey,
    hotPrefix: hotPrefix && { ...hotPrefix, ...spanningValues },
    throttledHotValue:
      throttledHotValue &&
      (hierarchical
        ? onKeysAndPrefixes(
            throttledHotValue,
            defaults,
            spanning,
            typeof options.throttledHotValue === 'object' && options.throttledHotValue.threshold !== undefined,
          )
        : { ...throttledHotValue, by: 'PartitionKey' as const }),
    partitionSize: resolve('partitionSize', logs ?? oneItem),
    partitionSizeLimit: resolve('partitionSizeLimit', logs ?? oneItem),
  };
  return {
    ...alerts,
    skipped,
    warnings: [
      sharedWithoutRequestUnits(mode, design) ? SHARED_UNCHECKED : undefined,
      unpagedWarning(alerts),
      unreachableThreshold('hotKey', options.hotKey, reach.key, defaults.hotKey),
      unreachableCeiling('normalizedRu', options.normalizedRu, defaults.normalizedRu),
      unreachableCeiling('throttleRate', options.throttleRate, defaults.throttleRate),
      unjudgedIntervals(options.throttleRate, design),
      sizeAlertWithoutSize('partitionSize', options.partitionSize, oneItem),
      sizeAlertWithoutSize('partitionSizeLimit', options.partitionSizeLimit, oneItem),
      ...ALERT_NAMES.map((name) => unjudgedMinutes(name, alerts[name])),
      // A one-level key gets no hotPrefix alert: options given for one are said to do nothing.
      hierarchical ? unreachablePrefixThreshold(options.hotPrefix, design, reach, defaults.hotPrefix) : hotPrefixWithoutLevels(options.hotPrefix, design),
    ].filter((warning): warning is string => warning !== undefined),
  };
}
