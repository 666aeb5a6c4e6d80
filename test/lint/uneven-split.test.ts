/**
 * Raises in place that split physical partitions unevenly (unevensplit16, a Cosmos DB user's review). Raising a
 * container's RU/s past P × 10,000 makes Azure split partitions, each parent into two children, only until it has
 * ⌈RU/s ÷ 10,000⌉; every partition then gets the same RU/s ("Best practices for scaling provisioned throughput", how to
 * ensure even data distribution during asynchronous scaling: 2 → 3 partitions leave "one partition that contains 50%
 * of the data"). From P to P' ≤ 2P the 2P − P' unsplit partitions keep 1/P of the key space each; a hot key, which
 * may hash to any partition, is judged on that largest share. Only P × 2^k partitions are even again.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type Finding } from '../../lib';
import { largestShareSlices } from '../../lib/engines';
import { RAISE, raiseFigures, raiseInPlace } from '../../lib/lint/physical-partition';
import { container, whaleSessions } from '../fixtures';

/** The reviewer's container: /customerId flat, 40,000 RU/s at peak, the hottest customer 5% (2,000 RU/s). */
function customers(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'orders',
    partitionKey: { paths: [{ path: '/customerId', cardinality: 100_000 }] },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 20_000, hotKeyShare: 0.05 },
    throughput: { manual: 50_000 },
    physicalPartitions: 5,
    ...overrides,
  });
}

/** The reviewer's hierarchical whale: a tenant at 35% of 50,000 RU/s holding 80 GB, on a 6-partition container. */
function sessions(): CosmosContainerDesign {
  return whaleSessions({ throughput: { autoscaleMax: 60_000 }, storage: { totalGb: 300 }, physicalPartitions: 6 });
}

const sg003 = (design: CosmosContainerDesign, path = 'partitionKey.paths'): Finding | undefined =>
  lint(design).find((f) => f.ruleId === 'SG003' && f.path === path);

describe('largestShareSlices', () => {
  it.each([
    // No split: each of P holds 1/P.
    [5, 5, 5],
    // The doc's example: 2 → 3 leaves one unsplit partition with 50%.
    [2, 3, 2],
    // 5 → 7: 2 split, 3 keep 1/5.
    [5, 7, 5],
    // 5 → 10 (2P): every one split, even.
    [5, 10, 10],
    // 5 → 12: all 5 split once (10), then 2 of those 10 again: the unsplit ones hold 1/10.
    [5, 12, 10],
    // 6 → 24 = 6 × 2²: even.
    [6, 24, 24],
  ])('from %i even partitions to %i: the largest holds 1/%i of the key space', (from, to, slices) => {
    expect(largestShareSlices(from, to)).toBe(slices);
  });
});

