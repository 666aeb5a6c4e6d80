/** How a design is used and waived: access patterns, the read share they give each key space, acknowledgements, joins. */
import { joinPath } from './field-path';
import type { AccessPatternDesign, AcknowledgementDesign, CosmosContainerDesign } from './input';
import type { IssueLog } from './issue-log';
import {
  givesWholeKey,
  sameAttribute,
  shardsRead,
  withoutLeadingSlash,
  type AccessPattern,
  type Acknowledgement,
  type ContainerJoin,
  type KeyAttribute,
  type KeySpace,
} from './key-design';
import { listOf } from './lists';
import { OBSERVED_DRIFT_RULE_ID, type NormalizeOptions } from './normalize-context';
import { closest, nearMiss } from './suggest';

const SHARE_TOLERANCE = 1e-9;

/** Whether a table's index is global (a key of its own) or local (the table's partition key, a sort key of its own). */
export type IndexKind = 'global' | 'local';

/**
 * A Cosmos DB query has no secondary index to name: each physical partition indexes its own documents, and a query
 * without the partition key runs on every one of those indexes ("Query an Azure Cosmos DB container",
 * https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container); reads by another attribute are served by a
 * second container keyed by it, kept by the change feed ("Change feed design patterns").
 */
const COSMOS_HAS_NO_INDEX =
  "applies to DynamoDB only; a Cosmos DB container has no secondary indexes to choose: every query uses the index of the physical partitions it is routed to, so remove index; to read by another attribute, name it in keyAttributes (a cross-partition query, SG012) or keep a second container keyed by it, fed by the change feed, and declare that container's own accessPatterns";

/**
 * A Cosmos DB container has no sort key: a query is routed by equality on the partition key (or a prefix of a
 * hierarchical key) alone, and a range filter on it is not scoped to one partition ("Query an Azure Cosmos DB
 * container", https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container). A range within the partitions
 * a query reaches (`WHERE c.createdAt > @t`, `ORDER BY c.createdAt`) is a filter run on their index, which changes
 * nothing the design judges: what DynamoDB declares by rangeAttribute, Cosmos DB declares by its key paths alone.
 */
const COSMOS_HAS_NO_SORT_KEY =
  'applies to DynamoDB only (a sort-key range); a Cosmos DB container has no sort key: a query is routed by equality on the partition key paths (all of them, or a leading prefix of a hierarchical key), and a range or ORDER BY on anything else, such as a timestamp or a deeper key level, is a filter run within the partitions it reaches; name the paths the query gives by equality in keyAttributes and remove rangeAttribute (a deeper key level, such as the item id, serves what a DynamoDB sort key does)';

/**
 * A global secondary index serves eventually consistent reads only: a Query with ConsistentRead on one fails with a
 * ValidationException ("Using Global Secondary Indexes in DynamoDB",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html). The API refuses it, so no acknowledgement
 * could make it a design: it is an error of the input, as an index the table lacks is. A local secondary index shares
 * its table's partitions and serves both kinds.
 */
const GSI_READS_EVENTUALLY = (name: string, index: string) =>
  `is true on "${name}", which reads global secondary index "${index}", but a global secondary index serves eventually consistent reads only (a Query with ConsistentRead on one fails with a ValidationException): read the base table (or a local secondary index) where the read must be strongly consistent, or remove consistentRead and accept eventual consistency on the index`;

/** Cosmos DB sets consistency on the account or the request; the design does not model it. */
const COSMOS_CONSISTENCY =
  "applies to DynamoDB only (a read's ConsistentRead); Cosmos DB sets consistency on the account or on the request (its consistency level), which the design does not model: remove consistentRead";

