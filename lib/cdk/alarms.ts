/**
 * The alarms of one GuardedTable, in two tiers, all made by one factory so that every alarm is named,
 * described and wired the same way:
 * - page: requests throttled now. A hot partition (sustained key-range throttles), one alarm per table over
 *   every key space (./throttle-alarms.ts); and throttles by a capacity limit
 *   (account quota, provisioned capacity, on-demand maximum) with the opt-in server errors, one alarm
 *   per table: either way requests are refused now, and raising the limit is the on-call's fix;
 * - ticket: throttling under the pages that goes on (./throttle-alarms.ts), the hottest key approaching
 *   its ceiling (Contributor Insights), and opt-in latency per operation.
 * Each alarm's description says what fired, what it means (with the AWS doc it follows) and what to
 * do. Missing data is not breaching: DynamoDB publishes throttle, error and latency data only when
 * there is some (DynamoDB Developer Guide, "Metrics and dimensions").
 */
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import type { DesignIssue } from '../index';
import { fmt, partitionCountText } from '../internal';
import { alarmName, BACK_PRESSURE, fitDescription, numberText } from './alarm-text';
import type { AlarmSettings, HotKeyLine, ResolvedThreshold } from './alarm-thresholds';
import type { AlarmTier, SkewAlarm, SkewSignal } from './alarm-types';
import { AT_MAXIMUM, atMaximum, atMaximumName } from './at-maximum-condition';
import {
  consumedUnits,
  latency,
  PERIOD,
  systemErrors,
  throttleEvents,
  hottestKeyPerDirection,
  hottestKeyCombined,
  hottestKeyOverScaledLine,
  type Direction,
  type KeySpaceRef,
  type LatencyOperation,
  type ThrottleCause,
} from './metrics';

export type { AlarmTier, SkewAlarm, SkewSignal } from './alarm-types';
export { alarmName, MAX_ALARM_NAME } from './alarm-text';

const DOCS = 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide';
export const ALARM_DOCS = {
  keyRange: `${DOCS}/throttling-key-range-limit-exceeded-mitigation.html`,
  metrics: `${DOCS}/metrics-dimensions.html`,
} as const;

const DASHBOARD = ' Dashboard: ';

/** The actions of each tier, resolved from the props. */
export interface TierActions {
  readonly page: readonly cloudwatch.IAlarmAction[];
  readonly ticket: readonly cloudwatch.IAlarmAction[];
  /**
   * The OK actions of each tier's alarms: the tier's own topic, so the incident an alarm opened is resolved where it
   * was opened (an OK sent to another PagerDuty or Opsgenie integration resolves nothing); none with `notifyOnRecovery:
   * false`. Not the tier's further actions: AWS runs Systems Manager actions (OpsItems, Incident Manager) on ALARM only
   * (CloudWatch User Guide, "Alarm actions").
   */
  readonly recovery: Readonly<Record<AlarmTier, readonly cloudwatch.IAlarmAction[]>>;
}

export interface AlarmSpec {
  readonly id: string;
  readonly tier: AlarmTier;
  readonly signal: SkewSignal;
  readonly index?: string;
  readonly operation?: LatencyOperation;
  /** The replica Region of a replication-latency alarm. */
  readonly region?: string;
  readonly metric: cloudwatch.IMetric;
  readonly threshold: ResolvedThreshold;
  /** Short title, part of the alarm name: it must not change with settings (a new AlarmName replaces the alarm). */
  readonly title: string;
  /** What firing means, with the numbers. */
  readonly meaning: string;
  /** How the numbers of `meaning` were drawn, following it (from its own punctuation): left out of the description
   *  where it would pass 1,024 characters. */
  readonly detail?: string;
  /** What the on-call does. */
  readonly action: string;
  readonly doc: string;
  /** Where to look for what broke, after what fired (an alarm over several series: where each one's own is). */
  readonly where?: string;
}

/** Names, describes and wires every alarm of one GuardedTable. */
export class SkewAlarmFactory {
  private readonly made: SkewAlarm[] = [];

