/**
 * A Cosmos DB container's telemetry, minute by minute, from a load model. Doc facts the model encodes:
 * - Throughput is divided evenly among physical partitions (partition-key ranges); one holds at most
 *   10,000 RU/s and 50 GB, one logical partition at most 10,000 RU/s and 20 GB
 *   ("Partitioning and horizontal scaling", https://learn.microsoft.com/azure/cosmos-db/partitioning-overview).
 *   A container has the ranges the core counts for it (`physicalPartitionCount`): created with one per 6,000 RU/s
 *   of manual throughput, one per 10,000 RU/s of an autoscale maximum or shared throughput, and one per 50 GB
 *   ("Best practices for scaling provisioned throughput",
 *   https://learn.microsoft.com/azure/cosmos-db/scaling-provisioned-throughput-best-practices).
 * - NormalizedRUConsumption is, per range and minute, the maximum over the seconds of the RU used
 *   against that range's budget, capped at 100%: 100% "only means that in a given second at least
 *   one partition key range used all its throughput"; shared database throughput has no
 *   per-container value ("Monitor normalized RU/s",
 *   https://learn.microsoft.com/azure/cosmos-db/monitor-normalized-request-units).
 * - Requests above a range's budget in a second get 429; 1–5% of 429s with good latency is healthy
 *   ("Diagnose and troubleshoot request rate too large (429)",
 *   https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large), read there from Insights >
 *   Requests > Total Requests by Status Code: the TotalRequests metric split by StatusCode
 *   ("Monitoring data reference for Azure Cosmos DB", https://learn.microsoft.com/azure/cosmos-db/monitor-reference).
 * - Hierarchical keys: a first-level value's items stay on one range until it reaches 50 GB, so a
 *   whale prefix loads one range however many full keys it has.
 * - Partition-key diagnostics land in CDBPartitionKeyRUConsumption (RequestCharge per PartitionKey: the RU the key
 *   consumed within its physical partition, named by PartitionKeyRangeId,
 *   https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption),
 *   so a hot key's row shows at most its ceiling (`hotValueReach(design).key`, the reach its hotKey alert is planned on;
 *   without a design, 10,000 RU/s or its range's budget when lower), never the demand beyond it (throttled, 429);
 *   and CDBPartitionKeyStatistics (SizeKb per PartitionKey; keys under about 1 GB may be absent);
 *   resource logs are queryable 3 to 10 minutes after the fact ("Log data ingestion time").
 * - CDBDataPlaneRequests5M holds the data-plane requests aggregated per 5 minutes, one row per
 *   physical partition (`PartitionId`, "The physical partition ID for the Cosmos DB container against which the requests
 *   in this interval were issued", https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbdataplanerequests5m)
 *   and status code with its RequestCount (the table reference's column; the alert queries also read SampleCount) ("Monitor Azure Cosmos DB data by using diagnostic settings",
 *   https://learn.microsoft.com/azure/cosmos-db/monitor-resource-logs); its rows arrive after the
 *   interval ends, with the same delay. A range's PartitionId is the PartitionKeyRangeId the RU log gives it unless
 *   `requestPartitionId` says otherwise (an assumption: no Azure page says the two columns carry the same identifier).
 * Assumptions: 6 RU per request; per-second load normal around the minute's mean (the variances of a 10% rate spread and
 * of Poisson arrivals added: 253 RU/s at 2,250, not the 341 their deviations summed to);
 * the uniform traffic spreads evenly over `uniformKeys` keys (the design's full-key cardinality, else
 * 1,000 per physical partition), each with a Poisson count of requests a minute, and the log holds
 * 50 of them (`LOGGED_UNIFORM_KEYS`, all of them when there are fewer): the hottest of the rest is
 * hotter only by the Poisson tail (0.5 against 0.3 RU/s sustained, for 1,000,000 keys at 240,000 RU/s),
 * far under any hotKey line, and a row for each of a million keys a minute would make a replay too
 * slow to run in CI. The rows of one minute arrive together, 3 to 10
 * minutes later (median 5); statistics rows hourly; one region (`REGION`), so RegionName is the
 * same on every row.
 */
