/**
 * Azure Monitor log search alerts (scheduledQueryRules, kind LogAlert; "Log search alerts" and
 * "Create a log search alert rule", https://learn.microsoft.com/azure/azure-monitor/alerts/alerts-create-log-alert-rule):
 * every `evaluationFrequency` the query runs over the last `windowSize`; the result rows are split
 * by the criterion's dimensions and each series' `metricMeasureColumn` is aggregated with
 * `timeAggregation` and compared with the threshold. `failingPeriods`: the look-back is
 * `numberOfEvaluationPeriods` windows of `windowSize`, and the series alerts when at least
 * `minFailingPeriodsToAlert` of them fail.
 *
 * Ingestion delay: a row generated at t is queryable only from its `ingestedAt` ("Log data
 * ingestion time in Azure Monitor": resource logs usually arrive 3 to 10 minutes end to end,
 * https://learn.microsoft.com/azure/azure-monitor/logs/data-ingestion-time). Each check sees only
 * the rows ingested by then, so a row that lands after the window that should count it is never
 * counted by any check.
 *
 * KQL is not interpreted. The caller supplies each query's meaning as a small function
 * (`QuerySemantics`): the replay refuses a rule whose query has none, rather than guess.
 */
import type { LogRow, Telemetry } from '../telemetry';
import { alertInputError } from '../usage';
import { AlertStates, checksToResolve, type AlertReplay } from './alert-state';
import { aggregate, aggregation, compare, dimensionFilters, passes, seriesLabel, severity, timing } from './rule-inputs';

export type ResultRow = Readonly<Record<string, string | number>>;

/** The check a query runs in: `now` is the evaluation's minute (KQL `now()`), `from`–`to` its
 *  window (the rule's `windowSize` ending at `now`, or an earlier one for `failingPeriods`). */
export interface QueryWindow {
  /** Replay minute of the evaluation (KQL `now()`). */
  readonly now: number;
  /** First replay minute of the window (inclusive). */
  readonly from: number;
  /** Replay minute that ends the window (exclusive). */
  readonly to: number;
}

/**
 * One minute of a table folded once (`Telemetry.perMinute`): `fold` of the rows generated in `minute` and visible at the
 * check (none outside the window), kept under `name` once they are all ingested. For a query that sums each minute over
 * every partition: read each minute that way rather than all rows of a long window at every check.
 */
export type MinuteFold = <T>(table: string, name: string, minute: number, fold: (rows: readonly LogRow[]) => T) => T;

/** The rows of `table` generated in the check's window and visible at the check; given a span `[from, to)`, only those
 *  generated in it as well (a query judging 5 minutes of a 2-hour window reads those 5, not the whole window). */
export type RowsOf = (table: string, from?: number, to?: number) => readonly LogRow[];

/** What a query returns for one window, given the rows of a table generated in the window and
 *  visible at that check (`rowsOf`, or a minute at a time with `perMinute`, which `replayLogAlert` always passes). */
export type QuerySemantics = (rowsOf: RowsOf, window: QueryWindow, perMinute?: MinuteFold) => readonly ResultRow[];

/** `perMinute` read from `rowsOf` (nothing kept), for a meaning called without one. */
export function minuteFoldOf(rowsOf: RowsOf): MinuteFold {
  return (table, _name, minute, fold) => fold(rowsOf(table).filter((r) => Math.floor(r.timeGenerated) === minute));
}

/** Finds the semantics of a query text (exact text, or a recogniser); undefined: none registered. */
export type QueryRegistry = (query: string, ruleName: string) => QuerySemantics | undefined;

