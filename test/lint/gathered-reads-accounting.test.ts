/**
 * reads31: one accounting for a DynamoDB read gathered from N write shards (lib/design/gathered-read-share.ts). Each
 * shard's Query is charged its items' sizes summed, rounded up to 4 KB, at least one read unit, even when it returns
 * nothing (AWS, "Capacity unit consumption for read operations"; API reference, Query). SG003's shard plan charged a
 * whole-collection read that way (readhot30); SG017's read peak counted it once whatever its declared `resultKb`, and
 * `shardsFor()` divided it 1/N; and the plan judged which reads find one shard by a source it might then not choose.
 */
import { lint, normalize, shardsFor, type AccessPatternDesign, type DynamoDbTableDesign, type Finding } from '../../lib';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { readRequests } from '../../lib/lint/read-requests';

/** 200 depots, the busiest at 30%, 8 random shards (its writes need them), every read of a depot gathered from all 8. */
const depots = (pattern: Partial<AccessPatternDesign> = {}, readCapacity = 20_000): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'parcels',
  partitionKey: { name: 'depotId', type: 'S', cardinality: 200 },
  sortKey: { name: 'parcelId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 3_000, peakWriteUnits: 6_000, hotKeyShare: 0.3 },
  billing: 'provisioned',
  capacity: { read: { fixed: readCapacity }, write: { fixed: 10_000 } },
  sharding: { strategy: 'random', shards: 8 },
  accessPatterns: [{ name: 'parcels-of-depot', keyAttributes: ['depotId'], share: 1, fanOut: true, ...pattern }],
});

const readsOf = (input: DynamoDbTableDesign) => {
  const { design } = normalize(input).designs[0];
  return readRequests(new DesignAnalysis(design).of(design.primaryKey));
};
const sg017Reads = (input: DynamoDbTableDesign): Finding | undefined => lint(input).find((f) => f.ruleId === 'SG017' && f.path === 'capacity.read.fixed');

describe('SG017 charges a gathered whole-collection read as the shard plan does', () => {
  it('a result of 4 KB or less costs a read unit on each of the 8 shards: 24,000 RCU, over 20,000 (main: 3,000)', () => {
    expect(readsOf(depots({ resultKb: 2 }))).toMatchObject({
      units: 24_000,
      logical: 3_000,
      fanOut: { patterns: ['parcels-of-depot'], shards: 8 },
    });
    expect(readsOf(depots({ resultKb: 2 })).fanOut).not.toHaveProperty('sized');
    const finding = sg017Reads(depots({ resultKb: 2 }));
    expect(finding).toMatchObject({
      severity: 'error',
      messageId: 'fixedBelowPeak',
      data: { peak: 24_000, fanOutShards: 8, fanOutPatterns: ['parcels-of-depot'] },
    });
    expect(finding?.message).toContain(
      "`parcels-of-depot` (100% of the 3,000 RCU of reads) query all 8 shards for every read, each charged at least one read unit (half of one for an eventually consistent read, as the peak's read units are)",
    );
  });

  it('a 10 KB result costs each shard ⌈10 ÷ 8 ÷ 4⌉ = 1 of its 3 units: 8,000 RCU, within 9,000 but past its 80% headroom', () => {
    expect(readsOf(depots({ resultKb: 10 })).units).toBeCloseTo(8_000, 6);
    const finding = sg017Reads(depots({ resultKb: 10 }, 9_000));
    expect(finding).toMatchObject({ severity: 'warning', messageId: 'withinHeadroom', data: { fanOutSized: ['parcels-of-depot'] } });
    expect(finding?.data?.peak).toBeCloseTo(8_000, 6);
    expect(finding?.message).toContain('; for `parcels-of-depot`, its part of the declared resultKb, rounded up to 4 KB');
  });

  it('stays quiet where the shards divide the result: 64 KB over 8 is 2 units each of 16, or no size declared (1/N assumed)', () => {
    for (const pattern of [{ resultKb: 64 }, {}]) {
      expect(readsOf(depots(pattern))).toMatchObject({ units: 3_000, logical: 3_000 });
      expect(readsOf(depots(pattern))).not.toHaveProperty('fanOut');
      expect(sg017Reads(depots(pattern, 9_000))).toBeUndefined();
    }
    // reads32: the undeclared size is named as the assumption it counts once on (SG017 says so where it fires).
    expect(readsOf(depots({ resultKb: 64 }))).not.toHaveProperty('assumed');
    expect(readsOf(depots({})).assumed).toEqual({ patterns: ['parcels-of-depot'], shards: 8 });
  });
});

