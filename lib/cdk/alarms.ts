/**
 * The skew alarms of one key space (the table or a GSI), all made by one factory so that every
 * alarm is named and described the same way (what fired, where, where to look next), carries the
 * same actions, has one metric (CloudWatch allows 10), and treats missing data as not breaching:
 * DynamoDB publishes throttle and latency data only when there is traffic.
 */
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import type { ResolvedThreshold, ResolvedThresholds } from './alarm-thresholds';
import { latencyP99, throttleEvents, throttleEventsMetricName, topContributor, type Direction, type KeySpaceRef, type ThrottleCause } from './metrics';

/** What an alarm watches. */
export type SkewSignal = 'key-range-throttles' | 'capacity-throttles' | 'latency' | 'hot-key';

/** One alarm and what it is about, so tooling can pick alarms without parsing names. */
export interface SkewAlarm {
  /** The CloudWatch alarm. */
  readonly alarm: cloudwatch.Alarm;
  /** What it watches: key-range throttles (hot partition), capacity throttles, p99 latency, or the hottest key. */
  readonly signal: SkewSignal;
  /** The GSI; undefined for the table. */
  readonly index?: string;
  /** `Read` or `Write` for throttle alarms. */
  readonly direction?: Direction;
  /** The operation of a latency alarm. */
  readonly operation?: string;
}

interface AlarmSpec {
  readonly id: string;
  readonly signal: SkewSignal;
  readonly space: KeySpaceRef;
  readonly metric: cloudwatch.IMetric;
  readonly threshold: ResolvedThreshold;
  /** Short title, part of the alarm name: `hot partition (write key-range throttles)`. */
  readonly title: string;
  /** What firing means, one sentence with the numbers. */
  readonly meaning: string;
  /** Where the on-call looks next. */
  readonly lookAt: string;
  readonly direction?: Direction;
  readonly operation?: string;
}

/** Names, describes and wires every alarm of one GuardedTable. */
export class SkewAlarmFactory {
  private readonly made: SkewAlarm[] = [];

  constructor(
    private readonly scope: Construct,
    private readonly options: { readonly actions: readonly cloudwatch.IAlarmAction[]; readonly dashboardUrl?: string },
  ) {}

  get alarms(): readonly SkewAlarm[] {
    return this.made;
  }

