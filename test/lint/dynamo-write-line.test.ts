/**
 * A provisioned DynamoDB table whose declared peak write is exactly 80% of its fixed WCU, with a hot
 * key over 1,000 WCU (60% of 8,000 WCU of writes: 4,800 WCU) whose reads are of one item (60% of 4,000 RCU: 2,400 RCU,
 * over what its partition leaves by themselves). At 79% (10,127 WCU: 11 partitions) the fix was DAX for the reads and
 * shards for the writes; at 80% (10,000 WCU: 10 partitions, the average partition at its 800 WCU usable line) no count
 * fits and the fix fell to "batch the writes and put DAX in front of its reads". DAX writes through (every write reaches
 * the table), so the writes still need partitions: warm throughput, or a raise of the fixed WCU, then shards. At 79% the
 * same levers lead (they cut the 60 shards the 11 partitions leave room for to 12, the fewest two of which on one
 * partition fit its 1,000 WCU maximum), that count following them: the advice
 * keeps its shape across 79/80/81%, its figures moving with the partitions counted now.
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

describe('a provisioned table near 80% of its write capacity keeps its write levers', () => {
  // 80% (10,000 WCU) and 81% (9,877 WCU, judged at the 10,000 SG017 raises it to): the same 10 partitions; 79%
  // (10,127 WCU): 11, where 60 shards fit, a fan-out the levers cut to 12.
  it.each([
    ['79%', 10_127],
    ['80%', 10_000],
    ['81%', 9_877],
  ])('at %s: DAX for the reads, then warm throughput and N = 12 write shards, or a raise to 11,001 WCU and N = 48', (_, writeUnits) => {
    const finding = sg003(meter(writeUnits));
    expect(finding?.fix).not.toMatch(/^no count up to/);
    expect(finding?.fix).toMatch(/^put DAX in front of the reads of the hottest `meterId` value \(/);
    expect(finding?.fix).toMatch(
      /those reads alone \(2,400 RCU\) exceed the usable 2,2\d\d(\.\d\d)? RCU; the reads it answers never reach the partition, but every write does \(DAX writes through to the table\)/,
    );
    // 36 partitions: each of 12 shards 400 WCU beside (8,000 − 400) ÷ 36 = 211.11, and two on one partition 800 + 211.11
    // − 400 ÷ 36 = 1,000 WCU (at 35: 1,005.71). 9 shards left 5% free at 33 (759.6 of 800), but two of them take 1,240
    // WCU even at 40 partitions, two of 11 1,050.9.
    expect(finding?.fix).toMatch(
      /pre-warm the table to 36,000 write units a second \(warmThroughput\): 36 partitions where 1[01] are counted now, the least at which two of N = 12 shards on one partition fit its 1,000 WCU maximum \(1,000 WCU there\).*then shard only the hottest `meterId` value, into N = 12 random shards.*each stored key's 400 WCU beside the 211\.11 WCU/,
    );
    // 11,001 WCU make 12 partitions: 4,800 ÷ 48 = 100 WCU beside (8,000 − 100) ÷ 12 = 658.33, 758.33 of 800; at 47, 760.3.
    expect(finding?.fix).toMatch(
      /; or raise `capacity\.write\.fixed` to 11,001 WCU in place, which DynamoDB serves on 12 partitions .*then shard into N = 48: each stored key's 100 WCU beside the 658\.33 WCU/,
    );
    expect(finding?.fix).toMatch(/; or batch the hottest value's writes before they reach the table/);
    expect(finding?.data).toMatchObject({ shards: 12, warmPartitions: 36, raiseWriteUnits: 11_001, raiseWriteShards: 48 });
    // The cache is no design field: without it the reads stay over, so no edit is offered.
    expect(finding?.edits).toBeUndefined();
    // The next hottest meter (3.2 WCU) is judged on the 36 partitions the fix makes, beside its writes' neighbours there;
    // edits31: so is the most a second meter can take unsharded (7.42% of the 8,000 WCU peak: 593.6 + 7,406.4 ÷ 36 = 799.33
    // of the usable 800), the figure the fix assumes.
    expect(finding?.fix).toMatch(
      /\(the next hottest, at 3\.2 WCU if the other values share the rest evenly, fits unsharded in its partition's usable 800 WCU less its neighbours' expected 222\.13 WCU \(the other 7,996\.8 WCU ÷ 36 partitions, the hottest value's 4,800 WCU among them, in its shards, which the hottest value's own neighbours leave out\): 577\.87 WCU left; this assumes no other value takes more than 7\.42% of the peak, the most one can and still fit unsharded: where one does, shard every value instead; where which value is hot is not known ahead or moves, set `workload\.hotKeyMoves` to true, and the fix shards every value\)/,
    );
  });

  it('at 79% the 60 shards the 11 partitions counted now leave room for follow the levers, as the alternative', () => {
    const finding = sg003(meter(10_127));
    expect(finding?.fix).toMatch(/neighbours that leave room only for N = 60 shards: pre-warm/);
    expect(finding?.fix).toMatch(/; or, on the 11 partitions counted now, N = 60 shards, each beside 1\/11 of the rest of the load/);
    expect(finding?.fix).not.toMatch(/^no shard count serves/);
  });

  it('at 80% no count fits the partitions counted now, so none follows the levers', () => {
    const finding = sg003(meter(10_000));
    expect(finding?.fix).toMatch(/neighbours that leave no shard count room: pre-warm/);
    expect(finding?.fix).not.toMatch(/on the 10 partitions counted now, N = /);
  });

  it('a hot key whose reads fit beside the writes keeps the warm-throughput fix it had', () => {
    // 60% of 400 RCU: 240 RCU of one item, well within its partition: the writes alone are over.
    const finding = sg003(meter(10_000, 400));
    expect(finding?.fix).toMatch(/^pre-warm the table to /);
    expect(finding?.fix).not.toMatch(/put DAX in front of the reads/);
  });
});
