/**
 * The words for an index counted at 2× the table's writes because a key attribute of it changes on existing
 * items (see `IndexKeyChange`): an update that changes an index key costs the index a delete of the old entry
 * and a put of the new one (AWS, "Provisioned throughput considerations for global secondary indexes"). The
 * verdict is judged at 2×; the note gives the figure without the doubling too, so a reader who knows fewer
 * updates change the key can see what it changes, and says which declaration says so.
 */
import type { KeySpace } from '../design/key-design';
import type { MessageData } from './messages';

export const INDEX_WRITE_MESSAGES = {
  indexKeyWrites:
    " (the index's writes counted at {{indexWrites}} WCU, 2× the table's {{tableWrites}} WCU: {{changingKey|code}} {{changingFrom|declared=is declared mutable|name=is, by its name, changed by updates}}, and each update that changes an index key costs the index a delete and a put; its hottest value takes {{hotWritesOnce}} WCU of writes if no update changes the key: declare the index's workload.peakWriteUnits, or mutable: false on {{changingKey|code}}, when fewer do)",
} as const;

export type IndexWriteId = keyof typeof INDEX_WRITE_MESSAGES;

/** The note and its figures for an index counted at 2× the table's writes; none for any other key space. */
export function indexWriteNote(space: KeySpace): { readonly ids: IndexWriteId[]; readonly data: MessageData } {
  const change = space.workload.keyChange;
  if (space.workload.writeSource !== 'key-changes' || change === undefined) return { ids: [], data: {} };
  return {
    ids: ['indexKeyWrites'],
    data: {
      indexWrites: space.workload.peakWriteUnits,
      tableWrites: change.tableWriteUnits,
      changingKey: change.attribute,
      changingFrom: change.from,
      hotWritesOnce: change.tableWriteUnits * space.workload.hotKeyShare,
    },
  };
}
