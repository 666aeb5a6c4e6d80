/**
 * The hotKey alert's "design's own load" of the hottest key follows `workload.hotKeyOperations`, as the lint does
 * (lib/lint/analysis.ts): a key only read takes its share of the reads, none of the writes. With the share taken of
 * reads and writes together, a read-only key's declared load was overstated, and where that overstatement sat above the
 * headroom's line the alert's line rose with it (an alert that could stay quiet on a key past its plan).
 */
import { normalize, type CosmosContainerDesign, type CosmosKeyDesign } from '../../lib';
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
