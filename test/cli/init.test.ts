import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { schemaReference } from '../../lib/cli/commands/init';
import { cli, root, tempTree } from './helpers';

describe('skewguard init', () => {
  it('writes a config and a starter design whose $schema resolves from where it is written, and which lints clean', async () => {
    const project = tempTree({ 'package.json': '{ "name": "app" }' });
    const installed = join(project, 'node_modules/skewguard/schema/design.schema.json');
    mkdirSync(dirname(installed), { recursive: true });
    writeFileSync(installed, readFileSync(join(root, 'schema/design.schema.json')));
    const { code, stdout } = await cli(['init', 'infra'], { cwd: project });
    expect(code).toBe(0);
    expect(stdout).toContain(`wrote ${join('infra', 'skewguard.config.json')}`);
    const design = JSON.parse(readFileSync(join(project, 'infra/designs/example.json'), 'utf8'));
    expect(design.$schema).toBe('../../node_modules/skewguard/schema/design.schema.json');
    expect(resolve(project, 'infra/designs', design.$schema)).toBe(installed);
    const config = JSON.parse(readFileSync(join(project, 'infra/skewguard.config.json'), 'utf8'));
    expect(config.designs).toEqual(['designs']);
    // The config points at the shipped config schema too, resolved from where it is written.
    expect(config.$schema).toBe('../node_modules/skewguard/schema/config.schema.json');
    const lint = await cli(['lint'], { cwd: join(project, 'infra') });
    expect(lint.stdout).toMatch(/0 errors, 0 warnings in 1 file\n$/);
    expect(lint.code).toBe(0);
  });

  it('points $schema at where npm will install skewguard when it is not installed yet, and says so', async () => {
    const project = tempTree({ 'package.json': '{ "name": "app" }', 'services/api/x.txt': '' });
    const { stdout } = await cli(['init'], { cwd: join(project, 'services/api') });
    expect(stdout).toContain('npm install --save-dev skewguard');
    const design = JSON.parse(readFileSync(join(project, 'services/api/designs/example.json'), 'utf8'));
    expect(design.$schema).toBe('../../../node_modules/skewguard/schema/design.schema.json');
  });

  it('uses this package’s own schema inside its repository', () => {
    expect(schemaReference(join(root, 'examples/designs'))).toEqual({ ref: '../../schema/design.schema.json', installed: true });
  });

  it('never overwrites without --force', async () => {
    const project = tempTree({ 'skewguard.config.json': '{ "designs": ["mine"] }' });
    const refused = await cli(['init'], { cwd: project });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('not overwriting skewguard.config.json: remove it or pass --force');
    expect(existsSync(join(project, 'designs/example.json'))).toBe(false);
    expect((await cli(['init', '--force'], { cwd: project })).code).toBe(0);
    expect(JSON.parse(readFileSync(join(project, 'skewguard.config.json'), 'utf8')).designs).toEqual(['designs']);
  });

  it('refuses to hide the "skewguard" config of the package.json beside it, even with --force (CI would pass on settings dropped unseen)', async () => {
    const pkg = JSON.stringify({ name: 'app', skewguard: { designs: ['designs'], failOn: 'warning' } });
    const project = tempTree({ 'package.json': pkg });
    for (const force of [[], ['--force']]) {
      const refused = await cli(['init', ...force], { cwd: project });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(
        'skewguard: package.json already holds a "skewguard" config, which lint uses in .: a skewguard.config.json beside it would win over it, and its settings would stop applying. Edit that config instead, or move its settings into skewguard.config.json and remove the "skewguard" key, then run lint\n',
      );
      expect(existsSync(join(project, 'skewguard.config.json'))).toBe(false);
      expect(existsSync(join(project, 'designs'))).toBe(false);
    }
  });

  it('refuses to take over from a config in a parent directory unless --force says to', async () => {
    const project = tempTree({ 'skewguard.config.json': '{ "designs": ["services"] }', 'services/api/x.txt': '' });
    const refused = await cli(['init', 'services/api'], { cwd: project });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `skewguard: skewguard.config.json already applies in ${join('services', 'api')} (lint uses the nearest config above it): a skewguard.config.json here would replace it for this directory`,
    );
    expect(refused.stderr).toContain('or pass --force to write one that takes over in');
    expect(existsSync(join(project, 'services/api/skewguard.config.json'))).toBe(false);
    expect((await cli(['init', 'services/api', '--force'], { cwd: project })).code).toBe(0);
    expect(existsSync(join(project, 'services/api/skewguard.config.json'))).toBe(true);
  });

  it('says why it cannot write the starter files, without the usage hint (not a usage mistake)', async () => {
    const project = tempTree({ 'a-file': '' });
    const failed = await cli(['init', 'a-file/infra'], { cwd: project });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toBe('skewguard: cannot write the starter files: a parent of the path is not a directory (ENOTDIR)\n');
  });
});
