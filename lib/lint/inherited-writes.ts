/**
 * The words for an index whose hottest value's writes are one table item's (`SpaceAnalysis.inherited`): every update of
 * the table's hottest item writes the index, and all of it lands on the one value of the index key that item carries
 * (AWS, "Provisioned throughput considerations for global secondary indexes": a table write that puts or updates an
 * item carrying the index key writes the index; "Understanding GSI write throttling and back pressure": each GSI has
 * its own partitions and their limits, and a GSI short of write capacity throttles the table's writes). Its fix is one
 * that spreads that one item: random shards drawn afresh on every update, or a projection that leaves out what the
 * updates change; a shard calculated from any attribute of the item names one shard (analysis.ts, `planFor`).
 */
import { joinPath } from '../design/field-path';
import { onKeyItem, type KeySpace } from '../design/key-design';
import { DesignAnalysis, inheritedWrites, type SpaceAnalysis } from './analysis';
import { undeclaredKeys } from './hot-item-reach';
import { hotKeyFixUnchosen } from './hot-key-fix-unchosen';
import { withSpace } from './index-writes';
import type { MessageData } from './messages';
import { PROJECTION_FIX_MESSAGES, projectionData, projectsOut } from './projection';
import { projectionFirst } from './projection-first';

export const INHERITED_WRITE_MESSAGES = {
  inheritedWrites:
    ": the table's hottest {{tableKey|key}} value is one item, and every update of it writes the index, all on the one {{key|key}} value that item carries ({{tableShare|percent}} of the table's {{tableWrites}} {{writeUnit}}{{!projection}}; declare the index's {{writesField|code}} if its projection leaves out what those updates change{{/projection}})",
  inheritedMovingWrites:
    ": the table's hottest {{tableKey|key}} value is one item, and every update of it writes the index; an update that changes {{moves|code}} moves it from one {{key|key}} value to another, a delete on the one it leaves and a put on the one it takes, so no one value takes more than one write per update ({{tableShare|percent}} of the table's {{tableWrites}} {{writeUnit}}{{!projection}}; declare the index's {{writesField|code}} if its projection leaves out what those updates change{{/projection}})",
  inheritedAggregateWrites:
    ": every write of the table's hottest {{tableKey|key}} value updates the one item its {{invariantKind|code}} keeps ({{invariantPath|code}}), and each update writes the index, all on the one {{key|key}} value that item carries ({{tableShare|percent}} of the table's {{tableWrites}} {{writeUnit}}{{!projection}}; declare the index's {{writesField|code}} if its projection leaves out what those updates change{{/projection}})",
  // The design does not say whether those updates change the KEYS_ONLY index's key (hot-item-reach.ts, `unknown`).
  reachUnsure: "; over on that bound only if the hot item's updates change {{unsureKeys|code}}, which no `mutable` says: a warning until the design says",
} as const;

export const INHERITED_FIX_MESSAGES = {
  // No shards while the updates' reach is unknown: sized on them, a random shard drawn afresh on every update writes
  // each one to the index twice (a delete and a put) where, changing no index key, it may write nothing there.
  declareReachFirst:
    "declare whether the hot item's updates change {{unsureKeys|code}}: where they never do, set {{mutableFields|code}} to false, since under KEYS_ONLY an update that changes no index key attribute does not write the index, which is then judged without them; where they do, set it to true, and the fix shards for those updates; or declare {{writesField|code}} with the writes that reach the index (the table writes that create or delete an item, or change an index key attribute); no shards until then: sized on those updates, a shard drawn afresh on each of them would write the index twice per update where it may now take none",
  // Random shards fixed when the item is created keep its updates on one shard: only a shard drawn on each update spreads them.
  redrawShard:
    '; write a new random shard on every update of the hot item (a shard kept from when it was created keeps all its updates on one): each such update then moves its index entry, a delete and a put, so N is sized for 2 index writes per update ({{sizedWrites}} {{writeUnit}}); a shard hashed from an attribute of the item would not spread it',
  orProjectOut:
    "; or leave what the hot item's updates change out of the index's projection (KEYS_ONLY, or INCLUDE of only the attributes its queries read) and declare its {{writesField|code}}: an update that changes no index key attribute and no projected attribute does not write the index",
  ...PROJECTION_FIX_MESSAGES,
} as const;

