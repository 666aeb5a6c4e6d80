/**
 * A key space that production saturated: it served all it could, and throttled the rest. What was
 * consumed is then what was served, not what was asked: the observed peak is a floor of the demand,
 * and the demand itself is unknown. Such a peak is never written as the design's peak (drift.ts), and
 * the key space is an error that stays until an export shows it below its ceiling (review 11: a
 * container with every partition-key range at 100% for 20 minutes passed with a warning once
 * `--update` had written the 49,000 RU/s it was capped at).
 *
 * - Cosmos DB: every partition-key range at 100% NormalizedRUConsumption in SATURATED_MINUTES minutes
 *   or more. "When the normalized RU consumption reaches 100% for a given partition key range, and a
 *   client still makes requests in that time window of 1 second to that specific partition key range,
 *   it receives a rate limited error (429)"
 *   (https://learn.microsoft.com/azure/cosmos-db/monitor-normalized-request-units); a request beyond
 *   the provisioned RU/s (the autoscale maximum) in any second gets a 429
 *   (https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large). One range
 *   at 100% is one hot partition (SG003's case); one minute at 100% is a one-second burst, which Azure
 *   calls healthy while 429s stay at 1–5% of requests. Every range, minute after minute, is a
 *   container short of RU/s.
 * - DynamoDB: events throttled at the key space's own ceiling in a direction (ProvisionedThroughputThrottleEvents,
 *   or MaxOnDemandThroughputThrottleEvents for an on-demand maximum; not the key-range events, a hot key's) while the
 *   consumed units reached SATURATED_SHARE of the declared ceiling (provisioned units, the auto-scaling
 *   maximum, the on-demand maximum): "Consumption exceeds the provisioned capacity units" / "the
 *   maximum throughput", and requests beyond it are throttled
 *   (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling.html,
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling-cloudwatch.html).
 *   A per-minute average at 90% of a per-second ceiling, with throttles, is that ceiling reached.
 */
import type { CapacityCeiling, Finding } from '../../index';
import { fieldPath, finding, show, type KeySpaceTarget } from './drift';
import type { Figure, Observation } from './figures';

/** Minutes with every partition-key range at 100% that make a Cosmos DB container saturated. */
export const SATURATED_MINUTES = 5;
/** The share of a DynamoDB ceiling at which, with throttle events, the ceiling counts as reached. */
export const SATURATED_SHARE = 0.9;

export type PeakField = 'peakReadUnits' | 'peakWriteUnits';

export interface Saturation {
  /** The peaks that are floors of the demand: never lowered against, never written. */
  readonly floors: readonly PeakField[];
  readonly finding: Finding;
}

const FIX =
  'raise the ceiling now (the throughput, or the capacity, named in the message) so that the throttling stops, then observe again: only a window in which it stayed below its ceiling measures the demand, and `observe --update` writes that peak';

function cosmosSaturation(target: KeySpaceTarget, observation: Observation, window: string): Saturation | undefined {
  const { design } = target;
  const nru = observation.figures.normalizedRuPercent;
  if (design.engine !== 'cosmosdb' || !nru || (nru.minutesAllAtBudget ?? 0) < SATURATED_MINUTES) return undefined;
  const { peakTotalUnits: consumed, peakReadUnits, peakWriteUnits } = observation.figures;
  const ceiling = design.throughput?.requestUnits;
  const path = fieldPath(target.location, design.throughput?.path ?? 'throughput');
  const floors: PeakField[] = [...(peakReadUnits ? ['peakReadUnits' as const] : []), ...(peakWriteUnits ? ['peakWriteUnits' as const] : [])];
  const { peakReadUnits: reads, peakWriteUnits: writes } = target.keySpace.workload;
  const declared =
    consumed && reads + writes < consumed.value
      ? `; the design's peaks (${show(reads)} + ${show(writes)} = ${show(reads + writes)} RU/s) are below even that floor`
      : '';
  const served = consumed
    ? `; it served at least ${show(consumed.value)} RU/s at its busiest ${consumed.averagedOverSeconds ?? 60} s (${consumed.derivation})${ceiling ? `, against the ${show(ceiling)} RU/s declared at ${path}` : ''}${declared}`
    : '';
  const message = `${target.design.name} is saturated and throttling: every partition-key range stood at 100% NormalizedRUConsumption in ${show(nru.minutesAllAtBudget ?? 0)} of the ${show(nru.minutes ?? 0)} minutes of the ${window} window, and a request beyond a range's budget in a second is rate-limited (429)${served}. What was consumed is what was served, capped by the throttling: the observed peaks are a floor of the demand, which is unknown, so they are not written as the design's peaks`;
  return {
    floors,
    finding: finding(target, 'saturated', 'error', path, message, FIX, {
      field: 'throughput',
      minutesAllAtBudget: nru.minutesAllAtBudget ?? 0,
      minutes: nru.minutes ?? 0,
      ...(consumed ? { observed: consumed.value, bound: 'lower' } : {}),
      ...(ceiling ? { declared: ceiling } : {}),
      window,
    }),
  };
}

