import { lint, replicasFor, shardsFor } from '../../../lib';
import type { AccessPatternDesign, DynamoDbTableDesign } from '../../../lib';
import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const userId = { name: 'userId', type: 'S' as const, cardinality: 'unique' as const };

/** The ticketing sale: one event takes a quarter of 80,000 WCU → 20,000 WCU on one key value. */
function hotEvent(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    name: 'tickets',
    partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
    sortKey: userId,
    workload: { peakReadUnits: 6000, peakWriteUnits: 80000, hotKeyShare: 0.25 },
    ...overrides,
  });
}

/** A viral product: one item read at 4,800 RCU (10% of 48,000), barely written. */
function viralProduct(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    name: 'products',
    partitionKey: { name: 'productId', type: 'S', cardinality: 100000 },
    workload: { peakReadUnits: 48000, peakWriteUnits: 100, hotKeyShare: 0.1 },
    ...overrides,
  });
}

/**
 * The viral product kept as 6 replicated copies (enough: 2,275 of 2,400 RCU a copy) beside a `by-seller` GSI
 * (`copiesCarry` as given) and the access patterns given.
 */
function copiedSellerIndex(copiesCarry: 'every' | 'first' | undefined, accessPatterns: DynamoDbTableDesign['accessPatterns']): DynamoDbTableDesign {
  return viralProduct({
    sharding: { strategy: 'replicated', shards: 7 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-seller',
        partitionKey: { name: 'sellerId', type: 'S', cardinality: 1_000_000 },
        sortKey: { name: 'listedAt', type: 'S', cardinality: 'unique' },
        ...(copiesCarry === undefined ? {} : { copiesCarry }),
      },
    ],
    accessPatterns,
  });
}

const READ_BY_SELLER = [
  { name: 'product', keyAttributes: ['productId'], share: 0.99 },
  { name: 'my-products', index: 'by-seller', keyAttributes: ['sellerId'], share: 0.01, limit: 50 },
];

/**
 * A catalogue whose `by-category` GSI (category, sorted by price) is read-hot on one category: 6,000 RCU of
 * reads on one value, few writes, read by `browse-by-price` (`extra`: a page at a time, or not).
 */
function hotCategory(extra: Partial<AccessPatternDesign> = {}, sharding?: DynamoDbTableDesign['sharding']): DynamoDbTableDesign {
  return table({
    name: 'catalog',
    partitionKey: { name: 'productId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 1000, peakWriteUnits: 100 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-category',
        partitionKey: { name: 'category', type: 'S', cardinality: 200 },
        sortKey: { name: 'price', type: 'N', cardinality: 'unique' },
        workload: { peakReadUnits: 6000, peakWriteUnits: 50, hotKeyShare: 1 },
        ...(sharding ? { sharding } : {}),
      },
    ],
    accessPatterns: [{ name: 'browse-by-price', index: 'by-category', keyAttributes: ['category'], rangeAttribute: 'price', share: 1, ...extra }],
  });
}

/** A seller's orders (a table key holding many items) read at 5,000 RCU, a page at a time unless `limit` is left out. */
function pagedSeller(workload = { peakReadUnits: 50000, peakWriteUnits: 500, hotKeyShare: 0.1 }, limit: number | undefined = 25): DynamoDbTableDesign {
  return table({
    partitionKey: { name: 'sellerId', type: 'S', cardinality: 20000 },
    sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload,
    accessPatterns: [{ name: 'orders-of-seller', keyAttributes: ['sellerId'], share: 1, ...(limit ? { limit } : {}) }],
  });
}

