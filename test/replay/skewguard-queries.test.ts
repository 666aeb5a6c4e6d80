/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// skewguardQueries (skewguard/testing/replay): the meaning of the log-search queries a GuardedContainer creates.
// Two sides can drift apart, and each has a test here that fails when it moves alone:
// - the KQL: the text GuardedContainer emits is pinned below, as the text each meaning was read from. A change of
//   a query fails "GuardedContainer emits…" until its meaning in lib/testing/replay/azure/skewguard-queries.ts is
//   read again from the new text, and this pin updated with it;
// - the meaning: each is checked on hand-worked rows, line by line of its query (span, filters, grouping, result).
import * as pulumi from '@pulumi/pulumi';
import { UsageError } from '../../lib';
import { hotPrefixQuery, throttledHotValueQuery } from '../../lib/engines/cosmos-alert-queries';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign } from '../../lib/pulumi';
import { skewguardQueries, type LogRow, type QuerySemantics, type ResultRow } from '../../lib/testing/replay';
import { replayLogAlert } from '../../lib/testing/replay/azure/log-alert';
import { Telemetry } from '../../lib/testing/replay/telemetry';
import { installMocks, registeredAll, SUBSCRIPTION } from '../pulumi/support/mocks';

const engine = installMocks();
const ACCOUNT_ID = `${SUBSCRIPTION}/resourceGroups/data/providers/Microsoft.DocumentDB/databaseAccounts/saas`;
const ONCALL = `${SUBSCRIPTION}/resourceGroups/data/providers/microsoft.insights/actionGroups/oncall`;

/** A container with a hierarchical key, so that every log alert GuardedContainer can create is there. */
const sessions: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 2_000, hotKeyShare: 0.05, largestGb: 8 },
      { path: '/userId', cardinality: 500_000 },
    ],
  },
  workload: { peakReadUnits: 6_000, peakWriteUnits: 2_000 },
  storage: { totalGb: 100 },
};

let queries: Record<string, string>;
beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const monitoring = new CosmosAccountMonitoring('saas', { resourceGroupName: 'data', account: { name: 'saas', id: ACCOUNT_ID }, actionGroupIds: [ONCALL] });
  const container = new GuardedContainer('sessions', { monitoring, database: 'app', throughput: { autoscaleMax: 20_000 }, design: sessions });
  await registeredAll([container, container.container, ...Object.values(container.alerts)]);
  queries = Object.fromEntries(
    engine.registered
      .filter((r) => r.type === 'azure-native:monitor:ScheduledQueryRule')
      .map((r) => [r.name, (r.inputs.criteria as { allOf: { query: string }[] }).allOf[0].query]),
  );
});
afterAll(() => jest.restoreAllMocks());

const HOT_KEY = [
  'let judgedEnd = bin(now(), 1m) - 10m;',
  'let judgedStart = judgedEnd - 5m;',
  'CDBPartitionKeyRUConsumption',
  '| where TimeGenerated >= judgedStart and TimeGenerated < judgedEnd',
  '| where DatabaseName == "app" and CollectionName == "sessions"',
  '| where isnotempty(PartitionKey)',
  '| summarize MinuteRU = sum(RequestCharge) by PartitionKey, RegionName, Minute = bin(TimeGenerated, 1m)',
  '| summarize MinutesRU = make_list(MinuteRU) by PartitionKey, RegionName',
  '| extend SustainedRUPerSecond = todouble(array_sort_desc(MinutesRU)[2]) / 60.0',
  '| where isnotnull(SustainedRUPerSecond)',
  '| summarize arg_max(SustainedRUPerSecond, PartitionKey) by RegionName',
].join('\n');
const HOT_PREFIX = [
  'let judgedEnd = bin(now(), 1m) - 10m;',
  'let judgedStart = judgedEnd - 5m;',
  'CDBPartitionKeyRUConsumption',
  '| where TimeGenerated >= judgedStart and TimeGenerated < judgedEnd',
  '| where DatabaseName == "app" and CollectionName == "sessions"',
  '| where isnotempty(PartitionKey)',
  '| extend Prefix = iff(PartitionKey startswith "[", tostring(parse_json(PartitionKey)[0]), PartitionKey)',
  '| summarize MinuteRU = sum(RequestCharge) by Prefix, PartitionKeyRangeId, RegionName, Minute = bin(TimeGenerated, 1m)',
  '| summarize MinutesRU = make_list(MinuteRU) by Prefix, PartitionKeyRangeId, RegionName',
  '| extend SustainedRUPerSecond = todouble(array_sort_desc(MinutesRU)[2]) / 60.0',
  '| where isnotnull(SustainedRUPerSecond)',
  '| summarize arg_max(SustainedRUPerSecond, Prefix) by RegionName',
].join('\n');
/** The lines of a hierarchical key's throttledHotValue page: a tenant's total, a full key, a tenant on several partitions. */
type Lines = { prefix: number; key: number; spanning?: number; besideSpanning?: number };
/**
 * The throttledHotValue query of a hierarchical key: each full key (one logical partition, one RU log row) against the
 * key line and each first-level value's sum on each physical partition against the tenant line, kept only on a
 * physical partition whose own 429s are sustained (3 of the hour's intervals with 5+).
 */
