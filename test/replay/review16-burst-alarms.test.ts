// Review 16: every DynamoDB alarm replayed on a failure that comes in bursts (user-visible throttling in every other
// minute, or in 3 minutes of 5, for 5.5 hours) and on noise (one minute in 10; a steady trickle under the line), before
// and after. Minutes are counted from the failure's first minute; [] is never. The key-range page (4 of 12 since
// decision 74, 4 of 10 since review 15) is in review15-dynamo-alarms.test.ts; here for a GSI.
import { ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { single, type CfnTemplate, type Telemetry } from '../../lib/testing/replay';
import { dynamoMetric, firesOn, SHAPES } from './support/bursts';
import { exampleTemplate } from './support/examples';
import { provisionedTemplate } from './support/provisioned-stack';
import { synthTickets, tableIdOf } from './support/tickets-table';

process.env.CDK_VALIDATION = 'false';

type Write = (telemetry: Telemetry, minute: number, on: boolean) => void;
/** Minutes to ALARM on each shape: the two failures, then the two noises. */
const shapes = (template: CfnTemplate, alarm: string, failure: (on: boolean) => Write, noise: Write, steadyNoise: Write) => ({
  everyOtherMinute: firesOn(template, alarm, SHAPES.everyOtherMinute, failure(true)),
  threeInFive: firesOn(template, alarm, SHAPES.threeInFive, failure(true)),
  oneInTen: firesOn(template, alarm, SHAPES.oneInTen, noise),
  steadyUnder: firesOn(template, alarm, SHAPES.steady, steadyNoise),
});

// The THROTTLED_KEYS hot-key ticket replayed here (60 a minute, 4 of 12, minutes without a throttled key filled with 0)
// is no longer made: it opened in the hot-partition page's minute on every incident (throttled-keys-alarms.test.ts).

describe('the ACCESSED_AND_THROTTLED_KEYS hot-key ticket (line 72,720 units a minute): 5 of 10', () => {
  const now = synthTickets({ contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS });
  const before = synthTickets({
    contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
    alarmThresholds: { hotKey: { evaluationPeriods: 5, datapointsToAlarm: 5 } },
  });
  const alarm = 'hot key approaching';
  // The hot event's shard at its planned 300 WCU/s (54,000 units) between bursts; in a burst, at all its partition
  // leaves it (90,900 units: throttled beyond). The table's own traffic at its peak bounds neither direction.
  const load =
    (template: CfnTemplate, burst: number): Write =>
    (telemetry, m, on) => {
      const lookup = Object.entries(template.Resources ?? {}).find(([, r]) => r.Type?.startsWith('Custom::'))![0];
      telemetry.contribute(`\${${lookup}.AccessedKeysRule}`, m, 'event#42#7', on ? burst : 54_000);
      telemetry.put(dynamoMetric(tableIdOf(template), 'ConsumedWriteCapacityUnits'), m, single(30_000 * 60));
      telemetry.put(dynamoMetric(tableIdOf(template), 'ConsumedReadCapacityUnits'), m, single(6_000 * 60));
    };
  const replay = (template: CfnTemplate) => shapes(template, alarm, () => load(template, 90_900), load(template, 90_900), load(template, 72_000));

  it('before (5 of 5): never for a key at its reach every other minute or 3 minutes in 5', () => {
    expect(replay(before)).toEqual({ everyOtherMinute: [], threeInFive: [], oneInTen: [], steadyUnder: [] });
  });

  it('now: 8 and 6 minutes after the first burst; none for one minute in 10 or a key steadily just under the line (72,000)', () => {
    expect(replay(now)).toEqual({ everyOtherMinute: [8], threeInFive: [6], oneInTen: [], steadyUnder: [] });
  });

  it('a key steadily at its reach: a ticket in its 5th minute, before and now', () => {
    expect([before, now].map((t) => firesOn(t, alarm, SHAPES.steady, load(t, 90_900)))).toEqual([[4], [4]]);
  });
});

describe('the capacity page ("failed requests (not a hot key)", 1 throttle a minute)', () => {
  const capacityThrottles = (template: CfnTemplate, table: string, metricName: string, perMinute: number, index?: string): Write => {
    const id = Object.entries(template.Resources ?? {}).find(([key, r]) => r.Type === 'AWS::DynamoDB::GlobalTable' && key.startsWith(table))![0];
    return (telemetry, m, on) => telemetry.put(dynamoMetric(id, metricName, index), m, single(on ? perMinute : 0));
  };
  const replay = (template: CfnTemplate, table: string, metricName: string, index?: string) =>
    shapes(
      template,
      `${table} failed requests`,
      () => capacityThrottles(template, table, metricName, 2_000, index),
      capacityThrottles(template, table, metricName, 100_000, index),
      capacityThrottles(template, table, metricName, 0, index),
    );
  const steady = (template: CfnTemplate, table: string, metricName: string) =>
    firesOn(template, `${table} failed requests`, SHAPES.steady, capacityThrottles(template, table, metricName, 1));

  describe('on demand (account-limit throttles) and fixed provisioned capacity: 5 of 10', () => {
    const onDemand = { now: synthTickets(), before: synthTickets({ alarmThresholds: { throttlesAndErrors: { evaluationPeriods: 5, datapointsToAlarm: 5 } } }) };
    const provisioned = { now: provisionedTemplate(), before: provisionedTemplate({ throttlesAndErrors: { evaluationPeriods: 5, datapointsToAlarm: 5 } }) };

    it('before (5 of 5): never for 2,000 throttles a minute every other minute or 3 minutes in 5', () => {
      expect(replay(onDemand.before, 'Tickets', 'WriteAccountLimitThrottleEvents')).toEqual({
        everyOtherMinute: [],
        threeInFive: [],
        oneInTen: [],
        steadyUnder: [],
      });
      expect(replay(provisioned.before, 'Fixed', 'WriteProvisionedThroughputThrottleEvents')).toEqual({
        everyOtherMinute: [],
        threeInFive: [],
        oneInTen: [],
        steadyUnder: [],
      });
    });

    it('now: 8 and 6 minutes after the first throttle; none for 100,000 in one minute of 10', () => {
      const expected = { everyOtherMinute: [8], threeInFive: [6], oneInTen: [], steadyUnder: [] };
      expect(replay(onDemand.now, 'Tickets', 'WriteAccountLimitThrottleEvents')).toEqual(expected);
      expect(replay(provisioned.now, 'Fixed', 'WriteProvisionedThroughputThrottleEvents')).toEqual(expected);
    });

    it('one throttle every minute: a page in its 5th minute, before and now', () => {
      expect([onDemand.before, onDemand.now].map((t) => steady(t, 'Tickets', 'WriteAccountLimitThrottleEvents'))).toEqual([[4], [4]]);
    });
  });

  describe('auto-scaled capacity: 20 of 40', () => {
    const now = provisionedTemplate();
    const before = provisionedTemplate({ throttlesAndErrors: { evaluationPeriods: 20, datapointsToAlarm: 20 } });

    it('before (20 of 20): never for throttles every other minute or 3 minutes in 5, which auto scaling does not end', () => {
      expect(replay(before, 'Scaled', 'WriteProvisionedThroughputThrottleEvents')).toEqual({
        everyOtherMinute: [],
        threeInFive: [],
        oneInTen: [],
        steadyUnder: [],
      });
    });

    it('now: 38 and 31 minutes after the first throttle (its 20th throttled minute); none for one minute in 10', () => {
      expect(replay(now, 'Scaled', 'WriteProvisionedThroughputThrottleEvents')).toEqual({
        everyOtherMinute: [38],
        threeInFive: [31],
        oneInTen: [],
        steadyUnder: [],
      });
    });

    it('steady throttles: a page in the 20th minute, before and now (the healthy ramp of auto-scaling.test.ts stays quiet)', () => {
      expect([before, now].map((t) => steady(t, 'Scaled', 'WriteProvisionedThroughputThrottleEvents'))).toEqual([[19], [19]]);
    });
  });
});

describe('the example Documents table (on demand with maximums, two GSIs)', () => {
  const template = exampleTemplate();
  const id = Object.entries(template.Resources ?? {}).find(([key, r]) => r.Type === 'AWS::DynamoDB::GlobalTable' && key.startsWith('Documents'))![0];
  const throttles =
    (metricName: string, perMinute: number, index?: string): Write =>
    (telemetry, m, on) =>
      telemetry.put(dynamoMetric(id, metricName, index), m, single(on ? perMinute : 0));

  it('the key-range page (4 of 12), on throttles of its GSI by-folder: 6 and 5 minutes after the first throttle, none for one minute in 10 or 59 a minute', () => {
    const write = (perMinute: number) => throttles('WriteKeyRangeThroughputThrottleEvents', perMinute, 'by-folder');
    expect(shapes(template, 'Documents hot partition', () => write(5_000), write(100_000), write(59))).toEqual({
      everyOtherMinute: [6],
      threeInFive: [5],
      oneInTen: [],
      steadyUnder: [],
    });
  });

  it("its read maximum's throttles (ReadMaxOnDemandThroughputThrottleEvents), in its capacity page (5 of 10): 8 and 6 minutes, none for one minute in 10", () => {
    const read = (perMinute: number) => throttles('ReadMaxOnDemandThroughputThrottleEvents', perMinute);
    expect(shapes(template, 'Documents failed requests', () => read(2_000), read(100_000), read(0))).toEqual({
      everyOtherMinute: [8],
      threeInFive: [6],
      oneInTen: [],
      steadyUnder: [],
    });
  });
});

describe('the opt-in latency ticket (GetItem p99 at 20 ms, minutes with 100+ requests): 5 of 10', () => {
  const latencyAlarms = (evaluation: object) => ({ thresholds: { GetItem: 20 }, ...evaluation });
  const now = synthTickets({ latencyAlarms: latencyAlarms({}) });
  const before = synthTickets({ latencyAlarms: latencyAlarms({ evaluationPeriods: 5, datapointsToAlarm: 5 }) });
  // 6,000 GetItem a minute, p99 at 8 ms, or at `slow` ms in the shape's minutes.
  const p99 =
    (template: CfnTemplate, slow: number): Write =>
    (telemetry, m, on) => {
      const ms = on ? slow : 8;
      const metric = dynamoMetric(tableIdOf(template), 'SuccessfulRequestLatency');
      telemetry.put({ ...metric, dimensions: { ...metric.dimensions, Operation: 'GetItem' } }, m, {
        sum: 6_000 * 5,
        count: 6_000,
        min: 2,
        max: ms * 2,
        percentiles: { p99: ms },
      });
    };
  const replay = (template: CfnTemplate) => shapes(template, 'GetItem p99 latency', () => p99(template, 45), p99(template, 200), p99(template, 19));

  it('before (5 of 5): never for a p99 of 45 ms every other minute or 3 minutes in 5', () => {
    expect(replay(before)).toEqual({ everyOtherMinute: [], threeInFive: [], oneInTen: [], steadyUnder: [] });
  });

  it('now: 8 and 6 minutes after the first slow minute; none for 200 ms in one minute of 10 or a steady 19 ms', () => {
    expect(replay(now)).toEqual({ everyOtherMinute: [8], threeInFive: [6], oneInTen: [], steadyUnder: [] });
  });
});
