import type { KeySpace } from '../../design/key-design';
import { nearestToCeiling } from '../../design/sharding';
import { ADVICE_MESSAGES, adviceFor, type AdviceId } from '../advice';
import type { DesignAnalysis, SpaceAnalysis } from '../analysis';
import { unshardedShortOfGrowth } from '../growth-headroom';
import { shardsMaySpreadHotItem } from '../inherited-writes';
import { hotValueGrowth, unshardedDimensions } from '../physical-partition';
import { acknowledgementOf, defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

type Id = 'needlessShards' | 'needlessShardsIdle' | 'needlessCopies' | 'needlessCopiesIdle' | 'growthRoom' | AdviceId;

export const needlessSharding = defineRule({
  id: 'SG007',
  title: 'needless-sharding',
  summary: 'Sharding declared on a key whose load fits unsharded: reads fan out for nothing',
  severity: 'warning',
  thresholds: ['headroom', 'minGrowthHeadroom'],
  fires:
    'Sharding (or replication) is declared on a key whose hottest value is under the usable ceiling unsharded and whose largest partition needs no split — on any key, time buckets and few-valued keys included. A few key values (SG001) or a dominant value (SG014) alone do not call for sharding: they warn, with the growth left before the ceiling.',
  rationale:
    'A key whose hottest value fits its partition gains nothing from more stored keys: every read of a logical key becomes a fan-out of N queries (DynamoDB: N requests; Cosmos DB: N× the RU), and replicated copies make every write N× (AWS: "Using write sharding to distribute workloads evenly"; Azure: "Create a synthetic partition key"). Size N from the peak, not "more is safer".',
  fix: 'Remove the sharding; each read of a key goes back to one query, and the access patterns that fanned out over the shards drop `fanOut` (and `wants: "any"`, which picks a shard). Remove replicated copies; each write goes back to one item, and one entry in each index it carries (an index over its ceiling only because of them is offered the same fix).',
  firesAlso: [
    "Not where, unsharded, the hottest value would be short of minGrowthHeadroom (1.5×) as SG014 judges it (its partition saturates before traffic grows that much, and the value alone could not grow that much either): the shards keep the growth the design asks for, and their removal would only trade this finding for SG014's. Not so on one physical partition (every shard sits on it: they buy no growth) nor in a container past its usable RU/s (SG017's).",
    "Not on a random-sharded GSI that declares its own write peak where, read as taking every table write, the table's hottest item's updates would put its unsharded key over one key's ceiling: the declared figure may count them (each a delete and a put on a redrawn shard), and without the shards they all land on one index value.",
  ],
  fixDetails: [
    "The message gives the growth before the unsharded key reaches its usable line, which already keeps the headroom (and, on DynamoDB, its neighbours' expected load): 333.33 WCU beside 416.67 is 750 of a 1,000 WCU partition, within 80%. A sharding kept for growth expected sooner is acknowledged with that reason, and every rule then judges the key as sharded.",
  ],
  sources: [SOURCES.dynamoSharding, SOURCES.dynamoGsiThroughput, SOURCES.cosmosPartitioning, SOURCES.cosmosSynthetic],
  messages: () => ({
    needlessShards:
      '{{key|key}}{{index|onIndex}} is {{strategy}}-sharded into {{declaredShards}} keys, but its hottest value peaks at {{hotLoad}} {{unit}}, under the usable {{usable}} {{unit}} on one key: every read of a key fans out {{declaredShards}} ways for nothing',
    needlessShardsIdle:
      '{{key|key}}{{index|onIndex}} is {{strategy}}-sharded into {{declaredShards}} keys, but none of the declared traffic reaches its hottest value: every read of a key fans out {{declaredShards}} ways for nothing',
    needlessCopies:
      '{{key|key}}{{index|onIndex}} is replicated into {{declaredShards}} keys, but its hottest value peaks at {{hotLoad}} {{unit}}, under the usable {{usable}} {{unit}} on one key: every write costs {{declaredShards}}× for nothing',
    needlessCopiesIdle:
      '{{key|key}}{{index|onIndex}} is replicated into {{declaredShards}} keys, but none of the declared traffic reaches its hottest value: every write costs {{declaredShards}}× for nothing',
    // The usable line already keeps the headroom (and, on DynamoDB, the neighbours' expected load): how far the traffic
    // can grow before the unsharded key reaches it, the key's one growth factor (SG001's and SG014's, hotValueGrowth).
    growthRoom:
      "; unsharded, it stays under that usable line, which keeps the {{headroom|percent}} headroom{{?neighbourLoad}} with its neighbours' expected {{neighbourLoad}} {{unit}} counted{{/neighbourLoad}}, until traffic grows {{growthToCeiling}}× (the key's one growth factor, as SG001 and SG014 give it): keep the shards only for growth expected sooner, and acknowledge this finding with that reason",
    ...ADVICE_MESSAGES,
  }),
  check(_design, { spaces }) {
    return spaces.flatMap((a): RuleHit<Id>[] => {
      // The plan is made only for a sharded key: an unsharded one has nothing to remove.
      const { space } = a;
      if (!space.sharding || !shardingNeedless(a)) return [];
      const worst = nearestToCeiling(unshardedDimensions(a));
      const { strategy, shards } = space.sharding;
      const advice = adviceFor(a);
      const [fixId, ...fixNotes] = advice.ids;
      const idle = worst.load === 0;
      const growth = hotValueGrowth(a);
      const room = !idle && Number.isFinite(growth);
      return [
        {
          path: space.sharding.path,
          index: space.index,
          messageId: strategy === 'replicated' ? (idle ? 'needlessCopiesIdle' : 'needlessCopies') : idle ? 'needlessShardsIdle' : 'needlessShards',
          ...(room ? { notes: ['growthRoom' as const] } : {}),
          fixId,
          fixNotes,
          data: Object.assign({}, advice.data, {
            index: space.index,
            strategy,
            declaredShards: shards,
            ...(idle ? {} : { hotLoad: worst.load, usable: worst.usable, unit: worst.unit }),
            ...(room
              ? {
                  growthToCeiling: growth,
                  headroom: a.design.thresholds.headroom,
                  ...(worst.neighbours && worst.neighbours.load > 0 ? { neighbourLoad: worst.neighbours.load } : {}),
                }
              : {}),
            shards: 1,
          }),
          edits: advice.edits,
        },
      ];
    });
  },
});

/**
 * Whether the design keeps `space`'s sharding although its load fits without it: SG007's finding there is acknowledged
 * (a reason such as "the shards stay for the growth the sale brings"), or SG007 is turned off for the project
 * (`rules: { SG007: 'off' }`). --fix never applies an acknowledged finding's edits, and a rule turned off gives none, so
 * a rule that sizes its own fix on the design SG007's removal leaves (SG017) sizes it on the sharding as declared
 * instead, where that removal will not happen.
 */
export function shardingKeptOnPurpose(analysis: DesignAnalysis, space: KeySpace): boolean {
  const { design } = analysis;
  return analysis.rulesOff.has(needlessSharding.id) || acknowledgementOf(design.acknowledgements, needlessSharding.id, space.index) !== undefined;
}

/**
 * A sharding the load does not need (the plan's layout `none`) that the design keeps on purpose (`shardingKeptOnPurpose`),
 * with every stored key fitting: the design as declared, which every rule judges sharded. The rules that speak of the
 * unsharded key SG007's fix would leave (SG001's few values, SG014's dominant value, with their growth) stay silent
 * there, as they are on a sharding the load needs: the sharded key is the one that takes the traffic (else SG001
 * would warn "saturated when traffic grows 1.07×" of a status key kept in 20 shards, while SG017 counts the shards).
 */
export function needlessShardingKept(a: SpaceAnalysis): boolean {
  if (a.space.sharding === undefined || a.plan.layout !== 'none' || a.over.length > 0) return false;
  return shardingKeptOnPurpose(a.owner, a.space) || unshardedShortOfGrowth(a);
}

/**
 * Whether a sharded key space's sharding is what SG007 finds needless: its plan needs none, and (a GSI that declares its
 * own writes) the shards are not what spreads the table's hottest item's updates (`shardsMaySpreadHotItem`).
 */
export function shardingNeedless(a: SpaceAnalysis): boolean {
  return a.plan.layout === 'none' && !shardsMaySpreadHotItem(a) && !unshardedShortOfGrowth(a);
}
