/**
 * A hierarchical key's first level in Cosmos DB's resource logs, defined once for the hotPrefix alert
 * (which runs it as KQL in Log Analytics) and for `skewguard observe` (which runs it on exported rows).
 * The `PartitionKey` column of CDBPartitionKeyRUConsumption is a string; a hierarchical key is logged
 * as a JSON array of its levels (`["contoso","alice"]`), whose first element is the first level.
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption
 */

/** The first level of the logged `PartitionKey`, as a KQL expression (the hotPrefix alert groups by it). */
export const LOGGED_FIRST_LEVEL_KQL = 'iff(PartitionKey startswith "[", tostring(parse_json(PartitionKey)[0]), PartitionKey)';

/**
 * What `LOGGED_FIRST_LEVEL_KQL` makes of one logged `PartitionKey`. A key that does not start with `[`
 * is its own first level. Otherwise parse_json holds a string that is not JSON as that string, and
 * indexing anything but an array gives null; tostring gives `''` for null and a JSON text for an
 * array or object. https://learn.microsoft.com/kusto/query/parse-json-function,
 * https://learn.microsoft.com/kusto/query/tostring-function
 */
export function loggedFirstLevel(partitionKey: string): string {
  if (!partitionKey.startsWith('[')) return partitionKey;
  let levels: unknown;
  try {
    levels = JSON.parse(partitionKey);
  } catch {
    return '';
  }
  const first: unknown = Array.isArray(levels) ? levels[0] : undefined;
  if (first === undefined || first === null) return '';
  return typeof first === 'object' ? JSON.stringify(first) : String(first);
}
