/**
 * A fix that asks a Cosmos DB container for more RU/s than Azure's default maximum per container, 1,000,000 ("Azure Cosmos
 * DB service quotas": raised "by filing an Azure support ticket"), names that maximum and the ticket, as SG017's own raise
 * past it does (cosmosRaisePastQuota): Azure refuses the figure until the quota is raised. Two figures said none: SG017's
 * raise in place for a container that exists already (beside the one it is created at), and the RU/s SG003's raise-and-
 * shard alternative needs once its fan-out reads are counted. The chat service's container (chat.json) at a peak that
 * needs such figures, and chat-hot-only.json, whose figures are below it (quiet).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type CosmosContainerDesign, type DesignInput } from '../../lib';

const chatHotOnly = JSON.parse(readFileSync(join(__dirname, '../cli/fixtures/designs/chat-hot-only.json'), 'utf8')) as { containers: CosmosContainerDesign[] };
const QUOTA_WORDS = "above Azure's default maximum of 1,000,000 RU/s per container";

/** The chat container with one conversation at 1% of `writes` RU/s of writes, on `autoscaleMax`, storage undeclared. */
const chat = (autoscaleMax: number, writes: number): DesignInput => ({
  containers: [
    {
      ...chatHotOnly.containers[0],
      throughput: { autoscaleMax },
      workload: { peakReadUnits: 15_000, peakWriteUnits: writes, hotKeyShare: 0.01, hotKeyOperations: 'writes' },
    },
  ],
});
const finding = (design: DesignInput, ruleId: string) => lint(design).find((f) => f.ruleId === ruleId);

describe("SG017's raise in place past the per-container maximum", () => {
  it('names the maximum and the support ticket (1,591,000 RU/s from 20 physical partitions)', () => {
    // 715,000 RU/s of peak; created at 941,000 (the key's 18 shards' raise) Azure starts 95 partitions; raised in place from
    // the 20 a container created at 200,000 has, an even layout needs 160 (20 × 2 × 2 × 2) of at most 10,000 RU/s: more
    // than 1,590,000 (159 would leave one unsplit), so 1,591,000 on the autoscale grid of 1,000.
    const capacity = finding(chat(200_000, 700_000), 'SG017');
    expect(capacity?.data).toMatchObject({ needed: 941_000, inPlaceNeeded: 1_591_000, inPlacePartitions: 160, inPlaceQuota: 1_000_000 });
    expect(capacity?.fix).toContain(
      `from 20 physical partitions, 1,591,000 RU/s, whose split into 160 of 9,943.75 RU/s, evenly, takes Azure typically 4-6 hours, and which is ${QUOTA_WORDS}: Azure refuses it until a support ticket raises that maximum, so file the ticket first`,
    );
    // The raise it writes, 941,000, is within the maximum.
    expect(capacity?.edits).toEqual([{ op: 'set', path: 'containers[0].throughput.autoscaleMax', value: 941_000 }]);
  });

  it('says nothing of the maximum below it (chat-hot-only: 129,000 RU/s in place)', () => {
    const capacity = finding(chatHotOnly as DesignInput, 'SG017');
    expect(capacity?.data).toMatchObject({ inPlaceNeeded: 129_000 });
    expect(capacity?.data).not.toHaveProperty('inPlaceQuota');
    expect(capacity?.fix).not.toContain('support ticket');
  });
});

describe("SG003's raise-and-shard alternative whose fan-out passes the per-container maximum", () => {
  it('names the maximum with the RU/s the container then needs (1,091,000)', () => {
    const hot = finding(chat(60_000, 400_000), 'SG003');
    expect(hot?.data).toMatchObject({ leastCost: 1_091_000, leastCostQuota: 1_000_000 });
    expect(hot?.fix).toContain(`so the container needs 1,091,000 RU/s, ${QUOTA_WORDS}, which a support ticket must raise first)`);
  });
});
