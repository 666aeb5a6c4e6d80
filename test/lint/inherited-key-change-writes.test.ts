/**
 * Review 14, gap 3: an index counted at 2× the table's writes because updates change its key (`mutable`, a delete
 * and a put per change; AWS, "Provisioned throughput considerations for global secondary indexes": "If an update to
 * the table changes the value of an indexed key attribute (from A to B), two writes are required"), that also takes
 * the table's hottest item's writes (lib/lint/analysis.ts, `inheritedWrites`). The item's share was applied to the 2×,
 * and the random shards redrawn per update counted 2 more writes per update on top:
 * - the changing key is the index's partition key: the item moves between its values, and no one value takes more
 *   than one write per update (1,800 WCU of the flash-sale SKU's 1,800 updates, not 3,600);
 * - it is the index's sort key: the delete and the put land under the one partition-key value (3,600 WCU, as before);
 * - either way, a shard drawn afresh on every update is that same delete and put: 2 writes per update over N shards
 *   (N = 5 for 1,800 updates against 800 usable), not 4. Beside the neighbours: the index's 6,000 WCU at 2× take SG017's
 *   raise to 7,500 (80%), so 11 partitions with its 8,000 RCU; 276.92 + 5,723.08 ÷ 11 = 797.20 at 13 (at 12, 300 +
 *   518.18 = 818.18).
 */
import { lint } from '../../lib';
import type { DynamoDbTableDesign, GlobalSecondaryIndexDesign } from '../../lib';
import { inventoryTable } from '../fixtures';

/** The reviewer's designs/inventory.json, with the index's fields overridable. */
const inventory = (index: Partial<GlobalSecondaryIndexDesign> = {}): DynamoDbTableDesign => inventoryTable({}, index);

const sg003 = (design: DynamoDbTableDesign) => lint(design).find((f) => f.index === 'by-warehouse' && f.ruleId === 'SG003');
const MOVES = { partitionKey: { name: 'warehouseId', type: 'S', cardinality: 12, mutable: true } } as const;
const STAMPED = { sortKey: { name: 'updatedAt', type: 'S', mutable: true } } as const;

describe("an index whose key the updates change, taking the table's hottest item's writes", () => {
  it('a changing partition key moves the item between values: at most one write per update on any (1,800 WCU, 30% of the 2×)', () => {
    const finding = sg003(inventory(MOVES));
    expect(finding?.message).toMatch(/takes 30% \(of its writes, from the hottest item of the table\) of the peak: 1,800 WCU writes against a usable 800 WCU/);
    expect(finding?.message).toMatch(
      /an update that changes `warehouseId` moves it from one `warehouseId` value to another, a delete on the one it leaves and a put on the one it takes, so no one value takes more than one write per update \(60% of the table's 3,000 WCU;/,
    );
    expect(finding?.message).not.toMatch(/all on the one `warehouseId` value that item carries/);
    // Were no update to change the key, the item's 1,800 WCU would all land on its one value (not the uniform 1/12's 250).
    expect(finding?.message).toMatch(/its hottest value takes 1,800 WCU of writes if no update changes the key/);
  });

  it('a changing sort key keeps both writes under the one partition-key value: 3,600 WCU, 60% of the 2×', () => {
    expect(sg003(inventory(STAMPED))?.message).toMatch(/takes 60% \(of its writes, from the hottest item of the table\) of the peak: 3,600 WCU writes/);
  });

  it.each([
    ['partition key', MOVES],
    ['sort key', STAMPED],
  ])('the changing %s: random shards redrawn per update are sized for 2 writes per update (3,600 WCU, N = 63, or 9 pre-warmed), not 4', (_, index) => {
    const finding = sg003(inventory(index));
    // The index takes 2 × 3,000 = 6,000 WCU, judged at the 7,500 WCU SG017 raises it to (6,000 ÷ 0.8) and the table's 8,000
    // RCU: max(3, 8) = 8 partitions averaging 750 WCU, so 57.14 + 5,942.86 ÷ 8 = 800 of 800 at 63 (at 62, 58.06 + 742.74 =
    // 800.81). (The retired sum count gave 11 partitions and 13 shards.) warm20: that count is its neighbours' (5 serve the key
    // alone), so warm throughput leads, and the 63 follow. 6 shards leave 5% free on 34 partitions (600 + 5,400 ÷ 34 =
    // 758.82 ≤ 760), but two of them on one partition take 1,200 of the hard 1,000 WCU on their own, as two of 7 (1,028.57)
    // do, and two of 8, 900 + 5,100 ÷ P, need 51 partitions, past the quota's 40; two of 9 take 800 + 5,200 ÷ 26 = 1,000
    // on 26 (1,008 on 25).
    expect(finding?.fix).toMatch(
      /^pre-warm index `by-warehouse` to 26,000 write units a second \(warmThroughput\): 26 partitions where 8 are counted now, the least at which two of N = 9 shards on one partition fit its 1,000 WCU maximum/,
    );
    expect(finding?.fix).toMatch(/a random 0…8 \(N = 9 random shards\)/);
    expect(finding?.fix).toMatch(/; or, on the 8 partitions counted now, N = 63 shards/);
    expect(finding?.fix).toMatch(/so N is sized for 2 index writes per update \(3,600 WCU\)/);
    const sharded = (shards: number) =>
      sg003(
        inventory({
          ...index,
          partitionKey: { name: 'warehouseIdShard', type: 'S', cardinality: 12, ...('partitionKey' in index ? { mutable: true } : {}) },
          sharding: { strategy: 'random', shards, logicalAttribute: 'warehouseId' },
        }),
      );
    // 2 × 1,800 ÷ 63 = 57.14 WCU per shard fits beside its neighbours; over 62, 58.06 does not.
    expect(sharded(63)).toBeUndefined();
    expect(sharded(62)?.message).toMatch(/58.06 WCU per shard over 62/);
  });
});
