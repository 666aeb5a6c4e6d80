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
 */
import { isObject, Reader, type JsonObject } from './read-json';

export interface RuConsumptionRow {
  readonly timestamp: number;
  readonly database: string;
  readonly collection: string;
  readonly partitionKey: string;
  readonly operation: string;
  readonly requestCharge: number;
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

export function readRuConsumption(file: string, value: unknown): RuConsumptionRow[] {
  return rowsOf(new Reader(file, '', value)).map((row) => ({
    timestamp: row.field('TimeGenerated').timestamp(),
    database: row.field('DatabaseName').string(),
    collection: row.field('CollectionName').string(),
    partitionKey: row.field('PartitionKey').string(),
    operation: row.field('OperationName').optionalString() ?? '',
    requestCharge: numeric(row.field('RequestCharge')),
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

export function readNormalizedRu(file: string, value: unknown): NormalizedRuSeries[] {
  const root = new Reader(file, '', value);
  const metrics = root.field('value').array();
  const series: NormalizedRuSeries[] = [];
  for (const metric of metrics) {
    const name = metric.field('name').field('value').string();
    if (name !== 'NormalizedRUConsumption') metric.fail(`is the metric ${JSON.stringify(name)}: expected NormalizedRUConsumption`, `${metric.path}.name.value`);
    for (const ts of metric.field('timeseries').optionalArray()) {
      const dimensions = new Map(
        ts
          .field('metadatavalues')
          .optionalArray()
          .map((m) => [m.field('name').field('value').string().toLowerCase(), m.field('value').optionalString() ?? ''] as const),
      );
      series.push({
        partitionKeyRangeId: dimensions.get('partitionkeyrangeid'),
        collection: dimensions.get('collectionname'),
        points: ts
          .field('data')
          .optionalArray()
          .filter((d) => d.field('maximum').value !== undefined && d.field('maximum').value !== null)
          .map((d) => ({ timestamp: d.field('timeStamp').timestamp(), value: d.field('maximum').number() })),
      });
    }
  }
  return series;
}