describe('a raise in place is judged on the largest share its split leaves', () => {
  it("the reviewer's flat key: 65,000 RU/s on 7 partitions no longer serves it; 90,100 RU/s on 10 (2 × 5) does", () => {
    // Today: 5 × 10,000 RU/s, 8,000 usable; the other customers' 38,000 ÷ 5 = 7,600 beside the 2,000: 9,600 > 8,000.
    // At 65,000 RU/s (7 partitions of 9,285.71, 7,428.57 usable) the 3 unsplit ones hold 1/5: 2,000 + 7,600 = 9,600 >
    // 7,428.57 (judged as 1/7 before: 2,000 + 5,428.57 = 7,428.57, "served" exactly). No count of 6 to 9 partitions
    // serves (1/5 each, at most 8,000 usable). 10 partitions (past 90,000 RU/s) are 2 × 5, even: 2,000 + 38,000 ÷ 10 =
    // 5,800 ≤ 0.8 × RU ÷ 10 from 72,500, so the least on the manual grid past 90,000: 90,100 (9,010 each, 7,208 usable).
    const hit = sg003(customers());
    expect(hit?.data).toMatchObject({ raiseTo: 90_100, raisedPartitions: 10, raisedEach: 9010 });
    expect(hit?.fix).not.toMatch(/65,000 RU\/s/);
    // The shard raise of 52,700 RU/s (6 partitions of 8,783.33, 4 unsplit holding 1/5) is gone too: a shard of 400 RU/s
    // there meets (40,000 − 400) ÷ 5 = 7,920, 8,320 > 7,026.67 usable; and at 90,100 the key needs no shards.
    expect(hit?.fix).not.toMatch(/52,700 RU\/s/);
  });

  it('applying that raise (--fix writes no RU/s for SG003; the user raises as told) leaves nothing to raise', () => {
    // 90,100 RU/s on the 10 partitions declared once raised: 10,000 → 9,010 each, judged even (a declared count).
    const raised = customers({ throughput: { manual: 90_100 }, physicalPartitions: 10 });
    expect(lint(raised).filter((f) => f.ruleId === 'SG003')).toEqual([]);
  });

  it('a raise within P × 10,000 keeps P, and is judged as before', () => {
    // 3% of 40,000 = 1,200 RU/s on 40,000 declared over 5 partitions: 1,200 + 38,800 ÷ 5 = 8,960 > 0.8 × RU ÷ 5 up to
    // 56,000, past the 50,000 that keep 5; 6 to 9 partitions leave unsplit ones holding 1/5 (the same 8,960, at most
    // 8,000 usable); 10 (2 × 5): 1,200 + 3,880 = 5,080 ≤ 0.8 × RU ÷ 10 from 63,500, past 90,000: 90,100.
    const hit = sg003(customers({ throughput: { manual: 40_000 }, workload: { peakReadUnits: 20_000, peakWriteUnits: 20_000, hotKeyShare: 0.03 } }));
    expect(hit?.data).toMatchObject({ raiseTo: 90_100, raisedPartitions: 10 });
    // A smaller load is served within P × 10,000, as before: 2% of 36,000 = 720 RU/s, 720 + 35,280 ÷ 5 = 7,776 ≤ 0.8 ×
    // RU ÷ 5 from 48,600 RU/s: 5 partitions kept, even (SG017's 45,000 for the peak keeps them too: 7,776 > 7,200).
    const within = sg003(customers({ throughput: { manual: 40_000 }, workload: { peakReadUnits: 18_000, peakWriteUnits: 18_000, hotKeyShare: 0.02 } }));
    expect(within?.data).toMatchObject({ raiseTo: 48_600, raisedPartitions: 5, raisedEach: 9_720 });
  });

  it("a raise to exactly 2P is even (the doc's 2 partitions): 3 leave one holding 50%, 4 serve", () => {
    // 20,000 RU/s on 2 declared partitions, 16,000 at peak (SG017 quiet: 16,000 ≤ 0.8 × 20,000), the hottest 5% = 800:
    // 800 + 15,200 ÷ 2 = 8,400 > 8,000. At 3 partitions (to 30,000) the unsplit one holds 1/2: the same 8,400 against
    // at most 8,000 (judged at 1/3 before: 800 + 5,066.67 = 5,866.67 ≤ 0.8 × RU ÷ 3 from 22,000). At 4 = 2 × 2, past
    // 30,000: 800 + 15,200 ÷ 4 = 4,600 ≤ 0.8 × 30,100 ÷ 4 = 6,020.
    const hit = sg003(
      customers({ throughput: { manual: 20_000 }, physicalPartitions: 2, workload: { peakReadUnits: 8_000, peakWriteUnits: 8_000, hotKeyShare: 0.05 } }),
    );
    expect(hit?.data).toMatchObject({ raiseTo: 30_100, raisedPartitions: 4, raisedEach: 7_525 });
    // SG003's raise has no edit (the user raises in place): declaring what the raise leaves, it is served.
    expect(hit?.edits).toBeUndefined();
    expect(
      sg003(customers({ throughput: { manual: 30_100 }, physicalPartitions: 4, workload: { peakReadUnits: 8_000, peakWriteUnits: 8_000, hotKeyShare: 0.05 } })),
    ).toBeUndefined();
  });

  it("the reviewer's hierarchical whale: judged at SG017's even raise, 111,000 RU/s on 12 (2 × 6), with 5 buckets", () => {
    // SG017 (50,000 > 0.8 × 60,000): 62,500 → 63,000 RU/s would split 1 of the 6 to 7, 5 unsplit holding 1/6: 50,000 ÷ 6 =
    // 8,333.33 RU/s of the peak on 7,200 usable. Up to 11 partitions the unsplit ones hold 1/6, above any usable 8,000;
    // at 12 (2 × 6), past 110,000 on the 1,000 autoscale grid: 111,000, 9,250 each, 7,400 usable. SG003 is judged there
    // (evensplit17; before, at SG017's 63,000, it named a raise of its own to 111,000): 5 buckets of 3,500 meet (50,000 −
    // 3,500) ÷ 12 = 3,875: 7,375 ≤ 7,400; 4 buckets 4,375 + 45,625 ÷ 12 = 8,177.08 > 7,400.
    const hit = sg003(sessions(), 'partitionKey.paths[0]');
    expect(hit?.data).toMatchObject({
      containerRu: 111_000,
      physicalPartitions: 12,
      declaredRu: 60_000,
      buckets: 5,
      bucketTotal: 7375,
      fewerTotal: 8177.08333333,
    });
    expect(hit?.data).not.toHaveProperty('bucketRaiseTo');
    expect(hit?.fix).not.toMatch(/66,000 RU\/s/);
  });

  it('SG017 alone is applied by --fix, and what it leaves is judged on the split it makes', () => {
    // customers() at 36,000 RU/s of peak on 40,000 manual (5 partitions): 36,000 > 32,000, and 45,000 serve the peak
    // (keeps 5). But on 5 at 45,000 (even, 9,000 each, 7,200 usable) the hottest value meets 360 + 35,640 ÷ 5 = 7,488 > 7,200:
    // SG003's raise is 46,800 (7,488 ≤ 0.8 × RU ÷ 5, which keeps 5, ≤ 50,000), and SG017 asks for that one raise rather
    // than 45,000 and a second round. Applied, nothing is left to raise.
    const design = customers({ throughput: { manual: 40_000 }, workload: { peakReadUnits: 18_000, peakWriteUnits: 18_000, hotKeyShare: 0.01 } });
    const capacity = lint(design).find((f) => f.ruleId === 'SG017');
    expect(capacity?.edits).toEqual([{ op: 'set', path: 'throughput.manual', value: 46_800 }]);
    expect(capacity?.data).toMatchObject({ needed: 46_800, keyRaisePlain: 45_000, keyRaiseKind: 'value' });
    expect(sg003(design)?.data).toMatchObject({ raiseTo: 46_800, raisedPartitions: 5 });
    const raised = applyDesignEdits(design, capacity?.edits as DesignEdit[]);
    // No error; the one warning left is that only a raise in place reaches 5 partitions at 46,800 (a container created at
    // 46,800 RU/s gets 8): newcontainer16's, with no edit.
    expect(lint(raised).filter((f) => (f.ruleId === 'SG003' || f.ruleId === 'SG017') && (f.severity === 'error' || f.edits))).toEqual([]);
    expect(
      lint(raised)
        .filter((f) => f.ruleId === 'SG003')
        .map((f) => f.messageId),
    ).toEqual(['hotKeyInPlaceOnly']);
  });
});

describe('the words of a raise that splits partitions', () => {
  const at = (partitions: number, splitFrom: number, keySpaceSlices: number) =>
    raiseFigures(RAISE, { requestUnits: partitions * 9_000, partitions, each: 9_000, keySpaceSlices, splitFrom });

  it('say when Azure splits (asynchronously, typically 4-6 hours), and when unevenly', () => {
    expect(at(5, 5, 5).raisedPartitionsSplit).toBe('none');
    expect(at(10, 5, 10).raisedPartitionsSplit).toBe('even');
    expect(at(7, 5, 5).raisedPartitionsSplit).toBe('uneven');
    const words = raiseInPlace(RAISE);
    expect(words).toContain('none=|even=; the split to reach it takes Azure typically 4-6 hours');
    expect(words).toContain('uneven=; the split to reach it takes Azure typically 4-6 hours, unevenly:');
  });

  it("in a finding: the reviewer's 90,100 RU/s raise splits 5 partitions to 10", () => {
    expect(sg003(customers())?.fix).toContain(
      'in place to 90,100 RU/s (10 physical partitions of 9,010 RU/s; declare physicalPartitions: 10 once raised; the split to reach it takes Azure typically 4-6 hours',
    );
  });
});
