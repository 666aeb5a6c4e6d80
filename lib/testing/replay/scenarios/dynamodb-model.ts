/**
 * A DynamoDB table's telemetry, minute by minute, from a load model. Doc facts the model encodes:
 * - A physical partition serves at most 3,000 read units/s and 1,000 write units/s; above that the
 *   requests are throttled and counted in Read/WriteKeyRangeThroughputThrottleEvents, one event per
 *   throttled request, in both capacity modes ("DynamoDB metrics and dimensions",
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html).
 * - Requests over a table-level limit are throttled under that cause instead: the provisioned
 *   capacity (after up to 300 s of burst credit), the on-demand maximum, or the account's per-table
 *   quota (40,000 units per direction by default, "Service quotas",
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html). On demand, a
 *   GSI meets that quota of its own ("a table or global secondary index (GSI) in on-demand mode" exceeding
 *   "the per-table account-level service quotas", throttling reasons IndexReadAccountLimitExceeded and
 *   IndexWriteAccountLimitExceeded, https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html),
 *   its reads counted under ReadAccountLimitThrottleEvents with its GlobalSecondaryIndexName ("DynamoDB metrics and
 *   dimensions"), its writes under WriteAccountLimitThrottleEvents with its GlobalSecondaryIndexName as the throttling
 *   resolution guide maps IndexWriteAccountLimitExceeded ("(GSIs)"; the metrics page lists the write metric per table
 *   only, and the failed-requests page reads both: lib/cdk/alarms.ts, capacityThrottleTerms).
 * - Contributor Insights counts, per partition key and minute, the consumed throughput units of the
 *   most accessed keys (3 × WCU + RCU, the unit the hot-key alarm is written in) and the throttled
 *   requests of the most throttled keys
 *   (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html).
 * - SuccessfulRequestLatency is time inside DynamoDB only, per operation; CloudWatch computes its
 *   percentiles from every request of the minute.
 * - Provisioned capacity may be auto-scaled (target tracking, per direction): see ./auto-scaling.ts
 *   for its documented reaction (2 breaching minutes, an alarm delay, several minutes of UpdateTable,
 *   sized from consumed capacity, scale-in after 15 minutes 20 points below the target). The model
 *   publishes the capacity in effect as Provisioned{Read,Write}CapacityUnits, each minute.
 * Assumptions (stated, not documented): an auto-scaled capacity starts at minute 0's load ÷ its target,
 * within its minimum and maximum (the table has run this workload before); auto scaling applies a new capacity 5 minutes (2 of alarm
 * delay + 3 of UpdateTable) after the minute that completes its trigger (`scalingDelayMinutes`);
 * each request is one unit; per-second load on a partition is
 * normal around the minute's mean (the variances of an 8% rate spread and of Poisson arrivals added), partitions' uniform shares spread 3%; split for
 * heat halves the uniform share of a partition holding a hot key after 10 throttled minutes (at
 * most 3 times) and never splits one key; throttle metrics
 * publish a 0 in every minute with traffic; capacity limits apply to the table's own key space, the quota to a GSI's too.
 */
import { Random } from '../random';
import { fromValues, type Datapoint, type MetricId, type Telemetry } from '../telemetry';
import { ScaledCapacity, type AutoScalingPolicy } from './auto-scaling';
import { expectedExcess, normalQuantile, perSecondSd } from './load';

export type Direction = 'read' | 'write';
export const PARTITION_CEILING: Readonly<Record<Direction, number>> = { read: 3000, write: 1000 };
export const DEFAULT_TABLE_QUOTA = 40_000;
const NAMESPACE = 'AWS/DynamoDB';

export interface HotKey {
  /** The partition-key value, as Contributor Insights lists it among the most accessed and throttled keys. */
  readonly key: string;
  /** The partition the key lives on (0-based). */
  readonly partition: number;
  /** Units per second at a minute. @default - no reads */
  readonly read?: (minute: number) => number;
  /** Units per second at a minute. @default - no writes */
  readonly write?: (minute: number) => number;
}

export interface Burst {
  /** Replay minute of the burst. */
  readonly minute: number;
  /** The partition it lands on (0-based). */
  readonly partition: number;
  /** `read` or `write`: which partition ceiling (3,000 RCU or 1,000 WCU per second) it counts against. */
  readonly direction: Direction;
  /** Extra units in one second. */
  readonly units: number;
}

