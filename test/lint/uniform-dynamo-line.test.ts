/**
 * A uniform DynamoDB key on a provisioned table at exactly peak ÷ headroom (the capacity SG017's own fix writes): every
 * partition averages its usable ceiling, and each value's own bias above that average (one value's load × (1 − 1/P))
 * is no hot key. Judged at the average partition where the partitions' loads keep within 5% of it (values ≥ 400 ×
 * (P − 1)); a few values, or a key with a whale, keep the expectation (each other value beside it with probability 1/P),
 * reported where the value's partition sits 1% or more of the usable ceiling above the average one (keyOverOnlyByCapacity).
 * A uniform key (no share declared) judged on the expectation and over only by hashing's spread at the line, its
 * partition within the 1,000 WCU, is the table's capacity too, on both engines (keyOverOnlyBySpread, cap26).
 */
import { lint, type DynamoDbTableDesign } from '../../lib';

const events = (cardinality: number, writeUnits = 10_000, hotKeyShare?: number): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'events',
  partitionKey: { name: 'deviceId', type: 'S', cardinality },
  billing: 'provisioned',
  workload: { peakReadUnits: 4_000, peakWriteUnits: 8_000, ...(hotKeyShare !== undefined ? { hotKeyShare } : {}) },
  capacity: { read: { fixed: 8_000 }, write: { fixed: writeUnits } },
});
const sg003 = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG003');

describe('a uniform DynamoDB key at its provisioned line', () => {
  it('100,000 values of 0.08 WCU at 10,000 WCU (8,000 ÷ 0.8, 10 partitions) are no hot key: no SG003, no pre-warm', () => {
    // Was a warning: "0.01 WCU left" beside 799.99 WCU of neighbours, "pre-warm the table to 11,000 write units".
    expect(sg003(events(100_000))).toBeUndefined();
  });

  it('nor with SG017 below the line (9,000 WCU): judged at the 10,000 SG017 raises it to', () => {
    expect(sg003(events(100_000, 9_000))).toBeUndefined();
  });

  it('3,000 values on 10 partitions (fewer than 400 × 9) keep the expectation, but 2.4 WCU above the average partition is the capacity’s (cap25)', () => {
    // 2.67 WCU each beside (8,000 − 2.67) ÷ 10 = 799.73: over by 2.4 WCU at the line, 0.3% of the usable 800, within
    // the 1% by which a value's partition may sit above the average one and be the table's capacity alone (as on Cosmos
    // DB, keyOverOnlyByCapacity). Was an SG003 warning ("2.67 WCU writes against a usable 800 WCU … less the 799.73 WCU").
    expect(sg003(events(3_000))).toBeUndefined();
  });

  it('500 values on 10 partitions: judged on the expectation, 814.4 WCU within the partition’s 1,000, over only by the table’s capacity: no SG003 (cap26)', () => {
    // Was an SG003 warning ("16 WCU writes against a usable 800 WCU … less the 798.4 WCU its neighbours", fix: 8 random
    // shards). Every value is alike and the average partition fills its usable 800: hashing's spread at the capacity
    // line, which adaptive capacity serves up to the partition's maximum ("Burst and adaptive capacity"), as Cosmos DB
    // leaves the same to SG017 (overOnlyBySpread).
    expect(sg003(events(500))).toBeUndefined();
    expect(lint(events(500))).toEqual([]);
  });

  it('100 values of 80 WCU (872 WCU expected on the partition): no SG003 either; below the line, SG017 alone (cap26)', () => {
    expect(sg003(events(100))).toBeUndefined();
    expect(lint(events(100, 9_000)).map((f) => f.ruleId)).toEqual(['SG017']);
  });

  it('a uniform key too coarse for its partitions keeps SG003: 120 values on 40 partitions expect 1,060 WCU, past the 1,000 (cap26)', () => {
    const coarse = { ...events(120, 40_000), workload: { peakReadUnits: 4_000, peakWriteUnits: 32_000 } };
    expect(sg003(coarse)?.message).toMatch(/266\.67 WCU writes against a usable 800 WCU .* less the 793\.33 WCU its neighbours/);
  });

  it('a uniform key with room on the average partition keeps SG003: on demand, 150 values of 440 WCU beside 493 (cap26)', () => {
    // Not the capacity: the average partition (496.7 WCU, P counted for twice the peak) has room; the value's own weight is the cause.
    const onDemand: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'events',
      partitionKey: { name: 'customerId', type: 'S', cardinality: 150 },
      workload: { peakReadUnits: 1_000, peakWriteUnits: 66_000 },
    };
    expect(sg003(onDemand)?.severity).toBe('warning');
  });

  it('a key with a whale keeps the expectation for every value (its partitions are no average)', () => {
    expect(sg003(events(100_000, 10_000, 0.6))?.message).toMatch(/4,800 WCU writes/);
  });
});

