/**
 * Telemetry as the evaluators read it: one-minute datapoints per metric (namespace, name and
 * dimensions), Contributor Insights values per key per minute, and log rows with the time they
 * become queryable. The scenarios write it; nothing here knows about AWS or Azure semantics.
 */
import { shapes } from '../../index';
import { argumentError } from './usage';

/** One minute of one metric: the statistic set, and the raw values where a percentile needs them. */
export interface Datapoint {
  /** Sum of the minute's values (CloudWatch `Sum`). */
  readonly sum: number;
  /** Number of values in the minute (CloudWatch `SampleCount`). */
  readonly count: number;
  /** Lowest value in the minute (CloudWatch `Minimum`). */
  readonly min: number;
  /** Highest value in the minute (CloudWatch `Maximum`). */
  readonly max: number;
  /** Raw values (e.g. one latency per request) for percentiles. @default - none */
  readonly values?: readonly number[];
  /** Percentiles the scenario computed from its modelled distribution for `count` requests, where
   *  drawing every request would be too slow (`p99` → ms). Used only when `values` is absent.
   *  @default - none */
  readonly percentiles?: Readonly<Record<string, number>>;
}

/** A metric's identity. Dimension values are strings (placeholders for deploy-time names). */
export interface MetricId {
  /** CloudWatch namespace (`AWS/DynamoDB`) or Azure Monitor metric namespace (`Microsoft.DocumentDB/databaseAccounts`). */
  readonly namespace: string;
  /** Metric name, e.g. `WriteThrottleEvents`, `NormalizedRUConsumption`. */
  readonly metricName: string;
  /** Dimension name → value, e.g. `{ TableName: '${Ref:Orders}' }`; values are strings, placeholders for deploy-time
   *  names. */
  readonly dimensions: Readonly<Record<string, string>>;
}

export function metricKey(id: MetricId): string {
  const dims = Object.keys(id.dimensions)
    .sort()
    .map((k) => `${k}=${id.dimensions[k]}`)
    .join(',');
  return `${id.namespace}|${id.metricName}|${dims}`;
}

/** A datapoint of `count` events that all have the same value (a throttle count, a gauge reading). */
export function single(value: number, count = 1): Datapoint {
  return { sum: value * count, count, min: value, max: value };
}

/** A datapoint from raw values. */
export function fromValues(values: readonly number[]): Datapoint | undefined {
  if (values.length === 0) return undefined;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { sum, count: values.length, min, max, values };
}

/** Datapoints of consecutive minutes merged into one (for periods longer than a minute). */
export function merge(points: readonly (Datapoint | undefined)[]): Datapoint | undefined {
  const present = points.filter((p): p is Datapoint => p !== undefined);
  if (present.length === 0) return undefined;
  const withValues = present.every((p) => p.values !== undefined);
  return {
    sum: present.reduce((s, p) => s + p.sum, 0),
    count: present.reduce((s, p) => s + p.count, 0),
    min: Math.min(...present.map((p) => p.min)),
    max: Math.max(...present.map((p) => p.max)),
    values: withValues ? present.flatMap((p) => p.values as number[]) : undefined,
  };
}

/** A log row: its columns, when it happened (`TimeGenerated`) and when a query can first see it. */
export interface LogRow {
  /** Replay minute the row describes (KQL `TimeGenerated`). */
  readonly timeGenerated: number;
  /** Replay minute from which the row is queryable: Log Analytics ingests rows minutes after they are generated, and a
   *  query before then does not see it. */
  readonly ingestedAt: number;
  /** The row's columns by name, as the Log Analytics table has them (`PartitionKey`, `RequestCharge`, `StatusCode`…). */
  readonly columns: Readonly<Record<string, string | number>>;
}

/** All telemetry of one replay, minute-indexed from 0 to `minutes - 1`. */
export class Telemetry {
  private readonly metrics = new Map<string, { id: MetricId; points: (Datapoint | undefined)[] }>();
  private readonly insights = new Map<string, Map<string, number>[]>();
  /** Rows per table, bucketed by the minute they were generated, so a window reads only its minutes. */
  private readonly logs = new Map<string, LogRow[][]>();
  /** Per table, the latest `ingestedAt` of each minute's rows: from then on a minute's rows are all visible. */
  private readonly lastIngested = new Map<string, Float64Array>();
  /** Per table and fold, each minute's result once all of its rows were visible (`perMinute`); cleared by a later row. */
  private readonly folds = new Map<string, Map<string, unknown[]>>();
  /** The key of each metric id written, by identity: a scenario writes the same id every minute. */
  private readonly keys = new WeakMap<MetricId, string>();
  /** Log rows the queries read (`rows`, and `perMinute` folds not yet kept): the work a replay does, which tests pin. */
  rowsRead = 0;
  /** Rules of key spaces a scenario's model leaves out, with what to add so they are written (`leftOut`). */
  private readonly omitted = new Map<string, string>();

  constructor(readonly minutes: number) {
    if (!Number.isInteger(minutes) || minutes <= 0)
      throw argumentError(
        'new Telemetry()',
        'minutes',
        `must be a whole number of minutes above 0, got ${shapes.describe(minutes)}; a replay of d days has d × 1440 (MINUTES_PER_DAY)`,
      );
  }

