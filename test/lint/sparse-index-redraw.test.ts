/**
 * SG017's write peak of a GSI under replicated copies, and the second write of each update of the table's hottest item
 * once the index is random-sharded on a shard drawn afresh on every update (a delete and a put: AWS, "Provisioned
 * throughput considerations for global secondary indexes"). From the generated designs of fix-convergence (fixconvB34,
 * seeds 77002–77010): SG003's sparse-index fix (`copiesCarry: "first"`) or its copies-to-shards fix, applied, made the
 * re-lint raise SG017's quota error on the index, a finding the design did not have.
 */
import { applyDesignEdits, lint, type DynamoDbTableDesign, type Finding } from '../../lib';

const key = (f: Finding) => `${f.ruleId} ${f.path}`;

/** The findings each of SG003's fixes adds on the index, as `fix → new finding`. */
function newOnIndex(design: DynamoDbTableDesign): string[] {
  const before = lint(design);
  const known = new Set(before.map(key));
  return before
    .filter((f) => f.ruleId === 'SG003' && f.edits)
    .flatMap((fix) =>
      lint(applyDesignEdits(design, fix.edits ?? []))
        .filter((f) => f.path.startsWith('globalSecondaryIndexes[0]') && !known.has(key(f)))
        .map((f) => `${key(fix)} → ${key(f)}`),
    );
}

/** 25 replicated copies of each of 3 users' items (one item each), beside an index the copies' writes make hot. */
function copiedTable(index: Partial<NonNullable<DynamoDbTableDesign['globalSecondaryIndexes']>[number]>): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'orders',
    partitionKey: { name: 'userId', type: 'S', cardinality: 3 },
    billing: 'on-demand',
    workload: { peakReadUnits: 0, peakWriteUnits: 30850, hotKeyShare: 1 / 3 },
    sharding: { strategy: 'replicated', shards: 25 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-customerId',
        partitionKey: { name: 'customerId', type: 'S', cardinality: 5 },
        sortKey: { name: 'itemId', type: 'S' },
        workload: { hotKeyShare: 0.2, peakReadUnits: 801 },
        ...index,
      },
    ],
    accessPatterns: [{ name: 'orders-of-customer', keyAttributes: ['userId', 'customerId'], index: 'by-customerId', share: 0.6, fanOut: true }],
    monitoring: { contributorInsights: true },
  };
}

describe("SG017's write peak of an index made sparse counts the shards its fix then writes", () => {
  // Made sparse, the index takes one write per item: 30,850 WCU, of which the hottest user's one item takes 1/3. That
  // value needs random shards (10,283.33 WCU against 800 usable per key), drawn afresh on every update, so each of
  // those updates writes the index twice: 30,850 + 10,283.33 = 41,133.33 WCU, above the 40,000 table-level quota. At 25
  // writes per item the plan offered no count (past the 1,000 it tries), so the redraw went uncounted until the
  // re-lint after either fix.
  const design = copiedTable({ sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'itemId' } });

  it('says the quota error before the fix, at the peak the fix leaves', () => {
    const quota = lint(design).find((f) => f.ruleId === 'SG017' && f.path === 'globalSecondaryIndexes[0]');
    expect(quota?.messageId).toBe('overQuota');
    expect(quota?.data).toMatchObject({ countedWrites: 30850, redrawnWrites: expect.closeTo(10283.33, 2), peak: expect.closeTo(41133.33, 2) });
  });

  it('so no fix of SG003 adds it', () => {
    expect(newOnIndex(design)).toEqual([]);
  });
});

describe('SG017 counts no redrawn random shard that no fix writes', () => {
  // A hot time bucket on the index: made sparse, it takes the table's 38,747 WCU, all on the current day. Random shards
  // redrawn on every update would write it twice, 77,494 WCU over the index's 78 partitions: past 78 shards a partition
  // holds ⌈N/78⌉ + 1 of them, and they take (⌈N/78⌉ + 1) × 77,494 ÷ N, over the hard 1,000 WCU at every count up to
  // 1,000 (at 1,000, 14 × 77.49 = 1,084.92; at 253, where one shard beside 1/78 of the rest fit the usable line,
  // 5 × 306.3 = 1,531.5). SG002 and SG003 then offer no count, the index stays unsharded, and no update of the hot item
  // moves its entry. Its write peak is 38,747 WCU, under the quota; counted with the redraw of a sharding nobody writes,
  // it was 77,494 WCU, an error the re-lint raised after the sparse fix.
  const design: DynamoDbTableDesign = {
    engine: 'dynamodb',
    name: 'stock',
    partitionKey: { name: 'productId', type: 'S', cardinality: 5000 },
    billing: 'provisioned',
    workload: { peakReadUnits: 20741, peakWriteUnits: 38747, hotKeyShare: 1 },
    sharding: { strategy: 'replicated', shards: 64 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-day',
        partitionKey: { name: 'day', type: 'S', cardinality: 200000 },
        sortKey: { name: 'itemId', type: 'S' },
        workload: { hotKeyShare: 0.002 },
      },
    ],
    accessPatterns: [{ name: 'items-of-day', keyAttributes: ['day', 'productId'], index: 'by-day', share: 0.85, keyValue: 'hot-item' }],
    monitoring: { contributorInsights: true },
  };

  it('once the index is sparse', () => {
    const sparse = lint(design).find((f) => f.ruleId === 'SG003' && f.path === 'globalSecondaryIndexes[0].copiesCarry');
    expect(sparse?.edits).toEqual([{ op: 'set', path: 'globalSecondaryIndexes[0].copiesCarry', value: 'first' }]);
    const after = lint(applyDesignEdits(design, sparse?.edits ?? []));
    const sg002 = after.find((f) => f.ruleId === 'SG002' && f.path === 'globalSecondaryIndexes[0].partitionKey');
    expect(sg002?.data).toMatchObject({ maxShardsAccepted: 1000, sizedWrites: 77_494 });
    expect(sg002?.data?.shards).toBeUndefined();
    expect(sg002?.fix).toMatch(/^no count up to 1,000 keeps the hottest `day` value under its ceiling/);
    expect(after.filter((f) => f.ruleId === 'SG017' && f.path === 'globalSecondaryIndexes[0]')).toEqual([]);
    expect(newOnIndex(design)).toEqual([]);
  });

  it('and says a sparse index writes once per item, not per copy', () => {
    const sparse = applyDesignEdits(design, [{ op: 'set', path: 'globalSecondaryIndexes[0].copiesCarry', value: 'first' }]);
    const heavier: DynamoDbTableDesign = { ...(sparse as DynamoDbTableDesign), workload: { peakReadUnits: 20741, peakWriteUnits: 41000, hotKeyShare: 1 } };
    const quota = lint(heavier).find((f) => f.ruleId === 'SG017' && f.path === 'globalSecondaryIndexes[0]');
    expect(quota?.data).toMatchObject({ peak: 41000 });
    expect(quota?.data?.copies).toBeUndefined();
    expect(quota?.message).not.toMatch(/replicated copies/);
  });
});
