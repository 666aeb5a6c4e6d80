/**
 * `skewguard observe <designs…> --observations <manifest>`: each key space's observed figures held
 * against its design (SG020 observed-drift), the design linted again with the observed figures, and,
 * with `--update`, the observed figures written into the design files. Reports and exit codes are
 * `lint`'s: 0 clean, 1 findings at or above --fail-on, 2 an input that could not be read.
 */
import { resolve } from 'node:path';
import { DesignError, type DesignEdit, type DesignIssue, type Finding, type LintOptions, type Severity } from '../../index';
import { interpolate } from '../../internal';
import { choice, colorFlag, LINT_FORMATS, UsageError, type ParsedArgs } from '../args';
import { configFor, fixTarget, openOutput, reporterFor, shadowedNote } from '../commands/lint';
import { configInUse, lintOptionsOf } from '../config';
import { expandInputs, linkedDirectoryNote, unlistedNote, type Candidate } from '../inputs';
import { warn, warnLines, type Io } from '../io';
import { applyEdits } from '../json-edit';
import type { LocatedJson } from '../json-locations';
import {
  failedInput,
  parseInput,
  skippedInput,
  sourceKind,
  type AppliedFix,
  type FileResult,
  type InputError,
  type InputNote,
  type SourceKind,
} from '../lint-files';
import { readInputFile } from '../read-input';
import { EXIT, exitCode, Tally, type ReportSettings } from '../report';
import { describeEdit } from '../report-text';
import { replaceFile, WriteRefused, type ReadSnapshot, type Say } from '../safe-write';
import { COLORS, NO_COLORS, useColor } from '../terminal';
import { judgeAsDeployed } from './as-deployed';
import { logicalWrites } from './copies';
import { deriveContainer } from './derive-cosmos';
import { deriveTable } from './derive-dynamodb';
import { designFindings, spaceOf } from './design-findings';
import {
  DEFAULT_BELOW,
  DEFAULT_MIN_WINDOW_MS,
  DEFAULT_TOLERANCE,
  DRIFT_RULE,
  driftFindings,
  fieldPath,
  finding,
  keySpaceBase,
  keySpaceLabel,
  show,
  showGb,
  showShare,
  type DriftSettings,
  type JudgedFigure,
  type KeySpaceTarget,
  type AsDeployed,
} from './drift';
import { windowLength, windowSpan, type Figure, type Observation, type ObservedFigures, type RangeFigure, type ShareFigure } from './figures';
import { gapText } from './gaps';
import { DEFAULT_PERIOD_SECONDS, loadManifest, type Manifest, type ObservationFiles } from './manifest';
import { checkPeriods } from './period-check';
import { hashedKeys, plainKeys, type KeyDisplay } from './privacy';
import { ObservationError } from './read-json';
import { indexWritesAtLeast, tableWriteThrottles, throttlingOf, type TableWriteThrottles } from './saturation';
import { designFileSources, templateSources, type DesignSource, type FileSources } from './sources';
import { deployedName, type StackResources } from './stack-resources';
import { matchObservations } from './targets';

function ratio(value: string | true | undefined, option: string, fallback: number, max: number): number {
  if (value === undefined || value === true) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > max)
    throw new UsageError(`--${option} must be a number above 0 and at most ${max}, got "${value}"`, 'observe');
  return n;
}

interface LoadedDesign {
  readonly candidate: Candidate;
  readonly kind: SourceKind;
  readonly text: string;
  readonly located: LocatedJson;
  readonly sources: readonly DesignSource[];
  readonly errors: readonly InputError[];
  readonly notes: readonly InputNote[];
  readonly snapshot?: ReadSnapshot;
  readonly bom: boolean;
}

