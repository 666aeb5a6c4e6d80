#!/usr/bin/env node
// Bundles the `skewguard` command (the package's bin) into one CommonJS file, dist/bin/skewguard.js,
// from tsc's output in dist/ (run by `npm run build`, after tsc). Resolving and reading some 120
// small modules is most of what a CLI start costs over a bare `node`; one file is read once (see
// bench/cli.js for the ratio). The modules keep their lazy start in the bundle: each is wrapped and
// runs on its first require, so other commands, report formats and --fix still cost nothing to a
// lint. The library entries (dist/index.js, dist/cdk, ...) stay tsc's output, one file per module.
// The optional peers stay outside, required at run time only by the code that needs them.
'use strict';
const { chmodSync } = require('node:fs');
const { join, relative } = require('node:path');
const esbuild = require('esbuild');

const root = join(__dirname, '..');
const OUTFILE = 'dist/bin/skewguard.js';
/** The optional peer dependencies (cloud SDKs): `observe` requires them lazily, `lint` never. */
const OPTIONAL_PEERS = ['@aws-sdk/*', '@azure/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', '@pulumi/*'];

async function bundle() {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['dist/cli/main.js'],
    outfile: OUTFILE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: OPTIONAL_PEERS,
    sourcemap: true, // linked (skewguard.js.map); tsc's maps are followed back to lib/*.ts
    // Comments and indentation are a fifth of the file, and every start reads and parses all of it.
    // Names stay as written, so a stack still reads; `--enable-source-maps` points its frames into lib/.
    minifyWhitespace: true,
    metafile: true,
    logLevel: 'warning',
  });
  // The command has no runtime dependency: anything bundled from node_modules is a mistake (a
  // cloud SDK required by a literal name that OPTIONAL_PEERS misses would be inlined, and loaded).
  const foreign = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('dist/'));
  if (foreign.length > 0) throw new Error(`${OUTFILE} would bundle modules from outside dist/: ${foreign.join(', ')}`);
  chmodSync(join(root, OUTFILE), 0o755);
  const inputs = Object.keys(result.metafile.inputs).length;
  console.log(`bundled ${relative(root, join(root, OUTFILE))} (${inputs} modules)`);
}

bundle().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
