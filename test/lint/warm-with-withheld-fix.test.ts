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

const exam = (resultKb?: number): DesignFile => ({
  tables: [
    {
      name: 'exam-answers',
      partitionKey: { name: 'examId', type: 'S', cardinality: 40 },
      sortKey: { name: 'studentQuestion', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 1500, peakWriteUnits: 6000, hotKeyShare: 0.95 },
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
