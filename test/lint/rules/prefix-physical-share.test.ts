/**
 * SG003's hierarchical-key first level on its physical share. A first-level value's documents are co-located on one
 * physical partition and consume only its throughput (Microsoft Learn, "Hierarchical partition keys"); that
 * partition gets an even share of the container's RU/s ("Partitioning and horizontal scaling"), and the other
 * first-level values hashed into it take their part, as a flat key's neighbours do. So the first level is judged
 * on the same physical share SG003 judges a flat key on (neighbours, and SG017's raise when the container's peak
 * is above its usable RU/s), and more container throughput is the other fix when some RU/s within the quota serve it.
 */
import type { CosmosContainerDesign, CosmosKeyPathDesign, CosmosThroughputDesign } from '../../../lib';
import { lint } from '../../../lib';
import { container } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const deeper: CosmosKeyPathDesign[] = [
  { path: '/userId', cardinality: 100_000 },
  { path: '/docId', cardinality: 'unique' },
];

/** The reviewer's design: a bucketed first level of `values` values, the hottest taking `share` of 30,000 reads + 20,000 writes. */
function bucketed(values: number, share: number, throughput: CosmosThroughputDesign = { autoscaleMax: 70_000 }): CosmosContainerDesign {
  return container({
    name: 'bucketed',
    partitionKey: { paths: [{ path: '/tenantIdBucket', cardinality: values, hotKeyShare: share }, ...deeper] },
    workload: { peakReadUnits: 30_000, peakWriteUnits: 20_000 },
    throughput,
  });
}

/** The reviewer's tenant-docs container: 5 tenants, the hottest holding 300 GB of 500. */
function tenantDocs(share: number, autoscaleMax: number): CosmosContainerDesign {
  return container({
    name: 'tenant-docs',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 5, hotKeyShare: share, largestGb: 300 }, ...deeper] },
    workload: { peakReadUnits: 30_000, peakWriteUnits: 20_000 },
    throughput: { autoscaleMax },
    storage: { totalGb: 500 },
    // It holds its 500 GB today, on the 10 partitions they need: declared, its raises are sized in place.
    physicalPartitions: 10,
  });
}

/** `values` equally busy tenants under a hierarchical key, `writes` RU/s of writes in all. */
function evenTenants(values: number, writes: number, throughput: CosmosThroughputDesign): CosmosContainerDesign {
  return container({
    name: 'even',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: values, hotKeyShare: 1 / values }, ...deeper] },
    workload: { peakReadUnits: 0, peakWriteUnits: writes },
    throughput,
  });
}

describe('the first level and the same level as a flat key', () => {
  it('are judged on the same physical share: 7,500 RU/s against 1,928.57 left by 6,071.43 of neighbours', () => {
    const prefix = lint(bucketed(20, 0.15)).find((f) => f.ruleId === 'SG003' && /^prefixHot/.test(f.messageId));
    const flat = lint(container({ ...bucketed(20, 0.15), partitionKey: { paths: [{ path: '/tenantIdBucket', cardinality: 20, hotKeyShare: 0.15 }] } })).find(
      (f) => f.ruleId === 'SG003',
    );
    expect(flat?.data).toMatchObject({ requestUsable: 1928.57142857, neighbourRu: 6071.42857143 });
    expect(prefix?.data).toMatchObject({ prefixLoad: 7500, prefixUsable: flat?.data?.requestUsable, prefixNeighbours: flat?.data?.neighbourRu });
  });
});

