/**
 * Pulumi type tokens skewguard registers, stable once published: renaming one replaces every
 * component in every stack that uses it. Kept free of imports so the policy pack can read them
 * without loading the Pulumi SDK.
 */
export const GUARDED_CONTAINER_TYPE = 'skewguard:cosmosdb:GuardedContainer';
export const ACCOUNT_MONITORING_TYPE = 'skewguard:cosmosdb:AccountMonitoring';
