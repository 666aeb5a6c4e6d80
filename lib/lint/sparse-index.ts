/**
 * The sparse-index alternative for a hot global secondary index whose items share one key value: a
 * constant (`type = "ORDER"`), an inverted index keyed by the table's sort key, where every item
 * with the same sort-key value (`PROFILE`) lands on one index key, or a few-valued lifecycle state or flag
 * (`status` with 6 values, `isOpen`) that most items reach and few queries look for (the Developer Guide's
 * sparse-index example keeps only the open orders in the index). DynamoDB writes an item to an index
 * only when the item carries the index's key attributes, so writing the attribute only on the items
 * that must be found (open orders, flagged users) keeps the rest out of the hot value.
 */
import { keySpaceCardinality } from '../design/cardinality';
import { sameAttribute, type KeyDesign, type KeySpace } from '../design/key-design';
import { nameWords } from '../design/key-names';

/** Words of an attribute that records where an item is in its life (or a flag): states most items pass
 *  through, of which the queries usually want one (open, pending, flagged). Classifications (region,
 *  country, tier) are not: every item keeps its value and is queried by it. */
const STATE_WORDS = new Set(['status', 'state', 'stage', 'phase', 'flag', 'flagged', 'active', 'enabled', 'deleted', 'archived', 'open', 'visible']);

/** `status`, `orderStatus`, `isOpen`, `hasAlert`: a lifecycle state or flag, by its name. */
function looksLikeState(name: string): boolean {
  const words = nameWords(name);
  return STATE_WORDS.has(words[words.length - 1]) || (words.length > 1 && (words[0] === 'is' || words[0] === 'has'));
}

export const SPARSE_INDEX_MESSAGES = {
  orSparseIndex:
    '; or, when only some items need this index, make it sparse: write {{indexKey|code}} only on those items (an index holds only the items that carry its key), so the others never reach its hot value',
} as const;

/** The index-key attributes to leave off items, when `space` is an index whose items share one key value. */
export function sparseIndexKey(design: KeyDesign, space: KeySpace): readonly string[] | undefined {
  if (space.index === undefined) return undefined;
  const cardinality = keySpaceCardinality(space);
  const constant = cardinality === 1;
  const inverted = space.partitionKey.some((a) => design.primaryKey.sortKey.some((s) => sameAttribute(s.name, a.name)));
  const state = cardinality < design.thresholds.minCardinality && space.partitionKey.length === 1 && looksLikeState(space.partitionKey[0].name);
  return constant || inverted || state ? space.partitionKey.map((a) => a.name) : undefined;
}
