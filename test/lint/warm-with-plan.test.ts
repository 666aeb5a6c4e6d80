/**
 * warm31: warm throughput cannot be lowered again ("Understanding DynamoDB warm throughput"), so SG017 writes the
 * pre-warm a key's plan sizes (`plannedWarmThroughput`) only where that plan's own edits are written with it. The
 * scheduler's status index: its plan (pre-warm to 40,000 WCU, then 39 shards) fans reads out past the 40,000 RCU
 * table-level quota, so --fix withholds it; SG017 then asks for the warm throughput the design as written needs (30,000).
 */
import { lint, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { schedulerJobs } from '../fixtures';

/** The scheduler's table with its status index, polled for `PENDING` (the review's scheduler.json). */
const jobs = () =>
  schedulerJobs({
    globalSecondaryIndexes: [
      {
        indexName: 'by-status',
        partitionKey: { name: 'status', type: 'S', cardinality: 3 },
        sortKey: { name: 'dueAt', type: 'S', cardinality: 'unique' },
        projectionType: 'ALL',
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
    expect(sg003?.data).toMatchObject({ warmWriteUnits: 40_000 });
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
    expect(warm).toEqual({ op: 'set', path: 'warmThroughput', value: { writeUnitsPerSecond: 38_000 } });
    const sg017 = on(findings, 'SG017');
    expect(sg017?.fix).toContain('writeUnitsPerSecond: 38,000 }, the warm throughput the fix for its hottest `tenantId` value sets');
    expect(sg017?.data).toMatchObject({ writeUnitsPerSecond: 38_000 });
  });

  it('--fix writes no warm throughput on the index beyond what its peak needs while its plan is not fixed', () => {
    const { text } = fixDesignText(JSON.stringify({ tables: [jobs()] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.globalSecondaryIndexes[0].warmThroughput).toEqual({ readUnitsPerSecond: 12_000, writeUnitsPerSecond: 30_000 });
    expect(fixed.globalSecondaryIndexes[0].partitionKey.name).toBe('status');
  });
});
