/**
 * Pulumi's log lines go to stderr while `runWithMocks` runs a program. The mock engine has no engine to send them to, so
 * @pulumi/pulumi's log module prints them itself (log/index.js): `info:` and `debug:` lines with `console.log`, to
 * stdout, `warning:` and `error:` ones with `console.warn` and `console.error`. A script that prints a snapshot
 * (`ts-node snap.ts > snap.json`) wrote a file that was not JSON: the info lines a GuardedContainer logs (an
 * acknowledged finding, an alert it did not make) came before it. Under `pulumi up` the engine receives every one as a
 * diagnostic, never on the program's stdout; here they join the warnings on stderr, each as Pulumi wrote it.
 */

/** The lines Pulumi's log module writes to stdout when it has no engine (`info: [runtime] …`). */
const STDOUT_LINE = /^(info|debug): \[runtime\] /;

/** Sends Pulumi's stdout log lines to `console.warn` until the function it returns is called; the rest of `console.log` is untouched. */
export function pulumiLogToStderr(): () => void {
  const original = console.log;
  const routed = function (this: unknown, ...args: unknown[]): void {
    if (typeof args[0] === 'string' && STDOUT_LINE.test(args[0])) console.warn(...args);
    else original.apply(this, args);
  };
  console.log = routed;
  return () => {
    // Put back only its own: another hook set since (a test's spy) stays.
    if (console.log === routed) console.log = original;
  };
}