/** `indexKinds` (a table's indexes by name) is null for Cosmos DB, which has no secondary indexes to target. */
export function accessPatterns(
  input: readonly AccessPatternDesign[] | undefined,
  indexKinds: ReadonlyMap<string, IndexKind> | null,
  log: IssueLog,
): AccessPattern[] {
  const seen = new Set<string>();
  let total = 0;
  const patterns = listOf(input ?? [], (p, i) => {
    const path = joinPath('accessPatterns', i);
    if (p.index !== undefined && indexKinds === null) {
      log.add(joinPath(path, 'index'), COSMOS_HAS_NO_INDEX);
    } else if (p.index !== undefined && !indexKinds?.has(p.index)) {
      log.add(
        joinPath(path, 'index'),
        indexKinds?.size
          ? `names no index of this table; expected one of: ${[...indexKinds.keys()].join(', ')}`
          : 'names an index, but this table declares none',
      );
    }
    if (seen.has(p.name)) log.add(joinPath(path, 'name'), `duplicates the access pattern name "${p.name}"`);
    seen.add(p.name);
    total += p.share;
    if (p.rangeAttribute !== undefined && indexKinds === null) {
      log.add(joinPath(path, 'rangeAttribute'), COSMOS_HAS_NO_SORT_KEY);
    } else if (p.rangeAttribute !== undefined && p.keyAttributes.some((a) => sameAttribute(a, p.rangeAttribute as string))) {
      log.add(
        joinPath(path, 'rangeAttribute'),
        `"${p.rangeAttribute}" is also in keyAttributes; a query gives a sort-key attribute by equality or by range, not both`,
      );
    }
    if (p.wants === 'any' && p.fanOut === true) {
      log.add(
        joinPath(path, 'wants'),
        'is "any" (one shard serves the read), but fanOut is true (the read queries every shard): remove fanOut when any matching item will do, or remove wants when the read needs every item',
      );
    }
    if (p.resultKb !== undefined && p.limit !== undefined) {
      log.add(
        joinPath(path, 'resultKb'),
        'is declared with limit, but a page read queries a page from every shard whatever its size, so no result size spreads it: remove resultKb, or limit when the read takes every item it matches',
      );
    }
    if (p.consistentRead === true && indexKinds === null) {
      log.add(joinPath(path, 'consistentRead'), COSMOS_CONSISTENCY);
    } else if (p.consistentRead === true && p.index !== undefined && indexKinds?.get(p.index) === 'global') {
      log.add(joinPath(path, 'consistentRead'), GSI_READS_EVENTUALLY(p.name, p.index));
    }
    // Built as keyAttribute builds an attribute.
    const pattern = { name: p.name, index: p.index, keyAttributes: p.keyAttributes } as { -readonly [K in keyof AccessPattern]: AccessPattern[K] };
    // Refused on Cosmos DB above: not carried, so the key's attributes are not checked against it as well.
    if (p.rangeAttribute !== undefined && indexKinds !== null) pattern.rangeAttribute = p.rangeAttribute;
    pattern.share = p.share;
    pattern.fanOut = p.fanOut ?? false;
    if (p.limit !== undefined) pattern.limit = p.limit;
    if (p.resultKb !== undefined) pattern.resultKb = p.resultKb;
    pattern.wants = p.wants ?? 'all';
    if (p.keyValue !== undefined) pattern.keyValue = p.keyValue;
    pattern.consistentRead = p.consistentRead ?? false;
    pattern.path = path;
    return pattern;
  });
  if (total > 1 + SHARE_TOLERANCE) {
    log.add('accessPatterns', `shares add up to ${Math.round(total * 1000) / 1000}; they are shares of all queries and must add up to at most 1`);
  }
  return patterns;
}

/** The key a pattern's query reads: a key space, with the sort key the query gives (an LSI's own over the table's partition key). */
export interface PatternKey {
  readonly space: KeySpace;
  readonly sortKey: readonly KeyAttribute[];
}

/** A key space read with its own sort key. */
export function ownKey(space: KeySpace): PatternKey {
  return { space, sortKey: space.sortKey };
}

/**
 * Every attribute an access pattern may name on a key: its partition-key and sort-key attributes, the parts of a
 * composite sort key, and the source attribute of a calculated sharding (a read that carries it finds its shard).
 */
function patternAttributes({ space, sortKey }: PatternKey): string[] {
  const names = new Set<string>();
  addAttributeNames(names, space.partitionKey);
  addAttributeNames(names, sortKey);
  if (space.sharding?.sourceAttribute !== undefined) names.add(space.sharding.sourceAttribute);
  return [...names];
}

/** Each attribute's name, then its composite parts' names. */
function addAttributeNames(names: Set<string>, attributes: readonly KeyAttribute[]): void {
  for (const attribute of attributes) {
    names.add(attribute.name);
    for (const component of attribute.components) names.add(component.name);
  }
}

/** Whether `name` is one of the key's `patternAttributes` (`sameAttribute`), asked of the key itself: most names are. */
function namesAttributeOf({ space, sortKey }: PatternKey, name: string): boolean {
  const source = space.sharding?.sourceAttribute;
  return namesOneOf(space.partitionKey, name) || namesOneOf(sortKey, name) || (source !== undefined && sameAttribute(source, name));
}

/** Whether `name` is one of the attributes, or one of their composite parts. */
function namesOneOf(attributes: readonly KeyAttribute[], name: string): boolean {
  for (const attribute of attributes) {
    if (sameAttribute(attribute.name, name)) return true;
    for (const component of attribute.components) if (sameAttribute(component.name, name)) return true;
  }
  return false;
}

/** How a message names the key a pattern reads. */
function keyOf(index: string | undefined): string {
  return index === undefined ? 'the key' : `the key of index "${index}"`;
}

