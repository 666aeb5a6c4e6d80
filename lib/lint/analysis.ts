/**
 * What every rule needs to know about a key space, computed once per design: its loads, whether it
 * fits one partition, and the one plan (strategy and N) that fixes it. Rules that concern the same
 * key space read the same plan, so they can never give different shard counts or opposite advice.
 */
import { fullKeyCardinality } from '../design/cardinality';
import type { ShardingStrategy } from '../design/input';
import { keySpacesOf, sameAttribute, type AccessPattern, type KeyDesign, type KeySpace } from '../design/key-design';
import { COSMOS_LIMITS, DYNAMODB_LIMITS } from '../design/limits';
import {
  allFit, fits, loadDimensions, loadsFit, smallestCount, storedKeyLoads, type KeyLayout, type LoadDimension, type Loads,
} from '../design/sharding';

export interface Plan {
  /** `none`: the key needs no sharding. `cache`: only a cache helps (the read-hot item of a GSI,
   *  which holds one entry per base item and so cannot keep replicated copies). */
  readonly layout: KeyLayout | 'cache';
  /** N keys per logical key (1 for none); undefined when no N up to the input maximum serves. */
  readonly shards: number | undefined;
  readonly sourceAttribute?: string;
  /** Whether applying the plan fixes every load, size and cardinality problem of the key space. */
  readonly complete: boolean;
  /** Sharding fixes the writes, but the reads of one item stay on one shard: they need a cache. */
  readonly readsNeedCache: boolean;
  /** What each concern alone calls for (1: nothing). `dominance` keeps each stored key under
   *  maxHotKeyShare of the traffic; it sizes a sharding that something else calls for (or that is
   *  declared), but never calls for sharding on its own — SG014 advises that. */
  readonly needs: { readonly throughput: number | undefined; readonly size: number; readonly cardinality: number; readonly dominance: number };
}

export interface SpaceAnalysis {
  readonly space: KeySpace;
  /** Distinct values of the full (logical) key. */
  readonly cardinality: number;
  /** A key value holds many items (DynamoDB: a sort-key range; Cosmos DB: a logical partition of
   *  documents), so write sharding spreads its reads too. A single item's reads stay whole. */
  readonly collection: boolean;
  /** The whole key space's load, and the hottest logical value's. */
  readonly total: Loads;
  readonly hot: Loads;
  /** Loads of the busiest stored key under the declared sharding, against the usable ceilings. */
  readonly perKey: readonly LoadDimension[];
  readonly over: readonly LoadDimension[];
  /** The whole key space's peak against one partition's usable ceilings. */
  readonly whole: readonly LoadDimension[];
  /** Whether the whole key space's peak fits one partition with headroom (then a few key values is a risk to note, not an error). */
  readonly fitsOnePartition: boolean;
  /** How many times the load can grow before the busiest key (or, for `wholeGrowth`, one partition holding everything) saturates. */
  readonly growth: number;
  readonly wholeGrowth: number;
  /** Computed on first use: most key spaces are fine and no rule asks for their plan. */
  readonly plan: Plan;
}

const cache = new WeakMap<KeyDesign, readonly SpaceAnalysis[]>();

/** Every key space of a design with its analysis, computed once per design: every rule shares it. */
export function analyses(design: KeyDesign): readonly SpaceAnalysis[] {
  let result = cache.get(design);
  if (!result) {
    result = keySpacesOf(design).map((space) => analyzeSpace(design, space));
    cache.set(design, result);
  }
  return result;
}

/** The analysis of one key space of a design. */
export function analyze(design: KeyDesign, space: KeySpace): SpaceAnalysis {
  return analyses(design).find((a) => a.space === space) as SpaceAnalysis;
}

function analyzeSpace(design: KeyDesign, space: KeySpace): SpaceAnalysis {
  const { headroom } = design.thresholds;
  const { peakReadUnits, peakWriteUnits, hotKeyShare } = space.workload;
  const cardinality = fullKeyCardinality(space.partitionKey);
  const collection = isCollection(design, space, cardinality);
  const total = { reads: peakReadUnits, writes: peakWriteUnits };
  const hot = { reads: peakReadUnits * hotKeyShare, writes: peakWriteUnits * hotKeyShare };
  const layout: KeyLayout = space.sharding?.strategy ?? 'none';
  const perKey = loadDimensions(design.engine, storedKeyLoads(hot, layout, space.sharding?.shards ?? 1, collection), headroom);
  const whole = loadDimensions(design.engine, total, headroom);
  const fitsOnePartition = allFit(whole);
  let plan: Plan | undefined;
  return {
    space,
    cardinality,
    collection,
    total,
    hot,
    perKey,
    over: perKey.filter((d) => !fits(d.load, d.usable)),
    whole,
    fitsOnePartition,
    growth: growthOf(perKey),
    wholeGrowth: growthOf(whole),
    get plan() {
      plan ??= planFor(design, space, { cardinality, collection, hot, fitsOnePartition });
      return plan;
    },
  };
}

