/**
 * normalize: user input → KeyDesign. Structure and ranges come from the shapes; the
 * normalize-*.ts files add the checks that span fields, fill every default, and record each
 * element's field path. All problems are collected and thrown together as one DesignError.
 */
import { ENGINE_LIST, type Engine } from '../engines';
import { fullKeyCardinality } from './cardinality';
import { DesignError, type DesignIssue } from './errors';
import { joinPath } from './field-path';
import type { CosmosContainerDesign, DesignDocument, DesignInput, ExternalResourceDesign } from './input';
import { IssueLog } from './issue-log';
import { isObject } from './json-object';
import type { Cardinality, ExternalResource, KeyDesign, NormalizedDocument } from './key-design';
import { DEFAULT_THRESHOLDS, withThresholds } from './limits';
import { listOf } from './lists';
import { normalizeContainer } from './normalize-container';
import type { NormalizeContext, NormalizeOptions } from './normalize-context';
import { belowUniformShare } from './normalize-key';
import { normalizeTable } from './normalize-table';
import { acknowledgement, acknowledgements } from './normalize-usage';
import { describe, readInput, readOwnField, readValue, UNREADABLE, type Shape } from './shape';
import { cosmosContainerShape, designDocumentShape, dynamoDbTableShape, thresholdsShape } from './shapes';

/** Reads a design file's content, or one table/container design that names its `engine`. */
export function normalizeInput(input: DesignInput | unknown, options: NormalizeOptions): NormalizedDocument {
  const unreadable: DesignIssue[] = [];
  const engine = fieldOf(readValue(input, '', unreadable), 'engine', unreadable);
  if (unreadable.length > 0) throw new DesignError(unreadable);
  // A design passed on its own keeps paths relative to itself (`partitionKey`, not `tables[0].partitionKey`).
  if (typeof engine === 'string' && Object.prototype.hasOwnProperty.call(SINGLE_DESIGN, engine)) {
    return normalizeDocument(
      withIssuesBeyondShape(() => SINGLE_DESIGN[engine as Engine](input), input, options, true),
      options,
      true,
    );
  }
  if (engine !== undefined) {
    throw new DesignError([{ path: 'engine', message: `expected ${ENGINE_LIST}, got ${describe(engine)}` }]);
  }
  if (isObject(input) && fieldOf(input, 'partitionKey') !== undefined) {
    throw new DesignError([
      {
        path: 'engine',
        message: `is required when one table or container design is passed on its own: add engine: ${ENGINE_LIST}, or wrap it as { tables: [...] } / { containers: [...] }`,
      },
    ]);
  }
  return normalizeDocument(
    withIssuesBeyondShape(() => parse(designDocumentShape, input, ''), input, options, false),
    options,
    false,
  );
}

/** An own field of `value` when it is an object and the field can be read (else its issue goes to `issues`), else undefined. */
function fieldOf(value: unknown, key: string | number, issues: DesignIssue[] = []): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = readOwnField(value, key, '', issues);
  return field === UNREADABLE ? undefined : field;
}

/** The elements of `list` when it is an array, each read with fieldOf. */
function itemsOf(list: unknown): unknown[] {
  const length = Array.isArray(list) ? fieldOf(list, 'length') : 0;
  return Array.from({ length: typeof length === 'number' ? length : 0 }, (_, i) => fieldOf(list, i));
}

/** A design document's lists of designs (`tables`, `containers`, `external`). */
export const DOCUMENT_COLLECTIONS = ['tables', 'containers', 'external'] as const;

/**
 * Whether a design document declares nothing to check: no `engine` of its own (one design passed
 * alone) and no table, container or external resource in its lists. Every rule passes such a
 * document, so whatever reports a verdict on it says so instead (the CLI exits 2, the testing
 * assertions throw): a check of nothing never passes.
 */
export function declaresNothing(input: unknown): boolean {
  if (readValue(input, '', []) === UNREADABLE) return false;
  if (typeof input !== 'object' || input === null || Array.isArray(input) || fieldOf(input, 'engine') !== undefined) return false;
  return DOCUMENT_COLLECTIONS.every((collection) => {
    const list = fieldOf(input, collection);
    return list === undefined || (Array.isArray(list) && fieldOf(list, 'length') === 0);
  });
}

/**
 * Reads the input; when its shape is wrong, the waivers' rule ids and index names and each design's `workload.hotKeyShare` against its
 * key's uniform share are checked too before the error is thrown (normalizing, which checks them, never runs then), so
 * an unknown field beside an unknown rule id, or a bad throughput beside a share below 1/cardinality, is reported with
 * it, not one run later: every problem at once.
 */
