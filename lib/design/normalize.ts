/**
 * normalize: user input → KeyDesign. Structure and ranges come from the shapes; this file adds
 * the checks that span fields, fills every default, and records each element's field path.
 * All problems are collected and thrown together as one DesignError.
 */
import { fullKeyCardinality } from './cardinality';
import { DesignError, type DesignIssue } from './errors';
import { joinPath, prefixPath } from './field-path';
import type {
  AcknowledgementDesign, AccessPatternDesign, CosmosContainerDesign, DesignDocument, DesignInput, DynamoDbTableDesign,
  ExternalResourceDesign, IndexWorkloadDesign, KeyPartDesign, PartitionKeyAttributeDesign, ShardingDesign,
  SortKeyAttributeDesign, ThresholdOverrides,
} from './input';
import type {
  AccessPattern, Acknowledgement, ContainerJoin, CosmosKeyDesign, DynamoDbKeyDesign, ExternalResource, KeyAttribute,
  KeyDesign, KeyPart, KeySpace, NormalizedDocument, Sharding, Workload,
} from './key-design';
import { isTimeBucketKey } from './key-design';
import { looksLikeTimeBucket } from './key-names';
import { DEFAULT_THRESHOLDS, type Thresholds } from './limits';
import { cosmosContainerShape, designDocumentShape, dynamoDbTableShape, thresholdsShape } from './shapes';
import type { Shape } from './shape';

export interface NormalizeOptions {
  /** Rule ids acknowledgements may name; an unknown id is an input error. */
  readonly ruleIds: readonly string[];
  /** Project-wide threshold overrides, below the document's and each design's own. */
  readonly thresholds?: ThresholdOverrides;
}

/** Accumulates issues with paths relative to one table or container. */
class IssueLog {
  constructor(private readonly all: DesignIssue[], private readonly location: string) {}
  add(path: string, message: string): void {
    this.all.push({ path: prefixPath(this.location, path), message });
  }
}

const SHARE_TOLERANCE = 1e-9;

/** Reads a design file's content, or one table/container design that names its `engine`. */
export function normalizeInput(input: DesignInput | unknown, options: NormalizeOptions): NormalizedDocument {
  const engine = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as { engine?: unknown }).engine : undefined;
  // A design passed on its own keeps paths relative to itself (`partitionKey`, not `tables[0].partitionKey`).
  if (engine === 'dynamodb') return normalizeDocument({ tables: [parse(dynamoDbTableShape, input, '')] }, options, true);
  if (engine === 'cosmosdb') return normalizeDocument({ containers: [parse(cosmosContainerShape, input, '')] }, options, true);
  if (engine !== undefined) {
    throw new DesignError([{ path: 'engine', message: `expected "dynamodb" or "cosmosdb", got ${JSON.stringify(engine)}` }]);
  }
  if (typeof input === 'object' && input !== null && 'partitionKey' in input) {
    throw new DesignError([{
      path: 'engine',
      message: 'is required when one table or container design is passed on its own: add engine: "dynamodb" or "cosmosdb", or wrap it as { tables: [...] } / { containers: [...] }',
    }]);
  }
  return normalizeDocument(parse(designDocumentShape, input, ''), options, false);
}

function parse<T>(shape: Shape<T>, value: unknown, path: string): T {
  const issues: DesignIssue[] = [];
  const result = shape.read(value, path, issues);
  if (issues.length > 0 || result === undefined) throw new DesignError(issues);
  return result;
}

