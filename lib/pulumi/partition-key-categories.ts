/**
 * The Cosmos DB diagnostic log categories the alerts read (Azure Monitor reference, "Supported logs
 * for Microsoft.DocumentDB/DatabaseAccounts"). With Dedicated tables they land in
 * CDBPartitionKeyStatistics, CDBPartitionKeyRUConsumption and CDBDataPlaneRequests5M. Free of
 * imports: the policy pack reads it without loading the Pulumi SDK.
 */
/** Per-partition-key statistics: what SG010 asks for. */
export const PARTITION_KEY_CATEGORIES = ['PartitionKeyStatistics', 'PartitionKeyRUConsumption'] as const;
/** Data-plane requests aggregated per 5 minutes (preview; about 95% cheaper than DataPlaneRequests,
 *  Microsoft Learn "Monitor data using aggregated diagnostics logs"): the 429 share alert reads it. */
export const THROTTLE_RATE_CATEGORY = 'DataPlaneRequests5M';
/** Every category a CosmosAccountMonitoring's setting sends. */
export const MONITORING_CATEGORIES = [...PARTITION_KEY_CATEGORIES, THROTTLE_RATE_CATEGORY] as const;
/** The category whose table each log alert queries: an alert whose category a reused setting does not send never fires. */
export const LOG_ALERT_CATEGORY = {
  throttleRate: THROTTLE_RATE_CATEGORY,
  hotKey: 'PartitionKeyRUConsumption',
  hotPrefix: 'PartitionKeyRUConsumption',
  // Also reads DataPlaneRequests5M (its 429s): created disabled without either (alerts.ts).
  throttledHotValue: 'PartitionKeyRUConsumption',
  partitionSize: 'PartitionKeyStatistics',
  partitionSizeLimit: 'PartitionKeyStatistics',
} as const satisfies Record<string, (typeof MONITORING_CATEGORIES)[number]>;
