/**
 * The rule engine: normalizes input, runs every rule that applies to each design's engine,
 * applies severity overrides and acknowledgements, and sorts findings. Pure: no cloud SDK, no I/O.
 */
import { DesignError, type DesignIssue } from '../design/errors';
import { describe, ownValue } from '../design/shape';
import { joinPath, prefixPath } from '../design/field-path';
import type { DesignInput, Engine, ThresholdOverrides } from '../design/input';
import type { Acknowledgement, NormalizedDocument } from '../design/key-design';
import { normalizeInput } from '../design/normalize';
import type { NormalizeOptions } from '../design/normalize-context';
import { DesignAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { interpolate } from './messages';
import type { MessageData, RetiredRule, Rule, RuleHit, Severity } from './rule';
import { RETIRED_RULES, RULES } from './rules';

export interface Finding {
  readonly ruleId: string;
  readonly title: string;
  /** Which of the rule's message templates this is (stable; tests and tools can key on it). */
  readonly messageId: string;
  readonly severity: Severity;
  readonly engine: Engine;
  /** Table or container name. */
  readonly resource: string;
  /** The GSI concerned, if any. */
  readonly index?: string;
  /** Full field path, e.g. `tables[0].globalSecondaryIndexes[1].partitionKey`. */
  readonly path: string;
  readonly message: string;
  readonly fix: string;
  /** Waived by an acknowledgement; still reported so audits see every waiver. */
  readonly acknowledged: boolean;
  readonly reason?: string;
  /** Ids of the clauses appended to the message (variants of the rule's messages); absent when none. */
  readonly notes?: readonly string[];
  /** The values behind the message and fix: counts, loads, names and ids, never prose. */
  readonly data?: MessageData;
  /** The fix as design edits, where the fix is a change to the design itself (set the shard count,
   *  reorder paths, declare fan-out); absent when the fix lies outside the design (a cache, a migration). */
  readonly edits?: readonly DesignEdit[];
}

/** A rule's severity as configured for a project: its own, raised, lowered, or turned off. */
export type RuleSetting = Severity | 'off';

export interface LintOptions {
  /** Project-wide threshold overrides (below a document's and a design's own).
   *  @default - DEFAULT_THRESHOLDS */
  readonly thresholds?: ThresholdOverrides;
  /** Per-rule severity: `{ SG014: 'error', SG012: 'off' }`. A rule turned off reports nothing.
   *  @default - every rule at its catalogue severity */
  readonly rules?: Readonly<Record<string, RuleSetting>>;
}

/** An acknowledgement that waived nothing: the finding it was written for is gone (or never fired). */
export interface UnusedAcknowledgement {
  readonly ruleId: string;
  readonly engine: Engine;
  readonly resource: string;
  readonly index?: string;
  /** Full field path of the acknowledgement, e.g. `tables[0].acknowledgements[1]`. */
  readonly path: string;
  readonly reason: string;
  /** Set when the rule is retired: it no longer runs, so the acknowledgement can go. */
  readonly retired?: { readonly replacedBy: readonly string[] };
}

export interface LintResult {
  readonly findings: Finding[];
  readonly unusedAcknowledgements: UnusedAcknowledgement[];
}

/**
 * Checks a design file's content, or one table/container design (with `engine`), against the
 * whole catalogue. Throws `DesignError` (with field paths) when the input cannot be read.
 */
export function lint(input: DesignInput, options: LintOptions = {}): Finding[] {
  return lintDocument(input, options).findings;
}

/** The rules an engine run uses: the active ones and the retired ids still accepted in acknowledgements. */
interface Catalogue {
  readonly rules: readonly Rule[];
  readonly retired: readonly RetiredRule[];
}

const CATALOGUE: Catalogue = { rules: RULES, retired: RETIRED_RULES };

/** `lint()` plus the acknowledgements that no longer match any finding (stale waivers). */
export function lintDocument(input: DesignInput, options: LintOptions = {}): LintResult {
  return lintWithCatalogue(input, options, CATALOGUE);
}

/** The rule ids a catalogue's acknowledgements may name. */
function catalogueIds(catalogue: Catalogue): Pick<NormalizeOptions, 'ruleIds' | 'retiredRuleIds'> {
  return { ruleIds: catalogue.rules.map((r) => r.id), retiredRuleIds: catalogue.retired.map((r) => r.id) };
}

/** `lintDocument()` against a given catalogue (tests retire rules with it). */
export function lintWithCatalogue(input: DesignInput, options: LintOptions, catalogue: Catalogue): LintResult {
  const valid = readOptions(options);
  // The options and the design are read side by side, so every problem of both is reported at once.
  const settings = attempt(() => readRuleSettings(ownValue(valid, 'rules') as LintOptions['rules'], catalogue));
  const document = attempt(() => normalizeWith(input, valid, catalogue));
  if (settings instanceof DesignError || document instanceof DesignError) {
    const issues = [settings, document].flatMap((r) => (r instanceof DesignError ? r.issues : []));
    throw new DesignError(issues, document instanceof DesignError ? 'design' : 'lint options');
  }
  return lintNormalizedDocument(document as NormalizedDocument, catalogue, settings as ReadonlyMap<string, RuleSetting>);
}

/** The value, or the DesignError it threw (anything else is a bug and propagates). */
function attempt<T>(read: () => T): T | DesignError {
  try {
    return read();
  } catch (error) {
    if (error instanceof DesignError) return error;
    throw error;
  }
}

/** Reads and validates input into the normalized model, every default made explicit. */
export function normalize(input: DesignInput, options: LintOptions = {}): NormalizedDocument {
  return normalizeWith(input, readOptions(options), CATALOGUE);
}

function normalizeWith(input: DesignInput, options: object, catalogue: Catalogue): NormalizedDocument {
  const thresholds = ownValue(options, 'thresholds') as ThresholdOverrides | undefined;
  const { ruleIds, retiredRuleIds } = catalogueIds(catalogue);
  return normalizeInput(input, { ruleIds, retiredRuleIds, thresholds });
}

/** `null` or `undefined` options mean none; anything else must be an object (read by own properties only). */
function readOptions(options: unknown): object {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new DesignError([{ path: 'options', message: `expected an object such as { thresholds, rules }, got ${describe(options)}` }], 'lint options');
  }
  return options;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1 };
