/**
 * warm31: the warm-throughput lever (warm-partitions.ts, `warmLever`) said "pre-warm the table to 38,000 write units a
 * second: 38 partitions where 20 are counted now, the least at which it fits with 5% of the usable ceiling free, then
 * … N = 15", yet 15 shards fit at 36 partitions, and at 38 leave 2% free: 38 was the least for 16 shards, the fewest
 * that leave 5% free. The lever now offers that count, names it in the claim ("the least at which N = 16 shards fit with
 * 5% of the usable ceiling free"), and its alternative on the partitions counted now (35 shards, at the 20,000 WCU the
 * design declares) says what the pre-warm buys and costs. Counts are now also sized so two shards on one partition
 * fit its hard 1,000 WCU maximum: at 20,000 WCU the fewest is 21 at 40 partitions, which does not halve today's 35, so
 * no lever; at 18,000 WCU (51 shards today) the lever offers 21 at 36 partitions, both set by that pair test.
 */
import { lint, normalize, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { hashedPairFits, besideNeighbours } from '../../lib/design/hashed-pair';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { MIN_SPARE_FOR_COUNTS } from '../../lib/lint/physical-partition';
import { schedulerJobs } from '../fixtures';

/** The scheduler's table with `writeUnitsPerSecond` of warm throughput declared (20,000: the review's sch-20k.json). */
const jobs = (overrides: Partial<DynamoDbTableDesign> = {}, writeUnitsPerSecond = 18_000) =>
  schedulerJobs({ warmThroughput: { writeUnitsPerSecond }, ...overrides });

const sharded = (shards: number, writeUnitsPerSecond: number) =>
  jobs({
    warmThroughput: { writeUnitsPerSecond },
    sharding: { strategy: 'calculated', shards, sourceAttribute: 'dueAtJobId', hotValues: 1 },
    accessPatterns: [{ name: 'jobs-of-tenant', keyAttributes: ['tenantId'], rangeAttribute: 'dueAtJobId', share: 1, fanOut: true }],
  });

/** The busiest stored key's writes with `shards` at `writeUnitsPerSecond`: beside its neighbours, as a part of the usable ceiling, and whether two on one partition fit 1,000 WCU. */
function busiest(shards: number, writeUnitsPerSecond: number): { readonly share: number; readonly pairFits: boolean } {
  const [{ design }] = normalize(sharded(shards, writeUnitsPerSecond)).designs;
  const a = new DesignAnalysis(design).of(design.primaryKey);
  const write = a.dimensionsAt('calculated', shards).find((d) => d.label === 'write');
  if (!write?.neighbours) throw new Error('no write dimension beside neighbours');
  return { share: (write.load + write.neighbours.load) / write.neighbours.usableAlone, pairFits: hashedPairFits(shards, besideNeighbours(write)) };
}

describe("the warm lever's least warm throughput is the least for the count it offers", () => {
  const sg003 = lint(jobs()).find((f) => f.ruleId === 'SG003');

  it('offers 21 shards at 36 partitions and says the pair test sets both', () => {
    expect(sg003?.data).toMatchObject({ warmWriteUnits: 36_000, warmPartitions: 36, warmFromPartitions: 18, shards: 21, currentShards: 51 });
    // 7,200 ÷ 21 = 342.86 WCU a shard beside (12,000 − 342.86) ÷ 36 = 323.81: two on one partition take
    // 2 × 342.86 + 323.81 − 342.86 ÷ 36 = 1,000 WCU; at 35 partitions 1,008.98, though one shard there leaves 5% free.
    expect(sg003?.fix).toContain(
      '36 partitions where 18 are counted now, the least at which two of N = 21 shards on one partition fit its 1,000 WCU maximum (1,000 WCU there)',
    );
    // At 40 partitions 16 shards leave 5% free (7,200 ÷ 16 × 39 ÷ 40 + 300 = 738.75 of 800), but two of 20 take 1,002.
    expect(sg003?.fix).toContain('N = 21 is the fewest two of which on one partition fit its maximum at any warm throughput within the table-level quota');
  });

  it('the stated warm throughput fits the stated N, and no smaller one does: the pair, not 5% free, binds', () => {
    const { shards, warmWriteUnits } = sg003?.data as { shards: number; warmWriteUnits: number };
    expect(busiest(shards, warmWriteUnits).share).toBeLessThanOrEqual(1 - MIN_SPARE_FOR_COUNTS);
    expect(busiest(shards, warmWriteUnits).pairFits).toBe(true);
    expect(busiest(shards, warmWriteUnits - 1_000)).toEqual({ share: expect.any(Number), pairFits: false });
    expect(busiest(shards, warmWriteUnits - 1_000).share).toBeLessThanOrEqual(1 - MIN_SPARE_FOR_COUNTS);
    // 20 shards never put two on one partition within 1,000 WCU within the 40,000 WCU quota: not a count the lever may offer.
    expect(busiest(20, 40_000).pairFits).toBe(false);
    expect(busiest(16, 40_000).share).toBeLessThanOrEqual(1 - MIN_SPARE_FOR_COUNTS);
  });

  it('names the count that fits at the declared 18,000 WCU with no further pre-warm as the alternative, and why it follows', () => {
    expect(sg003?.fix).toContain(
      '; or, on the 18 partitions counted now, N = 51 shards, each beside 1/18 of the rest of the load: every read of one `tenantId` value then fans out over 51, not 21, but no further pre-warm is needed (the pre-warm leads as it at least halves that fan-out, for a charge paid once that cannot be undone)',
    );
    expect(lint({ tables: [sharded(51, 18_000)] })).toEqual([]);
    expect(lint({ tables: [sharded(50, 18_000)] }).map((f) => f.ruleId)).toContain('SG003');
  });

  it('--fix writes 36,000 WCU and 21 shards, and the re-lint is clean (the jobs of a tenant sized; with no resultKb it writes none)', () => {
    const sized = jobs({ accessPatterns: [{ name: 'jobs-of-tenant', keyAttributes: ['tenantId'], rangeAttribute: 'dueAtJobId', share: 1, resultKb: 480 }] });
    expect(fixDesignText(JSON.stringify({ tables: [jobs()] }, null, 2), {}).fixes).toEqual([]);
    const { text } = fixDesignText(JSON.stringify({ tables: [sized] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.warmThroughput).toEqual({ writeUnitsPerSecond: 36_000 });
    expect(fixed.sharding).toMatchObject({ shards: 21 });
    expect(lint({ tables: [fixed] })).toEqual([]);
  });

  it("at the review's 20,000 WCU no lever: the fewest whose pair fits, 21 at 40 partitions, does not halve the 35 needed now", () => {
    const at20k = lint(jobs({}, 20_000)).find((f) => f.ruleId === 'SG003');
    expect(at20k?.data).toMatchObject({ shards: 35 });
    expect(at20k?.data).not.toHaveProperty('warmPartitions');
    expect(at20k?.fix).not.toContain('pre-warm');
  });
});
