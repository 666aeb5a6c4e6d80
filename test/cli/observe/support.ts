import type { DesignDocument } from '../../../lib';
import { cli, tempTree } from '../helpers';
import { insightRuleReport, metricData, type LoadProfile } from './recorded';

/** An unsharded orders table declaring a 5% hottest key, 1,500 RCU/s and 700 WCU/s at peak. */
export const ORDERS_DESIGN = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'customerId', type: 'S', cardinality: 1000 },
      workload: { peakReadUnits: 1500, peakWriteUnits: 700, hotKeyShare: 0.05 },
    },
  ],
};

/** A Cosmos DB telemetry container keyed tenant → device → session, declaring a 1% hottest key, 10,000 RU/s of
 *  reads and 30,000 of writes at peak, and 2 GB in its largest logical partition. */
export const TELEMETRY_DESIGN: DesignDocument = {
  containers: [
    {
      name: 'telemetry',
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 500 },
          { path: '/deviceId', cardinality: 200000 },
          { path: '/sessionId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.01 },
      storage: { largestPartitionGb: 2 },
    },
  ],
};

/** A week of minutes: a quiet base load, and one busy minute a day at the given figures. */
export function week(peak: { reads: number; writes: number; hotShare: number }, periods = 60 * 24 * 7): LoadProfile {
  const busy = (i: number) => i % 1440 === 600;
  return {
    periods,
    reads: (i) => (busy(i) ? peak.reads : peak.reads / 3),
    writes: (i) => (busy(i) ? peak.writes : peak.writes / 3),
    hotShare: (i) => (busy(i) ? peak.hotShare : 0.01),
  };
}

export interface ObserveRun {
  readonly dir: string;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Writes the design and the exports of one table into a fresh directory and runs `observe` on them. */
export async function observeTable(
  design: unknown,
  profile: LoadProfile,
  args: string[] = [],
  extra: { throttles?: { read?: number; write?: number }; report?: unknown; metrics?: unknown; manifest?: Record<string, unknown> } = {},
): Promise<ObserveRun> {
  const dir = tempTree({
    'design.json': `${JSON.stringify(design, null, 2)}\n`,
    'obs/pkc.json': JSON.stringify(extra.report ?? insightRuleReport(profile)),
    'obs/metrics.json': JSON.stringify(extra.metrics ?? metricData(profile, extra.throttles)),
    'obs/manifest.json': JSON.stringify({ ...extra.manifest, observations: [{ table: 'orders', contributorInsights: 'pkc.json', metrics: 'metrics.json' }] }),
  });
  const result = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--no-color', ...args], { cwd: dir });
  return { dir, ...result };
}

interface JsonFinding {
  ruleId: string;
  messageId: string;
  severity: string;
  message: string;
  fix: string;
  path: string;
  data?: Record<string, unknown>;
}

export function findingsOf(json: string): JsonFinding[] {
  return (JSON.parse(json) as { files: { findings: JsonFinding[] }[] }).files.flatMap((f) => f.findings);
}

/** The minutes of `metrics` (a recorded week, `metricData`) whose consumed writes ran at `unitsPerSecond`. */
export function minutesWriting(metrics: ReturnType<typeof metricData>, unitsPerSecond: number): string[] {
  const writes = metrics.MetricDataResults.find((r) => r.Id === 'consumedWrite');
  return (writes?.Timestamps ?? []).filter((_, i) => writes?.Values[i] === unitsPerSecond * 60);
}

/** `metrics` with 3,000 WriteAccountLimitThrottleEvents (a per-table quota's throttles) in each of `minutes`. */
export function withWriteQuotaThrottles(metrics: ReturnType<typeof metricData>, minutes: readonly string[]): ReturnType<typeof metricData> {
  metrics.MetricDataResults.push({
    Id: 'writeAccountLimitThrottles',
    Label: 'WriteAccountLimitThrottleEvents',
    Timestamps: [...minutes],
    Values: minutes.map(() => 3000),
    StatusCode: 'Complete',
  });
  return metrics;
}

/** A week of minutes writing 12,000 WCU/s, with one busy minute a day at 59,800, throttled at the per-table quota. */
export const QUOTA_BUSY_WEEK: LoadProfile = {
  periods: 60 * 24 * 7,
  reads: () => 1200,
  writes: (i) => (i % 1440 === 600 ? 59800 : 12000),
  hotShare: () => 0.0001,
};

/** QUOTA_BUSY_WEEK's metrics, its busy minutes with the quota's throttles (WriteAccountLimitThrottleEvents). */
export function quotaThrottledWeek(): ReturnType<typeof metricData> {
  const metrics = metricData(QUOTA_BUSY_WEEK);
  return withWriteQuotaThrottles(metrics, minutesWriting(metrics, 59800));
}
