/**
 * README: "Where the attribute is named, `--fix` writes the key". A customer taking 40% of 115,000 RU/s and holding
 * 2,420 GB (past one logical partition's 20 GB, spanning physical partitions), whose most frequent read names
 * `/stationId` after `/customerId`: SG003 and SG006 lead with the hierarchical key `/customerId` → `/stationId`, and
 * --fix writes it (the whale's size on the first level; the new level at the fewest values per customer at which the
 * hottest full key value fits one logical partition), so that the re-lint converges on the written key.
 */
import { lint, type CosmosContainerDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const readings: CosmosContainerDesign = {
  engine: 'cosmosdb',
  name: 'readings-by-customer',
  partitionKey: { paths: [{ path: '/customerId', cardinality: 5_000, hotKeyShare: 0.4 }] },
  throughput: { autoscaleMax: 150_000 },
  workload: { peakReadUnits: 5_000, peakWriteUnits: 110_000 },
  storage: { largestPartitionGb: 2_420, totalGb: 6_050 },
  accessPatterns: [
    { name: 'station-recent', keyAttributes: ['/customerId', '/stationId'], share: 0.7 },
    { name: 'farm-live', keyAttributes: ['/customerId'], share: 0.3 },
  ],
};

describe('a whale customer whose reads name a finer attribute: --fix writes the hierarchical key', () => {
  const text = JSON.stringify({ containers: [readings] });
  const fixed = JSON.parse(fixDesignText(text, {}).text).containers[0];

  it('the fix names the key and says --fix writes it', () => {
    const sg003 = lint(readings).find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).toMatch(/^make the key hierarchical, with the levels `\/customerId`, `\/stationId` in this order/);
    expect(sg003?.fix).toContain('--fix writes it, declaring 760,000 values of the new level');
  });

  it("--fix writes the second level and moves the whale's size onto the first", () => {
    expect(fixed.partitionKey.paths).toEqual([
      { path: '/customerId', cardinality: 5_000, hotKeyShare: 0.4, largestGb: 2_420 },
      { path: '/stationId', cardinality: 760_000 },
    ]);
    expect(fixed.storage).not.toHaveProperty('largestPartitionGb');
  });

  it('the design --fix wrote lints clean of SG003 and SG006', () => {
    const after = lint(Object.assign({ engine: 'cosmosdb' }, fixed) as CosmosContainerDesign);
    expect(after.filter((f) => f.ruleId === 'SG003' || f.ruleId === 'SG006')).toEqual([]);
  });
});