/**
 * A rangeAttribute must name a sort-key attribute or composite part of the key the pattern reads
 * (`keyRead(index)`; undefined when the index is unknown, which is reported on its own). keyAttributes
 * may also name attributes outside the key (a filter the query gives, the source of a calculated shard the
 * reads carry), so only a near miss of a key attribute is reported there: one letter off, or another case
 * (DynamoDB and Cosmos DB names are case-sensitive), where a typo would otherwise match nothing and SG004,
 * SG009 and SG012 would judge a query the design does not have.
 */
export function checkPatternAttributes(
  patterns: readonly AccessPattern[],
  keyRead: (index: string | undefined) => PatternKey | undefined,
  log: IssueLog,
): void {
  for (const pattern of patterns) {
    const key = keyRead(pattern.index);
    if (key === undefined) continue;
    // The key's attributes listed, for near misses and messages, at the first name that is none of them.
    let known: readonly string[] | undefined;
    let bareKnown: readonly string[] | undefined;
    let lowerKnown: readonly string[] | undefined;
    // Plain loops: every pattern of every design is checked, and a closure per pattern would be garbage at once.
    for (let i = 0; i < pattern.keyAttributes.length; i++) {
      const name = pattern.keyAttributes[i];
      if (namesAttributeOf(key, name)) continue;
      known ??= patternAttributes(key);
      bareKnown ??= listOf(known, withoutLeadingSlash);
      lowerKnown ??= listOf(bareKnown, (k) => k.toLowerCase());
      // A near miss of a key attribute: one letter off, or another case.
      const match = nearMiss(withoutLeadingSlash(name), bareKnown, lowerKnown);
      const near = match === undefined ? undefined : known.find((k) => withoutLeadingSlash(k) === match);
      if (near === undefined) continue;
      log.add(
        joinPath(joinPath(pattern.path, 'keyAttributes'), i),
        `"${name}" is not an attribute of ${keyOf(pattern.index)}, but one letter or its case from "${near}" (did you mean "${near}"?); the key's attributes: ${known.join(', ')}`,
      );
    }
    const range = pattern.rangeAttribute;
    if (range !== undefined && !namesAttributeOf(key, range)) {
      known ??= patternAttributes(key);
      const guess = closest(range, known);
      log.add(
        joinPath(pattern.path, 'rangeAttribute'),
        `"${range}" is not an attribute of ${keyOf(pattern.index)}${guess ? ` (did you mean "${guess}"?)` : ''}: a range is on a sort-key attribute or composite part; expected one of: ${known.join(', ')}`,
      );
    }
  }
}

/**
 * What `wants` and `keyValue` ask of the key space a pattern reads (`keyRead`; undefined when its index is unknown,
 * reported on its own): `any` picks one shard of a random- or calculated-sharded key, so a key with no such sharding
 * has none to pick; a `keyValue` is a value of the whole partition key, so the pattern must give all of it.
 */
export function checkPatternReads(patterns: readonly AccessPattern[], keyRead: (index: string | undefined) => PatternKey | undefined, log: IssueLog): void {
  for (const pattern of patterns) {
    const space = keyRead(pattern.index)?.space;
    if (space === undefined) continue;
    // An index keyed by the table's sharded attribute holds the table's shards (`tableShards`): one of them serves it.
    const strategy = shardsRead(space)?.strategy;
    if (pattern.wants === 'any' && strategy !== 'random' && strategy !== 'calculated') {
      log.add(
        joinPath(pattern.path, 'wants'),
        `is "any", but ${keyOf(space.index)} is ${strategy === 'replicated' ? 'replicated (every copy holds every item, so any read sees them all)' : 'not sharded (one query sees every item of a value)'}: "any" applies to a random- or calculated-sharded key, where one shard serves the read; remove wants`,
      );
    }
    if (pattern.keyValue !== undefined && !givesWholeKey(space, pattern)) {
      const key = space.partitionKey.map((a) => a.name).join(', ');
      log.add(
        joinPath(pattern.path, 'keyValue'),
        `names one value of ${keyOf(space.index)}, but keyAttributes do not give all of its partition key (${key}): add them to keyAttributes, or remove keyValue when the pattern reads across values`,
      );
    }
  }
}

/**
 * The share of a table's reads each key space takes: the summed shares of the access patterns that
 * read it (an LSI reads the table's partitions), plus the share no pattern claims — which could go
 * anywhere. Without access patterns every key space is charged the whole read peak.
 */
