/**
 * The words for a table whose write peak counts its local secondary indexes' writes beside its declared ones
 * (written.ts): AWS charges an LSI's writes to the table's write capacity, and its entries live in the written item's
 * partition (Developer Guide, "Local secondary indexes", Provisioned throughput considerations, Write capacity units),
 * so the table's peak, and its hottest value's, take them. Said wherever such a figure is judged (SG001, SG003, SG017),
 * with the indexes and the units each part takes, so the figure is never mistaken for the declared one.
 */
import type { KeyDesign } from '../design/key-design';
import { profileOf } from '../engines';
import type { MessageData } from './messages';
import type { Written } from './written';

export const LOCAL_INDEX_MESSAGES = {
  localIndexWrites:
    " (the table's writes count {{localIndexWrites}} WCU of writes to its local secondary {{localIndexCount|one=index|other=indexes}} {{localIndexes|code}}, projected `ALL`, beside its own {{tableOwnWrites}} WCU: each write of an item writes its index entry, the size of the item, in the item's partition, and DynamoDB charges it to the table's write capacity)",
} as const;

export type LocalIndexId = keyof typeof LOCAL_INDEX_MESSAGES;

/** The note and figures for a key space `written` so (its LSIs' writes counted); none where no LSI write is counted. */
export function localIndexNote(design: KeyDesign, written: Written): { readonly ids: LocalIndexId[]; readonly data: MessageData } {
  if (written.localIndexUnits === 0) return { ids: [], data: {} };
  const counted = profileOf(design.engine)
    .localIndexes(design)
    .filter((lsi) => lsi.writesPerTableWrite > 0);
  return {
    ids: ['localIndexWrites'],
    data: {
      localIndexes: counted.map((lsi) => lsi.indexName),
      localIndexCount: counted.length,
      localIndexWrites: written.localIndexUnits,
      tableOwnWrites: written.units - written.localIndexUnits,
    },
  };
}
