// The failed-requests page of an auto-scaled table leaves a direction's provisioned-capacity throttles out of the minutes
// the at-maximum page counts that direction at its maximum (consumed units a second at 90%+ of it), the same condition
// from one text (lib/cdk/at-maximum-condition.ts), so that one capacity event at the maximum pages once
// (test/replay/at-auto-scaling-maximum.test.ts). Under the maximum nothing moves: `unmasked` is the page as it was,
// summing every throttle, and pages at the same minutes. Healthy weeks: at-auto-scaling-maximum.test.ts, auto-scaling.test.ts.
import { clockOf, dynamoIncident, healthyWeek, PLANNED_PEAK, replayStack, type CfnTemplate, type Scenario, type TableModel } from '../../lib/testing/replay';
import { PROVISIONED_TABLES, provisionedTemplate } from './support/provisioned-stack';
import { unmasked } from './support/unmasked';

const pages = (target: string) => target.includes('OnCall');
const template = provisionedTemplate();
const FAILED_REQUESTS = 'skewguard page Provisioned/Scaled failed requests (not a hot key)';
const KEY_RANGE = 'skewguard page Provisioned/Scaled hot partition (key-range throttles)';

const listed = (cfn: CfnTemplate, scenario: Scenario<TableModel>) =>
  Object.values(replayStack(cfn, scenario, { pages }).tables).flatMap((t) => t.pages.map((p) => `${clockOf(p.minute)} ${p.alarm}`));

it("the Scaled table's failed-requests page: each auto-scaled direction's throttles as 0 at 90%+ of its maximum (6 metrics); unmasked sums them as before (4)", () => {
  const expressions = (cfn: CfnTemplate) =>
    Object.values(cfn.Resources ?? {})
      .filter((r) => r.Properties?.AlarmName === FAILED_REQUESTS)
      .map((r) => r.Properties?.Metrics as { Expression?: string }[])
      .map((metrics) => [metrics.flatMap((m) => (m.Expression ? [m.Expression] : [])), metrics.filter((m) => !m.Expression).length]);
  expect(expressions(template)).toEqual([
    [
      [
        'FILL(accountRead, 0) + FILL(accountWrite, 0) + IF(FILL(consumedRead0, 0) / PERIOD(consumedRead0) >= 0.9 * 13500, 0, FILL(provisionedRead0, 0)) + ' +
          'IF(FILL(consumedWrite0, 0) / PERIOD(consumedWrite0) >= 0.9 * 4500, 0, FILL(provisionedWrite0, 0))',
      ],
      6,
    ],
  ]);
  // The unused consumed metrics stay in `unmasked`: the sum reads only its own ids.
  expect(expressions(unmasked(template))[0][0]).toEqual([
    'FILL(accountRead, 0) + FILL(accountWrite, 0) + FILL(provisionedRead0, 0) + FILL(provisionedWrite0, 0)',
  ]);
});

describe('under the maximum (seed 2, the Scaled table at 30% of its planned peak): the same pages as before', () => {
  it.each([
    ['warm keys on one partition', 'd1 15:03'],
    ['write-hot key growing for days', 'd1 13:53'],
    ['viral read-hot key', 'd1 15:17'],
  ] as const)('a hot partition, %s: its key-range page at %s, as before (its throttles are key-range, never on the failed-requests page)', (incident, at) => {
    const scenario = dynamoIncident(incident, PROVISIONED_TABLES, { table: 'Scaled' });
    expect(listed(template, scenario)).toEqual([`${at} ${KEY_RANGE}`]);
    expect(listed(unmasked(template), scenario)).toEqual([`${at} ${KEY_RANGE}`]);
  });
});

describe('auto scaling not keeping up under the maximum (healthy 4 days, seed 1; the planned peak of 9,000 RCU/s and 3,000 WCU/s is 67% of either maximum)', () => {
  const slow = (scalingDelayMinutes: number) => {
    const capacity = { ...PROVISIONED_TABLES.Scaled.capacity, scalingDelayMinutes };
    return healthyWeek({ ...PROVISIONED_TABLES, Scaled: { ...PROVISIONED_TABLES.Scaled, capacity } }, 1, 4);
  };

  it.each([20, 30])('%i minutes from trigger to new capacity: the failed-requests page at 19:29 of the planned peak, the minute it paged before', (delay) => {
    const week = slow(delay);
    const at = `${clockOf(PLANNED_PEAK.start + 29)} ${FAILED_REQUESTS}`;
    expect(listed(template, week)).toEqual([at]);
    expect(listed(unmasked(template), week)).toEqual([at]);
  });
});
