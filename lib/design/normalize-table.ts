/** A DynamoDB table design → DynamoDbKeyDesign: its primary key, GSIs and LSIs as key spaces. */
import { cardinalityValue, combinedKeyCardinality } from './cardinality';
import { joinPath } from './field-path';
import { holdsTableKeyAsStored } from './held-table-key';
import type { DynamoDbTableDesign, GlobalSecondaryIndexDesign, ShardingDesign, SortKeyAttributeDesign } from './input';
import type { IssueLog } from './issue-log';
import {
  sameAttribute,
  type CarriedShards,
  type HeldTableShards,
  type DynamoDbKeyDesign,
  type IndexKeyChange,
  type IndexProjection,
  type KeyAttribute,
  type NewItemWrites,
} from './key-design';
import { nameWords, wordsLookMutable } from './key-names';
import { listOf } from './lists';
import { billingOf, tableCapacity } from './normalize-capacity';
import { designThresholds, type NormalizeContext } from './normalize-context';
import { invariants } from './normalize-invariants';
import { inferredKind, keyAttribute, keySpace, type DeclaredFigure, type KeySpaceDraft } from './normalize-key';
import {
  accessPatterns,
  acknowledgements,
  checkPatternAttributes,
  checkPatternReads,
  ownKey,
  readShares,
  type IndexKind,
  type PatternKey,
} from './normalize-usage';

/** A design's quotas where the lint declared none raised: the published defaults apply. */
const NO_QUOTAS = Object.freeze({});

export function normalizeTable(input: DynamoDbTableDesign, log: IssueLog, context: NormalizeContext): DynamoDbKeyDesign {
  const thresholds = designThresholds(context, input.thresholds);
  const contributorInsights = input.monitoring?.contributorInsights ?? true;
  const gsis = input.globalSecondaryIndexes ?? [];
  const lsis = input.localSecondaryIndexes ?? [];
  const indexKinds = uniqueIndexKinds(gsis, lsis, log);
  const patterns = accessPatterns(input.accessPatterns, indexKinds, log);
  const shares = readShares(patterns, indexKinds);
  const tableReads = (index?: string) => {
    const share = shares.shareOf(index);
    return { units: input.workload.peakReadUnits * share, share, source: shares.declared ? ('access-patterns' as const) : ('table' as const) };
  };

  const primaryKey = keySpace(
    {
      path: '',
      partitionKey: [keyAttribute(input.partitionKey, 'partitionKey', log)],
      partitionKeyPath: 'partitionKey',
      sortKey: input.sortKey ? [keyAttribute(input.sortKey, 'sortKey', log, true)] : [],
      reads: tableReads(),
      peakWriteUnits: input.workload.peakWriteUnits,
      hotKeyShare: input.workload.hotKeyShare === undefined ? undefined : { value: input.workload.hotKeyShare, source: 'declared', at: 'workload.hotKeyShare' },
      hotKeyOperations: input.workload.hotKeyOperations,
      hotKeyMovesAt: input.workload.hotKeyMoves === true ? 'workload.hotKeyMoves' : undefined,
      sharding: input.sharding,
      keyMonitoring: contributorInsights,
      keyMonitoringPath: 'monitoring.contributorInsights',
      index: undefined,
      projection: undefined,
      copiesCarry: undefined,
    },
    log,
  );

  // UpdateItem cannot change a key attribute of the table: an item keeps its key for life.
  for (const field of ['partitionKey', 'sortKey'] as const) {
    if (input[field]?.mutable === true) {
      log.add(
        joinPath(field, 'mutable'),
        "is true, but a table's key attributes never change in place (UpdateItem cannot modify them; a new key is a delete and a put): mutable applies to index keys",
      );
    }
  }

  const globalSecondaryIndexes = listOf(gsis, (gsi, i) =>
    keySpace(gsiDraft(gsi, joinPath('globalSecondaryIndexes', i), input, tableReads, contributorInsights, log), log),
  );

  const localSecondaryIndexes = listOf(lsis, (lsi, i) => {
    const path = joinPath('localSecondaryIndexes', i);
    const projection = projectionOf(lsi, path, log) ?? { type: 'ALL' as const, nonKeyAttributes: [], path: joinPath(path, 'projectionType') };
    return {
      indexName: lsi.indexName,
      sortKey: [keyAttribute(lsi.sortKey, joinPath(path, 'sortKey'), log, true)],
      path,
      projection,
      writesPerTableWrite: projection.type === 'ALL' ? 1 : 0,
    };
  });

  // The key a pattern's index reads: a GSI's own; an LSI's, the table's partition key with a sort key of its own.
  const keysRead = new Map<string | undefined, PatternKey>([[undefined, ownKey(primaryKey)]]);
  for (const gsi of globalSecondaryIndexes) keysRead.set(gsi.index, ownKey(gsi));
  for (const lsi of localSecondaryIndexes) keysRead.set(lsi.indexName, { space: primaryKey, sortKey: lsi.sortKey });
  const keyRead = (index: string | undefined) => keysRead.get(index);
  checkPatternAttributes(patterns, keyRead, log);
  checkPatternReads(patterns, keyRead, log);

  return {
    engine: 'dynamodb',
    name: input.name,
    billing: billingOf(input),
    launchAtPeak: input.launchAtPeak ?? false,
    ...(input.launchAtPeak === undefined ? {} : { launchAtPeakDeclared: true as const }),
    capacity: tableCapacity(input, log),
    primaryKey,
    globalSecondaryIndexes,
    localSecondaryIndexes,
    quotas: context.options.quotas ?? NO_QUOTAS,
    largestPartitionGb: input.storage?.largestPartitionGb,
    largestPartitionGbSource: input.storage?.largestPartitionGb === undefined ? undefined : 'declared',
    largestPartitionGbAt: input.storage?.largestPartitionGb === undefined ? undefined : 'storage.largestPartitionGb',
    accessPatterns: patterns,
    invariants: invariants(input.invariants, 'dynamodb', log, primaryKey.sortKey),
    acknowledgements: acknowledgements(input.acknowledgements, input.acknowledgements ? [...indexKinds.keys()] : [], context.options, log),
    thresholds,
  };
}

