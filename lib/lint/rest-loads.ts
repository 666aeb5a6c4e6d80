/**
 * The loads of a key space's values other than its hottest, as the fixes that shard the hottest value alone count
 * them (hot-values.ts) and the reads those fixes leave unsharded (read-requests.ts). Takes the loads only, so the
 * analysis can count reads with it (analysis.ts imports read-requests.ts).
 */
import type { Loads } from '../engines';

/** A key space's whole and hottest loads, over the values its peak lands on (`SpaceAnalysis` has them). */
export interface ValueLoads {
  readonly trafficValues: number;
  readonly total: Loads;
  readonly hot: Loads;
}

/**
 * The loads of the next hottest value, which stays unsharded: an even part of what the hottest leaves, over the other
 * values the peak lands on. Undefined for a key of one value.
 */
export function restLoads(a: ValueLoads): Loads | undefined {
  const others = a.trafficValues - 1;
  if (!(others >= 1) || !Number.isFinite(others)) return undefined;
  return { reads: Math.max(0, a.total.reads - a.hot.reads) / others, writes: Math.max(0, a.total.writes - a.hot.writes) / others };
}
