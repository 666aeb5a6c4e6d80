/**
 * Burst shapes for replaying one alarm on hand-written telemetry (reviews 15 and 16): each says whether the failure
 * is on in a minute, counted from its first minute (BURST_START). Real failures: throttling in every other minute, or
 * in 3 minutes of 5, for hours. Noise: one minute in 10 (a lone spike), and a steady trickle under the line.
 */
import { replayAlarms, Telemetry, type CfnTemplate, type MetricId } from '../../../lib/testing/replay';

export const BURST_START = 30;
/** Six hours: the failure runs for 5.5 of them. */
export const BURST_MINUTES = 360;

export const SHAPES = {
  everyOtherMinute: (m: number) => m % 2 === 0,
  threeInFive: (m: number) => m % 5 < 3,
  oneInTen: (m: number) => m % 10 === 0,
  steady: () => true,
} as const;

/** The minutes (from BURST_START) at which the alarm whose name contains `alarm` went to ALARM, over BURST_MINUTES, with
 *  the failure `on` in the minutes its shape says; `write` writes each minute's telemetry. */
export function firesOn(
  template: CfnTemplate,
  alarm: string,
  shape: (minute: number) => boolean,
  write: (telemetry: Telemetry, minute: number, on: boolean) => void,
): number[] {
  const telemetry = new Telemetry(BURST_MINUTES);
  for (let m = 0; m < BURST_MINUTES; m++) write(telemetry, m, m >= BURST_START && shape(m - BURST_START));
  // Only that alarm: the others read metrics this telemetry does not hold.
  const named = Object.entries(template.Resources ?? {}).filter(([, r]) => String(r.Properties?.AlarmName).includes(alarm));
  if (named.length !== 1) throw new Error(`firesOn: ${named.length} alarms named like "${alarm}"`);
  const [replayed] = replayAlarms({ Resources: Object.fromEntries(named) }, telemetry);
  return replayed.changes.filter((c) => c.to === 'ALARM').map((c) => c.minute - BURST_START);
}

/** A DynamoDB metric of a table (`${Ref:<logical id>}`) or one of its GSIs. */
export function dynamoMetric(tableLogicalId: string, metricName: string, index?: string): MetricId {
  const dimensions: Record<string, string> = { TableName: `\${Ref:${tableLogicalId}}` };
  if (index) dimensions.GlobalSecondaryIndexName = index;
  return { namespace: 'AWS/DynamoDB', metricName, dimensions };
}

/** `template` with the alarm named like `alarm` given other properties: the alarm as an earlier release made it. */
export function withAlarm(template: CfnTemplate, alarm: string, properties: Record<string, unknown>): CfnTemplate {
  const copy = JSON.parse(JSON.stringify(template)) as CfnTemplate;
  const found = Object.values(copy.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes(alarm));
  if (!found?.Properties) throw new Error(`withAlarm: no alarm named like "${alarm}"`);
  Object.assign(found.Properties, properties);
  return copy;
}
