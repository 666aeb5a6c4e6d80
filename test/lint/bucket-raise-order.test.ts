/**
 * A hierarchical key's bucket raises follow the order a flat key's raise-and-shard options do (since stop 34, review 14
 * item 2): the cheaper raise first, provisioned RU/s being billed every hour they stand ("Pricing model"), unless the
 * reads its wider fan-out multiplies, counted as SG017 counts a fan-out, make it the dearer. One comparator decides both
 * (physical-partition.ts cheaperFirst). Before, past maxShards the fewest buckets (the dearest RU/s) came first.
 */
import { lint, type AccessPatternDesign, type CosmosContainerDesign, type Finding } from '../../lib';
import { container, whaleSessions } from '../fixtures';

/**
 * A 200 GB tenant taking 90% of 50,000 RU/s (20,000 reads, 30,000 writes) on autoscale 70,000 RU/s over 2,000 GB: 40
 * physical partitions. Today it would take 293 buckets, above maxShards 100. The raises (prefix-partition-reads.test.ts
 * has the arithmetic): 85,000 RU/s serve 98 buckets; 118,000 RU/s serve 40, no more than the 40 partitions.
 */
function tenantDocs(accessPatterns?: AccessPatternDesign[]): CosmosContainerDesign {
  return container({
    name: 'tenant-docs',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5, hotKeyShare: 0.9, largestGb: 200 },
        { path: '/userId', cardinality: 200_000 },
        { path: '/docId', cardinality: 'unique' },
      ],
    },
    throughput: { autoscaleMax: 70_000 },
    storage: { totalGb: 2_000 },
    // It holds its 2,000 GB today, on the 40 partitions they need: declared, its raises are sized in place.
    physicalPartitions: 40,
    workload: { peakReadUnits: 20_000, peakWriteUnits: 30_000 },
    ...(accessPatterns ? { accessPatterns } : {}),
  });
}

/**
 * The whale of sliver-counts.test.ts (no count today but by 0.12 RU/s): 66,000 RU/s serve 44 buckets, 90,000 serve 9
 * (82,000 before: its split to 9 leaves 7 of the 8 partitions unsplit, and judged on those 9 buckets need 90,000).
 */
function sessions(accessPatterns?: AccessPatternDesign[]): CosmosContainerDesign {
  // The reviewer's container exists, on 8 partitions (⌈400 GB ÷ 50⌉): declared, its raises are sized in place.
  return whaleSessions({ physicalPartitions: 8, ...(accessPatterns ? { accessPatterns } : {}) });
}

/** A page of a tenant's newest documents (`share` of the reads), which buckets hashed on userId fan out over; the rest name a user. */
const tenantFeed = (share: number): AccessPatternDesign[] => [
  { name: 'tenant-feed', keyAttributes: ['/tenantId'], share, limit: 20 },
  { name: 'user-docs', keyAttributes: ['/tenantId', '/userId'], share: 1 - share },
];

const firstLevel = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths[0]');
const RAISE_TO = /raise the container's throughput in place to ([\d,]+) RU\/s/g;
const raisesInOrder = (finding: Finding | undefined) => [...(finding?.fix ?? '').matchAll(RAISE_TO)].map((m) => m[1]);

