import { isTimeBucketKey } from '../../design/key-design';
import { nearestToCeiling, type LoadDimension } from '../../design/sharding';
import type { SplitForHeat } from '../../engines';
import { ADVICE_MESSAGES, adviceFor, type AdviceId } from '../advice';
import { hotLoad, type SpaceAnalysis } from '../analysis';
import { onIndex } from '../format';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

const SHARE_SOURCE = { declared: 'declared', derived: 'estimated from a key level', uniform: 'uniform', 'time-bucket': 'the current time bucket' } as const;

/** What the engine can and cannot do for this key on its own (split for heat), said accurately. */
const SPLIT_NOTE = {
  none: undefined,
  'single-item': 'oneItem',
  'blocked-by-local-index': 'noSplitWithLocalIndex',
  'increasing-sort-key': 'noSplitIncreasingSortKey',
  'may-split': 'maySplitForHeat',
} as const satisfies Record<SplitForHeat, Id | undefined>;

type Id =
  | 'hotKey'
  | 'writeOver'
  | 'writeOverSharded'
  | 'readOver'
  | 'readOverSharded'
  | 'requestOver'
  | 'requestOverSharded'
  | 'then'
  | 'readsOfOneItem'
  | 'gsiBackPressure'
  | 'oneItem'
  | 'noSplitWithLocalIndex'
  | 'noSplitIncreasingSortKey'
  | 'maySplitForHeat'
  | 'orMoveHotValue'
  | AdviceId;

/** A dimension's numbers under its label's names (`writeLoad`, `readUsable`, `requestUnit`…). */
function dimensionData(d: LoadDimension, load: number): Record<string, number | string> {
  switch (d.label) {
    case 'write':
      return { writeLoad: load, writePerKey: d.load, writeUsable: d.usable, writeCeiling: d.ceiling, writeUnit: d.unit };
    case 'read':
      return { readLoad: load, readPerKey: d.load, readUsable: d.usable, readCeiling: d.ceiling, readUnit: d.unit };
    case 'request':
      return { requestLoad: load, requestPerKey: d.load, requestUsable: d.usable, requestCeiling: d.ceiling, requestUnit: d.unit };
  }
}

/** One clause per dimension over its ceiling (writes, reads, or requests), with the numbers and the unit each reads (the profile's). */
function overClauses(a: SpaceAnalysis): { readonly notes: Id[]; readonly data: Record<string, number | string> } {
  const shards = a.space.sharding;
  const notes: Id[] = [];
  let data: Record<string, number | string> = {};
  a.over.forEach((d, i) => {
    if (i > 0) notes.push('then');
    notes.push(`${d.label}Over${shards ? 'Sharded' : ''}`);
    data = { ...data, ...dimensionData(d, hotLoad(a, d.label)) };
    if (d.label === 'read' && shards && shards.strategy !== 'replicated' && !a.collection) notes.push('readsOfOneItem');
  });
  return { notes, data };
}