testRule('SG003', {
  valid: [
    { name: 'a uniform key', design: table() },
    {
      // 160 partitions (twice 6,000 RCU and 80,000 WCU: max(⌈12,000 ÷ 3,000⌉, ⌈160,000 ÷ 1,000⌉)): 298.51 WCU a shard +
      // 79,701.49 ÷ 160 = 796.64 of 800 at 67 (at 66, 801.14).
      name: 'a hot event calculated-sharded to shardsFor()',
      design: hotEvent({
        sharding: {
          strategy: 'calculated',
          shards: shardsFor({ engine: 'dynamodb', peakReadUnits: 6000, peakWriteUnits: 80000, hotKeyShare: 0.25 }),
          sourceAttribute: 'userId',
        },
      }),
    },
    // The issue's float edge: 10,000 × 0.56 = 5,600.000000000001 WCU. Beside its neighbours (20 partitions, twice 100 RCU and
    // 10,000 WCU: max(1, 20)): 311.11 + 9,688.89 ÷ 20 = 795.56 of 800 at 18 (at 17, 810.59), exactly what shardsFor() returns.
    {
      name: "a float edge sharded to exactly shardsFor()'s N",
      design: hotEvent({
        workload: { peakReadUnits: 100, peakWriteUnits: 10000, hotKeyShare: 0.56 },
        sharding: { strategy: 'random', shards: shardsFor({ engine: 'dynamodb', peakReadUnits: 100, peakWriteUnits: 10000, hotKeyShare: 0.56 }) },
      }),
    },
    // 32 partitions (twice 48,000 RCU and 600 WCU of copies' writes: max(32, 2)): 800 + 47,200 ÷ 32 = 2,275 RCU of 2,400 a
    // copy at 6 (at 5, 960 + 47,040 ÷ 32 = 2,430).
    { name: 'a read-hot item with enough replicated copies', design: viralProduct({ sharding: { strategy: 'replicated', shards: 7 } }) },
    // Copy 0 alone carries the index's key (a sparse index, AWS "Take advantage of sparse indexes"): one entry per item.
    { name: 'declared replicated copies beside a GSI read by a query, copiesCarry "first"', design: copiedSellerIndex('first', READ_BY_SELLER) },
    // Every copy carries it, but no declared query reads the index: its duplicates reach no reader (its N× writes are counted).
    {
      name: 'declared replicated copies beside a GSI no access pattern reads',
      design: copiedSellerIndex(undefined, [{ name: 'product', keyAttributes: ['productId'], share: 1 }]),
    },
    {
      name: 'an unsharded hot time bucket (SG002 owns it)',
      design: table({ partitionKey: { name: 'day', type: 'S', cardinality: 365 }, sortKey: userId, workload: { peakReadUnits: 100, peakWriteUnits: 2000 } }),
    },
  ],
  invalid: [
    {
      name: 'a write-hot event: shard it, calculated on the sort key',
      design: hotEvent(),
      findings: [
        {
          messageId: 'hotKey',
          path: 'partitionKey',
          notes: ['writeOver', 'writeBeside', 'partitionsCounted', 'maySplitForHeat'],
          // 160 partitions; unsharded, 800 − 60,000 ÷ 160 = 425 WCU left; at 67, 298.51 + 79,701.49 ÷ 160 = 796.64 (at 66, 801.14),
          // but two of 67 on one partition take 597.01 + 498.13 − 1.87 = 1,093.28, past its 1,000 WCU: at 80, 500 + 498.44 −
          // 1.56 = 996.88 (at 79, 1,003.17).
          data: {
            shards: 80,
            hotKeyLoad: 20000,
            usable: 425,
            strategy: 'calculated',
            writeLoad: 20000,
            writeUsable: 800,
            writeCeiling: 1000,
            writeUnit: 'WCU',
            headroom: 0.8,
            sourceAttribute: 'userId',
          },
          message:
            "the hottest `eventId` value takes 25% (declared) of the peak: 20,000 WCU writes against a usable 800 WCU (80% of the 1,000 WCU ceiling), less the 375 WCU its neighbours are expected to take (the other 60,000 WCU of writes ÷ 160 partitions): 425 WCU left; 160 partitions assumed, for twice the declared peak (3,000 RCU and 1,000 WCU each; on demand AWS publishes no count, and serves up to double the previous peak); split for heat may spread this key's sort-key range over partitions under sustained load, but not at once: a spike throttles first",
          // whale21: the other 4,999 events take 60,000 ÷ 4,999 = 12 WCU each, which fits unsharded: only the hot event is sharded.
          // edits31: one other event fits unsharded up to 0.37% of the 80,000 WCU peak (296 + 79,704 ÷ 160 = 794.15 of 800).
          fix: "shard only the hottest `eventId` value, into N = 80 calculated shards on `userId` (value#hash(userId) mod 80), and leave every other value as it is (sharding.hotValues: 1): the application keeps the hot value in a list in its configuration and appends the suffix to its writes alone; a read of that value for one userId hits one shard, only whole-value reads fan out over 80, while a read of any other value stays one query (the next hottest, at 12 WCU if the other values share the rest evenly, fits unsharded in its partition's usable 800 WCU less its neighbours' expected 499.92 WCU (the other 79,988 WCU ÷ 160 partitions, the hottest value's 20,000 WCU among them, in its shards, which the hottest value's own neighbours leave out): 300.08 WCU left; this assumes no other value takes more than 0.37% of the peak, the most one can and still fit unsharded: where one does, shard every value instead; where which value is hot is not known ahead or moves, set `workload.hotKeyMoves` to true, and the fix shards every value); a value added to the list later keeps its unsharded items, so its reads also query the plain key until they are moved; N = 80 assumes its shards hash onto different partitions of the 160: two share one 99.99% of the time, and that partition then takes 996.88 WCU, within the partition's 1,000 WCU maximum, over its usable 800, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 80 shards share one of the 160 partitions 92.02% of the time, and it then takes 1,245.31 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic",
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 80, sourceAttribute: 'userId', hotValues: 1 } }],
        },
      ],
    },
    {
      name: 'a read-hot single item: replicated copies (or DAX), not write sharding',
      design: viralProduct(),
      findings: [
        {
          messageId: 'hotKey',
          notes: ['readOver', 'readBeside', 'partitionsCounted', 'oneItem'],
          // 32 partitions (twice 48,000 RCU: max(32, 1)): 2,400 − 43,200 ÷ 32 = 1,050 RCU left; 6 copies fit the usable
          // line (800 + 47,200 ÷ 32 = 2,275) but two on one partition take 2 × 800 + 1,475 − 800 ÷ 32 = 3,050, past its
          // 3,000 RCU maximum; 7 copies: 2 × 685.71 + 1,478.57 − 21.43 = 2,828.57. Two of 7 share one of 32 partitions
          // 1 − (31 × 30 × … × 26) ÷ 32⁶ = 50.63% of the time, more often than not: DAX leads and no copies are written.
          data: {
            shards: 7,
            strategy: 'replicated',
            hotKeyLoad: 4800,
            usable: 1050,
            readLoad: 4800,
            peakWrites: 100,
            replicatedWrites: 700,
            cache: 'DAX',
          },
          message: /4,800 RCU reads against a usable 2,400 RCU .*: 1,050 RCU left; 32 partitions assumed.*; one item never spans partitions$/,
          fix: "put DAX in front of the reads of the hottest `productId` value (its item cache answers GetItem and BatchGetItem, its query cache Query and Scan results by their exact parameters, without reading the table; a cache answers only the reads it holds, and it needs a DAX cluster in your VPC and the DAX client in the application, and it serves eventually consistent reads only: strongly consistent reads, cache misses and every write still reach the partition; or a cache in the application itself, in-process with a TTL of a few seconds: the lighter first answer for an item every request reads, such as a configuration or kill-switch item, with no cluster to run, but each instance serves what it last read until that TTL expires, so a change reaches every reader only then); N = 7 copies would write each change to the value 7 times and, more often than not, leave two on one partition, within its maximum but over its usable ceiling until adaptive capacity moves one; the cache serves the reads without either; or, accepting both, keep N = 7 replicated copies of each `productId` value (key#0…key#6), written together and read at random: each copy serves 1/7 of the reads, and every write costs 7× (100 → 700 WCU at peak), storing every item 7 times (7 × the table's storage); N = 7 assumes its copies hash onto different partitions of the 32: two share one 50.63% of the time, and that partition then takes 2,828.57 RCU, within the partition's 3,000 RCU maximum, over its usable 2,400, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 7 copies share one of the 32 partitions 3.1% of the time, and it then takes 3,492.86 RCU, past its 3,000 RCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic",
          edits: false,
        },
      ],
    },
    {
      // Review 31: each copy is an item of its own, so an index whose key it carries holds every item N times; the
      // fix says so and how to keep one (the index key on copy 0 only: AWS "Take advantage of sparse indexes").
      name: 'replicated copies of a table with a GSI: the fix says the index would hold each item N times, and the sparse remedy',
      design: viralProduct({
        globalSecondaryIndexes: [
          {
            indexName: 'by-seller',
            partitionKey: { name: 'sellerId', type: 'S', cardinality: 1_000_000 },
            sortKey: { name: 'listedAt', type: 'S', cardinality: 'unique' },
          },
        ],
        accessPatterns: [
          { name: 'product', keyAttributes: ['productId'], share: 0.99 },
          { name: 'my-products', index: 'by-seller', keyAttributes: ['sellerId'], share: 0.01, limit: 50 },
        ],
      }),
      findings: [
        {
          messageId: 'hotKey',
          data: { shards: 7, strategy: 'replicated', copiedIndexes: ['by-seller'], copiedIndexKeys: ['sellerId'], copiedIndexReads: ['my-products'] },
          // 7 copies (6 put two on one partition past 3,000 RCU), two of which share one of 32 partitions 50.63% of the
          // time: DAX leads, the copies and their sparse index follow, unwritten.
          fix: /^put DAX in front of the reads of the hottest `productId` value .*; or, accepting both, keep N = 7 replicated copies .*\(100 → 700 WCU at peak\), storing every item 7 times \(7 × the table's storage\); N = 7 assumes its copies hash onto different partitions of the 32: two share one 50\.63% of the time, and that partition then takes 2,800\.29 RCU, within the partition's 3,000 RCU maximum, over its usable 2,400, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 7 copies share one of the 32 partitions 3\.1% of the time, and it then takes 3,457\.93 RCU, past its 3,000 RCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; each copy is also written to every index whose key attributes it carries, so index `by-seller` would hold every item 7 times and `my-products` return each 7 times \(a page of `limit` items, fewer distinct ones\): write `sellerId` on copy 0 only, a sparse index .*; or count its 7× writes and remove the duplicates its queries return$/,
          edits: false,
        },
      ],
    },
    {
      // carry31: declared copies each carry the key of an index a query reads: the index holds every item 7 times and its
      // queries return each 7 times; the fix writes the key on copy 0 only (copiesCarry: "first").
      name: 'declared replicated copies beside a GSI every copy carries and a query reads: a warning, fixed by copiesCarry "first"',
      design: copiedSellerIndex(undefined, READ_BY_SELLER),
      findings: [
        {
          messageId: 'copiedIndexRead',
          severity: 'warning',
          path: 'globalSecondaryIndexes[0].copiesCarry',
          data: {
            shards: 7,
            copiedIndex: 'by-seller',
            copiedIndexKeys: ['sellerId'],
            copiedIndexReads: ['my-products'],
            copiesCarryPath: 'globalSecondaryIndexes[0].copiesCarry',
          },
          message: /index `by-seller` .*: the index holds every item 7 times, takes 7× its writes, and `my-products` return each item 7 times/,
          fix: /^set `globalSecondaryIndexes\[0\]\.copiesCarry` to "first" and write `sellerId` on copy 0 only/,
          edits: [{ op: 'set', path: 'globalSecondaryIndexes[0].copiesCarry', value: 'first' }],
        },
      ],
    },
    {
      // 'every' declared says the same as the default.
      name: 'declared replicated copies beside a GSI read by a query, copiesCarry "every" declared',
      design: copiedSellerIndex('every', READ_BY_SELLER),
      findings: [{ messageId: 'copiedIndexRead', severity: 'warning', edits: [{ op: 'set', path: 'globalSecondaryIndexes[0].copiesCarry', value: 'first' }] }],
    },
    {
      // An index copy 0 alone carries already is left out of the copies' index clause: it holds one entry per item.
      name: 'copies proposed beside a GSI copy 0 alone carries: the fix names no index holding each item N times',
      design: viralProduct({
        globalSecondaryIndexes: [{ indexName: 'by-seller', partitionKey: { name: 'sellerId', type: 'S', cardinality: 1_000_000 }, copiesCarry: 'first' }],
        accessPatterns: READ_BY_SELLER,
      }),
      findings: [
        {
          messageId: 'hotKey',
          fix: /^put DAX in front of the reads of the hottest `productId` value .*; or, accepting both, keep N = 7 replicated copies .*storing every item 7 times \(7 × the table's storage\); N = 7 assumes its copies hash onto different partitions of the 32: two share one 50\.63% of the time, and that partition then takes 2,800\.29 RCU, within the partition's 3,000 RCU maximum, over its usable 2,400, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 7 copies share one of the 32 partitions 3\.1% of the time, and it then takes 3,457\.93 RCU, past its 3,000 RCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic$/,
          edits: false,
        },
      ],
    },
    {
      // Issue 14: one item read at 3,000 RCU (a global settings item takes every read): 2 copies of 1,500
      // each fit a usable 2,400. The 10% share cap once made it 10 copies, and every write 10×.
      name: 'a single read-hot item at 3,000 RCU: 2 replicated copies, not 10',
      design: table({
        name: 'settings',
        partitionKey: { name: 'settingId', type: 'S', cardinality: 1000 },
        workload: { peakReadUnits: 3000, peakWriteUnits: 5, hotKeyShare: 1 },
      }),
      findings: [
        {
          messageId: 'hotKey',
          data: { shards: 2, strategy: 'replicated', hotKeyLoad: 3000, usable: 2400, replicatedWrites: 10 },
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 2 } }],
        },
      ],
    },
    {
      name: 'random write sharding on a read-hot item does not spread its reads',
      design: viralProduct({ sharding: { strategy: 'random', shards: 4 } }),
      findings: [
        {
          messageId: 'hotKey',
          path: 'sharding.shards',
          data: { strategy: 'replicated', shards: 7 }, // as the unsharded item above
          message: /4,800 RCU reads, 4,800 RCU per shard over 4, .*\(reads of one item, which write sharding cannot spread\)/,
          fix: /replacing its random sharding, which cannot spread the reads of one item/,
        },
      ],
    },
    {
      // Review 4 item 1: its 6,000 RCU of reads stay on one shard whatever N, over 2,400 usable: no count is the fix.
      name: 'a single item hot for writes and reads: no shard count serves; cache the reads (no edit)',
      design: viralProduct({ workload: { peakReadUnits: 60000, peakWriteUnits: 20000, hotKeyShare: 0.1 } }),
      findings: [
        {
          messageId: 'hotKey',
          edits: false,
          // 40 partitions (twice 60,000 RCU and 20,000 WCU: max(40, 40)): 2,400 − 54,000 ÷ 40 = 1,050 RCU left for the item's
          // 6,000; the writes 800 − 18,000 ÷ 40 = 350, and N = 7 fits the usable line (285.71 + 19,714.29 ÷ 40 = 778.57; at 6, 827.08) but
          // not two shards on one partition: 2 × 285.71 + 20,000 ÷ 40 − 2 × 285.71 ÷ 40 = 1,057.14 of the hard 1,000; at 8,
          // 2 × 250 + 500 − 12.5 = 987.5.
          data: { unspreadLoad: 6000, unspreadUsable: 1050 },
          // Review 11 item 9: the writes (2,000 WCU) are over the 800 usable by themselves, whatever the reads: their count.
          fix: /^no shard count serves: the reads of one item stay on the one shard that holds it whatever the count, .*; put DAX in front of them \([^)]*\); its writes \(2,000 WCU\) are over the usable 350 WCU by themselves: shard only the hottest `productId` value, into N = 8 random shards/,
        },
      ],
    },
    {
      name: 'too few shards: raise them',
      design: hotEvent({ sharding: { strategy: 'random', shards: 4 } }),
      findings: [
        {
          messageId: 'hotKey',
          path: 'sharding.shards',
          data: { shards: 80 }, // as above
          message: /20,000 WCU writes, 5,000 WCU per shard over 4,/,
          fix: "raise sharding.shards from 4 to N = 80 (random); N = 80 assumes its shards hash onto different partitions of the 160: two share one 99.99% of the time, and that partition then takes 996.88 WCU, within the partition's 1,000 WCU maximum, over its usable 800, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 80 shards share one of the 160 partitions 92.02% of the time, and it then takes 1,245.31 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic",
        },
      ],
    },
    {
      name: "a hot GSI says it back-pressures the table's writes",
      design: table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 10000 },
        globalSecondaryIndexes: [
          { indexName: 'by-shop', partitionKey: { name: 'shopId', type: 'S', cardinality: 5000 }, sortKey: userId, workload: { hotKeyShare: 0.2 } },
        ],
      }),
      findings: [
        {
          messageId: 'hotKey',
          path: 'globalSecondaryIndexes[0].partitionKey',
          index: 'by-shop',
          message: /a throttled global secondary index also throttles the writes to its base table/,
        },
      ],
    },
    {
      name: 'with a local secondary index DynamoDB never splits the collection',
      design: hotEvent({ localSecondaryIndexes: [{ indexName: 'by-seat', sortKey: { name: 'seat', type: 'S' } }] }),
      findings: [{ messageId: 'hotKey', message: /with a local secondary index DynamoDB never splits an item collection/ }],
    },
    {
      name: 'more shards than maxShards: split the value out, no edit',
      design: hotEvent({ workload: { peakReadUnits: 100, peakWriteUnits: 100000, hotKeyShare: 1 } }),
      findings: [
        {
          messageId: 'hotKey',
          edits: false,
          // 200 partitions (twice 100 RCU and 100,000 WCU: max(1, 200)): 301.2 + 99,698.8 ÷ 200 = 799.69 of 800 at 332 (at
          // 331, 800.69).
          data: { shards: 332 },
          // Hot by its writes alone: a cache, which serves reads only, is not offered.
          fix: /it would take N = 332 keys, more than the 100 .*: batch the hottest value's writes before they reach the table \([^)]*\); or raise maxShards/,
        },
      ],
    },
    {
      name: 'more shards than maxShards for reads and writes: batch the writes and cache the reads',
      // At 1,000,000 RCU (667 partitions) no count up to 1,000 fits beside the neighbours: 800,000 keeps maxShards the bound.
      design: hotEvent({ workload: { peakReadUnits: 800_000, peakWriteUnits: 100000, hotKeyShare: 1 } }),
      findings: [
        {
          messageId: 'hotKey',
          edits: false,
          // 534 partitions (twice 800,000 RCU and 100,000 WCU: max(534, 200)); reads bind: 902.93 + 799,097.07 ÷ 534 = 2,399.37
          // of 2,400 at 886 (at 885, 2,400.39).
          data: { shards: 886, cache: 'DAX' },
          fix: /it would take N = 886 keys, .*: batch the hottest value's writes before they reach the table \([^)]*\) and put DAX in front of its reads \([^)]*\); or raise maxShards/,
        },
      ],
    },
    {
      // Review 11 item 7: the load follows its direction. Reads alone are over (500,000 RCU vs 2,400 usable; the
      // 100 WCU fit 800): batching writes would relieve nothing, the cache is the one remedy. 334 partitions: N = 553
      // (904.16 + 499,095.84 ÷ 334 = 2,398.46 RCU). At 1,000,000 RCU no count up to 1,000 fits beside the neighbours.
      name: 'more shards than maxShards for reads alone: the cache, and no batching of writes',
      design: hotEvent({ workload: { peakReadUnits: 500_000, peakWriteUnits: 100, hotKeyShare: 1 } }),
      findings: [
        {
          messageId: 'hotKey',
          edits: false,
          data: { cache: 'DAX' },
          fix: /^it would take N = 553 keys, more than the 100 .*: put DAX in front of the reads of the hottest `eventId` value \([^)]*\); or raise maxShards/,
        },
      ],
    },
    {
      name: 'more than any accepted count: never Infinity, never N > 1,000',
      design: hotEvent({ workload: { peakReadUnits: 100, peakWriteUnits: 5e12, hotKeyShare: 1 } }),
      findings: [{ messageId: 'hotKey', edits: false, fix: /no count up to 1,000 keeps the hottest `eventId` value under its ceiling/ }],
    },
    {
      // 16,000 RU/s needs 2 shards for the ceiling, but each would still carry 20% of the traffic: 4 keep each under 10%.
      // Review 16: a level below the tenant does not spread its load (its documents stay on one physical partition until
      // they hold 50 GB: "Hierarchical partition keys"), so with no size past 50 GB it is not offered for load.
      name: 'a Cosmos DB whale tenant: shards, or its own container (no deeper level: its data does not span partitions)',
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.4 },
      }),
      findings: [
        {
          messageId: 'hotKey',
          // 40% of 40,000 RU/s = 16,000 RU/s over 8,000 usable: N = 2 from the load (the 10% share cap once made it 4).
          data: { shards: 2, hotKeyLoad: 16000, usable: 8000 },
          // whale21: the other 499 tenants take 24,000 ÷ 499 = 48.1 RU/s each: only the whale is sharded.
          fix: /^shard only the hottest `\/tenantId` value, into N = 2 random shards \(value#0…value#1\), and leave every other value as it is \(sharding.hotValues: 1\).*; every read of that value must then fan out over all 2 shards, while a read of any other value stays one query \(the next hottest, at 48.1 RU\/s if the other values share the rest evenly, fits unsharded in its usable 8,000 RU\/s;.*\).*; or move the hottest `\/tenantId` value to its own container, keyed by a finer attribute/,
        },
      ],
    },
    {
      // Over one logical partition's 20 GB, its 16,000 RU/s within the 24,000 usable on the 3 physical partitions its
      // documents span: the hierarchical key leads, as Microsoft recommends for such a tenant, the shards follow.
      name: 'a Cosmos DB whale tenant holding 120 GB: the hierarchical key leads (its documents would span 3 physical partitions)',
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.4 },
        storage: { totalGb: 1000, largestPartitionGb: 120 },
        acknowledgements: [{ rule: 'SG006', reason: 'The size finding is not what this test is about.' }],
      }),
      findings: [
        {
          messageId: 'hotKey',
          fix: /^make the key hierarchical, `\/tenantId` → \(a finer attribute\): .* under which one `\/tenantId` value may hold more than 20 GB and take more than 10,000 RU\/s, its documents spanning a physical partition per 50 GB.*; or shard `\/tenantId` into N = 8 random shards/,
        },
      ],
    },
    {
      name: 'a Cosmos DB whale tenant holding 45 GB: still no deeper level (one physical partition below 50 GB)',
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.4 },
        storage: { totalGb: 400, largestPartitionGb: 45 },
        acknowledgements: [{ rule: 'SG006', reason: 'The size finding is not what this test is about.' }],
      }),
      findings: [{ messageId: 'hotKey', fix: /^(?!.*add a level with many values).*move the hottest `\/tenantId` value to its own container/ }],
    },
    {
      // The hottest tenant takes 60%; spread over its average 2 sites: 30% of 40,000 RU/s = 12,000 RU/s on one full key.
      name: 'a Cosmos DB full key made hot by its hottest tenant, estimated from the declared level',
      design: container({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 50, hotKeyShare: 0.6 },
            { path: '/siteId', cardinality: 100 },
          ],
        },
        workload: { peakReadUnits: 10000, peakWriteUnits: 30000 },
      }),
      // Issue 14: the hottest tenant's 18,000 RU/s of writes also stay on one physical partition at ingestion.
      findings: [
        {
          messageId: 'hotKey',
          data: { shareSource: 'derived', hotKeyLoad: 12000 },
          message: /^the hottest .* value takes .* \(estimated from a key level\) of the peak: /,
        },
        { messageId: 'prefixHot', path: 'partitionKey.paths[0]', data: { prefixWrites: 18000, buckets: 3 } },
      ],
    },
    {
      // Reads of a key holding many items spread over write shards at no extra write cost: shard, don't replicate.
      name: 'a read-hot key holding many items: calculated shards, not copies',
      design: table({
        partitionKey: { name: 'sellerId', type: 'S', cardinality: 20000 },
        sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 50000, peakWriteUnits: 500, hotKeyShare: 0.1 },
      }),
      // 34 partitions (twice 50,000 RCU and 500 WCU: max(34, 1)): 833.33 + 49,166.67 ÷ 34 = 2,279.41 RCU of 2,400 at 6 (at 5,
      // 1,000 + 49,000 ÷ 34 = 2,441.18); two of 6 on one partition take 2 × 833.33 + 1,446.08 − 24.51 = 3,088.24, past the hard
      // 3,000; of 7, 2 × 714.29 + 1,449.58 − 21.01 = 2,857.14.
      findings: [{ messageId: 'hotKey', data: { strategy: 'calculated', shards: 7 }, edits: true }],
    },
    {
      name: 'a read-hot item of a GSI: a cache, since the index cannot keep copies; no back-pressure note for reads',
      design: table({
        globalSecondaryIndexes: [
          { indexName: 'by-sku', partitionKey: { name: 'sku', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 5000, hotKeyShare: 0.9 } },
        ],
      }),
      findings: [
        {
          messageId: 'hotKey',
          index: 'by-sku',
          edits: false,
          data: { strategy: 'cache' },
          message: /^(?!.*back-pressure)(?!.*throttles the writes)/,
          fix: /put DAX in front of the reads of the hottest `sku` value \([^)]*\): a global secondary index holds one entry per base item/,
        },
      ],
    },
    {
      // A paged query over N shards reads a page from every shard and merges them: the shards do not divide its reads.
      name: 'a GSI key value read-hot by a paged range query (limit): DAX, and no shard or fanOut edits',
      design: hotCategory({ limit: 20 }),
      findings: [
        {
          messageId: 'hotKey',
          index: 'by-category',
          edits: false,
          data: { strategy: 'cache', cache: 'DAX', pagedPatterns: ['browse-by-price'] },
          message: /6,000 RCU reads against a usable 2,400 RCU/,
          fix: /^put DAX in front of the reads of the hottest `category` value \([^)]*\): `browse-by-price` read it a page at a time \(limit\), and under write sharding every page would query all the shards.*query cache keeps each query's results by its exact parameters/,
        },
      ],
    },
    {
      // The same index read whole (no limit): each shard holds 1/N of the items, so the reads spread; the fix says every read then queries all N.
      // readhot30b: and that N = 5 assumes each read returns over 5 × 4 KB (each shard's Query is charged at least a read unit).
      name: 'a GSI key value read-hot by queries that read the whole key value: shards, with fanOut and its caveat',
      design: hotCategory(),
      findings: [
        {
          messageId: 'hotKey',
          index: 'by-category',
          // 4 partitions (twice 6,000 RCU and 50 WCU: max(4, 1), the new on-demand floor too), the shards each other's
          // neighbours: 1,200 + 4,800 ÷ 4 = 2,400 at 5 (at 4, 1,500 + 4,500 ÷ 4 = 2,625).
          // More shards than partitions: one holds ⌈5 ÷ 4⌉ = 2, and the test is 3 on one beside the rest: 3 × 1,200 + 1,200 −
          // 4 × 1,200 ÷ 4 = 3,600 at 5, past the hard 3,000; at 6, 3 × 1,000 + 1,250 − 1,250 = 3,000.
          // Random, not calculated on `price` (carry28): its one query reads a range of prices, never one, so a hash of
          // the price would put no read on one shard.
          data: { strategy: 'random', shards: 6 },
          // index29: the one category takes every read (hotKeyShare: 1), so the others fit unsharded: it alone is sharded.
          fix: /N = 6 random shards; sharding.hotValues: 1\), .*every read of that value must then query all 6, while a read of any other value queries its plain value once .*, so set fanOut on `browse-by-price`; 4 or more of the 6 shards share one of the 4 partitions 15\.04% of the time, and it then takes 4,000 RCU, past its 3,000 RCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; as a new index, `by-category-v2` \(a key cannot change in place, and one update cannot add an index and delete another\): deploy it beside `by-category`, move the readers, then deploy the edited design, which removes `by-category`; N = 6 assumes each read of a `category` value by `browse-by-price` returns over N × 4 KB, as each shard's Query is charged at least one read unit \(half of one for an eventually consistent read, as the peak's read units are\); declare resultKb on it if less; --fix writes none of this until resultKb is declared on `browse-by-price`: a read over all 6 shards is 6 Queries, each charged at least half a read unit however little it returns, a Query of a global secondary index being eventually consistent: at least 3 read units a read, where one Query of the unsharded key returning 4 KB or less was charged half a unit, .*; or put DAX in front of its reads \(its item cache answers GetItem/,
          // Each read's 5 Queries, at least one read unit each however little they return, go uncounted with no resultKb on
          // `browse-by-price`: no edit until it is declared (the twin below).
          edits: false,
        },
      ],
    },
    {
      // Sized, each read's 5 Queries are counted (5 × ⌈400 ÷ 5 ÷ 4⌉ = 100 units, what the read cost unsharded): written.
      name: 'the same GSI with its reads sized (resultKb 400, 20 units a shard at 5): the shards and their fanOut are the edits',
      design: hotCategory({ resultKb: 400 }),
      findings: [
        {
          messageId: 'hotKey',
          index: 'by-category',
          // 4 partitions (twice 6,000 RCU and 50 WCU: max(4, 1), the new on-demand floor too), the shards each other's
          // neighbours: 1,200 + 4,800 ÷ 4 = 2,400 at 5 (at 4, 1,500 + 4,500 ÷ 4 = 2,625).
          // Sized at 6, each Query is charged ⌈400 ÷ 6 ÷ 4⌉ = 17 units: 6,120 RCU, 1,020 a shard, and 3 on one partition take
          // 3,060, past the hard 3,000; at 7, ⌈14.29⌉ = 15 units: 6,300 RCU, 900 a shard, 3 on one 2,700.
          // Random, not calculated on `price` (carry28): its one query reads a range of prices, never one, so a hash of
          // the price would put no read on one shard.
          data: { strategy: 'random', shards: 7 },
          // index29: the one category takes every read (hotKeyShare: 1), so the others fit unsharded: it alone is sharded.
          fix: /N = 7 random shards; sharding.hotValues: 1\), .*every read of that value must then query all 7, while a read of any other value queries its plain value once .*, so set fanOut on `browse-by-price`; 4 or more of the 7 shards share one of the 5 partitions 16\.67% of the time, and it then takes 3,600 RCU, past its 3,000 RCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; as a new index, `by-category-v2` \(a key cannot change in place, and one update cannot add an index and delete another\): deploy it beside `by-category`, move the readers, then deploy the edited design, which removes `by-category`; or put DAX in front of its reads \(its item cache answers GetItem/,
          // The index is keyed by the separate shard attribute the fix names, and its query gives it.
          edits: [
            {
              op: 'set',
              path: 'globalSecondaryIndexes[0].sharding',
              value: { strategy: 'random', shards: 7, logicalAttribute: 'category', hotValues: 1 },
            },
            { op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.name', value: 'categoryShard' },
            { op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.type', value: 'S' },
            { op: 'set', path: 'accessPatterns[0].keyAttributes', value: ['categoryShard'] },
            // A GSI's key cannot change in place: the re-keyed index is a new one, and its reader moves to it.
            { op: 'set', path: 'globalSecondaryIndexes[0].indexName', value: 'by-category-v2' },
            { op: 'set', path: 'accessPatterns[0].index', value: 'by-category-v2' },
            { op: 'set', path: 'accessPatterns[0].fanOut', value: true },
          ],
        },
      ],
    },
    {
      // The wrong fix already applied: 3 shards, every page reads all three, so each still serves 6,000 RCU.
      name: 'a paged GSI already sharded: the shards do not divide its reads, and the fix is the cache',
      design: hotCategory({ limit: 20, fanOut: true }, { strategy: 'random', shards: 3 }),
      findings: [
        {
          messageId: 'hotKey',
          index: 'by-category',
          path: 'globalSecondaryIndexes[0].sharding.shards',
          edits: false,
          data: { strategy: 'cache' },
          message: /6,000 RCU reads, 6,000 RCU per shard over 3/,
          fix: /^put DAX in front of the reads of the hottest `category` value/,
        },
      ],
    },
    {
      name: 'a table key value read-hot by paged queries: replicated copies (or DAX), not shards',
      design: pagedSeller(),
      findings: [
        {
          messageId: 'hotKey',
          // Copies multiply the writes: P = max(⌈100,000 ÷ 3,000⌉, ⌈1,000N ÷ 1,000⌉) = 34 up to 34 copies; at 6: 833.33 +
          // 49,166.67 ÷ 34 = 2,279.41 RCU; at 5: 1,000 + 49,000 ÷ 34 = 2,441.18. Two of 6 on one partition take 3,088.24, past
          // the hard 3,000; of 7, 2,857.14.
          data: { strategy: 'replicated', shards: 7, cache: 'DAX' },
          fix: /^keep N = 7 replicated copies of each `sellerId` value .*; or put DAX in front of its reads \(.*; a cache answers only the reads it holds, .*\)$/,
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 7 } }],
        },
      ],
    },
    {
      name: 'a table key value read a page at a time, write-sharded: the shards do not divide its reads, copies replace them',
      design: { ...pagedSeller(), sharding: { strategy: 'random', shards: 4 } },
      findings: [
        {
          messageId: 'hotKey',
          path: 'sharding.shards',
          data: { strategy: 'replicated', shards: 7 }, // as above
          message: /5,000 RCU reads, 5,000 RCU per shard over 4,/,
          fix: /, replacing its random sharding, under which every page of `orders-of-seller` queries all the shards; N = 7 assumes its copies hash onto different partitions of the 34: two share one 48\.38% of the time, and that partition then takes 2,857\.14 RCU, within the partition's 3,000 RCU maximum, over its usable 2,400, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 7 copies share one of the 34 partitions 2\.76% of the time, and it then takes 3,550\.42 RCU, past its 3,000 RCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; or put DAX in front of its reads \(.*it serves eventually consistent reads only: .*\)$/,
        },
      ],
    },
    {
      name: 'a table key value hot for writes and for paged reads: no shard count serves; cache the paged reads (no edit)',
      design: pagedSeller({ peakReadUnits: 50000, peakWriteUnits: 20000, hotKeyShare: 0.1 }),
      findings: [
        {
          messageId: 'hotKey',
          edits: false,
          // Review 4 item 1: the paged reads alone are over the ceiling, so no count is offered. 40 partitions (twice 50,000
          // RCU and 20,000 WCU: max(34, 40)): the reads have 2,400 − 45,000 ÷ 40 = 1,275 RCU; the writes 800 − 18,000 ÷ 40 =
          // 350: 7 fit that line (285.71 + 19,714.29 ÷ 40 = 778.57; at 6, 827.08), and 8 two on one partition (987.5 of the hard
          // 1,000; at 7, 1,057.14).
          data: { cache: 'DAX', pagedPatterns: ['orders-of-seller'], unspreadUsable: 1275 },
          fix: /^no shard count serves: every page of `orders-of-seller` reads all the shards whatever the count, .*; put DAX in front of them \([^)]*\); its writes \(2,000 WCU\) are over the usable 350 WCU by themselves: shard only the hottest `sellerId` value, into N = 8 calculated shards on `orderId` .*; or, when any item of the value will do \(a work queue's poll\), set wants: "any" on `orders-of-seller`, with the key sharded/,
        },
      ],
    },
    {
      // hier28: not `/tenantId` → `/userId`, which keeps the tenant first: its 16,000 RU/s (40%) stay under one first-level
      // value, on one physical partition until it holds 50 GB, over the usable 8,000 (SG003 at paths[0] refuses that key).
      name: 'a Cosmos DB whale tenant whose queries give the user: no hierarchical key that keeps the tenant first, its shards',
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.4 },
        accessPatterns: [{ name: 'user-items', keyAttributes: ['/tenantId', '/userId'], share: 1 }],
      }),
      findings: [
        {
          messageId: 'hotKey',
          // No resultKb on `user-items`: each of its reads of the hot tenant would query both shards, at least about
          // 2.5 RU each, which no peak counts without the size, so --fix writes no edit until it is declared.
          edits: false,
          data: { shards: 2, uncountedPatterns: ['user-items'], uncountedShards: 2, uncountedFloor: 5 },
          fix: /^shard only the hottest `\/tenantId` value, into N = 2 random shards.*; --fix writes none of this until resultKb is declared on `user-items`/,
        },
      ],
    },
    {
      name: 'the same whale tenant with its reads sized (resultKb): the fan-out is counted, and --fix writes the shards',
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.4 },
        accessPatterns: [{ name: 'user-items', keyAttributes: ['/tenantId', '/userId'], share: 1, resultKb: 8 }],
      }),
      findings: [{ messageId: 'hotKey', edits: true, fix: /^shard only the hottest `\/tenantId` value/ }],
    },
  ],
});

