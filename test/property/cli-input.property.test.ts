/**
 * Property-based tests of the CLI's input: file content — generated designs, designs with one
 * invalid field, arbitrary JSON, truncated JSON, random bytes — fed to the real `skewguard lint`
 * in-process on standard input. The exit code is always 0, 1 or 2, never an exception; a valid
 * design gets exactly the core's verdict; an invalid one is named by its field, with a line and
 * column; and the SARIF the CLI writes validates against the official 2.1.0 schema.
 */
import fc from 'fast-check';
import { DesignError, blockingFindings, lint, type DesignInput, type DesignIssue, type Finding } from '../../lib';
import { cli } from '../cli/helpers';
import { corrupted, cosmosContainer, designDocument, dynamoTable } from '../support/arbitrary-designs';
import { sarifErrors } from '../testing/support/sarif';
import { SEED, count, counted, reportCounts } from './support/counts';

interface JsonReport {
  files: {
    findings: { ruleId: string; path: string; severity: string; acknowledged: boolean }[];
    errors: { path: string; message: string; line?: number; column?: number }[];
  }[];
  summary: { errors: number; invalidFiles: number };
}

async function lintStdin(content: string | Buffer, format = 'json') {
  const result = await cli(['lint', '-', '--no-config', '--format', format], { stdin: content as string });
  expect([0, 1, 2]).toContain(result.code);
  expect(result.stderr).not.toMatch(/internal error|TypeError|RangeError|at .*\.js:\d+/);
  return result;
}

const anyDesign = fc.oneof(dynamoTable as fc.Arbitrary<DesignInput>, cosmosContainer as fc.Arbitrary<DesignInput>, designDocument as fc.Arbitrary<DesignInput>);
const layout = fc.constantFrom<string | number>(0, 2, 4, '\t');

/** The core's verdict on a design, or its input errors. */
function coreVerdict(design: DesignInput): { findings: Finding[] } | { issues: readonly DesignIssue[] } {
  try {
    return { findings: lint(design) };
  } catch (error) {
    if (error instanceof DesignError) return { issues: error.issues };
    throw error;
  }
}

describe('skewguard lint on generated file content', () => {
  it('gives a valid design exactly the core verdict: its findings, and exit 1 only for unacknowledged errors', async () => {
    await fc.assert(
      fc.asyncProperty(anyDesign, layout, async (design, indent) => {
        const core = coreVerdict(design);
        const { code, stdout } = await lintStdin(JSON.stringify(design, null, indent));
        const file = (JSON.parse(stdout) as JsonReport).files[0];
        if ('issues' in core) {
          count('cli: generated designs', 'invalid input');
          expect(code).toBe(2);
          expect(file.errors.map((e) => e.path).sort()).toEqual(core.issues.map((i) => i.path).sort());
          return;
        }
        const lists = design as { engine?: string; tables?: unknown[]; containers?: unknown[]; external?: unknown[] };
        const declared = lists.engine !== undefined || [lists.tables, lists.containers, lists.external].some((list) => (list?.length ?? 0) > 0);
        if (!declared) {
          // The core passes an empty document; the CLI refuses to call a file that declares nothing clean.
          count('cli: generated designs', 'declares nothing');
          expect(code).toBe(2);
          expect(file.errors.map((e) => e.message)).toEqual([expect.stringContaining('holds no design to lint')]);
          return;
        }
        count('cli: generated designs', code === 1 ? 'exit 1' : 'exit 0');
        expect(code).toBe(blockingFindings(core.findings).length > 0 ? 1 : 0);
        expect(file.findings.map((f) => [f.ruleId, f.path, f.severity, f.acknowledged])).toEqual(
          core.findings.map((f) => [f.ruleId, f.path, f.severity, f.acknowledged]),
        );
      }),
      { numRuns: 400, seed: SEED },
    );
    expect(counted('cli: generated designs', 'exit 1')).toBeGreaterThan(100);
    expect(counted('cli: generated designs', 'exit 0')).toBeGreaterThan(50);
  });

  it('names the invalid field of a design, at its line and column, and exits 2', async () => {
    await fc.assert(
      fc.asyncProperty(corrupted(anyDesign), layout, async ({ input, path }, indent) => {
        count('cli: corrupted designs', 'tried');
        const text = JSON.stringify(input, null, indent);
        const { code, stdout, stderr } = await lintStdin(text);
        expect(code).toBe(2);
        const error = (JSON.parse(stdout) as JsonReport).files[0].errors.find((e) => e.path === path);
        expect(error).toBeDefined();
        expect(error?.line).toBeGreaterThanOrEqual(1);
        expect(error?.column).toBeGreaterThanOrEqual(1);
        // The line and column point into the file: at the field's key or value.
        const lineText = text.split('\n')[(error?.line as number) - 1] ?? '';
        expect(lineText.length).toBeGreaterThanOrEqual((error?.column as number) - 1);
        expect(stderr).toContain(`: ${path}: `);
      }),
      { numRuns: 400, seed: SEED },
    );
  });

  it('never fails on arbitrary text, JSON, truncated designs or bytes: a verdict or an input error, always with a message', async () => {
    const truncated = fc.tuple(anyDesign, fc.double({ min: 0, max: 1, noNaN: true })).map(([design, at]) => {
      const text = JSON.stringify(design, null, 2);
      return text.slice(0, Math.floor(text.length * at));
    });
    const content = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v) ?? ''),
      truncated,
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc.integer({ min: 1, max: 200 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
      anyDesign.map((d) => `\ufeff${JSON.stringify(d)}`),
      anyDesign.map((d) => JSON.stringify(d).replace(/^\{/, '{"tables":[],')),
    );
    await fc.assert(
      fc.asyncProperty(content, async (input) => {
        const { code, stdout, stderr } = await lintStdin(input);
        count('cli: arbitrary content', `exit ${code}`);
        const report = JSON.parse(stdout) as JsonReport;
        expect(report.files).toHaveLength(1);
        if (code === 2) {
          expect(report.files[0].errors.length).toBeGreaterThan(0);
          expect(stderr.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 800, seed: SEED },
    );
    expect(counted('cli: arbitrary content', 'exit 2')).toBeGreaterThan(500);
  });
});

describe('SARIF written by skewguard lint', () => {
  it('validates against the SARIF 2.1.0 schema for valid and invalid designs, with one result per finding', async () => {
    const input = fc.oneof(
      anyDesign.map((design) => ({ design, path: undefined as string | undefined })),
      corrupted(anyDesign).map(({ input: design, path }) => ({ design, path })),
    );
    await fc.assert(
      fc.asyncProperty(input, async ({ design, path }) => {
        const { code, stdout } = await lintStdin(JSON.stringify(design, null, 2), 'sarif');
        const log = JSON.parse(stdout);
        expect(sarifErrors(log)).toEqual([]);
        const run = log.runs[0];
        if (code === 2) {
          count('cli: sarif', 'invalid input');
          expect(run.invocations[0].executionSuccessful).toBe(false);
          if (path) expect(JSON.stringify(run.invocations[0].toolExecutionNotifications)).toContain(path);
          return;
        }
        count('cli: sarif', 'findings');
        expect(run.results.filter((r: { ruleId: string }) => r.ruleId !== 'unused-acknowledgement')).toHaveLength(lint(design).length);
      }),
      { numRuns: 100, seed: SEED },
    );
  });
});

afterAll(() => reportCounts('cli input'));
