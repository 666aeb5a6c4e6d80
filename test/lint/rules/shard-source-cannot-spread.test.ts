import type { DynamoDbTableDesign, ShardingDesign } from '../../../lib';
import { ledger, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** A store key whose hottest value takes 9,000 WCU: 29 shards serve it beside their neighbours (20 partitions, twice 100 RCU
 *  and 10,000 WCU: max(1, 20)): 310.34 + 9,689.66 ÷ 20 = 794.83 of 800; at 28, 321.43 + 483.93 = 805.36). */
const stores = (sharding: ShardingDesign, overrides: Partial<DynamoDbTableDesign> = {}) =>
  table({
    name: 'orders',
    partitionKey: { name: 'storeId', type: 'S', cardinality: 200 },
    sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 100, peakWriteUnits: 10000, hotKeyShare: 0.9 },
    sharding,
    ...overrides,
  });

/** The leaderboard: a GSI keyed by game, sorted by score, the hot game's writes sharded on the source. */
const leaderboard = (sourceAttribute: string, sortKey: Record<string, unknown> = { name: 'score', type: 'N', cardinality: 5000 }) =>
  table({
    name: 'players',
    partitionKey: { name: 'playerId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 100, peakWriteUnits: 4000 },
    globalSecondaryIndexes: [
      {
        indexName: 'byGame',
        partitionKey: { name: 'gameId', type: 'S', cardinality: 20 },
        sortKey: sortKey as never,
        workload: { hotKeyShare: 0.5 },
        sharding: { strategy: 'calculated', shards: 5, sourceAttribute },
      },
    ],
    // Sized (480 KB), so a fix's fan-out is counted and its sharding written: with no resultKb none is.
    accessPatterns: [{ name: 'top-of-game', index: 'byGame', keyAttributes: ['gameId'], share: 1, fanOut: true, resultKb: 480 }],
  });

/** Review 5 item 1b (d/cs.json): 5 tenants, 6,000 WCU (the hottest 1,200), calculated into `shards` on the day of the event. */
const tenantDays = (sourceAttribute: string, shards = 8, sortKey: Record<string, unknown> = { name: 'eventDate', type: 'S', cardinality: 3650 }) =>
  table({
    name: 'tenant-events',
    partitionKey: { name: 'tenantId', type: 'S', cardinality: 5 },
    sortKey: sortKey as never,
    workload: { peakReadUnits: 100, peakWriteUnits: 6000 },
    sharding: { strategy: 'calculated', shards, sourceAttribute, sourceCardinality: 'unique' },
  });

testRule('SG018', {
  valid: [
    {
      name: 'a per-item source beside a time-bucket sort key stays as today (eventId fills every shard)',
      design: tenantDays('eventId', 2),
    },
    {
      name: 'a unique sort key fills every shard and never changes (a table key)',
      design: stores({ strategy: 'calculated', shards: 29, sourceAttribute: 'orderId' }),
    },
    {
      name: 'a declared sourceCardinality of at least N',
      design: stores({ strategy: 'calculated', shards: 29, sourceAttribute: 'customerId', sourceCardinality: 50000 }),
    },
    { name: "the base table's unique key as a GSI's source", design: leaderboard('playerId') },
    {
      name: 'a GSI sort key declared stable (mutable: false) with enough values',
      design: leaderboard('joinedWeek', { name: 'joinedWeek', type: 'S', cardinality: 500, kind: 'value', mutable: false }),
    },
    {
      // examples/designs/good/ledger-per-shard-balances.json: each posting writes its own entry beside its shard's
      // sub-balance in one TransactWriteItems, so the entry's entryId picks the sub-balance and the updates spread.
      name: 'a balance kept per shard whose postings write an entry of their own beside it (a transaction): entryId spreads them',
      design: ledger([{ kind: 'running-total', splitPerShard: true }, { kind: 'transaction' }], {
        sharding: { strategy: 'calculated', shards: 5, sourceAttribute: 'entryId' },
      }),
    },
    {
      name: 'needless sharding is left to SG007, whatever its source',
      design: table({ sharding: { strategy: 'calculated', shards: 4, sourceAttribute: 'region', sourceCardinality: 1 } }),
    },
  ],
  invalid: [
    {
      // Counter30 (a stranger's news.json): a view counter ADDed to the article's META item, calculated on `sk`, passed;
      // every update names the same item, whose sort key never changes, so hash(sk) mod N is one shard for all of them.
      name: 'a balance kept per shard but updated in place, calculated on the sort key: every update on one shard, 1,500 WCU',
      design: ledger([{ kind: 'running-total', splitPerShard: true }], { sharding: { strategy: 'calculated', shards: 5, sourceAttribute: 'entryId' } }),
      findings: [
        {
          messageId: 'inPlaceSource',
          severity: 'error',
          path: 'sharding.sourceAttribute',
          notes: ['inPlaceOver'],
          data: { declaredShards: 5, source: 'entryId', invariantKind: 'running-total', invariantPath: 'invariants[0]', perShardLoad: 1500, usable: 800 },
        },
      ],
    },
    {
      // 10% of 6,000 WCU: 600 on the one shard fits its usable 800, but the key is still hot beside its neighbours.
      name: 'a stock level (a condition on one aggregate item) updated in place: a warning where the one shard carries it today',
      design: ledger([{ kind: 'conditional-write', splitPerShard: true }], {
        workload: { peakReadUnits: 2000, peakWriteUnits: 6000, hotKeyShare: 0.1 },
        sharding: { strategy: 'calculated', shards: 5, sourceAttribute: 'entryId' },
      }),
      findings: [
        {
          messageId: 'inPlaceSource',
          severity: 'warning',
          notes: ['inPlaceFits'],
          data: { invariantKind: 'conditional-write', perShardLoad: 600, usable: 800 },
        },
      ],
    },
    {
      // Review 5 item 1b: every write of today carries today's eventDate, so hash(eventDate) mod 8 puts them on one shard.
      name: 'calculated into 8 shards on the event date (a time-bucket sort key): all of today is one shard, 1,200 WCU',
      design: tenantDays('eventDate'),
      findings: [
        {
          messageId: 'timeBucketSource',
          severity: 'error',
          path: 'sharding.sourceAttribute',
          notes: ['timeBucketOver'],
          data: { declaredShards: 8, source: 'eventDate', timeBucketFrom: 'key', perShardLoad: 1200, usable: 800 },
          message:
            /a time bucket \(its kind as a key attribute\): every write of the current period carries the same eventDate, so hash\(eventDate\) mod 8 puts them all on one shard, 1,200 WCU against a usable 800 WCU/,
          // Not "lower to 2 (calculated on eventDate)": the plan no longer keeps a time-bucket source.
          // 1,200 WCU on the hottest tenant, 12 partitions (twice 100 RCU and 6,000 WCU: max(1, 12)): 300 + 5,700 ÷ 12 = 775 at 4;
          // two of 4 on one partition take 600 + 475 − 25 = 1,050 of the hard 1,000, two of 5 480 + 480 − 20 = 940.
          fix: /^shard `tenantId` into N = 5 random shards/,
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 5 } }],
        },
      ],
    },
    {
      name: 'a time-bucket source that is no key attribute: known by its name (createdDay), however many values it declares',
      design: tenantDays('createdDay', 8, { name: 'eventId', type: 'S', cardinality: 'unique' }),
      findings: [
        {
          messageId: 'timeBucketSource',
          severity: 'error',
          data: { timeBucketFrom: 'name', perShardLoad: 1200 },
          // The sort key is per item: the calculated shard moves to it.
          fix: /^raise sharding.shards from 8 to N = 5 \(calculated on `eventId`\)|^shard `tenantId` into N = 5 calculated shards on `eventId`/,
          edits: true,
        },
      ],
    },
    {
      name: 'calculated into 13 shards on a 1-valued region: every write still lands on one shard',
      design: stores(
        { strategy: 'calculated', shards: 13, sourceAttribute: 'region' },
        { globalSecondaryIndexes: [{ indexName: 'byRegion', partitionKey: { name: 'region', type: 'S', cardinality: 1 } }] },
      ),
      findings: [
        {
          messageId: 'fewValues',
          severity: 'error',
          path: 'sharding.sourceAttribute',
          notes: ['overOnFilled'],
          data: {
            declaredShards: 13,
            sourceCardinality: 1,
            filled: 1,
            perShardLoad: 9000,
            usable: 800,
            cardinalityAt: 'globalSecondaryIndexes[0].partitionKey.cardinality',
          },
          fix: /^shard `storeId` into N = 29 calculated shards on `orderId`/,
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 29, sourceAttribute: 'orderId' } }],
        },
      ],
    },
    {
      name: 'a declared sourceCardinality below N whose filled shards still carry the load: a warning',
      design: stores({ strategy: 'calculated', shards: 40, sourceAttribute: 'channel', sourceCardinality: 20 }),
      findings: [{ messageId: 'fewValues', severity: 'warning', notes: ['fitsOnFilled'], data: { filled: 20, perShardLoad: 450 } }],
    },
    {
      name: 'a GSI sort key named score: changed by every update (inferred), so the suggestion is the table key or random',
      design: leaderboard('score'),
      findings: [
        {
          messageId: 'mutableSource',
          path: 'globalSecondaryIndexes[0].sharding.sourceAttribute',
          index: 'byGame',
          notes: ['movesIndexEntry'],
          data: { mutableFrom: 'inferred from its name' },
          // N is the shard-count rules' business; the source is this rule's: random, the reads fan out anyway.
          fix: /^key index `byGame` by a separate attribute the application writes on each item, `gameIdShard` = `gameId` \+ "#" \+ a random 0…\d+ \(N = \d+ random shards\)/,
          edits: true,
        },
      ],
    },
    {
      name: 'a source declared mutable on the sharding',
      design: stores({ strategy: 'calculated', shards: 29, sourceAttribute: 'courierId', sourceCardinality: 'unique', sourceMutable: true }),
      findings: [{ messageId: 'mutableSource', notes: ['movesTableItem'], data: { mutableFrom: 'declared' } }],
    },
    {
      name: 'a source whose cardinality nothing declares: said, not silently passed',
      design: stores({ strategy: 'calculated', shards: 29, sourceAttribute: 'customerId' }),
      findings: [{ messageId: 'unknownCardinality', severity: 'warning', fix: /declare sharding.sourceCardinality/, edits: false }],
    },
  ],
});
