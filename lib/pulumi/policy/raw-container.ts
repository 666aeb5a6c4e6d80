/**
 * A container created without GuardedContainer, as the policy engine shows it (its inputs), turned
 * into the core's input: what the key declares, nothing more. Placeholders stand where the raw
 * resource says nothing (cardinality, traffic), and only the rule a policy applies is turned on, so a
 * placeholder can never produce a verdict.
 */
import {
  RULE_IDS, describeFinding, lint, DesignError,
  type AcknowledgementDesign, type CosmosContainerDesign, type DesignInput, type ExternalResourceDesign, type Finding, type LintOptions,
} from '../../index';

export interface RawContainer {
  /** Pulumi resource name: the key of `acknowledgements` in the policy options. */
  readonly name: string;
  /** The container's props (`SqlResourceSqlContainerArgs` as resolved by the engine). */
  readonly props: Record<string, unknown>;
}

/** What a policy reports: one line per unacknowledged finding or unreadable field. */
export type Verdict = readonly string[];

function resourceOf(props: Record<string, unknown>): Record<string, unknown> {
  const resource = props.resource;
  return typeof resource === 'object' && resource !== null ? resource as Record<string, unknown> : {};
}

function partitionKeyOf(props: Record<string, unknown>): Record<string, unknown> {
  const key = resourceOf(props).partitionKey;
  return typeof key === 'object' && key !== null ? key as Record<string, unknown> : {};
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

/** Only `rule` on: the placeholders feed no other rule. */
function only(rule: string): LintOptions {
  return { rules: Object.fromEntries(RULE_IDS.filter((id) => id !== rule).map((id) => [id, 'off'])) };
}

/** Core field path → the raw resource's property path (or the policy option's). */
function propertyPath(corePath: string, container: RawContainer): string {
  const path = corePath.replace(/^external\[0\]\.?/, '');
  const acknowledgement = /^acknowledgements(.*)$/.exec(path);
  if (acknowledgement) return `acknowledgements[${JSON.stringify(container.name)}]${acknowledgement[1]}`;
  const keyPath = /^(?:partitionKey\.paths|partitionKeys)(\[\d+\])?(?:\.path|\.attribute)?$/.exec(path);
  if (keyPath) return `resource.partitionKey.paths${keyPath[1] ?? ''}`;
  if (path === 'keyMonitoring' || path === 'monitoring.partitionKeyDiagnostics') return 'diagnostic settings of its account';
  return path.startsWith('partitionKey') ? `resource.${path}` : path;
}

function verdict(input: DesignInput, rule: string, container: RawContainer): Verdict {
  let findings: Finding[];
  try {
    findings = lint(input, only(rule));
  } catch (error) {
    if (!(error instanceof DesignError)) throw error;
    return error.issues.map((issue) => `${rule}: ${reportName(container)}: ${propertyPath(issue.path, container)}: ${issue.message}`);
  }
  return findings.filter((f) => !f.acknowledged).map((f) => describeFinding(f, { at: propertyPath(f.path, container) }));
}

/** SG005 on the declared key: path syntax, at most 3 levels, duplicates, MultiHash with version 2. */
export function keyStructureVerdict(container: RawContainer, acknowledgements: readonly AcknowledgementDesign[]): Verdict {
  const key = partitionKeyOf(container.props);
  const paths = pathsOf(container.props);
  const design: CosmosContainerDesign = {
    engine: 'cosmosdb',
    name: reportName(container),
    partitionKey: {
      paths: (Array.isArray(paths) ? paths.map((path) => ({ path, cardinality: 'unique', kind: 'value' })) : paths ?? []) as CosmosContainerDesign['partitionKey']['paths'],
      kind: key.kind as CosmosContainerDesign['partitionKey']['kind'],
      // ARM's default partition-key version is 1; only version 2 takes a MultiHash key.
      version: (key.version ?? 1) as CosmosContainerDesign['partitionKey']['version'],
    },
    workload: { peakReadUnits: 0, peakWriteUnits: 0 },
    acknowledgements,
  };
  return verdict(design, 'SG005', container);
}

/** The declared paths when every one is a non-empty string; anything else is SG005's to report. */
function readablePaths(container: RawContainer): string[] | undefined {
  const paths = pathsOf(container.props);
  return Array.isArray(paths) && paths.length > 0 && paths.every((p) => typeof p === 'string' && p !== '') ? paths as string[] : undefined;
}

function external(container: RawContainer, paths: readonly string[], acknowledgements: readonly AcknowledgementDesign[], keyMonitoring?: boolean): { external: ExternalResourceDesign[] } {
  return {
    external: [{
      engine: 'cosmosdb',
      name: reportName(container),
      partitionKeys: paths.map((attribute) => ({ attribute })),
      keyMonitoring,
      acknowledgements,
    }],
  };
}

/** SG015 on the key's names: status, region, date… with no design declaring their cardinality. */
export function keyNamesVerdict(container: RawContainer, acknowledgements: readonly AcknowledgementDesign[]): Verdict {
  const paths = readablePaths(container);
  return paths ? verdict(external(container, paths, acknowledgements), 'SG015', container) : [];
}

/** SG010 for a container whose account sends no partition-key statistics anywhere useful. */
export function diagnosticsOffVerdict(container: RawContainer, acknowledgements: readonly AcknowledgementDesign[]): Verdict {
  // SG010 reads no key: an unreadable one (SG005's finding) is left out of this verdict.
  return verdict(external(container, readablePaths(container) ?? [], acknowledgements, false), 'SG010', container);
}
