/**
 * Waivers given through CDK's own mechanism, `Validations.of(scope).acknowledge({ id: 'skewguard::SG0xx', reason })`,
 * as CDK records them: construct metadata entries of type `aws:cdk:acknowledged-rules`. The synth
 * reads them from the construct tree (lib/cdk/acknowledgements.ts), `skewguard lint cdk.out/` from
 * the stack metadata of the cloud assembly (`<Stack>.metadata.json`); both read them and judge them
 * here, so a waiver the synth refuses is refused by the lint in the same words. No aws-cdk-lib import:
 * the CLI does not load it.
 */
import { UsageError, type DesignIssue } from '../design/errors';
import { validateAcknowledgement } from '../lint/validate';
import { RULE_QUOTA_CHECK } from './rule-quota';
import { CDK_PLUGIN_NAME, ruleName, waiverId, waiverOfId } from './waiver-id';

export {
  broadScopeWaiverNote,
  CDK_PLUGIN_NAME,
  kindsNaming,
  kindsWaived,
  ruleName,
  waiverConcerns,
  waiverId,
  waiverOfId,
  waivesFinding,
  waivingIds,
  type WaivedKind,
} from './waiver-id';

const NAMESPACE = `${CDK_PLUGIN_NAME}::`;
/** Where CDK files an id given without a namespace (`acknowledge({ id: 'SG001' })`): as an annotation's, which waives nothing of ours. */
const UNPREFIXED = 'Annotation::';

/** The metadata type of `Validations.acknowledge()` (aws-cdk-lib's `Validations.ACKNOWLEDGED_RULES_METADATA_KEY`). */
export const ACKNOWLEDGED_RULES_METADATA_TYPE = 'aws:cdk:acknowledged-rules';

/** How the synth and `lint cdk.out/` say a scope's waiver acknowledged as `id` waives nothing (before anything they add). */
export function unusedScopeWaiverNote(id: string, acknowledgedAt: string): string {
  const { rule, appliesTo } = waiverOfId(id);
  const kind = appliesTo?.length ? ` of kind ${appliesTo.join(', ')}` : '';
  return `Validations.acknowledge({ id: '${ruleName(id)}' }) at ${acknowledgedAt || '(app)'} waives nothing: no table at or below it has a ${rule} finding${kind}`;
}

/** One `Validations.acknowledge()` call for a skewguard rule, as CDK recorded it. */
export interface RecordedAcknowledgement {
  /** The id as given after the namespace, e.g. `SG001`, or `SG017[overQuota]` for one kind of its findings (not
   *  checked yet: `waiverOfId` reads it). */
  readonly rule: string;
  /** The reason given to `acknowledge()`; skewguard refuses one under 10 characters (CDK accepts an empty one). */
  readonly reason: string;
  /** Construct path of the scope it was recorded on (`''` for the app). */
  readonly acknowledgedAt: string;
}

/** One construct metadata entry, as a construct holds it and as the cloud assembly writes it. */
export interface ConstructMetadataEntry {
  /** The metadata type; skewguard reads only `aws:cdk:acknowledged-rules` entries. */
  readonly type: string;
  /** The entry's payload: for `aws:cdk:acknowledged-rules`, an object of namespaced rule id → reason (`{ "skewguard::SG001": "..." }`).
   *  @default - none (an entry without data waives nothing) */
  readonly data?: unknown;
}

const isAcknowledgement = (entry: ConstructMetadataEntry): boolean => entry.type === ACKNOWLEDGED_RULES_METADATA_TYPE;

/**
 * The acknowledgements under `namespace` in one construct's metadata, in the order given (a later
 * one for the same id replaces an earlier one, as in CDK). `acknowledgedAt` is the construct's path.
 */
export function recordedIn(entries: readonly ConstructMetadataEntry[], acknowledgedAt: string, namespace = NAMESPACE): RecordedAcknowledgement[] {
  // Read for every construct of an app at each synth, and most carry no acknowledgement: those allocate nothing.
  if (!entries.some(isAcknowledgement)) return [];
  const byRule = new Map<string, RecordedAcknowledgement>();
  for (const entry of entries) {
    if (entry.type !== ACKNOWLEDGED_RULES_METADATA_TYPE || typeof entry.data !== 'object' || entry.data === null) continue;
    for (const [id, reason] of Object.entries(entry.data as Record<string, unknown>)) {
      if (!id.startsWith(namespace)) continue;
      byRule.set(id, { rule: id.slice(namespace.length), reason: typeof reason === 'string' ? reason : '', acknowledgedAt });
    }
  }
  return [...byRule.values()];
}

