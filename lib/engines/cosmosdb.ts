/** Azure Cosmos DB for NoSQL: what the rules need to know about it. */
import { fullKeyCardinality } from '../design/cardinality';
import { UsageError, type DesignIssue } from '../design/errors';
import type { CosmosKeyDesign, CosmosThroughput } from '../design/key-design';
import { num, oneOf } from '../design/shape';
import { gridFormOf, onGrid, THROUGHPUT_GRID, throughputForPeak } from './cosmos-grid';
import { judgedNeighbourLoad, type ValueAmongValues } from './neighbours';
import type { EngineProfile, LoadDimension, PhysicalPartitions, PhysicalShare } from './profile';

const NO_LOCAL_INDEXES = [] as const;

/**
 * Vendor ceilings. The logical-partition limits are hard, not adjustable: no container throughput
 * lifts the load one full key value can take.
 */
export const COSMOS_LIMITS = {
  /** Request units per second one logical partition (one full key value) serves: hard, not
   *  adjustable. Source: Azure Cosmos DB docs, "Partitioning and horizontal scaling". */
  logicalPartitionRequestUnits: 10_000,
  /** Storage of one logical partition: 20 GB, hard (same source). */
  logicalPartitionGb: 20,
  /** A hierarchical partition key has at most 3 levels (`MultiHash`, version 2).
   *  Source: Azure Cosmos DB docs, "Hierarchical partition keys". */
  hierarchyLevels: 3,
  /** RU/s one physical partition serves at most: a container scaled to X RU/s has at least ⌈X / 10,000⌉ of them
   *  (a scale-up splits partitions only until it has that minimum), and its throughput is divided evenly among
   *  them. Sources: Microsoft Learn, "Best practices for scaling provisioned throughput (RU/s)" (background,
   *  and its example of 5 partitions at 30,000 RU/s) and "Partitioning and horizontal scaling". */
  physicalPartitionRequestUnits: 10_000,
  /** RU/s per physical partition a container starts with when it is created with dedicated manual throughput:
   *  18,000 RU/s start on three partitions of 6,000 RU/s ("Partitioning and horizontal scaling"; "Best practices
   *  for scaling provisioned throughput", large data ingestion: 6,000 RU/s per partition with manual throughput). */
  initialManualPartitionRequestUnits: 6_000,
  /** The same for autoscale (its maximum) and shared database throughput: 10,000 RU/s per partition (same source). */
  initialPartitionRequestUnits: 10_000,
  /** Storage of one physical partition before it splits (same source). */
  physicalPartitionGb: 50,
  /** RU/s a serverless container serves in all while it has at most `serverlessSharedPartitions` physical partitions
   *  (one per 50 GB), shared among them: 5,000 on one, 1,666 each on three. Azure serves two texts of "Azure Cosmos DB
   *  serverless account performance" that disagree past one partition:
   *  - the table (https://learn.microsoft.com/en-us/azure/cosmos-db/serverless-1tb, and translations of
   *    /serverless-performance): "An Azure Cosmos DB serverless account offers 5,000 request units per second (RU/s)
   *    for a container. But if your workload increases to more than 250 GB or by more than five physical partitions,
   *    whichever occurs first, [...] With the addition of each new physical partition beyond the original five
   *    physical partitions, 1,000 RU/s are added to the container's maximum throughput capacity" (≤150 GB: 3
   *    partitions, 5,000 RU/s per container, 1,666 per partition; ≤1 TB: 20 partitions, 20,000);
   *  - the formula (https://learn.microsoft.com/en-us/azure/cosmos-db/serverless-performance, MicrosoftDocs/azure-
   *    databases-docs serverless-performance.md at commit 2d9647f): "If the data within the container exceeds the
   *    capacity of a single physical partition, the container's throughput scales linearly with the number of
   *    partitions [...] Throughput (RU/s) = Number of partitions * 5,000".
   *  Both add: "Serverless containers don't offer any guarantees of predictable throughput or latency". Where Azure's
   *  own pages disagree, a design is judged against the LOWER figure (the table's: it is never above the formula's),
   *  so that no design passes on a capacity one of Azure's pages says it does not have. */
  serverlessContainerRequestUnits: 5_000,
  /** Physical partitions the table's 5,000 RU/s are shared among before each further one adds its own (same source). */
  serverlessSharedPartitions: 5,
  /** RU/s each physical partition beyond the fifth adds to a serverless container (the table; same source). */
  serverlessRequestUnitsPerAddedPartition: 1_000,
  /** Default maximum RU/s of a container's dedicated throughput, and of a database's shared throughput: raised by
   *  filing an Azure support ticket. Source: Azure Cosmos DB docs, "Service quotas" (provisioned throughput). */
  requestUnitsQuota: 1_000_000,
  /** The most RU/s Azure's API can carry at all, whatever the quota: the throughput (and autoscale
   *  `maxThroughput`) of the resource provider's throughput settings is a 32-bit integer (Azure.ResourceManager.CosmosDB,
   *  `ThroughputSettingsResourceInfo.Throughput`, `Nullable<Int32>`). */
  apiRequestUnitsMax: 2_147_483_647,
  /** Azure keeps a container's (or shared database's) manual RU/s at no less than the highest RU/s it ever had ÷ 100
   *  ("Service quotas", minimum throughput limits): the RU/s it can ever have had, and so the partitions they made. */
  highestEverToMinimum: 100,
  /** The least RU/s Azure keeps per GB stored: manual RU/s of a container or shared database at no less than 1 RU/s per
   *  GB, an autoscale maximum at no less than 10 RU/s per GB ("Azure Cosmos DB service quotas", minimum throughput
   *  limits: manual max(400, GB × 1, highest ever ÷ 100); autoscale max(1,000, GB × 10, highest ever ÷ 10)). */
  manualMinimumRequestUnitsPerGb: 1,
  autoscaleMinimumRequestUnitsPerGb: 10,
  /** The least part of an autoscale maximum billed every hour: "Each hour, you're billed for the highest throughput T the
   *  system scaled to within the hour. If your resource had no requests during the hour or didn't scale beyond 0.1 × Tmax,
   *  you're billed for the minimum of 0.1 × Tmax" ("Frequently asked questions about autoscale provisioned throughput",
   *  how does autoscale pricing work). A raised maximum raises that floor. */
  autoscaleBilledFloorShare: 0.1,
  /** A serverless container stores at most 1 TB of data and indexes ("Azure Cosmos DB serverless": 20 physical
   *  partitions of 50 GB at 1 TB, "serverless account performance"), so it has at most 20 physical partitions. */
  serverlessMaxGb: 1_000,
  /** A split halves a full 50 GB physical partition: a partition made by storage holds at least 25 GB when it is made
   *  ("Partitioning and horizontal scaling", physical partitions). */
  splitPartitionGb: 25,
  /** Below these, a cross-partition query costs about what a targeted one does: the query docs ("Query a
   *  container", avoiding cross-partition queries) name containers above 30,000 RU/s or 100 GB. */
  smallContainerRequestUnits: 30_000,
  smallContainerGb: 100,
  /** The least RU a query is charged on each physical partition whose index it checks, matching or not: "You're
   *  charged for a minimum of about 2.5 RUs each time you check a physical partition's index" ("Query a container",
   *  https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container#avoid-cross-partition-queries; "Partitioning
   *  and horizontal scaling" gives 2-3 RU for every physical partition). A cross-partition query checks every one. */
  queryRequestUnitsPerPartition: 2.5,
  /** RU one KB a query loads is taken to cost above that minimum: Azure gives no per-KB charge for a query (it depends
   *  on the documents loaded, the index lookups and the compilation: "Optimize request cost",
   *  https://learn.microsoft.com/azure/cosmos-db/optimize-cost-reads-writes), so this is a point read's, "A point read
   *  for a 1-KB item is equivalent to one Request Unit" ("Request Units in Azure Cosmos DB",
   *  https://learn.microsoft.com/azure/cosmos-db/request-units): it holds for documents of about 1 KB (a 100 KB point
   *  read is 10 RU, less per KB). */
  queryRequestUnitsPerKb: 1,
  /** The share of requests rate-limited (429) Azure calls healthy: "if you see between 1-5% of requests with 429s, and
   *  your end to end latency is acceptable, this is a healthy sign that the RU/s are being fully utilized" ("Diagnose
   *  and troubleshoot request rate too large (429) exceptions"). Its upper end: the throttleRate alert's line, and the
   *  share at or under which observe calls a container at its budget busy but served. */
  healthyThrottledShare: 0.05,
} as const;

