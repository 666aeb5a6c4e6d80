/**
 * Checks an adapter can run only at deployment (a Pulumi component reading a resource that exists), each a promise
 * that rejects with the one error of a failed check. Outside a test run nobody handles it, and the program host reports
 * it once and fails the run (Pulumi's reports an unhandled rejection, deduplicated by identity). A testing helper running
 * a program (`runWithMocks`) watches them instead, so the failure is its own error, not an unhandled rejection left to
 * whichever test runs next. Kept on `globalThis`, so that a component from another copy of skewguard reaches the helper.
 */
const WATCHER = Symbol.for('skewguard.deployTimeChecks');

type Watcher = (check: Promise<unknown>) => void;

/** Hands a deploy-time check to the watching helper, if one is running. */
export function reportDeployTimeCheck(check: Promise<unknown>): void {
  (globalThis as { [WATCHER]?: Watcher })[WATCHER]?.(check);
}

/** Watches the deploy-time checks started from now on, until the returned function is called. */
export function watchDeployTimeChecks(watcher: Watcher): () => void {
  const holder = globalThis as { [WATCHER]?: Watcher };
  const previous = holder[WATCHER];
  holder[WATCHER] = watcher;
  return () => {
    holder[WATCHER] = previous;
  };
}
