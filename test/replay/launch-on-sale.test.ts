// A concert on-sale on a table launched at its peak (`launchAtPeak`, pre-warmed as SG017 asks): 200,000 fans at 10:00:00
// hold seats for 8 minutes. A "seats left" counter item, updated by every hold, is one key at 2,500 WCU/s against its
// partition's 1,000: it throttles from the on-sale's first minute. At 4 of 12 the hot-partition page came in its 4th
// throttled minute (replayed here; CloudWatch's own delay comes on top), half the hold window gone before anyone was woken.
// On a table declared launchAtPeak both pages now evaluate 3 of the last 6 minutes: a steady cause pages in its 3rd
// minute, a pre-warmed healthy on-sale and healthy weeks on the same table stay quiet, and no periodic burst flaps.
// 2 of 3 (the shorter window first asked for) was replayed and rejected: it paged healthy weeks on this table.
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { healthyWeek, Random, replayStack, single, type Burst, type CfnTemplate, type Scenario, type TableModel } from '../../lib/testing/replay';
import { appWithStack, templateOf } from '../cdk/support';
import { dynamoMetric, firesOn, withAlarm } from './support/bursts';
import { tableIdOf } from './support/tickets-table';

process.env.CDK_VALIDATION = 'false';

const PAGE = 'hot partition (key-range throttles)';
const FAILED = 'failed requests';
/** 10:00 on the replay's day. */
const ON_SALE = 600;
const SALE_MINUTES = 60;
/** Seat-map reads and seat holds at the peak, units a second. */
const PEAK = { read: 20_000, write: 5_000 };
/** Pre-warmed as SG017 asks: the peak at 80% utilization. */
const WARM = { readUnitsPerSecond: 25_000, writeUnitsPerSecond: 6_250 };
/** Partitions of that warm throughput: ⌈max(25,000 ÷ 3,000, 6,250 ÷ 1,000)⌉ = ⌈8.3⌉ = 9. */
const PARTITIONS = 9;
/** The counter's writes: half the holds' 5,000 WCU/s on one key, 2.5 × its partition's 1,000. */
const COUNTER_WCU = 2_500;

function synthOnSale(overrides: Partial<GuardedTableProps> = {}): CfnTemplate {
  const { stack } = appWithStack();
  new GuardedTable(stack, 'Holds', {
    ...overrides,
    partitionKey: { name: 'seatId', type: AttributeType.STRING, cardinality: 60_000 },
    workload: { peakReadUnits: PEAK.read, peakWriteUnits: PEAK.write },
    launchAtPeak: true,
    warmThroughput: WARM,
    accessPatterns: [{ name: 'hold-seat', keyAttributes: ['seatId'], share: 1 }],
    pageTopic: new Topic(stack, 'Page'),
    ticketTopic: new Topic(stack, 'Ticket'),
  });
  return templateOf(stack).toJSON() as CfnTemplate;
}

const inSale = (m: number) => m >= ON_SALE && m < ON_SALE + SALE_MINUTES;

/** One day, quiet until the on-sale at 10:00; `counter`: the hot counter key throttling from its first minute. Fans
 *  refreshing add one-second bursts: 5 in the on-sale's first 30 minutes (the healthy week has 20 a day). */
function onSale(counter: boolean, seed: number): Scenario<TableModel> {
  const rng = new Random(seed);
  const bursts = Array.from({ length: 5 }, (): Burst => {
    const direction = rng.next() < 0.5 ? 'read' : 'write';
    return { minute: ON_SALE + rng.int(30), partition: rng.int(PARTITIONS), direction, units: (direction === 'read' ? 3000 : 1000) * (0.6 + 0.8 * rng.next()) };
  });
  return {
    name: counter ? 'on-sale, a hot counter key' : 'on-sale, pre-warmed and healthy',
    kind: counter ? 'incident' : 'healthy',
    days: 1,
    seed,
    assumptions: [
      'the on-sale runs 10:00-11:00 at its planned peak (20,000 RCU/s, 5,000 WCU/s), 200 RCU/s and 50 WCU/s outside it',
      'pre-warmed partitions (9) carry the seats; 5 one-second bursts of 60-140% of a partition ceiling in its first 30 minutes',
      ...(counter ? ['a counter item takes 2,500 WCU/s on one partition from the first minute, for 15 minutes'] : []),
    ],
    models: {
      Holds: {
        capacity: { mode: 'on-demand' },
        keySpaces: [
          {
            partitions: PARTITIONS,
            cardinality: 60_000,
            read: (m) => (inSale(m) ? PEAK.read : 200),
            write: (m) => (inSale(m) ? PEAK.write : 50),
            hotKeys: counter ? [{ key: 'event#42#seats-left', partition: 3, write: (m) => (m >= ON_SALE && m < ON_SALE + 15 ? COUNTER_WCU : 0) }] : [],
            bursts,
          },
        ],
      },
    },
    ...(counter ? { incident: { target: 'Holds', description: 'a hot counter key at its partition ceiling' } } : {}),
  };
}

