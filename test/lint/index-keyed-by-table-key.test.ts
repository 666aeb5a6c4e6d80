/**
 * Review 15 item 2: a GSI keyed by the table's own partition key (leaderboard: table `gameId`, the hottest game at 40% of
 * 30,000 WCU; GSI `top-scores` on `gameId`, sort key `score`) takes every write of the hot game on one index value. It
 * passed silently: the index's share was uniform (1/200), as if its values were unrelated to the table's. By hand:
 * 0.4 × 30,000 = 12,000 WCU, and 24,000 with the delete and put a changing `score` costs, against 800 usable → N = 30;
 * beside the other games on the index's 120 partitions (twice its 1,000 RCU and 60,000 WCU: max(1, 120)), 800 − 36,000 ÷
 * 120 = 500 left unsharded, and N = 80: 300 + 59,700 ÷ 120 = 797.5 (at 79, 303.8 + 497.47 = 801.27).
 */
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { leaderboardTable } from '../fixtures';

const indexFinding = (design: DesignInput) => lint(design).find((f) => f.ruleId === 'SG003' && f.index === 'top-scores');

describe("an index keyed by the table's partition key takes the table's hottest share of its writes", () => {
  it('leaderboard: SG003 on top-scores, 40% of its 60,000 WCU on one gameId, 80 random shards on a separate attribute', () => {
    const finding = indexFinding(leaderboardTable());
    expect(finding).toMatchObject({ severity: 'error', data: { share: 0.4, shareSource: 'table-key', hotKeyLoad: 24_000, usable: 500, shards: 80 } });
    expect(finding?.message).toContain('takes 40% (the hottest value of the table, which the index key carries) of the peak: 24,000 WCU writes');
    // At 1× (30,000 WCU, 60 partitions): 300 + 29,700 ÷ 60 = 795 at 40 (at 39, 307.69 + 494.87 = 802.56).
    expect(finding?.fix).toMatch(/`gameIdShard` = `gameId` \+ "#" \+ a random 0…79 \(N = 80 random shards\).*N = 40 if no update changes `score`/);
  });

  // 120 partitions: 266.67 + 59,733.33 ÷ 120 = 764.44 at 6 (at 5, 320 + 497.33 = 817.33).
  it('a table key sharded in its own attribute carries its shards into the index: 0.4 ÷ 15 of 60,000 = 1,600 WCU → 6 index shards', () => {
    const sharded = leaderboardTable({ sharding: { strategy: 'calculated', shards: 15, sourceAttribute: 'playerId' } });
    expect(indexFinding(sharded)).toMatchObject({ data: { hotKeyLoad: 1_600, shards: 6 } });
  });

  it('an index keyed by another attribute keeps its own share (uniform over its values)', () => {
    const byRegion = leaderboardTable();
    const gsi = byRegion.globalSecondaryIndexes?.[0];
    const other: DynamoDbTableDesign = { ...byRegion, globalSecondaryIndexes: [{ ...gsi!, partitionKey: { name: 'seasonId', type: 'S', cardinality: 200 } }] };
    expect(indexFinding(other)).toBeUndefined();
  });

  it('a share of reads only is not carried into the index writes', () => {
    const reads = leaderboardTable({ workload: { peakReadUnits: 2000, peakWriteUnits: 30_000, hotKeyShare: 0.4, hotKeyOperations: 'reads' } });
    expect(indexFinding(reads)).toBeUndefined();
  });

  // gsishard21: the index's separate shard attribute holds the game's id and its own shard, not the table's 40 shards,
  // so --fix's 2 shards (sized while the index was still keyed by `gameId`, which holds them) leave 12,000 WCU per shard:
  // the re-lint says so (80 shards, past the read quota, no edit) instead of passing, and a second run changes nothing.
  it('--fix leaves no silent pass: the re-keyed index is judged on its own shards, and a second run changes nothing', () => {
    const text = JSON.stringify({ tables: [{ ...leaderboardTable(), engine: undefined }] }, null, 2);
    const first = fixDesignText(text, {});
    const fixedDesign = JSON.parse(first.text) as { tables: DynamoDbTableDesign[] };
    expect(fixedDesign.tables[0].globalSecondaryIndexes?.[0]).toMatchObject({
      partitionKey: { name: 'gameIdShard' },
      sharding: { strategy: 'random', logicalAttribute: 'gameId' },
    });
    const errors = lint(fixedDesign).filter((f) => f.severity === 'error');
    expect(errors).toMatchObject([{ ruleId: 'SG003', index: 'top-scores-v2', data: { share: 0.4, hotKeyLoad: 24_000, shards: 80 }, edits: undefined }]);
    expect(fixDesignText(first.text, {}).fixes).toEqual([]);
  });
});
