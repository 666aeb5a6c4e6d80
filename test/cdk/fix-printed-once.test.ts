/**
 * SG001 and SG003 on one few-valued hot key give one fix: designReport() and the synth's violations (what `cdk synth`
 * prints) carry it once, the later finding referring to the earlier; `GuardedTable.findings` keep each full fix.
 */
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { designReport, GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { appWithStack, skewguardReport, synthError } from './support';

const props = {
  partitionKey: { name: 'examId', type: AttributeType.STRING, cardinality: 40 },
  sortKey: { name: 'studentId', type: AttributeType.STRING, cardinality: 60000 },
  workload: { peakReadUnits: 1500, peakWriteUnits: 6000, hotKeyShare: 0.95 },
  accessPatterns: [{ name: 'answers-of-student', keyAttributes: ['examId', 'studentId'], share: 1 }],
} as unknown as GuardedTableProps;

/**
 * Every read of an exam's answers names the student, so both lead with the composite key `examId#studentId` (one item
 * a key value), which needs no opening of SG001's own: the reference is the whole fix (test/testing/cdk-assertions
 * refers to a fix "without its opening").
 */
const REFERENCE = `the same as SG001's on this key, above`;

describe('a fix two findings on one key share, in CDK', () => {
  it('designReport() and the violations print it once; the findings keep it whole', () => {
    const { app, stack } = appWithStack({ context: { 'skewguard:failOn': 'error' } });
    const table = new GuardedTable(stack, 'Answers', props);
    const fixes = ['SG001', 'SG003'].map((id) => table.findings.find((f) => f.ruleId === id)?.fix ?? '');
    expect(fixes[0]).toBe(fixes[1]);
    expect(fixes[1]).toMatch(
      /^key the table by a composite attribute the application writes on each item, `examIdStudentId` = `examId` \+ "#" \+ `studentId` \(2,400,000 values\)/,
    );
    const report = designReport(app);
    expect(report).toContain(`fix: ${REFERENCE}`);
    expect(report.split(fixes[1]).length).toBe(2);
    expect(synthError(app)).not.toBe('');
    const violations = skewguardReport(app)?.violations ?? [];
    const byRule = (id: string) => violations.find((v) => v.ruleMetadata?.rule === id) as { suggestedFix?: string } | undefined;
    expect(byRule('SG001')?.suggestedFix).toBe(fixes[0]);
    expect(byRule('SG003')?.suggestedFix).toBe(REFERENCE);
  });
});
