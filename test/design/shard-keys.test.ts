import {
  UsageError,
  calculatedShardKey,
  fanOutKeys,
  randomShardKey,
  replicasFor,
  shardHash,
  shardOf,
  shardedKey,
  shardsFor,
  type DynamoDbTableDesign,
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
    expect(() => fanOutKeys('k', 0)).toThrow('Invalid skewguard fanOutKeys() arguments:\n  shards: must be an integer from 1 to 1000, got 0');
    expect(() => fanOutKeys('k', 2.5)).toThrow('got 2.5');
    expect(() => calculatedShardKey('', 'u', 4)).toThrow(
      'Invalid skewguard calculatedShardKey() arguments:\n  key: must be a non-empty string or a finite number, got an empty string',
    );
    expect(() => shardOf(NaN, 4)).toThrow('Invalid skewguard shardOf() arguments:\n  sourceValue: must be a non-empty string or a finite number');
    expect(() => randomShardKey('k', 1001)).toThrow(UsageError);
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
    expect(() => key.writeKey('event-1')).toThrow("sourceValue: calculated sharding needs the item's userId value to pick the shard");
  });

  it('random: every key a write can produce is among the keys a read queries', () => {
    const key = shardedKey({ strategy: 'random', shards: 8 });
    const reads = new Set(key.readKeys('day-1'));
    expect(reads.size).toBe(8);
    for (let i = 0; i < 500; i++) expect(reads.has(key.writeKey('day-1'))).toBe(true);
  });

  it('replicated: a write goes to every copy, a read to one of them', () => {
    const key = shardedKey({ strategy: 'replicated', shards: 3 });
    expect(key.writeKeys('product-7')).toEqual(['product-7#0', 'product-7#1', 'product-7#2']);
    for (let i = 0; i < 100; i++) expect(key.writeKeys('product-7')).toContain(key.readKeys('product-7')[0]);
    expect(() => key.writeKey('product-7')).toThrow(/replicated copies are written together: write every key of writeKeys/);
  });

  it('rejects a declaration it would otherwise misread, naming the field', () => {
    // 'Random' is not 'random': silently treating it as calculated would be the forgotten-shard bug.
    expect(() => shardedKey({ strategy: 'Random' as never, shards: 4 })).toThrow(
      /strategy: expected one of "random", "calculated", "replicated", got "Random"/,
    );
    expect(() => shardedKey({ strategy: 'random', shards: 2.5 })).toThrow(/shards: expected an integer ≥ 2 and ≤ 1000, got 2\.5/);
    expect(() => shardedKey({ strategy: 'random', shards: 0 })).toThrow(UsageError);
    expect(() => shardedKey({ strategy: 'calculated', shards: 4000 })).toThrow(UsageError);
    expect(() => shardedKey(null as never)).toThrow(/expected an object, got null/);
  });

  it('unsharded: the key itself', () => {
    const key = shardedKey(undefined);
    expect([key.strategy, key.shards, key.writeKey('k'), key.readKeys('k')]).toEqual(['none', 1, 'k', ['k']]);
  });
});

