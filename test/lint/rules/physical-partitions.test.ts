/**
 * Issue 14 §2: a Cosmos DB container's physical partitions under its logical ones, from the throughput
 * and size the design declares, or its declared `physicalPartitions`: a container created with manual
 * throughput starts with one per 6,000 RU/s (18,000 RU/s: three of 6,000, "Partitioning and horizontal
 * scaling"), with autoscale or shared throughput one per 10,000 RU/s, and one per 50 GB ("Best practices for
 * scaling provisioned throughput"); the RU/s are divided evenly among them.
 */
import { lint, type CosmosContainerDesign } from '../../../lib';
import { container } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** Orders keyed by store: the busiest store takes 37.5% of 14,400 RU/s, i.e. 5,400 RU/s (3,750 of them writes). */
function stores(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'orders',
    partitionKey: { paths: [{ path: '/storeId', cardinality: 1000 }] },
    workload: { peakReadUnits: 4_400, peakWriteUnits: 10_000, hotKeyShare: 0.375 },
    ...overrides,
  });
}

/** Five tenants, each device's readings under its own full key: 60,000 RU/s of writes at ingestion. */
function fiveTenants(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'telemetry',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5 },
        { path: '/deviceId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 2_000, peakWriteUnits: 60_000 },
    ...overrides,
  });
}

/** A feed of 100 posts read at 14,000 RU/s: a logical partition hot by its reads alone. */
function feed(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'feeds',
    partitionKey: { paths: [{ path: '/feedId', cardinality: 10_000 }] },
    workload: { peakReadUnits: 14_000, peakWriteUnits: 100, hotKeyShare: 1 },
    storage: { largestPartitionGb: 0.01 },
    thresholds: { maxHotKeyShare: 1 },
    ...overrides,
  });
}

/** A serverless `stores` container of `totalGb`: 3,500 RU/s at peak (or `peak`), 60% of them on the busiest store. */
function serverlessStores(totalGb: number, peak = 3_500): CosmosContainerDesign {
  return stores({
    throughput: 'serverless',
    storage: { totalGb },
    workload: { peakReadUnits: peak * 0.3, peakWriteUnits: peak * 0.7, hotKeyShare: 0.6 },
    thresholds: { maxHotKeyShare: 1 },
  });
}

