/**
 * clause32: a fix sizes N shards or copies of one hot value so that each fits its partition beside 1/P of the rest of the
 * load, its siblings included, as if the N keys landed on N different partitions. They are placed by hash, so with N
 * near P two often share one: where two on one partition would pass its usable ceiling, the fix says so once, with the
 * exact chance (1 − P! ÷ ((P − N)! × P^N)). DynamoDB's adaptive capacity isolates frequently accessed items under
 * sustained traffic ("Burst and adaptive capacity"); Cosmos DB splits a physical partition for storage or throughput,
 * never for heat ("Partitioning and horizontal scaling"), so there the collision stays. No count changes.
 */
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign, type Finding } from '../../lib';
import { chanceTwoShareOne } from '../../lib/design/hashed-pair';
import { schedulerJobs } from '../fixtures';

const on = (findings: readonly Finding[], ruleId: string, path?: string) =>
  findings.find((f) => f.ruleId === ruleId && (path === undefined || f.path === path));

describe('the chance that hashing puts two of N keys on one of P partitions', () => {
  it('is the birthday problem: 1 − P! ÷ ((P − N)! × P^N)', () => {
    expect(chanceTwoShareOne(1, 38)).toBe(0);
    expect(chanceTwoShareOne(2, 2)).toBeCloseTo(0.5, 12);
    // 1 − (37 × 36 × … × 24) ÷ 38^14, the strangers' simulated 96% for 15 shards on 38 partitions.
    expect(chanceTwoShareOne(15, 38)).toBeCloseTo(0.95933, 5);
    expect(chanceTwoShareOne(16, 38)).toBeCloseTo(0.97538, 5);
    expect(chanceTwoShareOne(4, 14)).toBeCloseTo(1 - (13 * 12 * 11) / 14 ** 3, 12);
  });

  it('is 1 once there are more keys than partitions', () => {
    expect(chanceTwoShareOne(3, 2)).toBe(1);
    expect(chanceTwoShareOne(49, 40)).toBe(1);
  });
});

// /work/try31a's scheduler.json: a whale tenant takes 60% of 12,000 WCU, launched at its peak on demand.
describe('DynamoDB: shards pre-warmed for a launch at peak (the scheduler)', () => {
  const findings = lint(schedulerJobs());
  const sg003 = on(findings, 'SG003', 'partitionKey');

  it('the count is the least whose two shards on one partition fit its 1,000 WCU: 21 shards on the 36 partitions of the pre-warm', () => {
    // 7,200 of 12,000 WCU. 16 shards on 38 partitions put two of 450 WCU on one beside (12,000 − 900) ÷ 38 = 292.11: 1,192.11,
    // past the hard 1,000. Even at the quota's 40 partitions, 2 × 7,200 ÷ N × (1 − 1 ÷ 40) + 300 ≤ 1,000 needs N ≥ 20.06: 21,
    // which leaves 5% free from 36 partitions on.
    expect(sg003?.data).toMatchObject({ shards: 21, warmShards: 21, warmPartitions: 36, warmStoredLoad: 342.857142857 });
  });

  it('the fix says the 21 shards are assumed apart, the chance two share one, and what that partition then takes', () => {
    // Two shards of 342.86 WCU on one partition, beside (12,000 − 685.71) ÷ 36 = 314.29 of the rest: 1,000, the maximum.
    expect(sg003?.fix).toContain(
      "; N = 21 assumes its shards hash onto different partitions of the 36: two share one 99.94% of the time, and that partition then takes 1,000 WCU, within the partition's 1,000 WCU maximum, over its usable 800, until adaptive capacity moves one of them to a partition of its own under sustained traffic",
    );
    // Said once, after why N = 16 and what the pre-warm costs, before the alternative.
    expect(sg003?.fix).toMatch(
      /its sibling shards among the neighbours; warm throughput .*\(the partitions it makes stay\); N = 21 assumes .* sustained traffic; or batch/,
    );
    expect(sg003?.fix.match(/assumes its shards hash/g)).toHaveLength(1);
    expect(sg003?.data).toMatchObject({ hashedKeys: 21, hashedPartitions: 36, hashedUnit: 'WCU', hashedSeparated: true });
    expect(sg003?.data?.hashedChance).toBeCloseTo(chanceTwoShareOne(21, 36), 12);
  });

  it('SG017, which quotes the same pre-warm, gives no count of its own and no clause', () => {
    expect(on(findings, 'SG017', 'workload')?.fix).not.toContain('assumes its shards');
  });
});

