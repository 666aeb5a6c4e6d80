/**
 * `observe --live aws` through the real AWS SDK v3 clients, their `send` replaced by
 * aws-sdk-client-mock returning recorded responses in the services' shapes (Dates where the SDK
 * deserializes timestamps).
 */
import { CloudWatchClient, GetInsightRuleReportCommand, GetMetricDataCommand, type GetMetricDataCommandOutput } from '@aws-sdk/client-cloudwatch';
import { DescribeContributorInsightsCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { cli, tempTree } from '../helpers';
import { insightRuleReport, metricData } from './recorded';
import { findingsOf, ORDERS_DESIGN, week } from './support';

const cloudwatch = mockClient(CloudWatchClient);
const dynamodb = mockClient(DynamoDBClient);

/** The CLI's ISO strings as the SDK's Dates. */
function sdkDates<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value), (key, v) => (key === 'Timestamp' || (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)) ? new Date(v) : v)) as T;
}

beforeEach(() => {
  cloudwatch.reset();
  dynamodb.reset();
});

const RULE = 'DynamoDBContributorInsights-PKC-orders-1763337600000';

async function live(args: string[] = []) {
  const dir = tempTree({ 'design.json': JSON.stringify(ORDERS_DESIGN) });
  return cli(['observe', 'design.json', '--live', 'aws', '--region', 'eu-west-1', '--since', '7d', '--format', 'json', ...args], { cwd: dir });
}

describe('skewguard observe --live aws', () => {
  it('looks up the PKC rule, reads its report and the metrics (all pages), and reports drift', async () => {
    const profile = week({ reads: 1500, writes: 700, hotShare: 0.31 });
    dynamodb.on(DescribeContributorInsightsCommand, { TableName: 'orders' }).resolves({
      TableName: 'orders',
      ContributorInsightsStatus: 'ENABLED',
      ContributorInsightsMode: 'ACCESSED_AND_THROTTLED_KEYS',
      ContributorInsightsRuleList: ['DynamoDBContributorInsights-PKT-orders-1763337600000', RULE, 'DynamoDBContributorInsights-SKC-orders-1763337600000'],
    });
    cloudwatch.on(GetInsightRuleReportCommand, { RuleName: RULE }).resolves(sdkDates(insightRuleReport(profile)));
    const data = sdkDates<Required<Pick<GetMetricDataCommandOutput, 'MetricDataResults'>>>(metricData(profile));
    const [reads, writes] = data.MetricDataResults;
    cloudwatch
      .on(GetMetricDataCommand)
      .resolvesOnce({ MetricDataResults: [{ ...reads, StatusCode: 'PartialData' }], NextToken: 'page-2' })
      .resolvesOnce({ MetricDataResults: [writes] });
    const run = await live();
    const drift = findingsOf(run.stdout).find((f) => f.messageId === 'exceedsDeclared');
    expect(drift).toMatchObject({ path: 'tables[0].workload.hotKeyShare', data: { declared: 0.05, window: '7-day' } });
    expect(run.code).toBe(1);
    const report = cloudwatch.commandCalls(GetInsightRuleReportCommand)[0].args[0].input;
    expect(report).toMatchObject({ RuleName: RULE, Period: 60, Metrics: ['UniqueContributors', 'MaxContributorValue', 'Sum'] });
    expect((report.EndTime as Date).getTime() - (report.StartTime as Date).getTime()).toBe(7 * 86_400_000);
    const pages = cloudwatch.commandCalls(GetMetricDataCommand).map((c) => c.args[0].input);
    expect(pages.map((p) => p.NextToken)).toEqual([undefined, 'page-2']);
    expect(pages[0].MetricDataQueries?.map((q) => q.MetricStat?.Metric?.MetricName)).toEqual([
      'ConsumedReadCapacityUnits',
      'ConsumedWriteCapacityUnits',
      'ReadKeyRangeThroughputThrottleEvents',
      'WriteKeyRangeThroughputThrottleEvents',
    ]);
  });

  it('Contributor Insights off: says so, and still judges the peaks', async () => {
    dynamodb.on(DescribeContributorInsightsCommand).resolves({ TableName: 'orders', ContributorInsightsStatus: 'DISABLED' });
    cloudwatch.on(GetMetricDataCommand).resolves(sdkDates(metricData(week({ reads: 1500, writes: 2100, hotShare: 0.05 }))));
    const run = await live();
    const findings = findingsOf(run.stdout);
    expect(findings.find((f) => f.messageId === 'incompleteObservations')?.message).toContain('status DISABLED');
    expect(findings.find((f) => f.path === 'tables[0].workload.peakWriteUnits')).toMatchObject({ messageId: 'exceedsDeclared', data: { observed: 2100 } });
    expect(cloudwatch.commandCalls(GetInsightRuleReportCommand)).toEqual([]);
  });

  it('a service error is an input that could not be read (exit 2), named as the service names it', async () => {
    const denied = Object.assign(new Error('User is not authorized to perform: dynamodb:DescribeContributorInsights'), { name: 'AccessDeniedException' });
    dynamodb.on(DescribeContributorInsightsCommand).rejects(denied);
    const run = await live();
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('AccessDeniedException: User is not authorized to perform: dynamodb:DescribeContributorInsights');
  });

  it('rejects --live options in offline mode and a bad --since', async () => {
    expect((await cli(['observe', 'x.json', '--observations', 'm.json', '--since', '7d'])).stderr).toContain('--since applies to --live only');
    expect((await cli(['observe', 'x.json', '--live', 'aws', '--since', '7 days'])).stderr).toContain(
      '--since must be a whole number of minutes, hours or days',
    );
    expect((await cli(['observe', 'x.json', '--live', 'azure'])).stderr).toContain('--live azure needs --workspace <id>');
  });
});

describe('a missing SDK', () => {
  it('is a usage error naming the package to install', async () => {
    const { loadSdk } = await import('../../../lib/cli/observe/sdk');
    await expect(loadSdk('@aws-sdk/client-not-installed', 'observe --live aws')).rejects.toThrow(
      'observe --live aws needs the package @aws-sdk/client-not-installed, an optional peer dependency of skewguard: npm install --save-dev @aws-sdk/client-not-installed',
    );
  });
});
