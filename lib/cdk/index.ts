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
export { externalTableOf as externalTable, type ExternalTable, type UncheckedValue } from '../index';
export { METADATA_KEY, METADATA_VERSION, type GuardedTableMetadata, type RawTableMetadata } from './metadata';
export { ContributorInsightsWidget } from './dashboard';
export { PARTITION_UNITS_PER_MINUTE } from './alarm-thresholds';
export type { SkewAlarm, SkewSignal } from './alarms';
export type { TableDesignInput } from './design-input';
export type {
  AlarmThreshold, GlobalSecondaryIndexSettings, GuardedGlobalSecondaryIndex, GuardedLocalSecondaryIndex, GuardedPartitionKey,
  GuardedSortKey, GuardedTableDesign, GuardedTableProps, GuardedTableSettings, KeyAttributeType, LatencyAlarmThreshold,
  LocalSecondaryIndexSettings, SkewAlarmThresholds, SkewMonitoringProps,
} from './props';
