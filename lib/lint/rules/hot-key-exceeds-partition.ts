import { isTimeBucketKey } from '../../design/key-design';
import { nearestToCeiling, type LoadDimension } from '../../design/sharding';
import type { SplitForHeat } from '../../engines';
import { adviceFor } from '../advice';
import { hotLoad, type SpaceAnalysis } from '../analysis';
import { keyName, loadAgainstCeiling, onIndex } from '../format';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

const SHARE_SOURCE = { declared: 'declared', derived: 'estimated from a key level', uniform: 'uniform', 'time-bucket': 'the current time bucket' } as const;

/** What the engine can and cannot do for this key on its own (split for heat), said accurately. */
const SPLIT_NOTE: Record<SplitForHeat, string> = {
  none: '',
  'single-item': '; one item never spans partitions',
  'blocked-by-local-index': '; with a local secondary index DynamoDB never splits an item collection across partitions',
  'increasing-sort-key': '; an ever-increasing sort key defeats split for heat',
  'may-split': '; split for heat may spread this key\'s sort-key range over partitions under sustained load, but not at once: a spike throttles first',
};

function details(a: SpaceAnalysis, over: readonly LoadDimension[]): string {
  const shards = a.space.sharding;
  return over.map((d) => {
    const what = shards?.strategy === 'replicated' ? 'copy' : 'shard';
    const text = loadAgainstCeiling({ ...d, load: hotLoad(a, d.label) }, shards ? { shards: shards.shards, load: d.load, what } : undefined);
    const stuck = d.label === 'read' && shards && shards.strategy !== 'replicated' && !a.collection ? ' (reads of one item, which write sharding cannot spread)' : '';
    return `${text}${stuck}`;
  }).join('; ');
}

export const hotKeyExceedsPartition = defineRule({
  id: 'SG003',
  title: 'hot-key-exceeds-partition',
  severity: 'error',
  thresholds: ['headroom', 'maxShards'],
  fires: "The hottest key value's peak (peak × hottest-key share; uniform share = 1/cardinality), on the busiest of its stored keys, exceeds the usable per-partition ceiling (headroom × ceiling). Unsharded time-bucket keys are left to SG002.",
  rationale: 'A DynamoDB partition serves at most 1,000 WCU and 3,000 RCU per second, a Cosmos DB logical partition 10,000 RU/s (hard); raising table capacity does not lift it. One item never spans partitions; DynamoDB may split a hot item collection by sort key over time (not with a local secondary index, not for an ever-increasing sort key), but a spike throttles first. A throttled GSI also throttles writes to its base table. Write sharding divides a write-hot key\'s writes; it cannot spread the reads of one item, which need replicated copies or a cache.',
  fix: 'Shard write-hot keys into the computed N (calculated when an attribute can pick the shard, random otherwise); keep N replicated copies (or a cache) for read-hot keys; split a value out when no N serves.',
  sources: [SOURCES.dynamoKeyDesign, SOURCES.dynamoAdaptive, SOURCES.dynamoSharding, SOURCES.dynamoGsiThroughput, SOURCES.dynamoDax, SOURCES.cosmosPartitioning, SOURCES.cosmosSynthetic, SOURCES.cosmosIntegratedCache],
  messages: {
    hotKey: 'the hottest {{key}} value{{onIndex}} takes {{share|percent}} ({{shareSource}}) of the peak: {{details}}{{gsiNote}}{{splitNote}}',
    fix: '{{plan}}{{alternative}}',
  },
  check(design, { spaces }) {
    return spaces.flatMap((a) => {
      const { space } = a;
      if (a.over.length === 0 || (!space.sharding && isTimeBucketKey(space.partitionKey))) return [];
      const advice = adviceFor(a);
      const worst = nearestToCeiling(a.over);
      const { profile } = a.owner;
      const whale = profile.hotValueMovesOut && space.workload.hotKeyShareSource === 'declared' && advice.shards !== undefined
        ? '; or move the whale tenant to its own container, keyed by a finer attribute (its own key values then spread)' : '';
      return [{
        path: space.sharding ? `${space.sharding.path}.shards` : space.partitionKeyPath,
        index: space.index,
        messageId: 'hotKey' as const,
        fixId: 'fix' as const,
        data: {
          key: keyName(space.partitionKey),
          onIndex: onIndex(space.index),
          share: space.workload.hotKeyShare,
          shareSource: SHARE_SOURCE[space.workload.hotKeyShareSource],
          details: details(a, a.over),
          // Only an index short of write capacity holds back its base table's writes.
          gsiNote: space.index !== undefined && a.over.some((d) => d.label === 'write') ? '; a throttled global secondary index also throttles the writes to its base table' : '',
          splitNote: SPLIT_NOTE[profile.splitForHeat(design, space, a.collection)],
          plan: advice.text,
          alternative: whale,
          hotKeyLoad: hotLoad(a, worst.label),
          usable: worst.usable,
          strategy: a.plan.layout,
          ...(advice.shards !== undefined ? { shards: advice.shards } : {}),
        },
        edits: advice.edits,
      }];
    });
  },
});