const throttledHotPrefix = ({ prefix, key, spanning, besideSpanning }: Lines) =>
  [
    ...HOT_PREFIX.split('\n').slice(0, 2),
    'let requests = CDBDataPlaneRequests5M',
    '| where TimeGenerated >= judgedEnd - 60m and TimeGenerated < judgedEnd',
    '| where DatabaseName == "app" and CollectionName == "sessions"',
    '| extend PartitionId = tostring(column_ifexists("PartitionId", ""));',
    'let throttledPartitions = requests',
    '| summarize Throttled = sumif(coalesce(tolong(column_ifexists("RequestCount", real(null))), tolong(column_ifexists("SampleCount", real(null)))), toint(StatusCode) == 429) by PartitionId, Interval = bin(TimeGenerated, 5m)',
    '| summarize Partitions = count(), Throttling = countif(Throttled > 0), Hot = make_list_if(PartitionId, Throttled >= 5) by Interval',
    '| where Throttling < Partitions or Partitions == 1',
    '| mv-expand PartitionId = Hot to typeof(string)',
    '| summarize Intervals = count() by PartitionId',
    '| where Intervals >= 3',
    '| project PartitionId;',
    // Where the RU log's ranges are not among the request rows' partitions, the container's 429s gate instead.
    'let requestPartitions = requests | where isnotempty(PartitionId) | distinct PartitionId;',
    'let rangesMatch = toscalar(CDBPartitionKeyRUConsumption',
    '| where TimeGenerated >= judgedEnd - 60m and TimeGenerated < judgedEnd',
    '| where DatabaseName == "app" and CollectionName == "sessions"',
    '| where tostring(PartitionKeyRangeId) in (requestPartitions)',
    '| count) > 0;',
    'let containerThrottled = toscalar(requests',
    '| where toint(StatusCode) == 429',
    '| summarize Throttled = sum(coalesce(tolong(column_ifexists("RequestCount", real(null))), tolong(column_ifexists("SampleCount", real(null))))) by Interval = bin(TimeGenerated, 5m)',
    '| where Throttled >= 5',
    '| count) >= 3;',
    'let keyMinutes = CDBPartitionKeyRUConsumption',
    ...HOT_PREFIX.split('\n').slice(3, 7),
    '| summarize MinuteRU = sum(RequestCharge) by PartitionKey, Prefix, PartitionKeyRangeId, RegionName, Minute = bin(TimeGenerated, 1m);',
    'let keys = keyMinutes',
    '| summarize MinutesRU = make_list(MinuteRU) by PartitionKey, Prefix, PartitionKeyRangeId, RegionName',
    '| extend SustainedRUPerSecond = todouble(array_sort_desc(MinutesRU)[2]) / 60.0',
    `| where SustainedRUPerSecond > ${key};`,
    ...(spanning === undefined ? ['let prefixes = keyMinutes'] : ['let prefixRows = keyMinutes']),
    '| summarize MinuteRU = sum(MinuteRU) by Prefix, PartitionKeyRangeId, RegionName, Minute',
    '| summarize MinutesRU = make_list(MinuteRU) by Prefix, PartitionKeyRangeId, RegionName',
    '| extend SustainedRUPerSecond = todouble(array_sort_desc(MinutesRU)[2]) / 60.0',
    // A design whose hottest first-level value spans several physical partitions (the documents design's 90 GB whale):
    // each value logged on several in the judged minutes counts only above that value's own line there, and a value
    // on one of its partitions above what its plan leaves there (`besideSpanning`).
    ...(spanning === undefined
      ? [`| where SustainedRUPerSecond > ${prefix}`]
      : [
          '| summarize Ranges = make_list(PartitionKeyRangeId), RUs = make_list(SustainedRUPerSecond), Spans = count() by Prefix, RegionName',
          '| mv-expand PartitionKeyRangeId = Ranges to typeof(string), SustainedRUPerSecond = RUs to typeof(double);',
          ...(besideSpanning === undefined ? [] : ['let besideSpanning = prefixRows | where Spans > 1 | distinct PartitionKeyRangeId;']),
          'let prefixes = prefixRows',
          `| where Spans == 1 or SustainedRUPerSecond > ${spanning}`,
          `| where SustainedRUPerSecond > ${besideSpanning === undefined ? prefix : `iff(PartitionKeyRangeId in (besideSpanning), ${besideSpanning}, ${prefix})`}`,
        ]),
    '| extend PartitionKey = "";',
    'union keys, prefixes',
    '| where (rangesMatch and PartitionKeyRangeId in (throttledPartitions)) or (not(rangesMatch) and containerThrottled)',
    '| summarize arg_max(SustainedRUPerSecond, Prefix, PartitionKey) by RegionName',
  ].join('\n');
