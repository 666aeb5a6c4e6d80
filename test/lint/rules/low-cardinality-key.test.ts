import { lint } from '../../../lib';
import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const status = (cardinality: number) => ({ name: 'status', type: 'S' as const, cardinality });
const orderId = { name: 'orderId', type: 'S' as const, cardinality: 'unique' as const };

testRule('SG001', {
  valid: [
    { name: 'a unique key', design: table() },
    { name: 'a key at the minimum cardinality', design: table({ partitionKey: { ...status(100), name: 'storeId' } }) },
    { name: 'a time-bucket key (SG002 owns it)', design: table({ partitionKey: { name: 'year', type: 'N', cardinality: 5 }, sortKey: orderId }) },
    {
      name: 'a few values sharded to the minimum',
      design: table({
        partitionKey: status(5),
        sortKey: orderId,
        sharding: { strategy: 'random', shards: 20 },
        workload: { peakReadUnits: 20000, peakWriteUnits: 4000 },
      }),
    },
    {
      name: 'a project minimum of 5',
      design: table({ partitionKey: status(5), workload: { peakReadUnits: 20000, peakWriteUnits: 4000 } }),
      options: { thresholds: { minCardinality: 5 } },
    },
  ],
  invalid: [
    {
      // Traffic is declared (1,000 reads), but every query reads the table and nothing is written: the index takes none of it.
      name: 'an index none of the declared traffic reaches says so, not that none is declared',
      design: table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 0 },
        globalSecondaryIndexes: [{ indexName: 'by-status', partitionKey: { name: 'status', type: 'S', cardinality: 5 } }],
        accessPatterns: [{ name: 'one-order', keyAttributes: ['orderId'], share: 1 }],
      }),
      findings: [{ messageId: 'fewValuesIdle', severity: 'warning', message: /fine today: none of the declared traffic reaches it/ }],
    },
    {
      // The feature-flag table: 50 RCU over 4 environments fits one partition 48 times over.
      name: 'a few values whose whole load fits one partition: a warning with the growth factor, no sharding pushed',
      design: table({
        name: 'feature-flags',
        partitionKey: { name: 'environment', type: 'S', cardinality: 4 },
        workload: { peakReadUnits: 50, peakWriteUnits: 1 },
      }),
      findings: [
        {
          messageId: 'fewValuesFits',
          path: 'partitionKey',
          severity: 'warning',
          edits: false,
          data: { cardinality: 4, growthToCeiling: 48 },
          message:
            'partition key `environment` has only 4 distinct values, but its whole peak fits one partition with headroom (50 of a usable 2,400 RCU): fine today, saturated when traffic grows 48×',
          fix: /no change needed at this load \(sharding would only make every read a fan-out\)/,
        },
      ],
    },
    {
      // 20,000 RCU / 4,000 WCU over 5 statuses needs several partitions: 100 / 5 = 20 keys per status.
      name: 'a few values under a load that needs several partitions: an error with one N for every rule',
      design: table({ partitionKey: status(5), sortKey: orderId, workload: { peakReadUnits: 20000, peakWriteUnits: 4000 } }),
      findings: [
        {
          messageId: 'fewValues',
          path: 'partitionKey',
          severity: 'error',
          edits: true,
          data: { cardinality: 5, minCardinality: 100, shards: 20 },
          fix: 'use a higher-cardinality attribute or a composite key, or shard `status` into N = 20 calculated shards on `orderId` (key#hash(orderId) mod 20): a read for one orderId hits one shard, only whole-key reads fan out over 20 (20 keeps 5 values × 20 shards at minCardinality 100 stored keys or more; the load alone needs 2)',
        },
      ],
    },
    {
      name: 'too few shards for the minimum: raise them',
      design: table({
        partitionKey: status(5),
        sortKey: orderId,
        sharding: { strategy: 'random', shards: 4 },
        workload: { peakReadUnits: 20000, peakWriteUnits: 4000 },
      }),
      findings: [
        {
          messageId: 'fewValuesSharded',
          data: { shards: 20, declaredShards: 4, storedKeys: 20 },
          message: /has 5 distinct values \(× 4 shards = 20\)/,
          fix: /raise sharding\.shards from 4 to N = 20 \(random\)/,
        },
      ],
    },
    {
      name: "a GSI keyed by status, with the table's writes projected into it",
      design: table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 3000 },
        globalSecondaryIndexes: [{ indexName: 'by-status', partitionKey: status(3), sortKey: orderId }],
      }),
      findings: [{ messageId: 'fewValues', path: 'globalSecondaryIndexes[0].partitionKey', index: 'by-status', data: { shards: 34 } }],
    },
    {
      name: 'a multi-attribute GSI key counts the full key (its most varied attribute)',
      design: table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 3000 },
        globalSecondaryIndexes: [
          {
            indexName: 'by-region-tier',
            partitionKeys: [
              { name: 'region', type: 'S', cardinality: 10 },
              { name: 'tier', type: 'S', cardinality: 3 },
            ],
            sortKey: orderId,
          },
        ],
      }),
      findings: [{ messageId: 'fewValues', path: 'globalSecondaryIndexes[0].partitionKeys', data: { cardinality: 10, shards: 10 } }],
    },
    {
      name: 'a Cosmos DB container keyed by country under 30,000 RU/s',
      design: container({ partitionKey: { paths: [{ path: '/country', cardinality: 50 }] }, workload: { peakReadUnits: 10000, peakWriteUnits: 20000 } }),
      findings: [{ messageId: 'fewValues', path: 'partitionKey.paths', data: { cardinality: 50, shards: 2 } }],
    },
    {
      name: "a status GSI counted at the table's writes says that key changes cost the index two writes",
      design: table({
        workload: { peakReadUnits: 100, peakWriteUnits: 700 },
        globalSecondaryIndexes: [
          { indexName: 'by-status', partitionKey: { name: 'shipStatus', type: 'S', cardinality: 4 }, sortKey: { name: 'orderId', type: 'S' } },
        ],
      }),
      findings: [
        {
          messageId: 'fewValuesFits',
          index: 'by-status',
          message: /an update that changes the index key costs the index two writes: declare its workload\.peakWriteUnits/,
        },
      ],
    },
  ],
});

describe('SG001 and SG003 on the same key', () => {
  it('give the same shard count and the same edits', () => {
    // Uniform 4,000 WCU per status needs 5 shards for the load, 20 for the cardinality: both say 20.
    const findings = lint(table({ partitionKey: status(5), sortKey: orderId, workload: { peakReadUnits: 1000, peakWriteUnits: 20000 } }));
    const [sg001, sg003] = ['SG001', 'SG003'].map((id) => findings.find((f) => f.ruleId === id));
    expect(sg001?.data?.shards).toBe(20);
    expect(sg003?.data?.shards).toBe(20);
    expect(sg003?.edits).toEqual(sg001?.edits);
  });
});
