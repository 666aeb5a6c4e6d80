/**
 * A fix that shards a key anew where the design already lists its hottest values (`sharding.hotValues: 3`, the top
 * three enterprise API keys) keeps the list: lowered to 1, the second and third listed values lost their shards, the
 * re-lint was clean, and the fix assumed "no other value" above 2.6% of the peak, which the list says is false.
 */
import { lint, type DynamoDbTableDesign } from '../../lib';
import { applyDesignEdits } from '../../lib/lint/edits';

// Per-window counters updated in place (ADD): a shard calculated on `window` names one shard for every update (SG018).
const usage = (hotValues: number): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'api-usage',
  partitionKey: { name: 'apiKey', type: 'S', cardinality: 50000 },
  sortKey: { name: 'window', type: 'S', cardinality: 2000 },
  workload: { peakReadUnits: 3000, peakWriteUnits: 12000, hotKeyShare: 0.3, hotKeyOperations: 'writes' },
  sharding: { strategy: 'calculated', shards: 16, sourceAttribute: 'window', hotValues },
  invariants: [{ kind: 'running-total', description: 'per-window request counter', splitPerShard: true }],
  accessPatterns: [
    { name: 'usage-of-key-in-window', keyAttributes: ['apiKey', 'window'], share: 0.8, fanOut: true },
    { name: 'usage-history-of-key', keyAttributes: ['apiKey'], rangeAttribute: 'window', share: 0.2, fanOut: true, limit: 100 },
  ],
});

const sg018 = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG018');

describe('a fix keeps the hot values the design lists', () => {
  it('sharding.hotValues: 3 stays 3 in the edit, and the text names the three listed values and assumes only of the unlisted', () => {
    const finding = sg018(usage(3));
    expect(finding?.edits).toContainEqual({ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 14, hotValues: 3 } });
    expect(finding?.fix).toContain('shard only the 3 hottest `apiKey` values the design lists, into N = 14 random shards');
    expect(finding?.fix).toContain('(sharding.hotValues: 3)');
    expect(finding?.fix).toContain('every read of a listed value must then fan out over all 14 shards');
    expect(finding?.fix).toContain('the next hottest value the list leaves out, at 0.17 WCU');
    expect(finding?.fix).toContain('this assumes no unlisted value takes more than');
    expect(finding?.fix).not.toContain('no other value');
    // The fixed design lints clean, every listed value judged at 1/N as SG003 judges a declared list.
    const fixed = applyDesignEdits(usage(3), finding?.edits ?? []);
    expect(fixed.sharding).toMatchObject({ hotValues: 3 });
    expect(lint(fixed).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('one listed value: the hottest alone, as before', () => {
    const finding = sg018(usage(1));
    expect(finding?.edits).toContainEqual({ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 14, hotValues: 1 } });
    expect(finding?.fix).toContain('shard only the hottest `apiKey` value, into N = 14 random shards');
    expect(finding?.fix).toContain('(sharding.hotValues: 1)');
    expect(finding?.fix).toContain('the next hottest, at 0.17 WCU');
    expect(finding?.fix).toContain('this assumes no other value takes more than');
  });
});
