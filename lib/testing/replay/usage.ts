/**
 * The replay's bad arguments in skewguard's one error vocabulary (lib/design/errors.ts): each is a
 * `UsageError` whose issue names the field as the caller wrote it (`seed`,
 * `Resources.Alarm.Properties.Period`, `ScheduledQueryRule hotKey.criteria.allOf[0].query`) and says
 * what to give instead. None is a `DesignError`: the replay reads templates, resource inputs and its
 * own options, not a design.
 */
import { UsageError } from '../../index';

/** A wrong argument of `fn` (`replayStack()`, `new Telemetry()`), at `path`. */
export function argumentError(fn: string, path: string, message: string): UsageError {
  return new UsageError([{ path, message }], `${fn} arguments`);
}

/** A CloudWatch alarm of the replayed template that the replay cannot read or model, at `Resources.<id>.Properties…`. */
export function alarmInputError(path: string, message: string): UsageError {
  return new UsageError([{ path, message }], 'alarm replay input');
}

/** An Azure Monitor alert rule the replay cannot read or model, at `MetricAlert <name>…` or `ScheduledQueryRule <name>…`. */
export function alertInputError(path: string, message: string): UsageError {
  return new UsageError([{ path, message }], 'alert replay input');
}
