import type { CosmosContainerDesign, DynamoDbTableDesign } from '../../../lib';
import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const userId = { name: 'userId', type: 'S' as const, cardinality: 'unique' as const };
const tickets = (sharding: { strategy: 'random' | 'calculated' | 'replicated'; shards: number; sourceAttribute?: string }, fanOut = false) =>
  table({
    name: 'tickets',
    partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
    sortKey: userId,
    workload: { peakReadUnits: 100, peakWriteUnits: 80000, hotKeyShare: 0.25 },
    sharding: { ...sharding, shards: 25 },
    accessPatterns: [
      { name: 'tickets-of-event', keyAttributes: ['eventId'], share: 0.5, fanOut },
      { name: 'ticket-of-user', keyAttributes: ['eventId', 'userId'], share: 0.5 },
    ],
  });

/**
 * A ledger read by account, its statement declared `fanOut`; its load fits one key (no plan shards it), so only the
 * sharding declared decides whether anything fans out.
 */
const ledger = (sharding?: DynamoDbTableDesign['sharding'], fanOut = true, statementKey = ['accountId']) =>
  table({
    name: 'ledger',
    partitionKey: { name: 'accountId', type: 'S', cardinality: 200_000 },
    sortKey: { name: 'entryId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 2000, peakWriteUnits: 600 },
    ...(sharding ? { sharding } : {}),
    accessPatterns: [
      { name: 'entry', keyAttributes: ['accountId', 'entryId'], share: 0.7 },
      { name: 'statement', keyAttributes: statementKey, share: 0.3, fanOut },
    ],
  });

/** A matchmaking container keyed by a synthetic bucketed first level (`/regionBucket`, 10 buckets of each region). */
const matchmaking = (lobbyKey: string, components = true): CosmosContainerDesign =>
  container({
    name: 'matchmaking',
    partitionKey: {
      paths: [
        {
          path: '/regionBucket',
          cardinality: 80,
          ...(components
            ? {
                components: [
                  { name: 'region', cardinality: 8 },
                  { name: 'bucket', cardinality: 10 },
                ],
              }
            : {}),
        },
        { path: '/queueId', cardinality: 160 },
      ],
    },
    throughput: { autoscaleMax: 100_000 },
    workload: { peakReadUnits: 8_000, peakWriteUnits: 20_000 },
    accessPatterns: [
      { name: 'poll-queue', keyAttributes: ['/regionBucket', '/queueId'], share: 0.5 },
      { name: 'region-lobby', keyAttributes: [lobbyKey], share: 0.5, limit: 20, fanOut: true },
    ],
  });

/** Seat inventory keyed by flight block, read a block at a time, as sharded (a Cosmos DB container). */
const seats = (sharding: NonNullable<CosmosContainerDesign['sharding']>, resultKb?: number): CosmosContainerDesign =>
  container({
    name: 'seat-inventory',
    partitionKey: { paths: [{ path: '/flightBlock', cardinality: 3000 }] },
    throughput: { autoscaleMax: 40_000 },
    workload: { peakReadUnits: 1_800, peakWriteUnits: 600 },
    sharding,
    accessPatterns: [{ name: 'seat-block', keyAttributes: ['/flightBlock'], share: 1, ...(resultKb === undefined ? {} : { resultKb }) }],
  });

testRule('SG009', {
  valid: [
    { name: 'an unsharded key read without fanOut: nothing to fan out over, nothing declared', design: ledger(undefined, false) },
    {
      name: 'fanOut on a random-sharded key: the read queries every shard',
      design: table({
        ...ledger({ strategy: 'random', shards: 4 }),
        accessPatterns: [{ name: 'statement', keyAttributes: ['accountId'], share: 1, fanOut: true }],
      }),
    },
    {
      name: 'fanOut on a calculated-sharded key read without its source',
      design: ledger({ strategy: 'calculated', shards: 4, sourceAttribute: 'entryId' }),
    },
    { name: 'fanOut naming a declared bucketed first level: the read queries each of its buckets', design: matchmaking('/regionBucket') },
    {
      name: "fanOut on an index keyed by the table's sharded attribute, which carries the table's shards",
      design: table({
        ...ledger({ strategy: 'random', shards: 4 }),
        workload: { peakReadUnits: 2000, peakWriteUnits: 600, hotKeyShare: 0.05 },
        globalSecondaryIndexes: [{ indexName: 'by-account', partitionKey: { name: 'accountId', type: 'S', cardinality: 200_000 } }],
        accessPatterns: [{ name: 'statement', index: 'by-account', keyAttributes: ['accountId'], share: 0.3, fanOut: true }],
      }),
    },
    {
      name: 'random shards read with fan-out (the point read too is a whole-key read: it fans out)',
      design: table({
        ...tickets({ strategy: 'random', shards: 25 }, true),
        accessPatterns: [{ name: 'tickets-of-event', keyAttributes: ['eventId'], share: 1, fanOut: true }],
      }),
    },
    {
      name: 'calculated shards read by their source attribute, or with fan-out',
      design: tickets({ strategy: 'calculated', shards: 25, sourceAttribute: 'userId' }, true),
    },
    { name: 'replicated copies: any one holds everything', design: tickets({ strategy: 'replicated', shards: 25 }) },
    {
      name: 'a read that wants any matching item (a queue poll): one shard serves it',
      design: table({
        ...tickets({ strategy: 'random', shards: 25 }),
        accessPatterns: [{ name: 'any-ticket-of-event', keyAttributes: ['eventId'], share: 1, wants: 'any' }],
      }),
    },
  ],
  invalid: [
    {
      name: 'fanOut on an unsharded key: nothing fans out, a warning at the field, and its fix removes it',
      design: ledger(),
      findings: [
        {
          messageId: 'fanOutUnsharded',
          path: 'accessPatterns[1].fanOut',
          severity: 'warning',
          notes: [],
          data: { pattern: 'statement', key: ['accountId'] },
          message:
            'access pattern `statement` sets fanOut, but `accountId` has no sharding and no buckets: one query reads a value whole, so nothing fans out and fanOut has no effect (no rule counts the queries it declares)',
          fix: 'remove fanOut from `statement`, or declare the sharding you meant (`sharding` with strategy "random" or "calculated" and its shards): the read then queries every shard, and SG017 counts each query',
          edits: [{ op: 'remove', path: 'accessPatterns[1].fanOut' }],
        },
      ],
    },
    {
      name: 'fanOut on replicated copies: a read queries one copy',
      design: ledger({ strategy: 'replicated', shards: 3 }),
      findings: [
        {
          messageId: 'fanOutReplicated',
          path: 'accessPatterns[1].fanOut',
          severity: 'warning',
          data: { copies: 3 },
          message: /is replicated into 3 copies, each holding every item: a read queries one copy, so nothing fans out and fanOut has no effect/,
          fix: /^remove fanOut from `statement`: a replicated key is read one copy at a time; or, if the read is meant to query every shard, declare write shards/,
          edits: [{ op: 'remove', path: 'accessPatterns[1].fanOut' }],
        },
      ],
    },
    {
      name: 'fanOut on an unsharded key by a query that gives no key value: it crosses partitions, which SG012 judges',
      design: ledger(undefined, true, ['entryId']),
      findings: [{ messageId: 'fanOutUnsharded', notes: ['crossesPartitions'], fix: /^remove fanOut/, edits: true }],
    },
    {
      name: 'fanOut by a query that does not give the bucketed first level: no partition-key value, so nothing fans out',
      design: matchmaking('region'),
      findings: [
        {
          messageId: 'fanOutBucketNotGiven',
          path: 'accessPatterns[1].fanOut',
          severity: 'warning',
          data: { level: '/regionBucket', buckets: 10, bucketedValue: 'region' },
          fix: 'name `/regionBucket` in the keyAttributes of `region-lobby` when the query reads each of the 10 buckets of one `region` value (SG017 then counts each query), or remove fanOut',
          edits: [{ op: 'remove', path: 'accessPatterns[1].fanOut' }],
        },
      ],
    },
    {
      name: 'fanOut naming a level named for buckets whose count is not declared: say how to declare it',
      design: matchmaking('/regionBucket', false),
      findings: [
        {
          messageId: 'fanOutUnsharded',
          notes: ['namedForBuckets'],
          message: /declare them in its components \(the value, then \{ name: "bucket", cardinality: N \}\)$/,
        },
      ],
    },
    {
      // docs/cdk.md's Quick start without its sharding line: SG003 shards the key into 25 (calculated on userId), and
      // with that sharding the declared fan-out is true; no edit removes it first.
      name: 'fanOut on an unsharded key whose plan shards it: the fix is that sharding, and the field is kept',
      design: table({
        name: 'tickets',
        partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
        sortKey: userId,
        workload: { peakReadUnits: 6000, peakWriteUnits: 30000, hotKeyShare: 0.25 },
        accessPatterns: [
          { name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 0.95 },
          // Sized, so the plan's fan-out is counted and its sharding written (with no resultKb, SG003 writes none).
          { name: 'event-sales-count', keyAttributes: ['eventId'], share: 0.05, fanOut: true, resultKb: 400 },
        ],
      }),
      findings: [
        {
          messageId: 'fanOutUnsharded',
          severity: 'warning',
          // 7,500 WCU on the hot event, 60 partitions: two of N shards on one take 2 × 7,500 ÷ N × (1 − 1 ÷ 60) + 500, 991.67 of
          // the hard 1,000 at 30 (1,008.62 at 29).
          data: { plannedBy: 'SG003', plannedStrategy: 'calculated', plannedShards: 30 },
          fix: "declare the sharding SG003's fix writes on this key (30 calculated shards): the read then queries every shard, as fanOut says; or remove fanOut if it will not",
          edits: false,
        },
      ],
    },
    {
      name: 'random shards read one key at a time',
      design: tickets({ strategy: 'random', shards: 25 }),
      findings: [
        {
          messageId: 'random',
          path: 'accessPatterns[0]',
          // The read of a whole event declares no resultKb: its 25 Queries, each charged at least half a read unit however
          // little it returns (eventually consistent, no consistentRead), are what SG017 cannot count: the fix says so, no fanOut.
          data: {
            shards: 25,
            pattern: 'tickets-of-event',
            key: ['eventId'],
            uncountedPatterns: ['tickets-of-event'],
            uncountedFloor: 25,
            uncountedEventualFloor: 12.5,
          },
          message: 'access pattern `tickets-of-event` reads `eventId`, which is random-sharded over 25 keys, without fan-out: it sees about 1/25 of the data',
          fix: /; on the fan-out, --fix writes no edit until resultKb is declared on `tickets-of-event`: a read over all 25 shards is 25 Queries, each charged at least half a read unit however little it returns, the Queries of `tickets-of-event` being eventually consistent \(no consistentRead\): at least 12\.5 read units a read, where one Query of the unsharded key returning 4 KB or less was charged half a unit,/,
          edits: false,
        },
        { messageId: 'random', path: 'accessPatterns[1]' },
      ],
    },
    {
      name: 'needless sharding: the reads miss data until it goes, and the fix says both ways out',
      design: table({ sharding: { strategy: 'random', shards: 16 }, accessPatterns: [{ name: 'by-id', keyAttributes: ['orderId'], share: 1 }] }),
      findings: [{ messageId: 'random', fix: /set fanOut: true .*; or remove the sharding, which the load does not need \(SG007\)$/ }],
    },
    {
      name: 'calculated shards read without the source attribute',
      design: tickets({ strategy: 'calculated', shards: 25, sourceAttribute: 'userId' }),
      findings: [
        {
          messageId: 'calculated',
          path: 'accessPatterns[0]',
          data: { source: 'userId', shards: 25 },
          message: /calculated-sharded on `userId`, without that attribute and without fan-out: it sees one of 25 shards/,
          // The source leads: a calculated shard is read by it; the fan-out (a read of the whole key, each shard a query of
          // its own) is the other read, and which one the pattern is the design cannot say, so no edit.
          fix: /^supply `userId` \(in the keyAttributes of `tickets-of-event`\) to read one shard, as calculated shards are read; or, where the read wants the whole `eventId` value, set fanOut: true and query all 25 keys .*so --fix writes no edit; or, when any matching item will do/,
          edits: false,
        },
      ],
    },
    {
      name: 'Cosmos DB random shards read with no declared result size: the fan-out is not written, its floor is said',
      design: seats({ strategy: 'random', shards: 12 }),
      findings: [
        {
          messageId: 'random',
          notes: [],
          data: { uncountedPatterns: ['seat-block'], uncountedShards: 12, uncountedFloor: 30, queryFloor: 2.5 },
          fix: /set fanOut: true and query all 12 keys .*; on the fan-out, --fix writes no edit until resultKb is declared on `seat-block`: a read over all 12 shards costs at least 30 RU \(12 × 2.5, /,
          edits: false,
        },
      ],
    },
    {
      name: 'Cosmos DB random shards read with a declared result size: the fan-out is written, SG017 counts it',
      design: seats({ strategy: 'random', shards: 12 }, 8),
      findings: [
        {
          messageId: 'random',
          fix: /^set fanOut: true and query all 12 keys [^;]*; or, when any/,
          edits: [{ op: 'set', path: 'accessPatterns[0].fanOut', value: true }],
        },
      ],
    },
    {
      name: 'Cosmos DB calculated shards read without the source: the source leads, no edit',
      design: seats({ strategy: 'calculated', shards: 12, sourceAttribute: 'seatBlock' }, 1),
      findings: [{ messageId: 'calculated', fix: /^supply `seatBlock` \(in the keyAttributes of `seat-block`\) to read one shard/, edits: false }],
    },
  ],
});
