import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { RULES } from '../../lib';
import { escapeData, escapeProperty, workflowCommand } from '../../lib/cli/report-github';
import { REPORT_VERSION } from '../../lib/cli/report-json';
import { findingFingerprint, logicalPlace } from '../../lib/cli/report-sarif';
import { ruleAnchor } from '../../lib/lint/catalogue';
import { cli, designWithFindings, exampleCount, examples, root, tempTree, UNIQUE_TABLE } from './helpers';

/** The official SARIF 2.1.0 JSON schema (draft-04), as shipped in @microsoft/jest-sarif; one of its patterns is not valid under the `u` flag. */
const validSarif = addFormats(new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false })).compile(
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
);
function sarifErrors(log: unknown) {
  return validSarif(log) ? [] : validSarif.errors;
}

/** The rules each bad example exists to demonstrate (its description says "Must trigger …"). */
const EXPECTED: Record<string, string[]> = {
  'autoscaling-below-peak.json': ['SG017'],
  'bot-user.json': ['SG003'],
  'calculated-on-one-region.json': ['SG018'],
  'cart-split-over-keys.json': ['SG007', 'SG019'],
  'cosmos-throughput-below-peak.json': ['SG017'],
  'cross-partition-queries.json': ['SG012'],
  'date-key.json': ['SG002'],
  'dominant-tenant.json': ['SG014'],
  'excessive-fan-out.json': ['SG008'],
  'external-legacy-table.json': ['SG010', 'SG015'],
  'invalid-key-structure.json': ['SG005'],
  'ledger-hot-account.json': ['SG003'],
  'lsi-item-collection.json': ['SG006'],
  'mismatched-joins.json': ['SG013'],
  'monitoring-off.json': ['SG010'],
  'over-sharded-uuid.json': ['SG007', 'SG017'],
  'physical-partition-hot-store.json': ['SG003'],
  'reversed-hierarchy.json': ['SG004'],
  'sharded-writes-unsharded-reads.json': ['SG009', 'SG017'],
  'status-index.json': ['SG001'],
  'status-key.json': ['SG001', 'SG003'],
  'ticketing-hot-event.json': ['SG003', 'SG017'],
  'time-first-hierarchy.json': ['SG002'],
  'viral-product.json': ['SG003', 'SG017'],
  'whale-tenant.json': ['SG006'],
};

/** A design whose acknowledgement waives nothing (SG001 cannot fire on a unique key). */
const STALE = JSON.stringify(
  { tables: [{ ...UNIQUE_TABLE, acknowledgements: [{ rule: 'SG001', reason: 'Kept from the old status key, before the migration.' }] }] },
  null,
  2,
);

describe('skewguard lint on the shipped examples', () => {
  it('has an expectation for every bad example, and together they exercise every rule', () => {
    expect(readdirSync(join(examples, 'bad')).sort()).toEqual(Object.keys(EXPECTED).sort());
    // A template-only rule (SG016) cannot fire on a design file: test/cli/template-design-match.test.ts exercises it.
    expect([...new Set(Object.values(EXPECTED).flat())].sort()).toEqual(RULES.filter((r) => !r.templateOnly).map((r) => r.id));
  });

  it.each(Object.entries(EXPECTED))('flags bad/%s with exactly the rules it is annotated with', async (file, rules) => {
    const path = join(examples, 'bad', file);
    const description: string = JSON.parse(readFileSync(path, 'utf8')).description;
    expect(description).toMatch(new RegExp(`^Must trigger ${rules.join(' and ')}[.,]`));
    const { code, stdout } = await cli(['lint', path, '--format', 'json']);
    const report = JSON.parse(stdout);
    expect([...new Set(report.files[0].findings.map((f: { ruleId: string }) => f.ruleId))].sort()).toEqual(rules);
    expect(code).toBe(report.summary.errors > 0 ? 1 : 0);
    expect((await cli(['lint', path, '--fail-on', 'warning'])).code).toBe(1);
  });

  it('passes every good example (exit 0), showing the acknowledged finding with its reason', async () => {
    const { code, stdout } = await cli(['lint', join(examples, 'good')]);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`\\n0 errors, 0 warnings \\(5 acknowledged\\) in ${exampleCount('good')} files\\n$`));
    expect(stdout).toContain('acknowledged: Twelve regions');
    // physical-partition-store's flagship: 1.05× of growth left, below minGrowthHeadroom (SG014 nearCeiling), acknowledged with its plan.
    expect(stdout).toContain("acknowledged: The flagship's traffic is capped");
  });

  it('searches directories recursively: examples/designs holds good/ and bad/', async () => {
    const { code, stdout } = await cli(['lint', examples, '--format', 'json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout).summary.files).toBe(exampleCount());
  });

  it('runs `npm run lint:examples`: good designs pass, bad ones fail with findings (not invalid input)', () => {
    const script: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['lint:examples'];
    expect(script).toContain('examples/designs/good');
    const result = spawnSync('sh', ['-c', script], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`in ${exampleCount('good')} files`);
    expect(result.stdout).toContain(`in ${exampleCount('bad')} files`);
  });
});

