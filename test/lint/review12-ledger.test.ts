/**
 * Review 12 item 8: a payments ledger whose merchant balance item takes a conditional update (balance ≥ 0) with every
 * posting. SG003 said "split for heat may spread this key's sort-key range", which no split does for that one item, and
 * offered per-shard sub-totals without saying that a check on one sub-total refuses payments the whole balance allows.
 * The reviewer's table is copied under review12/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DynamoDbTableDesign } from '../../lib';

const ledger = JSON.parse(readFileSync(join(__dirname, 'review12', 'payments-ledger.json'), 'utf8')) as DynamoDbTableDesign;
const tableKey = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG003' && f.index === undefined);

describe('a hot key whose running total sits on one item (review 12 item 8)', () => {
  it('says split for heat does not spread the item its running total updates on every write', () => {
    const hot = tableKey(ledger);
    expect(hot?.notes).toContain('noSplitAggregateItem');
    expect(hot?.message).toMatch(/but not the one its declared running total or conditional write updates on every write: one item never spans partitions$/);
    expect(hot?.message).not.toMatch(/sort-key range over partitions/);
  });

  it('says what a per-shard check costs where it offers per-shard sub-totals', () => {
    // 1,600 WCU on the merchant, 16 partitions (twice the table's 8,000 WCU, more than its reads need): 320 + 7,680 ÷ 16 =
    // 800 of 800 at 5 (at 4, 400 + 475 = 875); two of 5 on one partition take 2 × 320 × (1 − 1 ÷ 16) + 500 = 1,100 of the
    // hard 1,000, two of 6, 1,000: 6 sub-totals.
    expect(tableKey(ledger)?.fix).toMatch(
      /6 sub-totals, each checked on its own and read together; a condition checked on one sub-total alone \(balance ≥ 0\) refuses a write the whole would allow when the rest sits in another shard/,
    );
  });

  it('without the invariant, or once it is kept per shard, split for heat may spread the key as before', () => {
    const noInvariant = Object.assign({}, ledger, { invariants: [] });
    expect(tableKey(noInvariant)?.notes).toContain('maySplitForHeat');
    const perShard = Object.assign({}, ledger, {
      sharding: { strategy: 'calculated' as const, shards: 2, sourceAttribute: 'entryId' },
      invariants: ledger.invariants?.map((i) => (i.kind === 'running-total' ? Object.assign({}, i, { splitPerShard: true }) : i)),
    });
    expect(lint(perShard).some((f) => f.notes?.includes('noSplitAggregateItem'))).toBe(false);
  });
});
