/**
 * SG003's sharding fix weighs the read peak its fan-out makes as SG017 does (lib/lint/throughput-quota.ts), not
 * against the bare table-level quota: on a provisioned table SG017 asks for peak ÷ headroom (the auto-scaling target)
 * and writes no edit where that passes the table-level or account-level quota. SG003 wrote its shards where the
 * fan-out peak was under 40,000 RCU, and --fix then met an SG017 it could not fix (39,000 RCU needing 48,750).
 */
import { lint, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

/** A job queue keyed by status (5 values, the hottest half the reads), read one job at a time over every shard. */
const queue = (table: Partial<DynamoDbTableDesign> & Pick<DynamoDbTableDesign, 'workload'>): DynamoDbTableDesign => ({
  name: 'jobs',
  partitionKey: { name: 'status', type: 'S', cardinality: 5 },
  sortKey: { name: 'jobId', type: 'S', cardinality: 'unique' },
  billing: 'provisioned',
  sharding: { strategy: 'random', shards: 2 },
  accessPatterns: [{ name: 'get', keyAttributes: ['status', 'jobId'], share: 1, fanOut: true }],
  ...table,
});

const sg003 = (table: DynamoDbTableDesign) => lint({ tables: [table] }).find((f) => f.ruleId === 'SG003');
const fixed = (table: DynamoDbTableDesign) => fixDesignText(JSON.stringify({ tables: [table] }, null, 2), {});

describe("SG003's shards weigh their fan-out as SG017 does", () => {
  it('table-level: 3 shards make 39,000 RCU of requests, which at 80% need 48,750, past the 40,000 quota: no edit', () => {
    // 6,500 RCU on the hottest status: 3,250 per shard over 2, over 2,400 usable; 3 shards fit (2,167).
    const jobs = queue({
      capacity: { read: { fixed: 33_000 }, write: { fixed: 200 } },
      workload: { peakReadUnits: 13_000, peakWriteUnits: 100, hotKeyShare: 0.5 },
    });
    const finding = sg003(jobs);
    expect(finding).toMatchObject({ data: { shards: 3, fanOutReads: 39_000, fanOutNeeded: 48_750, quota: 40_000, quotaName: 'table-level' } });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toContain(
      "the fan-out makes the table read 39,000 RCU at the peak (13,000 RCU of reads, each shard's query a request of its own, as SG017 counts them), which at 80% utilization take 48,750 RCU of read throughput for the table, above the default table-level read throughput quota of 40,000, so --fix writes no edit",
    );
    // --fix brings on no SG017 it cannot fix: it writes nothing, and says why.
    const result = fixed(jobs);
    expect(result.fixes).toEqual([]);
    expect(lint(JSON.parse(result.text)).map((f) => f.ruleId)).toEqual(['SG003']);
  });

  it('account-level: 37,500 RCU for the table fits its own quota, but with its GSIs it provisions 82,500, past 80,000: no edit', () => {
    const jobs = queue({
      capacity: { read: { fixed: 25_000 }, write: { fixed: 200 } },
      workload: { peakReadUnits: 10_000, peakWriteUnits: 100, hotKeyShare: 0.5 },
      globalSecondaryIndexes: [
        {
          indexName: 'byOwner',
          partitionKey: { name: 'ownerId', type: 'S', cardinality: 'unique' },
          capacity: { read: { fixed: 30_000 }, write: { fixed: 200 } },
        },
        {
          indexName: 'byQueue',
          partitionKey: { name: 'queueId', type: 'S', cardinality: 'unique' },
          capacity: { read: { fixed: 15_000 }, write: { fixed: 200 } },
        },
      ],
    });
    const finding = sg003(jobs);
    expect(finding).toMatchObject({ data: { fanOutReads: 30_000, fanOutNeeded: 82_500, quota: 80_000, quotaName: 'account-level' } });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toContain(
      'take 82,500 RCU of read throughput for the table and its GSIs together, above the default account-level read throughput quota of 80,000',
    );
  });

  it('within the quotas the shards are written, and --fix follows with the raise SG017 asks: 37,500 RCU for 30,000', () => {
    const jobs = queue({
      capacity: { read: { fixed: 25_000 }, write: { fixed: 200 } },
      workload: { peakReadUnits: 10_000, peakWriteUnits: 100, hotKeyShare: 0.5 },
    });
    expect(sg003(jobs)?.edits).toEqual([{ op: 'set', path: 'tables[0].sharding', value: { strategy: 'random', shards: 3 } }]);
    const result = fixed(jobs);
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG003', 'SG017']);
    const table = JSON.parse(result.text).tables[0] as DynamoDbTableDesign;
    expect(table.capacity).toEqual({ read: { fixed: 37_500 }, write: { fixed: 200 } });
    expect(lint({ tables: [table] })).toEqual([]);
  });
});
