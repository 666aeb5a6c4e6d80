/**
 * Live DynamoDB observations through the AWS SDK v3 (credentials from the standard chain: env,
 * profile, SSO, web identity): for a table or GSI, DescribeContributorInsights names its most
 * accessed keys rule (`DynamoDBContributorInsights-PKC-…`; the name carries a creation timestamp, so
 * it is looked up, never built), GetInsightRuleReport reads it, and GetMetricData reads the consumed
 * capacity and key-range throttles, page by page. The responses have the fields the CLI prints, and
 * go through the same readers as offline exports.
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeContributorInsights.html
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetMetricData.html
 */
import type * as CloudWatch from '@aws-sdk/client-cloudwatch';
import type * as DynamoDB from '@aws-sdk/client-dynamodb';
import type { LoadedFile, TableObservationFiles } from './manifest';
import { METRIC_IDS } from './manifest';
import { loadSdk } from './sdk';

export interface AwsLiveOptions {
  readonly region?: string;
  readonly endpointUrl?: string;
  readonly start: Date;
  readonly end: Date;
  readonly periodSeconds: number;
}

const PKC_PREFIX = 'DynamoDBContributorInsights-PKC-';

export interface AwsLive {
  observeTable(table: string, index: string | undefined): Promise<TableObservationFiles>;
}

export async function awsLive(options: AwsLiveOptions): Promise<AwsLive> {
  const cw = await loadSdk<typeof CloudWatch>('@aws-sdk/client-cloudwatch', 'observe --live aws');
  const ddb = await loadSdk<typeof DynamoDB>('@aws-sdk/client-dynamodb', 'observe --live aws');
  const config = { ...(options.region ? { region: options.region } : {}), ...(options.endpointUrl ? { endpoint: options.endpointUrl } : {}) };
  const cloudwatch = new cw.CloudWatchClient(config);
  const dynamodb = new ddb.DynamoDBClient(config);
  const { start, end, periodSeconds } = options;

  async function metricData(table: string, index: string | undefined): Promise<unknown> {
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
    async observeTable(table, index) {
      const where = `${table}${index ? `/${index}` : ''}`;
      const described = await dynamodb.send(new ddb.DescribeContributorInsightsCommand({ TableName: table, ...(index ? { IndexName: index } : {}) }));
      const rule = (described.ContributorInsightsRuleList ?? []).find((name) => name.startsWith(PKC_PREFIX));
      let contributorInsights: LoadedFile | undefined;
      if (rule) {
        const report = await cloudwatch.send(
          new cw.GetInsightRuleReportCommand({
            RuleName: rule,
            StartTime: start,
            EndTime: end,
            Period: periodSeconds,
            MaxContributorCount: 10,
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
        metrics: { name: `GetMetricData ${where}`, value: await metricData(table, index) },
        path: where,
      };
    },
  };
}
