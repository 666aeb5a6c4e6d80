/**
 * Review 13 item 2 (silent pass): an inventory table keyed by `skuId`, one item per SKU, whose flash-sale SKU takes 60%
 * of 3,000 WCU, with a GSI `by-warehouse` on `warehouseId` (12 values). Every stock decrement of that one item writes
 * the index, all on its one warehouse value: 1,800 WCU against a usable 800 (AWS, "Provisioned throughput
 * considerations for global secondary indexes": a table write that updates an item carrying the index key writes the
 * index; "Understanding GSI write throttling and back pressure": the index's partitions have their own limits, and a
 * throttled GSI throttles the table's writes). skewguard judged the index on its own 1/12 share: "fine today … 250 of a
 * usable 800 WCU". Review 13 item 3: the fix must spread that one item: random shards drawn afresh on every update, or
 * a projection that leaves the updates out; a shard hashed from `skuId` puts the whole item on one shard.
 */
import { lint } from '../../lib';
import type { DynamoDbTableDesign, GlobalSecondaryIndexDesign } from '../../lib';
import { inventoryTable } from '../fixtures';

/** The reviewer's designs/inventory.json, with the index's fields and the table's overridable. */
const inventory = inventoryTable;

const onIndex = (design: DynamoDbTableDesign) => lint(design).filter((f) => f.index === 'by-warehouse');
const verdict = (design: DynamoDbTableDesign) => onIndex(design).map((f) => [f.ruleId, f.severity]);

