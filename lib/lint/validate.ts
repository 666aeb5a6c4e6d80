/**
 * The checks of what callers pass beside a design: `lint()` options and acknowledgements given
 * outside a design (CDK's `Validations.acknowledge()`, the policy pack's options, a config file).
 * The adapters call these instead of wrapping their input in a fake design document.
 */
import { checkWith } from '../design/check';
import { UsageError, type DesignIssue } from '../design/errors';
import { joinPath } from '../design/field-path';
import type { AcknowledgementDesign, ThresholdOverrides } from '../design/input';
import { IssueLog } from '../design/issue-log';
import { isObject } from '../design/json-object';
import { readKinds } from '../design/normalize';
import { acknowledgement as readAcknowledgement, acknowledgements as readAcknowledgements } from '../design/normalize-usage';
import { calendarDay, list, mapOf, oneOf, ownData, record, text } from '../design/shape';
import { acknowledgementShape, quotasShape, thresholdsShape } from '../design/shapes';
import type { DynamoDbQuotas } from '../engines';
import type { Rule, Severity } from './rule';
import { RETIRED_RULES, RULES } from './rules';

/** A rule's severity as configured for a project: its own, raised, lowered, or turned off. */
export type RuleSetting = Severity | 'off';

export interface LintOptions {
  /** Project-wide threshold overrides (below a document's and a design's own).
   *  @default - DEFAULT_THRESHOLDS */
  readonly thresholds?: ThresholdOverrides;
  /** The account's DynamoDB throughput quotas where Service Quotas raised them (`{ tableWriteUnits: 200000 }`): every
   *  table and GSI linted is checked against them instead of the published defaults. Each figure is at least its
   *  default, since a quota is only ever raised.
   *  @default - the defaults of "Quotas in Amazon DynamoDB": 40,000 read and 40,000 write units per table (and per GSI),
   *  80,000 of each per account in a Region */
  readonly quotas?: DynamoDbQuotas;
  /** Per-rule severity: `{ SG014: 'error', SG012: 'off' }`. A rule turned off reports nothing.
   *  @default - every rule at its catalogue severity */
  readonly rules?: Readonly<Record<string, RuleSetting>>;
  /** Runs only these rules (a policy that checks one thing); acknowledgements of the others are
   *  not reported as unused.
   *  @default - every rule of the catalogue */
  readonly only?: readonly string[];
  /** Field path of the input inside a larger document, prefixed to every reported path: findings,
   *  their edits, unused acknowledgements and input errors (`Resources.Orders.Metadata.skewguard.design`).
   *  @default '' (paths relative to the input) */
  readonly basePath?: string;
  /** The day, `YYYY-MM-DD` (UTC), on which acknowledgements' `expires` dates are judged: a waiver holds up to and
   *  including its `expires` day. Pin it where a report must not change with the calendar (a snapshot test).
   *  @default - today (UTC), read only when an acknowledgement has an `expires` date */
  readonly today?: string;
}

/** The rule ids a run knows: those that run, and retired ones still accepted in acknowledgements. */
export interface KnownRules {
  readonly ruleIds: readonly string[];
  readonly retiredRuleIds: readonly string[];
  /** The kinds an acknowledgement's `appliesTo` may name for a rule (its message ids and part kinds); undefined for a
   *  rule not in the catalogue. */
  readonly messageIdsOf: (ruleId: string) => readonly string[] | undefined;
}

/** The kinds `appliesTo` may name for `ruleId` among `rules`: its message ids (building its messages, which only an
 *  `appliesTo` asks for) and its narrower `partKinds` (SG003's `hotKeyReads`), which no other rule knows. */
export function messageIdsIn(rules: readonly Rule[]): KnownRules['messageIdsOf'] {
  return (ruleId) => {
    const rule = rules.find((r) => r.id === ruleId);
    return rule && [...Object.keys(rule.messages), ...Object.keys(rule.partKinds ?? {})];
  };
}

export const CATALOGUE_IDS: KnownRules = {
  ruleIds: RULES.map((r) => r.id),
  retiredRuleIds: RETIRED_RULES.map((r) => r.id),
  messageIdsOf: messageIdsIn(RULES),
};

