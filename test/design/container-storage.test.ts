/**
 * Sizes and shares that cannot exist together are input errors, naming the field and how to fix it (stranger's
 * review 7, item 10): one key level's value holds part of the container's data, and one full key value is nested
 * in one value of every level. Accepted, they were linted as designs that cannot exist (a 400 GB tenant spread
 * over more physical partitions than a 10 GB container has, and a clean report).
 */
import { applyDesignEdits, lint } from '../../lib';
import { container, issuesOf } from '../fixtures';

const tenants = (tenant: { largestGb?: number; hotKeyShare?: number }, room: { largestGb?: number } = {}) => ({
  paths: [
    { path: '/tenantId', cardinality: 300, ...tenant },
    { path: '/roomId', cardinality: 60_000, ...room },
  ],
});

describe("a container's storage against its key levels", () => {
  it.each([10, 200])('rejects a first level whose largest value (400 GB) holds more than the container (%d GB)', (totalGb) => {
    expect(issuesOf(container({ partitionKey: tenants({ largestGb: 400 }), storage: { totalGb } }))).toEqual([
      `partitionKey.paths[0].largestGb: is 400 GB, more than the container's ${totalGb} GB at storage.totalGb: one /tenantId value's data is part of the container's; raise storage.totalGb to the container's expected size, or lower partitionKey.paths[0].largestGb`,
    ]);
  });

  it('accepts a first level as large as the container, and one without a declared total', () => {
    expect(() => lint(container({ partitionKey: tenants({ largestGb: 400 }), storage: { totalGb: 400 } }))).not.toThrow();
    expect(() => lint(container({ partitionKey: tenants({ largestGb: 400 }) }))).not.toThrow();
  });

  it("names the full key's own size once when it is the last level's (the check for storage.largestPartitionGb)", () => {
    expect(issuesOf(container({ partitionKey: tenants({}, { largestGb: 12 }), storage: { totalGb: 5 } }))).toEqual([
      "storage.totalGb: is 5 GB, less than the 12 GB declared for one logical partition at partitionKey.paths[1].largestGb: the container holds every partition; raise storage.totalGb to the container's expected size, or lower partitionKey.paths[1].largestGb",
    ]);
  });

  it('rejects a full key value larger than the level value it is nested in, and accepts one smaller', () => {
    expect(issuesOf(container({ partitionKey: tenants({ largestGb: 10 }), storage: { largestPartitionGb: 15, totalGb: 100 } }))).toEqual([
      'storage.largestPartitionGb: is 15, more than the 10 declared at partitionKey.paths[0].largestGb: one full key value is nested in one value of that level, so it can only take less; lower storage.largestPartitionGb or raise partitionKey.paths[0].largestGb',
    ]);
    expect(() => lint(container({ partitionKey: tenants({ largestGb: 10 }), storage: { largestPartitionGb: 5, totalGb: 100 } }))).not.toThrow();
  });

  it('rejects a full key value hotter than the level value it is nested in, and accepts one cooler', () => {
    const workload = (hotKeyShare: number) => ({ peakReadUnits: 2000, peakWriteUnits: 1000, hotKeyShare });
    expect(issuesOf(container({ partitionKey: tenants({ hotKeyShare: 0.1 }), workload: workload(0.3) }))).toEqual([
      'workload.hotKeyShare: is 0.3, more than the 0.1 declared at partitionKey.paths[0].hotKeyShare: one full key value is nested in one value of that level, so it can only take less; lower workload.hotKeyShare or raise partitionKey.paths[0].hotKeyShare',
    ]);
    expect(() => lint(container({ partitionKey: tenants({ hotKeyShare: 0.1 }), workload: workload(0.05) }))).not.toThrow();
  });
});

describe("SG004's reordered levels against the full key's figures", () => {
  // fast-check's counterexample: the reorder spread /deviceId's share over /country's 50 values (0.24), below the
  // declared full-key share (0.333), a design the check above rejects; a prefix holds the full key value inside it.
  // reorder29: a level's figures move with it, and a level that declared none (/country) gets no estimate.
  it("never estimates a level's share below the full key's declared one", () => {
    const design = container({
      partitionKey: {
        paths: [
          { path: '/deviceId', cardinality: 12, hotKeyShare: 1, largestGb: 2 },
          { path: '/userId', cardinality: 'unique', largestGb: 2 },
          { path: '/country', cardinality: 50 },
        ],
      },
      workload: { peakReadUnits: 800, peakWriteUnits: 50, hotKeyShare: 0.333 },
    });
    const reorder = lint(design).find((f) => f.ruleId === 'SG004');
    const levels = (reorder?.edits?.[0] as { value: { path: string; hotKeyShare?: number }[] }).value;
    expect(levels.map((l) => [l.path, l.hotKeyShare])).toEqual([
      ['/deviceId', 1],
      ['/country', undefined],
      ['/userId', undefined],
    ]);
    expect(() => lint(applyDesignEdits(design, reorder?.edits ?? []))).not.toThrow();
  });
});
