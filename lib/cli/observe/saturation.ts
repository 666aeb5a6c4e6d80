/**
 * A key space that production saturated: it served all it could, and throttled the rest. What was
 * consumed is then what was served, not what was asked: the observed peak is a floor of the demand,
 * and the demand itself is unknown. Such a peak is never written as the design's peak (drift.ts), and
 * the key space is an error that stays until an export shows it below its ceiling (else a
 * container with every partition-key range at 100% for 20 minutes passes with a warning once
 * `--update` has written the 49,000 RU/s it was capped at).
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
 *   container short of RU/s, unless its exported 429s (TotalRequests by StatusCode) say otherwise: at
 *   HEALTHY_THROTTLED_SHARE of those minutes' requests or under, it was busy but served, and its peaks
 *   are the demand.
 * - DynamoDB: events throttled at the key space's own ceiling in a direction (ProvisionedThroughputThrottleEvents,
 *   or MaxOnDemandThroughputThrottleEvents for an on-demand maximum; not the key-range events, a hot key's) while the
 *   consumed units reached SATURATED_SHARE of the declared ceiling (provisioned units, the auto-scaling
 *   maximum, the on-demand maximum): "Consumption exceeds the provisioned capacity units" / "the
 *   maximum throughput", and requests beyond it are throttled
 *   (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling.html,
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling-cloudwatch.html).
 *   A per-minute average at 90% of a per-second ceiling, with throttles, is that ceiling reached.
 * - DynamoDB on demand with no maximum declared: the table (with its GSIs) still stops at the account's
 *   per-table quota, 40,000 read and 40,000 write request units by default and adjustable; requests past it
 *   are throttled with the reason AccountLimitExceeded and counted in Read/WriteAccountLimitThrottleEvents
 *   (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-account-limit-exceeded-mitigation.html,
 *   https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html). The quota
 *   may have been raised without the design saying so (a GuardedTable's `quotas` reach it through the template; a
 *   design file observed has no config), so the key space's own consumption is not held against the quota in force:
 *   the throttles must come in a period at SATURATED_SHARE of the window's peak or more, that is, the quota capped
 *   the peak. The finding names the quota in force: the declared one, or the default. Throttles only in quieter periods (a burst inside a
 *   minute) leave the peak measured, and AWS calls intermittent quota throttling
 *   that the application retries acceptable. Key-range throttles (KeyRangeThroughputExceeded) are a hot
 *   key, in either mode, never saturation; nor is the throttling of an on-demand table that grows past
 *   double its previous peak within 30 minutes, which DynamoDB then scales for
 *   (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html).
 * - DynamoDB, one key: the hottest key throttled at its partition's ceilings. One partition serves at most 3,000 RCU
 *   and 1,000 WCU per second, and a key value never spans partitions; requests beyond are throttled as
 *   KeyRangeThroughputExceeded (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html,
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling.html). A key that consumed
 *   SATURATED_SHARE of one direction's ceiling or more (2,700 units/s: ConsumedThroughputUnits count a WCU as 3; a
 *   sharded key's hottest stored key) in a period whose key-range throttle events are MATERIAL_THROTTLE_SHARE of its
 *   consumed units or more was served what its partition serves, and its share, consumed ÷ consumed, is a
 *   floor of its demand (a flash-sale SKU pinned at 3,000 RCU + 3 × 1,000 WCU, written as 0.499, would
 *   have the lint ask for 2 shards where the demand needed 4). Throttle events count refused requests, each retry
 *   again, not the units they asked for, so the demand stays unknown.
 */
import { type CapacityCeiling, type Finding } from '../../index';
import { COSMOS_LIMITS, DYNAMODB_LIMITS, interpolate, quotaInForce } from '../../internal';
import { fieldPath, finding, keySpaceBase, show, showPercent, showShare, type KeySpaceTarget } from './drift';
import type { Figure, Observation, ObservedFigures, RequestCount, ThrottleFigure, ThrottledMinutes } from './figures';
import { keyRangeThrottleFinding, PARTITION_UNITS } from './key-range-finding';

/** Minutes with every partition-key range at 100% that make a Cosmos DB container saturated (our judgement). */
export const SATURATED_MINUTES = 5;
/** The share of requests rate-limited (429) Azure calls healthy (COSMOS_LIMITS, with the quote,
 *  https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large): at or under it, a container
 *  with every range at its budget is busy but served, not saturated. */