function withIssuesBeyondShape<T>(read: () => T, input: unknown, options: NormalizeOptions, single: boolean): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof DesignError)) throw error;
    const issues = [...error.issues];
    const reported = new Set(issues.map((issue) => issue.path));
    const designs = single
      ? [{ at: '', design: input }]
      : DOCUMENT_COLLECTIONS.flatMap((collection) => itemsOf(fieldOf(input, collection)).map((design, i) => ({ at: joinPath(collection, i), design })));
    for (const { at, design } of designs) {
      uniformShareIssue(design, at, reported, issues);
      itemsOf(fieldOf(design, 'acknowledgements')).forEach((waiver, j) => {
        const rule = fieldOf(waiver, 'rule');
        const path = joinPath('acknowledgements', j);
        // A malformed id is the shape's to report; only a well-formed one that names no rule is added here.
        if (typeof rule !== 'string' || !/^SG\d{3}$/.test(rule) || reported.has(joinPath(joinPath(at, path), 'rule'))) return;
        // Its kinds too, where the shape read them as a list of names: an unknown one is named with a short reason.
        const appliesTo = readKinds(fieldOf(waiver, 'appliesTo'), joinPath(joinPath(at, path), 'appliesTo'), reported);
        const index = fieldOf(waiver, 'index');
        const indexNames = typeof index === 'string' && !reported.has(joinPath(joinPath(at, path), 'index')) ? declaredIndexNames(design) : undefined;
        acknowledgement({ rule, reason: '', appliesTo, index: indexNames && (index as string) }, path, indexNames ?? [], options, new IssueLog(issues, at));
      });
    }
    throw issues.length === error.issues.length ? error : new DesignError(issues);
  }
}

/**
 * The index names a design declares (a table's GSIs and LSIs, an external resource's keys), where every one of them is
 * a name; undefined where one is not (the shape reports that, and a waiver's index cannot be judged against the rest).
 */
function declaredIndexNames(design: unknown): string[] | undefined {
  const names = [
    ...itemsOf(fieldOf(design, 'globalSecondaryIndexes')).map((index) => fieldOf(index, 'indexName')),
    ...itemsOf(fieldOf(design, 'localSecondaryIndexes')).map((index) => fieldOf(index, 'indexName')),
    ...itemsOf(fieldOf(design, 'partitionKeys')).flatMap((key) => (fieldOf(key, 'index') === undefined ? [] : [fieldOf(key, 'index')])),
  ];
  return names.every((name): name is string => typeof name === 'string') ? names : undefined;
}

/**
 * A design's `workload.hotKeyShare` below 1/cardinality of its partition key (a Cosmos DB key: its most varied path, as
 * `keySpace` counts it), where the shape read the share and every key cardinality (a key of components declares none).
 */
function uniformShareIssue(design: unknown, at: string, reported: ReadonlySet<string>, issues: DesignIssue[]): void {
  const sharePath = joinPath(at, 'workload.hotKeyShare');
  const share = fieldOf(fieldOf(design, 'workload'), 'hotKeyShare');
  const key = fieldOf(design, 'partitionKey');
  const keyPath = joinPath(at, 'partitionKey');
  if (typeof share !== 'number' || reported.has(sharePath) || [...reported].some((p) => p === keyPath || p.startsWith(`${keyPath}.`))) return;
  const paths = fieldOf(key, 'paths');
  const cardinalities = (paths === undefined ? [key] : itemsOf(paths)).map((part) => fieldOf(part, 'cardinality'));
  if (cardinalities.length === 0 || !cardinalities.every((c): c is Cardinality => c === 'unique' || typeof c === 'number')) return;
  const problem = belowUniformShare(share, fullKeyCardinality(cardinalities.map((cardinality) => ({ cardinality }))));
  if (problem !== undefined) new IssueLog(issues, at).add('workload.hotKeyShare', problem);
}

/** `appliesTo` as a list of names when the shape refused nothing at or under `path` and every item is one, else undefined. */
export function readKinds(value: unknown, path: string, reported: ReadonlySet<string>): string[] | undefined {
  const kinds = itemsOf(value);
  if (kinds.length === 0 || !kinds.every((kind): kind is string => typeof kind === 'string')) return undefined;
  return [...reported].some((p) => p === path || p.startsWith(`${path}[`)) ? undefined : kinds;
}

/** One design passed on its own, read with its engine's input shape into a document around it. */
const SINGLE_DESIGN: { readonly [E in Engine]: (input: unknown) => DesignDocument } = {
  dynamodb: (input) => documentOf([parse(dynamoDbTableShape, input, '')], undefined),
  cosmosdb: (input) => documentOf(undefined, [parse(cosmosContainerShape, input, '')]),
};

/** A document around one design, every field its own (like every parsed object): absent ones read as undefined, never inherited.
 *  Named field by field: a spread into the literal would define every field at run time, for every design linted. */
function documentOf(tables: DesignDocument['tables'], containers: DesignDocument['containers']): DesignDocument {
  return { description: undefined, tables, containers, external: undefined, thresholds: undefined };
}

export function parse<T>(shape: Shape<T>, value: unknown, path: string): T {
  const issues: DesignIssue[] = [];
  const result = readInput(shape, value, path, issues);
  if (issues.length > 0 || result === undefined) throw new DesignError(issues);
  return result;
}

