/**
 * autoscale19: a provisioned table with auto scaling has, at its declared peak, the partitions for the capacity auto
 * scaling provisions there, ⌈peak ÷ target utilization⌉ between its minimum and maximum, not for its maximum. DynamoDB
 * creates partitions for the capacity provisioned ("Understanding DynamoDB warm throughput in different scenarios": a
 * partition serves 1,000 WCU and 3,000 RCU; a table "can instantly" serve up to its warm throughput, which rises with
 * the capacity provisioned); target tracking keeps consumed ÷ provisioned at the target ("Managing throughput capacity
 * automatically with DynamoDB auto scaling"), 70% unless set (CDK `Capacity.autoscaled({ targetUtilizationPercent })`).
 * Counted from the maximum, P was too high and the hot key's neighbours too few: a looser verdict than the table gets.
 */
import { lint, normalize, type DesignInput, type DynamoDbKeyDesign, type DynamoDbTableDesign } from '../../lib';
import { dynamoNeighbourModel } from '../../lib/engines';
import { partitionCountText } from '../../lib/internal';

/** The reviewer's prov-0.7.json (/work/try18a/d1): 1,000 WCU of writes, 70% on one `userId`, writes 400–4,000 auto scaled. */
function sessions(extra: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return {
    name: 'sessions',
    billing: 'provisioned',
    partitionKey: { name: 'userId', type: 'S', cardinality: 10_000 },
    workload: { peakReadUnits: 0, peakWriteUnits: 1_000, hotKeyShare: 0.7, hotKeyOperations: 'writes' },
    capacity: { write: { min: 400, max: 4_000 }, read: { fixed: 5 } },
    ...extra,
  };
}

const findings = (design: DynamoDbTableDesign) => lint({ tables: [design] } as DesignInput).map((f) => `${f.ruleId} ${f.severity}`);
const sg003 = (design: DynamoDbTableDesign) => lint({ tables: [design] } as DesignInput).find((f) => f.ruleId === 'SG003');

/** The table's partition count and how it was counted, for its declared peak with nothing of it stored on one key. */
function partitionsOf(design: DynamoDbTableDesign) {
  const key = normalize({ tables: [design] } as DesignInput).designs[0].design as DynamoDbKeyDesign;
  const { partitions, countedBy, peakDividedBy } = dynamoNeighbourModel(key)(undefined, { reads: 0, writes: 1_000 }, { reads: 0, writes: 0 });
  return { partitions, countedBy, peakDividedBy };
}

