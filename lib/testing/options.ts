/** The options argument of a testing helper, read before any of its fields. */
import { shapes, UsageError } from '../index';

/**
 * `options` as an object: `undefined` and `null` mean none (as for the core's `lint()`); anything
 * else that is not an object is a UsageError naming `options`, not a TypeError from destructuring it.
 */
export function readOptions<T extends object>(options: T | null | undefined, caller: string): T | Partial<T> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new UsageError([{ path: 'options', message: `expected an object of options, got ${shapes.describe(options)}` }], `${caller}() options`);
  }
  return options;
}
