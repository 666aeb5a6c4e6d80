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
      // 67: each shard's 298.51 WCU + 79,701.49 ÷ 160 partitions (twice 6,000 RCU and 80,000 WCU: max(4, 160)) = 796.64 of 800
      // (at 66, 801.14).
      sharding: { strategy: 'calculated', shards: 67, sourceAttribute: 'userId' },
      warmThroughput: { writeUnitsPerSecond: 80000 },
    });
    const strategy: 'calculated' = tickets.sharding.strategy;
    expect(strategy).toBe('calculated');
    expect(shardedKey(tickets.sharding).writeKey('event-1', 'user-42')).toBe('event-1#47'); // 39,875,499 mod 67
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
