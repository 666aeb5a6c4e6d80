#!/usr/bin/env node
/**
 * The `skewguard` bin: dist/bin/skewguard.js, copied from this file's tsc output by
 * scripts/bundle-cli.js (it runs from dist/bin only). It loads the start bundle beside it,
 * dist/bin/skewguard-start.js (main.ts, the core and what `lint` runs), and exports what that exports.
 *
 * The bundle is a file of its own so that a compile cache can cover it: Node compiles a file before
 * running any of its code, so a call inside the bundle would come too late for the bundle itself.
 * - Node ≥ 22.1: Node's own compile cache (`module.enableCompileCache`, as tsc's and eslint's bins
 *   use it), which keeps it in a temporary directory and checks it against each file's content.
 * - Older Node (20), run as the command: a V8 code cache of the start bundle that this file keeps
 *   itself (`loadStart` below), following Node's conventions: `NODE_DISABLE_COMPILE_CACHE=1` turns it
 *   off, `NODE_COMPILE_CACHE=<dir>` puts it there, else it lives in `<os.tmpdir()>/skewguard-compile-cache-<uid>`.
 *   Required as a library, under `--enable-source-maps` (Node maps only the files its loader
 *   compiled) or when anything below fails, the bundle is required as before.
 * No cache is shipped: V8 takes a cache from its own version only, checks it against the source's
 * length, not its content, and does not detect a damaged one (a flipped byte can crash it or change
 * a verdict). So the cache kept here is made on this machine, by this user, and is only used when
 * - its directory is a real directory (not a symbolic link), owned by the current user and writable by
 *   no one else: anyone who can write it could plant bytecode that runs as the user;
 * - its file is named after the bundle's content hash (stamped into this file by the build, with the
 *   bundle's size and CRC-32, both checked against the file read), the Node version and the arch;
 * - the checksum it carries matches its data (a damaged file is compiled over and replaced), and V8
 *   accepts it (`cachedDataRejected`: compiled normally and rewritten).
 * It is written after the command ran (so the functions the lint compiled lazily are in it), to a
 * temporary file renamed into place, and only by `lint`: a failure to read or write it is never an error.
 * The bundle is compiled as a `vm.Script` in the CommonJS wrapper, not with `vm.compileFunction`
 * (which needs no wrapper): only a Script makes its cache after it ran, lazily compiled functions
 * included (https://nodejs.org/api/vm.html#scriptcreatecacheddata). The wrapper's lines are its own
 * and `lineOffset: -1` takes them back, so stacks name the bundle's own lines and columns. Sources:
 * https://nodejs.org/api/module.html#module-compile-cache (Node's conventions, followed here),
 * https://nodejs.org/api/vm.html#scriptcacheddatarejected, https://nodejs.org/api/zlib.html#zlibcrc32data-value.
 * `NODE_DEBUG=skewguard` says what the cache did.
 *
 * The bundle is found beside this file's real path: under `--preserve-symlinks-main` a bin run
 * through node_modules/.bin has that directory as its `__dirname`.
 */
import type * as Crypto from 'node:crypto';
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';
import type * as Zlib from 'node:zlib';
import type * as Main from './main';

type Start = typeof Main & { bundledModule(path: string): unknown };

/** The start bundle's size, CRC-32 and SHA-256 (hex), written here by scripts/bundle-cli.js. */
interface Stamp {
  readonly size: number;
  readonly crc32: number;
  readonly sha256: string;
}
const START_STAMP: Stamp | undefined = undefined;

const START_FILE = join(dirname(realpathSync(__filename)), 'skewguard-start.js');
const debug = debuglog('skewguard');
const FORMAT = 'skewguard-compile-cache 1';
/** The CommonJS wrapper, on lines of their own: `lineOffset: -1` keeps the bundle's lines and columns. */
const WRAPPER = ['(function (exports, require, module, __filename, __dirname) {\n', '\n})'] as const;

type Checksum = (data: Uint8Array) => string;
interface Sum {
  readonly name: string;
  readonly of: Checksum;
}

/** CRC-32 where zlib has it (Node ≥ 20.15), else SHA-256: the checksum a cache file carries. */
function checksum(crc32: ((data: Uint8Array) => number) | undefined): Sum {
  if (crc32) return { name: 'crc32', of: (data) => crc32(data).toString(16) };
  const { createHash } = module.require('node:crypto') as typeof Crypto;
  return { name: 'sha256', of: (data) => createHash('sha256').update(data).digest('hex') };
}

