/**
 * SG017's raise in place of a Cosmos DB container's RU/s, judged on the partitions it leaves unsplit (evensplit17, lead's
 * decision 20). Past P × 10,000 RU/s Azure splits partitions only until the container has ⌈RU/s ÷ 10,000⌉, and from P
 * to P' < 2P the 2P − P' unsplit ones keep 1/P of the key space each while every partition gets RU/s ÷ P' ("Best
 * practices for scaling provisioned throughput", how to ensure even data distribution during asynchronous scaling).
 * Every container below has unique keys: its load spreads over the key space, so the largest share carries peak ÷ slices.
 */
import { applyDesignEdits, lint, normalize, type CosmosContainerDesign, type DesignEdit, type Finding } from '../../lib';
import type { CosmosKeyDesign } from '../../lib/design/key-design';
import { costFigures, largestShareData, raiseCost } from '../../lib/lint/physical-partition';
import { PREFIX_INGESTION_MESSAGES } from '../../lib/lint/prefix-ingestion';
import { hotKeyExceedsPartition } from '../../lib/lint/rules/hot-key-exceeds-partition';
import { container } from '../fixtures';

/** Unique ids, `peak` RU/s (two thirds reads), on `throughput` over `partitions` declared physical partitions. */
function spread(peak: number, throughput: CosmosContainerDesign['throughput'], partitions?: number): CosmosContainerDesign {
  return container({
    name: 'events',
    partitionKey: { paths: [{ path: '/eventId', cardinality: 'unique' }] },
    workload: { peakReadUnits: (peak * 2) / 3, peakWriteUnits: peak / 3 },
    throughput,
    ...(partitions === undefined ? {} : { physicalPartitions: partitions }),
  });
}

const sg017 = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG017');

/** The design once SG017's edits are applied, linted again: what is left of SG017 and SG003, and any edit. */
function afterFix(design: CosmosContainerDesign): { readonly rules: string[]; readonly edits: number } {
  const fixed = applyDesignEdits(design, sg017(design)?.edits as DesignEdit[]);
  const findings = lint(fixed);
  return { rules: findings.filter((f) => f.ruleId === 'SG017' || f.ruleId === 'SG003').map((f) => f.ruleId), edits: findings.filter((f) => f.edits).length };
}

