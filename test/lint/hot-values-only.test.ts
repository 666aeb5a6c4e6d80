/**
 * whale21: a whale (one declared value over its partition while every other value fits unsharded) gets shards for that
 * value only (`sharding.hotValues: 1`), not for every value of the key; the design reads it back (the hottest value at
 * 1/N, the others unsharded); a load spread over a few values still gets the whole key sharded.
 */
import { applyDesignEdits, DesignError, lint, type CosmosContainerDesign, type DynamoDbTableDesign, type Finding } from '../../lib';
import { container, table } from '../fixtures';

/** The reviewer's whale: `/tenantId`, one tenant at 40% of 20,000 RU/s of writes (and 4,000 of reads). */
function whale(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'tenant-events',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
    workload: { peakReadUnits: 4000, peakWriteUnits: 20000, hotKeyShare: 0.4 },
    ...overrides,
  });
}

/**
 * A bot user writing 35% of 3,000 WCU (1,050 WCU) among a million users, on 6 partitions: two of N random shards on one take
 * 2 × 1,050 ÷ N × (1 − 1 ÷ 6) + 500: 1,083.33 at 3, 937.5 of the hard 1,000 at 4.
 */
function botUser(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    name: 'user-activity',
    partitionKey: { name: 'userId', type: 'S', cardinality: 1000000 },
    sortKey: { name: 'activityAt', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 2000, peakWriteUnits: 3000, hotKeyShare: 0.35 },
    ...overrides,
  });
}

function only(findings: readonly Finding[], ruleId: string): Finding {
  const found = findings.filter((f) => f.ruleId === ruleId);
  expect(found).toHaveLength(1);
  return found[0];
}

/** Every finding's edits applied, then the design linted again. */
function fixed<T>(design: T): { readonly design: T; readonly findings: Finding[] } {
  const edits = lint(design as never).flatMap((f) => f.edits ?? []);
  const after = applyDesignEdits(design, edits);
  return { design: after, findings: lint(after as never) };
}