function gsiDraft(
  gsi: GlobalSecondaryIndexDesign,
  path: string,
  table: DynamoDbTableDesign,
  tableReads: (index?: string) => KeySpaceDraft['reads'],
  contributorInsights: boolean,
  log: IssueLog,
): KeySpaceDraft {
  // The words of each key attribute's name, read once: for its kind, and for whether updates change it.
  const wordsByName = new Map<string, readonly string[]>();
  const wordsOf = (name: string): readonly string[] => {
    let words = wordsByName.get(name);
    if (words === undefined) {
      words = nameWords(name);
      wordsByName.set(name, words);
    }
    return words;
  };
  const declaredKey = oneKeyForm(gsi.partitionKey, gsi.partitionKeys, path, 'partitionKey', log, true, wordsOf);
  const partitionKey = withLogicalKind(declaredKey.attributes, gsi, gsi.sharding?.logicalAttribute);
  const sortKey = oneKeyForm(gsi.sortKey, gsi.sortKeys, path, 'sortKey', log, false, wordsOf);
  const workload = gsi.workload;
  const declaredReads = workload?.peakReadUnits;
  const tableWrites = table.workload.peakWriteUnits;
  const keyChange =
    workload?.peakWriteUnits === undefined
      ? changingKey([...partitionKey, ...sortKey.attributes], gsi.sharding?.logicalAttribute, tableWrites, wordsOf)
      : undefined;
  const newItems = keyChange === undefined && workload?.peakWriteUnits === undefined ? newItemWrites(table, gsi) : undefined;
  const tableShards = heldTableShards(partitionKey, gsi.sharding, table);
  return {
    index: gsi.indexName,
    path,
    partitionKey,
    partitionKeyPath: declaredKey.path,
    sortKey: sortKey.attributes,
    reads: declaredReads === undefined ? tableReads(gsi.indexName) : { units: declaredReads, share: 1, source: 'declared' },
    // Every table write that carries the index's key is projected into it: the table's writes are the conservative
    // default. An update that changes an index key attribute (partition or sort key) costs the index two writes, a
    // delete of the old entry and a put of the new (AWS, "Provisioned throughput considerations for global secondary
    // indexes"): with no declared share of such updates, every table write is assumed to be one, 2× the table's.
    // A KEYS_ONLY index (or any, where every write is a new item) takes the puts and deletes and nothing else: new-items.
    peakWriteUnits: workload?.peakWriteUnits ?? (keyChange ? 2 * tableWrites : newItems?.whole ? newItems.share * tableWrites : tableWrites),
    writeSource: workload?.peakWriteUnits !== undefined ? 'declared' : keyChange ? 'key-changes' : newItems?.whole ? 'new-items' : 'table',
    hotKeyShare:
      workload?.hotKeyShare === undefined
        ? (tableHotShare(partitionKey, gsi.sharding, table) ?? inheritedHotShare(partitionKey, gsi, table))
        : { value: workload.hotKeyShare, source: 'declared', at: joinPath(path, 'workload.hotKeyShare') },
    hotKeyMovesAt: indexHotKeyMoves(partitionKey, gsi, path, table),
    sharding: gsi.sharding,
    keyMonitoring: gsi.contributorInsights ?? contributorInsights,
    keyMonitoringPath: gsi.contributorInsights === undefined ? 'monitoring.contributorInsights' : joinPath(path, 'contributorInsights'),
    projection: projectionOf(gsi, path, log),
    // Read only with replicated copies (lint/written.ts, lint/copied-indexes.ts); with one copy, copy 0 is every copy.
    copiesCarry: gsi.copiesCarry ?? 'every',
    // The fields an index may lack, last: a draft is read by name (keySpace), and every field after a spread is defined at run time.
    ...(partitionKey.length > 1 ? { keyValues: combinedKeyCardinality(partitionKey, tableItems(table)) } : undefined),
    ...(tableShards ? { tableShards } : undefined),
    ...(keyChange ? { keyChange } : undefined),
    ...(newItems ? { newItems } : undefined),
  };
}

