/**
 * `skewguard lint`: settings from the flags and the project config, inputs expanded, each file
 * read, linted (and fixed, with --fix) and reported as soon as it is done, so memory holds one
 * file's result at a time. Exit codes: 0 clean, 1 findings (or too many warnings), 2 anything
 * that kept a file from being linted or the report from being written.
 */
import { closeSync, createWriteStream, fstatSync, openSync, statSync, type WriteStream } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LintOptions, Severity } from '../../index';
import { DEFAULT_RULE_QUOTA } from '../../internal';
import { choice, colorFlag, LINT_FORMATS, UsageError, type ParsedArgs } from '../args';
import { cdkWaiverProblems } from '../cdk-waivers';
import {
  CONFIG_FILE,
  configInUse,
  findConfig,
  LINT_DEFAULTS,
  lintOptionsOf,
  loadConfig,
  shadowedConfig,
  type FlagSettings,
  type ProjectConfig,
  type ShadowedConfig,
} from '../config';
import { CommandError } from '../errors';
import type { WrittenFile } from '../fix-written';
import {
  expandInputs,
  linkedDirectoryNote,
  NOT_SEARCHED,
  realPath,
  STDIN,
  unlistedNote,
  type Candidate,
  type InputSpec,
  type LinkedDirectory,
} from '../inputs';
import { warn, warnLines, type Io } from '../io';
import type { LocatedJson } from '../json-locations';
import {
  failedInput,
  INVALID_JSON,
  isJsonWithComments,
  isYaml,
  lintParsed,
  looksLikeYamlTemplate,
  mentionsDesign,
  nearMissInput,
  noTableError,
  parseInput,
  skippedInput,
  sourceKind,
  YAML_NOT_READ,
  type FileResult,
  type InputNote,
} from '../lint-files';
import { describeErrno, ReportOutput, type OutputStream } from '../output';
import { pathInside } from '../path-inside';
import { placeText, problemText } from '../place';
import { readInputFile, readInputStream, type ReadResult } from '../read-input';
import { EXIT, exitCode, grouped, Tally, type Reporter, type ReportSettings, type UnusedAcknowledgementLevel } from '../report';
import { textReporter } from '../report-text';
import { documentationUrl } from '../rule-docs';
import { AssemblyRuleCount } from '../rule-quota-count';
import { RULE_QUOTA_FLAG, RULE_QUOTA_RULE } from '../rule-quota-rule';
import type { Say } from '../safe-write';
import { settleScopeAcknowledgements } from '../scope-acknowledgements';
import { COLORS, NO_COLORS, useColor } from '../terminal';

const STDIN_NAME = '<stdin>';

export type Format = (typeof LINT_FORMATS)[number];

export async function reporterFor(format: Format, settings: ReportSettings): Promise<Reporter> {
  // Only the chosen format is loaded: the CLI's cold start stays near a bare `node`.
  if (format === 'json') return (await import('../report-json')).jsonReporter(settings);
  if (format === 'sarif') return (await import('../report-sarif')).sarifReporter(settings);
  if (format === 'github') return (await import('../report-github')).githubReporter(settings);
  return textReporter(settings);
}

export function count(value: string | true | undefined, option: string): number | undefined {
  if (value === undefined || value === true) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${option} must be a whole number ≥ 0, got "${value}"`, 'lint');
  return Number(value);
}

/** The config in use, and the one it hides when it was found beside another (skewguard.config.json wins over package.json). */
export function configFor(args: ParsedArgs, io: Io, command: 'lint' | 'observe'): { config?: ProjectConfig; shadowed?: ShadowedConfig } {
  const { config, 'no-config': noConfig } = args.values;
  if (config !== undefined && noConfig) throw new UsageError('--config and --no-config contradict each other', command);
  if (noConfig) return {};
  if (typeof config === 'string') return { config: loadConfig(resolve(io.cwd, config)) }; // named: the user chose it
  const file = findConfig(io.cwd);
  if (file === undefined) return {};
  const shadowed = shadowedConfig(file);
  return { config: loadConfig(file), ...(shadowed ? { shadowed } : {}) };
}

/** The note on a package.json config that the skewguard.config.json beside it hides: its settings are not applied. */
export function shadowedNote({ file, place }: ShadowedConfig, cwd: string): FileResult {
  const shown = pathInside(cwd, file) ?? file;
  const used = join(dirname(shown), CONFIG_FILE);
  return skippedInput(
    shown,
    `its "skewguard" config is not used: ${used} in the same directory is, and wins over it, so none of this one's settings apply; keep one config: move what it sets into ${used} and remove the "skewguard" key`,
    place,
  );
}

