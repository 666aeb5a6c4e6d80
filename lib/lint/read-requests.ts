/**
 * What a key space is read at its peak once fan-out is counted: the one count of fan-out reads that SG017 charges a
 * table's or GSI's read capacity with.
 *
 * A random-sharded (or calculated-sharded) key is read whole by querying each of its N shards: DynamoDB serves each
 * Query as a request of its own ("Using write sharding to distribute workloads evenly": the application queries every
 * suffix and merges the results), and each request is charged at least one read unit, rounded up to 4 KB ("Maximum
 * throughput for on-demand tables": the maximum caps read request units per second; "Provisioned capacity mode":
 * one read capacity unit per request of up to 4 KB). Where each shard's query reads what the unsharded read did (an
 * item: a counter's N sub-counters; or a page, `limit`: every shard returns a page), a logical read costs N times its
 * units. The declared peak counts logical reads; the share of them that fans out so (its access patterns' `fanOut`)
 * is counted N times. A fan-out over a whole collection (no page limit) reads 1/N of the items from each shard, each
 * Query rounded up to 4 KB and at least one unit: N times the share of its units each shard is charged, as SG003's
 * shard plan charges it (`gatheredReadShare`, the one accounting of both): N × ⌈resultKb ÷ N ÷ 4⌉ units for its
 * ⌈resultKb ÷ 4⌉ where the pattern declares `resultKb` (N times them at 4 KB or less), and counted once where it
 * declares none (taken to be over N × 4 KB, as the plan takes it, and said so: `assumed`). Replicated copies are read
 * one copy at a time, so they add nothing here.
 *
 * Cosmos DB alike (SG017 charges a container's RU/s with it): a query over a synthetic key's N shards is one query on
 * each logical partition it names, run on the physical partition holding it ("Query an Azure Cosmos DB container": a
 * query over several partitions is one query on each), and a query is charged for the items it loads ("Optimize request
 * cost"), so N shards each loading a page (or a document) cost N times what one did. Each of those queries checks one
 * physical partition's index, charged at least about 2.5 RU however little it loads ("Query an Azure Cosmos DB
 * container"), so a fan-out loading 1/N of the documents from each shard costs N × max(2.5, resultKb ÷ N) RU of the
 * max(2.5, resultKb) it cost unsharded, at 1 RU per KB (the profile's `queryCharge`, gathered-read-share.ts): N times
 * the read at 2.5 KB or less, about once where each shard's part is over 2.5 KB; counted once where no `resultKb` is
 * declared, and said so (`assumed`), as on DynamoDB.
 *
 * A key sharded for its hottest values only (`sharding.hotValues`) stores every other value unsharded: a read of one of
 * those is one query, as before, and only the listed values' reads fan out (AWS, "Using write sharding to distribute
 * workloads evenly": the reads of a sharded value query every suffix; Azure, "Create a synthetic partition key": the
 * key is the value the application builds, for the listed values only). Their share of the key space's reads is the
 * hottest value's and an even part of what it leaves for each other listed value (the model SG003 judges them by).
 */
import { bucketLevel } from '../design/bucket-level';
import { assumesLargeResult, EVERY_SHARD_IN_FULL, gatheredReadShare, type QueryCharge, type ShardShare } from '../design/gathered-read-share';
import { givesAttribute, shardsRead, type AccessPattern, type KeySpace } from '../design/key-design';
import { carries, readsWholeKey } from './queries';
import { restLoads, type ValueLoads } from './rest-loads';

/**
 * What counting a key space's reads needs of its analysis (`SpaceAnalysis` has it): named here, not imported, since the
 * analysis counts the reads it charges a container with (`SpaceAnalysis.charged`).
 */
export interface ReadCounting extends ValueLoads {
  readonly space: KeySpace;
  /** Whether a key value holds many items (`SpaceAnalysis.collection`). */
  readonly collection: boolean;
  readonly owner: {
    patternsOn(space: KeySpace): readonly AccessPattern[];
    readShareOf(space: KeySpace): number;
    readonly profile: { readonly queryCharge?: QueryCharge };
  };
}

