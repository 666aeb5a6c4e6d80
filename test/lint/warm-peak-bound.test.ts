/**
 * A table-level quota declared above the default let the warm lever pre-warm to the fewest count at any warm throughput
 * within it, so the pre-warm grew with the quota, not the load: a crypto exchange's orders table (30,000 WCU, the
 * hottest trading pair 40% of it) was offered 146,000 WCU and 30 shards under a 150,000 WCU quota, and 378,000 WCU
 * (12.6× the peak) and 26 shards under 400,000. Past the default quota the lever stops at twice the peak (the
 * partitions an on-demand table holds once it has served it): 59,000 WCU and 48 shards under either.
 */
import { lint, type DynamoDbTableDesign } from '../../lib';

const orders: DynamoDbTableDesign = {
  name: 'orders',
  partitionKey: { name: 'tradingPair', type: 'S', cardinality: 400 },
  sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
  billing: 'on-demand',
  launchAtPeak: true,
  workload: { peakReadUnits: 9000, peakWriteUnits: 30000, hotKeyShare: 0.4 },
  accessPatterns: [{ name: 'order-book-of-pair', keyAttributes: ['tradingPair'], share: 1 }],
};

const sg003 = (tableWriteUnits: number) =>
  lint({ tables: [orders] }, { quotas: { tableWriteUnits, accountWriteUnits: 2 * tableWriteUnits } }).find((f) => f.ruleId === 'SG003');

describe('the warm lever pre-warms for the load, not for a quota declared above the default', () => {
  it.each([150_000, 400_000])('under a %d WCU quota: 59,000 WCU (under twice the 30,000 WCU peak) and 48 shards', (quota) => {
    const finding = sg003(quota);
    expect(finding?.data).toMatchObject({ warmWriteUnits: 59_000, warmPartitions: 59, warmFromPartitions: 38, shards: 48 });
    // 48 shards of 12,000 WCU: 250 WCU each, beside (30,000 − 250) ÷ 59 = 504.24; two on one partition take
    // 2 × 250 + 504.24 − 250 ÷ 59 = 1,000 WCU, at 58 partitions 1,008.6: over the maximum.
    expect(finding?.fix).toContain(
      'at any warm throughput within the table-level quota and twice the peak (the partitions an on-demand table holds once it has served it',
    );
  });

  it('within the default quota no twice-the-peak bound is said', () => {
    const finding = lint({ tables: [{ ...orders, workload: { peakReadUnits: 9000, peakWriteUnits: 15000, hotKeyShare: 0.4 } }] }).find(
      (f) => f.ruleId === 'SG003',
    );
    expect(finding?.fix ?? '').not.toContain('twice the peak (the partitions');
  });
});