/**
 * RU/s a serverless container of `partitions` physical partitions serves in all, by the lower of Azure's two texts of
 * "serverless account performance" (COSMOS_LIMITS.serverlessContainerRequestUnits): 5,000 up to five partitions, then
 * 1,000 per partition (6,000 on six, 20,000 on twenty). The formula text would give partitions × 5,000.
 */
export function serverlessRequestUnits(partitions: number): number {
  const { serverlessContainerRequestUnits, serverlessSharedPartitions, serverlessRequestUnitsPerAddedPartition } = COSMOS_LIMITS;
  if (partitions <= serverlessSharedPartitions) return serverlessContainerRequestUnits;
  return serverlessContainerRequestUnits + (partitions - serverlessSharedPartitions) * serverlessRequestUnitsPerAddedPartition;
}

/** The busy containers whose load a design's physical partitions carry: a shared database's `containers` (its
 *  partitions host the logical partitions of all its containers), else 1. */
export function sharedContainers(design: CosmosKeyDesign): number {
  const { throughput } = design;
  return throughput?.mode === 'shared' ? (throughput.shared?.containers ?? 1) : 1;
}

/**
 * The RU/s a container's physical partitions divide: a shared database's own, since its partitions serve every
 * container in it ("Introduction to provisioned throughput", set throughput on a database: the physical partitions of
 * a shared-throughput database host the logical partitions of several containers; "Provision standard (manual)
 * throughput on a database": containers in the same database share partitions), else the container's.
 */
