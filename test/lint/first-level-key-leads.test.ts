/**
 * SG003 on a hierarchical key whose hottest first-level value no bucket count serves at today's RU/s once the buckets'
 * own fan-out is counted: where the raise that then leads costs more than a change of key (past SMALL_RAISE_SHARE,
 * 25%, above today's RU/s: the README's "Remedies come in the order of what they cost"), the fix says first that the key
 * is the problem, with the share a first-level value may take at today's RU/s and the change of key the declared
 * patterns allow; Microsoft's answer to a low-cardinality hierarchy is to recreate the key, raising the RU/s its
 * workaround ("Frequently asked questions on hierarchical partition keys"). Where the raise is within 25%, it leads alone.
 */
import { lint, type CosmosContainerDesign } from '../../lib';

type Cosmos = CosmosContainerDesign & { engine: 'cosmosdb' };

/** A catastrophe event at 80% of 18,000 RU/s; 500 events; 30,000 RU/s autoscale, 200 GB (4 partitions). */
const catClaims = (largestGb = 30, totalGb = 200): Cosmos => ({
  engine: 'cosmosdb',
  name: 'cat-claims',
  partitionKey: {
    paths: [
      { path: '/catEventId', cardinality: 500, hotKeyShare: 0.8, largestGb },
      { path: '/claimId', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits: 12_000, peakWriteUnits: 6_000 },
  storage: { totalGb },
  throughput: { autoscaleMax: 30_000 },
  // The container exists: its partitions, ⌈max(30,000 ÷ 10,000, GB ÷ 50)⌉, declared.
  physicalPartitions: Math.max(3, Math.ceil(totalGb / 50)),
  accessPatterns: [
    { name: 'claims-of-event', keyAttributes: ['/catEventId'], share: 0.5, limit: 100 },
    { name: 'claim', keyAttributes: ['/catEventId', '/claimId'], share: 0.5 },
  ],
});

/** 8 regions, the hottest 30%; 10% of the reads a page of one region's lobby (bucket-count-fan-out.test.ts). */
const matchmaking = (autoscaleMax: number, peakWriteUnits: number): Cosmos => ({
  engine: 'cosmosdb',
  name: 'matchmaking',
  partitionKey: {
    paths: [
      { path: '/region', cardinality: 8, hotKeyShare: 0.3 },
      { path: '/queueId', cardinality: 160 },
    ],
  },
  throughput: { autoscaleMax },
  // The container exists (a change of key is a copy of its documents): declared on the partitions its maximum started it on.
  physicalPartitions: Math.ceil(autoscaleMax / 10_000),
  storage: { totalGb: 6 },
  workload: { peakReadUnits: 8_000, peakWriteUnits },
  accessPatterns: [
    { name: 'poll-queue', keyAttributes: ['/region', '/queueId'], share: 0.9 },
    { name: 'region-lobby', keyAttributes: ['/region'], share: 0.1, limit: 20 },
  ],
});

const sg003 = (design: Cosmos) => lint(design).find((f) => f.ruleId === 'SG003');

describe('a raise that costs more than a change of key comes after the key', () => {
  it('the catastrophe event: the key leads, then the fan-out that undoes the buckets, then the 10.4x raise', () => {
    const finding = sg003(catClaims());
    // A value's share s fits where 18,000 s + (1 − s) × 18,000 ÷ 4 ≤ 6,000 (80% of 7,500): s ≤ 11.11%, 2,000 RU/s.
    // 8 buckets give 10% each; the raise that leads is 311,000 RU/s, 10.4 times today's 30,000.
    expect(finding?.data).toMatchObject({
      keyMaxShare: 0.1111,
      keyMaxLoad: 2_000,
      plainBuckets: 8,
      keyBucketShare: 0.1,
      keyRaiseTimes: 10.4,
      keyTodayRu: 30_000,
    });
    const fix = finding?.fix ?? '';
    expect(fix).toMatch(
      /^the key is the problem, not the container's RU\/s: one `\/catEventId` value takes 80% of the 18,000 RU\/s, where at today's 30,000 RU\/s a first-level value can take at most 11\.11% \(2,000 RU\/s\) beside the others on its physical partition; the change of key the declared access patterns allow is a first level whose hottest value takes no more, `\/catEventId` bucketed 8 ways on `claimId` \(80% ÷ 8 = 10% each; a new container and a copy of every document, once\)/,
    );
    const order = ['the key is the problem', 'no bucket count serves', "raise the container's throughput in place to 311,000 RU/s"].map((s) => fix.indexOf(s));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]))).toBe(true);
    // --fix writes what it wrote before: no edit (a new key, and a raise that comes with buckets, are the user's).
    expect(finding?.edits).toBeUndefined();
  });

  it('a raise within 25% of today leads alone: 44,000 RU/s raised to 48,000, no key clause', () => {
    const finding = sg003(matchmaking(44_000, 20_000));
    expect(finding?.fix).toMatch(/^no bucket count serves the hottest `\/region` value at this throughput once the buckets' own fan-out is counted/);
    expect(finding?.data?.keyMaxShare).toBeUndefined();
  });

  it('the same design at 40,000 RU/s, raised to 71,000 (1.8 times): the key leads', () => {
    const finding = sg003(matchmaking(40_000, 20_000));
    expect(finding?.fix).toMatch(/^the key is the problem, not the container's RU\/s: one `\/region` value takes 30% /);
    expect(finding?.data).toMatchObject({ plainBuckets: 7, bucketRaiseTo: 71_000, keyRaiseTimes: 1.8 });
  });
});

describe("where a first-level value's documents sit ('Hierarchical partition keys': a partition splits at 50 GB)", () => {
  it('under 50 GB: on one partition until a split of that partition, at 50 GB of its data or by a raise, cuts through them', () => {
    const finding = sg003(catClaims());
    expect(finding?.messageId).toBe('prefixHot');
    expect(finding?.message).toContain(
      "whose documents Azure keeps together on one physical partition until a split of that partition cuts through them (a split comes once the partition holds 50 GB, its data and its neighbours', or with a raise that needs more partitions, and takes hours; SG003 plans a value under 50 GB on one)",
    );
  });

  it('past 50 GB its data already spans partitions: said so, without the one-partition sentence', () => {
    const finding = sg003(catClaims(120, 400));
    expect(finding?.messageId).toBe('prefixHotSpanning');
    expect(finding?.message).toContain('whose 120 GB span only 3 physical partitions');
    expect(finding?.message).not.toContain('cuts through them');
  });
});
