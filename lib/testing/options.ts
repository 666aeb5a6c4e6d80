/** The options argument of a testing helper, read before any of its fields. */
import { shapes, UsageError, type DesignIssue } from '../index';

/**
 * `options` as the helper's own data: `undefined` and `null` mean none (as for the core's `lint()`);
 * anything else that is not an object of options (a string, a list, a Map), a getter or Proxy that throws
 * when read, or a getter of the options' class (whose value a spread would lose) is a UsageError naming it,
 * not a TypeError from destructuring it. Each field is read once.
 */
export function readOptions<T extends object>(options: T | null | undefined, caller: string): T | Partial<T> {
  if (options === undefined || options === null) return {};
  const issues: DesignIssue[] = [];
  const data = shapes.ownData(options, 'options', issues);
  if (issues.length === 0) {
    if (shapes.isPlainObject(data)) shapes.classGetterIssues(data, 'options', issues);
    else issues.push({ path: 'options', message: `expected an object of options, got ${shapes.describe(data)}` });
  }
  if (issues.length > 0) throw new UsageError(issues, `${caller}() options`);
  return data as T;
}
