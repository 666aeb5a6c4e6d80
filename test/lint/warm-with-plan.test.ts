/**
 * warm31: warm throughput cannot be lowered again ("Understanding DynamoDB warm throughput"), so SG017 writes the
 * pre-warm a key's plan sizes (`plannedWarmThroughput`) only where that plan's own edits are written with it. The
 * scheduler's status index, its poll declared at 900 RCU: its plan (pre-warm to 40,000 WCU, then 49 shards) fans reads
 * out past the 40,000 RCU table-level quota, so --fix withholds it; SG017 then asks for the warm throughput the design as
 * written needs (30,000).
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { schedulerJobs } from '../fixtures';

/**
 * The scheduler's table with its status index, polled for `PENDING` (the review's scheduler.json), the poll's reads on
 * the index declared at `indexReads` (900 RCU unless said; null: the 1,200 RCU of its 60% share of the table's).
 * Each poll queries every shard of `PENDING`, each shard's partition serving it in full: at 1,200 RCU three of 49 shards
 * on one of 40 partitions take 3,600 RCU, past the hard 3,000; at 900, 2,700.
 */
const jobs = (indexReads: number | null = 900) =>
  schedulerJobs({
    globalSecondaryIndexes: [
      {
        indexName: 'by-status',
        partitionKey: { name: 'status', type: 'S', cardinality: 3 },
        sortKey: { name: 'dueAt', type: 'S', cardinality: 'unique' },
        projectionType: 'ALL',
        ...(indexReads === null ? {} : { workload: { peakReadUnits: indexReads } }),
      },
    ],
    accessPatterns: [
      { name: 'jobs-of-tenant', keyAttributes: ['tenantId'], rangeAttribute: 'dueAtJobId', share: 0.4, resultKb: 480 },
      { name: 'poll-pending', index: 'by-status', keyAttributes: ['status'], keyValue: 'PENDING', limit: 10, share: 0.6 },
    ],
  });

const on = (findings: readonly Finding[], ruleId: string, index?: string) => findings.find((f) => f.ruleId === ruleId && f.index === index);