  constructor(
    private readonly scope: Construct,
    private readonly options: {
      /** The table as people name it: its literal name, else `<stack>/<construct path>` (never a token, so names fit 255). */
      readonly label: string;
      readonly actions: TierActions;
      /** Page alarms carry no actions: a composite alarm pages for them. */
      readonly composite: boolean;
      /** The link to the table's dashboard section (`dashboardLink`). */
      readonly dashboard?: { readonly url: string; readonly longest: number };
    },
  ) {}

  get alarms(): readonly SkewAlarm[] {
    return this.made;
  }

  /** The table as its alarms and its dashboard section name it. */
  get label(): string {
    return this.options.label;
  }

  /** Whether the table has a dashboard section, whose graphs a description may point to. */
  get hasDashboard(): boolean {
    return this.options.dashboard !== undefined;
  }

  /**
   * An alarm's description, within CloudWatch's 1,024 characters whatever the names: the dashboard link (its name up to
   * 255) goes first, then the detail; what fired, its evaluation, what to do and the doc stay (`where`, then what fired, cut
   * at its end).
   */
  describe(spec: AlarmSpec): string {
    return fitDescription([
      { text: `[${spec.tier}] ${spec.meaning}`, cut: true },
      { text: spec.detail ?? '', drop: 2 },
      ...(spec.where ? [{ text: `. ${spec.where}`, cut: true }] : []),
      { text: `. ${evaluation(spec.threshold)}. Do: ${spec.action}. ${spec.doc}` },
      ...(this.options.dashboard
        ? [{ text: `${DASHBOARD}${this.options.dashboard.url}`, longest: DASHBOARD.length + this.options.dashboard.longest, drop: 1 }]
        : []),
    ]);
  }

  create(spec: AlarmSpec): SkewAlarm {
    const where = `${this.options.label}${spec.index ? `/${spec.index}` : ''}`;
    const alarm = new cloudwatch.Alarm(this.scope, spec.id, {
      alarmName: alarmName(`skewguard ${spec.tier} ${where} ${spec.title}`),
      alarmDescription: this.describe(spec),
      metric: spec.metric,
      threshold: spec.threshold.threshold,
      evaluationPeriods: spec.threshold.evaluationPeriods,
      datapointsToAlarm: spec.threshold.datapointsToAlarm,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    // A page alarm under the composite notifies nobody, neither when it fires nor when it recovers: the composite does both.
    const silent = spec.tier === 'page' && this.options.composite;
    const actions = silent ? [] : this.options.actions[spec.tier];
    if (actions.length > 0) alarm.addAlarmAction(...actions);
    const recovery = silent ? [] : this.options.actions.recovery[spec.tier];
    if (recovery.length > 0) alarm.addOkAction(...recovery);
    const made: SkewAlarm = { alarm, tier: spec.tier, signal: spec.signal, index: spec.index, operation: spec.operation, region: spec.region };
    this.made.push(made);
    return made;
  }
}

/** How an alarm is evaluated, for its description: M of the last N one-minute datapoints, not necessarily consecutive
 *  (CloudWatch User Guide, "Alarm evaluation"); each alarm's metric fills a minute without data with 0 or treats it
 *  as not breaching. A token (resolved at deploy) is written as CloudFormation resolves it. */
function evaluation({ datapointsToAlarm, evaluationPeriods, windowNote }: ResolvedThreshold): string {
  return `Fires on ${numberText(datapointsToAlarm)} of the last ${numberText(evaluationPeriods)} minutes (${windowNote ? `${windowNote}; ` : ''}no data: not breaching)`;
}

/** `FILL(m, 0)` summed: DynamoDB publishes nothing for a minute without events, which here is 0. */
export function sum(metrics: Record<string, cloudwatch.IMetric>, label: string): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    expression: Object.keys(metrics)
      .map((id) => `FILL(${id}, 0)`)
      .join(' + '),
    usingMetrics: metrics,
    period: PERIOD,
    label,
  });
}

/** The id and index of a key space's alarm: `TableKeyRangeThrottles`, `Index-by-day-HotKey`. */
const ofKeySpace = (space: KeySpaceRef, signal: string) => ({
  id: `${space.indexName === undefined ? 'Table' : `Index-${space.indexName}`}${signal}`,
  index: space.indexName,
});
const nounOf = (space: KeySpaceRef) => (space.indexName ? 'index' : 'table');

