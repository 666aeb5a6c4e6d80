/**
 * SG003's sharding fix weighs the read peak its fan-out makes as SG017 does (lib/lint/throughput-quota.ts), not
 * against the bare table-level quota: on a provisioned table SG017 asks for peak ÷ headroom (the auto-scaling target)
 * and writes no edit where that passes the table-level or account-level quota. SG003 wrote its shards where the
 * fan-out peak was under 40,000 RCU, and --fix then met an SG017 it could not fix (39,000 RCU needing 48,750).
 */
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

/**
 * A job queue keyed by status (5 values, the hottest a declared share of the writes: `hotKeyOperations: 'writes'`), read
 * one job at a time over every shard: a read of one item on random shards tries each, each try charged at least one read
 * unit (reads32: SG003's plan charges it on every shard, as SG017 does, so the shards are for the writes).
 */
const queue = (table: Partial<DynamoDbTableDesign> & Pick<DynamoDbTableDesign, 'workload'>): DynamoDbTableDesign => ({
  name: 'jobs',
  partitionKey: { name: 'status', type: 'S', cardinality: 5 },
  sortKey: { name: 'jobId', type: 'S', cardinality: 'unique' },
  billing: 'provisioned',
  sharding: { strategy: 'random', shards: 2 },
  accessPatterns: [{ name: 'get', keyAttributes: ['status', 'jobId'], share: 1, fanOut: true }],
  ...table,
});

const sg003 = (table: DynamoDbTableDesign) => lint({ tables: [table] }).find((f) => f.ruleId === 'SG003');
const fixed = (table: DynamoDbTableDesign) => fixDesignText(JSON.stringify({ tables: [table] }, null, 2), {});

