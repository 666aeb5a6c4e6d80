/**
 * proj21: GuardedTable passes each GSI's projection (TableV2's `projectionType`, default `ALL`, and `nonKeyAttributes`)
 * into the design it checks, so an index that projects only its keys, counted at the table's writes, is said to be
 * counted at an upper bound (lib/lint/projection.ts), and one that projects everything is not.
 */
import { AttributeType, ProjectionType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { appWithStack } from './support';

/** The reviewer's inventory table: one item per SKU, the flash-sale SKU 60% of 3,000 WCU, a GSI on its 12 warehouses. */
function inventory(index: Partial<NonNullable<GuardedTableProps['globalSecondaryIndexes']>[number]> = {}): GuardedTable {
  const { stack } = appWithStack();
  return new GuardedTable(stack, 'Inventory', {
    partitionKey: { name: 'skuId', type: AttributeType.STRING, cardinality: 50000 },
    workload: { peakReadUnits: 6000, peakWriteUnits: 3000, hotKeyShare: 0.6 },
    invariants: [{ kind: 'conditional-write', description: 'stock >= qty on decrement' }],
    globalSecondaryIndexes: [
      {
        indexName: 'by-warehouse',
        partitionKey: { name: 'warehouseId', type: AttributeType.STRING, cardinality: 12 },
        sortKey: { name: 'skuId', type: AttributeType.STRING, cardinality: 'unique' },
        ...index,
      },
    ],
    acknowledgements: [{ rule: 'SG003', index: 'by-warehouse', reason: 'proj21 test: the finding is read, not deployed' }],
  });
}

const hotKey = (table: GuardedTable) => table.findings.find((f) => f.ruleId === 'SG003' && f.index === 'by-warehouse');

describe('GuardedTable passes its GSIs` projection into the design', () => {
  it('KEYS_ONLY: the index is in the design with it, and its hot-key finding says the table`s writes are an upper bound', () => {
    const table = inventory({ projectionType: ProjectionType.KEYS_ONLY });
    expect(table.design.globalSecondaryIndexes[0].projection).toEqual({
      type: 'KEYS_ONLY',
      nonKeyAttributes: [],
      path: 'globalSecondaryIndexes[0].projectionType',
    });
    expect(hotKey(table)?.notes).toContain('projectedOut');
    expect(hotKey(table)?.message).toMatch(/those index writes are an upper bound: its projection is `KEYS_ONLY`/);
  });

  it('INCLUDE carries its non-key attributes', () => {
    const table = inventory({ projectionType: ProjectionType.INCLUDE, nonKeyAttributes: ['productName'] });
    expect(table.design.globalSecondaryIndexes[0].projection).toMatchObject({ type: 'INCLUDE', nonKeyAttributes: ['productName'] });
  });

  it('no projectionType is TableV2`s ALL: no upper bound, and no question about the projection either', () => {
    const table = inventory();
    expect(table.design.globalSecondaryIndexes[0].projection?.type).toBe('ALL');
    expect(hotKey(table)?.notes).not.toContain('projectedOut');
    expect(hotKey(table)?.message).not.toMatch(/upper bound|if its projection leaves out/);
  });
});
