/**
 * proj21 (a DynamoDB data-modelling expert): "KEYS_ONLY index updates are counted as index writes: an update that
 * changes neither the index key nor a projected attribute writes nothing to the index." AWS, "Provisioned throughput
 * considerations for global secondary indexes", Write capacity units: "If a write to a table does not require a global
 * secondary index update, no write capacity is consumed from the index"; a put of an item carrying the index key is one
 * write, a change of an index key attribute two (a delete and a put), a change of a projected attribute one.
 *
 * The reviewer's inventory table (test/fixtures.ts): one item per SKU, the flash-sale SKU 60% of 3,000 WCU, nearly all
 * of them stock decrements, and a GSI `by-warehouse` (12 values) that projects only its keys: the decrements change
 * `stock`, which it does not project, so they never write it. Undeclared, the index is still counted at the table's
 * writes (the honest upper bound: the design holds no figure for the updates that touch only other attributes), and
 * the findings say so and name the field that lowers it; declared, that figure is the count.
 */
import { DesignError, lint, normalize } from '../../lib';
import type { DynamoDbKeyDesign, DynamoDbTableDesign, GlobalSecondaryIndexDesign } from '../../lib';
import { inventoryTable } from '../fixtures';

const onIndex = (design: DynamoDbTableDesign) => lint(design).filter((f) => f.index === 'by-warehouse');
const verdict = (design: DynamoDbTableDesign) => onIndex(design).map((f) => [f.ruleId, f.severity]);
const inventory = (index: Partial<GlobalSecondaryIndexDesign> = {}) => inventoryTable({}, index);

