/**
 * SG003's reorder of a hierarchical key whose hottest first-level value is over its physical partition: another level
 * first, one of many values the declared queries give at least as often (`queryLedOrder`), spreads that value's load
 * under the new first level's values (`/titleId` → `/userId` with a 5% title becomes `/userId` → `/titleId`: the
 * title's reads and writes split over its viewers). Documents of one first-level value share one physical partition
 * ("Hierarchical partition keys"), so the question is only whether the new first level's own hottest value fits there,
 * judged as SG003 judges any first level. Like buckets, it is a new partition key (a new container and a copy of every
 * document, "Change partition key"), but it needs neither more RU/s nor a fan-out over buckets for one value's query,
 * so it leads where the other fix changes the key too (a synthetic bucketed level, a raise with one); where the other
 * fix keeps the key (a raise in place alone, the engine's cache), that one leads and the reorder follows.
 */
import type { KeyAttribute } from '../design/key-design';
import type { DesignAnalysis } from './analysis';
import type { PrefixIngestionId } from './prefix-ingestion';
import { uniqueLevelKey } from './prefix-unique-key';
import { queryLedOrder } from './query-led-order';
import { rekeyedEdits } from './reorder';
import type { MessageData, RuleHit } from './rule';

export const PREFIX_REORDER_MESSAGES = {
  prefixReorder:
    "order the key {{reorderOrder|levels}}: with {{reorderFirst|code}} first, the hottest {{level|code}} value's reads and writes spread under {{reorderFirst|code}}'s {{reorderValues}} values, and the hottest {{reorderFirst|code}} value puts {{reorderLoad}} RU/s on its physical partition, which fits beside the other first-level values hashed there ({{reorderUsable}} RU/s usable for it); the declared queries give the new first level at least as often ({{reorderCrossing|percent}} of them crossing partitions, {{crossingNow|percent}} in this order); a partition key cannot be changed in place: on a container that holds data, create one with this order, copy every document into it and point the application at it",
  // A unique level every routed query gives, as the whole key (prefix-unique-key.ts).
  prefixUniqueKey:
    "key the container by {{reorderFirst|code}} alone: every declared query the key routes today gives it too, and its values are unique, so the hottest {{level|code}} value's reads and writes spread over every physical partition by hash; not the levels reordered with it first, under which the levels after it divide nothing; a partition key cannot be changed in place: on a container that holds data, create one keyed so, copy every document into it and point the application at it",
  prefixReorderLeads: '; it needs no more RU/s and no buckets to fan a query out over, so it comes first',
} as const;

export type PrefixReorderId = keyof typeof PREFIX_REORDER_MESSAGES;

/** Fixes that keep the partition key: they lead a reorder, which is a new container. */
const KEEPS_KEY: readonly PrefixIngestionId[] = ['prefixRaiseFirst', 'prefixCacheReads'];

/** The first level's finding with the reorder among its fixes, first where the fix it leads changes the key too; as it was where no reorder serves. */
export function withReorder(hit: RuleHit<PrefixIngestionId>, analysis: DesignAnalysis): RuleHit<PrefixIngestionId | PrefixReorderId> {
  const offer = reorderOffer(analysis);
  if (offer === undefined || hit.fixId === undefined) return hit;
  const data = Object.assign({}, hit.data, offer.data);
  const notes = hit.fixNotes ?? [];
  if (KEEPS_KEY.includes(hit.fixId)) return Object.assign({}, hit, { fixNotes: [...notes, 'prefixOr' as const, offer.id], data });
  return Object.assign({}, hit, {
    fixId: offer.id,
    fixNotes: ['prefixReorderLeads' as const, 'prefixOr' as const, hit.fixId, ...notes],
    data,
    edits: rekeyedEdits(analysis.design, offer.order),
  });
}

/** The new key offered: the order the queries lead (`queryLedOrder`), else a unique level they all give, alone (`uniqueLevelKey`). */
function reorderOffer(
  analysis: DesignAnalysis,
): { readonly id: PrefixReorderId; readonly order: readonly KeyAttribute[]; readonly data: MessageData } | undefined {
  const led = queryLedOrder(analysis, false);
  if (led === undefined) {
    const flat = uniqueLevelKey(analysis);
    return flat && { id: 'prefixUniqueKey', order: flat, data: { reorderFirst: flat[0].name } };
  }
  const [reordered] = led.order;
  return {
    id: 'prefixReorder',
    order: led.order,
    data: {
      reorderOrder: led.order.map((l) => l.name),
      reorderFirst: reordered.name,
      reorderValues: reordered.cardinality,
      reorderLoad: led.first.load,
      reorderUsable: led.first.usable,
      reorderCrossing: led.after.share,
      crossingNow: led.before.share,
    },
  };
}
