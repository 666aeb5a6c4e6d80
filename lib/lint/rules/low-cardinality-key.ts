import { isTimeBucketKey } from '../../design/key-design';
import { allFit, nearestToCeiling } from '../../design/sharding';
import { COSMOS_LIMITS } from '../../engines';
import { ADVICE_MESSAGES, adviceFor, type AdviceId } from '../advice';
import { atCeiling, type SpaceAnalysis } from '../analysis';
import { ENGINE_NOTE_MESSAGES, engineNotes, type EngineNoteId } from '../engine-notes';
import { HOT_VALUE_VERDICT_MESSAGES, bindingDimension, hotValueVerdict, type HotValueVerdictId } from '../hot-value-verdict';
import { INDEX_WRITE_MESSAGES, indexWriteNote, indexWriteVerdict, type IndexWriteId } from '../index-writes';
import { capacityRaiseData, hotValueGrowth, onePartitionRequestUnits, onePhysicalPartition, unshardedDimensions } from '../physical-partition';
import { firstLevelJudged } from '../prefix-ingestion';
import {
  PROJECTION_MESSAGES,
  PROJECTION_VERDICT_MESSAGES,
  projectionNote,
  upperBoundVerdict,
  type ProjectionId,
  type ProjectionVerdictId,
} from '../projection';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';
import { STATUS_SHARE_MESSAGES, statusShareNote, type StatusShareId } from '../status-share';
import { needlessShardingKept } from './needless-sharding';

type Id =
  | 'fewValues'
  | 'fewValuesEachFits'
  | 'fewValuesEachFitsAtCeiling'
  | 'fewValuesFits'
  | 'fewValuesIdle'
  | 'fewValuesOnePhysicalPartition'
  | 'indexKeyChanges'
  | 'atCapacityRaise'
  | 'firstLevelBinds'
  | 'firstLevelBindsSpanning'
  | 'oneValue'
  | 'fixValues'
  | 'fixValuesNoCount'
  | 'fixEachFits'
  | 'fixEachFitsAtCeiling'
  | 'fixFits'
  | 'fixOnePhysicalPartition'
  | 'fixOneValue'
  | EngineNoteId
  | IndexWriteId
  | ProjectionId
  | ProjectionVerdictId
  | HotValueVerdictId
  | StatusShareId
  | AdviceId;

/**
 * The hottest value's load against its usable ceiling, where DynamoDB counts its neighbours (1/P of the rest of the key
 * space's load on its partition, `dynamoNeighbourModel`) what they leave of the usable ceiling, as SG003 words it
 * ("against a usable 800 WCU …, less the 640 WCU its neighbours are expected to take: 160 WCU left"): "3,200 of
 * a usable 160 WCU" would read as if 160 were the partition's usable ceiling.
 */
const HOT_OF_USABLE =
  '{{hotLoad}} of {{?hotUsableAlone}}the {{hotUsable}} {{hotUnit}} its neighbours leave of a usable {{hotUsableAlone}}{{/hotUsableAlone}}{{!hotUsableAlone}}a usable {{hotUsable}} {{hotUnit}}{{/hotUsableAlone}}';

