/**
 * The project config: `skewguard.config.json`, or a `skewguard` key in package.json, found by
 * searching from the working directory up to the repository root (the nearest wins; in one
 * directory skewguard.config.json wins over package.json). Every field is checked by the config's
 * shape (config-shape.ts, which also gives its JSON Schema), and each problem is reported with its
 * field path, line and column (exit code 2).
 */
import { existsSync, lstatSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import {
  DEFAULT_THRESHOLDS,
  RULES,
  UsageError,
  validateLintOptions,
  type DesignIssue,
  type DynamoDbQuotas,
  type LintOptions,
  type RuleSetting,
  type Severity,
  type ThresholdOverrides,
  type Thresholds,
} from '../index';
import { DEFAULT_QUOTAS, DEFAULT_RULE_QUOTA, differingFrom, isObject, joinPath as childPath, looserThresholds, rebasePath, RETIRED_RULES } from '../internal';
import { configShape } from './config-shape';
import { ConfigError, type ConfigIssue } from './errors';
import { splitGlob } from './glob';
import { realPath } from './inputs';
import { parseJsonWithLocations, JsonSyntaxError, type LocatedJson } from './json-locations';
import { pathInside } from './path-inside';
import type { Place } from './place';
import { readInputFile } from './read-input';

export const CONFIG_FILE = 'skewguard.config.json';

/** How an acknowledgement that waives nothing is reported. */
export type UnusedAcknowledgementLevel = Severity | 'off';

export interface ProjectConfig {
  /** The file it was read from. */
  readonly file: string;
  /** Directory the `designs` globs are relative to: the config file's. */
  readonly dir: string;
  /** Files, directories or globs to lint when none is given on the command line. */
  readonly designs?: readonly string[];
  readonly thresholds?: ThresholdOverrides;
  readonly rules?: Readonly<Record<string, RuleSetting>>;
  /** The account's raised DynamoDB throughput quotas. @default - the published defaults */
  readonly quotas?: DynamoDbQuotas;
  readonly failOn?: Severity;
  readonly maxWarnings?: number;
  readonly reportUnusedAcknowledgements?: UnusedAcknowledgementLevel;
  /** The account's Contributor Insights rule quota per Region, when raised. @default 100 */
  readonly contributorInsightsRuleQuota?: number;
  /** What the reader should know that is not an error (a setting of a retired rule, which has no
   *  effect), as `file:line:column: path: message` lines for stderr. @default - none */
  readonly notes?: readonly string[];
}

/**
 * The nearest config at or above `cwd`, or undefined. The search stops at the repository root (the
 * nearest directory holding `.git`), as eslint's flat config does, so a config in a parent directory
 * outside the project cannot change (or turn off) the lint unseen. A config that is a symbolic link
 * leading nowhere is returned, so that loading it reports it instead of passing it over.
 */
export function findConfig(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const config = join(dir, CONFIG_FILE);
    if (present(config)) return config;
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && packageConfig(pkg)) return pkg;
    if (present(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}

/** Exists, or is a symbolic link (even one that leads nowhere). */
function present(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The `"skewguard"` key of a package.json, read once: where it is (the whole file when it cannot be placed), or
 * undefined when the file has none, cannot be read or is not JSON (not our file to judge).
 */
function packageConfig(file: string): { readonly place: Place } | undefined {
  const read = readInputFile(file);
  if (read.error !== undefined) return undefined;
  try {
    const value = JSON.parse(read.text) as unknown;
    if (typeof value !== 'object' || value === null || !('skewguard' in value)) return undefined;
  } catch {
    return undefined;
  }
  try {
    return { place: parseJsonWithLocations(read.text).positionOf('skewguard') };
  } catch {
    return { place: {} }; // JSON that only the strict parser refuses (a duplicate key): loading it says why
  }
}

/** A config the one in use hides: the `"skewguard"` key of the package.json beside a skewguard.config.json, which
 *  wins over it. Its settings are not applied, so a report says so (`init` refuses to make this case). */
export interface ShadowedConfig {
  /** The package.json. */
  readonly file: string;
  /** Where its `"skewguard"` key is. */
  readonly place: Place;
}

export function shadowedConfig(configFile: string): ShadowedConfig | undefined {
  if (basename(configFile) !== CONFIG_FILE) return undefined;
  const pkg = join(dirname(configFile), 'package.json');
  const found = existsSync(pkg) ? packageConfig(pkg) : undefined;
  return found && { file: pkg, place: found.place };
}

export function loadConfig(file: string): ProjectConfig {
  const read = readInputFile(file);
  if (read.error !== undefined) throw new ConfigError(file, [{ path: '', message: `the file ${read.error}` }]);
  let located: LocatedJson;
  try {
    located = parseJsonWithLocations(read.text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new ConfigError(file, [{ path: '', message: `invalid JSON: ${error.message}`, ...error.position }]);
    throw error;
  }
  const inPackage = file.endsWith('package.json') && !file.endsWith(CONFIG_FILE);
  const root = inPackage ? 'skewguard' : '';
  const value = inPackage ? (located.value as Record<string, unknown>).skewguard : located.value;
  const issues: ConfigIssue[] = [];
  const report = (path: string, message: string) => {
    const full = rebasePath(path, '', root) ?? path;
    issues.push({ path: full, message, ...located.positionOf(full) });
  };
  const config = readFields(value, report, dirname(file));
  if (issues.length > 0)
    throw new ConfigError(
      file,
      issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)),
    );
  // A retired rule id is never an error (README, "Rules"): its setting is dropped, with a note saying so.
  const rules = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).rules : undefined;
  const retired = typeof rules === 'object' && rules !== null ? RETIRED_RULES.filter((rule) => Object.prototype.hasOwnProperty.call(rules, rule.id)) : [];
  const notes = retired.map(({ id, replacedBy }) => {
    const path = rebasePath(childPath('rules', id), '', root) ?? childPath('rules', id);
    const { line, column } = located.positionOf(path);
    return `${file}:${line}:${column}: ${path}: ${id} is a retired rule (it no longer runs${replacedBy.length ? `; replaced by ${replacedBy.join(', ')}` : ''}), so this setting has no effect: remove it`;
  });
  return { file, dir: dirname(file), ...config, ...(notes.length > 0 ? { notes } : {}) };
}

type Report = (path: string, message: string) => void;
type Fields = Omit<ProjectConfig, 'file' | 'dir'>;

function readFields(value: unknown, report: Report, dir: string): Fields {
  const issues: DesignIssue[] = [];
  const fields = configShape.read(value, '', issues);
  for (const issue of issues) report(issue.path, issue.message);
  // The thresholds and rules are checked in depth even when another field is wrong: every problem at once.
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const objectAt = (key: string) => {
    const field = raw[key];
    return isObject(field) && Object.prototype.hasOwnProperty.call(raw, key) ? field : undefined;
  };
  const thresholds = readWithCore(objectAt('thresholds'), 'thresholds', report);
  const rules = readWithCore(objectAt('rules'), 'rules', report);
  const quotas = readWithCore(objectAt('quotas'), 'quotas', report);
  if (!fields) return {};
  const designs = fields.designs === undefined ? undefined : typeof fields.designs === 'string' ? [fields.designs] : fields.designs;
  designs?.forEach((item, i) => {
    if (leavesProject(item, dir))
      report(
        childPath('designs', i),
        `${JSON.stringify(item)} leaves the project (${dir}, where the config file is): a config lists designs inside its project; name others on the command line`,
      );
  });
  return {
    designs,
    thresholds,
    rules,
    quotas,
    failOn: fields.failOn,
    maxWarnings: fields.maxWarnings,
    reportUnusedAcknowledgements: fields.reportUnusedAcknowledgements,
    contributorInsightsRuleQuota: fields.contributorInsightsRuleQuota,
  };
}

/** A `designs` entry that reaches outside the config's directory, by its path or through a symbolic
 *  link: `"/"` would search the whole file system (`/proc` included), and `--fix` must never write there. */
function leavesProject(pattern: string, dir: string): boolean {
  const base = resolve(dir, splitGlob(pattern).base);
  const outside = (from: string, to: string) => pathInside(from, to) === undefined;
  return outside(dir, base) || (existsSync(base) && outside(realPath(dir), realPath(base)));
}

/** Thresholds and rule settings are checked by the core, exactly as lint() checks them, at the config's paths (`rules.SG099`). */
function readWithCore<F extends 'thresholds' | 'rules' | 'quotas'>(value: unknown, field: F, report: Report): LintOptions[F] | undefined {
  if (value === undefined) return undefined;
  try {
    return validateLintOptions({ [field]: value }, '')[field];
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    for (const issue of error.issues) report(issue.path, issue.message);
    return undefined;
  }
}

/** What a report says of the config: which file (relative to the cwd), and every setting in it that differs from the
 *  defaults, so a config that loosens the lint cannot do it unseen. */
export interface ConfigInUse {
  /** The config file, or undefined when none applies (none found, or `--no-config`). */
  readonly file?: string;
  /** Rule ids the config turns off: a config that silences the guard is seen in every report. */
  readonly rulesOff: readonly string[];
  /** Rules the config sets to a severity, by id, where that can change what they report: an error lowered to a
   *  warning passes the default `--fail-on error`, so it is seen in every report as a rule turned off is. */
  readonly severities: Readonly<Record<string, Severity>>;
  /** The project thresholds the config sets to other than their defaults (`DEFAULT_THRESHOLDS`), by name. */
  readonly thresholds: Readonly<Partial<Thresholds>>;
  /** The DynamoDB throughput quotas the config raises above AWS's defaults (`DEFAULT_QUOTAS`), by field: each
   *  loosens the lint, since a table is then only found over the raised figure (2^53 − 1 hides every quota finding). */
  readonly quotas: Readonly<DynamoDbQuotas>;
  /** `failOn`, `maxWarnings` and `reportUnusedAcknowledgements` where the config sets them to other than their
   *  defaults and no flag overrides them. @default - not set by the config */
  readonly failOn?: Severity;
  readonly maxWarnings?: number;
  readonly reportUnusedAcknowledgements?: UnusedAcknowledgementLevel;
  /** The Contributor Insights rule quota the config declares, where it is not the default (100) and no flag overrides
   *  it: a raised quota passes tables the default would fail. @default - not set by the config */
  readonly contributorInsightsRuleQuota?: number;
  /** The settings above that make the lint laxer than the defaults, as config paths (`rules.SG001`,
   *  `thresholds.headroom`, `quotas.tableWriteUnits`, `reportUnusedAcknowledgements`): empty when the config only
   *  tightens. */
  readonly loosens: readonly string[];
}

/** The lint settings a flag gave, which the config's then do not decide. */
export type FlagSettings = Partial<Pick<ProjectConfig, 'failOn' | 'maxWarnings' | 'reportUnusedAcknowledgements' | 'contributorInsightsRuleQuota'>>;

/** What `lint` does when neither a flag nor the config says: the settings a config is measured against. */
export const LINT_DEFAULTS: { readonly failOn: Severity; readonly reportUnusedAcknowledgements: UnusedAcknowledgementLevel } = {
  failOn: 'error',
  reportUnusedAcknowledgements: 'warning',
};

const CATALOGUE_SEVERITY: ReadonlyMap<string, Severity> = new Map(RULES.map((rule) => [rule.id, rule.severity]));

/** Whether setting `rule` to `severity` can change a finding's severity: not for a warning rule set to warning (it
 *  reports nothing higher), nor for a retired rule (it reports nothing); an error rule set to error raises the
 *  hits it reports lower. */
function changesSeverity(rule: string, severity: Severity): boolean {
  const catalogue = CATALOGUE_SEVERITY.get(rule);
  return catalogue !== undefined && !(catalogue === 'warning' && severity === 'warning');
}

export function configInUse(config: ProjectConfig | undefined, cwd: string, flags: FlagSettings = {}): ConfigInUse {
  if (!config) return { rulesOff: [], severities: {}, thresholds: {}, quotas: {}, loosens: [] };
  const settings = Object.entries(config.rules ?? {});
  const rulesOff = settings.filter(([, setting]) => setting === 'off').map(([rule]) => rule);
  const severities: Record<string, Severity> = {};
  for (const [rule, setting] of settings) if (setting !== 'off' && changesSeverity(rule, setting)) severities[rule] = setting;
  const thresholds = differingFrom(DEFAULT_THRESHOLDS, config.thresholds);
  // A quota is only raised (a figure below its default is refused when the config is read): one that differs is higher.
  const quotas = differingFrom(DEFAULT_QUOTAS, config.quotas);
  // A flag decides its setting: the config's is then not in effect, so not named.
  const failOn = flags.failOn === undefined && config.failOn !== LINT_DEFAULTS.failOn ? config.failOn : undefined;
  const maxWarnings = flags.maxWarnings === undefined ? config.maxWarnings : undefined;
  const unused =
    flags.reportUnusedAcknowledgements === undefined && config.reportUnusedAcknowledgements !== LINT_DEFAULTS.reportUnusedAcknowledgements
      ? config.reportUnusedAcknowledgements
      : undefined;
  const ruleQuota =
    flags.contributorInsightsRuleQuota === undefined && config.contributorInsightsRuleQuota !== DEFAULT_RULE_QUOTA
      ? config.contributorInsightsRuleQuota
      : undefined;
  const loosens = [
    ...rulesOff.map((rule) => `rules.${rule}`),
    ...Object.keys(severities)
      .filter((rule) => severities[rule] === 'warning')
      .map((rule) => `rules.${rule}`),
    ...looserThresholds(thresholds).map((name) => `thresholds.${name}`),
    ...Object.keys(quotas).map((name) => `quotas.${name}`),
    ...(unused === 'off' ? ['reportUnusedAcknowledgements'] : []),
    ...(ruleQuota !== undefined && ruleQuota > DEFAULT_RULE_QUOTA ? ['contributorInsightsRuleQuota'] : []),
  ];
  return {
    file: pathInside(cwd, config.file) ?? config.file,
    rulesOff,
    severities,
    thresholds,
    quotas,
    ...(failOn === undefined ? {} : { failOn }),
    ...(maxWarnings === undefined ? {} : { maxWarnings }),
    ...(unused === undefined ? {} : { reportUnusedAcknowledgements: unused }),
    ...(ruleQuota === undefined ? {} : { contributorInsightsRuleQuota: ruleQuota }),
    loosens,
  };
}

/** Lint options from the config, for lintDocument. */
export function lintOptionsOf(config: ProjectConfig | undefined): LintOptions {
  return { thresholds: config?.thresholds, rules: config?.rules, quotas: config?.quotas };
}
