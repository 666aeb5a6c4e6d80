/**
 * A categorical primary key (a status, a type, a region: a category of the items, not their identity) that its plan
 * would shard anew: the fix keeps its text, shards among its options, but carries no edits, so `--fix` writes none and
 * says why. A re-key is the fix there. The table's or container's partition key addresses each item, and every read of
 * one item names it: AWS asks for a key of "a large number of distinct values" ("Best practices for designing and using
 * partition keys effectively"), Azure for one "with a high cardinality", naming an item id ("Partitioning and horizontal
 * scaling"). Keyed by the category with random shards, a read of one conversation queries all N; with calculated ones
 * it must name the category too, which an update of the category moves. Shards of a value come after the right key, for
 * a value hot under it (AWS: "Using write sharding to distribute workloads evenly").
 *
 * Categorical: every partition-key attribute named like a few-valued field (`looksLowCardinality`, the names SG015 and
 * the uniform-share note read), or a key with no more values than the shards its plan gives (the suffix would then be
 * most of the key's spread: `/conversationType`, 3 values, 7 shards), unless a declared read asks for a whole value of
 * that key and gives nothing else (`readsNeedKey`: "votes for contestant X"). No other key serves such a read, so
 * the key is the aggregate's identity and the shards of it are the fix: AWS shards exactly a tally keyed by candidate,
 * candidate ID + a random suffix from 1 to 200, the read summing the suffixes ("Using write sharding to distribute
 * workloads evenly"). Not a GSI: an index keyed by a category exists to
 * query that category, and AWS write-shards exactly such a key ("Using global secondary index write sharding for
 * selective table queries"). Not a key already sharded: a count raised on the designer's sharding is theirs to keep.
 */
