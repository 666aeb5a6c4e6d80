/**
 * Review 11 of `skewguard observe`, on the reviewer's own designs and exports (test/cli/observe/review11,
 * copied from the report; the 3.6 MB CDBPartitionKeyRUConsumption export is built here, row for row):
 * - item 2: a key space production saturated (every Cosmos DB range at 100% minute after minute; a
 *   DynamoDB table throttled at its capacity) is an error, and its capped peaks are floors that
 *   `--update` never writes as the design's peaks;
 * - item 6: a declared peak is lowered only from a window of `--min-window` (7 days) or more.
 */
import { copyFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { metricData, type LoadProfile } from './recorded';
import { findingsOf, observeTable } from './support';

const FIXTURES = join(__dirname, 'review11');

/** The reviewer's obs2/ru.json: 20 minutes from 20:00 of 500 match keys, each logging a Create of 4,800 RU
 *  and a Query of 1,080 RU a minute (49,000 RU/s in all), the same 20,000 rows in the same shape. */
function telemetryRows() {
  const rows: Record<string, unknown>[] = [];
  for (let minute = 0; minute < 20; minute++)
    for (let key = 0; key < 500; key++)
      for (const [operation, charge] of [
        ['Create', 4800],
        ['Query', 1080],
      ] as const)
        rows.push({
          TimeGenerated: `2026-11-30T20:${String(minute).padStart(2, '0')}:00Z`,
          DatabaseName: 'game',
          CollectionName: 'match-telemetry',
          PartitionKey: `["m${key}"]`,
          OperationName: operation,
          RequestCharge: charge,
        });
  return rows;
}

/** The review's container and exports in a fresh directory; `nru` rewrites obs2/nru.json first. */
function telemetryTree(design = 'telemetry-uniform.json', nru?: (value: { value: { timeseries: { data: { maximum: number }[] }[] }[] }) => void) {
  const dir = tempTree({ 'obs2/ru.json': JSON.stringify(telemetryRows()) });
  copyFileSync(join(FIXTURES, design), join(dir, 'telemetry-uniform.json'));
  copyFileSync(join(FIXTURES, 'obs2/manifest.json'), join(dir, 'obs2/manifest.json'));
  const normalized = JSON.parse(readFileSync(join(FIXTURES, 'obs2/nru.json'), 'utf8'));
  nru?.(normalized);
  writeFileSync(join(dir, 'obs2/nru.json'), JSON.stringify(normalized));
  return dir;
}

const observeTelemetry = (dir: string, ...args: string[]) =>
  cli(['observe', 'telemetry-uniform.json', '--observations', 'obs2/manifest.json', '--no-color', ...args], { cwd: dir });

const workloadOf = (dir: string, file: string, list = 'containers') => JSON.parse(readFileSync(join(dir, file), 'utf8'))[list][0].workload;

describe('observe, review 11 item 2: a saturated container (every range at 100%)', () => {
  it('is an error that says the consumed 49,000 RU/s are a floor, and reports no peak drift to write', async () => {
    const dir = telemetryTree();
    const run = await observeTelemetry(dir, '--format', 'json');
    const findings = findingsOf(run.stdout);
    const saturated = findings.find((f) => f.messageId === 'saturated');
    expect(saturated).toMatchObject({ severity: 'error', path: 'containers[0].throughput.autoscaleMax' });
    expect(saturated?.message).toContain('every partition-key range stood at 100% NormalizedRUConsumption in 20 of the 20 minutes');
    expect(saturated?.message).toContain('rate-limited (429)');
    expect(saturated?.message).toContain('served at least 49,000 RU/s');
    expect(saturated?.message).toContain("the design's peaks (6,000 + 30,000 = 36,000 RU/s) are below even that floor");
    expect(saturated?.message).toContain('a floor of the demand, which is unknown');
    expect(saturated?.data).toMatchObject({ observed: 49000, declared: 50000, bound: 'lower' });
    expect(findings.filter((f) => f.path.endsWith('peakReadUnits') || f.path.endsWith('peakWriteUnits'))).toEqual([]);
    expect(run.code).toBe(1);
  });

  it('--update does not write the capped peaks, and the report after it still fails', async () => {
    const dir = telemetryTree();
    const before = readFileSync(join(dir, 'telemetry-uniform.json'), 'utf8');
    const run = await observeTelemetry(dir, '--update');
    expect(readFileSync(join(dir, 'telemetry-uniform.json'), 'utf8')).toBe(before);
    expect(run.stdout).toContain('match-telemetry is saturated and throttling');
    expect(run.code).toBe(1);
  });

  it("stays an error on the reviewer's updated design (9,000 + 40,000 declared, autoscaleMax 62,000): the exports still show saturation", async () => {
    const dir = telemetryTree('telemetry-uniform.updated.json');
    const run = await observeTelemetry(dir, '--format', 'json');
    expect(findingsOf(run.stdout).find((f) => f.messageId === 'saturated')?.severity).toBe('error');
    expect(workloadOf(dir, 'telemetry-uniform.json')).toEqual({ peakReadUnits: 9000, peakWriteUnits: 40000 });
    expect(run.code).toBe(1);
  });

  it('one range at 100% beside four at 62% is one hot partition, not a saturated container', async () => {
    const dir = telemetryTree('telemetry-uniform.json', (nru) =>
      nru.value[0].timeseries.slice(1).forEach((series) => series.data.forEach((d) => (d.maximum = 62))),
    );
    const run = await observeTelemetry(dir, '--format', 'json');
    expect(findingsOf(run.stdout).filter((f) => f.messageId === 'saturated')).toEqual([]);
  });

  it('every range at 100% in 4 minutes only (bursts) is not saturation', async () => {
    const dir = telemetryTree('telemetry-uniform.json', (nru) =>
      nru.value[0].timeseries.forEach((series) => series.data.forEach((d, minute) => (d.maximum = minute < 4 ? 100 : 70))),
    );
    const run = await observeTelemetry(dir, '--format', 'json');
    expect(findingsOf(run.stdout).filter((f) => f.messageId === 'saturated')).toEqual([]);
  });
});

/** A provisioned table of 1,000 WCU, declaring 600 WCU/s of writes at peak. */
const PROVISIONED = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'customerId', type: 'S', cardinality: 100000 },
      billing: 'provisioned',
      capacity: { read: { fixed: 3000 }, write: { fixed: 1000 } },
      workload: { peakReadUnits: 1500, peakWriteUnits: 600, hotKeyShare: 0.001 },
    },
  ],
};

