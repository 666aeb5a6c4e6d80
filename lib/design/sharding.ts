/**
 * Shard-count math, shared by the rules and by users sizing a key. One predicate, `fits`, decides
 * whether a load stays within a usable ceiling, and every count is the smallest N for which it
 * does — so a design sharded to `shardsFor()`'s N is exactly what the rules accept. Where stored keys share physical
 * partitions (Cosmos DB), N is sized on the expected placement: each key meets 1/P of the rest of the load on its
 * partition, as if the N keys hashed onto different partitions. A hash can put two on one, so N carries no slack of its
 * own: where two would pass the partition's usable ceiling, the fix says so with the chance (lib/lint/hashed-keys.ts).
 */
import { allFit, ENGINE_LIST, ENGINES, LOAD_TOLERANCE, profileOf, type Engine, type EngineProfile, type LoadDimension, type Loads } from '../engines';
import { checkWith } from './check';
import { DesignError, UsageError } from './errors';
import { AT_LEAST_ONE_READ_UNIT, collectionReadShare, EVERY_SHARD_IN_FULL, wholeUnitCharge } from './gathered-read-share';
import { besideNeighbours, countFits, twoOnOnePartition } from './hashed-pair';
import type { ShardingStrategy } from './key-design';
import { DEFAULT_THRESHOLDS, MAX_SHARDS_ACCEPTED } from './limits';
import { bool, num, oneOf, record } from './shape';

export type { LoadDimension, Loads };

/** The ceilings a key value's loads run into on an engine. */
export function loadDimensions(engine: Engine, loads: Loads, headroom: number): LoadDimension[] {
  return profileOf(engine).loadDimensions(loads, headroom);
}

// The comparison lives with the engines (the launch sizing uses it too); rules keep importing it from here.
export { allFit, fits } from '../engines';

/** The dimension using the largest share of its usable ceiling (the one that saturates first). */
export function nearestToCeiling(loads: readonly LoadDimension[]): LoadDimension {
  return loads.reduce((a, b) => (a.load / a.usable >= b.load / b.usable ? a : b));
}

/**
 * The smallest N in 1…MAX_SHARDS_ACCEPTED for which `ok(N)` holds, or undefined when none does.
 * `ok` must be monotone (true from some N on): loads only shrink as N grows. `estimate` is a formula's
 * answer (`countByLoad`); it is taken when `ok` confirms it is the smallest (ok(N) and not ok(N − 1)),
 * and the range is searched otherwise, so a wrong estimate costs two checks, never a wrong count.
 */
export function smallestCount(ok: (n: number) => boolean, estimate?: number): number | undefined {
  if (estimate !== undefined && Number.isInteger(estimate) && estimate > 1 && estimate <= MAX_SHARDS_ACCEPTED && ok(estimate) && !ok(estimate - 1)) {
    return estimate;
  }
  if (ok(1)) return 1;
  if (!ok(MAX_SHARDS_ACCEPTED)) return undefined;
  return leastBetween(ok, 2, MAX_SHARDS_ACCEPTED);
}

/**
 * The least count at which `dimensionsAt(n)` all fit and the keys hashed onto one partition fit its maximum where the
 * engine sizes for them (`countFitsPair`). The search starts from the least count the usable line alone gives
 * (`smallestCount`), never below it. Up to P keys the pair test is two keys of load ÷ N beside the rest ÷ P, which only
 * eases as N grows, so where P stays put over that range (shards; copies multiply the writes and with them P) it is
 * bisected; past P it counts ⌈N/P⌉ + 1 keys, not monotone in N, so the search walks up from there. With a `confidence`
 * above 0 (`Thresholds.crowdConfidence`, `hashedPairFits`) it walks up from the start: the chance of the crowd that
 * passes the maximum need not ease as N grows (each key lighter, but more keys to crowd).
 */
