/**
 * warm31: the warm-throughput lever (warm-partitions.ts, `warmLever`) said "pre-warm the table to 38,000 write units a
 * second: 38 partitions where 20 are counted now, the least at which it fits with 5% of the usable ceiling free, then
 * … N = 15", yet 15 shards fit at 36 partitions, and at 38 leave 2% free: 38 was the least for 16 shards, the fewest
 * that leave 5% free. The lever now offers that count, names it in the claim ("the least at which N = 16 shards fit with
 * 5% of the usable ceiling free"), and its alternative on the partitions counted now (35 shards, at the 20,000 WCU the
 * design declares) says what the pre-warm buys and costs.
 */
import { lint, normalize, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { MIN_SPARE_FOR_COUNTS } from '../../lib/lint/physical-partition';
import { schedulerJobs } from '../fixtures';

/** The scheduler's table with 20,000 WCU of warm throughput declared (the review's sch-20k.json). */
const jobs = (overrides: Partial<DynamoDbTableDesign> = {}) => schedulerJobs({ warmThroughput: { writeUnitsPerSecond: 20_000 }, ...overrides });

const sharded = (shards: number, writeUnitsPerSecond: number) =>
  jobs({
    warmThroughput: { writeUnitsPerSecond },
    sharding: { strategy: 'calculated', shards, sourceAttribute: 'dueAtJobId', hotValues: 1 },
    accessPatterns: [{ name: 'jobs-of-tenant', keyAttributes: ['tenantId'], rangeAttribute: 'dueAtJobId', share: 1, fanOut: true }],
  });

/** The busiest stored key's writes beside its neighbours, as a part of the usable ceiling, with `shards` at `writeUnitsPerSecond`. */
function busiestShare(shards: number, writeUnitsPerSecond: number): number {
  const [{ design }] = normalize(sharded(shards, writeUnitsPerSecond)).designs;
  const a = new DesignAnalysis(design).of(design.primaryKey);
  const write = a.dimensionsAt('calculated', shards).find((d) => d.label === 'write');
  if (!write?.neighbours) throw new Error('no write dimension beside neighbours');
  return (write.load + write.neighbours.load) / write.neighbours.usableAlone;
}

describe("the warm lever's least warm throughput is the least for the count it offers", () => {
  const sg003 = lint(jobs()).find((f) => f.ruleId === 'SG003');

  it('offers 16 shards at 38 partitions and names the count its claim is about (was N = 15 and "it")', () => {
    expect(sg003?.data).toMatchObject({ warmWriteUnits: 38_000, warmPartitions: 38, warmFromPartitions: 20, shards: 16, currentShards: 35 });
    expect(sg003?.fix).toContain('38 partitions where 20 are counted now, the least at which N = 16 shards fit with 5% of the usable ceiling free');
    expect(sg003?.fix).toContain('N = 16 is the fewest that leaves 5% free at any warm throughput within the table-level quota');
  });

  it('the stated warm throughput leaves the stated N 5% free, and no smaller one does', () => {
    const { shards, warmWriteUnits } = sg003?.data as { shards: number; warmWriteUnits: number };
    expect(busiestShare(shards, warmWriteUnits)).toBeLessThanOrEqual(1 - MIN_SPARE_FOR_COUNTS);
    expect(busiestShare(shards, warmWriteUnits - 1_000)).toBeGreaterThan(1 - MIN_SPARE_FOR_COUNTS);
    // 15 shards never leave 5% free within the 40,000 WCU quota: not a count the lever may offer.
    expect(busiestShare(15, 40_000)).toBeGreaterThan(1 - MIN_SPARE_FOR_COUNTS);
  });

  it('names the count that fits at the declared 20,000 WCU with no further pre-warm as the alternative, and why it follows', () => {
    expect(sg003?.fix).toContain(
      '; or, on the 20 partitions counted now, N = 35 shards, each beside 1/20 of the rest of the load: every read of one `tenantId` value then fans out over 35, not 16, but no further pre-warm is needed (the pre-warm leads as it at least halves that fan-out, for a charge paid once that cannot be undone)',
    );
    expect(lint({ tables: [sharded(35, 20_000)] })).toEqual([]);
    expect(lint({ tables: [sharded(34, 20_000)] }).map((f) => f.ruleId)).toContain('SG003');
  });

  it('--fix writes 38,000 WCU and 16 shards, and the re-lint is clean (the jobs of a tenant sized; with no resultKb it writes none)', () => {
    const sized = jobs({ accessPatterns: [{ name: 'jobs-of-tenant', keyAttributes: ['tenantId'], rangeAttribute: 'dueAtJobId', share: 1, resultKb: 480 }] });
    expect(fixDesignText(JSON.stringify({ tables: [jobs()] }, null, 2), {}).fixes).toEqual([]);
    const { text } = fixDesignText(JSON.stringify({ tables: [sized] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.warmThroughput).toEqual({ writeUnitsPerSecond: 38_000 });
    expect(fixed.sharding).toMatchObject({ shards: 16 });
    expect(lint({ tables: [fixed] })).toEqual([]);
  });
});
