import { isTimeBucketKey, keySpacesOf } from '../../design/key-design';
import { shardingAdvice } from '../advice';
import { keyName, onIndex } from '../format';
import { shardNeed } from '../key-load';
import type { Rule } from '../rule';

export const timeBucketKey: Rule = {
  id: 'SG002',
  title: 'time-bucket-key',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'The partition key is a time bucket (declared, or named like date/day/hour/month/year/yyyyMM/createdAt/timestamp) and is neither sharded nor combined with a business dimension.',
  rationale: 'All writes at a given moment hit the current bucket, so one partition takes the whole write load while older buckets idle, and every rollover starts cold. Source: seed articles 000 and 003 (date-keyed tables throttling at a fraction of provisioned capacity).',
  fix: 'Shard the bucket (`date#shard`), key by an event id, or combine time with a business dimension (`/yyyyMM-userId`).',
  checkDesign(design) {
    return keySpacesOf(design).flatMap((space) => {
      if (space.sharding || !isTimeBucketKey(space.partitionKey)) return [];
      const first = space.partitionKey[0];
      const n = Math.max(2, shardNeed(design, space).throughput);
      return [{
        path: space.partitionKey.length === 1 ? first.path : space.partitionKeyPath,
        index: space.index,
        message: `partition key ${keyName(space.partitionKey)}${onIndex(space.index)} is a time bucket: every write lands on the current bucket's partition while older buckets sit idle`,
        fix: `${shardingAdvice(design, space, n)}; or key by an event id, or combine the time with a business dimension (e.g. yyyyMM-userId)`,
        data: { shards: n },
      }];
    });
  },
};