/** Reads one design file or template, or the FileResult that says why it cannot be observed. */
function loadDesign(candidate: Candidate, options: LintOptions): LoadedDesign | FileResult | undefined {
  const read = readInputFile(candidate.absolute);
  if (read.error !== undefined) return failedInput(candidate.file, `the file ${read.error}`);
  const parsed = parseInput(candidate.file, read.text);
  if (parsed.error) return candidate.explicit ? parsed.error : undefined;
  const { located } = parsed;
  const kind = sourceKind(located.value);
  if (!kind)
    return candidate.explicit ? failedInput(candidate.file, 'is neither a design file (no "tables" or "containers") nor a CloudFormation template') : undefined;
  const at = (issue: DesignIssue) => ({ ...issue, ...located.positionOf(issue.path) });
  let loaded: FileSources;
  try {
    loaded = kind === 'template' ? templateSources(located, candidate.absolute, options) : designFileSources(located, options);
  } catch (error) {
    if (!(error instanceof DesignError)) throw error;
    return { file: candidate.file, kind, findings: [], errors: error.issues.map(at), unusedAcknowledgements: [], notes: [] };
  }
  if (loaded.sources.length + loaded.errors.length + loaded.notes.length === 0)
    return candidate.explicit ? skippedInput(candidate.file, 'has no DynamoDB table: nothing to observe') : undefined;
  return {
    candidate,
    kind,
    text: read.text,
    located,
    sources: loaded.sources,
    errors: loaded.errors.map(at),
    notes: loaded.notes.map(at),
    snapshot: read.snapshot,
    bom: read.bom,
  };
}

function figureLine(name: string, figure: Figure | undefined, unit: string, format = show): string | undefined {
  if (!figure) return undefined;
  const bound = figure.bound === 'lower' ? '≥ ' : figure.bound === 'upper' ? '< ' : figure.bound === 'estimate' ? '≈ ' : '';
  return `${name} ${bound}${format(figure.value)}${unit} (${figure.derivation}${figure.limits ? `; ${figure.limits}` : ''})`;
}

/**
 * The hottest key's own load at the busiest period, beside its share: the share is of a total
 * the design's peaks are not (the logged RequestCharge; ConsumedThroughputUnits, where a write counts 3),
 * so the share × the declared peaks, as the lint restates it, is not what was measured; this is.
 */
function loadText(target: KeySpaceTarget, share: ShareFigure): string {
  const { load } = share;
  if (!load) return '';
  const rate = load.unitsPerSecond;
  if (target.engine === 'cosmosdb') return `, which logged ${show(rate)} RU/s (${load.derivation})`;
  return `, which consumed ${show(rate)} units/s (${load.derivation}): ${show(rate)} RCU/s if all reads, ${show(rate / 3)} WCU/s if all writes (a unit is 1 RCU or 1/3 WCU)`;
}

/** A figure's note: its text, and the data the text summarises (the JSON report's). */
interface FigureNote {
  readonly message: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * What a JSON report's reader gets of a figure, beside the note's sentence: its field, value and bound, the seconds its
 * period averages over, the key it names and that key's load, and for NormalizedRUConsumption every range (the text
 * names the hottest few).
 */
function figureData(field: keyof ObservedFigures, figure: Figure & Partial<ShareFigure> & { readonly ranges?: readonly RangeFigure[] }) {
  return Object.assign(
    { figure: field, value: figure.value, bound: figure.bound },
    figure.averagedOverSeconds === undefined ? {} : { averagedOverSeconds: figure.averagedOverSeconds },
    figure.key === undefined ? {} : { key: figure.key },
    figure.load === undefined ? {} : { unitsPerSecond: figure.load.unitsPerSecond },
    figure.ranges === undefined ? {} : { ranges: figure.ranges },
  );
}

