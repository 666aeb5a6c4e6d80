/**
 * The code cache the bin loads the start bundle through where Node has no compile cache of its own
 * (lib/cli/code-cache.ts): a warm run uses it, and a damaged, foreign or shared entry is never used.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { cacheDirectory, requireWithCodeCache } from '../../lib/cli/code-cache';
import { CODE_CACHE } from './bundle-run';
import { BIN, root, tempTree } from './helpers';

const CACHE_DIR = `skewguard-compile-cache-${process.getuid?.() ?? ''}`.replace(/-$/, '');
/** Node ≥ 22.1 has a compile cache of its own, and the bin uses that instead. */
const nodeHasCache = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** A lint of the test fixture (findings in two templates) with `tmp` as the temporary directory. */
const lint = (tmp: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [BIN, 'lint', 'test/cli/fixtures/cloud-assembly', '--format', 'json'], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, TMPDIR: tmp, ...env },
  });
const entriesOf = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.cache')) : []);

(nodeHasCache ? describe.skip : describe)('the bin on a Node without a compile cache', () => {
  const uncached = lint(tempTree(), { NODE_DISABLE_COMPILE_CACHE: '1' });

  it('writes one entry on a first run and uses it on the next, with the same report', () => {
    const tmp = tempTree();
    expect(entriesOf(join(tmp, CACHE_DIR))).toEqual([]);
    const first = lint(tmp);
    const [entry] = entriesOf(join(tmp, CACHE_DIR));
    expect(entry).toMatch(/^[0-9a-f]{64}\.cache$/);
    const path = join(tmp, CACHE_DIR, entry);
    expect(statSync(join(tmp, CACHE_DIR)).mode & 0o777).toBe(0o700);
    const written = statSync(path);
    const second = lint(tmp);
    // Used, not rewritten: V8 accepted it.
    expect(statSync(path).mtimeMs).toBe(written.mtimeMs);
    expect(statSync(path).ino).toBe(written.ino);
    for (const run of [first, second]) {
      expect(run.status).toBe(uncached.status);
      expect(run.stdout).toBe(uncached.stdout);
      expect(run.stderr).toBe('');
    }
  });

  it('turns off with NODE_DISABLE_COMPILE_CACHE, as Node’s own cache does', () => {
    const tmp = tempTree();
    expect(lint(tmp, { NODE_DISABLE_COMPILE_CACHE: '1' }).status).toBe(1);
    expect(existsSync(join(tmp, CACHE_DIR))).toBe(false);
  });

  it('does not use a damaged entry: the run is the same and the entry is written again, whole', () => {
    const tmp = tempTree();
    lint(tmp);
    const [entry] = entriesOf(join(tmp, CACHE_DIR));
    const path = join(tmp, CACHE_DIR, entry);
    const bytes = readFileSync(path);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(path, bytes);
    const run = lint(tmp);
    expect(run.stdout).toBe(uncached.stdout);
    expect(run.stderr).toBe('');
    const rewritten = readFileSync(path);
    expect(createHash('sha256').update(rewritten.subarray(32)).digest().equals(rewritten.subarray(0, 32))).toBe(true);
  });

  it('does not use or write a directory others can write to (a code cache is code)', () => {
    const tmp = tempTree({ [`${CACHE_DIR}/.keep`]: '' });
    chmodSync(join(tmp, CACHE_DIR), 0o777);
    const run = lint(tmp);
    expect(run.stdout).toBe(uncached.stdout);
    expect(entriesOf(join(tmp, CACHE_DIR))).toEqual([]);
  });
});

describe('requireWithCodeCache', () => {
  const moduleFile = (source: string) => {
    const dir = tempTree({ 'm.js': source });
    return join(dir, 'm.js');
  };

  it('runs a CommonJS file as require would, registered under its path', () => {
    const file = moduleFile('exports.value = 1 + 1;');
    // Node's own module cache (jest's `require` keeps a registry of its own).
    const nodeCache = (Module as unknown as { _cache: Record<string, NodeModule> })._cache;
    const exports = requireWithCodeCache(file, module, undefined) as { value: number };
    expect(exports.value).toBe(2);
    expect(nodeCache[file]?.loaded).toBe(true);
    expect(nodeCache[file]?.exports).toBe(exports);
    delete nodeCache[file];
  });

  it('names an entry by the file’s text: another file of the same length never takes it', () => {
    const dir = tempTree();
    const load = (file: string) =>
      spawnSync(
        process.execPath,
        ['-e', `console.log(require(${JSON.stringify(CODE_CACHE)}).requireWithCodeCache(${JSON.stringify(file)}, module, ${JSON.stringify(dir)}).value)`],
        {
          encoding: 'utf8',
        },
      ).stdout.trim();
    const a = moduleFile('exports.value = 1 + 1;');
    const b = moduleFile('exports.value = 2 + 2;'); // V8 alone would take a's cache for it
    expect([load(a), load(a), load(b), load(b)]).toEqual(['2', '2', '4', '4']);
    expect(entriesOf(dir)).toHaveLength(2);
  });

  it('keeps the file’s lines and columns in stack traces', () => {
    const file = moduleFile('exports.f = () => {\n  return null.x;\n};');
    const { f } = requireWithCodeCache(file, module, undefined) as { f: () => unknown };
    // The error is of the main context's realm, not jest's: its message and stack are what count.
    expect(() => f()).toThrow(/Cannot read properties of null/);
    try {
      f();
    } catch (error) {
      expect((error as Error).stack).toContain(`${file}:2:15`);
    }
    delete (Module as unknown as { _cache: Record<string, NodeModule> })._cache[file];
  });

  it('takes no directory from a user who turned caches off', () => {
    expect(cacheDirectory({ NODE_DISABLE_COMPILE_CACHE: '1' })).toBeUndefined();
  });
});
