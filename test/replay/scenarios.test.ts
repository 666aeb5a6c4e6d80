// The scenario models against the documented facts behind their metrics, each both ways, and their
// determinism (a seeded generator: the same seed gives the same week).
import { hotValueReach, normalize, type CosmosKeyDesign } from '../../lib';
import {
  cosmosIncident,
  dynamoIncident,
  healthyCosmosWeek,
  healthyWeek,
  MINUTES_PER_DAY,
  Random,
  rangesOf,
  SCOPE_DIMENSION,
  simulateContainer,
  simulateTable,
  Telemetry,
  type ContainerModel,
  type KeySpaceModel,
  type TableModel,
} from '../../lib/testing/replay';
import { usageIssues } from './support/usage-issues';

const TABLE = '${Ref:T}';
const RULES = { '': { accessed: 'pkc', throttled: 'pkt' } };
const space = (over: Partial<KeySpaceModel> = {}): KeySpaceModel => ({ partitions: 1, cardinality: 1_000_000, read: () => 0, write: () => 0, ...over });
const onDemand = (over: Partial<TableModel> = {}, s = space()): TableModel => ({ capacity: { mode: 'on-demand' }, keySpaces: [s], ...over });
const events = (t: Telemetry, name: string, dims: Record<string, string> = { TableName: TABLE }) =>
  t.series({ namespace: 'AWS/DynamoDB', metricName: name, dimensions: dims }).map((p) => p?.sum);

/** The container every Cosmos DB model is simulated as. */
const NAMES = { accountId: 'acc', databaseName: 'db', containerName: 'c' };

/** `minutes` of telemetry with a table's or a container's model simulated into it (the generator seeded `seed`), and
 *  the simulation's truth: one builder for both engines. */
function run(model: TableModel, minutes?: number, seed?: number): { t: Telemetry; truth: ReturnType<typeof simulateTable> };
function run(model: ContainerModel, minutes?: number, seed?: number): { t: Telemetry; truth: ReturnType<typeof simulateContainer> };
function run(model: TableModel | ContainerModel, minutes = 5, seed = 1) {
  const t = new Telemetry(minutes);
  const random = new Random(seed);
  const truth = 'keySpaces' in model ? simulateTable(model, { tableName: TABLE, rules: RULES }, t, random) : simulateContainer(model, NAMES, t, random);
  return { t, truth };
}

