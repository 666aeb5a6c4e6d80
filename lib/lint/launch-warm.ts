/**
 * Which pre-warm a DynamoDB launch (`launchAtPeak`) asks for where its key's fix pre-warms past the table-level quota.
 * DynamoDB pre-warms a table or index only up to that quota ("Understanding DynamoDB warm throughput",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput.html), so the key's figure is
 * advice for after the quota's raise. The peak's own pre-warm (peak ÷ headroom, `warmThroughputFor`) is what a new
 * on-demand table needs to take its peak at once, where it would otherwise serve 4,000 WCU and 12,000 RCU before it
 * scales ("On-demand capacity mode", initial throughput,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html): where that is within
 * the quota, it is asked for meanwhile, and being below the key's figure, it can be raised to it later and never needs
 * lowering. SG017 writes it (`notPreWarmed`), and SG003 counts the launch's partitions on it, not on the key's figure.
 */
import type { DynamoDbKeyDesign } from '../design/key-design';
import { launchCapacity, tableQuota, warmThroughputFor } from '../engines';
import type { PlannedWarmThroughput } from './advice';
import type { SpaceAnalysis } from './analysis';
import { quotaBoundDesign } from './throughput-quota';

/** Warm throughput in both directions, as `warmThroughputFor` sizes it. */
export interface LaunchWarm {
  readonly reads: number;
  readonly writes: number;
}

/**
 * Whether the key's pre-warm (`planned`) is held back for the quota's raise while the launch gets `alone`, the peak's
 * own pre-warm: the key's figure is past the table-level quota (`pastQuota`) and `alone` is within it in both
 * directions. Where `alone` is past the quota too, no pre-warm within it serves the launch, and the key's figure is the
 * one raise to request.
 */
export function keyWarmHeldForQuota(planned: PlannedWarmThroughput | undefined, design: DynamoDbKeyDesign, alone: LaunchWarm): boolean {
  return planned?.pastQuota === true && alone.reads <= tableQuota(design, 'read') && alone.writes <= tableQuota(design, 'write');
}

/**
 * `keyWarmHeldForQuota` on the peak's own pre-warm as the engine counts a launch's partitions on it (the key space's
 * total ÷ headroom beside its declared warm throughput, `launchNeighbours`): what SG003 says SG017 asks for. False
 * where the engine's profile declares no table-level quota to hold a pre-warm back for (`quotaBoundDesign`: Cosmos DB
 * has no warm throughput).
 */
export function launchWarmHeldForQuota(analysis: SpaceAnalysis, planned: PlannedWarmThroughput): boolean {
  const design = quotaBoundDesign(analysis.owner);
  if (!planned.pastQuota || design === undefined) return false;
  const capacity = design.capacity.find((c) => c.index === analysis.space.index);
  if (capacity === undefined) return false;
  const alone = warmThroughputFor(analysis.total, launchCapacity(capacity.warmReadUnits, capacity.warmWriteUnits), design.thresholds.headroom);
  return keyWarmHeldForQuota(planned, design, alone);
}
