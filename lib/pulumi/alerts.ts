/**
 * The skew alerts of one container: a metric alert on the account (scoped to the container by
 * dimension filters) and log-search alerts on the diagnostic tables. Shapes follow the ARM resources
 * Microsoft.Insights/metricAlerts (2018-03-01) and scheduledQueryRules, as typed by
 * @pulumi/azure-native 3.x. docs/pulumi.md has the table of every alert and what to do when it fires.
 */
import * as monitor from '@pulumi/azure-native/monitor';
import * as pulumi from '@pulumi/pulumi';
import {
  COSMOS_LIMITS,
  hotKeyQuery,
  hotPrefixQuery,
  HOT_MINUTES,
  throttledHotValueQuery,
  largestPartitionQuery,
  SUSTAINED_INTERVALS,
  SUSTAINED_MINUTES,
  THROTTLE_LONG_WINDOW_MINUTES,
  THROTTLED_PER_INTERVAL,
  throttleRateQuery,
  type ValueLines,
} from '../internal';
import { METRIC_SERIES_PER_RULE, type AlertPlan, type RangeAlert } from './alert-plan';
import type { ResolvedAlert } from './alert-settings';
import { LOG_ALERT_CATEGORY, THROTTLE_RATE_CATEGORY } from './partition-key-categories';

/**
 * Azure documents comparison operators as words. Do not use `monitor.ConditionOperator.GreaterThan`:
 * that shared enum belongs to another API and is `"gt"`, which alert rules reject.
 */
const GREATER_THAN = 'GreaterThan';
const COSMOS_METRICS_NAMESPACE = 'Microsoft.DocumentDB/databaseAccounts';