/** The capacity cause of a key space, when one applies: provisioned capacity or an on-demand maximum. */
export interface CapacityShape {
  readonly provisioned: boolean;
  /** Provisioned with auto scaling (a minimum below the maximum) in either direction. */
  readonly autoScaled: boolean;
  /** The auto-scaling maximum, units a second, of each direction that auto-scales (the at-maximum page watches it). */
  readonly autoScalingMaximum: Readonly<Partial<Record<Direction, number>>>;
  /** On-demand maximums set (`maxReadRequestUnits` / `maxWriteRequestUnits`). */
  readonly maxOnDemand: Readonly<Record<Direction, boolean>>;
}

/** CloudWatch reads at most 10 metrics in an alarm's math expression: "Alarms based on metric math expressions can
 *  reference a maximum of 10 metrics. This is a hard limit" (CloudWatch User Guide, "Limits",
 *  https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/alarm-limits.html). */
export const MAX_ALARM_METRICS = 10;

/**
 * Page: throttles that are not a hot key (account limit; provisioned capacity or an on-demand maximum
 * where set) and SystemErrors of the operations asked for, summed; one alarm per table (more only
 * when its metrics exceed the 10 one alarm can read, e.g. a provisioned table with several GSIs).
 * A page because a throttle in each of 5 minutes means a limit refuses requests now, and only
 * someone raising it (or shedding the load) ends that; a surge does not wait for a ticket queue.
 * With auto-scaled capacity, 20 minutes: auto scaling throttles a steep ramp for several minutes by
 * design (AWS: do not rely on it for short spikes, https://repost.aws/knowledge-center/dynamodb-auto-scaling),
 * and a ticket for that would teach nothing the design's planned peak does not already say; throttles
 * beyond 20 minutes are the maximum reached or auto scaling not keeping up, which the on-call fixes.
 * Asked for more than the maximum, where waiting cannot help, a separate page comes in minutes
 * (./at-maximum-alarm.ts, auto-scaled tables only), and owns those throttles: in a minute it counts an auto-scaled
 * direction at its maximum (consumed units a second at 90%+ of it, ./at-maximum-condition.ts), this page reads that
 * direction's provisioned-capacity throttles as 0, `IF(consumed ÷ period >= 0.9 × maximum, 0, throttled)`. One capacity
 * event then pages once: replayed, writes at 1.4 × the maximum paged twice (the at-maximum page 4 or 17 minutes after
 * the first throttle, this one 19), and now page once (test/replay/at-auto-scaling-maximum.test.ts). Below 90% of the
 * maximum (auto scaling catching a ramp, or not keeping up) the throttles count as before, and page at the same minute
 * (test/replay/at-maximum-owns-throttles.test.ts). The cost: a throttled minute at the maximum no longer counts here
 * where the at-maximum page's 5 of 10 is not reached (a table throttled at its maximum in under half of every 10
 * minutes, and under it in others, pages neither: test/replay/at-maximum-in-bursts.test.ts). One more metric per auto-scaled
 * direction, of the 10 an alarm reads: a table with both directions auto-scaled reads 6 (account-limit reads and
 * writes, each direction's throttles and consumed units), each such GSI 4 more.
 * One alarm still, not a second one for the auto-scaled causes (footprint: ≤ 3 resources per table):
 * the per-table quota bounds what a provisioned table can be given, so its excess throttles as
 * provisioned capacity, and SystemErrors are opt-in (who opts in can set `throttlesAndErrors`).
 */
/** The throttles-and-errors setting of these key spaces, with what is wrong with it: auto-scaled
 *  capacity in any of them takes the auto-scaled defaults (throttles while auto scaling catches a ramp
 *  are its design, not an incident). */
export function throttlesAndErrorsSetting(
  settings: AlarmSettings,
  spaces: readonly { capacity: CapacityShape }[],
): { readonly threshold: ResolvedThreshold; readonly issues: readonly DesignIssue[] } {
  return spaces.some(({ capacity }) => capacity.autoScaled)
    ? { threshold: settings.autoScaledThrottlesAndErrors, issues: settings.throttlesAndErrorsIssues.autoScaled }
    : { threshold: settings.throttlesAndErrors, issues: settings.throttlesAndErrorsIssues.fixed };
}

