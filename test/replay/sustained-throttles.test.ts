// Decision 64: 59 key-range throttles a minute, around the clock, alerted nobody (the key-range page is at 60 a minute,
// the failed-requests page at capacity-limit throttles in half the minutes, and the ticket topic had only recoveries).
// The sustained-throttles ticket (the key-range throttles of the table and its GSIs, 5+ a minute in 30 of 60) replayed
// on hand-written throttling and on healthy weeks: it opens for throttling under the pages that goes on, and stays quiet
// on a few minutes of throttles (SDK retries absorb them) and on a healthy week (its planned peak's trickle, one-second
// bursts, the nightly batch). Minutes are counted from the throttling's first minute; [] is never.
import { healthyWeek, replayStack, single, type CfnTemplate, type Telemetry } from '../../lib/testing/replay';
import { dynamoMetric, firesOn, SHAPES } from './support/bursts';
import { EXAMPLE_TABLES, exampleTemplate } from './support/examples';
import { synthTickets, tableIdOf } from './support/tickets-table';

process.env.CDK_VALIDATION = 'false';

const TICKET = 'sustained throttles';
type Write = (telemetry: Telemetry, minute: number, on: boolean) => void;

/** `perMinute` events of `metricName` (on the table, or `index`) in the minutes the shape turns on; 0 in the others. */
const throttles =
  (template: CfnTemplate, metricName: string, perMinute: number, index?: string, table = tableIdOf(template)): Write =>
  (telemetry, m, on) =>
    telemetry.put(dynamoMetric(table, metricName, index), m, single(on ? perMinute : 0));
/** Throttling on for the first `minutes` minutes only (from the first throttle), then none. */
const forMinutes = (minutes: number) => (m: number) => m < minutes;

describe('the Tickets table (review 15: on demand, no GSI)', () => {
  const template = synthTickets();
  const keyRange = (perMinute: number) => throttles(template, 'WriteKeyRangeThroughputThrottleEvents', perMinute);

  it('59 key-range throttles a minute for 5.5 hours: no page (before and now), a ticket in its 30th minute (before: nothing at all)', () => {
    expect(firesOn(template, 'hot partition', SHAPES.steady, keyRange(59))).toEqual([]);
    expect(firesOn(template, 'failed requests', SHAPES.steady, keyRange(59))).toEqual([]);
    expect(firesOn(template, TICKET, SHAPES.steady, keyRange(59))).toEqual([29]);
  });

  it('throttling under the pages in bursts (59 in every other minute, or 3 minutes in 5) opens it too; 5 a minute steadily as well', () => {
    expect(firesOn(template, TICKET, SHAPES.everyOtherMinute, keyRange(59))).toEqual([58]);
    expect(firesOn(template, TICKET, SHAPES.threeInFive, keyRange(59))).toEqual([47]);
    expect(firesOn(template, TICKET, SHAPES.steady, keyRange(5))).toEqual([29]);
  });

  it('stays quiet on a few minutes of throttles the SDK retries absorb, on a lone spike every 10 minutes and on a trickle of 4 a minute', () => {
    expect(firesOn(template, TICKET, forMinutes(3), keyRange(200))).toEqual([]);
    expect(firesOn(template, TICKET, forMinutes(20), keyRange(59))).toEqual([]);
    expect(firesOn(template, TICKET, SHAPES.oneInTen, keyRange(100_000))).toEqual([]);
    expect(firesOn(template, TICKET, SHAPES.steady, keyRange(4))).toEqual([]);
  });

  it("reads read key-range throttles too (3 reads + 3 writes a minute open it); capacity-limit throttles are the failed-requests page's, not its", () => {
    const both: Write = (telemetry, m, on) => {
      throttles(template, 'ReadKeyRangeThroughputThrottleEvents', 3)(telemetry, m, on);
      throttles(template, 'WriteKeyRangeThroughputThrottleEvents', 3)(telemetry, m, on);
    };
    expect(firesOn(template, TICKET, SHAPES.steady, both)).toEqual([29]);
    // 5 account-limit throttles a minute: the page in its 5th minute (1 a minute in 5 of 10), so no ticket is needed.
    const account = throttles(template, 'ReadAccountLimitThrottleEvents', 5);
    expect(firesOn(template, 'failed requests', SHAPES.steady, account)).toEqual([4]);
    expect(firesOn(template, TICKET, SHAPES.steady, account)).toEqual([]);
  });

  it('a healthy 4 days (its planned peak, bursts, the nightly batch) opens no ticket and pages nobody', () => {
    const profiles = {
      Tickets: { capacity: { mode: 'on-demand' as const }, peakRead: 6000, peakWrite: 30000, cardinality: 5000, hotKey: { share: 0.25, shards: 25 } },
    };
    const table = replayStack(template, healthyWeek(profiles, 1, 4)).tables.Tickets;
    expect(table.alarms.filter((a) => a.name.includes(TICKET)).flatMap((a) => a.changes.filter((c) => c.to === 'ALARM'))).toEqual([]);
  });
});

describe('the example Documents table (on demand with maximums, two GSIs)', () => {
  const template = exampleTemplate();
  const documents = Object.entries(template.Resources ?? {}).find(([key, r]) => r.Type === 'AWS::DynamoDB::GlobalTable' && key.startsWith('Documents'))![0];

  it("a GSI's 59 key-range throttles a minute: a ticket in its 30th minute, no page", () => {
    const write = throttles(template, 'WriteKeyRangeThroughputThrottleEvents', 59, 'by-folder', documents);
    expect(firesOn(template, `Documents ${TICKET}`, SHAPES.steady, write)).toEqual([29]);
    expect(firesOn(template, 'Documents hot partition', SHAPES.steady, write)).toEqual([]);
  });

  it('40 key-range throttles a minute on the table and 40 on a GSI, around the clock: each under the page, a ticket in its 30th minute', () => {
    const split: Write = (telemetry, m, on) => {
      throttles(template, 'WriteKeyRangeThroughputThrottleEvents', 40, 'by-folder', documents)(telemetry, m, on);
      throttles(template, 'ReadKeyRangeThroughputThrottleEvents', 40, undefined, documents)(telemetry, m, on);
    };
    // The page reads the highest key space (40), not their sum: each is under its line.
    expect(firesOn(template, 'Documents hot partition', SHAPES.steady, split)).toEqual([]);
    expect(firesOn(template, `Documents ${TICKET}`, SHAPES.steady, split)).toEqual([29]);
  });

  it('healthy 4 days of both example tables open no sustained-throttles ticket', () => {
    const replayed = replayStack(template, healthyWeek(EXAMPLE_TABLES, 1, 4));
    expect(replayed.alarms.filter((a) => a.name.includes(TICKET)).map((a) => [a.name, a.changes.filter((c) => c.to === 'ALARM').length])).toEqual([
      ['skewguard ticket SkewguardExample/Tickets sustained throttles', 0],
      ['skewguard ticket SkewguardExample/Documents sustained throttles', 0],
    ]);
  });
});
