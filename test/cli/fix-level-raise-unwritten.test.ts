/**
 * --fix writes no raise sized for a key plan it does not write. A dating app's swipes (Cosmos DB), keyed `/cityId` →
 * `/swipeDate` on 80,000 manual RU/s, the hottest city a quarter of 77,000 RU/s of peak: the first level's fix (SG003 at
 * `partitionKey.paths[0]`) raises to 122,000 RU/s and then buckets `/cityId` into a synthetic first level, a new
 * partition key that no edit writes. SG017 carried that 122,000 and --fix wrote it alone, so every error stayed and the
 * container paid for a layout it never got. SG017 now raises for the peak as the container is (77,000 ÷ 0.8 = 96,250 →
 * 96,300 RU/s), and a second --fix writes nothing. Where the first level's raise serves its hottest value as it is
 * (its own finding writes that raise), SG017 still carries it, so one --fix raises once.
 */
import { lint, type CosmosContainerDesign, type DesignInput } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const swipes: CosmosContainerDesign = {
  name: 'swipes',
  partitionKey: {
    paths: [
      { path: '/cityId', cardinality: 500, hotKeyShare: 0.25 },
      { path: '/swipeDate', cardinality: 365, kind: 'time-bucket' },
    ],
  },
  throughput: { manual: 80000 },
  workload: { peakReadUnits: 8000, peakWriteUnits: 69000 },
  storage: { largestPartitionGb: 25, totalGb: 5400 },
  accessPatterns: [
    { name: 'did-they-swipe-me', keyAttributes: ['/cityId', '/swipeDate'], share: 0.9 },
    { name: 'daily-city-analytics', keyAttributes: ['/cityId'], share: 0.1 },
  ],
};

const text = `${JSON.stringify({ containers: [swipes] }, null, 2)}\n`;

describe("--fix raises a hierarchical key's container for its peak where the first level's buckets are not written", () => {
  it("SG017 asks 96,300 RU/s, not the 122,000 the first level's unwritten buckets need", () => {
    const findings = lint({ containers: [swipes] } as DesignInput);
    const level = findings.find((f) => f.ruleId === 'SG003' && f.path === 'containers[0].partitionKey.paths[0]');
    // The first level's plan: the raise, then a synthetic `/cityIdBucket`, which carries no edit.
    expect(level?.fix).toContain("raise the container's throughput in place to 122,000 RU/s");
    expect(level?.fix).toContain('a synthetic first level `/cityIdBucket`');
    expect(level?.edits).toBeUndefined();
    const sg017 = findings.find((f) => f.ruleId === 'SG017');
    expect(sg017?.data).toMatchObject({ needed: 96_300 });
    expect(sg017?.data?.keyRaiseKind).toBeUndefined();
    expect(sg017?.fix).not.toContain('122,000');
    expect(sg017?.edits).toEqual([{ op: 'set', path: 'containers[0].throughput.manual', value: 96_300 }]);
  });

  it('--fix writes 96,300 RU/s only, says why the first level is not fixed, and a second --fix writes nothing', () => {
    const once = fixDesignText(text, {});
    expect(once.fixes.map((f) => [f.ruleId, f.edits])).toEqual([['SG017', [{ op: 'set', path: 'containers[0].throughput.manual', value: 96_300 }]]]);
    expect(JSON.parse(once.text).containers[0].throughput).toEqual({ manual: 96_300 });
    expect(once.skipped.find((s) => s.ruleId === 'SG003' && s.path === 'containers[0].partitionKey.paths[0]')?.message).toMatch(/carries no design edits/);
    const twice = fixDesignText(once.text, {});
    expect(twice.fixes).toEqual([]);
    expect(twice.text).toBe(once.text);
  });
});

/** An audit log whose first level is bucketed already (4 buckets of each tenant, the whale's 50% split over them). */
const audit: CosmosContainerDesign = {
  name: 'audit',
  partitionKey: {
    paths: [
      {
        path: '/tenantIdBucket',
        cardinality: 200_004,
        hotKeyShare: 0.125,
        largestGb: 10,
        components: [
          { name: 'tenantId', cardinality: 50_001 },
          { name: 'bucket', cardinality: 4 },
        ],
      },
      { path: '/yyyyMM', cardinality: 84, kind: 'time-bucket' },
      { path: '/eventId', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits: 2_000, peakWriteUnits: 8_000 },
  throughput: { autoscaleMax: 10_000 },
  storage: { totalGb: 120 },
  accessPatterns: [{ name: 'tenant-month-audit', keyAttributes: ['/tenantIdBucket', '/yyyyMM'], share: 1, fanOut: true, resultKb: 10 }],
};

describe("--fix still carries a first level's raise that serves its hottest value as it is", () => {
  it("SG017 raises to the 16,000 RU/s the first level writes itself (not the peak's 13,000), once", () => {
    const sg017 = lint({ containers: [audit] } as DesignInput).find((f) => f.ruleId === 'SG017');
    expect(sg017?.data).toMatchObject({ needed: 16_000, keyRaisePlain: 13_000, keyRaiseKind: 'level' });
    // Both findings are warnings: --fail-on warning lets --fix write a raise.
    const once = fixDesignText(`${JSON.stringify({ containers: [audit] }, null, 2)}\n`, {}, 'warning');
    expect(JSON.parse(once.text).containers[0].throughput).toEqual({ autoscaleMax: 16_000 });
    expect(fixDesignText(once.text, {}, 'warning').fixes).toEqual([]);
  });
});