export function leastCount(
  profile: EngineProfile,
  dimensionsAt: (n: number) => readonly LoadDimension[],
  estimate?: number,
  confidence = 0,
): number | undefined {
  // The least fitting count the search met, with its figures: the count it returns, whose figures the pair test reads.
  let least: { readonly n: number; readonly dimensions: readonly LoadDimension[] } | undefined;
  const from = smallestCount((n) => {
    const dimensions = dimensionsAt(n);
    if (!allFit(dimensions)) return false;
    if (least === undefined || n < least.n) least = { n, dimensions };
    return true;
  }, estimate);
  if (from === undefined || !profile.sizesForHashedPair) return from;
  const ok = (n: number, dimensions = dimensionsAt(n)) => countFits(profile, n, dimensions, confidence);
  const atFrom = least?.n === from ? least.dimensions : dimensionsAt(from);
  if (ok(from, atFrom)) return from;
  if (confidence > 0) return firstCountFrom(from + 1, ok);
  const partitions = fewestPartitions(atFrom);
  if (partitions !== undefined && partitions > from && partitions <= MAX_SHARDS_ACCEPTED) {
    // The formula's answer first (`pairCountByLoad`), taken where the two counts about it confirm it, as `smallestCount` does.
    const guess = pairCountByLoad(atFrom, from);
    if (guess !== undefined && guess > from + 1 && guess <= partitions) {
      const atGuess = dimensionsAt(guess);
      if (fewestPartitions(atGuess) === partitions && ok(guess, atGuess) && !ok(guess - 1)) return guess;
    }
    const atP = dimensionsAt(partitions);
    // P grew with the count (copies' writes): the two keys' test need not ease over that range, so it is walked.
    if (fewestPartitions(atP) !== partitions) return firstCountFrom(from + 1, ok);
    if (ok(partitions, atP)) return leastBetween(ok, from + 1, partitions);
    return firstCountFrom(partitions + 1, ok);
  }
  return firstCountFrom(from + 1, ok);
}

/**
 * N for two keys on one partition to fit its maximum, from the figures at `from` keys: two keys of V ÷ N beside the rest
 * ÷ P, less the second key's own 1/P, take 2V(1 − 1/P) ÷ N + what the rest leaves, so N = ⌈2V(1 − 1/P) ÷ (maximum − the
 * rest's part)⌉ on the dimension that needs the most. Undefined where the rest alone fills the maximum.
 */
function pairCountByLoad(dimensions: readonly LoadDimension[], from: number): number | undefined {
  let count = 1;
  for (const figure of dimensions.flatMap(besideNeighbours)) {
    const value = figure.load * from;
    const spread = 2 * value * (1 - 1 / figure.partitions);
    const rest = twoOnOnePartition(figure, from) - spread / from;
    if (rest >= figure.maximum) return undefined;
    count = Math.max(count, Math.ceil(spread / (figure.maximum * (1 + LOAD_TOLERANCE) - rest)));
  }
  return count;
}

/** The fewest partitions a dimension's keys hash over (its neighbours' P); undefined where none is judged beside neighbours. */
function fewestPartitions(dimensions: readonly LoadDimension[]): number | undefined {
  const counts = dimensions.flatMap((d) => (d.neighbours ? [d.neighbours.partitions] : []));
  return counts.length > 0 ? Math.min(...counts) : undefined;
}

/**
 * The least whole number in `from`…`to` for which `ok` holds, `to` where none before it does (a bisection). `ok` must be
 * monotone (true from some number on): a count whose loads only shrink as it grows, partitions whose neighbours only
 * lighten as they grow.
 */
export function leastBetween(ok: (n: number) => boolean, from: number, to: number): number {
  let low = from - 1;
  let high = to;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (ok(mid)) high = mid;
    else low = mid;
  }
  return high;
}

/**
 * The largest share in `low`…`high` for which `ok(share)` holds, to a hundredth of a percent, or undefined
 * when `ok(low)` does not. `ok` must be monotone (true up to some share): a value's load only grows with its share.
 * What one more value can take of the peak and still fit where the hottest is planned for alone (hot-values.ts,
 * prefix-ingestion.ts): the figure that fix assumes no other value passes.
 */
export function largestShare(low: number, high: number, ok: (share: number) => boolean): number | undefined {
  if (!ok(low)) return undefined;
  if (ok(high)) return high;
  let fits = low;
  let over = high;
  while (over - fits > 1e-6) {
    const mid = (fits + over) / 2;
    if (ok(mid)) fits = mid;
    else over = mid;
  }
  // Rounded down to a hundredth of a percent: a figure a reader can quote, still one that fits.
  return Math.max(low, Math.floor(fits * 1e4) / 1e4);
}

