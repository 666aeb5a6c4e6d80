/**
 * A declared count whose shards hashed two onto one partition pass its hard maximum (AWS "Burst and adaptive
 * capacity": a partition throttles past 3,000 RCU or 1,000 WCU) is reported where the fix offers no larger count, as a
 * planned count failing that test is rejected (test/lint/warm-with-plan.test.ts): before, only where a larger count passed.
 */
import { lint, type DynamoDbTableDesign } from '../../lib';
import { schedulerJobs } from '../fixtures';

/** The scheduler's status index declared at `shards` random shards, pre-warmed to 47,000 WCU (47 partitions). */
const jobs = (shards: number, writeUnitsPerSecond = 47_000): DynamoDbTableDesign =>
  schedulerJobs({
    globalSecondaryIndexes: [
      {
        indexName: 'by-status',
        partitionKey: { name: 'statusShard', type: 'S', cardinality: 3 },
        sortKey: { name: 'dueAt', type: 'S', cardinality: 'unique' },
        projectionType: 'ALL',
        sharding: { strategy: 'random', shards, logicalAttribute: 'status' },
        warmThroughput: { readUnitsPerSecond: 12_000, writeUnitsPerSecond },
      },
    ],
    accessPatterns: [
      { name: 'jobs-of-tenant', keyAttributes: ['tenantId'], rangeAttribute: 'dueAtJobId', share: 0.4, resultKb: 480 },
      { name: 'poll-pending', index: 'by-status', keyAttributes: ['statusShard'], keyValue: 'PENDING', limit: 10, share: 0.6, fanOut: true },
    ],
  });

const pair = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG003' && f.index === 'by-status');

describe('a declared count whose pair passes the maximum, with no larger count offered', () => {
  // The poll's 1,200 RCU on every shard (each serves its page in full): 38,400 RCU as charged. Two of 32 on one of 47
  // partitions take 2,400 + (38,400 − 2,400) ÷ 47 = 3,165.96 RCU, past 3,000 (writes: 2 × 250 + 500 = 1,000 WCU, at
  // it). Each shard alone: 1,200 + 791.49 of a usable 2,400 RCU. Main: no finding.
  it('warns, with its figures, and writes no edit', () => {
    const hit = pair(jobs(32));
    expect(hit).toMatchObject({ severity: 'warning', messageId: 'hashedPairOver', edits: undefined });
    expect(hit?.data).toMatchObject({ declaredShards: 32, hashedPartitions: 47, hashedUnit: 'RCU', crowdLoad: expect.closeTo(3165.96, 2) });
    expect(hit?.message).toContain('two of them hashed onto one of its 47 partitions (a chance of 99.99%) take 3,165.96 RCU beside its neighbours');
    expect(hit?.fix).toMatch(/^the fix for the key offers no larger count of shards within maxShards \(100\)/);
  });

  // Pre-warmed to 64,000 WCU (64 partitions): two of 32 on one take 2,400 + 36,000 ÷ 64 = 2,962.5 RCU, within 3,000.
  it('stays quiet where the pair fits', () => {
    expect(lint(jobs(32, 64_000)).filter((f) => f.messageId === 'hashedPairOver')).toEqual([]);
  });
});
