import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { run } from '../../lib/cli/main';
import { designSchema } from '../../lib';

const root = join(__dirname, '../..');
const examples = join(root, 'examples/designs');

/** The official SARIF 2.1.0 JSON schema (draft-04), as shipped in @microsoft/jest-sarif; one of its patterns is not valid under the `u` flag. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const validSarif = addFormats(new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false })).compile(require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'));
function sarifErrors(log: unknown) {
  return validSarif(log) ? [] : validSarif.errors;
}

function cli(args: string[], env: NodeJS.ProcessEnv = {}, isTTY = false) {
  let stdout = '';
  let stderr = '';
  const code = run(args, {
    stdout: { write: (t: string) => (stdout += t), isTTY },
    stderr: { write: (t: string) => (stderr += t) },
    env,
    cwd: root,
  });
  return { code, stdout, stderr };
}

function tempFile(name: string, content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'skewguard-')), name);
  writeFileSync(file, content);
  return file;
}

/** The rules each bad example exists to demonstrate (its description says "Must trigger …"). */
const EXPECTED: Record<string, string[]> = {
  'bot-user.json': ['SG003'],
  'cross-partition-queries.json': ['SG012'],
  'date-key.json': ['SG002'],
  'dominant-tenant.json': ['SG014'],
  'excessive-fan-out.json': ['SG008'],
  'external-legacy-table.json': ['SG010', 'SG015'],
  'invalid-key-structure.json': ['SG005'],
  'lsi-item-collection.json': ['SG006'],
  'mismatched-joins.json': ['SG013'],
  'monitoring-off.json': ['SG010', 'SG011'],
  'over-sharded-uuid.json': ['SG007'],
  'reversed-hierarchy.json': ['SG004'],
  'sharded-writes-unsharded-reads.json': ['SG009'],
  'status-index.json': ['SG001'],
  'status-key.json': ['SG001'],
  'ticketing-hot-event.json': ['SG003'],
  'viral-product.json': ['SG003'],
  'whale-tenant.json': ['SG006'],
};

