/** SG017 for DynamoDB: each key space's declared peak against the capacity that serves it. */
import { joinPath } from '../../../design/field-path';
import type { CapacityCeiling, DynamoDbKeyDesign, KeySpaceCapacity } from '../../../design/key-design';
import { DYNAMODB_LIMITS } from '../../../engines';
import type { DesignAnalysis, SpaceAnalysis } from '../../analysis';
import type { DesignEdit } from '../../edits';
import { code } from '../../format';
import { defineRule, type RuleHit } from '../../rule';
import { SOURCES } from '../../sources';
import { CAPACITY_BELOW_PEAK } from './meta';

type Id =
  | 'fixedBelowPeak'
  | 'autoscaledBelowPeak'
  | 'maximumBelowPeak'
  | 'inherited'
  | 'notPreWarmed'
  | 'overQuota'
  | 'fixCapacity'
  | 'fixMaximum'
  | 'fixPreWarm'
  | 'fixQuota';

type Dimension = 'read' | 'write';

const UNIT: Record<Dimension, string> = { read: 'RCU', write: 'WCU' };
const BELOW_PEAK: Record<CapacityCeiling['source'], Id> = {
  fixed: 'fixedBelowPeak',
  autoscaled: 'autoscaledBelowPeak',
  'on-demand-maximum': 'maximumBelowPeak',
};

/** "the table", "index `byStatus`": who the capacity belongs to. */
function spaceName(capacity: KeySpaceCapacity): string {
  return capacity.index === undefined ? 'the table' : `index ${code(capacity.index)}`;
}

function peakOf(analysis: SpaceAnalysis, dimension: Dimension): number {
  return dimension === 'read' ? analysis.total.reads : analysis.total.writes;
}

/** The peak with the design's headroom, in whole units: what the capacity should allow. */
function withHeadroom(peak: number, headroom: number): number {
  return Math.ceil(peak / headroom);
}

/** A ceiling below the peak: provisioned units, the auto-scaling maximum, or the on-demand maximum. */
function belowPeak(analysis: SpaceAnalysis, capacity: KeySpaceCapacity, dimension: Dimension, headroom: number): RuleHit<Id> | undefined {
  const ceiling = capacity[dimension];
  const peak = peakOf(analysis, dimension);
  if (ceiling === undefined || peak <= ceiling.units) return undefined;
  const suggested = withHeadroom(peak, headroom);
  const field = ceiling.inherited ? joinPath(capacity.path, `capacity.${dimension}`) : ceiling.path;
  // A GSI that takes the table's capacity gets capacity of its own: raising the table's would raise every index's.
  const value = !ceiling.inherited ? suggested : ceiling.source === 'fixed' ? { fixed: suggested } : { max: suggested };
  return {
    path: ceiling.path,
    index: capacity.index,
    messageId: BELOW_PEAK[ceiling.source],
    notes: ceiling.inherited ? ['inherited'] : undefined,
    fixId: ceiling.source === 'on-demand-maximum' ? 'fixMaximum' : 'fixCapacity',
    data: { space: spaceName(capacity), dimension, unit: UNIT[dimension], peak, limit: ceiling.units, suggested, headroom, field },
    edits: [{ op: 'set', path: field, value }],
  };
}

/**
 * A new on-demand table or GSI sustains 4,000 write and 12,000 read units per second until it has scaled
 * (the warm throughput DynamoDB reports for it); declared warm throughput replaces a dimension's default.
 */
function notPreWarmed(analysis: SpaceAnalysis, capacity: KeySpaceCapacity): RuleHit<Id> | undefined {
  const reads = analysis.total.reads;
  const writes = analysis.total.writes;
  const sustainedReads = capacity.warmReadUnits ?? DYNAMODB_LIMITS.newOnDemandReadUnits;
  const sustainedWrites = capacity.warmWriteUnits ?? DYNAMODB_LIMITS.newOnDemandWriteUnits;
  if (reads <= sustainedReads && writes <= sustainedWrites) return undefined;
  // Warm throughput can only raise what a table serves: never suggest less than it has anyway.
  const readUnitsPerSecond = Math.max(Math.ceil(reads), sustainedReads);
  const writeUnitsPerSecond = Math.max(Math.ceil(writes), sustainedWrites);
  const path = joinPath(capacity.path, 'warmThroughput');
  return {
    // The declared peak is what the new table cannot serve; the fix adds warm throughput beside it.
    path: analysis.space.workload.path,
    index: capacity.index,
    messageId: 'notPreWarmed',
    fixId: 'fixPreWarm',
    severity: 'warning',
    data: { space: spaceName(capacity), reads, writes, sustainedReads, sustainedWrites, readUnitsPerSecond, writeUnitsPerSecond },
    edits: [{ op: 'set', path, value: { readUnitsPerSecond, writeUnitsPerSecond } } satisfies DesignEdit],
  };
}

