// The page alarm for throttles that are not a hot key sums only the metrics that apply to the table:
// its name, label and description say what it holds (review 4 item 10: an on-demand table without a
// maximum or systemErrorOperations has only Read/WriteAccountLimitThrottleEvents, and was described
// as "throttles and errors", "other throttles + errors/min"). Its name stays the same whatever it sums
// (API review 13: a name that listed the metrics changed with billing or systemErrorOperations, and a
// new AlarmName replaces the alarm). Real synthesis, both ways.
import { Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { appWithStack, healthy, templateOf } from './support';

process.env.CDK_VALIDATION = 'false';

interface AlarmProps {
  AlarmName: string;
  AlarmDescription: string;
  Metrics: { Label?: string; Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[];
}

/** The page alarm that reads the account-limit throttles: its metric names, label and description. */
function pageAlarm(overrides: Partial<GuardedTableProps>) {
  const { stack } = appWithStack();
  new GuardedTable(stack, 'Orders', healthy(overrides));
  const alarms = Object.values(templateOf(stack).findResources('AWS::CloudWatch::Alarm')).map((r) => r.Properties as AlarmProps);
  const page = alarms.filter(
    (p) => p.AlarmName.includes(' page ') && (p.Metrics ?? []).some((m) => m.MetricStat?.Metric.MetricName === 'ReadAccountLimitThrottleEvents'),
  );
  expect(page).toHaveLength(1);
  const metrics = page[0].Metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []));
  const label = page[0].Metrics.find((m) => m.Expression !== undefined)?.Label;
  return { metrics, label, description: page[0].AlarmDescription, name: page[0].AlarmName };
}

describe('the page alarm of throttles that are not a hot key', () => {
  it('on demand, no maximum, no systemErrorOperations: says account-limit throttles, and nothing of errors', () => {
    const a = pageAlarm({});
    expect(a.metrics).toEqual(['ReadAccountLimitThrottleEvents', 'WriteAccountLimitThrottleEvents']);
    expect(a.label).toBe('account-limit throttles/min');
    expect(a.name).toBe('skewguard page Test/Orders failed requests (not a hot key)');
    expect(a.description).toMatch(
      /^\[page\] ReadAccountLimitThrottleEvents, WriteAccountLimitThrottleEvents: requests throttled over the account's per-table throughput quota, not by a hot key\. Fires on 5 of the last 10 minutes \(no data: not breaching\)\. Do: /,
    );
    expect(`${a.label} ${a.description}`).not.toMatch(/error/i);
  });

  it('with systemErrorOperations and an on-demand maximum: says each of them', () => {
    const a = pageAlarm({ systemErrorOperations: ['GetItem'], billing: Billing.onDemand({ maxWriteRequestUnits: 500 }) });
    expect(a.metrics).toEqual([
      'ReadAccountLimitThrottleEvents',
      'WriteAccountLimitThrottleEvents',
      'WriteMaxOnDemandThroughputThrottleEvents',
      'SystemErrors',
    ]);
    expect(a.label).toBe('account-limit + on-demand-maximum throttles + system errors/min');
    // The same name as without them: turning systemErrorOperations on or setting a maximum keeps the alarm.
    expect(a.name).toBe('skewguard page Test/Orders failed requests (not a hot key)');
    expect(a.description).toContain('over the on-demand maximum set, not by a hot key; requests failing inside DynamoDB (HTTP 500).');
    expect(a.description).toContain('SystemErrors: retry, then AWS support');
  });

  it('past 10 metrics, a second alarm: the first keeps its name and the second ends in (2)', () => {
    const { stack } = appWithStack();
    const operations = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan', 'BatchGetItem', 'BatchWriteItem'];
    // 2 account-limit + 2 provisioned-capacity throttle metrics + 8 SystemErrors: 12, over the 10 one alarm sums.
    const billing = Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ maxCapacity: 1000 }) });
    new GuardedTable(stack, 'Orders', healthy({ billing, systemErrorOperations: operations as GuardedTableProps['systemErrorOperations'] }));
    const names = Object.values(templateOf(stack).findResources('AWS::CloudWatch::Alarm'))
      .map((r) => (r.Properties as AlarmProps).AlarmName)
      .filter((name) => name.includes('failed requests'));
    expect(names).toEqual(['skewguard page Test/Orders failed requests (not a hot key)', 'skewguard page Test/Orders failed requests (not a hot key) (2)']);
  });
});
