import { fits } from '../../design/sharding';
import { adviceFor } from '../advice';
import { usablePartitionGb } from '../analysis';
import { code, fmt } from '../format';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

export const logicalPartitionSize = defineRule({
  id: 'SG006',
  title: 'logical-partition-size',
  severity: 'error',
  thresholds: ['headroom', 'maxShards'],
  fires: 'Cosmos DB: the largest logical partition (one full key value; declared, or estimated from a level\'s largestGb) is expected above the usable share (headroom) of 20 GB; DynamoDB: with an LSI, the largest item collection above the usable share of 10 GB.',
  rationale: 'A Cosmos DB logical partition holds at most 20 GB: writes to a full one fail (a hierarchical key lets one first-level value span partitions, but each full key value stays under 20 GB). A DynamoDB item collection is capped at 10 GB when the table has a local secondary index. Keep a growth buffer.',
  fix: 'Spread the largest value over more keys (the shard count shared with SG003), deepen a Cosmos DB key while it has fewer than 3 levels, or move the whale out; DynamoDB: a GSI instead of the LSI has no collection limit.',
  sources: [SOURCES.cosmosLimits, SOURCES.cosmosHierarchical, SOURCES.dynamoLsiLimit],
  messages: {
    logicalPartition: 'the largest logical partition is expected at {{size}} GB{{estimate}}{{spread}}; Cosmos DB caps one logical partition at {{ceiling}} GB (hard), {{usableGb}} GB usable at {{headroom|percent}}',
    itemCollection: 'the largest item collection is expected at {{size}} GB{{spread}}; with a local secondary index DynamoDB caps an item collection at {{ceiling}} GB, {{usableGb}} GB usable at {{headroom|percent}}',
    fixLogicalPartition: '{{plan}}; or move the whale tenant to its own container, keyed by a finer attribute',
    fixItemCollection: 'replace the local secondary index with a global one (no item-collection limit; its queries become eventually consistent); or {{plan}}',
  },
  check(design, analysis) {
    const limit = analysis.profile.keyValueSizeLimit(design);
    const usable = usablePartitionGb(analysis);
    const size = design.largestPartitionGb;
    if (limit === undefined || usable === undefined || size === undefined) return [];
    const space = design.primaryKey;
    // Replicas copy the whole partition: only shards divide its size.
    const shards = space.sharding && space.sharding.strategy !== 'replicated' ? space.sharding.shards : 1;
    if (fits(size / shards, usable)) return [];
    const advice = adviceFor(analysis.of(space));
    const common = {
      size,
      spread: shards > 1 ? ` (${fmt(size / shards)} GB per shard over ${shards} shards)` : '',
      usableGb: usable,
      ceiling: limit.gb,
      headroom: design.thresholds.headroom,
      plan: advice.text,
      ...(advice.shards !== undefined ? { shards: advice.shards } : {}),
    };
    if (limit.cause === 'hard') {
      const levels = space.partitionKey;
      return [{
        // Declared on the design: that field; from a key level: the key (its path stays put when the key is reordered).
        path: design.largestPartitionGbAt === undefined || design.largestPartitionGbAt === 'storage.largestPartitionGb' ? 'storage.largestPartitionGb' : space.partitionKeyPath,
        messageId: 'logicalPartition' as const,
        fixId: 'fixLogicalPartition' as const,
        data: {
          ...common,
          estimate: design.largestPartitionGbSource === 'derived'
            ? ` (estimated from ${design.largestPartitionGbAt}: spread over that value's average number of ${code(levels[levels.length - 1].name)} values)`
            : design.largestPartitionGbAt && design.largestPartitionGbAt !== 'storage.largestPartitionGb' ? ` (declared at ${design.largestPartitionGbAt})` : '',
        },
        edits: advice.edits,
      }];
    }
    return [{
      path: 'storage.largestPartitionGb',
      messageId: 'itemCollection' as const,
      fixId: 'fixItemCollection' as const,
      data: common,
      // Sharding every key for the largest collection makes every read fan out; the index swap is the
      // native fix but changes read consistency: a decision, so no edit.
    }];
  },
});
