/**
 * An index written by every put: a table keyed by a unique id is an append log, each write a PutItem of a new item, and
 * AWS counts a put or delete of an item carrying an index key as a write to that index whatever its projection
 * ("Provisioned throughput considerations for global secondary indexes", Write capacity units). So a `KEYS_ONLY` index
 * there takes the table's writes as a figure, not as an upper bound of what its updates might write; elsewhere the
 * table declares the share of its writes that create or delete items (`workload.newItemShare`).
 *
 * The table (the expert's reproducer): `plays` keyed by a unique `playId`, 20,000 WCU on demand, index `by-label`
 * (`KEYS_ONLY`, 1,500 labels, the hottest 40% of the index's traffic). Figures by hand: on demand the index is counted
 * for twice its peak, 1,000 WCU a partition.
 * - undeclared: 40% of 20,000 = 8,000 WCU on one label, against a usable 800 less its neighbours' 12,000 ÷ 40
 *   partitions = 300: over, an error (was a warning on the upper bound);
 * - `newItemShare: 0.01`: 200 WCU of puts, 80 on the hot label, on the one partition 400 WCU (twice 200) needs, beside
 *   the other 120: 200 of a usable 800, quiet;
 * - `newItemShare: 0.5`: 10,000 WCU, 4,000 on the hot label against 800 less 6,000 ÷ 20 = 300: over, an error,
 *   its fix sized on those 4,000 WCU (16 shards, where the 8,000 of the table's writes take 32). The counts are the
 *   least whose two shards hashed onto one partition fit its 1,000 WCU maximum: at 16 of 4,000 on 20 partitions,
 *   500 + 9,500 ÷ 20 = 975 (at 15, 1,006.67); at 32 of 8,000 on 40, 500 + 19,500 ÷ 40 = 987.5 (at 31, 1,003.23).
 */
import { DesignError, lint, normalize } from '../../lib';
import type { DynamoDbKeyDesign, DynamoDbTableDesign, Finding } from '../../lib';

const plays = (workload: Partial<DynamoDbTableDesign['workload']> = {}, table: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'plays',
  partitionKey: { name: 'playId', type: 'S', cardinality: 'unique' },
  workload: Object.assign({ peakReadUnits: 1000, peakWriteUnits: 20000 }, workload),
  globalSecondaryIndexes: [
    {
      indexName: 'by-label',
      partitionKey: { name: 'labelId', type: 'S', cardinality: 1500 },
      sortKey: { name: 'playedAt', type: 'S' },
      projectionType: 'KEYS_ONLY',
      workload: { hotKeyShare: 0.4 },
    },
  ],
  ...table,
});

const onIndex = (design: DynamoDbTableDesign): Finding[] => lint(design).filter((f) => f.index === 'by-label');
const verdict = (design: DynamoDbTableDesign) => onIndex(design).map((f) => [f.ruleId, f.severity]);