export function replayLogAlert(
  name: string,
  inputs: Record<string, unknown>,
  telemetry: Telemetry,
  actionGroups: readonly string[],
  queries: QueryRegistry,
): AlertReplay {
  const field = `ScheduledQueryRule ${name}`;
  const { windowMinutes, frequencyMinutes } = timing(inputs, field);
  const criteria = (inputs.criteria as { allOf?: unknown[] } | undefined)?.allOf;
  if (!Array.isArray(criteria) || criteria.length !== 1)
    throw alertInputError(`${field}.criteria.allOf`, 'the replay models rules with exactly one condition; give one criterion per rule');
  const c = criteria[0] as Record<string, unknown>;
  const where = `${field}.criteria.allOf[0]`;
  if (typeof c.query !== 'string') throw alertInputError(`${where}.query`, `expected the query text (resolved)`);
  const semantics = queries(c.query, name);
  if (!semantics)
    throw alertInputError(
      `${where}.query`,
      'no semantics registered for this query; the replay does not interpret KQL: pass skewguardQueries(containers) for the queries GuardedContainer creates, or register a function that returns the result rows of your own (docs/replay.md)',
    );
  if (typeof c.threshold !== 'number') throw alertInputError(`${where}.threshold`, `expected a number`);
  const measure = c.metricMeasureColumn;
  const agg = aggregation(c.timeAggregation, `${where}.timeAggregation`);
  if (agg !== 'Count' && typeof measure !== 'string')
    throw alertInputError(`${where}.metricMeasureColumn`, `required with ${agg}: name the column the query returns to aggregate, or use timeAggregation Count`);
  const test = compare(c.operator, `${where}.operator`);
  const filters = dimensionFilters(c.dimensions, `${where}.dimensions`);
  const failing = (c.failingPeriods ?? {}) as { numberOfEvaluationPeriods?: number; minFailingPeriodsToAlert?: number };
  const periods = failing.numberOfEvaluationPeriods ?? 1;
  const minFailing = failing.minFailingPeriodsToAlert ?? 1;
  if (!Number.isInteger(periods) || periods < 1 || !Number.isInteger(minFailing) || minFailing < 1 || minFailing > periods) {
    throw alertInputError(
      `${where}.failingPeriods`,
      `expected 1 ≤ minFailingPeriodsToAlert ≤ numberOfEvaluationPeriods, got ${JSON.stringify(c.failingPeriods)}`,
    );
  }
  const states = new AlertStates(inputs.autoMitigate !== false, checksToResolve('log', frequencyMinutes), actionGroups);
  for (let tick = frequencyMinutes; tick <= telemetry.minutes; tick += frequencyMinutes) {
    const failures = new Map<string, { count: number; value?: number }>();
    for (let p = 0; p < periods; p++) {
      const to = tick - p * windowMinutes;
      const from = to - windowMinutes;
      if (to <= 0) break;
      const start = Math.max(0, from);
      const perMinute: MinuteFold = (table, foldName, minute, fold) =>
        minute >= start && minute < to ? telemetry.perMinute(table, foldName, minute, tick, fold) : fold([]);
      const rowsOf: RowsOf = (table, spanFrom = start, spanTo = to) => telemetry.rows(table, Math.max(start, spanFrom), Math.min(to, spanTo), tick);
      const rows = semantics(rowsOf, { now: tick, from: start, to }, perMinute);
      const groups = new Map<string, ResultRow[]>();
      for (const row of rows) {
        if (!passes(filters, row)) continue;
        const label = seriesLabel(filters, row);
        groups.set(label, [...(groups.get(label) ?? []), row]);
      }
      for (const [label, group] of groups) {
        const values = group.map((r) => {
          const v = agg === 'Count' ? 1 : Number(r[measure as string]);
          if (!Number.isFinite(v))
            throw alertInputError(
              `${where}.metricMeasureColumn`,
              `the registered meaning of the query returned a row without a number in ${String(measure)}; make it return one in every row`,
            );
          return { total: v, count: 1, max: v, min: v };
        });
        const value = aggregate(agg, values) as number;
        const entry = failures.get(label) ?? { count: 0 };
        if (test(value, c.threshold)) entry.count++;
        if (p === 0) entry.value = value;
        failures.set(label, entry);
      }
    }
    states.check(tick, new Map([...failures].map(([label, f]) => [label, { met: f.count >= minFailing, value: f.value }])));
  }
  return { name, kind: 'log', severity: severity(inputs.severity, `${field}.severity`), events: states.events, inputs };
}
