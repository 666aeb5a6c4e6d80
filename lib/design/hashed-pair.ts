/**
 * Two of one hot value's hashed keys on one partition: the chance of it, what that partition then takes, and whether a
 * count is sized for it. A count of N shards or copies places its keys by the hash of their values (`key#0…key#N−1`), so
 * with N near P two often share one partition (lib/lint/hashed-keys.ts says so in the fix). Where the engine moves a hot
 * key off such a partition only under sustained traffic (`EngineProfile.sizesForHashedPair`: DynamoDB, whose adaptive
 * capacity isolates frequently accessed items, "Burst and adaptive capacity"), a launch, a batch start or a market open
 * meets the pair first, and a partition past its hard 1,000 WCU / 3,000 RCU throttles ("Burst and adaptive capacity":
 * "throttling will occur if a single partition receives more than 3000 read operation or more than 1000 write
 * operations"; "Partitions and data distribution"). So there a count is also sized for the pair to fit that maximum.
 */
import { allFit, fits, type EngineProfile, type LoadDimension } from '../engines';
import { likelyChanceOfCrowd } from './crowd-bound';

/**
 * The chance that hashing `keys` keys over `partitions` equally likely partitions puts two or more on one:
 * 1 − P! ÷ ((P − N)! × P^N), the birthday problem, and 1 where there are more keys than partitions.
 */
export function chanceTwoShareOne(keys: number, partitions: number): number {
  if (keys > partitions) return 1;
  let apart = 1;
  for (let placed = 1; placed < keys; placed++) apart *= 1 - placed / partitions;
  return 1 - apart;
}

/** One stored key's figures on its partition, as a fix states them (or as the analysis judges them). */
export interface KeyOnPartition {
  /** P: the partitions (slices of the key space) the keys hash over. */
  readonly partitions: number;
  /** One key's load. */
  readonly load: number;
  /** The rest of the load expected beside it: 1/P of the rest, its N − 1 siblings included. */
  readonly neighbours: number;
  /** The partition's usable ceiling with no neighbours (headroom × its ceiling or share). */
  readonly usable: number;
  /** The partition's hard maximum, which no headroom lowers (DynamoDB's 1,000 WCU / 3,000 RCU; a Cosmos DB share). */
  readonly maximum: number;
  readonly unit: string;
}

/**
 * What a partition holding `crowd` of the `keys` keys takes: those in full, and the neighbours less the siblings already
 * counted among them. Hashed onto different partitions (N ≤ P), each of the other siblings still lands there 1/P of the
 * time, so only the crowd's other keys' 1/P come off. Hashed evenly (N > P), the other siblings sit on other partitions,
 * so all N − 1 siblings' 1/P come off: where the value is the whole key space (one value), nothing is left beside them.
 */
export function crowdLoad(figure: KeyOnPartition, keys: number, crowd: number): number {
  const siblingsCounted = keys > figure.partitions ? keys - 1 : crowd - 1;
  const siblingsShare = Math.min(figure.neighbours, (siblingsCounted * figure.load) / figure.partitions);
  return crowd * figure.load + figure.neighbours - siblingsShare;
}

/** What a partition holding two of the `keys` keys takes (`crowdLoad`). */
export function twoOnOnePartition(figure: KeyOnPartition, keys: number): number {
  return crowdLoad(figure, keys, 2);
}

/**
 * The most of the `keys` keys one partition is sized to hold, and what it then takes (`load`). With no more keys than
 * partitions (N ≤ P), two: both in full beside the neighbours (`twoOnOnePartition`). With more (N > P), two always
 * share one, and a partition holds at least ⌈N/P⌉ of them: the test is that crowd and one more key hashed onto it,
 * ⌈N/P⌉ + 1 in full (at most N), beside the neighbours less all N − 1 siblings' 1/P (the crowd stands for them). At
 * N = P + 1 that is 3 keys of 1/(P + 1) each, more than N = P's 2 of 1/P: the test tightens past P, so no count passes
 * there by definition, and two always sharing one is never where a count lands for free. A rule of thumb, not a
 * likely bound: the hash places keys like balls in bins, and 75 keys on 60 partitions put 4 or more on one 93% of the
 * time (`overflowingCrowd` says how likely the crowd that passes the maximum is; `crowdConfidence` sizes for it).
 */