/**
 * The table writes that put or delete items, for a `KEYS_ONLY` or `INCLUDE` index (see `NewItemWrites`): the declared
 * `workload.newItemShare`, or every write where the table's key is declared unique and no invariant keeps an item
 * that writes update (a running total, a conditional write); undefined otherwise. Under `KEYS_ONLY` an update writes
 * the index only where it changes an index key attribute (counted apart, `keyChange`), so the puts and deletes are its
 * whole figure; under `INCLUDE` an update of a projected attribute writes it too, so they are its floor unless every
 * write is a new item.
 */
function newItemWrites(table: DynamoDbTableDesign, gsi: GlobalSecondaryIndexDesign): NewItemWrites | undefined {
  const type = gsi.projectionType;
  if (type !== 'KEYS_ONLY' && type !== 'INCLUDE') return undefined;
  const tableWriteUnits = table.workload.peakWriteUnits;
  const declared = table.workload.newItemShare;
  if (declared !== undefined)
    return { share: declared, from: 'declared', tableWriteUnits, at: 'workload.newItemShare', whole: type === 'KEYS_ONLY' || declared === 1 };
  const unique = [table.partitionKey, table.sortKey].find((a) => a?.cardinality === 'unique');
  if (unique === undefined || (table.invariants ?? []).length > 0) return undefined;
  return { share: 1, from: 'unique', key: unique.name, tableWriteUnits, at: 'workload.newItemShare', whole: true };
}

