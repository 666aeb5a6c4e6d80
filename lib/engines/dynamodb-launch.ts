/**
 * What a new on-demand table or GSI serves as it launches, reads and writes together.
 *
 * Not pre-warmed, it serves "up to 4,000 write request units or 12,000 read request units, or any linear combination
 * of the two" (AWS Knowledge Center, "Why is my on-demand DynamoDB table being throttled?"): a peak fits where
 * reads ÷ 12,000 + writes ÷ 4,000 is at most 1, not where each direction fits alone.
 *
 * Pre-warmed (warm throughput above a default), it serves its warm values as provisioned throughput serves its
 * capacity, each direction at once: "if you update your provisioned throughput to these values, your application will
 * be able to issue requests up to those values instantly" ("Understanding DynamoDB warm throughput"). A value at or
 * under the default pre-warms nothing: 12,000 reads and 4,000 writes are the least warm throughput a table takes (the
 * Pulumi AWS provider's TableWarmThroughput: "Minimum value of 12000 (default)", "Minimum value of 4000 (default)").
 */
import { DYNAMODB_LIMITS } from './dynamodb-limits';
import { fits, withHeadroom } from './fit';

/** Reads and writes per second: a peak, or what a table serves. */
export interface ReadsAndWrites {
  readonly reads: number;
  readonly writes: number;
}

/** What a new on-demand table serves at launch: `preWarmed` where its warm throughput raises a default. */
export interface LaunchCapacity extends ReadsAndWrites {
  readonly preWarmed: boolean;
}

const DEFAULTS: ReadsAndWrites = { reads: DYNAMODB_LIMITS.newOnDemandReadUnits, writes: DYNAMODB_LIMITS.newOnDemandWriteUnits };

/** The launch capacity of a table or GSI with the warm throughput it declares (each direction optional). */
export function launchCapacity(warmReads: number | undefined, warmWrites: number | undefined): LaunchCapacity {
  return {
    reads: Math.max(warmReads ?? 0, DEFAULTS.reads),
    writes: Math.max(warmWrites ?? 0, DEFAULTS.writes),
    preWarmed: (warmReads ?? 0) > DEFAULTS.reads || (warmWrites ?? 0) > DEFAULTS.writes,
  };
}

/** The fractions of `capacity` that `peak` takes, each direction's and their sum. */
export function launchFractions(peak: ReadsAndWrites, capacity: ReadsAndWrites): { readonly reads: number; readonly writes: number; readonly sum: number } {
  const reads = peak.reads / capacity.reads;
  const writes = peak.writes / capacity.writes;
  return { reads, writes, sum: reads + writes };
}

/** Whether `peak` is served at launch: each direction within its warm value, or the defaults' linear combination at most 1. */
export function launchFits(peak: ReadsAndWrites, capacity: LaunchCapacity): boolean {
  const share = launchFractions(peak, capacity);
  return capacity.preWarmed ? fits(share.reads, 1) && fits(share.writes, 1) : fits(share.sum, 1);
}

/**
 * The warm throughput that serves `peak` at launch with the design's headroom, as every SG017 raise is sized: each
 * direction at peak ÷ headroom, never under what the table has. Not cut at the default table-level quota of 40,000
 * units a second, which bounds pre-warming too ("Understanding DynamoDB warm throughput"): a figure cut there would
 * leave a peak above 32,000 without the headroom (36,000 of 40,000: 90%), and one above 40,000 with none, which SG017
 * then passes. Past the quota, the quota's raise is part of the fix, and SG017's quota findings (nearQuota, overQuota)
 * ask for it. Where that raises no default (each direction within its default, only their combination over), it would
 * pre-warm nothing, so it raises the defaults to the least k × each sized peak (one k for both) whose linear
 * combination fits: only the direction that is over where the other keeps room under its default (k = 1 ÷ the room it
 * leaves), else both at 2× (½ + ½). Those values serve the peak as a combination too. Units are whole, rounded up.
 */
export function warmThroughputFor(peak: ReadsAndWrites, capacity: LaunchCapacity, headroom: number): ReadsAndWrites {
  const sized = (units: number, has: number) => Math.max(withHeadroom(units, headroom), has);
  const atPeak = { reads: sized(peak.reads, capacity.reads), writes: sized(peak.writes, capacity.writes) };
  if (atPeak.reads > DEFAULTS.reads || atPeak.writes > DEFAULTS.writes) return atPeak;
  const target = { reads: peak.reads / headroom, writes: peak.writes / headroom };
  const share = launchFractions(target, DEFAULTS);
  const onlyReads = 1 / (1 - share.writes);
  const onlyWrites = 1 / (1 - share.reads);
  // A one-direction raise holds where the other direction's sized peak × k stays within its default.
  const candidates = [2];
  if (target.writes * onlyReads <= DEFAULTS.writes) candidates.push(onlyReads);
  if (target.reads * onlyWrites <= DEFAULTS.reads) candidates.push(onlyWrites);
  const k = Math.min(...candidates);
  return { reads: Math.max(DEFAULTS.reads, Math.ceil(target.reads * k - 1e-9)), writes: Math.max(DEFAULTS.writes, Math.ceil(target.writes * k - 1e-9)) };
}

/** Whether declared warm throughput raises neither default: it pre-warms nothing, whatever its values (undefined: none declared). */
export function warmAtDefaults(warmReads: number | undefined, warmWrites: number | undefined): boolean {
  return (warmReads !== undefined || warmWrites !== undefined) && !launchCapacity(warmReads, warmWrites).preWarmed;
}
