/**
 * A composite partition key before write shards: where every read of a hot index key's whole value also gives one
 * other attribute by equality (an exam's proctor index keyed by `examId`, whose one query, `room-status`, gives
 * `roomId` too), the key `examId#roomId` spreads the hottest `examId` over its `roomId` values with no shard count to
 * size and no fan-out: each read is one Query of one key value. AWS builds such keys first ("Choosing the right
 * DynamoDB partition key": composite keys, `customerid#productid#countrycode`; "Best practices for designing and using
 * partition keys effectively": high-cardinality and composite attributes) and shards where no such attribute exists
 * ("Using write sharding to distribute workloads evenly"). The attribute is judged as a calculated shard's source is
 * (`sourceFacts`, `canSpread`): it must never change on an item, must not be a time bucket, and its declared values
 * must be at least the shards the plan needs, so that the hottest value's load ÷ its values fits one key with the
 * engine's headroom and neighbours (the plan's count is that smallest fitting divisor).
 *
 * Only where no whole-key read gives the key alone: such a read would query every value of the attribute, so there the
 * shards stay first and the fix says why. Only on a global secondary index, not yet sharded, with a one-attribute key:
 * DynamoDB fills a new index from its table ("Managing global secondary indexes"), while a table's or container's new
 * key is a new resource and a copy of every item, which the shards avoid.
 */
import { type KeySpace, sameAttribute } from '../design/key-design';
import type { SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { carries, readsWholeKey } from './queries';
import { canSpread, sourceFacts } from './shard-source';

/** The attribute a composite key would join to the key, and the reads that give it or not. */
export interface CompositeCandidate {
  /** The attribute every read (but `keyOnly`) gives with the key. */
  readonly source: string;
  /** Its declared distinct values (Infinity for `'unique'`). */
  readonly sourceValues: number;
  /** The reads of a whole key value that give it. */
  readonly giving: readonly string[];
  /** The reads of a whole key value that give only the key: each would query every value of `source`. */
  readonly keyOnly: readonly string[];
}

export const COMPOSITE_KEY_MESSAGES = {
  compositeKeyLeads:
    'key {{index|keySpace}} by a composite attribute the application writes on each item, {{compositeAttribute|code}} = {{key|key}} + "#" + {{compositeSource|code}} ({{compositeValues}} values): every read of a whole {{key|key}} value gives {{compositeSource|code}} by equality ({{compositePatterns|code}}), so each reads one key value with one Query, no fan-out and no shard count to size, and the hottest {{key|key}} value spreads over its {{compositeSourceValues}} {{compositeSource|code}} values{{?compositeLoad}}, {{compositeLoad}} {{compositeUnit}} each if they share it evenly{{/compositeLoad}} (more than the {{shards}} keys its load needs){{?compositeSortKeyDropped}}; {{compositeSource|code}} leaves the sort key: the items of one composite value all hold the same {{compositeSource|code}}, so it would sort nothing{{/compositeSortKeyDropped}}; {{compositeSource|code}} must be written on every item (one without it has no entry in the index) and never change',
  compositeKeyKeep: '; or, to keep {{key|key}} as the key (a new index too, rolled out the same way): ',
  compositeNeedsEvery:
    '; a composite key {{key|key}} + "#" + {{compositeSource|code}} would serve {{compositePatterns|code}} with one Query, but not a read that gives only {{key|key}} ({{compositeKeyOnly|code}}), which would then query all {{compositeSourceValues}} {{compositeSource|code}} values: the shards stay the fix',
} as const;

export type CompositeKeyId = keyof typeof COMPOSITE_KEY_MESSAGES;

/**
 * The attribute a composite key of `a` would join to its key for a plan of `shards` shards (see above), or undefined:
 * the best one the whole-key reads give (`readGivenSources`), where at least one read gives it and it can spread the
 * hottest value over `shards` keys, its values known (`canSpread`, nothing trusted unknown).
 */
export function compositeCandidate(a: SpaceAnalysis, shards: number): CompositeCandidate | undefined {
  const { design, space } = a;
  if (space.index === undefined || space.sharding !== undefined || space.partitionKey.length !== 1 || space.partitionKey[0].components.length > 0) {
    return undefined;
  }
  const source = a.readGivenSources[0];
  if (source === undefined) return undefined;
  const facts = sourceFacts(design, space, source, a.owner.declaredAttributes);
  if (facts.cardinality === undefined || !canSpread(facts, shards, false)) return undefined;
  // Reads that want any item take one key value's whatever the key (`readGivenSources` ranks without them too).
  const reads = a.owner.patternsOn(space).filter((p) => readsWholeKey(space, p) && p.wants !== 'any');
  // A read pinned to one key value (`keyValue`) names no value of the composite key: its share has nowhere to go.
  if (reads.some((p) => p.keyValue !== undefined)) return undefined;
  const giving = reads.filter((p) => carries(p, source)).map((p) => p.name);
  const keyOnly = reads.filter((p) => !carries(p, source)).map((p) => p.name);
  return { source, sourceValues: facts.cardinality, giving, keyOnly };
}

/** The composite attribute's name: `examId` and `roomId` → `examIdRoomId`, not one the key space has already. */
export function compositeAttributeName(a: SpaceAnalysis, source: string): string {
  const key = a.space.partitionKey[0].name;
  const name = `${key}${source.charAt(0).toUpperCase()}${source.slice(1)}`;
  const taken = [...a.space.partitionKey, ...a.space.sortKey].some((k) => sameAttribute(k.name, name));
  return taken ? `${name}Key` : name;
}

/**
 * The edits that take `source` out of the sort key of the index a composite key of `source` re-keys. DynamoDB stores
 * the items of one partition-key value together, in sorted order by the sort key value, and a Query of that value
 * narrows it by the sort key (AWS API Reference, "KeySchemaElement"; "Querying tables in DynamoDB"): once the partition
 * key holds `source`, every item of one key value (`examIdRoomId` = `exam-1#room-7`) has the same `source` (`room-7`),
 * so a sort key of it orders and narrows nothing. The index keeps its other sort-key attributes (a multi-attribute sort
 * key's `seat` after `roomId` orders a room's items as before); it has no sort key where `source` was its only one, and
 * keeps its sort key where `source` is not in it. One edit: the key's attribute names are distinct.
 */
export function compositeSortKeyEdits(space: KeySpace, source: string): DesignEdit[] {
  const dropped = space.sortKey.find((k) => sameAttribute(k.name, source));
  if (dropped === undefined) return [];
  // Alone, the whole field goes (`sortKey`, or `sortKeys` from `sortKeys[0]`): a `sortKeys` list may not be empty.
  const path = space.sortKey.length === 1 ? dropped.path.replace(/\[0\]$/, '') : dropped.path;
  return [{ op: 'remove', path }];
}
