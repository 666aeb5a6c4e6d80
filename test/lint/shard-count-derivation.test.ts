/**
 * Review 5 item 4: the shard and bucket counts SG003 proposes on a Cosmos DB physical partition's share come from one
 * method, and the fix shows its figures. Each shard (flat key) or bucket (hierarchical first level) is a key value of
 * its own, hashed to a physical partition like any other ("Partitioning and horizontal scaling"; RU/s divided evenly
 * among physical partitions), so beside it that partition expects 1/P of the rest of the container's load, its
 * siblings included: N is the smallest count with  load ÷ N + (peak − load ÷ N) ÷ P ≤ headroom × RU/s ÷ P.
 */
import { lint } from '../../lib';
import type { CosmosContainerDesign } from '../../lib';
import { container } from '../fixtures';

const sg003 = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG003');

describe('SG003 bucket count of a hot first level (flawed.json tenant-docs)', () => {
  // 57,000 RU/s autoscale, 800 GB: 16 physical partitions of 3,562.5 RU/s, 2,850 usable; the peak, 45,000 RU/s, is
  // 2,812.5 per partition. One bucket of b RU/s: b + (45,000 − b) ÷ 16 ≤ 2,850 gives b ≤ 40, N = ⌈22,500 ÷ 40⌉ = 563.
  // (16, 22,500 ÷ 1,443.75, would put 1,406.25 + 2,724.61 = 4,130.86 RU/s on each bucket's partition.)
  const tenantDocs = container({
    name: 'tenant-docs',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5, hotKeyShare: 0.5, largestGb: 400 },
        { path: '/userId', cardinality: 100000 },
      ],
    },
    throughput: { autoscaleMax: 57000 },
    storage: { totalGb: 800 },
    workload: { peakReadUnits: 30000, peakWriteUnits: 15000 },
  });

  it('keeps 563 and shows the figures it comes from, and that 562 does not fit', () => {
    const hit = sg003(tenantDocs);
    expect(hit?.data).toMatchObject({ buckets: 563, bucketPartitions: 16, fewerBuckets: 562 });
    expect(hit?.fix).toMatch(
      /hash\(userId\) mod 563 .*; N = 563 as the smallest count that fits: each bucket's 39\.96 RU\/s meets, on its physical partition, 1\/16 of the rest of the container's 45,000 RU\/s, its sibling buckets included, \(45,000 − 39\.96\) ÷ 16 = 2,810 RU\/s: 2,849\.97 RU\/s against the 2,850 usable on it \(80% of 3,562\.5\); at 562 buckets, 2,850\.03 RU\/s/,
    );
  });
});

describe('SG003 shard count of a flat key on its physical share (one method with the buckets)', () => {
  // 40,000 RU/s autoscale: 4 physical partitions of 10,000, 8,000 usable; peak 30,000, 7,500 per partition.
  // A shard of s RU/s: s + (30,000 − s) ÷ 4 ≤ 8,000 gives s ≤ 666.67, N = ⌈9,000 ÷ 666.67⌉ = 14.
  const tenants = (overrides: Partial<CosmosContainerDesign> = {}) =>
    container({
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 50 }] },
      workload: { peakReadUnits: 20_000, peakWriteUnits: 10_000, hotKeyShare: 0.3 },
      throughput: { autoscaleMax: 40_000 },
      ...overrides,
    });

  it('counts the sibling shards among each shard’s neighbours, as the buckets do, and shows the figures', () => {
    const hit = sg003(tenants());
    expect(hit?.data?.shards).toBe(14);
    expect(hit?.fix).toMatch(/N = 14 as the smallest count that fits: each stored key's 642\.86 RU\/s meets, on its physical partition, 1\/4 of the rest/);
  });

  it('the same numbers as a hierarchical first level of the same load give the same count', () => {
    // The same container keyed /tenantId → /userId: its hottest tenant (30% of 30,000 RU/s) gets buckets by the same rule.
    const hierarchical = tenants({
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 50, hotKeyShare: 0.3 },
          { path: '/userId', cardinality: 100000 },
        ],
      },
      workload: { peakReadUnits: 20_000, peakWriteUnits: 10_000 },
    });
    expect(sg003(hierarchical)?.data).toMatchObject({ buckets: 14 });
  });

  it('says why no count fits when the average partition is already at its usable RU/s (ts.json hot-lp)', () => {
    const hotLp = container({
      name: 'hot-lp',
      partitionKey: { paths: [{ path: '/deviceId', cardinality: 10000, hotKeyShare: 0.09 }] },
      throughput: { manual: 100000 },
      workload: { peakReadUnits: 10000, peakWriteUnits: 90000 },
    });
    const hit = sg003(hotLp);
    expect(hit?.data?.shards).toBeUndefined();
    expect(hit?.message).toMatch(/no shard count fits its physical partition: .*100,000 ÷ 17 = 5,882\.35 RU\/s already fills the 5,882\.35 usable on each/);
  });
});