describe('a cold key on a DynamoDB table launched at its warm throughput', () => {
  // 8,000 symbols at 20,000 WCU, pre-warmed to exactly that peak: SG017 counts the 25 partitions its raise (peak ÷ 80%)
  // makes, each averaging its usable 800 WCU. The partitions are full because the table is, not because of a symbol.
  const quotes = (hotKeyShare?: number): DynamoDbTableDesign => ({
    engine: 'dynamodb',
    name: 'quotes',
    partitionKey: { name: 'symbol', type: 'S', cardinality: 8_000 },
    workload: { peakReadUnits: 6_000, peakWriteUnits: 20_000, ...(hotKeyShare !== undefined ? { hotKeyShare } : {}) },
    launchAtPeak: true,
    warmThroughput: { writeUnitsPerSecond: 20_000, readUnitsPerSecond: 12_000 },
  });

  it('a declared 0.05% (10 WCU beside 799.6, 9.6 WCU above the average partition) is no hot key: SG017 alone, a warning', () => {
    // Was an SG003 error ("10 WCU writes against a usable 800 WCU … less the 799.6 WCU its neighbours … 0.4 WCU left"),
    // past the 1% (8 WCU) a value's partition could sit above the average one. Within 5% (40 WCU), the band that puts the
    // average at the line: adaptive capacity serves a partition up to its 1,000 WCU while the table's total holds
    // ("Burst and adaptive capacity"). SG017 stays a warning: the warm throughput is what the table serves at once
    // ("Understanding DynamoDB warm throughput"), so a launch at exactly it is served, with no room for a burst.
    const findings = lint(quotes(0.0005));
    expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([['SG017', 'warning']]);
  });

  it('the same as with no share declared (2.5 WCU a symbol)', () => {
    expect(lint(quotes()).map((f) => [f.ruleId, f.severity])).toEqual([['SG017', 'warning']]);
  });

  it('SG017 pre-warms for the peak alone, as with no share declared: 25,000 WCU, not 27,000 for a symbol that needs none', () => {
    // Was "set warmThroughput to { readUnitsPerSecond: 12,000, writeUnitsPerSecond: 27,000 }, the warm throughput the fix
    // for its hottest `symbol` value sets": the pre-warm of an SG003 finding no longer made.
    const fixes = [quotes(0.0005), quotes()].map((design) => lint(design).find((f) => f.ruleId === 'SG017')?.fix);
    expect(fixes[0]).toMatch(/set warmThroughput to \{ readUnitsPerSecond: 12,000, writeUnitsPerSecond: 25,000 \}/);
    expect(fixes[0]).toBe(fixes[1]);
  });

  it('a symbol that lifts its partition more than 5% of the usable above the average keeps SG003: 50 WCU beside 798, 48 above', () => {
    // An error, not adaptive capacity's warning: at a launch the value meets its neighbours before any rebalancing.
    const hit = sg003Of(quotes(0.0025));
    expect(hit?.severity).toBe('error');
    expect(hit?.fix).toMatch(/^pre-warm the table to [\d,]+ write units a second \(warmThroughput\)/);
  });

  it('a symbol that takes its partition past the 1,000 WCU keeps SG003: 250 WCU beside 790', () => {
    expect(sg003Of(quotes(0.0125))?.message).toMatch(/250 WCU writes against a usable 800 WCU/);
  });

  it('a symbol heavier than the average partition keeps SG003: 1,000 WCU against 800', () => {
    expect(sg003Of(quotes(0.05))?.severity).toBe('error');
  });
});

function sg003Of(design: DynamoDbTableDesign) {
  return lint(design).find((f) => f.ruleId === 'SG003');
}