export function partitionedRequestUnits(throughput: CosmosThroughput): number | undefined {
  return throughput.mode === 'shared' ? (throughput.shared?.databaseRequestUnits ?? throughput.requestUnits) : throughput.requestUnits;
}

/**
 * `value` among everything its physical partitions carry: on a shared database's, the load of `sharedBy` busy
 * containers, each taken to be as busy as this one (the `containers` field's even split), so the rest is sharedBy ×
 * the container's peak less the value's own load, spread over sharedBy × the container's key values.
 */
export function amongCarried(value: ValueAmongValues, sharedBy = 1): ValueAmongValues {
  if (sharedBy === 1) return value;
  return { hot: value.hot, rest: sharedBy * (value.hot + value.rest) - value.hot, cardinality: value.cardinality * sharedBy };
}

/** The forms a container's RU/s come in, as the partition count reads them. */
export type CosmosThroughputMode = CosmosThroughput['mode'];

const MODE = oneOf<CosmosThroughputMode>(['manual', 'autoscale', 'shared', 'serverless']);
const NON_NEGATIVE = num({ min: 0 });
const PARTITIONS = num({ integer: true, min: 1 });

/** physicalPartitionCount() is public: a mode it does not know, or a NaN, negative or non-number figure, would
 *  silently count 1 partition or return NaN; a UsageError names each such argument instead. */
function checkPartitionArguments(mode: unknown, requestUnits: unknown, totalGb: unknown, existing: unknown): void {
  const issues: DesignIssue[] = [];
  MODE.read(mode, 'mode', issues);
  if (requestUnits !== undefined) NON_NEGATIVE.read(requestUnits, 'requestUnits', issues);
  NON_NEGATIVE.read(totalGb, 'totalGb', issues);
  if (existing !== undefined) PARTITIONS.read(existing, 'existing', issues);
  if (issues.length > 0) throw new UsageError(issues, 'physicalPartitionCount() arguments');
}

/**
 * Physical partitions of a container at `requestUnits` (for `shared`, the database's RU/s: its partitions serve all its
 * containers, `partitionedRequestUnits`) holding `totalGb`: at least one per 50 GB, and at least ⌈RU/s / 10,000⌉. Without a declared count, the layout of a
 * container created at that throughput: one per 6,000 RU/s for manual throughput, one per 10,000 RU/s for
 * an autoscale maximum or shared database throughput ("Best practices for scaling provisioned throughput",
 * large data ingestion). With one (`existing`: the partitions it has now, as Insights shows them), a scale-up
 * splits only to the minimum the new RU/s need (same page, "asynchronous scale-up"). Serverless: storage alone.
 */
export function physicalPartitionCount(mode: CosmosThroughputMode, requestUnits: number | undefined, totalGb = 0, existing?: number): number {
  checkPartitionArguments(mode, requestUnits, totalGb, existing);
  return countPhysicalPartitions(mode, requestUnits, totalGb, existing);
}

/** `physicalPartitionCount` for the core's own callers, whose figures a normalized design already checked. */
export function countPhysicalPartitions(mode: CosmosThroughputMode, requestUnits: number | undefined, totalGb = 0, existing?: number): number {
  const byStorage = Math.ceil(totalGb / COSMOS_LIMITS.physicalPartitionGb);
  if (mode === 'serverless' || requestUnits === undefined) return Math.max(1, byStorage, existing ?? 0);
  const minimum = Math.ceil(requestUnits / COSMOS_LIMITS.physicalPartitionRequestUnits);
  const atCreation = Math.ceil(
    requestUnits / (mode === 'manual' ? COSMOS_LIMITS.initialManualPartitionRequestUnits : COSMOS_LIMITS.initialPartitionRequestUnits),
  );
  return Math.max(1, byStorage, existing ?? atCreation, minimum);
}

/**
 * The RU/s at which a new container is created with `partitions` physical partitions: one per 6,000 RU/s of manual
 * throughput, one per 10,000 of an autoscale maximum or shared throughput, so `partitions` × that. Raised in place
 * afterwards up to `partitions` × 10,000 RU/s, it keeps them: "To ensure you get 25 physical partitions, using manual
 * throughput, you first provision 25 * 6000 RU/s = 150,000 RU/s. Then, after the container is created, [...] increase
 * the RU/s to 250,000 RU/s [...] (happens instantly because you already have 25 physical partitions)" ("Best practices
 * for scaling provisioned throughput", large data ingestion). The way a new container reaches a layout the design
 * describes after a raise in place.
 */
export function creationRequestUnits(mode: Exclude<CosmosThroughputMode, 'serverless'>, partitions: number): number {
  return partitions * (mode === 'manual' ? COSMOS_LIMITS.initialManualPartitionRequestUnits : COSMOS_LIMITS.initialPartitionRequestUnits);
}

