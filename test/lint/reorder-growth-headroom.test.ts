/**
 * A key order offered as a fix (the query-led reorder SG003, SG004 and SG012 share) is offered only where its new first
 * level's hottest value fits with minGrowthHeadroom left: otherwise SG014 warns of the key the fix made (`nearCeiling`).
 * One tenant (the first level, 1 value) takes all 197,000 RU/s; 90% of the queries give `/sessionId`, 5,000 values.
 */
import { lint, type CosmosContainerDesign } from '../../lib';

const sessions = (sessionShare: number): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'sessions',
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 1, hotKeyShare: 1 },
      { path: '/userId', cardinality: 50 },
      { path: '/sessionId', cardinality: 5000, hotKeyShare: sessionShare },
    ],
  },
  workload: { peakReadUnits: 80_000, peakWriteUnits: 117_000 },
  accessPatterns: [
    { name: 'by-session', keyAttributes: ['/sessionId'], share: 0.9 },
    { name: 'by-tenant', keyAttributes: ['/tenantId'], share: 0.1 },
  ],
});

const reorders = (design: CosmosContainerDesign) =>
  lint(design)
    .filter((f) => (f.edits ?? []).some((e) => e.path === 'partitionKey.paths'))
    .map((f) => `${f.ruleId} ${f.messageId}`);

describe('a reorder leaves its first level minGrowthHeadroom', () => {
  it('not offered where the hottest session would take 6,698 of a usable 8,000 RU/s (1.19× left)', () => {
    expect(reorders(sessions(0.034))).toEqual([]);
    const [hot] = lint(sessions(0.034)).filter((f) => f.ruleId === 'SG003');
    expect(hot.fix).not.toMatch(/order the key/);
  });

  it('offered where it would take 3,940 (2.03× left), and at minGrowthHeadroom 1.1 where it would take 6,698', () => {
    expect(reorders(sessions(0.02))).toEqual(['SG003 prefixHot', 'SG004 queriesMissFirstLevel']);
    const loose = lint(sessions(0.034), { thresholds: { minGrowthHeadroom: 1.1 } }).filter((f) => (f.edits ?? []).some((e) => e.path === 'partitionKey.paths'));
    expect(loose.map((f) => f.ruleId)).toEqual(['SG003', 'SG004']);
    expect(loose[0].data).toMatchObject({ reorderLoad: 6698, reorderUsable: 8000 });
  });
});
