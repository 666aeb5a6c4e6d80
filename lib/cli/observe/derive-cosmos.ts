/**
 * Cosmos DB figures from a container's Log Analytics rows and metrics.
 * - Peaks and the hottest key's share: CDBPartitionKeyRUConsumption RequestCharge summed per
 *   period (writes: Create, Upsert, Replace, Delete, Patch, Batch, Execute…; reads: the rest) ÷ the
 *   period's seconds, the highest period. Cosmos DB logs only the top logical keys of each physical
 *   partition, so the peaks are lower bounds and the share (hottest key ÷ the logged total) an estimate.
 *   https://learn.microsoft.com/azure/cosmos-db/monitor-resource-logs
 *   RequestCharge is RU, one unit for reads and writes: the share needs no weighting (DynamoDB's does). The table
 *   logs "RU consumption for logical partition keys in each region"
 *   (https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption): a key above the
 *   10,000 RU/s a logical partition serves ("Partitioning and horizontal scaling") is a data problem (several regions' rows
 *   summed, duplicate rows, or a periodSeconds shorter than the rows' period): a gap, and no figure is read from the rows.
 * - Largest logical partition: the largest SizeKb in CDBPartitionKeyStatistics (KB ÷ 1,048,576 = GB).
 *   The statistics are sampled and keys under about 1 GB may be absent: with no row for the
 *   container, the largest partition is taken to be under 1 GB (an upper bound).
 * - NormalizedRUConsumption: the highest Maximum of any partition-key range, in percent.
 * - TotalRequests (Count per minute by StatusCode): the 429s of all requests, over the window and over the
 *   minutes some, or every, range stood at 100% NormalizedRUConsumption.
 * A sharded key is logged per stored key: the share is scaled, and the distinct keys divided, by the
 * shard count the logged keys show deployed (shard-count.ts), not the design's.
 */
import { loggedFirstLevel } from '../../index';
import { COSMOS_LIMITS } from '../../internal';
import { readKeyStatistics, readNormalizedRu, readRuConsumption, readTotalRequests, type RuConsumptionRow, type TotalRequestsSeries } from './azure-reports';
import type { DeriveContext } from './derive-dynamodb';
import {
  mergeWindows,
  windowOf,
  fmt,
  type Figure,
  type KeyOperations,
  type Observation,
  type ObservedFigures,
  type RangeFigure,
  type RequestCount,
  type RequestsFigure,
} from './figures';
import type { Gap } from './gaps';
import type { ContainerObservationFiles } from './manifest';
import { deployedShards, distinctDivisor, shardScale, type DeployedShards } from './shard-count';
import { throttledMinutesOf, type ThrottledKeysInput } from './throttled-keys';

/** The busiest period of the RU rows (its start, ms) and its hottest key and first-level value, raw (throttled-keys.ts). */
type BusiestPeriod = ThrottledKeysInput['peak'];

const WRITE_OPERATIONS = /^(create|upsert|replace|delete|patch|batch|execute)/i;
const KB_PER_GB = 1024 * 1024;

/** The rows of this container (a query may return other containers' rows too). */
export function inContainer(files: ContainerObservationFiles) {
  return (row: { collection: string; database: string }) =>
    row.collection === files.container && (files.database === undefined || row.database === files.database);
}

/**
 * The most of a key's logged RU over the window the other direction may take for its operations to count as one way.
 * The lint reads `hotKeyOperations: "reads"` as a key whose writes it leaves out of the partition's load (and "writes",
 * its reads): at 5% or less, leaving them out understates the key's load by at most that, well inside the 20% headroom
 * the lint keeps under a partition's ceiling. Else one Upsert, 2% of a read-hot key's RU, makes it "both", and
 * its fix loses the integrated cache.
 */
export const ONE_WAY_SHARE = 0.05;

/**
 * Which operations the rows of one key logged over the window: reads, writes, or both (a bot that
 * only reads must not be told to batch its writes). `ofKey` picks the rows: one PartitionKey's, or every PartitionKey under one first-level value.
 */
