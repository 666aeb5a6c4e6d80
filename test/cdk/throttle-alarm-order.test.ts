// The synthesized template lists a table's key-range pages before its sustained-throttle tickets, on a table of more
// than 5 key spaces too (two alarms of each): TableThrottleAlarms.add makes every page, then every ticket. Snapshots
// compare objects, whose keys they sort, so only this test sees the order of the template's bytes.
import type { App } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, healthy } from './support';

const gsi = (i: number) => ({ indexName: `by-${i}`, partitionKey: { name: `k${i}`, type: AttributeType.STRING, cardinality: 1_000_000 } });

/** The throttle alarms' logical IDs in the order the synthesized template lists them. */
function throttleAlarmOrder(app: App): string[] {
  const resources = Object.keys(app.synth().getStackByName('Test').template.Resources as object);
  return resources.filter((id) => /KeyRangeThrottles|SustainedThrottles/.test(id));
}

it('lists every key-range page, then every sustained-throttle ticket, with 7 key spaces and a GSI added later', () => {
  const { app, stack } = appWithStack();
  const table = new GuardedTable(stack, 'Orders', healthy({ globalSecondaryIndexes: [0, 1, 2, 3, 4, 5].map(gsi) }));
  table.addGlobalSecondaryIndex(gsi(6));
  expect(throttleAlarmOrder(app)).toEqual([
    'OrdersAlarmsTableKeyRangeThrottles202E9E63',
    'OrdersAlarmsTableKeyRangeThrottles28D9F2CAA',
    'OrdersAlarmsSustainedThrottles3C5EAC45',
    'OrdersAlarmsSustainedThrottles27FA55980',
  ]);
});
