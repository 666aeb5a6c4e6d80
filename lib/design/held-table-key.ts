/**
 * Whether an index key holds the table's partition-key attribute as the table stores it. A table shards its key in
 * place: the attribute itself holds `eventId#0`… (a table has no separate shard attribute). A GSI's key attribute is an
 * item attribute like any other, copied as the item stores it (AWS, "Using Global Secondary Indexes"), so an index
 * keyed by that attribute, alone or beside others (`eventId` + `section`), holds the table's shard suffixes too, unless
 * it has a sharding of its own: then its key is a separate shard attribute holding the plain value and its own suffix
 * (`logicalAttribute`). A `components` entry does not count: it is part of a string the application builds.
 *
 * Judged where the table declares its sharding (normalize-table.ts, `heldTableShards`) and where a fix proposes one
 * (lint/held-index-reads.ts, `holdsTableKey`).
 */
import { sameAttribute, type KeyAttribute } from './key-design';

/** Whether `partitionKey`, an index key with the given sharding of its own (undefined: none), has `tableKey` among its attributes as stored. */
export function holdsTableKeyAsStored(partitionKey: readonly KeyAttribute[], ownSharding: object | undefined, tableKey: string): boolean {
  return ownSharding === undefined && partitionKey.some((a) => sameAttribute(a.name, tableKey));
}
