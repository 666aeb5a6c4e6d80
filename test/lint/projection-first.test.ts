/**
 * try30a (misc30 item 1): a news table whose article META item carries a views counter, a `running-total` updated on
 * every page view, and a GSI `by-author` projecting ALL. The viral article's 3,675 WCU of updates all write the index on
 * its one author. `--fix` wrote 24 random shards and a new index `by-author-v2` (every author page then fans out over
 * 24 queries), though a KEYS_ONLY projection clears it with no key change and no fan-out: AWS, "Provisioned throughput
 * considerations for global secondary indexes" (Write capacity units): "If a write to a table does not require a global
 * secondary index update, no write capacity is consumed from the index". Remedies in the order of what they cost: the
 * projection leads, with its edits, where it clears the index alone (lib/lint/projection-first.ts).
 */
import { applyDesignEdits, lint } from '../../lib';
import type { DynamoDbTableDesign, GlobalSecondaryIndexDesign } from '../../lib';

/** try30a's designs/news.json. */
function news(index: Partial<GlobalSecondaryIndexDesign> = {}): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'news',
    partitionKey: { name: 'articleId', type: 'S', cardinality: 200000 },
    sortKey: { name: 'sk', type: 'S', cardinality: 'unique' },
    billing: 'on-demand',
    workload: { peakReadUnits: 32000, peakWriteUnits: 10500, hotKeyShare: 0.35 },
    invariants: [{ kind: 'running-total', description: 'views counter on the article META item, UpdateItem ADD views 1 per page view' }],
    globalSecondaryIndexes: [
      {
        indexName: 'by-author',
        partitionKey: { name: 'authorId', type: 'S', cardinality: 5000 },
        sortKey: { name: 'publishedAt', type: 'S', cardinality: 'unique' },
        ...index,
      },
    ],
    accessPatterns: [
      { name: 'latest-comments', keyAttributes: ['articleId'], share: 0.9, limit: 20 },
      { name: 'article', keyAttributes: ['articleId', 'sk'], share: 0.08 },
      { name: 'author-page', index: 'by-author', keyAttributes: ['authorId'], share: 0.02, limit: 20 },
    ],
  } as DynamoDbTableDesign;
}

const onIndex = (design: DynamoDbTableDesign) => lint(design).filter((f) => f.ruleId === 'SG003' && f.path.startsWith('globalSecondaryIndexes[0]'));

describe('a projection that leaves the hot item`s updates out leads the fix of an index they overload', () => {
  it('news.json: KEYS_ONLY as a new index, its writes declared, leads; the 24 shards follow as the alternative', () => {
    const [sg003] = onIndex(news());
    expect(sg003.fix).toMatch(
      /^leave what the hot item's updates change out of the index's projection: as a new index, `by-author-v2`, with projectionType KEYS_ONLY and its `globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits` declared at 6,825 WCU \(the index's writes less the hot item's updates: an upper bound, since under KEYS_ONLY it takes only the table writes that create or delete an item or change an index key attribute; lower it to that figure where you know it\)/,
    );
    expect(sg003.fix).toMatch(/no key changes and no read fans out; a projection cannot change in place: deploy it beside `by-author`/);
    expect(sg003.fix).toMatch(/; or key index `by-author` by a separate attribute the application writes on each item, `authorIdShard`/);
    // Said once, as the lead: not again after the shards.
    expect(sg003.fix).not.toMatch(/; or leave what the hot item's updates change/);
    // --fix writes the projection, not the shards.
    expect(sg003.edits).toEqual([
      { op: 'set', path: 'globalSecondaryIndexes[0].projectionType', value: 'KEYS_ONLY' },
      { op: 'set', path: 'globalSecondaryIndexes[0].workload.peakWriteUnits', value: 6825 },
      { op: 'set', path: 'globalSecondaryIndexes[0].indexName', value: 'by-author-v2' },
      { op: 'set', path: 'accessPatterns[2].index', value: 'by-author-v2' },
    ]);
  });

  it('its edits clear the index, with no new finding on it', () => {
    const design = news();
    const [sg003] = onIndex(design);
    const fixed = applyDesignEdits(design, sg003.edits ?? []);
    expect(lint(fixed).filter((f) => f.path.startsWith('globalSecondaryIndexes[0]'))).toEqual([]);
  });

  it('an index that projects KEYS_ONLY already: declaring its writes leads, with that one edit', () => {
    const [sg003] = onIndex(news({ projectionType: 'KEYS_ONLY' }));
    expect(sg003.fix).toMatch(/^declare its `globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits` at 6,825 WCU/);
    expect(sg003.edits).toEqual([{ op: 'set', path: 'globalSecondaryIndexes[0].workload.peakWriteUnits', value: 6825 }]);
  });

  it('stays second where it does not serve alone: an INCLUDE index, or one whose own hottest value is over without the item`s updates', () => {
    // INCLUDE may copy the counter: the design cannot say, so the shards lead as before.
    const [included] = onIndex(news({ projectionType: 'INCLUDE', nonKeyAttributes: ['views'] }));
    expect(included.fix).toMatch(/^key index `by-author` by a separate attribute/);
    expect(included.edits?.find((e) => e.path.endsWith('projectionType'))).toBeUndefined();
    // Its hottest author at a declared 20%: without the hot item's updates, 20% of 6,825 = 1,365 WCU, still over 800.
    const [busyAuthor] = onIndex(news({ workload: { hotKeyShare: 0.2 } }));
    expect(busyAuthor.fix).toMatch(/^key index `by-author` by a separate attribute/);
    expect(busyAuthor.fix).toMatch(/; or leave what the hot item's updates change out of the index's projection/);
  });
});
