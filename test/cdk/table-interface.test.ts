/**
 * GuardedTable as an `ITableV2`: it goes wherever a TableV2 goes, its grants and metrics are the
 * table's, and becoming one changed no logical ID.
 */
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sns from 'aws-cdk-lib/aws-sns';
import { AttributeType, Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, healthy } from './support';

/** A stack with a GuardedTable of every part (GSI, alarms, hot-key lookup, dashboard, composite) and a role granted on it. */
function fullStack() {
  const { stack } = appWithStack();
  const table = new GuardedTable(stack, 'Orders', {
    ...healthy({ sortKey: { name: 'lineId', type: AttributeType.NUMBER, cardinality: 50 } }),
    billing: Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ maxCapacity: 2000 }) }),
    globalSecondaryIndexes: [
      {
        indexName: 'by-customer',
        partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 1_000_000 },
        writeCapacity: Capacity.autoscaled({ maxCapacity: 2000 }),
        readCapacity: Capacity.fixed(2000),
      },
    ],
    pageTopic: new sns.Topic(stack, 'Page'),
    hotKeyAlarm: true,
    compositeAlarm: true,
    dashboard: true,
  });
  const role = new iam.Role(stack, 'Handler', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  return { stack, table, role };
}

describe('GuardedTable logical IDs', () => {
  it('are those of 0.1: becoming an ITableV2 added and renamed no resource', () => {
    const { stack, table, role } = fullStack();
    table.table.grantReadWriteData(role);
    expect(Object.keys(Template.fromStack(stack).toJSON().Resources).sort()).toMatchInlineSnapshot(`
     [
       "Handler886CB40B",
       "HandlerDefaultPolicy8235E7F8",
       "OrdersA9B65338",
       "OrdersAlarmsIndexbycustomerHotKey8CBDCBF3",
       "OrdersAlarmsIndexbycustomerKeyRangeThrottlesC8C4BA84",
       "OrdersAlarmsTableHotKey6F35DB1F",
       "OrdersAlarmsTableKeyRangeThrottles202E9E63",
       "OrdersAlarmsThrottlesAndErrors95E3EE3F",
       "OrdersContributorInsightsRules9CB2EF53",
       "OrdersPageCompositeDC738B4A",
       "PageA98A310E",
       "SkewguardContributorInsightsLookupFunction1C00CFFB",
       "SkewguardContributorInsightsLookupLogsCE45090F",
       "SkewguardContributorInsightsLookupRoleCDFCD81A",
       "SkewguardContributorInsightsLookupRoleDefaultPolicy6C42E395",
       "SkewguardDashboardC7C0E3BC",
     ]
    `);
  });
});
