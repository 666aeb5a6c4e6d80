// Review 20: the page for an auto-scaled key space throttled at its auto-scaling maximum. Made only where capacity is
// auto-scaled (a minimum below the maximum), reading each such direction's consumed units (against 90% of its maximum)
// and provisioned-capacity throttles; fixed and on-demand capacity get none. Real synthesis.
import { AttributeType, Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { appWithStack, healthy, templateOf } from './support';

process.env.CDK_VALIDATION = 'false';

interface AlarmProps {
  AlarmName: string;
  AlarmDescription: string;
  ComparisonOperator: string;
  Threshold: number;
  EvaluationPeriods: number;
  DatapointsToAlarm: number;
  TreatMissingData: string;
  AlarmActions?: unknown[];
  OKActions?: unknown[];
  Metrics: {
    Id: string;
    Expression?: string;
    ReturnData?: boolean;
    MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string }[] }; Period: number; Stat: string };
  }[];
}

function alarmsNamed(props: Partial<GuardedTableProps>, title: string): AlarmProps[] {
  const { stack } = appWithStack();
  new GuardedTable(stack, 'Orders', healthy({ pageTopic: new sns.Topic(stack, 'Page'), ...props }));
  return Object.values(templateOf(stack).findResources('AWS::CloudWatch::Alarm'))
    .map((r) => r.Properties as AlarmProps)
    .filter((p) => p.AlarmName.includes(title));
}

const atMaximumAlarms = (props: Partial<GuardedTableProps>) => alarmsNamed(props, 'throttled at its auto-scaling maximum');
const failedRequests = (props: Partial<GuardedTableProps>) => alarmsNamed(props, 'failed requests (not a hot key)');
const expressionOf = (alarm: AlarmProps) => alarm.Metrics.find((m) => m.ReturnData !== false)?.Expression;
const metricCount = (alarm: AlarmProps) => alarm.Metrics.filter((m) => m.MetricStat !== undefined).length;

const autoscaled = (minCapacity: number, maxCapacity: number) => Capacity.autoscaled({ minCapacity, maxCapacity });

describe('throttled at its auto-scaling maximum', () => {
  it('auto-scaled writes: one page alarm on ConsumedWriteCapacityUnits and WriteProvisionedThroughputThrottleEvents (Sum, 60 s), at 90% of 2,000 WCU/s, 5 of 10, missing data not breaching', () => {
    const [alarm, ...more] = atMaximumAlarms({
      billing: Billing.provisioned({ readCapacity: Capacity.fixed(1_500), writeCapacity: autoscaled(100, 2_000) }),
    });
    expect(more).toEqual([]);
    expect([alarm.ComparisonOperator, alarm.Threshold, alarm.DatapointsToAlarm, alarm.EvaluationPeriods, alarm.TreatMissingData]).toEqual([
      'GreaterThanOrEqualToThreshold',
      1,
      5,
      10,
      'notBreaching',
    ]);
    const expression = alarm.Metrics.find((m) => m.ReturnData !== false)?.Expression;
    expect(expression).toBe('IF(FILL(throttled0, 0) > 0 AND FILL(consumed0, 0) / PERIOD(consumed0) >= 0.9 * 2000, 1, 0)');
    const stats = alarm.Metrics.flatMap((m) => (m.MetricStat ? [[m.Id, m.MetricStat.Metric.MetricName, m.MetricStat.Stat, m.MetricStat.Period]] : []));
    expect(stats).toEqual([
      ['consumed0', 'ConsumedWriteCapacityUnits', 'Sum', 60],
      ['throttled0', 'WriteProvisionedThroughputThrottleEvents', 'Sum', 60],
    ]);
    expect(alarm.AlarmName).toBe('skewguard page Test/Orders throttled at its auto-scaling maximum');
    // A page: to the page topic when it fires, and its recovery to the same topic (decision 83).
    expect([alarm.AlarmActions, alarm.OKActions]).toEqual([[{ Ref: expect.stringMatching(/^Page/) }], [{ Ref: expect.stringMatching(/^Page/) }]]);
    expect(alarm.AlarmDescription).toContain('(table writes 2,000)');
    expect(alarm.AlarmDescription).toContain('Do: raise that maximum');
    expect(alarm.AlarmDescription).toContain('This page owns those throttles: the failed-requests page leaves them out in those minutes');
    expect(alarm.AlarmDescription).toContain('https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/AutoScaling.html');
  });

  it('reads the same way, and an auto-scaled GSI: one term per auto-scaled direction, each against its own maximum', () => {
    const [alarm] = atMaximumAlarms({
      billing: Billing.provisioned({ readCapacity: autoscaled(100, 3_000), writeCapacity: autoscaled(50, 2_000) }),
      globalSecondaryIndexes: [
        {
          indexName: 'by-customer',
          partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 1_000_000 },
          readCapacity: Capacity.fixed(1_000),
          writeCapacity: autoscaled(50, 800),
        },
      ],
    });
    const expression = alarm.Metrics.find((m) => m.ReturnData !== false)?.Expression ?? '';
    expect(expression.match(/>= 0\.9 \* \d+/g)).toEqual(['>= 0.9 * 3000', '>= 0.9 * 2000', '>= 0.9 * 800']);
    const read = (id: string) => alarm.Metrics.find((m) => m.Id === id)?.MetricStat?.Metric;
    expect([read('consumed0')?.MetricName, read('throttled0')?.MetricName]).toEqual(['ConsumedReadCapacityUnits', 'ReadProvisionedThroughputThrottleEvents']);
    expect(read('consumed2')?.Dimensions.map((d) => d.Name)).toEqual(['GlobalSecondaryIndexName', 'TableName']);
  });

  it('none for fixed capacity (writes auto-scaled with minimum = maximum included), on demand, or on-demand maximums', () => {
    expect(atMaximumAlarms({ billing: Billing.provisioned({ readCapacity: Capacity.fixed(1_500), writeCapacity: autoscaled(1_000, 1_000) }) })).toEqual([]);
    expect(atMaximumAlarms({})).toEqual([]);
    expect(atMaximumAlarms({ billing: Billing.onDemand({ maxReadRequestUnits: 5_000, maxWriteRequestUnits: 1_000 }) })).toEqual([]);
  });
});

