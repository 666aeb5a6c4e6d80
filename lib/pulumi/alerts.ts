/**
 * The skew alerts of one container: two metric alerts on the account (scoped to the container by
 * dimension filters) and two log-search alerts on the partition-key diagnostic tables. Shapes follow
 * the ARM resources Microsoft.Insights/metricAlerts (2018-03-01) and scheduledQueryRules, as typed by
 * @pulumi/azure-native 3.x.
 */
import * as pulumi from '@pulumi/pulumi';
import * as monitor from '@pulumi/azure-native/monitor';
import type { ResolvedAlert, ResolvedAlerts } from './alert-settings';
import { hottestKeyShareQuery, largestPartitionQuery } from './queries';

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
  /** Log Analytics workspace of the partition-key diagnostics; undefined: no log alerts. */
  readonly workspaceId?: pulumi.Input<string>;
  readonly databaseName: pulumi.Input<string>;
  readonly containerName: string;
  readonly tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/** The alerts created for one container; a field is absent when that alert is off. */
export interface SkewAlerts {
  readonly normalizedRu?: monitor.MetricAlert;
  readonly throttling?: monitor.MetricAlert;
  readonly partitionSize?: monitor.ScheduledQueryRule;
  readonly hotKeyShare?: monitor.ScheduledQueryRule;
}

/** 0.15 → `15%` (without 15.000000000000002). */
function percent(share: number): string {
  return `${Math.round(share * 10_000) / 100}%`;
}

function include(name: string, values: pulumi.Input<string>[]) {
  return { name, operator: 'Include', values };
}

function metricAlertArgs(
  target: AlertTarget, alert: ResolvedAlert, actionGroupIds: pulumi.Input<string>[], description: string,
  criterion: { name: string; metricName: string; timeAggregation: string; dimensions: ReturnType<typeof include>[] },
): monitor.MetricAlertArgs {
  return {
    resourceGroupName: target.resourceGroupName,
    // Metric alert rules are global resources; any other location is rejected.
    location: 'global',
    description,
    scopes: [target.accountId],
    enabled: true,
    autoMitigate: true,
    severity: alert.severity,
    windowSize: alert.windowSize,
    evaluationFrequency: alert.evaluationFrequency,
    criteria: {
      odataType: 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria',
      allOf: [{
        criterionType: 'StaticThresholdCriterion',
        name: criterion.name,
        metricNamespace: COSMOS_METRICS_NAMESPACE,
        metricName: criterion.metricName,
        timeAggregation: criterion.timeAggregation,
        operator: GREATER_THAN,
        threshold: alert.threshold,
        dimensions: criterion.dimensions,
      }],
    },
    actions: actionGroupIds.map((actionGroupId) => ({ actionGroupId })),
    tags: target.tags,
  };
}

/** One partition-key range (physical partition) of this container above the threshold: a hot key or
 *  a skewed range, long before the container as a whole is busy. Split by range so each fires alone. */
export function normalizedRuAlertArgs(target: AlertTarget, alert: ResolvedAlert, actionGroupIds: pulumi.Input<string>[]): monitor.MetricAlertArgs {
  return metricAlertArgs(target, alert, actionGroupIds,
    `skewguard: a partition-key range of container ${target.containerName} used more than ${alert.threshold}% of its RU/s (NormalizedRUConsumption, Maximum) over ${alert.windowSize}: a hot key or a skewed range.`,
    {
      name: 'HotPartitionKeyRange',
      metricName: 'NormalizedRUConsumption',
      timeAggregation: 'Maximum',
      dimensions: [include('DatabaseName', [target.databaseName]), include('CollectionName', [target.containerName]), include('PartitionKeyRangeId', ['*'])],
    });
}

/** A surge of throttled (429) requests on this container: the symptom users feel. */
export function throttlingAlertArgs(target: AlertTarget, alert: ResolvedAlert, actionGroupIds: pulumi.Input<string>[]): monitor.MetricAlertArgs {
  return metricAlertArgs(target, alert, actionGroupIds,
    `skewguard: more than ${alert.threshold} requests to container ${target.containerName} were throttled (TotalRequests with StatusCode 429) over ${alert.windowSize}.`,
    {
      name: 'ThrottledRequests',
      metricName: 'TotalRequests',
      timeAggregation: 'Count',
      dimensions: [include('DatabaseName', [target.databaseName]), include('CollectionName', [target.containerName]), include('StatusCode', ['429'])],
    });
}

