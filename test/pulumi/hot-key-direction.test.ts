/**
 * The hotKey alert's "design's own load" of the hottest key follows `workload.hotKeyOperations`, as the lint does
 * (lib/lint/analysis.ts): a key only read takes its share of the reads, none of the writes. With the share taken of
 * reads and writes together, a read-only key's declared load was overstated, and where that overstatement sat above the
 * headroom's line the alert's line rose with it (an alert that could stay quiet on a key past its plan).
 */
import { hotValueReach, normalize, type CosmosContainerDesign, type CosmosKeyDesign } from '../../lib';
import { declaredHotKeyRu } from '../../lib/pulumi/alert-plan';

const container = (hotKeyOperations?: 'reads' | 'writes' | 'both'): CosmosKeyDesign => {
  const input: CosmosContainerDesign = {
    engine: 'cosmosdb',
    name: 'profiles',
    partitionKey: { paths: [{ path: '/userId', cardinality: 1_000_000 }] },
    workload: { peakReadUnits: 6_000, peakWriteUnits: 2_000, hotKeyShare: 0.05, ...(hotKeyOperations ? { hotKeyOperations } : {}) },
    throughput: { manual: 20_000 },
  };
  return normalize(input).designs[0].design as CosmosKeyDesign;
};

describe('the hotKey alert reads the hot key load the way the lint does (workload.hotKeyOperations)', () => {
  it.each([
    ['both (the default)', undefined, 400],
    ['reads only', 'reads' as const, 300],
    ['writes only', 'writes' as const, 100],
  ])('%s: 5%% of the directions that carry it', (_label, operations, expected) => {
    expect(declaredHotKeyRu(container(operations))).toBeCloseTo(expected, 9);
  });
});

describe("the hotPrefix alert's planned load of the hottest first-level value counts the writes as SG003 does (cachecopies15 item 1)", () => {
  /** /categoryId (400 values, the hottest 35%) → /productId, 60,000 RU/s of reads and 2,000 of writes. */
  const categories = (hotKeyOperations: 'reads' | 'writes' | 'both'): CosmosKeyDesign => {
    const input: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'catalogue',
      partitionKey: {
        paths: [
          { path: '/categoryId', cardinality: 400, hotKeyShare: 0.35 },
          { path: '/productId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 60_000, peakWriteUnits: 2_000, hotKeyOperations },
      throughput: { autoscaleMax: 100_000 },
    };
    return normalize(input).designs[0].design as CosmosKeyDesign;
  };

  it.each([
    // Before: 35% of both, 21,700, for all three.
    ['reads: 35% of the reads, the uniform 1/400 of the writes', 'reads' as const, 21_000 + 5],
    ['writes: 35% of the writes, the uniform 1/400 of the reads', 'writes' as const, 150 + 700],
    ['both: 35% of each', 'both' as const, 21_700],
  ])('%s', (_label, operations, expected) => {
    expect(hotValueReach(categories(operations)).prefixLoad).toBeCloseTo(expected, 9);
  });
});
