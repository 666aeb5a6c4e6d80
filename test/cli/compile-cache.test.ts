/**
 * The bin's V8 code cache of the start bundle, on a Node without `module.enableCompileCache` (Node
 * < 22.1; lib/cli/bin.ts): a second run uses it, a damaged or rejected one is compiled over and
 * replaced, a directory others could write is not used, `NODE_DISABLE_COMPILE_CACHE` turns it off,
 * a cache is used with the state of the bundle file it was made from only (or, made from a bundle
 * that had just changed, after checking the bundle's content), and none of it changes what a run
 * prints, its exit code or its stack traces. `NODE_DEBUG=skewguard`
 * makes what the cache did observable without timing anything.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { BIN, root, tempTree } from './helpers';

const nodeHasItsOwn = 'enableCompileCache' in nodeModule;
const LINT = ['lint', 'test/cli/fixtures/cloud-assembly'];

function run(cache: string | undefined, env: Record<string, string> = {}, args: readonly string[] = LINT, flags: readonly string[] = [], bin = BIN) {
  const result = spawnSync(process.execPath, [...flags, bin, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, NODE_DEBUG: 'skewguard', ...(cache === undefined ? {} : { NODE_COMPILE_CACHE: cache }), ...env },
  });
  const lines = result.stderr.split('\n');
  const said = lines.filter((line) => /^SKEWGUARD \d+: /.test(line)).map((line) => line.replace(/^SKEWGUARD \d+: /, ''));
  const stderr = lines.filter((line) => !/^SKEWGUARD \d+: /.test(line)).join('\n');
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr, said: said.join('\n') };
}

/** The cache files in `dir`: what each holds. */
const files = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.cache'));
/** A cache file's header line and its data, if its two copies of the data are the same. */
function parts(file: string): { header: string; data: Buffer | undefined } {
  const bytes = readFileSync(file);
  const newline = bytes.indexOf(10);
  const header = bytes.subarray(0, newline).toString('latin1');
  const size = Number(header.split(' ')[3]);
  const data = bytes.subarray(newline + 1, newline + 1 + size);
  return { header, data: bytes.length === newline + 1 + 2 * size && data.equals(bytes.subarray(newline + 1 + size)) ? data : undefined };
}
/** Whether a cache file is whole: its header names the format, and its two copies of the data are the same. */
const whole = (file: string) => parts(file).header.startsWith('skewguard-compile-cache 2 ') && parts(file).data !== undefined;

