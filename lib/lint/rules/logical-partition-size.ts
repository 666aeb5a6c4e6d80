import { COSMOS_LIMITS, DYNAMODB_LIMITS } from '../../design/limits';
import { unitsNeeded } from '../../design/sharding';
import { fmt, keyName, percent } from '../format';
import { shardCount, usablePartitionGb } from '../key-load';
import type { Rule } from '../rule';

export const logicalPartitionSize: Rule = {
  id: 'SG006',
  title: 'logical-partition-size',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'Cosmos DB: the largest logical partition (full key value) is expected above the usable 16 GB; DynamoDB: with an LSI, the largest item collection is expected above the usable 8 GB.',
  rationale: 'A Cosmos DB logical partition holds at most 20 GB, a hard limit: writes to a full one fail. A DynamoDB item collection is capped at 10 GB when the table has a local secondary index. Keep a 20% growth buffer (16 GB / 8 GB). Sources: Azure Cosmos DB service quotas; DynamoDB Developer Guide "Item collection size limit"; seed article 001 (a 50 GB whale tenant).',
  fix: 'Deepen the key (a hierarchical or composite key whose full value holds less), or move the whale out; DynamoDB: a GSI instead of the LSI has no collection limit.',
  checkDesign(design) {
    const usable = usablePartitionGb(design);
    const size = design.largestPartitionGb;
    if (usable === undefined || size === undefined) return [];
    const space = design.primaryKey;
    const shards = shardCount(space);
    if (size / shards <= usable) return [];
    const parts = unitsNeeded(size, usable);
    const spread = shards > 1 ? ` (${fmt(size / shards)} GB per shard over ${shards} shards)` : '';
    if (design.engine === 'cosmosdb') {
      const ceiling = COSMOS_LIMITS.logicalPartitionGb;
      return [{
        path: 'storage.largestPartitionGb',
        message: `the largest logical partition is expected at ${fmt(size)} GB${spread}; Cosmos DB caps one logical partition at ${ceiling} GB (hard), ${fmt(usable)} GB usable at ${percent(usable / ceiling)}`,
        fix: `add a deeper level under ${keyName(space.partitionKey)} (e.g. /userId, up to 3 levels) so no full key value holds more than ${fmt(usable)} GB — at least ${parts} values per largest key today — or move the whale tenant to its own container`,
        data: { sizeGb: size, usableGb: usable, parts },
      }];
    }
    const ceiling = DYNAMODB_LIMITS.itemCollectionGb;
    return [{
      path: 'storage.largestPartitionGb',
      message: `the largest item collection is expected at ${fmt(size)} GB${spread}; with a local secondary index DynamoDB caps an item collection at ${ceiling} GB, ${fmt(usable)} GB usable at ${percent(usable / ceiling)}`,
      fix: `replace the local secondary index with a global one (no collection limit), or spread ${keyName(space.partitionKey)} over at least ${parts} key values (composite key or sharding)`,
      data: { sizeGb: size, usableGb: usable, parts },
    }];
  },
};
