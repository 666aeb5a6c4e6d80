/**
 * SG017's raise of an autoscale maximum on a design that declares no `physicalPartitions`: the document describes a
 * container still to be created, which Azure starts on ⌈maximum ÷ 10,000⌉ physical partitions, evenly split ("Best
 * practices for scaling provisioned throughput", large data ingestion; one per 10,000 RU/s of an autoscale maximum), so
 * the least maximum that serves the peak at headroom serves it on every partition. A raise in place of a container that
 * exists splits unevenly short of a doubling (same page, how to ensure even data distribution): it is named beside, for
 * the case where the container exists, which then declares its partitions.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type Finding } from '../../lib';
import { container, soundTenantEvents } from '../fixtures';

/** Course registration as first built (a stranger's registration-flawed.json): 70,000 RU/s of peak on a 50,000 maximum. */
function registrations(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'registrations',
    partitionKey: { paths: [{ path: '/courseId', cardinality: 2500 }] },
    workload: { peakReadUnits: 30_000, peakWriteUnits: 40_000, hotKeyShare: 0.12 },
    throughput: { autoscaleMax: 50_000 },
    storage: { totalGb: 8, largestPartitionGb: 0.05 },
    invariants: [{ kind: 'transactional-batch', description: 'seat counter decremented with the enrollment' }],
    ...overrides,
  });
}

const sg017 = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG017');

describe("SG017's raise of a new container's autoscale maximum is sized at its creation", () => {
  it('writes the least maximum whose partitions at creation serve the peak, and names the raise in place beside it', () => {
    // By hand: 70,000 ÷ 0.8 = 87,500 → 88,000 (autoscale grid of 1,000). Created there: ⌈8.8⌉ = 9 partitions of
    // 9,777.78 RU/s, evenly, 70,000 ÷ 9 = 7,777.78 on each of 7,822.22 usable. Raised in place from the 5 a 50,000
    // maximum starts on, 88,000 splits 4 of the 5 (the unsplit one keeps 1/5: 14,000 RU/s); 10 = 2 × 5 past 90,000:
    // 91,000, 9,100 each, 7,000 of 7,280 usable. Before, the fix wrote 91,000 and said the container would split in 4-6 hours.
    const hit = sg017(registrations());
    expect(hit?.data).toMatchObject({
      needed: 88_000,
      neededPartitions: 9,
      nowPartitions: 5,
      inPlaceNeeded: 91_000,
      inPlacePartitions: 10,
      inPlaceEach: 9_100,
    });
    expect(hit?.fix).not.toContain('raised in place, the container');
    expect(hit?.fix).toMatch(/^raise throughput\.autoscaleMax to at least 88,000 RU\/s/);
    expect(hit?.fix).toContain('created at 88,000 RU/s, Azure starts it on 9 physical partitions of 9,777.78 RU/s, evenly split');
    expect(hit?.fix).toContain('where the container exists already, declare its physicalPartitions');
    expect(hit?.fix).not.toContain('copy every document');
    // No layout declared: the design still describes what to create, at the figure the re-lint counts 9 partitions on.
    expect(hit?.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 88_000 }]);
  });

  it('--fix converges: the created design has no SG017 and SG003 judges the key at the same 88,000 RU/s', () => {
    const design = registrations();
    const sg003 = lint(design).find((f) => f.ruleId === 'SG003');
    // The key's 8,400 RU/s pass the 8,000 usable of a logical partition: no RU/s serve it (its fix is the batching);
    // judged where SG017's fix leaves the container, 9 of 9,777.78, the neighbours 61,600 ÷ 9 = 6,844.44.
    expect(sg003?.message).toContain("judged at the 88,000 RU/s the container's peak needs");
    const fixed = applyDesignEdits(design, sg017(design)?.edits as DesignEdit[]);
    const after = lint(fixed);
    expect(after.filter((f) => f.ruleId === 'SG017')).toEqual([]);
    expect(after.filter((f) => f.edits)).toEqual([]);
  });

  it('a container that declares its partitions is raised in place, as before', () => {
    // The same container declared on its 5 partitions: 91,000, 10 of 9,100, evenly; the split takes 4-6 hours.
    const hit = sg017(registrations({ physicalPartitions: 5 }));
    expect(hit?.data).toMatchObject({ needed: 91_000, neededPartitions: 10, plainNeeded: 88_000 });
    expect(hit?.fix).toContain("raised in place, the container's 5 physical partitions split into 10 of 9,100 RU/s, evenly");
    expect(hit?.fix).not.toContain('declares no physicalPartitions');
    expect(hit?.fix).toContain('the split to reach it takes Azure typically 4-6 hours');
  });

  it('manual throughput keeps its raise in place (created there it would start on one partition per 6,000 RU/s)', () => {
    // 70,000 manual RU/s on 50,000 (⌈50,000 ÷ 6,000⌉ = 9 partitions): 87,500 keeps 9 (≤ 90,000); unchanged by this note.
    const hit = sg017(registrations({ throughput: { manual: 50_000 } }));
    expect(hit?.fix).not.toContain('describes a container still to be created: created at');
  });
});

describe('a container still to be created whose storage sets its partitions says so', () => {
  /** The reviewer's sound-21b tenants, undeclared: 300 GB need 6 partitions, more than a 42,000 maximum's 5. */
  const tenants = (share = 0.08, gb = { largestGb: 40, totalGb: 300 }): CosmosContainerDesign => soundTenantEvents(share, { autoscaleMax: 40_000 }, gb);

  it('names one partition per 50 GB, not per 10,000 RU/s, where storage sets the count (42,000 RU/s on 6)', () => {
    // By hand: ⌈42,000 ÷ 10,000⌉ = 5, ⌈300 ÷ 50⌉ = 6: storage sets 6 of 7,000 RU/s (5,600 usable); the tenant's
    // 1,920 + 22,080 ÷ 6 = 5,600 fits. Before, the clause said one partition per 10,000 RU/s of the maximum.
    const fix = lint(tenants()).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths[0]')?.fix;
    expect(fix).toContain(
      "raise the container's throughput to 42,000 RU/s (6 physical partitions of 7,000 RU/s: created at them, Azure starts the container on one physical partition per 50 GB of its storage, more than one per 10,000 RU/s of the maximum gives, evenly split",
    );
    expect(fix).not.toContain('one physical partition per 10,000 RU/s of an autoscale maximum');
  });

  it('names one partition per 10,000 RU/s where the maximum sets the count (48,000 RU/s on 5)', () => {
    // By hand: a 15% tenant on 200 GB (4 partitions by storage): 3,600 + 20,400 ÷ 4 = 8,700 over 8,000 usable. Created
    // at R ≤ 50,000 on 5: 3,600 + 20,400 ÷ 5 = 7,680 ≤ 0.8 × R ÷ 5 from 48,000; ⌈48,000 ÷ 10,000⌉ = 5 > ⌈200 ÷ 50⌉ = 4.
    const fix = lint(tenants(0.15, { largestGb: 20, totalGb: 200 })).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths[0]')?.fix;
    expect(fix).toContain(
      "raise the container's throughput to 48,000 RU/s (5 physical partitions of 9,600 RU/s: created at them, Azure starts the container on one physical partition per 10,000 RU/s of an autoscale maximum, evenly split",
    );
  });
});
