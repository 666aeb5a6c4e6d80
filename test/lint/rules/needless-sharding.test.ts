import { container, shardedStatusIndex, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const orderId = { name: 'orderId', type: 'S' as const, cardinality: 'unique' as const };

testRule('SG007', {
  valid: [
    {
      // Its declared 3,900 WCU may count the hot account's updates (each a delete and a put on a redrawn shard): read as
      // taking the table's writes, that item's 900 WCU alone are over one key's usable 800, so the shards stay.
      name: "a random-sharded GSI that declares its writes, on a table whose hottest item's updates would put it over one key",
      design: table({
        name: 'ledger',
        partitionKey: { name: 'accountId', type: 'S', cardinality: 50000 },
        workload: { peakReadUnits: 1000, peakWriteUnits: 3000, hotKeyShare: 0.3 },
        globalSecondaryIndexes: [
          {
            indexName: 'byMerchant',
            partitionKey: { name: 'merchantIdShard', type: 'S', cardinality: 2000 },
            sharding: { strategy: 'random', shards: 8, logicalAttribute: 'merchantId' },
            workload: { peakWriteUnits: 3900 },
          },
        ],
      }),
    },
    { name: 'no sharding', design: table() },
    {
      // 4% of 8,000 WCU: 16 partitions (twice 1,000 RCU and 8,000 WCU: max(1, 16)), 800 − 7,680 ÷ 16 = 320 WCU left for its
      // 320: it fits unsharded, with no growth left, short of minGrowthHeadroom 1.5 (SG014 would warn once the shards
      // went): the shards keep the growth the design asks for. (At 5%, 400 WCU beside 475 is over: the load needs them.)
      name: 'a busy key at its ceiling unsharded: the shards keep its growth headroom',
      design: table({
        partitionKey: { name: 'shopId', type: 'S', cardinality: 5000 },
        sortKey: orderId,
        workload: { peakReadUnits: 1000, peakWriteUnits: 8000, hotKeyShare: 0.04 },
        sharding: { strategy: 'calculated', shards: 4, sourceAttribute: 'orderId' },
      }),
    },
    {
      // Unsharded, 202.48 of a usable 303.71 WCU beside its neighbours: 1.14× before its partition saturates (1.5× if only
      // it grew), short of minGrowthHeadroom 1.5, which SG014 reports once the shards are gone: they are not needless.
      name: 'random shards whose removal would leave the hottest value short of minGrowthHeadroom',
      design: table({
        partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
        workload: { peakReadUnits: 0, peakWriteUnits: 73653, hotKeyShare: 0.0027490409531935327 },
        sharding: { strategy: 'random', shards: 2 },
      }),
    },
    {
      // Cosmos DB: 5,333.35 of a usable 8,000 RU/s unsharded, 1.49999× to grow: short of 1.5 however it is printed.
      name: 'replicated copies whose removal would leave the hottest value just short of minGrowthHeadroom',
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 150 }] },
        workload: { peakReadUnits: 5226, peakWriteUnits: 101441, hotKeyShare: 0.05 },
        sharding: { strategy: 'replicated', shards: 2 },
      }),
    },
    { name: 'the 6-valued status GSI at the default minGrowthHeadroom: its 1.07× unsharded keeps the shards', design: shardedStatusIndex() },
    {
      name: 'sharding the load needs',
      design: table({
        partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
        sortKey: orderId,
        workload: { peakReadUnits: 100, peakWriteUnits: 10000, hotKeyShare: 0.5 },
        sharding: { strategy: 'random', shards: 7 },
      }),
    },
  ],
  invalid: [
    {
      // stranger24b: "333 of 383 usable WCU (87%)" is already within the 80% headroom: 333.33 + 416.67 of the neighbours
      // = 750 of the 1,000 WCU partition. The finding now says so, with the growth SG001 gives the unsharded key (1.07×).
      // At the default minGrowthHeadroom (1.5) its 1.07× would keep the shards (valid above); a design asking 1.05× drops them.
      name: 'a 6-valued status GSI sharded 20 ways: needless, with the growth the unsharded key has within the headroom',
      design: shardedStatusIndex(),
      options: { thresholds: { minGrowthHeadroom: 1.05 } },
      findings: [
        {
          messageId: 'needlessShards',
          index: 'by-status',
          notes: ['growthRoom'],
          data: { headroom: 0.8 },
          message:
            /under the usable 383\.33 WCU on one key: every read of a key fans out 20 ways for nothing; unsharded, it stays under that usable line, which keeps the 80% headroom with its neighbours' expected 416\.67 WCU counted, until traffic grows 1\.07×/,
        },
      ],
    },
    {
      // One device of a million takes 0.002 RU/s: declared traffic, however small, is never shown as 0.
      name: 'a sharded key of a million devices: its hottest value peaks at 0.002 RU/s, not 0',
      design: container({
        partitionKey: { paths: [{ path: '/deviceId', cardinality: 1000000 }] },
        workload: { peakReadUnits: 1000, peakWriteUnits: 1000 },
        sharding: { strategy: 'random', shards: 4 },
      }),
      findings: [{ messageId: 'needlessShards', data: { hotLoad: 0.002 }, message: /its hottest value peaks at 0\.002 RU\/s, under the usable 8,000 RU\/s/ }],
    },
    {
      // A 4,000 RU/s container is one physical partition: 3,200 RU/s usable, 2,100 of them the neighbours'.
      name: "a sharded key in a 4,000 RU/s container: under its physical partition's share, not the 8,000 RU/s logical ceiling",
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        workload: { peakReadUnits: 1000, peakWriteUnits: 2000, hotKeyShare: 0.3 },
        throughput: { manual: 4000 },
        sharding: { strategy: 'random', shards: 3 },
      }),
      findings: [{ messageId: 'needlessShards', data: { hotLoad: 900, usable: 1100 }, message: /peaks at 900 RU\/s, under the usable 1,100 RU\/s on one key/ }],
    },
    {
      name: 'a UUID key sharded into 50',
      design: table({ sharding: { strategy: 'random', shards: 50 } }),
      findings: [
        {
          messageId: 'needlessShardsIdle',
          path: 'sharding',
          severity: 'warning',
          data: { shards: 1, declaredShards: 50, strategy: 'random' },
          message:
            '`orderId` is random-sharded into 50 keys, but none of the declared traffic reaches its hottest value: every read of a key fans out 50 ways for nothing',
          edits: [{ op: 'remove', path: 'sharding' }],
        },
      ],
    },
    {
      // A value with 20% of the traffic, sharded in two "ahead of growth": 200 WCU fits one key with 2× to grow, and the
      // share never raises N (issue 14 §1). SG014 warns about the share; the sharding only buys fan-out.
      name: 'a dominant value sharded although its load fits one key',
      design: table({
        partitionKey: { name: 'shopId', type: 'S', cardinality: 5000 },
        sortKey: orderId,
        workload: { peakReadUnits: 1000, peakWriteUnits: 1000, hotKeyShare: 0.2 },
        sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'orderId' },
      }),
      findings: [
        // 2 partitions (twice 1,000 RCU and 1,000 WCU: max(1, 2)): 800 − 800 ÷ 4 = 600 WCU left for its 200.
        { messageId: 'needlessShards', data: { hotLoad: 200, usable: 600, declaredShards: 2, shards: 1 }, edits: [{ op: 'remove', path: 'sharding' }] },
      ],
    },
    {
      name: 'a time bucket sharded although one partition serves its load',
      design: table({
        partitionKey: { name: 'day', type: 'S', cardinality: 365 },
        sortKey: orderId,
        workload: { peakReadUnits: 100, peakWriteUnits: 50 },
        sharding: { strategy: 'random', shards: 10 },
      }),
      findings: [{ messageId: 'needlessShards' }],
    },
    {
      name: 'needless replicas cost writes',
      design: table({ sharding: { strategy: 'replicated', shards: 3 } }),
      findings: [{ messageId: 'needlessCopiesIdle', message: /every write costs 3× for nothing/ }],
    },
    {
      name: 'a Cosmos DB container under its ceiling',
      design: container({ sharding: { strategy: 'random', shards: 10 } }),
      findings: [{ messageId: 'needlessShardsIdle', data: { strategy: 'random', declaredShards: 10 } }],
    },
  ],
});
