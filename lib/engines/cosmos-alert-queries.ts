/**
 * Log Analytics (KQL) queries of the log alerts, over the resource-specific tables that a diagnostic
 * setting with `logAnalyticsDestinationType: "Dedicated"` fills. Column names are those of the Azure
 * Monitor table reference (CDBPartitionKeyRUConsumption: PartitionKey, RegionName, RequestCharge…)
 * and of Microsoft's own queries (CDBDataPlaneRequests5M: StatusCode). A 5-minute row's request count is `RequestCount`
 * in the table reference but `SampleCount` in Microsoft's aggregated-logs queries, so the queries read whichever the
 * workspace has (`REQUEST_COUNT`): a column the table lacks would fail the query, and the alert would never fire.
 *
 * Resource logs "are usually available within 3 to 10 minutes" (Microsoft Learn, "Log data ingestion
 * time in Azure Monitor"), so the RU and 429 queries judge a span that ended `INGESTION_LAG_MINUTES`
 * before the evaluation: rows that arrive late are in it, and each evaluation judges the span right
 * after the previous one, so every minute is judged once. Each query returns the worst row only (per
 * region), so a fired alert names the key without one time series per key.
 *
 * Here, in the core beside the logged key's first level, rather than in lib/pulumi: the replay's meaning of these
 * queries (`skewguardQueries`, skewguard/testing/replay) regenerates their text without loading the
 * Pulumi adapter.
 */
import { LOGGED_FIRST_LEVEL_KQL } from './cosmos-logged-key';

/** Minutes between the end of the judged span and the evaluation. */
export const INGESTION_LAG_MINUTES = 10;
/** Whole minutes each evaluation of the hot-key and hot-prefix alerts judges (with a PT5M frequency, each minute once). */
export const SUSTAINED_MINUTES = 5;
/**
 * Of the judged minutes, how many a key must be above the threshold in: 3 of 5, not all 5. A key at its ceiling in every
 * other minute, or in 3 minutes of 5, for hours, throttles its requests in those minutes, and the lowest of 5 minutes
 * never sees it (in a replay no alert of the example's events container fired in 5.5 hours); a key above in one minute of
 * 10 (a lone spike) is in at most 1 of 5. A stateful log search alert evaluated every 5 minutes resolves only after
 * three evaluations without its condition ("Alerts and state",
 * https://learn.microsoft.com/azure/azure-monitor/alerts/alerts-overview#alerts-and-state), so a key above in 3 and 2
 * minutes of alternate spans stays fired, once. `array_sort_desc` is in Azure Monitor's KQL
 * (https://learn.microsoft.com/azure/data-explorer/kusto/query/array-sort-desc-function); an index past an array's end is null.
 */
export const HOT_MINUTES = 3;
/** Consecutive 5-minute intervals (CDBDataPlaneRequests5M rows) the 429 share must stay above the threshold. */
export const SUSTAINED_INTERVALS = 3;
/** The long window of the 429 share: longer than a bulk job that uses the throughput fully is expected
 *  to run at a stretch (half an hour), so that such a job alone keeps its share under the line. */
export const THROTTLE_LONG_WINDOW_MINUTES = 60;

/** A KQL double-quoted string literal. */
export function kqlString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
}

function thisContainer(databaseName: string, containerName: string): string {
  return `| where DatabaseName == ${kqlString(databaseName)} and CollectionName == ${kqlString(containerName)}`;
}

/** The judged span: `SUSTAINED_MINUTES` whole minutes ending `INGESTION_LAG_MINUTES` ago. */
function judgedMinutes(): string[] {
  return [`let judgedEnd = bin(now(), 1m) - ${INGESTION_LAG_MINUTES}m;`, `let judgedStart = judgedEnd - ${SUSTAINED_MINUTES}m;`];
}

/**
 * What one row of the RU/s queries sums over: a value in one region, and a first-level value on one physical partition
 * (`PartitionKeyRangeId`, "the physical partition containing the logical partition key", CDBPartitionKeyRUConsumption,
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption). A first-level value's
 * data spans a physical partition per 50 GB it holds ("Hierarchical partition keys"), each serving it at most its share,
 * so its RU on each is what its line is drawn against; a full key is one logical partition, on one physical partition.
 */
const valueAndPlace = (by: 'PartitionKey' | 'Prefix', perPartition: boolean) =>
  by === 'Prefix' || perPartition ? `${by}, PartitionKeyRangeId, RegionName` : 'PartitionKey, RegionName';

