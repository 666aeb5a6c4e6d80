/**
 * The meaning of the log-search queries a GuardedContainer creates (lib/engines/cosmos-alert-queries.ts),
 * so that `replayProgram` can replay its own alerts without a hand-written registry. The replay does
 * not interpret KQL: each meaning below is the query read line by line, in TypeScript, and a query is
 * recognised only by regenerating its exact text for a container. A query that differs in one
 * character (another skewguard version, an edited rule) has no meaning here, and the replay refuses
 * its rule rather than guess. test/replay/skewguard-queries.test.ts pins the text each meaning was
 * written for against what GuardedContainer emits, so changing either fails that test.
 */
import { loggedFirstLevel, shapes } from '../../../index';
import {
  hotKeyQuery,
  hotPrefixQuery,
  HOT_MINUTES,
  INGESTION_LAG_MINUTES,
  largestPartitionQuery,
  SUSTAINED_INTERVALS,
  SUSTAINED_MINUTES,
  THROTTLE_LONG_WINDOW_MINUTES,
  THROTTLED_PER_INTERVAL,
  THROTTLE_EPISODE_MINUTES,
  throttleRateQuery,
  throttledHotValueQuery,
  type ValueLines,
} from '../../../internal';
import type { LogRow } from '../telemetry';
import { argumentError } from '../usage';
import { minuteFoldOf, type QueryRegistry, type QuerySemantics, type ResultRow, type RowsOf } from './log-alert';

/** REQUEST_COUNT's reading: a row's `RequestCount`, or its `SampleCount` where it has none. */
function requestCount(columns: Record<string, unknown>): number {
  return Math.trunc(Number(columns.RequestCount ?? columns.SampleCount));
}

/** A container whose GuardedContainer alerts are replayed: the names its queries filter on. */
export interface SkewguardQueryContainer {
  /** The SQL database's name (the container's `databaseName` input). */
  readonly databaseName: string;
  /** The container's name (its `containerName` input, as CDBPartitionKeyRUConsumption logs it in CollectionName). */
  readonly containerName: string;
}

/** `| where DatabaseName == db and CollectionName == container`, and a TimeGenerated span. The rows are
 *  read in place (no copy per row): a replay runs these queries some 20,000 times over thousands of rows. */
const rowsOfContainer = (rows: readonly LogRow[], db: string, container: string, from = -Infinity, to = Infinity): LogRow[] =>
  rows.filter((r) => r.columns.DatabaseName === db && r.columns.CollectionName === container && r.timeGenerated >= from && r.timeGenerated < to);
/** `rowsOfContainer` of the rows `rowsOf` gives for the span alone: a 5-minute span of a 2-hour window reads 5 minutes. */
const spanOfContainer = (rowsOf: RowsOf, table: string, db: string, container: string, from: number, to: number): LogRow[] =>
  rowsOfContainer(rowsOf(table, from, to), db, container, from, to);
const isNotEmpty = (value: unknown) => value !== undefined && value !== null && String(value) !== '';
/** `loggedFirstLevel` for one check: a key is logged once a minute, so a span parses each key once, not once a row. */
function firstLevels(): (partitionKey: string) => string {
  const known = new Map<string, string>();
  return (partitionKey) => {
    let first = known.get(partitionKey);
    if (first === undefined) {
      first = loggedFirstLevel(partitionKey);
      known.set(partitionKey, first);
    }
    return first;
  };
}
const binned = (minute: number, size: number) => Math.floor(minute / size) * size;

/** largestPartitionQuery: max SizeKb per non-empty key, in GB, every key (the alert splits them by PartitionKey). */
function largestPartition(db: string, container: string): QuerySemantics {
  return (rowsOf) => {
    const size = new Map<string, number>();
    for (const { columns: c } of rowsOfContainer(rowsOf('CDBPartitionKeyStatistics'), db, container)) {
      if (isNotEmpty(c.PartitionKey)) size.set(String(c.PartitionKey), Math.max(size.get(String(c.PartitionKey)) ?? 0, Number(c.SizeKb)));
    }
    const all = [...size].map(([PartitionKey, kb]): ResultRow => ({ PartitionKey, SizeKb: kb, SizeGb: kb / 1_048_576 }));
    return all.sort((a, b) => Number(b.SizeGb) - Number(a.SizeGb));
  };
}

