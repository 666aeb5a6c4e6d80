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

  it('leads with the copies where the strongly consistent half DAX passes through is still over, DAX following with that figure', () => {
    const hit = sg003(
      largeItemRead(
        { name: 'product-by-id', keyAttributes: ['ProductId'], share: 0.5, consistentRead: true },
        { name: 'product-page', keyAttributes: ['ProductId'], share: 0.5 },
      ),
    );
    // Half of the item's 5,000 RCU is read strongly consistent: 2,500 RCU reach its partition through DAX, where the
    // value has the usable 2,400 (80% of 3,000) less its neighbours' (20,000 − 5,000) ÷ 14 = 1,071.43: 1,328.57 left.
    expect(hit?.fix).toMatch(/^keep N = 6 replicated copies of each `ProductId` value .*; or put DAX in front of its reads \(/);
    expect(hit?.fix).toContain(
      "; DAX serves only the eventually consistent 50% of these reads: `product-by-id` read strongly consistent (consistentRead), which it passes through to the table, so 2,500 RCU of the hottest value's reads (50% of them) reach its partition through it, over the 1,328.57 RCU left there (the usable 2,400 RCU less the 1,071.43 RCU its neighbours are expected to take): it is no fix for these reads alone until `product-by-id` may read eventually consistent",
    );
    expect(hit?.edits?.find((e) => e.path === 'tables[0].sharding')).toMatchObject({ op: 'set', value: { strategy: 'replicated', shards: 6 } });
  });

  it('keeps DAX first where the strongly consistent quarter it passes through fits the room the value has', () => {
    // 1,250 RCU strongly consistent (a quarter of 5,000) of the 1,328.57 RCU left: DAX serves the rest, and leads.
    const hit = sg003(
      largeItemRead(
        { name: 'product-by-id', keyAttributes: ['ProductId'], share: 0.25, consistentRead: true },
        { name: 'product-page', keyAttributes: ['ProductId'], share: 0.75 },
      ),
    );
    expect(hit?.fix).toMatch(/^put DAX in front/);
    expect(hit?.fix).toContain(
      '; DAX serves only the eventually consistent 75% of these reads: `product-by-id` read strongly consistent (consistentRead), which it passes through to the table; N = 6 copies',
    );
    expect(hit?.fix).not.toContain('no fix for these reads alone');
  });

  it('drops the DAX alternative to shards where every read is strongly consistent, and says the share where some are', () => {
    expect(sg003(products({}, {}))?.fix).toContain('; or put DAX in front of its reads (');
    expect(sg003(products({ consistentRead: true }, { consistentRead: true }))?.fix).not.toContain('DAX');
    // 80% of the category's 6,000 RCU strongly consistent: 4,800 RCU through DAX, over the usable 2,400 less the
    // (20,000 − 6,000) ÷ 14 = 1,000 its neighbours take; 20% (1,200 RCU) fits the 1,400 left, and DAX is offered as it was.
    expect(sg003(products({ consistentRead: true }, {}))?.fix).toMatch(
      /; or put DAX in front of its reads \(.*\); DAX serves only the eventually consistent 20% of these reads: `product-page` read strongly consistent \(consistentRead\), which it passes through to the table, so 4,800 RCU of the hottest value's reads \(80% of them\) reach its partition through it, over the 1,400 RCU left there \(the usable 2,400 RCU less the 1,000 RCU its neighbours are expected to take\): it is no fix for these reads alone until `product-page` may read eventually consistent$/,
    );
    expect(sg003(products({}, { consistentRead: true }))?.fix).toMatch(
      /; DAX serves only the eventually consistent 80% of these reads: `category-listing` read strongly consistent \(consistentRead\), which it passes through to the table$/,
    );
  });

  it('where only a cache serves the reads, opens with making them eventually consistent, not with the cache it then says serves none', () => {
    // The depot's 6,000 RCU (30% of 20,000), all strongly consistent, over the usable 2,400 less (20,000 − 6,000) ÷ 14 = 1,000.
    const fix = sg003(parcels({ consistentRead: true }))?.fix;
    expect(fix).toMatch(
      /^first make `parcels-of-depot` read eventually consistent \(consistentRead: false\), where the application allows it: DAX passes a strongly consistent read through to the table, so 6,000 RCU of the hottest value's reads \(100% of them\) reach its partition through it, over the 1,400 RCU left there \(the usable 2,400 RCU less the 1,000 RCU its neighbours are expected to take\); then no shard count serves: .*; put DAX in front of them \(/,
    );
    expect(fix).not.toContain('no cache serves');
    // Half of them: 3,000 RCU, still over the 1,400.
    expect(sg003(parcels({ consistentRead: true, share: 0.5 }))?.fix).toMatch(
      /^first make `parcels-of-depot` read eventually consistent .*so 3,000 RCU of the hottest value's reads \(50% of them\)/,
    );
    expect(sg003(parcels({}))?.fix).not.toMatch(/no cache serves|eventually consistent \(consistentRead: false\)/);
  });

  /** dynamo-write-line.test.ts's meter at 80% of its write capacity: DAX for the one item's reads, then warm throughput for its writes. */
  const meter = (...patterns: AccessPatternDesign[]): DynamoDbTableDesign => ({
    engine: 'dynamodb',
    name: 'meter',
    partitionKey: { name: 'meterId', type: 'S', cardinality: 1000 },
    billing: 'provisioned',
    workload: { peakReadUnits: 4_000, peakWriteUnits: 8_000, hotKeyShare: 0.6 },
    capacity: { read: { fixed: 8_000 }, write: { fixed: 10_000 } },
    accessPatterns: patterns,
  });

  it('on the DAX-then-warm-throughput path, opens with eventually consistent reads where all are strongly consistent, and keeps DAX first where half are', () => {
    // 60% of 4,000 RCU: 2,400 RCU of one item, over the usable 2,400 less (4,000 − 2,400) ÷ 10 = 160: 2,240 left.
    const all = sg003(meter({ name: 'meter-read', keyAttributes: ['meterId'], share: 1, consistentRead: true }))?.fix;
    expect(all).toMatch(
      /^first make `meter-read` read eventually consistent \(consistentRead: false\), where the application allows it: DAX passes a strongly consistent read through to the table, so 2,400 RCU of the hottest value's reads \(100% of them\) reach its partition through it, over the 2,240 RCU left there \(the usable 2,400 RCU less the 160 RCU its neighbours are expected to take\); then put DAX in front of the reads of the hottest `meterId` value \(.*pre-warm the table to 36,000 write units a second/,
    );
    expect(all).not.toContain('no cache serves');
    // Half: 1,200 RCU strongly consistent fit the 2,240 left, so DAX leads and says the share it serves.
    const half = sg003(
      meter(
        { name: 'meter-read', keyAttributes: ['meterId'], share: 0.5, consistentRead: true },
        { name: 'meter-page', keyAttributes: ['meterId'], share: 0.5 },
      ),
    )?.fix;
    expect(half).toMatch(/^put DAX in front of the reads of the hottest `meterId` value \(/);
    expect(half).toContain(
      '; DAX serves only the eventually consistent 50% of these reads: `meter-read` read strongly consistent (consistentRead), which it passes through to the table: ',
    );
    expect(half).not.toContain('no fix for these reads alone');
  });
});