import { looksLowCardinality, looksMutable } from '../design/key-names';
import type { SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { raisedThroughputOf } from './physical-partition';
import { readsWholeKey } from './queries';
import type { MessageData } from './rule';
import { sparseIndexKey } from './sparse-index';

/** Why a key named like a category is one, after the key: the finding's clause and --fix's note (cli/fix.ts) both say it. */
export const CATEGORICAL_BY_NAME = 'is named like a status, type or region, a category of the items rather than their identity';

/**
 * The re-key a categorical key's fix names, said once for a table's or container's key (its shards or raise withheld,
 * below) and for an index's (`categoricalIndexFirst`): AWS asks for a key of "a large number of distinct values".
 */
const RE_KEY = 'a re-key is the fix: choose the attribute your reads name (an entity id, such as the item id), whose many values spread the load';

export const CATEGORICAL_KEY_MESSAGES = {
  categoricalByName: `; --fix writes no edit for these shards: {{categoricalKey|key}} ${CATEGORICAL_BY_NAME}`,
  categoricalByValues:
    '; --fix writes no edit for these shards: {{categoricalKey|key}} has {{categoricalValues|one=# value|other=# values}}, no more than the {{categoricalShards}} shards, so the shards alone would be the spread of the key',
  categoricalRandomReads: `, and ${RE_KEY} and keep a read of one item on one partition, where shards of this key make every read of one item query all {{categoricalShards}}`,
  categoricalCalculatedReads: `, and ${RE_KEY} and keep a read of one item on one partition, where shards of this key make every read of one item name its category as well, and every read of a whole category query all {{categoricalShards}}`,
  // Azure, "Partitioning and horizontal scaling": a partition key's value cannot be updated; "Transactional batch
  // operations": a batch holds one logical partition, so the delete and the create are two requests no batch joins.
  categoricalKeyChanges:
    "; and a {{changingKey|code}} value changes over a document's life, where a partition key value cannot be updated: each change is a delete and a create, 2 writes in two logical partitions that no transactional batch or ETag (If-Match) claim covers together",
  // Azure, "Partitioning and horizontal scaling": a logical partition's 10,000 RU/s, which no RU/s of the container pass.
  categoricalRaise: `; --fix writes no edit for this raise: {{categoricalKey|key}} ${CATEGORICAL_BY_NAME}, and ${RE_KEY}, where the hottest category's share of all the traffic grows with it, each growth another raise, up to one logical partition's ceiling, which no raise passes`,
  // DynamoDB, "Understanding DynamoDB warm throughput": warm throughput cannot be lowered again; one partition key value
  // is served by one partition, whose 3,000 RCU and 1,000 WCU no pre-warm passes.
  categoricalPreWarm: `; --fix writes no edit for this pre-warm: {{categoricalKey|key}} ${CATEGORICAL_BY_NAME}, and ${RE_KEY}, where the hottest category's share of all the traffic grows with it, each growth another pre-warm, up to one partition's ceiling, which no pre-warm passes, and warm throughput, once raised, cannot be lowered again`,
  // An index keyed by a category (categoricalIndexFirst): the re-key leads, and the fix that keeps the key follows it.
  categoricalIndexReKey: `key {{index|keySpace}} otherwise: {{categoricalKey|key}} ${CATEGORICAL_BY_NAME}, and ${RE_KEY} over the index's partitions (the user or account id its reads give, say: one user's items in a category rather than every item in it), with {{categoricalKey|key}} after it in the sort key where a read wants one category of that value`,
  // A sparse index of a state (sparse-index.ts) needs such a key too: keyed by the state, it holds one value.
  categoricalIndexSparse:
    "; or, where its reads want only some of its items (those in one state, say), make it a sparse index keyed by such an attribute: write that attribute only on those items (an index holds only the items that carry its key), so it holds them alone, spread over that attribute's many values; a sparse index still keyed by {{categoricalKey|key}} would put every item it holds on one value",
  categoricalIndexKeep: '; or, to keep reading it by {{categoricalKey|key}}: ',
  // The key's pre-warm (and the quota raise it needs) is the alternative's, not the fix's: nothing that cannot be lowered is written for it.
  categoricalIndexKeepUnwritten:
    '; or, to keep reading it by {{categoricalKey|key}} (--fix writes none of this, as the re-key leads, and warm throughput cannot be lowered again): ',
} as const;

export type CategoricalKeyId = keyof typeof CATEGORICAL_KEY_MESSAGES;

/** The sharding a plan's edits set anew at `shardingPath` (random or calculated), or undefined. */
function newSharding(edits: readonly DesignEdit[] | undefined, shardingPath: string): { strategy: string; shards: number } | undefined {
  const edit = edits?.find((e) => e.op === 'set' && e.path === shardingPath);
  if (edit === undefined || edit.op !== 'set') return undefined;
  const value = edit.value as { strategy?: unknown; shards?: unknown };
  if ((value.strategy !== 'random' && value.strategy !== 'calculated') || typeof value.shards !== 'number') return undefined;
  return { strategy: value.strategy, shards: value.shards };
}

/**
 * Whether `a`'s primary key is categorical for a plan of `shards` shards (see above): by its attributes' names, or by
 * having no more values than the shards. Undefined where it is not, or where `a` is not an unsharded primary key.
 */
export function categoricalBy(a: SpaceAnalysis, shards: number): 'name' | 'values' | undefined {
  const { design, space } = a;
  if (space !== design.primaryKey || space.sharding !== undefined) return undefined;
  // Asked for each count a plan weighs: both facts are the key space's, made once per lint (`once`).
  if (a.once(namedLikeCategory)) return 'name';
  return a.cardinality <= shards && !a.once(readsNeedKey) ? 'values' : undefined;
}

/** Whether every partition-key attribute of `a` is named like a few-valued field (`looksLowCardinality`). */
function namedLikeCategory(a: SpaceAnalysis): boolean {
  return a.space.partitionKey.every((k) => looksLowCardinality(k.name));
}

/**
 * Whether a declared read of the table or container asks for a whole value of `a`'s partition key and gives no other
 * attribute: a re-key by any attribute the reads name would make it a query of every partition, so the key stays and
 * its shards carry the load (each read then queries all of them, the fix's fan-out).
 */
function readsNeedKey(a: SpaceAnalysis): boolean {
  const { partitionKey } = a.space;
  const isKey = (name: string) => partitionKey.some((k) => k.name === name || k.components.some((c) => c.name === name));
  return a.design.accessPatterns.some(
    (p) => p.index === undefined && p.share > 0 && p.keyValue === undefined && p.keyAttributes.every(isKey) && readsWholeKey(a.space, p),
  );
}

/**
 * Where a plan whose edits are `edits` shards `a`'s categorical primary key anew (see above): the clauses that say why
 * --fix writes none of them, and their data; the caller then drops the edits. Undefined otherwise.
 */
export function categoricalKeyWithheld(
  a: SpaceAnalysis,
  edits: readonly DesignEdit[] | undefined,
  shardingPath: string,
): { readonly ids: readonly CategoricalKeyId[]; readonly data: MessageData } | undefined {
  const sharding = newSharding(edits, shardingPath);
  if (sharding === undefined) return undefined;
  const by = categoricalBy(a, sharding.shards);
  if (by === undefined) return undefined;
  const byName = by === 'name';
  const changing = changingKeyAttribute(a);
  return {
    ids: [
      byName ? 'categoricalByName' : 'categoricalByValues',
      sharding.strategy === 'random' ? 'categoricalRandomReads' : 'categoricalCalculatedReads',
      ...(changing !== undefined ? (['categoricalKeyChanges'] as const) : []),
    ],
    data: {
      categoricalKey: a.space.partitionKey.map((k) => k.name),
      categoricalValues: a.cardinality,
      categoricalShards: sharding.shards,
      categoricalBy: byName ? 'name' : 'values',
      ...(changing !== undefined ? { changingKey: changing } : {}),
    },
  };
}

/**
 * The partition-key attribute of `a` named like one the application updates (`looksMutable`: a status, a state, a
 * score), where no transaction spans key values (Cosmos DB): there a change of it moves the document, as a delete and a
 * create that nothing makes atomic. The name is the only sign a Cosmos DB design gives (its key paths declare no
 * `mutable`), as it is for a GSI key's doubled writes. Undefined where no attribute is so named, or on DynamoDB.
 */
function changingKeyAttribute(a: SpaceAnalysis): string | undefined {
  if (a.owner.profile.transactionsSpanKeys) return undefined;
  return a.space.partitionKey.find((k) => looksMutable(k.name))?.name;
}

/**
 * Where a plan's edits raise the throughput that serves an unsharded primary key named like a category (a 7-value
 * `/status`), or pre-warm its table for it (warm throughput, which cannot be lowered again): the raise keeps its text,
 * but --fix writes none of it, for the reason the shards of such a key are withheld (above): a re-key is the fix, and
 * the finding that asks for it (SG001's fewer values than minCardinality) stays after any raise. Undefined where the key
 * is not so named, or the edits raise nothing.
 */
export function categoricalRaiseWithheld(
  a: SpaceAnalysis,
  edits: readonly DesignEdit[] | undefined,
): { readonly ids: readonly CategoricalKeyId[]; readonly data: MessageData } | undefined {
  if (categoricalBy(a, 0) !== 'name') return undefined;
  const categoricalKey = a.space.partitionKey.map((k) => k.name);
  if (raisedThroughputOf(edits) !== undefined)
    return { ids: ['categoricalRaise'], data: { categoricalKey, categoricalBy: 'name', categoricalWithheld: 'raise' } };
  if (!(edits ?? []).some(preWarms)) return undefined;
  return { ids: ['categoricalPreWarm'], data: { categoricalKey, categoricalBy: 'name', categoricalWithheld: 'warm' } };
}

/** Whether `edit` sets warm throughput (the table's or an index's). */
const preWarms = (edit: DesignEdit): boolean => edit.op === 'set' && /(^|\.)warmThroughput(\.|$)/.test(edit.path);

/**
 * Whether `a` is a global secondary index keyed by a category, by its attributes' names as a table's key is
 * (`namedLikeCategory`), with fewer values than minCardinality, not yet sharded: its fix leads with the re-key
 * (`categoricalIndexFirst`).
 */
export function categoricalIndex(a: SpaceAnalysis): boolean {
  const { space, cardinality, design } = a;
  // A key of many values (a status of 500) is judged on its declared skew: its values spread it, as a re-key's would.
  return space.index !== undefined && space.sharding === undefined && cardinality < design.thresholds.minCardinality && a.once(namedLikeCategory);
}

/** The fixes that change the index's writes before its key is judged (advice.ts): no re-key leads them. */
const WRITES_FIRST: ReadonlySet<string> = new Set(['removeCopiesFirst', 'tableCopiesFirst', 'sparseIndexFirst', 'declareReachFirst']);

/**
 * The fix of an index keyed by a category, `ids` (the plan's: shards, a pre-warm, the quota raise a pre-warm past it
 * needs), led by the re-key: an attribute of many values the reads give, and, for a state (`sparseIndexKey`),
 * a sparse index keyed by such an attribute, since one keyed by the state puts every item it holds on one value (AWS,
 * "Take advantage of sparse indexes": the index holds the items that carry its key, each under that key's value). The
 * plan follows as the way to keep the category as the key (AWS's GSI write sharding for selective queries). Its edits
 * stay where they shard alone; where they pre-warm, none is written (`withheld`): warm throughput cannot be lowered, and
 * is billed for an alternative. Undefined where `a` is not such an index.
 */
export function categoricalIndexFirst(
  a: SpaceAnalysis,
  ids: readonly string[],
  edits: readonly DesignEdit[] | undefined,
): { readonly ids: readonly string[]; readonly data: MessageData; readonly withheld: boolean } | undefined {
  // A fix that first changes what the index is written (the table's copies, its own sparse copies, the reach of the
  // hot item's updates) sizes nothing of its key yet: the next lint judges the key on what is left.
  if (!categoricalIndex(a) || a.over.length === 0 || ids.length === 0 || WRITES_FIRST.has(ids[0])) return undefined;
  // Asked only of the index whose re-key leads: every other key space's fix reads no answer.
  const sparse = sparseIndexKey(a.design, a.space) !== undefined;
  const withheld = (edits ?? []).some(preWarms);
  return {
    ids: [
      'categoricalIndexReKey',
      ...(sparse ? ['categoricalIndexSparse'] : []),
      withheld ? 'categoricalIndexKeepUnwritten' : 'categoricalIndexKeep',
      ...ids.filter((id) => id !== 'orSparseIndex'),
    ],
    data: Object.assign(
      { categoricalKey: a.space.partitionKey.map((k) => k.name), index: a.space.index },
      // What --fix says of the finding it leaves (cli/fix.ts): a re-key, not the pre-warm.
      withheld ? { categoricalBy: 'name', categoricalWithheld: 'warm' } : {},
    ),
    withheld,
  };
}