describe('shardsFor', () => {
  // DynamoDB: each shard meets, on its partition, the rest of the peaks given ÷ P, P counted for twice them (on demand):
  // N is the least count with peak ÷ N + (peak − peak ÷ N) ÷ P within headroom × the ceiling, per direction, from which
  // it walks up to the first whose keys hashed onto one partition fit its maximum (1,000 WCU / 3,000 RCU): two, 2L +
  // (rest − L) ÷ P − L ÷ P with L = the hot load ÷ N; past P, ⌈N/P⌉ + 1 of them beside the neighbours less all N − 1
  // siblings' 1/P (for one value alone, the whole key space: nothing beside them).
  it('is the least N at which each shard fits beside its neighbours, per engine, reads and writes', () => {
    // P = 40 (40,000 WCU); 20,000 ÷ 65 = 307.69 + 19,692.31 ÷ 40 = 799.999 ≤ 800 (at 64: 312.5 + 492.19 = 804.69); past
    // P, three of 65 on one partition take 3 × 307.69 = 923.08 of 1,000.
    expect(shardsFor({ engine: 'dynamodb', peakWriteUnits: 20000 })).toBe(65);
    // P = 160; two of 80 on one partition: 2 × 250 + 79,750 ÷ 160 − 250 ÷ 160 = 996.88 ≤ 1,000 (at 79: 1,003.16; the
    // usable line alone gave 67: 298.51 + 79,701.49 ÷ 160 = 796.64).
    expect(shardsFor({ engine: 'dynamodb', peakWriteUnits: 80000, hotKeyShare: 0.25 })).toBe(80);
    // P = 7 (20,000 RCU); the usable line gives 9 (1,111.11 + 8,888.89 ÷ 7 = 2,380.95 ≤ 2,400), but past P three of 9 on
    // one partition take 3,333.33 of 3,000; three of 10, 3 × 1,000 = 3,000.
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 10000 })).toBe(10);
    // P = 7 (20,000 RCU and 2,000 WCU: max(7, 2), not their sum's 9); reads bind, as above.
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 10000, peakWriteUnits: 1000 })).toBe(10);
    // P = 40; the usable line at 1,000 gives 39 (512.82 + 19,487.18 ÷ 40 = 1,000), but two of 39 on one partition take
    // 1,025.64 + 487.18 − 12.82 = 1,500, and every count up to 40 more than 1,000; past P three of N take 3 × 20,000 ÷ N:
    // 1,000 from 60 (at 59, 1,016.95).
    expect(shardsFor({ engine: 'dynamodb', peakWriteUnits: 20000, headroom: 1 })).toBe(60);
    expect(shardsFor({ engine: 'cosmosdb', peakReadUnits: 20000, peakWriteUnits: 10000 })).toBe(4); // 30,000 RU/s / 8,000
    expect(shardsFor({ engine: 'cosmosdb', peakWriteUnits: 100 })).toBe(1);
  });

  it("shares the rules' comparison: 10,000 × 0.56 is 22 shards", () => {
    // P = 20; the usable line gives 18 (311.11 + 9,688.89 ÷ 20 = 795.56 ≤ 800); two of 22 on one partition take 509.09 +
    // 487.27 − 12.73 = 983.64 ≤ 1,000 (at 21: 533.33 + 486.67 − 13.33 = 1,006.67).
    expect(shardsFor({ engine: 'dynamodb', peakWriteUnits: 10000, hotKeyShare: 0.56 })).toBe(22);
  });

  it('does not count on sharding to spread the reads of one item', () => {
    // P = 4 (200 RCU and 4,000 WCU: max(1, 4)); 400 + 1,600 ÷ 4 = 800 ≤ 800 (at 4: 500 + 375 = 875), but past P three of
    // 5 on one partition take 1,200; three of 6, 3 × 333.33 = 1,000. The item's 100 RCU stay whole.
    expect(shardsFor({ engine: 'dynamodb', peakReadUnits: 100, peakWriteUnits: 2000, itemCollection: false })).toBe(6);
    expect(() => shardsFor({ engine: 'dynamodb', peakReadUnits: 4800, itemCollection: false })).toThrow(
      /a single item's reads stay on one shard whatever the count/,
    );
  });

  it('throws past 1,000 shards instead of returning a count no design accepts', () => {
    expect(() => shardsFor({ engine: 'dynamodb', peakWriteUnits: 10_000_000 })).toThrow(
      /no shard count up to 1000 keeps this key under its ceiling: even 1000 shards each take more than a partition's usable share; split/,
    );
  });
});