/** A week of minutes whose writes run at `writes` WCU/s, with `throttled` WriteProvisionedThroughputThrottleEvents over the week. */
function throttledWeek(writes: number, throttled: number) {
  const profile: LoadProfile = { periods: 60 * 24 * 7, reads: () => 1200, writes: () => writes, hotShare: () => 0.001 };
  const metrics = metricData(profile);
  const first = metrics.MetricDataResults[0].Timestamps.at(-1) as string;
  metrics.MetricDataResults.push({
    Id: 'writeProvisionedThrottles',
    Label: 'WriteProvisionedThroughputThrottleEvents',
    Timestamps: throttled > 0 ? [first] : [],
    Values: throttled > 0 ? [throttled] : [],
    StatusCode: 'Complete',
  });
  return { profile, metrics };
}

describe('observe, review 11 item 2 on DynamoDB: a table throttled at its provisioned capacity', () => {
  it('is an error on the capacity field, and --update does not write the capped write peak', async () => {
    const { profile, metrics } = throttledWeek(990, 12000);
    const run = await observeTable(PROVISIONED, profile, ['--update', '--format', 'json'], { metrics });
    const saturated = findingsOf(run.stdout).find((f) => f.messageId === 'saturated');
    expect(saturated).toMatchObject({ severity: 'error', path: 'tables[0].capacity.write.fixed' });
    expect(saturated?.message).toContain('12,000 write events throttled at the ceiling while it consumed 990 WCU/s');
    expect(saturated?.message).toContain('99% of the 1,000 WCU declared at tables[0].capacity.write.fixed');
    expect(saturated?.message).toContain('a floor of the demand, which is unknown');
    expect(workloadOf(run.dir, 'design.json', 'tables').peakWriteUnits).toBe(600);
    expect(run.code).toBe(1);
  });

  it('without throttle events, a table at 99% of its capacity is no saturation, and its write peak is written', async () => {
    const { profile, metrics } = throttledWeek(990, 0);
    const run = await observeTable(PROVISIONED, profile, ['--update', '--format', 'json'], { metrics });
    expect(findingsOf(run.stdout).filter((f) => f.messageId === 'saturated')).toEqual([]);
    expect(workloadOf(run.dir, 'design.json', 'tables').peakWriteUnits).toBe(990);
  });

  it('throttle events while writes stay at half the capacity are a hot key (SG003), not a saturated table', async () => {
    const { profile, metrics } = throttledWeek(500, 12000);
    const run = await observeTable(PROVISIONED, profile, ['--format', 'json'], { metrics });
    expect(findingsOf(run.stdout).filter((f) => f.messageId === 'saturated')).toEqual([]);
  });
});

