/**
 * One raise for a hierarchical key's hot first level (README: one cause, one raise). An IoT container, `/tenantId` →
 * `/deviceId`, 3,000 tenants, the hottest taking 30% of a 1,050,000 RU/s peak (50,000 reads + 1,000,000 writes) on an
 * autoscale maximum of 1,000,000 RU/s, no physicalPartitions declared (a container still to be created). SG017's raise
 * is sized for the full key's hottest value (`raiseForPeak`); SG003 judged the first level at a raise of its own
 * (1,313,000 on 132 partitions) and sized its buckets at yet another (1,985,000 on 199), so applying its advice asked for
 * 13,347 buckets. Now both judge and state one raise on one partition count.
 *
 * Figures (Azure: a container created at an autoscale maximum starts on one physical partition per 10,000 RU/s, each
 * 1/P of the RU/s, "Provision autoscale throughput", "Partitioning and horizontal scaling"; 80% headroom):
 * - peak ÷ headroom = 1,312,500 → 1,313,000 on the grid: 132 partitions of 9,946.97, 7,957.58 usable; the hottest full-key
 *   value, 315,000 ÷ (2,000,000 ÷ 3,000) = 472.5 RU/s, meets (1,050,000 − 472.5) ÷ 132 = 7,950.97: 8,423.47 > 7,957.58.
 * - 1,395,000: 140 partitions of 9,964.29, 7,971.43 usable; 472.5 + 1,049,527.5 ÷ 140 = 7,969.11, fits (1,394,000: 140 of
 *   9,957.14, 7,965.71 usable, does not). SG003 at it: the tenant's 315,000 beside (1,050,000 − 315,000) ÷ 140 = 5,250
 *   leaves 7,971.43 − 5,250 = 2,721.43 RU/s.
 * - buckets at 1,395,000: 315,000 ÷ 664 = 474.4 + (1,050,000 − 474.4) ÷ 140 = 7,496.61 → 7,971.01 ≤ 7,971.43; 663 buckets:
 *   475.11 + 7,496.61 = 7,971.72 > 7,971.43. So N = 664.
 */
import { lint, type DesignInput } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const container = (firstLevel: object, autoscaleMax: number, fanOut = false) => ({
  name: 'telemetry',
  partitionKey: { paths: [firstLevel, { path: '/deviceId', cardinality: 2_000_000 }] },
  throughput: { autoscaleMax },
  workload: { peakReadUnits: 50_000, peakWriteUnits: 1_000_000 },
  storage: { largestPartitionGb: 0.78 },
  accessPatterns: [
    { name: 'device-last-hour', keyAttributes: [(firstLevel as { path: string }).path, '/deviceId'], share: 0.5 },
    { name: 'tenant-dashboard', keyAttributes: [(firstLevel as { path: string }).path], share: 0.5, ...(fanOut ? { fanOut: true } : {}) },
  ],
});

const declared = { containers: [container({ path: '/tenantId', cardinality: 3000, hotKeyShare: 0.3 }, 1_000_000)] } as DesignInput;

/** The design with SG003's buckets and SG017's raise applied, as the two findings state them. */
function applied(buckets: number, autoscaleMax: number): DesignInput {
  const level = {
    path: '/tenantIdBucket',
    cardinality: 3000 * buckets,
    components: [
      { name: '/tenantId', cardinality: 3000 },
      { name: 'bucket', cardinality: buckets },
    ],
    hotKeyShare: 0.3 / buckets,
  };
  return { containers: [container(level, autoscaleMax, true)] } as DesignInput;
}

describe("a hot first level short of RU/s: SG003 judges and sizes its buckets at SG017's one raise", () => {
  const findings = lint(declared);
  const level = findings.find((f) => f.ruleId === 'SG003' && f.path === 'containers[0].partitionKey.paths[0]');
  const capacity = findings.find((f) => f.ruleId === 'SG017');

  it('both state 1,395,000 RU/s on 140 physical partitions (before: SG003 1,313,000 on 132, its N on 199; SG017 1,395,000)', () => {
    expect(capacity?.data).toMatchObject({ needed: 1_395_000, neededPartitions: 140 });
    expect(level?.data).toMatchObject({ containerRu: 1_395_000, physicalPartitions: 140, buckets: 664, bucketPartitions: 140 });
    expect(level?.data?.prefixUsable).toBeCloseTo(2721.43, 2);
    expect(level?.message).toContain("the container's 1,395,000 RU/s are divided among 140 physical partitions");
    expect(level?.fix).toContain('N = 664 holds only together with the raise to 1,395,000 RU/s SG017 asks for');
    expect(level?.fix).toContain("why N = 664: a bucket's 474.4 RU/s + (1,050,000 − 474.4) ÷ 140 = 7,496.61");
  });

  it('SG017 says why its raise passes peak ÷ headroom: the hottest full-key value (before: "1,050,000 RU/s at 80%" alone)', () => {
    expect(capacity?.data).toMatchObject({ valueRaisePlain: 1_313_000, valueRaisePartitions: 132, valueRaiseLoad: 472.5 });
    expect(capacity?.fix).toContain(
      "1,395,000 RU/s, not the 1,313,000 RU/s the peak alone needs: created at 1,313,000 RU/s, Azure starts it on 132 physical partitions of 9,946.97 RU/s, where the hottest (`/tenantId`, `/deviceId`) value's 472.5 RU/s and the 7,950.97 RU/s",
    );
  });

  it('the advice applied as stated leaves only the quota ticket, and --fix changes nothing more (before: 13,347 buckets asked)', () => {
    // SG003's count with the raise it says it holds at, which is SG017's.
    const raise = level?.data?.containerRu as number;
    expect(raise).toBe(capacity?.data?.needed);
    const after = applied(level?.data?.buckets as number, raise);
    expect(lint(after).map((f) => `${f.ruleId} ${f.messageId}`)).toEqual(['SG017 cosmosAboveQuota']);
    const text = JSON.stringify(after, null, 2);
    expect(fixDesignText(text, {}, 'error').text).toBe(text);
  });

  it('one bucket fewer than stated still fails at that raise (the count is the least)', () => {
    expect(lint(applied(663, 1_395_000)).some((f) => f.ruleId === 'SG003' && f.path === 'containers[0].partitionKey.paths[0]')).toBe(true);
  });
});
