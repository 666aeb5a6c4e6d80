/**
 * Replays every `AWS::CloudWatch::Alarm` and `AWS::CloudWatch::CompositeAlarm` of a synthesized
 * CloudFormation template over telemetry, minute by minute: the state timeline of each alarm and
 * the actions each transition ran (AlarmActions on → ALARM, OKActions on → OK,
 * InsufficientDataActions on → INSUFFICIENT_DATA), as CloudWatch runs them on a state change only.
 * Reads plain template JSON: no AWS SDK, no aws-cdk-lib.
 */
import type { Telemetry } from '../telemetry';
import { clockOf, timestampOf } from '../time';
import { alarmInputError } from '../usage';
import { evaluateSeries, isComparison, type AlarmRule, type AlarmState, type MissingDataTreatment } from './alarm-state';
import { alarmsOf, evaluateAlarmRule, parseAlarmRule } from './composite-rule';
import { getAttPlaceholder, resolveIntrinsics } from './intrinsics';
import { alarmSeries } from './metric-series';

export interface StateChange {
  /** Replay minute at which the new state was set (the end of the period that decided it). */
  readonly minute: number;
  /** The same minute as an ISO 8601 UTC timestamp (scenarios start on Monday 2026-01-05 00:00 UTC). */
  readonly time: string;
  /** The state before the change (`INSUFFICIENT_DATA` for the first, as CloudWatch starts every alarm). */
  readonly from: AlarmState;
  /** The state set: `OK`, `ALARM` or `INSUFFICIENT_DATA`. */
  readonly to: AlarmState;
  /** Why, as CloudWatch words it: how many of the evaluated datapoints breach, or how missing data was treated. */
  readonly reason: string;
}

export interface ActionRun {
  /** Replay minute at which the actions ran (that of the state change that ran them). */
  readonly minute: number;
  /** The same minute as an ISO 8601 UTC timestamp. */
  readonly time: string;
  /** Which list ran: AlarmActions, OKActions or InsufficientDataActions. */
  readonly list: 'AlarmActions' | 'OKActions' | 'InsufficientDataActions';
  /** Resolved targets (`${Ref:OnCallTopic}` for a topic of the same template). */
  readonly targets: readonly string[];
}

export interface AlarmReplay {
  /** The alarm's logical ID in the template. */
  readonly logicalId: string;
  /** `metric` (`AWS::CloudWatch::Alarm`) or `composite` (`AWS::CloudWatch::CompositeAlarm`). */
  readonly type: 'metric' | 'composite';
  /** AlarmName as resolved (placeholders for tokens), or the logical id when unnamed. */
  readonly name: string;
  /** Every state change over the replay, in time order; empty when the alarm kept its first state. */
  readonly changes: readonly StateChange[];
  /** Every action list the changes ran (AlarmActions, OKActions, InsufficientDataActions), in time order. */
  readonly actions: readonly ActionRun[];
  /** State at the end of each replay minute. */
  readonly states: readonly AlarmState[];
  /** Resolved Properties, for callers that classify alarms (metric name, description, …). */
  readonly properties: Readonly<Record<string, unknown>>;
}

export interface ReplayAlarmsOptions {
  /** Apply the documented AWS/DynamoDB rule (missing data ignored whatever TreatMissingData says).
   *  @default true */
  readonly dynamoDbIgnoresMissingData?: boolean;
}

/** The `Resources` of a synthesized CloudFormation template, as replayAlarms() reads them. */
export type Resources = Record<string, { Type?: string; Properties?: Record<string, unknown> }>;

const TREATMENTS: readonly MissingDataTreatment[] = ['missing', 'ignore', 'breaching', 'notBreaching'];

function integer(value: unknown, field: string, fallback?: number): number {
  const v = value ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw alarmInputError(field, `expected an integer ≥ 1, got ${JSON.stringify(value)}`);
  return v;
}