testRule('SG003', {
  valid: [
    // One physical partition (50 GB) has the container's whole 5,000 RU/s: 2,100 + 1,400 fits its usable 4,000.
    { name: 'serverless on one physical partition: 2,100 RU/s with its neighbours fits', design: serverlessStores(50) },
    { name: 'the 5,400 RU/s key without declared throughput: under the 10,000 RU/s logical ceiling', design: stores() },
    {
      name: 'the 5,400 RU/s key under a 40,000 RU/s autoscale maximum: its 10,000 RU/s partition serves it and its neighbours',
      design: stores({ throughput: { autoscaleMax: 40_000 } }),
    },
    {
      // "Best practices for scaling provisioned throughput": 5 partitions at 30,000 RU/s: 6,000 each, 4,800 usable, and a
      // 2,400 RU/s key with 9,600 / 5 = 1,920 RU/s of neighbours fits.
      name: 'a 2,400 RU/s key in a container declared with 5 physical partitions at 30,000 RU/s manual',
      design: stores({ throughput: { manual: 30_000 }, physicalPartitions: 5, workload: { peakReadUnits: 4_400, peakWriteUnits: 7_600, hotKeyShare: 0.2 } }),
    },
    {
      // Above 80% of its RU/s every physical partition is short: SG017 (and the alerts) speak of capacity, not of one key.
      name: 'a container busier than its usable RU/s: no physical-share finding for one key',
      design: container({
        partitionKey: { paths: [{ path: '/orderId', cardinality: 'unique' }] },
        workload: { peakReadUnits: 3_000, peakWriteUnits: 1_000 },
        throughput: { manual: 4_500 },
      }),
    },
    {
      name: 'five tenants ingesting 6,000 RU/s: each first-level value fits one physical partition',
      design: fiveTenants({ workload: { peakReadUnits: 2_000, peakWriteUnits: 6_000 } }),
    },
    {
      name: 'a first level whose data already spans enough physical partitions (300 GB: 6 of 50 GB)',
      design: fiveTenants({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 5, hotKeyShare: 0.2, largestGb: 300 },
            { path: '/deviceId', cardinality: 'unique' },
          ],
        },
      }),
    },
  ],
  invalid: [
    {
      // 30% of 30,000 RU/s = 9,000, over the 8,000 usable logical ceiling; under a 40,000 RU/s autoscale maximum (4 × 10,000)
      // each shard must also fit 8,000 − 5,250 (neighbours) = 2,750: N = 4 (3 shards of 3,000 would not), and the message says why.
      name: 'a key over its logical ceiling whose N is set by the smaller physical share: both ceilings named',
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 50 }] },
        workload: { peakReadUnits: 20_000, peakWriteUnits: 10_000, hotKeyShare: 0.3 },
        throughput: { autoscaleMax: 40_000 },
      }),
      findings: [
        {
          messageId: 'hotKey',
          // Review 5 item 4: each shard is hashed like any key value, so its sibling shards are among its neighbours:
          // s + (30,000 − s) ÷ 4 ≤ 8,000 gives s ≤ 666.67, N = 14 (it was 4, 9,000 ÷ 2,750, as if the 4 shards
          // landed on 4 different partitions).
          // cosmos16 item 1: the lower ceiling is the one quoted, the share (2,750), not the logical 8,000 shards sized to it
          // would still throttle on (before: "against a usable 8,000 RU/s", then "under that ceiling … which sets N").
          notes: ['requestOverPhysical', 'physicalShareOverLogical'],
          data: {
            requestLoad: 9_000,
            requestUsable: 2_750,
            logicalUsable: 8_000,
            physicalPartitions: 4,
            shards: 14,
            storedNeighbours: 7_339.28571429,
            fewerShards: 13,
          },
          message:
            /9,000 RU\/s against a usable 2,750 RU\/s left on its physical partition: .*lower than the 8,000 RU\/s usable of the 10,000 RU\/s logical-partition ceiling \(which it passes too, so more RU\/s alone would not serve it\), is the ceiling that binds$/,
          fix: /; why N = 14: a stored key's 642\.86 RU\/s \+ \(30,000 − 642\.86\) ÷ 4 = 7,339\.29 of the rest of the container's load makes 7,982\.14 of the 8,000 RU\/s usable on its partition \(80% of 10,000\); 13 would make 8,019\.23/,
        },
      ],
    },
    {
      // The issue's example, as Microsoft Learn counts it: 18,000 RU/s manual start on three physical partitions of 6,000 RU/s
      // (4,800 usable, less 9,000 / 3 for the neighbours). Raising RU/s keeps 3 up to 30,000, then splits: to 4 or 5
      // leaves 2 or 1 unsplit, holding 1/3 of the key space (9,000 / 3 beside the key: 8,400 against at most 8,000), so
      // only 6 (2 × 3, even) serve: 5,400 + 9,000 / 6 = 6,900 ≤ 0.8 × RU / 6 from 51,800 RU/s on the manual grid
      // ("Best practices for scaling provisioned throughput"; was 38,300 on 4, judged as if evenly split).
      name: 'the 5,400 RU/s key in an 18,000 RU/s container: its physical partition, not the logical ceiling, bites',
      design: stores({ throughput: { manual: 18_000 } }),
      findings: [
        {
          messageId: 'hotKey',
          notes: ['requestOverPhysical', 'physicalShare'],
          data: {
            requestLoad: 5_400,
            containerRu: 18_000,
            physicalPartitions: 3,
            partitionRu: 6_000,
            partitionUsable: 4_800,
            neighbourRu: 3_000,
            requestUsable: 1_800,
            logicalCeiling: 10_000,
            raiseTo: 51_800,
            raisedPartitions: 6,
          },
          message:
            /5,400 RU\/s against a usable 1,800 RU\/s left on its physical partition: the container's 18,000 RU\/s are divided among 3 physical partitions of 6,000 RU\/s .*not the 10,000 RU\/s logical-partition ceiling, is the ceiling that bites/,
          fix: /or create the container at 36,000 RU\/s, no more, then raise it to 51,800 RU\/s \(6 physical partitions of 8,633\.33 RU\/s: Azure starts a container on one physical partition per 6,000 RU\/s of manual throughput, and raised up to 6 × 10,000 RU\/s it splits none; declare physicalPartitions: 6 once raised; created at 51,800 RU\/s it would get 9 physical partitions of 5,755\.56 RU\/s\)/,
          // Review 5 item 4: at 14,400 RU/s on 3 partitions the average partition is at its 4,800 usable, so any shard's
          // partition, which expects its share of the sibling shards too, is above it: no count, the raise is the fix.
          edits: false,
        },
      ],
    },
    {
      // Created at 24,000 RU/s (4 partitions) and raised to 40,000 RU/s in place: four partitions of 10,000 serve it, so the
      // existing container is fine (no error, no edit). Created at 40,000 RU/s a new container gets seven of 5,714 (the case
      // below), where it throttles: a warning with the way a new one reaches the four.
      name: 'the 5,400 RU/s key at 40,000 RU/s manual on the 4 physical partitions the container has: a warning for new containers',
      design: stores({ throughput: { manual: 40_000 }, physicalPartitions: 4 }),
      findings: [
        {
          messageId: 'hotKeyInPlaceOnly',
          severity: 'warning',
          path: 'physicalPartitions',
          data: { declaredPartitions: 4, containerRu: 40_000, createdPartitions: 7, createAt: 24_000 },
          fix: /gets its 4 physical partitions only if created at 24,000 RU\/s and then raised in place to 40,000 RU\/s/,
          edits: false,
        },
      ],
    },
    {
      // An autoscale maximum (like shared throughput) starts with one physical partition per 10,000 RU/s: two of 9,000.
      name: 'the same key with its autoscale maximum at 18,000 RU/s',
      design: stores({ throughput: { autoscaleMax: 18_000 } }),
      findings: [{ messageId: 'hotKey', notes: ['requestOverPhysical', 'physicalShare'], data: { physicalPartitions: 2, raiseTo: 39_000 } }],
    },
    {
      // Within the 8,000 RU/s of its partition in full, above only the 80% planned: a warning (Decision 78).
      name: 'a 40,000 RU/s autoscale container whose 250 GB make 5 physical partitions of 8,000 RU/s',
      design: stores({ throughput: { autoscaleMax: 40_000 }, storage: { totalGb: 250 } }),
      findings: [
        {
          messageId: 'hotKey',
          severity: 'warning',
          notes: ['requestOverPhysical', 'physicalShare', 'physicalHeadroomOnly'],
          data: { physicalPartitions: 5, partitionRu: 8_000 },
        },
      ],
    },
    {
      // The same key at 40,000 RU/s manual: created with seven partitions of 5,714 RU/s (one per 6,000).
      name: 'the 5,400 RU/s key at 40,000 RU/s manual: seven physical partitions of 5,714 RU/s',
      design: stores({ throughput: { manual: 40_000 } }),
      findings: [{ messageId: 'hotKey', notes: ['requestOverPhysical', 'physicalShare'], data: { physicalPartitions: 7 } }],
    },
    {
      // Declared: 5 partitions at 30,000 RU/s ("Best practices for scaling provisioned throughput"): 5,400 + 1,800 > 4,800.
      name: 'the 5,400 RU/s key in a container declared with 5 physical partitions at 30,000 RU/s manual',
      design: stores({ throughput: { manual: 30_000 }, physicalPartitions: 5 }),
      findings: [
        {
          messageId: 'hotKey',
          notes: ['requestOverPhysical', 'physicalShare'],
          data: { physicalPartitions: 5, partitionRu: 6_000, neighbourRu: 1_800, requestUsable: 3_000 },
        },
      ],
    },
    {
      // "Azure Cosmos DB serverless account performance" (the lower text, COSMOS_LIMITS): two physical partitions
      // (100 GB) share the container's 5,000 RU/s, 2,500 each (2,000 usable). At a 3,000 RU/s peak the store's 1,800
      // fit its partition's usable 2,000 alone, not with the (3,000 − 1,800) ÷ 2 = 600 its neighbours take there:
      // 2,000 − 600 = 1,400 usable, though the container's 4,000 usable carry the peak. (The old 6,000 RU/s peak is now
      // above the container's usable 4,000: SG017's, not SG003's.) 1,800 + 600 = 2,400 is within the partition's 2,500
      // in full: served at the peak, with no headroom left for a burst, a warning (Decision 78).
      name: 'serverless: a physical partition of 2,500 RU/s (5,000 shared by two), so 1,800 RU/s with its neighbours has no headroom left',
      design: serverlessStores(100, 3_000),
      findings: [
        {
          messageId: 'hotKey',
          severity: 'warning',
          notes: ['requestOverPhysical', 'physicalShare', 'physicalHeadroomOnly'],
          data: { containerRu: 5_000, physicalPartitions: 2, partitionRu: 2_500, neighbourRu: 600, requestUsable: 1_400 },
        },
      ],
    },
    {
      name: 'a key alone above 8,000 RU/s is quoted against its physical share where that is lower still',
      design: stores({ throughput: { autoscaleMax: 100_000 }, workload: { peakReadUnits: 10_000, peakWriteUnits: 20_000, hotKeyShare: 0.3 } }),
      // 9,000 RU/s alone is above 8,000: no share of any physical partition could serve it (the note says so). But its
      // partition (100,000 autoscale: 10 of 10,000, 8,000 usable) leaves it 8,000 − 21,000 ÷ 10 = 5,900, the lower ceiling
      // (cosmos16 item 1; before: notes ['requestOver'], requestCeiling 10,000, requestUsable 8,000).
      findings: [
        {
          messageId: 'hotKey',
          notes: ['requestOverPhysical', 'physicalShareOverLogical'],
          data: { requestCeiling: 10_000, requestUsable: 5_900, logicalUsable: 8_000, neighbourRu: 2_100 },
        },
      ],
    },
    {
      // Issue 14 §2 "Hierarchical keys at ingestion" ("Hierarchical partition keys", Microsoft Learn).
      name: 'five tenants ingesting 60,000 RU/s throttle however unique the devices are',
      design: fiveTenants(),
      findings: [
        {
          messageId: 'prefixHot',
          path: 'partitionKey.paths[0]',
          data: { level: '/tenantId', prefixWrites: 12_000, prefixUsable: 8_000, partitionGb: 50, buckets: 2, source: 'deviceId' },
          fix: /synthetic first level `\/tenantIdBucket` = \/tenantId \+ "-" \+ hash\(deviceId\) mod 2/,
          edits: false,
        },
      ],
    },
    {
      // Review 5 item 1c (d/ts3.json): every write of today carries one date, so hash(date) mod 2 put them all in one
      // bucket; the bucket hashes the item's id, which every Cosmos DB item has.
      name: 'five tenants over a date level: the buckets hash the item id, never the date',
      design: fiveTenants({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 5 },
            { path: '/date', cardinality: 1825 },
          ],
        },
      }),
      findings: [
        {
          messageId: 'prefixHot',
          path: 'partitionKey.paths[0]',
          data: { level: '/tenantId', prefixWrites: 12_000, source: 'id' },
          fix: /`\/tenantIdBucket` = \/tenantId \+ "-" \+ hash\(id\) mod \d+ /,
        },
      ],
    },
    {
      name: 'five tenants over a date and a device: the buckets hash the device, the first deeper level that is no time bucket',
      design: fiveTenants({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 5 },
            { path: '/yyyyMMdd', cardinality: 1825 },
            { path: '/deviceId', cardinality: 'unique' },
          ],
        },
      }),
      findings: [{ messageId: 'prefixHot', data: { source: 'deviceId' }, fix: /hash\(deviceId\) mod \d+ / }],
    },
    {
      // 40% of 2,000 reads + 60,000 writes: 24,800 RU/s, which 3 buckets of 8,267 would not serve.
      name: 'a first level whose 60 GB span 2 physical partitions: still short of 24,800 RU/s',
      design: fiveTenants({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 5, hotKeyShare: 0.4, largestGb: 60 },
            { path: '/deviceId', cardinality: 'unique' },
          ],
        },
      }),
      findings: [
        { messageId: 'prefixHotSpanning', data: { spanned: 2, prefixGb: 60, prefixWrites: 24_000, prefixLoad: 24_800, prefixUsable: 16_000, buckets: 4 } },
      ],
    },
    {
      // Issue 14 §2 "Read-hot containers": copies or the integrated cache, not random shards.
      name: 'a feed read at 14,000 RU/s: 2 replicated copies or the integrated cache, sized by load',
      design: feed(),
      findings: [
        {
          messageId: 'hotKey',
          data: { strategy: 'replicated', shards: 2 },
          fix: /^keep N = 2 replicated copies of each `\/feedId` value .*; or put the integrated cache in front of its reads/,
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 2 } }],
        },
      ],
    },
  ],
});

