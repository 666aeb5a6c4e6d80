/**
 * Page: an auto-scaled key space asked for more than its auto-scaling maximum, and throttled. Auto scaling
 * never provisions past the maximum, so these requests are refused for as long as the load stays: the on-call
 * raises the maximum or sheds load, and the failed-requests page's 20 of 40 minutes (which waits out auto scaling
 * catching a ramp) is too slow for that (review: 19 minutes after the first throttle of a surge to 1.4 × the maximum).
 *
 * A minute breaches when the key space had provisioned-capacity throttles and its consumed units plus its throttled
 * requests, a second, reached the maximum: what it was asked for would be throttled even at the maximum. Throttled
 * requests consume nothing ("DynamoDB metrics and dimensions": ConsumedWriteCapacityUnits counts consumed units,
 * WriteProvisionedThroughputThrottleEvents the requests over the provisioned capacity), so consumed + throttled is
 * the load asked, counted one unit a throttled request (a larger item is more: an undercount, so later, never falser).
 * Not `ProvisionedWriteCapacityUnits >= maximum`: that metric is published at five-minute intervals (same page), and
 * a surge from the minimum reaches the maximum only after several scaling steps (each at most 1 ÷ target of the
 * consumed capacity, https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/AutoScaling.html); replayed, a
 * jump to 1.4 × the maximum took 21 minutes to get there. A healthy ramp throttles while auto scaling catches up, but
 * never asks for more than the maximum where the maximum is above the peak (SG017 checks it), so it stays quiet.
 * What it assumes: a throttled request is counted once; a client retrying throttled requests at once counts each
 * attempt (an event per attempt), which can lift the sum past the maximum during a steep ramp (not replayed).
 */
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { numberText } from './alarm-text';
import type { SkewAlarm, SkewAlarmFactory } from './alarms';
import { consumedUnits, PERIOD, throttleEvents, type Direction, type KeySpaceRef } from './metrics';

/** 5 of the last 10 minutes, as a fixed table's failed-requests page: past the maximum in half the minutes pages,
 *  the 5th minute when steady; a minute or two past it (burst capacity covers up to 300 s) does not. */
export const PAST_MAXIMUM = { threshold: 1, evaluationPeriods: 10, datapointsToAlarm: 5 } as const;

/** One auto-scaled direction of one key space, with its maximum in units a second. */
export interface AutoScaledDirection {
  readonly space: KeySpaceRef;
  readonly direction: Direction;
  readonly maximum: number;
}

/** CloudWatch reads at most 10 metrics in an alarm's math expression: 2 for each direction. */
const DIRECTIONS_PER_ALARM = 5;

const AUTO_SCALING_DOC = 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/AutoScaling.html';

/** The page alarms of these auto-scaled directions (none when none is): one, or one per 5 directions. */
export function pastMaximumAlarms(factory: SkewAlarmFactory, idSuffix: string, directions: readonly AutoScaledDirection[]): SkewAlarm[] {
  const groups: AutoScaledDirection[][] = [];
  for (let i = 0; i < directions.length; i += DIRECTIONS_PER_ALARM) groups.push(directions.slice(i, i + DIRECTIONS_PER_ALARM));
  return groups.map((group, g) => {
    const usingMetrics: Record<string, cloudwatch.IMetric> = {};
    const terms = group.map(({ space, direction, maximum }, i) => {
      usingMetrics[`consumed${i}`] = consumedUnits(space, direction);
      usingMetrics[`throttled${i}`] = throttleEvents(space, 'Provisioned', direction);
      const [c, t] = [`FILL(consumed${i}, 0)`, `FILL(throttled${i}, 0)`];
      return `IF(${t} > 0 AND (${c} + ${t}) / PERIOD(consumed${i}) >= ${numberText(maximum)}, 1, 0)`;
    });
    const named = group.map(({ space, direction, maximum }) => `${space.indexName ?? 'table'} ${direction.toLowerCase()}s ${numberText(maximum, units)}`);
    return factory.create({
      id: `PastAutoScalingMaximum${idSuffix}${g === 0 ? '' : g + 1}`,
      tier: 'page',
      signal: 'past-maximum',
      index: group.every((d) => d.space.indexName !== undefined && d.space.indexName === group[0].space.indexName) ? group[0].space.indexName : undefined,
      metric: new cloudwatch.MathExpression({
        expression: terms.join(' + '),
        usingMetrics,
        period: PERIOD,
        label: 'directions past their auto-scaling maximum',
      }),
      threshold: PAST_MAXIMUM,
      title: `past its auto-scaling maximum${g === 0 ? '' : ` (${g + 1})`}`,
      meaning: `Consumed*CapacityUnits + *ProvisionedThroughputThrottleEvents a second at or above the auto-scaling maximum (${named.join(', ')}), with throttles: more is asked than auto scaling may provision, and the excess is refused`,
      action: "raise that maximum (maxCapacity, the scalable target's MaxCapacity) now, or shed the load: auto scaling adds nothing past it",
      doc: AUTO_SCALING_DOC,
    });
  });
}

const units = (value: number) => value.toLocaleString('en-US');
