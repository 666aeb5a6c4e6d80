/**
 * DynamoDB figures from a table's or GSI's exports.
 * - Peaks: ConsumedRead/WriteCapacityUnits, Sum per period ÷ the period's seconds, the highest
 *   period: RCU/WCU per second averaged over that period (a burst inside it is higher).
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html
 * - Hottest key's share: the most accessed keys rule (PKC) counts ConsumedThroughputUnits per key
 *   ("(3 x consumed write capacity units) + consumed read capacity units", reads and writes in one unit); at the period
 *   with the largest Sum over all contributors, MaxContributorValue ÷ Sum. Its direction: that of the key-range
 *   throttles of that period where they went one way (`throttledDirection`), else both, at the table's mix.
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html
 * - Distinct keys: the largest UniqueContributors of a period, or ApproximateUniqueCount over the
 *   window: keys that were accessed, so a lower bound of the cardinality.
 * - Throttles: Read/WriteKeyRangeThroughputThrottleEvents (a partition's limit), and those of the table's
 *   or index's own ceiling (Read/WriteProvisionedThroughputThrottleEvents, Read/WriteMaxOnDemandThroughputThrottleEvents,
 *   and an on-demand table's per-table account quota, Read/WriteAccountLimitThrottleEvents), Sum over the window.
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling-cloudwatch.html
 * - Which rule a report is: insight-rule-kind.ts (a most throttled keys report given as the most accessed keys one is
 *   read as throttled requests, never as consumed units). The key behind the key-range throttles, in whichever periods
 *   they came: key-range-throttled.ts.
 * A sharded key is counted per stored key (`key#3`): the logical key's share and cardinality are
 * estimated as the stored key's × N and ÷ N, where N is the shard count the listed stored keys show
 * deployed (shard-count.ts), not the design's: a design raised since the telemetry was taken would
 * otherwise overstate the share and raise itself again.
 */
import { readInsightRuleReport, readMetricData, type InsightRuleReport, type MetricSeries } from './aws-reports';
import { mergeWindows, windowOf, fmt, type Figure, type Observation, type ObservedFigures, type ShareFigure, type ThrottleFigure } from './figures';
import type { Gap } from './gaps';
import { throttledRuleEvidence } from './insight-rule-kind';
import { keyRangeThrottledOf } from './key-range-throttled';
import { METRIC_IDS, type TableObservationFiles } from './manifest';
import type { KeyDisplay } from './privacy';
import { deployedShards, distinctDivisor, shardScale, type DeployedShards } from './shard-count';

export interface DeriveContext {
  readonly periodSeconds: number;
  readonly showKey: KeyDisplay;
  /** Shards of the key space's declared sharding (1 when unsharded). */
  readonly shards: number;
  /** The declared sharding's separator: how a stored key names its shard (used only when `shards` > 1). */
  readonly separator: string;
  /** Levels of the partition key (a Cosmos DB hierarchical key has 2 or 3). @default 1 */
  readonly levels?: number;
}

function peakFigure(series: MetricSeries, metric: string, period: number): Figure {
  const top = series.points.reduce((best, p) => (p.value > best.value ? p : best));
  return {
    value: top.value / period,
    bound: 'measured',
    derivation: `${metric} Sum per ${period} s ÷ ${period}, the highest of ${series.points.length} periods (${fmt(top.value)} units at ${new Date(top.timestamp).toISOString()})`,
    limits: `an average over ${period} s: a burst inside it is higher`,
    averagedOverSeconds: period,
  };
}

function sumFigure(series: MetricSeries, metric: string): Figure {
  return { value: series.points.reduce((s, p) => s + p.value, 0), bound: 'measured', derivation: `${metric} Sum over the window` };
}

/** The busiest period, by the direction's consumed units per second, that carried throttle events. */
function busiestThrottled(throttles: MetricSeries, consumed: MetricSeries | undefined, period: number): ThrottleFigure['busiestThrottled'] {
  const rate = new Map((consumed?.points ?? []).map((p) => [p.timestamp, p.value / period]));
  let busiest: ThrottleFigure['busiestThrottled'];
  for (const p of throttles.points) {
    const unitsPerSecond = rate.get(p.timestamp) ?? 0;
    if (p.value > 0 && (!busiest || unitsPerSecond > busiest.unitsPerSecond)) busiest = { unitsPerSecond, timestamp: p.timestamp };
  }
  return busiest;
}

