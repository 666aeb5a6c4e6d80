/**
 * Azure Monitor metric alerts with static thresholds ("Metric alerts",
 * https://learn.microsoft.com/azure/azure-monitor/alerts/alerts-types#metric-alerts, and
 * "Understand how metric alerts work"): every `evaluationFrequency` the rule aggregates the last
 * `windowSize` of each monitored time series with `timeAggregation` and compares it with the
 * threshold. A dimension given as `*` (or with several values) splits the rule into one time series
 * per value, each alerting on its own; a dimension with one value filters; dimensions not named
 * are aggregated together. All criteria (`allOf`) must be met by the same series.
 * Assumption: platform metrics are queryable at the check that follows their minute (Azure says
 * under a minute); dynamic thresholds are not modelled (an error).
 */
import type { Datapoint, Telemetry } from '../telemetry';
import { alertInputError } from '../usage';
import { AlertStates, checksToResolve, type AlertReplay } from './alert-state';
import { aggregate, aggregation, compare, dimensionFilters, passes, seriesLabel, severity, timing } from './rule-inputs';

/** The dimension that holds the ARM id of the resource a metric belongs to (a metric alert's scope). */
export const SCOPE_DIMENSION = '$scope';

export function replayMetricAlert(name: string, inputs: Record<string, unknown>, telemetry: Telemetry, actionGroups: readonly string[]): AlertReplay {
  const field = `MetricAlert ${name}`;
  const { windowMinutes, frequencyMinutes } = timing(inputs, field);
  const scopes = inputs.scopes;
  if (!Array.isArray(scopes) || scopes.length === 0 || scopes.some((s) => typeof s !== 'string'))
    throw alertInputError(`${field}.scopes`, `expected resolved resource ids`);
  const criteria = (inputs.criteria as { allOf?: unknown[]; odataType?: string } | undefined)?.allOf;
  if (!Array.isArray(criteria) || criteria.length === 0) throw alertInputError(`${field}.criteria.allOf`, `expected at least one criterion`);
  const parsed = (criteria as Record<string, unknown>[]).map((c, i) => {
    const where = `${field}.criteria.allOf[${i}]`;
    if (c.criterionType !== 'StaticThresholdCriterion')
      throw alertInputError(
        `${where}.criterionType`,
        `the replay models StaticThresholdCriterion only (dynamic thresholds are not replayed), got ${JSON.stringify(c.criterionType)}`,
      );
    if (typeof c.metricName !== 'string') throw alertInputError(`${where}.metricName`, `expected a metric name`);
    if (typeof c.threshold !== 'number') throw alertInputError(`${where}.threshold`, `expected a number, got ${JSON.stringify(c.threshold)}`);
    return {
      namespace: typeof c.metricNamespace === 'string' ? c.metricNamespace : undefined,
      metricName: c.metricName,
      aggregation: aggregation(c.timeAggregation, `${where}.timeAggregation`),
      compare: compare(c.operator, `${where}.operator`),
      threshold: c.threshold,
      filters: dimensionFilters(c.dimensions, `${where}.dimensions`),
    };
  });
  const states = new AlertStates(inputs.autoMitigate !== false, checksToResolve('metric', frequencyMinutes), actionGroups);
  // The series each criterion watches, by label: which metrics match does not change from one check to the next.
  const watched = parsed.map((criterion) => {
    const groups = new Map<string, (readonly (Datapoint | undefined)[])[]>();
    for (const id of telemetry.metricIds()) {
      if (id.metricName !== criterion.metricName || (criterion.namespace && id.namespace !== criterion.namespace)) continue;
      if (!scopes.includes(id.dimensions[SCOPE_DIMENSION]) || !passes(criterion.filters, id.dimensions)) continue;
      const label = seriesLabel(criterion.filters, id.dimensions);
      groups.set(label, [...(groups.get(label) ?? []), telemetry.series(id)]);
    }
    return groups;
  });
  for (let tick = frequencyMinutes; tick <= telemetry.minutes; tick += frequencyMinutes) {
    const from = Math.max(0, tick - windowMinutes);
    const perCriterion = parsed.map((criterion, i) => {
      const results = new Map<string, { met: boolean; value?: number }>();
      for (const [label, series] of watched[i]) {
        // The window's datapoints of every series of the label, as one statistic set (what `aggregate` reads of them).
        const window = { total: 0, count: 0, max: -Infinity, min: Infinity };
        let points = 0;
        for (const s of series) {
          for (let m = from; m < tick; m++) {
            const p = s[m];
            if (p === undefined) continue;
            points++;
            window.total += p.sum;
            window.count += p.count;
            window.max = Math.max(window.max, p.max);
            window.min = Math.min(window.min, p.min);
          }
        }
        const value = points === 0 ? undefined : aggregate(criterion.aggregation, [window]);
        results.set(label, { met: value !== undefined && criterion.compare(value, criterion.threshold), value });
      }
      return results;
    });
    const results = new Map<string, { met: boolean; value?: number }>();
    for (const label of new Set(perCriterion.flatMap((m) => [...m.keys()]))) {
      const all = perCriterion.map((m) => m.get(label));
      results.set(label, { met: all.every((r) => r?.met === true), value: all[0]?.value });
    }
    states.check(tick, results);
  }
  return { name, kind: 'metric', severity: severity(inputs.severity, `${field}.severity`), events: states.events, inputs };
}