function operationsOf(rows: readonly RuConsumptionRow[], ofKey: (row: RuConsumptionRow) => boolean): KeyOperations {
  let reads = 0;
  let writes = 0;
  for (const row of rows)
    if (ofKey(row) && row.requestCharge > 0) {
      if (WRITE_OPERATIONS.test(row.operation)) writes += row.requestCharge;
      else reads += row.requestCharge;
    }
  const total = reads + writes;
  if (writes <= total * ONE_WAY_SHARE) return 'reads';
  return reads <= total * ONE_WAY_SHARE ? 'writes' : 'both';
}

/**
 * The busiest key of any period whose logged RU/s pass what one logical partition is served (10,000 RU/s in any second,
 * so in any period's average too: each stored key is one logical partition). No period can show it: the rows are not one
 * region's charge of that key in that period, and every figure read from them is wrong, so none is.
 */
function keyAboveLogicalCeiling(
  periods: ReadonlyMap<number, { readonly keys: ReadonlyMap<string, number> }>,
  period: number,
): { key: string; unitsPerSecond: number; at: number } | undefined {
  let worst: { key: string; unitsPerSecond: number; at: number } | undefined;
  for (const [at, { keys }] of periods)
    for (const [key, charge] of keys) {
      const unitsPerSecond = charge / period;
      if (unitsPerSecond > COSMOS_LIMITS.logicalPartitionRequestUnits && (!worst || unitsPerSecond > worst.unitsPerSecond)) worst = { key, unitsPerSecond, at };
    }
  return worst;
}

