#!/usr/bin/env node
// Bundles the `skewguard` command (the package's bin) from the TypeScript sources in lib/ (run by `npm
// run build`, after tsc). Resolving and reading some 140 small modules is most of what a CLI start costs
// over a bare `node`; a bundle is read once (see bench/cli.js for the ratio). esbuild bundles the ES
// modules as written, one scope for all (no `exports.x` assignments or re-export getters, as tsc's
// CommonJS output has); tsc still checks the sources and writes the library entries (dist/index.js,
// dist/cdk, ...), one file per module, and the bin itself (dist/cli/bin.js).
//
// - dist/bin/skewguard.js, the bin (lib/cli/bin.ts): loads the start bundle, after turning on Node's
//   compile cache where there is one (Node >= 22.1); elsewhere it keeps a V8 code cache of the start
//   bundle itself, named after the bundle's SHA-256 and checked against its size and that hash, which
//   moveBin stamps into it. No cache is shipped: each machine makes its own (see lib/cli/bin.ts).
// - dist/bin/skewguard-start.js, the start bundle: the command, the core and everything `lint` runs.
// - One bundle per part a lint never runs (LAZY: other commands, report formats, --fix), read by the
//   `import()` that loads it in lib/cli, so a start parses none of them.
//
// Each module exists once. A module both bundles need (the core, the CLI's error classes, which are
// checked with `instanceof`) stays in the start bundle, and a lazy bundle takes it from there through
// `bundledModule(path)`, the start bundle's export; so does a module two lazy bundles need. The start
// bundle's modules run as it loads (a lint runs them all); in a lazy bundle each module keeps its lazy
// start: esbuild wraps it in a function, named after its path, that runs on its first import.
// The optional peers (cloud SDKs) stay outside, required at run time only by the code that needs them;
// an `import()` is compiled to a `require` (as tsc compiles it), so they load as CommonJS.
'use strict';
const { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { join, relative } = require('node:path');
const esbuild = require('esbuild');

const root = join(__dirname, '..');
const BIN = 'dist/bin';
const BIN_FILE = 'skewguard.js';
const START = 'skewguard-start.js';
/**
 * The lazy bundles, by file name in dist/bin: the modules lib/cli loads with `import()`. A module only
 * lazy bundles share is listed with one of them, which the others load it from: left unlisted it would
 * go to the start bundle, which every lint reads (json-edit: --fix and observe; drift-rule: observe and rules).
 */
const LAZY = {
  'skewguard-observe.js': ['lib/cli/observe/command.ts'],
  'skewguard-rules.js': ['lib/cli/commands/rules.ts', 'lib/cli/observe/drift-rule.ts'],
  'skewguard-init.js': ['lib/cli/commands/init.ts'],
  'skewguard-fix.js': ['lib/cli/fix.ts', 'lib/cli/fix-consequences.ts', 'lib/cli/safe-write.ts', 'lib/cli/fix-written.ts', 'lib/cli/json-edit.ts'],
  'skewguard-report-json.js': ['lib/cli/report-json.ts'],
  'skewguard-report-sarif.js': ['lib/cli/report-sarif.ts'],
  'skewguard-report-github.js': ['lib/cli/report-github.ts'],
};
/** The optional peer dependencies (cloud SDKs): `observe` requires them lazily, `lint` never. */
const OPTIONAL_PEERS = ['@aws-sdk/*', '@azure/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', '@pulumi/*'];

const bundleOf = new Map(Object.entries(LAZY).flatMap(([bundle, modules]) => modules.map((module) => [module, bundle])));
const specifierOf = (path) => JSON.stringify(`./${relative(join(root, BIN), join(root, path)).split('\\').join('/')}`);
/** A lazy bundle's entry: its modules by path, each started by its first call (esbuild wraps a required ES module). */
const lazyEntry = (paths) => `module.exports = {${[...paths].map((path) => `${JSON.stringify(path)}: () => require(${specifierOf(path)})`).join(',\n')}};`;

/**
 * An import of a module that lives in another bundle becomes a require of that bundle (`into` says
 * which modules are in this one). `reached` collects the modules so taken from the start bundle.
 */
function otherBundles(into, reached) {
  return {
    name: 'other-bundles',
    setup(build) {
      // The require of another bundle, from the modules below: left to node.
      build.onResolve({ filter: /^\.\/skewguard[-\w]*\.js$/ }, (args) => (args.namespace === 'other-bundle' ? { path: args.path, external: true } : undefined));
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === 'resolving') return undefined;
        const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'resolving' });
        const path = relative(root, resolved.path).split('\\').join('/');
        if (resolved.errors.length > 0 || into(path)) return undefined;
        const bundle = bundleOf.get(path) ?? START;
        if (bundle === START) reached.add(path);
        return { path, namespace: 'other-bundle', pluginData: bundle };
      });
      build.onLoad({ filter: /.*/, namespace: 'other-bundle' }, (args) => ({
        contents:
          args.pluginData === START
            ? `module.exports = require('./${START}').bundledModule(${JSON.stringify(args.path)});`
            : `module.exports = require('./${args.pluginData}')[${JSON.stringify(args.path)}]();`,
        resolveDir: join(root, BIN),
        loader: 'js',
      }));
    },
  };
}