export const HEALTHY_THROTTLED_SHARE = COSMOS_LIMITS.healthyThrottledShare;
/** The share of a DynamoDB ceiling at which, with throttle events, the ceiling counts as reached; for an
 *  on-demand table throttled at its per-table quota, the share of its peak that a throttled period must reach
 *  for the quota to have capped that peak. Our judgement: a minute's average at 90% of a per-second ceiling. */
export const SATURATED_SHARE = 0.9;
/** Key-range throttle events, as a share of the hottest key's consumed units in the same period, from which what the
 *  key was refused is more than noise beside what it was served (our judgement, as Azure calls 1–5% of requests
 *  rate-limited healthy): a few events in an hour are seconds at the ceiling, and leave the share measured. */
export const MATERIAL_THROTTLE_SHARE = 0.05;

export type PeakField = 'peakReadUnits' | 'peakWriteUnits';

export interface Saturation {
  /** The figures that are floors of the demand (peaks, the hottest key's share): never compared, never written. */
  readonly floors: readonly (PeakField | 'hotKeyShare' | 'prefixHotKeyShare')[];
  readonly finding: Finding;
}

const QUOTA_FIX =
  'request a higher per-table throughput quota in Service Quotas (L-CF0CBE56 for reads, L-AB614373 for writes: each applies to the table and to each of its GSIs on its own) so that the throttling stops, then observe again: only a window in which it stayed below the quota measures the demand, and `observe --update` writes that peak';

const FIX =
  'raise the ceiling now (the throughput, or the capacity, named in the message) so that the throttling stops, then observe again: only a window in which it stayed below its ceiling measures the demand, and `observe --update` writes that peak';

const shareOf = (count: RequestCount) => count.throttled / count.requests;

/** The 429s in the minutes every range stood at its budget, when they were exported and those minutes had requests. */
function atBudgetRequests(observation: Observation): RequestCount | undefined {
  const counted = observation.figures.throttledRequests?.whenEveryRangeAtBudget;
  return counted && counted.requests > 0 ? counted : undefined;
}

function cosmosSaturation(target: KeySpaceTarget, observation: Observation, window: string): Saturation | undefined {
  const { design } = target;
  const nru = observation.figures.normalizedRuPercent;
  if (design.engine !== 'cosmosdb' || !nru || (nru.minutesAllAtBudget ?? 0) < SATURATED_MINUTES) return undefined;
  // Every range at its budget yet (almost) nothing refused: busy, but served; the peaks measure the demand.
  const requests = atBudgetRequests(observation);
  if (requests && shareOf(requests) <= HEALTHY_THROTTLED_SHARE) return undefined;
  const refused = requests
    ? `, and ${show(requests.throttled)} of the ${show(requests.requests)} requests of those minutes (${showPercent(shareOf(requests))}) were answered 429, above the 1–5% Azure calls healthy`
    : '; the 429s were not read (export TotalRequests by StatusCode to tell a container refusing requests from one busy but served)';
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
  const message = `${target.design.name} is saturated and throttling: every partition-key range stood at 100% NormalizedRUConsumption in ${show(nru.minutesAllAtBudget ?? 0)} of the ${show(nru.minutes ?? 0)} minutes of the ${window} window, and a request beyond a range's budget in a second is rate-limited (429)${refused}${served}. What was consumed is what was served, capped by the throttling: the observed peaks are a floor of the demand, which is unknown, so they are not written as the design's peaks`;
  return {
    floors,
    finding: finding(target, 'saturated', 'error', path, message, FIX, {
      field: 'throughput',
      minutesAllAtBudget: nru.minutesAllAtBudget ?? 0,
      minutes: nru.minutes ?? 0,
      ...(consumed ? { observed: consumed.value, bound: 'lower' } : {}),
      ...(ceiling ? { declared: ceiling } : {}),
      ...(requests ? { throttledShare: shareOf(requests) } : {}),
      window,
    }),
  };
}

/** "the first-level value sha256:… took 540,000 of the 720,000 RU logged in the 30 throttled minutes …": who filled the range. */
function filledText(minutes: ThrottledMinutes): string {
  const top = minutes.top;
  if (!top) return '';
  const what = top.firstLevel ? 'first-level value' : 'key';
  if (!minutes.filled)
    return `no logged ${what} stood out in the ${show(minutes.minutes)} minutes a range stood at 100% with 429s above the healthy share: the most, ${top.key}, took ${showPercent(top.share)} of their logged RU, no more than one range's even part, and the logs do not carry PartitionKeyRangeId`;
  const where = minutes.byRange
    ? 'on the ranges at 100% (PartitionKeyRangeId of CDBPartitionKeyRUConsumption)'
    : 'of all ranges: the logs do not carry PartitionKeyRangeId, so which range each key was on is not known, and the key with the most RU in those minutes is taken as the one that filled it';
  return `the ${what} with the most RU in the ${show(minutes.minutes)} minutes a range stood at 100% with 429s above the healthy share was ${top.key}, ${show(top.requestCharge)} RU, ${showPercent(top.share)} of those minutes' logged RU ${where}`;
}

