/**
 * One metric alarm's state machine, as the CloudWatch User Guide describes it ("Alarm evaluation"
 * and "Configuring how CloudWatch alarms treat missing data",
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/alarm-evaluation.html,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/alarms-and-missing-data.html):
 *
 * - ALARM when at least DatapointsToAlarm (M) of the last EvaluationPeriods (N) datapoints breach.
 * - CloudWatch reads an evaluation range longer than N. If none of the last N datapoints is missing
 *   they decide alone. If some are missing but the range holds at least N real datapoints, the most
 *   recent N real ones decide and TreatMissingData is not used. Otherwise the missing ones are
 *   filled as few times as possible: `breaching` / `notBreaching` fill them so; `missing` and
 *   `ignore` decide only when the real datapoints settle it (M breaching → ALARM; too few left to
 *   reach M → OK) and otherwise keep the state, except that an all-missing range is
 *   INSUFFICIENT_DATA under `missing`.
 * - Avoiding premature transitions: under `missing` / `ignore` the alarm goes to ALARM when the
 *   oldest breaching datapoint of the last N is at least M periods old and every more recent one is
 *   breaching or missing — the edge of the range, where the newest datapoints have not arrived.
 * - Alarms on AWS/DynamoDB metrics ignore missing data whatever TreatMissingData says (PutMetricAlarm,
 *   TreatMissingData: "Alarms that evaluate metrics in the AWS/DynamoDB namespace always ignore
 *   missing data", https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_PutMetricAlarm.html).
 * - EvaluateLowSampleCountPercentile `ignore`: a newest datapoint with too few samples for the
 *   percentile (fewer than 1 / (1 − p)) leaves the state as it is.
 *
 * Not published, so an assumption: the evaluation range is N + 2 periods (the guide's example reads
 * 5 datapoints for N = 3).
 */
import type { Series } from './expression';

export type AlarmState = 'OK' | 'ALARM' | 'INSUFFICIENT_DATA';
export type MissingDataTreatment = 'missing' | 'ignore' | 'breaching' | 'notBreaching';
export type ComparisonOperator = 'GreaterThanThreshold' | 'GreaterThanOrEqualToThreshold' | 'LessThanThreshold' | 'LessThanOrEqualToThreshold';

export interface AlarmRule {
  /** The alarm's `Threshold`, in the metric's unit. */
  readonly threshold: number;
  /** The alarm's `ComparisonOperator`. */
  readonly comparison: ComparisonOperator;
  /** The alarm's `EvaluationPeriods`: N, the periods the decision reads. */
  readonly evaluationPeriods: number;
  /** The alarm's `DatapointsToAlarm`: M of the N periods that must breach (CloudWatch's default: N). */
  readonly datapointsToAlarm: number;
  /** The alarm's `TreatMissingData` (CloudWatch's default: `missing`). */
  readonly treatMissingData: MissingDataTreatment;
  /** Extra periods read before the last N. @default 2 */
  readonly evaluationRangeExtra?: number;
}

const COMPARE: Record<ComparisonOperator, (v: number, t: number) => boolean> = {
  GreaterThanThreshold: (v, t) => v > t,
  GreaterThanOrEqualToThreshold: (v, t) => v >= t,
  LessThanThreshold: (v, t) => v < t,
  LessThanOrEqualToThreshold: (v, t) => v <= t,
};

export function isComparison(value: unknown): value is ComparisonOperator {
  return typeof value === 'string' && value in COMPARE;
}

/** The next state given the evaluation range (oldest first; undefined = missing). */
export function nextState(range: Series, current: AlarmState, rule: AlarmRule): { state: AlarmState; reason: string } {
  const { evaluationPeriods: n, datapointsToAlarm: m, threshold } = rule;
  const breaches = (v: number) => COMPARE[rule.comparison](v, threshold);
  const decide = (points: number[], filled = 0, filledBreach = false) => {
    const count = points.filter(breaches).length + (filledBreach ? filled : 0);
    return count >= m
      ? { state: 'ALARM' as const, reason: `${count} of the last ${n} datapoints breach (≥ ${m})` }
      : { state: 'OK' as const, reason: `${count} of the last ${n} datapoints breach (< ${m})` };
  };
  const latest = range.slice(-n);
  if (latest.length === n && latest.every((v) => v !== undefined)) return decide(latest as number[]);
  const real = range.filter((v): v is number => v !== undefined);
  if (real.length >= n) return decide(real.slice(-n));
  const fills = n - real.length;
  switch (rule.treatMissingData) {
    case 'breaching':
      return decide(real, fills, true);
    case 'notBreaching':
      return decide(real, fills, false);
    default: {
      if (real.length === 0) {
        return rule.treatMissingData === 'missing'
          ? { state: 'INSUFFICIENT_DATA', reason: 'every datapoint of the evaluation range is missing' }
          : { state: current, reason: 'every datapoint is missing: the state is kept (ignore)' };
      }
      const count = real.filter(breaches).length;
      if (count >= m) return decide(real);
      const window = [...new Array(Math.max(0, n - latest.length)).fill(undefined), ...latest] as Series;
      const oldest = window.findIndex((v) => v !== undefined && breaches(v));
      if (oldest >= 0 && n - oldest >= m && window.slice(oldest + 1).every((v) => v === undefined || breaches(v))) {
        return { state: 'ALARM', reason: `the oldest breaching datapoint is ${n - oldest} periods old and every newer one breaches or is missing` };
      }
      if (count + fills < m) return decide(real);
      return { state: current, reason: `${count} real datapoint(s) breach and ${fills} are missing: not enough to decide, the state is kept` };
    }
  }
}

/** The state after each period of `values`, starting from INSUFFICIENT_DATA. */
export function evaluateSeries(
  values: Series,
  rule: AlarmRule,
  options: { lowSampleCounts?: readonly boolean[] } = {},
): { states: AlarmState[]; reasons: string[] } {
  const range = rule.evaluationPeriods + (rule.evaluationRangeExtra ?? 2);
  const states: AlarmState[] = [];
  const reasons: string[] = [];
  let state: AlarmState = 'INSUFFICIENT_DATA';
  for (let k = 0; k < values.length; k++) {
    if (options.lowSampleCounts?.[k]) {
      states.push(state);
      reasons.push('too few samples for the percentile: the state is kept (EvaluateLowSampleCountPercentile ignore)');
      continue;
    }
    const window = values.slice(Math.max(0, k - range + 1), k + 1);
    const padded = [...new Array(range - window.length).fill(undefined), ...window] as Series;
    const next = nextState(padded, state, rule);
    state = next.state;
    states.push(state);
    reasons.push(next.reason);
  }
  return { states, reasons };
}
