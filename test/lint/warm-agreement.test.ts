/**
 * stranger24b: on a table launched at its peak, the findings on one key named two warm throughputs. SG017 pre-warmed
 * to peak ÷ headroom (10,000 WCU), the key's fix (SG003; SG002 on a time-bucket GSI) to the partitions at which the
 * hottest value's shards fit (36,000 WCU + 6 shards, two of which on one partition fit its maximum; on the GSI 40,000 against 20,000). Both now read one figure, the
 * key's plan's (`plannedWarmThroughput`), and SG017 says what each figure covers; --fix converges on it.
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const events = (peakWriteUnits: number, overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'events',
  partitionKey: { name: 'tenantId', type: 'S', cardinality: 10_000 },
  sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
  launchAtPeak: true,
  workload: { peakReadUnits: 2_000, peakWriteUnits, hotKeyShare: 0.3 },
  ...overrides,
});

const byDay = {
  indexName: 'by-day',
  partitionKey: { name: 'day', type: 'S' as const, cardinality: 365 },
  sortKey: { name: 'eventId', type: 'S' as const },
  workload: { peakWriteUnits: 16_000, hotKeyShare: 0.25 },
};

const on = (findings: readonly Finding[], ruleId: string, index?: string) => findings.find((f) => f.ruleId === ruleId && f.index === index);

describe('one warm throughput for a key launched at its peak', () => {
  // The tenant's 2,400 of 8,000 WCU: 5 shards leave 5% free on 27 partitions (480 + 7,520 ÷ 27 = 758.52), but two of them on
  // one partition take 960 + 7,040 ÷ P, over the hard 1,000 WCU at any P up to the quota's 40; two of 6 take 800 + 7,200 ÷
  // 36 = 1,000 on 36 (1,005.71 on 35).
  it('table: SG017 asks for the 36,000 WCU SG003 pre-warms to (was 10,000), and says 10,000 serve the peak alone', () => {
    const findings = lint(events(8_000));
    const sg003 = on(findings, 'SG003');
    const sg017 = on(findings, 'SG017');
    expect(sg003?.data).toMatchObject({ warmWriteUnits: 36_000, warmPartitions: 36, shards: 6 });
    expect(sg017?.data).toMatchObject({ writeUnitsPerSecond: 36_000, launchWriteUnits: 10_000 });
    expect(sg017?.fix).toContain('writeUnitsPerSecond: 36,000 }, the warm throughput the fix for its hottest `tenantId` value sets');
    // 10 partitions for the peak's own 10,000 WCU, but SG017 asks for the fix's 36,000: the count is where that pre-warm starts.
    expect(sg003?.message).toContain(
      "10 partitions assumed, for the warm throughput its launch peak alone needs (peak ÷ 80% headroom; 3,000 RCU and 1,000 WCU each; a new table or GSI starts warm for 12,000 RCU and 4,000 WCU a second), the count the fix's pre-warm starts from: SG017 asks for that pre-warm, to 36 partitions, before the launch, not the peak's own",
    );
  });

  it('GSI: SG017 on the index asks for the 40,000 WCU SG002 pre-warms it to (was 20,000)', () => {
    const findings = lint(events(2_000, { partitionKey: { name: 'tenantId', type: 'S', cardinality: 'unique' }, globalSecondaryIndexes: [byDay] }));
    expect(on(findings, 'SG002', 'by-day')?.data).toMatchObject({ warmWriteUnits: 40_000 });
    expect(on(findings, 'SG017', 'by-day')?.data).toMatchObject({ writeUnitsPerSecond: 40_000, launchWriteUnits: 20_000 });
  });

  it('where the peak alone leaves a wider count (35 shards on 11 partitions), SG017 names it as the alternative SG003 gives', () => {
    const findings = lint(events(8_100));
    expect(on(findings, 'SG003')?.fix).toContain('; or, on the 11 partitions counted now, N = 35 shards');
    const sg017 = on(findings, 'SG017');
    // 2,430 of 8,100 WCU: two of 6 shards take 810 + 7,290 ÷ 39 = 996.92 on 39 partitions (1,001.84 on 38); two of 5,
    // 972 + 7,128 ÷ P, need more than the quota's 40.
    expect(sg017?.data).toMatchObject({ writeUnitsPerSecond: 39_000, launchWriteUnits: 10_125, launchShards: 35 });
    expect(sg017?.fix).toContain('on whose 11 partitions that value would need N = 35 shards, the wider fan-out that fix names as its alternative');
  });

  it('a launch whose key needs no pre-warm of its own keeps the peak ÷ headroom figure and wording', () => {
    const sg017 = on(lint(events(8_000, { workload: { peakReadUnits: 2_000, peakWriteUnits: 8_000 } })), 'SG017');
    expect(sg017?.fix).toMatch(/^pre-warm it: set warmThroughput to \{ readUnitsPerSecond: 12,000, writeUnitsPerSecond: 10,000 \}, which serves/);
  });

  it('--fix writes the one figure on the table and the index, and the re-lint is clean', () => {
    const design = events(8_000, { globalSecondaryIndexes: [byDay] });
    const { text } = fixDesignText(JSON.stringify({ tables: [design] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.warmThroughput.writeUnitsPerSecond).toBe(36_000);
    expect(fixed.globalSecondaryIndexes[0].warmThroughput.writeUnitsPerSecond).toBe(40_000);
    expect(lint({ tables: [fixed] })).toEqual([]);
  });
});
