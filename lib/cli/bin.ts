#!/usr/bin/env node
/**
 * The `skewguard` bin: dist/bin/skewguard.js, copied from this file's tsc output by
 * scripts/bundle-cli.js (it runs from dist/bin only). It loads the start bundle beside it,
 * dist/bin/skewguard-start.js (main.ts, the core and what `lint` runs), and exports what that exports.
 *
 * The bundle is a file of its own so that a compile cache can cover it: Node compiles a file before
 * running any of its code, so a call inside the bundle would come too late for the bundle itself.
 * - Node >= 22.1: Node's own compile cache (`module.enableCompileCache`, as tsc's and eslint's bins
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
 *   bundle's size), the bundle file's device and inode (each installed copy keeps its own), the Node version and the arch;
 * - it was made from this state of the bundle file: it records the file's identity (device, inode,
 *   size, mtime, ctime), taken when the bundle was read and checked against the stamp's SHA-256 by the
 *   run that wrote it. A start compares the identity (an fstat) instead of hashing 0.7 MB: see
 *   `readBundle` for why that is sound, and for the bundle that had just changed, checked by content;
 * - its two copies of the data are the same (a damaged file is compiled over and replaced), and V8
 *   accepts it (`cachedDataRejected`: compiled normally and rewritten).
 * It is written after the command ran (so the functions the lint compiled lazily are in it), to a
 * temporary file synced and renamed into place, and only by `lint`: a failure to read or write it is never an error.
 * The bundle is compiled as a `vm.Script` in the CommonJS wrapper, not with `vm.compileFunction`
 * (which needs no wrapper): only a Script makes its cache after it ran, lazily compiled functions
 * included (https://nodejs.org/api/vm.html#scriptcreatecacheddata). The wrapper's lines are its own
 * and `lineOffset: -1` takes them back, so stacks name the bundle's own lines and columns. Sources:
 * https://nodejs.org/api/module.html#module-compile-cache (Node's conventions, followed here),
 * https://nodejs.org/api/vm.html#scriptcacheddatarejected, https://nodejs.org/api/fs.html#class-fsstats (ctime:
 * "the last time the file status was changed"), https://git-scm.com/docs/racy-git (stat data as a file's identity).
 * `NODE_DEBUG=skewguard` says what the cache did.
 *
 * The bundle is found beside this file's real path: under `--preserve-symlinks-main` a bin run
 * through node_modules/.bin has that directory as its `__dirname`.
 */
