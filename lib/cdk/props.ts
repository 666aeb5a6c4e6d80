/**
 * The props of `GuardedTable`: the core's table design (the same input type `lint()` reads, so the
 * construct and a design file cannot drift), the TableV2 settings users expect, and what to monitor.
 */
import type { RemovalPolicy } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type {
  DynamoDbAttributeType, DynamoDbTableDesign, GlobalSecondaryIndexDesign, LocalSecondaryIndexDesign,
  PartitionKeyAttributeDesign, SortKeyAttributeDesign,
} from '../index';

/** CDK's `AttributeType` or the core's `'S' | 'N' | 'B'`: the enum's values are those strings. */
export type KeyAttributeType = dynamodb.AttributeType | DynamoDbAttributeType;

/** A partition-key attribute as the core declares it, typed the CDK way. */
export interface GuardedPartitionKey extends Omit<PartitionKeyAttributeDesign, 'type'> {
  /** DynamoDB attribute type: `AttributeType.STRING` or `'S'`. TableV2 needs one for every key attribute. */
  readonly type: KeyAttributeType;
}

/** A sort-key attribute as the core declares it, typed the CDK way. */
export interface GuardedSortKey extends Omit<SortKeyAttributeDesign, 'type'> {
  /** DynamoDB attribute type: `AttributeType.STRING` or `'S'`. */
  readonly type: KeyAttributeType;
}

/** Capacity and projection settings of a GSI, exactly as TableV2 takes them. */
export type GlobalSecondaryIndexSettings = Pick<dynamodb.GlobalSecondaryIndexPropsV2,
  'projectionType' | 'nonKeyAttributes' | 'readCapacity' | 'writeCapacity' | 'maxReadRequestUnits' | 'maxWriteRequestUnits' | 'warmThroughput'>;

/** The names of `GlobalSecondaryIndexSettings`: what goes to TableV2 and not into the design. */
export const GSI_SETTINGS = [
  'projectionType', 'nonKeyAttributes', 'readCapacity', 'writeCapacity', 'maxReadRequestUnits', 'maxWriteRequestUnits', 'warmThroughput',
] as const satisfies readonly (keyof GlobalSecondaryIndexSettings)[];

/** A global secondary index: the core's index design (key cardinality, workload, sharding) plus TableV2's settings. */
export interface GuardedGlobalSecondaryIndex
  extends Omit<GlobalSecondaryIndexDesign, 'partitionKey' | 'partitionKeys' | 'sortKey' | 'sortKeys'>, GlobalSecondaryIndexSettings {
  /** A single-attribute partition key. Give this or `partitionKeys`. */
  readonly partitionKey?: GuardedPartitionKey;
  /** A multi-attribute partition key (up to 4 attributes). Give this or `partitionKey`. */
  readonly partitionKeys?: readonly GuardedPartitionKey[];
  /** @default - no sort key */
  readonly sortKey?: GuardedSortKey;
  /** A multi-attribute sort key (up to 4), queried left to right: order from low to high cardinality.
   *  @default - no sort key */
  readonly sortKeys?: readonly GuardedSortKey[];
}

/** Projection settings of an LSI, exactly as TableV2 takes them. */
export type LocalSecondaryIndexSettings = Pick<dynamodb.LocalSecondaryIndexProps, 'projectionType' | 'nonKeyAttributes'>;

export const LSI_SETTINGS = ['projectionType', 'nonKeyAttributes'] as const satisfies readonly (keyof LocalSecondaryIndexSettings)[];

/** A local secondary index: the core's design plus TableV2's projection settings. */
export interface GuardedLocalSecondaryIndex extends Omit<LocalSecondaryIndexDesign, 'sortKey'>, LocalSecondaryIndexSettings {
  /** The alternative sort key. */
  readonly sortKey: GuardedSortKey;
}

/**
 * The key design, checked by the core at construction and at synth. Everything of the core's
 * `DynamoDbTableDesign` except what the construct derives: `engine` (always DynamoDB), `name` (the
 * literal `tableName`, else the construct path) and `billing` (from the TableV2 `billing` setting).
 */
export interface GuardedTableDesign
  extends Omit<DynamoDbTableDesign, 'engine' | 'name' | 'billing' | 'partitionKey' | 'sortKey' | 'globalSecondaryIndexes' | 'localSecondaryIndexes'> {
  readonly partitionKey: GuardedPartitionKey;
  /** @default - no sort key */
  readonly sortKey?: GuardedSortKey;
  /** GSIs; more can be added with `addGlobalSecondaryIndex()`, checked the same way.
   *  @default - none */
  readonly globalSecondaryIndexes?: readonly GuardedGlobalSecondaryIndex[];
  /** @default - none */
  readonly localSecondaryIndexes?: readonly GuardedLocalSecondaryIndex[];
}