import { hotValueReach, physicalPartitionCount, shapes, UsageError, type CosmosKeyDesign } from '../../../index';
import { COSMOS_LIMITS, fullKeyCardinality } from '../../../internal';
import { SCOPE_DIMENSION } from '../azure/metric-alert';
import type { Random } from '../random';
import type { Telemetry } from '../telemetry';
import { expectedExcess, perSecondSd } from './load';
import { keyLevels, loggedKey } from './logged-keys';

/** RU/s one logical partition (one full key value) serves, whatever its range's budget. */
const KEY_CEILING = COSMOS_LIMITS.logicalPartitionRequestUnits;
const NAMESPACE = 'Microsoft.DocumentDB/databaseAccounts';
const RU_PER_REQUEST = 6;
/** Second-to-second variation of the RU/s a range is asked for, as a share of the minute's mean (an assumption: Azure
 *  publishes no figure). Added to the Poisson spread of 6-RU requests as a variance, not a deviation (`perSecondSd`). */
const RATE_SPREAD = 0.1;
/** Keys of the uniform load written to the partition-key RU log each minute (of `uniformKeys`). */
const LOGGED_UNIFORM_KEYS = 50;
/** Keys the uniform load spreads over per physical partition when neither `uniformKeys` nor the design says. */
const DEFAULT_KEYS_PER_RANGE = 1_000;
/** Salt of the generator that draws the uniform keys' requests, apart from the rest of the model's draws. */
const UNIFORM_KEYS_SALT = 0x75_6b;
/** The one region the modelled account writes in. */
export const REGION = 'West Europe';
const REQUESTS_INTERVAL = 5;

export interface CosmosHotKey {
  /** The full partition-key value, e.g. `["t-42","d-7","s-1"]`. */
  readonly key: string;
  /** The partition-key range (physical partition, 0-based) the key lives on. */
  readonly range: number;
  /** RU per second at a minute. */
  readonly ru: (minute: number) => number;
}

export interface ContainerModel {
  /** Manual or autoscale maximum RU/s of the container; `shared`: database throughput (no per-container metric). */
  readonly throughput: {
    /** `manual`, `autoscale` (its maximum) or `shared` database throughput. */
    readonly kind: 'manual' | 'autoscale' | 'shared';
    /** The RU/s: manual, the autoscale maximum, or the database's. */
    readonly ru: number;
  };
  /** Total size of the container in GB: with the throughput, it decides the range count (one per 50 GB at least). */
  readonly storageGb: number;
  /** Uniform RU/s over every range at a minute. */
  readonly ru: (minute: number) => number;
  /** @default - none */
  readonly hotKeys?: readonly CosmosHotKey[];
  /** One-second bursts: extra RU on one range in one second. @default - none */
  readonly bursts?: readonly {
    /** Replay minute of the burst. */
    readonly minute: number;
    /** The range it lands on (0-based). */
    readonly range: number;
    /** Extra RU in that one second. */
    readonly ru: number;
  }[];
  /** Logical partitions whose size the statistics log reports, GB at a minute. @default - none */
  readonly sizes?: readonly {
    /** The partition-key value, as the statistics log writes it. */
    readonly key: string;
    /** Its size in GB at a minute. */
    readonly gb: (minute: number) => number;
  }[];
  /** The container's normalized design, as its alerts were planned from it (`GuardedContainer.design`): a hot key's
   *  truth (`firstKeyOver80`) is then judged against the ceiling its hotKey alert uses, the core's `hotValueReach`.
   *  @default - none: the key's own 10,000 RU/s, or its range's budget when lower (neighbours not counted) */
  readonly design?: CosmosKeyDesign;
  /** Distinct partition-key values the uniform load (`ru`) spreads over, evenly: a logged key carries its share,
   *  `ru ÷ uniformKeys`, with Poisson noise, as a real key of a uniform design does. `Infinity` for a key with one
   *  value per item (`'unique'`), whose keys never recur.
   *  @default - the full key's cardinality in `design` (`fullKeyCardinality`), else 1,000 per physical partition */
  readonly uniformKeys?: number;
  /** The `PartitionId` CDBDataPlaneRequests5M logs for a range's requests. No Azure page says it is the
   *  `PartitionKeyRangeId` the RU log gives the same range; a workspace where it is not can be replayed with other ids.
   *  @default - the range's PartitionKeyRangeId (`String(range)`) */
  readonly requestPartitionId?: (range: number) => string;
}

