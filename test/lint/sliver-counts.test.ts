/**
 * Review 9 (fix text): the fix for a Cosmos DB whale tenant whose container's partitions sit at 79% average load offered
 * 9 buckets at 82,000 RU/s, then 62 at 65,000, then 307 at today's 63,000, the last decided by 0.12 RU/s and marked
 * "above maxShards" with no edit. An expert says: add RU/s, then bucket only the whale. A count is now offered only at
 * RU/s whose peak leaves at least 5% of the usable RU/s free (roomForCounts); the raise leads, with the smallest count
 * that works there, and today's count is said, not offered.
 *
 * The whale: `sessions`, 2,000 tenants, the hottest taking 35% of a 50,000 RU/s peak (17,500 RU/s, 80 GB), autoscale
 * 63,000 RU/s over 400 GB: 8 physical partitions. Each of N buckets takes 17,500 ÷ N and meets (50,000 − 17,500 ÷ N) ÷ 8
 * beside it, so N serve when (7/8) × 17,500 ÷ N ≤ 80% × RU ÷ 8 − 6,250 (P stays 8 up to 80,000 RU/s):
 *  - 63,000 (7,875 each, 6,300 usable): 50 RU/s of room, N = 307 (6,299.88; 306: 6,300.04); the peak leaves 0.79% free;
 *  - 65,000 (8,125 each, 6,500 usable): N = 62, but the peak leaves 3.85% of 52,000 free: under 5%, not offered;
 *  - 66,000 (8,250 each, 6,600 usable, 5.3% free): 350 RU/s of room, N = ⌈15,312.5 ÷ 350⌉ = 44 (397.73 + 6,200.28 =
 *    6,598.01; 43: 406.98 + 6,199.13 = 6,606.1);
 *  - past 80,000 the split to 9 leaves 7 of the 8 unsplit, holding 1/8 of the key space each ("Best practices for scaling
 *    provisioned throughput"), so a bucket there meets (50,000 − 17,500 ÷ N) ÷ 8: 90,000 (9 of 10,000, 8,000 usable):
 *    N = 9 (1,944.44 + 6,006.94 = 7,951.39; 8: 2,187.5 + 5,976.56 = 8,164.06), no more buckets than partitions; at
 *    89,000 (7,911.11 usable) 9 take 7,951.39, over. (82,000 before, judged as if the 9 were even: 1,944.44 + 5,339.51.)
 *    A container declared with 9 (even) partitions at 82,000 is served by 9 buckets, as below.
 * The other tenants take 65% ÷ 1,999 of the peak, 16.26 RU/s each: they fit unbucketed, so only the whale needs buckets.
 */
import { lint, type CosmosContainerDesign, type CosmosKeyPathDesign, type Finding } from '../../lib';
import { MIN_SPARE_FOR_COUNTS, roomForCounts } from '../../lib/lint/physical-partition';
import { container } from '../fixtures';

const deeper: CosmosKeyPathDesign[] = [
  { path: '/userId', cardinality: 500000 },
  { path: '/sessionId', cardinality: 'unique' },
];
const whale: CosmosKeyPathDesign = { path: '/tenantId', cardinality: 2000, hotKeyShare: 0.35, largestGb: 80 };

function sessions(first: CosmosKeyPathDesign, autoscaleMax: number, physicalPartitions?: number): CosmosContainerDesign {
  return container({
    name: 'sessions',
    partitionKey: { paths: [first, ...deeper] },
    workload: { peakReadUnits: 30000, peakWriteUnits: 20000 },
    throughput: { autoscaleMax },
    storage: { totalGb: 400 },
    ...(physicalPartitions === undefined ? {} : { physicalPartitions }),
  });
}

const firstLevel = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths[0]');

describe('the rule: a count needs 5% of the usable RU/s free', () => {
  it('holds at exactly 5% and fails just under it', () => {
    expect(MIN_SPARE_FOR_COUNTS).toBe(0.05);
    // 66,000 RU/s at 80%: 52,800 usable, 95% of which is 50,160.
    expect(roomForCounts(50160, 66000, 0.8)).toBe(true);
    expect(roomForCounts(50161, 66000, 0.8)).toBe(false);
    expect(roomForCounts(50000, 65000, 0.8)).toBe(false);
    expect(roomForCounts(50000, 63000, 0.8)).toBe(false);
  });
});

