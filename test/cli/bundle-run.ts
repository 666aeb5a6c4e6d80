/**
 * Runs the built `skewguard` command — the package's bin, dist/bin/skewguard.js, which loads the start
 * bundle dist/bin/skewguard-start.js — in-process in a fresh node, and reports what the run loaded:
 * - `required`: the files node itself loaded (require.cache). The optional peers (cloud SDKs) stay
 *   outside the bundle, so one that is loaded appears here.
 * - `ran`: the bundled modules whose body ran. esbuild wraps each module of the bundle in a function
 *   named after its path (`dist/cli/report-json.js`) that runs on the module's first require; V8's
 *   precise coverage counts its calls, so a module that was never required has a count of 0.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const root = join(__dirname, '../..');
export const BUNDLE = join(root, 'dist/bin/skewguard.js');
export const START_BUNDLE = join(root, 'dist/bin/skewguard-start.js');

export interface BundleRun {
  readonly code: number;
  readonly required: readonly string[];
  readonly ran: readonly string[];
}

export function bundleRun(args: readonly string[]): BundleRun {
  const script = `
    const { Session } = require('node:inspector');
    const session = new Session();
    session.connect();
    const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
    (async () => {
      await post('Profiler.enable');
      await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      const sink = { write() {} };
      const code = await require(${JSON.stringify(BUNDLE)}).run(${JSON.stringify(args)}, { stdout: sink, stderr: sink, env: {}, cwd: process.cwd() });
      const { result } = await post('Profiler.takePreciseCoverage');
      const ran = new Set();
      for (const script of result)
        for (const f of script.functions) if (/^dist\\/.*\\.js$/.test(f.functionName) && f.ranges[0].count > 0) ran.add(f.functionName);
      console.log(JSON.stringify({ code, required: Object.keys(require.cache), ran: [...ran] }));
    })();`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as BundleRun;
}