export interface ContainerNames {
  /** ARM resource id of the account: the metrics' scope, as the metric alerts name it. */
  readonly accountId: string;
  /** The `DatabaseName` of the container's metrics and log rows. */
  readonly databaseName: string;
  /** The `CollectionName` of the container's metrics and log rows. */
  readonly containerName: string;
}

export interface ContainerTruth {
  /** Partition-key ranges (physical partitions) the container was modelled with. */
  readonly ranges: number;
  /** First minute with a 429 (a range over its budget in some second); undefined when none. */
  first429?: number;
  /** First minute of 3 consecutive minutes with 429s; undefined when none. */
  firstSustained429?: number;
  /** First minute a range's mean load reached 80% of its budget; undefined when none. */
  firstOver80?: number;
  /** First minute a hot key's RU/s reached 80% of its ceiling: with the model's `design`, what the hotKey alert
   *  judges the key against (`hotValueReach(design).key`: its range's budget less its neighbours' planned load, at
   *  most 10,000 RU/s); without, 10,000 RU/s for one logical partition, or its range's budget when lower. Undefined when none. */
  firstKeyOver80?: number;
  /** First minute a reported logical partition reached 16 GB (80% of 20 GB: the partitionSize ticket's default line); undefined when none. */
  firstSizeOver16Gb?: number;
  /** First minute a reported logical partition reached 19 GB (95% of 20 GB: the partitionSizeLimit page's default line); undefined when none. */
  firstSizeOver19Gb?: number;
  /** Minutes with at least one 429. */
  throttledMinutes: number;
}

/** The container's partition-key ranges, as the core counts the physical partitions of one created at its throughput. */
export function rangesOf(model: Pick<ContainerModel, 'throughput' | 'storageGb'>): number {
  checkThroughput(model.throughput, 'throughput');
  return physicalPartitionCount(model.throughput.kind, model.throughput.ru, model.storageGb);
}

const THROUGHPUT_KINDS: readonly unknown[] = ['manual', 'autoscale', 'shared'];

/** Why a serverless profile is refused: the model divides provisioned RU/s among ranges, and serverless has none to divide. */
const SERVERLESS_NOT_REPLAYED =
  'is serverless, which the replay does not model: it divides provisioned RU/s (manual, autoscale or shared) evenly among ' +
  'partition-key ranges, and a serverless container has none: it serves at most 5,000 RU/s up to 250 GB, then 1,000 more ' +
  'per physical partition, with no throughput guaranteed (https://learn.microsoft.com/azure/cosmos-db/serverless-performance), ' +
  'and has no NormalizedRUConsumption alert to judge. Leave it out of the profiles';

/**
 * A replay throughput (`{ kind, ru }`), or a UsageError at `path`, the field the caller wrote
 * (`profiles["chat"].throughput`), naming the shape it takes and how GuardedContainer's own shapes translate.
 */