describe('a write-hot Cosmos DB logical partition still gets write shards', () => {
  it('shards a key whose writes alone exceed its ceiling', () => {
    const [finding] = lint(feed({ workload: { peakReadUnits: 1_000, peakWriteUnits: 14_000, hotKeyShare: 1 } })).filter((f) => f.ruleId === 'SG003');
    expect(finding.data).toMatchObject({ strategy: 'random', shards: 2 });
  });
});

testRule('SG001', {
  valid: [
    {
      name: 'a unique key on one physical partition',
      design: container({ partitionKey: { paths: [{ path: '/orderId', cardinality: 'unique' }] }, throughput: { manual: 4_000 } }),
    },
  ],
  invalid: [
    {
      // Issue 14 §2 "Small containers": every key value shares the one physical partition anyway.
      name: 'five statuses under a 10,000 RU/s autoscale maximum on one physical partition: a warning, not a re-key error',
      design: container({
        partitionKey: { paths: [{ path: '/status', cardinality: 5 }] },
        workload: { peakReadUnits: 4_500, peakWriteUnits: 4_000 },
        throughput: { autoscaleMax: 10_000 },
        storage: { totalGb: 20 },
      }),
      findings: [
        {
          messageId: 'fewValuesOnePhysicalPartition',
          severity: 'warning',
          data: { cardinality: 5, containerRu: 10_000 },
          fix: /before it grows past 10,000 RU\/s or 50 GB/,
        },
      ],
    },
    {
      // 8,500 RU/s over 5 values: each value (1,700 RU/s) fits its logical partition, so a growth warning, not an error (issue 14 §1).
      name: 'the same key without declared throughput: the peak needs more than one partition, each value fits',
      design: container({ partitionKey: { paths: [{ path: '/status', cardinality: 5 }] }, workload: { peakReadUnits: 4_500, peakWriteUnits: 4_000 } }),
      findings: [{ messageId: 'fewValuesEachFits', severity: 'warning' }],
    },
    {
      name: 'the same key in a 20,000 RU/s container (two physical partitions): no longer the one-partition note',
      design: container({
        partitionKey: { paths: [{ path: '/status', cardinality: 5 }] },
        workload: { peakReadUnits: 4_500, peakWriteUnits: 4_000 },
        throughput: { manual: 20_000 },
      }),
      findings: [{ messageId: 'fewValuesEachFits', severity: 'warning' }],
    },
  ],
});

