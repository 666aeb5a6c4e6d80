/**
 * Findings an expert reads as they are meant (a README-only review of the CLI): each fix text names the
 * user's attributes and follows from the plan's numbers and edits, no finding contradicts another, and
 * `data` carries clean numbers.
 */
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign } from '../../lib';
import { container, table } from '../fixtures';
import { testRule } from '../support/rule-tester';

/**
 * Shipments with a GSI on their status (three values) that carries every table write. `hotKeyShare`: the index's
 * declared hottest share; on the uniform 1/3 alone SG003 defers to SG001 (the few values are the cause).
 */
function shipments(peakWriteUnits: number, sortKey?: { name: string; type: 'S'; cardinality: 'unique' }, hotKeyShare?: number): DynamoDbTableDesign {
  return table({
    name: 'shipments',
    partitionKey: { name: 'shipmentId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 1000, peakWriteUnits },
    globalSecondaryIndexes: [
      {
        indexName: 'by-status',
        partitionKey: { name: 'shipmentStatus', type: 'S', cardinality: 3 },
        ...(sortKey ? { sortKey } : {}),
        ...(hotKeyShare ? { workload: { hotKeyShare } } : {}),
      },
    ],
  });
}

/** A Cosmos DB key of 1,000 users whose hottest takes half of `reads` and `writes` RU/s, with or without a declared query. */
function users(reads: number, writes: number, withPattern: boolean): CosmosContainerDesign {
  return container({
    name: 'feeds',
    partitionKey: { paths: [{ path: '/userId', cardinality: 1000 }] },
    workload: { peakReadUnits: reads, peakWriteUnits: writes, hotKeyShare: 0.5 },
    ...(withPattern ? { accessPatterns: [{ name: 'feed-of-user', keyAttributes: ['userId'], share: 1 }] } : {}),
  });
}

/** Tenants under an already bucketed first level (`tenantId` + "-" + hash(userId) mod 3): its hottest bucket takes 20%. */
function bucketedTenants(components?: CosmosContainerDesign['partitionKey']['paths'][number]['components']): CosmosContainerDesign {
  return container({
    name: 'tenant-docs',
    partitionKey: {
      paths: [
        { path: '/tenantIdBucket', cardinality: 15, hotKeyShare: 0.2, largestGb: 14, ...(components ? { components } : {}) },
        { path: '/userId', cardinality: 200_000 },
        { path: '/docId', cardinality: 'unique' },
      ],
    },
    throughput: { autoscaleMax: 70_000 },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 30_000 },
  });
}

