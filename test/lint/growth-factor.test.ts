/**
 * One growth factor per key (stranger's review 7, item 9): SG001's "saturated when traffic grows N×" and SG014's are
 * one figure, the hottest value's usable ceiling over its load (`hotValueGrowth`). A few-valued key spreads its values
 * over partitions, so it saturates when its hottest value does, not when its whole peak outgrows one partition.
 */
import { lint, type Finding } from '../../lib';
import { table } from '../fixtures';

const growth = (findings: Finding[], ruleId: string) => findings.find((f) => f.ruleId === ruleId)?.data?.growthToCeiling;

describe('the growth factor of a few-valued key', () => {
  it("is its hottest value's: a 3-valued status at 10 WCU saturates at 240× (3.33 of 800 WCU), not the whole peak's 80×", () => {
    const findings = lint(table({ partitionKey: { name: 'status', type: 'S', cardinality: 3 }, workload: { peakReadUnits: 0, peakWriteUnits: 10 } }));
    const sg001 = findings.find((f) => f.ruleId === 'SG001');
    expect(sg001?.messageId).toBe('fewValuesFits');
    expect(growth(findings, 'SG001')).toBe(240);
    expect(sg001?.message).toMatch(
      /fits one partition with headroom \(10 of a usable 800 WCU\): fine today; its hottest value \(3\.33 of a usable 800 WCU\) saturates its partition when traffic grows 240×/,
    );
  });

  it('is the same in SG001 and SG014 on one index key (Devices/byFirmware: 60% of 200 WCU, 6.67×, not 4×)', () => {
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
    );
    expect(growth(findings, 'SG001')).toBeCloseTo(800 / 120, 9);
    expect(growth(findings, 'SG014')).toBe(growth(findings, 'SG001'));
    expect(findings.filter((f) => f.ruleId === 'SG001' || f.ruleId === 'SG014').map((f) => f.message)).toEqual([
      expect.stringMatching(/saturates its partition when traffic grows 6\.67×/),
      expect.stringMatching(/saturated when traffic grows 6\.67×/),
    ]);
  });

  it("stays the hottest value's where the whole peak needs several partitions (unchanged: 2,400 ÷ 600 RCU, 4×)", () => {
    const findings = lint(table({ partitionKey: { name: 'region', type: 'S', cardinality: 10 }, workload: { peakReadUnits: 6000, peakWriteUnits: 0 } }));
    expect(findings.find((f) => f.ruleId === 'SG001')?.messageId).toBe('fewValuesEachFits');
    expect(growth(findings, 'SG001')).toBe(4);
  });
});
