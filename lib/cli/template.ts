/**
 * Lints a synthesized CloudFormation template (`cdk.out/*.template.json`), following the contract
 * in docs/cli.md ("CloudFormation templates"): each DynamoDB resource goes through the core's
 * `lintTemplateResource()`, the function the CDK checks use, with the resource's location as the
 * base path, so every path is relative to the template (`Resources.Orders.Metadata.skewguard.design.partitionKey`,
 * `Resources.Jobs.Properties.KeySchema[0].AttributeName`) and lines and SARIF locations point into it.
 * A GuardedTable's message and fix name the props its user wrote (`billing: Billing.provisioned(…)`, not
 * `capacity.write.max`), as the synth's report does; its path stays the template location. The tables linted without a
 * design are said to be (one note for the template), and one GuardedTable wrote whose design was stripped is an input
 * error (designless-tables.ts, which `observe` says them with too).
 */
import {
  asPropFinding,
  lintTemplateResource,
  type Finding,
  type LintOptions,
  type NotJudged,
  type TemplateFinding,
  type TemplateResourceResult,
} from '../index';
import {
  DYNAMODB_TEMPLATE_TYPES,
  isObject,
  joinPath,
  METADATA_PATH,
  raisedQuotasNotice,
  scopeWaiverCopyPath,
  waiverId,
  waivesFinding,
  waivingIds,
} from '../internal';
import { designlessTables, type DesignlessTable } from './designless-tables';
import type { FileResult, InputError, InputNote, LocatedFinding, LocatedUnusedAcknowledgement, ScopeAcknowledgementCopy } from './file-result';
import type { LocatedJson, Position } from './json-locations';

/**
 * A finding of `lintTemplateResource` as the CLI reports it (`lint cdk.out/`, and `observe cdk.out/`): at its location in
 * the template, and, for a GuardedTable, its message and fix naming the props its user wrote (lib/cfn/prop-paths.ts).
 */
export function templateFindingOf(result: Pick<TemplateResourceResult, 'kind'>, templateFinding: TemplateFinding): Finding {
  const { location, ...finding } = templateFinding;
  const located = { ...finding, path: location };
  return result.kind === 'guarded' ? inPropWords(located) : located;
}

/** `finding`, its waiver that absorbs several kinds marked as the copy of a scope's `Validations.acknowledge()` of its
 *  rule when the template says one was given (`acknowledgedAt`, by id), so reports name the CDK id that waives a kind. */
function withScopeWaiver(finding: Finding, acknowledgedAt: TemplateResourceResult['acknowledgedAt']): Finding {
  const broad = finding.broadAcknowledgement;
  if (!broad || !acknowledgedAt || !Object.prototype.hasOwnProperty.call(acknowledgedAt, finding.ruleId)) return finding;
  return { ...finding, broadAcknowledgement: { ...broad, acknowledgedAt: acknowledgedAt[finding.ruleId] } };
}

/** A GuardedTable's finding, at its template location, with its message and fix naming the props its user wrote: also
 *  for a finding `observe` restates (its message rendered again from the core's templates, in the design's fields). */
export function inPropWords(finding: Finding): Finding {
  return { ...asPropFinding(finding), path: finding.path };
}