const SETTINGS: readonly RuleSetting[] = ['error', 'warning', 'off'];
const NO_SETTINGS: ReadonlyMap<string, RuleSetting> = new Map();
const COLLATOR = new Intl.Collator();

function readRuleSettings(settings: LintOptions['rules'], catalogue: Catalogue): ReadonlyMap<string, RuleSetting> {
  if (settings === undefined || settings === null) return NO_SETTINGS;
  const ids = catalogueIds(catalogue).ruleIds;
  const issues: DesignIssue[] = [];
  const result = new Map<string, RuleSetting>();
  if (typeof settings !== 'object' || Array.isArray(settings)) {
    throw new DesignError([{ path: 'options.rules', message: 'expected an object mapping rule ids to "error", "warning" or "off"' }], 'lint options');
  }
  for (const id of Object.keys(settings)) {
    const value = settings[id];
    const path = joinPath('options.rules', id);
    if (!ids.includes(id)) issues.push({ path, message: `"${id}" is not a skewguard rule; known rules: ${ids.join(', ')}` });
    else if (!SETTINGS.includes(value)) issues.push({ path, message: `expected "error", "warning" or "off", got ${describe(value)}` });
    else result.set(id, value);
  }
  if (issues.length > 0) throw new DesignError(issues, 'lint options');
  return result;
}

