/**
 * Review 11 item 7: a hot key's fix names only the remedies for the direction of its load, read off the loads
 * (declared peaks, `workload.hotKeyOperations`), never off the text: a cache for reads (DAX, the integrated cache),
 * batching upstream or write sharding for writes, both for both (domain brief: write sharding does not help a
 * read-hot key, and a cache serves no write).
 */
import { lint } from '../../lib';
import type { DesignInput, HotKeyOperations } from '../../lib';
import { container, table } from '../fixtures';

const sg003 = (design: DesignInput) => lint(design).find((f) => f.ruleId === 'SG003');
const BATCH = "batch the hottest value's writes";

/**
 * Review 11's profiles container: 60,000 RU/s on 80 physical partitions of 750 (600 usable), the hottest userId
 * taking 1% of 40,000 RU/s of reads and 8,000 of writes: 400 + 80 RU/s beside 595 RU/s of neighbours, so no count
 * fits (5 RU/s left on its partition); both its reads (400) and its writes (80) are over those 5 by themselves.
 */
const profiles = (hotKeyOperations?: HotKeyOperations) =>
  container({
    name: 'profiles',
    partitionKey: { paths: [{ path: '/userId', cardinality: 300_000_000 }] },
    throughput: { manual: 60000 },
    storage: { totalGb: 4000 },
    workload: { peakReadUnits: 40000, peakWriteUnits: 8000, hotKeyShare: 0.01, ...(hotKeyOperations ? { hotKeyOperations } : {}) },
    accessPatterns: [{ name: 'get-profile', keyAttributes: ['userId'], share: 1 }],
  });

/** A hot event's collection of tickets (the hottest of 1,000 events taking everything): past maxShards whichever direction
 *  (534 partitions, twice 800,000 RCU and 100,000 WCU: max(534, 200); the reads need 886 shards). At 1,000,000 RCU no count
 *  up to 1,000 fits beside the 667 partitions' neighbours (1,000 + 999,000 ÷ 667 = 2,497.75 RCU), and maxShards is not the bound. */
const events = (hotKeyOperations?: HotKeyOperations) =>
  table({
    name: 'events',
    partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
    sortKey: { name: 'userId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 800_000, peakWriteUnits: 100_000, hotKeyShare: 1, ...(hotKeyOperations ? { hotKeyOperations } : {}) },
  });

describe('Cosmos DB, one RU/s budget: the remedies of the directions that carry the load', () => {
  it('both (the default): reads 400 and writes 80 RU/s are each over the 5 left: batching and the cache', () => {
    const hit = sg003(profiles());
    expect(hit?.fix).toContain(`${BATCH} before they reach the container`);
    expect(hit?.fix).toContain('and put the integrated cache in front of its reads');
  });

  it('reads (a bot that only reads): the cache, and nothing about writes', () => {
    const hit = sg003(profiles('reads'));
    expect(hit?.message).toContain('400 RU/s against a usable 5 RU/s');
    expect(hit?.fix).toContain('put the integrated cache in front of its reads');
    expect(hit?.fix).not.toContain(BATCH);
  });

  it('writes: batching, and no cache', () => {
    const hit = sg003(profiles('writes'));
    expect(hit?.message).toContain('80 RU/s against a usable');
    expect(hit?.fix).toContain(BATCH);
    expect(hit?.fix).not.toContain('integrated cache');
  });
});

describe('DynamoDB, a read and a write ceiling: the remedies of the dimensions over them', () => {
  it('both over (800,000 RCU, 100,000 WCU): batching and DAX', () => {
    expect(sg003(events())?.fix).toMatch(
      /: batch the hottest value's writes before they reach the table \([^)]*\) and put DAX in front of its reads \([^)]*\); or raise maxShards/,
    );
  });

  it('reads alone (hotKeyOperations "reads"): DAX, no batching of writes', () => {
    const hit = sg003(events('reads'));
    expect(hit?.fix).toMatch(/: put DAX in front of the reads of the hottest `eventId` value \([^)]*\); or raise maxShards/);
    expect(hit?.fix).not.toContain(BATCH);
  });

  it('writes alone (hotKeyOperations "writes"): batching, no DAX', () => {
    const hit = sg003(events('writes'));
    expect(hit?.fix).toContain(BATCH);
    expect(hit?.fix).not.toContain('DAX');
    expect(hit?.data).not.toHaveProperty('cache');
  });
});

/**
 * Review 11 item 9: social-flawed's post-likes, a running total (likeCount, ADD 1 per like) on the post item, hot at
 * 5% of 30,000 WCU = 1,500 WCU of writes (800 usable). With 20,000 RCU of reads (variants/likes.json) the writes alone
 * are over; with 90,000 (4,500 RCU on the item, 2,400 usable) the reads are over too and only a cache serves them. The
 * counter is still written on each like either way: its writes need shards, and the total must then be kept per shard
 * (domain brief: a counter works on one item), so both variants say how. Beside the neighbours: at 20,000 RCU, 60
 * partitions (twice 20,000 RCU and 30,000 WCU: max(14, 60)), N = 5 (300 + 29,700 ÷ 60 = 795 WCU; at 4, 375 + 29,625 ÷ 60 =
 * 868.75); at 90,000 RCU, 60 partitions too (max(60, 60)): the item's 4,500 RCU against 2,400 − 85,500 ÷ 60 = 975, its
 * writes against 800 − 28,500 ÷ 60 = 325, N = 5 as well. Two of N on one partition take 2 × 1,500 ÷ N × (1 − 1 ÷ 60) + 500:
 * 1,090 at 5, 991.67 of the hard 1,000 at 6, so N = 6 in both.
 */
describe('a running total on a hot item: the counter advice whichever direction dominates', () => {
  const likes = (peakReadUnits: number) =>
    table({
      name: 'post-likes',
      partitionKey: { name: 'postId', type: 'S', cardinality: 200_000_000 },
      workload: { peakReadUnits, peakWriteUnits: 30000, hotKeyShare: 0.05 },
      invariants: [{ kind: 'running-total', description: 'likeCount on the post item, ADD 1 per like' }],
    });
  const SUB_TOTALS = (n: number) =>
    `the \`running-total\` on one item (\`invariants[0]\`) cannot follow the shards: keep it per shard (${n} sub-totals, each checked on its own and read together; a condition checked on one sub-total alone (balance ≥ 0) refuses a write the whole would allow when the rest sits in another shard: move amounts between shards, or check the total before the write) and declare splitPerShard, or batch its updates upstream`;

  it('writes dominate (20,000 RCU): N = 6 shards, with per-shard sub-totals', () => {
    const hit = sg003(likes(20000));
    expect(hit?.fix).toMatch(/^shard only the hottest `postId` value, into N = 6 random shards/);
    expect(hit?.fix).toContain(SUB_TOTALS(6));
  });

  it('reads dominate (90,000 RCU): DAX for the reads, and N = 6 shards for the writes with per-shard sub-totals', () => {
    const hit = sg003(likes(90000));
    expect(hit?.fix).toContain('put DAX in front of them');
    expect(hit?.fix).toContain(
      'its writes (1,500 WCU) are over the usable 325 WCU by themselves: shard only the hottest `postId` value, into N = 6 random shards',
    );
    expect(hit?.fix).toContain(SUB_TOTALS(6));
    expect(hit?.edits).toBeUndefined();
  });
});
