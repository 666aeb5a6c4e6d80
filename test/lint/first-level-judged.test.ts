/** The judgement of a Cosmos DB hierarchical key's first level (`firstLevelJudged`), which SG001 and SG014 both read. */
import { lint, normalize } from '../../lib';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { firstLevelJudged } from '../../lib/lint/prefix-ingestion';
import { container, regionStatusWrites, twoLevelWrites } from '../fixtures';

describe('firstLevelJudged', () => {
  // `/region` (3) → `/status` (5), 5,000 RU/s of writes on 20,000 manual RU/s: a region takes 5,000 ÷ 3 = 1,666.67 RU/s.
  const [{ design }] = normalize(
    twoLevelWrites(
      'orders',
      [
        ['/region', 3],
        ['/status', 5],
      ],
      5_000,
      { manual: 20_000 },
    ),
  ).designs;

  it('is made once per key space and lint, however many rules ask (SG001 and SG014 both do), as the plan is', () => {
    const a = new DesignAnalysis(design).of(design.primaryKey);
    const first = firstLevelJudged(a);
    expect(first?.level.name).toBe('/region');
    expect(first?.share).toBeCloseTo(1 / 3, 12);
    // The same object, not one computed again.
    expect(firstLevelJudged(a)).toBe(first);
    // Nothing outlives the lint: another analysis of the same design makes its own.
    expect(firstLevelJudged(new DesignAnalysis(design).of(design.primaryKey))).not.toBe(first);
  });

  // `/region` (`regions`) → `/status` (5), 5,000 RU/s of writes on 20,000 manual RU/s (4 physical partitions of 5,000,
  // 4,000 usable), the full key's hottest value declared at 30%.
  const declaredFullKey = (regions: number) => regionStatusWrites(regions, 0.3);
  const growths = (regions: number) =>
    lint(declaredFullKey(regions), { only: ['SG001', 'SG014'] }).map((f) => [f.ruleId, f.data?.hotLevel ?? f.data?.key, f.data?.growthToCeiling]);

  it("gives SG001 and SG014 one growth where the full key's share is declared and the first level's is not", () => {
    // Before, SG014 judged only the full key: 1,500 RU/s, neighbours (5,000 − 1,500) ÷ 4 = 875, growth
    // 4,000 ÷ 2,375 = 1.68×. The region holding the 30% value takes at least max(0.3, 1/2) = 0.5: 2,500 RU/s beside the
    // other region's 2,500 ÷ 4 = 625, growth 4,000 ÷ 3,125 = 1.28×: both say so, of the region.
    expect(growths(2)).toEqual([
      ['SG001', '/region', 1.28],
      ['SG014', ['/region'], 1.28],
    ]);
    // 3 regions: a region takes max(0.3, 1/3) = 1,666.67 RU/s beside 3,333.33 ÷ 4 = 833.33, 4,000 ÷ 2,500 = 1.6×,
    // tighter than the full key's 1.68×: both rules give it, of the region. (Before, a uniform region met no
    // neighbours, 2.4×, and the full key's 1.68× was the tighter.)
    expect(growths(3)).toEqual([
      ['SG001', '/region', 1.6],
      ['SG014', ['/region'], 1.6],
    ]);
  });

  it('leaves a container short of RU/s to SG017 and SG003: the first level there says nothing new', () => {
    // `/tenantId` (500, 30% declared) → `/userId`, 9,000 RU/s on 10,000 manual: SG017's raise is 11,300 RU/s, 2
    // partitions of 5,650, 4,520 usable, about the 9,000 ÷ 2 = 4,500 each carries on average. The tenant's 2,700 RU/s
    // beside (9,000 − 2,700) ÷ 2 = 3,150 leave 4,520 − 3,150 = 1,370 usable: over at the raise, SG003's error.
    const design = container({
      name: 'tenant-events',
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 500, hotKeyShare: 0.3 },
          { path: '/userId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 0, peakWriteUnits: 9_000 },
      throughput: { manual: 10_000 },
    });
    const findings = lint(design, { only: ['SG001', 'SG003', 'SG014', 'SG017'] });
    expect(findings.map((f) => [f.ruleId, f.messageId])).toEqual([
      ['SG003', 'prefixHot'],
      ['SG017', expect.any(String)],
    ]);
    expect(findings[0].data).toMatchObject({ prefixLoad: 2700, prefixUsable: 1370, containerRu: 11_300, declaredRu: 10_000 });
  });
});