/**
 * Whether a raise of `design`'s RU/s is sized as the container's creation: an autoscale maximum with no declared
 * `physicalPartitions` (nor a layout a raise in place left, `splitFrom`) describes a container still to be created, and
 * Azure starts one on ⌈maximum ÷ 10,000⌉ physical partitions (one per 10,000 RU/s of an autoscale maximum, and at least one
 * per 50 GB: "Best practices for scaling provisioned throughput", large data ingestion), evenly split: the count a raise
 * in place reaches too, but with no partition left unsplit ("how to ensure even data distribution during asynchronous
 * scaling"), so the least RU/s that serve the peak at headroom serve it on every partition. Manual throughput keeps its
 * raise in place: created at the raised RU/s it starts on one partition per 6,000 RU/s, a layout the design's count would
 * not describe (SG017's create-then-raise note, capacity-below-peak/create-first.ts). A container that exists declares
 * its count, and is raised in place.
 */
export function raisedAtCreation(design: Pick<CosmosKeyDesign, 'throughput' | 'physicalPartitions' | 'splitFrom'>): boolean {
  return design.throughput?.mode === 'autoscale' && design.physicalPartitions === undefined && design.splitFrom === undefined;
}

/**
 * The even partitions a raise of `design`'s RU/s splits from (`largestShareSlices`): the `now` it has, or the layout an
 * earlier raise left (`splitFrom`); none for a container still to be created (`raisedAtCreation`), which Azure starts on
 * its count evenly split. The one reading SG017's raise and SG003's raise search both lay a raise out by.
 */
export function raiseSplitsFrom(design: Pick<CosmosKeyDesign, 'throughput' | 'physicalPartitions' | 'splitFrom'>, now: number): number | undefined {
  return raisedAtCreation(design) ? undefined : (design.splitFrom ?? now);
}

/**
 * The key space in slices as large as the largest share one physical partition holds (that share is 1 ÷ the slices)
 * once a scale-up has split `evenFrom` even partitions to `count`. Azure splits a parent into two children only until the count is reached, and gives every
 * partition the same RU/s ("Best practices for scaling provisioned throughput", how to ensure even data distribution
 * during asynchronous scaling: 2 partitions raised to 30,000 RU/s leave "one partition that contains 50% of the data
 * (this partition wasn't split)" and two of 25%). From P to P' ≤ 2P only P' − P split, so the 2P − P' others keep 1/P
 * each; only P × 2^k partitions are even again (its general formula). Beyond 2P, every partition has split at least
 * ⌊log2(P'/P)⌋ times: P × 2^⌊log2(P'/P)⌋ slices. Conservative: a hot key may hash to any partition, the largest included.
 */
export function largestShareSlices(evenFrom: number, count: number): number {
  let slices = evenFrom;
  while (slices * 2 <= count) slices *= 2;
  return Math.min(slices, count);
}

/**
 * The key space of `design`'s `count` partitions in slices as large as the largest one's share: `count` (even) unless
 * a raise in place split some of `splitFrom`'s (`largestShareSlices`). A count its storage sets is taken as even:
 * evenly filled partitions reach 50 GB together and each splits ("Partitioning and horizontal scaling").
 */
export function keySpaceSlicesOf(design: Pick<CosmosKeyDesign, 'totalGb' | 'splitFrom'>, count: number): number {
  const byStorage = Math.ceil((design.totalGb ?? 0) / COSMOS_LIMITS.physicalPartitionGb);
  return count <= byStorage ? count : largestShareSlices(design.splitFrom ?? count, count);
}

/**
 * The least RU/s Azure keeps a provisioned container (or shared database) at for the storage it declares, on its grid:
 * manual RU/s at no less than 1 RU/s per GB, an autoscale maximum at no less than 10 RU/s per GB ("Azure Cosmos DB
 * service quotas", minimum throughput limits). Undefined for serverless (no minimum) or where storage is unknown.
 */
export function storageMinimumRequestUnits(design: Pick<CosmosKeyDesign, 'throughput' | 'totalGb'>): number | undefined {
  const { throughput, totalGb } = design;
  if (!throughput || throughput.mode === 'serverless' || totalGb === undefined) return undefined;
  return onGrid(gridFormOf(throughput.mode), totalGb * minimumRequestUnitsPerGb(throughput.mode));
}

/** RU/s Azure keeps per GB stored at `mode`'s grid form: 10 for an autoscale maximum, 1 for manual RU/s. */
export function minimumRequestUnitsPerGb(mode: Exclude<CosmosThroughputMode, 'serverless'>): number {
  return gridFormOf(mode) === 'autoscaleMax' ? COSMOS_LIMITS.autoscaleMinimumRequestUnitsPerGb : COSMOS_LIMITS.manualMinimumRequestUnitsPerGb;
}

/**
 * The throughput a provisioned container will have: the declared one, or the RU/s Azure holds it at for its declared
 * storage where that is higher (`CosmosThroughput.storageMinimum`, set when the design is read: Azure keeps the RU/s
 * there and bills them, whatever the design declares; SG017 says so). `partitioned` is what its physical partitions
 * divide (a shared database's RU/s), `requestUnits` the container's part, raised in the same proportion. Read from the
 * throughput, not from `totalGb`: a layout a fix weighs with more storage (N copies) is not given the higher minimum
 * that storage forces; it is the fix's cost. The design's own figures are left as declared: SG017 reports the gap.
 */
