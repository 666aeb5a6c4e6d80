// Review 15 (an SRE's replay of GuardedTable's alarms), items 1, 3 and 5, replayed both ways: each alarm fires on the
// failure it names and stays quiet on normal traffic.
// 1. The accessed-mode hot-key ticket held a key alone against its partition (0.9 × 180,000 units a minute): on a
//    30,000 WCU table the key's neighbours leave it ~850 WCU/s, so the ticket came 17.8 h after throttling began.
// 5. The key-range page (4 of 5 minutes) never paged a key throttling 5,000 a minute in every other minute, or in 3
//    minutes of 5, for hours.
import { ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { dynamoIncident, healthyWeek, replayStack, single, type DynamoTableProfile, type TableReplay } from '../../lib/testing/replay';
import { dynamoMetric, firesOn, SHAPES } from './support/bursts';
import { synthTickets as synth, tableIdOf } from './support/tickets-table';

process.env.CDK_VALIDATION = 'false';

const PROFILES: Record<string, DynamoTableProfile> = {
  Tickets: { capacity: { mode: 'on-demand' }, peakRead: 6000, peakWrite: 30000, cardinality: 5000, hotKey: { share: 0.25, shards: 25 } },
};

/** The minutes at which the named alarm of Tickets went to ALARM. */
const alarmMinutes = (table: TableReplay, name: string) =>
  table.alarms.filter((a) => a.name.includes(name)).flatMap((a) => a.changes.filter((c) => c.to === 'ALARM').map((c) => c.minute));

describe('review 15 item 1: the accessed-mode hot-key ticket draws its line beside the neighbours', () => {
  const template = synth({ contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS });
  const hotKey = Object.values(template.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes('hot key approaching'))!;

  it("its threshold is the headroom × what the key's partition leaves its writes: 60 partitions (twice the peak: max(⌈12,000 ÷ 3,000⌉, ⌈60,000 ÷ 1,000⌉)), 29,700 WCU of neighbours ÷ 60 = 495 WCU/s, so 0.8 × (1,000 − 495) × 180 = 72,720 units a minute, not 162,000", () => {
    expect(hotKey.Properties?.Threshold).toBe(72_720);
    const description = String(hotKey.Properties?.AlarmDescription);
    expect(description).toContain("of the 90,900 its partition leaves its writes: 180,000 less its neighbours' planned 89,100");
    expect(description).toContain('over 60 partitions, assumed for twice the declared peak (on demand: AWS publishes no count)');
    expect(description.length).toBeLessThanOrEqual(1024);
    // Reads are left 174,060 units (3,000 − 5,940 ÷ 60 = 99 RCU/s): scaled to the write line's share, 90,900 ÷ 174,060.
    expect(JSON.stringify(hotKey.Properties?.Metrics)).toContain('MAX([readBound * 0.5222, writeBound])');
  });

  // 681 minutes before while the replay added the rate's spread and Poisson arrivals as deviations (margin34): the same
  // ticket, the key's first throttle 225 minutes later.
  it('a write-hot key growing for days gets one ticket, 906 minutes before its first key-range throttle (the old 162,000 line: 1,067 minutes after, then 10 flaps)', () => {
    const table = replayStack(template, dynamoIncident('write-hot key growing for days', PROFILES, { table: 'Tickets' })).tables.Tickets;
    const firstThrottle = table.truths.find((t) => t.index === undefined)!.firstKeyRangeThrottle!;
    const tickets = alarmMinutes(table, 'hot key approaching');
    expect(tickets.length).toBeGreaterThan(0);
    expect(tickets[0]).toBeLessThan(firstThrottle);
    expect({ ticketsBeforeThrottle: firstThrottle - tickets[0], tickets: tickets.length }).toEqual({ ticketsBeforeThrottle: 906, tickets: 1 });
  });

  it('a healthy 4 days (the planned peak with each shard at its planned share, bursts, batch) opens no hot-key ticket', () => {
    const table = replayStack(template, healthyWeek(PROFILES, 1, 4)).tables.Tickets;
    expect(alarmMinutes(table, 'hot key approaching')).toEqual([]);
  });
});

describe('review 15 item 5: the key-range page (4 of 12 since decision 74, 4 of 10 before) pages a key hot in bursts, not lone spikes', () => {
  const template = synth({});
  const tableId = tableIdOf(template);

  /** Minutes (from the first throttle) at which the table's key-range page fires, over 6 hours. */
  const pagesAfter = (writeThrottles: (minute: number) => number): number[] =>
    firesOn(template, 'hot partition (key-range throttles)', SHAPES.steady, (telemetry, m) => {
      telemetry.put(dynamoMetric(tableId, 'WriteKeyRangeThroughputThrottleEvents'), m, single(writeThrottles(m)));
      telemetry.put(dynamoMetric(tableId, 'ReadKeyRangeThroughputThrottleEvents'), m, single(0));
    });

  it('is 4 of 12 one-minute datapoints at 60 throttles or more (12, not 10, since decision 74: ddb-periodic-bursts.test.ts)', () => {
    const page = Object.values(template.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes('key-range throttles'))!;
    expect([page.Properties?.DatapointsToAlarm, page.Properties?.EvaluationPeriods, page.Properties?.Threshold]).toEqual([4, 12, 60]);
  });

  it('pages 5,000 a minute in every other minute (7 min) and in 3 minutes of 5 (5 min), once each (4 of 5 never paged them in 5 h)', () => {
    expect(pagesAfter((m) => (m >= 30 && m % 2 === 0 ? 5000 : 0))).toEqual([6]);
    expect(pagesAfter((m) => (m >= 30 && m % 5 < 3 ? 5000 : 0))).toEqual([5]);
  });

  it('pages a steady 600 a minute in its 4th minute, as 4 of 5 did', () => {
    expect(pagesAfter((m) => (m >= 30 && m < 90 ? 600 : 0))).toEqual([3]);
  });

  it('stays quiet on 59 a minute for 5.5 h and on a 100,000 spike every 10 minutes', () => {
    expect(pagesAfter((m) => (m >= 30 ? 59 : 0))).toEqual([]);
    expect(pagesAfter((m) => (m >= 30 && m % 10 === 0 ? 100_000 : 0))).toEqual([]);
  });
});
