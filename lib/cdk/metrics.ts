/**
 * What to measure for one key space (the table or one GSI). Every metric names its statistic: an
 * event count is a Sum (TableV2's `metric()` would default to Average), latency a p99, capacity a
 * per-second rate. Metric names are CloudWatch's, namespace `AWS/DynamoDB`.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';

/** Values of the `Operation` dimension of `SuccessfulRequestLatency` and `SystemErrors`. */
export type LatencyOperation =
  | 'GetItem'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'Query'
  | 'Scan'
  | 'BatchGetItem'
  | 'BatchWriteItem'
  | 'TransactGetItems'
  | 'TransactWriteItems'
  | 'GetRecords'
  | 'ExecuteStatement'
  | 'BatchExecuteStatement'
  | 'ExecuteTransaction';

const NAMESPACE = 'AWS/DynamoDB';
/** DynamoDB publishes one-minute data; alarms and graphs use it as is. */
export const PERIOD = Duration.minutes(1);

export type Direction = 'Read' | 'Write';

/** A table or one of its GSIs: the unit a partition key partitions. */
export interface KeySpaceRef {
  /** The table's name (usually a token). */
  readonly tableName: string;
  /** The GSI; undefined for the table itself. */
  readonly indexName?: string;
}

/** The throttle families that say *why* a request was throttled. */
export type ThrottleCause = 'KeyRange' | 'Provisioned' | 'MaxOnDemand' | 'AccountLimit';

const CAUSE_METRIC: Record<ThrottleCause, (d: Direction) => string> = {
  KeyRange: (d) => `${d}KeyRangeThroughputThrottleEvents`,
  Provisioned: (d) => `${d}ProvisionedThroughputThrottleEvents`,
  MaxOnDemand: (d) => `${d}MaxOnDemandThroughputThrottleEvents`,
  AccountLimit: (d) => `${d}AccountLimitThrottleEvents`,
};

function dimensions(space: KeySpaceRef): Record<string, string> {
  return space.indexName === undefined ? { TableName: space.tableName } : { TableName: space.tableName, GlobalSecondaryIndexName: space.indexName };
}

/** No label: an alarm on a labelled metric is rendered in the metric-math form, harder to read. */
function metric(space: KeySpaceRef, metricName: string, statistic: string): cloudwatch.Metric {
  return new cloudwatch.Metric({ namespace: NAMESPACE, metricName, dimensionsMap: dimensions(space), statistic, period: PERIOD });
}

export function throttleEventsMetricName(cause: ThrottleCause, direction: Direction): string {
  return CAUSE_METRIC[cause](direction);
}

/** Throttle events of one cause and direction of one key space, summed per minute (a GSI's under its
 *  GlobalSecondaryIndexName: ./alarms.ts says why a GSI's WriteAccountLimitThrottleEvents is read there too). */
export function throttleEvents(space: KeySpaceRef, cause: ThrottleCause, direction: Direction): cloudwatch.Metric {
  return metric(space, throttleEventsMetricName(cause, direction), cloudwatch.Stats.SUM);
}

/** Consumed capacity units per second (the one-minute Sum divided by the period). */
export function consumedCapacity(space: KeySpaceRef, direction: Direction): cloudwatch.MathExpression {
  const consumed = consumedUnits(space, direction);
  const id = `consumed${direction}`;
  return new cloudwatch.MathExpression({
    expression: `${id} / PERIOD(${id})`,
    usingMetrics: { [id]: consumed },
    period: PERIOD,
    label: `consumed ${direction === 'Read' ? 'RCU' : 'WCU'}/s`,
  });
}

/** Consumed capacity units of one key space, summed per minute (the table's own, without its GSIs', under `TableName` alone). */
export function consumedUnits(space: KeySpaceRef, direction: Direction): cloudwatch.Metric {
  return metric(space, `Consumed${direction}CapacityUnits`, cloudwatch.Stats.SUM);
}

/** Provisioned capacity units per second (provisioned tables only). */
export function provisionedCapacity(space: KeySpaceRef, direction: Direction): cloudwatch.Metric {
  return metric(space, `Provisioned${direction}CapacityUnits`, cloudwatch.Stats.AVERAGE).with({
    label: `provisioned ${direction === 'Read' ? 'RCU' : 'WCU'}/s`,
  });
}

/** A one-minute DynamoDB metric with its dimensions as given (those of a table's operations or Regions). */
function tableMetric(metricName: string, dimensionsMap: Record<string, string>, statistic: string): cloudwatch.Metric {
  return new cloudwatch.Metric({ namespace: NAMESPACE, metricName, dimensionsMap, statistic, period: PERIOD });
}

/** `SuccessfulRequestLatency` of one operation (table level: the metric has no index dimension). */
export function latency(tableName: string, operation: string, statistic: string): cloudwatch.Metric {
  return tableMetric('SuccessfulRequestLatency', { TableName: tableName, Operation: operation }, statistic);
}

/** `SystemErrors` (HTTP 500) of one operation, summed per minute; dimensions `TableName` and `Operation`. */
export function systemErrors(tableName: string, operation: string): cloudwatch.Metric {
  return tableMetric('SystemErrors', { TableName: tableName, Operation: operation }, cloudwatch.Stats.SUM);
}

/**
 * `ReplicationLatency` of a global table to one replica Region, averaged per minute: "The elapsed time between an
 * updated item appearing in the DynamoDB stream for one replica table, and that item appearing in another replica in
 * the global table", dimensions `TableName` and `ReceivingRegion` (Developer Guide, "DynamoDB metrics and dimensions"),
 * published in the Region the writes were made in (one per source and destination pair: "Monitoring global tables").
 */
