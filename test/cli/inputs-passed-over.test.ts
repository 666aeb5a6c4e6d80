/**
 * What a directory search passes over is said, never skipped in silence: a `*.json` that is not JSON gets a note of
 * its own (it may be a damaged design), and ordinary JSON (package.json, tsconfig.json with comments) is counted in
 * one note per search, each file named with --verbose. Notes count in no total and leave the exit code alone.
 */
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { cli, designWithFindings, tempTree, UNIQUE_TABLE } from './helpers';

const DESIGN = JSON.stringify({ tables: [UNIQUE_TABLE] }, null, 2);
const TSCONFIG = '{\n  // the build\n  "compilerOptions": { "strict": true, },\n}\n';

interface JsonFile {
  file: string;
  skipped?: boolean;
  errors: { message: string }[];
  notes: { path: string; message: string; line?: number; column?: number }[];
}
const report = (stdout: string) => JSON.parse(stdout) as { files: JsonFile[]; summary: { files: number } };

describe('a *.json a search finds that is not JSON', () => {
  // A file of words (no "tables" in it), and a link to a system file outside the tree (as one to /etc/hostname).
  const dir = tempTree({ 'good.json': DESIGN, 'notes.json': 'vm two words\n' });
  const outside = tempTree({ hostname: 'build-host\n' });
  symlinkSync(join(outside, 'hostname'), join(dir, 'host.json'));
  const NOT_JSON = /^not linted: it is not JSON \(line 1, column 1: unexpected "[vb]"\), so it is no design or template; if it is meant to be one, fix it$/;

  it('is a note at its syntax error in the JSON report, counted in no total, exit code unchanged', async () => {
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(code).toBe(0);
    const { files, summary } = report(stdout);
    const byName = Object.fromEntries(files.map((f) => [f.file.slice(dir.length + 1), f]));
    for (const name of ['notes.json', 'host.json']) {
      expect(byName[name]).toMatchObject({ skipped: true, errors: [], notes: [{ path: '', line: 1, column: 1 }] });
      expect(byName[name].notes[0].message).toMatch(NOT_JSON);
    }
    expect(summary.files).toBe(1);
  });

  it('is the same note in the text, GitHub and SARIF reports', async () => {
    const text = await cli(['lint', dir]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`note    ${join(dir, 'notes.json')}:1:1: not linted: it is not JSON (`);
    expect(text.stdout).toContain('0 errors, 0 warnings in 1 file');
    const github = await cli(['lint', dir, '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain('::notice file=notes.json,line=1,col=1,title=skewguard%3A not checked::not linted: it is not JSON (');
    const sarif = await cli(['lint', dir, '--format', 'sarif'], { cwd: dir });
    const notes = JSON.parse(sarif.stdout).runs[0].invocations[0].toolExecutionNotifications as { level: string; message: { text: string } }[];
    expect(notes.filter((n) => NOT_JSON.test(n.message.text)).map((n) => n.level)).toEqual(['note', 'note']);
  });
});

describe('ordinary JSON a search finds (package.json, tsconfig.json with comments)', () => {
  const tree = () =>
    tempTree({
      'good.json': DESIGN,
      'package.json': '{ "name": "app" }',
      'tsconfig.json': TSCONFIG,
      'ci.yml': 'on: push\n',
      'infra/cdk.json': '{ "app": "npx ts-node bin/app.ts" }',
    });
  const COUNTED = (dir: string) =>
    `not linted: 4 files found here hold no design or template: ${join(dir, 'ci.yml')}, ${join(dir, 'infra/cdk.json')}, ${join(dir, 'package.json')} and 1 more (--verbose names each)`;

  it('is counted in one note for the search, not a note per file', async () => {
    const dir = tree();
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(code).toBe(0);
    const { files, summary } = report(stdout);
    expect(files.map((f) => f.file)).toEqual([join(dir, 'good.json'), dir]);
    expect(files[1]).toMatchObject({ skipped: true, errors: [], notes: [{ path: '', message: COUNTED(dir) }] });
    expect(summary.files).toBe(1);
    const text = await cli(['lint', dir]);
    expect(text.stdout).toContain(`note    ${dir}: ${COUNTED(dir)}`);
  });

  it('is named file by file with --verbose, and says what each is', async () => {
    const dir = tree();
    const { code, stdout } = await cli(['lint', dir, '--verbose', '--format', 'json']);
    expect(code).toBe(0);
    const notes = Object.fromEntries(
      report(stdout)
        .files.filter((f) => f.skipped)
        .map((f) => [f.file.slice(dir.length + 1), f.notes.map((n) => n.message)]),
    );
    const NOT_A_DESIGN = 'no design or template at its top level (a design has "tables", "containers" or "external", a template "Resources")';
    expect(notes).toEqual({
      'ci.yml': ['not linted: YAML that is not a CloudFormation template'],
      'infra/cdk.json': [`not linted: JSON with ${NOT_A_DESIGN}`],
      'package.json': [`not linted: JSON with ${NOT_A_DESIGN}`],
      'tsconfig.json': [`not linted: JSON with comments and ${NOT_A_DESIGN}`],
    });
  });

  it('is said with the error of a search that found no design', async () => {
    const dir = tempTree({ 'package.json': '{ "name": "app" }' });
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(code).toBe(2);
    const [entry] = report(stdout).files;
    expect(entry.errors[0].message).toMatch(/^no design file or template found here/);
    expect(entry.notes[0].message).toBe(`not linted: 1 file found here holds no design or template: ${join(dir, 'package.json')} (--verbose names each)`);
  });
});

// stranger28b: a flawed design saved as `upper.JSON`, or as `ledger.json5`, was not found by a search, and a folder with
// one other clean design passed ("1 file") without a word of either.
describe('a design file named in another case, or .json5/.jsonc, a search finds', () => {
  it('is linted by its content like any *.json; JSON5 that is not JSON is named as not JSON', async () => {
    const dir = tempTree({ 'good.json': DESIGN, 'upper.JSON': designWithFindings(1), 'with-comments.jsonc': TSCONFIG, 'ledger.json5': '{ tables: [] }\n' });
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(code).toBe(1);
    const { files, summary } = report(stdout);
    const byName = Object.fromEntries(files.map((f) => [f.file.slice(dir.length + 1), f]));
    expect(byName['upper.JSON'].skipped).toBeFalsy();
    expect((byName['upper.JSON'] as JsonFile & { findings: unknown[] }).findings.length).toBeGreaterThan(0);
    expect(byName['ledger.json5']).toMatchObject({ skipped: true, notes: [{ line: 1, column: 3 }] });
    expect(byName['ledger.json5'].notes[0].message).toMatch(/^not linted: it is not JSON \(line 1, column 3/);
    expect(summary.files).toBe(2);
    const verbose = report((await cli(['lint', dir, '--verbose', '--format', 'json'])).stdout);
    const comments = verbose.files.find((f) => f.file.endsWith('with-comments.jsonc'));
    expect(comments?.notes.map((n) => n.message)).toEqual([expect.stringMatching(/^not linted: JSON with comments and no design/)]);
  });
});

describe('a symbolic link to a directory a search finds', () => {
  // A monorepo package whose designs are a link to a shared directory (with findings in it), beside a design of its own.
  const tree = (ownDesign = true) => {
    const shared = tempTree({ 'w.json': designWithFindings(1) });
    const proj = join(tempTree(ownDesign ? { 'proj/ok.json': DESIGN } : { 'proj/package.json': '{ "name": "app" }' }), 'proj');
    symlinkSync(shared, join(proj, 'designs'));
    return { proj, shared };
  };
  const NOTE = (link: string, target: string) =>
    `not searched: a symbolic link to the directory ${target}; a search does not follow links to directories (no cycles, nothing read outside the tree it searches): name ${link} to lint what it holds`;

  it('is not followed, but named with where it leads in a note, in every format (with or without --verbose)', async () => {
    const { proj, shared } = tree();
    for (const verbose of [[], ['--verbose']]) {
      const { code, stdout } = await cli(['lint', 'proj', ...verbose, '--format', 'json'], { cwd: join(proj, '..') });
      expect(code).toBe(0); // a note, as for other files a search passes over: the exit code is unchanged
      const { files } = report(stdout);
      expect(files.find((f) => f.file === 'proj/designs')).toMatchObject({
        skipped: true,
        errors: [],
        notes: [{ path: '', message: NOTE('proj/designs', shared) }],
      });
    }
    const text = await cli(['lint', proj]);
    expect(text.stdout).toContain(`note    ${join(proj, 'designs')}: ${NOTE(join(proj, 'designs'), shared)}`);
    const github = await cli(['lint', proj, '--format', 'github'], { cwd: proj });
    expect(github.stdout).toContain('::notice file=designs,title=skewguard%3A not checked::not searched: a symbolic link to the directory ');
    const sarif = await cli(['lint', proj, '--format', 'sarif'], { cwd: proj });
    const notes = JSON.parse(sarif.stdout).runs[0].invocations[0].toolExecutionNotifications as { level: string; message: { text: string } }[];
    expect(notes.filter((n) => n.message.text.startsWith('not searched: a symbolic link')).map((n) => n.level)).toEqual(['note']);
  });

  it('is named by a glob that could match below it (**), not by one that could not', async () => {
    const { proj, shared } = tree();
    const deep = await cli(['lint', 'proj/**/*.json', '--format', 'json'], { cwd: join(proj, '..') });
    expect(report(deep.stdout).files.find((f) => f.file === 'proj/designs')?.notes[0].message).toBe(NOTE('proj/designs', shared));
    const below = await cli(['lint', 'proj/*/*.json', '--format', 'json'], { cwd: join(proj, '..') });
    expect(report(below.stdout).files.map((f) => f.file)).toContain('proj/designs');
    const flat = await cli(['lint', 'proj/*.json', '--format', 'json'], { cwd: join(proj, '..') });
    expect(report(flat.stdout).files.map((f) => f.file)).toEqual(['proj/ok.json']);
  });

  it('is named by the error of a search that found no design, and naming it lints what it holds', async () => {
    const { proj, shared } = tree(false);
    const { code, stdout } = await cli(['lint', proj, '--format', 'json']);
    expect(code).toBe(2);
    const entry = report(stdout).files.find((f) => f.file === proj);
    expect(entry?.errors[0].message).toMatch(/^no design file or template found here: /);
    expect(entry?.errors[0].message).toMatch(
      new RegExp(`; it did not follow the symbolic link to a directory ${join(proj, 'designs')} \\(→ ${shared}\\): name it to lint it$`),
    );
    const named = await cli(['lint', join(proj, 'designs'), '--format', 'json']);
    expect(named.code).toBe(1);
    expect(JSON.parse(named.stdout).summary.errors).toBeGreaterThan(0);
  });

  it('is not named when it leads inside the tree searched: the search lints what it holds through its real path (once)', async () => {
    const root = tempTree({ 'proj/shared/w.json': designWithFindings(1), 'proj/ok.json': DESIGN });
    const proj = join(root, 'proj');
    symlinkSync(join(proj, 'shared'), join(proj, 'designs'));
    const { code, stdout } = await cli(['lint', 'proj', '--format', 'json'], { cwd: root });
    expect(code).toBe(1); // w.json's findings: linted through proj/shared
    const { files } = report(stdout);
    // Before: proj/designs had the note "not searched: … name proj/designs to lint what it holds", though w.json was linted.
    expect(files.map((f) => f.file)).toEqual(['proj/ok.json', 'proj/shared/w.json']);
    expect(files.flatMap((f) => f.notes.map((n) => n.message)).join('\n')).not.toMatch(/symbolic link/);
  });

  it('is named when it leads inside the tree but to a directory the search skips (node_modules)', async () => {
    // Before cli29 the skipped directory here was a dot-directory (.shared), which a search now reads.
    const root = tempTree({ 'proj/node_modules/shared/w.json': designWithFindings(1), 'proj/ok.json': DESIGN });
    const proj = join(root, 'proj');
    symlinkSync(join(proj, 'node_modules', 'shared'), join(proj, 'designs'));
    const { stdout } = await cli(['lint', 'proj', '--format', 'json'], { cwd: root });
    expect(report(stdout).files.find((f) => f.file === 'proj/designs')?.notes[0].message).toBe(
      NOTE('proj/designs', join(realpathSync(proj), 'node_modules', 'shared')),
    );
  });

  it('is named by observe as lint names it (before: observe passed over it in silence)', async () => {
    const { proj, shared } = tree();
    const manifest = join(tempTree({ 'manifest.json': JSON.stringify({ observations: [] }) }), 'manifest.json');
    const { stdout } = await cli(['observe', 'proj', '--observations', manifest, '--format', 'json'], { cwd: join(proj, '..') });
    expect(report(stdout).files.find((f) => f.file === 'proj/designs')).toMatchObject({
      skipped: true,
      errors: [],
      notes: [{ path: '', message: NOTE('proj/designs', shared).replace('to lint what it holds', 'to observe what it holds') }],
    });
  });

  it('names where it leads escaped, so a directory name cannot drive the terminal', async () => {
    const outside = tempTree();
    const hostile = join(outside, 'evil\u001b]0;pwned\u0007');
    mkdirSync(hostile);
    const proj = tempTree({ 'ok.json': DESIGN });
    symlinkSync(hostile, join(proj, 'designs'));
    const { stdout } = await cli(['lint', proj]);
    expect(stdout).toContain('not searched: a symbolic link to the directory');
    expect(stdout).not.toContain('\u001b');
    expect(stdout).not.toContain('\u0007');
  });
});