  create(spec: AlarmSpec): SkewAlarm {
    const where = describeSpace(spec.space);
    const dashboard = this.options.dashboardUrl ? ` Dashboard: ${this.options.dashboardUrl}` : '';
    const alarm = new cloudwatch.Alarm(this.scope, spec.id, {
      alarmName: `${spec.space.tableName}${spec.space.indexName ? `/${spec.space.indexName}` : ''} ${spec.title}`,
      alarmDescription: `${spec.meaning} (${where}) Look at: ${spec.lookAt}.${dashboard}`,
      metric: spec.metric,
      threshold: spec.threshold.threshold,
      evaluationPeriods: spec.threshold.evaluationPeriods,
      datapointsToAlarm: spec.threshold.datapointsToAlarm,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    for (const action of this.options.actions) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
    const made: SkewAlarm = { alarm, signal: spec.signal, index: spec.space.indexName, direction: spec.direction, operation: spec.operation };
    this.made.push(made);
    return made;
  }
}

function describeSpace(space: KeySpaceRef): string {
  return space.indexName ? `index ${space.indexName} of table ${space.tableName}` : `table ${space.tableName}`;
}

const CEILING: Record<Direction, string> = { Read: '3,000 RCU/s', Write: '1,000 WCU/s' };
const KEY_RANGE_FIX: Record<Direction, string> = {
  Read: 'a read-hot key needs a cache (DAX) or replicated copies; write sharding does not help reads',
  Write: 'a write-hot key needs write sharding (skewguard SG003 gives the shard count); more capacity does not help',
};

/** How the key space is provisioned: decides which capacity-throttle alarms exist. */
export interface CapacityShape {
  readonly provisioned: boolean;
  /** On-demand maximums set (`maxReadRequestUnits` / `maxWriteRequestUnits`). */
  readonly maxOnDemand: Readonly<Record<Direction, boolean>>;
}

/** Contributor Insights rule names of a key space, known at deploy time (tokens). */
export interface InsightRuleNames {
  /** Most accessed partition keys (PKC); undefined in THROTTLED_KEYS mode. */
  readonly accessed?: string;
  /** Most throttled partition keys (PKT). */
  readonly throttled: string;
}

/** Throttle alarms for both directions: key range (hot partition) and, where one applies, the capacity cause. */
export function throttleAlarms(factory: SkewAlarmFactory, id: string, space: KeySpaceRef, capacity: CapacityShape, thresholds: ResolvedThresholds): SkewAlarm[] {
  const made: SkewAlarm[] = [];
  for (const direction of ['Read', 'Write'] as const) {
    const lower = direction.toLowerCase();
    made.push(factory.create({
      id: `${id}${direction}KeyRangeThrottles`,
      signal: 'key-range-throttles',
      space,
      direction,
      metric: throttleEvents(space, 'KeyRange', direction),
      threshold: thresholds.keyRangeThrottles,
      title: `hot partition (${lower} key-range throttles)`,
      meaning: `${throttleEventsMetricName('KeyRange', direction)}: ${lower}s are throttled because one partition reached its ceiling of ${CEILING[direction]} - a hot key, not missing table capacity; ${KEY_RANGE_FIX[direction]}`,
      lookAt: `Contributor Insights "most throttled partition keys" of this ${space.indexName ? 'index' : 'table'} (CloudWatch > Insights > Contributor Insights, rule DynamoDBContributorInsights-PKT-...) to see which key`,
    }));
    const cause: ThrottleCause | undefined = capacity.provisioned ? 'Provisioned' : capacity.maxOnDemand[direction] ? 'MaxOnDemand' : undefined;
    if (cause === undefined) continue;
    const metricName = throttleEventsMetricName(cause, direction);
    made.push(factory.create({
      id: `${id}${direction}${cause}Throttles`,
      signal: 'capacity-throttles',
      space,
      direction,
      metric: throttleEvents(space, cause, direction),
      threshold: thresholds.capacityThrottles,
      title: cause === 'Provisioned' ? `under-provisioned (${lower} capacity throttles)` : `on-demand maximum reached (${lower} throttles)`,
      meaning: cause === 'Provisioned'
        ? `${metricName}: ${lower}s exceed the provisioned ${direction === 'Read' ? 'RCU' : 'WCU'} - the capacity is too low, which is not a hot key`
        : `${metricName}: ${lower}s exceed the on-demand maximum set on the table (max${direction}RequestUnits) - a configured cap, not a hot key`,
      lookAt: cause === 'Provisioned'
        ? 'the consumed vs provisioned capacity graph; raise the capacity or its auto-scaling maximum'
        : 'the consumed capacity graph; raise the maximum or find the source of the traffic',
    }));
  }
  return made;
}

/** p99 latency per operation: the on-demand hot-partition signal, where SDK retries hide the throttles. */
export function latencyAlarms(factory: SkewAlarmFactory, tableName: string, thresholds: ResolvedThresholds): SkewAlarm[] {
  return thresholds.latency.operations.map((operation) => factory.create({
    id: `${operation}LatencyP99`,
    signal: 'latency',
    space: { tableName },
    operation,
    metric: latencyP99(tableName, operation),
    threshold: thresholds.latency,
    title: `${operation} p99 latency`,
    meaning: `SuccessfulRequestLatency p99 of ${operation} is at or above ${thresholds.latency.threshold} ms: SDK retries hide partition throttles, so rising p99 is often the first sign of a hot partition`,
    lookAt: 'the Contributor Insights graphs for one dominant key, then the throttle graphs by cause',
  }));
}

/** The hottest single key, from the key space's Contributor Insights rule. */
export function hotKeyAlarm(factory: SkewAlarmFactory, id: string, space: KeySpaceRef, rules: InsightRuleNames, thresholds: ResolvedThresholds): SkewAlarm {
  const accessed = rules.accessed !== undefined;
  const rule = rules.accessed ?? rules.throttled;
  return factory.create({
    id: `${id}HotKey`,
    signal: 'hot-key',
    space,
    metric: topContributor(rule, accessed ? 'most accessed key (consumed units/min)' : 'most throttled key (throttled requests/min)'),
    threshold: thresholds.hotKey,
    title: accessed ? 'hot key (most accessed partition key)' : 'hot key (most throttled partition key)',
    meaning: accessed
      ? `one partition key consumed at least ${thresholds.hotKey.threshold} units (3 x WCU + RCU) in a minute, against the 180,000 a partition serves: that key is close to its partition's ceiling`
      : `one partition key had at least ${thresholds.hotKey.threshold} throttled requests in a minute: it is pinned at its partition's ceiling`,
    lookAt: `Contributor Insights "most ${accessed ? 'accessed' : 'throttled'} partition keys" of this ${space.indexName ? 'index' : 'table'} (rule ${rule}) to see which key`,
  });
}
