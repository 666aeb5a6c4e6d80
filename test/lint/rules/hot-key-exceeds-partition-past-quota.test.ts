/**
 * prov33 (review 33, meter-provisioned.json): a provisioned table at SG017's raise (peak ÷ headroom) averages its usable
 * line on every partition, so a stored key heavier than the average one is over whatever it is sharded into. Where no
 * warm throughput within the default table-level quota leaves room for a count within maxShards, SG003's fix names the
 * partitions past it (the quota raised first), ahead of on-demand billing, batching and a wider fan-out.
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../../lib';
import { MIN_SPARE_FOR_COUNTS } from '../../../lib/lint/physical-partition';
import { usageCounters } from '../../fixtures';

const sg003 = (design: DynamoDbTableDesign): Finding | undefined => lint({ tables: [design] }).find((f) => f.ruleId === 'SG003');

/** The busiest of 32 shards of the tenant's 7,500 WCU beside 1/P of the rest of the 30,000 WCU. */
const shardBeside = (partitions: number) => 7500 / 32 + (30_000 - 7500 / 32) / partitions;
const roomyLine = (1 - MIN_SPARE_FOR_COUNTS) * 800;

describe('SG003 on a provisioned table whose partitions the default quota cannot raise enough (prov33)', () => {
  it.each([
    ['auto scaled to 20,000 WCU', { read: { fixed: 1000 }, write: { min: 5000, max: 20_000 } }],
    ['fixed at 20,000 WCU', { read: { fixed: 1000 }, write: { fixed: 20_000 } }],
  ])('%s: pre-warm past the quota to the 57 partitions the declared 32 shards need, then on-demand, then batching', (_, capacity) => {
    const finding = sg003(usageCounters({ capacity }));
    // 38 partitions at SG017's 37,500 WCU: 234.38 + 783.31 WCU; at the quota's 40, 978.52 of 800. No count at 38: the
    // writes alone needed 694 shards, but each read of `day-usage` (fanOut, 70% of the 500 RCU) then queries all 694:
    // 350 × 694 + 150 = 243,050 RCU over the table (`month-usage` declares no resultKb, counted once), (243,050 − 0) ÷ 38 =
    // 6,396.05 RCU beside each shard on its partition, past the 3,000 RCU it serves.
    expect(finding?.data?.shards).toBeUndefined();
    expect(finding?.data).toMatchObject({
      warmFromPartitions: 38,
      pastQuotaMost: 40,
      pastQuotaDirection: 'write',
      pastQuotaUnits: 57_000,
      pastQuotaPartitions: 57,
      pastQuotaShards: 32,
      pastQuotaKeeps: true,
    });
    expect(finding?.fix).toMatch(
      /^no count up to 1,000 keeps the hottest `tenantId` value under its ceiling: no warm throughput within the default table-level quota .*\(40 partitions at most, where 38 are counted now\); request the table-level write throughput quota raised to at least 57,000 \(Service Quotas; --fix writes no edit past a quota\), then pre-warm the table to 57,000 write units a second \(warmThroughput\): 57 partitions, the least at which the declared N = 32 shards fit with 5% of the usable ceiling free: each stored key's 234\.38 WCU beside the 522\.2 WCU .*billed every hour whether used or not.*; or move the table to on-demand billing .*where N = 32 shards fit too.*; or batch the hottest value's writes before they reach the table \(a queue or stream that aggregates them into fewer writes\)$/,
    );
    // Past a quota, no edit: the deployment would be refused until the quota is raised.
    expect(finding?.edits).toBeUndefined();
    // The least with 5% free: 57 partitions, not 56.
    expect(shardBeside(57)).toBeLessThanOrEqual(roomyLine);
    expect(shardBeside(56)).toBeGreaterThan(roomyLine);
  });

  it('unsharded, the fewest count at the partitions an on-demand table of that peak holds, and the least warm throughput for it', () => {
    const { sharding: _sharding, invariants: _invariants, ...unsharded } = usageCounters();
    const accessPatterns = unsharded.accessPatterns?.map(({ fanOut: _fanOut, ...p }) => p);
    const finding = sg003({ ...unsharded, accessPatterns });
    // At most 60 partitions (twice the 30,000 WCU peak): 7,500 ÷ 29 + (30,000 − 258.62) ÷ 60 = 754.31 ≤ 760 (28 leave 766),
    // but two of the 29 on one partition take 517.24 + 29,482.76 ÷ 60 = 1,008.62 of the hard 1,000 WCU; 30 fit both on 59,
    // 250 + 29,750 ÷ 59 = 754.24 and 500 + 29,500 ÷ 59 = 1,000 (on 58, 762.93 and 1,008.62).
    expect(finding?.data).toMatchObject({ pastQuotaUnits: 59_000, pastQuotaPartitions: 59, pastQuotaShards: 30, pastQuotaReshard: true });
    expect(finding?.data?.pastQuotaKeeps).toBeUndefined();
    expect(finding?.fix).toMatch(/59 partitions, the least at which N = 30 shards fit with 5% of the usable ceiling free \(shard into N = 30\)/);
    expect(finding?.fix).toContain(
      "N = 30 assumes its shards hash onto different partitions of the 59: two share one 99.99% of the time, and that partition then takes 1,000 WCU, within the partition's 1,000 WCU maximum",
    );
    expect(7500 / 28 + (30_000 - 7500 / 28) / 60).toBeGreaterThan(roomyLine);
    expect((2 * 7500) / 29 + (30_000 - (2 * 7500) / 29) / 60).toBeGreaterThan(1000);
  });

  it('applied by hand, with the quota raise acknowledged on SG017, lints clean; so does on-demand billing', () => {
    const applied = usageCounters({
      capacity: { read: { fixed: 14_188 }, write: { min: 5000, max: 37_500 } },
      warmThroughput: { writeUnitsPerSecond: 57_000 },
      acknowledgements: [{ rule: 'SG017', reason: 'table-level write quota raised to 60,000 WCU' }],
    });
    expect(lint({ tables: [applied] }).filter((f) => !f.acknowledged)).toEqual([]);
    // Without the acknowledgement, SG017 says the pre-warm needs the quota raised.
    const unacknowledged = lint({ tables: [{ ...applied, acknowledgements: [] }] });
    expect(unacknowledged.map((f) => [f.ruleId, f.path])).toEqual([['SG017', 'tables[0].warmThroughput.writeUnitsPerSecond']]);
    const { capacity: _capacity, ...rest } = usageCounters();
    expect(lint({ tables: [{ ...rest, billing: 'on-demand' }] })).toEqual([]);
  });

  it('a tenant past what any partitions up to on-demand’s twice the peak can take in 100 shards keeps batching alone', () => {
    // 90%: 27,000 WCU; at 60 partitions each of N shards meets 1/60 of the rest: N ≥ 27,000 × 59/60 ÷ 260 > 100.
    const finding = sg003(usageCounters({ workload: { peakReadUnits: 500, peakWriteUnits: 30_000, hotKeyShare: 0.9, hotKeyOperations: 'writes' } }));
    expect(finding?.data?.pastQuotaUnits).toBeUndefined();
    // What binds is the 38 partitions (30,000 WCU over them: 789.47 each, of a usable 800), said with the quota that bounds
    // more of them; no raise is offered (no Service Quotas request, no on-demand move).
    expect(finding?.fix).toMatch(
      /^no count up to 1,000 fits the hottest `tenantId` value on the 38 partitions assumed for the capacity SG017 raises it to .*; or batch the hottest value's writes/,
    );
    expect(finding?.fix).not.toMatch(/Service Quotas|on-demand|once it is raised/);
  });

  it('within the quota the warm lever still leads, and --fix writes it (20,000 WCU peak, auto scaled to 15,000)', () => {
    const finding = sg003(
      usageCounters({
        workload: { peakReadUnits: 500, peakWriteUnits: 20_000, hotKeyShare: 0.25, hotKeyOperations: 'writes' },
        capacity: { read: { fixed: 15_000 }, write: { min: 5000, max: 15_000 } },
      }),
    );
    // The tenant's 5,000 of 20,000 WCU: 19 shards leave 5% free on the quota's 40 partitions (263.16 + 493.42 = 756.58),
    // but two of them on one take 526.32 + 486.84 = 1,013.16 of the hard 1,000 WCU; 20 fit both on 39 (756.41 and
    // 500 + 19,500 ÷ 39 = 1,000), and the pair, not the 5% free, sets the count.
    expect(finding?.fix).toMatch(
      /^pre-warm the table to 39,000 write units a second \(warmThroughput\): 39 partitions where 25 are counted now, the least at which N = 20 shards fit with 5% of the usable ceiling free, then lower sharding.shards from 32 to N = 20/,
    );
    expect(finding?.fix).toContain('N = 20 is the fewest two of which on one partition fit its maximum at any warm throughput within the table-level quota');
    expect(finding?.fix).not.toMatch(/Service Quotas/);
  });
});
