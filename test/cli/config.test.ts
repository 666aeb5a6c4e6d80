import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { findConfig } from '../../lib/cli/config';
import { configSchema } from '../../lib/cli/config-shape';
import { cli, examples, fixtures, tempTree, UNIQUE_TABLE } from './helpers';

const statusKey = readFileSync(join(examples, 'bad/status-key.json'), 'utf8');
const DESIGN = JSON.stringify({ tables: [UNIQUE_TABLE] });

describe('config discovery', () => {
  it('finds the nearest skewguard.config.json or package.json "skewguard" key, from the cwd upward', () => {
    const dir = tempTree({
      'skewguard.config.json': '{}',
      'app/package.json': JSON.stringify({ name: 'app', skewguard: { designs: ['designs'] } }),
      'app/src/index.ts': '',
      'lib/package.json': JSON.stringify({ name: 'lib' }),
      'both/skewguard.config.json': '{}',
      'both/package.json': JSON.stringify({ skewguard: {} }),
    });
    expect(findConfig(join(dir, 'app/src'))).toBe(join(dir, 'app/package.json'));
    expect(findConfig(join(dir, 'lib'))).toBe(join(dir, 'skewguard.config.json')); // a package.json without the key is passed over
    expect(findConfig(join(dir, 'both'))).toBe(join(dir, 'both/skewguard.config.json'));
  });

  it('notes, in every report format, a package.json config that the skewguard.config.json beside it hides', async () => {
    // /tmp/u14/init2: package.json failed on warnings; `init` then wrote skewguard.config.json, and CI turned green unseen.
    const dir = tempTree({
      'package.json': '{\n  "name": "app",\n  "skewguard": { "designs": ["designs"], "failOn": "warning" }\n}\n',
      'skewguard.config.json': JSON.stringify({ designs: ['designs'] }),
      'designs/d.json': DESIGN,
    });
    const NOTE =
      'its "skewguard" config is not used: skewguard.config.json in the same directory is, and wins over it, so none of this one\'s settings apply; keep one config: move what it sets into skewguard.config.json and remove the "skewguard" key';
    const text = await cli(['lint'], { cwd: dir });
    expect(text.code).toBe(0); // a note: which config decides is unchanged
    expect(text.stdout).toContain(`package.json\n    note    package.json:3:3: ${NOTE}\n`);
    expect(text.stdout).toContain('config: skewguard.config.json\n');
    const json = JSON.parse((await cli(['lint', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.files[0]).toMatchObject({ file: 'package.json', skipped: true, errors: [], notes: [{ path: '', message: NOTE, line: 3, column: 3 }] });
    expect(json.summary.files).toBe(1);
    const github = await cli(['lint', '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain('::notice file=package.json,line=3,col=3,title=skewguard%3A not checked::its "skewguard" config is not used');
    const sarif = JSON.parse((await cli(['lint', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text)).toContain(NOTE);
    // Not when the config is named, nor for a package.json without the key.
    expect((await cli(['lint', '--config', 'skewguard.config.json'], { cwd: dir })).stdout).not.toContain('is not used');
    const single = tempTree({ 'package.json': '{ "name": "app" }', 'skewguard.config.json': JSON.stringify({ designs: ['d.json'] }), 'd.json': DESIGN });
    expect((await cli(['lint'], { cwd: single })).stdout).not.toContain('note');
  });

  it('lints the config’s designs (relative to the config file) when no file is given', async () => {
    const dir = tempTree({
      'skewguard.config.json': JSON.stringify({ designs: ['designs', 'more/*.json'] }),
      'designs/status.json': statusKey,
      'more/ok.json': DESIGN,
      'services/api/readme.txt': '',
    });
    const { code, stdout } = await cli(['lint', '--format', 'json'], { cwd: join(dir, 'services/api') });
    expect(code).toBe(1);
    expect(JSON.parse(stdout).files.map((f: { file: string }) => f.file)).toEqual(['../../designs/status.json', '../../more/ok.json']);
    const noDesigns = tempTree({ 'skewguard.config.json': '{ "failOn": "warning" }' });
    const usage = await cli(['lint'], { cwd: noDesigns });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain(`give one, or list them under "designs" in ${join(noDesigns, 'skewguard.config.json')}`);
  });

  it('applies thresholds and per-rule severity (or off) from the config', async () => {
    const dir = tempTree({ 'status.json': statusKey, 'skewguard.config.json': JSON.stringify({ rules: { SG001: 'off', SG003: 'warning' } }) });
    expect((await cli(['lint', 'status.json'], { cwd: dir })).code).toBe(0);
    expect((await cli(['lint', 'status.json', '--no-config'], { cwd: dir })).code).toBe(1);
    const warnOnly = tempTree({ 'status.json': statusKey, 'skewguard.config.json': JSON.stringify({ rules: { SG001: 'warning' } }) });
    const warned = JSON.parse((await cli(['lint', 'status.json', '--format', 'json'], { cwd: warnOnly })).stdout);
    expect(warned.files[0].findings.find((f: { ruleId: string }) => f.ruleId === 'SG001')).toMatchObject({ severity: 'warning' });
    // Five statuses meet a minCardinality of 5: SG001 goes; SG003 stays, since the hottest status is still over its ceiling.
    const lowered = tempTree({ 'status.json': statusKey, 'cfg.json': JSON.stringify({ thresholds: { minCardinality: 5 } }) });
    const loweredReport = JSON.parse((await cli(['lint', 'status.json', '--config', 'cfg.json', '--format', 'json'], { cwd: lowered })).stdout);
    expect(loweredReport.files[0].findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['SG003']);
  });

  it('takes failOn, maxWarnings and reportUnusedAcknowledgements from the config; flags override them', async () => {
    const stale = JSON.stringify({ tables: [{ ...UNIQUE_TABLE, acknowledgements: [{ rule: 'SG001', reason: 'Kept from the old status key.' }] }] });
    const dir = tempTree({ 'stale.json': stale, 'skewguard.config.json': JSON.stringify({ reportUnusedAcknowledgements: 'error' }) });
    expect((await cli(['lint', 'stale.json'], { cwd: dir })).code).toBe(1);
    expect((await cli(['lint', 'stale.json', '--report-unused-acknowledgements', 'warning'], { cwd: dir })).code).toBe(0);
    const strict = tempTree({ 'stale.json': stale, 'skewguard.config.json': JSON.stringify({ failOn: 'warning' }) });
    expect((await cli(['lint', 'stale.json'], { cwd: strict })).code).toBe(1);
    expect((await cli(['lint', 'stale.json', '--fail-on', 'error'], { cwd: strict })).code).toBe(0);
    const budget = tempTree({ 'stale.json': stale, 'skewguard.config.json': JSON.stringify({ maxWarnings: 0 }) });
    expect((await cli(['lint', 'stale.json'], { cwd: budget })).code).toBe(1);
    expect((await cli(['lint', 'stale.json', '--max-warnings', '1'], { cwd: budget })).code).toBe(0);
  });
});

describe('config validation', () => {
  it('reports every problem with its field path, line and column, and exits 2', async () => {
    const text = [
      '{',
      '  "desings": ["designs"],',
      '  "rules": { "SG099": "off", "SG001": "loud" },',
      '  "thresholds": { "headroom": 2 },',
      '  "maxWarnings": -1,',
      '  "failOn": "info"',
      '}',
    ].join('\n');
    const dir = tempTree({ 'skewguard.config.json': text, 'd.json': DESIGN });
    const { code, stdout, stderr } = await cli(['lint', 'd.json'], { cwd: dir });
    const file = join(dir, 'skewguard.config.json');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`skewguard: invalid config ${file}:`);
    expect(stderr).toContain(`${file}:2:3: desings: is not a known field (did you mean "designs"?)`);
    expect(stderr).toContain(`${file}:3:14: rules.SG099: "SG099" is not a skewguard rule`);
    expect(stderr).toContain(`${file}:3:30: rules.SG001: expected "error", "warning" or "off", got "loud"`);
    expect(stderr).toMatch(new RegExp(`${file}:4:19: thresholds\\.headroom: `));
    expect(stderr).toContain(`${file}:5:3: maxWarnings: expected an integer ≥ 0, got -1`);
    expect(stderr).toContain(`${file}:6:3: failOn: expected one of "error", "warning", got "info"`);
  });

  it('treats a setting of a retired rule as retired: a note, not "not a skewguard rule", and the lint runs', async () => {
    const dir = tempTree({ 'skewguard.config.json': '{\n  "rules": { "SG011": "off", "SG014": "off" }\n}\n', 'd.json': DESIGN });
    const { code, stderr } = await cli(['lint', 'd.json', '--format', 'json'], { cwd: dir });
    const file = join(dir, 'skewguard.config.json');
    expect(stderr).toBe(
      `skewguard: note: ${file}:2:14: rules.SG011: SG011 is a retired rule (it no longer runs; replaced by SG010), so this setting has no effect: remove it\n`,
    );
    expect(code).toBe(0);
    // An unknown id is still an error.
    const typo = tempTree({ 'skewguard.config.json': '{ "rules": { "SG099": "off" } }', 'd.json': DESIGN });
    expect((await cli(['lint', 'd.json'], { cwd: typo })).code).toBe(2);
  });

  it('places problems in package.json under the skewguard key', async () => {
    const dir = tempTree({ 'package.json': '{\n  "name": "app",\n  "skewguard": { "designs": [] }\n}\n', 'd.json': DESIGN });
    const { code, stderr } = await cli(['lint', 'd.json'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain(`${join(dir, 'package.json')}:3:18: skewguard.designs: must have at least 1 item, got 0`);
  });

  it('names a config file that cannot be read or parsed', async () => {
    const dir = tempTree({ 'skewguard.config.json': '{ "designs": [ }', 'd.json': DESIGN });
    const broken = await cli(['lint', 'd.json'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('skewguard.config.json:1:16: invalid JSON');
    const missing = await cli(['lint', 'd.json', '--config', 'nope.json'], { cwd: dir });
    expect(missing.code).toBe(2);
    // A file that cannot be read has no line: it is named alone, never at a made-up 1:1.
    expect(missing.stderr).toMatch(/\n {2}\S*nope\.json: the file cannot be read: no such file or directory \(ENOENT\)\n/);
    expect((await cli(['lint', 'd.json', '--config', 'x', '--no-config'], { cwd: dir })).stderr).toContain('--config and --no-config contradict each other');
  });
});

/** The settings a config leaves at their defaults, as the JSON and SARIF reports give them. */
const UNCHANGED = { thresholds: {}, quotas: {}, failOn: null, maxWarnings: null, reportUnusedAcknowledgements: null };

describe('a config cannot turn the guard off unseen (issue 15 §3)', () => {
  const config = JSON.stringify({ rules: { SG001: 'off', SG010: 'off' } });

  // The status key (SG001, an error) passes with its headroom raised and its unused acknowledgements ignored: each
  // loosening named, in yellow, apart from what tightens; maxShards at its default is no change.
  const loosening = { thresholds: { headroom: 0.99, minCardinality: 200, maxShards: 100 }, failOn: 'warning', reportUnusedAcknowledgements: 'off' };
  const LINE =
    'config: CONFIG (loosens headroom to 0.99 (default 0.8); reports no unused acknowledgement; tightens minCardinality to 200 (default 100); fails on warnings)\n';
  const FIELDS = {
    rulesOff: [],
    severities: {},
    thresholds: { headroom: 0.99, minCardinality: 200 },
    quotas: {},
    failOn: 'warning',
    maxWarnings: null,
    reportUnusedAcknowledgements: 'off',
    loosens: ['thresholds.headroom', 'reportUnusedAcknowledgements'],
  };

  it.each([
    ['skewguard.config.json', JSON.stringify(loosening)],
    ['package.json', JSON.stringify({ name: 'app', skewguard: loosening })],
  ])('names the thresholds, failOn and reportUnusedAcknowledgements of %s in every report format', async (file, text) => {
    const dir = tempTree({ 'status.json': statusKey, [file]: text });
    const plain = await cli(['lint', 'status.json'], { cwd: dir });
    expect(plain.stdout).toContain(LINE.replace('CONFIG', file));
    const github = await cli(['lint', 'status.json', '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain(LINE.replace('CONFIG', file));
    const json = JSON.parse((await cli(['lint', 'status.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.config).toEqual({ file, ...FIELDS });
    const sarif = JSON.parse((await cli(['lint', 'status.json', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].invocations[0].properties).toEqual({ configFile: file, ...FIELDS });
    // In color, what loosens is yellow; what tightens is not.
    const color = await cli(['lint', 'status.json', '--color'], { cwd: dir });
    expect(color.stdout).toContain(
      '\x1b[33mloosens headroom to 0.99 (default 0.8); reports no unused acknowledgement\x1b[39m; tightens minCardinality to 200 (default 100); fails on warnings)',
    );
  });

  it('names a threshold made laxer in either direction, and nothing a flag overrides', async () => {
    const config = { thresholds: { minCardinality: 10, maxHotKeyShare: 0.5 }, maxWarnings: 3, reportUnusedAcknowledgements: 'error', failOn: 'warning' };
    const dir = tempTree({ 'status.json': statusKey, 'skewguard.config.json': JSON.stringify(config) });
    const text = await cli(['lint', 'status.json'], { cwd: dir });
    expect(text.stdout).toContain(
      'config: skewguard.config.json (loosens minCardinality to 10 (default 100), maxHotKeyShare to 0.5 (default 0.1); fails on warnings; allows at most 3 warnings; counts unused acknowledgements as errors)\n',
    );
    const flags = ['--fail-on', 'error', '--max-warnings', '9', '--report-unused-acknowledgements', 'warning', '--format', 'json'];
    const json = JSON.parse((await cli(['lint', 'status.json', ...flags], { cwd: dir })).stdout);
    expect(json.config).toEqual({
      file: 'skewguard.config.json',
      rulesOff: [],
      severities: {},
      ...UNCHANGED,
      thresholds: { minCardinality: 10, maxHotKeyShare: 0.5 },
      loosens: ['thresholds.minCardinality', 'thresholds.maxHotKeyShare'],
    });
  });

  it('names a lower minGrowthHeadroom as a loosening, and a higher one as a tightening', async () => {
    const lower = tempTree({ 'status.json': statusKey, 'skewguard.config.json': JSON.stringify({ thresholds: { minGrowthHeadroom: 1.2 } }) });
    expect((await cli(['lint', 'status.json'], { cwd: lower })).stdout).toContain(
      'config: skewguard.config.json (loosens minGrowthHeadroom to 1.2 (default 1.5))\n',
    );
    const higher = tempTree({ 'status.json': statusKey, 'skewguard.config.json': JSON.stringify({ thresholds: { minGrowthHeadroom: 2 } }) });
    const json = JSON.parse((await cli(['lint', 'status.json', '--format', 'json'], { cwd: higher })).stdout);
    expect(json.config).toMatchObject({ thresholds: { minGrowthHeadroom: 2 }, loosens: [] });
  });

  it('names each quota it raises as a loosening: 2^53 − 1 hides every quota finding', async () => {
    // A stranger's IoT fleet: 200,000 WCU declared against the default 40,000 table-level write quota, and 262,000 WCU
    // provisioned (the table's 260,000 maximum and its GSI's 2,000) against the default 80,000 account-level one.
    const iot = readFileSync(join(fixtures, 'designs/iot-fleet.json'), 'utf8');
    const huge = { quotas: { tableWriteUnits: 2 ** 53 - 1, accountWriteUnits: 2 ** 53 - 1, tableReadUnits: 40_000 } };
    const dir = tempTree({ 'iot.json': iot, 'skewguard.config.json': JSON.stringify(huge) });
    expect((await cli(['lint', 'iot.json', '--no-config'], { cwd: dir })).stdout).toContain('3 errors, 0 warnings');
    const text = await cli(['lint', 'iot.json'], { cwd: dir });
    expect(text.code).toBe(0);
    // tableReadUnits at its default is no change, so it is not named.
    expect(text.stdout).toContain(
      'config: skewguard.config.json (raises tableWriteUnits to 9,007,199,254,740,991 (AWS default 40,000), accountWriteUnits to 9,007,199,254,740,991 (AWS default 80,000))\n',
    );
    const fields = {
      rulesOff: [],
      severities: {},
      ...UNCHANGED,
      quotas: { tableWriteUnits: 9_007_199_254_740_991, accountWriteUnits: 9_007_199_254_740_991 },
      loosens: ['quotas.tableWriteUnits', 'quotas.accountWriteUnits'],
    };
    const json = JSON.parse((await cli(['lint', 'iot.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.config).toEqual({ file: 'skewguard.config.json', ...fields });
    const sarif = JSON.parse((await cli(['lint', 'iot.json', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].invocations[0].properties).toEqual({ configFile: 'skewguard.config.json', ...fields });
    const github = await cli(['lint', 'iot.json', '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain('config: skewguard.config.json (raises tableWriteUnits to 9,007,199,254,740,991 (AWS default 40,000), ');
    // In color, with the other loosenings: yellow.
    const color = await cli(['lint', 'iot.json', '--color'], { cwd: dir });
    expect(color.stdout).toContain('\x1b[33mraises tableWriteUnits to 9,007,199,254,740,991 (AWS default 40,000), accountWriteUnits');
  });

  it('gives a config that only tightens an empty loosens, and no yellow', async () => {
    const dir = tempTree({ 'status.json': statusKey, 'skewguard.config.json': JSON.stringify({ thresholds: { headroom: 0.7 }, failOn: 'warning' }) });
    const json = JSON.parse((await cli(['lint', 'status.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.config.loosens).toEqual([]);
    const color = await cli(['lint', 'status.json', '--color'], { cwd: dir });
    expect(color.stdout).toContain('config: skewguard.config.json\x1b[22m (tightens headroom to 0.7 (default 0.8); fails on warnings)\n');
  });

  it('names the config file and the rules it turns off in every report format', async () => {
    const dir = tempTree({ 'status.json': statusKey, 'skewguard.config.json': config });
    const text = await cli(['lint', 'status.json'], { cwd: dir });
    expect(text.stdout).toContain('config: skewguard.config.json (turns off SG001, SG010)\n');
    const json = JSON.parse((await cli(['lint', 'status.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.config).toEqual({
      file: 'skewguard.config.json',
      rulesOff: ['SG001', 'SG010'],
      severities: {},
      ...UNCHANGED,
      loosens: ['rules.SG001', 'rules.SG010'],
    });
    const sarif = JSON.parse((await cli(['lint', 'status.json', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].invocations[0].properties).toEqual({
      configFile: 'skewguard.config.json',
      rulesOff: ['SG001', 'SG010'],
      severities: {},
      ...UNCHANGED,
      loosens: ['rules.SG001', 'rules.SG010'],
    });
    const github = await cli(['lint', 'status.json', '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain('config: skewguard.config.json (turns off SG001, SG010)\n');
    const none = await cli(['lint', 'status.json', '--no-config', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(none.stdout).config).toEqual({ file: null, rulesOff: [], severities: {}, ...UNCHANGED, loosens: [] });
  });

  it('names every rule whose severity it changes (review 12: package.json lowered SG003 to a warning, exit 0, unnamed)', async () => {
    // The user's package.json (hostile/pkgcfg) with their URL shortener: a hot key at 4,500 RCU against a usable 2,400.
    const pkg = JSON.stringify({
      name: 'x',
      skewguard: { designs: ['d'], rules: { SG003: 'warning', SG012: 'off', SG014: 'error', SG007: 'warning', SG011: 'warning' } },
    });
    const dir = tempTree({ 'package.json': pkg, 'd/url-shortener.json': readFileSync(join(fixtures, 'designs/url-shortener.json'), 'utf8') });
    const text = await cli(['lint'], { cwd: dir });
    expect(text.code).toBe(0); // the config's to lower, and now said where the verdict is
    expect(text.stdout).toContain('warning SG003 hot-key-exceeds-partition');
    // SG007 is a warning rule set to warning (no change); SG011 is retired (it reports nothing).
    expect(text.stdout).toContain('config: package.json (turns off SG012; lowers SG003 to warning; sets SG014 to error)\n');
    const severities = { SG003: 'warning', SG014: 'error' };
    const json = JSON.parse((await cli(['lint', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.config).toEqual({ file: 'package.json', rulesOff: ['SG012'], severities, ...UNCHANGED, loosens: ['rules.SG012', 'rules.SG003'] });
    const sarif = JSON.parse((await cli(['lint', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].invocations[0].properties).toEqual({
      configFile: 'package.json',
      rulesOff: ['SG012'],
      severities,
      ...UNCHANGED,
      loosens: ['rules.SG012', 'rules.SG003'],
    });
    const github = await cli(['lint', '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain('config: package.json (turns off SG012; lowers SG003 to warning; sets SG014 to error)\n');
  });

  it('stops the search at the repository root (the nearest .git), as eslint does', async () => {
    const dir = tempTree({
      'skewguard.config.json': config,
      'repo/.git/HEAD': 'ref: refs/heads/main\n',
      'repo/status.json': statusKey,
      'worktree/.git': 'gitdir: ../repo/.git\n',
      'worktree/status.json': statusKey,
    });
    expect(findConfig(join(dir, 'repo'))).toBeUndefined();
    expect(findConfig(join(dir, 'worktree'))).toBeUndefined(); // a worktree's .git is a file
    const { code, stdout } = await cli(['lint', 'status.json'], { cwd: join(dir, 'repo') });
    expect(code).toBe(1); // the parent's "SG001": "off" does not apply
    expect(stdout).toContain('config: none');
  });

  it('reports a config that is a symbolic link leading nowhere instead of passing it over', async () => {
    const dir = tempTree({ 'status.json': statusKey });
    symlinkSync(join(dir, 'gone.json'), join(dir, 'skewguard.config.json'));
    const { code, stderr } = await cli(['lint', 'status.json'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain(`invalid config ${join(dir, 'skewguard.config.json')}`);
    expect(stderr).toContain('cannot be read: no such file or directory (ENOENT)');
  });

  it('refuses designs that leave the project, by path or through a symbolic link', async () => {
    const outside = tempTree({ 'status.json': statusKey });
    const dir = tempTree({
      'skewguard.config.json': JSON.stringify({ designs: ['/', '../elsewhere/*.json', 'linked', 'designs', '..designs/*.json'] }),
      '..designs/ok.json': DESIGN,
    });
    symlinkSync(outside, join(dir, 'linked'));
    const { code, stderr } = await cli(['lint', '--fix'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('designs[0]: "/" leaves the project');
    expect(stderr).toContain('designs[1]: "../elsewhere/*.json" leaves the project');
    expect(stderr).toContain('designs[2]: "linked" leaves the project');
    expect(stderr).not.toContain('designs[3]');
    // `..designs` is a directory inside the project, not a step out of it.
    expect(stderr).not.toContain('designs[4]');
    expect(readFileSync(join(outside, 'status.json'), 'utf8')).toBe(statusKey);
  });
});

describe('the config file has a JSON Schema', () => {
  it('is generated from the same shape that checks the config, and accepts what the loader accepts', () => {
    const schema = configSchema();
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, title: 'skewguard config' });
    expect(Object.keys(schema.properties as object)).toEqual([
      '$schema',
      'designs',
      'thresholds',
      'rules',
      'quotas',
      'failOn',
      'maxWarnings',
      'reportUnusedAcknowledgements',
      'contributorInsightsRuleQuota',
    ]);
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate({ designs: ['designs'], rules: { SG012: 'off' }, failOn: 'warning', maxWarnings: 0 })).toBe(true);
    expect(validate({ desings: ['designs'] })).toBe(false);
    expect([validate({ contributorInsightsRuleQuota: 500 }), validate({ contributorInsightsRuleQuota: 0 })]).toEqual([true, false]);
    expect(validate({ maxWarnings: -1 })).toBe(false);
    expect(JSON.parse(readFileSync(join(__dirname, '../../schema/config.schema.json'), 'utf8'))).toEqual(schema);
  });
});

describe('the config declares raised DynamoDB throughput quotas', () => {
  // A 50,000 WCU peak: above the default 40,000 table-level write quota ("Quotas in Amazon DynamoDB"), within 200,000.
  const PAST_DEFAULT = JSON.stringify({ tables: [{ ...UNIQUE_TABLE, workload: { ...UNIQUE_TABLE.workload, peakWriteUnits: 50_000 } }] });

  it('every table is linted against them', async () => {
    const dir = tempTree({ 'skewguard.config.json': JSON.stringify({ quotas: { tableWriteUnits: 200_000 } }), 'd.json': PAST_DEFAULT });
    const raised = await cli(['lint', 'd.json', '--format', 'json'], { cwd: dir });
    const defaults = await cli(['lint', 'd.json', '--format', 'json', '--no-config'], { cwd: dir });
    const overQuota = (out: string) =>
      (JSON.parse(out).files[0].findings as { ruleId: string; messageId: string }[]).filter((f) => f.ruleId === 'SG017' && f.messageId === 'overQuota');
    expect(overQuota(defaults.stdout)).toHaveLength(1);
    expect(overQuota(raised.stdout)).toEqual([]);
  });

  it('a figure below the default, or not a whole number, is refused at its field and line', async () => {
    const dir = tempTree({ 'skewguard.config.json': '{\n  "quotas": { "tableWriteUnits": 1000, "accountReadUnits": "lots" }\n}\n', 'd.json': DESIGN });
    const { code, stderr } = await cli(['lint', 'd.json'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toMatch(/skewguard\.config\.json:2:\d+: quotas\.tableWriteUnits: .*an integer ≥ 40000, got 1000/);
    expect(stderr).toMatch(/skewguard\.config\.json:2:\d+: quotas\.accountReadUnits: .*an integer ≥ 80000/);
  });

  it('a figure past 2^53 − 1 (1e300) is refused at its field, saying why', async () => {
    const dir = tempTree({ 'skewguard.config.json': '{"quotas":{"tableWriteUnits":1e300}}', 'd.json': DESIGN });
    const { code, stderr } = await cli(['lint', 'd.json'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('skewguard.config.json:1:12: quotas.tableWriteUnits: is above 2^53 − 1 (9007199254740991), past which a number is not exact');
  });
});

describe('a design file cannot loosen its lint unseen', () => {
  // A Cosmos DB expert's SaaS orders container: its hottest tenant at 15% of the traffic is SG014's warning; the same
  // design with `thresholds: { headroom: 1, maxHotKeyShare: 1 }` in the file said "✔ no findings" and nothing else, where
  // the same thresholds in the config are named as loosening the lint.
  const orders = {
    name: 'orders',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 500, hotKeyShare: 0.15, largestGb: 6 },
        { path: '/userId', cardinality: 2_000_000 },
        { path: '/orderId', cardinality: 'unique' },
      ],
    },
    throughput: { autoscaleMax: 20_000 },
    workload: { peakReadUnits: 8_000, peakWriteUnits: 3_000 },
    storage: { totalGb: 40 },
  };
  const loosened = JSON.stringify({ containers: [orders], thresholds: { headroom: 1, maxHotKeyShare: 1 } }, null, 2);
  const LINE = 'thresholds (orders.json:35:3): loosens headroom to 1 (default 0.8), maxHotKeyShare to 1 (default 0.1)';

  it('names them in every report format, in the words of the config line', async () => {
    const dir = tempTree({ 'orders.json': loosened });
    const strict = tempTree({ 'orders.json': JSON.stringify({ containers: [orders] }) });
    expect((await cli(['lint', 'orders.json', '--no-config'], { cwd: strict })).stdout).toContain('SG014');
    const text = await cli(['lint', 'orders.json', '--no-config'], { cwd: dir });
    expect(text.code).toBe(0); // said, as a config's loosening is; the exit code is the thresholds' to decide
    expect(text.stdout).toContain(`orders.json\n    note    ${LINE}\n    ✔ no findings\n`);
    // The same thresholds in the config: the same words.
    const config = tempTree({
      'orders.json': JSON.stringify({ containers: [orders] }),
      'skewguard.config.json': JSON.stringify({ thresholds: { headroom: 1, maxHotKeyShare: 1 } }),
    });
    expect((await cli(['lint', 'orders.json'], { cwd: config })).stdout).toContain('(loosens headroom to 1 (default 0.8), maxHotKeyShare to 1 (default 0.1))');
    const color = await cli(['lint', 'orders.json', '--no-config', '--color'], { cwd: dir });
    expect(color.stdout).toContain('\x1b[33mnote   \x1b[39m thresholds');
    const quiet = await cli(['lint', 'orders.json', '--no-config', '--quiet'], { cwd: dir });
    expect(quiet.stdout).toContain(LINE);
    const json = JSON.parse((await cli(['lint', 'orders.json', '--no-config', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.files[0].loosens).toEqual(['thresholds.headroom', 'thresholds.maxHotKeyShare']);
    const sarif = JSON.parse((await cli(['lint', 'orders.json', '--no-config', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].invocations[0].properties.designLoosens).toEqual([
      { artifactLocation: { uri: 'orders.json', uriBaseId: '%SRCROOT%' }, loosens: ['thresholds.headroom', 'thresholds.maxHotKeyShare'] },
    ]);
    const github = await cli(['lint', 'orders.json', '--no-config', '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain('::notice file=orders.json,line=35,col=3,title=skewguard%3A thresholds loosened::');
    expect(github.stdout).toContain('thresholds: loosens headroom to 1 (default 0.8), maxHotKeyShare to 1 (default 0.1)');
  });

  it("names a design's own thresholds at their place, and nothing that only tightens", async () => {
    const file = { containers: [{ ...orders, thresholds: { minCardinality: 10, headroom: 0.7 } }], thresholds: { maxShards: 50 } };
    const dir = tempTree({ 'orders.json': JSON.stringify(file) });
    const text = await cli(['lint', 'orders.json', '--no-config'], { cwd: dir });
    expect(text.stdout).toContain('note    containers[0].thresholds (orders.json:1:');
    expect(text.stdout).toContain('): loosens minCardinality to 10 (default 100)\n');
    expect(text.stdout).not.toMatch(/loosens[^\n]*(headroom|maxShards)/);
    const json = JSON.parse((await cli(['lint', 'orders.json', '--no-config', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.files[0].loosens).toEqual(['containers[0].thresholds.minCardinality']);
    const tight = tempTree({ 'orders.json': JSON.stringify({ containers: [orders], thresholds: { headroom: 0.7 } }) });
    const none = JSON.parse((await cli(['lint', 'orders.json', '--no-config', '--format', 'json'], { cwd: tight })).stdout);
    expect(none.files[0]).not.toHaveProperty('loosens');
  });
});
