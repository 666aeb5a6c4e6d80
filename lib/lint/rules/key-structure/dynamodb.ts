/** SG005 for DynamoDB: key attributes and indexes the service accepts, in the shape they were meant. */
import { joinPath } from '../../../design/field-path';
import type { DynamoDbKeyDesign, KeyAttribute, KeySpace } from '../../../design/key-design';
import { hasUnsafeCharacters, withoutUnsafeCharacters } from '../../../design/printable';
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
  | 'unsafeName'
  | 'fixAttributes'
  | 'fixDuplicateAttribute'
  | 'fixType'
  | 'fixTypeConflict'
  | 'fixLsi'
  | 'fixLsis'
  | 'fixGsis'
  | 'fixUnsafeName'
  | 'fixNoName';

function dynamoHits(design: DynamoDbKeyDesign): RuleHit<Id>[] {
  const hits: RuleHit<Id>[] = [];
  const limit = DYNAMODB_LIMITS.multiAttributeKeyParts;
  // The first declaration of a name fixes its type; each later one with another type is reported.
  // Each hit names its index (GSI or LSI), so index-scoped acknowledgements apply.
  const firstTyped = new Map<string, KeyAttribute>();
  // A control, bidi or invisible character makes the name read as another one (Unicode TR #36,
  // https://www.unicode.org/reports/tr36/): the application writes the name it reads, and an item without
  // the table's key attributes is rejected (PutItem), one without an index's is left out of the index
  // (sparse indexes). One predicate with the Cosmos DB paths and with what the reports escape.
  // Zero-width characters are an error too, as controls and bidi are: the failure is the same (writes under
  // the name as read miss the key), and a key attribute name cannot be changed after the table exists.
  // ZWJ/ZWNJ are legitimate inside words of some scripts (Persian, Sinhala); such a name can be acknowledged.
  const checkName = (a: KeyAttribute, index: string | undefined) => {
    if (!hasUnsafeCharacters(a.name)) return;
    const clean = withoutUnsafeCharacters(a.name);
    hits.push(
      clean.trim() === ''
        ? { path: joinPath(a.path, 'name'), index, messageId: 'unsafeName', fixId: 'fixNoName', data: { name: a.name } }
        : { path: joinPath(a.path, 'name'), index, messageId: 'unsafeName', fixId: 'fixUnsafeName', data: { name: a.name, clean } },
    );
  };
  const checkType = (a: KeyAttribute, index: string | undefined) => {
    checkName(a, index);
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
    'DynamoDB: more than 4 attributes in a multi-attribute GSI key, duplicate attributes, a key attribute without a type or with two types, or a key attribute name holding an unseen character.',
  firesAlso: [
    'Unseen characters in a DynamoDB key attribute name (table, GSI or LSI): the same as in a Cosmos DB path, a control character (C0, DEL, C1), a bidirectional-formatting one (U+202A–U+202E, U+2066–U+2069, and the marks) or an invisible one (U+00AD, U+200B–U+200D, U+2060, U+FEFF).',
    'DynamoDB indexes: an LSI on a table without a sort key; more than 5 LSIs (a fixed maximum) or 20 GSIs (a default quota).',
  ],
  sources: [
    SOURCES.dynamoMultiAttributeKeys,
    SOURCES.dynamoNaming,
    SOURCES.dynamoQuotas,
    SOURCES.dynamoPutItem,
    SOURCES.dynamoSparseIndexes,
    SOURCES.cfnDynamoDbTable,
  ],
  messages: () => ({
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
    unsafeName:
      'key attribute {{name|code}} (shown escaped) holds control, bidirectional-formatting or invisible characters: it displays as another name than the one deployed, so items written with the name a reader sees lack the key attribute (the table rejects them; an index leaves them out)',
    fixUnsafeName: 'name the attribute {{clean|code}} (the name without them), in the design and in the application',
    fixNoName: 'name the attribute with visible characters only',
    fixGsis: 'merge indexes that serve the same queries (a multi-attribute key can serve several), or request a quota increase',
  }),
  check: dynamoHits,
});