/**
 * A Cosmos DB container not saturated, whose requests were rate-limited (429) above HEALTHY_THROTTLED_SHARE in
 * the minutes some partition-key range stood at its budget (over the window without NormalizedRUConsumption):
 * a hot range refusing its keys' requests while the others have RU/s to spare. Azure's 1–5% "assumes your
 * account has uniform partition distribution"
 * (https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large).
 */
function hotRangeThrottling(target: KeySpaceTarget, observation: Observation, window: string): Finding | undefined {
  const { throttledRequests: counted, normalizedRuPercent: nru, hotKeyShare } = observation.figures;
  if (target.design.engine !== 'cosmosdb' || !counted) return undefined;
  const scoped = counted.whenSomeRangeAtBudget;
  const count = scoped ?? counted;
  if (count.requests === 0 || shareOf(count) <= HEALTHY_THROTTLED_SHARE) return undefined;
  const when = scoped ? `in the ${show(scoped.minutes)} minutes with a partition-key range at 100% NormalizedRUConsumption` : `in the ${window} window`;
  const filled = observation.figures.throttledMinutes;
  const key = filled?.top
    ? `; ${filledText(filled)}`
    : hotKeyShare?.key
      ? `; the hottest logged key, ${hotKeyShare.key}, took about ${show(hotKeyShare.value)} of the logged RU at the busiest ${hotKeyShare.averagedOverSeconds ?? 60} s`
      : '';
  const refused = `${show(count.throttled)} of ${show(count.requests)} requests (${showPercent(shareOf(count))}) were rate-limited (429) ${when}, above the 1–5% Azure calls healthy`;
  // Every range at its budget at the busiest minute (in fewer minutes than saturation takes): bursts of the whole container.
  const everyRange = nru !== undefined && (nru.medianPercent ?? nru.value) >= 100;
  const message = everyRange
    ? `${refused}, while every range stood at its budget in ${show(nru.minutesAllAtBudget ?? 0)} of ${show(nru.minutes ?? 0)} minutes, fewer than the ${SATURATED_MINUTES} that make it saturated: bursts beyond the container's RU/s (${counted.derivation})`
    : `${refused}, while ${
        nru
          ? `not every range stood at its budget (the busiest, range ${nru.range ?? 'all'}, at ${show(nru.value)}%${nru.medianPercent !== undefined ? `, the median range at ${show(nru.medianPercent)}% that minute` : ''})`
          : 'which range refused them is not known (export NormalizedRUConsumption by PartitionKeyRangeId)'
      }: a hot partition refuses its keys' requests while the other ranges have RU/s to spare, and Azure's 1–5% assumes evenly used partitions${key} (${counted.derivation})`;
  const fix = everyRange
    ? 'spread the bursts (a bulk job throttled below the RU/s, retries with backoff) or raise the RU/s (the autoscale maximum) for them, then observe again'
    : "find the hot keys in CDBPartitionKeyRUConsumption (the busiest range's PartitionKeyRangeId) and spread them: a hierarchical key or sharding; more RU/s are split evenly over the ranges, so they relieve the hot one only by its share of them";
  return finding(target, 'throttled', 'warning', keySpaceBase(target) || target.keySpace.partitionKeyPath, message, fix, {
    throttled: count.throttled,
    requests: count.requests,
    share: shareOf(count),
    window,
  });
}

/** The events throttled at a ceiling of this kind: a key range's throttles are a hot key's (SG003), not the ceiling's. */
function ceilingThrottles(ceiling: CapacityCeiling | undefined, provisioned: Figure | undefined, onDemandMax: Figure | undefined): number {
  if (!ceiling) return 0;
  return (ceiling.source === 'on-demand-maximum' ? onDemandMax : provisioned)?.value ?? 0;
}

/** One direction (reads or writes) of a DynamoDB key space throttled at its ceiling. */
interface DirectionSaturation {
  readonly field: PeakField;
  readonly consumed: Figure;
  readonly throttles: number;
  /** Where the finding points: the declared ceiling's field, else the key space. */
  readonly path: string;
  readonly declared?: number;
  /** This direction's part of the message. */
  readonly text: string;
}

