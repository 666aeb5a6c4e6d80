/**
 * The plugin's verdict as a pure function of synthesized template resources: a GuardedTable's
 * design (from its metadata) and every other covered table (as an external resource) go through the
 * core's `lintDocument()`, and each finding becomes a CDK `PolicyViolation`. `SkewguardPlugin.validate()`
 * only gathers the inputs; everything that decides lives here, where tests can call it directly.
 */
import type { PolicyValidationPluginReport, PolicyViolation } from 'aws-cdk-lib';
import {
  asPropFinding,
  invalidWaiver,
  lintTemplateResource,
  printable,
  RULES,
  shapes,
  unprefixedWaiver,
  type DesignIssue,
  type Finding,
  type LintedDesign,
  type TemplateResourceResult,
} from '../index';
import {
  broadScopeWaiverNote,
  checkWith,
  fixesOnce,
  isObject,
  kindsNaming,
  kindsWaived,
  lapsedWaiverNote,
  notWaivedNotes,
  ruleName,
  templateMetadataOf,
  unusedScopeWaiverNote,
  unusedWaiverNote,
  waiverConcerns,
  waiverId,
  waivingIds,
  type WaivedKind,
} from '../internal';
import { acknowledgementIssues, type RecordedAcknowledgement } from './acknowledgements';
import { custom } from './cdk-shapes';

export { ruleName } from '../internal';

/** One DynamoDB resource to check, as synthesized. */
export interface CheckedResource {
  /** Absolute path of the synthesized template file (under the stage's `outdir`) that holds the resource. */
  readonly templatePath: string;
  /** The resource's logical ID in that template. */
  readonly logicalId: string;
  /** Construct path of the table (`Stack/Orders`), as CDK's validation report names it. */
  readonly constructPath: string;
  /** `guarded`: created by a GuardedTable (its design is in the metadata); `raw`: covered by `checkUnguardedTables()`. */
  readonly kind: 'guarded' | 'raw';
  /** The resource as it appears in the template; undefined when it is not there. */
  readonly resource: unknown;
  /**
   * The ids waived for this resource through `Validations.acknowledge()`, after the namespace, closest scope first:
   * `SG017` (every kind of the rule's findings) or `SG017[overQuota]` (one kind). Findings they waive are reported,
   * each under the id that waives it (of ids whose parts add up, `SG003[hotKeyReads]` beside `SG003[hotKeyWrites]`,
   * the first), so that CDK lists them as suppressed, with the reason, in
   * validation-report.json; findings waived only by the design's own acknowledgements are in the template metadata.
   * @default - none
   */
  readonly cdkAcknowledgedRules?: readonly string[];
  /**
   * For a `guarded` resource, the GuardedTable's own lint of the design it wrote to the metadata:
   * reused while the metadata holds exactly that design (see `lintTemplateResource()`).
   * @default - the design in the metadata is linted
   */
  readonly linted?: LintedDesign;
}

export interface CheckOptions {
  /** Every `skewguard::` acknowledgement recorded in the app: each must name a rule and give a reason.
   *  @default - none */
  readonly acknowledgements?: readonly RecordedAcknowledgement[];
  /** Acknowledgements of skewguard rule ids without the `skewguard::` prefix, which waive nothing.
   *  @default - none */
  readonly unprefixedAcknowledgements?: readonly RecordedAcknowledgement[];
  /** `warning`: warnings fail the synth too (they are reported as errors). @default 'error' */
  readonly failOn?: 'error' | 'warning';
  /** Construct paths of the app's DynamoDB tables no check covers (raw tables without `checkUnguardedTables()`): a
   *  waiver over them waives nothing because they are not checked, and says so. @default - none */
  readonly uncheckedTables?: readonly string[];
}

/** Rules checked where a design meets its template (SG016): CDK must not suppress them, as the
 *  metadata they compare could waive them otherwise. */
const UNWAIVABLE = new Set(RULES.filter((rule) => rule.templateOnly).map((rule) => rule.id));

function severityOf(finding: Finding, failOn: 'error' | 'warning'): string {
  if (UNWAIVABLE.has(finding.ruleId)) return 'fatal';
  return failOn === 'warning' && !finding.acknowledged ? 'error' : finding.severity;
}