function fromMetrics(series: readonly MetricSeries[], file: string, period: number, gaps: Gap[]): ObservedFigures {
  const byId = new Map(series.map((s) => [s.id, s]));
  for (const s of series) {
    if (!(s.id in METRIC_IDS)) gaps.push({ gap: 'unknownQueryId', file, queryId: s.id });
    if (s.statusCode !== undefined && s.statusCode !== 'Complete') gaps.push({ gap: 'partialSeries', file, queryId: s.id, statusCode: s.statusCode });
  }
  const figures: { -readonly [K in keyof ObservedFigures]: ObservedFigures[K] } = {};
  const peaks = [
    ['consumedRead', 'ConsumedReadCapacityUnits', 'peakReadUnits'],
    ['consumedWrite', 'ConsumedWriteCapacityUnits', 'peakWriteUnits'],
  ] as const;
  for (const [id, metric, field] of peaks) {
    const s = byId.get(id);
    if (!s) continue;
    if (s.points.length === 0) gaps.push({ gap: 'noDatapoints', file, queryId: id, metric });
    else figures[field] = peakFigure(s, metric, period);
  }
  const throttles = [
    ['readThrottles', 'ReadKeyRangeThroughputThrottleEvents', 'readThrottles'],
    ['writeThrottles', 'WriteKeyRangeThroughputThrottleEvents', 'writeThrottles'],
    ['readProvisionedThrottles', 'ReadProvisionedThroughputThrottleEvents', 'readProvisionedThrottles'],
    ['writeProvisionedThrottles', 'WriteProvisionedThroughputThrottleEvents', 'writeProvisionedThrottles'],
    ['readOnDemandMaxThrottles', 'ReadMaxOnDemandThroughputThrottleEvents', 'readOnDemandMaxThrottles'],
    ['writeOnDemandMaxThrottles', 'WriteMaxOnDemandThroughputThrottleEvents', 'writeOnDemandMaxThrottles'],
  ] as const;
  // DynamoDB publishes throttle events only when there are some: an empty series means none.
  const noEvents = (metric: string): Figure => ({ value: 0, bound: 'measured', derivation: `${metric}: no datapoints (published only when non-zero)` });
  for (const [id, metric, field] of throttles) {
    const s = byId.get(id);
    if (s) figures[field] = s.points.length === 0 ? noEvents(metric) : sumFigure(s, metric);
  }
  // An on-demand table's per-table quota is not in the design (and is adjustable), so
  // whether its throttles capped the peak is read off the periods that carried them (saturation.ts).
  const accountLimits = [
    ['readAccountLimitThrottles', 'ReadAccountLimitThrottleEvents', 'consumedRead'],
    ['writeAccountLimitThrottles', 'WriteAccountLimitThrottleEvents', 'consumedWrite'],
  ] as const;
  for (const [id, metric, consumed] of accountLimits) {
    const s = byId.get(id);
    if (!s) continue;
    if (s.points.length === 0) figures[id] = noEvents(metric);
    else {
      const busiest = busiestThrottled(s, byId.get(consumed), period);
      figures[id] = {
        ...sumFigure(s, metric),
        ...(busiest ? { busiestThrottled: busiest } : {}),
      };
    }
  }
  return figures;
}

