/**
 * The errors a Pulumi program fails with outside its own call stack, caught while `runWithMocks` runs it, as Pulumi's
 * program host catches them in `pulumi up` (@pulumi/pulumi cmd/run/run.js listens to `uncaughtException` and
 * `unhandledRejection`, logs each error once and fails the update). The SDK raises them on purpose: a registration
 * whose input rejects (a GuardedContainer whose RU/s, given as an Output, the rules refuse once known) rejects a
 * promise nobody awaits (runtime/resource.js, runAsyncResourceOp), and never resolves the resource's outputs. Under
 * the mock engine nothing listened: Node died of the unhandled rejection, or jest failed whichever test ran next, and
 * the run waited forever for the registrations that depend on that resource.
 *
 * The listeners already on the process (jest's, a test's own) are set aside while the program runs, as jest sets aside
 * those it finds, and put back after, in order: the errors of the run are the run's to report, once. They are the
 * host's process: jest gives each test file a copy of `process` whose listeners the host never calls, so the process
 * is read in the host's context (`vm.runInThisContext`).
 */
import { runInThisContext } from 'node:vm';

const EVENTS = ['uncaughtException', 'unhandledRejection'] as const;

type Listener = (...args: unknown[]) => void;

export interface HostErrors {
  /** Each error once, in the order raised (Pulumi's host reports an error object once, by identity). */
  readonly errors: readonly unknown[];
  /** Resolves when the next error is raised. */
  next(): Promise<void>;
  /** Removes the errors raised from index `from` on and returns them: an assertion inside the run reports them as its
   *  own. They stay known, so one raised again is not collected again. */
  take(from: number): unknown[];
  /** Puts the listeners set aside back. */
  stop(): void;
}

/** Catches the errors raised outside the program's call stack until `stop()`. */
export function catchHostErrors(): HostErrors {
  const host = runInThisContext('process') as NodeJS.Process;
  const errors: unknown[] = [];
  const seen = new Set<unknown>();
  let wake: () => void = () => undefined;
  let raised = new Promise<void>((resolve) => (wake = resolve));
  const collect = (reason: unknown) => {
    if (!seen.has(reason)) errors.push(reason);
    seen.add(reason);
    wake();
    raised = new Promise<void>((resolve) => (wake = resolve));
  };
  // rawListeners keeps the wrapper of a `once` listener, so putting it back does not make it permanent.
  const setAside = EVENTS.map((event) => host.rawListeners(event) as Listener[]);
  for (const event of EVENTS) {
    host.removeAllListeners(event);
    host.on(event, collect);
  }
  return {
    errors,
    next: () => raised,
    take: (from) => errors.splice(from),
    stop() {
      EVENTS.forEach((event, i) => {
        host.off(event, collect);
        for (const listener of setAside[i]) host.on(event, listener);
      });
    },
  };
}
