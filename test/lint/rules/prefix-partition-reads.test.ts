/**
 * SG003's hierarchical-key first level counts reads as well as writes: a first-level value's data stays on one
 * physical partition until it holds 50 GB and splits ("Hierarchical partition keys", Microsoft Learn), so the
 * reads scoped to it land there too, and Cosmos DB charges reads and writes to that partition's one RU/s
 * budget ("Partitioning and horizontal scaling").
 */
import type { CosmosContainerDesign, CosmosKeyPathDesign } from '../../../lib';
import { container } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const deeper: CosmosKeyPathDesign[] = [
  { path: '/userId', cardinality: 200_000 },
  { path: '/docId', cardinality: 'unique' },
];

/** Five tenants' documents; the hottest tenant takes `share` of every read and write. */
function tenants(workload: CosmosContainerDesign['workload'], first: Partial<CosmosKeyPathDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'tenant-docs',
    partitionKey: {
      paths: [{ path: '/tenantId', cardinality: 5, hotKeyShare: 0.6, largestGb: 40 }, ...deeper].map((p, i) => (i === 0 ? { ...p, ...first } : p)),
    },
    throughput: { autoscaleMax: 70_000 },
    workload,
  });
}

testRule('SG003', {
  valid: [
    // 20% of 20,000 RU/s is 4,000, beside the other tenants' 16,000 ÷ 7 = 2,285.71: 6,285.71 of the usable 8,000.
    {
      name: 'a first level whose hottest value fits its partition beside its neighbours, writes only',
      design: tenants({ peakReadUnits: 0, peakWriteUnits: 20_000 }, { hotKeyShare: 0.2 }),
    },
    {
      name: 'the same with reads taking part of it',
      design: tenants({ peakReadUnits: 5_000, peakWriteUnits: 15_000 }, { hotKeyShare: 0.2 }),
    },
  ],
  invalid: [
    // 20% of 40,000 RU/s is 8,000: exactly the usable 80% of one 10,000 RU/s physical partition, but the other 4 tenants'
    // 32,000 ÷ 7 = 4,571.43 are expected beside it (each hashed there with probability 1/7): 12,571.43, over. Before (an
    // even share, no neighbours): no finding. N = 3: 2,666.67 RU/s a bucket beside (40,000 − 2,666.67) ÷ 7 = 5,333.33,
    // 8,000 of 8,000; 2 buckets: 4,000 + 36,000 ÷ 7 = 9,142.86. (A bucket's bias, 2,666.67 × 6/7 = 2,285.71, is far above
    // 5% of 8,000: UNIFORM_KEY_TOLERANCE does not apply.)
    ...[
      [
        'a first level whose hottest value takes exactly its usable RU/s of writes, no reads: its neighbours put it over',
        { peakReadUnits: 0, peakWriteUnits: 40_000 },
      ],
      ['the same with reads taking the rest', { peakReadUnits: 10_000, peakWriteUnits: 30_000 }],
    ].map(([name, workload]) => ({
      name: name as string,
      design: tenants(workload as CosmosContainerDesign['workload'], { hotKeyShare: 0.2 }),
      findings: [
        {
          messageId: 'prefixHot',
          data: { prefixLoad: 8_000, buckets: 3, bucketLoad: 2666.66666667, bucketNeighbours: 5333.33333333, bucketTotal: 8000, fewerTotal: 9142.85714286 },
        },
      ],
    })),
    {
      // The reviewer's case: 60% of 47,000 reads + 3,000 writes = 30,000 RU/s on one 10,000 RU/s physical partition, whose
      // other first-level values take 20,000 ÷ 7 RU/s of it (prefix-physical-share.test.ts).
      name: 'a read-heavy hottest tenant: its reads put 30,000 RU/s on one physical partition',
      design: tenants({ peakReadUnits: 47_000, peakWriteUnits: 3_000 }),
      findings: [
        {
          messageId: 'prefixHot',
          path: 'partitionKey.paths[0]',
          notes: ['prefixSharedPartition', 'prefixThrottles', 'prefixReadsAndWrites'],
          data: { traffic: 'both', peakLoad: 50_000, prefixLoad: 30_000, prefixReads: 28_200, prefixWrites: 1_800, prefixUsable: 5_142.85714286, buckets: 30 },
          message:
            /^the hottest `\/tenantId` value takes 60% \(declared\) of the 50,000 RU\/s of reads and writes: 30,000 RU\/s under one first-level value, .*: its reads and writes throttle however unique `\/userId`, `\/docId` are \(28,200 RU\/s of reads and 1,800 RU\/s of writes, charged to the same RU\/s\)$/,
          fix: /hash\(userId\) mod 30 /,
        },
      ],
    },
    {
      // Writes alone (1,800 RU/s of them) would fit: the 6,400 of reads push the hottest value over. N buckets of
      // 8,200 ÷ N beside (41,000 − 8,200 ÷ N) ÷ 7: 41,000 ÷ 7 + (8,200 ÷ N) × 6/7 ≤ 8,000 needs N ≥ 3.28, so 4
      // (before, with no neighbours for an even share, 2).
      name: 'reads push the hottest first-level value over its partition: 20% of 9,000 writes + 32,000 reads',
      design: tenants({ peakReadUnits: 32_000, peakWriteUnits: 9_000 }, { hotKeyShare: 0.2 }),
      findings: [{ messageId: 'prefixHot', data: { prefixWrites: 1_800, prefixReads: 6_400, prefixLoad: 8_200, buckets: 4 } }],
    },
    {
      // The reviewer's second case: the tool's own fix of the writes alone (N = 3, 15 buckets) leaves the hottest bucket
      // at 20% of 20,000 reads + 30,000 writes = 10,000 RU/s. Counting the reads, N is 4.
      name: 'a bucketed first level sized for the writes alone: the hottest bucket still takes 10,000 RU/s',
      design: tenants({ peakReadUnits: 20_000, peakWriteUnits: 30_000 }, { path: '/tenantIdBucket', cardinality: 15, hotKeyShare: 0.2, largestGb: 14 }),
      findings: [{ messageId: 'prefixHot', data: { prefixReads: 4_000, prefixWrites: 6_000, prefixLoad: 10_000 } }],
    },
    {
      // Sized by reads and writes, with the neighbours each bucket's partition then holds: 30 buckets of 1,000 RU/s.
      name: 'the tenant key before bucketing: sized by reads and writes, N = 30',
      design: tenants({ peakReadUnits: 20_000, peakWriteUnits: 30_000 }),
      findings: [{ messageId: 'prefixHot', data: { prefixLoad: 30_000, buckets: 30 } }],
    },
    {
      name: 'without reads, the finding reads as before: ingestion, of writes, no breakdown',
      design: tenants({ peakReadUnits: 0, peakWriteUnits: 30_000 }),
      findings: [
        {
          messageId: 'prefixHot',
          notes: ['prefixSharedPartition', 'prefixThrottles'],
          data: { traffic: 'writes', prefixLoad: 18_000, prefixWrites: 18_000, buckets: 5 },
          message: /of the 30,000 RU\/s of writes: 18,000 RU\/s under one first-level value, .*: ingestion throttles however unique `\/userId`, `\/docId` are$/,
        },
      ],
    },
    {
      name: 'without writes: its reads throttle',
      design: tenants({ peakReadUnits: 30_000, peakWriteUnits: 0 }),
      findings: [
        {
          messageId: 'prefixHot',
          notes: ['prefixSharedPartition', 'prefixThrottles'],
          data: { traffic: 'reads', prefixLoad: 18_000 },
          message: /of the 30,000 RU\/s of reads: .*: its reads throttle however/,
        },
      ],
    },
    {
      // A steady-state 200 GB tenant spans 4 physical partitions of 1,750 RU/s (70,000 RU/s over 40 for 2,000 GB).
      // Its 200 GB fill them alone (review 11: before, 5,000 ÷ 40 RU/s of neighbours were subtracted on each, 5,100 left):
      // 4 × 1,400 = 5,600 RU/s. At 50,000 of
      // 56,000 usable RU/s each partition has 150 RU/s of slack, so a bucket may take 153.85 at most: N = 293, above
      // maxShards 100, so said, not offered: the raises lead, the cheaper first (RU/s billed every hour, cheaperFirst): 85,000
      // RU/s (40 partitions of 2,125) with 98 buckets, then 118,000 with 40, no more than its partitions. Before: the 118,000
      // led (fewest buckets first, the dearest raise), unlike a flat key's raises.
      name: 'a large tenant spanning 4 physical partitions: 45,000 RU/s of reads and writes against 5,600',
      design: container({
        name: 'tenant-docs',
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 5, hotKeyShare: 0.9, largestGb: 200 }, ...deeper] },
        throughput: { autoscaleMax: 70_000 },
        storage: { totalGb: 2_000 },
        workload: { peakReadUnits: 20_000, peakWriteUnits: 30_000 },
      }),
      findings: [
        {
          messageId: 'prefixHotSpanning',
          notes: ['prefixFilledPartitions', 'prefixThrottles', 'prefixReadsAndWrites'],
          data: {
            spanned: 4,
            prefixLoad: 45_000,
            prefixUsable: 5_600,
            todayBuckets: 293,
            buckets: 98,
            bucketRaiseTo: 85_000,
            fewRaiseTo: 118_000,
            fewBuckets: 40,
          },
          message: /whose 200 GB span only 4 physical partitions .*: its reads and writes throttle/,
        },
      ],
    },
  ],
});
