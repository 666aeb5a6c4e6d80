/**
 * cosmos18 item 1: on a shared database's physical partitions every figure a message derives comes from the shared
 * layout. The partitions carry every busy container's keys (`containers` × this container's peak, the even split:
 * "Provision standard (manual) throughput on a database", containers in the same database share partitions), so a
 * stored key's neighbours are (containers × peak − its load) ÷ P and the average partition carries containers × peak ÷ P.
 * Before, the arithmetic quoted this container's peak alone ("(14,400 − 450) ÷ 6" beside a figure of 7,125), or the
 * derivation of N was left out on a shared database.
 */
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';
import { largestShareData } from '../../lib/lint/physical-partition';

/** The flagship store of examples/designs/bad/physical-partition-hot-store.json, on a database shared by 3 busy containers. */
const storeOrders = (sharedDatabase: number): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'store-orders',
  partitionKey: { paths: [{ path: '/storeId', cardinality: 1_000 }] },
  workload: { peakReadUnits: 4_400, peakWriteUnits: 10_000, hotKeyShare: 0.375 },
  throughput: { sharedDatabase, containers: 3 },
  thresholds: { maxHotKeyShare: 0.4 },
});

const sg003 = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003');

describe("shared database: a message's arithmetic starts from the load the database's partitions carry", () => {
  // 60,000 RU/s on 6 partitions of 10,000 (8,000 usable). 3 × 14,400 = 43,200 RU/s carried. 6 shards of 900 RU/s:
  // 900 + (43,200 − 900) ÷ 6 = 900 + 7,050 = 7,950 ≤ 8,000; 5 shards of 1,080: 1,080 + 42,120 ÷ 6 = 8,100 > 8,000.
  it('derives N from the database partitions: (3 × 14,400 − 900) ÷ 6 = 7,050 RU/s beside each shard', () => {
    const hit = sg003(lint(storeOrders(60_000)));
    expect(hit?.edits).toEqual([{ op: 'set', path: 'sharding', value: expect.objectContaining({ shards: 6 }) }]);
    expect(hit?.fix).toContain(
      "a stored key's 900 RU/s + (43,200 − 900) ÷ 6 = 7,050 of the rest of the database's 3 busy containers' load, each taken at this one's 14,400 RU/s makes 7,950 of the 8,000 RU/s usable on its partition (80% of 10,000); 5 would make 8,100",
    );
    expect(hit?.data).toMatchObject({ carriedPeak: 43_200, carriedBy: 3, carriedEach: 14_400, storedNeighbours: 7_050 });
  });

  // 54,000 RU/s: 6 partitions of 9,000 (7,200 usable), already filled by 43,200 ÷ 6 = 7,200: the raise to 56,900 (6 of
  // 9,483.33, 7,586.67 usable) fits 12 shards of 450 beside (43,200 − 450) ÷ 6 = 7,125: 7,575 RU/s.
  it("says a raise's shard fit with the database's load: (43,200 − 450) ÷ 6 = 7,125", () => {
    const hit = sg003(lint(storeOrders(54_000)));
    expect(hit?.fix).toContain(
      "a stored key's 450 RU/s + (43,200 − 450) ÷ 6 = 7,125 of the rest of the database's 3 busy containers' load, each taken at this one's 14,400 RU/s makes 7,575 of the 7,586.67 RU/s usable (80% of 9,483.33)",
    );
    expect(hit?.fix).not.toContain('(14,400 − 450)');
  });

  // The average partition's load: 3 × 14,400 ÷ 6 = 7,200 RU/s of the 7,200 usable (0% spare), not 14,400 ÷ 6 = 2,400.
  it("counts the average partition's load from every busy container", () => {
    const share = { count: 6, countedBy: 'throughput' as const, requestUnitsEach: 9_000, requestUnits: 18_000, keySpaceSlices: 6, sharedBy: 3 };
    const largest = largestShareData(share, 14_400, 0.8);
    expect(largest.figures).toMatchObject({ averageLoad: 7_200, carriedPeak: 43_200, carriedBy: 3 });
    expect(largest.averageSpare).toBeCloseTo(0, 9);
  });
});