/**
 * hotKeyQuery / hotPrefixQuery: the judged span is [bin(now, 1m) − INGESTION_LAG, + SUSTAINED_MINUTES);
 * per value (key, or first level on each PartitionKeyRangeId) and region, each minute's RU ÷ 60; the HOT_MINUTES-th highest of them
 * (array_sort_desc(...)[HOT_MINUTES − 1]), kept when the value is present in at least HOT_MINUTES judged
 * minutes (else the index is null); the highest such value per region. With `spanningLine` (a Prefix query), a first-level
 * value logged on more than one PartitionKeyRangeId in the judged span counts only where its highest range is above it
 * (`summarize max(…), Spans = count() by Prefix, RegionName | where Spans == 1 or … > line`). With `onPartition` (the
 * throttledHotValue query), a key is judged on each PartitionKeyRangeId too, a spanning value's rows stay one per range
 * (each kept above the line), and only rows on a range `onPartition` keeps count.
 */
function sustainedRu(
  db: string,
  container: string,
  by: 'PartitionKey' | 'Prefix',
  spanningLine?: number,
  onPartition?: (range: string) => boolean,
): QuerySemantics {
  const perPartition = by === 'Prefix' || onPartition !== undefined;
  return (rowsOf, { now }) => {
    const judgedEnd = binned(now, 1) - INGESTION_LAG_MINUTES;
    const judgedStart = judgedEnd - SUSTAINED_MINUTES;
    const firstLevelOf = firstLevels();
    // Per value and region (and physical partition): the RU of each judged minute.
    const perMinute = new Map<string, { value: string; region: string; range: string; minutes: Map<number, number> }>();
    for (const { columns: c, timeGenerated } of spanOfContainer(rowsOf, 'CDBPartitionKeyRUConsumption', db, container, judgedStart, judgedEnd)) {
      if (!isNotEmpty(c.PartitionKey)) continue;
      const value = by === 'Prefix' ? firstLevelOf(String(c.PartitionKey)) : String(c.PartitionKey);
      const region = String(c.RegionName ?? '');
      const range = String(c.PartitionKeyRangeId ?? '');
      // A first-level value per physical partition (`by Prefix, PartitionKeyRangeId, RegionName`).
      const id = `${region}\u0000${value}${perPartition ? `\u0000${range}` : ''}`;
      let series = perMinute.get(id);
      if (!series) {
        series = { value, region, range, minutes: new Map() };
        perMinute.set(id, series);
      }
      const minute = binned(timeGenerated, 1);
      series.minutes.set(minute, (series.minutes.get(minute) ?? 0) + Number(c.RequestCharge));
    }
    // The physical partitions each value was logged on in the judged span (one series per partition).
    const spans = new Map<string, number>();
    for (const { value, region } of perMinute.values()) spans.set(`${region}\u0000${value}`, (spans.get(`${region}\u0000${value}`) ?? 0) + 1);
    const best = new Map<string, ResultRow>();
    for (const { value, region, range, minutes } of perMinute.values()) {
      if (minutes.size < HOT_MINUTES) continue;
      const sustained = [...minutes.values()].sort((x, y) => y - x)[HOT_MINUTES - 1] / 60;
      if (spanningLine !== undefined && (spans.get(`${region}\u0000${value}`) ?? 0) > 1 && !(sustained > spanningLine)) continue;
      if (onPartition && !onPartition(range)) continue;
      const current = best.get(region);
      if (!current || sustained > Number(current.SustainedRUPerSecond)) best.set(region, { RegionName: region, [by]: value, SustainedRUPerSecond: sustained });
    }
    return [...best.values()];
  };
}

/**
 * throttledHotValueQuery: `sustainedRu`'s rows on each physical partition, kept only on a partition (PartitionId) that
 * counts at least THROTTLED_PER_INTERVAL 429s in each of at least SUSTAINED_INTERVALS of the 5-minute intervals
 * generated in the THROTTLE_LONG_WINDOW_MINUTES before the judged span's end (CDBDataPlaneRequests5M rows, summed per
 * partition and interval), matched to the RU log's PartitionKeyRangeId. An interval in which every partition logged (more
 * than one) returned a 429 counts for none. Where no PartitionKeyRangeId the RU log names in that hour is a non-empty
 * PartitionId of the request rows (`rangesMatch` false), every range is kept while the container's 429s are sustained
 * (SUSTAINED_INTERVALS of its intervals with THROTTLED_PER_INTERVAL or more, all partitions summed).
 */
