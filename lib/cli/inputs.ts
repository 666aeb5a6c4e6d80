/**
 * What `skewguard lint` reads: the files, directories and globs given on the command line (or the
 * config's `designs`), expanded to candidate files, each once.
 *
 * - A file named directly is always linted.
 * - A directory is searched recursively for `*.json`, `*.jsonc` and `*.json5` in any case (a design saved as
 *   `Ledger.JSON` is still one; what is not JSON is named) and `*.yaml` (to say that YAML templates are not read), skipping `node_modules` and version control's directories
 *   (`.git`…: `NOT_SEARCHED`); other dot-directories (`.azure/`) are searched. Symbolic links to directories are not
 *   followed (no cycles, nothing read outside the tree searched) but named, with where they lead,
 *   since one may hold designs, unless the search visits where they lead itself (a link to a directory
 *   of the tree: its files are read through their real path); a symbolic link that leads nowhere, loops
 *   or reaches a device, and a FIFO, socket or device found itself, is reported, not read. In a CDK
 *   cloud assembly (a directory holding a `cdk.out` marker file and `manifest.json`) only the templates its manifest
 *   lists are read (stacks' `templateFile`, and the nested stack templates its asset manifests list), in it and in the
 *   stage assemblies it lists (`directoryName`): the CDK CLI leaves the templates of a removed or renamed stack behind,
 *   and linting them would fail CI over a stack that no longer exists. Those it does not list (`*.template.json`,
 *   `assembly-*`) are named as skipped (`unlisted`), never passed over unsaid. A manifest that cannot be read leaves
 *   the names to decide (`*.template.json`, `assembly-*`). The `asset.*` directories are skipped.
 * - Files found by a search or a glob are linted only when their content is a design or a
 *   template (decided by `sourceKind` once read), so `package.json` and `tsconfig.json` are skipped.
 */
import { readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { CdkMetadataSource } from './cdk-waivers';
import { globCouldMatchBelow, globMatchesOrContains, globToRegExp, isGlob, splitGlob } from './glob';
import { describeErrno } from './output';
import { readInputFile } from './read-input';

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
  /** For a template of a CDK cloud assembly: where its stack's construct metadata is (its `Validations.acknowledge()` waivers). */
  readonly cdkMetadata?: CdkMetadataSource;
  /** For a template its cloud assembly's manifest lists: the stack's environment (`aws://111111111111/eu-west-1`,
   *  `aws://unknown-account/unknown-region` when left to deploy time), where its Contributor Insights rules count. */
  readonly cdkEnvironment?: string;
}

export interface InputProblem {
  readonly file: string;
  /** A sentence: `the directory cannot be read: permission denied (EACCES)`. */
  readonly message: string;
}

/** A symbolic link to a directory that a search found and did not follow. */
export interface LinkedDirectory {
  /** The link, as reports name it. */
  readonly file: string;
  /** The real path of the directory it leads to. */
  readonly target: string;
  /** Index of the InputSpec whose search found it. */
  readonly origin: number;
}

export interface Expansion {
  readonly candidates: readonly Candidate[];
  readonly problems: readonly InputProblem[];
  /** `-` was given: read standard input (once, whatever the count). */
  readonly stdin: boolean;
  /** Specs that named a directory or glob (they must yield at least one design file). */
  readonly searches: ReadonlySet<number>;
  /** Searches that reported a problem in `problems` (a directory, or a file they found, that cannot be read): what they
   *  did not find may be behind it, so they are not also reported as finding nothing. */
  readonly searchesWithProblems: ReadonlySet<number>;
  /** Symbolic links to directories the searches did not follow, in the order found. */
  readonly linkedDirectories: readonly LinkedDirectory[];
  /** Templates and stage directories of a cloud assembly that its manifest does not list, in the order found. */
  readonly unlisted: readonly UnlistedInAssembly[];
}

/** A template or stage directory a cloud assembly holds but its manifest no longer lists (left by an earlier synth). */
export interface UnlistedInAssembly {
  /** As reports name it. */
  readonly file: string;
  readonly directory: boolean;
  /** Index of the InputSpec whose search found it. */
  readonly origin: number;
}

/** The note for a template or stage directory of a cloud assembly its manifest does not list, as `lint` and `observe` (`verb`) report it. */
export function unlistedNote({ file, directory }: UnlistedInAssembly, verb: 'lint' | 'observe'): string {
  const what = directory ? 'a stage assembly' : 'a template';
  return `not ${verb === 'lint' ? 'linted' : 'read'}: ${what} its cloud assembly's manifest.json does not list (the CDK CLI leaves those of a removed or renamed stack or stage behind); name ${file} to ${verb} it anyway, or delete cdk.out/ before \`cdk synth\``;
}

export const STDIN = '-';

