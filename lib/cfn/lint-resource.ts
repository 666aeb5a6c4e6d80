/**
 * One DynamoDB resource of a synthesized template → findings: the one function behind both
 * `skewguard lint cdk.out/` and the CDK checks, so the two cannot disagree.
 *
 * - With `Metadata.skewguard.design` (written by GuardedTable), the design is linted as a table
 *   design, exactly as the construct linted it.
 * - Otherwise the resource is linted as an external resource: its partition-key attributes,
 *   whether Contributor Insights is on everywhere, and the waivers in `Metadata.skewguard.acknowledgements`.
 */
import { DesignError, UsageError, type DesignIssue } from '../design/errors';
import { prefixPath } from '../design/field-path';
import type { DesignInput } from '../design/input';
import { isObject } from '../design/json-object';
import type { DynamoDbKeyDesign, NormalizedDocument } from '../design/key-design';
import type { DynamoDbQuotas } from '../engines/dynamodb-quotas';
import { lintNormalized, normalize, type Finding, type LintResult, type NotJudged, type UnusedAcknowledgement } from '../lint/engine';
import { lintExternal } from '../lint/external';
import { fill } from '../lint/messages';
import { RULES } from '../lint/rules';
import { validateLintOptions, type LintOptions } from '../lint/validate';
import { checkedQuotas, quotasOver } from './declared-quotas';
import { templateMismatches } from './design-match';
import { METADATA_PATH, templateMetadataOf } from './metadata';
import { externalTableOf } from './template-table';
import { waiverId } from './waiver-id';

/** A finding with where it sits in the template. */
export interface TemplateFinding extends Finding {
  /** Location in the template, under `basePath` (`Resources.Orders.Metadata.skewguard.design.partitionKey`);
   *  edits' paths are locations too. `path` stays the field as declared: in the design for a guarded
   *  table (`partitionKey`), in the resource for a raw one (`Properties.KeySchema[0].AttributeName`). */
  readonly location: string;
}

export interface TemplateUnusedAcknowledgement extends UnusedAcknowledgement {
  /** Location of the waiver in the template, e.g. `Resources.Orders.Metadata.skewguard.design.acknowledgements[0]`. */
  readonly location: string;
  /** Set when the waiver is a copy of a `Validations.acknowledge()` given at this construct path
   *  (`''` for the app): it is stale only if no copy under that scope waives anything, so a reader of
   *  several resources counts it once, at the scope, as the CDK checks do. */
  readonly acknowledgedAt?: string;
}

export interface TemplateResourceResult {
  /** `guarded`: linted as the design in its metadata; `raw`: as an external resource. */
  readonly kind: 'guarded' | 'raw';
  /** The resource's findings, acknowledged ones included, each with its template location. */
  readonly findings: readonly TemplateFinding[];
  /** The resource's waivers that waived nothing, each with its template location. */
  readonly unusedAcknowledgements: readonly TemplateUnusedAcknowledgement[];
  /** Why (part of) the resource could not be checked, each at its template location. */
  readonly errors: readonly DesignIssue[];
  /** Values no rule can read (a key name given as `Ref`), each at its template location. */
  readonly notes: readonly DesignIssue[];
  /** The waivers copied from `Validations.acknowledge()` calls (`Metadata.skewguard.acknowledgedAt`):
   *  its id (`SG017`, or `SG017[overQuota]` for one kind) → the acknowledging scope's construct path. @default - none */
  readonly acknowledgedAt?: Readonly<Record<string, string>>;
  /** What the rules did not judge on a guarded resource's design for want of a declared figure, `path` and `declare`
   *  at their template locations (`Resources.Orders.Metadata.skewguard.design.workload.hotKeyShare`). @default - none */
  readonly notJudged?: readonly NotJudged[];
  /** The raised quotas a GuardedTable declared (`Metadata.skewguard.quotas`), with which its design was linted.
   *  @default - none: the options' quotas, else the published defaults */
  readonly quotas?: DynamoDbQuotas;
}

/** Options of the lint, with `basePath` the resource's location in its template (`Resources.Orders`). */
export type TemplateLintOptions = LintOptions;

/**
 * A table design its author has already normalized and linted, with the options of this lint but
 * `basePath`, and without `engine` (a GuardedTable, at synth): what `normalize()` and `lintNormalized()` returned.
 */