describe('DynamoDB model', () => {
  it('a key at 1,500 WCU/s on a 1,000 WCU/s partition throttles about 500 requests a second: ~30,000 WriteKeyRangeThroughputThrottleEvents a minute; at 700 WCU/s none', () => {
    const hot = run(onDemand({}, space({ hotKeys: [{ key: 'k', partition: 0, write: () => 1500 }] })));
    for (const n of events(hot.t, 'WriteKeyRangeThroughputThrottleEvents')) expect(Math.abs((n as number) - 30_000) / 30_000).toBeLessThan(0.05);
    const cool = run(onDemand({}, space({ hotKeys: [{ key: 'k', partition: 0, write: () => 700 }] })));
    expect(events(cool.t, 'WriteKeyRangeThroughputThrottleEvents')).toEqual([0, 0, 0, 0, 0]);
    expect(cool.truth[0].firstKeyRangeThrottle).toBeUndefined();
  });

  it('Contributor Insights counts consumed units as 3 × WCU + RCU per minute: 500 WCU/s is 90,000, 500 RCU/s is 30,000', () => {
    const writes = run(onDemand({}, space({ hotKeys: [{ key: 'w', partition: 0, write: () => 500 }] })), 1);
    const reads = run(onDemand({}, space({ hotKeys: [{ key: 'r', partition: 0, read: () => 500 }] })), 1);
    expect(writes.t.contributors('pkc', 0).get('w')).toBeCloseTo(90_000, 0);
    expect(reads.t.contributors('pkc', 0).get('r')).toBeCloseTo(30_000, 0);
    expect(writes.t.contributors('pkt', 0).size).toBe(0);
  });

  it('the on-demand maximum throttles the excess under WriteMaxOnDemandThroughputThrottleEvents, not key range; the account quota under WriteAccountLimitThrottleEvents with TableName only', () => {
    const max = run(onDemand({ capacity: { mode: 'on-demand', maxWrite: 4000 } }, space({ partitions: 8, write: () => 5000 })), 2);
    expect(events(max.t, 'WriteMaxOnDemandThroughputThrottleEvents').every((n) => Math.abs((n as number) - 60_000) < 1_500)).toBe(true);
    expect(events(max.t, 'WriteKeyRangeThroughputThrottleEvents')).toEqual([0, 0]);
    const quota = run(onDemand({ capacity: { mode: 'on-demand', quota: 40_000 } }, space({ partitions: 100, write: () => 41_000 })), 1);
    expect(events(quota.t, 'WriteAccountLimitThrottleEvents')[0]).toBeGreaterThan(55_000);
    const under = run(onDemand({ capacity: { mode: 'on-demand', quota: 40_000 } }, space({ partitions: 100, write: () => 39_000 })), 1);
    expect(events(under.t, 'WriteAccountLimitThrottleEvents')).toEqual([0]);
  });

  it('provisioned capacity throttles above the provisioned rate at once without burst credit, and not while 300 s of unused capacity last', () => {
    const provisioned = { mode: 'provisioned' as const, read: 100, write: 1000 };
    const cold = run({ capacity: provisioned, keySpaces: [space({ partitions: 2, write: () => 1200 })] }, 1);
    expect(events(cold.t, 'WriteProvisionedThroughputThrottleEvents')[0]).toBeGreaterThan(11_000);
    const banked = run({ capacity: provisioned, keySpaces: [space({ partitions: 2, write: (m) => (m < 10 ? 500 : 1200) })] }, 12);
    expect(events(banked.t, 'WriteProvisionedThroughputThrottleEvents').slice(10)).toEqual([0, 0]);
  });

  describe('auto scaling (target tracking at 70%, minimum 1,000 WCU/s, maximum 1,500; no burst credit banked)', () => {
    const scaled = (write: (m: number) => number, scalingDelayMinutes?: number): TableModel => ({
      capacity: { mode: 'provisioned', read: 100, write: 1000, autoScaling: { write: { max: 1500, targetUtilizationPercent: 70 } }, scalingDelayMinutes },
      keySpaces: [space({ partitions: 4, write })],
    });
    // The table is idle in minute 0 (so it starts at its minimum, see below) and steps up in minute 1: the
    // series below start at minute 1.
    const step = (m: number) => (m < 1 ? 0 : 1300);
    const capacity = (t: Telemetry) => events(t, 'ProvisionedWriteCapacityUnits').slice(1);
    const throttled = (t: Telemetry) =>
      events(t, 'WriteProvisionedThroughputThrottleEvents')
        .slice(1)
        .map((n) => (n as number) > 0);

    it("starts where target tracking holds minute 0's load: its load ÷ 70% (1,000 → 1,429), at least the minimum (650 → 1,000), at most the maximum (1,300 → 1,500); a steady 1,300 then never throttles", () => {
      const first = (load: number) =>
        events(
          run(
            scaled(() => load),
            1,
          ).t,
          'ProvisionedWriteCapacityUnits',
        )[0];
      expect([1000, 650, 1300].map(first)).toEqual([1429, 1000, 1500]);
      expect(
        throttled(
          run(
            scaled(() => 1300),
            20,
          ).t,
        ).some(Boolean),
      ).toBe(false);
    });

    it('a step to 1,300 WCU/s: 2 minutes over 70% trigger it, the new capacity applies 5 minutes later (alarm 2 + UpdateTable 3), requests over 1,000 throttle until then', () => {
      const { t } = run(scaled(step), 9);
      expect(capacity(t)).toEqual([1000, 1000, 1000, 1000, 1000, 1000, 1000, 1429]);
      expect(throttled(t)).toEqual([true, true, true, true, true, true, true, false]);
      expect(events(t, 'WriteProvisionedThroughputThrottleEvents')[4]).toBeGreaterThan(17_000);
    });

    it('sizes each step from consumed capacity (throttled requests are not): 1,000 ÷ 0.7 = 1,429 first, then 1,300 ÷ 0.7 capped at the maximum 1,500', () => {
      const { t } = run(scaled(step), 17);
      expect(capacity(t).slice(6)).toEqual([1000, 1429, 1429, 1429, 1429, 1429, 1429, 1429, 1500, 1500]);
    });

    it('a shorter reaction (scalingDelayMinutes 2) applies the step 3 minutes earlier; without autoScaling the capacity never changes', () => {
      expect(capacity(run(scaled(step, 2), 6).t)).toEqual([1000, 1000, 1000, 1000, 1429]);
      const fixed = run({ capacity: { mode: 'provisioned', read: 100, write: 1000 }, keySpaces: [space({ partitions: 4, write: () => 1300 })] }, 20);
      expect(new Set(capacity(fixed.t))).toEqual(new Set([1000]));
      expect(throttled(fixed.t).every(Boolean)).toBe(true);
    });

    it('scales in after 15 minutes below 50% (the target − 20 points: minutes 20–34), to the minimum, 5 minutes later; demand under the target never scales out', () => {
      const { t } = run(
        scaled((m) => (m < 20 ? 1300 : 300)),
        42,
      );
      expect(capacity(t).slice(32, 41)).toEqual([1500, 1500, 1500, 1500, 1500, 1500, 1500, 1000, 1000]); // minutes 33–41
      expect(
        new Set(
          capacity(
            run(
              scaled(() => 650),
              30,
            ).t,
          ),
        ),
      ).toEqual(new Set([1000]));
    });
  });

  it('publishes 0 throttle events in minutes with traffic and nothing in minutes without (assumption: DynamoDB reports zeros while there is traffic)', () => {
    const { t } = run(onDemand({}, space({ write: (m) => (m < 2 ? 100 : 0) })), 4);
    expect(events(t, 'WriteKeyRangeThroughputThrottleEvents')).toEqual([0, 0, undefined, undefined]);
  });

  it('is deterministic: the same seed gives the same week of throttles and latency, another seed another', () => {
    const model = onDemand({ deploys: [30] }, space({ partitions: 3, write: () => 900, read: () => 50 }));
    const series = (seed: number) => {
      const { t } = run(model, 60, seed);
      return [
        events(t, 'WriteKeyRangeThroughputThrottleEvents'),
        t
          .series({ namespace: 'AWS/DynamoDB', metricName: 'SuccessfulRequestLatency', dimensions: { TableName: TABLE, Operation: 'Query' } })
          .map((p) => p?.percentiles?.p99 ?? p?.max),
      ];
    };
    expect(series(7)).toEqual(series(7));
    expect(series(7)).not.toEqual(series(8));
  });
});