/** The note for a symbolic link to a directory a search did not follow, as `lint` and `observe` (`verb`) report it. */
export function linkedDirectoryNote({ file, target }: LinkedDirectory, verb: 'lint' | 'observe'): string {
  return `not searched: a symbolic link to the directory ${target}; a search does not follow links to directories (no cycles, nothing read outside the tree it searches): name ${file} to ${verb} what it holds`;
}

export function expandInputs(specs: readonly InputSpec[], cwd: string): Expansion {
  const candidates: Candidate[] = [];
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  const searches = new Set<number>();
  const searchesWithProblems = new Set<number>();
  const linkedDirectories: LinkedDirectory[] = [];
  const unlisted: UnlistedInAssembly[] = [];
  let stdin = false;

  /** As typed on the command line (and below it); config paths relative to the cwd. */
  const display = (absolute: string, base: string, pattern: string, rel: string) => {
    if (base === cwd) return rel === '' ? pattern : join(pattern, rel);
    const fromCwd = relative(cwd, absolute);
    return isAbsolute(fromCwd) ? absolute : fromCwd;
  };
  const add = (absolute: string, file: string, explicit: boolean, origin: number, searchRoot?: string, stack: StackOfTemplate = {}) => {
    const key = realPath(absolute);
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push({ file, absolute, explicit, origin, ...(searchRoot === undefined ? {} : { searchRoot }), ...stack });
  };

  /** A search of a directory or a glob: the files it finds become candidates, what it cannot read a problem. */
  const searchFrom = (absolute: string, isDirectory: boolean, pattern: string, base: string, origin: number) => {
    if (isDirectory) {
      const searchRoot = realPath(absolute);
      const visited = new Set<string>();
      const files = search(absolute, problems, display(absolute, base, pattern, ''), false, visited);
      for (const found of files) {
        const shown = display(found.path, base, pattern, relative(absolute, found.path));
        // A link to a directory the search read itself: its files are linted through their real path, so nothing is missed.
        if (found.linkedDirectory && visited.has(found.linkedDirectory)) continue;
        if (found.linkedDirectory) linkedDirectories.push({ file: shown, target: found.linkedDirectory, origin });
        else if (found.unlisted) unlisted.push({ file: shown, directory: found.unlisted === 'directory', origin });
        else if (found.problem) problems.push({ file: shown, message: found.problem });
        else add(found.path, shown, false, origin, searchRoot, found.stack);
      }
      return;
    }
    const { base: staticPart, rest } = splitGlob(pattern);
    const root = resolve(base, staticPart);
    const matcher = globToRegExp(rest);
    const searchRoot = realPath(root);
    for (const found of search(root, problems, staticPart || '.', true)) {
      const rel = relative(root, found.path).split(/[\\/]/).join('/');
      const shown = display(found.path, base, staticPart, relative(root, found.path));
      const match = globMatchesOrContains(matcher, rel);
      if (found.linkedDirectory) {
        if (match.self || match.directory || globCouldMatchBelow(rest, rel)) linkedDirectories.push({ file: shown, target: found.linkedDirectory, origin });
        continue;
      }
      if (found.unlisted) {
        if (match.self || match.directory || (found.unlisted === 'directory' && globCouldMatchBelow(rest, rel)))
          unlisted.push({ file: shown, directory: found.unlisted === 'directory', origin });
        continue;
      }
      // Below a directory the glob names, only what a search of that directory would read: design files, templates.
      if (!match.self && !(match.directory && DESIGN_FILE.test(found.path))) continue;
      if (found.problem) problems.push({ file: shown, message: found.problem });
      else add(found.path, shown, false, origin, searchRoot, found.stack);
    }
  };

  specs.forEach(({ pattern, base }, origin) => {
    if (pattern === STDIN) {
      stdin = true;
      return;
    }
    const absolute = resolve(base, pattern);
    let isDirectory: boolean | undefined;
    try {
      const stat = statSync(absolute);
      isDirectory = stat.isDirectory();
      const refused = isDirectory ? undefined : notReadWhenNamed(stat, absolute);
      if (refused) {
        problems.push({ file: display(absolute, base, pattern, ''), message: refused });
        return;
      }
    } catch (error) {
      if (!isGlob(pattern)) {
        problems.push({ file: pattern, message: `the file cannot be read: ${describeErrno(error as NodeJS.ErrnoException)}` });
        return;
      }
    }
    if (isDirectory === false) return add(absolute, display(absolute, base, pattern, ''), true, origin);
    searches.add(origin);
    const problemsBefore = problems.length;
    searchFrom(absolute, isDirectory === true, pattern, base, origin);
    if (problems.length > problemsBefore) searchesWithProblems.add(origin);
  });
  return { candidates, problems, stdin, searches, searchesWithProblems, linkedDirectories, unlisted };
}

