/**
 * A problem of a whole file (it cannot be read, it is empty, it is not UTF-8, a search found nothing)
 * has no line: every format names the file alone, never a made-up line 1, column 1, and never an
 * empty field path shown as a placeholder. A problem that has a place (a JSON syntax error) keeps it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { cli, fixtures, tempTree } from './helpers';

const validSarif = addFormats(new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false })).compile(
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
);

const MISSING = 'the file cannot be read: no such file or directory (ENOENT)';
const EMPTY = 'the file is empty: there is no design or template in it to lint';
const NOT_UTF8 = 'the file is not valid UTF-8 text: save it as UTF-8';
const NOTHING_FOUND = 'no design file or template found here';
const SYNTAX = 'invalid JSON: line 1, column 13: unexpected end of the file';

/** Inputs whose problems are the whole file's, and one with a JSON syntax error at 1:13. */
function inputs(): { dir: string; args: string[] } {
  const dir = tempTree({ 'empty.json': '', 'latin1.json': Buffer.from('{"tables": "caf\xe9"}', 'latin1'), 'bad.json': '{"tables": [' });
  mkdirSync(join(dir, 'nothing'));
  return { dir, args: ['lint', 'nope.json', 'empty.json', 'latin1.json', 'nothing', 'bad.json'] };
}

describe('a problem of a whole file is reported at the file, with no line', () => {
  it('text: the file alone after an `error` label, without a field-path placeholder; a syntax error keeps file:line:column', async () => {
    const { dir, args } = inputs();
    const { code, stdout } = await cli(args, { cwd: dir });
    expect(code).toBe(2);
    expect(stdout).toContain(`nope.json\n    error   nope.json: ${MISSING}\n`);
    expect(stdout).toContain(`empty.json\n    error   empty.json: ${EMPTY}\n`);
    expect(stdout).toContain(`latin1.json\n    error   latin1.json: ${NOT_UTF8}\n`);
    expect(stdout).toContain(`nothing\n    error   nothing: ${NOTHING_FOUND}`);
    expect(stdout).toContain(`bad.json\n    error   bad.json:1:13: ${SYNTAX}\n`);
    expect(stdout).not.toMatch(/\(file\)|:1:1\b/);
    expect(stdout).toContain('5 inputs could not be linted');
  });

  it('json: errors of the whole file have no line or column; input errors on stderr name the file alone', async () => {
    const { dir, args } = inputs();
    const { code, stdout, stderr } = await cli([...args, '--format', 'json'], { cwd: dir });
    expect(code).toBe(2);
    const errors = Object.fromEntries((JSON.parse(stdout) as { files: { file: string; errors: unknown[] }[] }).files.map((f) => [f.file, f.errors] as const));
    expect(errors['nope.json']).toEqual([{ path: '', message: MISSING }]);
    expect(errors['empty.json']).toEqual([{ path: '', message: EMPTY }]);
    expect(errors['latin1.json']).toEqual([{ path: '', message: NOT_UTF8 }]);
    expect(errors['nothing']).toEqual([{ path: '', message: expect.stringContaining(NOTHING_FOUND) }]);
    expect(errors['bad.json']).toEqual([{ path: '', message: SYNTAX, line: 1, column: 13 }]);
    expect(stderr.split('\n')).toEqual(
      expect.arrayContaining([`nope.json: ${MISSING}`, `empty.json: ${EMPTY}`, `latin1.json: ${NOT_UTF8}`, `bad.json:1:13: ${SYNTAX}`]),
    );
    expect(stderr).not.toMatch(/\(file\)|:1:1\b/);
  });

  it('sarif: the notification is located at the file (an artifactLocation with no region); a syntax error keeps its region', async () => {
    const { dir, args } = inputs();
    const { code, stdout } = await cli([...args, '--format', 'sarif'], { cwd: dir });
    expect(code).toBe(2);
    const sarif = JSON.parse(stdout);
    expect(validSarif(sarif) ? [] : validSarif.errors).toEqual([]);
    const notifications = sarif.runs[0].invocations[0].toolExecutionNotifications as {
      message: { text: string };
      locations: { physicalLocation: Record<string, unknown> }[];
    }[];
    const byFile = new Map(notifications.map((n) => [(n.locations[0].physicalLocation.artifactLocation as { uri: string }).uri, n]));
    expect(byFile.get('nope.json')).toEqual({
      level: 'error',
      message: { text: MISSING },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'nope.json', uriBaseId: '%SRCROOT%' } } }],
    });
    for (const uri of ['empty.json', 'latin1.json', 'nothing']) expect(byFile.get(uri)?.locations[0].physicalLocation).not.toHaveProperty('region');
    expect(byFile.get('bad.json')).toMatchObject({
      message: { text: SYNTAX },
      locations: [{ physicalLocation: { region: { startLine: 1, startColumn: 13 } } }],
    });
  });

  it('github: `file=` without line and col (a file-level annotation); a syntax error keeps both', async () => {
    const { dir, args } = inputs();
    const { code, stdout } = await cli([...args, '--format', 'github'], { cwd: dir });
    expect(code).toBe(2);
    expect(stdout).toContain(`::error file=nope.json,title=skewguard%3A invalid input::${MISSING}\n`);
    expect(stdout).toContain(`::error file=empty.json,title=skewguard%3A invalid input::${EMPTY}\n`);
    expect(stdout).toContain(`::error file=latin1.json,title=skewguard%3A invalid input::${NOT_UTF8}\n`);
    expect(stdout).toContain(`::error file=nothing,title=skewguard%3A invalid input::${NOTHING_FOUND}`);
    expect(stdout).toContain(`::error file=bad.json,line=1,col=13,title=skewguard%3A invalid input::${SYNTAX}\n`);
    expect(stdout).not.toMatch(/line=1,col=1,|\(file\)/);
  });

  it('a note on a whole file (an empty file a search found) is at the file too, with no empty field path before it', async () => {
    const dir = tempTree({ 'designs/empty.json': '' });
    const text = await cli(['lint', 'designs'], { cwd: dir });
    expect(text.stdout).toContain(`designs/empty.json\n    note    designs/empty.json: not linted: the file is empty\n`);
    const github = await cli(['lint', 'designs', '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain('::notice file=designs/empty.json,title=skewguard%3A not checked::not linted: the file is empty\n');
  });
});

