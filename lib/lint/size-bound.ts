/**
 * What the fix falls back on where no count within maxShards serves the hottest key value because of its SIZE: the
 * count its stored data needs on the engine's key-value size ceiling (a Cosmos DB logical partition's 20 GB, "Azure
 * Cosmos DB: Service quotas"; a DynamoDB item collection's 10 GB, which only a local secondary index imposes, "Item
 * collection size limit") is past maxShards, whatever its load. Batching the value's writes upstream shrinks its write
 * rate, never what it stores, so that fallback is withheld here: what serves size is a finer key (a hierarchical one on
 * Cosmos DB, "Hierarchical partition keys"), the value moved to its own resource, or a time to live where its data can
 * expire ("Time to Live (TTL)", both engines); and, where a local secondary index alone sets the ceiling, dropping it
 * (which no access pattern may need) or a global index in its place, neither of which has an item-collection limit.
 * An LSI exists only from its table's creation, so either is a new table with every item copied. Where the count was
 * sized by the value's rate (needs.size within maxShards), batching stays the fallback (advice.ts `upstream`).
 */
import type { DesignAnalysis, SpaceAnalysis } from './analysis';
import { usablePartitionGb } from './analysis';
import type { MessageData } from './messages';
import { largestPartitionSize } from './partition-size';

export const SIZE_BOUND_MESSAGES = {
  // In place of `upstream`: fewer writes store the same data, so batching them serves nothing here. Where the clause
  // before already named the count its size sets (`sizeCountGb`, size-set-count.ts), the figures are not said again.
  sizeNotBatched:
    '{{!sizeCountGb}}its size sets the count, {{sizeBoundGb}} GB over the {{sizeBoundUsableGb}} GB usable of one {{keyValueData}} (N = {{sizeBoundShards}}), which batching its writes would not shrink{{/sizeCountGb}}{{?sizeCountGb}}batching its writes would not shrink its size{{/sizeCountGb}}: fewer writes store the same data',
  // The ceiling is the local secondary index's and no access pattern reads that index: remove it, and the limit goes.
  sizeUnreadLocalIndex:
    "; the {{sizeBoundUsableGb}} GB are set by the local secondary {{sizeBoundIndexes|indexes}} alone (without one an item collection has no size limit), and no access pattern reads it: remove it, a new table without it with every item copied (an LSI exists only from its table's creation), then lint that design for the count its writes need",
  // The ceiling is the local secondary index's, and a pattern reads it: a global one in its place has no such limit.
  sizeReadLocalIndex:
    "; the {{sizeBoundUsableGb}} GB are set by the local secondary {{sizeBoundIndexes|indexes}} alone: a global secondary index in its place has no item-collection limit (its reads become eventually consistent), a new table with every item copied (an LSI exists only from its table's creation)",
  // What serves size on any engine.
  sizeServedBy: '; {{?sizeBoundIndexes}}else {{/sizeBoundIndexes}}a finer key spreads it, or a time to live expires it where its data can expire',
} as const;

export type SizeBoundId = keyof typeof SIZE_BOUND_MESSAGES;

/** The clauses that name the local secondary index: SG006 leads with the index itself, so leaves them out. */
export const LOCAL_INDEX_CLAUSES: ReadonlySet<string> = new Set<SizeBoundId>(['sizeUnreadLocalIndex', 'sizeReadLocalIndex']);

/** The clauses and figures that replace batching where the plan's count is set by size past maxShards; else undefined. */
export function sizeBound(analysis: SpaceAnalysis): { ids: SizeBoundId[]; data: MessageData } | undefined {
  const { owner, plan } = analysis;
  if (plan.needs.size <= owner.design.thresholds.maxShards) return undefined;
  const usable = usablePartitionGb(owner);
  const gb = largestPartitionSize(owner.design)?.gb;
  if (usable === undefined || gb === undefined) return undefined;
  const data: MessageData = {
    sizeBoundGb: gb,
    sizeBoundUsableGb: usable,
    sizeBoundShards: Math.ceil(gb / usable),
    keyValueData: owner.profile.nouns.keyValueData,
  };
  const imposedBy = owner.profile.keyValueSizeLimit(owner.design)?.imposedBy;
  if (!imposedBy) return { ids: ['sizeNotBatched', 'sizeServedBy'], data };
  return {
    ids: ['sizeNotBatched', indexesRead(owner, imposedBy.names) ? 'sizeReadLocalIndex' : 'sizeUnreadLocalIndex', 'sizeServedBy'],
    data: Object.assign(data, { sizeBoundIndexes: imposedBy.names }),
  };
}

/**
 * Whether one of `names` may be read: an access pattern names it (`accessPatterns[].index`), or the design declares no
 * access patterns, which says nothing of what reads the index.
 */
export function indexesRead(owner: DesignAnalysis, names: readonly string[]): boolean {
  const { accessPatterns } = owner.design;
  return accessPatterns.length === 0 || accessPatterns.some((p) => p.index !== undefined && names.includes(p.index));
}
