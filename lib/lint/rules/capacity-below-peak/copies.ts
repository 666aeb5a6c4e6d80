/**
 * How many times each declared write is stored: a read-hot key kept as N replicated copies writes every
 * item N times (DynamoDB Developer Guide, "Using write sharding"; Cosmos DB's copies likewise), and each
 * copy is an item of its own, projected into every GSI whose key it carries. SG017 counts what the
 * design will write at its peak: its declared copies, or the copies its own fix plans (SG003's replicate
 * advice), whichever is more, so raising capacity and applying that fix never undo each other. Copies the plan
 * counts but its fix does not lead with (a cheaper raise of the RU/s comes first, or more copies than maxShards, where
 * the fix is a cache in front of the reads) are not what the design will write: SG017 does not ask for capacity for them.
 * Nor are the copies of a fix nobody chose: with SG003 turned off, or acknowledged on the table (a cache in front of the
 * reads instead, say), the design writes its declared copies only.
 */
import { adviceFor } from '../../advice';
import { DesignAnalysis, type SpaceAnalysis } from '../../analysis';
import { sparseUnderCopies } from '../../copied-indexes';
import { hotKeyFixUnchosen } from '../../hot-key-fix-unchosen';
import { withSpace } from '../../index-writes';
import { declaredCopies } from '../../written';

export interface WriteCopies {
  /** Copies of every item written per declared write (1: none). */
  readonly copies: number;
  /** `declared`: the design's own `sharding`; `planned`: the copies the key's fix plans; `sparse`: one, on an index that
   *  SG003's fix in the same run makes sparse (`copiesOnceSparse`). */
  readonly from: 'declared' | 'planned' | 'sparse';
}

export function writeCopies(analysis: DesignAnalysis): WriteCopies {
  const primary = analysis.spaces[0];
  const declared = declaredCopies(analysis.design);
  // A key whose stored keys all fit needs no more copies than it has: its plan (not made here) keeps or lowers them.
  // Nor does a plan of shards, or of no stored keys at all: only replicated copies are written more than once.
  if (primary.over.length === 0 || primary.plan.layout !== 'replicated') return { copies: declared, from: 'declared' };
  // Nor does a fix nobody chose: SG003 turned off gives none, and acknowledged it is not applied (`hotKeyFixUnchosen`).
  if (hotKeyFixUnchosen(analysis, primary.space)) return { copies: declared, from: 'declared' };
  // The count the fix writes, not the plan's: a fix that leads with warm throughput keeps fewer copies (warm-partitions.ts).
  const advice = adviceFor(primary);
  const shards = advice.shards;
  const planned = shards !== undefined && shards <= primary.design.thresholds.maxShards && !advice.raiseLeads ? shards : 1;
  return planned > declared ? { copies: planned, from: 'planned' } : { copies: declared, from: 'declared' };
}

/**
 * The copies that write `space`: the table's, but one for a GSI that the planned copies' fix declares sparse
 * (`copiesCarry: 'first'` on an index a query reads, copied-indexes.ts), which then takes one write per item.
 */
export function spaceWriteCopies(space: SpaceAnalysis, copies: WriteCopies): WriteCopies {
  return copies.from === 'planned' && sparseUnderCopies(space.owner, space.space) ? { copies: 1, from: 'declared' } : copies;
}

/**
 * The copies a pre-warm of `space` and its table-level quota findings are sized on: one for a GSI that SG003's fix in
 * the same run sets `copiesCarry: 'first'` on (by its copies fix, or by its warning on declared copies:
 * copied-indexes.ts), which then takes one write per item. Warm throughput cannot be lowered once raised ("Understanding
 * DynamoDB warm throughput"): one sized on every declared copy would outlive the copies --fix takes out of the index, and
 * the quota raise the findings ask for is the one that pre-warm needs. `spaceWriteCopies` elsewhere.
 */
export function copiesOnceSparse(space: SpaceAnalysis, copies: WriteCopies): WriteCopies {
  return copies.copies > 1 && sparseUnderCopies(space.owner, space.space) ? { copies: 1, from: 'sparse' } : copies;
}

/**
 * `space` as it is counted with `copies`: for an index counted sparse (`copiesOnceSparse`), its analysis on the design
 * with `copiesCarry: 'first'`, where its plan is made for one write per item, not one per copy. That plan decides
 * whether SG003's fix random-shards the index (a count within maxShards at one write per item, none at N per item), and
 * so whether each update of the table's hottest item writes it twice (`redrawnShardWrites`): a pre-warm or a quota
 * raise sized without those writes is short once the sparse index is sharded, and the re-lint asks again.
 */
export function countedSpace(space: SpaceAnalysis, copies: WriteCopies): SpaceAnalysis {
  return copies.from === 'sparse' ? space.once(asSparse) : space;
}

function asSparse(a: SpaceAnalysis): SpaceAnalysis {
  const sparse = Object.assign({}, a.space, { copiesCarry: 'first' as const });
  return new DesignAnalysis(withSpace(a.design, a.space, sparse), a.owner.rulesOff).of(sparse);
}
