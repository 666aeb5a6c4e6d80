import type { AccessPattern, KeyDesign } from '../../design/key-design';
import { DesignAnalysis } from '../analysis';
import { sparseEdit, sparseForNewReads } from '../copied-indexes';
import { CROSS_PARTITION_COST_MESSAGES, crossPartitionFloor, perPartitionFloor } from '../cross-partition-cost';
import type { DesignEdit } from '../edits';
import { spanningPrefixData, spanningPrefixQueries, type SpanningPrefixQueries } from '../prefix-query-span';
import { carriesKey, needsEveryShard } from '../queries';
import { strictQueryLedOrder } from '../query-led-order';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';
import { declaredCopies } from '../written';

/** What the prefix queries of a spanning first-level value read (prefix-query-span.ts). */
const PREFIX_SPAN =
  'the queries of {{prefixPatterns|code}} ({{prefixPatternShares|percent}}) give only the first level {{prefixLevel|code}}, and {{spanOf|hottest=its hottest value holds|each=each of its values holds}} {{prefixGb}} GB, over {{prefixPartitions|partitions}} ({{partitionGb}} GB each), to all of which Azure routes a query by that prefix: {{prefixShare|percent}} of queries reach them';
/** What those queries take and what each is charged, as a cross-partition query is on every partition (cross-partition-cost.ts). */
const PREFIX_FLOOR = `they take {{prefixRu}} RU/s of the declared read peak, and each such query ${perPartitionFloor('those {{prefixPartitions}}', 'prefixFloor', 'prefixQueries')}`;

