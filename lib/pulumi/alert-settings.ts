/**
 * What the skew alerts watch and when they fire: user options, read with the core's shape toolkit,
 * and their defaults. Thresholds come from the design (its headroom, its declared loads), so a
 * design's own expected traffic never pages. Each alert has a tier: `page` (users are affected now)
 * or `ticket` (something will break if nobody acts), with its own action groups and severity.
 */
import * as pulumi from '@pulumi/pulumi';
import { shapes } from '../index';
import { actionGroupIds, planTime } from './arg-shapes';

export type AlertTier = 'page' | 'ticket';

/** Timing, severity and tier of one alert; each omitted field keeps that alert's default (listed on
 *  its `SkewAlertsOptions` field). */
export interface AlertOptions {
  /** Fire when the measured value is above this (`GreaterThan`), in the alert's unit.
   *  @default - the alert's default threshold */
  readonly threshold?: number;
  /** ISO 8601 duration: the metric window, or the log query's time range (which also covers the
   *  ingestion lag), e.g. `PT15M`. Azure Monitor accepts, for the `normalizedRu` metric alert, only
   *  PT1M, PT5M, PT15M, PT30M, PT1H, PT6H, PT12H or PT24H (P1D); for the log alerts at most P2D.
   *  Another value is refused here, naming this field, instead of failing at deployment.
   *  @default - the alert's default window */
  readonly windowSize?: string;
  /** ISO 8601 duration between evaluations; at most `windowSize`. Azure Monitor accepts PT1M, PT5M,
   *  PT15M, PT30M or PT1H for the `normalizedRu` metric alert and at most P1D for the log alerts.
   *  Longer than PT5M (PT15M for `throttleRate`) leaves minutes the queries never judge: warned.
   *  @default - the alert's default frequency */
  readonly evaluationFrequency?: string;
  /** Who is told: `page` (the tier's action groups, severity 1) or `ticket` (severity 2).
   *  @default - the alert's default tier */
  readonly tier?: AlertTier;
  /** Azure Monitor severity: 0 critical, 1 error, 2 warning, 3 informational, 4 verbose.
   *  @default - 1 for the page tier, 2 for the ticket tier */
  readonly severity?: number;
}

export interface ThrottleRateAlertOptions extends AlertOptions {
  /** A 5-minute interval with fewer requests than this is not judged, so a handful of retried
   *  requests on a quiet container pages no one.
   *  @default 1000 */
  readonly minimumRequests?: number;
}

/**
 * Action groups (resource ids) per tier. Each is notified when an alert of its tier fires and when it resolves: every
 * alert is `autoMitigate: true`, and Azure sends a resolved alert's notification to the action groups it fired to, so
 * the incident tool that opened an incident resolves it (as a GuardedTable's alarm tells its recovery to the topic it
 * fired to). https://learn.microsoft.com/azure/azure-monitor/alerts/alerts-overview#stateful-alerts
 */
export interface TierActionGroups {
  /** Told when a page alert fires and when it resolves. @default - `actionGroupIds` */
  readonly page?: pulumi.Input<string>[];
  /** Told when a ticket alert fires and when it resolves. @default - `actionGroupIds` */
  readonly ticket?: pulumi.Input<string>[];
}

