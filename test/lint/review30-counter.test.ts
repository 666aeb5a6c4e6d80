/**
 * Counter30: a stranger's news site (designs copied under review30/). A view counter ADDed to the article's META item on
 * every page view (`running-total`), 35% of 10,500 WCU on the viral article. SG003 advised 12 calculated shards on `sk`
 * with per-shard sub-totals; applied, the design passed, yet every increment updates the one META item, whose `sk` never
 * changes, so all 3,675 WCU hash to one shard (one item is one partition: 1,000 WCU). AWS, "Using write sharding to
 * distribute workloads evenly": a random suffix spreads writes, a calculated one is computed from what is written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, shardedKey, type DynamoDbTableDesign } from '../../lib';

const design = (name: string) => JSON.parse(readFileSync(join(__dirname, 'review30', `${name}.json`), 'utf8')) as DynamoDbTableDesign;
const tableKey = (d: DynamoDbTableDesign, rule = 'SG003') => lint(d).find((f) => f.ruleId === rule && f.index === undefined);

describe('a hot counter updated in place (counter30 item 1)', () => {
  it('SG003 proposes random shards for it, each update to a sub-total drawn at random, not calculated shards on `sk`', () => {
    const hit = tableKey(design('news'));
    expect(hit?.fix).toContain('shard only the hottest `articleId` value, into N = 14 random shards');
    expect(hit?.fix).not.toMatch(/calculated shards on `sk`/);
    expect(hit?.fix).toContain(
      'each update of the `running-total` (`invariants[0]`) goes to one of the 14 sub-totals, one per shard, drawn at random on each update, and a read sums all 14',
    );
  });

  it('the advice applied as the stranger did (calculated on `sk`, split per shard) is refused: every update lands on one shard', () => {
    const findings = lint(design('news-counter-calc'));
    const hit = findings.find((f) => f.ruleId === 'SG018');
    expect(hit).toMatchObject({ severity: 'error', messageId: 'inPlaceSource', path: 'sharding.sourceAttribute' });
    expect(hit?.data).toMatchObject({ source: 'sk', declaredShards: 12, invariantKind: 'running-total', perShardLoad: 3675, usable: 800 });
    expect(hit?.fix).toContain('into N = 14 random shards');
  });
});

describe('a fix text that raises a count to itself (counter30 item 3)', () => {
  it('the acknowledged 12 calculated shards on `sk`: random shards for the counter, never "raise from 12 to N = 12"', () => {
    const findings = lint(design('news-as-advised'));
    expect(findings.some((f) => /raise sharding\.shards from 12 to N = 12/.test(f.fix ?? ''))).toBe(false);
    expect(tableKey(design('news-as-advised'))?.fix).toContain(
      'its writes (3,675 WCU) are over the usable 475 WCU by themselves: shard only the hottest `articleId` value, into N = 14 random shards',
    );
    expect(findings.find((f) => f.ruleId === 'SG018')?.messageId).toBe('inPlaceSource');
  });

  // Two of 14 shards on one partition take 2 × 262.5 + (10,500 − 525) ÷ 21 = 1,000 WCU, within the 1,000 WCU maximum;
  // two of 12 would take 612.5 + 470.83 = 1,083.33, so 12 is raised, and 14 is the count kept.
  it('14 random shards declared, which carry the writes: the count is kept, not raised to itself', () => {
    const random = (shards: number) =>
      Object.assign(design('news-as-advised'), { sharding: { strategy: 'random' as const, shards, hotValues: 1 }, acknowledgements: [] });
    const hit = tableKey(random(14));
    expect(hit?.fix).toContain('its writes (3,675 WCU) are over the usable 475 WCU by themselves: keep the declared N = 14 shards, which carry them');
    expect(hit?.fix).not.toMatch(/raise sharding\.shards/);
    expect(tableKey(random(12))?.fix).toContain(
      'its writes (3,675 WCU) are over the usable 475 WCU by themselves: raise sharding.shards from 12 to N = 14 (random)',
    );
  });
});

describe("the application's keys from the design's own sharding (counter30 item 2)", () => {
  it('shardedKey accepts the sharding the linter writes (hotValues: 1) and suffixes only the values the application lists', () => {
    const sharding = Object.assign({}, design('news-as-advised').sharding, { strategy: 'random' as const, sourceAttribute: undefined });
    const keys = shardedKey(sharding, { hotKeys: ['viral-1'] });
    expect(keys.readKeys('viral-1')).toHaveLength(12);
    expect(keys.writeKey('viral-1')).toMatch(/^viral-1#([0-9]|1[01])$/);
    expect(keys.writeKey('article-7')).toBe('article-7');
    expect(keys.readKeys('article-7')).toEqual(['article-7']);
  });
});
