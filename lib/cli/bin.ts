#!/usr/bin/env node
/**
 * The `skewguard` bin: dist/bin/skewguard.js, copied from this file's tsc output by
 * scripts/bundle-cli.js (it runs from dist/bin only). It loads the start bundle beside it,
 * dist/bin/skewguard-start.js (main.ts, the core and what `lint` runs), and exports what that exports.
 *
 * The bundle is a file of its own so that Node's compile cache (`module.enableCompileCache`, Node ≥
 * 22.1, as tsc's and eslint's bins use it) can cover it: Node compiles a file before running any of
 * its code, so a call inside the bundle would come too late for the bundle itself. Node keeps that
 * cache in a temporary directory and checks it against each file's content. No cache is shipped:
 * V8 takes a cache from its own version only, checks it against the source's length, not its
 * content, and does not detect a damaged one (a flipped byte can crash it or change a verdict).
 *
 * The bundle is found beside this file's real path: under `--preserve-symlinks-main` a bin run
 * through node_modules/.bin has that directory as its `__dirname`.
 */
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type * as Main from './main';

type Start = typeof Main & { bundledModule(path: string): unknown };

(process.getBuiltinModule?.('node:module') as { enableCompileCache?: () => unknown } | undefined)?.enableCompileCache?.();
const start = module.require(join(dirname(realpathSync(__filename)), 'skewguard-start.js')) as Start;
module.exports = start;
if (require.main === module) start.main();