/** A live match takes half of 40,000 RU/s of reads on a container of 10 physical partitions: N ≈ P copies. */
const scores = (over: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'scores',
  partitionKey: { paths: [{ path: '/matchId', cardinality: 15_000 }] },
  workload: { peakReadUnits: 40_000, peakWriteUnits: 1_000, hotKeyShare: 0.5, hotKeyOperations: 'reads' },
  throughput: { autoscaleMax: 100_000 },
  storage: { totalGb: 20, largestPartitionGb: 0.05 },
  accessPatterns: [{ name: 'latest-score-of-match', keyAttributes: ['matchId'], share: 1 }],
  ...over,
});

describe('Cosmos DB: replicated copies nearly as many as the physical partitions', () => {
  const sg003 = on(lint(scores()), 'SG003');

  it('the count is unchanged: 6 copies', () => {
    expect(sg003?.data).toMatchObject({ shards: 6, strategy: 'replicated' });
  });

  it('the fix says the 6 copies are assumed apart on the 10 partitions, and that a collision stays', () => {
    // Each copy 20,000 ÷ 6 + its writes' share; two on one beside (46,000 − 2 × 3,333.4) ÷ 10: 10,600 of a usable 8,000.
    expect(sg003?.fix).toContain(
      '(1,000 → 6,000 RU/s at peak); N = 6 assumes its copies hash onto different partitions of the 10: two share one 84.88% of the time, and that partition then takes 10,600 of the usable 8,000 RU/s, for good: Cosmos DB does not split a partition for heat',
    );
    // gsi34: copies two on one partition overload more often than not follow the cache, which leads (Cosmos DB: not sized
    // for the pair, so the reason is the overload itself).
    expect(sg003?.fix).toContain('; or, accepting that two copies may share a partition, keep N = 6 replicated copies');
    expect(sg003?.fix).toMatch(/^put the integrated cache in front of the reads of the hottest `\/matchId` value/);
    expect(sg003?.data).toMatchObject({ hashedKeys: 6, hashedPartitions: 10, hashedEngine: 'Cosmos DB' });
    expect(sg003?.data?.hashedChance).toBeCloseTo(1 - (9 * 8 * 7 * 6 * 5) / 10 ** 5, 12);
    expect(sg003?.data).not.toHaveProperty('hashedSeparated');
  });
});

describe('Cosmos DB: counts judged at a raise in place say it at that raise', () => {
  it('copies at the least raise at which a count fits: 2 copies on 24 partitions (cachecopies15 item 5)', () => {
    const catalogue = scores({
      name: 'catalogue',
      partitionKey: { paths: [{ path: '/productId', cardinality: 1_000_000 }] },
      workload: { peakReadUnits: 100_000, peakWriteUnits: 5_000, hotKeyShare: 0.02, hotKeyOperations: 'reads' },
      throughput: { manual: 140_000 },
      storage: { totalGb: 500 },
      accessPatterns: undefined,
    });
    const sg003 = on(lint(catalogue), 'SG003');
    expect(sg003?.data).toMatchObject({ shards: 2, copiesRaiseTo: 166_300 });
    // At 166,300 RU/s: 24 partitions of 6,929.17 (5,543.33 usable); each copy 1,000 beside (110,000 − 1,000) ÷ 24, two
    // together 2,000 + (110,000 − 2,000) ÷ 24 = 6,500. Two of 2 share one of 24 partitions 1/24 of the time.
    expect(sg003?.fix).toContain(
      '22,500 RU/s less than the raise that serves the value unsharded; N = 2 assumes its copies hash onto different partitions of the 24: two share one 4.17% of the time, and that partition then takes 6,500 of the usable 5,543.33 RU/s, for good: Cosmos DB does not split a partition for heat; or put',
    );
  });

  it('shards at the least raise at which a count within maxShards fits: 28 shards on 17 partitions, more than the partitions, two of which still fit (nbr32 item 1)', () => {
    const hotLp = scores({
      name: 'hot-lp',
      partitionKey: { paths: [{ path: '/deviceId', cardinality: 10_000, hotKeyShare: 0.09 }] },
      throughput: { manual: 100_000 },
      workload: { peakReadUnits: 10_000, peakWriteUnits: 90_000 },
      storage: undefined,
      accessPatterns: undefined,
    });
    const sg003 = on(lint(hotLp), 'SG003');
    expect(sg003?.data).toMatchObject({ shards: 28, shardRaiseTo: 131_600 });
    // Hashed evenly, 28 over 17 put two on a partition and the other 26 elsewhere: two shards of 321.43 beside the
    // other values' 91,000 ÷ 17 = 5,995.80 of the usable 6,192.94, which fits. The siblings were once counted again
    // among the neighbours (6,487.39).
    expect(sg003?.data).not.toHaveProperty('hashedAlways');
    expect(sg003?.fix).not.toContain('N = 28 assumes');
  });
});