/** The events throttled at a ceiling of this kind: a key range's throttles are a hot key's (SG003), not the ceiling's. */
function ceilingThrottles(ceiling: CapacityCeiling | undefined, provisioned: Figure | undefined, onDemandMax: Figure | undefined): number {
  if (!ceiling) return 0;
  return (ceiling.source === 'on-demand-maximum' ? onDemandMax : provisioned)?.value ?? 0;
}

function dynamoSaturation(target: KeySpaceTarget, observation: Observation, window: string): Saturation | undefined {
  const { design, keySpace } = target;
  if (design.engine !== 'dynamodb') return undefined;
  const capacity = design.capacity.find((c) => c.index === keySpace.index);
  const f = observation.figures;
  const directions = [
    {
      field: 'peakReadUnits',
      unit: 'RCU',
      consumed: f.peakReadUnits,
      ceiling: capacity?.read,
      throttles: ceilingThrottles(capacity?.read, f.readProvisionedThrottles, f.readOnDemandMaxThrottles),
    },
    {
      field: 'peakWriteUnits',
      unit: 'WCU',
      consumed: f.peakWriteUnits,
      ceiling: capacity?.write,
      throttles: ceilingThrottles(capacity?.write, f.writeProvisionedThrottles, f.writeOnDemandMaxThrottles),
    },
  ] as const;
  const saturated = directions.filter((d) => d.consumed && d.ceiling && d.throttles > 0 && d.consumed.value >= d.ceiling.units * SATURATED_SHARE);
  if (saturated.length === 0) return undefined;
  const first = saturated[0].ceiling;
  const parts = saturated.map(
    (d) =>
      `${show(d.throttles)} ${d.unit === 'RCU' ? 'read' : 'write'} events throttled at the ceiling while it consumed ${show(d.consumed?.value ?? 0)} ${d.unit}/s (${d.consumed?.derivation}), ${show(Math.round(((d.consumed?.value ?? 0) / (d.ceiling?.units ?? 1)) * 100))}% of the ${show(d.ceiling?.units ?? 0)} ${d.unit} declared at ${fieldPath(target.location, d.ceiling?.path ?? '')}`,
  );
  const label = `${design.name}${keySpace.index ? `/${keySpace.index}` : ''}`;
  const message = `${label} is saturated and throttling in the ${window} window: ${parts.join('; ')}. What was consumed is what was served, capped at the ceiling: the observed ${saturated.map((d) => (d.unit === 'RCU' ? 'read' : 'write')).join(' and ')} peak is a floor of the demand, which is unknown, so it is not written as the design's peak`;
  return {
    floors: saturated.map((d) => d.field),
    finding: finding(target, 'saturated', 'error', fieldPath(target.location, first?.path ?? ''), message, FIX, {
      field: saturated.map((d) => d.field).join(','),
      observed: saturated[0].consumed?.value ?? 0,
      declared: first?.units ?? 0,
      bound: 'lower',
      throttles: saturated[0].throttles,
      window,
    }),
  };
}

/** The saturation of one key space, if production shows one. */
export function saturationOf(target: KeySpaceTarget, observation: Observation, window: string): Saturation | undefined {
  return cosmosSaturation(target, observation, window) ?? dynamoSaturation(target, observation, window);
}
