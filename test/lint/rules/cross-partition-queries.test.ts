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

/**
 * A chat container keyed /conversationId → /messageId over 88,000 GB (1,760 physical partitions, one per 50 GB), read at
 * 15,000 RU/s, whose hottest conversation takes 10% of the reads and writes (`hotKeyOperations`) and holds `largestGb`.
 */
const chat = (largestGb: number, patterns: { name: string; keyAttributes: string[]; share: number }[], hotKeyOperations: 'both' | 'writes' = 'both') =>
  container({
    name: 'messages',
    partitionKey: {
      paths: [
        { path: '/conversationId', cardinality: 50_000_000, hotKeyShare: 0.1, largestGb },
        { path: '/messageId', cardinality: 'unique' },
      ],
    },
    throughput: { autoscaleMax: 880_000 },
    workload: { peakReadUnits: 15_000, peakWriteUnits: 40_000, hotKeyOperations },
    storage: { totalGb: 88_000 },
    accessPatterns: patterns,
  });

const lastMessages = { name: 'last-50-messages', keyAttributes: ['/conversationId'], share: 1 };

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
    // 40 GB: on one physical partition, so a query by its prefix checks one index, as a targeted one does.
    { name: 'a prefix query of a first-level value on one physical partition', design: chat(40, [lastMessages]) },
    // 120 GB: 3 partitions, no more than a small container's 5 (30,000 RU/s, 100 GB), whose queries over all cost about a targeted one's.
    { name: 'a prefix query of a value spanning as few partitions as a small container has', design: chat(120, [lastMessages]) },
    // Hot by its writes only: read as every other conversation is (1/50,000,000 of the reads), so its prefix queries are not counted.
    { name: 'a prefix query of a spanning value hot by its writes only', design: chat(8_760, [lastMessages], 'writes') },
  ],
  invalid: [
    {
      // ⌈8,760 ÷ 50⌉ = 176 of the 1,760 partitions; 10% of the reads → 10% of the queries, 1,500 RU/s; 176 × 2.5 = 440 RU a
      // query, so 1,500 ÷ 440 = 3.41 a second.
      name: 'a prefix query of a first-level value spanning 176 physical partitions',
      design: chat(8_760, [lastMessages]),
      findings: [
        {
          messageId: 'prefixSpanning',
          notes: ['prefixSpanFloor'],
          fix: /^give these queries a level under `\/conversationId` they can name \(a time bucket, such as the month, before the deeper levels\)/,
          data: {
            crossPartitionShare: 0.1,
            prefixPatterns: ['last-50-messages'],
            prefixGb: 8_760,
            prefixPartitions: 176,
            prefixShare: 0.1,
            prefixRu: 1_500,
            prefixFloor: 440,
          },
          message:
            'the queries of `last-50-messages` (100%) give only the first level `/conversationId`, and its hottest value holds 8,760 GB, over 176 physical partitions (50 GB each), to all of which Azure routes a query by that prefix: 10% of queries reach them, above maxCrossPartitionShare 5%; they take 1,500 RU/s of the declared read peak, and each such query checks the index of those 176 physical partitions, at least about 2.5 RU each (440 RU a query, matching or not): the declared RU/s cover at most 3.41 such queries a second, and the design gives no query rate to count more, so where the application sends more, add 440 RU for each to peakReadUnits',
        },
      ],
    },
    {
      // 3% missing the key, under the 5% line; with 80% × 10% = 8% by the spanning value's prefix, 11% reach many partitions.
      name: 'prefix queries of a spanning value take queries missing the key past the line',
      design: chat(8_760, [
        { name: 'last-50-messages', keyAttributes: ['/conversationId'], share: 0.8 },
        { name: 'one-message', keyAttributes: ['/conversationId', '/messageId'], share: 0.17 },
        { name: 'unread-counts', keyAttributes: [], share: 0.03 },
      ]),
      findings: [
        {
          messageId: 'prefixSpanningWithCrossing',
          data: { crossPartitionShare: 0.11, prefixShare: 0.08, prefixRu: 1_200, prefixPatterns: ['last-50-messages'], patterns: ['unread-counts'] },
          message:
            /: 8% of queries reach them, and `unread-counts` \(3%\) do not carry the partition key \(3% of queries\): 11% of queries cross partitions, above maxCrossPartitionShare 5%; they take 1,200 RU\/s of the declared read peak, and each such query checks the index of those 176 physical partitions, .* \(440 RU a query, matching or not\): the declared RU\/s cover at most 2\.73 such queries a second/,
        },
      ],
    },
    {
      // 6 alike regions over 4,000 GB: 666.7 GB each, ⌈13.3⌉ = 14 of the 80 partitions; every by-region query reaches them (35 RU).
      name: 'a uniform first level whose every value spans several physical partitions',
      design: container({
        partitionKey: {
          paths: [
            { path: '/region', cardinality: 6 },
            { path: '/deviceId', cardinality: 'unique' },
          ],
        },
        throughput: { manual: 100_000 },
        workload: { peakReadUnits: 7_000, peakWriteUnits: 7_000 },
        storage: { totalGb: 4_000 },
        accessPatterns: [{ name: 'devices-of-region', keyAttributes: ['/region'], share: 1 }],
      }),
      findings: [
        {
          messageId: 'prefixSpanning',
          data: { spanOf: 'each', prefixPartitions: 14, prefixShare: 1, prefixRu: 7_000, prefixFloor: 35, prefixQueries: 200 },
          message: /each of its values holds 666\.67 GB, over 14 physical partitions \(50 GB each\)/,
        },
      ],
    },
    {
      // The chat design of the report: 20% missing the key lead; the whale conversation's prefix queries are charged beside.
      name: 'a finding led by queries missing the key charges the spanning prefix queries too',
      design: chat(8_760, [
        { name: 'last-50-messages', keyAttributes: ['/conversationId'], share: 0.8 },
        { name: 'unread-counts-of-user', keyAttributes: [], share: 0.2 },
      ]),
      findings: [
        {
          messageId: 'crossingOne',
          notes: ['crossPartitionQueryFloor', 'prefixSpanCharged'],
          data: { crossPartitionShare: 0.2, crossingPartitions: 1_760, crossingFloor: 4_400, prefixPartitions: 176, prefixFloor: 440, prefixRu: 1_200 },
          message:
            /4,400 RU for each to peakReadUnits; the queries of `last-50-messages` \(80%\) give only the first level .*: 8% of queries reach them; they take 1,200 RU\/s of the declared read peak, and each such query .* \(440 RU a query, matching or not\): the declared RU\/s cover at most 2\.73 such queries a second/,
        },
      ],
    },
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
