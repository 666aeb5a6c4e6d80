/**
 * The JSON the AWS CLI prints (and the SDK v3 returns, field for field) for the two CloudWatch
 * calls `observe` reads:
 * - `aws cloudwatch get-insight-rule-report` (GetInsightRuleReport): KeyLabels,
 *   AggregationStatistic, AggregateValue, ApproximateUniqueCount, Contributors[] { Keys[],
 *   ApproximateAggregateValue, Datapoints[] { Timestamp, ApproximateValue } }, MetricDatapoints[]
 *   { Timestamp, UniqueContributors, MaxContributorValue, SampleCount, Sum, … } — each statistic
 *   present only when asked for with `--metrics`.
 *   https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html
 *   https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_InsightRuleMetricDatapoint.html
 *   https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_InsightRuleContributor.html
 * - `aws cloudwatch get-metric-data` (GetMetricData): MetricDataResults[] { Id, Label,
 *   Timestamps[], Values[], StatusCode: Complete | PartialData | InternalError | Forbidden }.
 *   https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_MetricDataResult.html
 * The SDK gives Date objects where the CLI prints ISO strings: both are accepted.
 */
import { Reader } from './read-json';

export interface InsightRuleDatapoint {
  readonly timestamp: number;
  readonly uniqueContributors?: number;
  readonly maxContributorValue?: number;
  readonly sum?: number;
}

export interface InsightRuleContributor {
  readonly keys: readonly string[];
  readonly approximateAggregateValue: number;
  readonly datapoints: readonly { readonly timestamp: number; readonly value: number }[];
}

export interface InsightRuleReport {
  readonly keyLabels: readonly string[];
  readonly aggregationStatistic?: string;
  readonly aggregateValue?: number;
  readonly approximateUniqueCount?: number;
  readonly contributors: readonly InsightRuleContributor[];
  readonly datapoints: readonly InsightRuleDatapoint[];
}

export interface MetricSeries {
  readonly id: string;
  readonly label?: string;
  readonly statusCode?: string;
  readonly points: readonly { readonly timestamp: number; readonly value: number }[];
}

const time = (r: Reader) => r.timestamp();

export function readInsightRuleReport(file: string, value: unknown): InsightRuleReport {
  const root = new Reader(file, '', value);
  root.object();
  if (!root.has('MetricDatapoints') && !root.has('Contributors') && !root.has('KeyLabels'))
    root.fail('is not the output of `aws cloudwatch get-insight-rule-report`: expected "KeyLabels", "Contributors" and "MetricDatapoints" at the top level');
  return {
    keyLabels: root
      .field('KeyLabels')
      .optionalArray()
      .map((r) => r.string()),
    aggregationStatistic: root.field('AggregationStatistic').optionalString(),
    aggregateValue: root.field('AggregateValue').optionalNumber(),
    approximateUniqueCount: root.field('ApproximateUniqueCount').optionalNumber(),
    contributors: root
      .field('Contributors')
      .optionalArray()
      .map((c) => ({
        keys: c
          .field('Keys')
          .array()
          .map((k) => k.string()),
        approximateAggregateValue: c.field('ApproximateAggregateValue').number(),
        datapoints: c
          .field('Datapoints')
          .optionalArray()
          .map((d) => ({ timestamp: time(d.field('Timestamp')), value: d.field('ApproximateValue').number() })),
      })),
    datapoints: root
      .field('MetricDatapoints')
      .optionalArray()
      .map((d) => ({
        timestamp: time(d.field('Timestamp')),
        uniqueContributors: d.field('UniqueContributors').optionalNumber(),
        maxContributorValue: d.field('MaxContributorValue').optionalNumber(),
        sum: d.field('Sum').optionalNumber(),
      })),
  };
}

export function readMetricData(file: string, value: unknown): MetricSeries[] {
  const root = new Reader(file, '', value);
  root.object();
  if (!root.has('MetricDataResults')) root.fail('is not the output of `aws cloudwatch get-metric-data`: expected "MetricDataResults" at the top level');
  return root
    .field('MetricDataResults')
    .array()
    .map((result) => {
      const timestamps = result
        .field('Timestamps')
        .optionalArray()
        .map((t) => time(t));
      const values = result
        .field('Values')
        .optionalArray()
        .map((v) => v.number());
      if (timestamps.length !== values.length)
        result.fail(`has ${timestamps.length} Timestamps and ${values.length} Values: GetMetricData pairs them one to one`);
      return {
        id: result.field('Id').string(),
        label: result.field('Label').optionalString(),
        statusCode: result.field('StatusCode').optionalString(),
        points: timestamps.map((timestamp, i) => ({ timestamp, value: values[i] })),
      };
    });
}
