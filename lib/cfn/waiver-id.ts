/**
 * The id form of a waiver given through CDK's `Validations.acknowledge()`, after the `skewguard::` namespace: a rule id,
 * with the one kind of its findings it waives in brackets, and how reports name it. Read by the synth, the template
 * readers, the CLI and the core's own report wording alike; no import, so each of them can take it.
 */

/** The validation plugin's name: CDK namespaces its rule ids as `skewguard::SG001`. */
export const CDK_PLUGIN_NAME = 'skewguard';

/** The id users acknowledge a rule with: `skewguard::SG001`. */
export const ruleName = (ruleId: string): string => `${CDK_PLUGIN_NAME}::${ruleId}`;

/**
 * The waiver a `Validations.acknowledge()` id (after the namespace) gives: `SG017` waives every kind of the rule's
 * findings; `SG017[overQuota]` the one kind (message id) in its brackets, as a design's `appliesTo: ['overQuota']`.
 * The brackets are cdk-nag's granular form (`AwsSolutions-IAM5[Action::s3:*]`), which CDK's id parser keeps whole
 * (https://github.com/aws/aws-cdk/pull/38787). Empty brackets give an empty `appliesTo`, which the core refuses.
 */
export function waiverOfId(id: string): { rule: string; appliesTo?: string[] } {
  const granular = /^([^[]*)\[(.*)\]$/s.exec(id);
  if (!granular) return { rule: id };
  return { rule: granular[1], appliesTo: granular[2] === '' ? [] : [granular[2]] };
}

/** The id (after the namespace) that waives `rule`'s findings of the kinds `appliesTo` names: `SG017[overQuota]`. */
export const waiverId = (rule: string, appliesTo?: readonly string[]): string => (appliesTo?.length ? `${rule}[${appliesTo.join(',')}]` : rule);

/** Whether the waiver acknowledged as `id` (`SG017`, `SG017[overQuota]`, `SG003[hotKeyReads]`) covers `finding`. */
export function waivesFinding(id: string, finding: { readonly ruleId: string; readonly messageId: string; readonly parts?: readonly string[] }): boolean {
  const { rule, appliesTo } = waiverOfId(id);
  return rule === finding.ruleId && waivesKind(appliesTo, finding.messageId, finding.parts);
}

/** Whether the waiver acknowledged as `id` waives `finding` or names some of its parts (then the finding names it, and
 *  it waives the finding once the other parts are fixed): either way no stale waiver. */
export function waiverConcerns(id: string, finding: { readonly ruleId: string; readonly messageId: string; readonly parts?: readonly string[] }): boolean {
  const { rule, appliesTo } = waiverOfId(id);
  return rule === finding.ruleId && (waivesKind(appliesTo, finding.messageId, finding.parts) || partsLeftOut(appliesTo, finding.parts).length > 0);
}

/**
 * Whether a waiver of the kinds `appliesTo` waives a finding of the kind `messageId` made of `parts`: it names no kind,
 * names the message id, or names every part (`hotKeyReads` waives a hot key over on its reads alone, never one whose
 * writes are over too). One answer for the design's waivers and CDK's bracketed ids (`waivesFinding`).
 */
export function waivesKind(appliesTo: readonly string[] | undefined, messageId: string | undefined, parts?: readonly string[]): boolean {
  if (appliesTo === undefined || messageId === undefined || appliesTo.includes(messageId)) return true;
  return parts !== undefined && parts.length > 0 && parts.every((part) => appliesTo.includes(part));
}

/** The parts of a finding made of `parts` that a waiver of the kinds `appliesTo` leaves unnamed when it names some of
 *  them but not all (then it waives nothing of it); empty when it names none, or all. */
export function partsLeftOut(appliesTo: readonly string[] | undefined, parts: readonly string[] | undefined): string[] {
  if (appliesTo === undefined || parts === undefined || !parts.some((part) => appliesTo.includes(part))) return [];
  return parts.filter((part) => !appliesTo.includes(part));
}

/**
 * How the synth and `lint cdk.out/` say a `Validations.acknowledge()` of `rule` without a kind, given at
 * `acknowledgedAt`, absorbs several kinds of its findings, on one it waives of the kind `messageId`:
 * "Validations.acknowledge({ id: 'skewguard::SG017' }) at Stack waives 2 kinds of finding: overQuota, warmBelowPeak;
 * acknowledge 'skewguard::SG017[warmBelowPeak]' if it was written for this kind only" (the CDK form of `broadWaiverNote`).
 */
export function broadScopeWaiverNote(rule: string, acknowledgedAt: string, kinds: readonly string[], messageId: string): string {
  return `Validations.acknowledge({ id: '${ruleName(rule)}' }) at ${acknowledgedAt || '(app)'} waives ${kinds.length} kinds of finding: ${kinds.join(', ')}; acknowledge '${ruleName(waiverId(rule, [messageId]))}' if it was written for this kind only`;
}
