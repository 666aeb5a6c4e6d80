/**
 * index29 item 2: a table that declares fewer write shards than the index keyed by its own partition-key attribute
 * needs (the index holds the table's stored keys, so the table's shards are its shards). The index's fix proposed a
 * separate shard attribute of its own (a new attribute on every item, a new index); it now raises the table's
 * `sharding.shards` to the count the index's hottest value needs, and writes that edit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyDesignEdits, lint, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';
import { leaderboardTable } from '../fixtures';

const gameFlawed = (): { tables: DynamoDbTableDesign[] } =>
  JSON.parse(readFileSync(join(__dirname, '../cli/fixtures/designs/game-flawed.json'), 'utf8')) as { tables: DynamoDbTableDesign[] };

/** game-flawed.json's season table, its hot season sharded 18 ways (the 18 its own 5,700 WCU need; the index needs 37). */
const seasons18 = (): { tables: DynamoDbTableDesign[] } => ({
  tables: [{ ...gameFlawed().tables[0], sharding: { strategy: 'calculated', shards: 18, sourceAttribute: 'playerId', hotValues: 1 } }],
});

function fixed<T extends DesignInput>(design: T): { readonly design: T; readonly findings: Finding[] } {
  const after = applyDesignEdits(
    design,
    lint(design).flatMap((f) => f.edits ?? []),
  );
  return { design: after, findings: lint(after) };
}

describe("an index holding the table's declared shards, too few for it: the table's count is raised", () => {
  it("game, 18 declared: SG001 and SG003 on the index raise the table's sharding.shards to 37, with the edit", () => {
    const onIndex = lint(seasons18()).filter((f) => f.index === 'leaderboard-by-season' && (f.ruleId === 'SG001' || f.ruleId === 'SG003'));
    expect(onIndex.map((f) => f.ruleId).sort()).toEqual(['SG001', 'SG003']);
    for (const f of onIndex) {
      expect(f.fix).toContain(
        "its writes (11,400 WCU) are over the usable 775 WCU by themselves: raise the table's sharding.shards from 18 to N = 37: index `leaderboard-by-season` is keyed by `seasonId` as the table stores it, so the table's shards are its shards, and on 37 its hottest value's writes fit (308.11 WCU a shard, within the usable 312.84 WCU its neighbours leave), with no shard attribute or index of its own",
      );
      expect(f.fix).not.toContain('seasonIdShard');
      expect(f.edits).toEqual([{ op: 'set', path: 'tables[0].sharding.shards', value: 37 }]);
    }
  });

  it('game, 18 declared, fixed: the table at 37 (what --fix makes of the unsharded table), the index as declared, its writes fit', () => {
    const after = fixed(seasons18());
    expect(after.design.tables[0].sharding).toEqual({ strategy: 'calculated', shards: 37, sourceAttribute: 'playerId', hotValues: 1 });
    expect(after.design.tables[0].globalSecondaryIndexes?.[0]).toEqual(gameFlawed().tables[0].globalSecondaryIndexes?.[0]);
    const onIndex = after.findings.filter((f) => f.index === 'leaderboard-by-season' && f.ruleId === 'SG003');
    expect(onIndex).toHaveLength(1);
    expect(onIndex[0].fix).toContain("its writes (11,400 WCU) fit on the 37 shards of the table's `sharding`");
    expect(after.findings.filter((f) => /raise the table's sharding\.shards/.test(f.fix))).toEqual([]);
  });

  it('leaderboard, 15 declared (top-scores read whole): the index raises the table to 80, sets fanOut, and the fix converges', () => {
    const design = leaderboardTable({
      sharding: { strategy: 'calculated', shards: 15, sourceAttribute: 'playerId' },
      accessPatterns: [
        { name: 'player-score', keyAttributes: ['gameId', 'playerId'], share: 0.5 },
        { name: 'top-scores', index: 'top-scores', keyAttributes: ['gameId'], share: 0.5 },
      ],
    });
    const hit = lint(design).find((f) => f.ruleId === 'SG003' && f.index === 'top-scores');
    expect(hit?.fix).toMatch(/^raise the table's sharding.shards from 15 to N = 80: index `top-scores` is keyed by `gameId` as the table stores it/);
    expect(hit?.edits).toEqual([
      { op: 'set', path: 'sharding.shards', value: 80 },
      { op: 'set', path: 'accessPatterns[1].fanOut', value: true },
    ]);
    const after = fixed(design);
    expect(after.design.sharding).toEqual({ strategy: 'calculated', shards: 80, sourceAttribute: 'playerId' });
    expect(after.design.globalSecondaryIndexes?.[0].sharding).toBeUndefined();
    expect(after.findings.filter((f) => ['SG003', 'SG009'].includes(f.ruleId) || f.severity === 'error')).toEqual([]);
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
