/**
 * Writes a fixed design back without ever leaving it worse than it was, as editors and `git` do:
 * the new text goes to a temporary file in the same directory, is flushed to disk, and is renamed
 * over the original, so a full disk or a file-size limit leaves the original whole and a concurrent
 * reader sees the old file or the new one, never half of one. The write is refused (the file is left
 * as it is) when the file changed since it was read, when it is no longer a regular file, or when it
 * has other hard links (a rename would split them from the new content).
 *
 * A signal never leaves a temporary file behind or the original half-replaced. Without a listener, SIGINT, SIGTERM or
 * SIGHUP ends a Node process at once, wherever it is: in the middle of writing the temporary file, which then stays
 * (a user's Ctrl-C left `.big.json.skewguard-12012-mx95iz23.tmp`, 9.3 MB, in the tree). So the first write of a run
 * that owns its process (`signals`, given by the `skewguard` binary only: a host that runs the CLI in-process keeps
 * its own Ctrl-C) holds those signals for the rest of it: a signal that arrives while a file is written is answered
 * once the write is whole (renamed) or undone (removed) — the write is synchronous, so JavaScript runs nothing in
 * between — and the caller yields to the event loop between files (`signalsHeld`), where the answer ends the run:
 * any temporary file still listed is removed, stderr names the files written before it (one a line) and the application
 * changes of their fixes (`noteFixes`: the report that listed them is cut short), and the process exits with
 * the signal's conventional code, 128 + its number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP), as a shell
 * reports a process the signal ended. Once the run is over (`settleSignals`: every write done, the report whole), a
 * signal has nothing left to stop: it ends the process with the run's own code, silently. Until the first write, a signal ends the run at once, as before: nothing has
 * been written that a sentence would have to account for. Node resets an inherited ignored disposition (`nohup`) to
 * the default at start, so holding a signal ignores nothing a parent meant to be ignored. SIGKILL and a power loss
 * cannot be answered: what they can leave is a whole original and a temporary file named `.<file>.skewguard-<pid>-….tmp`.
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
import { constants as osConstants } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { AppliedFix } from './file-result';
import { applicationChangeLines, fileList, type WrittenFile } from './fix-written';
import { describeErrno } from './output';
import type { ReadSnapshot } from './read-input';

export type { ReadSnapshot } from './read-input';

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

/** Writes lines to the user (stderr): a list, never spread into arguments, since it may hold 100,000 lines. */
export type Say = (lines: readonly string[]) => void;

const HELD_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Temporary files that exist right now: removed on any exit of the process that made them. */
const temporaries = new Set<string>();
/** The files replaced so far in this process, as the report names them, with the fixes written (`noteFixes`). */
const replaced: { file: string; fixes: readonly AppliedFix[] }[] = [];
/** Set by the first write that holds signals: how the end of the run is said. */
let heldBy: Say | undefined;
/** Set once the run is over (`settleSignals`): the exit code a signal then ends the process with, silently. */
let settledCode: number | undefined;

/** Whether a write held the signals: the caller then yields to the event loop between files (`await signalsHeld()`)
 *  so that a signal that came meanwhile ends the run there, whole. */
export function signalsHeld(): boolean {
  return heldBy !== undefined;
}

function removeTemporaries(): void {
  for (const temp of temporaries) {
    try {
      unlinkSync(temp);
    } catch {
      // already renamed or removed
    }
  }
  temporaries.clear();
}

/**
 * What is said when a signal ends a run that held it: the files written whole before it (one a line when there are
 * more than one), or none; then the application changes their fixes need, which the lost rest of the report would
 * have listed and a lint of the fixed files no longer shows.
 */
export function interruptedLines(signal: string, written: readonly WrittenFile[]): string[] {
  const stopped = `skewguard: stopped by ${signal}:`;
  const rest = 'no temporary file is left; the report is incomplete: run the command again for the rest';
  if (written.length === 0) return [`${stopped} no file was changed; ${rest}`];
  return [
    ...fileList(
      written.map((w) => w.file),
      (file) => `${stopped} it wrote ${file} whole before it, and no other file; ${rest}`,
      (count) => `${stopped} it wrote these ${count} files whole before it, and no other file; ${rest}:`,
    ),
    ...applicationChangeLines(written),
  ];
}

/** The fixes written to `file` (as the report names it), which a signal that ends the run then names with it. */
export function noteFixes(file: string, fixes: readonly AppliedFix[]): void {
  for (let i = replaced.length - 1; i >= 0; i--) {
    if (replaced[i].file === file) {
      replaced[i].fixes = fixes;
      return;
    }
  }
}

/**
 * The run is over, its report whole and every write done: a signal that comes now (while the process exits) has
 * nothing left to stop, so it ends the process with the run's own `code`, silently, not with 128 + its number under a
 * sentence that would call a whole report incomplete.
 */
export function settleSignals(code: number): void {
  settledCode = code;
}

function holdSignals(say: Say): void {
  if (heldBy) return;
  heldBy = say;
  const end = (signal: NodeJS.Signals) => {
    removeTemporaries();
    if (settledCode !== undefined) process.exit(settledCode);
    heldBy?.(interruptedLines(signal, replaced));
    process.exit(128 + osConstants.signals[signal]);
  };
  for (const signal of HELD_SIGNALS) process.on(signal, end);
  process.on('exit', removeTemporaries);
}

/** Test only (test/cli/fix-safety.test.ts): `SKEWGUARD_TEST_PAUSE_BEFORE_RENAME_MS` holds the whole temporary file
 *  that long before it is renamed, so a test can see it and send a signal at that moment. Never set it otherwise. */
function pauseForTest(): void {
  const ms = Number(process.env.SKEWGUARD_TEST_PAUSE_BEFORE_RENAME_MS);
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
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
 * no temporary file is left. `signals`: the process is the `skewguard` binary's, and a signal ends the run
 * once the write is whole (see above), saying so with this; `shown`: the file as the report names it.
 */
export function replaceFile(file: string, text: string, read: ReadSnapshot, signals?: Say, shown = file): void {
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
  if (signals) holdSignals(signals);
  let fd: number | undefined;
  try {
    temporaries.add(temp);
    fd = openSync(temp, 'wx', mode);
    const bytes = Buffer.from(text);
    for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
    fchmodSync(fd, mode); // the umask may have narrowed it
    keepOwner(fd, stat);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    pauseForTest();
    checkUnchanged(file, read); // again, as late as possible: an edit saved meanwhile is never overwritten
    renameSync(temp, file);
    temporaries.delete(temp);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // not created, or already renamed
    }
    temporaries.delete(temp);
    if (error instanceof WriteRefused) throw error;
    throw new WriteRefused(`it cannot be written: ${describeErrno(error as NodeJS.ErrnoException)}`);
  }
  replaced.push({ file: shown, fixes: [] });
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
