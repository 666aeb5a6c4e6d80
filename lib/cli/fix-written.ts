/**
 * What stderr says about the files `--fix` wrote when the report that named them is lost: a report that could not be
 * written (a full disk, `>/dev/full`), or a run a signal ended (lib/cli/safe-write.ts). The report was the only place
 * that listed the application changes the fixes need, and a lint of the fixed files no longer shows them (the findings
 * are gone): so they are said here, each under its file, one line each. Loaded with the rest of --fix only.
 */
import type { AppliedFix } from './file-result';
import { grouped } from './report';

/** A file --fix wrote, as the report names it, with the fixes written to it. */
export interface WrittenFile {
  readonly file: string;
  readonly fixes: readonly AppliedFix[];
}

const INDENT = '  ';

/** `a.json (3 fixes)`. */
function counted(w: WrittenFile): string {
  return `${w.file} (${w.fixes.length === 1 ? '1 fix' : `${grouped(w.fixes.length)} fixes`})`;
}

/**
 * The files, named in a sentence when there is one (`a.json`) and one a line after it when there are more: 300 files
 * in one line of a terminal cannot be read (68 files make a 1.4 kB line).
 */
export function fileList(files: readonly string[], one: (file: string) => string, many: (count: string) => string): string[] {
  if (files.length === 1) return [one(files[0])];
  return [many(grouped(files.length)), ...files.map((file) => `${INDENT}${file}`)];
}

/** The application changes of the fixes written, under their files; none when no fix needs one. */
export function applicationChangeLines(written: readonly WrittenFile[]): string[] {
  // Built with flatMap and array literals, never `push(...changes)`: a file of 20,000 fixed tables has more changes
  // than a call's arguments can hold.
  const lines = written.flatMap((w) => {
    const changes = w.fixes.flatMap((f) => (f.applicationChanges ?? []).map((change) => `${INDENT}${INDENT}${f.ruleId} ${f.resource} (${f.path}): ${change}`));
    return changes.length > 0 ? [`${INDENT}${w.file}:`, ...changes] : [];
  });
  if (lines.length === 0) return [];
  return [
    'skewguard: the fixes written need these application changes (the report listed them; a lint of the fixed files no longer shows them, and `git diff` shows the edits):',
    ...lines,
  ];
}

/** When the report is lost, what --fix wrote all the same: each file and its fix count, then the application changes. */
export function fixesWrittenLines(written: readonly WrittenFile[]): string[] {
  if (written.length === 0) return [];
  const again = `lint ${written.length === 1 ? 'it' : 'them'} again (with the report where it can be written) to see what is left`;
  return [
    ...fileList(
      written.map(counted),
      (file) => `skewguard: only the report was lost, not the fixes: --fix wrote ${file}; ${again}`,
      (count) => `skewguard: only the report was lost, not the fixes: --fix wrote these ${count} files; ${again}:`,
    ),
    ...applicationChangeLines(written),
  ];
}
