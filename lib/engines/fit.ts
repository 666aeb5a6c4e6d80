/**
 * The one comparison of a load with a ceiling, and the capacity a peak needs with headroom: shared by the engine
 * profiles, the launch sizing and every rule, so a figure that fits in one place fits in all of them.
 */
import type { LoadDimension } from './profile';

/** Relative tolerance for floating-point noise: 10,000 × 0.56 / 7 is 800.0000000000001, which fits 800. */
export const LOAD_TOLERANCE = 1e-9;

/** The one comparison every rule and `shardsFor()` use: a load fits when it is at most the usable ceiling. */
export function fits(load: number, usable: number): boolean {
  return load <= usable * (1 + LOAD_TOLERANCE);
}

export function allFit(dimensions: readonly LoadDimension[]): boolean {
  return dimensions.every((d) => fits(d.load, d.usable));
}

/** The peak with the design's headroom, in whole units: what the capacity should allow. */
export function withHeadroom(peak: number, headroom: number): number {
  return Math.ceil(peak / headroom - 1e-9);
}