describe("SG017's raise in place splits partitions evenly", () => {
  it("the brief's container: 63,000 RU/s of peak on 60,000 over 6 partitions asks 110,100 on 12, not 78,800 on 8", () => {
    // 63,000 ÷ 0.8 = 78,750 → 78,800 RU/s: ⌈7.88⌉ = 8 partitions, 2 of the 6 split, 4 keep 1/6 of the key space:
    // 63,000 ÷ 6 = 10,500 RU/s against 0.8 × 9,850 = 7,880. From 7 to 11 partitions the unsplit ones still hold 1/6
    // (10,500 > the 8,000 any partition has usable). 12 = 2 × 6, past 110,000: 110,100, 9,175 each, 7,340 usable,
    // 63,000 ÷ 12 = 5,250 on each. A new container created at 78,800 manual RU/s starts on ⌈78,800 ÷ 6,000⌉ = 14
    // partitions of 5,628.57, evenly.
    const hit = sg017(spread(63_000, { manual: 60_000 }, 6));
    // Judged at that raise, the keys are served: no SG003 (before, at 78,800 on 8, the unsplit partitions' 10,500 RU/s were).
    expect(lint(spread(63_000, { manual: 60_000 }, 6)).filter((f) => f.ruleId === 'SG003')).toEqual([]);
    expect(hit?.data).toMatchObject({
      needed: 110_100,
      neededPartitions: 12,
      neededEach: 9_175,
      neededSplit: 'even',
      plainNeeded: 78_800,
      plainPartitions: 8,
      plainEach: 9_850,
      plainUsable: 7_880,
      unsplit: 4,
      slices: 6,
      unsplitLoad: 10_500,
      createdPartitions: 14,
      createdEach: 5628.57142857,
    });
    expect(hit?.fix).toContain('the split to reach it takes Azure typically 4-6 hours');
    expect(hit?.fix).toContain('the container would split unevenly into 8 of 9,850 RU/s');
    expect(hit?.fix).toContain('or create a new container at 78,800 RU/s, which Azure starts on 14 physical partitions of 5,628.57 RU/s, evenly split');
    expect(hit?.fix).toContain('online, with every write to it charged double RUs while the copy runs');
    expect(hit?.edits).toEqual([
      { op: 'set', path: 'throughput.manual', value: 110_100 },
      { op: 'set', path: 'physicalPartitions', value: 12 },
    ]);
  });

  it('--fix converges: the raised design has no SG017, no SG003 and no edit', () => {
    // 63,000 of 110,100 RU/s on the 12 declared (5,250 on each of 7,340 usable).
    expect(afterFix(spread(63_000, { manual: 60_000 }, 6))).toEqual({ rules: [], edits: 0 });
    // Undeclared: 30,000 manual RU/s start on 5 partitions; 42,000 of peak → 52,500 would split 1 of them (the 4 unsplit
    // holding 1/5: 8,400 RU/s on 0.8 × 8,750 = 7,000); 10 = 2 × 5 past 90,000: 90,100. The edit declares the 10 (created at
    // 90,100 a container would get ⌈90,100 ÷ 6,000⌉ = 16), so the second lint reads the layout the raise leaves.
    const undeclared = spread(42_000, { manual: 30_000 });
    expect(sg017(undeclared)?.edits).toEqual([
      { op: 'set', path: 'throughput.manual', value: 90_100 },
      { op: 'set', path: 'physicalPartitions', value: 10 },
    ]);
    expect(afterFix(undeclared)).toEqual({ rules: [], edits: 0 });
  });

  it('a raise within P × 10,000 keeps P and is unchanged: 40,000 of peak on 6 partitions asks 50,000', () => {
    // 40,000 ÷ 0.8 = 50,000 ≤ 6 × 10,000: no split, the figure peak ÷ headroom, no note.
    const hit = sg017(spread(40_000, { manual: 40_000 }, 6));
    expect(hit?.data).toMatchObject({ needed: 50_000, neededPeak: 40_000 });
    expect(hit?.data).not.toHaveProperty('plainNeeded');
    expect(hit?.fix).toBe('raise throughput.manual to at least 50,000 RU/s (40,000 RU/s at 80% utilization)');
  });

  it('a raise that reaches exactly 2P is even, and only says the split is asynchronous', () => {
    // 90,000 ÷ 0.8 = 112,500: ⌈11.25⌉ = 12 = 2 × 6, every partition split once: 9,375 each, 90,000 ÷ 12 = 7,500 ≤ 7,500.
    const hit = sg017(spread(90_000, { manual: 60_000 }, 6));
    expect(hit?.data).toMatchObject({ needed: 112_500, nowPartitions: 6, neededPartitions: 12, neededEach: 9_375, neededSplit: 'even' });
    expect(hit?.data).not.toHaveProperty('plainNeeded');
    expect(hit?.fix).toBe(
      "raise throughput.manual to at least 112,500 RU/s (90,000 RU/s at 80% utilization); raised in place, the container's 6 physical partitions split into 12 of 9,375 RU/s, evenly; the split to reach it takes Azure typically 4-6 hours",
    );
    expect(afterFix(spread(90_000, { manual: 60_000 }, 6))).toEqual({ rules: [], edits: 0 });
  });

  it('an autoscale maximum: 50,000 of peak on 60,000 (6 partitions) asks 111,000, a new container at 63,000 gets 7', () => {
    // 50,000 ÷ 0.8 = 62,500 → 63,000 on the 1,000 grid: 7 partitions of 9,000, 5 unsplit holding 1/6: 8,333.33 RU/s on
    // 7,200 usable. 12 = 2 × 6 past 110,000: 111,000 (9,250 each). An autoscale maximum starts a new container on one
    // partition per 10,000 RU/s: 7 of 9,000 at 63,000, evenly. Declared on its 6 partitions (a container that exists):
    // undeclared, the design is that new container and SG017 asks 63,000 (created-at-raise.test.ts).
    const hit = sg017(spread(50_000, { autoscaleMax: 60_000 }, 6));
    expect(hit?.data).toMatchObject({
      needed: 111_000,
      neededPartitions: 12,
      plainNeeded: 63_000,
      plainPartitions: 7,
      unsplit: 5,
      createdPartitions: 7,
      createdEach: 9_000,
    });
    // Created at 111,000 an autoscale container gets 12 too: no count to declare.
    expect(hit?.edits).toEqual([
      { op: 'set', path: 'throughput.autoscaleMax', value: 111_000 },
      { op: 'set', path: 'physicalPartitions', value: 12 },
    ]);
    expect(afterFix(spread(50_000, { autoscaleMax: 60_000 }, 6))).toEqual({ rules: [], edits: 0 });
  });

  it("shared database throughput: the database's partitions serve every busy container, and the database is raised", () => {
    // 120,000 RU/s shared by 2 busy containers: the database's 12 partitions (one per 10,000) each carry both containers'
    // keys ("containers in the same database share partitions"). 2 × 63,000 ÷ 0.8 = 157,500 would split 12 → 16, the 8
    // unsplit keeping 1/12 each: 126,000 ÷ 12 = 10,500 against 7,875 usable. Even at 24 = 2 × 12, past 230,000: 230,100,
    // 9,587.5 RU/s each, 126,000 ÷ 24 = 5,250 on each against 7,670 usable.
    const hit = sg017(spread(63_000, { sharedDatabase: 120_000, containers: 2 }));
    expect(hit?.data).toMatchObject({ needed: 230_100, neededPartitions: 24, neededEach: 9_587.5, plainNeeded: 157_500, plainPartitions: 16 });
    expect(hit?.edits).toEqual([{ op: 'set', path: 'throughput.sharedDatabase', value: 230_100 }]);
  });

  it('the least RU/s that serve the peak on the largest share (evenInPlaceThroughput, as SG017 asks)', () => {
    const needed = (peak: number, manual: number, partitions: number) => sg017(spread(peak, { manual }, partitions))?.data?.needed;
    // 2 → 3 is the doc's example (one partition keeps 50%): 20,000 of peak → 25,000 would leave one with 10,000 RU/s of
    // it on 6,666.67 usable; 4 = 2 × 2 past 30,000: 30,100.
    expect(needed(20_000, 20_000, 2)).toBe(30_100);
    // Within 2 × 10,000: 16,000 → 20,000, no split.
    expect(needed(16_000, 18_000, 2)).toBe(20_000);
    // Past 4P: 164,000 ÷ 0.8 = 205,000 would split 5 partitions to 21, the unsplit ones at 1/20 (largestShareSlices):
    // 8,200 RU/s on at most 8,000; up to 39 the same; 40 = 5 × 2³ past 390,000: 390,100.
    expect(needed(164_000, 50_000, 5)).toBe(390_100);
  });
});

