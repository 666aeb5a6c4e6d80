/**
 * shardfix26 (review r26, teams/games/designs/game-flawed.json): `--fix` shards the table's hot season 18 ways; the index
 * `leaderboard-by-season`, keyed by `seasonId` itself, then holds those 18 shards of the season. Before, the next round
 * sized the index's own shards on one table shard (3), keyed it by `seasonIdShard` (which holds the plain `seasonId`,
 * crediting it with its 3 shards alone), and the re-lint asked 3 → 37 with no edit: `--fix` never converged. Now every
 * finding on the index quotes the one plan (37 shards on `seasonIdShard`), which writes no edit (every page of `top-100`
 * reads all the shards: DAX; and its fan-out over the 18 shards passes the read quota), and a second run changes nothing.
 * carry28: on the table's 18 shards the index's season still took 633.33 WCU a shard (1,106.94 with its neighbours, past
 * the 1,000 WCU a partition serves). The table's plan is now sized for both: 37, the index's need; on them the season's
 * writes fit, and what is left on the index is its reads (DAX) and the fan-out's read quota, neither a shard count.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, fixtures, tempTree } from './helpers';

interface Finding {
  readonly ruleId: string;
  readonly index?: string;
  readonly message: string;
  readonly fix: string;
  readonly edits?: unknown[];
}

async function run(path: string, fix: boolean) {
  const { stdout } = await cli(['lint', path, '--format', 'json', ...(fix ? ['--fix'] : [])]);
  const [file] = JSON.parse(stdout).files;
  return file as { findings: Finding[]; fixes?: unknown[] };
}

describe('--fix of game-flawed.json converges: the index keyed by the sharded season quotes one plan', () => {
  it('fix twice, re-lint: the table sharded 37 ways (the index it carries to needs 37), the index as declared, no finding on its shards', async () => {
    const dir = tempTree({ 'game.json': readFileSync(join(fixtures, 'designs/game-flawed.json')) });
    const path = join(dir, 'game.json');
    await run(path, true);
    const once = readFileSync(path, 'utf8');
    const second = await run(path, true);
    expect(second.fixes ?? []).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe(once);

    const design = JSON.parse(once);
    const [scores] = design.tables;
    expect(scores.sharding).toEqual({ strategy: 'calculated', shards: 37, sourceAttribute: 'playerId', hotValues: 1 });
    expect(scores.globalSecondaryIndexes).toEqual([
      {
        indexName: 'leaderboard-by-season',
        partitionKey: { name: 'seasonId', type: 'S', cardinality: 40 },
        sortKey: { name: 'score', type: 'N' },
        projectionType: 'INCLUDE',
        nonKeyAttributes: ['displayName'],
      },
    ]);

    const { findings } = await run(path, false);
    const onIndex = findings.filter((f) => f.index === 'leaderboard-by-season');
    expect(onIndex.map((f) => f.ruleId).sort()).toEqual(['SG001', 'SG003', 'SG009']);
    // The finding that asked to raise 3 → 37 with no edit is gone: no finding on the index asks to raise its shards.
    expect(onIndex.filter((f) => /raise sharding\.shards/.test(f.fix))).toEqual([]);
    // SG001 and SG003 quote one plan, and say why no edit is written (reads every shard serves: DAX); the season's
    // writes fit on the table's 37 shards the index holds (carry28: on 18 they were 633.33 WCU a shard, 1,106.94 with
    // its neighbours, and the fix asked for 37 shards of the index's own on `seasonIdShard`).
    for (const f of onIndex.filter((g) => g.ruleId !== 'SG009')) {
      expect(f.fix).toContain('no shard count serves: every page of `top-100` reads all the shards');
      expect(f.fix).toContain(
        "its writes (11,400 WCU) fit on the 37 shards of the table's `sharding`, which the index key holds as the table stores it: 308.11 WCU a shard",
      );
      expect(f.fix).not.toContain('seasonIdShard');
      expect(f.edits ?? []).toEqual([]);
    }
    expect(onIndex.find((f) => f.ruleId === 'SG003')?.message).not.toContain('WCU writes');
    // SG009: the fan-out over the table's 18 shards, which --fix does not write past the read quota, and says so.
    const sg009 = onIndex.find((f) => f.ruleId === 'SG009');
    expect(sg009?.fix).toContain('so --fix writes no edit: request the quota increase');
    expect(sg009?.edits ?? []).toEqual([]);
  });
});