/** Device and inode of what `path` names (following links), or undefined when it does not exist. */
function identity(path: string): { dev: number; ino: number } | undefined {
  try {
    const { dev, ino } = statSync(path);
    return { dev, ino };
  } catch {
    return undefined;
  }
}

export interface OpenedOutput {
  readonly output: ReportOutput;
  readonly stream: OutputStream;
  /** The `-o` file is the process's standard error (`-o /dev/stderr`), which the report is then written to. */
  readonly toStderr?: boolean;
  close(): Promise<void>;
}

/**
 * The standard stream `path` is the same file as (its device and inode those of fd 1 or 2), when the CLI owns its
 * process: `-o /dev/stderr 2>err.log` opened for writing would empty err.log, losing what stderr held, and the lines
 * stderr writes after it would land at their own offset, over the report.
 */
function standardStreamAt(path: string, io: Io): 'stdout' | 'stderr' | undefined {
  if (!io.ownsProcess) return undefined; // in-process, fds 1 and 2 are the host's, not the io's streams
  const target = identity(path);
  if (!target) return undefined;
  for (const [fd, name] of [
    [1, 'stdout'],
    [2, 'stderr'],
  ] as const) {
    try {
      const { dev, ino } = fstatSync(fd);
      if (dev === target.dev && ino === target.ino) return name;
    } catch {
      // not open
    }
  }
  return undefined;
}

