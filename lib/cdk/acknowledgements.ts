/**
 * Waivers given through CDK's own mechanism, `Validations.of(scope).acknowledge({ id: 'skewguard::SG0xx', reason })`.
 * CDK records them as construct metadata and suppresses matching violations of a resource at or
 * below the acknowledging scope, the closest acknowledgement winning; this file reads them the same
 * way, so the design a table is linted with and the report CDK prints agree.
 */
import type { IConstruct } from 'constructs';
import { acknowledgementsIn, type AcknowledgementDesign, type Finding, type RecordedAcknowledgement } from '../index';
import { acknowledgementIssues, indexWaiverCopies, recordedIn, waiverOfId } from '../internal';

export type { RecordedAcknowledgement } from '../index';
export { acknowledgementIssues, CDK_PLUGIN_NAME as PLUGIN_NAME } from '../internal';

/** Acknowledgements recorded on one construct (the same reader `skewguard lint cdk.out/` uses on the cloud assembly). */
function recordedOn(scope: IConstruct): RecordedAcknowledgement[] {
  return recordedIn(scope.node.metadata, scope.node.path);
}

/** The skewguard acknowledgements in effect for `resource`: on it or an ancestor, the closest per id (`SG017` and
 *  `SG017[overQuota]` are two ids, as CDK matches them), closest first. */
export function acknowledgementsFor(resource: IConstruct): RecordedAcknowledgement[] {
  const byRule = new Map<string, RecordedAcknowledgement>();
  for (const scope of [...resource.node.scopes].reverse()) {
    for (const ack of recordedOn(scope)) if (!byRule.has(ack.rule)) byRule.set(ack.rule, ack);
  }
  return [...byRule.values()];
}

/**
 * Every acknowledgement recorded on `scopes` (an app's constructs, `root.node.findAll()`) that concerns
 * skewguard: `skewguard::` ones, and `unprefixed` ones of a skewguard rule id, which waive nothing (CDK
 * files an id without a namespace under `Annotation::`, so `acknowledge({ id: 'SG001' })` silently misses).
 */
export function allAcknowledgements(scopes: readonly IConstruct[]): { skewguard: RecordedAcknowledgement[]; unprefixed: RecordedAcknowledgement[] } {
  const skewguard: RecordedAcknowledgement[] = [];
  const unprefixed: RecordedAcknowledgement[] = [];
  for (const scope of scopes) {
    const found = acknowledgementsIn(scope.node.metadata, scope.node.path);
    skewguard.push(...found.skewguard);
    unprefixed.push(...found.unprefixed);
  }
  return { skewguard, unprefixed };
}

/** The acknowledgements in effect for `resource` that the core accepts, each with where it was given. */
export function validAcknowledgementsFor(resource: IConstruct): RecordedAcknowledgement[] {
  return acknowledgementsFor(resource).filter((ack) => acknowledgementIssues(ack).length === 0);
}

/** Those acknowledgements as a table's design declares them (`skewguard::SG017[overQuota]` as `appliesTo: ['overQuota']`):
 *  each once for the table's own key space and once per index of `indexNames`, since CDK suppresses a rule's
 *  violations of the table on every key space (indexWaiverCopies). */
export function asDesignAcknowledgements(acknowledgements: readonly RecordedAcknowledgement[], indexNames: readonly string[] = []): AcknowledgementDesign[] {
  const own = acknowledgements.map(({ rule, reason }) => ({ ...waiverOfId(rule), reason }));
  return [...own, ...indexWaiverCopies(own, indexNames)];
}

/**
 * Where each was given: its id (`SG017`, `SG017[overQuota]`) → construct path of the acknowledging scope (`''` for the app).
 * Written to the template metadata beside the copies, so `skewguard lint cdk.out/` can count a
 * scope's waiver once, at that scope, as the synth does, and not once per table it was copied into.
 */
export function acknowledgedAtOf(acknowledgements: readonly RecordedAcknowledgement[]): Record<string, string> {
  return Object.fromEntries(acknowledgements.map((ack) => [ack.rule, ack.acknowledgedAt]));
}

/**
 * `finding` with its waiver that absorbs several kinds marked as the copy of a `Validations.acknowledge()` (its
 * `acknowledgedAt`) when it is one: the design's acknowledgements are the props' `own` first, then the copies of
 * `waivers` (asDesignAcknowledgements). Reports then name the CDK id that waives one kind (`skewguard::SG017[overQuota]`),
 * as the synth does, where the props' waiver is told to give `appliesTo`.
 */
export function withCdkWaiverSource(finding: Finding, own: number, waivers: readonly RecordedAcknowledgement[]): Finding {
  const broad = finding.broadAcknowledgement;
  const at = broad && /acknowledgements\[(\d+)\]$/.exec(broad.path);
  if (!broad || !at || Number(at[1]) < own) return finding;
  // A waiver without a kind is acknowledged by the rule id alone; CDK keeps the closest one per id.
  const waiver = waivers.find((w) => w.rule === finding.ruleId);
  return waiver ? { ...finding, broadAcknowledgement: { ...broad, acknowledgedAt: waiver.acknowledgedAt } } : finding;
}
