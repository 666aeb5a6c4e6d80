/**
 * warm20: SG003's DynamoDB lever before a count its neighbours set: warm throughput (more partitions), with the count the
 * key then needs, ahead of the wide fan-out; and a key over only beside its neighbours is a warning (adaptive capacity
 * isolates it). Repros from the user review (/work/try20b): designs/flawed/orders.json and probes/prov-full.json.
 */
import { applyDesignEdits, lint, type DesignEdit, type DynamoDbTableDesign } from '../../../lib';
import { lsiTrips, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** Orders, provisioned and auto scaled; GSI `by-status` (5 statuses, PENDING 60% of the index writes, its key mutable). */
function orders(warmThroughput?: { writeUnitsPerSecond: number }): DynamoDbTableDesign {
  return table({
    name: 'orders',
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 4000, peakWriteUnits: 3000 },
    capacity: { read: { min: 1000, max: 8000 }, write: { min: 1000, max: 6000 } },
    globalSecondaryIndexes: [
      {
        indexName: 'by-status',
        partitionKey: { name: 'orderStatus', type: 'S', cardinality: 5, mutable: true },
        sortKey: { name: 'createdAt', type: 'S' },
        workload: { hotKeyShare: 0.6 },
        ...(warmThroughput ? { warmThroughput } : {}),
      },
    ],
    accessPatterns: [
      { name: 'get-order', keyAttributes: ['orderId'], share: 0.9 },
      // Sized (480 KB), so the fix's fan-out is counted and its shards written: with no resultKb none is.
      { name: 'orders-in-status', index: 'by-status', keyAttributes: ['orderStatus'], share: 0.1, resultKb: 480 },
    ],
  });
}

/** A fixed 4,000 WCU table at 80% utilization (3,200 WCU peak) whose hottest account takes 10%: 320 WCU. */
function provFull(warmThroughput?: { writeUnitsPerSecond: number }): DynamoDbTableDesign {
  return table({
    name: 'prov-full',
    partitionKey: { name: 'accountId', type: 'S', cardinality: 100000 },
    workload: { peakReadUnits: 1000, peakWriteUnits: 3200, hotKeyShare: 0.1 },
    capacity: { read: { fixed: 2000 }, write: { fixed: 4000 } },
    ...(warmThroughput ? { warmThroughput } : {}),
  });
}

testRule('SG003', {
  valid: [
    // 7 partitions: 320 + 2,880 ÷ 7 = 731.43 of 800 WCU.
    { name: 'the provisioned table pre-warmed to 7,000 WCU serves its hot account as it is', design: provFull({ writeUnitsPerSecond: 7000 }) },
    // One value takes 90% of 1,000 WCU on demand (4 partitions, a new table's warm throughput): 2 shards, 450 + 550 ÷ 4 =
    // 587.5 of 800. The key's own ceiling needs those 2 (900 > 800 alone), so no warm throughput is offered (below).
    {
      name: 'a key sharded to the count its own ceiling needs',
      design: table({
        partitionKey: { name: 'deviceId', type: 'S', cardinality: 1000 },
        sortKey: { name: 'at', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits: 1000, hotKeyShare: 0.9 },
        sharding: { strategy: 'random', shards: 2 },
      }),
    },
  ],
  invalid: [
    {
      // 8 partitions (the 6,000 WCU SG017 raises the index to, ÷ 80%): 63 shards, 57.14 + 5,942.86 ÷ 8 = 800 of 800. The key
      // alone needs 5 (720 WCU), which fit only at 132 partitions (720 + 5,280 ÷ P ≤ 760, 5% free), past the 40,000 WCU
      // table-level quota that bounds warm throughput; 6 fit at 34: 600 + 5,400 ÷ 34 = 758.82 ≤ 760 (at 33, 763.64).
      // The index takes 2 × 3,000 WCU (its key mutable), 3,600 on PENDING. At the quota's 40 partitions two shards on one
      // need 2 × 3,600 ÷ N × (1 − 1 ÷ 40) + 150 ≤ 1,000: N ≥ 8.26, so 9 (6 gave 1,320); 9 fit it from 26 partitions
      // (800 × (1 − 1 ÷ 26) + 6,000 ÷ 26 = 1,000), and the usable line with 5% free from 16.
      name: 'orders by status: warm throughput for 26 partitions, then 9 shards, ahead of 63 on the 8 counted now',
      design: orders(),
      findings: [
        {
          messageId: 'hotKey',
          index: 'by-status',
          severity: 'error',
          data: { shards: 9, warmPartitions: 26, warmFromPartitions: 8, warmWriteUnits: 26000, currentShards: 63, warmStoredLoad: 400 },
          fix: /; or, to keep reading it by `orderStatus` \(--fix writes none of this, as the re-key leads, and warm throughput cannot be lowered again\): pre-warm index `by-status` to 26,000 write units a second \(warmThroughput\): 26 partitions where 8 are counted now.*, then key index `by-status` by a separate attribute.*\(N = 9 random shards\).*every value, not the hottest alone.*one-off charge for the increase, not capacity billed by the hour.*; or, on the 8 partitions counted now, N = 63 shards/,
          // `orderStatus` is a category: the plan's pre-warm and shards are the alternative to its re-key, and not written.
          edits: undefined,
        },
      ],
    },
    {
      // 4 partitions (4,000 WCU fixed): 320 + 2,880 ÷ 4 = 1,040 of 800; no count up to 1,000 fits (each shard still meets
      // 720). At 7: 320 + 411.43 = 731.43 ≤ 760 (5% free; at 6, 800). Alone 320 fits 800, but 1,040 is past the partition's
      // 1,000 WCU, which adaptive capacity does not lift: an error (fix27b; it was a warning, adaptive capacity's).
      name: 'a provisioned table at 80% utilization: warm throughput serves the hot account as it is, and 1,040 WCU past the partition is an error',
      design: provFull(),
      findings: [
        {
          messageId: 'hotKey',
          path: 'partitionKey',
          severity: 'error',
          notes: ['writeOver', 'writeBeside', 'partitionsCounted', 'pastPartitionMaximum', 'oneItem'],
          data: { warmPartitions: 7, warmFromPartitions: 4, warmWriteUnits: 7000, warmStoredLoad: 320, pastLoad: 1040, pastCeiling: 1000, pastUnit: 'WCU' },
          fix: /^pre-warm the table to 7,000 write units a second \(warmThroughput\): 7 partitions where 4 are counted now.*which serves the hottest `accountId` value as it is.*; or batch the hottest value's writes/,
          edits: [{ op: 'set', path: 'warmThroughput', value: { writeUnitsPerSecond: 7000 } }],
        },
      ],
    },
    {
      // ddb24: no count fits on the 3 partitions counted now (each shard meets 1/3 of the rest: 360 + 2,040 ÷ 3 = 1,040 of
      // 800), and the size needs 2 shards; the warm lever once gave up on any size need, leaving "no count up to 1,000 …
      // batch + DAX". Searched together: 2 shards (the size's) fit at 6 partitions, 360 + 2,040 ÷ 6 = 700 ≤ 760 (5% free;
      // at 5, 768), and the whole key is sharded (the largest collection need not be the hottest value's). Unsharded, 720 + 1,680 ÷ 3
      // = 1,280 WCU is past the partition's 1,000: an error (fix27b; it was adaptive capacity's warning).
      name: 'trips with an LSI and a 9 GB collection at 80% of its writes: warm throughput, then the 2 shards its size needs',
      design: lsiTrips(),
      findings: [
        {
          messageId: 'hotKey',
          path: 'partitionKey',
          severity: 'error',
          data: { pastLoad: 1280, pastCeiling: 1000, shards: 2, warmPartitions: 6, warmFromPartitions: 3, warmWriteUnits: 6000, warmStoredLoad: 360 },
          fix: /^pre-warm the table to 6,000 write units a second \(warmThroughput\): 6 partitions where 3 are counted now.*then shard `cityId` into N = 2 calculated shards on `tripId`/,
          edits: [
            { op: 'set', path: 'warmThroughput', value: { writeUnitsPerSecond: 6000 } },
            { op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 2, sourceAttribute: 'tripId' } },
          ],
        },
      ],
    },
  ],
});