export const lowCardinalityKey = defineRule({
  id: 'SG001',
  title: 'low-cardinality-key',
  summary: 'A partition key with too few distinct values to spread its load',
  severity: 'error',
  thresholds: ['minCardinality', 'headroom'],
  fires:
    'A partition key has fewer distinct values than minCardinality (for a hierarchical or multi-attribute key, the full key counts). An error when its hottest value is over the usable ceiling on one key (a warning where it is served at its peak, as SG003 judges it); a warning, with the growth factor to the ceiling, when the hottest value fits (whether or not the whole peak fits one partition).',
  firesAlso: [
    "A GSI's writes: they count every replicated copy the table keeps of an item, each writing its own index entry, as SG003 and SG017 count them.",
    "A GSI's hottest value over only at the 2× of the table's writes that its key attribute's name gives it (no `mutable`, no index write peak declared: 1× fits): a warning.",
    "A DynamoDB GSI projecting `KEYS_ONLY` or `INCLUDE` counted at the table's writes (no `workload.peakWriteUnits`), over on its writes alone: that figure is an upper bound (a table update that changes no index key attribute and no projected attribute does not write the index), so a warning, as SG003's, whose fix asks for the index's own writes first and gives the re-key after them with no edit. Not where the table's key is unique or it declares `workload.newItemShare` (SG003's bullet): an error.",
    "A key already sharded so that every stored key fits, and whose whole peak needs several partitions: silent, since that sharding is the fix (AWS's GSI write sharding keys an index by shard#0…9).",
    "A sharding the load does not need, kept on purpose (SG007 acknowledged for the key, or turned off), every stored key fitting: silent, since the sharded key is the design; without that, the key is judged as SG007's fix leaves it, unsharded.",
    'A key whose largest value needs size shards: silent, unless its hottest value is over its ceiling; SG006 gives the shards, and once declared they are the fix.',
    "A Cosmos DB container whose peak is above headroom × its RU/s (SG017's finding): the hottest value is judged as SG003 judges it, at the RU/s the container's peak needs (SG017's figure for the peak).",
    'A Cosmos DB container of one physical partition (declared throughput and size) whose own throughput serves the peak: a warning, since every key value shares that partition anyway.',
    "A Cosmos DB hierarchical key: the growth (and the hottest value's figures) are its hottest first-level value's where that saturates first. Its documents stay on one physical partition until they hold 50 GB (past that, the partitions they span, one per 50 GB), and its share is at least the full key's declared one; where that value is over its partition, SG003 reports it and this rule is silent.",
    "A key space that declares no `hotKeyShare` whose key attribute is named like a status, type or region (`status`, `state`, `type`, `isActive`, `country`…): the message says each value was counted at the uniform share, 1/cardinality, and names the field that declares the hottest value's share (`workload.hotKeyShare`, or an index's own `globalSecondaryIndexes[i].workload.hotKeyShare`, the same prop on a GuardedTable).",
    "A key of one value (a sparse index's flag): its one value holds every item and all the traffic, a share of 100% by definition, so no share is asked for; the fix names a sharded key or a different key as the way past one partition.",
    "Left to other rules: time-bucket keys to SG002; a GSI over its ceiling on the table's hottest item's writes (one item, on one index value, whatever the index's cardinality) to SG003.",
  ],
  rationale:
    'Each key value lives on one partition, so a key with K values keeps at most K partitions busy, whatever the capacity (AWS: "Best practices for designing and using partition keys"). While each value fits its partition, a few values cost nothing today, and sharding them would only make every read a fan-out; but the key cannot grow past its hottest value\'s ceiling.',
  rationaleDetails: [
    'Values that fit stay apart: DynamoDB\'s adaptive capacity rebalances partitions so that frequently accessed items do not share one (AWS: "Burst and adaptive capacity"); Cosmos DB spreads logical partitions over its physical ones (Azure: "Partitioning and horizontal scaling").',
    'The shard count comes from the load, N = ceil(hot load ÷ usable ceiling), never from a floor of stored keys: `minCardinality` (a skewguard default, not a vendor limit) makes this a warning, not a reason for more shards.',
  ],
  fix: 'Over the ceiling: use a higher-cardinality attribute or a composite key, or shard the key into the N its load needs (one N shared with SG003). Under it: nothing at this load; re-key or shard before traffic grows past the growth factor.',
  fixDetails: [
    'A new GSI shard plan whose key every whole-key read gives with one more attribute, immutable, no time bucket, with at least N declared values (`room-status` gives `examId` and `roomId`, 2,000 rooms, N = 35): the fix leads with the composite key `examId#roomId`, a new index without the `roomId` sort key, one Query a read (AWS: "Choosing the right DynamoDB partition key"); the shards follow. Where a read gives the key alone, the shards lead and the fix says it would query every value.',
    "The same on a DynamoDB table's own key (`exam-rooms` keyed `examId`, sorted by `roomId`): the composite key leads as the table's new key (a KeySchema change replaces the table: CloudFormation, \"AWS::DynamoDB::Table\"); a sort key an LSI or a scopeAttribute needs stays. Not where the hot writes are one item (no sort key), an invariant keeps one aggregate item per key value, or an index is keyed by the table's key attribute (the shards in place spread it too).",
    "A status-like key judged at the uniform share: declare its hottest value's share where the message says; whether the hottest value fits depends on it.",
    'A categorical primary key not yet sharded (every key attribute named like a status, type or region, or no more values than the shards its load needs): the shards stay among its options, with no edits, and the fix and --fix say why: a re-key by the attribute the reads name (an entity id) is the fix (AWS and Azure ask for a key of many values), since shards of a category make every read of one item a fan-out.',
    "A GSI keyed by a category (named so, fewer values than minCardinality): the fix leads with the re-key, and, for a state, a sparse index keyed by an attribute of many values (keyed by the state, every item it holds is on one value); its shards follow, their edits kept (AWS's GSI write sharding) unless they pre-warm: no warm throughput is written for them, nor asked by SG017.",
    'A key of no more values than its shards, not named like a category, that a declared read asks for whole and by nothing else ("votes for contestant X"): no other key serves that read, so it is no category: its shards keep their edits, as AWS shards a tally keyed by candidate (candidate ID + a random suffix, "Using write sharding to distribute workloads evenly").',
    "A Cosmos DB container of one physical partition: the fix names the growth to re-key before: past 50 GB or past 10,000 RU/s (where Azure splits a provisioned partition), or a serverless container's 5,000 RU/s (all it serves on one partition).",
  ],
  sources: [
    SOURCES.dynamoKeyDesign,
    SOURCES.dynamoChoosingKey,
    SOURCES.dynamoKeyRangeThrottling,
    SOURCES.dynamoAdaptive,
    SOURCES.dynamoSharding,
    SOURCES.dynamoGsiSharding,
    SOURCES.dynamoGsiThroughput,
    SOURCES.dynamoLsiWrites,
    SOURCES.dynamoGsiThrottling,
    SOURCES.cfnGsiKeySchema,
    SOURCES.cfnGlobalTableGsiKeySchema,
    // A table's own new key (composite-key.ts): KeySchema changes replace the table.
    SOURCES.cfnDynamoDbTable,
    // A key attribute never changes in place (the composite key's attribute must not change), and an LSI needs a sort key.
    SOURCES.dynamoUpdateItem,
    SOURCES.dynamoLsiLimit,
    SOURCES.dynamoUpdateTable,
    SOURCES.cfnTableGsiUpdates,
    SOURCES.cosmosPartitioning,
    SOURCES.cosmosTransactionalBatch,
    SOURCES.cosmosHierarchical,
    SOURCES.cosmosScalingThroughput,
    SOURCES.cosmosServerlessPerformance,
  ],
  messages: () => ({
    fewValues: `partition key {{key|key}}{{index|onIndex}} has {{cardinality|one=# distinct value|other=# distinct values}}, below minCardinality {{minCardinality}}, and its {{hottest|key=hottest value|firstLevel=hottest first-level value|one=one value}} is over the usable ceiling on one key (${HOT_OF_USABLE}): at most {{cardinality|one=# partition ever takes|other=# partitions ever take}} traffic{{!served}}, and {{hottest|key=the hottest value|firstLevel=the hottest value|one=that value}} throttles on its own{{/served}}`,
    fewValuesEachFits: `partition key {{key|key}}{{index|onIndex}} has only {{cardinality|one=# distinct value|other=# distinct values}}: its whole peak ({{peakLoad}} of a usable {{peakUsable}} {{peakUnit}}) needs more than one partition, and its {{hottest|key=hottest value|firstLevel=hottest first-level value|one=one value}} fits {{hotPartitions|one=one|other=the # physical partitions it spans}} (${HOT_OF_USABLE}): fine today, saturated when traffic grows {{growthToCeiling}}×`,
    // Not a growth that would read "1×": the value is at its usable ceiling, as SG014 says it.
    fewValuesEachFitsAtCeiling: `partition key {{key|key}}{{index|onIndex}} has only {{cardinality|one=# distinct value|other=# distinct values}}: its whole peak ({{peakLoad}} of a usable {{peakUsable}} {{peakUnit}}) needs more than one partition, and its {{hottest|key=hottest value|firstLevel=hottest first-level value|one=one value}} fits {{hotPartitions|one=one|other=the # physical partitions it spans}} (${HOT_OF_USABLE}): fine today, but at its usable ceiling with no growth left`,
    fewValuesFits: `partition key {{key|key}}{{index|onIndex}} has only {{cardinality|one=# distinct value|other=# distinct values}}, but its whole peak fits one partition with headroom ({{peakLoad}} of a usable {{peakUsable}} {{peakUnit}}): fine today; its {{hottest|key=hottest value|firstLevel=hottest first-level value|one=one value}} (${HOT_OF_USABLE}) saturates {{hotPartitions|one=its partition|other=the # physical partitions it spans}} when traffic grows {{growthToCeiling}}×`,
    fewValuesIdle:
      'partition key {{key|key}}{{index|onIndex}} has only {{cardinality|one=# distinct value|other=# distinct values}}, but its whole peak fits one partition with headroom ({{peakLoad}} of a usable {{peakUsable}} {{peakUnit}}): fine today: none of the declared traffic reaches it',
    fewValuesOnePhysicalPartition:
      'partition key {{key|key}} has only {{cardinality|one=# distinct value|other=# distinct values}}, but the container has one physical partition ({{containerRu}} RU/s), which every key value shares whatever the key: more values would change nothing at this size',
    // Few-valued index keys (a status) are the ones updates move: each move is a delete and a put on the index.
    indexKeyChanges: " (counted at the table's writes; an update that changes the index key costs the index two writes: declare its workload.peakWriteUnits)",
    atCapacityRaise:
      "; the hottest value's usable RU/s are its physical partition's share at the {{raisedRu}} RU/s {{!serverlessRu}}the container's peak needs, less its neighbours' expected load, not at its declared {{declaredRu}} RU/s{{/serverlessRu}}{{?serverlessRu}}SG017's move to manual throughput asks for, less its neighbours' expected load, not the {{serverlessRu}} RU/s serverless serves today{{/serverlessRu}}",
    // A hierarchical key's first-level value keeps all its documents on one physical partition: it saturates before the full key's.
    firstLevelBindsSpanning:
      " (a {{hotLevel|code}} value, whose {{prefixGb}} GB span only {{spanned|partitions}} ({{partitionGb}} GB each), so its whole load counts on those, however many {{deeperLevels|code}} values it holds; it saturates before the full key's hottest value, {{keyHotLoad}} of a usable {{keyHotUsable}} {{hotUnit}})",
    firstLevelBinds:
      " (a {{hotLevel|code}} value, whose documents stay on one physical partition until they hold {{partitionGb}} GB, so its whole load counts there, however many {{deeperLevels|code}} values it holds; it saturates before the full key's hottest value, {{keyHotLoad}} of a usable {{keyHotUsable}} {{hotUnit}})",
    // A key of one value (a sparse index's flag): its one value holds every item, so its share is 1 by definition.
    oneValue:
      '; with one value, every {{holder|table=item of the table|index=item the index holds|container=document of the container}} has the same key value, which takes all the traffic: its share is 100% by definition, and no hottest-value share is left to declare',
    fixValues: 'use a higher-cardinality attribute or a composite key, or ',
    // Where no shard count serves (the advice opens with why), the re-key is the lead and that sentence follows it.
    fixValuesNoCount: 'use a higher-cardinality attribute or a composite key; ',
    fixEachFits:
      'no sharding needed at this load (N = 1: the {{hottest|key=hottest value|firstLevel=hottest first-level value|one=one value}} fits {{hotPartitions|one=its own partition|other=the # physical partitions it spans}}, and more keys would only make every read a fan-out); re-key it (a higher-cardinality attribute or a composite key), or shard it into the N its peak then needs, before traffic grows {{growthToCeiling}}×',
    fixEachFitsAtCeiling:
      'no sharding needed at this load (N = 1: the {{hottest|key=hottest value|firstLevel=hottest first-level value|one=one value}} fits {{hotPartitions|one=its own partition|other=the # physical partitions it spans}}, and more keys would only make every read a fan-out); re-key it (a higher-cardinality attribute or a composite key), or shard it into the N its peak then needs, now, before traffic grows at all',
    fixOnePhysicalPartition:
      'no change needed while the container stays on one physical partition; re-key it (a higher-cardinality attribute or a composite key) before it grows past {{partitionRu}} RU/s{{throughputFrom|provisioned=|storage= (all a serverless container serves on one physical partition)}} or {{partitionGb}} GB',
    fixFits:
      'no change needed at this load (sharding would only make every read a fan-out); re-key it (a higher-cardinality attribute or a composite key) before traffic outgrows one partition',
    fixOneValue:
      '; a key of one value cannot spread at all: the way past one partition is a sharded key (the value with a suffix of N values, as AWS shards a GSI key written by every item) or a different key',
    ...ENGINE_NOTE_MESSAGES,
    ...INDEX_WRITE_MESSAGES,
    ...PROJECTION_MESSAGES,
    ...PROJECTION_VERDICT_MESSAGES,
    ...HOT_VALUE_VERDICT_MESSAGES,
    ...STATUS_SHARE_MESSAGES,
    ...ADVICE_MESSAGES,
  }),
  check(design, { spaces }) {
    const { minCardinality } = design.thresholds;
    return spaces.flatMap((a): RuleHit<Id>[] => {
      const { space } = a;
      if (a.cardinality >= minCardinality || isTimeBucketKey(space.partitionKey)) return [];
      // Size shards (SG006's fix, one plan) already spread this key's values over more keys: saying "no change
      // needed" beside them would contradict that fix, and once they are declared they are the fix. Kept as a
      // duplicate, not a distinct failure: here the hottest value fits its throughput, so SG001 could only warn of
      // growth with a fix of "no sharding needed (N = 1)", while SG006's error already shards (or, for a categorical key,
      // re-keys) the same key, which spreads that load too; SG014 still reports a hottest share above maxHotKeyShare.
      // Over its ceiling, the throughput failure is distinct from the size, and `fewValues` reports it below.
      if (a.sizeNeed > 1 && a.over.length === 0) return [];
      // A needless sharding kept on purpose (SG007 acknowledged or off) is the design: its stored keys fit, as a
      // sharding the load needs does, and the unsharded key's growth would speak of a key the design will not become.
      if (needlessShardingKept(a)) return [];
      const peak = nearestToCeiling(a.whole);
      // The hottest value on one key, unsharded: what the growth note and the error speak of.
      const unsharded = unshardedDimensions(a);
      const keyHot = nearestToCeiling(unsharded);
      // One growth factor for the key, its hottest value's (hotValueGrowth), as SG014 gives it; a hierarchical key's
      // first-level value, all on one physical partition, where it saturates first (SG003 reports it once over). Not
      // where the full key's hottest value is over already: that error speaks of it.
      const keyGrowth = hotValueGrowth(a);
      const first = a.over.length === 0 ? firstLevelJudged(a) : undefined;
      const binding = first && first.growth < keyGrowth ? first : undefined;
      const hot = binding ? nearestToCeiling(binding.dimensions) : keyHot;
      const growth = binding ? binding.growth : keyGrowth;
      // An index whose key updates change is counted at twice the table's writes: the note says so, with the figure without the doubling.
      const indexWrites = indexWriteNote(a);
      // A status-like key judged at the uniform share: the last note names the field that declares its hottest value's
      // (not where the declared traffic does not reach the key: no share changes that).
      const statusShare = statusShareNote(a);
      const common = Object.assign({}, indexWrites.data, statusShare.data, {
        key: space.partitionKey.map((k) => k.name),
        index: space.index,
        holder: space.index !== undefined ? 'index' : a.owner.profile.nouns.resource,
        cardinality: a.cardinality,
        minCardinality,
        peakLoad: peak.load,
        peakUsable: peak.usable,
        peakUnit: peak.unit,
        hotLoad: hot.load,
        hotUsable: hot.usable,
        hotUnit: hot.unit,
        // Beside neighbours that take part of it (DynamoDB): the usable ceiling they leave it from (HOT_OF_USABLE).
        ...(hot.neighbours && hot.neighbours.load > 0 ? { hotUsableAlone: hot.neighbours.usableAlone } : {}),
        // A key of one value has no hottest value: its one value is all of it.
        hottest: binding ? 'firstLevel' : a.cardinality === 1 ? 'one' : 'key',
        // A first-level value past 50 GB spans one physical partition per 50 GB: it saturates those, not "its partition".
        hotPartitions: binding?.spanned ?? 1,
        ...(binding
          ? {
              hotLevel: binding.level.name,
              deeperLevels: space.partitionKey.slice(1).map((l) => l.name),
              partitionGb: a.owner.profile.prefixPartition?.(design).gb,
              keyHotLoad: keyHot.load,
              keyHotUsable: keyHot.usable,
              ...(binding.spanned > 1 ? { spanned: binding.spanned, prefixGb: binding.gb } : {}),
            }
          : {}),
      });
      // Only an index that declares no writes of its own is counted at the table's (a declared figure equal to the table's is the designer's count).
      const notes: Id[] = [
        ...(space.index !== undefined && space.workload.writeSource === 'table' ? (['indexKeyChanges'] as const) : []),
        ...indexWrites.ids,
        ...(a.cardinality === 1 ? (['oneValue'] as const) : []),
      ];
      // A fix that keeps the key for now names the two ways a one-valued key can grow (fixValues names them already).
      const oneValueFix: Id[] = a.cardinality === 1 ? ['fixOneValue'] : [];
      // Over its capacity (SG017) the container is judged at the raise SG017 asks for: the hot value's usable says so.
      const raised = hot.physical?.raisedFrom ? hot.physical : undefined;
      // Only where the message quotes the hottest value's usable (not when the whole peak fits one partition).
      const hotNotes: Id[] = [
        ...notes,
        ...(raised?.raisedFrom ? ['atCapacityRaise' as const] : []),
        ...(binding ? [binding.spanned > 1 ? ('firstLevelBindsSpanning' as const) : ('firstLevelBinds' as const)] : []),
      ];
      const raisedData = raised?.raisedFrom ? { raisedRu: raised.requestUnits, ...capacityRaiseData(raised) } : {};
      // On a container of one physical partition the number of key values changes nothing: every
      // value shares that partition whatever the key (SG003 judges the hottest value; SG017 the capacity).
      const physical = onePhysicalPartition(a);
      // Only while its own throughput serves the peak: above it, the capacity (SG017) and this key both fail.
      if (physical && a.total.reads + a.total.writes <= physical.requestUnits) {
        return [
          {
            path: space.partitionKeyPath,
            severity: 'warning',
            messageId: 'fewValuesOnePhysicalPartition',
            fixId: 'fixOnePhysicalPartition',
            data: Object.assign({}, common, {
              containerRu: physical.requestUnits,
              partitionRu: onePartitionRequestUnits(physical),
              throughputFrom: physical.throughputFromStorage ? 'storage' : 'provisioned',
              partitionGb: COSMOS_LIMITS.physicalPartitionGb,
            }),
          },
        ];
      }
      const warning = (messageId: Id, fixId: Id, growth: number, withNotes = notes): RuleHit<Id> => ({
        path: space.partitionKeyPath,
        index: space.index,
        severity: 'warning',
        messageId,
        notes: withNotes,
        fixId,
        ...(oneValueFix.length > 0 ? { fixNotes: oneValueFix } : {}),
        data: Object.assign({}, common, raisedData, Number.isFinite(growth) ? { growthToCeiling: growth } : {}),
      });
      // A first-level value over its physical partition's share is SG003's error: no "fine today" beside it.
      if (binding && !allFit(binding.dimensions)) return [];
      if (a.fitsOnePartition)
        return [
          Number.isFinite(growth)
            ? warning('fewValuesFits', 'fixFits', growth, [...hotNotes, ...statusShare.ids])
            : warning('fewValuesIdle', 'fixFits', growth),
        ];
      // A declared sharding the load does not need is judged as SG007's fix leaves it, unsharded, even where it is itself
      // over (DynamoDB copies beside each other on their partitions).
      if (a.over.length === 0 || (space.sharding && a.plan.layout === 'none')) {
        // Each stored key fits: a sharding the load needs got it there, and is the fix (AWS's GSI
        // write sharding); without one (or with one the load does not need, SG007's) it is a growth risk.
        return space.sharding && a.plan.layout !== 'none'
          ? []
          : [
              atCeiling(growth)
                ? warning('fewValuesEachFitsAtCeiling', 'fixEachFitsAtCeiling', growth, [...hotNotes, ...statusShare.ids])
                : warning('fewValuesEachFits', 'fixEachFits', growth, [...hotNotes, ...statusShare.ids]),
            ];
      }
      // Over the ceiling under a declared sharding: the count is wrong, not the key, and SG003 gives the count.
      if (!reportsHotValueOver(a)) return [];
      const advice = adviceFor(a);
      // Over only on the 2× a name gives an index's writes: a warning, as SG003's (index-writes.ts).
      const verdict = indexWriteVerdict(a, advice.shards);
      // Served at its peak (within its physical partition in full, or isolated by adaptive capacity): a warning, as SG003's.
      const served = hotValueVerdict(a);
      // Over only on the table's writes a KEYS_ONLY or INCLUDE index is counted at, an upper bound: a warning whose fix
      // declares the index's writes first and gives the re-key after it with no edit, as SG003's (projection.ts).
      const labels = a.over.map((d) => d.label);
      const projected = labels.includes('write') ? projectionNote(space) : { ids: [], data: {} };
      const bounded = upperBoundVerdict(space, labels);
      // Over the logical partition's ceiling too, the lower physical share binds: the usable figure SG003 quotes.
      const bound = bindingDimension(a, hot).dimension;
      // An index keyed by a category leads with its own re-key (categorical-key.ts): no second one before it.
      const lead = advice.ids[0];
      const reKeyLeads = lead === 'categoricalIndexReKey' || lead === 'compositeKeyLeads';
      // Advice that opens by saying no count serves is a sentence of its own after the re-key, not an alternative to it.
      const fixValues: Id = lead?.startsWith('unspread') || lead?.startsWith('noCount') ? 'fixValuesNoCount' : 'fixValues';
      return [
        {
          path: space.partitionKeyPath,
          index: space.index,
          messageId: 'fewValues',
          // SG003 defers to this finding: it carries SG003's notes on what the engine does for the value, which would otherwise go unsaid.
          notes: [
            ...hotNotes,
            ...served.ids,
            ...verdict.ids,
            ...projected.ids,
            ...(bounded?.ids ?? []),
            ...(sg003DefersToSg001(a) ? engineNotes(a) : []),
            ...statusShare.ids,
          ],
          severity: bounded ? 'warning' : (verdict.severity ?? served.severity),
          ...(bounded
            ? { fixId: bounded.fixLead, fixNotes: [...(reKeyLeads ? [] : ([fixValues] as Id[])), ...advice.ids, ...verdict.fixIds] }
            : reKeyLeads
              ? { fixId: advice.ids[0], fixNotes: [...advice.ids.slice(1), ...verdict.fixIds] }
              : { fixId: fixValues, fixNotes: [...advice.ids, ...verdict.fixIds] }),
          data: Object.assign(
            {},
            advice.data,
            common,
            raisedData,
            verdict.data,
            projected.data,
            served.data,
            served.severity === 'warning' ? { served: true } : {},
            { hotUsable: bound.usable },
          ),
          edits: bounded ? undefined : advice.edits,
        },
      ];
    });
  },
});