describe('replicasFor', () => {
  it('sizes copies from the reads, each copy taking every write', () => {
    // P = 4 (9,600 RCU and 20 WCU × N: max(4, 1)); 4,800 ÷ 3 = 1,600 + 3,200 ÷ 4 = 2,400 ≤ 2,400 (at 2: 2,400 + 600 = 3,000),
    // but two of 3 copies on one partition take 3,200 alone; two of 4, 2,400 + 900 − 300 = 3,000.
    expect(replicasFor({ engine: 'dynamodb', peakReadUnits: 4800, peakWriteUnits: 10 })).toBe(4);
    // Cosmos DB: each copy takes all 2,000 RU/s of writes and 1/N of 24,000 RU/s of reads: 24,000 / N ≤ 6,000 → 4.
    expect(replicasFor({ engine: 'cosmosdb', peakReadUnits: 24000, peakWriteUnits: 2000 })).toBe(4);
    expect(() => replicasFor({ engine: 'dynamodb', peakReadUnits: 10, peakWriteUnits: 2000 })).toThrow(/copies each take every write/);
  });

  it('rejects bad options with the field name', () => {
    expect(() => shardsFor({ engine: 'dynamodb', peakWriteUnits: -1 })).toThrow(UsageError);
    expect(() => shardsFor({ engine: 'mysql' as never })).toThrow('engine: expected one of "dynamodb", "cosmosdb", got "mysql"');
    expect(() => shardsFor({ engine: 'dynamodb', hotKeyShare: 0 })).toThrow('hotKeyShare: expected a finite number > 0 and ≤ 1, got 0');
  });
});

describe('shardedKey with hotValues: only the values the application lists take the suffix (counter30 item 2)', () => {
  // The sharding SG003's fix writes for one whale: the design says how many values are sharded, the configuration which.
  const whale = {
    strategy: 'calculated' as const,
    shards: 12,
    sourceAttribute: 'sk',
    hotValues: 1,
    sourceCardinality: 'unique' as const,
    sourceMutable: false,
  };

  it("accepts the design's own sharding, hotValues and the source facts included", () => {
    const keys = shardedKey(whale, { hotKeys: ['viral-1'] });
    expect(keys.writeKey('viral-1', 'C#01')).toBe(calculatedShardKey('viral-1', 'C#01', 12));
    expect(keys.readKeys('viral-1')).toHaveLength(12);
    expect(keys.readKeys('viral-1', 'C#01')).toEqual([calculatedShardKey('viral-1', 'C#01', 12)]);
  });

  it('leaves every value it does not list as one key, on writes and reads alike', () => {
    const keys = shardedKey(whale, { hotKeys: ['viral-1'] });
    expect(keys.writeKey('article-7', 'C#01')).toBe('article-7');
    expect(keys.writeKeys('article-7', 'C#01')).toEqual(['article-7']);
    expect(keys.readKeys('article-7')).toEqual(['article-7']);
    // A number key is the same value as its decimal string, as the suffix helpers read it.
    expect(shardedKey(whale, { hotKeys: [42] }).readKeys('42')).toHaveLength(12);
  });

  it('refuses to guess which values are hot, names the field and says how to fix it', () => {
    expect(() => shardedKey(whale)).toThrow(
      "options.hotKeys: is required: the sharding shards only its 1 hottest value(s) (sharding.hotValues), and which they are is the list in your configuration: shardedKey(sharding, { hotKeys: ['<value>'] })",
    );
    expect(() => shardedKey(whale, { hotKeys: ['a', 'b'] })).toThrow('options.hotKeys: lists 2 values, more than sharding.hotValues (1)');
    expect(() => shardedKey({ strategy: 'random', shards: 4 }, { hotKeys: ['a'] })).toThrow(
      'the sharding declares no hotValues, so every value is sharded: remove hotKeys',
    );
    expect(() => shardedKey(undefined, { hotKeys: ['a'] })).toThrow(UsageError);
    expect(() => shardedKey({ strategy: 'replicated', shards: 3, hotValues: 1 }, { hotKeys: ['a'] })).toThrow('sharding.hotValues: applies to write sharding');
    expect(() => shardedKey(whale, { hotKeys: [''] })).toThrow(UsageError);
    expect(() => shardedKey(whale, { hotkeys: ['a'] } as never)).toThrow(UsageError);
  });
});