function lintOptionsShape(known: KnownRules) {
  const ruleId = oneOf(known.ruleIds);
  return record<LintOptions>(
    {
      thresholds: { shape: thresholdsShape, optional: true, doc: 'Project-wide threshold overrides.' },
      quotas: { shape: quotasShape, optional: true, doc: "The account's raised DynamoDB throughput quotas (Service Quotas); default the published ones." },
      rules: {
        shape: mapOf(oneOf(['error', 'warning', 'off'], '"error", "warning" or "off"'), {
          keys: known.ruleIds,
          keyNoun: 'a skewguard rule',
          expected: 'an object mapping rule ids to "error", "warning" or "off"',
        }),
        optional: true,
        doc: 'Severity per rule id: "error", "warning" or "off".',
      },
      only: { shape: list(ruleId, { minItems: 1 }), optional: true, doc: 'Run only these rules.' },
      basePath: { shape: text({ minLength: 0 }), optional: true, doc: 'Field path prefixed to every reported path.' },
      today: { shape: calendarDay(), optional: true, doc: "The day acknowledgements' expiry dates are judged on; default today (UTC)." },
    },
    { title: 'lint() options' },
  );
}

/** The built-in catalogue's options shape, built once: every `lint()` call checks its options with it. */
const CATALOGUE_OPTIONS = lintOptionsShape(CATALOGUE_IDS);

/** `validateLintOptions()` against a given set of rule ids (a test's own catalogue retires rules). */
export function readLintOptions(options: unknown, known: KnownRules, path = 'options'): LintOptions {
  if (options === undefined || options === null) return {};
  const shape = known === CATALOGUE_IDS ? CATALOGUE_OPTIONS : lintOptionsShape(known);
  // Copied first: withoutRetiredRules looks at the options before the shape reads them.
  const unreadable: DesignIssue[] = [];
  const data = ownData(options, path, unreadable);
  if (unreadable.length > 0) throw new UsageError(unreadable, 'lint options');
  return checkWith(shape, withoutRetiredRules(data, known), { path, subject: 'lint options' });
}

/**
 * `options` without settings of retired rules in `rules`: a retired id is never an error (an old
 * config keeps working, as an old waiver does), and a retired rule runs no more, so its setting has
 * no effect. The CLI says so in a note (lib/cli/config.ts).
 */
function withoutRetiredRules(options: unknown, known: KnownRules): unknown {
  if (!isObject(options) || !Object.prototype.hasOwnProperty.call(options, 'rules') || !isObject(options.rules)) return options;
  const rules = options.rules;
  if (!Object.keys(rules).some((id) => known.retiredRuleIds.includes(id))) return options;
  return { ...options, rules: Object.fromEntries(Object.entries(rules).filter(([id]) => !known.retiredRuleIds.includes(id))) };
}

/**
 * Checks `lint()` options, as `lint()` itself does: known fields only (a typo is an error, never
 * ignored), thresholds in range, rule ids of the catalogue with "error", "warning" or "off".
 * `null` and `undefined` mean none. Throws {@link UsageError} listing every problem, each at a field
 * path under `path` (a config file passes `''`, so `rules.SG099` points at its own field).
 */
export function validateLintOptions(options: unknown, path = 'options'): LintOptions {
  return readLintOptions(options, CATALOGUE_IDS, path);
}

export interface AcknowledgementCheckOptions {
  /** Field path of the list, prefixed to each problem's path. @default 'acknowledgements' */
  readonly path?: string;
  /** Index names an acknowledgement may scope itself to (`index`). @default - none: no `index` accepted */
  readonly indexNames?: readonly string[];
}

/**
 * Checks waivers given outside a design exactly as a design's own are read: a list of
 * `{ rule, reason, index? }` with a known (or retired) rule id and a reason of at least 10
 * characters. Returns them, or throws {@link UsageError} naming each problem's field path.
 */
