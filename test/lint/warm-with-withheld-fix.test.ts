/**
 * An exam platform launched at its peak (6,000 WCU, 95% on one `examId`): SG003's fix opens with a pre-warm to 28,000
 * WCU, the partitions at which two of its 14 shards on one partition fit, but withholds its edits until resultKb is
 * declared on the reads that would fan out. SG017 named and wrote the peak's own 7,500 WCU meanwhile, so a team that
 * deployed after the first --fix paid for two pre-warms that cannot be lowered. SG017 now names the key's figure and
 * leaves the write to the key's fix: one figure in both findings, written once.
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

/** A design file as --fix reads and writes it. */
type DesignFile = { tables: DynamoDbTableDesign[] };

const exam = (resultKb?: number, workload = { peakReadUnits: 1500, peakWriteUnits: 6000, hotKeyShare: 0.95 }): DesignFile => ({
  tables: [
    {
      name: 'exam-answers',
      partitionKey: { name: 'examId', type: 'S', cardinality: 40 },
      sortKey: { name: 'studentQuestion', type: 'S', cardinality: 'unique' },
      workload,
      launchAtPeak: true,
      accessPatterns: [
        { name: 'answers-of-student', keyAttributes: ['examId'], rangeAttribute: 'studentQuestion', share: 0.3, ...(resultKb ? { resultKb } : {}) },
        { name: 'room-status', index: 'by-exam-room', keyAttributes: ['examId'], rangeAttribute: 'roomStudent', share: 0.7, ...(resultKb ? { resultKb } : {}) },
      ],
      globalSecondaryIndexes: [
        {
          indexName: 'by-exam-room',
          partitionKey: { name: 'examId', type: 'S', cardinality: 40 },
          sortKey: { name: 'roomStudent', type: 'S', cardinality: 'unique' },
          projectionType: 'ALL',
        },
      ],
    },
  ],
});

const on = (findings: readonly Finding[], ruleId: string, index?: string) => findings.find((f) => f.ruleId === ruleId && f.index === index);
const fix = (design: DesignFile) => JSON.parse(fixDesignText(JSON.stringify(design, null, 2), {}).text) as DesignFile;
const warmOf = (design: DesignFile) => {
  const table = design.tables[0];
  return { table: table.warmThroughput, index: table.globalSecondaryIndexes?.[0]?.warmThroughput };
};

describe("SG017's launch pre-warm where the key's fix opens with a pre-warm it withholds", () => {
  it.each([undefined, 'by-exam-room'])('SG017 and SG003 on %s name one warm throughput: 28,000 WCU (was 7,500 on SG017)', (index) => {
    const findings = lint(exam());
    const sg003 = on(findings, 'SG003', index);
    const sg017 = on(findings, 'SG017', index);
    expect(sg003?.fix).toMatch(/^pre-warm (the table|index `by-exam-room`) to 28,000 write units a second/);
    expect(sg003?.edits).toBeUndefined();
    expect(sg017?.data).toMatchObject({ writeUnitsPerSecond: 28_000, launchWriteUnits: 7_500 });
    expect(sg017?.fix).toContain('writeUnitsPerSecond: 28,000 }, the warm throughput the fix for its hottest `examId` value sets');
    expect(sg017?.fix).toContain('--fix writes it together with that fix');
    expect(sg017?.edits).toBeUndefined();
  });

  it('--fix writes no warm throughput while the key fix waits, then 28,000 WCU once, and a further --fix changes none', () => {
    const first = fix(exam());
    expect(warmOf(first)).toEqual({ table: undefined, index: undefined });
    // The team then declares what the key's fix waits for, on the design as the first --fix left it.
    const declared = { tables: [{ ...first.tables[0], accessPatterns: first.tables[0].accessPatterns?.map((p) => ({ ...p, resultKb: 64 })) }] };
    const once = fix(declared);
    expect(warmOf(once)).toMatchObject({ table: { writeUnitsPerSecond: 28_000 }, index: { writeUnitsPerSecond: 28_000 } });
    expect(warmOf(fix(once))).toEqual(warmOf(once));
  });
});

