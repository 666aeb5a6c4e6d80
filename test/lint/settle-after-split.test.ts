/**
 * A raise in place that splits physical partitions, then the RU/s to lower to once the split completes. A raise from P
 * partitions splits only past P × 10,000 RU/s, and to an even layout only at P × 2^k ("Best practices for scaling
 * provisioned throughput"): the least raise that reaches a layout serving the hot key can be above the least RU/s at
 * which that layout serves it, and lowering RU/s keeps the partitions (the same page: a scale-down "doesn't need to
 * split or add new partitions"; fewer partitions take a merge, "Merge partitions in Azure Cosmos DB"). And `splitFrom`,
 * the even count a declared count was split from unevenly, judged on the share a partition left whole keeps.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type DesignInput, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import type { CosmosKeyDesign } from '../../lib/design/key-design';
import { layoutEdits } from '../../lib/lint/physical-partition';
import { container, issuesOf } from '../fixtures';

/** The expert's container "a": `/k` of 1,000 values, 20,000 RU/s of reads and 4,000 of writes, the hottest 10%, autoscale 30,000 (3 partitions). */
function keyed(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'a',
    partitionKey: { paths: [{ path: '/k', cardinality: 1000 }] },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 4_000, hotKeyShare: 0.1 },
    throughput: { autoscaleMax: 30_000 },
    // It exists (the raise splits its partitions): the 3 it was created on are declared.
    physicalPartitions: 3,
    ...overrides,
  });
}