function enforcedThroughput(throughput: CosmosThroughput): { readonly partitioned?: number; readonly requestUnits?: number } {
  const partitioned = partitionedRequestUnits(throughput);
  const minimum = throughput.storageMinimum;
  if (partitioned === undefined || minimum === undefined || minimum <= partitioned) return { partitioned, requestUnits: throughput.requestUnits };
  return { partitioned: minimum, requestUnits: ((throughput.requestUnits ?? partitioned) * minimum) / partitioned };
}

/**
 * The physical partitions under a container: its declared `physicalPartitions`, else the count it is created
 * with at its declared throughput and size (`physicalPartitionCount`); the RU/s divided evenly among them.
 * Serverless: one per 50 GB, sharing what the container serves (`serverlessRequestUnits`). Shared database throughput: the database's partitions, counted
 * from its RU/s and this container's storage (the only storage the design knows), each serving the database's RU/s ÷
 * their count and carrying every busy container's keys (`sharedBy`); `requestUnits` stays the container's part, what
 * its own peak is judged against (SG017).
 * Undefined without declared throughput. Storage unknown counts as none: the fewest partitions, the largest
 * share (never a false refusal). The key space is taken as evenly split among them (a declared count's history is
 * not known), unless the design is the layout a raise in place leaves (`splitFrom`: `largestShareSlices`).
 */
function physicalPartitions(design: CosmosKeyDesign): PhysicalPartitions | undefined {
  const { throughput, totalGb } = design;
  if (!throughput) return undefined;
  // Judged at the RU/s it will have: below its storage minimum, Azure holds it at that minimum.
  const enforced = enforcedThroughput(throughput);
  const count = countPhysicalPartitions(throughput.mode, enforced.partitioned, totalGb, design.physicalPartitions);
  const countedBy: PhysicalPartitions['countedBy'] =
    design.physicalPartitions !== undefined ? 'declared' : count > Math.ceil((totalGb ?? 0) / COSMOS_LIMITS.physicalPartitionGb) ? 'throughput' : 'storage';
  const keySpaceSlices = keySpaceSlicesOf(design, count);
  if (throughput.mode === 'serverless') {
    const requestUnits = serverlessRequestUnits(count);
    return { count, countedBy, requestUnitsEach: requestUnits / count, requestUnits, keySpaceSlices, throughputFromStorage: true };
  }
  const requestUnits = enforced.requestUnits ?? serverlessRequestUnits(count);
  const sharedBy = sharedContainers(design);
  // A shared database's partitions divide its RU/s, and carry its other containers' keys too.
  const partitioned = enforced.partitioned ?? requestUnits;
  return Object.assign(
    { count, countedBy, requestUnitsEach: partitioned / count, requestUnits, keySpaceSlices },
    throughput.mode === 'shared' ? { sharedBy } : {},
    storageShortfall(design, partitioned),
  );
}

/**
 * `{ storageMinimum }` where `design`'s own storage forces more RU/s than the `partitioned` it is laid out at
 * (`storageMinimumRequestUnits`): a layout a fix weighs that stores more than the container declares (N copies), whose
 * minimum that fix must pay for (`PhysicalPartitions.storageMinimum`). Nothing for the design as declared, which
 * `enforcedThroughput` already holds at its minimum.
 */
function storageShortfall(design: CosmosKeyDesign, partitioned: number | undefined): { readonly storageMinimum?: number } {
  const minimum = storageMinimumRequestUnits(design);
  return minimum !== undefined && partitioned !== undefined && minimum > partitioned ? { storageMinimum: minimum } : {};
}

/**
 * The least RU/s on `design`'s grid (a shared database's, for its `containers` busy ones) that serve `peak` RU/s spread
 * over the key space, raised in place: where the raise splits partitions, judged on the partition holding the largest
 * share of the key space, peak ÷ slices ≤ headroom × the container's RU/s ÷ P' (`largestShareSlices`). From P to P' < 2P
 * Azure splits only P' − P, and the unsplit ones keep 1/P each while every partition gets RU/s ÷ P' ("Best practices for
 * scaling provisioned throughput", how to ensure even data distribution during asynchronous scaling): past P × 10,000
 * RU/s an unsplit one carries peak ÷ P, more than the headroom × 10,000 any partition has, so the raise keeps P (up to
 * P × 10,000) or reaches P × 2^k, even. Within P × 10,000, and for a count its storage sets, this is peak ÷ headroom on
 * the grid (`throughputForPeak`). SG017's raise in place, and the layout SG003 judges an over-capacity container at.
 */