export const crossPartitionQueries = defineRule({
  id: 'SG012',
  title: 'cross-partition-queries',
  summary: 'Too much query traffic does not carry the partition key and fans out over partitions',
  severity: 'warning',
  thresholds: ['maxCrossPartitionShare'],
  fires:
    'Declared access patterns that do not carry the full partition key (or, in Cosmos DB, a hierarchical prefix) take more than maxCrossPartitionShare of query traffic, with, in Cosmos DB, queries giving only a first level whose value spans over 5 physical partitions. Not on a Cosmos DB container declared small (throughput at most 30,000 RU/s and storage.totalGb at most 100 GB).',
  rationale:
    'A query without the partition key visits every partition: in DynamoDB a Scan, since a Query needs one partition key value (AWS: "Querying tables"), in Cosmos DB a cross-partition query charged a minimum of about 2.5 RU for every physical partition whose index it checks, matching or not (Azure: "Query a container"). Keep them rare.',
  rationaleDetails: [
    'A Cosmos DB container of 2 or more physical partitions: the finding adds that each such query is charged at least about 2.5 RU on every one of them, so the RU/s declared for these queries (their share of peakReadUnits) cover at most RU ÷ (2.5 × P) of them a second; where the application sends more, each costs 2.5 × P RU beyond the declared peak (Azure: "Query a container").',
    'A Cosmos DB query giving only a hierarchical key\'s first level is routed to the physical partitions holding that value, one per 50 GB it holds (at most the container\'s); past the 5 of a small container it is charged about 2.5 RU on each and counts toward maxCrossPartitionShare at its value\'s read share: every value of a uniform level; a declared hottest one (largestGb) where hotKeyOperations is reads or both (Azure: "Hierarchical partition keys", "Query a container").',
    'A Cosmos DB container of at most 30,000 RU/s and 100 GB has so few physical partitions that its cross-partition queries cost about what targeted queries do: Azure advises avoiding them above either figure (Azure: "Query a container").',
  ],
  fix: 'Carry the key, add an index keyed for the query, or maintain a change-feed projection. Where a pattern names no index and an existing GSI is keyed on what it gives, name that index (an edit --fix writes). Where another order of a Cosmos DB hierarchical key gives these queries its first level, reorder it (SG004).',
  fixDetails: [
    'A named index that is write-sharded: the queries sent there read every shard (fanOut), each Query charged at least 0.5 RCU on the partition of the shard it reads (AWS "Query"); where those requests would put the index\'s hottest value over its partition (SG003 on the design the edit leaves), --fix writes no edit and the fix says so.',
  ],
  sources: [
    SOURCES.cosmosCrossPartition,
    SOURCES.cosmosHierarchical,
    SOURCES.dynamoKeyDesign,
    SOURCES.dynamoQuery,
    SOURCES.dynamoQueryIndexName,
    // A query sent to a sharded index reads every shard, each Query charged at least its floor (fanOutPutsOver).
    SOURCES.dynamoSharding,
    SOURCES.dynamoQueryMinimum,
  ],
  messages: () => ({
    ...CROSS_PARTITION_COST_MESSAGES,
    crossingOne:
      '{{patterns|code}} ({{patternShares|percent}}) does not carry the partition key: {{share|percent}} of queries cross partitions, above maxCrossPartitionShare {{limit|percent}}',
    crossingMany:
      '{{patterns|code}} ({{patternShares|percent}}) do not carry the partition key: {{share|percent}} of queries cross partitions, above maxCrossPartitionShare {{limit|percent}}',
    // Only prefix queries of a spanning first-level value take the share past the limit (prefix-query-span.ts).
    prefixSpanning: `${PREFIX_SPAN}, above maxCrossPartitionShare {{limit|percent}}`,
    prefixSpanningWithCrossing: `${PREFIX_SPAN}, and {{patterns|code}} ({{patternShares|percent}}) do not carry the partition key ({{share|percent}} of queries): {{spanningShare|percent}} of queries cross partitions, above maxCrossPartitionShare {{limit|percent}}`,
    // The per-partition floor of those queries, after either message above.
    prefixSpanFloor: `; ${PREFIX_FLOOR}`,
    // Those queries beside a finding led by queries that miss the key.
    prefixSpanCharged: `; ${PREFIX_SPAN}; ${PREFIX_FLOOR}`,
    fixPrefixSpan:
      'give these queries a level under {{prefixLevel|code}} they can name (a time bucket, such as the month, before the deeper levels), so each reads one narrower prefix on fewer partitions; or keep the value under {{partitionGb}} GB (a time to live, or old documents moved to another container); or maintain a change-feed projection keyed for these queries',
    fixIndex: 'carry the partition key, or add a GSI keyed on what these queries filter by',
    // A pattern naming no index, whose key attributes an existing GSI's key is (orders-of-customer, by-customer).
    fixNameIndex:
      'read the index these queries already carry the key of: set {{indexPatterns|code}} to {{namedIndexes|code}} ("index" of each access pattern); the application must send those queries to that index (their IndexName)',
    // The index is write-sharded: a whole-key query then reads every shard (SG009), so the fix sets fanOut beside.
    fixNameIndexFanOut:
      'read the index these queries already carry the key of: set {{indexPatterns|code}} to {{namedIndexes|code}} ("index" of each access pattern), and `fanOut`: true where the index is sharded; the application must send those queries to that index (their IndexName) and read every shard of it',
    // The fan-out the fix adds puts a named index's hottest value over (SG003 on the design as edited): said, not written.
    fixNameIndexFanOutOver:
      "; --fix writes no edit: on {{fanOutOverIndexes|code}} each of these queries would be a Query of every shard, each charged on the partition of the shard it reads, and beside those requests the index's hottest value would pass its partition's usable ceiling (SG003); remove shards the index does not need first (SG007)",
    // The table's replicated copies each carry the named index's key (copied-indexes.ts): its queries would read every copy.
    fixNameIndexSparse:
      '; and set `copiesCarry`: "first" on {{sparseIndexes|code}}: each of the table\'s {{copies}} replicated copies carries its key, so these queries would return every item {{copies}} times (SG003); with the key written on copy 0 only, the index holds one of each',
    fixProjection: 'carry the partition key (or its first level), or maintain a change-feed projection keyed for these queries',
    // A hierarchical key whose other order these queries give the first level of (SG004's queryLedOrder).
    fixReorder:
      'order the key {{order|levels}} (SG004): {{newFirst|code}} first, these queries give its first level and are routed by prefix, {{afterShare|percent}} of queries crossing partitions then; a partition key cannot be changed in place, so on a container that holds data that is a new container and a copy of every document; or maintain a change-feed projection keyed for these queries',
  }),
  check(design, analysis) {
    // On a small container (one or a few physical partitions) a query visiting all of them costs
    // about what a targeted one does; the query docs draw the line at 30,000 RU/s or 100 GB.
    if (analysis.profile.smallResource?.(design)) return [];
    const { patterns: crossing, share } = analysis.crossPartition();
    const limit = design.thresholds.maxCrossPartitionShare;
    const partitions = analysis.profile.physicalPartitions?.(design);
    const reads = analysis.of(design.primaryKey).total.reads;
    // A first-level value spanning several physical partitions: its prefix queries reach each of them.
    const spanning = partitions && spanningPrefixQueries(analysis, design, partitions.count);
    if (share <= limit + 1e-9) return spanning && share + spanning.share > limit + 1e-9 ? [prefixLed(analysis, design, spanning, reads)] : [];
    // On 2 or more physical partitions each such query is charged on every one of them: the note says what that costs.
    const floor = partitions && crossPartitionFloor(analysis, partitions.count, reads, 'crossPartitionQueryFloor');
    const data = Object.assign(
      { patterns: crossing.map((p) => p.name), patternShares: crossing.map((p) => p.share), share, limit, crossPartitionShare: share },
      floor?.data,
      spanning && spanningData(analysis, design, spanning, reads),
    );
    const noted = [...(floor?.ids ?? []), ...(spanning ? (['prefixSpanCharged'] as const) : [])];
    const notes = floor || spanning ? { notes: noted } : {};
    const named = analysis.profile.globalIndexes ? crossing.map((p) => indexCarrying(analysis, p)) : [];
    if (named.length > 0 && named.every((index) => index !== undefined)) {
      const fanOut = crossing.filter((p, i) => readsEveryShard(analysis, p, named[i] as string));
      const overBy = fanOutPutsOver(analysis, crossing, named as string[], fanOut);
      // An index every replicated copy writes would return each item once per copy to them: made sparse with it.
      const sparse = sparseForNewReads(analysis, named as string[]);
      const edits = [
        ...crossing.map((p, i): DesignEdit => ({ op: 'set', path: `${p.path}.index`, value: named[i] })),
        ...fanOut.map((p): DesignEdit => ({ op: 'set', path: `${p.path}.fanOut`, value: true })),
        ...sparse.map(sparseEdit),
      ];
      const sparseData = sparse.length > 0 ? { sparseIndexes: sparse.map((s) => s.index as string), copies: declaredCopies(design) } : {};
      return [
        {
          path: 'accessPatterns',
          messageId: crossing.length === 1 ? ('crossingOne' as const) : ('crossingMany' as const),
          ...notes,
          fixId: fanOut.length > 0 ? ('fixNameIndexFanOut' as const) : ('fixNameIndex' as const),
          ...(sparse.length > 0 || overBy.length > 0
            ? { fixNotes: [...(sparse.length > 0 ? ['fixNameIndexSparse' as const] : []), ...(overBy.length > 0 ? ['fixNameIndexFanOutOver' as const] : [])] }
            : {}),
          data: {
            ...data,
            indexPatterns: crossing.map((p) => `${p.path}.index`),
            namedIndexes: named as string[],
            ...sparseData,
            ...(overBy.length > 0 ? { fanOutOverIndexes: overBy } : {}),
          },
          ...(overBy.length > 0 ? {} : { edits }),
        },
      ];
    }
    const led = analysis.profile.globalIndexes ? undefined : strictQueryLedOrder(analysis);
    if (led !== undefined) {
      const reorder = { order: led.order.map((l) => l.name), newFirst: led.order[0].name, afterShare: led.after.share };
      return [
        {
          path: 'accessPatterns',
          messageId: crossing.length === 1 ? ('crossingOne' as const) : ('crossingMany' as const),
          ...notes,
          fixId: 'fixReorder' as const,
          data: Object.assign({}, data, reorder),
        },
      ];
    }
    return [
      {
        path: 'accessPatterns',
        messageId: crossing.length === 1 ? ('crossingOne' as const) : ('crossingMany' as const),
        ...notes,
        fixId: analysis.profile.globalIndexes ? ('fixIndex' as const) : ('fixProjection' as const),
        data,
      },
    ];
  },
});

