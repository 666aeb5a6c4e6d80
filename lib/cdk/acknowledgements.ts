/**
 * Waivers given through CDK's own mechanism, `Validations.of(scope).acknowledge({ id: 'skewguard::SG0xx', reason })`.
 * CDK records them as construct metadata and suppresses matching violations of a resource at or
 * below the acknowledging scope, the closest acknowledgement winning; this file reads them the same
 * way, so the design a table is linted with and the report CDK prints agree.
 */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { UsageError, validateAcknowledgement, type AcknowledgementDesign, type DesignIssue } from '../index';

/** The validation plugin's name: CDK namespaces its rule ids as `skewguard::SG001`. */
export const PLUGIN_NAME = 'skewguard';
const NAMESPACE = `${PLUGIN_NAME}::`;

/** One `Validations.acknowledge()` call for a skewguard rule, as CDK recorded it. */
export interface RecordedAcknowledgement {
  /** The id as given after the namespace, e.g. `SG001` (not checked yet). */
  readonly rule: string;
  readonly reason: string;
  /** Construct path of the scope it was recorded on (`''` for the app). */
  readonly acknowledgedAt: string;
}

/** Acknowledgements recorded on one construct, in the order given (a later one for the same id replaces an earlier one, as in CDK). */
function recordedOn(scope: IConstruct, namespace = NAMESPACE): RecordedAcknowledgement[] {
  const byRule = new Map<string, RecordedAcknowledgement>();
  for (const entry of scope.node.metadata) {
    if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY || typeof entry.data !== 'object' || entry.data === null) continue;
    for (const [id, reason] of Object.entries(entry.data as Record<string, unknown>)) {
      if (!id.startsWith(namespace)) continue;
      byRule.set(id, { rule: id.slice(namespace.length), reason: typeof reason === 'string' ? reason : '', acknowledgedAt: scope.node.path });
    }
  }
  return [...byRule.values()];
}

/** The skewguard acknowledgements in effect for `resource`: on it or an ancestor, the closest per rule. */
export function acknowledgementsFor(resource: IConstruct): RecordedAcknowledgement[] {
  const byRule = new Map<string, RecordedAcknowledgement>();
  for (const scope of [...resource.node.scopes].reverse()) {
    for (const ack of recordedOn(scope)) if (!byRule.has(ack.rule)) byRule.set(ack.rule, ack);
  }
  return [...byRule.values()];
}

/**
 * Every acknowledgement recorded under `root` that concerns skewguard: `skewguard::` ones, and
 * `unprefixed` ones of a skewguard rule id, which waive nothing (CDK files an id without a
 * namespace under `Annotation::`, so `acknowledge({ id: 'SG001' })` silently misses).
 */
export function allAcknowledgements(root: IConstruct): { skewguard: RecordedAcknowledgement[]; unprefixed: RecordedAcknowledgement[] } {
  const skewguard: RecordedAcknowledgement[] = [];
  const unprefixed: RecordedAcknowledgement[] = [];
  for (const scope of root.node.findAll()) {
    if (!scope.node.metadata.some((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)) continue;
    skewguard.push(...recordedOn(scope));
    unprefixed.push(...recordedOn(scope, 'Annotation::').filter((ack) => /^SG\d{3}$/i.test(ack.rule)));
  }
  return { skewguard, unprefixed };
}

/**
 * Whether the core accepts `ack` as a waiver: a known rule id and a real reason (CDK accepts an
 * empty one; skewguard does not). The core's own check of acknowledgements, with paths `rule` / `reason`.
 */
export function acknowledgementIssues(ack: { readonly rule: string; readonly reason: string }): readonly DesignIssue[] {
  try {
    validateAcknowledgement({ rule: ack.rule, reason: ack.reason });
    return [];
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return error.issues;
  }
}

/** The acknowledgements in effect for `resource` that the core accepts, each with where it was given. */
export function validAcknowledgementsFor(resource: IConstruct): RecordedAcknowledgement[] {
  return acknowledgementsFor(resource).filter((ack) => acknowledgementIssues(ack).length === 0);
}

/** Those acknowledgements as a design declares them. */
export function asDesignAcknowledgements(acknowledgements: readonly RecordedAcknowledgement[]): AcknowledgementDesign[] {
  return acknowledgements.map(({ rule, reason }) => ({ rule, reason }));
}

/**
 * Where each was given: rule id → construct path of the acknowledging scope (`''` for the app).
 * Written to the template metadata beside the copies, so `skewguard lint cdk.out/` can count a
 * scope's waiver once, at that scope, as the synth does, and not once per table it was copied into.
 */
export function acknowledgedAtOf(acknowledgements: readonly RecordedAcknowledgement[]): Record<string, string> {
  return Object.fromEntries(acknowledgements.map((ack) => [ack.rule, ack.acknowledgedAt]));
}
