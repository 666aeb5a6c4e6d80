/**
 * Whether the declared reads of a sharded key's value each reach one shard: every query of a whole key value wants any
 * item, or carries a calculated shard's source (a read by VIN of a date keyed `date.(hash(VIN) mod 400)`, as Azure's
 * "Create a synthetic partition key" reads it), so none fans out, and more shards cost those reads nothing (AWS, "Using
 * write sharding to distribute workloads evenly": the application computes the suffix from what it knows). A lower count
 * then saves no read, only moves the items already written.
 */
import type { SpaceAnalysis } from './analysis';
import { needsEveryShard, readsWholeKey } from './queries';

export function readsOneShard({ owner, space }: SpaceAnalysis): boolean {
  const strategy = space.sharding?.strategy;
  if (strategy === undefined || strategy === 'replicated') return false;
  const reads = owner.patternsOn(space).filter((p) => readsWholeKey(space, p));
  return reads.length > 0 && !reads.some((p) => needsEveryShard(space, p, strategy, space.sharding?.sourceAttribute));
}

/** The declared patterns that read every shard of the key as it is sharded (a lower count saves each a query per shard dropped). */
export function everyShardReads({ owner, space }: SpaceAnalysis): string[] {
  const strategy = space.sharding?.strategy;
  if (strategy === undefined || strategy === 'replicated') return [];
  return owner
    .patternsOn(space)
    .filter((p) => needsEveryShard(space, p, strategy, space.sharding?.sourceAttribute))
    .map((p) => p.name);
}
