// Decision 74: the key-range page must not flap on periodic bursts. A reviewer replayed 1,000 key-range throttles in
// every 3rd minute for 4 hours: at 4 of the last 10 one-minute datapoints, 77 pages and 77 recoveries, since a window of
// 10 minutes holds 4 bursts or 3 by where it falls, and an M-of-N alarm goes back to OK at the first evaluation with
// fewer than M breaching ("Alarm evaluation", CloudWatch User Guide; the replay's state machine does exactly that:
// cloudwatch-evaluator.test.ts, "no hysteresis"). At 4 of 12 every window holds 4 bursts every 3rd minute (one page, in
// ALARM while it goes on) and at most 3 for a burst every 4th minute or rarer (no page, as before), in every phase. The
// sustained key, the short burst, the lone spike and the trickle keep their verdicts (review15-dynamo-alarms.test.ts,
// targets-cdk.test.ts for healthy weeks). Minutes are counted from the first burst.
import { replayAlarms, single, Telemetry, type CfnTemplate } from '../../lib/testing/replay';
import { dynamoMetric, withAlarm } from './support/bursts';
import { synthTickets, tableIdOf } from './support/tickets-table';

process.env.CDK_VALIDATION = 'false';

const PAGE = 'hot partition (key-range throttles)';
const TICKET = 'sustained throttles';
const START = 30;
/** Five hours: 30 quiet minutes, the pattern (4 hours at most), and time to recover. */
const MINUTES = 300;
const FOUR_HOURS = 240;

interface Verdict {
  readonly pages: number;
  readonly recoveries: number;
  /** Minute of the first page, from the first burst; absent when nothing pages. */
  readonly first?: number;
  /** Minute of the last recovery, from the first burst. */
  readonly recovered?: number;
}

/** The named alarm of `template` replayed over write key-range throttles of `perMinute(m)` (m from the first burst). */
function replay(template: CfnTemplate, alarm: string, perMinute: (m: number) => number): Verdict {
  const table = tableIdOf(template);
  const telemetry = new Telemetry(MINUTES);
  for (let m = 0; m < MINUTES; m++) {
    telemetry.put(dynamoMetric(table, 'WriteKeyRangeThroughputThrottleEvents'), m, single(m >= START ? perMinute(m - START) : 0));
    telemetry.put(dynamoMetric(table, 'ReadKeyRangeThroughputThrottleEvents'), m, single(0));
  }
  const named = Object.entries(template.Resources ?? {}).filter(([, r]) => String(r.Properties?.AlarmName).includes(alarm));
  expect(named).toHaveLength(1);
  const [replayed] = replayAlarms({ Resources: Object.fromEntries(named) }, telemetry);
  const pages = replayed.changes.filter((c) => c.to === 'ALARM').map((c) => c.minute - START);
  const recoveries = replayed.changes.filter((c) => c.from === 'ALARM' && c.to === 'OK').map((c) => c.minute - START);
  return {
    pages: pages.length,
    recoveries: recoveries.length,
    ...(pages.length > 0 ? { first: pages[0] } : {}),
    ...(recoveries.length > 0 ? { recovered: recoveries[recoveries.length - 1] } : {}),
  };
}

/** 1,000 throttles in one minute of every `k`, for 4 hours, the first burst `phase` minutes in. */
const burstEvery =
  (k: number, phase = 0) =>
  (m: number) =>
    m >= phase && m < FOUR_HOURS && (m - phase) % k === 0 ? 1000 : 0;

