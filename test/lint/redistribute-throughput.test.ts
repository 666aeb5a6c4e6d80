/**
 * cosmos18 item 2: "Redistribute throughput across partitions" (preview) is offered beside a raise only where Azure
 * supports it and it can serve the hot key. Supported for dedicated throughput and, per the current FAQ, shared
 * throughput databases ("supported for shared throughput databases and containers/collections with dedicated throughput";
 * the 2022 preview's did not support them); a shared database's is redistributed by
 * Update-AzCosmosDBSqlDatabasePerPartitionThroughput, its RU/s coming from partitions that carry the other containers'
 * keys. "Physical partitions can only contain up to 10,000 RU/s": a hot key whose partition needs more at headroom is
 * not served by it. Before, every physical-share raise offered it, unchecked and in one wording.
 */
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';

const orders = (throughput: CosmosContainerDesign['throughput'], hotKeyShare: number): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'orders',
  partitionKey: { paths: [{ path: '/storeId', cardinality: 1_000 }] },
  workload: { peakReadUnits: 4_000, peakWriteUnits: 5_000, hotKeyShare },
  throughput,
  thresholds: { maxHotKeyShare: 0.6 },
});

const fixOf = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003')?.fix ?? '';

describe('redistribute throughput across partitions', () => {
  // 24,000 RU/s shared by 2: 3 partitions of 8,000. 30% of 9,000 = 2,700 RU/s beside (2 × 9,000 − 2,700) ÷ 3 = 5,100:
  // 7,800 RU/s, which at 80% need 9,750 on that partition, under the 10,000 a partition holds.
  it("on a shared database, redistributes the database's throughput, naming its cmdlet and the 9,750 RU/s the partition needs", () => {
    expect(fixOf(lint(orders({ sharedDatabase: 24_000, containers: 2 }, 0.3)))).toContain(
      "redistribute the database's shared throughput (Update-AzCosmosDBSqlDatabasePerPartitionThroughput; its other partitions carry the other containers' keys) across its physical partitions to give the hot key's partition 9,750 RU/s, which adds no RU/s (preview; a partition holds at most 10,000,",
    );
  });

  // 12,000 RU/s manual: 2 partitions of 6,000. 50% of 9,000 = 4,500 beside (9,000 − 4,500) ÷ 2 = 2,250: 6,750 ÷ 0.8 = 8,437.5.
  it("on dedicated throughput, the container's, with the 8,438 RU/s the partition needs", () => {
    expect(fixOf(lint(orders({ manual: 12_000 }, 0.5)))).toContain(
      "redistribute the container's throughput across its physical partitions to give the hot key's partition 8,438 RU/s, which adds no RU/s",
    );
  });

  // 12,000 RU/s manual, 80% of 9,000 = 7,200 RU/s (under its logical 8,000) beside (9,000 − 7,200) ÷ 2 = 900: 8,100 ÷ 0.8
  // = 10,125 RU/s, more than a partition holds, so no offer (at 60%: 5,400 + 1,800 = 7,200 ÷ 0.8 = 9,000, offered).
  it('is not offered where the partition would need more than the 10,000 RU/s a physical partition holds', () => {
    const fix = fixOf(lint(orders({ manual: 12_000 }, 0.8)));
    expect(fix).toMatch(/create the container at 24,000 RU\/s, no more, then raise it to 38,300 RU\/s/);
    expect(fix).not.toMatch(/redistribute/);
  });
});