/** A peak above the default table-level quota, which bounds the table and each GSI in both modes. */
function overQuota(analysis: SpaceAnalysis, capacity: KeySpaceCapacity, dimension: Dimension): RuleHit<Id> | undefined {
  const quota = DYNAMODB_LIMITS.tableThroughputQuota;
  const peak = peakOf(analysis, dimension);
  if (peak <= quota) return undefined;
  const { workload } = analysis.space;
  return {
    // The table's peak is a declared field; a GSI's may be derived from it, so the GSI itself is named.
    path: capacity.index === undefined ? joinPath(workload.path, dimension === 'read' ? 'peakReadUnits' : 'peakWriteUnits') : capacity.path,
    index: capacity.index,
    messageId: 'overQuota',
    fixId: 'fixQuota',
    severity: 'warning',
    data: { space: spaceName(capacity), dimension, unit: UNIT[dimension], peak, quota },
  };
}

function dynamoHits(design: DynamoDbKeyDesign, analysis: DesignAnalysis): RuleHit<Id>[] {
  const { headroom } = design.thresholds;
  const hits: (RuleHit<Id> | undefined)[] = [];
  const capacityOf = new Map(design.capacity.map((c) => [c.index, c]));
  for (const space of analysis.spaces) {
    const capacity = capacityOf.get(space.space.index);
    if (capacity === undefined) continue;
    for (const dimension of ['write', 'read'] as const) hits.push(belowPeak(space, capacity, dimension, headroom));
    // Only a peak that arrives at creation meets the new table's initial throughput; one grown into is followed by scaling.
    if (design.billing === 'on-demand' && design.launchAtPeak) hits.push(notPreWarmed(space, capacity));
    for (const dimension of ['write', 'read'] as const) hits.push(overQuota(space, capacity, dimension));
  }
  return hits.filter((hit) => hit !== undefined);
}

export const dynamoDbCapacityBelowPeak = defineRule({
  ...CAPACITY_BELOW_PEAK,
  engines: ['dynamodb'],
  fires:
    "DynamoDB: a table's or GSI's declared peak (a GSI's as the analysis charges it) above its provisioned capacity, its auto-scaling maximum or its on-demand maximum (error); a new on-demand table or GSI declared to launch at its peak (`launchAtPeak`) whose peak is above what it sustains before it scales, 4,000 WCU or 12,000 RCU, with no warm throughput to cover it (warning); a peak above the default table-level quota of 40,000 units per second (warning).",
  sources: [
    SOURCES.dynamoProvisioned,
    SOURCES.dynamoAutoScaling,
    SOURCES.dynamoOnDemand,
    SOURCES.dynamoOnDemandMaximum,
    SOURCES.dynamoPreWarming,
    SOURCES.dynamoWarmThroughput,
    SOURCES.dynamoThroughputQuotas,
  ],
  messages: {
    fixedBelowPeak:
      '{{space}} provisions {{limit}} {{unit}} of {{dimension}} capacity, below its declared peak of {{peak}} {{unit}}: every request above {{limit}} {{unit}} is throttled, however evenly the key spreads the load',
    autoscaledBelowPeak:
      'auto scaling of {{space}} stops at {{limit}} {{unit}} of {{dimension}} capacity, below its declared peak of {{peak}} {{unit}}: every request above {{limit}} {{unit}} is throttled, however evenly the key spreads the load',
    maximumBelowPeak:
      'the on-demand maximum of {{space}} is {{limit}} {{unit}} of {{dimension}}s, below its declared peak of {{peak}} {{unit}}: DynamoDB throttles every request above the maximum (MaxOnDemandThroughputExceeded)',
    inherited: "(the index takes the table's capacity, as TableV2 gives every GSI that declares none)",
    notPreWarmed:
      'new and on-demand, {{space}} sustains {{sustainedReads}} RCU and {{sustainedWrites}} WCU before it scales, and its declared peak is {{reads}} RCU and {{writes}} WCU: launched at that peak it throttles until on-demand scaling catches up (it serves up to double its previous peak; more within 30 minutes throttles)',
    overQuota:
      'the declared {{dimension}} peak of {{space}}, {{peak}} {{unit}}, is above the default table-level quota of {{quota}} units per second (for a table and for each of its GSIs, in both capacity modes): requests above the quota are throttled',
    fixCapacity: 'set {{field|code}} to at least {{suggested}} ({{peak}} {{unit}} at {{headroom|percent}} utilization), or use on-demand billing',
    fixMaximum: 'raise {{field|code}} to at least {{suggested}} ({{peak}} {{unit}} at {{headroom|percent}} utilization), or remove the maximum',
    fixPreWarm:
      'pre-warm it: set warmThroughput to { readUnitsPerSecond: {{readUnitsPerSecond}}, writeUnitsPerSecond: {{writeUnitsPerSecond}} } (TableV2 `warmThroughput`); a table that has already served this peak keeps that throughput: acknowledge the finding then',
    fixQuota:
      'request an increase of the table-level throughput quota (Service Quotas, DynamoDB) before the peak, or acknowledge the finding if the quota is already raised',
  },
  check: dynamoHits,
});