function figureNotes(target: KeySpaceTarget, observation: Observation, window: string): FigureNote[] {
  const f = observation.figures;
  const units = target.engine === 'cosmosdb' ? [' RU/s', ' RU/s'] : [' RCU/s', ' WCU/s'];
  const shareText = (share: ShareFigure, name: string, keyWord: string) =>
    `${figureLine(name, share, '', showShare)}${share.key ? `, ${keyWord} ${share.key}` : ''}${loadText(target, share)}`;
  const lines: [keyof ObservedFigures, string | undefined][] = [
    ['peakReadUnits', figureLine('peak reads', f.peakReadUnits, units[0])],
    ['peakWriteUnits', figureLine('peak writes', f.peakWriteUnits, units[1])],
    ['hotKeyShare', f.hotKeyShare && shareText(f.hotKeyShare, 'hottest key share', 'key')],
    ['prefixHotKeyShare', f.prefixHotKeyShare && shareText(f.prefixHotKeyShare, 'hottest first-level value share', 'value')],
    ['distinctKeys', figureLine('distinct keys', f.distinctKeys, '')],
    ['largestPartitionGb', figureLine('largest logical partition', f.largestPartitionGb, ' GB', showGb)],
    ['readThrottles', figureLine('read key-range throttles', f.readThrottles, '')],
    ['writeThrottles', figureLine('write key-range throttles', f.writeThrottles, '')],
    ['normalizedRuPercent', figureLine('NormalizedRUConsumption', f.normalizedRuPercent, '%')],
    ['partitionKeyRanges', figureLine('physical partitions', f.partitionKeyRanges, '')],
    ['readAccountLimitThrottles', figureLine('read throttles at the per-table quota', f.readAccountLimitThrottles, '')],
    ['writeAccountLimitThrottles', figureLine('write throttles at the per-table quota', f.writeAccountLimitThrottles, '')],
    ['throttledRequests', figureLine('requests rate-limited (429)', f.throttledRequests, '')],
  ];
  const prefix = `observed ${keySpaceLabel(target)} (${window} window from ${observation.sources.join(', ')}): `;
  return lines.flatMap(([field, text]) => {
    const figure = f[field] as Parameters<typeof figureData>[1] | undefined;
    return text === undefined || figure === undefined ? [] : [{ message: `${prefix}${text}`, data: figureData(field, figure) }];
  });
}

/**
 * observe reads the hottest key's share from the most accessed keys rule (PKC), which Contributor
 * Insights creates only in ACCESSED_AND_THROTTLED_KEYS mode; THROTTLED_KEYS mode, GuardedTable's
 * default (lib/cdk/props.ts, AWS's recommendation for always-on alerting), creates only the most
 * throttled keys rules. https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_tutorial.html
 * ("Choosing a Contributor Insights mode"; the CLI option: API_UpdateContributorInsights, ContributorInsightsMode).
 */
/** Why no most accessed keys data was read: no report given, a report with no datapoints, or a most throttled keys report given in its place. */
type AccessedKeysGap = 'missing' | 'empty' | 'throttledKeys';
const accessedKeysGap = (gap: NonNullable<Observation['noAccessedKeys']>): AccessedKeysGap =>
  gap.throttledRule !== undefined ? 'throttledKeys' : gap.report === undefined ? 'missing' : 'empty';
/** Its words: `report`, the file given; for `throttledKeys`, the evidence (insight-rule-kind.ts) that it is the PKT rule's. */
const NO_ACCESSED_KEYS: Readonly<Record<AccessedKeysGap, string>> = {
  missing: 'no most accessed keys report (PKC) was given',
  empty: '{{report}} has no datapoints: the table has no most accessed keys rule (PKC), or it was just enabled, or nothing was accessed in the window',
  throttledKeys:
    '{{report}}, given as "contributorInsights", is not the most accessed keys rule\'s report (PKC): its Sum at its busiest minute, {{busiestMinute}}, is {{reportSum}}, where the metrics give {{consumedUnits}} consumed units (ConsumedReadCapacityUnits + 3 × ConsumedWriteCapacityUnits) for that minute' +
    '{{?throttleEvents}}, and the metrics counted {{throttleEvents}} throttle events that minute{{/throttleEvents}}' +
    '; over its {{comparedMinutes}} minutes with both, its Sum is a median {{medianRatio|percent}} of the consumed units, where the most accessed keys rule (PKC) counts them all. It counts throttled requests (ThrottleCount), so it is the most throttled keys rule (PKT). It is read for what it is, which keys were throttled and when (give it as "throttledKeys"), never as consumed units',
};
const ACCESSED_KEYS_WHY =
  "Contributor Insights creates that rule only in ACCESSED_AND_THROTTLED_KEYS mode: GuardedTable's default mode, THROTTLED_KEYS, creates none";
const ACCESSED_KEYS_FIX =
  'turn on the most accessed keys rule: on a GuardedTable, the prop `contributorInsightsMode: dynamodb.ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS` (aws-cdk-lib/aws-dynamodb); on another table, `aws dynamodb update-contributor-insights --contributor-insights-action ENABLE --contributor-insights-mode ACCESSED_AND_THROTTLED_KEYS`; then, after traffic, export its report (docs/observe.md) and observe again';