describe('a KEYS_ONLY index on a table keyed by a unique value: every write is a put, which writes the index', () => {
  it('undeclared: an error at the table`s writes, saying why in one clause, with the fix and its edits', () => {
    const [sg003, ...rest] = onIndex(plays());
    expect(rest).toEqual([]);
    expect([sg003.ruleId, sg003.severity, sg003.path]).toEqual(['SG003', 'error', 'globalSecondaryIndexes[0].partitionKey']);
    expect(sg003.data).toMatchObject({ hotKeyLoad: 8000, uniqueKey: 'playId', newItemField: 'workload.newItemShare', shards: 32 });
    expect(sg003.notes).toContain('newItemsUnique');
    expect(sg003.notes).not.toContain('projectedOut');
    expect(sg003.notes).not.toContain('overOnUpperBound');
    expect(sg003.message).toContain(
      'a table keyed by a unique `playId` takes its writes as new items, each of which writes the index whatever its projection; declare `workload.newItemShare` where some are updates of existing items',
    );
    expect(sg003.message).not.toMatch(/writes are an upper bound|warning until/);
    expect(sg003.fix).not.toMatch(/^declare/);
    expect(sg003.edits?.length).toBeGreaterThan(0);
  });

  it('the index is counted at the table`s writes, from its new items', () => {
    const [index] = (normalize(plays()).designs[0].design as DynamoDbKeyDesign).globalSecondaryIndexes;
    expect(index.workload).toMatchObject({
      peakWriteUnits: 20000,
      writeSource: 'new-items',
      newItems: { share: 1, from: 'unique', key: 'playId', whole: true },
    });
  });

  it('a unique sort key makes each write a new item too; an invariant that keeps an item (updates) does not', () => {
    const bySort = plays(
      {},
      { partitionKey: { name: 'deviceId', type: 'S', cardinality: 100000 }, sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' } },
    );
    expect(verdict(bySort)).toEqual([['SG003', 'error']]);
    const kept = plays({}, { invariants: [{ kind: 'conditional-write', description: 'version check on the play' }] });
    expect(verdict(kept)).toEqual([['SG003', 'warning']]);
    expect(onIndex(kept)[0].notes).toContain('projectedOut');
  });
});

describe('workload.newItemShare: the share of the table`s writes that put or delete items', () => {
  it('0.01 under KEYS_ONLY: 200 WCU of puts, 80 on the hot label, fits: quiet', () => {
    expect(verdict(plays({ newItemShare: 0.01 }))).toEqual([]);
  });

  it('0.5 under KEYS_ONLY: 10,000 WCU, 4,000 on the hot label: an error judged and sized on that figure', () => {
    const [sg003] = onIndex(plays({ newItemShare: 0.5 }));
    expect([sg003.ruleId, sg003.severity]).toEqual(['SG003', 'error']);
    expect(sg003.data).toMatchObject({ hotKeyLoad: 4000, newItemShare: 0.5, tableWrites: 20000, shards: 16 });
    expect(sg003.notes).toContain('newItemsDeclared');
    expect(sg003.message).toContain(
      "those index writes are the 50% of the table's 20,000 WCU that put or delete items (`workload.newItemShare`), each of which writes the index whatever its projection",
    );
    expect(sg003.edits?.length).toBeGreaterThan(0);
  });

  it('INCLUDE: the puts are its floor; over on them alone, an error sized on them; under them, the upper-bound warning stays', () => {
    const include = (newItemShare: number) =>
      plays(
        { newItemShare },
        {
          partitionKey: { name: 'playId', type: 'S', cardinality: 1000000 },
          globalSecondaryIndexes: [
            {
              indexName: 'by-label',
              partitionKey: { name: 'labelId', type: 'S', cardinality: 1500 },
              projectionType: 'INCLUDE',
              nonKeyAttributes: ['score'],
              workload: { hotKeyShare: 0.4 },
            },
          ],
        },
      );
    const [floor] = onIndex(include(0.5));
    expect([floor.ruleId, floor.severity]).toEqual(['SG003', 'error']);
    expect(floor.data).toMatchObject({ hotKeyLoad: 4000, shards: 16 });
    expect(floor.notes).toContain('newItemsFloor');
    const [bound] = onIndex(include(0.01));
    expect([bound.ruleId, bound.severity]).toEqual(['SG003', 'warning']);
    expect(bound.notes).toContain('projectedOut');
    // Declared already: not asked for again.
    expect(bound.notes).not.toContain('orNewItemShare');
  });

  it('on a table not keyed by a unique value, undeclared: today`s upper-bound warning, naming the field that settles it', () => {
    const [sg003] = onIndex(plays({}, { partitionKey: { name: 'playId', type: 'S', cardinality: 1000000 } }));
    expect([sg003.ruleId, sg003.severity]).toEqual(['SG003', 'warning']);
    expect(sg003.notes).toEqual(expect.arrayContaining(['projectedOut', 'orNewItemShare', 'overOnUpperBound']));
    expect(sg003.message).toContain(
      "declare `globalSecondaryIndexes[0].workload.peakWriteUnits` with the writes that do to lower it, or the table's `workload.newItemShare`, the share of its writes that create or delete items, each of which writes the index",
    );
    expect(sg003.fix).toMatch(
      /or the table's `workload.newItemShare` with the share of its writes that create or delete items: the index is judged on that figure/,
    );
    expect(sg003.edits).toBeUndefined();
  });

  it.each([
    [Number.NaN, /workload\.newItemShare/],
    [-0.1, /workload\.newItemShare/],
    [0, /workload\.newItemShare/],
    [1.5, /workload\.newItemShare/],
    ['half', /workload\.newItemShare/],
  ])('%p is refused, naming the field', (value, field) => {
    const design = plays({ newItemShare: value as number });
    expect(() => normalize(design)).toThrow(DesignError);
    expect(() => normalize(design)).toThrow(field);
  });
});
