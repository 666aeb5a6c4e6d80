/**
 * Stop 32 note, item 2: a flat Cosmos DB key's fix led with random shards where Microsoft recommends a hierarchical key
 * ("Hierarchical partition keys": "If you use synthetic keys today or if you have scenarios in which partition keys can
 * exceed 20 GB of data, subpartitioning can help"; "Choose a partition key for IoT workloads": /deviceId → time). The
 * hierarchical key now leads wherever a new first level spreads the hot value, shards following as the alternative.
 */
import { lint, type CosmosContainerDesign } from '../../lib';
import { container } from '../fixtures';

/** The IoT page's day key without its query: 70,000 RU/s on the current day. */
function dayKey(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'sensor-readings',
    partitionKey: { paths: [{ path: '/day', cardinality: 365, kind: 'time-bucket' }] },
    throughput: { autoscaleMax: 100_000 },
    workload: { peakReadUnits: 10_000, peakWriteUnits: 60_000 },
    ...overrides,
  });
}

const fixOf = (design: CosmosContainerDesign, ruleId: string) => lint({ containers: [design] }).find((f) => f.ruleId === ruleId);

describe('a flat Cosmos DB key: the hierarchical key leads its fix', () => {
  it('no query naming the level: a new first level of many values before `/day` leads, the 63 random shards follow (and stay the edit)', () => {
    const finding = fixOf(dayKey(), 'SG002');
    expect(finding?.fix).toMatch(
      /^make the key hierarchical, \(the new level\) → `\/day`: a first level of many values that the writes carry .*; or shard `\/day` into N = 63 random shards/,
    );
    expect(finding?.data).toMatchObject({ keyOrder: ['/day'], levelAt: 0 });
    expect(finding?.edits).toEqual([{ op: 'set', path: 'containers[0].sharding', value: { strategy: 'random', shards: 63 } }]);
  });

  it("past maxShards (the day's 4,320 GB needs 270 shards): the new first level leads the batching upstream", () => {
    const finding = fixOf(dayKey({ storage: { largestPartitionGb: 4_320 } }), 'SG006');
    expect(finding?.fix).toMatch(/^make the key hierarchical, \(the new level\) → `\/day`: .*; or it would take N = 270 keys, more than the 100/);
  });

  it('the query names the level: `/deviceId` → `/day`, advice only (no edits)', () => {
    const finding = fixOf(dayKey({ accessPatterns: [{ name: 'device-day', keyAttributes: ['/day', '/deviceId'], share: 1 }] }), 'SG002');
    expect(finding?.fix).toMatch(/^make the key hierarchical, with the levels `\/deviceId`, `\/day` in this order/);
    expect(finding?.edits).toBeUndefined();
  });

  it('a hot business value past maxShards gets no level after it: under its own first level its writes would stay on one physical partition', () => {
    // A tenant taking half of 40,000 RU/s of writes: 20,000 RU/s needs 3 shards of 8,000, past maxShards 2.
    const tenants = container({
      name: 'events',
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 1_000 }] },
      workload: { peakReadUnits: 1_000, peakWriteUnits: 40_000, hotKeyShare: 0.5 },
      accessPatterns: [{ name: 'user-events', keyAttributes: ['/tenantId', '/userId'], share: 1 }],
      thresholds: { maxShards: 2 },
    });
    const finding = fixOf(tenants, 'SG003');
    expect(finding?.fix).toMatch(/^it would take N = \d+ keys, more than the 2/);
    expect(finding?.fix).not.toContain('hierarchical, with the levels');
  });
});
