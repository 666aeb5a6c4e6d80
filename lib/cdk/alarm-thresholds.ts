/**
 * Alarm thresholds: defaults made explicit once, user values checked with the field's path.
 * (These are CloudWatch settings, not design fields; the design itself is checked only by the core.)
 */
import { Token } from 'aws-cdk-lib';
import { DYNAMODB_LIMITS, type DesignIssue } from '../index';
import type { AlarmThreshold, LatencyAlarmThreshold, SkewAlarmThresholds } from './props';

export interface ResolvedThreshold {
  readonly threshold: number;
  readonly evaluationPeriods: number;
  readonly datapointsToAlarm: number;
}

export interface ResolvedThresholds {
  readonly keyRangeThrottles: ResolvedThreshold;
  readonly capacityThrottles: ResolvedThreshold;
  readonly latency: ResolvedThreshold & { readonly operations: readonly string[] };
  readonly hotKey: ResolvedThreshold;
}

const WINDOW = { evaluationPeriods: 5, datapointsToAlarm: 3 };

/** A partition serves 3,000 read units/s, i.e. 1,000 write units × 3 in Contributor Insights'
 *  ConsumedThroughputUnits (3 × WCU + RCU): 180,000 units per one-minute period. */
export const PARTITION_UNITS_PER_MINUTE = DYNAMODB_LIMITS.partitionReadUnits * 60;
/** THROTTLED_KEYS mode counts throttled requests: one a second for a minute means a key is pinned. */
export const HOT_KEY_THROTTLES_PER_MINUTE = 60;
export const DEFAULT_LATENCY_MS = 25;
export const DEFAULT_LATENCY_OPERATIONS = ['GetItem', 'PutItem', 'Query', 'UpdateItem'] as const;

/** Values of the `Operation` dimension of SuccessfulRequestLatency. */
const OPERATIONS = [
  'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan', 'BatchGetItem', 'BatchWriteItem',
  'TransactGetItems', 'TransactWriteItems', 'GetRecords', 'ExecuteStatement', 'BatchExecuteStatement', 'ExecuteTransaction',
];

function describe(value: unknown): string {
  return typeof value === 'number' ? String(value) : JSON.stringify(value) ?? String(value);
}

function resolveOne(input: AlarmThreshold | undefined, path: string, defaultThreshold: number, issues: DesignIssue[]): ResolvedThreshold {
  if (input !== undefined && (typeof input !== 'object' || input === null)) {
    issues.push({ path, message: `expected an object { threshold?, evaluationPeriods?, datapointsToAlarm? }, got ${describe(input)}` });
    return { threshold: defaultThreshold, ...WINDOW };
  }
  const threshold = input?.threshold ?? defaultThreshold;
  const evaluationPeriods = input?.evaluationPeriods ?? WINDOW.evaluationPeriods;
  const datapointsToAlarm = input?.datapointsToAlarm ?? Math.min(WINDOW.datapointsToAlarm, evaluationPeriods);
  // A token (e.g. a CfnParameter) reaches CloudFormation as is; only literal values can be checked here.
  if (!Token.isUnresolved(threshold) && !(typeof threshold === 'number' && Number.isFinite(threshold) && threshold > 0)) {
    issues.push({ path: `${path}.threshold`, message: `expected a finite number > 0, got ${describe(threshold)}` });
  }
  const periodsOk = Token.isUnresolved(evaluationPeriods) || (Number.isInteger(evaluationPeriods) && evaluationPeriods >= 1);
  if (!periodsOk) issues.push({ path: `${path}.evaluationPeriods`, message: `expected an integer ≥ 1, got ${describe(evaluationPeriods)}` });
  if (!Token.isUnresolved(datapointsToAlarm) && !(Number.isInteger(datapointsToAlarm) && datapointsToAlarm >= 1 && (!periodsOk || Token.isUnresolved(evaluationPeriods) || datapointsToAlarm <= evaluationPeriods))) {
    issues.push({ path: `${path}.datapointsToAlarm`, message: `expected an integer from 1 to evaluationPeriods (${describe(evaluationPeriods)}), got ${describe(datapointsToAlarm)}` });
  }
  return { threshold, evaluationPeriods, datapointsToAlarm };
}

function resolveOperations(input: LatencyAlarmThreshold | undefined, path: string, issues: DesignIssue[]): readonly string[] {
  const operations = input?.operations ?? DEFAULT_LATENCY_OPERATIONS;
  if (!Array.isArray(operations) || operations.length === 0) {
    issues.push({ path, message: `expected a non-empty list of operations (${OPERATIONS.join(', ')}), got ${describe(operations)}` });
    return DEFAULT_LATENCY_OPERATIONS;
  }
  operations.forEach((op, i) => {
    if (!OPERATIONS.includes(op)) issues.push({ path: `${path}[${i}]`, message: `expected one of ${OPERATIONS.join(', ')}, got ${describe(op)}` });
  });
  return [...new Set(operations)];
}

/** Every threshold with its default filled in; problems go to `issues` with paths under `alarmThresholds`. */
export function resolveThresholds(input: SkewAlarmThresholds | undefined, options: { headroom: number; throttledKeysOnly: boolean }, issues: DesignIssue[]): ResolvedThresholds {
  const path = 'alarmThresholds';
  const hotKeyDefault = options.throttledKeysOnly ? HOT_KEY_THROTTLES_PER_MINUTE : Math.round(PARTITION_UNITS_PER_MINUTE * options.headroom);
  return {
    keyRangeThrottles: resolveOne(input?.keyRangeThrottles, `${path}.keyRangeThrottles`, 1, issues),
    capacityThrottles: resolveOne(input?.capacityThrottles, `${path}.capacityThrottles`, 1, issues),
    latency: {
      ...resolveOne(input?.latency, `${path}.latency`, DEFAULT_LATENCY_MS, issues),
      operations: resolveOperations(input?.latency, `${path}.latency.operations`, issues),
    },
    hotKey: resolveOne(input?.hotKey, `${path}.hotKey`, hotKeyDefault, issues),
  };
}
