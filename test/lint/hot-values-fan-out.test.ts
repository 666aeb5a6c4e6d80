/**
 * verdict27 B: a key sharded for its hottest values only (`sharding.hotValues`) stores every other value unsharded, so
 * only the listed values' reads fan out over the shards; a read of any other value stays one query. SG017 counted every
 * fan-out read N times, the unsharded values' too (as for a key whose every value is sharded): a bot user at 30% of
 * 12,000 RCU sharded 4 ways made 48,000 RCU of requests, past the table-level quota, where its 3,600 RCU alone fan out:
 * 8,400 + 3,600 × 4 = 22,800. Sharding every value still counts every read 4 times.
 */
import { lint, normalize, type CosmosContainerDesign, type DynamoDbTableDesign, type Finding } from '../../lib';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { readRequests } from '../../lib/lint/read-requests';
import { container, table } from '../fixtures';

/** The read peak SG017 charges the table's key space with. */
const readsOf = (input: DynamoDbTableDesign) => {
  const { design } = normalize(input).designs[0];
  return readRequests(new DesignAnalysis(design).of(design.primaryKey));
};

/** A bot user at `share` of 12,000 RCU, every read a point read that queries each of the 4 random shards of its user. */
function botUser(sharding: DynamoDbTableDesign['sharding'], share = 0.3): DynamoDbTableDesign {
  return table({
    name: 'user-activity',
    partitionKey: { name: 'userId', type: 'S', cardinality: 1_000_000 },
    sortKey: { name: 'activityAt', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 12_000, peakWriteUnits: 3_000, hotKeyShare: share },
    launchAtPeak: false,
    sharding,
    accessPatterns: [{ name: 'get', keyAttributes: ['userId', 'activityAt'], share: 1, fanOut: true }],
  });
}

/** A whale tenant at 40% of 4,000 RU/s of reads and 20,000 of writes, its pages of recent events read over 2 shards. */
function whale(sharding: CosmosContainerDesign['sharding']): CosmosContainerDesign {
  return container({
    name: 'tenant-events',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
    workload: { peakReadUnits: 4_000, peakWriteUnits: 20_000, hotKeyShare: 0.4 },
    throughput: { manual: 32_000 },
    sharding,
    accessPatterns: [{ name: 'recent', keyAttributes: ['/tenantId'], share: 1, fanOut: true, limit: 50 }],
  });
}

const sg017 = (findings: readonly Finding[]) => findings.filter((f) => f.ruleId === 'SG017');

describe('SG017 counts the fan-out of the sharded values only (sharding.hotValues)', () => {
  it('DynamoDB: the bot user alone fans out (3,600 RCU × 4 beside 8,400 read once: 22,800), within the quota', () => {
    expect(sg017(lint(botUser({ strategy: 'random', shards: 4, hotValues: 1 })))).toEqual([]);
    // The count itself: the pattern's reads of the listed value, 30% of the key's.
    const reads = readsOf(botUser({ strategy: 'random', shards: 4, hotValues: 1 }));
    expect(reads).toMatchObject({ units: 22_800, logical: 12_000, fanOut: { patterns: ['get'], shards: 4, hotValues: 1 } });
    expect(reads.fanOut?.share).toBeCloseTo(0.3, 12);
    expect(reads.fanOut?.valueShare).toBeCloseTo(0.3, 12);
  });

  it('DynamoDB: every value sharded, every read fans out (48,000 RCU, past the 40,000 quota), as before', () => {
    const [over] = sg017(lint(botUser({ strategy: 'random', shards: 4 })));
    expect(over).toMatchObject({ messageId: 'overQuota', data: { peak: 48_000, fanOutShare: 1, fanOutShards: 4 } });
    expect(over.data).not.toHaveProperty('fanOutHotValues');
    expect(over.message).toContain(
      "`get` (100% of the 12,000 RCU of reads) query all 4 shards for every read, each charged at least one read unit (half of one for an eventually consistent read, as the peak's read units are)",
    );
  });

  it('DynamoDB: a read peak over the quota even so says which reads fan out and which stay one query', () => {
    // 70% of 12,000 read once, 30% × 12 shards: 8,400 + 43,200 = 51,600 RCU.
    const [over] = sg017(lint(botUser({ strategy: 'random', shards: 12, hotValues: 1 })));
    expect(over).toMatchObject({ messageId: 'overQuota', data: { peak: 51_600, fanOutShards: 12, fanOutHotValues: 1 } });
    expect(over.message).toContain(
      "`get` (30% of the 12,000 RCU of reads: only their reads of the hottest value, which sharding.hotValues shards (30% of the key's reads)) query all 12 shards for every read of a sharded value, while a read of any other value, stored unsharded, stays one query, each charged at least one read unit (half of one for an eventually consistent read, as the peak's read units are)",
    );
  });

  it('two listed values: the hottest and an even part of what it leaves', () => {
    const reads = readsOf(botUser({ strategy: 'random', shards: 4, hotValues: 2 }));
    const share = 0.3 + 0.7 / 999_999;
    expect(reads.fanOut?.valueShare).toBeCloseTo(share, 12);
    expect(reads.units).toBeCloseTo(12_000 * (1 - share) + 12_000 * share * 4, 6);
  });

  it('Cosmos DB: the whale alone fans out (1,600 RU/s × 2 beside 2,400: 25,600 RU/s), within 80% of 32,000', () => {
    expect(sg017(lint(whale({ strategy: 'random', shards: 2, hotValues: 1 })))).toEqual([]);
    // Every tenant sharded: 8,000 RU/s of reads + 20,000 of writes, 87.5% of the container's RU/s.
    const [every] = sg017(lint(whale({ strategy: 'random', shards: 2 })));
    expect(every).toMatchObject({ severity: 'warning', data: { peak: 28_000, peakReads: 8_000, fanOutShare: 1 } });
  });
});