/**
 * The capacity-limit throttle terms of these key spaces, by metric id: the table's account-limit throttles when `tableWide`,
 * then per key space an on-demand GSI's account-limit reads and writes and its provisioned-capacity or on-demand-maximum throttles
 * where they apply (an auto-scaled direction's provisioned throttles with its consumed units, to leave out the minutes at
 * its maximum). A GSI's reads throttled by the account's quota count under its own GlobalSecondaryIndexName
 * dimension, which the table's TableName-only metric leaves out ("DynamoDB metrics and dimensions":
 * ReadAccountLimitThrottleEvents; the throttling guide's IndexReadAccountLimitExceeded).
 * A GSI's writes: AWS's pages disagree on where their account-limit throttles are counted. "DynamoDB metrics and
 * dimensions" (metrics-dimensions.html) lists WriteAccountLimitThrottleEvents with TableName only; the throttling
 * guide names the reason IndexWriteAccountLimitExceeded ("a table or global secondary index (GSI) in on-demand mode"
 * exceeding "the per-table account-level service quotas", API_ThrottlingReason.html; "Account limits exceeded",
 * throttling-account-limit-exceeded-mitigation.html) and its resolution guide (troubleshooting-throttling-diagnostics.html)
 * maps it to WriteAccountLimitThrottleEvents "(GSIs)". Both are read: the table's metric (TableName) and each GSI's
 * (TableName + GlobalSecondaryIndexName). Where AWS publishes no GSI series the GSI's term is FILL(…, 0) and never pages;
 * where it does and the page did not read it, a GSI throttling its table's writes paged nobody ("When a GSI has
 * insufficient write capacity, throttling results in write operations that fail on the base table or any of its GSIs",
 * https://repost.aws/knowledge-center/dynamodb-gsi-throttling-table). One metric of the 10 an alarm reads is the
 * cheaper error.
 */
export function capacityThrottleTerms(tableName: string, spaces: readonly { space: KeySpaceRef; capacity: CapacityShape }[], tableWide: boolean): PageTerm[] {
  const terms: PageTerm[] = tableWide
    ? [
        { id: 'accountRead', metric: throttleEvents({ tableName }, 'AccountLimit', 'Read') },
        { id: 'accountWrite', metric: throttleEvents({ tableName }, 'AccountLimit', 'Write') },
      ]
    : [];
  spaces.forEach(({ space, capacity }, i) => {
    // On demand only: the account's per-table quota throttles "a table or global secondary index (GSI) in on-demand mode"
    // (API_ThrottlingReason.html, AccountLimitExceeded); a provisioned GSI is refused capacity past it, not throttled.
    if (space.indexName !== undefined && !capacity.provisioned)
      for (const direction of ['Read', 'Write'] as const)
        terms.push({ id: `account${direction}${i}`, metric: throttleEvents(space, 'AccountLimit', direction) });
    for (const direction of ['Read', 'Write'] as const) {
      const cause: ThrottleCause | undefined = capacity.provisioned ? 'Provisioned' : capacity.maxOnDemand[direction] ? 'MaxOnDemand' : undefined;
      if (cause === undefined) continue;
      const id = `${cause === 'Provisioned' ? 'provisioned' : 'maxOnDemand'}${direction}${i}`;
      const maximum = cause === 'Provisioned' ? capacity.autoScalingMaximum[direction] : undefined;
      terms.push({
        id,
        metric: throttleEvents(space, cause, direction),
        ...(maximum === undefined
          ? {}
          : {
              atMaximum: { id: `consumed${direction}${i}`, metric: consumedUnits(space, direction), maximum, named: atMaximumName(space, direction, maximum) },
            }),
      });
    }
  });
  return terms;
}

/** One addend of the failed-requests page: a metric (by its id) as it is, or an auto-scaled direction's provisioned-capacity
 *  throttles read as 0 in the minutes the at-maximum page counts that direction at its maximum (its consumed units). */
export interface PageTerm {
  readonly id: string;
  readonly metric: cloudwatch.IMetric;
  readonly atMaximum?: { readonly id: string; readonly metric: cloudwatch.IMetric; readonly maximum: number; readonly named: string };
}