export type InheritedWriteId = keyof typeof INHERITED_WRITE_MESSAGES;
export type InheritedFixId = keyof typeof INHERITED_FIX_MESSAGES;

/**
 * Whether `a` is over on its writes alone, counted with the table's hottest item's updates, which the design does not say
 * reach it (`InheritedWrites.reach` `unknown`): a `KEYS_ONLY` index whose key attributes declare no `mutable`. Its
 * finding is then a warning, and its fix settles that reach first, with no shard (advice.ts, `reachFirst`).
 */
export function reachUnsure(a: SpaceAnalysis): boolean {
  return a.inherited?.reach === 'unknown' && a.over.length > 0 && a.over.every((d) => d.label === 'write');
}

/**
 * The index key attributes whose `mutable` would settle the reach (`reachUnsure`), with those fields and the index's
 * write peak, for a message.
 */
export function reachData(a: SpaceAnalysis): MessageData {
  const keys = undeclaredKeys(a.design, a.space);
  return {
    unsureKeys: keys.map((k) => k.name),
    mutableFields: keys.map((k) => joinPath(k.path, 'mutable')),
    writesField: joinPath(a.space.path, 'workload.peakWriteUnits'),
  };
}

/** The note that says an index's finding rests on updates the design does not say reach it (`reachUnsure`). */
export function reachNote(a: SpaceAnalysis): { readonly ids: InheritedWriteId[]; readonly data: MessageData } {
  return reachUnsure(a) ? { ids: ['reachUnsure'], data: reachData(a) } : { ids: [], data: {} };
}

/** Whether `a`'s writes over its ceiling are the table's hottest item's (`SpaceAnalysis.inherited`). */
export function writesInherited(a: SpaceAnalysis): boolean {
  return a.inherited !== undefined && a.over.some((d) => d.label === 'write');
}

/** The note that says where an index's hottest value's writes come from, when they are one table item's; none otherwise. */
export function inheritedWriteNote(a: SpaceAnalysis): { readonly ids: InheritedWriteId[]; readonly data: MessageData } {
  const { inherited } = a;
  if (inherited === undefined || !writesInherited(a)) return { ids: [], data: {} };
  const invariant = inherited.aggregate ? a.design.invariants.find((i) => onKeyItem(i) && !i.splitPerShard) : undefined;
  const id: InheritedWriteId = invariant ? 'inheritedAggregateWrites' : inherited.moves ? 'inheritedMovingWrites' : 'inheritedWrites';
  return {
    ids: [id],
    data: Object.assign(
      {
        tableKey: inherited.tableKey,
        tableShare: inherited.tableShare,
        ...(inherited.moves ? { moves: inherited.moves } : {}),
        tableWrites: a.design.primaryKey.workload.peakWriteUnits,
        writeUnit: a.owner.profile.writeUnit,
        writesField: joinPath(a.space.path, 'workload.peakWriteUnits'),
      },
      invariant ? { invariantKind: invariant.kind, invariantPath: invariant.path } : {},
      // A declared projection answers the message's question (does it leave out what the updates change?): not asked again.
      projectionData(a.space),
    ),
  };
}

/**
 * The fix's clauses for an index hot on one table item's writes: random shards redrawn on every update (where the plan
 * gives a random count), then the projection that leaves the updates out of the index.
 */