function fromContributorInsights(
  report: InsightRuleReport,
  file: string,
  context: DeriveContext,
  gaps: Gap[],
): ObservedFigures & { deployedShards?: DeployedShards } {
  const { periodSeconds: period, showKey } = context;
  if (report.datapoints.length === 0) return {};
  if (report.aggregationStatistic !== undefined && report.aggregationStatistic.toLowerCase() !== 'sum')
    gaps.push({ gap: 'notSumAggregated', file, statistic: report.aggregationStatistic });
  const figures: { -readonly [K in keyof ObservedFigures]: ObservedFigures[K] } & { deployedShards?: DeployedShards } = {};
  const withSum = report.datapoints.filter((d) => d.sum !== undefined && d.sum > 0 && d.maxContributorValue !== undefined);
  if (withSum.length === 0) {
    gaps.push({ gap: 'noContributorStatistics', file });
  } else {
    const peak = withSum.reduce((best, d) => ((d.sum ?? 0) > (best.sum ?? 0) ? d : best));
    const stored = (peak.maxContributorValue ?? 0) / (peak.sum ?? 1);
    const hottest = report.contributors
      .map((c) => ({ c, value: c.datapoints.find((p) => p.timestamp === peak.timestamp)?.value ?? -1 }))
      .reduce<{ c?: (typeof report.contributors)[number]; value: number }>((best, x) => (x.value > best.value ? x : best), { value: -1 });
    if (context.shards > 1 && hottest.c && hottest.value >= 0)
      figures.deployedShards = deployedShards(
        report.contributors.map((c) => ({ key: c.keys[0] ?? '', weight: c.approximateAggregateValue })),
        hottest.c.keys[0] ?? '',
        context.separator,
        report.approximateUniqueCount !== undefined && report.contributors.length >= report.approximateUniqueCount,
        showKey,
      );
    const scale = shardScale(figures.deployedShards, context.shards);
    figures.hotKeyShare = {
      value: Math.min(1, stored * scale.shards),
      bound: scale.bound,
      derivation: `Contributor Insights MaxContributorValue ÷ Sum at the busiest ${period} s (${fmt(peak.maxContributorValue ?? 0)} of ${fmt(peak.sum ?? 0)} ConsumedThroughputUnits at ${new Date(peak.timestamp).toISOString()})${scale.text}`,
      limits:
        "ConsumedThroughputUnits weigh a write 3× a read and do not tell a key's reads from its writes: a share of both is judged as that share of each peak, the table's mix, unless its partition throttled one way (a key all writes takes more of the write ceiling than that: see its load)",
      averagedOverSeconds: period,
      ...(hottest.c && hottest.value >= 0 ? { key: hottest.c.keys.map(showKey).join(' / ') } : {}),
      load: {
        unitsPerSecond: ((peak.maxContributorValue ?? 0) / period) * scale.shards,
        derivation: `${fmt(peak.maxContributorValue ?? 0)} ConsumedThroughputUnits ÷ ${period} s${scale.shards > 1 ? ` × ${scale.shards} shards` : ''}`,
        at: peak.timestamp,
        storedUnitsPerSecond: (peak.maxContributorValue ?? 0) / period,
      },
    };
  }
  const unique = Math.max(...report.datapoints.map((d) => d.uniqueContributors ?? 0), report.approximateUniqueCount ?? 0);
  const divisor = distinctDivisor(figures.deployedShards, context.shards);
  if (unique > 0 && divisor !== undefined)
    figures.distinctKeys = {
      value: divisor > 1 ? Math.ceil(unique / divisor) : unique,
      bound: 'lower',
      derivation: `the larger of UniqueContributors per ${period} s and ApproximateUniqueCount over the window${divisor > 1 ? ` ÷ ${divisor} shards deployed` : ''}`,
      limits: 'only keys accessed in the window count, and the count is approximate',
    };
  return figures;
}

/** The key-range throttle events of one period, when the metrics export has the key-range throttle series. */
function keyRangeThrottlesAt(series: readonly MetricSeries[], timestamp: number): ObservedFigures['hotKeyPeriodThrottles'] {
  const at = (id: string) => series.find((s) => s.id === id)?.points.find((p) => p.timestamp === timestamp)?.value ?? 0;
  if (!series.some((s) => s.id === 'readThrottles' || s.id === 'writeThrottles')) return undefined;
  return { read: at('readThrottles'), write: at('writeThrottles') };
}

/** The table's consumed RCU/s and WCU/s of one period, where the metrics export has them. */
function consumedAt(series: readonly MetricSeries[], timestamp: number, period: number): { reads?: number; writes?: number } {
  const at = (id: string) => {
    const value = series.find((s) => s.id === id)?.points.find((p) => p.timestamp === timestamp)?.value;
    return value === undefined ? undefined : value / period;
  };
  return { reads: at('consumedRead'), writes: at('consumedWrite') };
}

/**
 * The direction the hottest key's units are taken in: that of the key-range throttles of the period its share was read
 * at, where they all went one way. Contributor Insights counts a key's reads and writes in one unit, ConsumedThroughputUnits
 * (3 × WCU + RCU), and the lint reads a share of both directions as that share of each peak (the table's mix of reads and
 * writes), while a partition's read and write ceilings are separate: a key whose units are writes, judged at the
 * table's mix, is judged below what it writes (2,300 units/s at a share of 0.5 of 1,000 RCU and 1,200 WCU: 600 WCU,
 * where all writes are 767). A partition that refused writes alone, at the key's busiest period, says its writes
 * filled it: the key's units are taken as writes (its reads, if any, counted with them, 3 to a WCU), and as reads for reads,
 * where the table consumed at least that much that way in the period (else the key did both, and is left at the mix).
 */
