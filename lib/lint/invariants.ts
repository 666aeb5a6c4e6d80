/**
 * Invariants that only hold within one key value (see `InvariantDesign`), and what a key layout does
 * to them. A condition or running total on one item cannot follow writes sharded over N keys unless
 * the aggregate is kept per shard; a conditional write on one item per value of an attribute within the key value (its
 * `scopeAttribute`, a seat's `seatId`) checks that item alone, so shards calculated on that attribute keep it; a Cosmos
 * DB transactional batch or stored procedure runs within one
 * logical partition, so shards keep it only when each call's items share the shard's source. DynamoDB's
 * TransactWriteItems spans partitions and survives any sharding.
 */
import type { Invariant, InvariantKind, KeyDesign, KeySpace } from '../design/key-design';
import { ITEM_AGGREGATES, onKeyItem, sameAttribute } from '../design/key-design';
import type { KeyLayout } from '../design/sharding';
import { profileOf } from '../engines';
import { withoutUncountedFanOut } from './uncounted-fan-out';

/**
 * What a per-shard aggregate costs: a condition checked on each shard's part alone (a ledger's
 * balance ≥ 0) refuses a write the whole would allow when the rest sits in another shard.
 */
export const PER_SHARD_CHECK_CAVEAT =
  'a condition checked on one sub-total alone (balance ≥ 0) refuses a write the whole would allow when the rest sits in another shard: move amounts between shards, or check the total before the write';

/** The clauses a fix adds to keep an invariant (part of ADVICE_MESSAGES, so every plan-giving rule can say them). */
export const INVARIANT_ADVICE_MESSAGES = {
  splitAggregate: `; the {{aggregateKinds|code}} on one item ({{aggregatePaths|code}}) cannot follow the shards: keep it per shard ({{subTotals}} sub-totals, each checked on its own and read together; ${PER_SHARD_CHECK_CAVEAT}) and declare splitPerShard, or batch its updates upstream; until then it caps the key at one partition's ceiling`,
  orItemScope:
    "; if the condition of {{conditionPaths|code}} is on one item per {{itemCandidate|code}} (each {{itemCandidate|code}}'s own item, such as an attribute_not_exists check on the item being put, not one aggregate of the {{key|key}} value), declare scopeAttribute: {{itemCandidate|code}} on it instead (scopeAttribute names the attribute that identifies, within one {{key|key}} value, the one item the condition checks): shards calculated on {{itemCandidate|code}} keep each such item whole on one shard, so that condition holds without a split",
  itemScopeCapsKey:
    "; but the {{itemKinds|code}} on one item per {{itemScopes|code}} ({{itemPaths|code}}) holds only where every write of that item finds it on one shard, which these shards do not: calculate them on {{itemScopes|code}} (with sharding.sourceCardinality), or batch the writes upstream; until then it caps the key at one partition's ceiling",
  // A conditional write scoped by the partition key itself is one item per key value: no shard of the key keeps it.
  keyScopeCapsKey:
    "; but the {{keyScopeKinds|code}} ({{keyScopePaths|code}}) is scoped by {{keyScopes|code}}, the partition key itself: its condition is on one item per {{key|key}} value, which every write of that value must check in its one logical partition, so no shard of {{key|key}} keeps it (a shard calculated on the key itself splits nothing): narrow its scope to an item per unit it guards within the value (a seat, or a block of seats), declared as its scopeAttribute, and calculate the shards on that attribute; or give each shard a disjoint part of it (remove scopeAttribute and declare splitPerShard: true); or batch the writes upstream; until then it caps the key at one partition's ceiling",
  scopeRulesOutRandom:
    "the {{scopedKinds|code}} ({{scopedPaths|code}}) must run within one {{key|key}} value, which random shards would split: shard {{key|key}} into N = {{shards}} shards calculated on its scopeAttribute (the attribute each call's items share, declared with sharding.sourceCardinality) so that each call stays on one shard, or batch the writes upstream; until then it caps the key at one partition's ceiling",
  randomSubTotals:
    '; each update of the {{inPlaceKind|code}} ({{inPlacePath|code}}) goes to one of the {{subTotals}} sub-totals, one per shard, drawn at random on each update, and a read sums all {{subTotals}}: every such write updates that one item in place, so a shard hashed from any attribute of it would name one shard for all of them',
  scopeCapsKey:
    "; but the {{scopedKinds|code}} ({{scopedPaths|code}}) must run within one {{key|key}} value, which sharding splits: shard on its scopeAttribute (the attribute each call's items share, with sharding.sourceCardinality), or batch the writes upstream; until then it caps the key at one partition's ceiling",
  // Copies are no split of an aggregate: every copy holds the whole item, with a version of its own (copiesBreak).
  copiesBreakItem:
    "; but the {{copiedItemKinds|code}} ({{copiedItemPaths|code}}) checks one item, and {{shards}} replicated copies make {{shards}} items of every document, each with its own ETag: a write conditioned on one copy does not see the others, so a document can be claimed or changed once per copy (a queue item picked up {{shards}} times), and no splitPerShard or scopeAttribute keeps it: shard instead, or batch its writes upstream; until then it caps the key at one partition's ceiling",
  copiesSplitCall:
    "; but the {{copiedCallKinds|code}} ({{copiedCallPaths|code}}) runs within one logical partition, and each of the {{shards}} replicated copies is a logical partition of its own, which no call spans: what one call writes is not written to the copies atomically: shard on its scopeAttribute instead, or batch its writes upstream; until then it caps the key at one partition's ceiling",
  // A scope that is the key value itself (none declared, or the partition key named): no shard of the key keeps it.
  wholeKeyCall:
    'the {{wholeKeyKinds|code}} ({{wholeKeyPaths|code}}) runs within one logical partition, and its items share the whole {{key|key}} value ({{wholeKeyScope|none=no scopeAttribute declared|key=its scopeAttribute is the partition key itself}}), so no sharding of {{key|key}} keeps it (a shard calculated on the key itself splits nothing, and the linter refuses it): keep the key whole and ',
} as const;

