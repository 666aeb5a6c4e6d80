/**
 * Whether a crowd's chance can matter, before its exact sum is done (crowd-chance.ts): only a chance that reaches a line
 * is ever used (stated at 1% or more, `CROWD_CHANCE_FLOOR`; weighed against 1 − `crowdConfidence`), and most crowds
 * that pass a partition's maximum are far below both: 92 of 95 keys on one of 59 partitions, a chance near 1e−150, took
 * the exact sum's P × N × k ≈ 500,000 steps to say so.
 */
import { chanceOfCrowd } from './crowd-chance';

/**
 * `chanceOfCrowd` where it may reach `least`; undefined where a bound shows it below half of `least`. Half: the exact
 * sums add positive terms, so they round by under 1e−10 even at 1,000 keys, far less than half the smallest line
 * (1 − 0.9999): a chance the bound rules out is one the exact sum rules out too.
 */
export function likelyChanceOfCrowd(keys: number, partitions: number, crowd: number, least: number): number | undefined {
  const undecided = crowd > Math.ceil(keys / partitions) && crowd <= keys;
  return undecided && crowdChanceBound(keys, partitions, crowd) < least / 2 ? undefined : chanceOfCrowd(keys, partitions, crowd);
}

/**
 * An upper bound on `chanceOfCrowd`, for a crowd k above N ÷ P: some partition holds k or more at most P times as often
 * as a given one does (the union bound), and a given one, each key landing there with chance p = 1 ÷ P, at most
 * e^(−N × D(k/N ‖ p)) of the time (the Chernoff bound; D(a ‖ p) = a ln(a/p) + (1 − a) ln((1 − a)/(1 − p)), the relative
 * entropy). O(1); loose by a modest factor, so a chance near a line still gets the exact sum.
 */
function crowdChanceBound(keys: number, partitions: number, crowd: number): number {
  const p = 1 / partitions;
  const a = crowd / keys;
  // At k = N the second term is 0 × ln 0, which is 0: the bound is then P × p^N, the chance all N land together.
  const entropy = a * Math.log(a / p) + (a < 1 ? (1 - a) * Math.log((1 - a) / (1 - p)) : 0);
  return partitions * Math.exp(-keys * entropy);
}
