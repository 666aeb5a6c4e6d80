/** The judgement of a Cosmos DB hierarchical key's first level (`firstLevelJudged`), which SG001 and SG014 both read. */
import { normalize } from '../../lib';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { firstLevelJudged } from '../../lib/lint/prefix-ingestion';
import { twoLevelWrites } from '../fixtures';

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
});
