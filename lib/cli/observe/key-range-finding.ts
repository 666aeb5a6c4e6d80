/**
 * DynamoDB key-range throttles that went on (in SUSTAINED_PERIODS periods in a row or more): an error, naming the key
 * behind them where the exports show one (key-range-throttled.ts), and saying so where they do not. Never a pass: a
 * partition that refused requests for minutes refused a tenant's requests, whichever minute of the day it was
 * (else 2.3 million write key-range throttle events at 03:00 pass with a warning, exit 0, since the hottest
 * key's share is read at the afternoon peak).
 *
 * A key is over what its partition serves when its busiest throttled period's ConsumedThroughputUnits per second reach
 * the design's headroom (the usable part SG003 keeps, 80% by default) of 3,000: one partition serves 3,000 RCU or
 * 1,000 WCU, and ConsumedThroughputUnits count a WCU as 3, so 3,000 units/s is a partition's ceiling in either
 * direction ("the per-item maximum throughput of 1,000 write request units or 3,000 read request units",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html;
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html). A minute's average
 * under the ceiling still throttles when its seconds are uneven, and a throttled key consumed what it was served: a floor
 * of its demand. What an on-call does first is the key's, not the table's: more capacity does not raise a partition's
 * limit ("Key range throughput exceeded", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html).
 */
import { type Finding } from '../../index';
import { DYNAMODB_LIMITS } from '../../internal';
import { finding, keySpaceBase, show, showPercent, type KeySpaceTarget } from './drift';
import { isoMinute, type KeyRangeThrottled, type Observation } from './figures';

/** Periods in a row with key-range throttle events from which the throttling is sustained: five, five minutes with 60 s
 *  exports, longer than the five minutes (300 seconds) of unused capacity DynamoDB retains for bursts
 *  (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/burst-adaptive-capacity.html). In a row: a busy
 *  minute a day throttled is a daily burst, which the throttles' warning reports. Periods, not their seconds: an hourly
 *  period with events may hold one throttled second. Our judgement, as Cosmos DB's SATURATED_MINUTES. */
export const SUSTAINED_PERIODS = 5;

/** A partition's ceiling in ConsumedThroughputUnits per second, either direction: 3,000 RCU, or 1,000 WCU counted 3 each. */
export const PARTITION_UNITS = Math.min(DYNAMODB_LIMITS.partitionReadUnits, 3 * DYNAMODB_LIMITS.partitionWriteUnits);

function runbook(key: string): string {
  return `first, rate-limit or pause the requests for ${key} in the application (the tenant's traffic) so that its partition stops refusing the keys that share it; then spread it: write-shard a write-hot key (declare its share, workload.hotKeyShare, from its demand, and SG003 sizes the shards) or cache or copy a read-hot one. A table's capacity does not lift it: key-range throttling "occurs regardless of your table's total provisioned capacity", and one key value stays on one partition`;
}

/** `2,303,089 write key-range throttle events in 90 periods of 60 s, 2026-12-03T03:00Z to 04:29Z`. */
function throttledText(t: KeyRangeThrottled): string {
  const kinds =
    t.read === undefined || t.write === undefined
      ? `${show(t.events)} throttled requests (${t.eventsSource})`
      : [t.read > 0 ? `${show(t.read)} read` : '', t.write > 0 ? `${show(t.write)} write` : ''].filter(Boolean).join(' and ') + ' key-range throttle events';
  return `${kinds} in ${show(t.periods)} periods of ${t.periodSeconds} s, from ${isoMinute(t.first)} to ${isoMinute(t.last)}`;
}

/** `2,607 units/s: 869 WCU/s of a partition's 1,000 if all writes, 2,607 RCU/s of its 3,000 if all reads`. */
function loadText(t: KeyRangeThrottled, unitsPerSecond: number): string {
  const writes = `${show(unitsPerSecond / 3)} WCU/s of a partition's ${show(DYNAMODB_LIMITS.partitionWriteUnits)} if all writes`;
  const reads = `${show(unitsPerSecond)} RCU/s of its ${show(DYNAMODB_LIMITS.partitionReadUnits)} if all reads`;
  const only = t.read === 0 ? ' (the throttles were all writes)' : t.write === 0 ? ' (the throttles were all reads)' : '';
  return `${show(unitsPerSecond)} units/s: ${writes}, ${reads}${only}`;
}

