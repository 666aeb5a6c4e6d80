// A capacity declaration the billing mode contradicts, in each user's terms (review item: a GuardedTable on demand given
// `capacity` was told `set billing to "provisioned"`, a design file's words, where a CDK user writes
// `billing: Billing.provisioned(…)`). The core keeps the design file's words for the CLI and marks the issue with its
// code; GuardedTable words it by that code, never by matching the prose.
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import { DesignError, normalize, type DesignIssue } from '../../lib';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { CAPACITY_MODE_ISSUES } from '../../lib/internal';

process.env.CDK_VALIDATION = 'false';

function issuesOf(build: () => unknown): DesignIssue[] {
  try {
    build();
  } catch (error) {
    if (error instanceof DesignError) return [...error.issues];
    throw error;
  }
  throw new Error('expected a DesignError');
}

const guarded = (props: Record<string, unknown>) => () =>
  new GuardedTable(new Stack(new App(), 'Shop'), 'Orders', {
    partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
    workload: { peakReadUnits: 100, peakWriteUnits: 100 },
    ...props,
  } as GuardedTableProps);
const gsi = (props: Record<string, unknown>) => ({
  indexName: 'byCustomer',
  partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 'unique' },
  ...props,
});

describe('capacity the billing mode contradicts', () => {
  it('a design file (the CLI) is told in its own fields, the issue carrying its code', () => {
    const issues = issuesOf(() =>
      normalize({
        engine: 'dynamodb',
        name: 'orders',
        billing: 'on-demand',
        capacity: { read: { fixed: 200 }, write: { fixed: 200 } },
        partitionKey: { name: 'orderId', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits: 100 },
      }),
    );
    expect(issues).toEqual([
      {
        path: 'capacity',
        message: 'is provisioned capacity, but billing is "on-demand": set billing to "provisioned", or give on-demand maximums in onDemand instead',
        code: CAPACITY_MODE_ISSUES.capacityOnDemand,
      },
    ]);
  });

  it('a GuardedTable on demand given capacity is told to write billing: Billing.provisioned(…)', () => {
    const [issue] = issuesOf(guarded({ capacity: { read: { fixed: 200 }, write: { fixed: 200 } } }));
    expect(issue.path).toBe('capacity');
    expect(issue.message).toBe(
      'is provisioned capacity, but the table bills on demand (`billing` not given, or `Billing.onDemand()`): give `billing: Billing.provisioned({ readCapacity, writeCapacity })`, or on-demand maximums in `billing: Billing.onDemand({ maxReadRequestUnits, maxWriteRequestUnits })` instead',
    );
    expect(issue.message).not.toContain('set billing to');
  });

  it("a GSI's capacity on an on-demand table: the table's billing, or the index's own maximums", () => {
    const [issue] = issuesOf(guarded({ globalSecondaryIndexes: [gsi({ capacity: { read: { fixed: 200 }, write: { fixed: 200 } } })] }));
    expect(issue.path).toBe('globalSecondaryIndexes[0].capacity');
    expect(issue.message).toContain(
      'give the table `billing: Billing.provisioned({ readCapacity, writeCapacity })`, or this index on-demand maximums in its `maxReadRequestUnits` / `maxWriteRequestUnits` instead',
    );
  });

  it('on-demand maximums on a provisioned table: its capacity in Billing.provisioned, or Billing.onDemand', () => {
    const billing = Billing.provisioned({ readCapacity: Capacity.fixed(200), writeCapacity: Capacity.fixed(200) });
    const [table] = issuesOf(guarded({ billing, onDemand: { maxReadRequestUnits: 500 } }));
    expect([table.path, table.message]).toEqual([
      'onDemand',
      'are on-demand maximums, but the table is provisioned (`Billing.provisioned(…)`): give its capacity in `billing: Billing.provisioned({ readCapacity, writeCapacity })` instead, or bill on demand with `billing: Billing.onDemand({ maxReadRequestUnits, maxWriteRequestUnits })`',
    ]);
    const [index] = issuesOf(guarded({ billing, globalSecondaryIndexes: [gsi({ onDemand: { maxReadRequestUnits: 500 } })] }));
    expect(index.path).toBe('globalSecondaryIndexes[0].onDemand');
    expect(index.message).toContain('give this index its `readCapacity` / `writeCapacity` instead');
  });
});