export function crowdOnOnePartition(figure: KeyOnPartition, keys: number): { readonly keys: number; readonly load: number } {
  const crowd = keys <= figure.partitions ? 2 : Math.min(keys, Math.ceil(keys / figure.partitions) + 1);
  return { keys: crowd, load: crowdLoad(figure, keys, crowd) };
}

/**
 * The fewest of the `keys` keys that, hashed onto one partition, take past its hard maximum beside its neighbours
 * (`crowdLoad`), what they take, and the chance that so many or more share one where it may reach `least`
 * (`likelyChanceOfCrowd`: undefined where it is below); undefined where all N on one partition fit. What a crowd takes
 * grows with it (each key more adds its load and takes at most 1/P of it off the neighbours), so the fewest is found by
 * halving the range, not by walking up from 2.
 */
export function overflowingCrowd(
  figure: KeyOnPartition,
  keys: number,
  least: number,
): { readonly keys: number; readonly load: number; readonly chance: number | undefined } | undefined {
  const overflows = (crowd: number) => !fits(crowdLoad(figure, keys, crowd), figure.maximum);
  if (keys < 2 || !overflows(keys)) return undefined;
  // The fewest that overflow lies in (fitting, overflowing]; a crowd is two or more, so 1 stands below it.
  let [fitting, overflowing] = [1, keys];
  while (overflowing - fitting > 1) {
    const middle = Math.floor((fitting + overflowing) / 2);
    if (overflows(middle)) overflowing = middle;
    else fitting = middle;
  }
  return { keys: overflowing, load: crowdLoad(figure, keys, overflowing), chance: likelyChanceOfCrowd(keys, figure.partitions, overflowing, least) };
}

/**
 * Whether `keys` keys are enough for the keys hashed onto one partition (two, or past P the pigeonhole crowd and one
 * more: `crowdOnOnePartition`) to fit its hard maximum beside that partition's expected neighbours, on every figure.
 * With a `confidence` above 0 (the design's `crowdConfidence`), also for the crowd that passes the maximum
 * (`overflowingCrowd`) to gather on one partition no more often than 1 − confidence. A count is the least N, from the
 * one the usable line alone gives, at which this and the usable line hold.
 */
export function hashedPairFits(keys: number, figures: readonly KeyOnPartition[], confidence = 0): boolean {
  if (keys <= 1) return true;
  return figures.every((figure) => fits(crowdOnOnePartition(figure, keys).load, figure.maximum) && (confidence <= 0 || likelyFits(figure, keys, confidence)));
}

/** Whether the crowd of `keys` keys that passes the partition's maximum gathers no more often than 1 − `confidence`. */
function likelyFits(figure: KeyOnPartition, keys: number, confidence: number): boolean {
  const chance = overflowingCrowd(figure, keys, 1 - confidence)?.chance;
  return chance === undefined || chance <= 1 - confidence;
}

/** A DynamoDB dimension's figures beside its expected neighbours (`LoadDimension.neighbours`); none without them. */
export function besideNeighbours(d: LoadDimension): KeyOnPartition[] {
  return d.neighbours
    ? [{ partitions: d.neighbours.partitions, load: d.load, neighbours: d.neighbours.load, usable: d.neighbours.usableAlone, maximum: d.ceiling, unit: d.unit }]
    : [];
}

/**
 * Whether `keys` stored keys judged at `dimensions` (the count's own, `SpaceAnalysis.dimensionsAt`) are a count the
 * engine accepts for the pair: always where it does not size for it (`EngineProfile.sizesForHashedPair`), else where
 * two on one partition fit its maximum (`hashedPairFits`), at the design's `crowdConfidence` where above 0.
 */
export function countFitsPair(profile: EngineProfile, keys: number, dimensions: readonly LoadDimension[], confidence = 0): boolean {
  return !profile.sizesForHashedPair || hashedPairFits(keys, dimensions.flatMap(besideNeighbours), confidence);
}

/** Whether a count of `keys` stored keys judged at `dimensions` fits: each key within its usable ceiling, and the pair
 *  within the partition's maximum where the engine sizes for it (`countFitsPair`). Every count a fix states is judged so. */
export function countFits(profile: EngineProfile, keys: number, dimensions: readonly LoadDimension[], confidence = 0): boolean {
  return allFit(dimensions) && countFitsPair(profile, keys, dimensions, confidence);
}