/** The cache directory if it is safe to use (created 0700 if missing), else undefined, with why. */
function cacheDirectory(env: NodeJS.ProcessEnv): string | undefined {
  const uid = process.getuid?.();
  const dir = env.NODE_COMPILE_CACHE ? resolve(env.NODE_COMPILE_CACHE) : join(tmpdir(), `skewguard-compile-cache${uid === undefined ? '' : `-${uid}`}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    let unsafe: string | undefined;
    if (!stat.isDirectory()) unsafe = stat.isSymbolicLink() ? 'is a symbolic link' : 'is not a directory';
    else if (uid !== undefined && stat.uid !== uid) unsafe = `is owned by uid ${stat.uid}, not ${uid}`;
    else if (uid !== undefined && (stat.mode & 0o022) !== 0) unsafe = `is writable by others (mode ${(stat.mode & 0o777).toString(8)})`;
    if (unsafe === undefined) return dir;
    debug('compile cache not used: %s %s', dir, unsafe);
  } catch (error) {
    debug('compile cache not used: %s', (error as Error).message);
  }
  return undefined;
}

/** The cache file's data if it is ours and whole: a regular file of this user, its checksum matching. */
function readCache(file: string, sum: Sum): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const stat = fstatSync(fd);
    const uid = process.getuid?.();
    if (!stat.isFile() || (uid !== undefined && stat.uid !== uid)) {
      debug('compile cache ignored: %s is not a file of this user', file);
      return undefined;
    }
    const bytes = Buffer.allocUnsafe(stat.size);
    if (readSync(fd, bytes, 0, stat.size, 0) !== stat.size) {
      debug('compile cache ignored: %s was cut short', file);
      return undefined;
    }
    const newline = bytes.indexOf(10);
    const header = bytes.subarray(0, Math.max(newline, 0)).toString('latin1');
    const data = bytes.subarray(newline + 1);
    if (newline < 0 || header !== `${FORMAT} ${sum.name} ${sum.of(data)}`) {
      debug('compile cache ignored: %s is damaged (checksum)', file);
      return undefined;
    }
    return data;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') debug('compile cache ignored: %s', (error as Error).message);
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes the cache through a temporary file in the same directory, renamed into place: never an error. */
function writeCache(file: string, script: Script, sum: Sum): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const data = script.createCachedData();
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${FORMAT} ${sum.name} ${sum.of(data)}\n`, 'latin1'), data]), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
    debug('compile cache written: %s (%d bytes)', file, data.length);
  } catch (error) {
    debug('compile cache not written: %s', (error as Error).message);
    rmSync(temporary, { force: true });
  }
}

/**
 * Loads the start bundle as `module.require` would — a CommonJS module of its own in `require.cache`,
 * a child of this one, its `require` relative to dist/bin — compiled with the V8 code cache when one
 * is safe to use, else undefined (the caller requires it). Writes the cache at exit when `write` and
 * the cache was missing, damaged or rejected.
 */
function loadStart(stamp: Stamp | undefined, env: NodeJS.ProcessEnv, write: boolean): Start | undefined {
  if (!stamp || env.NODE_DISABLE_COMPILE_CACHE || process.sourceMapsEnabled) return undefined;
  const bytes = readFileSync(START_FILE);
  // Loaded here only: zlib costs a start a few million instructions, which Node ≥ 22.1 and a library require need not pay.
  const { crc32 } = module.require('node:zlib') as Partial<typeof Zlib>;
  const sum = checksum(crc32);
  if (bytes.length !== stamp.size || (crc32 && crc32(bytes) !== stamp.crc32)) {
    debug('compile cache not used: %s is not the file the bin was built with', START_FILE);
    return undefined;
  }
  const dir = cacheDirectory(env);
  if (dir === undefined) return undefined;
  const file = join(dir, `skewguard-start-${stamp.sha256.slice(0, 32)}-${process.version}-${process.arch}.cache`);
  const cachedData = readCache(file, sum);
  const script = new Script(WRAPPER[0] + bytes.toString('utf8') + WRAPPER[1], { filename: START_FILE, lineOffset: -1, cachedData });
  const hit = cachedData !== undefined && !script.cachedDataRejected;
  debug('compile cache %s: %s', hit ? 'used' : cachedData ? 'rejected by V8' : 'missing', file);
  // What `module.require` makes: a module of its own in require.cache (the lazy bundles require it
  // from there), a child of this one; its `require` resolves from dist/bin, and `require.main` is the bin.
  const start = new Module(START_FILE, module);
  start.filename = START_FILE;
  require.cache[START_FILE] = start;
  try {
    (script.runInThisContext() as (...args: unknown[]) => void).call(
      start.exports,
      start.exports,
      createRequire(START_FILE),
      start,
      START_FILE,
      dirname(START_FILE),
    );
  } catch (error) {
    delete require.cache[START_FILE];
    throw error;
  }
  start.loaded = true;
  if (write && !hit) process.once('exit', () => writeCache(file, script, sum));
  return start.exports as Start;
}

// Node ≥ 22.1 caches what its loader compiles; on Node 20 the bin, run as the command, keeps a cache itself.
const { enableCompileCache } = Module as { enableCompileCache?: () => unknown };
enableCompileCache?.();
const start =
  (!enableCompileCache && require.main === module && loadStart(START_STAMP, process.env, process.argv[2] === 'lint')) || (module.require(START_FILE) as Start);
module.exports = start;
if (require.main === module) start.main();