export function evenInPlaceThroughput(design: CosmosKeyDesign, peak: number): number | undefined {
  const { throughput, totalGb } = design;
  if (!throughput || throughput.mode === 'serverless') return undefined;
  const form = gridFormOf(throughput.mode);
  // A shared database's RU/s are split over its busy containers, and its partitions serve them all: the RU/s and the
  // partition counts here are the database's, and the largest-share partition carries that share of every busy container.
  const containers = sharedContainers(design);
  const now = countPhysicalPartitions(throughput.mode, partitionedRequestUnits(throughput), totalGb, design.physicalPartitions);
  const layout = { totalGb, splitFrom: design.splitFrom ?? now };
  const { headroom } = design.thresholds;
  let ru = throughputForPeak(form, peak, headroom, containers);
  if (!Number.isFinite(ru)) return ru;
  const partitionMax = COSMOS_LIMITS.physicalPartitionRequestUnits;
  for (;;) {
    const count = countPhysicalPartitions(throughput.mode, ru, totalGb, now);
    const slices = keySpaceSlicesOf(layout, count);
    // The largest-share partition carries (containers × peak) ÷ slices and gets 1/count of the RU/s.
    const needed = throughputForPeak(form, (peak * count) / slices, headroom, containers);
    if (ru >= needed) return ru;
    // After an uneven split the slices stay until the count reaches twice them (`largestShareSlices`), and no partition
    // gets more than 10,000 RU/s (the count is at least ⌈RU/s ÷ 10,000⌉): where the largest share alone needs more (by
    // more than rounding), no count before that doubling serves it, so the next one tried is the doubling's.
    const unservedUntilDoubling = slices < count && ((peak / headroom) * containers) / slices > partitionMax * (1 + 1e-6);
    // Otherwise not past the first RU/s with one partition more: that split may even the layout out.
    ru = unservedUntilDoubling ? onGrid(form, (2 * slices - 1) * partitionMax + 1) : Math.min(needed, onGrid(form, count * partitionMax + 1));
  }
}

/**
 * The RU/s SG017 asks for `peak` (and that SG003 judges an over-capacity container at): a raise in place
 * (`evenInPlaceThroughput`), or for a container still to be created (`raisedAtCreation`) the least autoscale maximum on
 * the grid at which it starts on partitions that serve the peak at headroom, evenly split. Where the hottest value
 * (`hot`, among its key's values) fits the partitions of the raise in place but not those of that least maximum, the least
 * maximum up to the raise in place's whose partitions fit it too: sized at creation, the raise never leaves a hot value
 * over that the raise in place served.
 */
export function raiseForPeak(design: CosmosKeyDesign, peak: number, hot?: ValueAmongValues): number | undefined {
  const inPlace = evenInPlaceThroughput(design, peak);
  const { throughput } = design;
  if (inPlace === undefined || throughput?.mode !== 'autoscale' || !raisedAtCreation(design)) return inPlace;
  const form = gridFormOf(throughput.mode);
  const created = throughputForPeak(form, peak, design.thresholds.headroom, 1);
  if (!(created < inPlace) || !hot) return Math.min(created, inPlace);
  const fitsAt = (ru: number): boolean => {
    const count = countPhysicalPartitions(throughput.mode, ru, design.totalGb);
    const usable = (ru / count) * design.thresholds.headroom;
    return hot.hot + judgedNeighbourLoad(hot, count, usable) <= usable * (1 + 1e-9);
  };
  if (fitsAt(created) || !fitsAt(inPlace)) return created;
  const { step } = THROUGHPUT_GRID[form];
  let ru = created;
  while (ru < inPlace && !fitsAt(ru)) ru += step;
  return ru;
}

/**
 * The physical partitions a container whose `peak` is above headroom × its RU/s has once raised to the RU/s
 * SG017 asks for (`evenInPlaceThroughput`, the same function SG017's fix uses): raised in place, it splits only to
 * the minimum the new RU/s need, so its current count is `existing` ("Best practices for scaling provisioned
 * throughput", asynchronous scale-up). A serverless container has no raise: SG017 moves it to manual throughput of peak ÷
 * headroom (`movedFromServerless`), and it is judged there, so that a fix which takes it past what serverless serves (its
 * copies' writes and storage) is judged where SG017's fix leaves it, not on its logical partitions alone.
 */
function raisedPartitions(design: CosmosKeyDesign, now: PhysicalPartitions, peak: number, hot?: ValueAmongValues): PhysicalPartitions | undefined {
  const { throughput, totalGb } = design;
  if (throughput?.mode === 'serverless') return movedFromServerless(design, now, peak);
  const partitioned = raiseForPeak(design, peak, hot);
  if (!throughput || partitioned === undefined) return undefined;
  // A shared database's RU/s are split over its busy containers: SG017 raises the database, the container gets its part,
  // and the database's partitions divide the database's RU/s.
  const requestUnits = partitioned / sharedContainers(design);
  const count = countPhysicalPartitions(throughput.mode, partitioned, totalGb, now.count);
  const keySpaceSlices = keySpaceSlicesOf(Object.assign({}, design, { splitFrom: raiseSplitsFrom(design, now.count) }), count);
  return Object.assign(
    { count, countedBy: now.countedBy, requestUnitsEach: partitioned / count, requestUnits, keySpaceSlices },
    now.sharedBy ? { sharedBy: now.sharedBy } : {},
    storageShortfall(design, partitioned),
  );
}

