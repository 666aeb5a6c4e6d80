import { table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const userId = { name: 'userId', type: 'S' as const, cardinality: 'unique' as const };
/** 4,000 WCU on the hottest game: 5 shards needed. */
const game = (sharding: { strategy: 'random' | 'calculated' | 'replicated'; shards: number; sourceAttribute?: string }, writes = 40000) =>
  table({
    name: 'game-scores',
    partitionKey: { name: 'gameId', type: 'S', cardinality: 1000 },
    sortKey: userId,
    workload: { peakReadUnits: 100, peakWriteUnits: writes, hotKeyShare: 0.1 },
    sharding,
  });

testRule('SG008', {
  valid: [
    { name: 'the computed N', design: game({ strategy: 'random', shards: 5 }) },
    { name: 'twice the computed N', design: game({ strategy: 'random', shards: 10 }) },
  ],
  invalid: [
    {
      name: 'more than twice the need: lower to N',
      design: game({ strategy: 'calculated', shards: 64, sourceAttribute: 'userId' }),
      findings: [
        {
          messageId: 'overNeed',
          path: 'sharding.shards',
          data: { declaredShards: 64, need: 5, shards: 5 },
          fix: 'lower sharding.shards from 64 to N = 5 (calculated on `userId`)',
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 5, sourceAttribute: 'userId' } }],
        },
      ],
    },
    {
      // 120 needed, 150 declared: within 2× but past maxShards; the fix is to split, not to fan out.
      name: 'more than maxShards: split the value out',
      design: game({ strategy: 'random', shards: 150 }, 960000),
      findings: [{ messageId: 'overCap', data: { maxShards: 100 }, edits: false, fix: /it would take N = 120 keys.*batch the hottest value's writes/ }],
    },
  ],
});
