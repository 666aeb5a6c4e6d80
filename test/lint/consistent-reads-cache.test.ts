/**
 * SG003's cache lever against `accessPatterns[].consistentRead`: DAX passes a strongly consistent read through to
 * DynamoDB and caches nothing of it ("DAX and DynamoDB consistency models"). Reads all strongly consistent get no DAX
 * (not as the lead, not as the alternative); partly so, the fix says DAX serves only the eventually consistent share.
 * The peaks are declared in read units, which already charge a strongly consistent read twice: no figure moves.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type AccessPatternDesign, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';
import { table } from '../fixtures';

const sg003 = (design: DynamoDbTableDesign): Finding | undefined => lint({ tables: [design] } as DesignInput).find((f) => f.ruleId === 'SG003');
/** The Developer Guide's 20 KB item read 1,000 times a second strongly consistent (test/published/dynamodb). */
const largeItem = (
  JSON.parse(readFileSync(join(__dirname, '..', 'published', 'dynamodb', 'large-item-hot-read.json'), 'utf8')) as { tables: DynamoDbTableDesign[] }
).tables[0];
const largeItemRead = (...patterns: AccessPatternDesign[]): DynamoDbTableDesign => Object.assign({}, largeItem, { accessPatterns: patterns });

/** A category's products, 30% of 20,000 RCU on one category, read by product and by listing (read-heat-cache.test.ts). */
const products = (page: Partial<AccessPatternDesign>, listing: Partial<AccessPatternDesign>): DynamoDbTableDesign =>
  table({
    name: 'products',
    partitionKey: { name: 'categoryId', type: 'S', cardinality: 50 },
    sortKey: { name: 'productId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 500, hotKeyShare: 0.3, hotKeyOperations: 'reads' },
    accessPatterns: [
      { name: 'product-page', keyAttributes: ['categoryId', 'productId'], share: 0.8, ...page },
      { name: 'category-listing', keyAttributes: ['categoryId'], share: 0.2, ...listing },
    ],
  });

/** A depot's parcels, 4 KB a read gathered from every shard: no count spreads the reads, only a cache (gathered-reads.test.ts). */
const parcels = (pattern: Partial<AccessPatternDesign>): DynamoDbTableDesign =>
  table({
    name: 'parcels',
    partitionKey: { name: 'depotId', type: 'S', cardinality: 200 },
    sortKey: { name: 'parcelId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 5_000, hotKeyShare: 0.3 },
    accessPatterns: [{ name: 'parcels-of-depot', keyAttributes: ['depotId'], share: 1, resultKb: 4, ...pattern }],
  });

describe('the cache lever and strongly consistent reads', () => {
  it('gives the 20 KB item read strongly consistent its copies, and no DAX', () => {
    const hit = sg003(largeItem);
    // 1,000 reads a second of 5 RCU: 5,000 RCU on one item. Copies are written together: P = max(⌈40,000 ÷ 3,000⌉,
    // ⌈2 × 500N ÷ 1,000⌉) = 14 up to 14 copies. At 5: 1,000 + 19,000 ÷ 14 = 2,357.14 RCU of the usable 2,400, but two of 5 on
    // one partition take 2,000 + 18,000 ÷ 14 = 3,285.71 of its 3,000 maximum; at 6, 1,666.67 + 18,333.33 ÷ 14 = 2,976.19,
    // within it, 71.28% of the time. DAX would have led (it did before consistentRead): it serves none of these reads.
    expect(hit?.fix).toMatch(
      /^keep N = 6 replicated copies of each `ProductId` value .*two share one 71\.28% of the time, and that partition then takes 2,976\.19 RCU/,
    );
    expect(hit?.fix).not.toContain('DAX');
    expect(hit?.edits?.find((e) => e.path === 'tables[0].sharding')).toMatchObject({ op: 'set', value: { strategy: 'replicated', shards: 6 } });
  });

  it('leads its eventually consistent twin with DAX, the copies following', () => {
    const hit = sg003(largeItemRead({ name: 'product-by-id', keyAttributes: ['ProductId'], share: 1 }));
    expect(hit?.fix).toMatch(/^put DAX in front of the reads of the hottest `ProductId` value .*; or, accepting both, keep N = 6 replicated copies/);
    expect(hit?.fix).not.toContain('consistentRead');
  });

  it('says DAX serves only the eventually consistent share where half the reads are strongly consistent', () => {
    const hit = sg003(
      largeItemRead(
        { name: 'product-by-id', keyAttributes: ['ProductId'], share: 0.5, consistentRead: true },
        { name: 'product-page', keyAttributes: ['ProductId'], share: 0.5 },
      ),
    );
    expect(hit?.fix).toMatch(/^put DAX in front/);
    expect(hit?.fix).toContain(
      '; DAX serves only the eventually consistent 50% of these reads: `product-by-id` read strongly consistent (consistentRead), which it passes through to the table; N = 6 copies',
    );
  });

  it('drops the DAX alternative to shards where every read is strongly consistent, and says the share where some are', () => {
    expect(sg003(products({}, {}))?.fix).toContain('; or put DAX in front of its reads (');
    expect(sg003(products({ consistentRead: true }, { consistentRead: true }))?.fix).not.toContain('DAX');
    expect(sg003(products({ consistentRead: true }, {}))?.fix).toMatch(
      /; or put DAX in front of its reads \(.*\); DAX serves only the eventually consistent 20% of these reads: `product-page` read strongly consistent \(consistentRead\), which it passes through to the table$/,
    );
  });

  it('where only a cache serves the reads, says no cache serves them while they read strongly consistent', () => {
    const note =
      '; but no cache serves these reads: `parcels-of-depot` read strongly consistent (consistentRead), which DAX passes through to the table, so it serves them only once they may read eventually consistent; its writes';
    expect(sg003(parcels({ consistentRead: true }))?.fix).toContain(note);
    expect(sg003(parcels({}))?.fix).not.toContain('no cache serves');
  });
});
