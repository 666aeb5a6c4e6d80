/**
 * An index keyed by a category (a status, a type, a region, by the names SG015 and the table's key read): its fix leads
 * with the re-key, and with a sparse index keyed by an attribute of many values where the key is a state, since a sparse
 * index keyed by the state still puts every item it holds on one value; the shards and the pre-warm that keep the key
 * follow as the alternative, and --fix writes no pre-warm (nor SG017 the quota raise) for them (lib/lint/categorical-key.ts).
 * The case: a crypto exchange's `by-status` index, 5 statuses, written 2× the table's 30,000 WCU as a status changes.
 */
import { lint, type DesignInput, type Finding } from '../../lib';

const exchange = (resultKb?: number, statusKey = 'orderStatus'): DesignInput => ({
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'tradingPair', type: 'S', cardinality: 400 },
      sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      billing: 'on-demand',
      launchAtPeak: true,
      workload: { peakReadUnits: 9000, peakWriteUnits: 30000, hotKeyShare: 0.4 },
      globalSecondaryIndexes: [
        {
          indexName: 'by-status',
          partitionKey: { name: statusKey, type: 'S', cardinality: 5, mutable: true },
          sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
        },
      ],
      accessPatterns: [
        { name: 'order-book-of-pair', keyAttributes: ['tradingPair'], share: 0.6 },
        { name: 'open-orders-by-status', index: 'by-status', keyAttributes: [statusKey], share: 0.1, ...(resultKb ? { resultKb } : {}) },
      ],
    },
  ],
});
const RAISED = { quotas: { tableWriteUnits: 150_000 } };
const onIndex = (findings: readonly Finding[], ruleId: string) => findings.filter((f) => f.ruleId === ruleId && f.index === 'by-status');

describe('an index keyed by a status: the re-key leads its fix', () => {
  it.each([
    ['at the default quota', undefined],
    ['with the table-level write quota raised to 150,000', RAISED],
  ])('%s: re-key, then a sparse index keyed by many values, then the pre-warm and shards that keep `orderStatus`', (_, options) => {
    const [sg001] = onIndex(lint(exchange(), options), 'SG001');
    expect(sg001.fix.startsWith('key index `by-status` otherwise: `orderStatus` is named like a status, type or region')).toBe(true);
    expect(sg001.fix).toContain('a re-key is the fix: choose the attribute your reads name');
    // The sparse index needs a key of many values: keyed by the status, every open order sits on OPEN.
    expect(sg001.fix).toContain('make it a sparse index keyed by such an attribute');
    expect(sg001.fix).toContain('a sparse index still keyed by `orderStatus` would put every item it holds on one value');
    expect(sg001.fix).not.toContain('write `orderStatus` only on those items');
    const keep = sg001.fix.indexOf('; or, to keep reading it by `orderStatus`');
    expect(keep).toBeGreaterThan(sg001.fix.indexOf('sparse index'));
    expect(sg001.fix.indexOf('pre-warm index `by-status`')).toBeGreaterThan(keep);
    expect(sg001.fix).not.toContain('use a higher-cardinality attribute or a composite key');
  });

  it("SG017 asks for the peak's own pre-warm and quota, not the key's (the alternative's)", () => {
    const findings = onIndex(lint(exchange()), 'SG017');
    expect(findings.map((f) => f.messageId).sort()).toEqual(['notPreWarmed', 'overQuota']);
    for (const f of findings) expect(f.data).not.toHaveProperty('keyWarmUnits');
    const warm = findings.find((f) => f.messageId === 'notPreWarmed');
    // 60,000 WCU ÷ 80%: the index's own launch peak, whatever its key.
    expect(warm?.data).toMatchObject({ writeUnitsPerSecond: 75000 });
    expect(warm?.data).not.toHaveProperty('planPartitions');
  });

  it('resultKb declared, within a raised quota: no pre-warm written for the shards, and --fix is told the re-key is the fix', () => {
    const findings = lint(exchange(64), RAISED);
    const [sg001] = onIndex(findings, 'SG001');
    expect(sg001.edits).toBeUndefined();
    expect(sg001.fix).toContain('; or, to keep reading it by `orderStatus` (--fix writes none of this');
    expect(sg001.data).toMatchObject({ categoricalBy: 'name', categoricalWithheld: 'warm' });
    const writes = findings.flatMap((f) => f.edits ?? []).filter((e) => e.path.startsWith('tables[0].globalSecondaryIndexes[0].warmThroughput'));
    // Only the index's own launch pre-warm (60,000 WCU ÷ 80%), SG017's.
    for (const e of writes) expect(e).toMatchObject({ value: { writeUnitsPerSecond: 75000 } });
  });
});

describe('an index key not named like a category keeps its order', () => {
  it('`orderBucket` (5 values): the re-key clause opens as before, and the pre-warm follows it', () => {
    const [sg001] = onIndex(lint(exchange(undefined, 'orderBucket')), 'SG001');
    // Its 5 values fill the 75 partitions its launch peak gives before any shard is placed: the re-key opens, then why no
    // count serves (lib/lint/no-count-bound.ts), as for any key not named like a category.
    expect(sg001.fix.startsWith('use a higher-cardinality attribute or a composite key; no count up to 1,000 fits')).toBe(true);
    expect(sg001.fix).not.toContain('key index `by-status` otherwise');
    expect(sg001.data).not.toHaveProperty('categoricalBy');
  });
});
