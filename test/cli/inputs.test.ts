import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { globToRegExp, splitGlob } from '../../lib/cli/glob';
import { expandInputs } from '../../lib/cli/inputs';
import { sourceKind } from '../../lib/cli/lint-files';
import { cli, examples, fixtures, tempTree, UNIQUE_TABLE } from './helpers';

const DESIGN = JSON.stringify({ tables: [UNIQUE_TABLE] });

describe('what a search lints', () => {
  it('tells designs and templates from other JSON by their top level', () => {
    expect(sourceKind({ tables: [] })).toBe('design');
    expect(sourceKind({ containers: [] })).toBe('design');
    expect(sourceKind({ external: [] })).toBe('design');
    expect(sourceKind({ engine: 'dynamodb', partitionKey: {} })).toBe('design');
    expect(sourceKind({ $schema: '../node_modules/skewguard/schema/design.schema.json' })).toBe('design');
    expect(sourceKind({ Resources: {} })).toBe('template');
    for (const other of [{ name: 'app', version: '1.0.0' }, { compilerOptions: {} }, { Resources: [] }, [], 'tables', null])
      expect(sourceKind(other)).toBeUndefined();
  });

  it("searches recursively, skips node_modules, version control's directories and non-designs, reports broken designs", async () => {
    const dir = tempTree({
      'package.json': '{ "name": "app", "scripts": { "x": "tables" } }',
      'tsconfig.json': '{ /* comments are fine in tsconfig */ "compilerOptions": {} }',
      'designs/orders.json': DESIGN,
      'designs/deep/er/orders.json': DESIGN,
      'designs/broken.json': '{ "tables": [ { "name": "x", } ] }',
      'node_modules/dep/design.json': DESIGN,
      '.git/design.json': DESIGN,
      '.cache/design.json': DESIGN,
      'designs/readme.md': '# not json',
    });
    const report = JSON.parse((await cli(['lint', dir, '--format', 'json'], { cwd: dir })).stdout);
    expect(report.files.map((f: { file: string }) => f.file.slice(dir.length + 1))).toEqual([
      '.cache/design.json', // before: dot-directories were skipped in silence (cli29)
      'designs/broken.json',
      'designs/deep/er/orders.json',
      'designs/orders.json',
      '', // the search itself: what it passed over, counted
    ]);
    expect(report.files[1].errors[0].message).toMatch(/^invalid JSON: line 1, column 30: expected a property name/);
    expect(report.files[4]).toMatchObject({ skipped: true, errors: [] });
    expect(report.files[4].notes[0].message).toBe(
      `not linted: 2 files found here hold no design or template: ${join(dir, 'package.json')}, ${join(dir, 'tsconfig.json')} (--verbose names each)`,
    );
  });

  it('lints a file named directly whatever its content, so a wrong file is an error, not a skip', async () => {
    const dir = tempTree({ 'package.json': '{ "name": "app" }' });
    const { code, stdout } = await cli(['lint', join(dir, 'package.json')]);
    expect(code).toBe(2);
    expect(stdout).toContain('invalid name (');
    expect(stdout).toContain('is not a known field');
  });

  it('reads only *.template.json in a cloud assembly and its stage assemblies, never asset directories', async () => {
    const report = JSON.parse((await cli(['lint', join(fixtures, 'cloud-assembly'), '--format', 'json'])).stdout);
    expect(report.files.map((f: { file: string }) => f.file.slice(fixtures.length + 1))).toEqual([
      'cloud-assembly/OrdersStack.template.json',
      'cloud-assembly/assembly-Prod/ProdCart6C646F86.template.json',
    ]);
  });

  it('follows a symlink to a file, not to a directory (no cycles)', async () => {
    const dir = tempTree({ 'real/design.json': DESIGN });
    symlinkSync(join(dir, 'real'), join(dir, 'real', 'loop'));
    symlinkSync(join(dir, 'real', 'design.json'), join(dir, 'link.json'));
    const report = JSON.parse((await cli(['lint', dir, '--format', 'json'], { cwd: dir })).stdout);
    const linted = report.files.filter((f: { skipped?: boolean }) => !f.skipped);
    expect(linted.map((f: { file: string }) => f.file.slice(dir.length + 1))).toEqual(['link.json']); // real/design.json is the same file
    // The link to a directory is not followed; it leads inside the tree searched, whose files are linted through their
    // real path, so it gets no note (one leading outside does: inputs-passed-over.test.ts).
    expect(report.files.filter((f: { skipped?: boolean }) => f.skipped).map((f: { file: string }) => f.file.slice(dir.length + 1))).toEqual([]);
  });

  it('expands globs itself (quoted on the command line, or from the config)', async () => {
    const dir = tempTree({ 'a/x.design.json': DESIGN, 'a/b/y.design.json': DESIGN, 'a/b/z.json': DESIGN, 'c/w.design.json': DESIGN });
    const files = (pattern: string) => expandInputs([{ pattern, base: dir }], dir).candidates.map((c) => c.file);
    expect(files('**/*.design.json')).toEqual(['a/b/y.design.json', 'a/x.design.json', 'c/w.design.json']);
    expect(files('a/*.design.json')).toEqual(['a/x.design.json']);
    expect(files('{a,c}/*.json')).toEqual(['a/x.design.json', 'c/w.design.json']);
    expect(files('a/b/[yz].*json')).toEqual(['a/b/y.design.json', 'a/b/z.json']);
    const none = await cli(['lint', 'nothing/**/*.json'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stdout).toContain('nothing/**/*.json\n    error   nothing/**/*.json: no design file or template found here');
  });

  it('searches the directories a glob names, as a directory argument is searched (teams/*/designs)', async () => {
    const dir = tempTree({
      'teams/a/designs/x.json': DESIGN,
      'teams/a/designs/deep/y.json': DESIGN,
      'teams/a/designs/notes.txt': 'not a design',
      'teams/b/designs/z.json': DESIGN,
      'teams/b/other/w.json': DESIGN,
    });
    const files = (pattern: string) => expandInputs([{ pattern, base: dir }], dir).candidates.map((c) => c.file);
    expect(files('teams/*/designs')).toEqual(['teams/a/designs/deep/y.json', 'teams/a/designs/x.json', 'teams/b/designs/z.json']);
    // A glob that matches files keeps matching only them.
    expect(files('teams/*/designs/*.json')).toEqual(['teams/a/designs/x.json', 'teams/b/designs/z.json']);
    const run = await cli(['lint', '--no-config', 'teams/*/designs'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('no design file or template found here');
  });

  it('turns globs into anchored expressions', () => {
    expect(splitGlob('designs/prod/**/*.json')).toEqual({ base: 'designs/prod', rest: '**/*.json' });
    const re = globToRegExp('**/*.json');
    expect(['a.json', 'x/y/a.json'].every((p) => re.test(p))).toBe(true);
    expect(re.test('a.json.bak')).toBe(false);
    expect(globToRegExp('a?c.json').test('abc.json')).toBe(true);
    expect(globToRegExp('a?c.json').test('a/c.json')).toBe(false);
    expect(globToRegExp('(x).json').test('(x).json')).toBe(true);
  });

  it('names a file that is missing', async () => {
    const { code, stdout } = await cli(['lint', join(examples, 'no-such-file.json')]);
    expect(code).toBe(2);
    expect(stdout).toContain('the file cannot be read: no such file or directory (ENOENT)');
  });
});
