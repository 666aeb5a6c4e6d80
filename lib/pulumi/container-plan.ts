/**
 * Everything GuardedContainer decides before it registers: args read with the shape toolkit (every
 * problem at once, an unknown arg refused), the design linted by the core, the alerts planned.
 * Throws InvalidArgsError or DesignRefusedError; nothing here creates a resource, so a refusal leaves
 * nothing behind.
 */
import * as pulumi from '@pulumi/pulumi';
import { shapes, type DesignIssue, type LintOptions, type Severity } from '../index';
import { COSMOS_LIMITS, cosmosNameShape, dayPinnedOn } from '../internal';
import { CosmosAccountMonitoring } from './account-monitoring';
import { planAlerts, sizeAlertOrderIssues, type AlertPlan } from './alert-plan';
import { skewAlertsShape } from './alert-settings';
import {
  accountShape,
  azureData,
  componentNameIssues,
  deployTime,
  named,
  ownArgs,
  passThrough,
  planTime,
  readArgs,
  resourceGroupShape,
  tagsShape,
} from './arg-shapes';
import { ttlShape, uncheckedSettings } from './container-resource';
import { checkDesign, refuseBlocking, type DesignVerdict } from './design-gate';
import type { GuardedContainerArgs } from './guarded-container-args';
import {
  deferredThroughput,
  designThroughput,
  throughputMode,
  throughputShape,
  unknownThroughputNote,
  type DeferredThroughput,
  type ThroughputMode,
} from './throughput';
import { isDeferred } from './values';

export interface ContainerPlan {
  /** The args as read (`ownArgs`): the component builds from these, never from the caller's objects again. */
  readonly args: GuardedContainerArgs;
  readonly containerName: string;
  readonly verdict: DesignVerdict;
  readonly throughput: ThroughputMode;
  /** Dedicated RU/s given as an Output: the verdict and alerts here were planned without them, and are planned again
   *  once they are known (deferred-throughput.ts). */
  readonly deferredThroughput?: DeferredThroughput;
  readonly alerts: AlertPlan;
  /** Settings known only at deployment, so not checked here (reported with pulumi.log.warn). */
  readonly unchecked: readonly string[];
  /** `protect` of the container: `args.protect`, else the component's `protect` option, else true. */
  readonly protect: boolean;
  /** `retainOnDelete` of the container: `args.retainOnDelete`, else the component's option, else true. */
  readonly retainOnDelete: boolean;
}

/** The component's resource options that decide what happens to the container's data. */
export interface DataSafetyOptions {
  readonly protect?: boolean;
  readonly retainOnDelete?: boolean;
}

const DATA_SAFETY_OPTIONS = ['protect', 'retainOnDelete'] as const;

const monitoringShape: shapes.Shape<CosmosAccountMonitoring> = {
  expected: "a CosmosAccountMonitoring (the account's partition-key diagnostics)",
  is: () => true,
  read(value, place, issues, key) {
    if (CosmosAccountMonitoring.isInstance(value)) return value;
    issues.push({ path: shapes.pathOf(place, key), message: `expected ${monitoringShape.expected}, got ${shapes.describe(value)}` });
    return undefined;
  },
  schema: () => ({}),
};

const argsShape = shapes.record<GuardedContainerArgs>({
  design: { shape: passThrough(), doc: "the container's partition-key design (CosmosContainerDesign without name, engine and monitoring)" },
  monitoring: { shape: monitoringShape, optional: true, doc: "The account's CosmosAccountMonitoring." },
  resourceGroupName: {
    shape: resourceGroupShape as shapes.Shape<NonNullable<GuardedContainerArgs['resourceGroupName']>>,
    optional: true,
    doc: 'Resource group of the account.',
  },
  account: {
    shape: accountShape as shapes.Shape<NonNullable<GuardedContainerArgs['account']>>,
    optional: true,
    doc: 'The Cosmos DB account.',
  },
  database: {
    shape: named('database', false, cosmosNameShape) as shapes.Shape<GuardedContainerArgs['database']>,
    doc: 'the SQL database: its name or a cosmosdb.SqlResourceSqlDatabase',
  },
  // The core checks the name itself (as the design's name) and reports it at `containerName`.
  containerName: { shape: planTime(passThrough<string>('a container name')), optional: true, doc: 'Container name.' },
  throughput: {
    shape: throughputShape,
    doc: 'where the RU/s come from: { manual: RU/s }, { autoscaleMax: RU/s }, "shared" (the database\'s throughput) or "serverless"; it decides which alerts can fire',
  },
  indexingPolicy: { shape: azureData('an indexing policy'), optional: true, doc: 'Indexing policy.' },
  defaultTtl: { shape: deployTime(ttlShape), optional: true, doc: 'Default TTL.' },
  uniqueKeyPolicy: { shape: azureData('a unique key policy'), optional: true, doc: 'Unique keys.' },
  tags: { shape: tagsShape, optional: true, doc: 'Tags.' },
  alerts: { shape: skewAlertsShape, optional: true, doc: 'Skew alerts.' },
  protect: { shape: planTime(shapes.bool()), optional: true, doc: 'protect on the container.' },
  retainOnDelete: { shape: planTime(shapes.bool()), optional: true, doc: 'retainOnDelete on the container.' },
  failOn: { shape: planTime(shapes.oneOf<Severity>(['error', 'warning'])), optional: true, doc: 'Lowest severity that refuses.' },
  lintOptions: { shape: planTime(passThrough()), optional: true, doc: 'Project-wide lint options.' },
});

