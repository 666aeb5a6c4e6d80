/**
 * SG017 on a Cosmos DB container whose declared queries miss the partition key: each is charged at least about 2.5 RU
 * on every physical partition whose index it checks ("Query a container",
 * https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container), which the declared RU/s give no query
 * rate to count. The finding says so, with the most such queries a second those RU/s cover (lib/lint/cross-partition-cost.ts).
 */
import { lint, type CosmosContainerDesign } from '../../lib';
import { container } from '../fixtures';

/** Orders keyed by id, 24,000 RU/s of reads and 6,000 of writes at peak, on `manual` RU/s; `byEmail` of the reads miss the key. */
function orders(manual: number, byEmail: number): CosmosContainerDesign {
  return container({
    name: 'orders',
    partitionKey: { paths: [{ path: '/orderId', cardinality: 'unique' }] },
    workload: { peakReadUnits: 24_000, peakWriteUnits: 6_000 },
    throughput: { manual },
    accessPatterns: [
      { name: 'order-by-id', keyAttributes: ['/orderId'], share: 1 - byEmail },
      ...(byEmail > 0 ? [{ name: 'orders-by-email', keyAttributes: ['/email'], share: byEmail }] : []),
    ],
  });
}

const sg017 = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG017');

describe('SG017: the per-partition charge of cross-partition queries', () => {
  // 25,000 manual RU/s: a container created there gets 5 physical partitions (one per 6,000).
  it('fires: 20% of reads cross 5 physical partitions, at least 12.5 RU a query, so 4,800 RU/s cover 384 a second', () => {
    const finding = sg017(orders(25_000, 0.2));
    expect(finding?.notes).toContain('crossPartitionFloor');
    expect(finding?.data).toMatchObject({
      crossingPatterns: ['orders-by-email'],
      crossingRu: 4_800,
      crossingPartitions: 5,
      crossingFloor: 12.5,
      crossingQueries: 384,
    });
    expect(finding?.message).toContain(
      "; that read peak takes `orders-by-email`'s 4,800 RU/s as declared, but each of those queries misses the partition key and checks the index of all 5 physical partitions, at least about 2.5 RU each (12.5 RU a query, matching or not): the declared RU/s cover at most 384 such queries a second, and the design gives no query rate to count more, so where the application sends more, add 12.5 RU for each to peakReadUnits",
    );
  });

  it('stays quiet where every query carries the key', () => {
    const finding = sg017(orders(25_000, 0));
    expect(finding).toBeDefined();
    expect(finding?.notes ?? []).not.toContain('crossPartitionFloor');
    expect(finding?.data).not.toHaveProperty('crossingFloor');
  });

  it('stays quiet on one physical partition, where a query checks one index whatever its filter', () => {
    const finding = sg017(orders(4_000, 0.2));
    expect(finding).toBeDefined();
    expect(finding?.notes ?? []).not.toContain('crossPartitionFloor');
  });
});
