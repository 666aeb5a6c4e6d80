/**
 * prov22: a DynamoDB user's review of provisioned tables (/tmp/briefs/r22: payments-bad.json, v-noap.json,
 * v-nocap.json, v-hv.json). The payments ledger is keyed by merchant, one merchant at 20% of 8,000 WCU; provisioned,
 * its capacity at peak ÷ headroom (10,000 WCU) makes 10 partitions, each averaging the usable 800 WCU.
 * 1. The whale alone is sharded (hotValues: 1), provisioned as on demand: the others are judged on the partitions the
 *    fix makes (its pre-warm), where they fit, not on the 10 counted before it.
 * 2. A GSI given capacity of its own is sized at its own peak in each direction, not at the table's figure.
 * 3. Warm throughput for a hot key's neighbours is raised in one direction: the writes make the partitions.
 * 4. SG001 says the usable figure beside neighbours is what they leave.
 */
import { applyDesignEdits, lint, type DesignEdit, type DynamoDbTableDesign, type Finding } from '../../lib';
import { table } from '../fixtures';

type Gsi = NonNullable<DynamoDbTableDesign['globalSecondaryIndexes']>[number];

const BY_STATUS: Gsi = {
  indexName: 'by-status',
  partitionKey: { name: 'paymentStatus', type: 'S', cardinality: 5, mutable: true },
  sortKey: { name: 'updatedAt', type: 'S' },
};

