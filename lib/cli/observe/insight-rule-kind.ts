/**
 * Which DynamoDB Contributor Insights rule a `get-insight-rule-report` export came from. The export does not say: its
 * fields (KeyLabels, AggregationStatistic, Contributors, MetricDatapoints) are the same for every rule, both rules
 * aggregate by Sum, and the rule's name (`DynamoDBContributorInsights-PKC-…` or `-PKT-…`) is not in it
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html). What each counts is
 * different ("Contributor Insights for DynamoDB: how it works",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html):
 * - the most accessed keys rule (PKC) counts ConsumedThroughputUnits, "(3 x consumed write capacity units) + consumed
 *   read capacity units" (on demand, request units), of every request: a minute's Sum over all keys is the key space's
 *   consumed units, ConsumedReadCapacityUnits + 3 × ConsumedWriteCapacityUnits of the same minute;
 * - the most throttled keys rule (PKT), the only one of THROTTLED_KEYS mode (GuardedTable's default), counts
 *   ThrottleCount, "the count of ProvisionedThroughputExceededException, ThrottlingException, and RequestLimitExceeded
 *   errors": refused requests, not units, and only in minutes with throttles.
 * So a report whose Sum is well under the consumed units of the same minutes is no PKC: its values are not consumed
 * units, and a share read off them would be a share of throttled requests (a PKT export of one throttled
 * tenant would read as a share of 1, and SG003 ask for 5 shards). Without the consumed-capacity metrics of those minutes the
 * two cannot be told apart, and the report is taken as the manifest names it.
 */
import type { InsightRuleReport, MetricSeries } from './aws-reports';
import { isoMinute, type ThrottledRuleEvidence } from './figures';

/** The median ratio of a report's Sum to the consumed units of the same minutes under which it is not the PKC rule's.
 *  A PKC report's Sum is those units (ratio 1, give or take Contributor Insights' approximation); a PKT report's is its
 *  throttled requests, a small part of them (e.g. 25,853 of 314,109, 0.08). Half keeps a wide margin on both. */
export const ACCESSED_MIN_RATIO = 0.5;

const THROTTLE_IDS = [
  'readThrottles',
  'writeThrottles',
  'readProvisionedThrottles',
  'writeProvisionedThrottles',
  'readOnDemandMaxThrottles',
  'writeOnDemandMaxThrottles',
  'readAccountLimitThrottles',
  'writeAccountLimitThrottles',
];

/** `undefined`: the report reads as the PKC rule's, or the metrics cannot tell; else why it is the PKT rule's. */
export function throttledRuleEvidence(report: InsightRuleReport, series: readonly MetricSeries[]): ThrottledRuleEvidence | undefined {
  const byId = new Map(series.map((s) => [s.id, new Map(s.points.map((p) => [p.timestamp, p.value]))]));
  const reads = byId.get('consumedRead');
  const writes = byId.get('consumedWrite');
  if (!reads && !writes) return undefined;
  const consumedAt = (t: number) => {
    const r = reads?.get(t);
    const w = writes?.get(t);
    return r === undefined && w === undefined ? undefined : (r ?? 0) + 3 * (w ?? 0);
  };
  const compared = report.datapoints.flatMap((d) => {
    const consumed = consumedAt(d.timestamp);
    return d.sum !== undefined && d.sum > 0 && consumed !== undefined && consumed > 0 ? [{ at: d.timestamp, sum: d.sum, consumed }] : [];
  });
  if (compared.length === 0) return undefined;
  const ratios = compared.map((c) => c.sum / c.consumed).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)];
  if (median >= ACCESSED_MIN_RATIO) return undefined;
  const busiest = compared.reduce((best, c) => (c.sum > best.sum ? c : best));
  const throttles = THROTTLE_IDS.some((id) => byId.has(id)) ? THROTTLE_IDS.reduce((sum, id) => sum + (byId.get(id)?.get(busiest.at) ?? 0), 0) : undefined;
  return {
    busiestMinute: isoMinute(busiest.at),
    reportSum: Math.round(busiest.sum),
    consumedUnits: Math.round(busiest.consumed),
    ...(throttles === undefined ? {} : { throttleEvents: Math.round(throttles) }),
    comparedMinutes: compared.length,
    medianRatio: Math.round(median * 100) / 100,
  };
}
