/**
 * cachecopies15 item 4: a Cosmos DB container that keeps N replicated copies of every document stores each N times and
 * writes it N times (`withCopies`, the count SG003 sizes copies on and SG017 counts its peak on). The physical-partition
 * helpers judged declared copies on N × storage.totalGb but on one copy's writes: a container whose copies' writes put
 * its peak above its usable RU/s (SG017's finding) was judged as if it had room, and its first level judged as if
 * its partitions were not short. Copies its plan removes (SG007) are judged as the one copy its fix leaves.
 */
import { lint, normalize, type CosmosContainerDesign, type CosmosKeyDesign } from '../../lib';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { containerGrowth, overCapacity, reachableDimensions } from '../../lib/lint/physical-partition';
import { firstLevelJudged } from '../../lib/lint/prefix-ingestion';
import { container } from '../fixtures';

const analysed = (input: CosmosContainerDesign) => {
  const design = normalize(input).designs[0].design as CosmosKeyDesign;
  return new DesignAnalysis(design).of(design.primaryKey);
};

/** 30,000 RU/s of reads and 2,000 of writes on 40,000 manual RU/s (32,000 usable), 3 copies of 100 GB kept for its reads. */
const copied = (paths: CosmosContainerDesign['partitionKey']['paths'], hotKeyShare: number): CosmosContainerDesign =>
  container({
    name: 'items',
    partitionKey: { paths },
    workload: { peakReadUnits: 30_000, peakWriteUnits: 2_000, hotKeyShare, hotKeyOperations: 'reads' },
    throughput: { manual: 40_000 },
    storage: { totalGb: 300 },
    sharding: { strategy: 'replicated', shards: 3 },
  });

describe('declared replicated copies are judged on N × the writes (cachecopies15 item 4)', () => {
  const flat = analysed(copied([{ path: '/itemId', cardinality: 100_000 }], 0.2));

  it('overCapacity counts the copies: 30,000 + 3 × 2,000 = 36,000 RU/s above the usable 32,000 (before: within, at 32,000)', () => {
    expect(overCapacity(flat)).toEqual({ peak: 36_000, usable: 32_000, capacity: 40_000 });
    // SG017 says the same peak.
    const sg017 = lint(copied([{ path: '/itemId', cardinality: 100_000 }], 0.2)).find((f) => f.ruleId === 'SG017');
    expect(sg017?.message).toMatch(/^the declared peak of 36,000 RU\/s \(30,000 reads \+ 6,000 writes\)/);
  });

  it('containerGrowth too: 32,000 ÷ 36,000 (before: 1×)', () => {
    expect(containerGrowth(flat)).toBeCloseTo(32_000 / 36_000, 9);
  });

  it("a hierarchical key's first level is then SG017's, not judged as if its partitions had room (before: judged)", () => {
    const hier = analysed(
      copied(
        [
          { path: '/tenantId', cardinality: 2_000 },
          { path: '/postId', cardinality: 'unique' },
        ],
        0.001,
      ),
    );
    expect(overCapacity(hier)?.peak).toBe(36_000);
    expect(firstLevelJudged(hier)).toBeUndefined();
  });

  it('copies SG007 removes are judged as the one copy its fix leaves, as SG007 and SG017 judge them', () => {
    // 2 needless copies: 2,000 + 400 RU/s on 30,000 (5 partitions); the 12% value's neighbours are 1/5 of one copy's rest.
    const needless = analysed(
      container({
        name: 'feed',
        partitionKey: { paths: [{ path: '/postId', cardinality: 2_000_000 }] },
        workload: { peakReadUnits: 2_000, peakWriteUnits: 400, hotKeyShare: 0.12 },
        throughput: { manual: 30_000 },
        storage: { totalGb: 200 },
        sharding: { strategy: 'replicated', shards: 2 },
      }),
    );
    expect(needless.plan.layout).toBe('none');
    expect(overCapacity(needless)).toBeUndefined();
    const [request] = reachableDimensions(needless);
    expect(request.physical?.neighbours).toBeCloseTo((2_400 - 288) / 5, 9);
  });
});