interface ObserveSettings {
  readonly manifest: Manifest;
  readonly drift: DriftSettings;
  readonly showKey: KeyDisplay;
  readonly update: boolean;
  /** The project config's lint options, which judge the designs as `lint` does. */
  readonly options: LintOptions;
  /** The run owns its process: a signal during a write ends it once the write is whole (lib/cli/safe-write.ts). */
  readonly signals?: Say;
}

/** What an index's observation is judged with from its table's, observed before it in the same design. */
interface TableObserved {
  /** The table's hottest key's share as observe judges it (an edit of its workload.hotKeyShare), if it sets one. */
  readonly share?: number;
  /** The table's write throttle events in the window, which never reached the index (saturation.ts). */
  readonly writeThrottles?: TableWriteThrottles;
}

/** One key space held against its observations: notes with the figures, drift findings, the edits. */
function observeTarget(target: KeySpaceTarget, files: ObservationFiles, settings: ObserveSettings, table: TableObserved = {}) {
  const base = keySpaceBase(target);
  const findings: Finding[] = [];
  const { sharding } = target.keySpace;
  const context = {
    periodSeconds: settings.manifest.periodSeconds,
    showKey: settings.showKey,
    shards: sharding?.shards ?? 1,
    separator: sharding?.separator ?? '#',
    levels: target.keySpace.partitionKey.length,
  };
  const derived = logicalWrites(target, files.engine === 'dynamodb' ? deriveTable(files, context) : deriveContainer(files, context));
  const observation = indexWritesAtLeast(target, derived, table.writeThrottles);
  const window = windowLength(observation.window, settings.manifest.periodSeconds);
  for (const gap of observation.gaps)
    findings.push(
      finding(
        target,
        'incompleteObservations',
        'warning',
        base,
        `${keySpaceLabel(target)}: ${gapText(gap)}`,
        'export the observations again over a window with traffic, with every statistic docs/observe.md lists',
        gap,
      ),
    );
  if (observation.noAccessedKeys !== undefined) {
    const { report, throttledRule } = observation.noAccessedKeys;
    const data = Object.assign({ accessedKeysReport: accessedKeysGap(observation.noAccessedKeys) }, report === undefined ? {} : { report }, throttledRule);
    findings.push(
      finding(
        target,
        'noAccessedKeys',
        'warning',
        base,
        `${keySpaceLabel(target)}: ${interpolate(NO_ACCESSED_KEYS[data.accessedKeysReport], data)}, so the hottest key's share and the distinct keys were not measured (only the peaks and throttles are judged). ${ACCESSED_KEYS_WHY}`,
        ACCESSED_KEYS_FIX,
        data,
      ),
    );
  }
  if (Object.keys(observation.figures).length === 0) {
    findings.push(
      finding(
        target,
        'noObservations',
        'error',
        base,
        `${keySpaceLabel(target)}: nothing was measured in ${observation.sources.join(', ')}, so the design could not be checked against production`,
        'wait until Contributor Insights or the partition-key diagnostics have logged traffic (they record only from when they are enabled), then export again',
        { sources: observation.sources },
      ),
    );
    return { findings, notes: [], kept: [], edits: [], judged: [], shareObserved: false, window: '', observation };
  }
  const { floors, findings: throttling, keyRangeJudged } = throttlingOf(target, observation, window, table.writeThrottles);
  const drift = driftFindings(target, observation, window, settings.drift, {
    spanMs: windowSpan(observation.window, settings.manifest.periodSeconds),
    floors,
    keyRangeJudged,
    ...(table.share === undefined ? {} : { tableShare: table.share }),
  });
  return {
    findings: [...findings, ...throttling, ...drift.findings],
    notes: figureNotes(target, observation, window),
    kept: drift.kept,
    edits: drift.edits,
    judged: drift.judged,
    shareObserved: drift.shareObserved,
    ...(drift.asDeployed ? { asDeployed: drift.asDeployed } : {}),
    window,
    observation,
  };
}

/**
 * A size's drift that changes none of the lint's findings is a warning, not an error: the design's figure is off, and
 * `--update` still writes it, but no verdict rests on it (the peaks and shares inside the tolerance are judged the same
 * way, drift.ts `classify`): 1.2 GB against an assumed 0, with a 20 GB cap, is no error.
 */
