// The ticket alarm for throttles that are not a hot key reads Read/WriteMaxOnDemandThroughputThrottleEvents
// only for the maximums the table really has. TableV2 renders the write maximum on the table
// (WriteOnDemandThroughputSettings) and the read maximum on each replica
// (Replicas[].ReadOnDemandThroughputSettings, AWS::DynamoDB::GlobalTable ReplicaSpecification), so
// both places are read. Real synthesis of a GuardedTable, both ways.
import { Billing } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, healthy, templateOf } from './support';

process.env.CDK_VALIDATION = 'false';

/** The metric names the ticket alarm's expression reads, and where the template puts each maximum. */
function synthesized(billing: Billing) {
  const { stack } = appWithStack();
  new GuardedTable(stack, 'Orders', healthy({ billing }));
  const template = templateOf(stack);
  const [table] = Object.values(template.findResources('AWS::DynamoDB::GlobalTable')).map((r) => r.Properties as Record<string, unknown>);
  const ticket = Object.values(template.findResources('AWS::CloudWatch::Alarm'))
    .map((r) => r.Properties as { AlarmName: string; Metrics?: { MetricStat?: { Metric: { MetricName: string } } }[] })
    .filter((p) => p.AlarmName.includes('failed requests (not a hot key)'));
  expect(ticket).toHaveLength(1);
  return {
    metrics: (ticket[0].Metrics ?? []).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])).sort(),
    tableRead: table.ReadOnDemandThroughputSettings,
    replicaRead: (table.Replicas as Record<string, unknown>[])[0].ReadOnDemandThroughputSettings,
    tableWrite: table.WriteOnDemandThroughputSettings,
  };
}

describe('the on-demand maximum throttles the ticket alarm reads', () => {
  it('a read maximum alone (rendered on the replica, not the table): ReadMaxOnDemandThroughputThrottleEvents, no write one', () => {
    const t = synthesized(Billing.onDemand({ maxReadRequestUnits: 5_000 }));
    expect([t.tableRead, t.replicaRead, t.tableWrite]).toEqual([undefined, { MaxReadRequestUnits: 5_000 }, undefined]);
    expect(t.metrics).toEqual(['ReadAccountLimitThrottleEvents', 'ReadMaxOnDemandThroughputThrottleEvents', 'WriteAccountLimitThrottleEvents']);
  });

  it('a write maximum alone (rendered on the table): WriteMaxOnDemandThroughputThrottleEvents, no read one', () => {
    const t = synthesized(Billing.onDemand({ maxWriteRequestUnits: 500 }));
    expect([t.replicaRead, t.tableWrite]).toEqual([undefined, { MaxWriteRequestUnits: 500 }]);
    expect(t.metrics).toEqual(['ReadAccountLimitThrottleEvents', 'WriteAccountLimitThrottleEvents', 'WriteMaxOnDemandThroughputThrottleEvents']);
  });

  it('both maximums: both metrics; no maximum: neither (an alarm on a throttle cause the table cannot have is never made)', () => {
    expect(synthesized(Billing.onDemand({ maxReadRequestUnits: 5_000, maxWriteRequestUnits: 500 })).metrics).toEqual([
      'ReadAccountLimitThrottleEvents',
      'ReadMaxOnDemandThroughputThrottleEvents',
      'WriteAccountLimitThrottleEvents',
      'WriteMaxOnDemandThroughputThrottleEvents',
    ]);
    expect(synthesized(Billing.onDemand()).metrics).toEqual(['ReadAccountLimitThrottleEvents', 'WriteAccountLimitThrottleEvents']);
  });
});
