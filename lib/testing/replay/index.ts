/**
 * skewguard/testing/replay: prove alarms and alerts on replayed telemetry. Evaluates the CloudWatch
 * alarms of a synthesized template and the Azure Monitor alert rules of a Pulumi program with their
 * documented semantics, over modelled weeks of DynamoDB and Cosmos DB traffic. Loads no cloud SDK.
 * See docs/replay.md.
 */
export { Random } from './random';
export { Telemetry, single, fromValues, merge, metricKey, type Datapoint, type LogRow, type MetricId } from './telemetry';
export { REPLAY_EPOCH, MINUTES_PER_DAY, MINUTES_PER_WEEK, clockOf, timestampOf } from './time';
export {
  replayAlarms,
  describeChanges,
  type AlarmReplay,
  type ActionRun,
  type StateChange,
  type ReplayAlarmsOptions,
  type Resources as TemplateResources,
} from './cloudwatch/replay-alarms';
export type { Series } from './cloudwatch/expression';
export type { Resource as TemplateResource } from './replay-stack';
export { evaluateSeries, nextState, type AlarmRule, type AlarmState, type MissingDataTreatment, type ComparisonOperator } from './cloudwatch/alarm-state';
export { replayMetricAlert, SCOPE_DIMENSION } from './azure/metric-alert';
export { replayLogAlert, type QueryRegistry, type QuerySemantics, type QueryWindow, type ResultRow } from './azure/log-alert';
export { skewguardQueries, type SkewguardQueryContainer } from './azure/skewguard-queries';
export type { AlertEvent, AlertReplay } from './azure/alert-state';
export type { Scenario } from './scenarios/scenario';
export {
  simulateTable,
  PARTITION_CEILING,
  DEFAULT_TABLE_QUOTA,
  type TableModel,
  type KeySpaceModel,
  type HotKey,
  type Burst,
  type CapacityModel,
  type KeySpaceTruth,
  type TableNames,
  type Direction,
} from './scenarios/dynamodb-model';
export { DEFAULT_SCALING_DELAY_MINUTES, type AutoScalingPolicy } from './scenarios/auto-scaling';
export {
  healthyWeek,
  dynamoIncident,
  DYNAMO_INCIDENTS,
  partitionsFor,
  PLANNED_PEAK,
  type DynamoTableProfile,
  type DynamoIndexProfile,
  type DynamoIncident,
} from './scenarios/dynamodb-scenarios';
export { simulateContainer, rangesOf, type ContainerModel, type CosmosHotKey, type ContainerNames, type ContainerTruth } from './scenarios/cosmos-model';
export { COSMOS_INCIDENTS, healthyCosmosWeek, cosmosIncident, type CosmosContainerProfile, type CosmosIncident } from './scenarios/cosmos-scenarios';
export { replayStack, type CfnTemplate, type StackReplay, type TableReplay, type ReplayStackOptions } from './replay-stack';
export { replayProgram, type ProgramReplay, type ContainerReplay, type RegisteredResource, type ReplayProgramOptions } from './replay-program';
