/**
 * The manifest's periodSeconds held against the exports' timestamps: a peak is a datapoint's Sum ÷
 * the period, so a period the timestamps contradict must stop observe (exit 2) before any figure is
 * derived or written, whether the manifest declares it or leaves it at the default 60.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { insightRuleReport, metricData, ruConsumptionRows, WEEK_START } from './recorded';
import { findingsOf, observeTable, ORDERS_DESIGN, week } from './support';

/** A week of hourly datapoints (`--period 3600`), the busiest hour at 2,100 WCU/s. */
const HOURLY = { ...week({ reads: 1500, writes: 2100, hotShare: 0.05 }, 24 * 7), periodSeconds: 3600 };
const busyHourly = { ...HOURLY, reads: (i: number) => (i % 24 === 10 ? 1500 : 500), writes: (i: number) => (i % 24 === 10 ? 2100 : 700) };

describe('observe checks periodSeconds against the timestamps', () => {
  it('consistent: hourly exports with "periodSeconds": 3600 give the peaks in units per second', async () => {
    const run = await observeTable(ORDERS_DESIGN, busyHourly, ['--format', 'json'], { manifest: { periodSeconds: 3600 } });
    const drift = findingsOf(run.stdout).find((f) => f.path === 'tables[0].workload.peakWriteUnits');
    expect(drift).toMatchObject({ messageId: 'exceedsDeclared', data: { declared: 700, observed: 2100, window: '7-day' } });
    expect(drift?.message).toContain('ConsumedWriteCapacityUnits Sum per 3600 s ÷ 3600');
    expect(run.code).toBe(1);
  });

  it('inconsistent: hourly exports with periodSeconds left at the default 60 are an error, and --update writes nothing', async () => {
    const design = `${JSON.stringify(ORDERS_DESIGN, null, 2)}\n`;
    const run = await observeTable(ORDERS_DESIGN, busyHourly, ['--update']);
    expect(run.code).toBe(2);
    expect(readFileSync(join(run.dir, 'design.json'), 'utf8')).toBe(design);
    expect(run.stdout).toContain('metrics.json');
    expect(run.stdout).toContain(
      'MetricDataResults[0].Timestamps: the datapoints are 3600 s apart (or a multiple of it), but obs/manifest.json does not set "periodSeconds", so it is the default 60',
    );
    expect(run.stdout).toContain('every peak would be 60× too high, and nothing was derived or written');
    expect(run.stdout).not.toContain('WCU/s');
    expect(run.stdout).not.toContain('updated:');
  });

  it('inconsistent: a declared period longer than the exports’ is an error too (the peaks would be too low)', async () => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 2100, hotShare: 0.05 }), [], { manifest: { periodSeconds: 300 } });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('the datapoints are 60 s apart (or a multiple of it), but "periodSeconds" of obs/manifest.json is 300');
    expect(run.stdout).toContain('every peak would be too low');
  });

  it('checks the Contributor Insights report on its own', async () => {
    const hourlyReport = insightRuleReport(busyHourly);
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 700, hotShare: 0.05 }), [], { report: hourlyReport });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('pkc.json');
    expect(run.stdout).toContain('MetricDatapoints[].Timestamp: the datapoints are 3600 s apart');
  });

  it('a sparse throttle series (published only when non-zero) is not held to the period', async () => {
    const profile = week({ reads: 1500, writes: 700, hotShare: 0.05 });
    const metrics = metricData(profile);
    const hours = (h: number) => new Date(WEEK_START + h * 3_600_000).toISOString();
    const throttles = { Id: 'writeThrottles', Label: 'WriteKeyRangeThroughputThrottleEvents', StatusCode: 'Complete' };
    metrics.MetricDataResults.push({ ...throttles, Timestamps: [hours(5), hours(30)], Values: [7, 5] });
    const run = await observeTable(ORDERS_DESIGN, profile, ['--format', 'json'], { metrics });
    expect(run.code).toBe(0); // a warning: the throttles were read, not refused
    expect(findingsOf(run.stdout).find((f) => f.messageId === 'throttled')?.message).toContain('12 write key-range throttle events');
  });
});

describe('observe checks periodSeconds against Log Analytics rows', () => {
  const DESIGN = {
    containers: [
      {
        name: 'telemetry',
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.3 },
      },
    ],
  };
  const minutes = ruConsumptionRows({ container: 'telemetry', periods: 30, reads: () => 8000, writes: () => 6000, hotShare: 0.2 });
  /** The same rows binned by the hour (`bin(TimeGenerated, 3600s)`). */
  const hours = minutes.map((r) => ({
    ...r,
    TimeGenerated: new Date(WEEK_START + ((Date.parse(String(r.TimeGenerated)) - WEEK_START) / 60_000) * 3_600_000).toISOString(),
  }));
  const observe = (rows: unknown, manifest: Record<string, unknown> = {}) => {
    const dir = tempTree({
      'design.json': JSON.stringify(DESIGN, null, 2),
      'ru.json': JSON.stringify(rows),
      'manifest.json': JSON.stringify({ ...manifest, observations: [{ container: 'telemetry', ruConsumption: 'ru.json' }] }),
    });
    return cli(['observe', 'design.json', '--observations', 'manifest.json', '--no-color', '--update'], { cwd: dir }).then((result) => ({
      ...result,
      design: readFileSync(join(dir, 'design.json'), 'utf8'),
    }));
  };

  it('rows binned by the minute are summed into the default 60 s periods (or into coarser declared ones)', async () => {
    const run = await observe(minutes);
    expect(run.code).not.toBe(2);
    expect(run.stdout).toContain('peak writes ≥ 6,000 RU/s');
    const hourly = await observe(minutes, { periodSeconds: 3600 });
    expect(hourly.code).not.toBe(2);
    expect(hourly.stdout).toContain('peak writes ≥ 3,000 RU/s'); // 30 busy minutes of one hour, averaged over it
  });

  it('rows binned by the hour with the default period are an error, and --update writes nothing', async () => {
    const run = await observe(hours);
    expect(run.code).toBe(2);
    expect(run.design).toBe(JSON.stringify(DESIGN, null, 2));
    expect(run.stdout).toContain('ru.json');
    expect(run.stdout).toContain(
      '[].TimeGenerated: the rows are 3600 s apart (or a multiple of it), but manifest.json does not set "periodSeconds", so it is the default 60',
    );
    expect(run.stdout).not.toContain('updated:');
  });
});