describe('shardsFor({ itemCollection: true, resultKb }) charges each shard as SG003 does', () => {
  it('sizes N on what each shard is charged: 64 KB reads need 16 shards (1 of 16 units each), not the 12 an even split gives', () => {
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 12_000 })).toBe(12);
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 12_000, resultKb: 64 })).toBe(16);
  });

  it('refuses a count where every shard is charged each read in full, saying why and pointing to copies', () => {
    expect(() => shardsFor({ engine: 'dynamodb', peakReadUnits: 12_000, resultKb: 2 })).toThrow(
      "a read of 2 KB queries every shard and costs each at least one read unit (half of one for an eventually consistent read, as the peak's read units are), all it cost unsharded; replicated copies (replicasFor()) are read one at a time",
    );
    // The writes alone still size shards where reads are light.
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 100, peakWriteUnits: 20_000, resultKb: 2 })).toBe(65);
  });

  it.each([
    [{ resultKb: Number.NaN }, 'resultKb: expected a finite number > 0, got NaN'],
    [{ resultKb: 0 }, 'resultKb: expected a finite number > 0, got 0'],
    [{ resultKb: -3 }, 'resultKb: expected a finite number > 0, got -3'],
    [{ resultKb: 8, itemCollection: false }, 'resultKb: is the size of a read of many items, but itemCollection is false'],
  ])('names resultKb in the error for %p', (options, message) => {
    expect(() => shardsFor({ engine: 'dynamodb', peakReadUnits: 12_000, ...options })).toThrow(message);
  });

  it("refuses resultKb on Cosmos DB, whose shards divide a value's reads as the documents they hold (SG017 counts each query's floor)", () => {
    expect(() => shardsFor({ engine: 'cosmosdb', peakReadUnits: 12_000, resultKb: 8 })).toThrow(
      "resultKb: applies to DynamoDB only here (its Query is charged per 4 KB, at least one read unit, per request, which sets each shard's part of a value's reads); a Cosmos DB key's shards divide its reads as the documents they hold, and the lint (SG017) counts each shard's query on the container's RU/s: remove it",
    );
  });
});

/** A depot read 2 KB at a time by zone, calculated-sharded on `zoneId` (4 values): a read of one zone finds its shard. */
const zones = (sharding: DynamoDbTableDesign['sharding'], pattern: Partial<AccessPatternDesign> = {}): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'parcels',
  partitionKey: { name: 'depotId', type: 'S', cardinality: 200 },
  sortKey: { name: 'parcelId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 20_000, peakWriteUnits: 1_000, hotKeyShare: 0.6 },
  sharding,
  accessPatterns: [{ name: 'parcels-of-zone', keyAttributes: ['depotId', 'zoneId'], share: 1, resultKb: 2, ...pattern }],
});
const sg003 = (input: DynamoDbTableDesign): Finding | undefined => lint(input).find((f) => f.ruleId === 'SG003');

describe("the read cost follows the shard source the sharding hashes, or the plan's fix would", () => {
  it('judges a declared calculated sharding by its declared source, even one that cannot spread the writes', () => {
    // `score` changes on updates, so a fix would hash `parcelId`; the declared layout hashes `score`, and a read giving
    // `parcelId` without `score` queries every shard: 2 KB each, every shard charged in full (main: 1/N, as on `parcelId`).
    const declared = zones({ strategy: 'calculated', shards: 6, sourceAttribute: 'score', sourceMutable: true }, { keyAttributes: ['depotId', 'parcelId'] });
    expect(sg003(declared)?.data).toMatchObject({ readLoad: 12_000, readPerKey: 12_000, declaredShards: 6 });
  });

  it('offers no calculated count on a source the count it needs rules out: a zone read then gathers every shard', () => {
    // Judged on `zoneId` (a read of one zone on one shard) the reads need 12 shards; `zoneId` cannot fill 12, so the fix
    // would hash `parcelId`, under which each 2 KB read of a zone costs all 12 shards in full (main: N = 12 on `parcelId`).
    // No count of copies serves either: each copy takes all 600 WCU of the value's writes, so two on one partition take
    // 1,200 WCU, past its 1,000 WCU maximum, at any count and any warm throughput (was: 40 partitions and 7 copies,
    // whose pair took 1,614.29 WCU). The cache, and the reason write shards would not serve.
    const finding = sg003(zones({ strategy: 'calculated', shards: 2, sourceAttribute: 'zoneId', sourceCardinality: 4 }));
    expect(finding?.data).toMatchObject({ gatheredPatterns: ['parcels-of-zone'] });
    expect(finding?.data).not.toHaveProperty('warmPartitions');
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toMatch(
      /^no count up to 1,000 keeps the hottest `depotId` value under its ceiling: put DAX in front of the reads of the hottest `depotId` value/,
    );
    expect(finding?.fix).toContain(
      'write shards would not serve it either: every read of the hottest `depotId` value by `parcels-of-zone` queries all the shards',
    );
    expect(finding?.fix).not.toContain('calculated shards on `parcelId`');
  });

  it('stays quiet where the source fills the shards: 4 zones, 4 shards, each read of a zone on one shard', () => {
    const fitting = zones({ strategy: 'calculated', shards: 4, sourceAttribute: 'zoneId', sourceCardinality: 4 });
    expect(sg003({ ...fitting, workload: { peakReadUnits: 8_000, peakWriteUnits: 1_000, hotKeyShare: 0.6 } })).toBeUndefined();
  });
});

