/**
 * Runs the built `skewguard` command — the package's bin, dist/bin/skewguard.js, which loads the start
 * bundle dist/bin/skewguard-start.js — in-process in a fresh node, and reports what the run loaded:
 * - `required`: the files node itself loaded (require.cache). The optional peers (cloud SDKs) stay
 *   outside the bundle, so one that is loaded appears here.
 * - `ran`: the bundled modules whose body ran, by source path (`lib/cli/report-json.ts`). The start
 *   bundle's modules run as it loads, all of them (a lint needs them all). In a lazy bundle esbuild
 *   wraps each module in a function named after its path that runs on the module's first import;
 *   V8's precise coverage counts its calls, so a module that was never imported has a count of 0.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(__dirname, '../..');
export const BUNDLE = join(root, 'dist/bin/skewguard.js');
export const START_BUNDLE = join(root, 'dist/bin/skewguard-start.js');

/** The modules of lib/ a bundle in dist/bin holds, by path (`lib/cli/errors.ts`): the sources of its map, less those it takes from other bundles. */
export function modulesOf(file: string): string[] {
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
  // A module taken from another bundle is named by its file too, without contents (scripts/bundle-cli.js).
  return map.sources.filter((source, i) => source.startsWith('../../lib/') && map.sourcesContent?.[i] !== null).map((source) => source.slice('../../'.length));
}

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
        for (const f of script.functions) if (/^lib\\/.*\\.ts$/.test(f.functionName) && f.ranges[0].count > 0) ran.add(f.functionName);
      console.log(JSON.stringify({ code, required: Object.keys(require.cache), ran: [...ran] }));
    })();`;
  const run = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as BundleRun;
  return { ...run, ran: [...(run.required.includes(START_BUNDLE) ? modulesOf(START_BUNDLE) : []), ...run.ran] };
}
