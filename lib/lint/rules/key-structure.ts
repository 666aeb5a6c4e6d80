import type { CosmosKeyDesign, DynamoDbKeyDesign, KeyAttribute, KeyDesign } from '../../design/key-design';
import { COSMOS_LIMITS, DYNAMODB_LIMITS } from '../../design/limits';
import { code } from '../format';
import type { Rule, RuleHit } from '../rule';

function cosmosHits(design: CosmosKeyDesign): RuleHit[] {
  const paths = design.primaryKey.partitionKey;
  const hits: RuleHit[] = [];
  const keyPath = design.primaryKey.partitionKeyPath;
  if (paths.length > COSMOS_LIMITS.hierarchyLevels) {
    hits.push({
      path: keyPath,
      message: `the partition key has ${paths.length} paths; Cosmos DB allows at most ${COSMOS_LIMITS.hierarchyLevels} levels`,
      fix: `keep ${paths.slice(0, COSMOS_LIMITS.hierarchyLevels).map((p) => code(p.name)).join(', ')}, or fold the extra levels into a synthetic key`,
    });
  }
  const seen = new Set<string>();
  for (const attribute of paths) {
    const { name, path } = attribute;
    const valid = `/${name.replace(/\*/g, '').replace(/^\/+|\/+$/g, '')}`;
    if (!name.startsWith('/') || name.includes('*') || (name.length > 1 && name.endsWith('/'))) {
      hits.push({ path, message: `the partition-key path ${code(name)} is not a valid path (it must start with "/", with no wildcard or trailing slash)`, fix: `use ${code(valid)}` });
    }
    if (seen.has(name)) hits.push({ path, message: `the partition-key path ${code(name)} appears twice`, fix: 'list each path once' });
    seen.add(name);
  }
  if (design.partitionKeyKind === 'MultiHash' && design.partitionKeyVersion !== 2) {
    hits.push({ path: 'partitionKey.version', message: `a MultiHash (hierarchical) key needs partition key version 2, got ${design.partitionKeyVersion}`, fix: 'set partitionKey.version to 2' });
  }
  if (design.partitionKeyKind === 'Hash' && paths.length > 1) {
    hits.push({ path: 'partitionKey.kind', message: `kind "Hash" takes one path, but ${paths.length} are given`, fix: 'set partitionKey.kind to "MultiHash" (version 2) for a hierarchical key' });
  }
  return hits;
}

function dynamoHits(design: DynamoDbKeyDesign): RuleHit[] {
  const hits: RuleHit[] = [];
  const limit = DYNAMODB_LIMITS.multiAttributeKeyParts;
  // Each key attribute with the index it belongs to (GSI or LSI), so index-scoped acknowledgements apply.
  const allKeys: { attribute: KeyAttribute; index?: string }[] = [];
  for (const space of [design.primaryKey, ...design.globalSecondaryIndexes]) {
    for (const [part, attributes] of [['partition', space.partitionKey], ['sort', space.sortKey]] as const) {
      if (attributes.length > limit) {
        hits.push({
          path: `${space.path}.${part}Keys`.replace(/^\./, ''),
          index: space.index,
          message: `a multi-attribute ${part} key takes at most ${limit} attributes, got ${attributes.length}`,
          fix: `keep ${attributes.slice(0, limit).map((a) => code(a.name)).join(', ')}, or combine attributes into a composite string`,
        });
      }
    }
    const names = [...space.partitionKey, ...space.sortKey];
    names.forEach((a, i) => {
      if (names.findIndex((b) => b.name === a.name) !== i) {
        hits.push({ path: a.path, index: space.index, message: `attribute ${code(a.name)} appears twice in the same key`, fix: 'use each attribute once per key' });
      }
    });
    allKeys.push(...names.map((attribute) => ({ attribute, index: space.index })));
  }
  for (const lsi of design.localSecondaryIndexes) allKeys.push(...lsi.sortKey.map((attribute) => ({ attribute, index: lsi.indexName })));
  for (const { attribute, index } of allKeys) {
    if (attribute.type === undefined) {
      hits.push({ path: attribute.path, index, message: `key attribute ${code(attribute.name)} has no type`, fix: `declare type "S", "N" or "B" (e.g. type: "S" for ${code(attribute.name)})` });
    }
  }
  const typed = allKeys.filter((k) => k.attribute.type !== undefined);
  for (const { attribute: a, index } of typed) {
    // The first declaration of a name wins; each later one with another type is reported.
    const first = (typed.find((k) => k.attribute.name === a.name) as (typeof typed)[number]).attribute;
    if (first !== a && first.type !== a.type) {
      hits.push({ path: `${a.path}.type`, index, message: `attribute ${code(a.name)} is typed ${a.type} here but ${first.type} at ${first.path}`, fix: `use one type for ${code(a.name)} everywhere (CloudFormation declares each attribute once)` });
    }
  }
  if (design.localSecondaryIndexes.length > 0 && design.primaryKey.sortKey.length === 0) {
    hits.push({ path: 'localSecondaryIndexes', message: 'a local secondary index needs a table with a sort key', fix: 'add a table sort key, or make the index global' });
  }
  if (design.localSecondaryIndexes.length > DYNAMODB_LIMITS.localSecondaryIndexes) {
    hits.push({ path: 'localSecondaryIndexes', message: `a table takes at most ${DYNAMODB_LIMITS.localSecondaryIndexes} local secondary indexes, got ${design.localSecondaryIndexes.length}`, fix: 'move the rest to global secondary indexes' });
  }
  return hits;
}

export const keyStructure: Rule = {
  id: 'SG005',
  title: 'key-structure',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'Cosmos DB: more than 3 paths, a path not starting with "/", a wildcard or trailing slash, a duplicate path, MultiHash without version 2; DynamoDB: more than 4 attributes in a multi-attribute GSI key, duplicate attributes, a key attribute without a type.',
  rationale: 'These keys are rejected at deployment (or, worse, accepted in a shape nobody meant), and a partition key cannot be changed afterwards: Cosmos DB needs a new container and a data copy, DynamoDB a new table and a backfill. Sources: Azure Cosmos DB "Hierarchical partition keys" (3 levels, MultiHash, version 2); DynamoDB Developer Guide "Multi-attribute keys" (4 + 4) and AWS::DynamoDB::Table AttributeDefinitions.',
  fix: 'Use the nearest valid structure named in the finding.',
  checkDesign(design: KeyDesign) {
    return design.engine === 'cosmosdb' ? cosmosHits(design) : dynamoHits(design);
  },
};
