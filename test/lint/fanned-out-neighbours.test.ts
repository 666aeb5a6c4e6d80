/**
 * SG003 judges a sharded DynamoDB key's reads as SG017 counts them: every read of a sharded value queries each shard,
 * a request of its own charged at least 0.5 RCU (AWS, "Query"; "Using write sharding to distribute workloads evenly"),
 * served by the partition holding that shard. The neighbours of the hottest value's shard are 1/P of those requests,
 * not of the logical reads declared. An audit log sharded by hand as SG003's fix says (its hottest tenant in 33 shards,
 * each page of `tenant-last-100` querying all 33) passed SG003, its neighbours taken from the declared 6,000 RCU:
 * 2,100 + (6,000 − 2,100) ÷ 48 = 2,181.25 RCU within 2,400. The table reads 2,100 × 33 + 3,900 = 73,200 RCU (SG017's
 * figure), and its partitions are counted on that: on demand, twice the peak it consumes ("On-demand capacity mode"),
 * max(⌈146,400 ÷ 3,000⌉, ⌈48,000 ÷ 1,000⌉) = 49, not the 48 of the declared 12,000 RCU. A shard's partition takes
 * 2,100 + (73,200 − 2,100) ÷ 49 = 3,551.02 RCU, past the 3,000 RCU a partition serves ("Burst and adaptive capacity").
 */
import { lint, type DynamoDbTableDesign } from '../../lib';
import { partitionCountText } from '../../lib/internal';
import { table } from '../fixtures';

/** The audit log with its hottest tenant (35%) in 33 random shards, the LSI dropped; `reads`: the table's declared RCU. */
function shardedAuditLog(reads: number): DynamoDbTableDesign {
  return table({
    name: 'audit-log',
    partitionKey: { name: 'tenantId', type: 'S', cardinality: 3000 },
    sortKey: { name: 'eventTime', type: 'S', cardinality: 'unique' },
    billing: 'on-demand',
    workload: { peakReadUnits: reads, peakWriteUnits: 24_000, hotKeyShare: 0.35 },
    globalSecondaryIndexes: [{ indexName: 'by-actor', partitionKey: { name: 'actorId', type: 'S', cardinality: 500_000 } }],
    accessPatterns: [
      { name: 'tenant-last-100', keyAttributes: ['tenantId'], share: 0.6, limit: 100, fanOut: true },
      { name: 'actor-events', index: 'by-actor', keyAttributes: ['actorId'], share: 0.4 },
    ],
    sharding: { strategy: 'random', shards: 33, hotValues: 1 },
  });
}

const sg003 = (input: DynamoDbTableDesign) => lint(input).filter((f) => f.ruleId === 'SG003');

describe("SG003 counts a sharded key's neighbours on its fanned-out reads (DynamoDB)", () => {
  it('the sharded audit log: 1,451.02 RCU of neighbours beside a 2,100 RCU shard, 3,551.02 past 3,000: an error on reads', () => {
    const [finding, ...rest] = sg003(shardedAuditLog(10_000));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ severity: 'error', path: 'sharding.shards' });
    // 6,000 RCU of the table's reads on its key (60%); the hottest tenant's 2,100 (35%) read on each of its 33 shards.
    // 49 partitions: twice the 73,200 RCU charged, 146,400 ÷ 3,000 = 48.8 (the 48,000 WCU of writes make 48).
    expect(finding.data).toMatchObject({ readLoad: 2100, readPerKey: 2100, keySpacePartitions: 49 });
    // (2,100 × 33 + 3,900 − 2,100) ÷ 49 = 71,100 ÷ 49 = 1,451.0204; 2,400 − 1,451.0204 = 948.98 left.
    expect(finding.data?.readNeighbours).toBeCloseTo(71_100 / 49, 6);
    expect(finding.data?.readRest).toBeCloseTo(71_100, 9);
    expect(finding.data?.readLeft).toBeCloseTo(2400 - 71_100 / 49, 6);
    expect(finding.message).toContain('less the 1,451.02 RCU its neighbours are expected to take (the other 71,100 RCU of reads ÷ 49 partitions)');
    expect(finding.message).toContain('its partition takes 3,551.02 RCU, past the 3,000 RCU one partition serves');
    // The pair the fix states: two shards in full beside the neighbours less the second's 1/49: 4,200 + 1,451.02 − 42.86.
    expect(finding.fix).toContain('two share one 99.99% of the time, and that partition then takes 5,608.16 of the usable 2,400 RCU');
  });

  it('says P was counted for twice the peak as charged, with the 73,200 RCU its fanned-out reads are charged', () => {
    const [finding] = sg003(shardedAuditLog(10_000));
    expect(finding.data).toMatchObject({ partitionsCountedBy: 'twice-the-peak', partitionsChargedReads: 73_200 });
    expect(finding.message).toContain(
      '49 partitions assumed, for twice the peak as charged (its reads fan out over the shards: 73,200 RCU; 3,000 RCU and 1,000 WCU each; on demand AWS publishes no count',
    );
    expect(finding.message).not.toContain('twice the declared peak');
  });

  it('an unsharded on-demand key, charged as declared, keeps "for twice the declared peak"', () => {
    const { sharding: _sharding, ...unsharded } = shardedAuditLog(20_000);
    const [finding] = sg003(unsharded);
    // 12,000 RCU on the key, 4,200 of them the tenant's; P = max(⌈40,000 ÷ 3,000⌉ = 14, 48) = 48 of the declared peak.
    expect(finding.data).toMatchObject({ keySpacePartitions: 48, partitionsCountedBy: 'twice-the-peak' });
    expect(finding.data?.partitionsChargedReads).toBeUndefined();
    expect(finding.message).toContain('48 partitions assumed, for twice the declared peak (3,000 RCU and 1,000 WCU each;');
  });

  it("the alarm's words: the charged figure where it counted P, the declared words elsewhere", () => {
    expect(partitionCountText({ countedBy: 'twice-the-peak', chargedReads: 73_200 })).toBe(
      'for twice the peak as charged (its reads fan out over the shards: 73,200 RCU; on demand: AWS publishes no count)',
    );
    expect(partitionCountText({ countedBy: 'twice-the-peak' })).toBe('for twice the declared peak (on demand: AWS publishes no count)');
  });

  it('the same sharding whose fanned-out reads fit stays clean: 1,000 RCU declared, 210 RCU a shard beside 148.13', () => {
    // 600 RCU on the key; the tenant's 210 on each of 33 shards: 6,930 + 390 = 7,320 RCU; P = max(⌈14,640 ÷ 3,000⌉,
    // 48) = 48; (7,320 − 210) ÷ 48 = 148.13; the pair 420 + 148.13 − 4.38 = 563.75 RCU, within 3,000. Writes as before:
    // 8,400 ÷ 33 = 254.55 WCU a shard.
    expect(sg003(shardedAuditLog(1_000))).toEqual([]);
  });
});
