/**
 * copies32: a read-hot link kept as replicated copies on a table launched at its peak (links-nowarm-launch.json).
 * SG003 sized 53 copies on the 13 partitions of the launch's own pre-warm; those 53 copies' writes asked SG017 for
 * 13,250 WCU, 14 partitions, at which SG008 cut the copies to 25, leaving a warm throughput that cannot be lowered sized
 * for copies the design no longer has. The consistent plan is the warm lever the write shards have (warm-partitions.ts):
 * pre-warm, then the fewest copies that fit there; SG017's pre-warm and its copies count read that same advice.
 */
import { lint, normalize, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { MIN_SPARE_FOR_COUNTS } from '../../lib/lint/physical-partition';
import { shortLinks } from '../fixtures';

/** The links table with `shards` copies, pre-warmed as SG017 would for its launch, and `writeUnitsPerSecond` for the copies. */
const copied = (shards: number, writeUnitsPerSecond: number): DynamoDbTableDesign =>
  shortLinks({
    sharding: { strategy: 'replicated', shards },
    warmThroughput: { readUnitsPerSecond: 37_125, writeUnitsPerSecond },
    globalSecondaryIndexes: [{ ...shortLinks().globalSecondaryIndexes![0], copiesCarry: 'first' }],
  });

/** The busiest copy's reads beside its neighbours, as a part of the usable ceiling, with `shards` copies at `writeUnitsPerSecond`. */
function busiestShare(shards: number, writeUnitsPerSecond: number): number {
  const [{ design }] = normalize(copied(shards, writeUnitsPerSecond)).designs;
  const a = new DesignAnalysis(design).of(design.primaryKey);
  const read = a.dimensionsAt('replicated', shards).find((d) => d.label === 'read');
  if (!read?.neighbours) throw new Error('no read dimension beside neighbours');
  return (read.load + read.neighbours.load) / read.neighbours.usableAlone;
}

describe('replicated copies of a read-hot item take the warm lever: one count and one warm throughput', () => {
  const findings = lint(shortLinks());
  const sg003 = findings.find((f) => f.ruleId === 'SG003' && f.index === undefined);
  const sg017 = findings.find((f) => f.ruleId === 'SG017' && f.index === undefined);

  it('SG003 pre-warms 36,000 WCU (36 partitions), then 5 copies, where it asked for 53 on the launch’s 13', () => {
    expect(sg003?.data).toMatchObject({ warmWriteUnits: 36_000, warmPartitions: 36, warmFromPartitions: 13, shards: 5 });
    expect(sg003?.fix).toMatch(
      /^pre-warm the table to 36,000 write units a second \(warmThroughput\): 36 partitions where 13 are counted now, the least at which N = 5 replicated copies fit with 5% of the usable ceiling free, then lower sharding\.shards from 10 to N = 5 replicated copies/,
    );
    expect(sg003?.fix).toContain('N = 5 is the fewest copies that leave 5% free at any warm throughput within the table-level quota');
    expect(sg003?.edits).toContainEqual({ op: 'set', path: 'warmThroughput', value: { writeUnitsPerSecond: 36_000 } });
  });

  it('judges the copies hashed onto one partition on the 32 partitions the pre-warm makes, not the 13 counted now', () => {
    // 7,425 RCU ÷ 7 = 1,060.71 a copy beside 894.98: two on one of 32 take 2 × 1,060.71 + 894.98 − 1,060.71 ÷ 32 = 2,983.26.
    expect(sg003?.fix).toContain(
      "N = 7 assumes its copies hash onto different partitions of the 32: two share one 50.63% of the time, and that partition then takes 2,983.26 RCU, within the partition's 3,000 RCU maximum",
    );
    expect(sg003?.fix).not.toContain('partitions of the 13');
  });

  it('the stated warm throughput leaves the stated count 5% free, and no smaller warm throughput or count does', () => {
    expect(busiestShare(5, 36_000)).toBeLessThanOrEqual(1 - MIN_SPARE_FOR_COUNTS);
    expect(busiestShare(5, 35_000)).toBeGreaterThan(1 - MIN_SPARE_FOR_COUNTS);
    // 4 copies never leave 5% free within the 40,000 WCU quota.
    expect(busiestShare(4, 40_000)).toBeGreaterThan(1 - MIN_SPARE_FOR_COUNTS);
  });

  it("SG017's pre-warm is the same warm throughput, for the copies SG003's fix keeps", () => {
    expect(sg017?.edits).toEqual([{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 37_125, writeUnitsPerSecond: 36_000 } }]);
    expect(sg017?.fix).toContain(
      'the least at which its 5 replicated copies fit beside their neighbours with 5% of the usable ceiling free; it serves the reads and the writes together',
    );
    expect(sg017?.fix).toContain('where that value would need N = 53 copies (each a write of every item)');
  });

  it('--fix writes 5 copies and one warm throughput, and the re-lint is clean', () => {
    const { text } = fixDesignText(JSON.stringify({ tables: [shortLinks()] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.sharding).toEqual({ strategy: 'replicated', shards: 5 });
    expect(fixed.warmThroughput).toEqual({ readUnitsPerSecond: 37_125, writeUnitsPerSecond: 36_000 });
    expect(lint({ tables: [fixed] })).toEqual([]);
    // One copy fewer, at that warm throughput, is over again.
    expect(lint({ tables: [{ ...fixed, sharding: { strategy: 'replicated', shards: 4 } }] }).map((f) => f.ruleId)).toContain('SG003');
  });
});

// copies32 §3: `by-owner` under 25 declared copies takes 5,000 WCU, over a new index's 4,000; SG003's warning sets
// `copiesCarry: "first"` in the same --fix run, after which it takes 200. SG017 asked to pre-warm it to 6,250 WCU, a
// warm throughput that cannot be lowered, for copies the run takes out of the index.
// test/cli/fix-copies-carry.test.ts runs --fix on it.
describe('an index SG003 makes sparse in the same run is pre-warmed for one write per item', () => {
  const design = shortLinks({ sharding: { strategy: 'replicated', shards: 25 }, warmThroughput: { readUnitsPerSecond: 40_000, writeUnitsPerSecond: 6_250 } });

  it('no pre-warm of the index for its 25 copies: one write per item (200 WCU) fits what it serves at launch', () => {
    const onIndex = lint(design).filter((f) => f.index === 'by-owner');
    expect(onIndex.map((f) => [f.ruleId, f.messageId])).toEqual([['SG003', 'copiedIndexRead']]);
  });
});
