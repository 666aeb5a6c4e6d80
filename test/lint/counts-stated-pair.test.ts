/**
 * Every count an SG003 fix states passes the test the plan's own count passes: each stored key within its usable
 * ceiling, and, where the engine sizes for it (`EngineProfile.sizesForHashedPair`: DynamoDB), the keys hashed onto one
 * partition within its hard maximum (hashed-pair.ts, `countFitsPair`). The copies offered beside DAX where a read-hot
 * item's reads cannot be sharded (advice.ts, `unspreadCopies`) were counted on the usable line alone. The count stated
 * on the partitions counted now beside a warm-throughput lead (`orWiderFanOut`) is the plan's, already counted so.
 */
import { lint, normalize, type DynamoDbTableDesign } from '../../lib';
import { besideNeighbours, hashedPairFits } from '../../lib/design/hashed-pair';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { table } from '../fixtures';

/** A product item read by its full key (one item: shards cannot divide its reads), in a collection whose LSI makes its 25 GB need 4 shards. */
const products = (workload: DynamoDbTableDesign['workload']) =>
  table({
    name: 'products',
    partitionKey: { name: 'sku', type: 'S', cardinality: 100_000 },
    sortKey: { name: 'ver', type: 'S' },
    localSecondaryIndexes: [{ indexName: 'by-date', sortKey: { name: 'at', type: 'S' } }],
    storage: { largestPartitionGb: 25 },
    workload,
    accessPatterns: [{ name: 'get', keyAttributes: ['sku', 'ver'], share: 1 }],
  });

const fixOf = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey')?.fix;

describe('the copies offered beside DAX fit two on one partition, as the plan counts copies', () => {
  it('raises the count where two of the fewest on one partition would pass the 3,000 RCU maximum', () => {
    // 3,000 RCU of reads on one item, 14 partitions (twice the 20,000 RCU peak ÷ 3,000). At 3 copies: 1,000 + (20,000 −
    // 1,000) ÷ 14 = 2,357.14 of the usable 2,400, but two on one partition take 2,000 + 1,357.14 − 1,000 ÷ 14 = 3,285.71
    // RCU. At 4: 1,500 + 1,375 − 53.57 = 2,821.43, within 3,000.
    const fix = fixOf(products({ peakReadUnits: 20_000, peakWriteUnits: 500, hotKeyShare: 0.15 }));
    expect(fix).toContain('put DAX in front of them');
    expect(fix).toContain('; or keep N = 4 replicated copies of each `sku` value, written together and read at random: each copy serves 1/4 of the reads');
  });

  it('leaves a count whose two on one partition already fit as it was', () => {
    // 2,400 RCU of reads: at 3 copies 800 + 19,200 ÷ 14 = 2,171.43 of 2,400 (at 2, 1,200 + 1,342.86 = 2,542.86: over),
    // and two on one partition 1,600 + 1,371.43 − 57.14 = 2,914.29, within 3,000.
    const fix = fixOf(products({ peakReadUnits: 20_000, peakWriteUnits: 500, hotKeyShare: 0.12 }));
    expect(fix).toContain('; or keep N = 3 replicated copies of each `sku` value, written together and read at random');
  });

  it('offers no copies where no count fits two on one partition', () => {
    const fix = fixOf(products({ peakReadUnits: 20_000, peakWriteUnits: 2_000, hotKeyShare: 0.15 }));
    expect(fix).toContain('no shard count serves');
    expect(fix).not.toContain('replicated copies');
  });
});

describe('the count on the partitions counted now, after a warm-throughput lead, passes the same crowd test', () => {
  // A concert on-sale: one event takes 95% of 3,000 WCU on a table counted at 4 partitions.
  const ticketing = table({
    name: 'seat-holds',
    partitionKey: { name: 'eventId', type: 'S', cardinality: 2000 },
    sortKey: { name: 'seatId', type: 'S', cardinality: 60_000 },
    workload: { peakReadUnits: 2000, peakWriteUnits: 3000, hotKeyShare: 0.95 },
    launchAtPeak: true,
    globalSecondaryIndexes: [
      {
        indexName: 'seat-map',
        partitionKeys: [
          { name: 'eventId', type: 'S', cardinality: 2000 },
          { name: 'section', type: 'S', cardinality: 50 },
        ],
        sortKey: { name: 'seatId', type: 'S' },
        projectionType: 'INCLUDE',
        nonKeyAttributes: ['holdStatus'],
        workload: { peakReadUnits: 300_000, peakWriteUnits: 3000, hotKeyShare: 0.05 },
      },
    ],
    accessPatterns: [
      { name: 'hold-seat', keyAttributes: ['eventId', 'seatId'], share: 0.1 },
      { name: 'seat-map', index: 'seat-map', keyAttributes: ['eventId', 'section'], share: 0.9, resultKb: 60 },
    ],
  });

  it('states the 43 shards the plan counts, whose ⌈43 ÷ 4⌉ + 1 = 12 on one partition fit its 1,000 WCU', () => {
    const finding = lint(ticketing).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey');
    expect(finding?.data).toMatchObject({ warmShards: 7, warmFromPartitions: 4, currentShards: 43 });
    expect(finding?.fix).toContain('; or, on the 4 partitions counted now, N = 43 shards, each beside 1/4 of the rest of the load');
    // 2,850 ÷ 43 = 66.28 WCU a shard beside (3,000 − 66.28) ÷ 4 = 733.43: 12 × 66.28 + 733.43 − 42 × 66.28 ÷ 4 = 832.85.
    const [{ design }] = normalize(ticketing).designs;
    const write = new DesignAnalysis(design)
      .of(design.primaryKey)
      .dimensionsAt('calculated', 43)
      .find((d) => d.label === 'write');
    expect(write && hashedPairFits(43, besideNeighbours(write))).toBe(true);
  });
});