testRule('SG003', {
  valid: [
    { name: 'the status GSI at a load one partition serves', design: shipments(500) },
    // Over on the uniform 1/3 alone: SG001 reports it, with the same fix (one finding, one fix).
    { name: 'a write-hot status GSI on its uniform share (SG001 reports it)', design: shipments(5000) },
    {
      // The fix below applied: 30 buckets (N counts the neighbours each bucket's partition holds, as for a flat key).
      name: 'the bucketed first level raised to 30 buckets',
      design: {
        ...bucketedTenants(),
        partitionKey: {
          paths: [
            {
              path: '/tenantIdBucket',
              cardinality: 150,
              hotKeyShare: 0.02,
              components: [
                { name: 'tenantId', cardinality: 5 },
                { name: 'bucket', cardinality: 30 },
              ],
            },
            { path: '/userId', cardinality: 200_000 },
            { path: '/docId', cardinality: 'unique' },
          ],
        },
      },
    },
  ],
  invalid: [
    {
      // The index key is an attribute the application reads (a status): its shards go in a separate key attribute.
      name: 'a write-hot status GSI without a sort key: a separate shard attribute, no split for heat, no cache',
      design: shipments(5000, undefined, 0.4),
      findings: [
        {
          messageId: 'hotKey',
          index: 'by-status',
          // Review 5 item 2: a status is changed by updates, so the index takes 2× the table's 5,000 WCU: 10,000 × 0.4 on the hottest.
          // Beside its neighbours: 20 partitions (twice 10,000 WCU, more than the index's reads need), 307.69 + 9,692.31 ÷ 20 =
          // 792.31 at 13 (at 12, 333.33 + 483.33 = 816.67); two on one partition 2 × 4,000 ÷ N × (1 − 1 ÷ 20) + 500: 975 of
          // the hard 1,000 at 16 (1,006.67 at 15).
          notes: ['writeOver', 'writeBeside', 'partitionsCounted', 'indexKeyWrites', 'gsiBackPressure'],
          data: { index: 'by-status', shardAttribute: 'shipmentStatusShard', shards: 16, lastShard: 15 },
          fix: /; or, to keep reading it by `shipmentStatus`: key index `by-status` by a separate attribute the application writes on each item, `shipmentStatusShard` = `shipmentStatus` \+ "#" \+ a random 0…15 \(N = 16 random shards\), instead of by `shipmentStatus` itself: every read of one `shipmentStatus` value must then query all 16/,
          edits: true,
        },
      ],
    },
    {
      // Split for heat divides a sort-key range: with one, the note says what it can and cannot do.
      name: 'the same GSI with a sort key: the split-for-heat note',
      design: shipments(5000, { name: 'customerId', type: 'S', cardinality: 'unique' }, 0.4),
      findings: [{ messageId: 'hotKey', notes: ['writeOver', 'writeBeside', 'partitionsCounted', 'indexKeyWrites', 'gsiBackPressure', 'maySplitForHeat'] }],
    },
    {
      // 3,000 WCU × 0.55 is 1650.0000000000002 in floating point.
      name: 'figures in data without float noise',
      design: table({
        partitionKey: { name: 'accountId', type: 'S', cardinality: 100 },
        workload: { peakReadUnits: 100, peakWriteUnits: 3000, hotKeyShare: 0.55 },
      }),
      // 6 partitions (twice 100 RCU and 3,000 WCU: max(1, 6)): 330 + 2,670 ÷ 6 = 775 at 5 (at 4, 412.5 + 431.25 = 843.75);
      // two on one partition 2 × 1,650 ÷ N × (1 − 1 ÷ 6) + 500: 1,050 at 5, 958.33 of the hard 1,000 at 6.
      findings: [{ messageId: 'hotKey', data: { hotKeyLoad: 1650, writeLoad: 1650, shards: 6 } }],
    },
    ...[false, true].map((withPattern) => ({
      // 3,000 RU/s of reads and 6,000 of writes on the hottest user: copies would cost 2× every write, shards fan out only its lighter reads.
      name: `a write-hot Cosmos DB key${withPattern ? ' with a declared query' : ''}: shards, not copies`,
      design: users(6000, 12000, withPattern),
      findings: [{ messageId: 'hotKey', data: { strategy: 'random', shards: 2 }, fix: /^shard only the hottest `\/userId` value, into N = 2 random shards/ }],
    })),
    ...[false, true].map((withPattern) => ({
      // 6,000 RU/s of reads and 3,000 of writes: a read-hot feed gets copies (issue 14 §2), not a fan-out on every read.
      name: `a read-hot Cosmos DB key${withPattern ? ' with a declared query' : ''}: replicated copies`,
      design: users(12000, 6000, withPattern),
      findings: [{ messageId: 'hotKey', data: { strategy: 'replicated', shards: 2, cache: 'the integrated cache' }, fix: /^keep N = 2 replicated copies/ }],
    })),
    {
      // The hottest bucket takes 10,000 RU/s; its tenant, over its 3 buckets, 30,000. Its partition's neighbours count
      // (7 partitions of 10,000 RU/s, 50,000 RU/s in all): 30 buckets of 1,000 leave it 1,000 + 49,000 ÷ 7 = 8,000 RU/s.
      name: 'an already bucketed first level with its bucket part declared: raise the bucket count, no new level',
      design: bucketedTenants([
        { name: 'tenantId', cardinality: 5 },
        { name: 'bucket', cardinality: 3 },
      ]),
      findings: [
        {
          messageId: 'prefixHot',
          data: { level: '/tenantIdBucket', buckets: 30, declaredBuckets: 3, bucketValues: 150 },
          fix: /^raise the bucket count of `\/tenantIdBucket` from 3 to 30 \(its `bucket` part, hash mod 30\): each bucket then takes 1\/30 of one `tenantId` value's reads and writes/,
          edits: [
            { op: 'set', path: 'partitionKey.paths[0].components[1].cardinality', value: 30 },
            { op: 'set', path: 'partitionKey.paths[0].cardinality', value: 150 },
            { op: 'set', path: 'partitionKey.paths[0].hotKeyShare', value: 0.02 },
            { op: 'set', path: 'partitionKey.paths[0].largestGb', value: 1.4 },
          ],
        },
      ],
    },
    {
      name: 'an already bucketed first level known by its name: raise its bucket count by the factor that serves it',
      design: bucketedTenants(),
      findings: [
        {
          messageId: 'prefixHot',
          data: { level: '/tenantIdBucket', bucketFactor: 10, bucketValues: 150, values: 15 },
          fix: /^raise the bucket count of `\/tenantIdBucket` 10-fold \(150 values instead of 15\)/,
          edits: [
            { op: 'set', path: 'partitionKey.paths[0].cardinality', value: 150 },
            { op: 'set', path: 'partitionKey.paths[0].hotKeyShare', value: 0.02 },
            { op: 'set', path: 'partitionKey.paths[0].largestGb', value: 1.4 },
          ],
        },
      ],
    },
  ],
});

