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

function atMaximumAlarms(props: Partial<GuardedTableProps>): AlarmProps[] {
  const { stack } = appWithStack();
  new GuardedTable(stack, 'Orders', healthy({ pageTopic: new sns.Topic(stack, 'Page'), ...props }));
  return Object.values(templateOf(stack).findResources('AWS::CloudWatch::Alarm'))
    .map((r) => r.Properties as AlarmProps)
    .filter((p) => p.AlarmName.includes('throttled at its auto-scaling maximum'));
}

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
