import { cardinalityValue } from '../../design/cardinality';
import { joinPath } from '../../design/field-path';
import type { AttributeKind, Cardinality } from '../../design/input';
import type { AccessPattern, KeyAttribute, KeyDesign, KeyPart, KeySpace } from '../../design/key-design';
import { listOf } from '../../design/lists';
import type { DesignAnalysis } from '../analysis';
import type { DesignEdit } from '../edits';
import { replacedIndexEdits } from '../index-replacement';
import { reorderOverload, type ReorderOverload } from '../prefix-ingestion';
import { leadingSets, servesRead, sortKeyReads, type SortKeyRead } from '../queries';
import { strictQueryLedOrder, withQueriedLevelFirst } from '../query-led-order';
import { fixedOrder, orderWithPrefixes, reorderedAttributesEdit, reorderedPartsEdit, rekeyedEdits, sameOrder } from '../reorder';
import { dominantAfterReorder, REORDER_DOMINANT, reorderDominantData } from '../reorder-dominant';
import { defineRule, type MessageData, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

interface Ordered {
  readonly name: string;
  readonly cardinality?: Cardinality;
  readonly kind: AttributeKind;
}

type Id =
  | 'hierarchical'
  | 'hierarchicalTimeMiddle'
  | 'crossPartition'
  | 'withinPrefix'
  | 'multiAttributeSortKey'
  | 'compositeSortKey'
  | 'multiAttributeSortKeyQueries'
  | 'compositeSortKeyQueries'
  | 'givenEqual'
  | 'givenRange'
  | 'fix'
  | 'figuresMove'
  | 'keepOrder'
  | 'reorderOverloads'
  | 'reorderDominant'
  | 'orDeclareQueries'
  | 'fixForQueries'
  | 'fixConflictingQueries'
  | 'queriesMissFirstLevel'
  | 'queriesStillCrossing'
  | 'fixQueryOrder'
  | 'queryOrderMigration'
  | 'queryOrderWarning'
  | 'unqueriedOrder'
  | 'declareQueries'
  | 'unqueriedOrderOverloads';

/** What putting the ordered key's first level first costs, where its hottest value would overload its physical partition. */
const REORDER_COST =
  'ordered {{order|levels}}, the hottest {{overloadLevel|code}} value ({{overloadShare|percent}} of the traffic) would put {{overloadLoad}} RU/s on one physical partition, against the {{overloadUsable}} RU/s usable there';

/** A key's parts as data: their names, and beside them their cardinalities (a number, `unique`, or `unknown`). */
function partsData(parts: readonly Ordered[]) {
  return { parts: parts.map((p) => p.name), cardinalities: parts.map((p) => p.cardinality ?? 'unknown') };
}

function ascending(parts: readonly Ordered[]): boolean {
  const ranked = parts.filter((p) => p.kind !== 'time-bucket');
  return ranked.every((part, i) => i === 0 || cardinalityValue(ranked[i - 1].cardinality) <= cardinalityValue(part.cardinality));
}

/** Composite sort-key strings (`COUNTRY#STATE#CITY`) are queried by prefix, so the declared queries (else cardinality) decide their order. */
function compositeHits(attributes: readonly KeyAttribute[], patterns: () => readonly AccessPattern[], index?: string): RuleHit<Id>[] {
  // Most sort keys are one plain attribute: no composite, and no need for the queries that name the index.
  if (!attributes.some((a) => a.components.length >= 2)) return [];
  return attributes.flatMap((a): RuleHit<Id>[] => {
    if (a.components.length < 2) return [];
    const path = joinPath(a.path, 'components');
    const sortKey: SortKey<KeyPart> = { parts: a.components, path, index, name: a.name, messageId: 'compositeSortKeyQueries', edit: reorderedPartsEdit };
    const reads = sortKeyReads(a.components, patterns(), a.name);
    if (reads.length > 0) return queryHits(sortKey, reads);
    if (ascending(a.components)) return [];
    const order = fixedOrderKeepingTime(a.components);
    return [
      {
        path,
        index,
        messageId: 'compositeSortKey' as const,
        fixId: 'fix' as const,
        fixNotes: ['orDeclareQueries' as const],
        data: { name: a.name, index, ...partsData(a.components), ...orderData(order) },
        edits: [reorderedPartsEdit(order, path)],
      },
    ];
  });
}

/** A sort key matched left to right, as SG004 reads and rewrites it. */
interface SortKey<T extends KeyPart> {
  readonly parts: readonly T[];
  readonly path: string;
  readonly index?: string;
  /** The composite attribute's name (a multi-attribute sort key is named by its index). */
  readonly name?: string;
  /** Its message when a declared query cannot use it. */
  readonly messageId: 'multiAttributeSortKeyQueries' | 'compositeSortKeyQueries';
  readonly edit: (order: readonly T[], path: string) => DesignEdit;
}

function orderData(order: readonly Ordered[]) {
  return { order: order.map((p) => p.name) };
}

/** What the reads give, each name once: by equality, and by a range. */
function given(reads: readonly SortKeyRead[]): { readonly equal: string[]; readonly ranges: string[] } {
  return {
    equal: [...new Set(reads.flatMap((read) => read.equal))],
    ranges: [...new Set(reads.flatMap((read) => (read.range !== undefined ? [read.range] : [])))],
  };
}

/**
 * Declared queries decide a sort key's order, whatever the cardinalities (the DynamoDB guide's esports
 * GSI orders `round` before `bracket`): it is judged only by whether each query's parts lead it. The fix
 * is an order that serves every query, or, when none can, another index for those this one cannot serve.
 */
function queryHits<T extends KeyPart>(sortKey: SortKey<T>, reads: readonly SortKeyRead[]): RuleHit<Id>[] {
  const { parts, path, index } = sortKey;
  const unserved = reads.filter(
    (read) =>
      !servesRead(
        parts.map((p) => p.name),
        read,
      ),
  );
  if (unserved.length === 0) return [];
  const order = orderWithPrefixes(parts, reads.flatMap(leadingSets));
  const { equal, ranges } = given(unserved);
  const data = Object.assign(sortKey.name !== undefined ? { name: sortKey.name } : {}, {
    index,
    ...partsData(parts),
    patterns: unserved.map((read) => read.pattern.name),
    given: equal,
    ranges,
    served: reads.map((read) => read.pattern.name),
  });
  const { messageId } = sortKey;
  const notes: Id[] = [...(equal.length > 0 ? ['givenEqual' as const] : []), ...(ranges.length > 0 ? ['givenRange' as const] : [])];
  if (!order) return [{ path, index, messageId, notes, fixId: 'fixConflictingQueries', data }];
  return [
    {
      path,
      index,
      messageId,
      notes,
      fixId: 'fixForQueries',
      data: Object.assign({}, data, orderData(order)),
      edits: [sortKey.edit(order, path)],
    },
  ];
}

/** In sort keys a time part stays where it is (a prefix like `2024#…` serves range queries); only the others are sorted around it. */
function fixedOrderKeepingTime<T extends Ordered>(parts: readonly T[]): T[] {
  const sorted = fixedOrder(parts.filter((p) => p.kind !== 'time-bucket'));
  let next = 0;
  return parts.map((p) => (p.kind === 'time-bucket' ? p : sorted[next++]));
}

/** A prefix-routed (hierarchical) partition key: its levels go from low to high cardinality, unless the declared queries say otherwise. */
function hierarchicalHits(design: KeyDesign, analysis: DesignAnalysis): RuleHit<Id>[] {
  const space = design.primaryKey;
  const levels = space.partitionKey;
  // A time bucket first is SG002's hotspot; here: out-of-order values, or a time bucket in the middle.
  if (levels.length < 2 || levels[0].kind === 'time-bucket') return [];
  // The declared queries decide: an order whose first level they already give serves them best, whatever the
  // cardinalities; one the queries give more of first is theirs (`queryLedHits`).
  const byCardinality = fixedOrder(levels);
  if (sameOrder(levels, byCardinality)) return queryLedHits(design, analysis);
  // By cardinality, with the level the declared queries give most first: the order a re-lint accepts.
  const order = withQueriedLevelFirst(analysis, byCardinality);
  if (sameOrder(levels, order)) return queryLedHits(design, analysis);
  if (design.accessPatterns.length > 0 && analysis.crossPartition(order[0].name).share >= analysis.crossPartition().share)
    return queryLedHits(design, analysis);
  // Ascending yet out of order: a time bucket sits where it should not (before business levels or after a unique id).
  const timeMiddle = ascending(levels);
  if (!timeMiddle && design.accessPatterns.length === 0 && !uniqueBeforeCoarser(levels)) return [unqueriedOrderHit(design, order)];
  // The query the key cannot route: the ordered key's prefix down to the first level out of place. The levels before
  // that one are shared by both orders and still route it; with none shared, it reaches every partition.
  const moved = order.findIndex((level, i) => level !== levels[i]);
  const routedBy = levels.slice(0, moved).map((l) => l.name);
  // The order is chosen by the queries' prefixes; what it does to the load is SG003's. A level that takes a hot value
  // first would overload that value's physical partition (a 35% tenant whale, spread under `/patientId`, put
  // on one partition until 50 GB): then the reorder is advice, never an edit, and where the current first level fits,
  // the current order is the one a modeller keeps, serving the queries it cannot route another way.
  // The current order spreads the hot value only where its own hottest value fits too: a hot full key value (one user
  // of one tenant at 60%) is over on its partition in either order, and no order is worth keeping for it (SG003's).
  const overload = reorderOverload(design, order);
  const currentFits = reorderOverload(design, levels) === undefined && analysis.of(space).over.length === 0;
  const keep = overload !== undefined && currentFits;
  const figures = levels.some((l) => l.hotKeyShare !== undefined || l.largestGb !== undefined);
  // A value the reorder makes dominant is SG014's warning on the new key: no edit writes a finding in.
  const dominant = overload === undefined ? dominantAfterReorder(design, analysis, order) : undefined;
  const unserved = analysis.crossPartition().patterns;
  return [
    {
      path: space.partitionKeyPath,
      messageId: timeMiddle ? 'hierarchicalTimeMiddle' : 'hierarchical',
      notes: [routedBy.length > 0 ? 'withinPrefix' : 'crossPartition'],
      severity: keep ? 'warning' : undefined,
      fixId: keep ? 'keepOrder' : 'fix',
      fixNotes: overload !== undefined ? (keep ? [] : ['reorderOverloads']) : dominant ? ['reorderDominant'] : figures ? ['figuresMove'] : [],
      data: Object.assign(
        partsData(levels),
        orderData(order),
        { coarser: order.slice(0, moved + 1).map((l) => l.name), first: levels[0].name, routedBy },
        overload !== undefined ? overloadData(overload) : {},
        dominant ? reorderDominantData(dominant) : {},
        keep && unserved.length > 0 ? { unserved: unserved.map((p) => p.name), unservedShare: unserved.reduce((sum, p) => sum + p.share, 0) } : {},
      ),
      edits: overload !== undefined || dominant ? undefined : rekeyedEdits(design, order),
    },
  ];
}

/**
 * Whether a level declared `unique` (one document per value, an id) comes before a business level of fewer values: the
 * levels under a unique one divide nothing (each of its values is one document, so it already names its tenant or
 * region), and no query is routed by the coarser level. Wrong whatever the queries, unlike levels of many values each
 * (`/flightId` → `/departureDate`), which may cross rather than nest: each flight on each date.
 */
function uniqueBeforeCoarser(levels: readonly KeyAttribute[]): boolean {
  const business = levels.filter((level) => level.kind !== 'time-bucket');
  return business.some((level, i) => level.cardinality === 'unique' && business.slice(i + 1).some((deeper) => deeper.cardinality !== 'unique'));
}

/**
 * A hierarchical key out of cardinality order with no declared queries: advice, a warning with no edit. Azure asks of
 * every level many values and, first, the value the queries filter on ("Hierarchical partition keys"); low to high is
 * the order of levels that nest (tenant ⊃ user ⊃ session), but for levels that cross (flight × date) the order is the
 * queries' choice, which the design does not state. The warning names what each order routes by prefix and asks for
 * the queries, speaking of none as if it were declared; what the ordered key's first level would put on its hottest
 * value's physical partition is quoted where it would overload it (a low-cardinality first level keeps its ingestion on
 * one physical partition until 50 GB).
 */
function unqueriedOrderHit(design: KeyDesign, order: readonly KeyAttribute[]): RuleHit<Id> {
  const levels = design.primaryKey.partitionKey;
  const overload = reorderOverload(design, order);
  return {
    path: design.primaryKey.partitionKeyPath,
    messageId: 'unqueriedOrder',
    severity: 'warning',
    fixId: 'declareQueries',
    fixNotes: overload !== undefined ? ['unqueriedOrderOverloads'] : [],
    data: Object.assign(
      partsData(levels),
      orderData(order),
      { first: levels[0].name, newFirst: order[0].name },
      overload !== undefined ? overloadData(overload) : {},
    ),
  };
}

/**
 * A hierarchical key whose first level the declared queries do not give, where another order serves more of them by
 * prefix (`queryLedOrder`): `/titleId` → `/userId` read by user. An error where the current order sends more than
 * maxCrossPartitionShare of the queries across partitions and the reorder brings them within it, on a container large
 * enough for them to cost (SG012's line): the order, not the queries, is wrong, and a key cannot be reordered in place
 * (a new container and a copy of every document, "Change partition key"), so it is settled before deployment. Otherwise
 * a warning: the reorder serves more queries, but what it saves is not worth a migration on its own.
 */
function queryLedHits(design: KeyDesign, analysis: DesignAnalysis): RuleHit<Id>[] {
  const led = strictQueryLedOrder(analysis);
  if (led === undefined) return [];
  const space = design.primaryKey;
  const levels = space.partitionKey;
  const limit = design.thresholds.maxCrossPartitionShare;
  const costly = analysis.profile.smallResource?.(design) === undefined;
  const error = costly && led.before.share > limit + 1e-9 && led.after.share <= limit + 1e-9;
  const figures = levels.some((l) => l.hotKeyShare !== undefined || l.largestGb !== undefined);
  return [
    {
      path: space.partitionKeyPath,
      messageId: 'queriesMissFirstLevel',
      notes: led.after.patterns.length > 0 ? ['queriesStillCrossing'] : [],
      severity: error ? undefined : 'warning',
      fixId: 'fixQueryOrder',
      fixNotes: [...(figures ? ['figuresMove' as const] : []), error ? 'queryOrderMigration' : 'queryOrderWarning'],
      data: Object.assign(partsData(levels), orderData(led.order), {
        first: levels[0].name,
        newFirst: led.order[0].name,
        crossing: led.before.patterns.map((p) => p.name),
        crossingShare: led.before.share,
        stillCrossing: led.after.patterns.map((p) => p.name),
        stillCrossingShare: led.after.share,
        limit,
        newFirstLoad: led.first.load,
        newFirstUsable: led.first.usable,
      }),
      edits: rekeyedEdits(design, led.order),
    },
  ];
}

/** The figures of what the reordered key's first level would put on its hottest value's physical partition. */
function overloadData(overload: ReorderOverload): MessageData {
  return { overloadLevel: overload.level, overloadShare: overload.share, overloadLoad: overload.load, overloadUsable: overload.usable };
}

/** A multi-attribute sort key (DynamoDB GSIs) is matched left to right without skipping. */
function multiAttributeHits(space: KeySpace, patterns: () => readonly AccessPattern[]): RuleHit<Id>[] {
  if (space.sortKey.length < 2) return [];
  const path = joinPath(space.path, 'sortKeys');
  const reads = sortKeyReads(space.sortKey, patterns());
  const sortKey = { parts: space.sortKey, path, index: space.index, messageId: 'multiAttributeSortKeyQueries' as const, edit: reorderedAttributesEdit };
  if (reads.length > 0) return queryHits(sortKey, reads);
  if (ascending(space.sortKey)) return [];
  const order = fixedOrderKeepingTime(space.sortKey);
  return [
    {
      path,
      index: space.index,
      messageId: 'multiAttributeSortKey',
      fixId: 'fix',
      fixNotes: ['orDeclareQueries'],
      data: { index: space.index, ...partsData(space.sortKey), ...orderData(order) },
      edits: [reorderedAttributesEdit(order, path)],
    },
  ];
}

/** A reordered multi-attribute sort key is another key schema: the index goes under a new name (index-replacement.ts). */
function onNewIndex(hit: RuleHit<Id>, analysis: DesignAnalysis, space: KeySpace): RuleHit<Id> {
  return hit.edits ? { ...hit, edits: [...hit.edits, ...replacedIndexEdits(analysis, space)] } : hit;
}

export const hierarchyOrder = defineRule({
  id: 'SG004',
  title: 'hierarchy-order',
  summary: 'A hierarchical or composite key in an order its prefix queries cannot use',
  severity: 'error',
  thresholds: [],
  fires: 'A key matched by prefix is in an order its queries cannot use.',
  firesAlso: [
    "Cosmos DB hierarchical partition keys: not ordered from low to high declared cardinality, a time bucket after the business levels and before a unique id (first, SG002's finding; last, it may have fewer values: each device has each day). With access patterns declared, only if the ordered key serves more of them by prefix; with none, a warning asking for them, unless a unique level precedes a coarser one or a time bucket is out of place.",
    'Cosmos DB hierarchical keys in any cardinality order: a first level the declared queries do not give, where another level first serves more of them by prefix and its hottest value fits its physical partition. An error where the current order sends more than maxCrossPartitionShare of the queries across partitions and the reorder brings them within it, on a container above 30,000 RU/s or 100 GB; else a warning.',
    'DynamoDB multi-attribute GSI sort keys and declared composite sort keys (COUNTRY#STATE#CITY) whose parts access patterns give (keyAttributes by equality, rangeAttribute by range): a query whose parts do not lead the sort key.',
    'The same sort keys when no access pattern gives any of their parts: an order not ascending by cardinality (time parts are left where they are).',
  ],
  rationale:
    'A key matched by prefix serves only the queries that give its leading parts, so the queries decide the order; coarse to fine (low to high cardinality) is the default only when no query says otherwise.',
  rationaleDetails: [
    'Cosmos DB hierarchical keys: a query that gives a prefix (tenant, or tenant + device) is routed to the partitions of that prefix only; one by a level that is not a prefix fans out: reversed (/userId/tenantId), "all users of tenant X" reaches every partition (Azure: "Hierarchical partition keys").',
    'DynamoDB multi-attribute sort keys are matched left to right: equality on the leading attributes, at most one range condition on the next, none skipped; the guide orders its tournament GSI round → bracket → matchId whatever their cardinalities (AWS: "Multi-attribute keys for global secondary indexes").',
    'Cosmos DB asks of every level of a hierarchical key, the first included, many values and a value the requests supply, so that queries stay targeted (Azure: "Hierarchical partition keys"); a partition key cannot be changed in place: a new container and a copy of every document (Azure: "Change partition key"), so the order is settled before deployment.',
    'Composite sort-key strings (COUNTRY#STATE#CITY) are read the same way, by begins_with on a prefix (AWS: "Best practices for using sort keys to organize data").',
  ],
  fix: 'Order the attributes so that each declared query gives a leading prefix (its range attribute right after its equality ones); when no order serves them all, give the others an index of their own.',
  fixDetails: [
    'No declared query: order by cardinality, ascending (in a Cosmos DB key, a time bucket after the business levels, before a unique id). A Cosmos DB key of business levels out of that order is advice, with no edit: low to high is the order of levels that nest (tenant, user); levels that cross (flight, date) are ordered by the queries, so declare them.',
    "A Cosmos DB reorder moves each level's figures (hotKeyShare, largestGb) with its path; the last keeps the full key's (the same documents in any order). --fix writes none where the new first level's hottest value would overload its physical partition (SG003; if the current first level spreads it, the order is kept, a warning, with the reorder's cost), or where SG014's own check fails on the reordered design (a value spanning partitions at no more than their average load passes it).",
  ],
  sources: [
    SOURCES.cosmosHierarchical,
    SOURCES.cosmosCrossPartition,
    SOURCES.cosmosChangeFeedPatterns,
    SOURCES.cosmosChangePartitionKey,
    SOURCES.dynamoMultiAttributeKeys,
    SOURCES.dynamoSortKeys,
    SOURCES.dynamoKeyDesign,
    SOURCES.cfnGsiKeySchema,
    SOURCES.dynamoUpdateTable,
    SOURCES.cfnTableGsiUpdates,
  ],
  messages: () => ({
    hierarchical:
      'the hierarchical partition key {{parts|levels}} ({{cardinalities|arrows}} values) is not ordered from low to high cardinality: a query by {{coarser|key}} gives no prefix of it',
    hierarchicalTimeMiddle:
      'the hierarchical partition key {{parts|levels}} ({{cardinalities|arrows}} values) is not ordered from low to high cardinality with time buckets after the business levels and before a unique id: a query by {{coarser|key}} gives no prefix of it',
    // A query by the first level is a prefix and stays targeted; the one that is not is the coarser level's.
    crossPartition: ', so it becomes cross-partition (a query by a prefix, such as {{first|code}}, stays targeted)',
    withinPrefix: ', so it is routed by {{routedBy|key}} alone and fans out over every partition of that value',
    multiAttributeSortKey:
      'the multi-attribute sort key of index {{index|code}} {{parts|levels}} ({{cardinalities|arrows}} values) is not ordered from low to high cardinality, and no declared query reads it: it is queried left to right without skipping, so the narrowest attribute first makes broad queries impossible',
    compositeSortKey:
      'the composite sort key {{name|code}}{{index|onIndex}} {{parts|levels}} ({{cardinalities|arrows}} values) is not ordered from low to high cardinality, and no declared query reads it: begins_with queries on a prefix cannot narrow to one branch',
    multiAttributeSortKeyQueries:
      'the multi-attribute sort key of index {{index|code}} {{parts|levels}} cannot serve {{patterns|code}}: a sort key is matched left to right without skipping, and what they give does not lead it',
    compositeSortKeyQueries:
      'the composite sort key {{name|code}}{{index|onIndex}} {{parts|levels}} cannot serve {{patterns|code}}: a sort key is matched left to right without skipping, and what they give does not lead it',
    givenEqual: '; they give {{given|code}} by equality',
    givenRange: '; they give a range on {{ranges|code}}',
    fix: 'order it {{order|levels}}',
    figuresMove:
      '; each level keeps the figures it declares (`hotKeyShare`, `largestGb`: its own hottest and largest value), which move with its path, and the last level keeps those of the full key (one value of every level, the same in any order)',
    // SG014's own finding on the reordered design (`dominantAfterReorder`), in its words.
    reorderDominant: REORDER_DOMINANT,
    reorderOverloads: `; ${REORDER_COST} (SG003 fires on it too), so --fix does not write it`,
    // The copy: a container the change feed keeps, keyed for those queries ("Change feed design patterns": materialized views).
    // Where no declared query needs the other order, the cardinality order alone asked for it: the queries are the user's.
    keepOrder: `keep this order: ${REORDER_COST}, where the values of {{first|code}} spread it; serve {{?unserved}}{{unserved|code}} ({{unservedShare|percent}} of the declared queries){{/unserved}}{{!unserved}}any query by {{overloadLevel|code}} alone{{/unserved}} another way: as cross-partition queries, or from results the change feed keeps up to date in another container (such as a report per {{overloadLevel|code}} value)`,
    unqueriedOrder:
      'the hierarchical partition key {{parts|levels}} ({{cardinalities|arrows}} values) is not ordered from low to high cardinality, and no access pattern says which order its queries need: as it is, it routes by prefix the queries that give {{first|code}}; ordered {{order|levels}}, those that give {{newFirst|code}}; in either order, a query that gives no value of the first level runs on every physical partition',
    declareQueries:
      'declare the queries (accessPatterns keyAttributes): they decide the order; {{order|levels}} is the order of levels that nest (a tenant holds its users: a coarser level under a finer one divides nothing), while levels that cross (each flight on each date) are ordered by the queries, whose filter goes first',
    unqueriedOrderOverloads: `; ${REORDER_COST} (SG003 would fire on it)`,
    orDeclareQueries: '; or, if the queries read it in another order, declare them (accessPatterns keyAttributes and rangeAttribute): they decide the order',
    fixForQueries: 'order it {{order|levels}}: every declared query that reads it ({{served|code}}) then gives a leading prefix',
    // The queries decide a hierarchical key's order too (queryLedOrder): a first level they do not give strands them.
    queriesMissFirstLevel:
      'the hierarchical partition key {{parts|levels}} ({{cardinalities|arrows}} values) leads with {{first|code}}, which {{crossing|code}} ({{crossingShare|percent}} of the declared queries) do not give: they cross partitions, running on every physical partition, where ordered {{order|levels}} they give its first level and are routed by prefix (the queries decide the order, not the cardinalities)',
    queriesStillCrossing: '; {{stillCrossing|code}} ({{stillCrossingShare|percent}}) would still cross',
    fixQueryOrder:
      'order it {{order|levels}}: with {{newFirst|code}} first, its hottest value puts {{newFirstLoad}} RU/s on its physical partition, which fits beside the other first-level values hashed there ({{newFirstUsable}} RU/s usable for it)',
    queryOrderMigration:
      '; a partition key cannot be changed in place: deploy the new order before the container holds data, or create a container with it, copy every document into it and point the application at it (this order sends {{crossingShare|percent}} of the queries across partitions, above maxCrossPartitionShare {{limit|percent}}: an error)',
    queryOrderWarning:
      '; a partition key cannot be changed in place: on a container that holds data, the reorder is a new container and a copy of every document, which this gain may not repay (a warning)',
    fixConflictingQueries:
      'no one order serves every declared query that reads it ({{served|code}}): keep the order the most important ones need and give {{patterns|code}} an index whose sort key begins with what they give',
  }),
  check(design, analysis) {
    const { profile } = analysis;
    const [primary, ...indexes] = analysis.keySpaces;
    // The queries that name one index (or the table, `undefined`): a sort key serves only its own.
    // Read only by a sort key of several parts, which most designs do not have.
    const patternsOf = (index: string | undefined) => () => analysis.patternsNaming(index);
    return [
      ...(profile.routing === 'key-prefix' ? hierarchicalHits(design, analysis) : []),
      ...compositeHits(primary.sortKey, patternsOf(undefined)),
      ...indexes.flatMap((space) => [
        ...listOf(multiAttributeHits(space, patternsOf(space.index)), (hit) => onNewIndex(hit, analysis, space)),
        ...compositeHits(space.sortKey, patternsOf(space.index), space.index),
      ]),
      ...profile.localIndexes(design).flatMap((lsi) => compositeHits(lsi.sortKey, patternsOf(lsi.indexName), lsi.indexName)),
    ];
  },
});
