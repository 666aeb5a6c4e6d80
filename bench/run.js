#!/usr/bin/env node
// `npm run bench`: side-by-side measurements in one process, reported as ratios (median, min, max)
// over alternating runs after a warm-up. Machines are shared and noisy: compare the ratios, and read
// absolute times only as an indication. Tests never assert any of this.
// Each area adds its cases as bench/<area>.js exporting `async function run(harness)`; this file runs
// the core cases, then every area file listed in AREAS. `--only core` runs the in-process lint cases
// alone (a minute or two instead of a quarter of an hour); `--only <area>` runs one area (`cli` with the
// cold start below).
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { lint } = require('../dist');
const { generateDesigns, wideTable } = require('./designs');
const harness = require('./harness');
const { median, fmt, time, sideBySide, report } = harness;

const AREAS = ['cli', 'cdk', 'pulumi', 'replay', 'scale'];
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
if (only !== undefined && only !== 'core' && !AREAS.includes(only)) {
  console.error(`--only takes core or one of: ${AREAS.join(', ')}`);
  process.exit(2);
}
const runs = (part) => only === undefined || only === part;

const root = join(__dirname, '..');

if (runs('core')) {
  // 1. In-process lint of 10,000 designs vs a JSON round trip of the same data (a "touch every field once" baseline).
  const designs = generateDesigns(10000);
  let findings = 0;
  const lintAll = () =>
    time(() => {
      findings = 0;
      for (const design of designs) findings += lint(design).length;
    });
  const roundTrip = () => time(() => JSON.parse(JSON.stringify(designs)));
  const inProcess = sideBySide(roundTrip, lintAll, 15);
  report(
    `lint() of 10,000 generated designs (${findings} findings)`,
    'a: JSON.parse(JSON.stringify(designs))',
    'b: lint() each design',
    inProcess,
    'ms',
    'b/a ≤ 4× (no code generation)',
  );

  // Heap retained while linting: findings for 10,000 designs.
  if (global.gc) {
    global.gc();
    const before = process.memoryUsage().heapUsed;
    const all = designs.map((d) => lint(d));
    global.gc();
    const after = process.memoryUsage().heapUsed;
    console.log(`  heap held by the findings of 10,000 designs: ${fmt((after - before) / 1048576, 1)} MiB (${all.length} results)`);
  }

  // 2. Scale: one table with n GSIs and n access patterns. Linear lookups make 3,000 cost ~3× 1,000
  //    (quadratic ones took 23 s for 3,000 against 0.9 s for 1,000, a 25× ratio).
  const thousand = wideTable(1000);
  const threeThousand = wideTable(3000);
  const scale = sideBySide(
    () => time(() => lint(thousand)),
    () => time(() => lint(threeThousand)),
    9,
  );
  report('lint() of one table with 1,000 vs 3,000 GSIs and access patterns', 'a: 1,000 of each', 'b: 3,000 of each', scale, 'ms', 'ratio ≈ 3 (linear)');
}

if (runs('cli')) {
  // 3. CLI cold start of the package's bin (the bundle) for one design file vs a bare `node -e 0`, both with the same RSS-printing preload.
  const rss = [];
  function spawnTimed(args) {
    const start = performance.now();
    const result = spawnSync(process.execPath, ['-r', join(__dirname, 'print-rss.js'), ...args], { cwd: root, encoding: 'utf8' });
    const elapsed = performance.now() - start;
    const match = /maxrss (\d+)/.exec(result.stderr);
    if (match) rss.push({ args: args[0], kib: Number(match[1]) });
    return elapsed;
  }
  const bare = () => spawnTimed(['-e', '0']);
  const cli = () => spawnTimed([join(root, 'dist/bin/skewguard.js'), 'lint', 'examples/designs/good/uuid-orders.json']);
  const coldStart = sideBySide(bare, cli, 20);
  report(
    'CLI cold start: `skewguard lint` of one design file',
    'a: node -e 0',
    'b: node dist/bin/skewguard.js lint <file> (the bin)',
    coldStart,
    'ms',
    'ratio ≤ 1.5× (issue 13)',
  );
  const rssOf = (name) => median(rss.filter((r) => r.args === name).map((r) => r.kib)) / 1024;
  const bareRss = rssOf('-e');
  const cliRss = rssOf(join(root, 'dist/bin/skewguard.js'));
  console.log(`  peak RSS: a ${fmt(bareRss, 1)} MiB, b ${fmt(cliRss, 1)} MiB (ratio ${fmt(cliRss / bareRss)}×)`);
}

(async () => {
  for (const area of AREAS.filter(runs)) {
    const file = join(__dirname, `${area}.js`);
    if (existsSync(file)) await require(file).run(harness);
  }
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
