/**
 * A fix that shards a uniform key shards every value alike: 5 regions of 4,000 WCU into 16 shards each place 80 shards of
 * 250 WCU on the table's 40 partitions (20,000 WCU on demand, counted for twice the peak). A partition's neighbours are
 * then whole shards, not 1/40 of the rest, and the crowd the fix states is of all 80 (AWS, "Burst and adaptive capacity":
 * a partition past 1,000 WCU throttles until adaptive capacity isolates the hot items).
 */
import { lintDocument, type DesignInput } from '../../lib';
import { crowdOnOnePartition, type KeyOnPartition } from '../../lib/design/hashed-pair';

const sessions = (thresholds?: object) =>
  ({
    tables: [
      {
        name: 'sessions',
        partitionKey: { name: 'region', type: 'S', cardinality: 5 },
        sortKey: { name: 'sessionId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits: 20000 },
      },
    ],
    ...(thresholds ? { thresholds } : {}),
  }) as DesignInput;
const fixOf = (design: DesignInput) => lintDocument(design).findings.find((f) => f.ruleId === 'SG001')?.fix ?? '';

describe('the crowd of a uniform key sharded whole', () => {
  it("states the crowd of every region's shards: 5 or more of 80 on 40 partitions, 91.88% of the time, 1,250 WCU", () => {
    const fix = fixOf(sessions());
    expect(fix).toContain('N = 16 calculated shards');
    expect(fix).toContain('5 or more of the 80 shards share one of the 40 partitions 91.88% of the time, and it then takes 1,250 WCU');
    expect(fix).toContain('(the 80 shards are 16 for each of the 5 values, each as busy as the hottest)');
    expect(fix).not.toContain('of the 16 shards share one');
  });

  it('sizes the count on that crowd with crowdConfidence 0.5: 36 shards, where 35 put 9 of 175 on one 78% of the time', () => {
    const fix = fixOf(sessions({ crowdConfidence: 0.5 }));
    expect(fix).toContain('N = 36 calculated shards');
    expect(fix).toContain('10 or more of the 180 shards share one of the 40 partitions 49.47% of the time');
  });

  it("tests the heavier of the value's own crowd and every value's: the count never falls below the value's own test", () => {
    // 16 of 80: own 2 × 250 + 493.75 − 250/40 = 987.5; all 80: ⌈80/40⌉ + 1 = 3 whole, 750 (the neighbours are those shards).
    const figure: KeyOnPartition = { partitions: 40, load: 250, neighbours: (20000 - 250) / 40, usable: 800, maximum: 1000, unit: 'WCU' };
    expect(crowdOnOnePartition(figure, 16)).toEqual({ keys: 2, load: 987.5 });
    expect(crowdOnOnePartition({ ...figure, hashedKeys: 80 }, 16)).toEqual({ keys: 2, load: 987.5 });
    // 41 keys of 100 WCU on 40 partitions, the value's own 2 among them: own 2 × 100 + 4,000/40 − 100/40 = 297.5;
    // all 41: ⌈41/40⌉ + 1 = 3 whole, 300 (every sibling's share off the neighbours): the heavier is taken.
    const many: KeyOnPartition = { partitions: 40, load: 100, neighbours: 4000 / 40, usable: 800, maximum: 1000, unit: 'WCU' };
    expect(crowdOnOnePartition(many, 2)).toEqual({ keys: 2, load: 297.5 });
    expect(crowdOnOnePartition({ ...many, hashedKeys: 41 }, 2)).toEqual({ keys: 3, load: 300 });
  });
});
