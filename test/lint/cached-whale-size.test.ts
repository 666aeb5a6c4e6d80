/**
 * The cache-led fix of a whale tenant (Cosmos DB, flat `/tenantId`, 4,000 tenants, the whale 40% of 30,000 RU/s and
 * 80 GB, reads that name `/projectId` with resultKb declared): the shard count it offers for the whale's writes also
 * splits its documents, so each shard must hold at most the 16 GB usable of a logical partition's 20 GB ("Partitioning
 * and horizontal scaling"): 80 ÷ 16 = 5, where the writes alone took N = 3 (26.67 GB a shard). The integrated-cache
 * clause is said once, not again as the last alternative.
 */
import { lint, type CosmosContainerDesign, type DesignInput } from '../../lib';

const issues: CosmosContainerDesign = {
  name: 'issues',
  partitionKey: { paths: [{ path: '/tenantId', cardinality: 4000, hotKeyShare: 0.4, largestGb: 80 }] },
  workload: { peakReadUnits: 22000, peakWriteUnits: 8000 },
  throughput: { autoscaleMax: 40000 },
  storage: { totalGb: 400 },
  accessPatterns: [
    { name: 'issue-with-comments', keyAttributes: ['/tenantId', '/projectId'], share: 0.7, resultKb: 4 },
    { name: 'project-board', keyAttributes: ['/tenantId', '/projectId'], share: 0.3, resultKb: 4 },
  ],
};

describe("the cache-led count of a whale tenant's shards", () => {
  const findings = lint({ containers: [issues] } as DesignInput);
  const sg003 = findings.find((f) => f.ruleId === 'SG003');

  it('keeps each shard within the usable GB of a logical partition', () => {
    const counts = [...(sg003?.fix ?? '').matchAll(/N = (\d+) random shards/g)].map((m) => Number(m[1]));
    expect(counts.length).toBeGreaterThan(0);
    for (const n of counts) expect(80 / n).toBeLessThanOrEqual(16);
    expect(sg003?.fix).toContain('shard `/tenantId` into N = 5 random shards (key#0…key#4)');
    expect(sg003?.fix).toContain(
      "N = 5 is the fewest at which each shard's part of the value's 80 GB stays within the 16 GB usable of one logical partition (80% of 20 GB): 80 ÷ 5 = 16 GB, where its writes alone would take 3; there each stored key's",
    );
    expect(sg003?.fix).not.toContain('{{');
  });

  it('says the integrated-cache clause once', () => {
    expect(sg003?.fix?.match(/put the integrated cache in front of/g)).toHaveLength(1);
  });
});
