/**
 * Review 12 items 2 and 3: a flat Cosmos DB key whose hottest value (a 1,600 RU/s conversation holding 35 GB) sits on
 * one of 60 physical partitions that storage made, each already near its usable share. SG003 offered only "no count up
 * to 1,000" and a raise in place to 168,000 RU/s that serves the key unsharded, although shards serve it at about a
 * third of that, and although the 35 GB value needs shards anyway (SG006: 20 GB per logical partition), which the raise
 * alone leaves too large. SG006 repeated the load plan ("batch … integrated cache"), which does nothing for its size.
 * The reviewer's container is copied under review12/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type CosmosContainerDesign } from '../../lib';

const chat = JSON.parse(readFileSync(join(__dirname, 'review12', 'chat-messages.json'), 'utf8')) as CosmosContainerDesign;

describe('a flat key whose shards serve at a smaller raise than the key as it is (review 12)', () => {
  const findings = lint(chat);
  const sg003 = findings.find((f) => f.ruleId === 'SG003');
  const sg006 = findings.find((f) => f.ruleId === 'SG006');

  // Review 14 item 2: the cheaper raise leads (before: 89,400 RU/s and 3 shards first, 52,700 and 44 after).
  it('SG003 leads with the least raise for a count within maxShards, then the raise at which the 3 shards its size needs serve', () => {
    expect(sg003?.fix).toMatch(
      /^raise the container's throughput in place to 52,700 RU\/s \(60 physical partitions of 878\.33 RU\/s;.*, then shard `\/conversationId` into N = 44 random shards/,
    );
    expect(sg003?.fix).toMatch(/; or, for fewer shards, raise the container's throughput in place to 89,400 RU\/s .* then shard into N = 3,/);
    expect(sg003?.data).toMatchObject({
      shards: 44,
      shardRaiseTo: 52_700,
      leastShardRaiseTo: 52_700,
      leastShards: 44,
      fewestShards: 3,
      fewestShardRaiseTo: 89_400,
    });
  });

  it('SG003 no longer offers the 168,000 RU/s that serve the key unsharded: the 35 GB value would stay over 20 GB', () => {
    expect(sg003?.fix).not.toMatch(/168,000/);
    expect(sg003?.fix).not.toMatch(/no count up to/);
  });

  it('SG006 leads with the split at the cheaper raise (35 ÷ 44 = 0.8 GB per shard), with the raise those shards need', () => {
    // hier28: the split leads, then the raise it needs. Before (whale21), the hierarchical key `/conversationId` → (the
    // new level) led, which keeps the conversation first: its 1,600 RU/s on one physical partition (35 GB, under 50)
    // against the 26.67 usable left there, which SG003 at paths[0] refuses.
    expect(sg006?.fix).toMatch(
      /^shard `\/conversationId` into N = 44 random shards .*\(35 GB ÷ 44 = 0\.8 GB per shard, within the 16 GB usable\); at the current/,
    );
    expect(sg006?.fix).not.toMatch(/hierarchical/);
    expect(sg006?.fix).toMatch(/so for these shards raise the container's throughput in place to 52,700 RU\/s/);
    expect(sg006?.fix).not.toMatch(/batch the hottest value's writes/);
  });

  it.each([
    ['89,400 RU/s and 3 shards', 89_400, 3],
    ['52,700 RU/s and 44 shards', 52_700, 44],
  ])('applied, %s leave no finding', (_label, manual, shards) => {
    const fixed: CosmosContainerDesign = Object.assign({}, chat, {
      throughput: { manual },
      physicalPartitions: 60,
      sharding: { strategy: 'random' as const, shards },
    });
    expect(lint(fixed)).toEqual([]);
  });

  it('where the key needs no shards for its size and the raise as it is costs least, that raise stays the fix, with its edits', () => {
    // chat-hot-room.json (replicated-copies.test.ts): one room takes 60% of 10,000 RU/s on 12,000; 20,000 RU/s serve it as it is.
    const room: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'chat2',
      throughput: { manual: 12_000 },
      partitionKey: { paths: [{ path: '/roomId', cardinality: 50_000, hotKeyShare: 0.6 }] },
      workload: { peakReadUnits: 6_000, peakWriteUnits: 4_000 },
    };
    const hot = lint(room).find((f) => f.ruleId === 'SG003');
    expect(hot?.fix).toMatch(/^create the container at 12,000 RU\/s, no more, then raise it to 20,000 RU\/s/);
    expect(hot?.fix).not.toMatch(/then shard/);
    expect(hot?.edits).toEqual([
      { op: 'set', path: 'throughput.manual', value: 20_000 },
      { op: 'set', path: 'physicalPartitions', value: 2 },
    ]);
  });
});

/**
 * Review 12 item 2, hierarchical: `/conversationId` → `/month` (a time bucket). The first level's buckets hash the item's
 * id (no deeper level is finer), which splits each (conversation, month) value over the buckets too; the full key's
 * finding quoted raises of its own (three in all between the two findings) instead of deferring to the first level's.
 */
describe('a hierarchical key whose deeper levels are time buckets: one fix for the container (review 12)', () => {
  const hierarchical = JSON.parse(readFileSync(join(__dirname, 'review12', 'chat-hierarchical.json'), 'utf8')) as CosmosContainerDesign;
  const sg003 = lint(hierarchical).filter((f) => f.ruleId === 'SG003');

  it('the full key defers to the first level, whose buckets hash the id: its raises (52,700 RU/s with 44 buckets, 168,000 as it is) are the only ones', () => {
    const [full, first] = [sg003.find((f) => f.path === 'partitionKey.paths'), sg003.find((f) => f.path === 'partitionKey.paths[0]')];
    expect(full?.fix).toMatch(/^apply the fix of the hottest `\/conversationId` value \(SG003 at `partitionKey.paths\[0\]`\): its buckets hash `id`/);
    expect(full?.data).toMatchObject({ bucketSource: 'id' });
    expect(first?.fix).toMatch(/raise the container's throughput in place to 52,700 RU\/s .* hash\(id\) mod 44/);
    // The full key quotes no raise of its own; the first level's are the bucketed one and, after it, the one as it is.
    const raises = (f: typeof full) => f?.fix.match(/[\d,]+(?= RU\/s \(\d+ physical partitions)/g) ?? [];
    expect(raises(full)).toEqual([]);
    expect(raises(first)).toEqual(['52,700', '168,000']);
  });

  it('where a deeper level is not a time bucket the buckets hash it, which keeps each full key value whole: no deferral', () => {
    const byUser: CosmosContainerDesign = Object.assign({}, hierarchical, {
      partitionKey: { paths: [hierarchical.partitionKey.paths[0], { path: '/userId', cardinality: 60_000_000 }] },
    });
    const full = lint(byUser).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths');
    expect(full?.fix ?? '').not.toMatch(/^apply the fix of the hottest/);
  });
});
