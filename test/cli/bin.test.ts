/**
 * The bin (lib/cli/bin.ts) loads the start bundle beside its own real path: one module instance for
 * the lazy bundles, stacks that name the bundle's lines, source maps, and a bin run through a
 * node_modules/.bin link under `--preserve-symlinks-main` (as Bazel's rules_js runs it).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, root, tempTree } from './helpers';

const run = (flags: readonly string[], bin: string, args: readonly string[]) =>
  spawnSync(process.execPath, [...flags, bin, ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH } });

describe('the bin', () => {
  it('runs a lint, a lazy bundle and a usage error thrown in a lazy bundle (one start bundle instance: instanceof holds)', () => {
    expect(run([], BIN, ['lint', 'examples/designs/good/uuid-orders.json']).status).toBe(0);
    const sarif = run([], BIN, ['lint', 'test/cli/fixtures/cloud-assembly', '--format', 'sarif']);
    expect(sarif.status).toBe(1);
    expect(JSON.parse(sarif.stdout).runs[0].results.length).toBeGreaterThan(0);
    const unknown = run([], BIN, ['explain', 'SG999']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown rule "SG999"/);
    expect(unknown.stderr).not.toMatch(/internal error/);
  });

  it('runs through a node_modules/.bin link under --preserve-symlinks-main', () => {
    const bin = join(tempTree(), 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(BIN, join(bin, 'skewguard'));
    const version = run(['--preserve-symlinks-main'], join(bin, 'skewguard'), ['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
    const sarif = run(['--preserve-symlinks-main'], join(bin, 'skewguard'), ['lint', 'test/cli/fixtures/cloud-assembly', '--format', 'sarif']);
    expect(sarif.status).toBe(1);
    expect(JSON.parse(sarif.stdout).version).toBe('2.1.0');
  });

  const stackOf = (flags: readonly string[]) =>
    spawnSync(process.execPath, [...flags, '-e', `require(${JSON.stringify(BIN)}).bundledModule('lib/cli/json-locations.ts').parseJsonWithLocations(null)`], {
      cwd: root,
      encoding: 'utf8',
    }).stderr;

  it('leaves stack traces naming the bundle at the right line and column', () => {
    const [, line, column] = /dist\/bin\/skewguard-start\.js:(\d+):(\d+)/.exec(stackOf([])) ?? [];
    const source = readFileSync(join(root, 'dist/bin/skewguard-start.js'), 'utf8').split('\n')[Number(line) - 1];
    expect(source.slice(Number(column) - 1)).toMatch(/^charCodeAt\(/);
  });

  it('leaves `--enable-source-maps` mapping the stack back to lib/, at the line and column that threw', () => {
    const [, line, column] = /lib\/cli\/json-locations\.ts:(\d+):(\d+)/.exec(stackOf(['--enable-source-maps'])) ?? [];
    const source = readFileSync(join(root, 'lib/cli/json-locations.ts'), 'utf8').split('\n')[Number(line) - 1];
    expect(source.slice(Number(column) - 1)).toMatch(/^charCodeAt\(/);
  });
});