/** A profile lookup by email on a container keyed by user id: half the queries cross partitions. */
function byEmail(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    partitionKey: { paths: [{ path: '/userId', cardinality: 'unique' }] },
    accessPatterns: [
      { name: 'by-user', keyAttributes: ['/userId'], share: 0.5 },
      { name: 'by-email', keyAttributes: ['/email'], share: 0.5 },
    ],
    ...overrides,
  });
}

testRule('SG012', {
  valid: [
    // Issue 14 §2 "Small containers" (query docs: cross-partition queries matter above 30,000 RU/s or 100 GB).
    {
      name: 'a container of 4,000 RU/s and 10 GB: one physical partition, every query visits it anyway',
      design: byEmail({ throughput: { manual: 4_000 }, storage: { totalGb: 10 } }),
    },
    {
      name: 'a container of 30,000 RU/s and 100 GB: at the line, not above it',
      design: byEmail({ throughput: { autoscaleMax: 30_000 }, storage: { totalGb: 100 } }),
    },
  ],
  invalid: [
    { name: 'a small throughput but an unknown size', design: byEmail({ throughput: { manual: 4_000 } }), findings: [{ messageId: 'crossingOne' }] },
    { name: 'more than 30,000 RU/s', design: byEmail({ throughput: { manual: 40_000 }, storage: { totalGb: 10 } }), findings: [{ messageId: 'crossingOne' }] },
    { name: 'more than 100 GB', design: byEmail({ throughput: { manual: 4_000 }, storage: { totalGb: 150 } }), findings: [{ messageId: 'crossingOne' }] },
  ],
});

describe('SG001 on a serverless container of one physical partition', () => {
  // "Azure Cosmos DB serverless account performance": one partition (≤ 50 GB) serves 5,000 RU/s in all, never 10,000.
  it('names the 5,000 RU/s a serverless partition serves as the growth to re-key before, not 10,000', () => {
    const [sg001] = lint(
      container({
        partitionKey: { paths: [{ path: '/status', cardinality: 5 }] },
        workload: { peakReadUnits: 1_500, peakWriteUnits: 1_500 },
        throughput: 'serverless',
        storage: { totalGb: 20 },
      }),
    ).filter((f) => f.ruleId === 'SG001');
    expect(sg001).toMatchObject({ messageId: 'fewValuesOnePhysicalPartition', data: { containerRu: 5_000, partitionRu: 5_000 } });
    expect(sg001.fix).toMatch(/before it grows past 5,000 RU\/s \(all a serverless container serves on one physical partition\) or 50 GB$/);
  });
});