interface Direction {
  readonly field: PeakField;
  readonly unit: 'RCU' | 'WCU';
  readonly word: 'read' | 'write';
  readonly consumed?: Figure;
  readonly ceiling?: CapacityCeiling;
  readonly ceilingThrottles: number;
  readonly accountLimitThrottles?: ThrottleFigure;
}

/** Throttled at the declared ceiling (provisioned capacity, the auto-scaling maximum, the on-demand maximum) at SATURATED_SHARE of it or more. */
function atDeclaredCeiling(target: KeySpaceTarget, d: Direction): DirectionSaturation | undefined {
  const { consumed, ceiling, ceilingThrottles: throttles } = d;
  if (!consumed || !ceiling || throttles <= 0 || consumed.value < ceiling.units * SATURATED_SHARE) return undefined;
  const path = fieldPath(target.location, ceiling.path);
  return {
    field: d.field,
    consumed,
    throttles,
    path,
    declared: ceiling.units,
    text: `${show(throttles)} ${d.word} events throttled at the ceiling while it consumed ${show(consumed.value)} ${d.unit}/s (${consumed.derivation}), ${show(Math.round((consumed.value / ceiling.units) * 100))}% of the ${show(ceiling.units)} ${d.unit} declared at ${path}`,
  };
}

/**
 * An on-demand direction with no maximum declared, throttled at the account's per-table quota in a
 * period at SATURATED_SHARE of the window's peak or more: the quota capped the peak. The quota itself is
 * not compared (it is no field of the design, and it is adjustable).
 */
function atPerTableQuota(target: KeySpaceTarget, d: Direction): DirectionSaturation | undefined {
  const { consumed, accountLimitThrottles: throttles } = d;
  const busiest = throttles?.busiestThrottled;
  if (target.design.engine !== 'dynamodb' || target.design.billing !== 'on-demand' || d.ceiling || !consumed || !throttles || !busiest) return undefined;
  if (throttles.value <= 0 || busiest.unitsPerSecond < consumed.value * SATURATED_SHARE) return undefined;
  const metric = d.word === 'read' ? 'ReadAccountLimitThrottleEvents' : 'WriteAccountLimitThrottleEvents';
  const units = d.word === 'read' ? 'read request units' : 'write request units';
  const quota = quotaInForce(target.design, 'table-level', d.word);
  const quotaText =
    quota.field === undefined
      ? `the quota is ${show(quota.units)} ${units} per table by default, and for each of its GSIs on its own, adjustable`
      : `the quota is ${show(quota.units)} ${units} per table as declared raised (${quota.field}), and for each of its GSIs on its own`;
  return {
    field: d.field,
    consumed,
    throttles: throttles.value,
    path: keySpaceBase(target) || target.keySpace.partitionKeyPath,
    text: `${show(throttles.value)} ${d.word} events throttled at the account's per-table quota (${metric}) with no on-demand maximum declared, the busiest period they came in consuming ${show(busiest.unitsPerSecond)} ${d.unit}/s (${new Date(busiest.timestamp).toISOString()}), ${show(Math.round((busiest.unitsPerSecond / consumed.value) * 100))}% of the window's peak of ${show(consumed.value)} ${d.unit}/s (${consumed.derivation}); ${quotaText}`,
  };
}