describe('Cosmos DB model', () => {
  const normalized = (t: Telemetry, range = '0') =>
    t
      .series({
        namespace: 'Microsoft.DocumentDB/databaseAccounts',
        metricName: 'NormalizedRUConsumption',
        dimensions: { [SCOPE_DIMENSION]: 'acc', DatabaseName: 'db', CollectionName: 'c', PartitionKeyRangeId: range },
      })
      .map((p) => p?.max);
  const requests = (t: Telemetry, status: string) =>
    t
      .series({
        namespace: 'Microsoft.DocumentDB/databaseAccounts',
        metricName: 'TotalRequests',
        dimensions: { [SCOPE_DIMENSION]: 'acc', DatabaseName: 'db', CollectionName: 'c', StatusCode: status },
      })
      .map((p) => p?.count ?? 0);

  it("the core's count of ranges at creation: one per 6,000 RU/s manual, one per 10,000 RU/s autoscale or shared, one per 50 GB", () => {
    expect(rangesOf({ throughput: { kind: 'autoscale', ru: 40_000 }, storageGb: 10 })).toBe(4);
    expect(rangesOf({ throughput: { kind: 'shared', ru: 18_000 }, storageGb: 10 })).toBe(2);
    // Microsoft's example: 18,000 RU/s of manual throughput start on three partitions of 6,000 RU/s.
    expect(rangesOf({ throughput: { kind: 'manual', ru: 18_000 }, storageGb: 10 })).toBe(3);
    expect(rangesOf({ throughput: { kind: 'manual', ru: 6_000 }, storageGb: 10 })).toBe(1);
    expect(rangesOf({ throughput: { kind: 'manual', ru: 1_000 }, storageGb: 120 })).toBe(3);
  });

  it('NormalizedRUConsumption is the busiest second against the range budget: a one-second burst at 50% mean load reads 100%, the same minute without it well below', () => {
    const base = { throughput: { kind: 'manual' as const, ru: 10_000 }, storageGb: 1, ru: () => 5_000 };
    expect(normalized(run({ ...base, bursts: [{ minute: 1, range: 0, ru: 6_000 }] }).t)[1]).toBe(100);
    expect(normalized(run(base).t)[1]).toBeLessThan(70);
  });

  it("judges a hot key's truth against what its hotKey alert does (the core's hotValueReach of the model's design), else its range's budget", () => {
    // 20,000 RU/s manual: four ranges of 5,000. The design's hottest key takes 10% of 8,000 RU/s, and the other 7,200 put
    // 1,800 on each partition: the key can use 5,000 − 1,800 = 3,200, so its 80% is 2,560 RU/s, passed at minute 26 of a
    // key growing 100 RU/s a minute. Without the design, 80% of the range's 5,000 budget: minute 40.
    const design = normalize({
      containers: [
        {
          name: 'c',
          partitionKey: { paths: [{ path: '/tenantId', cardinality: 2_000 }] },
          workload: { peakReadUnits: 0, peakWriteUnits: 8_000, hotKeyShare: 0.1 },
          throughput: { manual: 20_000 },
        },
      ],
    }).designs[0].design as CosmosKeyDesign;
    expect(hotValueReach(design).key).toBe(3_200);
    const model: ContainerModel = {
      throughput: { kind: 'manual', ru: 20_000 },
      storageGb: 1,
      ru: () => 0,
      hotKeys: [{ key: '["whale"]', range: 0, ru: (m) => 100 * m }],
    };
    expect([run({ ...model, design }, 50).truth.firstKeyOver80, run(model, 50).truth.firstKeyOver80]).toEqual([26, 40]);
  });

  it('shared database throughput publishes no per-container NormalizedRUConsumption: an alert on it cannot fire, whatever the load', () => {
    const { t, truth } = run({ throughput: { kind: 'shared', ru: 10_000 }, storageGb: 1, ru: () => 12_000 });
    expect(normalized(t)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(truth.first429).toBe(0);
  });

  it('the healthy nightly import runs at the budget with 1–5% of requests throttled (429), as Microsoft calls healthy', () => {
    // One range of 10,000 RU/s: an autoscale maximum starts on one partition per 10,000 RU/s (manual 10,000 RU/s starts on
    // two of 5,000, whose smaller budget the per-second spread pushes just past 5%).
    const week = healthyCosmosWeek({ c: { throughput: { kind: 'autoscale', ru: 10_000 }, storageGb: 1, peakRu: 5_000 } });
    const { t } = run({ ...week.models.c, bursts: [] }, 2 * MINUTES_PER_DAY);
    const window = (xs: number[]) => xs.slice(MINUTES_PER_DAY + 60, MINUTES_PER_DAY + 90).reduce((s, x) => s + x, 0);
    const rate = window(requests(t, '429')) / (window(requests(t, '429')) + window(requests(t, '200')));
    expect(rate).toBeGreaterThan(0.01);
    expect(rate).toBeLessThan(0.05);
  });

  it("partition-key RU rows become queryable 3 to 15 minutes after their minute, and a whale tenant's 100 full keys each stay under 1% of the RU", () => {
    const whale = cosmosIncident(
      'whale prefix under a hierarchical key',
      { c: { throughput: { kind: 'autoscale', ru: 40_000 }, storageGb: 100, peakRu: 30_000 } },
      'c',
    );
    const { t } = run(whale.models.c, whale.days * MINUTES_PER_DAY);
    const minute = 2 * MINUTES_PER_DAY;
    const rows = t.rows('CDBPartitionKeyRUConsumption', minute, minute + 1, Infinity);
    expect(rows.every((r) => r.ingestedAt - r.timeGenerated >= 3 && r.ingestedAt - r.timeGenerated <= 16)).toBe(true);
    const total = rows.reduce((s, r) => s + Number(r.columns.RequestCharge), 0);
    const tenant = rows.filter((r) => String(r.columns.PartitionKey).startsWith('["tenant-whale"'));
    expect(tenant).toHaveLength(100);
    expect(Math.max(...tenant.map((r) => Number(r.columns.RequestCharge) / total))).toBeLessThan(0.01);
    expect(tenant.reduce((s, r) => s + Number(r.columns.RequestCharge), 0) / total).toBeGreaterThan(0.3);
  });
});

describe('scenario arguments (review 12): a wrong one is a UsageError at the field the caller wrote', () => {
  const issuesOf = usageIssues;

  it("a profile's throughput in GuardedContainer's shape is named at profiles[…].throughput, with the shape the replay takes", () => {
    const chat = { throughput: { autoscaleMax: 60_000 } as never, storageGb: 90, peakRu: 9000 };
    for (const run of [() => healthyCosmosWeek({ chat }, 3, 4), () => cosmosIncident('hot key growing for days', { chat }, 'chat')]) {
      const [[path, message]] = issuesOf(run);
      expect(path).toBe('profiles["chat"].throughput');
      expect(message).toContain('expected { kind: "manual" | "autoscale" | "shared", ru: RU/s }, got {"autoscaleMax":60000}');
      expect(message).toContain('{ autoscaleMax: 60000 } is { kind: "autoscale", ru: 60000 }');
      expect(message).not.toContain('physicalPartitionCount');
    }
    expect(issuesOf(() => cosmosIncident('hot key growing for days', { chat }, 'chats'))).toEqual([
      ['target', expect.stringContaining('no profile for container chats')],
    ]);
  });

  it('a surge beyond the on-demand maximum surges reads on a table whose only maximum is for reads (ShortLinks), and throttles them under ReadMaxOnDemand', () => {
    const ShortLinks = { capacity: { mode: 'on-demand' as const, maxRead: 30_000 }, peakRead: 30_000, peakWrite: 100, cardinality: 1_000_000 };
    const scenario = dynamoIncident('surge beyond the on-demand maximum', { ShortLinks }, { table: 'ShortLinks' });
    expect(scenario.incident?.description).toBe('reads surge to 1.4 × the on-demand maximum (30000 RCU/s) for 40 minutes');
    const { t } = run(scenario.models.ShortLinks, scenario.days * MINUTES_PER_DAY);
    expect(Math.max(...events(t, 'ReadMaxOnDemandThroughputThrottleEvents').map(Number).filter(Number.isFinite))).toBeGreaterThan(0);
    expect(Math.max(...events(t, 'WriteMaxOnDemandThroughputThrottleEvents').map(Number).filter(Number.isFinite))).toBe(0);
    // A table with no maximum at all, or an unknown table, is named at target.table.
    const Open = { ...ShortLinks, capacity: { mode: 'on-demand' as const } };
    expect(issuesOf(() => dynamoIncident('surge beyond the on-demand maximum', { Open }, { table: 'Open' }))).toEqual([
      ['target.table', 'table Open has no on-demand maximum (maxWrite or maxRead) to surge beyond'],
    ]);
    expect(issuesOf(() => dynamoIncident('viral read-hot key', { Open }, { table: 'Opn' }))).toEqual([
      ['target.table', 'no profile for table Opn; expected one of Open'],
    ]);
    expect(issuesOf(() => healthyWeek({ Open }, 1, 0))).toEqual([
      ['days', 'must be a whole number of days, at least 1 (4 or more to include the planned peak on day 3), got 0'],
    ]);
    expect(healthyWeek({ Open }, 1, 3).assumptions).toContainEqual(expect.stringMatching(/^no planned peak: it is on day 3/));
  });

  it("a GSI read surge beyond the per-table quota throttles the index's reads under ReadAccountLimitThrottleEvents with its GlobalSecondaryIndexName, not the table's; a table without that GSI, or provisioned, is refused", () => {
    const Docs = {
      capacity: { mode: 'on-demand' as const },
      peakRead: 1_000,
      peakWrite: 100,
      cardinality: 1_000_000,
      indexes: [{ name: 'by-folder', peakRead: 1_000, writeShare: 1, cardinality: 250_000 }],
    };
    const scenario = dynamoIncident('GSI read surge beyond the per-table quota', { Docs }, { table: 'Docs', index: 'by-folder' });
    expect(scenario.incident?.description).toBe(
      "GSI by-folder's reads surge to 50,000 RCU/s for 40 minutes against the default per-table quota of 40,000, which each GSI meets on its own",
    );
    const { t } = run(scenario.models.Docs, scenario.days * MINUTES_PER_DAY);
    const accountLimit = Object.fromEntries(
      t
        .metricIds()
        .filter((id) => id.metricName === 'ReadAccountLimitThrottleEvents')
        .map((id) => [id.dimensions.GlobalSecondaryIndexName ?? '(table)', Math.max(...t.series(id).map((p) => p?.sum ?? 0))]),
    );
    // 10,000 RCU/s over the quota for 40 minutes: about 600,000 events a minute on the index, none on the table.
    expect(accountLimit).toEqual({ 'by-folder': expect.any(Number), '(table)': 0 });
    expect(accountLimit['by-folder']).toBeGreaterThan(590_000);
    expect(issuesOf(() => dynamoIncident('GSI read surge beyond the per-table quota', { Docs }, { table: 'Docs', index: 'by-owner' }))).toEqual([
      ['target.index', 'table Docs has no GSI by-owner to surge; expected one of: by-folder'],
    ]);
    const Fixed = { ...Docs, capacity: { mode: 'provisioned' as const, read: 2_000, write: 200 } };
    expect(issuesOf(() => dynamoIncident('GSI read surge beyond the per-table quota', { Fixed }, { table: 'Fixed', index: 'by-folder' }))).toEqual([
      ['target.table', 'table Fixed is provisioned: a GSI meets the per-table quota on demand'],
    ]);
  });
});
