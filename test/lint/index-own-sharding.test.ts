/**
 * gsishard21: a GSI with a sharding of its own, keyed by a separate shard attribute (`gameIdShard` = the game's id + "#"
 * + n), was credited with the table's shards too (`sharding: calculated 3 on playerId`, which the table's `gameId`
 * attribute holds): the hottest game's 3,000 WCU on index `top-scores-v2` (30% of its 10,000 WCU, 2× the table's 5,000
 * for a changing `score`) were judged at 10%, so 2 shards passed (1,500 WCU per shard against 800 usable) and 6 were
 * "more than 2× the 2 the peak needs" (SG008). The table's shards spread an index only where its key is the table's
 * sharded attribute itself. Designs from the reviewer's try21a (fixed/ticketing.json, hostile/lb2-nosharding.json,
 * hostile/lb6.json, designs/ticketing.json), the leaderboard table alone.
 */
import { lint, type DesignInput, type DynamoDbTableDesign, type GlobalSecondaryIndexDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { applicationChange } from '../../lib/cli/fix-consequences';

const tableSharding = { strategy: 'calculated', shards: 3, sourceAttribute: 'playerId' } as const;

/** The reviewer's leaderboard (designs/ticketing.json), with the index and the table's sharding given. */
function leaderboard(gsi: GlobalSecondaryIndexDesign, sharded: boolean): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'leaderboard',
    partitionKey: { name: 'gameId', type: 'S', cardinality: 200 },
    sortKey: { name: 'playerId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 6000, peakWriteUnits: 5000, hotKeyShare: 0.3 },
    billing: 'provisioned',
    capacity: { read: { min: 100, max: 10000 }, write: { min: 50, max: sharded ? 6250 : 5000 } },
    globalSecondaryIndexes: [gsi],
    ...(sharded ? { warmThroughput: { writeUnitsPerSecond: 18000 }, sharding: tableSharding } : {}),
  };
}

/** Index `top-scores-v2` as --fix left it (fixed/ticketing.json), with `shards` random shards on `gameIdShard`. */
function shardedIndex(shards: number): GlobalSecondaryIndexDesign {
  return {
    indexName: 'top-scores-v2',
    partitionKey: { name: 'gameIdShard', type: 'S', cardinality: 200 },
    sortKey: { name: 'score', type: 'N' },
    warmThroughput: { writeUnitsPerSecond: 37000 },
    sharding: { strategy: 'random', shards, logicalAttribute: 'gameId' },
    capacity: { write: { min: 50, max: 12500 }, read: { min: 100, max: 10000 } },
  };
}

const onIndex = (design: DesignInput, ruleId: string) => lint(design).filter((f) => f.ruleId === ruleId && f.index !== undefined);

