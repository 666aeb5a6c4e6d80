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

/** The CDK ids that waive `rule`'s findings of `kinds`, one id a kind (a bracket holds one kind, `waiverOfId`), quoted
 *  and joined: `'skewguard::SG003[hotKeyReads]' and 'skewguard::SG003[hotKeyWrites]'`. */
export const kindWaiverIds = (rule: string, kinds: readonly string[]): string => kinds.map((kind) => `'${ruleName(waiverId(rule, [kind]))}'`).join(' and ');

/** What a waiver is matched against: a finding's kind (`messageId`; undefined asks whether a waiver covers any kind),
 *  the kind that message id is a variant of (`variantOf`) and the parts it is made of (`parts`). */
export interface WaivedKind {
  readonly messageId?: string;
  readonly variantOf?: string;
  readonly parts?: readonly string[];
}

/** A finding as the CDK and template readers match it to the ids acknowledged for its table. */
type RuleFinding = WaivedKind & { readonly ruleId: string };

/** Whether the waiver acknowledged as `id` (`SG017`, `SG017[overQuota]`, `SG003[hotKeyReads]`) covers `finding` alone. */
export function waivesFinding(id: string, finding: RuleFinding): boolean {
  const { rule, appliesTo } = waiverOfId(id);
  return rule === finding.ruleId && waivesKind(appliesTo, finding);
}

/**
 * The ids among `ids` (acknowledged for one table, closest scope first) that waive `finding`, the first being the one to
 * report it under (CDK suppresses it by that id): the first that waives it alone, or those that name some of its parts
 * when together they name every one (`SG003[hotKeyReads]` beside `SG003[hotKeyWrites]`); empty when they do not.
 */
export function waivingIds(ids: readonly string[], finding: RuleFinding): string[] {
  const waivers = ids.map((id) => Object.assign(waiverOfId(id), { id })).filter((w) => w.rule === finding.ruleId);
  return coveringWaivers(waivers, finding).map((w) => w.id);
}

/** Whether the waiver acknowledged as `id` waives `finding` or names some of its parts (then the finding names it, and
 *  it waives the finding once the other parts are fixed or waived beside it): either way no stale waiver. */
export function waiverConcerns(id: string, finding: RuleFinding): boolean {
  const { rule, appliesTo } = waiverOfId(id);
  return rule === finding.ruleId && (waivesKind(appliesTo, finding) || namesSomePart(appliesTo, finding.parts));
}

/**
 * Whether a waiver of the kinds `appliesTo` waives a finding of `kind`: it names no kind, names the message id or the
 * kind that id is a variant of (`hotKey` waives `hotNamedKey`, the same hot value named by the reads that ask for it), or
 * names every part (`hotKeyReads` waives a hot key over on its reads alone, never one whose writes are over too). One
 * answer for the design's waivers and CDK's bracketed ids (`waivesFinding`), and, given the kinds several waivers name
 * together, for the waivers that add up (`coveringWaivers`).
 */
export function waivesKind(appliesTo: readonly string[] | undefined, kind: WaivedKind): boolean {
  const { messageId, variantOf, parts } = kind;
  if (appliesTo === undefined || messageId === undefined || appliesTo.includes(messageId)) return true;
  if (variantOf !== undefined && appliesTo.includes(variantOf)) return true;
  return parts !== undefined && parts.length > 0 && parts.every((part) => appliesTo.includes(part));
}

/**
 * The waivers among `waivers` (of one rule, on one key space, in the order given) that waive a finding of `kind`: the
 * first that waives it alone, else every one that names some of its parts when together they name each part (a waiver
 * of the reads' heat for a cache beside one of the writes' heat, each with its own reason, waive a key over on both as
 * one naming both does); empty when they do not.
 */
