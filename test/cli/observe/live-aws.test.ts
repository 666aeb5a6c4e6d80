/**
 * `observe --live aws` through the real AWS SDK v3 clients, their `send` replaced by
 * aws-sdk-client-mock returning recorded responses in the services' shapes (Dates where the SDK
 * deserializes timestamps).
 */
import { join } from 'node:path';
import { CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { CloudWatchClient, GetInsightRuleReportCommand, GetMetricDataCommand, type GetMetricDataCommandOutput } from '@aws-sdk/client-cloudwatch';
import { DescribeContributorInsightsCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { cli, fixtures, tempTree } from '../helpers';
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
    // What the service returns today. `ContributorInsightsMode` (2025) is not in the types of the oldest
    // client the peer range allows (test:oldest-peers runs this file with it), and observe never reads it:
    // the object is built apart so that its type is not held to the command's declared output.
    const described = {
      TableName: 'orders',
      ContributorInsightsStatus: 'ENABLED' as const,
      ContributorInsightsMode: 'ACCESSED_AND_THROTTLED_KEYS' as const,
      ContributorInsightsRuleList: ['DynamoDBContributorInsights-PKT-orders-1763337600000', RULE, 'DynamoDBContributorInsights-SKC-orders-1763337600000'],
    };
    dynamodb.on(DescribeContributorInsightsCommand, { TableName: 'orders' }).resolves(described);
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
      'ReadProvisionedThroughputThrottleEvents',
      'WriteProvisionedThroughputThrottleEvents',
      'ReadMaxOnDemandThroughputThrottleEvents',
      'WriteMaxOnDemandThroughputThrottleEvents',
      'ReadAccountLimitThrottleEvents',
      'WriteAccountLimitThrottleEvents',
    ]);
  });

  it('Contributor Insights off: says so, and still judges the peaks', async () => {
    dynamodb.on(DescribeContributorInsightsCommand).resolves({ TableName: 'orders', ContributorInsightsStatus: 'DISABLED' });
    cloudwatch.on(GetMetricDataCommand).resolves(sdkDates(metricData(week({ reads: 1500, writes: 2100, hotShare: 0.05 }))));
    const run = await live();
    const findings = findingsOf(run.stdout);
    expect(findings.find((f) => f.messageId === 'noAccessedKeys')?.message).toContain('status DISABLED');
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

describe('skewguard observe --live aws on a cdk.out', () => {
  const cloudformation = mockClient(CloudFormationClient);
  beforeEach(() => cloudformation.reset());
  const assembly = join(fixtures, 'cloud-assembly');
  const GENERATED = 'OrdersStack-Tickets83B11BB2-1OKXZ3ABCDEF';

  it('finds each GuardedTable by its stack (ListStackResources, every page, in the stack’s Region) and observes its generated name', async () => {
    cloudformation
      .on(ListStackResourcesCommand, { StackName: 'OrdersStack' })
      .resolvesOnce({
        StackResourceSummaries: [
          {
            LogicalResourceId: 'OnCallTopic',
            PhysicalResourceId: 'arn:aws:sns:eu-west-1:111111111111:OnCall',
            ResourceType: 'AWS::SNS::Topic',
            ResourceStatus: 'CREATE_COMPLETE',
            LastUpdatedTimestamp: new Date(),
          },
        ],
        NextToken: 'page-2',
      })
      .resolvesOnce({
        StackResourceSummaries: [
          {
            LogicalResourceId: 'Tickets83B11BB2',
            PhysicalResourceId: GENERATED,
            ResourceType: 'AWS::DynamoDB::GlobalTable',
            ResourceStatus: 'CREATE_COMPLETE',
            LastUpdatedTimestamp: new Date(),
          },
          {
            LogicalResourceId: 'OrdersA9B65338',
            PhysicalResourceId: 'OrdersStack-OrdersA9B65338-7QW2E4',
            ResourceType: 'AWS::DynamoDB::GlobalTable',
            ResourceStatus: 'CREATE_COMPLETE',
            LastUpdatedTimestamp: new Date(),
          },
        ],
      });
    const profile = week({ reads: 6000, writes: 20000, hotShare: 0.6 });
    dynamodb.on(DescribeContributorInsightsCommand).resolves({ ContributorInsightsStatus: 'DISABLED' });
    dynamodb
      .on(DescribeContributorInsightsCommand, { TableName: GENERATED, IndexName: undefined })
      .resolves({ TableName: GENERATED, ContributorInsightsStatus: 'ENABLED', ContributorInsightsRuleList: [RULE] });
    cloudwatch.on(GetInsightRuleReportCommand).resolves(sdkDates(insightRuleReport(profile)));
    cloudwatch.on(GetMetricDataCommand).resolves(sdkDates(metricData(profile)));
    const run = await cli(['observe', assembly, '--live', 'aws', '--format', 'json']);
    expect(cloudformation.commandCalls(ListStackResourcesCommand).map((c) => c.args[0].input.NextToken)).toEqual([undefined, 'page-2']);
    // The assembly's environment is aws://111111111111/eu-west-1: the stack is looked up there.
    expect(await (cloudformation.commandCalls(ListStackResourcesCommand)[0].thisValue as CloudFormationClient).config.region()).toBe('eu-west-1');
    expect(dynamodb.commandCalls(DescribeContributorInsightsCommand).map((c) => `${c.args[0].input.TableName}/${c.args[0].input.IndexName ?? ''}`)).toEqual([
      `${GENERATED}/`,
      `${GENERATED}/by-user`,
      'OrdersStack-OrdersA9B65338-7QW2E4/',
      'OrdersStack-OrdersA9B65338-7QW2E4/by-tenant-region',
    ]);
    const drift = findingsOf(run.stdout).find((f) => f.messageId === 'exceedsDeclared' && f.path.endsWith('hotKeyShare'));
    expect(drift).toMatchObject({ path: 'Resources.Tickets83B11BB2.Metadata.skewguard.design.workload.hotKeyShare' });
    expect(run.code).toBe(1);
  });

  it('a GuardedTable the deployed stack does not have is an input that could not be read (exit 2)', async () => {
    cloudformation.on(ListStackResourcesCommand).resolves({ StackResourceSummaries: [] });
    const run = await cli(['observe', assembly, '--live', 'aws', '--format', 'json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('the stack OrdersStack has no deployed resource Tickets83B11BB2: deploy the template first');
  });

  it('a stack that does not exist is named as CloudFormation names it', async () => {
    cloudformation.on(ListStackResourcesCommand).rejects(Object.assign(new Error('Stack with id OrdersStack does not exist'), { name: 'ValidationError' }));
    const run = await cli(['observe', assembly, '--live', 'aws', '--format', 'json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('ValidationError: Stack with id OrdersStack does not exist');
  });
});
