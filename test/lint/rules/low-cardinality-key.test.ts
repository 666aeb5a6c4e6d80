import { lint, shardsFor } from '../../../lib';
import { container, regionStatusWrites, shardedStatusIndex, table, twoLevelWrites } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const status = (cardinality: number) => ({ name: 'status', type: 'S' as const, cardinality });
const orderId = { name: 'orderId', type: 'S' as const, cardinality: 'unique' as const };
const warehouse = (cardinality: number) => ({ name: 'warehouseId', type: 'S' as const, cardinality });

/**
 * Firstlevel 8: Cosmos DB `/region` (3) → `/status` (5), writes only, 20,000 manual RU/s (4 physical partitions of
 * 5,000, 4,000 usable at 80%). The full key counts 5 values (its most varied level), the first level 3; one region's
 * documents stay on one physical partition until they hold 50 GB ("Hierarchical partition keys").
 */
const regionStatus = (writes: number) =>
  twoLevelWrites(
    'orders',
    [
      ['/region', 3],
      ['/status', 5],
    ],
    writes,
    { manual: 20_000 },
  );

testRule('SG001', {
  valid: [
    {
      // 50 tenants × 50 apps: 2,500 key values, above minCardinality 100, though each attribute has 50.
      name: 'a multi-attribute GSI key whose attributes have few values each but many combinations',
      design: table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 3000 },
        globalSecondaryIndexes: [
          {
            indexName: 'by-tenant-app',
            partitionKeys: [
              { name: 'tenantId', type: 'S', cardinality: 50 },
              { name: 'appId', type: 'S', cardinality: 50 },
            ],
            sortKey: orderId,
          },
        ],
      }),
    },
    {
      // 10,000 RU/s on 4 partitions of 5,000 (4,000 usable). A region: 3,333.33 RU/s beside the other regions' 6,666.67 ÷ 4
      // = 1,666.67, over its 4,000: SG003's prefix error. The full key: 2,000 beside 8,000 ÷ 4 = 2,000, exactly its 4,000,
      // growth 1×: no SG001 finding beside SG003. Before (a uniform value at the average partition, no neighbours for a
      // region): "fewValuesEachFits", the first level's 1.2×.
      name: 'a hierarchical key whose first-level value is over its physical partition at 10,000 RU/s: SG003 errs, no SG001 beside it',
      design: regionStatus(10_000),
    },
    { name: 'a unique key', design: table() },
    { name: 'a key at the minimum cardinality', design: table({ partitionKey: { ...status(100), name: 'storeId' } }) },
    { name: 'a time-bucket key (SG002 owns it)', design: table({ partitionKey: { name: 'year', type: 'N', cardinality: 5 }, sortKey: orderId }) },
    {
      // 20,000 RCU / 4,000 WCU over 5 statuses: 4,000 RCU per status needs N = 2 (2,000 per shard of a
      // usable 2,400). Sharded so, every stored key fits: the sharding is the fix, not a finding.
      name: 'a few values sharded to the N their load needs',
      design: table({
        partitionKey: status(5),
        sortKey: orderId,
        sharding: { strategy: 'random', shards: 2 },
        workload: { peakReadUnits: 20000, peakWriteUnits: 4000 },
      }),
    },
    {
      // AWS DynamoDB Labs, "Global secondary index write sharding": every log record is written to a GSI
      // keyed by a random shard#0…9. One logical value × 10 random shards; 6,000 WCU → 600 per shard.
      name: 'the AWS GSI write-sharding lab: one index key value sharded 10 ways, each shard under its ceiling',
      design: table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 6000 },
        globalSecondaryIndexes: [
          {
            indexName: 'GSI_1',
            partitionKey: { name: 'GSI_1_PK', type: 'S', cardinality: 1 },
            sortKey: { name: 'GSI_1_SK', type: 'S' },
            sharding: { strategy: 'random', shards: 10 },
          },
        ],
      }),
    },
    {
      // Sharded, but too few for the load: SG003 gives the count; the key itself is not the problem.
      name: 'a few values sharded too few ways (SG003 reports the count)',
      design: table({
        partitionKey: status(5),
        sortKey: orderId,
        sharding: { strategy: 'random', shards: 2 },
        workload: { peakReadUnits: 1000, peakWriteUnits: 12000 },
      }),
    },
    {
      // stranger24b: a 6-valued status GSI kept in 20 random shards, SG007 acknowledged: the sharded key is the design
      // (120 stored keys of 16.67 WCU), not the unsharded one SG001 warned of ("saturated when traffic grows 1.07×").
      name: 'a needless GSI sharding kept on purpose (SG007 acknowledged): judged sharded, no few-values warning',
      design: shardedStatusIndex([{ rule: 'SG007', index: 'by-status', reason: 'shards kept for the growth of the next season' }]),
    },
    {
      // 1.07× unsharded, short of the default minGrowthHeadroom 1.5: SG007 keeps the shards, so the sharded key is the design.
      name: 'the same sharding at the default minGrowthHeadroom: kept for its growth, judged sharded',
      design: shardedStatusIndex(),
    },
    {
      name: 'the same sharding with SG007 turned off for the project',
      design: shardedStatusIndex(),
      options: { rules: { SG007: 'off' } },
    },
    {
      name: 'a project minimum of 5',
      design: table({ partitionKey: status(5), workload: { peakReadUnits: 20000, peakWriteUnits: 4000 } }),
      options: { thresholds: { minCardinality: 5 } },
    },
  ],
  invalid: [
    {
      // Not kept: judged as SG007's fix (remove the sharding) leaves it, where the design asks only 1.05× of growth (at the
      // default 1.5 its 1.07× unsharded keeps the shards: valid above).
      name: 'the same needless GSI sharding, SG007 not acknowledged: judged unsharded, as SG007 would leave it',
      design: shardedStatusIndex(),
      options: { thresholds: { minGrowthHeadroom: 1.05 } },
      findings: [
        { messageId: 'fewValuesEachFits', index: 'by-status', severity: 'warning', data: { cardinality: 6 }, message: /saturated when traffic grows 1\.07×/ },
      ],
    },
    {
      // 50 × 50 combinations, but the table holds 60 items (no sort key): the index has at most 60 key values.
      name: "a multi-attribute GSI key's combinations are bounded by the table's items",
      design: table({
        partitionKey: { name: 'siteId', type: 'S', cardinality: 60 },
        workload: { peakReadUnits: 100, peakWriteUnits: 60 },
        globalSecondaryIndexes: [
          {
            indexName: 'by-tenant-app',
            partitionKeys: [
              { name: 'tenantId', type: 'S', cardinality: 50 },
              { name: 'appId', type: 'S', cardinality: 50 },
            ],
          },
        ],
      }),
      findings: [
        { messageId: 'fewValuesFits', path: 'globalSecondaryIndexes[0].partitionKeys', data: { cardinality: 60 } },
        { messageId: 'fewValuesFits', path: 'partitionKey', data: { cardinality: 60 } },
      ],
    },
    {
      // 4 partitions of 5,000 (4,000 usable). Full key: 5,000 ÷ 5 = 1,000 RU/s beside the other values' 4,000 ÷ 4 = 1,000
      // (each hashed beside it with probability 1/4, `neighbourLoad`): usable 3,000, growth 4,000 ÷ 2,000 = 2×. First
      // level: 5,000 ÷ 3 = 1,666.67 RU/s beside 3,333.33 ÷ 4 = 833.33: usable 3,166.67, growth 4,000 ÷ 2,500 = 1.6×.
      // Neither is within UNIFORM_KEY_TOLERANCE (bias 1,000 × 3/4 = 750 and 1,250, above 5% of 4,000 = 200). Before: a
      // uniform value at the average partition, 3,750 and 4,000 usable, 3.2× and 2.4×.
      name: "a hierarchical key whose first-level value saturates first: the growth is that value's, 1.6×, not the full key's 2×",
      design: regionStatus(5_000),
      findings: [
        {
          messageId: 'fewValuesFits',
          severity: 'warning',
          // `/status`, a level of the key, is named like a few-valued field judged at the uniform share.
          notes: ['firstLevelBinds', 'uniformStatusShare'],
          data: {
            hottest: 'firstLevel',
            hotLevel: '/region',
            hotLoad: 1666.66666667,
            hotUsable: 3166.66666667,
            keyHotLoad: 1000,
            keyHotUsable: 3000,
            growthToCeiling: 1.6,
          },
          message:
            /its hottest first-level value \(1,666\.67 of a usable 3,166\.67 RU\/s\) saturates its partition when traffic grows 1\.6× \(a `\/region` value, whose documents stay on one physical partition until they hold 50 GB/,
        },
      ],
    },
    {
      // Verdict 9: a first-level value past 50 GB spans one physical partition per 50 GB ("Hierarchical partition keys"),
      // and was not judged at all (SG001 gave the full key's 2.35×). `/region` (2, 60% declared, largest 55 GB) →
      // `/status` (10), 5,000 RU/s of writes, 20,000 manual RU/s and 200 GB: 4 physical partitions of 5,000 (4,000
      // usable). The region: 3,000 RU/s over ⌈55 ÷ 50⌉ = 2 partitions; it fills 1.1 of them, and the other regions'
      // (5,000 − 3,000) ÷ 4 = 500 RU/s a partition take the 0.9 of one its documents leave them (review 11: before, 500
      // on each): usable 8,000 − 450 = 7,550, growth 8,000 ÷ 3,450 = 2.32×. The full key: 0.6 ÷ (10 ÷ 2) = 12%, 600 RU/s,
      // neighbours (5,000 − 600) ÷ 4 = 1,100, usable 2,900, growth 4,000 ÷ 1,700 = 2.35×.
      name: 'a hierarchical key whose first-level value spans two physical partitions and still saturates first: 2.32× on those two',
      design: container({
        ...regionStatus(5_000),
        partitionKey: {
          paths: [
            { path: '/region', cardinality: 2, hotKeyShare: 0.6, largestGb: 55 },
            { path: '/status', cardinality: 10 },
          ],
        },
        storage: { totalGb: 200 },
      }),
      findings: [
        {
          messageId: 'fewValuesFits',
          notes: ['firstLevelBindsSpanning'],
          data: {
            hotLevel: '/region',
            hotLoad: 3000,
            hotUsable: 7550,
            keyHotLoad: 600,
            keyHotUsable: 2900,
            spanned: 2,
            prefixGb: 55,
            growthToCeiling: 2.31884057971,
            hotPartitions: 2,
          },
          message:
            /its hottest first-level value \(3,000 of a usable 7,550 RU\/s\) saturates the 2 physical partitions it spans when traffic grows 2\.32× \(a `\/region` value, whose 55 GB span only 2 physical partitions \(50 GB each\), so its whole load counts on those/,
        },
      ],
    },
    {
      // Verdict 9: a container whose peak is above its usable RU/s (SG017): 9,000 RU/s on 10,000 manual, judged at SG017's
      // 11,300 RU/s (2 partitions of 5,650, 4,520 usable). There the usable RU/s are the peak (to the grid's 100 RU/s), so
      // every partition runs at its usable share. The full key's hottest value, 1,800 RU/s, meets the other values'
      // 7,200 ÷ 2 = 3,600 (each hashed beside it with probability 1/2): 920 usable, over even at the raise, an error
      // (its bias 1,800 × 1/2 = 900 is far above 5% of 4,520, UNIFORM_KEY_TOLERANCE). A region (4,500 RU/s) is over
      // too, SG003's prefix error. Before (a uniform value at the average partition): 1,800 of 1,820, 1.0044×.
      name: "a hierarchical key in a container short of RU/s: the full key's figures at SG017's raise, which the first level's equal",
      design: container({
        ...regionStatus(9_000),
        partitionKey: {
          paths: [
            { path: '/region', cardinality: 2 },
            { path: '/status', cardinality: 5 },
          ],
        },
        throughput: { manual: 10_000 },
      }),
      findings: [
        {
          messageId: 'fewValues',
          notes: ['atCapacityRaise', 'physicalHeadroomOnly', 'uniformStatusShare'],
          data: { hottest: 'key', hotLoad: 1800, hotUsable: 920, raisedRu: 11_300 },
        },
      ],
    },
    {
      // 14,000 RU/s on 4 partitions of 5,000 (4,000 usable). The full key: 2,800 RU/s beside the other values' 11,200 ÷ 4
      // = 2,800: 1,200 usable, over (SG001's error; a region, 4,666.67, is over too: SG003). Before (a uniform value at
      // the average partition, no neighbours for a region): no SG001 finding, SG003's alone.
      name: 'a hierarchical key whose values are over their physical partition: the full key is over too, an error',
      design: regionStatus(14_000),
      findings: [{ messageId: 'fewValues', severity: 'error', data: { hottest: 'key', hotLoad: 2800, hotUsable: 1200 } }],
    },
    {
      // `/tenantId` (50) → `/status` (5): the full key counts 50 values, as many as its first level, so both are judged
      // alike (100 RU/s, neighbours 1,250 − 100 = 1,150, growth 4,000 ÷ 1,250 = 3.2×): the full key's figures stand.
      name: "a hierarchical key whose first level saturates no sooner: the full key's figures, no first-level note",
      design: container({
        ...regionStatus(5_000),
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 50 },
            { path: '/status', cardinality: 5 },
          ],
        },
      }),
      findings: [{ messageId: 'fewValuesFits', notes: ['uniformStatusShare'], data: { hottest: 'key', hotLoad: 100, hotUsable: 2850, growthToCeiling: 3.2 } }],
    },
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
      // The feature-flag table: 50 RCU over 4 environments fits one partition 48 times over; the key saturates
      // when its hottest environment does (12.5 of 2,400 RCU: 192×), the one growth factor SG014 would give it too.
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
          // 4 partitions: twice the peak (100 RCU and 2 WCU) needs one, a new on-demand table's warm 12,000 RCU / 4,000 WCU
          // four. The hottest 12.5 RCU beside 37.5 ÷ 4 = 9.375: 2,400 ÷ 21.875 = 109.71× (alone, 2,400 ÷ 12.5 = 192×).
          data: { cardinality: 4, growthToCeiling: 109.714285714 },
          message:
            "partition key `environment` has only 4 distinct values, but its whole peak fits one partition with headroom (50 of a usable 2,400 RCU): fine today; its hottest value (12.5 of the 2,390.63 RCU its neighbours leave of a usable 2,400) saturates its partition when traffic grows 109.71×; each value counted at the uniform share (25%), but `environment` is named like a status, type or region, whose values are rarely equally busy (most orders sit in one status, most users in one country): declare the hottest value's share of the table's traffic as `workload.hotKeyShare`",
          fix: /no change needed at this load \(sharding would only make every read a fan-out\)/,
        },
      ],
    },
    {
      // 20,000 RCU / 4,000 WCU over 5 statuses: 4,000 RCU on the hottest, over a usable 2,400, so N = 2
      // (the 100-key floor once made it 20; 1 shard is 4,000 RCU, 2 are 2,000).
      // fix27b: 5 warehouses, not 5 statuses, so that --fix writes the shards (a status is a category: the next case).
      name: 'a few values whose hottest is over its ceiling: an error, N from the load',
      design: table({ partitionKey: warehouse(5), sortKey: orderId, workload: { peakReadUnits: 20000, peakWriteUnits: 4000 } }),
      findings: [
        {
          messageId: 'fewValues',
          path: 'partitionKey',
          severity: 'error',
          // No edit since two keys on one partition size N: 5 shards are no more than the 5 warehouses, so a re-key is the fix.
          // 14 partitions (twice 20,000 RCU and 4,000 WCU: max(14, 8)): 2,400 − 16,000 ÷ 14 = 1,257.14 RCU left; at 4, 1,000 +
          // 19,000 ÷ 14 = 2,357.14 RCU (at 3, 1,333.33 + 1,333.33 = 2,666.67). Its 800 WCU are over too (800 − 3,200 ÷ 14 =
          // 571.43 left): a cache for the reads alone would not serve, so none is offered beside the shards. But two of 4 on one
          // partition take 2,000 + 1,357.14 − 71.43 = 3,285.71 RCU, past its 3,000: at 5, 1,600 + 1,371.43 − 57.14 = 2,914.29.
          data: { cardinality: 5, minCardinality: 100, shards: 5, hotLoad: 4000, hotUsable: 1257.14285714 },
          fix: "use a higher-cardinality attribute or a composite key, or shard `warehouseId` into N = 5 calculated shards on `orderId` (key#hash(orderId) mod 5): a read for one orderId hits one shard, only whole-key reads fan out over 5; N = 5 assumes its shards hash onto different partitions of the 14: two share one 55.33% of the time, and that partition then takes 2,914.29 RCU, within the partition's 3,000 RCU maximum, over its usable 2,400, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 5 shards share one of the 14 partitions 4.57% of the time, and it then takes 3,657.14 RCU, past its 3,000 RCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; --fix writes no edit for these shards: `warehouseId` has 5 values, no more than the 5 shards, so the shards alone would be the spread of the key, and a re-key is the fix: choose the attribute your reads name (an entity id, such as the item id), whose many values spread the load and keep a read of one item on one partition, where shards of this key make every read of one item name its category as well, and every read of a whole category query all 5",
        },
      ],
    },
    {
      // fix27b: the same load keyed by `status`, a category of the orders: the fix keeps its options, shards among them,
      // and --fix writes none (a re-key is the fix: an order is read by its id, and its status changes).
      name: 'the same few values named like a status: the shards are offered, with no edit, and the fix says why',
      design: table({ partitionKey: status(5), sortKey: orderId, workload: { peakReadUnits: 20000, peakWriteUnits: 4000 } }),
      findings: [
        {
          messageId: 'fewValues',
          path: 'partitionKey',
          severity: 'error',
          edits: false,
          data: { shards: 5, categoricalBy: 'name', categoricalKey: ['status'], categoricalShards: 5, categoricalValues: 5 },
          fix: "use a higher-cardinality attribute or a composite key, or shard `status` into N = 5 calculated shards on `orderId` (key#hash(orderId) mod 5): a read for one orderId hits one shard, only whole-key reads fan out over 5; N = 5 assumes its shards hash onto different partitions of the 14: two share one 55.33% of the time, and that partition then takes 2,914.29 RCU, within the partition's 3,000 RCU maximum, over its usable 2,400, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 5 shards share one of the 14 partitions 4.57% of the time, and it then takes 3,657.14 RCU, past its 3,000 RCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; --fix writes no edit for these shards: `status` is named like a status, type or region, a category of the items rather than their identity, and a re-key is the fix: choose the attribute your reads name (an entity id, such as the item id), whose many values spread the load and keep a read of one item on one partition, where shards of this key make every read of one item name its category as well, and every read of a whole category query all 5",
        },
      ],
    },
    {
      // fix27b: a key not named like a category, whose 3 values are fewer than the 4 shards its load needs: the shards alone
      // would be the key's spread, so --fix writes none either.
      name: 'a key of fewer values than its shards: the shards are offered, with no edit',
      design: table({ partitionKey: warehouse(3), sortKey: orderId, workload: { peakReadUnits: 20000, peakWriteUnits: 4000 } }),
      findings: [
        {
          messageId: 'fewValues',
          path: 'partitionKey',
          severity: 'error',
          edits: false,
          data: { categoricalBy: 'values', categoricalValues: 3 },
          fix: /; --fix writes no edit for these shards: `warehouseId` has 3 values, no more than the \d+ shards, so the shards alone would be the spread of the key, and a re-key is the fix/,
        },
      ],
    },
    {
      // Issue 14: a status GSI, 5 values, 3,000 WCU, "pending" takes 60%: 1,800 WCU on one key. N = 3
      // (600 per shard of a usable 800; 2 shards would be 900). The floor of 100 keys once made it 20.
      name: 'a status GSI at 3,000 WCU with a 60% status: N = 3, not 20',
      design: table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 3000 },
        globalSecondaryIndexes: [
          { indexName: 'by-status', partitionKey: status(5), sortKey: orderId, workload: { peakReadUnits: 100, peakWriteUnits: 3000, hotKeyShare: 0.6 } },
        ],
      }),
      // 6 partitions (twice 100 RCU and 3,000 WCU: max(1, 6)): 800 − 1,200 ÷ 6 = 600 WCU left; at 5, 360 + 2,640 ÷ 6 = 800 (at 4,
      // 450 + 425 = 875); but two of 5 on one partition take 720 + 440 − 60 = 1,100 WCU, past its 1,000: at 6, 600 + 450 − 50 = 1,000.
      findings: [{ messageId: 'fewValues', index: 'by-status', severity: 'error', data: { shards: 6, hotLoad: 1800, hotUsable: 600 } }],
    },
    {
      // Issue 14: a two-candidate vote, 3,000 WCU on the leader (60% of 5,000): N = ceil(3,000 / 800) = 4,
      // 750 per shard (3 would be 1,000). Two values once made it 100 / 2 = 50 shards.
      name: 'a two-candidate vote with 3,000 WCU on the leader: N = 4, not 50',
      design: table({
        name: 'votes',
        partitionKey: { name: 'candidateId', type: 'S', cardinality: 2 },
        sortKey: { name: 'voterId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits: 5000, hotKeyShare: 0.6 },
      }),
      findings: [
        {
          messageId: 'fewValues',
          severity: 'error',
          // 10 partitions (twice 100 RCU and 5,000 WCU: max(1, 10)): 800 − 2,000 ÷ 10 = 600 WCU left; at 9, 333.33 + 4,666.67 ÷ 10
          // = 800 (at 8, 375 + 462.5 = 837.5); but two of 9 on one partition take 666.67 + 466.67 − 33.33 = 1,100 WCU (at 10,
          // 1,040), and past P the 3 of 11 on one take 818.18 + 472.73 − 272.73 = 1,018.18: at 12, 750 + 475 − 275 = 950.
          data: { cardinality: 2, shards: 12, hotLoad: 3000, hotUsable: 600 },
          fix: /shard `candidateId` into N = 12 calculated shards on `voterId`/,
        },
      ],
    },
    {
      // 3,000 WCU over 3 statuses: 1,000 on the hottest, N = 2 (the floor once made it 34).
      name: "a GSI keyed by status, with the table's writes projected into it",
      design: table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 3000 },
        globalSecondaryIndexes: [{ indexName: 'by-status', partitionKey: status(3), sortKey: orderId }],
      }),
      // Review 5 item 2: a status is changed by updates, so the index takes 2× the table's 3,000 WCU: 2,000 on the hottest, N = 3.
      // 12 partitions (12,000 WCU at twice the index's 6,000, more than its reads need): at 7, 285.71 + 5,714.29 ÷ 12 = 761.9
      // (at 6, 333.33 + 472.22 = 805.56); but two of 7 on one partition take 571.43 + 476.19 − 23.81 = 1,023.81 WCU, past its
      // 1,000: at 8, 500 + 479.17 − 20.83 = 958.33.
      findings: [{ messageId: 'fewValues', path: 'globalSecondaryIndexes[0].partitionKey', index: 'by-status', data: { shards: 8 } }],
    },
    {
      // DynamoDB hashes the attributes together: 10 regions × 3 tiers are 30 key values. 3,000 WCU over 30: 100 on the
      // hottest fits one key; a warning with the growth.
      name: "a multi-attribute GSI key counts its attributes' combinations (10 × 3), not its most varied attribute",
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
      findings: [
        {
          messageId: 'fewValuesEachFits',
          path: 'globalSecondaryIndexes[0].partitionKeys',
          severity: 'warning',
          edits: false,
          // 6 partitions (6,000 WCU at twice the peak, more than its reads need): 800 − 2,900 ÷ 6 = 316.67 WCU left for the hottest 100.
          data: { cardinality: 30, hotLoad: 100, hotUsable: 316.666666667 },
        },
      ],
    },
    {
      // 30,000 RU/s over 50 countries: 600 RU/s on the hottest, a usable 8,000: fine until 13.33× the load.
      name: 'a Cosmos DB container keyed by country under 30,000 RU/s: each country fits, a warning with the growth',
      design: container({ partitionKey: { paths: [{ path: '/country', cardinality: 50 }] }, workload: { peakReadUnits: 10000, peakWriteUnits: 20000 } }),
      findings: [
        {
          messageId: 'fewValuesEachFits',
          path: 'partitionKey.paths',
          severity: 'warning',
          edits: false,
          data: { cardinality: 50, hotLoad: 600, growthToCeiling: 13.3333333333 /* 8,000 / 600, as data rounds it */ },
          message:
            "partition key `/country` has only 50 distinct values: its whole peak (30,000 of a usable 8,000 RU/s) needs more than one partition, and its hottest value fits one (600 of a usable 8,000 RU/s): fine today, saturated when traffic grows 13.33×; each value counted at the uniform share (2%), but `/country` is named like a status, type or region, whose values are rarely equally busy (most orders sit in one status, most users in one country): declare the hottest value's share of the container's traffic as `workload.hotKeyShare`",
          fix: /^no sharding needed at this load \(N = 1/,
        },
      ],
    },
    {
      // Under a 50,000 RU/s autoscale maximum: five physical partitions of 10,000 RU/s, 8,000 usable, of which the other
      // countries on the hottest one are expected to take 29,400 ÷ 5 = 5,880 ("Partitioning and horizontal scaling").
      name: "a Cosmos DB key by country with declared throughput: its physical partition's share, as SG003 judges it",
      design: container({
        partitionKey: { paths: [{ path: '/country', cardinality: 50 }] },
        workload: { peakReadUnits: 10000, peakWriteUnits: 20000 },
        throughput: { autoscaleMax: 50_000 },
      }),
      findings: [
        {
          messageId: 'fewValuesEachFits',
          // 600 + 5,880 = 6,480 on the hottest value's partition: 2,120 usable, growth 8,000 ÷ 6,480. Its bias above the
          // average partition, 600 × (1 − 1/5) = 480, is not under 5% of 8,000 = 400 (UNIFORM_KEY_TOLERANCE): 50 values
          // of 600 RU/s each are not a key at its line. Before: the average 6,000, 2,600 usable, 1.33×.
          data: { hotLoad: 600, hotUsable: 2_120, growthToCeiling: 1.23456790123 /* 8,000 / 6,480 */ },
          message: /its hottest value fits one \(600 of a usable 2,120 RU\/s\): fine today, saturated when traffic grows 1\.23×/,
        },
      ],
    },
    {
      // Review 5 item 2: a key that updates change (a status) is now counted at 2× (test/lint/index-key-writes.test.ts);
      // one not known to change keeps the table's writes and this note.
      name: "a carrier GSI counted at the table's writes says that key changes cost the index two writes",
      design: table({
        workload: { peakReadUnits: 100, peakWriteUnits: 700 },
        globalSecondaryIndexes: [
          { indexName: 'by-status', partitionKey: { name: 'carrier', type: 'S', cardinality: 4 }, sortKey: { name: 'orderId', type: 'S' } },
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
    {
      // Review 4 item 8: the index declares its own peakWriteUnits, equal to the table's: it is declared, so the
      // message must not ask for it (it once compared the two figures, not whether the index declared one).
      name: "a status GSI that declares its peakWriteUnits at the table's figure is not asked to declare them",
      design: table({
        workload: { peakReadUnits: 100, peakWriteUnits: 700 },
        globalSecondaryIndexes: [
          {
            indexName: 'by-status',
            partitionKey: { name: 'shipStatus', type: 'S', cardinality: 4 },
            sortKey: { name: 'orderId', type: 'S' },
            workload: { peakWriteUnits: 700 },
          },
        ],
      }),
      findings: [{ messageId: 'fewValuesFits', index: 'by-status', notes: ['uniformStatusShare'] }],
    },
  ],
});

describe('SG001 and SG003 on the same key', () => {
  // fix27b: a status is a category, so the finding offers the shards with no edits (they were written before).
  it('on the uniform share, one finding: SG001, with the load N that shardsFor() computes, offered without edits; SG003 defers to it', () => {
    // Uniform 4,000 WCU per status: N = 13 from the load beside the neighbours (40 partitions, twice 1,000 RCU and 20,000 WCU:
    // max(1, 40)): 307.69 + 19,692.31 ÷ 40 = 800 of 800; at 12, 825. The floor of 100 keys once made it 20. Two of 13 on one
    // partition take 615.38 + 492.31 − 7.69 = 1,100 WCU, past its 1,000: at 16, 500 + 493.75 − 6.25 = 987.5 (at 15, 1,020).
    const findings = lint(table({ partitionKey: status(5), sortKey: orderId, workload: { peakReadUnits: 1000, peakWriteUnits: 20000 } }));
    const [sg001, sg003] = ['SG001', 'SG003'].map((id) => findings.find((f) => f.ruleId === id));
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 1000, peakWriteUnits: 20000, hotKeyShare: 1 / 5 })).toBe(16);
    expect(sg001?.data?.shards).toBe(16);
    expect(sg001?.edits).toBeUndefined();
    expect(sg001?.data).toMatchObject({ categoricalBy: 'name', categoricalShards: 16 });
    expect(sg003).toBeUndefined();
  });

  it('with a declared share above the uniform one both stay, with the same shard count and the same edits', () => {
    // fix27b: 40 warehouses, not 5 statuses, whose shards --fix writes, so the two findings' edits are there to compare.
    const findings = lint(table({ partitionKey: warehouse(40), sortKey: orderId, workload: { peakReadUnits: 1000, peakWriteUnits: 20000, hotKeyShare: 0.3 } }));
    const [sg001, sg003] = ['SG001', 'SG003'].map((id) => findings.find((f) => f.ruleId === id));
    // 40 partitions: 300 + 19,700 ÷ 40 = 792.5 of 800 at 20 (at 19, 315.79 + 492.11 = 807.89); two of 20 on one partition take
    // 600 + 492.5 − 7.5 = 1,085 WCU, past its 1,000: at 24, 500 + 493.75 − 6.25 = 987.5 (at 23, 1,008.7).
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 1000, peakWriteUnits: 20000, hotKeyShare: 0.3 })).toBe(24);
    expect(sg001?.data?.shards).toBe(24);
    expect(sg003?.data?.shards).toBe(24);
    expect(sg003?.edits).toEqual(sg001?.edits);
    expect(sg001?.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 24, sourceAttribute: 'orderId' } }]);
  });
});

