/**
 * `fanOut: true` where nothing fans out. The field says a read queries every shard of a random- or calculated-sharded
 * key (or every bucket of one value of a declared bucketed first level it names), and SG017 charges each of those
 * queries (read-requests.ts). On a key with neither, one query reads a value whole: a DynamoDB Query takes one
 * partition-key value and returns every item with it (AWS, "Querying tables in DynamoDB",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Query.html), a Cosmos DB query with the partition key
 * is routed to that value's partition (Azure, "Query an Azure Cosmos DB container",
 * https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container), and replicated copies each hold every item.
 * The field then has no effect: SG009 warns at it (idle-fan-out-warning.ts), and a fix that leaves a key so removes it.
 */
import { bucketLevel } from '../design/bucket-level';
import { givesAttribute, type AccessPattern, type HeldTableShards, type KeySpace, type Sharding } from '../design/key-design';
import type { SpaceAnalysis } from './analysis';

/** Why a pattern's `fanOut` fans out over nothing on its key space. */
export type IdleFanOut =
  { readonly kind: 'unsharded' } | { readonly kind: 'replicated'; readonly copies: number } | { readonly kind: 'bucketNotGiven'; readonly buckets: number };

/**
 * Why `pattern`'s `fanOut` fans out over nothing on `space` sharded as `sharding` (its declared sharding, or the table's
 * write shards an index keyed by the sharded attribute carries), or undefined where it fans out, or declares none. A
 * declared bucketed first level the pattern names is fanned out over whatever the sharding (read-requests.ts,
 * `declaredBucketReads`).
 */
export function idleFanOut(space: KeySpace, pattern: AccessPattern, sharding: Sharding | HeldTableShards | undefined): IdleFanOut | undefined {
  if (!pattern.fanOut) return undefined;
  if (sharding !== undefined && sharding.strategy !== 'replicated') return undefined;
  const buckets = bucketLevel(space.partitionKey[0])?.declaredBuckets ?? 1;
  if (buckets > 1) return givesAttribute(pattern, space.partitionKey[0]) ? undefined : { kind: 'bucketNotGiven', buckets };
  return sharding === undefined ? { kind: 'unsharded' } : { kind: 'replicated', copies: sharding.shards };
}

/**
 * The patterns whose `fanOut` a fix leaves fanning out over nothing where it removes `space`'s sharding or trades it for
 * replicated copies: those reading `space`, and, for a table's own key, those reading an index that carries the table's
 * write shards (they go with the table's). A fan-out over a declared bucketed first level the pattern names stays.
 */
export function fanOutLeftIdle(analysis: SpaceAnalysis): AccessPattern[] {
  const { owner, space } = analysis;
  const carrying = (s: KeySpace) => s.sharding === undefined && s.tableShards !== undefined;
  const spaces = space === owner.design.primaryKey ? owner.keySpaces.filter((s) => s === space || carrying(s)) : [space];
  return spaces.flatMap((s) => owner.patternsOn(s).filter((p) => idleFanOut(s, p, undefined) !== undefined));
}
