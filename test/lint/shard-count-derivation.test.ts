/**
 * Review 5 item 4: the shard and bucket counts SG003 proposes on a Cosmos DB physical partition's share come from one
 * method, and the fix shows its figures. Each shard (flat key) or bucket (hierarchical first level) is a key value of
 * its own, hashed to a physical partition like any other ("Partitioning and horizontal scaling"; RU/s divided evenly
 * among physical partitions), so beside it that partition expects 1/P of the rest of the container's load, its
 * siblings included: N is the smallest count with  load ÷ N + (peak − load ÷ N) ÷ P ≤ headroom × RU/s ÷ P.
 */
import { lint } from '../../lib';
import type { CosmosContainerDesign } from '../../lib';
import { container, table } from '../fixtures';

const sg003 = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG003');

describe('SG003 bucket count of a hot first level (flawed.json tenant-docs)', () => {
  // 57,000 RU/s autoscale, 800 GB: 16 physical partitions of 3,562.5 RU/s, 2,850 usable; the peak, 45,000 RU/s, is
  // 2,812.5 per partition. One bucket of b RU/s: b + (45,000 − b) ÷ 16 ≤ 2,850 gives b ≤ 40, N = ⌈22,500 ÷ 40⌉ = 563,
  // with 0.03 RU/s to spare: the peak leaves 1.32% of the 45,600 usable free, under the 5% a count needs (roomForCounts).
  // At 61,000 (16 of 3,812.5, 3,050 usable; 45,000 of 48,800 leaves 7.8% free): b × 15/16 ≤ 237.5, b ≤ 253.33, N = 89.
  // (60,000 leaves 6.25% free, but b × 15/16 ≤ 187.5 gives N = 113, above maxShards 100.)
  const tenantDocs = container({
    name: 'tenant-docs',
    partitionKey: {
      paths: [
        // 50 GB, on one physical partition: at 400 GB (half the data for half the traffic) it fills 8 of the 16 partitions
        // alone, at their average load, and fits (review 11).
        { path: '/tenantId', cardinality: 5, hotKeyShare: 0.5, largestGb: 50 },
        { path: '/userId', cardinality: 100000 },
      ],
    },
    throughput: { autoscaleMax: 57000 },
    storage: { totalGb: 800 },
    workload: { peakReadUnits: 30000, peakWriteUnits: 15000 },
  });

  it('says 563, decided by 0.03 RU/s, without offering it, and shows the figures of the count it offers at the raise', () => {
    // Undeclared, the raise is the container's creation, on the 16 partitions its 800 GB need either way: same figures.
    const hit = sg003(tenantDocs);
    expect(hit?.data).toMatchObject({ todayBuckets: 563, buckets: 89, bucketRaiseTo: 61000, bucketPartitions: 16, fewerBuckets: 88 });
    expect(hit?.fix).toMatch(
      /^raise the container's throughput to 61,000 RU\/s \(16 physical partitions of 3,812\.5 RU\/s: created at them, Azure starts the container on one physical partition per 50 GB of its storage, .*hash\(userId\) mod 89 .*; why N = 89: a bucket's 252\.81 RU\/s \+ \(45,000 − 252\.81\) ÷ 16 = 2,796\.7 of the rest of the container's load makes 3,049\.51 of the 3,050 RU\/s usable on its partition \(80% of 3,812\.5\); 88 would make 3,052\.2; the headroom absorbs a less even hash [^;]*; or /,
    );
    expect(hit?.fix).toMatch(
      /; no count is offered at the current throughput: .*the average partition already carries 2,812\.5 RU\/s \(45,000 ÷ 16\) of the 2,850 usable on each \(80% of 3,562\.5\), 1\.32% below it where a count needs 5%: it would take 563 buckets, with 0\.03 RU\/s to spare$/,
    );
    expect(hit?.fix).not.toMatch(/mod 563/);
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
    expect(hit?.fix).toMatch(/why N = 14: a stored key's 642\.86 RU\/s \+ \(30,000 − 642\.86\) ÷ 4/);
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
    // No count at today's RU/s (the note); the fix's N is the one at the raise it leads with (raise-and-shard tests
    // below): review 14, the cheaper raise, 131,600 RU/s with 28 shards (before: 276,900 with 2).
    expect(hit?.data?.shards).toBe(28);
    expect(hit?.message).toMatch(
      /no shard count fits its physical partition: .*the average partition already carries 5,882\.35 RU\/s \(100,000 ÷ 17\) of the 5,882\.35 usable on each/,
    );
  });
});

describe('SG003 raise and shard: no count fits the physical share today, the logical ceiling needs one (ts.json hot-lp)', () => {
  // 100,000 RU/s manual: created on ⌈100,000 ÷ 6,000⌉ = 17 physical partitions. The peak, 100,000 RU/s, fills the
  // usable 80,000, so SG003 judges at SG017's 125,000 (17 × 7,352.94, 5,882.35 usable): the average partition is full.
  // The hottest /deviceId value: 9% of 100,000 = 9,000 RU/s > 8,000 usable of its logical 10,000, so N ≥ 2.
  const hotLp = (overrides: Partial<CosmosContainerDesign> = {}) =>
    container({
      name: 'hot-lp',
      partitionKey: { paths: [{ path: '/deviceId', cardinality: 10000, hotKeyShare: 0.09 }] },
      throughput: { manual: 100000 },
      workload: { peakReadUnits: 10000, peakWriteUnits: 90000 },
      ...overrides,
    });

  it('offers the least RU/s at which the 2 shards the logical ceiling needs fit, siblings counted', () => {
    // Each of 2 shards: 4,500 RU/s, beside (100,000 − 4,500) ÷ P = 95,500 ÷ P. Fits when 4,500 + 95,500 ÷ P ≤ 0.8 × RU ÷ P
    // with P the key space's slices as large as the largest partition's share. Since 0.8 × RU ÷ P' ≤ 8,000, P ≥ 95,500 ÷
    // 3,500 = 27.3; from 17, 18 to 33 partitions leave unsplit ones holding 1/17 ("Best practices for scaling provisioned
    // throughput"), so P' = 34 = 2 × 17, RU > 330,000: 330,100 (manual steps of 100), 34 of 9,708.82: 4,500 + 2,808.82 =
    // 7,308.82 ≤ 7,767.06. (As if even it was 28 partitions at 276,900: 4,500 + 3,410.71 = 7,910.71 ≤ 7,911.43.)
    // Review 14 item 2: it follows the cheaper raise (below) as the alternative with fewer shards; it leads where the
    // cheaper raise's wider fan-out would cost more (the paged reads below).
    const hit = sg003(hotLp());
    expect(hit?.data).toMatchObject({ fewestShards: 2, fewestShardRaiseTo: 330100, fewestShardRaisedPartitions: 34 });
    expect(hit?.fix).toMatch(
      /; or, for fewer shards, create the container at 204,000 RU\/s, no more, then raise it to 330,100 RU\/s \(34 physical partitions of 9,708\.82 RU\/s: [^)]*; declare physicalPartitions: 34 once raised; created at 330,100 RU\/s [^)]*\), then shard into N = 2, the fewest under the hottest value's own ceiling/,
    );
    const paged = sg003(
      hotLp({ accessPatterns: [{ name: 'latest-of-device', keyAttributes: ['/deviceId'], share: 1, limit: 10 }] } as Partial<CosmosContainerDesign>),
    );
    // Each page of the hottest value reads a page of every shard (its 900 RU/s of reads N times, the fix sharding that
    // value alone): at 2 shards the peak is 100,900, and 4,950 + 95,950 ÷ 34 = 7,772.06 > 7,767.06 at 330,100 RU/s. There
    // 3 shards fit (3,600 + 98,200 ÷ 34 = 6,488.24), and 2 need 330,400 (7,772.06 ≤ 7,774.12).
    expect(paged?.data).toMatchObject({ shards: 3, shardStoredLoad: 3600, fewestShards: 2, fewestShardRaiseTo: 330400 });
    expect(paged?.fix).toMatch(
      /^create the container at 204,000 RU\/s, no more, then raise it to 330,100 RU\/s \(34 physical partitions of 9,708\.82 RU\/s: [^)]*; declare physicalPartitions: 34 once raised; created at 330,100 RU\/s [^)]*\), then shard only the hottest `\/deviceId` value, into N = 3 random shards .*a stored key's 3,600 RU\/s \+ \(101,800 − 3,600\) ÷ 34 = 2,888\.24 of the rest of the container's load makes 6,488\.24 of the 7,767\.06 RU\/s usable/,
    );
    expect(paged?.fix).toMatch(
      /; or, for fewer shards, create the container at 204,000 RU\/s, no more, then raise it to 330,400 RU\/s .*then shard into N = 2,/,
    );
    expect(hit?.fix).not.toMatch(/no count up to/);
  });

  it('asks the queries that read a whole /deviceId value to fan out over the 2 shards', () => {
    const hit = sg003(hotLp({ accessPatterns: [{ name: 'readings-of-device', keyAttributes: ['/deviceId'], share: 1 }] }));
    expect(hit?.data).toMatchObject({ shards: 28, fanOutPatterns: ['readings-of-device'] });
    expect(hit?.fix).toMatch(/into N = 28 random shards .*, so set fanOut on `readings-of-device`; 131,600 RU\/s is the least raise/);
  });

  it('leads with the least raise at which a count within maxShards fits with room, and batching upstream stays the alternative', () => {
    // maxShards 100 would fit at 126,800 RU/s (17 partitions, 5,967.06 usable: 90 + (100,000 − 90) ÷ 17 = 5,967.06), but
    // there the peak leaves 1.4% of the usable 101,440 free, and N = 100 is decided by 0.85 RU/s (99: 5,967.91). A count
    // needs 5% free (roomForCounts): 100,000 ≤ 95% × 80% × RU gives RU ≥ 131,579 → 131,600 (17 of 7,741.18, 6,192.94
    // usable). There s + (100,000 − s) ÷ 17 ≤ 6,192.94 gives s ≤ 330, N = ⌈9,000 ÷ 330⌉ = 28 (27: 333.33, over).
    const hit = sg003(hotLp());
    expect(hit?.data).toMatchObject({ leastShardRaiseTo: 131600, leastShardRaisedPartitions: 17, leastShards: 28 });
    // Review 14 item 2: the cheaper raise leads (before: after the 276,900 RU/s for 2 shards).
    expect(hit?.data).toMatchObject({ shards: 28, shardRaiseTo: 131600 });
    expect(hit?.fix).toMatch(
      /^create the container at 102,000 RU\/s, no more, then raise it to 131,600 RU\/s \(17 physical partitions .*\), then shard only the hottest `\/deviceId` value, into N = 28 random shards .*; 131,600 RU\/s is the least raise where a count within maxShards 100 fits, N = 28 the fewest there: .*; or batch the hottest value's writes before they reach the container/,
    );
    // maxShards 10: 900 each, (900 × 17 + 99,100) ÷ 0.8 = 143,000 RU/s; 9 would need (1,000 × 17 + 99,000) ÷ 0.8 = 145,000.
    const ten = sg003(hotLp({ thresholds: { maxShards: 10 } } as Partial<CosmosContainerDesign>));
    expect(ten?.data).toMatchObject({ leastShardRaiseTo: 143000, leastShards: 10 });
  });

  it('keeps the fix of today where a count fits at the current throughput (200,000 RU/s: N = 5)', () => {
    // 200,000 RU/s manual: ⌈200,000 ÷ 6,000⌉ = 34 partitions of 5,882.35, 4,705.88 usable. 5 shards: 1,800 + 98,200 ÷ 34
    // = 4,688.24, fits; 4: 2,250 + 97,750 ÷ 34 = 5,125, does not.
    const hit = sg003(hotLp({ throughput: { manual: 200000 } }));
    expect(hit?.data).toMatchObject({ shards: 5 });
    expect(hit?.fix).toMatch(/^shard only the hottest `\/deviceId` value, into N = 5 random shards/);
    expect(hit?.fix).not.toMatch(/raise the container's throughput/);
  });

  it('says no count where the logical ceiling alone needs more than maxShards (30,000 RU/s: 4 shards, maxShards 3)', () => {
    // 30% of 100,000 = 30,000 RU/s: 3 shards take 10,000 each, over 8,000; 4 take 7,500. No RU/s lift a logical partition.
    const hit = sg003(
      hotLp({
        partitionKey: { paths: [{ path: '/deviceId', cardinality: 10000, hotKeyShare: 0.3 }] },
        thresholds: { maxShards: 3 },
      } as Partial<CosmosContainerDesign>),
    );
    expect(hit?.fix).toMatch(/^no count up to 1,000 keeps the hottest `\/deviceId` value under its ceiling: batch/);
    expect(hit?.fix).not.toMatch(/raise the container's throughput/);
  });

  it("leaves DynamoDB as it is: a partition's 1,000 WCU do not rise with table capacity", () => {
    // 6,000 WCU at 25% on one customerId: 1,500 WCU against 800 usable; table capacity lifts no partition's ceiling.
    const dynamo = lint(
      table({
        name: 'cust-ts',
        partitionKey: { name: 'customerId', type: 'S', cardinality: 100000 },
        sortKey: { name: 'ts', type: 'N' },
        workload: { peakReadUnits: 100, peakWriteUnits: 6000, hotKeyShare: 0.25 },
      }),
    ).find((f) => f.ruleId === 'SG003');
    expect(dynamo?.fix).not.toMatch(/throughput in place|raise the container/);
  });
});