describe('a template linted in part (review 12: findings printed, then "in 0 files")', () => {
  it('counts the file its findings come from, and says it could not be linted whole', async () => {
    // The user's refused synth: an invalid Validations.acknowledge() (SG999) beside the tables' findings.
    const { code, stdout } = await cli(['lint', join(fixtures, 'badack-assembly'), '--no-config']);
    expect(code).toBe(2);
    expect(stdout).toContain('is not a valid waiver: id: "SG999" is not a skewguard rule');
    expect(stdout).toContain('warning SG015 suspicious-key-name');
    // ShortLinks' 5 copies of its hottest code (4,500 of 30,000 RCU, 20 partitions): two on one partition take
    // 2 × 900 + 1,455 − 45 = 3,210 of its hard 3,000 RCU; 6 take 2 × 750 + 1,462.5 − 37.5 = 2,925.
    expect(stdout).toContain('fix: raise sharding.shards from 5 to 6: 2 of them on one partition then take 2,925 RCU, within its 3,000 RCU maximum');
    expect(stdout).toMatch(/\n0 errors, 2 warnings \(2 acknowledged\) in 1 file; 1 input could not be linted whole \(its findings are counted\)\n$/);
  });

  it('says so of inputs not linted at all as before', async () => {
    const dir = tempTree({ 'bad.json': '{', 'gone.template.json': '' });
    const { stdout } = await cli(['lint', 'bad.json', 'gone.template.json', 'missing.json'], { cwd: dir });
    expect(stdout).toMatch(/ in 0 files; 3 inputs could not be linted\n$/);
  });
});
