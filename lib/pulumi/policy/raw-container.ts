/**
 * A container created without GuardedContainer, as the policy engine shows it (its inputs), checked
 * by the core: its key names and diagnostics as an external resource (`lintExternal()`, one rule
 * per policy, each field reported at the resource property it was read from): its key's structure
 * (SG005: the paths, kind and version as declared), its key names (SG015) and its diagnostics (SG010).
 * No placeholder design: a raw resource declares no cardinality or traffic, and no rule reads them.
 */
import {
  describeFinding,
  lintExternal,
  DesignError,
  UsageError,
  type AcknowledgementDesign,
  type ExternalLocations,
  type ExternalResourceDesign,
  type LintResult,
  shapes,
} from '../../index';
import { isObject } from '../../internal';

export interface RawContainer {
  /** Pulumi resource name: one of the keys of `acknowledgements` in the policy options (the URN is the other). */
  readonly name: string;
  /** The container's props (`SqlResourceSqlContainerArgs` as resolved by the engine). */
  readonly props: Record<string, unknown>;
}

/** What a policy reports: one line per unacknowledged finding or unreadable field. */
export type Verdict = readonly string[];

function resourceOf(props: Record<string, unknown>): Record<string, unknown> {
  const resource = props.resource;
  return typeof resource === 'object' && resource !== null ? (resource as Record<string, unknown>) : {};
}

function partitionKeyOf(props: Record<string, unknown>): Record<string, unknown> {
  const key = resourceOf(props).partitionKey;
  return typeof key === 'object' && key !== null ? (key as Record<string, unknown>) : {};
}

/** The declared partition-key paths, when they are a list (else the core reports the field). */
export function pathsOf(props: Record<string, unknown>): unknown {
  return partitionKeyOf(props).paths;
}

/** A name the core accepts in reports: the container id when it is one, else a neutral one. */
export function reportName(container: RawContainer): string {
  const id = resourceOf(container.props).id;
  const candidate = typeof id === 'string' ? id : container.name;
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,254}$/.test(candidate) ? candidate : 'container';
}

/**
 * The unwaived findings of one policy's rule, or what stopped the core from reading the container.
 * Its waivers arrive checked, each list where it was read and at its own key (URN or resource name): the pack's
 * options when the pack is made, the stack's policy config when the policy runs. They are not checked again here
 * under one label: the list joins several keys (a URN's, the name's, code's and config's), so no single
 * `acknowledgements["…"]` place would be right for all of them.
 */
function verdict(run: () => Pick<LintResult, 'findings'>, rule: string, container: RawContainer): Verdict {
  try {
    return run()
      .findings.filter((f) => !f.acknowledged)
      .map((f) => describeFinding(f));
  } catch (error) {
    if (!(error instanceof DesignError) && !(error instanceof UsageError)) throw error;
    return error.issues.map((issue) => `${rule}: ${reportName(container)}: ${issue.path}: ${issue.message}`);
  }
}

const MISSING_PATHS =
  'is required: the container\'s partition-key paths, e.g. { paths: ["/tenantId"], kind: "Hash", version: 2 }, or up to 3 paths with kind "MultiHash" for a hierarchical key';

/**
 * What is wrong at `resource` or `resource.partitionKey` when either is not an object, or undefined. Read through, the
 * paths of a `resource: 'garbage'` are "required": true, but the field to fix is the one above them.
 */
function unreadableKeyHolder(props: Record<string, unknown>): { path: string; message: string } | undefined {
  const resource = props.resource;
  if (!isObject(resource)) {
    const example = '{ id: "orders", partitionKey: { paths: ["/tenantId"], kind: "Hash", version: 2 } }';
    const problem = resource === undefined ? 'is required' : `expected an object, got ${shapes.describe(resource)}`;
    return { path: 'resource', message: `${problem}: the container's resource, with its id and partition key, e.g. ${example}` };
  }
  const key = (resource as Record<string, unknown>).partitionKey;
  if (key !== undefined && !isObject(key)) {
    return {
      path: 'resource.partitionKey',
      message: `expected an object, got ${shapes.describe(key)}: the container's partition key, e.g. { paths: ["/tenantId"], kind: "Hash", version: 2 }`,
    };
  }
  return undefined;
}