/** The sessions design's lines: 4,640 RU/s for a tenant and a user alike (no value of it spans partitions). */
const SESSIONS_LINES: Lines = { prefix: 4_640, key: 4_640 };
// Alerts35: a design whose hottest first-level value spans several physical partitions (the documents design's 90 GB
// whale) gets these two lines after the per-partition RU/s, and each value logged on several partitions in the judged
// minutes counts only above that value's own line (its plan and 10%, on each).
const withSpanningLine = (query: string, line: number) =>
  query.replace(
    '| where isnotnull(SustainedRUPerSecond)',
    [
      '| summarize SustainedRUPerSecond = max(SustainedRUPerSecond), Spans = count() by Prefix, RegionName',
      `| where Spans == 1 or SustainedRUPerSecond > ${line}`,
      '| where isnotnull(SustainedRUPerSecond)',
    ].join('\n'),
  );
const THROTTLE_RATE = [
  'let judgedEnd = bin(now(), 5m) - 10m;',
  'let episodeStart = judgedEnd - 1320m;',
  'let ends = CDBDataPlaneRequests5M',
  '| where TimeGenerated >= episodeStart - 60m and TimeGenerated < judgedEnd',
  '| where DatabaseName == "app" and CollectionName == "sessions"',
  '| summarize Throttled = sumif(coalesce(tolong(column_ifexists("RequestCount", real(null))), tolong(column_ifexists("SampleCount", real(null)))), toint(StatusCode) == 429), Requests = sum(coalesce(tolong(column_ifexists("RequestCount", real(null))), tolong(column_ifexists("SampleCount", real(null))))) by Interval = bin(TimeGenerated, 5m)',
  '| extend Share = iff(Requests >= 1000, todouble(Throttled) / Requests, real(null))',
  '| mv-expand Offset = range(1, 12) to typeof(long)',
  '| extend End = Interval + Offset * 5m',
  '| where End > episodeStart and End <= judgedEnd',
  '| summarize LongShare = avg(Share), ShortShare = minif(Share, Offset <= 3), Short = countif(Offset <= 3 and isnotnull(Share)), ThrottledIntervals = countif(Throttled >= 5) by End',
  '| extend Sustained = iff(Short == 3, min_of(LongShare, ShortShare), real(null)), Calm = ThrottledIntervals < 3;',
  'let lastCalm = toscalar(ends | where Calm | summarize max(End));',
  'ends',
  '| summarize NowShare = take_anyif(Sustained, End == judgedEnd), EpisodeShare = maxif(Sustained, isnull(lastCalm) or End > lastCalm), StillThrottled = countif(End == judgedEnd and not(Calm))',
  '| extend SustainedThrottledShare = iff(StillThrottled > 0, EpisodeShare, NowShare)',
  '| where isnotnull(SustainedThrottledShare)',
  '| project SustainedThrottledShare, NowShare, EpisodeShare',
].join('\n');
const LARGEST_PARTITION = [
  'CDBPartitionKeyStatistics',
  '| where DatabaseName == "app" and CollectionName == "sessions"',
  '| where isnotempty(PartitionKey)',
  '| summarize SizeKb = max(SizeKb) by PartitionKey',
  '| extend SizeGb = SizeKb / 1048576.0',
].join('\n');

