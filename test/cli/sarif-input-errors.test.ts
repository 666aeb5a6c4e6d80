/**
 * An input that could not be linted is a SARIF result of the `input-error` rule at its file and line: GitHub code
 * scanning shows results and ignores `invocations` (docs.github.com, "SARIF support for code scanning": only the
 * supported properties are used, and `toolExecutionNotifications` is not one), and SARIF 2.1.0 §3.58.1 puts a condition
 * of an analysed artifact in a result. The error notification stays: it says the run's results are incomplete (§3.20.21).
 */
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { cli, tempTree, UNIQUE_TABLE } from './helpers';

const validSarif = addFormats(new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false })).compile(
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
);

type Result = {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number; startColumn: number } } }[];
  partialFingerprints: Record<string, string>;
};

async function sarifOf(files: Record<string, string>) {
  const dir = tempTree(files);
  const { code, stdout } = await cli(['lint', ...Object.keys(files), '--format', 'sarif'], { cwd: dir });
  return { code, sarif: JSON.parse(stdout) };
}

describe('sarif: an input that could not be linted', () => {
  const invalid = JSON.stringify({ tables: [{ ...UNIQUE_TABLE, acknowledgements: [{ rule: 'SG099', reason: 'written for a rule since removed' }] }] }, null, 2);
  const files = { 'invalid.json': invalid, 'comments.json': '{\n  // orders\n  "tables": []\n}\n', 'good.json': JSON.stringify({ tables: [UNIQUE_TABLE] }) };

  it('is a result of the input-error rule, level error, at the file and line of the problem', async () => {
    const { code, sarif } = await sarifOf(files);
    expect(code).toBe(2);
    expect(validSarif(sarif) ? [] : validSarif.errors).toEqual([]);
    const run = sarif.runs[0];
    const results = (run.results as Result[]).filter((r) => r.ruleId === 'input-error');
    const line = invalid.split('\n').findIndex((l) => l.includes('"SG099"')) + 1;
    /** An error result with `text` in its message, at `uri` and the region `at`. */
    const errorAt = (text: string, uri: string, at: Record<string, number>) =>
      expect.objectContaining({
        level: 'error',
        message: { text: expect.stringContaining(text) },
        locations: [
          expect.objectContaining({
            physicalLocation: expect.objectContaining({ artifactLocation: expect.objectContaining({ uri }), region: expect.objectContaining(at) }),
          }),
        ],
      });
    expect(results).toEqual([
      errorAt('"SG099" is not a skewguard rule', 'invalid.json', { startLine: line }),
      errorAt('invalid JSON: line 2, column 3', 'comments.json', { startLine: 2, startColumn: 3 }),
    ]);
    // Its rule is in the driver with what GitHub requires of every rule (fullDescription, help.text), and the result points at it.
    const rules = run.tool.driver.rules as {
      id: string;
      fullDescription?: { text: string };
      help?: { text: string };
      helpUri?: string;
      defaultConfiguration?: { level: string };
    }[];
    const index = rules.findIndex((r) => r.id === 'input-error');
    expect(rules[index]).toMatchObject({
      fullDescription: { text: expect.any(String) },
      help: { text: expect.any(String) },
      defaultConfiguration: { level: 'error' },
    });
    expect(rules[index].helpUri).toMatch(/docs\/cli\.md#exit-codes$/);
    for (const r of results) expect(r.ruleIndex).toBe(index);
    expect(new Set(results.map((r) => r.partialFingerprints['skewguardFinding/v2'])).size).toBe(2);
    // The notification stays: an error one tells a SARIF consumer the run's results are incomplete.
    expect(run.invocations[0].executionSuccessful).toBe(false);
    expect(run.invocations[0].toolExecutionNotifications.map((n: { level: string }) => n.level)).toEqual(['error', 'error']);
  });

  it('keeps its fingerprint when lines are added above it (its rule, file and field path, not its line)', async () => {
    const print = async (text: string) =>
      ((await sarifOf({ 'invalid.json': text })).sarif.runs[0].results as Result[]).filter((r) => r.ruleId === 'input-error').map((r) => r.partialFingerprints);
    const before = await print(invalid);
    expect(before).toHaveLength(1);
    expect(await print(`\n\n${invalid}`)).toEqual(before);
  });

  it('a file skipped as no design (a note) is no result: it fails nothing', async () => {
    const { code, sarif } = await (async () => {
      const dir = tempTree({ 'designs/good.json': JSON.stringify({ tables: [UNIQUE_TABLE] }), 'designs/i18n.json': '{ "titles": {} }' });
      const run = await cli(['lint', 'designs', '--format', 'sarif'], { cwd: dir });
      return { code: run.code, sarif: JSON.parse(run.stdout) };
    })();
    expect(code).toBe(0);
    expect((sarif.runs[0].results as Result[]).filter((r) => r.ruleId === 'input-error')).toEqual([]);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications).toEqual([expect.objectContaining({ level: 'note' })]);
  });
});