/** How many times the loads can grow before the first dimension reaches its usable ceiling (Infinity: no load). */
export function growthOf(dimensions: readonly LoadDimension[]): number {
  return dimensions.reduce((min, d) => (d.load > 0 ? Math.min(min, d.usable / d.load) : min), Infinity);
}

/**
 * DynamoDB: a table key value without a sort key is one item; a GSI key value holds every item that
 * carries it unless it is unique. Cosmos DB: a logical partition holds documents unless the key is unique.
 */
function isCollection(design: KeyDesign, space: KeySpace, cardinality: number): boolean {
  if (design.engine === 'dynamodb' && space === design.primaryKey) return space.sortKey.length > 0;
  return space.sortKey.length > 0 || cardinality !== Infinity;
}

/** Usable GB of one logical partition / item collection, or undefined when no size limit applies. */
export function usablePartitionGb(design: KeyDesign): number | undefined {
  if (design.engine === 'cosmosdb') return COSMOS_LIMITS.logicalPartitionGb * design.thresholds.headroom;
  return design.localSecondaryIndexes.length > 0 ? DYNAMODB_LIMITS.itemCollectionGb * design.thresholds.headroom : undefined;
}

/** Shards so the largest partition (primary key only) stays under the usable size; replicas copy it whole. */
function sizeNeed(design: KeyDesign, space: KeySpace): number {
  const usable = usablePartitionGb(design);
  const size = design.largestPartitionGb;
  if (space !== design.primaryKey || usable === undefined || size === undefined) return 1;
  return smallestCount((n) => fits(size / n, usable)) ?? Infinity;
}

interface PlanInput {
  readonly cardinality: number;
  readonly collection: boolean;
  readonly hot: Loads;
  readonly fitsOnePartition: boolean;
}

/**
 * The one fix for a key space. Write sharding when writes, size or cardinality call for it, or when
 * the reads of a key value holding many items do (they spread over the shards too) — random, or
 * calculated on an attribute reads carry. Replicated copies when only the reads of a single item are
 * hot (a cache is the alternative; a GSI can only have the cache). None when nothing calls for it.
 * A declared strategy is kept when it can work.
 */
function planFor(design: KeyDesign, space: KeySpace, input: PlanInput): Plan {
  const { headroom, minCardinality, maxHotKeyShare } = design.thresholds;
  const { hot, collection } = input;
  const { hotKeyShare, hotKeyShareSource } = space.workload;
  const fitsWith = (layout: KeyLayout, n: number, loads = hot) => loadsFit(design.engine, storedKeyLoads(loads, layout, n, collection), headroom);
  const size = sizeNeed(design, space);
  // A few key values are a design error only when the load needs several partitions (see SG001).
  const cardinality = !input.fitsOnePartition && input.cardinality < minCardinality ? Math.ceil(minCardinality / input.cardinality) : 1;
  const writesHot = !fitsWith('none', 1, { reads: 0, writes: hot.writes });
  const hotAtAll = !fitsWith('none', 1);
  const declared = space.sharding?.strategy;
  const dominant = (hotKeyShareSource === 'declared' || hotKeyShareSource === 'derived') && !fits(hotKeyShare, maxHotKeyShare);
  const dominance = dominant ? smallestCount((n) => fits(hotKeyShare / n, maxHotKeyShare)) ?? 1 : 1;
  const writeSharded = declared === 'random' || declared === 'calculated';

  if (writesHot || size > 1 || cardinality > 1 || (hotAtAll && collection) || (writeSharded && dominance > 1)) {
    const full = smallestCount((n) => fitsWith('random', n));
    // Reads of one item stay on its shard: shard for the writes and leave the reads to a cache.
    const writesOnly = full === undefined ? smallestCount((n) => fitsWith('random', n, { reads: 0, writes: hot.writes })) : full;
    const throughput = writesOnly;
    const shards = throughput === undefined || size === Infinity ? undefined : Math.max(throughput, size, cardinality, dominance);
    const candidate = declared === 'random' ? undefined : calculatedShardCandidate(design, space);
    const strategy: ShardingStrategy = declared === 'random' || declared === 'calculated' ? declared : candidate ? 'calculated' : 'random';
    return {
      layout: strategy,
      shards,
      sourceAttribute: strategy === 'calculated' ? candidate : undefined,
      complete: shards !== undefined && full !== undefined,
      readsNeedCache: full === undefined && writesOnly !== undefined,
      needs: { throughput, size, cardinality, dominance },
    };
  }
  if (hotAtAll && space.index !== undefined) {
    return { layout: 'cache', shards: undefined, complete: false, readsNeedCache: true, needs: { throughput: undefined, size, cardinality, dominance } };
  }
  // Declared replicas of a dominant key are planning for growth, like shards (SG014): sized, not needless.
  if (hotAtAll || (declared === 'replicated' && dominance > 1)) {
    const needed = smallestCount((n) => fitsWith('replicated', n));
    const copies = needed === undefined ? undefined : Math.max(needed, dominance);
    return { layout: 'replicated', shards: copies, complete: copies !== undefined, readsNeedCache: false, needs: { throughput: copies, size, cardinality, dominance } };
  }
  return { layout: 'none', shards: 1, complete: true, readsNeedCache: false, needs: { throughput: 1, size, cardinality, dominance } };
}

