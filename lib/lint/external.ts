/**
 * Lints one resource created outside the guarded constructs (a raw template table, a container the
 * policy pack sees), with the fields it was read from as the reported paths and, for a policy that
 * checks one thing, a subset of the rules. The adapters call this instead of building a document
 * around the resource and rewriting its paths.
 */
import { checkWith } from '../design/check';
import { DesignError, UsageError, type DesignIssue } from '../design/errors';
import { parseFieldPath, prefixPath, rebasePath } from '../design/field-path';
import type { ExternalResourceDesign } from '../design/input';
import { IssueLog } from '../design/issue-log';
import { normalizeExternal, type ExternalLocations } from '../design/normalize';
import { classGetterIssues, isPlainObject, list, ownData, readInput, record, text } from '../design/shape';
import { externalResourceShape } from '../design/shapes';
import { lintNormalized, type LintResult } from './engine';
import { CATALOGUE_IDS, validateLintOptions, type LintOptions } from './validate';

export type { ExternalLocations } from '../design/normalize';

export interface ExternalLintOptions extends LintOptions {
  /** Where each field was read from, reported instead of its path in `resource`
   *  (each still under `basePath`). @default - paths in `resource` (`partitionKeys[0]`) */
  readonly locations?: ExternalLocations;
}

/**
 * Findings and stale waivers of one external resource (`only: ['SG015']` runs that rule alone).
 * Throws {@link DesignError} when the resource cannot be read, each issue at its reported path.
 */
export function lintExternal(resource: ExternalResourceDesign, options: ExternalLintOptions = {}): LintResult {
  const { locations, lintOptions } = splitOptions(options);
  const valid = validateLintOptions(lintOptions);
  const basePath = valid.basePath ?? '';
  const issues: DesignIssue[] = [];
  const read = readInput(externalResourceShape, resource, '', issues);
  const external = read && normalizeExternal(read, new IssueLog(issues, ''), CATALOGUE_IDS, locations);
  if (issues.length > 0 || !external) {
    throw new DesignError(
      issues.map((issue) => ({ path: prefixPath(basePath, located(issue.path, locations)), message: issue.message })),
      'external resource',
    );
  }
  return lintNormalized({ designs: [], external: [{ location: '', resource: external }] }, valid);
}

const path = (doc: string) => ({ shape: text(), optional: true as const, doc });
const LOCATIONS = record<ExternalLocations>(
  {
    partitionKeys: { shape: list(text()), optional: true, doc: 'Where each partitionKeys entry was read from.' },
    keyMonitoring: path('Where keyMonitoring was read from.'),
    partitionKeyList: path('Where the list of partition keys was read from.'),
    partitionKeyKind: path('Where partitionKeyKind was read from.'),
    partitionKeyVersion: path('Where partitionKeyVersion was read from.'),
    acknowledgements: path('Where the acknowledgements were read from.'),
  },
  { title: 'external resource locations' },
);

/** `locations` (checked) apart from the lint options; `null` means none, as it does for `lint()`, and
 *  what is not an object is left to `validateLintOptions()` to name. */
function splitOptions(given: unknown): { locations: ExternalLocations; lintOptions: unknown } {
  // Read once, as data: a getter or Proxy that throws, or a class getter a spread would lose, is named here.
  const unreadable: DesignIssue[] = [];
  const options = ownData(given, 'options', unreadable);
  if (isPlainObject(options) && unreadable.length === 0) classGetterIssues(options, 'options', unreadable);
  if (unreadable.length > 0) throw new UsageError(unreadable, 'lintExternal() options');
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return { locations: {}, lintOptions: options };
  const { locations, ...lintOptions } = options as ExternalLintOptions;
  const checked = locations === undefined ? {} : checkWith(LOCATIONS, locations, { path: 'options.locations', subject: 'lintExternal() options' });
  return { locations: checked, lintOptions };
}

/** A shape issue's path in `resource` at the location its field was read from. */
function located(path: string, locations: ExternalLocations): string {
  const [field, i] = parseFieldPath(path);
  const key = field === 'partitionKeys' && typeof i === 'number' ? locations.partitionKeys?.[i] : undefined;
  if (key !== undefined) return key;
  const whole =
    path === 'partitionKeys' ? locations.partitionKeyList : path === 'partitionKeyKind' || path === 'partitionKeyVersion' ? locations[path] : undefined;
  if (whole !== undefined) return whole;
  if (field === 'acknowledgements' && locations.acknowledgements !== undefined) return rebasePath(path, 'acknowledgements', locations.acknowledgements) ?? path;
  return path;
}
