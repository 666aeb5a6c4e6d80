/**
 * The live Cosmos DB source through the real @azure/monitor-query client, with a custom HTTP client
 * in its pipeline that answers the Log Analytics query API with recorded responses in its real
 * shape (tables of columns and rows), and a fixed token credential.
 */
import type { TokenCredential } from '@azure/core-auth';
import { createHttpHeaders, type HttpClient, type PipelineRequest } from '@azure/core-rest-pipeline';
import { normalize } from '../../../lib';
import { deriveContainer } from '../../../lib/cli/observe/derive-cosmos';
import { DEFAULT_BELOW, DEFAULT_MIN_WINDOW_MS, DEFAULT_TOLERANCE, driftFindings } from '../../../lib/cli/observe/drift';
import { azureLive } from '../../../lib/cli/observe/live-azure';
import { hashedKeys } from '../../../lib/cli/observe/privacy';
import { targetsOf } from '../../../lib/cli/observe/targets';
import { asQueryApiTables, keyStatisticsRows, ruConsumptionRows } from './recorded';
import { TELEMETRY_DESIGN } from './support';

const credential: TokenCredential = { getToken: async () => ({ token: 'recorded', expiresOnTimestamp: Date.now() + 3_600_000 }) };

function recordedClient(answers: (query: string) => unknown): { client: HttpClient; requests: { url: string; body: { query: string; timespan: string } }[] } {
  const requests: { url: string; body: { query: string; timespan: string } }[] = [];
  const client: HttpClient = {
    async sendRequest(request: PipelineRequest) {
      const body = JSON.parse(String(request.body)) as { query: string; timespan: string };
      requests.push({ url: request.url, body });
      return { request, status: 200, headers: createHttpHeaders({ 'content-type': 'application/json' }), bodyAsText: JSON.stringify(answers(body.query)) };
    },
  };
  return { client, requests };
}

describe('the live Cosmos DB source (@azure/monitor-query)', () => {
  it('queries the workspace for the container and derives drift from the answers', async () => {
    const ru = ruConsumptionRows({
      container: 'telemetry',
      periods: 20,
      reads: () => 8000,
      writes: () => 6000,
      hotShare: 0.3,
      hotKey: '["tenant-whale","device-1","s-9"]',
    });
    const { client, requests } = recordedClient((query) =>
      query.startsWith('CDBPartitionKeyRUConsumption')
        ? asQueryApiTables(ru)
        : asQueryApiTables(keyStatisticsRows('telemetry', [['["tenant-whale","device-1","s-9"]', 5 * 1024 * 1024]])),
    );
    const end = new Date('2026-11-24T00:00:00Z');
    const live = await azureLive({
      workspaceId: '00000000-0000-0000-0000-000000000001',
      start: new Date(end.getTime() - 7 * 86_400_000),
      end,
      periodSeconds: 60,
      credential,
      httpClient: client,
    });
    const files = await live.observeContainer('telemetry', "shop's");
    expect(requests.map((r) => r.url)).toEqual([
      'https://api.loganalytics.io/v1/workspaces/00000000-0000-0000-0000-000000000001/query',
      'https://api.loganalytics.io/v1/workspaces/00000000-0000-0000-0000-000000000001/query',
    ]);
    expect(requests[0].body.query).toContain("where CollectionName == 'telemetry' and DatabaseName == 'shop\\'s'");
    expect(requests[0].body.timespan).toBe('2026-11-17T00:00:00.000Z/2026-11-24T00:00:00.000Z');
    const [target] = targetsOf(normalize(TELEMETRY_DESIGN));
    const observation = deriveContainer({ ...files, database: undefined }, { periodSeconds: 60, showKey: hashedKeys, shards: 1, separator: '#' });
    const settings = { tolerance: DEFAULT_TOLERANCE, below: DEFAULT_BELOW, minWindowMs: DEFAULT_MIN_WINDOW_MS };
    const { findings } = driftFindings(target, observation, '7-day', settings, { spanMs: 7 * 86_400_000, floors: [] });
    expect(findings.map((f) => [f.path, f.messageId])).toEqual([
      ['containers[0].workload.hotKeyShare', 'exceedsDeclared'],
      ['containers[0].storage.largestPartitionGb', 'exceedsDeclared'],
    ]);
    expect(findings[1].data).toMatchObject({ declared: 2, observed: 5 });
  });
});