function throttledHotValue(db: string, container: string, judged: (onPartition: (range: string) => boolean) => QuerySemantics): QuerySemantics {
  const rangeIdsName = `rangeIds ${db}/${container}`;
  const rangeIdsOf = (rows: readonly LogRow[]) => new Set(rowsOfContainer(rows, db, container).map(({ columns: c }) => String(c.PartitionKeyRangeId ?? '')));
  return (rowsOf, window, perMinute = minuteFoldOf(rowsOf)) => {
    const judgedEnd = binned(window.now, 1) - INGESTION_LAG_MINUTES;
    const hourStart = judgedEnd - THROTTLE_LONG_WINDOW_MINUTES;
    const requests = spanOfContainer(rowsOf, 'CDBDataPlaneRequests5M', db, container, hourStart, judgedEnd);
    const requestPartitions = new Set(requests.map(({ columns: c }) => String(c.PartitionId ?? '')).filter((p) => p !== ''));
    // The ranges the RU log names, a minute at a time (an hour of every key's rows at every check was most of a replay).
    let rangesMatch = false;
    for (let minute = hourStart; minute < judgedEnd && !rangesMatch; minute++)
      rangesMatch = [...perMinute('CDBPartitionKeyRUConsumption', rangeIdsName, minute, rangeIdsOf)].some((range) => requestPartitions.has(range));
    if (!rangesMatch) {
      const perContainer = new Map<number, number>();
      for (const { columns: c, timeGenerated } of requests) {
        if (Math.trunc(Number(c.StatusCode)) === 429)
          perContainer.set(binned(timeGenerated, 5), (perContainer.get(binned(timeGenerated, 5)) ?? 0) + requestCount(c));
      }
      const containerThrottled = [...perContainer.values()].filter((n) => n >= THROTTLED_PER_INTERVAL).length >= SUSTAINED_INTERVALS;
      return containerThrottled ? judged(() => true)(rowsOf, window) : [];
    }
    // Per interval, each partition's 429s (a partition with only other statuses counts 0).
    const perInterval = new Map<number, Map<string, number>>();
    for (const { columns: c, timeGenerated } of requests) {
      const interval = perInterval.get(binned(timeGenerated, 5)) ?? new Map<string, number>();
      const partition = String(c.PartitionId ?? '');
      interval.set(partition, (interval.get(partition) ?? 0) + (Math.trunc(Number(c.StatusCode)) === 429 ? requestCount(c) : 0));
      perInterval.set(binned(timeGenerated, 5), interval);
    }
    // An interval in which every partition (of several) returned 429s counts for none.
    const intervals = new Map<string, number>();
    for (const partitions of perInterval.values()) {
      const throttling = [...partitions.values()].filter((n) => n > 0).length;
      if (throttling === partitions.size && partitions.size > 1) continue;
      for (const [partition, count] of partitions) if (count >= THROTTLED_PER_INTERVAL) intervals.set(partition, (intervals.get(partition) ?? 0) + 1);
    }
    const throttled = new Set([...intervals].filter(([, n]) => n >= SUSTAINED_INTERVALS).map(([partition]) => partition));
    return throttled.size === 0 ? [] : judged((range) => throttled.has(range))(rowsOf, window);
  };
}

/** The HOT_MINUTES-th highest of a series' minutes ÷ 60, undefined when it is present in fewer (KQL's null index). */
function sustainedOf(minutes: ReadonlyMap<number, number>): number | undefined {
  return minutes.size < HOT_MINUTES ? undefined : [...minutes.values()].sort((x, y) => y - x)[HOT_MINUTES - 1] / 60;
}