/** Where the container lives and what the alerts are scoped to. */
export interface AlertTarget {
  readonly resourceGroupName: pulumi.Input<string>;
  readonly accountId: pulumi.Input<string>;
  /** Log Analytics workspace of the diagnostics; undefined: no log alerts. */
  readonly workspaceId?: pulumi.Input<string>;
  /** The log categories the account's setting sends to that workspace (`CosmosAccountMonitoring.logCategories`): a log
   *  alert whose category is not among them is created disabled. @default - every category */
  readonly logCategories?: pulumi.Input<string[]>;
  /** Region of the log alert rules. @default - the resource group's (azure-native's default) */
  readonly location?: pulumi.Input<string>;
  readonly databaseName: pulumi.Input<string>;
  readonly containerName: string;
  readonly tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/** The alerts created for one container; a field is absent when that alert is off or cannot fire here. */
export interface SkewAlerts {
  /** Metric alert on `NormalizedRUConsumption` per partition-key range (a page by default); absent when off, or without dedicated
   *  throughput (shared or serverless). */
  readonly normalizedRu?: monitor.MetricAlert;
  /** Log alert on the container's share of requests answered 429 (a page by default); absent when off, or without `monitoring`. */
  readonly throttleRate?: monitor.ScheduledQueryRule;
  /** Log alert on one partition-key value's RU/s (`CDBPartitionKeyRUConsumption`, a ticket by default); absent when off, or
   *  without `monitoring`. */
  readonly hotKey?: monitor.ScheduledQueryRule;
  /** Log alert as `hotKey`, summed per first-level value of a hierarchical key; absent when off, without `monitoring`,
   *  or for a key of one level. */
  readonly hotPrefix?: monitor.ScheduledQueryRule;
  /** Log alert on the hottest value (`hotPrefix`'s first level, else `hotKey`'s key) above its line while the container's
   *  throttling is sustained (a page by default); absent when off, or without `monitoring`. */
  readonly throttledHotValue?: monitor.ScheduledQueryRule;
  /** Log alert on the largest logical partition's GB (`CDBPartitionKeyStatistics`; by default a ticket above 16 GB); absent
   *  when off, without `monitoring`, or when the key's last level is `'unique'` (one item, at most 2 MB, per logical partition). */
  readonly partitionSize?: monitor.ScheduledQueryRule;
  /** Log alert as `partitionSize`, near the 20 GB logical-partition limit (by default a page above 19 GB); absent when off,
   *  without `monitoring`, or when the key's last level is `'unique'`. */
  readonly partitionSizeLimit?: monitor.ScheduledQueryRule;
}

/** The log alerts: each queries the table of one diagnostic category. */
type LogAlertName = keyof typeof LOG_ALERT_CATEGORY;

function include(name: string, values: pulumi.Input<string>[]) {
  return { name, operator: 'Include', values };
}

/**
 * One partition-key range (physical partition) of this container whose NormalizedRUConsumption,
 * averaged over the window, stays above the threshold: the metric is each minute's highest one-second
 * utilization, so only a range saturated minute after minute gets there, not a one-second burst, nor
 * a half-hour job or a planned peak that ends within the window. Past the ranges one rule watches
 * (`alert.byRange` false), the unsplit metric: each minute's highest range, whichever it is.
 */
export function normalizedRuAlertArgs(target: AlertTarget, alert: RangeAlert): monitor.MetricAlertArgs {
  return {
    resourceGroupName: target.resourceGroupName,
    // Metric alert rules are global resources; any other location is rejected.
    location: 'global',
    description: `skewguard (${alert.tier}): ${rangeWatched(target.containerName, alert)} averaged more than ${alert.threshold}% NormalizedRUConsumption over ${alert.windowSize}: at its budget minute after minute, so its requests are throttled (429) even when the container's 429 share looks healthy. Do: open Insights > Throughput > Normalized RU Consumption by PartitionKeyRangeId; if this range alone is at 100%, find its hottest keys in CDBPartitionKeyRUConsumption and spread them (more RU/s raises each range's share only up to 10,000 RU/s); if every range is, the container needs more RU/s. A planned job that holds every range at its budget for longer than ${alert.windowSize} fires this too: give alerts.normalizedRu a windowSize longer than the job.`,
    scopes: [target.accountId],
    enabled: true,
    autoMitigate: true,
    severity: alert.severity,
    windowSize: alert.windowSize,
    evaluationFrequency: alert.evaluationFrequency,
    criteria: {
      odataType: 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria',
      allOf: [
        {
          criterionType: 'StaticThresholdCriterion',
          name: 'SaturatedPartitionKeyRange',
          metricNamespace: COSMOS_METRICS_NAMESPACE,
          metricName: 'NormalizedRUConsumption',
          timeAggregation: 'Average',
          operator: GREATER_THAN,
          threshold: alert.threshold,
          dimensions: [
            include('DatabaseName', [target.databaseName]),
            include('CollectionName', [target.containerName]),
            ...(alert.byRange ? [include('PartitionKeyRangeId', ['*'])] : []),
          ],
        },
      ],
    },
    actions: alert.actionGroupIds.map((actionGroupId) => ({ actionGroupId })),
    tags: target.tags,
  };
}

/** What the normalizedRu alert watches: each range, or past the ranges one rule watches, each minute's highest. */
function rangeWatched(containerName: string, alert: RangeAlert): string {
  if (alert.byRange) return `a partition-key range of container ${containerName}`;
  const ranges = (alert.ranges ?? 0).toLocaleString('en-US');
  const limit = METRIC_SERIES_PER_RULE.toLocaleString('en-US');
  return `the busiest partition-key range of container ${containerName} (not split by range: its ${ranges} ranges are more than the ${limit} metric time series Azure Monitor watches in one alert rule, so each minute counts its highest range, whichever it is, and ranges taking turns at their budget fire it too)`;
}

interface LogAlertSpec {
  readonly displayName: string;
  readonly description: string;
  readonly query: (databaseName: string) => string;
  readonly measure: string;
  /** Columns the alert splits by, so a fired alert names the key (and region). */
  readonly dimensions: readonly string[];
}

function logAlertArgs(target: AlertTarget, workspaceId: pulumi.Input<string>, alert: ResolvedAlert, spec: LogAlertSpec): monitor.ScheduledQueryRuleArgs {
  return {
    resourceGroupName: target.resourceGroupName,
    location: target.location,
    kind: 'LogAlert',
    displayName: spec.displayName,
    description: spec.description,
    scopes: [workspaceId],
    enabled: true,
    autoMitigate: true,
    severity: alert.severity,
    windowSize: alert.windowSize,
    evaluationFrequency: alert.evaluationFrequency,
    // The Dedicated tables appear in a workspace with their first rows; validating the query
    // before then fails ("Failed to resolve table"), so the rule is created unvalidated.
    skipQueryValidation: true,
    criteria: {
      allOf: [
        {
          query: pulumi.output(target.databaseName).apply((name) => spec.query(knownDatabaseName(name, target.containerName))),
          timeAggregation: 'Maximum',
          metricMeasureColumn: spec.measure,
          operator: GREATER_THAN,
          threshold: alert.threshold,
          dimensions: spec.dimensions.map((name) => include(name, ['*'])),
          // Sustained is decided inside the query (every judged minute or interval above the line), so one evaluation decides.
          failingPeriods: { numberOfEvaluationPeriods: 1, minFailingPeriodsToAlert: 1 },
        },
      ],
    },
    actions: { actionGroups: alert.actionGroupIds },
    tags: target.tags,
  };
}

const ru = (value: number) => `${value.toLocaleString('en-US')} RU/s`;
const percent = (share: number) => `${Math.round(share * 10_000) / 100}%`;

/**
 * The database name a log alert's KQL filters on. Azure always returns a database's `name`; a Pulumi mock that
 * returns only the inputs (`state: args.inputs`) leaves it undefined, which failed deep in the KQL quoting
 * ("Cannot read properties of undefined (reading 'replace')"): say what is missing instead.
 */
function knownDatabaseName(name: unknown, containerName: string): string {
  if (typeof name === 'string') return name;
  throw new Error(
    `skewguard: the database of container ${containerName} has no name (got ${String(name)}), so its alerts' queries cannot name it; ` +
      "under Pulumi's mocks, return each resource's name in newResource's state: { id, state: { name: args.name, ...args.inputs } }",
  );
}

export function throttleRateAlertArgs(
  target: AlertTarget,
  workspaceId: pulumi.Input<string>,
  alert: ResolvedAlert & { minimumRequests: number },
): monitor.ScheduledQueryRuleArgs {
  return logAlertArgs(target, workspaceId, alert, {
    displayName: `${target.containerName}: more than ${percent(alert.threshold)} of requests throttled (429)`,
    description: `skewguard (${alert.tier}): more than ${percent(alert.threshold)} of the requests to container ${target.containerName} were throttled (429) in each of ${SUSTAINED_INTERVALS} consecutive 5-minute intervals and on average over the last ${THROTTLE_LONG_WINDOW_MINUTES} minutes (CDBDataPlaneRequests5M; intervals with at least ${alert.minimumRequests.toLocaleString('en-US')} requests). Azure calls 1–5% healthy. One alert per throttling episode: it stays fired while ${SUSTAINED_INTERVALS} of the last hour's intervals each count ${THROTTLED_PER_INTERVAL}+ 429s, though the share dips under the line. Do: open Insights > Throughput > Normalized RU Consumption by PartitionKeyRangeId; if one range is at 100%, find its hottest keys in CDBPartitionKeyRUConsumption and spread them; if every range is, raise the container's RU/s (or its autoscale maximum) and have clients retry 429s with backoff.`,
    query: (db) => throttleRateQuery(db, target.containerName, alert.minimumRequests),
    measure: 'SustainedThrottledShare',
    dimensions: [],
  });
}

export function hotKeyAlertArgs(target: AlertTarget, workspaceId: pulumi.Input<string>, alert: ResolvedAlert): monitor.ScheduledQueryRuleArgs {
  return logAlertArgs(target, workspaceId, alert, {
    displayName: `${target.containerName}: one partition key above ${ru(alert.threshold)}`,
    description: `skewguard (${alert.tier}): one partition-key value of container ${target.containerName} used more than ${ru(alert.threshold)} in one region in at least ${HOT_MINUTES} of ${SUSTAINED_MINUTES} consecutive minutes, in a row or in bursts (CDBPartitionKeyRUConsumption); one logical partition is capped at 10,000 RU/s, and at what its physical partition leaves it beside the other keys there. Its default line is the design's headroom (thresholds.headroom, 80% unless set) of what the key can reach there (higher only when the design's own load of the key is), so it fires before the key throttles. Do: find the key in the alert's PartitionKey dimension and its RU in CDBPartitionKeyRUConsumption; plan sharding or bucketing of that key (a suffix, or a hierarchical key) before it reaches its ceiling and throttles.`,
    query: (db) => hotKeyQuery(db, target.containerName),
    measure: 'SustainedRUPerSecond',
    dimensions: ['PartitionKey', 'RegionName'],
  });
}

/** What a hotPrefix or throttledHotValue rule says of a value spanning several physical partitions (`spanningValueRows`). */
const spanningSentence = (line: number | undefined) =>
  line === undefined
    ? ''
    : ` A first-level value logged on several physical partitions (50 GB or more: the design's declared largest value) counts only above ${ru(line)} on one of them, its own planned load there and a margin, so it is named when it outgrows its plan.`;

export function hotPrefixAlertArgs(
  target: AlertTarget,
  workspaceId: pulumi.Input<string>,
  alert: ResolvedAlert & { spanningLine?: number },
): monitor.ScheduledQueryRuleArgs {
  return logAlertArgs(target, workspaceId, alert, {
    displayName: `${target.containerName}: one first-level key value above ${ru(alert.threshold)}`,
    description: `skewguard (${alert.tier}): one first-level value of the hierarchical key of container ${target.containerName} (e.g. one tenant) used more than ${ru(alert.threshold)} in one region in at least ${HOT_MINUTES} of ${SUSTAINED_MINUTES} consecutive minutes, in a row or in bursts (CDBPartitionKeyRUConsumption); its data, and so its reads and writes, stay on one physical partition until it holds 50 GB and splits, and it can use only what the partitions holding it leave it beside the other values there. Do: find the value in the alert's Prefix dimension and its keys in CDBPartitionKeyRUConsumption; plan to spread it (move it to its own container, or add a level or suffix it can split on) before it throttles.${spanningSentence(alert.spanningLine)}`,
    query: (db) => hotPrefixQuery(db, target.containerName, alert.spanningLine),
    measure: 'SustainedRUPerSecond',
    dimensions: ['Prefix', 'RegionName'],
  });
}

/** What a hierarchical key's throttledHotValue page judges: each row against the line drawn for what it sums. */
const keysAndPrefixesUsed = (container: string, lines: ValueLines) =>
  `one first-level value of the hierarchical key of container ${container} (e.g. one tenant: its full keys' RU summed on one physical partition) used more than ${ru(lines.prefix)}, or one full key (one logical partition, named in the results' PartitionKey column) more than ${ru(lines.key)},`;

const HOT_VALUE: Record<'PartitionKey' | 'Prefix', string> = {
  PartitionKey: 'one partition-key value',
  Prefix: 'one first-level value of the hierarchical key (e.g. one tenant)',
};

export function throttledHotValueAlertArgs(
  target: AlertTarget,
  workspaceId: pulumi.Input<string>,
  alert: ResolvedAlert & { by: 'PartitionKey' | 'Prefix'; spanningLine?: number; lines?: ValueLines },
): monitor.ScheduledQueryRuleArgs {
  const { lines } = alert;
  return logAlertArgs(target, workspaceId, alert, {
    displayName: lines
      ? `${target.containerName}: ${lines.prefix === lines.key ? `a first-level value or a full key above ${ru(lines.key)}` : `a first-level value above ${ru(lines.prefix)} or a full key above ${ru(lines.key)}`} while requests are throttled (429)`
      : `${target.containerName}: a hot value above ${ru(alert.threshold)} while requests are throttled (429)`,
    description: `skewguard (${alert.tier}): ${lines ? keysAndPrefixesUsed(target.containerName, lines) : `${HOT_VALUE[alert.by]} of container ${target.containerName} used more than ${ru(alert.threshold)}`} in one region in at least ${HOT_MINUTES} of ${SUSTAINED_MINUTES} consecutive minutes (CDBPartitionKeyRUConsumption) on a physical partition (PartitionKeyRangeId: the physical partition containing the logical partition key) whose own throttling was sustained: at least ${SUSTAINED_INTERVALS} of the 5-minute intervals of the last ${THROTTLE_LONG_WINDOW_MINUTES} minutes each counted ${THROTTLED_PER_INTERVAL} or more 429s with that PartitionId (CDBDataPlaneRequests5M: the physical partition the requests were issued against), not counting an interval in which every partition returned 429s (the container at its budget): its physical partition is throttling now, though the container's 429 share, diluted by its other partitions, may look healthy. Do: find the value in the alert's ${alert.by} dimension and its range in Insights > Throughput > Normalized RU Consumption by PartitionKeyRangeId; move that value to its own container or shard it (more RU/s raises each range's share only up to 10,000 RU/s).${spanningSentence(alert.spanningLine)}`,
    query: (db) => throttledHotValueQuery(db, target.containerName, alert.by, lines),
    measure: 'SustainedRUPerSecond',
    dimensions: [alert.by, 'RegionName'],
  });
}

/** What each size alert asks for: the ticket plans the change, the page frees the key before its writes fail. */
const SIZE_ACTION: Record<'partitionSize' | 'partitionSizeLimit', (gbLeft: number) => string> = {
  partitionSize: (gbLeft) =>
    `${gbLeft} GB are left before writes to it fail, days at a few GB a day: plan it now. Do: find the key in the alert's PartitionKey dimension; set a TTL or archive its old items, and move new items to a key with more values (a hierarchical key or a suffix).`,
  partitionSizeLimit: (gbLeft) =>
    `only ${gbLeft} GB are left before every write to it fails. Do now: find the key in the alert's PartitionKey dimension; delete or archive its old items, or stop new writes to it; if neither is possible in time, ask Azure support for a temporary increase of the logical partition size (Service quotas), then change the key.`,
};

export function partitionSizeAlertArgs(
  target: AlertTarget,
  workspaceId: pulumi.Input<string>,
  alert: ResolvedAlert,
  which: 'partitionSize' | 'partitionSizeLimit' = 'partitionSize',
): monitor.ScheduledQueryRuleArgs {
  const gbLeft = Math.round((COSMOS_LIMITS.logicalPartitionGb - alert.threshold) * 100) / 100;
  return logAlertArgs(target, workspaceId, alert, {
    displayName: `${target.containerName}: logical partition above ${alert.threshold} GB`,
    description: `skewguard (${alert.tier}): a logical partition of container ${target.containerName} holds more than ${alert.threshold} GB (CDBPartitionKeyStatistics); one partition-key value holds at most 20 GB (Azure Cosmos DB service quotas), ${SIZE_ACTION[which](gbLeft)} Fires once per crossing.`,
    query: (db) => largestPartitionQuery(db, target.containerName),
    measure: 'SizeGb',
    dimensions: ['PartitionKey'],
  });
}

/**
 * Whether a log alert is enabled: only while the setting sends its category. A reused setting is read at deployment,
 * after the alert is planned, so an alert whose table stays empty is created disabled rather than left out, and said
 * (a setting lacking only DataPlaneRequests5M then costs only throttleRate, named, not all four log alerts).
 */
function enabledWhileSent(alert: LogAlertName, target: AlertTarget, container: pulumi.Resource | undefined): pulumi.Input<boolean> {
  if (target.logCategories === undefined) return true;
  // throttledHotValue reads two tables: the RU per key and the 429s.
  const needed = alert === 'throttledHotValue' ? [LOG_ALERT_CATEGORY[alert], THROTTLE_RATE_CATEGORY] : [LOG_ALERT_CATEGORY[alert]];
  return pulumi.output(target.logCategories).apply((sent) => {
    const category = needed.find((c) => !sent.includes(c));
    if (category === undefined) return true;
    // None at all: the setting cannot feed any alert, and the run fails with one error that says why (reused-setting.ts).
    if (sent.length === 0) return false;
    pulumi.log.warn(
      `skewguard: the ${alert} alert is created disabled: the account's diagnostic setting (existingDiagnosticSetting) does not send ${category}, ` +
        `the category of the table it queries. Enable ${category} on that setting and deploy again to enable it, or set alerts.${alert}: false`,
      container,
    );
    return false;
  });
}

/**
 * The log alerts whose args cannot depend on the container's RU/s, so a preview that does not know them still shows
 * their lines: throttleRate's share (Azure's healthy 5%) and its minimum requests, and the size lines (the design's
 * headroom × 20 GB, and 19 GB), are drawn without the RU/s. Every other log alert is read from the plan made once they
 * are known: hotKey, hotPrefix and throttledHotValue are drawn on what a value can reach (`hotValueReach`), which the
 * RU/s divide among the physical partitions. Listed the other way round, throttledHotValue was left out and kept the
 * line planned without the RU/s (7,995 RU/s on a 6,000 RU/s container, where the same plain number gave 2,400): a page
 * that could never fire. An alert not listed here follows the resolved plan. (normalizedRu, a metric alert, is a
 * percentage of each range's own RU/s: its 99% does not move with them.)
 */
const LINES_WITHOUT_THROUGHPUT: readonly LogAlertName[] = ['throttleRate', 'partitionSize', 'partitionSizeLimit'];

/**
 * A log alert's args with its line, and the texts that state it, read from the plan made once the RU/s are known
 * (deferred-throughput.ts): never the line planned without them, which may be one the key can never reach.
 */
function lineAtDeployment<A>(
  planned: monitor.ScheduledQueryRuleArgs,
  resolved: pulumi.Output<A | undefined>,
  args: (alert: A) => monitor.ScheduledQueryRuleArgs,
): monitor.ScheduledQueryRuleArgs {
  const atDeployment = resolved.apply((alert) => {
    // The same options, mode and monitoring plan the same alerts: only their lines move with the RU/s.
    if (alert === undefined) throw new Error('skewguard: an alert planned without the RU/s was not planned with them');
    return args(alert);
  });
  // `?? ''` only for the types: every planned alert has both texts, and azure-native 3.2's Output<string | undefined>
  // is not an Input<string> (later versions accept it; test:oldest-peers builds against 3.2).
  return {
    ...planned,
    displayName: atDeployment.apply((a) => pulumi.output(a.displayName ?? '')),
    description: atDeployment.apply((a) => pulumi.output(a.description ?? '')),
    criteria: atDeployment.apply((a) => pulumi.output(a.criteria)),
  };
}

/**
 * Creates the planned alerts as children of `parent`, named `<name>-<alert>`. `atDeployment`: the plan made once the
 * container's RU/s, given as an Output, are known; every line drawn on the RU/s (hotKey, hotPrefix, throttledHotValue)
 * follows it.
 */
export function createSkewAlerts(
  name: string,
  target: AlertTarget,
  plan: AlertPlan,
  opts: pulumi.CustomResourceOptions,
  atDeployment?: pulumi.Output<AlertPlan>,
): SkewAlerts {
  const { workspaceId } = target;
  const log = <A>(
    alertName: LogAlertName,
    suffix: string,
    alert: A | undefined,
    args: (workspace: pulumi.Input<string>, alert: A) => monitor.ScheduledQueryRuleArgs,
  ) => {
    if (!alert || workspaceId === undefined) return undefined;
    const planned = args(workspaceId, alert);
    const ruleArgs =
      atDeployment && !LINES_WITHOUT_THROUGHPUT.includes(alertName)
        ? lineAtDeployment(
            planned,
            atDeployment.apply((resolved) => resolved[alertName] as A | undefined),
            (resolved) => args(workspaceId, resolved),
          )
        : planned;
    return new monitor.ScheduledQueryRule(`${name}-${suffix}`, { ...ruleArgs, enabled: enabledWhileSent(alertName, target, opts.parent) }, opts);
  };
  const alerts: SkewAlerts = {
    normalizedRu: plan.normalizedRu && new monitor.MetricAlert(`${name}-hot-partition-range`, normalizedRuAlertArgs(target, plan.normalizedRu), opts),
    throttleRate: log('throttleRate', 'throttle-rate', plan.throttleRate, (w, a) => throttleRateAlertArgs(target, w, a)),
    hotKey: log('hotKey', 'hot-key', plan.hotKey, (w, a) => hotKeyAlertArgs(target, w, a)),
    hotPrefix: log('hotPrefix', 'hot-prefix', plan.hotPrefix, (w, a) => hotPrefixAlertArgs(target, w, a)),
    throttledHotValue: log('throttledHotValue', 'throttled-hot-value', plan.throttledHotValue, (w, a) => throttledHotValueAlertArgs(target, w, a)),
    partitionSize: log('partitionSize', 'partition-size', plan.partitionSize, (w, a) => partitionSizeAlertArgs(target, w, a)),
    partitionSizeLimit: log('partitionSizeLimit', 'partition-size-limit', plan.partitionSizeLimit, (w, a) =>
      partitionSizeAlertArgs(target, w, a, 'partitionSizeLimit'),
    ),
  };
  // An alert not created is absent, not a key holding undefined: `Object.keys(alerts)` and `'hotPrefix' in alerts`
  // then list what exists, as docs/pulumi.md says.
  return Object.fromEntries(Object.entries(alerts).filter(([, alert]) => alert !== undefined)) as SkewAlerts;
}
