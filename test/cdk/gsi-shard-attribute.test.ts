/**
 * A GuardedTable built from the design lint's fix gives keys its write-hot GSI by the separate shard
 * attribute the fix names (`orderStatusShard`), not by `orderStatus`, which other readers keep using.
 */
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { applyDesignEdits, lint, type DynamoDbTableDesign } from '../../lib';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { appWithStack, templateOf } from './support';

const flawed: DynamoDbTableDesign = {
  engine: 'dynamodb',
  name: 'orders',
  partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 20000, peakWriteUnits: 8000 },
  // Pre-warmed for its peak: only its index key is wrong (SG017 would warn about a new table's launch).
  warmThroughput: { readUnitsPerSecond: 20000, writeUnitsPerSecond: 8000 },
  globalSecondaryIndexes: [
    {
      indexName: 'by-status',
      partitionKey: { name: 'orderStatus', type: 'S', cardinality: 6 },
      sortKey: { name: 'updatedAt', type: 'S' },
      workload: { hotKeyShare: 0.5 },
    },
  ],
  accessPatterns: [
    { name: 'get-order', keyAttributes: ['orderId'], share: 0.8 },
    // Its result size declared: without it the fix cannot count the shards' Queries and writes no sharding.
    { name: 'orders-in-status', index: 'by-status', keyAttributes: ['orderStatus'], share: 0.2, resultKb: 400 },
  ],
};

/** The GuardedTable props of a table design: the same fields, less what the construct derives. */
function propsOf(design: DynamoDbTableDesign): GuardedTableProps {
  const { engine: _engine, name: _name, ...props } = design;
  return props as unknown as GuardedTableProps;
}

describe('GuardedTable built from the fixed design of a write-hot GSI', () => {
  const edits = lint(flawed).find((f) => f.ruleId === 'SG003')?.edits ?? [];
  const fixed = applyDesignEdits(flawed, edits);
  const { stack } = appWithStack();
  const table = new GuardedTable(stack, 'Orders', propsOf(fixed));
  const resources = templateOf(stack).findResources('AWS::DynamoDB::GlobalTable');
  const [properties] = Object.values(resources).map((r) => r.Properties as Record<string, unknown>);

  it('has no findings', () => {
    expect(AttributeType.STRING).toBe('S'); // the design's types are TableV2's
    expect(table.findings).toEqual([]);
  });

  it('keys a new index, by-status-v2, by the shard attribute, a string, and defines no orderStatus attribute', () => {
    expect(properties.GlobalSecondaryIndexes).toEqual([
      expect.objectContaining({
        // Not by-status re-keyed: CloudFormation refuses to change an index's KeySchema in place.
        IndexName: 'by-status-v2',
        KeySchema: [
          { AttributeName: 'orderStatusShard', KeyType: 'HASH' },
          { AttributeName: 'updatedAt', KeyType: 'RANGE' },
        ],
      }),
    ]);
    const definitions = properties.AttributeDefinitions as { AttributeName: string; AttributeType: string }[];
    expect(definitions).toContainEqual({ AttributeName: 'orderStatusShard', AttributeType: 'S' });
    expect(definitions.map((d) => d.AttributeName)).not.toContain('orderStatus');
  });
});
