/**
 * fix27b (review r26, t9/s20.json): the leaderboard index write-sharded 20 ways on `playerId`. Its hottest shard takes
 * 11,400 ÷ 20 = 570 WCU, within a partition's usable 800 alone, and its neighbours (the other 11,430 WCU, its 19 sibling
 * shards among them, ÷ 24 partitions) are expected at 476.25: 1,046.25 WCU, past the partition's 1,000. It was a warning
 * (adaptive capacity isolates a key that fits alone), but AWS's adaptive capacity serves a hot partition only "provided
 * that traffic does not exceed ... the partition maximum capacity", and throttles past 1,000 write operations ("Burst and
 * adaptive capacity"): an error. Between the usable line and that maximum it stays the warning (36 shards: 803.5 WCU).
 * The fix's N counts the sibling shards as neighbours: 37 gives 308.11 + 487.16 = 795.27 of 800, and no finding.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';

const s20 = JSON.parse(readFileSync(join(__dirname, '../cli/fixtures/designs/game-index-20-shards.json'), 'utf8')) as DesignInput & {
  tables: { globalSecondaryIndexes: { sharding: { shards: number } }[] }[];
};

function withShards(shards: number): DesignInput {
  const design = structuredClone(s20);
  design.tables[0].globalSecondaryIndexes[0].sharding.shards = shards;
  return design;
}

const sg003 = (design: DesignInput) => lint(design).filter((f) => f.ruleId === 'SG003');

describe('SG003 on DynamoDB: a key that fits alone, past the partition maximum beside its neighbours', () => {
  it('20 shards: 570 + 476.25 = 1,046.25 WCU, past 1,000: an error, not the adaptive-capacity warning', () => {
    const [finding, ...more] = sg003(s20);
    expect(more).toEqual([]);
    expect(finding).toMatchObject({
      severity: 'error',
      index: 'leaderboard-by-season',
      data: { shards: 37, pastLoad: 1046.25, pastCeiling: 1000, pastUnit: 'WCU' },
    });
    expect(finding.notes).toContain('pastPartitionMaximum');
    expect(finding.notes).not.toContain('isolatedByAdaptiveCapacity');
    expect(finding.message).toContain(
      "it is over only beside its neighbours: alone it would fit one partition's usable ceiling, but with their expected 476.25 WCU its partition takes 1,046.25 WCU, past the 1,000 WCU one partition serves: adaptive capacity may later move it to a partition of its own, but it lifts no partition past that maximum, so the peak throttles until then",
    );
    expect(finding.fix).toBe(
      'raise sharding.shards from 20 to N = 37 (calculated on `playerId`); 4 or more of the 37 shards share one of the 24 partitions 88.06% of the time, and it then takes 1,257.43 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic',
    );
  });

  it('36 shards: 316.67 + 486.81 = 803.47 WCU, over the usable 800 but within 1,000: still the adaptive-capacity warning', () => {
    const [finding, ...more] = sg003(withShards(36));
    expect(more).toEqual([]);
    expect(finding.severity).toBe('warning');
    expect(finding.notes).toContain('isolatedByAdaptiveCapacity');
    expect(finding.notes).not.toContain('pastPartitionMaximum');
    expect(finding.data).not.toHaveProperty('pastLoad');
  });

  it("the fix's 37 (each shard's siblings among its neighbours) leaves nothing over", () => {
    expect(sg003(withShards(37))).toEqual([]);
  });
});
