/**
 * A stranger's review of parcel logistics on DynamoDB: "a read-hot key's shards relieve nothing where each query
 * returns < 4 KB". A read of a write-sharded key value queries every shard ("Using write sharding to distribute
 * workloads evenly"), and DynamoDB charges each Query its items' sizes summed, rounded up to 4 KB, and at least one
 * read unit, per request ("Capacity unit consumption for read operations"). A read of the whole collection (no limit)
 * gets it split N ways, so it spreads unless small: 1/N where no size is declared (the fix names that assumption),
 * ⌈resultKb ÷ N ÷ 4⌉ of ⌈resultKb ÷ 4⌉ units where it is; a page (limit) every shard serves in full, as before.
 */
import { lint, type AccessPatternDesign, type CosmosContainerDesign, type DynamoDbTableDesign, type Finding } from '../../lib';

/** 200 depots, the busiest taking 30% of 20,000 RCU and 2,000 WCU, its parcels read by one query. */
const parcels = (overrides: Partial<DynamoDbTableDesign> = {}, pattern: Partial<AccessPatternDesign> = {}): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'parcels',
  partitionKey: { name: 'depotId', type: 'S', cardinality: 200 },
  sortKey: { name: 'parcelId', type: 'S' },
  workload: { peakReadUnits: 20_000, peakWriteUnits: 2_000, hotKeyShare: 0.3 },
  accessPatterns: [{ name: 'parcels-of-depot', keyAttributes: ['depotId'], share: 1, ...pattern }],
  ...overrides,
});

