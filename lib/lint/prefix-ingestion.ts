/**
 * SG003's check of a hierarchical key's first level at ingestion (issue 14): writes under one first-level
 * value go to one physical partition until it holds 50 GB and splits, which takes hours (Microsoft Learn,
 * "Hierarchical partition keys"). Five tenants ingesting 60,000 RU/s throttle however unique the deeper
 * levels are, so the first level's cardinality is judged against the write load.
 */
import { cardinalityValue } from '../design/cardinality';
import type { KeyAttribute, KeyDesign } from '../design/key-design';
import { fits } from '../design/sharding';
import { profileOf } from '../engines';
import type { DesignAnalysis } from './analysis';
import type { RuleHit } from './rule';

export const PREFIX_INGESTION_MESSAGES = {
  prefixHot:
    'the hottest {{level|code}} value takes {{share|percent}} ({{shareSource|declared=declared|uniform=uniform}}) of the {{peakWrites}} RU/s of writes: {{prefixWrites}} RU/s under one first-level value, which stays on one physical partition until it holds {{partitionGb}} GB and splits (which takes hours), against a usable {{prefixUsable}} RU/s ({{headroom|percent}} of its {{partitionRu}} RU/s): ingestion throttles however unique {{deeperLevels|code}} are',
  prefixHotSpanning:
    'the hottest {{level|code}} value takes {{share|percent}} ({{shareSource|declared=declared|uniform=uniform}}) of the {{peakWrites}} RU/s of writes: {{prefixWrites}} RU/s under one first-level value, whose {{prefixGb}} GB span only {{spanned|partitions}} ({{partitionGb}} GB each), against a usable {{prefixUsable}} RU/s ({{headroom|percent}} of {{partitionRu}} RU/s each): ingestion throttles however unique {{deeperLevels|code}} are',
  fixPrefixBuckets:
    'give the first level more values: a synthetic first level {{bucketLevel|code}} = {{level}} + "-" + hash({{source}}) mod {{buckets}} keeps each {{level}} value on {{buckets|partitions}} from its first write (the deeper levels stay); a query for one {{level}} value then fans out over its {{buckets}} buckets',
} as const;

export type PrefixIngestionId = keyof typeof PREFIX_INGESTION_MESSAGES;

interface PrefixLoad {
  readonly share: number;
  readonly writes: number;
  /** Physical partitions the prefix's data already spans (one per 50 GB it holds). */
  readonly spanned: number;
  readonly gb: number;
  readonly usablePerPartition: number;
  readonly partition: { readonly requestUnits: number; readonly gb: number };
}

/** The writes under the hottest value of `first` as a key's first level, and what its physical partitions serve. */
function prefixLoad(design: KeyDesign, first: KeyAttribute, share: number | undefined): PrefixLoad | undefined {
  const profile = profileOf(design.engine);
  const values = cardinalityValue(first.cardinality);
  // A time-bucket first level is SG002's finding (its current bucket takes every write).
  if (profile.routing !== 'key-prefix' || !profile.prefixPartition || !Number.isFinite(values) || first.kind === 'time-bucket') return undefined;
  const hotShare = share ?? 1 / values;
  const partition = profile.prefixPartition(design);
  const gb = share === undefined ? 0 : (first.largestGb ?? 0);
  return {
    share: hotShare,
    writes: design.primaryKey.workload.peakWriteUnits * hotShare,
    spanned: Math.max(1, Math.ceil(gb / partition.gb)),
    gb,
    usablePerPartition: partition.requestUnits * design.thresholds.headroom,
    partition,
  };
}

const overloaded = (load: PrefixLoad) => !fits(load.writes, load.usablePerPartition * load.spanned);

/**
 * Whether putting `first` first (a reordering fix of SG002 or SG004) would overload its hottest value's
 * physical partition at ingestion: such a fix is advice, not an edit, so no fix makes SG003 fire.
 */
export function firstLevelOverloaded(design: KeyDesign, first: KeyAttribute): boolean {
  const current = design.primaryKey.partitionKey[0];
  const load = prefixLoad(design, first, first === current ? first.hotKeyShare : undefined);
  return load !== undefined && overloaded(load);
}

/** A hit when the hottest first-level value's writes exceed what its physical partitions serve. */
export function prefixIngestionHits(analysis: DesignAnalysis): RuleHit<PrefixIngestionId>[] {
  const { design } = analysis;
  const levels = design.primaryKey.partitionKey;
  if (levels.length < 2) return [];
  const [first, ...deeper] = levels;
  const load = prefixLoad(design, first, first.hotKeyShare ?? undefined);
  if (!load || !overloaded(load)) return [];
  const { headroom } = design.thresholds;
  const buckets = Math.ceil(load.writes / load.usablePerPartition);
  const bare = (name: string) => name.replace(/^\//, '');
  return [
    {
      path: first.path,
      messageId: load.spanned > 1 ? 'prefixHotSpanning' : 'prefixHot',
      fixId: 'fixPrefixBuckets',
      data: {
        level: first.name,
        share: load.share,
        shareSource: first.hotKeyShare === undefined ? 'uniform' : 'declared',
        peakWrites: design.primaryKey.workload.peakWriteUnits,
        prefixWrites: load.writes,
        partitionGb: load.partition.gb,
        partitionRu: load.partition.requestUnits,
        prefixUsable: load.usablePerPartition * load.spanned,
        headroom,
        deeperLevels: deeper.map((l) => l.name),
        ...(load.spanned > 1 ? { spanned: load.spanned, prefixGb: load.gb } : {}),
        buckets,
        bucketLevel: `/${bare(first.name)}Bucket`,
        source: bare(deeper[0].name),
      },
    },
  ];
}
