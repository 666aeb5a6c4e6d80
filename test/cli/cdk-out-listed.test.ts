import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, fixtures, tempTree } from './helpers';

/**
 * A cloud assembly is read as its manifest lists it: the CDK CLI does not clear cdk.out/ before a synth, so the
 * template of a stack removed or renamed since (or synthesized under other context) is left behind, and linting it
 * would fail CI over a stack that no longer exists. What is left unread is said.
 */
interface Entry {
  file: string;
  skipped?: boolean;
  notes?: { message: string }[];
}

/** The fixture assembly, with an earlier synth's leftovers: a stack's template, a stage's assembly, and a nested stack's template that the manifest does list. */
function staleAssembly(): string {
  const dir = tempTree();
  const out = join(dir, 'cdk.out');
  cpSync(join(fixtures, 'cloud-assembly'), out, { recursive: true });
  const template = readFileSync(join(out, 'OrdersStack.template.json'), 'utf8');
  writeFileSync(join(out, 'Auction.template.json'), template);
  cpSync(join(out, 'assembly-Prod'), join(out, 'assembly-Staging'), { recursive: true });
  writeFileSync(join(out, 'OrdersStackCartNested0A1B2C3D.nested.template.json'), template);
  const assets = JSON.parse(readFileSync(join(out, 'OrdersStack.assets.json'), 'utf8'));
  assets.files.nested = { source: { path: 'OrdersStackCartNested0A1B2C3D.nested.template.json', packaging: 'file' }, destinations: {} };
  writeFileSync(join(out, 'OrdersStack.assets.json'), JSON.stringify(assets));
  return dir;
}

async function lint(args: string[], cwd: string): Promise<Entry[]> {
  return (JSON.parse((await cli(['lint', ...args, '--format', 'json'], { cwd })).stdout) as { files: Entry[] }).files;
}

describe('a cloud assembly is read as its manifest lists it', () => {
  it('lints the templates and stage assemblies manifest.json lists, and names those it does not as not linted', async () => {
    const dir = staleAssembly();
    const files = await lint(['cdk.out'], dir);
    expect(files.filter((f) => !f.skipped).map((f) => f.file)).toEqual([
      'cdk.out/OrdersStack.template.json',
      'cdk.out/OrdersStackCartNested0A1B2C3D.nested.template.json',
      'cdk.out/assembly-Prod/ProdCart6C646F86.template.json',
    ]);
    const skipped = files.filter((f) => f.skipped);
    expect(skipped.map((f) => f.file)).toEqual(['cdk.out/Auction.template.json', 'cdk.out/assembly-Staging']);
    expect(skipped[0].notes?.[0].message).toMatch(
      /^not linted: a template its cloud assembly's manifest.json does not list .*name cdk.out\/Auction.template.json to lint it/,
    );
    expect(skipped[1].notes?.[0].message).toMatch(/^not linted: a stage assembly its cloud assembly's manifest.json does not list/);
  });

  it('lints a template named on the command line whatever the manifest says', async () => {
    const dir = staleAssembly();
    const files = await lint(['cdk.out/Auction.template.json'], dir);
    expect(files.map((f) => [f.file, f.skipped ?? false])).toEqual([['cdk.out/Auction.template.json', false]]);
  });

  it('says so in the text report too, and a glob over the assembly reads it the same way', async () => {
    const dir = staleAssembly();
    const files = await lint(['cdk.out/**/*.template.json'], dir);
    expect(files.filter((f) => f.skipped).map((f) => f.file)).toEqual(['cdk.out/Auction.template.json', 'cdk.out/assembly-Staging']);
    const { stdout } = await cli(['lint', 'cdk.out'], { cwd: dir });
    expect(stdout).toContain('cdk.out/Auction.template.json');
    expect(stdout).toMatch(/note.*not linted: a template its cloud assembly's manifest.json does not list/);
  });

  it('leaves the names to decide when the manifest cannot be read', async () => {
    const dir = staleAssembly();
    writeFileSync(join(dir, 'cdk.out', 'manifest.json'), '{ not json');
    const files = await lint(['cdk.out'], dir);
    expect(files.filter((f) => !f.skipped).map((f) => f.file)).toContain('cdk.out/Auction.template.json');
    expect(files.filter((f) => !f.skipped).map((f) => f.file)).toContain('cdk.out/assembly-Staging/ProdCart6C646F86.template.json');
  });
});