function normalizeDocument(document: DesignDocument, options: NormalizeOptions, single: boolean): NormalizedDocument {
  const issues: DesignIssue[] = [];
  const locate = (collection: string, index: number) => (single ? '' : joinPath(collection, index));
  const optionThresholds = options.thresholds && parse(thresholdsShape, options.thresholds, 'options.thresholds');
  const projectThresholds = { ...DEFAULT_THRESHOLDS, ...optionThresholds, ...document.thresholds };
  const context = { options, projectThresholds, document };

  requireUniqueNames(document.tables ?? [], 'tables', issues);
  requireUniqueNames(document.containers ?? [], 'containers', issues);

  const designs: { location: string; design: KeyDesign }[] = [];
  (document.tables ?? []).forEach((table, i) => {
    const location = locate('tables', i);
    designs.push({ location, design: normalizeTable(table, new IssueLog(issues, location), context) });
  });
  (document.containers ?? []).forEach((container, i) => {
    const location = locate('containers', i);
    designs.push({ location, design: normalizeContainer(container, new IssueLog(issues, location), context) });
  });
  const external = (document.external ?? []).map((resource, i) => {
    const location = locate('external', i);
    return { location, resource: normalizeExternal(resource, new IssueLog(issues, location), options) };
  });
  if (issues.length > 0) throw new DesignError(issues);
  return { designs, external };
}

interface Context {
  readonly options: NormalizeOptions;
  readonly projectThresholds: Thresholds;
  readonly document: DesignDocument;
}

function requireUniqueNames(items: readonly { name: string }[], collection: string, issues: DesignIssue[]): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const first = seen.get(item.name);
    if (first === undefined) seen.set(item.name, i);
    else issues.push({ path: joinPath(joinPath(collection, i), 'name'), message: `duplicates ${collection}[${first}].name "${item.name}"; names must be unique` });
  });
}

function normalizeTable(input: DynamoDbTableDesign, log: IssueLog, context: Context): DynamoDbKeyDesign {
  const thresholds = { ...context.projectThresholds, ...input.thresholds };
  const contributorInsights = input.monitoring?.contributorInsights ?? true;
  const primaryKey = keySpace({
    path: '',
    partitionKey: [keyAttribute(input.partitionKey, 'partitionKey', log)],
    partitionKeyPath: 'partitionKey',
    sortKey: input.sortKey ? [keyAttribute(input.sortKey, 'sortKey', log, true)] : [],
    workload: input.workload,
    sharding: input.sharding,
    keyMonitoring: contributorInsights,
    keyMonitoringPath: 'monitoring.contributorInsights',
  }, log);

  const globalSecondaryIndexes = (input.globalSecondaryIndexes ?? []).map((gsi, i) => {
    const path = joinPath('globalSecondaryIndexes', i);
    const partitionKey = oneKeyForm(gsi.partitionKey, gsi.partitionKeys, path, 'partitionKey', log, true);
    const sortKey = oneKeyForm(gsi.sortKey, gsi.sortKeys, path, 'sortKey', log, false);
    return keySpace({
      index: gsi.indexName,
      path,
      partitionKey: partitionKey.attributes,
      partitionKeyPath: partitionKey.path,
      sortKey: sortKey.attributes,
      workload: indexWorkload(gsi.workload, input),
      sharding: gsi.sharding,
      keyMonitoring: gsi.contributorInsights ?? contributorInsights,
      keyMonitoringPath: gsi.contributorInsights === undefined ? 'monitoring.contributorInsights' : joinPath(path, 'contributorInsights'),
    }, log);
  });

  const localSecondaryIndexes = (input.localSecondaryIndexes ?? []).map((lsi, i) => {
    const path = joinPath('localSecondaryIndexes', i);
    return { indexName: lsi.indexName, sortKey: [keyAttribute(lsi.sortKey, joinPath(path, 'sortKey'), log, true)], path };
  });

  const indexNames = [...globalSecondaryIndexes.map((g) => g.index as string), ...localSecondaryIndexes.map((l) => l.indexName)];
  indexNames.forEach((name, i) => {
    if (indexNames.indexOf(name) !== i) {
      const path = i < globalSecondaryIndexes.length ? joinPath('globalSecondaryIndexes', i) : joinPath('localSecondaryIndexes', i - globalSecondaryIndexes.length);
      log.add(joinPath(path, 'indexName'), `duplicates the index name "${name}"; index names must be unique within a table`);
    }
  });

  return {
    engine: 'dynamodb',
    name: input.name,
    billing: input.billing ?? 'on-demand',
    primaryKey,
    globalSecondaryIndexes,
    localSecondaryIndexes,
    largestPartitionGb: input.storage?.largestPartitionGb,
    accessPatterns: accessPatterns(input.accessPatterns, indexNames, log),
    acknowledgements: acknowledgements(input.acknowledgements, indexNames, context.options, log),
    latencyAlarms: input.monitoring?.latencyAlarms ?? true,
    thresholds,
  };
}

