/**
 * Page: an auto-scaled key space at its auto-scaling maximum, and throttled. Auto scaling never provisions past the
 * maximum, so its requests are refused for as long as the load stays: the on-call raises the maximum or sheds load,
 * and the failed-requests page's 20 of 40 minutes (which waits out auto scaling catching a ramp) is too slow for that
 * (it paged 19 minutes after the first throttle of writes at 1.4 × the maximum).
 *
 * A minute breaches when the key space had provisioned-capacity throttles while consuming at least 90% of its maximum a
 * second. Consumed capacity cannot pass the provisioned capacity for long (only burst credit, at most 300 s of it,
 * https://repost.aws/knowledge-center/dynamodb-spiky-workloads-short-intervals), so that is a table provisioned at or
 * within a step of its maximum and still refusing requests; a throttled table's next step there sizes to consumed ÷
 * target, past the maximum (AutoScaling.html). 90%, not 100%: requests a hot partition throttles consume nothing
 * either (replayed at its maximum of 4,500 WCU/s, a table consumed 4,451). A launch ramp throttles while capacity is
 * far below the maximum, and stays quiet.
 * Why not the others (replayed, test/replay/past-auto-scaling-maximum.test.ts):
 * - consumed + throttled requests a second at the maximum (the load asked) paged a jump past the maximum 4 minutes
 *   after the first throttle, but an SDK retries a throttled request (each attempt an event, "DynamoDB metrics and
 *   dimensions"), and at 3 attempts a request it paged the planned peak's ramp and a launch from the minimum;
 * - `ProvisionedWriteCapacityUnits` at the maximum: DynamoDB publishes it at five-minute intervals (same page).
 * A jump from the minimum pages once auto scaling has walked up to the maximum (replayed: 17 minutes after the first
 * throttle, each step at most 1 ÷ target of the consumed capacity); a rise that auto scaling follows, 4.
 * This page owns a direction's throttles at its maximum: the failed-requests page (./alarms.ts) leaves that direction's
 * provisioned-capacity throttles out of the minutes this page counts it at its maximum (./at-maximum-condition.ts), so
 * one capacity event pages once (replayed: it paged twice, this page and the failed-requests page 19 minutes after the
 * first throttle).
 */
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { MAX_ALARM_METRICS, type SkewAlarm, type SkewAlarmFactory } from './alarms';
import { AT_MAXIMUM, atMaximum, atMaximumName } from './at-maximum-condition';
import { consumedUnits, PERIOD, throttleEvents, type Direction, type KeySpaceRef } from './metrics';

/** 5 of the last 10 minutes, as a fixed table's failed-requests page: throttled at the maximum in half the minutes
 *  pages, in the 5th minute when steady; a minute or two (a spike burst credit nearly covers) does not. */
const AT_MAXIMUM_EVALUATION = { threshold: 1, evaluationPeriods: 10, datapointsToAlarm: 5 } as const;

/** One auto-scaled direction of one key space, with its maximum in units a second. */
export interface AutoScaledDirection {
  readonly space: KeySpaceRef;
  readonly direction: Direction;
  readonly maximum: number;
}

/** CloudWatch reads at most 10 metrics in an alarm's math expression: 2 for each direction. */
const DIRECTIONS_PER_ALARM = MAX_ALARM_METRICS / 2;

const AUTO_SCALING_DOC = 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/AutoScaling.html';

/** The page alarms of these auto-scaled directions (none when none is): one, or one per 5 directions. */
export function atMaximumAlarms(factory: SkewAlarmFactory, idSuffix: string, directions: readonly AutoScaledDirection[]): SkewAlarm[] {
  const groups: AutoScaledDirection[][] = [];
  for (let i = 0; i < directions.length; i += DIRECTIONS_PER_ALARM) groups.push(directions.slice(i, i + DIRECTIONS_PER_ALARM));
  return groups.map((group, g) => {
    const usingMetrics: Record<string, cloudwatch.IMetric> = {};
    const terms = group.map(({ space, direction, maximum }, i) => {
      usingMetrics[`consumed${i}`] = consumedUnits(space, direction);
      usingMetrics[`throttled${i}`] = throttleEvents(space, 'Provisioned', direction);
      return `IF(FILL(throttled${i}, 0) > 0 AND ${atMaximum(`consumed${i}`, maximum)}, 1, 0)`;
    });
    const named = group.map(({ space, direction, maximum }) => atMaximumName(space, direction, maximum));
    return factory.create({
      id: `AtAutoScalingMaximum${idSuffix}${g === 0 ? '' : g + 1}`,
      tier: 'page',
      signal: 'at-maximum',
      index: group.every((d) => d.space.indexName !== undefined && d.space.indexName === group[0].space.indexName) ? group[0].space.indexName : undefined,
      metric: new cloudwatch.MathExpression({
        expression: terms.join(' + '),
        usingMetrics,
        period: PERIOD,
        label: 'directions throttled at their auto-scaling maximum',
      }),
      threshold: AT_MAXIMUM_EVALUATION,
      title: `throttled at its auto-scaling maximum${g === 0 ? '' : ` (${g + 1})`}`,
      meaning:
        `*ProvisionedThroughputThrottleEvents (requests over the provisioned capacity) while Consumed*CapacityUnits a second (the minute's Sum ÷ 60) ` +
        `is at ${AT_MAXIMUM * 100}%+ of the auto-scaling maximum (${named.join(', ')}): at its maximum and refusing requests; auto scaling adds nothing past it. ` +
        'This page owns those throttles: the failed-requests page leaves them out in those minutes',
      action: "raise that maximum (maxCapacity, the scalable target's MaxCapacity) now, or shed the load",
      doc: AUTO_SCALING_DOC,
    });
  });
}
