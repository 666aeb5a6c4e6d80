import { table } from '../../fixtures';
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

testRule('SG009', {
  valid: [
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
      name: 'random shards read one key at a time',
      design: tickets({ strategy: 'random', shards: 25 }),
      findings: [
        {
          messageId: 'random',
          path: 'accessPatterns[0]',
          data: { shards: 25, pattern: 'tickets-of-event', key: ['eventId'] },
          message: 'access pattern `tickets-of-event` reads `eventId`, which is random-sharded over 25 keys, without fan-out: it sees about 1/25 of the data',
          edits: [{ op: 'set', path: 'accessPatterns[0].fanOut', value: true }],
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
          fix: /or supply `userId` to read one shard; or, when any matching item will do \(a work queue's poll\), set wants: "any" and query one shard, another when it is empty$/,
        },
      ],
    },
  ],
});
