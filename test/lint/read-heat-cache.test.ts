/**
 * Review 13 item 10: a read-only hot category of a Cosmos DB catalogue (/categoryId → /productId, 35% of 60,000 RU/s
 * of reads on one category) was offered only a bucketed first level (14 buckets: every listing of the category fans out
 * 14×), though the README says read heat gets a cache. A hot value hot by its reads (they alone are over what its
 * partitions leave it, its writes alone fit) is now offered the engine's cache (the profile's `cache` and `cacheTerms`):
 * first where the other fix is a new synthetic first level (a new partition key, which Cosmos DB changes only by copying
 * every document into a new container, "Change partition key"), after a raise in place or more buckets of a bucketed
 * level, with the share of its reads the cache must answer and what it takes ("Azure Cosmos DB integrated cache",
 * "Azure Cosmos DB dedicated gateway"; "In-memory acceleration with DynamoDB Accelerator (DAX)", "DAX and DynamoDB
 * consistency models"). The reviewer's design is copied under review13/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type CosmosContainerDesign, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';
import { chatViralContainer, reviewEvents, table } from '../fixtures';

const catalogue = JSON.parse(readFileSync(join(__dirname, 'review13', 'catalogue.json'), 'utf8')) as CosmosContainerDesign;

const sg003At = (design: DesignInput, path: string): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003' && f.path === path);
const firstLevel = (design: CosmosContainerDesign) => sg003At(design, 'partitionKey.paths[0]');
const withWorkload = (workload: Partial<CosmosContainerDesign['workload']>): CosmosContainerDesign => ({
  ...catalogue,
  workload: { ...catalogue.workload, ...workload },
});

describe('a Cosmos DB first level hot by its reads is offered the integrated cache (review 13 item 10)', () => {
  const finding = firstLevel(catalogue);

  it('leads with the cache: the share of its 21,000 RU/s of reads it must answer for the misses and 5 RU/s of writes to fit 11,966.83', () => {
    // 35% of 60,000 reads, and of the 2,000 writes only the uniform 1/400 (5 RU/s: declared hot by its reads), against
    // 2 × 6,666.67 usable on its 2 physical partitions less 0.4 of a partition's 1/12 of the rest, (62,000 − 21,005) ÷ 12:
    // 11,966.83 RU/s. The partition holds 11,966.83 − 5 = 11,961.83 RU/s of misses: the cache must answer 43.04%.
    expect(finding?.data).toMatchObject({ prefixReads: 21_000, prefixWrites: 5, cache: 'the integrated cache' });
    expect(finding?.data?.prefixUsable).toBeCloseTo(11_966.83, 2);
    expect(finding?.data?.cacheMissReads).toBeCloseTo(11_961.83, 2);
    expect(finding?.data?.cacheHitShare).toBeCloseTo(1 - 11_961.833333 / 21_000, 6);
    expect(finding?.fix).toMatch(
      /^put the integrated cache in front of the reads of the hottest `\/categoryId` value, which carry its load \(point reads and queries it answers from its item and query caches cost 0 RU\): it fits once the cache answers at least 43\.04% of its 21,000 RU\/s of reads \(measure that share first\), the 11,961\.83 RU\/s missed and its 5 RU\/s of writes then fitting the usable 11,966\.83 RU\/s/,
    );
  });

  it('charges the read-hot category 35% of the reads and only the uniform 1/400 of the writes, and says so (cachecopies15 item 1)', () => {
    // Before: 35% of the writes too (700 RU/s), though the design declares the category hot by its reads alone.
    expect(finding?.message).toMatch(
      /^the hottest `\/categoryId` value takes 35% \(declared\) of the 60,000 RU\/s of reads: 21,005 RU\/s under one first-level value/,
    );
    expect(finding?.message).toContain(
      '(21,000 RU/s of reads and 5 RU/s of writes, charged to the same RU/s: declared hot by its reads (hotKeyOperations), it takes of the 2,000 RU/s of writes only the uniform 1/400 every value takes)',
    );
  });

  it('a category declared hot by its writes takes 35% of the writes and the uniform 1/400 of the reads', () => {
    const ingest = firstLevel(withWorkload({ peakReadUnits: 2_000, peakWriteUnits: 60_000, hotKeyOperations: 'writes' }));
    expect(ingest?.data).toMatchObject({ prefixReads: 5, prefixWrites: 21_000, shareOf: 'writes', sharePeak: 60_000 });
    expect(ingest?.message).toContain('it takes of the 2,000 RU/s of reads only the uniform 1/400 every value takes)');
  });

  it('one hot by both takes 35% of each, as before', () => {
    const both = firstLevel(withWorkload({ hotKeyOperations: 'both' }));
    expect(both?.data).toMatchObject({ prefixReads: 21_000, prefixWrites: 700, shareOf: 'both', sharePeak: 62_000 });
    expect(both?.message).toContain('(21,000 RU/s of reads and 700 RU/s of writes, charged to the same RU/s)');
  });

  it('says what the cache takes and what it cannot do', () => {
    expect(finding?.fix).toContain('(measure that share first)');
    expect(finding?.fix).toContain(
      'the SDK in gateway mode on its endpoint, and session or eventual consistency; stronger reads, misses and writes still reach the partition',
    );
    expect(finding?.fix).toContain(
      'unlike buckets, it fans no query out and changes no partition key (which takes a copy of every document into a new container)',
    );
  });

  it('keeps the bucketed first level as the alternative, hashed on the declared productId', () => {
    expect(finding?.fix).toMatch(
      /; or give the first level more values: a synthetic first level `\/categoryIdBucket` = \/categoryId \+ "-" \+ hash\(productId\) mod 13 /,
    );
    expect(finding?.data).toMatchObject({ buckets: 13, source: 'productId' });
    expect(finding?.edits).toBeUndefined();
  });

  it('a first level hot by its writes gets no cache: a cache takes no write', () => {
    const ingestion = firstLevel(withWorkload({ peakReadUnits: 0, peakWriteUnits: 62_000, hotKeyOperations: 'writes' }));
    expect(ingestion?.fix).toMatch(/^give the first level more values/);
    expect(ingestion?.fix).not.toContain('integrated cache');
    expect(ingestion?.data?.cacheHitShare).toBeUndefined();
  });

  it('nor one over only by reads and writes together: 10,850 RU/s of each, each within the usable 11,990', () => {
    // Hot by both (a category declared hot by its reads would take only 1/400 of the writes, and fit).
    const even = firstLevel(withWorkload({ peakReadUnits: 31_000, peakWriteUnits: 31_000, hotKeyOperations: 'both' }));
    expect(even?.data).toMatchObject({ prefixReads: 10_850, prefixWrites: 10_850 });
    expect(even?.fix).toMatch(/^give the first level more values/);
    expect(even?.fix).not.toContain('integrated cache');
  });

  // Moved at integration (levers35): where every declared query gives the unique last level, keying by it alone leads (no
  // RU/s, no buckets); a raise of the bucket count re-keys the hot value's documents too, so it follows; then the cache.
  it('an already bucketed first level: keyed by its unique last level first, then the raise of the bucket count, then the cache', () => {
    const bucketed: CosmosContainerDesign = {
      ...catalogue,
      partitionKey: { paths: [{ ...catalogue.partitionKey.paths[0], path: '/categoryIdBucket' }, catalogue.partitionKey.paths[1]] },
    };
    const hit = firstLevel(bucketed);
    expect(hit?.fix).toMatch(/^key the container by `\/productId` alone: /);
    expect(hit?.fix).toMatch(/; or raise the bucket count of `\/categoryIdBucket` 13-fold/);
    expect(hit?.fix).toMatch(/; or put the integrated cache in front of the reads of the hottest `\/categoryIdBucket` value, which carry its load/);
    expect(hit?.edits?.length).toBeGreaterThan(0);
  });
});

describe("the full key that defers to the first level names what that level's fix leads with (cachecopies15 item 2)", () => {
  // Review 14's chat-viral container with its hottest tenant declared at 30%, read-hot: 15,000 RU/s of reads (and the
  // uniform 2 of writes) against 875 left on its partition, so the cache leads; its buckets hash `id` (the hottest
  // conversation, 2/3 of the tenant, would stay whole under a hash of conversationId), which splits every conversation.
  const viral = chatViralContainer();
  const [tenant, conversation] = viral.partitionKey.paths;
  const hotTenant: CosmosContainerDesign = { ...viral, partitionKey: { paths: [{ ...tenant, hotKeyShare: 0.3 }, conversation] } };
  const findings = lint(hotTenant).filter((f) => f.ruleId === 'SG003');
  const full = findings.find((f) => f.path === 'partitionKey.paths');

  it('the first level leads with the integrated cache', () => {
    expect(findings.find((f) => f.path === 'partitionKey.paths[0]')?.fix).toMatch(
      /^put the integrated cache in front of the reads of the hottest `\/tenantId` value/,
    );
  });

  it('the full key says it: apply that fix, which leads with the cache, its buckets the alternative (before: "its buckets hash `id`" alone)', () => {
    expect(full?.fix).toMatch(
      /^apply the fix of the hottest `\/tenantId` value \(SG003 at `partitionKey.paths\[0\]`\), which leads with the integrated cache in front of that value's reads: this value's reads are among them/,
    );
    expect(full?.fix).toContain('its alternative, buckets hashing `id`, finer than the key, splits every');
    expect(full?.edits).toBeUndefined();
  });
});

describe('the same source is named for a first level whose hottest full key value is one item (review 13 item 10)', () => {
  // What observe writes for the reviewer's week: the hottest product takes 8.5% of the peak, 35% of its category's
  // 24.35%, more than the 1/10 a bucket may take; the product is one document (`/productId` unique), which no bucket
  // splits. Before, the buckets were named `hash(id)` here and `hash(productId)` without the full key's share.
  const [category, product] = catalogue.partitionKey.paths;
  const observed: CosmosContainerDesign = {
    ...withWorkload({ hotKeyShare: 0.085 }),
    partitionKey: { paths: [{ ...category, hotKeyShare: 0.2435, largestGb: 40 }, product] },
  };

  it('names the declared productId, as the lint of the design without that share does', () => {
    const hit = firstLevel(observed);
    expect(hit?.fix).toMatch(/hash\(productId\) mod \d+ /);
    expect(hit?.fix).not.toContain('hash(id)');
    expect(hit?.fix).toContain('is one item, which no bucket splits');
    expect(hit?.data?.source).toBe('productId');
  });

  it('a key whose last level is the item id keeps naming it: `id` is then the declared level', () => {
    const byId: CosmosContainerDesign = {
      ...observed,
      partitionKey: { paths: [observed.partitionKey.paths[0], { path: '/id', cardinality: 'unique' }] },
    };
    expect(firstLevel(byId)?.data?.source).toBe('id');
  });
});

describe('DynamoDB: a table key hot by its reads (review 13 item 10, the other engine)', () => {
  /** The catalogue as a table: categoryId → productId, 30% of 20,000 RCU on one category. */
  const products = (hotKeyOperations: 'reads' | 'writes'): DynamoDbTableDesign =>
    table({
      name: 'catalogue',
      partitionKey: { name: 'categoryId', type: 'S', cardinality: 400 },
      sortKey: { name: 'productId', type: 'S', cardinality: 'unique' },
      workload:
        hotKeyOperations === 'reads'
          ? { peakReadUnits: 20_000, peakWriteUnits: 500, hotKeyShare: 0.3, hotKeyOperations }
          : { peakReadUnits: 500, peakWriteUnits: 10_000, hotKeyShare: 0.3, hotKeyOperations },
      accessPatterns: [
        { name: 'product-page', keyAttributes: ['categoryId', 'productId'], share: 0.8 },
        { name: 'category-listing', keyAttributes: ['categoryId'], share: 0.2 },
      ],
    });

  it('an item collection hot by its reads keeps its calculated shards and is offered DAX beside them; the edit once its listing is sized', () => {
    const hit = sg003At(products('reads'), 'partitionKey');
    expect(hit?.fix).toMatch(
      // 14 partitions (twice 20,000 RCU and 500 WCU: max(14, 1)): 1,000 + 19,000 ÷ 14 = 2,357.14 RCU at 6 (at 5, 1,200 +
      // 1,342.86 = 2,542.86) fits the usable line, but two of the 6 on one partition take 2,000 + 1,357.14 − 71.43 =
      // 3,285.71 of the hard 3,000 RCU; at 7, 1,714.29 + 1,367.35 − 61.22 = 3,020.41; at 8, 1,500 + 1,375 − 53.57 = 2,821.43.
      // readhot30b: N = 8 relies on each whole-value read returning over 8 × 4 KB (no resultKb), and says so.
      /^shard only the hottest `categoryId` value, into N = 8 calculated shards on `productId` .*, so set fanOut on `category-listing`; N = 8 assumes each read of a `categoryId` value by `category-listing` returns over N × 4 KB, as each shard's Query is charged at least one read unit \(half of one for an eventually consistent read, as the peak's read units are; declare resultKb on it if less\), and that its shards hash onto different partitions of the 14: two share one 91\.8% of the time, and that partition then takes 2,821\.43 RCU, within the partition's 3,000 RCU maximum, over its usable 2,400, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 8 shards share one of the 14 partitions 21\.2% of the time, and it then takes 3,517\.86 RCU, past its 3,000 RCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; --fix writes none of this until resultKb is declared on `category-listing`: a read over all 8 shards is 8 Queries, .*; or put DAX in front of its reads \(/,
    );
    expect(hit?.fix).toContain('its item cache answers GetItem and BatchGetItem, its query cache Query and Scan results by their exact parameters');
    expect(hit?.fix).toContain('it serves eventually consistent reads only: strongly consistent reads, cache misses and every write still reach the partition');
    // Those 6 Queries, each charged at least one read unit, go uncounted until the listing's size is declared: no edit.
    expect(hit?.edits).toBeUndefined();
    // Declared (a listing of 400 KB), the fan-out is counted and the shards are the edit.
    const sized = products('reads');
    const listed = Object.assign({}, sized, {
      accessPatterns: sized.accessPatterns?.map((p) => Object.assign({}, p, p.name === 'category-listing' ? { resultKb: 400 } : {})),
    });
    expect(sg003At(listed, 'partitionKey')?.edits?.length).toBeGreaterThan(0);
  });

  it('one hot by its writes is offered no DAX', () => {
    const hit = sg003At(products('writes'), 'partitionKey');
    expect(hit?.fix).toMatch(/^shard only the hottest `categoryId` value/);
    expect(hit?.fix).not.toContain('DAX');
  });

  it('a read-hot single item: DAX with what it serves and takes, then the copies, each change written 8 times and two often on one partition', () => {
    const sku = table({
      name: 'products',
      partitionKey: { name: 'sku', type: 'S', cardinality: 100_000 },
      workload: { peakReadUnits: 20_000, peakWriteUnits: 500, hotKeyShare: 0.3, hotKeyOperations: 'reads' },
    });
    const hit = sg003At(sku, 'partitionKey');
    // Copies multiply the writes: P = max(⌈40,000 ÷ 3,000⌉, ⌈1,000N ÷ 1,000⌉) = 14 up to 14 copies; at 6: 1,000 + 19,000 ÷ 14
    // = 2,357.14 RCU; at 5: 1,200 + 18,800 ÷ 14 = 2,542.86. Two of the 6 on one partition would take 3,285.71 of the hard
    // 3,000 RCU (7: 3,020.41); two of 8 take 1,500 + 1,375 − 53.57 = 2,821.43 (91.8% of the time), within it.
    // The cache leads, serving the reads with neither the 8 writes per change nor the pair over the usable line; the
    // copies follow, unwritten.
    expect(hit?.fix).toMatch(/^put DAX in front of the reads of the hottest `sku` value \(its item cache answers GetItem/);
    expect(hit?.fix).toContain(
      '; N = 8 copies would write each change to the value 8 times and, more often than not, leave two on one partition, within its maximum but over its usable ceiling until adaptive capacity moves one; the cache serves the reads without either; or, accepting both, keep N = 8 replicated copies',
    );
    expect(hit?.fix).toMatch(
      /keep N = 8 replicated copies of each `sku` value .*two share one 91\.8% of the time, and that partition then takes 2,821\.43 RCU/,
    );
    expect(hit?.edits ?? []).toEqual([]);
    expect(hit?.fix).toContain('a cache answers only the reads it holds');
  });
});