describe('no clause where two keys on one partition still fit', () => {
  it('Cosmos DB: 4 shards a 60 GB tenant needs for its size, each light on its partition', () => {
    const tenants = scores({
      name: 'tenants',
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 2_000 }] },
      workload: { peakReadUnits: 4_000, peakWriteUnits: 1_000, hotKeyShare: 0.1 },
      throughput: { manual: 12_000 },
      storage: { totalGb: 300, largestPartitionGb: 60 },
      accessPatterns: [{ name: 'docs-of-tenant', keyAttributes: ['tenantId'], share: 1 }],
    });
    const sg006 = on(lint(tenants), 'SG006');
    expect(sg006?.fix).toContain('shard `/tenantId` into N = 4 random shards');
    expect(sg006?.fix).not.toContain('assumes its shards');
    expect(sg006?.data).not.toHaveProperty('hashedKeys');
  });

  it('DynamoDB: 5 shards a 35 GB item collection needs beside its local index, each light on its partition', () => {
    const orders: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'orders',
      partitionKey: { name: 'customerId', type: 'S', cardinality: 100_000 },
      sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      billing: 'on-demand',
      workload: { peakReadUnits: 2_000, peakWriteUnits: 500, hotKeyShare: 0.01 },
      storage: { largestPartitionGb: 35 },
      localSecondaryIndexes: [{ indexName: 'by-date', sortKey: { name: 'orderedAt', type: 'S', cardinality: 'unique' } }],
      accessPatterns: [{ name: 'orders-of-customer', keyAttributes: ['customerId'], rangeAttribute: 'orderId', share: 1 }],
    };
    const sg006 = on(lint(orders), 'SG006');
    expect(sg006?.fix).toContain('shard `customerId` into N = 5 calculated shards on `orderId`');
    expect(sg006?.fix).not.toContain('assumes its shards');
  });
});

/**
 * clauseB32: a hierarchical key's hot first-level value split into N buckets, each a first-level value of its own that
 * Cosmos DB places on a physical partition by its hash ("Hierarchical partition keys"), as a flat key's shards are.
 */
const tenantEvents = (throughput?: CosmosContainerDesign['throughput'], peakWriteUnits = 30_000): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'events',
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 1_000, hotKeyShare: 0.2 },
      { path: '/deviceId', cardinality: 1_000_000 },
    ],
  },
  ...(throughput ? { throughput } : {}),
  storage: { totalGb: 400 },
  workload: { peakReadUnits: 1_000, peakWriteUnits },
});

