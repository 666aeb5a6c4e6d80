import { table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const userId = { name: 'userId', type: 'S' as const, cardinality: 'unique' as const };
/** 4,000 WCU on the hottest game: 14 shards fit the usable line beside the neighbours (80 partitions, twice 100 RCU and
 *  40,000 WCU: max(1, 80)): 285.71 + 39,714.29 ÷ 80 = 782.14 of 800; at 13, 307.69 + 496.15 = 803.85), and 16 two shards on
 *  one partition within its hard 1,000 WCU: 2 × 4,000 ÷ N × (1 − 1 ÷ 80) + 500 = 993.75 at 16 (1,026.67 at 15, 1,064.29 at 14). */
const game = (sharding: { strategy: 'random' | 'calculated' | 'replicated'; shards: number; sourceAttribute?: string }, writes = 40000) =>
  table({
    name: 'game-scores',
    partitionKey: { name: 'gameId', type: 'S', cardinality: 1000 },
    sortKey: userId,
    workload: { peakReadUnits: 100, peakWriteUnits: writes, hotKeyShare: 0.1 },
    sharding,
  });

/** Reads that give the game and the user: on a key calculated on `userId`, each reaches one shard. */
const byUser = { name: 'score-of-user', keyAttributes: ['gameId', 'userId'], share: 1 };
const wholeGame = { name: 'game-leaderboard', keyAttributes: ['gameId'], share: 0.1, fanOut: true };

testRule('SG008', {
  valid: [
    { name: 'the computed N', design: game({ strategy: 'random', shards: 16 }) },
    { name: 'twice the computed N', design: game({ strategy: 'random', shards: 32 }) },
    {
      // Microsoft's pre-calculated suffix (date + hash(VIN) mod 400, read by VIN and date): no read fans out, so shards
      // past the need cost the reads nothing.
      name: 'more than twice the need, calculated on the source every read carries',
      design: { ...game({ strategy: 'calculated', shards: 64, sourceAttribute: 'userId' }), accessPatterns: [byUser] },
    },
  ],
  invalid: [
    {
      // Review 5 item 1b (d/cs.json): "lower to 2 (calculated on eventDate)" kept a source that puts all of today on one
      // shard, and --fix wrote it; the fix now replaces the time-bucket source (SG018 says why).
      name: 'more than twice the need on a time-bucket source: the fix does not keep the source',
      design: table({
        name: 'tenant-events',
        partitionKey: { name: 'tenantId', type: 'S', cardinality: 5 },
        sortKey: { name: 'eventDate', type: 'S', cardinality: 3650 },
        workload: { peakReadUnits: 100, peakWriteUnits: 6000 },
        sharding: { strategy: 'calculated', shards: 11, sourceAttribute: 'eventDate' },
      }),
      findings: [
        {
          // 1,200 WCU on the hottest tenant, 12 partitions (twice 100 RCU and 6,000 WCU: max(1, 12)): 300 + 5,700 ÷ 12 = 775
          // at 4 (at 3, 400 + 466.67 = 866.67), but two of 4 on one partition take 600 + 475 − 25 = 1,050 of the hard 1,000;
          // of 5, 480 + 480 − 20 = 940. 11 declared is more than twice that.
          messageId: 'overNeed',
          data: { declaredShards: 11, need: 5 },
          fix: /^shard `tenantId` into N = 5 random shards/,
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 5 } }],
        },
      ],
    },
    {
      name: 'more than twice the need: lower to N',
      design: game({ strategy: 'calculated', shards: 64, sourceAttribute: 'userId' }),
      findings: [
        {
          messageId: 'overNeed',
          path: 'sharding.shards',
          data: { declaredShards: 64, need: 16, shards: 16 },
          // Review 32: a lower count moves every item's calculated shard, so the fix says the items must be rewritten.
          fix: "lower sharding.shards from 64 to N = 16 (calculated on `userId`); N = 16 assumes its shards hash onto different partitions of the 80: two share one 79.96% of the time, and that partition then takes 993.75 WCU, within the partition's 1,000 WCU maximum, over its usable 800, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 16 shards share one of the 80 partitions 7.59% of the time, and it then takes 1,240.63 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; every item already written keeps the shard hash mod 64 gave it, so a read that computes its shard anew, or fans out over the kept suffixes, misses it until the application rewrites it under its new shard",
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 16, sourceAttribute: 'userId' } }],
        },
      ],
    },
    {
      // Review 32: 8 → 3 random shards left the items under #3…#7 out of every read, unsaid.
      name: 'more than twice the need, random: lower to N, and the items under the dropped suffixes are rewritten',
      design: game({ strategy: 'random', shards: 64 }),
      findings: [
        {
          messageId: 'overNeed',
          data: { declaredShards: 64, need: 16, shards: 16 },
          fix: "lower sharding.shards from 64 to N = 16 (random); N = 16 assumes its shards hash onto different partitions of the 80: two share one 79.96% of the time, and that partition then takes 993.75 WCU, within the partition's 1,000 WCU maximum, over its usable 800, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 16 shards share one of the 80 partitions 7.59% of the time, and it then takes 1,240.63 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic; items already written under a dropped suffix are missing from every read, which queries the kept suffixes only, until the application rewrites them under a kept one",
          edits: [{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 16 } }],
        },
      ],
    },
    {
      name: 'more than twice the need, calculated on the source, and one read of the whole key fans out',
      design: {
        ...game({ strategy: 'calculated', shards: 64, sourceAttribute: 'userId' }),
        accessPatterns: [{ ...byUser, share: 0.9 }, wholeGame],
      },
      findings: [{ messageId: 'overNeed', data: { declaredShards: 64, need: 16 } }],
    },
    {
      name: 'past maxShards though every read carries the source: the cap holds, and the message says no read fans out',
      design: { ...game({ strategy: 'calculated', shards: 150, sourceAttribute: 'userId' }), accessPatterns: [byUser] },
      findings: [{ messageId: 'overCap', message: /no declared read fans out over them, but a whole-key read would cost 150 queries/ }],
    },
    {
      // 144 needed, 150 declared: within 2× but past maxShards; the fix is to split, not to fan out. 36,000 WCU on the
      // hottest game, 721 partitions (twice 100 RCU and 360,000 WCU): 300 + 359,700 ÷ 721 = 798.89 at 120 (at 119, 801.41),
      // and two on one partition 2 × 36,000 ÷ N × (1 − 1 ÷ 721) + 499.31 = 998.61 of the hard 1,000 at 144 (1,002.12 at 143).
      name: 'more than maxShards: split the value out',
      design: game({ strategy: 'random', shards: 150 }, 360000),
      findings: [{ messageId: 'overCap', data: { maxShards: 100 }, edits: false, fix: /it would take N = 144 keys.*batch the hottest value's writes/ }],
    },
  ],
});