describe('a "no count fits" clause quotes the largest-share partition the verdict judged (largestShareData)', () => {
  it('on a raised uneven layout: 5 → 7 partitions, the 3 unsplit holding 1/5', () => {
    // 65,000 RU/s on 7 (9,285.71 each, 7,428.57 usable) split from 5: the largest share is 1/5, so 40,000 of peak put
    // 40,000 ÷ 5 = 8,000 RU/s there (not 40,000 ÷ 7 = 5,714.29), 1 − 8,000 ÷ 7,428.57 = −7.69% free.
    const uneven = { count: 7, countedBy: 'declared' as const, requestUnits: 65_000, requestUnitsEach: 65_000 / 7, keySpaceSlices: 5 };
    const { figures, averageSpare } = largestShareData(uneven, 40_000, 0.8);
    expect(figures).toEqual({ keySpaceSlices: 5, largestShare: 'uneven', averageLoad: 8_000, carriedPeak: 40_000 });
    expect(averageSpare).toBeCloseTo(1 - 8_000 / 7_428.571428571, 9);
    // Even (5 of 10,000): the average partition, 40,000 ÷ 5, as before.
    expect(largestShareData({ ...uneven, count: 5, requestUnits: 50_000, requestUnitsEach: 10_000 }, 40_000, 0.8).figures).toEqual({
      keySpaceSlices: 5,
      largestShare: 'even',
      averageLoad: 8_000,
      carriedPeak: 40_000,
    });
  });

  it('the words name the unsplit partitions where the layout is uneven, the average one where it is even', () => {
    const words = [hotKeyExceedsPartition.messages.noCountPhysical, PREFIX_INGESTION_MESSAGES.prefixNoBucketCount, PREFIX_INGESTION_MESSAGES.prefixSliverToday];
    for (const clause of words) {
      expect(clause).toContain(
        '{{largestShare|even=the average partition|uneven=each partition the raise leaves unsplit}} already carries {{averageLoad}} RU/s ({{carriedPeak}} ÷ {{keySpaceSlices}})',
      );
      expect(clause).toContain('1/{{keySpaceSlices}} of the rest');
    }
  });
});

describe("a raise-and-shard option's cost is the raise SG017 would then write (raiseCost, cosmos18 item 4)", () => {
  const normalized = (input: CosmosContainerDesign) => normalize(input).designs[0].design as CosmosKeyDesign;

  // Raised in place to 50,000 on its 5 partitions, a fan-out making 164,000 RU/s of peak needs what SG017 asks there:
  // 390,100 (40 = 5 × 2³ partitions, even), not 164,000 ÷ 0.8 = 205,000, which would split 5 into 21 unevenly.
  it('on dedicated throughput: the even raise, 390,100, not peak ÷ headroom', () => {
    expect(raiseCost(normalized(spread(1_000, { manual: 50_000 }, 5)), 50_000, 109_333.33, 54_666.67)).toBeCloseTo(390_100, 6);
  });

  // 120,000 RU/s shared by 2, 12 partitions; raised to the container's 60,000 part, a 63,000 RU/s peak needs the
  // database at 230,100 (2 × 63,000 carried, even at 24 partitions), the container's part 115,050, not 78,750 on the
  // database's grid read as the container's. Quoted as the database's 230,100.
  it("on a shared database: the database's even raise for every busy container, in the container's part and quoted as the database's", () => {
    const design = normalized(spread(1_000, { sharedDatabase: 120_000, containers: 2 }));
    const cost = raiseCost(design, 60_000, 42_000, 21_000);
    expect(cost).toBeCloseTo(115_050, 6);
    expect(costFigures(design, 'leastCost', cost)).toEqual({ leastCost: 230_100, leastCostScope: 'database' });
  });
});