/** The reviewer's payments table; `provisioned`: fixed reads, auto-scaled writes (payments-bad.json). */
function payments(overrides: Partial<DynamoDbTableDesign> = {}, provisioned = true): DynamoDbTableDesign {
  return table({
    name: 'payments',
    partitionKey: { name: 'merchantId', type: 'S', cardinality: 20000 },
    sortKey: { name: 'paymentId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 12000, peakWriteUnits: 8000, hotKeyShare: 0.2 },
    ...(provisioned
      ? {
          billing: 'provisioned' as const,
          capacity: { read: { fixed: 12750 }, write: { min: 2000, max: 10000, targetUtilizationPercent: 70 } },
        }
      : { billing: 'on-demand' as const }),
    accessPatterns: [
      { name: 'payment-by-id', keyAttributes: ['merchantId', 'paymentId'], share: 0.6 },
      // A merchant's history, sized (480 KB: 24 units a shard at 5, 40 at 3), so the fix's fan-out is counted and written;
      // with no resultKb its Queries, each charged at least one read unit however little they return, go uncounted.
      { name: 'merchant-history', keyAttributes: ['merchantId'], share: 0.25, resultKb: 480 },
    ],
    ...overrides,
  });
}

function sg003(design: DynamoDbTableDesign): Finding {
  const found = lint(design).filter((f) => f.ruleId === 'SG003' && f.index === undefined);
  expect(found).toHaveLength(1);
  return found[0];
}

function shardingEdit(finding: Finding): DesignEdit | undefined {
  return finding.edits?.find((e) => e.path === 'sharding');
}

describe('prov22: the whale alone is sharded, provisioned as on demand', () => {
  it('on demand: the big merchant alone, N = 6 (reference)', () => {
    // 1,600 WCU of 8,000 on 16 partitions: 5 shards of 320 fit the usable 800 (320 + 7,680 ÷ 16), but two on one
    // partition take 640 + 480 − 20 = 1,100 WCU; 6: 533.33 + 483.33 − 16.67 = 1,000.
    const hit = sg003(payments({}, false));
    expect(shardingEdit(hit)).toEqual({
      op: 'set',
      path: 'sharding',
      value: { strategy: 'calculated', shards: 6, sourceAttribute: 'paymentId', hotValues: 1 },
    });
  });

  it('provisioned: pre-warm the writes for 36 partitions, then the big merchant alone (N = 4), not all 20,000 merchants', () => {
    const hit = sg003(payments());
    // At 36 partitions a stored key's neighbours take (8,000 − 400) ÷ 36 = 211.11 WCU, and two of the 4 shards on one
    // partition 2 × 400 + 211.11 − 400 ÷ 36 = 1,000 WCU (at 35: 1,005.71); 3 shards left 5% free at 33 partitions
    // (533.33 + 226.26 = 759.6 of 800) but two of them take 1,240 WCU even at 40.
    expect(hit.edits).toEqual([
      { op: 'set', path: 'warmThroughput', value: { writeUnitsPerSecond: 36000 } },
      { op: 'set', path: 'sharding', value: { strategy: 'calculated', shards: 4, sourceAttribute: 'paymentId', hotValues: 1 } },
      { op: 'set', path: 'accessPatterns[1].fanOut', value: true },
    ]);
    expect(hit.fix).toMatch(/^pre-warm the table to 36,000 write units a second \(warmThroughput\): 36 partitions where 10 are counted now/);
    expect(hit.fix).toMatch(/then shard only the hottest `merchantId` value, into N = 4 calculated shards/);
    // Each other merchant: 6,400 WCU ÷ 19,999 = 0.32 WCU, beside (8,000 − 0.32) ÷ 36 of the rest: it fits.
    expect(hit.fix).toMatch(
      /the next hottest, at 0\.32 WCU if the other values share the rest evenly, fits unsharded in its partition's usable 800 WCU less its neighbours' expected 222\.21 WCU \(the other 7,999\.68 WCU ÷ 36 partitions, the hottest value's 1,600 WCU among them, in its shards, which the hottest value's own neighbours leave out\): 577\.79 WCU left/,
    );
    expect(hit.data).toMatchObject({ warmWriteUnits: 36000, warmPartitions: 36, shards: 4 });
    expect(hit.data).not.toHaveProperty('warmReadUnits');
  });

  it('the fixed provisioned table lints clean of SG003, the whale judged at 1/4 and the others unsharded on 36 partitions', () => {
    const design = payments();
    const after = applyDesignEdits(design, sg003(design).edits ?? []);
    expect(after.sharding).toEqual({ strategy: 'calculated', shards: 4, sourceAttribute: 'paymentId', hotValues: 1 });
    expect(lint(after).filter((f) => f.ruleId === 'SG003')).toEqual([]);
  });

  it('a hand-written hotValues: 1 (v-hv.json) keeps it: no "the others, unsharded, would be over"', () => {
    const hit = sg003(payments({ sharding: { strategy: 'calculated', shards: 8, sourceAttribute: 'paymentId', hotValues: 1 } }));
    expect(hit.fix).not.toMatch(/would be over their partition too/);
    expect(hit.fix).toMatch(/^pre-warm the table to 36,000 write units a second/);
    expect(shardingEdit(hit)).toEqual({
      op: 'set',
      path: 'sharding',
      value: { strategy: 'calculated', shards: 4, sourceAttribute: 'paymentId', hotValues: 1 },
    });
  });

  it('where the others are heavier than a shard of the whale, they are over on the same partitions: every value sharded', () => {
    // 3 regions at 40% of 3,000 WCU: the other two take 900 WCU each, over the usable 800 alone.
    const hit = sg003(
      table({
        partitionKey: { name: 'regionCode', type: 'S', cardinality: 3 },
        sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits: 3000, hotKeyShare: 0.4 },
        sharding: { strategy: 'random', shards: 3, hotValues: 1 },
      }),
    );
    expect(hit.fix).toMatch(/for every value \(remove sharding.hotValues\)/);
    expect(shardingEdit(hit)).toEqual({ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 4 } });
  });
});