describe('SG001 on a one-valued key', () => {
  // Review stranger17a: a sparse index keyed by a flag holds every flagged item on its one value, so its share is 100%
  // by definition; asking for the hottest value's share (the status-like key note) meant nothing there.
  it('judges the one value at 100% and names a sharded or different key as the fix, with no share to declare', () => {
    const design = table({
      workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
      globalSecondaryIndexes: [{ indexName: 'byReviewFlag', partitionKey: { name: 'reviewFlag', type: 'S', cardinality: 1 } }],
    });
    const [sg001] = lint(design).filter((f) => f.ruleId === 'SG001');
    expect(sg001).toMatchObject({ messageId: 'fewValuesFits', index: 'byReviewFlag', notes: ['indexKeyChanges', 'oneValue'] });
    expect(sg001.message).not.toContain("declare the hottest value's share");
    expect(sg001.message).toMatch(
      /; with one value, every item the index holds has the same key value, which takes all the traffic: its share is 100% by definition/,
    );
    expect(sg001.fix).toMatch(/; a key of one value cannot spread at all: the way past one partition is a sharded key .* or a different key$/);
  });

  // Review quota18: the table's own key of one value spoke of "its hottest value" (as did the index's message), a
  // figure a key of one value does not have: its one value is all of it.
  it.each([
    ['the table key over its partition', { peakReadUnits: 100, peakWriteUnits: 1_200 }, undefined, 'fewValues'],
    ['the table key that fits', { peakReadUnits: 1000, peakWriteUnits: 500 }, undefined, 'fewValuesFits'],
    ['an index key that fits', { peakReadUnits: 1000, peakWriteUnits: 500 }, 'byKind', 'fewValuesFits'],
  ])('names %s by its one value, not a hottest value', (_, workload, indexName, messageId) => {
    const kind = { name: 'kind', type: 'S', cardinality: 1 } as const;
    const design =
      indexName === undefined ? table({ partitionKey: kind, workload }) : table({ workload, globalSecondaryIndexes: [{ indexName, partitionKey: kind }] });
    const [sg001] = lint(design).filter((f) => f.ruleId === 'SG001');
    expect(sg001.messageId).toBe(messageId);
    expect(`${sg001.message} ${sg001.fix}`).not.toMatch(/hottest value/);
    expect(sg001.message).toMatch(
      messageId === 'fewValues'
        ? /, and its one value is over the usable ceiling on one key .* and that value throttles on its own;/
        : /; its one value \(500 of a usable 800 WCU\) saturates its partition when traffic grows 1\.6×[ ;]/,
    );
  });

  it("keeps the status-like note for a flag of two values, where the hottest value's share is a figure to declare", () => {
    const design = table({
      workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
      globalSecondaryIndexes: [{ indexName: 'byReviewFlag', partitionKey: { name: 'reviewFlag', type: 'S', cardinality: 2 } }],
    });
    const [sg001] = lint(design).filter((f) => f.ruleId === 'SG001');
    expect(sg001.notes).toEqual(['indexKeyChanges', 'uniformStatusShare']);
    expect(sg001.fix).not.toContain('a key of one value');
  });
});