function ruleOf(props: Record<string, unknown>, field: string, dynamoDb: boolean): AlarmRule {
  const threshold = props.Threshold;
  if (typeof threshold !== 'number')
    throw alarmInputError(`${field}.Threshold`, `expected a number (anomaly-detection alarms are not replayed), got ${JSON.stringify(threshold)}`);
  if (!isComparison(props.ComparisonOperator))
    throw alarmInputError(
      `${field}.ComparisonOperator`,
      `expected GreaterThanThreshold, GreaterThanOrEqualToThreshold, LessThanThreshold or LessThanOrEqualToThreshold, got ${JSON.stringify(props.ComparisonOperator)}`,
    );
  const evaluationPeriods = integer(props.EvaluationPeriods, `${field}.EvaluationPeriods`);
  const datapointsToAlarm = integer(props.DatapointsToAlarm, `${field}.DatapointsToAlarm`, evaluationPeriods);
  if (datapointsToAlarm > evaluationPeriods)
    throw alarmInputError(
      `${field}.DatapointsToAlarm`,
      `${datapointsToAlarm} is more than EvaluationPeriods (${evaluationPeriods}); give at most EvaluationPeriods`,
    );
  const treatment = (props.TreatMissingData ?? 'missing') as MissingDataTreatment;
  if (!TREATMENTS.includes(treatment))
    throw alarmInputError(`${field}.TreatMissingData`, `expected one of ${TREATMENTS.join(', ')}, got ${JSON.stringify(props.TreatMissingData)}`);
  return { threshold, comparison: props.ComparisonOperator, evaluationPeriods, datapointsToAlarm, treatMissingData: dynamoDb ? 'ignore' : treatment };
}

function targetsOf(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw alarmInputError(field, `expected a list of action ARNs`);
  return value as string[];
}

const LIST_FOR: Record<AlarmState, ActionRun['list']> = { ALARM: 'AlarmActions', OK: 'OKActions', INSUFFICIENT_DATA: 'InsufficientDataActions' };

function timeline(
  logicalId: string,
  type: AlarmReplay['type'],
  props: Record<string, unknown>,
  states: AlarmState[],
  reasons: string[],
  field: string,
): AlarmReplay {
  const changes: StateChange[] = [];
  const actions: ActionRun[] = [];
  const enabled = props.ActionsEnabled !== false;
  let previous: AlarmState = 'INSUFFICIENT_DATA';
  states.forEach((state, minute) => {
    if (state === previous) return;
    changes.push({ minute, time: timestampOf(minute), from: previous, to: state, reason: reasons[minute] });
    const list = LIST_FOR[state];
    const targets = targetsOf(props[list], `${field}.${list}`);
    if (enabled && targets.length > 0) actions.push({ minute, time: timestampOf(minute), list, targets });
    previous = state;
  });
  const name = typeof props.AlarmName === 'string' ? props.AlarmName : logicalId;
  return { logicalId, type, name, changes, actions, states, properties: props };
}