/**
 * A source map naming every module by a file the package ships: esbuild names a module taken from another bundle
 * after its plugin namespace (`other-bundle:lib/index.ts`), a file that does not exist. Its few lines (the require of
 * that bundle) are mapped to the module's own file instead, without contents (null), so a debugger reads the file.
 */
function withFileSources(text) {
  const map = JSON.parse(text);
  map.sources.forEach((source, i) => {
    if (!source.startsWith('other-bundle:')) return;
    map.sources[i] = relative(join(root, BIN), join(root, source.slice('other-bundle:'.length)))
      .split('\\')
      .join('/');
    if (map.sourcesContent) map.sourcesContent[i] = null;
  });
  return JSON.stringify(map);
}

async function bundle(file, entry, plugin, write) {
  const result = await esbuild.build({
    absWorkingDir: root,
    stdin: { contents: entry, resolveDir: join(root, BIN), sourcefile: `${BIN}/${file}`, loader: 'ts' },
    outfile: `${BIN}/${file}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // ES modules are strict, as tsc's output of them is ("use strict" atop each module): a CommonJS bundle
    // is strict only if it says so, and esbuild leaves that to a banner (https://github.com/evanw/esbuild/issues/422).
    banner: { js: '"use strict";' },
    target: 'node20',
    external: OPTIONAL_PEERS,
    // `import(name)` as `require(name)`, as tsc compiles it for CommonJS: the cloud SDKs load as they do from dist/.
    supported: { 'dynamic-import': false },
    // main.ts runs the command when it is the main module (`require.main === module`): in the bundle, when the bundle is.
    logOverride: { 'commonjs-variable-in-esm': 'silent' },
    plugins: [plugin],
    sourcemap: true, // linked (skewguard-start.js.map), to lib/*.ts
    // Comments and indentation are a fifth of the file, and every start reads and parses all of it.
    // Names stay as written, so a stack still reads; `--enable-source-maps` points its frames into lib/.
    minifyWhitespace: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  if (write) for (const output of result.outputFiles) writeFileSync(output.path, output.path.endsWith('.map') ? withFileSources(output.text) : output.contents);
  // Less the entry (stdin, named after the bundle) and the imports taken from other bundles.
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.endsWith(`${BIN}/${file}`) && !input.startsWith('other-bundle:'));
  // The command has no runtime dependency: anything bundled from node_modules is a mistake (a
  // cloud SDK required by a literal name that OPTIONAL_PEERS misses would be inlined, and loaded).
  const foreign = inputs.filter((input) => !input.startsWith('lib/'));
  if (foreign.length > 0) throw new Error(`${BIN}/${file} would bundle modules from outside lib/: ${foreign.join(', ')}`);
  return inputs;
}

/**
 * The start bundle's entry: the command (lib/cli/main.ts, which runs itself when the bundle is run as
 * the main module), and `bundledModule` for the modules the lazy bundles take from it: their namespaces, by path.
 */
function startEntry(shared) {
  const paths = [...shared];
  return `${paths.map((path, i) => `import * as m${i} from ${specifierOf(path)};\n`).join('')}export * from ${specifierOf('lib/cli/main.ts')};
const shared: Record<string, unknown> = {${paths.map((path, i) => `${JSON.stringify(path)}: m${i}`).join(',\n')}};
export const bundledModule = (path: string): unknown => shared[path];`;
}

/** The modules bundled into `file` (a lazy bundle): its own, and those no other bundle holds. */
const lazyModules = (file, start) => (path) => bundleOf.get(path) === file || (!bundleOf.has(path) && !start.has(path));

/**
 * The start bundle with `shared` in its registry, then the lazy bundles. Returns the start bundle's
 * modules, and those the lazy bundles take from it or two of them hold (to add to the registry).
 */
async function bundleAll(shared, write) {
  const start = new Set(
    await bundle(
      START,
      startEntry(shared),
      otherBundles((path) => !bundleOf.has(path), new Set()),
      write,
    ),
  );
  const reached = new Set();
  const owner = new Map();
  for (const [file, modules] of Object.entries(LAZY)) {
    for (const module of await bundle(file, lazyEntry(modules), otherBundles(lazyModules(file, start), reached), write)) {
      if (owner.has(module)) reached.add(module);
      owner.set(module, file);
    }
  }
  return { start, reached };
}

/**
 * What the bin's code cache is keyed by and checked against (lib/cli/bin.ts): the start bundle's size
 * and content hash. The same line count: the map still holds.
 */
function stamp(file) {
  const bytes = readFileSync(file);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * The bin: tsc's output of lib/cli/bin.ts (shebang included), moved with its source map to dist/bin
 * (dist/cli/bin.js would fail to find the start bundle, so it is not left in the package). It requires
 * node's built-ins only, and must stay the module node runs (`require.main === module`), which a
 * bundle would wrap.
 */
function moveBin() {
  const from = join(root, 'dist/cli/bin.js');
  const to = join(root, BIN, BIN_FILE);
  const bin = readFileSync(from, 'utf8');
  const unstamped = /\bSTART_STAMP = undefined;/;
  if (!unstamped.test(bin)) throw new Error(`${from} has no \`START_STAMP = undefined;\` to stamp the start bundle's hash into`);
  writeFileSync(
    to,
    bin
      .replace(unstamped, `START_STAMP = ${JSON.stringify(stamp(join(root, BIN, START)))};`)
      .replace(/sourceMappingURL=bin\.js\.map\s*$/, `sourceMappingURL=${BIN_FILE}.map\n`),
  );
  chmodSync(to, 0o755);
  // dist/cli and dist/bin are the same depth: the map's paths to lib/ hold from either.
  writeFileSync(`${to}.map`, JSON.stringify({ ...JSON.parse(readFileSync(`${from}.map`, 'utf8')), file: BIN_FILE }));
  for (const file of ['bin.js', 'bin.js.map', 'bin.d.ts']) rmSync(join(root, 'dist/cli', file), { force: true });
}

async function build() {
  mkdirSync(join(root, BIN), { recursive: true }); // esbuild resolves the entries from there
  let shared = new Set();
  for (;;) {
    const { reached } = await bundleAll(shared, false);
    if ([...reached].every((path) => shared.has(path))) break;
    shared = new Set([...shared, ...reached]);
  }
  const { start } = await bundleAll(shared, true);
  moveBin();
  console.log(
    `bundled ${BIN}/${START} (${start.size} modules; ${shared.size} shared), ${Object.keys(LAZY).length} bundles it loads on demand, and the bin ${BIN}/${BIN_FILE}`,
  );
}

build().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
