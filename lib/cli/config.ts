/**
 * The project config: `skewguard.config.json`, or a `skewguard` key in package.json, found by
 * searching from the working directory up to the filesystem root (the nearest wins; in one
 * directory skewguard.config.json wins over package.json). Every field is checked, and each
 * problem is reported with its field path, line and column (exit code 2).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError, validateLintOptions, type LintOptions, type RuleSetting, type Severity, type ThresholdOverrides } from '../index';
import { joinPath as childPath, rebasePath } from '../design/field-path';
import { ConfigError, type ConfigIssue } from './errors';
import { parseJsonWithLocations, JsonSyntaxError, type LocatedJson } from './json-locations';
import type { UnusedAcknowledgementLevel } from './report';
import { readInputFile } from './read-input';
import { didYouMean } from '../design/suggest';

export const CONFIG_FILE = 'skewguard.config.json';

export interface ProjectConfig {
  /** The file it was read from. */
  readonly file: string;
  /** Directory the `designs` globs are relative to: the config file's. */
  readonly dir: string;
  /** Files, directories or globs to lint when none is given on the command line. */
  readonly designs?: readonly string[];
  readonly thresholds?: ThresholdOverrides;
  readonly rules?: Readonly<Record<string, RuleSetting>>;
  readonly failOn?: Severity;
  readonly maxWarnings?: number;
  readonly reportUnusedAcknowledgements?: UnusedAcknowledgementLevel;
}

/** The fields, with what each accepts (also the documentation's table). */
const FIELDS = ['$schema', 'designs', 'thresholds', 'rules', 'failOn', 'maxWarnings', 'reportUnusedAcknowledgements'] as const;

/** The nearest config at or above `cwd`, or undefined. */
export function findConfig(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const config = join(dir, CONFIG_FILE);
    if (existsSync(config)) return config;
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && packageHasConfig(pkg)) return pkg;
    if (dirname(dir) === dir) return undefined;
  }
}

function packageHasConfig(file: string): boolean {
  const read = readInputFile(file);
  if (read.error !== undefined) return false;
  try {
    const value = JSON.parse(read.text) as unknown;
    return typeof value === 'object' && value !== null && 'skewguard' in value;
  } catch {
    return false; // not our file to judge
  }
}

export function loadConfig(file: string): ProjectConfig {
  const read = readInputFile(file);
  if (read.error !== undefined) throw new ConfigError(file, [{ path: '', message: `the file ${read.error}`, line: 1, column: 1 }]);
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
  const config = readFields(value, report);
  if (issues.length > 0) throw new ConfigError(file, issues.sort((a, b) => a.line - b.line || a.column - b.column));
  return { file, dir: dirname(file), ...config };
}

type Report = (path: string, message: string) => void;
type Fields = Omit<ProjectConfig, 'file' | 'dir'>;

function readFields(value: unknown, report: Report): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report('', `expected an object with any of: ${FIELDS.slice(1).join(', ')}`);
    return {};
  }
  const input = value as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!(FIELDS as readonly string[]).includes(key)) report(key, `is not a config field${didYouMean(key, FIELDS)}; expected one of: ${FIELDS.slice(1).join(', ')}`);
  }
  return {
    designs: readDesigns(input.designs, report),
    thresholds: readWithCore(input.thresholds, 'thresholds', report),
    rules: readWithCore(input.rules, 'rules', report),
    failOn: readChoice(input.failOn, 'failOn', ['error', 'warning'], report),
    maxWarnings: readCount(input.maxWarnings, 'maxWarnings', report),
    reportUnusedAcknowledgements: readChoice(input.reportUnusedAcknowledgements, 'reportUnusedAcknowledgements', ['error', 'warning', 'off'], report),
  };
}

function readDesigns(value: unknown, report: Report): string[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0) {
    report('designs', 'expected a file, directory or glob, or a non-empty list of them, e.g. ["designs", "cdk.out"]');
    return undefined;
  }
  list.forEach((item, i) => {
    if (typeof item !== 'string' || item.trim() === '') report(childPath('designs', i), `expected a file, directory or glob, got ${JSON.stringify(item)}`);
  });
  return list as string[];
}

/** Thresholds and rule settings are checked by the core, exactly as lint() checks them, at the config's paths (`rules.SG099`). */
function readWithCore<F extends 'thresholds' | 'rules'>(value: unknown, field: F, report: Report): LintOptions[F] | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report(field, field === 'rules' ? 'expected an object mapping rule ids to "error", "warning" or "off", e.g. { "SG012": "off" }' : 'expected an object of threshold overrides, e.g. { "headroom": 0.7 }');
    return undefined;
  }
  try {
    return validateLintOptions({ [field]: value }, '')[field];
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    for (const issue of error.issues) report(issue.path, issue.message);
    return undefined;
  }
}

function readChoice<T extends string>(value: unknown, field: string, allowed: readonly T[], report: Report): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  report(field, `expected one of ${allowed.map((a) => `"${a}"`).join(', ')}, got ${JSON.stringify(value)}`);
  return undefined;
}

function readCount(value: unknown, field: string, report: Report): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  report(field, `expected a whole number ≥ 0, got ${JSON.stringify(value)}`);
  return undefined;
}

/** Lint options from the config, for lintDocument. */
export function lintOptionsOf(config: ProjectConfig | undefined): LintOptions {
  return { thresholds: config?.thresholds, rules: config?.rules };
}
