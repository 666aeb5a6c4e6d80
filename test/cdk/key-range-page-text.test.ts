/**
 * What the on-call reads on the key-range page (review ops19 items 2 and 4): its threshold ("60+ a minute", beside the
 * "Fires on 4 of the last 10 minutes" it already said; a token threshold as CloudFormation resolves it, as docs/cdk.md
 * "Tokens" says), and on an index's page that the index's write throttles reject the table's writes too (GSI back
 * pressure), which the table's page does not say. Three synths.
 */
import { CfnParameter } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, healthy, templateOf } from './support';

/** The key-range page descriptions of the table and its index `by-customer`, by logical ID. */
function keyRangePages(threshold?: number) {
  const { stack } = appWithStack();
  const given = threshold ?? (new CfnParameter(stack, 'PageThrottles', { type: 'Number' }).valueAsNumber as number);
  new GuardedTable(
    stack,
    'Orders',
    healthy({
      globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 1_000_000 } }],
      ...(threshold === 60 ? {} : { alarmThresholds: { keyRangeThrottles: { threshold: given } } }),
    }),
  );
  const alarms = Object.entries(templateOf(stack).findResources('AWS::CloudWatch::Alarm'));
  const description = (id: string) => alarms.find(([logicalId]) => logicalId.includes(id))?.[1].Properties.AlarmDescription as unknown;
  return { table: description('TableKeyRangeThrottles'), index: description('IndexbycustomerKeyRangeThrottles') };
}

describe('the key-range page', () => {
  const { table, index } = keyRangePages(60);

  it('states its threshold beside its evaluation', () => {
    expect(table).toMatch(
      /^\[page\] Read\+WriteKeyRangeThroughputThrottleEvents of the table at 60\+ a minute: a partition is at its ceiling \(1,000 WCU\/s or 3,000 RCU\/s\), a hot key\. Fires on 4 of the last 10 minutes/,
    );
    expect(index).toMatch(/^\[page\] Read\+WriteKeyRangeThroughputThrottleEvents of the index at 60\+ a minute: /);
  });

  it("says on an index's page, not the table's, that the index's write throttles reject the table's writes", () => {
    expect(index).toContain("a hot key; its write throttles reject the table's writes too (back pressure). Fires on 4 of the last 10 minutes");
    expect(table).not.toMatch(/back pressure/);
    for (const text of [table, index]) expect((text as string).length).toBeLessThanOrEqual(1024);
  });

  it('writes a fractional threshold as every report writes its figures (fmt), never rounded to 0', () => {
    expect(keyRangePages(0.0004).table).toMatch(/ of the table at 0\.0004\+ a minute: /);
  });

  it('writes a token threshold as CloudFormation resolves it', () => {
    const tokens = keyRangePages(undefined);
    expect(tokens.table).toEqual({
      'Fn::Join': [
        '',
        [
          '[page] Read+WriteKeyRangeThroughputThrottleEvents of the table at ',
          { Ref: 'PageThrottles' },
          expect.stringMatching(/^\+ a minute: a partition is at its ceiling .*Fires on 4 of the last 10 minutes/),
        ],
      ],
    });
  });
});