describe("every cache clause of a key's fix says what the cache serves and takes (cachecopies15 item 3)", () => {
  const DAX_TERMS =
    '(its item cache answers GetItem and BatchGetItem, its query cache Query and Scan results by their exact parameters, without reading the table; a cache answers only the reads it holds, and it needs a DAX cluster in your VPC and the DAX client in the application, and it serves eventually consistent reads only: strongly consistent reads, cache misses and every write still reach the partition; or a cache in the application itself, in-process with a TTL of a few seconds: the lighter first answer for an item every request reads, such as a configuration or kill-switch item, with no cluster to run, but each instance serves what it last read until that TTL expires, so a change reaches every reader only then)';
  const COSMOS_TERMS =
    '(point reads and queries it answers from its item and query caches cost 0 RU; a cache answers only the reads it holds, and it needs a dedicated gateway, billed hourly, each node caching on its own, the SDK in gateway mode on its endpoint, and session or eventual consistency; stronger reads, misses and writes still reach the partition)';
  // Before, only the "or put … in front of its reads" alternative of copies and shards carried the terms.

  it('a GSI only a cache serves', () => {
    const hit = sg003At(
      table({
        globalSecondaryIndexes: [
          { indexName: 'by-sku', partitionKey: { name: 'sku', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 5000, hotKeyShare: 0.9 } },
        ],
      }),
      'globalSecondaryIndexes[0].partitionKey',
    );
    expect(hit?.fix).toContain(
      `put DAX in front of the reads of the hottest \`sku\` value ${DAX_TERMS}: a global secondary index holds one entry per base item`,
    );
  });

  it('a key past maxShards hot by its reads alone (cacheHotReads), once', () => {
    const events = table({
      name: 'events',
      partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
      sortKey: { name: 'userId', type: 'S', cardinality: 'unique' },
      // 800,000 RCU: N = 886 on 534 partitions, past maxShards (at 1,000,000 no count up to 1,000 fits on 667).
      workload: { peakReadUnits: 800_000, peakWriteUnits: 100_000, hotKeyShare: 1, hotKeyOperations: 'reads' },
    });
    const fix = sg003At(events, 'partitionKey')?.fix ?? '';
    expect(fix).toContain(`: put DAX in front of the reads of the hottest \`eventId\` value ${DAX_TERMS}; or raise maxShards`);
    expect(fix.split('a cache answers only the reads it holds')).toHaveLength(2);
  });

  it("a Cosmos DB item whose reads no shard spreads (unspreadReads): the integrated cache's terms", () => {
    const hotItem: CosmosContainerDesign = {
      ...reviewEvents(),
      workload: { peakReadUnits: 20000, peakWriteUnits: 30000, hotKeyShare: 0.18 },
      storage: { totalGb: 120, largestPartitionGb: 1.5 },
    };
    expect(sg003At(hotItem, 'partitionKey.paths')?.fix).toContain(`; put the integrated cache in front of them ${COSMOS_TERMS}; or raise`);
  });
});
