/**
 * The two Cosmos DB diagnostic log categories with per-partition-key statistics (Azure Monitor
 * reference, "Supported logs for Microsoft.DocumentDB/DatabaseAccounts"); with Dedicated tables they
 * land in CDBPartitionKeyStatistics and CDBPartitionKeyRUConsumption. Free of imports: the policy
 * pack reads it without loading the Pulumi SDK.
 */
export const PARTITION_KEY_CATEGORIES = ['PartitionKeyStatistics', 'PartitionKeyRUConsumption'] as const;