export function readShares(
  patterns: readonly AccessPattern[],
  indexKinds: ReadonlyMap<string, IndexKind>,
): { readonly declared: boolean; shareOf(index?: string): number } {
  if (patterns.length === 0) return { declared: false, shareOf: () => 1 };
  const byIndex = new Map<string | undefined, number>();
  let claimed = 0;
  for (const p of patterns) {
    const space = p.index !== undefined && indexKinds.get(p.index) === 'global' ? p.index : undefined;
    byIndex.set(space, (byIndex.get(space) ?? 0) + p.share);
    claimed += p.share;
  }
  const unclaimed = Math.max(0, 1 - claimed);
  return { declared: true, shareOf: (index) => Math.min(1, (byIndex.get(index) ?? 0) + unclaimed) };
}

/** `listPath`: where the list sits, relative to the log's location (a design's `acknowledgements`). */
export function acknowledgements(
  input: readonly AcknowledgementDesign[] | undefined,
  indexNames: readonly string[],
  options: Pick<NormalizeOptions, 'ruleIds' | 'retiredRuleIds' | 'messageIdsOf'>,
  log: IssueLog,
  listPath = 'acknowledgements',
): Acknowledgement[] {
  return listOf(input ?? [], (ack, i) => acknowledgement(ack, joinPath(listPath, i), indexNames, options, log));
}

/** One waiver, at `path`: its rule must be known (or retired) and its index one of `indexNames`. */
export function acknowledgement(
  ack: AcknowledgementDesign,
  path: string,
  indexNames: readonly string[],
  options: Pick<NormalizeOptions, 'ruleIds' | 'retiredRuleIds' | 'messageIdsOf'>,
  log: IssueLog,
): Acknowledgement {
  // A retired rule's id stays acceptable, so an old waiver never breaks a file; the engine reports it as unused.
  if (ack.rule === OBSERVED_DRIFT_RULE_ID && !options.ruleIds.includes(ack.rule)) {
    log.add(
      joinPath(path, 'rule'),
      `"${ack.rule}" (observed-drift) is reported by \`skewguard observe\` against production figures, never by a lint of the design, so an acknowledgement cannot waive it: write the observed figures into the design (\`observe --update\`) or correct the declaration`,
    );
  } else if (!options.ruleIds.includes(ack.rule) && !options.retiredRuleIds?.includes(ack.rule)) {
    log.add(joinPath(path, 'rule'), `"${ack.rule}" is not a skewguard rule; known rules: ${options.ruleIds.join(', ')}`);
  }
  if (ack.index !== undefined && !indexNames.includes(ack.index)) {
    log.add(
      joinPath(path, 'index'),
      indexNames.length ? `names no index of this table; expected one of: ${indexNames.join(', ')}` : 'names an index, but there is none to waive a finding on',
    );
  }
  const messageIds = ack.appliesTo && options.messageIdsOf?.(ack.rule);
  if (ack.appliesTo && messageIds) {
    ack.appliesTo.forEach((id, i) => {
      if (messageIds.includes(id)) return;
      const near = closest(id, messageIds);
      log.add(
        joinPath(joinPath(path, 'appliesTo'), i),
        `"${id}" is not a message id of ${ack.rule}${near ? `; did you mean "${near}"?` : ''}: name the kind as a finding's \`messageId\` gives it (\`skewguard lint --format json\` shows it on each finding)`,
      );
    });
  }
  return {
    rule: ack.rule,
    reason: ack.reason,
    index: ack.index,
    ...(ack.appliesTo !== undefined ? { appliesTo: ack.appliesTo } : undefined),
    ...(ack.expires !== undefined ? { expires: ack.expires } : undefined),
    path,
  };
}

export function joins(input: CosmosContainerDesign, containerNamed: (name: string) => CosmosContainerDesign | undefined, log: IssueLog): ContainerJoin[] {
  return listOf(input.joins ?? [], (join, i) => {
    const path = joinPath('joins', i);
    if (join.container === input.name) log.add(joinPath(path, 'container'), 'names this container itself; a join names another container');
    const other = containerNamed(join.container);
    const declared = other?.partitionKey.paths.map((p) => p.path);
    // Two declarations of one key must agree, or the join would be judged against the wrong one.
    if (join.partitionKeyPaths && declared && join.partitionKeyPaths.join('\u0000') !== declared.join('\u0000')) {
      log.add(
        joinPath(path, 'partitionKeyPaths'),
        `are ${JSON.stringify(join.partitionKeyPaths)}, but "${join.container}" in this file is partitioned by ${JSON.stringify(declared)}; remove partitionKeyPaths (it is read from the container) or correct it`,
      );
    }
    const partitionKeyPaths = join.partitionKeyPaths ?? declared;
    if (partitionKeyPaths === undefined) {
      log.add(
        joinPath(path, 'container'),
        `"${join.container}" is not a container in this design; declare it under "containers" or give its partitionKeyPaths`,
      );
    }
    return { container: join.container, partitionKeyPaths: partitionKeyPaths ?? [], path };
  });
}