function fromRuConsumption(
  rows: readonly RuConsumptionRow[],
  file: string,
  context: DeriveContext,
  gaps: Gap[],
): ObservedFigures & { deployedShards?: DeployedShards; peak?: BusiestPeriod } {
  const { periodSeconds: period, showKey } = context;
  if (rows.length === 0) {
    gaps.push({ gap: 'noRuRows', file });
    return {};
  }
  const bucket = (t: number) => Math.floor(t / (period * 1000)) * period * 1000;
  const periods = new Map<number, { read: number; write: number; keys: Map<string, number> }>();
  for (const row of rows) {
    const at = bucket(row.timestamp);
    let p = periods.get(at);
    if (!p) periods.set(at, (p = { read: 0, write: 0, keys: new Map() }));
    if (WRITE_OPERATIONS.test(row.operation)) p.write += row.requestCharge;
    else p.read += row.requestCharge;
    p.keys.set(row.partitionKey, (p.keys.get(row.partitionKey) ?? 0) + row.requestCharge);
  }
  const all = [...periods.entries()];
  const peakOf = (dimension: 'read' | 'write'): Figure | undefined => {
    const [at, top] = all.reduce((best, e) => (e[1][dimension] > best[1][dimension] ? e : best));
    if (top[dimension] === 0) return undefined;
    return {
      value: top[dimension] / period,
      bound: 'lower',
      derivation: `CDBPartitionKeyRUConsumption RequestCharge of ${dimension}s summed per ${period} s ÷ ${period}, the highest of ${all.length} periods (${fmt(top[dimension])} RU at ${new Date(at).toISOString()})`,
      limits: 'Cosmos DB logs only the top keys of each physical partition: the container served at least this',
      averagedOverSeconds: period,
    };
  };
  const [peakAt, peak] = all.reduce((best, e) => (e[1].read + e[1].write > best[1].read + best[1].write ? e : best));
  const [hotKey, hotCharge] = [...peak.keys.entries()].reduce((best, e) => (e[1] > best[1] ? e : best));
  const impossible = keyAboveLogicalCeiling(periods, period);
  if (impossible) {
    gaps.push({
      gap: 'keyAboveLogicalCeiling',
      file,
      key: showKey(impossible.key),
      unitsPerSecond: fmt(impossible.unitsPerSecond),
      at: new Date(impossible.at).toISOString(),
      ceiling: fmt(COSMOS_LIMITS.logicalPartitionRequestUnits),
    });
    return {};
  }
  const total = peak.read + peak.write;
  const stored = total > 0 ? hotCharge / total : 0;
  const figures: { -readonly [K in keyof ObservedFigures]: ObservedFigures[K] } & { deployedShards?: DeployedShards; peak?: BusiestPeriod } = {
    peak: { at: peakAt, key: hotKey },
  };
  if (context.shards > 1) {
    const charge = new Map<string, number>();
    for (const row of rows) charge.set(row.partitionKey, (charge.get(row.partitionKey) ?? 0) + row.requestCharge);
    // The rows are the top keys of each physical partition, never every key: `complete` is false.
    figures.deployedShards = deployedShards(
      [...charge].map(([key, weight]) => ({ key, weight })),
      hotKey,
      context.separator,
      false,
      showKey,
    );
  }
  const scale = shardScale(figures.deployedShards, context.shards);
  if (total > 0)
    figures.peakTotalUnits = {
      value: total / period,
      bound: 'lower',
      derivation: `CDBPartitionKeyRUConsumption RequestCharge of reads and writes summed per ${period} s ÷ ${period}, the busiest of ${all.length} periods (${fmt(total)} RU at ${new Date(peakAt).toISOString()})`,
      limits: 'Cosmos DB logs only the top keys of each physical partition: the container served at least this',
      averagedOverSeconds: period,
    };
  const reads = peakOf('read');
  const writes = peakOf('write');
  if (reads) figures.peakReadUnits = reads;
  if (writes) figures.peakWriteUnits = writes;
  if (total > 0)
    figures.hotKeyShare = {
      value: Math.min(1, stored * scale.shards),
      // The logged total misses unlogged keys: the share is an estimate even when the count is known.
      bound: scale.bound === 'lower' ? 'lower' : 'estimate',
      derivation: `the hottest PartitionKey's RequestCharge ÷ all logged RequestCharge at the busiest ${period} s (${fmt(hotCharge)} of ${fmt(total)} RU at ${new Date(peakAt).toISOString()})${scale.text}`,
      limits: 'the total counts only the logged top keys, so the share is an estimate (high when many small keys go unlogged)',
      averagedOverSeconds: period,
      key: showKey(hotKey),
      load: {
        unitsPerSecond: (hotCharge / period) * scale.shards,
        derivation: `${fmt(hotCharge)} RU logged ÷ ${period} s${scale.shards > 1 ? ` × ${scale.shards} shards` : ''}`,
      },
      operations: operationsOf(rows, (row) => row.partitionKey === hotKey),
    };
  // A hierarchical key's first level (one tenant) at the same busiest period: its share is what the
  // design declares at paths[0].hotKeyShare. Not for a sharded key, whose first level may carry the
  // shard suffix (its share would need the deployed count per prefix, which the rows cannot show).
  if (total > 0 && (context.levels ?? 1) > 1 && context.shards === 1) {
    const byPrefix = new Map<string, number>();
    for (const [key, charge] of peak.keys) byPrefix.set(loggedFirstLevel(key), (byPrefix.get(loggedFirstLevel(key)) ?? 0) + charge);
    const [prefix, prefixCharge] = [...byPrefix.entries()].reduce((best, e) => (e[1] > best[1] ? e : best));
    figures.peak = { at: peakAt, key: hotKey, prefix };
    figures.prefixHotKeyShare = {
      value: Math.min(1, prefixCharge / total),
      bound: 'estimate',
      derivation: `the hottest first-level value's RequestCharge (its PartitionKeys summed, as the hotPrefix alert groups them) ÷ all logged RequestCharge at the busiest ${period} s (${fmt(prefixCharge)} of ${fmt(total)} RU at ${new Date(peakAt).toISOString()})`,
      limits: 'the total counts only the logged top keys, so the share is an estimate',
      averagedOverSeconds: period,
      key: showKey(prefix),
      load: { unitsPerSecond: prefixCharge / period, derivation: `${fmt(prefixCharge)} RU logged ÷ ${period} s` },
      // The lint reads this share with workload.hotKeyOperations too (firstLevelLoads), so its direction counts.
      operations: operationsOf(rows, (row) => loggedFirstLevel(row.partitionKey) === prefix),
    };
  }
  const distinct = new Set(rows.map((r) => r.partitionKey)).size;
  const divisor = distinctDivisor(figures.deployedShards, context.shards);
  if (divisor !== undefined)
    figures.distinctKeys = {
      value: divisor > 1 ? Math.ceil(distinct / divisor) : distinct,
      bound: 'lower',
      derivation: `distinct PartitionKey values in CDBPartitionKeyRUConsumption over the window${divisor > 1 ? ` ÷ ${divisor} shards deployed` : ''}`,
      limits: 'only the logged top keys of each physical partition count',
    };
  return figures;
}

