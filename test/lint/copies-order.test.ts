/**
 * The order of a fix whose plan is replicated copies at a raise, by what an expert weighs: the integrated cache leads for
 * a read-hot value it answers (point reads or exact-parameter queries by its key; "Azure Cosmos DB integrated cache"),
 * and a plain raise, which changes no key and no application, leads copies whose raise is within 25% of it.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit } from '../../lib';
import { qaPosts, qaTagFeed } from '../fixtures';

// A Q&A site's questions: one viral question, 20% of 30,000 RU/s of reads and 6,000 of writes, on 8 partitions (400 GB).
const posts = (keyed = true): CosmosContainerDesign =>
  qaPosts({
    accessPatterns: keyed
      ? [
          { name: 'question-page', keyAttributes: ['/questionId'], share: 0.97 },
          { name: 'user-activity', keyAttributes: [], share: 0.03 },
        ]
      : [{ name: 'user-activity', keyAttributes: [], share: 1 }],
  });

// A tag feed hot by reads (15% of 16,000), whose copies need 29,500 RU/s and whose raise alone 31,500.
const tagFeed = (): CosmosContainerDesign => qaTagFeed();

describe('a read-hot value the integrated cache answers: the cache leads the copies', () => {
  const findings = lint(posts());
  const sg003 = findings.find((f) => f.ruleId === 'SG003');

  // Undeclared, the plain raise is the container's creation: the value's 7,200 RU/s beside (36,000 − 7,200) ÷ P within
  // 80% of R ÷ P, at most 10,000 a partition: 7,200 P + 28,800 ≤ 8,000 P from P = 36, 360,000 RU/s (in place from 8, 631,000).
  it('leads with the cache, the copies at 132,000 RU/s and the 360,000 raise following (before: the copies led)', () => {
    expect(sg003?.fix).toMatch(/^put the integrated cache in front of the reads of the hottest `\/questionId` value/);
    expect(sg003?.fix).toContain('whose peak falls from 36,000 to 30,000 RU/s');
    expect(sg003?.fix).toContain("its writes (1,200 RU/s) then fit unsharded at today's throughput");
    // The copies' raise, undeclared, is the container's creation: 800 GB start it on 16 even partitions (the 50 GB rule).
    expect(sg003?.fix).toMatch(
      /; or raise the container's throughput to 132,000 RU\/s \(16 physical partitions of 8,250 RU\/s: created at them.*, then keep N = 2 replicated copies/,
    );
    expect(sg003?.fix).toMatch(/; or raise the container's throughput to 360,000 RU\/s \(36 physical partitions of 10,000 RU\/s: created at them/);
  });

  it('writes nothing under --fix (the cache is no edit of the design), and SG017 no longer counts copies', () => {
    expect(sg003?.edits).toBeUndefined();
    expect(findings.find((f) => f.ruleId === 'SG017')).toBeUndefined();
  });

  it('without a read by its key, the cache is not said to answer, and the copies lead as before (the other way)', () => {
    const fix = lint(posts(false)).find((f) => f.ruleId === 'SG003')?.fix;
    expect(fix).toMatch(
      /^raise the container's throughput to 132,000 RU\/s \(16 physical partitions of 8,250 RU\/s: created at them.*, then keep N = 2 replicated copies/,
    );
  });
});

describe("a plain raise within 25% of the copies' raise leads them", () => {
  const sg003 = lint(tagFeed()).find((f) => f.ruleId === 'SG003');

  it("leads with 31,500 RU/s, 2,000 more than the copies' 29,500, which follow (before: the copies led)", () => {
    expect(sg003?.fix).toMatch(
      /^create the container at 24,000 RU\/s, no more, then raise it to 31,500 RU\/s .*changes no key and no application, 2,000 RU\/s more than the raise the replicated copies need/,
    );
    expect(sg003?.fix).toMatch(
      /; or, for a smaller raise, create the container at 24,000 RU\/s, no more, then raise it to 29,500 RU\/s .*, then keep N = 2 replicated copies/,
    );
    expect(sg003?.edits).toEqual([
      { op: 'set', path: 'throughput.manual', value: 31_500 },
      { op: 'set', path: 'physicalPartitions', value: 4 },
    ]);
  });

  it('its edits, applied, leave no error, and a second lint asks for no further edit', () => {
    const fixed = applyDesignEdits(tagFeed(), sg003?.edits as DesignEdit[]);
    const again = lint(fixed);
    expect(again.filter((f) => f.severity === 'error')).toEqual([]);
    expect(again.flatMap((f) => f.edits ?? [])).toEqual([]);
  });
});