describe('prov22: warm throughput for a hot key is raised in one direction', () => {
  it('short on reads and writes, the table is pre-warmed in writes only (13,000 WCU alone made the 13 partitions 39,000 RCU did)', () => {
    // payments-bad: reads at the table's 10,000 RCU are over beside their neighbours too.
    const hit = sg003(payments({ capacity: { read: { fixed: 10000 }, write: { min: 2000, max: 8000, targetUtilizationPercent: 70 } } }));
    const warm = hit.edits?.find((e) => e.path === 'warmThroughput');
    expect(warm).toEqual({ op: 'set', path: 'warmThroughput', value: { writeUnitsPerSecond: 36000 } });
    expect(hit.fix).not.toMatch(/read units a second \(warmThroughput\)/);
  });

  it('a declared read warm throughput is kept beside the writes raised', () => {
    const hit = sg003(payments({ warmThroughput: { readUnitsPerSecond: 15000 } }));
    expect(hit.edits?.find((e) => e.path === 'warmThroughput')).toEqual({
      op: 'set',
      path: 'warmThroughput',
      value: { readUnitsPerSecond: 15000, writeUnitsPerSecond: 36000 },
    });
  });
});

describe('prov22: a GSI given capacity of its own is sized at its own peak', () => {
  const design = payments({
    capacity: { read: { fixed: 12750 }, write: { min: 2000, max: 10000, targetUtilizationPercent: 70 } },
    globalSecondaryIndexes: [BY_STATUS],
    accessPatterns: [
      { name: 'payment-by-id', keyAttributes: ['merchantId', 'paymentId'], share: 0.6 },
      { name: 'merchant-history', keyAttributes: ['merchantId'], share: 0.25 },
      { name: 'pending-payments', index: 'by-status', keyAttributes: ['paymentStatus'], share: 0.1 },
    ],
  });
  const own = () => {
    const found = lint(design).filter((f) => f.ruleId === 'SG017' && f.index === 'by-status');
    expect(found).toHaveLength(1);
    return found[0];
  };

  it("reads: its pattern's 10% and the unclaimed 5% of 12,000 RCU is 1,800, at 80% 2,250 RCU, not the table's 12,750", () => {
    const hit = own();
    expect(hit.edits).toEqual([
      { op: 'set', path: 'globalSecondaryIndexes[0].capacity.write', value: { min: 2000, max: 20000 } },
      { op: 'set', path: 'globalSecondaryIndexes[0].capacity.read', value: { fixed: 2250 } },
    ]);
    expect(hit.fix).toMatch(/and read 2,250, its own read peak of 1,800 RCU at 80% utilization/);
  });

  it("writes: an index whose own write peak is below the table's auto-scaling minimum gets that peak as its minimum", () => {
    // A read-heavy index (50% of 12,000 RCU: over the table's 5,000) on a table of few writes: writes 400 WCU ÷ 80% = 500,
    // under the table's minimum 2,000.
    const reads = payments({
      workload: { peakReadUnits: 12000, peakWriteUnits: 400 },
      capacity: { read: { fixed: 5000 }, write: { min: 2000, max: 10000 } },
      globalSecondaryIndexes: [
        { ...BY_STATUS, partitionKey: { name: 'paymentStatus', type: 'S', cardinality: 100, mutable: false }, sortKey: { name: 'createdAt', type: 'S' } },
      ],
      accessPatterns: [
        { name: 'payment-by-id', keyAttributes: ['merchantId', 'paymentId'], share: 0.5 },
        { name: 'pending-payments', index: 'by-status', keyAttributes: ['paymentStatus'], share: 0.5 },
      ],
    });
    const hits = lint(reads).filter((f) => f.ruleId === 'SG017' && f.index === 'by-status');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.edits).toContainEqual({ op: 'set', path: 'globalSecondaryIndexes[0].capacity.write', value: { min: 500, max: 500 } });
  });
});

describe('prov22: SG001 names the usable figure its neighbours leave', () => {
  it('by-status: 3,200 WCU of the 160 its neighbours leave of a usable 800', () => {
    const design = payments({
      capacity: { read: { fixed: 10000 }, write: { min: 2000, max: 8000, targetUtilizationPercent: 70 } },
      globalSecondaryIndexes: [BY_STATUS],
    });
    const hit = lint(design).find((f) => f.ruleId === 'SG001');
    expect(hit?.message).toMatch(/is over the usable ceiling on one key \(3,200 of the 160 WCU its neighbours leave of a usable 800\)/);
    expect(hit?.message).not.toMatch(/of a usable 160/);
  });
});