export interface KeySpaceModel {
  /** The GSI; undefined for the table itself.
   *  @default - the table's own key space */
  readonly index?: string;
  /** Physical partitions the key space's uniform traffic spreads over, each with its own 3,000 RCU / 1,000 WCU ceiling. */
  readonly partitions: number;
  /** Distinct key values carrying the uniform traffic. */
  readonly cardinality: number;
  /** Uniform traffic over every partition, units per second at a minute. */
  readonly read: (minute: number) => number;
  /** Uniform writes over every partition, units per second at a minute. */
  readonly write: (minute: number) => number;
  /** Keys on a given partition with their own load. @default - none */
  readonly hotKeys?: readonly HotKey[];
  /** One-second spikes on one partition, on top of the minute's load.
   *  @default - none */
  readonly bursts?: readonly Burst[];
}

export type CapacityModel =
  /** On-demand: maximums unset mean no maximum; `quota` is the per-table quota (default 40,000). */
  | {
      /** On-demand capacity: only the maximums and the quota limit the table. */
      readonly mode: 'on-demand';
      /** The table's `maxReadRequestUnits`, RCU per second; reads above it are throttled (`MaxOnDemand`).
       *  @default - no maximum */
      readonly maxRead?: number;
      /** The table's `maxWriteRequestUnits`, WCU per second; writes above it are throttled (`MaxOnDemand`).
       *  @default - no maximum */
      readonly maxWrite?: number;
      /** The account's per-table quota, units per second per direction; requests above it are throttled (`AccountLimit`).
       *  @default 40000 */
      readonly quota?: number;
    }
  | {
      /** Provisioned capacity: requests above it are throttled (`Provisioned`) once up to 300 s of burst credit is spent. */
      readonly mode: 'provisioned';
      /** Provisioned units/s; with auto scaling, the minimum (the replay starts where target tracking holds minute 0's load, at least this). */
      readonly read: number;
      /** Provisioned write units/s; with auto scaling, the minimum (the replay starts where target tracking holds minute 0's load, at least this). */
      readonly write: number;
      /** Target tracking per direction. @default - fixed capacity */
      readonly autoScaling?: {
        /** Target tracking of the read capacity.
         *  @default - fixed read capacity */
        readonly read?: AutoScalingPolicy;
        /** Target tracking of the write capacity.
         *  @default - fixed write capacity */
        readonly write?: AutoScalingPolicy;
      };
      /** Minutes from the minute completing a trigger to the new capacity. @default 5 (alarm 2 + UpdateTable 3) */
      readonly scalingDelayMinutes?: number;
      /** Attempts the client makes with a request refused for provisioned capacity (its retries, all refused again), each
       *  counted as a throttle event: an SDK retries a throttled request (AWS SDK for JavaScript v3: 3 attempts).
       *  @default 1 */
      readonly attemptsPerThrottledRequest?: number;
    };

export interface TableModel {
  /** The table's capacity mode and table-level limits (they apply to the table's own key space). */
  readonly capacity: CapacityModel;
  /** The table's key space and each modelled GSI, with their partitions and traffic. */
  readonly keySpaces: readonly KeySpaceModel[];
  /** Minutes at which the application deploys (its warm-up runs large Queries for 5 minutes).
   *  @default - none */
  readonly deploys?: readonly number[];
}

/** Where the telemetry of one table goes: the TableName dimension and each key space's rule names. */
export interface TableNames {
  /** The TableName dimension value of the table's metrics, e.g. `${Ref:Orders}`, as the alarms resolve it. */
  readonly tableName: string;
  /** Contributor Insights rule names per key space (`''` for the table). */
  readonly rules: Readonly<
    Record<
      string,
      {
        /** The rule name of the most-accessed-keys rule, as the alarms resolve it.
         *  @default - no most-accessed-keys telemetry for this key space */
        readonly accessed?: string;
        /** The rule name of the most-throttled-keys rule, as the alarms resolve it.
         *  @default - no most-throttled-keys telemetry for this key space */
        readonly throttled?: string;
      }
    >
  >;
}

/** What happened, to judge detection: per key space, the first minute of each kind. */
export interface KeySpaceTruth {
  /** The GSI; undefined for the table itself. */
  readonly index?: string;
  /** First minute with a key-range throttle (a partition over its ceiling); undefined when none. */
  firstKeyRangeThrottle?: number;
  /** First minute of 3 consecutive minutes with key-range throttles; undefined when none. */
  firstSustainedThrottle?: number;
  /** First minute a partition's mean load reached 80% of its ceiling; undefined when none. */
  firstOver80?: number;
  /** First minute with a throttle of a table-level limit (provisioned capacity, on-demand maximum, quota); undefined when none. */
  firstCapacityThrottle?: number;
  /** Minutes with at least one key-range throttle. */
  keyRangeThrottleMinutes: number;
}

