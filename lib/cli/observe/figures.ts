/**
 * Observed figures in the design's own units, each with how it was derived and what it cannot see.
 * A figure is `exact` as far as the source measures it, a `lower` bound (the source sees only some
 * keys), an `upper` bound, or an `estimate`; the comparison uses a bound only in the direction it
 * proves (a lower bound can show that reality exceeds a declaration, never that it stays below).
 */
import { grouped } from '../../internal';
import type { Gap } from './gaps';
import type { DeployedShards } from './shard-count';

export type Bound = 'measured' | 'lower' | 'upper' | 'estimate';

export interface Figure {
  readonly value: number;
  readonly bound: Bound;
  /** Statistic, period and source: `ConsumedWriteCapacityUnits Sum per 60 s ÷ 60, highest period`. */
  readonly derivation: string;
  /** What the source cannot see. */
  readonly limits?: string;
  /** For a figure read off one period (a peak rate, the hottest key's share at the busiest period):
   *  the seconds that period averages over. Above 60 s the figure understates the per-second one,
   *  so it may raise a declaration but never lower it (drift.ts). */
  readonly averagedOverSeconds?: number;
}

/**
 * A hottest key's own load at the busiest period, per second, beside its share: what the design is
 * judged on is that load, and the share alone, multiplied by the design's peaks, would restate it
 * wrongly wherever the share's total is not the design's peak (drift.ts, `loadShare`).
 */
export interface KeyLoad {
  /** Units per second: DynamoDB ConsumedThroughputUnits (RCU + 3 × WCU), Cosmos DB RU/s. */
  readonly unitsPerSecond: number;
  /** How it was read off the source, for the messages. */
  readonly derivation: string;
  /** The busiest period it was read at, epoch ms (DynamoDB): whether the key was throttled then (saturation.ts). */
  readonly at?: number;
  /** DynamoDB: the units per second of the one stored key the source counted (a sharded key's hottest shard), which
   *  one partition's ceilings cap (saturation.ts); `unitsPerSecond` is the logical key's. */
  readonly storedUnitsPerSecond?: number;
}

/**
 * The operations the hottest key logged over the window (Cosmos DB, whose logs name each one): `reads` or
 * `writes` when they all went one way (a bot that only reads), `both` otherwise. What its fix names follows it.
 * DynamoDB's Contributor Insights counts reads and writes in one unit: there, the direction its partition throttled in.
 */
export type KeyOperations = 'reads' | 'writes' | 'both';

export type ShareFigure = Figure & {
  readonly key?: string;
  readonly load?: KeyLoad;
  readonly operations?: KeyOperations;
  /** Why `operations` is what it is, where the data shows it otherwise than by logged operations (DynamoDB: the
   *  direction of the key-range throttles of the period the share was read at). */
  readonly operationsEvidence?: string;
};

/**
 * Throttle events summed over the window, with the busiest period (by the direction's consumed units)
 * that carried any: throttles at the busiest period capped the peak, throttles only at quieter ones
 * (a burst inside a period) did not (saturation.ts).
 */
export type ThrottleFigure = Figure & {
  readonly busiestThrottled?: { readonly unitsPerSecond: number; readonly timestamp: number };
};

/** Requests answered 429 and all requests, in some minutes. */
export interface RequestCount {
  readonly throttled: number;
  readonly requests: number;
}

/**
 * Cosmos DB's 429s (`value`), with all requests, over the window and over the minutes NormalizedRUConsumption
 * singles out: those in which some range reached its budget (a request is rate-limited only in a second its
 * range is at 100%, so 429s are read against these minutes' requests, not diluted by a quiet week), and
 * those in which every range did (saturation.ts). The minutes are absent without a NormalizedRUConsumption export.
 */
export type RequestsFigure = Figure &
  RequestCount & {
    readonly whenSomeRangeAtBudget?: RequestCount & { readonly minutes: number };
    readonly whenEveryRangeAtBudget?: RequestCount & { readonly minutes: number };
  };

