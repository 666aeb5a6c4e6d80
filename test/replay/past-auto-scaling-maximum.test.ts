// Review 20 (an SRE on call): an auto-scaled table whose writes rose to 1.4 × its auto-scaling maximum paged 19 minutes
// after its first capacity throttle, through the failed-requests page's 20 of 40 (which waits out auto scaling catching
// a ramp). Past the maximum auto scaling adds nothing: the "past its auto-scaling maximum" page (5 of 10 minutes in which
// consumed + throttled a second reached the maximum, with throttles) now comes 4 minutes after the first throttle, as a
// fixed table's does past its capacity, and stays quiet on healthy weeks and on a launch ramp from the minimum.
import { clockOf, dynamoIncident, healthyWeek, Random, replayStack, simulateTable, Telemetry, type DynamoIncident } from '../../lib/testing/replay';
import { PROVISIONED_TABLES, provisionedTemplate, SCALED } from './support/provisioned-stack';

const pages = (target: string) => target.includes('OnCall');
const template = provisionedTemplate();
const PAST_MAXIMUM = 'skewguard page Provisioned/Scaled past its auto-scaling maximum';
const FAILED_REQUESTS = 'skewguard page Provisioned/Scaled failed requests (not a hot key)';

/** Minutes from the first capacity throttle to each page of the table's capacity alarms. */
function capacityPages(incident: DynamoIncident): [string, number][] {
  const table = replayStack(template, dynamoIncident(incident, PROVISIONED_TABLES, { table: 'Scaled' }), { pages }).tables.Scaled;
  const first = table.truths[0].firstCapacityThrottle!;
  return table.pages.filter((p) => p.alarm === PAST_MAXIMUM || p.alarm === FAILED_REQUESTS).map((p) => [p.alarm, p.minute - first]);
}

describe('past the auto-scaling maximum (writes 4,500 WCU/s, reads 13,500 RCU/s), seed 2', () => {
  it('a jump to 1.4 × the maximum for 40 minutes: paged 4 minutes after the first throttle (before: 19, by the failed-requests page)', () => {
    expect(capacityPages('surge beyond the auto-scaling maximum')).toEqual([
      [FAILED_REQUESTS, 19],
      [PAST_MAXIMUM, 4],
    ]);
  });

  it('a rise by 1.4 × the maximum over an hour that stays: paged 4 minutes after the first throttle, once (before: 19)', () => {
    expect(capacityPages('growth past the auto-scaling maximum')).toEqual([
      [FAILED_REQUESTS, 19],
      [PAST_MAXIMUM, 4],
    ]);
  });

  it('reads the same way: a jump to 1.4 × the read maximum (13,500 RCU/s) for 40 minutes, paged 4 minutes after the first throttle (before: 19)', () => {
    expect(capacityPages('read surge beyond the auto-scaling maximum')).toEqual([
      [FAILED_REQUESTS, 19],
      [PAST_MAXIMUM, 4],
    ]);
  });

  it('why not "ProvisionedWriteCapacityUnits at the maximum": after the jump, auto scaling reaches the maximum 20 minutes after the first throttle, one step of at most 1 ÷ 70% of the consumed capacity at a time', () => {
    const surge = dynamoIncident('surge beyond the auto-scaling maximum', PROVISIONED_TABLES, { table: 'Scaled' });
    const telemetry = new Telemetry(surge.days * 24 * 60);
    const [truth] = simulateTable(surge.models.Scaled, { tableName: 'T', rules: {} }, telemetry, new Random(surge.seed));
    const provisioned = telemetry
      .series({ namespace: 'AWS/DynamoDB', metricName: 'ProvisionedWriteCapacityUnits', dimensions: { TableName: 'T' } })
      .map((p) => p?.sum ?? 0);
    const first = truth.firstCapacityThrottle!;
    expect(provisioned.findIndex((units, minute) => minute >= first && units >= SCALED.write.max) - first).toBe(20);
  });
});

describe('healthy traffic: no page of "past its auto-scaling maximum"', () => {
  it.each([1, 2])('a week, seed %i (ordinary days, the nightly batch, the planned peak ramping to 100% in 10 minutes): 0 pages of either table', (seed) => {
    const replay = replayStack(template, healthyWeek(PROVISIONED_TABLES, seed, 7), { pages });
    expect(Object.values(replay.tables).flatMap((t) => t.pages.map((p) => `${clockOf(p.minute)} ${p.alarm}`))).toEqual([]);
  });

  it('a launch ramp from the minimum (ordinary days at 5% of the planned peak, capacity at its 1,300 WCU minimum, then the planned peak in 10 minutes): throttled while auto scaling catches up, and no page', () => {
    const launch = { ...PROVISIONED_TABLES, Scaled: { ...PROVISIONED_TABLES.Scaled, dailyPeakShare: 0.05 } };
    const table = replayStack(template, healthyWeek(launch, 1, 4), { pages }).tables.Scaled;
    expect(table.truths[0].firstCapacityThrottle).toBeDefined();
    expect(table.pages.map((p) => `${clockOf(p.minute)} ${p.alarm}`)).toEqual([]);
  });
});
