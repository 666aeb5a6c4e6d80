/**
 * Whether a shard count is set by the largest key value's size rather than by its load, and the figures that set it:
 * a value past the size one key value may hold (a Cosmos DB logical partition's 20 GB, "Partitioning and horizontal
 * scaling"; a DynamoDB item collection's 10 GB under an LSI) needs N keys whatever its traffic, the fewest at which
 * each holds its part within the usable share of that limit (`sizeNeed`, analysis.ts). A message that names such a
 * count by its neighbours' load would send the reader to the RU/s, where no raise changes it.
 */
import type { SpaceAnalysis } from './analysis';
import { largestPartitionSize } from './partition-size';
import type { MessageData } from './rule';

/** The figures of `n` where the size sets it (`sizeCountGb`, `sizeCountUsableGb`, `sizeCountLimitGb`); undefined
 *  where its load sets it, or sets the same count. */
export function sizeSetCountData(analysis: SpaceAnalysis, n: number): MessageData | undefined {
  const { needs } = analysis.plan;
  if (needs.size !== n || (needs.throughput ?? 0) >= n) return undefined;
  const size = largestPartitionSize(analysis.design)?.gb;
  const limit = analysis.owner.profile.keyValueSizeLimit(analysis.design)?.gb;
  if (size === undefined || limit === undefined) return undefined;
  const { headroom } = analysis.design.thresholds;
  return { sizeCountGb: size, sizeCountLimitGb: limit, sizeCountUsableGb: limit * headroom, headroom };
}