/**
 * The index's declared projection (`projectionType`, `nonKeyAttributes`), checked as CloudFormation's `Projection` takes
 * them: `NonKeyAttributes` lists what an `INCLUDE` projection copies, and only it. None where `projectionType` is not
 * declared (`nonKeyAttributes` alone is an issue: it says nothing without the type).
 */
function projectionOf(
  index: Pick<GlobalSecondaryIndexDesign, 'projectionType' | 'nonKeyAttributes'>,
  path: string,
  log: IssueLog,
): IndexProjection | undefined {
  const type = index.projectionType;
  const attributes = index.nonKeyAttributes;
  if (type === 'INCLUDE' && (attributes === undefined || attributes.length === 0)) {
    log.add(joinPath(path, 'nonKeyAttributes'), 'is required with projectionType "INCLUDE": list the non-key attributes the index copies, or use "KEYS_ONLY"');
  } else if (type !== 'INCLUDE' && attributes !== undefined) {
    log.add(
      joinPath(path, 'nonKeyAttributes'),
      `is read only with projectionType "INCLUDE" (here ${type === undefined ? 'not declared' : `"${type}"`}): set projectionType to "INCLUDE", or remove nonKeyAttributes`,
    );
  }
  if (type === undefined) return undefined;
  return { type, nonKeyAttributes: type === 'INCLUDE' ? [...(attributes ?? [])] : [], path: joinPath(path, 'projectionType') };
}

/**
 * The share of an index's traffic its hottest value takes when the table's hottest value determines it: every index
 * key attribute is the table's partition-key attribute or one of its components (a separate shard attribute counted
 * by the attribute it holds, `logicalAttribute`). Every write of the table's hottest value (a hot game, its many
 * players' items) then writes the index on one value (AWS, "Provisioned throughput considerations for global secondary
 * indexes": a table write that puts an item carrying the index key writes the index), whatever the index's own
 * cardinality. A table key sharded in its own attribute (`gameId#n`) carries its shards into an index keyed by that
 * attribute itself, with no sharding of its own: the index's key values are then the table's stored keys, and the
 * share divides by them. Not into an index with a sharding of its own: a separate shard attribute holds the logical
 * value and the index's own suffix (`gameIdShard` = the game's id + "#" + n, what a reader of one game queries), and
 * its own shards are the only ones its key has (else a leaderboard index on `gameIdShard`, 2 random shards,
 * is credited with the table's 3 calculated ones, and 1,500 WCU per shard pass as 500). Undefined when the table
 * declares no share, its share is of reads only, or the index key is another attribute.
 */
function tableHotShare(indexKey: readonly KeyAttribute[], sharding: ShardingDesign | undefined, table: DynamoDbTableDesign): DeclaredFigure | undefined {
  const share = table.workload.hotKeyShare;
  if (share === undefined || table.workload.hotKeyOperations === 'reads' || indexKey.length === 0) return undefined;
  const tableKey = table.partitionKey.name;
  const components = (table.partitionKey.components ?? []).map((c) => c.name);
  const logical = sharding?.logicalAttribute;
  const nameOf = (a: KeyAttribute) => (a === indexKey[0] && logical !== undefined && indexKey.length === 1 ? logical : a.name);
  const names = indexKey.map(nameOf);
  if (!names.every((name) => sameAttribute(name, tableKey) || components.some((c) => sameAttribute(name, c)))) return undefined;
  const shards = holdsTableKeyAsStored(indexKey, sharding, tableKey) ? (table.sharding?.shards ?? 1) : 1;
  // Write shards (not copies) the index's key values are: a query of one value on the index reads one of them (SG009).
  const held = heldTableShards(indexKey, sharding, table);
  const carried: CarriedShards | undefined = held && { ...held, share };
  return { value: share / shards, source: 'derived', at: 'workload.hotKeyShare', ...(carried ? { carried } : undefined) };
}

