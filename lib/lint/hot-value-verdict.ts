/**
 * One severity rule for a key's hottest value over its usable ceiling, which SG001 (few values) and SG003 (hot key)
 * both judge: two findings on one key state the same figures and the same verdict. An error, except where the value's
 * peak is served and only the headroom the design keeps is missed:
 * - Cosmos DB: within its physical partition's full RU/s less its neighbours' expected load. A physical partition
 *   serves up to 10,000 RU/s (Azure: "Azure Cosmos DB service quotas",
 *   https://learn.microsoft.com/azure/cosmos-db/concepts-limits); the usable line is the design's headroom of that.
 * - DynamoDB: within a partition's usable ceiling alone, over only beside its neighbours, whom adaptive capacity moves
 *   away (AWS: "Burst and adaptive capacity"), while the partition stays within its 1,000 WCU / 3,000 RCU.
 */
import { fits, type LoadDimension } from '../design/sharding';
import { carriedShards, type SpaceAnalysis } from './analysis';
import type { MessageData } from './messages';
import { shareCeiling } from './physical-partition';

export const HOT_VALUE_VERDICT_MESSAGES = {
  // Within its physical partition's full RU/s, above only its headroom (withinFullPhysicalShare): a warning, and why.
  physicalHeadroomOnly:
    '; within the {{physicalRaw}} RU/s its physical partition has for it in full, so its peak is served, but above the {{headroom|percent}} the design plans to use, so this is a warning: no headroom is left for a burst above the peak, which throttles',
  // Over only beside its neighbours; adaptive capacity isolates such a key on a partition of its own (a warning). Said
  // as why the key is over, with the neighbours' figure of the sum: "alone it fits" after "over the usable ceiling"
  // read as a contradiction.
  isolatedByAdaptiveCapacity:
    "; it is over only beside its neighbours: alone it would fit one partition's usable ceiling, but with their expected {{partitionNeighbours}} {{partitionUnit}} its partition takes {{partitionLoad}} {{partitionUnit}}: over the usable line, within the {{partitionCeiling}} {{partitionUnit}} one partition serves, so its peak is served on average, but with less than the headroom kept for the seconds above that average, whose excess over the ceiling throttles; under sustained traffic adaptive capacity moves frequently accessed items to partitions of their own, so this is a warning",
  // Alone within the usable line, but with its neighbours past the partition's maximum: adaptive capacity lifts no
  // partition past it, so the expected peak throttles until the key is isolated (an error).
  pastPartitionMaximum:
    "; it is over only beside its neighbours: alone it would fit one partition's usable ceiling, but with their expected {{pastNeighbours}} {{pastUnit}} its partition takes {{pastLoad}} {{pastUnit}}, past the {{pastCeiling}} {{pastUnit}} one partition serves: adaptive capacity may later move it to a partition of its own, but it lifts no partition past that maximum, so the peak throttles until then",
} as const;

export type HotValueVerdictId = keyof typeof HOT_VALUE_VERDICT_MESSAGES;

export interface HotValueVerdict {
  readonly ids: HotValueVerdictId[];
  readonly data: MessageData;
  /** 'warning' where the peak is served (the notes say why); undefined: the rule's own severity, an error. */
  readonly severity: 'warning' | undefined;
}

/** The verdict on `a`'s hottest value over its usable ceiling (`a.over`), with the note and figures that explain it. */
export function hotValueVerdict(a: SpaceAnalysis): HotValueVerdict {
  const headroomOnly = withinFullPhysicalShare(a);
  if (headroomOnly) return { ids: ['physicalHeadroomOnly'], data: { ...headroomOnly, headroom: a.design.thresholds.headroom }, severity: 'warning' };
  if (!fitsItsOwnPartition(a)) return { ids: [], data: {}, severity: undefined };
  const past = pastPartitionMaximum(a);
  if (past)
    return {
      ids: ['pastPartitionMaximum'],
      data: { pastLoad: partitionLoad(past), pastNeighbours: neighbourLoad(past), pastCeiling: past.ceiling, pastUnit: past.unit },
      severity: undefined,
    };
  const isolated = busiestPartition(a.over);
  return {
    ids: ['isolatedByAdaptiveCapacity'],
    data: {
      partitionLoad: partitionLoad(isolated),
      partitionNeighbours: neighbourLoad(isolated),
      partitionCeiling: isolated.ceiling,
      partitionUnit: isolated.unit,
    },
    severity: 'warning',
  };
}

/**
 * A DynamoDB key whose busiest stored key fits a partition's usable ceiling alone, and is over only
 * beside its neighbours' expected load, is a warning. AWS: "If your application drives disproportionately high traffic
 * to one or more items, adaptive capacity rebalances your partitions such that frequently accessed items don't reside
 * on the same partition" ("Burst and adaptive capacity", isolate frequently accessed items), so under sustained traffic
 * such a key ends with a partition of its own, which serves it. It stays a warning, not a pass: the rebalancing follows
 * the traffic, so a spike or a launch throttles until it has happened. A key above a partition's own usable ceiling
 * stays an error: no isolation lifts the 1,000 WCU / 3,000 RCU of one partition.
 */