function throttledDirection(
  throttles: { read: number; write: number },
  keyUnitsPerSecond: number,
  consumed: { reads?: number; writes?: number },
): Pick<ShareFigure, 'operations' | 'operationsEvidence'> | undefined {
  const operations = throttles.write > 0 && throttles.read === 0 ? 'writes' : throttles.read > 0 && throttles.write === 0 ? 'reads' : undefined;
  if (!operations) return undefined;
  // The key's units all one way cannot be more than the table consumed that way in the period: if they are, it did both.
  const [asOneWay, tableWay] = operations === 'writes' ? [keyUnitsPerSecond / 3, consumed.writes] : [keyUnitsPerSecond, consumed.reads];
  if (tableWay === undefined || asOneWay > tableWay) return undefined;
  const [refused, quiet] =
    operations === 'writes'
      ? [`${fmt(throttles.write)} WriteKeyRangeThroughputThrottleEvents`, 'ReadKeyRangeThroughputThrottleEvents']
      : [`${fmt(throttles.read)} ReadKeyRangeThroughputThrottleEvents`, 'WriteKeyRangeThroughputThrottleEvents'];
  return {
    operations,
    operationsEvidence: `the key-range throttles of the period its share was read at were all ${operations} (${refused}, no ${quiet}): its units are taken as ${operations}`,
  };
}

export function deriveTable(files: TableObservationFiles, context: DeriveContext): Observation {
  const gaps: Gap[] = [];
  const sources: string[] = [];
  let series: readonly MetricSeries[] = [];
  let figures: ObservedFigures = {};
  let deployed: DeployedShards | undefined;
  let window: Observation['window'];
  if (files.metrics) {
    sources.push(files.metrics.name);
    series = readMetricData(files.metrics.name, files.metrics.value);
    figures = { ...figures, ...fromMetrics(series, files.metrics.name, context.periodSeconds, gaps) };
    window = mergeWindows(window, windowOf(series.flatMap((s) => s.points.map((p) => p.timestamp))));
  }
  let noAccessedKeys: Observation['noAccessedKeys'];
  let accessed: InsightRuleReport | undefined;
  let throttled: InsightRuleReport | undefined;
  if (files.throttledKeys) {
    sources.push(files.throttledKeys.name);
    throttled = readInsightRuleReport(files.throttledKeys.name, files.throttledKeys.value);
    window = mergeWindows(window, windowOf(throttled.datapoints.map((d) => d.timestamp)));
  }
  if (!files.contributorInsights) noAccessedKeys = {};
  if (files.contributorInsights) {
    const { name } = files.contributorInsights;
    sources.push(name);
    const report = readInsightRuleReport(name, files.contributorInsights.value);
    // A most throttled keys report (PKT) counts refused requests: a share read off it is no share of the traffic.
    const throttledRule = throttledRuleEvidence(report, series);
    if (throttledRule !== undefined) {
      noAccessedKeys = { report: name, throttledRule };
      throttled ??= report;
    } else {
      accessed = report;
      if (report.datapoints.length === 0) noAccessedKeys = { report: name };
      const { deployedShards: shown, ...insights } = fromContributorInsights(report, name, context, gaps);
      figures = { ...figures, ...insights };
      deployed = shown;
    }
    window = mergeWindows(window, windowOf(report.datapoints.map((d) => d.timestamp)));
  }
  const keyRangeThrottled = keyRangeThrottledOf({ series, accessed, throttled, periodSeconds: context.periodSeconds, showKey: context.showKey });
  if (keyRangeThrottled) figures = { ...figures, keyRangeThrottled };
  const peakAt = figures.hotKeyShare?.load?.at;
  const throttledAtPeak = peakAt === undefined ? undefined : keyRangeThrottlesAt(series, peakAt);
  if (throttledAtPeak) figures = { ...figures, hotKeyPeriodThrottles: throttledAtPeak };
  const load = figures.hotKeyShare?.load;
  const direction =
    throttledAtPeak && load?.at !== undefined
      ? throttledDirection(throttledAtPeak, load.storedUnitsPerSecond ?? load.unitsPerSecond, consumedAt(series, load.at, context.periodSeconds))
      : undefined;
  if (direction && figures.hotKeyShare) figures = { ...figures, hotKeyShare: { ...figures.hotKeyShare, ...direction } };
  return { figures, window, gaps, sources, ...(deployed ? { deployedShards: deployed } : {}), ...(noAccessedKeys ? { noAccessedKeys } : {}) };
}
