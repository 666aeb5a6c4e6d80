/**
 * replayProgram(): the alert rules a Pulumi program registered (type, name and inputs, as the mock
 * engine records them) over a Cosmos DB scenario. Each scenario model is bound to the container of
 * that name; its metrics carry the account id the metric alerts are scoped to, its log rows the
 * database and container names. Log-alert queries need registered semantics (the replay does not
 * interpret KQL). Pages are `fired` notifications to an action group; recoveries are `resolved` ones.
 */
import type { AlertEvent, AlertReplay } from './azure/alert-state';
import { replayLogAlert, type QueryRegistry } from './azure/log-alert';
import { replayMetricAlert } from './azure/metric-alert';
import { Random } from './random';
import { simulateContainer, type ContainerModel, type ContainerTruth } from './scenarios/cosmos-model';
import { checkScenario, type Scenario } from './scenarios/scenario';
import { sharedRangesOf } from './scenarios/shared-database';
import { Telemetry } from './telemetry';
import { MINUTES_PER_DAY } from './time';
import { argumentError } from './usage';

/** One registered resource, as `pulumi.runtime.setMocks` sees it. */
export interface RegisteredResource {
  /** The resource's type token, e.g. `azure-native:monitor:ScheduledQueryRule`. */
  readonly type: string;
  /** The resource's logical name as the program gave it. */
  readonly name: string;
  /** The resource's inputs as registered (resolved values); alerts are read from them. */
  readonly inputs: Record<string, unknown>;
}

export interface ContainerReplay {
  /** What the model did to the container: its throttling and size milestones, to judge the alerts against. */
  readonly truth: ContainerTruth;
  /** The alert rules that watch this container (named in a `CollectionName` filter or in their query). */
  readonly alerts: readonly AlertReplay[];
  /**
   * `fired` events that notified an action group, of the rules `pages` selects, each with its rule's name, in time
   * order (by minute, then rule name). By default every rule with an action group is selected, ticket-tier ones
   * included: pass `pages` (e.g. by the page tier's action group) to keep pages only.
   */
  readonly pages: readonly (AlertEvent & {
    /** The name of the alert rule whose event it is. */
    readonly alert: string;
  })[];
  /** `resolved` events that notified an action group, of the rules `pages` selects, each with its rule's name, in time order. */
  readonly recoveries: readonly (AlertEvent & {
    /** The name of the alert rule whose event it is. */
    readonly alert: string;
  })[];
}

export interface ProgramReplay {
  /** The scenario's name. */
  readonly scenario: string;
  /** Days replayed: the scenario's `days`. */
  readonly days: number;
  /** Every metric and log alert rule the program registered, replayed. */
  readonly alerts: readonly AlertReplay[];
  /** The replay of each modelled container, by container name. */
  readonly containers: Readonly<Record<string, ContainerReplay>>;
}

export interface ReplayProgramOptions {
  /** The meaning of each log-alert query. */
  readonly queries: QueryRegistry;
  /**
   * Which alerts page, by rule: e.g. `(a) => JSON.stringify(a.inputs.actions).includes('/actionGroups/oncall')` for
   * the rules that notify the page tier's action group. @default every alert with an action group, ticket tier included
   */
  readonly pages?: (alert: AlertReplay) => boolean;
}

const CONTAINER = 'azure-native:cosmosdb:SqlResourceSqlContainer';
const METRIC_ALERT = 'azure-native:monitor:MetricAlert';
const LOG_ALERT = 'azure-native:monitor:ScheduledQueryRule';

function actionGroupsOf(inputs: Record<string, unknown>): string[] {
  const actions = inputs.actions as unknown;
  if (Array.isArray(actions)) return actions.map((a: { actionGroupId?: unknown }) => String(a.actionGroupId));
  const groups = (actions as { actionGroups?: unknown } | undefined)?.actionGroups;
  return Array.isArray(groups) ? groups.map(String) : [];
}

