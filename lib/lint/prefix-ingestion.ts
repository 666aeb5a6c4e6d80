/**
 * SG003's check of a hierarchical key's first level: one first-level value's data stays on one physical
 * partition until it holds 50 GB and splits, which takes hours (Microsoft Learn, "Hierarchical partition
 * keys"), so every request scoped to it, read or write, lands there; Cosmos DB charges reads and writes to
 * that partition's one RU/s budget ("Partitioning and horizontal scaling"). Five tenants ingesting 60,000
 * RU/s, or one tenant read at 30,000 RU/s, throttle however unique the deeper levels are, so the first
 * level's cardinality is judged against the reads and writes its hottest value takes.
 */
import { cardinalityValue } from '../design/cardinality';
import type { KeyAttribute, KeyDesign } from '../design/key-design';
import { fits, smallestCount } from '../design/sharding';
import { profileOf, type Loads } from '../engines';
import type { DesignAnalysis } from './analysis';
import type { RuleHit } from './rule';

// `traffic` names what the hottest value takes: only writes (ingestion), only reads, or both (one budget).
const TAKES = '{{traffic|writes=of writes|reads=of reads|both=of reads and writes}}';
const THROTTLES = '{{traffic|writes=ingestion throttles|reads=its reads throttle|both=its reads and writes throttle}}';

export const PREFIX_INGESTION_MESSAGES = {
  prefixHot: `the hottest {{level|code}} value takes {{share|percent}} ({{shareSource|declared=declared|observed=observed|uniform=uniform}}) of the {{peakLoad}} RU/s ${TAKES}: {{prefixLoad}} RU/s under one first-level value, which stays on one physical partition until it holds {{partitionGb}} GB and splits (which takes hours), against a usable {{prefixUsable}} RU/s ({{headroom|percent}} of its {{partitionRu}} RU/s): ${THROTTLES} however unique {{deeperLevels|code}} are`,
  prefixHotSpanning: `the hottest {{level|code}} value takes {{share|percent}} ({{shareSource|declared=declared|observed=observed|uniform=uniform}}) of the {{peakLoad}} RU/s ${TAKES}: {{prefixLoad}} RU/s under one first-level value, whose {{prefixGb}} GB span only {{spanned|partitions}} ({{partitionGb}} GB each), against a usable {{prefixUsable}} RU/s ({{headroom|percent}} of {{partitionRu}} RU/s each): ${THROTTLES} however unique {{deeperLevels|code}} are`,
  // Both kinds: say how the one budget is spent.
  prefixReadsAndWrites: ' ({{prefixReads}} RU/s of reads and {{prefixWrites}} RU/s of writes, charged to the same RU/s)',
  fixPrefixBuckets:
    'give the first level more values: a synthetic first level {{bucketLevel|code}} = {{level}} + "-" + hash({{source}}) mod {{buckets}} keeps each {{level}} value on {{buckets|partitions}} from its first write (the deeper levels stay); a query for one {{level}} value then fans out over its {{buckets}} buckets',
} as const;

export type PrefixIngestionId = keyof typeof PREFIX_INGESTION_MESSAGES;

interface PrefixLoad {
  readonly share: number;
  /** The hottest first-level value's reads and writes. */
  readonly loads: Loads;
  /** What they put on its physical partition (`partitionLoad`). */
  readonly load: number;
  /** Physical partitions the prefix's data already spans (one per 50 GB it holds). */
  readonly spanned: number;
  readonly gb: number;
  readonly usablePerPartition: number;
  readonly partition: { readonly requestUnits: number; readonly gb: number };
}

/** What `loads` put on one physical partition: the engine's heaviest load dimension (Cosmos DB: reads + writes, one RU/s budget). */
function partitionLoad(design: KeyDesign, loads: Loads): number {
  return Math.max(
    ...profileOf(design.engine)
      .loadDimensions(loads, design.thresholds.headroom)
      .map((d) => d.load),
  );
}

/** The reads and writes under the hottest value of `first` as a key's first level, and what its physical partitions serve. */
function prefixLoad(design: KeyDesign, first: KeyAttribute, share: number | undefined): PrefixLoad | undefined {
  const profile = profileOf(design.engine);
  const values = cardinalityValue(first.cardinality);
  // A time-bucket first level is SG002's finding (its current bucket takes every write).
  if (profile.routing !== 'key-prefix' || !profile.prefixPartition || !Number.isFinite(values) || first.kind === 'time-bucket') return undefined;
  const hotShare = share ?? 1 / values;
  const partition = profile.prefixPartition(design);
  const gb = share === undefined ? 0 : (first.largestGb ?? 0);
  const { peakReadUnits, peakWriteUnits } = design.primaryKey.workload;
  const loads = { reads: peakReadUnits * hotShare, writes: peakWriteUnits * hotShare };
  return {
    share: hotShare,
    loads,
    load: partitionLoad(design, loads),
    spanned: Math.max(1, Math.ceil(gb / partition.gb)),
    gb,
    usablePerPartition: partition.requestUnits * design.thresholds.headroom,
    partition,
  };
}

const overloaded = (load: PrefixLoad) => !fits(load.load, load.usablePerPartition * load.spanned);

/** Which traffic the hottest value carries, for the wording: only writes (ingestion), only reads, or both. */
const trafficOf = ({ reads, writes }: Loads) => (reads === 0 ? 'writes' : writes === 0 ? 'reads' : 'both');

/**
 * Whether putting `first` first (a reordering fix of SG002 or SG004) would overload its hottest value's
 * physical partition: such a fix is advice, not an edit, so no fix makes SG003 fire.
 */
export function firstLevelOverloaded(design: KeyDesign, first: KeyAttribute): boolean {
  const current = design.primaryKey.partitionKey[0];
  const load = prefixLoad(design, first, first === current ? first.hotKeyShare : undefined);
  return load !== undefined && overloaded(load);
}

/** A hit when the hottest first-level value's reads and writes exceed what its physical partitions serve. */
export function prefixIngestionHits(analysis: DesignAnalysis): RuleHit<PrefixIngestionId>[] {
  const { design } = analysis;
  const levels = design.primaryKey.partitionKey;
  if (levels.length < 2) return [];
  const [first, ...deeper] = levels;
  const load = prefixLoad(design, first, first.hotKeyShare ?? undefined);
  if (!load || !overloaded(load)) return [];
  const { headroom } = design.thresholds;
  const { peakReadUnits, peakWriteUnits } = design.primaryKey.workload;
  // Each bucket takes 1/N of the value's reads and writes and starts on a partition of its own: the smallest N that fits one.
  const buckets = smallestCount((n) => fits(load.load / n, load.usablePerPartition)) ?? Math.ceil(load.load / load.usablePerPartition);
  const traffic = trafficOf(load.loads);
  const bare = (name: string) => name.replace(/^\//, '');
  return [
    {
      path: first.path,
      messageId: load.spanned > 1 ? 'prefixHotSpanning' : 'prefixHot',
      notes: traffic === 'both' ? ['prefixReadsAndWrites'] : undefined,
      fixId: 'fixPrefixBuckets',
      data: {
        level: first.name,
        share: load.share,
        shareSource: first.hotKeyShare === undefined ? 'uniform' : 'declared',
        traffic,
        peakReads: peakReadUnits,
        peakWrites: peakWriteUnits,
        peakLoad: partitionLoad(design, { reads: peakReadUnits, writes: peakWriteUnits }),
        prefixReads: load.loads.reads,
        prefixWrites: load.loads.writes,
        prefixLoad: load.load,
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
