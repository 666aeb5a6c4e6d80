/**
 * DynamoDB: which key filled the partitions that throttled, in the periods they throttled, wherever in the window
 * those were. The hottest key's share is read at the busiest period (derive-dynamodb.ts), which is the afternoon peak
 * for most tables; a tenant that fills its partition at 03:00 is not there (2.3 million write key-range
 * throttle events at night, and observe would name no key). As for Cosmos DB (throttled-keys.ts), the throttled periods
 * are found first, then the key behind them:
 * - throttled periods: those with Read/WriteKeyRangeThroughputThrottleEvents, requests refused because a partition
 *   reached its per-partition limit (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling-cloudwatch.html,
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html);
 *   where the metrics were not exported, those in which the most throttled keys rule (PKT) counted throttles;
 * - by the most accessed keys rule (PKC): the key with the most ConsumedThroughputUnits in those periods, its part of
 *   their Sum, and its busiest of them in units per second, which one partition caps at 3,000 ("the per-item maximum
 *   throughput of 1,000 write request units or 3,000 read request units",
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html);
 * - by the most throttled keys rule (PKT): the key with the most ThrottleCount (refused requests, not units).
 */
import type { InsightRuleReport, MetricSeries } from './aws-reports';
import type { AccessedInThrottled, KeyRangeThrottled, MostThrottledKey } from './figures';
import type { KeyDisplay } from './privacy';

export interface KeyRangeThrottledInput {
  readonly series: readonly MetricSeries[];
  /** The most accessed keys rule's report (PKC), when given. */
  readonly accessed?: InsightRuleReport;
  /** The most throttled keys rule's report (PKT), when given. */
  readonly throttled?: InsightRuleReport;
  readonly periodSeconds: number;
  readonly showKey: KeyDisplay;
}

const keyOf = (keys: readonly string[], showKey: KeyDisplay) => keys.map(showKey).join(' / ');

/** Each period's events, from the metrics' key-range series, else from the PKT report's Sum. */
function throttledPeriods(input: KeyRangeThrottledInput): { perPeriod: Map<number, { read: number; write: number }>; fromMetrics: boolean } | undefined {
  const read = input.series.find((s) => s.id === 'readThrottles');
  const write = input.series.find((s) => s.id === 'writeThrottles');
  const perPeriod = new Map<number, { read: number; write: number }>();
  if (read || write) {
    for (const [points, field] of [
      [read?.points ?? [], 'read'],
      [write?.points ?? [], 'write'],
    ] as const)
      for (const p of points) {
        if (p.value <= 0) continue;
        const at = perPeriod.get(p.timestamp) ?? { read: 0, write: 0 };
        perPeriod.set(p.timestamp, { ...at, [field]: at[field] + p.value });
      }
    return { perPeriod, fromMetrics: true };
  }
  if (!input.throttled) return undefined;
  for (const d of input.throttled.datapoints) if (d.sum !== undefined && d.sum > 0) perPeriod.set(d.timestamp, { read: d.sum, write: 0 });
  return { perPeriod, fromMetrics: false };
}

function accessedIn(report: InsightRuleReport, periods: ReadonlySet<number>, input: KeyRangeThrottledInput): AccessedInThrottled | undefined {
  const total = report.datapoints.reduce((sum, d) => sum + (periods.has(d.timestamp) ? (d.sum ?? 0) : 0), 0);
  let best: AccessedInThrottled | undefined;
  for (const c of report.contributors) {
    const inThrottled = c.datapoints.filter((p) => periods.has(p.timestamp));
    const units = inThrottled.reduce((sum, p) => sum + p.value, 0);
    if (inThrottled.length === 0 || (best && units <= best.units)) continue;
    const peak = inThrottled.reduce((top, p) => (p.value > top.value ? p : top));
    best = {
      key: keyOf(c.keys, input.showKey),
      units,
      share: total > 0 ? Math.min(1, units / total) : 0,
      peakUnitsPerSecond: peak.value / input.periodSeconds,
      peakAt: peak.timestamp,
      periods: inThrottled.length,
    };
  }
  return best;
}

function mostThrottled(report: InsightRuleReport, showKey: KeyDisplay): MostThrottledKey | undefined {
  const total = report.contributors.reduce((sum, c) => sum + c.approximateAggregateValue, 0);
  const top = report.contributors.reduce<(typeof report.contributors)[number] | undefined>(
    (best, c) => (!best || c.approximateAggregateValue > best.approximateAggregateValue ? c : best),
    undefined,
  );
  if (!top || top.approximateAggregateValue <= 0) return undefined;
  const times = top.datapoints.filter((p) => p.value > 0).map((p) => p.timestamp);
  return {
    key: keyOf(top.keys, showKey),
    throttleCount: top.approximateAggregateValue,
    share: top.approximateAggregateValue / (report.aggregateValue ?? total),
    periods: times.length,
    first: Math.min(...times),
    last: Math.max(...times),
  };
}

/** The most periods in a row among `times` (epoch ms), each one period after the one before. */
function longestRun(times: readonly number[], periodMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let run = 0;
  let longest = 0;
  sorted.forEach((t, i) => {
    run = i > 0 && t - sorted[i - 1] === periodMs ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
}

export function keyRangeThrottledOf(input: KeyRangeThrottledInput): KeyRangeThrottled | undefined {
  const found = throttledPeriods(input);
  if (!found || found.perPeriod.size === 0) return undefined;
  const times = [...found.perPeriod.keys()];
  const counts = [...found.perPeriod.values()];
  const { fromMetrics } = found;
  const accessed = input.accessed ? accessedIn(input.accessed, new Set(times), input) : undefined;
  const throttled = input.throttled ? mostThrottled(input.throttled, input.showKey) : undefined;
  return {
    periods: times.length,
    periodSeconds: input.periodSeconds,
    longestRun: longestRun(times, input.periodSeconds * 1000),
    first: Math.min(...times),
    last: Math.max(...times),
    events: counts.reduce((sum, c) => sum + c.read + c.write, 0),
    eventsSource: fromMetrics ? 'Read/WriteKeyRangeThroughputThrottleEvents' : 'the most throttled keys rule (PKT) ThrottleCount',
    ...(fromMetrics ? { read: counts.reduce((s, c) => s + c.read, 0), write: counts.reduce((s, c) => s + c.write, 0) } : {}),
    ...(accessed ? { accessed } : {}),
    ...(throttled ? { throttled } : {}),
  };
}
