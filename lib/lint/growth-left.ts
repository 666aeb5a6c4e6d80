/**
 * The growth a hot value has left before its partition's usable ceiling, judged against the design's minGrowthHeadroom:
 * the one test SG014's growth warning, SG007's kept sharding and the key orders SG003, SG004 and SG012 offer share.
 */
import type { KeyDesign } from '../design/key-design';
import type { LoadDimension } from '../engines';

/**
 * How many times the hot value's own load can grow, the rest of its partition's load as it is, before it reaches what
 * that partition leaves it (each dimension's usable ceiling less the neighbours' expected load, as SG003 judges it).
 */
export function growthAlone(dimensions: readonly LoadDimension[]): number {
  return dimensions.reduce((min, d) => (d.load > 0 ? Math.min(min, d.usable / d.load) : min), Infinity);
}

/**
 * Whether a hot value is short of the design's minGrowthHeadroom: the traffic cannot grow that much before its partition
 * saturates (`growth`, the neighbours' load growing too), and neither can the value's own load with the rest as it is.
 * The second keeps a value of no weight quiet on a partition its neighbours fill (a 0.1% customer in a container near
 * its RU/s, SG017's line; a DynamoDB key beside the expected load of its partition): its own growth costs no headroom.
 */
export function shortOfGrowth(design: KeyDesign, growth: number, dimensions: readonly LoadDimension[]): boolean {
  const least = design.thresholds.minGrowthHeadroom * (1 - 1e-9);
  return growth < least && growthAlone(dimensions) < least;
}

/**
 * Whether a value putting `load` on a partition that leaves it `usable` (the ceiling less its neighbours' expected load)
 * is short of minGrowthHeadroom (`shortOfGrowth` on that one dimension): a key order offered as a fix must not leave its
 * new first level's hottest value there, or SG014 warns of the key the fix made.
 */
export function shortOfGrowthAt(design: KeyDesign, load: number, usable: number): boolean {
  return load > 0 && shortOfGrowth(design, usable / load, [{ load, usable } as LoadDimension]);
}

/**
 * Whether a value above maxHotKeyShare has so much growth left that its share cannot saturate it within the growth the
 * design plans for: the growth left times its share is at least minGrowthHeadroom, so even were it to take the key
 * space's whole peak, grown minGrowthHeadroom×, its partition would still hold it (a 12 WCU vote tally whose leader can
 * grow 130×). A share is a warning sign of a skew that concentrates growth on one partition (AWS, "Best practices for
 * designing and using partition keys"); where no skew can bring that partition to its ceiling before the planned
 * growth, the warning only asks for a waiver.
 */
export function shareCannotSaturate(design: KeyDesign, growth: number, share: number): boolean {
  return growth * share >= design.thresholds.minGrowthHeadroom;
}
