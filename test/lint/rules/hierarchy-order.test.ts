import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const orderId = { name: 'orderId', type: 'S' as const, cardinality: 'unique' as const };
const level = (path: string, cardinality: number | 'unique', extra = {}) => ({ path, cardinality, ...extra });

testRule('SG004', {
  valid: [
    { name: 'tenant → user', design: container() },
    {
      name: 'tenant → device → month: time last',
      design: container({ partitionKey: { paths: [level('/tenantId', 500), level('/deviceId', 200000), level('/yyyyMM', 24)] } }),
    },
    // The declared queries give the first level: the order that serves them is the right one, whatever the cardinalities.
    {
      name: 'an order the declared queries use by prefix',
      design: container({
        partitionKey: { paths: [level('/tenantId', 200000), level('/country', 3)] },
        accessPatterns: [{ name: 'by-tenant', keyAttributes: ['/tenantId'], share: 0.9 }],
      }),
    },
    { name: 'a time bucket first (SG002 owns it)', design: container({ partitionKey: { paths: [level('/yyyyMM', 24), level('/deviceId', 200000)] } }) },
    {
      name: 'an ascending multi-attribute GSI sort key',
      design: table({
        globalSecondaryIndexes: [
          {
            indexName: 'by-place',
            partitionKey: { name: 'shopId', type: 'S', cardinality: 5000 },
            sortKeys: [
              { name: 'country', type: 'S', cardinality: 200 },
              { name: 'city', type: 'S', cardinality: 20000 },
            ],
          },
        ],
      }),
    },
    {
      name: 'a composite sort key with a time prefix (range queries)',
      design: table({
        sortKey: {
          name: 'sk',
          type: 'S',
          components: [
            { name: 'yyyyMM', cardinality: 24 },
            { name: 'country', cardinality: 200 },
            { name: 'city', cardinality: 20000 },
          ],
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'a reversed hierarchical key: tenant first',
      design: container({ partitionKey: { paths: [level('/userId', 2000000), level('/tenantId', 500)] } }),
      findings: [
        {
          messageId: 'hierarchical',
          path: 'partitionKey.paths',
          data: { orderNames: '/tenantId,/userId' },
          fix: 'order it `/tenantId` → `/userId`',
          edits: [
            {
              op: 'set',
              path: 'partitionKey.paths',
              value: [
                { path: '/tenantId', cardinality: 500 },
                { path: '/userId', cardinality: 2000000 },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'a time bucket in the middle goes last',
      design: container({ partitionKey: { paths: [level('/tenantId', 500), level('/yyyyMM', 24), level('/deviceId', 200000)] } }),
      findings: [
        {
          messageId: 'hierarchical',
          data: { orderNames: '/tenantId,/deviceId,/yyyyMM' },
          message: /with time buckets after the business levels and before a unique id/,
        },
      ],
    },
    {
      // A figure on an old prefix bounds every new prefix that contains its levels: /userId's 1% bounds (tenant, user), not /tenantId alone.
      name: 'per-level figures are carried over as the bounds they still are',
      design: container({ partitionKey: { paths: [level('/userId', 2000000, { hotKeyShare: 0.01 }), level('/tenantId', 500, { largestGb: 0.5 })] } }),
      findings: [
        {
          messageId: 'hierarchical',
          edits: [
            {
              op: 'set',
              path: 'partitionKey.paths',
              value: [
                { path: '/tenantId', cardinality: 500 },
                { path: '/userId', cardinality: 2000000, hotKeyShare: 0.01, largestGb: 0.5 },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'declared queries that a reorder would serve better',
      design: container({
        partitionKey: { paths: [level('/userId', 2000000), level('/tenantId', 500)] },
        accessPatterns: [
          { name: 'users-of-tenant', keyAttributes: ['/tenantId'], share: 0.5 },
          { name: 'one-user', keyAttributes: ['/userId', '/tenantId'], share: 0.5 },
        ],
      }),
      findings: [{ messageId: 'hierarchical' }],
    },
    {
      name: 'a multi-attribute GSI sort key, narrowest first',
      design: table({
        globalSecondaryIndexes: [
          {
            indexName: 'by-place',
            partitionKey: { name: 'shopId', type: 'S', cardinality: 5000 },
            sortKeys: [
              { name: 'city', type: 'S', cardinality: 20000 },
              { name: 'country', type: 'S', cardinality: 200 },
            ],
          },
        ],
      }),
      findings: [{ messageId: 'multiAttributeSortKey', path: 'globalSecondaryIndexes[0].sortKeys', index: 'by-place', data: { orderNames: 'country,city' } }],
    },
    {
      name: 'a composite sort key (CITY#COUNTRY), keeping its time part in place',
      design: table({
        sortKey: {
          name: 'sk',
          type: 'S',
          components: [
            { name: 'yyyy', cardinality: 5 },
            { name: 'city', cardinality: 20000 },
            { name: 'country', cardinality: 200 },
          ],
        },
      }),
      findings: [{ messageId: 'compositeSortKey', path: 'sortKey.components', data: { orderNames: 'yyyy,country,city' } }],
    },
    {
      name: 'composite sort keys of an LSI',
      design: table({
        sortKey: orderId,
        localSecondaryIndexes: [
          {
            indexName: 'by-place',
            sortKey: {
              name: 'place',
              type: 'S',
              components: [
                { name: 'city', cardinality: 20000 },
                { name: 'state', cardinality: 50 },
              ],
            },
          },
        ],
      }),
      findings: [{ messageId: 'compositeSortKey', path: 'localSecondaryIndexes[0].sortKey.components', index: 'by-place' }],
    },
  ],
});
