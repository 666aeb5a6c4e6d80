/**
 * The observations manifest: which exported file belongs to which key space. A CloudWatch report or
 * metric export does not name the table it is about (the Contributor Insights rule's name carries a
 * creation timestamp, and GetMetricData returns only the query ids), so the mapping is declared,
 * never guessed:
 *
 * ```json
 * { "periodSeconds": 60,
 *   "observations": [
 *     { "table": "orders", "contributorInsights": "orders.pkc.json", "throttledKeys": "orders.pkt.json", "metrics": "orders.metrics.json" },
 *     { "table": "orders", "index": "by-customer", "contributorInsights": "orders.by-customer.pkc.json" },
 *     { "container": "telemetry", "database": "shop", "ruConsumption": "ru.json", "partitionKeyStatistics": "sizes.json",
 *       "normalizedRu": "nru.json", "totalRequests": "requests.json" } ] }
 * ```
 * For a cloud assembly (`cdk.out/`), `"stacks": [{ "stack": "Shop", "resources": "shop.resources.json" }]`
 * gives each stack's resources (`aws cloudformation list-stack-resources`), so that a table may be
 * named by its deployed (generated) name as well as by its design's.
 * Paths are relative to the manifest. docs/observe.md shows the commands that export each file.
 */
import { dirname, resolve } from 'node:path';
import { readJsonFile } from './read-export';
import { Reader } from './read-json';
import { readStackResources, type StackResources } from './stack-resources';

/** The query ids `observe` reads from a `get-metric-data` export (docs/observe.md gives the queries). */
export const METRIC_IDS = {
  consumedRead: 'ConsumedReadCapacityUnits',
  consumedWrite: 'ConsumedWriteCapacityUnits',
  readThrottles: 'ReadKeyRangeThroughputThrottleEvents',
  writeThrottles: 'WriteKeyRangeThroughputThrottleEvents',
  readProvisionedThrottles: 'ReadProvisionedThroughputThrottleEvents',
  writeProvisionedThrottles: 'WriteProvisionedThroughputThrottleEvents',
  readOnDemandMaxThrottles: 'ReadMaxOnDemandThroughputThrottleEvents',
  writeOnDemandMaxThrottles: 'WriteMaxOnDemandThroughputThrottleEvents',
  readAccountLimitThrottles: 'ReadAccountLimitThrottleEvents',
  writeAccountLimitThrottles: 'WriteAccountLimitThrottleEvents',
} as const;

export interface TableObservationFiles {
  readonly engine: 'dynamodb';
  readonly table: string;
  readonly index?: string;
  /** `get-insight-rule-report` of the most accessed keys rule (PKC). */
  readonly contributorInsights?: LoadedFile;
  /** `get-insight-rule-report` of the most throttled keys rule (PKT): which keys were throttled, and when. */
  readonly throttledKeys?: LoadedFile;
  /** `get-metric-data` with the ids of METRIC_IDS. */
  readonly metrics?: LoadedFile;
  readonly path: string;
}

export interface ContainerObservationFiles {
  readonly engine: 'cosmosdb';
  readonly container: string;
  readonly database?: string;
  readonly ruConsumption?: LoadedFile;
  readonly partitionKeyStatistics?: LoadedFile;
  readonly normalizedRu?: LoadedFile;
  /** Azure Monitor TotalRequests (Count per minute, split by StatusCode): the 429s. */
  readonly totalRequests?: LoadedFile;
  readonly path: string;
}

export type ObservationFiles = TableObservationFiles | ContainerObservationFiles;

export interface LoadedFile {
  /** As written in the manifest (reports name files this way). */
  readonly name: string;
  readonly value: unknown;
}

export interface Manifest {
  readonly file: string;
  /** Seconds per datapoint of every export (the `--period` they were exported with). @default 60 */
  readonly periodSeconds: number;
  /** Whether the manifest sets `periodSeconds` (so messages say whether 60 is its value or the default). */
  readonly periodDeclared?: boolean;
  readonly observations: readonly ObservationFiles[];
  /** Each stack's logical id → physical id (`stacks`), for GuardedTables read from a cloud assembly. */
  readonly stacks: ReadonlyMap<string, StackResources>;
}

