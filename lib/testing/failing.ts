/**
 * Which findings make a test fail: unacknowledged ones at or above `failOn`, as `blockingFindings()`
 * decides for the CLI and the adapters; with `failOn: 'warning'`, stale acknowledgements too (the
 * CLI counts them as warnings).
 */
import { shapes, UsageError, type Severity } from '../index';

/** The lowest severity that fails an assertion. */
export type FailOn = Severity;

/** `failOn` read from assertion options: 'error' unless 'warning' is asked for; anything else is a usage error. */
export function readFailOn(value: unknown, caller: string): FailOn {
  if (value === undefined || value === 'error' || value === 'warning') return value ?? 'error';
  throw new UsageError([{ path: 'options.failOn', message: `expected "error" or "warning", got ${shapes.describe(value)}` }], `${caller}() options`);
}

/** Whether an unacknowledged entry of this severity fails a test at `failOn`. */
export function fails(severity: string, failOn: FailOn): boolean {
  return severity === 'fatal' || severity === 'error' || (failOn === 'warning' && severity === 'warning');
}
