/**
 * Invariants that only hold within one key value (see `InvariantDesign`), and what a key layout does
 * to them. A condition or running total on one item cannot follow writes sharded over N keys unless
 * the aggregate is kept per shard; a Cosmos DB transactional batch or stored procedure runs within one
 * logical partition, so shards keep it only when each call's items share the shard's source. DynamoDB's
 * TransactWriteItems spans partitions and survives any sharding.
 */
import type { Invariant, KeyDesign, KeySpace } from '../design/key-design';
import { ITEM_AGGREGATES, sameAttribute } from '../design/key-design';
import type { KeyLayout } from '../design/sharding';
import { profileOf } from '../engines';

/**
 * What a per-shard aggregate costs: a condition checked on each shard's part alone (a ledger's
 * balance ≥ 0) refuses a write the whole would allow when the rest sits in another shard.
 */
export const PER_SHARD_CHECK_CAVEAT =
  'a condition checked on one sub-total alone (balance ≥ 0) refuses a write the whole would allow when the rest sits in another shard: move amounts between shards, or check the total before the write';

/** The clauses a fix adds to keep an invariant (part of ADVICE_MESSAGES, so every plan-giving rule can say them). */
export const INVARIANT_ADVICE_MESSAGES = {
  splitAggregate: `; the {{aggregateKinds|code}} on one item ({{aggregatePaths|code}}) cannot follow the shards: keep it per shard ({{shards}} sub-totals, each checked on its own and read together; ${PER_SHARD_CHECK_CAVEAT}) and declare splitPerShard, or batch its updates upstream; until then it caps the key at one partition's ceiling`,
  scopeRulesOutRandom:
    "the {{scopedKinds|code}} ({{scopedPaths|code}}) must run within one {{key|key}} value, which random shards would split: shard {{key|key}} into N = {{shards}} shards calculated on its scopeAttribute (the attribute each call's items share, declared with sharding.sourceCardinality) so that each call stays on one shard, or batch the writes upstream; until then it caps the key at one partition's ceiling",
  scopeCapsKey:
    "; but the {{scopedKinds|code}} ({{scopedPaths|code}}) must run within one {{key|key}} value, which sharding splits: shard on its scopeAttribute (the attribute each call's items share, with sharding.sourceCardinality), or batch the writes upstream; until then it caps the key at one partition's ceiling",
} as const;

export type InvariantAdviceId = keyof typeof INVARIANT_ADVICE_MESSAGES;

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
  if (ITEM_AGGREGATES.has(invariant.kind)) return !invariant.splitPerShard;
  // A batch or stored procedure: its items stay together when the shard is calculated from their shared attribute.
  return !(layout === 'calculated' && source !== undefined && invariant.scopeAttribute !== undefined && sameAttribute(source, invariant.scopeAttribute));
}

/** The invariants of `space` that `layout` breaks. */
export function brokenInvariants(design: KeyDesign, space: KeySpace, layout: KeyLayout | 'cache', source: string | undefined): readonly Invariant[] {
  return invariantsOf(design, space).filter((i) => breaks(design, i, layout, source));
}

/**
 * The clauses (and data) a fix adds for the invariants its layout would break; empty when it keeps them.
 * A fix that breaks one must not carry edits: applied as written it would silently lose atomicity.
 */
export function invariantClauses(broken: readonly Invariant[]): { readonly ids: InvariantAdviceId[]; readonly data: Record<string, readonly string[]> } {
  const aggregates = broken.filter((i) => ITEM_AGGREGATES.has(i.kind));
  const scoped = broken.filter((i) => !ITEM_AGGREGATES.has(i.kind));
  const ids: InvariantAdviceId[] = [];
  let data: Record<string, readonly string[]> = {};
  if (aggregates.length > 0) {
    ids.push('splitAggregate');
    data = Object.assign({}, data, { aggregateKinds: unique(aggregates.map((i) => i.kind)), aggregatePaths: aggregates.map((i) => i.path) });
  }
  if (scoped.length > 0) {
    ids.push('scopeCapsKey');
    data = Object.assign({}, data, { scopedKinds: unique(scoped.map((i) => i.kind)), scopedPaths: scoped.map((i) => i.path) });
  }
  return { ids, data };
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
  // A fix without a count (no N serves, a cache) shards nothing.
  const broken = advice.data.shards === undefined ? [] : brokenInvariants(design, space, layout, source);
  if (broken.length === 0) return advice;
  const clauses = invariantClauses(broken);
  return Object.assign({}, advice, { ids: [...advice.ids, ...clauses.ids], data: Object.assign({}, advice.data, clauses.data), edits: undefined });
}