function gradeByVerdict(findings: Finding[], neutral: readonly DesignEdit[]): void {
  if (neutral.length === 0) return;
  for (const [i, f] of findings.entries())
    if (f.messageId === 'exceedsDeclared' && f.edits?.some((e) => neutral.includes(e)))
      findings[i] = {
        ...f,
        severity: 'warning',
        message: `${f.message}; the lint reports the same findings with it as without it, so no verdict rests on this drift`,
        data: { ...(f.data ?? {}), verdict: 'unchanged' },
      };
}

/** The observations of each key space, as the manifest or the live queries matched them. */
type FilesOf = (target: KeySpaceTarget) => ObservationFiles | undefined;

/** For an index, what observe made of its table so far (the table's key space comes first): the share it judges it
 *  at, and its write throttles. */
function tableObserved(target: KeySpaceTarget, edits: readonly DesignEdit[], writeThrottles: TableWriteThrottles | undefined): TableObserved {
  if (target.keySpace.index === undefined) return {};
  const path = fieldPath(keySpaceBase({ ...target, keySpace: target.design.primaryKey }), 'workload.hotKeyShare');
  const edit = edits.find((e) => e.path === path);
  return { ...(edit?.op === 'set' && typeof edit.value === 'number' ? { share: edit.value } : {}), ...(writeThrottles ? { writeThrottles } : {}) };
}

function observeFile(design: LoadedDesign, filesOf: FilesOf, settings: ObserveSettings): FileResult {
  const { located, candidate } = design;
  const at = (path: string) => located.positionOf(path);
  const findings: Finding[] = [];
  const notes: InputNote[] = [...design.notes];
  const edits: DesignEdit[] = [];
  for (const source of design.sources) {
    const sourceEdits: DesignEdit[] = [];
    const sourceJudged: JudgedFigure[] = [];
    const observedShares = new Set<string>();
    const deployments: AsDeployed[] = [];
    const bases = new Map<string, string>();
    const throttledTables = new Map<KeySpaceTarget['design'], TableWriteThrottles>();
    let widest = '';
    for (const target of source.targets) {
      const base = keySpaceBase(target);
      bases.set(spaceOf({ resource: target.design.name, index: target.keySpace.index }), base);
      const files = filesOf(target);
      if (!files) {
        notes.push({ path: base, message: `${keySpaceLabel(target)} not observed: ${settings.manifest.file} has no observations for it`, ...at(base) });
        continue;
      }
      const soFar = [...sourceEdits, ...sourceJudged.map((j) => j.edit)];
      const observed = observeTarget(target, files, settings, tableObserved(target, soFar, throttledTables.get(target.design)));
      const throttles = tableWriteThrottles(target, observed.observation);
      if (throttles) throttledTables.set(target.design, throttles);
      if (observed.window.length > widest.length) widest = observed.window;
      for (const note of observed.notes) notes.push({ path: base, ...note, ...at(base) });
      for (const k of observed.kept) notes.push({ path: k.path, message: `${keySpaceLabel(target)}: ${k.message}`, ...at(k.path) });
      findings.push(...observed.findings);
      sourceEdits.push(...observed.edits);
      sourceJudged.push(...observed.judged.map((j) => ({ ...j, text: `${keySpaceLabel(target)} ${j.text}` })));
      if (observed.asDeployed) deployments.push(observed.asDeployed);
      if (observed.shareObserved) observedShares.add(spaceOf({ resource: target.design.name, index: target.keySpace.index }));
    }
    const own = designFindings(source, { drift: sourceEdits, judged: sourceJudged.map((j) => j.edit) }, widest || 'observed', observedShares, bases);
    gradeByVerdict(findings, own.neutral);
    const deployedView = judgeAsDeployed(source, sourceEdits, deployments, own.findings, widest || 'observed');
    findings.push(...deployedView.findings);
    for (const note of [...own.notes, ...deployedView.notes]) notes.push({ ...note, ...at(note.path) });
    if (own.judgedWritten)
      notes.push({
        path: source.basePath,
        message: `the lint was run again with the measured figures that are no drift too (${sourceJudged
          .filter((j) => own.written.includes(j.edit))
          .map((j) => j.text)
          .join('; ')}): they change its verdict, so they are judged as measured${settings.update ? ' and written' : ', and `observe --update` writes them'}`,
        ...at(source.basePath),
      });
    if (own.invalid)
      notes.push({
        path: source.basePath,
        message: `the design with the observed figures is not a valid design, so it was neither linted again nor updated: ${own.invalid}`,
        ...at(source.basePath),
      });
    else edits.push(...own.written);
  }
  const result: FileResult = {
    file: candidate.file,
    kind: design.kind,
    findings: findings.map((f) => ({ ...f, ...at(f.path) })),
    errors: design.errors,
    unusedAcknowledgements: [],
    notes,
  };
  if (!settings.update || edits.length === 0) return result;
  if (design.kind === 'template')
    return {
      ...result,
      notes: [
        ...result.notes,
        {
          path: '',
          message: `not updated: \`cdk synth\` writes this template again, so set the observed figures in the GuardedTable props of the CDK app instead: ${edits.map(describeEdit).join('; ')}`,
        },
      ],
    };
  const written = updateFile(design, edits, result, settings.signals);
  return written.fixesNotWritten ? written : judgeUpdated(design, edits, filesOf, settings, written);
}