/**
 * The rows of a first-level value whose data spans several physical partitions, kept only above `spanningLine` (RU/s on
 * each): such a value holds 50 GB or more, since a value's items stay on one physical partition until then
 * ("Hierarchical partition keys", https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys), so it is the
 * design's declared large value (`largestGb`), whose planned load on each partition (`hotKeyShare` × the peak ÷ its
 * partitions) may be far above what a tenant on one partition can use. Judged against a line above its own plan, it is
 * named when it outgrows that plan, not every time the container throttles while it runs as planned (replayed: the
 * documents design's whale, planned at 2,250 RU/s on each of its 2 partitions, was paged 5 to 7 times a week against
 * the one-partition tenants' 595 RU/s line). A value's partitions are those it was logged on in the judged minutes.
 */
const spanningValueRows = (spanningLine: number, perPartition: boolean) =>
  perPartition
    ? [
        // Each partition's row kept (the throttledHotValue page judges each against its own partition's 429s): the
        // lists are expanded in parallel, so each RU/s stays beside its PartitionKeyRangeId.
        '| summarize Ranges = make_list(PartitionKeyRangeId), RUs = make_list(SustainedRUPerSecond), Spans = count() by Prefix, RegionName',
        '| mv-expand PartitionKeyRangeId = Ranges to typeof(string), SustainedRUPerSecond = RUs to typeof(double)',
        `| where Spans == 1 or SustainedRUPerSecond > ${spanningLine}`,
      ]
    : [
        '| summarize SustainedRUPerSecond = max(SustainedRUPerSecond), Spans = count() by Prefix, RegionName',
        `| where Spans == 1 or SustainedRUPerSecond > ${spanningLine}`,
      ];

/**
 * RU/s of one value (`by`: the full `PartitionKey`, or its first level `Prefix`, `LOGGED_FIRST_LEVEL_KQL`, on each
 * physical partition) in one region: per minute, its RU ÷ 60; then the `HOT_MINUTES`-th highest of the judged minutes (the RU/s it was at or above in
 * `HOT_MINUTES` of them; a minute it is absent from counts as 0, so a value present in fewer has none). Empty keys are
 * left out, as in Microsoft's hot-partition query. With `spanningLine` (a `Prefix` query), a value on several physical
 * partitions is kept only above that line (`spanningValueRows`).
 */
function sustainedRuQuery(
  databaseName: string,
  containerName: string,
  by: 'PartitionKey' | 'Prefix',
  spanningLine?: number,
  onPartitions: string[] = [],
): string {
  const perPartition = onPartitions.length > 0;
  return [
    ...judgedMinutes(),
    ...onPartitions,
    'CDBPartitionKeyRUConsumption',
    '| where TimeGenerated >= judgedStart and TimeGenerated < judgedEnd',
    thisContainer(databaseName, containerName),
    '| where isnotempty(PartitionKey)',
    ...(by === 'Prefix' ? [`| extend Prefix = ${LOGGED_FIRST_LEVEL_KQL}`] : []),
    `| summarize MinuteRU = sum(RequestCharge) by ${valueAndPlace(by, perPartition)}, Minute = bin(TimeGenerated, 1m)`,
    `| summarize MinutesRU = make_list(MinuteRU) by ${valueAndPlace(by, perPartition)}`,
    `| extend SustainedRUPerSecond = todouble(array_sort_desc(MinutesRU)[${HOT_MINUTES - 1}]) / 60.0`,
    ...(by === 'Prefix' && spanningLine !== undefined ? spanningValueRows(spanningLine, perPartition) : []),
    '| where isnotnull(SustainedRUPerSecond)',
    ...(perPartition ? ['| where (rangesMatch and PartitionKeyRangeId in (throttledPartitions)) or (not(rangesMatch) and containerThrottled)'] : []),
    `| summarize arg_max(SustainedRUPerSecond, ${by}) by RegionName`,
  ].join('\n');
}

/** One partition-key value's sustained RU/s per region (`SustainedRUPerSecond`). */
export function hotKeyQuery(databaseName: string, containerName: string): string {
  return sustainedRuQuery(databaseName, containerName, 'PartitionKey');
}

/** One first-level value's (one tenant's) sustained RU/s per region (`SustainedRUPerSecond`); one spanning several
 *  physical partitions only above `spanningLine` when given. */