/** Every alarm of `template` replayed over `telemetry`. Errors name the resource and the field. */
export function replayAlarms(template: { Resources?: Resources }, telemetry: Telemetry, options: ReplayAlarmsOptions = {}): AlarmReplay[] {
  const resources = template?.Resources;
  if (!resources || typeof resources !== 'object')
    throw alarmInputError(
      'template.Resources',
      'expected a synthesized CloudFormation template (an object with Resources), e.g. app.synth().getStackByName(name).template',
    );
  const results = new Map<string, AlarmReplay>();
  const composites: [string, Record<string, unknown>][] = [];
  for (const [logicalId, resource] of Object.entries(resources)) {
    const field = `Resources.${logicalId}.Properties`;
    if (resource.Type === 'AWS::CloudWatch::CompositeAlarm') {
      composites.push([logicalId, resolveIntrinsics(resource.Properties ?? {}, field) as Record<string, unknown>]);
      continue;
    }
    if (resource.Type !== 'AWS::CloudWatch::Alarm') continue;
    const props = resolveIntrinsics(resource.Properties ?? {}, field) as Record<string, unknown>;
    const series = alarmSeries(telemetry, props, field);
    const dynamoDb = (options.dynamoDbIgnoresMissingData ?? true) && series.namespaces.length > 0 && series.namespaces.every((n) => n === 'AWS/DynamoDB');
    const rule = ruleOf(props, field, dynamoDb);
    const percentile = /^p(\d+(?:\.\d+)?)$/.exec(String(props.ExtendedStatistic ?? ''));
    const lowSampleCounts =
      props.EvaluateLowSampleCountPercentile === 'ignore' && percentile && series.sampleCounts
        ? series.sampleCounts.map((c) => c !== undefined && c < 1 / (1 - Number(percentile[1]) / 100))
        : undefined;
    const perPeriod = evaluateSeries(series.values, rule, { lowSampleCounts });
    // Held between evaluations: a period of P minutes is decided at its last minute.
    const p = series.periodMinutes;
    const states: AlarmState[] = [];
    const reasons: string[] = [];
    for (let minute = 0; minute < telemetry.minutes; minute++) {
      const k = Math.floor((minute + 1) / p) - 1;
      states.push(k >= 0 && k < perPeriod.states.length ? perPeriod.states[k] : 'INSUFFICIENT_DATA');
      reasons.push(k >= 0 && k < perPeriod.reasons.length ? perPeriod.reasons[k] : 'no period has ended yet');
    }
    results.set(logicalId, timeline(logicalId, 'metric', props, states, reasons, field));
  }
  // Composites may read composites: evaluate in dependency order.
  const pending = new Map(composites);
  while (pending.size > 0) {
    let progressed = false;
    for (const [logicalId, props] of pending) {
      const field = `Resources.${logicalId}.Properties.AlarmRule`;
      if (props.ActionsSuppressor !== undefined)
        throw alarmInputError(
          `Resources.${logicalId}.Properties.ActionsSuppressor`,
          'the replay does not model action suppression; remove ActionsSuppressor from the template you replay',
        );
      if (typeof props.AlarmRule !== 'string') throw alarmInputError(field, `expected a rule string`);
      const rule = parseAlarmRule(props.AlarmRule, field);
      const children = alarmsOf(rule).map((ref) => ({ ref, id: findAlarm(ref, resources, results) }));
      const unknown = children.find((c) => c.id === undefined && !pending.has(idFromArn(c.ref) ?? ''));
      if (unknown) throw alarmInputError(field, `${unknown.ref} is no alarm of this template; name an alarm of this template by its AlarmName or ARN`);
      if (children.some((c) => c.id === undefined)) continue;
      const byRef = new Map(children.map((c) => [c.ref, results.get(c.id as string) as AlarmReplay]));
      const states = Array.from(
        { length: telemetry.minutes },
        (_, minute) => (evaluateAlarmRule(rule, (ref) => byRef.get(ref)?.states[minute] ?? 'INSUFFICIENT_DATA') ? 'ALARM' : 'OK') as AlarmState,
      );
      const reasons = states.map((s) => `rule ${s === 'ALARM' ? 'true' : 'false'}: ${props.AlarmRule as string}`);
      results.set(logicalId, timeline(logicalId, 'composite', props, states, reasons, `Resources.${logicalId}.Properties`));
      pending.delete(logicalId);
      progressed = true;
    }
    if (!progressed)
      throw alarmInputError(
        [...pending.keys()].map((id) => `Resources.${id}.Properties.AlarmRule`).join(', '),
        'these composite alarms read each other in a cycle, which CloudWatch refuses too; make one of them read the metric alarms directly',
      );
  }
  return [...results.values()];
}

function idFromArn(ref: string): string | undefined {
  return /^\$\{([^.}]+)\.Arn\}$/.exec(ref)?.[1];
}

function findAlarm(ref: string, resources: Resources, results: Map<string, AlarmReplay>): string | undefined {
  const byArn = idFromArn(ref);
  if (byArn !== undefined) return results.has(byArn) ? byArn : undefined;
  for (const result of results.values()) if (result.name === ref || getAttPlaceholder(result.logicalId, 'Arn') === ref) return result.logicalId;
  return resources[ref] && results.has(ref) ? ref : undefined;
}

/** `d2 14:05 OK → ALARM (reason)` lines, for failure messages and reports. */
export function describeChanges(replay: AlarmReplay): string[] {
  return replay.changes.map((c) => `${clockOf(c.minute)} ${c.from} → ${c.to} (${c.reason})`);
}
