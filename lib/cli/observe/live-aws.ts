/**
 * Live DynamoDB observations through the AWS SDK v3 (credentials from the standard chain: env,
 * profile, SSO, web identity): for a table or GSI, DescribeContributorInsights names its most
 * accessed keys rule (`DynamoDBContributorInsights-PKC-…`; the name carries a creation timestamp, so
 * it is looked up, never built), GetInsightRuleReport reads it, and GetMetricData reads the consumed
 * capacity and key-range throttles, page by page. The responses have the fields the CLI prints, and
 * go through the same readers as offline exports. A GuardedTable of a cloud assembly is found by its
 * stack: ListStackResources (every page) maps its logical id to the physical name CloudFormation
 * generated, in the stack's own Region when the assembly names one.
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeContributorInsights.html
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetMetricData.html
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_ListStackResources.html
 */
import type * as CloudFormation from '@aws-sdk/client-cloudformation';
import type * as CloudWatch from '@aws-sdk/client-cloudwatch';
import type * as DynamoDB from '@aws-sdk/client-dynamodb';
import type { LoadedFile, TableObservationFiles } from './manifest';
import { METRIC_IDS } from './manifest';
import { loadSdk } from './sdk';
import { readStackResources, type StackResources } from './stack-resources';

export interface AwsLiveOptions {
  readonly region?: string;
  readonly endpointUrl?: string;
  readonly start: Date;
  readonly end: Date;
  readonly periodSeconds: number;
}

const PKC_PREFIX = 'DynamoDBContributorInsights-PKC-';

export interface AwsLive {
  /** `region` overrides the option's (a stack's own Region). */
  observeTable(table: string, index: string | undefined, region?: string): Promise<TableObservationFiles>;
  /** The deployed stack's logical id → physical id (@aws-sdk/client-cloudformation, loaded on first use). */
  stackResources(stack: string, region?: string): Promise<StackResources>;
}

export async function awsLive(options: AwsLiveOptions): Promise<AwsLive> {
  const cw = await loadSdk<typeof CloudWatch>('@aws-sdk/client-cloudwatch', 'observe --live aws');
  const ddb = await loadSdk<typeof DynamoDB>('@aws-sdk/client-dynamodb', 'observe --live aws');
  const configFor = (region = options.region) => ({ ...(region ? { region } : {}), ...(options.endpointUrl ? { endpoint: options.endpointUrl } : {}) });
  /** One client of each service per Region, made on first use. */
  const perRegion = <T>(make: (config: ReturnType<typeof configFor>) => T) => {
    const made = new Map<string, T>();
    return (region?: string) => {
      const key = region ?? '';
      if (!made.has(key)) made.set(key, make(configFor(region)));
      return made.get(key) as T;
    };
  };
  const cloudwatchIn = perRegion((config) => new cw.CloudWatchClient(config));
  const dynamodbIn = perRegion((config) => new ddb.DynamoDBClient(config));
  let cfn: typeof CloudFormation | undefined;
  const cloudformationIn = perRegion((config) => new (cfn as typeof CloudFormation).CloudFormationClient(config));
  const { start, end, periodSeconds } = options;

  async function metricData(table: string, index: string | undefined, region: string | undefined): Promise<unknown> {
    const cloudwatch = cloudwatchIn(region);
    const dimensions = [{ Name: 'TableName', Value: table }, ...(index ? [{ Name: 'GlobalSecondaryIndexName', Value: index }] : [])];
    const queries = Object.entries(METRIC_IDS).map(([id, metric]) => ({
      Id: id,
      MetricStat: { Metric: { Namespace: 'AWS/DynamoDB', MetricName: metric, Dimensions: dimensions }, Period: periodSeconds, Stat: 'Sum' },
    }));
    const merged = new Map<string, { Id: string; Label?: string; Timestamps: Date[]; Values: number[]; StatusCode?: string }>();
    let token: string | undefined;
    do {
      const page = await cloudwatch.send(new cw.GetMetricDataCommand({ MetricDataQueries: queries, StartTime: start, EndTime: end, NextToken: token }));
      for (const r of page.MetricDataResults ?? []) {
        const id = r.Id ?? '';
        const into = merged.get(id) ?? { Id: id, Label: r.Label, Timestamps: [], Values: [] };
        into.Timestamps.push(...(r.Timestamps ?? []));
        into.Values.push(...(r.Values ?? []));
        into.StatusCode = r.StatusCode;
        merged.set(id, into);
      }
      token = page.NextToken;
    } while (token);
    return { MetricDataResults: [...merged.values()] };
  }

  return {
    async stackResources(stack, region) {
      cfn ??= await loadSdk<typeof CloudFormation>('@aws-sdk/client-cloudformation', 'observe --live aws on a cdk.out');
      const client = cloudformationIn(region);
      const rows: unknown[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new cfn.ListStackResourcesCommand({ StackName: stack, NextToken: token }));
        rows.push(...(page.StackResourceSummaries ?? []));
        token = page.NextToken;
      } while (token);
      return readStackResources(`ListStackResources ${stack}`, stack, { StackResourceSummaries: rows });
    },

    async observeTable(table, index, region) {
      const where = `${table}${index ? `/${index}` : ''}`;
      const cloudwatch = cloudwatchIn(region);
      const described = await dynamodbIn(region).send(new ddb.DescribeContributorInsightsCommand({ TableName: table, ...(index ? { IndexName: index } : {}) }));
      const rule = (described.ContributorInsightsRuleList ?? []).find((name) => name.startsWith(PKC_PREFIX));
      let contributorInsights: LoadedFile | undefined;
      if (rule) {
        const report = await cloudwatch.send(
          new cw.GetInsightRuleReportCommand({
            RuleName: rule,
            StartTime: start,
            EndTime: end,
            Period: periodSeconds,
            // The API's maximum (default 10): every shard of a hot key up to 100 shards is listed, so
            // the shard count deployed can be counted, not only bounded (shard-count.ts).
            // https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html
            MaxContributorCount: 100,
            Metrics: ['UniqueContributors', 'MaxContributorValue', 'Sum'],
          }),
        );
        contributorInsights = { name: `GetInsightRuleReport ${rule}`, value: report };
      } else {
        // Off, or THROTTLED_KEYS mode (no PKC rule): the peaks still come from the metrics.
        contributorInsights = {
          name: `DescribeContributorInsights ${where} (status ${described.ContributorInsightsStatus ?? 'unknown'}, no most accessed keys rule)`,
          value: { KeyLabels: [], MetricDatapoints: [], Contributors: [] },
        };
      }
      return {
        engine: 'dynamodb',
        table,
        ...(index ? { index } : {}),
        contributorInsights,
        metrics: { name: `GetMetricData ${where}`, value: await metricData(table, index, region) },
        path: where,
      };
    },
  };
}