/** The TableV2 settings a GuardedTable passes through; its data-safety defaults differ from TableV2's. */
export interface GuardedTableSettings extends Pick<dynamodb.TablePropsV2,
  'tableName' | 'encryption' | 'timeToLiveAttribute' | 'dynamoStream' | 'tableClass' | 'tags' | 'kinesisStream' | 'resourcePolicy' | 'warmThroughput'> {
  /**
   * Capacity: CDK's own `Billing.onDemand({ maxReadRequestUnits, maxWriteRequestUnits })` or
   * `Billing.provisioned({ readCapacity, writeCapacity })`, so every TableV2 capacity feature is
   * available; the design's billing mode (`on-demand` / `provisioned`, used by SG011) is read from it.
   * @default Billing.onDemand()
   */
  readonly billing?: dynamodb.Billing;
  /** What happens to the table when it leaves the stack.
   *  @default RemovalPolicy.RETAIN */
  readonly removalPolicy?: RemovalPolicy;
  /** Protects the table from `DeleteTable`, including by a CloudFormation stack deletion.
   *  @default true */
  readonly deletionProtection?: boolean;
  /** Point-in-time recovery.
   *  @default { pointInTimeRecoveryEnabled: true } */
  readonly pointInTimeRecoverySpecification?: dynamodb.PointInTimeRecoverySpecification;
}

/** When one alarm fires: `threshold` reached in `datapointsToAlarm` of the last `evaluationPeriods` one-minute periods. */
export interface AlarmThreshold {
  /** @default - per alarm, see `SkewAlarmThresholds` */
  readonly threshold?: number;
  /** @default 5 */
  readonly evaluationPeriods?: number;
  /** @default 3 */
  readonly datapointsToAlarm?: number;
}

/** The p99 latency alarms: one per operation. */
export interface LatencyAlarmThreshold extends AlarmThreshold {
  /** p99 `SuccessfulRequestLatency` in milliseconds above which the alarm fires.
   *  @default 25 */
  readonly threshold?: number;
  /** The operations watched (values of the `Operation` dimension).
   *  @default ['GetItem', 'PutItem', 'Query', 'UpdateItem'] */
  readonly operations?: readonly string[];
}

/** Thresholds of the skew alarms; each family applies to the table and to every GSI. */
export interface SkewAlarmThresholds {
  /** `Read/WriteKeyRangeThroughputThrottleEvents` (Sum per minute): one partition hit its ceiling.
   *  @default { threshold: 1, evaluationPeriods: 5, datapointsToAlarm: 3 } */
  readonly keyRangeThrottles?: AlarmThreshold;
  /** `Read/WriteProvisionedThroughputThrottleEvents` (provisioned) or
   *  `Read/WriteMaxOnDemandThroughputThrottleEvents` (on-demand with a maximum), Sum per minute:
   *  the table is short of capacity, which is not a hot key.
   *  @default { threshold: 1, evaluationPeriods: 5, datapointsToAlarm: 3 } */
  readonly capacityThrottles?: AlarmThreshold;
  /** p99 `SuccessfulRequestLatency` per operation (table level; the metric has no index dimension). */
  readonly latency?: LatencyAlarmThreshold;
  /** The hottest single partition key, from Contributor Insights (`MaxContributorValue` per minute).
   *  Mode ACCESSED_AND_THROTTLED_KEYS: consumed units (3 × WCU + RCU) of the most accessed key.
   *  Mode THROTTLED_KEYS: throttled requests of the most throttled key.
   *  @default - ACCESSED_AND_THROTTLED_KEYS: 180,000 units per minute (the 3,000 units/s a partition
   *  serves) × the design's `thresholds.headroom` (0.8 → 144,000); THROTTLED_KEYS: 60 throttled
   *  requests per minute. Either in 3 of 5 minutes. */
  readonly hotKey?: AlarmThreshold;
}

/** What a GuardedTable watches and whom it tells. */
export interface SkewMonitoringProps {
  /**
   * Contributor Insights mode for the table and every GSI. ACCESSED_AND_THROTTLED_KEYS shows the
   * hot keys before they throttle; THROTTLED_KEYS only once they do (cheaper, half the rules).
   * Turning Contributor Insights off is the design's `monitoring.contributorInsights: false` (SG010).
   * @default ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS
   */
  readonly contributorInsightsMode?: dynamodb.ContributorInsightsMode;
  /** Alarm thresholds. @default - see `SkewAlarmThresholds` */
  readonly alarmThresholds?: SkewAlarmThresholds;
  /** Notified when an alarm fires and when it recovers.
   *  @default - none (the alarms are reachable through `alarms` to wire later) */
  readonly alarmTopic?: sns.ITopic;
  /** Further actions when an alarm fires (and when it recovers).
   *  @default - none */
  readonly alarmActions?: readonly cloudwatch.IAlarmAction[];
  /** A CloudWatch dashboard: Contributor Insights top keys, throttles by cause, capacity, p99 latency.
   *  @default true */
  readonly dashboard?: boolean;
  /** Name of the dashboard (letters, digits, `-` and `_`); alarm descriptions link to it.
   *  @default - `<stack name>-<region>-<construct path>`, unique in the account */
  readonly dashboardName?: string;
}

/** Props of `GuardedTable`: the key design, the TableV2 settings, and the monitoring. */
export interface GuardedTableProps extends GuardedTableDesign, GuardedTableSettings, SkewMonitoringProps {}
