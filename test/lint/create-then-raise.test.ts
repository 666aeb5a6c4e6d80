/**
 * A raise for a container the design describes as new (no `physicalPartitions` declared) whose layout creation at the
 * raised RU/s would not give: Azure starts a container of manual throughput on one physical partition per 6,000 RU/s,
 * and a raise up to P × 10,000 RU/s keeps its P ("Best practices for scaling provisioned throughput"). The Q&A site's
 * tag feed (20,000 manual RU/s, 60 GB): SG003's raises to 31,500 and 29,500 RU/s are judged on 4 partitions, where a
 * container created at them would get 6 and 5. The fix leads with the creation that gives the 4 (24,000 RU/s, then the
 * raise); the figures and the edits `--fix` writes are those of before. An existing container (its count declared) keeps
 * the raise in place's words.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit } from '../../lib';
import { qaTagFeed } from '../fixtures';

const tagFeed = (physicalPartitions?: number): CosmosContainerDesign => qaTagFeed(physicalPartitions === undefined ? {} : { physicalPartitions });

const sg003 = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG003');

describe('a new container: the raise says how to create it on the partitions the fix counts', () => {
  const found = sg003(tagFeed());

  it('creates at 24,000 RU/s (4 × 6,000), then raises to 31,500, keeping the 4 the figures are of', () => {
    expect(found?.fix).toMatch(
      /^create the container at 24,000 RU\/s, no more, then raise it to 31,500 RU\/s \(4 physical partitions of 7,875 RU\/s: Azure starts a container on one physical partition per 6,000 RU\/s of manual throughput, and raised up to 4 × 10,000 RU\/s it splits none; declare physicalPartitions: 4 once raised; created at 31,500 RU\/s it would get 6 physical partitions of 5,250 RU\/s\), which serves the hottest `\/tag` value unsharded/,
    );
  });

  it("the copies' smaller raise, 29,500 RU/s on the same 4, is reached the same way", () => {
    expect(found?.fix).toContain(
      '; or, for a smaller raise, create the container at 24,000 RU/s, no more, then raise it to 29,500 RU/s (4 physical partitions of 7,375 RU/s: ',
    );
    expect(found?.fix).toContain('created at 29,500 RU/s it would get 5 physical partitions of 5,900 RU/s), then keep N = 2 replicated copies');
    expect(found?.fix).not.toContain('in place');
  });

  it('writes the edits it wrote before: the raise and the 4 partitions it leaves; fixed, only the in-place-only warning names the same creation', () => {
    const edits = found?.edits as DesignEdit[];
    expect(edits).toEqual([
      { op: 'set', path: 'throughput.manual', value: 31_500 },
      { op: 'set', path: 'physicalPartitions', value: 4 },
    ]);
    const after = sg003(applyDesignEdits(tagFeed(), [...edits]));
    expect(after).toMatchObject({
      severity: 'warning',
      messageId: 'hotKeyInPlaceOnly',
      data: { createAt: 24_000, containerRu: 31_500, declaredPartitions: 4 },
    });
  });
});

describe('an existing container (4 partitions declared): the raise in place, in the words it had', () => {
  it('raises in place, and names the creation only for a new container built from the design', () => {
    const fix = sg003(tagFeed(4))?.fix;
    expect(fix).toMatch(
      /^raise the container's throughput in place to 31,500 RU\/s \(4 physical partitions of 7,875 RU\/s; declare physicalPartitions: 4 once raised; a new container gets 4 only if created at 24,000 RU\/s and raised: created at 31,500 RU\/s it would get 6 physical partitions of 5,250 RU\/s\), which serves/,
    );
    expect(fix).toContain(
      "; or, for a smaller raise, raise the container's throughput in place to 29,500 RU/s (4 physical partitions of 7,375 RU/s; declare physicalPartitions: 4 once raised; a new container gets 4 only if created at 24,000 RU/s and raised: created at 29,500 RU/s it would get 5 physical partitions of 5,900 RU/s), then keep",
    );
    expect(fix).not.toContain('create the container at');
  });
});
