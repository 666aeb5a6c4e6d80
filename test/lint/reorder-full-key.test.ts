/**
 * SG004's reorder and the full key's figures (reorderB33, from the generated designs of fix-convergence, seeds
 * 77001–77004). A logical partition is one value of every level of a hierarchical key
 * (https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys): the same documents in any order of the
 * levels, so the full key's hottest share and largest size cannot change with the order. The reorder's edit moved each
 * level's figures with its path and let the new last level's figure (or none) stand for the full key's: the re-lint then
 * judged another logical partition than the design's, and raised what the design did not have (SG003, SG006, SG008).
 */
import { applyDesignEdits, lint, normalize, type CosmosContainerDesign, type CosmosKeyDesign, type Finding } from '../../lib';

/** The full key's figures as normalize() derives them. */
function fullKey(design: CosmosContainerDesign) {
  const normalized = normalize(design).designs[0].design as CosmosKeyDesign;
  return { hotKeyShare: normalized.primaryKey.workload.hotKeyShare, largestGb: normalized.largestPartitionGb };
}

const key = (f: Finding) => `${f.ruleId} ${f.path}`;

/** The hottest customer takes 40% over all its regions, the hottest customer–region pair (the full key) 2%. */
const customerRegions: CosmosContainerDesign = {
  engine: 'cosmosdb',
  name: 'orders',
  partitionKey: {
    paths: [
      { path: '/customerId', cardinality: 1000, hotKeyShare: 0.4 },
      { path: '/region', cardinality: 4, hotKeyShare: 0.02 },
    ],
  },
  workload: { peakReadUnits: 6000, peakWriteUnits: 3000 },
  throughput: { autoscaleMax: 40000 },
  accessPatterns: [
    { name: 'orders-of-region', keyAttributes: ['/region'], share: 0.5 },
    { name: 'orders-of-customer', keyAttributes: ['/customerId', '/region'], share: 0.5 },
  ],
};

describe('the reorder SG004 writes keeps the full key’s figures', () => {
  it.each<[string, CosmosContainerDesign]>([
    [
      // The hottest customer–region pair takes 2%. Ordered `/region` first, that 2% is below a region's uniform 25% and
      // describes no region: left to the moved levels, the last one (`/customerId`, 40% over all its regions) stood for
      // the full key, and the re-lint found one pair at 40% (SG014), a finding the design did not have.
      'a bound a level below sets (the hottest customer in one region)',
      customerRegions,
    ],
    [
      // Under a unique first level, every full key value is one document (normalize() derives 0 GB). Put last, that level's
      // own 20 GB stood for the full key: the re-lint found a 20 GB logical partition (seed 77001: SG008 then asked for 2
      // shards of it, where SG007 had asked for none).
      'a unique level put last',
      {
        engine: 'cosmosdb',
        name: 'telemetry',
        partitionKey: {
          paths: [
            { path: '/deviceId', cardinality: 'unique', largestGb: 20 },
            { path: '/sessionId', cardinality: 5, largestGb: 20 },
            { path: '/tenantId', cardinality: 3 },
          ],
        },
        workload: { peakReadUnits: 800, peakWriteUnits: 0, hotKeyShare: 0.02 },
        sharding: { strategy: 'random', shards: 64 },
      },
    ],
    [
      // The unique `/userId` first makes every full key value one document, whose share normalize() counts as the uniform
      // one. The hottest user's 30% moved with `/userId` to the last level and stood for the full key (SG014: one session
      // value at least 33%), though the full key's documents are the same.
      'a full key at the uniform share',
      {
        engine: 'cosmosdb',
        name: 'sessions',
        partitionKey: {
          paths: [
            { path: '/userId', cardinality: 'unique', hotKeyShare: 0.3 },
            { path: '/sessionId', cardinality: 3, hotKeyShare: 0.01 },
            { path: '/deviceId', cardinality: 200000 },
          ],
        },
        workload: { peakReadUnits: 20000, peakWriteUnits: 800 },
      },
    ],
    [
      // Two unique levels put last: from the first down, each value is one document, whose figure is the full key's (0
      // here), so neither carries its own (the hottest order's 50% on `/orderId` would stand for every full key value).
      'two unique levels put last',
      {
        engine: 'cosmosdb',
        name: 'lines',
        partitionKey: {
          paths: [
            { path: '/orderId', cardinality: 'unique', hotKeyShare: 0.5 },
            { path: '/lineId', cardinality: 'unique', hotKeyShare: 0.01 },
            { path: '/customerId', cardinality: 5000 },
          ],
        },
        workload: { peakReadUnits: 20000, peakWriteUnits: 20000 },
      },
    ],
  ])('%s: the same figures, and the re-lint raises nothing new', (_, design) => {
    const findings = lint(design);
    const reorder = findings.find((f) => f.ruleId === 'SG004');
    expect(reorder?.edits).toBeDefined();
    const reordered = applyDesignEdits(design, reorder?.edits ?? []) as CosmosContainerDesign;
    expect(fullKey(reordered)).toEqual(fullKey(design));
    const before = new Set(findings.map(key));
    expect(lint(reordered).filter((f) => !before.has(key(f)))).toEqual([]);
  });

  it('writes the full key’s figure on the last level where it differs from what that level moves with', () => {
    expect(lint(customerRegions).find((f) => f.ruleId === 'SG004')?.edits).toEqual([
      {
        op: 'set',
        path: 'partitionKey.paths',
        value: [
          { path: '/region', cardinality: 4 },
          { path: '/customerId', cardinality: 1000, hotKeyShare: 0.02 },
        ],
      },
    ]);
  });
});