/**
 * The physical partitions of a serverless container whose `peak` is above what it serves, once SG017's fix moved it to
 * provisioned throughput: manual RU/s of peak ÷ headroom on the manual grid, the figure SG017 names first. The move
 * "converts all containers within the account to manual provisioned throughput containers in-place", each at "number of
 * partitions * 5000" RU/s ("Change from serverless to provisioned capacity mode"), so the container keeps the partitions
 * it has (`now`: one per 50 GB, or as declared), and SG017's figure is a raise (or a lowering) in place from there, which
 * splits only to ⌈RU/s ÷ 10,000⌉ ("Best practices for scaling provisioned throughput", asynchronous scale-up). The
 * creation layout (one per 6,000 RU/s) is that of SG017's other way, a new container in a provisioned account.
 */
function movedFromServerless(design: CosmosKeyDesign, now: PhysicalPartitions, peak: number): PhysicalPartitions & { readonly movedMode: true } {
  const requestUnits = throughputForPeak('manual', peak, design.thresholds.headroom, 1);
  const count = countPhysicalPartitions('manual', requestUnits, design.totalGb, now.count);
  return {
    count,
    countedBy: now.countedBy,
    requestUnitsEach: requestUnits / count,
    requestUnits,
    keySpaceSlices: keySpaceSlicesOf(Object.assign({}, design, { splitFrom: design.splitFrom ?? now.count }), count),
    movedMode: true,
  };
}

/**
 * What a value's physical partitions leave it: their usable RU/s less its neighbours' expected load. At the container's
 * usable line the neighbours take all but the value's own load, and subtracting two near-equal RU/s figures loses the
 * digits a tiny value's load is made of (a key of 180,000,000 values at 8,000 of 10,000 RU/s: 0.000044 RU/s each, judged
 * over against what rounding left of it). A value that fits beside its neighbours, to the precision of the partitions'
 * RU/s, is given its own load.
 */
export function usableBesideNeighbours(partitionsUsable: number, neighbours: number, load: number): number {
  const fitsBeside = load + neighbours <= partitionsUsable * (1 + 1e-9);
  return Math.max(0, partitionsUsable - neighbours, fitsBeside ? load : 0);
}

