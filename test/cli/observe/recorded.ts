/**
 * Recorded responses in the services' real shapes, built from a load profile: what
 * `aws cloudwatch get-insight-rule-report`, `aws cloudwatch get-metric-data` and
 * `az monitor log-analytics query` print (field names from the API references cited in
 * lib/cli/observe/aws-reports.ts and azure-reports.ts).
 */
export const WEEK_START = Date.parse('2026-11-17T00:00:00Z');

export interface LoadProfile {
  /** Number of periods recorded. */
  readonly periods: number;
  readonly periodSeconds?: number;
  /** Read and write units per second in period i. */
  readonly reads: (i: number) => number;
  readonly writes: (i: number) => number;
  /** Share of the period's ConsumedThroughputUnits the hottest key takes. */
  readonly hotShare: (i: number) => number;
  readonly uniqueKeys?: number;
  readonly start?: number;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', '+00:00');

function times(p: LoadProfile): number[] {
  const period = (p.periodSeconds ?? 60) * 1000;
  return Array.from({ length: p.periods }, (_, i) => (p.start ?? WEEK_START) + i * period);
}

export function metricData(p: LoadProfile, throttles: { read?: number; write?: number } = {}) {
  const t = times(p);
  const period = p.periodSeconds ?? 60;
  const series = (id: string, label: string, value: (i: number) => number) => ({
    Id: id,
    Label: label,
    Timestamps: t.map(iso).reverse(), // GetMetricData returns newest first by default (ScanBy TimestampDescending)
    Values: t.map((_, i) => value(i)).reverse(),
    StatusCode: 'Complete',
  });
  const throttleSeries = (id: string, label: string, total: number | undefined) =>
    total === undefined ? [] : [{ Id: id, Label: label, Timestamps: total > 0 ? [iso(t[0])] : [], Values: total > 0 ? [total] : [], StatusCode: 'Complete' }];
  return {
    MetricDataResults: [
      series('consumedRead', 'ConsumedReadCapacityUnits', (i) => p.reads(i) * period),
      series('consumedWrite', 'ConsumedWriteCapacityUnits', (i) => p.writes(i) * period),
      ...throttleSeries('readThrottles', 'ReadKeyRangeThroughputThrottleEvents', throttles.read),
      ...throttleSeries('writeThrottles', 'WriteKeyRangeThroughputThrottleEvents', throttles.write),
    ],
    Messages: [],
  };
}

/** A most accessed keys (PKC) report: ConsumedThroughputUnits = 3 × WCU + RCU per key per period. */
export function insightRuleReport(p: LoadProfile, hotKey = 'evt-2026-final') {
  const t = times(p);
  const period = p.periodSeconds ?? 60;
  const sums = t.map((_, i) => (3 * p.writes(i) + p.reads(i)) * period);
  const hot = sums.map((s, i) => s * p.hotShare(i));
  return {
    KeyLabels: ['PartitionKey'],
    AggregationStatistic: 'Sum',
    AggregateValue: sums.reduce((a, b) => a + b, 0),
    ApproximateUniqueCount: p.uniqueKeys ?? 1200,
    Contributors: [
      {
        Keys: [hotKey],
        ApproximateAggregateValue: hot.reduce((a, b) => a + b, 0),
        Datapoints: t.map((ts, i) => ({ Timestamp: iso(ts), ApproximateValue: hot[i] })),
      },
      { Keys: ['evt-regular'], ApproximateAggregateValue: 10, Datapoints: [{ Timestamp: iso(t[0]), ApproximateValue: 10 }] },
    ],
    MetricDatapoints: t.map((ts, i) => ({
      Timestamp: iso(ts),
      UniqueContributors: Math.min(p.uniqueKeys ?? 1200, 900),
      MaxContributorValue: hot[i],
      Sum: sums[i],
    })),
  };
}

export const EMPTY_INSIGHT_RULE_REPORT = {
  KeyLabels: ['PartitionKey'],
  AggregationStatistic: 'Sum',
  AggregateValue: 0,
  ApproximateUniqueCount: 0,
  Contributors: [],
  MetricDatapoints: [],
};

export interface CosmosRowsOptions {
  readonly container: string;
  readonly database?: string;
  readonly periods: number;
  /** RU per second of reads and writes in period i, split between a hot key and 9 others. */
  readonly reads: (i: number) => number;
  readonly writes: (i: number) => number;
  readonly hotShare: number;
  readonly hotKey?: string;
}

/** Rows as `az monitor log-analytics query` prints them: one object per row, plus TableName. */
export function ruConsumptionRows(o: CosmosRowsOptions) {
  const rows: Record<string, unknown>[] = [];
  const hotKey = o.hotKey ?? '["tenant-whale","device-1","s-9"]';
  for (let i = 0; i < o.periods; i++) {
    const at = iso(WEEK_START + i * 60_000);
    for (const [operation, ru] of [
      ['Create', o.writes(i) * 60],
      ['Query', o.reads(i) * 60],
    ] as const) {
      rows.push(row(o, at, hotKey, operation, ru * o.hotShare));
      for (let k = 0; k < 9; k++) rows.push(row(o, at, `["tenant-${k}","device-${k}","s-${k}"]`, operation, (ru * (1 - o.hotShare)) / 9));
    }
  }
  return rows;
}

function row(o: CosmosRowsOptions, at: string, key: string, operation: string, charge: number) {
  return {
    AccountName: 'skewguard-demo',
    CollectionName: o.container,
    DatabaseName: o.database ?? 'shop',
    OperationName: operation,
    PartitionKey: key,
    PartitionKeyRangeId: '0',
    RegionName: 'West Europe',
    RequestCharge: charge,
    TableName: 'PrimaryResult',
    TimeGenerated: at,
  };
}

export function keyStatisticsRows(container: string, sizes: readonly [string, number][]) {
  return sizes.map(([key, sizeKb]) => ({
    AccountName: 'skewguard-demo',
    CollectionName: container,
    DatabaseName: 'shop',
    PartitionKey: key,
    RegionName: 'West Europe',
    SizeKb: sizeKb,
    TableName: 'PrimaryResult',
    TimeGenerated: iso(WEEK_START + 3_600_000),
  }));
}

/** The Log Analytics query API / @azure/monitor-query shape of the same rows. */
export function asQueryApiTables(rows: readonly Record<string, unknown>[]) {
  const columns = Object.keys(rows[0] ?? { TimeGenerated: '' }).filter((c) => c !== 'TableName');
  return { tables: [{ name: 'PrimaryResult', columns: columns.map((name) => ({ name, type: 'string' })), rows: rows.map((r) => columns.map((c) => r[c])) }] };
}
