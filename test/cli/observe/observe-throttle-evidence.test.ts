/**
 * Saturation read from the throttles that name a ceiling the design does not declare:
 * - an on-demand DynamoDB table with no maximum is still capped by the account's per-table quota
 *   (Read/WriteAccountLimitThrottleEvents); throttled at its busiest periods, its peak is a floor;
 * - a Cosmos DB container's 429s (Azure Monitor TotalRequests by StatusCode) tell a container that refused
 *   requests from one busy but served, and a share of them above Azure's healthy 1–5% is reported.
 * Fabricated exports, each case both ways: fires on the failure, silent on normal traffic.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { metricData, ruConsumptionRows, type LoadProfile } from './recorded';
import { findingsOf, observeTable } from './support';

/** An on-demand table with no maximum, declaring 30,000 WCU/s of writes at peak. */
const ON_DEMAND = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'customerId', type: 'S', cardinality: 1000000 },
      billing: 'on-demand',
      workload: { peakReadUnits: 1500, peakWriteUnits: 30000, hotKeyShare: 0.0001 },
    },
  ],
};

/** A week of minutes writing 12,000 WCU/s, with one busy minute a day at 39,800. */
const BUSY_WEEK: LoadProfile = {
  periods: 60 * 24 * 7,
  reads: () => 1200,
  writes: (i) => (i % 1440 === 600 ? 39800 : 12000),
  hotShare: () => 0.0001,
};

/** The week's metrics with WriteAccountLimitThrottleEvents in the busy minutes (`at: 'busy'`), in one quiet minute, or none. */
function quotaThrottledWeek(at: 'busy' | 'quiet' | 'none') {
  const metrics = metricData(BUSY_WEEK);
  const writes = metrics.MetricDataResults.find((r) => r.Id === 'consumedWrite');
  const busy = (writes?.Timestamps ?? []).filter((_, i) => writes?.Values[i] === 39800 * 60);
  const quiet = (writes?.Timestamps ?? []).filter((_, i) => writes?.Values[i] === 12000 * 60).slice(0, 1);
  const throttled = at === 'busy' ? busy : at === 'quiet' ? quiet : [];
  metrics.MetricDataResults.push({
    Id: 'writeAccountLimitThrottles',
    Label: 'WriteAccountLimitThrottleEvents',
    Timestamps: throttled,
    Values: throttled.map(() => 3000),
    StatusCode: 'Complete',
  });
  return metrics;
}

const peakWritesOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'design.json'), 'utf8')).tables[0].workload.peakWriteUnits;

describe('observe: an on-demand table without a maximum, throttled at the per-table quota', () => {
  it('is saturated when the quota throttled its busiest periods: an error on the table, and the capped write peak is not written', async () => {
    const run = await observeTable(ON_DEMAND, BUSY_WEEK, ['--update', '--format', 'json'], { metrics: quotaThrottledWeek('busy') });
    const saturated = findingsOf(run.stdout).find((f) => f.messageId === 'saturated');
    expect(saturated).toMatchObject({ severity: 'error', path: 'tables[0]' });
    expect(saturated?.message).toContain("21,000 write events throttled at the account's per-table quota (WriteAccountLimitThrottleEvents) with no on-demand maximum declared");
    expect(saturated?.message).toContain("the busiest period they came in consuming 39,800 WCU/s (2026-11-23T10:00:00.000Z), 100% of the window's peak of 39,800 WCU/s");
    expect(saturated?.message).toContain('40,000 write request units per table by default, adjustable, and shared by the table and its GSIs');
    expect(saturated?.message).toContain('a floor of the demand, which is unknown');
    expect(saturated?.fix).toContain('L-AB614373');
    expect(saturated?.data).toMatchObject({ field: 'peakWriteUnits', observed: 39800, bound: 'lower', throttles: 21000 });
    expect(peakWritesOf(run.dir)).toBe(30000);
    expect(run.code).toBe(1);
  });

  it('is not saturated when the quota throttled only a quiet minute (a burst inside it): the peak was served, and is written', async () => {
    const run = await observeTable(ON_DEMAND, BUSY_WEEK, ['--update', '--format', 'json'], { metrics: quotaThrottledWeek('quiet') });
    expect(findingsOf(run.stdout).filter((f) => f.messageId === 'saturated')).toEqual([]);
    expect(peakWritesOf(run.dir)).toBe(39800);
  });

  it('is not saturated without quota throttles, and the throttles are reported as a figure', async () => {
    const run = await observeTable(ON_DEMAND, BUSY_WEEK, ['--update', '--format', 'json'], { metrics: quotaThrottledWeek('none') });
    expect(findingsOf(run.stdout).filter((f) => f.messageId === 'saturated')).toEqual([]);
    expect(peakWritesOf(run.dir)).toBe(39800);
    const text = await observeTable(ON_DEMAND, BUSY_WEEK, [], { metrics: quotaThrottledWeek('busy') });
    expect(text.stdout).toContain('write throttles at the per-table quota 21,000 (WriteAccountLimitThrottleEvents Sum over the window)');
  });

  it('key-range throttles at the busiest minutes are a hot key, never saturation', async () => {
    const metrics = quotaThrottledWeek('busy');
    for (const r of metrics.MetricDataResults) if (r.Id === 'writeAccountLimitThrottles') r.Id = 'writeThrottles';
    const run = await observeTable(ON_DEMAND, BUSY_WEEK, ['--format', 'json'], { metrics });
    const findings = findingsOf(run.stdout);
    expect(findings.filter((f) => f.messageId === 'saturated')).toEqual([]);
    expect(findings.find((f) => f.messageId === 'throttled')?.data).toMatchObject({ write: 21000 });
  });

  it('a provisioned table is judged at its capacity, not by quota throttles', async () => {
    const provisioned = { tables: [{ ...ON_DEMAND.tables[0], billing: 'provisioned', capacity: { read: { fixed: 3000 }, write: { fixed: 80000 } } }] };
    const run = await observeTable(provisioned, BUSY_WEEK, ['--format', 'json'], { metrics: quotaThrottledWeek('busy') });
    expect(findingsOf(run.stdout).filter((f) => f.messageId === 'saturated')).toEqual([]);
  });
});
