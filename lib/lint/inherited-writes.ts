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
import { ITEM_AGGREGATES } from '../design/key-design';
import type { SpaceAnalysis } from './analysis';
import type { MessageData } from './messages';

export const INHERITED_WRITE_MESSAGES = {
  inheritedWrites:
    ": the table's hottest {{tableKey|key}} value is one item, and every update of it writes the index, all on the one {{key|key}} value that item carries ({{tableShare|percent}} of the table's {{tableWrites}} {{writeUnit}}; declare the index's {{writesField|code}} if its projection leaves out what those updates change)",
  inheritedMovingWrites:
    ": the table's hottest {{tableKey|key}} value is one item, and every update of it writes the index; an update that changes {{moves|code}} moves it from one {{key|key}} value to another, a delete on the one it leaves and a put on the one it takes, so no one value takes more than one write per update ({{tableShare|percent}} of the table's {{tableWrites}} {{writeUnit}}; declare the index's {{writesField|code}} if its projection leaves out what those updates change)",
  inheritedAggregateWrites:
    ": every write of the table's hottest {{tableKey|key}} value updates the one item its {{invariantKind|code}} keeps ({{invariantPath|code}}), and each update writes the index, all on the one {{key|key}} value that item carries ({{tableShare|percent}} of the table's {{tableWrites}} {{writeUnit}}; declare the index's {{writesField|code}} if its projection leaves out what those updates change)",
} as const;

export const INHERITED_FIX_MESSAGES = {
  // Random shards fixed when the item is created keep its updates on one shard: only a shard drawn on each update spreads them.
  redrawShard:
    '; write a new random shard on every update of the hot item (a shard kept from when it was created keeps all its updates on one): each such update then moves its index entry, a delete and a put, so N is sized for 2 index writes per update ({{sizedWrites}} {{writeUnit}}); a shard hashed from an attribute of the item would not spread it',
  orProjectOut:
    "; or leave what the hot item's updates change out of the index's projection (KEYS_ONLY, or INCLUDE of only the attributes its queries read) and declare its {{writesField|code}}: an update that changes no index key attribute and no projected attribute does not write the index",
} as const;

export type InheritedWriteId = keyof typeof INHERITED_WRITE_MESSAGES;
export type InheritedFixId = keyof typeof INHERITED_FIX_MESSAGES;

/** Whether `a`'s writes over its ceiling are the table's hottest item's (`SpaceAnalysis.inherited`). */
export function writesInherited(a: SpaceAnalysis): boolean {
  return a.inherited !== undefined && a.over.some((d) => d.label === 'write');
}

/** The note that says where an index's hottest value's writes come from, when they are one table item's; none otherwise. */
export function inheritedWriteNote(a: SpaceAnalysis): { readonly ids: InheritedWriteId[]; readonly data: MessageData } {
  const { inherited } = a;
  if (inherited === undefined || !writesInherited(a)) return { ids: [], data: {} };
  const invariant = inherited.aggregate ? a.design.invariants.find((i) => ITEM_AGGREGATES.has(i.kind) && !i.splitPerShard) : undefined;
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
  return {
    ids: [...(redraw ? (['redrawShard'] as const) : []), 'orProjectOut'],
    data: { sizedWrites, writeUnit: a.owner.profile.writeUnit, writesField: joinPath(a.space.path, 'workload.peakWriteUnits') },
  };
}