/** The skew alerts of one container; `false` leaves one out. docs/pulumi.md has a table of all. */
export interface SkewAlertsOptions {
  /** Action groups (resource ids) notified by every tier, unless `actionGroups` names a tier's own.
   *  @default - the attached CosmosAccountMonitoring's, else none (alerts only show in the portal) */
  readonly actionGroupIds?: pulumi.Input<string>[];
  /** Action groups per tier, e.g. `{ page: [oncall.id], ticket: [backlog.id] }`.
   *  @default - `actionGroupIds` for both tiers */
  readonly actionGroups?: TierActionGroups;
  /** Metric alert: `NormalizedRUConsumption` averaged over the window, per partition-key range of
   *  this container: a range saturated minute after minute. The metric is each minute's highest
   *  one-second utilization, and a range at 100% rate-limits (429) what it is sent in that second
   *  ("Monitor normalized RU/s", https://learn.microsoft.com/azure/cosmos-db/monitor-normalized-request-units);
   *  an hour's average above 99% is a range at its budget in nearly every minute of the hour. A page
   *  because Microsoft says its healthy 1–5% of 429s assumes evenly used partitions: one hot range
   *  can throttle most of its requests while the container's share stays under 5% ("Diagnose and
   *  troubleshoot request rate too large (429)"), and no other metric counts 429s per range. A job that runs every
   *  range at its budget for more than an hour pages too: give it `windowSize` longer than the job. It misses a range
   *  past its budget for less than the hour while the container's 429 share stays under 5% (a 15–45 minute flash sale on
   *  one range, replayed): no shorter window tells that from a nightly import; `hotKey: { tier: 'page' }` pages on its key.
   *  Only with dedicated throughput (`manual` or `autoscaleMax`): shared database throughput has no
   *  per-container data, serverless none at all.
   *  @default - > 99 (%), window PT1H, every PT5M, page */
  readonly normalizedRu?: AlertOptions | false;
  /** Log alert on `CDBDataPlaneRequests5M`: the share (0–1) of this container's requests answered
   *  429, above the line in each of the last three 5-minute intervals **and** over the last hour.
   *  Why both: Microsoft calls 1–5% of requests throttled, with acceptable latency, healthy, and
   *  expects 429s with NormalizedRUConsumption at 100% when a workload uses its throughput fully, as a
   *  bulk import does ("Diagnose and troubleshoot Azure Cosmos DB request rate too large (429)",
   *  https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large). The SDKs
   *  retry those 429s, so a bounded job above 5% for half an hour costs latency, not failed requests;
   *  a share above 5% for most of an hour, still going on, means retries no longer hide it from users.
   *  One throttling episode is one page: while 3 of the last hour's intervals still count 5 or more 429s, the query
   *  reports the highest share since the throttling began (up to 22 hours back), so a key throttled for hours whose
   *  share dips under the line is not resolved and paged again (replayed: once, where it paged twice 15 hours apart);
   *  throttling that stopped for most of an hour starts a new episode. Needs `monitoring`. The window must cover the
   *  hour and the 10-minute ingestion lag (≥ 70 minutes); one shorter than a day shortens that memory.
   *  @default - > 0.05, window P1D, every PT5M, page */
  readonly throttleRate?: ThrottleRateAlertOptions | false;
  /** Log alert on `CDBPartitionKeyRUConsumption`: one partition-key value's RU/s in one region, the
   *  third highest of five consecutive minutes: above the line in 3 of them, in a row or in bursts (a key at its ceiling
   *  every other minute throttles in those minutes, and the lowest of five never saw it). The table logs the RU each logical partition key consumed, so a
   *  key never shows more than its partition serves it. Needs `monitoring`.
   *  @default - > the design's headroom × what the key can reach (8,000 of a key's 10,000 RU/s ceiling),
   *  or the design's own load of its hottest key + 10% (its minute-to-minute noise) when higher, at most 95% of what it can reach (unless
   *  that load alone is above it, still below the ceiling). What a key can reach is its ceiling on
   *  the container as deployed (`hotValueReach`): the lower of 10,000 RU/s and its physical partition's share of the
   *  container's RU/s less the load its neighbours there are expected to take (the core's count of partitions: the
   *  design's `physicalPartitions`, else one per 6,000 RU/s manual or 10,000 RU/s autoscale, at the declared RU/s held at
   *  their storage minimum, and per 50 GB); never at the raise SG017 recommends, which the key does not have until it is made.
   *  An acknowledged SG003 design whose hottest key is planned at or above that ceiling gets 95% of it:
   *  the alert then fires while the key is throttled at its ceiling, the failure the acknowledgement
   *  accepted; window PT15M, every PT5M, ticket. A ticket, as GuardedTable's hot-key alarm: the line
   *  assumes the key's neighbours at their planned peak, so it fires before anything is throttled, and
   *  `normalizedRu` pages once the key's partition-key range is at its budget. No RU/s increase lifts the
   *  key's ceiling (Microsoft Learn, "Partitioning and horizontal scaling"): `{ tier: 'page' }` to be woken. A `threshold`
   *  given at or above what the key can reach is kept, with a warning in the Pulumi log: the key logs at
   *  most that while it is throttled there, so the alert could not fire through the throttling. */
  readonly hotKey?: AlertOptions | false;
  /** Log alert as `hotKey`, summed per first-level value of a hierarchical key (one tenant) on each physical
   *  partition (`PartitionKeyRangeId`): a value's data stays on one until it holds 50 GB, and each serves it at most its share.
   *  Needs `monitoring` and a key of two or three levels.
   *  @default - as `hotKey`, against what a first-level value can use on one physical partition: its share of the
   *  container's RU/s less the other first-level values' expected load there (SG003's figure, on the container as deployed), and above the
   *  hottest value's planned load on each partition its data spans (one per 50 GB of its `largestGb`) where that
   *  fits; where it does not, the line stays within a one-partition tenant's reach and the Pulumi log says the
   *  hottest value will fire it; window PT15M, every PT5M, ticket. A `threshold` at or above that reach warns, as `hotKey`'s does.
   *  A given `threshold` is the line of the values on one partition; the declared largest value, logged on several,
   *  keeps its own line (its plan on each partition and 10%): a line under a plan fires on every planned peak, and that
   *  value's line moves with its declared plan (`hotKeyShare`), not with this threshold. */
  readonly hotPrefix?: AlertOptions | false;
  /** Log alert: the hottest value (the first level of a hierarchical key, as `hotPrefix`; else the full key, as `hotKey`)
   *  above that alert's line in 3 of 5 minutes on a physical partition whose own throttling is sustained: at least 3 of
   *  the 5-minute intervals of the last hour in which `CDBDataPlaneRequests5M` counted 5 or more 429s with that
   *  partition's `PartitionId`, one a minute on average (`throttleRate`'s three intervals and hour), matched to the RU
   *  log's `PartitionKeyRangeId` (no Azure page says the two carry the same id: docs/pulumi.md says how to check). An
   *  interval in which every partition of the container returned 429s (an import) counts for none. 429s on other
   *  partitions no longer name a declared whale planned above the line at its plan. A page: the value's partition is throttling now, though the container's
   *  429 share, diluted by its other partitions, may stay under `throttleRate`'s 5% and `normalizedRu` needs the range at
   *  its budget for an hour (replayed: a whale tenant on 1 of 12 ranges pages at 23 minutes, `normalizedRu` at 58). A
   *  stray 429 of another key (1 to 3 in an interval) is not sustained throttling, and a key whose 429s come and go stays
   *  one fired alert while a quarter of the hour throttles ("any 429" paged 7 times in 15 hours of a replay). A value
   *  above its line without sustained 429s is `hotPrefix`'s or `hotKey`'s ticket, which fires before the first 429; a
   *  whole-container import with 429s has no hot value, so neither pages. Needs `monitoring` (both tables). The window
   *  must cover the hour and the 10-minute ingestion lag (≥ 70 minutes).
   *  @default - > `hotPrefix`'s line (a hierarchical key; lower where a tenant on one of the hottest first-level value's
   *  partitions can use less: 80% of what that value's planned load leaves there) or `hotKey`'s, window PT2H, every PT5M,
   *  page. A given `threshold` moves the line of the values on one partition, not the declared largest value's own line
   *  when it spans several (as `hotPrefix`'s) */
  readonly throttledHotValue?: AlertOptions | false;
  /** Log alert on `CDBPartitionKeyStatistics`: the largest logical partition, in GB. Needs `monitoring`, and a key
   *  whose last level repeats: one declared `'unique'` (an id) puts one item, at most 2 MB, in each logical partition
   *  ("Azure Cosmos DB service quotas"), so the alert could never fire and is not created (said in the Pulumi log).
   *  A ticket (stateful: it fires when the partition crosses the line and not again until it is back
   *  under it): a logical partition holds at most 20 GB ("Azure Cosmos DB service quotas",
   *  https://learn.microsoft.com/azure/cosmos-db/concepts-limits) and writes to it fail there, but storage
   *  grows over days: a key growing 2.5 GB a day (the replay's incident) crosses 16 GB 38 hours before
   *  it is full, time for a planned TTL, archive or change of key. `partitionSizeLimit` pages near the limit.
   *  Its threshold must be below `partitionSizeLimit`'s (the ticket before the page): one at or above it is refused.
   *  @default - > 16 (GB: the design's headroom × the 20 GB ceiling), window P1D, every PT1H, ticket */
  readonly partitionSize?: AlertOptions | false;
  /** Log alert as `partitionSize` (and, as it, not created on a key whose last level is `'unique'`), near the 20 GB limit: a page, because writes to that key value fail at
   *  20 GB ("Azure Cosmos DB service quotas", https://learn.microsoft.com/azure/cosmos-db/concepts-limits;
   *  "Hierarchical partition keys: unlimited scale") and only deleting its items, moving new ones to another
   *  key, or a temporary quota increase Azure support grants frees it. At 19 GB a key growing 2.5 GB a day
   *  has about 9 hours left (8 after the hourly statistics and checks notice it): a night, not a week. A key
   *  that grows faster needs a lower line, still above `partitionSize`'s (refused otherwise). Needs `monitoring`.
   *  @default - > 19 (GB: 95% of the 20 GB ceiling), window P1D, every PT1H, page */
  readonly partitionSizeLimit?: AlertOptions | false;
}