/** `id`: the `Validations.acknowledge()` id that waives the finding, the name CDK suppresses it by; else its rule id. */
function findingViolation(
  finding: Finding,
  target: CheckedResource,
  location: string,
  failOn: 'error' | 'warning',
  id = finding.ruleId,
  fix = finding.fix,
): PolicyViolation {
  const where = `${target.constructPath}${finding.index ? ` (index ${finding.index})` : ''}`;
  const raised =
    !finding.acknowledged && failOn === 'warning' && finding.severity === 'warning' ? ' (a warning, failing because skewguard:failOn is "warning")' : '';
  return {
    ruleName: ruleName(id),
    description: `${finding.title} at ${where}, field ${finding.path || '(root)'}: ${finding.message}.${raised}${finding.expiredAcknowledgement ? ` No longer waived: ${lapsedWaiverNote(finding)}` : ''}${notWaivedNotes(
      finding,
    )
      .map((note) => ` Not waived: ${note}.`)
      .join('')}`,
    fix,
    severity: severityOf(finding, failOn),
    ruleMetadata: {
      rule: finding.ruleId,
      // The kind of finding: `Validations.acknowledge({ id: 'skewguard::SG017[overQuota]' })` waives this kind only.
      messageId: finding.messageId,
      // The kind that message id is a variant of (`hotKey` for `hotNamedKey`): its brackets waive every variant.
      ...(finding.variantOf !== undefined ? { variantOf: finding.variantOf } : {}),
      // The parts it is made of, comma-separated (CDK's metadata values are strings): `overQuotaReads`, which
      // `skewguard::SG017[overQuotaReads]` waives alone.
      ...(finding.parts !== undefined ? { parts: finding.parts.join(',') } : {}),
      title: finding.title,
      severity: finding.severity,
      fieldPath: finding.path,
      constructPath: target.constructPath,
      ...(finding.index !== undefined ? { index: finding.index } : {}),
      ...(finding.acknowledged ? { acknowledgedReason: finding.reason ?? '' } : {}),
    },
    // The construct path lets CDK match `Validations.acknowledge()` scopes and show where it was created.
    violatingResources: [
      { constructPath: target.constructPath, resourceLogicalId: target.logicalId, templatePath: target.templatePath, locations: [location] },
    ],
  };
}

/** A violation that no acknowledgement can waive (CDK never suppresses `fatal`). */
function fatal(
  rule: string,
  description: string,
  fix: string,
  target: { templatePath?: string; logicalId?: string; constructPath?: string },
  location: string,
): PolicyViolation {
  return {
    ruleName: ruleName(rule),
    description,
    fix,
    severity: 'fatal',
    violatingResources: [
      target.logicalId !== undefined
        ? { constructPath: target.constructPath, resourceLogicalId: target.logicalId, templatePath: target.templatePath, locations: [location] }
        : { constructPath: target.constructPath ?? '', locations: [location] },
    ],
  };
}

function problems(issues: readonly DesignIssue[]): string {
  return issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ');
}

/** Findings and stale waivers of a resource as violations; `failOn` raises warnings. */
function violationsOf(result: TemplateResourceResult, target: CheckedResource, failOn: 'error' | 'warning'): PolicyViolation[] {
  const waivedByCdk = target.cdkAcknowledgedRules ?? [];
  // The closest scope's id first, as CDK and the design's copies of the waivers take them; of ids that add up (one per
  // part: `SG003[hotKeyReads]` and `SG003[hotKeyWrites]`), the first, which CDK suppresses the finding by.
  const cdkWaiverOf = (f: Finding) => (f.acknowledged ? waivingIds(waivedByCdk, f)[0] : undefined);
  const findings = result.findings.filter((f) => !f.acknowledged || cdkWaiverOf(f) !== undefined);
  // A waiver in the design that no longer waives anything is stale; an app-wide
  // `Validations.acknowledge()` is not, it covers every table under its scope.
  const stale = result.unusedAcknowledgements.filter((a) => !waivedByCdk.includes(waiverId(a.ruleId, a.appliesTo)));
  // A GuardedTable's findings name the props its user wrote (`billing`, not the derived `capacity.write.max`).
  const worded = findings.map((f) => ({ raw: f, shown: target.kind === 'guarded' ? asPropFinding(f) : f }));
  // A fix two findings on one key space share is printed once (`fixesOnce`), by those CDK prints: a waived one is suppressed.
  const printed = worded.filter(({ shown }) => !shown.acknowledged);
  const once = fixesOnce(printed.map(({ shown }) => shown));
  const fixes = new Map(printed.map(({ raw }, i) => [raw, once[i]]));
  return [
    ...worded.map(({ raw, shown }) => findingViolation(shown, target, raw.location, failOn, cdkWaiverOf(raw), fixes.get(raw) ?? shown.fix)),
    ...stale.map((a): PolicyViolation => ({
      ruleName: ruleName('acknowledgement'),
      description: `the acknowledgement of ${a.ruleId}${a.index ? ` on index ${a.index}` : ''} at ${target.constructPath}, field ${a.path}, waives nothing: ${unusedWaiverNote(a)}`,
      fix: `remove the waiver ("${a.reason}") so it cannot hide a future finding`,
      severity: failOn === 'warning' ? 'error' : 'warning',
      violatingResources: [
        { constructPath: target.constructPath, resourceLogicalId: target.logicalId, templatePath: target.templatePath, locations: [a.location] },
      ],
    })),
  ];
}