describe('SG003 warm throughput, applied', () => {
  it('leaves orders by status with 9 shards on 26 partitions, which no rule asks to change', () => {
    // `orderStatus` is a category: its fix leads with the re-key and writes no pre-warm (categorical-index.test.ts); the
    // edits the plan would write, applied by hand, still leave nothing to change.
    const sg003 = lint(orders()).find((f) => f.ruleId === 'SG003');
    expect(sg003?.edits).toBeUndefined();
    const edits: DesignEdit[] = [
      { op: 'set', path: 'globalSecondaryIndexes[0].warmThroughput', value: { writeUnitsPerSecond: 26000 } },
      { op: 'set', path: 'globalSecondaryIndexes[0].sharding', value: { strategy: 'random', shards: 9, logicalAttribute: 'orderStatus' } },
      { op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.name', value: 'orderStatusShard' },
      { op: 'set', path: 'accessPatterns[1].keyAttributes', value: ['orderStatusShard'] },
      { op: 'set', path: 'accessPatterns[1].fanOut', value: true },
    ];
    const applied = applyDesignEdits(orders(), edits) as DynamoDbTableDesign;
    expect(applied.globalSecondaryIndexes?.[0]).toMatchObject({ warmThroughput: { writeUnitsPerSecond: 26000 }, sharding: { shards: 9 } });
    const after = lint(applied);
    expect(after.filter((f) => f.ruleId === 'SG003' || f.ruleId === 'SG007')).toEqual([]);
    // SG001 gives the same fix (one plan): it no longer asks for another count.
    expect(after.filter((f) => f.ruleId === 'SG001' && f.severity === 'error')).toEqual([]);
  });

  it('is not offered where the count is no more than the partitions it spreads over (6 shards on 16)', () => {
    // On demand, twice 8,000 WCU: 16 partitions; 1,600 WCU on one tenant: 320 + 7,680 ÷ 16 = 800 at 5 (2 alone); two of 5
    // on one partition take 2 × 320 × (1 − 1 ÷ 16) + 500 = 1,100, of 6, 1,000.
    const design = table({
      partitionKey: { name: 'tenantId', type: 'S', cardinality: 500 },
      sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 800, peakWriteUnits: 8000, hotKeyShare: 0.2 },
    });
    const sg003 = lint(design).filter((f) => f.ruleId === 'SG003');
    expect(sg003).toHaveLength(1);
    expect(sg003[0].data).toMatchObject({ shards: 6, keySpacePartitions: 16 });
    expect(sg003[0].fix).not.toMatch(/pre-warm/);
  });

  it('is not offered, and stays an error, where the key alone is over its partition and needs its own count', () => {
    const design = table({
      partitionKey: { name: 'deviceId', type: 'S', cardinality: 1000 },
      sortKey: { name: 'at', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 100, peakWriteUnits: 1000, hotKeyShare: 0.9 },
    });
    const [sg003] = lint(design).filter((f) => f.ruleId === 'SG003');
    expect(sg003).toMatchObject({ severity: 'error', data: { shards: 2 } });
    expect(sg003.fix).not.toMatch(/pre-warm/);
    expect(sg003.notes ?? []).not.toContain('isolatedByAdaptiveCapacity');
  });
});