/** The hottest logical value's load on one dimension: reads, writes, or (Cosmos DB) both. */
export function hotLoad(a: SpaceAnalysis, label: LoadDimension['label']): number {
  return label === 'read' ? a.hot.reads : label === 'write' ? a.hot.writes : a.hot.reads + a.hot.writes;
}

/** The key space a query reads: its GSI, else the table's (an LSI shares the table's partition key). */
function spaceOf(design: KeyDesign, pattern: AccessPattern): KeySpace {
  if (design.engine === 'dynamodb' && pattern.index !== undefined) {
    return gsiByName(design).get(pattern.index) ?? design.primaryKey;
  }
  return design.primaryKey;
}

const gsiMaps = new WeakMap<KeyDesign, Map<string, KeySpace>>();
function gsiByName(design: KeyDesign): Map<string, KeySpace> {
  let map = gsiMaps.get(design);
  if (!map) {
    map = new Map(design.engine === 'dynamodb' ? design.globalSecondaryIndexes.map((g) => [g.index as string, g]) : []);
    gsiMaps.set(design, map);
  }
  return map;
}

const patternMaps = new WeakMap<KeyDesign, Map<KeySpace, AccessPattern[]>>();
/** The access patterns that read a key space (grouped once per design, so thousands stay linear). */
export function patternsOn(design: KeyDesign, space: KeySpace): readonly AccessPattern[] {
  let map = patternMaps.get(design);
  if (!map) {
    map = new Map();
    for (const pattern of design.accessPatterns) {
      const target = spaceOf(design, pattern);
      const list = map.get(target);
      if (list) list.push(pattern);
      else map.set(target, [pattern]);
    }
    patternMaps.set(design, map);
  }
  return map.get(space) ?? [];
}

export function carries(pattern: { readonly keyAttributes: readonly string[] }, attribute: string): boolean {
  return pattern.keyAttributes.some((a) => sameAttribute(a, attribute));
}

/**
 * Whether a query is routed to the partitions of its key: DynamoDB needs every partition-key
 * attribute; Cosmos DB routes on a hierarchical prefix, so the first level is enough.
 * `firstLevel` asks the question for another order of a Cosmos DB key.
 */
function carriesKey(design: KeyDesign, space: KeySpace, pattern: AccessPattern, firstLevel?: string): boolean {
  if (design.engine === 'cosmosdb') return carries(pattern, firstLevel ?? space.partitionKey[0].name);
  return space.partitionKey.every((a) => carries(pattern, a.name));
}

/** The declared queries that visit every partition, and their share of all queries. */
export function crossPartition(design: KeyDesign, firstLevel?: string): { readonly patterns: AccessPattern[]; readonly share: number } {
  const patterns = design.accessPatterns.filter((p) => !carriesKey(design, spaceOf(design, p), p, firstLevel));
  return { patterns, share: patterns.reduce((sum, p) => sum + p.share, 0) };
}

/**
 * Whether putting `firstLevel` first keeps the declared queries targeted: it must not push more of
 * them across partitions than the current order does, beyond what SG012 tolerates.
 */
export function keepsQueriesTargeted(design: KeyDesign, firstLevel: string): boolean {
  const after = crossPartition(design, firstLevel).share;
  return after <= Math.max(crossPartition(design).share, design.thresholds.maxCrossPartitionShare) + 1e-9;
}

/** Queries that read the whole logical key: they carry every partition-key attribute. */
export function readsWholeKey(space: KeySpace, pattern: AccessPattern): boolean {
  return space.partitionKey.every((a) => carries(pattern, a.name));
}

/**
 * The attribute a calculated shard could hash: the declared one, else the sort key, else one that
 * queries carry together with the partition key. Reads for one value of it then hit one shard.
 */
export function calculatedShardCandidate(design: KeyDesign, space: KeySpace): string | undefined {
  if (space.sharding?.sourceAttribute) return space.sharding.sourceAttribute;
  const isKey = (name: string) => space.partitionKey.some((a) => sameAttribute(a.name, name));
  // Reads look up one value of the source; a timestamp is read by range, never by one value.
  const sortKey = space.sortKey.find((a) => !isKey(a.name) && a.kind !== 'time-bucket');
  if (sortKey) return sortKey.name;
  const withKey = patternsOn(design, space).filter((p) => readsWholeKey(space, p));
  return withKey.flatMap((p) => p.keyAttributes).find((name) => !isKey(name));
}
