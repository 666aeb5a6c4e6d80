// The built entry points, loaded as a user loads them (`npm test` builds dist/ first), in fresh
// processes whose require.cache shows every module that came with them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const CDK = /node_modules[\\/](aws-cdk-lib|constructs)[\\/]/;
const POLICY_SDK = /node_modules[\\/]@pulumi[\\/]policy[\\/]/;
const PULUMI = /node_modules[\\/]@pulumi[\\/]/;

function loadedModules(script: string): string[] {
  const out = execFileSync(process.execPath, ['-e', `${script}; console.log(JSON.stringify(Object.keys(require.cache)))`], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as string[];
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist/pulumi/index.js')) || !existsSync(join(root, 'dist/pulumi/policy/index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
  }
});

describe('skewguard/pulumi', () => {
  it('loads the Pulumi SDK and azure-native submodules, never aws-cdk-lib, constructs or @pulumi/policy, even while creating resources', () => {
    const modules = loadedModules(`
      const pulumi = require('@pulumi/pulumi');
      pulumi.runtime.setMocks({ newResource: (a) => ({ id: a.name, state: a.inputs }), call: () => ({}) });
      const { CosmosAccountMonitoring, GuardedContainer } = require('skewguard/pulumi');
      const monitoring = new CosmosAccountMonitoring('m', { resourceGroupName: 'rg', account: { name: 'acct', id: '/a' } });
      new GuardedContainer('c', { monitoring, database: 'db', throughput: 'shared', design: {
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 2000 }, { path: '/deviceId', cardinality: 'unique' }] },
        workload: { peakReadUnits: 100, peakWriteUnits: 100 } } })`);
    expect(modules.some((m) => m.endsWith(join('dist', 'pulumi', 'guarded-container.js')))).toBe(true);
    expect(modules.some((m) => /@pulumi[\\/]azure-native[\\/]cosmosdb[\\/]sqlResourceSqlContainer\.js$/.test(m))).toBe(true);
    expect(modules.some((m) => /@pulumi[\\/]azure-native[\\/]index\.js$/.test(m))).toBe(false);
    expect(modules.filter((m) => CDK.test(m) || POLICY_SDK.test(m))).toEqual([]);
  });

  it('would show aws-cdk-lib and @pulumi/policy if they were loaded (the check above can fail)', () => {
    const modules = loadedModules("require('skewguard/pulumi'); require('constructs'); require('@pulumi/policy')");
    expect(modules.filter((m) => CDK.test(m)).length).toBeGreaterThan(0);
    expect(modules.filter((m) => POLICY_SDK.test(m)).length).toBeGreaterThan(0);
  });
});

describe('skewguard/pulumi/policy', () => {
  it('is exported, and loads no SDK at all: the policy pack program brings @pulumi/policy', () => {
    const modules = loadedModules("const { skewguardPolicies } = require('skewguard/pulumi/policy'); skewguardPolicies()");
    expect(modules.some((m) => m.endsWith(join('dist', 'pulumi', 'policy', 'index.js')))).toBe(true);
    expect(modules.filter((m) => PULUMI.test(m) || CDK.test(m))).toEqual([]);
  });
});
