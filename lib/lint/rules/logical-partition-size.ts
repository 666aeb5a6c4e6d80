import type { KeyAttribute, KeyDesign } from '../../design/key-design';
import { fits } from '../../design/sharding';
import type { KeyValueSizeLimit } from '../../engines';
import { ADVICE_MESSAGES, adviceFor, finerLevelForSize, MOVED_FIGURES, SHARD_RAISE, type AdviceId } from '../advice';
import { usablePartitionGb } from '../analysis';
import { fmt } from '../format';
import { keyValueSize } from '../key-value-size';
import { largestPartitionSize } from '../partition-size';
import { raiseInPlace } from '../physical-partition';
import { bucketsSplitSize, firstLevelSplits, prefixIngestionHits } from '../prefix-ingestion';
import { defineRule, type MessageData, type RuleHit } from '../rule';
import { indexesRead, LOCAL_INDEX_CLAUSES } from '../size-bound';
import { SOURCES } from '../sources';

type Id =
  | 'logicalPartition'
  | 'logicalPartitionAtLeast'
  | 'itemCollection'
  | 'itemCollectionUndeclared'
  | 'fixDeclareItemCollection'
  | 'estimatedFromLevel'
  | 'declaredAtLevel'
  | 'perShard'
  | 'logicalPartitionCap'
  | 'itemCollectionCap'
  | 'fixItemCollectionUnread'
  | 'orOwnResource'
  | 'sizedForAverage'
  | 'fixItemCollection'
  | 'sizeSplit'
  | 'shardsNeedRaise'
  | 'finerLevelFirst'
  | 'finerLevelLoadStays'
  | 'deferToFirstLevelBuckets'
  | AdviceId;

