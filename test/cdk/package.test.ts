/** `skewguard/cdk` as a user loads it: the built package (dist/), through its `exports` subpath. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const PULUMI = /node_modules[\\/]@pulumi[\\/]/;

function loadedModules(script: string): string[] {
  const out = execFileSync(process.execPath, ['-e', `${script}; console.log(JSON.stringify(Object.keys(require.cache)))`], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CDK_VALIDATION: 'false' },
  });
  return JSON.parse(out.trim().split('\n').pop() as string) as string[];
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist/cdk/index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
});

describe("require('skewguard/cdk')", () => {
  it('loads no @pulumi module, even while synthesizing a GuardedTable', () => {
    const modules = loadedModules(`
      const { GuardedTable } = require('skewguard/cdk');
      const { App, Stack } = require('aws-cdk-lib');
      const app = new App();
      new GuardedTable(new Stack(app, 'S'), 'Orders', { partitionKey: { name: 'id', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 1, peakWriteUnits: 1 } });
      app.synth();`);
    expect(modules.some((m) => m.endsWith(join('dist', 'cdk', 'guarded-table.js')))).toBe(true);
    expect(modules.filter((m) => PULUMI.test(m))).toEqual([]);
    // Pulumi is installed (a dev dependency), so the check above could fail: prove it can.
    expect(loadedModules("require('@pulumi/pulumi')").filter((m) => PULUMI.test(m)).length).toBeGreaterThan(0);
  }, 30_000);

  it('deploys the compiled rule-lookup handler from the package (dist/cdk/lookup-handler), inline', () => {
    const out = execFileSync(
      process.execPath,
      [
        '-e',
        `
      const { GuardedTable } = require('skewguard/cdk');
      const { App, Stack } = require('aws-cdk-lib');
      const stack = new Stack(new App(), 'S');
      new GuardedTable(stack, 'Orders', { partitionKey: { name: 'id', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 1, peakWriteUnits: 1 }, dashboard: true });
      const fn = Object.values(require('aws-cdk-lib/assertions').Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0];
      console.log(JSON.stringify(fn.Properties.Code.ZipFile));`,
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, CDK_VALIDATION: 'false' } },
    );
    const source = JSON.parse(out.trim().split('\n').pop() as string) as string;
    expect(source).toContain('exports.handler');
    expect(source).toContain('DescribeContributorInsightsCommand');
    expect(existsSync(join(root, 'dist/cdk/lookup-handler/index.js'))).toBe(true);
  }, 30_000);
});
