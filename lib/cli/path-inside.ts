/** Whether a path lies inside a directory: one test for reports, the config's `designs` and `--fix`'s targets. */
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * `file`'s path relative to `dir`, or undefined when it lies outside it. `..` only as a whole first
 * segment: `..orders.json` is a file inside the directory, not outside it.
 */
export function pathInside(dir: string, file: string): string | undefined {
  const rel = relative(dir, resolve(dir, file));
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? undefined : rel;
}