/** Called with each linted resource's findings, so acknowledgements that waive nothing can be found. */
type Linted = (target: CheckedResource, result: TemplateResourceResult) => void;

function checkGuarded(target: CheckedResource, failOn: 'error' | 'warning', linted: Linted): PolicyViolation[] {
  const metadata = templateMetadataOf(target.resource);
  if (metadata.status !== 'read' || metadata.design === undefined) {
    return [
      fatal(
        'design-metadata',
        `the GuardedTable ${target.constructPath} has no readable skewguard design in its template metadata, so it could not be checked`,
        'do not remove or edit Metadata.skewguard on the table resource (escape hatches, aspects), and use one version of skewguard per app',
        target,
        'Metadata.skewguard',
      ),
    ];
  }
  const result = lintTemplateResource(target.logicalId, target.resource, {}, target.linted);
  linted(target, result);
  if (result.errors.length > 0) {
    return [
      fatal(
        'design-metadata',
        `the design in the template metadata of ${target.constructPath} is not valid, so it could not be checked: ${problems(result.errors)}`,
        'do not edit Metadata.skewguard.design by hand: it is written by the GuardedTable',
        target,
        'Metadata.skewguard.design',
      ),
    ];
  }
  return violationsOf(result, target, failOn);
}

function checkRaw(target: CheckedResource, failOn: 'error' | 'warning', linted: Linted): PolicyViolation[] {
  const result = lintTemplateResource(target.logicalId, target.resource);
  linted(target, result);
  const violations = violationsOf(result, target, failOn);
  if (result.errors.length > 0) {
    violations.push(
      fatal(
        'acknowledgement',
        `the skewguard acknowledgements of ${target.constructPath} are not valid: ${problems(result.errors)}`,
        'give each acknowledgement a known rule id and a reason of at least 10 characters',
        target,
        'Metadata.skewguard.acknowledgements',
      ),
    );
  }
  for (const note of result.notes) {
    violations.push({
      ruleName: ruleName('unchecked'),
      description: `could not check ${target.constructPath}: ${note.path} ${note.message}`,
      fix: 'use literal values for key names and Contributor Insights switches, or check this table with a GuardedTable',
      severity: failOn === 'warning' ? 'error' : 'warning',
      violatingResources: [
        { constructPath: target.constructPath, resourceLogicalId: target.logicalId, templatePath: target.templatePath, locations: [note.path] },
      ],
    });
  }
  return violations;
}

function checkAcknowledgements(options: CheckOptions): PolicyViolation[] {
  const invalid = (options.acknowledgements ?? []).flatMap((ack) => {
    const problem = invalidWaiver(ack);
    if (!problem) return [];
    return [fatal('acknowledgement', problem.description, problem.fix, { constructPath: ack.acknowledgedAt }, 'Metadata.aws:cdk:acknowledged-rules')];
  });
  const unprefixed = (options.unprefixedAcknowledgements ?? []).map((ack): PolicyViolation => ({
    ruleName: ruleName('acknowledgement'),
    ...unprefixedWaiver(ack),
    severity: 'warning',
    violatingResources: [{ constructPath: ack.acknowledgedAt, locations: ['Metadata.aws:cdk:acknowledged-rules'] }],
  }));
  return [...invalid, ...unprefixed];
}

/** One finding of a checked table: its rule, its kind (the kind it is a variant of, and the parts it is made of) and the
 *  table's construct path. */
