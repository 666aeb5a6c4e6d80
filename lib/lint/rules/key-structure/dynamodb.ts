/** SG005 for DynamoDB: key attributes and indexes the service accepts, in the shape they were meant. */
import { joinPath } from '../../../design/field-path';
import type { DynamoDbKeyDesign, KeyAttribute, KeySpace } from '../../../design/key-design';
import { DYNAMODB_LIMITS } from '../../../engines';
import { defineRule, type RuleHit } from '../../rule';
import { SOURCES } from '../../sources';
import { KEY_STRUCTURE } from './meta';

type Id =
  | 'tooManyAttributes'
  | 'duplicateAttribute'
  | 'untyped'
  | 'typeConflict'
  | 'lsiWithoutSortKey'
  | 'tooManyLsis'
  | 'tooManyGsis'
  | 'fixAttributes'
  | 'fixDuplicateAttribute'
  | 'fixType'
  | 'fixTypeConflict'
  | 'fixLsi'
  | 'fixLsis'
  | 'fixGsis';

function dynamoHits(design: DynamoDbKeyDesign): RuleHit<Id>[] {
  const hits: RuleHit<Id>[] = [];
  const limit = DYNAMODB_LIMITS.multiAttributeKeyParts;
  // The first declaration of a name fixes its type; each later one with another type is reported.
  // Each hit names its index (GSI or LSI), so index-scoped acknowledgements apply.
  const firstTyped = new Map<string, KeyAttribute>();
  const checkType = (a: KeyAttribute, index: string | undefined) => {
    if (a.type === undefined) {
      hits.push({ path: a.path, index, messageId: 'untyped', fixId: 'fixType', data: { name: a.name } });
      return;
    }
    const first = firstTyped.get(a.name);
    if (first === undefined) firstTyped.set(a.name, a);
    else if (first.type !== a.type) {
      hits.push({
        path: `${a.path}.type`,
        index,
        messageId: 'typeConflict',
        fixId: 'fixTypeConflict',
        data: { name: a.name, type: a.type, firstType: first.type as string, firstPath: first.path },
        edits: [{ op: 'set', path: `${a.path}.type`, value: first.type }],
      });
    }
  };
  const tooMany = (space: KeySpace, part: 'partition' | 'sort', attributes: readonly KeyAttribute[]) => {
    if (attributes.length <= limit) return;
    hits.push({
      path: joinPath(space.path, `${part}Keys`),
      index: space.index,
      messageId: 'tooManyAttributes',
      fixId: 'fixAttributes',
      data: {
        part,
        limit,
        count: attributes.length,
        keep: attributes.slice(0, limit).map((a) => a.name),
      },
    });
  };
  const names = new Set<string>();
  const checkKey = (space: KeySpace, a: KeyAttribute) => {
    if (names.has(a.name))
      hits.push({ path: a.path, index: space.index, messageId: 'duplicateAttribute', fixId: 'fixDuplicateAttribute', data: { name: a.name } });
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
    hits.push({
      path: 'localSecondaryIndexes',
      messageId: 'tooManyLsis',
      fixId: 'fixLsis',
      data: { limit: DYNAMODB_LIMITS.localSecondaryIndexes, count: design.localSecondaryIndexes.length },
    });
  }
  if (design.globalSecondaryIndexes.length > DYNAMODB_LIMITS.globalSecondaryIndexes) {
    hits.push({
      path: 'globalSecondaryIndexes',
      messageId: 'tooManyGsis',
      fixId: 'fixGsis',
      data: { limit: DYNAMODB_LIMITS.globalSecondaryIndexes, count: design.globalSecondaryIndexes.length },
    });
  }
  return hits;
}

export const dynamoDbKeyStructure = defineRule({
  ...KEY_STRUCTURE,
  engines: ['dynamodb'],
  fires:
    'DynamoDB: more than 4 attributes in a multi-attribute GSI key, duplicate attributes, a key attribute without a type or with two types, an LSI on a table without a sort key, more than 5 LSIs or 20 GSIs (default quotas).',
  sources: [SOURCES.dynamoMultiAttributeKeys, SOURCES.dynamoNaming, SOURCES.dynamoQuotas],
  messages: {
    tooManyAttributes: 'a multi-attribute {{part}} key takes at most {{limit}} attributes, got {{count}}',
    duplicateAttribute: 'attribute {{name|code}} appears twice in the same key',
    untyped: 'key attribute {{name|code}} has no type',
    typeConflict: 'attribute {{name|code}} is typed {{type}} here but {{firstType}} at {{firstPath}}',
    lsiWithoutSortKey: 'a local secondary index needs a table with a sort key',
    tooManyLsis: 'a table takes at most {{limit}} local secondary indexes, got {{count}}',
    tooManyGsis: 'a table takes at most {{limit}} global secondary indexes by default, got {{count}}',
    fixAttributes: 'keep {{keep|code}}, or combine attributes into a composite string',
    fixDuplicateAttribute: 'use each attribute once per key',
    fixType: 'declare type "S", "N" or "B" (e.g. type: "S" for {{name|code}})',
    fixTypeConflict: 'use one type for {{name|code}} everywhere (CloudFormation declares each attribute once)',
    fixLsi: 'add a table sort key, or make the index global',
    fixLsis: 'move the rest to global secondary indexes',
    fixGsis: 'merge indexes that serve the same queries (a multi-attribute key can serve several), or request a quota increase',
  },
  check: dynamoHits,
});
