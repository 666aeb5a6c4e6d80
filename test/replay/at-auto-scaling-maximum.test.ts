// Review 20 (an SRE on call): an auto-scaled table whose writes rose to 1.4 × its auto-scaling maximum paged 19 minutes
// after its first capacity throttle, through the failed-requests page's 20 of 40 (which waits out auto scaling catching
// a ramp). At the maximum auto scaling adds nothing: the "throttled at its auto-scaling maximum" page (5 of 10 minutes
// with provisioned-capacity throttles while consuming 90%+ of the maximum) comes 4 minutes after the first throttle of a
// rise auto scaling follows, 17 after a jump from the minimum (once auto scaling has walked up), and stays quiet on
// healthy weeks and a launch ramp from the minimum, with clients retrying throttled requests too. The alternative that
// pages a jump in 4 minutes (the load asked, consumed + throttled, at the maximum) pages those healthy ramps once
// retries count each attempt as a throttle event.
// Each incident pages once: the failed-requests page (19 minutes after the first throttle in each, before) leaves out a
// direction's provisioned throttles in the minutes this page counts it at its maximum, which this page owns
// (test/replay/at-maximum-owns-throttles.test.ts: under the maximum it pages as before).
import {
  clockOf,
  dynamoIncident,
  healthyWeek,
  Random,
  replayStack,
  simulateTable,
  Telemetry,
  type CfnTemplate,
  type DynamoIncident,
  type DynamoTableProfile,
} from '../../lib/testing/replay';
import { PROVISIONED_TABLES, provisionedTemplate, SCALED } from './support/provisioned-stack';

const pages = (target: string) => target.includes('OnCall');
const template = provisionedTemplate();
const AT_MAXIMUM = 'skewguard page Provisioned/Scaled throttled at its auto-scaling maximum';
const FAILED_REQUESTS = 'skewguard page Provisioned/Scaled failed requests (not a hot key)';

/** The profiles with the Scaled table's clients making `attempts` attempts at a throttled request, and its ordinary days
 *  at `dailyPeakShare` of the planned peak (5%: capacity at its minimum until the planned peak, a launch). */
function profiles(attempts: number, dailyPeakShare?: number): Record<string, DynamoTableProfile> {
  const scaled = PROVISIONED_TABLES.Scaled;
  if (scaled.capacity.mode !== 'provisioned') throw new Error('Scaled is provisioned');
  return { ...PROVISIONED_TABLES, Scaled: { ...scaled, dailyPeakShare, capacity: { ...scaled.capacity, attemptsPerThrottledRequest: attempts } } };
}

/** Minutes from the first capacity throttle to each page of the Scaled table's capacity alarms. */
function capacityPages(incident: DynamoIncident, cfn: CfnTemplate = template): [string, number][] {
  const table = replayStack(cfn, dynamoIncident(incident, PROVISIONED_TABLES, { table: 'Scaled' }), { pages }).tables.Scaled;
  const first = table.truths[0].firstCapacityThrottle!;
  return table.pages.filter((p) => p.alarm === AT_MAXIMUM || p.alarm === FAILED_REQUESTS).map((p) => [p.alarm, p.minute - first]);
}

const pagesOf = (cfn: CfnTemplate, week: ReturnType<typeof healthyWeek>) =>
  Object.values(replayStack(cfn, week, { pages }).tables).flatMap((t) => t.pages.map((p) => `${clockOf(p.minute)} ${p.alarm}`));

/** The rejected alternative: a minute breaches when consumed + throttled a second (the load asked) reach the maximum. */
function askedAlternative(): CfnTemplate {
  const cfn = JSON.parse(JSON.stringify(template)) as CfnTemplate;
  for (const resource of Object.values(cfn.Resources ?? {})) {
    if (resource.Properties?.AlarmName !== AT_MAXIMUM) continue;
    for (const m of resource.Properties.Metrics as { Expression?: string }[])
      m.Expression &&= m.Expression.replace(
        /FILL\((consumed\d+), 0\) \/ PERIOD\(consumed\d+\) >= 0\.9 \* (\d+)/g,
        (_, c: string, max: string) => `(FILL(${c}, 0) + FILL(throttled${c.slice('consumed'.length)}, 0)) / PERIOD(${c}) >= ${max}`,
      );
  }
  return cfn;
}

describe('at the auto-scaling maximum (writes 4,500 WCU/s, reads 13,500 RCU/s), seed 2', () => {
  it('writes rising by 1.4 × the maximum over an hour, staying: paged 4 minutes after the first throttle, once (before: the failed-requests page at 19 too)', () => {
    expect(capacityPages('growth past the auto-scaling maximum')).toEqual([[AT_MAXIMUM, 4]]);
  });

  it('writes jumping from the minimum to 1.4 × the maximum for 40 minutes: paged 17 minutes after the first throttle, once (before: the failed-requests page at 19 too)', () => {
    expect(capacityPages('surge beyond the auto-scaling maximum')).toEqual([[AT_MAXIMUM, 17]]);
  });

  it('reads the same way: a jump to 1.4 × the read maximum, paged 17 minutes after the first throttle, once (before: the failed-requests page at 19 too)', () => {
    expect(capacityPages('read surge beyond the auto-scaling maximum')).toEqual([[AT_MAXIMUM, 17]]);
  });

  it('why the jump waits: auto scaling reaches the maximum 20 minutes after the first throttle, one step of at most 1 ÷ 70% of the consumed capacity at a time (so "ProvisionedWriteCapacityUnits at the maximum" would be no sooner)', () => {
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

describe('healthy traffic: no page of either table, with clients making 1 or 3 attempts at a throttled request', () => {
  it.each([
    [1, 1],
    [2, 1],
    [1, 3],
    [2, 3],
  ])('a week, seed %i, %i attempt(s) (ordinary days, the nightly batch, the planned peak ramping to 100% in 10 minutes)', (seed, attempts) => {
    expect(pagesOf(template, healthyWeek(profiles(attempts), seed, 7))).toEqual([]);
  });

  it.each([1, 3])(
    'a launch ramp from the minimum, %i attempt(s): capacity at its 1,300 WCU minimum, then the planned peak in 10 minutes; throttled while auto scaling catches up',
    (attempts) => {
      const week = healthyWeek(profiles(attempts, 0.05), 1, 4);
      expect(replayStack(template, week, { pages }).tables.Scaled.truths[0].firstCapacityThrottle).toBeDefined();
      expect(pagesOf(template, week)).toEqual([]);
    },
  );
});

describe('the rejected alternative, the load asked (consumed + throttled a second) at the maximum', () => {
  const alternative = askedAlternative();

  it('pages the jump sooner, 4 minutes after the first throttle', () => {
    expect(capacityPages('surge beyond the auto-scaling maximum', alternative)).toEqual([[AT_MAXIMUM, 4]]);
  });

  it('but pages the launch ramp from the minimum when clients make 3 attempts at a throttled request (each an event)', () => {
    expect(pagesOf(alternative, healthyWeek(profiles(3, 0.05), 1, 4)).filter((p) => p.endsWith(AT_MAXIMUM))).toHaveLength(1);
  });
});
