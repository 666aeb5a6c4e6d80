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
  // index29 item 3: the table's 37 shards are the index's too, and `top-100` on it then fans out over them (95,040 RCU,
  // 118,800 at headroom, past the 40,000 table-level quota). The table's fix counts that fan-out as its own: the quota
  // request is part of it, so --fix writes no sharding (it wrote 37, and SG009 then found the fan-out past the quota).
  it('--fix: no edit (the quota request comes first), the table findings quote the 37 shards and the index fan-out past the quota', async () => {
    const dir = tempTree({ 'game.json': readFileSync(join(fixtures, 'designs/game-flawed.json')) });
    const path = join(dir, 'game.json');
    const first = await run(path, true);
    expect(first.fixes ?? []).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe(readFileSync(join(fixtures, 'designs/game-flawed.json'), 'utf8'));

    const { findings } = await run(path, false);
    const onTable = findings.filter((f) => f.index === undefined && (f.ruleId === 'SG001' || f.ruleId === 'SG003') && /season/.test(f.message));
    expect(onTable.map((f) => f.ruleId).sort()).toEqual(['SG001', 'SG003']);
    for (const f of onTable) {
      expect(f.fix).toContain('into N = 37 calculated shards on `playerId`');
      expect(f.fix).toContain(
        'the fan-out makes index `leaderboard-by-season`, whose key holds these shards (the queries `top-100` fan out over them), read 95,040 RCU at the peak',
      );
      expect(f.fix).toContain('request the quota increase (Service Quotas, DynamoDB) as part of this fix, before the sharding deploys');
      expect(f.edits ?? []).toEqual([]);
    }
    // The index's findings quote the same plan: its writes fit on the 37 shards the table's fix gives, no shard attribute of its own.
    const onIndex = findings.filter((f) => f.index === 'leaderboard-by-season');
    for (const f of onIndex) {
      expect(f.fix).not.toContain('seasonIdShard');
      expect(f.edits ?? []).toEqual([]);
    }
    expect(onIndex.find((f) => f.ruleId === 'SG003')?.fix).toContain("its writes (11,400 WCU) fit on the 37 shards the table's fix gives its `sharding`");
  });
});
