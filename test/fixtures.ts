/** Small, valid designs for tests to vary: each test states only what it changes. */
import type { CosmosContainerDesign, DesignInput, DynamoDbTableDesign, Finding, GlobalSecondaryIndexDesign, InvariantDesign } from '../lib';
import { applyDesignEdits, DesignError, lint } from '../lib';

/**
 * Review 13's inventory table (designs/inventory.json): one item per `skuId`, the flash-sale SKU at 60% of 3,000 WCU
 * kept by a conditional decrement, and a GSI `by-warehouse` on `warehouseId` (12 values) that every update of it writes.
 */
export function inventoryTable(overrides: Partial<DynamoDbTableDesign> = {}, index: Partial<GlobalSecondaryIndexDesign> = {}): DynamoDbTableDesign {
  return table({
    name: 'inventory',
    partitionKey: { name: 'skuId', type: 'S', cardinality: 50000 },
    billing: 'provisioned',
    capacity: { read: { min: 500, max: 8000 }, write: { min: 200, max: 4000 } },
    workload: { peakReadUnits: 6000, peakWriteUnits: 3000, hotKeyShare: 0.6, hotKeyOperations: 'both' },
    invariants: [{ kind: 'conditional-write', description: 'stock >= qty on decrement; never oversell' }],
    globalSecondaryIndexes: [
      {
        indexName: 'by-warehouse',
        partitionKey: { name: 'warehouseId', type: 'S', cardinality: 12 },
        sortKey: { name: 'skuId', type: 'S', cardinality: 'unique' },
        ...index,
      },
    ],
    accessPatterns: [
      { name: 'get-stock', keyAttributes: ['skuId'], share: 0.9 },
      { name: 'warehouse-stock', index: 'by-warehouse', keyAttributes: ['warehouseId'], share: 0.1 },
    ],
    ...overrides,
  });
}

/** cosmosA32's chat.json: 5,000 tenants, one holding 30 GB and a channel everyone opens at once, read 50 messages a page
 *  (`paged`; without it, the same reads with no `limit`). */
export function chatPagedContainer(autoscaleMax: number, paged = true): CosmosContainerDesign {
  return {
    engine: 'cosmosdb',
    name: 'messages',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5000, hotKeyShare: 0.61, largestGb: 30 },
        { path: '/channelId', cardinality: 2_000_000 },
        { path: '/month', cardinality: 36, kind: 'time-bucket' },
      ],
    },
    throughput: { autoscaleMax },
    workload: { peakReadUnits: 22000, peakWriteUnits: 2000, hotKeyShare: 0.545, hotKeyOperations: 'reads' },
    storage: { totalGb: 300, largestPartitionGb: 0.5 },
    accessPatterns: [
      { name: 'channel-latest-page', keyAttributes: ['/tenantId', '/channelId', '/month'], share: 0.95, ...(paged ? { limit: 50 } : {}) },
      { name: 'tenant-search', keyAttributes: ['/tenantId'], share: 0.05 },
    ],
  };
}

/**
 * The reviewer's design (sound-21b): `/tenantId` → `/userId` → `/id`, the hottest tenant at `share` (with `largestGb`) of
 * 24,000 RU/s, over `totalGb` (300 GB: 6 physical partitions), declaring no `physicalPartitions` unless `overrides` do.
 */
export function soundTenantEvents(
  share: number,
  throughput: CosmosContainerDesign['throughput'],
  { largestGb = 40, totalGb = 300 } = {},
  overrides: Partial<CosmosContainerDesign> = {},
): CosmosContainerDesign {
  return container({
    name: 'tenant-events',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 2000, hotKeyShare: share, largestGb },
        { path: '/userId', cardinality: 400_000 },
        { path: '/id', cardinality: 'unique' },
      ],
    },
    throughput,
    workload: { peakReadUnits: 8000, peakWriteUnits: 16_000 },
    storage: { totalGb, largestPartitionGb: 0.5 },
    accessPatterns: [
      { name: 'user-events', keyAttributes: ['/tenantId', '/userId'], share: 0.75 },
      { name: 'tenant-dashboard', keyAttributes: ['/tenantId'], share: 0.23 },
      { name: 'admin', keyAttributes: [], share: 0.02 },
    ],
    ...overrides,
  });
}

