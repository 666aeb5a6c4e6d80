/**
 * cosmos16 item 1: a Cosmos DB hot key over its logical partition's usable 8,000 RU/s (80% of 10,000, "Partitioning and
 * horizontal scaling") whose physical partition's share is lower still (the container's RU/s divided evenly among its
 * physical partitions, created at one per 6,000 RU/s of manual throughput: "Best practices for scaling provisioned
 * throughput"; at headroom, less the neighbours' expected load). SG003 quoted "against a usable 8,000 RU/s (80% of the
 * 10,000 RU/s ceiling)", so a user sharded to fit 8,000 and the shards still throttled. It now quotes the binding (lower)
 * ceiling, as SG002 does (`physicalShareOverLogical`), and N is sized on it: the message and N agree.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type Finding } from '../../lib';
import { container } from '../fixtures';

const sg003 = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003');

/** A product catalogue: 10,000 RU/s of reads and 30,000 of writes, 25% of both on one product. */
const catalogue = (throughput: CosmosContainerDesign['throughput'], workload: Partial<CosmosContainerDesign['workload']> = {}): CosmosContainerDesign =>
  container({
    name: 'catalog',
    partitionKey: { paths: [{ path: '/productId', cardinality: 100_000 }] },
    workload: { peakReadUnits: 10_000, peakWriteUnits: 30_000, hotKeyShare: 0.25, ...workload },
    throughput,
  });

describe('SG003 quotes the binding ceiling of a key over its logical partition (cosmos16 item 1)', () => {
  it('the physical share binds: quoted with its figures, and N is sized on it', () => {
    // 25% of 40,000 = 10,000 RU/s on one product, over the logical 8,000 usable. 60,000 RU/s manual: created on
    // 60,000 ÷ 6,000 = 10 physical partitions of 6,000 (4,800 usable at 80%); the other products expect
    // (40,000 − 10,000) ÷ 10 = 3,000 there, leaving 4,800 − 3,000 = 1,800 RU/s: the lower ceiling.
    const hit = sg003(catalogue({ manual: 60_000 }));
    expect(hit?.notes).toEqual(['requestOverPhysical', 'physicalShareOverLogical']);
    expect(hit?.data).toMatchObject({
      requestLoad: 10_000,
      requestUsable: 1_800,
      usable: 1_800,
      containerRu: 60_000,
      physicalPartitions: 10,
      partitionRu: 6_000,
      partitionUsable: 4_800,
      neighbourRu: 3_000,
      logicalUsable: 8_000,
    });
    expect(hit?.message).toBe(
      "the hottest `/productId` value takes 25% (declared) of the peak: 10,000 RU/s against a usable 1,800 RU/s left on its physical partition: the container's 60,000 RU/s are divided among 10 physical partitions of 6,000 RU/s (4,800 usable at 80%), and the other logical partitions on the same one are expected to take 3,000 RU/s; that share, lower than the 8,000 RU/s usable of the 10,000 RU/s logical-partition ceiling (which it passes too, so more RU/s alone would not serve it), is the ceiling that binds",
    );
    // N on that share, each shard among the neighbours of its siblings: 10,000 ÷ N + (40,000 − 10,000 ÷ N) ÷ 10 ≤ 4,800
    // gives 10,000 ÷ N ≤ 888.9, N = 12 (4,750 RU/s; at 11, 909.09 + 3,909.09 = 4,818.18). Sized to the logical 8,000
    // it would be 2, each shard's 5,000 RU/s above the 4,800 its partition has at all.
    expect(hit?.data).toMatchObject({ shards: 12, storedTotal: 4_750, fewerShards: 11, fewerTotal: 4_818.18181818 });
    expect(hit?.fix).toMatch(/^shard only the hottest `\/productId` value, into N = 12 random shards/);
  });

  it('the fix converges: once its 12 shards are applied, no SG003 finding offers another edit', () => {
    const design = catalogue({ manual: 60_000 });
    const hit = sg003(design);
    const after = applyDesignEdits(design, hit?.edits ?? []) as CosmosContainerDesign;
    expect(after.sharding).toEqual({ strategy: 'random', shards: 12, hotValues: 1 });
    expect(lint(after).filter((f) => f.ruleId === 'SG003' && (f.edits?.length ?? 0) > 0)).toEqual([]);
  });

  it("over SG017 (the brief's 100,000 RU/s on 60,000): quoted at the share SG017's raise leaves, which binds still", () => {
    // 12% of 100,000 RU/s of reads = 12,000 on one product. Peak above 48,000 usable: judged at SG017's raise. Its
    // 125,000 RU/s (100,000 ÷ 0.8) would split 3 of the 10 partitions manual 60,000 starts with (13 partitions): the 7
    // unsplit would keep 1/10 of the key space, 10,000 RU/s of the peak against 7,692.31 usable, so SG017 asks for the
    // even split, 20 = 2 × 10 partitions past 190,000: 190,100 RU/s (evensplit17; was 125,000 on 13). There each has
    // 9,505 (7,604 usable), the neighbours 88,000 ÷ 20 = 4,400: 3,204 RU/s are left for the product's 12,000.
    const hit = sg003(
      container({
        name: 'catalog',
        partitionKey: { paths: [{ path: '/productId', cardinality: 100_000 }] },
        workload: { peakReadUnits: 100_000, peakWriteUnits: 0, hotKeyShare: 0.12 },
        throughput: { manual: 60_000 },
      }),
    );
    expect(hit?.notes).toEqual(['requestOverPhysical', 'physicalShareOverLogical', 'atCapacityRaise']);
    expect(hit?.data).toMatchObject({ requestLoad: 12_000, containerRu: 190_100, physicalPartitions: 20, declaredRu: 60_000, neighbourRu: 4_400 });
    expect(hit?.data?.requestUsable).toBeCloseTo(3_204, 6);
  });

  it('the logical ceiling binds where the share is no lower: the message is unchanged', () => {
    // 100% of 12,000 RU/s on one product, 20,000 RU/s autoscale: 2 partitions of 10,000 (8,000 usable), no other
    // product's load beside it, so its share leaves 8,000, no lower than the logical 8,000: the logical ceiling is quoted.
    const hit = sg003(catalogue({ autoscaleMax: 20_000 }, { peakReadUnits: 2_000, peakWriteUnits: 10_000, hotKeyShare: 1 }));
    expect(hit?.notes?.slice(0, 1)).toEqual(['requestOver']);
    expect(hit?.notes).not.toContain('physicalShareOverLogical');
    expect(hit?.message).toMatch(
      /^the hottest `\/productId` value takes 100% \(declared\) of the peak: 12,000 RU\/s against a usable 8,000 RU\/s \(80% of the 10,000 RU\/s ceiling\)/,
    );
  });

  it('and without declared throughput (no physical partitions known): the logical ceiling, as before', () => {
    const hit = sg003(catalogue(undefined));
    expect(hit?.notes).toEqual(['requestOver']);
    expect(hit?.data).toMatchObject({ requestLoad: 10_000, requestUsable: 8_000, usable: 8_000 });
  });
});