const LATENCY = {
  GetItem: { share: 0.6, direction: 'read', median: 2.5, unitsPerRequest: 1 },
  Query: { share: 0.4, direction: 'read', median: 6, unitsPerRequest: 4 },
  PutItem: { share: 0.5, direction: 'write', median: 4.5, unitsPerRequest: 1 },
  UpdateItem: { share: 0.5, direction: 'write', median: 5, unitsPerRequest: 1 },
} as const;
const BODY_SIGMA = 0.35;
/** Occasional slow requests (AWS: spikes at high percentiles alone are no cause for concern). */
const TAIL = { share: 0.0005, median: 60, sigma: 0.5 };
/** After a deploy: 3% of Queries are large warm-up pages for 5 minutes. */
const WARMUP = { share: 0.03, median: 45, sigma: 0.4, minutes: 5 };
const SAMPLE_LIMIT = 300;

function dims(tableName: string, index?: string): Record<string, string> {
  return index === undefined ? { TableName: tableName } : { TableName: tableName, GlobalSecondaryIndexName: index };
}
const metric = (metricName: string, dimensions: Record<string, string>): MetricId => ({ namespace: NAMESPACE, metricName, dimensions });
const cap = (d: Direction) => (d === 'read' ? 'Read' : 'Write');
const count = (n: number): Datapoint => ({ sum: n, count: 1, min: n, max: n });
/** CloudWatch's name for a throttle cause: `WriteAccountLimitThrottleEvents` has no "Throughput". */
const causeMetric = (direction: Direction, cause: string) => `${cap(direction)}${cause}${cause === 'AccountLimit' ? '' : 'Throughput'}ThrottleEvents`;