describe("the whale at 79% average load (the reviewer's sessions container)", () => {
  // The reviewer's container exists, on 8 partitions (⌈400 GB ÷ 50⌉ over ⌈63,000 ÷ 10,000⌉ = 7): its raises are in place.
  const hit = () => firstLevel(sessions(whale, 63000, 8));

  it('leads with the raise, then the smallest count there; then fewer buckets for more RU/s', () => {
    const finding = hit();
    expect(finding?.data).toMatchObject({
      bucketRaiseTo: 66000,
      bucketRaisedPartitions: 8,
      buckets: 44,
      bucketLoad: 397.727272727,
      bucketTotal: 6598.01136364,
      fewerTotal: 6606.10465116,
      fewRaiseTo: 90000,
      fewRaisedPartitions: 9,
      fewBuckets: 9,
    });
    expect(finding?.fix).toMatch(
      /^raise the container's throughput in place to 66,000 RU\/s \(8 physical partitions of 8,250 RU\/s; declare physicalPartitions: 8 once raised; the hourly autoscale floor \(10% of the maximum\) rises from 6,300 to 6,600 RU\/s\), the least at which a bucket count within maxShards 100 serves it, then give the first level more values: a synthetic first level `\/tenantIdBucket` = \/tenantId \+ "-" \+ hash\(userId\) mod 44 /,
    );
    expect(finding?.fix).toMatch(
      /; why N = 44: a bucket's 397\.73 RU\/s \+ \(50,000 − 397\.73\) ÷ 8 = 6,200\.28 of the rest of the container's load makes 6,598\.01 of the 6,600 RU\/s usable on its partition \(80% of 8,250\); 43 would make 6,606\.1; the headroom absorbs a less even hash [^;]*; or raise the container's throughput in place to 90,000 RU\/s \(9 physical partitions of 10,000 RU\/s; declare physicalPartitions: 9 once raised; the split to reach it takes Azure typically 4-6 hours, unevenly: partitions left unsplit keep a larger share of the key space, which this raise is judged on; the hourly autoscale floor \(10% of the maximum\) rises from 6,300 to 9,000 RU\/s\), at which 9 buckets serve the hottest `\/tenantId` value, no more than its 9 physical partitions \(the same bucketing with mod 9\); /,
    );
    expect(finding?.edits).toBeUndefined();
  });

  it('says only the whale needs buckets: the other tenants fit unbucketed', () => {
    expect(hit()?.fix).toMatch(
      /; values less hot can keep one bucket \(`\/tenantIdBucket` = \/tenantId, their queries on one partition; the application lists the bucketed values\)/,
    );
  });

  it("says today's 307 buckets and the 0.12 RU/s that decide them, and does not offer them", () => {
    const finding = hit();
    expect(finding?.data).toMatchObject({ todayBuckets: 307, todaySpare: 0.122149837134, averageSpare: 0.00793650793651 });
    expect(finding?.fix).toMatch(
      /; no count is offered at the current throughput: each bucket meets 1\/8 of the rest of the container's load on its physical partition, and the average partition already carries 6,250 RU\/s \(50,000 ÷ 8\) of the 6,300 usable on each \(80% of 7,875\), 0\.79% below it where a count needs 5%: it would take 307 buckets, with 0\.12 RU\/s to spare$/,
    );
    expect(finding?.fix).not.toMatch(/mod 307|above maxShards|65,000 RU\/s|mod 62/);
  });

  // The arithmetic both ways: each offered count, applied at its raise, leaves no finding; one bucket fewer, or the
  // same count one step lower, does. The whale alone bucketed (1,999 + N first-level values) judges the same.
  const bucketed = (buckets: number, values = 2000 * buckets): CosmosKeyPathDesign => ({
    path: '/tenantIdBucket',
    cardinality: values,
    hotKeyShare: 0.35 / buckets,
    largestGb: 80 / buckets,
  });

  it('44 buckets at 66,000 RU/s serve; 43 there, or 44 at 65,000, do not', () => {
    expect(firstLevel(sessions(bucketed(44), 66000, 8))).toBeUndefined();
    expect(firstLevel(sessions(bucketed(44, 1999 + 44), 66000, 8))).toBeUndefined();
    expect(firstLevel(sessions(bucketed(43), 66000, 8))).toBeDefined();
    expect(firstLevel(sessions(bucketed(44), 65000, 8))).toBeDefined();
  });

  it('9 buckets at 82,000 RU/s serve; 8 there, or 9 at 81,000, do not', () => {
    expect(firstLevel(sessions(bucketed(9), 82000, 9))).toBeUndefined();
    expect(firstLevel(sessions(bucketed(9, 1999 + 9), 82000, 9))).toBeUndefined();
    expect(firstLevel(sessions(bucketed(8), 82000, 9))).toBeDefined();
    expect(firstLevel(sessions(bucketed(9), 81000, 9))).toBeDefined();
  });
});