/** conv33's game leaderboards: a `/region` (8 values) at 45% of 17,000 RU/s, sharded `shards` ways on `playerId`, whose
 *  top-100 page reads every shard. */
export function gameLeaderboards(shards: number, throughput: CosmosContainerDesign['throughput']): CosmosContainerDesign {
  return {
    engine: 'cosmosdb',
    name: 'leaderboards',
    partitionKey: { paths: [{ path: '/region', cardinality: 8, kind: 'value' }] },
    throughput,
    workload: { peakReadUnits: 2_000, peakWriteUnits: 15_000, hotKeyShare: 0.45 },
    sharding: { strategy: 'calculated', shards, sourceAttribute: 'playerId', sourceCardinality: 20_000_000, sourceMutable: false },
    storage: { totalGb: 10, largestPartitionGb: 4.5 },
    accessPatterns: [
      { name: 'region-top-100', keyAttributes: ['/region'], share: 0.6, fanOut: true, limit: 100 },
      { name: 'player-entry', keyAttributes: ['/region', 'playerId'], share: 0.4 },
    ],
  };
}

/** Review 14's chat-viral.json: one conversation takes 20% of 50,000 RU/s of reads; 2,000 GB on 40 physical partitions. */
export function chatViralContainer(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return {
    engine: 'cosmosdb',
    name: 'chat-viral',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5000 },
        { path: '/conversationId', cardinality: 2_000_000 },
      ],
    },
    workload: { peakReadUnits: 50_000, peakWriteUnits: 10_000, hotKeyShare: 0.2, hotKeyOperations: 'reads' },
    throughput: { autoscaleMax: 100_000 },
    storage: { totalGb: 2000 },
    accessPatterns: [{ name: 'messages-of-conversation', keyAttributes: ['tenantId', 'conversationId'], share: 1 }],
    ...overrides,
  };
}

/**
 * Review u9 item 1 (orders-sound.json): a GSI keyed by `hourBucketShard`, the hour bucket `hourBucket` plus
 * hash(orderId) mod 8, 24 values declared, no `kind`. Its current hour takes every index write (AWS, "Best practices
 * for handling time series data in DynamoDB"); the 8 shards spread them ("Using write sharding to distribute workloads
 * evenly"). Before, the name `hourBucketShard` made it an ordinary 24-valued key: SG001 "166.67 WCU, fine" (4,000 ÷ 24)
 * and SG007 "remove the sharding", whose fix put all 4,000 WCU of the current hour on one key of a usable 800.
 */
export function hourlyOrderEvents(shards: number | undefined, writes = 4000, kind?: 'time-bucket' | 'value'): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'order-events',
    billing: 'provisioned',
    capacity: { read: { min: 2000, max: 12000 }, write: { min: 1000, max: 8000 } },
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    sortKey: { name: 'seq', type: 'N', cardinality: 50 },
    workload: { peakReadUnits: 6000, peakWriteUnits: writes },
    globalSecondaryIndexes: [
      {
        indexName: 'by-hour',
        partitionKey: { name: 'hourBucketShard', type: 'S', cardinality: 24, ...(kind ? { kind } : {}) },
        sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        ...(shards === undefined ? {} : { sharding: { strategy: 'calculated', shards, sourceAttribute: 'orderId', logicalAttribute: 'hourBucket' } }),
      },
    ],
    accessPatterns: [
      { name: 'replay-order', keyAttributes: ['orderId'], share: 0.95 },
      { name: 'orders-this-hour', index: 'by-hour', keyAttributes: ['hourBucketShard'], share: 0.05, ...(shards === undefined ? {} : { fanOut: true }) },
    ],
  };
}

/** A Q&A site's posts (qa-flawed.json): one viral question takes 20% of 30,000 RU/s of reads and 6,000 of writes, on
 *  50,000 autoscale RU/s over 400 GB (8 partitions). */
