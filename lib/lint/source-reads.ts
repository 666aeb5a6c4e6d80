/**
 * What a calculated shard's source buys the reads, in a fix's words: the declared reads that give the source compute
 * its one shard and query it alone; where none gives it, every read of a whole key value queries every shard, as over
 * random shards (AWS, "Using write sharding to distribute workloads evenly": a read that can compute the suffix from
 * the item's attribute reads one shard, any other reads each suffix).
 */
import { type AccessPattern, type KeySpace } from '../design/key-design';
import { carries, readsWholeKey } from './queries';

/**
 * The clause of a calculated-sharding fix on its reads: `one`, what a read that gives the source does, named by the
 * patterns that give it (`sourcePatterns`), then `rest`, what the reads that do not give it do; where reads are declared
 * and none gives the source (`sourceUnread`), that none does and that `every` read then fans out; with no read declared
 * on the key (`sourceUnstated`), `one` and `rest` alone.
 */
export function sourceReadsText(one: string, rest: string, every: string): string {
  return (
    `{{?sourcePatterns}}${one} ({{sourcePatterns|code}}, which gives it), ${rest}{{/sourcePatterns}}` +
    `{{?sourceUnread}}no declared read gives {{sourceAttribute}}, so none finds one shard by it: ${every}, as over random shards, each shard's query a request of its own{{/sourceUnread}}` +
    `{{?sourceUnstated}}${one}, ${rest}{{/sourceUnstated}}`
  );
}

/**
 * The data a calculated-sharding clause reads: its source, and what `sourceReadsText` reads. Every clause that names the
 * source says what it buys the reads, so no clause may carry the source without the rest (an empty clause, "; ,").
 */
export function calculatedSourceData(space: KeySpace, patterns: readonly AccessPattern[], source: string) {
  return { sourceAttribute: source, ...sourcePatternsData(space, patterns, source) };
}

/** The data `sourceReadsText` reads, from the patterns on `space`: those that read a whole key value and give `source`. */
export function sourcePatternsData(
  space: KeySpace,
  patterns: readonly AccessPattern[],
  source: string,
): { sourcePatterns: string[] } | { sourceUnread: true } | { sourceUnstated: true } {
  const reads = patterns.filter((p) => readsWholeKey(space, p));
  const giving = reads.filter((p) => carries(p, source)).map((p) => p.name);
  if (giving.length > 0) return { sourcePatterns: giving };
  return reads.length > 0 ? { sourceUnread: true } : { sourceUnstated: true };
}
