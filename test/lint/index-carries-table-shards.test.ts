/**
 * shardfix26: a GSI keyed by the table's sharded partition-key attribute itself (`seasonId`, no sharding of its own)
 * holds the table's stored keys (`seasonId#0`…`seasonId#17` for the hot season, `hotValues: 1`).
 * 1. SG009 judges its reads: a query of one season on the index reads one of the 18 shards, as the table's read does
 *    (it passed silently on the index). An index on another attribute carries none.
 * 2. Its findings quote the season's loads (95% of the index's writes), then one table shard's (÷ 18), and the plan that
 *    keys it by a separate shard attribute is sized on the season's loads: that attribute holds the plain `seasonId`
 *    and its own shard, and the next lint credits it with those alone (normalize-table.ts, `tableHotShare`). Sized on
 *    one table shard, --fix wrote 3 shards that the re-lint then asked to raise to 37, with no edit.
 */
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';

/** The season-scores table both reviews' designs share: the hot season sharded 18 ways by hash(playerId). */
const scores = (gsi: object, accessPatterns: object[]): DesignInput => ({
  tables: [
    {
      name: 'season-scores',
      partitionKey: { name: 'seasonId', type: 'S', cardinality: 40 },
      sortKey: { name: 'playerId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 9000, peakWriteUnits: 6000, hotKeyShare: 0.95 },
      sharding: { strategy: 'calculated', shards: 18, sourceAttribute: 'playerId', hotValues: 1 },
      globalSecondaryIndexes: [gsi],
      accessPatterns: [{ name: 'my-score', keyAttributes: ['seasonId', 'playerId'], share: 0.7 }, ...accessPatterns],
    } as DynamoDbTableDesign,
  ],
});

/** review r26 t9/d.json: an index by season and score. */
const seasons = (patch: { indexKey?: string; top?: object } = {}): DesignInput =>
  scores(
    {
      indexName: 'by-season',
      partitionKey: { name: patch.indexKey ?? 'seasonId', type: 'S', cardinality: 40 },
      sortKey: { name: 'score', type: 'N', mutable: false },
      workload: { peakWriteUnits: 6000 },
    },
    [
      { name: 'season-players', keyAttributes: ['seasonId'], share: 0.1, fanOut: true },
      { name: 'top-100', index: 'by-season', keyAttributes: [patch.indexKey ?? 'seasonId'], share: 0.2, limit: 100, ...patch.top },
    ],
  );

const onTop = (design: DesignInput) => lint(design).filter((f) => f.ruleId === 'SG009' && f.index === 'by-season');

describe("SG009 on an index keyed by the table's sharded attribute", () => {
  it('top-100 reads one of the 18 table shards on the index: SG009, fanOut written, and the page (limit) read said', () => {
    const [finding, ...more] = onTop(seasons());
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ severity: 'error', data: { pattern: 'top-100', shards: 18, source: 'playerId', limit: 100 } });
    expect(finding.message).toBe(
      "access pattern `top-100` reads `seasonId` on index `by-season`, which holds the table's stored keys, calculated-sharded on `playerId` over 18 keys (`sharding`), without fan-out: it sees one of 18 shards",
    );
    expect(finding.fix).toContain(
      "set fanOut: true and query the index for all 18 keys of the value (shardedKey(sharding).readKeys(key), with the table's `sharding`)",
    );
    expect(finding.fix).toContain('ask each shard for its first 100 and merge them in sort-key order, so every shard serves every page');
    expect(finding.edits).toEqual([{ op: 'set', path: 'tables[0].accessPatterns[2].fanOut', value: true }]);
  });

  it('with fanOut, or wants: "any", it passes', () => {
    expect(onTop(seasons({ top: { fanOut: true } }))).toEqual([]);
    expect(onTop(seasons({ top: { wants: 'any' } }))).toEqual([]);
  });

  it('an index keyed by another attribute carries no table shards: no SG009', () => {
    expect(onTop(seasons({ indexKey: 'regionId' }))).toEqual([]);
  });

  it("a table read of a limited pattern says the page read too (the same rule's words)", () => {
    const design = seasons({ top: { fanOut: true } }) as { tables: DynamoDbTableDesign[] };
    const [table] = design.tables;
    const paged = { ...design, tables: [{ ...table, accessPatterns: [{ name: 'latest', keyAttributes: ['seasonId'], share: 1, limit: 20 }] }] } as DesignInput;
    const [finding] = lint(paged).filter((f) => f.ruleId === 'SG009');
    expect(finding.fix).toContain('`latest` reads a page at a time (limit 20): ask each shard for its first 20 and merge them');
  });
});

describe("an index on the table's sharded attribute: one plan, sized for the separate attribute's plain value", () => {
  /** game-flawed.json after --fix's first round: the hot season 18 ways; the index unchanged (`score`: 2 writes per update). */
  const flawed = scores(
    {
      indexName: 'leaderboard-by-season',
      partitionKey: { name: 'seasonId', type: 'S', cardinality: 40 },
      sortKey: { name: 'score', type: 'N' },
      projectionType: 'INCLUDE',
      nonKeyAttributes: ['displayName'],
    },
    [{ name: 'top-100', index: 'leaderboard-by-season', keyAttributes: ['seasonId'], share: 0.3, limit: 100 }],
  );

  it('SG001 and SG003 quote the 37 shards of the unsharded season (0.95 × 12,000 = 11,400 WCU), not 3 for one table shard', () => {
    const onIndex = lint(flawed).filter((f) => f.index === 'leaderboard-by-season' && (f.ruleId === 'SG001' || f.ruleId === 'SG003'));
    expect(onIndex.map((f) => f.ruleId).sort()).toEqual(['SG001', 'SG003']);
    for (const f of onIndex) {
      // index29: the index holds the table's shards, so the fix is the table's count raised to the 37 the season needs
      // (it was a separate `seasonIdShard` of the index's own, 37 random shards, and no edit).
      expect(f.fix).toContain(
        "raise the table's sharding.shards from 18 to N = 37: index `leaderboard-by-season` is keyed by `seasonId` as the table stores it",
      );
      expect(f.fix).not.toContain('seasonIdShard');
      // Every page of top-100 reads every shard: 2,565 RCU of the season on each, past 2,394.38: DAX, which no edit writes;
      // and on 37 shards its fan-out passes the read quota, so the raise is not written either (the request comes first).
      expect(f.fix).toContain('no shard count serves: every page of `top-100` reads all the shards');
      expect(f.fix).toContain('the fan-out makes index `leaderboard-by-season` read 95,040 RCU at the peak');
      expect(f.edits).toBeUndefined();
    }
    const sg003 = onIndex.find((f) => f.ruleId === 'SG003');
    expect(sg003?.message).toContain(
      'takes 95% (the hottest value of the table, which the index key carries) of the peak: 11,400 WCU writes, 633.33 WCU per table shard over 18',
    );
    expect(sg003?.message).toContain('2,565 RCU reads, 2,565 RCU per table shard over 18');
  });
});
