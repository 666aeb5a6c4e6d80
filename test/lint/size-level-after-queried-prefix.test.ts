/**
 * Review 25 item 2: SG006 on a container keyed `/tenantId` → `/day` whose largest (tenant, day) value is 24.66 GB
 * (9,000 GB for the largest tenant over its 365 days) asked for `/tenantId` → (the new level) → `/day` "while its queries
 * stay targeted by prefix". A read by (`/tenantId`, `/day`) gives no prefix of that order: it is routed by `/tenantId`
 * alone and fans out over that tenant's partitions ("Hierarchical partition keys"). Where the declared queries read by
 * (tenant, day), the new level goes after `/day`; with none declared, the fix says which order keeps such reads targeted.
 */
import { lint, type AccessPatternDesign, type CosmosContainerDesign } from '../../lib';

const auditBig = (accessPatterns?: AccessPatternDesign[]): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'audit-big',
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 2000, largestGb: 9000 },
      { path: '/day', cardinality: 365 },
    ],
  },
  workload: { peakReadUnits: 1000, peakWriteUnits: 6000 },
  throughput: { autoscaleMax: 200_000 },
  storage: { totalGb: 40_000 },
  ...(accessPatterns ? { accessPatterns } : {}),
});

const sizeFinding = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG006');

describe('SG006 places the new level after the deepest level the queries read by prefix', () => {
  it('reads by (tenant, day): `/tenantId` → `/day` → (the new level), every declared read still targeted', () => {
    const finding = sizeFinding(auditBig([{ name: 'tenant-day', keyAttributes: ['/tenantId', '/day'], share: 1 }]));
    expect(finding?.data).toMatchObject({ keyOrder: ['/tenantId', '/day'], levelAt: 2 });
    expect(finding?.fix).toMatch(/^make the key hierarchical, `\/tenantId` → `\/day` → \(the new level\): /);
    expect(finding?.data).not.toHaveProperty('levelsLast');
  });

  it('reads by tenant alone: the new level before the time bucket keeps them targeted, and nothing more is said', () => {
    const finding = sizeFinding(auditBig([{ name: 'tenant', keyAttributes: ['/tenantId'], share: 1 }]));
    expect(finding?.data).toMatchObject({ levelAt: 1 });
    expect(finding?.fix).toMatch(/^make the key hierarchical, `\/tenantId` → \(the new level\) → `\/day`: /);
    expect(finding?.fix).not.toContain('put it last instead');
  });

  it('no declared reads: the order before the time bucket, and which order keeps a read by (tenant, day) targeted', () => {
    const finding = sizeFinding(auditBig());
    expect(finding?.data).toMatchObject({ levelAt: 1, levelsLast: '`/tenantId` → `/day` → (the new level)', queriedLevels: ['/tenantId', '/day'] });
    expect(finding?.fix).toContain(
      "but a query by (`/tenantId`, `/day`) without it gives no prefix of that order and fans out over the `/tenantId` value's partitions: if the reads go by (`/tenantId`, `/day`), put it last instead, `/tenantId` → `/day` → (the new level), as a unique id",
    );
  });
});
