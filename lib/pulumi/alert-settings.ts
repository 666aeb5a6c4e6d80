/**
 * What the skew alerts watch and when they fire: user options, their validation, and the defaults,
 * which come from the design's own thresholds (headroom, maxHotKeyShare) so a number is set once.
 */
import * as pulumi from '@pulumi/pulumi';
import { COSMOS_LIMITS, type CosmosKeyDesign } from '../index';
import type { Issues } from './issues';
import { isDeferred } from './values';

/** Timing and severity of one alert; each omitted field keeps that alert's default (listed on its
 *  `SkewAlertsOptions` field). */
export interface AlertOptions {
  /** Fire when the measured value is above this (`GreaterThan`).
   *  @default - the alert's default threshold */
  readonly threshold?: number;
  /** ISO 8601 duration the value is aggregated over, e.g. `PT5M`.
   *  @default - the alert's default window */
  readonly windowSize?: string;
  /** ISO 8601 duration between evaluations; at most `windowSize`.
   *  @default - the alert's default frequency */
  readonly evaluationFrequency?: string;
  /** Azure Monitor severity: 0 critical, 1 error, 2 warning, 3 informational, 4 verbose.
   *  @default - the alert's default severity */
  readonly severity?: number;
}

export interface HotKeyShareAlertOptions extends AlertOptions {
  /** Only judge the share when the container used at least this many RU in the window, so a quiet
   *  container where one request is 100% of the traffic does not page anyone.
   *  @default 30000 (100 RU/s over 5 minutes) */
  readonly minimumRequestUnits?: number;
}

/** The skew alerts of one container; `false` leaves one out. */
export interface SkewAlertsOptions {
  /** Action groups notified by every alert of this container (resource ids).
   *  @default - the attached CosmosAccountMonitoring's actionGroupIds, else none (alerts only show in the portal) */
  readonly actionGroupIds?: pulumi.Input<string>[];
  /** Metric alert: `NormalizedRUConsumption` (Maximum) of one partition-key range of this container.
   *  @default - threshold 80 (percent: the design's headroom × 100), window PT5M, every PT1M, severity 2 */
  readonly normalizedRu?: AlertOptions | false;
  /** Metric alert: `TotalRequests` (Count) with `StatusCode` 429 on this container.
   *  @default - threshold 100 throttled requests, window PT5M, every PT1M, severity 1 */
  readonly throttling?: AlertOptions | false;
  /** Log alert on `CDBPartitionKeyStatistics`: the largest logical partition, in GB.
   *  Needs partition-key diagnostics (`args.monitoring`).
   *  @default - threshold 16 (GB: the design's headroom × the 20 GB ceiling), window P1D, every PT1H, severity 1 */
  readonly partitionSize?: AlertOptions | false;
  /** Log alert on `CDBPartitionKeyRUConsumption`: the share (0–1) of the container's RU one
   *  partition-key value takes. Needs partition-key diagnostics (`args.monitoring`).
   *  @default - threshold: the design's maxHotKeyShare (0.1), or its declared hotKeyShare per shard when higher; window PT5M, every PT5M, severity 2 */
  readonly hotKeyShare?: HotKeyShareAlertOptions | false;
}

export interface ResolvedAlert {
  readonly threshold: number;
  readonly windowSize: string;
  readonly evaluationFrequency: string;
  readonly severity: number;
}

export interface ResolvedAlerts {
  readonly actionGroupIds: pulumi.Input<string>[];
  readonly normalizedRu?: ResolvedAlert;
  readonly throttling?: ResolvedAlert;
  readonly partitionSize?: ResolvedAlert;
  readonly hotKeyShare?: ResolvedAlert & { readonly minimumRequestUnits: number };
}

type AlertName = 'normalizedRu' | 'throttling' | 'partitionSize' | 'hotKeyShare';

