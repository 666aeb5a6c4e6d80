// A CDK stack's snapshot and its skewguard verdict. The snapshot does not change when Lambda code
// or the aws-cdk-lib patch version does; the verdict is what `cdk synth` would decide.
import { App, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { GuardedTable } from '../../../lib/cdk';
import { assertStackFails, assertStackPasses, stackSnapshot } from '../../../lib/testing/cdk';

// aws-cdk-lib's built-in CloudFormation rules cost seconds per test file; `cdk synth` still runs them.
process.env.CDK_VALIDATION = 'false';

class OrdersStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps & { keyedByStatus?: boolean } = {}) {
    super(scope, id, props);
    new GuardedTable(this, 'Orders', props.keyedByStatus
      ? { partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 5 }, workload: { peakReadUnits: 20_000, peakWriteUnits: 20_000 } }
      : {
        partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
        sortKey: { name: 'lineId', type: AttributeType.STRING },
        workload: { peakReadUnits: 3_000, peakWriteUnits: 1_000 },
      });
  }
}

describe('OrdersStack', () => {
  it('synthesizes with no design error', () => {
    assertStackPasses(new OrdersStack(new App(), 'Orders'));
  });

  it('matches its snapshot', () => {
    const snapshot = stackSnapshot(new OrdersStack(new App(), 'Orders'));
    // A snapshot alone is not a test: also assert what must never change.
    expect(snapshot).toMatchObject({ Resources: expect.any(Object) });
    const table = Object.values(snapshot.Resources as Record<string, { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string }>)
      .find((r) => r.Type === 'AWS::DynamoDB::GlobalTable');
    expect(table?.Properties.KeySchema).toEqual([{ AttributeName: 'orderId', KeyType: 'HASH' }, { AttributeName: 'lineId', KeyType: 'RANGE' }]);
    expect(table?.DeletionPolicy).toBe('Retain');
    expect(snapshot).toMatchSnapshot();
  });

  it('is refused when keyed by status', () => {
    assertStackFails(new OrdersStack(new App(), 'Orders', { keyedByStatus: true }), [{ rule: 'SG001', resource: 'Orders' }]);
  });
});
