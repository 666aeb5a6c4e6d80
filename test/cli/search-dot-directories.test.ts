/**
 * A directory search reads dot-directories (cli29: a stranger's `dot/.infra/ehr.json`, 2 errors, passed CI as "0 errors,
 * 1 warning in 1 file" beside `dot/elearning.json`): infrastructure often lives in `.azure/`, `.pulumi/` or `.github/`,
 * and a design skipped there is a silent green. Only node_modules and version control's directories are not searched,
 * as Prettier skips them, and a search that finds nothing says so.
 */
import { join } from 'node:path';
import { cli, designWithFindings, tempTree, UNIQUE_TABLE } from './helpers';

const CLEAN = JSON.stringify({ tables: [UNIQUE_TABLE] });

interface Report {
  files: { file: string }[];
}

const linted = (stdout: string) => (JSON.parse(stdout) as Report).files.map((f) => f.file);

describe('a directory search and dot-directories', () => {
  it('lints a design in a dot-directory (.infra, .azure, .pulumi, .github), so its errors fail the run', async () => {
    const dir = tempTree({
      'elearning.json': CLEAN,
      '.infra/ehr.json': designWithFindings(1),
      '.azure/a.json': CLEAN,
      '.pulumi/designs/b.json': CLEAN,
      '.github/c.json': CLEAN,
    });
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(code).toBe(1);
    expect(linted(stdout).map((file) => file.slice(dir.length + 1))).toEqual([
      '.azure/a.json',
      '.github/c.json',
      '.infra/ehr.json',
      '.pulumi/designs/b.json',
      'elearning.json',
    ]);
  });

  it('lints a dot-directory a glob reaches (**), as a search of its directory would', async () => {
    const dir = tempTree({ '.infra/ehr.json': designWithFindings(1), 'ok.json': CLEAN });
    const { code, stdout } = await cli(['lint', '**/*.json', '--format', 'json'], { cwd: dir });
    expect(code).toBe(1);
    expect(linted(stdout)).toEqual(['.infra/ehr.json', 'ok.json']);
  });

  it('does not search node_modules or version control directories, and says so when nothing else is found', async () => {
    const dir = tempTree({
      'node_modules/dep/design.json': designWithFindings(1),
      '.git/design.json': designWithFindings(1),
      '.hg/design.json': designWithFindings(1),
      '.svn/design.json': designWithFindings(1),
      '.jj/design.json': designWithFindings(1),
      '.sl/design.json': designWithFindings(1),
    });
    const { code, stdout } = await cli(['lint', dir]);
    expect(code).toBe(2);
    expect(stdout).toContain('no design file or template found here');
    expect(stdout).toContain('a search reads *.json files recursively (dot-directories too, not node_modules, .git, .hg, .svn, .jj, .sl)');
    expect(stdout).not.toContain(join(dir, '.git'));
  });
});
