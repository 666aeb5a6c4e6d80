/**
 * The fix for a key space's plan, in words and as design edits: every rule that points at the same
 * key space's load, size or cardinality gives this same fix (one key, one N, one strategy).
 */
import { joinPath } from '../design/field-path';
import type { KeyDesign } from '../design/key-design';
import { MAX_SHARDS_ACCEPTED } from '../design/limits';
import type { SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { code, fmt, keyName, percent } from './format';
import { calculatedShardCandidate, carries, readsWholeKey } from './queries';

interface Advice {
  /** The fix, as a sentence fragment ("shard `eventId` into N = 25 …"). */
  readonly text: string;
  /** Design edits that apply it, when it is a complete design change. */
  readonly edits?: readonly DesignEdit[];
  /** The plan's N, for machine-readable reports (absent when no N serves). */
  readonly shards?: number;
}

/** The advice for a key space's plan: a function of the plan, so every rule that gives it gives the same fix. */
export function adviceFor(analysis: SpaceAnalysis): Advice {
  const { design, space, plan } = analysis;
  const key = keyName(space.partitionKey);
  const declared = space.sharding;
  const shardingPath = joinPath(space.path, 'sharding');
  const { maxShards } = design.thresholds;
  const { cache, writeUnit, nouns } = analysis.owner.profile;

  if (plan.layout === 'none') {
    return { text: 'remove the sharding: each read of a key goes back to one query', edits: [{ op: 'remove', path: shardingPath }], shards: 1 };
  }
  if (plan.layout === 'cache') {
    return { text: `put ${cache} in front of the reads of the hottest ${key} value: a global secondary index holds one entry per base item, so it cannot keep replicated copies, and write sharding cannot spread the reads of one item` };
  }
  // Past what a fan-out read can bear, no key layout is the fix: the load must shrink before it reaches the key.
  const upstream = `batch the hottest value's writes before they reach the ${nouns.resource} (a queue or stream that aggregates them into fewer writes) and put ${cache} in front of its reads`;
  if (plan.shards === undefined) {
    return { text: `no count up to ${fmt(MAX_SHARDS_ACCEPTED)} keeps the hottest ${key} value under its ceiling: ${upstream}` };
  }
  const n = plan.shards;
  if (n > maxShards) {
    return { text: `it would take N = ${fmt(n)} keys, more than the ${fmt(maxShards)} a read can sensibly fan out over (maxShards): ${upstream}; or raise maxShards if ${fmt(n)}-way reads are acceptable`, shards: n };
  }
  if (plan.layout === 'replicated') {
    const text = declared?.strategy === 'replicated'
      ? `${verb(declared.shards, n)} sharding.shards from ${declared.shards} to N = ${n} replicated copies`
      : `keep N = ${n} replicated copies of each ${key} value (key#0…key#${n - 1}), written together and read at random: each copy serves 1/${n} of the reads, and every write costs ${n}× (${fmt(analysis.total.writes)} → ${fmt(analysis.total.writes * n)} ${writeUnit} at peak)${declared ? `, replacing its ${declared.strategy} sharding, which cannot spread the reads of one item` : ''}`;
    return {
      text: `${text}; or put ${cache} in front of its reads`,
      edits: [{ op: 'set', path: shardingPath, value: shardingValue('replicated', n, undefined, declared?.separator) }],
      shards: n,
    };
  }
  const strategy = plan.layout;
  const source = plan.sourceAttribute;
  const fanOut = strategy === 'random' || source !== undefined
    ? analysis.owner.patternsOn(space).filter((p) => !p.fanOut && readsWholeKey(space, p) && (strategy === 'random' || !carries(p, source as string)))
    : [];
  let text: string;
  if (declared && declared.strategy === strategy) {
    text = `${verb(declared.shards, n)} sharding.shards from ${declared.shards} to N = ${n} (${strategy === 'calculated' && source !== undefined ? `calculated on ${code(source)}` : 'random'})`;
  } else if (strategy === 'calculated' && source !== undefined) {
    text = `shard ${key} into N = ${n} calculated shards on ${code(source)} (key#hash(${source}) mod ${n}): a read for one ${source} hits one shard, only whole-key reads fan out over ${n}`;
  } else {
    text = `shard ${key} into N = ${n} random shards (key#0…key#${n - 1}); every read of the key must then fan out over all ${n}`;
  }
  if (fanOut.length > 0) text += `, so set fanOut on ${fanOut.map((p) => code(p.name)).join(', ')}`;
  if (plan.readsNeedCache) text += `; the reads of one item stay on the shard that holds it: put ${cache} in front of them`;
  text += driverNote(design, analysis, n);
  const edits: DesignEdit[] = [
    { op: 'set', path: shardingPath, value: shardingValue(strategy, n, source, declared?.separator) },
    ...fanOut.map((p): DesignEdit => ({ op: 'set', path: joinPath(p.path, 'fanOut'), value: true })),
  ];
  const level = deeperLevel(analysis);
  // A Cosmos DB key with room for a level and an attribute to put there: the hierarchical key is the
  // native fix (prefix queries stay targeted); it needs that level's cardinality, so it is advice, not an edit.
  if (level?.attribute) return { text: `${level.text}; or ${text}`, shards: n };
  return { text: level ? `${text}; or ${level.text}` : text, edits: plan.complete ? edits : undefined, shards: n };
}

/** Why N is what it is when not the load: the minimum of stored keys, or the dominant value's share. */
function driverNote(design: KeyDesign, analysis: SpaceAnalysis, n: number): string {
  const { throughput = 0, size, cardinality, dominance } = analysis.plan.needs;
  const load = Math.max(throughput, size);
  if (cardinality === n && cardinality > load) {
    return ` (${n} keeps ${fmt(analysis.cardinality)} values × ${n} shards at minCardinality ${fmt(design.thresholds.minCardinality)} stored keys or more; the load alone needs ${load})`;
  }
  if (dominance === n && dominance > Math.max(load, cardinality)) {
    return ` (${n} keeps each stored key under maxHotKeyShare ${percent(design.thresholds.maxHotKeyShare)} of the traffic; the load alone needs ${load})`;
  }
  return '';
}

/**
 * "add `/userId` as a level under `/tenantId`…", for a prefix-routed (hierarchical) key with room for a level:
 * naming the attribute queries give with the key, when there is one.
 */
function deeperLevel(analysis: SpaceAnalysis): { text: string; attribute?: string } | undefined {
  const levels = analysis.space.partitionKey;
  const { routing, maxKeyLevels } = analysis.owner.profile;
  if (routing !== 'key-prefix' || levels.length >= maxKeyLevels) return undefined;
  const candidate = calculatedShardCandidate(analysis.space, analysis.owner.patternsOn(analysis.space));
  const level = candidate === undefined ? 'a finer level (e.g. /userId)' : code(candidate.startsWith('/') ? candidate : `/${candidate}`);
  return {
    text: `add ${level} under ${keyName(levels)}: a hierarchical key, whose first-level values span physical partitions while their queries stay targeted by prefix`,
    attribute: candidate,
  };
}

function verb(from: number, to: number): string {
  return to < from ? 'lower' : 'raise';
}

function shardingValue(strategy: string, shards: number, sourceAttribute: string | undefined, separator: string | undefined): Record<string, unknown> {
  return {
    strategy,
    shards,
    ...(sourceAttribute !== undefined ? { sourceAttribute } : {}),
    ...(separator !== undefined && separator !== '#' ? { separator } : {}),
  };
}
