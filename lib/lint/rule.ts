/**
 * What a rule is: metadata the catalogue, the CLI and SARIF are generated from, message templates
 * reported by id with data (tests assert ids and numbers, not sentences), and pure checks typed by
 * the engine they apply to.
 */
import { coveringWaivers, type WaivedKind } from '../cfn/waiver-id';
import type { Acknowledgement, ExternalResource, KeyDesign } from '../design/key-design';
import type { Thresholds } from '../design/limits';
import { ownValue } from '../design/shape';
import { ENGINES, type DesignOf, type Engine } from '../engines';
import type { DesignAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { compileTemplate, type MessageData, type Template } from './messages';

export type { MessageData } from './messages';

export type Severity = 'error' | 'warning';

/** Public documentation a user can open. */
export interface RuleSource {
  /** Title of the page, prefixed with its product (`DynamoDB: Best practices for designing and using partition keys
   *  effectively`). */
  readonly title: string;
  /** Address of the AWS or Azure documentation page. */
  readonly url: string;
}

/** What a rule reports; the engine adds the rule's identity, location prefix and acknowledgement. */
export interface RuleHit<M extends string = string> {
  /** Field path relative to the table or container. */
  readonly path: string;
  /** The GSI or LSI the hit concerns, so an index-scoped acknowledgement can waive it. */
  readonly index?: string;
  /** Template of what triggered the rule (a key of the rule's `messages`). */
  readonly messageId: M;
  /** Clauses appended to the message, in order (the variants a finding can carry: a GSI's back-pressure, what the engine splits on its own). */
  readonly notes?: readonly M[];
  /** Template of the fix, with computed values. */
  readonly fixId: M;
  /** Clauses appended to the fix, in order (the shared plan's parts, an alternative). */
  readonly fixNotes?: readonly M[];
  readonly data: MessageData;
  /** Lower than the rule's severity when the declared load makes the problem a risk to note. */
  readonly severity?: Severity;
  /** The fix as design edits (paths relative to the table or container), when the fix is a design change. */
  readonly edits?: readonly DesignEdit[];
  /** The narrower kinds (the rule's `partKinds`) this finding is made of, each of which an acknowledgement (or one of
   *  several beside it) must name to waive it without naming its message id (SG003's hot key over on its reads and writes: `hotKeyReads`, `hotKeyWrites`).
   *  @default - none: only the message id (or a waiver of every kind) waives it */
  readonly parts?: readonly string[];
}

/**
 * What a rule did not judge on a design for want of a declared figure, or judged on an assumption in its place (the
 * hottest value taken as uniform): not a finding, since nothing is known to be wrong, but said, so that a clean lint
 * is not read as every rule having judged the design.
 */
export interface UnjudgedHit {
  /** Stable id of what went unjudged: `partitionSize`, `hottestValue`, `storageMinimum`, `servedPeak`. */
  readonly kind: string;
  /** The field that, declared, lets the rule judge it, relative to the table or container (`storage.largestPartitionGb`). */
  readonly declare: string;
  /** The GSI whose key space it concerns. @default - absent: the table's or container's own key space */
  readonly index?: string;
  /** What went unjudged, or what was assumed in its place, in a phrase (`the hottest value, taken as uniform (1/50,000,000 of the load)`). */
  readonly what: string;
}

export interface RuleMeta<M extends string> {
  /** `SG` + three digits; stable forever, never reused. */
  readonly id: string;
  /** Kebab-case name, e.g. `low-cardinality-key`. */
  readonly title: string;
  /** The highest severity the rule reports; a hit may report lower. */
  readonly severity: Severity;
  /** What the rule finds, in one line of at most 100 characters: the rule's title in SARIF viewers (GitHub code
   *  scanning shows `shortDescription` as the alert's rule name) and in the catalogue's table. */
  readonly summary: string;
  /** When it fires: one or two sentences on the case a user meets first; thresholds by name (the catalogue
   *  prints their values). Edge cases and variants go in `firesAlso`. */
  readonly fires: string;
  /** The edge cases and variants of `fires`, one short paragraph each (≤ 500 characters, aim for 350): the case
   *  first ("A GSI over its ceiling only because of the table's replicated copies: ..."), then the verdict.
   *  Rendered as bullets under `fires` in docs/rules.md, `skewguard explain` and SARIF's help. */
  readonly firesAlso?: readonly string[];
  /** Why it matters, in a short paragraph (≤ 400 characters): the ceiling or failure case, each fact as its vendor page
   *  (in `sources`) states it. Where the mechanism has cases, they go in `rationaleDetails`. */
  readonly rationale: string;
  /** The mechanism's cases, one short paragraph each (≤ 500 characters, aim for 350): the case first ("A Cosmos DB
   *  container's RU/s: ..."), then what the vendor states of it. Rendered as bullets under `rationale`, as
   *  `firesAlso` under `fires`.
   *  @default - none: the rationale is the paragraph alone */
  readonly rationaleDetails?: readonly string[];
  /** The general fix in one or two sentences, for the case a user meets first; each finding carries a computed
   *  one. SARIF's `help.text`. Variants go in `fixDetails`. */
  readonly fix: string;
  /** The fix's variants and edge cases, one short paragraph each (≤ 500 characters, aim for 350): the case first,
   *  then the fix skewguard offers for it. Rendered as bullets under `fix`. */
  readonly fixDetails?: readonly string[];
  /** Kinds narrower than a message id that an acknowledgement's `appliesTo` may name, each with what it waives (SG003's
   *  `hotKeyReads`: the heat of the hottest value's reads, which a cache serves). A finding lists those it is made of in
   *  its `parts`; waivers naming parts waive it only when they name every one (one waiver, or several of the rule on the
   *  key space, each naming some), so a waiver written for one direction of heat never hides the other.
   *  @default - none: `appliesTo` names message ids only */
  readonly partKinds?: Readonly<Record<string, string>>;
  /** Message ids that say one kind of finding in another wording, each with the kind it is a variant of, which an
   *  acknowledgement's `appliesTo` names to waive them all (SG003's `hotKey` for `hotNamedKey`, the same hot value named
   *  by the reads that ask for it): a waiver of the kind keeps holding when the design changes only how the finding is
   *  worded. A variant's own id waives that variant alone.
   *  @default - none: each message id is a kind of its own */
  readonly messageVariants?: Readonly<Partial<Record<NoInfer<M>, NoInfer<M>>>>;
  /** Public documentation backing the rationale. */
  readonly sources: readonly RuleSource[];
  /** The thresholds the rule reads. */
  readonly thresholds: readonly (keyof Thresholds)[];
  /** Message and fix templates, `{{name}}` / `{{share|percent}}` / `{{key|code}}` filled from hit data. */
  readonly messages: Readonly<Record<M, string>>;
  /** Checked where a design meets its synthesized template (lib/cfn), not on a design alone: the
   *  rule has no `check`, and its findings cannot be waived from the metadata they check. */
  readonly templateOnly?: true;
}

/** A rule as the catalogue, `explain` and SARIF describe it: what it checks, not how. */
export interface RuleDescription extends RuleMeta<string> {
  /** The engines the rule checks; a rule for a mechanism only one engine has (LSIs, joins, on-demand billing) names
   *  only that one. */
  readonly engines: readonly Engine[];
}

/** A rule as the engine runs it. */
export interface Rule extends RuleDescription {
  /** Every message compiled into its template (a test, or a tool that lists them, reads them all). */
  readonly templates: Readonly<Record<string, Template>>;
  /** The template of the message `id`, compiled on its first use and kept: the engine fills it for every finding
   *  that uses it. A rule has up to some 200 messages (SG003: 75 KB of text), and a finding uses one or two of them. */
  template(id: string): Template;
  /** `analysis` is the design's key spaces, loads and plans, made once per lint for every rule. */
  check?(design: KeyDesign, analysis: DesignAnalysis): RuleHit[];
  /** For resources created outside the guarded constructs (only key names known). */
  checkExternal?(resource: ExternalResource): RuleHit[];
  /** What `check` leaves unjudged on this design for want of a declared figure (its early returns on an undeclared
   *  field), or judges on an assumption in its place. @default - the rule judges every design it checks */
  unjudged?(design: KeyDesign, analysis: DesignAnalysis): UnjudgedHit[];
  /** The engines whose resources created outside the guarded constructs `checkExternal` checks: a rule across engines
   *  may check them on one engine only (SG005 on Cosmos DB), so a template's table is told which rules it was linted by. */
  readonly externalEngines: readonly Engine[];
}

/** A rule as it is written: `check` receives the design type of the engines it declares. */
interface RuleDefinition<E extends Engine, M extends string> extends Omit<RuleMeta<M>, 'messages'> {
  /** The engines the rule checks: a mechanism only some engines have (LSIs, joins, on-demand billing).
   *  @default - every engine: the rule asks the engine's profile what differs */
  readonly engines?: readonly E[];
  /** The rule's `messages`, built on first read: every command defines every rule, and a clean lint reads none of
   *  them (the catalogues spread into most rules made a start build some 1,100 properties). */
  readonly messages: () => Readonly<Record<M, string>>;
  check?(design: DesignOf<E>, analysis: DesignAnalysis): RuleHit<M>[];
  checkExternal?(resource: ExternalResource): RuleHit<M>[];
  unjudged?(design: DesignOf<E>, analysis: DesignAnalysis): UnjudgedHit[];
}

/** Types a rule's checks by its engines and its hits by its message ids; the engine only calls
 *  `check` with a design of a declared engine. */
export function defineRule<E extends Engine = Engine, M extends string = string>(definition: RuleDefinition<E, M>): Rule {
  const engines = definition.engines ?? ENGINES;
  return withTemplates({ ...definition, engines, externalEngines: definition.checkExternal ? engines : [] }, definition.messages) as unknown as Rule;
}

/** A rule's messages until first read, and its templates as each is compiled (`withTemplates`). */
interface LazyMessages {
  readonly messagesOf: () => Readonly<Record<string, string>>;
  messages?: Readonly<Record<string, string>>;
  /** The templates compiled so far, by message id: the rule's own constant messages, never input. */
  readonly compiled: Map<string, Template>;
}

/** The own, non-enumerable property of every defined rule that holds its `LazyMessages`. */
const LAZY = Symbol('skewguard.lazyMessages');

type WithLazy = { readonly [LAZY]: LazyMessages; readonly id: string };

function readMessages(this: WithLazy): Readonly<Record<string, string>> {
  const lazy = this[LAZY];
  return (lazy.messages ??= lazy.messagesOf());
}

function readTemplate(this: WithLazy, id: string): Template {
  const { compiled } = this[LAZY];
  let template = compiled.get(id);
  if (template === undefined) {
    const messages = readMessages.call(this);
    // A hit naming a message its rule lacks is a bug in the rule: said with both names, not as a TypeError later.
    if (!Object.prototype.hasOwnProperty.call(messages, id)) throw new Error(`${this.id}: no message "${id}"`);
    template = compileTemplate(messages[id]);
    compiled.set(id, template);
  }
  return template;
}

function readTemplates(this: WithLazy): Readonly<Record<string, Template>> {
  return Object.fromEntries(Object.keys(readMessages.call(this)).map((id) => [id, readTemplate.call(this, id)]));
}

/**
 * The rule with `messages` built on first read (in its place among the rule's properties, and enumerable, so a
 * rule spread or listed still shows them) and each message compiled into its template on first use (`template(id)`):
 * a command starts by defining every rule, and most runs render few of their messages (a clean lint, none; the test
 * fixture's ten findings, 12 of the 1,150). `templates` and `template` are not enumerable, so a rule spread into
 * another does not read them. A new object whose properties are defined once, as they end up, with the same getters
 * and method on every rule (each reads its own rule's state): redefining a data
 * property as a getter, or giving each rule getters of its own, leaves V8 a dictionary-mode object, slow to read for
 * every rule the engine runs and every finding it renders.
 */
function withTemplates<R extends object>(rule: R, messagesOf: () => Readonly<Record<string, string>>): R & Pick<Rule, 'messages' | 'templates' | 'template'> {
  const lazy: LazyMessages = { messagesOf, compiled: new Map() };
  return Object.defineProperties(
    {},
    Object.assign(Object.getOwnPropertyDescriptors(rule), {
      messages: { get: readMessages, enumerable: true, configurable: true },
      templates: { get: readTemplates, enumerable: false },
      template: { value: readTemplate, enumerable: false },
      [LAZY]: { value: lazy, enumerable: false },
    }),
  ) as R & Pick<Rule, 'messages' | 'templates' | 'template'>;
}

/**
 * One catalogue rule from per-engine parts that share its id, title and severity: each part holds one
 * engine's checks and messages (SG005's key structure is a different question on each engine), while
 * users keep one id to configure and acknowledge. The catalogue lists the parts' `fires` in order.
 */
export function ruleAcrossEngines(...parts: readonly Rule[]): Rule {
  const [first] = parts;
  // The first part's properties but `messages`, which a spread (or a destructuring) would read, building its messages.
  const firstProperties = Object.fromEntries(
    Object.keys(first)
      .filter((key) => key !== 'messages')
      .map((key) => [key, first[key as keyof Rule]]),
  ) as Omit<Rule, 'messages' | 'templates' | 'template'>;
  for (const part of parts) {
    if (part.id !== first.id || part.title !== first.title || part.severity !== first.severity || part.summary !== first.summary) {
      throw new Error(`${part.id} ${part.title}: every part of a rule shares its id, title, summary and severity`);
    }
  }
  /** The parts' messages, on first read: a message id two parts declare is an error then. */
  const messages = (): Record<string, string> => {
    const all: Record<string, string> = {};
    for (const part of parts) {
      for (const [id, template] of Object.entries(part.messages)) {
        if (id in all) throw new Error(`${part.id}: message id "${id}" is declared by two engines' parts`);
        all[id] = template;
      }
    }
    return all;
  };
  /** Each engine's part, found once: the checks below ask for it on every design. */
  const partOf = new Map(ENGINES.map((engine) => [engine, parts.find((part) => part.engines.includes(engine))]));
  return withTemplates(
    {
      ...firstProperties,
      engines: ENGINES.filter((engine) => partOf.get(engine)),
      externalEngines: ENGINES.filter((engine) => partOf.get(engine)?.checkExternal),
      fires: parts.map((part) => part.fires).join(' '),
      firesAlso: parts.flatMap((part) => part.firesAlso ?? []),
      rationaleDetails: [...new Set(parts.flatMap((part) => part.rationaleDetails ?? []))],
      fixDetails: [...new Set(parts.flatMap((part) => part.fixDetails ?? []))],
      sources: [...new Set(parts.flatMap((part) => part.sources))],
      thresholds: [...new Set(parts.flatMap((part) => part.thresholds))],
      messages,
      check: parts.some((part) => part.check)
        ? (design: KeyDesign, analysis: DesignAnalysis) => partOf.get(design.engine)?.check?.(design, analysis) ?? []
        : undefined,
      checkExternal: parts.some((part) => part.checkExternal)
        ? (resource: ExternalResource) => partOf.get(resource.engine)?.checkExternal?.(resource) ?? []
        : undefined,
      unjudged: parts.some((part) => part.unjudged)
        ? (design: KeyDesign, analysis: DesignAnalysis) => partOf.get(design.engine)?.unjudged?.(design, analysis) ?? []
        : undefined,
    },
    messages,
  );
}

/** A rule no longer run. Its id is never reused; acknowledging it is accepted and reported as unused. */
export interface RetiredRule {
  readonly id: string;
  readonly title: string;
  /** Why, and since which version. */
  readonly retired: string;
  /** Rules that check what it checked. */
  readonly replacedBy: readonly string[];
}

/**
 * The key space a finding (or a rule's hit) belongs to: the index it names (a GSI, or an LSI's own sort key), else
 * `undefined`, the table's or container's own key, its access patterns on the table and its table-wide figures
 * (capacity, storage, monitoring). Read as an own property, so a polluted `Object.prototype.index` cannot move a
 * finding. The one answer the engine waives findings by and names in reports; rules hand it to `acknowledgementOf`.
 */
export function keySpaceOf(hit: { readonly index?: string }): string | undefined {
  return ownValue(hit, 'index') as string | undefined;
}

/**
 * The acknowledgement that waives `ruleId`'s findings on the key space `index` (undefined: the table's or container's
 * own; see `keySpaceOf`), if any. Its scope is exact: one without `index` waives the base table's (container's) key
 * space only, one with `index` that index's only, so a waiver never silently widens to the indexes beside it; one
 * with `appliesTo` waives the kinds of finding (message ids) it names only.
 * The engine waives findings by it, and a rule that defers to another's fix asks it whether that fix was declined.
 */
export function acknowledgementOf(
  acknowledgements: readonly Acknowledgement[],
  ruleId: string,
  index: string | undefined,
  /** The kind of finding asked about; undefined asks whether any waiver of the rule covers the key space. */
  messageId?: string,
): Acknowledgement | undefined {
  return waiversOf(acknowledgements, ruleId, index, { messageId })[0];
}

/**
 * The acknowledgements that waive `ruleId`'s finding of `kind` on the key space `index`, scoped as `acknowledgementOf`
 * scopes one: the first that waives it alone, or the waivers that together name every part it is made of (one for
 * the reads' heat, one for the writes'); empty when none do.
 */
export function waiversOf(
  acknowledgements: readonly Acknowledgement[],
  ruleId: string,
  index: string | undefined,
  kind: WaivedKind,
): readonly Acknowledgement[] {
  // Asked for every finding, and most designs declare no acknowledgement.
  if (acknowledgements.length === 0) return acknowledgements;
  const onKeySpace = acknowledgements.filter((a) => a.rule === ruleId && a.index === index);
  return coveringWaivers(onKeySpace, kind);
}