describe("Cosmos DB: buckets of a hierarchical key's hot first-level value", () => {
  it('the bucket plan says its 4 buckets are assumed apart on the 10 partitions, and that a collision stays', () => {
    const sg003 = on(lint(tenantEvents({ manual: 60_000 })), 'SG003', 'partitionKey.paths[0]');
    expect(sg003?.data).toMatchObject({ buckets: 4, bucketPartitions: 10, hashedKeys: 4, hashedNoun: 'buckets', hashedEngine: 'Cosmos DB' });
    // Two buckets of 1,550 RU/s on one partition beside (31,000 − 2 × 1,550) ÷ 10: 5,890 of the usable 4,800 (80% of 6,000).
    // 4 buckets on 10 partitions: 1 − (9 × 8 × 7) ÷ 10³ = 49.6%. Said after why N = 4, before the raise.
    expect(sg003?.fix).toContain(
      '3 would make 4,960; the headroom absorbs a less even hash (raise N for slack); N = 4 assumes its buckets hash onto different partitions of the 10: two share one 49.6% of the time, and that partition then takes 5,890 of the usable 4,800 RU/s, for good: Cosmos DB does not split a partition for heat; or create the container at 120,000 RU/s, no more, then raise it to 190,100 RU/s',
    );
    expect(sg003?.data?.hashedChance).toBeCloseTo(chanceTwoShareOne(4, 10), 12);
  });

  it('without declared throughput there are no physical partitions to count, and no clause', () => {
    // 20% of 61,000 RU/s, 12,200 under one tenant, past the usable 8,000 of one partition's 10,000: bucketed all the same.
    const sg003 = on(lint(tenantEvents(undefined, 60_000)), 'SG003', 'partitionKey.paths[0]');
    expect(sg003?.fix).toMatch(/hash\(deviceId\) mod \d+/);
    expect(sg003?.fix).not.toContain('assumes its buckets');
    expect(sg003?.data).not.toHaveProperty('hashedKeys');
  });
});

describe('two assumptions of one N said in one sentence (clauseB32)', () => {
  // A depot's parcels read by one whole-collection query of undeclared size (no resultKb): N = 8 assumes both that each
  // read returns over 8 × 4 KB and that the 8 shards hash apart; said once, "N = 8 assumes …, and that its shards hash …".
  // 6,000 of 20,000 RCU on 14 partitions: two on one take 2 × 6,000 ÷ N × (1 − 1 ÷ 14) + 1,428.57: 3,285.71 at 6, 3,020.41
  // at 7, 2,821.43 of the hard 3,000 at 8.
  const parcels: DynamoDbTableDesign = {
    engine: 'dynamodb',
    name: 'parcels',
    partitionKey: { name: 'depotId', type: 'S', cardinality: 200 },
    sortKey: { name: 'parcelId', type: 'S' },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 2_000, hotKeyShare: 0.3 },
    accessPatterns: [{ name: 'parcels-of-depot', keyAttributes: ['depotId'], share: 1 }],
  };

  it('joins the large-reads assumption and the hash clause, the hash after "and that"', () => {
    const sg003 = on(lint(parcels), 'SG003');
    expect(sg003?.data).toMatchObject({ shards: 8, hashedKeys: 8, hashedPartitions: 14, assumedPatterns: ['parcels-of-depot'] });
    expect(sg003?.fix).toContain(
      "; N = 8 assumes each read of a `depotId` value by `parcels-of-depot` returns over N × 4 KB, as each shard's Query is charged at least one read unit (half of one for an eventually consistent read, as the peak's read units are; declare resultKb on it if less), and that its shards hash onto different partitions of the 14: two share one 91.8% of the time, and that partition then takes ",
    );
    expect(sg003?.fix.match(/N = 8 assumes/g)).toHaveLength(1);
  });
});

describe('a one-valued key: the shards are the whole key space (nbr32 item 1)', () => {
  const counters: DynamoDbTableDesign = {
    name: 'counters',
    partitionKey: { name: 'counterId', type: 'S', cardinality: 1 },
    workload: { peakReadUnits: 10, peakWriteUnits: 5000 },
  };

  it('15 shards of 333.33 WCU on the 10 partitions put two on one, 666.67 of the usable 800 WCU: no clause', () => {
    const sg001 = on(lint({ tables: [counters] }), 'SG001');
    expect(sg001?.fix).toContain('N = 15');
    // The other 13 shards sit on other partitions: they were once counted again as neighbours (1,100 WCU).
    expect(sg001?.fix).not.toContain('N = 15 assumes');
    expect(sg001?.data).not.toHaveProperty('hashedLoad');
  });
});

