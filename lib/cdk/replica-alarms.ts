/**
 * A global table's replica Regions, watched as far as the table's own stack can: a CloudWatch alarm reads the metrics of
 * its own Region, and DynamoDB publishes a replica's throttles in the replica's Region, so no alarm here sees a hot
 * partition there. What this stack does see is `ReplicationLatency` to each replica Region (published in the Region the
 * writes come from: this one), which rises when the replica falls behind, throttled or degraded. So: a ticket on it per
 * replica Region, and a synth warning naming the Region whose key-range throttles page nobody, with the way to watch
 * them (docs/cdk.md, "Replicas").
 */
import { Annotations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { ResolvedThreshold } from './alarm-thresholds';
import type { SkewAlarm } from './alarm-types';
import type { SkewAlarmFactory } from './alarms';
import { replicationLatency } from './metrics';

/** The warning's id: `Annotations.of(table).acknowledgeWarning('skewguard:replica-region-unwatched')` silences it. */
export const REPLICA_UNWATCHED_WARNING = 'skewguard:replica-region-unwatched';

const MONITORING_DOC = 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/V2globaltables_monitoring.html';

/**
 * AWS's recommended alarm on `ReplicationLatency` (CloudWatch User Guide, "Recommended alarms", Amazon DynamoDB:
 * dimensions TableName, ReceivingRegion; statistic Average; "Replication latencies longer than 3 minutes are generally
 * a cause for investigation"; period 60, 15 datapoints of 15 evaluation periods). 3 minutes against a normal "0.5 to 2.5
 * second range for Regions … within the same geographic area" (Developer Guide, "Best practices for global table
 * design"): a replica that far behind for a quarter of an hour is not a blip, and a ticket, since no request fails:
 * reads in the replica Region are stale.
 */
export const REPLICATION_LATENCY: ResolvedThreshold = { threshold: 180_000, evaluationPeriods: 15, datapointsToAlarm: 15 };

/** Ticket: writes made in this Region reaching the replica in `region` late. */
export function replicationLatencyAlarm(factory: SkewAlarmFactory, tableName: string, region: string): SkewAlarm {
  return factory.create({
    id: `ReplicationLatency-${region}`,
    tier: 'ticket',
    signal: 'replication-latency',
    region,
    metric: replicationLatency(tableName, region),
    threshold: REPLICATION_LATENCY,
    title: `replication to ${region} late`,
    meaning: `ReplicationLatency to ${region} averages 180,000+ ms (3 min): writes made here reach the replica there that late, so reads there are stale (AWS: over 3 minutes is a cause for investigation)`,
    action: `look for throttles of the table in ${region} (a hot partition there, or these writes throttled there: no alarm in this Region reads them) and for ${region} in the AWS Health Dashboard; if ${region} is degraded, move its traffic to another Region`,
    doc: MONITORING_DOC,
  });
}

/** The synth warning for a replica Region no alarm of this stack can watch for throttles. */
export function warnUnwatchedReplica(scope: Construct, region: string): void {
  Annotations.of(scope).addWarningV2(
    REPLICA_UNWATCHED_WARNING,
    `the replica in ${region} gets a ticket on its ReplicationLatency from here, but its key-range throttles (a hot partition there, or the writes replicated to it throttled) page nobody: a CloudWatch alarm reads the metrics of its own Region only. Watch them with alarms in a stack in ${region} (docs/cdk.md, "Replicas")`,
  );
}

/**
 * Calls `onReplica(region)` for every replica added with `table.addReplica()`, after TableV2 accepts it (a replica in
 * the stack's own Region, a duplicate or a token Region throws there first). With the `replicas` prop (TableV2 checked
 * those at construction), every replica is seen while the construct is built, where its alarm can still be added.
 */
export function onAddReplica(table: dynamodb.TableV2, onReplica: (region: string) => void): void {
  const addReplica = table.addReplica.bind(table);
  Object.defineProperty(table, 'addReplica', {
    value: (replica: dynamodb.ReplicaTableProps): void => {
      addReplica(replica);
      onReplica(replica.region);
    },
  });
}