export type AlertName = 'normalizedRu' | 'throttleRate' | 'hotKey' | 'hotPrefix' | 'throttledHotValue' | 'partitionSize' | 'partitionSizeLimit';
export const ALERT_NAMES: readonly AlertName[] = [
  'normalizedRu',
  'throttleRate',
  'hotKey',
  'hotPrefix',
  'throttledHotValue',
  'partitionSize',
  'partitionSizeLimit',
];

/** An alert with every default filled in. */
export interface ResolvedAlert {
  readonly threshold: number;
  readonly windowSize: string;
  readonly evaluationFrequency: string;
  readonly tier: AlertTier;
  readonly severity: number;
  readonly actionGroupIds: pulumi.Input<string>[];
}

export interface AlertDefault {
  readonly windowSize: string;
  readonly evaluationFrequency: string;
  readonly tier: AlertTier;
}

export const ALERT_DEFAULTS: Record<AlertName, AlertDefault> = {
  normalizedRu: { windowSize: 'PT1H', evaluationFrequency: 'PT5M', tier: 'page' },
  // A day: the episode the query remembers (22 hours), the hour before it and the ingestion lag.
  throttleRate: { windowSize: 'P1D', evaluationFrequency: 'PT5M', tier: 'page' },
  hotKey: { windowSize: 'PT15M', evaluationFrequency: 'PT5M', tier: 'ticket' },
  hotPrefix: { windowSize: 'PT15M', evaluationFrequency: 'PT5M', tier: 'ticket' },
  // The 429s of the last hour, and the ingestion lag: as throttleRate's.
  throttledHotValue: { windowSize: 'PT2H', evaluationFrequency: 'PT5M', tier: 'page' },
  // Partition-key statistics are sampled, not streamed: look back a day, hourly.
  partitionSize: { windowSize: 'P1D', evaluationFrequency: 'PT1H', tier: 'ticket' },
  partitionSizeLimit: { windowSize: 'P1D', evaluationFrequency: 'PT1H', tier: 'page' },
};