const ACKNOWLEDGEMENT_CHECK_OPTIONS = record<AcknowledgementCheckOptions>(
  {
    path: { shape: text({ minLength: 0 }), optional: true, doc: 'Field path of the list, prefixed to each problem.' },
    indexNames: { shape: list(text()), optional: true, doc: 'Index names an acknowledgement may scope itself to.' },
  },
  { title: 'acknowledgement check options' },
);

/** The validators' own options, checked before they are used: a wrong one is a UsageError at `options.…`. */
function checkedOptions(options: unknown): AcknowledgementCheckOptions {
  return options === undefined ? {} : checkWith(ACKNOWLEDGEMENT_CHECK_OPTIONS, options, { path: 'options', subject: 'acknowledgement check options' });
}

export function validateAcknowledgements(value: unknown, given: AcknowledgementCheckOptions = {}): AcknowledgementDesign[] {
  const options = checkedOptions(given);
  const path = options.path ?? 'acknowledgements';
  const issues: DesignIssue[] = [];
  const log = new IssueLog(issues, '');
  let listed: AcknowledgementDesign[];
  try {
    listed = checkWith(list(acknowledgementShape), value, { path, subject: 'acknowledgements' });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // A short reason and an unknown rule id of one waiver are named together, not one fix after the other.
    issues.push(...error.issues);
    rulesOfUnreadList(value, path, issues, log);
    throw new UsageError(issues, 'acknowledgements');
  }
  readAcknowledgements(listed, options.indexNames ?? [], CATALOGUE_IDS, log, path);
  if (issues.length > 0) throw new UsageError(issues, 'acknowledgements');
  return listed;
}

/** The value of an own data property, or undefined: never runs a getter or a Proxy trap's throw a second time. */
function ownDataValue(holder: unknown, key: string | number): unknown {
  if (typeof holder !== 'object' || holder === null) return undefined;
  try {
    const descriptor = Object.getOwnPropertyDescriptor(holder, key);
    return descriptor && 'value' in descriptor ? descriptor.value : undefined;
  } catch {
    return undefined;
  }
}

function isList(value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false; // a revoked Proxy: its shape problem is already named
  }
}

/** Checks the rule id of each waiver of a list its shape refused, where the id itself was read without a problem. */
function rulesOfUnreadList(value: unknown, path: string, issues: readonly DesignIssue[], log: IssueLog): void {
  const length = isList(value) ? ownDataValue(value, 'length') : undefined;
  if (typeof length !== 'number') return;
  for (let i = 0; i < length; i++) ruleOfUnread(ownDataValue(value, i), joinPath(path, i), issues, log);
}

/** Checks the rule id and kinds of a waiver its shape refused (a short reason), unless they are what was refused. */
function ruleOfUnread(value: unknown, path: string, issues: readonly DesignIssue[], log: IssueLog): void {
  const rule = ownDataValue(value, 'rule');
  if (typeof rule !== 'string' || issues.some((issue) => issue.path === joinPath(path, 'rule'))) return;
  const appliesTo = readKinds(ownDataValue(value, 'appliesTo'), joinPath(path, 'appliesTo'), new Set(issues.map((issue) => issue.path)));
  readAcknowledgement({ rule, reason: '', appliesTo }, path, [], CATALOGUE_IDS, log);
}

/** One waiver, as {@link validateAcknowledgements} checks each (`path` defaults to `''`: issues at `rule`, `reason`). */
export function validateAcknowledgement(value: unknown, given: AcknowledgementCheckOptions = {}): AcknowledgementDesign {
  const options = checkedOptions(given);
  const path = options.path ?? '';
  const issues: DesignIssue[] = [];
  const log = new IssueLog(issues, '');
  let ack: AcknowledgementDesign;
  try {
    ack = checkWith(acknowledgementShape, value, { path, subject: 'acknowledgement' });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    issues.push(...error.issues);
    ruleOfUnread(value, path, issues, log);
    throw new UsageError(issues, 'acknowledgement');
  }
  readAcknowledgement(ack, path, options.indexNames ?? [], CATALOGUE_IDS, log);
  if (issues.length > 0) throw new UsageError(issues, 'acknowledgement');
  return ack;
}
