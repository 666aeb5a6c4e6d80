#!/usr/bin/env node
// How long findings' texts are: lints every design JSON under test/ and examples/ and the bench's generated
// designs with the built package (`npm run build` first), then prints the message and fix lengths per rule
// (median, p90, max) and the longest fix texts, so a change to a template can be judged by what a reader gets.
//   node scripts/message-lengths.js [--longest N] [--dump findings.json]
// `--dump` writes every finding (file, index in it, the finding) to compare two builds' verdicts.
const { readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const { lint } = require('../dist');
const { generateDesigns } = require('../bench/designs');

const root = join(__dirname, '..');
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const longest = Number(option('--longest') ?? 10);

function jsonFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : jsonFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

/** Designs by where they come from; a JSON file that is no design (a template, a config) lints to an error and is left out. */
function designs() {
  const found = [];
  for (const file of [...jsonFiles(join(root, 'test')), ...jsonFiles(join(root, 'examples'))]) {
    let input;
    try {
      input = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    found.push({ source: relative(root, file), input });
  }
  generateDesigns(300).forEach((input, i) => found.push({ source: `bench/designs.js#${i}`, input }));
  return found;
}

function findingsOf({ source, input }) {
  try {
    return lint(input).map((finding, i) => ({ source, i, finding }));
  } catch {
    return [];
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (lengths) => {
  const sorted = [...lengths].sort((a, b) => a - b);
  return `${quantile(sorted, 0.5)}/${quantile(sorted, 0.9)}/${sorted[sorted.length - 1]}`;
};

const all = designs().flatMap(findingsOf);
const dump = option('--dump');
if (dump) writeFileSync(dump, `${JSON.stringify(all, null, 1)}\n`);

const byRule = new Map();
for (const { finding } of all) {
  const entry = byRule.get(finding.ruleId) ?? { message: [], fix: [] };
  entry.message.push(finding.message.length);
  entry.fix.push(finding.fix.length);
  byRule.set(finding.ruleId, entry);
}
console.log(`${all.length} findings; characters as median/p90/max`);
console.log('rule   count  message          fix');
for (const [ruleId, entry] of [...byRule].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${ruleId}  ${String(entry.message.length).padStart(5)}  ${summary(entry.message).padEnd(15)}  ${summary(entry.fix)}`);
}
console.log(
  `all    ${String(all.length).padStart(5)}  ${summary(all.map((f) => f.finding.message.length)).padEnd(15)}  ${summary(all.map((f) => f.finding.fix.length))}`,
);

const seen = new Set();
const distinct = all.sort((a, b) => b.finding.fix.length - a.finding.fix.length).filter(({ finding }) => !seen.has(finding.fix) && seen.add(finding.fix));
console.log(`\nThe ${longest} longest fix texts:`);
for (const { source, finding } of distinct.slice(0, longest)) {
  console.log(
    `\n${finding.fix.length} ${finding.ruleId} ${finding.messageId} (${source}, ${finding.resource}${finding.index ? ` index ${finding.index}` : ''})`,
  );
  console.log(`  message: ${finding.message}`);
  console.log(`  fix: ${finding.fix}`);
}