interface CheckedFinding {
  readonly ruleId: string;
  readonly messageId: string;
  readonly variantOf?: string;
  readonly parts?: readonly string[];
  readonly constructPath: string;
}

/** Whether the construct at `path` is `scope` or below it (`''` is the app), as CDK matches acknowledgements. */
const isUnder = (path: string, scope: string) => scope === '' || path === scope || path.startsWith(`${scope}/`);

/**
 * `Validations.acknowledge()` calls that waive nothing: no checked table at or below their scope has
 * a finding of their rule. Reported like a stale waiver in a design (and by `lint cdk.out/`), so a
 * waiver cannot outlive its finding and hide the next one.
 */
function unusedCdkAcknowledgements(options: CheckOptions, findings: readonly CheckedFinding[], failOn: 'error' | 'warning'): PolicyViolation[] {
  return (options.acknowledgements ?? [])
    .filter(
      (ack) => acknowledgementIssues(ack).length === 0 && !findings.some((f) => waiverConcerns(ack.rule, f) && isUnder(f.constructPath, ack.acknowledgedAt)),
    )
    .map((ack): PolicyViolation => ({
      ruleName: ruleName('acknowledgement'),
      description: `${unusedScopeWaiverNote(ack.rule, ack.acknowledgedAt)}${uncheckedUnder(options, ack.acknowledgedAt)}`,
      fix: `remove the stale waiver ("${ack.reason}") so it cannot hide a future finding`,
      severity: failOn === 'warning' ? 'error' : 'warning',
      violatingResources: [{ constructPath: ack.acknowledgedAt, locations: ['Metadata.aws:cdk:acknowledged-rules'] }],
    }));
}

/** `; the table Payments/Idempotency/Resource below it is not checked: …`, when unchecked tables lie under `scope`. */
function uncheckedUnder(options: CheckOptions, scope: string): string {
  const unchecked = (options.uncheckedTables ?? []).filter((path) => isUnder(path, scope));
  if (unchecked.length === 0) return '';
  const named = unchecked.length === 1 ? `the table ${unchecked[0]} below it is` : `the ${unchecked.length} tables below it (${unchecked.join(', ')}) are`;
  return `; ${named} not checked: a table created without GuardedTable is checked only after SkewguardPlugin.checkUnguardedTables(app)`;
}

/** The `Validations.acknowledge()` of `id` that CDK suppresses a violation at `constructPath` by: the closest scope's. */
function closestWaiver(acknowledgements: readonly RecordedAcknowledgement[], id: string, constructPath: string): RecordedAcknowledgement | undefined {
  let closest: RecordedAcknowledgement | undefined;
  for (const ack of acknowledgements) {
    if (ack.rule !== id || !isUnder(constructPath, ack.acknowledgedAt)) continue;
    if (!closest || ack.acknowledgedAt.length > closest.acknowledgedAt.length) closest = ack;
  }
  return closest;
}

/**
 * The violations with a note on each one a `Validations.acknowledge()` without a kind (`skewguard::SG017`) suppresses
 * when, over every table under its scope, it suppresses findings of more than one kind: as a design's waiver without
 * `appliesTo` is named in every report, so a waiver written for one finding does not absorb another silently.
 */
function withBroadWaiverNotes(violations: readonly PolicyViolation[], acknowledgements: readonly RecordedAcknowledgement[]): PolicyViolation[] {
  const waived = violations.map((v) => {
    const meta = v.ruleMetadata;
    // Suppressed by the rule's own id: waived, and named by the rule id alone (a kind's id names one kind).
    if (meta?.acknowledgedReason === undefined || v.ruleName !== ruleName(meta.rule)) return undefined;
    const waiver = closestWaiver(acknowledgements, meta.rule, meta.constructPath);
    return waiver && { waiver, kind: { messageId: meta.messageId, variantOf: meta.variantOf, parts: meta.parts?.split(',') } };
  });
  // Counted as the core counts them (`kindsWaived`): a message id's variants are one kind, its differing parts several.
  const byWaiver = new Map<RecordedAcknowledgement, WaivedKind[]>();
  for (const w of waived) {
    if (!w) continue;
    const found = byWaiver.get(w.waiver) ?? [];
    found.push(w.kind);
    byWaiver.set(w.waiver, found);
  }
  const kinds = new Map([...byWaiver].map(([waiver, found]) => [waiver, kindsWaived(found)]));
  return violations.map((v, i) => {
    const w = waived[i];
    const absorbed = w && kinds.get(w.waiver);
    if (!w || !absorbed || absorbed.length < 2) return v;
    const note = broadScopeWaiverNote(w.waiver.rule, w.waiver.acknowledgedAt, absorbed, kindsNaming(w.kind, absorbed));
    return { ...v, description: `${v.description} Waives several kinds: ${note}.` };
  });
}

