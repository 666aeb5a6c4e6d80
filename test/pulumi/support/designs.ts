/**
 * Designs whose verdicts are unambiguous whatever the rule messages and numbers become: a clean
 * multi-tenant telemetry container, and one clear violation per rule family.
 */
import { eventsDesign } from '../../../examples/pulumi/designs';
import type { ContainerDesign } from '../../../lib/pulumi';

/** tenant → device → session, low to high cardinality (the example's key), at a peak the tests' 4,000 RU/s
 *  of manual throughput serve: GuardedContainer passes its throughput into the design (SG017). */
export const telemetry: ContainerDesign = { ...eventsDesign, workload: { peakReadUnits: 1_000, peakWriteUnits: 3_000 } };

/** `telemetry` whose last level repeats (a session's events share its logical partition, 50,000,000 sessions), so its
 *  logical partitions can grow: the size alerts are created for it (not for `telemetry`, whose /sessionId is unique). */
export const sessionsOfDays: ContainerDesign = {
  ...telemetry,
  partitionKey: {
    paths: telemetry.partitionKey.paths.map((level, i, all) => (i === all.length - 1 ? { ...level, cardinality: 50_000_000 } : level)),
  },
};

/** Review 20's tenant → item key at a given peak (RU/s of reads and writes). */
export const tenantItems = (peakReadUnits: number, peakWriteUnits: number): ContainerDesign => ({
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 5_000 },
      { path: '/id', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits, peakWriteUnits },
});

/** One single-path key of high cardinality, for tests that need a plain Hash key. */
export const orders: ContainerDesign = {
  partitionKey: { paths: [{ path: '/orderId', cardinality: 'unique' }] },
  workload: { peakReadUnits: 2_000, peakWriteUnits: 1_000 },
};

/** Each design breaks exactly the rule family named, by a wide margin. */
export const violations: Record<string, { readonly rule: string; readonly path: string; readonly design: ContainerDesign }> = {
  'low cardinality': {
    rule: 'SG001',
    path: 'design.partitionKey.paths',
    // 50,000 RU/s over five regions: 10,000 RU/s on each, over a usable 8,000 (at 30,000 each region fits, and SG001 only warns).
    design: { partitionKey: { paths: [{ path: '/region', cardinality: 5 }] }, workload: { peakReadUnits: 20_000, peakWriteUnits: 30_000 } },
  },
  'time-bucket key': {
    rule: 'SG002',
    path: 'design.partitionKey.paths[0]',
    design: { partitionKey: { paths: [{ path: '/day', cardinality: 365 }] }, workload: { peakReadUnits: 2_000, peakWriteUnits: 20_000 } },
  },
  'hot key above the logical-partition ceiling': {
    rule: 'SG003',
    path: 'design.partitionKey.paths',
    design: { ...telemetry, workload: { peakReadUnits: 20_000, peakWriteUnits: 40_000, hotKeyShare: 0.5 } },
  },
  'hierarchy in the wrong order': {
    rule: 'SG004',
    path: 'design.partitionKey.paths',
    design: {
      ...telemetry,
      accessPatterns: [],
      partitionKey: {
        paths: [
          { path: '/sessionId', cardinality: 'unique' },
          { path: '/tenantId', cardinality: 2_000 },
        ],
      },
    },
  },
  'MultiHash without version 2': {
    rule: 'SG005',
    path: 'design.partitionKey.version',
    design: { ...telemetry, partitionKey: { ...telemetry.partitionKey, version: 1 } },
  },
  'logical partition above 20 GB': {
    rule: 'SG006',
    path: 'design.storage.largestPartitionGb',
    design: { ...telemetry, storage: { largestPartitionGb: 50 } },
  },
  'random shards read without fan-out': {
    rule: 'SG009',
    path: 'design.accessPatterns[0]',
    design: {
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 2_000 }] },
      workload: { peakReadUnits: 100, peakWriteUnits: 100 },
      sharding: { strategy: 'random', shards: 10 },
      accessPatterns: [{ name: 'tenant-items', keyAttributes: ['/tenantId'], share: 1 }],
      acknowledgements: [{ rule: 'SG007', reason: 'Shards are kept for a traffic spike expected next quarter.' }],
    },
  },
};