describe("SG003 counts an auto-scaled table's partitions for the capacity it has at the declared peak", () => {
  // By hand, prov-0.7.json. Writes: auto scaling provisions ⌈1,000 ÷ 0.7⌉ = 1,429 WCU at the peak (between 400 and
  // 4,000); reads: the fixed 5 RCU. P = max(⌈5 ÷ 3,000⌉, ⌈1,429 ÷ 1,000⌉) = max(1, 2) = 2 (from the maximum it was
  // max(1, ⌈4,000 ÷ 1,000⌉) = 4). The hot value: 70% × 1,000 = 700 WCU; its neighbours: the other 300 WCU ÷ 2 = 150;
  // usable 0.8 × 1,000 − 150 = 650 < 700: over, SG003's error (before: 300 ÷ 4 = 75, 800 − 75 = 725 ≥ 700, fits, and only
  // SG014's warning that 70% is above maxHotKeyShare 10%, "saturated when traffic grows 1.03×" = 725 ÷ 700 rounded).
  // Its fix: N = 2 random shards, 350 WCU each beside (1,000 − 350) ÷ 2 = 325: 675 ≤ 800 fits (N = 1 is the 700 over).
  // SG017: 1,000 ≤ 0.8 × 4,000, nothing. SG014 defers to SG003's error on the same key. No other finding.
  it('prov-0.7.json: 2 partitions at the peak, not 4 at the maximum, and the 70% key is over (was a warning only)', () => {
    expect(partitionsOf(sessions())).toEqual({ partitions: 2, countedBy: 'auto-scaling-at-peak', peakDividedBy: 0.7 });
    // warm20: 700 WCU alone fits 800, over only beside its neighbours: a warning (adaptive capacity isolates it), was an error.
    expect(findings(sessions())).toEqual(['SG003 warning']);
    const finding = sg003(sessions());
    expect(finding?.message).toBe(
      "the hottest `userId` value takes 70% (declared) of the writes: 700 WCU writes against a usable 800 WCU (80% of the 1,000 WCU ceiling), less the 150 WCU its neighbours are expected to take (the other 300 WCU of writes ÷ 2 partitions): 650 WCU left; 2 partitions assumed, for the capacity auto scaling provisions at the declared peak (peak ÷ 70% target; 3,000 RCU and 1,000 WCU each); it is over only beside its neighbours: alone it would fit one partition's usable ceiling, but with their expected 150 WCU its partition takes 850 WCU: over the usable line, within the 1,000 WCU one partition serves, so its peak is served on average, but with less than the headroom kept for the seconds above that average, whose excess over the ceiling throttles; under sustained traffic adaptive capacity moves frequently accessed items to partitions of their own, so this is a warning; one item never spans partitions",
    );
    expect(finding?.fix).toMatch(/^shard only the hottest `userId` value, into N = 2 random shards \(value#0…value#1\), and leave every other value as it is/);
  });

  // A minimum of 4,000 WCU keeps 4,000 provisioned at the peak (1,429 is below it): P = 4, 75 WCU beside, 725 ≥ 700 fits.
  it('a minimum above the peak ÷ target keeps P high: 4 partitions, no SG003', () => {
    const floor = sessions({ capacity: { write: { min: 4_000, max: 4_000 }, read: { fixed: 5 } } });
    expect(partitionsOf(floor)).toEqual({ partitions: 4, countedBy: 'auto-scaling-minimum', peakDividedBy: undefined });
    expect(findings(floor)).not.toContain('SG003 error');
  });

  // Partitions never merge: a table once provisioned for 4,000 WCU keeps 4 partitions, which warm throughput declares.
  it('declared warm throughput above it keeps P high: 4 partitions, no SG003', () => {
    const warm = sessions({ warmThroughput: { writeUnitsPerSecond: 4_000 } });
    expect(partitionsOf(warm)).toEqual({ partitions: 4, countedBy: 'declared-warm-throughput', peakDividedBy: undefined });
    expect(findings(warm)).not.toContain('SG003 error');
    // Warm throughput below what auto scaling provisions at the peak changes nothing: it rises with the capacity.
    expect(partitionsOf(sessions({ warmThroughput: { writeUnitsPerSecond: 1_000 } })).partitions).toBe(2);
  });

  // A 25% target provisions ⌈1,000 ÷ 0.25⌉ = 4,000 at the peak (under a 5,000 maximum): 4 partitions, fits as above.
  it('counts with the declared target utilization', () => {
    const low = sessions({ capacity: { write: { min: 400, max: 5_000, targetUtilizationPercent: 25 }, read: { fixed: 5 } } });
    expect(partitionsOf(low)).toEqual({ partitions: 4, countedBy: 'auto-scaling-at-peak', peakDividedBy: 0.25 });
    expect(findings(low)).not.toContain('SG003 error');
  });

  // A maximum of 1,200: the peak is above 0.8 × 1,200 = 960, so SG017 raises it to 1,000 ÷ 0.8 = 1,250, which still caps
  // the 1,429 auto scaling would provision: P = ⌈1,250 ÷ 1,000⌉ = 2, counted for SG017's raise. A maximum of 1,400
  // (1,000 ≤ 1,120: no raise) caps the 1,429: P = 2, for the maximum. One of 1,300 with a 90% target (1,000 ≤ 1,040):
  // ⌈1,000 ÷ 0.9⌉ = 1,112 under it, P = 2, at the peak.
  it("names the capacity the count came from: the maximum where it caps, SG017's raise where that is more", () => {
    const capped = sessions({ capacity: { write: { min: 400, max: 1_200 }, read: { fixed: 5 } } });
    expect(partitionsOf(capped)).toEqual({ partitions: 2, countedBy: 'raised-capacity', peakDividedBy: 0.8 });
    expect(sg003(capped)?.message).toContain('2 partitions assumed, for the capacity SG017 raises it to (peak ÷ 80% headroom; 3,000 RCU and 1,000 WCU each)');
    const atMaximum = sessions({ capacity: { write: { min: 400, max: 1_300, targetUtilizationPercent: 90 }, read: { fixed: 5 } } });
    expect(partitionsOf(atMaximum)).toEqual({ partitions: 2, countedBy: 'auto-scaling-at-peak', peakDividedBy: 0.9 });
    const maximum = sessions({ capacity: { write: { min: 400, max: 1_400 }, read: { fixed: 5 } } });
    expect(partitionsOf(maximum)).toEqual({ partitions: 2, countedBy: 'auto-scaling-maximum', peakDividedBy: undefined });
    expect(sg003(maximum)?.message).toContain(
      '2 partitions assumed, for its auto-scaling maximum, which auto scaling reaches at the declared peak (3,000 RCU and 1,000 WCU each)',
    );
  });

  // Fixed units are the capacity the table has at any load: unchanged, P = ⌈1,430 ÷ 1,000⌉ = 2 (prov-0.75-fixed.json).
  it('fixed capacity counts as before', () => {
    const fixed = sessions({ capacity: { write: { fixed: 1_430 }, read: { fixed: 5 } } });
    expect(partitionsOf(fixed)).toEqual({ partitions: 2, countedBy: 'provisioned-capacity', peakDividedBy: undefined });
  });
});

// One vocabulary: the CDK hot-key alarm's description words the count as SG003 does (the alarm's short form).
describe('partitionCountText: the alarm words of each count', () => {
  it('names the capacity, with the share the peak was divided by where there is one', () => {
    expect(partitionCountText({ countedBy: 'auto-scaling-at-peak', peakDividedBy: 0.7 })).toBe(
      'for the capacity auto scaling provisions at the declared peak (peak ÷ 70% target)',
    );
    expect(partitionCountText({ countedBy: 'raised-capacity', peakDividedBy: 0.8 })).toBe('for the capacity SG017 raises it to (peak ÷ 80% headroom)');
    expect(partitionCountText({ countedBy: 'provisioned-capacity' })).toBe('for its provisioned capacity');
    expect(partitionCountText({ countedBy: 'declared-warm-throughput' })).toBe('for its declared warm throughput');
    expect(partitionCountText({ countedBy: 'twice-the-peak' })).toBe('for twice the declared peak (on demand: AWS publishes no count)');
  });
});
