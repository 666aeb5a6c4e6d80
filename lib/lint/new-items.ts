/**
 * The words for a `KEYS_ONLY` or `INCLUDE` index counted from the table writes that put or delete items
 * (`Workload.newItems`): AWS counts a put or delete of an item carrying the index key as a write to the index whatever
 * its projection, while "If a write to a table does not require a global secondary index update, no write capacity is
 * consumed from the index" (Developer Guide, "Provisioned throughput considerations for global secondary indexes",
 * Write capacity units). So those puts and deletes are a figure, not a bound: declared as `workload.newItemShare`, or
 * every write of a table keyed by a unique value (each write a new item). Judged as declared, an error where over,
 * with the fix sized on it; an `INCLUDE` index whose updates may change a projected attribute takes them as its floor
 * (new-item-floor.ts).
 */
import type { KeySpace } from '../design/key-design';
import type { MessageData } from './messages';

/** The table's field that declares the share of its writes that put or delete items. */
export const NEW_ITEM_FIELD = 'workload.newItemShare';

export const NEW_ITEM_MESSAGES = {
  newItemsUnique:
    '; not an upper bound: a table keyed by a unique {{uniqueKey|code}} takes its writes as new items, each of which writes the index whatever its projection; declare {{newItemField|code}} where some are updates of existing items',
  newItemsDeclared:
    "; those index writes are the {{newItemShare|percent}} of the table's {{tableWrites}} WCU that put or delete items ({{newItemField|code}}), each of which writes the index whatever its projection, while under {{projection|code}} an update that changes no index key attribute writes nothing there",
  newItemsFloor:
    "; those index writes are the {{newItemShare|percent}} of the table's {{tableWrites}} WCU that put or delete items ({{newItemField|code}}), each of which writes the index whatever its projection: its least, over on them alone, the updates that change a projected attribute aside",
} as const;

export type NewItemId = keyof typeof NEW_ITEM_MESSAGES;

/** The note for an index counted from the table's puts and deletes (`writeSource` `new-items`); undefined otherwise. */
export function newItemNote(space: KeySpace): { readonly id: NewItemId; readonly data: MessageData } | undefined {
  const { newItems, writeSource } = space.workload;
  if (writeSource !== 'new-items' || newItems === undefined) return undefined;
  const id = newItems.from === 'unique' ? 'newItemsUnique' : newItems.whole ? 'newItemsDeclared' : 'newItemsFloor';
  const data = { newItemShare: newItems.share, tableWrites: newItems.tableWriteUnits, newItemField: newItems.at };
  return { id, data: newItems.key === undefined ? data : Object.assign(data, { uniqueKey: newItems.key }) };
}