function lintNormalizedDocument(document: NormalizedDocument, catalogue: Catalogue, settings: ReadonlyMap<string, RuleSetting>): LintResult {
  const { rules } = catalogue;
  const findings: { order: number; finding: Finding }[] = [];
  const used = new Set<Acknowledgement>();
  const active = settings.size === 0 ? rules : rules.filter((rule) => settings.get(rule.id) !== 'off');
  const collect = (order: number, engine: Engine, resource: string, location: string, acknowledgements: readonly Acknowledgement[], rule: Rule, hits: RuleHit[]) => {
    for (const hit of hits) {
      const ack = acknowledgements.find((a) => a.rule === rule.id && (a.index === undefined || a.index === hit.index));
      if (ack) used.add(ack);
      const setting = settings.get(rule.id);
      findings.push({
        order,
        finding: {
          ruleId: rule.id,
          title: rule.title,
          messageId: hit.messageId,
          severity: setting === 'error' || setting === 'warning' ? setting : hit.severity ?? rule.severity,
          engine,
          resource,
          index: hit.index,
          path: prefixPath(location, hit.path),
          message: render(rule, [hit.messageId, ...(hit.notes ?? [])], hit.data),
          fix: render(rule, [hit.fixId, ...(hit.fixNotes ?? [])], hit.data),
          acknowledged: ack !== undefined,
          reason: ack?.reason,
          ...(hit.notes?.length ? { notes: hit.notes } : {}),
          data: hit.data,
          edits: hit.edits?.map((edit) => ({ ...edit, path: prefixPath(location, edit.path) })),
        },
      });
    }
  };
  const unused: UnusedAcknowledgement[] = [];
  const collectUnused = (engine: Engine, resource: string, location: string, acknowledgements: readonly Acknowledgement[]) => {
    for (const ack of acknowledgements) {
      // A waiver for a rule the project turned off is not stale: the rule may come back on.
      if (used.has(ack) || settings.get(ack.rule) === 'off') continue;
      const retired = catalogue.retired.find((r) => r.id === ack.rule);
      unused.push({
        ruleId: ack.rule, engine, resource, index: ack.index, path: prefixPath(location, ack.path), reason: ack.reason,
        ...(retired ? { retired: { replacedBy: retired.replacedBy } } : {}),
      });
    }
  };
  document.designs.forEach(({ location, design }, order) => {
    const analysis = new DesignAnalysis(design);
    for (const rule of active) {
      if (rule.check && rule.engines.includes(design.engine)) {
        collect(order, design.engine, design.name, location, design.acknowledgements, rule, rule.check(design, analysis));
      }
    }
    collectUnused(design.engine, design.name, location, design.acknowledgements);
  });
  document.external.forEach(({ location, resource }, i) => {
    for (const rule of active) {
      if (rule.checkExternal && rule.engines.includes(resource.engine)) {
        collect(document.designs.length + i, resource.engine, resource.name, location, resource.acknowledgements, rule, rule.checkExternal(resource));
      }
    }
    collectUnused(resource.engine, resource.name, location, resource.acknowledgements);
  });
  const sorted = findings
    .sort((a, b) =>
      a.order - b.order ||
      SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] ||
      COLLATOR.compare(a.finding.ruleId, b.finding.ruleId) ||
      COLLATOR.compare(a.finding.path, b.finding.path))
    .map((f) => f.finding);
  return { findings: sorted, unusedAcknowledgements: unused };
}

/** A message or fix: its template and its clauses, each filled from the hit's data. */
function render(rule: Rule, ids: readonly string[], data: MessageData): string {
  return interpolate(ids.map((id) => rule.messages[id]).join(''), data);
}

/** Findings that should stop a deployment: unacknowledged, at or above `level`. */
export function blockingFindings(findings: readonly Finding[], level: Severity = 'error'): Finding[] {
  if (!Object.prototype.hasOwnProperty.call(SEVERITY_ORDER, level)) {
    // Fail closed: an unknown level must not quietly let every finding through.
    throw new DesignError([{ path: 'level', message: `expected "error" or "warning", got ${describe(level)}` }], 'blockingFindings() level');
  }
  return findings.filter((f) => !f.acknowledged && SEVERITY_ORDER[f.severity] <= SEVERITY_ORDER[level]);
}

/**
 * One finding as the adapters and reports print it:
 * `error SG003 hot-key-exceeds-partition at tables[0].partitionKey (tickets): <message>\n  fix: <fix>`.
 * `at` replaces the field path prefix, e.g. with a construct path.
 */
export function describeFinding(finding: Finding, options: { readonly at?: string } = {}): string {
  const where = options.at ?? finding.path;
  const ack = finding.acknowledged ? ` (acknowledged: ${finding.reason})` : '';
  const edits = finding.edits?.map((e) => (e.op === 'set' ? `set ${e.path} = ${JSON.stringify(e.value)}` : `remove ${e.path}`)).join('; ');
  return `${finding.severity} ${finding.ruleId} ${finding.title} at ${where || '(root)'} (${finding.resource}${finding.index ? `, index ${finding.index}` : ''}): ${finding.message}${ack}\n  fix: ${finding.fix}${edits ? `\n  edits: ${edits}` : ''}`;
}