/** The containers a rule is about: those named in a CollectionName filter or in its query. */
function containersOf(inputs: Record<string, unknown>, names: readonly string[]): string[] {
  const text = JSON.stringify(inputs.criteria ?? {});
  return names.filter((n) => text.includes(`"${n}"`) || text.includes(`\\"${n}\\"`));
}

export function replayProgram(resources: readonly RegisteredResource[], scenario: Scenario<ContainerModel>, options: ReplayProgramOptions): ProgramReplay {
  if (!Array.isArray(resources))
    throw argumentError('replayProgram()', 'resources', 'expected the resources the mock engine registered, as a list of { type, name, inputs }');
  checkScenario('replayProgram()', scenario);
  if (typeof options?.queries !== 'function')
    throw argumentError(
      'replayProgram()',
      'options.queries',
      'expected a QueryRegistry (query text → its meaning); skewguardQueries(containers) gives the meaning of the queries GuardedContainer creates',
    );
  const containers = resources.filter((r) => r.type === CONTAINER);
  const names = containers.map((c) => String(c.inputs.containerName ?? c.name));
  const metricAlerts = resources.filter((r) => r.type === METRIC_ALERT);
  const telemetry = new Telemetry(scenario.days * MINUTES_PER_DAY);
  const rng = new Random(scenario.seed);
  const truths: Record<string, ContainerTruth> = {};
  const containerOf = (name: string) => {
    const container = containers.find((c) => String(c.inputs.containerName ?? c.name) === name);
    if (!container)
      throw argumentError(
        'replayProgram()',
        `scenario.models[${JSON.stringify(name)}]`,
        `scenario "${scenario.name}" models container ${name}, which the program did not register (containers: ${names.join(', ') || 'none'}); name each model after a registered container`,
      );
    return container;
  };
  // Shared containers of one database are replayed on its one set of ranges, each with its neighbours' load.
  const shared = sharedRangesOf(scenario.models, (name) => `${String(containerOf(name).inputs.accountName)}/${String(containerOf(name).inputs.databaseName)}`);
  for (const [name, model] of Object.entries(scenario.models)) {
    const container = containerOf(name);
    const scoped = metricAlerts.find((a) => containersOf(a.inputs, [name]).length > 0);
    const accountId = String((scoped?.inputs.scopes as unknown[] | undefined)?.[0] ?? `account-of-${name}`);
    truths[name] = simulateContainer(
      model,
      { accountId, databaseName: String(container.inputs.databaseName), containerName: name },
      telemetry,
      rng.fork(Object.keys(truths).length + 1),
      shared.get(name),
    );
  }
  const alerts = resources.flatMap((r) => {
    if (r.type === METRIC_ALERT) return [replayMetricAlert(r.name, r.inputs, telemetry, actionGroupsOf(r.inputs))];
    if (r.type === LOG_ALERT) return [replayLogAlert(r.name, r.inputs, telemetry, actionGroupsOf(r.inputs), options.queries)];
    return [];
  });
  const pages = options.pages ?? ((a: AlertReplay) => a.events.some((e) => e.actionGroups.length > 0));
  const result: Record<string, ContainerReplay> = {};
  for (const name of Object.keys(scenario.models)) {
    const mine = alerts.filter((a) => containersOf(a.inputs, [name]).length > 0);
    // In time order, across rules (rule by rule, a later page of one rule would come before an earlier one of the next).
    const events = (kind: AlertEvent['kind']) =>
      mine
        .filter(pages)
        .flatMap((a) => a.events.filter((e) => e.kind === kind && e.actionGroups.length > 0).map((e) => ({ ...e, alert: a.name })))
        .sort((a, b) => a.minute - b.minute || (a.alert < b.alert ? -1 : a.alert > b.alert ? 1 : 0));
    result[name] = { truth: truths[name], alerts: mine, pages: events('fired'), recoveries: events('resolved') };
  }
  return { scenario: scenario.name, days: scenario.days, alerts, containers: result };
}
