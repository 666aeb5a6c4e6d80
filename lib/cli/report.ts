/**
 * What every report format shares: which findings are shown (`--quiet`), how stale
 * acknowledgements are reported (`--report-unused-acknowledgements`), the counts, the exit code,
 * and the one-line summary. Each format is a Reporter that turns one file's result at a time into
 * text, so a report is streamed, never built whole.
 */
import type { RuleDescription, Severity, Thresholds } from '../index';
import {
  DEFAULT_RULE_QUOTA,
  grouped,
  loosensText,
  loosensThreshold,
  notJudgedClause,
  raisedQuotasText,
  thresholdText,
  unusedScopeWaiverNote,
  unusedWaiverNote,
  waiverId,
} from '../internal';
import type { ConfigInUse, UnusedAcknowledgementLevel } from './config';
import type { FileResult, LocatedFinding, LocatedUnusedAcknowledgement } from './lint-files';
import { NO_COLORS, printable, type Palette } from './terminal';

export type { UnusedAcknowledgementLevel } from './config';

/** How `lint` reports, from its flags and the config (defaults applied by the lint command). */
export interface ReportSettings {
  /** skewguard's version, for the report's `tool`. */
  readonly version: string;
  /** Paths in SARIF and GitHub annotations are relative to it. */
  readonly cwd: string;
  /** Colors of the text report (NO_COLORS when off). */
  readonly palette: Palette;
  /** Show unacknowledged errors only (`--quiet`); the counts still include everything. */
  readonly quiet: boolean;
  /** How acknowledgements that waive nothing count. @default 'warning' */
  readonly unusedAcknowledgements: UnusedAcknowledgementLevel;
  /** @default 'error' */
  readonly failOn: Severity;
  /** More warnings than this fail the lint. @default - no limit */
  readonly maxWarnings?: number;
  /** The config file the run used, named by every report format. @default - no config file */
  readonly config?: ConfigInUse;
  /** Where docs/ is published, for the links to each rule's documentation (`SKEWGUARD_DOCS_URL`).
   *  @default - the repository's docs path (`DOCUMENTATION_URL`) */
  readonly docsUrl?: string;
  /** Rules a command reports besides the catalogue's (observe's SG020), listed with them in SARIF. @default - none */
  readonly extraRules?: readonly RuleDescription[];
  /** What the command does with an input, as the summary says one failed (`1 input could not be read`). @default 'linted' */
  readonly inputVerb?: string;
}

/** One report format: text for the start, for each file's result as soon as it is linted, and for the end. */
export interface Reporter {
  header(): Iterable<string>;
  file(result: FileResult): Iterable<string>;
  footer(outcome: Outcome): Iterable<string>;
}

/** An acknowledgement that waives nothing, as reported at its configured severity. */
export interface ReportedUnusedAcknowledgement extends LocatedUnusedAcknowledgement {
  readonly severity: Severity;
  readonly message: string;
}

/** The reporting id of a stale acknowledgement (not a design rule, so not an `SG` id). */
export const UNUSED_ACKNOWLEDGEMENT = 'unused-acknowledgement';
/** The SARIF rule of an input that could not be linted (it does not parse, fails validation, cannot be read): a result,
 *  so that code scanning shows it on the file, as well as a notification that the run is incomplete. */
export const INPUT_ERROR = 'input-error';

export function visibleFindings(result: FileResult, settings: ReportSettings): readonly LocatedFinding[] {
  return settings.quiet ? result.findings.filter((f) => f.severity === 'error' && !f.acknowledged) : result.findings;
}

/** What `--quiet` keeps out of one file's report: its warnings (stale acknowledgements reported as warnings among
 *  them) and its acknowledged findings; none of either when the run is not quiet. */
export function hiddenByQuiet(result: FileResult, settings: ReportSettings): { warnings: number; acknowledged: number } {
  if (!settings.quiet) return { warnings: 0, acknowledged: 0 };
  const acknowledged = result.findings.filter((f) => f.acknowledged).length;
  const unusedWarnings = settings.unusedAcknowledgements === 'warning' ? result.unusedAcknowledgements.length : 0;
  const warnings = result.findings.filter((f) => !f.acknowledged && f.severity === 'warning').length + unusedWarnings;
  return { warnings, acknowledged };
}

/**
 * Why one file's warnings alone fail the run, as `--fail-on warning` or `more than --max-warnings 0`, or undefined when
 * they do not (the warnings of several files can together pass --max-warnings: the summary says so).
 */
export function warningsFailingRun(warnings: number, settings: ReportSettings): string | undefined {
  if (warnings === 0) return undefined;
  if (settings.failOn === 'warning') return '--fail-on warning';
  if (settings.maxWarnings !== undefined && warnings > settings.maxWarnings) return `more than --max-warnings ${settings.maxWarnings}`;
  return undefined;
}

