/**
 * SG003's synthetic first-level bucket count is sized with its own fan-out, as a shard count is: once the fix is
 * applied, every page of a query for one first-level value that does not give the hashed attribute reads a page from
 * each bucket ("say so by `fanOut: true`"), and SG017 charges each (bucket-fan-out.test.ts; Azure, "Optimize request
 * cost": a query is charged for what it loads on each partition it reaches). Before, the count was judged at the
 * declared peak, so applying it made SG017 fire.
 */
import { lint, type AccessPatternDesign, type CosmosContainerDesign, type CosmosKeyPathDesign } from '../../lib';

/** 8 regions, the hottest 30% of the load; 10% of the reads a page of one region's lobby, 40,000 RU/s autoscale (4 partitions). */
const matchmaking = (
  first: CosmosKeyPathDesign,
  lobby: Partial<AccessPatternDesign>,
  autoscaleMax = 40_000,
): CosmosContainerDesign & { engine: 'cosmosdb' } => ({
  engine: 'cosmosdb',
  name: 'matchmaking',
  partitionKey: { paths: [first, { path: '/queueId', cardinality: 160 }] },
  throughput: { autoscaleMax },
  // The container exists (its key is what the fix would change): declared on the partitions its maximum started it on.
  physicalPartitions: Math.ceil(autoscaleMax / 10_000),
  storage: { totalGb: 6 },
  workload: { peakReadUnits: 8_000, peakWriteUnits: 20_000 },
  accessPatterns: [
    { name: 'poll-queue', keyAttributes: [first.path, '/queueId'], share: 0.9 },
    { name: 'region-lobby', keyAttributes: [first.path], share: 0.1, ...lobby },
  ],
});
const region: CosmosKeyPathDesign = { path: '/region', cardinality: 8, hotKeyShare: 0.3 };
/** The fix applied: `/regionBucket` with its bucket part, the hottest value's share ÷ n, the lobby declared fanOut. */
const bucketed = (n: number, autoscaleMax: number) =>
  matchmaking(
    {
      path: '/regionBucket',
      cardinality: 8 * n,
      hotKeyShare: 0.3 / n,
      components: [
        { name: 'region', cardinality: 8 },
        { name: 'bucket', cardinality: n },
      ],
    },
    { limit: 20, fanOut: true },
    autoscaleMax,
  );
const sg003 = (design: CosmosContainerDesign & { engine: 'cosmosdb' }) => lint(design).find((f) => f.ruleId === 'SG003');

describe('a bucket count undone by its own fan-out is not offered at that throughput', () => {
  it('7 buckets serve at the declared peak, but their fan-out takes the reads to 12,800 RU/s: the raise leads', () => {
    // Without fan-out 7 is the fewest: a bucket's 1,200 RU/s + (28,000 − 1,200) ÷ 4 = 7,900 of 8,000 usable (6 make 8,050).
    // With it, the lobby's 10% of 8,000 reads a page from each of the 7 buckets: 7,200 + 800 × 7 = 12,800 RU/s of reads,
    // 32,800 with the 20,000 of writes, past 80% of 40,000 = 32,000 (SG017); any count over 6 passes it, and 6 does not serve.
    const finding = sg003(matchmaking(region, { limit: 20 }));
    // The raise (71,000 RU/s, 1.8 times today's 40,000) costs more than a change of key: the key leads (first-level-key-leads.test.ts).
    expect(finding?.fix).toMatch(/^the key is the problem, not the container's RU\/s: one `\/region` value takes 30% .* comes with it: no bucket count serves/);
    expect(finding?.fix).toMatch(
      /no bucket count serves the hottest `\/region` value at this throughput once the buckets' own fan-out is counted: 7 buckets would at the declared peak, but every page of `region-lobby` then reads a page from each of them, 12,800 RU\/s of reads at the peak instead of 8,000/,
    );
    expect(finding?.data).toMatchObject({ plainBuckets: 7, bucketRaiseTo: 71_000, bucketRaisedPartitions: 8, bucketsAtRaise: 3 });
    // What the fix sized before: 7 at 40,000, which the re-lint finds past its RU/s.
    expect(lint(bucketed(7, 40_000)).find((f) => f.ruleId === 'SG017')?.data).toMatchObject({ peak: 32_800, peakReads: 12_800 });
  });

  it('applied as it says (71,000 RU/s on 8 partitions, 3 buckets, the lobby fanning out), the re-lint is clean', () => {
    // 3 buckets: 7,200 + 800 × 3 = 9,600 RU/s of reads, 29,600 with the writes. A bucket takes 2,960 RU/s: a third of the
    // region's 30% (2,800) and every lobby page of its region in full rather than a third (240 − 80 = 160 more);
    // + (29,600 − 2,960) ÷ 8 = 3,330 of the rest makes 6,290 of the 7,100 usable on its partition (80% of 8,875).
    expect(lint({ ...bucketed(3, 71_000), physicalPartitions: 8 })).toEqual([]);
  });

  it('a lobby that reads the whole region (no page) adds no fan-out: 7 buckets at today’s RU/s, as before', () => {
    // Each bucket's query loads a seventh of the region's documents: the read is counted once.
    expect(sg003(matchmaking(region, {}))?.fix).toMatch(
      /^give the first level more values: a synthetic first level `\/regionBucket` = \/region \+ "-" \+ hash\(queueId\) mod 7 /,
    );
  });
});