export function qaPosts(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'posts',
    partitionKey: { paths: [{ path: '/questionId', cardinality: 5_000_000 }] },
    throughput: { autoscaleMax: 50_000 },
    workload: { peakReadUnits: 30_000, peakWriteUnits: 6_000, hotKeyShare: 0.2 },
    storage: { totalGb: 400, largestPartitionGb: 0.2 },
    ...overrides,
  });
}

/**
 * try24a's telemetry container (capacity-not-key.test.ts): 2,000 sites, the hottest 2% (800 RU/s) under
 * `/siteId` → `/deviceId` → `/day`, 40,000 RU/s of peak at an autoscale maximum of 40,000 (SG017's line is 50,000),
 * 500 GB: its first level is over only by the container's capacity.
 */
export function siteTelemetry(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'telemetry',
    partitionKey: {
      paths: [
        { path: '/siteId', cardinality: 2000, hotKeyShare: 0.02, largestGb: 8 },
        { path: '/deviceId', cardinality: 200_000 },
        { path: '/day', cardinality: 365 },
      ],
    },
    workload: { peakReadUnits: 10_000, peakWriteUnits: 30_000 },
    throughput: { autoscaleMax: 40_000 },
    storage: { totalGb: 500 },
    accessPatterns: [
      { name: 'device-day', keyAttributes: ['/siteId', '/deviceId', '/day'], share: 0.7 },
      { name: 'site-dashboard', keyAttributes: ['/siteId'], share: 0.3 },
    ],
    ...overrides,
  });
}

/** try24a's flawed telemetry: 200 sites, the hottest 40%; 2,000 GB (40 physical partitions); a device-day value 64 RU/s. */
export function hotSiteTelemetry(): CosmosContainerDesign {
  return siteTelemetry({
    partitionKey: {
      paths: [
        { path: '/siteId', cardinality: 200, hotKeyShare: 0.4, largestGb: 50 },
        { path: '/deviceId', cardinality: 50_000 },
        { path: '/day', cardinality: 365 },
      ],
    },
    storage: { totalGb: 2000 },
  });
}

/**
 * Review 15's iot-big.json: telemetry keyed `/deviceId` (100,000) → `/day` (365), the key SG002's fix recommends; each
 * device has each day, so its largest device's 25 GB (`largestGb`, override it) spreads over 365 (device, day) values.
 */
export function deviceDays(largestGb = 25, bucket: { path: string; cardinality: number } = { path: '/day', cardinality: 365 }): CosmosContainerDesign {
  return {
    engine: 'cosmosdb',
    name: 'telemetry',
    partitionKey: { paths: [{ path: '/deviceId', cardinality: 100_000, largestGb }, bucket] },
    workload: { peakReadUnits: 10_000, peakWriteUnits: 50_000 },
    throughput: { autoscaleMax: 80_000 },
    storage: { totalGb: 5000 },
  };
}

/**
 * Review 15's leaderboard.json: 200 games, the hottest at 40% of 30,000 WCU, and a GSI `top-scores` keyed by the same
 * `gameId` (sort key `score`, changed by updates), read for the top 100.
 */
export function leaderboardTable(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    name: 'leaderboard',
    partitionKey: { name: 'gameId', type: 'S', cardinality: 200 },
    sortKey: { name: 'playerId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 2000, peakWriteUnits: 30_000, hotKeyShare: 0.4, hotKeyOperations: 'both' },
    globalSecondaryIndexes: [
      {
        indexName: 'top-scores',
        partitionKey: { name: 'gameId', type: 'S', cardinality: 200 },
        sortKey: { name: 'score', type: 'N', cardinality: 100_000 },
      },
    ],
    accessPatterns: [
      { name: 'player-score', keyAttributes: ['gameId', 'playerId'], share: 0.5 },
      { name: 'top-scores', index: 'top-scores', keyAttributes: ['gameId'], share: 0.5, limit: 100 },
    ],
    ...overrides,
  });
}

/**
 * The job scheduler of a review's designs (scheduler.json): an on-demand table launched at its peak, a whale tenant
 * taking 60% of 12,000 WCU, read by `jobs-of-tenant`.
 */
