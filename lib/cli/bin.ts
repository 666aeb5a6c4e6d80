#!/usr/bin/env node
/**
 * The `skewguard` bin: dist/bin/skewguard.js, bundled from this file by scripts/bundle-cli.js (it runs
 * from dist/bin only). It loads the start bundle beside it, dist/bin/skewguard-start.js (main.ts, the
 * core and what `lint` runs), and exports what that exports.
 *
 * Most of a start is V8 compiling the start bundle's functions as they first run. The build runs
 * representative lints and saves the compiled code as a V8 code cache beside the bundle, named for
 * the Node version and architecture it was made with (V8 accepts a cache from its own version only).
 * When that file is here, the bundle is compiled from it, as Node's loader would compile it but with
 * `cachedData` (`vm.Script`, not `vm.compileFunction`: only a script can save the functions compiled
 * while it ran). Otherwise the bundle is required as usual, after turning on Node's own compile cache
 * where it exists (Node ≥ 22.1, `module.enableCompileCache`, as eslint's and tsc's bins do).
 * A cache V8 rejects (other V8 flags, a damaged file) is ignored: the bundle compiles from source.
 * With `--enable-source-maps` the bundle is required as usual too: Node maps the stacks of the files
 * its own loader compiles only.
 *
 * The bundle stays one module instance: it is registered in `require.cache` under its own path, so
 * the lazy bundles' `require('./skewguard-start.js')` gets it (errors are checked with `instanceof`).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import type ModuleClass from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';
import type * as Main from './main';

/** Node's CommonJS module class, which `require('node:module')` exports: taken from this module, as
 *  loading node:module would load the ESM loader too (about a millisecond of a start). */
const Module = module.constructor as typeof ModuleClass;

type Start = typeof Main & { bundledModule(path: string): unknown };

const START = join(__dirname, 'skewguard-start.js');
const CODE_CACHE = join(__dirname, `skewguard-start.${process.version}-${process.arch}.cache`);
/** Set by scripts/bundle-cli.js: save the code compiled by this run into the cache (merged with what the cache held). */
const WRITE_CACHE = process.env.SKEWGUARD_WRITE_CODE_CACHE === '1';

/** The code cache for this Node, unless there is none or the bundle changed after it was made. */
function codeCache(): Buffer | undefined {
  try {
    // V8 checks a cache against the length of the source, not its content: a bundle edited after the
    // build (so newer than its cache) would run the code it had before.
    if (statSync(START).mtimeMs > statSync(CODE_CACHE).mtimeMs) return undefined;
    return readFileSync(CODE_CACHE);
  } catch {
    return undefined;
  }
}

/** Compiles and runs the start bundle as Node's CommonJS loader would, with `cachedData` for V8. */
function loadStart(cachedData: Buffer | undefined): Start {
  // The wrapper on a line of its own, `lineOffset` taking it back: lines and columns in stacks stay the file's.
  const source = `(function (exports, require, module, __filename, __dirname) {\n${readFileSync(START, 'utf8')}\n})`;
  const script = new Script(source, { filename: START, lineOffset: -1, cachedData });
  if (WRITE_CACHE) process.once('exit', () => writeFileSync(CODE_CACHE, script.createCachedData()));
  const start = new Module(START, module);
  start.filename = START;
  require.cache[START] = start;
  try {
    (script.runInThisContext() as (...args: unknown[]) => void).call(start.exports, start.exports, Module.createRequire(START), start, START, __dirname);
  } catch (error) {
    delete require.cache[START];
    throw error;
  }
  start.loaded = true;
  return start.exports as Start;
}

function requireStart(): Start {
  (process.getBuiltinModule?.('node:module') as { enableCompileCache?: () => unknown } | undefined)?.enableCompileCache?.();
  return module.require(START) as Start;
}

// Node maps stacks through source maps (`--enable-source-maps`) for the files its loader compiles only.
const cache = process.sourceMapsEnabled ? undefined : codeCache();
const start = cache || WRITE_CACHE ? loadStart(cache) : requireStart();
module.exports = start;
if (require.main === module) start.main();
