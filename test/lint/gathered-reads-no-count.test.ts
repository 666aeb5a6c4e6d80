/**
 * A value hot by its reads alone, each read of it gathered from every shard (`drivers-in-cell`, 8 KB a read): each
 * shard's Query is charged at least one read unit (half of one for an eventually consistent read), so past 2 shards a
 * shard's reads stop falling, at 2,025 RCU of the value's 4,050 RCU. Two of them hashed onto one partition take 4,050 RCU
 * beside the neighbours' 114.75, past its 3,000 RCU maximum ("Burst and adaptive capacity"), at every count: no shard
 * count serves the reads, so they are the reads no count divides, which call for copies or a cache. The writes need no
 * shards at all; the plan once sharded for them alone, "into N = 1 calculated shards (value#hash(driverId) mod 1)".
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { table } from '../fixtures';

/** Driver positions over 20,000 cells (as in dax-staleness), the hottest cell 15% of the reads and no more of the writes. */
const positions = (): DynamoDbTableDesign =>
  table({
    name: 'driver-positions',
    partitionKey: { name: 'driverCell', type: 'S', cardinality: 20_000 },
    sortKey: { name: 'driverId', type: 'S', cardinality: 400_000 },
    workload: { peakReadUnits: 27_000, peakWriteUnits: 100_000, hotKeyShare: 0.15, hotKeyOperations: 'reads' },
    accessPatterns: [{ name: 'drivers-in-cell', keyAttributes: ['driverCell'], share: 1, resultKb: 8 }],
  });

describe('gathered reads that no shard count serves, two shards on one partition counted', () => {
  it('get replicated copies or a cache, never one shard', () => {
    const finding = lint(positions()).find((f) => f.ruleId === 'SG003') as Finding;
    expect(finding.fix).not.toMatch(/N = 1 /);
    // 3 copies: 1,350 RCU each; two on one of the 600 partitions 2 × 1,350 + (27,000 − 2,700) ÷ 600 = 2,740.5 RCU.
    // 2 copies: 2 × 2,025 = 4,050 RCU, past the maximum.
    expect(finding.fix).toMatch(/^keep N = 3 replicated copies of each `driverCell` value/);
    expect(finding.fix).toContain("that partition then takes 2,740.5 RCU, within the partition's 3,000 RCU maximum");
    expect(finding.fix).toContain('; or put DAX in front of its reads');
    expect(finding.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 3 } }]);
  });
});
