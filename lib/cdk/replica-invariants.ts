/**
 * Invariants a global table keeps in one Region only. With multi-Region eventual consistency (MREC, the default), each
 * Region takes writes against its own copy and DynamoDB resolves two Regions' writes to one item within the replication
 * window "last writer wins" by timestamp, unlogged; items replicate one by one, not as a transaction (AWS Prescriptive
 * Guidance, "Overview of global tables"). So a condition passes in two Regions at once (two holds on the last room), and
 * a running total loses one Region's update. AWS's answers: route those writes to one Region ("Write to one Region
 * mode": "This write mode helps when you want to use conditional expressions and can't use MRSC … or when you need to
 * perform transactions"), or multi-Region strong consistency (MRSC), chosen when the table is created.
 */
import { Annotations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { Invariant, InvariantKind } from '../index';

/** The warning's id: `Annotations.of(table).acknowledgeWarning('skewguard:replica-invariants-regional')` silences it. */
export const REPLICA_INVARIANTS_WARNING = 'skewguard:replica-invariants-regional';

/** The DynamoDB invariants that need one Region's latest copy, as the warning names them. */
const REGIONAL: Partial<Record<InvariantKind, string>> = {
  'conditional-write': 'a conditional write',
  'running-total': 'a running total',
  transaction: 'a transaction',
};

/** The invariants a replica under eventual consistency would break, named with their paths and descriptions. */
export function regionalInvariants(invariants: readonly Invariant[], consistency: unknown): string[] {
  if (consistency === dynamodb.MultiRegionConsistency.STRONG) return [];
  return invariants.flatMap((invariant) => {
    const kind = REGIONAL[invariant.kind];
    if (kind === undefined) return [];
    return [`${kind} (${invariant.path}${invariant.description === undefined ? '' : `: ${JSON.stringify(invariant.description)}`})`];
  });
}

/** The synth warning for a table with such invariants and a replica in `region`. */
export function warnRegionalInvariants(scope: Construct, named: readonly string[], region: string): void {
  Annotations.of(scope).addWarningV2(
    REPLICA_INVARIANTS_WARNING,
    `the design declares ${named.join(', ')}, and the table has a replica in ${region} with multi-Region eventual consistency (the default): each Region checks a condition against its own copy, and writes to one item in two Regions within the replication window are resolved last writer wins, unlogged, so both Regions can pass the same condition, and a running total loses one Region's update. Send these writes to one Region (AWS: "Write to one Region mode"), or create the table with multiRegionConsistency: STRONG (it cannot change later); then acknowledge this warning`,
  );
}