/** After --update, as after `lint --fix`: the report judges the file as written (the drift the edits
 *  removed is gone, the design's own findings are those of the updated figures), and says what was written. */
function judgeUpdated(design: LoadedDesign, edits: readonly DesignEdit[], filesOf: FilesOf, settings: ObserveSettings, written: FileResult): FileResult {
  const reloaded = loadDesign(design.candidate, settings.options);
  if (reloaded === undefined || !('sources' in reloaded)) return written;
  // The edits change figures only, so each key space keeps its path in the file.
  const byPath = new Map(design.sources.flatMap((s) => s.targets.map((t) => [keySpaceBase(t), filesOf(t)] as const)));
  const judged = observeFile(reloaded, (t) => byPath.get(keySpaceBase(t)), { ...settings, update: false });
  const summary = `updated: ${edits.map(describeEdit).join('; ')}; the findings below judge the file as written`;
  return { ...judged, fixes: written.fixes, notes: [...judged.notes, { path: '', message: summary }] };
}

/** Writes the observed figures into the design file, keeping its formatting (the --fix writer). */
function updateFile(design: LoadedDesign, edits: readonly DesignEdit[], result: FileResult, signals: Say | undefined): FileResult {
  const fixes: AppliedFix[] = edits.map((edit) => ({ ruleId: 'SG020', resource: result.file, path: edit.path, edits: [edit] }));
  try {
    const where = fixTarget(design.candidate, '--update');
    if (where.refused !== undefined) throw new WriteRefused(where.refused);
    if (!design.snapshot) throw new WriteRefused('it is not a regular file');
    const text = applyEdits(design.text, edits);
    replaceFile(where.target, design.bom ? `\ufeff${text}` : text, design.snapshot, signals, result.file);
  } catch (error) {
    if (!(error instanceof WriteRefused)) throw error;
    return {
      ...result,
      errors: [...result.errors, { path: '', message: `the observed figures were not written, and the file is unchanged: ${error.message}` }],
      fixesNotWritten: true,
    };
  }
  return { ...result, fixes };
}

type Values = ParsedArgs['values'];

/** Offline (`--observations`) or live (`--live aws|azure`): exactly one. */
function modeOf(v: Values): { manifest: string; live?: undefined } | { live: 'aws' | 'azure'; manifest?: undefined } {
  const live = choice(v.live, ['aws', 'azure'] as const, 'live');
  if (live && v.observations !== undefined)
    throw new UsageError('--observations and --live contradict each other: read exported files, or query the cloud', 'observe');
  if (live === 'azure' && typeof v.workspace !== 'string')
    throw new UsageError('--live azure needs --workspace <id>: the Log Analytics workspace the Cosmos DB resource logs go to', 'observe');
  if (live === 'aws' && v.account !== undefined)
    throw new UsageError('--account applies to --live azure only: the Cosmos DB account to read metrics of', 'observe');
  if (live) return { live };
  if (typeof v.observations !== 'string')
    throw new UsageError(
      'observe needs --observations <manifest.json> (the file that says which exported report belongs to which table, index or container), or --live aws|azure',
      'observe',
    );
  for (const option of ['since', 'region', 'endpoint-url', 'workspace', 'account'])
    if (v[option] !== undefined) throw new UsageError(`--${option} applies to --live only: offline exports carry their own window`, 'observe');
  return { manifest: v.observations };
}