export type InvariantAdviceId = keyof typeof INVARIANT_ADVICE_MESSAGES;

/** Kinds that write several items together: DynamoDB TransactWriteItems, a Cosmos DB transactional batch or stored procedure. */
const MULTI_ITEM_WRITES: ReadonlySet<InvariantKind> = new Set(['transaction', 'transactional-batch', 'stored-procedure']);

/**
 * The invariant whose one item every write of a key value updates in place (a view counter, a stock level: a running
 * total, or a condition on one aggregate item), where no declared multi-item write carries an item of its own beside
 * that update; undefined otherwise. A calculated shard is a number computed from an attribute of what is written (AWS,
 * "Using write sharding to distribute workloads evenly"), and an update in place ("Atomic counters": UpdateItem ADD on
 * the item its key names) writes nothing but that one item, whose attributes never change: hash(source) mod N names
 * the same shard for every update, and per-shard sub-totals chosen that way are one sub-total. Only a shard drawn at
 * random on each update spreads them (N sub-counters, a read sums them). A posting that writes its own entry and the
 * total together (a ledger's TransactWriteItems) can update the sub-total of the entry's shard instead, so its source
 * varies: a declared `transaction` (or Cosmos DB batch or stored procedure) says so.
 */
export function totalUpdatedInPlace(design: KeyDesign): Invariant | undefined {
  if (design.invariants.some((i) => MULTI_ITEM_WRITES.has(i.kind))) return undefined;
  return design.invariants.find(onKeyItem);
}

/** The invariants of a key space: only the table's or container's own key holds any (an index is a projection). */
export function invariantsOf(design: KeyDesign, space: KeySpace): readonly Invariant[] {
  return space === design.primaryKey ? design.invariants : [];
}

/**
 * Whether storing the key under `layout` (N keys; `source` for calculated shards) breaks `invariant`.
 * Replicated copies on Cosmos DB sit in separate logical partitions that no batch spans. On DynamoDB a
 * conditional write or a running total holds across copies only when every write updates all of them in
 * one TransactWriteItems (each item at twice the WCU), which a plain "replicate" fix does not arrange: it
 * is reported, not applied.
 */
export function breaks(design: KeyDesign, invariant: Invariant, layout: KeyLayout | 'cache', source: string | undefined): boolean {
  if (layout === 'none' || layout === 'cache') return false;
  if (invariant.kind === 'transaction') return false; // DynamoDB TransactWriteItems spans partitions
  if (layout === 'replicated') return !profileOf(design.engine).transactionsSpanKeys || ITEM_AGGREGATES.has(invariant.kind);
  if (onKeyItem(invariant)) return !invariant.splitPerShard;
  // A batch or stored procedure: its items stay together when the shard is calculated from their shared attribute; a
  // conditional write's one item (and every write that checks it) stays on one shard when it is calculated from the
  // attribute that identifies the item.
  return !(layout === 'calculated' && source !== undefined && invariant.scopeAttribute !== undefined && sameAttribute(source, invariant.scopeAttribute));
}