/**
 * The finding where the prefix queries of a spanning first-level value take the share of queries that reach many
 * partitions past maxCrossPartitionShare, those missing the key alone not (`spanningPrefixQueries`).
 */
function prefixLed(analysis: DesignAnalysis, design: KeyDesign, spanning: SpanningPrefixQueries, reads: number) {
  const { patterns: crossing, share } = analysis.crossPartition();
  const spanningShare = share + spanning.share;
  const data = Object.assign(
    { patterns: crossing.map((p) => p.name), patternShares: crossing.map((p) => p.share), share, limit: design.thresholds.maxCrossPartitionShare },
    { crossPartitionShare: spanningShare, spanningShare },
    spanningData(analysis, design, spanning, reads),
  );
  return {
    path: 'accessPatterns',
    messageId: crossing.length > 0 ? ('prefixSpanningWithCrossing' as const) : ('prefixSpanning' as const),
    notes: ['prefixSpanFloor' as const],
    fixId: 'fixPrefixSpan' as const,
    data,
  };
}

/** The figures of `spanning`'s queries, with the partition size they span by. */
function spanningData(analysis: DesignAnalysis, design: KeyDesign, spanning: SpanningPrefixQueries, reads: number) {
  return Object.assign(spanningPrefixData(spanning, reads), {
    prefixPatternShares: spanning.patterns.map((p) => p.share),
    partitionGb: analysis.profile.prefixPartition?.(design).gb ?? 0,
  });
}

