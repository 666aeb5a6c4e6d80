/**
 * A composite partition key before write shards: where every read of a hot key's whole value also gives one
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
 * shards stay first and the fix says why. Only on a key not yet sharded, of one attribute. On a global secondary
 * index, as a new index: DynamoDB fills it from its table ("Managing global secondary indexes"). On a table's own key
 * too (`compositeOnTable`): a KeySchema change replaces the table (CloudFormation, "AWS::DynamoDB::Table"), a new table
 * and a copy of every item, but the shards are no cheaper there: sharding the key in place (`examId#0…#34`) changes
 * the stored key of every item of each value it shards, a rewrite of each and a change to every reader, so on a table
 * that holds data both are a migration, and on one not yet deployed both are free. The composite key is then the
 * better design: one request per read, no fan-out, no count to size.
 */
import { onKeyItem, sameAttribute } from '../design/key-design';
import { carriesTableShards, type SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { carries, readsWholeKey } from './queries';
import { canSpread, declaredCardinality, sourceFacts } from './shard-source';

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
    'key {{index|keySpace}} by a composite attribute the application writes on each item, {{compositeAttribute|code}} = {{key|key}} + "#" + {{compositeSource|code}} ({{compositeValues}} values): every read of a whole {{key|key}} value gives {{compositeSource|code}} by equality ({{compositePatterns|code}}), so each reads one key value with one Query, no fan-out and no shard count to size, and the hottest {{key|key}} value spreads over its {{compositeSourceValues}} {{compositeSource|code}} values{{?compositeLoad}}, {{compositeLoad}} {{compositeUnit}} each if they share it evenly{{/compositeLoad}} (more than the {{shards}} keys its load needs){{?compositeSortKeyDropped}}; {{compositeSource|code}} leaves the sort key: the items of one composite value all hold the same {{compositeSource|code}}, so it would sort nothing{{/compositeSortKeyDropped}}',
  // On an index an item without the attribute is left out of it ("Take advantage of sparse indexes"); on a table it is
  // a key attribute, which every put gives and no UpdateItem changes ("UpdateItem": key attributes cannot be updated).
  compositeOnIndexItems: '; {{compositeSource|code}} must be written on every item (one without it has no entry in the index) and never change',
  compositeOnTableItems:
    '; every write must carry {{compositeAttribute|code}}, built from {{compositeSource|code}} (a put without the key is refused), and {{compositeSource|code}} must never change: no update changes a key attribute, so a new value would be a delete and a put',
  compositeKeyKeep: '; or, to keep {{key|key}} as the key (a new index too, rolled out the same way): ',
  // A table's KeySchema cannot change in place (CloudFormation, "AWS::DynamoDB::Table": KeySchema, Update requires
  // Replacement); the rollout of a new key, as the container re-keys say it (prefix-reorder.ts, hierarchy-order.ts).
  compositeTableRollout:
    '; a partition key cannot be changed in place: on a table not yet deployed, deploy it keyed so; on one that holds data, create a table keyed so, copy every item into it and point the application at it',
  compositeTableKeep:
    "; or, to keep {{key|key}} as the key (on a table that holds data a rewrite too: every item of a value the shards cover moves to its shard's key, and every reader of that value changes): ",
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
  if (space.sharding !== undefined || space.partitionKey.length !== 1 || space.partitionKey[0].components.length > 0) return undefined;
  // No whole-key read gives another attribute: nothing to join to the key, so nothing more to ask.
  const source = a.readGivenSources[0];
  if (source === undefined) return undefined;
  if (space.index === undefined && !compositeOnTable(a)) return undefined;
  // Most attributes declare no count of their values, and a composite key is built only on declared ones (`canSpread`
  // trusts no unknown count): asked before the rest of the attribute's facts, which read its name and its declarations.
  if (declaredCardinality(a.owner.declaredAttributes, source) === undefined) return undefined;
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

/**
 * Whether a table's own key may take the composite key: where the engine routes by the full key (DynamoDB), whose key
 * is a string the application joins (a prefix-routed engine adds a level of its hierarchical key instead: `levelFirst`
 * in advice.ts), and where the hottest value's writes are not one item's (`hotWritesOnOneItem`: a table with no sort
 * key): that item holds one value of the attribute, so the composite key would leave every such write on one key
 * value. Nor where an invariant keeps one aggregate item per key value (`onKeyItem`: a running total, a condition with
 * no scopeAttribute), even split per shard: its sub-totals are a few items of one value the reads sum, where under the
 * composite key the value's items spread over every value of the attribute, with no item left to hold the total.
 * Nor where an index is keyed by the table's partition-key attribute (`carriesTableShards`: a leaderboard's `top-scores`
 * keyed by `gameId`): the table's shards in place are the stored values of that attribute, so they spread the index's
 * hottest value too, one fix for both ("Using write sharding to distribute workloads evenly"); the composite key is a
 * new attribute, which leaves the attribute, and so the index's hottest value, whole.
 */
function compositeOnTable(a: SpaceAnalysis): boolean {
  const { profile } = a.owner;
  if (profile.routing !== 'full-key' || profile.hotWritesOnOneItem(a.design) || a.design.invariants.some(onKeyItem)) return false;
  return !a.owner.spaces.some((index) => carriesTableShards(a.design, index.space));
}

/** The composite attribute's name: `examId` and `roomId` → `examIdRoomId`, not one the key space has already. */
export function compositeAttributeName(a: SpaceAnalysis, source: string): string {
  const key = a.space.partitionKey[0].name;
  const name = `${key}${source.charAt(0).toUpperCase()}${source.slice(1)}`;
  const taken = [...a.space.partitionKey, ...a.space.sortKey].some((k) => sameAttribute(k.name, name));
  return taken ? `${name}Key` : name;
}

/**
 * The edits that take `source` out of the sort key of the key space a composite key of `source` re-keys. DynamoDB
 * stores the items of one partition-key value together, in sorted order by the sort key value, and a Query of that value
 * narrows it by the sort key (AWS API Reference, "KeySchemaElement"; "Querying tables in DynamoDB"): once the partition
 * key holds `source`, every item of one key value (`examIdRoomId` = `exam-1#room-7`) has the same `source` (`room-7`),
 * so a sort key of it orders and narrows nothing. The key space keeps its other sort-key attributes (a multi-attribute
 * sort key's `seat` after `roomId` orders a room's items as before); it has no sort key where `source` was its only one, and
 * keeps its sort key where `source` is not in it. One edit: the key's attribute names are distinct. A table keeps a sort
 * key that is `source` alone where something needs it: a local secondary index, which needs a table with a composite
 * primary key ("Local secondary indexes"), or a conditional write's `scopeAttribute`, which names the one item its
 * condition checks by the sort key (normalize-invariants.ts).
 */
export function compositeSortKeyEdits(a: SpaceAnalysis, source: string): DesignEdit[] {
  const { design, space } = a;
  const dropped = space.sortKey.find((k) => sameAttribute(k.name, source));
  if (dropped === undefined) return [];
  const alone = space.sortKey.length === 1;
  const needed = a.owner.profile.localIndexes(design).length > 0 || design.invariants.some((i) => i.scopeAttribute !== undefined);
  if (alone && space === design.primaryKey && needed) return [];
  // Alone, the whole field goes (`sortKey`, or `sortKeys` from `sortKeys[0]`): a `sortKeys` list may not be empty.
  const path = alone ? dropped.path.replace(/\[0\]$/, '') : dropped.path;
  return [{ op: 'remove', path }];
}