export function inheritedFixNotes(a: SpaceAnalysis): { readonly ids: InheritedFixId[]; readonly data: MessageData } {
  if (!writesInherited(a) || a.inherited === undefined) return { ids: [], data: {} };
  const redraw = a.plan.layout === 'random' && a.plan.shards !== undefined;
  // 2 index writes per update of the item: its writes on the value ÷ those each update puts there (storedLoads).
  const sizedWrites = (2 * a.hot.writes) / a.inherited.writesPerUpdate;
  // A projection that leaves attributes out already is lowered by the declared figure, not by another projection.
  const projected = projectsOut(a.space);
  return {
    ids: [...(redraw ? (['redrawShard'] as const) : []), projected ? 'orDeclareProjectedWrites' : 'orProjectOut'],
    data: Object.assign(
      { sizedWrites, writeUnit: a.owner.profile.writeUnit, writesField: joinPath(a.space.path, 'workload.peakWriteUnits') },
      projected ? projectionData(a.space) : {},
    ),
  };
}

/**
 * The index writes a second per update of the table's hottest item that random shards drawn afresh on every update
 * add to the index's peak: each such update moves the item's index entry, a delete and a put, 2 index writes where the
 * index takes 1 (AWS, "Provisioned throughput considerations for global secondary indexes": "If an update to the table
 * changes the value of an indexed key attribute (from A to B), two writes are required"). `units`: the index's writes
 * as counted, every table write (with its copies) one index write, of which that item's updates are `tableShare`.
 * Where the index is counted at 2× already (its key changes on updates), the delete and the put are in `units`: none.
 * Counted where the index is random-sharded as declared, or as SG003's fix shards it (the layout its plan writes),
 * so the capacity SG017 asks for serves the layout the same --fix run writes, and a second run finds it served.
 */
export function redrawnShardWrites(a: SpaceAnalysis, units: number): number {
  const { inherited, space } = a;
  if (inherited === undefined || space.workload.writeSource !== 'table') return 0;
  return randomShardsAfterFix(a) ? units * inherited.tableShare : 0;
}

/**
 * Whether the index is random-sharded as it will be once its fix is applied: the plan's layout where its writes are over
 * and the fix writes it, a count within maxShards (past it, the fix offers no count: advice.ts `overMaxShards`).
 */
function randomShardsAfterFix(a: SpaceAnalysis): boolean {
  // A projection that leads the fix (projection-first.ts) keeps the key: no shard is drawn.
  const written = a.plan.shards !== undefined && a.plan.shards <= a.design.thresholds.maxShards;
  // Nor does a fix that asks first whether the hot item's updates reach the index at all (advice.ts, `reachFirst`).
  const fixed =
    a.over.some((d) => d.label === 'write') && written && !hotKeyFixUnchosen(a.owner, a.space) && projectionFirst(a) === undefined && !reachUnsure(a);
  const [layout, shards] = fixed ? [a.plan.layout, a.plan.shards] : [a.space.sharding?.strategy, a.space.sharding?.shards];
  return layout === 'random' && (shards ?? 1) > 1;
}

/**
 * Whether `a`, a random-sharded GSI that declares its own write peak, needs its shards if the table's hottest item's
 * updates are among those writes: read as every table write reaching it (its declaration undone), its hottest value
 * would be that one item's and over one key's ceiling. A declared figure cannot say whether it counts those updates
 * (an index written 3,900 WCU for the table's 3,000 does: its hot item's updates, each a delete and a put on a redrawn
 * shard), so SG007 does not ask to remove such shards: removing them would put every such update on one partition.
 */
export function shardsMaySpreadHotItem(a: SpaceAnalysis): boolean {
  const undeclared = a.once(asTableWritten);
  return undeclared !== undefined && undeclared.plan.layout !== 'none';
}

function asTableWritten(a: SpaceAnalysis): SpaceAnalysis | undefined {
  const { design, space } = a;
  if (space.workload.writeSource !== 'declared' || space.sharding?.strategy !== 'random' || space === design.primaryKey) return undefined;
  const workload = Object.assign({}, space.workload, { peakWriteUnits: design.primaryKey.workload.peakWriteUnits, writeSource: 'table' as const });
  const undeclared: KeySpace = Object.assign({}, space, { workload });
  if (inheritedWrites(design, undeclared, a.owner.profile) === undefined) return undefined;
  return new DesignAnalysis(withSpace(design, space, undeclared), a.owner.rulesOff).spaces.find((s) => s.space === undeclared);
}
