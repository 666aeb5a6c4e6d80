import { lint, type DynamoDbTableDesign } from '../../lib';

/**
 * fixconv35: a key hot by the reads of one item of its hottest value (a product on launch day, read order by order),
 * declared random-sharded. Random shards cannot spread those reads (each read of the value gathers from every shard),
 * so the plan chose N replicated copies, each write N× (1,000 → 12,000 WCU), where the same key declared unsharded or
 * replicated is planned calculated shards on the order id, which a read of one order names (AWS: "Using write sharding
 * to distribute workloads evenly", calculated suffixes). Once the copies were written, the re-lint asked for those
 * shards instead: two plans for one key over one --fix run.
 */
function launchDayOrders(sharding?: DynamoDbTableDesign['sharding']): DynamoDbTableDesign {
  const fansOut = sharding !== undefined && sharding.strategy !== 'replicated';
  return {
    engine: 'dynamodb',
    name: 'orders',
    partitionKey: { name: 'productId', type: 'S', cardinality: 'unique' },
    sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    billing: 'on-demand',
    workload: { peakReadUnits: 30_000, peakWriteUnits: 1000 },
    ...(sharding ? { sharding } : {}),
    accessPatterns: [
      { name: 'order-of-hot-product', keyAttributes: ['productId', 'orderId'], share: 0.4, keyValue: 'launch-day-product' },
      { name: 'orders-of-product', keyAttributes: ['productId'], share: 0.1, resultKb: 480, ...(fansOut ? { fanOut: true } : {}) },
    ],
    monitoring: { contributorInsights: true, latencyAlarms: true },
  };
}

const planned = (design: DynamoDbTableDesign) =>
  lint(design)
    .filter((f) => f.ruleId === 'SG003')
    .flatMap((f) => f.edits ?? [])
    .find((e) => e.path === 'sharding');

describe('a declared random sharding that cannot spread the hot reads gets the plan the key gets undeclared', () => {
  // 12,080 RCU on the launch product (its order reads, 40% of 30,000, and its part of the product listings) on 20
  // partitions, two of its shards on one partition within the 3,000 RCU maximum: at 16, 2 × 755 + (30,000 − 755) ÷ 20
  // − 755 ÷ 20 = 2,934.5; at 15, 3,030.13; at 13 (one alone fits the usable 2,400), 3,265.46.
  const calculated = { op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 16, sourceAttribute: 'orderId' } };

  it.each([
    ['unsharded', undefined],
    ['replicated into 3 copies', { strategy: 'replicated', shards: 3 } as const],
    ['random-sharded into 3 keys', { strategy: 'random', shards: 3 } as const],
  ])('declared %s: 16 calculated shards on orderId', (_, sharding) => {
    expect(planned(launchDayOrders(sharding))).toEqual(calculated);
  });

  it('keeps the declared random shards where they can work (a key hot by its writes)', () => {
    const writeHot = { ...launchDayOrders({ strategy: 'random', shards: 3 }), workload: { peakReadUnits: 100, peakWriteUnits: 6000, hotKeyShare: 0.5 } };
    expect(planned(writeHot)).toMatchObject({ value: { strategy: 'random' } });
  });
});