export function schedulerJobs(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'jobs',
    partitionKey: { name: 'tenantId', type: 'S', cardinality: 10_000 },
    sortKey: { name: 'dueAtJobId', type: 'S', cardinality: 'unique' },
    billing: 'on-demand',
    workload: { peakReadUnits: 2_000, peakWriteUnits: 12_000, hotKeyShare: 0.6, hotKeyOperations: 'writes' },
    launchAtPeak: true,
    accessPatterns: [{ name: 'jobs-of-tenant', keyAttributes: ['tenantId'], rangeAttribute: 'dueAtJobId', share: 1 }],
    ...overrides,
  };
}

/** A healthy on-demand table: unique key, modest traffic, monitoring on. No findings. */
export function table(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'orders',
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
    ...overrides,
  };
}

/**
 * stranger24b's status index: a 6-valued status GSI taking 2,000 WCU, sharded into 20 random keys its load does not
 * need (its hottest value unsharded: 333.33 of the 383.33 WCU its neighbours leave of a usable 800). SG007 finds it.
 */
export function shardedStatusIndex(acknowledgements?: DynamoDbTableDesign['acknowledgements']): DynamoDbTableDesign {
  return table({
    workload: { peakReadUnits: 1000, peakWriteUnits: 2000 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-status',
        partitionKey: { name: 'statusShard', type: 'S', cardinality: 6 },
        sortKey: { name: 'updatedAt', type: 'S' },
        sharding: { strategy: 'random', shards: 20, logicalAttribute: 'status' },
        workload: { peakWriteUnits: 2000 },
      },
    ],
    ...(acknowledgements ? { acknowledgements } : {}),
  });
}

/** A healthy container: tenant → user hierarchy, modest traffic. No findings. */
export function container(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return {
    engine: 'cosmosdb',
    name: 'profiles',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 500 },
        { path: '/userId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 2000, peakWriteUnits: 1000 },
    ...overrides,
  };
}

/** A Q&A site's tag feed: 15% of 16,000 RU/s of reads on one tag, 2,000 of writes, 20,000 manual RU/s over 60 GB. */
export function qaTagFeed(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'tag-feed',
    partitionKey: { paths: [{ path: '/tag', cardinality: 60_000 }] },
    throughput: { manual: 20_000 },
    workload: { peakReadUnits: 16_000, peakWriteUnits: 2_000, hotKeyShare: 0.15, hotKeyOperations: 'reads' },
    storage: { totalGb: 60, largestPartitionGb: 6 },
    accessPatterns: [{ name: 'newest-in-tag', keyAttributes: ['/tag'], share: 1, limit: 50 }],
    ...overrides,
  });
}

/** A write-only container keyed by two levels, `[path, cardinality]` each, at `writes` RU/s. */
export function twoLevelWrites(
  name: string,
  [first, second]: readonly [readonly [string, number], readonly [string, number]],
  writes: number,
  throughput: CosmosContainerDesign['throughput'],
  storage?: CosmosContainerDesign['storage'],
): CosmosContainerDesign {
  return container({
    name,
    partitionKey: {
      paths: [
        { path: first[0], cardinality: first[1] },
        { path: second[0], cardinality: second[1] },
      ],
    },
    workload: { peakReadUnits: 0, peakWriteUnits: writes },
    throughput,
    ...(storage ? { storage } : {}),
  });
}

/** Review 4's `events` container: five tenants (60% hot), then user, then a unique id; 50,000 RU/s at peak. */
export function reviewEvents(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'events',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5, hotKeyShare: 0.6 },
        { path: '/userId', cardinality: 200000 },
        { path: '/id', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 20000, peakWriteUnits: 30000 },
    throughput: { autoscaleMax: 60000 },
    storage: { totalGb: 120, largestPartitionGb: 0.2 },
    // Created at 70,000 RU/s and lowered (lowering never merges partitions): the 7 partitions review 4 judged it on. Its
    // peak is above 80% of 60,000, so keys are judged at SG017's 63,000, which keeps these 7 even; created at 60,000 (6
    // partitions) that raise would split 1 of 6 and leave 5 holding 1/6 of the key space, fuller than their usable RU/s
    // ("Best practices for scaling provisioned throughput"; uneven-split.test.ts).
    physicalPartitions: 7,
    ...overrides,
  });
}

