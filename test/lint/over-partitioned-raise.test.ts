/**
 * SG003's first-level finding on a container with more physical partitions than its RU/s and storage make (raised once,
 * then lowered: a scale-down merges none, "Best practices for scaling provisioned throughput"): each partition's part is
 * small because there are many of them, so a raise that keeps them (instant up to P × 10,000 RU/s) leads the new
 * synthetic first level, and --fix writes it.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type Finding } from '../../lib';
import { container } from '../fixtures';

/** Multi-tenant HR (a stranger's hr-pp40.json): one tenant of 300,000 employees holds 250 GB of the 600 and takes 45%. */
function hr(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'hr',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5000, hotKeyShare: 0.45, largestGb: 250 },
        { path: '/employeeId', cardinality: 550_000 },
      ],
    },
    workload: { peakReadUnits: 6000, peakWriteUnits: 7500 },
    throughput: { autoscaleMax: 20_000 },
    storage: { totalGb: 600, largestPartitionGb: 0.002 },
    accessPatterns: [
      { name: 'payslips-of-employee', keyAttributes: ['/tenantId', '/employeeId'], share: 0.6 },
      { name: 'time-off-of-employee', keyAttributes: ['/tenantId', '/employeeId'], share: 0.25 },
      { name: 'org-chart', keyAttributes: ['/tenantId'], share: 0.15 },
    ],
    physicalPartitions: 40,
    ...overrides,
  });
}

/** SG003's finding on the first level (the full key's, where there is one, defers to it). */
const sg003 = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003' && f.path.endsWith('paths[0]'));

describe('a hot first-level value on an over-partitioned container', () => {
  it('leads with the raise that keeps the partitions, and --fix writes it', () => {
    // By hand: 45% of 13,500 = 6,075 RU/s under the tenant; its 250 GB fill 5 partitions of 50 GB alone. On 40
    // partitions of 20,000 ÷ 40 = 500 RU/s: 5 × 400 usable = 2,000. A container created at 20,000 RU/s and 600 GB gets
    // max(⌈20,000 ÷ 10,000⌉, ⌈600 ÷ 50⌉) = 12. The least raise on the 1,000 grid: 5 × 0.8 × R ÷ 40 ≥ 6,075 → R ≥ 60,750,
    // 61,000 (1,525 each, 6,100 usable on the 5), within 40 × 10,000: no split. Before, the 95-bucket first level led
    // (a new key, org-chart queries fanning out 95×) and the raise came last, with no edit.
    const hit = sg003(hr());
    expect(hit?.data).toMatchObject({ raiseTo: 61_000, raisedPartitions: 40, declaredPartitions: 40, createdPartitions: 12, eachNow: 500 });
    expect(hit?.fix).toMatch(/^raise the container's throughput in place to 61,000 RU\/s \(40 physical partitions of 1,525 RU\/s/);
    expect(hit?.fix).toContain(
      "it leads because the container's 40 physical partitions are more than a container created at its 20,000 RU/s and 600 GB gets (12)",
    );
    expect(hit?.fix).toContain('; or, to stop paying for the headroom, give the first level more values');
    expect(hit?.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 61_000 }]);
    // The re-lint: 6,075 of the 6,100 RU/s usable on its 5 partitions, no SG003 and nothing more to write.
    const after = lint(applyDesignEdits(hr(), hit?.edits as DesignEdit[]));
    expect(after.filter((f) => f.ruleId === 'SG003' || f.ruleId === 'SG017')).toEqual([]);
    expect(after.filter((f) => f.edits)).toEqual([]);
  });

  it('keeps the new first level first where the partitions are the count the figures make', () => {
    // 17,000 RU/s on 600 GB: 12 partitions created, 12 declared, 1,416.67 RU/s each (the peak's 13,500 within 13,600).
    // A tenant at 60%: 8,100 RU/s on its 5 partitions' 5 × 1,133.33 = 5,666.67 usable. The raise that serves it
    // (5 × 0.8 × R ÷ 12 ≥ 8,100: 24,300, 25,000) adds 47%, past the 25% a raise may add and lead: the key change leads
    // (here after the 18,000 at which 99 buckets fit, the container sitting at its usable line).
    const tenant = { path: '/tenantId', cardinality: 5000, hotKeyShare: 0.6, largestGb: 250 };
    const hit = sg003(
      hr({ throughput: { autoscaleMax: 17_000 }, physicalPartitions: 12, partitionKey: { paths: [tenant, { path: '/employeeId', cardinality: 550_000 }] } }),
    );
    expect(hit?.fix).toContain('give the first level more values');
    expect(hit?.fix).toContain("; or raise the container's throughput in place to 25,000 RU/s");
    expect(hit?.fix).not.toContain('it leads because');
  });
});