export function reportedUnused(result: FileResult, settings: ReportSettings, forDisplay = true): ReportedUnusedAcknowledgement[] {
  const severity = settings.unusedAcknowledgements;
  if (severity === 'off' || (forDisplay && settings.quiet && severity === 'warning')) return [];
  return result.unusedAcknowledgements.map((u) => ({
    ...u,
    severity,
    // Names escaped as in finding messages (lib/lint/messages.ts): every report shows this text as written.
    message: printable(
      u.acknowledgedAt !== undefined
        ? // A scope's waiver, counted once for every table it was copied into: worded as the CDK checks word it.
          unusedScopeWaiverNote(waiverId(u.ruleId, u.appliesTo), u.acknowledgedAt)
        : `the acknowledgement of ${u.ruleId}${u.index ? ` on index ${u.index}` : ''} waives nothing: ${unusedWaiverNote(u)}`,
    ),
  }));
}

export const UNUSED_FIX = 'remove the acknowledgement (or keep it, if the finding is expected later)';

export interface Summary {
  /** Inputs reported: linted files plus invalid ones. */
  readonly files: number;
  /** Inputs that could not be linted (exit code 2). */
  readonly invalidFiles: number;
  /** Files whose fixes `--fix` could not write (exit code 2); they were linted as they are. */
  readonly filesNotFixed: number;
  /** Unacknowledged errors, including stale acknowledgements reported as errors. */
  readonly errors: number;
  /** Unacknowledged warnings, including stale acknowledgements reported as warnings. */
  readonly warnings: number;
  /** Findings waived by an acknowledgement (counted in neither errors nor warnings). */
  readonly acknowledged: number;
  /** Acknowledgements that waive nothing (whatever their reporting level). */
  readonly unusedAcknowledgements: number;
  /** Fixes `--fix` wrote that the application must follow (new shard suffixes, a new key): the run
   *  exits 1, so a CI step cannot pass on `--fix` alone. */
  readonly fixesNeedingApplicationChanges: number;
}

export interface Outcome {
  readonly summary: Summary;
  readonly settings: ReportSettings;
  /** More warnings than `--max-warnings`. */
  readonly tooManyWarnings: boolean;
  /** Inputs that could not be linted whole but gave findings (a template with an invalid waiver): counted among the
   *  files the findings come from, as well as among the inputs that could not be linted. @default 0 */
  readonly partlyLinted?: number;
}

export class Tally {
  private files = 0;
  private invalidFiles = 0;
  private partlyLinted = 0;
  private notFixed = 0;
  private errors = 0;
  private warnings = 0;
  private acknowledged = 0;
  private unused = 0;
  private applicationFixes = 0;

  constructor(private readonly settings: ReportSettings) {}

  add(result: FileResult): void {
    if (result.skipped) return; // a note on a file that was not linted
    this.files++;
    if (result.fixesNotWritten) this.notFixed++;
    else if (result.errors.length > 0) {
      this.invalidFiles++;
      if (result.findings.length > 0 || result.unusedAcknowledgements.length > 0) this.partlyLinted++;
    }
    for (const f of result.findings) {
      if (f.acknowledged) this.acknowledged++;
      else if (f.severity === 'error') this.errors++;
      else this.warnings++;
    }
    this.unused += result.unusedAcknowledgements.length;
    this.applicationFixes += (result.fixes ?? []).filter((f) => (f.applicationChanges?.length ?? 0) > 0).length;
    for (const u of reportedUnused(result, this.settings, false)) {
      if (u.severity === 'error') this.errors++;
      else this.warnings++;
    }
  }

  outcome(): Outcome {
    const summary: Summary = {
      files: this.files,
      invalidFiles: this.invalidFiles,
      filesNotFixed: this.notFixed,
      errors: this.errors,
      warnings: this.warnings,
      acknowledged: this.acknowledged,
      unusedAcknowledgements: this.unused,
      fixesNeedingApplicationChanges: this.applicationFixes,
    };
    const max = this.settings.maxWarnings;
    return { summary, settings: this.settings, tooManyWarnings: max !== undefined && summary.warnings > max, partlyLinted: this.partlyLinted };
  }
}

/**
 * The line that says what a file's rules did not judge, or judged on an assumption, and what to declare so they do:
 * `not judged: the hottest value, taken as uniform (1/50,000,000 of the load) (declare containers[0].workload.hotKeyShare);
 * …`, one clause per thing said alike on several key spaces; undefined where there is none, and under --quiet, which
 * shows errors only (the JSON and SARIF reports still carry them).
 */