export interface ReadRequests {
  /** Read units per second the key space serves at its peak, each fan-out query counted: `logical` where nothing fans out. */
  readonly units: number;
  /** Its declared (or derived) read peak, in logical reads. */
  readonly logical: number;
  /** The fan-out patterns that read a whole collection and declare no `resultKb`, counted once on the assumption that
   *  each read returns over N times what a query's minimum charge covers (DynamoDB 4 KB, Cosmos DB about 2.5 KB:
   *  `assumesLargeResult`), as SG003's plan takes them on DynamoDB, and the N shards or buckets they query; undefined
   *  where none is. */
  readonly assumed?: {
    readonly patterns: readonly string[];
    readonly shards: number;
    /** As `fanOut.bucketedValue`, where the reads query the buckets of a synthetic bucketed first level. */
    readonly bucketedValue?: string;
  };
  /** The access patterns whose fan-out multiplies their reads, their share of the key space's reads and the shard count; undefined when none does.
   *  Under `sharding.hotValues`, `share` counts only the listed values' reads of those patterns, `hotValues` and
   *  `valueShare` (the listed values' share of the key space's reads) say so. `sized`: those of them, reads of a whole
   *  collection declaring `resultKb`, whose shards are each charged only their part of it (`collectionReadShare`), so
   *  less than N times the read; undefined where none is. */
  readonly fanOut?: {
    readonly patterns: readonly string[];
    readonly share: number;
    readonly shards: number;
    readonly sized?: readonly string[];
    readonly hotValues?: number;
    readonly valueShare?: number;
    /** The value (`region`) of a synthetic bucketed first level whose buckets (`shards` of them) the reads query, where they are buckets of
     *  one first-level value rather than shards of a key (`declaredBucketReads`). */
    readonly bucketedValue?: string;
  };
}

/** The sharded values of a key sharded for its hottest values only (`sharding.hotValues`), and their share of its reads. */
interface ShardedValues {
  readonly hotValues: number;
  readonly valueShare: number;
}

/** The read peak of `analysis`'s key space with every fan-out query counted once per shard it visits. */
export function readRequests(analysis: ReadCounting): ReadRequests {
  // An index keyed by the table's sharded attribute has the table's shards for its key values (`tableShards`).
  const sharding = shardsRead(analysis.space);
  if (sharding && sharding.strategy !== 'replicated' && sharding.shards > 1) return readRequestsOver(analysis, sharding.shards, (p) => p.fanOut === true);
  return declaredBucketReads(analysis);
}

/**
 * The read peak of a key space whose first level is a declared synthetic bucketed level (bucket-level.ts: `components`
 * naming the value, then its `bucket` part and count), with the reads of one bucketed value counted on each of its N
 * buckets. Such a read says so by `fanOut: true` on a pattern that gives the level: the application sends one query
 * per bucket, each giving a full synthetic value (`eu-0` … `eu-9`), which Cosmos DB routes to that value's partition
 * ("Query an Azure Cosmos DB container", https://learn.microsoft.com/azure/cosmos-db/how-to-query-container: a query
 * with a partition-key filter goes to the partitions of that value, one without it to every partition), and each
 * query is charged for what it loads ("Optimize request cost",
 * https://learn.microsoft.com/azure/cosmos-db/optimize-cost-reads-writes). A pattern naming only the value's component
 * (`region`) gives no partition-key value, so SG012 judges it a query of every partition. Charged as a sharding's
 * fan-out is (`readRequestsOver`): a page (`limit`) or one item loaded by each of the N queries costs N times the read;
 * a read of the whole value loads 1/N of it from each bucket, each query charged at least the engine's minimum
 * (`queryCharge`): N × max(2.5, resultKb ÷ N) RU where the pattern declares `resultKb`, else counted once and said so.
 */