/**
 * gsi34 (try34a's designs/flags-naive.json): 150,000 RCU, half of them on the kill-switch flag, on 100 partitions.
 * N = 99 copies (two on one partition: 2 × 75,000 ÷ N × (1 − 1 ÷ 100) + 1,500 ≤ 3,000 from 99) is fewer than the 100
 * partitions: two share one almost surely (1 − 10⁻⁴⁰, which a double rounds to 1),
 * but not "always", and never because there are "more copies than partitions".
 */
describe('a count just short of the partitions: near-certain, not "more copies than partitions"', () => {
  const naive = {
    engine: 'dynamodb',
    name: 'feature-flags-naive',
    partitionKey: { name: 'flagKey', type: 'S', cardinality: 2000 },
    billing: 'on-demand',
    workload: { peakReadUnits: 150000, peakWriteUnits: 5, hotKeyShare: 0.5, hotKeyOperations: 'reads' },
    accessPatterns: [{ name: 'get-flag', keyAttributes: ['flagKey'], share: 1 }],
  } as DynamoDbTableDesign;

  it('says the chance of 99 copies on 100 partitions, not that they outnumber them', () => {
    const sg003 = on(lint(naive), 'SG003');
    expect(sg003?.fix).not.toContain('more copies than partitions');
    expect(sg003?.fix).toMatch(/N = 99 assumes its copies hash onto different partitions of the 100: two share one 99\.99% of the time/);
  });

  it('leads with the cache, which the copies` own figures say serves where they do not; the copies follow, unwritten', () => {
    const sg003 = on(lint(naive), 'SG003');
    expect(sg003?.fix).toMatch(/^put DAX in front of the reads of the hottest `flagKey` value/);
    // Sized so two on one partition fit its 3,000 RCU maximum, the copies cost their writes and the usable margin, not a
    // throttle: the reason the cache leads says so.
    expect(sg003?.fix).toMatch(
      /; N = 99 copies would write each change to the value 99 times and, more often than not, leave two on one partition, within its maximum but over its usable ceiling until adaptive capacity moves one; the cache serves the reads without either; or, accepting both, keep N = 99 replicated copies/,
    );
    expect(sg003?.fix).not.toContain('accepting that two copies may share a partition');
    expect(sg003?.edits ?? []).toEqual([]);
  });

  it('copies that collide less often than not lead as before (the other way)', () => {
    // 3,200 RCU on one flag of 16,000, 11 partitions: N = 4 copies (3 put two on one partition past its 3,000 RCU
    // maximum), two of which share one 1 − 10 × 9 × 8 ÷ 11³ = 45.91% of the time: the copies lead.
    const light = { ...naive, workload: { peakReadUnits: 16000, peakWriteUnits: 5, hotKeyShare: 0.2, hotKeyOperations: 'reads' } } as DynamoDbTableDesign;
    const sg003 = on(lint(light), 'SG003');
    expect(sg003?.fix).toMatch(/^keep N = 4 replicated copies of each `flagKey` value .*two share one 45\.91% of the time/);
  });

  it('where the pair test raises the copies past an even chance, the cache leads (8,000 RCU, 6 partitions: N = 4, 72.22%)', () => {
    // 3,200 RCU on one flag, 6 partitions: 3 copies put two on one partition at 3,200 RCU, past its 3,000 maximum; 4
    // copies take 2,666.67 there, but two share one 1 − 5 × 4 × 3 ÷ 6³ = 72.22% of the time.
    const light = { ...naive, workload: { peakReadUnits: 8000, peakWriteUnits: 5, hotKeyShare: 0.4, hotKeyOperations: 'reads' } } as DynamoDbTableDesign;
    const sg003 = on(lint(light), 'SG003');
    expect(sg003?.fix).toMatch(/^put DAX in front of the reads of the hottest `flagKey` value/);
    expect(sg003?.fix).toMatch(
      /or, accepting both, keep N = 4 replicated copies of each `flagKey` value .*two share one 72\.22% of the time, and that partition then takes 2,666\.67 RCU, within the partition's 3,000 RCU maximum/,
    );
  });
});