function fitsItsOwnPartition(a: SpaceAnalysis): boolean {
  // Not at a launch (`launchAtPeak`): the rebalancing follows sustained traffic, and a launch meets the neighbours first.
  return (
    a.over.length > 0 &&
    a.over.every((d) => d.neighbours !== undefined && !d.neighbours.atLaunch && d.neighbours.load > 0 && fits(d.load, d.neighbours.usableAlone))
  );
}

/**
 * The dimension (the one furthest past) in which a key that fits its own partition (`fitsItsOwnPartition`) takes its
 * partition, with its neighbours' expected load, past the partition's hard maximum (1,000 WCU / 3,000 RCU): AWS,
 * "throttling will occur if a single partition receives more than 3000 read operation or more than 1000 write
 * operations", and adaptive capacity serves a hot partition only "provided that traffic does not exceed your table's
 * total provisioned capacity or the partition maximum capacity" ("Burst and adaptive capacity"). The warning is for a
 * partition over the usable line and within that maximum; past it the expected peak throttles until the key is isolated.
 */
function pastPartitionMaximum(a: SpaceAnalysis): LoadDimension | undefined {
  const past = a.over.filter((d) => !fits(partitionLoad(d), d.ceiling));
  return past.length === 0 ? undefined : busiestPartition(past);
}

/** The dimension in which the key's partition, with its neighbours' expected load, is nearest its hard maximum (or furthest past it). */
function busiestPartition(dimensions: readonly LoadDimension[]): LoadDimension {
  return dimensions.reduce((w, d) => (partitionLoad(d) / d.ceiling > partitionLoad(w) / w.ceiling ? d : w));
}

/** The key's neighbours' expected load on its partition in that dimension. */
function neighbourLoad(d: LoadDimension): number {
  return d.neighbours?.load ?? 0;
}

/** The key's load with its neighbours' expected load: what its partition takes in that dimension. */
function partitionLoad(d: LoadDimension): number {
  return d.load + neighbourLoad(d);
}

/** Whether a Cosmos DB key value is served at its peak, over only the headroom the design keeps (`withinFullPhysicalShare`). */
export function servedAtPeak(a: SpaceAnalysis): boolean {
  return withinFullPhysicalShare(a) !== undefined;
}

/**
 * A Cosmos DB key value over only on its physical partition's share, and within that partition's full RU/s less its
 * neighbours' expected load (and so within its logical partition's usable 8,000 RU/s, or the dimension would name that
 * ceiling): served at its peak, only the headroom the design keeps is missed, so a burst above the peak throttles. A
 * warning (Decision 78), as the same verdict on a hierarchical key's first level is (`prefixHeadroomOnly`) and as SG017
 * warns of a container within its RU/s and above its headroom. The figure returned: the RU/s left it in full.
 */
function withinFullPhysicalShare(a: SpaceAnalysis): { readonly physicalRaw: number } | undefined {
  if (a.over.length === 0 || !a.over.every((d) => d.physical !== undefined && fits(d.load + d.physical.neighbours, d.physical.requestUnitsEach)))
    return undefined;
  const [d] = a.over;
  const share = d.physical as NonNullable<LoadDimension['physical']>;
  return { physicalRaw: Math.max(0, share.requestUnitsEach - share.neighbours) };
}

/**
 * The ceiling a dimension over the logical partition's binds at: the engine names the logical ceiling for a value above
 * it (no RU/s lift that one), but where the busiest stored key's physical partition gives it less (its share of the
 * container's RU/s, at headroom, less the neighbours' expected load: `shareCeiling`, on the share SG003 judges it on),
 * that share is the lower and binds: a /productId value of 10,000 RU/s on a partition of 6,000 RU/s leaves it 1,800,
 * and shards sized to fit 8,000 would still throttle there. SG002 quotes the same (`physicalShareOverLogical`).
 */
export function bindingDimension(a: SpaceAnalysis, d: LoadDimension): { readonly dimension: LoadDimension; readonly overLogical: boolean } {
  if (d.physical) return { dimension: d, overLogical: false };
  const sharding = a.space.sharding ?? carriedShards(a.space);
  const layout = sharding?.strategy ?? 'none';
  const n = sharding?.shards ?? 1;
  const share = a.storedKeyShare(layout, n);
  const below = share && shareCeiling(a, { loads: a.storedLoads(layout, n), cardinality: a.trafficValues * n }, share);
  return below && below.usable < d.usable ? { dimension: below, overLogical: true } : { dimension: d, overLogical: false };
}
