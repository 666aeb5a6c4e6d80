/**
 * skewguard/pulumi: Cosmos DB containers with a validated partition-key design, partition-key
 * diagnostics and tiered skew alerts, refused before anything is created when a rule fails.
 * Loads @pulumi/pulumi and the azure-native cosmosdb, monitor and operationalinsights submodules;
 * never aws-cdk-lib, never @pulumi/policy (the policy pack is `skewguard/pulumi/policy`).
 */
export { GuardedContainer } from './guarded-container';
export { checkGuardedContainers } from './check-containers';
export type { GuardedContainerArgs } from './guarded-container-args';
export { CosmosAccountMonitoring, type CosmosAccountMonitoringArgs } from './account-monitoring';
export { MONITORING_CATEGORIES, PARTITION_KEY_CATEGORIES, THROTTLE_RATE_CATEGORY } from './partition-key-categories';
export type { AlertOptions, AlertTier, SkewAlertsOptions, ThrottleRateAlertOptions, TierActionGroups } from './alert-settings';
export type { SkewAlerts } from './alerts';
export type { ContainerSettings } from './container-resource';
export type { ThroughputInput } from './throughput';
export type { ContainerDesign } from './design-gate';
export { DesignRefusedError, InvalidArgsError } from './errors';
export type { AccountInput, DatabaseInput, ResourceGroupInput } from './references';
export { ACCOUNT_MONITORING_TYPE, GUARDED_CONTAINER_TYPE } from './type-tokens';