describe('with room today, the count of today is the fix (the rule takes nothing away)', () => {
  it('70,000 RU/s leaves 10.7% free: 21 buckets now, and only the whale needs them', () => {
    // 8 of 8,750, 7,000 usable: 750 RU/s of room, N = ⌈15,312.5 ÷ 750⌉ = 21 (833.33 + 6,145.83 = 6,979.17; 20: 7,015.63).
    const finding = firstLevel(sessions(whale, 70000));
    expect(finding?.data).toMatchObject({ buckets: 21, bucketTotal: 6979.16666667, fewerTotal: 7015.625 });
    expect(finding?.fix).toMatch(/^give the first level more values: .* mod 21 .*; values less hot can keep one bucket/);
    expect(finding?.fix).not.toMatch(/no count is offered|raise the container's throughput in place to/);
  });

  it('does not say only the whale needs buckets where the other values would not fit unbucketed', () => {
    // 3 tenants, the hottest at 40%: the others take 30% of the 50,000 RU/s peak, 15,000 RU/s each, over even a logical
    // partition's 10,000.
    // 40 GB: on one physical partition (undeclared, its size would be inferred as 40% of the 400 GB: 4 partitions).
    const few: CosmosKeyPathDesign = { path: '/tenantId', cardinality: 3, hotKeyShare: 0.4, largestGb: 40 };
    const finding = firstLevel(sessions(few, 70000));
    expect(finding?.fix).toMatch(/give the first level more values/);
    expect(finding?.fix).not.toMatch(/only values as hot/);
  });
});

describe('a flat, unsharded key near the usable line (the same 5% rule)', () => {
  // 1,000 stores, the busiest taking 50% of 6,300 RU/s, on 8,000 manual RU/s (2 partitions of 4,000, 3,200 usable):
  // 6,300 of 6,400 usable leaves 1.56% free. Each of N shards meets (6,300 − 3,150 ÷ N) ÷ 2 beside it: N = 32, decided by
  // 0.78 RU/s (and 64 at 6,350). Before: "shard into N = 32" with its edit. Now the raise that serves it unsharded leads.
  it('offers no shard count: the raise leads, the count is said', () => {
    const design = container({
      name: 'events',
      partitionKey: { paths: [{ path: '/storeId', cardinality: 1000 }] },
      workload: { peakReadUnits: 3000, peakWriteUnits: 3300, hotKeyShare: 0.5 },
      throughput: { manual: 8000 },
      thresholds: { maxHotKeyShare: 1 },
    });
    const sg003 = lint(design).find((f) => f.ruleId === 'SG003');
    expect(sg003?.data).toMatchObject({ shards: 32, raiseTo: 11900, minSpare: MIN_SPARE_FOR_COUNTS });
    expect(sg003?.fix).toMatch(
      /^redistribute [^;]*, which adds no RU\/s \(preview; [^)]*\); or raise the container's throughput in place to 11,900 RU\/s .*; or, at the current throughput, it would take N = 32 keys, .* leaves 1\.56% of the usable RU\/s free, under the 5% a count needs/,
    );
    // The raise it leads with is its edit (one --fix raises once): on the 2 partitions an in-place raise keeps, 11,900
    // gives 5,950 each, 4,760 usable ≥ 3,150 + 3,150 ÷ 2 = 4,725; 11,800 gives 4,720. No shard count is written.
    expect(sg003?.edits).toEqual([{ op: 'set', path: 'throughput.manual', value: 11900 }]);
  });
});
