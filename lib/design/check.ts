import { DesignError, UsageError, type DesignIssue } from './errors';
import { readInput, type Shape } from './shape';

export interface CheckOptions {
  /** Field path of the value, prefixed to every reported path (`''` for a whole input). @default '' */
  readonly path?: string;
  /** What the value is, for the error's first line ("GuardedTable props", "lint() options"). */
  readonly subject: string;
  /** `'design'` throws a {@link DesignError}; `'usage'` a {@link UsageError}. @default 'usage' */
  readonly kind?: 'design' | 'usage';
}

/**
 * Reads `value` with `shape` and returns it, or throws one error listing every issue with its field
 * path: the one way the core and the adapters validate input, so every message reads alike.
 */
export function checkWith<T>(shape: Shape<T>, value: unknown, options: CheckOptions): T {
  const issues: DesignIssue[] = [];
  const result = readInput(shape, value, options.path ?? '', issues);
  if (issues.length === 0 && result !== undefined) return result;
  if (issues.length === 0) issues.push({ path: options.path ?? '', message: `expected ${shape.expected}` });
  throw options.kind === 'design' ? new DesignError(issues, options.subject) : new UsageError(issues, options.subject);
}