describe('the key-range page on periodic bursts (decision 74)', () => {
  const now = synthTickets();
  // The page as the earlier release made it: 4 of the last 10.
  const before = withAlarm(now, PAGE, { EvaluationPeriods: 10 });

  it('is 4 of 12 one-minute datapoints (Period 60) at 60 or more of the key space read + write; its AlarmName and logical ID unchanged, so it updates in place', () => {
    const [id, page] = Object.entries(now.Resources ?? {}).find(([, r]) => String(r.Properties?.AlarmName).includes(PAGE))!;
    // The logical ID of 0.1's page (the construct path is unchanged): CloudFormation updates the alarm in place.
    expect(id).toBe('TicketsAlarmsTableKeyRangeThrottlesE8F2F15A');
    expect(page.Properties).toMatchObject({
      AlarmName: 'skewguard page Test/Tickets hot partition (key-range throttles)',
      Threshold: 60,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 12,
      DatapointsToAlarm: 4,
      TreatMissingData: 'notBreaching',
    });
    const metrics = page.Properties?.Metrics as { Expression?: string; MetricStat?: { Period: number; Stat: string; Metric: { MetricName: string } } }[];
    expect(metrics.find((m) => m.Expression)?.Expression).toBe('FILL(r0, 0) + FILL(w0, 0)');
    expect(metrics.filter((m) => m.MetricStat).map((m) => [m.MetricStat!.Metric.MetricName, m.MetricStat!.Period, m.MetricStat!.Stat])).toEqual([
      ['ReadKeyRangeThroughputThrottleEvents', 60, 'Sum'],
      ['WriteKeyRangeThroughputThrottleEvents', 60, 'Sum'],
    ]);
    expect(String(page.Properties?.AlarmDescription)).toContain('at 60+ a minute');
    expect(String(page.Properties?.AlarmDescription)).toContain('Fires on 4 of the last 12 minutes');
  });

  it("1,000 throttles every 3rd minute for 4 hours: one page and one recovery (before: 77 of each, the reviewer's replay)", () => {
    expect(replay(before, PAGE, burstEvery(3))).toMatchObject({ pages: 77, recoveries: 77, first: 9 });
    expect(replay(now, PAGE, burstEvery(3))).toEqual({ pages: 1, recoveries: 1, first: 9, recovered: 240 });
  });

  it('its limit: a burst every 3rd minute is exactly 4 of 12, so one burst skipped (or under 60) sends it to OK and back once', () => {
    const skipped = (m: number) => (m === 120 ? 0 : burstEvery(3)(m));
    expect(replay(now, PAGE, skipped)).toEqual({ pages: 2, recoveries: 2, first: 9, recovered: 240 });
    expect(replay(before, PAGE, skipped).pages).toBe(73);
  });

  it('in every phase of its minute, bursts every 2nd or 3rd minute page once; every 4th to 10th never, and nothing flaps', () => {
    const table = (template: CfnTemplate) =>
      Object.fromEntries([2, 3, 4, 5, 6, 7, 8, 9, 10].map((k) => [k, [0, 1, 2].map((phase) => replay(template, PAGE, burstEvery(k, phase)))]));
    const once = (first: number, recovered: number) => ({ pages: 1, recoveries: 1, first, recovered });
    const none = { pages: 0, recoveries: 0 };
    const quiet = [none, none, none];
    expect(table(now)).toEqual({
      2: [once(6, 244), once(7, 245), once(8, 244)],
      3: [once(9, 240), once(10, 241), once(11, 242)],
      4: quiet,
      5: quiet,
      6: quiet,
      7: quiet,
      8: quiet,
      9: quiet,
      10: quiet,
    });
    // Before, the same bursts every 3rd minute paged 77 times in each phase; every other pattern as now, but sooner back.
    const previously = table(before);
    expect(previously[3].map((v) => v.pages)).toEqual([77, 77, 77]);
    expect(previously[2]).toEqual([once(6, 242), once(7, 243), once(8, 242)]);
    for (const k of [4, 5, 6, 7, 8, 9, 10]) expect(previously[k]).toEqual(quiet);
  });

  it('keeps the other verdicts: a sustained key pages in its 4th minute; 3 minutes of 200 in any phase, 59 a minute and a 100,000 spike in 10 never', () => {
    const verdicts = (template: CfnTemplate) => ({
      sustained600: replay(template, PAGE, (m) => (m < 60 ? 600 : 0)),
      shortBurst: [0, 1, 2].map((phase) => replay(template, PAGE, (m) => (m >= phase && m < phase + 3 ? 200 : 0)).pages),
      trickle59: replay(template, PAGE, () => 59).pages,
      spikeInTen: replay(template, PAGE, (m) => (m % 10 === 0 ? 100_000 : 0)).pages,
    });
    const none = [0, 0, 0];
    // The recovery comes 2 minutes later: 9 quiet minutes leave 3 of the last 12 (7 left 3 of 10).
    expect(verdicts(before)).toEqual({ sustained600: { pages: 1, recoveries: 1, first: 3, recovered: 66 }, shortBurst: none, trickle59: 0, spikeInTen: 0 });
    expect(verdicts(now)).toEqual({ sustained600: { pages: 1, recoveries: 1, first: 3, recovered: 68 }, shortBurst: none, trickle59: 0, spikeInTen: 0 });
  });

  it('the sustained-throttles ticket (5+ a minute in 30 of 60, unchanged) flaps on none of them: every other minute opens it once, rarer bursts never', () => {
    const ticket = (k: number) => replay(now, TICKET, burstEvery(k));
    expect([2, 3, 4, 6, 10].map(ticket)).toEqual([
      { pages: 1, recoveries: 1, first: 58, recovered: 240 },
      { pages: 0, recoveries: 0 },
      { pages: 0, recoveries: 0 },
      { pages: 0, recoveries: 0 },
      { pages: 0, recoveries: 0 },
    ]);
  });
});
