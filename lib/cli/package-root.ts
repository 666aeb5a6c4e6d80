/**
 * The root of the running skewguard package (the folder of its package.json, beside schema/).
 * Found by walking up from this file, because the same code runs from three depths: lib/cli under
 * ts-jest, dist/cli in tsc's output, and dist/bin/skewguard.js, the bundled command.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function packageRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json in ${__dirname} or above it`);
  }
}