/**
 * throttledHotValueQuery of a hierarchical key (`keysAndPrefixesQuery`): per judged minute, each full key's RU per
 * PartitionKeyRangeId and region, and their sum per first level (`Prefix`) there; each sustained as in `sustainedRu`.
 * A key row is kept above `lines.key`, a first-level row above `lines.prefix`, or `lines.besideSpanning` on a range a
 * value logged on more than one range is logged on (and, when its own value is, above `lines.spanning`); only rows on a
 * range `onPartition` keeps count, the highest per region.
 */
function keysAndPrefixes(db: string, container: string, lines: ValueLines, onPartition: (range: string) => boolean): QuerySemantics {
  return (rowsOf, { now }) => {
    const judgedEnd = binned(now, 1) - INGESTION_LAG_MINUTES;
    const firstLevelOf = firstLevels();
    type Series = { prefix: string; key: string; region: string; range: string; minutes: Map<number, number> };
    const keys = new Map<string, Series>();
    const prefixes = new Map<string, Series>();
    const add = (series: Map<string, Series>, id: string, fields: Omit<Series, 'minutes'>, minute: number, ru: number) => {
      const s = series.get(id) ?? { ...fields, minutes: new Map<number, number>() };
      s.minutes.set(minute, (s.minutes.get(minute) ?? 0) + ru);
      series.set(id, s);
    };
    for (const { columns: c, timeGenerated } of spanOfContainer(
      rowsOf,
      'CDBPartitionKeyRUConsumption',
      db,
      container,
      judgedEnd - SUSTAINED_MINUTES,
      judgedEnd,
    )) {
      if (!isNotEmpty(c.PartitionKey)) continue;
      const key = String(c.PartitionKey);
      const prefix = firstLevelOf(key);
      const region = String(c.RegionName ?? '');
      const range = String(c.PartitionKeyRangeId ?? '');
      const minute = binned(timeGenerated, 1);
      add(keys, `${region}\u0000${key}\u0000${range}`, { prefix, key, region, range }, minute, Number(c.RequestCharge));
      add(prefixes, `${region}\u0000${prefix}\u0000${range}`, { prefix, key: '', region, range }, minute, Number(c.RequestCharge));
    }
    const spans = new Map<string, number>();
    for (const { prefix, region } of prefixes.values()) spans.set(`${region}\u0000${prefix}`, (spans.get(`${region}\u0000${prefix}`) ?? 0) + 1);
    // The ranges a value logged on several shares (`besideSpanning`): a value there is judged against the lower line.
    const spanned = new Set([...prefixes.values()].filter((p) => (spans.get(`${p.region}\u0000${p.prefix}`) ?? 0) > 1).map((p) => p.range));
    const prefixLine = (s: Series) => (lines.besideSpanning !== undefined && spanned.has(s.range) ? lines.besideSpanning : lines.prefix);
    const overItsLine = (s: Series, line: number) => {
      const sustained = sustainedOf(s.minutes);
      return sustained !== undefined && sustained > line && onPartition(s.range) ? [{ s, sustained }] : [];
    };
    const spanningKept = (s: Series, sustained: number) =>
      lines.spanning === undefined || (spans.get(`${s.region}\u0000${s.prefix}`) ?? 0) === 1 || sustained > lines.spanning;
    const kept = [
      ...[...keys.values()].flatMap((s) => overItsLine(s, lines.key)),
      ...[...prefixes.values()].flatMap((s) => overItsLine(s, prefixLine(s))).filter(({ s, sustained }) => spanningKept(s, sustained)),
    ];
    const best = new Map<string, ResultRow>();
    for (const { s, sustained } of kept) {
      const current = best.get(s.region);
      if (!current || sustained > Number(current.SustainedRUPerSecond))
        best.set(s.region, { RegionName: s.region, Prefix: s.prefix, PartitionKey: s.key, SustainedRUPerSecond: sustained });
    }
    return [...best.values()];
  };
}

/** A container's request rows summed: how many, their requests, and the 429s among them (whole counts: any order sums the same). */
function requestsOf(rows: readonly LogRow[]): { rows: number; throttled: number; requests: number } {
  let requests = 0;
  let throttled = 0;
  for (const { columns: c } of rows) {
    const samples = requestCount(c);
    requests += samples;
    if (Math.trunc(Number(c.StatusCode)) === 429) throttled += samples;
  }
  return { rows: rows.length, throttled, requests };
}

