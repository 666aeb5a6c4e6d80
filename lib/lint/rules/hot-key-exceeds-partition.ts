import { keySpacesOf } from '../../design/key-design';
import { nearestToCeiling, shardsForLoads } from '../../design/sharding';
import { shardingAdvice } from '../advice';
import { fmt, keyName, onIndex, percent } from '../format';
import { logicalHotLoads, shardCount } from '../key-load';
import type { Rule } from '../rule';

export const hotKeyExceedsPartition: Rule = {
  id: 'SG003',
  title: 'hot-key-exceeds-partition',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  fires: "The hottest key value's peak (peak × hottest-key share; uniform share = 1/cardinality), divided over its shards, exceeds the usable per-partition ceiling for reads or writes.",
  rationale: 'One key value never spans partitions: a DynamoDB partition serves 1,000 WCU and 3,000 RCU per second, a Cosmos DB logical partition 10,000 RU/s (hard). Raising table capacity does not help — the seeds\' ticketing sale throttled at 1,500 of 5,000 provisioned WCU because one event id took the load. Adaptive capacity and splits cannot divide one key value. Sources: DynamoDB Developer Guide "Partitions and data distribution"; Azure Cosmos DB "Partitioning and horizontal scaling"; seed articles 000 and 003.',
  fix: 'Shard into N = ceil(hot peak / usable ceiling) — calculated when an attribute can pick the shard, random otherwise — or split the whale tenant out.',
  checkDesign(design) {
    return keySpacesOf(design).flatMap((space) => {
      const shards = shardCount(space);
      const loads = logicalHotLoads(design, space);
      const over = loads.filter((d) => d.load / shards > d.usable);
      if (over.length === 0) return [];
      const n = shardsForLoads(loads);
      const worst = nearestToCeiling(over);
      const { hotKeyShare, hotKeyShareDeclared } = space.workload;
      const shareText = hotKeyShareDeclared ? `${percent(hotKeyShare)} (declared)` : `${percent(hotKeyShare)} (uniform)`;
      const details = over.map((d) => {
        const load = `${fmt(d.load)} ${d.unit}${d.label === 'request' ? '' : ` ${d.label}s`}`;
        const perShard = shards > 1 ? `, ${fmt(d.load / shards)} ${d.unit} per shard over ${shards} shards,` : '';
        return `${load}${perShard} against a usable ${fmt(d.usable)} ${d.unit} (${percent(d.usable / d.ceiling)} of the ${fmt(d.ceiling)} ${d.unit} ceiling)`;
      });
      const whale = hotKeyShareDeclared && design.engine === 'cosmosdb' ? '; or move the whale tenant to its own container' : '';
      return [{
        path: space.sharding ? `${space.sharding.path}.shards` : space.partitionKeyPath,
        index: space.index,
        message: `the hottest ${keyName(space.partitionKey)} value${onIndex(space.index)} takes ${shareText} of the peak: ${details.join('; ')}`,
        fix: `${shardingAdvice(design, space, n)}${whale}`,
        // The load and the usable ceiling of one dimension (the one furthest over), never RCU against WCU.
        data: { shards: n, hotKeyLoad: worst.load, usable: worst.usable },
      }];
    });
  },
};
