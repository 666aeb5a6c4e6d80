/**
 * The fix for a key space's plan, in words and as design edits: every rule that points at the same
 * key space's load, size or cardinality gives this same fix (one key, one N, one strategy).
 */
import { joinPath } from '../design/field-path';
import type { KeyDesign } from '../design/key-design';
import { MAX_SHARDS_ACCEPTED } from '../design/limits';
import { carries, patternsOn, readsWholeKey, type SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { code, fmt, keyName, percent } from './format';

export interface Advice {
  /** The fix, as a sentence fragment ("shard `eventId` into N = 25 …"). */
  readonly text: string;
  /** Design edits that apply it, when it is a complete design change. */
  readonly edits?: readonly DesignEdit[];
  /** The plan's N, for machine-readable reports (absent when no N serves). */
  readonly shards?: number;
}

const advised = new WeakMap<SpaceAnalysis, Advice>();

/** The advice for a key space's plan (memoized: several rules point at the same plan). */
export function planAdvice(design: KeyDesign, analysis: SpaceAnalysis): Advice {
  let advice = advised.get(analysis);
  if (!advice) {
    advice = adviceFor(design, analysis);
    advised.set(analysis, advice);
  }
  return advice;
}

function adviceFor(design: KeyDesign, analysis: SpaceAnalysis): Advice {
  const { space, plan } = analysis;
  const key = keyName(space.partitionKey);
  const declared = space.sharding;
  const shardingPath = joinPath(space.path, 'sharding');
  const { maxShards } = design.thresholds;
  const cache = design.engine === 'dynamodb' ? 'DAX' : 'the integrated cache';
  const writeUnit = design.engine === 'dynamodb' ? 'WCU' : 'RU/s';

  if (plan.layout === 'none') {
    return { text: 'remove the sharding: each read of a key goes back to one query', edits: [{ op: 'remove', path: shardingPath }], shards: 1 };
  }
  if (plan.shards === undefined) {
    return { text: `no count up to ${fmt(MAX_SHARDS_ACCEPTED)} keeps the hottest ${key} value under its ceiling: split that value out (its own table or container) or put ${cache} in front of its reads` };
  }
  const n = plan.shards;
  if (n > maxShards) {
    return { text: `it would take N = ${fmt(n)} keys, more than the ${fmt(maxShards)} a read can sensibly fan out over (maxShards): split the hottest ${key} value out (its own table or container) instead`, shards: n };
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
    ? patternsOn(design, space).filter((p) => !p.fanOut && readsWholeKey(space, p) && (strategy === 'random' || !carries(p, source as string)))
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
  const { throughput = 0, size, cardinality, dominance } = plan.needs;
  if (dominance === n && dominance > Math.max(throughput, size, cardinality)) {
    text += ` (${n} keeps each stored key under maxHotKeyShare ${percent(design.thresholds.maxHotKeyShare)} of the traffic)`;
  }
  const edits: DesignEdit[] = [
    { op: 'set', path: shardingPath, value: shardingValue(strategy, n, source, declared?.separator) },
    ...fanOut.map((p): DesignEdit => ({ op: 'set', path: joinPath(p.path, 'fanOut'), value: true })),
  ];
  return { text, edits: plan.complete ? edits : undefined, shards: n };
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
