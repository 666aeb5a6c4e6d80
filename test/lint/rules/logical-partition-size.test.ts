import { lint } from '../../../lib';
import { container, deviceDays, lsiTrips, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const orderId = { name: 'orderId', type: 'S' as const, cardinality: 'unique' as const };
const withLsi = { sortKey: orderId, localSecondaryIndexes: [{ indexName: 'by-date', sortKey: { name: 'createdOn', type: 'S' as const } }] };
const tenantOnly = { paths: [{ path: '/tenantId', cardinality: 500 }] };

const configType = (cardinality: number) =>
  container({
    name: 'config',
    partitionKey: { paths: [{ path: '/configType', cardinality }] },
    throughput: { manual: 4000 },
    workload: { peakReadUnits: 3000, peakWriteUnits: 50 },
    storage: { totalGb: 49 },
  });

testRule('SG006', {
  valid: [
    // cosmos24 item 1: the average (49 GB ÷ 2,000 = 0.0245 GB) is only a lower bound: under the usable share it says nothing.
    { name: 'storage.totalGb over 2,000 values: an average under 16 GB is no finding', design: configType(2000) },
    {
      name: 'a declared largest partition wins over the average (8 GB declared, 24.5 GB average)',
      design: container({ ...configType(2), storage: { totalGb: 49, largestPartitionGb: 8 } }),
    },
    { name: 'a Cosmos DB partition within 16 GB', design: container({ storage: { largestPartitionGb: 16 } }) },
    {
      name: 'a DynamoDB table with an LSI that declares its largest item collection within 8 GB',
      design: table({ ...withLsi, storage: { largestPartitionGb: 6 } }),
    },
    {
      name: 'a DynamoDB table without an LSI and no declared size: no collection limit to check',
      design: table({ sortKey: orderId }),
    },
    {
      name: 'a DynamoDB collection of any size without an LSI (no collection limit)',
      design: table({ sortKey: orderId, storage: { largestPartitionGb: 500 } }),
    },
    // Users think per level: the largest tenant holds 60 GB, but under a unique /userId no full key value is large.
    {
      name: 'a 60 GB tenant under a unique second level',
      design: container({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 500, largestGb: 60 },
            { path: '/userId', cardinality: 'unique' },
          ],
        },
      }),
    },
    // Review 15 item 1: a time bucket repeats under every device (each device has each day): 25 GB ÷ 365 ≈ 0.07 GB per (device, day).
    { name: 'a 25 GB device spread over its 365 days (/deviceId → /day)', design: deviceDays() },
    {
      name: 'a 50 GB partition sharded into 4',
      design: container({ partitionKey: tenantOnly, storage: { largestPartitionGb: 50 }, sharding: { strategy: 'random', shards: 4 } }),
    },
  ],
  invalid: [
    {
      // stranger29a: a depot table with an LSI and no declared size passed CI silently, though its hot depot's
      // ever-later sort key fills 10 GB within days (AWS "Item collection size limit").
      name: 'a DynamoDB table with an LSI and no declared size: a warning that the 10 GB limit is not checked',
      design: table({ ...withLsi }),
      findings: [
        {
          messageId: 'itemCollectionUndeclared',
          severity: 'warning',
          path: 'localSecondaryIndexes[0]',
          data: { localIndexes: ['by-date'], ceiling: 10, usableGb: 8 },
          edits: false,
          message:
            /^this table has a local secondary index \(index `by-date`\), so DynamoDB caps each item collection .* at 10 GB .*no storage\.largestPartitionGb is declared: that limit is not checked$/,
          fix: /^declare storage\.largestPartitionGb, .* against the 8 GB usable at 80%; .*a global secondary index instead of the LSI has no collection limit$/,
        },
      ],
    },
    {
      // cosmos24 item 1: 49 GB over the 2 values of /configType, no largest declared: one value holds at least 24.5 GB,
      // above the 20 GB a logical partition holds. Before: only SG001 ("no change needed").
      name: 'storage.totalGb over 2 values: at least 24.5 GB in one logical partition',
      design: configType(2),
      findings: [
        {
          messageId: 'logicalPartitionAtLeast',
          path: 'storage.totalGb',
          data: { size: 24.5, sizeSource: 'average', totalGb: 49, values: 2, usableGb: 16, shards: 2 },
          message: /^the largest logical partition holds at least 24\.5 GB: 49 GB over 2 values of `\/configType` \(.*a lower bound/,
          fix: /a count sized for the 24\.5 GB average, which the largest value holds at least \(it may hold up to the 49 GB\)/,
        },
      ],
    },
    {
      // A hierarchical key takes at most the product of its levels' values: 300 GB over 3 × 4 = 12 values, 25 GB each.
      name: 'the average over a hierarchical key divides by the product of its levels',
      design: container({
        partitionKey: {
          paths: [
            { path: '/region', cardinality: 3 },
            { path: '/plan', cardinality: 4 },
          ],
        },
        storage: { totalGb: 300 },
      }),
      findings: [{ messageId: 'logicalPartitionAtLeast', data: { size: 25, sizeSource: 'average', values: 12 } }],
    },
    {
      // Review 14 item 4: the level below leads a size fix (Microsoft's answer for keys past 20 GB); the shards
      // stay the alternative and what --fix writes (the new level's attribute is the designer's to name).
      name: 'a 50 GB whale tenant on a one-level key: a deeper level first, or 4 shards',
      design: container({ partitionKey: tenantOnly, storage: { largestPartitionGb: 50 } }),
      findings: [
        {
          messageId: 'logicalPartition',
          path: 'storage.largestPartitionGb',
          data: { size: 50, usableGb: 16, shards: 4 },
          fix: /^make the key hierarchical, `\/tenantId` → \(the new level\): a level of many values that the reads give with `\/tenantId` .*so that one `\/tenantId` value may hold more than 20 GB, over several logical partitions \(and physical ones once past 50 GB\).*; or shard `\/tenantId` into N = 4 random shards.*; or move the largest `\/tenantId` value to its own container/,
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 4 } }],
        },
      ],
    },
    {
      // 60 GB over the largest tenant's average 2 sites = 30 GB per full key value.
      name: 'a size estimated from a declared level',
      design: container({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 500, largestGb: 60 },
            { path: '/siteId', cardinality: 1000 },
          ],
        },
      }),
      findings: [
        {
          messageId: 'logicalPartition',
          path: 'partitionKey.paths',
          data: { size: 30, shards: 2 },
          message: /estimated from partitionKey\.paths\[0\]\.largestGb/,
        },
      ],
    },
    {
      // A device's 240 GB over its 12 months: 20 GB per (device, month), not 240 GB as if each device had one month.
      name: 'a size spread over the time buckets below the level that declares it',
      design: deviceDays(240, { path: '/month', cardinality: 12 }),
      findings: [
        { messageId: 'logicalPartition', path: 'partitionKey.paths', data: { size: 20 }, message: /estimated from partitionKey\.paths\[0\]\.largestGb/ },
      ],
    },
    {
      name: 'a full three-level key is never told to add a fourth',
      design: container({
        partitionKey: {
          paths: [
            { path: '/a', cardinality: 10 },
            { path: '/b', cardinality: 100 },
            { path: '/c', cardinality: 1000 },
          ],
        },
        storage: { largestPartitionGb: 40 },
      }),
      findings: [{ messageId: 'logicalPartition', fix: /^(?!.*add a level)/ }],
    },
    {
      name: 'a DynamoDB item collection over 8 GB with an LSI',
      design: table({ partitionKey: { name: 'customerId', type: 'S', cardinality: 100000 }, ...withLsi, storage: { largestPartitionGb: 12 } }),
      findings: [
        {
          messageId: 'itemCollection',
          data: { size: 12, usableGb: 8, shards: 2 },
          edits: false,
          fix: /^replace the local secondary index with a global one \(no item-collection limit; its queries become eventually consistent\): an LSI can only be created with its table, so this means a new table and a migration of the data; or shard/,
        },
      ],
    },
    {
      // ddb24 item 1: at 80% of a fixed 3,000 WCU (3 partitions) no count serves the hottest city's 720 WCU beside its
      // neighbours, and the fix once fell to "no count up to 1,000 … batch + DAX", which does nothing for size. The size
      // (2 shards: 9 ÷ 8 GB usable) and the load (warm throughput to 6 partitions) are searched together: N = 2.
      name: 'a 9 GB item collection on a provisioned table at 80% of its writes: the shards its size needs, on warmed partitions',
      design: lsiTrips(),
      findings: [
        {
          messageId: 'itemCollection',
          data: { size: 9, usableGb: 8, shards: 2, sizePerPlannedShard: 4.5 },
          edits: false,
          fix: /^replace the local secondary index with a global one .*; or pre-warm the table to 6,000 write units a second \(warmThroughput\).*then shard `cityId` into N = 2 calculated shards on `tripId` \(key#hash\(tripId\) mod 2\): a read for one tripId hits one shard, only whole-key reads fan out over 2 \(9 GB ÷ 2 = 4\.5 GB per shard, within the 8 GB usable\)/,
        },
      ],
    },
  ],
});

describe('one root cause, one fix', () => {
  it('gives a hot and oversized whale the same shards from SG003 and SG006', () => {
    const findings = lint(
      container({ partitionKey: tenantOnly, workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.4 }, storage: { largestPartitionGb: 60 } }),
    );
    const [hot, size] = ['SG003', 'SG006'].map((id) => findings.find((f) => f.ruleId === id));
    // Throughput alone needs 2; 60 GB over 16 usable needs 4: both say 4.
    expect(hot?.data?.shards).toBe(4);
    expect(size?.data?.shards).toBe(4);
    expect(size?.edits).toEqual(hot?.edits);
  });
});