export function notJudgedText(result: FileResult, settings: ReportSettings): string | undefined {
  if (settings.quiet || !result.notJudged?.length) return undefined;
  const byWhat = new Map<string, string[]>();
  for (const n of result.notJudged) {
    const fields = byWhat.get(n.what);
    if (fields) fields.push(n.declare);
    else byWhat.set(n.what, [n.declare]);
  }
  return `not judged: ${[...byWhat].map(([what, fields]) => notJudgedClause(what, fields)).join('; ')}`;
}

/** The exit codes (docs/cli.md#exit-codes). closedPipe: 128 + SIGPIPE (13), the shell's code for a tool stopped by a closed pipe. */
export const EXIT = { clean: 0, findings: 1, invalid: 2, closedPipe: 141 } as const;

export function exitCode({ summary, settings, tooManyWarnings }: Outcome): number {
  if (summary.invalidFiles > 0 || summary.filesNotFixed > 0) return EXIT.invalid;
  if (summary.errors > 0 || (settings.failOn === 'warning' && summary.warnings > 0) || tooManyWarnings || summary.fixesNeedingApplicationChanges > 0)
    return EXIT.findings;
  return EXIT.clean;
}

/** Why a run exits 2 rather than 1, for the summary's --fix line. */
function exitReason(s: Summary): string {
  return s.invalidFiles > 0 ? `${plural(s.invalidFiles, 'input')} could not be linted` : `the fixes of ${plural(s.filesNotFixed, 'file')} could not be written`;
}

export { grouped };

export function plural(count: number, word: string): string {
  return `${grouped(count)} ${word}${count === 1 ? '' : 's'}`;
}

/** ` whole (its findings are counted)`, or ` (1 of them in part: its findings are counted)`, or nothing. */
function partlyText(invalid: number, partly: number): string {
  if (partly === 0) return '';
  if (partly === invalid) return ` whole (${invalid === 1 ? 'its findings are' : 'their findings are'} counted)`;
  return ` (${grouped(partly)} of them in part: ${partly === 1 ? 'its findings are' : 'their findings are'} counted)`;
}

/**
 * The config used (`config: skewguard.config.json`), then `2 errors, 1 warning (1 acknowledged) in 5 files`, then what else decides the exit code:
 * invalid inputs (not linted, so not in the counts), too many warnings, hidden warnings.
 */
export function summaryLines({ summary: s, settings, tooManyWarnings, partlyLinted = 0 }: Outcome, c: Palette = NO_COLORS): string[] {
  // A file linted in part is one the counted findings come from: "in 0 files" under its findings would deny them.
  const linted = s.files - s.invalidFiles + partlyLinted;
  const counts = [
    s.errors ? c.red(plural(s.errors, 'error')) : plural(0, 'error'),
    s.warnings ? c.yellow(plural(s.warnings, 'warning')) : plural(0, 'warning'),
  ].join(', ');
  const extras = [
    s.acknowledged ? `${grouped(s.acknowledged)} acknowledged` : '',
    s.unusedAcknowledgements && settings.unusedAcknowledgements !== 'off'
      ? `${plural(s.unusedAcknowledgements, 'unused acknowledgement')} counted as ${s.unusedAcknowledgements === 1 ? `a${settings.unusedAcknowledgements === 'error' ? 'n' : ''} ${settings.unusedAcknowledgements}` : `${settings.unusedAcknowledgements}s`}`
      : '',
  ].filter(Boolean);
  let line = `${counts}${extras.length ? ` (${extras.join('; ')})` : ''} in ${plural(linted, 'file')}`;
  if (s.invalidFiles)
    line += `; ${c.red(`${plural(s.invalidFiles, 'input')} could not be ${settings.inputVerb ?? 'linted'}${partlyText(s.invalidFiles, partlyLinted)}`)}`;
  if (s.filesNotFixed)
    line += `; ${c.red(`the fixes of ${plural(s.filesNotFixed, 'file')} could not be written (${s.filesNotFixed === 1 ? 'it is' : 'they are'} unchanged)`)}`;
  const lines = [configLine(settings.config, c), line];
  if (s.fixesNeedingApplicationChanges) {
    const n = s.fixesNeedingApplicationChanges;
    // The code said is the one the run exits with (exitCode, from the same outcome): an input that could not be linted
    // (a near-miss design beside the fixed one) makes it 2, and "exit 1" would then be false.
    const code = exitCode({ summary: s, settings, tooManyWarnings });
    const why = code === EXIT.findings ? '' : ` (${exitReason(s)})`;
    lines.push(
      c.yellow(
        `--fix changed the declared design only: ${grouped(n)} ${n === 1 ? 'fix needs' : 'fixes need'} the application changes listed with ${n === 1 ? 'it' : 'them'}; exit ${code}${why}, never 0 after such a fix, so that CI never passes on --fix alone`,
      ),
    );
  }
  if (tooManyWarnings) lines.push(c.red(`too many warnings: ${grouped(s.warnings)}, more than --max-warnings ${settings.maxWarnings}`));
  if (settings.quiet && s.warnings > 0) lines.push(quietLine(s.warnings, settings, c));
  return lines;
}

