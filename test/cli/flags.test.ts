import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../../lib';
import { COMMANDS } from '../../lib/cli/args';
import { cli, designWithFindings, exampleCount, examples, root, tempTree, UNIQUE_TABLE } from './helpers';

const STALE = JSON.stringify({
  tables: [{ ...UNIQUE_TABLE, acknowledgements: [{ rule: 'SG001', reason: 'Kept from the old status key, before the migration.' }] }],
});
/**
 * Two SG014 warnings (a dominant key on a Cosmos DB container), no error: 30% of 8,000 RU/s, 2,400 of a usable 8,000,
 * 3.33× left (× 30% = 1, below minGrowthHeadroom: a share that could saturate it).
 */
const WARNINGS = JSON.stringify({
  containers: ['a', 'b'].map((name) => ({
    name,
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 5000 }] },
    workload: { peakReadUnits: 4000, peakWriteUnits: 4000, hotKeyShare: 0.3 },
  })),
});

describe('usage errors exit 2 with a readable message', () => {
  it.each([
    [['lint'], 'lint needs a design file, directory or glob'],
    [['lint', 'x.json', '--format', 'xml'], '--format must be one of text, json, sarif, github, got "xml"'],
    [['lint', 'x.json', '--format', 'jsn'], '(did you mean "json"?)'],
    [['lint', 'x.json', '--fail-on', 'info'], '--fail-on must be one of error, warning, got "info"'],
    [['lint', 'x.json', '--frmat', 'json'], 'unknown option --frmat for lint (did you mean --format?)'],
    [['lint', 'x.json', '--format'], '--format needs a value: <format>'],
    [['lint', 'x.json', '--quiet=yes'], '--quiet takes no value'],
    [['lint', 'x.json', '--max-warnings', 'ten'], '--max-warnings must be a whole number ≥ 0, got "ten"'],
    // A negative number is the option's value, refused by the option's own check (not "needs a value").
    [['lint', 'x.json', '--max-warnings', '-1'], '--max-warnings must be a whole number ≥ 0, got "-1"'],
    [['lint', 'x.json', '--max-warnings=-1'], '--max-warnings must be a whole number ≥ 0, got "-1"'],
    [['observe', 'x.json', '--observations', 'm.json', '--tolerance', '-0.5'], '--tolerance must be a number above 0 and at most 10, got "-0.5"'],
    [['observe', 'x.json', '--observations', 'm.json', '--below', '-.5'], '--below must be a number above 0 and at most 1, got "-.5"'],
    [['observe', 'x.json', '--live', 'aws', '--since', '-1h'], '--since must be a whole number of minutes, hours or days such as 90m, 24h or 7d, got "-1h"'],
    [['explain', 'SG003', '--color', '--no-color'], '--color and --no-color contradict each other'],
    [['lint', 'x.json', '--color', '--no-color'], '--color and --no-color contradict each other'],
    [['observe', 'x.json', '--observations', 'm.json', '--color', '--no-color'], '--color and --no-color contradict each other'],
    [['lint', '-', '--fix'], '--fix cannot fix standard input'],
    [['rules', '--fail-on', 'error'], 'unknown option --fail-on for rules (it is an option of `skewguard lint`)'],
    [['deploy'], 'unknown command "deploy"; commands: lint, observe, rules, explain, init, schema'],
    [['lnt', 'x.json'], 'unknown command "lnt" (did you mean "lint"?)'],
    [['rules', 'SG099'], 'unknown rule "SG099"'],
    [['explain'], 'explain needs a rule id or name'],
    [['schema', 'x.json'], 'schema takes no arguments'],
    [['--version', 'lint'], '--version takes no other arguments'],
    [['-v', '--help'], '--version takes no other arguments'],
    [['--frobnicate'], 'unknown option --frobnicate'],
  ])('%j', async (args, message) => {
    const { code, stdout, stderr } = await cli(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toMatch(/Run `skewguard (\w+ )?--help` for usage\.\n$/);
    expect(stderr).not.toMatch(/\n\s+at /); // never a stack trace
  });

  // docs/cli.md says a mistake in a command's options points at `skewguard <command> --help`; a value refused after the
  // options were read (--fail-on bogus) pointed at the general help.
  it("points a refused option value at its command's help", async () => {
    const { code, stderr } = await cli(['lint', 'design.json', '--fail-on', 'bogus']);
    expect(code).toBe(2);
    expect(stderr).toBe('skewguard: --fail-on must be one of error, warning, got "bogus"\nRun `skewguard lint --help` for usage.\n');
  });

  it('prints help for every command, listing each of its options', async () => {
    for (const command of COMMANDS) {
      const { code, stdout } = await cli([command.name, '--help']);
      expect(code).toBe(0);
      for (const option of command.options) expect(stdout).toContain(`--${option.name}`);
      expect((await cli(['help', command.name])).stdout).toBe(stdout);
    }
    expect((await cli(['--help'])).stdout).toContain('Exit codes: 0 clean');
    expect((await cli(['--help'])).stdout).toContain('141 the reader of the output went away (a closed pipe'); // as README's exit-code table says
    expect((await cli([])).code).toBe(0);
  });

  it('has every command, option and config field documented in docs/cli.md', () => {
    const docs = readFileSync(join(root, 'docs/cli.md'), 'utf8');
    for (const command of COMMANDS) {
      expect(docs).toContain(`skewguard ${command.name}`);
      for (const option of command.options) expect(docs).toContain(`--${option.name}`);
    }
    for (const field of ['designs', 'thresholds', 'rules', 'failOn', 'maxWarnings', 'reportUnusedAcknowledgements']) expect(docs).toContain(`| \`${field}\` |`);
  });

  it('prints the version alone', async () => {
    expect((await cli(['--version'])).stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });
});

describe('lint flags', () => {
  it('lints standard input with -', async () => {
    const { code, stdout } = await cli(['lint', '-'], { stdin: readFileSync(join(examples, 'bad/status-key.json'), 'utf8') });
    expect(code).toBe(1);
    expect(stdout).toContain('SG001 low-cardinality-key  tables[0].partitionKey (<stdin>:7:7)');
  });

  it('lints a file named twice (or also found by a search) once', async () => {
    const file = join(examples, 'good/uuid-orders.json');
    const { stdout } = await cli(['lint', file, file, join(examples, 'good'), './examples/designs/good/uuid-orders.json', '--format', 'json']);
    expect(JSON.parse(stdout).summary.files).toBe(exampleCount('good'));
  });

  it('--quiet shows unacknowledged errors only, but warnings still count', async () => {
    const dir = tempTree({ 'w.json': WARNINGS, 'e.json': designWithFindings(1) });
    const quiet = await cli(['lint', dir, '--quiet']);
    expect(quiet.stdout).not.toContain('SG014');
    expect(quiet.stdout).toContain('SG001');
    expect(quiet.stdout).toContain('4 errors, 2 warnings in 2 files\nwarnings are counted but not shown (--quiet)\n');
    // A file whose warnings were hidden is not called clean: what was hidden is said where "no findings" would be.
    expect(quiet.stdout).toContain(`${join(dir, 'w.json')}\n    ✔ no errors (2 warnings hidden by --quiet)\n`);
    expect(quiet.stdout).not.toContain('no findings');
    const withStale = await cli(['lint', '-', '--quiet'], { stdin: STALE });
    expect(withStale.stdout).toContain('<stdin>\n    ✔ no errors (1 warning hidden by --quiet)\n');
    const clean = await cli(['lint', join(examples, 'good/uuid-orders.json'), '--quiet']);
    expect(clean.stdout).toContain('✔ no findings\n');
    const onlyWarnings = await cli(['lint', join(dir, 'w.json'), '--quiet', '--fail-on', 'warning', '--format', 'json']);
    expect(onlyWarnings.code).toBe(1);
    expect(JSON.parse(onlyWarnings.stdout).files[0].findings).toEqual([]);
  });

  // Like eslint 9, whose --quiet prints errors only even when --max-warnings fails the run on the warnings it hid:
  // quiet stays quiet, but no tick stands over a failing run, and the summary says what failed it and how to see it.
  it('--quiet hides warnings that fail the run, without a tick, and says they fail it', async () => {
    const waived = {
      containers: JSON.parse(WARNINGS).containers.map((c: object) => ({
        ...c,
        acknowledgements: [{ rule: 'SG014', reason: 'One tenant is known to be this busy.' }],
      })),
    };
    const file = tempTree({ 'w.json': WARNINGS, 'acknowledged.json': JSON.stringify(waived) });
    const failing = await cli(['lint', join(file, 'w.json'), '--quiet', '--fail-on', 'warning']);
    expect(failing.code).toBe(1);
    expect(failing.stdout).not.toContain('SG014');
    expect(failing.stdout).not.toContain('✔');
    expect(failing.stdout).toContain(`${join(file, 'w.json')}\n    ✖ 2 warnings fail this run (--fail-on warning); hidden by --quiet\n`);
    expect(failing.stdout).toContain(
      '0 errors, 2 warnings in 1 file\n2 warnings fail this run (--fail-on warning) but are not shown (--quiet): run without --quiet to see them\n',
    );
    // A file's warnings alone past --max-warnings fail the run as surely.
    const overMax = await cli(['lint', join(file, 'w.json'), '--quiet', '--max-warnings', '1']);
    expect(overMax.code).toBe(1);
    expect(overMax.stdout).toContain('    ✖ 2 warnings fail this run (more than --max-warnings 1); hidden by --quiet\n');
    // Warnings that do not fail the run keep their tick: the run passes.
    const passing = await cli(['lint', join(file, 'w.json'), '--quiet', '--max-warnings', '2']);
    expect(passing.code).toBe(0);
    expect(passing.stdout).toContain('    ✔ no errors (2 warnings hidden by --quiet)\n');
    expect(passing.stdout).toContain('warnings are counted but not shown (--quiet)\n');
    // Acknowledged findings never fail a run, --fail-on warning or not.
    const acknowledged = await cli(['lint', join(file, 'acknowledged.json'), '--quiet', '--fail-on', 'warning']);
    expect(acknowledged.code).toBe(0);
    expect(acknowledged.stdout).toContain('    ✔ no errors (2 acknowledged hidden by --quiet)\n');
  });

  it('--max-warnings fails a lint with more warnings than allowed', async () => {
    const dir = tempTree({ 'w.json': WARNINGS, 'stale.json': STALE });
    expect((await cli(['lint', dir, '--max-warnings', '3'])).code).toBe(0);
    const over = await cli(['lint', dir, '--max-warnings', '2']);
    expect(over.code).toBe(1);
    expect(over.stdout).toMatch(/0 errors, 3 warnings .* in 2 files\ntoo many warnings: 3, more than --max-warnings 2\n$/);
  });

  it('--report-unused-acknowledgements sets how stale waivers count: error fails, off hides them', async () => {
    const dir = tempTree({ 'stale.json': STALE });
    const file = join(dir, 'stale.json');
    expect((await cli(['lint', file, '--report-unused-acknowledgements', 'error'])).code).toBe(1);
    const off = await cli(['lint', file, '--report-unused-acknowledgements', 'off', '--fail-on', 'warning']);
    expect(off.code).toBe(0);
    expect(off.stdout).not.toContain('unused');
    expect((await cli(['lint', file, '--fail-on', 'warning'])).code).toBe(1);
  });

  it('-o writes the report to a file, and input errors to stderr too', async () => {
    const dir = tempTree({ 'unknown.json': '{ "tabels": [] }' });
    const out = join(dir, 'report.sarif');
    const { code, stdout, stderr } = await cli(['lint', join(dir, 'unknown.json'), '-o', out, '--format', 'sarif']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).runs[0].invocations[0].executionSuccessful).toBe(false);
    expect(stderr).toContain('unknown.json:1:3: tabels: is not a known field');
  });

  it('-o refuses to overwrite a file it lints, and names an unwritable path', async () => {
    const dir = tempTree({ 'd.json': STALE });
    const self = await cli(['lint', join(dir, 'd.json'), '-o', join(dir, 'd.json')]);
    expect(self.code).toBe(2);
    expect(self.stderr).toContain('is one of the files to lint: it would be overwritten');
    expect(readFileSync(join(dir, 'd.json'), 'utf8')).toBe(STALE);
    const missing = await cli(['lint', join(dir, 'd.json'), '-o', join(dir, 'no/such/dir/r.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot be written: no such file or directory (ENOENT)');
    // An I/O failure, not a usage mistake: the usage hint would not help.
    expect(missing.stderr).not.toContain('--help');
  });

  it('the last of a repeated option wins (npm run lint -- --format json)', async () => {
    const { stdout } = await cli(['lint', join(examples, 'good/uuid-orders.json'), '--format', 'text', '--format', 'json']);
    expect(JSON.parse(stdout).summary.files).toBe(1);
  });
});

describe('other commands', () => {
  it('links the rules to the docs SKEWGUARD_DOCS_URL names (a fork, a mirror), and refuses one that is not an absolute http(s) URL', async () => {
    const env = { SKEWGUARD_DOCS_URL: 'https://docs.example.com/skewguard' };
    expect((await cli(['explain', 'SG003'], { env })).stdout).toContain(
      'docs:       https://docs.example.com/skewguard/rules.md#sg003-hot-key-exceeds-partition',
    );
    const file = join(examples, 'bad/status-key.json');
    const report = JSON.parse((await cli(['lint', file, '--format', 'json'], { env })).stdout);
    expect(JSON.stringify(report)).toContain('"helpUri":"https://docs.example.com/skewguard/rules.md#');
    expect(JSON.stringify(report)).not.toContain('github.com/skewguard');
    const refused = await cli(['lint', file], { env: { SKEWGUARD_DOCS_URL: 'docs/' } });
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('SKEWGUARD_DOCS_URL must be an absolute http(s) URL')]);
  });

  it('lists the rule catalogue, and explains one rule by id or name', async () => {
    const { code, stdout } = await cli(['rules']);
    expect(code).toBe(0);
    expect(stdout.match(/^SG\d{3} /gm)).toHaveLength(RULES.length);
    expect(JSON.parse((await cli(['rules', '--format', 'json'])).stdout).find((r: { id: string }) => r.id === 'SG015')).toMatchObject({
      id: 'SG015',
      severity: 'warning',
      helpUri: expect.stringContaining('#sg015-suspicious-key-name'),
    });
    expect((await cli(['rules', '--format', 'markdown'])).stdout).toBe(readFileSync(join(root, 'docs/rules.md'), 'utf8'));
    const one = await cli(['rules', 'SG003']);
    expect(one.stdout).toMatch(/^SG003 hot-key-exceeds-partition\n {2}severity: {3}error\n/);
    expect(one.stdout).toContain('docs:       https://github.com/skewguard/skewguard/blob/main/docs/rules.md#sg003-hot-key-exceeds-partition');
    // The short text on the field's line, each edge case an indented bullet under it.
    const sg003 = RULES.find((r) => r.id === 'SG003');
    expect(one.stdout).toContain(`  fires when: ${sg003?.fires}\n              - ${sg003?.firesAlso?.[0]}\n`);
    expect(one.stdout).toContain(`  why:        ${sg003?.rationale}\n              - ${sg003?.rationaleDetails?.[0]}\n`);
    expect(one.stdout).toContain(`  fix:        ${sg003?.fix}\n              - ${sg003?.fixDetails?.[0]}\n`);
    expect(JSON.parse((await cli(['explain', 'SG003', '--format', 'json'])).stdout)).toMatchObject({
      firesAlso: sg003?.firesAlso,
      rationaleDetails: sg003?.rationaleDetails,
      fixDetails: sg003?.fixDetails,
    });
    expect((await cli(['explain', 'hot-key-exceeds-partition'])).stdout).toBe(one.stdout);
    expect((await cli(['explain', 'sg3'])).stdout).toBe(one.stdout);
    expect(JSON.parse((await cli(['explain', 'SG003', '--format', 'json'])).stdout).id).toBe('SG003');
    expect((await cli(['explain', 'SG003', '--format', 'markdown'])).stdout).toMatch(
      /^## SG003 hot-key-exceeds-partition\n[\s\S]*\*\*Fix:\*\*[\s\S]*\*\*Sources:\*\* [^\n]*\n*$/,
    );
    expect((await cli(['explain', 'hot-key-exceeds-partiton'])).stderr).toContain('(did you mean "hot-key-exceeds-partition"?)');
  });

  it('accepts --color and --no-color on rules and explain, as lint does', async () => {
    const plain = await cli(['explain', 'SG003']);
    expect(await cli(['explain', 'SG003', '--no-color'], { isTTY: true })).toMatchObject({ code: 0, stdout: plain.stdout });
    const colored = await cli(['explain', 'SG003', '--color']);
    expect(colored.code).toBe(0);
    expect(colored.stdout).toContain('\u001b[1mSG003 hot-key-exceeds-partition\u001b[22m');
    expect(
      colored.stdout
        .split(/\[\d+m/)
        .join('')
        .split('\u001b')
        .join(''),
    ).toBe(plain.stdout);
    expect((await cli(['rules', '--no-color'])).stdout).toBe((await cli(['rules'])).stdout);
  });

  it('explains a retired rule: why and since when, what replaced it (exit 0)', async () => {
    const text = await cli(['explain', 'SG011']);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe('');
    expect(text.stdout).toMatch(/^SG011 latency-blind-on-demand \(retired: it no longer runs\)\n {2}why: {9}retired before the first release: /);
    expect(text.stdout).toContain('  replaced by: SG010 monitoring-off (`skewguard explain SG010`)\n');
    expect(text.stdout).toContain('docs:        https://github.com/skewguard/skewguard/blob/main/docs/rules.md#retired-rules');
    expect((await cli(['rules', 'latency-blind-on-demand'])).stdout).toBe(text.stdout);
    const json = JSON.parse((await cli(['explain', 'sg11', '--format', 'json'])).stdout);
    expect(json).toMatchObject({
      id: 'SG011',
      status: 'retired',
      replacedBy: ['SG010'],
      retired: expect.stringMatching(/^retired before the first release: /),
    });
    expect((await cli(['explain', 'SG011', '--format', 'markdown'])).stdout).toMatch(
      /^## SG011 latency-blind-on-demand \(retired\)\n\n\*\*Why:\*\* retired before the first release: [\s\S]*\*\*Replaced by:\*\* \[SG010 monitoring-off\]\([^)]*#sg010-monitoring-off\)/,
    );
    // The catalogue has that anchor: the retired rules' section of docs/rules.md.
    expect(readFileSync(join(root, 'docs/rules.md'), 'utf8')).toContain('\n## Retired rules\n');
  });

  it('prints the design schema', async () => {
    const { designSchema } = await import('../../lib');
    expect(JSON.parse((await cli(['schema'])).stdout)).toEqual(designSchema());
  });
});
