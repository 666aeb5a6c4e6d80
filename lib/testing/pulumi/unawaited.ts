/**
 * Assertions that return a Promise nobody awaits fail the test, not nothing. `assertAccepted(fn)` and
 * `assertRefused(fn, …)` settle once the registrations they start have (a refusal can come once an Output is known),
 * so a call without `await` let the test end first: its rejection was an unhandled rejection that jest blamed on
 * whichever test ran then, or, after the last test of a file, lost with the file (so the test passed).
 *
 * Each such Promise is watched from its creation: it counts as awaited once anything reads it (`await`, `.then`,
 * `.catch`, `return` from the test, `expect(…).rejects`, `Promise.all`). When the test runner's hooks are there as
 * the module loads (jest's, vitest's with `globals`, mocha's), an `afterEach` and an `afterAll` it registers wait for
 * each assertion no one read and fail, naming the call and where it was made; the rejection of such an assertion is
 * then the hook's to report, not an unhandled rejection. Without hooks (a script), nothing changes: Node fails a
 * process on an unhandled rejection.
 */

type Hook = (fn: () => Promise<void>) => void;

interface Watched {
  readonly caller: string;
  /** The caller's stack from its own frame on (`at test/x.test.ts:12:5`). */
  readonly stack: string;
  read: boolean;
  outcome?: { readonly rejected: boolean; readonly value: unknown };
  /** Resolves when the assertion has settled, whichever way. */
  readonly done: Promise<void>;
}

const watched = new Set<Watched>();

/** A Promise that notes when it is read. `await` reads it through `then` because its constructor is not Promise. */
class WatchedPromise<T> extends Promise<T> {
  // Derived promises (`.then(…)`'s) are plain ones.
  static get [Symbol.species](): PromiseConstructor {
    return Promise;
  }
  watch?: Watched;
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    if (this.watch) this.watch.read = true;
    return super.then(onFulfilled, onRejected);
  }
}

const nativeThen = Promise.prototype.then;

/** The stack of the call to `caller` (the frames above `helper` cut). */
function callSite(helper: (...args: never[]) => unknown): string {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, helper);
  return (holder.stack ?? '').split('\n').slice(1).join('\n');
}

let hooked = false;

/**
 * `promise`, watched: if nothing reads it by the end of the test (the runner's `afterEach`), the test fails naming
 * `caller` and its call site. `helper` is the exported function the user called (its frames are cut from the site).
 */
export function watchAssertion<T>(promise: Promise<T>, caller: string, helper: (...args: never[]) => unknown): Promise<T> {
  if (!hooked) return promise;
  let settled: () => void = () => undefined;
  const watch: Watched = { caller, stack: callSite(helper), read: false, done: new Promise<void>((resolve) => (settled = resolve)) };
  const settle = (outcome: Watched['outcome']) => {
    watch.outcome = outcome;
    settled();
  };
  const result = new WatchedPromise<T>((resolve, reject) => {
    nativeThen.call(
      promise,
      (value) => {
        settle({ rejected: false, value });
        resolve(value as T);
      },
      (reason: unknown) => {
        settle({ rejected: true, value: reason });
        reject(reason);
      },
    );
  });
  result.watch = watch;
  // Handled here: the hook reports the rejection of one nobody reads, once, on the test that made the call.
  nativeThen.call(result, undefined, () => undefined);
  watched.add(watch);
  return result;
}

/** The first line of an error's message, without the colon that introduces the report below it. */
const firstLine = (value: unknown) => ((value as Error)?.message ?? String(value)).split('\n')[0].replace(/:$/, '');

/** `at test/x.test.ts:12:5` from a stack's first frame, the path relative to the working directory. */
function placeOf(stack: string): string {
  const frame = /^\s*at (?:.*\()?([^()\s]+:\d+:\d+)\)?\s*$/m.exec(stack)?.[1];
  if (!frame) return 'at an unknown place';
  const cwd = `${process.cwd()}/`;
  return `at ${frame.startsWith(cwd) ? frame.slice(cwd.length) : frame}`;
}

/** Waits for the assertions no one read and throws, naming each; forgets those read. */
async function check(): Promise<void> {
  const unread = [...watched].filter((w) => !w.read);
  for (const w of watched) if (w.read) watched.delete(w);
  if (unread.length === 0) return;
  for (const w of unread) watched.delete(w);
  // Each settles (it waits for its own run, as an awaited one would); the test's outcome then depends on none of them.
  await Promise.all(unread.map((w) => w.done));
  const lines = unread.map((w) => {
    const site = placeOf(w.stack);
    const outcome = w.outcome?.rejected
      ? `it failed, and the failure would have been lost: ${firstLine(w.outcome.value)}`
      : 'it passed this time, but had it failed, no test would have';
    return `${w.caller}(…) ${site} was not awaited: ${outcome}`;
  });
  const error = new Error(
    `${lines.length === 1 ? 'an assertion was' : `${lines.length} assertions were`} not awaited, so the test ended before ${lines.length === 1 ? 'it' : 'they'} settled:\n${lines
      .map((l) => `  ${l}`)
      .join(
        '\n',
      )}\nWrite \`await ${unread[0].caller}(…)\` (or return it from the test). The lint rule @typescript-eslint/no-floating-promises finds every such call (docs/testing.md).`,
  );
  // The stack is the first call's, so the runner shows the line that lacks its `await`.
  error.stack = `${error.message}\n${unread[0].stack}`;
  const rejected = unread.find((w) => w.outcome?.rejected);
  if (rejected) (error as { cause?: unknown }).cause = rejected.outcome?.value;
  throw error;
}

/** jest-circus's state, when the module runs under jest: hooks can be added only while tests are collected. */
function jestCollecting(): boolean | undefined {
  const key = Object.getOwnPropertySymbols(globalThis).find((s) => s.description === 'JEST_STATE_SYMBOL');
  if (!key) return undefined;
  const state = (globalThis as Record<symbol, { hasStarted?: boolean; currentlyRunningTest?: unknown } | undefined>)[key];
  return !state?.hasStarted && !state?.currentlyRunningTest;
}

/** Registers the hooks once, if the runner's are globals now and hooks can be added (not inside a running test). */
function hookRunner(): void {
  const g = globalThis as { afterEach?: Hook; afterAll?: Hook; after?: Hook };
  if (typeof g.afterEach !== 'function' || jestCollecting() === false) return;
  try {
    g.afterEach(check);
    const all = typeof g.afterAll === 'function' ? g.afterAll : g.after;
    if (typeof all === 'function') all(check);
    hooked = true;
  } catch {
    // A runner that refuses hooks now: the assertions stay plain Promises.
  }
}

hookRunner();