const TIMING: Record<AlertName, Omit<ResolvedAlert, 'threshold'>> = {
  normalizedRu: { windowSize: 'PT5M', evaluationFrequency: 'PT1M', severity: 2 },
  throttling: { windowSize: 'PT5M', evaluationFrequency: 'PT1M', severity: 1 },
  // Partition-key statistics are sampled, not streamed: look back a day, hourly.
  partitionSize: { windowSize: 'P1D', evaluationFrequency: 'PT1H', severity: 1 },
  hotKeyShare: { windowSize: 'PT5M', evaluationFrequency: 'PT5M', severity: 2 },
};
const THROTTLED_REQUESTS = 100;
const MINIMUM_REQUEST_UNITS = 30_000;

/** Valid threshold range per alert: [lowest, highest], and whether the lowest itself is allowed. */
const THRESHOLD_RANGE: Record<AlertName, { min: number; max: number; minIncluded: boolean; integer?: boolean; unit: string }> = {
  normalizedRu: { min: 0, max: 100, minIncluded: false, unit: 'a percentage above 0, at most 100' },
  throttling: { min: 0, max: Number.MAX_SAFE_INTEGER, minIncluded: true, integer: true, unit: 'a whole number of requests, 0 or more' },
  partitionSize: { min: 0, max: COSMOS_LIMITS.logicalPartitionGb, minIncluded: false, unit: `GB above 0, at most the ${COSMOS_LIMITS.logicalPartitionGb} GB ceiling` },
  hotKeyShare: { min: 0, max: 1, minIncluded: false, unit: 'a share above 0, at most 1' },
};

const ALERT_NAMES = Object.keys(TIMING) as AlertName[];

/** Validates `args.alerts` without the design, so its problems are reported with the design's. */
export function checkAlertOptions(options: SkewAlertsOptions | undefined, issues: Issues): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    issues.add('alerts', 'expected an object with normalizedRu, throttling, partitionSize, hotKeyShare (each options or false) and actionGroupIds');
    return;
  }
  for (const key of Object.keys(options)) {
    if (key !== 'actionGroupIds' && !(ALERT_NAMES as string[]).includes(key)) {
      issues.add(`alerts.${key}`, `is not a skew alert; expected one of: actionGroupIds, ${ALERT_NAMES.join(', ')}`);
    }
  }
  if (options.actionGroupIds !== undefined && !Array.isArray(options.actionGroupIds)) {
    issues.add('alerts.actionGroupIds', 'expected an array of action group resource ids');
  } else {
    options.actionGroupIds?.forEach((id, i) => {
      // A resource id is a string, or an Output / Promise of one resolved at deploy time.
      if (typeof id !== 'string' && !pulumi.Output.isInstance(id) && !(id instanceof Promise)) {
        issues.add(`alerts.actionGroupIds[${i}]`, `expected an action group resource id (a string or an Output of one), got ${typeof id}`);
      }
    });
  }
  for (const name of ALERT_NAMES) {
    const alert = options[name];
    if (alert === undefined || alert === false) continue;
    const path = `alerts.${name}`;
    if (typeof alert !== 'object' || alert === null) {
      issues.add(path, 'expected alert options, or false to leave this alert out');
      continue;
    }
    checkAlert(name, alert, path, issues);
  }
}

function checkAlert(name: AlertName, alert: HotKeyShareAlertOptions, path: string, issues: Issues): void {
  const range = THRESHOLD_RANGE[name];
  if (alert.threshold !== undefined) {
    const t = alert.threshold;
    const ok = isFiniteNumber(t) && (range.minIncluded ? t >= range.min : t > range.min) && t <= range.max && (!range.integer || Number.isInteger(t));
    if (!ok) issues.add(`${path}.threshold`, `expected ${range.unit}, got ${show(t)}`);
  }
  if (alert.severity !== undefined && !(Number.isInteger(alert.severity) && alert.severity >= 0 && alert.severity <= 4)) {
    issues.add(`${path}.severity`, `expected an integer from 0 (critical) to 4 (verbose), got ${show(alert.severity)}`);
  }
  const window = checkDuration(alert.windowSize, `${path}.windowSize`, issues);
  const frequency = checkDuration(alert.evaluationFrequency, `${path}.evaluationFrequency`, issues);
  const effectiveWindow = window ?? minutes(TIMING[name].windowSize);
  const effectiveFrequency = frequency ?? minutes(TIMING[name].evaluationFrequency);
  if ((window !== undefined || frequency !== undefined) && effectiveWindow !== undefined && effectiveFrequency !== undefined && effectiveFrequency > effectiveWindow) {
    issues.add(`${path}.evaluationFrequency`, `is longer than the window (${alert.windowSize ?? TIMING[name].windowSize}): Azure Monitor rejects it; evaluate at least once per window`);
  }
  if (name === 'hotKeyShare' && alert.minimumRequestUnits !== undefined && !(isFiniteNumber(alert.minimumRequestUnits) && alert.minimumRequestUnits >= 0)) {
    issues.add(`${path}.minimumRequestUnits`, `expected a number of RU, 0 or more, got ${show(alert.minimumRequestUnits)}`);
  }
}