/**
 * The smallest N in 1…MAX_SHARDS_ACCEPTED for which `ok(N)` holds, or undefined, for an `ok` that is not monotone:
 * replicated copies on a Cosmos DB container (each copy takes 1/N of the reads, but N copies write every document N
 * times and store it N times, so the load beside each copy grows with N) fit over a window of counts, if any.
 */
export function firstCount(ok: (n: number) => boolean): number | undefined {
  return firstCountFrom(1, ok);
}

/** The first count from `from` up to `MAX_SHARDS_ACCEPTED` for which `ok` holds, or undefined. */
function firstCountFrom(from: number, ok: (n: number) => boolean): number | undefined {
  for (let n = from; n <= MAX_SHARDS_ACCEPTED; n++) if (ok(n)) return n;
  return undefined;
}

/**
 * N = ceil(load ÷ usable) on the dimension that needs the most keys: the count `smallestCount` finds
 * when every load divides by N (writes, and the reads of an item collection) and the ceilings stay put.
 * Where they do not (a single item's reads, a physical share that bites only once the key is split),
 * `smallestCount` finds it is not the smallest and searches.
 */
export function countByLoad(dimensions: readonly LoadDimension[]): number {
  return dimensions.reduce((n, d) => Math.max(n, Math.ceil(d.load / (d.usable * (1 + LOAD_TOLERANCE)))), 1);
}

/** Keys of one logical key under a strategy: how the hottest value's loads divide over N stored keys. */
export type KeyLayout = ShardingStrategy | 'none';

/**
 * How write shards divide a key value's reads: `true`, each of N shards takes 1/N (the value holds many items, each
 * read finds its shard or reads 1/N of them from each); `false`, none (a read of one item, or one that every shard is
 * charged in full); or the share of the value's reads each of N shards takes, for reads between (a DynamoDB Query
 * gathered from N shards is charged per shard, at least one read unit each: lib/lint/gathered-reads.ts).
 */
export type ReadSpread = boolean | ((n: number) => number);

/**
 * Loads on the busiest of N stored keys. Write sharding divides writes, and reads as `reads` says
 * (`ReadSpread`: a key value holding many items, `true`, else a read of one item still hits the one key holding it).
 * Replicated copies each take every write and a 1/N share of the reads.
 */
export function storedKeyLoads(hot: Loads, layout: KeyLayout, n: number, reads: ReadSpread): Loads {
  if (layout === 'none' || n <= 1) return hot;
  if (layout === 'replicated') return { reads: hot.reads / n, writes: hot.writes };
  const share = typeof reads === 'function' ? reads(n) : reads ? 1 / n : 1;
  return { reads: hot.reads * share, writes: hot.writes / n };
}

export interface ShardsForOptions {
  /** The engine whose per-partition ceilings size the shards: DynamoDB's 3,000 RCU and 1,000 WCU per partition, or
   *  Cosmos DB's 10,000 RU/s per logical partition. */
  readonly engine: Engine;
  /** Peak reads per second (RCU, or RU/s for Cosmos DB) of the key, or of the whole table when
   *  `hotKeyShare` says how much of it the key takes.
   *  @default 0 */
  readonly peakReadUnits?: number;
  /** Peak writes per second (WCU, or RU/s for Cosmos DB), as `peakReadUnits`.
   *  @default 0 */
  readonly peakWriteUnits?: number;
  /** Share of the peaks above that the hot key takes.
   *  @default 1 (the peaks are the hot key's own) */
  readonly hotKeyShare?: number;
  /** Usable share of the vendor ceiling.
   *  @default 0.8 */
  readonly headroom?: number;
  /** Whether one key value holds many items (a sort-key range, a tenant's documents), so that
   *  sharding also spreads its reads. A single item's reads stay on the one shard holding it.
   *  @default true */
  readonly itemCollection?: boolean;
  /** DynamoDB, with `itemCollection`: the KB one read of the key value's whole collection returns, unsharded. Each read
   *  of a sharded value queries all N shards, and DynamoDB charges each Query its items' sizes summed, rounded up to
   *  the next 4 KB, at least one read unit ("Capacity unit consumption for read operations"), so each shard takes
   *  ⌈resultKb ÷ N ÷ 4⌉ of the read's ⌈resultKb ÷ 4⌉ units: all of them at 4 KB or less, where shards relieve no read
   *  (use `replicasFor()`, or a cache). As SG003 charges a read declaring `accessPatterns[].resultKb`.
   *  @default - unknown: each read is taken to return over N × 4 KB, so each of N shards takes 1/N of its units */
  readonly resultKb?: number;
}