describe('the KQL each meaning was read from', () => {
  it('GuardedContainer emits exactly the pinned text of each query (a change here needs its meaning read again)', () => {
    expect(queries).toEqual({
      'sessions-hot-key': HOT_KEY,
      'sessions-hot-prefix': HOT_PREFIX,
      'sessions-throttle-rate': THROTTLE_RATE,
      'sessions-throttled-hot-value': throttledHotPrefix(SESSIONS_LINES),
      'sessions-partition-size': LARGEST_PARTITION,
      'sessions-partition-size-limit': LARGEST_PARTITION,
    });
  });

  it('every query GuardedContainer emits has a meaning for its container, none for another container or an edited query', () => {
    const registry = skewguardQueries([{ databaseName: 'app', containerName: 'sessions' }]);
    for (const [rule, query] of Object.entries(queries)) expect([rule, registry(query, rule)]).toEqual([rule, expect.any(Function)]);
    const other = skewguardQueries([{ databaseName: 'app', containerName: 'other' }]);
    expect(Object.entries(queries).map(([rule, query]) => other(query, rule))).toEqual(Object.keys(queries).map(() => undefined));
    expect(registry(HOT_KEY.replace('(MinutesRU)[2]', '(MinutesRU)[1]'), 'edited')).toBeUndefined();
    expect(registry(THROTTLE_RATE.replace('>= 1000', '>= 500'), 'another minimum')).toEqual(expect.any(Function));
  });

  it('a design whose hottest value spans partitions: the prefix queries carry its line, and have a meaning for it', () => {
    const lines = { prefix: 1_450, key: 1_200, spanning: 2_475 };
    expect([hotPrefixQuery('app', 'sessions', 2_475), throttledHotValueQuery('app', 'sessions', 'Prefix', lines)]).toEqual([
      withSpanningLine(HOT_PREFIX, 2_475),
      throttledHotPrefix(lines),
    ]);
    const registry = skewguardQueries([{ databaseName: 'app', containerName: 'sessions' }]);
    expect(registry(throttledHotPrefix({ ...lines, spanning: 2_475.5 }), 'rule')).toEqual(expect.any(Function));
  });

  it('a container not named by two strings is a UsageError at its field', () => {
    expect(() => skewguardQueries([{ databaseName: 'app', containerName: undefined as never }])).toThrow(UsageError);
    expect(() => skewguardQueries([{ databaseName: 'app', containerName: undefined as never }])).toThrow(
      /containers\[0\]\.containerName: expected the container's containerName/,
    );
  });
});

const row = (timeGenerated: number, columns: Record<string, string | number>): LogRow => ({
  timeGenerated,
  ingestedAt: timeGenerated,
  columns: { DatabaseName: 'app', CollectionName: 'sessions', ...columns },
});
/** The result of `query`'s meaning over `rows` (by table) at the check of minute `now`. */
function run(query: string, rows: Record<string, LogRow[]>, now: number): readonly ResultRow[] {
  const meaning = skewguardQueries([{ databaseName: 'app', containerName: 'sessions' }])(query, 'rule') as QuerySemantics;
  return meaning((table) => rows[table] ?? [], { now, from: now - 60, to: now });
}
const byRegion = (rows: readonly ResultRow[]) => [...rows].sort((a, b) => String(a.RegionName).localeCompare(String(b.RegionName)));

