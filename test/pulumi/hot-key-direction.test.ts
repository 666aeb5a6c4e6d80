/**
 * The hotKey alert's "design's own load" of the hottest key follows `workload.hotKeyOperations`, as the lint does
 * (lib/lint/analysis.ts): a key only read takes its share of the reads, none of the writes. With the share taken of
 * reads and writes together, a read-only key's declared load was overstated, and where that overstatement sat above the
 * headroom's line the alert's line rose with it (an alert that could stay quiet on a key past its plan).
 */
import { hotValueReach, normalize, type CosmosContainerDesign, type CosmosKeyDesign } from '../../lib';
import { planAlerts } from '../../lib/pulumi/alert-plan';

const container = (hotKeyOperations?: 'reads' | 'writes' | 'both'): CosmosKeyDesign => {
  const input: CosmosContainerDesign = {
    engine: 'cosmosdb',
    name: 'profiles',
    partitionKey: { paths: [{ path: '/userId', cardinality: 1_000_000 }] },
    workload: { peakReadUnits: 6_000, peakWriteUnits: 2_000, hotKeyShare: 0.05, ...(hotKeyOperations ? { hotKeyOperations } : {}) },
    throughput: { manual: 20_000 },
  };
  return normalize(input).designs[0].design as CosmosKeyDesign;
};

describe('the hotKey alert reads the hot key load the way the lint does (workload.hotKeyOperations)', () => {
  it.each([
    ['both (the default)', undefined, 400],
    ['reads only', 'reads' as const, 300],
    // Moved 100 → 100.006: hot by its writes (5% of 2,000), the user is still read as often as any of the 1,000,000
    // (6,000 ÷ 1,000,000 = 0.006 RU/s), as the lint counts it.
    ['writes only', 'writes' as const, 100.006],
  ])('%s: 5%% of the directions that carry it', (_label, operations, expected) => {
    expect(hotValueReach(container(operations)).keyLoad).toBeCloseTo(expected, 9);
  });
});

describe("the hotPrefix alert's planned load of the hottest first-level value counts the writes as SG003 does (cachecopies15 item 1)", () => {
  /** /categoryId (400 values, the hottest 35%) → /productId, 60,000 RU/s of reads and 2,000 of writes. */
  const categories = (hotKeyOperations: 'reads' | 'writes' | 'both'): CosmosKeyDesign => {
    const input: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'catalogue',
      partitionKey: {
        paths: [
          { path: '/categoryId', cardinality: 400, hotKeyShare: 0.35 },
          { path: '/productId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 60_000, peakWriteUnits: 2_000, hotKeyOperations },
      throughput: { autoscaleMax: 100_000 },
    };
    return normalize(input).designs[0].design as CosmosKeyDesign;
  };

  it.each([
    // Before: 35% of both, 21,700, for all three.
    ['reads: 35% of the reads, the uniform 1/400 of the writes', 'reads' as const, 21_000 + 5],
    ['writes: 35% of the writes, the uniform 1/400 of the reads', 'writes' as const, 150 + 700],
    ['both: 35% of each', 'both' as const, 21_700],
  ])('%s', (_label, operations, expected) => {
    expect(hotValueReach(categories(operations)).prefixLoad).toBeCloseTo(expected, 9);
  });
});

/**
 * cli29 (a stranger's e-learning design): a leaderboard container whose hottest course takes 80% of 24,500 RU/s of reads,
 * kept as 10 replicated copies, on 4 physical partitions of 10,000 RU/s where the neighbours take 6,885: each copy can
 * reach 3,115 RU/s and is planned at 1,960 (SG003: a warning, served but above the 80% headroom). The hotKey line took
 * the value's 19,600 RU/s over all copies for the plan, as if it were above the ceiling (SG003 acknowledged), and drew
 * 95% of the reach (2,959); a copy's plan is 1,960, so the line is the headroom's 80%: 2,492.
 */
describe("the hotKey alert's line for replicated copies counts one copy's load, as SG003 does", () => {
  const leaderboards = (hotKeyShare: number): CosmosKeyDesign => {
    const input: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'leaderboards',
      partitionKey: { paths: [{ path: '/courseId', cardinality: 20_000 }] },
      workload: { peakReadUnits: 24_500, peakWriteUnits: 500, hotKeyShare, hotKeyOperations: 'reads' },
      sharding: { strategy: 'replicated', shards: 10 },
      throughput: { autoscaleMax: 40_000 },
      storage: { totalGb: 2, largestPartitionGb: 0.01 },
      accessPatterns: [{ name: 'leaderboard-of-course', keyAttributes: ['/courseId'], share: 1 }],
    };
    return normalize(input).designs[0].design as CosmosKeyDesign;
  };
  const hotKeyLine = (design: CosmosKeyDesign) => planAlerts({}, design, 'dedicated', { actionGroupIds: [] }).hotKey?.threshold;

  it("plans one copy at 1/10 of the hottest value's reads: 1,960 RU/s", () => {
    const reach = hotValueReach(leaderboards(0.8));
    expect(reach.key).toBeCloseTo(3_115, 6);
    expect(reach.keyLoad).toBeCloseTo(1_960, 6);
  });

  it("draws the line at the headroom's 80% of the reach (2,492), not the 95% kept for a plan above it (before: 2,959)", () => {
    expect(hotKeyLine(leaderboards(0.8))).toBe(2_492);
  });
});

describe('a hotKey line keeps 2 decimals below 1,000 RU/s and whole RU/s from 1,000 up, as docs/pulumi.md says (cli29)', () => {
  // A stranger's e-learning progress (130,000 RU/s over 2,000,000 students × 20,000 courses): a key can reach 1,000.065
  // RU/s beside its neighbours, so the headroom's 80% is 800.052: 800.05, not 800, nor a line raised to 1,000.
  const progress = (): CosmosKeyDesign => {
    const input: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'progress',
      partitionKey: {
        paths: [
          { path: '/studentId', cardinality: 2_000_000 },
          { path: '/courseId', cardinality: 20_000 },
        ],
      },
      workload: { peakReadUnits: 30_000, peakWriteUnits: 100_000 },
      throughput: { autoscaleMax: 170_000 },
      storage: { totalGb: 2_000, largestPartitionGb: 0.1 },
    };
    return normalize(input).designs[0].design as CosmosKeyDesign;
  };

  it('800.05 on a key that can reach 1,000.065 RU/s, hotKey and hotPrefix alike', () => {
    const plan = planAlerts({}, progress(), 'dedicated', { actionGroupIds: [] });
    expect(hotValueReach(progress()).key).toBeCloseTo(1_000.065, 6);
    expect(plan.hotKey?.threshold).toBe(800.05);
    expect(plan.hotPrefix?.threshold).toBe(800.05);
  });
});
