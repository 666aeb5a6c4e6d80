/**
 * index29 item 2: a table that declares fewer write shards than the index keyed by its own partition-key attribute
 * needs (the index holds the table's stored keys, so the table's shards are its shards). The index's fix proposed a
 * separate shard attribute of its own (a new attribute on every item, a new index); it now raises the table's
 * `sharding.shards` to the count the index's hottest value needs, and writes that edit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DynamoDbTableDesign } from '../../lib';
import { fixedOnce, leaderboardTable } from '../fixtures';

const gameFlawed = (): { tables: DynamoDbTableDesign[] } =>
  JSON.parse(readFileSync(join(__dirname, '../cli/fixtures/designs/game-flawed.json'), 'utf8')) as { tables: DynamoDbTableDesign[] };

/** game-flawed.json's season table, its hot season sharded 18 ways (the 18 its own 5,700 WCU need; the index needs 37). */
const seasons18 = (): { tables: DynamoDbTableDesign[] } => ({
  tables: [{ ...gameFlawed().tables[0], sharding: { strategy: 'calculated', shards: 18, sourceAttribute: 'playerId', hotValues: 1 } }],
});

describe("an index holding the table's declared shards, too few for it: the table's count is raised", () => {
  it("game, 18 declared: SG001 and SG003 on the index raise the table's sharding.shards to 37 and say the fan-out's quota (no edit)", () => {
    const onIndex = lint(seasons18()).filter((f) => f.index === 'leaderboard-by-season' && (f.ruleId === 'SG001' || f.ruleId === 'SG003'));
    expect(onIndex.map((f) => f.ruleId).sort()).toEqual(['SG001', 'SG003']);
    for (const f of onIndex) {
      expect(f.fix).toContain(
        "its writes (11,400 WCU) are over the usable 775 WCU by themselves: raise the table's sharding.shards from 18 to N = 37: index `leaderboard-by-season` is keyed by `seasonId` as the table stores it, so the table's shards are its shards, and on 37 its hottest value's writes fit (308.11 WCU a shard, within the usable 312.84 WCU its neighbours leave), with no shard attribute or index of its own",
      );
      expect(f.fix).not.toContain('seasonIdShard');
      // On 37 shards `top-100` fans out past the read quota (item 3): the request is part of the fix, and no edit is written.
      expect(f.fix).toContain('the fan-out makes index `leaderboard-by-season` read 95,040 RCU at the peak');
      expect(f.edits).toBeUndefined();
    }
  });

  // The hot game's index writes on 120 partitions, 60,000 WCU in all: at 96 shards two on one partition take 2 × 250 +
  // (60,000 − 250) ÷ 120 − 250 ÷ 120 = 995.83 WCU, within the 1,000 WCU maximum; at 95, 1,001.05; at 80, 1,095.
  it('leaderboard, 15 declared (top-scores read whole): the index raises the table to 96, sets fanOut, and the fix converges', () => {
    const design = leaderboardTable({
      sharding: { strategy: 'calculated', shards: 15, sourceAttribute: 'playerId' },
      accessPatterns: [
        { name: 'player-score', keyAttributes: ['gameId', 'playerId'], share: 0.5 },
        { name: 'top-scores', index: 'top-scores', keyAttributes: ['gameId'], share: 0.5, resultKb: 480 },
      ],
    });
    const hit = lint(design).find((f) => f.ruleId === 'SG003' && f.index === 'top-scores');
    expect(hit?.fix).toMatch(/^raise the table's sharding.shards from 15 to N = 96: index `top-scores` is keyed by `gameId` as the table stores it/);
    expect(hit?.edits).toEqual([
      { op: 'set', path: 'sharding.shards', value: 96 },
      { op: 'set', path: 'accessPatterns[1].fanOut', value: true },
    ]);
    const after = fixedOnce(design);
    expect(after.design.sharding).toEqual({ strategy: 'calculated', shards: 96, sourceAttribute: 'playerId' });
    expect(after.design.globalSecondaryIndexes?.[0].sharding).toBeUndefined();
    expect(after.findings.filter((f) => ['SG003', 'SG009'].includes(f.ruleId) || f.severity === 'error')).toEqual([]);
  });

  // index29 item 3: the table's quota check at its raised count counts the index that carries its shards.
  it("game, unsharded: the table's fix at 37 counts top-100's fan-out on the index (95,040 RCU, past the quota): no edit", () => {
    const design = { tables: [gameFlawed().tables[0]] };
    const sg003 = lint(design).find((f) => f.ruleId === 'SG003' && f.index === undefined);
    expect(sg003?.fix).toContain('into N = 37 calculated shards on `playerId`');
    expect(sg003?.fix).toContain(
      "the fan-out makes index `leaderboard-by-season`, whose key holds these shards (the queries `top-100` fan out over them), read 95,040 RCU at the peak (2,700 RCU of reads, each shard's query a request of its own, as SG017 counts them), which at 80% utilization take 118,800 RCU of read throughput for index `leaderboard-by-season`, above the default table-level read throughput quota of 40,000",
    );
    expect(sg003?.edits).toBeUndefined();
  });

  it("leaderboard, unsharded, top-scores read whole: the hot game's fan-out over 96 stays within the quota, so the table's edit is written", () => {
    const design = leaderboardTable({
      accessPatterns: [
        { name: 'player-score', keyAttributes: ['gameId', 'playerId'], share: 0.5 },
        { name: 'top-scores', index: 'top-scores', keyAttributes: ['gameId'], share: 0.5, resultKb: 480 },
      ],
    });
    const sg003 = lint(design).find((f) => f.ruleId === 'SG003' && f.index === undefined);
    expect(sg003?.fix).not.toContain('the fan-out makes');
    // The index keyed by `gameId` as the table stores it holds the new shards: its whole-game read fans out with them.
    expect(sg003?.fix).toContain('set fanOut on `top-scores` too');
    expect(sg003?.edits).toEqual([
      { op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 96, sourceAttribute: 'playerId', hotValues: 1 } },
      { op: 'set', path: 'accessPatterns[1].fanOut', value: true },
    ]);
  });

  it('an index on another attribute (no table shards carried) keeps a shard attribute of its own', () => {
    const design = leaderboardTable({ sharding: { strategy: 'calculated', shards: 15, sourceAttribute: 'playerId' } });
    const gsi = design.globalSecondaryIndexes?.[0];
    const other: DynamoDbTableDesign = {
      ...design,
      globalSecondaryIndexes: [{ ...gsi!, partitionKey: { name: 'seasonId', type: 'S', cardinality: 100 }, workload: { hotKeyShare: 0.05 } }],
      accessPatterns: [{ name: 'player-score', keyAttributes: ['gameId', 'playerId'], share: 1 }],
    };
    const hit = lint(other).find((f) => f.ruleId === 'SG003' && f.index === 'top-scores');
    expect(hit?.fix).toContain('by a separate attribute the application writes on each item');
    expect(hit?.fix).not.toContain("raise the table's sharding.shards");
  });
});
