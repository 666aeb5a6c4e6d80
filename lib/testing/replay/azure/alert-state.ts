/**
 * Fired / resolved notifications of one Azure Monitor alert rule, per monitored time series.
 * "Alerts and state" (https://learn.microsoft.com/azure/azure-monitor/alerts/alerts-overview#alerts-and-state):
 * a stateful alert (autoMitigate true) fires when its condition is met and sends nothing more until
 * it is resolved, which then sends a resolved notification to the same action groups. A metric alert
 * is resolved when the condition is not met for three consecutive checks; a log search alert when it
 * is not met for 10 minutes (1-minute frequency), three frequency periods (5 to 15 minutes), two
 * (15 minutes to 11 hours) or one (longer). A stateless alert fires at every check that meets the
 * condition (Azure spaces these notifications 1 to 6 minutes apart; the replay counts each check).
 */
import { timestampOf } from '../time';

export interface AlertEvent {
  /** Replay minute of the check that fired or resolved the alert. */
  readonly minute: number;
  /** The same minute as an ISO 8601 UTC timestamp. */
  readonly time: string;
  /** `fired`: the condition held (a stateful alert fires once until it resolves); `resolved`: it stopped holding long
   *  enough. */
  readonly kind: 'fired' | 'resolved';
  /** The monitored time series (dimension values), `PartitionKeyRangeId=3` or `(all)`. */
  readonly series: string;
  /** The measured value at that check (undefined: no data). */
  readonly value?: number;
  /** Action groups (resource ids) the rule notifies; empty when it names none, and the event then pages nobody. */
  readonly actionGroups: readonly string[];
}

export interface AlertReplay {
  /** The alert rule's resource name, as the program registered it. */
  readonly name: string;
  /** `metric` (`MetricAlert`) or `log` (`ScheduledQueryRule`). */
  readonly kind: 'metric' | 'log';
  /** The rule's `severity` input: 0 (critical) to 4 (verbose). */
  readonly severity: number;
  /** Every fired and resolved event over the replay, in time order. */
  readonly events: readonly AlertEvent[];
  /** The rule's resource inputs, for callers that classify alerts. */
  readonly inputs: Readonly<Record<string, unknown>>;
}

/** Checks without the condition needed to resolve a stateful alert. */
export function checksToResolve(kind: 'metric' | 'log', frequencyMinutes: number): number {
  if (kind === 'metric') return 3;
  if (frequencyMinutes <= 1) return 10;
  if (frequencyMinutes < 15) return 3;
  if (frequencyMinutes < 11 * 60) return 2;
  return 1;
}

/** Turns per-check condition results into notifications, one state machine per series. */
export class AlertStates {
  private readonly firing = new Map<string, { quiet: number }>();
  readonly events: AlertEvent[] = [];

  constructor(
    private readonly stateful: boolean,
    private readonly resolveAfter: number,
    private readonly actionGroups: readonly string[],
  ) {}

  check(minute: number, results: ReadonlyMap<string, { met: boolean; value?: number }>): void {
    for (const [series, { met, value }] of results) {
      const state = this.firing.get(series);
      if (met) {
        if (!this.stateful || !state) this.events.push({ minute, time: timestampOf(minute), kind: 'fired', series, value, actionGroups: this.actionGroups });
        if (this.stateful) this.firing.set(series, { quiet: 0 });
      }
    }
    // A firing series that has no data or no longer meets the condition counts towards resolution.
    for (const [series, state] of this.firing) {
      if (results.get(series)?.met) continue;
      state.quiet++;
      if (state.quiet >= this.resolveAfter) {
        this.firing.delete(series);
        this.events.push({ minute, time: timestampOf(minute), kind: 'resolved', series, value: results.get(series)?.value, actionGroups: this.actionGroups });
      }
    }
  }
}