function normalizeContainer(input: CosmosContainerDesign, log: IssueLog, context: Context): CosmosKeyDesign {
  const thresholds = { ...context.projectThresholds, ...input.thresholds };
  const paths = input.partitionKey.paths;
  const diagnostics = input.monitoring?.partitionKeyDiagnostics ?? true;
  const primaryKey = keySpace({
    path: '',
    partitionKey: paths.map((p, i) => keyAttribute({ ...p, name: p.path }, joinPath('partitionKey.paths', i), log)),
    partitionKeyPath: 'partitionKey.paths',
    sortKey: [],
    workload: input.workload,
    sharding: input.sharding,
    keyMonitoring: diagnostics,
    keyMonitoringPath: 'monitoring.partitionKeyDiagnostics',
  }, log);
  return {
    engine: 'cosmosdb',
    name: input.name,
    primaryKey,
    partitionKeyKind: input.partitionKey.kind ?? (paths.length > 1 ? 'MultiHash' : 'Hash'),
    partitionKeyVersion: input.partitionKey.version ?? 2,
    joins: joins(input, context.document, log),
    largestPartitionGb: input.storage?.largestPartitionGb,
    accessPatterns: accessPatterns(input.accessPatterns, null, log),
    acknowledgements: acknowledgements(input.acknowledgements, [], context.options, log),
    thresholds,
  };
}

function normalizeExternal(input: ExternalResourceDesign, log: IssueLog, options: NormalizeOptions): ExternalResource {
  const indexNames = [...new Set(input.partitionKeys.flatMap((k) => (k.index ? [k.index] : [])))];
  return {
    engine: input.engine,
    name: input.name,
    partitionKeys: input.partitionKeys.map((key, i) => ({ ...key, path: joinPath('partitionKeys', i) })),
    keyMonitoring: input.keyMonitoring,
    acknowledgements: acknowledgements(input.acknowledgements, indexNames, options, log),
  };
}

function kindOf(name: string, declared: KeyPartDesign['kind'], components?: readonly KeyPart[]): KeyAttribute['kind'] {
  if (declared) return declared;
  // A composite is a time bucket only when every part is one: `yyyyMM-userId` carries a business dimension.
  if (components && components.length > 0) return components.every((c) => c.kind === 'time-bucket') ? 'time-bucket' : 'value';
  return looksLikeTimeBucket(name) ? 'time-bucket' : 'value';
}

/** `ordered`: a sort key, matched by prefix, whose composite parts SG004 checks for order. */
function keyAttribute(input: PartitionKeyAttributeDesign | SortKeyAttributeDesign, path: string, log: IssueLog, ordered = false): KeyAttribute {
  const components = (input.components ?? []).map((c) => ({ name: c.name, cardinality: c.cardinality, kind: kindOf(c.name, c.kind) }));
  if (ordered && components.length > 1) {
    components.forEach((c, i) => {
      if (c.cardinality === undefined) {
        log.add(joinPath(joinPath(joinPath(path, 'components'), i), 'cardinality'), 'is required when a value has several parts: SG004 checks that they go from low to high cardinality');
      }
    });
  }
  return {
    name: input.name,
    type: input.type,
    cardinality: input.cardinality,
    kind: kindOf(input.name, input.kind, components),
    components,
    path,
  };
}

