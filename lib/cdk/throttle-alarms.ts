/**
 * The throttle alarms of one GuardedTable that read every key space (the table and each GSI) at once, so that a table
 * costs the same few alarms whatever its GSIs (footprint: ≤ 3 resources per table beyond the table):
 * - page, "hot partition (key-range throttles)": one alarm per table. Each key space's read + write key-range throttles
 *   (`Read/WriteKeyRangeThroughputThrottleEvents`, per TableName and GlobalSecondaryIndexName: DynamoDB Developer Guide,
 *   "DynamoDB metrics and dimensions", metrics-dimensions.html) are summed per space and the alarm reads the highest
 *   (`MAX([…])`), so it breaches in a minute where any key space is at or above its line, as the alarm per key space
 *   did. CloudWatch reads at most 10 metrics in an alarm's math expression: 5 key spaces an alarm, then " (2)".
 * - ticket, "sustained throttles": the key-range throttles of every key space, read + write, summed, over an hour:
 *   a hot key under the page's line (under 60 a minute) that goes on for half an hour. SDK retries hide it from the
 *   application's errors, not from its latency. Capacity-limit throttles are not read: the failed-requests page
 *   (./alarms.ts) already pages on them at 1 a minute, so a ticket on them would add nothing.
 * A GSI added later (`addGlobalSecondaryIndex`) joins these alarms: their metrics are rendered again, so an alarm
 * given actions before keeps them; one past the 10 metrics adds the next alarm.
 */
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { fmt } from '../internal';
import { BACK_PRESSURE, numberText } from './alarm-text';
import type { AlarmSettings } from './alarm-thresholds';
import type { SkewAlarm } from './alarm-types';
import { ALARM_DOCS, MAX_ALARM_METRICS, sum, type AlarmSpec, type CapacityShape, type SkewAlarmFactory } from './alarms';
import { throttleGraphTitle } from './dashboard';
import { PERIOD, throttleEvents, type KeySpaceRef } from './metrics';

/** Key spaces one key-range page reads: two metrics (read, write) each. */
const SPACES_PER_PAGE = MAX_ALARM_METRICS / 2;

/**
 * The key-range page's advice. On an on-demand table a partition also throttles with no hot key when traffic passes
 * twice its previous peak within 30 minutes, while DynamoDB splits partitions ("If you exceed double your previous
 * traffic's peak within 30 minutes, then you might experience throttling … it's a best practice to spread your traffic
 * growth over at least 30 minutes", https://repost.aws/knowledge-center/on-demand-table-throttling-dynamodb; "throttling
 * can still occur if the throughput exceeds twice the previous peak within the same 30 minutes. One solution is to
 * pre-warm the tables", Developer Guide, "Pre-warming a table for on-demand capacity mode"). On provisioned capacity,
 * more table capacity does not raise one partition's 1,000 WCU / 3,000 RCU ceiling, and one hot key stays on one
 * partition whatever the table's partitions; a hot range of several keys is spread by more partitions (warm
 * throughput), SG001's fix ("Key range throughput exceeded", throttling-key-range-limit-exceeded-mitigation.html).
 */
const HOT_KEY_FIX = 'find it in Contributor Insights "most throttled keys"; shard a write-hot key, cache a read-hot one';
const keyRangeAction = (onDemand: boolean) =>
  onDemand
    ? `${HOT_KEY_FIX}; no hot key: past 2× its prior peak in 30 min; ramp over 30 min or pre-warm`
    : `${HOT_KEY_FIX}; capacity does not lift a partition's 1,000 WCU/3,000 RCU: one hot key stays bound, a hot range of keys spreads over more partitions (warm throughput)`;

/** The ticket's metric: "ReadKeyRangeThroughputThrottleEvents: the number of read requests throttled because a
 *  partition's limit was exceeded" (writes likewise; DynamoDB Developer Guide, "CloudWatch throttling metrics"). */
const THROTTLE_METRICS_DOC = 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling-cloudwatch.html';
const TICKET_LABEL = 'key-range throttles/min, all key spaces';