/**
 * throttleRateQuery: per 5-minute interval generated from an hour before the episode's start (THROTTLE_EPISODE_MINUTES
 * before the judged span's end, bin(now, 5m) − INGESTION_LAG) to that end, throttled and total requests, and the share
 * of an interval with at least `minimumRequests`. At each interval end of the episode: the long share is the mean of
 * the judged shares of the THROTTLE_LONG_WINDOW_MINUTES before it, the short share the lowest of the last
 * SUSTAINED_INTERVALS, kept (as the lower of the two) when all of those were judged; and the intervals of the hour with
 * THROTTLED_PER_INTERVAL 429s or more (fewer than SUSTAINED_INTERVALS: a calm end). Reported: while the judged span's
 * end is not calm, the highest share of the ends after the last calm one (the episode), else the share at that end; no
 * row when there is none.
 */
function throttleRate(db: string, container: string, minimumRequests: number): QuerySemantics {
  const perHour = THROTTLE_LONG_WINDOW_MINUTES / 5;
  // Built once: a check reads some 1,400 minutes, and a name made per read is a new string to hash at each.
  const foldName = `throttleRate ${db}/${container}`;
  const summedOf = (rows: readonly LogRow[]) => requestsOf(rowsOfContainer(rows, db, container));
  return (rowsOf, { now }, perMinute = minuteFoldOf(rowsOf)) => {
    const judgedEnd = binned(now, 5) - INGESTION_LAG_MINUTES;
    const episodeStart = judgedEnd - THROTTLE_EPISODE_MINUTES;
    const intervals = new Map<number, { throttled: number; requests: number }>();
    // Each minute summed over every partition once (23 hours of rows at every check would grow with partitions × minutes).
    for (let minute = episodeStart - THROTTLE_LONG_WINDOW_MINUTES; minute < judgedEnd; minute++) {
      const summed = perMinute('CDBDataPlaneRequests5M', foldName, minute, summedOf);
      if (summed.rows === 0) continue;
      const interval = intervals.get(binned(minute, 5)) ?? { throttled: 0, requests: 0 };
      interval.requests += summed.requests;
      interval.throttled += summed.throttled;
      intervals.set(binned(minute, 5), interval);
    }
    // Per end (the mv-expand: each interval reaches the ends of the hour after it), what the summarize by End reads;
    // ends are indexed from the episode's first, 5 minutes apart.
    const count = THROTTLE_EPISODE_MINUTES / 5;
    const sums = new Float64Array(count);
    const judgedCount = new Int32Array(count);
    const shortCount = new Int32Array(count);
    const shortLowest = new Float64Array(count).fill(Infinity);
    const throttledCount = new Int32Array(count);
    const reached = new Uint8Array(count);
    for (const [start, { throttled, requests }] of intervals) {
      const share = requests >= minimumRequests ? throttled / requests : undefined;
      for (let offset = 1; offset <= perHour; offset++) {
        const i = (start + offset * 5 - episodeStart) / 5 - 1;
        if (i < 0 || i >= count) continue;
        reached[i] = 1;
        if (throttled >= THROTTLED_PER_INTERVAL) throttledCount[i]++;
        if (share === undefined) continue;
        sums[i] += share;
        judgedCount[i]++;
        if (offset <= SUSTAINED_INTERVALS) {
          shortCount[i]++;
          shortLowest[i] = Math.min(shortLowest[i], share);
        }
      }
    }
    const sustained = (i: number) => (shortCount[i] === SUSTAINED_INTERVALS ? Math.min(sums[i] / judgedCount[i], shortLowest[i]) : undefined);
    let lastCalm = -1;
    for (let i = 0; i < count; i++) if (reached[i] && throttledCount[i] < SUSTAINED_INTERVALS) lastCalm = i;
    let episodeShare: number | undefined;
    for (let i = lastCalm + 1; i < count; i++) {
      const share = reached[i] ? sustained(i) : undefined;
      if (share !== undefined && (episodeShare === undefined || share > episodeShare)) episodeShare = share;
    }
    const last = count - 1;
    const nowShare = reached[last] ? sustained(last) : undefined;
    const value = reached[last] && throttledCount[last] >= SUSTAINED_INTERVALS ? episodeShare : nowShare;
    if (value === undefined) return [];
    return [
      {
        SustainedThrottledShare: value,
        ...(nowShare === undefined ? {} : { NowShare: nowShare }),
        ...(episodeShare === undefined ? {} : { EpisodeShare: episodeShare }),
      },
    ];
  };
}

