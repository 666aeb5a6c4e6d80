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
  it('800 GB of copies: 16 partitions of 8,250 RU/s at 132,000 RU/s, not the 14 the RU/s alone make', () => {
    const sg003 = lint(posts(400)).find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).toMatch(
      /^raise the container's throughput in place to 132,000 RU\/s \(16 physical partitions of 8,250 RU\/s; declare physicalPartitions: 16 once raised/,
    );
    expect(sg003?.fix).toContain('each copy beside 1/16 of the reads');
    expect(sg003?.data).toMatchObject({ shards: 2, copiesRaiseTo: 132_000, copiesRaisedPartitions: 16, copiesRaisedEach: 8_250 });
  });

  it('declaring the count the fix names, as it says to once raised, is valid and leaves no finding', () => {
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