/** The invariants of `space` that `layout` breaks. */
export function brokenInvariants(design: KeyDesign, space: KeySpace, layout: KeyLayout | 'cache', source: string | undefined): readonly Invariant[] {
  return invariantsOf(design, space).filter((i) => breaks(design, i, layout, source));
}

/**
 * The clauses (and data) a fix adds for the invariants its layout would break; empty when it keeps them.
 * A fix that breaks one must not carry edits: applied as written it would silently lose atomicity.
 * `itemCandidate`: the sort-key attribute an access pattern gives by equality, named to each conditional write on one item
 * per key value (beside a running total or not) as the scope it may mean instead (a seat of an event, a posting's own
 * item), which shards calculated on it would keep.
 */
export function invariantClauses(
  broken: readonly Invariant[],
  itemCandidate?: string,
  layout?: KeyLayout | 'cache',
  keyNames: readonly string[] = [],
): { readonly ids: InvariantAdviceId[]; readonly data: Record<string, readonly string[] | string> } {
  if (layout === 'replicated') return copiesBreak(broken);
  const aggregates = broken.filter(onKeyItem);
  const scopedByKey = (i: Invariant) => i.scopeAttribute !== undefined && keyNames.some((name) => sameAttribute(name, i.scopeAttribute as string));
  const keyItems = broken.filter((i) => !onKeyItem(i) && ITEM_AGGREGATES.has(i.kind) && scopedByKey(i));
  const items = broken.filter((i) => !onKeyItem(i) && ITEM_AGGREGATES.has(i.kind) && !scopedByKey(i));
  const scoped = broken.filter((i) => !ITEM_AGGREGATES.has(i.kind));
  const ids: InvariantAdviceId[] = [];
  let data: Record<string, readonly string[] | string> = {};
  if (aggregates.length > 0) {
    ids.push('splitAggregate');
    data = Object.assign({}, data, { aggregateKinds: unique(aggregates.map((i) => i.kind)), aggregatePaths: aggregates.map((i) => i.path) });
    // A conditional write among them may be on each item's own (a posting's idempotency check), beside a running total.
    const conditions = aggregates.filter((i) => i.kind === 'conditional-write');
    if (itemCandidate !== undefined && conditions.length > 0) {
      ids.push('orItemScope');
      data = Object.assign({}, data, { itemCandidate, conditionPaths: conditions.map((i) => i.path) });
    }
  }
  if (items.length > 0) {
    ids.push('itemScopeCapsKey');
    data = Object.assign({}, data, {
      itemKinds: unique(items.map((i) => i.kind)),
      itemScopes: unique(items.map((i) => i.scopeAttribute ?? '')),
      itemPaths: items.map((i) => i.path),
    });
  }
  if (keyItems.length > 0) {
    ids.push('keyScopeCapsKey');
    data = Object.assign({}, data, {
      keyScopeKinds: unique(keyItems.map((i) => i.kind)),
      keyScopes: unique(keyItems.map((i) => i.scopeAttribute ?? '')),
      keyScopePaths: keyItems.map((i) => i.path),
    });
  }
  if (scoped.length > 0) {
    ids.push('scopeCapsKey');
    data = Object.assign({}, data, { scopedKinds: unique(scoped.map((i) => i.kind)), scopedPaths: scoped.map((i) => i.path) });
  }
  return { ids, data };
}

/**
 * The attribute a conditional write on one item per key value may in fact be scoped by: the first sort-key attribute of
 * `space` that an access pattern on it gives by equality (the item a write looks up); undefined without one.
 */
export function itemScopeCandidate(design: KeyDesign, space: KeySpace): string | undefined {
  if (space !== design.primaryKey) return undefined;
  const named = (name: string) => design.accessPatterns.some((p) => p.index === undefined && p.keyAttributes.some((k) => sameAttribute(k, name)));
  return space.sortKey.find((a) => named(a.name))?.name;
}

/**
 * What replicated copies do to the invariants they break, by kind: a copy is no part of an aggregate (no sub-total,
 * nothing to split per shard) but a whole item of its own, in a logical partition of its own. A conditional write or a
 * running total checks one item's version (Cosmos DB's optimistic concurrency: an If-Match on that item's _etag,
 * https://learn.microsoft.com/azure/cosmos-db/nosql/database-transactions-optimistic-concurrency; DynamoDB's condition
 * on the one item a write names), so a write to one copy never sees another's; a transactional batch or stored
 * procedure runs within one logical partition (https://learn.microsoft.com/azure/cosmos-db/nosql/transactional-batch),
 * so no call writes two copies atomically.
 */
