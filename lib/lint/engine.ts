/**
 * The rule engine: normalizes input, runs every rule that applies to each design's engine,
 * applies severity overrides and acknowledgements, and sorts findings. Pure: no cloud SDK, no I/O.
 */
import { broadScopeWaiverNote, kindsNaming, kindsWaived, kindWaiverIds, partsLeftOut, type WaivedKind } from '../cfn/waiver-id';
import { DesignError, UsageError } from '../design/errors';
import { compareFieldPaths, prefixPath } from '../design/field-path';
import type { DesignInput, Engine } from '../design/input';
import type { Acknowledgement, KeyDesign, NormalizedDocument } from '../design/key-design';
import { normalizeInput } from '../design/normalize';
import { printable } from '../design/printable';
import { describe, ownValue } from '../design/shape';
import { ENGINES } from '../engines';
import { DesignAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { roundedFigure } from './format';
import { fillTemplate } from './messages';
import { keySpaceOf, waiversOf, type MessageData, type RetiredRule, type Rule, type RuleHit, type Severity, type UnjudgedHit } from './rule';
import { RETIRED_RULES, RULES, retiredRuleNote } from './rules';
import { CATALOGUE_IDS, messageIdsIn, readLintOptions, type KnownRules, type LintOptions, type RuleSetting } from './validate';

/** An acknowledgement whose `expires` day has passed, as the finding it no longer waives names it. */
export interface ExpiredAcknowledgement {
  /** The reason the waiver gave. */
  readonly reason: string;
  /** Its last day, `YYYY-MM-DD` (UTC). */
  readonly expires: string;
  /** Its full field path, e.g. `tables[0].acknowledgements[1]`. */
  readonly path: string;
}

/** An acknowledgement without `appliesTo` that waives findings of more than one kind (message id) of its rule. */
export interface BroadAcknowledgement {
  /** Its full field path, e.g. `tables[0].acknowledgements[1]`. */
  readonly path: string;
  /** The kinds of the findings it waives, sorted: their message ids, or the parts of one message id whose findings
   *  differ in their parts (`overQuotaReads`, `overQuotaWrites`: two quotas, raised by separate requests). */
  readonly kinds: readonly string[];
  /** Set by `skewguard lint cdk.out/` when the waiver is a template's copy of a `Validations.acknowledge()` given at this
   *  construct path (`''` for the app): reports then name the CDK id that waives one kind (`skewguard::SG017[overQuota]`).
   *  @default - absent: a waiver written in the design */
  readonly acknowledgedAt?: string;
}

/** An acknowledgement whose `appliesTo` names some of a finding's parts but not all, as that finding (not waived) names it. */
export interface PartialAcknowledgement {
  /** The reason the waiver gave. */
  readonly reason: string;
  /** Its full field path, e.g. `tables[0].acknowledgements[1]`. */
  readonly path: string;
  /** The kinds it names (its `appliesTo`). */
  readonly appliesTo: readonly string[];
  /** The finding's parts it does not name (`hotKeyWrites`): what keeps the finding reported. */
  readonly leftOut: readonly string[];
}

/** An acknowledgement without `index`, as the unwaived finding on an index of its table names it: it does not cover it. */
export interface AcknowledgementWithoutIndex {
  /** The reason the waiver gave. */
  readonly reason: string;
  /** Its full field path, e.g. `tables[0].acknowledgements[1]`. */
  readonly path: string;
}

export interface Finding {
  /** Id of the rule that found it, e.g. `SG001`. */
  readonly ruleId: string;
  /** The rule's kebab-case name, e.g. `low-cardinality-key`. */
  readonly title: string;
  /** Which of the rule's message templates this is (stable; tests and tools can key on it). */
  readonly messageId: string;
  /** `error` or `warning`: the project's setting for the rule (`rules` option) when it gives one, else what the rule
   *  reports for this case. */
  readonly severity: Severity;
  /** Engine of the design the finding is on: `dynamodb` or `cosmosdb`. */
  readonly engine: Engine;
  /** Table or container name. */
  readonly resource: string;
  /** The index whose key space the finding is on (a GSI, or an LSI's own sort key); absent when it is on the table's
   *  or container's own key space: its key, its access patterns on the table, its table-wide figures. Only an
   *  acknowledgement naming this index (`index`) waives it; one without `index` waives the own key space only. */
  readonly index?: string;
  /** Full field path, e.g. `tables[0].globalSecondaryIndexes[1].partitionKey`. */
  readonly path: string;
  /** What is wrong, with the figures behind it (loads, ceilings, counts), in one paragraph. */
  readonly message: string;
  /** The fix computed for this design (a shard count, a reordered key, a cache), in one paragraph. */
  readonly fix: string;
  /** Waived by an acknowledgement; still reported so audits see every waiver. */
  readonly acknowledged: boolean;
  /** The reason of the acknowledgement that waived it (of several whose parts add up, their reasons joined by `; `);
   *  absent when `acknowledged` is false. */
  readonly reason?: string;
  /** The acknowledgement that waived it until its `expires` day passed: the finding counts again (`acknowledged`
   *  is false), and reports say which waiver lapsed. Absent when no expired acknowledgement matches it. */
  readonly expiredAcknowledgement?: ExpiredAcknowledgement;
  /** On a finding on an index that no acknowledgement waives: the acknowledgement of the same rule without `index`
   *  on its table, which waives the table's own key space only, so reports can say it does not cover this index
   *  (add `index` to waive it here). @default - absent: no finding on an index, or no such acknowledgement */
  readonly acknowledgementWithoutIndex?: AcknowledgementWithoutIndex;
  /** On an acknowledged finding: the acknowledgement that waived it when it names no `appliesTo` and waives findings of
   *  more than one kind (findings of one message id whose `parts` differ count as several), so reports say which kinds
   *  one waiver absorbs (add `appliesTo` to tie it to one).
   *  @default - absent: not acknowledged, or its acknowledgement waives one kind (or names the kinds in `appliesTo`) */
  readonly broadAcknowledgement?: BroadAcknowledgement;
  /** The narrower kinds the finding is made of (its rule's part kinds: SG003's hot key has `hotKeyReads` where its reads
   *  are over the ceiling and `hotKeyWrites` where its writes are): an acknowledgement whose `appliesTo` names every
   *  one waives it, as one naming its `messageId` does, and so do several that name them between them (their reasons
   *  joined in `reason`). @default - absent: only its message id names it */
  readonly parts?: readonly string[];
  /** The kind its `messageId` is a variant of (its rule's `messageVariants`: SG003's `hotKey` for `hotNamedKey`, the same
   *  hot value named by the reads that ask for it): an acknowledgement whose `appliesTo` names it waives this finding, as
   *  one naming its `messageId` does. @default - absent: its message id is a kind of its own */
  readonly variantOf?: string;
  /** On a finding no acknowledgement waives: one whose `appliesTo` names some of its `parts` but not all (a waiver of
   *  `hotKeyReads` on a key whose writes are over too), so reports say which heat it leaves uncovered.
   *  @default - absent: no such acknowledgement */
  readonly partialAcknowledgement?: PartialAcknowledgement;
  /** Ids of the clauses appended to the message (variants of the rule's messages); absent when none. */
  readonly notes?: readonly string[];
  /** The values behind the message and fix: counts, loads, names and ids, never prose. */
  readonly data?: MessageData;
  /** The fix as design edits, where the fix is a change to the design itself (set the shard count,
   *  reorder paths, declare fan-out); absent when the fix lies outside the design (a cache, a migration). */
  readonly edits?: readonly DesignEdit[];
}

export type { LintOptions, RuleSetting } from './validate';

/** An acknowledgement that waived nothing: the finding it was written for is gone (or never fired). */
export interface UnusedAcknowledgement {
  /** Id of the rule the acknowledgement waives, e.g. `SG014`. */
  readonly ruleId: string;
  /** Engine of the design that declares it. */
  readonly engine: Engine;
  /** Name of the table or container that declares it. */
  readonly resource: string;
  /** The index whose findings it waives; absent when it waives the table's or container's own key space only (its
   *  key, its access patterns on the table, its table-wide figures), never its indexes'. */
  readonly index?: string;
  /** The kinds of finding (message ids) it waives; absent when it waives every kind of its rule's findings.
   *  @default - absent: every kind */
  readonly appliesTo?: readonly string[];
  /** On one with `appliesTo`: the kinds (message ids) its rule does report on its key space, none of which it names, so
   *  a mistyped or wrongly chosen kind shows which one to name. @default - absent: its rule reports none there */
  readonly openKinds?: readonly string[];
  /** On one without `index`: the indexes of its table where its rule still reports findings it does not cover
   *  (each needs an acknowledgement naming it). @default - absent: none */
  readonly uncoveredIndexes?: readonly string[];
  /** Full field path of the acknowledgement, e.g. `tables[0].acknowledgements[1]`. */
  readonly path: string;
  /** The acknowledgement's declared reason, for the reviewer who decides whether to remove it. */
  readonly reason: string;
  /** Set when the rule is retired: it no longer runs, so the acknowledgement can go. */
  readonly retired?: {
    /** The rules that check what the retired one did; empty when none does. */
    readonly replacedBy: readonly string[];
  };
}

/**
 * What a rule that ran did not judge for want of a declared figure, or judged on an assumption in its place: the lint's
 * assumptions, reported beside the findings (never as one: nothing is known to be wrong) so that a clean lint is not
 * read as every rule having judged the design.
 */
export interface NotJudged {
  /** Id of the rule that would judge it, e.g. `SG006`. */
  readonly ruleId: string;
  /** Stable id of what went unjudged: `partitionSize` (the largest key value's size against its cap), `hottestValue`
   *  (the hottest value taken as uniform, 1/cardinality), `storageMinimum` (the RU/s and partitions storage sets), `servedPeak` (an on-demand table's partitions counted
   *  for twice its peak: no `launchAtPeak` declared). */
  readonly kind: string;
  /** Engine of the design. */
  readonly engine: Engine;
  /** Table or container name. */
  readonly resource: string;
  /** The GSI whose key space it concerns. @default - absent: the table's or container's own key space */
  readonly index?: string;
  /** Full field path of the design or key space it concerns, e.g. `containers[0]`, `tables[0].globalSecondaryIndexes[1]`. */
  readonly path: string;
  /** Full field path of the figure that, declared, lets the rule judge it, e.g. `containers[0].storage.largestPartitionGb`. */
  readonly declare: string;
  /** What went unjudged, or what was assumed in its place, in a phrase. */
  readonly what: string;
}

export interface LintResult {
  /** Every finding, acknowledged ones included (`acknowledged: true`): by design in file order, then errors before
   *  warnings, then by rule id and field path. */
  readonly findings: Finding[];
  /** Acknowledgements that waived no finding of a rule that ran: candidates to remove. */
  readonly unusedAcknowledgements: UnusedAcknowledgement[];
  /** What the rules that ran did not judge for want of a declared figure, by design in file order: empty where every
   *  design declares what its rules read. */
  readonly notJudged: NotJudged[];
}

/**
 * Checks a design file's content, or one table/container design (with `engine`), against the
 * whole catalogue. Throws `DesignError` (with field paths) when the input cannot be read, and
 * `UsageError` when only the options are wrong (an unknown key included).
 *
 * Input and options are read as plain data (JSON-like objects, own properties only), each field once.
 * A field whose getter or Proxy trap throws, or that holds a revoked Proxy, is an issue at its path
 * ("could not be read: …") with what was thrown as its `cause` (and the error's).
 */
export function lint(input: DesignInput, options?: LintOptions): Finding[] {
  return lintWithCatalogue(input, options, CATALOGUE, FINDINGS_ALONE).findings;
}

/** The rules an engine run uses: the active ones and the retired ids still accepted in acknowledgements. */
interface Catalogue {
  readonly rules: readonly Rule[];
  readonly retired: readonly RetiredRule[];
}

const CATALOGUE: Catalogue = { rules: RULES, retired: RETIRED_RULES };

/** A rule that checks designs, or one that checks external resources. */
type DesignCheck = Rule & Required<Pick<Rule, 'check'>>;
type ExternalCheck = Rule & Required<Pick<Rule, 'checkExternal'>>;

/** The rules a run checks each engine's designs and external resources with, in catalogue order. */
interface ChecksByEngine {
  readonly designs: Readonly<Record<Engine, readonly DesignCheck[]>>;
  readonly external: Readonly<Record<Engine, readonly ExternalCheck[]>>;
}

function checksByEngine(rules: readonly Rule[]): ChecksByEngine {
  const designs = {} as Record<Engine, readonly DesignCheck[]>;
  const external = {} as Record<Engine, readonly ExternalCheck[]>;
  for (const engine of ENGINES) {
    const rulesOfEngine = rules.filter((rule) => rule.engines.includes(engine));
    designs[engine] = rulesOfEngine.filter((rule): rule is DesignCheck => rule.check !== undefined);
    external[engine] = rulesOfEngine.filter((rule): rule is ExternalCheck => rule.checkExternal !== undefined && rule.externalEngines.includes(engine));
  }
  return { designs, external };
}

/** The built-in catalogue's checks by engine, grouped once: a run that sets no rule runs them all. */
const CATALOGUE_CHECKS = checksByEngine(RULES);

function catalogueChecks(catalogue: Catalogue): ChecksByEngine {
  return catalogue === CATALOGUE ? CATALOGUE_CHECKS : checksByEngine(catalogue.rules);
}

/** `lint()` plus the acknowledgements that no longer match any finding (stale waivers). */
export function lintDocument(input: DesignInput, options?: LintOptions): LintResult {
  return lintWithCatalogue(input, options, CATALOGUE);
}

/** The rule ids a catalogue's acknowledgements may name; the built-in catalogue's are listed once (CATALOGUE_IDS), with its options shape. */
function catalogueIds(catalogue: Catalogue): KnownRules {
  if (catalogue === CATALOGUE) return CATALOGUE_IDS;
  return { ruleIds: catalogue.rules.map((r) => r.id), retiredRuleIds: catalogue.retired.map((r) => r.id), messageIdsOf: messageIdsIn(catalogue.rules) };
}

/** How one run treats the rules: settings from the options, and the subset it runs. */
interface RunSettings {
  readonly settings: ReadonlyMap<string, RuleSetting>;
  readonly only?: ReadonlySet<string>;
  readonly basePath: string;
  /** The day expiry dates are judged on, read from the clock only when a waiver has one (a lint stays a function of its input otherwise). */
  readonly today: () => string;
}

/** The settings of a run whose options set no rule (most runs). */
const NO_SETTINGS: ReadonlyMap<string, RuleSetting> = new Map();

function runSettings(options: LintOptions): RunSettings {
  const settings = options.rules ? new Map(Object.entries(options.rules)) : NO_SETTINGS;
  const today = () => options.today ?? new Date().toISOString().slice(0, 10);
  return { settings, only: options.only && new Set(options.only), basePath: options.basePath ?? '', today };
}

/** Whether `ack` no longer holds on `today`: its last day (UTC) is before it. ISO days compare as text. */
const expiredOn = (ack: Acknowledgement, today: () => string): boolean => ack.expires !== undefined && ack.expires < today();

/**
 * The design (or external resource) as its rules see it: without the acknowledgements that expired, so a rule that
 * asks whether another's fix was declined (acknowledgementOf) hears no from a lapsed waiver. The same object when
 * none expired.
 */
function withWaiversInEffect<T extends { readonly acknowledgements: readonly Acknowledgement[] }>(owner: T, today: () => string): T {
  if (!owner.acknowledgements.some((ack) => expiredOn(ack, today))) return owner;
  return Object.assign({}, owner, { acknowledgements: owner.acknowledgements.filter((ack) => !expiredOn(ack, today)) });
}

/** What a lint gathers beside its findings. */
interface Gathered {
  /** Whether it asks every rule what it left unjudged on each design (`LintResult.notJudged`). */
  readonly notJudged: boolean;
}

/** What `lintDocument()` and `lintNormalized()` return. */
const EVERYTHING: Gathered = { notJudged: true };
/** `lint()` returns the findings alone: it does not ask the rules what they left unjudged (most designs say the
 *  hottest value is taken as uniform), a list its caller never sees. */
const FINDINGS_ALONE: Gathered = { notJudged: false };

/** `lintDocument()` against a given catalogue (tests retire rules with it). */
export function lintWithCatalogue(input: DesignInput, options: LintOptions | undefined, catalogue: Catalogue, gathered = EVERYTHING): LintResult {
  const known = catalogueIds(catalogue);
  // The options and the design are read side by side, so every problem of both is reported at once.
  const valid = attempt(() => readLintOptions(options, known));
  const read = valid instanceof Error ? {} : valid;
  const document = attempt(() => normalizeInput(input, Object.assign({}, known, { thresholds: read.thresholds, quotas: read.quotas })));
  if (document instanceof Error) {
    const basePath = read.basePath ?? '';
    const issues = [
      ...(valid instanceof Error ? valid.issues : []),
      ...document.issues.map((issue) => Object.assign({}, issue, { path: prefixPath(basePath, issue.path) })),
    ];
    throw new DesignError(issues, 'design');
  }
  if (valid instanceof Error) throw valid;
  return lintNormalizedDocument(document, catalogue, runSettings(read), gathered);
}

/**
 * Lints a document that `normalize()` returned, without reading the input again: for a caller that
 * keeps the normalized design beside the findings (an adapter exposing the design it checked).
 * Give it the options `normalize()` had: thresholds take effect when a design is normalized; rule
 * settings, `only` and `basePath` take effect here. Throws `UsageError` when the options are wrong.
 */
export function lintNormalized(document: NormalizedDocument, options: LintOptions = {}): LintResult {
  return lintNormalizedDocument(document, CATALOGUE, runSettings(readLintOptions(options, catalogueIds(CATALOGUE))), EVERYTHING);
}

/** The value, or the input error it threw (anything else is a bug and propagates). */
function attempt<T>(read: () => T): T | DesignError | UsageError {
  try {
    return read();
  } catch (error) {
    if (error instanceof DesignError || error instanceof UsageError) return error;
    throw error;
  }
}

/** Reads and validates input into the normalized model, every default made explicit. */
export function normalize(input: DesignInput, options?: LintOptions): NormalizedDocument {
  const known = catalogueIds(CATALOGUE);
  const { thresholds, quotas } = readLintOptions(options, known);
  return normalizeInput(input, Object.assign({}, known, { thresholds, quotas }));
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1 };
// Rule ids and field paths are ASCII identifiers: code-unit order sorts them the same on every machine,
// whatever the locale, so reports and snapshots do not change with LANG (a collator would).
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The checks a run makes: the catalogue's, less the rules its settings turn off or its `only` leaves out. */
function runChecks(catalogue: Catalogue, { settings, only }: RunSettings): ChecksByEngine {
  if (settings.size === 0 && !only) return catalogueChecks(catalogue);
  return checksByEngine(catalogue.rules.filter((rule) => settings.get(rule.id) !== 'off' && (!only || only.has(rule.id))));
}

/**
 * The rules a lint with `options` runs on a resource of `engine` created outside the guarded constructs (a template's
 * table without a design), in catalogue order: those that check one, less those `options` turns off or leaves out.
 * Throws `UsageError` when the options are wrong.
 */
export function externalChecks(engine: Engine, options: LintOptions = {}): readonly Rule[] {
  return runChecks(CATALOGUE, runSettings(readLintOptions(options, catalogueIds(CATALOGUE)))).external[engine];
}

function lintNormalizedDocument(document: NormalizedDocument, catalogue: Catalogue, run: RunSettings, gathered: Gathered): LintResult {
  const { settings, only, basePath, today } = run;
  let findings: Finding[] = [];
  const used = new Set<Acknowledgement>();
  // The findings each waiver without `appliesTo` waived, per design: one that absorbs several kinds is named on them.
  const waivedBy = new Map<Acknowledgement, MutableFinding[]>();
  const checks = runChecks(catalogue, run);
  const collect = (
    /** The findings of the design (or external resource) `hits` are on. */
    own: Finding[],
    engine: Engine,
    resource: string,
    /** The design's full field path (`basePath` prefixed). */
    location: string,
    waivers: DesignWaivers,
    rule: Rule,
    hits: RuleHit[],
  ) => {
    // Most rules find nothing in most designs.
    if (hits.length === 0) return;
    const setting = settings.get(rule.id);
    for (const hit of hits) {
      // Optional fields are read as own properties: a polluted Object.prototype.severity must not lower an error.
      const index = keySpaceOf(hit);
      const severity = ownValue(hit, 'severity') as Severity | undefined;
      // No edits is none: a fix whose change no design field states (a serverless account's move) writes nothing.
      const given = ownValue(hit, 'edits') as RuleHit['edits'];
      const edits = given?.length ? given : undefined;
      const parts = ownValue(hit, 'parts') as RuleHit['parts'];
      const variantOf =
        rule.messageVariants && Object.prototype.hasOwnProperty.call(rule.messageVariants, hit.messageId) ? rule.messageVariants[hit.messageId] : undefined;
      const { waiving, lapsed, partial, tableWaiver } = waiversMeeting(waivers, rule.id, index, { messageId: hit.messageId, variantOf, parts });
      const ack = waiving[0] as Acknowledgement | undefined;
      for (const waiver of waiving) used.add(waiver);
      if (lapsed) used.add(lapsed);
      if (partial) for (const waiver of partial.naming) used.add(waiver);
      // In the order reports list the fields; the optional ones added only where they hold something.
      const finding: MutableFinding = {
        ruleId: rule.id,
        title: rule.title,
        messageId: hit.messageId,
        severity: setting === 'error' || setting === 'warning' ? setting : severity === 'warning' || severity === 'error' ? severity : rule.severity,
        engine,
        resource,
        index,
        path: prefixPath(location, hit.path),
        message: render(rule, hit.data, hit.messageId, hit.notes),
        fix: render(rule, hit.data, hit.fixId, hit.fixNotes),
        acknowledged: ack !== undefined,
        reason: waiving.length > 1 ? [...new Set(waiving.map((waiver) => waiver.reason))].join('; ') : ack?.reason,
      };
      if (lapsed) finding.expiredAcknowledgement = { reason: lapsed.reason, expires: lapsed.expires as string, path: prefixPath(location, lapsed.path) };
      if (ack && ack.appliesTo === undefined) {
        const waived = waivedBy.get(ack);
        if (waived) waived.push(finding);
        else waivedBy.set(ack, [finding]);
      }
      if (tableWaiver) finding.acknowledgementWithoutIndex = { reason: tableWaiver.reason, path: prefixPath(location, tableWaiver.path) };
      if (parts) finding.parts = parts;
      if (variantOf !== undefined) finding.variantOf = variantOf;
      if (partial) {
        const { ack: waiver, leftOut } = partial;
        finding.partialAcknowledgement = { reason: waiver.reason, path: prefixPath(location, waiver.path), appliesTo: waiver.appliesTo ?? [], leftOut };
      }
      if (hit.notes?.length) finding.notes = hit.notes;
      finding.data = roundedData(hit.data);
      // A design given alone sits at the root: its edits' paths are already the finding's, and its rule's edits serve as they are.
      finding.edits = location === '' ? edits : edits?.map((edit) => ({ ...edit, path: prefixPath(location, edit.path) }));
      own.push(finding);
    }
  };
  const unused: UnusedAcknowledgement[] = [];
  const notJudged: NotJudged[] = [];
  // Two rules that read one undeclared figure say it once: a set of what was said, not a scan per hit (a table of
  // 3,000 GSIs would scan 3,000 entries 3,000 times).
  const judgedSaid = new Set<string>();
  const collectUnused = (own: readonly Finding[], engine: Engine, resource: string, location: string, acknowledgements: readonly Acknowledgement[]) => {
    for (const ack of acknowledgements) {
      // A waiver for a rule the project turned off, or this run does not run, is not stale: the rule may come back on.
      if (used.has(ack) || settings.get(ack.rule) === 'off' || (only && !only.has(ack.rule))) continue;
      const retired = catalogue.retired.find((r) => r.id === ack.rule);
      // A waiver without `index` whose rule still fires on the table's indexes: not stale for want of findings, but
      // scoped to the table's own key; the report names the indexes it does not reach.
      const uncovered =
        ack.index === undefined ? [...new Set(own.filter((f) => f.ruleId === ack.rule && f.index !== undefined).map((f) => f.index as string))] : [];
      // Named by its parts where it has them: a waiver of `hotKeyReads` on a key over on its writes alone is told
      // `hotKeyWrites`, the heat it did not name, not the message id that would waive both.
      const open = ack.appliesTo
        ? [...new Set(own.filter((f) => f.ruleId === ack.rule && f.index === ack.index).flatMap((f) => f.parts ?? [f.messageId]))].sort()
        : [];
      unused.push({
        ruleId: ack.rule,
        engine,
        resource,
        index: ack.index,
        ...(ack.appliesTo ? { appliesTo: ack.appliesTo } : {}),
        ...(open.length > 0 ? { openKinds: open } : {}),
        path: prefixPath(location, ack.path),
        reason: ack.reason,
        ...(uncovered.length > 0 ? { uncoveredIndexes: uncovered } : {}),
        ...(retired ? { retired: { replacedBy: retired.replacedBy } } : {}),
      });
    }
  };
  // No settings (most runs): no rule is off, and DesignAnalysis takes its own empty set.
  const rulesOff = settings.size === 0 ? undefined : new Set([...settings].filter(([, setting]) => setting === 'off').map(([id]) => id));
  // Each design's findings, sorted (compareFindings), after those of the designs before it in the file.
  const add = (own: Finding[], location: string) => {
    nameBroadWaivers(waivedBy, location);
    waivedBy.clear();
    if (own.length > 1) own.sort(compareFindings);
    if (findings.length === 0) findings = own;
    else for (const finding of own) findings.push(finding);
  };
  for (const { location: designLocation, design: declared } of document.designs) {
    // The design's full path, prefixed once for its findings, its unused waivers and its broad ones.
    const location = prefixPath(basePath, designLocation);
    const design = withWaiversInEffect(declared, today);
    const waivers = { declared: declared.acknowledgements, inEffect: design.acknowledgements };
    const analysis = new DesignAnalysis(design, rulesOff);
    const own: Finding[] = [];
    for (const rule of checks.designs[design.engine]) {
      collect(own, design.engine, design.name, location, waivers, rule, rule.check(design, analysis));
      if (!gathered.notJudged) continue;
      for (const hit of rule.unjudged?.(design, analysis) ?? []) {
        const said = located(hit, rule.id, design, analysis, location);
        const key = `${said.kind}\u0000${said.declare}`;
        if (judgedSaid.has(key)) continue;
        judgedSaid.add(key);
        notJudged.push(said);
      }
    }
    collectUnused(own, design.engine, design.name, location, declared.acknowledgements);
    add(own, location);
  }
  for (const { location: resourceLocation, resource } of document.external) {
    const location = prefixPath(basePath, resourceLocation);
    const seen = withWaiversInEffect(resource, today);
    const waivers = { declared: resource.acknowledgements, inEffect: seen.acknowledgements };
    const own: Finding[] = [];
    for (const rule of checks.external[resource.engine]) {
      collect(own, resource.engine, resource.name, location, waivers, rule, rule.checkExternal(seen));
    }
    collectUnused(own, resource.engine, resource.name, location, resource.acknowledgements);
    add(own, location);
  }
  return { findings, unusedAcknowledgements: unused, notJudged };
}

/** A rule's unjudged hit on `design`, its paths made full (`location` is the design's). */
function located(hit: UnjudgedHit, ruleId: string, design: KeyDesign, analysis: DesignAnalysis, location: string): NotJudged {
  const space = hit.index === undefined ? design.primaryKey : analysis.spaceOfIndex(hit.index);
  return {
    ruleId,
    kind: hit.kind,
    engine: design.engine,
    resource: design.name,
    ...(hit.index === undefined ? {} : { index: hit.index }),
    path: prefixPath(location, space?.path ?? ''),
    declare: prefixPath(location, hit.declare),
    what: hit.what,
  };
}

type MutableFinding = { -readonly [K in keyof Finding]: Finding[K] };

/** A design's (or external resource's) waivers as declared, and those in effect today (the same list when none expired). */
interface DesignWaivers {
  readonly declared: readonly Acknowledgement[];
  readonly inEffect: readonly Acknowledgement[];
}

/** The waivers one finding meets, each as its finding names it. */
interface WaiversMet {
  /** Those in effect that waive it: one, or several that add up (one per part); the first names it in reports. */
  readonly waiving: readonly Acknowledgement[];
  /** One that waived it until it expired: named on the finding it no longer waives (of several that added up, the one
   *  that expired). */
  readonly lapsed: Acknowledgement | undefined;
  /** Those that name some of its parts but not all (reads, where the writes are over too): they waive none of it, but
   *  are no stale waivers: the finding names them, and they waive it once the other parts are fixed (or waived too). */
  readonly partial: PartialWaiver | undefined;
  /** On an index finding none waives: the rule's waiver without `index`, which does not reach it; said, so nobody takes
   *  it for a cover. */
  readonly tableWaiver: Acknowledgement | undefined;
}

/** What a finding of a design that declares no acknowledgement (most designs) meets. */
const NO_WAIVERS: WaiversMet = { waiving: [], lapsed: undefined, partial: undefined, tableWaiver: undefined };

/** The waivers of `ruleId` that a finding of `kind` on the key space `index` meets. */
function waiversMeeting(waivers: DesignWaivers, ruleId: string, index: string | undefined, kind: WaivedKind): WaiversMet {
  const { declared, inEffect } = waivers;
  if (declared.length === 0) return NO_WAIVERS;
  const waiving = waiversOf(inEffect, ruleId, index, kind);
  const waived = waiving.length > 0;
  return {
    waiving,
    lapsed: waived || inEffect === declared ? undefined : waiversOf(declared, ruleId, index, kind).find((a) => !inEffect.includes(a)),
    partial: waived || !kind.parts ? undefined : partialWaiverOf(inEffect, ruleId, index, kind.parts),
    tableWaiver:
      waived || index === undefined ? undefined : waiversOf(inEffect, ruleId, undefined, { messageId: kind.messageId, variantOf: kind.variantOf })[0],
  };
}

/** Waivers that name some of a finding's parts but not all: the first (`ack`, the one reports name), all of them
 *  (`naming`), and the parts none of them names (`leftOut`). */
interface PartialWaiver {
  readonly ack: Acknowledgement;
  readonly naming: readonly Acknowledgement[];
  readonly leftOut: string[];
}

/**
 * The waivers in effect of `ruleId` on the key space `index` that name some of `parts` when together they do not name
 * all (`naming`), the first of them (`ack`, the one reports name) and the parts none of them names (`leftOut`).
 */
function partialWaiverOf(
  acknowledgements: readonly Acknowledgement[],
  ruleId: string,
  index: string | undefined,
  parts: readonly string[],
): PartialWaiver | undefined {
  const naming = acknowledgements.filter((ack) => ack.rule === ruleId && ack.index === index && partsLeftOut(ack.appliesTo, parts).length > 0);
  if (naming.length === 0) return undefined;
  const leftOut = partsLeftOut(
    naming.flatMap((ack) => ack.appliesTo ?? []),
    parts,
  );
  return leftOut.length > 0 ? { ack: naming[0], naming, leftOut } : undefined;
}

/** Names each waiver without `appliesTo` that waived findings of more than one kind (`kindsWaived`) on the findings it waived. */
function nameBroadWaivers(waivedBy: ReadonlyMap<Acknowledgement, MutableFinding[]>, location: string): void {
  for (const [ack, waived] of waivedBy) {
    const kinds = kindsWaived(waived);
    if (kinds.length < 2) continue;
    const broad = { path: prefixPath(location, ack.path), kinds };
    for (const finding of waived) finding.broadAcknowledgement = broad;
  }
}

/** One design's findings in report order: errors before warnings, then by rule id and field path (a stable sort keeps
 *  the rules' own order within one field). */
function compareFindings(a: Finding, b: Finding): number {
  return SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || compareText(a.ruleId, b.ruleId) || compareFieldPaths(a.path, b.path);
}

/**
 * A hit's data as its finding carries it: every number (and every number of a list) a rounded figure, made once here
 * for every rule. The hit's own data when rounding changes none of its figures (about half the findings: most
 * figures are integers or already short), else a copy with the changed figures replaced.
 */
function roundedData(data: MessageData): MessageData {
  let rounded: Record<string, MessageData[string]> | undefined;
  for (const key of Object.keys(data)) {
    const value = data[key];
    const figure = typeof value === 'number' ? roundedFigure(value) : isNumberList(value) ? roundedList(value) : value;
    if (figure !== value) (rounded ??= { ...data })[key] = figure;
  }
  return rounded ?? data;
}

/** The list itself when each of its figures is already rounded, else a rounded copy. */
function roundedList(list: readonly number[]): readonly number[] {
  return list.every((figure) => roundedFigure(figure) === figure) ? list : list.map(roundedFigure);
}

function isNumberList(value: MessageData[string]): value is readonly number[] {
  return Array.isArray(value) && value.length > 0 && typeof value[0] === 'number';
}

/** A message or fix: its template and its clauses, each filled from the hit's data (a template compiled on its first use). */
function render(rule: Rule, data: MessageData, id: string, clauses: readonly string[] | undefined): string {
  let text = fillTemplate(rule.template(id), data);
  if (clauses !== undefined) for (const clause of clauses) text += fillTemplate(rule.template(clause), data);
  return text;
}

/**
 * The finding with `data` in place of its own, its message said again from its rule's templates: how
 * a tool that knows more of a figure than the design says puts it (observe quotes an observed hot-key
 * share with `shareSource: 'observed'`). The fix is kept as it is.
 */
export function restateFinding(finding: Finding, data: MessageData): Finding {
  const rule = RULES.find((r) => r.id === finding.ruleId);
  if (!rule) throw new Error(`restateFinding(): no rule ${finding.ruleId} in the catalogue`);
  return Object.assign({}, finding, { data, message: render(rule, data, finding.messageId, finding.notes) });
}

/** How every report names the waiver a finding outlived, or undefined when there is none:
 *  "acknowledgement that expired on 2027-03-01 (tables[0].acknowledgements[1]): <its reason>". */
export function lapsedWaiverNote(finding: Finding): string | undefined {
  const lapsed = finding.expiredAcknowledgement;
  return lapsed && `acknowledgement that expired on ${lapsed.expires} (${printable(lapsed.path)}): ${printable(lapsed.reason)}`;
}

/** How every report names the acknowledgement without `index` that does not waive a finding on an index of its table,
 *  or undefined when there is none: "the acknowledgement of SG003 at tables[0].acknowledgements[1] has no `index`: it
 *  waives the table's own key space only, not index by-status; add `index: "by-status"` to waive this finding". */
export function uncoveredWaiverNote(finding: Finding): string | undefined {
  const waiver = finding.acknowledgementWithoutIndex;
  if (!waiver || finding.index === undefined) return undefined;
  const index = printable(finding.index);
  return `the acknowledgement of ${finding.ruleId} at ${printable(waiver.path)} has no \`index\`: it waives the table's own key space only, not index ${index}; add \`index: ${JSON.stringify(index)}\` to waive this finding`;
}

/** Why the waivers near a finding no acknowledgement waives do not waive it (`uncoveredWaiverNote`, `partialWaiverNote`), each
 *  note as every report prints it after "not waived:"; empty where none comes near. */
export function notWaivedNotes(finding: Finding): string[] {
  if (finding.acknowledged) return [];
  return [uncoveredWaiverNote(finding), partialWaiverNote(finding)].filter((note): note is string => note !== undefined);
}

/**
 * How every report says a waiver of some of a finding's parts leaves it reported, or undefined when none does: "the
 * acknowledgement of SG003 at tables[0].acknowledgements[0] (`appliesTo: ["hotKeyReads"]`) does not waive this finding,
 * which is also hotKeyWrites (the hottest value's writes are over their ceiling): fix that (the fix below), or, if it is
 * accepted too, name it as well (`appliesTo: ["hotKeyReads","hotKeyWrites"]`, or in a waiver of its own; through CDK,
 * acknowledge 'skewguard::SG003[hotKeyWrites]' beside it)": waivers of the parts add up.
 */
export function partialWaiverNote(finding: Finding): string | undefined {
  const partial = finding.partialAcknowledgement;
  if (!partial) return undefined;
  const kinds = RULES.find((rule) => rule.id === finding.ruleId)?.partKinds ?? {};
  const leftOut = partial.leftOut.map((part) => `${printable(part)}${Object.prototype.hasOwnProperty.call(kinds, part) ? ` (${kinds[part]})` : ''}`).join(', ');
  const all = JSON.stringify([...partial.appliesTo, ...partial.leftOut]);
  return `the acknowledgement of ${finding.ruleId} at ${printable(partial.path)} (\`appliesTo: ${printable(JSON.stringify(partial.appliesTo))}\`) does not waive this finding, which is also ${leftOut}: fix that (the fix below), or, if it is accepted too, name it as well (\`appliesTo: ${printable(all)}\`, or in a waiver of its own; through CDK, acknowledge ${printable(kindWaiverIds(finding.ruleId, partial.leftOut))} beside it)`;
}

/** How every report names the kinds one acknowledgement without `appliesTo` waives, or undefined when it waives one:
 *  "the acknowledgement of SG017 at tables[0].acknowledgements[0] names no `appliesTo` and waives 2 kinds of finding:
 *  overQuota, warmBelowPeak; give `appliesTo: ["overQuota"]` to waive only the kind it was written for". A copy of a
 *  CDK `Validations.acknowledge()` (`acknowledgedAt`) has no `appliesTo` to give: it is named by the CDK id of one
 *  kind, as the synth names it (`broadScopeWaiverNote`). */
export function broadWaiverNote(finding: Finding): string | undefined {
  const broad = finding.broadAcknowledgement;
  if (!broad) return undefined;
  const named = kindsNaming(finding, broad.kinds);
  if (broad.acknowledgedAt !== undefined) return printable(broadScopeWaiverNote(finding.ruleId, broad.acknowledgedAt, broad.kinds, named));
  return `the acknowledgement of ${finding.ruleId} at ${printable(broad.path)} names no \`appliesTo\` and waives ${broad.kinds.length} kinds of finding: ${broad.kinds.map(printable).join(', ')}; give it \`appliesTo: ${JSON.stringify(named)}\` if it was written for this kind only`;
}

/** How every report says why an acknowledgement without `index` waives nothing while its rule still fires on its
 *  table's indexes, or undefined otherwise: "SG003 reports nothing on the own key space of orders, the only one an
 *  acknowledgement without `index` waives; its SG003 findings on index by-status (`index: "by-status"`) need an
 *  acknowledgement naming the index". */
export function uncoveredIndexesNote(ack: UnusedAcknowledgement): string | undefined {
  const indexes = ack.index === undefined ? (ack.uncoveredIndexes ?? []) : [];
  if (indexes.length === 0) return undefined;
  const named = indexes.map((index) => `index ${printable(index)} (\`index: ${JSON.stringify(printable(index))}\`)`).join(', ');
  return `${ack.ruleId} reports nothing on the own key space of ${printable(ack.resource)}, the only one an acknowledgement without \`index\` waives; its ${ack.ruleId} findings on ${named} need an acknowledgement naming the index`;
}

/**
 * Why an acknowledgement waives nothing, one wording for every report (CLI, CDK checks, GuardedContainer, the testing
 * report): its rule is retired, fires on indexes it does not name, or reports nothing on its key space. Worded for a
 * first run too: nothing presumes the finding once fired.
 */
export function unusedWaiverNote(ack: UnusedAcknowledgement): string {
  return (
    retiredRuleNote(ack.ruleId) ??
    uncoveredIndexesNote(ack) ??
    (ack.appliesTo
      ? `${ack.ruleId} reports no finding of kind ${ack.appliesTo.map(printable).join(', ')} (\`appliesTo\`) on ${printable(ack.resource)}${ack.index ? `/${printable(ack.index)}` : ''}${openKindsNote(ack)}`
      : undefined) ??
    `${ack.ruleId} reports nothing on ${printable(ack.resource)}${ack.index ? `/${printable(ack.index)}` : ''}`
  );
}

/** The kinds the rule does report where a waiver with `appliesTo` names none of them: "; it reports nearQuota there: …". */
function openKindsNote(ack: UnusedAcknowledgement): string {
  const open = ack.openKinds ?? [];
  if (open.length === 0) return '';
  const kinds = open.map(printable).join(', ');
  return `; it reports ${kinds} there: if the waiver was written for ${open.length === 1 ? 'that finding' : 'one of them'}, name it in \`appliesTo\` (\`appliesTo: ${JSON.stringify(open.slice(0, 1))}\`)`;
}

/** Findings that should stop a deployment: unacknowledged, at or above `level`. */
export function blockingFindings(findings: readonly Finding[], level: Severity = 'error'): Finding[] {
  // Checked as unknown values: JavaScript callers pass anything, and a wrong one must be named, not crash `filter`.
  const list: unknown = findings;
  const given: unknown = level;
  if (!Array.isArray(list)) {
    throw new UsageError([{ path: 'findings', message: `expected an array of findings, got ${describe(list)}` }], 'blockingFindings() findings');
  }
  if (typeof given !== 'string' || !Object.prototype.hasOwnProperty.call(SEVERITY_ORDER, given)) {
    // Fail closed: an unknown level must not quietly let every finding through.
    throw new UsageError([{ path: 'level', message: `expected "error" or "warning", got ${describe(given)}` }], 'blockingFindings() level');
  }
  return findings.filter((f) => !f.acknowledged && SEVERITY_ORDER[f.severity] <= SEVERITY_ORDER[level]);
}

/**
 * One finding as the adapters and reports print it:
 * `error SG003 hot-key-exceeds-partition at tables[0].partitionKey (tickets): <message>\n  fix: <fix>`.
 * `at` replaces the field path prefix, e.g. with a construct path; `fix` replaces the finding's fix, e.g. with a
 * reference to an earlier finding's that it repeats (`fixesOnce`).
 */
export function describeFinding(finding: Finding, options: { readonly at?: string; readonly fix?: string } = {}): string {
  // Names come from users' files, construct ids and resource names: escaped, so they cannot forge a line.
  const p = printable;
  const where = options.at ?? finding.path;
  const lapsed = lapsedWaiverNote(finding);
  const broad = broadWaiverNote(finding);
  const ack = finding.acknowledged
    ? ` (acknowledged: ${p(finding.reason ?? '')})${broad ? ` (${broad})` : ''}`
    : [lapsed, ...notWaivedNotes(finding)]
        .filter(Boolean)
        .map((note) => ` (${note})`)
        .join('');
  const edits = finding.edits?.map((e) => (e.op === 'set' ? `set ${e.path} = ${JSON.stringify(e.value)}` : `remove ${e.path}`)).join('; ');
  return `${finding.severity} ${finding.ruleId} ${finding.title} at ${p(where || '(root)')} (${p(finding.resource)}${finding.index ? `, index ${p(finding.index)}` : ''}): ${p(finding.message)}${ack}\n  fix: ${p(options.fix ?? finding.fix)}${edits ? `\n  edits: ${p(edits)}` : ''}`;
}
