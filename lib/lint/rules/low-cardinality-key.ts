import { fullKeyCardinality } from '../../design/cardinality';
import { keySpacesOf } from '../../design/key-design';
import { shardingAdvice } from '../advice';
import { fmt, keyName, onIndex } from '../format';
import { shardCount, shardNeed } from '../key-load';
import type { Rule } from '../rule';

export const lowCardinalityKey: Rule = {
  id: 'SG001',
  title: 'low-cardinality-key',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'A partition key has fewer distinct values than the minimum (default 100); for a hierarchical or multi-attribute key, the distinct values of the full key count.',
  rationale: 'Each key value lives on one partition, so a key with K values keeps at most K partitions busy whatever the table capacity: status, region, boolean and small enums pin traffic to a handful of partitions, each capped at 1,000 WCU / 3,000 RCU (DynamoDB) or 10,000 RU/s (Cosmos DB logical partition). Sources: DynamoDB Developer Guide "Partitions and data distribution"; Azure Cosmos DB "Partitioning and horizontal scaling"; seed articles 000 and 004.',
  fix: 'Use a higher-cardinality attribute, a composite key, or shard the key (N from SG003).',
  checkDesign(design) {
    return keySpacesOf(design).flatMap((space) => {
      const cardinality = fullKeyCardinality(space.partitionKey);
      const shards = shardCount(space);
      const { minCardinality } = design.thresholds;
      if (cardinality * shards >= minCardinality) return [];
      const need = shardNeed(design, space);
      const n = Math.max(need.cardinality, need.throughput);
      const spread = shards > 1 ? ` (× ${shards} shards = ${fmt(cardinality * shards)})` : '';
      return [{
        path: space.partitionKeyPath,
        index: space.index,
        message: `partition key ${keyName(space.partitionKey)}${onIndex(space.index)} has ${fmt(cardinality)} distinct values${spread}, below the minimum of ${fmt(minCardinality)}: at most that many partitions ever take traffic`,
        fix: `use a higher-cardinality attribute or a composite key, or ${shardingAdvice(design, space, n)}`,
        data: { cardinality, minCardinality, shards: n },
      }];
    });
  },
};