/** Simulates one table into `telemetry`; returns what happened per key space. */
export function simulateTable(model: TableModel, names: TableNames, telemetry: Telemetry, rng: Random): KeySpaceTruth[] {
  const minutes = telemetry.minutes;
  const credit: Record<Direction, number> = { read: 0, write: 0 };
  const c = model.capacity;
  // Auto scaling starts where target tracking holds the table's own load of minute 0 (./auto-scaling.ts).
  const tableSpace = model.keySpaces.find((k) => k.index === undefined);
  const startingLoad = (direction: Direction) => (tableSpace ? demandAt(tableSpace, direction, 0) : 0);
  const scaled =
    c.mode === 'provisioned'
      ? {
          read: new ScaledCapacity(c.read, c.autoScaling?.read, c.scalingDelayMinutes, startingLoad('read')),
          write: new ScaledCapacity(c.write, c.autoScaling?.write, c.scalingDelayMinutes, startingLoad('write')),
        }
      : undefined;
  const truths: KeySpaceTruth[] = [];
  for (const space of model.keySpaces) {
    const truth: KeySpaceTruth = { index: space.index, keyRangeThrottleMinutes: 0 };
    truths.push(truth);
    const isTable = space.index === undefined;
    const d = dims(names.tableName, space.index);
    const rules = names.rules[space.index ?? ''] ?? {};
    const split = new Array(space.partitions).fill(1);
    const hotMinutes = new Array(space.partitions).fill(0);
    const noise = rng.fork(space.partitions * 7919 + (space.index?.length ?? 0));
    const burstsAt = new Map<number, Burst[]>();
    for (const b of space.bursts ?? []) burstsAt.set(b.minute, [...(burstsAt.get(b.minute) ?? []), b]);
    const keysOn = Array.from({ length: space.partitions }, (_, p) => (space.hotKeys ?? []).filter((k) => k.partition === p));
    const hotPartitions = keysOn.flatMap((keys, p) => (keys.length > 0 ? [p] : []));
    let sustained = 0;
    for (let minute = 0; minute < minutes; minute++) {
      let throttledAny = false;
      const keyRange: Record<Direction, number> = { read: 0, write: 0 };
      for (const direction of ['read', 'write'] as const) {
        const uniform = space[direction](minute);
        const units = new Map((space.hotKeys ?? []).map((k) => [k, k[direction]?.(minute) ?? 0]));
        const demand = uniform + [...units.values()].reduce((s, u) => s + u, 0);
        if (demand <= 0) continue;
        // Table-level limits first: what is admitted to the partitions.
        let admitted = demand;
        const causes: [string, number][] = [];
        if (!isTable && c.mode === 'on-demand') {
          // A GSI on demand meets the per-table quota of its own (the throttling reasons IndexRead/WriteAccountLimitExceeded),
          // counted under Read/WriteAccountLimitThrottleEvents with its GlobalSecondaryIndexName.
          const quota = c.quota ?? DEFAULT_TABLE_QUOTA;
          if (admitted > quota) {
            causes.push(['AccountLimit', admitted - quota]);
            admitted = quota;
          }
        } else if (isTable) {
          if (c.mode === 'provisioned') {
            const provisioned = (scaled as Record<Direction, ScaledCapacity>)[direction].at(minute);
            telemetry.put(metric(`Provisioned${cap(direction)}CapacityUnits`, d), minute, count(provisioned));
            if (demand <= provisioned) credit[direction] = Math.min(300 * provisioned, credit[direction] + (provisioned - demand) * 60);
            else {
              const fromCredit = Math.min(credit[direction] / 60, demand - provisioned);
              credit[direction] -= fromCredit * 60;
              admitted = provisioned + fromCredit;
              causes.push(['Provisioned', (demand - admitted) * (c.attemptsPerThrottledRequest ?? 1)]);
            }
          } else {
            const max = direction === 'read' ? c.maxRead : c.maxWrite;
            if (max !== undefined && admitted > max) {
              causes.push(['MaxOnDemand', admitted - max]);
              admitted = max;
            }
            const quota = c.quota ?? DEFAULT_TABLE_QUOTA;
            if (admitted > quota) {
              causes.push(['AccountLimit', admitted - quota]);
              admitted = quota;
            }
          }
        }
        for (const [cause, excess] of causes) {
          const events = noise.poisson(excess * 60);
          telemetry.put(metric(causeMetric(direction, cause), d), minute, count(events));
          if (events > 0 && truth.firstCapacityThrottle === undefined) truth.firstCapacityThrottle = minute;
        }
        const scale = admitted / demand;
        // Partitions holding a hot key or a burst this minute, one by one (uniform share, halved by
        // each split for heat, plus their keys); the others together, their 3% spread folded into
        // the per-second spread (a normal mixture), which keeps a week of 160 partitions fast.
        const ceiling = PARTITION_CEILING[direction];
        const uniformShare = (uniform * scale) / space.partitions;
        const burstsNow = (burstsAt.get(minute) ?? []).filter((b) => b.direction === direction);
        let throttledUnits = 0;
        let plain = space.partitions;
        const busy = new Set<number>([...hotPartitions, ...burstsNow.map((b) => b.partition)]);
        for (const p of busy) {
          plain--;
          const share = uniformShare * split[p] * (1 + 0.03 * noise.normal());
          const keys = keysOn[p].map((key) => ({ key, units: units.get(key) ?? 0 })).filter((h) => h.units > 0);
          const mean = Math.max(0, share + keys.reduce((s, h) => s + h.units * scale, 0));
          if (mean >= 0.8 * ceiling && truth.firstOver80 === undefined) truth.firstOver80 = minute;
          let excess = expectedExcess(mean, perSecondSd(mean, RATE_SPREAD), ceiling) * 60;
          for (const b of burstsNow) if (b.partition === p) excess += Math.max(0, mean + b.units - ceiling);
          throttledUnits += excess;
          if (excess >= 1) {
            hotMinutes[p]++;
            if (hotMinutes[p] >= 10 && split[p] > 1 / 8) {
              split[p] /= 2;
              hotMinutes[p] = 0;
            }
          } else hotMinutes[p] = 0;
          // Contributor Insights: each hot key's consumed units and its share of the throttles.
          for (const h of keys) {
            const throttledShare = mean > 0 ? (excess * (h.units * scale)) / mean : 0;
            const consumed = h.units * scale * 60 - throttledShare;
            if (rules.accessed) telemetry.contribute(rules.accessed, minute, h.key.key, (direction === 'write' ? 3 : 1) * consumed);
            if (rules.throttled && throttledShare >= 1) telemetry.contribute(rules.throttled, minute, h.key.key, Math.round(throttledShare));
          }
        }
        if (plain > 0 && uniformShare > 0) {
          if (uniformShare >= 0.8 * ceiling && truth.firstOver80 === undefined) truth.firstOver80 = minute;
          const sd = Math.hypot(perSecondSd(uniformShare, RATE_SPREAD), 0.03 * uniformShare);
          throttledUnits += plain * expectedExcess(uniformShare, sd, ceiling) * 60;
        }
        keyRange[direction] = noise.poisson(throttledUnits);
        throttledAny ||= keyRange[direction] > 0;
        // The busiest of the uniform keys: about 3 × the mean key (assumption).
        if (rules.accessed && uniform > 0)
          telemetry.contribute(rules.accessed, minute, 'uniform-top', ((direction === 'write' ? 3 : 1) * 3 * uniform * scale * 60) / space.cardinality);
        const consumed = Math.max(0, admitted * 60 - throttledUnits);
        telemetry.put(metric(`Consumed${cap(direction)}CapacityUnits`, d), minute, count(consumed));
        if (isTable) scaled?.[direction].observe(minute, consumed / 60);
      }
      const traffic =
        space.read(minute) + space.write(minute) + (space.hotKeys ?? []).reduce((sum, k) => sum + (k.read?.(minute) ?? 0) + (k.write?.(minute) ?? 0), 0) > 0;
      for (const direction of ['read', 'write'] as const) {
        if (keyRange[direction] > 0 || traffic)
          telemetry.put(metric(`${cap(direction)}KeyRangeThroughputThrottleEvents`, d), minute, count(keyRange[direction]));
        if (traffic && !isTable && model.capacity.mode === 'on-demand') {
          const id = metric(causeMetric(direction, 'AccountLimit'), d);
          if (telemetry.series(id)[minute] === undefined) telemetry.put(id, minute, count(0));
        }
        if (traffic && isTable) {
          const zeroCauses = model.capacity.mode === 'provisioned' ? ['Provisioned'] : ['MaxOnDemand', 'AccountLimit'];
          for (const cause of zeroCauses) {
            const id = metric(causeMetric(direction, cause), d);
            if (telemetry.series(id)[minute] === undefined) telemetry.put(id, minute, count(0));
          }
        }
      }
      sustained = throttledAny ? sustained + 1 : 0;
      if (throttledAny) {
        truth.keyRangeThrottleMinutes++;
        if (truth.firstKeyRangeThrottle === undefined) truth.firstKeyRangeThrottle = minute;
        if (sustained === 3 && truth.firstSustainedThrottle === undefined) truth.firstSustainedThrottle = minute - 2;
      }
      if (isTable) latency(model, space, names.tableName, minute, telemetry, noise);
    }
  }
  return truths;
}

