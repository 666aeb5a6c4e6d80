/**
 * Cosmos DB observations as Azure prints them.
 * - Log Analytics rows: `az monitor log-analytics query` prints an array of row objects (column name →
 *   value); the Log Analytics query API and @azure/monitor-query return `tables[]` of `columns[]`
 *   and `rows[][]`. Both are read. The tables and columns:
 *   CDBPartitionKeyRUConsumption (TimeGenerated, DatabaseName, CollectionName, PartitionKey,
 *   PartitionKeyRangeId, OperationName, RequestCharge)
 *   https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption
 *   CDBPartitionKeyStatistics (TimeGenerated, DatabaseName, CollectionName, PartitionKey, SizeKb)
 *   https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeystatistics
 *   https://learn.microsoft.com/azure/azure-monitor/logs/api/response-format
 * - `az monitor metrics list --metric NormalizedRUConsumption --aggregation Maximum` (Metrics - List):
 *   value[] { name.value, timeseries[] { metadatavalues[] { name.value, value }, data[] { timeStamp, maximum } } }
 *   https://learn.microsoft.com/rest/api/monitor/metrics/list
 * - `az monitor metrics list --metric TotalRequests --aggregation Count`, filtered `StatusCode eq '*'` (one series
 *   per status code): the same shape, with data[] { timeStamp, count }.
 *   https://learn.microsoft.com/azure/azure-monitor/reference/supported-metrics/microsoft-documentdb-databaseaccounts-metrics
 */
import { isObject, type JsonObject } from '../../internal';
import { Reader } from './read-json';

export interface RuConsumptionRow {
  readonly timestamp: number;
  readonly database: string;
  readonly collection: string;
  readonly partitionKey: string;
  readonly operation: string;
  readonly requestCharge: number;
  /** The physical partition's range, where the export carries the column. */
  readonly partitionKeyRangeId?: string;
}

export interface KeyStatisticsRow {
  readonly timestamp: number;
  readonly database: string;
  readonly collection: string;
  readonly partitionKey: string;
  readonly sizeKb: number;
}

export interface NormalizedRuSeries {
  readonly partitionKeyRangeId?: string;
  readonly collection?: string;
  readonly points: readonly { readonly timestamp: number; readonly value: number }[];
}

export interface TotalRequestsSeries {
  /** `429`, `200`, …; undefined when the export was not split by StatusCode. */
  readonly statusCode?: string;
  readonly collection?: string;
  readonly points: readonly { readonly timestamp: number; readonly value: number }[];
}

/** Row objects, from either printed shape. */
function rowsOf(root: Reader): Reader[] {
  if (Array.isArray(root.value)) return root.array();
  if (isObject(root.value) && Array.isArray(root.value.tables)) {
    const rows: Reader[] = [];
    root
      .field('tables')
      .array()
      .forEach((table) => {
        const columns = table
          .field('columns')
          .array()
          .map((c) => c.field('name').string());
        table
          .field('rows')
          .array()
          .forEach((row) => {
            const cells = row.array();
            if (cells.length !== columns.length) row.fail(`has ${cells.length} cells for ${columns.length} columns`);
            const object: JsonObject = Object.create(null);
            columns.forEach((name, i) => (object[name] = cells[i].value));
            rows.push(new Reader(row.file, row.path, object));
          });
      });
    return rows;
  }
  return root.fail('expected the rows `az monitor log-analytics query` prints (an array of objects), or a Log Analytics API response with "tables"');
}

/** `RequestCharge` as a number: the CLI prints `real` columns as numbers, some exports as strings. */
function numeric(r: Reader): number {
  if (typeof r.value === 'string' && r.value.trim() !== '' && Number.isFinite(Number(r.value))) return Number(r.value);
  return r.number();
}

/** PartitionKeyRangeId, printed as a string or a number, when the export has the column. */
function rangeIdOf(row: Reader): { partitionKeyRangeId?: string } {
  const value = row.field('PartitionKeyRangeId').value;
  return typeof value === 'string' || typeof value === 'number' ? { partitionKeyRangeId: String(value) } : {};
}

export function readRuConsumption(file: string, value: unknown): RuConsumptionRow[] {
  return rowsOf(new Reader(file, '', value)).map((row) => ({
    timestamp: row.field('TimeGenerated').timestamp(),
    database: row.field('DatabaseName').string(),
    collection: row.field('CollectionName').string(),
    partitionKey: row.field('PartitionKey').string(),
    operation: row.field('OperationName').optionalString() ?? '',
    requestCharge: numeric(row.field('RequestCharge')),
    ...rangeIdOf(row),
  }));
}

export function readKeyStatistics(file: string, value: unknown): KeyStatisticsRow[] {
  return rowsOf(new Reader(file, '', value)).map((row) => ({
    timestamp: row.field('TimeGenerated').timestamp(),
    database: row.field('DatabaseName').string(),
    collection: row.field('CollectionName').string(),
    partitionKey: row.field('PartitionKey').string(),
    sizeKb: numeric(row.field('SizeKb')),
  }));
}

/** One series of `az monitor metrics list` (Metrics - List): its dimension values (names lower-cased) and its points of `aggregation`. */
interface MetricsListSeries {
  readonly dimensions: ReadonlyMap<string, string>;
  readonly points: readonly { readonly timestamp: number; readonly value: number }[];
}

/** Every series of `metric` in a Metrics - List answer; a minute without data has no aggregate and is left out. */
function readMetricsList(file: string, value: unknown, metric: string, aggregation: 'maximum' | 'count'): MetricsListSeries[] {
  const root = new Reader(file, '', value);
  const metrics = root.field('value').array();
  const series: MetricsListSeries[] = [];
  for (const m of metrics) {
    const name = m.field('name').field('value').string();
    if (name !== metric) m.fail(`is the metric ${JSON.stringify(name)}: expected ${metric}`, `${m.path}.name.value`);
    for (const ts of m.field('timeseries').optionalArray()) {
      const dimensions = new Map(
        ts
          .field('metadatavalues')
          .optionalArray()
          .map((d) => [d.field('name').field('value').string().toLowerCase(), d.field('value').optionalString() ?? ''] as const),
      );
      series.push({
        dimensions,
        points: ts
          .field('data')
          .optionalArray()
          .filter((d) => d.field(aggregation).value !== undefined && d.field(aggregation).value !== null)
          .map((d) => ({ timestamp: d.field('timeStamp').timestamp(), value: d.field(aggregation).number() })),
      });
    }
  }
  return series;
}

export function readNormalizedRu(file: string, value: unknown): NormalizedRuSeries[] {
  return readMetricsList(file, value, 'NormalizedRUConsumption', 'maximum').map((s) => ({
    partitionKeyRangeId: s.dimensions.get('partitionkeyrangeid'),
    collection: s.dimensions.get('collectionname'),
    points: s.points,
  }));
}

/** `az monitor metrics list --metric TotalRequests --aggregation Count`, split by StatusCode: requests per minute and status. */
export function readTotalRequests(file: string, value: unknown): TotalRequestsSeries[] {
  return readMetricsList(file, value, 'TotalRequests', 'count').map((s) => ({
    statusCode: s.dimensions.get('statuscode'),
    collection: s.dimensions.get('collectionname'),
    points: s.points,
  }));
}