const shardsForShape = record<ShardsForOptions>({
  engine: { shape: oneOf(ENGINES), doc: `${ENGINE_LIST}.` },
  peakReadUnits: { shape: num({ min: 0 }), optional: true, doc: 'Peak reads per second.' },
  peakWriteUnits: { shape: num({ min: 0 }), optional: true, doc: 'Peak writes per second.' },
  hotKeyShare: { shape: num({ above: 0, max: 1 }), optional: true, doc: 'Share of the peaks the hot key takes.' },
  headroom: { shape: num({ above: 0, max: 1 }), optional: true, doc: 'Usable share of the ceiling.' },
  itemCollection: { shape: bool(), optional: true, doc: 'A key value holds many items, so sharding spreads its reads.' },
  resultKb: { shape: num({ above: 0 }), optional: true, doc: 'DynamoDB: KB one read of a whole key value returns, unsharded.' },
});

function countFor(options: ShardsForOptions, caller: string, layout: 'random' | 'replicated'): number {
  // A bad option is a usage mistake (UsageError); no count that serves the load is a design's (DesignError).
  const valid = checkWith(shardsForShape, options, { path: '', subject: `${caller}() options` });
  const share = valid.hotKeyShare ?? 1;
  const hot = { reads: (valid.peakReadUnits ?? 0) * share, writes: (valid.peakWriteUnits ?? 0) * share };
  const headroom = valid.headroom ?? DEFAULT_THRESHOLDS.headroom;
  const profile = profileOf(valid.engine);
  const collection = valid.itemCollection ?? true;
  const reads = readSpreadOf(valid, profile, caller);
  // The peaks as given are the key space's (the key's own when no share is given): each stored key meets, on its
  // partition, the rest of them hashed over its partitions, as SG003 counts them (DynamoDB, on demand).
  const total = { reads: valid.peakReadUnits ?? 0, writes: valid.peakWriteUnits ?? 0 };
  const fitsAt = (k: number) => {
    const stored = storedKeyLoads(hot, layout, k, reads);
    const written = { reads: total.reads, writes: total.writes * (layout === 'replicated' ? k : 1) };
    const dimensions = profile.loadDimensions(stored, headroom, undefined, profile.peakNeighbours?.(written, stored));
    // As the rules count it: two keys hashed onto one partition fit its maximum, where the engine sizes for them.
    return countFits(profile, k, dimensions);
  };
  const n = profile.peakNeighbours ? firstCount(fitsAt) : smallestCount(fitsAt, countByLoad(loadDimensions(valid.engine, hot, headroom)));
  if (n === undefined) {
    const why =
      layout === 'replicated'
        ? 'copies each take every write, so replicas cannot serve these writes'
        : valid.resultKb !== undefined
          ? `a read of ${valid.resultKb} KB queries every shard and costs each ${AT_LEAST_ONE_READ_UNIT}${readUnitsOf(valid.resultKb, profile)}; replicated copies (replicasFor()) are read one at a time`
          : collection
            ? `even ${MAX_SHARDS_ACCEPTED} shards each take more than a partition's usable share`
            : "a single item's reads stay on one shard whatever the count";
    throw new DesignError(
      [
        {
          path: '',
          message: `no ${layout === 'replicated' ? 'replica' : 'shard'} count up to ${MAX_SHARDS_ACCEPTED} keeps this key under its ceiling: ${why}; split the key value out (its own table or container), or cache its reads`,
        },
      ],
      `${caller}() options`,
    );
  }
  return n;
}

/** What a read of `resultKb` cost unsharded, beside the unit each shard's Query is charged at least. */
function readUnitsOf(resultKb: number, profile: EngineProfile): string {
  const units = Math.ceil(resultKb / (profile.queryReadUnitKb ?? resultKb));
  return units <= 1 ? ', all it cost unsharded' : ` of the ${units} it cost unsharded`;
}

