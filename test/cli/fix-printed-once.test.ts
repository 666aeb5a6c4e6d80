/**
 * SG001 and SG003 on one few-valued hot key give one fix: the text report prints it once and the later finding refers
 * to it, while JSON keeps each finding's full `fix` for machine readers.
 */
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

const ANSWERS = {
  engine: 'dynamodb',
  name: 'exam-answers',
  partitionKey: { name: 'examId', type: 'S', cardinality: 40 },
  sortKey: { name: 'studentId', type: 'S', cardinality: 60000 },
  workload: { peakReadUnits: 1500, peakWriteUnits: 6000, hotKeyShare: 0.95 },
  accessPatterns: [{ name: 'answers-of-student', keyAttributes: ['examId', 'studentId'], share: 1 }],
};

/**
 * Every read of an exam's answers names the student, so both lead with the composite key `examId#studentId` (one item
 * a key value), which needs no opening of SG001's own: the reference is the whole fix. A fix with SG001's own opening
 * words is referred to "without its opening" (test/testing/cdk-assertions, test/lint/fixes-once).
 */
const REFERENCE = `fix: the same as SG001's on this key, above\n`;

describe('a fix two findings on one key share', () => {
  const file = () => join(tempTree({ 'answers.json': JSON.stringify(ANSWERS, null, 2) }), 'answers.json');

  it('text: printed once, under SG001; SG003 refers to it', async () => {
    const { stdout } = await cli(['lint', file(), '--no-color']);
    expect(stdout.match(/shard only the hottest `examId` value/g)).toHaveLength(1);
    expect(stdout).toContain(REFERENCE);
    expect(stdout.indexOf('SG001')).toBeLessThan(stdout.indexOf(REFERENCE));
  });

  it('JSON: each finding keeps its full fix', async () => {
    const { stdout } = await cli(['lint', file(), '--format', 'json']);
    const findings = JSON.parse(stdout).files[0].findings as { ruleId: string; fix: string }[];
    const fixes = ['SG001', 'SG003'].map((id) => findings.find((f) => f.ruleId === id)?.fix ?? '');
    expect(fixes[0]).toBe(fixes[1]);
    expect(fixes[1]).toMatch(
      /^key the table by a composite attribute the application writes on each item, `examIdStudentId` = `examId` \+ "#" \+ `studentId` \(2,400,000 values\)/,
    );
    expect(fixes[1]).toContain('shard only the hottest `examId` value');
  });
});