/** The job board's location feed: /geoCell (3% hottest) then /postingId, 42,000 RU/s, 80 GB, autoscale 60,000 on 6 partitions. */
function feed(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'location-feed',
    partitionKey: {
      paths: [
        { path: '/geoCell', cardinality: 20_000, hotKeyShare: 0.03 },
        { path: '/postingId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 40_000, peakWriteUnits: 2_000 },
    storage: { totalGb: 80 },
    throughput: { autoscaleMax: 60_000 },
    physicalPartitions: 6,
    accessPatterns: [{ name: 'feed-of-cell', keyAttributes: ['/geoCell'], share: 1, limit: 20 }],
    ...overrides,
  });
}

const sg003 = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003');

describe('a raise that splits to a layout serving at fewer RU/s says the RU/s to settle at', () => {
  it('"a": raise to 51,000 (3 → 6 partitions), then lower to 45,000, where the 6 still serve the hot key', () => {
    // 3 partitions reach 6 only past 50,000 RU/s (4 or 5 leave a partition of 1/3 whole: 2,400 + 21,600 ÷ 3 = 9,600 beside
    // at most 8,000 usable). On 6 even partitions the hot key meets 21,600 ÷ 6 = 3,600: 2,400 + 3,600 = 6,000, the usable
    // 80% of 7,500 RU/s each, so 6 × 7,500 = 45,000 RU/s; at 44,000 (7,333.33 each, 5,866.67 usable) it does not fit.
    const hit = sg003(keyed());
    expect(hit?.data).toMatchObject({ raiseTo: 51_000, raisedPartitions: 6, raiseToSettle: 45_000, raiseToSettleEach: 7_500, raiseToSettleFloor: 4_500 });
    expect(hit?.fix).toContain(
      'then lower it to 45,000 RU/s once the split completes (lowering keeps the 6 physical partitions, each then of 7,500 RU/s: a scale-down splits and merges none; the hourly autoscale floor then 4,500 RU/s; declare 45,000 RU/s and physicalPartitions: 6 once lowered)',
    );
  });

  it('"a" settled: 45,000 RU/s on 6 partitions serve the hot key, 44,000 do not', () => {
    expect(sg003(keyed({ throughput: { autoscaleMax: 45_000 }, physicalPartitions: 6 }))).toBeUndefined();
    expect(sg003(keyed({ throughput: { autoscaleMax: 44_000 }, physicalPartitions: 6 }))).toBeDefined();
  });

  it('the location feed: raise to 111,000 (6 → 12 partitions), then lower to 70,000', () => {
    // 12 partitions: the hot cell's 1,260 RU/s beside 40,740 ÷ 12 = 3,395 → 4,655 ≤ 0.8 × RU ÷ 12 from 69,825 RU/s, so 70,000
    // on the autoscale grid; 6 partitions split to 12, even again, only past 110,000 RU/s (7 to 11 leave sixths whole).
    const hit = sg003(feed());
    expect(hit?.data).toMatchObject({ raiseTo: 111_000, raisedPartitions: 12, raiseToSettle: 70_000 });
    expect(hit?.fix).toContain('then lower it to 70,000 RU/s once the split completes (lowering keeps the 12 physical partitions');
    expect(sg003(feed({ throughput: { autoscaleMax: 70_000 }, physicalPartitions: 12 }))).toBeUndefined();
    expect(sg003(feed({ throughput: { autoscaleMax: 69_000 }, physicalPartitions: 12 }))).toBeDefined();
  });

  it('a raise whose split layout serves only at the raise itself has no settle step', () => {
    // A 15% key (3,600 RU/s): 6 partitions serve it from (6 × 3,600 + 20,400) ÷ 0.8 = 52,500, past the 50,000 the split needs.
    const hit = sg003(keyed({ workload: { peakReadUnits: 20_000, peakWriteUnits: 4_000, hotKeyShare: 0.15 } }));
    expect(hit?.data).toMatchObject({ raiseTo: 53_000, raisedPartitions: 6 });
    expect(hit?.data?.raiseToSettle).toBeUndefined();
    expect(hit?.fix).not.toContain('then lower it');
  });

  it('a raise that splits nothing has no settle step', () => {
    const hit = sg003(keyed({ throughput: { manual: 30_000 }, physicalPartitions: undefined }));
    expect(hit?.data?.raiseTo).toBeDefined();
    expect(hit?.data?.raiseToSettle).toBeUndefined();
  });

  it('--fix writes the raise, not the settled figure, and converges', () => {
    // Deployed straight to 45,000 RU/s, the 3-partition container splits to 5 unevenly (a partition of 1/3 whole), not 6.
    const design = { containers: [keyed()] } as DesignInput;
    const fixed = fixDesignText(JSON.stringify(design), {}, 'warning').text;
    const after = JSON.parse(fixed) as { containers: CosmosContainerDesign[] };
    expect(after.containers[0].throughput).toEqual({ autoscaleMax: 51_000 });
    expect(lint(after as DesignInput).filter((f) => f.ruleId === 'SG003')).toEqual([]);
    expect(fixDesignText(fixed, {}, 'warning').text).toBe(fixed);
  });
});

describe('splitFrom: a declared count split unevenly', () => {
  it('42,000 RU/s on 5 partitions split from 3 are judged on the third left whole: the hot key throttles', () => {
    // 2,400 + 21,600 ÷ 3 = 9,600 beside 8,400 RU/s a partition: past its full RU/s, an error.
    const hit = sg003(keyed({ throughput: { autoscaleMax: 42_000 }, physicalPartitions: 5, splitFrom: 3 }));
    expect(hit?.severity).toBe('error');
    expect(hit?.data).toMatchObject({ physicalPartitions: 5, partitionRu: 8_400, neighbourRu: 7_200 });
  });

  it('the same count without splitFrom keeps the even reading', () => {
    // 2,400 + 21,600 ÷ 5 = 6,720, the 80% of 8,400 exactly.
    expect(sg003(keyed({ throughput: { autoscaleMax: 42_000 }, physicalPartitions: 5 }))).toBeUndefined();
  });

  it('a fix from an uneven layout raises to an even one, and keeps splitFrom beside the count it writes', () => {
    const design = keyed({ throughput: { autoscaleMax: 42_000 }, physicalPartitions: 5, splitFrom: 3 });
    const hit = sg003(design);
    expect(hit?.data).toMatchObject({ raiseTo: 51_000, raisedPartitions: 6, raiseToSettle: 45_000 });
    const after = applyDesignEdits(design, hit?.edits as DesignEdit[]);
    expect(after).toMatchObject({ throughput: { autoscaleMax: 51_000 }, physicalPartitions: 6, splitFrom: 3 });
    expect(sg003(after)).toBeUndefined();
  });

  it('is refused without physicalPartitions, or above it', () => {
    expect(issuesOf(keyed({ splitFrom: 3, physicalPartitions: undefined }))).toEqual([
      expect.stringMatching(/^splitFrom: is declared without physicalPartitions: .*declare physicalPartitions too/),
    ]);
    expect(issuesOf(keyed({ physicalPartitions: 5, splitFrom: 6 }))).toEqual([
      expect.stringMatching(/^splitFrom: is 6, more than the 5 physicalPartitions declared: .*never merges/),
    ]);
  });

  it("a raise's edits declare splitFrom where they split unevenly, and only there", () => {
    const design = { engine: 'cosmosdb', totalGb: undefined } as unknown as CosmosKeyDesign;
    // 3 → 5: two split, one whole: the count and the layout it split from.
    expect(layoutEdits(design, { gb: undefined, partitions: 5, splitFrom: 3 }, false)).toEqual([
      { op: 'set', path: 'physicalPartitions', value: 5 },
      { op: 'set', path: 'splitFrom', value: 3 },
    ]);
    // 3 → 6: every one split, even again: nothing of the layout to declare.
    expect(layoutEdits(design, { gb: undefined, partitions: 6, splitFrom: 3 }, false)).toEqual([]);
    // Already declared: only the count.
    const declared = Object.assign({}, design, { physicalPartitions: 5, splitFrom: 3 });
    expect(layoutEdits(declared, { gb: undefined, partitions: 7, splitFrom: 3 }, true)).toEqual([{ op: 'set', path: 'physicalPartitions', value: 7 }]);
  });
});