describe('each meaning, on hand-worked rows', () => {
  // Checked at minute 100.5: bin(now(), 1m) − 10m = 90, so the judged minutes are 85 to 89.
  const WE = 'West Europe';
  const NE = 'North Europe';
  const minutes = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  const RU = {
    CDBPartitionKeyRUConsumption: [
      // ["a","u1"]: 1,200 RU a minute but 600 in minute 86 (two rows): 20 RU/s in 3 of 5 (10 in all 5).
      ...minutes(85, 90).map((m) => row(m + 0.2, { PartitionKey: '["a","u1"]', RegionName: WE, RequestCharge: m === 86 ? 300 : 1_200 })),
      row(86.7, { PartitionKey: '["a","u1"]', RegionName: WE, RequestCharge: 300 }),
      // ["a","u2"]: 1,800 RU a minute, 30 RU/s.
      ...minutes(85, 90).map((m) => row(m, { PartitionKey: '["a","u2"]', RegionName: WE, RequestCharge: 1_800 })),
      // ["e","u6"]: 2,400 RU in every other judged minute (85, 87, 89), 40 RU/s in 3 of 5: the hot key of West Europe.
      ...[85, 87, 89].map((m) => row(m, { PartitionKey: '["e","u6"]', RegionName: WE, RequestCharge: 2_400 })),
      // Hotter, but in 2 of the 5 minutes, of another container, outside the span, or with no key: never the answer.
      ...minutes(85, 87).map((m) => row(m, { PartitionKey: '["b","u3"]', RegionName: WE, RequestCharge: 6_000 })),
      ...minutes(85, 90).map((m) => row(m, { PartitionKey: '["c","u4"]', RegionName: WE, RequestCharge: 6_000, CollectionName: 'other' })),
      ...[...minutes(80, 85), 90].map((m) => row(m, { PartitionKey: '["d","u5"]', RegionName: WE, RequestCharge: 6_000 })),
      ...minutes(85, 90).map((m) => row(m, { PartitionKey: '', RegionName: WE, RequestCharge: 60_000 })),
      // Another region is judged on its own: 2 RU/s.
      ...minutes(85, 90).map((m) => row(m, { PartitionKey: '["a","u1"]', RegionName: NE, RequestCharge: 120 })),
    ],
  };
  /** RU, and a first-level value "f" whose keys are on two physical partitions: 35 RU/s on each, 70 in all. */
  const SPANNING = {
    CDBPartitionKeyRUConsumption: [
      ...RU.CDBPartitionKeyRUConsumption,
      ...minutes(85, 90).flatMap((m) => [
        row(m, { PartitionKey: '["f","u7"]', RegionName: WE, PartitionKeyRangeId: '1', RequestCharge: 2_100 }),
        row(m, { PartitionKey: '["f","u8"]', RegionName: WE, PartitionKeyRangeId: '2', RequestCharge: 2_100 }),
      ]),
    ],
  };

  it('hot key: per region, the key with the highest RU ÷ 60 it reached in at least 3 of the 5 judged minutes (its 3rd highest minute), in a row or in bursts', () => {
    expect(byRegion(run(HOT_KEY, RU, 100.5))).toEqual([
      { RegionName: NE, PartitionKey: '["a","u1"]', SustainedRUPerSecond: 2 },
      { RegionName: WE, PartitionKey: '["e","u6"]', SustainedRUPerSecond: 40 },
    ]);
  });

  it("hot prefix: the same over each key's logged first level (a: 1,200 + 1,800 in 4 of its minutes, 50 RU/s; e: 40)", () => {
    expect(byRegion(run(HOT_PREFIX, RU, 100.5))).toEqual([
      { RegionName: NE, Prefix: 'a', SustainedRUPerSecond: 2 },
      { RegionName: WE, Prefix: 'a', SustainedRUPerSecond: 50 },
    ]);
  });

  // Each physical partition serves a first-level value its own share: 35 RU/s on each of two is 35 against a line, not 70.
  it('hot prefix: per physical partition (PartitionKeyRangeId), so "f" at 35 RU/s on each of two stays under "a" at 50 on one', () => {
    expect(byRegion(run(HOT_PREFIX, SPANNING, 100.5))).toEqual([
      { RegionName: NE, Prefix: 'a', SustainedRUPerSecond: 2 },
      { RegionName: WE, Prefix: 'a', SustainedRUPerSecond: 50 },
    ]);
  });

  /** "f" at 35 RU/s on each of two physical partitions, "g" at 20 on one. */
  const WHALE_AND_TENANT = {
    CDBPartitionKeyRUConsumption: minutes(85, 90).flatMap((m) => [
      row(m, { PartitionKey: '["f","u7"]', RegionName: WE, PartitionKeyRangeId: '1', RequestCharge: 2_100 }),
      row(m, { PartitionKey: '["f","u8"]', RegionName: WE, PartitionKeyRangeId: '2', RequestCharge: 2_100 }),
      row(m, { PartitionKey: '["g","u9"]', RegionName: WE, PartitionKeyRangeId: '3', RequestCharge: 1_200 }),
    ]),
  };

  it('hot prefix with a spanning line: "f", on two partitions, counts only above that line (35 > 30: f; 35 ≤ 40: g, on one, at 20)', () => {
    expect([30, 40].map((line) => run(withSpanningLine(HOT_PREFIX, line), WHALE_AND_TENANT, 100.5))).toEqual([
      [{ RegionName: WE, Prefix: 'f', SustainedRUPerSecond: 35 }],
      [{ RegionName: WE, Prefix: 'g', SustainedRUPerSecond: 20 }],
    ]);
    expect(run(HOT_PREFIX, WHALE_AND_TENANT, 100.5)).toEqual([{ RegionName: WE, Prefix: 'f', SustainedRUPerSecond: 35 }]);
  });

  /** 5 429s in each of 3 intervals of the hour on `partition`: its throttling sustained. */
  const throttledOn = (partition: string) => [30, 35, 40].map((m) => row(m, { StatusCode: '429', SampleCount: 5, PartitionId: partition }));
  /** 1,000 requests answered in each of those intervals on `partition`, none throttled. */
  const answeredOn = (partition: string) => [30, 35, 40].map((m) => row(m, { StatusCode: '200', SampleCount: 1_000, PartitionId: partition }));
  // Each value is kept only on a partition that itself throttles: 429s elsewhere in the container name nothing there.
  it('throttled hot value: a value only on a partition whose own 429s are sustained (g on 3; f on 2 above a 30 line; none where 9 throttles)', () => {
    const quiet = (partitions: string[]) => ['1', '2', '3', '9'].filter((p) => !partitions.includes(p)).flatMap(answeredOn);
    const at = (partitions: string[], line = 40) =>
      run(
        throttledHotPrefix({ prefix: 0, key: 1_000, spanning: line }),
        { ...WHALE_AND_TENANT, CDBDataPlaneRequests5M: [...partitions.flatMap(throttledOn), ...quiet(partitions)] },
        100.5,
      );
    expect([at(['3']), at(['1']), at(['2'], 30), at(['9']), at(['1', '3'])]).toEqual([
      [{ RegionName: WE, Prefix: 'g', PartitionKey: '', SustainedRUPerSecond: 20 }],
      [],
      [{ RegionName: WE, Prefix: 'f', PartitionKey: '', SustainedRUPerSecond: 35 }],
      [],
      [{ RegionName: WE, Prefix: 'g', PartitionKey: '', SustainedRUPerSecond: 20 }],
    ]);
  });

  // A first-level value is the sum of its full keys' rows; each is judged against the line drawn for what it sums.
  it("throttled hot value: a full key against the key line, a first-level value's sum against its own (g, one key of 20 RU/s on 3)", () => {
    const at = (lines: Lines) =>
      run(throttledHotPrefix(lines), { ...WHALE_AND_TENANT, CDBDataPlaneRequests5M: [...throttledOn('3'), ...answeredOn('1')] }, 100.5);
    expect([at({ prefix: 25, key: 15 }), at({ prefix: 25, key: 25 }), at({ prefix: 15, key: 25 })]).toEqual([
      [{ RegionName: WE, Prefix: 'g', PartitionKey: '["g","u9"]', SustainedRUPerSecond: 20 }],
      [],
      [{ RegionName: WE, Prefix: 'g', PartitionKey: '', SustainedRUPerSecond: 20 }],
    ]);
  });

  // A tenant on a partition the spanning value shares gets the lower line; one elsewhere the tenant line.
  it('throttled hot value: beside a value logged on several partitions, a first-level value is judged against the lower line (g on 3 at 20: 15 beside f only)', () => {
    const beside = {
      ...WHALE_AND_TENANT,
      CDBPartitionKeyRUConsumption: WHALE_AND_TENANT.CDBPartitionKeyRUConsumption.map((r) =>
        r.columns.PartitionKeyRangeId === '3' ? { ...r, columns: { ...r.columns, PartitionKeyRangeId: '2' } } : r,
      ),
    };
    const at = (rows: typeof WHALE_AND_TENANT) =>
      run(
        throttledHotPrefix({ prefix: 25, key: 1_000, spanning: 1_000, besideSpanning: 15 }),
        { ...rows, CDBDataPlaneRequests5M: [...throttledOn('2'), ...throttledOn('3'), ...answeredOn('1')] },
        100.5,
      );
    expect([at(WHALE_AND_TENANT), at(beside)]).toEqual([[], [{ RegionName: WE, Prefix: 'g', PartitionKey: '', SustainedRUPerSecond: 20 }]]);
  });

  // A whole-container import: every partition throttles, and no interval counts for any of them.
  it('throttled hot value: an interval in which every partition logged returned 429s counts for none (g on 3 with 1, 2 and 9 throttling too: nothing)', () => {
    const at = (throttling: string[], quiet: string[]) =>
      run(
        throttledHotPrefix({ prefix: 0, key: 1_000, spanning: 40 }),
        { ...WHALE_AND_TENANT, CDBDataPlaneRequests5M: [...throttling.flatMap(throttledOn), ...quiet.flatMap(answeredOn)] },
        100.5,
      );
    expect([at(['1', '2', '3', '9'], []), at(['3'], ['1', '2', '9']), at(['1', '2', '3'], ['9'])]).toEqual([
      [],
      [{ RegionName: WE, Prefix: 'g', PartitionKey: '', SustainedRUPerSecond: 20 }],
      [{ RegionName: WE, Prefix: 'g', PartitionKey: '', SustainedRUPerSecond: 20 }],
    ]);
  });

  it("throttled hot value: a partition's 429s count only in 3 intervals of 5 or more (two such intervals, or 4 429s each, are not sustained)", () => {
    const rows = (counts: number[]) => [
      ...counts.map((n, i) => row(30 + 5 * i, { StatusCode: '429', SampleCount: n, PartitionId: '3' })),
      ...counts.map((_, i) => row(30 + 5 * i, { StatusCode: '200', SampleCount: 1_000, PartitionId: '1' })),
    ];
    const at = (counts: number[]) =>
      run(throttledHotPrefix({ prefix: 0, key: 1_000, spanning: 40 }), { ...WHALE_AND_TENANT, CDBDataPlaneRequests5M: rows(counts) }, 100.5);
    expect([at([5, 5]), at([4, 4, 4, 4]), at([5, 0, 5, 5])]).toEqual([[], [], [{ RegionName: WE, Prefix: 'g', PartitionKey: '', SustainedRUPerSecond: 20 }]]);
  });

  // A workspace whose request rows name partitions otherwise than the RU log's ranges: the per-partition gate could
  // never hold, so the container's sustained 429s gate every range instead (else the page would never fire).
  it("throttled hot value: where no logged range is among the request rows' PartitionId, the container's 429s gate (3 intervals: g; f above a 30 line; 2: none)", () => {
    const PHYSICAL = ['6f1c0a52-0b7e-4c1e-9d3a-1', '6f1c0a52-0b7e-4c1e-9d3a-2'];
    /** Requests on two physical partitions, the first with 5 429s in `intervals` intervals; `logsIds` false: no PartitionId column. */
    const requests = (intervals: number, logsIds = true) =>
      PHYSICAL.flatMap((id) =>
        [30, 35, 40].flatMap((m, i) => [
          row(m, { StatusCode: '200', SampleCount: 1_000, ...(logsIds ? { PartitionId: id } : {}) }),
          ...(i < intervals && id === PHYSICAL[0] ? [row(m, { StatusCode: '429', SampleCount: 5, ...(logsIds ? { PartitionId: id } : {}) })] : []),
        ]),
      );
    const at = (rows: LogRow[], line = 40) =>
      run(throttledHotPrefix({ prefix: 0, key: 1_000, spanning: line }), { ...WHALE_AND_TENANT, CDBDataPlaneRequests5M: rows }, 100.5);
    expect([at(requests(3)), at(requests(3), 30), at(requests(2)), at(requests(3, false))]).toEqual([
      [{ RegionName: WE, Prefix: 'g', PartitionKey: '', SustainedRUPerSecond: 20 }],
      [{ RegionName: WE, Prefix: 'f', PartitionKey: '', SustainedRUPerSecond: 35 }],
      [],
      [{ RegionName: WE, Prefix: 'g', PartitionKey: '', SustainedRUPerSecond: 20 }],
    ]);
    // One logged range among the request rows' partitions: the join holds, and 429s on a partition the RU log does not
    // name page nothing.
    const joined = [...requests(3), ...[30, 35, 40].map((m) => row(m, { StatusCode: '200', SampleCount: 1_000, PartitionId: '1' }))];
    expect(at(joined)).toEqual([]);
  });

  // Checked at minute 101: bin(now(), 5m) − 10m = 90; the long window is the intervals 30 to 85, the short one 75 to 85.
  const intervals = (shares: Record<number, [requests: number, throttled: number]>, collection = 'sessions') =>
    Object.entries(shares).flatMap(([start, [requests, throttled]]) => [
      row(Number(start), { StatusCode: 200, SampleCount: requests - throttled, CollectionName: collection }),
      row(Number(start), { StatusCode: '429', SampleCount: throttled, CollectionName: collection }),
    ]);
  const quiet = Object.fromEntries(minutes(6, 18).map((i): [number, [number, number]] => [i * 5, [1_000, 0]]));
  const throttling = {
    ...quiet,
    50: [500, 500] as [number, number], // under 1,000 requests: not judged
    75: [1_000, 100] as [number, number],
    80: [1_000, 200] as [number, number],
    85: [1_000, 80] as [number, number],
    90: [1_000, 1_000] as [number, number], // not judged yet
  };

  it('throttle rate: the lower of the mean share of the judged intervals of the hour and the lowest of the last 3', () => {
    const [result] = run(THROTTLE_RATE, { CDBDataPlaneRequests5M: [...intervals(throttling), ...intervals({ 80: [1_000, 1_000] }, 'other')] }, 101);
    const long = (0.1 + 0.2 + 0.08) / 11;
    expect(result).toEqual({ SustainedThrottledShare: expect.closeTo(long, 12), NowShare: expect.closeTo(long, 12), EpisodeShare: expect.closeTo(long, 12) });
  });

  it("throttle rate: a row counts its RequestCount (the table reference) or, where it has none, its SampleCount (Microsoft's queries)", () => {
    const renamed = (rows: ReturnType<typeof intervals>) =>
      rows.map((r) => ({ ...r, columns: Object.fromEntries(Object.entries(r.columns).map(([k, v]) => [k === 'SampleCount' ? 'RequestCount' : k, v])) }));
    const sampled = run(THROTTLE_RATE, { CDBDataPlaneRequests5M: intervals(throttling) }, 101);
    expect(run(THROTTLE_RATE, { CDBDataPlaneRequests5M: renamed(intervals(throttling)) }, 101)).toEqual(sampled);
    expect(sampled[0].SustainedThrottledShare).toBeGreaterThan(0);
    expect(THROTTLE_RATE).toContain('column_ifexists("RequestCount", real(null))');
  });

  it("throttle rate: while 3 of the hour's intervals still count 5+ 429s, the highest share since the throttling began (one episode, one page)", () => {
    // 30% throttled at 40–50, then 1% to the end: every hour from the end at 55 on holds 3+ throttled intervals.
    const episode = Object.fromEntries(minutes(0, 18).map((i): [number, [number, number]] => [i * 5, [1_000, i >= 8 && i <= 10 ? 300 : i > 10 ? 10 : 0]]));
    const [result] = run(THROTTLE_RATE, { CDBDataPlaneRequests5M: intervals(episode) }, 101);
    // At the end 55: the hour 0–50 averages 0.9 ÷ 11, the last three 0.3.
    expect(result.EpisodeShare).toBeCloseTo(0.9 / 11, 12);
    expect(result.NowShare).toBeCloseTo(0.01, 12);
    expect(result.SustainedThrottledShare).toBe(result.EpisodeShare);
    // An hour with fewer than 3 throttled intervals ends the episode: only the current share counts.
    // Checked at 131 (the end 120): the 30% at 40–50 is out of the hour, one interval of 10 429s is left in it.
    const ended = Object.fromEntries(minutes(0, 24).map((i): [number, [number, number]] => [i * 5, [1_000, i >= 8 && i <= 10 ? 300 : i === 23 ? 10 : 0]]));
    expect(run(THROTTLE_RATE, { CDBDataPlaneRequests5M: intervals(ended) }, 131)).toEqual([{ SustainedThrottledShare: 0, NowShare: 0 }]);
  });

  it('throttle rate: no row unless each of the last 3 intervals was judged', () => {
    expect(run(THROTTLE_RATE, { CDBDataPlaneRequests5M: intervals({ ...throttling, 80: [999, 500] }) }, 101)).toEqual([]);
  });

  it('partition sizes: the largest SizeKb any row gave each non-empty key of this container, in GB, a row per key (review 21: top 1 hid the second)', () => {
    const stats = [
      row(10, { PartitionKey: '["a"]', SizeKb: 1_048_576 }),
      row(70, { PartitionKey: '["a"]', SizeKb: 2_097_152 }),
      row(70, { PartitionKey: '["b"]', SizeKb: 1_572_864 }),
      row(70, { PartitionKey: '', SizeKb: 9_000_000 }),
      row(70, { PartitionKey: '["c"]', SizeKb: 9_000_000, CollectionName: 'other' }),
    ];
    expect(run(LARGEST_PARTITION, { CDBPartitionKeyStatistics: stats }, 101)).toEqual([
      { PartitionKey: '["a"]', SizeKb: 2_097_152, SizeGb: 2 },
      { PartitionKey: '["b"]', SizeKb: 1_572_864, SizeGb: 1.5 },
    ]);
  });

  it('partition size: two keys past 16 GB fire two alerts, one per PartitionKey, as Azure splits a log alert by its dimension', () => {
    const rule = engine.named('sessions-partition-size').inputs;
    const telemetry = new Telemetry(24 * 60);
    const gb = (key: string, size: number) => ({ PartitionKey: key, SizeKb: size * 1_048_576, DatabaseName: 'app', CollectionName: 'sessions' });
    for (const minute of [30, 90]) {
      telemetry.log('CDBPartitionKeyStatistics', { timeGenerated: minute, ingestedAt: minute + 5, columns: gb('["t1","u1"]', 17) });
      telemetry.log('CDBPartitionKeyStatistics', { timeGenerated: minute, ingestedAt: minute + 5, columns: gb('["t2","u2"]', 18.5) });
      telemetry.log('CDBPartitionKeyStatistics', { timeGenerated: minute, ingestedAt: minute + 5, columns: gb('["t3","u3"]', 4) });
    }
    const replay = replayLogAlert('sessions-partition-size', rule, telemetry, [ONCALL], skewguardQueries([{ databaseName: 'app', containerName: 'sessions' }]));
    const fired = replay.events.filter((e) => e.kind === 'fired').map((e) => [e.series, e.value]);
    expect(fired.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['PartitionKey=["t1","u1"]', 17],
      ['PartitionKey=["t2","u2"]', 18.5],
    ]);
  });
});
