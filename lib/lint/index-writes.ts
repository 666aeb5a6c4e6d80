/**
 * The words for an index counted at 2× the table's writes because a key attribute of it changes on existing
 * items (see `IndexKeyChange`): an update that changes an index key costs the index a delete of the old entry
 * and a put of the new one (AWS, "Provisioned throughput considerations for global secondary indexes": "If an
 * update to the table changes the value of an indexed key attribute (from A to B), two writes are required").
 * The figure and the shard count are sized at 2×: an index short of write capacity throttles its base table's
 * writes, and a few more shards only widen a read that fans out anyway. The verdict is not: where nothing but an
 * attribute's name says updates change it (no `mutable`, no declared index writes), a finding that 1× would
 * pass is a warning, never an error. Every note gives the figure without the doubling and the fields that
 * declare it, so a reader who knows fewer updates change the key can see what it changes.
 */
import { joinPath } from '../design/field-path';
import type { IndexKeyChange, KeyDesign, KeySpace } from '../design/key-design';
import { DesignAnalysis, type SpaceAnalysis } from './analysis';
import { LOCAL_INDEX_MESSAGES, localIndexNote } from './local-index-writes';
import type { MessageData } from './messages';

export const INDEX_WRITE_MESSAGES = {
  indexKeyWrites:
    " ({{writesOf|index=the index's writes|copy=each copy's writes}} counted at {{perCopyWrites}} WCU, 2× the table's {{tableWrites}} WCU: {{changingKey|code}} {{changingFrom|declared=is declared mutable|name=is named like an attribute that changes}}, and a change of an index key costs the index 2 writes, a delete and a put; its hottest value takes {{hotWritesOnce}} WCU of writes if no update changes the key: declare {{writesField|code}}, or {{mutableField|code}}: false, when fewer updates change it)",
  // Every replicated copy of a base item is an item of its own carrying the index key (written.ts).
  indexCopies:
    ' (the index takes {{indexWrites}} WCU of writes: the table keeps {{copies}} replicated copies of every item, each an item of its own that carries the index key and writes its own entry: {{perCopyWrites}} WCU × {{copies}})',
  // The verdict at 1×: over the ceiling only on the name's 2×, so a warning (set by the rule) until the design says.
  onlyByName: '; at 1× it would fit: only the name of {{changingKey|code}} makes it over, so this is a warning until the design declares either field',
  // Over at 1× too: the error stands, and the count it would need without the doubling is said beside the fix.
  shardsIfOnce: '; N = {{shardsOnce}} if no update changes {{changingKey|code}} ({{mutableField|code}}: false)',
  ...LOCAL_INDEX_MESSAGES,
} as const;

export type IndexWriteId = keyof typeof INDEX_WRITE_MESSAGES;

/** Where the fields that declare an index's writes otherwise are: its own write peak, and the key attribute's `mutable`. */
export function indexWriteFields(space: KeySpace, change: IndexKeyChange): { readonly writesField: string; readonly mutableField: string } {
  return { writesField: joinPath(space.path, 'workload.peakWriteUnits'), mutableField: joinPath(change.path, 'mutable') };
}

/**
 * The notes and their figures for a key space whose writes are not the table's declared ones: an index counted at 2×
 * the table's writes (its key changes on updates), or multiplied by the table's replicated copies of every item
 * (written.ts), or both; the table with its local secondary indexes' writes (local-index-writes.ts); none otherwise.
 */
export function indexWriteNote(a: SpaceAnalysis): { readonly ids: IndexWriteId[]; readonly data: MessageData } {
  const local = localIndexNote(a.design, a.written);
  if (local.ids.length === 0) return gsiWriteNote(a);
  const gsi = gsiWriteNote(a);
  return { ids: [...gsi.ids, ...local.ids], data: Object.assign({}, gsi.data, local.data) };
}