export function checkThroughput(value: unknown, path: string): void {
  const { kind, ru } = (typeof value === 'object' && value !== null ? value : {}) as { kind?: unknown; ru?: unknown };
  if (THROUGHPUT_KINDS.includes(kind) && typeof ru === 'number' && Number.isFinite(ru) && ru > 0) return;
  if (value === 'serverless' || kind === 'serverless') throw new UsageError([{ path, message: SERVERLESS_NOT_REPLAYED }], 'replay arguments');
  const message =
    `expected { kind: "manual" | "autoscale" | "shared", ru: RU/s }, got ${shown(value)}: GuardedContainer's ` +
    '{ autoscaleMax: 60000 } is { kind: "autoscale", ru: 60000 } here, { manual: 12000 } is { kind: "manual", ru: 12000 }, ' +
    'and "shared" is { kind: "shared", ru: the database\'s RU/s } (the same on every container of that database)';
  throw new UsageError([{ path, message }], 'replay arguments');
}

/** A value as JSON, short, or as the core describes what JSON cannot show. */
function shown(value: unknown): string {
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return json.length > 80 ? `${json.slice(0, 79)}…` : json;
  } catch {
    // a BigInt, a cycle, a getter that throws: described below
  }
  return shapes.describe(value);
}

/** The keys the uniform load spreads over, or a UsageError at `uniformKeys`. */
function uniformKeysOf(model: ContainerModel, ranges: number): number {
  const keys = model.uniformKeys ?? (model.design ? fullKeyCardinality(model.design.primaryKey.partitionKey) : DEFAULT_KEYS_PER_RANGE * ranges);
  if (!(keys >= 1)) {
    const message = `expected the number of distinct keys the uniform load spreads over (at least 1, Infinity for one key per item), got ${shown(model.uniformKeys)}`;
    throw new UsageError([{ path: 'uniformKeys', message }], 'replay arguments');
  }
  return keys;
}

/**
 * The uniform load's rows of one minute in the partition-key RU log: `LOGGED_UNIFORM_KEYS` of its `keys` (all when
 * fewer; each by its index among the logged names), each with the RU of a Poisson count of requests around its even share of `ruPerSecond`; a key without a
 * request this minute has no row, as in the real log.
 */
function uniformKeyCharges(ruPerSecond: number, keys: number, rng: Random): [key: number, requestCharge: number][] {
  const perKeyRequests = (ruPerSecond * 60) / RU_PER_REQUEST / keys;
  const rows: [number, number][] = [];
  for (let k = 0; k < Math.min(keys, LOGGED_UNIFORM_KEYS); k++) {
    const requests = rng.poisson(perKeyRequests);
    if (requests > 0) rows.push([k, requests * RU_PER_REQUEST]);
  }
  return rows;
}

/** Resource-log delay: median 5 minutes, within 3 to 10 almost always (assumption from the doc's range). */
function ingestionDelay(rng: Random): number {
  return Math.min(15, Math.max(3, rng.logNormal(5, 0.3)));
}

/** What a shared container's replay needs of its database: its ranges, and the load its neighbours put on each (built by `sharedRangesOf`, shared-database.ts). */
export interface SharedRanges {
  /** The database's partition-key ranges: one per 10,000 RU/s of its throughput, one per 50 GB of all its containers. */
  readonly ranges: number;
  /** RU/s the database's other containers put on `range` at `minute` (their uniform share and their hot keys). */
  readonly neighbours: (minute: number, range: number) => number;
}

/**
 * Simulates one container. A `shared` container replayed with its database's neighbours (`shared`, as replayProgram()
 * builds it) sits on the database's ranges: each range's load is its own plus theirs, and a range over its budget
 * throttles each container's requests there in proportion to its load on it. Without `shared`, the container owns its ranges.
 */
