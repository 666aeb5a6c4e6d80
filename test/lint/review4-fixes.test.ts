/**
 * Review 4 (a README-only stranger's review of 3ec4edf), items 1 and 2: the fixes SG003 gives when no
 * shard count can serve, and when the count a hot first level needs is above maxShards.
 */
import { lint } from '../../lib';
import type { CosmosContainerDesign } from '../../lib';
import { container, reviewEvents, table } from '../fixtures';

const sg003 = (design: Parameters<typeof lint>[0], path: string) => lint(design).find((f) => f.ruleId === 'SG003' && f.path === path);

describe('SG003: reads no shard count spreads (review 4 item 1)', () => {
  // One document (the key ends in a unique id) takes 18%: 3,600 RU/s of reads, which stay on the shard holding it,
  // against 1,342.86 RU/s left on its physical partition ("Partitioning and horizontal scaling").
  const hotItem = (sharding?: { strategy: 'random'; shards: number }) =>
    reviewEvents({
      workload: { peakReadUnits: 20000, peakWriteUnits: 30000, hotKeyShare: 0.18 },
      storage: { totalGb: 120, largestPartitionGb: 1.5 },
      ...(sharding ? { sharding } : {}),
    });

  it('asks for no shard count, says why, and names the cache and the throughput that serve, with their numbers', () => {
    const hit = sg003(hotItem(), 'partitionKey.paths');
    expect(hit?.fix).toMatch(
      /^no shard count serves: the reads of one item stay on the one shard that holds it whatever the count, and those reads alone \(3,600 RU\/s/,
    );
    expect(hit?.fix).toMatch(
      /exceed the usable 1,342\.86 RU\/s; put the integrated cache in front of them \([^)]*\); or raise the container's throughput in place to [\d,]+ RU\/s/,
    );
    expect(hit?.fix).not.toMatch(/N = /);
    expect(hit?.edits).toBeUndefined();
    expect(hit?.data?.shards).toBeUndefined();
  });

  it('names its raise once: SG003 adds no raise of its own to a fix that has one', () => {
    const hit = sg003(hotItem(), 'partitionKey.paths');
    expect(hit?.fix.match(/raise the container's throughput/g)).toHaveLength(1);
    expect(hit?.data).toMatchObject({ unspreadRaiseTo: expect.any(Number) });
    // Which fix it is, is the message id's to say: the data holds no copy of it.
    expect(hit?.data?.unspreadWhy).toBeUndefined();
  });

  it('does not tell a design sharded 5 or 7 ways to "raise" or "lower" its count to 5', () => {
    for (const shards of [5, 7]) {
      const hit = sg003(hotItem({ strategy: 'random', shards }), 'sharding.shards');
      expect(hit?.fix).toMatch(/^no shard count serves/);
      expect(hit?.fix).not.toMatch(/sharding\.shards|N = /);
      expect(hit?.edits).toBeUndefined();
    }
  });

  it('DynamoDB: a single hot item whose reads alone pass 80% of 3,000 RCU gets DAX, not a count', () => {
    // 0.5 × 6,000 RCU = 3,000 RCU of reads on one item, 0.5 × 2,000 WCU = 1,000 WCU of writes; beside the other half on its
    // partition (4 partitions, twice 6,000 RCU and 2,000 WCU: max(4, 4)): 2,400 − 3,000 ÷ 4 = 1,650 RCU left, 800 − 1,000 ÷ 4
    // = 550 WCU.
    const hit = lint(table({ workload: { peakReadUnits: 6000, peakWriteUnits: 2000, hotKeyShare: 0.5 } })).find((f) => f.ruleId === 'SG003');
    expect(hit?.fix).toMatch(/^no shard count serves: the reads of one item .* \(3,000 RCU .* exceed the usable 1,650 RCU; put DAX in front of them/);
    expect(hit?.edits).toBeUndefined();
  });

  it('stays as it was where the reads fit: the shard count for the writes, with edits', () => {
    // 0.5 × 2,000 RCU = 1,000 RCU of reads fit one shard (1,000 + 1,000 ÷ 4 = 1,250); 1,000 WCU of writes need 3 beside
    // their neighbours on 4 partitions (333.33 + 1,666.67 ÷ 4 = 750; at 2, 500 + 375 = 875).
    const hit = lint(table({ workload: { peakReadUnits: 2000, peakWriteUnits: 2000, hotKeyShare: 0.5 } })).find((f) => f.ruleId === 'SG003');
    expect(hit?.fix).not.toMatch(/no shard count serves/);
    expect(hit?.fix).toMatch(/N = 3/);
    expect(hit?.edits).toBeDefined();
  });

  /** 4 uniform tenants, 20,000 RU/s of paged reads and 20,000 of writes, on `manual` RU/s (and `extra` applied). */
  const feeds = (manual: number, extra: Partial<CosmosContainerDesign> = {}) =>
    container({
      name: 'feeds',
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 4 }] },
      throughput: { manual },
      workload: { peakReadUnits: 20000, peakWriteUnits: 20000 },
      accessPatterns: [{ name: 'feed-of-tenant', keyAttributes: ['/tenantId'], share: 1, limit: 25 }],
      ...extra,
    } as Partial<CosmosContainerDesign>);

  it('sizes the raise for its busiest shard with the sibling shards among its neighbours (a uniform key read a page at a time, SG001)', () => {
    // 4 tenants, uniform: 5,000 RU/s of paged reads and 5,000 of writes each; 54,000 RU/s manual on ⌈54,000 ÷ 6,000⌉ = 9
    // partitions of 6,000 (4,800 usable). The reads alone, on every shard, are over 4,800. The writes need N shards of
    // 5,000 ÷ N beside (40,000 − 5,000 ÷ N) ÷ 9 each: 4,444.44 + (5,000 ÷ N) × 8/9 ≤ 4,800 needs N ≥ 12.5, so 13
    // (384.62 + 4,401.71 = 4,786.32; 12: 4,814.81). The busiest shard then takes 5,000 + 384.62 = 5,384.62 RU/s beside
    // 34,615.38 ÷ P: 5,384.62 × P + 34,615.38 ≤ 0.8 × RU. Up to 90,000 P stays 9 (needs 103,846: no); past it
    // P = ⌈RU ÷ 10,000⌉, but from 9 to 10–17 partitions the unsplit ones keep 1/9 of the key space ("Best practices for
    // scaling provisioned throughput"): 5,384.62 + 34,615.38 ÷ 9 = 9,230.77, over any 8,000 usable. At 18 = 2 × 9, past
    // 170,000: 5,384.62 + 34,615.38 ÷ 18 = 7,307.69 ≤ 0.8 × 170,100 ÷ 18 = 7,560. (Judged as if even, it was 137,500 on
    // 14: 75,384.62 + 34,615.38 = 110,000 = 0.8 × 137,500; a container declared with 14 even partitions there is served,
    // as the next test shows.)
    // Before: 650,000 RU/s on 65 partitions. The search was the same; the count it raised for was not: the writes'
    // shards, 5,000 ÷ N × 4N = 20,000 of 40,000, were a uniform key and met the average partition less their own, so
    // 2 fitted (4,444.44 ≤ 4,800), and 2 shards of 7,500 need 7,500 × P + 32,500 ≤ 0.8 × RU: 650,000.
    // On the uniform 1/4 the few tenants are the cause: SG001 gives this fix, and SG003 defers to it.
    const findings = lint(feeds(54000));
    expect(findings.find((f) => f.ruleId === 'SG003')).toBeUndefined();
    const hit = findings.find((f) => f.ruleId === 'SG001' && f.path === 'partitionKey.paths');
    expect(hit?.data).toMatchObject({ unspreadShardLoad: 5384.61538462, unspreadRaiseTo: 170100, unspreadRaisedPartitions: 18 });
    expect(hit?.fix).toMatch(/create the container at 108,000 RU\/s, no more, then raise it to 170,100 RU\/s \(18 physical partitions of 9,450 RU\/s/);
  });

  it('the raise applied, with the 13 write shards it is sized for, leaves no shard over its partition', () => {
    // At 137,500 RU/s on 14 partitions (7,857.14 usable), each of the 52 stored keys (5,384.62 RU/s) meets
    // 34,615.38 ÷ 14 = 2,472.53: 7,857.14, at the line; SG001 stays (4 values), SG003 has nothing to shard further.
    const applied = feeds(137500, { physicalPartitions: 14, sharding: { strategy: 'random', shards: 13 } } as Partial<CosmosContainerDesign>);
    const findings = lint(applied);
    expect(findings.filter((f) => f.ruleId === 'SG003' || f.ruleId === 'SG017')).toEqual([]);
    expect(
      lint(feeds(137000, { physicalPartitions: 14, sharding: { strategy: 'random', shards: 13 } } as Partial<CosmosContainerDesign>)).some(
        (f) => f.ruleId === 'SG003' || (f.ruleId === 'SG001' && f.severity === 'error'),
      ),
    ).toBe(true);
  });
});

describe('SG003: a hot first level needing more buckets than maxShards (review 4 item 2)', () => {
  // Judged at SG017's 63,000 RU/s (the 50,000 RU/s peak ÷ 80%, on the autoscale grid): 7 physical partitions. The
  // hottest tenant takes 30,000 RU/s; N buckets (a first level of 5N values) take 30,000 ÷ N each, and the rest of the
  // peak, 50,000 − 30,000 ÷ N, spreads over the P partitions: N buckets serve when
  // 30,000 ÷ N + (50,000 − 30,000 ÷ N) ÷ P ≤ 80% × RU ÷ P. Raised in place, P stays 7 up to 70,000, then ⌈RU ÷ 10,000⌉.
  //  - today, 63,000 (7 of 9,000, 7,200 usable): 66.67 + 7,133.33 = 7,200 at N = 450, with 0 RU/s to spare: the peak
  //    leaves 0.79% of the 50,400 usable free, under the 5% a count needs (roomForCounts), so 450 is said, not offered;
  //  - 65,000 (7,428.57 usable) would serve 90, but leaves 3.85% free (50,000 of 52,000): not offered either;
  //  - 66,000 (7 of 9,428.57, 7,542.86 usable, 5.3% free): 461.54 + 7,076.92 = 7,538.46 at N = 65 (64: 7,544.64);
  //  - past 70,000 the split is uneven until 14 partitions (2 × 7): the 7 − (P − 7) unsplit ones keep 1/7 of the key
  //    space ("Best practices for scaling provisioned throughput"), so N buckets meet (50,000 − 30,000 ÷ N) ÷ 7 there
  //    (97,000 on 10 with 10 buckets, offered before as if even: 3,000 + 47,000 ÷ 7 = 9,714.29 > 7,760 usable);
  //  - 131,000 (14 of 9,357.14, 7,485.71 usable, the least past 130,000): 3,750 + 46,250 ÷ 14 = 7,053.57 at N = 8
  //    (7: 4,285.71 + 45,714.29 ÷ 14 = 7,551.02).
  it('offers the raises a modeller weighs: 66,000 RU/s → 65, or 131,000 → 8; 450 today said, not offered; no edits', () => {
    const hit = sg003(reviewEvents(), 'partitionKey.paths[0]');
    expect(hit?.data).toMatchObject({
      todayBuckets: 450,
      buckets: 65,
      fewRaiseTo: 131000,
      fewRaisedPartitions: 14,
      fewRaisedEach: 9357.14285714,
      fewBuckets: 8,
      bucketRaiseTo: 66000,
      bucketRaisedPartitions: 7,
      bucketRaisedEach: 9428.57142857,
      bucketLoad: 461.538461538,
      bucketTotal: 7538.46153846,
      fewerTotal: 7544.64285714,
    });
    expect(hit?.fix).toMatch(
      /^raise the container's throughput in place to 66,000 RU\/s \(7 physical partitions of 9,428\.57 RU\/s; declare physicalPartitions: 7 once raised; the hourly autoscale floor \(10% of the maximum\) rises from 6,000 to 6,600 RU\/s\), the least at which a bucket count within maxShards 100 serves it, then give the first level more values: .* mod 65 .*; why N = 65: .*; or raise the container's throughput in place to 131,000 RU\/s \(14 physical partitions of 9,357\.14 RU\/s; declare physicalPartitions: 14 once raised; the split to reach it takes Azure typically 4-6 hours; the hourly autoscale floor \(10% of the maximum\) rises from 6,000 to 13,100 RU\/s\), at which 8 buckets serve the hottest `\/tenantId` value, no more than its 14 physical partitions \(the same bucketing with mod 8\); no count is offered at the current throughput: .* 0\.79% below it where a count needs 5%: it would take 450 buckets, with 0 RU\/s to spare$/,
    );
    expect(hit?.fix).not.toMatch(/above maxShards|65,000 RU\/s|mod 450/);
    expect(hit?.edits).toBeUndefined();
  });

  // The figures above, applied: a bucketed first level (5 × N values, the hottest taking 60% ÷ N) in a container created at that RU/s.
  const bucketedAt = (autoscaleMax: number, buckets: number) =>
    reviewEvents({
      partitionKey: {
        paths: [
          { path: '/tenantIdBucket', cardinality: 5 * buckets, hotKeyShare: 0.6 / buckets },
          { path: '/userId', cardinality: 200000 },
          { path: '/id', cardinality: 'unique' },
        ],
      },
      throughput: { autoscaleMax },
      physicalPartitions: undefined,
    });
  const prefixHot = (design: CosmosContainerDesign) => lint(design).filter((f) => f.ruleId === 'SG003' && /^prefixHot/.test(f.messageId));

  it('each raise serves with its count, and one step less does not', () => {
    expect(prefixHot(bucketedAt(97000, 10))).toEqual([]);
    expect(prefixHot(bucketedAt(96000, 10))).toHaveLength(1);
    expect(prefixHot(bucketedAt(97000, 9))).toHaveLength(1);
    expect(prefixHot(bucketedAt(66000, 65))).toEqual([]);
    expect(prefixHot(bucketedAt(65000, 65))).toHaveLength(1);
    expect(prefixHot(bucketedAt(66000, 64))).toHaveLength(1);
  });

  it('offers one raise where the least one within maxShards already has no more buckets than partitions', () => {
    // maxShards 10: at 131,000 RU/s (above) 8 buckets serve on 14 partitions; below 14 the unsplit partitions' 1/7 needs
    // at least 30 (was 97,000 with 10 on 10, judged as if evenly split). Both raises are one.
    const hit = sg003(reviewEvents({ thresholds: { maxShards: 10 } } as Partial<CosmosContainerDesign>), 'partitionKey.paths[0]');
    expect(hit?.data).toMatchObject({ bucketRaiseTo: 131000, buckets: 8, bucketRaisedPartitions: 14 });
    expect(hit?.data?.fewRaiseTo).toBeUndefined();
    expect(hit?.fix).toMatch(
      /^raise the container's throughput in place to 131,000 RU\/s .*, the least at which a bucket count within maxShards 10 serves it, then give the first level more values: .* mod 8 .*; no count is offered at the current throughput: .*it would take 450 buckets/,
    );
    expect(hit?.fix).not.toMatch(/most of its|; or /);
  });

  it('offers a costlier raise only for fewer buckets than the cheaper one needs', () => {
    // The hottest tenant at 50% (25,000 RU/s), maxShards 10: N buckets serve when N ≥ 25,000 × (P − 1) ÷ (80% × RU − 50,000).
    // That holds on even partitions (P the slices, not the count, where a raise splits only some): up to 70,000 and on 8
    // to 13 partitions (unsplit ones holding 1/7, at most 8,000 usable) it asks N ≥ 25,000 × 6 ÷ (8,000 × 7 − 50,000) = 25,
    // past maxShards (before, as if even: 88,000 on 9 with 10, and 94,000 on 10 with 9). 131,000 (14 = 2 × 7, 7,485.71
    // usable): 25,000 × 13 ÷ (104,800 − 50,000) = 5.93, so 6; no costlier raise serves fewer within the scan's first.
    const hit = sg003(
      reviewEvents({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 5, hotKeyShare: 0.5 },
            { path: '/userId', cardinality: 200000 },
            { path: '/id', cardinality: 'unique' },
          ],
        },
        thresholds: { maxShards: 10 },
      } as Partial<CosmosContainerDesign>),
      'partitionKey.paths[0]',
    );
    expect(hit?.data).toMatchObject({ bucketRaiseTo: 131000, buckets: 6, bucketRaisedPartitions: 14 });
    expect(hit?.data?.fewRaiseTo).toBeUndefined();
    expect(hit?.fix).toMatch(/^raise the container's throughput in place to 131,000 RU\/s .*, the least at which .* mod 6 /);
  });

  it('honours a design maxShards, and offers no count decided by a sliver even within it', () => {
    // maxShards 500: 450 buckets are within it, but fit today with 0 RU/s to spare (0.79% of the usable RU/s free).
    const hit = sg003(reviewEvents({ thresholds: { maxShards: 500 } } as Partial<CosmosContainerDesign>), 'partitionKey.paths[0]');
    expect(hit?.fix).toMatch(
      /^raise the container's throughput in place to 66,000 RU\/s .*, the least at which a bucket count within maxShards 500 serves it, then .* mod 65 /,
    );
    expect(hit?.fix).toMatch(/; no count is offered at the current throughput: .*it would take 450 buckets, with 0 RU\/s to spare$/);
    expect(hit?.fix).not.toMatch(/above maxShards|mod 450/);
  });

  it('stays as it was when the count is within maxShards (autoscale 100,000: 9 buckets)', () => {
    const hit = sg003(reviewEvents({ throughput: { autoscaleMax: 100000 }, physicalPartitions: undefined }), 'partitionKey.paths[0]');
    expect(hit?.fix).toMatch(/^give the first level more values: .* mod 9 /);
    expect(hit?.fix).not.toMatch(/above maxShards/);
  });
});
