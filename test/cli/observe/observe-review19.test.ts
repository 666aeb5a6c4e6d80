/**
 * Review 19, DynamoDB Contributor Insights exports:
 * - a most throttled keys (PKT) export given as the most accessed keys (PKC) one was read as consumed units: a
 *   throttled tenant's requests became a hottest key share of 1, and SG003 asked for 5 shards;
 * - a tenant that filled its partition at 03:00 passed (exit 0): the share is read at the afternoon peak only.
 * Two hours of 60 s periods, fabricated: the afternoon peak at minute 100 (4,000 RCU/s and 2,000 WCU/s, the declared
 * hot tenant at its declared 0.08), and "t-77" writing 850 WCU/s in minutes 10–29 (`throttledAt`), throttled.
 */
import { cli, tempTree } from '../helpers';
import { findingsOf } from './support';

const START = Date.parse('2026-12-03T02:50:00Z');
const MINUTES = 120;
const PEAK = 100;
const at = (i: number) => new Date(START + i * 60_000).toISOString();

const DESIGN = {
  tables: [
    {
      name: 'events',
      partitionKey: { name: 'tenantId', type: 'S', cardinality: 2000 },
      sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 4000, peakWriteUnits: 2000, hotKeyShare: 0.08 },
    },
  ],
};

interface Scenario {
  /** The minutes t-77 writes in, with key-range throttle events. */
  readonly throttledAt: readonly number[];
  /** t-77's writes in those minutes, WCU/s. */
  readonly hotWrites: number;
  /** Write key-range throttle events a minute in those minutes (0: t-77 was served all it asked). */
  readonly events: number;
}

const OFF_PEAK: Scenario = { throttledAt: Array.from({ length: 20 }, (_, i) => 10 + i), hotWrites: 850, events: 25_000 };

function load(s: Scenario, i: number) {
  const hot = s.throttledAt.includes(i) ? s.hotWrites : 0;
  const reads = i === PEAK ? 4000 : 1000;
  const writes = (i === PEAK ? 2000 : 1000) + hot;
  return { reads, writes, hot, units: (reads + 3 * writes) * 60 };
}

function metrics(s: Scenario) {
  const minutes = Array.from({ length: MINUTES }, (_, i) => i);
  const series = (id: string, value: (i: number) => number, only: readonly number[] = minutes) => ({
    Id: id,
    Label: id,
    Timestamps: only.map(at),
    Values: only.map(value),
    StatusCode: 'Complete',
  });
  const throttled = s.events > 0 ? s.throttledAt : [];
  return {
    MetricDataResults: [
      series('consumedRead', (i) => load(s, i).reads * 60),
      series('consumedWrite', (i) => load(s, i).writes * 60),
      series('writeThrottles', () => s.events, throttled),
      series('readThrottles', () => 0, []),
    ],
  };
}

/** The most accessed keys report: "t-big" at 8% of every minute, "t-77" its writes × 3 in its minutes. */
function pkc(s: Scenario) {
  const minutes = Array.from({ length: MINUTES }, (_, i) => i);
  const big = (i: number) => 0.08 * (i === PEAK ? load(s, i).units : (1000 + 3 * 1000) * 60);
  const t77 = (i: number) => load(s, i).hot * 3 * 60;
  const contributor = (key: string, value: (i: number) => number, only: readonly number[]) => ({
    Keys: [key],
    ApproximateAggregateValue: only.reduce((sum, i) => sum + value(i), 0),
    Datapoints: only.map((i) => ({ Timestamp: at(i), ApproximateValue: value(i) })),
  });
  return {
    KeyLabels: ['PK'],
    AggregationStatistic: 'Sum',
    ApproximateUniqueCount: 1900,
    Contributors: [contributor('t-big', big, minutes), contributor('t-77', t77, s.throttledAt)],
    MetricDatapoints: minutes.map((i) => ({
      Timestamp: at(i),
      UniqueContributors: 1900,
      MaxContributorValue: Math.max(big(i), t77(i)),
      Sum: load(s, i).units,
    })),
  };
}

/** The most throttled keys report: t-77's throttled requests, the only key throttled. */
function pkt(s: Scenario) {
  return {
    KeyLabels: ['PK'],
    AggregationStatistic: 'Sum',
    ApproximateUniqueCount: 1,
    Contributors: [
      {
        Keys: ['t-77'],
        ApproximateAggregateValue: s.events * s.throttledAt.length,
        Datapoints: s.throttledAt.map((i) => ({ Timestamp: at(i), ApproximateValue: s.events })),
      },
    ],
    MetricDatapoints: s.throttledAt.map((i) => ({ Timestamp: at(i), UniqueContributors: 1, MaxContributorValue: s.events, Sum: s.events })),
  };
}

async function observe(s: Scenario, entry: Record<string, string>) {
  const dir = tempTree({
    'design.json': JSON.stringify(DESIGN),
    'obs/pkc.json': JSON.stringify(pkc(s)),
    'obs/pkt.json': JSON.stringify(pkt(s)),
    'obs/metrics.json': JSON.stringify(metrics(s)),
    'obs/manifest.json': JSON.stringify({ periodSeconds: 60, observations: [{ table: 'events', metrics: 'metrics.json', ...entry }] }),
  });
  const run = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--show-keys', '--format', 'json'], { cwd: dir });
  return { ...run, findings: findingsOf(run.stdout) };
}