/** Waits until `file` last changed over 3 s ago: a cache made from it then records its identity (lib/cli/bin.ts, SETTLED_MS). */
function settle(file: string): void {
  const wait = statSync(file).ctimeMs + 3100 - Date.now();
  if (wait > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
}

/**
 * A fresh copy of the bin run once with a cache directory of its own, within SETTLED_MS of the copy, so the bundle it
 * reads has just changed. A run that ended 3 s or more after the copy, having recorded the bundle settled, may have read
 * it settled (a machine so loaded that Node took that long to start): not the case under test, so it is made again, up
 * to 5 times. A run that ended sooner and recorded it settled fails the test at once.
 */
function firstRunOfFreshCopy() {
  for (let attempt = 1; ; attempt++) {
    const copy = copyOfBin();
    const cache = join(tempTree(), 'cache');
    const first = run(cache, {}, LINT, [], copy.bin);
    const made = join(cache, files(cache)[0] ?? 'none');
    const tooSlowToTell = Date.now() - statSync(copy.bundle).ctimeMs >= 3000 && !/ unsettled /.test(files(cache).length > 0 ? parts(made).header : '');
    if (!tooSlowToTell || attempt === 5) return { copy, cache, first, made };
  }
}

/** A copy of the bin and its start bundle in a package of its own (a lint of the fixture loads no other bundle). */
function copyOfBin(): { bin: string; bundle: string } {
  const dir = tempTree({ 'package.json': readFileSync(join(root, 'package.json')) });
  mkdirSync(join(dir, 'dist/bin'), { recursive: true });
  for (const name of ['skewguard.js', 'skewguard-start.js']) copyFileSync(join(root, 'dist/bin', name), join(dir, 'dist/bin', name));
  return { bin: join(dir, 'dist/bin/skewguard.js'), bundle: join(dir, 'dist/bin/skewguard-start.js') };
}

(nodeHasItsOwn ? describe.skip : describe)('the bin’s compile cache (Node < 22.1)', () => {
  const dir = join(tempTree(), 'cache');
  let plain: ReturnType<typeof run>;
  let file: string;

  beforeAll(() => {
    settle(join(root, 'dist/bin/skewguard-start.js'));
    plain = run(dir, { NODE_DISABLE_COMPILE_CACHE: '1' });
  });

  it('is not used or made with NODE_DISABLE_COMPILE_CACHE=1', () => {
    expect(plain.status).toBe(1);
    expect(plain.stdout).toMatch(/SG\d{3}/);
    expect(plain.said).toBe('');
    expect(() => readdirSync(dir)).toThrow(/ENOENT/);
  });

  it('loads neither node:module nor Node’s ES module loader: the Module class the bin uses is its own module’s', () => {
    // Node's list of the built-ins it loaded, read at exit by a script preloaded with -r (it loads none of them itself).
    const probe = join(tempTree(), 'probe.js');
    writeFileSync(probe, "process.on('exit', () => process.stderr.write(`\\nLOADED ${process.moduleLoadList.join(',')}\\n`));\n");
    const { status, stdout, stderr } = run(join(tempTree(), 'cache'), {}, LINT, ['-r', probe]); // a cache of its own: `dir` is the next test's
    expect(status).toBe(1);
    expect(stdout).toBe(plain.stdout);
    const loaded = /^LOADED (.*)$/m.exec(stderr)?.[1].split(',') ?? [];
    expect(loaded).toContain('NativeModule vm'); // the list is the one asked for
    expect(loaded).not.toContain('NativeModule module');
    expect(loaded).not.toContain('NativeModule internal/modules/esm/loader');
  });

  it('is made by a first lint in a directory of its own (0700, file 0600), used by the second: same output', () => {
    const first = run(dir);
    expect(first.said).toMatch(/compile cache missing/);
    expect(first.said).toMatch(/compile cache written/);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(files(dir)).toHaveLength(1);
    file = join(dir, files(dir)[0]);
    const bundleStat = statSync(join(root, 'dist/bin/skewguard-start.js'), { bigint: true });
    expect(files(dir)[0]).toMatch(
      new RegExp(`^skewguard-start-[0-9a-f]{32}-${bundleStat.dev}-${bundleStat.ino}-${process.version}-${process.arch}-2\\.cache$`),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(whole(file)).toBe(true);
    const stat = statSync(join(root, 'dist/bin/skewguard-start.js'), { bigint: true });
    expect(parts(file).header).toBe(
      `skewguard-compile-cache 2 ${stat.dev}.${stat.ino}.${stat.size}.${stat.mtimeNs}.${stat.ctimeNs} ${parts(file).data?.length} findings,templates`,
    );
    const second = run(dir);
    expect(second.said).toBe(`compile cache used: ${file}`); // and not written again
    for (const result of [first, second]) expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
  });

  it('compiles over a damaged cache file, with the same output, and replaces it', () => {
    const damaged = readFileSync(file);
    damaged[damaged.length >> 1] ^= 0xff;
    writeFileSync(file, damaged);
    const result = run(dir);
    expect(result.said).toMatch(/is damaged \(its two copies differ\)/);
    expect(result.said).toMatch(/compile cache written/);
    expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
    expect(whole(file)).toBe(true);
  });

  it('compiles over a cache whose second copy of the data differs in its last byte (compared in chunks)', () => {
    const damaged = readFileSync(file);
    damaged[damaged.length - 1] ^= 0xff;
    writeFileSync(file, damaged);
    const result = run(dir);
    expect(result.said).toMatch(/is damaged \(its two copies differ\)/);
    expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
    expect(whole(file)).toBe(true);
  });

  it('decodes a bundle that is not ASCII as UTF-8 (esbuild writes ASCII; an edited bundle of the same size may not be)', () => {
    const copy = copyOfBin();
    const design = ['lint', 'examples/designs/good/uuid-orders.json'];
    const before = run(undefined, { NODE_DISABLE_COMPILE_CACHE: '1' }, design, [], copy.bin);
    expect(before.stdout).toMatch(/\u2714 no findings/);
    const bundle = readFileSync(copy.bundle, 'latin1');
    const escaped = 'c.green("\\u2714 no findings")';
    expect(bundle).toContain(escaped);
    // The same size in bytes: the check mark as UTF-8 (3 bytes) and three spaces for the escape's 6.
    writeFileSync(copy.bundle, Buffer.from(bundle.replace(escaped, 'c.green("\u2714 no findings")   '), 'utf8'));
    expect(statSync(copy.bundle).size).toBe(bundle.length);
    const result = run(join(tempTree(), 'cache'), {}, design, [], copy.bin);
    expect(result.said).toMatch(/compile cache missing/);
    expect({ ...result, said: '' }).toEqual({ ...before, said: '' });
  });

  it('compiles over a cache V8 rejects (whole, made from this bundle file), and replaces it', () => {
    const junk = Buffer.from('not V8 bytecode');
    const identity = parts(file).header.split(' ')[2];
    writeFileSync(file, Buffer.concat([Buffer.from(`skewguard-compile-cache 2 ${identity} ${junk.length} -\n`), junk, junk]));
    const result = run(dir);
    expect(result.said).toMatch(/compile cache rejected by V8/);
    expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
    expect(readFileSync(file).length).toBeGreaterThan(100_000);
    expect(whole(file)).toBe(true);
  });

  it('checks a bundle that had just changed by content, and records its identity once it has settled', () => {
    const { copy, cache, first, made } = firstRunOfFreshCopy();
    expect(first.said).toMatch(/compile cache written/);
    expect(parts(made).header).toMatch(/^skewguard-compile-cache 2 unsettled \d+ findings,templates$/);
    expect(run(cache, {}, LINT, [], copy.bin).said).toMatch(/^compile cache used: /);
    settle(copy.bundle);
    const settled = run(cache, {}, LINT, [], copy.bin);
    expect(settled.said).toMatch(/compile cache used: .*\ncompile cache written/);
    expect(parts(made).header).not.toMatch(/unsettled/);
    const stat = statSync(copy.bundle, { bigint: true });
    expect(parts(made).header.split(' ')[2]).toBe(`${stat.dev}.${stat.ino}.${stat.size}.${stat.mtimeNs}.${stat.ctimeNs}`);
    expect(run(cache, {}, LINT, [], copy.bin).said).toBe(`compile cache used: ${made}`);
    for (const result of [first, settled]) expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
  });

  it('is not used with another state of the bundle file; rewritten if the bundle is the one built, else not written', () => {
    const copy = copyOfBin();
    const cache = join(tempTree(), 'cache');
    settle(copy.bundle);
    run(cache, {}, LINT, [], copy.bin);
    const made = join(cache, files(cache)[0]);
    const bundle = readFileSync(copy.bundle);
    writeFileSync(copy.bundle, bundle); // the same bytes, written again: its ctime moves
    settle(copy.bundle);
    const rewritten = run(cache, {}, LINT, [], copy.bin);
    expect(rewritten.said).toMatch(/compile cache stale \(made from another state of the bundle file\): .*\ncompile cache written/);
    expect(run(cache, {}, LINT, [], copy.bin).said).toBe(`compile cache used: ${made}`);
    // The same size, other content: not the bundle the bin was built with, so no cache is made from it.
    const edited = Buffer.from(bundle.toString('latin1').replace('"use strict";', "'use strict';"), 'latin1');
    expect(edited.equals(bundle)).toBe(false);
    writeFileSync(copy.bundle, edited);
    const before = readFileSync(made);
    const result = run(cache, {}, LINT, [], copy.bin);
    expect(result.said).toMatch(/compile cache stale .*\ncompile cache not written: .* is not the file the bin was built with/);
    expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
    expect(readFileSync(made).equals(before)).toBe(true);
  });

  it('keeps one file per copy of the bundle: two installs of the same build, run in turn, each use their own', () => {
    const copies = [copyOfBin(), copyOfBin()];
    const cache = join(tempTree(), 'cache');
    for (const copy of copies) settle(copy.bundle);
    for (const copy of copies) expect(run(cache, {}, LINT, [], copy.bin).said).toMatch(/compile cache missing: .*\ncompile cache written/);
    expect(files(cache)).toHaveLength(2);
    for (const copy of [...copies, ...copies]) {
      const result = run(cache, {}, LINT, [], copy.bin);
      expect(result.said).toMatch(/^compile cache used: [^\n]*$/);
      expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
    }
  });

  it('grows to the paths its lints take, whichever ran first: rewritten by a lint that took a path it lacks, only then', () => {
    const cache = join(tempTree(), 'cache');
    const design = ['lint', 'examples/designs/good/uuid-orders.json'];
    const assembly = ['lint', 'test/cli/fixtures/cloud-assembly'];
    const steps = [
      [design, /compile cache missing: .*\ncompile cache written/, '-'],
      [design, /^compile cache used: [^\n]*$/, '-'],
      [assembly, /compile cache used: .*\ncompile cache written/, 'findings,templates'],
      [assembly, /^compile cache used: [^\n]*$/, 'findings,templates'],
      [design, /^compile cache used: [^\n]*$/, 'findings,templates'],
    ] as const;
    for (const [args, said, paths] of steps) {
      const result = run(cache, {}, args);
      expect(result.said).toMatch(said);
      expect(result.status).toBe(args === design ? 0 : 1);
      expect(parts(join(cache, files(cache)[0])).header.split(' ')[4]).toBe(paths);
    }
  });

  const unsafe: [string, (path: string) => void, RegExp][] = [
    ['writable by others (0777)', (path) => (mkdirSync(path), chmodSync(path, 0o777)), /is writable by others \(mode 777\)/],
    ['a symbolic link to a safe directory', (path) => symlinkSync(dir, path), /is a symbolic link/],
  ];
  if (process.getuid?.() === 0)
    unsafe.push(['owned by another user', (path) => (mkdirSync(path, { mode: 0o700 }), chownSync(path, 65534, 65534)), /is owned by uid 65534/]);
  it.each(unsafe)('is not used from a directory %s (and nothing is written there)', (_, make, why) => {
    const path = join(tempTree(), 'cache');
    make(path);
    const before = readdirSync(path);
    const result = run(path);
    expect(result.said).toMatch(why);
    expect(result.said).not.toMatch(/compile cache (used|written)/);
    expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
    expect(readdirSync(path)).toEqual(before);
  });

  // An internal error thrown from the bundle's code: a require of a lazy bundle that fails.
  const preload = join(
    tempTree({
      'fail.js': `const { Module } = require('node:module'); const require_ = Module.prototype.require; Module.prototype.require = function (id) { if (id.endsWith('skewguard-report-json.js')) throw new Error('planted'); return require_.call(this, id); };`,
    }),
    'fail.js',
  );
  const failing = (env: Record<string, string>, flags: readonly string[] = []) =>
    run(dir, { SKEWGUARD_DEBUG: '1', ...env }, [...LINT, '--format', 'json'], ['--require', preload, ...flags]);

  it('leaves an internal error’s stack naming the bundle’s line and column', () => {
    const cached = failing({});
    expect(cached.said).toMatch(/compile cache used/);
    const uncached = failing({ NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(cached.stderr).toMatch(/internal error: Error: planted/);
    expect(cached.stderr).toBe(uncached.stderr);
    const [, line, column] = /dist\/bin\/skewguard-start\.js:(\d+):(\d+)/.exec(cached.stderr) ?? [];
    const source = readFileSync(join(root, 'dist/bin/skewguard-start.js'), 'utf8').split('\n')[Number(line) - 1];
    expect(source.slice(Number(column) - 1)).toMatch(/^require\("\.\/skewguard-report-json\.js"\)/);
  });

  it('leaves --enable-source-maps mapping that stack into lib/ (node then loads the bundle itself)', () => {
    const mapped = failing({}, ['--enable-source-maps']);
    expect(mapped.said).toBe('');
    expect(mapped.stderr).toMatch(/lib\/cli\/commands\/lint\.ts:\d+:\d+/);
  });
});