/** How many of the hottest ranges the text names; the JSON report's note data keeps every range. */
const NAMED_RANGES = 5;

/**
 * "at that minute the 80 ranges stood at median 62%, lowest 62%; 1 at 100%; the hottest: range 17 100%, range 3 70%,
 * … and 75 more": the few hottest by id and figure, not every range (80 of them would fill one line).
 */
function spreadText(ranges: readonly RangeFigure[]): string {
  const values = ranges.map((r) => r.percent);
  const atBudget = values.filter((v) => v >= 100).length;
  const hottest = [...ranges].sort((a, b) => b.percent - a.percent || a.range.localeCompare(b.range, 'en', { numeric: true }));
  const named = hottest.slice(0, NAMED_RANGES).map((r) => `range ${r.range} ${fmt(r.percent)}%`);
  const more = hottest.length - named.length;
  return `at that minute the ${ranges.length} ranges stood at median ${fmt(median(values))}%, lowest ${fmt(Math.min(...values))}%; ${fmt(atBudget)} at 100%; the hottest: ${named.join(', ')}${more > 0 ? ` and ${fmt(more)} more` : ''}`;
}

interface RangePoint {
  readonly timestamp: number;
  readonly value: number;
  readonly range?: string;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each minute's NormalizedRUConsumption of every range reporting, in percent. */
function rangesByMinute(points: readonly RangePoint[]): Map<number, number[]> {
  const byMinute = new Map<number, number[]>();
  for (const p of points) byMinute.set(p.timestamp, [...(byMinute.get(p.timestamp) ?? []), p.value]);
  return byMinute;
}

const percentOf = (count: RequestCount) => (count.requests > 0 ? `${fmt((count.throttled / count.requests) * 100)}%` : 'no requests');

/** Each minute's requests and 429s of all status codes. */
function requestsPerMinute(series: readonly TotalRequestsSeries[]): Map<number, { throttled: number; requests: number }> {
  const perMinute = new Map<number, { throttled: number; requests: number }>();
  for (const s of series)
    for (const p of s.points) {
      const minute = perMinute.get(p.timestamp) ?? { throttled: 0, requests: 0 };
      minute.requests += p.value;
      if (s.statusCode === '429') minute.throttled += p.value;
      perMinute.set(p.timestamp, minute);
    }
  return perMinute;
}

/** Each minute's partition-key ranges at 100% NormalizedRUConsumption (`undefined` for a series without the dimension). */
function rangesAtBudgetByMinute(points: readonly RangePoint[]): Map<number, Set<string | undefined>> {
  const byMinute = new Map<number, Set<string | undefined>>();
  for (const p of points) {
    const ranges = byMinute.get(p.timestamp) ?? new Set<string | undefined>();
    if (p.value >= 100) ranges.add(p.range);
    byMinute.set(p.timestamp, ranges);
  }
  return byMinute;
}

/**
 * The 429s (TotalRequests, Count per minute, StatusCode 429) of all requests: over the window, and over the
 * minutes in which some, or every, partition-key range stood at 100% NormalizedRUConsumption. A request is
 * rate-limited only in a second its range is at its budget, so those minutes hold the 429s and are their
 * denominator (a week of quiet minutes would dilute a busy hour's share below anything).
 * https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large
 */
function fromTotalRequests(
  series: readonly TotalRequestsSeries[],
  file: string,
  ranges: ReadonlyMap<number, readonly number[]> | undefined,
  gaps: Gap[],
): RequestsFigure | undefined {
  if (series.length > 0 && series.every((s) => s.statusCode === undefined)) {
    gaps.push({ gap: 'requestsNotByStatus', file });
    return undefined;
  }
  const perMinute = requestsPerMinute(series);
  if (perMinute.size === 0) {
    gaps.push({ gap: 'noRequests', file });
    return undefined;
  }
  const over = (keep: (utilization: readonly number[]) => boolean) => {
    const count = { throttled: 0, requests: 0, minutes: 0 };
    for (const [minute, c] of perMinute) {
      const utilization = ranges?.get(minute);
      if (!utilization || !keep(utilization)) continue;
      count.throttled += c.throttled;
      count.requests += c.requests;
      count.minutes += 1;
    }
    return count;
  };
  const all = { throttled: 0, requests: 0 };
  for (const c of perMinute.values()) {
    all.throttled += c.throttled;
    all.requests += c.requests;
  }
  const some = ranges && over((u) => Math.max(...u) >= 100);
  const every = ranges && over((u) => Math.min(...u) >= 100);
  return {
    value: all.throttled,
    ...all,
    bound: 'measured',
    derivation: `TotalRequests Count by StatusCode over the window: ${fmt(all.throttled)} of ${fmt(all.requests)} requests answered 429 (${percentOf(all)})${
      some
        ? `; in the ${fmt(some.minutes)} minutes with some partition-key range at 100% NormalizedRUConsumption, ${fmt(some.throttled)} of ${fmt(some.requests)} (${percentOf(some)})`
        : ''
    }${every && every.minutes > 0 ? `; in the ${fmt(every.minutes)} with every range at 100%, ${fmt(every.throttled)} of ${fmt(every.requests)} (${percentOf(every)})` : ''}`,
    limits: 'the SDKs retry a 429 (up to 9 times by default), so the application saw fewer failures than this counts',
    ...(some ? { whenSomeRangeAtBudget: some } : {}),
    ...(every ? { whenEveryRangeAtBudget: every } : {}),
  };
}

/**
 * The busiest partition-key range, and how the others stood at that minute: one range at 100% beside
 * three at 55% is one hot physical partition (skew), four at 100% a container short of RU/s, and the
 * highest alone cannot tell them apart. The distinct ranges of the export's last minute count the
 * physical partitions: Azure Monitor splits NormalizedRUConsumption by PartitionKeyRangeId, one range per
 * physical partition (https://learn.microsoft.com/azure/cosmos-db/monitor-normalized-request-units), which
 * is how `physicalPartitions` is documented to be counted (lib/design/input.ts). The last minute, not the
 * window: a range split during it retires its parent range and adds two.
 */
function fromNormalizedRu(points: readonly RangePoint[]): Pick<ObservedFigures, 'normalizedRuPercent' | 'partitionKeyRanges'> {
  const top = points.reduce((best, p) => (p.value > best.value ? p : best));
  const atTop = points.filter((p) => p.timestamp === top.timestamp && p.range !== undefined);
  const atTopRanges = atTop.map((p) => ({ range: p.range as string, percent: p.value }));
  const spread = atTop.length > 1 ? `; ${spreadText(atTopRanges)}` : '';
  const byMinute = rangesByMinute(points);
  // 100% is one second at the budget (a normal burst); every range at it, minute after minute, is not.
  const minutesAllAtBudget = [...byMinute.values()].filter((values) => Math.min(...values) >= 100).length;
  const figures: Pick<ObservedFigures, 'normalizedRuPercent' | 'partitionKeyRanges'> & { partitionKeyRanges?: Figure } = {
    normalizedRuPercent: {
      value: top.value,
      minutes: byMinute.size,
      minutesAllAtBudget,
      bound: 'measured',
      derivation: `NormalizedRUConsumption Maximum, the highest of ${fmt(points.length)} datapoints (range ${top.range ?? 'all'} at ${new Date(top.timestamp).toISOString()})${spread}`,
      limits: '100% is one second of one partition-key range at its budget; no per-container data on shared database throughput',
      ...(top.range === undefined ? {} : { range: top.range }),
      ...(atTop.length > 1 ? { medianPercent: median(atTop.map((p) => p.value)), ranges: atTopRanges } : {}),
    },
  };
  const last = Math.max(...points.map((p) => p.timestamp));
  const ranges = new Set(points.filter((p) => p.timestamp === last && p.range !== undefined).map((p) => p.range));
  if (ranges.size > 0)
    figures.partitionKeyRanges = {
      value: ranges.size,
      bound: 'lower',
      derivation: `distinct PartitionKeyRangeIds of NormalizedRUConsumption at its last minute (${new Date(last).toISOString()}), one per physical partition`,
      limits: 'a range with no datapoint that minute is not counted',
    };
  return figures;
}

export function deriveContainer(files: ContainerObservationFiles, context: DeriveContext): Observation {
  const gaps: Gap[] = [];
  const sources: string[] = [];
  const figures: { -readonly [K in keyof ObservedFigures]: ObservedFigures[K] } = {};
  let deployed: DeployedShards | undefined;
  let window: Observation['window'];
  let ranges: Map<number, number[]> | undefined;
  let atBudget: Map<number, Set<string | undefined>> | undefined;
  let ruRows: RuConsumptionRow[] = [];
  let peak: BusiestPeriod | undefined;
  const mine = inContainer(files);
  if (files.ruConsumption) {
    sources.push(files.ruConsumption.name);
    const rows = readRuConsumption(files.ruConsumption.name, files.ruConsumption.value).filter(mine);
    const { deployedShards: shown, peak: busiest, ...logged } = fromRuConsumption(rows, files.ruConsumption.name, context, gaps);
    Object.assign(figures, logged);
    deployed = shown;
    peak = busiest;
    ruRows = rows;
    window = mergeWindows(window, windowOf(rows.map((r) => r.timestamp)));
  }
  if (files.partitionKeyStatistics) {
    sources.push(files.partitionKeyStatistics.name);
    const rows = readKeyStatistics(files.partitionKeyStatistics.name, files.partitionKeyStatistics.value).filter(mine);
    window = mergeWindows(window, windowOf(rows.map((r) => r.timestamp)));
    if (rows.length === 0) {
      figures.largestPartitionGb = {
        value: 1,
        bound: 'upper',
        derivation: 'no CDBPartitionKeyStatistics row for this container',
        limits: 'the statistics are sampled and list keys above about 1 GB: none was listed',
      };
    } else {
      const top = rows.reduce((best, r) => (r.sizeKb > best.sizeKb ? r : best));
      figures.largestPartitionGb = {
        value: top.sizeKb / KB_PER_GB,
        bound: 'measured',
        derivation: `the largest SizeKb in CDBPartitionKeyStatistics ÷ 1,048,576 (${fmt(top.sizeKb)} KB, key ${context.showKey(top.partitionKey)}, ${new Date(top.timestamp).toISOString()})`,
        limits: 'sampled statistics: approximate',
      };
    }
  }
  if (files.normalizedRu) {
    sources.push(files.normalizedRu.name);
    const series = readNormalizedRu(files.normalizedRu.name, files.normalizedRu.value).filter(
      (s) => s.collection === undefined || s.collection === files.container,
    );
    const points = series.flatMap((s) => s.points.map((p) => ({ ...p, range: s.partitionKeyRangeId })));
    window = mergeWindows(window, windowOf(points.map((p) => p.timestamp)));
    if (points.length === 0) gaps.push({ gap: 'noNormalizedRu', file: files.normalizedRu.name });
    else Object.assign(figures, fromNormalizedRu(points));
    if (points.length > 0) ranges = rangesByMinute(points);
    if (points.length > 0) atBudget = rangesAtBudgetByMinute(points);
  }
  if (files.totalRequests) {
    sources.push(files.totalRequests.name);
    const series = readTotalRequests(files.totalRequests.name, files.totalRequests.value).filter(
      (s) => s.collection === undefined || s.collection === files.container,
    );
    window = mergeWindows(window, windowOf(series.flatMap((s) => s.points.map((p) => p.timestamp))));
    const throttled = fromTotalRequests(series, files.totalRequests.name, ranges, gaps);
    if (throttled) figures.throttledRequests = throttled;
    const minutes =
      throttled && atBudget && peak
        ? throttledMinutesOf({
            rows: ruRows,
            rangesAtBudget: atBudget,
            requestsPerMinute: requestsPerMinute(series),
            healthyShare: COSMOS_LIMITS.healthyThrottledShare,
            periodSeconds: context.periodSeconds,
            peak,
            hierarchical: peak.prefix !== undefined,
            rangeCount: figures.partitionKeyRanges?.value ?? 1,
            showKey: context.showKey,
          })
        : undefined;
    if (minutes) figures.throttledMinutes = minutes;
  }
  return { figures, window, gaps, sources, ...(deployed ? { deployedShards: deployed } : {}) };
}