describe('live NormalizedRUConsumption (MetricsQueryClient)', () => {
  const ACCOUNT = '/subscriptions/00000000-0000-0000-0000-000000000002/resourceGroups/shop/providers/Microsoft.DocumentDB/databaseAccounts/shop-cosmos';
  /** Metrics - List as Azure Monitor answers it: one series per partition-key range. */
  const metricsResponse = (peaks: Record<string, number>) => ({
    cost: 10079,
    timespan: '2026-11-17T00:00:00Z/2026-11-24T00:00:00Z',
    interval: 'PT1M',
    value: [
      {
        id: `${ACCOUNT}/providers/Microsoft.Insights/metrics/NormalizedRUConsumption`,
        type: 'Microsoft.Insights/metrics',
        name: { value: 'NormalizedRUConsumption', localizedValue: 'Normalized RU Consumption' },
        unit: 'Percent',
        timeseries: Object.entries(peaks).map(([range, peak]) => ({
          metadatavalues: [{ name: { value: 'partitionkeyrangeid', localizedValue: 'partitionkeyrangeid' }, value: range }],
          data: [
            { timeStamp: '2026-11-22T20:00:00Z', maximum: peak },
            { timeStamp: '2026-11-22T20:01:00Z', maximum: peak / 2 },
            { timeStamp: '2026-11-22T20:02:00Z' }, // a minute without data has no aggregate
          ],
        })),
        errorCode: 'Success',
      },
    ],
    namespace: 'Microsoft.DocumentDB/databaseAccounts',
    resourceregion: 'westeurope',
  });

  /** TotalRequests as Azure Monitor answers it: one series per status code, the Count per minute. */
  const requestsResponse = (counts: Record<string, number>) => ({
    ...metricsResponse({}),
    value: [
      {
        id: `${ACCOUNT}/providers/Microsoft.Insights/metrics/TotalRequests`,
        type: 'Microsoft.Insights/metrics',
        name: { value: 'TotalRequests', localizedValue: 'Total Requests' },
        unit: 'Count',
        timeseries: Object.entries(counts).map(([status, count]) => ({
          metadatavalues: [{ name: { value: 'statuscode', localizedValue: 'statuscode' }, value: status }],
          data: [{ timeStamp: '2026-11-22T20:00:00Z', count }, { timeStamp: '2026-11-22T20:01:00Z' }],
        })),
        errorCode: 'Success',
      },
    ],
  });

  it('reads the Maximum per minute of each partition-key range of the container, and reports the highest range', async () => {
    const urls: URL[] = [];
    const client: HttpClient = {
      async sendRequest(request: PipelineRequest) {
        const url = new URL(request.url);
        const metrics = url.pathname.toLowerCase().endsWith('/providers/microsoft.insights/metrics');
        if (metrics) urls.push(url);
        const totalRequests = url.searchParams.get('metricnames') === 'TotalRequests';
        const body = metrics ? (totalRequests ? requestsResponse({ '200': 950, '429': 50 }) : metricsResponse({ '0': 42, '1': 97 })) : asQueryApiTables([]);
        return { request, status: 200, headers: createHttpHeaders({ 'content-type': 'application/json' }), bodyAsText: JSON.stringify(body) };
      },
    };
    const end = new Date('2026-11-24T00:00:00Z');
    const live = await azureLive({
      workspaceId: '00000000-0000-0000-0000-000000000001',
      accountId: ACCOUNT,
      start: new Date(end.getTime() - 7 * 86_400_000),
      end,
      periodSeconds: 60,
      credential,
      httpClient: client,
    });
    const files = await live.observeContainer('telemetry', "shop's");
    expect(urls).toHaveLength(2);
    const [url, requestsUrl] = urls;
    expect(url.pathname).toBe(`${ACCOUNT}/providers/Microsoft.Insights/metrics`);
    expect(url.searchParams.get('metricnames')).toBe('NormalizedRUConsumption');
    expect(url.searchParams.get('aggregation')).toBe('Maximum');
    expect(url.searchParams.get('interval')).toBe('PT1M');
    expect(url.searchParams.get('$filter')).toBe("DatabaseName eq 'shop''s' and CollectionName eq 'telemetry' and PartitionKeyRangeId eq '*'");
    expect(requestsUrl.searchParams.get('metricnames')).toBe('TotalRequests');
    expect(requestsUrl.searchParams.get('aggregation')).toBe('Count');
    expect(requestsUrl.searchParams.get('interval')).toBe('PT1M');
    expect(requestsUrl.searchParams.get('$filter')).toBe("DatabaseName eq 'shop''s' and CollectionName eq 'telemetry' and StatusCode eq '*'");
    const observation = deriveContainer(files, { periodSeconds: 60, showKey: hashedKeys, shards: 1, separator: '#' });
    expect(observation.figures.normalizedRuPercent).toMatchObject({ value: 97, range: '1', bound: 'measured' });
    // 50 of the 1,000 requests of the minute range 1 reached 97% (no range at 100%): counted over the window only.
    expect(observation.figures.throttledRequests).toMatchObject({ value: 50, throttled: 50, requests: 1000, whenSomeRangeAtBudget: { minutes: 0 } });
    expect(observation.figures.normalizedRuPercent?.derivation).toContain('the highest of 4 datapoints (range 1 at 2026-11-22T20:00:00.000Z)');
  });

  it('without the account, the metrics are not queried', async () => {
    const { client, requests } = recordedClient(() => asQueryApiTables([]));
    const live = await azureLive({ workspaceId: 'w', start: new Date(0), end: new Date(60_000), periodSeconds: 60, credential, httpClient: client });
    const files = await live.observeContainer('telemetry', undefined);
    expect(files.normalizedRu).toBeUndefined();
    expect(files.totalRequests).toBeUndefined();
    expect(requests.every((r) => r.url.includes('api.loganalytics.io'))).toBe(true);
  });
});