/** A GSI key is given either as one attribute or as a list (multi-attribute key), never both. */
function oneKeyForm<A extends SortKeyAttributeDesign>(
  single: A | undefined, multiple: readonly A[] | undefined, indexPath: string, field: 'partitionKey' | 'sortKey', log: IssueLog, required: boolean,
): { attributes: KeyAttribute[]; path: string } {
  const listField = `${field}s`;
  if (single && multiple) {
    log.add(joinPath(indexPath, listField), `give either ${field} or ${listField}, not both`);
  } else if (required && !single && !multiple) {
    log.add(joinPath(indexPath, field), `is required: give ${field} (one attribute) or ${listField} (up to 4)`);
  }
  if (multiple) {
    const attributes = multiple.map((a, i) => keyAttribute(a, joinPath(joinPath(indexPath, listField), i), log, field === 'sortKey'));
    if (field === 'sortKey' && attributes.length > 1) {
      attributes.forEach((a) => {
        if (a.cardinality === undefined) log.add(joinPath(a.path, 'cardinality'), 'is required in a multi-attribute sort key: SG004 checks the attributes go from low to high cardinality');
      });
    }
    return { attributes, path: joinPath(indexPath, listField) };
  }
  const path = joinPath(indexPath, field);
  return { attributes: single ? [keyAttribute(single, path, log, field === 'sortKey')] : [], path };
}

function indexWorkload(input: IndexWorkloadDesign | undefined, table: DynamoDbTableDesign) {
  return {
    peakReadUnits: input?.peakReadUnits ?? table.workload.peakReadUnits,
    peakWriteUnits: input?.peakWriteUnits ?? table.workload.peakWriteUnits,
    hotKeyShare: input?.hotKeyShare,
  };
}

interface KeySpaceDraft {
  readonly index?: string;
  readonly path: string;
  readonly partitionKey: readonly KeyAttribute[];
  readonly partitionKeyPath: string;
  readonly sortKey: readonly KeyAttribute[];
  readonly workload: { peakReadUnits: number; peakWriteUnits: number; hotKeyShare?: number };
  readonly sharding?: ShardingDesign;
  readonly keyMonitoring: boolean;
  readonly keyMonitoringPath: string;
}

function keySpace(draft: KeySpaceDraft, log: IssueLog): KeySpace {
  const workloadPath = joinPath(draft.path, 'workload');
  const cardinality = fullKeyCardinality(draft.partitionKey);
  const uniformShare = cardinality === Infinity || cardinality === 0 ? 0 : 1 / cardinality;
  // A time-bucket key sends every write to the current bucket: uniform spread is the wrong default.
  const timeBucketKey = isTimeBucketKey(draft.partitionKey);
  const declared = draft.workload.hotKeyShare;
  if (declared !== undefined && declared + SHARE_TOLERANCE < uniformShare) {
    log.add(joinPath(workloadPath, 'hotKeyShare'), `is ${declared}, below the uniform share 1/${cardinality} = ${uniformShare.toPrecision(3)}: with ${cardinality} distinct values the hottest one takes at least that; raise hotKeyShare or the declared cardinality`);
  }
  const workload: Workload = {
    peakReadUnits: draft.workload.peakReadUnits,
    peakWriteUnits: draft.workload.peakWriteUnits,
    hotKeyShare: declared ?? (timeBucketKey ? 1 : uniformShare),
    hotKeyShareDeclared: declared !== undefined,
    path: workloadPath,
  };
  return {
    index: draft.index,
    path: draft.path,
    partitionKey: draft.partitionKey,
    partitionKeyPath: draft.partitionKeyPath,
    sortKey: draft.sortKey,
    workload,
    sharding: draft.sharding && sharding(draft.sharding, joinPath(draft.path, 'sharding'), draft.partitionKey, log),
    keyMonitoring: draft.keyMonitoring,
    keyMonitoringPath: draft.keyMonitoringPath,
  };
}

