/**
 * An existing container (its `physicalPartitions` declared) whose hot key's fix plans replicated copies: the copies store
 * every document N times (the fix writes N × the GB at storage.totalGb), and a container has at least one physical
 * partition per 50 GB ("Partitioning and horizontal scaling"). So SG017's raise for the copies' peak, and the count both
 * SG017's and SG003's edits declare, are those of the copies' storage: the Q&A site's posts, 8 declared partitions of
 * 400 GB on 50,000 autoscale RU/s, 2 copies (800 GB) at 132,000 RU/s: 16 partitions, not the 14 the RU/s alone make.
 * Before, SG017 wrote physicalPartitions: 14 and said "8 physical partitions split into 14", and SG003's edits kept the
 * declared 8, which the validator refuses beside 800 GB.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit } from '../../lib';
import { qaPosts } from '../fixtures';

const posts = (): CosmosContainerDesign => qaPosts({ physicalPartitions: 8 });

describe('planned copies on an existing container: the raise is laid out on the storage they hold', () => {
  const findings = lint(posts());
  const sg017 = findings.find((f) => f.ruleId === 'SG017');
  const sg003 = findings.find((f) => f.ruleId === 'SG003');

  it("SG017 names and declares the 16 partitions 800 GB need, as SG003's raise does", () => {
    expect(sg017?.fix).toContain("the container's 8 physical partitions split into 16 of 8,250 RU/s");
    expect(sg017?.edits).toEqual([
      { op: 'set', path: 'throughput.autoscaleMax', value: 132_000 },
      { op: 'set', path: 'physicalPartitions', value: 16 },
    ]);
    expect(sg003?.data).toMatchObject({ copiesRaiseTo: 132_000, copiesRaisedPartitions: 16 });
  });

  it("SG003's edits declare the 16 too, so the fixed design is valid and clean", () => {
    const edits = sg003?.edits as DesignEdit[];
    expect(edits).toContainEqual({ op: 'set', path: 'physicalPartitions', value: 16 });
    expect(lint(applyDesignEdits(posts(), [...edits]))).toEqual([]);
  });
});