/** The figures of one key space; absent ones had no source in the observations. */
export interface ObservedFigures {
  readonly peakReadUnits?: Figure;
  readonly peakWriteUnits?: Figure;
  readonly hotKeyShare?: ShareFigure;
  /** Cosmos DB hierarchical keys: the share of the hottest first-level value (one tenant), as the
   *  hotPrefix alert groups it (lib/engines/cosmos-alert-queries.ts), at the same busiest period. */
  readonly prefixHotKeyShare?: ShareFigure;
  readonly distinctKeys?: Figure;
  readonly largestPartitionGb?: Figure;
  readonly readThrottles?: Figure;
  readonly writeThrottles?: Figure;
  /** Cosmos DB: the highest NormalizedRUConsumption of any partition-key range, in percent; with the
   *  minutes of the export and those at which every range reporting stood at 100% (saturation.ts). */
  readonly normalizedRuPercent?: Figure & {
    readonly range?: string;
    readonly medianPercent?: number;
    /** Every range at the minute of the highest datapoint, with its NormalizedRUConsumption (the note's data). */
    readonly ranges?: readonly RangeFigure[];
    readonly minutes?: number;
    readonly minutesAllAtBudget?: number;
  };
  /** Cosmos DB: the logged reads and writes of the busiest period together, RU/s (a lower bound). */
  readonly peakTotalUnits?: Figure;
  /** DynamoDB: events throttled at the provisioned capacity (Read/WriteProvisionedThroughputThrottleEvents)
   *  and at the on-demand maximum (Read/WriteMaxOnDemandThroughputThrottleEvents), Sum over the window. */
  readonly readProvisionedThrottles?: Figure;
  readonly writeProvisionedThrottles?: Figure;
  readonly readOnDemandMaxThrottles?: Figure;
  readonly writeOnDemandMaxThrottles?: Figure;
  /** DynamoDB: events throttled at the account's per-table quota of an on-demand table or GSI
   *  (Read/WriteAccountLimitThrottleEvents), Sum over the window, with the busiest period that carried them. */
  readonly readAccountLimitThrottles?: ThrottleFigure;
  readonly writeAccountLimitThrottles?: ThrottleFigure;
  /** Cosmos DB: requests answered 429 (TotalRequests with StatusCode 429) over the window (saturation.ts). */
  readonly throttledRequests?: RequestsFigure;
  /** Cosmos DB: the physical partitions, counted as the distinct PartitionKeyRangeIds of NormalizedRUConsumption. */
  readonly partitionKeyRanges?: Figure;
  /** DynamoDB: the key-range throttle events (Read/WriteKeyRangeThroughputThrottleEvents) of the period the hottest
   *  key's share was read at: a key throttled then was served less than it asked for (saturation.ts). */
  readonly hotKeyPeriodThrottles?: { readonly read: number; readonly write: number };
  /** Cosmos DB: the minutes a partition-key range stood at 100% NormalizedRUConsumption with 429s above the healthy
   *  share, and the logged keys in them (throttled-keys.ts). */
  readonly throttledMinutes?: ThrottledMinutes;
  /** DynamoDB: the periods with key-range throttle events, and the key behind them (key-range-throttled.ts). */
  readonly keyRangeThrottled?: KeyRangeThrottled;
}

/**
 * DynamoDB: the periods in which a partition refused requests at its ceiling (key-range throttle events, or the most
 * throttled keys rule's where the metrics lack them), and which key was behind them: by the most accessed keys rule
 * (PKC), the key with the most consumed units in those periods; by the most throttled keys rule (PKT), the key with the
 * most throttled requests.
 */
export interface KeyRangeThrottled {
  readonly periods: number;
  readonly periodSeconds: number;
  /** The most of them in a row, one period after the other: how long the throttling went on. */
  readonly longestRun: number;
  /** The first and the last of those periods, epoch ms. */
  readonly first: number;
  readonly last: number;
  /** Throttle events in those periods, and how they were counted. */
  readonly events: number;
  readonly eventsSource: string;
  /** Read and write key-range throttle events, where the metrics give them. */
  readonly read?: number;
  readonly write?: number;
  readonly accessed?: AccessedInThrottled;
  readonly throttled?: MostThrottledKey;
}

/** The key (a stored key, for a sharded key space) with the most ConsumedThroughputUnits in the throttled periods. */
export interface AccessedInThrottled {
  /** As shown (hashed unless --show-keys). */
  readonly key: string;
  readonly units: number;
  /** Its part of the Sum of those periods (all keys' units). */
  readonly share: number;
  /** Its busiest throttled period: units per second, and when. */
  readonly peakUnitsPerSecond: number;
  readonly peakAt: number;
  /** The throttled periods it was among the contributors of. */
  readonly periods: number;
}

/** The key with the most ThrottleCount in the most throttled keys rule's report. */
export interface MostThrottledKey {
  readonly key: string;
  readonly throttleCount: number;
  /** Its part of the report's ThrottleCount over the window. */
  readonly share: number;
  /** The periods it was throttled in, the first and the last. */
  readonly periods: number;
  readonly first: number;
  readonly last: number;
}

