/**
 * cosmos18 item 4: a raised autoscale maximum raises what every hour is billed at least. "Each hour, you're billed for
 * the highest throughput T the system scaled to within the hour. If your resource had no requests during the hour or
 * didn't scale beyond 0.1 × Tmax, you're billed for the minimum of 0.1 × Tmax" ("Frequently asked questions about
 * autoscale provisioned throughput"). Before, SG017 said "from 10% of the maximum" with no figure and SG003's raises
 * of an autoscale maximum said nothing of it.
 */
import { lint, type CosmosContainerDesign } from '../../lib';

const fixOf = (design: CosmosContainerDesign, rule: string) => lint(design).find((f) => f.ruleId === rule)?.fix ?? '';

describe("a raised autoscale maximum's billed floor", () => {
  // 50,000 RU/s of peak on a 60,000 maximum over 6 partitions: SG017 asks 111,000 (12 even partitions, as
  // even-raise.test.ts derives). The floor: 10% of 60,000 = 6,000 → 10% of 111,000 = 11,100 RU/s every hour.
  it('SG017 says the floor rises from 6,000 to 6,300 RU/s', () => {
    const events: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'events',
      partitionKey: { paths: [{ path: '/eventId', cardinality: 'unique' }] },
      workload: { peakReadUnits: (50_000 * 2) / 3, peakWriteUnits: 50_000 / 3 },
      throughput: { autoscaleMax: 60_000 },
    };
    expect(fixOf(events, 'SG017')).toContain(
      'raise throughput.autoscaleMax to at least 63,000 RU/s (50,000 RU/s at 80% utilization; autoscale bills each hour the highest RU/s it scaled to, and at least 10% of the maximum, so the least an hour costs rises from 6,000 to 6,300 RU/s)',
    );
  });

  // A 12,000 maximum: 2 partitions of 6,000 (4,800 usable). 50% of 9,000 = 4,500 beside (9,000 − 4,500) ÷ 2 = 2,250:
  // 0.8 × RU ÷ 2 ≥ 6,750 gives 16,875, 17,000 on the autoscale grid (steps of 1,000). Floor 1,200 → 1,700.
  it("SG003's raise of an autoscale maximum says the floor rises from 1,200 to 1,700 RU/s; a manual raise says nothing of it", () => {
    const orders = (throughput: CosmosContainerDesign['throughput']): CosmosContainerDesign => ({
      engine: 'cosmosdb',
      name: 'orders',
      partitionKey: { paths: [{ path: '/storeId', cardinality: 1_000 }] },
      workload: { peakReadUnits: 4_000, peakWriteUnits: 5_000, hotKeyShare: 0.5 },
      throughput,
      thresholds: { maxHotKeyShare: 0.6 },
    });
    expect(fixOf(orders({ autoscaleMax: 12_000 }), 'SG003')).toContain(
      "raise the container's throughput to 17,000 RU/s (2 physical partitions of 8,500 RU/s: created at them, Azure starts the container on one physical partition per 10,000 RU/s of an autoscale maximum, evenly split; where the container exists already, declare its physicalPartitions and the raise is sized in place; the hourly autoscale floor (10% of the maximum) rises from 1,200 to 1,700 RU/s)",
    );
    expect(fixOf(orders({ manual: 12_000 }), 'SG003')).not.toContain('autoscale bills');
  });
});