/**
 * Where an index's hottest value is declared not known ahead or moving (`workload.hotKeyMoves: true`): its own
 * declaration, else the table's where the index's hottest share is the table's (`tableHotShare`: the table's hot value
 * is the index's, so it moves with it). Undefined where neither says so.
 */
function indexHotKeyMoves(indexKey: readonly KeyAttribute[], gsi: GlobalSecondaryIndexDesign, path: string, table: DynamoDbTableDesign): string | undefined {
  const own = gsi.workload?.hotKeyMoves;
  if (own !== undefined) return own ? joinPath(path, 'workload.hotKeyMoves') : undefined;
  const inherits = table.workload.hotKeyMoves === true && gsi.workload?.hotKeyShare === undefined && tableHotShare(indexKey, gsi.sharding, table) !== undefined;
  return inherits ? 'workload.hotKeyMoves' : undefined;
}

/**
 * The table's write shards (random or calculated, more than one) an index's key values hold, where its key holds the
 * table's partition-key attribute as stored (held-table-key.ts): a sharded value's entries carry its suffixes in the
 * index too, whatever its other key attributes (a multi-attribute key's `section`). Undefined otherwise.
 */
function heldTableShards(indexKey: readonly KeyAttribute[], sharding: ShardingDesign | undefined, table: DynamoDbTableDesign): HeldTableShards | undefined {
  const tableSharding = table.sharding;
  const strategy = tableSharding?.strategy;
  if (sharding !== undefined || tableSharding === undefined || !(tableSharding.shards > 1) || (strategy !== 'random' && strategy !== 'calculated'))
    return undefined;
  if (!holdsTableKeyAsStored(indexKey, sharding, table.partitionKey.name)) return undefined;
  return {
    strategy,
    shards: tableSharding.shards,
    ...(tableSharding.hotValues !== undefined ? { hotValues: tableSharding.hotValues } : undefined),
    ...(strategy === 'calculated' ? { sourceAttribute: tableSharding.sourceAttribute } : undefined),
    path: 'sharding',
  };
}

/**
 * The share an index key inherits from an attribute its `components` carry that declares a hot share elsewhere in the
 * table: the table's partition-key attribute (its `workload.hotKeyShare`, of writes too), or another GSI's single
 * partition-key attribute (its `workload.hotKeyShare`). Every write of that attribute's hottest value (a whale tenant)
 * writes the index on one of the few values the key's other parts give it (`tenantId#status`: 4 statuses): its
 * hottest value takes at least the declared share ÷ the product of their cardinalities (the even split over them, a lower
 * bound: the whale's items need not spread evenly).
 *
 * The table's sharding (`sharding` on the table: its partition-key attribute itself holds `<value>#n`), as
 * `tableHotShare` judges an index keyed by that attribute: where a part is the table's partition-key attribute itself
 * (a multi-attribute key's part, `partitionKeys`), the index reads the attribute as stored ("Multi-attribute keys for
 * global secondary indexes": each part is an item attribute), so the whale's writes land on its N shard values × the
 * other parts' values, and the share is divided by N too (`tableShards`; was not: a table whose whale its 4 shards
 * serve had the index judged at 4× the share). Not where the index has a sharding of its own (its key holds the
 * logical value and its own shard, as for `tableHotShare`). Not for a `components` entry: that is a part of a
 * composite string the application builds for the index (`tenantStatus` = tenant + "#" + status), declared with the
 * attribute's values (its cardinality the table key's, before sharding); whether the application joins the stored
 * shard key or the tenant it stands for, the design does not say, and the undivided share (the larger, so a hot index
 * is never passed on that guess) stands. Undefined where no part carries such an attribute, or another part's
 * cardinality is not a declared count (an unknown or unique part says nothing about the split).
 */
