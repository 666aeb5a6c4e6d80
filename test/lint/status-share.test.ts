/**
 * A GSI keyed by a status (or a type, a region, `isActive`) with no declared `hotKeyShare` was judged at the uniform
 * share, 1/cardinality, and said nothing of it: "fine today" for five statuses at 20% each, where most orders sit in
 * one status. AWS's example of a GSI hot partition is this one ("Understanding global secondary index (GSI) write
 * throttling and back pressure"). SG001 now says the share is uniform only for want of a declaration, and which
 * field declares it: the index's own workload, in a design file and in GuardedTable's props alike.
 */
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { lint } from '../../lib';
import type { DynamoDbTableDesign, GlobalSecondaryIndexDesign } from '../../lib';
import { GuardedTable } from '../../lib/cdk';
import { lowCardinalityKey } from '../../lib/lint/rules/low-cardinality-key';
import { SOURCES } from '../../lib/lint/sources';
import { appWithStack } from '../cdk/support';
import { table } from '../fixtures';

process.env.CDK_VALIDATION = 'false';

/** Orders keyed by id, with one index keyed by `indexKey` (five values; its writes declared, so no 2× note). */
function orders(indexKey: string, workload: GlobalSecondaryIndexDesign['workload'] = { peakWriteUnits: 500 }): DynamoDbTableDesign {
  return table({
    name: 'orders',
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 500, peakWriteUnits: 500 },
    globalSecondaryIndexes: [
      { indexName: 'byKey', partitionKey: { name: indexKey, type: 'S', cardinality: 5 }, sortKey: { name: 'createdAt', type: 'S' }, workload },
    ],
  });
}

const sg001 = (design: DynamoDbTableDesign) => lint(design).filter((f) => f.ruleId === 'SG001');
const NOTE = /; each value counted at the uniform share \(20%\), but `(\w+)` is named like a status, type or region/;

describe('SG001 on a status-like GSI key judged at the uniform share', () => {
  it.each(['status', 'state', 'type', 'isActive'])('names the index field that declares the hottest share of `%s`', (name) => {
    const [finding] = sg001(orders(name));
    expect(finding.index).toBe('byKey');
    expect(finding.message).toMatch(NOTE);
    expect(finding.message).toContain(
      "(most orders sit in one status, most users in one country): declare the hottest value's share of the index's traffic as `globalSecondaryIndexes[0].workload.hotKeyShare`",
    );
  });

  it('says nothing once the index declares its share, or for a key not named like a few-valued field', () => {
    for (const design of [orders('status', { peakWriteUnits: 500, hotKeyShare: 0.6 }), orders('carrier')]) {
      const findings = sg001(design);
      expect(findings).toHaveLength(1);
      expect(findings[0].message).not.toMatch(NOTE);
    }
  });

  it('cites AWS on the GSI keyed by status', () => {
    expect(lowCardinalityKey.sources).toContain(SOURCES.dynamoGsiThrottling);
  });

  it("tells a GuardedTable's user the same prop", () => {
    const { stack } = appWithStack();
    const guarded = new GuardedTable(stack, 'Orders', {
      partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: { peakReadUnits: 500, peakWriteUnits: 500 },
      globalSecondaryIndexes: [
        {
          indexName: 'byKey',
          partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 5 },
          sortKey: { name: 'createdAt', type: AttributeType.STRING },
          workload: { peakWriteUnits: 500 },
        },
      ],
    });
    const [finding] = guarded.findings.filter((f) => f.ruleId === 'SG001');
    expect(finding.message).toContain('as `globalSecondaryIndexes[0].workload.hotKeyShare`');
  });
});