function dynamoSaturation(target: KeySpaceTarget, observation: Observation, window: string): Saturation | undefined {
  const { design, keySpace } = target;
  if (design.engine !== 'dynamodb') return undefined;
  const capacity = design.capacity.find((c) => c.index === keySpace.index);
  const f = observation.figures;
  const directions: Direction[] = [
    {
      field: 'peakReadUnits',
      unit: 'RCU',
      word: 'read',
      consumed: f.peakReadUnits,
      ceiling: capacity?.read,
      ceilingThrottles: ceilingThrottles(capacity?.read, f.readProvisionedThrottles, f.readOnDemandMaxThrottles),
      accountLimitThrottles: f.readAccountLimitThrottles,
    },
    {
      field: 'peakWriteUnits',
      unit: 'WCU',
      word: 'write',
      consumed: f.peakWriteUnits,
      ceiling: capacity?.write,
      ceilingThrottles: ceilingThrottles(capacity?.write, f.writeProvisionedThrottles, f.writeOnDemandMaxThrottles),
      accountLimitThrottles: f.writeAccountLimitThrottles,
    },
  ];
  const saturated = directions.map((d) => atDeclaredCeiling(target, d) ?? atPerTableQuota(target, d)).filter((d): d is DirectionSaturation => d !== undefined);
  if (saturated.length === 0) return undefined;
  const [first] = saturated;
  const label = `${design.name}${keySpace.index ? `/${keySpace.index}` : ''}`;
  const directionWords = saturated.map((d) => (d.field === 'peakReadUnits' ? 'read' : 'write')).join(' and ');
  const message = `${label} is saturated and throttling in the ${window} window: ${saturated.map((d) => d.text).join('; ')}. What was consumed is what was served, capped at the ceiling: the observed ${directionWords} peak is a floor of the demand, which is unknown, so it is not written as the design's peak`;
  const quotaOnly = saturated.every((d) => d.declared === undefined);
  return {
    floors: saturated.map((d) => d.field),
    finding: finding(target, 'saturated', 'error', first.path, message, quotaOnly ? QUOTA_FIX : FIX, {
      field: saturated.map((d) => d.field).join(','),
      observed: first.consumed.value,
      ...(first.declared !== undefined ? { declared: first.declared } : { ceiling: 'per-table quota' }),
      bound: 'lower',
      throttles: first.throttles,
      window,
    }),
  };
}

/** The least a DynamoDB key consumes, in ConsumedThroughputUnits per second (RCU + 3 × WCU), to stand at one direction's
 *  partition ceiling: 3,000 RCU, or 1,000 WCU counted 3 each. */
const KEY_CEILING_UNITS = PARTITION_UNITS;
/** The most it can consume: both ceilings at once. */
const KEY_MAX_UNITS = DYNAMODB_LIMITS.partitionReadUnits + 3 * DYNAMODB_LIMITS.partitionWriteUnits;

const HOT_KEY_FIX =
  "size the key's sharding from its demand, not from this share: the requests it must take at its busiest (the application's own figures, such as a sale's orders per second × the units of each), declared as workload.hotKeyShare of the peaks; or shard it beyond what this floor asks for now, then observe a window in which it was not throttled: `observe --update` writes the share measured there";

/** The hottest DynamoDB key throttled at its partition's ceilings at the period its share was read at: the share is a floor. */
function hotKeySaturation(target: KeySpaceTarget, observation: Observation, window: string): Saturation | undefined {
  const { hotKeyShare: share, hotKeyPeriodThrottles: throttles } = observation.figures;
  const load = share?.load;
  if (target.engine !== 'dynamodb' || !share || !load || !throttles) return undefined;
  const events = throttles.read + throttles.write;
  const stored = load.storedUnitsPerSecond ?? load.unitsPerSecond;
  const consumed = stored * (share.averagedOverSeconds ?? 60);
  if (stored < KEY_CEILING_UNITS * SATURATED_SHARE || events < consumed * MATERIAL_THROTTLE_SHARE) return undefined;
  const when = load.at === undefined ? 'its busiest period' : `its busiest period (${new Date(load.at).toISOString()})`;
  const message = `the hottest key${share.key ? `, ${share.key},` : ''} was throttled at its partition's ceilings: ${stored === load.unitsPerSecond ? `it consumed ${show(stored)} units/s at ${when} (${load.derivation})` : `its hottest stored key consumed ${show(stored)} units/s at ${when} (the logical key ${show(load.unitsPerSecond)}: ${load.derivation})`}, where one partition serves ${show(KEY_CEILING_UNITS)} units/s in one direction (${show(DYNAMODB_LIMITS.partitionReadUnits)} RCU, or ${show(DYNAMODB_LIMITS.partitionWriteUnits)} WCU counted 3 each) and ${show(KEY_MAX_UNITS)} in both, and ${show(throttles.read)} read and ${show(throttles.write)} write key-range throttle events came in that period. What it consumed is what it was served: its share, ${showShare(share.value)} (${share.derivation}), is a floor of its demand, and the demand is what observe cannot know, since Contributor Insights counts consumed units and the throttle events count refused requests (each retry again), not the units they asked for. So the share is not written as the design's hotKeyShare: sharding sized from it would be too few shards for the demand`;
  return shareFloor(target, 'hotKeySaturated', 'error', message, HOT_KEY_FIX, share.value, window, {
    declared: target.keySpace.workload.hotKeyShare,
    unitsPerSecond: load.unitsPerSecond,
    readThrottles: throttles.read,
    writeThrottles: throttles.write,
  });
}