export function lintTemplate(file: string, located: LocatedJson, options: LintOptions): FileResult {
  const resources = located.value as { Resources: Record<string, unknown> };
  const findings: LocatedFinding[] = [];
  const errors: InputError[] = [];
  const unused: LocatedUnusedAcknowledgement[] = [];
  const notes: InputNote[] = [];
  const notJudged: NotJudged[] = [];
  const scoped: ScopeAcknowledgementCopy[] = [];
  const at = (path: string) => located.positionOf(path);
  const designless: (DesignlessTable & { readonly noteAt: number })[] = [];
  for (const logicalId of Object.keys(resources.Resources)) {
    const resource = resources.Resources[logicalId];
    const type = isObject(resource) && Object.prototype.hasOwnProperty.call(resource, 'Type') ? resource.Type : undefined;
    if (typeof type !== 'string' || !DYNAMODB_TEMPLATE_TYPES.includes(type)) continue;
    const result = lintTemplateResource(logicalId, resource, { ...options, basePath: joinPath('Resources', logicalId) });
    const scopeIds = Object.keys(result.acknowledgedAt ?? {});
    // The findings each scope's waiver of a whole rule waives here, as CDK suppresses them: by the closest id that covers one.
    const waivedBy = new Map<string, { finding: number; path: string }[]>();
    for (const templateFinding of result.findings) {
      const finding = withScopeWaiver(templateFindingOf(result, templateFinding), result.acknowledgedAt);
      const id = templateFinding.acknowledged ? waivingIds(scopeIds, templateFinding)[0] : undefined;
      const path =
        id === templateFinding.ruleId
          ? (templateFinding.broadAcknowledgement?.path ?? scopeWaiverCopyPath(result.kind, logicalId, resource, id, templateFinding.index))
          : undefined;
      if (id !== undefined && path !== undefined) waivedBy.set(id, [...(waivedBy.get(id) ?? []), { finding: findings.length, path }]);
      findings.push({ ...finding, ...at(finding.path) });
    }
    for (const { location, ...ack } of result.unusedAcknowledgements) {
      const located = { ...ack, engine: 'dynamodb' as const, path: location, ...at(location) };
      if (ack.acknowledgedAt === undefined) unused.push(located);
    }
    // A scope's waiver is copied into every table under it: stale only if no copy waives anything (decided over the run).
    // On one table, as the CDK checks judge it: used while the table has any finding of its rule, on whichever key
    // space (CDK suppresses them all; its copy per index waives those); its own-key copy stands for it when unused.
    for (const [id, acknowledgedAt] of Object.entries(result.acknowledgedAt ?? {})) {
      const copy = result.findings.some((f) => waivesFinding(id, f))
        ? undefined
        : result.unusedAcknowledgements.find((a) => waiverId(a.ruleId, a.appliesTo) === id && a.acknowledgedAt === acknowledgedAt && a.index === undefined);
      const waived = waivedBy.get(id);
      scoped.push({
        ruleId: id,
        acknowledgedAt,
        ...(copy ? { unused: { ...copy, engine: 'dynamodb' as const, path: copy.location, ...at(copy.location) } } : {}),
        ...(waived ? { waived } : {}),
      });
    }
    for (const issue of result.errors) errors.push({ ...issue, ...at(issue.path) });
    for (const note of result.notes) notes.push({ ...note, ...at(note.path) });
    const raised = result.quotas && raisedQuotasNotice(result.quotas);
    if (raised) notes.push(quotasNote(logicalId, raised, at));
    if (result.notJudged) notJudged.push(...result.notJudged);
    if (result.kind === 'raw') designless.push({ logicalId, resource, noteAt: notes.length });
  }
  const said = designlessTables(designless, resources.Resources, 'lint', options);
  for (const issue of said.errors) errors.push({ ...issue, ...at(issue.path) });
  // In file order: where the first table it names would have had its own.
  for (const note of said.notes) notes.splice(note.first.noteAt, 0, { path: note.path, message: note.message, ...at(note.path) });
  return {
    file,
    kind: 'template',
    findings,
    errors,
    unusedAcknowledgements: unused,
    ...(scoped.length > 0 ? { scopeAcknowledgements: scoped } : {}),
    notes,
    ...(notJudged.length > 0 ? { notJudged } : {}),
  };
}

/** The note on a GuardedTable whose template declares raised quotas, in the words of its synth warning: a loosening,
 *  said as a config's raise is on `lint` of design files. */
function quotasNote(logicalId: string, raised: string, at: (path: string) => Position): InputNote {
  const path = `${joinPath('Resources', logicalId)}.${METADATA_PATH}.quotas`;
  return { path, message: `the GuardedTable's quota declaration ${raised}`, ...at(path) };
}
