/**
 * carry28: a table's write shards are also the shards of a GSI keyed by the table's partition-key attribute itself
 * (`leaderboard-by-season` on `seasonId`: its key values are the table's stored keys, `seasonId#0`…). AWS: each suffix
 * is a partition-key value of its own ("Using write sharding to distribute workloads evenly"), and a GSI's key is an item
 * attribute written on each item ("Using Global Secondary Indexes").
 * 1. The table's plan is sized for both: game-flawed.json's table needs 18 for its own 5,700 WCU, the index 37 for its
 *    11,400 (2 writes per `score` update); 18 left the index's season at 633.33 WCU a shard. N = 37, and the fix says why.
 * 2. The table's `hotValues` carries too: on the index only the hot season holds suffixes, so only its reads fan out
 *    (2,565 × 37 + 135 = 95,040 RCU, not 2,700 × 37 = 99,900).
 * 3. The carried shards stay known where the table's share ÷ N reaches the index's uniform share (0.4 ÷ 80 = 1/200):
 *    SG009 was silent there, a query of one game on the index reading one of 80 shards.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { leaderboardTable } from '../fixtures';

const gameFlawed = (): { tables: DynamoDbTableDesign[] } =>
  JSON.parse(readFileSync(join(__dirname, '../cli/fixtures/designs/game-flawed.json'), 'utf8')) as { tables: DynamoDbTableDesign[] };

const withSharding = (sharding: object): DesignInput => {
  const design = gameFlawed();
  return { tables: [{ ...design.tables[0], sharding } as DynamoDbTableDesign] };
};

describe("a table's shards sized for the index that carries them", () => {
  it('game-flawed: the table is sharded 37 ways (the index needs 37, the table 18), and its fix says why', () => {
    const design: DesignInput = { tables: [gameFlawed().tables[0]] };
    const onTable = lint(design).filter((f) => f.index === undefined && (f.ruleId === 'SG001' || f.ruleId === 'SG003'));
    expect(onTable.map((f) => f.ruleId).sort()).toEqual(['SG001', 'SG003']);
    for (const f of onTable) {
      expect(f.fix).toContain('into N = 37 calculated shards on `playerId`');
      expect(f.fix).toContain(
        "; N = 37, not the 18 the table's own hottest value needs: index `leaderboard-by-season` is keyed by `seasonId` as the table stores it, so these shards are its shards too, and its hottest value needs 37",
      );
    }
    const sg003 = onTable.find((f) => f.ruleId === 'SG003');
    // index29 item 3: on those 37 shards `top-100` on the index fans out past the read quota (95,040 RCU): the request is
    // part of the table's fix, which writes no edit (it wrote the 37, and SG009 then found the fan-out past the quota).
    expect(sg003?.fix).toContain(
      'the fan-out makes index `leaderboard-by-season`, whose key holds these shards (the queries `top-100` fan out over them), read 95,040 RCU',
    );
    expect(sg003?.edits).toBeUndefined();
    // The index's fix, before the table is sharded: its writes fit on the shards the table's fix gives, no shard attribute of its own.
    const onIndex = lint(design).find((f) => f.index === 'leaderboard-by-season' && f.ruleId === 'SG003');
    expect(onIndex?.fix).toContain("its writes (11,400 WCU) fit on the 37 shards the table's fix gives its `sharding`");
    expect(onIndex?.fix).not.toContain('seasonIdShard');
  });

  it('on the 37 shards the index takes none of its writes over (the message names reads alone), and the table keeps 37', () => {
    const findings = lint(withSharding({ strategy: 'calculated', shards: 37, sourceAttribute: 'playerId', hotValues: 1 }));
    const sg003 = findings.find((f) => f.ruleId === 'SG003' && f.index === 'leaderboard-by-season');
    expect(sg003?.message).toContain('2,565 RCU reads, 2,565 RCU per table shard over 37');
    expect(sg003?.message).not.toContain('WCU writes');
    expect(findings.filter((f) => f.index === undefined && ['SG001', 'SG003', 'SG007'].includes(f.ruleId))).toEqual([]);
  });

  it("the table's hotValues carries to the index: only the hot season's reads fan out (95,040 RCU, not 99,900)", () => {
    const hot = lint(withSharding({ strategy: 'calculated', shards: 37, sourceAttribute: 'playerId', hotValues: 1 })).find((f) => f.ruleId === 'SG009');
    expect(hot?.fix).toContain('makes index `leaderboard-by-season` read 95,040 RCU at the peak');
    const every = lint(withSharding({ strategy: 'calculated', shards: 37, sourceAttribute: 'playerId' })).find((f) => f.ruleId === 'SG009');
    expect(every?.fix).toContain('makes index `leaderboard-by-season` read 99,900 RCU at the peak');
  });

  it("the index keeps the table's 80 shards where 0.4 ÷ 80 is the uniform 1/200: SG009 on top-scores", () => {
    const design = leaderboardTable({ sharding: { strategy: 'calculated', shards: 80, sourceAttribute: 'playerId', hotValues: 1 } });
    const [finding, ...more] = lint(design).filter((f) => f.ruleId === 'SG009');
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ index: 'top-scores', data: { pattern: 'top-scores', shards: 80 } });
  });
});
