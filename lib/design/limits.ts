/**
 * Rules of thumb and input bounds. The engines' own ceilings live in their profiles
 * (lib/engines/dynamodb.ts, lib/engines/cosmosdb.ts).
 */

/**
 * Rules of thumb from the seed articles. Every one can be overridden per design and per project
 * (`thresholds`); the defaults below are what the catalogue documents.
 */
export interface Thresholds {
  /** Share of a vendor ceiling a design may plan to use; the rest is buffer for bursts and growth.
   *  @default 0.8 (800 WCU, 2,400 RCU, 8,000 RU/s, 16 GB) */
  readonly headroom: number;
  /** Fewer distinct partition-key values than this is a low-cardinality key (SG001): an error only when
   *  its hottest value is over the ceiling, else a warning with the growth left. It never raises a shard
   *  count: N comes from the load alone (ceil(hot load / usable ceiling)).
   *  @default 100 */
  readonly minCardinality: number;
  /** More shards than this makes every fan-out read too slow and costly (SG008).
   *  @default 100 */
  readonly maxShards: number;
  /** Declared shards above this multiple of the computed need are excessive (SG008).
   *  @default 2 */
  readonly fanOutFactor: number;
  /** Share of query traffic that may skip the partition key before SG012 warns.
   *  @default 0.05 */
  readonly maxCrossPartitionShare: number;
  /** Share of writes or RU one key value may take before SG014 warns (with the growth left before its
   *  ceiling). A warning sign only: it never raises a shard or replica count, which the load alone sets.
   *  @default 0.1 */
  readonly maxHotKeyShare: number;
  /** How many times the traffic the hottest declared value must be able to grow before it reaches the usable ceiling
   *  of its partition (headroom × the ceiling it can reach): SG014 warns of a value within maxHotKeyShare that fits
   *  today with less growth left than this, whatever its share; above maxHotKeyShare, SG014 warns only where the
   *  growth left times the share is below it (else no skew saturates the value before that growth). Raise it to plan
   *  for more growth (a seasonal peak: 3), lower it toward 1 to warn only near the ceiling. SG007 keeps a sharding whose
   *  removal would leave less, and no key order is offered whose new first level would have less. A rule of thumb for
   *  planning, not a vendor limit.
   *  @default 1.5 (the hottest value can take 1.5× today's peak before its partition saturates) */
  readonly minGrowthHeadroom: number;
  /** How sure a shard or copy count must be that the keys the hash puts on one partition fit its hard maximum, where the
   *  engine sizes a count for them (DynamoDB: adaptive capacity isolates a hot key only under sustained traffic, so a
   *  launch meets the crowd). 0 keeps the rule of thumb: two keys on one partition, or past P partitions ⌈N/P⌉ + 1.
   *  Above 0 (0.9, 0.99), N is also raised until the fewest keys that would pass the maximum gather on one partition
   *  no more often than 1 − this (75 shards on 60 partitions put 4 on one 93% of the time). Findings state that chance
   *  either way. A planning choice, not a vendor limit: each shard more is one more Query of every fan-out read.
   *  @default 0 (the rule of thumb) */
  readonly crowdConfidence: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  headroom: 0.8,
  minCardinality: 100,
  maxShards: 100,
  fanOutFactor: 2,
  maxCrossPartitionShare: 0.05,
  maxHotKeyShare: 0.1,
  minGrowthHeadroom: 1.5,
  crowdConfidence: 0,
};

/** Declared shares may be rounded (0.333 for 1/3): a share this close below the uniform one is accepted as it. */
export const SHARE_ROUNDING = 0.01;

/** Shard counts above this are rejected as input errors: no design needs them, and a typo
 *  (10000 for 100) would otherwise become a thousand-way fan-out in application code. */
export const MAX_SHARDS_ACCEPTED = 1_000;

/** Thresholds with the overrides applied in order; a field an override leaves out (undefined) keeps the value before it. */
export function withThresholds(base: Thresholds, ...overrides: readonly ({ readonly [K in keyof Thresholds]?: Thresholds[K] } | undefined)[]): Thresholds {
  const result: { -readonly [K in keyof Thresholds]: Thresholds[K] } = { ...base };
  for (const override of overrides) {
    if (!override) continue;
    for (const key of Object.keys(base) as (keyof Thresholds)[]) {
      const value = override[key];
      if (value !== undefined) result[key] = value;
    }
  }
  return result;
}