/** SG005 on the declared key: path syntax, at most 3 levels, duplicates, version 2 (ARM's default is 1), MultiHash for several paths. */
export function keyStructureVerdict(container: RawContainer, acknowledgements: readonly AcknowledgementDesign[]): Verdict {
  const holder = unreadableKeyHolder(container.props);
  if (holder) return [`SG005: ${reportName(container)}: ${holder.path}: ${holder.message}`];
  const key = partitionKeyOf(container.props);
  const paths = pathsOf(container.props);
  // The core's own "is required" names its field's doc, which speaks of tables and templates: say it in the container's terms.
  if (paths === undefined) return [`SG005: ${reportName(container)}: resource.partitionKey.paths: ${MISSING_PATHS}`];
  // An empty list is no key either (else it passes the policy): the same error, not a pass over zero levels.
  if (Array.isArray(paths) && paths.length === 0) return [`SG005: ${reportName(container)}: resource.partitionKey.paths: is empty; it ${MISSING_PATHS}`];
  // What is not a list of strings, or not a kind and version Cosmos DB takes, the core's shapes report at its property.
  const resource = {
    ...externalResource(container, acknowledgements),
    partitionKeys: Array.isArray(paths) ? paths.map((attribute: unknown) => ({ attribute })) : paths,
    partitionKeyKind: key.kind,
    // ARM's default partition-key version is 1: it hashes only a value's first 101 bytes, and takes no MultiHash key.
    partitionKeyVersion: key.version ?? 1,
  } as ExternalResourceDesign;
  return verdict(() => lintExternal(resource, { only: ['SG005'], locations: locationsOf(Array.isArray(paths) ? paths.length : 0) }), 'SG005', container);
}

/** The declared paths when every one is a non-empty string; anything else is SG005's to report. */
function readablePaths(container: RawContainer): string[] | undefined {
  const paths = pathsOf(container.props);
  return Array.isArray(paths) && paths.length > 0 && paths.every((p) => typeof p === 'string' && p !== '') ? (paths as string[]) : undefined;
}

function externalResource(container: RawContainer, acknowledgements: readonly AcknowledgementDesign[]): ExternalResourceDesign {
  return { engine: 'cosmosdb', name: reportName(container), partitionKeys: [], acknowledgements };
}

/** The resource properties the external resource's fields come from. */
function locationsOf(pathCount: number): ExternalLocations {
  return {
    partitionKeys: Array.from({ length: pathCount }, (_, i) => `resource.partitionKey.paths[${i}]`),
    partitionKeyList: 'resource.partitionKey.paths',
    partitionKeyKind: 'resource.partitionKey.kind',
    partitionKeyVersion: 'resource.partitionKey.version',
    keyMonitoring: 'diagnostic settings of its account',
  };
}

/** The container as an external resource, with the resource properties its fields come from. */
function lintAsExternal(
  container: RawContainer,
  paths: readonly string[],
  acknowledgements: readonly AcknowledgementDesign[],
  rule: string,
  keyMonitoring?: boolean,
) {
  const resource: ExternalResourceDesign = {
    ...externalResource(container, acknowledgements),
    partitionKeys: paths.map((attribute) => ({ attribute })),
    keyMonitoring,
  };
  return lintExternal(resource, { only: [rule], locations: locationsOf(paths.length) });
}

/** SG015 on the key's names: status, region, date, tag… with no design declaring their cardinality or hottest share. */
export function keyNamesVerdict(container: RawContainer, acknowledgements: readonly AcknowledgementDesign[]): Verdict {
  const paths = readablePaths(container);
  return paths ? verdict(() => lintAsExternal(container, paths, acknowledgements, 'SG015'), 'SG015', container) : [];
}

/** SG010 for a container whose account sends no partition-key statistics anywhere useful. */
export function diagnosticsOffVerdict(container: RawContainer, acknowledgements: readonly AcknowledgementDesign[]): Verdict {
  // SG010 reads no key: an unreadable one (SG005's finding) is left out of this verdict.
  return verdict(() => lintAsExternal(container, readablePaths(container) ?? [], acknowledgements, 'SG010', false), 'SG010', container);
}
