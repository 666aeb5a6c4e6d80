import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** Orders keyed by id at `reads` and `writes` RU/s of peak on `manual` RU/s, 20% of queries by email (missing the key). */
const ordersByEmail = (reads: number, writes: number, manual: number) =>
  container({
    partitionKey: { paths: [{ path: '/orderId', cardinality: 'unique' }] },
    workload: { peakReadUnits: reads, peakWriteUnits: writes },
    throughput: { manual },
    accessPatterns: [
      { name: 'order-by-id', keyAttributes: ['/orderId'], share: 0.8 },
      { name: 'orders-by-email', keyAttributes: ['/email'], share: 0.2 },
    ],
  });

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
      // 25,000 manual RU/s: created with 5 physical partitions (one per 6,000); each crossing query checks all 5 indexes.
      name: 'on 5 physical partitions, the per-partition floor of the queries that miss the key',
      design: ordersByEmail(24_000, 6_000, 25_000),
      findings: [
        {
          messageId: 'crossingOne',
          notes: ['crossPartitionQueryFloor'],
          data: {
            crossingPatterns: ['orders-by-email'],
            crossingRu: 4_800,
            crossingPartitions: 5,
            perPartition: 2.5,
            crossingFloor: 12.5,
            crossingQueries: 384,
          },
          message:
            '`orders-by-email` (20%) does not carry the partition key: 20% of queries cross partitions, above maxCrossPartitionShare 5%; the queries of `orders-by-email` take 4,800 RU/s of the declared read peak, and each of them checks the index of all 5 physical partitions, at least about 2.5 RU each (12.5 RU a query, matching or not): the declared RU/s cover at most 384 such queries a second, and the design gives no query rate to count more, so where the application sends more, add 12.5 RU for each to peakReadUnits',
        },
      ],
    },
    {
      // 4,000 manual RU/s and no storage declared: one physical partition, not judged small (no totalGb), so SG012 fires.
      name: 'on one physical partition, no per-partition floor: a query checks one index whatever its filter',
      design: ordersByEmail(2_400, 600, 4_000),
      findings: [
        {
          messageId: 'crossingOne',
          notes: [],
          message: '`orders-by-email` (20%) does not carry the partition key: 20% of queries cross partitions, above maxCrossPartitionShare 5%',
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
