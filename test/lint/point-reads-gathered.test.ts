/**
 * reads32: a read of one item (GetItem's full key) on write shards the reader cannot pick (random, or calculated
 * without the source) must try every shard, and DynamoDB charges a read of an item that does not exist as one that
 * does, at least one read unit (AWS, "Capacity unit consumption for read operations"): every shard is charged it in
 * full. SG017 counted it N times; SG003's plan divided it 1/N and even called it an assumed large result. (What SG017
 * and the plan assume of a whole-collection read with no resultKb: gathered-reads-accounting.test.ts.)
 */
import { lint, normalize, type AccessPatternDesign, type DynamoDbTableDesign, type Finding } from '../../lib';
import { wholeUnitCharge } from '../../lib/design/gathered-read-share';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { gatheredReads } from '../../lib/lint/gathered-reads';
import { readRequests } from '../../lib/lint/read-requests';

const getParcel: AccessPatternDesign = { name: 'get-parcel', keyAttributes: ['depotId', 'parcelId'], share: 1 };

/**
 * 200 depots, the busiest taking 60% of 20,000 RCU of reads, each read one parcel by its full key: 12,000 RCU on 14
 * partitions, where two of 14 calculated shards on one take 1,714.29 + 1,367.35 − 61.22 = 3,020.41, past the hard 3,000;
 * past 14, a partition holds ⌈N ÷ 14⌉ and the test adds one: 3 of 15 take 2,400 + 1,371.43 − 800 = 2,971.43.
 */
const parcels = (sharding: DynamoDbTableDesign['sharding'], patterns: AccessPatternDesign[] = [getParcel]): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'parcels',
  partitionKey: { name: 'depotId', type: 'S', cardinality: 200 },
  sortKey: { name: 'parcelId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 20_000, peakWriteUnits: 200, hotKeyShare: 0.6 },
  ...(sharding ? { sharding } : {}),
  accessPatterns: patterns,
});

const analysisOf = (input: DynamoDbTableDesign) => {
  const { design } = normalize(input).designs[0];
  return new DesignAnalysis(design).of(design.primaryKey);
};
const sg003 = (input: DynamoDbTableDesign): Finding | undefined => lint(input).find((f) => f.ruleId === 'SG003');

describe('a read of one item on shards the reader cannot pick is charged on every shard, in the plan as in SG017', () => {
  it('gathered from random shards, each shard is charged the whole read: no 1/N, and no large result assumed', () => {
    const analysis = analysisOf(parcels({ strategy: 'random', shards: 2 }));
    const judged = gatheredReads(analysis.space, analysis.owner.patternsOn(analysis.space), 1, { charge: wholeUnitCharge(4), source: undefined });
    // main: spread true, the point read "assumed" to return over N × 4 KB.
    expect(judged).toMatchObject({ spread: false, pointReads: ['get-parcel'], assumed: [] });
    expect(judged).not.toHaveProperty('unspread');
  });

  it('SG003 charges each of the 2 random shards the 12,000 RCU, as SG017 counts a fan-out of it 2×', () => {
    const declared = parcels({ strategy: 'random', shards: 2 });
    // main: 6,000 RCU per shard.
    expect(sg003(declared)?.data).toMatchObject({ readLoad: 12_000, readPerKey: 12_000, declaredShards: 2 });
    const fanning = parcels({ strategy: 'random', shards: 2 }, [{ ...getParcel, fanOut: true }]);
    expect(readRequests(analysisOf(fanning))).toMatchObject({ units: 40_000, logical: 20_000, fanOut: { patterns: ['get-parcel'], shards: 2 } });
  });

  // fixconv35: to the calculated shards on `parcelId` the same key gets unsharded (the last test), not to 12 copies
  // (reads32), whose re-lint asked for those shards: one plan for the key, whatever its sharding declares.
  it('steers a read-hot point-read key off its random shards to calculated shards on the key the read gives, saying why (main: 12 copies)', () => {
    const finding = sg003(parcels({ strategy: 'random', shards: 2 }));
    expect(finding?.data).toMatchObject({ strategy: 'calculated', shards: 15, sourceAttribute: 'parcelId', declaredStrategy: 'random' });
    expect(finding?.data).not.toHaveProperty('assumedPatterns');
    expect(finding?.fix).toContain(
      'shard `depotId` into N = 15 calculated shards on `parcelId` (key#hash(parcelId) mod 15): a read for one parcelId hits one shard (`get-parcel`, which gives it), only whole-key reads fan out over 15, replacing its random sharding, which cannot spread the reads of one item',
    );
    expect(finding?.fix).not.toContain('(random)');
  });

  it('names both reasons where a small collection read and a point read both gather', () => {
    const both = parcels({ strategy: 'random', shards: 2 }, [
      { ...getParcel, share: 0.5 },
      { name: 'parcels-of-depot', keyAttributes: ['depotId'], share: 0.5, resultKb: 2 },
    ]);
    const finding = sg003(both);
    expect(finding?.data).toMatchObject({ gatheredPatterns: ['parcels-of-depot'], pointPatterns: ['get-parcel'], gatheredBoth: true });
    expect(finding?.fix).toContain(
      'with a result of 4 KB or less declared (resultKb), each shard is charged what the unsharded read was, whatever the count; and every read of one item of the hottest `depotId` value by `get-parcel` must try all the shards',
    );
  });

  it('stays as it was where a calculated shard on the key the read gives finds its one shard: N = 15 on `parcelId`', () => {
    for (const sharding of [undefined, { strategy: 'calculated' as const, shards: 2, sourceAttribute: 'parcelId' }]) {
      const finding = sg003(parcels(sharding));
      expect(finding?.data).toMatchObject({ strategy: 'calculated', shards: 15, sourceAttribute: 'parcelId' });
      expect(finding?.data).not.toHaveProperty('pointPatterns');
    }
  });
});
