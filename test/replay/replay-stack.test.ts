// replayStack() on a small synthesized stack: tables bound by construct id, composite alarms over a
// GuardedTable's alarms attributed to its table and replayed, pages chosen by action target, and
// the errors a wrong binding gets.
import { App, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { GuardedTable } from '../../lib/cdk';
import { dynamoIncident, replayStack, type CfnTemplate, type DynamoTableProfile } from '../../lib/testing/replay';

process.env.CDK_VALIDATION = 'false';

function stackWithComposite(): CfnTemplate {
  const app = new App();
  const stack = new Stack(app, 'Shop');
  const page = new sns.Topic(stack, 'Page');
  const orders = new GuardedTable(stack, 'Orders', {
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 3000, peakWriteUnits: 1000 },
    pageTopic: new sns.Topic(stack, 'Ticket'),
  });
  const keyRange = orders.skewAlarms.filter((a) => a.signal === 'key-range-throttles').map((a) => a.alarm);
  const composite = new cloudwatch.CompositeAlarm(stack, 'OrdersHotPartition', { alarmRule: cloudwatch.AlarmRule.anyOf(...keyRange) });
  composite.addAlarmAction(new actions.SnsAction(page));
  return app.synth().getStackByName('Shop').template as CfnTemplate;
}

const PROFILES: Record<string, DynamoTableProfile> = { Orders: { capacity: { mode: 'on-demand' }, peakRead: 3000, peakWrite: 1000, cardinality: 1_000_000 } };
const template = stackWithComposite();

it('a composite alarm over the key-range alarms is attributed to the table and pages once when a viral key makes the read alarm fire', () => {
  const replay = replayStack(template, dynamoIncident('viral read-hot key', PROFILES, { table: 'Orders' }), { pages: (target) => target.includes('Page') });
  const orders = replay.tables.Orders;
  expect(orders.alarms.map((a) => a.type)).toContain('composite');
  // Only the composite notifies the Page topic: one page, from it.
  expect(orders.pages.map((p) => p.alarm)).toEqual([expect.stringContaining('OrdersHotPartition')]);
  const read = orders.alarms.find((a) => a.name.includes('key-range') && a.type === 'metric');
  expect(read?.changes.some((c) => c.to === 'ALARM')).toBe(true);
});

it('without a page filter every action target pages: the table alarms on its ticket topic page too', () => {
  const replay = replayStack(template, dynamoIncident('viral read-hot key', PROFILES, { table: 'Orders' }));
  expect(replay.tables.Orders.pages.length).toBeGreaterThan(1);
});

it('a scenario naming a table the template lacks is an error naming both', () => {
  expect(() => replayStack(template, dynamoIncident('viral read-hot key', { Payments: PROFILES.Orders }, { table: 'Payments' }))).toThrow(
    /models table Payments, which the template does not have \(tables: Orders\)/,
  );
});