export function simulateContainer(model: ContainerModel, names: ContainerNames, telemetry: Telemetry, rng: Random, shared?: SharedRanges): ContainerTruth {
  const ranges = shared ? shared.ranges : rangesOf(model);
  const budget = model.throughput.ru / ranges;
  const truth: ContainerTruth = { ranges, throttledMinutes: 0 };
  const base = { [SCOPE_DIMENSION]: names.accountId, DatabaseName: names.databaseName, CollectionName: names.containerName };
  const perContainerMetrics = model.throughput.kind !== 'shared';
  const burstsAt = new Map<number, { range: number; ru: number }[]>();
  for (const b of model.bursts ?? []) burstsAt.set(b.minute, [...(burstsAt.get(b.minute) ?? []), b]);
  const hotKeys = model.hotKeys ?? [];
  // Each hot key's RU/s, asked once a minute: the range's load, its truth, its 429s and its log row all read it.
  const hotRu = new Float64Array(hotKeys.length);
  const keysOn = Array.from({ length: ranges }, (_, r) => hotKeys.flatMap((k, i) => (k.range === r ? [i] : [])));
  const keyCeiling = model.design ? hotValueReach(model.design).key : Math.min(KEY_CEILING, budget);
  const uniformKeys = uniformKeysOf(model, ranges);
  // Logged in the shape of the container's key: a plain value for one level, a JSON array of its levels otherwise.
  const uniformNames = Array.from({ length: LOGGED_UNIFORM_KEYS }, (_, k) => loggedKey(keyLevels(model.design), [k]));
  // Its own generator: the uniform keys' draws leave every other draw of a seeded scenario where it was.
  const uniformRng = rng.fork(UNIFORM_KEYS_SALT);
  // Each series' id once: written every minute, an id built per write would cost more than the write.
  const normalizedRu = Array.from({ length: ranges }, (_, r) => ({
    namespace: NAMESPACE,
    metricName: 'NormalizedRUConsumption',
    dimensions: { ...base, PartitionKeyRangeId: String(r) },
  }));
  const totalRequests = (status: string) => ({ namespace: NAMESPACE, metricName: 'TotalRequests', dimensions: { ...base, StatusCode: status } });
  const requestsOf = { '200': totalRequests('200'), '429': totalRequests('429') };
  let sustained = 0;
  // Per range, the interval's requests: CDBDataPlaneRequests5M logs them per physical partition (PartitionId).
  const interval = Array.from({ length: ranges }, () => ({ ok: 0, throttled: 0 }));
  for (let minute = 0; minute < telemetry.minutes; minute++) {
    const uniform = model.ru(minute);
    hotKeys.forEach((k, i) => (hotRu[i] = k.ru(minute)));
    let ok = 0;
    let throttled = 0;
    for (let r = 0; r < ranges; r++) {
      const keys = keysOn[r];
      const own = Math.max(0, (uniform / ranges) * (1 + 0.03 * rng.normal()) + keys.reduce((s, i) => s + hotRu[i], 0));
      // On a shared database the range also carries the neighbours' keys: its load, and its 429s, are the sum's.
      const mean = own + (shared ? shared.neighbours(minute, r) : 0);
      const sd = perSecondSd(mean, RATE_SPREAD, RU_PER_REQUEST);
      if (mean >= 0.8 * budget && truth.firstOver80 === undefined) truth.firstOver80 = minute;
      if (truth.firstKeyOver80 === undefined && keys.some((i) => hotRu[i] >= 0.8 * keyCeiling)) truth.firstKeyOver80 = minute;
      let peak = mean + sd * (2.3 + 0.4 * rng.normal());
      // The range's excess falls on each container's requests in proportion to its load there.
      let excess = mean > 0 ? expectedExcess(mean, sd, budget) * 60 * (own / mean) : 0;
      for (const b of burstsAt.get(minute) ?? []) {
        if (b.range === r) {
          peak = Math.max(peak, mean + b.ru);
          excess += Math.max(0, mean + b.ru - budget);
        }
      }
      // A logical partition above its own 10,000 RU/s ceiling throttles whatever the range budget.
      for (const i of keys) excess += Math.max(0, hotRu[i] - KEY_CEILING) * 60;
      const throttledRequests = rng.poisson(excess / RU_PER_REQUEST);
      const okRequests = Math.max(0, Math.round((own * 60 - excess) / RU_PER_REQUEST));
      throttled += throttledRequests;
      ok += okRequests;
      interval[r].ok += okRequests;
      interval[r].throttled += throttledRequests;
      if (perContainerMetrics) {
        telemetry.put(normalizedRu[r], minute, {
          sum: Math.min(100, (peak / budget) * 100),
          count: 1,
          min: Math.min(100, (mean / budget) * 100),
          max: Math.min(100, (Math.max(0, peak) / budget) * 100),
        });
      }
    }
    const requests = (status: '200' | '429', n: number) =>
      telemetry.put(requestsOf[status], minute, {
        sum: n,
        count: n,
        min: 1,
        max: 1,
      });
    requests('200', ok);
    sustained = throttled > 0 ? sustained + 1 : 0;
    if (throttled > 0) {
      requests('429', throttled);
      truth.throttledMinutes++;
      if (truth.first429 === undefined) truth.first429 = minute;
      if (sustained === 3 && truth.firstSustained429 === undefined) truth.firstSustained429 = minute - 2;
    }
    if (minute % REQUESTS_INTERVAL === REQUESTS_INTERVAL - 1) {
      const start = minute - (REQUESTS_INTERVAL - 1);
      const ingestedAt = minute + 1 + ingestionDelay(rng);
      interval.forEach((counts, r) => {
        for (const [status, n] of [
          ['200', counts.ok],
          ['429', counts.throttled],
        ] as const) {
          if (n > 0) {
            telemetry.log('CDBDataPlaneRequests5M', {
              timeGenerated: start,
              ingestedAt,
              columns: {
                DatabaseName: names.databaseName,
                CollectionName: names.containerName,
                RegionName: REGION,
                PartitionId: model.requestPartitionId?.(r) ?? String(r),
                StatusCode: status,
                RequestCount: n,
              },
            });
          }
        }
        counts.ok = 0;
        counts.throttled = 0;
      });
    }
    // Partition-key RU log: the hot keys, then keys of the uniform load; the rows of one minute arrive together.
    const arrival = minute + 1 + ingestionDelay(rng);
    const row = (key: string, range: number, requestCharge: number) =>
      telemetry.log('CDBPartitionKeyRUConsumption', {
        timeGenerated: minute,
        ingestedAt: arrival,
        columns: {
          DatabaseName: names.databaseName,
          CollectionName: names.containerName,
          RegionName: REGION,
          PartitionKey: key,
          PartitionKeyRangeId: String(range),
          RequestCharge: requestCharge,
        },
      });
    // Azure logs the RU a key consumed, never its demand: at most its ceiling (its 429s are the range's excess, above).
    hotKeys.forEach((k, i) => {
      if (hotRu[i] > 0) row(k.key, k.range, Math.min(hotRu[i], keyCeiling) * 60);
    });
    // The uniform keys' ranges: spread over them in turn, as hashing spreads many keys evenly.
    for (const [k, requestCharge] of uniformKeyCharges(uniform, uniformKeys, uniformRng)) row(uniformNames[k], k % ranges, requestCharge);
    for (const s of model.sizes ?? []) {
      const gb = s.gb(minute);
      if (gb >= 16 && truth.firstSizeOver16Gb === undefined) truth.firstSizeOver16Gb = minute;
      if (gb >= 19 && truth.firstSizeOver19Gb === undefined) truth.firstSizeOver19Gb = minute;
      if (minute % 60 === 0 && gb >= 1) {
        telemetry.log('CDBPartitionKeyStatistics', {
          timeGenerated: minute,
          ingestedAt: minute + 1 + ingestionDelay(rng),
          columns: { DatabaseName: names.databaseName, CollectionName: names.containerName, PartitionKey: s.key, SizeKb: gb * 1_048_576 },
        });
      }
    }
  }
  return truth;
}
