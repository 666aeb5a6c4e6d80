import ticketing from '../../examples/designs/good/ticketing-calculated-shards.json';
import { DesignError, defineDesign, designFromJson, lint, shardedKey } from '../../lib';

describe('defineDesign', () => {
  it('keeps literal types, so a design written in code drives typed key helpers', () => {
    const tickets = defineDesign({
      engine: 'dynamodb',
      name: 'tickets',
      partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
      sortKey: { name: 'userId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 6000, peakWriteUnits: 80000, hotKeyShare: 0.25 },
      // 80: two of its shards on one of 160 partitions (twice 6,000 RCU and 80,000 WCU: max(4, 160)) take 2 × 250 + 79,750 ÷
      // 160 − 250 ÷ 160 = 996.88 of the 1,000 WCU maximum (at 79, 1,003.16; 67 fit the usable 800 alone: 796.64).
      sharding: { strategy: 'calculated', shards: 80, sourceAttribute: 'userId' },
      warmThroughput: { writeUnitsPerSecond: 80000 },
    });
    const strategy: 'calculated' = tickets.sharding.strategy;
    expect(strategy).toBe('calculated');
    expect(shardedKey(tickets.sharding).writeKey('event-1', 'user-42')).toBe('event-1#59'); // 39,875,499 mod 80
    // 80,000 WCU is above the default table-level quota: an error, acknowledged once the quota is raised.
    expect(lint(tickets).map((f) => `${f.ruleId} ${f.messageId} ${f.severity}`)).toEqual(['SG017 overQuota error']);
  });

  it('validates at run time too, naming the field', () => {
    expect(() =>
      defineDesign({
        engine: 'dynamodb',
        name: 'tickets',
        partitionKey: { name: 'eventId', type: 'S', cardinality: 0 },
        workload: { peakReadUnits: 1, peakWriteUnits: 1 },
      }),
    ).toThrow(/partitionKey\.cardinality: expected an integer ≥ 1/);
  });
});

describe('designFromJson', () => {
  it('types a design file imported as JSON (its strings widened by resolveJsonModule)', () => {
    const doc = designFromJson(ticketing);
    expect(doc.tables?.[0].sharding?.strategy).toBe('calculated');
    expect(() => designFromJson({ tables: [{ name: 'x' }] })).toThrow(DesignError);
  });
});