describe("SG003's shards weigh their fan-out as SG017 does", () => {
  it('table-level: 3 shards make 39,000 RCU of requests, which at 80% need 48,750, past the 40,000 quota: no edit', () => {
    // 1,155 WCU on the hottest status (33% of 3,500), beside the other writes on 11 partitions (the 33,000 RCU and
    // 5,000 WCU provisioned: max(11, 5)): one of 2 shards takes 577.5 + 2,922.5 ÷ 11 = 843.18 of 800, and two of 2 on one
    // partition 1,155 alone, past its 1,000 WCU maximum at any P. Each `get` queries every shard, each Query charged on
    // its own: 13,000 × 3 = 39,000 RCU at 3 shards. That passes the capacity, and its raise (÷ 80% = 48,750) the 40,000
    // quota, so P stays the 11 of the capacity declared, where the fan-out alone puts 39,000 ÷ 11 = 3,545.45 RCU on each
    // partition: no count fits there. Pre-warmed to 18,000 WCU (18 partitions), 3 shards fit: reads 39,000 ÷ 18 = 2,166.67
    // of 2,280 (5% free), writes 385 + 3,115 ÷ 18 = 558.06, two on one 770 + 2,730 ÷ 18 = 921.67 of 1,000 (on 17,
    // 2,294.12 RCU leaves less than 5%). Was 4 (52,000 RCU, 65,000 needed), sized on the declared 13,000 RCU beside each
    // shard: at 4 the fan-out puts 52,000 ÷ 11 = 4,727.27 on each partition. Past the quota either way: no edit.
    const jobs = queue({
      capacity: { read: { fixed: 33_000 }, write: { fixed: 5_000 } },
      workload: { peakReadUnits: 13_000, peakWriteUnits: 3_500, hotKeyShare: 0.33, hotKeyOperations: 'writes' },
    });
    const finding = sg003(jobs);
    expect(finding).toMatchObject({ data: { shards: 3, fanOutReads: 39_000, fanOutNeeded: 48_750, quota: 40_000, quotaName: 'table-level' } });
    // Moved (warmWriteUnits 18,000 → 12,000, warmPartitions 18 → 12, hashedLoad 921.67 → 997.5): the hottest status is
    // read as often as any (13,000 ÷ 5 = 2,600 RCU), and each `get` tries every shard, so each shard takes 2,600 RCU
    // beside 23,400 ÷ 11 = 2,127.27: no count serves those reads, DAX leads for them, and the warm throughput is sized on
    // the writes it leaves: two of 3 on one of 12 partitions take 770 + 2,730 ÷ 12 = 997.5 of 1,000 WCU (on 11, 1,018.18).
    expect(finding?.data).toMatchObject({ readPerKey: 2_600, warmWriteUnits: 12_000, warmPartitions: 12, hashedLoad: 997.5 });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toContain(
      "the fan-out makes the table read 39,000 RCU at the peak (13,000 RCU of reads, each shard's query a request of its own, as SG017 counts them), which at 80% utilization take 48,750 RCU of read throughput for the table, above the default table-level read throughput quota of 40,000, so --fix writes no edit",
    );
    // --fix brings on no SG017 it cannot fix: it writes nothing, and says why.
    const result = fixed(jobs);
    expect(result.fixes).toEqual([]);
    expect(lint(JSON.parse(result.text)).map((f) => f.ruleId)).toEqual(['SG003']);
  });

  it('account-level: 37,500 RCU for the table fits its own quota, but with its GSIs it provisions 82,500, past 80,000: no edit', () => {
    // 1,200 WCU on the hottest status (40% of 3,000), 9 partitions (25,000 RCU and 5,000 WCU): one of 3 shards takes
    // 400 + 2,600 ÷ 9 = 688.89 of 800, two of them on one partition 800 + 288.89 − 44.44 = 1,044.44, past its 1,000 WCU
    // maximum; two of 4, 600 + 300 − 33.33 = 866.67. Each `get` tries all 4: 7,500 RCU of reads make 30,000, 37,500 at
    // 80%, within the table-level 40,000, with the GSIs' 45,000 past the account-level 80,000 (at 10,000 RCU of reads, as
    // when 3 shards served, the 4's 50,000 would pass the table-level quota first).
    const jobs = queue({
      capacity: { read: { fixed: 25_000 }, write: { fixed: 5_000 } },
      workload: { peakReadUnits: 7_500, peakWriteUnits: 3_000, hotKeyShare: 0.4, hotKeyOperations: 'writes' },
      globalSecondaryIndexes: [
        {
          indexName: 'byOwner',
          partitionKey: { name: 'ownerId', type: 'S', cardinality: 'unique' },
          capacity: { read: { fixed: 30_000 }, write: { fixed: 200 } },
        },
        {
          indexName: 'byQueue',
          partitionKey: { name: 'queueId', type: 'S', cardinality: 'unique' },
          capacity: { read: { fixed: 15_000 }, write: { fixed: 200 } },
        },
      ],
    });
    const finding = sg003(jobs);
    expect(finding).toMatchObject({ data: { fanOutReads: 30_000, fanOutNeeded: 82_500, quota: 80_000, quotaName: 'account-level' } });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toContain(
      'take 82,500 RCU of read throughput for the table and its GSIs together, above the default account-level read throughput quota of 80,000',
    );
  });

  it("within the quotas, but the hottest status's even share of the reads on every shard: no count serves, no shards written", () => {
    // As above: 4 shards beside the neighbours, 7,500 RCU of reads over all 4.
    const jobs = queue({
      capacity: { read: { fixed: 25_000 }, write: { fixed: 5_000 } },
      workload: { peakReadUnits: 7_500, peakWriteUnits: 3_000, hotKeyShare: 0.4, hotKeyOperations: 'writes' },
    });
    // Moved (edits: shards 4 → none; --fix SG003 + SG017 → nothing; re-lint clean → this SG003): the hottest status is
    // read as often as any, 7,500 ÷ 5 = 1,500 RCU, and each `get` tries every shard, so each shard takes those 1,500 RCU
    // whatever the count, beside (15,000 − 1,500) ÷ 9 = 1,500 RCU of neighbours (9 partitions: 25,000 RCU ÷ 3,000): 3,000
    // RCU, the partition's whole maximum, past the usable 2,400. No count serves it; the shards are not written.
    const finding = sg003(jobs);
    expect(finding).toMatchObject({ severity: 'warning', data: { readPerKey: 1_500, readNeighbours: 1_500 } });
    expect(finding?.edits).toBeUndefined();
    expect(fixed(jobs).fixes).toEqual([]);
  });
});