function inheritedHotShare(indexKey: readonly KeyAttribute[], gsi: GlobalSecondaryIndexDesign, table: DynamoDbTableDesign): DeclaredFigure | undefined {
  // One part (most index keys): nothing to split over, and no list of parts to make.
  if (partCount(indexKey) < 2) return undefined;
  const parts = indexKey.flatMap((a): { name: string; cardinality: KeyAttribute['cardinality']; stored: boolean }[] =>
    a.components.length > 0
      ? a.components.map((c) => ({ name: c.name, cardinality: c.cardinality, stored: false }))
      : [{ name: a.name, cardinality: a.cardinality, stored: true }],
  );
  // The table's shards a part carries: the table's partition-key attribute itself, as stored, in an index with no sharding of its own.
  const tableShards = (part: (typeof parts)[number]) =>
    part.stored && gsi.sharding === undefined && sameAttribute(part.name, table.partitionKey.name) ? (table.sharding?.shards ?? 1) : 1;
  const sources: { attribute: string; share: number; at: string }[] = [];
  if (table.workload.hotKeyShare !== undefined && table.workload.hotKeyOperations !== 'reads') {
    sources.push({ attribute: table.partitionKey.name, share: table.workload.hotKeyShare, at: 'workload.hotKeyShare' });
  }
  (table.globalSecondaryIndexes ?? []).forEach((other, i) => {
    const key = other.partitionKey ?? (other.partitionKeys?.length === 1 ? other.partitionKeys[0] : undefined);
    const share = other.workload?.hotKeyShare;
    if (other === gsi || key === undefined || share === undefined || (key.components?.length ?? 0) > 0) return;
    sources.push({ attribute: key.name, share, at: joinPath(joinPath('globalSecondaryIndexes', i), 'workload.hotKeyShare') });
  });
  let best: DeclaredFigure | undefined;
  for (const source of sources) {
    const carried = parts.findIndex((p) => sameAttribute(p.name, source.attribute));
    if (carried < 0) continue;
    const others = parts.filter((_, i) => i !== carried);
    if (!others.every((p) => typeof p.cardinality === 'number' && p.cardinality >= 1)) continue;
    const splitOver = others.map((p) => ({ name: p.name, cardinality: p.cardinality as number }));
    const values = splitOver.reduce((product, p) => product * p.cardinality, 1);
    const shards = tableShards(parts[carried]);
    const value = source.share / values / shards;
    if (best !== undefined && best.value >= value) continue;
    const inherited = { attribute: source.attribute, share: source.share, splitOver, values, ...(shards > 1 ? { tableShards: shards } : undefined) };
    best = { value, source: 'derived', at: source.at, inherited };
  }
  return best;
}

/** The parts of an index key, as inheritedHotShare lists them: each attribute's components, or the attribute itself. */
function partCount(indexKey: readonly KeyAttribute[]): number {
  let count = 0;
  for (const attribute of indexKey) count += Math.max(1, attribute.components.length);
  return count;
}

/**
 * A separate shard attribute (`hourBucketShard`) holds the value of the attribute it shards (`hourBucket`) plus the
 * shard: with no declared kind, it is a time bucket when that attribute's name says so, as a key is by its own name
 * (key-names.ts). Its current bucket still takes every write, spread over the shards (AWS, "Best practices for
 * handling time series data in DynamoDB"; "Using write sharding to distribute workloads evenly").
 */
function withLogicalKind(attributes: KeyAttribute[], gsi: GlobalSecondaryIndexDesign, logical: string | undefined): KeyAttribute[] {
  const declared = gsi.partitionKey ?? gsi.partitionKeys?.[0];
  const [key] = attributes;
  if (logical === undefined || attributes.length !== 1 || declared?.kind !== undefined || key.components.length > 0) return attributes;
  return key.kind === 'time-bucket' || inferredKind(logical) !== 'time-bucket' ? attributes : [{ ...key, kind: 'time-bucket', kindFrom: 'logicalAttribute' }];
}