function sharding(input: ShardingDesign, path: string, partitionKey: readonly KeyAttribute[], log: IssueLog): Sharding {
  if (input.strategy === 'calculated' && input.sourceAttribute === undefined) {
    log.add(joinPath(path, 'sourceAttribute'), 'is required for calculated sharding: name the attribute whose hash picks the shard (e.g. userId)');
  }
  if (input.strategy === 'random' && input.sourceAttribute !== undefined) {
    log.add(joinPath(path, 'sourceAttribute'), 'applies to calculated sharding only; remove it, or set strategy: "calculated"');
  }
  if (input.sourceAttribute !== undefined && partitionKey.some((a) => sameAttribute(a.name, input.sourceAttribute as string))) {
    log.add(joinPath(path, 'sourceAttribute'), `is the partition key itself: every value of "${input.sourceAttribute}" would land on one shard; hash another attribute (e.g. the sort key or a user id)`);
  }
  return {
    strategy: input.strategy,
    shards: input.shards,
    sourceAttribute: input.sourceAttribute,
    separator: input.separator ?? '#',
    path,
  };
}

/** Cosmos paths may be written with or without the leading `/` in access patterns. */
export function sameAttribute(a: string, b: string): boolean {
  return a.replace(/^\//, '') === b.replace(/^\//, '');
}

/** `indexNames` is null for Cosmos DB, which has no secondary indexes to target. */
function accessPatterns(input: readonly AccessPatternDesign[] | undefined, indexNames: readonly string[] | null, log: IssueLog): AccessPattern[] {
  const patterns = (input ?? []).map((p, i) => ({
    name: p.name,
    index: p.index,
    keyAttributes: p.keyAttributes,
    share: p.share,
    fanOut: p.fanOut ?? false,
    path: joinPath('accessPatterns', i),
  }));
  patterns.forEach((p, i) => {
    if (p.index !== undefined && indexNames === null) {
      log.add(joinPath(p.path, 'index'), 'applies to DynamoDB only; a Cosmos DB container has no secondary indexes to choose');
    } else if (p.index !== undefined && !indexNames?.includes(p.index)) {
      log.add(joinPath(p.path, 'index'), indexNames?.length ? `names no index of this table; expected one of: ${indexNames.join(', ')}` : 'names an index, but this table declares none');
    }
    if (patterns.findIndex((q) => q.name === p.name) !== i) log.add(joinPath(p.path, 'name'), `duplicates the access pattern name "${p.name}"`);
  });
  const total = patterns.reduce((sum, p) => sum + p.share, 0);
  if (total > 1 + SHARE_TOLERANCE) {
    log.add('accessPatterns', `shares add up to ${round(total)}; they are shares of all queries and must add up to at most 1`);
  }
  return patterns;
}

function acknowledgements(input: readonly AcknowledgementDesign[] | undefined, indexNames: readonly string[], options: NormalizeOptions, log: IssueLog): Acknowledgement[] {
  return (input ?? []).map((ack, i) => {
    const path = joinPath('acknowledgements', i);
    if (!options.ruleIds.includes(ack.rule)) {
      log.add(joinPath(path, 'rule'), `"${ack.rule}" is not a skewguard rule; known rules: ${options.ruleIds.join(', ')}`);
    }
    if (ack.index !== undefined && !indexNames.includes(ack.index)) {
      log.add(joinPath(path, 'index'), indexNames.length ? `names no index of this table; expected one of: ${indexNames.join(', ')}` : 'names an index, but there is none to waive a finding on');
    }
    return { rule: ack.rule, reason: ack.reason, index: ack.index, path };
  });
}

function joins(input: CosmosContainerDesign, document: DesignDocument, log: IssueLog): ContainerJoin[] {
  return (input.joins ?? []).map((join, i) => {
    const path = joinPath('joins', i);
    if (join.container === input.name) log.add(joinPath(path, 'container'), 'names this container itself; a join names another container');
    const other = (document.containers ?? []).find((c) => c.name === join.container);
    const partitionKeyPaths = join.partitionKeyPaths ?? other?.partitionKey.paths.map((p) => p.path);
    if (partitionKeyPaths === undefined) {
      log.add(joinPath(path, 'container'), `"${join.container}" is not a container in this design; declare it under "containers" or give its partitionKeyPaths`);
    }
    return { container: join.container, partitionKeyPaths: partitionKeyPaths ?? [], path };
  });
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