export const hotKeyExceedsPartition = defineRule({
  id: 'SG003',
  title: 'hot-key-exceeds-partition',
  severity: 'error',
  thresholds: ['headroom', 'maxShards'],
  fires:
    "The hottest key value's peak (peak × hottest-key share; uniform share = 1/cardinality), on the busiest of its stored keys, exceeds the usable per-partition ceiling (headroom × ceiling). Unsharded time-bucket keys are left to SG002.",
  rationale:
    "A DynamoDB partition serves at most 1,000 WCU and 3,000 RCU per second, a Cosmos DB logical partition 10,000 RU/s (hard); raising table capacity does not lift it. One item never spans partitions; DynamoDB may split a hot item collection by sort key over time (not with a local secondary index, not for an ever-increasing sort key), but a spike throttles first. A throttled GSI also throttles writes to its base table. Write sharding divides a write-hot key's writes; it cannot spread the reads of one item, which need replicated copies or a cache.",
  fix: 'Shard write-hot keys into the computed N (calculated when an attribute can pick the shard, random otherwise); keep N replicated copies (or a cache) for read-hot keys; split a value out when no N serves.',
  sources: [
    SOURCES.dynamoKeyDesign,
    SOURCES.dynamoAdaptive,
    SOURCES.dynamoSharding,
    SOURCES.dynamoGsiThroughput,
    SOURCES.dynamoDax,
    SOURCES.cosmosPartitioning,
    SOURCES.cosmosSynthetic,
    SOURCES.cosmosIntegratedCache,
  ],
  messages: {
    hotKey: 'the hottest {{key|key}} value{{onIndex}} takes {{share|percent}} ({{shareSource}}) of the peak: ',
    writeOver:
      '{{writeLoad}} {{writeUnit}} writes against a usable {{writeUsable}} {{writeUnit}} ({{headroom|percent}} of the {{writeCeiling}} {{writeUnit}} ceiling)',
    writeOverSharded:
      '{{writeLoad}} {{writeUnit}} writes, {{writePerKey}} {{writeUnit}} per {{storedKey}} over {{declaredShards}}, against a usable {{writeUsable}} {{writeUnit}} ({{headroom|percent}} of the {{writeCeiling}} {{writeUnit}} ceiling)',
    readOver: '{{readLoad}} {{readUnit}} reads against a usable {{readUsable}} {{readUnit}} ({{headroom|percent}} of the {{readCeiling}} {{readUnit}} ceiling)',
    readOverSharded:
      '{{readLoad}} {{readUnit}} reads, {{readPerKey}} {{readUnit}} per {{storedKey}} over {{declaredShards}}, against a usable {{readUsable}} {{readUnit}} ({{headroom|percent}} of the {{readCeiling}} {{readUnit}} ceiling)',
    requestOver:
      '{{requestLoad}} {{requestUnit}} against a usable {{requestUsable}} {{requestUnit}} ({{headroom|percent}} of the {{requestCeiling}} {{requestUnit}} ceiling)',
    requestOverSharded:
      '{{requestLoad}} {{requestUnit}}, {{requestPerKey}} {{requestUnit}} per {{storedKey}} over {{declaredShards}}, against a usable {{requestUsable}} {{requestUnit}} ({{headroom|percent}} of the {{requestCeiling}} {{requestUnit}} ceiling)',
    then: '; ',
    readsOfOneItem: ' (reads of one item, which write sharding cannot spread)',
    // Only an index short of write capacity holds back its base table's writes.
    gsiBackPressure: '; a throttled global secondary index also throttles the writes to its base table',
    oneItem: '; one item never spans partitions',
    noSplitWithLocalIndex: '; with a local secondary index DynamoDB never splits an item collection across partitions',
    noSplitIncreasingSortKey: '; an ever-increasing sort key defeats split for heat',
    maySplitForHeat: "; split for heat may spread this key's sort-key range over partitions under sustained load, but not at once: a spike throttles first",
    orMoveHotValue: '; or move the hottest {{key|key}} value to its own {{resource}}, keyed by a finer attribute (its own key values then spread)',
    ...ADVICE_MESSAGES,
  },
  check(design, { spaces }) {
    return spaces.flatMap((a): RuleHit<Id>[] => {
      const { space } = a;
      if (a.over.length === 0 || (!space.sharding && isTimeBucketKey(space.partitionKey))) return [];
      const advice = adviceFor(a);
      const worst = nearestToCeiling(a.over);
      const { profile } = a.owner;
      const over = overClauses(a);
      const split = SPLIT_NOTE[profile.splitForHeat(design, space, a.collection)];
      const notes: Id[] = [
        ...over.notes,
        ...(space.index !== undefined && a.over.some((d) => d.label === 'write') ? ['gsiBackPressure' as const] : []),
        ...(split ? [split] : []),
      ];
      const [fixId, ...fixNotes] = advice.ids;
      const movesOut = profile.hotValueMovesOut && space.workload.hotKeyShareSource === 'declared' && advice.shards !== undefined;
      return [
        {
          path: space.sharding ? `${space.sharding.path}.shards` : space.partitionKeyPath,
          index: space.index,
          messageId: 'hotKey',
          notes,
          fixId,
          fixNotes: movesOut ? [...fixNotes, 'orMoveHotValue'] : fixNotes,
          data: {
            ...advice.data,
            ...over.data,
            onIndex: onIndex(space.index),
            share: space.workload.hotKeyShare,
            shareSource: SHARE_SOURCE[space.workload.hotKeyShareSource],
            headroom: design.thresholds.headroom,
            ...(space.sharding ? { declaredShards: space.sharding.shards, storedKey: space.sharding.strategy === 'replicated' ? 'copy' : 'shard' } : {}),
            hotKeyLoad: hotLoad(a, worst.label),
            usable: worst.usable,
            strategy: a.plan.layout,
          },
          edits: advice.edits,
        },
      ];
    });
  },
});
