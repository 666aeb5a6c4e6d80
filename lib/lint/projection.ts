/**
 * The words for an index counted at the table's writes (or twice them) whose declared projection is `KEYS_ONLY` or
 * `INCLUDE`: AWS counts an index write only for a table write that requires an index update, a put or delete of an
 * item carrying the index key, a change of an index key attribute (a delete and a put), or a change of a projected
 * attribute; "If a write to a table does not require a global secondary index update, no write capacity is consumed
 * from the index" (Developer Guide, "Provisioned throughput considerations for global secondary indexes", Write
 * capacity units). So an update that changes only attributes the index does not project writes nothing there, and
 * the table's writes are an upper bound of the index's. The lint keeps that bound (how many updates touch only other
 * attributes is no figure the design holds, and guessing one could pass a hot index) and says it is one, with the
 * field that declares the index's own writes. Under `ALL` (or no declared projection) there is nothing to say here:
 * every update that changes any attribute of an item carrying the index key writes the index.
 */
import { joinPath } from '../design/field-path';
import type { KeySpace } from '../design/key-design';
import type { MessageData } from './messages';
import { NEW_ITEM_FIELD, NEW_ITEM_MESSAGES, newItemNote } from './new-items';

export const PROJECTION_MESSAGES = {
  projectedOut:
    '; those index writes are an upper bound: its projection is {{projection|code}}{{?projected}} of {{projected|code}}{{/projected}}, and a table update that changes no index key attribute and no projected attribute does not write the index{{!mutableField}}; declare {{writesField|code}} with the writes that do to lower it{{/mutableField}}',
  // After `projectedOut`, for an index counted at the table's writes with nothing that declares the puts among them.
  orNewItemShare: ", or the table's {{newItemField|code}}, the share of its writes that create or delete items, each of which writes the index",
  ...NEW_ITEM_MESSAGES,
} as const;

/** SG003's verdict on an index over on that bound alone (`upperBoundVerdict`), and the fix that settles the figure first. */
export const PROJECTION_VERDICT_MESSAGES = {
  overOnUpperBound:
    '; over on that bound alone, so this is a warning until the index declares its own writes: declared and still over, it is an error, with the fix below',
  declareWritesFirst:
    "declare {{writesField|code}} with the writes that reach the index (the table writes that create or delete an item, or change an index key attribute or a projected one){{?newItemField}}, or the table's {{newItemField|code}} with the share of its writes that create or delete items{{/newItemField}}: the index is judged on that figure, not on the table's; if it is still over, ",
} as const;

export const PROJECTION_FIX_MESSAGES = {
  // The projection leaves attributes out already: what lowers the count is the declared figure, not another projection.
  orDeclareProjectedWrites:
    "; or, where the hot item's updates change no index key attribute and none the index projects ({{projection|code}}{{?projected}} of {{projected|code}}{{/projected}}), declare its {{writesField|code}} with the writes that do reach it: such an update does not write the index",
} as const;

export type ProjectionId = keyof typeof PROJECTION_MESSAGES;
export type ProjectionVerdictId = keyof typeof PROJECTION_VERDICT_MESSAGES;
export type ProjectionFixId = keyof typeof PROJECTION_FIX_MESSAGES;

/** Whether `space` is a GSI whose declared projection leaves attributes out (`KEYS_ONLY` or `INCLUDE`). */
export function projectsOut(space: KeySpace): boolean {
  const type = space.projection?.type;
  return type === 'KEYS_ONLY' || type === 'INCLUDE';
}

/** The projection's figures for a message: its type, and what an `INCLUDE` copies (with `newItemData`'s for the puts). */
export function projectionData(space: KeySpace): MessageData {
  const { projection } = space;
  if (projection === undefined) return {};
  return Object.assign(
    { projection: projection.type, writesField: joinPath(space.path, 'workload.peakWriteUnits') },
    projection.nonKeyAttributes.length > 0 ? { projected: projection.nonKeyAttributes } : {},
  );
}

/**
 * The note that says an index's writes, counted from the table's (`writeSource` `table` or `key-changes`), are an
 * upper bound because its projection leaves attributes out; none where it declares its own writes, or projects `ALL`.
 */
export function projectionNote(space: KeySpace): { readonly ids: ProjectionId[]; readonly data: MessageData } {
  if (space.index === undefined || space.workload.writeSource === 'declared' || !projectsOut(space)) return { ids: [], data: {} };
  // Counted from the writes that create or delete items: a figure, not a bound (new-items.ts).
  const newItems = newItemNote(space);
  if (newItems !== undefined) return { ids: [newItems.id], data: Object.assign(projectionData(space), newItems.data) };
  // Where nothing declares the share of writes that are puts, the field that does settles part of the bound (a key
  // that changes on updates is asked for its `mutable` instead: index-writes.ts).
  if (space.workload.newItems !== undefined || space.workload.writeSource !== 'table') return { ids: ['projectedOut'], data: projectionData(space) };
  return { ids: ['projectedOut', 'orNewItemShare'], data: Object.assign(projectionData(space), { newItemField: NEW_ITEM_FIELD }) };
}

/**
 * The verdict of a hot-key finding over only on writes this note calls an upper bound (`projectionNote`): the design
 * holds no figure for the table writes that create, delete or re-key an item (no field counts them apart from the
 * updates), so the tool cannot lower the bound itself, and a sharding sized on it would re-key the index for writes
 * that may never reach it. So the finding is a warning, its fix declares the index's writes first, and the shards
 * follow as what to do if that figure is still over, with no edit: --fix writes no re-key on a bound. Undefined where
 * the note does not apply or the reads are over too (they owe nothing to the bound).
 */
export function upperBoundVerdict(
  space: KeySpace,
  overLabels: readonly string[],
): { readonly ids: ProjectionVerdictId[]; readonly fixLead: ProjectionVerdictId } | undefined {
  if (!projectionNote(space).ids.includes('projectedOut') || overLabels.length === 0 || overLabels.some((label) => label !== 'write')) return undefined;
  return { ids: ['overOnUpperBound'], fixLead: 'declareWritesFirst' };
}
