/**
 * What replicated copies of every item cost a DynamoDB table beyond their writes. Each copy is an item of its own:
 * the table stores every item N times, and DynamoDB writes an item to a global secondary index whenever the item
 * carries the index's key attributes (Developer Guide, "Take advantage of sparse indexes"), so every index whose key
 * the copies carry holds each item N times and its queries return each N times (a page of `limit` items, fewer
 * distinct ones). Writing the index's key attributes on copy 0 only keeps one entry per item in it.
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-indexes-general-sparse-indexes.html
 */
import type { SpaceAnalysis } from './analysis';
import type { MessageData } from './rule';

export const COPIED_INDEX_MESSAGES = {
  copiesStored: ", storing every item {{shards}} times ({{shards}} × the table's storage)",
  copiesInIndexes:
    '; each copy is also written to every index whose key attributes it carries, so index {{copiedIndexes|code}} would hold every item {{shards}} times{{?copiedIndexReads}} and {{copiedIndexReads|code}} return each {{shards}} times (a page of `limit` items, fewer distinct ones){{/copiedIndexReads}}: write {{copiedIndexKeys|code}} on copy 0 only, a sparse index (an index holds only the items that carry its key), so it holds one copy of each item and takes one write per item; or count its {{shards}}× writes and remove the duplicates its queries return',
} as const;

export type CopiedIndexMessageId = keyof typeof COPIED_INDEX_MESSAGES;

/**
 * The clauses that say what `n` replicated copies of a table's items store and put in its global indexes; none for
 * one copy, or for an engine without global secondary indexes (Cosmos DB, whose copies say their GB where they are
 * sized against its physical partitions, and whose indexes hold no items of their own).
 */
export function copiedIndexNotes(analysis: SpaceAnalysis, n: number): { ids: CopiedIndexMessageId[]; data: MessageData } {
  const { design } = analysis;
  if (!analysis.owner.profile.globalIndexes || n <= 1 || analysis.space !== design.primaryKey) return { ids: [], data: {} };
  const indexes = analysis.owner.spaces.map((s) => s.space).filter((space) => space.index !== undefined);
  if (indexes.length === 0) return { ids: ['copiesStored'], data: {} };
  const names = indexes.map((space) => space.index as string);
  const reads = design.accessPatterns.filter((p) => p.index !== undefined && names.includes(p.index)).map((p) => p.name);
  return {
    ids: ['copiesStored', 'copiesInIndexes'],
    data: {
      copiedIndexes: names,
      // Leaving out the partition key is enough: an item missing any key attribute of an index is not written to it.
      copiedIndexKeys: [...new Set(indexes.flatMap((space) => space.partitionKey.map((a) => a.name)))],
      ...(reads.length > 0 ? { copiedIndexReads: reads } : {}),
    },
  };
}