/** Where the share observe compares was read, when that is not where the throttles were. */
function shareElsewhere(observation: Observation, key: string): string {
  const share = observation.figures.hotKeyShare;
  const at = share?.load?.at;
  if (!share || at === undefined || share.key === key) return '';
  return `. The hottest key's share observe compares with the design is read at the busiest period, ${isoMinute(at)}${share.key ? ` (key ${share.key})` : ''}, which these periods are not: it does not show this key`;
}

export function keyRangeThrottleFinding(target: KeySpaceTarget, observation: Observation, window: string): Finding | undefined {
  const t = observation.figures.keyRangeThrottled;
  if (target.engine !== 'dynamodb' || !t || t.longestRun < SUSTAINED_PERIODS) return undefined;
  const path = keySpaceBase(target) || target.keySpace.partitionKeyPath;
  const usable = target.design.thresholds.headroom * PARTITION_UNITS;
  const sustained = `${throttledText(t)}, of the ${window} window: a partition refused requests at its ceiling in ${show(t.longestRun)} periods in a row, longer than a burst`;
  const data = {
    periods: t.periods,
    longestRun: t.longestRun,
    events: t.events,
    first: new Date(t.first).toISOString(),
    last: new Date(t.last).toISOString(),
    window,
  };
  const { accessed, throttled } = t;
  const counted = throttled ? `${show(throttled.throttleCount)} throttled requests (${showPercent(throttled.share)} of its count)` : '';
  const named = !throttled
    ? ''
    : !accessed || throttled.key === accessed.key
      ? `; the most throttled keys rule (PKT) names it too, ${counted}`
      : `; the most throttled keys rule (PKT) names another key, ${throttled.key}, ${counted}`;
  if (accessed && accessed.peakUnitsPerSecond >= usable) {
    const message = `${sustained}. The key behind them is ${accessed.key}: it took ${showPercent(accessed.share)} of the consumed units of those periods (${show(accessed.units)} ConsumedThroughputUnits, the most accessed keys rule), and at its busiest of them, ${isoMinute(accessed.peakAt)}, it consumed ${loadText(t, accessed.peakUnitsPerSecond)}: at or over the usable ${showPercent(target.design.thresholds.headroom)} of one partition's ceiling in one direction (${show(usable)} of ${show(PARTITION_UNITS)} units/s)${named}. It was refused the rest, so what it consumed is a floor of its demand${shareElsewhere(observation, accessed.key)}`;
    return finding(target, 'throttledKey', 'error', path, message, runbook(accessed.key), {
      ...data,
      key: accessed.key,
      unitsPerSecond: accessed.peakUnitsPerSecond,
      share: accessed.share,
      usable,
    });
  }
  if (throttled && !accessed) {
    const message = `${sustained}. The most throttled keys rule (PKT) names ${throttled.key}: ${show(throttled.throttleCount)} throttled requests, ${showPercent(throttled.share)} of its count, in ${show(throttled.periods)} periods from ${isoMinute(throttled.first)} to ${isoMinute(throttled.last)}. ThrottleCount counts refused requests, not units: how much it asked of its partition needs the most accessed keys rule's (PKC) export of those minutes`;
    return finding(target, 'throttledKey', 'error', path, message, runbook(throttled.key), {
      ...data,
      key: throttled.key,
      throttleCount: throttled.throttleCount,
    });
  }
  const why = accessed
    ? `the key with the most consumed units in them, ${accessed.key}, took ${showPercent(accessed.share)} of them, and at its busiest of them, ${isoMinute(accessed.peakAt)}, ${loadText(t, accessed.peakUnitsPerSecond)}, under the usable ${show(usable)} of one partition's ${show(PARTITION_UNITS)} units/s in one direction: the keys that share its partition together, or bursts inside a period, filled it${named}`
    : 'no Contributor Insights report of those periods names a key';
  return finding(
    target,
    'throttledUnexplained',
    'error',
    path,
    `${sustained}, and no finding explains them: ${why}`,
    'find the throttled keys of those minutes in the most throttled keys graph (PKT: export it as "throttledKeys", and the most accessed keys rule, PKC, as "contributorInsights", over the same minutes); for one key, rate-limit or pause its requests, then write-shard it or cache its reads; for several on one partition, spread the key design. A table\'s capacity does not lift a partition\'s limit',
    { ...data, ...(accessed ? { key: accessed.key, unitsPerSecond: accessed.peakUnitsPerSecond } : {}) },
  );
}