function gsiWriteNote(a: SpaceAnalysis): { readonly ids: IndexWriteId[]; readonly data: MessageData } {
  const { space, written } = a;
  const copies = written.copies > 1 ? { ids: ['indexCopies' as const], data: { indexWrites: written.units, copies: written.copies } } : NO_NOTE;
  const change = space.workload.keyChange;
  const perCopy = { perCopyWrites: written.perCopy };
  if (space.workload.writeSource !== 'key-changes' || change === undefined) {
    return copies === NO_NOTE ? NO_NOTE : { ids: copies.ids, data: Object.assign(perCopy, copies.data) };
  }
  return {
    ids: [...copies.ids, 'indexKeyWrites'],
    data: Object.assign(
      perCopy,
      {
        writesOf: copies === NO_NOTE ? 'index' : 'copy',
        tableWrites: change.tableWriteUnits,
        changingKey: change.attribute,
        changingFrom: change.from,
        // If no update changed the key: the hottest value's share of the table's writes, the hot item's where it inherits them.
        hotWritesOnce: (written.once ?? 0) * (a.inherited?.tableShare ?? space.workload.hotKeyShare),
      },
      indexWriteFields(space, change),
      copies.data,
    ),
  };
}

const NO_NOTE = { ids: [], data: {} } as const satisfies ReturnType<typeof indexWriteNote>;

/** The key change behind a key space's 2× writes when only an attribute's name says so; undefined otherwise. */
export function guessedKeyChange(space: KeySpace): IndexKeyChange | undefined {
  const change = space.workload.keyChange;
  return space.workload.writeSource === 'key-changes' && change?.from === 'name' ? change : undefined;
}

/**
 * The analysis of `a`'s key space with its writes at 1× the table's, where the 2× rests only on a name
 * (`guessedKeyChange`); undefined otherwise. The whole design is analysed again (made once per lint, and only for
 * such an index), so its queries and plan are read exactly as the real one's are.
 */
export function onceWritten(a: SpaceAnalysis): SpaceAnalysis | undefined {
  return a.once(onceWrittenOf);
}

function onceWrittenOf(a: SpaceAnalysis): SpaceAnalysis | undefined {
  const change = guessedKeyChange(a.space);
  if (change === undefined) return undefined;
  const { keyChange: _doubled, ...workload } = a.space.workload;
  const space: KeySpace = Object.assign({}, a.space, {
    workload: Object.assign(workload, { peakWriteUnits: change.tableWriteUnits, writeSource: 'table' as const }),
  });
  return new DesignAnalysis(withSpace(a.design, a.space, space)).spaces.find((s) => s.space === space);
}

/** `design` with `from`, one of its GSIs, replaced by `to`: what a GSI's writes would be read as, analysed whole. */
export function withSpace(design: KeyDesign, from: KeySpace, to: KeySpace): KeyDesign {
  if (!('globalSecondaryIndexes' in design)) return design;
  return Object.assign({}, design, { globalSecondaryIndexes: design.globalSecondaryIndexes.map((s) => (s === from ? to : s)) });
}

/**
 * What a finding over the hottest value's ceiling on `a` adds to `indexWriteNote` for an index counted at 2× on a
 * name: `warning` when 1× would leave every stored key under its ceiling (`onlyByName`); over at 1× too, the shard
 * count 1× would need beside the fix when it is fewer (`shardsIfOnce`, given `shards`, the fix's count). Nothing for
 * any other key space.
 */
export function indexWriteVerdict(
  a: SpaceAnalysis,
  shards: number | undefined,
): { readonly ids: IndexWriteId[]; readonly fixIds: IndexWriteId[]; readonly data: MessageData; readonly severity: 'warning' | undefined } {
  const once = onceWritten(a);
  if (once === undefined) return NO_VERDICT;
  if (once.over.length === 0) return { ids: ['onlyByName'], fixIds: [], data: {}, severity: 'warning' };
  const shardsOnce = once.plan.shards;
  if (shards === undefined || shardsOnce === undefined || shardsOnce >= shards) return NO_VERDICT;
  return { ids: [], fixIds: ['shardsIfOnce'], data: { shardsOnce }, severity: undefined };
}

// Every field its own, `severity` too: a rule reads `verdict.severity`, and an absent one would be read from a
// polluted Object.prototype (test/design/hostile-values.test.ts).
const NO_VERDICT = { ids: [], fixIds: [], data: {}, severity: undefined } as const satisfies ReturnType<typeof indexWriteVerdict>;