describe("an index takes the table's hottest item's writes on that item's one key value", () => {
  it('inventory.json: SG003 errs on the index with 1,800 WCU, and says they are the hot item`s', () => {
    const findings = onIndex(inventory());
    // SG017 sizes the index for the layout SG003's fix writes: random shards redrawn on every update of the hot item, each
    // update a delete and a put, so 1,200 + 2 × 1,800 = 4,800 WCU, above the 4,000 it takes from the table (6,000 at 80%).
    expect(findings.map((f) => [f.ruleId, f.severity, f.path])).toEqual([
      ['SG003', 'error', 'globalSecondaryIndexes[0].partitionKey'],
      ['SG017', 'error', 'globalSecondaryIndexes[0].capacity.write'],
    ]);
    expect(findings[1].data).toMatchObject({ peak: 4800, redrawnWrites: 1800, suggested: 6000 });
    const [sg003] = findings;
    expect(sg003.message).toMatch(/takes 60% \(of its writes, from the hottest item of the table\) of the peak: 1,800 WCU writes against a usable 800 WCU/);
    expect(sg003.message).toMatch(
      /the table's hottest `skuId` value is one item, and every update of it writes the index, all on the one `warehouseId` value that item carries \(60% of the table's 3,000 WCU; declare the index's `globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits` if its projection leaves out what those updates change\)/,
    );
    expect(sg003.message).toMatch(/a throttled global secondary index also throttles the writes to its base table; one item never spans partitions$/);
    // Not "fine today": the few values are not the cause, and SG001 leaves the finding to SG003.
    expect(sg003.message).not.toMatch(/fine today/);
  });

  it('fixes it with random shards redrawn on every update (sized for 2 index writes each) or a projection, never a hash of the item', () => {
    const [sg003] = onIndex(inventory());
    // Sized for 3,600 WCU beside the index's other writes: 4 partitions for the capacity it takes from the table (8,000 RCU
    // and 4,000 WCU at most: max(3, 4)), averaging 750 of the usable 800 WCU, so 66.67 + 2,933.33 ÷ 4 = 800 at 54 (at 53,
    // 67.92 + 733.02 = 800.94). The retired sum count gave 7 partitions and 9 shards. warm20: 54 shards on 4 partitions is
    // a fan-out the neighbours set (5 serve the key alone, 720 WCU), so a pre-warm leads, and the 54 follow. Two of its
    // shards on one partition fit the 1,000 WCU maximum only from 8 (7: 2 × 514.29 = 1,028.57 alone), and 8 only from 21
    // partitions: 2 × 450 + (3,000 − 900) ÷ 21 = 1,000 (at 20, 1,005); main's 6 at 15 took 2 × 600 alone. So warm
    // throughput for 21 partitions and 8 shards.
    expect(sg003.fix).toMatch(
      /^pre-warm index `by-warehouse` to 21,000 write units a second \(warmThroughput\): 21 partitions where 4 are counted now, the least at which two of N = 8 shards on one partition fit its 1,000 WCU maximum \(1,000 WCU there\)/,
    );
    expect(sg003.fix).toMatch(/`warehouseIdShard` = `warehouseId` \+ "#" \+ a random 0…7 \(N = 8 random shards\)/);
    expect(sg003.fix).toMatch(/; or, on the 4 partitions counted now, N = 54 shards/);
    expect(sg003.fix).toMatch(
      /write a new random shard on every update of the hot item \(a shard kept from when it was created keeps all its updates on one\): each such update then moves its index entry, a delete and a put, so N is sized for 2 index writes per update \(3,600 WCU\)/,
    );
    expect(sg003.fix).toMatch(
      /or leave what the hot item's updates change out of the index's projection \(KEYS_ONLY, or INCLUDE of only the attributes its queries read\)/,
    );
    expect(sg003.fix).not.toMatch(/hash\(/);
    expect(sg003.data).toMatchObject({ shards: 8, currentShards: 54, warmPartitions: 21, strategy: 'random' });
  });

  it('the fix as written clears it; fewer shards, or a shard hashed from `skuId` (observe`s old fix), do not', () => {
    // With the capacity SG017's fix of the same run gives the index (auto scaling up to 6,000 WCU: 4,800 WCU of writes at
    // 80%), SG003 counts 5 partitions, for what auto scaling provisions at the index's 3,000 WCU peak (÷ 70%: 4,286), and
    // --fix's next round lowers the 54 shards sized for 4 to the 15 that serve there (SG008), where it converges; at 10, a
    // shard's 360 WCU (3,600 ÷ 10) beside its neighbours' 528 (2,640 ÷ 5) is 888 of 800.
    const SG017_CAPACITY = { read: { min: 500, max: 8000 }, write: { min: 200, max: 6000 } };
    // The warehouse's stock sized (480 KB), so the fix's fan-out is counted and written: with no resultKb none is.
    const stockSized = inventory({
      accessPatterns: [
        { name: 'get-stock', keyAttributes: ['skuId'], share: 0.9 },
        { name: 'warehouse-stock', index: 'by-warehouse', keyAttributes: ['warehouseId'], share: 0.1, resultKb: 480 },
      ],
    });
    const [sg003] = onIndex(stockSized);
    const sharded = (sharding: GlobalSecondaryIndexDesign['sharding']) =>
      verdict(inventory({}, { partitionKey: { name: 'warehouseIdShard', type: 'S', cardinality: 12 }, sharding, capacity: SG017_CAPACITY }));
    expect(sg003.edits?.length).toBeGreaterThan(0);
    expect(sharded({ strategy: 'random', shards: 15, logicalAttribute: 'warehouseId' })).toEqual([]);
    // warm20: 360 WCU alone fits 800, over only beside its neighbours: a warning (adaptive capacity isolates it), was an error.
    expect(sharded({ strategy: 'random', shards: 10, logicalAttribute: 'warehouseId' })).toEqual([['SG003', 'warning']]);
    // 2 shards drawn per update: 2 × 1,800 ÷ 2 = 1,800 WCU on each.
    expect(sharded({ strategy: 'random', shards: 2, logicalAttribute: 'warehouseId' })).toEqual([['SG003', 'error']]);
    const hashed = onIndex(
      inventory(
        {},
        {
          partitionKey: { name: 'warehouseIdShard', type: 'S', cardinality: 12 },
          sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'skuId', logicalAttribute: 'warehouseId' },
        },
      ),
    );
    expect(hashed.find((f) => f.ruleId === 'SG003')?.message).toMatch(/1,800 WCU writes, 1,800 WCU per shard over 2/);
  });

  it("observe's measured index figures (its writes and share as declared) get random shards, not a hash of the hot `skuId`", () => {
    const findings = onIndex(inventory({}, { workload: { peakWriteUnits: 2185, hotKeyShare: 0.464 } }));
    const sg003 = findings.find((f) => f.ruleId === 'SG003') as (typeof findings)[number];
    expect(sg003.message).toMatch(/takes 46\.4% \(declared\) of the peak: 1,013\.84 WCU writes/);
    // 1,013.84 WCU of 2,185 on 4 partitions: one of 3 shards takes 338 + 1,847 ÷ 4 = 799.75 of 800, but two of them on one
    // partition 2 × 337.95 + 461.76 − 84.49 = 1,053.23, past the 1,000 WCU maximum; two of 4, 506.92 + 482.89 − 63.37 = 926.44.
    // index29: the declared share is a whale whose others fit unsharded: it alone is sharded (hotValues: 1).
    expect(sg003.fix).toMatch(/a random 0…3 \(N = 4 random shards; sharding.hotValues: 1\)/);
    expect(sg003.fix).not.toMatch(/hash\(/);
  });

  it('declared index writes (a KEYS_ONLY projection the decrements do not write) are the designer`s count: the old verdict', () => {
    expect(verdict(inventory({}, { workload: { peakWriteUnits: 100 } }))).toEqual([['SG001', 'warning']]);
  });

  // The index at 8,000 WCU of capacity (8 partitions): the reviewer's 4,000 give it 4, whose neighbours alone (2,750 ÷ 4 =
  // 687.5) put a uniform warehouse's 250 WCU over the usable 800, an SG001 error these cases are not about. Fixed, not auto
  // scaled up to 8,000: auto scaling provisions 3,000 ÷ 70% at the peak, 5 partitions.
  const roomy = { capacity: { read: { min: 500, max: 8000 }, write: { fixed: 8000 } } } as const;

  it('a table key of many items (a sort key) may map its hot value to many index values: nothing new', () => {
    const design = inventory({ sortKey: { name: 'lotId', type: 'S' }, invariants: [], ...roomy });
    expect(verdict(design)).toEqual([['SG001', 'warning']]);
    expect(onIndex(design)[0].message).toMatch(/fine today/);
  });

  it("a declared running total's one item does carry one index value: errs, and names the invariant", () => {
    const [sg003] = onIndex(inventory({ sortKey: { name: 'lotId', type: 'S' } }));
    expect(sg003.message).toMatch(/every write of the table's hottest `skuId` value updates the one item its `conditional-write` keeps \(`invariants\[0\]`\)/);
  });

  it('a uniform table, or one whose hot item is only read, keeps its verdict', () => {
    const uniform = inventory({ workload: { peakReadUnits: 6000, peakWriteUnits: 3000 }, ...roomy });
    expect(verdict(uniform)).toEqual([['SG001', 'warning']]);
    // 250 WCU a warehouse beside the other 2,750 ÷ 8 partitions (8,000 RCU and 8,000 WCU: max(3, 8)): 456.25 left.
    expect(onIndex(uniform)[0].message).toMatch(/\(250 of the 456.25 WCU its neighbours leave of a usable 800\): fine today/);
    const readHot = inventory({ workload: { peakReadUnits: 6000, peakWriteUnits: 3000, hotKeyShare: 0.6, hotKeyOperations: 'reads' }, ...roomy });
    expect(verdict(readHot).filter(([rule]) => rule === 'SG001' || rule === 'SG003')).toEqual([['SG001', 'warning']]);
  });
});