describe('sharding only the hot value', () => {
  it('a Cosmos DB whale: its value alone is sharded, N from its load (9,600 RU/s over a usable 8,000: 2)', () => {
    const hit = only(lint(whale()), 'SG003');
    expect(hit.data).toMatchObject({ shards: 2, hotKeyLoad: 9600, usable: 8000, restUnit: 'RU/s', restUsable: 8000 });
    // The other 499 tenants: 14,400 RU/s ÷ 499 each.
    expect(hit.data?.restLoad).toBeCloseTo(14400 / 499, 6);
    expect(hit.fix).toMatch(/^shard only the hottest `\/tenantId` value, into N = 2 random shards \(value#0…value#1\), and leave every other value as it is/);
    expect(hit.fix).toMatch(/keeps the hot value in a list in its configuration/);
    expect(hit.fix).toMatch(/every read of that value must then fan out over all 2 shards, while a read of any other value stays one query/);
    expect(hit.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 2, hotValues: 1 } }]);
  });

  it('the fixed whale lints clean: the hot value judged at 1/N, the others unsharded (no SG001, SG007 or SG008)', () => {
    const after = fixed(whale());
    expect(after.design.sharding).toEqual({ strategy: 'random', shards: 2, hotValues: 1 });
    expect(after.findings).toEqual([]);
  });

  it('the whale at 60,000 RU/s: N set by its physical partition (4), the same count as sharding every value', () => {
    const design = whale({ throughput: { manual: 60000 } });
    const hit = only(lint(design), 'SG003');
    expect(hit.fix).toMatch(/^shard only the hottest `\/tenantId` value, into N = 4 random shards/);
    expect(hit.data).toMatchObject({ shards: 4 });
    expect(fixed(design).findings).toEqual([]);
    // One shard fewer is found over again: the count is minimal.
    expect(lint(whale({ throughput: { manual: 60000 }, sharding: { strategy: 'random', shards: 3, hotValues: 1 } })).map((f) => f.ruleId)).toContain('SG003');
  });

  it('a DynamoDB bot user: only its userId is sharded (N = 4), and the fixed table lints clean', () => {
    const hit = only(lint(botUser()), 'SG003');
    expect(hit.fix).toMatch(/^shard only the hottest `userId` value, into N = 4 random shards \(value#0…value#3\)/);
    expect(hit.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 4, hotValues: 1 } }]);
    expect(fixed(botUser()).findings).toEqual([]);
  });

  it('a load spread over a few values (the others over too, unsharded) keeps the whole key sharded', () => {
    // 3 regions, the hottest at 40% of 3,000 WCU: the other two take 900 WCU each, over the usable 800 on their own.
    const spread = table({
      partitionKey: { name: 'regionCode', type: 'S', cardinality: 3 },
      sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 100, peakWriteUnits: 3000, hotKeyShare: 0.4 },
    });
    const hit = only(lint(spread), 'SG003');
    expect(hit.fix).toMatch(/^shard `regionCode` into N = 4 calculated shards on `orderId`/);
    // fix27b: `regionCode` is a category (a region, 3 values under 4 shards): the fix names the shards, --fix writes none.
    expect(hit.fix).toContain('--fix writes no edit for these shards: `regionCode` is named like a status, type or region');
    expect(hit.edits ?? []).toEqual([]);
  });

  it('a uniform key (no declared whale) keeps whole-key sharding', () => {
    // fix27b: 3 tenants at 30,000 RU/s, N = 2 (2 tenants at 20,000 took 2 shards, as many as the values: a categorical key,
    // whose shards --fix does not write).
    const uniform = whale({ partitionKey: { paths: [{ path: '/tenantId', cardinality: 3 }] }, workload: { peakReadUnits: 4000, peakWriteUnits: 30000 } });
    const fixes = lint(uniform)
      .flatMap((f) => f.edits ?? [])
      .filter((e) => e.path === 'sharding');
    expect(fixes.length).toBeGreaterThan(0);
    for (const edit of fixes) expect(edit).not.toHaveProperty('value.hotValues');
  });

  it('a declared hot-values sharding whose other values are over unsharded: SG003 at hotValues, fixed by sharding every value', () => {
    const design = table({
      partitionKey: { name: 'regionCode', type: 'S', cardinality: 3 },
      sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 100, peakWriteUnits: 3000, hotKeyShare: 0.4 },
      sharding: { strategy: 'random', shards: 4, hotValues: 1 },
    });
    const hit = only(lint(design), 'SG003');
    expect(hit).toMatchObject({ messageId: 'restOverUnsharded', path: 'sharding.hotValues' });
    expect(hit.fix).toMatch(/^shard every value: remove sharding.hotValues/);
    expect(hit.data).toMatchObject({ restLoad: 900, restUnit: 'WCU', hotValues: 1, declaredShards: 4 });
    expect(hit.edits).toEqual([{ op: 'remove', path: 'sharding.hotValues' }]);
    expect(fixed(design).findings).toEqual([]);
  });

  it('a count raised on a hot-values sharding keeps hotValues where the others fit, drops it where they would not', () => {
    const kept = only(lint(botUser({ sharding: { strategy: 'random', shards: 2, hotValues: 1 } })), 'SG003');
    expect(kept.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 4, hotValues: 1 } }]);
    const dropped = only(
      lint(
        table({
          partitionKey: { name: 'regionCode', type: 'S', cardinality: 3 },
          sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
          workload: { peakReadUnits: 100, peakWriteUnits: 3000, hotKeyShare: 0.4 },
          sharding: { strategy: 'random', shards: 3, hotValues: 1 },
        }),
      ),
      'SG003',
    );
    expect(dropped.fix).toMatch(/for every value \(remove sharding.hotValues\)/);
    expect(dropped.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 4 } }]);
  });

  it('hotValues is refused on copies and on a key with no more values, naming the field', () => {
    expect(() => lint(botUser({ sharding: { strategy: 'replicated', shards: 3, hotValues: 1 } }))).toThrow(
      /sharding\.hotValues: applies to write sharding \(random or calculated\) only/,
    );
    expect(() =>
      lint(table({ partitionKey: { name: 'regionCode', type: 'S', cardinality: 3 }, sharding: { strategy: 'random', shards: 2, hotValues: 3 } })),
    ).toThrow(/sharding\.hotValues: is 3, but the key has only 3 values/);
    expect(() => lint(botUser({ sharding: { strategy: 'random', shards: 2, hotValues: 0 } }))).toThrow(DesignError);
  });
});

describe('SG006 and the hierarchical key beside a write-hot whale', () => {
  // hier28: the deeper key keeps the whale first, its 9,600 RU/s on one physical partition (30 GB, under 50) against a
  // usable 8,000: SG003 refuses that first level, and shards of the full key would keep it (hier27). Before: the deeper
  // key led, "this fixes the size, not the load".
  it('a whale over 20 GB and over its partition: no deeper key, which keeps the whale first; its shards fix both', () => {
    const hit = only(lint(whale({ storage: { largestPartitionGb: 30 } })), 'SG006');
    expect(hit.fix).toMatch(/^shard `\/tenantId` into N = 2 random shards/);
    expect(hit.fix).not.toMatch(/hierarchical/);
  });

  it('a whale over 20 GB whose load fits: the deeper key leads, with no word about load', () => {
    const hit = only(lint(whale({ workload: { peakReadUnits: 1000, peakWriteUnits: 1000, hotKeyShare: 0.4 }, storage: { largestPartitionGb: 30 } })), 'SG006');
    expect(hit.fix).toMatch(/^make the key hierarchical, `\/tenantId` → \(the new level\)/);
    expect(hit.fix).not.toMatch(/not the load/);
  });
});

