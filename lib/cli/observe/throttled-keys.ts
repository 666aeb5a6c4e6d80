/**
 * Cosmos DB: which logged keys filled the partition-key ranges that throttled, and whether the hottest shares were read
 * while their range throttled.
 *
 * A throttled minute: some range at 100% NormalizedRUConsumption ("When the normalized RU consumption reaches 100% for
 * a given partition key range, and a client still makes requests in that time window of 1 second to that specific
 * partition key range, it receives a rate limited error (429)",
 * https://learn.microsoft.com/azure/cosmos-db/monitor-normalized-request-units) and more than the healthy share of its
 * requests answered 429 (Azure: 1–5% is healthy, https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large).
 * A key whose range throttled was served what the range could serve: the RU it logged (CDBPartitionKeyRUConsumption
 * RequestCharge, https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption) are a
 * floor of what it asked for. The rows carry PartitionKeyRangeId ("The physical partition containing the logical partition
 * key") in the table's schema; where an export left it out, the
 * range of a key is unknown and the key with the most RU in those minutes is taken as the one that filled it, when it took
 * more than one range's even part of them.
 */
import { loggedFirstLevel } from '../../index';
import type { RuConsumptionRow } from './azure-reports';
import type { RequestCount, ThrottledMinutes, ThrottledTop } from './figures';

export interface ThrottledKeysInput {
  readonly rows: readonly RuConsumptionRow[];
  /** Each minute's ranges at 100% NormalizedRUConsumption (`undefined` for a series without PartitionKeyRangeId). */
  readonly rangesAtBudget: ReadonlyMap<number, ReadonlySet<string | undefined>>;
  readonly requestsPerMinute: ReadonlyMap<number, RequestCount>;
  /** The share of requests answered 429 above which a minute at 100% throttled (COSMOS_LIMITS.healthyThrottledShare). */
  readonly healthyShare: number;
  readonly periodSeconds: number;
  /** The busiest period (its start, ms) and its hottest key and first-level value, raw. */
  readonly peak: { readonly at: number; readonly key: string; readonly prefix?: string };
  readonly hierarchical: boolean;
  /** The partition-key ranges NormalizedRUConsumption reported. */
  readonly rangeCount: number;
  readonly showKey: (key: string) => string;
}

const MINUTE_MS = 60_000;

export function throttledMinutesOf(input: ThrottledKeysInput): ThrottledMinutes | undefined {
  const { rows, rangesAtBudget, requestsPerMinute, peak } = input;
  const throttledAt = new Map<number, ReadonlySet<string | undefined>>();
  const count = { throttled: 0, requests: 0 };
  for (const [minute, ranges] of rangesAtBudget) {
    const requests = requestsPerMinute.get(minute);
    if (ranges.size === 0 || !requests || requests.requests === 0 || requests.throttled / requests.requests <= input.healthyShare) continue;
    throttledAt.set(minute, ranges);
    count.throttled += requests.throttled;
    count.requests += requests.requests;
  }
  if (throttledAt.size === 0) return undefined;
  const byRange = rows.some((r) => r.partitionKeyRangeId !== undefined);
  const minuteOf = (t: number) => Math.floor(t / MINUTE_MS) * MINUTE_MS;
  // A row counts when its minute throttled and, where the rows name ranges, its range was one at 100%.
  const inThrottled = (row: RuConsumptionRow) => {
    const ranges = throttledAt.get(minuteOf(row.timestamp));
    return ranges !== undefined && (!byRange || ranges.has(row.partitionKeyRangeId));
  };
  const throttledRows = rows.filter(inThrottled);
  const top = topOf(throttledRows, input.hierarchical ? loggedFirstLevel : (key) => key, input.hierarchical, input.showKey);
  const periodEnd = peak.at + input.periodSeconds * 1000;
  const peakRows = throttledRows.filter((r) => r.timestamp >= peak.at && r.timestamp < periodEnd);
  const peakThrottled = [...throttledAt.keys()].some((minute) => minute >= peak.at && minute < periodEnd);
  // Without ranges, only the key (or value) that filled the throttled minutes is known to have been throttled.
  const throttledKey = (matches: (row: RuConsumptionRow) => boolean, isTop: boolean) => peakThrottled && (byRange ? peakRows.some(matches) : isTop);
  // Without ranges, the top key filled a throttled range only if it took more than one range's even part of the RU
  // (of 50 equal keys, the first is no more the filler than the others).
  const topRaw = top && (input.rangeCount <= 1 || top.figure.share > 1 / input.rangeCount) ? top.raw : undefined;
  return {
    minutes: throttledAt.size,
    ...count,
    byRange,
    ...(top ? { top: top.figure } : {}),
    filled: byRange || topRaw !== undefined,
    peakThrottled,
    hotKey: throttledKey((r) => r.partitionKey === peak.key, topRaw === (input.hierarchical ? loggedFirstLevel(peak.key) : peak.key)),
    hotPrefix: peak.prefix !== undefined && throttledKey((r) => loggedFirstLevel(r.partitionKey) === peak.prefix, input.hierarchical && topRaw === peak.prefix),
  };
}

/** The key (or first-level value) with the most RequestCharge in `rows`. */
function topOf(
  rows: readonly RuConsumptionRow[],
  group: (key: string) => string,
  firstLevel: boolean,
  showKey: (key: string) => string,
): { raw: string; figure: ThrottledTop } | undefined {
  const charge = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const key = group(row.partitionKey);
    charge.set(key, (charge.get(key) ?? 0) + row.requestCharge);
    total += row.requestCharge;
  }
  if (total <= 0) return undefined;
  const [raw, requestCharge] = [...charge].reduce((best, e) => (e[1] > best[1] ? e : best));
  return { raw, figure: { key: showKey(raw), firstLevel, requestCharge, share: requestCharge / total } };
}
