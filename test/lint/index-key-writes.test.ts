/**
 * Review 5 item 2: a GSI whose key updates change is judged at 2× the table's writes. An update that changes an
 * index key attribute costs the index a delete of the old entry and a put of the new one (AWS, "Provisioned
 * throughput considerations for global secondary indexes"); with no declared share of such updates every table
 * write is assumed to be one. The reviewer's d/mut.json (mutable: true, 2,500 table WCU) got a warning, "fine
 * today, saturated when traffic grows 1.6×"; d/mut2.json, the same with the 2× declared (5,000 WCU), two errors.
 */
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { lint } from '../../lib';
import type { DynamoDbTableDesign, GlobalSecondaryIndexDesign } from '../../lib';
import { GuardedTable } from '../../lib/cdk';
import { hotKeyExceedsPartition } from '../../lib/lint/rules/hot-key-exceeds-partition';
import { lowCardinalityKey } from '../../lib/lint/rules/low-cardinality-key';
import { SOURCES } from '../../lib/lint/sources';
import { appWithStack } from '../cdk/support';
import { table } from '../fixtures';

process.env.CDK_VALIDATION = 'false';

type KeyOverrides = Partial<GlobalSecondaryIndexDesign['partitionKey']>;

/** The reviewer's orders table with its byStatus index (d/mut.json); `workload` is the index's own. */
function orders(key: KeyOverrides = {}, workload?: GlobalSecondaryIndexDesign['workload'], sortKey = 'updatedAt'): DynamoDbTableDesign {
  return table({
    name: 'orders',
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 1000, peakWriteUnits: 2500 },
    globalSecondaryIndexes: [
      {
        indexName: 'byStatus',
        partitionKey: { name: 'orderStatus', type: 'S', cardinality: 5, ...key },
        sortKey: { name: sortKey, type: 'S' },
        ...(workload ? { workload } : {}),
      },
    ],
  });
}

const verdict = (design: DynamoDbTableDesign) => lint(design).map((f) => [f.ruleId, f.severity, f.index]);

describe('a GSI whose key updates change is counted at 2× the table writes', () => {
  it("mut.json (mutable: true, no index writes) gets mut2.json's verdict (5,000 WCU declared): SG001 and SG003 errors", () => {
    const declared = verdict(orders({ mutable: true }, { peakWriteUnits: 5000 }));
    expect(declared).toEqual([
      ['SG001', 'error', 'byStatus'],
      ['SG003', 'error', 'byStatus'],
    ]);
    expect(verdict(orders({ mutable: true }))).toEqual(declared);
  });

  it('says the writes are doubled, why, which attribute, and the figure without the doubling', () => {
    const sg003 = lint(orders({ mutable: true })).find((f) => f.ruleId === 'SG003');
    expect(sg003?.message).toMatch(/1,000 WCU writes against a usable 800 WCU/);
    expect(sg003?.message).toMatch(
      /\(the index's writes counted at 5,000 WCU, 2× the table's 2,500 WCU: `orderStatus` is declared mutable, and each update that changes an index key costs the index a delete and a put; its hottest value takes 500 WCU of writes if no update changes the key: declare the index's workload\.peakWriteUnits, or mutable: false on `orderStatus`, when fewer do\)/,
    );
    const sg001 = lint(orders({ mutable: true })).find((f) => f.ruleId === 'SG001');
    expect(sg001?.message).toMatch(/index's writes counted at 5,000 WCU, 2× the table's 2,500 WCU/);
  });

  it("cites AWS's page for the delete and the put in both rules", () => {
    for (const rule of [lowCardinalityKey, hotKeyExceedsPartition]) expect(rule.sources).toContain(SOURCES.dynamoGsiThroughput);
  });

  it('infers the change from a name (a status, or an updatedAt sort key) when mutable is not declared', () => {
    const hit = lint(orders({}, undefined, 'orderId')).find((f) => f.ruleId === 'SG003');
    expect(hit?.message).toMatch(/`orderStatus` is, by its name, changed by updates/);
    const bySortKey = lint(orders({ name: 'region' }, undefined, 'updatedAt')).find((f) => f.ruleId === 'SG003');
    expect(bySortKey?.message).toMatch(/`updatedAt` is, by its name, changed by updates/);
  });

  it('stays at 1× for an immutable key: declared mutable: false, or a name updates do not change (lastName is a name, not a last-changed time)', () => {
    for (const design of [
      orders({ mutable: false }, undefined, 'createdAt'),
      orders({ name: 'region' }, undefined, 'createdAt'),
      orders({ name: 'lastName' }, undefined, 'createdAt'),
    ]) {
      const findings = lint(design);
      expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([['SG001', 'warning']]);
      expect(findings[0].message).toMatch(/its hottest value fits one \(500 of a usable 800 WCU\): fine today, saturated when traffic grows 1\.6×/);
      expect(findings[0].message).not.toMatch(/2× the table's/);
    }
  });

  it('keeps a declared index figure as declared, even with a mutable key', () => {
    expect(verdict(orders({ mutable: true }, { peakWriteUnits: 2500 }))).toEqual([['SG001', 'warning', 'byStatus']]);
  });

  it('GuardedTable (CDK) gives the same verdict for the same design', () => {
    const { stack } = appWithStack();
    const design = orders({ mutable: true });
    const guarded = new GuardedTable(stack, 'Orders', {
      partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: design.workload,
      globalSecondaryIndexes: [
        {
          indexName: 'byStatus',
          partitionKey: { name: 'orderStatus', type: AttributeType.STRING, cardinality: 5, mutable: true },
          sortKey: { name: 'updatedAt', type: AttributeType.STRING },
        },
      ],
    });
    expect(guarded.findings.map((f) => [f.ruleId, f.severity, f.index])).toEqual([
      ['SG001', 'error', 'byStatus'],
      ['SG003', 'error', 'byStatus'],
    ]);
    expect(guarded.findings.map((f) => f.message)).toEqual(lint(design).map((f) => f.message));
  });
});