import { isAscii } from 'node:buffer';
import type * as Crypto from 'node:crypto';
import { closeSync, existsSync, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readSync, realpathSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import type * as NodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';
import type * as Main from './main';

type Start = typeof Main & { bundledModule(path: string): unknown };

/**
 * node:module's API: the CommonJS Module class, which node:module exports with its statics (`Module.Module`,
 * `createRequire`; https://nodejs.org/api/module.html#the-module-object). On Node 20, which has no
 * `enableCompileCache` (added in 22: https://nodejs.org/api/module.html#moduleenablecompilecachecachedir), it is
 * taken from this module (`module.constructor`): requiring node:module there loads Node's ES module loader and
 * source-map support first, some 1.1M instructions of every start, for two statics the class already has.
 */
const { createRequire, Module } = (
  Number(process.versions.node.split('.', 1)[0]) >= 22 ? module.require('node:module') : module.constructor
) as typeof NodeModule;

/** The start bundle's size and SHA-256 (hex), written here by scripts/bundle-cli.js. */
interface Stamp {
  readonly size: number;
  readonly sha256: string;
}
const START_STAMP: Stamp | undefined = undefined;

const START_FILE = join(dirname(realpathSync.native(__filename)), 'skewguard-start.js');
const debug = debuglog('skewguard');
const FORMAT = 'skewguard-compile-cache 2';
/** A cache file's header line is shorter than this (format, identity, length and the paths taken). */
const HEADER_MAX = 512;
/** The size of the reads that compare a cache file's second copy of the data with its first. */
const COMPARED_CHUNK = 64 * 1024;
/** A cache whose bundle changed less than this long before it was read records no file identity (see `readBundle`). */
const SETTLED_MS = 3000;
/** What a cache records instead of the bundle's identity when the bundle had just changed: its content is checked. */
const UNSETTLED = 'unsettled';
/** The CommonJS wrapper, on lines of their own: `lineOffset: -1` keeps the bundle's lines and columns. */
const WRAPPER = ['(function (exports, require, module, __filename, __dirname) {\n', '\n})'] as const;

/** The start bundle as read: its bytes, its source in the CommonJS wrapper, and what identifies that state of the file, if it had settled. */
interface Bundle {
  readonly bytes: Buffer;
  /** `WRAPPER[0] + bundle + WRAPPER[1]`, as one string: what the Script compiles. */
  readonly source: string;
  /** Device, inode, size, mtime and ctime (ns): any write to the file, or another file renamed over it, changes one. */
  readonly identity: string;
  /** The file's device and inode: which copy of the bundle this is (another install or checkout of the same build is another). */
  readonly place: string;
}

const identityOf = (stat: BigIntStats) => `${stat.dev}.${stat.ino}.${stat.size}.${stat.mtimeNs}.${stat.ctimeNs}`;

/**
 * Reads the start bundle with its identity. A file's ctime moves on every change to it and cannot be
 * set back, so a bundle whose identity a cache recorded is the bundle that cache was checked against
 * (by SHA-256, when it was written). Unless two changes fell within one tick of the file system's
 * clock: as git does for its index ("racily clean" entries), a bundle changed within SETTLED_MS
 * before it was read is identified as UNSETTLED, and a cache recording that is checked by content.
 */
function readBundle(): Bundle {
  const fd = openSync(START_FILE, 'r');
  try {
    const before = fstatSync(fd, { bigint: true });
    // The file is read between the wrapper's two parts, so an ASCII bundle (esbuild writes one) becomes the
    // source in one copy: a concatenation would be copied once more when V8 flattens it to compile.
    const head = Buffer.from(WRAPPER[0], 'latin1');
    const tail = Buffer.from(WRAPPER[1], 'latin1');
    const wrapped = Buffer.allocUnsafe(head.length + Number(before.size) + tail.length);
    head.copy(wrapped, 0);
    const read = readSync(fd, wrapped, head.length, Number(before.size), 0);
    const end = head.length + read;
    tail.copy(wrapped, end);
    const bytes = wrapped.subarray(head.length, end);
    const after = fstatSync(fd, { bigint: true });
    const settled = identityOf(before) === identityOf(after) && Date.now() - Number(after.ctimeMs) >= SETTLED_MS;
    const source = isAscii(bytes) ? wrapped.toString('latin1', 0, end + tail.length) : WRAPPER[0] + bytes.toString('utf8') + WRAPPER[1];
    return { bytes, source, identity: settled ? identityOf(after) : UNSETTLED, place: `${after.dev}-${after.ino}` };
  } finally {
    closeSync(fd);
  }
}

/** Whether `bytes` are the bundle the bin was built with (node:crypto is loaded for this only). */
function isStamped(bytes: Buffer, stamp: Stamp): boolean {
  const { createHash } = module.require('node:crypto') as typeof Crypto;
  return bytes.length === stamp.size && createHash('sha256').update(bytes).digest('hex') === stamp.sha256;
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

/** A cache file's content: the V8 code cache, the identity of the bundle it was made from, and the paths its lints took. */
interface Cache {
  readonly data: Buffer;
  readonly identity: string;
  readonly paths: ReadonlySet<string>;
}

/**
 * The paths of the start bundle a lint took, as the bin can tell them cheaply after it ran: a cloud
 * assembly (a directory with a manifest.json) or a template read (cfn, the template reader), and
 * findings reported (rules' messages, the report's code). A cache holds the functions the lints that
 * made it compiled; a lint that took a path its cache lacks compiled that path's functions itself,
 * and rewrites the cache, which then holds both: what is cached grows to the paths this machine's lints
 * take, whichever ran first, and stops being rewritten. (A one-file lint with the fixture's cache costs
 * about 5M instructions more than with its own; the fixture with a one-file lint's, 40M more.) A guess
 * wrong here costs time, never a result.
 */
function pathsTaken(args: readonly string[], exitCode: number | string | undefined): string[] {
  const paths: string[] = [];
  const inputs = args.filter((arg) => !arg.startsWith('-'));
  if (inputs.some((input) => input.endsWith('.template.json') || existsSync(join(input, 'manifest.json')))) paths.push('templates');
  if (Number(exitCode) === 1) paths.push('findings');
  return paths;
}

/**
 * The cache file's data if it is ours and whole: a regular file of this user, holding its header
 * (format, the bundle's identity, the data's length) and the data twice, both copies the same. A
 * copy compared with the other finds what a checksum would (a flipped byte, a cut or a block lost in
 * one place) without a checksum's code: Buffer#equals is a memcmp, where loading zlib for its CRC-32
 * cost every start about 11M instructions and a CRC-32 in JavaScript some 50 per byte.
 */
function readCache(file: string): Cache | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const stat = fstatSync(fd);
    const uid = process.getuid?.();
    if (!stat.isFile() || (uid !== undefined && stat.uid !== uid)) {
      debug('compile cache ignored: %s is not a file of this user', file);
      return undefined;
    }
    const start = Buffer.allocUnsafe(Math.min(stat.size, HEADER_MAX));
    const newline = start.subarray(0, readSync(fd, start, 0, start.length, 0)).indexOf(10);
    const [format, version, identity, length, paths] = start.subarray(0, Math.max(newline, 0)).toString('latin1').split(' ');
    const size = Number(length);
    if (newline < 0 || `${format} ${version}` !== FORMAT || !(size > 0) || paths === undefined || stat.size !== newline + 1 + 2 * size) {
      debug('compile cache ignored: %s is damaged or of another format (its header)', file);
      return undefined;
    }
    // The data in a buffer of its own, which starts aligned: V8 takes it where it is, where it copies data that
    // starts at an odd offset. The second copy is read in chunks and compared, not held.
    const data = Buffer.allocUnsafe(size);
    const chunk = Buffer.allocUnsafe(Math.min(size, COMPARED_CHUNK));
    let same = readSync(fd, data, 0, size, newline + 1) === size;
    for (let at = 0; same && at < size; at += chunk.length) {
      const length = Math.min(chunk.length, size - at);
      same = readSync(fd, chunk, 0, length, newline + 1 + size + at) === length && chunk.subarray(0, length).equals(data.subarray(at, at + length));
    }
    if (!same) {
      debug('compile cache ignored: %s is damaged (its two copies differ)', file);
      return undefined;
    }
    return { data, identity, paths: new Set(paths.split(',').filter((path) => path !== '-')) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') debug('compile cache ignored: %s', (error as Error).message);
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes the cache through a temporary file in the same directory, synced to disk and renamed into
 * place, if the bundle it was made from is the one the bin was built with: never an error.
 */
function writeCache(file: string, script: Script, bundle: Bundle, stamp: Stamp, checked: boolean, paths: readonly string[]): void {
  if (!checked && !isStamped(bundle.bytes, stamp)) {
    debug('compile cache not written: %s is not the file the bin was built with', START_FILE);
    return;
  }
  const temporary = `${file}.${process.pid}.tmp`;
  let fd: number | undefined;
  try {
    const data = script.createCachedData();
    fd = openSync(temporary, 'wx', 0o600);
    const header = `${FORMAT} ${bundle.identity} ${data.length} ${paths.length > 0 ? [...paths].sort().join(',') : '-'}\n`;
    for (const part of [Buffer.from(header, 'latin1'), data, data]) {
      for (let at = 0; at < part.length;) at += writeSync(fd, part, at);
    }
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, file);
    debug('compile cache written: %s (%d bytes)', file, data.length);
  } catch (error) {
    debug('compile cache not written: %s', (error as Error).message);
    if (fd !== undefined) closeSync(fd);
    rmSync(temporary, { force: true });
  }
}

/**
 * Loads the start bundle as `module.require` would - a CommonJS module of its own in `require.cache`,
 * a child of this one, its `require` relative to dist/bin - compiled with the V8 code cache when one
 * is safe to use, else undefined (the caller requires it). Writes the cache at exit when `write` and
 * the cache was missing, damaged or rejected.
 */
function loadStart(stamp: Stamp | undefined, env: NodeJS.ProcessEnv, write: boolean): Start | undefined {
  if (!stamp || env.NODE_DISABLE_COMPILE_CACHE || process.sourceMapsEnabled) return undefined;
  const bundle = readBundle();
  if (bundle.bytes.length !== stamp.size) {
    debug('compile cache not used: %s is not the file the bin was built with', START_FILE);
    return undefined;
  }
  const dir = cacheDirectory(env);
  if (dir === undefined) return undefined;
  // The format's number in the name too: a bin of another format beside this one (another checkout, another install) keeps its own file, not rewriting this one.
  // So does each copy of the same bundle (two projects with the same version installed): one file for both would
  // record one copy's identity, be stale for the other, and be compiled over and rewritten by each in turn.
  const file = join(dir, `skewguard-start-${stamp.sha256.slice(0, 32)}-${bundle.place}-${process.version}-${process.arch}-2.cache`);
  const cache = readCache(file);
  // A cache made from this state of the bundle file, or, made from a bundle that had just changed, checked by content.
  let checked = false;
  if (cache?.identity === UNSETTLED) {
    checked = isStamped(bundle.bytes, stamp);
    if (!checked) {
      debug('compile cache not used: %s is not the file the bin was built with', START_FILE);
      return undefined;
    }
  }
  const cachedData = checked || cache?.identity === bundle.identity ? cache?.data : undefined;
  const script = new Script(bundle.source, { filename: START_FILE, lineOffset: -1, cachedData });
  const hit = cachedData !== undefined && !script.cachedDataRejected;
  debug('compile cache %s: %s', hit ? 'used' : cachedData ? 'rejected by V8' : cache ? 'stale (made from another state of the bundle file)' : 'missing', file);
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
  if (write) {
    // Written when there was none to use; rewritten when this lint took a path the cache lacks, and
    // over one recorded as UNSETTLED once the bundle has settled. Each time holding the paths of both.
    const held = (hit && cache?.paths) || new Set<string>();
    process.once('exit', (code) => {
      const paths = new Set([...held, ...pathsTaken(process.argv.slice(3), process.exitCode ?? code)]);
      if (!hit || paths.size > held.size || (checked && bundle.identity !== UNSETTLED)) writeCache(file, script, bundle, stamp, checked, [...paths]);
    });
  }
  return start.exports as Start;
}

// Node >= 22.1 caches what its loader compiles; on Node 20 the bin, run as the command, keeps a cache itself.
const { enableCompileCache } = Module as { enableCompileCache?: () => unknown };
enableCompileCache?.();
const start =
  (!enableCompileCache && require.main === module && loadStart(START_STAMP, process.env, process.argv[2] === 'lint')) || (module.require(START_FILE) as Start);
module.exports = start;
if (require.main === module) start.main();
