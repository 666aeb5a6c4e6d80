import { cardinalityValue } from '../../design/cardinality';
import type { AttributeKind, Cardinality } from '../../design/input';
import type { KeyAttribute, KeyDesign } from '../../design/key-design';
import { code, formatCardinality } from '../format';
import type { Rule, RuleHit } from '../rule';

interface Ordered {
  readonly name: string;
  readonly cardinality?: Cardinality;
  readonly kind: AttributeKind;
}

function isAscending(parts: readonly Ordered[]): boolean {
  return parts.every((part, i) => i === 0 || cardinalityValue(parts[i - 1].cardinality) <= cardinalityValue(part.cardinality));
}

function describe(parts: readonly Ordered[]): string {
  return parts.map((p) => `${code(p.name)} (${formatCardinality(p.cardinality)})`).join(' → ');
}

/**
 * Time-bucket parts (/yyyyMM) are few-valued but never belong first in a partition key: there they
 * send every current write to one prefix (SG002's failure). So only the other parts must ascend;
 * with `timeBucketsLast` (hierarchical partition keys) time buckets must also follow them. In sort
 * keys a time prefix serves range queries, so there time parts are simply left out of the check.
 */
function check(parts: readonly Ordered[], path: string, what: string, consequence: string, index?: string, timeBucketsLast = false): RuleHit[] {
  const ranked = parts.filter((p) => p.kind !== 'time-bucket');
  const timeBuckets = parts.filter((p) => p.kind === 'time-bucket');
  const timeFirst = timeBucketsLast && timeBuckets.length > 0 && ranked.length > 0 && parts.indexOf(timeBuckets[0]) < parts.indexOf(ranked[ranked.length - 1]);
  if (!timeFirst && (ranked.length < 2 || isAscending(ranked))) return [];
  const sorted = [...ranked].sort((a, b) => cardinalityValue(a.cardinality) - cardinalityValue(b.cardinality)).concat(timeBuckets);
  return [{
    path,
    index,
    message: `${what} ${describe(parts)} is not ordered from low to high cardinality${timeFirst ? ' with time buckets last' : ''}: ${consequence}`,
    fix: `order it ${sorted.map((p) => code(p.name)).join(' → ')}`,
    data: { order: sorted.map((p) => p.name).join(',') },
  }];
}

/** Composite sort-key strings (`COUNTRY#STATE#CITY`) are queried by prefix, so they need the same order. */
function compositeHits(attributes: readonly KeyAttribute[], index?: string): RuleHit[] {
  return attributes.flatMap((a) => check(a.components, `${a.path}.components`, `the composite sort key ${code(a.name)}`, 'begins_with queries on a prefix cannot narrow to one branch', index));
}

function hits(design: KeyDesign): RuleHit[] {
  if (design.engine === 'cosmosdb') {
    return check(design.primaryKey.partitionKey, design.primaryKey.partitionKeyPath, 'the hierarchical partition key',
      'a query for one value of the first level (e.g. all users of a tenant) becomes cross-partition', undefined, true);
  }
  return [
    ...compositeHits(design.primaryKey.sortKey),
    ...design.globalSecondaryIndexes.flatMap((gsi) => [
      ...check(gsi.sortKey, `${gsi.path}.sortKeys`, `the multi-attribute sort key of index ${code(gsi.index as string)}`,
        'it is queried left to right without skipping, so the narrowest attribute first makes broad queries impossible', gsi.index),
      ...compositeHits(gsi.sortKey, gsi.index),
    ]),
    ...design.localSecondaryIndexes.flatMap((lsi) => compositeHits(lsi.sortKey, lsi.indexName)),
  ];
}

export const hierarchyOrder: Rule = {
  id: 'SG004',
  title: 'hierarchy-order',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'A hierarchical key is not ordered from low to high declared cardinality: Cosmos DB hierarchical paths, DynamoDB multi-attribute GSI sort keys, declared composite sort keys (COUNTRY#STATE#CITY). Time-bucket parts are left out of the order, and must come last in a Cosmos DB hierarchical key.',
  rationale: 'Cosmos DB routes a query that gives a prefix of a hierarchical key (tenant, or tenant + device) to the partitions of that prefix only; reversed (/userId/tenantId), "all users of tenant X" fans out over every partition. DynamoDB multi-attribute sort keys and composite sort-key strings are matched left to right with no skipping. Sources: Azure Cosmos DB "Hierarchical partition keys"; DynamoDB Developer Guide "Multi-attribute keys"; seed article 001.',
  fix: 'Order the same attributes by cardinality, ascending.',
  checkDesign: hits,
};