export function hotPrefixQuery(databaseName: string, containerName: string, spanningLine?: number): string {
  return sustainedRuQuery(databaseName, containerName, 'Prefix', spanningLine);
}

/**
 * 429s an interval of CDBDataPlaneRequests5M must count for the throttledHotValue page to judge it throttled: one a
 * minute on average (5 per 5-minute interval), the per-minute reading of the model's and throttleRate's "sustained". A
 * stray 429 of some other key (a one-second burst on another range: 1 to 3 of them in an interval, hours apart) is
 * fewer; a hot range at its budget throttles some of its requests in every minute (tens to thousands of
 * them per interval in a replay). A count, not a share of the container: a hot range's 429s are diluted by every
 * other range's requests (1 of 12 ranges throttled at 20% is under 2% of the container; a replayed hot key throttled
 * 0.01–0.5% of its container's requests).
 */
export const THROTTLED_PER_INTERVAL = 5;

/**
 * A CDBDataPlaneRequests5M row's request count, from `RequestCount` (the Azure Monitor table reference,
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbdataplanerequests5m) or `SampleCount` (the column
 * Microsoft's aggregated-logs queries sum, https://learn.microsoft.com/azure/cosmos-db/monitor-aggregated-logs):
 * `column_ifexists` keeps the query valid on a workspace that has only one of them.
 */
export const REQUEST_COUNT = 'coalesce(tolong(column_ifexists("RequestCount", real(null))), tolong(column_ifexists("SampleCount", real(null))))';

/**
 * `hotPrefixQuery` (a hierarchical key) or `hotKeyQuery` (`by`), each value judged on each physical partition and kept
 * only where that partition's own throttling is sustained: at least `SUSTAINED_INTERVALS` of the 5-minute intervals of
 * the last `THROTTLE_LONG_WINDOW_MINUTES` (the throttleRate alert's windows) in which CDBDataPlaneRequests5M counts
 * `THROTTLED_PER_INTERVAL` 429s or more with that partition's `PartitionId` ("The physical partition ID for the Cosmos DB
 * container against which the requests in this interval were issued",
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbdataplanerequests5m). A value's partition is its
 * CDBPartitionKeyRUConsumption rows' `PartitionKeyRangeId` ("The physical partition containing the logical partition
 * key", https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption). Both tables name
 * the physical partition; no Azure page says the two columns carry the same identifier, so the join assumes it
 * (docs/pulumi.md says how to check a workspace). Azure Monitor's 429 metric cannot stand in: TotalRequests splits by
 * StatusCode but has no PartitionKeyRangeId dimension, and NormalizedRUConsumption, which has one, is not exported to
 * Log Analytics ("Supported metrics - Microsoft.DocumentDB/DatabaseAccounts").
 *
 * An interval in which every partition of the container (of several) returned 429s counts for none of them: that is the
 * container at its budget, a whole-container import, which more RU/s serves, not a hot partition; one partition
 * throttling while others do not is ("Troubleshoot 429s": with an uneven distribution one partition can return many
 * 429s while the overall rate stays low, https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large).
 *
 * Per partition, not per container: a declared whale planned above the line of the tenants beside it (a 35 GB tenant at
 * 1,800 RU/s on its one partition, a 920 RU/s line) was named whenever another partition's bursts or the nightly
 * import made the container's 429s sustained. With a PT5M frequency the judged minutes
 * are the last interval's, so the page fires at the third throttled interval of the value's partition while the value
 * is above its line, and the condition holds while a quarter of the last hour is throttled there: a key near its
 * ceiling whose 429s come and go stays one fired alert, and the stateful rule resolves only after its partition's
 * throttling has stopped for most of an hour.
 */
export function throttledHotValueQuery(databaseName: string, containerName: string, by: 'PartitionKey' | 'Prefix', lines?: ValueLines): string {
  const throttled = onThrottledPartitions(databaseName, containerName);
  return by === 'Prefix' && lines
    ? keysAndPrefixesQuery(databaseName, containerName, lines, throttled)
    : sustainedRuQuery(databaseName, containerName, by, lines?.spanning, throttled);
}

/** The lines a hierarchical key's throttledHotValue page judges each row against, in RU/s. */
export interface ValueLines {
  /** A first-level value's (a tenant's) total on one physical partition. */
  readonly prefix: number;
  /** One full key (one logical partition). */
  readonly key: number;
  /** A first-level value logged on several physical partitions, on each (`spanningValueRows`). */
  readonly spanning?: number;
  /** A first-level value on a physical partition that a value of several (the design's declared largest) shares:
   *  what that value's planned load leaves it there is less than a partition of its own leaves. */
  readonly besideSpanning?: number;
}