/**
 * The ticket of a table launched at its peak (`launchAtPeak`: a launch, a cut-over, a 2-hour exam): half an hour of
 * throttles in an hour is past half of such an event, too late to act on in it, and by design. What throttles in the
 * event pages in minutes: a key at its partition's ceiling (60+ a minute, the hot-partition page), a capacity limit, a
 * GSI's writes included (1+ a minute, the failed-requests page), each in 3 of 6 on such a table (./alarm-thresholds.ts;
 * replayed in test/replay/launch-exam.test.ts and launch-on-sale.test.ts). What is left to this ticket, throttling under those lines, is absorbed by SDK retries
 * in the event and is a redesign after it; a shorter window would ticket the launch's first minutes, which pre-warming
 * (SG017) is for. Its text says so, so the on-call does not read it as a missed page.
 */
const AT_LAUNCH =
  "; a launch at its peak: late for the event by design, whose throttles the pages take in minutes (a GSI's writes too); this is the redesign after it";

/** `FILL(m, 0)`: DynamoDB publishes nothing for a minute without events, which here is 0. */
const filled = (id: string) => `FILL(${id}, 0)`;

/** The alarms of one table that read all its key spaces; `add` takes a GSI added later. */
export class TableThrottleAlarms {
  private readonly spaces: { space: KeySpaceRef; capacity: CapacityShape }[] = [];
  private readonly pages: SkewAlarm[] = [];
  private readonly tickets: SkewAlarm[] = [];

  constructor(
    private readonly factory: SkewAlarmFactory,
    private readonly settings: AlarmSettings,
    private readonly table: {
      /** On-demand billing: the key-range page names the surge without a hot key. */
      readonly onDemand: boolean;
      /** The design's `launchAtPeak`: the ticket says why it comes after the event's pages. */
      readonly launchAtPeak: boolean;
    },
  ) {}

  /** Adds key spaces (the table first) and makes or renders again the alarms that read them. */
  add(...spaces: readonly { space: KeySpaceRef; capacity: CapacityShape }[]): void {
    this.spaces.push(...spaces);
    // Each key space's two metrics, made once for the page and the ticket that both read them; 5 key spaces an alarm.
    const groups: KeyRangeMetrics[][] = [];
    this.spaces.forEach(({ space }, i) => {
      if (i % SPACES_PER_PAGE === 0) groups.push([]);
      groups[groups.length - 1].push({ i, read: throttleEvents(space, 'KeyRange', 'Read'), write: throttleEvents(space, 'KeyRange', 'Write') });
    });
    // Two passes, not one: the alarms are made in this order (every page, then every ticket), and the template lists its
    // resources in that order; one pass would interleave them on a table of more than 5 key spaces and change the
    // synthesized template's bytes (test/cdk/throttle-alarm-order.test.ts).
    groups.forEach((group, g) => {
      const spec = this.page(group, g);
      this.update(
        this.pages,
        g,
        () => this.factory.create(spec),
        () => keyRangePeak(group),
      );
      // Its description names every key space it reads: a GSI added later is named too.
      (this.pages[g].alarm.node.defaultChild as cloudwatch.CfnAlarm).alarmDescription = this.factory.describe(spec);
    });
    groups.forEach((group, g) =>
      this.update(
        this.tickets,
        g,
        () => this.ticket(group, g),
        () => keyRangeSum(group),
      ),
    );
  }

  /** The g-th alarm of `alarms`: made, or its metric rendered again (a GSI added later). */
  private update(alarms: SkewAlarm[], g: number, make: () => SkewAlarm, metric: () => cloudwatch.IMetric): void {
    if (alarms[g] === undefined) alarms.push(make());
    else setMetric(alarms[g].alarm, metric());
  }

  private page(group: readonly KeyRangeMetrics[], g: number): AlarmSpec {
    const threshold = numberText(this.settings.keyRangeThrottles.threshold, fmt);
    // Every key space after the first (the table) is a GSI.
    const indexes = this.spaces.length > 1;
    return {
      // The first keeps the id (and the AlarmName) of the table's own key-range page before it read every key space:
      // a new logical ID with the same AlarmName would fail to create beside the old one.
      id: `TableKeyRangeThrottles${g === 0 ? '' : g + 1}`,
      tier: 'page',
      signal: 'key-range-throttles',
      metric: keyRangePeak(group),
      threshold: this.settings.keyRangeThrottles,
      title: `hot partition (key-range throttles)${g === 0 ? '' : ` (${g + 1})`}`,
      meaning: `Read+WriteKeyRangeThroughputThrottleEvents of any key space (the table, each GSI; the alarm graphs the highest) at ${threshold}+ a minute: a partition is at its ceiling (1,000 WCU/s or 3,000 RCU/s), a hot key${indexes ? BACK_PRESSURE : ''}`,
      action: keyRangeAction(this.table.onDemand),
      doc: ALARM_DOCS.keyRange,
      where: this.whereEach(group),
    };
  }