export function replicationLatency(tableName: string, receivingRegion: string): cloudwatch.Metric {
  return tableMetric('ReplicationLatency', { TableName: tableName, ReceivingRegion: receivingRegion }, cloudwatch.Stats.AVERAGE);
}

/** The value of the top contributor of a Contributor Insights rule, per minute. */
export function topContributor(ruleName: string, label: string): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    expression: `INSIGHT_RULE_METRIC('${ruleName}', 'MaxContributorValue')`,
    usingMetrics: {},
    period: PERIOD,
    label,
  });
}

/**
 * The hottest key's load, read and write each held against its own ceiling, in ConsumedThroughputUnits a minute
 * (3 × WCU + RCU, in which both ceilings are 180,000: 3,000 RCU or 1,000 WCU × 3, for 60 s). AWS throttles a
 * partition's reads and writes independently ("DynamoDB's partition-level throttling operates independently for reads
 * and writes", Developer Guide, "Key range throughput exceeded (hot partitions)"), not against one combined budget, but
 * the most accessed keys rule reports one figure per key with both mixed in. What bounds each: the key's reads are at
 * most that figure and at most the key space's reads; its writes (× 3) at most that figure and at most the key space's
 * writes × 3. The higher bound is the value: a key alone at either ceiling shows it there, as before, and a key mixing
 * both is no longer taken for one at a ceiling where its key space's traffic in each direction is below the line.
 */
/** One direction's bound multiplied by `factor` (at most 1), so that one threshold holds each direction at the same share
 *  of what the key's partition leaves it: the direction whose neighbours leave it more is scaled down to the other. */
export interface ScaledDirection {
  readonly direction: Direction;
  readonly factor: number;
}

export function hottestKeyPerDirection(space: KeySpaceRef, accessedRule: string, scaled?: ScaledDirection): cloudwatch.MathExpression {
  const key = topContributor(accessedRule, 'most accessed key, ConsumedThroughputUnits per minute');
  const reads = metric(space, 'ConsumedReadCapacityUnits', cloudwatch.Stats.SUM);
  const writes = metric(space, 'ConsumedWriteCapacityUnits', cloudwatch.Stats.SUM);
  const bound = (expression: string, usingMetrics: Record<string, cloudwatch.IMetric>) =>
    new cloudwatch.MathExpression({ expression, usingMetrics, period: PERIOD });
  const writeUnits = bound('3 * writes', { writes });
  const term = (direction: Direction) => {
    const id = direction === 'Read' ? 'readBound' : 'writeBound';
    return scaled && scaled.direction === direction && scaled.factor !== 1 ? `${id} * ${scaled.factor}` : id;
  };
  return new cloudwatch.MathExpression({
    expression: `MAX([${term('Read')}, ${term('Write')}])`,
    usingMetrics: { readBound: bound('MIN([key, reads])', { key, reads }), writeBound: bound('MIN([key, writeUnits])', { key, writeUnits }) },
    period: PERIOD,
    label: scaled
      ? `most accessed key, per direction against what its partition leaves it (ConsumedThroughputUnits per minute, ${scaled.direction === 'Read' ? 'reads' : 'writes'} × ${scaled.factor})`
      : 'most accessed key, per direction against its own ceiling (ConsumedThroughputUnits per minute)',
  });
}

/**
 * The hottest key's reads and writes together, in ConsumedThroughputUnits a minute (3 × WCU + RCU, the rule's own
 * figure), bounded by the key space's reads and writes together: the metric of the accessed-mode ticket of a key hot in
 * both directions (`HotKeyLine.combined`), whose line is in that unit. Per direction, a key that is most of its key
 * space's traffic in both would show only the larger of its two parts.
 */
export function hottestKeyCombined(space: KeySpaceRef, accessedRule: string): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    expression: 'MIN([key, reads + 3 * writes])',
    usingMetrics: {
      key: topContributor(accessedRule, 'most accessed key, ConsumedThroughputUnits per minute'),
      reads: metric(space, 'ConsumedReadCapacityUnits', cloudwatch.Stats.SUM),
      writes: metric(space, 'ConsumedWriteCapacityUnits', cloudwatch.Stats.SUM),
    },
    period: PERIOD,
    label: 'most accessed key, reads and writes together (ConsumedThroughputUnits per minute)',
  });
}

/**
 * `hottestKeyCombined` where it is at or above the combined line at this minute's traffic (`line` at the planned peak,
 * `readWeight` × the key space's RCU + `writeWeight` × its WCU below it), else 0: the metric of a traffic-scaled hot-key
 * line (`TrafficScaledLine`), whose alarm threshold, the floor, a key of one direction reaches first. The planned key at
 * its planned share stays under its scaled line at any load; any key over the scaled line shows its figure.
 */
export function hottestKeyOverScaledLine(
  space: KeySpaceRef,
  accessedRule: string,
  scaled: { readonly line: number; readonly readWeight: number; readonly writeWeight: number },
): cloudwatch.MathExpression {
  const reads = metric(space, 'ConsumedReadCapacityUnits', cloudwatch.Stats.SUM);
  const writes = metric(space, 'ConsumedWriteCapacityUnits', cloudwatch.Stats.SUM);
  return new cloudwatch.MathExpression({
    expression: `IF(together >= ${scaled.line} OR together >= ${scaled.readWeight} * reads + ${scaled.writeWeight} * writes, together, 0)`,
    usingMetrics: { together: hottestKeyCombined(space, accessedRule), reads, writes },
    period: PERIOD,
    label: "most accessed key over the line at this minute's traffic, reads and writes together (ConsumedThroughputUnits per minute)",
  });
}