export function openOutput(file: string | undefined, io: Io, inputs: readonly Candidate[]): OpenedOutput {
  if (file === undefined) return { output: new ReportOutput(io.stdout, 'standard output'), stream: io.stdout, close: async () => {} };
  const path = resolve(io.cwd, file);
  // The same file under another name (a hard link, a symbolic link, `./x` for `x`) is the same inode:
  // opening it for writing would empty a design before it is read.
  const output = identity(path);
  const clash =
    output &&
    inputs.find((c) => {
      const input = identity(c.absolute);
      return input?.dev === output.dev && input.ino === output.ino;
    });
  if (clash)
    throw new UsageError(
      `--output-file ${file} is ${clash.file === file ? 'one of the files to lint' : `the same file as the input ${clash.file}`}: it would be overwritten`,
      'lint',
    );
  // The same file as standard output or error: written through that stream, where it is, never truncated.
  const standard = standardStreamAt(path, io);
  if (standard === 'stdout') return { output: new ReportOutput(io.stdout, `${file} (standard output)`), stream: io.stdout, close: async () => {} };
  if (standard === 'stderr')
    return { output: new ReportOutput(io.stderr, `${file} (standard error)`), stream: io.stderr, toStderr: true, close: async () => {} };
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (error) {
    throw new CommandError(`--output-file ${file} cannot be written: ${describeErrno(error as NodeJS.ErrnoException)}`);
  }
  let stream: WriteStream;
  try {
    stream = createWriteStream('', { fd });
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return {
    output: new ReportOutput(stream, file),
    stream,
    close: () =>
      new Promise<void>((done) => {
        stream.once('close', () => done());
        stream.end();
      }),
  };
}

interface LintSettings {
  readonly format: Format;
  readonly config?: ProjectConfig;
  /** A config in the same directory that `config` hides. */
  readonly shadowed?: ShadowedConfig;
  /** What the flags set, over the config's settings. */
  readonly flags: FlagSettings;
  readonly failOn: Severity;
  readonly maxWarnings?: number;
  readonly unused: UnusedAcknowledgementLevel;
  readonly fix: boolean;
  /** Name each file a search passed over, not only their count per search (`--verbose`). */
  readonly verbose: boolean;
  readonly specs: readonly InputSpec[];
  /** The Contributor Insights rule quota the templates of cloud assemblies are counted against. */
  readonly ruleQuota: number;
}

/** Flags over the config over the defaults; usage errors for what contradicts itself. */
function settingsOf(args: ParsedArgs, io: Io): LintSettings {
  const v = args.values;
  const format = choice(v.format, LINT_FORMATS, 'format') ?? 'text';
  const { config, shadowed } = configFor(args, io, 'lint');
  const flags: FlagSettings = {
    failOn: choice(v['fail-on'], ['error', 'warning'] as const, 'fail-on'),
    maxWarnings: count(v['max-warnings'], 'max-warnings'),
    reportUnusedAcknowledgements: choice(v['report-unused-acknowledgements'], ['error', 'warning', 'off'] as const, 'report-unused-acknowledgements'),
    contributorInsightsRuleQuota: count(v[RULE_QUOTA_FLAG], RULE_QUOTA_FLAG),
  };
  const failOn = flags.failOn ?? config?.failOn ?? LINT_DEFAULTS.failOn;
  const maxWarnings = flags.maxWarnings ?? config?.maxWarnings;
  const unused = flags.reportUnusedAcknowledgements ?? config?.reportUnusedAcknowledgements ?? LINT_DEFAULTS.reportUnusedAcknowledgements;
  colorFlag(v, 'lint');
  const fix = v.fix === true;
  const specs: InputSpec[] =
    args.positionals.length > 0
      ? args.positionals.map((pattern) => ({ pattern, base: io.cwd }))
      : (config?.designs ?? []).map((pattern) => ({ pattern, base: config?.dir ?? io.cwd }));
  if (specs.length === 0) {
    throw new UsageError(
      config
        ? `lint needs a design file, directory or glob: give one, or list them under "designs" in ${config.file}`
        : 'lint needs a design file, directory or glob (or - for standard input), or a skewguard.config.json with "designs"',
      'lint',
    );
  }
  if (fix && specs.some((s) => s.pattern === STDIN)) throw new UsageError('--fix cannot fix standard input: name the design file instead', 'lint');
  const ruleQuota = flags.contributorInsightsRuleQuota ?? config?.contributorInsightsRuleQuota ?? DEFAULT_RULE_QUOTA;
  if (ruleQuota < 1) throw new UsageError(`--${RULE_QUOTA_FLAG} must be a whole number ≥ 1 (the quota AWS granted), got "${ruleQuota}"`, 'lint');
  return { format, config, shadowed, flags, failOn, maxWarnings, unused, fix, verbose: v.verbose === true, specs, ruleQuota };
}

export async function lintCommand(args: ParsedArgs, io: Io, version: string): Promise<number> {
  const v = args.values;
  const { format, config, shadowed, flags, failOn, maxWarnings, unused, fix, verbose, specs, ruleQuota } = settingsOf(args, io);
  // One count over the run: every cloud assembly given is an app deployed to the same accounts and Regions.
  const ruleCount = new AssemblyRuleCount(ruleQuota);
  for (const note of config?.notes ?? []) warn(io, `skewguard: note: ${note}`);
  const docsUrl = documentationUrl(io.env);
  const expansion = expandInputs(specs, io.cwd);
  const { output, stream, toStderr, close } = openOutput(typeof v['output-file'] === 'string' ? v['output-file'] : undefined, io, expansion.candidates);
  const color = useColor(io.env, stream.isTTY, colorFlag(v, 'lint'));
  const settings: ReportSettings = {
    version,
    cwd: io.cwd,
    palette: color ? COLORS : NO_COLORS,
    quiet: v.quiet === true,
    unusedAcknowledgements: unused,
    failOn,
    maxWarnings,
    config: configInUse(config, io.cwd, flags),
    docsUrl,
    extraRules: [RULE_QUOTA_RULE],
  };
  const reporter = await reporterFor(format, settings);
  const tally = new Tally(settings);
  // Input errors also go to stderr when the report is not text on the terminal's stdout.
  // Not when the report itself goes to stderr (`-o /dev/stderr`): each error would be there twice, inside a JSON report too.
  const echoErrors = !toStderr && (format === 'json' || format === 'sarif' || v['output-file'] !== undefined);
  const options = lintOptionsOf(config);

  const emit = async (result: FileResult) => {
    tally.add(result);
    for (const chunk of reporter.file(result)) {
      if (output.closed) return; // the reader is gone: formatting the rest of a large file's report would be wasted
      await output.write(chunk);
    }
    if (echoErrors) for (const e of result.errors) warn(io, `${placeText(result.file, e)}: ${problemText(e)}`);
  };

  // From the first template holding a copy of a scope's Validations.acknowledge(), reports wait for the
  // end of the run (in order): whether that waiver is stale depends on every template under the scope.
  const held: FileResult[] = [];
  const report = async (result: FileResult) => {
    if (held.length > 0 || result.scopeAcknowledgements?.length) held.push(result);
    else await emit(result);
  };

  for (const chunk of reporter.header()) await output.write(chunk);
  if (shadowed) await report(shadowedNote(shadowed, io.cwd));
  for (const problem of expansion.problems) await report(failedInput(problem.file, problem.message));
  const found = new Set<number>();
  // Searches that found templates, none with a table: they checked nothing, so they fail as a search that found nothing.
  const tableless = new Set<number>();
  // The files --fix wrote: said when the report is lost (a full disk), since the report was where they were named.
  const written: WrittenFile[] = [];
  // A signal that came while --fix wrote a file is answered between files, once the write is whole (lib/cli/safe-write.ts).
  const signals: Say | undefined = fix && io.ownsProcess ? (lines) => warnLines(io, lines) : undefined;
  // Files a search found that hold no design or template, by the search that found them: counted in one note per search
  // (a repository root may hold thousands: the count and the first few names are kept, not every name).
  const passedOver = new Map<number, PassedOverCount>();
  if (expansion.stdin) {
    const read = io.stdin ? await readInputStream(io.stdin) : { error: 'is not available' };
    await report(lintRead(STDIN_NAME, read, options, 'standard input'));
  }
  for (const candidate of expansion.candidates) {
    if (output.closed) break;
    const result = await lintCandidate(candidate, options, fix ? failOn : undefined, ruleCount, signals);
    if ('fixes' in result && result.fixes && result.fixes.length > 0) written.push({ file: result.file, fixes: result.fixes });
    if (signals) await new Promise((resolve) => setImmediate(resolve));
    if ('passedOver' in result) {
      if (verbose) await report(skippedInput(candidate.file, `not linted: ${result.passedOver}`));
      else countPassedOver(passedOver, candidate);
      continue;
    }
    if (!result.skipped && !result.noTable) found.add(candidate.origin);
    else if (result.noTable) tableless.add(candidate.origin);
    await report(result);
  }
  for (const link of expansion.linkedDirectories) await report(skippedInput(link.file, linkedDirectoryNote(link, 'lint')));
  for (const left of expansion.unlisted) await report(skippedInput(left.file, unlistedNote(left, 'lint')));
  for (const origin of expansion.searches) {
    // The reader went away before every file was linted: a search cut short is no search that found nothing.
    if (output.closed) break;
    const { pattern } = specs[origin];
    const counted = passedOver.get(origin);
    // A search that could not read a directory said so: "no design file found here" would repeat it, less plainly.
    if (found.has(origin) || expansion.searchesWithProblems.has(origin)) {
      if (counted) await report(skippedInput(pattern, passedOverNote(counted)));
      continue;
    }
    const links = expansion.linkedDirectories.filter((link) => link.origin === origin);
    await report({
      ...failedInput(
        pattern,
        `${tableless.has(origin) ? 'no design file, and no template with a DynamoDB table (only templates without one), ' : 'no design file or template '}found here: a search reads *.json files recursively (dot-directories too, not ${[...NOT_SEARCHED].join(', ')}) and lints those with "tables", "containers", "external" or "Resources" at the top level${notFollowed(links)}`,
      ),
      notes: counted ? [{ path: '', message: passedOverNote(counted) }] : [],
    });
  }
  for (const result of settleScopeAcknowledgements(held)) {
    if (output.closed) break;
    await emit(result);
  }
  const outcome = tally.outcome();
  for (const chunk of reporter.footer(outcome)) await output.write(chunk);
  await output.flush();
  await close();
  // The reader went away before the report was whole (`skewguard lint … | head -1`): the run stopped
  // where it was, so neither 0 nor 1 would be a verdict. 141 is what the shell reports for git, or any
  // tool killed by SIGPIPE (git's t0005-signals.sh: "git dies with SIGPIPE"); Node ignores SIGPIPE,
  // so it is returned as a code, silently.
  const code = output.failure ? EXIT.invalid : output.closed ? EXIT.closedPipe : exitCode(outcome);
  // The report named each file --fix wrote and the application changes its fixes need: said here instead when it is
  // lost, to a full disk or to a reader that went away (`--fix | head -1` still wrote the files before it stopped).
  const lost = (output.failure || output.closed) && written.length > 0 ? (await import('../fix-written')).fixesWrittenLines(written) : [];
  if (output.failure) warnLines(io, [`skewguard: ${output.failure}`, ...lost]);
  else if (lost.length > 0) warnLines(io, lost);
  // Every write is done and the report is whole: a signal from now on ends the process with this code (safe-write.ts).
  if (signals) (await import('../safe-write')).settleSignals(code);
  return code;
}

const NAMED_PASSED_OVER = 3;

/** How many files one search passed over, and the first few of them. */
interface PassedOverCount {
  count: number;
  readonly named: string[];
}

function countPassedOver(counts: Map<number, PassedOverCount>, candidate: Candidate): void {
  const counted = counts.get(candidate.origin) ?? { count: 0, named: [] };
  counted.count++;
  if (counted.named.length < NAMED_PASSED_OVER) counted.named.push(candidate.file);
  counts.set(candidate.origin, counted);
}

/** `not linted: 2 files found here hold no design or template: package.json, tsconfig.json (--verbose …)`. */
function passedOverNote({ count, named }: PassedOverCount): string {
  const more = count > named.length ? ` and ${grouped(count - named.length)} more` : '';
  const files = count === 1 ? '1 file found here holds' : `${grouped(count)} files found here hold`;
  return `not linted: ${files} no design or template: ${named.join(', ')}${more} (--verbose names each)`;
}

/** `; it did not follow the symbolic links to directories proj/designs (→ /shared/designs): name one to lint it`, or nothing. */
function notFollowed(links: readonly LinkedDirectory[]): string {
  if (links.length === 0) return '';
  const named = links.slice(0, NAMED_PASSED_OVER).map((link) => `${link.file} (→ ${link.target})`);
  const more = links.length > named.length ? ` and ${grouped(links.length - named.length)} more` : '';
  const which = links.length === 1 ? 'the symbolic link to a directory' : 'the symbolic links to directories';
  return `; it did not follow ${which} ${named.join(', ')}${more}: name ${links.length === 1 ? 'it' : 'one'} to lint it`;
}

/** A file a search found that is no design or template, and what it is instead: counted, not linted. */
interface PassedOver {
  readonly passedOver: string;
}

const NOT_A_DESIGN = 'no design or template at its top level (a design has "tables", "containers" or "external", a template "Resources")';

function lintRead(file: string, read: ReadResult, options: LintOptions, subject = 'the file'): FileResult {
  if (read.error !== undefined) return failedInput(file, `${subject} ${read.error}`);
  const parsed = parseInput(file, read.text, subject);
  if (parsed.error) return parsed.error;
  // Standard input is named on the command line, as a file is: a template without a table there is an error too.
  return (sourceKind(parsed.located.value) === 'template' && noTableError(file, parsed.located)) || lintParsed(file, parsed.located, options);
}

/** Lints one candidate, or says what a file a search found is when it is no design or template.
 *  A failure inside skewguard on one file is reported for that file; the others are still linted.
 *  `fix`: under --fix, the run's --fail-on (fixes below it that need an application change are not written). */
async function lintCandidate(
  candidate: Candidate,
  options: LintOptions,
  fix: Severity | undefined,
  ruleCount: AssemblyRuleCount,
  signals?: Say,
): Promise<FileResult | PassedOver> {
  try {
    return await lintOrFix(candidate, options, fix, ruleCount, signals);
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return failedInput(candidate.file, `skewguard failed on this file (internal error: ${detail}); the file is unchanged; please report it with the file`);
  }
}

async function lintOrFix(
  candidate: Candidate,
  options: LintOptions,
  fix: Severity | undefined,
  ruleCount: AssemblyRuleCount,
  signals: Say | undefined,
): Promise<FileResult | PassedOver> {
  const { file, explicit } = candidate;
  // A pipe or FIFO would block the run until something writes to it, and a fix could not be written back.
  const notRegular = fix ? fileType(candidate.absolute) : undefined;
  if (notRegular) return failedInput(file, `is ${notRegular}, not a regular file: --fix writes regular files only (lint it without --fix)`);
  const read = readInputFile(candidate.absolute);
  if (read.error !== undefined) return lintRead(file, read, options);
  // A YAML CloudFormation template found by a search is named, not passed over; other YAML is not ours.
  if (!explicit && isYaml(file, ''))
    return looksLikeYamlTemplate(read.text)
      ? skippedInput(file, `not linted: it ${YAML_NOT_READ}`)
      : { passedOver: 'YAML that is not a CloudFormation template' };
  // An empty file found by a search may be a design that lost its content: named, not passed over.
  if (!explicit && read.text.trim() === '') return skippedInput(file, 'not linted: the file is empty');
  const parsed = parseInput(file, read.text);
  if (parsed.error) {
    if (explicit || file.endsWith('.template.json') || mentionsDesign(read.text)) return parsed.error;
    return isJsonWithComments(read.text) ? { passedOver: `JSON with comments and ${NOT_A_DESIGN}` } : notJsonNote(parsed.error);
  }
  const kind = sourceKind(parsed.located.value);
  if (!kind && !explicit) return nearMissInput(file, parsed.located) ?? { passedOver: `JSON with ${NOT_A_DESIGN}` };
  if (kind === 'template') {
    const empty = noTableError(file, parsed.located);
    if (empty && explicit) return empty;
    const result = { ...lintParsed(file, parsed.located, options, kind), ...(empty && { noTable: true }) };
    const waivers = candidate.cdkMetadata ? cdkWaiverProblems(candidate.cdkMetadata) : { errors: [], notes: [] };
    const notes = [...result.notes, ...forEachNotes(parsed.located), ...waivers.notes];
    if (fix) notes.push({ path: '', message: 'not fixed: --fix changes design files only; change the construct or template source instead' });
    const quota = candidate.cdkEnvironment === undefined ? [] : ruleCount.findingsOf(file, parsed.located, candidate.cdkEnvironment);
    return { ...result, findings: [...result.findings, ...quota], errors: [...result.errors, ...waivers.errors], notes };
  }
  if (!fix) return lintParsed(file, parsed.located, options, kind ?? 'design');
  return fixFile(candidate, read, options, fix, signals);
}

/**
 * A `*.json` a search found that is not JSON (nor JSON with comments) and names no design field: it may be a design
 * damaged past recognition, so it is named, at its syntax error, as a note (not an error: it may be no design at all).
 */
function notJsonNote(error: FileResult): FileResult {
  const [{ message, line, column }] = error.errors;
  if (!message.startsWith(INVALID_JSON)) return skippedInput(error.file, `not linted: it ${message}`, { line, column }); // YAML
  const syntax = message.slice(INVALID_JSON.length);
  return skippedInput(error.file, `not linted: it is not JSON (${syntax}), so it is no design or template; if it is meant to be one, fix it`, { line, column });
}

/**
 * Resources generated by `Fn::ForEach` (the AWS::LanguageExtensions transform) exist only after
 * CloudFormation expands the loop: the tables they make are not checked, and the report says so.
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/intrinsic-function-reference-foreach.html
 */
function forEachNotes(located: LocatedJson): InputNote[] {
  const resources = (located.value as { Resources?: object }).Resources;
  if (typeof resources !== 'object' || resources === null) return [];
  return Object.keys(resources)
    .filter((key) => key.startsWith('Fn::ForEach::'))
    .map((key) => {
      const path = `Resources.${key}`;
      return {
        path,
        message:
          'not checked: the resources Fn::ForEach makes exist only once CloudFormation expands the loop; write the tables out (or lint the design they come from) to have them checked',
        ...located.positionOf(path),
      };
    });
}

/** `a FIFO`, `a socket`, …: what a path is when it is not a regular file (undefined for a regular file or a missing one). */
function fileType(path: string): string | undefined {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return undefined; // reported by the read
  }
  if (stat.isFile()) return undefined;
  if (stat.isFIFO()) return 'a pipe or FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isDirectory()) return 'a directory';
  return 'a device';
}