describe('reads32: SG017 says what it assumes where it counts a fan-out with no resultKb once', () => {
  it('names the patterns, the shards and the assumption, in the words SG003 uses', () => {
    const finding = sg017Reads(depots({}, 3_000));
    expect(finding).toMatchObject({ severity: 'warning', data: { peak: 3_000, assumedPatterns: ['parcels-of-depot'], assumedShards: 8 } });
    expect(finding?.message).toContain(
      "; it counts the fan-out of `parcels-of-depot` over its N = 8 shards once, as the shards divide it: that read peak assumes each read of a `depotId` value by `parcels-of-depot` returns over N × 4 KB, as each shard's Query is charged at least one read unit (half of one for an eventually consistent read, as the peak's read units are); declare resultKb on it if less",
    );
  });

  it('stays quiet about it where resultKb is declared', () => {
    const finding = sg017Reads(depots({ resultKb: 64 }, 3_000));
    expect(finding?.data?.peak).toBe(3_000);
    expect(finding?.data).not.toHaveProperty('assumedPatterns');
    expect(finding?.message).not.toContain('assumes');
  });
});

describe("reads32: the fix's words follow the judgement of the source the plan finally chose", () => {
  // Declared on `zoneId` (4 values), a zone read finds one shard; the 12 shards the reads need rule `zoneId` out, and on
  // `parcelId` the same read gathers from every shard, divided 1/N only where each is taken to be over N × 4 KB.
  const unsized = (pattern: Partial<AccessPatternDesign> = {}) =>
    zones({ strategy: 'calculated', shards: 2, sourceAttribute: 'zoneId', sourceCardinality: 4 }, { resultKb: undefined, ...pattern });

  // 12,000 RCU on 14 partitions: at 15 shards (past P, three on one partition) 3 × 800 + (20,000 − 800) ÷ 14 − 14 × 800 ÷ 14
  // = 2,971.43 RCU, within 3,000; at 14, 2 × 857.14 + 1,367.35 − 61.22 = 3,020.41, over. The 15 hash evenly over the 14,
  // two of them on one within its usable 2,400 RCU (2,171.43), so no hash clause follows (clauseB32's joined sentence:
  // gathered-reads, hashed-keys).
  it('a zone read gathers on the `parcelId` chosen at 15 shards: the count says it assumes (main: judged on `zoneId`, silent)', () => {
    const finding = sg003(unsized());
    expect(finding?.data).toMatchObject({ strategy: 'calculated', shards: 15, sourceAttribute: 'parcelId', assumedPatterns: ['parcels-of-zone'] });
    expect(finding?.fix).toContain(
      "N = 15 assumes each read of a `depotId` value by `parcels-of-zone` returns over N × 4 KB, as each shard's Query is charged at least one read unit (half of one for an eventually consistent read, as the peak's read units are); declare resultKb on it if less; --fix writes none of this until resultKb is declared on `parcels-of-zone`",
    );
  });

  it('assumes nothing where the zone read declares its size: 64 KB over 12 shards', () => {
    const finding = sg003(unsized({ resultKb: 64 }));
    expect(finding?.data).toMatchObject({ sourceAttribute: 'parcelId' });
    expect(finding?.data).not.toHaveProperty('assumedPatterns');
    expect(finding?.fix).not.toContain('assumes each read');
  });
});