export interface LintedDesign {
  /** The design as it was linted: what its author writes to `Metadata.skewguard.design`. */
  readonly design: unknown;
  /** The design as `normalize()` returned it. */
  readonly document: NormalizedDocument;
  /** The findings and unused acknowledgements `lintNormalized()` returned for `document`. */
  readonly result: LintResult;
  /** The raised quotas it was linted with, as its author writes them to `Metadata.skewguard.quotas`. @default - none */
  readonly quotas?: DynamoDbQuotas;
}

/**
 * Findings of one DynamoDB resource of a template, by its logical ID. `linted`: the design its author
 * already linted, used only when the metadata holds exactly that design (the same JSON); any other
 * entry, an edited one included, is linted as written. The resource itself is always compared with
 * the design (SG016).
 */
export function lintTemplateResource(logicalId: string, resource: unknown, options: TemplateLintOptions = {}, linted?: LintedDesign): TemplateResourceResult {
  // A bad option is the caller's mistake, not the template's: it throws (UsageError) before any reading.
  const { basePath = '', ...lintOptions } = validateLintOptions(options);
  const metadata = templateMetadataOf(resource);
  if (metadata.status === 'unreadable') return empty('guarded', [{ path: prefixPath(basePath, metadata.issue.path), message: metadata.issue.message }]);
  if (metadata.status === 'read' && metadata.design !== undefined) {
    // The quotas the design was linted with: those of the template, field by field over the options' (the construct
    // that wrote them declared them for this table's account, which a lint of several accounts' templates cannot know).
    const issues: DesignIssue[] = [];
    const written = checkedQuotas(metadata.quotas, prefixPath(basePath, `${METADATA_PATH}.quotas`), issues);
    if (issues.length > 0) return empty('guarded', issues);
    const options = written ? { ...lintOptions, quotas: quotasOver(lintOptions.quotas, written) } : lintOptions;
    const reused = linted !== undefined && sameJson(linted.design, metadata.design) && sameJson(linted.quotas, metadata.quotas) ? linted : undefined;
    const guarded = lintGuarded(metadata.design, resource, basePath, options, reused);
    return withScopes(written ? { ...guarded, quotas: written } : guarded, metadata.acknowledgedAt);
  }
  return withScopes(lintRaw(logicalId, resource, basePath, lintOptions), metadata.status === 'read' ? metadata.acknowledgedAt : undefined);
}

/** The rule id → scope entries of `Metadata.skewguard.acknowledgedAt` that are well formed (others are ignored:
 *  the copy is then treated as the resource's own waiver, as before this entry existed). */
function scopesOf(acknowledgedAt: unknown): Record<string, string> {
  const scopes: Record<string, string> = {};
  if (!isObject(acknowledgedAt)) return scopes;
  for (const [rule, scope] of Object.entries(acknowledgedAt)) if (typeof scope === 'string') scopes[rule] = scope;
  return scopes;
}

/** Marks the stale waivers that are copies of a scope's `Validations.acknowledge()`: the table's own and its copies per
 *  index (metadata.ts, indexWaiverCopies), each of which may waive nothing while another copy waives a finding. */
function withScopes(result: TemplateResourceResult, acknowledgedAt: unknown): TemplateResourceResult {
  const scopes = scopesOf(acknowledgedAt);
  if (Object.keys(scopes).length === 0) return result;
  return {
    ...result,
    acknowledgedAt: scopes,
    unusedAcknowledgements: result.unusedAcknowledgements.map((ack) => {
      const id = waiverId(ack.ruleId, ack.appliesTo);
      return Object.prototype.hasOwnProperty.call(scopes, id) ? { ...ack, acknowledgedAt: scopes[id] } : ack;
    }),
  };
}

/**
 * Whether `written` (read from a template) is `design` as JSON writes it. A number JSON cannot carry
 * (NaN, ±Infinity, -0) is written as another value, so a design holding one is never the same.
 */
function sameJson(design: unknown, written: unknown): boolean {
  let exact = true;
  const text = JSON.stringify(design, (_key, value: unknown) => {
    if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) exact = false;
    return value;
  });
  return exact && text === JSON.stringify(written);
}

function empty(kind: 'guarded' | 'raw', errors: DesignIssue[]): TemplateResourceResult {
  return { kind, findings: [], unusedAcknowledgements: [], errors, notes: [] };
}

