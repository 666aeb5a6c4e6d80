/**
 * What replicated copies of every item cost a DynamoDB table beyond their writes. Each copy is an item of its own:
 * the table stores every item N times, and DynamoDB writes an item to a global secondary index whenever the item
 * carries the index's key attributes (Developer Guide, "Take advantage of sparse indexes"), so every index whose key
 * the copies carry holds each item N times and its queries return each N times (a page of `limit` items, fewer
 * distinct ones). Writing the index's key attributes on copy 0 only keeps one entry per item in it.
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-indexes-general-sparse-indexes.html
 */
import { joinPath } from '../design/field-path';
import type { KeySpace } from '../design/key-design';
import type { DesignAnalysis, SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { hotKeyFixUnchosen } from './hot-key-fix-unchosen';
import type { MessageData, RuleHit } from './rule';
import { declaredCopies } from './written';

export const COPIED_INDEX_MESSAGES = {
  copiesStored: ", storing every item {{shards}} times ({{shards}} × the table's storage)",
  copiesInIndexes:
    '; each copy is also written to every index whose key attributes it carries, so index {{copiedIndexes|code}} would hold every item {{shards}} times{{?copiedIndexReads}} and {{copiedIndexReads|code}} return each {{shards}} times (a page of `limit` items, fewer distinct ones){{/copiedIndexReads}}: write {{copiedIndexKeys|code}} on copy 0 only, a sparse index (an index holds only the items that carry its key), so it holds one copy of each item and takes one write per item; or count its {{shards}}× writes and remove the duplicates its queries return',
} as const;

export type CopiedIndexMessageId = keyof typeof COPIED_INDEX_MESSAGES;

/** The clause of a copies fix written as edits: the indexes it makes sparse (`copiedIndexEdits`). */
export const SPARSE_INDEX_EDIT_MESSAGES = {
  copiesSparseEdit:
    '; the fix sets `copiesCarry: "first"` on {{sparseIndexes|code}}, which {{copiedIndexReads|code}} read, so that no duplicate reaches its readers',
} as const;

/** SG003's finding on an index every declared copy writes and a query reads (`copiedIndexReadHits`), and its fix. */
export const COPIED_INDEX_READ_MESSAGES = {
  copiedIndexRead:
    'the table keeps {{shards}} replicated copies of every item, and each carries the key attributes {{copiedIndexKeys|code}} of index {{copiedIndex|code}} ({{copiesCarryPath|code}}: "every", the default): the index holds every item {{shards}} times, takes {{shards}}× its writes, and {{copiedIndexReads|code}} return each item {{shards}} times (a page of `limit` items holds fewer distinct ones); a warning, not an error, since readers that remove the duplicates read correct results, at {{shards}}× the reads',
  copiesCarryFirst:
    'set {{copiesCarryPath|code}} to "first" and write {{copiedIndexKeys|code}} on copy 0 only: a sparse index (an index holds only the items that carry its key), one entry and one write per item; or, where the readers remove the duplicates and the {{shards}}× writes are counted, acknowledge this finding',
} as const;

export type CopiedIndexReadId = keyof typeof COPIED_INDEX_READ_MESSAGES;

/** Where an index declares which replicated copies carry its key attributes. */
export function copiesCarryPath(space: KeySpace): string {
  return joinPath(space.path, 'copiesCarry');
}

/** The edit that keeps `space` to one entry per item under replicated copies: copy 0 alone carries its key. */
export function sparseEdit(space: KeySpace): DesignEdit {
  return { op: 'set', path: copiesCarryPath(space), value: 'first' };
}

/** What copy 0 alone writes to keep an index sparse. Its partition key is enough: an item missing any key attribute of an
 *  index is not written to it. */
function sparseKeyOf(space: KeySpace): string[] {
  return space.partitionKey.map((a) => a.name);
}

/**
 * The clauses that say what `n` replicated copies of a table's items store and put in its global indexes; none for
 * one copy, or for an engine without global secondary indexes (Cosmos DB, whose copies say their GB where they are
 * sized against its physical partitions, and whose indexes hold no items of their own).
 */
export function copiedIndexNotes(analysis: SpaceAnalysis, n: number): { ids: CopiedIndexMessageId[]; data: MessageData; edits: DesignEdit[] } {
  const { design } = analysis;
  if (!analysis.owner.profile.globalIndexes || n <= 1 || analysis.space !== design.primaryKey) return { ids: [], data: {}, edits: [] };
  // An index copy 0 alone carries (`copiesCarry: 'first'`) holds one entry per item already.
  const indexes = analysis.owner.spaces.map((s) => s.space).filter((space) => space.index !== undefined && space.copiesCarry !== 'first');
  if (indexes.length === 0) return { ids: ['copiesStored'], data: {}, edits: [] };
  const names = indexes.map((space) => space.index as string);
  const reads = design.accessPatterns.filter((p) => p.index !== undefined && names.includes(p.index)).map((p) => p.name);
  const sparse = indexes.filter((space) => sparseUnderCopies(analysis.owner, space));
  return {
    ids: ['copiesStored', 'copiesInIndexes'],
    data: {
      copiedIndexes: names,
      copiedIndexKeys: [...new Set(indexes.flatMap(sparseKeyOf))],
      ...(reads.length > 0 ? { copiedIndexReads: reads, sparseIndexes: sparse.map((space) => space.index as string) } : {}),
    },
    // The indexes whose duplicates would reach a reader are declared sparse with the copies, so the fix leaves no
    // index that SG003 warns of (`copiedIndexReadHits`).
    edits: sparse.map(sparseEdit),
  };
}

/**
 * Whether every replicated copy would carry the key of `space`, a GSI an access pattern reads, so that its queries
 * would return every item once per copy: what SG003 warns of (`copiedIndexReadHits`).
 */
function readCopiedIndex(owner: DesignAnalysis, space: KeySpace): boolean {
  return space.index !== undefined && space.copiesCarry !== 'first' && owner.patternsOn(space).length > 0;
}

/**
 * Whether a copies fix declares `space` sparse (`copiesCarry: 'first'`): an index SG003 warns of (`readCopiedIndex`),
 * unless the design acknowledges SG003 on it (or turns SG003 off): its readers remove the duplicates and its N× writes
 * are counted, as the warning's fix offers, so no finding asks for the sparse index. Such an index takes one write per
 * item under the fix, whatever the copies.
 */
export function sparseUnderCopies(owner: DesignAnalysis, space: KeySpace): boolean {
  return readCopiedIndex(owner, space) && !hotKeyFixUnchosen(owner, space);
}

/**
 * The indexes of `indexes` that a fix routing queries to them (SG012's, which names the index a query carries the key
 * of) must make sparse as it does: every replicated copy the table keeps carries the key of each (`copiesCarry`:
 * "every", the default), so those queries would return each item once per copy, which SG003 then warns of
 * (`copiedIndexReadHits`), unless the design accepts the copies there (`hotKeyFixUnchosen`). None where the table keeps none.
 */
export function sparseForNewReads(owner: DesignAnalysis, indexes: readonly string[]): KeySpace[] {
  if (declaredCopies(owner.design) <= 1) return [];
  return owner.keySpaces.filter(
    (space) => space.index !== undefined && indexes.includes(space.index) && space.copiesCarry !== 'first' && !hotKeyFixUnchosen(owner, space),
  );
}

/**
 * A DynamoDB table that declares replicated copies (`sharding.strategy: 'replicated'`) beside a GSI every copy carries
 * the key of (`copiesCarry: 'every'`, the default) that an access pattern reads: one warning per such index, its fix
 * `copiesCarry: 'first'` (the application then writes the key attributes on copy 0 only). An index no pattern reads
 * still takes N× the writes, which SG001, SG003 and SG017 count; its duplicates reach no reader the design declares.
 */
export function copiedIndexReadHits(analysis: DesignAnalysis): RuleHit<CopiedIndexReadId>[] {
  const { design } = analysis;
  const shards = declaredCopies(design);
  if (!analysis.profile.globalIndexes || shards <= 1) return [];
  return analysis.keySpaces.flatMap((space) => {
    if (!readCopiedIndex(analysis, space)) return [];
    const reads = analysis.patternsOn(space).map((p) => p.name);
    return [
      {
        path: copiesCarryPath(space),
        index: space.index,
        messageId: 'copiedIndexRead',
        fixId: 'copiesCarryFirst',
        severity: 'warning',
        data: {
          shards,
          copiedIndex: space.index,
          copiedIndexKeys: sparseKeyOf(space),
          copiedIndexReads: reads,
          copiesCarryPath: copiesCarryPath(space),
        },
        edits: [sparseEdit(space)],
      },
    ];
  });
}
