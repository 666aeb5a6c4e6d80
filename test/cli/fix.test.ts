/**
 * `lint --fix` end to end, with synthetic edits: the rules do not carry edits yet, so the core's
 * lintDocument is wrapped to attach them (the CLI must apply whatever edits findings carry).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DesignEdit, Finding, LintResult } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { cli, examples, tempTree } from './helpers';

const SYNTHETIC: Record<string, (f: Finding) => DesignEdit[]> = {
  SG007: (f) => [{ op: 'remove', path: f.path }], // needless sharding: remove it
  SG010: (f) => [{ op: 'set', path: f.path, value: true }], // monitoring off: turn it on
  SG001: () => [{ op: 'remove', path: 'tables[0].noSuchField' }], // an edit that does not apply
  SG003: (f) => [{ op: 'set', path: `${f.path}.cardinality`, value: 0 }], // an edit that breaks the design
};

jest.mock('../../lib/index', () => {
  const actual = jest.requireActual('../../lib/index');
  return {
    ...actual,
    lintDocument: (...args: unknown[]): LintResult => {
      const result: LintResult = actual.lintDocument(...args);
      return { ...result, findings: result.findings.map((f) => (SYNTHETIC[f.ruleId] ? { ...f, edits: SYNTHETIC[f.ruleId](f) } : f)) };
    },
  };
});

const copy = (name: string) => {
  const text = readFileSync(join(examples, name), 'utf8');
  const dir = tempTree({ 'design.json': text });
  return { file: join(dir, 'design.json'), text };
};

describe('skewguard lint --fix', () => {
  it('applies a finding’s edits to the file, changing only the edited lines, and reports what is left', async () => {
    const { file, text } = copy('bad/over-sharded-uuid.json');
    const { code, stdout } = await cli(['lint', file, '--fix']);
    const fixed = readFileSync(file, 'utf8');
    // The synthetic SG007 edit removes the sharding alone (the rule's own removes the pattern's fanOut with it): the
    // fanOut left fanning out over nothing is SG009's warning, whose edit the next round applies.
    expect(fixed).toBe(text.replace('      "sharding": { "strategy": "random", "shards": 50 },\n', '').replace(', "fanOut": true', ''));
    expect(stdout).toContain('    fixed   SG007 sessions: removed tables[0].sharding\n');
    expect(stdout).toContain('        application change needed: the application must stop adding shard suffixes to this key');
    expect(stdout).toContain('    fixed   SG009 sessions: removed tables[0].accessPatterns[0].fanOut\n');
    expect(stdout).not.toContain('warning SG007');
    expect(stdout).not.toContain('warning SG009');
    // --fix changed the declared design only: the run fails, so CI cannot pass on --fix alone
    expect(stdout).toContain('--fix changed the declared design only: 2 fixes need the application changes listed with them; exit 1');
    expect(code).toBe(1);
  });

  it('fixes several findings, one after another, re-linting between them', async () => {
    // The example with its GSI's Contributor Insights turned off as well: two fixes.
    const design = JSON.parse(readFileSync(join(examples, 'bad/monitoring-off.json'), 'utf8'));
    design.tables[0].globalSecondaryIndexes = [
      { indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 200000 }, contributorInsights: false },
    ];
    const text = JSON.stringify(design, null, 2);
    const file = join(tempTree({ 'design.json': text }), 'design.json');
    const { code, stdout } = await cli(['lint', file, '--fix', '--format', 'json']);
    expect(code).toBe(1); // a GSI's switch is listed with an application check: --fix alone never passes CI
    const report = JSON.parse(stdout);
    expect(report.files[0].fixes.map((f: { ruleId: string; path: string }) => `${f.ruleId} ${f.path}`)).toEqual([
      'SG010 tables[0].globalSecondaryIndexes[0].contributorInsights',
      'SG010 tables[0].monitoring.contributorInsights',
    ]);
    expect(report.files[0].findings).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(text.replace(/"contributorInsights": false/g, '"contributorInsights": true'));
  });

  it('never writes a file that would not parse or validate, and says which fix it skipped', async () => {
    const { file, text } = copy('bad/ticketing-hot-event.json');
    const { code, stdout } = await cli(['lint', file, '--fix']);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(code).toBe(1);
    expect(stdout).toContain('SG003 not fixed: its edits would make the design invalid; left for you to fix');
    const status = copy('bad/status-key.json');
    const skipped = await cli(['lint', status.file, '--fix']);
    expect(readFileSync(status.file, 'utf8')).toBe(status.text);
    expect(skipped.stdout).toContain('SG001 not fixed: its edit does not apply: tables[0].noSuchField: is not in the file');
  });

  it('leaves acknowledged findings alone, and keeps a byte-order mark and CRLF line ends', async () => {
    const text = readFileSync(join(examples, 'bad/monitoring-off.json'), 'utf8').replace(/\n/g, '\r\n');
    const acknowledged = JSON.parse(text);
    acknowledged.tables[0].acknowledgements = [{ rule: 'SG010', reason: 'Its keys are watched by the service’s own dashboards.' }];
    const dir = tempTree({ 'bom.json': `\ufeff${text}`, 'ack.json': JSON.stringify(acknowledged, null, 2) });
    await cli(['lint', dir, '--fix']);
    const bom = readFileSync(join(dir, 'bom.json'), 'utf8');
    expect(bom.startsWith('\ufeff{\r\n')).toBe(true);
    expect(bom).toContain('"monitoring": { "contributorInsights": true }\r\n');
    const ack = JSON.parse(readFileSync(join(dir, 'ack.json'), 'utf8'));
    expect(ack.tables[0].monitoring).toEqual({ contributorInsights: false });
  });

  it('is a pure function of the text: fixes, skipped fixes, and the text', () => {
    const { text } = copy('bad/over-sharded-uuid.json');
    const result = fixDesignText(text, {});
    expect(result.fixes).toEqual([
      {
        ruleId: 'SG007',
        resource: 'sessions',
        path: 'tables[0].sharding',
        edits: [{ op: 'remove', path: 'tables[0].sharding' }],
        fix: expect.stringMatching(/^remove the sharding: each read of a key goes back to one query/),
      },
      {
        ruleId: 'SG009',
        resource: 'sessions',
        path: 'tables[0].accessPatterns[0].fanOut',
        edits: [{ op: 'remove', path: 'tables[0].accessPatterns[0].fanOut' }],
        fix: expect.stringMatching(/^remove fanOut from `session-by-id`, or declare the sharding you meant/),
      },
    ]);
    expect(result.skipped).toEqual([]);
    expect(fixDesignText(result.text, {}).fixes).toEqual([]); // idempotent
  });
});
