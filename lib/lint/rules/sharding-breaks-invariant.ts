import { onKeyItem, sameAttribute } from '../../design/key-design';
import { ADVICE_MESSAGES, adviceFor, type AdviceId } from '../advice';
import type { SpaceAnalysis } from '../analysis';
import { brokenInvariants, itemScopeCandidate, PER_SHARD_CHECK_CAVEAT, totalUpdatedInPlace } from '../invariants';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

type Id =
  | 'breaksAggregate'
  | 'breaksItem'
  | 'breaksScope'
  | 'breaksCopies'
  | 'breaksKeyItem'
  | 'breaksKeyCall'
  | 'narrowKeyItem'
  | 'narrowKeyCall'
  | 'keepPerShard'
  | 'orScopeItem'
  | 'onRandomShards'
  | 'shardOnItem'
  | 'shardOnScope'
  | AdviceId;

/** One finding per declared invariant the declared sharding breaks. */
function check(a: SpaceAnalysis): RuleHit<Id>[] {
  const { design, space } = a;
  const sharding = space.sharding;
  if (!sharding) return [];
  const broken = brokenInvariants(design, space, sharding.strategy, sharding.sourceAttribute);
  if (broken.length === 0) return [];
  // The plan's fix, when it keeps the invariants (no sharding at this load, or shards on a batch's scope), applies as edits.
  const { plan } = a;
  const advice = adviceFor(a);
  const keeps = advice.edits !== undefined && (plan.layout === 'none' || brokenInvariants(design, space, plan.layout, plan.sourceAttribute).length === 0);
  const candidate = itemScopeCandidate(design, space);
  return broken.map((invariant) => {
    const aggregate = onKeyItem(invariant);
    // A conditional write on one item per its scopeAttribute (a seat of an event): shards calculated on it keep it.
    const item = !aggregate && invariant.kind === 'conditional-write';
    // A scopeAttribute naming the partition key is the whole key value: no shard of the key keeps it, and one calculated
    // on the key itself is refused (normalize), so the fix narrows the scope or keeps the key whole.
    const wholeKey = invariant.scopeAttribute !== undefined && space.partitionKey.some((a) => sameAttribute(a.name, invariant.scopeAttribute as string));
    const scoped: Id = wholeKey ? (item ? 'breaksKeyItem' : 'breaksKeyCall') : item ? 'breaksItem' : 'breaksScope';
    const messageId: Id = sharding.strategy === 'replicated' ? 'breaksCopies' : aggregate ? 'breaksAggregate' : scoped;
    // Where the condition may be on one item per a sort-key attribute a pattern gives, the scope that would keep it is named.
    const hint = aggregate && invariant.kind === 'conditional-write' && sharding.strategy !== 'replicated' && candidate !== undefined;
    // Calculated shards of an item updated in place put all its updates on one shard, split or not (SG018): say random.
    const drawn = aggregate && sharding.strategy === 'calculated' && totalUpdatedInPlace(design) === invariant;
    const own: Id[] = aggregate
      ? ['keepPerShard', ...(drawn ? (['onRandomShards'] as const) : []), ...(hint ? (['orScopeItem'] as const) : [])]
      : [wholeKey ? (item ? 'narrowKeyItem' : 'narrowKeyCall') : item ? 'shardOnItem' : 'shardOnScope'];
    const [fixId, ...fixNotes]: Id[] = keeps ? [...advice.ids] : own;
    return {
      path: invariant.path,
      messageId,
      fixId,
      fixNotes,
      data: Object.assign({}, keeps ? advice.data : {}, {
        key: space.partitionKey.map((k) => k.name),
        kind: invariant.kind,
        strategy: sharding.strategy,
        declaredShards: sharding.shards,
        description: invariant.description ?? '',
        shardingPath: sharding.path,
        ...(invariant.scopeAttribute !== undefined ? { scope: invariant.scopeAttribute } : {}),
        ...(hint ? { itemCandidate: candidate } : {}),
        ...(drawn ? { shardSource: sharding.sourceAttribute } : {}),
      }),
      edits: keeps ? advice.edits : undefined,
    };
  });
}