function checkDuration(value: unknown, path: string, issues: Issues): number | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? minutes(value) : undefined;
  if (parsed === undefined || parsed <= 0) {
    issues.add(path, `expected an ISO 8601 duration in whole minutes, hours or days (PT5M, PT1H, P1D), got ${show(value)}`);
    return undefined;
  }
  return parsed;
}

/** `PT5M` → 5, `PT1H` → 60, `P1D` → 1440; undefined for anything else. */
function minutes(duration: string): number | undefined {
  const match = /^P(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(duration);
  if (!match || duration === 'P') return undefined;
  const [, days = '0', hours = '0', mins = '0'] = match;
  return Number(days) * 1440 + Number(hours) * 60 + Number(mins);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function show(value: unknown): string {
  if (isDeferred(value)) return 'a Pulumi Output or Promise (alert settings must be plain values)';
  return typeof value === 'number' ? String(value) : JSON.stringify(value) ?? String(value);
}

/**
 * Fills every default. `logAlerts`: partition-key diagnostics are attached (the log alerts read
 * their tables, so without them there is nothing to alert on).
 */
export function resolveAlerts(options: SkewAlertsOptions = {}, design: CosmosKeyDesign, logAlerts: boolean, monitoringActionGroups: pulumi.Input<string>[]): ResolvedAlerts {
  const { headroom, maxHotKeyShare } = design.thresholds;
  const space = design.primaryKey;
  // The stored key of a sharded design is one shard: its hottest value takes the declared share / N
  // (replicated copies each take every write, so no less of the traffic).
  const { workload } = space;
  const shards = space.sharding && space.sharding.strategy !== 'replicated' ? space.sharding.shards : 1;
  const declaredPerShard = workload.hotKeyShareSource === 'declared' || workload.hotKeyShareSource === 'derived' ? workload.hotKeyShare / shards : 0;
  const defaults: Record<AlertName, number> = {
    normalizedRu: round(headroom * 100),
    throttling: THROTTLED_REQUESTS,
    partitionSize: round(headroom * COSMOS_LIMITS.logicalPartitionGb),
    hotKeyShare: round(Math.max(maxHotKeyShare, declaredPerShard)),
  };
  const resolve = (name: AlertName): ResolvedAlert | undefined => {
    const given = options[name];
    if (given === false) return undefined;
    return {
      threshold: given?.threshold ?? defaults[name],
      windowSize: given?.windowSize ?? TIMING[name].windowSize,
      evaluationFrequency: given?.evaluationFrequency ?? TIMING[name].evaluationFrequency,
      severity: given?.severity ?? TIMING[name].severity,
    };
  };
  const hotKeyShare = logAlerts ? resolve('hotKeyShare') : undefined;
  const hotKeyOptions = options.hotKeyShare === false ? undefined : options.hotKeyShare;
  return {
    actionGroupIds: options.actionGroupIds ?? monitoringActionGroups,
    normalizedRu: resolve('normalizedRu'),
    throttling: resolve('throttling'),
    partitionSize: logAlerts ? resolve('partitionSize') : undefined,
    hotKeyShare: hotKeyShare && { ...hotKeyShare, minimumRequestUnits: hotKeyOptions?.minimumRequestUnits ?? MINIMUM_REQUEST_UNITS },
  };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