testRule('SG003', {
  valid: [
    {
      // The fix below applied (8-fold: 160 values, the hottest 1.875%): 937.5 + 49,062.5 ÷ 7 = 7,946.43 ≤ 8,000.
      name: 'the bucketed first level raised 8-fold, as its fix says: it converges',
      design: bucketed(160, 0.01875),
    },
    {
      // Manual 40,000 RU/s: 7 partitions of 5,714 (4,571 usable); 800 even tenants of 48.75 RU/s make 39,000, above it.
      // SG017's raise (39,000 ÷ 80% = 48,800 on the grid) leaves 7 partitions of 6,971.43 (5,577.14 usable). A tenant's
      // bias above the average partition, 48.75 × 6/7 = 41.79, is under 5% of 5,577.14 = 278.86 (UNIFORM_KEY_TOLERANCE):
      // its partition is judged at the average, 5,571.43, and fits (SG017's alone). On the expectation alone it would
      // not: 48.75 + 38,951.25 ÷ 7 = 5,613.14. (8 tenants of 4,875, the case here before, are not a uniform key at the
      // line: bias 4,178.57; they are SG003's, below.)
      name: 'an evenly loaded first level of many values over capacity: judged at the RU/s SG017 asks for, it fits',
      design: evenTenants(800, 39_000, { manual: 40_000 }),
    },
    {
      // Review 11: 60% of the peak and 300 of the 500 GB, judged at SG017's 63,000 RU/s: 30,000 RU/s on the 6 of 10
      // partitions it fills alone, 5,000 each, the container's average, against 5,040 usable. SG017's alone.
      name: 'a first level over capacity that holds its share of the data: at the RU/s SG017 asks for, it fits',
      design: tenantDocs(0.6, 60_000),
    },
    {
      // The reviewer's f63 before this check counted neighbours; at 88,000 RU/s (the raise it suggests) it fits.
      name: 'tenant-docs at the throughput the finding suggests',
      design: tenantDocs(0.6, 88_000),
    },
  ],
  invalid: [
    {
      // Before: "no findings", while the same level as a flat key drew SG003.
      name: 'a bucketed first level whose partition its neighbours fill: 7,500 RU/s against 1,928.57',
      design: bucketed(20, 0.15),
      findings: [
        {
          messageId: 'prefixHot',
          path: 'partitionKey.paths[0]',
          // No largestGb, no storage: judged on one partition, and the finding says which declaration would change that.
          notes: ['prefixSharedPartition', 'prefixSizeUndeclared', 'prefixThrottles', 'prefixReadsAndWrites'],
          // No raise: 7,500 + 42,500 ÷ P ≤ 8,000 needs P ≥ 85 even slices; from 7 the even counts are 56 and 112, and 112
          // partitions need more than 1,110,000 RU/s, past the 1,000,000 quota (before, as if even: 850,000 on 85, 7,500 +
          // 500 = 8,000, where 29 of the 85 would have stayed unsplit holding 1/56 of the key space each).
          data: { prefixLoad: 7500, prefixUsable: 1928.57142857, prefixNeighbours: 6071.42857143, physicalPartitions: 7, bucketFactor: 8 },
          message:
            /against a usable 1,928\.57 RU\/s left on its physical partition \(80% of its 10,000 RU\/s, less the 6,071\.43 RU\/s the other first-level values hashed there are expected to take: the container's 70,000 RU\/s are divided among 7 physical partitions\) \(judged as under 50 GB, `partitionKey\.paths\[0\]\.largestGb` being undeclared: declare it if the value holds more\): its reads and writes throttle/,
          fix: /^raise the bucket count of `\/tenantIdBucket` 8-fold \(160 values instead of 20\)(?!.*raise the container's throughput in place)/,
        },
      ],
    },
    {
      // N is sized with the neighbours the bucketed design has: 7-fold leaves 1,071.43 + 48,928.57 ÷ 7 = 8,061.22 > 8,000.
      name: 'one factor fewer than the fix says still fires',
      design: bucketed(140, 0.15 / 7),
      findings: [{ messageId: 'prefixHot' }],
    },
    {
      // At 60,000 RU/s its peak is above 48,000 usable (SG017), so it is judged at 63,000: 10 partitions (500 GB) of 6,300,
      // 5,040 usable. Its 300 GB fill 6 of them alone (review 11: no neighbours there; before, 2,000 RU/s of them were
      // subtracted on each, 18,240 usable): 30,240 RU/s, short of the 40,000 its 80% share takes, after that raise too.
      name: 'a first level over capacity is judged at the RU/s SG017 asks for, and offered the RU/s that serve it',
      design: tenantDocs(0.8, 60_000),
      findings: [
        {
          messageId: 'prefixHotSpanning',
          notes: ['prefixFilledPartitions', 'prefixAtCapacityRaise', 'prefixThrottles', 'prefixReadsAndWrites'],
          data: {
            containerRu: 63_000,
            declaredRu: 60_000,
            spanned: 6,
            prefixNeighbours: 0,
            prefixUsable: 30_240,
            raiseTo: 84_000,
            bucketRaiseTo: 67_000,
            buckets: 100,
            todayBuckets: 900,
          },
          message:
            /its documents filling them alone, so no other first-level value's load is on them: .*\(judged at the 63,000 RU\/s the container's peak needs, not its declared 60,000 RU\/s/,
          // 40,000 ÷ 6 = 6,666.67 per partition: 84,000 RU/s (10 of 8,400, 6,720 usable) serve it as it is. Judged at
          // 63,000 its peak leaves 0.79% of the usable 50,400 free: its 900 buckets are said, not offered.
          fix: /^raise the container's throughput in place to 67,000 RU\/s \(10 physical partitions of 6,700 RU\/s; declare physicalPartitions: 10 once raised; the hourly autoscale floor \(10% of the maximum\) rises from 6,000 to 6,700 RU\/s\), the least at which a bucket count within maxShards 100 serves it, then give the first level more values: .* mod 100 .*; why N = 100: .*; or raise the container's throughput in place to 84,000 RU\/s \(10 physical partitions of 8,400 RU\/s; declare physicalPartitions: 10 once raised; the hourly autoscale floor \(10% of the maximum\) rises from 6,000 to 8,400 RU\/s\), which serves the hottest `\/tenantId` value as it is; no count is offered at the current throughput: .*it would take 900 buckets, with 0 RU\/s to spare$/,
        },
      ],
    },
    {
      // f70: 70% of the peak, 35,000 RU/s, on 6 of 10 partitions of 7,000 it fills alone (5,600 usable each: 33,600; before
      // review 11, 1,500 RU/s of neighbours were subtracted on each, 24,600): 73,000 RU/s (10 of 7,300, 6 × 5,840 =
      // 35,040) serve it.
      name: 'a spanning first level within its container capacity gets the computed throughput as the alternative',
      design: tenantDocs(0.7, 70_000),
      findings: [
        {
          messageId: 'prefixHotSpanning',
          data: { prefixLoad: 35_000, prefixUsable: 33_600, raiseTo: 73_000, raisedPartitions: 10, raisedEach: 7_300 },
          // levers35 (moved: this raise followed the buckets as "; or raise …"): served at its peak (a warning), the 70%
          // tenant gets the raise in place first (+4.29%), and SG014 then warns of its share.
          fix: /^raise the container's throughput in place to 73,000 RU\/s \(10 physical partitions of 7,300 RU\/s; declare physicalPartitions: 10 once raised; the hourly autoscale floor \(10% of the maximum\) rises from 7,000 to 7,300 RU\/s\), which serves the hottest `\/tenantId` value as it is: it adds 4\.29% to today's 70,000 RU\/s/,
        },
      ],
    },
    {
      // 8 even tenants of 4,875 RU/s over capacity (manual 40,000, peak 39,000; before, with no neighbours for an even
      // share, they fitted at SG017's raise). At 48,800 RU/s (7 of 6,971.43, 5,577.14 usable) a tenant meets
      // 34,125 ÷ 7 = 4,875: over. A count is offered only with 5% spare: 39,000 ≤ 95% × 80% × RU needs 51,315.79, so
      // 51,400 (7 of 7,342.86, 5,874.29 usable): 14 buckets of 348.21 beside (39,000 − 348.21) ÷ 7 = 5,521.68, 5,869.90;
      // 13: 375 + 38,625 ÷ 7 = 5,892.86, over.
      name: "an evenly loaded first level of 8 values over capacity: over at SG017's raise too, buckets at a raise with room",
      design: evenTenants(8, 39_000, { manual: 40_000 }),
      findings: [
        {
          messageId: 'prefixHot',
          data: { prefixLoad: 4875, buckets: 14, bucketRaiseTo: 51_400, bucketRaisedPartitions: 7, bucketLoad: 348.214285714, bucketTotal: 5869.89795918 },
        },
      ],
    },
    {
      // 20 even tenants of 3,000 RU/s on 10 partitions of 10,000 (autoscale 100,000, peak 60,000: no SG017): each meets
      // 57,000 ÷ 10 = 5,700 beside it, 8,700 on its partition: within the partition's 10,000, above the 80% planned.
      // Not "throttles": the headroom is what is missed; 10,000 − 5,700 = 4,300 in full, 8,000 − 5,700 = 2,300 usable.
      // (The case here before, 5 tenants of 9,000 on 6 partitions of 9,500, now meets 36,000 ÷ 6 = 6,000 and throttles.)
      // Served at its peak, it is a warning (Decision 78), as SG017 warns of a container within its RU/s.
      name: 'a first-level value within its partition but above the headroom is worded as such, and is a warning',
      design: evenTenants(20, 60_000, { autoscaleMax: 100_000 }),
      findings: [
        {
          messageId: 'prefixHot',
          severity: 'warning',
          notes: ['prefixSharedPartition', 'prefixSizeUndeclared', 'prefixHeadroomOnly'],
          data: { prefixLoad: 3_000, prefixRaw: 4_300, prefixUsable: 2_300 },
          message:
            /: within the 4,300 RU\/s those partitions have for it in full, so its peak is served, but above the 80% the design plans to use, so this is a warning: no headroom is left for a burst above the peak, which throttles/,
        },
      ],
    },
  ],
});