  /**
   * The key spaces one page reads, and where each one's own key-range throttles are, for the on-call to find the one
   * that broke: the alarm's math graphs only their highest. Its dashboard graph where the table has one, else the
   * metric's dimensions (DynamoDB Developer Guide, "DynamoDB metrics and dimensions": per TableName and
   * GlobalSecondaryIndexName).
   */
  private whereEach(group: readonly KeyRangeMetrics[]): string | undefined {
    // One key space: the alarm's own graph is its series.
    if (this.spaces.length === 1) return undefined;
    const names = group.map(({ i }) => this.spaces[i].space.indexName).map((index) => (index === undefined ? 'the table' : `index ${index}`));
    const read = `Key spaces (${names.length}): ${names.join(', ')}; each has its own `;
    if (!this.factory.hasDashboard) return `${read}series by TableName and GlobalSecondaryIndexName`;
    const graph = throttleGraphTitle(this.factory.label, { tableName: this.factory.label, indexName: '<name>' }).replace(' index <name>', '[ index <name>]');
    return `${read}dashboard graph "${graph}"`;
  }

  private ticket(group: readonly KeyRangeMetrics[], g: number): SkewAlarm {
    const { threshold } = this.settings.sustainedThrottles;
    return this.factory.create({
      id: `SustainedThrottles${g === 0 ? '' : g + 1}`,
      tier: 'ticket',
      signal: 'sustained-throttles',
      metric: keyRangeSum(group),
      threshold: this.settings.sustainedThrottles,
      title: `sustained throttles${g === 0 ? '' : ` (${g + 1})`}`,
      meaning: `key-range throttles (requests over a partition's limit) of the table and its GSIs together at ${numberText(threshold, fmt)}+ a minute: a hot key under the page's line; SDK retries hide it from errors, not latency${this.table.launchAtPeak ? AT_LAUNCH : ''}`,
      action: 'Contributor Insights "most throttled keys"; plan sharding or caching',
      doc: THROTTLE_METRICS_DOC,
    });
  }
}

/** One key space's read and write key-range throttles (`r<i>`, `w<i>` in the alarms' math, `i` its position in the table). */
interface KeyRangeMetrics {
  readonly i: number;
  readonly read: cloudwatch.IMetric;
  readonly write: cloudwatch.IMetric;
}

const usingMetricsOf = (group: readonly KeyRangeMetrics[]): Record<string, cloudwatch.IMetric> =>
  Object.fromEntries(
    group.flatMap(({ i, read, write }) => [
      [`r${i}`, read],
      [`w${i}`, write],
    ]),
  );

/** Each key space's read + write key-range throttles, and the highest of them in a minute (any at its line breaches). */
function keyRangePeak(group: readonly KeyRangeMetrics[]): cloudwatch.MathExpression {
  const perSpace = group.map(({ i }) => `${filled(`r${i}`)} + ${filled(`w${i}`)}`);
  return new cloudwatch.MathExpression({
    expression: perSpace.length === 1 ? perSpace[0] : `MAX([${perSpace.join(', ')}])`,
    usingMetrics: usingMetricsOf(group),
    period: PERIOD,
    label: perSpace.length === 1 ? 'key-range throttles/min' : 'key-range throttles/min, highest key space',
  });
}

/** The ticket's metric: every key space's read and write key-range throttles, summed. */
const keyRangeSum = (group: readonly KeyRangeMetrics[]): cloudwatch.MathExpression => sum(usingMetricsOf(group), TICKET_LABEL);

/**
 * Renders `metric` into an alarm made before (its AlarmName, description, actions and every reference to it stay):
 * CloudWatch's Alarm renders its metric once, at construction, so the metrics are rendered by an alarm made for
 * that alone and removed at once. `alarm.metric` keeps the metric it was made with.
 */
function setMetric(alarm: cloudwatch.Alarm, metric: cloudwatch.IMetric): void {
  const scope = alarm.node.scope as Construct;
  const id = `${alarm.node.id}Rendering`;
  const rendering = new cloudwatch.Alarm(scope, id, { metric, threshold: 0, evaluationPeriods: 1 });
  (alarm.node.defaultChild as cloudwatch.CfnAlarm).metrics = (rendering.node.defaultChild as cloudwatch.CfnAlarm).metrics;
  scope.node.tryRemoveChild(id);
}
