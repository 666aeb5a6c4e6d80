/**
 * The directions of heat SG003's hot-key finding is made of, which an acknowledgement may name one by one
 * (`appliesTo: ["hotKeyReads"]`). A cache serves reads only: DAX is a write-through cache, every write still goes to
 * the table ("DAX and DynamoDB consistency models"), and Cosmos DB's integrated cache is read-through and write-through,
 * with only point reads and queries that hit it charged 0 RU ("Azure Cosmos DB integrated cache"). So a waiver that
 * says "a cache in front" answers the reads' heat alone, and must not hide the writes'.
 */
import { fits, type LoadDimension } from '../design/sharding';
import { carriedShards, type SpaceAnalysis } from './analysis';
import { bindingDimension } from './hot-value-verdict';

/** The part kinds of SG003's hot-key finding (`partKinds`), each with what it waives, as reports quote it. */
export const HOT_KEY_PARTS = {
  hotKeyReads: "the hottest value's reads are over their ceiling",
  hotKeyWrites: "the hottest value's writes are over their ceiling",
} as const;

export type HotKeyPart = keyof typeof HOT_KEY_PARTS;

/**
 * The message ids of SG003's hot-key finding that word it otherwise (`messageVariants`), each a variant of `hotKey`:
 * the value held with its shard in another attribute, named by the reads that ask for it, or judged under the hottest
 * first-level value. Each is the same finding, made of the same parts: a waiver of `hotKey` holds on every one, so a
 * design change that only rewords the finding neither revives it nor leaves the waiver reported as waiving nothing.
 */
export const HOT_KEY_VARIANTS = {
  hotHeldKey: 'hotKey',
  hotNamedKey: 'hotKey',
  hotHeldNamedKey: 'hotKey',
  hotKeyUnderFirstLevel: 'hotKey',
} as const;

/**
 * The parts of a hot key over its ceiling: `hotKeyReads` where its reads are over, `hotKeyWrites` where its writes are
 * (DynamoDB throttles each direction on its own). On one budget for both (Cosmos DB RU/s), the writes where they alone
 * are over, since a cache that took every read would leave them so; the reads where they alone are over, or where the
 * writes alone fit (the reads then are what puts the key over: a cache serves it).
 */
export function hotKeyParts(a: SpaceAnalysis): HotKeyPart[] {
  const parts = new Set<HotKeyPart>();
  for (const over of a.over) {
    if (over.label === 'read') parts.add('hotKeyReads');
    else if (over.label === 'write') parts.add('hotKeyWrites');
    else for (const part of requestParts(a, bindingDimension(a, over).dimension)) parts.add(part);
  }
  return (Object.keys(HOT_KEY_PARTS) as HotKeyPart[]).filter((part) => parts.has(part));
}

/** The parts of one request-unit budget over its usable figure, from the busiest stored key's reads and writes. */
function requestParts(a: SpaceAnalysis, d: LoadDimension): HotKeyPart[] {
  const sharding = a.space.sharding ?? carriedShards(a.space);
  const stored = a.storedLoads(sharding?.strategy ?? 'none', sharding?.shards ?? 1);
  const sum = stored.reads + stored.writes;
  // The dimension's load is the stored key's reads plus writes: each direction's part of it, against the same usable.
  const writesOver = sum > 0 && !fits((d.load * stored.writes) / sum, d.usable);
  const readsOver = sum > 0 && !fits((d.load * stored.reads) / sum, d.usable);
  return [...(stored.reads > 0 && (readsOver || !writesOver) ? (['hotKeyReads'] as const) : []), ...(writesOver ? (['hotKeyWrites'] as const) : [])];
}
