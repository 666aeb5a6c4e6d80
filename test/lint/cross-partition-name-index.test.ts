/**
 * try21a item 2: a pattern that names no index and gives `customerId`, on a table with GSI `by-customer` keyed on
 * `customerId`, was told "add a GSI keyed on what these queries filter by". The index exists: SG012 now says to name
 * it, with the edit --fix writes, after which the re-lint is clean.
 */
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { applicationChange } from '../../lib/cli/fix-consequences';
import { table } from '../fixtures';

/** designs/orders-good.json with the pattern's `index` left out. */
function orders(gsiKey = 'customerId'): DynamoDbTableDesign {
  return table({
    workload: { peakReadUnits: 4000, peakWriteUnits: 1500 },
    accessPatterns: [
      { name: 'get-order', keyAttributes: ['orderId'], share: 0.7 },
      { name: 'orders-of-customer', keyAttributes: ['customerId'], share: 0.3 },
    ],
    globalSecondaryIndexes: [
      { indexName: 'by-customer', partitionKey: { name: gsiKey, type: 'S', cardinality: 2000000 }, sortKey: { name: 'createdAt', type: 'S' } },
    ],
  });
}

const sg012 = (design: DesignInput) => lint(design).filter((f) => f.ruleId === 'SG012');

describe('SG012 names an existing GSI keyed on what a pattern gives', () => {
  it('orders-of-customer without an index: set its index to by-customer (an edit), not "add a GSI"', () => {
    const [finding] = sg012(orders());
    expect(finding.fix).toContain('set `accessPatterns[1].index` to `by-customer`');
    expect(finding.fix).not.toContain('add a GSI');
    expect(finding.edits).toEqual([{ op: 'set', path: 'accessPatterns[1].index', value: 'by-customer' }]);
  });

  it('with no GSI keyed on customerId, the advice stays "add a GSI", with no edit', () => {
    const [finding] = sg012(orders('regionId'));
    expect(finding.fix).toBe('carry the partition key, or add a GSI keyed on what these queries filter by');
    expect(finding.edits).toBeUndefined();
  });

  it('--fix writes the index, the re-lint is clean, and the application change names the index, already there', () => {
    const text = JSON.stringify({ tables: [{ ...orders(), engine: undefined }] }, null, 2);
    const first = fixDesignText(text, {});
    const fixed = JSON.parse(first.text) as { tables: DynamoDbTableDesign[] };
    expect(fixed.tables[0].accessPatterns?.[1]).toMatchObject({ name: 'orders-of-customer', index: 'by-customer' });
    expect(lint(fixed)).toEqual([]);
    const edit = { op: 'set', path: 'tables[0].accessPatterns[1].index', value: 'by-customer' } as const;
    expect(applicationChange(edit, JSON.parse(text))).toBe('the queries of this access pattern must read index `by-customer` (their IndexName)');
    expect(applicationChange({ ...edit, value: 'by-customer-v2' }, JSON.parse(text))).toMatch(/once it is active$/);
  });

  it('a random-sharded index is named with fanOut beside (fix-convergence counterexample: SG009 would follow)', () => {
    const design = orders();
    const [gsi] = design.globalSecondaryIndexes ?? [];
    const sharded = { ...design, globalSecondaryIndexes: [{ ...gsi, sharding: { strategy: 'random' as const, shards: 2 } }] };
    const [finding] = sg012(sharded);
    expect(finding.edits).toEqual([
      { op: 'set', path: 'accessPatterns[1].index', value: 'by-customer' },
      { op: 'set', path: 'accessPatterns[1].fanOut', value: true },
    ]);
    const first = fixDesignText(JSON.stringify({ tables: [{ ...sharded, engine: undefined }] }, null, 2), {});
    expect(lint(JSON.parse(first.text) as { tables: DynamoDbTableDesign[] })).toEqual([]);
  });
});
