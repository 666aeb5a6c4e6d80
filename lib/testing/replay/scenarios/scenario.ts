/**
 * A scenario: a named stretch of modelled traffic for one or more tables or containers, with its
 * seed, its assumptions in words, and — for an incident — which key space it hits.
 */
import { shapes } from '../../../index';
import { argumentError } from '../usage';

export interface Scenario<Model> {
  /** The scenario's name, repeated in the replay's result and in error messages. */
  readonly name: string;
  /** `healthy`: no page is expected; `incident`: a page is expected for `incident`. */
  readonly kind: 'healthy' | 'incident';
  /** Length of the replay in whole days (at least 1); day 0 starts on a Monday at 00:00 UTC. */
  readonly days: number;
  /** Integer seed of the random traffic: the same seed gives the same telemetry. */
  readonly seed: number;
  /** What the scenario assumes, in words a reviewer can check. */
  readonly assumptions: readonly string[];
  /** The model of each target: a table's construct id, or a container's name. */
  readonly models: Readonly<Record<string, Model>>;
  /** For an incident: the target and key space it hits, and what a page should say.
   *  @default - none (a healthy scenario) */
  readonly incident?: {
    /** The table's construct id or the container's name it hits: a key of `models`. */
    readonly target: string;
    /** The GSI it hits.
     *  @default - the table's or container's own key */
    readonly index?: string;
    /** What happens, in the words a page about it should match. */
    readonly description: string;
  };
}

/** A scenario handed to `fn` (`replayStack()`), or a UsageError at `scenario.<field>`: a hand-built one
 *  needs whole days and an integer seed, as the scenario builders give. */
export function checkScenario(fn: string, scenario: Scenario<unknown>): void {
  const { days, seed, models } = (scenario ?? {}) as Partial<Scenario<unknown>>;
  if (!Number.isInteger(days) || (days as number) < 1)
    throw argumentError(
      fn,
      'scenario.days',
      `expected a whole number of days above 0, got ${shapes.describe(days)}; build the scenario with healthyWeek(), dynamoIncident(), healthyCosmosWeek() or cosmosIncident()`,
    );
  if (!Number.isInteger(seed))
    throw argumentError(fn, 'scenario.seed', `expected an integer, got ${shapes.describe(seed)}; the same seed gives the same telemetry`);
  if (typeof models !== 'object' || models === null)
    throw argumentError(fn, 'scenario.models', 'expected an object of models by table construct id or container name');
}