/** Second-to-second variation of the rate a partition is asked for, as a share of the minute's mean (an assumption:
 *  AWS publishes no figure; it is the spread the 80% headroom is kept for). */
const RATE_SPREAD = 0.08;

/** Units/s asked of a key space in one direction at a minute: its uniform load and every hot key's. */
function demandAt(space: KeySpaceModel, direction: Direction, minute: number): number {
  return space[direction](minute) + (space.hotKeys ?? []).reduce((sum, k) => sum + (k[direction]?.(minute) ?? 0), 0);
}

/** SuccessfulRequestLatency per operation for one minute of the table's own traffic. */
function latency(model: TableModel, space: KeySpaceModel, tableName: string, minute: number, telemetry: Telemetry, rng: Random): void {
  const warm = (model.deploys ?? []).some((d) => minute >= d && minute < d + WARMUP.minutes);
  for (const [operation, op] of Object.entries(LATENCY)) {
    const units = demandAt(space, op.direction, minute);
    const requests = Math.round((units * op.share * 60) / op.unitsPerRequest);
    if (requests <= 0) continue;
    const tail = operation === 'Query' && warm ? WARMUP : TAIL;
    const id = metric('SuccessfulRequestLatency', { TableName: tableName, Operation: operation });
    if (requests <= SAMPLE_LIMIT) {
      const values = Array.from({ length: requests }, () =>
        rng.next() < tail.share ? rng.logNormal(tail.median, tail.sigma) : rng.logNormal(op.median, BODY_SIGMA),
      );
      telemetry.put(id, minute, fromValues(values));
      continue;
    }
    // Many requests: the percentile of the mixture for exactly `requests` draws (tail count drawn).
    const slow = rng.poisson(requests * tail.share);
    const percentile = (p: number) => {
      const rank = Math.ceil(p * requests);
      const above = requests - rank;
      if (slow > above) return tail.median * Math.exp(tail.sigma * normalQuantile(1 - (above + 0.5) / slow));
      return op.median * Math.exp(BODY_SIGMA * normalQuantile(Math.min(rank / (requests - slow), 1 - 0.5 / requests)));
    };
    const mean = op.median * Math.exp(BODY_SIGMA ** 2 / 2);
    telemetry.put(id, minute, {
      sum: mean * requests,
      count: requests,
      min: op.median * 0.3,
      max: slow > 0 ? tail.median * 3 : op.median * 4,
      percentiles: { p50: percentile(0.5), p90: percentile(0.9), p99: percentile(0.99) },
    });
  }
}
