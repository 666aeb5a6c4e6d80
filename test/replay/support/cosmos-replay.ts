/** Readings of Cosmos DB replays shared by the replay tests: when an alert fired, and what share of a container's
 *  requests its model throttled. */
import {
  Random,
  SCOPE_DIMENSION,
  simulateContainer,
  Telemetry,
  type ContainerModel,
  type ProgramReplay,
  type RegisteredResource,
  type Scenario,
} from '../../../lib/testing/replay';

/** The minutes at which `alert` fired (each series once while stateful), counted from `from`. */
export function firedAt(replay: ProgramReplay, alert: string, from = 0): number[] {
  const rule = replay.alerts.find((a) => a.name === alert);
  if (!rule) throw new Error(`firedAt: no alert ${alert} in the replay (alerts: ${replay.alerts.map((a) => a.name).join(', ')})`);
  return rule.events.filter((e) => e.kind === 'fired').map((e) => e.minute - from);
}

/** The share of one container's requests answered 429 in `minutes` from `from`, from its model's TotalRequests by
 *  status code (its own simulation, seed 1: the figure a reader of the portal's Total Requests chart would see). */
export function throttledShare(scenario: Scenario<ContainerModel>, container: string, from: number, minutes: number): number {
  const telemetry = new Telemetry(scenario.days * 1440);
  const names = { accountId: 'a', databaseName: 'telemetry', containerName: container };
  simulateContainer(scenario.models[container], names, telemetry, new Random(1));
  const count = (status: string) =>
    telemetry
      .series({
        namespace: 'Microsoft.DocumentDB/databaseAccounts',
        metricName: 'TotalRequests',
        dimensions: { [SCOPE_DIMENSION]: 'a', DatabaseName: 'telemetry', CollectionName: container, StatusCode: status },
      })
      .slice(from, from + minutes)
      .reduce((sum, p) => sum + (p?.sum ?? 0), 0);
  return count('429') / (count('429') + count('200'));
}

/** The line a first-level value on several physical partitions is judged against in the query of rule `name` (its
 *  `Spans == 1 or SustainedRUPerSecond > <line>`), NaN when the query has none. */
export function spanningLineOf(resources: readonly RegisteredResource[], name: string): number {
  const criteria = resources.find((r) => r.name === name)?.inputs.criteria as { allOf: { query: string }[] } | undefined;
  return Number(/Spans == 1 or SustainedRUPerSecond > ([0-9.]+)/.exec(criteria?.allOf[0].query ?? '')?.[1]);
}
