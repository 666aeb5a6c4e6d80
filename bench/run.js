#!/usr/bin/env node
// `npm run bench`: side-by-side measurements in one process, reported as ratios (median, min, max)
// over alternating runs after a warm-up. Machines are shared and noisy: compare the ratios, and read
// absolute times only as an indication. Tests never assert any of this.
'use strict';
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { lint } = require('../dist');
const { generateDesigns } = require('./designs');

const root = join(__dirname, '..');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, digits = 2) => x.toFixed(digits);

function time(fn) {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** Runs a and b alternately `rounds` times after `warmup` rounds; ratio = b / a per pair. */
function sideBySide(a, b, rounds, warmup = 2) {
  for (let i = 0; i < warmup; i++) { a(); b(); }
  const as = [];
  const bs = [];
  for (let i = 0; i < rounds; i++) {
    as.push(a());
    bs.push(b());
  }
  const ratios = bs.map((t, i) => t / as[i]);
  return { a: median(as), b: median(bs), ratio: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

function report(title, aLabel, bLabel, r, unit, target) {
  console.log(`\n${title}`);
  console.log(`  ${aLabel.padEnd(48)} median ${fmt(r.a)} ${unit}`);
  console.log(`  ${bLabel.padEnd(48)} median ${fmt(r.b)} ${unit}`);
  console.log(`  ratio b/a: median ${fmt(r.ratio)}×  (min ${fmt(r.min)}×, max ${fmt(r.max)}×)${target ? `   target: ${target}` : ''}`);
}

// 1. In-process lint of 10,000 designs vs a JSON round trip of the same data (a "touch every field once" baseline).
const designs = generateDesigns(10000);
let findings = 0;
const lintAll = () => time(() => { findings = 0; for (const design of designs) findings += lint(design).length; });
const roundTrip = () => time(() => JSON.parse(JSON.stringify(designs)));
const inProcess = sideBySide(roundTrip, lintAll, 15);
report(`lint() of 10,000 generated designs (${findings} findings)`, 'a: JSON.parse(JSON.stringify(designs))', 'b: lint() each design', inProcess, 'ms', 'b ≤ 200 ms');

// Heap retained while linting: findings for 10,000 designs.
if (global.gc) {
  global.gc();
  const before = process.memoryUsage().heapUsed;
  const all = designs.map((d) => lint(d));
  global.gc();
  const after = process.memoryUsage().heapUsed;
  console.log(`  heap held by the findings of 10,000 designs: ${fmt((after - before) / 1048576, 1)} MiB (${all.length} results)`);
}

// 2. CLI cold start for one design file vs a bare `node -e 0`, both with the same RSS-printing preload.
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
const cli = () => spawnTimed([join(root, 'dist/cli/main.js'), 'lint', 'examples/designs/good/uuid-orders.json']);
const coldStart = sideBySide(bare, cli, 20);
report('CLI cold start: `skewguard lint` of one design file', 'a: node -e 0', 'b: node dist/cli/main.js lint <file>', coldStart, 'ms', 'b ≤ 500 ms, ratio ≤ ~2×');
const rssOf = (name) => median(rss.filter((r) => r.args === name).map((r) => r.kib)) / 1024;
const bareRss = rssOf('-e');
const cliRss = rssOf(join(root, 'dist/cli/main.js'));
console.log(`  peak RSS: a ${fmt(bareRss, 1)} MiB, b ${fmt(cliRss, 1)} MiB (ratio ${fmt(cliRss / bareRss)}×)`);
