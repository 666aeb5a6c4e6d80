/**
 * GuardedTable passes each LSI's projection (`projectionType`, default `ALL` as aws-cdk-lib's `buildIndexProjection`
 * gives it, and `nonKeyAttributes`) into the design it checks: an `ALL` LSI's writes are counted on the table's write
 * peak, one that projects only its keys adds none.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, ProjectionType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { appWithStack } from './support';

function events(index: Partial<NonNullable<GuardedTableProps['localSecondaryIndexes']>[number]> = {}) {
  const { stack } = appWithStack();
  const table = new GuardedTable(stack, 'Events', {
    partitionKey: { name: 'accountId', type: AttributeType.STRING, cardinality: 1_000_000 },
    sortKey: { name: 'eventId', type: AttributeType.STRING, cardinality: 'unique' },
    workload: { peakReadUnits: 1000, peakWriteUnits: 30_000 },
    storage: { largestPartitionGb: 1 },
    localSecondaryIndexes: [{ indexName: 'by-type', sortKey: { name: 'eventType', type: AttributeType.STRING, cardinality: 50 }, ...index }],
    acknowledgements: [{ rule: 'SG017', reason: 'test: the finding is read, not deployed' }],
  });
  return { table, stack };
}

const quota = (table: GuardedTable) => table.findings.find((f) => f.ruleId === 'SG017');

describe('GuardedTable passes its LSIs` projection into the design', () => {
  it('no projectionType is what CDK deploys, ALL: the table`s 30,000 WCU count 30,000 more for the index', () => {
    const { table, stack } = events();
    expect(table.design.localSecondaryIndexes[0]?.projection.type).toBe('ALL');
    expect(JSON.stringify(Template.fromStack(stack).toJSON())).toContain('"ProjectionType":"ALL"');
    expect(quota(table)?.data?.peak).toBe(60_000);
  });

  it('KEYS_ONLY: in the design, and no LSI writes are counted', () => {
    const { table } = events({ projectionType: ProjectionType.KEYS_ONLY });
    expect(table.design.localSecondaryIndexes[0].projection).toEqual({
      type: 'KEYS_ONLY',
      nonKeyAttributes: [],
      path: 'localSecondaryIndexes[0].projectionType',
    });
    expect(quota(table)).toBeUndefined();
  });

  it('INCLUDE carries its non-key attributes', () => {
    const { table } = events({ projectionType: ProjectionType.INCLUDE, nonKeyAttributes: ['title'] });
    expect(table.design.localSecondaryIndexes[0].projection).toMatchObject({ type: 'INCLUDE', nonKeyAttributes: ['title'] });
  });
});