export function realPath(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** A file a search found, or a path it could not follow (a broken symbolic link, a link to a device or to a directory). */
interface Found {
  readonly path: string;
  /** For a symbolic link to a directory: the real path it leads to (not followed). */
  readonly linkedDirectory?: string;
  /** Why it cannot be read: reported as a named input's error would be. */
  readonly problem?: string;
  readonly stack?: StackOfTemplate;
  /** A template or stage directory of a cloud assembly its manifest does not list: named as skipped, not read. */
  readonly unlisted?: 'template' | 'directory';
}

/** What a cloud assembly's manifest says of the stack of one of its templates. */
type StackOfTemplate = Pick<Candidate, 'cdkMetadata' | 'cdkEnvironment'>;

/** What a cloud assembly's manifest lists: the templates and stage directories, whatever their names, and for each
 *  template its stack's environment and where it keeps its construct metadata (`additionalMetadataFile`, or inline).
 *  `readable` is false when there is no manifest to go by (it cannot be read or parsed, or has no `artifacts`). */
interface AssemblyListing {
  readonly readable: boolean;
  readonly templates: Set<string>;
  readonly directories: Set<string>;
  readonly stacks: Map<string, StackOfTemplate>;
}

/** A JSON file of the assembly, parsed, or undefined when it cannot be read or parsed. */
function readJson(path: string): unknown {
  const read = readInputFile(path);
  try {
    return read.error === undefined ? JSON.parse(read.text) : undefined;
  } catch {
    return undefined;
  }
}

/** An object's values, or none when it is not an object. */
function valuesOf(value: unknown): unknown[] {
  return typeof value === 'object' && value !== null ? Object.values(value) : [];
}

/**
 * The manifest of a CDK cloud assembly (the cloud-assembly schema's `AssemblyManifest`): stacks are artifacts of type
 * `aws:cloudformation:stack` with `properties.templateFile`, stage assemblies `cdk:cloud-assembly` with
 * `properties.directoryName`, and a nested stack's template is a file asset its stack's asset manifest
 * (`cdk:asset-manifest`, `properties.file`) lists as `files.*.source.path`.
 */
function assemblyListing(dir: string): AssemblyListing {
  const templates = new Set<string>();
  const directories = new Set<string>();
  const stacks = new Map<string, StackOfTemplate>();
  const manifest = readJson(join(dir, 'manifest.json'));
  const artifacts = typeof manifest === 'object' && manifest !== null ? (manifest as { artifacts?: unknown }).artifacts : undefined;
  const readable = typeof artifacts === 'object' && artifacts !== null;
  for (const artifact of valuesOf(artifacts)) {
    const stack = artifact as {
      type?: unknown;
      properties?: { templateFile?: unknown; directoryName?: unknown; file?: unknown };
      additionalMetadataFile?: unknown;
      metadata?: unknown;
      environment?: unknown;
    } | null;
    const properties = stack?.properties;
    if (typeof properties?.templateFile === 'string') {
      templates.add(properties.templateFile);
      const file = stack?.additionalMetadataFile;
      const cdkMetadata: CdkMetadataSource | undefined =
        typeof file === 'string' ? { file: join(dir, file) } : stack?.metadata !== undefined ? { entries: stack.metadata } : undefined;
      const cdkEnvironment = typeof stack?.environment === 'string' ? stack.environment : UNKNOWN_ENVIRONMENT;
      stacks.set(properties.templateFile, { ...(cdkMetadata ? { cdkMetadata } : {}), cdkEnvironment });
    }
    if (typeof properties?.directoryName === 'string') directories.add(properties.directoryName);
    if (stack?.type === 'cdk:asset-manifest' && typeof properties?.file === 'string') {
      for (const asset of valuesOf((readJson(join(dir, properties.file)) as { files?: unknown } | undefined)?.files)) {
        const path = (asset as { source?: { path?: unknown } } | null)?.source?.path;
        if (typeof path === 'string' && path.endsWith('.template.json')) templates.add(path);
      }
    }
  }
  return { readable, templates, directories, stacks };
}

/** The environment of a stack the manifest gives none: CDK's own words for one left to deploy time. */
const UNKNOWN_ENVIRONMENT = 'aws://unknown-account/unknown-region';

const DESIGN_FILE = /\.(?:json[5c]?|ya?ml)$/i;

/**
 * Directories a search never enters: installed packages, and version control's own store, as Prettier skips them
 * ("files in version control systems directories (".git", ".jj", ".sl", ".svn" and ".hg") and node_modules",
 * https://prettier.io/docs/ignore). Other dot-directories are searched, as ESLint and Prettier do: infrastructure often
 * lives in `.azure/`, `.pulumi/` or `.github/`, and a design skipped there would pass CI unchecked.
 */
export const NOT_SEARCHED: ReadonlySet<string> = new Set(['node_modules', '.git', '.hg', '.svn', '.jj', '.sl']);

/**
 * Files under `root`, sorted, following the rules in this file's header; `visited` collects the real path of every
 * directory read (links are not followed, so each is `root`'s real path and the path below it).
 */
function search(root: string, problems: InputProblem[], shown: string, anyFile = false, visited?: Set<string>): Found[] {
  const files: Found[] = [];
  const realRoot = visited ? realPath(root) : root;
  const visit = (dir: string, shownDir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' || dir !== root)
        problems.push({ file: shownDir, message: `the directory cannot be read: ${describeErrno(error as NodeJS.ErrnoException)}` });
      return;
    }
    visited?.add(join(realRoot, relative(root, dir)));
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const assembly = entries.some((e) => e.name === 'cdk.out' && !e.isDirectory()) && entries.some((e) => e.name === 'manifest.json');
    const listed = assembly ? assemblyListing(dir) : undefined;
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (NOT_SEARCHED.has(entry.name)) continue;
      // One stat per symbolic link: null where it leads to a directory, else why it cannot be read (undefined: a file).
      const link = entry.isSymbolicLink() ? brokenLink(path) : undefined;
      const directoryLink = link === null;
      if (entry.isDirectory() || directoryLink) {
        if (listed && !listed.directories.has(entry.name)) {
          // A stage assembly an earlier synth left: said, not read; an asset.* directory: never read.
          if (entry.name.startsWith('assembly-') && listed.readable) files.push({ path, unlisted: 'directory' });
          if (!entry.name.startsWith('assembly-') || listed.readable) continue;
        }
        if (directoryLink) files.push({ path, linkedDirectory: realPath(path) });
        else visit(path, join(shownDir, entry.name));
        continue;
      }
      const template = entry.name.endsWith('.template.json');
      if (listed?.readable && template && !listed.templates.has(entry.name)) {
        files.push({ path, unlisted: 'template' });
        continue;
      }
      const wanted = listed ? template || listed.templates.has(entry.name) : anyFile || DESIGN_FILE.test(entry.name);
      if (!wanted) continue;
      const stack = listed?.stacks.get(entry.name);
      if (entry.isFile()) files.push({ path, ...(stack ? { stack } : {}) });
      else if (entry.isSymbolicLink()) files.push(link ? { path, problem: link } : { path });
      // A FIFO, socket or device: reading it could block or never end, and skipping it unsaid would hide a design.
      else files.push({ path, problem: `is ${specialFileType(entry)}, not a regular file: not read` });
    }
  };
  visit(root, shown);
  return files;
}

