#!/usr/bin/env node
// Bundles the `skewguard` command (the package's bin) from tsc's output in dist/ (run by `npm run
// build`, after tsc). Resolving and reading some 120 small modules is most of what a CLI start costs
// over a bare `node`; a bundle is read once (see bench/cli.js for the ratio). The library entries
// (dist/index.js, dist/cdk, ...) stay tsc's output, one file per module.
//
// - dist/bin/skewguard.js, the bin (lib/cli/bin.ts): loads the start bundle, after turning on Node's
//   compile cache where there is one (Node >= 22.1); elsewhere it keeps a V8 code cache of the start
//   bundle itself, named after the bundle's SHA-256 and checked against its size and that hash, which
//   moveBin stamps into it. No cache is shipped: each machine makes its own (see lib/cli/bin.ts).
// - dist/bin/skewguard-start.js, the start bundle: the command, the core and everything `lint` runs,
//   its modules marked for eager compilation, since a lint runs them all (scripts/eager-modules.js).
// - One bundle per part a lint never runs (LAZY: other commands, report formats, --fix), read by the
//   `import()` that loads it in lib/cli, so a start parses none of them.
//
// Each module exists once. A module both bundles need (the core, the CLI's error classes, which are
// checked with `instanceof`) stays in the start bundle, and a lazy bundle takes it from there through
// `bundledModule(path)`, the start bundle's export; so does a module two lazy bundles need. Inside a
// bundle each module keeps its lazy start: esbuild wraps it in a function that runs on first require.
// The optional peers (cloud SDKs) stay outside, required at run time only by the code that needs them.
'use strict';
const { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { join, relative } = require('node:path');
const esbuild = require('esbuild');
const { eagerModules } = require('./eager-modules');

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
  'skewguard-observe.js': ['dist/cli/observe/command.js'],
  'skewguard-rules.js': ['dist/cli/commands/rules.js', 'dist/cli/observe/drift-rule.js'],
  'skewguard-init.js': ['dist/cli/commands/init.js'],
  'skewguard-fix.js': ['dist/cli/fix.js', 'dist/cli/fix-consequences.js', 'dist/cli/safe-write.js', 'dist/cli/fix-written.js', 'dist/cli/json-edit.js'],
  'skewguard-report-json.js': ['dist/cli/report-json.js'],
  'skewguard-report-sarif.js': ['dist/cli/report-sarif.js'],
  'skewguard-report-github.js': ['dist/cli/report-github.js'],
};
/** The optional peer dependencies (cloud SDKs): `observe` requires them lazily, `lint` never. */
const OPTIONAL_PEERS = ['@aws-sdk/*', '@azure/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', '@pulumi/*'];

const bundleOf = new Map(Object.entries(LAZY).flatMap(([bundle, modules]) => modules.map((module) => [module, bundle])));
const requireOf = (path) => `require(${JSON.stringify(`./${relative(join(root, BIN), join(root, path)).split('\\').join('/')}`)})`;
/** A module's exports by its path: the entry of every bundle maps paths to their modules. */
const registry = (paths) => `{${[...paths].map((path) => `${JSON.stringify(path)}: () => ${requireOf(path)}`).join(',\n')}}`;

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

async function bundle(file, entry, plugin, write) {
  const result = await esbuild.build({
    absWorkingDir: root,
    stdin: { contents: entry, resolveDir: join(root, BIN), sourcefile: `${BIN}/${file}`, loader: 'js' },
    outfile: `${BIN}/${file}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: OPTIONAL_PEERS,
    plugins: [plugin],
    sourcemap: true, // linked (skewguard.js.map); tsc's maps are followed back to lib/*.ts
    // Comments and indentation are a fifth of the file, and every start reads and parses all of it.
    // Names stay as written, so a stack still reads; `--enable-source-maps` points its frames into lib/.
    minifyWhitespace: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  if (write) writeBundle(file, result.outputFiles);
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('<') && !input.startsWith('other-bundle:'));
  // The command has no runtime dependency: anything bundled from node_modules is a mistake (a
  // cloud SDK required by a literal name that OPTIONAL_PEERS misses would be inlined, and loaded).
  const foreign = inputs.filter((input) => !input.startsWith('dist/'));
  if (foreign.length > 0) throw new Error(`${BIN}/${file} would bundle modules from outside dist/: ${foreign.join(', ')}`);
  return inputs;
}

/**
 * Writes a bundle and its source map. Every start runs the start bundle's modules: they are compiled
 * as the file is read, not pre-parsed and parsed again on first require (scripts/eager-modules.js).
 */
function writeBundle(file, outputFiles) {
  const js = outputFiles.find((output) => output.path.endsWith('.js'));
  const map = outputFiles.find((output) => output.path.endsWith('.js.map'));
  if (file !== START) {
    for (const output of outputFiles) writeFileSync(output.path, output.contents);
    return;
  }
  const sourceMap = JSON.parse(map.text);
  const eager = eagerModules(js.text, sourceMap.mappings);
  writeFileSync(js.path, eager.code);
  writeFileSync(map.path, JSON.stringify({ ...sourceMap, mappings: eager.mappings }));
}

/** The start bundle: the command's entry, plus `bundledModule` for the modules the lazy bundles take from it. */
function startEntry(shared) {
  return `'use strict';
const cli = ${requireOf('dist/cli/main.js')};
const shared = ${registry(shared)};
module.exports = { ...cli, bundledModule: (path) => shared[path]() };
if (require.main === module) cli.main();`;
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
    for (const module of await bundle(file, `module.exports = ${registry(modules)};`, otherBundles(lazyModules(file, start), reached), write)) {
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