/** The first index key attribute declared `mutable: true`, else the first not declared `mutable: false` whose name
 *  says updates change it (`orderStatus`, `score`, `updatedAt`), a separate shard attribute (`orderStatusShard`) by
 *  the name of the attribute it holds (`logical`), a composite (`statusDue` = `status` + `dueDate`) by the name of a
 *  component it carries: an update of that component rewrites the stored value, so the index entry moves as a plain
 *  `status` key's does. Its `mutable` stays the composite attribute's (the value DynamoDB indexes); undefined when none
 *  changes. */
function changingKey(
  attributes: readonly KeyAttribute[],
  logical: string | undefined,
  tableWriteUnits: number,
  wordsOf: (name: string) => readonly string[],
): IndexKeyChange | undefined {
  const declared = attributes.find((a) => a.mutable === true);
  if (declared) return { attribute: declared.name, from: 'declared', tableWriteUnits, path: declared.path };
  const nameOf = (a: KeyAttribute) => (a === attributes[0] && logical !== undefined ? logical : a.name);
  const changingName = (a: KeyAttribute) => [nameOf(a), ...a.components.map((c) => c.name)].find((name) => wordsLookMutable(wordsOf(name)));
  for (const attribute of attributes) {
    const name = attribute.mutable === undefined ? changingName(attribute) : undefined;
    if (name !== undefined) return { attribute: name, from: 'name', tableWriteUnits, path: attribute.path };
  }
  return undefined;
}

/** The table's indexes by name, each global or local. Index names are unique within a table across GSIs and LSIs (one
 *  lookup each, so thousands stay linear). */
function uniqueIndexKinds(gsis: readonly { indexName: string }[], lsis: readonly { indexName: string }[], log: IssueLog): Map<string, IndexKind> {
  const kinds = new Map<string, IndexKind>();
  const check = (collection: string, kind: IndexKind) => (index: { indexName: string }, i: number) => {
    if (kinds.has(index.indexName))
      log.add(joinPath(joinPath(collection, i), 'indexName'), `duplicates the index name "${index.indexName}"; index names must be unique within a table`);
    else kinds.set(index.indexName, kind);
  };
  gsis.forEach(check('globalSecondaryIndexes', 'global'));
  lsis.forEach(check('localSecondaryIndexes', 'local'));
  return kinds;
}

/** A GSI key is given either as one attribute or as a list (multi-attribute key), never both. */
function oneKeyForm<A extends SortKeyAttributeDesign>(
  single: A | undefined,
  multiple: readonly A[] | undefined,
  indexPath: string,
  field: 'partitionKey' | 'sortKey',
  log: IssueLog,
  required: boolean,
  wordsOf: (name: string) => readonly string[],
): { attributes: KeyAttribute[]; path: string } {
  const listField = field === 'partitionKey' ? 'partitionKeys' : 'sortKeys';
  if (single && multiple) {
    log.add(joinPath(indexPath, listField), `give either ${field} or ${listField}, not both`);
  } else if (required && !single && !multiple) {
    log.add(joinPath(indexPath, field), `is required: give ${field} (one attribute) or ${listField} (up to 4)`);
  }
  if (multiple) {
    const listPath = joinPath(indexPath, listField);
    const attributes = listOf(multiple, (a, i) => keyAttribute(a, joinPath(listPath, i), log, field === 'sortKey', wordsOf));
    if (field === 'sortKey' && attributes.length > 1) {
      attributes.forEach((a) => {
        if (a.cardinality === undefined)
          log.add(joinPath(a.path, 'cardinality'), 'is required in a multi-attribute sort key: SG004 checks the attributes go from low to high cardinality');
      });
    }
    return { attributes, path: listPath };
  }
  const path = joinPath(indexPath, field);
  return { attributes: single ? [keyAttribute(single, path, log, field === 'sortKey', wordsOf)] : [], path };
}

/** The table's items, which a GSI holds at most one entry each of: its partition key's values, times its sort key's (unknown: unbounded). */
function tableItems(table: DynamoDbTableDesign): number {
  return cardinalityValue(table.partitionKey.cardinality) * (table.sortKey ? cardinalityValue(table.sortKey.cardinality) : 1);
}