/** Where --fix (or observe's --update) would write `candidate`: its real path, or why it must not (a link out of the searched tree). */
export function fixTarget(candidate: Candidate, option = '--fix'): { target: string; refused?: undefined } | { refused: string } {
  const target = realPath(candidate.absolute);
  if (candidate.searchRoot !== undefined) {
    if (pathInside(candidate.searchRoot, target) === undefined) {
      return {
        refused: `it is a symbolic link to ${target}, outside the searched directory ${candidate.searchRoot}: ${option} does not write outside the tree it searches (name the file itself to write it)`,
      };
    }
  }
  return { target };
}

/** `failOn`: the run's `--fail-on`, below which --fix writes no fix that needs an application change (fix.ts);
 *  `signals`: the run owns its process, and a signal during the write ends it once the write is whole (safe-write.ts). */
async function fixFile(
  candidate: Candidate,
  read: Extract<ReadResult, { text: string }>,
  options: LintOptions,
  failOn: Severity,
  signals: Say | undefined,
): Promise<FileResult> {
  const { fixDesignText, MAX_FIX_ROUNDS, skippedOnDisk } = await import('../fix'); // loaded only for --fix
  const { applicationChange, KEPT_CARDINALITY, shardingsSet } = await import('../fix-consequences');
  const { noteFixes, replaceFile, WriteRefused } = await import('../safe-write');
  const original = read.text;
  const { text: fixed, fixes, skipped, stoppedWith } = fixDesignText(original, options, failOn);
  const where = fixTarget(candidate);
  let refusal = fixes.length > 0 ? where.refused : undefined;
  if (fixes.length > 0 && where.refused === undefined) {
    try {
      if (!read.snapshot) throw new WriteRefused('it is not a regular file');
      replaceFile(where.target, read.bom ? `\ufeff${fixed}` : fixed, read.snapshot, signals, candidate.file);
    } catch (error) {
      if (!(error instanceof WriteRefused)) throw error;
      refusal = error.message;
    }
  }
  // When the fixes were not written, the report is the file as it was read: where another writer changed it meanwhile,
  // what is on disk now may be half-saved, and the next run lints it as it then stands (docs/cli.md).
  const written = fixes.length > 0 && refusal === undefined;
  const text = written ? fixed : original;
  const parsed = parseInput(candidate.file, text);
  const result = parsed.error ?? lintParsed(candidate.file, parsed.located, options, 'design');
  const at = (path: string) => parsed.located?.positionOf(path) ?? {};
  // Unwritten, the notes are of the file as it is, as the findings are.
  const held = written || fixes.length === 0 ? skipped : skippedOnDisk(skipped, result.findings, failOn);
  const notes = [
    ...held.map((s) => ({ path: s.path, message: `${s.ruleId} not fixed: ${s.message}`, ...at(s.path), ruleId: s.ruleId })),
    ...(stoppedWith === undefined
      ? []
      : [
          {
            path: '',
            message: `--fix stopped after ${MAX_FIX_ROUNDS} rounds with ${stoppedWith} fixable finding${stoppedWith === 1 ? '' : 's'} left: run it again`,
          },
        ]),
  ];
  const errors =
    refusal === undefined
      ? []
      : [
          {
            path: '',
            message: `${fixes.length === 1 ? 'the fix was' : `the ${grouped(fixes.length)} fixes were`} not written, and the file is unchanged: ${refusal}`,
          },
        ];
  const before = parseInput(candidate.file, original).located?.value;
  const applied = written
    ? fixes.map((f) => {
        const changes = [...new Set(f.edits.map((edit) => applicationChange(edit, before)).filter((c): c is string => c !== undefined))];
        return changes.length > 0 ? { ...f, applicationChanges: changes } : f;
      })
    : [];
  if (written) noteFixes(candidate.file, applied); // named with their application changes if a signal ends the run
  // A sharded key's unchanged cardinality reads as stale after --fix writes the shards: say it is kept, and
  // why, once per file (at its first sharding; 300 fixed tables need it said once).
  const [sharded, ...more] = written ? shardingsSet(fixes.flatMap((f) => f.edits)) : [];
  const others = more.length > 0 ? ` (this and ${more.length} more sharding${more.length === 1 ? '' : 's'})` : '';
  const kept = sharded === undefined ? [] : [{ path: sharded, message: `${KEPT_CARDINALITY}${others}`, ...at(sharded) }];
  return {
    ...result,
    errors: [...result.errors, ...errors],
    fixes: applied,
    notes: [...result.notes, ...notes, ...kept],
    ...(refusal === undefined ? {} : { fixesNotWritten: true }),
  };
}
