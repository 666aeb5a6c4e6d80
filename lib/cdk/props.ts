/**
 * The props of `GuardedTable`: the core's table design (the same input type `lint()` reads, so the
 * construct and a design file cannot drift), the TableV2 settings users expect, and what to monitor.
 */
import type { RemovalPolicy } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type {
  DynamoDbAttributeType,
  DynamoDbQuotas,
  DynamoDbTableDesign,
  GlobalSecondaryIndexDesign,
  LocalSecondaryIndexDesign,
  PartitionKeyAttributeDesign,
  SortKeyAttributeDesign,
} from '../index';
import type { SkewDashboard } from './dashboard';
import type { LatencyOperation } from './metrics';

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
export type GlobalSecondaryIndexSettings = Pick<
  dynamodb.GlobalSecondaryIndexPropsV2,
  'projectionType' | 'nonKeyAttributes' | 'readCapacity' | 'writeCapacity' | 'maxReadRequestUnits' | 'maxWriteRequestUnits' | 'warmThroughput'
>;

/** The names of `GlobalSecondaryIndexSettings`: what goes to TableV2 and not into the design. */
export const GSI_SETTINGS = [
  'projectionType',
  'nonKeyAttributes',
  'readCapacity',
  'writeCapacity',
  'maxReadRequestUnits',
  'maxWriteRequestUnits',
  'warmThroughput',
] as const satisfies readonly (keyof GlobalSecondaryIndexSettings)[];

