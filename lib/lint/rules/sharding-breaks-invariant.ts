import { ITEM_AGGREGATES } from '../../design/key-design';
import { ADVICE_MESSAGES, adviceFor, type AdviceId } from '../advice';
import type { SpaceAnalysis } from '../analysis';
import { brokenInvariants, PER_SHARD_CHECK_CAVEAT } from '../invariants';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

type Id = 'breaksAggregate' | 'breaksScope' | 'breaksCopies' | 'keepPerShard' | 'shardOnScope' | AdviceId;

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
  return broken.map((invariant) => {
    const aggregate = ITEM_AGGREGATES.has(invariant.kind);
    const messageId: Id = sharding.strategy === 'replicated' ? 'breaksCopies' : aggregate ? 'breaksAggregate' : 'breaksScope';
    const [fixId, ...fixNotes]: Id[] = keeps ? [...advice.ids] : [aggregate ? 'keepPerShard' : 'shardOnScope'];
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
    'A conditional write or running total on one item: it fires unless the invariant is kept per shard (`splitPerShard`).',
    'A Cosmos DB transactional batch or stored procedure: it fires when the shards separate its items; shards calculated on its `scopeAttribute` keep it.',
    'DynamoDB transactions (TransactWriteItems): they span partitions and never fire it.',
  ],
  rationale:
    'An invariant one operation keeps holds only within what that operation reaches atomically: a Cosmos DB logical partition (a transactional batch, a stored procedure), a DynamoDB item (a conditional write, an atomic counter). Sharding the key moves data out of that unit, so a check or total that must see the whole no longer can (stock sold twice, a balance below zero).',
  rationaleDetails: [
    'Cosmos DB: a transactional batch and a stored procedure run within one logical partition, so items on different shards cannot be written atomically: a cart split over 8 keys cannot be checked out in one batch, and replicated copies sit in separate logical partitions no batch spans (Azure: "Transactional batch operations"; "Stored procedures, triggers and UDFs").',
    'DynamoDB: a conditional write or atomic counter acts on one item: sharding the key moves the other items but not that one, or splits the aggregate into parts none of which knows the whole (AWS: "Conditional writes"; "Atomic counters").',
  ],
  fix: 'Keep the aggregate per shard (sub-balances, per-shard counters read together) and declare splitPerShard; shard a batch on the attribute its items share (scopeAttribute); or leave the key unsharded and accept that the invariant caps it at one partition, batching writes upstream.',
  sources: [
    SOURCES.cosmosTransactionalBatch,
    SOURCES.cosmosStoredProcedures,
    SOURCES.dynamoConditionalWrites,
    SOURCES.dynamoAtomicCounters,
    SOURCES.dynamoTransactions,
    SOURCES.dynamoSharding,
  ],
  messages: () => ({
    breaksAggregate:
      '{{key|key}} is {{strategy}}-sharded into {{declaredShards}} keys ({{shardingPath|code}}), but its {{kind|code}} invariant acts on one item: the shards either leave that item (and its writes) on one key, or split its aggregate into {{declaredShards}} parts none of which knows the whole',
    breaksScope:
      '{{key|key}} is {{strategy}}-sharded into {{declaredShards}} keys ({{shardingPath|code}}), but its {{kind|code}} runs within one logical partition: items the shards separate can no longer be written atomically',
    breaksCopies:
      '{{key|key}} is replicated into {{declaredShards}} copies ({{shardingPath|code}}), but its {{kind|code}} runs within one logical partition: no batch or stored procedure writes every copy atomically',
    keepPerShard: `keep the aggregate per shard ({{declaredShards}} sub-totals, each checked on its own and read together; ${PER_SHARD_CHECK_CAVEAT}) and declare splitPerShard: true; or remove the sharding and batch the writes upstream: the invariant caps the key at one partition`,
    shardOnScope:
      "calculate the shard on the attribute each call's items share (the invariant's scopeAttribute; declare sharding.sourceCardinality); or remove the sharding and batch the writes upstream: the invariant caps the key at one logical partition",
    ...ADVICE_MESSAGES,
  }),
  check(_design, { spaces }) {
    return spaces.flatMap(check);
  },
});