const COSMOS_HOT_KEY_FIX =
  "size the split of the throttled value from its demand, not from this share: the RU/s it must take at its busiest (the application's own figures), declared as its hotKeyShare of the peaks; any bucket or shard count computed from this share is a minimum. Then observe a window in which its range was not throttled: `observe --update` writes the share measured there";

/**
 * Where the throttled minutes put the hottest value, by whether the CDBPartitionKeyRUConsumption rows carried
 * PartitionKeyRangeId (`rangeIdLogged`, the finding's data: a flag, the words chosen here).
 */
const RANGE_WORDS =
  '{{rangeIdLogged|true=on a partition-key range at 100% NormalizedRUConsumption|false=while a partition-key range stood at 100% NormalizedRUConsumption (the logs do not carry PartitionKeyRangeId: it is taken to be the range it filled, having the most RU of those minutes)}}';

/**
 * The hottest Cosmos DB key, or first-level value, whose share was read in minutes its partition-key range throttled
 * (throttled-keys.ts): at 100% NormalizedRUConsumption "at least one partition key range used all its provisioned
 * throughput" in a second (https://learn.microsoft.com/azure/cosmos-db/monitor-normalized-request-units) and refused the rest with 429s above
 * the healthy 1–5% (https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large), so the
 * RequestCharge it logged (CDBPartitionKeyRUConsumption) is what it was served: its share is a floor of its demand, as a
 * DynamoDB key throttled at its partition's ceilings (`hotKeySaturation`). Neither compared nor written.
 */
function cosmosHotKeySaturation(target: KeySpaceTarget, observation: Observation, window: string): Saturation | undefined {
  const { throttledMinutes: minutes, hotKeyShare, prefixHotKeyShare } = observation.figures;
  if (target.engine !== 'cosmosdb' || !minutes?.peakThrottled) return undefined;
  const prefix = minutes.hotPrefix && target.keySpace.partitionKey.length > 1 ? prefixHotKeyShare : undefined;
  const key = minutes.hotKey ? hotKeyShare : undefined;
  if (!prefix && !key) return undefined;
  const floors: Saturation['floors'] = [...(prefix ? ['prefixHotKeyShare' as const] : []), ...(key ? ['hotKeyShare' as const] : [])];
  const shares = [
    ...(prefix
      ? [
          `the hottest first-level value${prefix.key ? `, ${prefix.key},` : ''} took at least ${showShare(prefix.value)} of the logged RU (${prefix.derivation})`,
        ]
      : []),
    ...(key ? [`the hottest key${key.key ? `, ${key.key},` : ''} at least ${showShare(key.value)} (${key.derivation})`] : []),
  ].join('; ');
  const range = interpolate(RANGE_WORDS, { rangeIdLogged: minutes.byRange });
  const refused = `${show(minutes.throttled)} of the ${show(minutes.requests)} requests of the ${show(minutes.minutes)} such minutes (${showPercent(minutes.requests > 0 ? minutes.throttled / minutes.requests : 0)}) were answered 429, above the 1–5% Azure calls healthy`;
  const message = `the busiest period, where the hottest shares were read, fell in minutes ${range}: ${shares}; and ${refused}. A range at 100% used all its provisioned RU/s that second and rate-limits the rest, so what the value logged is what it was served: its share is at least this, a floor of its demand, which observe cannot know (CDBPartitionKeyRUConsumption logs the RU charged, a 429 is charged none). So it is not written as the design's hotKeyShare: the bucket count the lint would size from it is a minimum, too few for the demand`;
  const first = target.keySpace.partitionKey[0];
  const path = prefix && first ? fieldPath(target.location, first.path, 'hotKeyShare') : fieldPath(keySpaceBase(target), 'workload.hotKeyShare');
  const observed = (prefix ?? key)?.value ?? 0;
  return {
    floors,
    finding: finding(target, 'hotKeySaturated', 'error', path, message, COSMOS_HOT_KEY_FIX, {
      field: 'hotKeyShare',
      observed,
      bound: 'lower',
      ...(prefix ? { label: path } : {}),
      throttled: minutes.throttled,
      requests: minutes.requests,
      minutes: minutes.minutes,
      rangeIdLogged: minutes.byRange,
      window,
    }),
  };
}

/**
 * An observed hottest-key share that is a floor of the demand (`hotKeySaturation`, `indexShareFloor`): never compared,
 * never written, and reported at the key space's workload.hotKeyShare with the evidence in `data`.
 */
