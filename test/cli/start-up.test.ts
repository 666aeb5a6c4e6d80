/** What `skewguard lint` of a design file loads and builds before its first finding: the modules
 *  of other commands, report formats and --fix stay unloaded, and a clean lint builds no collator
 *  (building one loads ICU's collation data). Loads the built package, in a fresh process each. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const sink = '{ write() {} }';

/** Runs the built CLI in-process on `args`; returns the modules it loaded and the collators it built. */
function lintRun(args: readonly string[]): { modules: string[]; collators: number } {
  const script = `
    let collators = 0;
    const Collator = Intl.Collator;
    Intl.Collator = function (...rest) { collators++; return new Collator(...rest); };
    (async () => {
      const sink = ${sink};
      await require('./dist/cli/main.js').run(${JSON.stringify(args)}, { stdout: sink, stderr: sink, env: {}, cwd: process.cwd() });
      console.log(JSON.stringify({ modules: Object.keys(require.cache), collators }));
    })();`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as { modules: string[]; collators: number };
}

const cli = (file: string) => join('dist', 'cli', file);
const NOT_FOR_A_LINT = [
  'report-json.js',
  'report-sarif.js',
  'report-github.js',
  'fix.js',
  'json-edit.js',
  'safe-write.js',
  'commands/rules.js',
  'commands/init.js',
];

describe('what a lint loads at start', () => {
  it('lint of a clean design file loads only the text report, no --fix code and no other command, and builds no collator', () => {
    const { modules, collators } = lintRun(['lint', 'examples/designs/good/uuid-orders.json']);
    expect(modules.some((m) => m.endsWith(cli('report-text.js')))).toBe(true);
    expect(NOT_FOR_A_LINT.filter((file) => modules.some((m) => m.endsWith(cli(file))))).toEqual([]);
    expect(collators).toBe(0);
  });

  it('the checks can fail: --format json loads its report module, and findings to order build the collator', () => {
    const { modules, collators } = lintRun(['lint', 'examples/designs/bad', '--format', 'json']);
    expect(modules.some((m) => m.endsWith(cli('report-json.js')))).toBe(true);
    expect(collators).toBeGreaterThan(0);
  });
});
