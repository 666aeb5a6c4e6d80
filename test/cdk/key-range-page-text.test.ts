/**
 * What the on-call reads on the key-range page (review ops19 items 2 and 4): its threshold ("60+ a minute", beside the
 * "Fires on 4 of the last 12 minutes" it already said; a token threshold as CloudFormation resolves it, as docs/cdk.md
 * "Tokens" says), and, where the table has a GSI, that an index's write throttles reject the table's writes too (GSI back
 * pressure). One page per table reads every key space (decision 64). On provisioned capacity it says what capacity
 * cannot do (lift one partition's ceiling) and what more partitions can (spread a hot range of keys: SG001's warm
 * throughput), where it said "more capacity will not help". Five synths.
 */
import { CfnParameter } from 'aws-cdk-lib';
import { AttributeType, Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { appWithStack, healthy, templateOf } from './support';

const BY_CUSTOMER = { indexName: 'by-customer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 1_000_000 } };

/** The key-range page's description of a table with `props` (by default with the GSI `by-customer`), `threshold` given (a token when undefined). */
function keyRangePage(threshold?: number, props: Partial<GuardedTableProps> = { globalSecondaryIndexes: [BY_CUSTOMER] }): unknown {
  const { stack } = appWithStack();
  const given = threshold ?? (new CfnParameter(stack, 'PageThrottles', { type: 'Number' }).valueAsNumber as number);
  new GuardedTable(stack, 'Orders', healthy({ ...props, ...(threshold === 60 ? {} : { alarmThresholds: { keyRangeThrottles: { threshold: given } } }) }));
  const alarms = Object.entries(templateOf(stack).findResources('AWS::CloudWatch::Alarm')).filter(([id]) => id.includes('KeyRangeThrottles'));
  expect(alarms).toHaveLength(1);
  return alarms[0][1].Properties.AlarmDescription as unknown;
}

describe('the key-range page', () => {
  const withIndex = keyRangePage(60);
  const tableOnly = keyRangePage(60, {});

  it('states its threshold beside its evaluation, for any key space', () => {
    expect(tableOnly).toMatch(
      /^\[page\] Read\+WriteKeyRangeThroughputThrottleEvents of any key space \(the table, each GSI; the alarm graphs the highest\) at 60\+ a minute: a partition is at its ceiling \(1,000 WCU\/s or 3,000 RCU\/s\), a hot key\. Fires on 4 of the last 12 minutes/,
    );
  });

  it("says, where the table has a GSI, that an index's write throttles reject the table's writes", () => {
    expect(withIndex).toContain("a hot key; an index's write throttles reject the table's writes too (back pressure). Key spaces (2)");
    expect(tableOnly).not.toMatch(/back pressure/);
    for (const text of [withIndex, tableOnly]) expect((text as string).length).toBeLessThanOrEqual(1024);
  });

  it('on provisioned capacity: capacity does not lift a partition, one hot key stays bound, a hot range spreads over more partitions (was: "more capacity will not help")', () => {
    const provisioned = keyRangePage(60, {
      billing: Billing.provisioned({ readCapacity: Capacity.fixed(2_000), writeCapacity: Capacity.autoscaled({ minCapacity: 1_000, maxCapacity: 1_000 }) }),
    });
    expect(provisioned).toContain(
      'Do: find it in Contributor Insights "most throttled keys"; shard a write-hot key, cache a read-hot one; capacity does not lift a partition\'s 1,000 WCU/3,000 RCU: one hot key stays bound, a hot range of keys spreads over more partitions (warm throughput).',
    );
    expect(provisioned).not.toMatch(/more capacity will not help/);
    expect(withIndex).toContain('no hot key: past 2× its prior peak in 30 min; ramp over 30 min or pre-warm');
  });

  it('writes a fractional threshold as every report writes its figures (fmt), never rounded to 0', () => {
    expect(keyRangePage(0.0004)).toMatch(/ at 0\.0004\+ a minute: /);
  });

  it('writes a token threshold as CloudFormation resolves it', () => {
    expect(keyRangePage(undefined)).toEqual({
      'Fn::Join': [
        '',
        [
          '[page] Read+WriteKeyRangeThroughputThrottleEvents of any key space (the table, each GSI; the alarm graphs the highest) at ',
          { Ref: 'PageThrottles' },
          expect.stringMatching(/^\+ a minute: a partition is at its ceiling .*Fires on 4 of the last 12 minutes/),
        ],
      ],
    });
  });

  // The page's math graphs the highest key space only (MAX([table, index…])) under a fixed label: its description names
  // every key space it reads and where each one's own series is, so the on-call can tell which one broke.
  it('names every key space it reads and where its own series is: the metric dimensions', () => {
    expect(withIndex).toContain(
      "a hot key; an index's write throttles reject the table's writes too (back pressure). Key spaces (2): the table, index by-customer; each has its own series by TableName and GlobalSecondaryIndexName. Fires on 4 of the last 12 minutes",
    );
    expect(tableOnly).not.toContain('Key spaces');
  });

  it("names, with a dashboard, each key space's graph there; a GSI added later too", () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(stack, 'Orders', healthy({ globalSecondaryIndexes: [BY_CUSTOMER], dashboard: true }));
    table.addGlobalSecondaryIndex({ indexName: 'by-sku', partitionKey: { name: 'sku', type: AttributeType.STRING, cardinality: 'unique' } });
    const alarms = Object.entries(templateOf(stack).findResources('AWS::CloudWatch::Alarm')).filter(([id]) => id.includes('KeyRangeThrottles'));
    expect(alarms).toHaveLength(1);
    const text = JSON.stringify(alarms[0][1].Properties.AlarmDescription);
    expect(text).toContain('Key spaces (3): the table, index by-customer, index by-sku; each has its own dashboard graph \\"Throttle events by cause (');
    expect(text).toMatch(/\[ index <name>\]\)\\"\. Fires on 4 of the last 12 minutes/);
    expect(text).toContain('Dashboard: https://console');
  });
});
