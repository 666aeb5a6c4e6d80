/**
 * A key whose hottest value is not known ahead or moves (an alert storm at whichever site alerts), declared as
 * `workload.hotKeyMoves: true`: a write-sharding fix shards every value, not the hottest alone (`sharding.hotValues: 1`,
 * which keeps a list of hot values in the application's configuration, the wrong one once another value is hot), and
 * every value's reads fan out over the shards. Undeclared, the fix of the hottest value alone names the field.
 */
import { lint, normalize } from '../../lib';
import { fixedOnce, indexHotKeyHit, paymentsByMerchant, table } from '../fixtures';

describe('workload.hotKeyMoves: the hottest value is not known ahead', () => {
  it('not declared: the hottest value alone is sharded, and the fix names the field that shards every value', () => {
    const hit = indexHotKeyHit(lint(paymentsByMerchant()));
    expect(hit?.edits).toContainEqual({
      op: 'set',
      path: 'globalSecondaryIndexes[0].sharding',
      value: { strategy: 'random', shards: 12, logicalAttribute: 'merchantId', hotValues: 1 },
    });
    expect(hit?.fix).toContain(
      'where which value is hot is not known ahead or moves, set `globalSecondaryIndexes[0].workload.hotKeyMoves` to true, and the fix shards every value)',
    );
    expect(hit?.fix).not.toContain('shard every value instead)');
  });

  // 3,200 WCU on the hottest merchant, whichever it is: 12 random shards of 266.67 WCU, as for the hottest alone; every
  // merchant's 480 KB read (1,200 RCU of the 4,000: 30%) queries all 12, 40 KB each, 5 RCU eventually consistent, 60 in
  // all as before (480 KB ÷ 4 KB ÷ 2): the fan-out adds no read units where each shard's part is whole 4 KB blocks.
  it('declared on the index: every value is sharded (no hotValues), every read fans out, and the fix says why', () => {
    const hit = indexHotKeyHit(lint(paymentsByMerchant({ workload: { hotKeyShare: 0.4, hotKeyMoves: true } })));
    expect(hit).toMatchObject({ severity: 'error', data: { hotKeyLoad: 3200, shards: 12 } });
    expect(hit?.edits).toContainEqual({
      op: 'set',
      path: 'globalSecondaryIndexes[0].sharding',
      value: { strategy: 'random', shards: 12, logicalAttribute: 'merchantId' },
    });
    expect(hit?.edits).toContainEqual({ op: 'set', path: 'accessPatterns[1].fanOut', value: true });
    expect(hit?.fix).toMatch(
      /^key index `by-merchant` by a separate attribute the application writes on each item, `merchantIdShard` = `merchantId` \+ "#" \+ a random 0…11/,
    );
    expect(hit?.fix).toContain(
      'every value, not the hottest alone: `globalSecondaryIndexes[0].workload.hotKeyMoves` says which `merchantId` value is the hottest is not known ahead or moves',
    );
    expect(hit?.fix).not.toContain('sharding.hotValues: 1');
  });

  it('declared: --fix converges, the re-keyed index sharded whole and linting clean', () => {
    const after = fixedOnce(paymentsByMerchant({ workload: { hotKeyShare: 0.4, hotKeyMoves: true } }));
    expect(after.design.globalSecondaryIndexes?.[0]).toMatchObject({
      indexName: 'by-merchant-v2',
      partitionKey: { name: 'merchantIdShard' },
      sharding: { strategy: 'random', shards: 12, logicalAttribute: 'merchantId' },
    });
    expect(after.design.globalSecondaryIndexes?.[0].sharding).not.toHaveProperty('hotValues');
    expect(after.findings).toEqual([]);
  });

  it("declared on the table: a table key's fix shards every value", () => {
    const devices = table({
      name: 'alerts',
      partitionKey: { name: 'siteId', type: 'S', cardinality: 300 },
      sortKey: { name: 'ts', type: 'N', cardinality: 'unique' },
      workload: { peakReadUnits: 1000, peakWriteUnits: 10_000, hotKeyShare: 0.2 },
    });
    const alone = lint(devices).find((f) => f.ruleId === 'SG003');
    expect(alone?.edits).toContainEqual(expect.objectContaining({ path: 'sharding', value: expect.objectContaining({ hotValues: 1 }) }));
    const moving = table({ ...devices, workload: { ...devices.workload, hotKeyMoves: true } });
    const hit = lint(moving).find((f) => f.ruleId === 'SG003');
    const sharding = hit?.edits?.find((e) => e.path === 'sharding');
    expect(sharding).toMatchObject({ op: 'set', value: { strategy: 'random' } });
    expect(sharding).not.toHaveProperty('value.hotValues');
    expect(hit?.fix).toContain(
      'every value, not the hottest alone: `workload.hotKeyMoves` says which `siteId` value is the hottest is not known ahead or moves',
    );
  });

  it("an index keyed by the table's key inherits the table's declaration; its own false overrides it", () => {
    const games = (own?: boolean) =>
      table({
        name: 'scores',
        partitionKey: { name: 'gameId', type: 'S', cardinality: 500 },
        sortKey: { name: 'playerId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 1000, peakWriteUnits: 2000, hotKeyShare: 0.3, hotKeyMoves: true },
        globalSecondaryIndexes: [
          {
            indexName: 'by-game-score',
            partitionKey: { name: 'gameId', type: 'S', cardinality: 500 },
            sortKey: { name: 'score', type: 'N' },
            ...(own === undefined ? {} : { workload: { hotKeyMoves: own } }),
          },
        ],
      });
    const movesAt = (own?: boolean) => {
      const design = normalize(games(own)).designs[0].design;
      return design.engine === 'dynamodb' ? design.globalSecondaryIndexes[0].workload.hotKeyMovesAt : undefined;
    };
    expect(movesAt()).toBe('workload.hotKeyMoves');
    expect(movesAt(true)).toBe('globalSecondaryIndexes[0].workload.hotKeyMoves');
    expect(movesAt(false)).toBeUndefined();
  });

  it('refuses a list of hot values on a key declared to move, naming both fields', () => {
    const listed = paymentsByMerchant(
      {
        partitionKey: { name: 'merchantIdShard', type: 'S', cardinality: 20_000 },
        sharding: { strategy: 'random', shards: 12, logicalAttribute: 'merchantId', hotValues: 1 },
        workload: { hotKeyShare: 0.4, hotKeyMoves: true },
      },
      { accessPatterns: [{ name: 'payments-of-merchant', index: 'by-merchant', keyAttributes: ['merchantIdShard'], share: 0.3, fanOut: true, resultKb: 480 }] },
    );
    expect(() => normalize(listed)).toThrow(
      'globalSecondaryIndexes[0].sharding.hotValues: shards only the values the application lists, but globalSecondaryIndexes[0].workload.hotKeyMoves says which value is the hottest is not known ahead or moves: a list would miss the one that is hot at the time, left unsharded; remove hotValues to shard every value, or set globalSecondaryIndexes[0].workload.hotKeyMoves to false',
    );
    // Without hotKeyMoves the same list is the design's choice, accepted.
    const kept = { ...listed, globalSecondaryIndexes: listed.globalSecondaryIndexes?.map((g) => ({ ...g, workload: { hotKeyShare: 0.4 } })) };
    expect(() => normalize(kept)).not.toThrow();
  });
});
