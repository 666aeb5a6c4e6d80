import { cardinalityValue } from '../../design/cardinality';
import { joinPath } from '../../design/field-path';
import type { AttributeKind, Cardinality } from '../../design/input';
import type { KeyAttribute, KeyDesign, KeySpace } from '../../design/key-design';
import type { DesignAnalysis } from '../analysis';
import { code, formatCardinality } from '../format';
import { firstLevelOverloaded } from '../prefix-ingestion';
import { fixedOrder, reorderedAttributesEdit, reorderedPartsEdit, reorderedPathsEdit, sameOrder } from '../reorder';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

interface Ordered {
  readonly name: string;
  readonly cardinality?: Cardinality;
  readonly kind: AttributeKind;
}

type Id = 'hierarchical' | 'multiAttributeSortKey' | 'compositeSortKey' | 'fix';

function describe(parts: readonly Ordered[]): string {
  return parts.map((p) => `${code(p.name)} (${formatCardinality(p.cardinality)})`).join(' → ');
}

function ascending(parts: readonly Ordered[]): boolean {
  const ranked = parts.filter((p) => p.kind !== 'time-bucket');
  return ranked.every((part, i) => i === 0 || cardinalityValue(ranked[i - 1].cardinality) <= cardinalityValue(part.cardinality));
}

/** Composite sort-key strings (`COUNTRY#STATE#CITY`) are queried by prefix, so they need the same order. Time parts serve range queries wherever they are. */
function compositeHits(attributes: readonly KeyAttribute[], index?: string): RuleHit<Id>[] {
  return attributes.flatMap((a): RuleHit<Id>[] => {
    if (a.components.length < 2 || ascending(a.components)) return [];
    const order = fixedOrderKeepingTime(a.components);
    const path = joinPath(a.path, 'components');
    return [
      {
        path,
        index,
        messageId: 'compositeSortKey' as const,
        fixId: 'fix' as const,
        data: {
          name: code(a.name),
          parts: describe(a.components),
          order: order.map((p) => code(p.name)).join(' → '),
          orderNames: order.map((p) => p.name).join(','),
        },
        edits: [reorderedPartsEdit(order, path)],
      },
    ];
  });
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
  const order = fixedOrder(levels);
  // A time bucket first is SG002's hotspot; here: out-of-order values, or a time bucket in the middle.
  if (levels.length < 2 || levels[0].kind === 'time-bucket' || sameOrder(levels, order)) return [];
  // The declared queries decide: an order whose first level they already give serves them best.
  if (design.accessPatterns.length > 0 && analysis.crossPartition(order[0].name).share >= analysis.crossPartition().share) return [];
  const timeMiddle = !ascending(levels) ? '' : ' with time buckets after the business levels and before a unique id';
  return [
    {
      path: space.partitionKeyPath,
      messageId: 'hierarchical',
      fixId: 'fix',
      data: {
        parts: describe(levels),
        timeNote: timeMiddle,
        order: order.map((p) => code(p.name)).join(' → '),
        orderNames: order.map((p) => p.name).join(','),
      },
      // Issue 14: not as an edit when the new first level's hottest value would overload its physical partition (SG003).
      edits: firstLevelOverloaded(design, order[0]) ? undefined : [reorderedPathsEdit(design, order)],
    },
  ];
}

/** A multi-attribute sort key (DynamoDB GSIs) is matched left to right without skipping. */
function multiAttributeHits(space: KeySpace): RuleHit<Id>[] {
  if (space.sortKey.length < 2 || ascending(space.sortKey)) return [];
  const order = fixedOrderKeepingTime(space.sortKey);
  const path = joinPath(space.path, 'sortKeys');
  return [
    {
      path,
      index: space.index,
      messageId: 'multiAttributeSortKey',
      fixId: 'fix',
      data: {
        index: code(space.index as string),
        parts: describe(space.sortKey),
        order: order.map((p) => code(p.name)).join(' → '),
        orderNames: order.map((p) => p.name).join(','),
      },
      edits: [reorderedAttributesEdit(order, path)],
    },
  ];
}

export const hierarchyOrder = defineRule({
  id: 'SG004',
  title: 'hierarchy-order',
  severity: 'error',
  thresholds: [],
  fires:
    'A hierarchical key is not ordered from low to high declared cardinality: Cosmos DB hierarchical paths (a time bucket belongs after the business levels and before a unique id; a time bucket first is SG002; when access patterns are declared, only if the ordered key would serve more of them by prefix), DynamoDB multi-attribute GSI sort keys, declared composite sort keys (COUNTRY#STATE#CITY). Time parts of sort keys are left where they are.',
  rationale:
    'Cosmos DB routes a query that gives a prefix of a hierarchical key (tenant, or tenant + device) to the partitions of that prefix only; reversed (/userId/tenantId), "all users of tenant X" fans out over every partition. DynamoDB multi-attribute sort keys and composite sort-key strings are matched left to right with no skipping, so the broadest attribute must come first.',
  fix: 'Order the same attributes by cardinality, ascending (in a Cosmos DB key, a time bucket after the business levels, before a unique id).',
  sources: [SOURCES.cosmosHierarchical, SOURCES.dynamoMultiAttributeKeys, SOURCES.dynamoKeyDesign],
  messages: {
    hierarchical:
      'the hierarchical partition key {{parts}} is not ordered from low to high cardinality{{timeNote}}: a query for one value of the first level (e.g. all users of a tenant) becomes cross-partition',
    multiAttributeSortKey:
      'the multi-attribute sort key of index {{index}} {{parts}} is not ordered from low to high cardinality: it is queried left to right without skipping, so the narrowest attribute first makes broad queries impossible',
    compositeSortKey:
      'the composite sort key {{name}} {{parts}} is not ordered from low to high cardinality: begins_with queries on a prefix cannot narrow to one branch',
    fix: 'order it {{order}}',
  },
  check(design, analysis) {
    const { profile } = analysis;
    const [primary, ...indexes] = analysis.spaces.map((a) => a.space);
    return [
      ...(profile.routing === 'key-prefix' ? hierarchicalHits(design, analysis) : []),
      ...compositeHits(primary.sortKey),
      ...indexes.flatMap((space) => [...multiAttributeHits(space), ...compositeHits(space.sortKey, space.index)]),
      ...profile.localIndexes(design).flatMap((lsi) => compositeHits(lsi.sortKey, lsi.indexName)),
    ];
  },
});