function shareFloor(
  target: KeySpaceTarget,
  messageId: 'hotKeySaturated' | 'indexShareFloor',
  severity: Finding['severity'],
  message: string,
  fix: string,
  observed: number,
  window: string,
  data: Finding['data'],
): Saturation {
  const path = fieldPath(keySpaceBase(target), 'workload.hotKeyShare');
  return {
    floors: ['hotKeyShare'],
    finding: finding(target, messageId, severity, path, message, fix, { field: 'hotKeyShare', observed, bound: 'lower', ...data, window }),
  };
}

/** The base table's write throttle events in the window, of every kind its metrics export counted: what an index of it
 *  never received (`indexWritesAtLeast`, and `indexShareFloor` where the index's own throttle metrics were not exported). */
export interface TableWriteThrottles {
  readonly table: string;
  readonly events: number;
  /** `1,200 WriteKeyRangeThroughputThrottleEvents`, each kind with events. */
  readonly text: string;
}

/** The write throttle metrics a key space's export may hold, by the CloudWatch name its text gives them. */
const WRITE_THROTTLE_METRICS = [
  ['WriteKeyRangeThroughputThrottleEvents', 'writeThrottles'],
  ['WriteProvisionedThroughputThrottleEvents', 'writeProvisionedThrottles'],
  ['WriteMaxOnDemandThroughputThrottleEvents', 'writeOnDemandMaxThrottles'],
  ['WriteAccountLimitThrottleEvents', 'writeAccountLimitThrottles'],
] as const;

/**
 * The write throttle events of one key space's own metrics export (a GSI's carry the GlobalSecondaryIndexName
 * dimension, a table's only TableName), each kind with events; `exported`: whether the export held any write throttle
 * metric at all (published only when non-zero, so an exported metric without datapoints is none, a missing one unknown).
 */
function writeThrottlesOf(figures: ObservedFigures): { readonly events: number; readonly text: string; readonly exported: boolean } {
  const kinds: [string, number | undefined][] = WRITE_THROTTLE_METRICS.map(([metric, field]) => [metric, figures[field]?.value]);
  const some = kinds.flatMap(([metric, events]) => (events !== undefined && events > 0 ? [[metric, events] as const] : []));
  return {
    events: some.reduce((sum, [, events]) => sum + events, 0),
    text: some.map(([metric, events]) => `${show(events)} ${metric}`).join(', '),
    exported: kinds.some(([, events]) => events !== undefined),
  };
}

/** The table's write throttle events in its observation, or undefined when it had none (or none was exported). */
export function tableWriteThrottles(target: KeySpaceTarget, observation: Observation): TableWriteThrottles | undefined {
  if (target.engine !== 'dynamodb' || target.keySpace.index !== undefined) return undefined;
  const { events, text } = writeThrottlesOf(observation.figures);
  return events > 0 ? { table: target.design.name, events, text } : undefined;
}

const INDEX_FLOOR_FIX =
  "stop the index's write throttling first (its own findings say where: a hot value, or a ceiling), then observe a window without it: the index's share measured there is its demand, and `observe --update` writes it";

const UNKNOWN_FLOOR_FIX = `export this index's throttle metrics (the queries of examples/observe/observe-queries.json with a GlobalSecondaryIndexName dimension beside TableName, as --live queries them) so that observe can tell whose throttles they were; if they were the index's, ${INDEX_FLOOR_FIX}`;

/**
 * An index whose own writes were throttled in the window: DynamoDB throttles the table write an index cannot take (GSI
 * back pressure), and an index is written only for a table write that is applied ("For a table write to succeed, the
 * provisioned throughput settings for the table and all of its global secondary indexes must have enough write
 * capacity … Otherwise, the write to the table is throttled",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html#GSI.ThroughputConsiderations;
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/gsi-throttling.html). The updates refused at the
 * index's key ranges are its hottest values', so its observed share is a floor of its demand: like a hot key throttled
 * at its partition's ceilings (`hotKeySaturation`), neither compared nor written.
 *
 * Whose throttles they were is read off the metrics' dimensions: "A single request can result in multiple events. For
 * example, a PutItem request on a table with three global secondary indexes would result in four events—the table
 * write, and each of the three index writes … The TableName dimension returns the WriteThrottleEvents for the table,
 * but not for any global secondary indexes. To view WriteThrottleEvents for a global secondary index, you must specify
 * both TableName and GlobalSecondaryIndex" (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html;
 * a throttling reason names its resource, `Table…` or `Index…`,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html). So the index's own export
 * (GlobalSecondaryIndexName) counts its throttled writes, and the table's (TableName) the table's: a table throttled by
 * its own hot key or ceiling refuses writes whatever the index's values, and sets no floor on the index's share (else
 * any table write throttle would). Where the index's throttle metrics were not exported and the table's show write
 * throttles, observe cannot tell which they were: the share is taken as a floor, and the finding says why.
 */