/** A data-safety option given both as an arg and as a resource option of the component, with different values. */
function optionConflicts(args: Partial<GuardedContainerArgs>, options: DataSafetyOptions): DesignIssue[] {
  return DATA_SAFETY_OPTIONS.filter((field) => args[field] !== undefined && options[field] !== undefined && args[field] !== options[field]).map((path) => ({
    path,
    message: `is ${args[path]}, but the component's resource options say ${path}: ${options[path]}; give it once`,
  }));
}

/** Where the account comes from: `monitoring`, or `resourceGroupName` + `account`, never both. */
function sourceConflicts(args: Partial<GuardedContainerArgs>): DesignIssue[] {
  if (args.monitoring !== undefined) {
    return (['resourceGroupName', 'account'] as const)
      .filter((field) => args[field] !== undefined)
      .map((path) => ({ path, message: 'comes from args.monitoring (the account it monitors): remove it' }));
  }
  return (['resourceGroupName', 'account'] as const)
    .filter((field) => args[field] === undefined)
    .map((path) => ({
      path,
      message: `is required without args.monitoring: give the ${path === 'account' ? 'Cosmos DB account' : 'resource group'} name or resource`,
    }));
}

export function planContainer(name: string, given: GuardedContainerArgs, options: DataSafetyOptions): ContainerPlan {
  const component = `GuardedContainer "${name}"`;
  const args = ownArgs(given, component);
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    readArgs(argsShape, args, component, [
      { path: '', message: 'args are required: { design, database, throughput, monitoring | resourceGroupName + account }' },
    ]);
  }
  const extra = [...componentNameIssues(name), ...sourceConflicts(args), ...optionConflicts(args, options)];
  // The design is read even when other args are wrong, so one run reports every input problem;
  // the rules' verdict comes once the args are all readable.
  // The core checks the name (as the design's name) and reports it at `containerName`.
  const containerName = args.containerName ?? name;
  const designIssues: DesignIssue[] = [];
  const verdict = checkDesign(
    {
      component,
      containerName,
      design: args.design,
      diagnostics: args.monitoring !== undefined,
      // Declared once, in args.throughput: it becomes the design's (a different design.throughput is an error).
      throughput: designThroughput(args.throughput, designField(args.design, 'throughput'), extra),
      lintOptions: withRunDay(args.lintOptions),
    },
    designIssues,
  );
  // An Output containerName is reported once, by the args shape (it must be known when the program
  // runs): the core, checking it as the design's name, would only add that it is not a string.
  extra.push(
    ...(isDeferred(args.containerName) ? designIssues.filter((issue) => issue.path !== 'containerName') : atNameGiven(designIssues, args.containerName, extra)),
  );
  // Alert thresholds that only contradict each other: each alone is in range (the args shape), the ticket above the page is not.
  extra.push(...sizeAlertOrderIssues(args.alerts, verdict?.design.thresholds.headroom));
  const read = readArgs(argsShape, args, component, extra);
  const checked = verdict as DesignVerdict;
  const deferred = deferredThroughput(read.throughput);
  // RU/s given as an Output and not declared in the design: the verdict knew none, and a refusal says so.
  const assumed = deferred && checked.design.throughput === undefined ? unknownThroughputNote(deferred, COSMOS_LIMITS.logicalPartitionRequestUnits) : undefined;
  refuseBlocking(component, checked, read.failOn ?? 'error', assumed);
  const mode = throughputMode(read.throughput);
  return {
    args,
    containerName,
    verdict: checked,
    throughput: mode,
    deferredThroughput: deferred,
    alerts: planAlerts(read.alerts, checked.design, mode, read.monitoring),
    unchecked: uncheckedSettings(read),
    // Data safety is a default: a container removed from the program, or replaced, keeps its data in Azure.
    protect: read.protect ?? options.protect ?? true,
    retainOnDelete: read.retainOnDelete ?? options.retainOnDelete ?? true,
  };
}

/**
 * `lintOptions` with the day a test run pinned (`runWithMocks(program, { today })`, read from the run's engine:
 * lib/design/run-day.ts) as its `today`, unless they give their own. Anything else is left as it is, to be read (and
 * refused) by the core.
 */
function withRunDay(lintOptions: LintOptions | undefined): LintOptions | undefined {
  const day = dayPinnedOn(pulumi.runtime.getMonitor());
  if (day === undefined || isDeferred(lintOptions)) return lintOptions;
  if (lintOptions === undefined || lintOptions === null) return { today: day };
  if (!shapes.isPlainObject(lintOptions) || lintOptions.today !== undefined) return lintOptions;
  return { ...lintOptions, today: day };
}

/** A field of the design as written, when the design is an object (checkDesign reports it otherwise). */
function designField<K extends keyof GuardedContainerArgs['design']>(design: unknown, field: K): GuardedContainerArgs['design'][K] | undefined {
  return typeof design === 'object' && design !== null ? (design as GuardedContainerArgs['design'])[field] : undefined;
}

/**
 * The core's issues with the container name reported at the field that gave it: `containerName`, or, where that is not
 * given, the component's name (`(name)`, the constructor's first argument, which then names the container). A name the
 * component-name check already refuses (`componentNameIssues`) is reported there once.
 */
function atNameGiven(issues: readonly DesignIssue[], containerName: unknown, reported: readonly DesignIssue[]): DesignIssue[] {
  if (containerName !== undefined) return [...issues];
  const named = reported.some((issue) => issue.path === COMPONENT_NAME);
  return issues.flatMap((issue) => {
    if (issue.path !== 'containerName') return [issue];
    return named ? [] : [{ path: COMPONENT_NAME, message: `${issue.message} (the component's name names the container where containerName is not given)` }];
  });
}

/** Where an issue with the component's name (the constructor's first argument) is reported, as `componentNameIssues` does. */
const COMPONENT_NAME = '(name)';
