// An auto-scaled table held at its write maximum (4,500 WCU/s) by a bursty load: in every 10 minutes, 4 minutes consume
// 98% of the maximum a second and are throttled (at the maximum), 2 more are throttled while consuming 67% of it (bursts
// shorter than the minute: the minute's Sum ÷ 60 stays under 90%), 4 are quiet. Throttled in 6 of every 10 minutes for 3
// hours: the failed-requests page as it summed every throttle (20 of 40) paged it; the at-maximum page (5 of 10 minutes
// at 90%+ of the maximum and throttled) sees 4 of 10 and never does, and the failed-requests page leaving those minutes
// to it sees 2 of 10. Telemetry written minute by minute and replayed through both alarms' math.
import { replayAlarms, single, Telemetry, type CfnTemplate } from '../../lib/testing/replay';
import { dynamoMetric } from './support/bursts';
import { provisionedTemplate, SCALED } from './support/provisioned-stack';
import { unmasked } from './support/unmasked';

const AT_MAXIMUM = 'skewguard page Provisioned/Scaled throttled at its auto-scaling maximum';
const FAILED_REQUESTS = 'skewguard page Provisioned/Scaled failed requests (not a hot key)';
const START = 30;
const MINUTES = 300;
/** Three hours of the pattern, then quiet. */
const PATTERN_MINUTES = 180;

/** The Scaled table's write minute `m` from the pattern's start: consumed WCU a second and provisioned-capacity throttles. */
function writesAt(m: number): { consumedPerSecond: number; throttles: number } {
  const quiet = { consumedPerSecond: 0.67 * SCALED.write.max, throttles: 0 };
  if (m < 0 || m >= PATTERN_MINUTES) return quiet;
  const phase = m % 10;
  if (phase < 4) return { consumedPerSecond: 0.98 * SCALED.write.max, throttles: 3_000 };
  if (phase === 5 || phase === 7) return { consumedPerSecond: 0.67 * SCALED.write.max, throttles: 1_200 };
  return quiet;
}

/** Minutes (from the pattern's start) at which each capacity alarm of the Scaled table went to ALARM. */
function pagesOf(template: CfnTemplate): Record<string, number[]> {
  const table = Object.keys(template.Resources ?? {}).find((id) => id.startsWith('Scaled') && template.Resources?.[id].Type === 'AWS::DynamoDB::GlobalTable');
  if (!table) throw new Error('no Scaled table');
  const telemetry = new Telemetry(MINUTES);
  for (let minute = 0; minute < MINUTES; minute++) {
    const { consumedPerSecond, throttles } = writesAt(minute - START);
    telemetry.put(dynamoMetric(table, 'ConsumedWriteCapacityUnits'), minute, single(consumedPerSecond * 60));
    telemetry.put(dynamoMetric(table, 'ConsumedReadCapacityUnits'), minute, single(0.3 * SCALED.read.max * 60));
    if (throttles > 0) telemetry.put(dynamoMetric(table, 'WriteProvisionedThroughputThrottleEvents'), minute, single(throttles));
  }
  const named = Object.entries(template.Resources ?? {}).filter(([, r]) => [AT_MAXIMUM, FAILED_REQUESTS].includes(String(r.Properties?.AlarmName)));
  expect(named).toHaveLength(2);
  return Object.fromEntries(
    replayAlarms({ Resources: Object.fromEntries(named) }, telemetry).map((r) => [
      r.name,
      r.changes.filter((c) => c.to === 'ALARM').map((c) => c.minute - START),
    ]),
  );
}

const template = provisionedTemplate();

describe('throttled at the maximum in 4 of every 10 minutes, and under 90% of it in 2 more, for 3 hours (the known gap)', () => {
  it('the failed-requests page as it summed every throttle paged it 31 minutes in (its 20th throttled minute of 40)', () => {
    expect(pagesOf(unmasked(template))).toEqual({ [AT_MAXIMUM]: [], [FAILED_REQUESTS]: [31] });
  });

  // The gap stands (docs/cdk.md says why): the failed-requests page decides minute by minute what to leave out, and no
  // condition on one minute tells these minutes from those of a table held at its maximum, which the at-maximum page
  // pages (left in, that event pages twice). Leaving out only what its 5 of 10 will count needs a count over the last 10
  // minutes: metric math ("Using metric math": IF, FILL, PERIOD, …) has no such function, and M out of N is the alarm's
  // own evaluation ("Alarm evaluation"), which another alarm's math cannot read.
  it('pages neither today: the at-maximum page sees 4 of 10 minutes (it needs 5), the failed-requests page 2 of 10 (8 of 40; it needs 20)', () => {
    expect(pagesOf(template)).toEqual({ [AT_MAXIMUM]: [], [FAILED_REQUESTS]: [] });
  });
});
