import { nearestToCeiling } from '../../design/sharding';
import { adviceFor } from '../advice';
import { fmt, keyName, onIndex } from '../format';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

export const needlessSharding = defineRule({
  id: 'SG007',
  title: 'needless-sharding',
  severity: 'warning',
  thresholds: ['headroom', 'minCardinality', 'maxHotKeyShare'],
  fires: 'Sharding (or replication) is declared on a key whose hottest value is under the usable ceiling unsharded, and neither its size, its cardinality at this load, nor a declared dominant value (above maxHotKeyShare, see SG014) calls for it — on any key, time buckets and few-valued keys included.',
  rationale: 'A key whose hottest value fits its partition gains nothing from more stored keys: every read of a logical key becomes a fan-out of N queries (DynamoDB: N requests; Cosmos DB: N× the RU), and replicated copies make every write N×. Most small containers need only one or two physical partitions; size N from the peak, not "more is safer".',
  fix: 'Remove the sharding; each read of a key goes back to one query.',
  sources: [SOURCES.dynamoSharding, SOURCES.cosmosPartitioning],
  messages: {
    needless: '{{key}}{{onIndex}} is {{layout}} into {{declaredShards}} keys, but {{why}}: {{cost}} for nothing',
    fix: '{{plan}}',
  },
  check(design, { spaces }) {
    return spaces.flatMap((a) => {
      const { space, plan } = a;
      if (!space.sharding || plan.layout !== 'none') return [];
      const worst = nearestToCeiling(a.owner.profile.loadDimensions(a.hot, design.thresholds.headroom));
      const { strategy, shards } = space.sharding;
      const advice = adviceFor(a);
      return [{
        path: space.sharding.path,
        index: space.index,
        messageId: 'needless' as const,
        fixId: 'fix' as const,
        data: {
          key: keyName(space.partitionKey),
          onIndex: onIndex(space.index),
          layout: strategy === 'replicated' ? 'replicated' : `${strategy}-sharded`,
          declaredShards: shards,
          why: worst.load === 0
            ? 'no traffic is declared for its hottest value'
            : `its hottest value peaks at ${fmt(worst.load)} ${worst.unit}, under the usable ${fmt(worst.usable)} ${worst.unit} on one key`,
          cost: strategy === 'replicated' ? `every write costs ${shards}×` : `every read of a key fans out ${shards} ways`,
          plan: advice.text,
          shards: 1,
        },
        edits: advice.edits,
      }];
    });
  },
});
