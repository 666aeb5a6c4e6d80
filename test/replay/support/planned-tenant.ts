/**
 * A declared hot first-level value (a whale tenant) at its planned load in a healthy week, with the minute-to-minute
 * noise real traffic has around a plan: each minute ±10% (uniform, seeded), so a line drawn on the plan itself is
 * crossed in half its minutes, and the 3-of-5-minutes alerts judge what a real peak looks like, not a flat plan.
 */
import { healthyCosmosWeek, type ContainerModel, type CosmosContainerProfile, type Scenario } from '../../../lib/testing/replay';
import { Random } from '../../../lib/testing/replay/random';
import { rangesOf } from '../../../lib/testing/replay/scenarios/cosmos-model';
import { PLANNED_PEAK } from '../../../lib/testing/replay/scenarios/dynamodb-scenarios';
import { diurnal } from '../../../lib/testing/replay/scenarios/load';

/** The jitter around a plan: ±10% each minute. */
export const PLAN_JITTER = 0.1;

export interface PlannedTenant {
  /** The tenant's planned RU/s at the container's planned peak (the design's share × its peak). */
  readonly plannedRu: number;
  /** The physical partitions (replay ranges) its data spans, from 0. */
  readonly ranges: number;
  /** The share of its partitions' storage its data holds (its GB ÷ 50 GB per partition spanned): the other values' data,
   *  so their load, is only on the rest. @default 0 */
  readonly holds?: number;
  /** Each minute's load × 1 ± up to this; 0 for a flat plan. @default PLAN_JITTER */
  readonly jitter?: number;
}

/**
 * `healthyCosmosWeek(profiles, seed)` with `tenant` in `container`: 0.6 of its plan at 19:00 on ordinary days (`diurnal`,
 * as the rest of the container), all of it in the planned peak, spread over 30 keys on its ranges, times one jitter
 * factor a minute. `profiles` carry the rest of the container's load (their peakRu without the tenant's). The replay
 * spreads that load evenly over the ranges; on the tenant's ranges the design puts it only on the room the tenant's data
 * leaves (`holds`, as SG003 counts its neighbours there), so the share it displaces is taken off those ranges by one
 * key of negative RU/s (the model adds each key's RU/s to its range, and logs only positive ones).
 */
export function weekWithPlannedTenant(
  profiles: Record<string, CosmosContainerProfile>,
  container: string,
  tenant: PlannedTenant,
  seed: number,
): Scenario<ContainerModel> {
  const week = healthyCosmosWeek(profiles, seed);
  const { start, minutes } = PLANNED_PEAK;
  const share = (m: number) => (m >= start && m < start + minutes ? Math.max(0.6 * diurnal(m), Math.min(1, (m - start + 1) / 10)) : 0.6 * diurnal(m));
  const rng = new Random(seed * 7919);
  const amplitude = tenant.jitter ?? PLAN_JITTER;
  const jitter = Float64Array.from({ length: week.days * 1440 }, () => 1 + amplitude * (2 * rng.next() - 1));
  // Few keys, each far under any key line (at most 215 RU/s here, against 595 and above): the tenant's value is their sum.
  // Each logged key is a row a minute the replay writes and every query reads (300 made a week's replay take seconds).
  const keys = 30;
  const hotKeys = Array.from({ length: keys }, (_, i) => ({
    key: `["whale","k-${i}"]`,
    range: i % tenant.ranges,
    ru: (m: number) => (tenant.plannedRu * share(m) * jitter[m]) / keys,
  }));
  const model = week.models[container];
  const ranges = rangesOf(model);
  const displaced = Array.from({ length: tenant.ranges }, (_, range) => ({
    key: `["displaced-${range}"]`,
    range,
    ru: (m: number) => (-(tenant.holds ?? 0) * model.ru(m)) / ranges,
  }));
  return { ...week, models: { ...week.models, [container]: { ...model, hotKeys: [...hotKeys, ...displaced] } } };
}