/**
 * The throttledHotValue rows of a hierarchical key, each judged against the line drawn for what it sums. A
 * CDBPartitionKeyRUConsumption row is one logical partition key's RU ("the logical partition key for which RU
 * consumption statistics were retrieved", https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption),
 * and a hierarchical key's logical partition is its full key ("Hierarchical partition keys",
 * https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys): a first-level value (a tenant) is the sum of
 * its full keys' rows, never a row of its own. So each full key is judged against the hotKey line (what one logical
 * partition can use beside its neighbours) and each tenant's sum on each physical partition against the tenant line.
 * A tenant judged against the full key's line is named at its ordinary load: an IoT customer of 600 stations at 350
 * RU/s, under its 495.86 line with every station far under 191.74, was paged whenever its partition throttled.
 * Rows under their own line are dropped in the query, so the rule's threshold, the lower line, passes every row kept.
 */
function keysAndPrefixesQuery(databaseName: string, containerName: string, lines: ValueLines, onPartitions: string[]): string {
  const sustained = `| extend SustainedRUPerSecond = todouble(array_sort_desc(MinutesRU)[${HOT_MINUTES - 1}]) / 60.0`;
  return [
    ...judgedMinutes(),
    ...onPartitions,
    'let keyMinutes = CDBPartitionKeyRUConsumption',
    '| where TimeGenerated >= judgedStart and TimeGenerated < judgedEnd',
    thisContainer(databaseName, containerName),
    '| where isnotempty(PartitionKey)',
    `| extend Prefix = ${LOGGED_FIRST_LEVEL_KQL}`,
    '| summarize MinuteRU = sum(RequestCharge) by PartitionKey, Prefix, PartitionKeyRangeId, RegionName, Minute = bin(TimeGenerated, 1m);',
    'let keys = keyMinutes',
    '| summarize MinutesRU = make_list(MinuteRU) by PartitionKey, Prefix, PartitionKeyRangeId, RegionName',
    sustained,
    `| where SustainedRUPerSecond > ${lines.key};`,
    ...prefixRows(lines, sustained),
    'union keys, prefixes',
    '| where (rangesMatch and PartitionKeyRangeId in (throttledPartitions)) or (not(rangesMatch) and containerThrottled)',
    '| summarize arg_max(SustainedRUPerSecond, Prefix, PartitionKey) by RegionName',
  ].join('\n');
}

/**
 * `prefixes`: each first-level value's sum on each physical partition, kept above its line. With a value logged on
 * several physical partitions (`spanning`: the design's declared largest), that value is kept above its own line on
 * each, a value on one of its partitions above `besideSpanning` (what its planned load leaves there), a value elsewhere
 * above `prefix`. A tenant on an ordinary partition judged against the line drawn for one beside the whale is named at
 * its ordinary load whenever its partition throttles.
 */
function prefixRows(lines: ValueLines, sustained: string): string[] {
  const perPartition = [
    '| summarize MinuteRU = sum(MinuteRU) by Prefix, PartitionKeyRangeId, RegionName, Minute',
    '| summarize MinutesRU = make_list(MinuteRU) by Prefix, PartitionKeyRangeId, RegionName',
    sustained,
  ];
  const kept = (line: string) => [`| where SustainedRUPerSecond > ${line}`, '| extend PartitionKey = "";'];
  if (lines.spanning === undefined) return ['let prefixes = keyMinutes', ...perPartition, ...kept(`${lines.prefix}`)];
  const beside = lines.besideSpanning;
  return [
    'let prefixRows = keyMinutes',
    ...perPartition,
    '| summarize Ranges = make_list(PartitionKeyRangeId), RUs = make_list(SustainedRUPerSecond), Spans = count() by Prefix, RegionName',
    '| mv-expand PartitionKeyRangeId = Ranges to typeof(string), SustainedRUPerSecond = RUs to typeof(double);',
    ...(beside === undefined ? [] : ['let besideSpanning = prefixRows | where Spans > 1 | distinct PartitionKeyRangeId;']),
    'let prefixes = prefixRows',
    `| where Spans == 1 or SustainedRUPerSecond > ${lines.spanning}`,
    ...kept(beside === undefined ? `${lines.prefix}` : `iff(PartitionKeyRangeId in (besideSpanning), ${beside}, ${lines.prefix})`),
  ];
}

