// Review 23 (item 1): an `assertRefused(fn, …)` or `assertAccepted(fn)` without `await` as the last test of a jest file
// passed: its rejection came after the test had ended and was lost with the file (elsewhere in a file, jest blamed the
// unhandled rejection on whichever test ran then). The helpers now fail the test that made the call, naming it and its
// line (lib/testing/pulumi/unawaited.ts). Proven on real jest runs of fixture files, each in a jest of its own.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const support = resolve(__dirname, 'support/unawaited-fixture');

const head = `/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
import { assertAccepted, assertRefused, container, quiet } from ${JSON.stringify(support)};

beforeEach(quiet);
`;

/** Fixture files: name → body (line 7 is the first line after the head). */
const fixtures: Record<string, string> = {
  // The reviewer's case: the last test of the file, un-awaited, its design refused once the Output is known.
  'accepted-last.test.ts': `it('first', () => expect(1).toBe(1));
it('last', () => {
  assertAccepted(container());
});
`,
  'refused-last.test.ts': `it('first', () => expect(1).toBe(1));
it('last', () => {
  assertRefused(container('ok', 4_000), 'SG017');
});
`,
  // The same, awaited: they pass.
  'awaited.test.ts': `it('refused', async () => {
  await assertRefused(container(), 'SG017');
});
it('accepted', async () => {
  await assertAccepted(container('ok', 4_000));
});
it('returned', () => assertRefused(container(), 'SG017'));
it('rejects, read by expect', async () => {
  await expect(assertAccepted(container())).rejects.toThrow(/SG017/);
});
`,
  // Mid-file: the test that made the call fails, not the next one; one that passed un-awaited fails too.
  'middle.test.ts': `it('makes the call', () => {
  void assertRefused(container(), 'SG003');
});
it('runs next', async () => {
  await assertAccepted(container('ok', 4_000));
});
it('passes un-awaited', () => {
  void assertAccepted(container('ok', 4_000));
});
`,
};

interface Result {
  readonly title: string;
  readonly status: string;
  readonly failureMessages: string[];
}

let results: Record<string, { status: string; tests: Result[] }> = {};
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skewguard-unawaited-'));
  for (const [name, body] of Object.entries(fixtures)) writeFileSync(join(dir, name), head + body);
  const config = {
    rootDir: dir,
    testEnvironment: require.resolve('jest-environment-node'),
    transform: { '^.+\\.ts$': [require.resolve('ts-jest'), { tsconfig: resolve(__dirname, '../../tsconfig.json') }] },
    testMatch: ['**/*.test.ts'],
    // A machine shared with other jobs can take seconds for one run (jest's default is 5 s).
    testTimeout: 120_000,
  };
  const env = { ...process.env };
  delete env.JEST_WORKER_ID;
  const out = join(dir, 'results.json');
  await new Promise<void>((done) =>
    execFile(
      process.execPath,
      [require.resolve('jest/bin/jest'), '--config', JSON.stringify(config), '--runInBand', '--ci', '--no-watchman', '--json', `--outputFile=${out}`],
      { cwd: dir, env },
      () => done(),
    ),
  );
  const json = JSON.parse(readFileSync(out, 'utf8')) as { testResults: { name: string; status: string; assertionResults: Result[] }[] };
  results = Object.fromEntries(json.testResults.map((r) => [r.name.slice(dir.length + 1), { status: r.status, tests: r.assertionResults }]));
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const outcome = (file: string) => results[file]?.tests.map((t) => [t.title, t.status]);
const failure = (file: string, title: string) => results[file]?.tests.find((t) => t.title === title)?.failureMessages.join('\n') ?? '';

describe('an assertion nobody awaits, in a real jest run', () => {
  it('fails the last test of a file when assertAccepted(fn) was not awaited, naming the call, its line and the refusal', () => {
    expect(outcome('accepted-last.test.ts')).toEqual([
      ['first', 'passed'],
      ['last', 'failed'],
    ]);
    expect(failure('accepted-last.test.ts', 'last')).toContain(
      'an assertion was not awaited, so the test ended before it settled:\n' +
        '  assertAccepted(…) at accepted-last.test.ts:9:17 was not awaited: it failed, and the failure would have been lost: expected GuardedContainer "ot" to be accepted, but its design was refused\n' +
        'Write `await assertAccepted(…)` (or return it from the test). The lint rule @typescript-eslint/no-floating-promises finds every such call (docs/testing.md).',
    );
    // The refusal itself is the error's cause, with its report.
    expect(failure('accepted-last.test.ts', 'last')).toContain('error SG017 capacity-below-peak at throughput.manual (ot)');
  });

  it('fails the last test when assertRefused(fn, …) was not awaited and the components were accepted', () => {
    expect(outcome('refused-last.test.ts')).toEqual([
      ['first', 'passed'],
      ['last', 'failed'],
    ]);
    expect(failure('refused-last.test.ts', 'last')).toContain(
      'assertRefused(…) at refused-last.test.ts:9:16 was not awaited: it failed, and the failure would have been lost: expected a refusal with SG017, but the components were accepted',
    );
  });

  it('passes the same assertions awaited, returned or read by expect', () => {
    expect(results['awaited.test.ts']?.tests.flatMap((t) => t.failureMessages)).toEqual([]);
    expect(results['awaited.test.ts']?.status).toBe('passed');
    expect(outcome('awaited.test.ts')).toEqual([
      ['refused', 'passed'],
      ['accepted', 'passed'],
      ['returned', 'passed'],
      ['rejects, read by expect', 'passed'],
    ]);
  });

  it('mid-file, fails the test that made the call, not the next one; one that passed un-awaited fails too', () => {
    expect(outcome('middle.test.ts')).toEqual([
      ['makes the call', 'failed'],
      ['runs next', 'passed'],
      ['passes un-awaited', 'failed'],
    ]);
    expect(failure('middle.test.ts', 'makes the call')).toContain(
      'assertRefused(…) at middle.test.ts:8:21 was not awaited: it failed, and the failure would have been lost: expected GuardedContainer "ot" to be refused with SG003, but it was refused only with SG017',
    );
    expect(failure('middle.test.ts', 'passes un-awaited')).toContain(
      'assertAccepted(…) at middle.test.ts:14:22 was not awaited: it passed this time, but had it failed, no test would have',
    );
  });
});