/**
 * Review 9's whale: `sessions`, 2,000 tenants, the hottest taking 35% of a 50,000 RU/s peak (17,500 RU/s, 80 GB), autoscale
 * 63,000 RU/s over 400 GB: 8 physical partitions.
 */
export function whaleSessions(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'sessions',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 2000, hotKeyShare: 0.35, largestGb: 80 },
        { path: '/userId', cardinality: 500000 },
        { path: '/sessionId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 30000, peakWriteUnits: 20000 },
    throughput: { autoscaleMax: 63000 },
    storage: { totalGb: 400 },
    ...overrides,
  });
}

/** `/region` (`regions`) → `/status` (5): 5,000 RU/s of writes on 20,000 manual RU/s (4 physical partitions of 5,000,
 *  4,000 usable at 80%), the full key's hottest value declared at `hotKeyShare`. */
export function regionStatusWrites(regions: number, hotKeyShare: number): CosmosContainerDesign {
  const design = twoLevelWrites(
    'orders',
    [
      ['/region', regions],
      ['/status', 5],
    ],
    5_000,
    { manual: 20_000 },
  );
  return { ...design, workload: { ...design.workload, hotKeyShare } };
}

/** `fanOut: true` where `sharding` gives a read shards to fan out over (random or calculated), else nothing. */
export function fanOutOver(sharding: { readonly strategy: string } | undefined): { fanOut?: true } {
  return sharding?.strategy === 'random' || sharding?.strategy === 'calculated' ? { fanOut: true } : {};
}

/** A ledger: each account's entries and its running balance; the hottest account takes 1,500 WCU, more
 *  than one partition's usable 800. */
export function ledger(invariants: InvariantDesign[], overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  // The statement reads every shard once the ledger is sharded; an unsharded ledger has none to fan out over (a design error).
  const statement = { name: 'entries-and-balance', keyAttributes: ['accountId'], share: 1, ...fanOutOver(overrides.sharding) };
  return table({
    name: 'ledger',
    partitionKey: { name: 'accountId', type: 'S', cardinality: 200000 },
    sortKey: { name: 'entryId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 2000, peakWriteUnits: 6000, hotKeyShare: 0.25 },
    invariants,
    accessPatterns: [statement],
    ...overrides,
  });
}

/**
 * Trips by city (ddb24, a stranger review's lsi_prov.json): provisioned at 80% of its write capacity (2,400 of 3,000 WCU:
 * 3 partitions), the hottest city 30%, an LSI, and a 9 GB largest item collection (8 GB usable of the 10 GB an LSI allows).
 */
export function lsiTrips(): DynamoDbTableDesign {
  return table({
    name: 'trips',
    partitionKey: { name: 'cityId', type: 'S', cardinality: 40 },
    sortKey: { name: 'tripId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 6000, peakWriteUnits: 2400, hotKeyShare: 0.3 },
    capacity: { read: { fixed: 7500 }, write: { fixed: 3000 } },
    storage: { largestPartitionGb: 9 },
    // KEYS_ONLY: its writes add nothing to the table's 2,400 WCU (lsi-writes.test.ts); under ALL, the default, the
    // table would take 4,800 WCU and the hottest city 1,440, and the load, not the size, would set the shards.
    localSecondaryIndexes: [{ indexName: 'by-status', sortKey: { name: 'status', type: 'S', cardinality: 5 }, projectionType: 'KEYS_ONLY' }],
  });
}

/** Payments keyed by `paymentId`; `by-merchant` on `merchantId` (20,000), the hottest merchant declared at 40% of 8,000 WCU. */
export function paymentsByMerchant(index: Partial<GlobalSecondaryIndexDesign> = {}, overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    name: 'payments',
    partitionKey: { name: 'paymentId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 4000, peakWriteUnits: 8000 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-merchant',
        partitionKey: { name: 'merchantId', type: 'S', cardinality: 20_000 },
        sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
        workload: { hotKeyShare: 0.4 },
        ...index,
      },
    ],
    accessPatterns: [
      { name: 'get-payment', keyAttributes: ['paymentId'], share: 0.7 },
      { name: 'payments-of-merchant', index: 'by-merchant', keyAttributes: ['merchantId'], share: 0.3, resultKb: 480 },
    ],
    ...overrides,
  });
}