export const shardingBreaksInvariant = defineRule({
  id: 'SG019',
  title: 'sharding-breaks-invariant',
  summary: 'Sharding splits an invariant that must stay within one key value',
  severity: 'error',
  thresholds: [],
  fires: 'The partition key is sharded (or replicated) while the design declares an invariant that must stay within one key value.',
  firesAlso: [
    'A conditional write or running total on one item per key value: it fires unless the invariant is kept per shard (`splitPerShard`).',
    'A conditional write on one item per value of its `scopeAttribute` within the key value (a seat of an event, by `seatId`): it fires unless the shards are calculated on that attribute, which keeps each such item, and every write that checks it, on one shard.',
    'A Cosmos DB transactional batch or stored procedure: it fires when the shards separate its items; shards calculated on its `scopeAttribute` keep it.',
    'A `scopeAttribute` that names the partition key itself (a seat hold scoped by `/flightId` on a container keyed by `/flightId`): the scope is the whole key value, which no sharding of the key keeps, so the fix narrows the scope (an item per seat or per block of seats, the shards calculated on it) or keeps the key whole.',
    'DynamoDB transactions (TransactWriteItems): they span partitions and never fire it.',
    'A total updated in place (no `transaction` writes an entry of its own beside it) under calculated shards: the fix adds random shards, each update to a sub-total drawn at random, since every update names the same item and so the same calculated shard (SG018).',
  ],
  rationale:
    'An invariant one operation keeps holds only within what that operation reaches atomically: a Cosmos DB logical partition (a transactional batch, a stored procedure), a DynamoDB item (a conditional write, an atomic counter). Sharding the key moves data out of that unit, so a check or total that must see the whole no longer can (stock sold twice, a balance below zero).',
  rationaleDetails: [
    'Cosmos DB: a transactional batch and a stored procedure run within one logical partition, so items on different shards cannot be written atomically: a cart split over 8 keys cannot be checked out in one batch, and replicated copies sit in separate logical partitions no batch spans (Azure: "Transactional batch operations"; "Stored procedures, triggers and UDFs").',
    'DynamoDB: a conditional write or atomic counter acts on one item: sharding the key moves the other items but not that one, or splits the aggregate into parts none of which knows the whole (AWS: "Conditional writes"; "Atomic counters").',
    'DynamoDB: a condition expression is checked on the one item the write names by its primary key (AWS: "Condition expressions"), so a condition on one item per sort-key value (a seat of an event: `scopeAttribute: "seatId"`) holds on shards calculated on that attribute (the writer computes the item’s one shard); under random shards the writer cannot know which suffix the item was written with (AWS: "Using write sharding to distribute workloads evenly"), so the same seat can be held on two shards.',
  ],
  fix: "Keep the aggregate per shard (sub-balances, per-shard counters read together) and declare splitPerShard; calculate a batch's shards on the attribute its items share, a conditional write's on the attribute of the one item it checks (scopeAttribute). A scope that is the partition key itself no shard keeps: narrow it (a seat, a block of seats), or leave the key unsharded.",
  sources: [
    SOURCES.cosmosTransactionalBatch,
    SOURCES.cosmosStoredProcedures,
    // A condition on one Cosmos DB item is an If-Match on its ETag: a scope that is the whole key value is that one item.
    SOURCES.cosmosOptimisticConcurrency,
    SOURCES.dynamoConditionalWrites,
    SOURCES.dynamoConditionExpressions,
    SOURCES.dynamoAtomicCounters,
    SOURCES.dynamoTransactions,
    SOURCES.dynamoSharding,
    // The fix's count assumes its keys hash onto different partitions (hashed-keys.ts): what each engine does when two do not.
    SOURCES.dynamoAdaptive,
    SOURCES.cosmosPartitioning,
  ],
  messages: () => ({
    breaksAggregate:
      '{{key|key}} is {{strategy}}-sharded into {{declaredShards}} keys ({{shardingPath|code}}), but its {{kind|code}} invariant acts on one item: the shards either leave that item (and its writes) on one key, or split its aggregate into {{declaredShards}} parts none of which knows the whole',
    breaksItem:
      '{{key|key}} is {{strategy}}-sharded into {{declaredShards}} keys ({{shardingPath|code}}), but its {{kind|code}} is on one item per {{scope|code}}: shards not calculated on {{scope|code}} send each write of that item to any shard, whose condition does not see the item as written on another, so the same item can pass its condition twice',
    breaksKeyItem:
      "{{key|key}} is {{strategy}}-sharded into {{declaredShards}} keys ({{shardingPath|code}}), but its {{kind|code}}'s scopeAttribute {{scope|code}} is the partition key itself: the condition is on one item per {{key|key}} value, which every write of that value must check in its one logical partition (an If-Match is on one item's ETag), so no sharding of {{key|key}} keeps it: the shards either leave that item (and every write that checks it) on one key, or split it into {{declaredShards}} parts none of which knows the whole, and a shard calculated on {{scope|code}} splits nothing (the linter refuses it)",
    breaksKeyCall:
      "{{key|key}} is {{strategy}}-sharded into {{declaredShards}} keys ({{shardingPath|code}}), but its {{kind|code}}'s scopeAttribute {{scope|code}} is the partition key itself: each call's items share the whole {{key|key}} value and run within its one logical partition, so no sharding of {{key|key}} keeps it, and a shard calculated on {{scope|code}} splits nothing (the linter refuses it)",
    breaksScope:
      '{{key|key}} is {{strategy}}-sharded into {{declaredShards}} keys ({{shardingPath|code}}), but its {{kind|code}} runs within one logical partition: items the shards separate can no longer be written atomically',
    breaksCopies:
      '{{key|key}} is replicated into {{declaredShards}} copies ({{shardingPath|code}}), but its {{kind|code}} runs within one logical partition: no batch or stored procedure writes every copy atomically',
    keepPerShard: `keep the aggregate per shard ({{declaredShards}} sub-totals, each checked on its own and read together; ${PER_SHARD_CHECK_CAVEAT}) and declare splitPerShard: true; or remove the sharding and batch the writes upstream: the invariant caps the key at one partition`,
    onRandomShards:
      '; and make the shards random, each update to a sub-total drawn at random: every write updates that one item in place, whose {{shardSource}} never changes, so shards calculated on it put every update on one shard (SG018)',
    orScopeItem:
      "; if the condition is on one item per {{itemCandidate|code}} (each {{itemCandidate|code}}'s own item, not one aggregate of the {{key|key}} value), declare scopeAttribute: {{itemCandidate|code}} on it and calculate the shards on {{itemCandidate|code}}: each such item then stays on one shard, so the condition holds",
    shardOnItem:
      "calculate the shard on {{scope|code}} (the invariant's scopeAttribute; declare sharding.sourceCardinality): each item, and every write that checks it, then stays on one shard; or remove the sharding and batch the writes upstream: the invariant caps the key at one partition",
    narrowKeyItem:
      'narrow the scope, if the condition allows: give each unit it guards an item of its own (a seat, or a block of seats, within one {{key|key}} value), declare scopeAttribute on the attribute that identifies it, and calculate the shards on that attribute (sharding.sourceAttribute, with sharding.sourceCardinality): each such item, and every write that checks it, then stays on one shard; or give each shard a disjoint part of it (a block of seats per shard, the shards calculated on the attribute naming the block), remove scopeAttribute and declare splitPerShard: true; or remove the sharding and keep the key whole, serving its load another way (batch the writes upstream; a cache or more RU/s for its reads): the invariant caps the key at one logical partition',
    narrowKeyCall:
      "narrow the scope, if the calls allow: declare as scopeAttribute an attribute each call's items share within one {{key|key}} value (one order of a tenant) and calculate the shards on it (sharding.sourceAttribute, with sharding.sourceCardinality): each call then stays on one shard; or remove the sharding and keep the key whole, serving its load another way (batch the writes upstream; a cache or more RU/s for its reads): the invariant caps the key at one logical partition",
    shardOnScope:
      "calculate the shard on the attribute each call's items share (the invariant's scopeAttribute; declare sharding.sourceCardinality); or remove the sharding and batch the writes upstream: the invariant caps the key at one logical partition",
    ...ADVICE_MESSAGES,
  }),
  check(_design, { spaces }) {
    return spaces.flatMap(check);
  },
});