/** A global secondary index: the core's index design (key cardinality, workload, sharding) plus TableV2's settings. */
export interface GuardedGlobalSecondaryIndex
  extends
    Omit<
      GlobalSecondaryIndexDesign,
      'partitionKey' | 'partitionKeys' | 'sortKey' | 'sortKeys' | 'capacity' | 'onDemand' | 'warmThroughput' | 'projectionType' | 'nonKeyAttributes'
    >,
    GlobalSecondaryIndexSettings {
  /** A single-attribute partition key. Give this or `partitionKeys`.
   *  @default - none: `partitionKeys` is given */
  readonly partitionKey?: GuardedPartitionKey;
  /** A multi-attribute partition key (up to 4 attributes). Give this or `partitionKey`.
   *  @default - none: `partitionKey` is given */
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
export interface GuardedLocalSecondaryIndex
  extends Omit<LocalSecondaryIndexDesign, 'sortKey' | 'projectionType' | 'nonKeyAttributes'>, LocalSecondaryIndexSettings {
  /** The alternative sort key. */
  readonly sortKey: GuardedSortKey;
}

/**
 * The key design, checked by the core at construction and at synth. Everything of the core's
 * `DynamoDbTableDesign` except what the construct derives: `engine` (always DynamoDB), `name` (the
 * literal `tableName`, else the construct path), `billing`, `capacity` and `onDemand` (from the TableV2
 * `billing` setting) and `warmThroughput` (the TableV2 setting); each GSI's capacity likewise comes from
 * its TableV2 settings (`readCapacity`, `writeCapacity`, `maxRead/WriteRequestUnits`, `warmThroughput`).
 */
export interface GuardedTableDesign extends Omit<
  DynamoDbTableDesign,
  'engine' | 'name' | 'billing' | 'capacity' | 'onDemand' | 'warmThroughput' | 'partitionKey' | 'sortKey' | 'globalSecondaryIndexes' | 'localSecondaryIndexes'
> {
  /** The table's partition key: its attribute name and type (as TableV2 takes them) and its cardinality,
   *  the number of distinct values (`'unique'` for one per item), which decides how the load spreads. */
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
export interface GuardedTableSettings extends Pick<
  dynamodb.TablePropsV2,
  | 'tableName'
  | 'encryption'
  | 'timeToLiveAttribute'
  | 'dynamoStream'
  | 'tableClass'
  | 'tags'
  | 'kinesisStream'
  | 'resourcePolicy'
  | 'warmThroughput'
  | 'replicas'
  | 'multiRegionConsistency'
  | 'witnessRegion'
> {
  /**
   * Capacity: CDK's own `Billing.onDemand({ maxReadRequestUnits, maxWriteRequestUnits })` or
   * `Billing.provisioned({ readCapacity, writeCapacity })`, so every TableV2 capacity feature is
   * available; the design's billing mode (`on-demand` / `provisioned`) and its capacity figures
   * (provisioned units, auto-scaling maximums, on-demand maximums: checked against the declared peak
   * by SG017) are read from what it makes of the table.
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

/**
 * When one alarm fires: `threshold` reached in `datapointsToAlarm` of the last `evaluationPeriods`
 * one-minute periods (CloudWatch's "M out of N"). Tokens pass through to CloudFormation.
 */
export interface AlarmThreshold {
  /** @default - per alarm, see `SkewAlarmThresholds` */
  readonly threshold?: number;
  /** @default - per alarm, see `SkewAlarmThresholds` */
  readonly evaluationPeriods?: number;
  /** @default - per alarm, see `SkewAlarmThresholds` */
  readonly datapointsToAlarm?: number;
}

// Defined beside the metrics that take it as a dimension; exported here with the props that use it.
export type { LatencyOperation };

/**
 * Opt-in latency alarms (ticket tier), one per operation listed. `SuccessfulRequestLatency` is
 * measured inside DynamoDB (no network, no SDK retries) and varies with the operation and the size
 * of the result; AWS notes that a spike at a high percentile alone is no cause for concern. So each
 * operation has its own threshold, and a minute with fewer than `minSampleCount` requests never
 * breaches (metric math: `IF(requests >= minSampleCount, pNN, 0)`).
 */
export interface LatencyAlarms {
  /** Milliseconds at or above which an operation's percentile breaches, e.g. `{ GetItem: 20, Query: 60 }`. */
  readonly thresholds: Partial<Record<LatencyOperation, number>>;
  /** The percentile watched. @default 99 */
  readonly percentile?: number;
  /** Requests in a minute below which that minute does not breach. @default 100 */
  readonly minSampleCount?: number;
  /** @default 10 */
  readonly evaluationPeriods?: number;
  /** @default 5: slow in 5 of the last 10 minutes, in a row or in bursts */
  readonly datapointsToAlarm?: number;
}

/** Thresholds of the alarms made by default; each applies to the table and to every GSI. */
export interface SkewAlarmThresholds {
  /** Page: `Read/WriteKeyRangeThroughputThrottleEvents` summed per key space (Sum per minute), one alarm per table
   *  reading the highest key space: one partition is at its ceiling now, or in a third of the minutes (a key hot in
   *  bursts, e.g. every 3rd minute: one page, in ALARM while it goes on).
   *  `evaluationPeriods` is at most 1,440 (CloudWatch: one day of one-minute periods); with a token
   *  `evaluationPeriods`, give `datapointsToAlarm` too. A `threshold` above what the key space's requests
   *  can reach warns (`skewguard:key-range-threshold-unreachable`).
   *  @default { threshold: 60, evaluationPeriods: 12, datapointsToAlarm: 4 }: 12, not 10, so that no burst every k
   *  minutes pages and recovers by turns (docs/cdk.md, "Sustained, not spikes"); a table declared `launchAtPeak`:
   *  3 of 6, a key pinned at its ceiling paged in its 3rd minute, not its 4th (docs/cdk.md, "A launch pages sooner") */
  readonly keyRangeThrottles?: AlarmThreshold;
  /** Page: throttles that are not a hot key (`Read/WriteAccountLimitThrottleEvents`,
   *  `Read/WriteProvisionedThroughputThrottleEvents` or `Read/WriteMaxOnDemandThroughputThrottleEvents`
   *  where they apply) plus `SystemErrors`, summed per minute, one alarm per table: a capacity limit
   *  refusing requests now (DynamoDB Developer Guide, "DynamoDB metrics and dimensions").
   *  @default { threshold: 1, evaluationPeriods: 10, datapointsToAlarm: 5 }: throttled in half the minutes, steadily
   *  (a page in the 5th) or in bursts; a table with auto-scaled capacity (minimum below maximum, table or GSI): 20 of
   *  40, longer than auto scaling takes to catch a steep ramp; fixed or on-demand capacity declared `launchAtPeak`:
   *  3 of 6 (a page in the 3rd minute). A `datapointsToAlarm` given alone is held against the default `evaluationPeriods` of
   *  the table's capacity mode */
  readonly throttlesAndErrors?: AlarmThreshold;
  /** Ticket: the key-range throttles of the table and its GSIs (`Read/WriteKeyRangeThroughputThrottleEvents` of every
   *  key space), summed per minute, one alarm per table (10 metrics an alarm): a hot key under the key-range page's line
   *  that goes on, which SDK retries hide from the application's errors. Capacity-limit throttles are not read: the
   *  failed-requests page already pages on them at 1 a minute.
   *  @default { threshold: 5, evaluationPeriods: 60, datapointsToAlarm: 30 }: 5 or more a minute in half of an hour;
   *  replayed healthy weeks reach 5 a minute in at most 5 minutes of an hour (docs/cdk.md, "Sustained throttles") */
  readonly sustainedThrottles?: AlarmThreshold;
  /** Ticket (ACCESSED_AND_THROTTLED_KEYS mode only; see `hotKeyAlarm`): the hottest single partition key, from the most
   *  accessed keys rule (Contributor Insights `MaxContributorValue` per minute): its reads and writes, each against its
   *  own ceiling (AWS throttles them independently), in ConsumedThroughputUnits (3 × WCU + RCU, where each ceiling is
   *  180,000 a minute): the higher of MIN(the key's units, the key space's reads) and MIN(the key's units, 3 × the key
   *  space's writes).
   *  @default - the design's `thresholds.headroom` × what the key's partition leaves it beside its neighbours' planned
   *  load, in the direction left less, in 5 of 10 minutes. A threshold above 180,000 is kept with a synth warning: a key
   *  throttled at its partition's ceiling consumes no more, so the alarm could not fire through that throttling */
  readonly hotKey?: AlarmThreshold;
}

/** What a GuardedTable watches, and whom each tier tells. */
export interface SkewMonitoringProps {
  /**
   * Contributor Insights mode for the table and every GSI.
   * - THROTTLED_KEYS: the mode AWS recommends for always-on alerting. Rules: 1 per table or GSI, 2
   *   with a sort key (PKT, SKT). Cost: each rule's monthly fee, and only throttled requests are
   *   events (billed per million), so no event fees on a healthy table (CloudWatch pricing).
   * - ACCESSED_AND_THROTTLED_KEYS: every read and write is an event (two with a sort key), for
   *   short-term analysis, a launch window say; shows the hot keys before they throttle and adds the
   *   ticket alarm on the hottest key. Rules: 2 per table or GSI, 4 with a sort key.
   * An account has 100 rules per Region by default: skewguard warns at synth from 80.
   * Turning Contributor Insights off is the design's `monitoring.contributorInsights: false` (SG010).
   * @see https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_tutorial.html
   * @default ContributorInsightsMode.THROTTLED_KEYS
   */
  readonly contributorInsightsMode?: dynamodb.ContributorInsightsMode;
  /** Thresholds of the default alarms. @default - see `SkewAlarmThresholds` */
  readonly alarmThresholds?: SkewAlarmThresholds;
  /**
   * A ticket alarm per key space on its hottest key approaching its ceiling, from Contributor Insights' most accessed
   * keys rule, which needs the rule names looked up at deploy time (one custom resource per table). Made in
   * ACCESSED_AND_THROTTLED_KEYS mode only: in THROTTLED_KEYS mode the rules count throttled requests only, which the
   * hot-partition page and the sustained-throttles ticket already alarm on, so `true` there is refused at synth.
   * @default - true in ACCESSED_AND_THROTTLED_KEYS mode; false (none made) in THROTTLED_KEYS mode
   */
  readonly hotKeyAlarm?: boolean;
  /** Latency alarms (ticket tier), per operation. @default - none */
  readonly latencyAlarms?: LatencyAlarms;
  /** Operations whose `SystemErrors` (HTTP 500) the capacity-limit page alarm adds to its sum, e.g. `['GetItem',
   *  'PutItem', 'Query']`. Opt-in: the metric exists per operation only, and each operation is one
   *  more metric (of the 10 an alarm reads) and about 420 bytes in every table's template.
   *  @default - none */
  readonly systemErrorOperations?: readonly LatencyOperation[];
  /** Told when a page-tier alarm fires (requests throttled now: a hot partition or a capacity limit), and when it
   *  returns to OK (`notifyOnRecovery`), so the incident tool the page opened closes it. @default - none */
  readonly pageTopic?: sns.ITopic;
  /** Further page-tier actions (PagerDuty through a Lambda, an SSM incident…), run when a page alarm fires; not on its
   *  recovery (AWS runs Systems Manager actions on ALARM only): a Lambda that resolves what it opened can subscribe to
   *  `pageTopic`. @default - none */
  readonly pageActions?: readonly cloudwatch.IAlarmAction[];
  /** Told when a ticket-tier alarm fires, and when it returns to OK (`notifyOnRecovery`). @default - none */
  readonly ticketTopic?: sns.ITopic;
  /** Further ticket-tier actions, run when a ticket alarm fires; not on its recovery. @default - none */
  readonly ticketActions?: readonly cloudwatch.IAlarmAction[];
  /**
   * Whether an alarm's return to OK notifies the topic its ALARM notified: a page's recovery goes to `pageTopic`, a
   * ticket's to `ticketTopic` (the composite alarm's to `pageTopic`), so a PagerDuty or Opsgenie integration on the
   * topic resolves the incident the alarm opened (PagerDuty's CloudWatch integration resolves on the OK sent to the
   * same integration). `false`: no alarm has an OK action, and incidents are closed by hand; for a page topic that
   * reaches people directly (SMS, email), where a recovery is one more message.
   * @see https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/alarm-actions.html
   * @default true
   */
  readonly notifyOnRecovery?: boolean;
  /**
   * One composite alarm per table over its page-tier alarms, carrying the page actions: one page per
   * table, however many of its key spaces are hot. The page alarms themselves then notify nobody.
   * @default false
   */
  readonly compositeAlarm?: boolean;
  /**
   * A section of the stack's skew dashboard for this table (`true`: the stack's `SkewDashboard`,
   * made on first use; or a `SkewDashboard` of your own): alarms, most throttled keys, throttles by
   * cause and consumed capacity per key space. Opt-in: a dashboard per table does not fit a stack
   * of 100 tables.
   * @default false
   */
  readonly dashboard?: boolean | SkewDashboard;
}

/** What the lint weighs beside the design: the account's quotas, which are no part of the table. */
export interface GuardedTableLintProps {
  /**
   * The account's DynamoDB throughput quotas where Service Quotas raised them (`{ tableWriteUnits: 200000 }`), checked
   * as `skewguard lint`'s `quotas` option: each a whole number no lower than its published default. A quota is the
   * account's, so it is best declared once for a scope with the context key `skewguard:dynamoDbQuotas` (cdk.json,
   * `-c`, or `node.setContext` on the app or a stack), which every GuardedTable under it reads; this prop overrides
   * that context field by field, for this table. Written to the table's template metadata, so `skewguard lint
   * cdk.out/` weighs the same figures.
   * @default - the `skewguard:dynamoDbQuotas` context of the table's scope, else the published defaults (40,000
   * read and write units per table and per GSI, 80,000 per account in a Region)
   */
  readonly quotas?: DynamoDbQuotas;
}

/** Props of `GuardedTable`: the key design, the TableV2 settings, the monitoring, and the account's quotas. */
export interface GuardedTableProps extends GuardedTableDesign, GuardedTableSettings, SkewMonitoringProps, GuardedTableLintProps {}

/** Every prop GuardedTableLintProps names: `splitProps()` passes these to the lint, not to TableV2 or the design. */
export const LINT_PROPS = ['quotas'] as const satisfies readonly (keyof GuardedTableLintProps)[];

/** Every TableV2 setting GuardedTableSettings names: `splitProps()` passes these through. */
export const TABLE_SETTINGS = [
  'tableName',
  'billing',
  'encryption',
  'timeToLiveAttribute',
  'dynamoStream',
  'tableClass',
  'tags',
  'kinesisStream',
  'resourcePolicy',
  'warmThroughput',
  'replicas',
  'multiRegionConsistency',
  'witnessRegion',
  'removalPolicy',
  'deletionProtection',
  'pointInTimeRecoverySpecification',
] as const satisfies readonly (keyof GuardedTableSettings)[];

/** Every monitoring prop SkewMonitoringProps names: `splitProps()` passes these to the alarms. */
export const MONITORING_PROPS = [
  'contributorInsightsMode',
  'alarmThresholds',
  'hotKeyAlarm',
  'latencyAlarms',
  'systemErrorOperations',
  'pageTopic',
  'pageActions',
  'ticketTopic',
  'ticketActions',
  'notifyOnRecovery',
  'compositeAlarm',
  'dashboard',
] as const satisfies readonly (keyof SkewMonitoringProps)[];

/** Every design field a GuardedTable takes: with the two lists above, every GuardedTable prop (a prop named in none is
 *  refused, with a guess among them all, not among the design file's fields, some of which GuardedTable takes another way). */
export const DESIGN_PROPS = [
  'partitionKey',
  'sortKey',
  'globalSecondaryIndexes',
  'localSecondaryIndexes',
  'workload',
  'storage',
  'sharding',
  'invariants',
  'accessPatterns',
  'acknowledgements',
  'thresholds',
  'launchAtPeak',
  'monitoring',
] as const satisfies readonly (keyof GuardedTableDesign)[];

// A setting or monitoring prop missing from the lists above would go into the design: the compiler says so.
type Unlisted =
  | Exclude<keyof GuardedTableSettings, (typeof TABLE_SETTINGS)[number]>
  | Exclude<keyof SkewMonitoringProps, (typeof MONITORING_PROPS)[number]>
  | Exclude<keyof GuardedTableDesign, (typeof DESIGN_PROPS)[number]>
  | Exclude<keyof GuardedTableLintProps, (typeof LINT_PROPS)[number]>;
export type EveryPropListed = [Unlisted] extends [never] ? true : never;
true satisfies EveryPropListed;