/** Findings of one rule for a design. */
export function findingsOf(ruleId: string, design: DynamoDbTableDesign | CosmosContainerDesign | Parameters<typeof lint>[0]): Finding[] {
  return lint(design).filter((f) => f.ruleId === ruleId);
}

/** The first SG003 finding on a GSI (not the table's key). */
export const indexHotKeyHit = (findings: readonly Finding[]): Finding | undefined => findings.find((f) => f.ruleId === 'SG003' && f.index !== undefined);

/** Ids of every rule that fired, sorted and de-duplicated. */
export function rulesFired(findings: readonly Finding[]): string[] {
  return [...new Set(findings.map((f) => f.ruleId))].sort();
}

/** The issues a bad input raises, as `path: message` lines. */
export function issuesOf(input: unknown): string[] {
  try {
    lint(input as DesignInput);
  } catch (error) {
    expect(error).toBeInstanceOf(DesignError);
    return (error as DesignError).issues.map((i) => `${i.path}: ${i.message}`);
  }
  throw new Error('expected a DesignError');
}

/** Every finding's edits applied once, as `--fix` writes them, and the design linted again. */
export function fixedOnce<T extends DesignInput>(design: T): { readonly design: T; readonly findings: Finding[] } {
  const after = applyDesignEdits(
    design,
    lint(design).flatMap((f) => f.edits ?? []),
  );
  return { design: after, findings: lint(after) };
}

/**
 * A URL shortener's `links` table launched at its peak (review 31, links-nowarm-launch.json): a read-hot link (25% of
 * 30,000 RCU) kept as replicated copies, and `by-owner`, a GSI each copy carries the key of, read by `my-links`.
 */
export function shortLinks(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'links',
    partitionKey: { name: 'code', type: 'S', cardinality: 300_000_000 },
    billing: 'on-demand',
    workload: { peakReadUnits: 30_000, peakWriteUnits: 200, hotKeyShare: 0.25, hotKeyOperations: 'reads' },
    sharding: { strategy: 'replicated', shards: 10 },
    launchAtPeak: true,
    globalSecondaryIndexes: [
      {
        indexName: 'by-owner',
        partitionKey: { name: 'ownerId', type: 'S', cardinality: 20_000_000 },
        sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
        projectionType: 'INCLUDE',
        nonKeyAttributes: ['target'],
      },
    ],
    accessPatterns: [
      { name: 'redirect', keyAttributes: ['code'], share: 0.99 },
      { name: 'my-links', index: 'by-owner', keyAttributes: ['ownerId'], share: 0.01, limit: 50 },
    ],
    ...overrides,
  };
}

/**
 * SaaS usage counters (review 33, meter-provisioned.json): every API call increments its tenant's day counter, 30,000
 * WCU at peak, one tenant 25% of them, sharded 32 ways at random (each shard its own sub-total), on a provisioned table
 * auto scaled from 5,000 to 20,000 WCU: below the peak, which SG017 raises to 37,500, where every partition averages
 * its usable line.
 */
export function usageCounters(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'usage-counters',
    partitionKey: { name: 'tenantId', type: 'S', cardinality: 20_000 },
    sortKey: { name: 'usageDay', type: 'S', cardinality: 400, kind: 'time-bucket' },
    workload: { peakReadUnits: 500, peakWriteUnits: 30_000, hotKeyShare: 0.25, hotKeyOperations: 'writes' },
    sharding: { strategy: 'random', shards: 32 },
    invariants: [{ kind: 'running-total', description: 'Each shard keeps its own sub-count; the day is the sum.', splitPerShard: true }],
    accessPatterns: [
      { name: 'day-usage', keyAttributes: ['tenantId', 'usageDay'], share: 0.7, fanOut: true },
      { name: 'month-usage', keyAttributes: ['tenantId'], rangeAttribute: 'usageDay', share: 0.3, fanOut: true },
    ],
    capacity: { read: { fixed: 1000 }, write: { min: 5000, max: 20_000 } },
    ...overrides,
  };
}