export function declaredBucketReads(analysis: ReadCounting): ReadRequests {
  const { space } = analysis;
  const [first] = space.partitionKey;
  const buckets = first === undefined ? undefined : bucketLevel(first)?.declaredBuckets;
  if (buckets === undefined || buckets <= 1) return { units: analysis.total.reads, logical: analysis.total.reads };
  // A read giving only the level reads every document under a value: many, whatever one full key value holds.
  const holdsMany = (p: AccessPattern) => analysis.collection || !readsWholeKey(space, p);
  const reads = fanningReads(analysis, (p) => p.fanOut === true && givesAttribute(p, first), holdsMany);
  const counted = withAssumed(countedOver(analysis, buckets, fanningOver(reads, buckets)), reads, buckets, analysis);
  const bucketedValue = first.components[0].name;
  return Object.assign(
    counted,
    counted.fanOut ? { fanOut: { ...counted.fanOut, bucketedValue } } : {},
    counted.assumed ? { assumed: { ...counted.assumed, bucketedValue } } : {},
  );
}

/** The reads of `analysis`'s key space that `fansOut` accepts, each with the share of it each shard's query is charged
 *  (`gatheredReadShare`, at the engine's `queryCharge`); `holdsMany`: whether a read of it loads many items. */
function fanningReads(analysis: ReadCounting, fansOut: (pattern: AccessPattern) => boolean, holdsMany: (pattern: AccessPattern) => boolean): FanningRead[] {
  const { space } = analysis;
  const charge = analysis.owner.profile.queryCharge;
  return analysis.owner
    .patternsOn(space)
    .filter(fansOut)
    .map((pattern) => ({ pattern, perShard: gatheredReadShare(space, holdsMany(pattern), pattern, charge) }));
}

/** Those of `reads` that cost more over `shards` than once: N × a shard's share above 1. */
function fanningOver(reads: readonly FanningRead[], shards: number): FanningRead[] {
  return reads.filter((read) => shards * read.perShard(shards) > 1 + ONCE_TOLERANCE);
}

/** `counted`, with the patterns of `reads` counted once only on the assumption that their undeclared result is large
 *  (`assumesLargeResult`) and the `shards` they query, where any is. */
function withAssumed(counted: ReadRequests, reads: readonly FanningRead[], shards: number, analysis: ReadCounting): ReadRequests {
  const charge = analysis.owner.profile.queryCharge;
  const assumed = reads.filter((read) => assumesLargeResult(read.pattern, read.perShard, charge)).map((read) => read.pattern.name);
  return assumed.length > 0 ? Object.assign(counted, { assumed: { patterns: assumed, shards } }) : counted;
}

/**
 * The values `analysis`'s declared sharding shards where it lists its hottest only (`sharding.hotValues`), with their
 * share of the key space's reads: the hottest value's reads (at least the even 1/values every value takes, where its
 * declared share is of its writes) and, for each further listed value, an even part of what the hottest leaves.
 * Undefined where every value is sharded. `proposed`: the `hotValues` a fix's sharding would declare (hot-values.ts,
 * `proposedHotValues`), counted as a declared one is, so the fix's quota check and the next lint's SG017 agree.
 */
function shardedValues(analysis: ReadCounting, proposed?: number): ShardedValues | undefined {
  // An index carrying the table's shards (`tableShards`) holds suffixes on the table's listed values' items alone.
  const hotValues = proposed ?? shardsRead(analysis.space)?.hotValues;
  const { total, hot, trafficValues } = analysis;
  if (hotValues === undefined || !(total.reads > 0)) return undefined;
  const even = Number.isFinite(trafficValues) && trafficValues > 0 ? total.reads / trafficValues : 0;
  const hottest = Math.max(hot.reads, even);
  const each = restLoads(analysis)?.reads ?? 0;
  return { hotValues, valueShare: Math.min(1, (hottest + (hotValues - 1) * each) / total.reads) };
}

/** A fan-out read: its pattern, and the share of its units each shard it queries is charged. */
interface FanningRead {
  readonly pattern: AccessPattern;
  readonly perShard: ShardShare;
}

/** N × a share of 1/N, within rounding: a fan-out charged no more than the unsharded read, counted once. */
const ONCE_TOLERANCE = 1e-9;

/**
 * The read peak of `analysis`'s key space were its key sharded into `shards`, with the patterns `fansOut` accepts
 * fanning out over them: what a sharding fix would make SG017 charge (advice.ts weighs it against the quota). `hotValues`:
 * the fix's `sharding.hotValues` where it shards the hottest values only, not yet declared (`shardedValues`).
 */