describe("SG003's and SG017's quota words name the key's held-back plan, as SG017's pre-warm does", () => {
  it.each([undefined, 'by-exam-room'])("SG003 on %s counts 8 partitions for the peak alone, and says SG017 asks for its fix's 28", (index) => {
    const hot = on(lint(exam()), 'SG003', index);
    // 6,000 WCU ÷ 80% = 7,500: 8 partitions (300 WCU of other writes ÷ 8 = 37.5 beside the value); the fix pre-warms 28.
    expect(hot?.data).toMatchObject({ keySpacePartitions: 8, partitionsCountedBy: 'raised-warm-throughput', planWarmPartitions: 28 });
    expect(hot?.message).toContain(
      "8 partitions assumed, for the warm throughput its launch peak alone needs (peak ÷ 80% headroom; 3,000 RCU and 1,000 WCU each; a new table or GSI starts warm for 12,000 RCU and 4,000 WCU a second), the count the fix's pre-warm starts from: SG017 asks for that pre-warm, to 28 partitions, before the launch, not the peak's own",
    );
    expect(hot?.message).not.toContain('launch peak alone needs (SG017)');
  });

  // 33,000 WCU, 10% on one exam: 3,300 WCU. The peak alone pre-warms 41,250 WCU (42 partitions), past the 40,000 quota,
  // and no count within maxShards fits at any warm throughput within it, so SG003 holds its fix back for the quota's raise:
  // 13 shards on 66 partitions, two of which on one partition take 2 × 253.85 + (33,000 − 507.69) ÷ 66 = 1,000 WCU, the
  // partition's maximum (65: 1,007.57). SG017's pre-warm names 66,000; its quota finding asked only for 41,250.
  const nearQuota = exam(undefined, { peakReadUnits: 1500, peakWriteUnits: 33_000, hotKeyShare: 0.1 });

  it.each([undefined, 'by-exam-room'])("SG017's quota finding on %s asks for the 66,000 WCU the held-back fix pre-warms to", (index) => {
    const findings = lint(nearQuota);
    expect(on(findings, 'SG003', index)?.data).toMatchObject({ pastQuotaUnits: 66_000, pastQuotaShards: 13 });
    expect(on(findings, 'SG003', index)?.edits).toBeUndefined();
    const quota = findings.find((f) => f.ruleId === 'SG017' && f.index === index && f.messageId === 'nearQuota');
    expect(quota?.data).toMatchObject({ suggested: 41_250, keyWarmUnits: 66_000 });
    expect(quota?.fix).toContain('the warm throughput the fix for its hottest `examId` value sets (SG003) needs it at 66,000 at least');
    const warm = findings.find((f) => f.ruleId === 'SG017' && f.index === index && f.messageId === 'notPreWarmed');
    expect(warm?.data).toMatchObject({ writeUnitsPerSecond: 66_000, launchWriteUnits: 41_250 });
    expect(on(findings, 'SG003', index)?.message).toContain('42 partitions assumed, for the warm throughput its launch peak alone needs (peak ÷ 80% headroom;');
  });

  it("a quota finding whose key's fix pre-warms no further asks for the peak's own figure, with no key note", () => {
    // 95% of 33,000 WCU on one exam: no count fits at any warm throughput, so the fix pre-warms nothing (no count bound).
    const whale = exam(undefined, { peakReadUnits: 1500, peakWriteUnits: 33_000, hotKeyShare: 0.95 });
    const quota = lint(whale).find((f) => f.ruleId === 'SG017' && f.index === undefined && f.messageId === 'nearQuota');
    expect(quota?.data).toMatchObject({ suggested: 41_250 });
    expect(quota?.data).not.toHaveProperty('keyWarmUnits');
  });
});
