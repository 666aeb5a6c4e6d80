/**
 * A read of one first-level value of a synthetic bucketed level (SG003's fix: `/regionBucket` = /region + "-" +
 * hash(queueId) mod 10, declared with `components: [region, { name: "bucket", cardinality: 10 }]`) queries each of its
 * buckets: one query per bucket, each giving a full synthetic value ("Query an Azure Cosmos DB container": a query that
 * gives a partition-key value goes to that value's partitions), each charged for what it loads ("Optimize request
 * cost"). A design says such a read by `fanOut: true` on a pattern naming the level. Before, nothing priced it: a
 * stranger's matchmaking plan (stranger33b) was clean with half of its reads a page from every bucket.
 */
import { hotValueReach, lint, type CosmosContainerDesign, type Finding } from '../../lib';

type Container = CosmosContainerDesign & { engine: 'cosmosdb' };
type Lobby = Partial<NonNullable<Container['accessPatterns']>[number]>;

/** The stranger's bucket plan: 8 regions × 10 buckets, 8,000 RU/s of reads (half of them the lobby of one region) and 20,000 of writes. */
const matchmaking = (lobby: Lobby, autoscaleMax = 40_000): Container => ({
  engine: 'cosmosdb',
  name: 'matchmaking',
  partitionKey: {
    paths: [
      {
        path: '/regionBucket',
        cardinality: 80,
        hotKeyShare: 0.045,
        components: [
          { name: 'region', cardinality: 8 },
          { name: 'bucket', cardinality: 10 },
        ],
      },
      { path: '/queueId', cardinality: 160 },
    ],
  },
  throughput: { autoscaleMax },
  storage: { totalGb: 6 },
  workload: { peakReadUnits: 8_000, peakWriteUnits: 20_000 },
  accessPatterns: [
    { name: 'poll-queue', keyAttributes: ['/regionBucket', '/queueId'], share: 0.5 },
    { name: 'region-lobby', keyAttributes: ['/regionBucket'], share: 0.5, ...lobby },
  ],
});

const finding = (findings: readonly Finding[], rule: string) => findings.find((f) => f.ruleId === rule);

describe('a read of every bucket of one value is charged on each bucket', () => {
  it('SG017 counts a page from each of the 10 buckets: 4,000 + 4,000 × 10 = 44,000 RU/s of reads, 64,000 with the writes', () => {
    const peak = finding(lint(matchmaking({ fanOut: true, limit: 20 })), 'SG017');
    // 50% of the 8,000 RU/s (poll-queue) once, the other 50% (region-lobby) on each of the 10 buckets: 4,000 + 40,000.
    expect(peak).toMatchObject({ severity: 'error', data: { peakReads: 44_000, peak: 64_000, fanOutShards: 10, fanOutLevel: 'region' } });
    expect(peak?.message).toContain('each of those reads queries all 10 buckets of one `region` value');
    expect(peak?.fix).toContain('the 10 buckets multiply them');
  });

  it("the hottest key's neighbours are the rest of that peak: 10,000 − (64,000 − 630) ÷ 10 at 100,000 RU/s", () => {
    // 10 physical partitions of 10,000 RU/s; the hottest full key takes 2.25% (0.045 ÷ 160 × 80) of the 28,000 declared: 630.
    const reach = hotValueReach(matchmaking({ fanOut: true, limit: 20 }, 100_000)).key;
    expect(reach).toBeCloseTo(10_000 - (64_000 - 630) / 10, 6);
  });

  it('a read of the whole value loads a tenth of it from each bucket: counted once, as a sharded key’s is (no finding)', () => {
    // The stranger's own variant: no page limit, so the 10 queries load what the one did, and Azure charges what is loaded.
    expect(finding(lint(matchmaking({ fanOut: true })), 'SG017')).toBeUndefined();
    expect(hotValueReach(matchmaking({ fanOut: true }, 100_000)).key).toBeCloseTo(10_000 - (28_000 - 630) / 10, 6);
  });

  it('a plan whose reads all name one full synthetic value stays as it was', () => {
    expect(lint(matchmaking({ limit: 20 }))).toEqual([]);
    expect(hotValueReach(matchmaking({ limit: 20 }, 100_000)).key).toBeCloseTo(10_000 - (28_000 - 630) / 10, 6);
  });
});
