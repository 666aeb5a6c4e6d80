/**
 * The bucket count of a synthetic first level converges (stranger's review 7, item 4). At 125,000 RU/s for a
 * 100,000 RU/s peak over 30 physical partitions, every partition already sits at its usable line (100,000 ÷ 30 =
 * 3,333.33 of 3,333.33), so each bucket, beside 1/30 of the rest of the load, is over it whatever the count: the
 * full key's shards get the same verdict. The finding said "mod 4" (45,000 ÷ 12,000, a count that does not fit),
 * then 15× more buckets on the applied design, then 30× more. It now says no count fits at this throughput, and
 * gives the raise at which one does, with the count at that raise: applied, no bucket finding remains.
 */
import { lint, type CosmosContainerDesign, type CosmosKeyPathDesign, type Finding } from '../../lib';

const messages = (first: CosmosKeyPathDesign, autoscaleMax: number, physicalPartitions?: number): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'messages',
  partitionKey: { paths: [first, { path: '/roomId', cardinality: 60_000 }] },
  throughput: { autoscaleMax },
  ...(physicalPartitions === undefined ? {} : { physicalPartitions }),
  storage: { totalGb: 1500 },
  workload: { peakReadUnits: 40_000, peakWriteUnits: 60_000 },
});
const tenant: CosmosKeyPathDesign = { path: '/tenantId', cardinality: 300, hotKeyShare: 0.45, largestGb: 400 };
const firstLevel = (findings: Finding[]) => findings.find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths[0]');
const figure = (f: Finding | undefined, name: string) => f?.data?.[name] as number;

describe('a synthetic first level where no bucket count fits at the current throughput', () => {
  // As it is, its 45,000 RU/s need ⌈400 ÷ 50⌉ = 8 partitions it fills alone at 80% × RU ÷ 30 each: 211,000 RU/s
  // (review 11: before, the other tenants' expected load was subtracted on each of the 8, and 280,000 were asked).
  it('says so, with the raise at which a count fits and that count, and no edit', () => {
    // The container holds its 1,500 GB today, on the 30 partitions that storage needs: declared, it is raised in place.
    const finding = firstLevel(lint(messages(tenant, 100_000, 30)));
    expect(finding?.fix).toMatch(
      /^no bucket count up to 1,000 serves the hottest `\/tenantId` value at this throughput: .* the average partition already carries 3,333\.33 RU\/s \(100,000 ÷ 30\) of the 3,333\.33 usable on each \(80% of 4,166\.67\); raise the container's throughput in place to 142,000 RU\/s \(30 physical partitions .*\), the least at which a bucket count within maxShards 100 serves it, then give the first level more values: .* mod 96 .*; or raise the container's throughput in place to 211,000 RU\/s/,
    );
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).not.toMatch(/mod 4\b/);
  });

  it('converges: the raise and the count applied, no bucket finding remains', () => {
    const finding = firstLevel(lint(messages(tenant, 100_000)));
    const [raiseTo, partitions, buckets] = [figure(finding, 'bucketRaiseTo'), figure(finding, 'bucketRaisedPartitions'), figure(finding, 'buckets')];
    expect([raiseTo, partitions, buckets]).toEqual([142_000, 30, 96]);
    const bucketed: CosmosKeyPathDesign = { path: '/tenantIdBucket', cardinality: 300 * buckets, hotKeyShare: 0.45 / buckets, largestGb: 400 / buckets };
    const after = lint(messages(bucketed, raiseTo, partitions));
    expect(firstLevel(after)).toBeUndefined();
    // One bucket fewer at that raise does not fit: the count is the smallest, not a padded one.
    const fewer: CosmosKeyPathDesign = { path: '/tenantIdBucket', cardinality: 300 * (buckets - 1), hotKeyShare: 0.45 / (buckets - 1) };
    expect(firstLevel(lint(messages(fewer, raiseTo, partitions)))).toBeDefined();
  });

  it('gives a bucketed first level (the applied mod 4) the raise, not 15× more buckets, and it converges', () => {
    const level: CosmosKeyPathDesign = { path: '/tenantIdBucket', cardinality: 1200, hotKeyShare: 0.1125, largestGb: 100 };
    const finding = firstLevel(lint(messages(level, 125_000)));
    expect(finding?.fix).toMatch(/^no bucket count up to 1,000 serves the hottest `\/tenantIdBucket` value at this throughput/);
    expect(finding?.fix).not.toMatch(/15-fold/);
    const factor = figure(finding, 'bucketFactor');
    const applied: CosmosKeyPathDesign = { path: '/tenantIdBucket', cardinality: 1200 * factor, hotKeyShare: 0.1125 / factor, largestGb: 100 / factor };
    expect(firstLevel(lint(messages(applied, figure(finding, 'bucketRaiseTo'), figure(finding, 'bucketRaisedPartitions'))))).toBeUndefined();
  });

  it('keeps the count where one fits at the current throughput (unchanged: 9,000 of a 20,000 RU/s peak on 8 partitions of 7,500, mod 3)', () => {
    const roomy = messages({ ...tenant, largestGb: 40 }, 60_000);
    const finding = firstLevel(lint({ ...roomy, storage: { totalGb: 400 }, workload: { peakReadUnits: 10_000, peakWriteUnits: 10_000 } }));
    // (7/8) × 9,000 ÷ N ≤ 6,000 − 20,000 ÷ 8: N ≥ 2.25.
    expect(finding?.fix).toMatch(/^give the first level more values: .* mod 3 splits/);
  });
});
