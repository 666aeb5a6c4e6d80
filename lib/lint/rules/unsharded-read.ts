import { joinPath } from '../../design/field-path';
import { assumesLargeResult, gatheredReadShare } from '../../design/gathered-read-share';
import { shardsRead, type AccessPattern, type KeyDesign } from '../../design/key-design';
import { FAN_OUT_PAST_QUOTA_TEXT, FAN_OUT_PAST_RU_QUOTA_TEXT, fanOutPastQuota, ruQuota } from '../advice';
import { DesignAnalysis, type SpaceAnalysis } from '../analysis';
import { IDLE_FAN_OUT_MESSAGES, idleFanOutHits, shardingWriter } from '../idle-fan-out-warning';
import { needsEveryShard } from '../queries';
import { acknowledgementOf, defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';
import { FAN_OUT_UNCOUNTED_TEXT, uncountedFanOutData } from '../uncounted-fan-out';
import { capacityBelowPeak } from './capacity-below-peak';
import { shardingNeedless } from './needless-sharding';

const CAPACITY_RULE = 'SG017';

/** The design as setting fanOut on `patterns` leaves it, and its analysis: what the next lint judges. */
interface Fanned {
  readonly design: KeyDesign;
  readonly analysis: DesignAnalysis;
}

function fannedOut(design: KeyDesign, analysis: DesignAnalysis, patterns: readonly AccessPattern[]): Fanned {
  const fanning = new Set(patterns);
  const fanned = { ...design, accessPatterns: design.accessPatterns.map((p) => (fanning.has(p) ? { ...p, fanOut: true } : p)) } as KeyDesign;
  return { design: fanned, analysis: new DesignAnalysis(fanned, analysis.rulesOff) };
}

/**
 * The SG017 errors that setting fanOut on `patterns` would make fire and that carry no edits (a read peak past a
 * throughput quota, which only a quota request lifts), unacknowledged: --fix would trade an error it can write for
 * one it cannot. SG017 is run on the design as the fix would leave it (`fanned`), so the fix respects exactly what SG017
 * checks; an SG017 with edits (a capacity raise) is the fan-out's cost, which --fix then writes too.
 */
function editlessCapacityErrors(design: KeyDesign, analysis: DesignAnalysis, fanned: Fanned): RuleHit[] {
  const where = (hit: RuleHit) => `${hit.path} ${hit.index ?? ''}`;
  // An error there already (not a warning at the same path: an index's write peak past a quota only by a key's name).
  const before = new Set((capacityBelowPeak.check?.(design, analysis) ?? []).filter((hit) => hit.severity !== 'warning').map(where));
  const waived = (hit: RuleHit) => acknowledgementOf(design.acknowledgements, CAPACITY_RULE, hit.index) !== undefined;
  return (capacityBelowPeak.check?.(fanned.design, fanned.analysis) ?? []).filter(
    (hit) => hit.severity !== 'warning' && (hit.edits?.length ?? 0) === 0 && !before.has(where(hit)) && !waived(hit),
  );
}

/**
 * Whether the fan-out puts the key space's hottest value over its partition where it was within it: each Query of each
 * shard is a request of its own, charged at least 0.5 RCU on the partition of the shard it reads (AWS "Query"; "Using
 * write sharding to distribute workloads evenly"), so the neighbours of every shard grow with the fan-out
 * (`SpaceAnalysis.chargedAtCount`), and SG003 would fire on the design the edit leaves: a fix that trades this finding
 * for that one is not written.
 */
function fanOutPutsOver(a: SpaceAnalysis, fanned: Fanned): boolean {
  return a.over.length === 0 && (fanned.analysis.spaces.find((b) => b.space.path === a.space.path)?.over.length ?? 0) > 0;
}

export const unshardedRead = defineRule({
  id: 'SG009',
  title: 'unsharded-read',
  summary: 'A sharded key read without fanning out over its shards: results come back incomplete',
  severity: 'error',
  thresholds: [],
  fires:
    'A sharded key read without fan-out: a random-sharded key by any pattern, a calculated-sharded one without its source attribute; also a GSI keyed by the table\'s sharded attribute as stored, alone or with others: it holds the stored keys (`E#0`…). Not for a pattern that wants any matching item (wants: "any", a work queue\'s poll: one shard serves it), nor for replicated copies.',
  rationale:
    'Sharded writes spread one logical key over N stored keys; a read that queries one of them returns a fraction of the data, silently (AWS: "Using write sharding to distribute workloads evenly": every suffix is queried and the results merged). The classic "sharded writes, unsharded reads" failure.',
  firesAlso: [
    'A pattern that sets `fanOut` where nothing fans out: an unsharded key whose first level declares no buckets the pattern names (one query reads a value whole), or replicated copies (each holds every item). A warning at its `fanOut`: the field has no effect, and no rule counts the queries the reader believes the read sends.',
  ],
  rationaleDetails: [
    'An unsharded key: a DynamoDB Query gives one partition-key value and returns every item with it (AWS: "Querying tables in DynamoDB"), and a Cosmos DB query that gives the partition key is routed to that value\'s partition (Azure: "Query an Azure Cosmos DB container"): one query reads the value whole, and a `fanOut` there declares queries no one sends.',
  ],
  fix: 'Declare fan-out over all N shards (fanOutKeys / shardedKey().readKeys), supply the source attribute, or read a projection / index; when any matching item will do, declare wants: "any".',
  fixDetails: [
    'Calculated shards read without their source: supplying it (one shard per read) leads; the fan-out over every shard is the other read. Which one the pattern is, the design cannot say, so --fix writes neither.',
    'Random shards read whole with no `resultKb`: each shard\'s query is charged at least a minimum however little it returns (DynamoDB a read unit, half if eventually consistent, AWS: "Capacity unit consumption for read operations"; Cosmos DB about 2.5 RU, Azure: "Query an Azure Cosmos DB container"), N of them a read, which SG017 cannot count without the size: --fix writes no fanOut until it is declared.',
    "A `fanOut` with no effect: remove it, or declare the sharding you meant (random or calculated write shards), or name a bucketed first level in keyAttributes. Where the fix of the key's load or size shards it (SG003, SG006), declaring that sharding is the fix, and no edit removes the field first.",
    "Where fanning out would put the key's hottest value over its partition (SG003 on the design the edit leaves: each shard's Query a request of its own, charged at least 0.5 RCU on that shard's partition, AWS \"Query\"), --fix writes no fanOut and says so: set it by hand and apply what SG003 then asks. 70 random shards of a status key read at 51,502 RCU, one pattern of 7.5% fanned out: 318,024.85 RCU charged on 213 partitions, 1,135.8 RCU on the hottest shard beside 1,487.74, past the usable 2,400.",
    'A read a page at a time (`limit`) fans out as a page of every shard, merged in sort-key order: every shard serves every page, so the shards do not divide its reads (AWS, "Paginating table query results"); SG003 says when those reads need a cache (DAX).',
    "A fan-out whose reads pass a default throughput quota (DynamoDB's table-level 40,000 or account-level 80,000 read units, Azure's 1,000,000 RU/s per container or database), counted as SG017 counts them at headroom: the quota increase or support ticket is part of the fix, and no edit is written.",
  ],
  sources: [
    SOURCES.dynamoSharding,
    SOURCES.dynamoGsiThroughput,
    SOURCES.dynamoMultiAttributeKeys,
    SOURCES.dynamoQuery,
    SOURCES.dynamoQueryPagination,
    SOURCES.dynamoReadConsumption,
    SOURCES.dynamoQueryMinimum,
    SOURCES.dynamoReadConsistency,
    SOURCES.cosmosSynthetic,
    SOURCES.cosmosCrossPartition,
    SOURCES.dynamoThroughputQuotas,
    SOURCES.cosmosLimits,
  ],
  messages: () => ({
    random:
      'access pattern {{pattern|code}} reads {{key|key}}{{index|onIndex}}, which is random-sharded over {{shards}} keys, without fan-out: it sees about 1/{{shards}} of the data',
    calculated:
      'access pattern {{pattern|code}} reads {{key|key}}{{index|onIndex}}, calculated-sharded on {{source|code}}, without that attribute and without fan-out: it sees one of {{shards}} shards',
    carriedRandom:
      "access pattern {{pattern|code}} reads {{key|key}}{{index|onIndex}}, which holds the table's stored keys, random-sharded over {{shards}} keys ({{tableSharding|code}}), without fan-out: it sees about 1/{{shards}} of the data",
    carriedCalculated:
      "access pattern {{pattern|code}} reads {{key|key}}{{index|onIndex}}, which holds the table's stored keys, calculated-sharded on {{source|code}} over {{shards}} keys ({{tableSharding|code}}), without fan-out: it sees one of {{shards}} shards",
    fixCarried:
      "set fanOut: true and query the index for all {{shards}} keys of the value (shardedKey(sharding).readKeys(key), with the table's {{tableSharding|code}}); or key the index by an attribute the application writes with the plain value (a new index: the table's key holds the shard in its own value, so the index keeps it plain only in an attribute of its own)",
    fixRandom: 'set fanOut: true and query all {{shards}} keys (shardedKey(sharding).readKeys(key)), or read a projection or index',
    fixCalculated:
      'supply {{source|code}} (in the keyAttributes of {{pattern|code}}) to read one shard, as calculated shards are read; or, where the read wants the whole {{key|key}} value, set fanOut: true and query all {{shards}} keys (shardedKey(sharding).readKeys(key)), each a query of its own: which one the read does is yours to choose, so --fix writes no edit',
    fixPaged:
      '; {{pattern|code}} reads a page at a time (limit {{limit}}): ask each shard for its first {{limit}} and merge them in sort-key order, so every shard serves every page and the shards do not divide its reads (SG003 says when those reads need a cache)',
    fixUncounted: `; on the fan-out, --fix writes no edit until resultKb is declared on {{pattern|code}}: ${FAN_OUT_UNCOUNTED_TEXT}`,
    fixAny: '; or, when any matching item will do (a work queue\'s poll), set wants: "any" and query one shard, another when it is empty',
    fixNeedless: '; or remove the sharding, which the load does not need (SG007)',
    fixPastCapacity:
      '; but fanning out {{fanOutPatterns|code}} would make SG017 fire with a fix --fix cannot write (throughput past a quota), so --fix writes no edit: set fanOut by hand, lint, and apply what SG017 then asks first',
    fixPastPartition:
      "; but fanning out {{fanOutPatterns|code}} puts the hottest {{key|key}} value over its partition beside the queries it adds, each shard's Query charged on that shard's partition (SG003), so --fix writes no edit: set fanOut by hand, lint, and apply what SG003 then asks first",
    fixPastQuota: `; but fanning out {{fanOutPatterns|code}} makes {{fanOutSpace}} ${FAN_OUT_PAST_QUOTA_TEXT}: request the quota increase (Service Quotas, DynamoDB) before the fan-out deploys, then set fanOut and acknowledge SG017 with the request as the reason`,
    fixPastRuQuota: `; but fanning out {{fanOutPatterns|code}} makes {{fanOutSpace}} ${FAN_OUT_PAST_RU_QUOTA_TEXT}: file an Azure support ticket to raise the maximum RU/s per {{quotaName}} before the fan-out deploys, then set fanOut and acknowledge SG017 with the ticket as the reason`,
    ...IDLE_FAN_OUT_MESSAGES,
  }),
  check(design, analysis) {
    const writtenAt = shardingWriter(design, analysis);
    return analysis.spaces.flatMap((a): RuleHit[] => {
      const { space } = a;
      // An index keyed by the table's sharded attribute, alone or beside others, with no sharding of its own, holds the
      // table's stored keys: a query of one value on it reads one of the table's shards (normalize-table.ts, `heldTableShards`).
      const carried = space.sharding === undefined ? space.tableShards : undefined;
      const sharding = shardsRead(space);
      // Replicated copies each hold everything. Otherwise reads miss data while the sharding exists,
      // even when it should go (SG007 says so; the fix below names that way out too).
      // There, a pattern that declares fanOut fans out over nothing (a warning: the field has no effect).
      if (!sharding || sharding.strategy === 'replicated') return idleFanOutHits(a, writtenAt);
      const source = sharding.sourceAttribute as string;
      const unfanned = analysis.patternsOn(space).filter((p) => !p.fanOut && needsEveryShard(space, p, sharding.strategy as 'random' | 'calculated', source));
      // Fanning out queries every shard, and SG017 counts each query: every fan-out this space needs, together, must not
      // make SG017 fire where no edit fixes it (reads whose peak ÷ headroom passes a default quota: its fix is a quota request).
      const fanned = unfanned.length > 0 ? fannedOut(design, analysis, unfanned) : undefined;
      const pastCapacity = fanned !== undefined && editlessCapacityErrors(design, analysis, fanned).length > 0;
      const pastPartition = fanned !== undefined && !pastCapacity && fanOutPutsOver(a, fanned);
      const blocked = pastCapacity || pastPartition;
      const pastQuota = pastCapacity ? fanOutPastQuota(a, sharding.shards, unfanned) : undefined;
      const fixNotes = [
        ...(pastCapacity ? ([pastQuota ? (ruQuota(pastQuota) ? 'fixPastRuQuota' : 'fixPastQuota') : 'fixPastCapacity'] as const) : []),
        ...(pastPartition ? (['fixPastPartition'] as const) : []),
        'fixAny' as const,
        ...(!carried && shardingNeedless(a) ? (['fixNeedless'] as const) : []),
      ];
      const random = sharding.strategy === 'random';
      // A calculated shard is read by its source, or the whole key by a fan-out: two reads, which the design cannot tell apart.
      const chosen = !carried && !random;
      const charge = a.owner.profile.queryCharge;
      // A fan-out whose read declares no size: each shard's query is charged at least the engine's minimum however little
      // it returns, which SG017 counts once (uncounted-fan-out.ts), so no edit until the size is declared.
      const uncountedOf = (p: AccessPattern) =>
        !chosen && !blocked && assumesLargeResult(p, gatheredReadShare(space, a.collection, p, charge), charge)
          ? uncountedFanOutData(charge, sharding.shards, [p], space.index !== undefined)
          : undefined;
      return unfanned.map((p) => {
        const uncounted = uncountedOf(p);
        return {
          path: p.path,
          index: space.index,
          messageId: carried ? (random ? ('carriedRandom' as const) : ('carriedCalculated' as const)) : random ? ('random' as const) : ('calculated' as const),
          fixId: carried ? ('fixCarried' as const) : random ? ('fixRandom' as const) : ('fixCalculated' as const),
          // A page read (limit) fans out as a page of every shard, merged: the rule says so where it asks for the fan-out.
          fixNotes: [...(p.limit !== undefined ? (['fixPaged'] as const) : []), ...(uncounted ? (['fixUncounted'] as const) : []), ...fixNotes],
          data: {
            pattern: p.name,
            key: space.partitionKey.map((k) => k.name),
            index: space.index,
            shards: sharding.shards,
            ...(sharding.strategy === 'calculated' ? { source } : {}),
            ...(carried ? { tableSharding: carried.path } : {}),
            ...(p.limit !== undefined ? { limit: p.limit } : {}),
            ...(blocked ? { ...pastQuota, fanOutPatterns: unfanned.map((u) => u.name) } : {}),
            ...uncounted,
          },
          ...(blocked || chosen || uncounted ? {} : { edits: [{ op: 'set' as const, path: joinPath(p.path, 'fanOut'), value: true }] }),
        };
      });
    });
  },
});