describe('past maxShards: the cheaper raise first, as for a flat key', () => {
  it('85,000 RU/s with 98 buckets lead (spelled out), 118,000 with 40 follow', () => {
    const finding = firstLevel(tenantDocs());
    expect(raisesInOrder(finding)).toEqual(['85,000', '118,000']);
    expect(finding?.data).toMatchObject({ buckets: 98, bucketRaiseTo: 85_000, bucketsAtRaise: 98, fewRaiseTo: 118_000, fewBuckets: 40, todayBuckets: 293 });
    expect(finding?.fix).toMatch(
      /^raise the container's throughput in place to 85,000 RU\/s .*, at which 98 buckets serve the hottest `\/tenantId` value, within maxShards 100, .*, then give the first level more values: .* mod 98 .*; why N = 98: .*; or raise the container's throughput in place to 118,000 RU\/s .*, at which 40 buckets serve the hottest `\/tenantId` value, no more than its 40 physical partitions \(the same bucketing with mod 40\); at the current throughput it would take 293 buckets, above maxShards 100$/,
    );
    expect(finding?.edits).toBeUndefined();
  });

  // 4% of the reads page through a tenant. fanOut34: each raise's count is sized with its own fan-out (the container's
  // read peak, and each bucket of the hottest tenant serving every page of its feed in full). At 85,000 RU/s the 98
  // buckets make 20,000 × (0.96 + 0.04 × 98) = 97,600 RU/s of reads, with 30,000 of writes past its 68,000 usable; the
  // 40 at 118,000 no longer serve either. 190,000 RU/s (40 partitions of 4,750) serves with 42 (19,200 + 800 × 42 =
  // 52,800 RU/s of reads), 191,000 with 39 (50,400); before, 118,000 with 40 led and 85,000 with 98 followed.
  it("the wider fan-out's page reads size each raise's count: 190,000 with 42 buckets lead, 191,000 with 39 follow", () => {
    const finding = firstLevel(tenantDocs(tenantFeed(0.04)));
    expect(raisesInOrder(finding)).toEqual(['190,000', '191,000']);
    expect(finding?.data).toMatchObject({ buckets: 42, leastFanOutReads: 52_800, leastCost: 190_000, fewFanOutReads: 50_400, fewCost: 191_000 });
    expect(finding?.fix).toMatch(
      /^raise the container's throughput in place to 190,000 RU\/s .*, at which 42 buckets serve the hottest `\/tenantId` value, .* mod 42 .*; or raise the container's throughput in place to 191,000 RU\/s .*, at which 39 buckets serve the hottest `\/tenantId` value, no more than its 40 physical partitions \(the same bucketing with mod 39\)/,
    );
  });

  it('a page read that names the hashed level (userId) reads one bucket: no fan-out, the cheaper raise leads', () => {
    const finding = firstLevel(
      tenantDocs([
        { name: 'user-feed', keyAttributes: ['/tenantId', '/userId'], share: 0.04, limit: 20 },
        { name: 'user-docs', keyAttributes: ['/tenantId', '/userId'], share: 0.96 },
      ]),
    );
    expect(raisesInOrder(finding)).toEqual(['85,000', '118,000']);
  });
});

describe('no count at the current throughput: the same comparator', () => {
  it('the cheaper raise leads (66,000 RU/s, 44 buckets), then 90,000 with 9', () => {
    expect(raisesInOrder(firstLevel(sessions())).slice(0, 2)).toEqual(['66,000', '90,000']);
  });

  // 5% of the reads page through a tenant. fanOut34: each raise's count is sized with its own fan-out. At 66,000 RU/s
  // the 44 buckets make 30,000 × (0.95 + 0.05 × 44) = 94,500 RU/s of reads, with 20,000 of writes past the raise; the 9
  // at 90,000 no longer serve either (each bucket of the hottest tenant serves every page of its feed in full). 151,000
  // RU/s (16 partitions) serves with 5 (28,500 + 1,500 × 5 = 36,000 RU/s of reads). Before, 90,000 with 9 led and
  // 66,000 with 44 followed.
  it('the wider fan-out sizes each raise: 151,000 RU/s with 5 buckets, spelled out', () => {
    const finding = firstLevel(sessions(tenantFeed(0.05)));
    expect(raisesInOrder(finding)).toEqual(['151,000']);
    expect(finding?.data).toMatchObject({ buckets: 5, bucketsAtRaise: 5, bucketRaiseTo: 151_000, leastFanOutReads: 36_000, leastCost: 151_000 });
    expect(finding?.fix).toMatch(/^raise the container's throughput in place to 151,000 RU\/s .*, then give the first level more values: .* mod 5 /);
  });
});
