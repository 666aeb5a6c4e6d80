/**
 * One growth factor per key (stranger's review 7, item 9): SG001's "saturated when traffic grows N×" and SG014's are
 * one figure, the hottest value's usable ceiling over its load (`hotValueGrowth`). A few-valued key spreads its values
 * over partitions, so it saturates when its hottest value does, not when its whole peak outgrows one partition.
 * On DynamoDB the hottest value's partition also carries its neighbours (the rest of the peak ÷ P, P counted for twice
 * the peak on demand), which grow with it: the factor is (usable + neighbours) ÷ (load + neighbours), at today's P. Where
 * P is 1 every value shares that partition, and the factor is the whole peak's.
 */
import { lint, type Finding } from '../../lib';
import { table } from '../fixtures';

const growth = (findings: Finding[], ruleId: string) => findings.find((f) => f.ruleId === ruleId)?.data?.growthToCeiling;

describe('the growth factor of a few-valued key', () => {
  // 4 partitions: twice the peak (20 WCU) needs one, a new on-demand table's warm 12,000 RCU / 4,000 WCU four; the other
  // values' 6.67 WCU ÷ 4 = 1.67 share its partition, so 800 ÷ (3.33 + 1.67) = 160× (alone, 240×).
  it("is its hottest value's, beside the values sharing its partition: a 3-valued status at 10 WCU saturates at 160×", () => {
    const findings = lint(table({ partitionKey: { name: 'status', type: 'S', cardinality: 3 }, workload: { peakReadUnits: 0, peakWriteUnits: 10 } }));
    const sg001 = findings.find((f) => f.ruleId === 'SG001');
    expect(sg001?.messageId).toBe('fewValuesFits');
    expect(growth(findings, 'SG001')).toBe(160);
    expect(sg001?.message).toMatch(
      /fits one partition with headroom \(10 of a usable 800 WCU\): fine today; its hottest value \(3\.33 of the 798\.33 WCU its neighbours leave of a usable 800\) saturates its partition when traffic grows 160×/,
    );
  });

  // The index's 4 partitions (twice 200 WCU and its reads need one, a new on-demand index's warm throughput four): the
  // hottest version's 120 WCU beside 80 ÷ 4 = 20, so 800 ÷ 140 = 5.71×. SG014 warns of a 60% share only where 5.71× × 60%
  // = 3.43 is short of minGrowthHeadroom (at the default 1.5 the whole index's peak, grown, fits: no share to warn of).
  it('is the same in SG001 and SG014 on one index key (Devices/byFirmware: 60% of 200 WCU beside 1/4 of the rest, 5.71×)', () => {
    const findings = lint(
      table({
        name: 'Devices',
        partitionKey: { name: 'deviceId', type: 'S', cardinality: 200_000 },
        workload: { peakReadUnits: 100, peakWriteUnits: 200 },
        globalSecondaryIndexes: [
          {
            indexName: 'byFirmware',
            partitionKey: { name: 'firmwareVersion', type: 'S', cardinality: 40, mutable: false },
            workload: { hotKeyShare: 0.6 },
          },
        ],
      }),
      { thresholds: { minGrowthHeadroom: 4 } },
    );
    expect(growth(findings, 'SG001')).toBeCloseTo(800 / 140, 9);
    expect(growth(findings, 'SG014')).toBe(growth(findings, 'SG001'));
    expect(findings.filter((f) => f.ruleId === 'SG001' || f.ruleId === 'SG014').map((f) => f.message)).toEqual([
      expect.stringMatching(/saturates its partition when traffic grows 5.71×/),
      expect.stringMatching(/saturated when traffic grows 5.71×/),
    ]);
  });

  // 4 partitions (twice 6,000 RCU): 600 + 5,400 ÷ 4 = 1,950 on its partition, 2,400 ÷ 1,950 = 1.23× (alone, 4×).
  it("stays the hottest value's where the whole peak needs several partitions, beside its neighbours: 2,400 ÷ 1,950 RCU, 1.23×", () => {
    const findings = lint(table({ partitionKey: { name: 'region', type: 'S', cardinality: 10 }, workload: { peakReadUnits: 6000, peakWriteUnits: 0 } }));
    expect(findings.find((f) => f.ruleId === 'SG001')?.messageId).toBe('fewValuesEachFits');
    expect(growth(findings, 'SG001')).toBe(1.23076923077);
  });
});

describe('a few-valued key at its usable ceiling (review 18, one-b.json)', () => {
  // 5 statuses, 0.2 declared (the uniform share). On demand, P = max(⌈12,000 ÷ 3,000⌉, ⌈4,000 ÷ 1,000⌉, 4) = 4:
  // writes 400 + (2,000 − 400) ÷ 4 = 800 of a usable 800, reads 1,200 + 4,800 ÷ 4 = 2,400 of 2,400: growth 1.
  const findings = lint(
    table({ partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 6000, peakWriteUnits: 2000, hotKeyShare: 0.2 } }),
  );
  const sg001 = findings.find((f) => f.ruleId === 'SG001');

  it('says "no growth left", as the README promises, not "saturated when traffic grows 1×"', () => {
    expect(sg001?.messageId).toBe('fewValuesEachFitsAtCeiling');
    expect(sg001?.message).toMatch(/fine today, but at its usable ceiling with no growth left/);
    expect(sg001?.message).not.toMatch(/grows 1×/);
    expect(sg001?.fix).toMatch(/now, before traffic grows at all$/);
  });

  it('does not ask to declare workload.hotKeyShare when it is declared (at the uniform share)', () => {
    expect(sg001?.message).not.toContain('declare the hottest value');
    expect(sg001?.notes ?? []).not.toContain('uniformStatusShare');
  });
});
