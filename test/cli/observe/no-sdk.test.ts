/** `observe` is the only command that may load a cloud SDK (lazily, live mode only): requiring
 *  skewguard or running `lint` loads none of it, nor observe's own modules. Loads the built package
 *  and runs the built command (the bundle). */
import { execFileSync } from 'node:child_process';
import { bundleRun, root } from '../bundle-run';

const SDKS = /node_modules[\\/](@aws-sdk|@azure|@smithy)[\\/]/;
const OBSERVE = /^lib\/cli\/observe\//;

describe('no cloud SDK outside observe', () => {
  it('requiring skewguard loads neither the SDKs nor observe', () => {
    const out = execFileSync(
      process.execPath,
      ['-e', "require('./dist/index.js').lint({ tables: [] }); console.log(JSON.stringify(Object.keys(require.cache)))"],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect((JSON.parse(out) as string[]).filter((m) => SDKS.test(m) || /dist[\\/]cli[\\/]observe[\\/]/.test(m))).toEqual([]);
  });

  it('running lint loads neither', () => {
    const { code, required, ran } = bundleRun(['lint', 'examples/designs/good']);
    expect(code).toBe(0);
    expect(ran).toContain('lib/cli/lint-files.ts');
    expect(required.filter((m) => SDKS.test(m))).toEqual([]);
    expect(ran.filter((m) => OBSERVE.test(m))).toEqual([]);
  });

  it('the check can fail: running observe loads its modules', () => {
    const { ran } = bundleRun(['observe', 'examples/designs/good', '--observations', 'missing.json']);
    expect(ran.filter((m) => OBSERVE.test(m)).length).toBeGreaterThan(0);
  });
});
