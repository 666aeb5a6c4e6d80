/**
 * DynamoDB auto scaling (target tracking) of one direction of a provisioned table, minute by minute.
 * Doc facts it encodes ("DynamoDB metrics and dimensions",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html):
 * - "Auto scaling triggers when your consumed capacity breaches the configured target utilization for
 *   two consecutive minutes. CloudWatch alarms might have a short delay of up to a few minutes before
 *   triggering auto scaling";
 * - "a scale down event can occur when 15 consecutive data points are lower than the target
 *   utilization" (the scale-in alarm's threshold is 20 points below the target);
 * - "after auto scaling triggers, the UpdateTable API is invoked. It then takes several minutes to
 *   update the provisioned capacity … During this period, any requests that exceed the previous
 *   provisioned capacity of the tables are throttled";
 * - target tracking sizes the capacity so that consumed ÷ provisioned meets the target: from the
 *   *consumed* capacity, which throttled requests are not, so a table throttled at its provisioned
 *   capacity grows by at most 1 ÷ target per step
 *   (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/AutoScaling.html);
 * - decreases are rationed: after the first 4 of a day, one per hour ("Service, account, and table
 *   quotas", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html).
 * AWS itself says not to rely on auto scaling for short spikes
 * (https://repost.aws/knowledge-center/dynamodb-auto-scaling: "increases provisioned capacity when
 * utilization exceeds 70 RCUs for at least 2 consecutive minutes", "decreases provisioned capacity
 * when utilization is 20% or more below the target for 15 consecutive minutes").
 * The replay starts mid-life, not at deployment: an auto-scaled direction starts at the capacity target
 * tracking holds for the load of minute 0 (that load ÷ target, within the minimum and the maximum), as
 * on a table that has run this workload before. A steady load settles anywhere between ÷ target and
 * ÷ (target − 20 points), since only a drop past the scale-in line shrinks it; ÷ target is the least of
 * those, so later ramps meet the least headroom the real table could have.
 * Assumptions (stated, not documented): the "short delay" of the alarm is 2 minutes and UpdateTable
 * takes 3, so a new capacity applies 5 minutes after the minute that completed the trigger
 * (`delayMinutes`, to check how a conclusion depends on it); one scaling activity at a time, each
 * trigger counted afresh after it applies; at most one decrease an hour.
 */

export interface AutoScalingPolicy {
  /** The auto scaling maximum, units/s. */
  readonly max: number;
  /** Target utilization in percent. @default 70 (Capacity.autoscaled's default) */
  readonly targetUtilizationPercent?: number;
}

/** Minutes from the minute that completes a trigger to the new capacity: alarm delay 2 + UpdateTable 3. */
export const DEFAULT_SCALING_DELAY_MINUTES = 2 + 3;
const TRIGGER_MINUTES = 2;
const SCALE_IN_MINUTES = 15;
const SCALE_IN_MARGIN_PERCENT = 20;
const MINUTES_BETWEEN_DECREASES = 60;

/** The provisioned capacity of one direction over time; fixed when `policy` is undefined. */
export class ScaledCapacity {
  private current: number;
  private pending?: { readonly at: number; readonly units: number };
  private above = 0;
  private below = 0;
  private lastDecrease = -Infinity;

  constructor(
    /** The fixed capacity, or the auto scaling minimum. */
    private readonly min: number,
    private readonly policy: AutoScalingPolicy | undefined,
    private readonly delayMinutes = DEFAULT_SCALING_DELAY_MINUTES,
    /** Units/s consumed at minute 0: an auto-scaled capacity starts where target tracking holds it for them. */
    startingLoad = 0,
  ) {
    this.current = policy ? this.clamped(startingLoad / this.target()) : min;
  }

  private target(): number {
    return (this.policy?.targetUtilizationPercent ?? 70) / 100;
  }

  /** Target tracking's capacity for `units`, rounded up, within the minimum and the maximum (the minimum wins a conflict). */
  private clamped(units: number): number {
    return Math.max(this.min, Math.min(this.policy?.max ?? this.min, Math.ceil(units)));
  }

  /** The provisioned units/s in effect during `minute` (a pending update that is due applies first). */
  at(minute: number): number {
    if (this.pending && minute >= this.pending.at) {
      this.current = this.pending.units;
      this.pending = undefined;
      this.above = 0;
      this.below = 0;
    }
    return this.current;
  }

  /** Feeds the units/s consumed in `minute` (after `at(minute)`): may start a scaling activity. */
  observe(minute: number, consumed: number): void {
    if (!this.policy) return;
    const target = this.target();
    this.above = consumed > target * this.current ? this.above + 1 : 0;
    this.below = consumed < target * this.current - (SCALE_IN_MARGIN_PERCENT / 100) * this.current ? this.below + 1 : 0;
    if (this.pending) return;
    const desired = Math.ceil(consumed / target);
    if (this.above >= TRIGGER_MINUTES && desired > this.current && this.current < this.policy.max) {
      this.pending = { at: minute + 1 + this.delayMinutes, units: Math.min(this.policy.max, desired) };
    } else if (this.below >= SCALE_IN_MINUTES && minute - this.lastDecrease >= MINUTES_BETWEEN_DECREASES && this.current > this.min) {
      this.pending = { at: minute + 1 + this.delayMinutes, units: Math.max(this.min, desired) };
      this.lastDecrease = minute;
    }
  }
}
