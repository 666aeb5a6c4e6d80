/**
 * How SG017 weighs a DynamoDB peak against the default throughput quotas ("Service quotas", throughput default
 * quotas): the table-level quota bounds each table and each GSI in both capacity modes, the account-level quota the
 * provisioned capacity of a table and its GSIs together. SG017 decides its findings with these functions, and a fix
 * that makes reads fan out (SG003's shards, SG009's fanOut) asks the same ones before it writes an edit: a fix must
 * not bring on an SG017 error that --fix cannot fix, and two copies of the arithmetic would drift apart (SG003 once
 * weighed the fan-out peak against the quota while SG017 weighed peak ÷ headroom, the auto-scaling target).
 */
import type { DynamoDbKeyDesign, KeyDesign, KeySpaceCapacity } from '../design/key-design';
import { fits } from '../design/sharding';
import { quotaFieldData, quotaInForce, tableQuota, withHeadroom, type QuotaLevel, type QuotaPassed } from '../engines';
import type { EngineProfile, Loads } from '../engines/profile';

/** What the quota checks read of a design's analysis (`DesignAnalysis`), named by shape: the analysis asks them too. */
interface QuotaOwner {
  readonly profile: EngineProfile;
  readonly design: KeyDesign;
}

/** What the quota checks read of a key space's analysis (`SpaceAnalysis`). */
interface QuotaSpace {
  readonly owner: QuotaOwner;
  readonly design: KeyDesign;
  readonly space: { readonly index?: string };
  readonly total: Loads;
}

export type CapacityDimension = 'read' | 'write';

export type { QuotaPassed };

/** Whether a peak is above the table-level quota in force itself: throttled in either capacity mode until the quota is raised. */
export function peakPastQuota(design: DynamoDbKeyDesign, dimension: CapacityDimension, peak: number): boolean {
  return peak > tableQuota(design, dimension);
}

/** `QuotaPassed` for the quota in force at `level`: its units, and the option field where it was declared. */
function passed(design: DynamoDbKeyDesign, level: QuotaLevel, dimension: CapacityDimension, provisioned: number): QuotaPassed {
  const quota = quotaInForce(design, level, dimension);
  return { quota: quota.units, quotaName: level, provisioned, ...quotaFieldData(quota) };
}

/**
 * The default quota a raise of `capacity`'s `dimension` to `units` would pass, with what the table would then
 * provision against it: the table-level quota for the table or GSI raised, the account-level quota for the table
 * and its GSIs together (a GSI that takes the table's capacity is raised with the table's). The same quotas
 * `provisionedOverQuota` checks: a raise past one would be refused as soon as it deployed, so SG017 writes no edit
 * for it. Provisioned billing only (on-demand maximums have no account quota here).
 */
export function quotaPassed(design: DynamoDbKeyDesign, capacity: KeySpaceCapacity, dimension: CapacityDimension, units: number): QuotaPassed | undefined {
  if (design.billing !== 'provisioned') return undefined;
  if (units > tableQuota(design, dimension)) return passed(design, 'table-level', dimension, units);
  const raisesTable = capacity.index === undefined;
  let total = 0;
  for (const other of design.capacity) {
    const ceiling = other[dimension];
    if (ceiling === undefined) continue;
    const raised = other === capacity || (raisesTable && ceiling.inherited);
    total += raised ? units : ceiling.units;
  }
  return total > quotaInForce(design, 'account-level', dimension).units ? passed(design, 'account-level', dimension, total) : undefined;
}

/**
 * The quota behind an SG017 error at `peak` on `capacity`'s `dimension` that carries no edit, because only a quota
 * increase lifts it: the peak above the table-level quota (either capacity mode), or above the provisioned capacity
 * (fixed, or the auto-scaling maximum) where the raise SG017 asks, peak ÷ headroom (the auto-scaling target), would
 * pass the table-level or the account-level quota. Undefined where SG017 reports no such error: the peak fits, or
 * SG017's raise can be written (an on-demand maximum is raised by an edit).
 */
export function editlessQuotaError(
  design: DynamoDbKeyDesign,
  capacity: KeySpaceCapacity | undefined,
  dimension: CapacityDimension,
  peak: number,
): QuotaPassed | undefined {
  const needed = withHeadroom(peak, design.thresholds.headroom);
  if (peakPastQuota(design, dimension, peak)) return passed(design, 'table-level', dimension, needed);
  const ceiling = capacity?.[dimension];
  if (capacity === undefined || ceiling === undefined || ceiling.source === 'on-demand-maximum' || fits(peak, ceiling.units)) return undefined;
  return quotaPassed(design, capacity, dimension, needed);
}

/**
 * The design, where its engine's profile declares a table-level throughput quota (`limits.tableThroughputQuota`), as a
 * design whose capacity these quotas bound: only DynamoDB's does, so the design is a DynamoDB design. Undefined for an
 * engine without one (Cosmos DB's RU/s quota is checked on the container's raise, by SG017 itself).
 */
export function quotaBoundDesign(analysis: QuotaOwner): DynamoDbKeyDesign | undefined {
  return analysis.profile.limits.tableThroughputQuota === undefined ? undefined : (analysis.design as DynamoDbKeyDesign);
}

/**
 * The default quota SG017 would find `analysis`'s key space past, with no edit that fixes it, were it read at `reads`
 * units per second at its peak (a fan-out's queries counted, read-requests.ts): on DynamoDB its read capacity against
 * the table-level and account-level quotas (`editlessQuotaError`); where the engine's profile bounds the resource's
 * throughput as one budget (`throughputQuotaPassed`: Cosmos DB's 1,000,000 RU/s per container, or per database for
 * shared throughput, "Service quotas"), those reads and the key space's writes together. Undefined within them.
 */
export function readsPastQuota(analysis: QuotaSpace, reads: number): QuotaPassed | undefined {
  const bound = quotaBoundDesign(analysis.owner);
  if (bound)
    return editlessQuotaError(
      bound,
      bound.capacity.find((c) => c.index === analysis.space.index),
      'read',
      reads,
    );
  return analysis.owner.profile.throughputQuotaPassed?.(analysis.design, reads + analysis.total.writes);
}