/**
 * The meaning of the five log-search queries a GuardedContainer creates for each of `containers`
 * (hot key, hot prefix, hot value while throttled, sustained 429 share, largest logical partition), for `replayProgram`'s
 * `options.queries`. Recognised by their exact text, regenerated per container: a query of another
 * skewguard version, or one you edited, has no meaning here and the replay refuses its rule (wrap this
 * registry to add meanings of your own queries).
 *
 * @example replayProgram(resources, healthyCosmosWeek(profiles), { queries: skewguardQueries([{ databaseName: 'telemetry', containerName: 'events' }]) })
 */
export function skewguardQueries(containers: readonly SkewguardQueryContainer[]): QueryRegistry {
  checkContainers(containers);
  return (query) => {
    for (const { databaseName: db, containerName: c } of containers) {
      if (query === largestPartitionQuery(db, c)) return largestPartition(db, c);
      if (query === hotKeyQuery(db, c)) return sustainedRu(db, c, 'PartitionKey');
      // A Prefix query of a design whose hottest value spans partitions carries that value's line (`spanningValueRows`).
      const line = /Spans == 1 or SustainedRUPerSecond > ([0-9.]+)\n/.exec(query)?.[1];
      const spanning = line === undefined ? undefined : Number(line);
      if (query === hotPrefixQuery(db, c, spanning)) return sustainedRu(db, c, 'Prefix', spanning);
      if (query === throttledHotValueQuery(db, c, 'PartitionKey')) return throttledHotValue(db, c, (on) => sustainedRu(db, c, 'PartitionKey', undefined, on));
      const lines = valueLinesOf(query, spanning);
      if (lines && query === throttledHotValueQuery(db, c, 'Prefix', lines)) return throttledHotValue(db, c, (on) => keysAndPrefixes(db, c, lines, on));
      const minimum = /iff\(Requests >= (\d+), /.exec(query)?.[1];
      if (minimum !== undefined && query === throttleRateQuery(db, c, Number(minimum))) return throttleRate(db, c, Number(minimum));
    }
    return undefined;
  };
}

/** The lines a hierarchical key's throttledHotValue query carries (`keysAndPrefixesQuery`), undefined when it has none. */
function valueLinesOf(query: string, spanning: number | undefined): ValueLines | undefined {
  const key = /\| where SustainedRUPerSecond > ([0-9.]+);\nlet prefix/.exec(query)?.[1];
  const beside = /\| where SustainedRUPerSecond > iff\(PartitionKeyRangeId in \(besideSpanning\), ([0-9.]+), ([0-9.]+)\)\n/.exec(query);
  const prefix = beside?.[2] ?? /\| where SustainedRUPerSecond > ([0-9.]+)\n\| extend PartitionKey = ""/.exec(query)?.[1];
  if (key === undefined || prefix === undefined) return undefined;
  return {
    prefix: Number(prefix),
    key: Number(key),
    ...(spanning === undefined ? {} : { spanning }),
    ...(beside === null ? {} : { besideSpanning: Number(beside[1]) }),
  };
}

/** Each container named by two strings, or a UsageError at `containers[i].<field>`. */
function checkContainers(containers: readonly SkewguardQueryContainer[]): void {
  if (!Array.isArray(containers))
    throw argumentError('skewguardQueries()', 'containers', 'expected a list of { databaseName, containerName }, one per GuardedContainer replayed');
  containers.forEach((container, i) => {
    for (const field of ['databaseName', 'containerName'] as const) {
      const value = (container as Partial<SkewguardQueryContainer> | undefined)?.[field];
      if (typeof value !== 'string' || value === '')
        throw argumentError(
          'skewguardQueries()',
          `containers[${i}].${field}`,
          `expected the container's ${field} as a non-empty string (resolved, not an Output), got ${shapes.describe(value)}`,
        );
    }
  });
}
