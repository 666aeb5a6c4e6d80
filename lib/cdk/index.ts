/**
 * skewguard/cdk: the aws-cdk-lib adapter. `GuardedTable` is a DynamoDB TableV2 whose partition-key
 * design is checked by the skewguard core, with Contributor Insights, skew alarms and a dashboard;
 * `SkewguardPlugin` refuses the synth through CDK's validation framework. See docs/cdk.md.
 */
export { GuardedTable } from './guarded-table';
export { SkewguardPlugin, FAIL_ON_CONTEXT } from './plugin';
export { designReport } from './report';
export { checkResources, ruleName, type CheckedResource, type CheckOptions } from './checks';
export type { RecordedAcknowledgement } from './acknowledgements';
// The core's reader of raw template tables, under the name the CDK checks have always exported.
export { externalTableOf as externalTable, type ExternalTable, type UncheckedValue } from '../internal';
export { METADATA_KEY, METADATA_VERSION, type GuardedTableMetadata, type RawTableMetadata } from './metadata';
export { ContributorInsightsWidget, SkewDashboard, type ContributorInsightsWidgetProps, type SkewDashboardProps } from './dashboard';
export { PARTITION_UNITS_PER_MINUTE } from './alarm-thresholds';
export { MAX_ALARM_NAME, type AlarmTier, type SkewAlarm, type SkewSignal } from './alarms';
export { LOOKUP_NONCE_CONTEXT } from './insight-rules';
export { DEFAULT_RULE_QUOTA, RULE_QUOTA_CONTEXT } from './rule-quota';
export { QUOTAS_CONTEXT } from './quotas';
export type { TableDesignInput } from './design-input';
export type {
  AlarmThreshold,
  GlobalSecondaryIndexSettings,
  GuardedGlobalSecondaryIndex,
  GuardedLocalSecondaryIndex,
  GuardedPartitionKey,
  GuardedSortKey,
  GuardedTableDesign,
  GuardedTableLintProps,
  GuardedTableProps,
  GuardedTableSettings,
  KeyAttributeType,
  LatencyAlarms,
  LatencyOperation,
  LocalSecondaryIndexSettings,
  SkewAlarmThresholds,
  SkewMonitoringProps,
} from './props';