/** The input error of a lint, or the error itself when it is a bug. */
function inputIssues(error: unknown): readonly DesignIssue[] {
  if (error instanceof DesignError || error instanceof UsageError) return error.issues;
  throw error;
}

/** SG016's findings: where the resource differs from its design, at the resource's fields. */
function mismatchFindings(design: DynamoDbKeyDesign, input: DesignInput, resource: unknown, resourceAt: string, options: LintOptions): TemplateFinding[] {
  const rule = RULES.find((r) => r.id === 'SG016');
  if (!rule || options.rules?.SG016 === 'off' || (options.only && !options.only.includes('SG016'))) return [];
  const setting = options.rules?.SG016;
  return templateMismatches(design, resource, input).map((hit) => ({
    ruleId: rule.id,
    title: rule.title,
    messageId: hit.messageId,
    severity: setting === 'warning' || setting === 'error' ? setting : rule.severity,
    engine: 'dynamodb',
    resource: design.name,
    ...(hit.index !== undefined ? { index: hit.index } : {}),
    path: hit.path,
    location: prefixPath(resourceAt, hit.path),
    message: fill(
      [hit.messageId, ...(hit.notes ?? [])].map((id) => rule.template(id)),
      hit.data,
    ),
    fix: fill([rule.template(hit.fixId)], hit.data),
    // Never waived: a waiver would sit in the metadata this compares with the table.
    acknowledged: false,
    ...(hit.notes?.length ? { notes: hit.notes } : {}),
    data: hit.data,
  }));
}

function lintGuarded(design: unknown, resource: unknown, resourceAt: string, options: LintOptions, linted?: LintedDesign): TemplateResourceResult {
  const designAt = prefixPath(resourceAt, `${METADATA_PATH}.design`);
  // The design is a table's: written without `engine`, which a forged entry must not change either.
  const input = (isObject(design) ? { ...design, engine: 'dynamodb' } : design) as DesignInput;
  try {
    // Normalized once: the rules and SG016's comparison with the resource read the same design.
    const document = linted?.document ?? normalize(input, options);
    const result = linted?.result ?? lintNormalized(document, options);
    return {
      kind: 'guarded',
      findings: [
        ...mismatchFindings(document.designs[0].design as DynamoDbKeyDesign, input, resource, resourceAt, options),
        ...result.findings.map((finding) => ({
          ...finding,
          location: prefixPath(designAt, finding.path),
          ...(finding.edits ? { edits: finding.edits.map((edit) => ({ ...edit, path: prefixPath(designAt, edit.path) })) } : {}),
        })),
      ],
      unusedAcknowledgements: result.unusedAcknowledgements.map((ack) => ({ ...ack, location: prefixPath(designAt, ack.path) })),
      errors: [],
      notes: [],
      ...(result.notJudged.length > 0
        ? { notJudged: result.notJudged.map((n) => ({ ...n, path: prefixPath(designAt, n.path), declare: prefixPath(designAt, n.declare) })) }
        : {}),
    };
  } catch (error) {
    return empty(
      'guarded',
      inputIssues(error).map((issue) => ({ path: prefixPath(designAt, issue.path), message: issue.message })),
    );
  }
}

function lintRaw(logicalId: string, resource: unknown, basePath: string, options: LintOptions): TemplateResourceResult {
  const table = externalTableOf(logicalId, resource);
  const notes = table.unchecked.map((u) => ({ path: prefixPath(basePath, u.location), message: `is ${u.found}: ${u.what} cannot be checked` }));
  const locations = { partitionKeys: table.keyLocations, keyMonitoring: table.keyMonitoringLocation, acknowledgements: `${METADATA_PATH}.acknowledgements` };
  try {
    const result = lintExternal(table.design, { ...options, locations });
    return {
      kind: 'raw',
      findings: result.findings.map((finding) => ({ ...finding, location: prefixPath(basePath, finding.path) })),
      unusedAcknowledgements: result.unusedAcknowledgements.map((ack) => ({ ...ack, location: prefixPath(basePath, ack.path) })),
      errors: [],
      notes,
    };
  } catch (error) {
    return {
      ...empty(
        'raw',
        inputIssues(error).map((issue) => ({ path: prefixPath(basePath, issue.path), message: issue.message })),
      ),
      notes,
    };
  }
}
