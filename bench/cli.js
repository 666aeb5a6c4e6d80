// CLI cases for `npm run bench` (called by bench/run.js after the core cases):
// 1. the text report at scale: 10,000 tables × 5 findings, text vs JSON (the text report was
//    quadratic: 206 s against 0.97 s for JSON); both run in-process through the real `run()`.
// 2. `lint --fix` at 200 and 2,000 tables (three fixes each): linear growth means a ratio near 10×
//    (it re-linted the whole file per fix and stopped after 200: 2,000 tables took about a minute).
// 3. CLI cold start vs a bare `node -e 0`, on a design file (one table, no finding), on the same table
//    synthesized as a GuardedTable (cdk.out/, the template path, same work otherwise), and on the test
//    fixture cdk.out/ (two templates, five tables, ten findings: start plus the rules' and the report's
//    code running cold): the bin (which loads the start bundle; on Node >= 22.1 with Node's compile
//    cache on, on older Node with the bin's own code cache of the bundle: warm after the first run),
//    and tsc's one-file-per-module output beside it. The report goes to a pipe, as in CI.
// 4. Loading the core alone vs a bare `node -e 0`: the share of the CLI's start that loading per command cannot remove.
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, writeFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');
const { performance } = require('node:perf_hooks');
const { Writable } = require('node:stream');

const root = join(__dirname, '..');

/** A table with five findings: SG010 twice (table and GSI; errors), SG001, SG012, SG014 (warnings). */
function table(i) {
  return {
    name: `table-${i}`,
    partitionKey: { name: 'status', type: 'S', cardinality: 5 },
    workload: { peakReadUnits: 100, peakWriteUnits: 100, hotKeyShare: 0.3 },
    globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 200000 }, contributorInsights: false }],
    monitoring: { contributorInsights: false },
    accessPatterns: [
      { name: 'by-status', keyAttributes: ['status'], share: 0.5 },
      { name: 'scan', keyAttributes: [], share: 0.5 },
    ],
  };
}

/** The design file's one table, synthesized as a GuardedTable into `outdir`: the same lint, from a cloud assembly. */
function synthesizeDesign(designFile, outdir) {
  process.env.CDK_VALIDATION = 'false';
  const cdk = require('aws-cdk-lib');
  const { GuardedTable } = require('../dist/cdk');
  const [{ name, ...design }] = JSON.parse(readFileSync(designFile, 'utf8')).tables;
  const app = new cdk.App({ outdir });
  new GuardedTable(new cdk.Stack(app, 'Orders'), 'Orders', { ...design, tableName: name });
  app.synth();
}

/** A sink that counts what it is given, as a pipe would take it. */
function sink() {
  let bytes = 0;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { stream, bytes: () => bytes };
}

async function run(harness) {
  const { run: cli } = require('../dist/cli/main.js');
  const dir = mkdtempSync(join(tmpdir(), 'skewguard-bench-'));
  try {
    const file = join(dir, 'tables.json');
    writeFileSync(file, JSON.stringify({ tables: Array.from({ length: 10000 }, (_, i) => table(i)) }, null, 2));
    const sizes = {};
    const lint = (format) => async () => {
      const out = sink();
      const start = performance.now();
      const code = await cli(['lint', file, '--format', format], { stdout: out.stream, stderr: sink().stream, env: {}, cwd: dir });
      const elapsed = performance.now() - start;
      if (code !== 1) throw new Error(`expected exit code 1, got ${code}`);
      sizes[format] = out.bytes();
      return elapsed;
    };
    const scale = await harness.sideBySideAsync(lint('json'), lint('text'), 5, 1);
    harness.report(
      'CLI report of 10,000 tables × 5 findings (50,000 findings), in-process',
      'a: --format json',
      'b: --format text',
      scale,
      'ms',
      'b ≈ a (linear)',
    );
    console.log(`  report sizes: json ${harness.fmt(sizes.json / 1048576, 1)} MiB, text ${harness.fmt(sizes.text / 1048576, 1)} MiB`);

    // Tables with SG001 and SG010 on the table and on its GSI, each fixable: three rounds of edits.
    const fixable = (count) =>
      `${JSON.stringify({ tables: Array.from({ length: count }, (_, i) => ({ name: `table-${i}`, partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 9000, peakWriteUnits: 3000 }, globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 200000 }, contributorInsights: false }], monitoring: { contributorInsights: false } })) }, null, 2)}\n`;
    const fix = (count) => {
      const text = fixable(count);
      const target = join(dir, `fix-${count}.json`);
      return async () => {
        writeFileSync(target, text);
        const start = performance.now();
        const code = await cli(['lint', target, '--fix', '--format', 'json'], { stdout: sink().stream, stderr: sink().stream, env: {}, cwd: dir });
        const elapsed = performance.now() - start;
        if (code !== 1 || readFileSync(target, 'utf8').includes('"contributorInsights": false'))
          throw new Error(`--fix of ${count} tables did not fix them (exit ${code})`);
        return elapsed;
      };
    };
    const fixScale = await harness.sideBySideAsync(fix(200), fix(2000), 3, 1);
    harness.report(
      'CLI --fix: 200 vs 2,000 tables, three fixes each, in-process',
      'a: 200 tables (600 fixes)',
      'b: 2,000 tables (6,000 fixes)',
      fixScale,
      'ms',
      'ratio ≈ 10× (linear)',
    );

    const spawnTimed = (args) => () => {
      const start = performance.now();
      const result = spawnSync(process.execPath, args, { cwd: root });
      if (result.status === null) throw new Error('the child process did not exit');
      return performance.now() - start;
    };
    // The bin loads the start bundle (scripts/bundle-cli.js, lib/cli/bin.ts); tsc's dist/cli/main.js,
    // one file per module, is measured beside it: the difference is what bundling saves.
    const bin = join(root, require('../package.json').bin.skewguard);
    const designFile = join(root, 'examples/designs/good/uuid-orders.json');
    synthesizeDesign(designFile, join(dir, 'cdk.out'));
    const inputs = [
      ['a design file (one table, no finding)', designFile],
      ['the same table synthesized (cdk.out/, one GuardedTable, no finding)', join(dir, 'cdk.out')],
      ['the test fixture cdk.out/ (2 templates, 5 tables, 10 findings)', join(root, 'test/cli/fixtures/cloud-assembly')],
    ];
    for (const [what, input] of inputs) {
      for (const [label, entry, target] of [
        ['bundled bin', bin, 'ratio ≤ 1.5×'],
        ['unbundled, tsc output', join(root, 'dist/cli/main.js')],
      ]) {
        const cold = harness.sideBySide(spawnTimed(['-e', '0']), spawnTimed([entry, 'lint', input]), 20);
        harness.report(`CLI cold start: \`skewguard lint\` of ${what}, ${label}`, 'a: node -e 0', `b: node ${relative(root, entry)} lint`, cold, 'ms', target);
      }
    }
    // The floor for any CLI start: loading the core the lint runs on (what the CLI adds is the difference).
    const core = harness.sideBySide(spawnTimed(['-e', '0']), spawnTimed(['-e', `require(${JSON.stringify(root)})`]), 20);
    harness.report("Core load: `require('skewguard')` (the part of every CLI start)", 'a: node -e 0', "b: node -e require('skewguard')", core, 'ms');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { run };