describe('the failed-requests page leaves the minutes at the maximum to the at-maximum page', () => {
  it("auto-scaled writes: their throttles read as 0 where consumed WCU/s is at 90% of 2,000, the at-maximum page's own condition; fixed reads as before", () => {
    const props = { billing: Billing.provisioned({ readCapacity: Capacity.fixed(1_500), writeCapacity: autoscaled(100, 2_000) }) };
    const [page, ...more] = failedRequests(props);
    expect(more).toEqual([]);
    expect(expressionOf(page)).toBe(
      'FILL(accountRead, 0) + FILL(accountWrite, 0) + FILL(provisionedRead0, 0) + IF(FILL(consumedWrite0, 0) / PERIOD(consumedWrite0) >= 0.9 * 2000, 0, FILL(provisionedWrite0, 0))',
    );
    // The same condition, written once: the at-maximum page breaches exactly where this page leaves the throttles out.
    const condition = /FILL\(consumed\w*, 0\) \/ PERIOD\(consumed\w*\) >= 0\.9 \* 2000/;
    expect(expressionOf(atMaximumAlarms(props)[0])).toMatch(condition);
    const consumed = page.Metrics.find((m) => m.Id === 'consumedWrite0')?.MetricStat;
    expect([consumed?.Metric.MetricName, consumed?.Stat, consumed?.Period]).toEqual(['ConsumedWriteCapacityUnits', 'Sum', 60]);
    expect(page.AlarmDescription).toContain(
      'provisioned throttles not counted while their direction consumes 90%+ of its auto-scaling maximum a second (Consumed*CapacityUnits, Sum ÷ 60: table writes 2,000): the "throttled at its auto-scaling maximum" page owns those',
    );
  });

  it('stays within the 10 metrics an alarm reads: a table and one GSI auto-scaled both ways, 10 in one; a second such GSI, 10 + 4 in two, each direction with its consumed units', () => {
    const gsi = (i: number) => ({
      indexName: `by-${i}`,
      partitionKey: { name: `k${i}`, type: AttributeType.STRING, cardinality: 1_000_000 },
      readCapacity: autoscaled(50, 3_000),
      writeCapacity: autoscaled(50, 2_000),
    });
    const billing = Billing.provisioned({ readCapacity: autoscaled(100, 3_000), writeCapacity: autoscaled(50, 2_000) });
    expect(failedRequests({ billing, globalSecondaryIndexes: [gsi(0)] }).map(metricCount)).toEqual([10]);
    const two = failedRequests({ billing, globalSecondaryIndexes: [gsi(0), gsi(1)] });
    expect(two.map(metricCount)).toEqual([10, 4]);
    expect(two.map((a) => a.AlarmName.replace(/.* failed/, 'failed'))).toEqual(['failed requests (not a hot key)', 'failed requests (not a hot key) (2)']);
    for (const alarm of two)
      for (const [, direction, i] of (expressionOf(alarm) ?? '').matchAll(/FILL\(provisioned(Read|Write)(\d)/g))
        expect(alarm.Metrics.map((m) => m.Id)).toContain(`consumed${direction}${i}`);
  });

  it('fixed capacity and on demand: no consumed units, every term as it was', () => {
    for (const billing of [
      Billing.provisioned({ readCapacity: Capacity.fixed(1_500), writeCapacity: autoscaled(1_000, 1_000) }),
      Billing.onDemand({ maxReadRequestUnits: 5_000, maxWriteRequestUnits: 1_000 }),
      undefined,
    ]) {
      const [page] = failedRequests(billing ? { billing } : {});
      expect(expressionOf(page)).not.toContain('IF(');
      expect(page.Metrics.map((m) => m.MetricStat?.Metric.MetricName ?? 'expression').filter((name) => name.startsWith('Consumed'))).toEqual([]);
    }
  });
});