export const DEFAULT_PERIOD_SECONDS = 60;

const TABLE_FIELDS = ['table', 'index', 'contributorInsights', 'throttledKeys', 'metrics'];
const CONTAINER_FIELDS = ['container', 'database', 'ruConsumption', 'partitionKeyStatistics', 'normalizedRu', 'totalRequests'];

export function loadManifest(file: string, shown: string): Manifest {
  const root = new Reader(shown, '', readJsonFile(file, shown));
  const base = dirname(file);
  for (const key of Object.keys(root.object()))
    if (!['periodSeconds', 'observations', 'stacks', '$schema'].includes(key))
      root.fail(`"${key}" is not a manifest field: expected "observations" and optionally "periodSeconds" and "stacks"`);
  const declared = root.field('periodSeconds').optionalNumber();
  const period = declared ?? DEFAULT_PERIOD_SECONDS;
  if (period <= 0 || !Number.isInteger(period)) root.fail(`expected a whole number of seconds ≥ 1, got ${period}`, 'periodSeconds');
  const load = (entry: Reader, key: string): LoadedFile | undefined => {
    const name = entry.field(key).optionalString();
    if (name === undefined) return undefined;
    return { name, value: readJsonFile(resolve(base, name), name) };
  };
  const observations = root
    .field('observations')
    .array()
    .map((entry): ObservationFiles => {
      const keys = Object.keys(entry.object());
      const isTable = entry.has('table');
      if (isTable === entry.has('container')) entry.fail('names neither or both of "table" and "container": give exactly one');
      const allowed = isTable ? TABLE_FIELDS : CONTAINER_FIELDS;
      const unknown = keys.find((k) => !allowed.includes(k));
      if (unknown) entry.fail(`"${unknown}" is not a field of a ${isTable ? 'table' : 'container'} observation: expected ${allowed.join(', ')}`);
      if (isTable) {
        const files = { contributorInsights: load(entry, 'contributorInsights'), throttledKeys: load(entry, 'throttledKeys'), metrics: load(entry, 'metrics') };
        if (!files.contributorInsights && !files.throttledKeys && !files.metrics)
          entry.fail('names no file: give "contributorInsights", "throttledKeys" and/or "metrics"');
        return { engine: 'dynamodb', table: entry.field('table').string(), index: entry.field('index').optionalString(), ...files, path: entry.path };
      }
      const files = {
        ruConsumption: load(entry, 'ruConsumption'),
        partitionKeyStatistics: load(entry, 'partitionKeyStatistics'),
        normalizedRu: load(entry, 'normalizedRu'),
        totalRequests: load(entry, 'totalRequests'),
      };
      if (!files.ruConsumption && !files.partitionKeyStatistics && !files.normalizedRu && !files.totalRequests)
        entry.fail('names no file: give "ruConsumption", "partitionKeyStatistics", "normalizedRu" and/or "totalRequests"');
      return {
        engine: 'cosmosdb',
        container: entry.field('container').string(),
        database: entry.field('database').optionalString(),
        ...files,
        path: entry.path,
      };
    });
  const stacks = new Map<string, StackResources>();
  for (const entry of root.field('stacks').optionalArray()) {
    const unknown = Object.keys(entry.object()).find((k) => k !== 'stack' && k !== 'resources');
    if (unknown) entry.fail(`"${unknown}" is not a field of a stack: expected "stack" and "resources"`);
    const stack = entry.field('stack').string();
    if (stacks.has(stack)) entry.fail(`names the stack ${JSON.stringify(stack)} a second time: give one entry per stack`, `${entry.path}.stack`);
    const name = entry.field('resources').string();
    stacks.set(stack, readStackResources(name, stack, readJsonFile(resolve(base, name), name)));
  }
  return { file: shown, periodSeconds: period, periodDeclared: declared !== undefined, observations, stacks };
}