/**
 * Whether SG001 reports `a`'s hottest value over its ceiling (`fewValues`, with the fix SG003 would give it): a key of
 * fewer values than minCardinality, not a time bucket, over its ceiling unsharded (a declared sharding's count is
 * SG003's), on more than one physical partition, and whose whole peak does not fit one partition. Where SG003's share
 * is the uniform 1/cardinality, the few values are the cause, and SG003 defers to this finding (one finding, one fix).
 */
export function reportsHotValueOver(a: SpaceAnalysis): boolean {
  const { space, design } = a;
  if (a.cardinality >= design.thresholds.minCardinality || isTimeBucketKey(space.partitionKey)) return false;
  // Over on one table item's writes (inherited): more index values would not spread that item; SG003 says so.
  if (a.inherited !== undefined || a.over.length === 0 || space.sharding || a.fitsOnePartition) return false;
  const physical = onePhysicalPartition(a);
  return !(physical && a.total.reads + a.total.writes <= physical.requestUnits);
}

/**
 * Whether SG003 defers to SG001's finding on `a` (`reportsHotValueOver`): its share is the uniform one alone (nothing
 * declared or observed, no pattern naming the value it reads, keyValue). A share above uniform is a skew of its own,
 * and SG003 reports it beside SG001.
 */
export function sg003DefersToSg001(a: SpaceAnalysis): boolean {
  return a.space.workload.hotKeyShareSource === 'uniform' && a.namedReads === undefined && reportsHotValueOver(a);
}
