/**
 * The gate every GuardedContainer passes before anything is registered: the design goes to the
 * core's `normalize` unchanged (plus the container name and whether partition-key diagnostics are
 * attached), the normalized document to `lintNormalized`, and the core's verdict decides. Nothing
 * here re-implements a rule.
 */
import {
  DesignError,
  UsageError,
  blockingFindings,
  describeFinding,
  lintNormalized,
  normalize,
  printable,
  shapes,
  type CosmosContainerDesign,
  type CosmosKeyDesign,
  type CosmosThroughputDesign,
  type DesignIssue,
  type Finding,
  type LintOptions,
  type LintResult,
  type NotJudged,
  type Severity,
  type UnusedAcknowledgement,
} from '../index';
import { DesignRefusedError } from './errors';
import { deferredPaths, isDeferred } from './values';

/**
 * The design part of `GuardedContainerArgs`: the core's Cosmos DB container design without the
 * fields the component fills in itself (`name` is `containerName`; `monitoring` follows from
 * `args.monitoring`; `engine` is always `cosmosdb`).
 */
export type ContainerDesign = Omit<CosmosContainerDesign, 'name' | 'engine' | 'monitoring'>;

/** What the core decided, kept on the component for users and tests. */
export interface DesignVerdict {
  /** The normalized design: every default explicit (partition-key kind and version, thresholds). */
  readonly design: CosmosKeyDesign;
  /** Every finding, acknowledged or not, with paths as in the component's args. */
  readonly findings: readonly Finding[];
  readonly unusedAcknowledgements: readonly UnusedAcknowledgement[];
  /** What the rules did not judge for want of a declared figure, `declare` at the args' path (`design.workload.hotKeyShare`). */
  readonly notJudged: readonly NotJudged[];
}

export interface GateInput {
  readonly component: string;
  readonly containerName: string;
  readonly design: ContainerDesign;
  /** Partition-key diagnostics attached (`args.monitoring` given): SG010 reads this. */
  readonly diagnostics: boolean;
  /** The design's throughput, from `args.throughput` (see `designThroughput`): the physical-partition
   *  checks (SG003, SG012) and SG017 read it. */
  readonly throughput?: CosmosThroughputDesign;
  readonly lintOptions?: LintOptions;
}

const SET_BY_COMPONENT: Record<string, string> = {
  name: 'is containerName: remove it from the design',
  engine: 'is always "cosmosdb" here: remove it',
  monitoring: 'follows from args.monitoring (partition-key diagnostics are on when a CosmosAccountMonitoring is attached): remove it',
};

/** Core field path → the path in the component's args, so every error names a field the user wrote. */
export function argPath(corePath: string): string {
  if (corePath === 'name') return 'containerName';
  if (corePath === 'monitoring' || corePath.startsWith('monitoring.')) return 'monitoring';
  if (corePath === 'options') return 'lintOptions';
  if (corePath.startsWith('options.')) return `lintOptions.${corePath.slice('options.'.length)}`;
  return corePath === '' ? 'design' : `design.${corePath}`;
}

/**
 * Reads and lints the design. Input problems go to `issues` (thrown together with the other args'
 * problems by the caller); returns undefined when the design could not be read.
 */