describe('a KEYS_ONLY or INCLUDE index counted at the table`s writes: an upper bound, said so', () => {
  it('KEYS_ONLY, no declared index writes: a warning that asks whether the updates change the index key, with the upper bound and the fields that settle it', () => {
    // The decrements change `stock`, which KEYS_ONLY does not project; they write the index only if they change
    // `warehouseId`, which declares no `mutable`: the design cannot say, so a warning, with no shard (try36a:
    // shards drawn afresh on every update would write the index twice per update where it may take none), and SG017
    // no longer counts the 1,800 WCU those shards would add (3,000 WCU at 80% fits the 4,000 it takes from the table).
    const findings = onIndex(inventory({ projectionType: 'KEYS_ONLY' }));
    expect(findings.map((f) => [f.ruleId, f.severity, f.path])).toEqual([['SG003', 'warning', 'globalSecondaryIndexes[0].partitionKey']]);
    const [sg003] = findings;
    expect(sg003.message).toMatch(/takes 60% \(of its writes, from the hottest item of the table\) of the peak: 1,800 WCU writes against a usable 800 WCU/);
    // The question the undeclared projection asked is answered: not asked again.
    expect(sg003.message).toMatch(/\(60% of the table's 3,000 WCU\); those index writes are an upper bound/);
    expect(sg003.message).not.toMatch(/if its projection leaves out/);
    expect(sg003.message).toMatch(
      /those index writes are an upper bound: its projection is `KEYS_ONLY`, and a table update that changes no index key attribute and no projected attribute does not write the index; declare `globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits` with the writes that do to lower it/,
    );
    expect(sg003.notes).toContain('projectedOut');
    expect(sg003.data).toMatchObject({ projection: 'KEYS_ONLY', writesField: 'globalSecondaryIndexes[0].workload.peakWriteUnits' });
    // The fix asks for the key's `mutable` or the declared figure, not for the projection it has, and shards nothing.
    expect(sg003.fix).toMatch(
      /^declare whether the hot item's updates change `warehouseId`: where they never do, set `globalSecondaryIndexes\[0\]\.partitionKey\.mutable` to false/,
    );
    expect(sg003.fix).toMatch(/or declare `globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits` with the writes that reach the index/);
    expect(sg003.fix).not.toMatch(/leave what the hot item's updates change out of the index's projection/);
    expect(sg003.edits).toBeUndefined();
  });

  it('INCLUDE names what it projects', () => {
    const [sg003] = onIndex(inventory({ projectionType: 'INCLUDE', nonKeyAttributes: ['productName', 'binLocation'] }));
    expect(sg003.message).toMatch(/its projection is `INCLUDE` of `productName`, `binLocation`, and a table update/);
    expect(sg003.data).toMatchObject({ projection: 'INCLUDE', projected: ['productName', 'binLocation'] });
  });

  it('KEYS_ONLY with the declared figure (the decrements write nothing: 150 WCU of new and removed SKUs) is no longer judged hot', () => {
    // Before: undeclared, SG003 warns (above). 150 WCU over 12 warehouses fit one partition each.
    const declared = inventory({ projectionType: 'KEYS_ONLY', workload: { peakWriteUnits: 150 } });
    expect(verdict(declared).filter(([rule]) => rule === 'SG003' || rule === 'SG017')).toEqual([]);
    expect(onIndex(declared).some((f) => f.notes?.includes('projectedOut'))).toBe(false);
  });

  it('ALL: the same verdict, and neither the upper bound nor the projection question (every update writes it)', () => {
    const all = onIndex(inventory({ projectionType: 'ALL' }));
    const none = onIndex(inventory());
    expect(all.map((f) => [f.ruleId, f.severity, f.data])).toEqual(
      none.map((f) => [f.ruleId, f.severity, Object.assign({}, f.data, f.ruleId === 'SG003' ? { projection: 'ALL' } : {})]),
    );
    expect(all[0].message).toMatch(/\(60% of the table's 3,000 WCU\); a throttled/);
    expect(all[0].message).not.toMatch(/upper bound|if its projection leaves out/);
    expect(all[0].fix).toMatch(/or leave what the hot item's updates change out of the index's projection/);
  });

  it('undeclared projection: today`s wording', () => {
    const [sg003] = onIndex(inventory());
    expect(sg003.message).toMatch(
      /declare the index's `globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits` if its projection leaves out what those updates change\)/,
    );
    expect(sg003.message).not.toMatch(/upper bound/);
  });

  it('the key-change 2× count under KEYS_ONLY is an upper bound too (SG017)', () => {
    const design = inventory({ projectionType: 'KEYS_ONLY', partitionKey: { name: 'warehouseId', type: 'S', cardinality: 12, mutable: true } });
    const sg017 = onIndex(design).find((f) => f.ruleId === 'SG017');
    expect(sg017?.notes).toEqual(expect.arrayContaining(['writesFromKeyChanges', 'projectedOut']));
  });
});

describe('projectionType and nonKeyAttributes are checked as CloudFormation takes them', () => {
  const issues = (index: Partial<GlobalSecondaryIndexDesign>) => {
    try {
      normalize(inventory(index));
      return [];
    } catch (error) {
      if (!(error instanceof DesignError)) throw error;
      return error.issues.map((i) => [i.path, i.message]);
    }
  };

  it('INCLUDE needs nonKeyAttributes', () => {
    expect(issues({ projectionType: 'INCLUDE' })).toEqual([
      [
        'globalSecondaryIndexes[0].nonKeyAttributes',
        'is required with projectionType "INCLUDE": list the non-key attributes the index copies, or use "KEYS_ONLY"',
      ],
    ]);
  });

  it('nonKeyAttributes only with INCLUDE', () => {
    expect(issues({ projectionType: 'KEYS_ONLY', nonKeyAttributes: ['stock'] })).toEqual([
      [
        'globalSecondaryIndexes[0].nonKeyAttributes',
        'is read only with projectionType "INCLUDE" (here "KEYS_ONLY"): set projectionType to "INCLUDE", or remove nonKeyAttributes',
      ],
    ]);
  });

  it('an unknown projectionType names its field', () => {
    expect(issues({ projectionType: 'SOME' as 'ALL' }).map(([path]) => path)).toEqual(['globalSecondaryIndexes[0].projectionType']);
  });

  it('the normalized index carries it', () => {
    const design = normalize(inventory({ projectionType: 'INCLUDE', nonKeyAttributes: ['productName'] })).designs[0].design as DynamoDbKeyDesign;
    expect(design.globalSecondaryIndexes[0].projection).toEqual({
      type: 'INCLUDE',
      nonKeyAttributes: ['productName'],
      path: 'globalSecondaryIndexes[0].projectionType',
    });
  });
});
