// The default alarms of provisioned GuardedTables replayed with auto scaling modelled: an auto-scaled
// table (minimum for ordinary days, maximum for the planned peak) and a fixed one, over a healthy
// week whose planned peak ramps from 30% to 100% in 10 minutes, and over a surge beyond each one's
// limit. The capacity page of an auto-scaled table waits 20 of 20 minutes: 5 of 5 (the default of
// other tables, kept here as `before`) pages on the healthy ramp while auto scaling catches up.
import { clockOf, dynamoIncident, healthyWeek, MINUTES_PER_DAY, PLANNED_PEAK, replayStack, type CfnTemplate, type TableReplay } from '../../lib/testing/replay';
import { PROVISIONED_TABLES, provisionedTemplate } from './support/provisioned-stack';
import { firstPageAfter } from './support/summary';

const pages = (target: string) => target.includes('OnCall');
const CAPACITY_PAGE = (table: string) => `skewguard page Provisioned/${table} failed requests (not a hot key)`;
const now = provisionedTemplate();
const before = provisionedTemplate({ throttlesAndErrors: { evaluationPeriods: 5, datapointsToAlarm: 5 } });
const listed = (t: TableReplay) => t.pages.map((p) => `${clockOf(p.minute)} ${p.alarm}`);
const evaluation = (template: CfnTemplate, table: string) => {
  const alarm = Object.values(template.Resources ?? {}).find((r) => r.Properties?.AlarmName === CAPACITY_PAGE(table));
  return `${alarm?.Properties?.DatapointsToAlarm} of ${alarm?.Properties?.EvaluationPeriods}`;
};

it('the capacity page of the auto-scaled table evaluates 20 of 40 minutes; the fixed table (writes auto-scaled with minimum = maximum) 5 of 10, as on-demand tables', () => {
  expect([evaluation(now, 'Scaled'), evaluation(now, 'Fixed'), evaluation(before, 'Scaled')]).toEqual(['20 of 40', '5 of 10', '5 of 5']);
});

describe('healthy traffic (4 days, seed 1): the planned peak ramps from 30% to 100% in 10 minutes on day 3 19:00', () => {
  const week = healthyWeek(PROVISIONED_TABLES, 1, 4);
  const replays = { now: replayStack(now, week, { pages }), before: replayStack(before, week, { pages }) };

  it('before (5 of 5): the auto-scaled table pages once, at the planned peak (19:15), while auto scaling catches the ramp; the fixed table stays quiet', () => {
    expect(listed(replays.before.tables.Scaled)).toEqual([`${clockOf(PLANNED_PEAK.start + 15)} ${CAPACITY_PAGE('Scaled')}`]);
    expect(listed(replays.before.tables.Fixed)).toEqual([]);
  });

  it('now (20 of 20): 0 pages in 4 days for either table, though the auto-scaled one throttled at its planned peak', () => {
    expect([listed(replays.now.tables.Scaled), listed(replays.now.tables.Fixed)]).toEqual([[], []]);
    expect(replays.now.tables.Scaled.truths[0].firstCapacityThrottle).toBeGreaterThanOrEqual(PLANNED_PEAK.start);
  });

  it('the conclusion against the assumed reaction of auto scaling (4 days): 5 of 5 pages at 10 minutes from trigger to new capacity (as at the 5 assumed above), quiet at 2; 20 of 20 stays quiet at both', () => {
    const pagesAt = (template: CfnTemplate, scalingDelayMinutes: number) => {
      const capacity = { ...PROVISIONED_TABLES.Scaled.capacity, scalingDelayMinutes };
      const replay = replayStack(template, healthyWeek({ ...PROVISIONED_TABLES, Scaled: { ...PROVISIONED_TABLES.Scaled, capacity } }, 1, 4), { pages });
      return replay.tables.Scaled.pages.length;
    };
    const delays = [2, 10];
    expect([delays.map((d) => pagesAt(before, d)), delays.map((d) => pagesAt(now, d))]).toEqual([
      [0, 1],
      [0, 0],
    ]);
  });
});

describe('incidents (seed 2): writes surge to 1.4 × the limit for 40 minutes from day 1 15:00', () => {
  // The replay gives the table the partitions the core counts: 5 for its 13,500 RCU and 4,500 WCU maximum (max(4.5, 4.5),
  // rounded up; the retired sum gave 9), so the surge's 6,300 WCU are 1,260 a partition, over the 1,000 ceiling: its
  // partitions throttle too, and the key-range page comes first (16 minutes), then the capacity page.
  it('beyond the auto scaling maximum: the at-maximum page 17 minutes after the first throttle, once auto scaling reaches the maximum (test/replay/at-auto-scaling-maximum.test.ts), and a key-range page; the failed-requests page leaves the minutes at the maximum to it (before 20 of 40: at 19, in its 20th throttled minute; 5 of 5: at 4, in the 5th)', () => {
    const surge = dynamoIncident('surge beyond the auto-scaling maximum', PROVISIONED_TABLES, { table: 'Scaled' });
    const minutes = (template: CfnTemplate) => {
      const table = replayStack(template, surge, { pages }).tables.Scaled;
      return table.pages.map((p) => [p.minute - table.truths[0].firstCapacityThrottle!, p.alarm]);
    };
    expect(minutes(now)).toEqual([
      [16, 'skewguard page Provisioned/Scaled hot partition (key-range throttles)'],
      [17, 'skewguard page Provisioned/Scaled throttled at its auto-scaling maximum'],
    ]);
    expect(minutes(before)).toEqual([
      [16, 'skewguard page Provisioned/Scaled hot partition (key-range throttles)'],
      [4, CAPACITY_PAGE('Scaled')],
      [17, 'skewguard page Provisioned/Scaled throttled at its auto-scaling maximum'],
    ]);
  });

  it('beyond a fixed provisioned capacity: the capacity page 4 minutes after the first provisioned throttle, as before', () => {
    const surge = dynamoIncident('surge beyond the provisioned capacity', PROVISIONED_TABLES, { table: 'Fixed' });
    const table = replayStack(now, surge, { pages }).tables.Fixed;
    const start = MINUTES_PER_DAY + 15 * 60;
    const first = table.truths[0].firstCapacityThrottle!;
    expect(
      firstPageAfter(
        table.pages.filter((p) => p.alarm === CAPACITY_PAGE('Fixed')),
        start,
      )! - first,
    ).toBe(4);
    // Burst credit admits the surge for its first minutes: its partitions throttle first (key range).
    expect(table.pages.map((p) => [p.minute - start, p.alarm])).toEqual([
      [3, 'skewguard page Provisioned/Fixed hot partition (key-range throttles)'],
      [first + 4 - start, CAPACITY_PAGE('Fixed')],
    ]);
  });
});

it('each surge names the table that lacks its limit: no auto-scaled writes on Fixed, no fixed writes on Scaled', () => {
  expect(() => dynamoIncident('surge beyond the auto-scaling maximum', PROVISIONED_TABLES, { table: 'Fixed' })).toThrow(
    'target.table: table Fixed has no auto-scaled write capacity',
  );
  expect(() => dynamoIncident('surge beyond the provisioned capacity', PROVISIONED_TABLES, { table: 'Scaled' })).toThrow(
    'target.table: table Scaled has no fixed provisioned write capacity',
  );
});
