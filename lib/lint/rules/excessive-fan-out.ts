import { adviceFor } from '../advice';
import { fmt, keyName, onIndex } from '../format';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

export const excessiveFanOut = defineRule({
  id: 'SG008',
  title: 'excessive-fan-out',
  severity: 'warning',
  thresholds: ['fanOutFactor', 'maxShards', 'headroom', 'minCardinality', 'maxHotKeyShare'],
  fires: 'A key is sharded (or replicated) into more than fanOutFactor × the N its load, size and cardinality need, or into more than maxShards keys.',
  rationale: 'Every whole-key read costs one query per shard, and every write to a replicated key one write per copy: more keys than the peak needs only multiply latency and cost ("more is safer" is the anti-pattern). Size N from the peak.',
  fix: 'Use the computed N; past maxShards, split the hot value out instead of fanning out further.',
  sources: [SOURCES.dynamoSharding, SOURCES.cosmosSynthetic],
  messages: {
    overNeed: '{{key}}{{onIndex}} is sharded into {{declaredShards}} keys, more than {{fanOutFactor}}× the {{need}} {{driver}} needs: {{cost}}',
    overCap: '{{key}}{{onIndex}} is sharded into {{declaredShards}} keys, more than maxShards {{maxShards}}: {{cost}}',
    fix: '{{plan}}',
  },
  check(design, { spaces }) {
    const { maxShards, fanOutFactor } = design.thresholds;
    return spaces.flatMap((a) => {
      const { space, plan } = a;
      // A need of 1 (or none at all) is SG007's: sharding is needless altogether.
      if (!space.sharding || plan.layout === 'none') return [];
      const declared = space.sharding.shards;
      const need = plan.shards;
      const overNeed = need !== undefined && declared > fanOutFactor * need;
      const overCap = declared > maxShards;
      if (!overNeed && !overCap) return [];
      const { throughput = 0, size, cardinality } = plan.needs;
      const n = need ?? 0;
      const driver = throughput >= n ? 'the peak' : size >= n ? "the largest partition's size" : cardinality >= n ? "the key's cardinality" : "the hottest value's share";
      const advice = adviceFor(a);
      return [{
        path: `${space.sharding.path}.shards`,
        index: space.index,
        messageId: overNeed ? 'overNeed' as const : 'overCap' as const,
        fixId: 'fix' as const,
        data: {
          key: keyName(space.partitionKey),
          onIndex: onIndex(space.index),
          declaredShards: declared,
          fanOutFactor,
          need: need ?? 0,
          driver,
          maxShards,
          cost: space.sharding.strategy === 'replicated' ? `every write of a key costs ${fmt(declared)}×` : `every whole-key read costs ${fmt(declared)} queries`,
          plan: advice.text,
          ...(advice.shards !== undefined ? { shards: advice.shards } : {}),
        },
        edits: advice.edits,
      }];
    });
  },
});
