import type { ValueAmongValues } from '../engines';
import type { SpaceAnalysis } from './analysis';

/**
 * The value a raise at creation is sized to fit (Cosmos DB `raiseForPeak`): the container's own key's hottest value among
 * its values, against `peak` (default: the key's declared reads and writes). SG017 asks for that raise, and every value
 * judged where it leaves the container (a hierarchical key's first level, each bucket count its fix tries) is judged at
 * the same one, so the two findings state one figure on one partition count.
 */
export function keyValueTheRaiseFits(key: SpaceAnalysis, peak = key.total.reads + key.total.writes): ValueAmongValues {
  const hot = key.hot.reads + key.hot.writes;
  return { hot, rest: peak - hot, cardinality: key.trafficValues };
}
