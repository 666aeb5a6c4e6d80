/**
 * The raise a fix offers with replicated copies is laid out on the storage those copies make: N copies store every
 * document N times, and a container has at least one physical partition per 50 GB whatever its RU/s ("Partitioning and
 * horizontal scaling"), so the count the fix names (and asks the design to declare) is max(⌈RU/s ÷ 10,000⌉, ⌈N × GB ÷ 50⌉).
 *
 * A Q&A site's posts: 20% of 36,000 RU/s on a viral question, 50,000 autoscale RU/s over 400 GB (8 partitions). Two copies
 * at 132,000 RU/s: 14 partitions by RU/s, but 800 GB need 16, of 8,250 RU/s each (before: "14 physical partitions of
 * 9,428.57 RU/s; declare physicalPartitions: 14", which the design's own 800 GB then refuse as too few).
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit } from '../../lib';
import { qaPosts } from '../fixtures';

const posts = (totalGb: number): CosmosContainerDesign => qaPosts({ storage: { totalGb, largestPartitionGb: 0.2 } });

describe("a raise with replicated copies counts the copies' storage in its physical partitions", () => {
  // Undeclared, the container is still to be created: created at 132,000 RU/s with 800 GB, Azure starts it on 16
  // partitions (the 50 GB rule binds: 16 > 14), evenly split, with nothing to declare. Each copy: 3,000 reads + 1,200
  // writes beside (42,000 − 4,200) ÷ 16 = 2,362.5, 6,562.5 ≤ 80% × 8,250 = 6,600; at 131,000, 6,550 usable: over.
  it('800 GB of copies, to be created: 16 partitions of 8,250 RU/s at 132,000 RU/s, not the 14 the RU/s alone make', () => {
    const sg003 = lint(posts(400)).find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).toMatch(
      /^raise the container's throughput to 132,000 RU\/s \(16 physical partitions of 8,250 RU\/s: created at them, Azure starts the container on one physical partition per 50 GB of its storage, more than one per 10,000 RU\/s of the maximum gives, evenly split; where the container exists already, declare its physicalPartitions and the raise is sized in place/,
    );
    expect(sg003?.fix).not.toContain('4-6 hours');
    expect(sg003?.fix).toContain('each copy beside 1/16 of the reads');
    expect(sg003?.data).toMatchObject({ shards: 2, copiesRaiseTo: 132_000, copiesRaisedPartitions: 16, copiesRaisedEach: 8_250 });
  });

  it('on the 8 partitions an existing container declares: the same raise in place, the count to declare once raised', () => {
    const sg003 = lint(qaPosts({ physicalPartitions: 8 })).find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).toMatch(
      /^raise the container's throughput in place to 132,000 RU\/s \(16 physical partitions of 8,250 RU\/s; declare physicalPartitions: 16 once raised/,
    );
  });

  it('declaring the count the fix names, as the container would have once created, is valid and leaves no finding', () => {
    const sg003 = lint(posts(400)).find((f) => f.ruleId === 'SG003');
    const fixed = applyDesignEdits(posts(400), sg003?.edits as DesignEdit[]);
    const declared = Object.assign({}, fixed, { physicalPartitions: sg003?.data?.copiesRaisedPartitions });
    expect(lint(declared)).toEqual([]);
  });

  it("where the copies' storage needs fewer partitions than the RU/s, the RU/s decide the count", () => {
    // 100 GB, 200 GB with copies: 4 partitions by storage, below the RU/s' count.
    const sg003 = lint(posts(100)).find((f) => f.ruleId === 'SG003');
    const data = sg003?.data as { copiesRaiseTo: number; copiesRaisedPartitions: number };
    expect(data.copiesRaisedPartitions).toBe(Math.ceil(data.copiesRaiseTo / 10_000));
  });
});
