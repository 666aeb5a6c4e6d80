/**
 * The `skewguard` entry of a DynamoDB resource's CloudFormation `Metadata`: written by GuardedTable
 * (its design) or for a raw table (waivers), read by the CDK checks and `skewguard lint cdk.out/`
 * through this one reader, by the contract in docs/cdk.md ("Template metadata").
 */
import type { DesignIssue } from '../design/errors';
import { isObject } from '../design/json-object';
import { own } from './intrinsics';

/** The CloudFormation `Metadata` key of skewguard's entry on a DynamoDB resource, and its version. */
export const TEMPLATE_METADATA_KEY = 'skewguard';
export const TEMPLATE_METADATA_VERSION = 1;

/** The resource types a DynamoDB table synthesizes to: TableV2 → GlobalTable; Table / CfnTable → Table. */
export const DYNAMODB_TEMPLATE_TYPES: readonly string[] = ['AWS::DynamoDB::Table', 'AWS::DynamoDB::GlobalTable'];

/** Where the entry sits in a resource. */
export const METADATA_PATH = `Metadata.${TEMPLATE_METADATA_KEY}`;

/** The entry as read: absent, unreadable by this version (with why), or its fields as written (not yet checked). */
export type TemplateMetadata =
  | { readonly status: 'absent' }
  | { readonly status: 'unreadable'; readonly issue: DesignIssue }
  | {
      readonly status: 'read';
      readonly design?: unknown;
      readonly acknowledgements?: unknown;
      readonly constructPath?: unknown;
      /** Acknowledged id (`SG017`, `SG017[overQuota]`) → construct path of the scope whose `Validations.acknowledge()` gave that waiver (not yet checked). */
      readonly acknowledgedAt?: unknown;
      /** The raised DynamoDB throughput quotas the design was linted with (not yet checked). */
      readonly quotas?: unknown;
    };

/** The skewguard entry of a template resource; issue paths are relative to the resource. */
export function templateMetadataOf(resource: unknown): TemplateMetadata {
  const entry = own(own(resource, 'Metadata'), TEMPLATE_METADATA_KEY);
  if (entry === undefined) return { status: 'absent' };
  if (!isObject(entry))
    return { status: 'unreadable', issue: { path: METADATA_PATH, message: `expected an object written by skewguard, got ${JSON.stringify(entry)}` } };
  const version = own(entry, 'version');
  if (version !== TEMPLATE_METADATA_VERSION) {
    const newer = typeof version === 'number' && version > TEMPLATE_METADATA_VERSION;
    return {
      status: 'unreadable',
      issue: {
        path: `${METADATA_PATH}.version`,
        message: newer
          ? `is ${version}: this template was written by a newer skewguard (which writes version ${version}; this one reads version ${TEMPLATE_METADATA_VERSION}); upgrade skewguard`
          : `expected ${TEMPLATE_METADATA_VERSION}, got ${JSON.stringify(version)}`,
      },
    };
  }
  return {
    status: 'read',
    design: own(entry, 'design'),
    acknowledgements: own(entry, 'acknowledgements'),
    constructPath: own(entry, 'constructPath'),
    acknowledgedAt: own(entry, 'acknowledgedAt'),
    quotas: own(entry, 'quotas'),
  };
}

/**
 * The per-index copies of a table's `Validations.acknowledge()` waivers, linted after the waivers themselves. CDK
 * suppresses a rule's violations of every resource at or below the acknowledging scope by rule id alone (it has no
 * index), so a finding on a GSI or LSI of the table is suppressed as one on its own key is; a design acknowledgement
 * without `index` waives the table's own key space only, so each waiver is copied once per index (`indexNames`):
 * the lint then says what the synth does. Index by index, each waiver in order.
 */
export function indexWaiverCopies(
  waivers: readonly { readonly rule: string; readonly reason: string; readonly appliesTo?: readonly string[] }[],
  indexNames: readonly string[],
): { rule: string; reason: string; index: string; appliesTo?: readonly string[] }[] {
  return indexNames.flatMap((index) => waivers.map(({ rule, reason, appliesTo }) => ({ rule, reason, index, ...(appliesTo ? { appliesTo } : {}) })));
}