const template = synthOnSale();
const alarmOf = (t: CfnTemplate, name: string) => Object.values(t.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes(name))!;
/** Every alarm's moves to ALARM, as `name @minute`. */
const pagesIn = (t: CfnTemplate, scenario: Scenario<TableModel>) =>
  replayStack(t, scenario).alarms.flatMap((a) => a.changes.filter((c) => c.to === 'ALARM').map((c) => `${a.name} @${c.minute}`));
const firstPage = (t: CfnTemplate, scenario: Scenario<TableModel>) =>
  replayStack(t, scenario)
    .alarms.filter((a) => a.name.includes(PAGE))
    .flatMap((a) => a.changes.filter((c) => c.to === 'ALARM').map((c) => c.minute - ON_SALE))[0];
const profiles = { Holds: { capacity: { mode: 'on-demand' as const }, peakRead: PEAK.read, peakWrite: PEAK.write, cardinality: 60_000 } };

it('evaluates both pages of a launchAtPeak table on 3 of the last 6 minutes, and says so in their descriptions', () => {
  for (const [name, threshold] of [
    [PAGE, 60],
    [FAILED, 1],
  ] as const) {
    const { Properties } = alarmOf(template, name);
    expect([Properties?.Threshold, Properties?.DatapointsToAlarm, Properties?.EvaluationPeriods]).toEqual([threshold, 3, 6]);
    expect(Properties?.AlarmDescription).toContain('Fires on 3 of the last 6 minutes (launchAtPeak; no data: not breaching)');
  }
});

it('keeps the values given in alarmThresholds, without the launch note, and checks one given alone against the launch window', () => {
  const given = synthOnSale({ alarmThresholds: { keyRangeThrottles: { evaluationPeriods: 12, datapointsToAlarm: 4 } } });
  const { Properties } = alarmOf(given, PAGE);
  expect([Properties?.DatapointsToAlarm, Properties?.EvaluationPeriods]).toEqual([4, 12]);
  expect(Properties?.AlarmDescription).toContain('Fires on 4 of the last 12 minutes (no data: not breaching)');
  // Only the failed-requests page keeps the launch window.
  expect(alarmOf(given, FAILED).Properties?.EvaluationPeriods).toBe(6);
  expect(() => synthOnSale({ alarmThresholds: { keyRangeThrottles: { datapointsToAlarm: 7 } } })).toThrow(
    'alarmThresholds.keyRangeThrottles.datapointsToAlarm: expected an integer from 1 to evaluationPeriods (6, the default at a launch at its peak: give evaluationPeriods too), got 7',
  );
});

it("pages the on-sale's hot counter key in its 3rd throttled minute, not its 4th (4 of 12)", () => {
  const scenario = onSale(true, 1);
  expect(replayStack(template, scenario).tables.Holds.truths[0].firstKeyRangeThrottle).toBe(ON_SALE);
  expect(firstPage(template, scenario)).toBe(2);
  expect(firstPage(withAlarm(template, PAGE, { EvaluationPeriods: 12, DatapointsToAlarm: 4 }), scenario)).toBe(3);
});

it('a pre-warmed healthy on-sale (3 seeds) and healthy weeks on the same table (3 seeds) page nobody and open no ticket', () => {
  for (const seed of [1, 2, 3]) {
    expect(pagesIn(template, onSale(false, seed))).toEqual([]);
    expect(pagesIn(template, healthyWeek(profiles, seed))).toEqual([]);
  }
});

it('2 of 3 was replayed and rejected: it pages healthy weeks on this table (coincident one-second bursts)', () => {
  const twoOfThree = withAlarm(template, PAGE, { EvaluationPeriods: 3, DatapointsToAlarm: 2 });
  expect([1, 2, 3].map((seed) => pagesIn(twoOfThree, healthyWeek(profiles, seed)).length)).toEqual([0, 1, 2]);
});

describe('3 of 6 on hand-written key-range throttles (minutes from the first)', () => {
  const table = tableIdOf(template);
  const pages = (throttles: (m: number) => number) =>
    firesOn(
      template,
      PAGE,
      () => true,
      (telemetry, m) => {
        telemetry.put(dynamoMetric(table, 'WriteKeyRangeThroughputThrottleEvents'), m, single(m >= 30 ? throttles(m - 30) : 0));
        telemetry.put(dynamoMetric(table, 'ReadKeyRangeThroughputThrottleEvents'), m, single(0));
      },
    );

  it('pages a key hot every other minute (4) and in 3 minutes of 5 (2) once each, and stays in ALARM while it goes on', () => {
    expect(pages((m) => (m % 2 === 0 ? 5000 : 0))).toEqual([4]);
    expect(pages((m) => (m % 5 < 3 ? 5000 : 0))).toEqual([2]);
  });

  it('flaps on no burst every k minutes (one page at k = 2: 3 in every window of 6; none from k = 3: 2 or fewer)', () => {
    const periodic = (k: number) => pages((m) => (m < 240 && m % k === 0 ? 1000 : 0)).length;
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(periodic)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('stays quiet on 59 a minute and on a 100,000 spike every 10 minutes', () => {
    expect(pages(() => 59)).toEqual([]);
    expect(pages((m) => (m % 10 === 0 ? 100_000 : 0))).toEqual([]);
  });
});
