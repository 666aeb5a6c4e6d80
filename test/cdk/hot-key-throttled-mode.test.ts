/**
 * The hot-key ticket in THROTTLED_KEYS mode. Its rule counts throttled requests only ("Throttled keys mode … only
 * processing events when throttling occurs", CloudWatch Contributor Insights for DynamoDB: How it works), and every one
 * of them is a throttle the hot-partition page (60 a minute in 4 of 12) or the failed-requests page counts already, the
 * key-range ones also the sustained-throttles ticket (5 a minute in 30 of 60): made with `hotKeyAlarm: true`, the ticket
 * had the page's line and window and opened on every incident the page paged, with nothing the page did not say. It is
 * made in ACCESSED_AND_THROTTLED_KEYS mode only, where it sees a key before it throttles; asked for in THROTTLED_KEYS
 * mode, the synth is refused with the fix. The replay is test/replay/throttled-keys-alarms.test.ts.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, healthy } from './support';

process.env.CDK_VALIDATION = 'false';

interface AlarmShape {
  readonly name: string;
  readonly threshold: unknown;
  readonly window: string;
  readonly metrics: string;
}

function alarmsOf(template: Template): AlarmShape[] {
  return Object.values(template.findResources('AWS::CloudWatch::Alarm')).map(({ Properties: p }) => ({
    name: String(p.AlarmName).replace(/^skewguard (page|ticket) Test\/Jobs /, '$1: '),
    threshold: p.Threshold,
    window: `${p.DatapointsToAlarm} of ${p.EvaluationPeriods}`,
    metrics: JSON.stringify(p.Metrics),
  }));
}

describe('THROTTLED_KEYS mode (the default)', () => {
  it('makes the two pages and the sustained-throttles ticket, and no hot-key ticket: each alarm with a line or window of its own', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Jobs', healthy());
    const alarms = alarmsOf(Template.fromStack(stack));
    expect(alarms.map(({ name, threshold, window }) => [name, threshold, window])).toEqual([
      ['page: hot partition (key-range throttles)', 60, '4 of 12'],
      ['ticket: sustained throttles', 5, '30 of 60'],
      ['page: failed requests (not a hot key)', 1, '5 of 10'],
    ]);
    expect(alarms.some((a) => a.metrics.includes('INSIGHT_RULE_METRIC'))).toBe(false);
  });

  it('refuses hotKeyAlarm: true, naming the prop, why, and the mode that makes the ticket', () => {
    const { stack } = appWithStack();
    expect(() => new GuardedTable(stack, 'Jobs', healthy({ hotKeyAlarm: true }))).toThrow(
      /hotKeyAlarm: .*THROTTLED_KEYS mode.*hot-partition page.*sustained-throttles ticket.*contributorInsightsMode: ContributorInsightsMode\.ACCESSED_AND_THROTTLED_KEYS/s,
    );
    const { stack: explicit } = appWithStack();
    expect(() => new GuardedTable(explicit, 'Jobs', healthy({ contributorInsightsMode: ContributorInsightsMode.THROTTLED_KEYS, hotKeyAlarm: true }))).toThrow(
      /hotKeyAlarm/,
    );
  });

  it('takes hotKeyAlarm: false as it is (nothing to refuse)', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Jobs', healthy({ hotKeyAlarm: false }));
    expect(alarmsOf(Template.fromStack(stack))).toHaveLength(3);
  });
});

describe('ACCESSED_AND_THROTTLED_KEYS mode', () => {
  it('makes the hot-key ticket, on a metric the page does not read (the most accessed key), at a line and window of its own', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Jobs', healthy({ contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS }));
    const alarms = alarmsOf(Template.fromStack(stack));
    const page = alarms.find((a) => a.name.startsWith('page: hot partition'))!;
    const ticket = alarms.find((a) => a.name.includes('hot key'))!;
    expect(ticket.name).toBe('ticket: hot key approaching its ceiling');
    expect(ticket.metrics).toContain('AccessedKeysRule');
    expect(page.metrics).not.toContain('INSIGHT_RULE_METRIC');
    expect([ticket.window, page.window]).toEqual(['5 of 10', '4 of 12']);
    expect(ticket.threshold).not.toBe(page.threshold);
  });
});
