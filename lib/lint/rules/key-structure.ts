import { joinPath } from '../../design/field-path';
import type { CosmosKeyDesign, DynamoDbKeyDesign, KeyAttribute, KeySpace } from '../../design/key-design';
import { COSMOS_LIMITS, DYNAMODB_LIMITS } from '../../engines';
import { code } from '../format';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

type Id =
  | 'tooManyLevels' | 'invalidPath' | 'duplicatePath' | 'multiHashVersion' | 'hashWithLevels'
  | 'tooManyAttributes' | 'duplicateAttribute' | 'untyped' | 'typeConflict' | 'lsiWithoutSortKey' | 'tooManyLsis' | 'tooManyGsis'
  | 'fixLevels' | 'fixPath' | 'fixNoPath' | 'fixDuplicatePath' | 'fixVersion' | 'fixKind'
  | 'fixAttributes' | 'fixDuplicateAttribute' | 'fixType' | 'fixTypeConflict' | 'fixLsi' | 'fixLsis' | 'fixGsis';

/** `/a/b`: segments of at least one non-blank character, no wildcard (the path as almost every design writes it). */
const VALID_PATH = /^(?:\/[^/*]*[^/*\s][^/*]*)+$/;

/** The nearest valid Cosmos DB path (`tenantId/` → `/tenantId`), or undefined when nothing usable is left. */
function validPath(name: string): string | undefined {
  if (VALID_PATH.test(name)) return name;
  const segments = name.replace(/\*/g, '').split('/').filter((s) => s.trim().length > 0);
  return segments.length > 0 ? `/${segments.join('/')}` : undefined;
}

function cosmosHits(design: CosmosKeyDesign): RuleHit<Id>[] {
  const levels = design.primaryKey.partitionKey;
  const hits: RuleHit<Id>[] = [];
  const keyPath = design.primaryKey.partitionKeyPath;
  const limit = COSMOS_LIMITS.hierarchyLevels;
  if (levels.length > limit) {
    hits.push({ path: keyPath, messageId: 'tooManyLevels', fixId: 'fixLevels', data: { levels: levels.length, limit, keep: levels.slice(0, limit).map((p) => code(p.name)).join(', ') } });
  }
  const seen = new Set<string>();
  levels.forEach((level, i) => {
    const { name, path } = level;
    const valid = validPath(name);
    if (valid !== name) {
      const fixPath = joinPath(joinPath(keyPath, i), 'path');
      hits.push(valid === undefined
        ? { path, messageId: 'invalidPath', fixId: 'fixNoPath', data: { name: code(name) } }
        : { path, messageId: 'invalidPath', fixId: 'fixPath', data: { name: code(name), valid: code(valid) }, edits: [{ op: 'set', path: fixPath, value: valid }] });
    }
    if (seen.has(name)) hits.push({ path, messageId: 'duplicatePath', fixId: 'fixDuplicatePath', data: { name: code(name) }, edits: [{ op: 'remove', path: joinPath(keyPath, i) }] });
    seen.add(name);
  });
  if (design.partitionKeyKind === 'MultiHash' && design.partitionKeyVersion !== 2) {
    hits.push({ path: 'partitionKey.version', messageId: 'multiHashVersion', fixId: 'fixVersion', data: { version: design.partitionKeyVersion }, edits: [{ op: 'set', path: 'partitionKey.version', value: 2 }] });
  }
  if (design.partitionKeyKind === 'Hash' && levels.length > 1) {
    hits.push({ path: 'partitionKey.kind', messageId: 'hashWithLevels', fixId: 'fixKind', data: { levels: levels.length }, edits: [{ op: 'set', path: 'partitionKey.kind', value: 'MultiHash' }, { op: 'set', path: 'partitionKey.version', value: 2 }] });
  }
  return hits;
}

function dynamoHits(design: DynamoDbKeyDesign): RuleHit<Id>[] {
  const hits: RuleHit<Id>[] = [];
  const limit = DYNAMODB_LIMITS.multiAttributeKeyParts;
  // The first declaration of a name fixes its type; each later one with another type is reported.
  // Each hit names its index (GSI or LSI), so index-scoped acknowledgements apply.
  const firstTyped = new Map<string, KeyAttribute>();
  const checkType = (a: KeyAttribute, index: string | undefined) => {
    if (a.type === undefined) {
      hits.push({ path: a.path, index, messageId: 'untyped', fixId: 'fixType', data: { name: code(a.name) } });
      return;
    }
    const first = firstTyped.get(a.name);
    if (first === undefined) firstTyped.set(a.name, a);
    else if (first.type !== a.type) {
      hits.push({
        path: `${a.path}.type`, index, messageId: 'typeConflict', fixId: 'fixTypeConflict',
        data: { name: code(a.name), type: a.type, firstType: first.type as string, firstPath: first.path },
        edits: [{ op: 'set', path: `${a.path}.type`, value: first.type }],
      });
    }
  };
  const tooMany = (space: KeySpace, part: 'partition' | 'sort', attributes: readonly KeyAttribute[]) => {
    if (attributes.length <= limit) return;
    hits.push({
      path: joinPath(space.path, `${part}Keys`), index: space.index, messageId: 'tooManyAttributes', fixId: 'fixAttributes',
      data: { part, limit, count: attributes.length, keep: attributes.slice(0, limit).map((a) => code(a.name)).join(', ') },
    });
  };
  const names = new Set<string>();
  const checkKey = (space: KeySpace, a: KeyAttribute) => {
    if (names.has(a.name)) hits.push({ path: a.path, index: space.index, messageId: 'duplicateAttribute', fixId: 'fixDuplicateAttribute', data: { name: code(a.name) } });
    names.add(a.name);
    checkType(a, space.index);
  };
  const checkSpace = (space: KeySpace) => {
    tooMany(space, 'partition', space.partitionKey);
    tooMany(space, 'sort', space.sortKey);
    names.clear();
    for (const a of space.partitionKey) checkKey(space, a);
    for (const a of space.sortKey) checkKey(space, a);
  };
  checkSpace(design.primaryKey);
  for (const gsi of design.globalSecondaryIndexes) checkSpace(gsi);
  for (const lsi of design.localSecondaryIndexes) {
    for (const a of lsi.sortKey) checkType(a, lsi.indexName);
  }
  if (design.localSecondaryIndexes.length > 0 && design.primaryKey.sortKey.length === 0) {
    hits.push({ path: 'localSecondaryIndexes', messageId: 'lsiWithoutSortKey', fixId: 'fixLsi', data: {} });
  }
  if (design.localSecondaryIndexes.length > DYNAMODB_LIMITS.localSecondaryIndexes) {
    hits.push({ path: 'localSecondaryIndexes', messageId: 'tooManyLsis', fixId: 'fixLsis', data: { limit: DYNAMODB_LIMITS.localSecondaryIndexes, count: design.localSecondaryIndexes.length } });
  }
  if (design.globalSecondaryIndexes.length > DYNAMODB_LIMITS.globalSecondaryIndexes) {
    hits.push({ path: 'globalSecondaryIndexes', messageId: 'tooManyGsis', fixId: 'fixGsis', data: { limit: DYNAMODB_LIMITS.globalSecondaryIndexes, count: design.globalSecondaryIndexes.length } });
  }
  return hits;
}

export const keyStructure = defineRule({
  id: 'SG005',
  title: 'key-structure',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  thresholds: [],
  fires: 'Cosmos DB: more than 3 paths, a path not starting with "/", a wildcard or trailing slash, a duplicate path, MultiHash without version 2, Hash with several paths. DynamoDB: more than 4 attributes in a multi-attribute GSI key, duplicate attributes, a key attribute without a type or with two types, an LSI on a table without a sort key, more than 5 LSIs or 20 GSIs (default quotas).',
  rationale: 'These keys are rejected at deployment (or, worse, accepted in a shape nobody meant), and a partition key cannot be changed afterwards: Cosmos DB needs a new container and a data copy, DynamoDB a new table and a backfill.',
  fix: 'Use the nearest valid structure named in the finding.',
  sources: [SOURCES.cosmosHierarchical, SOURCES.dynamoMultiAttributeKeys, SOURCES.dynamoNaming, SOURCES.dynamoQuotas],
  messages: {
    tooManyLevels: 'the partition key has {{levels}} paths; Cosmos DB allows at most {{limit}} levels',
    invalidPath: 'the partition-key path {{name}} is not a valid path (it must start with "/", with no wildcard, empty segment or trailing slash)',
    duplicatePath: 'the partition-key path {{name}} appears twice',
    multiHashVersion: 'a MultiHash (hierarchical) key needs partition key version 2, got {{version}}',
    hashWithLevels: 'kind "Hash" takes one path, but {{levels}} are given',
    tooManyAttributes: 'a multi-attribute {{part}} key takes at most {{limit}} attributes, got {{count}}',
    duplicateAttribute: 'attribute {{name}} appears twice in the same key',
    untyped: 'key attribute {{name}} has no type',
    typeConflict: 'attribute {{name}} is typed {{type}} here but {{firstType}} at {{firstPath}}',
    lsiWithoutSortKey: 'a local secondary index needs a table with a sort key',
    tooManyLsis: 'a table takes at most {{limit}} local secondary indexes, got {{count}}',
    tooManyGsis: 'a table takes at most {{limit}} global secondary indexes by default, got {{count}}',
    fixLevels: 'keep {{keep}}, or fold the extra levels into a synthetic key',
    fixPath: 'use {{valid}}',
    fixNoPath: 'name the property the key is read from, e.g. /tenantId',
    fixDuplicatePath: 'list each path once',
    fixVersion: 'set partitionKey.version to 2',
    fixKind: 'set partitionKey.kind to "MultiHash" with version 2 for a hierarchical key',
    fixAttributes: 'keep {{keep}}, or combine attributes into a composite string',
    fixDuplicateAttribute: 'use each attribute once per key',
    fixType: 'declare type "S", "N" or "B" (e.g. type: "S" for {{name}})',
    fixTypeConflict: 'use one type for {{name}} everywhere (CloudFormation declares each attribute once)',
    fixLsi: 'add a table sort key, or make the index global',
    fixLsis: 'move the rest to global secondary indexes',
    fixGsis: 'merge indexes that serve the same queries (a multi-attribute key can serve several), or request a quota increase',
  },
  check(design) {
    return design.engine === 'cosmosdb' ? cosmosHits(design) : dynamoHits(design);
  },
});
