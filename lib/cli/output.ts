/**
 * Where a report goes, written in bounded chunks as it is produced: a report for thousands of
 * files never becomes one string (V8 caps a string near 512 MiB), memory stays flat, and a write
 * error is caught instead of crashing. A closed pipe (`skewguard lint … | head -1`) is not a
 * failure of the lint; any other write error (a full disk, an unwritable `-o` file) is.
 */
import { fstatSync, writeSync } from 'node:fs';

/** What the CLI writes to: process.stdout/stderr, a file stream, or a test double. */
export interface OutputStream {
  write(chunk: string, callback?: (error?: Error | null) => void): unknown;
  on?(event: 'error', listener: (error: Error) => void): unknown;
  readonly isTTY?: boolean;
  /** A terminal's width in characters (Node sets it on a TTY stream only). */
  readonly columns?: number;
}

const CHUNK = 64 * 1024;
const CLOSED_PIPE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END', 'ECONNRESET']);

export class ReportOutput {
  private pending = '';
  private error?: NodeJS.ErrnoException;
  /** Streams with an `on` method report errors and completion; a bare `{ write }` is written synchronously. */
  private readonly evented: boolean;

  constructor(
    private readonly stream: OutputStream,
    readonly description: string,
  ) {
    this.evented = typeof stream.on === 'function';
    // Without a listener an EPIPE or ENOSPC would be thrown as an uncaught exception.
    stream.on?.('error', (error) => this.fail(error));
  }

  /**
   * Queues `text`; writes once 64 KiB are queued, waiting for the stream so a slow reader holds memory flat. What is queued
   * goes out first when `text` would take it past 64 KiB, so a chunk is never larger than 64 KiB or one `text`.
   */
  async write(text: string): Promise<void> {
    if (this.error) return;
    if (this.pending.length + text.length > CHUNK) await this.flush();
    this.pending += text;
    if (this.pending.length >= CHUNK) await this.flush();
  }

  /** Writes what is queued and waits until the stream has taken it. */
  async flush(): Promise<void> {
    const chunk = this.pending;
    this.pending = '';
    if (this.error || chunk === '') return;
    if (!this.evented) {
      this.stream.write(chunk);
      return;
    }
    await new Promise<void>((resolve) => {
      try {
        this.stream.write(chunk, (error) => {
          if (error) this.fail(error);
          resolve();
        });
      } catch (error) {
        this.fail(error as Error);
        resolve();
      }
    });
  }

  /** The reader went away (EPIPE): the rest of the report is dropped, the exit code stays the lint's. */
  get closed(): boolean {
    return this.error !== undefined && CLOSED_PIPE.has(this.error.code ?? '');
  }

  /** A write error that is not a closed pipe, as a sentence for stderr. */
  get failure(): string | undefined {
    if (!this.error || this.closed) return undefined;
    const { code, message } = this.error;
    return `cannot write the report to ${this.description}: ${describeErrno(this.error)}${code ? '' : ` (${message})`}`;
  }

  private fail(error: Error): void {
    this.error ??= error as NodeJS.ErrnoException;
  }
}

/**
 * Standard output (fd 1) or standard error (fd 2) for the `skewguard` process. A pipe, a socket (node's
 * child processes get a socket pair for 'pipe') or a file is written with `fs.writeSync`:
 * process.stdout would load node's stream machinery (net, streams) first, a few milliseconds of
 * every start that a bare `node` never spends; and process.stderr writes to a pipe asynchronously, so
 * the lines said just before a signal ends the process (`process.exit`) were cut at the pipe's 64 KiB.
 * So is a directory (or anything else that is not a character device): node would give it a stream
 * that drops what it is given, and the report would vanish without a word, where the write fails and
 * the CLI says so. A terminal and the other character devices (/dev/null, /dev/full) get node's stream.
 */
export function standardOutput(fd: 1 | 2 = 1): OutputStream {
  const stream = () => (fd === 1 ? process.stdout : process.stderr);
  try {
    if (!fstatSync(fd).isCharacterDevice()) return new DescriptorOutput(fd, stream);
  } catch {
    // fd not there at all: node's stream decides. (A stdout closed by the caller, `>&-`, does not get
    // here: Node reopens it as /dev/null at start, so the report is dropped and the exit code stays the verdict.)
  }
  return stream();
}

/**
 * Writes to a file descriptor synchronously, as process.stdout does on Linux for pipes and files (in
 * order, before the process exits). Errors go to the write's callback (EPIPE: the reader went away).
 * A pipe another process made non-blocking can refuse a write for now (EAGAIN): the rest of the
 * output then goes through `stream()`, which waits for the reader.
 */
class DescriptorOutput implements OutputStream {
  readonly isTTY = false;
  private stream?: NodeJS.WritableStream;
  private readonly listeners: ((error: Error) => void)[] = [];

  constructor(
    private readonly fd: number,
    private readonly fallback: () => NodeJS.WritableStream,
  ) {}

  write(chunk: string, callback?: (error?: Error | null) => void): boolean {
    if (this.stream) return this.stream.write(chunk, callback);
    const bytes = Buffer.from(chunk);
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(this.fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
        callback?.(error as Error);
        return false;
      }
      this.stream = this.fallback();
      for (const listener of this.listeners) this.stream.on('error', listener);
      return this.stream.write(bytes.subarray(written), callback);
    }
    callback?.(null);
    return true;
  }

  on(event: 'error', listener: (error: Error) => void): this {
    this.listeners.push(listener);
    this.stream?.on(event, listener);
    return this;
  }
}

const ERRNO_TEXT: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EACCES: 'permission denied',
  EBADF: 'it is not open for writing',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a parent of the path is not a directory',
  EROFS: 'read-only file system',
  EFBIG: 'the file is too large',
  ELOOP: 'too many symbolic links',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the name is too long',
};

/** `ENOSPC` → `no space left on the device (ENOSPC)`. */
export function describeErrno(error: NodeJS.ErrnoException): string {
  const code = error.code;
  if (!code) return error.message;
  return ERRNO_TEXT[code] ? `${ERRNO_TEXT[code]} (${code})` : code;
}
