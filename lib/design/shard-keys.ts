/**
 * Key builders for application code. The same design drives the lint and these helpers, so the
 * read path cannot forget a shard (the seeds' failure case: sharded writes, one-shard reads).
 * A bad argument (an empty key, a shard count out of range, a random source returning something
 * outside [0, 1), an invalid sharding declaration) throws `UsageError` naming it.
 */
import { checkWith } from './check';
import { UsageError } from './errors';
import type { Cardinality, ShardingStrategy } from './input';
import { MAX_SHARDS_ACCEPTED } from './limits';
import { bool, describe, either, list, num, oneOf, record, text } from './shape';

/**
 * The shard hash: 32-bit FNV-1a over the UTF-8 bytes of the value.
 *
 * FROZEN FOREVER. Every calculated-shard key already stored was placed with this function;
 * changing it (or the modulo below) sends reads for existing items to the wrong shard, which
 * silently orphans data. A different hash needs a new function name and a data migration.
 */
export function shardHash(value: string): number {
  if (typeof value !== 'string') throw usage('shardHash', 'value', `must be a string (shardOf() takes numbers too), got ${describe(value)}`);
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(value, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A bad argument of `caller`: the helpers throw UsageError, so DesignError always means a bad design. */
function usage(caller: string, path: string, message: string): UsageError {
  return new UsageError([{ path, message }], `${caller}() arguments`);
}

function checkShards(shards: unknown, caller: string): number {
  if (typeof shards !== 'number' || !Number.isInteger(shards) || shards < 1 || shards > MAX_SHARDS_ACCEPTED) {
    throw usage(caller, 'shards', `must be an integer from 1 to ${MAX_SHARDS_ACCEPTED}, got ${describe(shards)}`);
  }
  return shards;
}

function checkKey(key: unknown, caller: string, name = 'key'): string {
  if (typeof key === 'string' && key.length > 0) return key;
  if (typeof key === 'number' && Number.isFinite(key)) return String(key);
  throw usage(caller, name, `must be a non-empty string or a finite number, got ${key === '' ? 'an empty string' : describe(key)}`);
}

function checkSeparator(separator: unknown, caller: string): string {
  if (typeof separator === 'string' && separator !== '') return separator;
  // Without one, `order1` + shard 2 and `order` + shard 12 are the same stored key: two logical keys' items mix.
  if (separator === '')
    throw usage(
      caller,
      'separator',
      'must not be empty: without one, key "order1" with shard 2 and key "order" with shard 12 are both "order12"; use "#" (the default)',
    );
  throw usage(caller, 'separator', `must be a non-empty string, got ${describe(separator)}`);
}

/** The shard (0…shards-1) a source value maps to: `shardHash(String(value)) mod shards`. */
export function shardOf(sourceValue: string | number, shards: number): number {
  return shardHash(checkKey(sourceValue, 'shardOf', 'sourceValue')) % checkShards(shards, 'shardOf');
}

/** `key#<hash(sourceValue) mod shards>`: writes for one source value always land on one shard. */
export function calculatedShardKey(key: string | number, sourceValue: string | number, shards: number, separator = '#'): string {
  return `${checkKey(key, 'calculatedShardKey')}${checkSeparator(separator, 'calculatedShardKey')}${shardOf(sourceValue, shards)}`;
}

/**
 * `key#<random 0…shards-1>`: perfectly even writes; every read must fan out (see fanOutKeys).
 * `random` must return a number from 0 to 1, as Math.random does (1 itself maps to the last shard);
 * anything else is a UsageError, never a key outside the shards a read fans out to.
 */
export function randomShardKey(key: string | number, shards: number, separator = '#', random: () => number = Math.random): string {
  const n = checkShards(shards, 'randomShardKey');
  const base = checkKey(key, 'randomShardKey');
  const between = checkSeparator(separator, 'randomShardKey');
  if (typeof random !== 'function') throw usage('randomShardKey', 'random', `must be a function returning a number from 0 to 1, got ${describe(random)}`);
  const draw: unknown = random();
  if (typeof draw !== 'number' || !(draw >= 0 && draw <= 1))
    throw usage('randomShardKey', 'random', `must return a number from 0 to 1 as Math.random does, returned ${describe(draw)}`);
  return `${base}${between}${Math.min(n - 1, Math.floor(draw * n))}`;
}

/** Every stored key of a logical key: the keys a fan-out read must query and merge. */
export function fanOutKeys(key: string | number, shards: number, separator = '#'): string[] {
  const base = checkKey(key, 'fanOutKeys');
  const between = checkSeparator(separator, 'fanOutKeys');
  return Array.from({ length: checkShards(shards, 'fanOutKeys') }, (_, i) => `${base}${between}${i}`);
}

/** What a sharding declaration means for application code. */
export interface ShardedKey {
  /** The spec's strategy, or `none` when no sharding was given (every method then returns the key itself). */
  readonly strategy: ShardingStrategy | 'none';
  /** Keys per logical key: the spec's `shards`, or 1 when unsharded. */
  readonly shards: number;
  /** Every key to write an item under: one key (or one shard), or all N copies for `replicated`.
   *  Calculated sharding needs the item's source-attribute value. */
  writeKeys(key: string | number, sourceValue?: string | number): string[];
  /** The one key to write under; throws for `replicated`, whose copies are written together (use `writeKeys`). */
  writeKey(key: string | number, sourceValue?: string | number): string;
  /** The keys to read and merge: one for an unsharded key, a calculated key read by its source value,
   *  or a replicated key (a copy at random); every shard otherwise. */
  readKeys(key: string | number, sourceValue?: string | number): string[];
}

/** A sharding declaration: the `sharding` of a table, GSI or container design. */
export interface ShardingSpec {
  /** `random` (reads fan out), `calculated` (hash of the source value picks the shard) or
   *  `replicated` (N copies written together, one read at random). */
  readonly strategy: ShardingStrategy;
  /** Number of keys N (2 to 1,000). */
  readonly shards: number;
  /** Named in error messages only; the value is passed to `writeKey`/`readKeys`.
   *  @default - "the source attribute" */
  readonly sourceAttribute?: string;
  /** @default '#' */
  readonly separator?: string;
  /** A GSI keyed by a separate shard attribute: the attribute whose value is `key`; the keys built go
   *  in the index's key attribute, and this one stays as it is. Read by nothing here: accepted so a
   *  design's `sharding` can be passed as it is.
   *  @default - none */
  readonly logicalAttribute?: string;
  /** Only this many of the key's hottest values are sharded; the others are stored and read unsharded. Which values
   *  they are is the application's list (its configuration), given as `hotKeys` in `shardedKey`'s options: the design
   *  says how many, never which.
   *  @default - every value of the key is sharded */
  readonly hotValues?: number;
  /** The lint's facts about the source (SG018). Read by nothing here: accepted so a design's `sharding` can be passed as it is.
   *  @default - none */
  readonly sourceCardinality?: Cardinality;
  /** The lint's facts about the source (SG018). Read by nothing here: accepted so a design's `sharding` can be passed as it is.
   *  @default - none */
  readonly sourceMutable?: boolean;
}

/** What `shardedKey` needs beside the sharding declaration. */
export interface ShardedKeyOptions {
  /** The key values that take the shard suffix, where the sharding declares `hotValues` (at most that many): the list
   *  of hot values the application keeps in its configuration. Every other value is its own one key, written and read
   *  unsharded. Required with `hotValues` (without it the helper cannot tell a hot value from another, and a guess would
   *  send a write or a read to a key the other side never uses); not allowed without it.
   *  @default - none: every value is sharded */
  readonly hotKeys?: readonly (string | number)[];
}

const specShape = record<ShardingSpec>({
  strategy: { shape: oneOf(['random', 'calculated', 'replicated']), doc: 'The sharding strategy.' },
  shards: { shape: num({ integer: true, min: 2, max: MAX_SHARDS_ACCEPTED }), doc: 'Number of keys N.' },
  sourceAttribute: { shape: text(), optional: true, doc: 'The attribute whose value picks the shard.' },
  separator: { shape: text({ maxLength: 8 }), optional: true, doc: 'Text between the key and the shard number.' },
  logicalAttribute: { shape: text(), optional: true, doc: 'The attribute whose value is the key, when the shard key is a separate attribute.' },
  hotValues: { shape: num({ integer: true, min: 1, max: MAX_SHARDS_ACCEPTED }), optional: true, doc: 'Only this many of the hottest values are sharded.' },
  sourceCardinality: { shape: either(num({ integer: true, min: 1 }), oneOf(['unique'])), optional: true, doc: 'Distinct values of the source (lint only).' },
  sourceMutable: { shape: bool(), optional: true, doc: 'Whether the source changes on existing items (lint only).' },
});

const optionsShape = record<ShardedKeyOptions>({
  hotKeys: {
    shape: list(either(text({ minLength: 1 }), num())),
    optional: true,
    doc: 'The key values that take the shard suffix (the hot values the application lists), where the sharding declares hotValues.',
  },
});

/** The builders of a key that is not sharded: every method returns the key itself. */
const UNSHARDED: Omit<ShardedKey, 'strategy' | 'shards'> = {
  writeKeys: (key) => [checkKey(key, 'shardedKey')],
  writeKey: (key) => checkKey(key, 'writeKey'),
  readKeys: (key) => [checkKey(key, 'shardedKey')],
};

/**
 * Key builders for a sharding declaration (`undefined`: the key is not sharded). The declaration is
 * checked first: a misspelt strategy silently read as another one is the forgotten-shard bug itself.
 * With `hotValues`, only the values `options.hotKeys` lists take the suffix (AWS, "Using write sharding to distribute
 * workloads evenly": the suffix goes where the writes concentrate); every other value is one key, as SG003 judges it.
 */
export function shardedKey(sharding: ShardingSpec | undefined, options: ShardedKeyOptions = {}): ShardedKey {
  const { hotKeys } = checkWith(optionsShape, options, { path: 'options', subject: 'shardedKey() options' });
  if (sharding === undefined) {
    if (hotKeys !== undefined) throw usage('shardedKey', 'options.hotKeys', 'lists hot values of a key that is not sharded: remove hotKeys');
    return Object.assign({ strategy: 'none' as const, shards: 1 }, UNSHARDED);
  }
  const spec = checkWith(specShape, sharding, { path: 'sharding', subject: 'shardedKey() sharding' });
  const sharded = shardedKeyFor(spec);
  if (spec.hotValues === undefined) {
    if (hotKeys !== undefined)
      throw usage('shardedKey', 'options.hotKeys', 'lists hot values, but the sharding declares no hotValues, so every value is sharded: remove hotKeys');
    return sharded;
  }
  if (spec.strategy === 'replicated') {
    throw usage(
      'shardedKey',
      'sharding.hotValues',
      'applies to write sharding (random or calculated) only: replicated copies copy every value; remove hotValues',
    );
  }
  if (hotKeys === undefined) {
    throw usage(
      'shardedKey',
      'options.hotKeys',
      `is required: the sharding shards only its ${spec.hotValues} hottest value(s) (sharding.hotValues), and which they are is the list in your configuration: shardedKey(sharding, { hotKeys: ['<value>'] })`,
    );
  }
  if (hotKeys.length > spec.hotValues) {
    throw usage(
      'shardedKey',
      'options.hotKeys',
      `lists ${hotKeys.length} values, more than sharding.hotValues (${spec.hotValues}), which the lint judged sharded: raise hotValues in the design, or list fewer`,
    );
  }
  const hot = new Set(hotKeys.map(String));
  // One key value is either listed or not, on every write and every read: both sides build the same keys.
  const isHot = (key: string | number) => hot.has(checkKey(key, 'shardedKey'));
  return {
    strategy: sharded.strategy,
    shards: sharded.shards,
    writeKeys: (key, sourceValue) => (isHot(key) ? sharded.writeKeys(key, sourceValue) : UNSHARDED.writeKeys(key)),
    writeKey: (key, sourceValue) => (isHot(key) ? sharded.writeKey(key, sourceValue) : UNSHARDED.writeKey(key)),
    readKeys: (key, sourceValue) => (isHot(key) ? sharded.readKeys(key, sourceValue) : UNSHARDED.readKeys(key)),
  };
}

/** The builders of a checked declaration, for every value of the key. */
function shardedKeyFor(spec: ShardingSpec): ShardedKey {
  const { strategy, shards, separator = '#' } = spec;
  if (strategy === 'random') {
    const writeKey = (key: string | number) => randomShardKey(key, shards, separator);
    return { strategy, shards, writeKey, writeKeys: (key) => [writeKey(key)], readKeys: (key) => fanOutKeys(key, shards, separator) };
  }
  if (strategy === 'replicated') {
    return {
      strategy,
      shards,
      writeKeys: (key) => fanOutKeys(key, shards, separator),
      writeKey: () => {
        throw usage('writeKey', '', `replicated copies are written together: write every key of writeKeys(key) (${shards} copies)`);
      },
      readKeys: (key) => [randomShardKey(key, shards, separator)],
    };
  }
  const source = spec.sourceAttribute ?? 'the source attribute';
  const writeKey = (key: string | number, sourceValue?: string | number) => {
    if (sourceValue === undefined) throw usage('writeKey', 'sourceValue', `calculated sharding needs the item's ${source} value to pick the shard`);
    return calculatedShardKey(key, sourceValue, shards, separator);
  };
  return {
    strategy,
    shards,
    writeKey,
    writeKeys: (key, sourceValue) => [writeKey(key, sourceValue)],
    readKeys: (key, sourceValue) =>
      sourceValue === undefined ? fanOutKeys(key, shards, separator) : [calculatedShardKey(key, sourceValue, shards, separator)],
  };
}
