/**
 * Review 4 (a README-only stranger's review of 3ec4edf), items 1 and 2: the fixes SG003 gives when no
 * shard count can serve, and when the count a hot first level needs is above maxShards.
 */
import { lint } from '../../lib';
import type { CosmosContainerDesign } from '../../lib';
import { container, table } from '../fixtures';

/** The reviewer's `events` container: five tenants (60% hot), then user, then a unique id; 50,000 RU/s at peak. */
function events(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'events',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5, hotKeyShare: 0.6 },
        { path: '/userId', cardinality: 200000 },
        { path: '/id', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 20000, peakWriteUnits: 30000 },
    throughput: { autoscaleMax: 60000 },
    storage: { totalGb: 120, largestPartitionGb: 0.2 },
    ...overrides,
  });
}

const sg003 = (design: Parameters<typeof lint>[0], path: string) => lint(design).find((f) => f.ruleId === 'SG003' && f.path === path);

describe('SG003: reads no shard count spreads (review 4 item 1)', () => {
  // One document (the key ends in a unique id) takes 18%: 3,600 RU/s of reads, which stay on the shard holding it,
  // against 1,342.86 RU/s left on its physical partition ("Partitioning and horizontal scaling").
  const hotItem = (sharding?: { strategy: 'random'; shards: number }) =>
    events({
      workload: { peakReadUnits: 20000, peakWriteUnits: 30000, hotKeyShare: 0.18 },
      storage: { totalGb: 120, largestPartitionGb: 1.5 },
      ...(sharding ? { sharding } : {}),
    });

  it('asks for no shard count, says why, and names the cache and the throughput that serve, with their numbers', () => {
    const hit = sg003(hotItem(), 'partitionKey.paths');
    expect(hit?.fix).toMatch(
      /^no shard count serves: the reads of one item stay on the one shard that holds it whatever the count, and those reads alone \(3,600 RU\/s/,
    );
    expect(hit?.fix).toMatch(
      /exceed the usable 1,342\.86 RU\/s; put the integrated cache in front of them; or raise the container's throughput in place to [\d,]+ RU\/s/,
    );
    expect(hit?.fix).not.toMatch(/N = /);
    expect(hit?.edits).toBeUndefined();
    expect(hit?.data?.shards).toBeUndefined();
  });

  it('names its raise once: SG003 adds no raise of its own to a fix that has one', () => {
    const hit = sg003(hotItem(), 'partitionKey.paths');
    expect(hit?.fix.match(/raise the container's throughput/g)).toHaveLength(1);
    expect(hit?.data).toMatchObject({ unspreadRaiseTo: expect.any(Number) });
    // Which fix it is, is the message id's to say: the data holds no copy of it.
    expect(hit?.data?.unspreadWhy).toBeUndefined();
  });

  it('does not tell a design sharded 5 or 7 ways to "raise" or "lower" its count to 5', () => {
    for (const shards of [5, 7]) {
      const hit = sg003(hotItem({ strategy: 'random', shards }), 'sharding.shards');
      expect(hit?.fix).toMatch(/^no shard count serves/);
      expect(hit?.fix).not.toMatch(/sharding\.shards|N = /);
      expect(hit?.edits).toBeUndefined();
    }
  });

  it('DynamoDB: a single hot item whose reads alone pass 80% of 3,000 RCU gets DAX, not a count', () => {
    // 0.5 × 6,000 RCU = 3,000 RCU of reads on one item (2,400 usable), 0.5 × 2,000 WCU = 1,000 WCU of writes (800 usable).
    const hit = lint(table({ workload: { peakReadUnits: 6000, peakWriteUnits: 2000, hotKeyShare: 0.5 } })).find((f) => f.ruleId === 'SG003');
    expect(hit?.fix).toMatch(/^no shard count serves: the reads of one item .* \(3,000 RCU .* exceed the usable 2,400 RCU; put DAX in front of them/);
    expect(hit?.edits).toBeUndefined();
  });

  it('stays as it was where the reads fit: the shard count for the writes, with edits', () => {
    // 0.5 × 2,000 RCU = 1,000 RCU of reads fit one shard; 1,000 WCU of writes need 2.
    const hit = lint(table({ workload: { peakReadUnits: 2000, peakWriteUnits: 2000, hotKeyShare: 0.5 } })).find((f) => f.ruleId === 'SG003');
    expect(hit?.fix).not.toMatch(/no shard count serves/);
    expect(hit?.fix).toMatch(/N = 2/);
    expect(hit?.edits).toBeDefined();
  });
});

describe('SG003: a hot first level needing more buckets than maxShards (review 4 item 2)', () => {
  it('leads with the throughput at which the count is within maxShards, says the fan-out, and gives no edits', () => {
    const hit = sg003(events(), 'partitionKey.paths[0]');
    expect(hit?.fix).toMatch(
      /^raise the container's throughput in place to [\d,]+ RU\/s .*, at which (\d+) buckets serve the hottest `\/tenantId` value, within maxShards 100/,
    );
    expect(Number(/at which (\d+) buckets/.exec(hit?.fix ?? '')?.[1])).toBeLessThanOrEqual(100);
    expect(hit?.fix).toMatch(
      /; or, at the current throughput, give the first level more values: .* mod 450 .*fans out over its 450 buckets, above maxShards 100, so --fix writes no edit for it/,
    );
    expect(hit?.edits).toBeUndefined();
  });

  it('honours a design maxShards', () => {
    const hit = sg003(events({ thresholds: { maxShards: 500 } } as Partial<CosmosContainerDesign>), 'partitionKey.paths[0]');
    expect(hit?.fix).toMatch(/^give the first level more values: .* mod 450/);
    expect(hit?.fix).not.toMatch(/above maxShards/);
  });

  it('stays as it was when the count is within maxShards (autoscale 100,000: 9 buckets)', () => {
    const hit = sg003(events({ throughput: { autoscaleMax: 100000 } }), 'partitionKey.paths[0]');
    expect(hit?.fix).toMatch(/^give the first level more values: .* mod 9 /);
    expect(hit?.fix).not.toMatch(/above maxShards/);
  });
});
