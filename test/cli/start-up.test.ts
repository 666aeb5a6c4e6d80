/** What `skewguard lint` of a design file runs before its first finding: the modules of other
 *  commands, report formats and --fix stay unloaded. Runs the built command (the bundle), in a fresh
 *  process each. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BUNDLE, bundleRun, root } from './bundle-run';
import { tempTree } from './helpers';

const NOT_FOR_A_LINT = [
  'report-json.js',
  'report-sarif.js',
  'report-github.js',
  'fix.js',
  'json-edit.js',
  'safe-write.js',
  'commands/rules.js',
  'commands/init.js',
  'observe/command.js',
].map((file) => `dist/cli/${file}`);

describe('what a lint loads at start', () => {
  it('lint of a clean design file loads only the text report, no --fix code and no other command', () => {
    const { code, ran } = bundleRun(['lint', 'examples/designs/good/uuid-orders.json']);
    expect(code).toBe(0);
    expect(ran).toContain('dist/cli/report-text.js');
    expect(NOT_FOR_A_LINT.filter((module) => ran.includes(module))).toEqual([]);
  });

  it('the checks can fail: --format json loads its report module', () => {
    const { code, ran } = bundleRun(['lint', 'examples/designs/bad', '--format', 'json']);
    expect(code).toBe(1);
    expect(ran).toContain('dist/cli/report-json.js');
  });
});

describe('what the binary makes at start', () => {
  // A preload counts the reads of process.stderr: the first one creates the stream.
  const counter = join(
    tempTree({
      'count-stderr.js': [
        "const own = Object.getOwnPropertyDescriptor(process, 'stderr');",
        'let reads = 0;',
        "Object.defineProperty(process, 'stderr', { configurable: true, get() { reads++; return own.get.call(process); } });",
        "process.on('exit', () => require('node:fs').writeSync(1, `\\nstderr reads: ${reads}\\n`));",
      ].join('\n'),
    }),
    'count-stderr.js',
  );
  const stderrReads = (args: readonly string[]) => {
    const { stdout } = spawnSync(process.execPath, ['--require', counter, BUNDLE, ...args], { cwd: root, encoding: 'utf8' });
    return Number(/stderr reads: (\d+)\n$/.exec(stdout)?.[1]);
  };

  it('a clean lint never creates the stderr stream (nothing goes there); a usage error does', () => {
    expect(stderrReads(['lint', 'examples/designs/good/uuid-orders.json'])).toBe(0);
    expect(stderrReads(['lint', 'examples/designs/good/uuid-orders.json', '--bogus'])).toBeGreaterThan(0);
  });
});
