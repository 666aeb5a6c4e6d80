/**
 * A Cosmos DB container is judged at the throughput it will have: Azure keeps a provisioned container's RU/s at no less
 * than its storage minimum (manual: 1 RU/s per GB; an autoscale maximum: 10 RU/s per GB; "Azure Cosmos DB service
 * quotas", minimum throughput limits) and bills that, so a declared figure below it is not the one its physical
 * partitions divide. SG017 reports the gap; SG003 and SG014 judge the key at the minimum, as if it were declared.
 */
import { lint, normalize, type CosmosContainerDesign, type CosmosKeyDesign, type Finding } from '../../../lib';
import { fixDesignText } from '../../../lib/cli/fix';
import { profileOf } from '../../../lib/engines';
import { container } from '../../fixtures';

/** Wind-farm telemetry: 300 farms, the largest 1.2% of 150,000 RU/s of writes and 20,000 of reads, holding 1,166 GB. */
function windFarm(totalGb: number, autoscaleMax: number, hotKeyShare = 0.012): CosmosContainerDesign {
  return container({
    name: 'readings',
    partitionKey: {
      paths: [
        { path: '/farmId', cardinality: 300, hotKeyShare, largestGb: 1166 },
        { path: '/turbineId', cardinality: 50_000 },
        { path: '/day', cardinality: 90, kind: 'time-bucket' },
      ],
    },
    throughput: { autoscaleMax },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 150_000 },
    storage: { totalGb },
    accessPatterns: [
      { name: 'turbine-last-hour', keyAttributes: ['/farmId', '/turbineId', '/day'], share: 0.9 },
      { name: 'farm-last-10-min', keyAttributes: ['/farmId'], share: 0.1 },
    ],
  });
}

const ruleFindings = (design: CosmosContainerDesign, ruleId: string): Finding[] => lint(design).filter((f) => f.ruleId === ruleId);

/** The findings other than SG017's storage minimum, without where they point (two designs' SG017 differ by design). */
const judged = (design: CosmosContainerDesign) =>
  lint(design)
    .filter((f) => f.messageId !== 'cosmosBelowStorageMinimum' && f.messageId !== 'cosmosAboveQuota')
    .map((f) => ({ ruleId: f.ruleId, messageId: f.messageId, data: f.data }));

describe('a container whose storage minimum is above its declared RU/s', () => {
  it('150,000 GB at autoscale max 220,000: judged at 1,500,000 (500 RU/s on each of 3,000 partitions), no SG003 re-key', () => {
    // Before: two SG003 errors judged at 220,000 ÷ 3,000 = 73.33 RU/s each, asking for /farmIdBucket × 100 or 325,000.
    // 1,166 GB span 24 partitions (⌈1,166 ÷ 50⌉) of 400 usable each (80% of 500): 9,600, for the farm's 2,040 RU/s.
    expect(ruleFindings(windFarm(150_000, 220_000), 'SG003')).toEqual([]);
    expect(judged(windFarm(150_000, 220_000))).toEqual(judged(windFarm(150_000, 1_500_000)));
    const [minimum] = ruleFindings(windFarm(150_000, 220_000), 'SG017');
    expect(minimum).toMatchObject({ messageId: 'cosmosBelowStorageMinimum', data: { declared: 220_000, minimum: 1_500_000 } });
  });

  it('97,200 GB at autoscale max 220,000: no SG003 warning asking for 243,000 where Azure holds it at 972,000', () => {
    expect(ruleFindings(windFarm(97_200, 220_000), 'SG003')).toEqual([]);
    expect(judged(windFarm(97_200, 220_000))).toEqual(judged(windFarm(97_200, 972_000)));
  });

  it('a farm still too hot at the minimum is judged there: 972,000 RU/s over 1,944 partitions of 500', () => {
    // 7% of 170,000 = 11,900 RU/s on 24 partitions of 400 usable (9,600) less its neighbours: over, at the minimum's figures.
    const [sg003] = ruleFindings(windFarm(97_200, 220_000, 0.07), 'SG003');
    expect(sg003.data).toMatchObject({ containerRu: 972_000, physicalPartitions: 1_944, partitionRu: 500 });
    expect(judged(windFarm(97_200, 220_000, 0.07))).toEqual(judged(windFarm(97_200, 972_000, 0.07)));
  });

  it('--fix writes the minimum once and converges: nothing left to fix', () => {
    const text = JSON.stringify({ containers: [windFarm(97_200, 220_000)] });
    const once = fixDesignText(text, {});
    expect(JSON.parse(once.text).containers[0].throughput).toEqual({ autoscaleMax: 972_000 });
    expect(fixDesignText(once.text, {}).fixes).toEqual([]);
  });
});