describe('observe, review 11 item 6: a peak is lowered only from a window of --min-window (7 days)', () => {
  const metricsTree = () => {
    const dir = tempTree();
    cpSync(join(FIXTURES, 'obs'), join(dir, 'obs'), { recursive: true });
    copyFileSync(join(FIXTURES, 'metrics-sound.json'), join(dir, 'metrics-sound.json'));
    return dir;
  };
  const observeMetrics = (dir: string, ...args: string[]) =>
    cli(['observe', 'metrics-sound.json', '--observations', 'obs/manifest.json', '--no-color', '--update', ...args], { cwd: dir });

  it("the review's 30-minute window keeps peakReadUnits 5,000 (observed 2,000), with a note that says what is needed", async () => {
    const dir = metricsTree();
    const run = await observeMetrics(dir);
    expect(workloadOf(dir, 'metrics-sound.json', 'tables').peakReadUnits).toBe(5000);
    expect(run.stdout).toContain(
      'kept peakReadUnits 5,000: observed 2,000 over a 30-minute window, shorter than the 7 days a declared peak or share is lowered from',
    );
    expect(run.stdout).toContain('export 7 days or more, or pass --min-window');
    expect(run.stdout).not.toContain('set tables[0].workload.peakReadUnits');
    // Raising from the same short window stays: the hottest key's share, above its declaration, is written.
    expect(workloadOf(dir, 'metrics-sound.json', 'tables').hotKeyShare).toBe(0.0293478);
  });

  it('--min-window 30m accepts the window: the peak is lowered as before', async () => {
    const dir = metricsTree();
    const run = await observeMetrics(dir, '--min-window', '30m');
    expect(workloadOf(dir, 'metrics-sound.json', 'tables').peakReadUnits).toBe(2000);
    expect(run.stdout).toContain('set tables[0].workload.peakReadUnits to 2000');
  });

  it('--min-window must be a duration', async () => {
    const dir = metricsTree();
    const run = await observeMetrics(dir, '--min-window', '7 days');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--min-window must be a whole number of minutes, hours or days such as 90m, 24h or 7d, got "7 days"');
  });

  const day = (reads: number): LoadProfile => ({ periods: 60 * 24, reads: () => reads, writes: () => 700, hotShare: () => 0.05 });
  const ORDERS = {
    tables: [
      {
        name: 'orders',
        partitionKey: { name: 'customerId', type: 'S', cardinality: 1000 },
        workload: { peakReadUnits: 1500, peakWriteUnits: 700, hotKeyShare: 0.05 },
      },
    ],
  };

  it('a DynamoDB day of 300 RCU/s keeps a declared 1,500; a week lowers it', async () => {
    const short = await observeTable(ORDERS, day(300), ['--update']);
    expect(workloadOf(short.dir, 'design.json', 'tables').peakReadUnits).toBe(1500);
    expect(short.stdout).toContain('kept peakReadUnits 1,500: observed 300 over a 1-day window, shorter than the 7 days');
    const week = await observeTable(ORDERS, { ...day(300), periods: 60 * 24 * 7 }, ['--update']);
    expect(workloadOf(week.dir, 'design.json', 'tables').peakReadUnits).toBe(300);
  });

  it('a DynamoDB day above the declaration still raises it', async () => {
    const run = await observeTable(ORDERS, day(2400), ['--update']);
    expect(workloadOf(run.dir, 'design.json', 'tables').peakReadUnits).toBe(2400);
  });
});