/**
 * whale22: a review's order store, 40 stores, the flagship at 35% of 15,000 RU/s, on 20,000 RU/s and 400 GB (8 physical
 * partitions of 2,500 RU/s, 2,000 usable). The next hottest store takes 9,750 ÷ 39 = 250 RU/s; unsharded, its own
 * partition expects 1/8 of the rest of the load beside it ((15,000 − 250) ÷ 8 = 1,843.75 RU/s, the whale's shards
 * included, as they hash over every partition): 2,093.75 against 2,000, over. Whale-only sharding serves once the
 * others fit: at 21,000 RU/s (2,100 usable each) with N = 21, at 24,000 with N = 9.
 */
describe('a whale among a few values (whale22)', () => {
  function stores(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
    return container({
      name: 'orders',
      partitionKey: { paths: [{ path: '/storeId', cardinality: 40 }] },
      workload: { peakReadUnits: 6000, peakWriteUnits: 9000, hotKeyShare: 0.35 },
      throughput: { manual: 20000 },
      storage: { totalGb: 400, largestPartitionGb: 12 },
      // resultKb: the flagship's fan-out is then counted, so --fix writes its shards (with no size it writes none).
      accessPatterns: [{ name: 'orders-of-store', keyAttributes: ['/storeId'], share: 1, resultKb: 200 }],
      ...overrides,
    });
  }

  it('the other stores over unsharded beside their own neighbours: every value sharded (N = 37), and the fix says why', () => {
    for (const ruleId of ['SG001', 'SG003']) {
      const hit = only(lint(stores()), ruleId);
      expect(hit.fix).toMatch(/shard `\/storeId` into N = 37 random shards/);
      expect(hit.fix).toMatch(
        /every value, not the hottest alone \(sharding\.hotValues\): the next hottest, at 250 RU\/s unsharded, would be over the usable 156\.25 RU\/s its own partition leaves it/,
      );
      expect(hit.data).toMatchObject({ restLoad: 250, restUsable: 156.25, restUnit: 'RU/s' });
      expect(hit.edits?.find((e) => e.path === 'sharding')).toEqual({ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 37 } });
    }
    expect(fixed(stores()).findings).toEqual([]);
  });

  it('a declared whale-only sharding there: SG003 at hotValues, the others judged beside their own neighbours', () => {
    const hit = only(lint(stores({ sharding: { strategy: 'random', shards: 37, hotValues: 1 } })), 'SG003');
    expect(hit).toMatchObject({ messageId: 'restOverUnsharded', path: 'sharding.hotValues' });
    expect(hit.data).toMatchObject({ restLoad: 250, restUsable: 156.25 });
  });

  it('at 21,000 RU/s the others fit (2,093.75 of 2,100): SG001 and SG003 shard the flagship alone (N = 21), one --fix round converges', () => {
    const design = stores({ throughput: { manual: 21000 } });
    for (const ruleId of ['SG001', 'SG003']) {
      const hit = only(lint(design), ruleId);
      expect(hit.fix).toMatch(/shard only the hottest `\/storeId` value, into N = 21 random shards/);
      expect(hit.edits?.find((e) => e.path === 'sharding')).toEqual({ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 21, hotValues: 1 } });
    }
    const after = fixed(design);
    expect(after.design.sharding).toEqual({ strategy: 'random', shards: 21, hotValues: 1 });
    expect(after.findings).toEqual([]);
    // One shard fewer is found over again: the count is minimal.
    expect(lint(stores({ throughput: { manual: 21000 }, sharding: { strategy: 'random', shards: 20, hotValues: 1 } })).map((f) => f.ruleId)).toContain('SG003');
    expect(only(lint(stores({ throughput: { manual: 24000 } })), 'SG003').fix).toMatch(/^shard only the hottest `\/storeId` value, into N = 9 random shards/);
  });

  it('DynamoDB alike: 40 stores, the flagship at 35%: whale-only where the others fit, every value where they would not', () => {
    const ddb = (peakWriteUnits: number) =>
      table({
        name: 'orders',
        partitionKey: { name: 'storeId', type: 'S', cardinality: 40 },
        sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 2000, peakWriteUnits, hotKeyShare: 0.35 },
      });
    // 1,050 of 3,000 WCU on 6 partitions, as the bot user: 4 shards. At 30,000 WCU, 10,500 on 60 partitions: two on one
    // take 2 × 10,500 ÷ N × (1 − 1 ÷ 60) + 500, 1,003.66 at 41 and 991.67 at 42.
    const small = only(lint(ddb(3000)), 'SG003');
    expect(small.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 4, sourceAttribute: 'orderId', hotValues: 1 } }]);
    expect(fixed(ddb(3000)).findings).toEqual([]);
    // 30,000 WCU: the other stores take 500 WCU each, over what their partitions leave them.
    const large = only(lint(ddb(30000)), 'SG003');
    expect(large.fix).toMatch(/^shard `storeId` into N = 42 calculated shards on `orderId`/);
    expect(large.fix).toMatch(/the next hottest, at 500 WCU unsharded, would be over the usable/);
    // 42 shards of every one of the 40 stores are the key's whole spread: the fix is a re-key, and --fix writes none.
    expect(large.fix).toMatch(/--fix writes no edit for these shards: `storeId` has 40 values, no more than the 42 shards/);
    expect(large.edits).toBeUndefined();
  });
});