export function checkDesign(input: GateInput, issues: DesignIssue[]): DesignVerdict | undefined {
  const design: unknown = input.design;
  // Missing, it is reported with the other args (a required field).
  if (design === undefined) return undefined;
  if (typeof design !== 'object' || design === null || Array.isArray(design)) {
    issues.push({
      path: 'design',
      message: `expected the container's partition-key design, an object (CosmosContainerDesign: { partitionKey: { paths }, workload }), got ${shapes.describe(design)}`,
    });
    return undefined;
  }
  const before = issues.length;
  // lintOptions as a whole is checked by the args shape; values inside it are found here, as in the design.
  const lintOptions = isDeferred(input.lintOptions) ? [] : deferredPaths(input.lintOptions, 'lintOptions');
  for (const path of [...deferredPaths(design, 'design'), ...lintOptions]) {
    issues.push({
      path,
      message:
        'is a Pulumi Output or Promise: design values decide whether anything is deployed, so they must be known when the program runs; use a plain value (for stack configuration, config.requireNumber() / config.requireObject())',
    });
  }
  for (const field of Object.keys(SET_BY_COMPONENT)) {
    if (Object.prototype.hasOwnProperty.call(design, field)) issues.push({ path: `design.${field}`, message: SET_BY_COMPONENT[field] });
  }
  if (issues.length > before || isDeferred(input.lintOptions)) return undefined;

  const document: CosmosContainerDesign = {
    ...input.design,
    engine: 'cosmosdb',
    name: input.containerName,
    monitoring: { partitionKeyDiagnostics: input.diagnostics },
    ...(input.throughput !== undefined ? { throughput: input.throughput } : {}),
  };
  // A throughput the component passed in (not written in the design) is the user's args.throughput:
  // findings, issues and edits about it are reported at that path (`throughput.autoscaleMax`), the
  // field they wrote, not at a design.throughput that does not exist in their program.
  const fromArgs = input.throughput !== undefined && (input.design as { throughput?: unknown }).throughput === undefined;
  const pathOf = (path: string) => (fromArgs && (path === 'throughput' || path.startsWith('throughput.')) ? path : argPath(path));
  let normalized: CosmosKeyDesign;
  let result: LintResult;
  try {
    // Normalized once: the verdict keeps the design the rules read.
    const normalizedDocument = normalize(document, input.lintOptions);
    normalized = normalizedDocument.designs[0].design as CosmosKeyDesign;
    result = lintNormalized(normalizedDocument, input.lintOptions);
  } catch (error) {
    // Bad lintOptions are a UsageError since lint() tells usage from design mistakes; both are bad args here.
    if (!(error instanceof DesignError) && !(error instanceof UsageError)) throw error;
    issues.push(...error.issues.map((issue: DesignIssue) => Object.assign({}, issue, { path: pathOf(issue.path) })));
    return undefined;
  }
  return {
    design: normalized,
    // Edits to a throughput from args are dropped by argEdits (it is changed in args.throughput, not by a design edit).
    findings: result.findings.map((f) => ({ ...f, path: pathOf(f.path), edits: argEdits(f.edits, pathOf) })),
    unusedAcknowledgements: result.unusedAcknowledgements.map((a) => ({ ...a, path: argPath(a.path) })),
    notJudged: result.notJudged.map((n) => ({ ...n, path: pathOf(n.path), declare: pathOf(n.declare) })),
  };
}

/**
 * A finding's edits, at the args' paths (`design.sharding`), so a user can apply them to what they
 * wrote. None when one would touch what the component sets itself: partition-key diagnostics follow
 * from `args.monitoring`, so that fix is to attach a CosmosAccountMonitoring, not an edit.
 */
function argEdits(edits: Finding['edits'], pathOf: (corePath: string) => string = argPath): Finding['edits'] {
  if (!edits) return undefined;
  const rebased = edits.map((e) => ({ ...e, path: pathOf(e.path) }));
  return rebased.every((e) => e.path.startsWith('design.')) ? rebased : undefined;
}

/**
 * Throws `DesignRefusedError` when a finding at or above `failOn` is not acknowledged. `assumed`: what the verdict was
 * made without (RU/s given as an Output), said right after the first line.
 */
export function refuseBlocking(component: string, verdict: DesignVerdict, failOn: Severity, assumed?: string): void {
  const blocking = blockingFindings(verdict.findings, failOn);
  if (blocking.length > 0) {
    const error = new DesignRefusedError(component, blocking, refusalReport(component, blocking, verdict.findings, assumed));
    // The whole verdict, for a component refused in a preview (guarded-container.ts): not a field of the public error.
    Object.defineProperty(error, REFUSED_VERDICT, { value: verdict, enumerable: false });
    throw error;
  }
}

const REFUSED_VERDICT = Symbol('skewguard refused verdict');

/** The verdict a `DesignRefusedError` thrown by `refuseBlocking` was made from (every finding, the normalized design). */
export function refusedVerdict(error: DesignRefusedError): DesignVerdict | undefined {
  return (error as unknown as Record<symbol, DesignVerdict | undefined>)[REFUSED_VERDICT];
}

function refusalReport(component: string, blocking: readonly Finding[], all: readonly Finding[], assumed: string | undefined): string {
  const others = all.filter((f) => !blocking.includes(f) && !f.acknowledged);
  const lines = [
    `${printable(component)}: the partition-key design breaks ${blocking.length} skewguard rule${blocking.length === 1 ? '' : 's'}; none of its Azure resources were created.`,
    ...(assumed !== undefined ? [assumed] : []),
    ...blocking.map((f) => describeFinding(f)),
    ...(others.length > 0 ? ['also:', ...others.map((f) => describeFinding(f))] : []),
    'Fix the design, or waive a finding in design.acknowledgements with { rule, reason } (the reason stays in every report).',
  ];
  return lines.join('\n');
}