/**
 * The first GSI whose partition key a pattern that names no index carries (DynamoDB: a Query of that index by those
 * attributes reads one partition-key value, AWS "Querying tables"; a query names the index it reads, API "Query",
 * IndexName), or undefined.
 */
function indexCarrying(analysis: DesignAnalysis, pattern: AccessPattern): string | undefined {
  if (pattern.index !== undefined) return undefined;
  const { routing } = analysis.profile;
  // `wants: any` and `fanOut` concern a write-sharded key (normalize-usage.ts; SG007): on another index they would be
  // invalid or fan out over shards it does not have, so such a pattern is told of write-sharded indexes only.
  const optionsFit = (strategy: string | undefined) => (pattern.wants !== 'any' && !pattern.fanOut) || strategy === 'random' || strategy === 'calculated';
  return analysis.spaces.find(
    (a) => a.space.index !== undefined && optionsFit(a.space.sharding?.strategy) && carriesKey(routing, a.space, { ...pattern, index: a.space.index }),
  )?.space.index;
}

/** Whether `pattern`, sent to `index`, must read every one of its write shards to be complete (`needsEveryShard`). */
function readsEveryShard(analysis: DesignAnalysis, pattern: AccessPattern, index: string): boolean {
  const space = analysis.spaces.find((a) => a.space.index === index)?.space;
  const sharding = space?.sharding;
  if (space === undefined || pattern.fanOut || (sharding?.strategy !== 'random' && sharding?.strategy !== 'calculated')) return false;
  return needsEveryShard(space, { ...pattern, index }, sharding.strategy, sharding.sourceAttribute);
}

/**
 * The named indexes whose hottest value is within its ceilings now and over once `fanOut`'s patterns, sent to them, read
 * every shard: each Query of each shard a request of its own, charged at least 0.5 RCU on the partition of the shard it
 * reads (AWS "Query"; "Using write sharding to distribute workloads evenly"), which the neighbours of every stored key
 * of the index are 1/P of (`SpaceAnalysis.chargedAtCount`). Judged as the next lint judges the design the edits leave:
 * the same analysis of the design with those patterns moved.
 */
function fanOutPutsOver(analysis: DesignAnalysis, crossing: readonly AccessPattern[], named: readonly string[], fanOut: readonly AccessPattern[]): string[] {
  if (fanOut.length === 0) return [];
  const { design } = analysis;
  const accessPatterns = design.accessPatterns.map((p) => {
    const i = crossing.indexOf(p);
    return i < 0 ? p : Object.assign({}, p, { index: named[i], fanOut: p.fanOut || fanOut.includes(p) });
  });
  const moved = new DesignAnalysis(Object.assign({}, design, { accessPatterns }) as KeyDesign, analysis.rulesOff);
  const targets = new Set(fanOut.map((p) => named[crossing.indexOf(p)]));
  return moved.spaces
    .filter(
      (a) =>
        a.space.index !== undefined &&
        targets.has(a.space.index) &&
        a.over.length > 0 &&
        analysis.spaces.find((b) => b.space.index === a.space.index)?.over.length === 0,
    )
    .map((a) => a.space.index as string);
}
