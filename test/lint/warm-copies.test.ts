/**
 * copies32: a read-hot link kept as replicated copies on a table launched at its peak (links-nowarm-launch.json).
 * SG003 sized 53 copies on the 13 partitions of the launch's own pre-warm; those 53 copies' writes asked SG017 for
 * 13,250 WCU, 14 partitions, at which SG008 cut the copies to 25, leaving a warm throughput that cannot be lowered sized
 * for copies the design no longer has. The consistent plan is the warm lever the write shards have (warm-partitions.ts):
 * pre-warm, then the fewest copies that fit there; SG017's pre-warm and its copies count read that same advice. The
 * copies are also sized so two on one partition fit its hard 3,000 RCU maximum: 7 at 32 partitions, where 5 at 36 left
 * 5% of the usable ceiling free, and the fix says that test sets both.
 */
import { lint, normalize, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { besideNeighbours, hashedPairFits } from '../../lib/design/hashed-pair';
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

/** The busiest copy's reads with `shards` copies at `writeUnitsPerSecond`: beside its neighbours, as a part of the usable ceiling, and whether two on one partition fit 3,000 RCU. */
function busiest(shards: number, writeUnitsPerSecond: number): { readonly share: number; readonly pairFits: boolean } {
  const [{ design }] = normalize(copied(shards, writeUnitsPerSecond)).designs;
  const a = new DesignAnalysis(design).of(design.primaryKey);
  const read = a.dimensionsAt('replicated', shards).find((d) => d.label === 'read');
  if (!read?.neighbours) throw new Error('no read dimension beside neighbours');
  return { share: (read.load + read.neighbours.load) / read.neighbours.usableAlone, pairFits: hashedPairFits(shards, besideNeighbours(read)) };
}

describe('replicated copies of a read-hot item take the warm lever: one count and one warm throughput', () => {
  const findings = lint(shortLinks());
  const sg003 = findings.find((f) => f.ruleId === 'SG003' && f.index === undefined);
  const sg017 = findings.find((f) => f.ruleId === 'SG017' && f.index === undefined);

  it('SG003 pre-warms 32,000 WCU (32 partitions), then 7 copies, where it asked for 53 on the launch’s 13', () => {
    expect(sg003?.data).toMatchObject({ warmWriteUnits: 32_000, warmPartitions: 32, warmFromPartitions: 13, shards: 7 });
    // 7,425 RCU ÷ 7 = 1,060.71 a copy beside 894.98: two on one of 32 take 2 × 1,060.71 + 894.98 − 33.15 = 2,983.26.
    expect(sg003?.fix).toMatch(
      /^pre-warm the table to 32,000 write units a second \(warmThroughput\): 32 partitions where 13 are counted now, the least at which two of N = 7 replicated copies on one partition fit its 3,000 RCU maximum \(2,983\.26 RCU there\), then lower sharding\.shards from 10 to N = 7 replicated copies/,
    );
    expect(sg003?.fix).toContain(
      'N = 7 is the fewest copies two of which on one partition fit its maximum at any warm throughput within the table-level quota',
    );
    expect(sg003?.edits).toContainEqual({ op: 'set', path: 'warmThroughput', value: { writeUnitsPerSecond: 32_000 } });
  });

  it('judges the copies hashed onto one partition on the 32 partitions the pre-warm makes, not the 13 counted now', () => {
    // 7,425 RCU ÷ 7 = 1,060.71 a copy beside 894.98: two on one of 32 take 2 × 1,060.71 + 894.98 − 1,060.71 ÷ 32 = 2,983.26.
    expect(sg003?.fix).toContain(
      "N = 7 assumes its copies hash onto different partitions of the 32: two share one 50.63% of the time, and that partition then takes 2,983.26 RCU, within the partition's 3,000 RCU maximum",
    );
    expect(sg003?.fix).not.toContain('partitions of the 13');
  });

  it('the stated warm throughput fits the stated count, and no smaller warm throughput or count does: the pair binds', () => {
    expect(busiest(7, 32_000)).toEqual({ share: expect.any(Number), pairFits: true });
    expect(busiest(7, 32_000).share).toBeLessThanOrEqual(1 - MIN_SPARE_FOR_COUNTS);
    // At 31,000 WCU 7 copies leave 5% free, but two on one partition pass 3,000 RCU.
    expect(busiest(7, 31_000).share).toBeLessThanOrEqual(1 - MIN_SPARE_FOR_COUNTS);
    expect(busiest(7, 31_000).pairFits).toBe(false);
    // 5 copies leave 5% free at 36,000 WCU; 6 never put two on one partition within 3,000 RCU within the 40,000 WCU quota.
    expect(busiest(5, 36_000).share).toBeLessThanOrEqual(1 - MIN_SPARE_FOR_COUNTS);
    expect(busiest(6, 40_000).pairFits).toBe(false);
  });

  it("SG017's pre-warm is the same warm throughput, for the copies SG003's fix keeps", () => {
    expect(sg017?.edits).toEqual([{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 37_125, writeUnitsPerSecond: 32_000 } }]);
    expect(sg017?.fix).toContain(
      'the least at which two of its 7 replicated copies on one partition fit its 3,000 RCU maximum; it serves the reads and the writes together',
    );
    expect(sg017?.fix).toContain('where that value would need N = 53 copies (each a write of every item)');
  });

  it('--fix writes 7 copies and one warm throughput, and the re-lint is clean', () => {
    const { text } = fixDesignText(JSON.stringify({ tables: [shortLinks()] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.sharding).toEqual({ strategy: 'replicated', shards: 7 });
    expect(fixed.warmThroughput).toEqual({ readUnitsPerSecond: 37_125, writeUnitsPerSecond: 32_000 });
    expect(lint({ tables: [fixed] })).toEqual([]);
    // One copy fewer, at that warm throughput, is over again.
    expect(lint({ tables: [{ ...fixed, sharding: { strategy: 'replicated', shards: 6 } }] }).map((f) => f.ruleId)).toContain('SG003');
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