/**
 * What Azure Monitor accepts, per kind of rule; anything else fails at deployment, so it is refused here.
 * normalizedRu is a static-threshold metric alert (Microsoft.Insights/metricAlerts): its window is one of 1, 5, 15 and
 * 30 minutes, 1, 6 and 12 hours or a day, its frequency one of 1, 5, 15 and 30 minutes or an hour ("Resource Manager
 * template samples for metric alert rules in Azure Monitor", the allowed values of windowSize and evaluationFrequency,
 * https://learn.microsoft.com/azure/azure-monitor/alerts/resource-manager-alerts-metric; the portal offers the same).
 * The others are log search alerts (scheduledQueryRules): evaluated "anywhere from one minute to one day", over a time
 * range of at most two days ("Create or edit a log search alert rule",
 * https://learn.microsoft.com/azure/azure-monitor/alerts/alerts-create-log-alert-rule).
 */
const METRIC_ALERT_WINDOWS = ['PT1M', 'PT5M', 'PT15M', 'PT30M', 'PT1H', 'PT6H', 'PT12H', 'PT24H'];
const METRIC_ALERT_FREQUENCIES = ['PT1M', 'PT5M', 'PT15M', 'PT30M', 'PT1H'];
const LOG_ALERT_LONGEST = { windowSize: 2 * 1440, evaluationFrequency: 1440 };
const METRIC_ALERTS: readonly AlertName[] = ['normalizedRu'];