describe('SG001 counts agree with their nouns', () => {
  it('says "1 distinct value" and "1 partition ever takes" for a one-valued key over its ceiling', () => {
    const [sg001] = lint(table({ partitionKey: { name: 'kind', type: 'S', cardinality: 1 }, workload: { peakReadUnits: 100, peakWriteUnits: 1_200 } })).filter(
      (f) => f.ruleId === 'SG001',
    );
    expect(sg001).toMatchObject({ messageId: 'fewValues', data: { cardinality: 1 } });
    expect(sg001.message).toContain('has 1 distinct value, below minCardinality 100');
    expect(sg001.message).toContain('at most 1 partition ever takes traffic');
  });
});

describe('SG001 on a first-level value that spans several physical partitions', () => {
  // `/region` (2, 60% declared, largest 55 GB) → `/status`, 9,000 RU/s of writes, 20,000 manual RU/s and 200 GB: 4 partitions
  // of 5,000 (4,000 usable). The region's 5,400 RU/s span ⌈55 ÷ 50⌉ = 2; the other region's (9,000 − 5,400) ÷ 4 = 900 a
  // partition take the 0.9 of one its 1.1 leave: usable 8,000 − 810 = 7,190. It fits, and saturates those two
  // partitions, not "its own partition" (before: one partition).
  it('says it fits the partitions it spans, in the message and the fix', () => {
    const [sg001] = lint(
      container({
        ...regionStatusWrites(2, 0.6),
        partitionKey: {
          paths: [
            { path: '/region', cardinality: 2, hotKeyShare: 0.6, largestGb: 55 },
            { path: '/status', cardinality: 10 },
          ],
        },
        workload: { peakReadUnits: 0, peakWriteUnits: 9_000 },
        storage: { totalGb: 200 },
      }),
    ).filter((f) => f.ruleId === 'SG001');
    expect(sg001).toMatchObject({ messageId: 'fewValuesEachFits', data: { hotPartitions: 2, hotLoad: 5_400, hotUsable: 7_190 } });
    expect(sg001.message).toContain('its hottest first-level value fits the 2 physical partitions it spans (5,400 of a usable 7,190 RU/s)');
    expect(sg001.fix).toMatch(/^no sharding needed at this load \(N = 1: the hottest first-level value fits the 2 physical partitions it spans,/);
  });
});

describe('SG001 on a paged index read, with reads no pattern claims (nbr32 item 2)', () => {
  const leaderboard = (topShare: number) =>
    lint({
      tables: [
        {
          name: 'player-scores',
          partitionKey: { name: 'playerId', type: 'S', cardinality: 10_000_000 },
          workload: { peakReadUnits: 20_000, peakWriteUnits: 5_000 },
          globalSecondaryIndexes: [{ indexName: 'top-scores', partitionKey: { name: 'board', type: 'S', cardinality: 1 }, projectionType: 'KEYS_ONLY' }],
          accessPatterns: [
            { name: 'player-profile', keyAttributes: ['playerId'], share: 0.85 },
            { name: 'top-100', index: 'top-scores', keyAttributes: ['board'], share: topShare, limit: 100 },
          ],
        },
      ],
    }).find((f) => f.ruleId === 'SG001');

  it('the 2,800 RCU of the 3,000 that no pattern claims are said to be so', () => {
    expect(leaderboard(0.01)?.fix).toContain(
      'those reads alone (3,000 RCU of the hottest `board` value, 2,800 of them no pattern claims (accessPatterns[].share)) exceed the usable 2,400 RCU',
    );
  });

  it('every read claimed: no such clause; the re-key leads a sentence of its own, not "or no shard count serves" (nbr32 item 3)', () => {
    const fix = leaderboard(0.15)?.fix;
    expect(fix).toMatch(/^use a higher-cardinality attribute or a composite key; no shard count serves: every page of `top-100`/);
    expect(fix).not.toContain(', or no shard count');
    expect(fix).toContain('those reads alone (3,000 RCU of the hottest `board` value) exceed');
    expect(fix).not.toContain('no pattern claims');
  });
});
