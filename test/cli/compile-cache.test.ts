/**
 * The bin's V8 code cache of the start bundle, on a Node without `module.enableCompileCache` (Node
 * < 22.1; lib/cli/bin.ts): a second run uses it, a damaged or rejected one is compiled over and
 * replaced, a directory others could write is not used, `NODE_DISABLE_COMPILE_CACHE` turns it off,
 * and none of it changes what a run prints, its exit code or its stack traces. `NODE_DEBUG=skewguard`
 * makes what the cache did observable without timing anything.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { BIN, root, tempTree } from './helpers';

const nodeHasItsOwn = 'enableCompileCache' in nodeModule;
const LINT = ['lint', 'test/cli/fixtures/cloud-assembly'];

function run(cache: string | undefined, env: Record<string, string> = {}, args: readonly string[] = LINT, flags: readonly string[] = []) {
  const result = spawnSync(process.execPath, [...flags, BIN, ...args], {
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
/** Whether a cache file's header carries the checksum of its data. */
function whole(file: string): boolean {
  const bytes = readFileSync(file);
  const newline = bytes.indexOf(10);
  return bytes.subarray(0, newline).toString('latin1') === `skewguard-compile-cache 1 crc32 ${crc32(bytes.subarray(newline + 1)).toString(16)}`;
}

(nodeHasItsOwn ? describe.skip : describe)('the bin’s compile cache (Node < 22.1)', () => {
  const dir = join(tempTree(), 'cache');
  let plain: ReturnType<typeof run>;
  let file: string;

  beforeAll(() => {
    plain = run(dir, { NODE_DISABLE_COMPILE_CACHE: '1' });
  });

  it('is not used or made with NODE_DISABLE_COMPILE_CACHE=1', () => {
    expect(plain.status).toBe(1);
    expect(plain.stdout).toMatch(/SG\d{3}/);
    expect(plain.said).toBe('');
    expect(() => readdirSync(dir)).toThrow(/ENOENT/);
  });

  it('is made by a first lint in a directory of its own (0700, file 0600), used by the second: same output', () => {
    const first = run(dir);
    expect(first.said).toMatch(/compile cache missing/);
    expect(first.said).toMatch(/compile cache written/);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(files(dir)).toHaveLength(1);
    file = join(dir, files(dir)[0]);
    expect(files(dir)[0]).toMatch(new RegExp(`^skewguard-start-[0-9a-f]{32}-${process.version}-${process.arch}\\.cache$`));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(whole(file)).toBe(true);
    const second = run(dir);
    expect(second.said).toBe(`compile cache used: ${file}`); // and not written again
    for (const result of [first, second]) expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
  });

  it('compiles over a damaged cache file, with the same output, and replaces it', () => {
    const damaged = readFileSync(file);
    damaged[damaged.length >> 1] ^= 0xff;
    writeFileSync(file, damaged);
    const result = run(dir);
    expect(result.said).toMatch(/is damaged \(checksum\)/);
    expect(result.said).toMatch(/compile cache written/);
    expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
    expect(whole(file)).toBe(true);
  });

  it('compiles over a cache V8 rejects (its checksum right), and replaces it', () => {
    const junk = Buffer.from('not V8 bytecode');
    writeFileSync(file, Buffer.concat([Buffer.from(`skewguard-compile-cache 1 crc32 ${crc32(junk).toString(16)}\n`), junk]));
    const result = run(dir);
    expect(result.said).toMatch(/compile cache rejected by V8/);
    expect({ ...result, said: '' }).toEqual({ ...plain, said: '' });
    expect(readFileSync(file).length).toBeGreaterThan(100_000);
    expect(whole(file)).toBe(true);
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
