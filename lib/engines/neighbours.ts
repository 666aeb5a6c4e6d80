/**
 * The load a value's neighbours are expected to put on its partition, for both engines: each engine hashes key values
 * over its partitions, so a value meets 1/P of the rest of the key space's load (`neighbourLoad`); a uniform key, whose
 * value is no heavier than the average one, is judged at the average partition where its bias above it is a sliver
 * (`judgedNeighbourLoad`): at the resource's usable line that bias is the resource's capacity, not a hot key.
 */

/**
 * Expected load of the other key values on the hot value's physical partition: `rest` ÷ `partitions`, whatever the
 * key's count of values (`partitions`: the key space in slices as large as the partition's share, `keySpaceSlices`). Cosmos DB hashes each partition key value (a hierarchical key's first-level value: all its
 * documents are collocated) and allocates the key space of those hashes evenly across the physical partitions
 * (Microsoft Learn, "Partitioning and horizontal scaling", managing logical partitions; "Hierarchical partition keys"),
 * so each other value lands on the hot value's partition with probability 1/partitions, and by linearity of
 * expectation the load they put there is rest ÷ partitions: 5 equal tenants on 10 partitions expect 4/10 of a tenant
 * beside the hottest, not none; a few values do not keep to partitions of their own. A bucketed value's sibling
 * buckets are among `rest`: each is hashed on its own. An expectation: hashing can put more there, which the
 * design's headroom absorbs.
 */
export function neighbourLoad(rest: number, partitions: number): number {
  return rest / partitions;
}

/**
 * The part of a physical partition's usable RU/s by which a uniform key's value may sit above the partition's average
 * and still be judged at that average (5%, the slack MIN_SPARE_FOR_COUNTS leaves for a shard or bucket count, lib/lint).
 * The hot value's partition expects hot + rest ÷ P, the average (hot + rest) ÷ P plus hot × (1 − 1/P): a bias the size of
 * the value itself. Where no value is heavier than the average one and that bias is a sliver of the partition, the key
 * has no hot value: 2,000 tenants of 16 RU/s at a container's usable line would be refused for 12 RU/s above it, a
 * finding about the container's capacity (SG017's), not about the key, and smaller than hashing's own spread. A value
 * heavy enough for its bias to reach this part of the partition (few values, or a container with few partitions'
 * worth of them) is judged on the expectation, as any value heavier than the average is.
 */
export const UNIFORM_KEY_TOLERANCE = 0.05;

/** One value's load among the key's values, for `judgedNeighbourLoad`. */
export interface ValueAmongValues {
  /** The value's RU/s. */
  readonly hot: number;
  /** The other values' RU/s, together. */
  readonly rest: number;
  /** How many values share the traffic (Infinity for a unique key: no average value to compare with). */
  readonly cardinality: number;
}

/**
 * The neighbours' load a value is judged against on its physical partition (SG003, the growth SG001 and SG014 give,
 * the alert reach, every raise and count a fix offers): the expectation (`neighbourLoad`), except for a uniform key
 * whose bias above the average partition is under UNIFORM_KEY_TOLERANCE of the partition's `usableEach` RU/s, judged
 * at the average partition's load: (hot + rest) ÷ P − hot. `partitions`: P on P even partitions; where a raise split
 * only some, the slices as large as the largest partition's share (`keySpaceSlices`, `largestShareSlices`).
 */
export function judgedNeighbourLoad({ hot, rest, cardinality }: ValueAmongValues, partitions: number, usableEach: number): number {
  const noHeavierThanAverage = Number.isFinite(cardinality) && hot * cardinality <= (hot + rest) * (1 + 1e-9);
  const bias = hot * (1 - 1 / partitions);
  if (noHeavierThanAverage && bias < UNIFORM_KEY_TOLERANCE * usableEach) return Math.max(0, (hot + rest) / partitions - hot);
  return neighbourLoad(rest, partitions);
}