export const logicalPartitionSize = defineRule({
  id: 'SG006',
  title: 'logical-partition-size',
  summary: 'The largest logical partition or item collection grows past its size limit',
  severity: 'error',
  thresholds: ['headroom', 'maxShards'],
  fires:
    "Cosmos DB: the largest logical partition (one full key value; declared, or estimated from a level's largestGb) is expected above the usable share (headroom) of 20 GB; DynamoDB: with an LSI, the largest item collection above the usable share of 10 GB.",
  firesAlso: [
    "No largest partition declared, but storage.totalGb: at least the average, totalGb ÷ the values the key can take (the product of its levels' cardinalities; one copy of the data where copies are declared), a lower bound, flagged only when that average is above the usable share.",
    "DynamoDB, a warning: a table with an LSI that declares no storage.largestPartitionGb, since the 10 GB limit of its item collections is then not checked (one value's items past it fail their writes).",
    "A level's largestGb: spread over its values' children. A time-bucket level below repeats under every value above, so a value's GB spreads over its buckets (/deviceId 25 GB → /day 365: 0.07 GB per device and day).",
  ],
  rationale:
    'A Cosmos DB logical partition holds at most 20 GB, and writes to a full one fail (Azure: "Service quotas"); a DynamoDB item collection is capped at 10 GB when the table has a local secondary index (AWS: "Item collection size limit"). Keep a growth buffer (headroom).',
  rationaleDetails: [
    'A Cosmos DB hierarchical key lets one first-level value hold more than 20 GB over several logical partitions (and physical ones once past 50 GB), but each full key value stays under 20 GB (Azure: "Hierarchical partition keys").',
  ],
  fix: 'Cosmos DB: deepen the key first while it has fewer than 3 levels; then, or otherwise, spread the largest value over more keys, or move the whale out. DynamoDB: a GSI instead of the LSI has no collection limit.',
  fixDetails: [
    'A deeper Cosmos DB key: a level below lets one value hold more than 20 GB over several logical partitions, each full key value still under 20 GB. The designer names the level, so it is advice, not an edit.',
    "Where that level goes: after the deepest level a declared query gives by prefix (reads by (`/tenantId`, `/day`): `/tenantId` → `/day` → the new level), since a level between breaks that prefix and the query fans out over the first-level value's partitions. With no queries declared, before a time bucket (SG004's order), and the fix names the order with it last, which keeps a read by the whole current key targeted.",
    "That deeper key also where the hottest value's load needs shards (SG003): it fixes the size, not the load, since a first-level value's documents, and every write to it, stay on one physical partition until they hold 50 GB, so the fix says the load's shards are still needed.",
    "Not where that value, the deeper key's first level, would be over on the physical partitions its size spans (SG003 judges that level at least at the flat key's share: it keeps the value whole): the shards, which fix both, lead instead. Where it is proposed, the flat key's declared `workload.hotKeyShare` and `storage.largestPartitionGb` are said to be declared on that first level (`partitionKey.paths[0]`), which keeps the value whole; under a new first level, which splits it, to be removed.",
    'Under a first level whose SG003 fix buckets on an attribute finer than the key (the item `id`), each bucket holds 1/N of every full key value: where size ÷ N fits, SG006 (and SG003 on the full key) defers to that fix, with no shards of the full key.',
    'Spreading the largest value: the shard count is shared with SG003, and at least the count its size needs. Where that plan needs more container RU/s first, the split still leads (after a hierarchical key where the plan offers one) and the raise follows: the cheaper raise, with its count.',
  ],
  sources: [
    SOURCES.cosmosLimits,
    SOURCES.cosmosHierarchical,
    SOURCES.cosmosIotPartitioning,
    SOURCES.dynamoLsiLimit,
    // Past maxShards by size, batching serves nothing: a time to live expires what need not be kept (size-bound.ts).
    SOURCES.dynamoTtl,
    SOURCES.cosmosTtl,
    SOURCES.cfnLocalSecondaryIndex,
    // The fix's count assumes its keys hash onto different partitions (hashed-keys.ts): what each engine does when two do not.
    SOURCES.dynamoAdaptive,
    SOURCES.cosmosPartitioning,
    SOURCES.cosmosTransactionalBatch,
    // A whale's hierarchical key, written with the raise its first level needs: a new container, its documents copied.
    SOURCES.cosmosScalingThroughput,
    SOURCES.cosmosChangePartitionKey,
  ],
  messages: () => ({
    logicalPartition: 'the largest logical partition is expected at {{size}} GB',
    // The average is a lower bound: a key of V values holding T GB has one value holding at least T ÷ V.
    logicalPartitionAtLeast:
      "the largest logical partition holds at least {{size}} GB: {{totalGb}} GB over {{values}} values of {{key|key}} (storage.totalGb ÷ the values the key can take, the product of its levels' cardinalities: the average, so a lower bound; declare storage.largestPartitionGb for the largest itself)",
    itemCollection: 'the largest item collection is expected at {{size}} GB',
    itemCollectionUndeclared:
      'this table has a local secondary index ({{localIndexes|indexes}}), so DynamoDB caps each item collection (the items of one {{key|key}} value, with their index entries) at {{ceiling}} GB and fails its writes past that, but no storage.largestPartitionGb is declared: that limit is not checked',
    fixDeclareItemCollection:
      "declare storage.largestPartitionGb, the largest {{key|key}} value's items and index entries in GB at the end of their retention, so that SG006 checks it against the {{usableGb}} GB usable at {{headroom|percent}}; where one value keeps growing (an ever-later sort key), a global secondary index instead of the LSI has no collection limit",
    estimatedFromLevel: " (estimated from {{declaredAt}}: spread over that value's average number of {{deepestLevel|code}} values)",
    declaredAtLevel: ' (declared at {{declaredAt}})',
    perShard: ' ({{sizePerShard}} GB per shard over {{declaredShards}} shards)',
    logicalPartitionCap: '; Cosmos DB caps one logical partition at {{ceiling}} GB (hard), {{usableGb}} GB usable at {{headroom|percent}}',
    itemCollectionCap: '; with a local secondary index DynamoDB caps an item collection at {{ceiling}} GB, {{usableGb}} GB usable at {{headroom|percent}}',
    // A count sized for the average is the least the largest value needs: it may hold up to the whole container.
    sizedForAverage:
      '; a count sized for the {{size}} GB average, which the largest value holds at least (it may hold up to the {{totalGb}} GB): declare storage.largestPartitionGb to size it for the largest',
    orOwnResource: '; or move the largest {{key|key}} value to its own {{resource}}, keyed by a finer attribute',
    // A size problem's fix leads with the split that fits, not with the raise its load needs.
    sizeSplit: ' ({{size}} GB ÷ {{shards}} = {{sizePerPlannedShard}} GB per shard, within the {{usableGb}} GB usable)',
    shardsNeedRaise: `; at the current throughput no shard count fits the hottest value's physical partition (SG003), so for these shards ${raiseInPlace(SHARD_RAISE)}`,
    // An LSI is part of the table's creation, so this fix is a new table, which the user must plan as one.
    fixItemCollection:
      'replace the local secondary index with a global one (no item-collection limit; its queries become eventually consistent): an LSI can only be created with its table, so this means a new table and a migration of the data; or ',
    // No access pattern reads the index that sets the limit: removing it serves, with no index to replace.
    fixItemCollectionUnread:
      'remove the local secondary {{localIndexes|indexes}}, which no access pattern reads (without one an item collection has no size limit): an LSI can only be created with its table, so this means a new table and a migration of the data; or ',
    // For a size problem the level below is Microsoft's answer ("if you have scenarios in which
    // partition keys can exceed 20 GB of data, subpartitioning can help"), so it leads; the shards follow.
    finerLevelFirst: `make the key hierarchical, {{levels}}: a level of many values that the reads give with {{key|key}} (an order or item id), so that one {{key|key}} value may hold more than 20 GB, over several logical partitions (and physical ones once past 50 GB), while its queries stay targeted by prefix (each full key value still holds at most 20 GB)${LEVEL_LAST}${MOVED_FIGURES}; or `,
    // The deeper key fixes the size; a write-hot value under 50 GB keeps its writes on one physical partition.
    finerLevelLoadStays: `make the key hierarchical, {{levels}}: a level of many values that the reads give with {{key|key}} (an order or item id), so that one {{key|key}} value may hold more than 20 GB, over several logical partitions, while its queries stay targeted by prefix (each full key value still holds at most 20 GB)${LEVEL_LAST}${MOVED_FIGURES}; this fixes the size, not the load: a {{key|key}} value's documents, and every write to it, stay on one physical partition until they hold 50 GB, so its load still needs SG003's fix; or `,
    // The first level's buckets (SG003 at the first level), hashing a finer attribute than the key, split this value too.
    deferToFirstLevelBuckets:
      "apply the fix of the hottest {{level|code}} value (SG003 at {{levelPath|code}}): its buckets hash {{bucketSource|code}}, finer than the key, so every {{fullKey|key}} value under it is split over its buckets, its data as its reads and writes: {{size}} GB ÷ {{splitBuckets}} = {{sizePerBucket}} GB per bucket, within the {{usableGb}} GB usable; shards of the full key would keep that value's documents under one first-level value, whose load its fix already spreads",
    ...ADVICE_MESSAGES,
  }),
  check(design, analysis): RuleHit<Id>[] {
    const limit = analysis.profile.keyValueSizeLimit(design);
    const usable = usablePartitionGb(analysis);
    const figure = largestPartitionSize(design);
    if (limit?.imposedBy && usable !== undefined && figure === undefined) return [undeclaredItemCollection(design, limit.gb, limit.imposedBy, usable)];
    if (limit === undefined || usable === undefined || figure === undefined) return [];
    const size = figure.gb;
    const space = design.primaryKey;
    const shards = sizeShards(design);
    if (fits(size / shards, usable)) return [];
    const spaceAnalysis = analysis.of(space);
    const advice = adviceFor(spaceAnalysis);
    const level = figure.level;
    const data = Object.assign({}, advice.data, {
      size,
      sizeSource: figure.source,
      ...(figure.source === 'average' ? { totalGb: figure.totalGb as number, values: figure.values as number } : {}),
      usableGb: usable,
      ceiling: limit.gb,
      headroom: design.thresholds.headroom,
      ...(shards > 1 ? { sizePerShard: size / shards, declaredShards: shards } : {}),
      ...(level !== undefined ? { declaredAt: figure.at, deepestLevel: space.partitionKey[space.partitionKey.length - 1].name } : {}),
    });
    const perShard: Id[] = shards > 1 ? ['perShard'] : [];
    if (limit.cause === 'hard') {
      const estimate: Id[] = level === undefined ? [] : [figure.source === 'derived' ? 'estimatedFromLevel' : 'declaredAtLevel'];
      // A deeper key the plan's fix leaves out because the load needs shards: it still fixes the size, so it leads.
      const deeper = advice.ids.some((id) => id === 'orFinerLevel' || KEY_CHANGES.has(id)) ? undefined : finerLevelForSize(spaceAnalysis);
      if (deeper) Object.assign(data, deeper);
      // Where the load needs no shards of its own, the deeper key is the whole fix of this finding (finerLevelFirst).
      const lead: Id = spaceAnalysis.plan.needs.throughput === 1 ? 'finerLevelFirst' : 'finerLevelLoadStays';
      Object.assign(data, levelLast(data, space.partitionKey, spaceAnalysis.owner.patternsOn(space).length > 0));
      // The hottest first-level value's buckets hash a finer attribute than the key and split this value too (SG003 at
      // the first level): that fix is this one's, rather than shards of the full key that leave the first level over.
      const first = prefixIngestionHits(analysis)[0];
      const split = first && bucketsSplitSize(analysis, first, firstLevelSplits(first.data ?? {}));
      if (first && split) {
        const levelData = {
          level: space.partitionKey[0].name,
          levelPath: first.path,
          bucketSource: first.data?.source as string,
          fullKey: space.partitionKey.map((l) => l.name),
        };
        return [
          {
            path: figure.source === 'average' ? figure.at : level === undefined ? 'storage.largestPartitionGb' : space.partitionKeyPath,
            messageId: figure.source === 'average' ? 'logicalPartitionAtLeast' : 'logicalPartition',
            notes: [...estimate, ...perShard, 'logicalPartitionCap'],
            fixId: 'deferToFirstLevelBuckets',
            data: Object.assign(data, levelData, split),
          },
        ];
      }
      const [fixId, ...fixNotes] = deeper ? [lead, ...sizeFirst(advice.ids)] : sizeFirst(advice.ids);
      if (fixNotes.includes('sizeSplit')) Object.assign(data, { sizePerPlannedShard: size / (advice.data.shards as number) });
      return [
        {
          // Declared for the whole key: that field; from a key level: the key (its path stays put when the key is
          // reordered); averaged: storage.totalGb.
          path: figure.source === 'average' ? figure.at : level === undefined ? 'storage.largestPartitionGb' : space.partitionKeyPath,
          messageId: figure.source === 'average' ? 'logicalPartitionAtLeast' : 'logicalPartition',
          notes: [...estimate, ...perShard, 'logicalPartitionCap'],
          fixId,
          fixNotes: [
            ...fixNotes,
            ...(figure.source === 'average' && sizedBySize(spaceAnalysis.plan.needs) ? (['sizedForAverage'] as const) : []),
            'orOwnResource',
          ],
          data,
          edits: advice.edits,
        },
      ];
    }
    // The index clauses of a size-bound fix repeat this finding's own lead (`fixItemCollection*`): said once, there.
    const fixNotes = withSizeSplit(advice.ids.filter((id) => !LOCAL_INDEX_CLAUSES.has(id)));
    if (fixNotes.includes('sizeSplit')) Object.assign(data, { sizePerPlannedShard: size / (advice.data.shards as number) });
    const unread = limit.imposedBy !== undefined && !indexesRead(analysis, limit.imposedBy.names);
    return [
      {
        path: 'storage.largestPartitionGb',
        messageId: 'itemCollection',
        notes: [...perShard, 'itemCollectionCap'],
        fixId: unread ? 'fixItemCollectionUnread' : 'fixItemCollection',
        fixNotes,
        data: unread ? Object.assign(data, { localIndexes: limit.imposedBy?.names }) : data,
        // Sharding every key for the largest collection makes every read fan out; the index swap is the
        // native fix but changes read consistency: a decision, so no edit.
      },
    ];
  },
  unjudged(design, analysis) {
    // The limit itself, not keyValueSize's: that is undefined where no size is declared, when the cap is all to name.
    const limit = analysis.profile.keyValueSizeLimit(design);
    // A limit an LSI sets, left unchecked, is a warning of its own (itemCollectionUndeclared): nothing more to say.
    if (limit === undefined || limit.imposedBy) return [];
    const size = keyValueSize(analysis.of(design.primaryKey));
    const largest = `the largest ${analysis.profile.nouns.keyValueData}'s size against its ${fmt(limit.gb)} GB cap`;
    const declare = 'storage.largestPartitionGb';
    if (size === undefined) return [{ kind: 'partitionSize', declare, what: `${largest}: no storage declared` }];
    // The average is a lower bound: within the cap it says nothing of the largest value (past it, the finding says so).
    if (size.source !== 'average' || !fits(size.gb / sizeShards(design), size.usableGb)) return [];
    return [{ kind: 'partitionSize', declare, what: `${largest}, judged only at the average (${fmt(size.gb)} GB: storage.totalGb ÷ the key's values)` }];
  },
});

