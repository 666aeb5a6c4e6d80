/**
 * A shard count sized for two keys on one partition (past P, the pigeonhole crowd and one more) meets bigger crowds:
 * the hash places N keys on P partitions like balls in bins. SG003 states how likely the crowd that passes the
 * partition's hard maximum is, and `thresholds.crowdConfidence` (off by default) sizes N for it. A flash sale: 21,000
 * WCU on one event beside 9,000 more on 60 partitions ("Burst and adaptive capacity": a partition past 1,000 WCU
 * throttles, and adaptive capacity isolates hot items only under sustained traffic).
 */
import { applyDesignEdits, lint, type DesignEdit, type DesignInput } from '../../lib';
import { chanceOfCrowd } from '../../lib/design/crowd-chance';

/** A seeded generator (mulberry32), so the simulation is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The share of `trials` placements of `keys` keys on `partitions` partitions that put `crowd` or more on one. */
function simulated(keys: number, partitions: number, crowd: number, trials = 20_000): number {
  const random = seeded(keys * 1_000 + partitions);
  const bins = new Int32Array(partitions);
  let hits = 0;
  for (let t = 0; t < trials; t++) {
    bins.fill(0);
    let most = 0;
    for (let i = 0; i < keys; i++) most = Math.max(most, ++bins[Math.floor(random() * partitions)]);
    if (most >= crowd) hits++;
  }
  return hits / trials;
}

describe('the chance of a crowd (max occupancy of N keys on P partitions)', () => {
  it.each([
    [75, 60, 4, 0.93],
    [80, 60, 4, 0.97],
    [30, 60, 3, 0.6],
    [80, 160, 3, 0.92],
  ])('%i keys on %i partitions put %i or more on one about %f of the time, as simulated', (keys, partitions, crowd, reported) => {
    const chance = chanceOfCrowd(keys, partitions, crowd);
    expect(Math.abs(chance - simulated(keys, partitions, crowd))).toBeLessThanOrEqual(0.03);
    expect(Math.abs(chance - reported)).toBeLessThanOrEqual(0.03);
  });

  it('is exact where it can be counted: 4 keys on 4 partitions put 3 or more on one 52 ÷ 256 of the time', () => {
    // 4 partitions × (C(4,3) × 3 placements of the fourth key elsewhere + 1 with all four) = 52 of 4^4.
    expect(chanceOfCrowd(4, 4, 3)).toBeCloseTo(52 / 256, 12);
    // Two on one: the birthday problem, 1 − 4!/4^4.
    expect(chanceOfCrowd(4, 4, 2)).toBeCloseTo(1 - 24 / 256, 12);
  });

  it('is certain at the pigeonhole crowd, nil past N, and agrees across its two ways at P + 1 and P + 2 keys', () => {
    expect(chanceOfCrowd(75, 60, 2)).toBe(1);
    expect(chanceOfCrowd(5, 60, 6)).toBe(0);
    // N ≤ P + 1 is summed as a series, past it partition by partition: the neighbours of the boundary agree with a simulation.
    for (const keys of [61, 62]) expect(Math.abs(chanceOfCrowd(keys, 60, 3) - simulated(keys, 60, 3))).toBeLessThanOrEqual(0.03);
  });
});

/** The flash sale's seats table with `shards` calculated shards of its hottest event, and thresholds. */
const flashSale = (shards: number, thresholds?: Record<string, number>): DesignInput =>
  ({
    tables: [
      {
        name: 'seats',
        partitionKey: { name: 'eventId', type: 'S', cardinality: 2000 },
        sortKey: { name: 'seatId', type: 'S', cardinality: 120000 },
        billing: 'on-demand',
        workload: { peakReadUnits: 20000, peakWriteUnits: 30000, hotKeyShare: 0.7 },
        globalSecondaryIndexes: [{ indexName: 'by-buyer', partitionKey: { name: 'buyerId', type: 'S', cardinality: 2000000 } }],
        accessPatterns: [
          { name: 'free-seats-of-event', keyAttributes: ['eventId'], share: 0.8, fanOut: true, resultKb: 120000 },
          { name: 'holds-of-buyer', index: 'by-buyer', keyAttributes: ['buyerId'], share: 0.2 },
        ],
        sharding: { strategy: 'calculated', shards, sourceAttribute: 'seatId', hotValues: 1 },
        ...(thresholds ? { thresholds } : {}),
      },
    ],
  }) as DesignInput;