describe('observe, review 19: a most throttled keys (PKT) export given as the most accessed keys (PKC) one', () => {
  it('is told apart by its Sum against the consumed units, and never read as a share', async () => {
    const run = await observe(OFF_PEAK, { contributorInsights: 'pkt.json' });
    // Before: hotKeyShare 1 (exceedsDeclared) and SG003 firing with N = 5 shards.
    expect(run.findings.filter((f) => f.messageId === 'exceedsDeclared' || f.messageId === 'firesWithObserved')).toEqual([]);
    const refused = run.findings.find((f) => f.messageId === 'noAccessedKeys');
    expect(refused?.message).toContain('pkt.json, given as "contributorInsights", is not the most accessed keys rule\'s report (PKC)');
    expect(refused?.message).toContain('is 25,000, where the metrics give 393,000 consumed units');
    expect(refused?.message).toContain('so it is the most throttled keys rule (PKT)');
    // Issue 13 §5: the evidence is data (a minute and numbers), the message its words.
    expect(refused?.data).toEqual({
      accessedKeysReport: 'throttledKeys',
      report: expect.stringContaining('pkt.json'),
      busiestMinute: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/),
      reportSum: 25_000,
      consumedUnits: 393_000,
      throttleEvents: 25_000,
      comparedMinutes: 20,
      medianRatio: 0.06,
    });
    expect(refused?.message).toContain('over its 20 minutes with both, its Sum is a median 6% of the consumed units');
    // Read for what it is: which key was throttled, and when.
    const key = run.findings.find((f) => f.messageId === 'throttledKey');
    expect(key).toMatchObject({ severity: 'error', data: { key: '"t-77"', throttleCount: 500_000, periods: 20, longestRun: 20 } });
    expect(key?.message).toContain('The most throttled keys rule (PKT) names "t-77": 500,000 throttled requests');
    expect(key?.message).toContain("needs the most accessed keys rule's (PKC) export of those minutes");
    expect(run.code).toBe(1);
  });

  it('given as "throttledKeys", it names the key beside the PKC export, and the share stays the PKC one', async () => {
    const run = await observe(OFF_PEAK, { contributorInsights: 'pkc.json', throttledKeys: 'pkt.json' });
    expect(run.findings.filter((f) => f.messageId === 'noAccessedKeys' || f.messageId === 'exceedsDeclared')).toEqual([]);
    const key = run.findings.find((f) => f.messageId === 'throttledKey');
    expect(key?.message).toContain('the most throttled keys rule (PKT) names it too, 500,000 throttled requests (100% of its count)');
  });
});

describe('observe, review 19: the off-peak hot tenant', () => {
  it('names the key behind the throttled minutes, its load against its partition, and the first step', async () => {
    const run = await observe(OFF_PEAK, { contributorInsights: 'pkc.json' });
    // Before: 0 errors, the throttles' warning only, exit 0.
    expect(run.code).toBe(1);
    expect(run.findings.filter((f) => f.messageId === 'throttled')).toEqual([]);
    const key = run.findings.find((f) => f.messageId === 'throttledKey');
    expect(key).toMatchObject({
      severity: 'error',
      path: 'tables[0]',
      data: { key: '"t-77"', unitsPerSecond: 2550, periods: 20, events: 500_000, usable: 2400 },
    });
    expect(key?.message).toContain('500,000 write key-range throttle events in 20 periods of 60 s, from 2026-12-03T03:00Z to 2026-12-03T03:19Z');
    // 850 WCU/s × 3 = 2,550 units/s of the 1,000 + 3 × 1,850 = 6,550 of those minutes.
    expect(key?.message).toContain('The key behind them is "t-77": it took 39% of the consumed units of those periods');
    expect(key?.message).toContain("it consumed 2,550 units/s: 850 WCU/s of a partition's 1,000 if all writes");
    expect(key?.message).toContain('(the throttles were all writes)');
    expect(key?.message).toContain('read at the busiest period, 2026-12-03T04:30Z (key "t-big"), which these periods are not');
    expect(key?.fix).toMatch(/^first, rate-limit or pause the requests for "t-77" in the application/);
    expect(key?.fix).toContain('then spread it: write-shard a write-hot key');
  });

  it('says that no key explains sustained throttles when the top key of those minutes is under a partition', async () => {
    const run = await observe({ ...OFF_PEAK, hotWrites: 300 }, { contributorInsights: 'pkc.json' });
    expect(run.code).toBe(1);
    const unexplained = run.findings.find((f) => f.messageId === 'throttledUnexplained');
    expect(unexplained?.severity).toBe('error');
    expect(unexplained?.message).toContain('and no finding explains them: the key with the most consumed units in them, "t-77"');
    expect(unexplained?.message).toContain('900 units/s: 300 WCU/s');
    expect(run.findings.filter((f) => f.messageId === 'throttledKey' || f.messageId === 'throttled')).toEqual([]);
  });

  it('keeps the warning for throttles in fewer than 5 periods in a row (a burst)', async () => {
    const run = await observe({ ...OFF_PEAK, throttledAt: [10, 11, 12, 13, 40, 41, 42, 43] }, { contributorInsights: 'pkc.json' });
    expect(run.findings.filter((f) => f.messageId === 'throttledKey' || f.messageId === 'throttledUnexplained')).toEqual([]);
    expect(run.findings.find((f) => f.messageId === 'throttled')).toMatchObject({ severity: 'warning', data: { write: 200_000 } });
    expect(run.code).toBe(0);
  });

  it('adds no finding for a healthy export without throttles', async () => {
    const run = await observe({ ...OFF_PEAK, events: 0 }, { contributorInsights: 'pkc.json', throttledKeys: 'pkt.json' });
    expect(run.findings).toEqual([]);
    expect(run.code).toBe(0);
  });
});