/** Why Azure Monitor would refuse this duration for the alert's kind of rule, or undefined when it accepts it. */
function refusedDuration(name: AlertName, field: 'windowSize' | 'evaluationFrequency', given: string): string | undefined {
  const length = minutes(given) as number;
  if (METRIC_ALERTS.includes(name)) {
    const allowed = field === 'windowSize' ? METRIC_ALERT_WINDOWS : METRIC_ALERT_FREQUENCIES;
    if (allowed.some((value) => minutes(value) === length)) return undefined;
    return `is ${given}, which Azure Monitor refuses for a metric alert's ${field}: give one of ${allowed.join(', ')}`;
  }
  const longest = LOG_ALERT_LONGEST[field];
  if (length <= longest) return undefined;
  return `is ${given}, longer than Azure Monitor accepts for a log search alert's ${field} (at most ${field === 'windowSize' ? 'P2D, two days' : 'P1D, a day'})`;
}

/** The shortest window each log alert's query needs: its judged span plus the ingestion lag (queries.ts). */
const SHORTEST_WINDOW: Partial<Record<AlertName, number>> = { throttleRate: 70, hotKey: 15, hotPrefix: 15, throttledHotValue: 70 };

export const SEVERITY: Record<AlertTier, number> = { page: 1, ticket: 2 };
export const MINIMUM_REQUESTS = 1_000;