/** The shards that divide the largest value's size: replicas copy the whole partition, so only shards do. */
function sizeShards(design: KeyDesign): number {
  const sharding = design.primaryKey.sharding;
  return sharding && sharding.strategy !== 'replicated' ? sharding.shards : 1;
}

/**
 * A table with an LSI and no declared size: the 10 GB item-collection limit is then unchecked (AWS "Item collection size
 * limit": past it, writes that add to the collection fail), so a warning asks for the figure instead of a silent pass.
 */
function undeclaredItemCollection(design: KeyDesign, ceiling: number, imposedBy: NonNullable<KeyValueSizeLimit['imposedBy']>, usableGb: number): RuleHit<Id> {
  return {
    path: imposedBy.path,
    severity: 'warning',
    messageId: 'itemCollectionUndeclared',
    fixId: 'fixDeclareItemCollection',
    data: {
      localIndexes: imposedBy.names,
      key: design.primaryKey.partitionKey.map((a) => a.name),
      ceiling,
      usableGb,
      headroom: design.thresholds.headroom,
    },
  };
}

// A new level placed before deeper levels (before a time bucket, where SG004 wants it) breaks the prefix a query by
// those levels gives ("Hierarchical partition keys": a query is routed by the prefix it gives); with no declared
// queries to place it by, the order that keeps such a query targeted is named too (levelLast).
const LEVEL_LAST =
  "{{?levelsLast}}, but a query by {{queriedLevels|key}} without it gives no prefix of that order and fans out over the {{firstLevel|code}} value's partitions: if the reads go by {{queriedLevels|key}}, put it last instead, {{levelsLast}}, as a unique id (SG004 takes one after a time bucket), or declare the accessPatterns that read the key{{/levelsLast}}";

