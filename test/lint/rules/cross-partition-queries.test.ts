import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

testRule('SG012', {
  valid: [
    { name: 'every query carries the key', design: table({ accessPatterns: [{ name: 'one-order', keyAttributes: ['orderId'], share: 1 }] }) },
    {
      name: 'a 5% scan',
      design: table({
        accessPatterns: [
          { name: 'one-order', keyAttributes: ['orderId'], share: 0.95 },
          { name: 'report', keyAttributes: [], share: 0.05 },
        ],
      }),
    },
    {
      name: 'Cosmos DB queries by a hierarchical prefix',
      design: container({ accessPatterns: [{ name: 'users-of-tenant', keyAttributes: ['tenantId'], share: 1 }] }),
    },
    {
      name: 'a query on a GSI that carries its key',
      design: table({
        globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 'unique' } }],
        accessPatterns: [{ name: 'orders-of-customer', index: 'by-customer', keyAttributes: ['customerId'], share: 1 }],
      }),
    },
  ],
  invalid: [
    {
      name: 'a 20% dashboard without the key',
      design: container({
        accessPatterns: [
          { name: 'users-of-tenant', keyAttributes: ['/tenantId'], share: 0.8 },
          { name: 'open-orders-dashboard', keyAttributes: ['status'], share: 0.2 },
        ],
      }),
      findings: [
        {
          messageId: 'crossingOne',
          path: 'accessPatterns',
          severity: 'warning',
          edits: false,
          data: { crossPartitionShare: 0.2, patterns: ['open-orders-dashboard'], patternShares: [0.2] },
          message: '`open-orders-dashboard` (20%) does not carry the partition key: 20% of queries cross partitions, above maxCrossPartitionShare 5%',
        },
      ],
    },
    {
      name: 'DynamoDB scans and a query missing one attribute of a multi-attribute key',
      design: table({
        globalSecondaryIndexes: [
          {
            indexName: 'by-region-tier',
            partitionKeys: [
              { name: 'region', type: 'S', cardinality: 200 },
              { name: 'tier', type: 'S', cardinality: 3 },
            ],
          },
        ],
        accessPatterns: [
          { name: 'scan', keyAttributes: [], share: 0.05 },
          { name: 'by-region', index: 'by-region-tier', keyAttributes: ['region'], share: 0.05 },
          { name: 'one', keyAttributes: ['orderId'], share: 0.9 },
        ],
      }),
      findings: [
        {
          messageId: 'crossingMany',
          data: { crossPartitionShare: 0.1, patterns: ['scan', 'by-region'] },
          message: /^`scan`, `by-region` \(5%, 5%\) do not carry the partition key/,
        },
      ],
    },
  ],
});
