/**
 * Live Cosmos DB observations through @azure/monitor-query (credentials from
 * DefaultAzureCredential in @azure/identity, or the ones a test injects): the Log Analytics
 * workspace the account's resource logs go to (resource-specific tables, `Dedicated`) is queried for
 * the container's CDBPartitionKeyRUConsumption, summed per period and key, and its
 * CDBPartitionKeyStatistics. The rows go through the same readers as offline exports.
 * With the account's resource id, Azure Monitor's NormalizedRUConsumption metric is read too: the
 * Maximum per minute, split by PartitionKeyRangeId (one series per partition-key range, that is per
 * physical partition) and filtered to the container by CollectionName, as the portal's "Normalized RU
 * Consumption (%) by PartitionKeyRangeID" chart shows it; and TotalRequests, the Count per minute split by
 * StatusCode, for the 429s (the "Total Requests by Status Code" chart).
 * https://learn.microsoft.com/javascript/api/overview/azure/monitor-query-readme
 * https://learn.microsoft.com/azure/cosmos-db/monitor-normalized-request-units
 * https://learn.microsoft.com/azure/azure-monitor/reference/supported-metrics/microsoft-documentdb-databaseaccounts-metrics
 */
import type { TokenCredential } from '@azure/core-auth';
import type { HttpClient } from '@azure/core-rest-pipeline';
import type * as Identity from '@azure/identity';
import type * as MonitorQuery from '@azure/monitor-query';
import type { ContainerObservationFiles } from './manifest';
import { loadSdk } from './sdk';

export interface AzureLiveOptions {
  readonly workspaceId: string;
  /** The Cosmos DB account's resource id, for NormalizedRUConsumption and TotalRequests. @default - the metrics are not read */
  readonly accountId?: string;
  readonly start: Date;
  readonly end: Date;
  readonly periodSeconds: number;
  /** @default - DefaultAzureCredential */
  readonly credential?: TokenCredential;
  /** The HTTP client of the SDK pipeline (tests replay recorded responses through it). @default - the SDK's */
  readonly httpClient?: HttpClient;
}

/** KQL string literal: single quotes doubled inside. */
const kql = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function ruConsumptionQuery(container: string, database: string | undefined, periodSeconds: number): string {
  return [
    'CDBPartitionKeyRUConsumption',
    `| where CollectionName == ${kql(container)}${database ? ` and DatabaseName == ${kql(database)}` : ''}`,
    `| summarize RequestCharge = sum(RequestCharge) by TimeGenerated = bin(TimeGenerated, ${periodSeconds}s), DatabaseName, CollectionName, PartitionKey, OperationName`,
  ].join('\n');
}

export function keyStatisticsQuery(container: string, database: string | undefined): string {
  return [
    'CDBPartitionKeyStatistics',
    `| where CollectionName == ${kql(container)}${database ? ` and DatabaseName == ${kql(database)}` : ''}`,
    '| summarize SizeKb = max(SizeKb), TimeGenerated = max(TimeGenerated) by DatabaseName, CollectionName, PartitionKey',
  ].join('\n');
}

/** The OData filter of a metric query: the container's series, one per value of `splitBy` (a partition-key range, a status code). */
export function metricFilter(container: string, database: string | undefined, splitBy: 'PartitionKeyRangeId' | 'StatusCode' = 'PartitionKeyRangeId'): string {
  const odata = (value: string) => `'${value.replace(/'/g, "''")}'`;
  return [...(database ? [`DatabaseName eq ${odata(database)}`] : []), `CollectionName eq ${odata(container)}`, `${splitBy} eq '*'`].join(' and ');
}

/** ISO 8601 duration of a period of whole minutes (`PT1M`), the metric's grain. */
const grain = (seconds: number) => `PT${Math.max(1, Math.round(seconds / 60))}M`;

export interface AzureLive {
  observeContainer(container: string, database: string | undefined): Promise<ContainerObservationFiles>;
}

export async function azureLive(options: AzureLiveOptions): Promise<AzureLive> {
  const monitor = await loadSdk<typeof MonitorQuery>('@azure/monitor-query', 'observe --live azure');
  const credential = options.credential ?? new (await loadSdk<typeof Identity>('@azure/identity', 'observe --live azure')).DefaultAzureCredential();
  const client = new monitor.LogsQueryClient(credential, options.httpClient ? { httpClient: options.httpClient } : {});
  const timespan = { startTime: options.start, endTime: options.end };
  const pipeline = { ...(options.httpClient ? { httpClient: options.httpClient } : {}) };
  const metrics = options.accountId === undefined ? undefined : new monitor.MetricsQueryClient(credential, pipeline);

  /** A metric as `az monitor metrics list` prints it (Metrics - List), for the offline reader. */
  async function metricsList(metric: 'NormalizedRUConsumption' | 'TotalRequests', aggregation: 'Maximum' | 'Count', filter: string): Promise<unknown> {
    // The client puts a `/` before the resource id; the id the portal and `az` print starts with one.
    const resource = (options.accountId as string).replace(/^\/+/, '');
    const result = await (metrics as MonitorQuery.MetricsQueryClient).queryResource(resource, [metric], {
      timespan,
      granularity: grain(options.periodSeconds),
      aggregations: [aggregation],
      filter,
    });
    const field = aggregation === 'Maximum' ? 'maximum' : 'count';
    return {
      value: result.metrics.map((m) => ({
        name: { value: m.name },
        timeseries: m.timeseries.map((ts) => ({
          metadatavalues: (ts.metadataValues ?? []).map((d) => ({ name: { value: d.name ?? '' }, value: d.value })),
          data: (ts.data ?? []).map((d) => ({ timeStamp: d.timeStamp, [field]: d[field] })),
        })),
      })),
    };
  }

  async function query(text: string): Promise<unknown> {
    const result = await client.queryWorkspace(options.workspaceId, text, timespan);
    const tables =
      result.status === monitor.LogsQueryResultStatus.Success
        ? result.tables
        : result.status === monitor.LogsQueryResultStatus.PartialFailure
          ? result.partialTables
          : [];
    return { tables: tables.map((t) => ({ name: t.name, columns: t.columnDescriptors.map((c) => ({ name: c.name ?? '' })), rows: t.rows })) };
  }

  return {
    async observeContainer(container, database) {
      const where = `${database ? `${database}/` : ''}${container}`;
      return {
        engine: 'cosmosdb',
        container,
        ...(database ? { database } : {}),
        ruConsumption: {
          name: `Log Analytics CDBPartitionKeyRUConsumption ${where}`,
          value: await query(ruConsumptionQuery(container, database, options.periodSeconds)),
        },
        partitionKeyStatistics: { name: `Log Analytics CDBPartitionKeyStatistics ${where}`, value: await query(keyStatisticsQuery(container, database)) },
        ...(metrics
          ? {
              normalizedRu: {
                name: `Azure Monitor NormalizedRUConsumption ${where}`,
                value: await metricsList('NormalizedRUConsumption', 'Maximum', metricFilter(container, database)),
              },
              totalRequests: {
                name: `Azure Monitor TotalRequests ${where}`,
                value: await metricsList('TotalRequests', 'Count', metricFilter(container, database, 'StatusCode')),
              },
            }
          : {}),
        path: where,
      };
    },
  };
}
