import { isTimeBucketKey } from '../../design/key-design';
import { nearestToCeiling } from '../../design/sharding';
import { ADVICE_MESSAGES, adviceFor, type AdviceId } from '../advice';
import { onIndex } from '../format';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

type Id = 'fewValues' | 'fewValuesSharded' | 'fewValuesFits' | 'fewValuesIdle' | 'indexKeyChanges' | 'fixValues' | 'fixFits' | AdviceId;

export const lowCardinalityKey = defineRule({
  id: 'SG001',
  title: 'low-cardinality-key',
  severity: 'error',
  thresholds: ['minCardinality', 'headroom'],
  fires:
    "A partition key has fewer distinct values than minCardinality (for a hierarchical or multi-attribute key, the full key counts). An error when the key space's peak needs more than one partition; a warning, with the growth factor to the ceiling, when the whole peak fits one partition with headroom. Time-bucket keys are left to SG002.",
  rationale:
    'Each key value lives on one partition, so a key with K values keeps at most K partitions busy whatever the table capacity, and two busy values hashed to the same partition share its ceiling (DynamoDB 1,000 WCU / 3,000 RCU per partition; Cosmos DB 10,000 RU/s per partition). When the whole load fits one partition, a few values cost nothing today — sharding them would only make every read a fan-out — but the key cannot grow.',
  fix: 'Use a higher-cardinality attribute or a composite key, or shard the key (one N shared with SG003); at low load, nothing until traffic grows.',
  sources: [SOURCES.dynamoKeyDesign, SOURCES.dynamoKeyRangeThrottling, SOURCES.cosmosPartitioning],
  messages: {
    fewValues:
      'partition key {{key|key}}{{onIndex}} has {{cardinality}} distinct values, below minCardinality {{minCardinality}}, and its peak ({{peakLoad}} of a usable {{peakUsable}} {{peakUnit}}) needs more than one partition: at most that many partitions ever take traffic, and two busy values hashed to one partition share its ceiling',
    fewValuesSharded:
      'partition key {{key|key}}{{onIndex}} has {{cardinality}} distinct values (× {{declaredShards}} shards = {{storedKeys}}), below minCardinality {{minCardinality}}, and its peak ({{peakLoad}} of a usable {{peakUsable}} {{peakUnit}}) needs more than one partition: at most that many partitions ever take traffic, and two busy values hashed to one partition share its ceiling',
    fewValuesFits:
      'partition key {{key|key}}{{onIndex}} has only {{cardinality}} distinct values, but its whole peak fits one partition with headroom ({{peakLoad}} of a usable {{peakUsable}} {{peakUnit}}): fine today, saturated when traffic grows {{growthToCeiling}}×',
    fewValuesIdle:
      'partition key {{key|key}}{{onIndex}} has only {{cardinality}} distinct values, but its whole peak fits one partition with headroom ({{peakLoad}} of a usable {{peakUsable}} {{peakUnit}}): fine today: none of the declared traffic reaches it',
    // Few-valued index keys (a status) are the ones updates move: each move is a delete and a put on the index.
    indexKeyChanges: " (counted at the table's writes; an update that changes the index key costs the index two writes: declare its workload.peakWriteUnits)",
    fixValues: 'use a higher-cardinality attribute or a composite key, or ',
    fixFits:
      'no change needed at this load (sharding would only make every read a fan-out); re-key it (a higher-cardinality attribute or a composite key) before traffic outgrows one partition',
    ...ADVICE_MESSAGES,
  },
  check(design, { spaces }) {
    const { minCardinality } = design.thresholds;
    return spaces.flatMap((a): RuleHit<Id>[] => {
      const { space } = a;
      if (a.cardinality >= minCardinality || isTimeBucketKey(space.partitionKey)) return [];
      const peak = nearestToCeiling(a.whole);
      const common = {
        key: space.partitionKey.map((k) => k.name),
        onIndex: onIndex(space.index),
        cardinality: a.cardinality,
        minCardinality,
        peakLoad: peak.load,
        peakUsable: peak.usable,
        peakUnit: peak.unit,
      };
      const notes: Id[] = space.index !== undefined && space.workload.peakWriteUnits === design.primaryKey.workload.peakWriteUnits ? ['indexKeyChanges'] : [];
      if (a.fitsOnePartition) {
        const idle = !Number.isFinite(a.wholeGrowth);
        return [
          {
            path: space.partitionKeyPath,
            index: space.index,
            severity: 'warning',
            messageId: idle ? 'fewValuesIdle' : 'fewValuesFits',
            notes,
            fixId: 'fixFits',
            data: { ...common, ...(idle ? {} : { growthToCeiling: a.wholeGrowth }) },
          },
        ];
      }
      const shards = space.sharding?.shards ?? 1;
      if (a.cardinality * shards >= minCardinality) return [];
      const advice = adviceFor(a);
      return [
        {
          path: space.partitionKeyPath,
          index: space.index,
          messageId: shards > 1 ? 'fewValuesSharded' : 'fewValues',
          notes,
          fixId: 'fixValues',
          fixNotes: advice.ids,
          data: { ...advice.data, ...common, ...(shards > 1 ? { declaredShards: shards, storedKeys: a.cardinality * shards } : {}) },
          edits: advice.edits,
        },
      ];
    });
  },
});