const metricsOfTerm = (term: PageTerm): [string, cloudwatch.IMetric][] => [
  [term.id, term.metric],
  ...(term.atMaximum ? [[term.atMaximum.id, term.atMaximum.metric] as [string, cloudwatch.IMetric]] : []),
];

const expressionOf = ({ id, atMaximum: at }: PageTerm): string =>
  at === undefined ? `FILL(${id}, 0)` : `IF(${atMaximum(at.id, at.maximum)}, 0, FILL(${id}, 0))`;

/** The terms in alarms of at most 10 metrics each, in order, a term's metrics in one alarm. */
function inAlarms(terms: readonly PageTerm[]): PageTerm[][] {
  const groups: PageTerm[][] = [];
  let metrics = MAX_ALARM_METRICS;
  for (const term of terms) {
    const size = metricsOfTerm(term).length;
    if (metrics + size > MAX_ALARM_METRICS) {
      groups.push([]);
      metrics = 0;
    }
    groups[groups.length - 1].push(term);
    metrics += size;
  }
  return groups;
}

export function throttlesAndErrorsAlarms(
  factory: SkewAlarmFactory,
  idSuffix: string,
  tableName: string,
  spaces: readonly { space: KeySpaceRef; capacity: CapacityShape }[],
  settings: AlarmSettings,
  /** Whether the table-wide metrics (account-limit throttles, SystemErrors) are included: once per table. */
  tableWide: boolean,
): SkewAlarm[] {
  const terms = capacityThrottleTerms(tableName, spaces, tableWide);
  if (tableWide) for (const operation of settings.systemErrorOperations) terms.push({ id: `errors${operation}`, metric: systemErrors(tableName, operation) });
  return inAlarms(terms).map((group, i) => {
    const what = pageContents(group.map(({ id }) => id));
    const metricsOf = group.map(({ metric }) => metric as cloudwatch.Metric);
    const indexWrites = metricsOf.some((m) => m.metricName.startsWith('Write') && m.dimensions?.GlobalSecondaryIndexName !== undefined);
    const atMaximumNames = group.flatMap(({ atMaximum: at }) => (at ? [at.named] : []));
    return factory.create({
      id: `ThrottlesAndErrors${idSuffix}${i === 0 ? '' : i + 1}`,
      tier: 'page',
      signal: 'throttles-and-errors',
      metric: new cloudwatch.MathExpression({
        expression: group.map(expressionOf).join(' + '),
        usingMetrics: Object.fromEntries(group.flatMap(metricsOfTerm)),
        period: PERIOD,
        label: `${what.title}/min${atMaximumNames.length > 0 ? ', less those at the auto-scaling maximum' : ''}`,
      }),
      threshold: throttlesAndErrorsSetting(settings, spaces).threshold,
      index: tableWide ? undefined : spaces[0]?.space.indexName,
      // The alarm's name, true whatever the group holds: a name that listed the metrics changed with billing or
      // systemErrorOperations, and a new AlarmName replaces the alarm (its history and every runbook, silence or
      // integration that names it). The label and description say exactly what this group sums.
      title: `failed requests (not a hot key)${i === 0 ? '' : ` (${i + 1})`}`,
      meaning: `${metricsOf
        .map((m) => m.metricName)
        .filter((name, j, all) => all.indexOf(name) === j)
        .join(', ')}: ${what.meaning}${indexWrites ? BACK_PRESSURE : ''}${atMaximumNames.length > 0 ? leftToAtMaximum(atMaximumNames) : ''}`,
      action: what.action,
      doc: ALARM_DOCS.metrics,
    });
  });
}

/** What the page leaves out of an auto-scaled direction's provisioned throttles, and to which page. */
const leftToAtMaximum = (named: readonly string[]) =>
  `; provisioned throttles not counted while their direction consumes ${AT_MAXIMUM * 100}%+ of its auto-scaling maximum a second (Consumed*CapacityUnits, Sum ÷ 60: ${named.join(', ')}): the "throttled at its auto-scaling maximum" page owns those`;

