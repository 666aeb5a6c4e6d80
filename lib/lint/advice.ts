/** Computed fixes shared by several rules. */
import type { KeyDesign, KeySpace } from '../design/key-design';
import { code, keyName } from './format';
import { calculatedShardCandidate } from './key-load';

/**
 * "shard `eventId` into N = 25 calculated shards on `userId`…" — or, when the key is already
 * sharded, how far to raise the count. Calculated when some attribute can pick the shard (reads for
 * one value then hit one shard), random otherwise (every read fans out).
 */
export function shardingAdvice(design: KeyDesign, space: KeySpace, shards: number): string {
  const key = keyName(space.partitionKey);
  if (space.sharding) {
    return `raise sharding.shards from ${space.sharding.shards} to N = ${shards} (${space.sharding.strategy} shards on ${key})`;
  }
  const source = calculatedShardCandidate(design, space);
  if (source !== undefined) {
    return `shard ${key} into N = ${shards} calculated shards on ${code(source)} (key#hash(${source}) mod ${shards}): a read for one ${source} hits one shard, only whole-key reads fan out over ${shards}`;
  }
  return `shard ${key} into N = ${shards} random shards (key#0…key#${shards - 1}); every read of the key must then fan out over all ${shards}`;
}
