/**
 * Whether the updates of the table's hottest item write a GSI, read from what the design declares. AWS counts an index
 * write only for a table write that requires an index update: a put or delete of an item carrying the index key, a
 * change of an index key attribute (a delete and a put), or a change of a projected attribute; "If a write to a table
 * does not require a global secondary index update, no write capacity is consumed from the index" (Developer Guide,
 * "Provisioned throughput considerations for global secondary indexes", Write capacity units). The hottest item's
 * writes update one existing item (`hotWritesOnOneItem`): they create and delete nothing, so they write the index only
 * where they change an index key attribute or a projected one. Under `KEYS_ONLY` only the keys are projected, and the
 * table's own key attributes never change in place (UpdateItem cannot modify a primary key attribute), so the index
 * key attributes decide:
 * - `skips`: `KEYS_ONLY`, and each index key attribute is the table's own or declares `mutable: false`: the updates
 *   write nothing to the index, which takes only the table writes that create or delete items;
 * - `unknown`: `KEYS_ONLY`, and an index key attribute declares no `mutable` (nor is named like one that changes, which
 *   counts the index at 2×): the table's writes are an upper bound of the index's, and `mutable: false` or
 *   `mutable: true` on that attribute settles it either way;
 * - `writes`: any other index: under `ALL` (declared or by default) an update changes an attribute it projects, a key
 *   attribute that changes (declared or named so) moves the entry, and under `INCLUDE` no field of the design says which
 *   attributes the updates change, neither way, so the bound stays and its fix with it.
 */
import type { KeyDesign, KeySpace } from '../design/key-design';

export type HotItemReach = 'writes' | 'skips' | 'unknown';

/** Whether the table's hottest item's updates write `space`, a GSI counted at the table's writes (see above). */
export function hotItemReach(design: KeyDesign, space: KeySpace): HotItemReach {
  if (space.projection?.type !== 'KEYS_ONLY' || space.workload.writeSource !== 'table') return 'writes';
  return undeclaredKeys(design, space).length === 0 ? 'skips' : 'unknown';
}

/**
 * The index key attributes of `space` that neither are a table key attribute nor declare `mutable: false`: the ones
 * whose `mutable` would say whether the hottest item's updates change them.
 */
export function undeclaredKeys(design: KeyDesign, space: KeySpace): KeySpace['partitionKey'] {
  const table = design.primaryKey;
  const tableKeys = new Set([...table.partitionKey, ...table.sortKey].map((a) => a.name));
  return [...space.partitionKey, ...space.sortKey].filter((a) => a.mutable !== false && !tableKeys.has(a.name));
}