export function readRequestsOver(analysis: ReadCounting, shards: number, fansOut: (pattern: AccessPattern) => boolean, hotValues?: number): ReadRequests {
  const { space, collection } = analysis;
  // A query that does not give the key value queries no shards of it (SG009 judges the same queries).
  const reads = fanningReads(
    analysis,
    (p) => fansOut(p) && readsWholeKey(space, p),
    () => collection,
  );
  return withAssumed(countedOver(analysis, shards, fanningOver(reads, shards), shardedValues(analysis, hotValues)), reads, shards, analysis);
}

/**
 * The read peak of a hierarchical key's key space were its first level bucketed `buckets` ways, each value's reads and
 * writes split by hash(`source`) mod N (prefix-ingestion.ts's synthetic first level), counted as `readRequestsOver`
 * counts a sharding's fan-out: a query for one first-level value that does not give `source` (and wants every item it
 * matches) queries each of its N buckets, and where it reads a page (`limit`) each bucket's query loads a page of its
 * own, charged on its own ("Optimize request cost"): N times its RU/s. A query loading all of the value's documents
 * loads 1/N of them from each bucket: counted once, as Azure gives no fixed charge per partition a query visits.
 */
export function readRequestsOverBuckets(analysis: ReadCounting, buckets: number, source: string): ReadRequests {
  const fanning = pagedOverBuckets(analysis, source).patterns.map((pattern) => ({ pattern, perShard: EVERY_SHARD_IN_FULL }));
  return countedOver(analysis, buckets, fanning);
}

/**
 * The queries for one first-level value that read it a page at a time (`limit`, wanting every item it matches) without
 * giving `source`, the attribute buckets of that level hash: each reads a page from every bucket and merges them, so
 * the buckets divide none of their reads. `share`: their part of the key space's reads (as `countedOver` counts it).
 */
export function pagedOverBuckets(analysis: ReadCounting, source: string): { readonly patterns: readonly AccessPattern[]; readonly share: number } {
  const { space } = analysis;
  const [first] = space.partitionKey;
  const patterns = analysis.owner
    .patternsOn(space)
    .filter((p) => p.limit !== undefined && p.wants !== 'any' && givesAttribute(p, first) && !carries(p, source));
  const spaceShare = analysis.owner.readShareOf(space);
  const share = spaceShare > 0 ? Math.min(1, patterns.reduce((sum, p) => sum + p.share, 0) / spaceShare) : 0;
  return { patterns, share };
}

/** The read peak with `fanning` (reads of `analysis`'s key space) queried `shards` times each, each query charged its
 *  share of the read, the rest once; under `sharded` (`sharding.hotValues`), only those patterns' reads of the listed values. */
function countedOver(analysis: ReadCounting, shards: number, fanning: readonly FanningRead[], sharded?: ShardedValues): ReadRequests {
  const logical = analysis.total.reads;
  if (fanning.length === 0) return { units: logical, logical };
  // The fan-out share is a fraction of the share of queries that read the key space.
  const spaceShare = analysis.owner.readShareOf(analysis.space);
  const fanShare = fanning.reduce((sum, read) => sum + read.pattern.share, 0);
  if (fanShare <= 0) return { units: logical, logical };
  const share = Math.min(1, fanShare / spaceShare) * (sharded?.valueShare ?? 1);
  // The share of a fanning read each shard is charged, weighted by the patterns' shares: 1 where each is charged in full.
  const perShard = fanning.reduce((sum, read) => sum + read.pattern.share * read.perShard(shards), 0) / fanShare;
  const units = logical * (1 - share) + logical * share * shards * perShard;
  const sized = fanning.filter((read) => read.perShard !== EVERY_SHARD_IN_FULL).map((read) => read.pattern.name);
  return {
    units,
    logical,
    fanOut: Object.assign({ patterns: fanning.map((read) => read.pattern.name), share, shards }, sized.length > 0 ? { sized } : {}, sharded),
  };
}