const SINCE_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `7d`, `24h`, `90m` → milliseconds. */
function parseDuration(value: string | true, option: string): number {
  const match = typeof value === 'string' ? /^(\d+)([mhd])$/.exec(value) : null;
  if (!match || Number(match[1]) === 0)
    throw new UsageError(`--${option} must be a whole number of minutes, hours or days such as 90m, 24h or 7d, got "${value}"`, 'observe');
  return Number(match[1]) * SINCE_UNITS[match[2]];
}

/** `--since`: `7d`, `24h`, `90m` → milliseconds. @default 7d */
export function parseSince(value: string | true | undefined): number {
  return value === undefined || value === true ? 7 * SINCE_UNITS.d : parseDuration(value, 'since');
}

function manifestObservations(file: string, targets: readonly KeySpaceTarget[], io: Io) {
  const manifest = loadManifest(resolve(io.cwd, file), file);
  // Before any figure is derived or written: a period the exports contradict scales every peak.
  for (const files of manifest.observations) checkPeriods(files, manifest);
  return { manifest, matched: matchObservations(manifest, targets) };
}

/** A cloud call that failed (no credentials, AccessDenied, a table that does not exist) is an input
 *  that could not be read: exit 2 with the service's own error name and message, never "internal error". */
async function cloudErrorsReported<T>(cloud: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UsageError || error instanceof ObservationError || !(error instanceof Error)) throw error;
    throw new ObservationError(`--live ${cloud}`, '', `${error.name}: ${error.message}`);
  }
}

/** Queries the cloud for every key space of the chosen engine (the SDKs are loaded only here). A
 *  GuardedTable of a cloud assembly is observed under its deployed name, found in its stack. */
async function liveObservations(cloud: 'aws' | 'azure', targets: readonly KeySpaceTarget[], v: Values) {
  const end = new Date();
  const start = new Date(end.getTime() - parseSince(v.since));
  const periodSeconds = DEFAULT_PERIOD_SECONDS;
  const matched = new Map<KeySpaceTarget, ObservationFiles>();
  const stacks = new Map<string, StackResources>();
  const text = (name: string) => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  if (cloud === 'aws') {
    const live = await (await import('./live-aws')).awsLive({ region: text('region'), endpointUrl: text('endpoint-url'), start, end, periodSeconds });
    for (const t of targets) {
      if (t.engine !== 'dynamodb') continue;
      const { deployed } = t;
      if (deployed && deployed.tableName === undefined && !stacks.has(deployed.stack))
        stacks.set(deployed.stack, await live.stackResources(deployed.stack, deployed.region));
      const table = deployed ? deployedName(deployed, stacks.get(deployed.stack), `--live aws`) : t.design.name;
      matched.set(t, await live.observeTable(table, t.keySpace.index, deployed?.region));
    }
  } else {
    const live = await (
      await import('./live-azure')
    ).azureLive({ workspaceId: text('workspace') ?? '', accountId: text('account'), start, end, periodSeconds });
    for (const t of targets) if (t.engine === 'cosmosdb') matched.set(t, await live.observeContainer(t.design.name, undefined));
  }
  const manifest: Manifest = { file: `--live ${cloud}`, periodSeconds, observations: [...matched.values()], stacks };
  return { manifest, matched };
}

