/**
 * What the declared queries say about a key: which carry it (targeted) and which visit every
 * partition, and which attribute reads give with it (a calculated shard's source).
 */
import { sameAttribute, type AccessPattern, type KeySpace } from '../design/key-design';
import type { EngineProfile } from '../engines';
import type { DesignAnalysis } from './analysis';

export function carries(pattern: { readonly keyAttributes: readonly string[] }, attribute: string): boolean {
  return pattern.keyAttributes.some((a) => sameAttribute(a, attribute));
}

/**
 * Whether a query is routed to the partitions of its key: with `full-key` routing it needs every
 * partition-key attribute; with `key-prefix` routing (a hierarchical key) the first level is enough.
 * `firstLevel` asks the question for another order of a prefix-routed key.
 */
function carriesKey(routing: EngineProfile['routing'], space: KeySpace, pattern: AccessPattern, firstLevel?: string): boolean {
  if (routing === 'key-prefix') return carries(pattern, firstLevel ?? space.partitionKey[0].name);
  return readsWholeKey(space, pattern);
}

/** The declared queries that visit every partition, and their share of all queries. */
export function crossPartition(analysis: DesignAnalysis, firstLevel?: string): { readonly patterns: AccessPattern[]; readonly share: number } {
  const { design, profile } = analysis;
  const patterns = design.accessPatterns.filter((p) => !carriesKey(profile.routing, analysis.spaceOf(p), p, firstLevel));
  return { patterns, share: patterns.reduce((sum, p) => sum + p.share, 0) };
}

/**
 * Whether putting `firstLevel` first keeps the declared queries targeted: it must not push more of
 * them across partitions than the current order does, beyond what SG012 tolerates.
 */
export function keepsQueriesTargeted(analysis: DesignAnalysis, firstLevel: string): boolean {
  const after = crossPartition(analysis, firstLevel).share;
  return after <= Math.max(crossPartition(analysis).share, analysis.design.thresholds.maxCrossPartitionShare) + 1e-9;
}

/** Queries that read the whole logical key: they carry every partition-key attribute. */
export function readsWholeKey(space: KeySpace, pattern: AccessPattern): boolean {
  return space.partitionKey.every((a) => carries(pattern, a.name));
}

/**
 * The attribute a calculated shard could hash: the declared one, else the sort key, else one that
 * queries carry together with the partition key. Reads for one value of it then hit one shard.
 */
export function calculatedShardCandidate(analysis: DesignAnalysis, space: KeySpace): string | undefined {
  if (space.sharding?.sourceAttribute) return space.sharding.sourceAttribute;
  const isKey = (name: string) => space.partitionKey.some((a) => sameAttribute(a.name, name));
  // Reads look up one value of the source; a timestamp is read by range, never by one value.
  const sortKey = space.sortKey.find((a) => !isKey(a.name) && a.kind !== 'time-bucket');
  if (sortKey) return sortKey.name;
  const withKey = analysis.patternsOn(space).filter((p) => readsWholeKey(space, p));
  return withKey.flatMap((p) => p.keyAttributes).find((name) => !isKey(name));
}
