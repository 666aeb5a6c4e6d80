/**
 * The sparse-index alternative for a hot global secondary index whose items share one key value: a
 * constant (`type = "ORDER"`), or an inverted index keyed by the table's sort key, where every item
 * with the same sort-key value (`PROFILE`) lands on one index key. DynamoDB writes an item to an index
 * only when the item carries the index's key attributes, so writing the attribute only on the items
 * that must be found (open orders, flagged users) keeps the rest out of the hot value.
 */
import { fullKeyCardinality } from '../design/cardinality';
import { sameAttribute, type KeyDesign, type KeySpace } from '../design/key-design';

export const SPARSE_INDEX_MESSAGES = {
  orSparseIndex:
    '; or, when only some items need this index, make it sparse: write {{indexKey|code}} only on those items (an index holds only the items that carry its key), so the others never reach its hot value',
} as const;

/** The index-key attributes to leave off items, when `space` is an index whose items share one key value. */
export function sparseIndexKey(design: KeyDesign, space: KeySpace): readonly string[] | undefined {
  if (space.index === undefined) return undefined;
  const constant = fullKeyCardinality(space.partitionKey) === 1;
  const inverted = space.partitionKey.some((a) => design.primaryKey.sortKey.some((s) => sameAttribute(s.name, a.name)));
  return constant || inverted ? space.partitionKey.map((a) => a.name) : undefined;
}