describe('skewguard lint on the shipped examples', () => {
  it('has an expectation for every bad example, and together they exercise every rule', () => {
    expect(readdirSync(join(examples, 'bad')).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect([...new Set(Object.values(EXPECTED).flat())].sort()).toEqual(Array.from({ length: 15 }, (_, i) => `SG${String(i + 1).padStart(3, '0')}`));
  });

  it.each(Object.entries(EXPECTED))('flags bad/%s with exactly the rules it is annotated with', (file, rules) => {
    const path = join(examples, 'bad', file);
    const description: string = JSON.parse(readFileSync(path, 'utf8')).description;
    expect(description).toMatch(new RegExp(`^Must trigger ${rules.join(' and ')}[.,]`));
    const { code, stdout } = cli(['lint', path, '--format', 'json']);
    const report = JSON.parse(stdout);
    const fired = [...new Set(report.files[0].findings.map((f: { ruleId: string }) => f.ruleId))].sort();
    expect(fired).toEqual(rules);
    const hasError = report.summary.errors > 0;
    expect(code).toBe(hasError ? 1 : 0);
    expect(cli(['lint', path, '--fail-on', 'warning']).code).toBe(1);
  });

  it('passes every good example (exit 0), showing the acknowledged finding with its reason', () => {
    const { code, stdout } = cli(['lint', join(examples, 'good')]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/0 errors, 0 warnings \(1 acknowledged\) in 5 files\n$/);
    expect(stdout).toContain('acknowledged: Twelve regions');
  });
});

describe('text report', () => {
  const ticketing = join(examples, 'bad/ticketing-hot-event.json');

  it('groups by file and table and gives each finding its fix, with file:line:column', () => {
    const { stdout } = cli(['lint', ticketing]);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(ticketing);
    expect(lines[1]).toBe('  tickets (dynamodb)');
    expect(lines[2]).toContain(`SG003 hot-key-exceeds-partition  tables[0].partitionKey (${ticketing}:7:7)`);
    expect(lines[3]).toContain('20,000 WCU');
    expect(lines[4]).toContain('fix: shard `eventId` into N = 25 calculated shards on `userId`');
    expect(stdout).not.toContain('\u001b[');
  });

  it('is colored on a terminal unless NO_COLOR is set', () => {
    expect(cli(['lint', ticketing], {}, true).stdout).toContain('\u001b[31m');
    expect(cli(['lint', ticketing], { NO_COLOR: '1' }, true).stdout).not.toContain('\u001b[');
    expect(cli(['lint', ticketing], { FORCE_COLOR: '1' }, false).stdout).toContain('\u001b[31m');
  });
});

describe('json report', () => {
  it('has the documented shape', () => {
    const file = join(examples, 'bad/monitoring-off.json');
    const report = JSON.parse(cli(['lint', file, '--format', 'json']).stdout);
    expect(Object.keys(report)).toEqual(['reportVersion', 'tool', 'files', 'summary']);
    expect(report.reportVersion).toBe(1);
    expect(report.tool.name).toBe('skewguard');
    expect(report.summary).toEqual({ files: 1, invalidFiles: 0, errors: 2, warnings: 0, acknowledged: 0 });
    expect(report.files[0].findings[0]).toEqual({
      ruleId: 'SG010',
      title: 'monitoring-off',
      messageId: 'dynamodb',
      severity: 'error',
      engine: 'dynamodb',
      resource: 'carts',
      path: 'tables[0].monitoring.contributorInsights',
      message: expect.stringContaining('Contributor Insights is off for the table'),
      fix: expect.stringContaining('enable Contributor Insights'),
      acknowledged: false,
      data: { spaces: 'the table' },
      edits: [{ op: 'set', path: 'tables[0].monitoring.contributorInsights', value: true }],
      line: 9,
      column: 23,
    });
  });
});

describe('sarif report', () => {
  const file = join(examples, 'good/acknowledged-region-config.json');
  const bad = join(examples, 'bad/reversed-hierarchy.json');
  const log = JSON.parse(cli(['lint', file, bad, '--format', 'sarif']).stdout);
  const runLog = log.runs[0];

  it('is SARIF 2.1.0 with the whole rule catalogue as driver rules', () => {
    expect(sarifErrors(log)).toEqual([]);
    expect(sarifErrors({ ...log, runs: [{ ...runLog, results: [{ level: 'fatal' }] }] })).not.toEqual([]); // the validator is live
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toContain('sarif-2.1.0');
    expect(runLog.tool.driver.name).toBe('skewguard');
    expect(runLog.tool.driver.rules).toHaveLength(15);
    expect(runLog.tool.driver.rules[3]).toMatchObject({ id: 'SG004', name: 'hierarchy-order', defaultConfiguration: { level: 'error' } });
    expect(runLog.invocations[0].executionSuccessful).toBe(true);
  });

  it('locates each result at the file and line of the offending field', () => {
    const result = runLog.results.find((r: { ruleId: string }) => r.ruleId === 'SG004');
    const text = readFileSync(bad, 'utf8').split('\n');
    const pathsLine = text.findIndex((line) => line.includes('"paths"')) + 1;
    expect(result).toMatchObject({
      ruleIndex: 3,
      level: 'error',
      locations: [{
        physicalLocation: { artifactLocation: { uri: relative(root, bad), uriBaseId: '%SRCROOT%' }, region: { startLine: pathsLine } },
        logicalLocations: [{ fullyQualifiedName: 'containers[0].partitionKey.paths' }],
      }],
    });
    expect(result.message.text).toContain('Fix: order it `/tenantId` → `/userId`');
    expect(runLog.originalUriBaseIds['%SRCROOT%'].uri).toMatch(/^file:\/\/.*\/$/);
  });

  it('marks acknowledged findings as suppressed, with the reason as justification', () => {
    const waived = runLog.results.find((r: { ruleId: string }) => r.ruleId === 'SG001');
    expect(waived.suppressions).toEqual([{ kind: 'inSource', justification: expect.stringContaining('Twelve regions') }]);
  });
});

describe('invalid input exits 2 and names the field and line', () => {
  it('reports schema violations at their field path and line', () => {
    const file = tempFile('bad.json', '{\n  "tables": [\n    {\n      "name": "t",\n      "partitionKey": { "name": "id", "type": "S", "cardinality": 0 },\n      "workload": { "peakReadUnits": 1, "peakWriteUnits": 1 }\n    }\n  ]\n}\n');
    const { code, stdout } = cli(['lint', file]);
    expect(code).toBe(2);
    expect(stdout).toContain(`invalid tables[0].partitionKey.cardinality (${file}:5:52): expected an integer ≥ 1 or "unique", got 0`);
    expect(stdout).toContain('1 invalid file');
  });

  it('reports JSON syntax errors with line and column, and duplicate keys', () => {
    const broken = cli(['lint', tempFile('broken.json', '{\n  "tables": [\n}')]);
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain('invalid JSON: line 3, column 1: unexpected "}"');
    const duplicate = cli(['lint', tempFile('dup.json', '{ "tables": [], "tables": [] }')]);
    expect(duplicate.stdout).toContain('duplicate key "tables"');
  });

  it('reports input errors in SARIF as tool notifications of an unsuccessful run', () => {
    const file = tempFile('unknown.json', '{ "tabels": [] }');
    const { code, stdout } = cli(['lint', file, '--format', 'sarif']);
    expect(code).toBe(2);
    const sarif = JSON.parse(stdout);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].invocations[0]).toMatchObject({
      executionSuccessful: false,
      toolExecutionNotifications: [{ level: 'error', message: { text: expect.stringContaining('tabels: is not a known field') }, locations: [{ physicalLocation: { region: { startLine: 1, startColumn: 3 } } }] }],
    });
  });

  it('prints input errors on stderr for machine formats, and still exits 2', () => {
    const file = tempFile('unknown.json', '{ "tabels": [] }');
    const { code, stdout, stderr } = cli(['lint', file, '--format', 'json']);
    expect(code).toBe(2);
    expect(JSON.parse(stdout).files[0].errors[0]).toMatchObject({ path: 'tabels', line: 1, column: 3 });
    expect(stderr).toContain(`${file}:1:3: tabels: is not a known field (did you mean "tables"?)`);
  });

  it('reports a missing file', () => {
    expect(cli(['lint', join(root, 'no-such-file.json')]).stdout).toContain('cannot read the file (ENOENT)');
  });

  it.each([
    [['lint'], 'lint needs at least one design file'],
    [['lint', 'x.json', '--format', 'xml'], '--format must be one of text, json, sarif, got "xml"'],
    [['lint', 'x.json', '--fail-on', 'info'], '--fail-on must be one of error, warning, got "info"'],
    [['lint', 'x.json', '--frmat', 'json'], "Unknown option '--frmat'"],
    [['deploy'], 'unknown command "deploy"'],
    [['rules', 'x.json'], 'rules takes no file arguments'],
  ])('rejects usage errors: %j', (args, message) => {
    const { code, stderr } = cli(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage:');
  });
});

describe('other commands', () => {
  it('lists the rule catalogue', () => {
    const { code, stdout } = cli(['rules']);
    expect(code).toBe(0);
    expect(stdout.match(/^SG\d{3} /gm)).toHaveLength(15);
    expect(JSON.parse(cli(['rules', '--format', 'json']).stdout)[14]).toMatchObject({ id: 'SG015', severity: 'warning' });
    expect(cli(['rules', '--format', 'markdown']).stdout).toBe(readFileSync(join(root, 'docs/rules.md'), 'utf8'));
  });

  it('prints the design schema and the version', () => {
    expect(JSON.parse(cli(['schema']).stdout)).toEqual(designSchema());
    expect(cli(['--version']).stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
    expect(cli(['--help']).stdout).toContain('skewguard lint <design.json | directory>...');
  });

  it('runs as an executable with the documented exit codes', () => {
    const bin = join(root, 'dist/cli/main.js');
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
    expect(spawnSync(process.execPath, [bin, 'lint', join(examples, 'good')]).status).toBe(0);
    expect(spawnSync(process.execPath, [bin, 'lint', join(examples, 'bad/status-key.json')]).status).toBe(1);
    expect(spawnSync(process.execPath, [bin, 'lint']).status).toBe(2);
  });
});