/**
 * What one page alarm of throttlesAndErrorsAlarms sums, named from the metrics it holds (by their
 * ids), so its name, label and description say exactly that: a table on demand without a maximum
 * and without systemErrorOperations has only the account-limit throttles, and an alarm named
 * "throttles and errors" would promise an error metric it does not read. Causes as the DynamoDB
 * Developer Guide's "DynamoDB metrics and dimensions" defines each metric
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html).
 */
function pageContents(ids: readonly string[]): { title: string; meaning: string; action: string } {
  const kinds = [
    { prefix: 'account', name: 'account-limit', cause: "over the account's per-table throughput quota", limit: 'the table quota (Service Quotas)' },
    {
      prefix: 'provisioned',
      name: 'provisioned-capacity',
      cause: 'over the provisioned capacity',
      limit: 'the provisioned capacity or its auto scaling maximum',
    },
    {
      prefix: 'maxOnDemand',
      name: 'on-demand-maximum',
      cause: 'over the on-demand maximum set',
      limit: 'the on-demand maximum (UpdateTable OnDemandThroughput)',
    },
  ].filter((kind) => ids.some((id) => id.startsWith(kind.prefix)));
  const errors = ids.some((id) => id.startsWith('errors'));
  const throttles = kinds.length > 0 ? `${kinds.map((k) => k.name).join(' + ')} throttles` : '';
  const title = [throttles, errors ? 'system errors' : ''].filter(Boolean).join(' + ');
  const meaning = [
    kinds.length > 0 ? `requests throttled ${kinds.map((k) => k.cause).join(' or ')}, not by a hot key` : '',
    errors ? 'requests failing inside DynamoDB (HTTP 500)' : '',
  ]
    .filter(Boolean)
    .join('; ');
  const action = [
    kinds.length > 0
      ? // Only the limits this alarm's metrics hit: an on-demand table has no provisioned capacity to raise.
        `find the metric in ALARM; raise that limit now: ${kinds.map((k) => k.limit).join(', or ')}, or shed the load`
      : '',
    errors ? 'SystemErrors: retry, then AWS support' : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { title, meaning, action };
}

/** Ticket: the hottest key of a key space, from its Contributor Insights most accessed keys rule (ACCESSED_AND_THROTTLED_KEYS
 *  mode, the only one it is made in: alarm-thresholds.ts says why). Its reads and writes are each held against their own
 *  ceiling (`hottestKeyPerDirection`): AWS throttles them independently. */
export function hotKeyAlarm(
  factory: SkewAlarmFactory,
  space: KeySpaceRef,
  /** The key space's most accessed keys rule (`InsightRuleNames.accessed`). */
  accessedRule: string,
  settings: AlarmSettings & { hotKey: ResolvedThreshold },
  /** The line drawn from the key's neighbours (`hotKeyLine`). */
  line: HotKeyLine,
): SkewAlarm {
  const resolved = { ...settings.hotKey, threshold: line.trafficScaled?.floor ?? line.threshold };
  // Written as the 180,000 beside it is: 162,000, not 162000; a token threshold as CloudFormation resolves it.
  const threshold = numberText(resolved.threshold, fmt);
  const noun = nounOf(space);
  return factory.create({
    ...ofKeySpace(space, 'HotKey'),
    tier: 'ticket',
    signal: 'hot-key',
    threshold: resolved,
    metric: hotKeyMetric(space, accessedRule, line),
    title: 'hot key approaching its ceiling',
    meaning: `the most accessed key of the ${noun} may use ${threshold}+ units a minute (3 x WCU + RCU) ${hotKeyLineMeaning(line)}`,
    detail: hotKeyLineDetail(line, noun),
    action: 'find it in Contributor Insights "most accessed keys", and the read or write metric of the key space near the line; plan sharding or caching',
    doc: ALARM_DOCS.keyRange,
  });
}

/** The accessed-mode ticket's metric: per direction, reads and writes together, or those over the line at this minute's traffic. */
function hotKeyMetric(space: KeySpaceRef, accessedRule: string, line: HotKeyLine) {
  if (line.trafficScaled) return hottestKeyOverScaledLine(space, accessedRule, { ...line.trafficScaled, line: line.threshold });
  return line.combined ? hottestKeyCombined(space, accessedRule) : hottestKeyPerDirection(space, accessedRule, line.scaled);
}

const units = (value: number) => fmt(Math.round(value));
const wordsOf = (d: Direction) => (d === 'Write' ? 'writes' : 'reads');

/** What the accessed-mode hot-key line is a share of: the reach in the threshold's direction, or of both together. */
function hotKeyLineMeaning({ reference, reach, combined, capped, trafficScaled, threshold }: HotKeyLine): string {
  if (trafficScaled && combined)
    return (
      `of the ${units(Math.min(reach.Read, reach.Write))} its partition leaves reads or writes alone; ` +
      `the planned key (${units(combined.planned)} at the planned peak) only at ${units(threshold)}, scaled to the minute's traffic`
    );
  const meaning = combined
    ? `of the ${units(combined.reach)} its partition leaves its reads and writes together`
    : `of the ${units(reach[reference])} its partition leaves its ${wordsOf(reference)}`;
  // A plan past the ceiling (SG003 acknowledged): the line is under the plan, so the ticket opens at the planned peak.
  return capped ? `${meaning}; its plan, ${units(capped.planned)}, passes its partition's ceiling, so it throttles at its planned peak` : meaning;
}

/**
 * How the accessed-mode hot-key line was drawn, with the numbers and what it assumes: the neighbours' planned load taken
 * off the 180,000 units a minute, the partitions assumed and how counted, and the other direction's scale (or, for a key
 * hot in both directions, the two bounds it is the less of). The part of the description left out first after the
 * dashboard link (docs/cdk.md gives the model).
 */
function hotKeyLineDetail(line: HotKeyLine, noun: string): string {
  const { reference, scaled, reach, neighbours, reachModel, combined } = line;
  const counted = partitionCountText(reachModel);
  const assumed = `over ${reachModel.partitions} ${reachModel.partitions === 1 ? 'partition' : 'partitions'}, assumed ${counted}`;
  if (combined) {
    return (
      ` (hot in both directions, its planned ${units(combined.planned)} is its reads and writes together): the less of its reads at the ${units(reach.Read)} ` +
      `left beside its planned writes and its writes at the ${units(reach.Write)} left beside its planned reads, 180,000 each less its neighbours' ` +
      `planned ${units(neighbours.Read)} and ${units(neighbours.Write)} (the rest of the declared peak ${assumed}). Bounded by the ${noun}'s own reads + writes`
    );
  }
  return (
    `: 180,000 less its neighbours' planned ${units(neighbours[reference])} ` +
    `(the ${wordsOf(reference)} of the rest of the declared peak ${assumed}); ` +
    `its ${wordsOf(scaled.direction)} (${units(reach[scaled.direction])} left) count x ${scaled.factor}, so each fires at the same share. ` +
    `AWS throttles reads and writes independently; each is bounded by the key's units and the ${noun}'s own reads or writes`
  );
}

/** Ticket, opt-in: a latency percentile per operation, gated by a minimum request count. */
export function latencyAlarms(factory: SkewAlarmFactory, tableName: string, settings: AlarmSettings): SkewAlarm[] {
  const latencySettings = settings.latency;
  if (!latencySettings) return [];
  const { percentile, minSampleCount, evaluationPeriods, datapointsToAlarm } = latencySettings;
  const stat = `p${percentile}`;
  return latencySettings.thresholds.map(([operation, ms]) =>
    factory.create({
      id: `${operation}Latency`,
      tier: 'ticket',
      signal: 'latency',
      operation,
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${minSampleCount}, latency, 0)`,
        usingMetrics: { latency: latency(tableName, operation, stat), requests: latency(tableName, operation, cloudwatch.Stats.SAMPLE_COUNT) },
        period: PERIOD,
        label: `${operation} SuccessfulRequestLatency ${stat} (ms), minutes with ${minSampleCount}+ requests`,
      }),
      threshold: { threshold: ms, evaluationPeriods, datapointsToAlarm },
      title: `${operation} ${stat} latency`,
      meaning: `SuccessfulRequestLatency ${stat} of ${operation} (inside DynamoDB) at ${ms}+ ms in minutes with ${minSampleCount}+ requests`,
      action: 'check throttles and hot keys, then item and result sizes of recent deploys',
      doc: ALARM_DOCS.metrics,
    }),
  );
}
