/** The built command (scripts/bundle-cli.js): a start bundle, and the parts a lint never runs in
 *  bundles of their own that take the modules they share from it. Runs the built files. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, bundleRun, modulesOf as modulesAt, root, START_BUNDLE } from './bundle-run';
import { examples, tempTree } from './helpers';

const bin = join(root, 'dist/bin');
const bundles = readdirSync(bin).filter((file) => file.endsWith('.js'));

/** The modules of lib/ a bundle holds (the sources of its map, less those it takes from other bundles). */
const modulesOf = (file: string) => modulesAt(join(bin, file));

describe('the bundled command', () => {
  it('holds each module once, across all its bundles', () => {
    expect(bundles).toEqual(
      expect.arrayContaining(['skewguard.js', 'skewguard-start.js', 'skewguard-observe.js', 'skewguard-fix.js', 'skewguard-report-sarif.js']),
    );
    const all = bundles.filter((file) => file !== 'skewguard.js').flatMap(modulesOf);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((module, i) => all.indexOf(module) !== i)).toEqual([]);
    // The core and the CLI's error classes live in the start bundle; observe's own modules do not.
    expect(modulesOf('skewguard-start.js')).toEqual(expect.arrayContaining(['lib/index.ts', 'lib/cli/errors.ts', 'lib/design/errors.ts']));
    expect(modulesOf('skewguard-observe.js')).toContain('lib/cli/observe/drift.ts');
    expect(modulesOf('skewguard-start.js')).not.toContain('lib/cli/observe/drift.ts');
    expect(modulesOf('skewguard.js')).toEqual(['lib/cli/bin.ts']); // the bin, tsc's output: it loads the start bundle
  });

  it('keeps modules only lazy bundles share out of the start bundle, which every lint reads', () => {
    expect(modulesOf('skewguard-start.js')).not.toContain('lib/cli/json-edit.ts'); // --fix and observe
    expect(modulesOf('skewguard-start.js')).not.toContain('lib/cli/observe/drift-rule.ts'); // observe and rules
    expect(modulesOf('skewguard-fix.js')).toContain('lib/cli/json-edit.ts');
    expect(modulesOf('skewguard-rules.js')).toContain('lib/cli/observe/drift-rule.ts');
  });

  it("bundles the sources as ES modules: the start bundle's modules share one scope, a lazy bundle's start on first import", () => {
    const text = readFileSync(START_BUNDLE, 'utf8');
    // No CommonJS module of tsc's output (`exports.x = ...`, re-export getters), no module of lib/ in a wrapper: each runs as the bundle loads.
    // The only wrappers are the requires of the lazy bundles (what `import()` of their modules becomes).
    expect(/Object\.defineProperty\(exports\w*, ?"__esModule"/.test(text)).toBe(false);
    expect(/__esm\(\{/.test(text)).toBe(false);
    expect([...text.matchAll(/__commonJS\(\{"([^"]+)"/g)].map((match) => match[1]).filter((wrapped) => !wrapped.startsWith('other-bundle:'))).toEqual([]);
    // Strict, as the ES modules are (and as tsc's output of them was, module by module).
    for (const file of bundles.filter((file) => file !== 'skewguard.js'))
      expect(readFileSync(join(bin, file), 'latin1').startsWith('"use strict";\n')).toBe(true);
    // A lazy bundle's modules keep their lazy start: a command loads only some of them.
    expect([...readFileSync(join(bin, 'skewguard-fix.js'), 'utf8').matchAll(/__esm\(\{"(lib\/[^"]+\.ts)"\(\)/g)].map((match) => match[1]).sort()).toEqual(
      [...modulesOf('skewguard-fix.js')].sort(),
    );
  });

  it('a lint of a design file reads the bin and the start bundle alone; --fix and other formats read theirs', () => {
    expect(bundleRun(['lint', 'examples/designs/good/uuid-orders.json']).required.filter((file) => file.startsWith(bin))).toEqual([BUNDLE, START_BUNDLE]);
    const json = bundleRun(['lint', 'examples/designs/bad', '--format', 'json']);
    expect(json.code).toBe(1);
    expect(json.required.filter((file) => file.startsWith(bin))).toEqual([BUNDLE, START_BUNDLE, join(bin, 'skewguard-report-json.js')]);
  });

  // A second copy of dist/cli/errors.js in a lazy bundle would throw a UsageError that main.ts's
  // `instanceof UsageError` does not know: an internal error (a bug report) instead of a usage line.
  it.each([
    ['rules', ['explain', 'SG999'], /unknown rule "SG999"/],
    ['init', ['init', 'a', 'b'], /init takes one directory/],
    ['observe', ['observe', 'examples/designs/good'], /observe needs --observations/],
  ])('a usage error thrown from the %s bundle is one for the start bundle too', (_, args, message) => {
    const result = spawnSync(process.execPath, [BUNDLE, ...args], { cwd: root, encoding: 'utf8', input: '{}' });
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.status).toBe(2);
  });

  it('--fix runs from its bundle, editing the file', () => {
    const dir = tempTree({ 'design.json': readFileSync(join(examples, 'bad/monitoring-off.json')) });
    const result = spawnSync(process.execPath, [BUNDLE, 'lint', join(dir, 'design.json'), '--fix'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/fix/);
    expect(readFileSync(join(dir, 'design.json'), 'utf8')).not.toEqual(readFileSync(join(examples, 'bad/monitoring-off.json'), 'utf8'));
  });

  it('maps every bundle back to lib/ (`--enable-source-maps`)', () => {
    for (const file of bundles) {
      const map = JSON.parse(readFileSync(join(bin, `${file}.map`), 'utf8')) as { sources: string[] };
      expect(map.sources.filter((source) => source.startsWith('../../lib/cli/')).length).toBeGreaterThan(0);
    }
    const observe = spawnSync(
      process.execPath,
      ['--enable-source-maps', '-e', `require(${JSON.stringify(join(bin, 'skewguard-observe.js'))})['lib/cli/observe/command.ts']().observeCommand()`],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(observe.stderr).toMatch(/lib\/cli\/observe\/command\.ts:\d+/);
  });
});