const SHARDS = 'tables[0].sharding.shards';
const sg003 = (design: DesignInput) => lint(design).filter((f) => f.ruleId === 'SG003' && f.path === SHARDS);

// 75 shards of 280 WCU on 60 partitions: beside each, 150 WCU (the other 29,720 WCU ÷ 60, less the 74 siblings' 345.33).
// 3 on one take 3 × 280 + 150 = 990 WCU, within 1,000; 4 take 1,270, and 4 or more share one 93.16% of the time.
const FOUR_OF_75 =
  '4 or more of the 75 shards share one of the 60 partitions 93.16% of the time, and it then takes 1,270 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic';

describe('SG003 says how likely the crowd past the maximum is (crowdConfidence 0, the default)', () => {
  it("75 shards stay clean, as today's rule of thumb (3 on one partition: 990 WCU) sizes them", () => {
    expect(sg003(flashSale(75))).toEqual([]);
  });

  it('33 shards: the fix that raises them to 75 says 4 or more share one 93.16% of the time, at 1,270 WCU', () => {
    const [found] = sg003(flashSale(33));
    expect(found.severity).toBe('error');
    expect(found.fix).toBe(`raise sharding.shards from 33 to N = 75 (calculated on \`seatId\`); ${FOUR_OF_75}`);
  });

  it("69 shards: the warning gives its crowd's chance, and the fix to 75 the next crowd's", () => {
    const [found] = sg003(flashSale(69));
    expect(found.messageId).toBe('hashedPairOver');
    expect(found.message).toContain('and 3 hashed onto one (so many or more share one 99.99% of the time) take 1,063.04 WCU');
    expect(found.fix).toBe(`raise sharding.shards from 69 to 75: 3 of them on one partition then take 990 WCU, within its 1,000 WCU maximum; ${FOUR_OF_75}`);
  });
});

describe('crowdConfidence sizes the count for the crowd past the maximum', () => {
  it('0.9: 75 shards warn, and the fix raises them to 297, whose 13 on one partition gather 9.65% of the time', () => {
    const [found] = sg003(flashSale(75, { crowdConfidence: 0.9, maxShards: 500 }));
    expect(found.messageId).toBe('hashedCrowdOver');
    expect(found.message).toContain(
      'but 4 or more of them share one of its 60 partitions 93.16% of the time, more often than the 10% that crowdConfidence 0.9 allows, and take 1,270 WCU beside its neighbours',
    );
    // 297 shards of 70.71 WCU: 150 WCU beside them; 12 on one take 998.48, 13 take 1,069.19 WCU.
    expect(found.fix).toBe(
      'raise sharding.shards from 75 to 297: 6 of them on one partition then take 574.24 WCU, within its 1,000 WCU maximum; 13 or more of the 297 shards share one of the 60 partitions 9.65% of the time, and it then takes 1,069.19 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic',
    );
    expect(sg003(applyDesignEdits(flashSale(75, { crowdConfidence: 0.9, maxShards: 500 }), found.edits as DesignEdit[]))).toEqual([]);
  });

  it('0.99: the fix raises them to 470', () => {
    const [found] = sg003(flashSale(75, { crowdConfidence: 0.99, maxShards: 500 }));
    expect(found.edits).toEqual([{ op: 'set', path: SHARDS, value: 470 }]);
  });

  it('a crowdConfidence of 1 or more is refused, naming the field', () => {
    expect(() => lint(flashSale(75, { crowdConfidence: 1 }))).toThrow(/crowdConfidence/);
  });
});