describe("an index's own sharding is judged, not the table's (gsishard21)", () => {
  // The index's 37 warm partitions: two of N shards of the hot game's 3,000 WCU on one take 2 × 3,000 ÷ N × (1 − 1 ÷ 37) +
  // 10,000 ÷ 37: 1,243.24 at 6, 1,104.3 at 7, 1,000 of the hard 1,000 at 8.
  it('fixed/ticketing.json (table 3 calculated shards, index 2 random): SG003, 3,000 WCU of the hot game, 1,500 per shard, raise to 8', () => {
    const [finding] = onIndex(leaderboard(shardedIndex(2), true), 'SG003');
    expect(finding).toMatchObject({ severity: 'error', index: 'top-scores-v2', data: { share: 0.3, shareSource: 'table-key', hotKeyLoad: 3000, shards: 8 } });
    expect(finding.message).toContain('3,000 WCU writes, 1,500 WCU per shard over 2');
    expect(finding.fix).toContain('raise sharding.shards from 2 to N = 8 (random)');
  });

  it("hostile/lb2-nosharding.json (no table sharding): the same finding, the table's sharding changing nothing", () => {
    const [finding] = onIndex(leaderboard(shardedIndex(2), false), 'SG003');
    expect(finding).toMatchObject({ severity: 'error', index: 'top-scores-v2', data: { share: 0.3, hotKeyLoad: 3000, shards: 8 } });
  });

  // hostile/lb6.json declared 6, which each fit but two of which on one partition take 1,243.24 WCU (SG003's hashedPairOver
  // warning): 8, the count the pair needs, is the design that fits.
  it('hostile/lb6.json with 8 index shards (table 3 calculated shards, index 8 random): fits, and SG008 does not ask to lower it to 2', () => {
    const design = leaderboard(shardedIndex(8), true);
    expect(onIndex(design, 'SG003')).toEqual([]);
    expect(onIndex(design, 'SG008')).toEqual([]);
  });

  // shardfix26: the finding quotes the value's 30% (3,000 WCU), then the 1,000 WCU one table shard takes; its plan is sized
  // on the 3,000 WCU a separate shard attribute (the plain value) would take, the N the next lint credits it with.
  it("an index keyed by the table's sharded attribute itself still takes the table's shards: 30% ÷ 3 = 10%, 1,000 WCU", () => {
    const plain: GlobalSecondaryIndexDesign = {
      indexName: 'top-scores',
      partitionKey: { name: 'gameId', type: 'S', cardinality: 200 },
      sortKey: { name: 'score', type: 'N' },
    };
    const [finding] = onIndex(leaderboard(plain, true), 'SG003');
    expect(finding).toMatchObject({ index: 'top-scores', data: { share: 0.3, hotKeyLoad: 3000 } });
    expect(finding.message).toContain('3,000 WCU writes, 1,000 WCU per table shard over 3');
  });

  it('--fix of designs/ticketing.json converges on 8 index shards, whose re-lint keeps only the SG017 headroom warning (clean under --fail-on warning), and a second run changes nothing', () => {
    const plain: GlobalSecondaryIndexDesign = {
      indexName: 'top-scores',
      partitionKey: { name: 'gameId', type: 'S', cardinality: 200 },
      sortKey: { name: 'score', type: 'N' },
    };
    const text = JSON.stringify({ tables: [{ ...leaderboard(plain, false), engine: undefined }] }, null, 2);
    const first = fixDesignText(text, {});
    const fixed = JSON.parse(first.text) as { tables: DynamoDbTableDesign[] };
    // The table's fix shards its hottest game alone (whale21: the other games fit unsharded), into 4: 3 shards of its
    // 1,500 WCU put 1,000 WCU on one partition when two share it, before any neighbour; 4 take 750 + 4,250 ÷ P, within
    // 1,000 WCU from 17 partitions.
    expect(fixed.tables[0].sharding).toEqual({ ...tableSharding, shards: 4, hotValues: 1 });
    expect(fixed.tables[0].globalSecondaryIndexes?.[0]).toMatchObject({
      indexName: 'top-scores-v2',
      partitionKey: { name: 'gameIdShard' },
      // 6 each fit, but two on one partition take 1,243.24 WCU (hostile/lb6.json above): 8, the count the pair needs.
      sharding: { strategy: 'random', shards: 8, logicalAttribute: 'gameId' },
    });
    expect(first.fixes.some((fix) => fix.ruleId === 'SG008')).toBe(false);
    // Left: SG017's warning that the declared write peak uses all of `capacity.write.max`. It appears once the shards
    // are written, on a table no finding then fails, and --fix raises capacity only on a design a finding at or above
    // --fail-on fails (cli34); --fail-on warning writes it.
    expect(lint(fixed).map((f) => [f.ruleId, f.messageId, f.severity])).toEqual([['SG017', 'withinHeadroom', 'warning']]);
    expect(fixDesignText(first.text, {}).fixes).toEqual([]);
    expect(lint(JSON.parse(fixDesignText(first.text, {}, 'warning').text))).toEqual([]);
  });

  it("the application change says the index's shard attribute holds the table key's own value, without the table's shard suffix", () => {
    const before = { tables: [leaderboard(shardedIndex(2), true)] };
    const edit = {
      op: 'set',
      path: 'tables[0].globalSecondaryIndexes[0].sharding',
      value: { strategy: 'random', shards: 6, logicalAttribute: 'gameId' },
    } as const;
    expect(applicationChange(edit, before)).toMatch(
      /^the application must write the index's key attribute on each item as gameId \(its own value, without any shard suffix the table's key carries\) \+ "#" \+ a random 0…5, leaving gameId as it is/,
    );
    // A logical attribute that is not the table's key keeps the text it had.
    const other = { ...edit, value: { ...edit.value, logicalAttribute: 'seasonId' } };
    expect(applicationChange(other, before)).toMatch(/as seasonId \+ "#" \+ a random 0…5/);
  });
});