/** The logged key, or first-level value, with the most RU in the throttled minutes. */
export interface ThrottledTop {
  /** As shown (hashed unless --show-keys). */
  readonly key: string;
  readonly firstLevel: boolean;
  readonly requestCharge: number;
  /** Its share of the logged RU of those minutes (of the throttled ranges' rows, where the rows carry the range). */
  readonly share: number;
}

export interface ThrottledMinutes {
  readonly minutes: number;
  readonly throttled: number;
  readonly requests: number;
  /** Whether the RU rows carried PartitionKeyRangeId, so the keys were those of the ranges at 100%. */
  readonly byRange: boolean;
  readonly top?: ThrottledTop;
  /** Whether `top` is known to have filled a throttled range: by its rows' range, or by more RU than a range's even part. */
  readonly filled: boolean;
  /** Whether the busiest period, where the hottest shares were read, held a throttled minute. */
  readonly peakThrottled: boolean;
  /** Whether the hottest key's, and the hottest first-level value's, share was read while its range was throttled: in
   *  a throttled minute of the busiest period, on a range at 100% (where the rows carry it), else as the top key. */
  readonly hotKey: boolean;
  readonly hotPrefix: boolean;
}

/** One partition-key range's NormalizedRUConsumption at a minute, in percent. */
export interface RangeFigure {
  readonly range: string;
  readonly percent: number;
}

/**
 * Why a report given as the most accessed keys rule's (PKC) is the most throttled keys rule's (PKT): its Sum at its
 * busiest minute against the consumed units the metrics give for that minute, and the median ratio over every minute
 * with both. Numbers and a minute, worded by the noAccessedKeys message (command.ts); insight-rule-kind.ts reads it off the report.
 */
export type ThrottledRuleEvidence = {
  /** Its busiest minute, `2026-11-22T20:00Z`. */
  readonly busiestMinute: string;
  /** Its Sum that minute, rounded. */
  readonly reportSum: number;
  /** ConsumedReadCapacityUnits + 3 × ConsumedWriteCapacityUnits of that minute, rounded. */
  readonly consumedUnits: number;
  /** Throttle events the metrics counted that minute, where they hold a throttle series. */
  readonly throttleEvents?: number;
  /** The minutes with both a Sum and consumed units. */
  readonly comparedMinutes: number;
  /** The median of Sum ÷ consumed units over them, to the whole percent the message says. */
  readonly medianRatio: number;
};

export interface Observation {
  readonly figures: ObservedFigures;
  /** First and last timestamp seen, epoch ms; undefined when nothing was measured. */
  readonly window?: { readonly start: number; readonly end: number };
  /** Sources given but empty or partial: said in the report, never passed over. */
  readonly gaps: readonly Gap[];
  /** Files the figures came from, for the report. */
  readonly sources: readonly string[];
  /** DynamoDB: no most accessed keys (PKC) data, so no hottest key's share or distinct keys: `report`, the report
   *  given with no datapoints, or (`throttledRule`) one that is the most throttled keys rule's; absent, none was given. */
  readonly noAccessedKeys?: { readonly report?: string; readonly throttledRule?: ThrottledRuleEvidence };
  /** For a sharded key space: the shard count the listed stored keys show deployed (shard-count.ts). */
  readonly deployedShards?: DeployedShards;
}

export function windowOf(timestamps: Iterable<number>): Observation['window'] {
  let start = Infinity;
  let end = -Infinity;
  for (const t of timestamps) {
    if (t < start) start = t;
    if (t > end) end = t;
  }
  return start <= end ? { start, end } : undefined;
}

export function mergeWindows(a: Observation['window'], b: Observation['window']): Observation['window'] {
  if (!a) return b;
  if (!b) return a;
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The window's length in ms: from its first datapoint to the end of its last period. */
export function windowSpan(window: Observation['window'], periodSeconds: number): number {
  return window ? window.end - window.start + periodSeconds * 1000 : 0;
}

/** `7-day`, `36-hour`, `45-minute`: the window's length as the messages say it. */
export function windowLength(window: Observation['window'], periodSeconds: number): string {
  if (!window) return 'empty';
  const span = windowSpan(window, periodSeconds);
  if (span >= DAY && span % DAY < HOUR) return `${Math.round(span / DAY)}-day`;
  if (span >= HOUR) return `${Math.round(span / HOUR)}-hour`;
  return `${Math.max(1, Math.round(span / 60_000))}-minute`;
}

export function isoMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

/** `7,560,000`, `0.0240`: the raw figures quoted in a derivation. */
export function fmt(n: number): string {
  return Number.isInteger(n) ? grouped(n) : n.toPrecision(3);
}