describe('a cache is offered for read heat only', () => {
  it('names no cache, in text or data, on a write-hot GSI (DAX never takes a write)', () => {
    const onIndex = lint(shipments(5000, undefined, 0.4)).filter((f) => f.index === 'by-status');
    expect(onIndex.map((f) => f.ruleId)).toEqual(expect.arrayContaining(['SG001', 'SG003']));
    for (const f of onIndex) {
      expect(f.data?.cache).toBeUndefined();
      expect(`${f.message} ${f.fix}`).not.toMatch(/DAX/);
    }
  });

  it('names the bucketed level once, never a level of buckets of buckets', () => {
    for (const f of lint(bucketedTenants())) expect(`${f.message} ${f.fix}`).not.toMatch(/BucketBucket/);
  });
});

/** Countries whose load fits one partition, but whose largest country holds 30 GB: over a logical partition's usable 16. */
const countries = (sharding?: CosmosContainerDesign['sharding']) =>
  container({
    name: 'stores',
    partitionKey: { paths: [{ path: '/country', cardinality: 50 }] },
    workload: { peakReadUnits: 2000, peakWriteUnits: 1000 },
    storage: { largestPartitionGb: 30 },
    ...(sharding ? { sharding } : {}),
  });

testRule('SG001', {
  // SG006's size shards spread the country's values over more keys: "no change needed" would contradict them.
  valid: [
    { name: 'a few-valued key whose largest value needs size shards (SG006 gives them)', design: countries() },
    { name: 'the same key once size-sharded: the shards are the fix', design: countries({ strategy: 'random', shards: 2 }) },
  ],
  invalid: [
    {
      name: 'the same key without the size: a warning with the growth',
      design: { ...countries(), storage: { largestPartitionGb: 10 } },
      findings: [{ messageId: 'fewValuesFits', severity: 'warning' }],
    },
  ],
});

testRule('SG006', {
  valid: [{ name: 'the size-sharded countries', design: countries({ strategy: 'random', shards: 2 }) }],
  invalid: [{ name: 'the countries before size sharding', design: countries(), findings: [{ messageId: 'logicalPartition', data: { shards: 2 } }] }],
});

testRule('SG004', {
  valid: [{ name: 'tenant → user', design: container() }],
  invalid: [
    {
      name: "a reversed hierarchical key: its levels and their cardinalities as data, the text's arrows from them",
      design: container({
        partitionKey: {
          paths: [
            { path: '/userId', cardinality: 'unique' },
            { path: '/tenantId', cardinality: 500 },
          ],
        },
      }),
      findings: [
        {
          messageId: 'hierarchical',
          data: { parts: ['/userId', '/tenantId'], cardinalities: ['unique', 500], order: ['/tenantId', '/userId'] },
          message: /^the hierarchical partition key `\/userId` → `\/tenantId` \(unique → 500 values\) is not ordered/,
        },
      ],
    },
  ],
});
