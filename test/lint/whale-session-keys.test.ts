/**
 * cosmos18 item 5: a session key beside the whale tenant (what `skewguard observe` writes for review 16's sessions
 * design: the whale's share at paths[0], a 50 RU/s session as the full key's hottest value). A session of the whale is
 * one of the whale's documents: all of them sit on the whale's physical partition ("Hierarchical partition keys": a
 * first-level value's documents are co-located until it holds 50 GB), so that partition carries the session's 50 RU/s,
 * the whale's other 2,950 and 1/8 of the other tenants' 32,000: 50 + 2,950 + 4,000 = 7,000 RU/s, exactly the whale's
 * own partition load (3,000 + (35,000 − 3,000) ÷ 8). The session is judged once, as the whale: SG003 at paths[0], 7,000
 * against 5,000 usable (80% of 50,000 ÷ 8 = 6,250). No second SG003 at the full key, whose hash-spread neighbours
 * ((35,000 − 50) ÷ 8 = 4,368.75 beside 50) would understate the partition it actually shares.
 */
import { lint, type CosmosContainerDesign } from '../../lib';

const sessions: CosmosContainerDesign = {
  engine: 'cosmosdb',
  name: 'sessions',
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 5_000, hotKeyShare: 3_000 / 35_000 },
      { path: '/userId', cardinality: 2_000_000 },
      { path: '/sessionId', cardinality: 'unique' },
    ],
  },
  throughput: { autoscaleMax: 50_000 },
  workload: { peakReadUnits: 15_000, peakWriteUnits: 20_000, hotKeyShare: 50 / 35_000 },
  storage: { totalGb: 400, largestPartitionGb: 0.2 },
};

describe("a 50 RU/s session key beside the whale tenant is judged on the whale's partition, once", () => {
  it('SG003 at the first level: 3,000 RU/s beside 4,000 of other tenants on 8 partitions of 6,250', () => {
    const hot = lint(sessions).filter((f) => f.ruleId === 'SG003');
    expect(hot.map((f) => f.path)).toEqual(['partitionKey.paths[0]']);
    expect(hot[0].message).toContain('3,000 RU/s under one first-level value');
    expect(hot[0].message).toContain(
      'against a usable 1,000 RU/s left on its physical partition (80% of its 6,250 RU/s, less the 4,000 RU/s the other first-level values hashed there are expected to take',
    );
  });
});