function indexShareFloor(target: KeySpaceTarget, observation: Observation, window: string, table: TableWriteThrottles | undefined): Saturation | undefined {
  const share = observation.figures.hotKeyShare;
  if (target.engine !== 'dynamodb' || target.keySpace.index === undefined || !share) return undefined;
  const own = writeThrottlesOf(observation.figures);
  const unknown = own.events === 0 && !own.exported && table !== undefined;
  if (own.events === 0 && !unknown) return undefined;
  const floor = `its observed share, ${showShare(share.value)} (${share.derivation}), is a floor of its demand`;
  const message = unknown
    ? `the base table ${table.table} had write throttle events in the ${window} window (${table.text}), and this index's own write throttle metrics (its GlobalSecondaryIndexName dimension) were not exported, so observe cannot tell whether they were this index's back pressure, which refuses the table writes that would have landed on its hottest values (then ${floor}), or the table's own limits, which leave the index's share measured. It is taken as a floor: neither compared with the design nor written as the index's hotKeyShare`
    : `this index had write throttle events of its own in the ${window} window (${own.text}, its GlobalSecondaryIndexName metrics): DynamoDB throttles a table write that an index cannot take (back pressure), so the updates refused never reached the index, and those refused at its own limits are the ones its busiest values asked for. So ${floor}: it is neither compared with the design nor written as the index's hotKeyShare`;
  return shareFloor(target, 'indexShareFloor', 'warning', message, unknown ? UNKNOWN_FLOOR_FIX : INDEX_FLOOR_FIX, share.value, window, {
    throttledBy: unknown ? 'unknown' : 'index',
    ...(unknown ? { tableWriteThrottles: table.events } : { indexWriteThrottles: own.events }),
  });
}

/**
 * An index's observation with its write peak a lower bound where its table's writes were throttled (`indexShareFloor`):
 * it can show the index written more than declared, never less.
 */
export function indexWritesAtLeast(target: KeySpaceTarget, observation: Observation, table: TableWriteThrottles | undefined): Observation {
  const peak = observation.figures.peakWriteUnits;
  if (target.keySpace.index === undefined || !table || !peak || peak.bound === 'lower') return observation;
  const limits = `${peak.limits ? `${peak.limits}; ` : ''}a lower bound: the table's throttled writes (${table.text}) never reached the index`;
  return { ...observation, figures: { ...observation.figures, peakWriteUnits: { ...peak, bound: 'lower', limits } } };
}

/** The saturation of one key space, if production shows one. */
function saturationOf(target: KeySpaceTarget, observation: Observation, window: string): Saturation | undefined {
  return cosmosSaturation(target, observation, window) ?? dynamoSaturation(target, observation, window);
}

/**
 * What the throttling of one key space says: saturated (an error) at its ceiling, its hottest key at its partition's
 * (an error), an index's share under its table's write throttles (a warning), a Cosmos DB container's hot range
 * refusing requests (a warning), or DynamoDB key-range throttles that went on (an error, key-range-finding.ts); and the
 * figures that are floors. `keyRangeJudged`: the key-range throttles have their finding (drift.ts then adds no warning).
 */
export function throttlingOf(
  target: KeySpaceTarget,
  observation: Observation,
  window: string,
  table?: TableWriteThrottles,
): { floors: Saturation['floors']; findings: Finding[]; keyRangeJudged: boolean } {
  const container = saturationOf(target, observation, window);
  const saturated = [
    container,
    // The index's own key throttled at its partition's ceilings says the share is a floor already.
    hotKeySaturation(target, observation, window) ?? cosmosHotKeySaturation(target, observation, window) ?? indexShareFloor(target, observation, window, table),
  ].filter((s): s is Saturation => s !== undefined);
  // A Cosmos DB value throttled in its range is the hot range's: the warning still says which range, and the 429s.
  const hot = container ? undefined : hotRangeThrottling(target, observation, window);
  // DynamoDB key-range throttles that went on, wherever in the window: the key behind them, or that none is known.
  const keyRange = keyRangeThrottleFinding(target, observation, window);
  const others = [...(hot ? [hot] : []), ...(keyRange ? [keyRange] : [])];
  return { floors: saturated.flatMap((s) => s.floors), findings: [...saturated.map((s) => s.finding), ...others], keyRangeJudged: keyRange !== undefined };
}
