// replayStack() on a small synthesized stack: tables bound by construct id, composite alarms over a
// GuardedTable's alarms attributed to its table and replayed, pages chosen by action target, and
// the errors a wrong binding gets.
import { App, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
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

// Review 15 item 8: skewguard's own accessed-mode alarms on a table with a GSI read `AccessedKeysRule.<index>` of the
// table's one lookup resource (its GSIs in IndexNames); the replay binds them from the template alone.
describe('a GuardedTable in ACCESSED_AND_THROTTLED_KEYS mode with a GSI', () => {
  const app = new App({ context: { 'skewguard:lookupNonce': 'pinned' } });
  const stack = new Stack(app, 'Tickets');
  const tickets = new GuardedTable(stack, 'Tickets', {
    partitionKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 3000, peakWriteUnits: 1000 },
    globalSecondaryIndexes: [{ indexName: 'by-user', partitionKey: { name: 'userId', type: 'S', cardinality: 'unique' } }],
    contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
    pageTopic: new sns.Topic(stack, 'Page'),
    ticketTopic: new sns.Topic(stack, 'Ticket'),
  });
  const accessedTemplate = app.synth().getStackByName('Tickets').template as CfnTemplate;
  const profiles: Record<string, DynamoTableProfile> = {
    Tickets: {
      capacity: { mode: 'on-demand' },
      peakRead: 3000,
      peakWrite: 1000,
      cardinality: 1_000_000,
      indexes: [{ name: 'by-user', peakRead: 500, writeShare: 1, cardinality: 1_000_000 }],
    },
  };

  it("replays the GSI's hot-key alarm (it reads the lookup's AccessedKeysRule.by-user) from the template, with no ruleAttributes: a viral key on the index fires it", () => {
    const indexHotKey = tickets.skewAlarms.find((a) => a.signal === 'hot-key' && a.index === 'by-user');
    const metrics = JSON.stringify(Object.values(accessedTemplate.Resources ?? {}).map((r) => r.Properties?.Metrics));
    expect([indexHotKey !== undefined, metrics.includes('AccessedKeysRule.by-user')]).toEqual([true, true]);
    const replay = replayStack(accessedTemplate, dynamoIncident('viral read-hot key', profiles, { table: 'Tickets', index: 'by-user' }));
    const fired = (name: string) => replay.tables.Tickets.alarms.find((a) => a.name.endsWith(name))?.changes.some((c) => c.to === 'ALARM');
    expect([fired('Tickets/Tickets/by-user hot key approaching its ceiling'), fired('Tickets/Tickets hot key approaching its ceiling')]).toEqual([true, false]);
  });

  // misc30 item 5: a profile without `indexes` models the table alone, so no contributor of the GSI's rules is written;
  // the error said to check the rule-name mapping, which is right: the fix is the profile's `indexes` entry.
  it('a profile that leaves the GSI out: the error says to add it to the profile`s indexes, not to check the rule names', () => {
    const tableOnly: Record<string, DynamoTableProfile> = { Tickets: Object.assign({}, profiles.Tickets, { indexes: undefined }) };
    const replay = () => replayStack(accessedTemplate, dynamoIncident('viral read-hot key', tableOnly, { table: 'Tickets' }));
    expect(replay).toThrow(
      /for which the scenario wrote no contributors: it is the rule of index by-user of table Tickets, which scenario "viral read-hot key" does not model: add the index to the table's profile, indexes: \[\{ name: 'by-user', peakRead, writeShare, cardinality \}\]/,
    );
    expect(replay).not.toThrow(/check the rule-name mapping/);
  });
});