/**
 * Why a symbolic link found by a search cannot be read (it leads nowhere, loops, or reaches a device), undefined when
 * it leads to a regular file, or null when it leads to a directory (named, not followed).
 */
function brokenLink(path: string): string | undefined | null {
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ELOOP'
      ? 'is a symbolic link that loops (ELOOP): not read'
      : `is a symbolic link that cannot be followed: ${describeErrno(error as NodeJS.ErrnoException)}`;
  }
  if (stat.isDirectory()) return null;
  if (stat.isFile()) return undefined;
  return `is a symbolic link to ${specialFileType(stat)}, not a regular file: not read`;
}

/** Where a shell's process substitution (`<(…)`) names the pipe it opened: bash's and zsh's `/dev/fd/N`, or `/proc/self/fd/N`. */
const OPEN_DESCRIPTOR = /^\/(?:dev\/fd|proc\/(?:self|\d+)\/fd)\//;

/**
 * Why a path named on the command line (or in the config) that is neither a directory nor a regular file is refused
 * before it is opened, or undefined to read it. Opening a FIFO blocks until something writes to it (fifo(7): "opening
 * for reading blocks until another process opens it for writing"), so `lint pipe.json` would hang; a socket or a device
 * is no design either. The one pipe read is process substitution's, which the shell has already connected to a writer.
 */
function notReadWhenNamed(stat: Stats, absolute: string): string | undefined {
  if (stat.isFile() || (stat.isFIFO() && OPEN_DESCRIPTOR.test(absolute))) return undefined;
  return `the file is ${specialFileType(stat)}, not a regular file: not read (reading it could wait forever); give a stream on standard input (\`-\`) instead`;
}

/** What an entry that is neither a regular file, a directory nor a symbolic link is: a device, a FIFO or a socket. */
function specialFileType(entry: Pick<Dirent, 'isCharacterDevice' | 'isBlockDevice' | 'isFIFO'>): string {
  return entry.isCharacterDevice() ? 'a character device' : entry.isBlockDevice() ? 'a block device' : entry.isFIFO() ? 'a pipe or FIFO' : 'a socket';
}
