/**
 * Partition-key values as Cosmos DB's resource logs write them (the `PartitionKey` column of
 * CDBPartitionKeyRUConsumption and CDBPartitionKeyStatistics): a one-level (Hash) key's value as it is, a
 * hierarchical (MultiHash) key's as a JSON array of its levels (lib/engines/cosmos-logged-key.ts, which the hotPrefix
 * query and `skewguard observe` read). The replay logs every key in the shape of the container's own key, so no
 * query is judged on rows the container could never log (such as `["tenant-big","device-1"]` on a `/userId` key).
 */
import type { CosmosKeyDesign } from '../../../index';

/** The levels of a profile without a design: a tenant, device and session key, the key the incidents were written for. */
const LEVELS_WITHOUT_DESIGN = 3;

/** The levels of the container's partition key: its design's paths, or three without a design. */
export function keyLevels(design: CosmosKeyDesign | undefined): number {
  return design ? design.primaryKey.partitionKey.length : LEVELS_WITHOUT_DESIGN;
}

/**
 * One logical partition's key as logged: `oneLevel` for a key of one level, else the first `levels` of `values` as a
 * JSON array (a level beyond them repeats the last value with its level number, e.g. `session-1-4`).
 */
export function loggedKey(levels: number, values: readonly string[], oneLevel: string = values[0]): string {
  if (levels === 1) return oneLevel;
  return JSON.stringify(Array.from({ length: levels }, (_, i) => values[i] ?? `${values[values.length - 1]}-${i + 1}`));
}
