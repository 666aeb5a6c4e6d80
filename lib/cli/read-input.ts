/**
 * Reads one input with a bound. The type and size are checked before reading, and pipes are read
 * only up to the limit, so `/dev/zero`, a symlink to it or a runaway generator on stdin cannot
 * eat memory. The bytes must be UTF-8; UTF-16 (the default of Windows PowerShell 5's `>`) gets a
 * hint on how to convert it rather than a baffling syntax error.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { describeErrno } from './output';

/** What was read: the file's identity and bytes, for --fix to notice any change before it replaces the file (safe-write.ts). */
export interface ReadSnapshot {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly bytes: Buffer;
}

/** Largest design file or template read: far above any real one (CloudFormation caps a template at
 *  1 MB; 10,000 tables fit in a few MB) and small enough that a mistake cannot exhaust memory. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

export type ReadResult =
  | { readonly text: string; readonly bom: boolean; readonly error?: undefined; readonly snapshot?: ReadSnapshot }
  | { readonly error: string; readonly text?: undefined };

const CHUNK = 64 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GiB`;
}

/** What an input is, as its size error names it (`a design file or template`), and the most bytes read of it. */
export interface InputLimit {
  readonly kind: string;
  readonly max: number;
}

const DESIGN_INPUT = 'a design file or template';

function tooLarge(bytes: number | undefined, limit: InputLimit): { error: string } {
  const size = bytes === undefined ? `more than ${formatBytes(limit.max)}` : formatBytes(bytes);
  return { error: `is too large to be ${limit.kind} (${size}; the limit is ${formatBytes(limit.max)})` };
}

/** Reads a file, pipe or socket; refuses directories and devices. */
export function readInputFile(file: string, max = MAX_INPUT_BYTES): ReadResult {
  const read = readInputBytes(file, { kind: DESIGN_INPUT, max });
  if (read.error !== undefined) return read;
  const decoded = decode(read.bytes);
  if (decoded.error !== undefined || !read.snapshot) return decoded;
  return { ...decoded, snapshot: read.snapshot };
}

export type BytesResult =
  { readonly bytes: Buffer; readonly snapshot?: ReadSnapshot; readonly error?: undefined } | { readonly error: string; readonly bytes?: undefined };

/** Reads a file, pipe or socket up to `limit.max` bytes, undecoded (an observations export may be longer than a string can be). */
export function readInputBytes(file: string, limit: InputLimit): BytesResult {
  const { max } = limit;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    return { error: `cannot be read: ${describeErrno(error as NodeJS.ErrnoException)}` };
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { error: 'is a directory' };
    if (stat.isCharacterDevice() || stat.isBlockDevice())
      return { error: `is a ${stat.isCharacterDevice() ? 'character' : 'block'} device, not a regular file` };
    if (stat.isFile() && stat.size > max) return tooLarge(stat.size, limit);
    // A regular file is read into one buffer of its size (+1 to notice growth); a pipe in chunks.
    const size = stat.isFile() && stat.size > 0 ? stat.size + 1 : CHUNK;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(size);
      const read = readSync(fd, chunk, 0, size, null);
      if (read === 0) break;
      total += read;
      if (total > max) return tooLarge(stat.isFile() ? total : undefined, limit);
      chunks.push(read === size ? chunk : chunk.subarray(0, read));
    }
    const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
    if (!stat.isFile()) return { bytes };
    // What --fix compares with before it replaces the file (an edit saved meanwhile is kept).
    return { bytes, snapshot: { dev: stat.dev, ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs, bytes } };
  } catch (error) {
    return { error: `cannot be read: ${describeErrno(error as NodeJS.ErrnoException)}` };
  } finally {
    closeSync(fd);
  }
}

/** Reads a stream (stdin) up to `max` bytes, then stops reading it. */
export async function readInputStream(stream: NodeJS.ReadableStream, max = MAX_INPUT_BYTES): Promise<ReadResult> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += bytes.length;
      if (total > max) {
        (stream as { destroy?: () => void }).destroy?.();
        return tooLarge(undefined, { kind: DESIGN_INPUT, max });
      }
      chunks.push(bytes);
    }
  } catch (error) {
    return { error: `cannot be read: ${describeErrno(error as NodeJS.ErrnoException)}` };
  }
  return decode(Buffer.concat(chunks, total));
}

const CONVERT = 'save it as UTF-8 (for example `iconv -f UTF-16 -t UTF-8`; in Windows PowerShell 5, `Out-File -Encoding utf8` instead of `>`)';

/** UTF-8 bytes → text; other encodings and binary data are named, not mis-parsed. */
export function decode(bytes: Buffer): ReadResult {
  const at = (i: number) => bytes[i];
  if (
    bytes.length >= 4 &&
    ((at(0) === 0 && at(1) === 0 && at(2) === 0xfe && at(3) === 0xff) || (at(0) === 0xff && at(1) === 0xfe && at(2) === 0 && at(3) === 0))
  ) {
    return { error: `is encoded as UTF-32: ${CONVERT.replace('UTF-16', 'UTF-32')}` };
  }
  if (bytes.length >= 2 && at(0) === 0xff && at(1) === 0xfe) return { error: `is encoded as UTF-16 LE (it starts with the byte-order mark FF FE): ${CONVERT}` };
  if (bytes.length >= 2 && at(0) === 0xfe && at(1) === 0xff) return { error: `is encoded as UTF-16 BE (it starts with the byte-order mark FE FF): ${CONVERT}` };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { error: `looks like UTF-16 ${utf16} without a byte-order mark (every other byte is NUL): ${CONVERT}` };
  if (bytes.includes(0)) return { error: 'contains NUL bytes: it is binary data, not JSON text' };
  if (!isUtf8(bytes)) return { error: 'is not valid UTF-8 text: save it as UTF-8' };
  const bom = bytes.length >= 3 && at(0) === 0xef && at(1) === 0xbb && at(2) === 0xbf;
  return { text: bytes.toString('utf8', bom ? 3 : 0), bom };
}

/** ASCII text in UTF-16 has a NUL in every other byte: after each character (LE) or before it (BE). */
function utf16WithoutBom(bytes: Buffer): 'LE' | 'BE' | undefined {
  const length = Math.min(bytes.length - (bytes.length % 2), 64);
  if (length < 2) return undefined;
  let le = true;
  let be = true;
  for (let i = 0; i < length; i += 2) {
    if (!(bytes[i] !== 0 && bytes[i + 1] === 0)) le = false;
    if (!(bytes[i] === 0 && bytes[i + 1] !== 0)) be = false;
  }
  return le ? 'LE' : be ? 'BE' : undefined;
}