/** The `let` statements that name the physical partitions whose own throttling is sustained (`throttledHotValueQuery`). */
function onThrottledPartitions(databaseName: string, containerName: string): string[] {
  return [
    'let requests = CDBDataPlaneRequests5M',
    `| where TimeGenerated >= judgedEnd - ${THROTTLE_LONG_WINDOW_MINUTES}m and TimeGenerated < judgedEnd`,
    thisContainer(databaseName, containerName),
    '| extend PartitionId = tostring(column_ifexists("PartitionId", ""));',
    'let throttledPartitions = requests',
    `| summarize Throttled = sumif(${REQUEST_COUNT}, toint(StatusCode) == 429) by PartitionId, Interval = bin(TimeGenerated, 5m)`,
    // An interval in which every partition of a container of several returned 429s is the container at its budget
    // (an import), not a hot partition: it counts for none.
    `| summarize Partitions = count(), Throttling = countif(Throttled > 0), Hot = make_list_if(PartitionId, Throttled >= ${THROTTLED_PER_INTERVAL}) by Interval`,
    '| where Throttling < Partitions or Partitions == 1',
    '| mv-expand PartitionId = Hot to typeof(string)',
    '| summarize Intervals = count() by PartitionId',
    `| where Intervals >= ${SUSTAINED_INTERVALS}`,
    '| project PartitionId;',
    // No Azure page says PartitionKeyRangeId and PartitionId carry the same identifier. Where none of the ranges the RU
    // log names in the hour is among the request rows' partitions, the per-partition gate cannot hold and the page would
    // never fire: each value is then kept while the container's 429s are sustained (the gate before the join).
    'let requestPartitions = requests | where isnotempty(PartitionId) | distinct PartitionId;',
    'let rangesMatch = toscalar(CDBPartitionKeyRUConsumption',
    `| where TimeGenerated >= judgedEnd - ${THROTTLE_LONG_WINDOW_MINUTES}m and TimeGenerated < judgedEnd`,
    thisContainer(databaseName, containerName),
    '| where tostring(PartitionKeyRangeId) in (requestPartitions)',
    '| count) > 0;',
    'let containerThrottled = toscalar(requests',
    '| where toint(StatusCode) == 429',
    `| summarize Throttled = sum(${REQUEST_COUNT}) by Interval = bin(TimeGenerated, 5m)`,
    `| where Throttled >= ${THROTTLED_PER_INTERVAL}`,
    `| count) >= ${SUSTAINED_INTERVALS};`,
  ];
}

/**
 * How long a fired throttleRate page stays one page: while the container still throttles (at least
 * `SUSTAINED_INTERVALS` of the last hour's 5-minute intervals with `THROTTLED_PER_INTERVAL` 429s or more, the
 * throttledHotValue page's "sustained"), the reported share is the highest the page's condition reached since the
 * throttling began, looking back at most this many minutes before the judged span's end. A key throttled for days whose share dips under the line at night or after
 * the evening peak (in a replay: resolved, then paged again 13 hours later, throttled all the while) stays one fired
 * alert; once the 429s stop for most of an hour the condition is the current share alone, and the stateful rule
 * resolves. 22 hours: with the hour its first judged interval needs and the 10-minute ingestion lag, the query fits the
 * P1D window a log search alert accepts with a 5-minute frequency; a shorter `windowSize` shortens this memory.
 */
export const THROTTLE_EPISODE_MINUTES = 22 * 60;

