/** What `skewguard lint` of a design file runs before its first finding: the modules of other
 *  commands, report formats and --fix stay unloaded, and a clean lint builds no collator (building
 *  one loads ICU's collation data). Runs the built command (the bundle), in a fresh process each. */
import { bundleRun } from './bundle-run';

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
  it('lint of a clean design file loads only the text report, no --fix code and no other command, and builds no collator', () => {
    const { code, ran, collators } = bundleRun(['lint', 'examples/designs/good/uuid-orders.json']);
    expect(code).toBe(0);
    expect(ran).toContain('dist/cli/report-text.js');
    expect(NOT_FOR_A_LINT.filter((module) => ran.includes(module))).toEqual([]);
    expect(collators).toBe(0);
  });

  it('the checks can fail: --format json loads its report module, and findings to order build the collator', () => {
    const { code, ran, collators } = bundleRun(['lint', 'examples/designs/bad', '--format', 'json']);
    expect(code).toBe(1);
    expect(ran).toContain('dist/cli/report-json.js');
    expect(collators).toBeGreaterThan(0);
  });
});
