/**
 * Stranger20c problem 1: a table declared `launchAtPeak` meets its peak with the partitions it is created with: its warm
 * throughput's (declared, else a new on-demand table's 12,000 RCU and 4,000 WCU: "Understanding DynamoDB warm
 * throughput", scenarios), not the twice-the-peak an existing table has served its way to. SG003 counted 40 partitions
 * for a 20,000 WCU launch where SG017 counted a new table's 4, and `--fix` (SG017's 25,000 WCU of warm throughput, SG003's
 * 3 shards) left a clean lint on a design whose shards meet 233 + 19,767 ÷ 25 = 1,024 WCU on their partitions at launch.
 * And a launch meets its neighbours before adaptive capacity rebalances: no warning for "fits alone" there.
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';

const events = (over: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'events',
  partitionKey: { name: 'deviceId', type: 'S', cardinality: 200_000 },
  sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 2_000, peakWriteUnits: 20_000, hotKeyShare: 0.035, hotKeyOperations: 'writes' },
  launchAtPeak: true,
  ...over,
});

const hotKey = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003');

describe('a table launched at its peak is judged on the partitions it is created with', () => {
  it('the partitions of the warm throughput its launch peak alone needs (SG017), 25 (was 40, twice the peak), and an error: a launch meets the neighbours first', () => {
    // SG017 pre-warms the new table to 20,000 ÷ 80% = 25,000 WCU (25 partitions): SG003 counts the same partitions
    // (stranger21a: on a new table's 4 it asked for 23 shards where SG017's pre-warm left 3). (20,000 − 700) ÷ 25 = 772.
    const findings = lint(events());
    const hot = hotKey(findings);
    expect(hot).toMatchObject({
      severity: 'error',
      data: expect.objectContaining({ keySpacePartitions: 25, partitionsCountedBy: 'raised-warm-throughput', writeNeighbours: 772 }),
    });
    // SG017's pre-warm is the key fix's 38,000 WCU (3 shards fit on 38 partitions), not 25,000: the 25 are where it starts.
    expect(hot?.message).toContain(
      "25 partitions assumed, for the warm throughput its launch peak alone needs (peak ÷ 80% headroom; 3,000 RCU and 1,000 WCU each; a new table or GSI starts warm for 12,000 RCU and 4,000 WCU a second), the count the fix's pre-warm starts from: SG017 asks for that pre-warm, to 38 partitions, before the launch, not the peak's own",
    );
    expect(findings.find((f) => f.ruleId === 'SG017')?.fix).toContain(
      'writeUnitsPerSecond: 38,000 }, the warm throughput the fix for its hottest `deviceId` value sets',
    );
    expect(hot?.message).not.toContain('adaptive capacity moves frequently accessed items');
    expect(findings.find((f) => f.ruleId === 'SG017')?.fix).toContain('writeUnitsPerSecond: 25,000');
  });

  it("a launch SG017 does not pre-warm (its peak within a new table's 12,000 RCU and 4,000 WCU at 80%) keeps the new table's 4 partitions", () => {
    const hot = hotKey(lint(events({ workload: { peakReadUnits: 200, peakWriteUnits: 3_000, hotKeyShare: 0.35, hotKeyOperations: 'writes' } })));
    expect(hot?.data).toMatchObject({ keySpacePartitions: 4, partitionsCountedBy: 'warm-throughput' });
    expect(hot?.message).toContain('4 partitions assumed, for its warm throughput');
  });

  it("SG017's warm throughput with 3 shards is refused: each shard's partition carries 233.33 + 19,766.67 ÷ 25 WCU", () => {
    const design = events({
      warmThroughput: { writeUnitsPerSecond: 25_000 },
      sharding: { strategy: 'calculated', shards: 3, sourceAttribute: 'eventId' },
    });
    const hot = hotKey(lint(design));
    expect(hot).toMatchObject({
      severity: 'error',
      data: expect.objectContaining({ keySpacePartitions: 25, partitionsCountedBy: 'declared-warm-throughput' }),
    });
    expect(hot?.message).toContain('25 partitions assumed, for its declared warm throughput');
  });

  it("a launch near the table-level quota: the partitions of SG017's pre-warm at peak ÷ headroom, 45,000 WCU, 45 (dynA32: was 40, the pre-warm capped at the 40,000 quota)", () => {
    const findings = lint(events({ workload: { peakReadUnits: 2_000, peakWriteUnits: 36_000, hotKeyShare: 0.035, hotKeyOperations: 'writes' } }));
    // Capped at the quota, the pre-warm left the peak at 90% of it; the quota's raise is SG017's nearQuota finding.
    expect(findings.find((f) => f.ruleId === 'SG017' && f.messageId === 'notPreWarmed')?.fix).toContain('writeUnitsPerSecond: 45,000');
    expect(findings.find((f) => f.ruleId === 'SG017' && f.messageId === 'nearQuota')?.fix).toContain('to at least 45,000');
    const hot = hotKey(findings);
    expect(hot?.data).toMatchObject({ keySpacePartitions: 45, partitionsCountedBy: 'raised-warm-throughput', partitionsPeakDividedBy: 0.8 });
    // SG017's pre-warm is the held-back key fix's 72,000 WCU (past the quota), and its quota finding asks for that figure.
    expect(hot?.message).toContain(
      "45 partitions assumed, for the warm throughput its launch peak alone needs (peak ÷ 80% headroom; 3,000 RCU and 1,000 WCU each; a new table or GSI starts warm for 12,000 RCU and 4,000 WCU a second), the count the fix's pre-warm starts from: SG017 asks for that pre-warm, to 72 partitions, before the launch, not the peak's own",
    );
    expect(findings.find((f) => f.ruleId === 'SG017' && f.messageId === 'nearQuota')?.data).toMatchObject({ suggested: 45_000, keyWarmUnits: 72_000 });
  });

  it("a launch over only in combination (75% + 75% of a new table): the partitions of SG017's 22,500 RCU / 7,500 WCU pre-warm, 8 (was the new table's 4)", () => {
    const findings = lint(events({ workload: { peakReadUnits: 9_000, peakWriteUnits: 3_000, hotKeyShare: 0.4, hotKeyOperations: 'writes' } }));
    expect(findings.find((f) => f.ruleId === 'SG017')?.fix).toContain('{ readUnitsPerSecond: 22,500, writeUnitsPerSecond: 7,500 }');
    // (3,000 − 1,200) ÷ 8 = 225 WCU of neighbours, where the new table's 4 partitions gave 450.
    expect(hotKey(findings)?.data).toMatchObject({ keySpacePartitions: 8, partitionsCountedBy: 'raised-warm-throughput', writeNeighbours: 225 });
  });

  it('the same table not launched at its peak is judged as before: twice the peak, 40 partitions', () => {
    const hot = hotKey(lint(events({ launchAtPeak: false })));
    expect(hot?.data).toMatchObject({ keySpacePartitions: 40, partitionsCountedBy: 'twice-the-peak' });
  });
});