  /** Records one minute of a metric; a second write to the same minute merges with the first. */
  put(id: MetricId, minute: number, point: Datapoint | undefined): void {
    if (point === undefined) return;
    this.check(minute);
    let key = this.keys.get(id);
    if (key === undefined) {
      key = metricKey(id);
      this.keys.set(id, key);
    }
    let entry = this.metrics.get(key);
    if (!entry) {
      entry = { id, points: new Array(this.minutes) };
      this.metrics.set(key, entry);
    }
    const before = entry.points[minute];
    entry.points[minute] = before ? merge([before, point]) : point;
  }

  /** The minute-by-minute datapoints of a metric (undefined: nothing published that minute). */
  series(id: MetricId): readonly (Datapoint | undefined)[] {
    return this.metrics.get(metricKey(id))?.points ?? new Array(this.minutes);
  }

  /** Every metric recorded, for tools that list what a scenario produced. */
  metricIds(): MetricId[] {
    return [...this.metrics.values()].map((e) => e.id);
  }

  /** Adds `value` to one contributor (a partition key) of a Contributor Insights rule in one minute. */
  contribute(rule: string, minute: number, key: string, value: number): void {
    this.check(minute);
    let perMinute = this.insights.get(rule);
    if (!perMinute) {
      perMinute = Array.from({ length: this.minutes }, () => new Map<string, number>());
      this.insights.set(rule, perMinute);
    }
    const keys = perMinute[minute];
    keys.set(key, (keys.get(key) ?? 0) + value);
  }

  /** Contributors of a rule in one minute (empty when nothing was logged). */
  contributors(rule: string, minute: number): ReadonlyMap<string, number> {
    return this.insights.get(rule)?.[minute] ?? new Map();
  }

  hasRule(rule: string): boolean {
    return this.insights.has(rule);
  }

  /** Marks `rule` as the rule of a key space the scenario's model leaves out, with what to add so it is written (`why`):
   *  an alarm that reads it then fails with that advice rather than a guess at the rule-name mapping. */
  leftOut(rule: string, why: string): void {
    this.omitted.set(rule, why);
  }

  /** Why the scenario wrote nothing for `rule`, where `leftOut` said; undefined otherwise. */
  whyLeftOut(rule: string): string | undefined {
    return this.omitted.get(rule);
  }

  /** Appends a log row to a table (CDBPartitionKeyRUConsumption, …). */
  log(table: string, row: LogRow): void {
    this.check(row.timeGenerated, false);
    let buckets = this.logs.get(table);
    if (!buckets) {
      buckets = Array.from({ length: this.minutes }, () => []);
      this.logs.set(table, buckets);
    }
    const minute = Math.floor(row.timeGenerated);
    buckets[minute].push(row);
    let last = this.lastIngested.get(table);
    if (!last) {
      last = new Float64Array(this.minutes);
      this.lastIngested.set(table, last);
    }
    last[minute] = Math.max(last[minute], row.ingestedAt);
    for (const kept of this.folds.get(table)?.values() ?? []) kept[minute] = undefined;
  }

  /**
   * `fold` of the rows of `table` generated in `minute` and ingested by `asOf`. Once every row of that minute is
   * ingested, the result is kept under `name` and later calls read it without the rows: a query that sums a minute's
   * rows (all partitions) reads each row once per replay, not once per evaluation that looks back over it. `fold` must
   * depend on the rows alone, and `name` name it (one per query meaning).
   */
  perMinute<T>(table: string, name: string, minute: number, asOf: number, fold: (rows: readonly LogRow[]) => T): T {
    const complete = (this.lastIngested.get(table)?.[minute] ?? -Infinity) <= asOf;
    let byName = this.folds.get(table);
    if (!byName) {
      byName = new Map();
      this.folds.set(table, byName);
    }
    let kept = byName.get(name);
    if (!kept) {
      kept = new Array(this.minutes);
      byName.set(name, kept);
    }
    if (complete && kept[minute] !== undefined) return kept[minute] as T;
    const result = fold(this.rows(table, minute, minute + 1, asOf));
    if (complete) kept[minute] = result;
    return result;
  }

  /** Rows of a table generated in [from, to) and ingested by `asOf`. */
  rows(table: string, from: number, to: number, asOf: number): LogRow[] {
    const buckets = this.logs.get(table);
    if (!buckets) return [];
    const found: LogRow[] = [];
    for (let m = Math.max(0, Math.floor(from)); m < Math.min(this.minutes, Math.ceil(to)); m++) {
      this.rowsRead += buckets[m].length;
      for (const row of buckets[m]) if (row.timeGenerated >= from && row.timeGenerated < to && row.ingestedAt <= asOf) found.push(row);
    }
    return found;
  }

  private check(minute: number, whole = true): void {
    if (!(whole ? Number.isInteger(minute) : Number.isFinite(minute)) || minute < 0 || minute >= this.minutes) {
      throw argumentError(
        'Telemetry',
        whole ? 'minute' : 'row.timeGenerated',
        `${shapes.describe(minute)} is outside the replay: expected ${whole ? 'a whole minute' : 'a minute'} from 0 to ${this.minutes - 1}; make the Telemetry longer or write inside it`,
      );
    }
  }
}
