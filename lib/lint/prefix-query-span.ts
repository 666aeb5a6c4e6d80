/**
 * The queries SG012 charges on several physical partitions though they carry the key's prefix: a query that gives a
 * hierarchical key's first level (and no deeper level) is routed only to the physical partitions holding that
 * first-level value's documents ("Hierarchical partition keys", https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys:
 * "Queries by prefix are efficiently routed to the subset of partitions that hold the data"), and is charged at least
 * about 2.5 RU on each of them, matching or not, as a cross-partition query is on every one ("Query a container",
 * https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container). A value stays on one partition until it
 * holds 50 GB, then spans one per 50 GB it holds ("Hierarchical partition keys"; `firstLevelSpan`), at most the
 * container's partitions: such a value's prefix queries cost min(P, ⌈GB ÷ 50⌉) × 2.5 RU or more each. Counted only past
 * the partitions a small container has (5: 30,000 manual RU/s over 100 GB), the line under which the query docs find
 * a query over every partition costs about what a targeted one does (SG012's `smallResource`).
 *
 * Which values span is what the design says of their size (`hottestValueSize`, the size SG003 judges the hottest
 * first-level value on): a uniform first level's values each hold storage.totalGb ÷ its values, so every value's prefix
 * queries span alike; a declared hottest value (`hotKeyShare` on the level) holds its level's `largestGb`, and takes
 * its share of the reads where it is declared hot by them (`hotKeyOperations` reads or both). A value declared hot by
 * its writes only is read as every other value is (1/values of the reads), which says nothing of its prefix queries
 * beyond the uniform part, so none are counted. A query that gives a deeper level too reads a narrower prefix, whose
 * size the design does not give: not counted.
 */
import { cardinalityValue } from '../design/cardinality';
import { givesAttribute, type AccessPattern, type KeyDesign } from '../design/key-design';
import { COSMOS_LIMITS, countPhysicalPartitions } from '../engines';
import type { DesignAnalysis } from './analysis';
import { firstLevelShare, hottestValueSize } from './prefix-ingestion';

/** The most physical partitions a container judged small has: 30,000 manual RU/s over 100 GB, 5 (one per 6,000). */
const SMALL_CONTAINER_PARTITIONS = countPhysicalPartitions('manual', COSMOS_LIMITS.smallContainerRequestUnits, COSMOS_LIMITS.smallContainerGb);

/** A hierarchical key's first-level prefix queries that reach several physical partitions (`spanningPrefixQueries`). */
export interface SpanningPrefixQueries {
  /** The access patterns that give the first level and no deeper one. */
  readonly patterns: readonly AccessPattern[];
  /** The first level's name. */
  readonly level: string;
  /** `hottest`: only the declared hottest value spans; `each`: every value of a uniform level does. */
  readonly spanOf: 'hottest' | 'each';
  /** GB the spanning value holds. */
  readonly gb: number;
  /** Physical partitions each of those queries checks: min(the container's, one per 50 GB the value holds). */
  readonly partitions: number;
  /** Their share of all queries: the patterns' shares × the spanning value's share of the reads. */
  readonly share: number;
}

/**
 * The prefix queries of `design`'s spanning first-level value(s) on a container of `containerPartitions` physical
 * partitions; undefined where the key is not prefix-routed, has one level, no value spans more partitions than a small
 * container has, or no
 * declared query reads such a value by its prefix.
 */
export function spanningPrefixQueries(analysis: DesignAnalysis, design: KeyDesign, containerPartitions: number): SpanningPrefixQueries | undefined {
  const { profile } = analysis;
  const [first, next] = design.primaryKey.partitionKey;
  const partitionGb = profile.prefixPartition?.(design).gb;
  if (profile.routing !== 'key-prefix' || next === undefined || partitionGb === undefined) return undefined;
  const values = cardinalityValue(first.cardinality);
  const held = firstLevelShare(design.primaryKey);
  if (!Number.isFinite(values) || held.source === 'derived') return undefined;
  const { gb } = hottestValueSize(design, first, values, held.source);
  // A hair over a multiple of 50 GB (float noise in a derived size) is not another partition.
  const partitions = Math.min(containerPartitions, Math.max(1, Math.ceil(gb / partitionGb - 1e-9)));
  const readShare = held.source === 'uniform' ? 1 : design.primaryKey.workload.hotKeyOperations === 'writes' ? 0 : held.share;
  const deeper = design.primaryKey.partitionKey.slice(1);
  const patterns = design.accessPatterns.filter((p) => p.index === undefined && givesAttribute(p, first) && !deeper.some((l) => givesAttribute(p, l)));
  const share = patterns.reduce((sum, p) => sum + p.share, 0) * readShare;
  if (partitions <= SMALL_CONTAINER_PARTITIONS || !(share > 0)) return undefined;
  return { patterns, level: first.name, spanOf: held.source === 'uniform' ? 'each' : 'hottest', gb, partitions, share };
}

/** The note's figures for `spanning` queries of a container read at `reads` RU/s (the declared read peak). */
export function spanningPrefixData(spanning: SpanningPrefixQueries, reads: number): Record<string, number | string | string[]> {
  const perPartition = COSMOS_LIMITS.queryRequestUnitsPerPartition;
  const floor = perPartition * spanning.partitions;
  const prefixRu = spanning.share * reads;
  return {
    prefixPatterns: spanning.patterns.map((p) => p.name),
    prefixLevel: spanning.level,
    spanOf: spanning.spanOf,
    prefixGb: spanning.gb,
    prefixShare: spanning.share,
    prefixRu,
    prefixPartitions: spanning.partitions,
    perPartition,
    prefixFloor: floor,
    prefixQueries: prefixRu / floor,
  };
}