/**
 * Where a suggested level (`keyOrder`, `levelAt`) sits before deeper time-bucket levels and no query is declared to place
 * it by (advice.ts places it after the deepest prefix a declared query gives): the order with it last, which keeps a
 * query by the whole current key targeted, and that key's levels. Nothing otherwise.
 */
function levelLast(data: MessageData, levels: readonly KeyAttribute[], queriesDeclared: boolean): MessageData {
  const order = data.keyOrder as readonly string[] | undefined;
  const at = data.levelAt as number | undefined;
  if (queriesDeclared || order === undefined || at === undefined || at === 0 || at >= order.length) return {};
  const deeper = order.slice(at).map((name) => levels.find((l) => l.name === name));
  if (!deeper.every((l) => l?.kind === 'time-bucket')) return {};
  return {
    levelsLast: [...order.map((name) => `\`${name}\``), '(the new level)'].join(' → '),
    queriedLevels: [...order],
    firstLevel: order[0],
  };
}

/** The clauses that shard the key (advice.ts `shardingClause`, a table's primary key): the first, and the one that ends it. */
const SHARD_CLAUSES: ReadonlySet<Id> = new Set<Id>(['shardCalculated', 'shardRandom', 'onSource', 'onRandom']);

/**
 * The shared advice's clauses with the split's size said right after the clause that shards the key (a DynamoDB item
 * collection with an LSI: each shard is an item collection of its own, "Item collection size limit"), so the fix says
 * how its count serves the size as well as the load, whatever leads it (warm throughput, a raise): `9 GB ÷ 2 = 4.5 GB
 * per shard`. Unchanged where the advice shards nothing (no count serves the load: the index swap stays the fix).
 */