describe('a container whose declared RU/s are above its storage minimum', () => {
  it('15,000 GB at autoscale max 220,000 (minimum 150,000): judged at the declared 220,000 over 300 partitions', () => {
    const [sg003] = ruleFindings(windFarm(15_000, 220_000, 0.07), 'SG003');
    expect(sg003.data).toMatchObject({ containerRu: 220_000, physicalPartitions: 300 });
    expect(ruleFindings(windFarm(15_000, 220_000, 0.07), 'SG017').filter((f) => f.messageId === 'cosmosBelowStorageMinimum')).toEqual([]);
  });
});

describe('a layout a fix weighs is not given the minimum its own storage forces', () => {
  it('5 copies of the 150,000 GB container: 750,000 GB on 15,000 partitions of the 1,500,000 RU/s it holds (100 each), the 7,500,000 they force named as their cost', () => {
    // The re-applied first attempt read the minimum from the layout's storage: 75 copies of chat-viral's 2,000 GB (150,000
    // GB) got 1,500,000 RU/s for free, 500 RU/s on each of 3,000 partitions, and were offered (test/lint/copies-storage).
    const declared = normalize({ containers: [windFarm(150_000, 220_000)] }).designs[0].design as CosmosKeyDesign;
    const profile = profileOf('cosmosdb');
    expect(profile.physicalPartitions?.(declared)).toMatchObject({ count: 3_000, requestUnits: 1_500_000, requestUnitsEach: 500 });
    expect(profile.physicalPartitions?.(declared)?.storageMinimum).toBeUndefined();
    const copied = Object.assign({}, declared, { totalGb: 750_000 });
    expect(profile.physicalPartitions?.(copied)).toMatchObject({ count: 15_000, requestUnits: 1_500_000, requestUnitsEach: 100, storageMinimum: 7_500_000 });
  });

  /** A read-hot feed on 100 partitions a past raise left (autoscale max 40,000: 400 RU/s each), 1,000 GB (minimum 10,000). */
  const feed: CosmosContainerDesign = {
    engine: 'cosmosdb',
    name: 'feed',
    throughput: { autoscaleMax: 40_000 },
    physicalPartitions: 100,
    partitionKey: { paths: [{ path: '/feedId', cardinality: 50_000, hotKeyShare: 0.3 }] },
    workload: { peakReadUnits: 4_000, peakWriteUnits: 50 },
    storage: { totalGb: 1_000 },
  };

  it('copies whose storage forces a raise are weighed with it: 45,000 RU/s and 4 copies (4,000 GB), not 5 copies at 40,000 whose 5,000 GB force 50,000', () => {
    // Hot value: 30% of 4,000 reads + 50 writes = 1,200 + 15 RU/s. Before: 5 copies "at today's 40,000": 240 + 15 = 255
    // beside (4,000 − 240 + 5 × 50 − 15) ÷ 100 = 39.95, within 320 usable; but 5 × 1,000 GB hold the autoscale maximum at
    // ≥ 50,000 (10 RU/s per GB), which SG017 then raised to: 50,000 RU/s and 5 copies. Now the least raise among the
    // counts: 4 copies need 315 + (4,000 − 300 + 4 × 50 − 15) ÷ 100 = 353.85 ≤ 80% × 45,000 ÷ 100 = 360 (352 at 44,000),
    // and their 4,000 GB force 40,000 ≤ 45,000; 5 copies need the 50,000 their storage forces.
    const [sg003] = lint(feed).filter((f) => f.ruleId === 'SG003');
    expect(sg003.edits).toEqual([
      { op: 'set', path: 'throughput.autoscaleMax', value: 45_000 },
      { op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 4 } },
      { op: 'set', path: 'storage.totalGb', value: 4_000 },
    ]);
    const once = fixDesignText(JSON.stringify({ containers: [feed] }), {});
    expect(JSON.parse(once.text).containers[0]).toMatchObject({ throughput: { autoscaleMax: 45_000 }, storage: { totalGb: 4_000 } });
    expect(fixDesignText(once.text, {}).fixes).toEqual([]);
  });

  it("copies within the minimum their storage forces are offered at today's RU/s, with no raise", () => {
    // A 12.5% value (500 + 6.25 RU/s) over 320 usable: 2 copies take 256.25 beside (4,000 − 250 + 2 × 50 − 6.25) ÷ 100 =
    // 38.44, 294.69 ≤ 320, and their 2,000 GB force 20,000, within the 40,000 it holds.
    const cooler = Object.assign({}, feed, { partitionKey: { paths: [{ path: '/feedId', cardinality: 50_000, hotKeyShare: 0.125 }] } });
    const [sg003] = lint(cooler).filter((f) => f.ruleId === 'SG003');
    expect(sg003.edits).toEqual([
      { op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 2 } },
      { op: 'set', path: 'storage.totalGb', value: 2_000 },
    ]);
  });
});
