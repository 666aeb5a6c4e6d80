// The alarms of a THROTTLED_KEYS table (the default mode) replayed on a throttled hot key, a slow throttle that goes
// on, and healthy days. Until this release `hotKeyAlarm: true` added a ticket on the most throttled key (Contributor
// Insights' PKT rule, 60 a minute in 4 of 12): the hot-partition page's line and window, on throttles the page counts
// too, so it opened in the page's minute on every incident (one incident, two notifications). A lower line over a
// longer window (5 a minute in 30 of 60) would only move the duplicate to the sustained-throttles ticket. Now no such
// ticket is made (test/cdk/hot-key-throttled-mode.test.ts). Minutes are counted from the failure's first minute.
import { dynamoIncident, healthyWeek, replayStack, type CfnTemplate, type Telemetry } from '../../lib/testing/replay';
import { dynamoMetric, firesOn, SHAPES, withAlarm } from './support/bursts';
import { synthTickets, tableIdOf } from './support/tickets-table';

process.env.CDK_VALIDATION = 'false';

const PAGE = 'hot partition';
const SUSTAINED = 'sustained throttles';
const BEFORE = 'hot key throttled';

// The dashboard makes the rule lookup, as the hot-key ticket did.
const template = synthTickets({ dashboard: true });
const lookupId = Object.entries(template.Resources ?? {}).find(([, r]) => r.Type === 'Custom::SkewguardContributorInsightsRules')![0];
const throttledRule = `\${${lookupId}.ThrottledKeysRule}`;

/** `template` with the THROTTLED_KEYS hot-key ticket as the release before made it (its synthesized properties). */
function withTicketAsBefore(of: CfnTemplate): CfnTemplate {
  const copy = JSON.parse(JSON.stringify(of)) as CfnTemplate;
  const label = 'most throttled key, ThrottleCount per minute';
  const rule = { 'Fn::Join': ['', ["INSIGHT_RULE_METRIC('", { 'Fn::GetAtt': [lookupId, 'ThrottledKeysRule'] }, "', 'MaxContributorValue')"]] };
  copy.Resources!.TicketsAlarmsTableHotKey = {
    Type: 'AWS::CloudWatch::Alarm',
    Properties: {
      AlarmName: `skewguard ticket Test/Tickets ${BEFORE}`,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: 60,
      EvaluationPeriods: 12,
      DatapointsToAlarm: 4,
      TreatMissingData: 'notBreaching',
      Metrics: [
        { Id: 'expr_1', Expression: 'FILL(top, 0)', Label: label, ReturnData: true },
        { Id: 'top', Expression: rule, Label: label, Period: 60, ReturnData: false },
      ],
    },
  };
  return copy;
}
const before = withTicketAsBefore(template);

/** One key throttled `perMinute` times a minute (write key-range throttles), logged by the most throttled keys rule. */
const keyThrottled =
  (perMinute: number) =>
  (telemetry: Telemetry, m: number, on: boolean): void => {
    telemetry.put(dynamoMetric(tableIdOf(template), 'WriteKeyRangeThroughputThrottleEvents'), m, {
      sum: on ? perMinute : 0,
      count: 1,
      min: 0,
      max: on ? perMinute : 0,
    });
    if (on) telemetry.contribute(throttledRule, m, 'event#42', perMinute);
  };

describe('a THROTTLED_KEYS table (the Tickets table, on demand)', () => {
  it('makes no hot-key ticket: the page, the failed-requests page and the sustained-throttles ticket only', () => {
    const names = Object.values(template.Resources ?? {})
      .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
      .map((r) => String(r.Properties?.AlarmName).replace('skewguard ', ''));
    expect(names.sort()).toEqual([
      'page Test/Tickets failed requests (not a hot key)',
      'page Test/Tickets hot partition (key-range throttles)',
      'ticket Test/Tickets sustained throttles',
    ]);
  });

  it('a key pinned at 600 throttles a minute: the page in its 4th minute; before, the ticket too, in the same minute', () => {
    expect(firesOn(template, PAGE, SHAPES.steady, keyThrottled(600))).toEqual([3]);
    expect(firesOn(before, BEFORE, SHAPES.steady, keyThrottled(600))).toEqual([3]);
  });

  it('a key throttled in bursts (5,000 every other minute, or 3 minutes in 5): the ticket before opened with the page each time', () => {
    for (const shape of [SHAPES.everyOtherMinute, SHAPES.threeInFive]) {
      expect(firesOn(before, BEFORE, shape, keyThrottled(5_000))).toEqual(firesOn(template, PAGE, shape, keyThrottled(5_000)));
    }
  });

  it('20 throttles a minute for 5.5 hours, under the page: the sustained-throttles ticket in its 30th minute; the ticket before never, and at a lower line (5 in 30 of 60) with it', () => {
    expect(firesOn(template, PAGE, SHAPES.steady, keyThrottled(20))).toEqual([]);
    expect(firesOn(template, SUSTAINED, SHAPES.steady, keyThrottled(20))).toEqual([29]);
    expect(firesOn(before, BEFORE, SHAPES.steady, keyThrottled(20))).toEqual([]);
    const lower = withAlarm(before, BEFORE, { Threshold: 5, EvaluationPeriods: 60, DatapointsToAlarm: 30 });
    expect(firesOn(lower, BEFORE, SHAPES.steady, keyThrottled(20))).toEqual([29]);
  });

  const profiles = {
    Tickets: { capacity: { mode: 'on-demand' as const }, peakRead: 6000, peakWrite: 30000, cardinality: 5000, hotKey: { share: 0.25, shards: 25 } },
  };
  const alarmed = (replayed: ReturnType<typeof replayStack>, name: string) =>
    replayed.alarms.filter((a) => a.name.includes(name)).flatMap((a) => a.changes.filter((c) => c.to === 'ALARM').map((c) => c.minute));

  it('a viral read-hot key (simulated, 4,500 RCU/s on one partition for 3 hours): the page, and before the ticket, in the same minute', () => {
    const replayed = replayStack(before, dynamoIncident('viral read-hot key', profiles, { table: 'Tickets' }));
    const paged = alarmed(replayed, PAGE);
    expect(paged).toHaveLength(1);
    expect(alarmed(replayed, BEFORE)).toEqual(paged);
  });

  it('healthy days (the planned peak, bursts, the nightly batch): neither the page nor a ticket', () => {
    const replayed = replayStack(before, healthyWeek(profiles, 1, 4));
    expect([alarmed(replayed, PAGE), alarmed(replayed, SUSTAINED), alarmed(replayed, BEFORE)]).toEqual([[], [], []]);
  });
});