describe('SG017 writes a plan-sized pre-warm only together with that plan', () => {
  it('a plan --fix withholds (fan-out past the quota): SG017 sizes the index on its peak alone, 30,000 WCU (was 40,000)', () => {
    const findings = lint(jobs());
    const sg003 = on(findings, 'SG003', 'by-status');
    expect(sg003?.edits).toBeUndefined();
    expect(sg003?.fix).toContain('so --fix writes no edit');
    // PENDING's 8,000 of the index's 24,000 WCU: 49 shards leave 5% free on 40 partitions (163.27 + 595.92 = 759.18; 48
    // leave 762.5), and ⌈49/40⌉ + 1 = 3 of them on one take 489.8 + 595.92 − 195.92 = 889.8 WCU and 2,700 RCU. Their
    // fan-out, 900 × 49 = 44,100 RCU (55,125 at 80%), passes the read quota.
    expect(sg003?.data).toMatchObject({ warmWriteUnits: 40_000, warmShards: 49, fanOutReads: 44_100 });
    const sg017 = on(findings, 'SG017', 'by-status');
    expect(sg017?.fix).toMatch(/^pre-warm it: set warmThroughput to \{ readUnitsPerSecond: 12,000, writeUnitsPerSecond: 30,000 \}, which serves/);
    expect(sg017?.data).toMatchObject({ writeUnitsPerSecond: 30_000 });
    expect(sg017?.edits).toEqual([
      { op: 'set', path: 'globalSecondaryIndexes[0].warmThroughput', value: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 30_000 } },
    ]);
  });

  it('a plan --fix writes (the table key): SG017 asks for the warm throughput that plan sets, which its edits carry too', () => {
    const findings = lint(jobs());
    const sg003 = on(findings, 'SG003');
    const warm = sg003?.edits?.find((e) => e.path === 'warmThroughput');
    // The tenant's 7,200 of 12,000 WCU: 16 shards leave 5% free on 38 partitions (450 + 303.95 = 753.95), but two of them on
    // one take 900 + 11,100 ÷ 38 = 1,192.11 of the hard 1,000 WCU; two of 20, 720 + 11,280 ÷ P, need 41 partitions, past
    // the quota's 40; two of 21 take 685.71 + 11,314.29 ÷ 36 = 1,000 on 36 (1,008.98 on 35).
    expect(warm).toEqual({ op: 'set', path: 'warmThroughput', value: { writeUnitsPerSecond: 36_000 } });
    const sg017 = on(findings, 'SG017');
    expect(sg017?.fix).toContain('writeUnitsPerSecond: 36,000 }, the warm throughput the fix for its hottest `tenantId` value sets');
    expect(sg017?.data).toMatchObject({ writeUnitsPerSecond: 36_000 });
  });

  it('--fix writes no warm throughput on the index beyond what its peak needs while its plan is not fixed', () => {
    const { text } = fixDesignText(JSON.stringify({ tables: [jobs()] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.globalSecondaryIndexes[0].warmThroughput).toEqual({ readUnitsPerSecond: 12_000, writeUnitsPerSecond: 30_000 });
    expect(fixed.globalSecondaryIndexes[0].partitionKey.name).toBe('status');
  });

  it('its poll at 1,200 RCU: no count within the write quota nor past it, since each shard serves the poll in full', () => {
    // Each poll queries every shard of `PENDING`, each shard's partition serving its page in full and each Query charged
    // on its own: 1,200 × N RCU as charged. The pair test then binds both ways: two of N on one of P take
    // 2 × 8,000 ÷ N + (24,000 − 16,000 ÷ N) ÷ P ≤ 1,000 WCU (N ≥ 32 at the 48 partitions twice the 24,000 WCU peak makes)
    // and 2,400 + 1,200 × (N − 2) ÷ P ≤ 3,000 RCU (N ≤ 26 at 48): no count at any warm throughput up to that bound. The plan
    // past the quota this test once named, 32 shards on 47 partitions (47,000 WCU), counted the declared 1,200 RCU beside
    // them; as charged, two of its shards on one partition take 2,400 + (38,400 − 2,400) ÷ 47 = 3,165.96 RCU, past 3,000.
    // Moved: pastQuotaShards 32 / pastQuotaPartitions 47 / pastQuotaUnits 47,000 → none.
    const findings = lint(jobs(null));
    const sg003 = on(findings, 'SG003', 'by-status');
    expect(sg003?.edits).toBeUndefined();
    expect(sg003?.data).not.toHaveProperty('pastQuotaShards');
    expect(sg003?.data).not.toHaveProperty('shards');
    expect(sg003?.fix).toMatch(/; or, to keep reading it by `status`: no count up to 1,000 keeps the hottest `status` value under its ceiling/);
    // Not "the partitions bind": at 1,000 shards the partitions are full only of the fan-out's own queries.
    expect(sg003?.fix).not.toContain('the partitions bind');
    const sg017 = on(findings, 'SG017', 'by-status');
    // No plan to pre-warm for: SG017 asks the launch's own pre-warm, 24,000 WCU ÷ 80%, within the quota, as for any key.
    expect(sg017?.data).not.toHaveProperty('planPartitions');
    expect(sg017?.data).toMatchObject({ writes: 24_000, writeUnitsPerSecond: 30_000 });
  });
});

/**
 * A declared count whose shards hashed two onto one partition pass its hard maximum (AWS "Burst and adaptive
 * capacity": a partition throttles past 3,000 RCU or 1,000 WCU) is reported where the fix offers no larger count, as a
 * planned count failing that test is rejected (above): before, only where a larger count passed.
 */
describe('a declared count whose pair passes the maximum, with no larger count offered', () => {
  /** The status index of `jobs(null)` declared at `shards` random shards, pre-warmed to `writeUnitsPerSecond`. */
  const sharded = (shards: number, writeUnitsPerSecond: number): DynamoDbTableDesign => {
    const design = jobs(null);
    const [index] = design.globalSecondaryIndexes ?? [];
    return {
      ...design,
      globalSecondaryIndexes: [
        {
          ...index,
          partitionKey: { name: 'statusShard', type: 'S', cardinality: 3 },
          sharding: { strategy: 'random', shards, logicalAttribute: 'status' },
          warmThroughput: { readUnitsPerSecond: 12_000, writeUnitsPerSecond },
        },
      ],
      accessPatterns: design.accessPatterns?.map((p) => (p.index === 'by-status' ? { ...p, keyAttributes: ['statusShard'], fanOut: true } : p)),
    };
  };

  // The poll's 1,200 RCU on every shard (each serves its page in full): 38,400 RCU as charged. Two of 32 on one of 47
  // partitions take 2,400 + (38,400 − 2,400) ÷ 47 = 3,165.96 RCU, past 3,000 (writes: 2 × 250 + 500 = 1,000 WCU, at
  // it). Each shard alone: 1,200 + 791.49 of a usable 2,400 RCU. Main: no finding.
  it('warns, with its figures, and writes no edit', () => {
    const hit = on(lint(sharded(32, 47_000)), 'SG003', 'by-status');
    expect(hit).toMatchObject({ severity: 'warning', messageId: 'hashedPairOver', edits: undefined });
    expect(hit?.data).toMatchObject({ declaredShards: 32, hashedPartitions: 47, hashedUnit: 'RCU', crowdLoad: expect.closeTo(3165.96, 2) });
    expect(hit?.message).toContain('two of them hashed onto one of its 47 partitions (a chance of 99.99%) take 3,165.96 RCU beside its neighbours');
    expect(hit?.fix).toMatch(/^the fix for the key offers no larger count of shards within maxShards \(100\)/);
  });

  // Pre-warmed to 64,000 WCU (64 partitions): two of 32 on one take 2,400 + 36,000 ÷ 64 = 2,962.5 RCU, within 3,000.
  it('stays quiet where the pair fits', () => {
    expect(lint(sharded(32, 64_000)).filter((f) => f.messageId === 'hashedPairOver')).toEqual([]);
  });
});
