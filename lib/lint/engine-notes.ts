/**
 * What the engine itself does, or makes worse, for a key value over its ceiling: notes SG003 and SG001 (where SG003
 * defers to it, on a uniform share) both carry, so one finding on a key says them once and alike. A throttled GSI
 * holds back its base table's writes (DynamoDB, "Provisioned throughput considerations for global secondary
 * indexes"); split for heat may spread a key's sort-key range under sustained load, never one item, never with a local
 * secondary index, and not for an ever-increasing sort key ("Burst and adaptive capacity").
 */
import type { SplitForHeat } from '../engines';
import type { SpaceAnalysis } from './analysis';

export const ENGINE_NOTE_MESSAGES = {
  // Only an index short of write capacity holds back its base table's writes.
  gsiBackPressure: '; a throttled global secondary index also throttles the writes to its base table',
  oneItem: '; one item never spans partitions',
  noSplitWithLocalIndex: '; with a local secondary index DynamoDB never splits an item collection across partitions',
  noSplitIncreasingSortKey: '; an ever-increasing sort key defeats split for heat',
  maySplitForHeat: "; split for heat may spread this key's sort-key range over partitions under sustained load, but not at once: a spike throttles first",
  noSplitAggregateItem:
    "; split for heat may spread this key's other items under sustained load, but not the one its declared running total or conditional write updates on every write: one item never spans partitions",
} as const;

export type EngineNoteId = keyof typeof ENGINE_NOTE_MESSAGES;

/** What the engine can and cannot do for this key on its own (split for heat), said accurately. */
const SPLIT_NOTE = {
  none: undefined,
  'single-item': 'oneItem',
  'blocked-by-local-index': 'noSplitWithLocalIndex',
  'increasing-sort-key': 'noSplitIncreasingSortKey',
  'may-split': 'maySplitForHeat',
  'aggregate-item': 'noSplitAggregateItem',
} as const satisfies Record<SplitForHeat, EngineNoteId | undefined>;

/** The engine's notes on `a`'s hottest value over its ceiling: a GSI's back-pressure where its writes are over, then split for heat. */
export function engineNotes(a: SpaceAnalysis): EngineNoteId[] {
  const writesOver = a.over.some((d) => d.label === 'write');
  // An index over on one table item's writes is over on that item's one entry, which no split spreads.
  const split = a.inherited && writesOver ? 'oneItem' : SPLIT_NOTE[a.owner.profile.splitForHeat(a.design, a.space, a.collection)];
  return [...(a.space.index !== undefined && writesOver ? ['gsiBackPressure' as const] : []), ...(split ? [split] : [])];
}