export const cosmosDbProfile: EngineProfile<CosmosKeyDesign> = {
  engine: 'cosmosdb',
  title: 'Cosmos DB',
  nouns: { resource: 'container', item: 'document', keyValueData: 'logical partition' },
  limits: COSMOS_LIMITS,

  keySpaces: (design) => [design.primaryKey],
  localIndexes: () => NO_LOCAL_INDEXES,

  // Reads and writes share one budget in RU/s: the logical partition's 10,000, or less where its physical
  // partition's share, after the neighbours' expected load, leaves less.
  loadDimensions(loads, headroom, physical) {
    const ceiling = COSMOS_LIMITS.logicalPartitionRequestUnits;
    const logical: LoadDimension = { label: 'request', unit: 'RU/s', load: loads.reads + loads.writes, ceiling, usable: ceiling * headroom };
    if (!physical) return [logical];
    // A key value above its own ceiling throttles whatever its neighbours do: that ceiling is the one to name.
    const usable = usableBesideNeighbours(physical.requestUnitsEach * headroom, physical.neighbours, logical.load);
    const physicalBites = usable < logical.usable && logical.load <= logical.usable * (1 + 1e-9);
    return physicalBites ? [Object.assign({}, logical, { ceiling: physical.requestUnitsEach, usable, physical })] : [logical];
  },
  writeUnit: 'RU/s',

  // A logical partition holds documents, unless the key is unique (one document per value).
  keyValueHoldsMany: (_design, space, cardinality) => space.sortKey.length > 0 || cardinality !== Infinity,
  keyValueSizeLimit: () => ({ gb: COSMOS_LIMITS.logicalPartitionGb, cause: 'hard' }),
  // A logical partition never spans physical partitions: nothing splits one key value's load.
  splitForHeat: () => 'none',
  // A container is its only key space: no index takes its writes.
  hotWritesOnOneItem: () => false,

  routing: 'key-prefix',
  maxKeyLevels: COSMOS_LIMITS.hierarchyLevels,
  globalIndexes: false,
  transactionsSpanKeys: false,
  cache: 'the integrated cache',
  // "Azure Cosmos DB integrated cache": an item cache for point reads and a query cache for queries; a hit costs 0 RU;
  // each dedicated gateway node caches on its own. "Azure Cosmos DB dedicated gateway": billed hourly; requests use it
  // (and the cache) only in gateway mode on the dedicated gateway endpoint, with session or eventual consistency.
  cacheTerms: {
    serves: 'point reads and queries it answers from its item and query caches cost 0 RU',
    needs:
      'a dedicated gateway, billed hourly, each node caching on its own, the SDK in gateway mode on its endpoint, and session or eventual consistency; stronger reads, misses and writes still reach the partition',
  },
  keyMonitoring: 'diagnostic-logs',
  hotValueMovesOut: true,
  separatesHotKeys: false,
  sizesForHashedPair: false,
  // A query's RU charge is paid on every shard it visits: a read-hot feed gets copies or the cache.
  readHotCollection: 'copy',
  // A shard's (or bucket's) query gives its full key value, so it checks one physical partition's index: at least about
  // 2.5 RU, then about 1 RU per KB it loads (COSMOS_LIMITS.queryRequestUnitsPerPartition, queryRequestUnitsPerKb).
  queryCharge: { kbPerUnit: 1 / COSMOS_LIMITS.queryRequestUnitsPerKb, minimumUnits: COSMOS_LIMITS.queryRequestUnitsPerPartition, wholeUnits: false },

  physicalPartitions,
  containerOf: (design) => design,
  // Also the check of a hierarchical key's first level (prefix-ingestion.ts): a first-level value's documents sit on
  // one physical partition with whatever else hashes there ("Hierarchical partition keys": they are co-located, and
  // consume only that partition's throughput). The key's count of values (`cardinality`: the first level's, there) only
  // tells a uniform key at the container's line from a hot one (`judgedNeighbourLoad`).
  physicalShare(
    design,
    total,
    hot,
    cardinality = fullKeyCardinality(design.primaryKey.partitionKey),
    pastOwnCeiling = false,
    raisedFor?: () => ValueAmongValues,
  ): PhysicalShare | undefined {
    const partitions = physicalPartitions(design);
    if (!partitions) return undefined;
    const peak = total.reads + total.writes;
    const hotLoad = hot.reads + hot.writes;
    const value = amongCarried({ hot: hotLoad, rest: peak - hotLoad, cardinality }, partitions.sharedBy);
    const { headroom } = design.thresholds;
    // A serverless container stores at most 1 TB: copies that take it past that are judged where SG017's move puts it.
    const storable = design.throughput?.mode !== 'serverless' || (design.totalGb ?? 0) <= COSMOS_LIMITS.serverlessMaxGb;
    // A value past its own ceiling, with the rest of the load and that value's usable part within the usable RU/s: no
    // raise serves anything, and SG017 asks for none (capacity-below-peak/cosmosdb.ts, `keyPastLogicalCeiling`).
    const logicalUsable = COSMOS_LIMITS.logicalPartitionRequestUnits * headroom;
    const servable = peak - hotLoad + Math.min(hotLoad, logicalUsable);
    const raiseServesNothing = pastOwnCeiling && design.throughput?.mode !== 'serverless' && servable <= partitions.requestUnits * headroom * (1 + 1e-9);
    // A copy judged as deployed (`asDeployed`) keeps its declared RU/s whatever its peak: SG017's raise is a warning's
    // fix, and until it is made every value is throttled on the partitions the container has.
    const withinRequestUnits = design.asDeployed === true || peak <= partitions.requestUnits * headroom * (1 + 1e-9);
    if ((storable && withinRequestUnits) || raiseServesNothing)
      return Object.assign({}, partitions, { neighbours: judgedNeighbourLoad(value, partitions.keySpaceSlices, partitions.requestUnitsEach * headroom) });
    // Above the container's usable RU/s every partition is short, which is its capacity (SG017). The hot key is
    // judged where SG017's raise leaves it: a key that does not fit its partition's share even then throttles
    // after that fix too (SG003).
    // One raise for every value judged at it: sized for the container's own key's hottest value where the caller names it
    // (a first level, or its buckets, judged at a raise sized for themselves got a figure SG017 never asks for).
    const raised = raisedPartitions(design, partitions, peak, partitions.sharedBy ? undefined : (raisedFor?.() ?? value));
    return (
      raised &&
      Object.assign({}, raised, { neighbours: judgedNeighbourLoad(value, raised.keySpaceSlices, raised.requestUnitsEach * headroom), raisedFrom: partitions })
    );
  },
  prefixPartition: (design) => ({
    requestUnits: physicalPartitions(design)?.requestUnitsEach ?? COSMOS_LIMITS.physicalPartitionRequestUnits,
    gb: COSMOS_LIMITS.physicalPartitionGb,
  }),
  // "Service quotas", provisioned throughput: at most 1,000,000 RU/s per container (dedicated) or per database (shared)
  // by default, raised only by a support ticket. SG017 asks for the peak ÷ headroom on the declared form's grid (a shared
  // database: × its busy containers), or more where a raise in place would split unevenly (`evenInPlaceThroughput`); past the quota Azure refuses it, so SG017 writes no edit (cosmosRaisePastQuota).
  // A serverless container has no provisioned figure: SG017 moves it to provisioned throughput, with no edit either way.
  throughputQuotaPassed(design, peak) {
    const { throughput } = design;
    if (!throughput || throughput.mode === 'serverless') return undefined;
    const needed = raiseForPeak(design, peak) as number;
    const quota = COSMOS_LIMITS.requestUnitsQuota;
    return needed > quota ? { quota, quotaName: throughput.mode === 'shared' ? 'database' : 'container', provisioned: needed } : undefined;
  },
  smallResource(design) {
    const partitions = physicalPartitions(design);
    if (!partitions || design.totalGb === undefined) return undefined;
    const small = partitions.requestUnits <= COSMOS_LIMITS.smallContainerRequestUnits && design.totalGb <= COSMOS_LIMITS.smallContainerGb;
    return small ? { requestUnits: partitions.requestUnits, gb: design.totalGb, partitions: partitions.count } : undefined;
  },
};
