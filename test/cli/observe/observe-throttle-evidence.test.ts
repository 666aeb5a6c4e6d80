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
import { metricData, type LoadProfile } from './recorded';
import { findingsOf, minutesWriting, observeTable, withWriteQuotaThrottles } from './support';

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
  const busy = minutesWriting(metrics, 39800);
  const quiet = minutesWriting(metrics, 12000).slice(0, 1);
  return withWriteQuotaThrottles(metrics, at === 'busy' ? busy : at === 'quiet' ? quiet : []);
}

/** The notes of a JSON report: the observed figures, which show that an export was read. */
const notesOf = (json: string): string[] =>
  (JSON.parse(json) as { files: { notes?: { message: string }[] }[] }).files.flatMap((f) => (f.notes ?? []).map((n) => n.message));

const peakWritesOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'design.json'), 'utf8')).tables[0].workload.peakWriteUnits;

describe('observe: an on-demand table without a maximum, throttled at the per-table quota', () => {
  it('is saturated when the quota throttled its busiest periods: an error on the table, and the capped write peak is not written', async () => {
    const run = await observeTable(ON_DEMAND, BUSY_WEEK, ['--update', '--format', 'json'], { metrics: quotaThrottledWeek('busy') });
    const saturated = findingsOf(run.stdout).find((f) => f.messageId === 'saturated');
    expect(saturated).toMatchObject({ severity: 'error', path: 'tables[0]' });
    expect(saturated?.message).toContain(
      "21,000 write events throttled at the account's per-table quota (WriteAccountLimitThrottleEvents) with no on-demand maximum declared",
    );
    expect(saturated?.message).toContain(
      "the busiest period they came in consuming 39,800 WCU/s (2026-11-23T10:00:00.000Z), 100% of the window's peak of 39,800 WCU/s",
    );
    expect(saturated?.message).toContain('40,000 write request units per table by default, and for each of its GSIs on its own, adjustable');
    expect(saturated?.message).toContain('a floor of the demand, which is unknown');
    expect((saturated as { fix?: string } | undefined)?.fix).toContain('L-AB614373');
    expect(saturated?.data).toMatchObject({ field: 'peakWriteUnits', observed: 39800, bound: 'lower', throttles: 21000 });
    expect(peakWritesOf(run.dir)).toBe(30000);
    expect(run.code).toBe(1);
  });

  it('is not saturated when the quota throttled only a quiet minute (a burst inside it): the peak was served, and is written', async () => {
    const run = await observeTable(ON_DEMAND, BUSY_WEEK, ['--update', '--format', 'json'], { metrics: quotaThrottledWeek('quiet') });
    expect(notesOf(run.stdout).some((n) => n.includes('write throttles at the per-table quota 3,000'))).toBe(true);
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

/** A container of 5 partition-key ranges under a 50,000 RU/s autoscale maximum, declaring 6,000 + 30,000 RU/s. */
const CONTAINER = {
  containers: [
    {
      name: 'telemetry',
      partitionKey: { paths: [{ path: '/matchId', cardinality: 2000 }] },
      throughput: { autoscaleMax: 50000 },
      storage: { totalGb: 200 },
      workload: { peakReadUnits: 6000, peakWriteUnits: 30000 },
    },
  ],
};

const MINUTES = 20;
const minute = (m: number) => `2026-11-30T20:${String(m).padStart(2, '0')}:00Z`;

/** 20 minutes of 50 match keys logging 49,000 RU/s in all: 40,000 of writes, 9,000 of reads. */
function ruRows() {
  const rows: Record<string, unknown>[] = [];
  for (let m = 0; m < MINUTES; m++)
    for (let key = 0; key < 50; key++)
      for (const [operation, charge] of [
        ['Create', 48000],
        ['Query', 10800],
      ] as const)
        rows.push({
          TimeGenerated: minute(m),
          DatabaseName: 'game',
          CollectionName: 'telemetry',
          PartitionKey: `["m${key}"]`,
          OperationName: operation,
          RequestCharge: charge,
        });
  return rows;
}

/** NormalizedRUConsumption of 5 ranges a minute: range 0 at 100%, the others at `others`; or, with
 *  `bursts`, every range at 100% in the first `bursts` minutes and at `others` after them. */
function nru(others: number, bursts?: number) {
  const at = (range: number, m: number) => (bursts === undefined ? (range === 0 ? 100 : others) : m < bursts ? 100 : others);
  return {
    value: [
      {
        name: { value: 'NormalizedRUConsumption' },
        timeseries: [0, 1, 2, 3, 4].map((range) => ({
          metadatavalues: [{ name: { value: 'partitionkeyrangeid' }, value: String(range) }],
          data: Array.from({ length: MINUTES }, (_, m) => ({ timeStamp: minute(m), maximum: at(range, m) })),
        })),
      },
    ],
  };
}

/** TotalRequests by StatusCode, `az monitor metrics list` as it prints it: 10,000 requests a minute, `throttledShare` of them 429. */
function totalRequests(throttledShare: number) {
  const throttled = Math.round(10000 * throttledShare);
  return {
    value: [
      {
        name: { value: 'TotalRequests' },
        timeseries: [
          ['200', 10000 - throttled],
          ['429', throttled],
        ].map(([status, count]) => ({
          metadatavalues: [
            { name: { value: 'collectionname' }, value: 'telemetry' },
            { name: { value: 'statuscode' }, value: status },
          ],
          data: Array.from({ length: MINUTES }, (_, m) => ({ timeStamp: minute(m), count })),
        })),
      },
    ],
  };
}

async function observeContainer(others: number, throttledShare: number | undefined, args: string[] = ['--format', 'json'], bursts?: number) {
  const dir = tempTree({
    'design.json': `${JSON.stringify(CONTAINER, null, 2)}\n`,
    'obs/ru.json': JSON.stringify(ruRows()),
    'obs/nru.json': JSON.stringify(nru(others, bursts)),
    ...(throttledShare === undefined ? {} : { 'obs/requests.json': JSON.stringify(totalRequests(throttledShare)) }),
    'obs/manifest.json': JSON.stringify({
      observations: [
        {
          container: 'telemetry',
          ruConsumption: 'ru.json',
          normalizedRu: 'nru.json',
          ...(throttledShare === undefined ? {} : { totalRequests: 'requests.json' }),
        },
      ],
    }),
  });
  const run = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--no-color', '--min-window', '20m', ...args], { cwd: dir });
  return { dir, ...run, findings: args.includes('json') ? findingsOf(run.stdout) : [] };
}

const workloadOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'design.json'), 'utf8')).containers[0].workload;

describe("observe: a Cosmos DB container's 429s (TotalRequests by StatusCode)", () => {
  it('every range at 100% with 20% of the requests answered 429 is saturated, and says so', async () => {
    const run = await observeContainer(100, 0.2);
    const saturated = run.findings.find((f) => f.messageId === 'saturated');
    expect(saturated).toMatchObject({ severity: 'error', path: 'containers[0].throughput.autoscaleMax' });
    expect(saturated?.message).toContain('and 40,000 of the 200,000 requests of those minutes (20%) were answered 429, above the 1–5% Azure calls healthy');
    expect(saturated?.data).toMatchObject({ throttledShare: 0.2, observed: 49000, bound: 'lower' });
    expect(run.findings.filter((f) => f.messageId === 'throttled')).toEqual([]);
  });

  it('every range at 100% with 2% answered 429 is busy but served: no saturation, and --update writes the peaks it measured', async () => {
    const run = await observeContainer(100, 0.02, ['--update', '--format', 'json']);
    expect(run.findings.filter((f) => f.messageId === 'saturated' || f.messageId === 'throttled')).toEqual([]);
    expect(workloadOf(run.dir)).toMatchObject({ peakReadUnits: 9000, peakWriteUnits: 40000 });
    const text = await observeContainer(100, 0.02, []);
    expect(text.stdout).toContain(
      'requests rate-limited (429) 4,000 (TotalRequests Count by StatusCode over the window: 4,000 of 200,000 requests answered 429 (2%); in the 20 minutes with some partition-key range at 100% NormalizedRUConsumption',
    );
  });

  it('without the 429s, every range at 100% is saturated as before, and the message says the 429s were not read', async () => {
    const run = await observeContainer(100, undefined);
    const saturated = run.findings.find((f) => f.messageId === 'saturated');
    expect(saturated?.severity).toBe('error');
    expect(saturated?.message).toContain('the 429s were not read (export TotalRequests by StatusCode');
  });

  it('one range at 100% beside four at 62%, with 12% answered 429, is a hot range refusing requests: a warning, not saturation', async () => {
    const run = await observeContainer(62, 0.12);
    expect(run.findings.filter((f) => f.messageId === 'saturated')).toEqual([]);
    const throttled = run.findings.find((f) => f.messageId === 'throttled');
    expect(throttled).toMatchObject({ severity: 'warning', path: 'containers[0]', data: { throttled: 24000, requests: 200000, share: 0.12 } });
    expect(throttled?.message).toContain(
      '24,000 of 200,000 requests (12%) were rate-limited (429) in the 20 minutes with a partition-key range at 100% NormalizedRUConsumption, above the 1–5% Azure calls healthy, while not every range stood at its budget (the busiest, range 0, at 100%, the median range at 62% that minute)',
    );
    // 50 equal keys, no PartitionKeyRangeId in the rows: no key is named as the one that filled range 0.
    expect(throttled?.message).toContain(
      'no logged key stood out in the 20 minutes a range stood at 100% with 429s above the healthy share: the most, sha256:',
    );
  });

  it('every range at 100% in 3 minutes only, with 20% answered 429 in them, is bursts beyond the RU/s: a warning, not saturation', async () => {
    const run = await observeContainer(70, 0.2, ['--format', 'json'], 3);
    expect(run.findings.filter((f) => f.messageId === 'saturated')).toEqual([]);
    const throttled = run.findings.find((f) => f.messageId === 'throttled');
    expect(throttled?.data).toMatchObject({ throttled: 6000, requests: 30000, share: 0.2 });
    expect(throttled?.message).toContain(
      "while every range stood at its budget in 3 of 20 minutes, fewer than the 5 that make it saturated: bursts beyond the container's RU/s",
    );
  });

  it('one hot range with 3% answered 429 is within what Azure calls healthy: no warning', async () => {
    const run = await observeContainer(62, 0.03);
    expect(notesOf(run.stdout).some((n) => n.includes('6,000 of 200,000 (3%)'))).toBe(true);
    expect(run.findings.filter((f) => f.messageId === 'throttled' || f.messageId === 'saturated')).toEqual([]);
  });

  it('a TotalRequests export not split by StatusCode is reported as incomplete, not read as no 429s', async () => {
    const run = await observeContainer(100, 0.2);
    const requests = totalRequests(0.2);
    for (const series of requests.value[0].timeseries) series.metadatavalues = series.metadatavalues.filter((m) => m.name.value !== 'statuscode');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(run.dir, 'obs/requests.json'), JSON.stringify(requests));
    const again = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--no-color', '--min-window', '20m', '--format', 'json'], {
      cwd: run.dir,
    });
    const findings = findingsOf(again.stdout);
    expect(findings.find((f) => f.messageId === 'incompleteObservations')?.message).toContain('TotalRequests is not split by StatusCode');
    // Issue 13 §5: the gap is an id with its file, not a sentence.
    expect(findings.find((f) => f.messageId === 'incompleteObservations')?.data).toEqual({
      gap: 'requestsNotByStatus',
      file: expect.stringContaining('requests.json'),
    });
    expect(findings.find((f) => f.messageId === 'saturated')?.message).toContain('the 429s were not read');
  });
});