function withSizeSplit(adviceIds: readonly AdviceId[]): Id[] {
  const at = adviceIds.findIndex((id) => SHARD_CLAUSES.has(id));
  if (at < 0) return [...adviceIds];
  return [...adviceIds.slice(0, at + 1), 'sizeSplit', ...adviceIds.slice(at + 1)];
}

/** The plan's count is the one the size needs (the load needs fewer): sized for the size figure. */
function sizedBySize(needs: { readonly throughput?: number; readonly size: number }): boolean {
  return needs.size > 1 && (needs.throughput ?? Infinity) <= needs.size;
}

/** The clauses of the shared advice that change the key itself (a new container): they lead a size fix as they lead the load's. */
const KEY_CHANGES: ReadonlySet<Id> = new Set<Id>(['newLevelFirst', 'deeperLevelFirst', 'finerLevelFirst', 'wholeValueLevelFirst']);

/**
 * The shared advice's clauses, with the split leading where the advice leads with a raise of the container's RU/s
 * (`raiseThenShard`: no shard count fits the physical partition at today's RU/s), after any change of the key that
 * comes before it (a hierarchical key, which lets a first-level value pass 20 GB: "Hierarchical partition keys"):
 * the size is this finding's cause, and the shards fix it at any RU/s (a logical partition holds at most 20 GB,
 * "Service quotas"); the raise those shards' load needs follows (the cheaper raise, whose count the advice names),
 * and the alternatives about load alone (a costlier raise with fewer shards, batching writes) are SG003's to give.
 */
function sizeFirst(adviceIds: readonly AdviceId[]): Id[] {
  // A level below the key, which the shared advice adds last (for load it spreads nothing), leads a size fix.
  const ids: Id[] = adviceIds.includes('orFinerLevel') ? ['finerLevelFirst', ...adviceIds.filter((id) => id !== 'orFinerLevel')] : [...adviceIds];
  const at = ids.findIndex((id) => !KEY_CHANGES.has(id));
  const why = ids.findIndex((id) => id === 'raiseThenShardWhy' || id === 'raiseThenShardLeastWhy');
  if (ids[at] !== 'raiseThenShard' || why < 0) return ids;
  const shards = ids.slice(at + 1, why).filter((id) => id !== 'setFanOut');
  return [...ids.slice(0, at), ...shards, 'sizeSplit', ...(ids.includes('setFanOut') ? (['setFanOut'] as const) : []), 'shardsNeedRaise'];
}