/**
 * The share of this container's requests answered 429 (`SustainedThrottledShare`), judged over two
 * windows at once, as multiwindow burn-rate alerts are (Google SRE Workbook, "Alerting on SLOs"):
 * - the short window: every one of the last `SUSTAINED_INTERVALS` 5-minute intervals (each with at
 *   least `minimumRequests` requests) above the line, so the alert fires only while throttling is
 *   still going on;
 * - the long window: the intervals' shares averaged over the last `THROTTLE_LONG_WINDOW_MINUTES`
 *   (judged intervals only, each counting as much as the next: how much of the hour was throttled,
 *   not how many requests, so a quiet night does not let a busy import stand for the whole hour)
 *   above the line too, so a bounded bulk job that uses the provisioned throughput fully for up to
 *   about half an hour, with 429s that the SDKs retry, does not page; Microsoft expects 429s with
 *   NormalizedRUConsumption at 100% from such a workload ("Diagnose and troubleshoot Azure Cosmos DB
 *   request rate too large (429)"; "Monitor normalized RU/s").
 * The lower of the two is the share at one interval's end (`NowShare` at the judged span's). Every interval end of the
 * last `THROTTLE_EPISODE_MINUTES` is judged alike (`mv-expand` gives each interval to the 12 ends whose hour holds it),
 * and while the container still throttles the reported value is the highest of them since the last end whose hour was
 * not throttled (`EpisodeShare`): one throttling episode is one page, not one per crossing of the line, and an episode
 * that ended does not lend its share to the next. The query Microsoft documents for CDBDataPlaneRequests5M, made
 * sustained.
 */
export function throttleRateQuery(databaseName: string, containerName: string, minimumRequests: number): string {
  const intervalsPerHour = THROTTLE_LONG_WINDOW_MINUTES / 5;
  return [
    `let judgedEnd = bin(now(), 5m) - ${INGESTION_LAG_MINUTES}m;`,
    `let episodeStart = judgedEnd - ${THROTTLE_EPISODE_MINUTES}m;`,
    'let ends = CDBDataPlaneRequests5M',
    `| where TimeGenerated >= episodeStart - ${THROTTLE_LONG_WINDOW_MINUTES}m and TimeGenerated < judgedEnd`,
    thisContainer(databaseName, containerName),
    `| summarize Throttled = sumif(${REQUEST_COUNT}, toint(StatusCode) == 429), Requests = sum(${REQUEST_COUNT}) by Interval = bin(TimeGenerated, 5m)`,
    `| extend Share = iff(Requests >= ${minimumRequests}, todouble(Throttled) / Requests, real(null))`,
    `| mv-expand Offset = range(1, ${intervalsPerHour}) to typeof(long)`,
    '| extend End = Interval + Offset * 5m',
    '| where End > episodeStart and End <= judgedEnd',
    `| summarize LongShare = avg(Share), ShortShare = minif(Share, Offset <= ${SUSTAINED_INTERVALS}), Short = countif(Offset <= ${SUSTAINED_INTERVALS} and isnotnull(Share)), ThrottledIntervals = countif(Throttled >= ${THROTTLED_PER_INTERVAL}) by End`,
    `| extend Sustained = iff(Short == ${SUSTAINED_INTERVALS}, min_of(LongShare, ShortShare), real(null)), Calm = ThrottledIntervals < ${SUSTAINED_INTERVALS};`,
    // The episode: the ends after the last one whose hour was not throttled (every end of the span when none was).
    'let lastCalm = toscalar(ends | where Calm | summarize max(End));',
    'ends',
    '| summarize NowShare = take_anyif(Sustained, End == judgedEnd), EpisodeShare = maxif(Sustained, isnull(lastCalm) or End > lastCalm), StillThrottled = countif(End == judgedEnd and not(Calm))',
    '| extend SustainedThrottledShare = iff(StillThrottled > 0, EpisodeShare, NowShare)',
    '| where isnotnull(SustainedThrottledShare)',
    '| project SustainedThrottledShare, NowShare, EpisodeShare',
  ].join('\n');
}

/**
 * The size of each logged logical partition of the container, in GB (`SizeGb`), one row per `PartitionKey`. Every key
 * is kept, not the largest alone: the size alerts split by the PartitionKey dimension, and Azure judges each value of a
 * dimension as a series of its own and fires for each one past the line ("Split by alert dimensions": "Each virtual
 * machine is monitored separately and triggers actions individually",
 * https://learn.microsoft.com/azure/azure-monitor/alerts/alerts-unified-log#split-by-alert-dimensions). With `top 1`, a
 * second key past the line stays hidden behind the first. The rows are few: the statistics log the
 * largest keys only. Statistics are sampled and keys under about 1 GB may be absent, which is fine for a threshold far
 * above that.
 */
export function largestPartitionQuery(databaseName: string, containerName: string): string {
  return [
    'CDBPartitionKeyStatistics',
    thisContainer(databaseName, containerName),
    '| where isnotempty(PartitionKey)',
    '| summarize SizeKb = max(SizeKb) by PartitionKey',
    '| extend SizeGb = SizeKb / 1048576.0',
  ].join('\n');
}