function logAlertArgs(
  target: AlertTarget, workspaceId: pulumi.Input<string>, alert: ResolvedAlert, actionGroupIds: pulumi.Input<string>[],
  text: { displayName: string; description: string }, query: pulumi.Input<string>, measure: string,
): monitor.ScheduledQueryRuleArgs {
  return {
    resourceGroupName: target.resourceGroupName,
    kind: 'LogAlert',
    displayName: text.displayName,
    description: text.description,
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
      allOf: [{
        query,
        timeAggregation: 'Maximum',
        metricMeasureColumn: measure,
        operator: GREATER_THAN,
        threshold: alert.threshold,
        dimensions: [include('PartitionKey', ['*'])],
        failingPeriods: { numberOfEvaluationPeriods: 1, minFailingPeriodsToAlert: 1 },
      }],
    },
    actions: { actionGroups: actionGroupIds },
    tags: target.tags,
  };
}

/** A logical partition approaching the hard 20 GB limit, after which writes to that key fail. */
export function partitionSizeAlertArgs(target: AlertTarget, workspaceId: pulumi.Input<string>, alert: ResolvedAlert, actionGroupIds: pulumi.Input<string>[]): monitor.ScheduledQueryRuleArgs {
  const query = pulumi.output(target.databaseName).apply((db) => largestPartitionQuery(db, target.containerName));
  return logAlertArgs(target, workspaceId, alert, actionGroupIds, {
    displayName: `${target.containerName}: logical partition above ${alert.threshold} GB`,
    description: `skewguard: a logical partition of container ${target.containerName} holds more than ${alert.threshold} GB (CDBPartitionKeyStatistics); one partition-key value is capped at 20 GB.`,
  }, query, 'SizeGb');
}

/** One partition-key value taking too large a share of the container's RU: the next hot partition. */
export function hotKeyShareAlertArgs(
  target: AlertTarget, workspaceId: pulumi.Input<string>, alert: ResolvedAlert & { minimumRequestUnits: number }, actionGroupIds: pulumi.Input<string>[],
): monitor.ScheduledQueryRuleArgs {
  const query = pulumi.output(target.databaseName).apply((db) => hottestKeyShareQuery(db, target.containerName, alert.minimumRequestUnits));
  return logAlertArgs(target, workspaceId, alert, actionGroupIds, {
    displayName: `${target.containerName}: one partition key above ${percent(alert.threshold)} of RU`,
    description: `skewguard: one partition-key value of container ${target.containerName} used more than ${percent(alert.threshold)} of the container's RU over ${alert.windowSize} (CDBPartitionKeyRUConsumption).`,
  }, query, 'KeyShare');
}

/** Creates the enabled alerts as children of `parent`, named `<name>-<alert>`. */
export function createSkewAlerts(name: string, target: AlertTarget, alerts: ResolvedAlerts, opts: pulumi.CustomResourceOptions): SkewAlerts {
  const { actionGroupIds } = alerts;
  const { workspaceId } = target;
  return {
    normalizedRu: alerts.normalizedRu && new monitor.MetricAlert(`${name}-hot-partition-range`, normalizedRuAlertArgs(target, alerts.normalizedRu, actionGroupIds), opts),
    throttling: alerts.throttling && new monitor.MetricAlert(`${name}-throttling`, throttlingAlertArgs(target, alerts.throttling, actionGroupIds), opts),
    partitionSize: alerts.partitionSize && workspaceId !== undefined
      ? new monitor.ScheduledQueryRule(`${name}-partition-size`, partitionSizeAlertArgs(target, workspaceId, alerts.partitionSize, actionGroupIds), opts)
      : undefined,
    hotKeyShare: alerts.hotKeyShare && workspaceId !== undefined
      ? new monitor.ScheduledQueryRule(`${name}-hot-key-share`, hotKeyShareAlertArgs(target, workspaceId, alerts.hotKeyShare, actionGroupIds), opts)
      : undefined,
  };
}