describe('SG003 and shardsFor() agree', () => {
  it("never fires on a design sharded to shardsFor()'s N, over a grid of loads and shares", () => {
    const misses: string[] = [];
    for (const writes of [801, 1000, 5600, 10000, 33333, 80000]) {
      for (const share of [0.05, 0.1, 0.25, 0.333, 0.56, 0.7, 1]) {
        const n = shardsFor({ engine: 'dynamodb', peakWriteUnits: writes, hotKeyShare: share });
        if (n < 2 || n > 100) continue;
        const design = hotEvent({ workload: { peakReadUnits: 10, peakWriteUnits: writes, hotKeyShare: share }, sharding: { strategy: 'random', shards: n } });
        if (lint(design).some((f) => f.ruleId === 'SG003')) misses.push(`${writes} × ${share} → ${n}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it("asks no other count of a design sharded (or replicated) to shardsFor()'s (replicasFor()'s) N, whatever the share", () => {
    // The share of the hottest value (here up to 100%) never raises N: only the load does (issue 14 §1).
    const recount: string[] = [];
    const counts = (design: DynamoDbTableDesign) => lint(design).filter((f) => f.edits?.some((e) => e.path === 'sharding') || f.ruleId === 'SG007');
    for (const share of [0.05, 0.2, 0.5, 1]) {
      for (const units of [3000, 10000, 40000]) {
        const n = shardsFor({ engine: 'dynamodb', peakWriteUnits: units, hotKeyShare: share });
        if (n >= 2 && n <= 100) {
          const design = hotEvent({ workload: { peakReadUnits: 10, peakWriteUnits: units, hotKeyShare: share }, sharding: { strategy: 'random', shards: n } });
          recount.push(...counts(design).map((f) => `shards ${units} × ${share} → ${n}: ${f.ruleId} ${f.message}`));
        }
        const copies = replicasFor({ engine: 'dynamodb', peakReadUnits: units, peakWriteUnits: 5, hotKeyShare: share, itemCollection: false });
        if (copies >= 2 && copies <= 100) {
          const item = viralProduct({
            workload: { peakReadUnits: units, peakWriteUnits: 5, hotKeyShare: share },
            sharding: { strategy: 'replicated', shards: copies },
          });
          recount.push(...counts(item).map((f) => `copies ${units} × ${share} → ${copies}: ${f.ruleId} ${f.message}`));
        }
      }
    }
    expect(recount).toEqual([]);
  });
});

describe('SG003 on a polled status index (review 31)', () => {
  /** The scheduler: `status` (3 values) indexed and polled for `PENDING`, 10 items a page or every item. */
  const scheduler = (poll: Partial<AccessPatternDesign>): DynamoDbTableDesign =>
    table({
      name: 'jobs',
      partitionKey: { name: 'tenantId', type: 'S', cardinality: 10000 },
      sortKey: { name: 'dueAtJobId', type: 'S', cardinality: 'unique' },
      billing: 'on-demand',
      workload: { peakReadUnits: 2000, peakWriteUnits: 12000, hotKeyShare: 0.001 },
      globalSecondaryIndexes: [
        {
          indexName: 'by-status',
          partitionKey: { name: 'status', type: 'S', cardinality: 3 },
          sortKey: { name: 'dueAt', type: 'S', cardinality: 'unique' },
        },
      ],
      accessPatterns: [
        { name: 'jobs-of-tenant', keyAttributes: ['tenantId'], rangeAttribute: 'dueAtJobId', share: 0.4 },
        { name: 'poll-pending', index: 'by-status', keyAttributes: ['status'], keyValue: 'PENDING', share: 0.6, ...poll },
      ],
    });
  const statusFix = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG003' && f.index === 'by-status');

  it('offers wants: "any" for a paged poll of the sharded index, as the user\'s choice, not an edit', () => {
    const finding = statusFix(scheduler({ limit: 10 }));
    expect(finding?.fix).toContain('so set fanOut on `poll-pending`');
    expect(finding?.fix).toContain(
      '; or, where `poll-pending` takes whatever items a shard holds (a work queue\'s poll, not a sorted page of every item), set wants: "any" on it instead of fanOut',
    );
    expect(finding?.edits ?? []).not.toContainEqual(expect.objectContaining({ value: 'any' }));
  });

  it('does not offer it for a read of every item of the value (no limit), which must read every shard', () => {
    const finding = statusFix(scheduler({}));
    expect(finding?.fix).toContain('so set fanOut on `poll-pending`');
    expect(finding?.fix).not.toContain('wants: "any"');
  });
});

describe('SG003 with two neighbour figures (nbr32 item 4)', () => {
  it("says the fix's figure holds the hottest value's own shards, which the message's leaves out", () => {
    const findings = lint({
      tables: [
        {
          name: 'audit-events',
          partitionKey: { name: 'tenantId', type: 'S', cardinality: 3000 },
          sortKey: { name: 'eventTs', type: 'S', cardinality: 'unique' },
          workload: { peakReadUnits: 2000, peakWriteUnits: 30_000, hotKeyShare: 0.4, hotKeyOperations: 'both' },
          storage: { largestPartitionGb: 2000 },
          accessPatterns: [{ name: 'tenant-events-by-time', keyAttributes: ['tenantId'], rangeAttribute: 'eventTs', share: 1, limit: 100 }],
        },
      ],
    });
    const sg003 = findings.find((f) => f.ruleId === 'SG003' && f.path === 'tables[0].partitionKey');
    expect(sg003?.message).toContain('(the other 18,000 WCU of writes ÷ 60 partitions)');
    expect(sg003?.fix).toContain(
      "(the other 29,994 WCU ÷ 60 partitions, the hottest value's 12,000 WCU among them, in its shards, which the hottest value's own neighbours leave out): 300.1 WCU left",
    );
  });
});
