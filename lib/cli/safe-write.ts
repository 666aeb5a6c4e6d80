/**
 * Writes a fixed design back without ever leaving it worse than it was, as editors and `git` do:
 * the new text goes to a temporary file in the same directory, is flushed to disk, and is renamed
 * over the original, so a full disk or a file-size limit leaves the original whole and a concurrent
 * reader sees the old file or the new one, never half of one. The write is refused (the file is left
 * as it is) when the file changed since it was read, when it is no longer a regular file, or when it
 * has other hard links (a rename would split them from the new content).
 */
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describeErrno } from './output';

/** What was read: the file's identity and bytes, to notice any change before it is replaced. */
export interface ReadSnapshot {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly bytes: Buffer;
}

/** A write that was not made; the file is unchanged. The message is a sentence for the report. */
export class WriteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteRefused';
  }
}

function changedSince(stat: Stats, read: ReadSnapshot): boolean {
  return stat.dev !== read.dev || stat.ino !== read.ino || stat.size !== read.size || stat.mtimeMs !== read.mtimeMs;
}

/** Refuses unless `file` is still the regular file, with the bytes, that was read. */
function checkUnchanged(file: string, read: ReadSnapshot): Stats {
  const stat = lstatSync(file);
  if (!stat.isFile()) throw new WriteRefused('it is no longer a regular file');
  if (changedSince(stat, read) || !readFileSync(file).equals(read.bytes)) {
    throw new WriteRefused('it changed while skewguard was fixing it (that edit is kept): run --fix again');
  }
  return stat;
}

/**
 * Replaces the regular file `file` (not a symbolic link: the caller resolves it) with `text`,
 * keeping its mode and, where the process may, its owner. Throws WriteRefused, with the reason
 * (`it has 2 hard links…`), when the write is refused or fails; the original is then untouched and
 * no temporary file is left.
 */
export function replaceFile(file: string, text: string, read: ReadSnapshot): void {
  const stat = checkUnchanged(file, read);
  // Read-only for everyone is a choice someone made: root may write it, --fix does not.
  if ((stat.mode & 0o222) === 0) {
    throw new WriteRefused(`it is read-only (mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')}): make it writable (chmod u+w) for --fix to change it`);
  }
  try {
    // A rename needs only the directory's permission: a file the user may not write stays unwritten, as before.
    accessSync(file, constants.W_OK);
  } catch (error) {
    throw new WriteRefused(`it cannot be written: ${describeErrno(error as NodeJS.ErrnoException)}`);
  }
  writableDirectory(dirname(file));
  if (stat.nlink > 1) {
    throw new WriteRefused(
      `it has ${stat.nlink} hard links, which a safe write (a new file renamed over it) would split: apply the fixes by hand, or copy the file so it has one link`,
    );
  }
  const mode = stat.mode & 0o7777;
  const temp = join(dirname(file), `.${basename(file)}.skewguard-${process.pid}-${Date.now().toString(36)}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'wx', mode);
    const bytes = Buffer.from(text);
    for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
    fchmodSync(fd, mode); // the umask may have narrowed it
    keepOwner(fd, stat);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    checkUnchanged(file, read); // again, as late as possible: an edit saved meanwhile is never overwritten
    renameSync(temp, file);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // not created, or already renamed
    }
    if (error instanceof WriteRefused) throw error;
    throw new WriteRefused(`it cannot be written: ${describeErrno(error as NodeJS.ErrnoException)}`);
  }
  syncDirectory(dirname(file));
}

/** Refuses when the temporary file cannot be made beside the file: the directory is the problem then, not the file
 *  (a writable file in a read-only directory), and the sentence says so. */
function writableDirectory(dir: string): void {
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new WriteRefused(
      `its directory ${dir} cannot be written (${describeErrno(error as NodeJS.ErrnoException)}), and --fix writes the fixed design to a temporary file there, then renames it over the file: make the directory writable, or fix a copy in a writable directory`,
    );
  }
}

/** The new file gets the original's owner when the process may give it (root, or the same owner). */
function keepOwner(fd: number, stat: Stats): void {
  try {
    fchownSync(fd, stat.uid, stat.gid);
  } catch {
    // not permitted: the file now belongs to whoever ran --fix, as with any editor's save
  }
}

/** Makes the rename itself durable; not every platform or file system lets a directory be synced. */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // best effort
  }
}
