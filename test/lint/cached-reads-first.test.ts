/**
 * jump21: a Cosmos DB key whose hottest value (60% of 10,000 RU/s of reads and 10,000 of writes) is one item, read
 * 6,000 RU/s, on 3 physical partitions. Above the 80% line (26,000 and 30,000 RU/s autoscale max) SG003 led with the
 * integrated cache; exactly at it (25,000: the average partition carries 6,666.67 of 6,666.67 usable) no write-shard
 * count fitted with those reads on the container, and the fix jumped to a raise to 111,000 RU/s and 24 shards. The
 * reads the cache answers leave both the value's partition and the container (20,000 → 14,000 RU/s), after which 3
 * write shards fit at today's 25,000: the cache leads there too, and the raise follows as the alternative.
 */
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';

const events = (autoscaleMax: number, peakReadUnits = 10_000, peakWriteUnits = 10_000): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'events',
  throughput: { autoscaleMax },
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 500 },
      { path: '/userId', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits, peakWriteUnits, hotKeyShare: 0.6 },
});

const sg003 = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003');

describe('the cache leads where the hottest item reads are all that keep a count from fitting at today’s RU/s (jump21)', () => {
  const finding = sg003(events(25_000));

  it('at exactly the 80% line (25,000 RU/s) leads with the integrated cache and 3 write shards, the raise to 111,000 after', () => {
    // Before: "raise the container's throughput in place to 111,000 RU/s …, then shard … into N = 24", and nothing else.
    expect(finding?.fix).toMatch(/^put the integrated cache in front of the reads of the hottest \(`\/tenantId`, `\/userId`\) value \(point reads/);
    expect(finding?.fix).toMatch(
      /those reads alone \(6,000 RU\/s\) exceed the usable 4,000 RU\/s; the reads the cache answers reach neither its physical partition nor the container, whose peak falls from 20,000 to 14,000 RU\/s of the 20,000 usable \(80% of 25,000\)/,
    );
    expect(finding?.fix).toMatch(
      /its writes \(6,000 RU\/s\) are then over the usable 4,000 RU\/s left on its physical partition by themselves: shard \(`\/tenantId`, `\/userId`\) into N = 3 random shards \(key#0…key#2\)/,
    );
    // 3 partitions of 8,333.33 (6,666.67 usable); each shard 2,000 beside (14,000 − 2,000) ÷ 3 = 4,000: 6,000, which leaves
    // 666.67 RU/s for the misses (88.89% of the 6,000 answered); at 2, 3,000 + 11,000 ÷ 3 = 6,666.67 leaves none.
    expect(finding?.fix).toMatch(
      /each stored key's 2,000 RU\/s of writes fits its physical partition beside the 4,000 RU\/s expected there \(1\/3 of the rest of the container's load without the cached reads, its sibling shards included: \(14,000 − 2,000\) ÷ 3\): 6,000 RU\/s against the 6,666\.67 usable \(80% of 8,333\.33\), so the cache must answer at least 88\.89% of its 6,000 RU\/s of reads, the 666\.67 RU\/s it misses/,
    );
    expect(finding?.fix).toMatch(
      /; at 2, 6,666\.67 RU\/s of the 6,666\.67 usable, which leaves no room for a miss; or raise the container's throughput in place to 111,000 RU\/s/,
    );
    expect(finding?.fix).toMatch(/then shard \(`\/tenantId`, `\/userId`\) into N = 24 random shards/);
    expect(finding?.data).toMatchObject({ cachedShards: 3, shards: 24, shardRaiseTo: 111_000, cachedPeak: 14_000 });
    expect(finding?.data?.cachedHitShare).toBeCloseTo(1 - 666.666667 / 6_000, 6);
  });

  it('says the cache once, and its terms once', () => {
    expect(finding?.fix?.match(/put the integrated cache in front/g)).toHaveLength(1);
    expect(finding?.fix?.match(/dedicated gateway, billed hourly/g)).toHaveLength(1);
  });

  it('says the average partition at the line carries the hottest value’s reads', () => {
    expect(finding?.message).toMatch(/of the 6,666\.67 usable on each \(80% of 8,333\.33\), the hottest value's reads among that load$/);
  });

  it('a hottest value hot by its writes (its reads fit alone) at the line keeps the raise and shard', () => {
    // 60% of 2,000 reads: 1,200 RU/s, under the 4,000 its partition leaves it; the cache is no reason to shard here.
    const cheap = sg003(events(25_000, 2_000, 18_000));
    expect(cheap?.fix).toMatch(/^raise the container's throughput in place to /);
    expect(cheap?.fix).not.toMatch(/^put the integrated cache/);
    expect(cheap?.data?.cachedShards).toBeUndefined();
  });

  it.each([
    [26_000, /; or raise the container's throughput in place to 113,000 RU\/s/],
    [30_000, /its writes \(6,000 RU\/s\) are over the usable 5,333\.33 RU\/s by themselves: shard \(`\/tenantId`, `\/userId`\) into N = 3 random shards/],
  ])('above the line (%d RU/s) the fix is as before: the cache first, then %s', (ru, then) => {
    const above = sg003(events(ru));
    expect(above?.fix).toMatch(/^no shard count serves: the reads of one item stay on the one shard that holds it whatever the count/);
    expect(above?.fix).toMatch(then);
    expect(above?.data?.cachedShards).toBeUndefined();
  });
});
