/**
 * A spy on the core's `lintDocument`, for tests that act in the middle of a run: save an edit while
 * `--fix` or `observe --update` runs, or count the lints. A test file mocks the core with it:
 *
 *   jest.mock('../../lib/index', () => require('./lint-spy').spiedCore());
 *
 * jest hoists `jest.mock` above the imports, so its factory reaches this module through `require`;
 * the test file's own import of it is the same module, so `onEveryLint()` sets what the mock calls.
 */
import type * as Core from '../../lib/index';

let listener: ((document: unknown) => void) | undefined;
let rewriter: ((result: Core.LintResult, document: unknown) => Core.LintResult) | undefined;

/** The core, with `lintDocument` calling the listener (with the document) before it lints, and the rewriter on its result. */
export function spiedCore(): typeof Core {
  const actual = jest.requireActual<typeof Core>('../../lib/index');
  return {
    ...actual,
    lintDocument: (...args: Parameters<typeof Core.lintDocument>) => {
      listener?.(args[0]);
      const result = actual.lintDocument(...args);
      return rewriter ? rewriter(result, args[0]) : result;
    },
  };
}

/** Calls `act` with the document on every lint until the current test ends. */
export function onEveryLint(act: (document: unknown) => void): void {
  listener = act;
}

/** Replaces every lint's result with `rewrite`'s until the current test ends (scripted findings on a real design). */
export function rewriteEveryLint(rewrite: (result: Core.LintResult, document: unknown) => Core.LintResult): void {
  rewriter = rewrite;
}

afterEach(() => {
  listener = undefined;
  rewriter = undefined;
});