/** `PT5M` → 5, `PT1H` → 60, `P1D` → 1440; undefined for anything else. */
export function minutes(duration: string): number | undefined {
  const match = /^P(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(duration);
  if (!match || duration === 'P') return undefined;
  const [, days = '0', hours = '0', mins = '0'] = match;
  return Number(days) * 1440 + Number(hours) * 60 + Number(mins);
}

const duration: shapes.Shape<string> = {
  expected: 'an ISO 8601 duration in whole minutes, hours or days (PT5M, PT1H, P1D)',
  is: (value) => typeof value === 'string',
  read(value, place, issues, key) {
    const parsed = typeof value === 'string' ? minutes(value) : undefined;
    if (parsed !== undefined && parsed > 0) return value as string;
    issues.push({ path: shapes.pathOf(place, key), message: `expected ${duration.expected}, got ${shapes.describe(value)}` });
    return undefined;
  },
  schema: () => ({ type: 'string', pattern: '^P(\\d+D)?(T(\\d+H)?(\\d+M)?)?$' }),
};

/** Threshold ranges per alert, in each alert's unit. */
const THRESHOLDS: Record<AlertName, shapes.Shape<number>> = {
  normalizedRu: shapes.num({ above: 0, max: 100 }),
  throttleRate: shapes.num({ above: 0, max: 1 }),
  hotKey: shapes.num({ above: 0, max: 10_000 }),
  hotPrefix: shapes.num({ above: 0 }),
  throttledHotValue: shapes.num({ above: 0 }),
  partitionSize: shapes.num({ above: 0, max: 20 }),
  partitionSizeLimit: shapes.num({ above: 0, max: 20 }),
};

function alertShape(name: AlertName) {
  const props = {
    threshold: { shape: planTime(THRESHOLDS[name]), optional: true, doc: 'Fire above this value.' },
    windowSize: { shape: planTime(duration), optional: true, doc: 'Metric window, or log query time range.' },
    evaluationFrequency: { shape: planTime(duration), optional: true, doc: 'Time between evaluations.' },
    tier: { shape: planTime(shapes.oneOf(['page', 'ticket'])), optional: true, doc: 'page or ticket.' },
    severity: { shape: planTime(shapes.num({ integer: true, min: 0, max: 4 })), optional: true, doc: 'Azure Monitor severity 0–4.' },
  } as const;
  const options =
    name === 'throttleRate'
      ? shapes.record<ThrottleRateAlertOptions>({
          ...props,
          minimumRequests: {
            shape: planTime(shapes.num({ integer: true, min: 0 })),
            optional: true,
            doc: 'Requests per 5 minutes below which an interval is not judged.',
          },
        })
      : shapes.record<AlertOptions>(props);
  const shape: shapes.Shape<AlertOptions | false> = {
    expected: 'alert options, or false to leave this alert out',
    is: () => true,
    read(value, place, issues, key) {
      if (value === false) return false;
      const read = options.read(value, place, issues, key);
      if (read === undefined) return undefined;
      const window = minutes(read.windowSize ?? ALERT_DEFAULTS[name].windowSize) as number;
      const frequency = minutes(read.evaluationFrequency ?? ALERT_DEFAULTS[name].evaluationFrequency) as number;
      const fieldPath = (field: string) => shapes.pathOf(key === undefined ? place : { parent: place, key }, field);
      const refused = (['windowSize', 'evaluationFrequency'] as const).flatMap((field) => {
        const message = read[field] === undefined ? undefined : refusedDuration(name, field, read[field] as string);
        return message === undefined ? [] : [{ path: fieldPath(field), message }];
      });
      if (refused.length > 0) {
        issues.push(...refused);
        return undefined;
      }
      const shortest = SHORTEST_WINDOW[name];
      if (shortest !== undefined && window < shortest) {
        issues.push({
          path: fieldPath('windowSize'),
          message: `must be at least ${shortest} minutes (PT${shortest}M): the query judges a span that ended 10 minutes ago, to count rows that arrive late`,
        });
        return undefined;
      }
      if (frequency > window) {
        issues.push({
          path: fieldPath('evaluationFrequency'),
          message: `is longer than the window (${read.windowSize ?? ALERT_DEFAULTS[name].windowSize}): Azure Monitor rejects it; evaluate at least once per window`,
        });
        return undefined;
      }
      return read;
    },
    schema: () => ({ anyOf: [options.schema(), { const: false }] }),
  };
  return shape;
}

/** An option that was renamed when its unit changed: using the old name must not silently mean the new unit. */
function renamed(to: string, why: string): shapes.Shape<never> {
  return {
    expected: `nothing (renamed to ${to})`,
    is: () => true,
    read(_value, place, issues, key) {
      issues.push({ path: shapes.pathOf(place, key), message: `was replaced by alerts.${to}: ${why}` });
      return undefined;
    },
    schema: () => ({ not: {} }),
  };
}

/** `{ page?, ticket? }`: action group ids per tier. */
export const tierActionGroupsShape = shapes.record<TierActionGroups>({
  page: { shape: actionGroupIds, optional: true, doc: 'Action groups of the page tier.' },
  ticket: { shape: actionGroupIds, optional: true, doc: 'Action groups of the ticket tier.' },
});

type SkewAlertsInput = SkewAlertsOptions & { readonly throttling?: never; readonly hotKeyShare?: never };

/** `args.alerts`: every field checked, an unknown one refused. */
export const skewAlertsShape = shapes.record<SkewAlertsInput>({
  actionGroupIds: { shape: actionGroupIds, optional: true, doc: 'Action groups of every tier.' },
  actionGroups: { shape: tierActionGroupsShape, optional: true, doc: 'Action groups per tier.' },
  normalizedRu: { shape: alertShape('normalizedRu'), optional: true, doc: 'Saturated partition-key range.' },
  throttleRate: { shape: alertShape('throttleRate') as shapes.Shape<ThrottleRateAlertOptions | false>, optional: true, doc: 'Share of requests throttled.' },
  hotKey: { shape: alertShape('hotKey'), optional: true, doc: 'One key near its RU/s ceiling.' },
  hotPrefix: { shape: alertShape('hotPrefix'), optional: true, doc: "One first-level value near a partition's RU/s." },
  throttledHotValue: { shape: alertShape('throttledHotValue'), optional: true, doc: 'A hot value while the container throttles (page).' },
  partitionSize: { shape: alertShape('partitionSize'), optional: true, doc: 'Largest logical partition (ticket).' },
  partitionSizeLimit: { shape: alertShape('partitionSizeLimit'), optional: true, doc: 'Largest logical partition near 20 GB (page).' },
  throttling: { shape: renamed('throttleRate', 'it now alerts on the share of requests throttled (0–1), not a count'), optional: true, doc: 'Renamed.' },
  hotKeyShare: {
    shape: renamed('hotKey', "it now alerts on one key's RU/s against its ceiling, not its share of the container"),
    optional: true,
    doc: 'Renamed.',
  },
});