function copiesBreak(broken: readonly Invariant[]): { readonly ids: InvariantAdviceId[]; readonly data: Record<string, readonly string[] | string> } {
  const items = broken.filter((i) => ITEM_AGGREGATES.has(i.kind));
  const calls = broken.filter((i) => !ITEM_AGGREGATES.has(i.kind));
  const ids: InvariantAdviceId[] = [];
  const data: Record<string, readonly string[] | string> = {};
  if (items.length > 0) {
    ids.push('copiesBreakItem');
    Object.assign(data, { copiedItemKinds: unique(items.map((i) => i.kind)), copiedItemPaths: items.map((i) => i.path) });
  }
  if (calls.length > 0) {
    ids.push('copiesSplitCall');
    Object.assign(data, { copiedCallKinds: unique(calls.map((i) => i.kind)), copiedCallPaths: calls.map((i) => i.path) });
  }
  return { ids, data };
}

/**
 * The batches and stored procedures of `space` whose items share the whole key value: no scopeAttribute, or one naming a
 * partition-key attribute (every item of a key value has the same value of it). A transactional batch runs within one
 * logical partition (https://learn.microsoft.com/azure/cosmos-db/nosql/transactional-batch), so no shard of the key
 * keeps such a call whole, and a shard calculated on the key itself is refused (normalize: it would split nothing).
 */
export function wholeKeyCalls(design: KeyDesign, space: KeySpace): readonly Invariant[] {
  return invariantsOf(design, space).filter(
    (i) =>
      !ITEM_AGGREGATES.has(i.kind) &&
      i.kind !== 'transaction' &&
      (i.scopeAttribute === undefined || space.partitionKey.some((a) => sameAttribute(a.name, i.scopeAttribute as string))),
  );
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** What a fix looks like to the hook below: clause ids, their data, and edits that apply it. */
interface FixAdvice {
  readonly ids: readonly string[];
  readonly data: Readonly<Record<string, unknown>>;
  readonly edits?: readonly unknown[];
}

/**
 * The count of stored keys a fix shards the key into, whichever lever names it: the plan's N (`shards`), or, where no
 * count fits within the default table-level quota, the one that fits at the warm throughput past it (`pastQuotaShards`,
 * warm-partitions.ts `pastQuotaLever`), which the fix offers in place of the plan's. Undefined where it shards nothing.
 */
function shardsOffered(data: Readonly<Record<string, unknown>>): number | undefined {
  const offered = data.pastQuotaShards ?? data.shards;
  return typeof offered === 'number' && offered > 1 ? offered : undefined;
}

/**
 * A plan's fix, made to keep the design's invariants: when its layout would break one, it says how to
 * keep it (split the aggregate per shard, shard on the batch's scope, or accept the one-partition cap)
 * and loses its edits, so `--fix` never applies a sharding that silently breaks atomicity.
 */
export function keepingInvariants<A extends FixAdvice>(
  design: KeyDesign,
  space: KeySpace,
  layout: KeyLayout | 'cache',
  source: string | undefined,
  advice: A,
): A {
  // A fix without a count (no N serves, a cache) shards nothing. Every lever that names one is checked here, so none
  // (a launch pre-warm past the quota, `pastQuotaShards`) offers shards without the invariant's advice.
  const subTotals = shardsOffered(advice.data);
  if (subTotals === undefined) return advice;
  const broken = brokenInvariants(design, space, layout, source);
  // Random shards for an item updated in place, where the design does not draw them already: say how its updates spread
  // (the sub-total drawn per update), kept per shard or not.
  const drawsAlready = space.sharding?.strategy === 'random';
  const inPlace = layout === 'random' && space === design.primaryKey && !drawsAlready ? totalUpdatedInPlace(design) : undefined;
  if (broken.length === 0 && !inPlace) return advice;
  const clauses = invariantClauses(
    broken,
    itemScopeCandidate(design, space),
    layout,
    space.partitionKey.map((a) => a.name),
  );
  const ids = inPlace ? [...clauses.ids, 'randomSubTotals' as const] : clauses.ids;
  const data = Object.assign({ subTotals }, clauses.data, inPlace ? { inPlaceKind: inPlace.kind, inPlacePath: inPlace.path } : {});
  // An invariant the shards would break withholds the edits whatever the reads' size: no clause asks for resultKb then.
  const base = broken.length > 0 ? withoutUncountedFanOut(advice) : advice;
  return Object.assign({}, base, {
    ids: [...base.ids, ...ids],
    data: Object.assign({}, base.data, data),
    edits: broken.length > 0 ? undefined : advice.edits,
  });
}
