// Shared by every bench file: alternate the two sides after a warm-up and report the median of the
// pairwise ratios with min and max. Machines are shared and noisy: read the ratios, not the times.
'use strict';
const { performance } = require('node:perf_hooks');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, digits = 2) => x.toFixed(digits);

/** Milliseconds `fn` takes. */
function time(fn) {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** Milliseconds an async `fn` takes. */
async function timeAsync(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Runs a and b (each returning its own elapsed ms) alternately `rounds` times after `warmup` rounds; ratio = b / a per pair. */
function sideBySide(a, b, rounds, warmup = 2) {
  for (let i = 0; i < warmup; i++) {
    a();
    b();
  }
  const as = [];
  const bs = [];
  for (let i = 0; i < rounds; i++) {
    as.push(a());
    bs.push(b());
  }
  return summarize(as, bs);
}

/** sideBySide for async sides (each resolving to its elapsed ms). */
async function sideBySideAsync(a, b, rounds, warmup = 2) {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const as = [];
  const bs = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await a());
    bs.push(await b());
  }
  return summarize(as, bs);
}

function summarize(as, bs) {
  const ratios = bs.map((t, i) => t / as[i]);
  return { a: median(as), b: median(bs), ratio: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

function report(title, aLabel, bLabel, r, unit, target) {
  console.log(`\n${title}`);
  console.log(`  ${aLabel.padEnd(48)} median ${fmt(r.a)} ${unit}`);
  console.log(`  ${bLabel.padEnd(48)} median ${fmt(r.b)} ${unit}`);
  console.log(`  ratio b/a: median ${fmt(r.ratio)}×  (min ${fmt(r.min)}×, max ${fmt(r.max)}×)${target ? `   target: ${target}` : ''}`);
}

module.exports = { median, fmt, time, timeAsync, sideBySide, sideBySideAsync, report };
