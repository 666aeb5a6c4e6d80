import {
  DesignError, calculatedShardKey, fanOutKeys, randomShardKey, shardHash, shardOf, shardedKey, shardsFor, type DynamoDbTableDesign,
} from '../../lib';

describe('shardHash (FNV-1a 32-bit, frozen forever)', () => {
  it('matches the published FNV-1a test vectors', () => {
    // From the FNV reference test suite (Fowler/Noll/Vo): these must never change.
    expect(shardHash('')).toBe(0x811c9dc5);
    expect(shardHash('a')).toBe(0xe40c292c);
    expect(shardHash('foobar')).toBe(0xbf9cf968);
  });

  it('hashes the UTF-8 bytes, so non-ASCII sources place the same in every runtime', () => {
    // "ü" is the two bytes C3 BC: ((0x811c9dc5 ^ 0xc3) * p ^ 0xbc) * p mod 2^32.
    const p = 0x01000193;
    const step = (h: number, byte: number) => Number((BigInt((h ^ byte) >>> 0) * BigInt(p)) % 2n ** 32n);
    expect(shardHash('ü')).toBe(step(step(0x811c9dc5, 0xc3), 0xbc));
  });

  it('places fixed sources on fixed shards (a stored key must always be found again)', () => {
    // shardHash('user-42') = 39,875,499; 39,875,499 mod 25 = 24.
    expect(shardHash('user-42')).toBe(39875499);
    expect(shardOf('user-42', 25)).toBe(24);
    expect(calculatedShardKey('event-1', 'user-42', 25)).toBe('event-1#24');
    expect(calculatedShardKey('event-1', 'user-42', 25, '_')).toBe('event-1_24');
    // Numbers hash as their decimal string.
    expect(shardOf(42, 7)).toBe(shardOf('42', 7));
  });
});

describe('key builders', () => {
  it('builds random shard keys from an injectable random source, always in range', () => {
    expect(randomShardKey('event-1', 10, '#', () => 0)).toBe('event-1#0');
    expect(randomShardKey('event-1', 10, '#', () => 0.999999)).toBe('event-1#9');
    expect(randomShardKey('event-1', 10, '#', () => 1)).toBe('event-1#9');
  });

  it('lists every shard key for fan-out reads', () => {
    expect(fanOutKeys('day-2026-11-29', 3)).toEqual(['day-2026-11-29#0', 'day-2026-11-29#1', 'day-2026-11-29#2']);
  });

  it('rejects bad arguments naming the argument', () => {
    expect(() => fanOutKeys('k', 0)).toThrow('fanOutKeys: shards must be an integer from 1 to 1000, got 0');
    expect(() => fanOutKeys('k', 2.5)).toThrow('got 2.5');
    expect(() => calculatedShardKey('', 'u', 4)).toThrow('calculatedShardKey: key must be a non-empty string or a finite number, got an empty string');
    expect(() => shardOf(NaN, 4)).toThrow('shardOf: sourceValue must be a non-empty string or a finite number');
    expect(() => randomShardKey('k', 1001)).toThrow(RangeError);
  });
});

describe('shardedKey: the design drives the read path', () => {
  const tickets: DynamoDbTableDesign = {
    engine: 'dynamodb',
    name: 'tickets',
    partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
    workload: { peakReadUnits: 6000, peakWriteUnits: 80000, hotKeyShare: 0.25 },
    sharding: { strategy: 'calculated', shards: 25, sourceAttribute: 'userId' },
  };

  it('calculated: a write and the read for the same source value meet on one shard; a whole-key read covers all', () => {
    const key = shardedKey(tickets.sharding);
    expect(key.writeKey('event-1', 'user-42')).toBe('event-1#24');
    expect(key.readKeys('event-1', 'user-42')).toEqual(['event-1#24']);
    expect(key.readKeys('event-1')).toHaveLength(25);
    expect(() => key.writeKey('event-1')).toThrow("writeKey: calculated sharding needs the item's userId value to pick the shard");
  });

  it('random: every key a write can produce is among the keys a read queries', () => {
    const key = shardedKey({ strategy: 'random', shards: 8 });
    const reads = new Set(key.readKeys('day-1'));
    expect(reads.size).toBe(8);
    for (let i = 0; i < 500; i++) expect(reads.has(key.writeKey('day-1'))).toBe(true);
  });

  it('unsharded: the key itself', () => {
    const key = shardedKey(undefined);
    expect([key.strategy, key.shards, key.writeKey('k'), key.readKeys('k')]).toEqual(['none', 1, 'k', ['k']]);
  });
});

describe('shardsFor', () => {
  it('is ceil(hot-key peak / usable ceiling) per engine, reads and writes', () => {
    expect(shardsFor({ engine: 'dynamodb', peakWriteUnits: 20000 })).toBe(25); // 20,000 / 800
    expect(shardsFor({ engine: 'dynamodb', peakWriteUnits: 80000, hotKeyShare: 0.25 })).toBe(25);
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 10000 })).toBe(5); // 10,000 / 2,400 = 4.17
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 10000, peakWriteUnits: 1000 })).toBe(5); // reads bind
    expect(shardsFor({ engine: 'dynamodb', peakWriteUnits: 20000, headroom: 1 })).toBe(20);
    expect(shardsFor({ engine: 'cosmosdb', peakReadUnits: 20000, peakWriteUnits: 10000 })).toBe(4); // 30,000 RU/s / 8,000
    expect(shardsFor({ engine: 'cosmosdb', peakWriteUnits: 100 })).toBe(1);
  });

  it('rejects bad options with the field name', () => {
    expect(() => shardsFor({ engine: 'dynamodb', peakWriteUnits: -1 })).toThrow(DesignError);
    expect(() => shardsFor({ engine: 'mysql' as never })).toThrow('engine: expected one of "dynamodb", "cosmosdb", got "mysql"');
    expect(() => shardsFor({ engine: 'dynamodb', hotKeyShare: 0 })).toThrow('hotKeyShare: expected a finite number > 0 and ≤ 1, got 0');
  });
});