/** A construct's acknowledgements that concern skewguard: `skewguard::` ones, and unprefixed ones of a skewguard rule id. */
export function acknowledgementsIn(
  entries: readonly ConstructMetadataEntry[],
  acknowledgedAt: string,
): { skewguard: RecordedAcknowledgement[]; unprefixed: RecordedAcknowledgement[] } {
  return {
    skewguard: recordedIn(entries, acknowledgedAt),
    unprefixed: recordedIn(entries, acknowledgedAt, UNPREFIXED).filter((ack) => /^SG\d{3}(\[.*\])?$/is.test(ack.rule)),
  };
}

/**
 * Whether the core accepts `ack` as a waiver: a known rule id, in brackets a message id of that rule if any, and a
 * real reason (CDK accepts an empty one; skewguard does not). The core's own check of acknowledgements, with paths
 * `rule`, `appliesTo…` (the bracketed kind) and `reason`.
 */
export function acknowledgementIssues(ack: { readonly rule: string; readonly reason: string }): readonly DesignIssue[] {
  try {
    validateAcknowledgement({ ...waiverOfId(ack.rule), reason: ack.reason });
    return [];
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return error.issues;
  }
}

/** What is wrong with a `Validations.acknowledge()` waiver, and how to fix it, as the synth and the lint say it. */
export interface WaiverProblem {
  /** Why the `Validations.acknowledge()` call waives nothing: where it was given and what is wrong with its id or
   *  reason. */
  readonly description: string;
  /** What to change in the call: the namespaced id (`skewguard::SG001`), or a known rule and a reason of at least 10
   *  characters. */
  readonly fix: string;
}

/** Why skewguard refuses `ack` (an unknown rule id, a missing or short reason), or undefined when it accepts it. */
export function invalidWaiver(ack: RecordedAcknowledgement): WaiverProblem | undefined {
  // The id CDK prints under the quota's verdict ("Acknowledge with …"): refused by name, not as an unknown rule id.
  if (ack.rule === RULE_QUOTA_CHECK) {
    return {
      description: `Validations.acknowledge({ id: '${ruleName(ack.rule)}' }) at ${ack.acknowledgedAt || '(app)'} is refused: the Contributor Insights rule quota cannot be waived, since a deployment past it fails whatever the report says`,
      fix: 'remove it; once AWS grants a raise, declare the new quota (cdk synth -c skewguard:contributorInsightsRuleQuota=<n>; skewguard lint --contributor-insights-rule-quota <n>)',
    };
  }
  const issues = acknowledgementIssues(ack);
  if (issues.length === 0) return undefined;
  const problems = issues.map((i) => `${fieldOfId(i.path)}: ${i.message}`).join('; ');
  return {
    description: `Validations.acknowledge({ id: '${ruleName(ack.rule)}' }) at ${ack.acknowledgedAt || '(app)'} is not a valid waiver: ${problems}`,
    fix: "skewguard waives a finding only for a known rule id (`skewguard::SG017`, or `skewguard::SG017[overQuota]` for one kind of its findings, a finding's `messageId`) and a reason of at least 10 characters that an audit can read (CDK accepts an empty one; skewguard does not)",
  };
}

/** Where in the `acknowledge()` call the core's issue at `path` is: the rule id, the kind in its brackets, the reason. */
function fieldOfId(path: string): string {
  if (path === 'rule') return 'id';
  if (path.startsWith('appliesTo')) return 'id, the kind in brackets';
  return path || 'acknowledgement';
}

/** An unprefixed id of a skewguard rule (`acknowledge({ id: 'SG015' })`): it waives nothing. */
export function unprefixedWaiver(ack: RecordedAcknowledgement): WaiverProblem {
  return {
    description: `Validations.acknowledge({ id: '${ack.rule}' }) at ${ack.acknowledgedAt || '(app)'} waives nothing: CDK files an id without a prefix as an annotation`,
    fix: `use id: '${ruleName(unprefixedId(ack.rule))}'`,
  };
}

/** An unprefixed id as it should have been written after the namespace: its rule id upper-cased, its kind as given. */
function unprefixedId(id: string): string {
  const { rule, appliesTo } = waiverOfId(id);
  return waiverId(rule.toUpperCase(), appliesTo);
}
