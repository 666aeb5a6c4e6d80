/**
 * Log Analytics (KQL) queries over the resource-specific tables that partition-key diagnostics fill
 * when the diagnostic setting uses `logAnalyticsDestinationType: "Dedicated"`. Column names are those
 * of the Azure Monitor table reference (CDBPartitionKeyStatistics, CDBPartitionKeyRUConsumption).
 * Each query returns at most one row, the worst key, so an alert split by `PartitionKey` carries that
 * key's value in its payload without creating one time series per key.
 */

/** A KQL double-quoted string literal. */
export function kqlString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
}

function thisContainer(databaseName: string, containerName: string): string {
  return `| where DatabaseName == ${kqlString(databaseName)} and CollectionName == ${kqlString(containerName)}`;
}

/** The largest logical partition of the container, in GB (`SizeGb`). Statistics are sampled and
 *  keys under about 1 GB may be absent, which is fine for a threshold far above that. */
export function largestPartitionQuery(databaseName: string, containerName: string): string {
  return [
    'CDBPartitionKeyStatistics',
    thisContainer(databaseName, containerName),
    '| summarize SizeKb = max(SizeKb) by PartitionKey',
    '| extend SizeGb = SizeKb / 1048576.0',
    '| top 1 by SizeGb desc',
  ].join('\n');
}

/** The partition-key value with the largest share (0–1) of the container's RU in the window
 *  (`KeyShare`), judged only when the container used at least `minimumRequestUnits`. */
export function hottestKeyShareQuery(databaseName: string, containerName: string, minimumRequestUnits: number): string {
  return [
    'let charges = CDBPartitionKeyRUConsumption',
    `${thisContainer(databaseName, containerName)};`,
    'let total = toscalar(charges | summarize sum(RequestCharge));',
    'charges',
    `| where total >= ${minimumRequestUnits}`,
    '| summarize KeyRequestUnits = sum(RequestCharge) by PartitionKey',
    '| extend KeyShare = KeyRequestUnits / total',
    '| top 1 by KeyShare desc',
  ].join('\n');
}
