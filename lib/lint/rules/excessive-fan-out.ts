import { keySpacesOf } from '../../design/key-design';
import { fmt, keyName, onIndex } from '../format';
import { shardNeed } from '../key-load';
import type { Rule } from '../rule';

export const excessiveFanOut: Rule = {
  id: 'SG008',
  title: 'excessive-fan-out',
  severity: 'warning',
  engines: ['dynamodb', 'cosmosdb'],
  fires: "Declared shards are more than 2× (default) the N that SG003's formula needs, or more than 100 (default).",
  rationale: 'Every whole-key read costs one query per shard: more shards than the peak needs only multiply read latency and cost ("more is safer" is the seeds\' anti-pattern). Size N from the peak. Source: seed articles 000 and 003.',
  fix: 'Use the computed N.',
  checkDesign(design) {
    return keySpacesOf(design).flatMap((space) => {
      if (!space.sharding) return [];
      const { shards } = space.sharding;
      const { maxShards, fanOutFactor } = design.thresholds;
      const needs = shardNeed(design, space);
      const need = needs.total;
      // Name what drives N: the peak (SG003's formula), else the partition size or the key's cardinality.
      const driver = needs.throughput >= need ? 'the peak' : needs.size >= need ? 'the largest partition\'s size' : 'the key\'s cardinality';
      const overCap = shards > maxShards;
      // A need of 1 means sharding is needless altogether: SG007 says so.
      const overNeed = need > 1 && shards > fanOutFactor * need;
      if (!overCap && !overNeed) return [];
      const reason = overNeed
        ? `more than ${fmt(fanOutFactor)}× the ${need} ${driver} needs`
        : `more than the maximum of ${maxShards}`;
      const n = Math.min(need, maxShards);
      return [{
        path: `${space.sharding.path}.shards`,
        index: space.index,
        message: `${keyName(space.partitionKey)}${onIndex(space.index)} is sharded into ${shards} shards, ${reason}: every whole-key read costs ${shards} queries`,
        fix: need > maxShards
          ? `${driver} needs ${need} shards, above ${maxShards}: split the hot key value out (its own table, container or key) instead of fanning out further`
          : need === 1 ? 'remove the sharding: the key needs none (see SG007)' : `use N = ${n} shards`,
        data: { shards: n },
      }];
    });
  },
};
