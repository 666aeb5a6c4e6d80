#!/usr/bin/env node
/**
 * The `skewguard` bin: dist/bin/skewguard.js, copied from this file's tsc output by
 * scripts/bundle-cli.js (it runs from dist/bin only). It loads the start bundle beside it,
 * dist/bin/skewguard-start.js (main.ts, the core and what `lint` runs), and exports what that exports.
 *
 * The bundle is a file of its own so that Node's compile cache (`module.enableCompileCache`, Node ≥
 * 22.1, as tsc's and eslint's bins use it) can cover it: Node compiles a file before running any of
 * its code, so a call inside the bundle would come too late for the bundle itself. Node keeps that
 * cache in a temporary directory and checks it against each file's content. On an older Node, the
 * start bundle is loaded through a cache of the same kind (code-cache.ts, moved to dist/bin beside
 * this file). No cache is shipped: V8 takes a cache from its own version only, checks it against the
 * source's length, not its content, and does not detect a damaged one (a flipped byte can crash it or
 * change a verdict).
 *
 * The bundle (and code-cache.js) is found beside this file's real path: under `--preserve-symlinks-main` a bin run
 * through node_modules/.bin has that directory as its `__dirname`.
 */
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type * as CodeCache from './code-cache';
import type * as Main from './main';

type Start = typeof Main & { bundledModule(path: string): unknown };

const here = dirname(realpathSync(__filename));
const bundle = join(here, 'skewguard-start.js');
const enableCompileCache = (process.getBuiltinModule?.('node:module') as { enableCompileCache?: () => unknown } | undefined)?.enableCompileCache;
enableCompileCache?.();
// Where Node has no compile cache of its own, the start bundle alone is loaded through one (code-cache.ts);
// not under --enable-source-maps, which maps the stacks of modules Node's loader compiled only.
const cached = !enableCompileCache && !(process as { sourceMapsEnabled?: boolean }).sourceMapsEnabled;
const start = (
  cached ? (module.require(join(here, 'code-cache.js')) as typeof CodeCache).requireWithCodeCache(bundle, module) : module.require(bundle)
) as Start;
module.exports = start;
if (require.main === module) start.main();
