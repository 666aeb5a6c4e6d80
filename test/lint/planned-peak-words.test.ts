/**
 * SG017 on a container whose peak counts the replicated copies SG003's fix plans: that peak is not declared (36,000 RU/s
 * are; the other 6,000 are the copies' writes), so it is worded as the peak once that fix is applied; and where SG003
 * leads with a raise in place for those copies above SG017's own figure, SG017 asks for that raise, not a lower one
 * that contradicts it (before: "the declared peak of 42,000 RU/s", and a raise to 53,000 beside SG003's 132,000).
 */
import { lint } from '../../lib';
import { qaPosts as posts } from '../fixtures';

describe("SG017's peak with the copies SG003's fix plans", () => {
  const findings = lint(posts());
  const sg003 = findings.find((f) => f.ruleId === 'SG003');
  const sg017 = findings.find((f) => f.ruleId === 'SG017');

  it("names the peak as SG003's fix leaves it, not as declared", () => {
    expect(sg017?.message).toMatch(/^the planned \(SG003's fix applied\) peak of 42,000 RU\/s \(30,000 reads \+ 12,000 writes\)/);
    expect(sg017?.message).not.toContain('declared peak');
  });

  it("asks for SG003's lead raise, which serves the peak too, with the peak's own figure beside it", () => {
    expect(sg003?.data).toMatchObject({ copiesRaiseTo: 132_000 });
    expect(sg017?.fix).toMatch(/^raise throughput\.autoscaleMax to at least 132,000 RU\/s/);
    expect(sg017?.fix).toContain('132,000 RU/s, not the 53,000 RU/s the peak alone needs');
    expect(sg017?.fix).toContain('N = 2 replicated copies fit');
  });

  // At the peak's own 53,000 RU/s (16 partitions) each declared copy of the 5% value (1,050 RU/s) meets 2,559 RU/s of
  // neighbours on 2,625 usable: SG003 leads with the raise to 73,000 that keeps the 2 copies, and SG017 asks for that one
  // raise (before: 53,000, after which SG003 still asked for 73,000).
  it('declared copies keep "declared", and SG017 asks for the raise SG003 leads with for the copies as declared', () => {
    const declared = lint(
      posts({
        sharding: { strategy: 'replicated', shards: 2 },
        storage: { totalGb: 800, largestPartitionGb: 0.2 },
        workload: { peakReadUnits: 30_000, peakWriteUnits: 6_000, hotKeyShare: 0.05 },
      }),
    );
    const hit = declared.find((f) => f.ruleId === 'SG017');
    expect(hit?.message).toMatch(/^the declared peak of 42,000 RU\/s/);
    expect(hit?.fix).toMatch(/^raise throughput\.autoscaleMax to at least 73,000 RU\/s/);
    expect(hit?.fix).toContain(
      '73,000 RU/s, not the 53,000 RU/s the peak alone needs: the fix for the hottest `/questionId` value (SG003) leads with this raise',
    );
    expect(declared.find((f) => f.ruleId === 'SG003')?.edits).toEqual(hit?.edits);
  });
});
