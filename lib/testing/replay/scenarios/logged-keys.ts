/**
 * Partition-key values as Cosmos DB's resource logs write them (the `PartitionKey` column of
 * CDBPartitionKeyRUConsumption and CDBPartitionKeyStatistics): a one-level (Hash) key's value as it is, a
 * hierarchical (MultiHash) key's as a JSON array of its levels (lib/engines/cosmos-logged-key.ts, which the hotPrefix
 * query and `skewguard observe` read). The replay logs every key in the shape of the container's own key, so no
 * query is judged on rows the container could never log (such as `["tenant-big","device-1"]` on a `/userId` key):
 * one value per declared level, named after its path (`/tenantId` → `tenantId-7`), and a numbered value of a level
 * that declares fewer values than that number taken among them (a `/region` of 6 values logs `region-0` to `region-5`,
 * never a seventh).
 */
import type { CosmosKeyDesign } from '../../../index';

/** One level of the logged key: the name its values carry, and how many distinct values it declares. */
export interface LoggedLevel {
  /** The level's path without its leading slash (`tenantId`, `address.city`). */
  readonly name: string;
  /** Distinct values the design declares for the level; Infinity for `'unique'` or none declared. */
  readonly values: number;
}

/** The levels of a profile without a design: a tenant, device and session key, the key the incidents were written for. */
const LEVELS_WITHOUT_DESIGN: readonly LoggedLevel[] = ['tenant', 'device', 'session'].map((name) => ({ name, values: Infinity }));

/** The levels of the container's partition key: its design's paths, or three without a design. */
export function keyLevels(design: CosmosKeyDesign | undefined): readonly LoggedLevel[] {
  if (!design) return LEVELS_WITHOUT_DESIGN;
  return design.primaryKey.partitionKey.map((level) => ({
    name: level.name.replace(/^\//, '').replace(/\//g, '.'),
    values: typeof level.cardinality === 'number' ? level.cardinality : Infinity,
  }));
}

/** Whether the key's last level is declared `'unique'`: one item per logical partition (at most 2 MB). */
export function oneItemPerKey(design: CosmosKeyDesign | undefined): boolean {
  const levels = design?.primaryKey.partitionKey;
  return levels !== undefined && levels[levels.length - 1].cardinality === 'unique';
}

/**
 * One logical partition's key as logged: per level, `<level name>-<tag>` (a level beyond the tags takes the last one);
 * a numbered tag counts modulo the level's declared values. A plain value for a key of one level, else a JSON array.
 */
export function loggedKey(levels: readonly LoggedLevel[], tags: readonly (string | number)[]): string {
  const values = levels.map((level, i) => {
    const tag = tags[Math.min(i, tags.length - 1)];
    return `${level.name}-${typeof tag === 'number' && Number.isFinite(level.values) ? tag % level.values : tag}`;
  });
  return levels.length === 1 ? values[0] : JSON.stringify(values);
}
