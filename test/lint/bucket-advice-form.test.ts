// cosmos24 item 4: SG003's bucketing of a hot first level said "hash(userId)", and `sharding.calculated` on /userId, the
// form a reader took it for, was refused as "the partition key itself … hash another attribute (e.g. … a user id)". The
// advice now names the form the design accepts (a synthetic first path with a bucket component), and the refusal says
// why sharding on a level splits nothing and gives that same form.
import { lint, type CosmosContainerDesign } from '../../lib';

const tenants = (overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'events',
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 20, hotKeyShare: 0.5 },
      { path: '/userId', cardinality: 'unique' },
    ],
  },
  throughput: { manual: 40_000 },
  workload: { peakReadUnits: 10_000, peakWriteUnits: 20_000 },
  ...overrides,
});

describe('the bucketing SG003 advises is the form the design accepts', () => {
  it('names the first-path declaration, not sharding', () => {
    const sg003 = lint(tenants()).find((f) => f.ruleId === 'SG003');
    expect(sg003?.data).toMatchObject({ buckets: 45, bucketLevel: '/tenantIdBucket', source: 'userId' });
    expect(sg003?.fix).toContain(
      '/tenantId + "-" + hash(userId) mod 45 splits the reads and writes of each /tenantId value over 45 first-level values, 1/45 each',
    );
    expect(sg003?.fix).toContain(
      'declare it as the first path (not as sharding, which never splits one /tenantId value), `{ path: "/tenantIdBucket", cardinality: (/tenantId values × 45), components: [/tenantId, { name: "bucket", cardinality: 45 }] }`',
    );
  });

  it('accepts that declaration as a bucketed first level (SG003 then asks for more buckets of it, never for a new level)', () => {
    const declared = tenants({
      partitionKey: {
        paths: [
          {
            path: '/tenantIdBucket',
            cardinality: 20 * 45,
            hotKeyShare: 0.5 / 45,
            components: [
              { name: 'tenantId', cardinality: 20 },
              { name: 'bucket', cardinality: 45 },
            ],
          },
          { path: '/userId', cardinality: 'unique' },
        ],
      },
    });
    const findings = lint(declared);
    expect(findings.filter((f) => f.ruleId === 'SG003' && (f.fix ?? '').includes('give the first level more values'))).toEqual([]);
  });

  it('refuses sharding hashed on /userId with why, and the same declaration', () => {
    expect(() => lint(tenants({ sharding: { strategy: 'calculated', shards: 45, sourceAttribute: '/userId' } }))).toThrow(
      /sharding\.sourceAttribute: is a level of the partition key \(\/tenantId → \/userId\): sharding splits each full key value into N.*partitionKey\.paths\[0\] = \{ path: "\/tenantIdBucket", cardinality: 20 × N, components: \[\{ name: "tenantId", cardinality: 20 \}, \{ name: "bucket", cardinality: N \}\] \}/,
    );
  });
});
