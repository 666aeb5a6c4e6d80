/**
 * Loads the start bundle with V8's code cache kept between runs, on a Node without a compile cache of
 * its own (Node < 22.1 has no `module.enableCompileCache`). Compiling the functions a lint runs is
 * most of what a start costs over a bare `node`: V8 compiles each function the first time it is
 * called, every run. A cache taken after a run holds those functions compiled, and the next run
 * starts from it (bench/cli.js measures both).
 *
 * The cache is checked before V8 sees it, because V8 checks a code cache against its own version and
 * the source's length only, and does not detect a damaged one (a flipped byte can crash it or change
 * a verdict):
 * - an entry is named by a SHA-256 of the Node version, the architecture and the bundle's text, so
 *   another build of the same length never meets it;
 * - an entry holds a SHA-256 of its own bytes, so a damaged or cut one is not used;
 * - the directory is the user's own (created 0700; one another user owns, or others can write, is
 *   not used), since a code cache is code.
 * Writing happens once, at exit, where no entry was used (temp + rename: two runs at once each write
 * a whole entry). Any failure to read or write leaves the run uncached, never failed: the cache only
 * saves time. `NODE_DISABLE_COMPILE_CACHE=1`, Node's own switch, turns it off.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** Node's CommonJS internals this loader uses to make the bundle a module like any `require`d one. */
type ModuleInternals = typeof Module & { _nodeModulePaths(from: string): string[]; _cache: Record<string, NodeModule> };

const DIGEST_BYTES = 32;
const sha256 = (...parts: (string | Uint8Array)[]) => parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest();

/** The user's cache directory, or undefined when it cannot be made or is not theirs alone. */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  const dir = join(tmpdir(), `skewguard-compile-cache${uid === undefined ? '' : `-${uid}`}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = statSync(dir);
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/** An entry's code cache when its digest holds, else undefined. */
function readEntry(path: string): Buffer | undefined {
  try {
    const entry = readFileSync(path);
    const data = entry.subarray(DIGEST_BYTES);
    return entry.length > DIGEST_BYTES && sha256(data).equals(entry.subarray(0, DIGEST_BYTES)) ? data : undefined;
  } catch {
    return undefined;
  }
}

function writeEntry(path: string, data: Buffer): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, Buffer.concat([sha256(data), data]), { mode: 0o600 });
    renameSync(temp, path);
  } catch {
    // The cache only saves time: a full disk or a read-only directory leaves the next run uncached.
  }
}

/**
 * Runs `file` (CommonJS) as `require(file)` would, registered in the module cache under its path (the
 * lazy bundles require it by that path, and must get this instance), compiled from the cache in `dir`.
 */
export function requireWithCodeCache(file: string, parent: NodeModule, dir: string | undefined = cacheDirectory()): unknown {
  const internals = Module as ModuleInternals;
  const source = readFileSync(file, 'utf8');
  const entry = dir === undefined ? undefined : join(dir, `${sha256(process.version, process.arch, source).toString('hex')}.cache`);
  const cachedData = entry === undefined ? undefined : readEntry(entry);
  // Node's CommonJS wrapper, on a line of its own with lineOffset -1: stack traces keep the bundle's lines and columns.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {\n${source}\n})`;
  const script = new Script(wrapped, { filename: file, lineOffset: -1, cachedData });
  const module = new Module(file, parent) as NodeModule & { paths: string[] };
  module.filename = file;
  module.paths = internals._nodeModulePaths(dirname(file));
  internals._cache[file] = module;
  if (entry !== undefined && (cachedData === undefined || script.cachedDataRejected === true))
    process.once('exit', () => writeEntry(entry, script.createCachedData()));
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: NodeModule, filename: string, dirname: string) => void;
  try {
    wrapper.call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  } catch (error) {
    delete internals._cache[file];
    throw error;
  }
  module.loaded = true;
  return module.exports;
}