export function coveringWaivers<W extends { readonly appliesTo?: readonly string[] }>(waivers: readonly W[], kind: WaivedKind): W[] {
  for (const waiver of waivers) if (waivesKind(waiver.appliesTo, kind)) return [waiver];
  const naming = waivers.filter((waiver) => namesSomePart(waiver.appliesTo, kind.parts));
  if (naming.length < 2) return [];
  const named = naming.flatMap((waiver) => waiver.appliesTo ?? []);
  return waivesKind(named, kind) ? naming : [];
}

/** Whether the kinds `appliesTo` name some of `parts`. */
const namesSomePart = (appliesTo: readonly string[] | undefined, parts: readonly string[] | undefined): boolean =>
  appliesTo !== undefined && parts !== undefined && parts.some((part) => appliesTo.includes(part));

/** The parts of a finding made of `parts` that waivers of the kinds `appliesTo` (one waiver's, or those of several
 *  together) leave unnamed when they name some of them but not all (then they waive nothing of it); empty when they
 *  name none, or all. */
export function partsLeftOut(appliesTo: readonly string[] | undefined, parts: readonly string[] | undefined): string[] {
  if (appliesTo === undefined || parts === undefined || !namesSomePart(appliesTo, parts)) return [];
  return parts.filter((part) => !appliesTo.includes(part));
}

/**
 * The kinds of finding one waiver of a whole rule waives, sorted: each finding's message id (a variant counted as the
 * kind it words: `hotNamedKey` as `hotKey`), or, where the findings of one message id differ in their parts, those parts.
 * A waiver of SG017's `overQuota` on the reads and on the writes waives 2 kinds, `overQuotaReads` and `overQuotaWrites`:
 * they are separate quotas, each raised by its own Service Quotas request (AWS: "Service, account, and table quotas in
 * Amazon DynamoDB"), so a ticket that raised one must not hide the other.
 */
export function kindsWaived(findings: readonly WaivedKind[]): string[] {
  const partLists = new Map<string, Set<string>>();
  for (const finding of findings) {
    const kind = kindOf(finding);
    partLists.set(kind, (partLists.get(kind) ?? new Set()).add((finding.parts ?? []).join(',')));
  }
  const kinds = new Set<string>();
  for (const finding of findings) {
    const kind = kindOf(finding);
    if ((partLists.get(kind)?.size ?? 0) < 2 || !finding.parts?.length) kinds.add(kind);
    else for (const part of finding.parts) kinds.add(part);
  }
  return [...kinds].sort();
}

/** The kinds among `kinds` (a broad waiver's, `kindsWaived`) that name `finding`: what to give `appliesTo` (or CDK's
 *  brackets) for a waiver written for it alone: its message id, or its parts where the waiver's kinds split that id. */
export function kindsNaming(finding: WaivedKind, kinds: readonly string[]): string[] {
  const kind = kindOf(finding);
  return kinds.includes(kind) || !finding.parts?.length ? [kind] : [...finding.parts];
}

const kindOf = (finding: WaivedKind): string => finding.variantOf ?? finding.messageId ?? '';

/**
 * How the synth and `lint cdk.out/` say a `Validations.acknowledge()` of `rule` without a kind, given at
 * `acknowledgedAt`, absorbs several kinds of its findings, on one it waives of the kinds `named` (`kindsNaming`):
 * "Validations.acknowledge({ id: 'skewguard::SG017' }) at Stack waives 2 kinds of finding: overQuota, warmBelowPeak;
 * acknowledge 'skewguard::SG017[warmBelowPeak]' if it was written for this kind only" (the CDK form of `broadWaiverNote`).
 */
export function broadScopeWaiverNote(rule: string, acknowledgedAt: string, kinds: readonly string[], named: readonly string[]): string {
  return `Validations.acknowledge({ id: '${ruleName(rule)}' }) at ${acknowledgedAt || '(app)'} waives ${kinds.length} kinds of finding: ${kinds.join(', ')}; acknowledge ${kindWaiverIds(rule, named)} if it was written for this kind only`;
}
