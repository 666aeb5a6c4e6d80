/**
 * Reading alert-rule resource inputs (Microsoft.Insights/metricAlerts 2018-03-01 and
 * scheduledQueryRules 2023-03-15-preview, as @pulumi/azure-native sends them) with errors that name
 * the field, and the operator / aggregation vocabulary both rule types share.
 */
import { isoMinutes } from '../time';
import { alertInputError } from '../usage';

export type Operator = 'GreaterThan' | 'GreaterThanOrEqual' | 'LessThan' | 'LessThanOrEqual' | 'Equals';
const OPERATORS: Record<Operator, (v: number, t: number) => boolean> = {
  GreaterThan: (v, t) => v > t,
  GreaterThanOrEqual: (v, t) => v >= t,
  LessThan: (v, t) => v < t,
  LessThanOrEqual: (v, t) => v <= t,
  Equals: (v, t) => v === t,
};

export function compare(operator: unknown, field: string): (v: number, t: number) => boolean {
  if (typeof operator !== 'string' || !(operator in OPERATORS)) {
    throw alertInputError(
      field,
      `expected one of ${Object.keys(OPERATORS).join(', ')} (Azure's words; "gt" belongs to another API), got ${JSON.stringify(operator)}`,
    );
  }
  return OPERATORS[operator as Operator];
}

export type Aggregation = 'Average' | 'Minimum' | 'Maximum' | 'Total' | 'Count';
export const AGGREGATIONS: readonly Aggregation[] = ['Average', 'Minimum', 'Maximum', 'Total', 'Count'];

export function aggregation(value: unknown, field: string): Aggregation {
  if (!AGGREGATIONS.includes(value as Aggregation)) throw alertInputError(field, `expected one of ${AGGREGATIONS.join(', ')}, got ${JSON.stringify(value)}`);
  return value as Aggregation;
}

export interface DimensionFilter {
  readonly name: string;
  readonly operator: 'Include' | 'Exclude';
  readonly values: readonly string[];
}

export function dimensionFilters(value: unknown, field: string): DimensionFilter[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw alertInputError(field, `expected a list of { name, operator, values }`);
  return value.map((d: Record<string, unknown>, i) => {
    const where = `${field}[${i}]`;
    if (typeof d?.name !== 'string') throw alertInputError(`${where}.name`, `expected a dimension name`);
    if (d.operator !== 'Include' && d.operator !== 'Exclude')
      throw alertInputError(`${where}.operator`, `expected Include or Exclude, got ${JSON.stringify(d.operator)}`);
    if (!Array.isArray(d.values) || d.values.some((v) => typeof v !== 'string'))
      throw alertInputError(`${where}.values`, `expected a list of strings (resolved values, not Outputs)`);
    return { name: d.name, operator: d.operator, values: d.values as string[] };
  });
}

/** Whether a series' dimension values pass the filters. */
export function passes(filters: readonly DimensionFilter[], dims: Readonly<Record<string, string | number>>): boolean {
  return filters.every((f) => {
    const v = dims[f.name];
    if (f.values.includes('*')) return f.operator === 'Include' ? v !== undefined : false;
    const hit = v !== undefined && f.values.includes(String(v));
    return f.operator === 'Include' ? hit : !hit;
  });
}

/** The series label a split makes: the values of every filtered dimension (`(all)` without one). */
export function seriesLabel(filters: readonly DimensionFilter[], dims: Readonly<Record<string, string | number>>): string {
  const parts = filters.filter((f) => f.operator === 'Include').map((f) => `${f.name}=${dims[f.name]}`);
  return parts.length === 0 ? '(all)' : parts.join(',');
}

export function timing(inputs: Record<string, unknown>, field: string): { windowMinutes: number; frequencyMinutes: number } {
  const windowMinutes = isoMinutes(inputs.windowSize, `${field}.windowSize`);
  const frequencyMinutes = isoMinutes(inputs.evaluationFrequency, `${field}.evaluationFrequency`);
  if (frequencyMinutes > windowMinutes)
    throw alertInputError(
      `${field}.evaluationFrequency`,
      `${String(inputs.evaluationFrequency)} is longer than windowSize ${String(inputs.windowSize)}; give an evaluationFrequency no longer than windowSize`,
    );
  return { windowMinutes, frequencyMinutes };
}

export function severity(value: unknown, field: string): number {
  if (value === undefined) return 3;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 4)
    throw alertInputError(field, `expected 0 to 4, got ${JSON.stringify(value)}`);
  return value;
}

export function aggregate(kind: Aggregation, values: readonly { total: number; count: number; max: number; min: number }[]): number | undefined {
  if (values.length === 0) return undefined;
  switch (kind) {
    case 'Maximum':
      return Math.max(...values.map((v) => v.max));
    case 'Minimum':
      return Math.min(...values.map((v) => v.min));
    case 'Total':
      return values.reduce((s, v) => s + v.total, 0);
    case 'Count':
      return values.reduce((s, v) => s + v.count, 0);
    case 'Average': {
      const count = values.reduce((s, v) => s + v.count, 0);
      return count === 0 ? undefined : values.reduce((s, v) => s + v.total, 0) / count;
    }
  }
}