/**
 * How N shards divide the key's reads (`ReadSpread`): a single item's, not at all; a collection's 1/N, or by what each
 * shard's Query is charged of a read of `resultKb` (`collectionReadShare`, on an engine charging a minimum per query,
 * `unitKb`). `resultKb` is refused, naming it, where it cannot apply: on an engine without `queryReadUnitKb` (Cosmos DB,
 * whose query floor the lint charges instead), or a single item.
 */
function readSpreadOf(options: ShardsForOptions, profile: EngineProfile, caller: string): ReadSpread {
  const collection = options.itemCollection ?? true;
  const { resultKb } = options;
  const unitKb = profile.queryReadUnitKb;
  if (resultKb === undefined) return collection;
  const misplaced =
    unitKb === undefined
      ? `applies to DynamoDB only here (its Query is charged per 4 KB, at least one read unit, per request, which sets each shard's part of a value's reads); a ${profile.title} key's shards divide its reads as the documents they hold, and the lint (SG017) counts each shard's query on the container's RU/s: remove it`
      : !collection
        ? "is the size of a read of many items, but itemCollection is false (a single item's reads stay on the one shard holding it): remove resultKb, or itemCollection"
        : undefined;
  if (misplaced !== undefined) throw new UsageError([{ path: 'resultKb', message: misplaced }], `${caller}() options`);
  const share = collectionReadShare(resultKb, unitKb === undefined ? undefined : wholeUnitCharge(unitKb));
  return share === EVERY_SHARD_IN_FULL ? false : share;
}

/**
 * The number of shards N one logical key needs: the smallest N for which the hottest value's writes
 * (and, for an item collection, its reads) divided over N fit the usable ceiling — DynamoDB's
 * 1,000 WCU / 3,000 RCU per partition, Cosmos DB's 10,000 RU/s per logical partition, × headroom. On DynamoDB each
 * shard shares its partition with the rest of the peaks given (the key space's; the key's own when no share is given),
 * hashed over the partitions an on-demand table has for twice them, as SG003 judges it ("Partitions and data
 * distribution"); a provisioned table's partitions follow its capacity, which this call does not know: lint the design.
 * A DynamoDB read of the whole key value queries every shard, each Query charged at least one read unit: with
 * `resultKb`, each shard takes ⌈resultKb ÷ N ÷ 4⌉ of the read's ⌈resultKb ÷ 4⌉ units, as SG003 charges it.
 * N assumes its shards hash onto different partitions; with N near P two often share one (15 shards on 38
 * partitions: 96% of the time). On DynamoDB N is also large enough for two on one partition to fit its hard 1,000 WCU /
 * 3,000 RCU beside their neighbours (past P, the keys one partition then holds: lib/design/hashed-pair.ts); SG003's fix states
 * the margin left.
 * Throws `UsageError` for bad options and `DesignError` when no N up to 1,000 does. Options are read
 * as plain data: an error thrown by a getter or Proxy trap of the caller's propagates unchanged.
 *
 * @example shardsFor({ engine: 'dynamodb', peakWriteUnits: 20_000 }) // 65: 307.7 WCU each + 19,692.3 ÷ 40 partitions ≤ 800
 * @example shardsFor({ engine: 'dynamodb', peakReadUnits: 12_000, resultKb: 64 }) // 16: 1 of a read's 16 units each
 */
export function shardsFor(options: ShardsForOptions): number {
  return countFor(options, 'shardsFor', 'random');
}

/**
 * The number of replicated copies N a read-hot key needs: each copy takes every write and 1/N of the
 * reads (so N× the key's write cost). N assumes the copies hash onto different partitions, as `shardsFor()`'s shards
 * do. Throws `UsageError` for bad options and `DesignError` when the key's writes alone exceed the ceiling.
 *
 * @example replicasFor({ engine: 'dynamodb', peakReadUnits: 4_800, peakWriteUnits: 10 }) // 3: 1,600 RCU + 3,200 ÷ 4 partitions
 */
export function replicasFor(options: ShardsForOptions): number {
  return countFor(options, 'replicasFor', 'replicated');
}