/** The summary's word on the warnings --quiet hid: red, and how to see them, where they fail the run by --fail-on. */
function quietLine(warnings: number, settings: ReportSettings, c: Palette): string {
  if (settings.failOn !== 'warning') return c.dim('warnings are counted but not shown (--quiet)');
  const one = warnings === 1;
  return c.red(
    `${failingWarnings(warnings, '--fail-on warning')} but ${one ? 'is' : 'are'} not shown (--quiet): run without --quiet to see ${one ? 'it' : 'them'}`,
  );
}

/** `1 warning fails this run (--fail-on warning)`. */
export function failingWarnings(warnings: number, why: string): string {
  return `${plural(warnings, 'warning')} ${warnings === 1 ? 'fails' : 'fail'} this run (${why})`;
}

/**
 * `config: skewguard.config.json (turns off SG001; lowers SG003 to warning; loosens headroom to 0.99 (default 0.8); raises
 * tableWriteUnits to 200,000 (AWS default 40,000); sets SG014 to error)`, or `config: none`: every setting that differs from the defaults, what loosens the lint first and
 * in yellow, what tightens it after, plain (a stricter config is no warning).
 */
export function configLine(config: ConfigInUse | undefined, c: Palette = NO_COLORS): string {
  if (!config?.file) return c.dim('config: none');
  const { loosening, tightening } = configChanges(config);
  const said = [...(loosening.length > 0 ? [c.yellow(loosening.join('; '))] : []), ...(tightening.length > 0 ? [tightening.join('; ')] : [])];
  return `${c.dim(`config: ${config.file}`)}${said.length > 0 ? ` (${said.join('; ')})` : ''}`;
}

/** A config's settings as phrases, those that make the lint laxer than the defaults apart from those that make it stricter. */
function configChanges(config: ConfigInUse): { loosening: string[]; tightening: string[] } {
  const thresholds = Object.entries(config.thresholds) as [keyof Thresholds, number][];
  const looser = thresholds.filter(([name, value]) => loosensThreshold(name, value));
  const stricter = thresholds.filter(([name, value]) => !loosensThreshold(name, value));
  const quotasText = raisedQuotasText(config.quotas);
  const quota = config.contributorInsightsRuleQuota;
  const quotaText = `counts Contributor Insights rules against a quota of ${quota} (default ${DEFAULT_RULE_QUOTA})`;
  const loosening = [
    ...(config.rulesOff.length > 0 ? [`turns off ${config.rulesOff.join(', ')}`] : []),
    ...severityChanges(config.severities, 'warning', 'lowers'),
    ...(looser.length > 0 ? [loosensText(Object.fromEntries(looser))] : []),
    ...(quotasText ? [`raises ${quotasText}`] : []),
    ...(config.reportUnusedAcknowledgements === 'off' ? ['reports no unused acknowledgement'] : []),
    ...(quota !== undefined && quota > DEFAULT_RULE_QUOTA ? [quotaText] : []),
  ];
  const tightening = [
    ...severityChanges(config.severities, 'error', 'sets'),
    ...(stricter.length > 0 ? [`tightens ${thresholdText(stricter)}`] : []),
    ...(config.failOn === 'warning' ? ['fails on warnings'] : []),
    ...(config.maxWarnings === undefined ? [] : [`allows at most ${plural(config.maxWarnings, 'warning')}`]),
    ...(config.reportUnusedAcknowledgements === 'error' ? ['counts unused acknowledgements as errors'] : []),
    ...(quota !== undefined && quota < DEFAULT_RULE_QUOTA ? [quotaText] : []),
  ];
  return { loosening, tightening };
}

/** The config as the JSON and SARIF reports give it, after the file's name: every setting the text line names. */
export function configFields(config: ConfigInUse | undefined) {
  return {
    rulesOff: config?.rulesOff ?? [],
    severities: config?.severities ?? {},
    thresholds: config?.thresholds ?? {},
    quotas: config?.quotas ?? {},
    failOn: config?.failOn ?? null,
    maxWarnings: config?.maxWarnings ?? null,
    reportUnusedAcknowledgements: config?.reportUnusedAcknowledgements ?? null,
    loosens: config?.loosens ?? [],
  };
}

/** `lowers SG003, SG007 to warning`: a config's severity settings of one level, or nothing. */
function severityChanges(severities: Readonly<Record<string, Severity>>, severity: Severity, verb: string): string[] {
  const rules = Object.keys(severities).filter((rule) => severities[rule] === severity);
  return rules.length > 0 ? [`${verb} ${rules.join(', ')} to ${severity}`] : [];
}
