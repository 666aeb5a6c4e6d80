/**
 * Growth headroom (`minGrowthHeadroom`, SG014): a hot value within maxHotKeyShare that fits its partition today but
 * saturates it before the traffic grows that much. Its fix quotes what the key would need at that grown peak, read from
 * the same analysis SG003 sizes its fixes on, run on the design with every declared peak grown: no formula of its own.
 */
import type { KeyDesign, KeySpace } from '../design/key-design';
import { allFit } from '../design/sharding';
import { DesignAnalysis, type SpaceAnalysis } from './analysis';
import { shortOfGrowth } from './growth-left';
import type { MessageData } from './messages';
import { hotValueGrowth, judgedOnOnePhysicalPartition, leftToCapacity, overCapacity, throughputThatServes, unshardedDimensions } from './physical-partition';
import { bucketCountRaise, prefixIngestionHits } from './prefix-ingestion';

/**
 * Whether the key's hottest value, unsharded, would be short of minGrowthHeadroom (`shortOfGrowth`, on the same
 * unsharded figures SG014 judges it on): a sharding (or a count) that takes it there is not needless, since removing it
 * would only trade SG007's finding for SG014's. Not in a container past its usable RU/s (SG017's finding, whose raise
 * every key's growth follows, as SG014 leaves it), nor on one physical partition (every shard of the value sits on it,
 * so the shards buy no growth: it saturates when the container does), nor where the unsharded value is over its
 * ceiling (SG003's).
 */
export function unshardedShortOfGrowth(a: SpaceAnalysis): boolean {
  const dimensions = unshardedDimensions(a);
  if (overCapacity(a) || judgedOnOnePhysicalPartition(a) || !allFit(dimensions)) return false;
  return shortOfGrowth(a.design, hotValueGrowth(a), dimensions) && !grownLeftToCapacity(a);
}

/**
 * Whether the key's hottest value, at minGrowthHeadroom × today's peaks, would be over only because the container's
 * load fills its partition: the verdict SG003 gives a value today (`leftToCapacity`: at the average partition within
 * AT_AVERAGE_WITHIN, or by hashing's spread), given where the growth takes it. Such a value is short of growth only as
 * every partition is, the container's capacity (SG017's), not a hot key: a 0.001% station beside 950.4 of 952.07 usable
 * RU/s is short at 144,000 RU/s just as an ordinary one is, and SG003 leaves it to the capacity at 143,900.
 */
export function grownLeftToCapacity(a: SpaceAnalysis): boolean {
  const grown = grownAnalysis(a);
  return grown.over.length > 0 && leftToCapacity(grown);
}

/**
 * A growth factor short of `threshold` as a message prints it (two decimals): rounded down where rounding would reach
 * the threshold, so that 1.49999× never reads as the 1.5× it is below; as it is otherwise, the figure the key's other
 * findings give (SG001's, SG007's).
 */
export function shownShort(growth: number, threshold: number): number {
  if (!Number.isFinite(growth) || Math.round(growth * 100) / 100 < threshold) return growth;
  return Math.floor(growth * 100 + 1e-9) / 100;
}

/** `space` with its declared peaks times `factor`. */
function grownSpace(space: KeySpace, factor: number): KeySpace {
  const { workload } = space;
  return Object.assign({}, space, {
    workload: Object.assign({}, workload, { peakReadUnits: workload.peakReadUnits * factor, peakWriteUnits: workload.peakWriteUnits * factor }),
  });
}

/** The design with every key space's peaks times `factor`: its throughput, size and shares as declared. */
function grownDesign(design: KeyDesign, factor: number): KeyDesign {
  const primaryKey = grownSpace(design.primaryKey, factor);
  // Indexes with peaks of their own (DynamoDB's GSIs) grow with the table.
  if (!('globalSecondaryIndexes' in design)) return Object.assign({}, design, { primaryKey });
  return Object.assign({}, design, { primaryKey, globalSecondaryIndexes: design.globalSecondaryIndexes.map((gsi) => grownSpace(gsi, factor)) });
}

/** The analysis of the design at minGrowthHeadroom × its peaks, made once per lint and key space. */
function grownAnalysis(a: SpaceAnalysis): SpaceAnalysis {
  return a.once(grow);
}

const grow = (a: SpaceAnalysis): SpaceAnalysis => {
  const grown = new DesignAnalysis(grownDesign(a.design, a.design.thresholds.minGrowthHeadroom), a.owner.rulesOff);
  return grown.spaces.find((s) => s.space.index === a.space.index) as SpaceAnalysis;
};

/**
 * What the key would need at minGrowthHeadroom × today's peaks, as the analysis SG003 sizes its fixes on gives it there:
 * `grownShards`, the shards (or copies) of the full key's hottest value (`plan.needs.throughput`), or, for a hierarchical
 * key's first-level value (`firstLevel`), `grownBuckets` (with `grownBucketsRaiseTo`, the RU/s they serve at, where
 * SG003 offers them only after a raise) and the raise `grownRaiseTo` SG003's prefix check offers;
 * `grownRaiseTo` for a flat Cosmos DB key, the least RU/s that serve its hottest value there (`throughputThatServes`);
 * and `grownContainerPeak` / `grownContainerUsable` where the container itself is past its usable RU/s there (SG017's
 * finding at that peak), with `grownContainerRaise`, the RU/s SG017 raises it to (the layout the key is judged on
 * there). Empty where none applies.
 */
export function grownNeeds(a: SpaceAnalysis, firstLevel: boolean): MessageData {
  const grown = grownAnalysis(a);
  const capacity = overCapacity(grown);
  // The raise SG017 would ask for there: the layout the grown key is judged on (not a serverless container's move).
  const raised = grown.physical?.raisedFrom && !grown.physical.movedMode ? { grownContainerRaise: grown.physical.requestUnits } : {};
  const container = capacity ? Object.assign({ grownContainerPeak: capacity.peak, grownContainerUsable: capacity.usable }, raised) : {};
  if (firstLevel) {
    const hit = prefixIngestionHits(grown.owner)[0];
    const data = hit?.data ?? {};
    // A count SG003 offers only after a raise serves at that raise, not at SG017's: said, or N reads as enough there.
    const countRaise = hit && bucketCountRaise(hit);
    return Object.assign(
      {},
      typeof data.buckets === 'number' && data.buckets > 1
        ? Object.assign({ grownBuckets: data.buckets }, countRaise ? { grownBucketsRaiseTo: countRaise } : {})
        : {},
      typeof data.raiseTo === 'number' ? { grownRaiseTo: data.raiseTo } : {},
      container,
    );
  }
  const shards = grown.plan.needs.throughput;
  // A raise in place helps only a key bound by its physical partition's share of the provisioned throughput.
  const raise = grown.physical !== undefined && grown.over.length > 0 ? throughputThatServes(grown) : undefined;
  return Object.assign(
    {},
    shards !== undefined && shards > 1 ? { grownShards: shards } : {},
    raise && raise.requestUnits > (a.physical?.requestUnits ?? 0) ? { grownRaiseTo: raise.requestUnits } : {},
    container,
  );
}