function normalizeDocument(document: DesignDocument, options: NormalizeOptions, single: boolean): NormalizedDocument {
  const issues: DesignIssue[] = [];
  const locate = (collection: string, index: number) => (single ? '' : joinPath(collection, index));
  const optionThresholds = options.thresholds && parse(thresholdsShape, options.thresholds, 'options.thresholds');
  const tables = document.tables ?? [];
  const containers = document.containers ?? [];
  // Made at the first join a container declares: most documents have none.
  let byName: Map<string, CosmosContainerDesign> | undefined;
  const context: NormalizeContext = {
    options,
    projectThresholds: withThresholds(DEFAULT_THRESHOLDS, optionThresholds, document.thresholds),
    containerNamed: (name) => (byName ??= new Map(containers.map((c) => [c.name, c]))).get(name),
  };

  const external = document.external ?? [];
  requireUniqueNames('dynamodb', tables, 'tables', external, issues);
  requireUniqueNames('cosmosdb', containers, 'containers', external, issues);

  const designs: { location: string; design: KeyDesign }[] = [];
  tables.forEach((table, i) => {
    const location = locate('tables', i);
    designs.push({ location, design: normalizeTable(table, new IssueLog(issues, location), context) });
  });
  containers.forEach((container, i) => {
    const location = locate('containers', i);
    designs.push({ location, design: normalizeContainer(container, new IssueLog(issues, location), context) });
  });
  const externals = listOf(external, (resource, i) => {
    const location = locate('external', i);
    return { location, resource: normalizeExternal(resource, new IssueLog(issues, location), options) };
  });
  if (issues.length > 0) throw new DesignError(issues);
  return { designs, external: externals };
}

/** Names identify resources in reports and acknowledgements: unique per engine, across designs and `external`. */
function requireUniqueNames(
  engine: Engine,
  items: readonly { name: string }[],
  collection: string,
  external: readonly ExternalResourceDesign[],
  issues: DesignIssue[],
): void {
  if (items.length + external.length < 2) return;
  const seen = new Map<string, string>();
  const check = (name: string, path: string) => {
    const first = seen.get(name);
    if (first === undefined) seen.set(name, path);
    else issues.push({ path: joinPath(path, 'name'), message: `duplicates ${first}.name "${name}"; names must be unique` });
  };
  items.forEach((item, i) => check(item.name, joinPath(collection, i)));
  external.forEach((resource, i) => {
    if (resource.engine === engine) check(resource.name, joinPath('external', i));
  });
}

/** Where an external resource's fields were read from (a template's `Properties.KeySchema[0].AttributeName`),
 *  reported instead of their paths in the resource. */
export interface ExternalLocations {
  /** One per `partitionKeys` entry. @default - `partitionKeys[i]` */
  readonly partitionKeys?: readonly string[];
  /** @default 'keyMonitoring' */
  readonly keyMonitoring?: string;
  /** The list of partition keys as a whole. @default 'partitionKeys' */
  readonly partitionKeyList?: string;
  /** @default 'partitionKeyKind' */
  readonly partitionKeyKind?: string;
  /** @default 'partitionKeyVersion' */
  readonly partitionKeyVersion?: string;
  /** @default 'acknowledgements' */
  readonly acknowledgements?: string;
}

/** An external resource's name is a label for reports (a template's logical ID, say): any non-empty name will do. */
export function normalizeExternal(
  input: ExternalResourceDesign,
  log: IssueLog,
  options: Pick<NormalizeOptions, 'ruleIds' | 'retiredRuleIds' | 'messageIdsOf'>,
  locations: ExternalLocations = {},
): ExternalResource {
  const indexNames = [...new Set(input.partitionKeys.flatMap((k) => (k.index ? [k.index] : [])))];
  if (input.engine !== 'cosmosdb') {
    for (const field of ['partitionKeyKind', 'partitionKeyVersion'] as const) {
      if (input[field] !== undefined) log.add(locations[field] ?? field, `is a Cosmos DB setting; leave it out for ${input.engine}`);
    }
  }
  return {
    engine: input.engine,
    name: input.name,
    partitionKeys: input.partitionKeys.map((key, i) => Object.assign({}, key, { path: locations.partitionKeys?.[i] ?? joinPath('partitionKeys', i) })),
    keyMonitoring: input.keyMonitoring,
    keyMonitoringPath: locations.keyMonitoring ?? 'keyMonitoring',
    partitionKeysPath: locations.partitionKeyList ?? 'partitionKeys',
    // Absent, ARM's ContainerPartitionKey.kind is Hash whatever the paths (azure-native sends kind ?? "Hash":
    // containerPartitionKeyArgsProvideDefaults), and a Hash key takes one path: SG005 must see what Azure gets.
    partitionKeyKind: input.partitionKeyKind ?? 'Hash',
    partitionKeyKindPath: locations.partitionKeyKind ?? 'partitionKeyKind',
    partitionKeyVersion: input.partitionKeyVersion,
    partitionKeyVersionPath: locations.partitionKeyVersion ?? 'partitionKeyVersion',
    acknowledgements: acknowledgements(input.acknowledgements, indexNames, options, log, locations.acknowledgements),
  };
}
