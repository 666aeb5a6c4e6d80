/**
 * Live Cosmos DB observations through @azure/monitor-query (credentials from
 * DefaultAzureCredential in @azure/identity, or the ones a test injects): the Log Analytics
 * workspace the account's resource logs go to (resource-specific tables, `Dedicated`) is queried for
 * the container's CDBPartitionKeyRUConsumption, summed per period and key, and its
 * CDBPartitionKeyStatistics. The rows go through the same readers as offline exports.
 * https://learn.microsoft.com/javascript/api/overview/azure/monitor-query-readme
 */
import type { TokenCredential } from '@azure/core-auth';
import type { HttpClient } from '@azure/core-rest-pipeline';
import type * as Identity from '@azure/identity';
import type * as MonitorQuery from '@azure/monitor-query';
import type { ContainerObservationFiles } from './manifest';
import { loadSdk } from './sdk';

export interface AzureLiveOptions {
  readonly workspaceId: string;
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

export interface AzureLive {
  observeContainer(container: string, database: string | undefined): Promise<ContainerObservationFiles>;
}

export async function azureLive(options: AzureLiveOptions): Promise<AzureLive> {
  const monitor = await loadSdk<typeof MonitorQuery>('@azure/monitor-query', 'observe --live azure');
  const credential = options.credential ?? new (await loadSdk<typeof Identity>('@azure/identity', 'observe --live azure')).DefaultAzureCredential();
  const client = new monitor.LogsQueryClient(credential, options.httpClient ? { httpClient: options.httpClient } : {});
  const timespan = { startTime: options.start, endTime: options.end };

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
        path: where,
      };
    },
  };
}
