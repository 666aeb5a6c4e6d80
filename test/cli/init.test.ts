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
});