/**
 * Stranger34a's budget pacing: one spend counter per campaign (40,000), on-demand at 60,000 WCU / 12,000 RCU, the top
 * campaign 8% of wins, its counter a running total, and a GSI `by-advertiser` projecting ALL that every update writes.
 */
export function budgetPacing(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'campaign-spend',
    partitionKey: { name: 'campaignId', type: 'S', cardinality: 40_000 },
    billing: 'on-demand',
    workload: { peakReadUnits: 12_000, peakWriteUnits: 60_000, hotKeyShare: 0.08 },
    invariants: [{ kind: 'running-total', description: 'spend counter incremented with ADD on every won bid' }],
    globalSecondaryIndexes: [
      {
        indexName: 'by-advertiser',
        partitionKey: { name: 'advertiserId', type: 'S', cardinality: 3_000 },
        sortKey: { name: 'campaignId', type: 'S', cardinality: 'unique' },
        projectionType: 'ALL',
      },
    ],
    accessPatterns: [
      { name: 'pacing-read-spend', keyAttributes: ['campaignId'], share: 0.99 },
      { name: 'dashboard-by-advertiser', index: 'by-advertiser', keyAttributes: ['advertiserId'], share: 0.01 },
    ],
    ...overrides,
  };
}

/**
 * Task ack34's repro, two kinds of SG017 on one key space: a 60,000 WCU peak (above the 40,000 default quota:
 * `overQuota`, an error) launched at peak on a table pre-warmed to 15,000 RCU, below its derived read peak
 * (`warmBelowPeak`, a warning).
 */
export function pacingLaunch(acknowledgements?: DynamoDbTableDesign['acknowledgements']): DynamoDbTableDesign {
  // Its table alone: budgetPacing()'s GSI and dashboard reads left out.
  const { globalSecondaryIndexes: _index, ...table } = budgetPacing({
    invariants: [{ kind: 'running-total', description: 'spend counter incremented with ADD on every won bid', splitPerShard: true }],
    accessPatterns: [{ name: 'pacing-read-spend', keyAttributes: ['campaignId'], share: 1, fanOut: true }],
    // 4,800 WCU on the hottest campaign over 118 partitions: two of 20 shards on one take 2 × 240 + (60,000 − 240) ÷ 118 −
    // 240 ÷ 118 = 984.41 WCU, within the 1,000 WCU maximum (19: 1,009.46, SG003's raise).
    sharding: { strategy: 'random', shards: 20, hotValues: 1 },
    launchAtPeak: true,
    warmThroughput: { writeUnitsPerSecond: 118_000, readUnitsPerSecond: 15_000 },
    ...(acknowledgements ? { acknowledgements } : {}),
  });
  return table;
}

/**
 * A flash sale on a new on-demand table: 30,000 WCU of seat holds at launch (`launchAtPeak`), 70% on one event. Its
 * peak's own pre-warm, 37,500 WCU (30,000 ÷ 80%), is within the 40,000 WCU default table-level quota; the hottest
 * event's shards fit only at 60 partitions (60,000 WCU), past it.
 */
export function flashSaleLaunch(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'seats',
    partitionKey: { name: 'eventId', type: 'S', cardinality: 2000 },
    sortKey: { name: 'seatId', type: 'S', cardinality: 120_000 },
    billing: 'on-demand',
    launchAtPeak: true,
    workload: { peakReadUnits: 20_000, peakWriteUnits: 30_000, hotKeyShare: 0.7 },
    invariants: [{ kind: 'conditional-write', description: 'a seat is held by one buyer', scopeAttribute: 'seatId' }],
    globalSecondaryIndexes: [{ indexName: 'by-buyer', partitionKey: { name: 'buyerId', type: 'S', cardinality: 2_000_000 } }],
    accessPatterns: [
      { name: 'free-seats-of-event', keyAttributes: ['eventId'], share: 0.8, resultKb: 120_000 },
      { name: 'holds-of-buyer', index: 'by-buyer', keyAttributes: ['buyerId'], share: 0.2 },
    ],
    ...overrides,
  };
}
