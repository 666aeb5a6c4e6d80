/** The options argument of a testing helper, read before any of its fields. */
import { shapes, UsageError, type DesignIssue } from '../index';

/** Every option a helper accepts, each named once: a record over the options' type, so an option added to the type
 *  and left out here fails to compile instead of being refused as unknown. */
export type OptionNames<T> = { readonly [K in keyof T]-?: true };

/** Any value: each option's value is checked by its own reader (readFailOn, the core's lint options). */
const ANY_VALUE: shapes.Shape<unknown> = { expected: 'any value', is: () => true, read: (value) => value, schema: () => ({}) };

/** The options a helper accepts, as the shape that refuses any other (`knownOptions`), made once per helper. */
export type KnownOptions<T> = shapes.Shape<unknown> & { readonly __options?: T };

/** The shape that refuses an option `names` does not list, with "did you mean" and the accepted ones, as `lint()` does:
 *  made once, beside the helper's options type, and passed to `readOptions`. */
export function knownOptions<T>(names: OptionNames<T>): KnownOptions<T> {
  const props = Object.fromEntries(Object.keys(names).map((name) => [name, { shape: ANY_VALUE, optional: true, doc: name }]));
  return shapes.record(props as shapes.Props<Record<string, unknown>>);
}

/**
 * `options` as the helper's own data: `undefined` and `null` mean none (as for the core's `lint()`);
 * anything else that is not an object of options (a string, a list, a Map), a getter or Proxy that throws
 * when read, a getter of the options' class (whose value a spread would lose), or an option `known` does not
 * list (`options.bogusOption: is not a known field; expected one of: …`) is a UsageError naming it, not a
 * TypeError from destructuring it nor an option silently ignored. Each field is read once.
 */
export function readOptions<T extends object>(options: T | null | undefined, caller: string, known: KnownOptions<T>): T | Partial<T> {
  if (options === undefined || options === null) return {};
  const issues: DesignIssue[] = [];
  const data = shapes.ownData(options, 'options', issues);
  if (issues.length === 0) {
    if (shapes.isPlainObject(data)) {
      shapes.classGetterIssues(data, 'options', issues);
      if (issues.length === 0) known.read(data, 'options', issues);
    } else issues.push({ path: 'options', message: `expected an object of options, got ${shapes.describe(data)}` });
  }
  if (issues.length > 0) throw new UsageError(issues, `${caller}() options`);
  return data as T;
}
