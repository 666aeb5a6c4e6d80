/**
 * cosmos16 item 3: a hierarchical key's first level was judged on the declared (one copy's) workload while its container
 * was counted on N × the GB the declared replicated copies store (`loadAt`, prefix-ingestion.ts). Copies are
 * declarable on a hierarchical key (nothing in normalize refuses them), so this was reachable. Copies of the full key
 * (key#0…key#N−1) stay under its first-level value, as the prefix checks treat its shards: the container takes N × the
 * writes (`withCopies`) and the hottest first-level value its share of them. Where the plan removes the copies (SG007),
 * the first level is judged on the design that fix leaves, as `carried` judges the container.
 * RU/s are divided evenly among physical partitions, one per 6,000 RU/s of manual throughput at creation ("Partitioning
 * and horizontal scaling", "Best practices for scaling provisioned throughput"); a first-level value's documents stay
 * on one physical partition until they hold 50 GB ("Hierarchical partition keys").
 */
import { hotValueReach, lint, normalize, type CosmosContainerDesign, type CosmosKeyDesign } from '../../lib';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { firstLevelJudged } from '../../lib/lint/prefix-ingestion';

/** Posts under tenants: 12,000 RU/s of reads and 3,000 of writes on 60,000 manual (10 partitions of 6,000, 4,800 usable). */
const posts = (copies: number, tenantShare = 0.3, postShare = 0.25): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'posts',
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 50, hotKeyShare: tenantShare },
      { path: '/postId', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits: 12_000, peakWriteUnits: 3_000, hotKeyShare: postShare },
  throughput: { manual: 60_000 },
  storage: { totalGb: 50 * copies },
  ...(copies > 1 ? { sharding: { strategy: 'replicated' as const, shards: copies } } : {}),
});

const prefixHit = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths[0]');

describe("a hierarchical key's first level is judged on the writes of the copies the container keeps (cosmos16 item 3)", () => {
  // The full key's hottest post takes 25%: 3,000 + 750 = 3,750 RU/s, over its partition as one copy (3,750 + 11,250 ÷ 10 =
  // 4,875 > 4,800); 2 copies fit (1,500 + 750 = 2,250 beside (12,000 + 2 × 3,000 − 2,250) ÷ 10 = 1,575: 3,825), so the
  // plan keeps the 2 copies declared.
  it('the hottest tenant takes 30% of 2 × the writes: 3,600 + 1,800 = 5,400 RU/s beside (18,000 − 5,400) ÷ 10 = 1,260', () => {
    const hit = prefixHit(posts(2));
    expect(hit?.data).toMatchObject({
      prefixReads: 3_600,
      prefixWrites: 1_800,
      prefixLoad: 5_400,
      peakWrites: 6_000,
      peakLoad: 18_000,
      prefixNeighbours: 1_260,
      prefixUsable: 3_540,
      // 5,400 + 12,600 ÷ P ≤ 0.8 × RU ÷ P with P = 10 (kept to 100,000): RU ≥ 83,250, 83,300 on the manual grid.
      raiseTo: 83_300,
      raisedPartitions: 10,
      // The cache must answer 1 − (3,540 − 1,800) ÷ 3,600 of its reads.
      cacheMissReads: 1_740,
    });
    expect(hit?.data?.cacheHitShare).toBeCloseTo(1 - 1_740 / 3_600, 9);
  });

  it("before: one copy's writes beside 2 copies' storage (900 RU/s of writes, 1,050 of neighbours, a raise to 69,400)", () => {
    // Without copies the same value takes 3,600 + 900 = 4,500, beside (15,000 − 4,500) ÷ 10 = 1,050: what the copied
    // container was judged on (each figure below is what it said for 2 copies).
    const hit = prefixHit(posts(1));
    expect(hit?.data).toMatchObject({ prefixWrites: 900, prefixLoad: 4_500, prefixNeighbours: 1_050, prefixUsable: 3_750, raiseTo: 69_400 });
  });

  it("the alert reach draws its line on the same load: the hottest tenant's 5,400 RU/s", () => {
    const design = normalize(posts(2)).designs[0].design as CosmosKeyDesign;
    expect(hotValueReach(design)).toMatchObject({ prefixShare: 0.3, prefixLoad: 5_400 });
  });

  it('copies SG007 removes are judged as the one copy its fix leaves (the first level is not sent to buckets for them)', () => {
    // A tenant share of 10% and no hot post: SG007 removes the 3 copies. With them, the tenant would take 1,200 +
    // 10% of 9,000 = 2,100 RU/s beside (21,000 − 2,100) ÷ 10 = 1,890: 3,990 of 4,800; it is judged at one copy:
    // 1,200 + 300 = 1,500 beside (15,000 − 1,500) ÷ 10 = 1,350.
    const needless = posts(3, 0.1, 0.02);
    expect(lint(needless).map((f) => f.ruleId)).toContain('SG007');
    const design = normalize(needless).designs[0].design as CosmosKeyDesign;
    const judged = firstLevelJudged(new DesignAnalysis(design).of(design.primaryKey));
    expect(judged?.value.loads).toEqual({ reads: 1_200, writes: 300 });
    expect(judged?.dimensions[0].physical?.neighbours).toBeCloseTo(1_350, 9);
  });
});
