// The built testing entry points load only what their users have: the core's helpers no cloud SDK,
// the CDK helpers never Pulumi, the Pulumi helpers never aws-cdk-lib (nor azure-native: they run any
// program). Each check runs the helper for real in a fresh process and reads `require.cache`, with a
// control proving that the same check catches the module when it is loaded.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const AWS_CDK = /node_modules[\\/](aws-cdk-lib|constructs)[\\/]/;
const PULUMI = /node_modules[\\/]@pulumi[\\/]/;
const AZURE_NATIVE = /node_modules[\\/]@pulumi[\\/]azure-native[\\/]/;
const ADAPTERS = /[\\/]dist[\\/](cdk|pulumi)[\\/]/;

/** The modules loaded once `body` (async JavaScript, run from the repository root) has finished. */
function loadedAfter(body: string): string[] {
  const script = `(async () => { ${body}; console.log(JSON.stringify(Object.keys(require.cache))); })().catch((e) => { console.error(e); process.exit(1); });`;
  const out = execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8', env: { ...process.env, CDK_VALIDATION: 'false' } });
  return JSON.parse(out.trim().split('\n').pop() as string) as string[];
}

const matching = (modules: readonly string[], pattern: RegExp) => modules.filter((m) => pattern.test(m));

beforeAll(() => {
  if (!existsSync(join(root, 'dist/testing/index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
});

describe('the built testing entry points', () => {
  it('skewguard/testing asserts a design without loading a cloud SDK or an adapter', () => {
    const modules = loadedAfter(`
      const { assertDesignFails } = require('skewguard/testing');
      assertDesignFails({ tables: [{ name: 'orders', partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 20000, peakWriteUnits: 20000 } }] }, 'SG001')`);
    expect(modules.some((m) => m.endsWith(join('dist', 'testing', 'design.js')))).toBe(true);
    // The next two tests are the controls: the same patterns do match when the SDKs are loaded.
    expect(matching(modules, AWS_CDK)).toEqual([]);
    expect(matching(modules, PULUMI)).toEqual([]);
    expect(matching(modules, ADAPTERS)).toEqual([]);
  });

  it('skewguard/testing/cdk snapshots and judges a stack without loading Pulumi', () => {
    const modules = loadedAfter(`
      const { App, Stack } = require('aws-cdk-lib');
      const { GuardedTable } = require('skewguard/cdk');
      const { stackSnapshot, assertStackPasses } = require('skewguard/testing/cdk');
      const stack = new Stack(new App(), 'Shop');
      new GuardedTable(stack, 'Orders', { partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 10, peakWriteUnits: 10 } });
      if (!stackSnapshot(stack).Resources) throw new Error('no snapshot');
      assertStackPasses(stack)`);
    // Control: the CDK helpers did load aws-cdk-lib, so a check for a module loaded can succeed.
    expect(matching(modules, AWS_CDK).length).toBeGreaterThan(0);
    expect(matching(modules, PULUMI)).toEqual([]);
    expect(matching(modules, /[\\/]dist[\\/]pulumi[\\/]/)).toEqual([]);
  }, 30_000);

  it('skewguard/testing/pulumi runs a program without loading aws-cdk-lib, azure-native or skewguard/pulumi', () => {
    const modules = loadedAfter(`
      const pulumi = require('@pulumi/pulumi');
      const { pulumiSnapshot } = require('skewguard/testing/pulumi');
      const resources = await pulumiSnapshot(() => new pulumi.CustomResource('test:index:Thing', 'thing', { size: 1 }));
      if (resources.length !== 1) throw new Error('expected one resource')`);
    // Control: the Pulumi helpers did load @pulumi/pulumi.
    expect(matching(modules, PULUMI).length).toBeGreaterThan(0);
    expect(matching(modules, AZURE_NATIVE)).toEqual([]);
    expect(matching(modules, AWS_CDK)).toEqual([]);
    expect(matching(modules, ADAPTERS)).toEqual([]);
  }, 30_000);
});
