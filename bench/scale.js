// Scale cases for `npm run bench` (issue 15 §6): each input at 1× and 10× its size, linted in-process
// through the CLI's real `run()` to a JSON report. Linear work makes the ratio b/a about 10; the
// quadratic versions took a minute for 80,000 unknown fields, 45 s for 20,000 GSIs, 114 s for 60,000 tables.
// Then the peak RSS of the CLI on a large design file, per MiB of input (what docs/cli.md quotes).
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdtempSync, writeFileSync, rmSync, statSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Writable } = require('node:stream');

const root = join(__dirname, '..');

/** A table design with `n` unknown fields: each is an error placed at its line. */
function unknownFields(n) {
  const table = { name: 'orders', partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 1, peakWriteUnits: 1 } };
  for (let i = 0; i < n; i++) table[`extra${i}`] = i;
  return { tables: [table] };
}

/** A template of `n` raw tables keyed on `status` with Contributor Insights off (SG010 and SG015 each). */
function rawTables(n) {
  const Resources = {};
  for (let i = 0; i < n; i++) {
    Resources[`Table${i}`] = {
      Type: 'AWS::DynamoDB::Table',
      Properties: { KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST' },
    };
  }
  return { Resources };
}

/** A template of one GlobalTable with `n` GSIs, each listed in its one replica with Contributor Insights on. */
function wideGlobalTable(n) {
  const gsis = Array.from({ length: n }, (_, i) => ({
    IndexName: `by-${i}`,
    KeySchema: [{ AttributeName: `key${i}`, KeyType: 'HASH' }],
    Projection: { ProjectionType: 'KEYS_ONLY' },
  }));
  const replicaGsis = gsis.map((g) => ({ IndexName: g.IndexName, ContributorInsightsSpecification: { Enabled: true } }));
  return {
    Resources: {
      Wide: {
        Type: 'AWS::DynamoDB::GlobalTable',
        Properties: {
          KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
          GlobalSecondaryIndexes: gsis,
          Replicas: [{ Region: 'eu-west-1', ContributorInsightsSpecification: { Enabled: true }, GlobalSecondaryIndexes: replicaGsis }],
        },
      },
    },
  };
}

/** A design file of `n` tables keyed on a five-valued `status`: one SG001 warning each. */
function lowCardinalityTables(n) {
  const tables = Array.from({ length: n }, (_, i) => ({
    name: `table-${i}`,
    partitionKey: { name: 'status', type: 'S', cardinality: 5 },
    workload: { peakReadUnits: 10, peakWriteUnits: 10 },
  }));
  return { tables };
}

/** Peak RSS (MiB) of a CLI process linting `file` to a JSON report thrown away. */
function cliPeakRss(file) {
  const result = spawnSync(process.execPath, ['-r', join(__dirname, 'print-rss.js'), join(root, 'dist/cli/main.js'), 'lint', file, '--format', 'json'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const match = /maxrss (\d+)/.exec(result.stderr);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Memory grows with the input: peak RSS of `skewguard lint` on 9,000 and 90,000 tables, and per MB of input above a bare start. */
function memoryCase(dir, fmt) {
  console.log('\nCLI peak RSS on a large design file (one finding per table; memory grows with the file)');
  const bare = cliPeakRss(join(root, 'examples/designs/good/uuid-orders.json'));
  console.log(`  one small design: ${fmt(bare, 1)} MiB`);
  for (const n of [9000, 90000]) {
    const file = join(dir, `rss-${n}.json`);
    writeFileSync(file, JSON.stringify(lowCardinalityTables(n)));
    const mb = statSync(file).size / 1048576;
    const rss = cliPeakRss(file);
    console.log(`  ${n.toLocaleString('en-US')} tables (${fmt(mb, 1)} MiB): ${fmt(rss, 0)} MiB, ${fmt((rss - bare) / mb, 0)} MiB per MiB of input above it`);
  }
}

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

async function run(harness) {
  const { run: cli } = require('../dist/cli/main.js');
  const { sideBySideAsync, timeAsync, report, fmt } = harness;
  const dir = mkdtempSync(join(tmpdir(), 'skewguard-bench-scale-'));
  try {
    const cases = [
      ['unknown fields in a design', 'design.json', unknownFields, 8000, 'b ≈ 10× a (linear)'],
      ['raw tables in a template', 'tables.template.json', rawTables, 6000, 'b ≈ 10× a (linear)'],
      ['GSIs of one raw GlobalTable', 'gsis.template.json', wideGlobalTable, 2000, 'b ≈ 10× a (linear)'],
    ];
    for (const [title, name, make, n, target] of cases) {
      const small = join(dir, `small-${name}`);
      const large = join(dir, `large-${name}`);
      writeFileSync(small, JSON.stringify(make(n), null, 2));
      writeFileSync(large, JSON.stringify(make(n * 10), null, 2));
      const lint = (file) => () => timeAsync(() => cli(['lint', file, '--format', 'json'], { stdout: sink(), stderr: sink(), env: {}, cwd: root }));
      const result = await sideBySideAsync(lint(small), lint(large), 3, 1);
      report(
        `CLI lint of ${title}: ${n.toLocaleString('en-US')} vs ${(n * 10).toLocaleString('en-US')}`,
        `a: ${n.toLocaleString('en-US')}`,
        `b: ${(n * 10).toLocaleString('en-US')}`,
        result,
        'ms',
        target,
      );
    }
    memoryCase(dir, fmt);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { run };