const FAILING = new Set(['error', 'fatal']);

/** A recorded acknowledgement as CDK's metadata gives it; whether its rule and reason make a waiver is judged with the findings. */
const recordedAcknowledgement = shapes.record<RecordedAcknowledgement>({
  rule: { shape: shapes.text({ minLength: 0 }), doc: 'The rule id as given after the namespace.' },
  reason: { shape: shapes.text({ minLength: 0 }), doc: 'The reason as given.' },
  acknowledgedAt: { shape: shapes.text({ minLength: 0 }), doc: 'Construct path of the scope it was recorded on.' },
});

/** What checkResources() is given: a list of resources and its options, checked before a failOn that is not
 *  "error" or "warning" could pass every warning silently, or a non-list throw a TypeError from inside. */
const CHECK_INPUT = shapes.record<{ resources: readonly CheckedResource[]; options: CheckOptions }>({
  resources: {
    shape: shapes.list(custom<CheckedResource>('a checked resource (an object)', isObject)),
    doc: 'The resources to check.',
  },
  options: {
    shape: shapes.record<CheckOptions>(
      {
        acknowledgements: { shape: shapes.list(recordedAcknowledgement), optional: true, doc: 'Every skewguard:: acknowledgement of the app.' },
        unprefixedAcknowledgements: { shape: shapes.list(recordedAcknowledgement), optional: true, doc: 'Acknowledgements without the prefix.' },
        failOn: { shape: shapes.oneOf(['error', 'warning']), optional: true, doc: 'The lowest severity that fails.' },
        uncheckedTables: { shape: shapes.list(shapes.text({ minLength: 0 })), optional: true, doc: 'Construct paths of tables no check covers.' },
      },
      { title: 'checkResources() options' },
    ),
    doc: 'The options.',
  },
});

/** Checks every resource and acknowledgement; the report fails on any unwaived error (or warning, with `failOn: 'warning'`).
 *  Throws UsageError for arguments it cannot use, naming each. */
export function checkResources(givenResources: readonly CheckedResource[], givenOptions: CheckOptions = {}): PolicyValidationPluginReport {
  const { resources, options } = checkWith(CHECK_INPUT, { resources: givenResources, options: givenOptions }, { subject: 'checkResources() arguments' });
  const failOn = options.failOn ?? 'error';
  const findings: CheckedFinding[] = [];
  const linted: Linted = (target, result) => {
    for (const f of result.findings)
      findings.push({ ruleId: f.ruleId, messageId: f.messageId, variantOf: f.variantOf, parts: f.parts, constructPath: target.constructPath });
  };
  const checked = resources.flatMap((target) => {
    if (target.resource === undefined) {
      return [
        fatal(
          'template',
          `the table ${target.constructPath} (${target.logicalId}) is not in ${target.templatePath}, so it could not be checked`,
          'report this as a skewguard bug, with the stack layout (nested stacks, stages)',
          { constructPath: target.constructPath },
          'Resources',
        ),
      ];
    }
    return target.kind === 'guarded' ? checkGuarded(target, failOn, linted) : checkRaw(target, failOn, linted);
  });
  // Construct ids, names and reasons are untrusted: CDK prints these sentences as they are.
  const violations = [
    ...checkAcknowledgements(options),
    ...unusedCdkAcknowledgements(options, findings, failOn),
    ...withBroadWaiverNotes(checked, options.acknowledgements ?? []),
  ].map((v) => ({
    ...v,
    description: printable(v.description),
    ...(v.fix !== undefined ? { fix: printable(v.fix) } : {}),
  }));
  const guarded = resources.filter((r) => r.kind === 'guarded').length;
  return {
    success: !violations.some((v) => FAILING.has(v.severity ?? 'error')),
    violations,
    metadata: {
      guardedTables: String(guarded),
      otherTables: String(resources.length - guarded),
      failOn,
    },
  };
}
