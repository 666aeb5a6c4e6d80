/**
 * try36a (an expert trying an API rate limiter): a table keyed by `apiKey`/`window`, 30,000 WCU, the hottest key 30%,
 * every request an `ADD count` on one counter item (a `running-total`), and a GSI `by-plan` on `planTier` (4 values)
 * that projects KEYS_ONLY. The ADD changes neither an index key attribute nor a projected one, so it writes nothing to
 * the index (AWS, "Provisioned throughput considerations for global secondary indexes", Write capacity units: "If a
 * write to a table does not require a global secondary index update, no write capacity is consumed from the index").
 * SG003 erred with 9,000 WCU on one `planTier` value, and --fix re-keyed the index into 59 random shards drawn afresh
 * on every update: 2 index writes per update, 18,000 WCU where there were none, which SG017 then counted against the
 * 40,000 WCU quota. The updates reach a KEYS_ONLY index only where they change its key: declared `mutable: false` (or
 * the table's own key attribute), they do not; undeclared, the design cannot say, so a warning that asks, and no shard.
 */
import { applyDesignEdits, lint } from '../../lib';
import type { DynamoDbTableDesign, GlobalSecondaryIndexDesign, PartitionKeyAttributeDesign } from '../../lib';

/** try36a's designs/ratelimit-flawed.json, with the index's fields overridable. */
function rateLimit(index: Partial<GlobalSecondaryIndexDesign> = {}, key: Partial<PartitionKeyAttributeDesign> = {}): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'api-usage-v1',
    partitionKey: { name: 'apiKey', type: 'S', cardinality: 50000 },
    sortKey: { name: 'window', type: 'S', cardinality: 2000 },
    workload: { peakReadUnits: 25000, peakWriteUnits: 30000, hotKeyShare: 0.3 },
    invariants: [{ kind: 'running-total', description: 'ADD count :one per request; reject when count > quota' }],
    accessPatterns: [
      { name: 'usage-now', keyAttributes: ['apiKey', 'window'], share: 0.9 },
      { name: 'keys-by-plan', index: 'by-plan', keyAttributes: ['planTier'], share: 0.1, resultKb: 480 },
    ],
    globalSecondaryIndexes: [
      {
        indexName: 'by-plan',
        partitionKey: { name: 'planTier', type: 'S', cardinality: 4, ...key },
        sortKey: { name: 'apiKey', type: 'S', cardinality: 50000 },
        projectionType: 'KEYS_ONLY',
        ...index,
      },
    ],
  } as DynamoDbTableDesign;
}

const onIndex = (design: DynamoDbTableDesign) => lint(design).filter((f) => f.path.startsWith('globalSecondaryIndexes[0]'));

describe('a KEYS_ONLY index is written by the hot item`s updates only where they change its key', () => {
  it('ratelimit-flawed.json (`planTier` declares no `mutable`): a warning that asks, with no shard and no edit', () => {
    const findings = onIndex(rateLimit());
    expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([['SG003', 'warning']]);
    const [sg003] = findings;
    expect(sg003.message).toMatch(
      /over on that bound only if the hot item's updates change `planTier`, which no `mutable` says: a warning until the design says/,
    );
    expect(sg003.fix).toMatch(
      /^declare whether the hot item's updates change `planTier`: where they never do, set `globalSecondaryIndexes\[0\]\.partitionKey\.mutable` to false/,
    );
    expect(sg003.fix).toMatch(/or declare `globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits` with the writes that reach the index/);
    // No re-key: neither the shard attribute nor a count sized for 2 index writes per update.
    expect(sg003.fix).not.toMatch(/planTierShard|N = \d+|write a new random shard/);
    expect(sg003.edits).toBeUndefined();
    expect(sg003.notes).toContain('reachUnsure');
  });

  it('plan-immutable.json (`mutable: false`): the updates write nothing there, so no error on the index', () => {
    const findings = onIndex(rateLimit({}, { mutable: false }));
    // Left: every table write counted on the uniform 1/4 share, the upper bound a KEYS_ONLY projection makes of the
    // table's writes (item creates and deletes are no figure the design holds): a warning that asks for that figure.
    expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([['SG001', 'warning']]);
    const [sg001] = findings;
    expect(sg001.message).not.toMatch(/hottest item of the table|hottest `apiKey` value/);
    expect(sg001.fix).toMatch(
      /^declare `globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits` with the writes that reach the index .*; if it is still over, key index `[^`]+` otherwise: `[^`]+` is named like a status, type or region/,
    );
    expect(sg001.edits).toBeUndefined();
  });

  it('the index`s sort key the table`s own partition key and its partition key declared immutable: the redrawn shards` writes leave SG017 too', () => {
    // Before: the index's write peak counted 9,000 WCU more (39,000 of the 40,000 WCU quota) for shards drawn on every update.
    for (const design of [rateLimit(), rateLimit({}, { mutable: false })]) {
      expect(lint(design).filter((f) => f.ruleId === 'SG017' && f.index === 'by-plan')).toEqual([]);
    }
  });

  it('an index key the hot item`s updates do change (`mutable: true`): still an error, with its fix and edits', () => {
    // 40 tiers: the hot item's updates, each moving its entry between two values, put 15% of the index's 60,000 WCU on
    // one value, over the uniform 2.5%, so the item's updates are what make it hot.
    const [sg003] = onIndex(rateLimit({}, { cardinality: 40, mutable: true })).filter((f) => f.ruleId === 'SG003');
    expect(sg003.severity).toBe('error');
    expect(sg003.message).toMatch(/each update writes the index, all on the one `planTier` value that item carries/);
    expect(sg003.message).toMatch(/`planTier` is declared mutable, and a change of an index key costs the index 2 writes/);
    expect(sg003.notes).not.toContain('reachUnsure');
    expect(sg003.edits?.length).toBeGreaterThan(0);
  });

  it('projecting ALL: every update writes the index, so the error and its fix stand', () => {
    const [sg003] = onIndex(rateLimit({ projectionType: 'ALL' }, { mutable: false })).filter((f) => f.ruleId === 'SG003');
    expect(sg003.severity).toBe('error');
    expect(sg003.message).toMatch(/each update writes the index, all on the one `planTier` value that item carries/);
    expect(sg003.edits?.length).toBeGreaterThan(0);
  });

  it('the answer settles it: `mutable: false` written, no finding on the index is an error or carries an edit', () => {
    const fixed = applyDesignEdits(rateLimit(), [{ op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.mutable', value: false }]);
    const findings = onIndex(fixed);
    expect(findings.filter((f) => f.severity === 'error' || f.edits !== undefined)).toEqual([]);
  });
});
