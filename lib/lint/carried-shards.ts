/**
 * An index keyed by the table's partition-key attribute itself holds the table's stored keys (`seasonId#0`…): the table's
 * write shards are its shards (analysis.ts, `carriesTableShards`, `carriedShards`). AWS: each suffix is a partition-key
 * value of its own ("Using write sharding to distribute workloads evenly"), and a GSI's key is an item attribute like
 * any other ("Using Global Secondary Indexes"). Where the index's hottest value needs more shards than the table has, the
 * fix is the table's count, raised: the index then holds the new shards as it holds the old, with no attribute or index
 * of its own (a separate shard attribute would be a new attribute on every item, and a new index to roll out).
 */
import { joinPath } from '../design/field-path';
import type { CarriedShards } from '../design/key-design';
import type { KeyLayout } from '../design/sharding';
import { fits } from '../design/sharding';
import { carriedShards, carriesTableShards, type SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import type { MessageData } from './rule';

export const CARRIED_SHARDS_MESSAGES = {
  carriedWritesFit:
    "; its writes ({{hotWrites}} {{writeUnit}}) fit on the {{carriedShards}} shards {{?carriedPlanned}}the table's fix gives its `sharding`{{/carriedPlanned}}{{!carriedPlanned}}of the table's `sharding`{{/carriedPlanned}}, which the index key holds as the table stores it: {{carriedWriteLoad}} {{writeUnit}} a shard, within the usable {{carriedWriteUsable}} {{writeUnit}} its neighbours leave",
  // The table's declared shards are too few for the index that holds them: the table's count is raised, not the index re-keyed.
  raiseTableShards:
    "raise the table's sharding.shards from {{tableShards}} to N = {{shards}}: index {{index|code}} is keyed by {{key|key}} as the table stores it, so the table's shards are its shards, and on {{shards}} its hottest value's writes fit ({{carriedWriteLoad}} {{writeUnit}} a shard, within the usable {{carriedWriteUsable}} {{writeUnit}} its neighbours leave), with no shard attribute or index of its own",
} as const;

export type CarriedShardsId = keyof typeof CARRIED_SHARDS_MESSAGES;

/**
 * The write ceiling the index's hottest value meets on `shards` of the table's shards (`layout`: the table's strategy),
 * where its writes fit there; undefined where they are over.
 */
function carriedWritesAt(analysis: SpaceAnalysis, layout: KeyLayout, shards: number): MessageData | undefined {
  const write = analysis.dimensionsAt(layout, shards, { reads: 0, writes: analysis.hot.writes }).find((d) => d.label === 'write');
  if (write === undefined || !fits(write.load, write.usable)) return undefined;
  return { carriedWriteLoad: write.load, carriedWriteUsable: write.usable };
}

/**
 * The table's write shards an index's key holds, where its hottest value's writes fit on them: the table's declared
 * sharding (`carriedShards`), or the one the table's fix writes (`carriesTableShards`: its plan's count, sized for this
 * index too, analysis.ts `carryingIndexNeed`). Those writes then need no shard attribute of the index's own. Undefined
 * where the index carries none, or its writes are over on them.
 */
export function carriedWritesFit(analysis: SpaceAnalysis): MessageData | undefined {
  const { design, space } = analysis;
  const declared = carriedShards(space);
  const table = declared === undefined && carriesTableShards(design, space) ? analysis.owner.of(design.primaryKey).plan : undefined;
  const planned = table?.layout === 'random' || table?.layout === 'calculated' ? { strategy: table.layout, shards: table.shards } : undefined;
  const shards = declared?.shards ?? planned?.shards;
  const layout = declared?.strategy ?? planned?.strategy;
  if (layout === undefined || shards === undefined || shards <= 1) return undefined;
  const fit = carriedWritesAt(analysis, layout, shards);
  return fit && Object.assign({ carriedShards: shards }, declared === undefined ? { carriedPlanned: true } : {}, fit);
}

/**
 * The fix of an index that holds the table's declared shards (`carriedShards`) and whose hottest value needs `n`, more
 * than the table declares: the table's `sharding.shards` raised to `n` (at most `maxShards`), on which its writes fit.
 * Undefined for any other index, or where they would not fit on `n` either.
 */
export function tableShardsRaise(
  analysis: SpaceAnalysis,
  n: number,
): { readonly ids: CarriedShardsId[]; readonly data: MessageData; readonly edits: DesignEdit[]; readonly carried: CarriedShards } | undefined {
  const carried = carriedShards(analysis.space);
  if (carried === undefined || n <= carried.shards || n > analysis.design.thresholds.maxShards) return undefined;
  const fit = carriedWritesAt(analysis, carried.strategy, n);
  if (fit === undefined) return undefined;
  return {
    ids: ['raiseTableShards'],
    data: Object.assign({ tableShards: carried.shards, shards: n, index: analysis.space.index as string }, fit),
    edits: [{ op: 'set', path: joinPath(carried.path, 'shards'), value: n }],
    carried,
  };
}