/**
 * Cosmos DB's counterpart: Azure's default maximum of 1,000,000 RU/s per container (dedicated throughput) or per database
 * (shared), raised only by a support ticket ("Service quotas", provisioned throughput), which SG017 weighs its raise
 * against (no edit past it). A telemetry container: the hottest device takes half of 40,000 RU/s of writes, over its
 * logical partition's 8,000 usable; every read pages through a device's documents over its 2 shards (limit), so each
 * shard's query loads a page of its own, charged on its own (read-requests.ts). Autoscale 400,000 RU/s: 40 physical
 * partitions of 10,000.
 */
const telemetry = (peakReadUnits: number): CosmosContainerDesign => ({
  name: 'telemetry',
  partitionKey: { paths: [{ path: '/deviceId', cardinality: 1_000_000 }] },
  sharding: { strategy: 'random', shards: 2 },
  throughput: { autoscaleMax: 400_000 },
  workload: { peakReadUnits, peakWriteUnits: 40_000, hotKeyShare: 0.5, hotKeyOperations: 'writes' },
  accessPatterns: [{ name: 'page', keyAttributes: ['/deviceId'], share: 1, fanOut: true, limit: 20 }],
});
const containerSg003 = (design: CosmosContainerDesign) => lint({ containers: [design] }).find((f) => f.ruleId === 'SG003');

describe("Cosmos DB: SG003's shards weigh their fan-out against the 1,000,000 RU/s per container", () => {
  // cosmosB32: SG003 judges each shard beside the rest of the peak SG017 counts, the fan-out's page reads included
  // (N × the reads on the container's partitions). Here no count fits beside them at any raise within the quota
  // (5 shards: 540,000 RU/s, 4,000 + 540,000 ÷ P on a partition of 8,000 usable needs P ≥ 135, 1,350,000 RU/s), so
  // SG003 writes no shards, where it wrote 6 (past the quota) or 5 (within it, then SG017's raise to 791,000) judged
  // on the declared reads alone. Moved: shards 6 / 5 → no count, no edit.
  it.each([150_000, 100_000])('%s RU/s of page reads: no count fits beside its own fan-out, so no shards are written', (reads) => {
    const finding = containerSg003(telemetry(reads));
    expect(finding?.data).not.toHaveProperty('shards');
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).not.toMatch(/set fanOut|raise sharding.shards/);
  });
});

/**
 * quota32: the path cosmosB32's telemetry no longer reaches. A container already at 1,200,000 RU/s (120 physical
 * partitions) whose 750,000 RU/s of writes put 0.4% on the hottest device (3,000 RU/s): its 2 shards each take 1,500 +
 * (790,000 − 1,500) ÷ 120 = 8,070.83 of the 8,000 usable; 3 shards make 1,000 + (810,000 − 1,000) ÷ 120 = 7,741.67,
 * a fit, but their fan-out (3 × 20,000 RU/s of page reads) with the writes needs 810,000 ÷ 0.8 = 1,012,500, 1,013,000 on
 * the autoscale grid, the raise SG017 would ask for, above the 1,000,000 RU/s per container ("Service quotas").
 */
describe("Cosmos DB: SG003's shards whose fan-out passes the 1,000,000 RU/s per container", () => {
  const design: CosmosContainerDesign = {
    ...telemetry(20_000),
    throughput: { autoscaleMax: 1_200_000 },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 750_000, hotKeyShare: 0.004, hotKeyOperations: 'writes' },
  };

  it('3 shards fit, but SG017 would then ask for 1,013,000 RU/s: the fix says so (fanOutPastRuQuota) and writes no edit', () => {
    const finding = containerSg003(design);
    expect(finding?.data).toMatchObject({
      shards: 3,
      fanOutReads: 60_000,
      fanOutWrites: 750_000,
      fanOutNeeded: 1_013_000,
      quota: 1_000_000,
      quotaName: 'container',
    });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toContain(
      "; the fan-out makes the container read 60,000 RU/s at the peak (20,000 RU/s of reads, each shard's query charged on its own, as SG017 counts them); with its 750,000 RU/s of writes that peak needs 1,013,000 RU/s, the raise SG017 would ask for (the peak at 80% utilization, or more where a raise in place would split the physical partitions unevenly), above Azure's default maximum of 1,000,000 RU/s per container, so --fix writes no edit: file an Azure support ticket to raise the maximum RU/s per container as part of this fix, before the sharding deploys, and acknowledge SG017 with the ticket as the reason; or put the integrated cache in front of those reads, so fewer reach it",
    );
  });
});
