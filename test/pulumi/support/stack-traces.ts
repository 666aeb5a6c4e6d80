/**
 * Pulumi's SDK records a stack trace for each promise it creates (@pulumi/pulumi runtime/debuggable.js; only its leak
 * report at exit reads them). Under jest every frame of those traces goes through jest's source-map formatter, up to
 * the 100 frames jest allows (jest-environment-node sets Error.stackTraceLimit): in a file that runs the mock engine
 * test after test, that formatting cost about as much as the tests themselves. Node's own depth, 10 frames, keeps a
 * failing assertion's frame in the test file and the frames of lib/ that led to an error.
 */

/** Keeps stack traces to Node's default depth in the calling test file (jest gives each file its own `Error`). */
export function shortStackTraces(): void {
  Error.stackTraceLimit = 10;
}
