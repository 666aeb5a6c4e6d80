/** `observe` is the only command that may load a cloud SDK (lazily, live mode only): requiring
 *  skewguard or running `lint` loads none of it, nor observe's own modules. Loads the built package. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../../..');
const OBSERVE = /node_modules[\\/](@aws-sdk|@azure|@smithy)[\\/]|dist[\\/]cli[\\/]observe[\\/]/;

function loadedModules(script: string): string[] {
  const out = execFileSync(process.execPath, ['-e', `(async () => { ${script}; console.log(JSON.stringify(Object.keys(require.cache))); })()`], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

describe('no cloud SDK outside observe', () => {
  it('requiring skewguard loads neither the SDKs nor observe', () => {
    expect(loadedModules("require('./dist/index.js').lint({ tables: [] })").filter((m) => OBSERVE.test(m))).toEqual([]);
  });

  it('running lint loads neither', () => {
    const modules = loadedModules(`
      const sink = { write() {} };
      await require('./dist/cli/main.js').run(['lint', 'examples/designs/good'], { stdout: sink, stderr: sink, env: {}, cwd: process.cwd() })`);
    expect(modules.some((m) => m.endsWith(join('dist', 'cli', 'lint-files.js')))).toBe(true);
    expect(modules.filter((m) => OBSERVE.test(m))).toEqual([]);
  });

  it('the check can fail: running observe loads its modules', () => {
    const modules = loadedModules(`
      const sink = { write() {} };
      await require('./dist/cli/main.js').run(['observe', 'examples/designs/good', '--observations', 'missing.json'], { stdout: sink, stderr: sink, env: {}, cwd: process.cwd() })`);
    expect(modules.filter((m) => OBSERVE.test(m)).length).toBeGreaterThan(0);
  });
});
