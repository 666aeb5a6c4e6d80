/**
 * Review 15 item 2: a GSI keyed by the table's own partition key (leaderboard: table `gameId`, the hottest game at 40% of
 * 30,000 WCU; GSI `top-scores` on `gameId`, sort key `score`) takes every write of the hot game on one index value. It
 * passed silently: the index's share was uniform (1/200), as if its values were unrelated to the table's. By hand:
 * 0.4 × 30,000 = 12,000 WCU, and 24,000 with the delete and put a changing `score` costs, against 800 usable → N = 30;
 * beside the other games on the index's 120 partitions (twice its 1,000 RCU and 60,000 WCU: max(1, 120)), 800 − 36,000 ÷
 * 120 = 500 left unsharded, and 80 fit the usable line: 300 + 59,700 ÷ 120 = 797.5 (at 79, 303.8 + 497.47 = 801.27); two
 * of N on one partition take 2 × 24,000 ÷ N × (1 − 1 ÷ 120) + 500: 1,001.05 at 95, 995.83 of the hard 1,000 at 96, so N = 96.
 */
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { leaderboardTable } from '../fixtures';

const indexFinding = (design: DesignInput) => lint(design).find((f) => f.ruleId === 'SG003' && f.index === 'top-scores');

describe("an index keyed by the table's partition key takes the table's hottest share of its writes", () => {
  it('leaderboard: SG003 on top-scores, 40% of its 60,000 WCU on one gameId, 96 random shards on a separate attribute', () => {
    const finding = indexFinding(leaderboardTable());
    expect(finding).toMatchObject({ severity: 'error', data: { share: 0.4, shareSource: 'table-key', hotKeyLoad: 24_000, usable: 500, shards: 96 } });
    expect(finding?.message).toContain('takes 40% (the hottest value of the table, which the index key carries) of the peak: 24,000 WCU writes');
    // At 1× (30,000 WCU, 60 partitions): 300 + 29,700 ÷ 60 = 795 at 40 (at 39, 307.69 + 494.87 = 802.56); two on one
    // partition 2 × 12,000 ÷ N × (1 − 1 ÷ 60) + 500: 1,003.47 at 47, 991.67 at 48.
    expect(finding?.fix).toMatch(/`gameIdShard` = `gameId` \+ "#" \+ a random 0…95 \(N = 96 random shards\).*N = 48 if no update changes `score`/);
  });

  // shardfix26: one table shard of the hot game takes 0.4 ÷ 15 of 60,000 = 1,600 WCU; the fix keys the index by a
  // separate attribute that holds the plain `gameId` and its own shard, which spread the game's whole 24,000 WCU alone
  // (normalize-table.ts `tableHotShare`), so N is the unsharded index's 96 (it was 6, sized on one table shard's 1,600).
  it('a table key sharded in its own attribute carries its shards into the index: 0.4 ÷ 15 of 60,000 = 1,600 WCU per table shard; N = 96 for the separate attribute', () => {
    const sharded = leaderboardTable({ sharding: { strategy: 'calculated', shards: 15, sourceAttribute: 'playerId' } });
    const finding = indexFinding(sharded);
    expect(finding).toMatchObject({ data: { share: 0.4, hotKeyLoad: 24_000, shards: 96 } });
    expect(finding?.message).toContain('24,000 WCU writes, 1,600 WCU per table shard over 15');
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

  // gsishard21, shardfix26: the index's separate shard attribute would hold the game's id and its own shard, not the
  // table's 40 shards, so a fix sized on one table shard (2) left 12,000 WCU per shard. Now the index keeps `gameId`,
  // whose values are the table's shards of the hot game, SG009 fans `top-scores` out over them, and a second run
  // changes nothing. carry28: the table's count is the index's 80 (it was the table's own 40, which left the index's
  // game at 600 WCU a shard, a warning quoting 80 shards on `gameIdShard` that no edit wrote).
  it("--fix leaves no silent pass: the index keeps the table's shards, its reads fan out over them, and a second run changes nothing", () => {
    const text = JSON.stringify({ tables: [{ ...leaderboardTable(), engine: undefined }] }, null, 2);
    const first = fixDesignText(text, {});
    const fixedDesign = JSON.parse(first.text) as { tables: DynamoDbTableDesign[] };
    // carry28: 96, the index's need (its 24,000 WCU), not the table's own 48: the index key holds the table's shards.
    expect(fixedDesign.tables[0].sharding).toMatchObject({ strategy: 'calculated', shards: 96, hotValues: 1 });
    expect(fixedDesign.tables[0].globalSecondaryIndexes?.[0]).toMatchObject({ indexName: 'top-scores', partitionKey: { name: 'gameId' } });
    expect(fixedDesign.tables[0].globalSecondaryIndexes?.[0].sharding).toBeUndefined();
    expect(fixedDesign.tables[0].accessPatterns?.find((p) => p.name === 'top-scores')).toMatchObject({ fanOut: true });
    const findings = lint(fixedDesign);
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    // On the table's 96 shards the index's hottest game fits (250 WCU a shard): no SG003 left, and no SG009 (fanOut set).
    expect(findings.filter((f) => f.ruleId === 'SG003' || f.ruleId === 'SG009')).toEqual([]);
    expect(fixDesignText(first.text, {}).fixes).toEqual([]);
  });
});
