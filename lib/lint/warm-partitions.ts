/**
 * DynamoDB's lever before a wide fan-out: more partitions. A hot key's shard count is sized beside its neighbours, 1/P
 * of the rest of the key space's load on each stored key's partition (`dynamoNeighbourModel`), so where P is small the
 * neighbours, not the key's own 1,000 WCU / 3,000 RCU, set the count (63 shards where 5 would serve the key alone), or
 * leave none. Warm throughput raises P without raising the capacity billed by the hour: it "can be set on provisioned
 * and on-demand tables and GSIs", for reads, writes or both, and "once increased, warm throughput values can't be
 * decreased" ("Understanding DynamoDB warm throughput"); a partition serves 1,000 write and 3,000 read units a second
 * ("Understanding DynamoDB warm throughput in different scenarios"), so W write units of warm throughput are ⌈W ÷ 1,000⌉
 * partitions, which the neighbour model counts (`provisionedAtPeak`, `onDemandNeighboursWarm`). The Cosmos DB side's
 * "raise in place, then shard" (physical-partition.ts, `shardRaises`) is the same idea on a container's RU/s.
 */
import { joinPath } from '../design/field-path';
import { besideNeighbours, crowdOnOnePartition, hashedPairFits, type KeyOnPartition } from '../design/hashed-pair';
import type { DynamoDbKeyDesign, KeySpaceCapacity } from '../design/key-design';
import { MAX_SHARDS_ACCEPTED } from '../design/limits';
import { allFit, countByLoad, firstCount, fits, leastBetween, smallestCount, type KeyLayout, type LoadDimension, type Loads } from '../design/sharding';
import { DYNAMODB_LIMITS, dynamoPartitionsFor, tableQuota, type DynamoDbQuotas } from '../engines';
import type { SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { readsOneShard } from './one-shard-reads';
import { MIN_SPARE_FOR_COUNTS } from './physical-partition';
import { peakPastQuota } from './throughput-quota';

/** The least warm throughput at which the fewest shards the hottest value can have fit beside its neighbours. */
export interface WarmLever {
  /** P now, and P′ once pre-warmed. */
  readonly partitions: number;
  readonly warmPartitions: number;
  /** The fewest count that fits with 5% of the usable ceiling free at any warm throughput within the quota, P′ the least at which it does (1: the key as it is, unsharded). */
  readonly shards: number;
  /**
   * Where `shards` is the declared count, kept though fewer would fit (`keptDeclaredCount`): that fewest count, which the
   * fix names without writing it.
   */
  readonly fewerWouldFit?: number;
  /** Whether twice the peak, not the declared table-level quota, bounded that warm throughput (`twicePeakPartitions`). */
  readonly peakBound?: boolean;
  /** The warm throughput to set, in one direction only (`warmDirection`). */
  readonly writeUnitsPerSecond?: number;
  readonly readUnitsPerSecond?: number;
  /** The busiest stored key's load at P′ on the dimension nearest its ceiling, its neighbours there, and that ceiling's usable part. */
  readonly storedLoad: number;
  readonly storedNeighbours: number;
  readonly storedUsable: number;
  readonly unit: string;
  /**
   * Which test set P′ and the count (`warmBinding`): where the keys hashed onto one partition (two, or past P′ the
   * crowd and one more) need more than 5% of the usable ceiling free does, their figures, for the fix to say so.
   */
  readonly pair?: WarmPairBinding;
  readonly edit: DesignEdit;
  /**
   * The ceilings a stored key with `loads` meets at P′, beside its neighbours there: what the fix that leads with this
   * lever judges any other key on (the values a hot-values sharding leaves unsharded, hot-values.ts), so the fix and
   * the next lint count the same P′.
   */
  readonly dimensionsOf: (loads: Loads) => readonly LoadDimension[];
}

/** The pair test where it, not 5% of the usable ceiling free, sets a warm lever's partitions or its count. */
export interface WarmPairBinding {
  /** The keys on one partition the test holds (2, or past P′ ⌈N/P′⌉ + 1), what they take there, and its hard maximum. */
  readonly keys: number;
  readonly load: number;
  readonly maximum: number;
  readonly unit: string;
  /** Whether it sets P′ (at P′ − 1 the count leaves 5% free, but its keys on one partition pass the maximum). */
  readonly setsPartitions: boolean;
  /** Whether it sets the count (a smaller one leaves 5% free at the most partitions the quota allows). */
  readonly setsCount: boolean;
}

/**
 * The one place that says which test binds a warm lever (`warmLever`): the pair test (`hashedPairFits`) where the
 * count's keys leave 5% of the usable ceiling free at P′ − 1 (it sets P′), or where fewer keys leave 5% free at the most
 * partitions (it sets the count); undefined where 5% free binds both. With the pair's figures at P′.
 */
function warmBinding(
  spare: (dimensions: readonly LoadDimension[]) => boolean,
  atPrevious: readonly LoadDimension[] | undefined,
  atWarm: readonly LoadDimension[],
  keys: number,
  spareFewest: number | undefined,
): WarmPairBinding | undefined {
  const setsPartitions = atPrevious !== undefined && spare(atPrevious);
  const setsCount = spareFewest === undefined || spareFewest < keys;
  if (keys <= 1 || (!setsPartitions && !setsCount)) return undefined;
  const worst = atWarm
    .flatMap(besideNeighbours)
    .map((figure) => ({ figure, crowd: crowdOnOnePartition(figure, keys) }))
    .reduce<{ figure: KeyOnPartition; crowd: { keys: number; load: number } } | undefined>(
      (a, b) => (a === undefined || b.crowd.load / b.figure.maximum > a.crowd.load / a.figure.maximum ? b : a),
      undefined,
    );
  if (!worst) return undefined;
  return { keys: worst.crowd.keys, load: worst.crowd.load, maximum: worst.figure.maximum, unit: worst.figure.unit, setsPartitions, setsCount };
}

/**
 * The warm-throughput lever for a DynamoDB key space over its ceiling, where its shard count today is above the
 * partitions counted now (a fan-out its neighbours set, more than its own ceiling needs), or no count fits, or the count
 * is above maxShards: the fewest shards (from the count the key's own ceiling needs, 1 where it fits alone) that fit
 * with 5% of the usable ceiling free (MIN_SPARE_FOR_COUNTS, as the Cosmos DB counts) at some warm throughput within the
 * table-level quota (DynamoDB pre-warms only up to it: "Understanding DynamoDB warm throughput"), at the least such
 * throughput. Judged on the design as the edit leaves it, through the engine's own neighbour model, so the next lint
 * counts the same P′; the count offered is that fewest one, which P′ is the least for, and every rule quotes it. Undefined
 * where the lever's count is more than half today's (a fan-out of 5 cut to 4 is not worth a charge that cannot be
 * undone), and for caches (they keep their own advice). Replicated copies take the lever as shards do: each copy of the
 * hottest item meets 1/P of the rest of the key space beside it, its sibling copies and N × the writes among them
 * (`SpaceAnalysis.totalAt`), so more partitions let fewer copies fit, and each copy fewer is one write fewer per item
 * for as long as the copies are kept, where the warm throughput is charged once. Where the largest value needs shards for its size (an
 * item collection with an LSI), the counts start from that need (`sizedOwnCount`): the count offered meets both.
 */
export function warmLever(analysis: SpaceAnalysis, cachedReads = false): WarmLever | undefined {
  const { plan, space } = analysis;
  // An engine that counts a key space's partitions from its capacity (DynamoDB's neighbour model) and declares it per key space.
  const design = analysis.design as DynamoDbKeyDesign;
  if (!analysis.owner.profile.neighbourModel || !('capacity' in design) || analysis.over.length === 0) return undefined;
  // Copies of an item whose reads are cached (`cachedReads`) would serve no read: the cache leads alone there.
  if (plan.layout !== 'random' && plan.layout !== 'calculated' && (plan.layout !== 'replicated' || cachedReads)) return undefined;
  // A count an index carrying the table's shards sets (`carryingIndex`): the table's warm throughput makes no partition of
  // the index's, which its shards are for, so no pre-warm of the table lowers it.
  if (plan.carryingIndex !== undefined) return undefined;
  const layout: KeyLayout = plan.layout;
  const now = analysis.over[0].neighbours?.partitions;
  const capacity = design.capacity.find((c) => c.index === space.index);
  if (now === undefined || capacity === undefined) return undefined;
  const { headroom, maxShards } = design.thresholds;
  const cap = Math.min(maxShards, MAX_SHARDS_ACCEPTED);
  const planned = plan.shards !== undefined && plan.shards <= maxShards ? plan.shards : undefined;
  // A count no larger than the partitions it spreads over is no extreme fan-out: it stays the fix.
  if (planned !== undefined && planned <= now) return undefined;
  // The most shards the lever offers: within maxShards, and worth a one-off charge that cannot be undone only where it at
  // least halves the fan-out (5 shards → 4 is not). Its count is no fewer than the key's own (`own`) nor than the fewest
  // that fits (`fewest`): each is held to that as soon as it is known, and the search for the fewest goes no further.
  const mostShards = planned === undefined ? cap : Math.min(cap, Math.floor(planned / 2));
  // `cachedReads`: the hottest value's reads are of one item that no count spreads, and DAX in front of them takes them
  // off its partition and off the table's reads; its writes are judged alone (DAX writes through).
  const short = new Set(analysis.over.map((d) => d.label).filter((label) => !cachedReads || label !== 'read'));
  if (short.size === 0) return undefined;
  const raised = warmDirection(short, layout);
  // A quota declared above the default lets the pre-warm grow with the load, not with the quota (`twicePeakPartitions`).
  const quotaMost = mostWarmPartitions(design.quotas, raised);
  const peakMost = Math.max(mostWarmPartitions(NO_RAISED_QUOTAS, raised), twicePeakPartitions(analysis.total, raised));
  const most = Math.min(quotaMost, peakMost);
  if (most <= now) return undefined;
  // The own count is a search: made only once the checks above leave a lever possible.
  const { loads, total } = cachedReads ? cachedReadLoads(analysis) : { loads: analysis.hot, total: analysis.total };
  const own = sizedOwnCount(analysis, layout, cap, loads);
  if (own === undefined || own > mostShards) return undefined;
  // The ceilings at `partitions` (one judge per partition count: it reads the design as the edit leaves it), and at n shards under one.
  const judgeAt = (partitions: number) => warmedJudge(analysis, capacity, raised, partitions, total);
  const withShards = (judge: ReturnType<typeof judgeAt>, n: number) =>
    judge(
      analysis.storedLoads(n === 1 ? 'none' : layout, n, loads),
      analysis.uniformValues(n),
      analysis.totalAt(layout, n, total),
      // Cached reads reach no partition: the rest as declared. Else the peak as charged at n (`chargedAtCount`), as the lint counts it.
      cachedReads ? undefined : analysis.chargedAtCount(n === 1 ? 'none' : layout, n),
    );
  // The fewest count that fits with room to spare at the most partitions the quota allows (more partitions only help).
  const atMost = judgeAt(most);
  // Copies' own writes grow with N, so their fit is no monotone search (`firstCount`, as the plan counts copies).
  const roomy = (n: number) => n >= own && fitsWithSpare(withShards(atMost, n), headroom, n);
  const fewest = layout === 'replicated' ? firstCount(roomy) : fewestRoomy((n) => withShards(atMost, n), headroom, own, mostShards);
  if (fewest === undefined || fewest > mostShards) return undefined;
  const kept = keptDeclaredCount(analysis, fewest, (n) => n <= cap && fitsWithSpare(withShards(atMost, n), headroom, n));
  const count = kept ?? fewest;
  if (count > mostShards) return undefined;
  let partitions = now + 1;
  let judge = judgeAt(partitions);
  while (!fitsWithSpare(withShards(judge, count), headroom, count)) judge = judgeAt(++partitions);
  // The count offered is `fewest`, the one P′ is the least for: a smaller count that fits at P′ only without the spare
  // (15 shards at 783 of 800 WCU where 16 leave 5% free) fits at fewer partitions too (36, not 38), so offered with P′ it
  // would make "the least at which it fits" false, and leave it no margin at all at its own least.
  const nearest = nearestShort(withShards(judge, count), short, headroom);
  const warm = warmUnits(raised, partitions);
  const spare = (dimensions: readonly LoadDimension[]) => spareFree(dimensions, headroom);
  const spareAtMost = (n: number) => n >= own && spare(withShards(atMost, n));
  const pair = warmBinding(
    spare,
    partitions > 1 ? withShards(judgeAt(partitions - 1), count) : undefined,
    withShards(judge, count),
    count,
    // A kept count is not the fewest: nothing sets it but the declaration.
    kept ?? (layout === 'replicated' ? firstCount(spareAtMost) : smallestCount(spareAtMost, own)),
  );
  return {
    partitions: now,
    warmPartitions: partitions,
    shards: count,
    ...(kept !== undefined ? { fewerWouldFit: fewest } : {}),
    ...(peakMost < quotaMost ? { peakBound: true } : {}),
    ...warm,
    ...storedFit(nearest, headroom),
    unit: nearest.unit,
    ...(pair ? { pair } : {}),
    edit: {
      op: 'set',
      path: joinPath(capacity.path, 'warmThroughput'),
      value: {
        ...(capacity.warmReadUnits !== undefined ? { readUnitsPerSecond: capacity.warmReadUnits } : {}),
        ...(capacity.warmWriteUnits !== undefined ? { writeUnitsPerSecond: capacity.warmWriteUnits } : {}),
        ...warm,
      },
    },
    dimensionsOf: judge,
  };
}

/**
 * The declared shard count, where the warm lever keeps it rather than lowering it to the `fewest` that fits: the plan
 * keeps the declared strategy and source, the declared count is more than that fewest and fits at some warm throughput
 * within the quota (`fitsAtMost`, with 5% free and its keys on one partition within the maximum), and every declared
 * read of the value reaches one shard (`readsOneShard`), so fewer shards would save no read. A lower count would only
 * move the items already written (each calculated shard is hash mod N; a dropped random suffix is no longer read), a data
 * migration for nothing. Where a read fans out over every shard, each shard fewer is a query fewer a read: the fewest.
 */
function keptDeclaredCount(analysis: SpaceAnalysis, fewest: number, fitsAtMost: (n: number) => boolean): number | undefined {
  const { plan, space } = analysis;
  const declared = space.sharding;
  if (!declared || declared.strategy !== plan.layout || declared.sourceAttribute !== plan.sourceAttribute) return undefined;
  if (declared.shards <= fewest || !readsOneShard(analysis) || !fitsAtMost(declared.shards)) return undefined;
  return declared.shards;
}

/** A raise in place of a provisioned table's fixed write capacity, and the shards of its hottest value's writes that then fit. */
export interface WriteRaiseLever {
  /** The write capacity units to set, the field that declares them, and the partitions they make (P now, P′ once raised). */
  readonly writeUnits: number;
  readonly path: string;
  readonly partitions: number;
  readonly raisedPartitions: number;
  /** The fewest shards that fit there with 5% of the usable ceiling free, and how the busiest fits. */
  readonly shards: number;
  readonly storedLoad: number;
  readonly storedNeighbours: number;
  readonly storedUsable: number;
}

/**
 * The other way to more partitions on a provisioned table whose write capacity is `fixed`: raise it.
 * A provisioned table has partitions for the capacity it is given, and raising it past what they serve raises its warm
 * throughput with it ("As you increase the provisioned throughput beyond these values, the warm throughput will
 * automatically adjust to the new higher values", "Understanding DynamoDB warm throughput in different scenarios"; each
 * partition 1,000 write units a second). The least fixed write units at which a count within maxShards of the hottest
 * value's writes (its reads cached: `warmLever`'s `cachedReads`) fits with 5% of the usable ceiling free, judged by the
 * engine's own neighbour model on the design so raised; billed by the hour, where warm throughput is charged once, so it
 * follows that lever. Undefined where the write capacity is not fixed, or no such raise within the table-level quota serves.
 */
export function writeRaiseLever(analysis: SpaceAnalysis): WriteRaiseLever | undefined {
  const { plan, space } = analysis;
  const design = analysis.design as DynamoDbKeyDesign;
  if (!analysis.owner.profile.neighbourModel || !('capacity' in design) || design.billing !== 'provisioned') return undefined;
  if (plan.layout !== 'random' && plan.layout !== 'calculated') return undefined;
  const capacity = design.capacity.find((c) => c.index === space.index);
  const write = capacity?.write;
  const now = analysis.over.find((d) => d.label === 'write')?.neighbours?.partitions;
  if (!capacity || write?.source !== 'fixed' || write.inherited || now === undefined) return undefined;
  const { headroom, maxShards } = design.thresholds;
  const cap = Math.min(maxShards, MAX_SHARDS_ACCEPTED);
  const { loads, total } = cachedReadLoads(analysis);
  const layout: KeyLayout = plan.layout;
  const own = sizedOwnCount(analysis, layout, cap, loads);
  if (own === undefined) return undefined;
  const most = Math.floor(tableQuota(design, 'write') / DYNAMODB_LIMITS.partitionWriteUnits);
  for (let partitions = now + 1; partitions <= most; partitions++) {
    // The least fixed write units that make `partitions`: one more than the partitions before serve.
    const writeUnits = Math.max(write.units + 1, (partitions - 1) * DYNAMODB_LIMITS.partitionWriteUnits + 1);
    const judge = judgeWithCapacity(analysis, capacity, { write: Object.assign({}, write, { units: writeUnits }) }, total);
    const dimensionsAt = (n: number) =>
      judge(analysis.storedLoads(n === 1 ? 'none' : layout, n, loads), analysis.uniformValues(n)).filter((d) => d.label === 'write');
    const shards = fewestRoomy(dimensionsAt, headroom, own);
    if (shards === undefined || shards > cap) continue;
    const [d] = dimensionsAt(shards);
    const counted = d.neighbours?.partitions ?? partitions;
    return {
      writeUnits,
      path: write.path,
      partitions: now,
      raisedPartitions: counted,
      shards,
      ...storedFit(d, headroom),
    };
  }
  return undefined;
}

/**
 * Partitions past the default table-level quota, where none within it serves: the warm throughput (with the quota
 * raised to it) at which the hottest value's declared shard count, or else the fewest within maxShards, fits beside its
 * neighbours with 5% of the usable ceiling free (`warmLever` finds nothing there: it stops at the quota, since DynamoDB
 * pre-warms a table or index only up to the table-level quota of the account in the Region, which Service Quotas raises:
 * "Understanding DynamoDB warm throughput"; "Service quotas", throughput default quotas). At SG017's raise, peak ÷
 * headroom, every partition averages its usable line, so any stored key heavier than the average one is over: the raise
 * is the table's floor, not what a key needs, and only more partitions (a smaller 1/P of the rest beside each key) or a
 * lighter stored key (more shards, batched writes) fit it.
 *
 * The partitions are offered as warm throughput, not provisioned capacity, because the same partitions cost less so:
 * warm throughput is charged once for the increase, where provisioned capacity is charged "based on the hourly read and
 * write capacity you have provisioned, not how much of that provisioned capacity you actually consumed" ("DynamoDB
 * provisioned capacity mode"); and under auto scaling the capacity at the peak is peak ÷ target utilization,
 * capped at the maximum ("Managing throughput capacity automatically with DynamoDB auto scaling"), so a raised maximum
 * makes no partition past that, and only a minimum raised to the figure would, billed at every hour of the day.
 * Bounded by the partitions an on-demand table serving the same peak holds (twice its previous peak, the neighbour
 * model's `twice-the-peak`): a design that asks for more than that is no "cheap" raise, and the alternative of on-demand
 * billing (`onDemandServes`) fits the same count there. A fix that needs a quota raise writes no edit (throughput-quota.ts):
 * this is advice. Undefined where the lever within the quota applies, the layout is not write or read shards, or no
 * count within maxShards fits by that bound.
 */
export function pastQuotaLever(analysis: SpaceAnalysis): PastQuotaLever | undefined {
  const { plan, space } = analysis;
  const design = analysis.design as DynamoDbKeyDesign;
  if (!analysis.owner.profile.neighbourModel || !('capacity' in design) || analysis.over.length === 0) return undefined;
  if ((plan.layout !== 'random' && plan.layout !== 'calculated') || plan.carryingIndex !== undefined) return undefined;
  const { maxShards } = design.thresholds;
  if (plan.shards !== undefined && plan.shards <= maxShards) return undefined;
  const now = analysis.over[0].neighbours?.partitions;
  const capacity = design.capacity.find((c) => c.index === space.index);
  if (now === undefined || capacity === undefined || analysis.once(warmLever) !== undefined) return undefined;
  const layout: KeyLayout = plan.layout;
  const short = new Set(analysis.over.map((d) => d.label));
  const raised = warmDirection(short, layout);
  const withinQuota = Math.max(now, mostWarmPartitions(design.quotas, raised));
  const { total } = analysis;
  const bound = twicePeakPartitions(total, raised);
  if (bound <= withinQuota) return undefined;
  const cap = Math.min(maxShards, MAX_SHARDS_ACCEPTED);
  const own = sizedOwnCount(analysis, layout, cap, analysis.hot);
  if (own === undefined) return undefined;
  const { headroom } = design.thresholds;
  const stored = (n: number) => analysis.storedLoads(n === 1 ? 'none' : layout, n, analysis.hot);
  const withShards = (partitions: number, n: number) =>
    warmedJudge(
      analysis,
      capacity,
      raised,
      partitions,
      total,
    )(stored(n), analysis.uniformValues(n), analysis.totalAt(layout, n, total), analysis.chargedAtCount(n === 1 ? 'none' : layout, n));
  const roomyAt = (partitions: number) => (n: number) => n >= own && fitsWithSpare(withShards(partitions, n), headroom, n);
  // The declared count where it fits by the bound (the user's own fan-out, one edit fewer); else the fewest there.
  const declared = space.sharding?.strategy === layout ? space.sharding.shards : undefined;
  const keeps = declared !== undefined && declared >= own && declared <= cap && roomyAt(bound)(declared);
  const shards = keeps ? declared : fewestRoomy((n) => withShards(bound, n), headroom, own);
  if (shards === undefined || shards > cap) return undefined;
  // More partitions only lighten the neighbours beside each stored key.
  const partitions = leastBetween((p) => roomyAt(p)(shards), withinQuota + 1, bound);
  const nearest = nearestShort(withShards(partitions, shards), short, headroom);
  const warm = warmUnits(raised, partitions);
  // Which test set P′ (the count is the declared one, or the fewest at the bound: its binding is not said here).
  const spare = (dimensions: readonly LoadDimension[]) => spareFree(dimensions, headroom);
  const previous = partitions - 1 > withinQuota ? withShards(partitions - 1, shards) : undefined;
  const pair = warmBinding(spare, previous, withShards(partitions, shards), shards, shards);
  return {
    ...(pair?.setsPartitions ? { pair } : {}),
    direction: warm.writeUnitsPerSecond !== undefined ? 'write' : 'read',
    units: warm.writeUnitsPerSecond ?? warm.readUnitsPerSecond ?? 0,
    partitions,
    fromPartitions: now,
    quotaPartitions: withinQuota,
    shards,
    keepsDeclared: keeps,
    ...storedFit(nearest, headroom),
    unit: nearest.unit,
    onDemandServes: onDemandServes(analysis, design, shards),
  };
}

/** `pastQuotaLever`'s answer: the warm throughput past the quota, the partitions it makes, and the count that fits there. */
export interface PastQuotaLever {
  /** The direction raised, and the units a second to pre-warm it to (and to ask the quota raised to). */
  readonly direction: 'read' | 'write';
  readonly units: number;
  /** P′ there, P counted now, and the most warm throughput within the default quota makes. */
  readonly partitions: number;
  readonly fromPartitions: number;
  readonly quotaPartitions: number;
  /** The count that fits at P′ with 5% of the usable ceiling free, and whether it is the one the design declares. */
  readonly shards: number;
  readonly keepsDeclared: boolean;
  /** Where the keys hashed onto one partition, not 5% free, set P′ (`warmBinding`): their figures there. */
  readonly pair?: WarmPairBinding;
  /** The busiest stored key's load at P′ on the dimension nearest its ceiling, its neighbours there, and that ceiling's usable part. */
  readonly storedLoad: number;
  readonly storedNeighbours: number;
  readonly storedUsable: number;
  readonly unit: string;
  /** A provisioned table that on-demand billing would serve at the same count (its partitions: twice its previous peak). */
  readonly onDemandServes: boolean;
}

/**
 * Whether a provisioned table moved to on-demand billing fits `shards` of the hottest value: the same design with its
 * billing changed, judged by the engine's own neighbour model (an existing on-demand table's partitions follow twice its
 * previous peak, "On-demand capacity mode"). Not for a table launched at its peak: a new on-demand table starts with
 * 4,000 write units a second of warm throughput (SG017's pre-warm, a launch's own finding).
 */
function onDemandServes(analysis: SpaceAnalysis, design: DynamoDbKeyDesign, shards: number): boolean {
  if (design.billing !== 'provisioned' || design.launchAtPeak) return false;
  // The table-level quota bounds an on-demand table too: a peak above it is throttled there whatever the count.
  const { total } = analysis;
  if (peakPastQuota(design, 'write', total.writes) || peakPastQuota(design, 'read', total.reads)) return false;
  const layout = analysis.plan.layout as KeyLayout;
  const judge = judgeOnDesign(analysis, Object.assign({}, design, { billing: 'on-demand' as const }), analysis.total);
  const dimensions = judge(
    analysis.storedLoads(shards === 1 ? 'none' : layout, shards, analysis.hot),
    analysis.uniformValues(shards),
    analysis.totalAt(layout, shards),
    analysis.chargedAtCount(shards === 1 ? 'none' : layout, shards),
  );
  return fitsWithSpare(dimensions, design.thresholds.headroom, shards);
}

/**
 * The one direction warm throughput is raised in: the least warm throughput that makes the partitions. A partition
 * serves 1,000 write and 3,000 read units a second ("Understanding DynamoDB warm throughput in different scenarios"),
 * and the neighbour model counts the partitions either direction makes (max(⌈R ÷ 3,000⌉, ⌈W ÷ 1,000⌉),
 * `dynamoPartitionsFor`), so one direction gives P′ for both: the writes where they are short (1,000 units a partition,
 * and up to 40 partitions under the 40,000-unit table-level quota, where reads make 13), else the reads. Warm
 * throughput is set "for read operations, write operations, or both" ("Understanding DynamoDB warm throughput").
 * Raising both would ask for twice the charge: a table short on both was once asked for 13,000 WCU and 39,000 RCU,
 * either of which made its 13 partitions. Replicated copies raise the writes too, though their reads are short: the
 * copies write every item N times, which a launch pre-warms in that direction anyway (SG017), and the reads' 13
 * partitions are often what a table launched at its read peak has already (a short link read at 30,000 RCU).
 */
function warmDirection(short: ReadonlySet<string>, layout: KeyLayout): ReadonlySet<string> {
  return new Set([short.has('write') || layout === 'replicated' ? 'write' : 'read']);
}

/**
 * The fewest stored keys under `layout` whose busiest fits the usable ceiling alone (no neighbours): 1 where the key does.
 * The search starts from N = ceil(load ÷ usable) of the one unsharded key (`countByLoad`), which it confirms in two
 * checks where the shards divide the load, as the plan's count search does (`countToTry`).
 */
function ownCount(analysis: SpaceAnalysis, layout: KeyLayout, cap: number, loads: Loads = analysis.hot): number | undefined {
  const { headroom } = analysis.design.thresholds;
  const alone = (n: number) => analysis.owner.profile.loadDimensions(analysis.storedLoads(n === 1 ? 'none' : layout, n, loads), headroom);
  const n = smallestCount((count) => allFit(alone(count)), countByLoad(alone(1)));
  return n !== undefined && n <= cap ? n : undefined;
}

/**
 * The fewest stored keys a lever may offer: the count the key's own ceiling needs (`ownCount`), and no fewer than the
 * largest value's size needs (`plan.needs.size`: an item collection with an LSI holds at most 10 GB, "Item collection
 * size limit"), since partitions made by warm throughput or capacity divide no item collection. Both constraints are
 * one search: the lever's counts start here, and every count it tries is checked against the load beside its
 * neighbours, so the count offered is the smallest meeting both. Undefined where either needs more than `cap`.
 */
function sizedOwnCount(analysis: SpaceAnalysis, layout: KeyLayout, cap: number, loads: Loads): number | undefined {
  const own = ownCount(analysis, layout, cap, loads);
  const size = analysis.plan.needs.size;
  return own === undefined || size > cap ? undefined : Math.max(own, size);
}

/** No quota raised: the published defaults are in force. */
const NO_RAISED_QUOTAS: DynamoDbQuotas = {};

/** The most partitions warm throughput can make in the direction raised: the table-level quota in force ÷ a partition's ceiling. */
function mostWarmPartitions(quotas: DynamoDbQuotas, short: ReadonlySet<string>): number {
  const write = short.has('write') ? Math.floor(tableQuota({ quotas }, 'write') / DYNAMODB_LIMITS.partitionWriteUnits) : Infinity;
  const read = short.has('read') ? Math.floor(tableQuota({ quotas }, 'read') / DYNAMODB_LIMITS.partitionReadUnits) : Infinity;
  return Math.min(write, read);
}

/**
 * The partitions of twice the key space's peak in the direction raised: those an on-demand table that has served the
 * peak holds anyway (it "instantly accommodates up to double the previous peak traffic", "On-demand capacity mode").
 * `pastQuotaLever` names no partitions past them; `warmLever` pre-warms past them only within the default table-level
 * quota: a quota declared higher would make the pre-warm grow with the quota, not the load (138,000 WCU for 22 shards
 * under a 150,000 quota, 315,000 WCU for 18 under 400,000, on a 30,000 WCU table, where 59,000 WCU serve 48), each
 * further partition cutting a few queries of the fan-out for a charge that cannot be lowered ("Understanding DynamoDB
 * warm throughput").
 */
function twicePeakPartitions(total: Loads, raised: ReadonlySet<string>): number {
  return dynamoPartitionsFor(raised.has('read') ? 2 * total.reads : 0, raised.has('write') ? 2 * total.writes : 0);
}

/** Warm throughput for `partitions` in the direction raised: a partition's ceiling each. */
function warmUnits(short: ReadonlySet<string>, partitions: number): { writeUnitsPerSecond?: number; readUnitsPerSecond?: number } {
  return {
    ...(short.has('write') ? { writeUnitsPerSecond: partitions * DYNAMODB_LIMITS.partitionWriteUnits } : {}),
    ...(short.has('read') ? { readUnitsPerSecond: partitions * DYNAMODB_LIMITS.partitionReadUnits } : {}),
  };
}

/**
 * The ceilings a stored key meets once the key space is pre-warmed for `partitions`: the design with that warm
 * throughput declared, judged by the engine's own neighbour model (so P′ is what the next lint counts).
 */
function warmedJudge(
  analysis: SpaceAnalysis,
  capacity: KeySpaceCapacity,
  short: ReadonlySet<string>,
  partitions: number,
  total: Loads,
): (stored: Loads, values?: number, atTotal?: Loads, charged?: Loads) => readonly LoadDimension[] {
  const warm = warmUnits(short, partitions);
  return judgeWithCapacity(
    analysis,
    capacity,
    {
      ...(warm.writeUnitsPerSecond !== undefined ? { warmWriteUnits: warm.writeUnitsPerSecond } : {}),
      ...(warm.readUnitsPerSecond !== undefined ? { warmReadUnits: warm.readUnitsPerSecond } : {}),
    },
    total,
  );
}

/**
 * The ceilings a stored key meets on the design with the key space's `capacity` changed by `change` (a warm throughput
 * declared, a fixed capacity raised), judged by the engine's own neighbour model beside `total`: the partitions the
 * next lint counts once the edit is applied, so a lever and the lint after it agree (`values`: the stored keys sharing
 * the traffic where the key is uniform, `SpaceAnalysis.uniformValues`, as the lint passes them; `atTotal`: the key space's
 * load at the count judged, where copies multiply its writes).
 */
function judgeWithCapacity(
  analysis: SpaceAnalysis,
  capacity: KeySpaceCapacity,
  change: Partial<KeySpaceCapacity>,
  total: Loads,
): (stored: Loads, values?: number, atTotal?: Loads, charged?: Loads) => readonly LoadDimension[] {
  const design = analysis.design as DynamoDbKeyDesign;
  const changed: KeySpaceCapacity = Object.assign({}, capacity, change);
  return judgeOnDesign(analysis, Object.assign({}, design, { capacity: design.capacity.map((c) => (c === capacity ? changed : c)) }), total);
}

/** The ceilings a stored key of the key space meets on `edited` (the design as an edit leaves it), by the engine's own neighbour model. */
function judgeOnDesign(
  analysis: SpaceAnalysis,
  edited: DynamoDbKeyDesign,
  total: Loads,
): (stored: Loads, values?: number, atTotal?: Loads, charged?: Loads) => readonly LoadDimension[] {
  const model = analysis.owner.profile.neighbourModel?.(edited);
  const { headroom } = edited.thresholds;
  // `charged`: the peak the neighbours are the rest of, each Query of a fan-out counted (`SpaceAnalysis.chargedAtCount`).
  return (stored: Loads, values?: number, atTotal: Loads = total, charged?: Loads) =>
    analysis.owner.profile.loadDimensions(stored, headroom, undefined, model?.(analysis.space.index, atTotal, stored, values, charged ?? atTotal));
}

/**
 * The hottest value's loads and the key space's total with its reads cached: the reads of one item that no count
 * spreads, answered by DAX in front of them, reach neither its partition nor the table, while its writes do (DAX
 * writes through), so they are judged alone.
 */
function cachedReadLoads(analysis: SpaceAnalysis): { readonly loads: Loads; readonly total: Loads } {
  return {
    loads: { reads: 0, writes: analysis.hot.writes },
    total: { reads: analysis.total.reads - analysis.hot.reads, writes: analysis.total.writes },
  };
}

/** The short dimension whose stored key and neighbours come nearest its usable ceiling: the one a lever's message quotes. */
function nearestShort(dimensions: readonly LoadDimension[], short: ReadonlySet<string>, headroom: number): LoadDimension {
  const room = (d: LoadDimension) => usableAlone(d, headroom) - d.load - (d.neighbours?.load ?? 0);
  return dimensions.filter((d) => short.has(d.label)).reduce((a, b) => (room(b) < room(a) ? b : a));
}

/** What a lever's message quotes of the dimension it judged: the busiest stored key's load, its neighbours', and the usable ceiling alone. */
function storedFit(d: LoadDimension, headroom: number): { readonly storedLoad: number; readonly storedNeighbours: number; readonly storedUsable: number } {
  return { storedLoad: d.load, storedNeighbours: d.neighbours?.load ?? 0, storedUsable: usableAlone(d, headroom) };
}

/**
 * Every dimension fits with 5% of its usable ceiling alone free (MIN_SPARE_FOR_COUNTS): room for a count to be offered;
 * and the `keys` keys hashed onto one partition fit its hard maximum, as the plan's count does (`hashedPairFits`).
 */
function fitsWithSpare(dimensions: readonly LoadDimension[], headroom: number, keys: number): boolean {
  return spareFree(dimensions, headroom) && hashedPairFits(keys, dimensions.flatMap(besideNeighbours));
}

/**
 * The fewest shards from `own` to `most` at which `dimensionsAt` fits with spare (`fitsWithSpare`), undefined where none
 * does. The pair test is not monotone in N (past P it holds ⌈N/P⌉ + 1 keys, and a read of one item is charged in full on
 * each), so it is not bisected: the least count that leaves 5% free is searched, then the counts from it walked up, as
 * `leastCount` does. That least count is bisected where `most` leaves 5% free (the spare is then monotone). Where it
 * does not, but the neighbours at `most` count more load than at `own`, the counts that leave it are a window, not a
 * tail: each shard's Query of a fan-out is a request of its own, charged at least 0.5 RCU ("Query"), so the neighbours'
 * reads grow with N while a shard's own load stops shrinking. Those counts are walked up from `own` until one fits, or
 * until the neighbours alone leave a dimension less than the 5% (past that they only grow), as
 * `fewestBeforeNeighboursFill` walks the plan's.
 */
function fewestRoomy(dimensionsAt: (n: number) => readonly LoadDimension[], headroom: number, own: number, most = MAX_SHARDS_ACCEPTED): number | undefined {
  if (own > most) return undefined;
  const spare = (n: number) => spareFree(dimensionsAt(n), headroom);
  const atOwn = dimensionsAt(own);
  const atMost = dimensionsAt(most);
  const tail = spareFree(atMost, headroom);
  const window = !tail && fanOutGrows(atOwn, atMost);
  const from = spareFree(atOwn, headroom) || window ? own : tail ? leastBetween(spare, own + 1, most) : undefined;
  if (from === undefined) return undefined;
  for (let n = from; n <= most; n++) {
    const dimensions = dimensionsAt(n);
    if ((tail || spareFree(dimensions, headroom)) && hashedPairFits(n, dimensions.flatMap(besideNeighbours))) return n;
    if (window && neighboursFill(dimensions, headroom)) return undefined;
  }
  return undefined;
}

/** Whether some dimension's neighbours at the larger count are counted on more load than at the smaller (a fan-out
 *  charged on each shard, `SpaceAnalysis.chargedAtCount`). */
function fanOutGrows(fewer: readonly LoadDimension[], more: readonly LoadDimension[]): boolean {
  return more.some((d) => {
    const before = fewer.find((f) => f.label === d.label)?.neighbours;
    return d.neighbours !== undefined && before !== undefined && d.neighbours.total > before.total * (1 + 1e-9);
  });
}

/** Whether the neighbours alone leave some dimension less than 5% of its usable ceiling (MIN_SPARE_FOR_COUNTS). */
function neighboursFill(dimensions: readonly LoadDimension[], headroom: number): boolean {
  return dimensions.some((d) => d.neighbours !== undefined && d.usable < MIN_SPARE_FOR_COUNTS * usableAlone(d, headroom));
}

/** Every dimension fits with 5% of its usable ceiling alone free (MIN_SPARE_FOR_COUNTS), the pair aside. */
function spareFree(dimensions: readonly LoadDimension[], headroom: number): boolean {
  return dimensions.every((d) => fits(d.load, d.usable - MIN_SPARE_FOR_COUNTS * usableAlone(d, headroom)));
}

/** A dimension's usable ceiling alone (headroom × the partition's), before its neighbours take their part. */
function usableAlone(d: LoadDimension, headroom: number): number {
  return d.neighbours?.usableAlone ?? d.ceiling * headroom;
}
