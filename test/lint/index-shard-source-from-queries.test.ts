/**
 * carry28 (review r27, designs/ride-flawed.json): the `available-by-city` index's fix hashed `driverId`, its sort key,
 * and said "a read for one driverId queries one shard", though no query on the index names a driver: true, but no
 * read of this design gains from it, and every query of a city fans out over the shards either way. On an index a
 * calculated shard's one benefit is that read (the writes address the table's item, which DynamoDB copies to the index:
 * "Using Global Secondary Indexes"), so with no source declared it hashes only an attribute a query on the index gives
 * (AWS, "Using write sharding to distribute workloads evenly": a calculated suffix lets a read of one item find its
 * shard); otherwise the shards are random.
 */
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';

const rides = (extra: object[] = []): DesignInput => ({
  tables: [
    {
      name: 'driver-locations',
      partitionKey: { name: 'cellId', type: 'S', cardinality: 4000 },
      sortKey: { name: 'driverId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 20000, peakWriteUnits: 8000, hotKeyShare: 0.15 },
      globalSecondaryIndexes: [
        {
          indexName: 'available-by-city',
          partitionKey: { name: 'cityId', type: 'S', cardinality: 30 },
          sortKey: { name: 'driverId', type: 'S' },
          workload: { peakReadUnits: 2000, peakWriteUnits: 8000, hotKeyShare: 0.4 },
        },
      ],
      accessPatterns: [
        { name: 'drivers-in-cell', keyAttributes: ['cellId'], share: 0.9 },
        { name: 'available-in-city', index: 'available-by-city', keyAttributes: ['cityId'], share: 0.1 - extra.length * 0.05, resultKb: 480 },
        ...extra,
      ],
    } as DynamoDbTableDesign,
  ],
});

const onCity = (design: DesignInput) => lint(design).find((f) => f.ruleId === 'SG003' && f.index === 'available-by-city');

describe('an index shard hashes only an attribute its queries give', () => {
  it('ride-flawed: no query on the index names a driver, so its shards are random, and no driverId read is promised', () => {
    const finding = onCity(rides());
    // 3,200 of the index's 8,000 WCU on 16 partitions: two of 12 shards on one partition take 2 × 266.67 + 483.33 − 16.67
    // = 1,000 WCU, within the 1,000 WCU maximum; two of 11, 1,045.45.
    expect(finding?.data).toMatchObject({ strategy: 'random', shards: 12 });
    // index29: one city declared hot, the others fitting unsharded: it alone takes the suffix (hotValues: 1).
    expect(finding?.fix).toContain(
      '`cityIdShard` = `cityId` for every value but the hottest, which alone takes `cityId` + "#" + a random 0…11 (N = 12 random shards; sharding.hotValues: 1)',
    );
    expect(finding?.fix).not.toContain('driverId');
    expect(finding?.edits?.[0]).toEqual({
      op: 'set',
      path: 'tables[0].globalSecondaryIndexes[0].sharding',
      value: { strategy: 'random', shards: 12, logicalAttribute: 'cityId', hotValues: 1 },
    });
  });

  it('a query of one driver in a city on the index: calculated on driverId, and the fix says that read hits one shard', () => {
    const finding = onCity(rides([{ name: 'driver-in-city', index: 'available-by-city', keyAttributes: ['cityId', 'driverId'], share: 0.05 }]));
    expect(finding?.fix).toContain('hash(driverId) mod');
    expect(finding?.fix).toContain('a read of that value for one driverId queries one shard');
  });
});
