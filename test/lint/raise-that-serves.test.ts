/**
 * SG017 on a Cosmos DB container asks for no raise that cannot serve, and one `--fix` raises a container once.
 * - A hottest value past its logical partition's 10,000 RU/s is served by no RU/s ("Partitioning and horizontal
 *   scaling"): SG017 states the even figure the peak needs once the key's fix spreads the load and writes no edit, and
 *   SG003 judges the value on the partitions deployed, not on a raise nobody is asked to make.
 * - A hierarchical key whose first level's fix (SG003 at paths[0]) leads with a raise in place larger than the peak's,
 *   sized for buckets of a new first level that --fix never writes: SG017 raises for the peak alone, and the second
 *   pass raises nothing.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type Finding } from '../../lib';
import { container } from '../fixtures';

const byRule = (findings: readonly Finding[], rule: string, path?: string) =>
  findings.find((f) => f.ruleId === rule && (path === undefined || f.path === path));

/** A fitness app's leaderboard: 52 challenges, all 62,000 RU/s on one of them, on an autoscale maximum of 70,000. */
const leaderboard = container({
  name: 'leaderboard',
  partitionKey: { paths: [{ path: '/challengeId', cardinality: 52 }] },
  workload: { peakReadUnits: 60_000, peakWriteUnits: 2_000, hotKeyShare: 1 },
  throughput: { autoscaleMax: 70_000 },
  storage: { totalGb: 5, largestPartitionGb: 1 },
  accessPatterns: [{ name: 'top-100', keyAttributes: ['/challengeId'], share: 1 }],
});

/** An audit log keyed tenant → month → event, its whale tenant half of the 10,000 RU/s, on an autoscale maximum of 10,000. */
const audit = (autoscaleMax: number): CosmosContainerDesign =>
  container({
    name: 'audit',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 50_001, hotKeyShare: 0.5, largestGb: 40 },
        { path: '/yyyyMM', cardinality: 84, kind: 'time-bucket' },
        { path: '/eventId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 2_000, peakWriteUnits: 8_000 },
    throughput: { autoscaleMax },
    storage: { totalGb: 120 },
    accessPatterns: [{ name: 'tenant-month-audit', keyAttributes: ['/tenantId', '/yyyyMM'], share: 1 }],
  });

describe('SG017 raises nothing for a hottest value past its logical ceiling', () => {
  it('leaderboard: states 78,000 RU/s for the peak once the key is fixed, with no edit (was an edit to 131,000)', () => {
    const findings = lint(leaderboard);
    const sg017 = byRule(findings, 'SG017');
    // 62,000 RU/s of peak: 62,000 ÷ 0.8 = 77,500 → 78,000 on the autoscale grid. The one challenge's 62,000 RU/s pass
    // the 8,000 usable of its logical partition's 10,000, which no raise lifts.
    expect(sg017).toMatchObject({ data: { plainNeeded: 78_000, hotKeyLoad: 62_000, logicalUsable: 8_000, logicalCeiling: 10_000 } });
    expect(sg017?.edits).toBeUndefined();
    expect(sg017?.fix).toContain('fix the hottest `/challengeId` value first (SG003)');
    expect(sg017?.fix).not.toContain('1/7 of the key space');
    // SG003 judges the value where the container is: 7 partitions of 10,000 RU/s, not 14 of 9,357.14 after a raise.
    const sg003 = byRule(findings, 'SG003');
    expect(sg003?.message).toContain('62,000 RU/s against a usable 8,000 RU/s (80% of the 10,000 RU/s ceiling)');
    expect(sg003?.message).not.toContain('131,000');
  });
});

describe('one --fix raises a hierarchical key once', () => {
  it("audit: SG017 raises to the peak's 13,000 RU/s, not the 14,000 the first level's unwritten buckets need, and the second pass raises nothing", () => {
    const sg017 = byRule(lint(audit(10_000)), 'SG017');
    // 10,000 ÷ 0.8 = 12,500 → 13,000 for the peak; SG003 on /tenantId leads with 14,000 (3 partitions of 4,666.67), the
    // least at which 9 buckets fit: 555.56 + (10,000 − 555.56) ÷ 3 = 3,703.7 of 3,733.33 usable. Those buckets are a
    // synthetic first level, a new key --fix never writes: 14,000 would be paid for a layout the container does not get.
    expect(sg017?.data).toMatchObject({ needed: 13_000 });
    expect(sg017?.data?.keyRaiseKind).toBeUndefined();
    expect(sg017?.fix).not.toContain('14,000');
    expect(sg017?.edits?.[0]).toEqual({ op: 'set', path: 'throughput.autoscaleMax', value: 13_000 });
    const after = lint(applyDesignEdits(audit(10_000), sg017?.edits as DesignEdit[]));
    expect(byRule(after, 'SG017')).toBeUndefined();
    const level = byRule(after, 'SG003', 'partitionKey.paths[0]');
    // The first level's fix still asks for 14,000 with its buckets, by hand: it carries no edit, so --fix settles.
    expect(level?.fix).toMatch(/^raise the container's throughput to 14,000 RU\/s/);
    expect(level?.edits).toBeUndefined();
    expect(after.filter((f) => f.edits?.some((e) => e.path.startsWith('throughput')))).toEqual([]);
  });
});