const sg003 = (design: DynamoDbTableDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003');
const GATHERED =
  "every read of the hottest `depotId` value by `parcels-of-depot` queries all the shards, and DynamoDB charges each Query its items' sizes summed, rounded up to 4 KB, and at least one read unit (half of one for an eventually consistent read, as the peak's read units are): with a result of 4 KB or less declared (resultKb), each shard is charged what the unsharded read was, whatever the count";
// clauseB32: said in one sentence with the hash assumption of the same N that follows it. 6,000 of 20,000 RCU on 14
// partitions: two of N on one partition take 2 × 6,000 ÷ N × (1 − 1 ÷ 14) + 1,428.57: 3,285.71 at 6, 3,020.41 at 7, 2,821.43
// of the hard 3,000 at 8.
const ASSUMES =
  "; N = 8 assumes each read of a `depotId` value by `parcels-of-depot` returns over N × 4 KB, as each shard's Query is charged at least one read unit (half of one for an eventually consistent read, as the peak's read units are; declare resultKb on it if less), and that its shards hash onto different partitions of the 14: two share one 91.8% of the time";

describe('shards of a read-hot DynamoDB key value whose reads gather every shard (stranger review: read units per request)', () => {
  it('divides a whole-collection read of undeclared size by N, and the fix names that assumption (main said nothing)', () => {
    const finding = sg003(parcels());
    expect(finding?.data).toMatchObject({ shards: 8, strategy: 'random', assumedPatterns: ['parcels-of-depot'] });
    expect(finding?.fix).toContain(ASSUMES);
  });

  it('names no assumption where the count does not rely on it: a write-hot value, or reads no pattern declares', () => {
    // 1,500 of 5,000 WCU on 10 partitions: two of N on one take 2,700 ÷ N + 500, 1,040 at 5 and 950 at 6.
    const writeHot = sg003(parcels({ workload: { peakReadUnits: 200, peakWriteUnits: 5_000, hotKeyShare: 0.3 } }));
    expect(writeHot?.data).toMatchObject({ shards: 6 });
    expect(writeHot?.data?.assumedPatterns).toBeUndefined();
    const undeclared = sg003(parcels({ accessPatterns: [] }));
    expect(undeclared?.data).toMatchObject({ shards: 8 });
    expect(undeclared?.fix).not.toContain('assumes each read');
  });

  it('offers no shard count for a key hot by reads declared at 4 KB or less, and says why (main offered N = 6 random shards)', () => {
    const finding = sg003(parcels({}, { resultKb: 4 }));
    expect(finding?.data).toMatchObject({ readLoad: 6_000, readLeft: 1_400, gatheredPatterns: ['parcels-of-depot'] });
    expect(finding?.data?.shards).toBeUndefined();
    expect(finding?.fix).toMatch(/^no count up to 1,000 keeps the hottest `depotId` value under its ceiling: put DAX in front of the reads/);
    expect(finding?.fix).toContain(`; write shards would not serve it either: ${GATHERED}`);
    expect(finding?.edits).toBeUndefined();
  });

  it('judges a declared random sharding read 2 KB at a time at 6,000 RCU on each of its 6 shards, not 1,000', () => {
    const finding = sg003(parcels({ sharding: { strategy: 'random', shards: 6 } }, { fanOut: true, resultKb: 2 }));
    expect(finding?.severity).toBe('error');
    expect(finding?.path).toBe('sharding.shards');
    // Every depot is sharded and every read queries its 6 shards, each Query charged what the 2 KB read was: 120,000 RCU
    // as charged, P = max(⌈2 × 120,000 ÷ 3,000⌉ = 80, ⌈2 × 2,000 ÷ 1,000⌉ = 4) = 80 on demand, 114,000 ÷ 80 = 1,425 beside
    // each shard: 975 left (was 1,400: 14,000 declared ÷ 14 partitions). 6,000 is over either way.
    expect(finding?.data).toMatchObject({
      readLoad: 6_000,
      readPerKey: 6_000,
      readLeft: 975,
      readNeighbours: 1_425,
      keySpacePartitions: 80,
      declaredShards: 6,
    });
    expect(finding?.message).toContain('6,000 RCU reads, 6,000 RCU per shard over 6, against a usable 2,400 RCU');
    // Undeclared in size, 8 shards (the count the pair needs: 6 draw SG003's hashedPairOver warning) fit.
    expect(sg003(parcels({ sharding: { strategy: 'random', shards: 8 } }, { fanOut: true }))).toBeUndefined();
  });

  it('says why a page read (limit) is not divided: each shard returns up to limit items for the page to be merged', () => {
    const finding = sg003(parcels({}, { limit: 20 }));
    expect(finding?.data?.shards).toBeUndefined();
    expect(finding?.fix).toContain(
      "; write shards would not serve it either: every page of `parcels-of-depot` queries all the shards, and each shard's query must return up to limit items for the page to be merged, so each shard is charged what the unsharded page was, whatever the count",
    );
  });

  it('says so where the writes still need shards: the reads need the cache whatever the count', () => {
    const finding = sg003(parcels({ workload: { peakReadUnits: 20_000, peakWriteUnits: 5_000, hotKeyShare: 0.3 } }, { resultKb: 4 }));
    expect(finding?.fix).toMatch(
      new RegExp(
        `^no shard count serves: ${GATHERED.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, and those reads alone \\(6,000 RCU of the hottest \`depotId\` value\\) exceed the usable 1,400 RCU; put DAX in front of them`,
      ),
    );
    // 1,500 of 5,000 WCU on 14 partitions: 4 shards fit the usable line, but two of 4 on one partition take 696.43 + 357.14
    // = 1,053.57 of the hard 1,000; two of 5, 914.29.
    expect(finding?.fix).toContain('its writes (1,500 WCU) are over the usable 550 WCU by themselves: shard only the hottest `depotId` value, into N = 5');
  });

  it('divides a gathered read by what its declared result size spreads: 64 KB over 8 shards is 2 units of 16 each', () => {
    // 6,000 RCU at 16 units a read: over 7 shards each is charged ⌈9.14 ÷ 4⌉ = 3 units (1,125 RCU), beside the
    // (20,000 − 1,125) ÷ 14 = 1,348.21 its neighbours take, over the 2,400 usable; over 8, 2 units (750 RCU) fit.
    const finding = sg003(parcels({}, { resultKb: 64 }));
    expect(finding?.data).toMatchObject({ shards: 8, strategy: 'random' });
    expect(finding?.data?.gatheredPatterns).toBeUndefined();
    expect(finding?.data?.assumedPatterns).toBeUndefined();
    expect(finding?.edits).toContainEqual({ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 8, hotValues: 1 } });
    const declared = sg003(parcels({ sharding: { strategy: 'random', shards: 6 } }, { fanOut: true, resultKb: 64 }));
    expect(declared?.data).toMatchObject({ readPerKey: 1_125, shards: 8 });
  });

  it('a result of 4 KB or less spreads nothing, however it is declared', () => {
    expect(sg003(parcels({ sharding: { strategy: 'random', shards: 6 } }, { fanOut: true, resultKb: 4 }))?.data).toMatchObject({ readPerKey: 6_000 });
  });

  it('keeps dividing reads that find one shard (wants: "any") or one copy (replicated), as before', () => {
    // 8 shards or copies, the count two on one partition need (as above; of 6, 3,285.71 RCU).
    expect(sg003(parcels({ sharding: { strategy: 'random', shards: 8 } }, { wants: 'any' }))).toBeUndefined();
    const copies = parcels({ sharding: { strategy: 'replicated', shards: 8 }, workload: { peakReadUnits: 20_000, peakWriteUnits: 200, hotKeyShare: 0.3 } });
    expect(sg003(copies)).toBeUndefined();
  });

  // A Cosmos DB key hot by its writes, sharded for them, whose reads of the whole value return 0.5 KB: each shard's query
  // is charged the floor, so the reads need the cache whatever the count. The clause said so with no reason: "; : put the
  // integrated cache in front of them", the shard fix's data lacking the gathered reads its reason reads.
  it('says why the cache serves gathered reads beside the shards their writes need, in a sentence (Cosmos DB)', () => {
    const feed: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'feed',
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 60000 }] },
      throughput: { manual: 10000 },
      workload: { peakReadUnits: 500, peakWriteUnits: 20000, hotKeyShare: 0.3 },
      storage: { totalGb: 60, largestPartitionGb: 6 },
      accessPatterns: [{ name: 'of-value', keyAttributes: ['/tenantId'], share: 1, resultKb: 0.5 }],
      monitoring: { partitionKeyDiagnostics: true },
    };
    const fix = lint(feed).find((f) => f.ruleId === 'SG003')?.fix;
    expect(fix).toContain(
      'so set fanOut on `of-value`; every read of the hottest `/tenantId` value by `of-value` queries all the shards, and each query is charged at least about 2.5 RU, for the one physical partition whose index it checks: with a result of 2.5 KB or less declared (resultKb), each shard is charged what the unsharded read was, whatever the count: put the integrated cache in front of them (',
    );
    expect(fix).not.toMatch(/[;:,] ?: /);
  });

  it('refuses resultKb where it means nothing, naming the field', () => {
    expect(() => lint(parcels({}, { resultKb: 0 }))).toThrow('accessPatterns[0].resultKb');
    expect(() => lint(parcels({}, { resultKb: 64, limit: 25 }))).toThrow(
      'accessPatterns[0].resultKb: is declared with limit, but a page read queries a page from every shard whatever its size',
    );
    const container: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'parcels',
      partitionKey: { paths: [{ path: '/depotId', cardinality: 200 }] },
      workload: { peakReadUnits: 2_000, peakWriteUnits: 500 },
      accessPatterns: [{ name: 'parcels-of-depot', keyAttributes: ['depotId'], share: 1, resultKb: 64 }],
    };
    // Cosmos DB takes it too: each shard's query is charged at least about 2.5 RU (cosmos-fan-out-floor.test.ts).
    expect(() => lint(container)).not.toThrow();
    expect(() => lint({ ...container, accessPatterns: [{ ...container.accessPatterns![0], limit: 25 }] })).toThrow(
      'accessPatterns[0].resultKb: is declared with limit',
    );
  });
});
