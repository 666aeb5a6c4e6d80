/**
 * The minute in which an auto-scaled direction counts as at its auto-scaling maximum: its consumed capacity units a
 * second (`Consumed*CapacityUnits`, the one-minute Sum ÷ the period: "DynamoDB metrics and dimensions") at 90% or more
 * of the maximum. One text for the two alarms that read it, so they never disagree on a minute: the at-maximum page
 * (./at-maximum-alarm.ts) breaches there when the direction also throttles, and the failed-requests page (./alarms.ts)
 * leaves out that direction's provisioned-capacity throttles there, which the at-maximum page owns.
 */
import { numberText } from './alarm-text';
import type { Direction, KeySpaceRef } from './metrics';

/** The share of the maximum consumed a second from which a throttled key space is at its maximum (./at-maximum-alarm.ts
 *  says why 90%, not 100%). */
export const AT_MAXIMUM = 0.9;

/** The condition, in metric math over the direction's `Consumed*CapacityUnits` (Sum, one minute) named `consumedId`. */
export const atMaximum = (consumedId: string, maximum: number): string =>
  `FILL(${consumedId}, 0) / PERIOD(${consumedId}) >= ${AT_MAXIMUM} * ${numberText(maximum)}`;

/** An auto-scaled direction and its maximum as both alarms' descriptions name it: `table writes 4,500`. */
export const atMaximumName = (space: KeySpaceRef, direction: Direction, maximum: number): string =>
  `${space.indexName ?? 'table'} ${direction.toLowerCase()}s ${numberText(maximum, (value) => value.toLocaleString('en-US'))}`;
