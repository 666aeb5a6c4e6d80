/**
 * verdict22 item 3: a provisioned DynamoDB table whose declared peak write is exactly 80% of its fixed WCU, with a hot
 * key over 1,000 WCU (60% of 8,000 WCU of writes: 4,800 WCU) whose reads are of one item (60% of 4,000 RCU: 2,400 RCU,
 * over what its partition leaves by themselves). At 79% (10,127 WCU: 11 partitions) the fix was DAX for the reads and
 * shards for the writes; at 80% (10,000 WCU: 10 partitions, the average partition at its 800 WCU usable line) no count
 * fits and the fix fell to "batch the writes and put DAX in front of its reads". DAX writes through (every write reaches
 * the table), so the writes still need partitions: warm throughput, or a raise of the fixed WCU, then shards.
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';

const meter = (writeUnits: number, readUnits = 4_000): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'meter',
  partitionKey: { name: 'meterId', type: 'S', cardinality: 1000 },
  billing: 'provisioned',
  workload: { peakReadUnits: readUnits, peakWriteUnits: 8_000, hotKeyShare: 0.6 },
  capacity: { read: { fixed: 8_000 }, write: { fixed: writeUnits } },
});
const sg003 = (design: DynamoDbTableDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003');

describe('a provisioned table at exactly 80% of its write capacity keeps its write levers (verdict22 item 3)', () => {
  // 80% (10,000 WCU) and 81% (9,877 WCU, judged at the 10,000 SG017 raises it to): the same 10 partitions.
  it.each([
    ['80%', 10_000],
    ['81%', 9_877],
  ])('at %s: DAX for the reads, then warm throughput and N = 9 write shards, or a raise to 11,001 WCU and N = 48', (_, writeUnits) => {
    const finding = sg003(meter(writeUnits));
    expect(finding?.fix).not.toMatch(/^no count up to/);
    expect(finding?.fix).toMatch(/^put DAX in front of the reads of the hottest `meterId` value \(/);
    expect(finding?.fix).toMatch(
      /those reads alone \(2,400 RCU\) exceed the usable 2,240 RCU; the reads it answers never reach the partition, but every write does \(DAX writes through to the table\)/,
    );
    // 33 partitions: each of 9 shards 533.33 WCU beside (8,000 − 533.33) ÷ 33 = 226.26, 759.6 of 800 (5% free: 760).
    expect(finding?.fix).toMatch(
      /pre-warm the table to 33,000 write units a second \(warmThroughput\): 33 partitions where 10 are counted now.*then shard `meterId` into N = 9 random shards.*each stored key's 533\.33 WCU beside the 226\.26 WCU/,
    );
    // 11,001 WCU make 12 partitions: 4,800 ÷ 48 = 100 WCU beside (8,000 − 100) ÷ 12 = 658.33, 758.33 of 800; at 47, 760.3.
    expect(finding?.fix).toMatch(
      /; or raise `capacity\.write\.fixed` to 11,001 WCU in place, which DynamoDB serves on 12 partitions .*then shard into N = 48: each stored key's 100 WCU beside the 658\.33 WCU/,
    );
    expect(finding?.fix).toMatch(/; or batch the hottest value's writes before they reach the table/);
    expect(finding?.data).toMatchObject({ shards: 9, warmPartitions: 33, raiseWriteUnits: 11_001, raiseWriteShards: 48 });
    // The cache is no design field: without it the reads stay over, so no edit is offered.
    expect(finding?.edits).toBeUndefined();
  });

  it('at 79% (10,127 WCU, 11 partitions) the fix is as before: DAX, and shards of the hottest value for its writes', () => {
    const finding = sg003(meter(10_127));
    expect(finding?.fix).toMatch(/^no shard count serves: the reads of one item stay on the one shard that holds it/);
    expect(finding?.fix).toMatch(
      /its writes \(4,800 WCU\) are over the usable 509\.09 WCU by themselves: shard only the hottest `meterId` value, into N = 60 random shards/,
    );
  });

  it('a hot key whose reads fit beside the writes keeps the warm-throughput fix it had', () => {
    // 60% of 400 RCU: 240 RCU of one item, well within its partition: the writes alone are over.
    const finding = sg003(meter(10_000, 400));
    expect(finding?.fix).toMatch(/^pre-warm the table to /);
    expect(finding?.fix).not.toMatch(/put DAX in front of the reads/);
  });
});