export async function observeCommand(args: ParsedArgs, io: Io, version: string): Promise<number> {
  const v = args.values;
  const format = choice(v.format, LINT_FORMATS, 'format') ?? 'text';
  // The project config judges the designs as `lint` does (its rules, thresholds and raised quotas); a flag wins over it.
  const { config, shadowed } = configFor(args, io, 'observe');
  const failOnFlag = choice(v['fail-on'], ['error', 'warning'] as const, 'fail-on');
  const failOn: Severity = failOnFlag ?? config?.failOn ?? 'error';
  const mode = modeOf(v);
  if (args.positionals.length === 0) throw new UsageError('observe needs the design files (or directories) to hold against the observations', 'observe');
  for (const note of config?.notes ?? []) warn(io, `skewguard: note: ${note}`);
  const options = lintOptionsOf(config);
  const drift = {
    tolerance: ratio(v.tolerance, 'tolerance', DEFAULT_TOLERANCE, 10),
    below: ratio(v.below, 'below', DEFAULT_BELOW, 1),
    minWindowMs: v['min-window'] === undefined ? DEFAULT_MIN_WINDOW_MS : parseDuration(v['min-window'], 'min-window'),
  };
  const colorChoice = colorFlag(v, 'observe');
  const expansion = expandInputs(
    args.positionals.map((pattern) => ({ pattern, base: io.cwd })),
    io.cwd,
  );
  const { output, stream, close } = openOutput(typeof v['output-file'] === 'string' ? v['output-file'] : undefined, io, expansion.candidates);
  const color = useColor(io.env, stream.isTTY, colorChoice);
  const reportSettings: ReportSettings = {
    version,
    cwd: io.cwd,
    palette: color ? COLORS : NO_COLORS,
    quiet: false,
    unusedAcknowledgements: 'off',
    failOn,
    config: configInUse(config, io.cwd, { failOn: failOnFlag }),
    extraRules: [DRIFT_RULE],
    // An export, manifest or design observe could not read; "linted" is lint's word, wrong for what observe does.
    inputVerb: 'read',
  };
  const reporter = await reporterFor(format, reportSettings);
  const tally = new Tally(reportSettings);
  const emit = async (result: FileResult) => {
    tally.add(result);
    for (const chunk of reporter.file(result)) await output.write(chunk);
  };
  for (const chunk of reporter.header()) await output.write(chunk);
  if (shadowed) await emit(shadowedNote(shadowed, io.cwd));
  for (const problem of expansion.problems) await emit(failedInput(problem.file, problem.message));
  // As lint says them: a design behind a link the search did not follow is not observed, and that is never silent.
  for (const link of expansion.linkedDirectories) await emit(skippedInput(link.file, linkedDirectoryNote(link, 'observe')));
  for (const left of expansion.unlisted) await emit(skippedInput(left.file, unlistedNote(left, 'observe')));
  const designs: LoadedDesign[] = [];
  for (const candidate of expansion.candidates) {
    const loaded = loadDesign(candidate, options);
    if (loaded === undefined) continue;
    if ('sources' in loaded) designs.push(loaded);
    else await emit(loaded);
  }
  try {
    const targets = designs.flatMap((d) => d.sources.flatMap((s) => s.targets));
    const { manifest, matched } = mode.live
      ? await cloudErrorsReported(mode.live, () => liveObservations(mode.live, targets, v))
      : manifestObservations(mode.manifest, targets, io);
    const update = v.update === true;
    const signals: Say | undefined = update && io.ownsProcess ? (lines) => warnLines(io, lines) : undefined;
    const settings: ObserveSettings = { manifest, drift, showKey: v['show-keys'] === true ? plainKeys : hashedKeys, update, options, signals };
    for (const design of designs) {
      await emit(observeFile(design, (t) => matched.get(t), settings));
      if (signals) await new Promise((resolve) => setImmediate(resolve)); // a signal held during a write ends the run here
    }
    if (designs.every((d) => d.sources.length === 0))
      await emit(
        failedInput(
          args.positionals.join(' '),
          'no design file or GuardedTable found: observe holds design files, and the GuardedTables of a cdk.out, against observations',
        ),
      );
  } catch (error) {
    if (!(error instanceof ObservationError)) throw error;
    await emit(failedInput(error.file, error.path ? `${error.path}: ${error.detail}` : error.detail, error.position));
  }
  const outcome = tally.outcome();
  for (const chunk of reporter.footer(outcome)) await output.write(chunk);
  await output.flush();
  await close();
  if (output.failure) {
    io.stderr.write(`skewguard: ${output.failure}\n`);
    return 2;
  }
  // The reader went away (a closed pipe): every design was still observed (and updated, with --update), but the report is not whole.
  if (output.closed) return EXIT.closedPipe;
  return exitCode(outcome);
}
