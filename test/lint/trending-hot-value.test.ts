/**
 * Review 32 item 1: a hashtag index (one trending hashtag at 20% of the writes for an hour; trends change hourly) was
 * fixed by sharding the hottest value alone (`sharding.hotValues: 1`, "the application keeping the hot value in a list
 * in its configuration"): a list that trails a value that moves. The design says which share the hottest value takes,
 * not whether it stays; a key named like a category that trends (hashtag, topic, tag, keyword: key-names.ts) is sharded
 * for every value, the hottest alone named as the alternative where it is known ahead and stays.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';
import { fixedOnce, table } from '../fixtures';

/**
 * Posts with an index `by-key` on `key` (20,000 values), one value declared at 40% of 8,000 WCU: 3,200 on 16 partitions,
 * where two of N shards on one take 2 × 3,200 ÷ N × (1 − 1 ÷ 16) + 500: 1,045.45 at 11, 1,000 at 12.
 */
function posts(key: string): DynamoDbTableDesign {
  return table({
    name: 'posts',
    partitionKey: { name: 'postId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 4000, peakWriteUnits: 8000 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-key',
        partitionKey: { name: key, type: 'S', cardinality: 20_000 },
        sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
        workload: { hotKeyShare: 0.4 },
      },
    ],
    accessPatterns: [
      { name: 'get-post', keyAttributes: ['postId'], share: 0.7 },
      { name: 'posts-by-key', index: 'by-key', keyAttributes: [key], share: 0.3, resultKb: 480 },
    ],
  });
}

const indexHit = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003' && f.index !== undefined) as Finding;
const shardingEdit = (finding: Finding) => finding.edits?.find((e) => e.op === 'set' && (e.path === 'sharding' || e.path.endsWith('.sharding')));

describe('a key named like a category that trends is sharded for every value, not for its hottest alone', () => {
  // 2,000 of the index's 10,000 WCU on 20 partitions: two of 7 shards on one take 542.86 + 500 = 1,042.86, two of 8, 975.
  it("the review's feed: `by-hashtag` gets 8 random shards of every hashtag, and the hottest alone is the alternative", () => {
    const feed = JSON.parse(readFileSync(join(__dirname, 'review32', 'feed-flawed.json'), 'utf8')) as DesignInput;
    const hit = indexHit(lint(feed));
    expect(shardingEdit(hit)).toEqual({
      op: 'set',
      path: 'tables[0].globalSecondaryIndexes[0].sharding',
      value: { strategy: 'random', shards: 8, logicalAttribute: 'hashtag' },
    });
    expect(hit.fix).toContain(
      '`hashtagShard` = `hashtag` + "#" + a random 0…7 (N = 8 random shards), instead of by `hashtag` itself: every read of one `hashtag` value must then query all 8, so set fanOut on `hashtag-feed`; N = 8 assumes its shards hash onto different partitions of the 20: two share one 80.16% of the time, and that partition then takes 975 WCU, within the partition\'s 1,000 WCU maximum, over its usable 800, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 8 shards share one of the 20 partitions 11.43% of the time, and it then takes 1,212.5 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; every value, not the hottest alone: `hashtag` is named like a category that trends (a hashtag, a topic), whose hottest value moves',
    );
    expect(hit.fix).toContain('where the hot value is known ahead and stays, shard it alone instead (sharding.hotValues: 1)');
    expect(hit.fix).not.toContain('keeping the hot value in a list in its configuration');
  });

  it.each(['hashtag', 'topicId', 'searchKeyword'])('an index on `%s`: no hotValues, and --fix converges', (key) => {
    const hit = indexHit(lint(posts(key)));
    expect(shardingEdit(hit)).toEqual({
      op: 'set',
      path: 'globalSecondaryIndexes[0].sharding',
      value: { strategy: 'random', shards: 12, logicalAttribute: key },
    });
    expect(hit.fix).toContain('named like a category that trends');
    const after = fixedOnce(posts(key));
    expect(after.design.globalSecondaryIndexes?.[0].sharding).toEqual({ strategy: 'random', shards: 12, logicalAttribute: key });
    expect(after.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('control: the same whale on `merchantId` (a value that stays) is sharded alone, hotValues: 1', () => {
    const hit = indexHit(lint(posts('merchantId')));
    expect(shardingEdit(hit)).toEqual({
      op: 'set',
      path: 'globalSecondaryIndexes[0].sharding',
      value: { strategy: 'random', shards: 12, logicalAttribute: 'merchantId', hotValues: 1 },
    });
    expect(hit.fix).not.toContain('named like a category that trends');
  });

  it("a table's own key named `topic` is sharded for every value too; `accountId` for its hottest alone", () => {
    const keyed = (name: string) =>
      table({
        name: 'messages',
        partitionKey: { name, type: 'S', cardinality: 20_000 },
        sortKey: { name: 'sentAt', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 1000, peakWriteUnits: 8000, hotKeyShare: 0.4, hotKeyOperations: 'writes' },
      });
    const sharding = (name: string) => {
      const hit = lint(keyed(name)).find((f) => f.ruleId === 'SG003') as Finding;
      return (shardingEdit(hit) as { value: { hotValues?: number } } | undefined)?.value;
    };
    // The same 3,200 of 8,000 WCU on 16 partitions: 12.
    expect(sharding('topic')).toEqual({ strategy: 'random', shards: 12 });
    expect(sharding('accountId')).toEqual({ strategy: 'random', shards: 12, hotValues: 1 });
  });
});
