import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** These tests load the built package (dist/), as a user would: `npm test` builds it first. */
const root = join(__dirname, '..');
const CLOUD_SDKS = /node_modules[\\/](aws-cdk-lib|constructs|@pulumi)[\\/]/;

function loadedModules(script: string): string[] {
  const out = execFileSync(process.execPath, ['-e', `${script}; console.log(JSON.stringify(Object.keys(require.cache)))`], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out) as string[];
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
});

describe('the built package', () => {
  it('loads no cloud SDK when the core is required and used', () => {
    const modules = loadedModules(`
      const sg = require('skewguard');
      sg.lint({ tables: [{ name: 't', partitionKey: { name: 'id', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 1, peakWriteUnits: 1 } }] });`);
    expect(modules.some((m) => m.endsWith(join('dist', 'index.js')))).toBe(true);
    expect(modules.filter((m) => CLOUD_SDKS.test(m))).toEqual([]);
    // The SDKs are installed (dev dependencies), so the check above could fail: prove it can.
    expect(loadedModules("require('constructs')").filter((m) => CLOUD_SDKS.test(m)).length).toBeGreaterThan(0);
  });

  it('runs a CLI lint without loading a cloud SDK', () => {
    const modules = loadedModules(`
      const { run } = require('./dist/cli/main.js');
      const sink = { write() {} };
      run(['lint', 'examples/designs/good'], { stdout: sink, stderr: sink, env: {}, cwd: process.cwd() });`);
    expect(modules.some((m) => m.endsWith(join('dist', 'cli', 'lint-files.js')))).toBe(true);
    expect(modules.filter((m) => CLOUD_SDKS.test(m))).toEqual([]);
  });

  it('reserves the cdk, pulumi and testing entry points for the adapters still to come', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['.', './cdk', './pulumi', './testing']));
    for (const optional of ['aws-cdk-lib', 'constructs', '@pulumi/pulumi', '@pulumi/azure-native']) {
      expect(pkg.peerDependenciesMeta[optional]).toEqual({ optional: true });
      expect(pkg.dependencies?.[optional]).toBeUndefined();
    }
    expect(pkg.bin).toEqual({ skewguard: './dist/cli/main.js' });
    const error = (() => {
      try {
        execFileSync(process.execPath, ['-e', "require('skewguard/cdk')"], { cwd: root, stdio: 'pipe' });
      } catch (e) {
        return String((e as { stderr: Buffer }).stderr);
      }
      return '';
    })();
    expect(error).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});