describe('text report', () => {
  const ticketing = join(examples, 'bad/ticketing-hot-event.json');

  it('says a waiver of a retired rule waives nothing because the rule is retired, and what replaced it (review 12)', async () => {
    const design = { tables: [{ ...UNIQUE_TABLE, acknowledgements: [{ rule: 'SG011', reason: 'latency is watched by the service SLO alarms' }] }] };
    const dir = tempTree({ 'design.json': JSON.stringify(design) });
    const { stdout } = await cli(['lint', 'design.json', '--no-config'], { cwd: dir });
    expect(stdout).toContain(
      'the acknowledgement of SG011 waives nothing: SG011 (latency-blind-on-demand) is retired (before the first release) and reports nothing any more; SG010 checks what it checked (`skewguard explain SG011` says why)',
    );
    expect(stdout).not.toContain('reports nothing on');
  });

  it('words an unused acknowledgement for a first run too: the rule reports nothing on the table, not "no longer" (seat28)', async () => {
    const design = { tables: [{ ...UNIQUE_TABLE, acknowledgements: [{ rule: 'SG014', reason: 'keys are monitored elsewhere' }] }] };
    const dir = tempTree({ 'design.json': JSON.stringify(design) });
    const { stdout } = await cli(['lint', 'design.json', '--no-config'], { cwd: dir });
    expect(stdout).toContain(`the acknowledgement of SG014 waives nothing: SG014 reports nothing on ${UNIQUE_TABLE.name}`);
    expect(stdout).toContain('fix: remove the acknowledgement (or keep it, if the finding is expected later)');
    expect(stdout).not.toMatch(/no longer|come back/);
  });

  it('groups by file and table and gives each finding its fix, its rule documentation, and file:line:column', async () => {
    const { stdout } = await cli(['lint', ticketing]);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(ticketing);
    // The file's not-judged line first: an on-demand table without launchAtPeak, its 20,000 WCU past a new table's 4,000.
    expect(lines[1]).toMatch(/^ {4}note {4}not judged: the peak taken as one the on-demand table has served before.*\(declare tables\[0\]\.launchAtPeak\)$/);
    expect(lines[2]).toBe('  tickets (dynamodb)');
    expect(lines[3]).toContain(`SG003 hot-key-exceeds-partition  tables[0].partitionKey (${ticketing}:7:7)`);
    expect(lines[4]).toContain('20,000 WCU');
    expect(lines[5]).toContain('fix: shard only the hottest `eventId` value, into N = 80 calculated shards on `userId`');
    expect(lines[6]).toBe('        docs: https://github.com/skewguard/skewguard/blob/main/docs/rules.md#sg003-hot-key-exceeds-partition');
    expect(stdout).not.toContain('\u001b[');
  });

  it('links every rule to a heading that exists in docs/rules.md', () => {
    const headings = readFileSync(join(root, 'docs/rules.md'), 'utf8').match(/^## .+$/gm) ?? [];
    const anchors = headings.map((h) =>
      h
        .slice(3)
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-'),
    );
    for (const rule of RULES) expect(anchors).toContain(ruleAnchor(rule.id, rule.title));
  });

  it('groups a table’s findings and stale acknowledgements under one heading', async () => {
    const design = JSON.parse(designWithFindings(2));
    design.tables[1].acknowledgements = [{ rule: 'SG007', reason: 'Sharding was removed last quarter.' }];
    const dir = tempTree({ 'two.json': JSON.stringify(design, null, 2) });
    const { stdout } = await cli(['lint', join(dir, 'two.json')]);
    expect(stdout.match(/^ {2}\S.*$/gm)).toEqual(['  table-0 (dynamodb)', '  table-1 (dynamodb)']);
    const table1 = stdout.slice(stdout.indexOf('  table-1 (dynamodb)'));
    expect(table1.match(/^ {4}(error|warning) +\S+/gm)).toEqual([
      '    error   SG001',
      '    error   SG003',
      '    error   SG010',
      '    error   SG010',
      '    warning unused',
    ]);
  });

  it('ends with an unambiguous summary: linted files, invalid inputs apart', async () => {
    const dir = tempTree({ 'bad.json': '{ "tables": [ }', 'ok.json': JSON.stringify({ tables: [UNIQUE_TABLE] }) });
    const { code, stdout } = await cli(['lint', dir]);
    expect(code).toBe(2);
    expect(stdout).toMatch(/\n0 errors, 0 warnings in 1 file; 1 input could not be linted\n$/);
  });

  it('reports acknowledgements that waive nothing, as warnings by default', async () => {
    const dir = tempTree({ 'stale.json': STALE });
    const { code, stdout } = await cli(['lint', join(dir, 'stale.json')]);
    expect(code).toBe(0);
    expect(stdout).toContain('warning unused acknowledgement of SG001  tables[0].acknowledgements[0]');
    expect(stdout).toContain('(reason given: "Kept from the old status key, before the migration.")');
    expect(stdout).toMatch(/0 errors, 1 warning \(1 unused acknowledgement counted as a warning\) in 1 file\n$/);
  });
});

describe('json report', () => {
  it('has the documented shape, laid out as JSON.stringify(report, null, 2) would', async () => {
    const file = join(examples, 'bad/monitoring-off.json');
    const { stdout } = await cli(['lint', file, '--format', 'json']);
    const report = JSON.parse(stdout);
    expect(stdout).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(Object.keys(report)).toEqual(['reportVersion', 'tool', 'config', 'files', 'summary']);
    expect(report.config).toEqual({
      file: null,
      rulesOff: [],
      severities: {},
      thresholds: {},
      quotas: {},
      failOn: null,
      maxWarnings: null,
      reportUnusedAcknowledgements: null,
      loosens: [],
    });
    expect(report.reportVersion).toBe(2);
    expect(report.tool.name).toBe('skewguard');
    expect(report.summary).toEqual({
      files: 1,
      invalidFiles: 0,
      filesNotFixed: 0,
      errors: 1,
      warnings: 0,
      acknowledged: 0,
      unusedAcknowledgements: 0,
      fixesNeedingApplicationChanges: 0,
      tooManyWarnings: false,
    });
    expect(Object.keys(report.files[0])).toEqual(['file', 'kind', 'findings', 'errors', 'unusedAcknowledgements', 'notes']);
    expect(report.files[0].findings[0]).toEqual({
      ruleId: 'SG010',
      title: 'monitoring-off',
      messageId: 'contributorInsights',
      severity: 'error',
      engine: 'dynamodb',
      resource: 'carts',
      path: 'tables[0].monitoring.contributorInsights',
      message: expect.stringContaining('Contributor Insights is off for the table'),
      fix: expect.stringContaining('enable Contributor Insights'),
      acknowledged: false,
      data: {},
      edits: [{ op: 'set', path: 'tables[0].monitoring.contributorInsights', value: true }],
      line: 9,
      column: 23,
      helpUri: 'https://github.com/skewguard/skewguard/blob/main/docs/rules.md#sg010-monitoring-off',
    });
  });

  it('documents its current reportVersion in docs/cli.md: in the example, and first in the list of what each version changed', () => {
    const docs = readFileSync(join(root, 'docs/cli.md'), 'utf8');
    expect(docs).toContain(`"reportVersion": ${REPORT_VERSION},`);
    const versions = /\*\*Report versions\*\*:\n\n((?:- .*\n(?: {2}.*\n)*)+)/.exec(docs)?.[1] ?? '';
    expect([...versions.matchAll(/^- `(\d+)`/gm)].map((m) => Number(m[1]))).toEqual(Array.from({ length: REPORT_VERSION }, (_, i) => REPORT_VERSION - i));
  });

  it('is valid JSON with no file, and with many', async () => {
    const dir = tempTree({ 'a.json': STALE, 'b.json': designWithFindings(2) });
    const report = JSON.parse((await cli(['lint', dir, '--format', 'json'])).stdout);
    expect(report.files.map((f: { file: string }) => relative(dir, f.file))).toEqual(['a.json', 'b.json']);
    const ackLine = STALE.split('\n').findIndex((line) => line.includes('"rule": "SG001"')); // the line before it, 1-based
    expect(report.files[0].unusedAcknowledgements[0]).toMatchObject({
      ruleId: 'SG001',
      severity: 'warning',
      path: 'tables[0].acknowledgements[0]',
      line: ackLine,
      column: 9,
    });
    expect(report.summary).toMatchObject({ files: 2, errors: 8, warnings: 1, unusedAcknowledgements: 1 });
    expect(JSON.parse((await cli(['lint', join(dir, 'missing.json'), '--format', 'json'])).stdout).files[0].errors[0].message).toContain(
      'no such file or directory (ENOENT)',
    );
  });
});

describe('sarif report', () => {
  const file = join(examples, 'good/acknowledged-region-config.json');
  const bad = join(examples, 'bad/reversed-hierarchy.json');
  let log: {
    runs: {
      tool: { driver: { rules: { id: string; helpUri: string }[] } };
      results: Record<string, unknown>[];
      invocations: Record<string, unknown>[];
      originalUriBaseIds: Record<string, { uri: string }>;
    }[];
  };
  beforeAll(async () => {
    log = JSON.parse((await cli(['lint', file, bad, '--format', 'sarif'])).stdout);
  });

  it('is SARIF 2.1.0 with the whole rule catalogue as driver rules, each linking its documentation', () => {
    const runLog = log.runs[0];
    expect(sarifErrors(log)).toEqual([]);
    expect(sarifErrors({ ...log, runs: [{ ...runLog, results: [{ level: 'fatal' }] }] })).not.toEqual([]); // the validator is live
    // The Contributor Insights rule quota (lint cdk.out/ counts it over the run) is listed with the catalogue.
    // input-error last: an input that could not be linted is a result too (GitHub code scanning shows no notification).
    expect(runLog.tool.driver.rules.map((r) => r.id)).toEqual([
      ...RULES.map((r) => r.id),
      'contributor-insights-rule-quota',
      'unused-acknowledgement',
      'input-error',
    ]);
    expect(runLog.tool.driver.rules[3]).toMatchObject({
      id: 'SG004',
      name: 'hierarchy-order',
      defaultConfiguration: { level: 'error' },
      helpUri: expect.stringMatching(/docs\/rules\.md#sg004-hierarchy-order$/),
    });
    expect(runLog.invocations[0].executionSuccessful).toBe(true);
  });

  // A CI integrator's SARIF failed Microsoft's validator in its GitHub rules (GH2012: fullDescription is required by
  // GitHub Advanced Security): the unused-acknowledgement rule had none, no default level, and a link without an anchor.
  it('gives every driver rule, the reporting ones too, what GitHub code scanning requires: fullDescription, a default level, an anchored link', () => {
    type Descriptor = { id: string; fullDescription?: { text: string }; defaultConfiguration?: { level: string }; helpUri?: string };
    const rules = log.runs[0].tool.driver.rules as unknown as Descriptor[];
    for (const rule of rules) {
      expect([rule.id, rule.fullDescription?.text]).toEqual([rule.id, expect.stringMatching(/\S/)]);
      expect([rule.id, rule.defaultConfiguration?.level]).toEqual([rule.id, expect.stringMatching(/^(error|warning|note)$/)]);
      expect([rule.id, rule.helpUri]).toEqual([rule.id, expect.stringMatching(/\.md#[a-z0-9-]+$/)]);
    }
    expect(rules.find((r) => r.id === 'unused-acknowledgement')).toMatchObject({
      defaultConfiguration: { level: 'warning' },
      helpUri: expect.stringMatching(/docs\/cli\.md#acknowledgements-that-waive-nothing$/),
    });
  });

  it("titles each rule with its one-line summary (GitHub code scanning's rule name), says when it fires in fullDescription and why in help", () => {
    type Descriptor = { id: string; shortDescription: { text: string }; fullDescription?: { text: string }; help?: { text: string; markdown: string } };
    const rules = log.runs[0].tool.driver.rules as unknown as Descriptor[];
    for (const rule of RULES) {
      const descriptor = rules.find((r) => r.id === rule.id);
      expect(descriptor?.shortDescription.text).toBe(rule.summary);
      // GitHub shows fullDescription at the top of every alert: when the rule fires, not the rationale too.
      expect(descriptor?.fullDescription?.text).toBe(rule.fires);
      expect(descriptor?.help?.markdown).toContain(rule.rationale);
      // help.text is the short fix; the markdown lists its variants below it, one bullet each.
      expect(descriptor?.help?.text).toBe(rule.fix);
      for (const detail of [...(rule.fixDetails ?? []), ...(rule.rationaleDetails ?? [])]) expect(descriptor?.help?.markdown).toContain(`\n- ${detail}\n`);
    }
    expect(RULES.find((r) => r.id === 'SG003')?.fixDetails?.length).toBeGreaterThan(0);
    expect(RULES.find((r) => r.id === 'SG003')?.rationaleDetails?.length).toBeGreaterThan(0);
    // SG017's summary heads its alerts about quotas too, not only capacity below the peak.
    const sg017 = rules.find((r) => r.id === 'SG017')?.shortDescription.text ?? '';
    expect(sg017).toMatch(/peak/);
    expect(sg017).toMatch(/quota/);
    expect(sg017).not.toMatch(/^Capacity below the declared peak, or provisioned above/);
  });

  it('writes names in result messages and notifications escaped (GitHub renders message text as written)', async () => {
    // A container name with control or bidi characters is an input error (a notification); a key path with one is SG005's finding.
    const evil = 'evil\u202econtainer\u001b[31mRED';
    const design = {
      name: 'tenants',
      partitionKey: { paths: [{ path: '/tenant\u202eId', cardinality: 500 }] },
      workload: { peakReadUnits: 1000, peakWriteUnits: 1000 },
      acknowledgements: [{ rule: 'SG014', reason: 'No dominant tenant here.' }],
    };
    const dir = tempTree({
      'd.json': JSON.stringify({ containers: [design] }),
      'evil.json': JSON.stringify({ containers: [{ ...design, name: evil }] }),
      'bad.json': JSON.stringify({ tables: [{ ...UNIQUE_TABLE, 'x\u202e\u001b[2J': 1 }] }),
    });
    const { stdout } = await cli(['lint', 'd.json', 'evil.json', 'bad.json', '--format', 'sarif'], { cwd: dir });
    const run = JSON.parse(stdout).runs[0];
    const texts: string[] = [
      ...run.results.map((r: { message: { text: string } }) => r.message.text),
      ...run.invocations[0].toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text),
    ];
    expect(run.results.map((r: { ruleId: string }) => r.ruleId)).toEqual(expect.arrayContaining(['SG005', 'unused-acknowledgement']));
    expect(run.invocations[0].toolExecutionNotifications).toHaveLength(2);
    for (const text of texts) expect(text.includes('\u001b') || text.includes('\u202e')).toBe(false);
    expect(texts).toContainEqual(expect.stringMatching(/^tenants: the partition-key path `\/tenant\\u202eId`/));
    expect(texts).toContainEqual(expect.stringContaining('containers[0].name: holds \\u202e'));
  });

  it('locates a file inside the working directory relative to %SRCROOT%, one outside it by an absolute file URI', async () => {
    const dir = tempTree({ 'in/..orders.json': designWithFindings(1), 'out.json': designWithFindings(1) });
    type Located = { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] };
    const uris = async (args: string[]) => {
      const { stdout } = await cli(['lint', ...args, '--format', 'sarif'], { cwd: join(dir, 'in') });
      return (JSON.parse(stdout).runs[0].results as Located[]).map((r) => r.locations[0].physicalLocation.artifactLocation);
    };
    // `..orders.json` starts with two dots but lies inside: relative, not absolute.
    expect(new Set((await uris(['..orders.json'])).map((l) => JSON.stringify(l)))).toEqual(
      new Set([JSON.stringify({ uri: '..orders.json', uriBaseId: '%SRCROOT%' })]),
    );
    const outside = await uris(['../out.json']);
    expect(outside.length).toBeGreaterThan(0);
    for (const l of outside) expect(l).toEqual({ uri: pathToFileURL(join(dir, 'out.json')).href });
  });

  it('locates each result at the file and line of the offending field', () => {
    const result = log.runs[0].results.find((r) => r.ruleId === 'SG004') as { message: { text: string } };
    const text = readFileSync(bad, 'utf8').split('\n');
    const pathsLine = text.findIndex((line) => line.includes('"paths"')) + 1;
    expect(result).toMatchObject({
      ruleIndex: 3,
      level: 'error',
      locations: [
        {
          physicalLocation: { artifactLocation: { uri: relative(root, bad), uriBaseId: '%SRCROOT%' }, region: { startLine: pathsLine } },
          logicalLocations: [{ fullyQualifiedName: 'containers[0].partitionKey.paths' }],
        },
      ],
    });
    expect(result.message.text).toContain('Fix: order it `/tenantId` → `/userId`');
    expect(log.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toMatch(/^file:\/\/.*\/$/);
  });

  it('fingerprints each result by rule, file, resource name and field path, not by line or position: code scanning keeps tracking it across edits', async () => {
    type Located = { ruleId: string; partialFingerprints: Record<string, string>; locations: { physicalLocation: { region: { startLine: number } } }[] };
    const sarifOf = async (dir: string) =>
      JSON.parse((await cli(['lint', 'design.json', '--format', 'sarif'], { cwd: dir })).stdout).runs[0].results as Located[];
    const hot = JSON.parse(designWithFindings(1)).tables[0];
    const before = await sarifOf(tempTree({ 'design.json': JSON.stringify({ tables: [hot] }, null, 2) }));
    const moved = await sarifOf(tempTree({ 'design.json': `\n\n\n${JSON.stringify({ tables: [hot] }, null, 2)}` })); // three lines down
    const reindexed = await sarifOf(tempTree({ 'design.json': JSON.stringify({ tables: [UNIQUE_TABLE, hot] }, null, 2) })); // tables[0] → tables[1]
    const renamed = await sarifOf(tempTree({ 'design.json': JSON.stringify({ tables: [{ ...hot, name: `${hot.name}-v2` }] }, null, 2) }));
    expect(before.map((r) => r.ruleId)).toEqual(expect.arrayContaining(['SG001', 'SG003', 'SG010']));
    const prints = (results: Located[]) => results.map((r) => r.partialFingerprints['skewguardFinding/v2']);
    expect(prints(before).every((p) => /^[0-9a-f]{64}$/.test(p))).toBe(true);
    expect(new Set(prints(before)).size).toBe(before.length); // one per result, even for two rules at one path
    expect(moved.map((r) => r.locations[0].physicalLocation.region.startLine)).toEqual(before.map((r) => r.locations[0].physicalLocation.region.startLine + 3));
    expect(prints(moved)).toEqual(prints(before));
    expect(prints(reindexed).filter((p) => prints(before).includes(p))).toEqual(prints(before)); // a table added above keeps them
    expect(prints(renamed).filter((p) => prints(before).includes(p))).toEqual([]);
    expect(logicalPlace('orders', 'by-status', 'tables[3].globalSecondaryIndexes[0].partitionKey')).toBe(
      '"orders".globalSecondaryIndexes["by-status"].partitionKey',
    );
    expect(logicalPlace('orders', undefined, 'tables[3]')).toBe('"orders"');
    // The rule, the file and the path each change it.
    expect(findingFingerprint('SG003', 'design.json', 'tables[0].partitionKey', 0)).not.toBe(
      findingFingerprint('SG001', 'design.json', 'tables[0].partitionKey', 0),
    );
    expect(findingFingerprint('SG001', 'other.json', 'tables[0].partitionKey', 0)).not.toBe(
      findingFingerprint('SG001', 'design.json', 'tables[0].partitionKey', 0),
    );
    expect(findingFingerprint('SG001', 'design.json', 'tables[0].partitionKey', 1)).not.toBe(
      findingFingerprint('SG001', 'design.json', 'tables[0].partitionKey', 0),
    );
  });

  it('marks acknowledged findings as suppressed, with the reason as justification', () => {
    const waived = log.runs[0].results.find((r) => r.ruleId === 'SG001');
    expect(waived?.suppressions).toEqual([{ kind: 'inSource', justification: expect.stringContaining('Twelve regions') }]);
  });

  it('reports stale acknowledgements as results, input errors as results and notifications of an unsuccessful run', async () => {
    const dir = tempTree({ 'stale.json': STALE, 'unknown.json': '{ "tabels": [] }' });
    const { code, stdout } = await cli(['lint', join(dir, 'stale.json'), join(dir, 'unknown.json'), '--format', 'sarif']);
    expect(code).toBe(2);
    const sarif = JSON.parse(stdout);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results).toEqual([
      expect.objectContaining({ ruleId: 'unused-acknowledgement', level: 'warning', ruleIndex: RULES.length + 1 }),
      expect.objectContaining({
        ruleId: 'input-error',
        level: 'error',
        ruleIndex: RULES.length + 2,
        message: { text: expect.stringContaining('tabels: is not a known field') },
      }),
    ]);
    expect(sarif.runs[0].invocations[0]).toMatchObject({
      executionSuccessful: false,
      toolExecutionNotifications: [
        {
          level: 'error',
          message: { text: expect.stringContaining('tabels: is not a known field') },
          locations: [{ physicalLocation: { region: { startLine: 1, startColumn: 3 } } }],
        },
      ],
    });
  });
});

describe('github format', () => {
  // A report of "…could not be lintedf.json:1:17" (the summary run into the next stderr line) was not reproduced (stdout
  // and stderr to one pipe, file, non-blocking pipe or terminal; -o a file, /dev/stdout, /dev/stderr): every line ends.
  it('ends every line, the summary last, in the report and on stderr, however the two are joined', () => {
    const dir = tempTree({ 'f.json': '{"tables": [{"name": 3}]}', 'g.json': designWithFindings(1) });
    const bin = join(root, 'dist/bin/skewguard.js');
    for (const redirect of ['2>&1', '-o report.txt 2>&1; cat report.txt', '-o /dev/stdout 2>&1 | cat', '>out.txt 2>err.txt; cat out.txt err.txt']) {
      const run = spawnSync('bash', ['-c', `"${process.execPath}" "${bin}" lint f.json g.json --format github ${redirect}`], { cwd: dir, encoding: 'utf8' });
      expect(run.stdout.endsWith('\n')).toBe(true);
      const lines = run.stdout.split('\n').slice(0, -1);
      // Each line is a workflow command, the config, the summary, or an input error echoed to stderr (-o): none joined.
      for (const line of lines)
        expect([redirect, line]).toEqual([redirect, expect.stringMatching(/^(::(error|warning|notice) |config: |\d+ errors?, |f\.json:1:\d+: tables)/)]);
      expect(lines.filter((line) => line.includes('could not be linted'))).toEqual(['4 errors, 0 warnings in 1 file; 1 input could not be linted']);
    }
  });

  it('escapes data and properties as @actions/core does', () => {
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
  });

  /** What the runner reads back from a property: it turns back these five escapes and no other
   *  (UnescapeProperty in src/Runner.Common/ActionCommand.cs, https://github.com/actions/runner). */
  const runnerReads = (property: string) => property.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const fileProperty = (command: string) => /^::\w+ file=([^,:]*)[,:]/.exec(command)?.[1];

  it('gives GitHub the real path of a file named with a line break, `%`, `:` or `,`, so the annotation attaches', () => {
    const file = 'designs/new\nline\r,100%:x.json';
    const command = workflowCommand({ level: 'error', file, line: 4, column: 7, title: 'SG010 monitoring-off', message: ['carts: …'] });
    expect(command).toBe('::error file=designs/new%0Aline%0D%2C100%25%3Ax.json,line=4,col=7,title=SG010 monitoring-off::carts: …\n');
    expect(runnerReads(fileProperty(command) ?? '')).toBe(file);
  });

  it.each([
    ['an escape sequence', 'designs/\u001b[2Jname.json', 'designs/\\x1b[2Jname.json'],
    ['a tab', 'designs/a\tb.json', 'designs/a\\x09b.json'],
    ['a bidi override', 'designs/abc\u202egpj.json', 'designs/abc\\u202egpj.json'],
    ['a zero-width space', 'designs/a\u200bb.json', 'designs/a\\u200bb.json'],
  ])('annotates a file named with %s without `file=`, its escaped place heading the message: no raw character reaches the log', (_, file, shown) => {
    const command = workflowCommand({ level: 'warning', file, line: 4, column: 7, title: 'SG010 monitoring-off', message: ['carts: …', 'Fix: …'] });
    expect(command).toBe(`::warning title=SG010 monitoring-off::${shown}:4:7%0Acarts: …%0AFix: …\n`);
    const atFile = workflowCommand({ level: 'error', file, title: 'skewguard: invalid input', message: ['the file is empty'] });
    expect(atFile).toBe(`::error title=skewguard%3A invalid input::${shown}%0Athe file is empty\n`);
  });

  it('attaches the annotations of a file named with a newline to it, and never writes a raw escape sequence from a file name', async () => {
    const dir = tempTree({ 'new\nline.json': designWithFindings(1), 'esc\u001b]0;x\u0007.json': designWithFindings(1) });
    const { stdout } = await cli(['lint', '.', '--format', 'github'], { cwd: dir });
    const commands = stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(
      new Set(
        commands
          .map(fileProperty)
          .filter(Boolean)
          .map((f) => runnerReads(f ?? '')),
      ),
    ).toEqual(new Set(['new\nline.json']));
    expect(commands).toContainEqual(expect.stringMatching(/^::error title=SG\d+ [^:]*::esc\\x1b\]0;x\\x07\.json:\d+:\d+%0A/));
    for (const raw of ['\u0007', '\u001b']) expect(stdout).not.toContain(raw);
  });

  it('writes one workflow command per finding, located, titled with the rule, then the summary', async () => {
    const file = join(examples, 'bad/monitoring-off.json');
    const { code, stdout } = await cli(['lint', file, '--format', 'github']);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3); // one finding, the config used, the summary
    expect(lines[0]).toMatch(
      /^::error file=examples\/designs\/bad\/monitoring-off\.json,line=9,col=23,title=SG010 monitoring-off::carts: Contributor Insights is off/,
    );
    expect(lines[0]).toContain('%0AFix: enable Contributor Insights');
    expect(lines[0]).toContain('%0Ahttps://github.com/skewguard/skewguard/blob/main/docs/rules.md#sg010-monitoring-off');
    expect(lines[1]).toBe('config: none');
    expect(lines[2]).toBe('1 error, 0 warnings in 1 file');
  });

  it('says when GitHub will leave annotations off the pull request (10 of a level per step), and not before', async () => {
    const bad = readFileSync(join(examples, 'bad/monitoring-off.json'), 'utf8');
    const tree = (count: number) => tempTree(Object.fromEntries(Array.from({ length: count }, (_, i) => [`d${i}.json`, bad])));
    const commandsOf = async (count: number) => {
      const dir = tree(count);
      return (await cli(['lint', '.', '--format', 'github'], { cwd: dir })).stdout.split('\n').filter((l) => l.startsWith('::'));
    };
    const ten = await commandsOf(10);
    expect(ten.filter((l) => l.startsWith('::error '))).toHaveLength(10);
    expect(ten.join('\n')).not.toContain('limit');
    const twelve = await commandsOf(12);
    expect(twelve.filter((l) => l.startsWith('::error '))).toHaveLength(12);
    expect(twelve.at(-1)).toBe(
      "::notice title=skewguard%3A annotations over GitHub's limit::GitHub shows 10 annotations of each level per step (50 per job); " +
        'this step wrote 12 errors (2 not shown): those not shown on the pull request are in this log; to see every finding there, ' +
        'upload `--format sarif` to code scanning',
    );
  });

  it('cannot be tricked into a second workflow command by a field name, and skips acknowledged findings', async () => {
    const hostile = JSON.stringify({ tables: [UNIQUE_TABLE], 'x\n::warning::forged,title=a:b': 1 });
    const dir = tempTree({ 'odd,dir:100%/h.json': hostile, 'ack.json': readFileSync(join(examples, 'good/acknowledged-region-config.json')) });
    const { stdout } = await cli(['lint', dir, '--format', 'github'], { cwd: dir });
    const commands = stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(commands).toEqual([
      expect.stringMatching(
        /^::error file=odd%2Cdir%3A100%25\/h\.json,line=1,col=\d+,title=skewguard%3A invalid input::x\\x0a::warning::forged,title=a:b: is not a known field/,
      ),
    ]);
    expect(stdout).not.toContain('\n::warning::forged');
    expect(stdout).not.toContain('low-cardinality-key'); // the acknowledged SG001 of ack.json is not annotated
  });

  it('names a file inside the working directory by its relative path, one outside it as it was given', async () => {
    const dir = tempTree({ 'in/..orders.json': designWithFindings(1), 'out.json': designWithFindings(1) });
    const files = async (arg: string) =>
      new Set(
        (await cli(['lint', arg, '--format', 'github'], { cwd: join(dir, 'in') })).stdout
          .split('\n')
          .filter((l) => l.startsWith('::'))
          .map((l) => /file=([^,]*),/.exec(l)?.[1]),
      );
    expect(await files(join(dir, 'in', '..orders.json'))).toEqual(new Set(['..orders.json']));
    expect(await files('../out.json')).toEqual(new Set(['../out.json']));
    expect(await files(join(dir, 'out.json'))).toEqual(new Set([join(dir, 'out.json').replace(/:/g, '%3A').replace(/,/g, '%2C')]));
  });
});
