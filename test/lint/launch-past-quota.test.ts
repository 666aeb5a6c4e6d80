/**
 * stranger34a (budget pacing): on a table launched at its peak whose hottest value fits no shard count within the
 * 40,000-unit table-level quota, SG017's launch pre-warm asked for peak ÷ headroom (75,000 WCU) while SG003's fix asked
 * for the warm throughput past the quota at which the value's shards fit (now 115,000 WCU, N = 20), and that fix dropped
 * the `running-total` invariant's advice. One figure on every finding of the key now (`plannedWarmThroughput` reads the
 * past-quota lever too), and every lever that names a count carries the invariant's advice (`keepingInvariants`).
 * DynamoDB pre-warms only up to the table-level quota: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput.html
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { budgetPacing } from '../fixtures';

const pacing = (overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign => budgetPacing({ launchAtPeak: true, ...overrides });

const on = (findings: readonly Finding[], ruleId: string, path: string) => findings.find((f) => f.ruleId === ruleId && f.path === path);

describe('a launch past the table-level quota names one warm throughput', () => {
  const findings = lint(pacing());

  it('table: SG017 asks for the 115,000 WCU SG003 pre-warms to (was 75,000), and says 75,000 serve the peak alone', () => {
    const sg003 = on(findings, 'SG003', 'partitionKey');
    // 4,800 WCU hot of 60,000: 19 shards left 5% free at 118 partitions (252.63 + 59,747.37 ÷ 118 = 758.96 of 800) but two
    // on one partition took 505.26 + 506.33 − 2.14 = 1,009.45 WCU; 20 at 115: 240 + 519.65 = 759.65, pair 997.56.
    expect(sg003?.fix).toContain('pre-warm the table to 115,000 write units a second');
    expect(sg003?.fix).toContain('115 partitions, the least at which N = 20 shards fit with 5% of the usable ceiling free (shard into N = 20)');
    const sg017 = on(findings, 'SG017', 'workload');
    expect(sg017?.data).toMatchObject({ writeUnitsPerSecond: 115_000, launchWriteUnits: 75_000, planPartitions: 115, planShards: 20 });
    expect(sg017?.fix).toContain('writeUnitsPerSecond: 115,000 }, the warm throughput the fix for its hottest `campaignId` value sets');
    // Past the quota: said with its raise, and no edit --fix would write.
    expect(sg017?.fix).toContain('above the default table-level quota of 40,000 units per second');
    expect(sg017?.fix).toContain('request its raise to at least those figures first');
    expect(sg017?.edits).toBeUndefined();
  });

  it('GSI: SG017 on the index asks for the 118,000 WCU SG003 pre-warms it to (was 75,000), the pair test setting it', () => {
    // 9,600 WCU hot: 39 shards of 246.15 at 118 partitions, two on one taking 492.31 + 506.39 − 2.09 = 996.61 WCU; at 117
    // they leave 5% free (756.87 of 800) but take 1,000.93. 38 shards take 505.26 + 497.9 − 2.1 = 1,001.06 even at 120.
    const sg003 = on(findings, 'SG003', 'globalSecondaryIndexes[0].partitionKey');
    expect(sg003?.fix).toContain(
      'pre-warm index `by-advertiser` to 118,000 write units a second (warmThroughput): 118 partitions, the least at which N = 39 shards, two of them on one partition, fit its 1,000 WCU maximum (996.61 WCU there)',
    );
    const sg017 = on(findings, 'SG017', 'globalSecondaryIndexes[0].workload');
    expect(sg017?.data).toMatchObject({ writeUnitsPerSecond: 118_000, launchWriteUnits: 75_000, planShards: 39 });
    expect(sg017?.fix).toContain('118 partitions, the least at which two of its 39 shards on one partition fit its 1,000 WCU maximum');
  });

  it("the quota finding asks for the raise the key's pre-warm needs (115,000), not only the peak's 75,000", () => {
    const quota = on(findings, 'SG017', 'workload.peakWriteUnits');
    expect(quota?.data).toMatchObject({ suggested: 75_000, keyWarmUnits: 115_000 });
    expect(quota?.fix).toContain('the warm throughput the fix for its hottest `campaignId` value sets (SG003) needs it at 115,000 at least');
  });

  it('a launch whose key needs no pre-warm past the peak keeps the quota figure alone', () => {
    const quota = on(lint(pacing({ workload: { peakReadUnits: 12_000, peakWriteUnits: 60_000 } })), 'SG017', 'workload.peakWriteUnits');
    expect(quota?.data).toMatchObject({ suggested: 75_000 });
    expect(quota?.data).not.toHaveProperty('keyWarmUnits');
  });
});

describe("a shard count past the quota keeps the running total's advice", () => {
  const split = /keep it per shard \((\d+) sub-totals/;

  it('launched at its peak: SG003 shards into N = 20 and says how the running total survives it (20 sub-totals)', () => {
    const fix = on(lint(pacing()), 'SG003', 'partitionKey')?.fix ?? '';
    expect(fix).toContain('(shard into N = 20)');
    expect(fix.match(split)?.[1]).toBe('20');
    expect(fix).toContain('and declare splitPerShard');
    expect(fix).toContain('goes to one of the 20 sub-totals');
  });

  it('without launchAtPeak the same advice, at the count that fix names', () => {
    const fix = on(lint(pacing({ launchAtPeak: false })), 'SG003', 'partitionKey')?.fix ?? '';
    expect(fix).toMatch(split);
    expect(fix).toContain('and declare splitPerShard');
  });

  it('declared splitPerShard: no invariant clause (the sub-totals are kept already)', () => {
    const fix = on(lint(pacing({ invariants: [{ kind: 'running-total', description: 'spend', splitPerShard: true }] })), 'SG003', 'partitionKey')?.fix ?? '';
    expect(fix).toContain('(shard into N = 20)');
    expect(fix).not.toMatch(split);
  });

  it('--fix writes no shards of the key without splitPerShard (nor a warm throughput past the quota)', () => {
    const { text } = fixDesignText(JSON.stringify({ tables: [pacing()] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.sharding).toBeUndefined();
    expect(fixed.warmThroughput).toBeUndefined();
    expect(fixed.invariants).toEqual(pacing().invariants);
  });
});
