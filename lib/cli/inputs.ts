/**
 * What `skewguard lint` reads: the files, directories and globs given on the command line (or the
 * config's `designs`), expanded to candidate files, each once.
 *
 * - A file named directly is always linted.
 * - A directory is searched recursively for `*.json`, skipping `node_modules`, dot-directories
 *   and symbolic links to directories (no cycles). In a CDK cloud assembly (a directory holding a
 *   `cdk.out` marker file and `manifest.json`) only `*.template.json` files are read, in it and in
 *   its nested `assembly-*` stage assemblies; the `asset.*` directories are skipped.
 * - Files found by a search or a glob are linted only when their content is a design or a
 *   template (decided by `sourceKind` once read), so `package.json` and `tsconfig.json` are skipped.
 */
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { globToRegExp, isGlob, splitGlob } from './glob';
import { describeErrno } from './output';

export interface InputSpec {
  /** As the user wrote it: a path, a glob, or `-` for standard input. */
  readonly pattern: string;
  /** Directory the pattern is relative to (the cwd, or the config file's directory). */
  readonly base: string;
}

export interface Candidate {
  /** The name reports show. */
  readonly file: string;
  readonly absolute: string;
  /** Named directly: linted even when its content does not look like a design. */
  readonly explicit: boolean;
  /** Index of the InputSpec it came from (the first, when several name it). */
  readonly origin: number;
  /** For a file found by a search or a glob: the real path of the directory searched, which
   *  `--fix` does not write outside of (a symbolic link may lead elsewhere). */
  readonly searchRoot?: string;
}

export interface InputProblem {
  readonly file: string;
  /** A sentence: `the directory cannot be read: permission denied (EACCES)`. */
  readonly message: string;
}

export interface Expansion {
  readonly candidates: readonly Candidate[];
  readonly problems: readonly InputProblem[];
  /** `-` was given: read standard input (once, whatever the count). */
  readonly stdin: boolean;
  /** Specs that named a directory or glob (they must yield at least one design file). */
  readonly searches: ReadonlySet<number>;
}

export const STDIN = '-';

export function expandInputs(specs: readonly InputSpec[], cwd: string): Expansion {
  const candidates: Candidate[] = [];
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  const searches = new Set<number>();
  let stdin = false;

  /** As typed on the command line (and below it); config paths relative to the cwd. */
  const display = (absolute: string, base: string, pattern: string, rel: string) => {
    if (base === cwd) return rel === '' ? pattern : join(pattern, rel);
    const fromCwd = relative(cwd, absolute);
    return isAbsolute(fromCwd) ? absolute : fromCwd;
  };
  const add = (absolute: string, file: string, explicit: boolean, origin: number, searchRoot?: string) => {
    const key = realPath(absolute);
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push({ file, absolute, explicit, origin, ...(searchRoot === undefined ? {} : { searchRoot }) });
  };

  specs.forEach(({ pattern, base }, origin) => {
    if (pattern === STDIN) {
      stdin = true;
      return;
    }
    const absolute = resolve(base, pattern);
    let isDirectory: boolean | undefined;
    try {
      isDirectory = statSync(absolute).isDirectory();
    } catch (error) {
      if (!isGlob(pattern)) {
        problems.push({ file: pattern, message: `the file cannot be read: ${describeErrno(error as NodeJS.ErrnoException)}` });
        return;
      }
    }
    if (isDirectory === false) return add(absolute, display(absolute, base, pattern, ''), true, origin);
    searches.add(origin);
    if (isDirectory) {
      const searchRoot = realPath(absolute);
      for (const found of search(absolute, problems, display(absolute, base, pattern, ''))) {
        add(found, display(found, base, pattern, relative(absolute, found)), false, origin, searchRoot);
      }
      return;
    }
    const { base: staticPart, rest } = splitGlob(pattern);
    const root = resolve(base, staticPart);
    const matcher = globToRegExp(rest);
    const searchRoot = realPath(root);
    for (const found of search(root, problems, staticPart || '.', true)) {
      const rel = relative(root, found).split(/[\\/]/).join('/');
      if (matcher.test(rel)) add(found, display(found, base, staticPart, relative(root, found)), false, origin, searchRoot);
    }
  });
  return { candidates, problems, stdin, searches };
}

export function realPath(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** Files under `root`, sorted, following the rules in this file's header. */
function search(root: string, problems: InputProblem[], shown: string, anyFile = false): string[] {
  const files: string[] = [];
  const visit = (dir: string, shownDir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' || dir !== root) problems.push({ file: shownDir, message: `the directory cannot be read: ${describeErrno(error as NodeJS.ErrnoException)}` });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const assembly = entries.some((e) => e.name === 'cdk.out' && !e.isDirectory()) && entries.some((e) => e.name === 'manifest.json');
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) {
        if (!assembly || entry.name.startsWith('assembly-')) visit(path, join(shownDir, entry.name));
        continue;
      }
      const wanted = assembly ? entry.name.endsWith('.template.json') : anyFile || entry.name.endsWith('.json');
      if (wanted && (entry.isFile() || (entry.isSymbolicLink() && isFile(path)))) files.push(path);
    }
  };
  visit(root, shown);
  return files;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
