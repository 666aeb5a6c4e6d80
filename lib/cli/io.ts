/** The process the CLI runs in, passed in so tests can run it in-process. */
import { ReportOutput, type OutputStream } from './output';
import { EXIT } from './report';
import { printable } from './terminal';

export interface Io {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Read by `skewguard lint -`. */
  readonly stdin?: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** The CLI is its own process (the `skewguard` binary): a write of `--fix` or `observe --update` may hold
   *  SIGINT, SIGTERM and SIGHUP until it is whole (lib/cli/safe-write.ts). Unset in-process: the host keeps its signals. */
  readonly ownsProcess?: boolean;
}

/** Writes lines to stderr, each made printable (a newline inside a line is escaped, not obeyed). */
export function warn(io: Io, ...lines: string[]): void {
  warnLines(io, lines);
}

/** `warn` for a list of any length: a list spread into a call's arguments overflows the stack past about 100,000
 *  lines (the application changes of 20,000 fixed tables). */
export function warnLines(io: Io, lines: readonly string[]): void {
  try {
    io.stderr.write(`${lines.map(printable).join('\n')}\n`);
  } catch {
    // stderr itself is gone: nothing is left to tell
  }
}

/** Writes `text` to stdout: exit 0, or 141 when the reader went away (a closed pipe, silently), or 2 for any other write error. */
export async function print(io: Io, text: string): Promise<number> {
  const out = new ReportOutput(io.stdout, 'standard output');
  await out.write(text);
  await out.flush();
  if (out.failure) {
    warn(io, `skewguard: ${out.failure}`);
    return EXIT.invalid;
  }
  return out.closed ? EXIT.closedPipe : EXIT.clean;
}
