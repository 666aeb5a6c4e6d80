// Microsoft Learn's five tenants under a hierarchical key (test/published/cosmosdb/hpk-five-tenants-first-level.json):
// the bucket count SG003 offers for the hottest tenant counts the other tenants hashed beside each bucket
// (`neighbourLoad`: the rest of the load ÷ the physical partitions, whatever the count of values). Before, five tenants
// on ten partitions expected no neighbours, and 2 buckets were offered where each bucket's partition expects 8,000+.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type CosmosContainerDesign, type DesignInput } from '../../lib';

const published = JSON.parse(readFileSync(join(__dirname, '../published/cosmosdb/hpk-five-tenants-first-level.json'), 'utf8')) as DesignInput & {
  containers: CosmosContainerDesign[];
};
const design: CosmosContainerDesign = { engine: 'cosmosdb', ...published.containers[0] };

/**
 * The design with `/TenantId` replaced by `buckets` buckets of it (`/TenantIdBucket`, 5 × buckets values), as the fix
 * spells it out; a tenant's read then asks each of its buckets in turn, a user's read the one its user id hashes to.
 */
function bucketed(buckets: number): CosmosContainerDesign {
  const [, ...deeper] = design.partitionKey.paths;
  return {
    ...design,
    partitionKey: { ...design.partitionKey, paths: [{ path: '/TenantIdBucket', cardinality: 5 * buckets }, ...deeper] },
    accessPatterns: [
      { name: 'user-items', keyAttributes: ['/TenantIdBucket', '/UserId'], share: 0.7 },
      { name: 'tenant-items', keyAttributes: ['/TenantIdBucket'], share: 0.3 },
    ],
  };
}

// The published design: 65,000 RU/s (5,000 reads, 60,000 writes) over 5 equal tenants, 100,000 RU/s autoscale on 10
// physical partitions of 10,000 (8,000 usable at 80%).
const peak = 65_000;
const partitions = 10;
const usable = 8_000;
const tenant = peak / 5;
/** What a bucket's partition expects by hand: the bucket's own load and 1/10 of the rest, its sibling buckets included. */
const expectedOnPartition = (buckets: number) => tenant / buckets + (peak - tenant / buckets) / partitions;

describe('five tenants: the bucket count SG003 offers', () => {
  const hit = lint(design).find((f) => f.ruleId === 'SG003' && /^prefixHot/.test(f.messageId));

  it('counts the other tenants beside the hottest: 52,000 ÷ 10 = 5,200 RU/s, so 13,000 has 2,800 of 8,000', () => {
    expect(hit?.severity).toBe('error');
    expect(hit?.data).toMatchObject({ prefixLoad: tenant, neighbourRu: 5_200, prefixUsable: 2_800 });
  });

  it('offers 8 buckets: 1,625 + 6,337.5 = 7,962.5 RU/s fits 8,000; 7 would put 8,171.43 there', () => {
    expect(expectedOnPartition(8)).toBeCloseTo(7_962.5, 6);
    expect(expectedOnPartition(7)).toBeCloseTo(8_171.43, 2);
    expect(hit?.data).toMatchObject({ buckets: 8, bucketLoad: 1_625, bucketNeighbours: 6_337.5, bucketTotal: 7_962.5, bucketUsable: usable, fewerBuckets: 7 });
    expect(hit?.data?.fewerTotal).toBeCloseTo(expectedOnPartition(7), 6);
  });

  // try21b: 35 even buckets have no hot value, and the partition holding one expects 8,171.43 RU/s, within its 10,000:
  // over the line only by hashing's spread, which is the container's capacity. SG017 warns at 7 (before: SG003 erred).
  it('lints clean with the 8 buckets applied, and SG017 warns at 7 by the same arithmetic (no room for uneven placement)', () => {
    expect(lint(bucketed(8))).toEqual([]);
    const seven = lint(bucketed(7));
    expect(seven.filter((f) => f.ruleId === 'SG003')).toEqual([]);
    const warned = seven.find((f) => f.ruleId === 'SG017');
    expect([warned?.messageId, warned?.severity]).toEqual(['cosmosNoRoomForPlacement', 'warning']);
    expect(warned?.data?.expectedLoad as number).toBeCloseTo(expectedOnPartition(7), 6);
  });
});
