import { lint, type CosmosContainerDesign } from '../../../lib';
import { container } from '../../fixtures';

/**
 * An IoT readings container: 5,000 customers → 40,000 farms → 200,000 stations, the largest customer 40% of the load and
 * 2,420 GB of the 6,050; 144,000 RU/s manual, 115,000 RU/s of peak; no full key share declared.
 */
const readings = (customer: Record<string, unknown> = {}): CosmosContainerDesign =>
  container({
    name: 'readings',
    partitionKey: {
      paths: [
        { path: '/customerId', cardinality: 5000, hotKeyShare: 0.4, largestGb: 2420, ...customer },
        { path: '/farmId', cardinality: 40000 },
        { path: '/stationId', cardinality: 200000 },
      ],
    },
    throughput: { manual: 144000 },
    workload: { peakReadUnits: 5000, peakWriteUnits: 110000 },
    storage: { largestPartitionGb: 0.03, totalGb: 6050 },
    accessPatterns: [
      { name: 'station-recent', keyAttributes: ['/customerId', '/farmId', '/stationId'], share: 0.7 },
      { name: 'farm-live', keyAttributes: ['/customerId', '/farmId'], share: 0.3 },
    ],
  });

const fullKeyHot = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths');

describe("a whale first level's share spread over the full key values its data suggests", () => {
  it('spreads the 40% customer over its about 80,000 stations (its 2,420 GB of 6,050), not the average 40: no hot station, no raise', () => {
    // Over the average 40 stations one station took 1% (1,150 RU/s) and the fix raised to 316,300 RU/s.
    const findings = lint(readings());
    expect(findings.filter((f) => f.ruleId === 'SG003')).toEqual([]);
    expect(findings.filter((f) => f.ruleId === 'SG017')).toEqual([]);
  });

  it('keeps a station hot where the whale holds few of them (0.5 GB: about 16 stations): the average 40 stand, 1% each', () => {
    const finding = fullKeyHot(readings({ largestGb: 0.5 }));
    expect(finding?.severity).toBe('error');
    expect(finding?.data).toMatchObject({ share: 0.01 });
    expect(finding?.notes).not.toContain('childrenByData');
  });

  it('says the count it spread over and what replaces the estimate where the whale still makes a station hot (2 GB: about 66 stations)', () => {
    const finding = fullKeyHot(readings({ largestGb: 2 }));
    expect(finding?.data).toMatchObject({ byData: 66, children: 40 });
    expect(finding?.message).toMatch(
      /the estimate spreads the hottest `\/customerId` value's 40% over the about 66 full key values its 2 GB of the container's 6,050 suggest \(the average is 40\)/,
    );
    expect(finding?.message).toMatch(/declare the hottest full key value's own share at `workload\.hotKeyShare` to replace the estimate/);
  });

  it('keeps the average where the container declares no total size', () => {
    const design = readings();
    const finding = fullKeyHot(Object.assign({}, design, { storage: { largestPartitionGb: 0.03 } }));
    expect(finding?.data).toMatchObject({ share: 0.01 });
    expect(finding?.notes).not.toContain('childrenByData');
  });

  it('keeps the average where a deeper level is a time bucket: a large customer has the same days as a small one', () => {
    const design = readings();
    const byDay = Object.assign({}, design, {
      partitionKey: { paths: [design.partitionKey.paths[0], { path: '/day', cardinality: 3_650_000, kind: 'time-bucket' as const }] },
    });
    // 3,650,000 ÷ 5,000 = 730 days a customer: 40% ÷ 730 = 0.0548% each, where by its data (40% of the days) it was 0.0001%.
    const finding = fullKeyHot(byDay);
    expect(finding?.notes ?? []).not.toContain('childrenByData');
    expect(finding?.data?.share).toBeCloseTo(0.4 / 730, 6);
  });
});
