/**
 * SG017 for Cosmos DB: the container's provisioned RU/s (manual, the autoscale maximum, its part of a
 * shared database's RU/s) or what a serverless container serves (the lower of Azure's two texts of "Azure Cosmos DB
 * serverless account performance": 5,000 RU/s shared by up to five physical partitions, 1,000 per partition beyond;
 * COSMOS_LIMITS.serverlessContainerRequestUnits), below
 * the declared peak of reads and writes.
 */
import { cardinalityValue } from '../../../design/cardinality';
import { gridFormOf, throughputForPeak, type ThroughputForm } from '../../../design/cosmos-throughput';
import type { CosmosKeyDesign, CosmosThroughput } from '../../../design/key-design';
import { allFit, fits } from '../../../design/sharding';
import {
  amongCarried,
  COSMOS_LIMITS,
  minimumRequestUnitsPerGb,
  neighbourLoad,
  physicalPartitionCount,
  profileOf,
  raisedAtCreation,
  raiseForPeak,
  raiseSplitsFrom,
  storageMinimumRequestUnits,
  type Loads,
  type PhysicalPartitions,
  type ValueAmongValues,
} from '../../../engines';
import { adviceFor } from '../../advice';
import { DesignAnalysis } from '../../analysis';
import { categoricalBy } from '../../categorical-key';
import { CROSS_PARTITION_COST_MESSAGES, crossPartitionFloor, type CrossPartitionCostId } from '../../cross-partition-cost';
import type { DesignEdit } from '../../edits';
import {
  layoutEdits,
  overOnlyBySpread,
  raiseFigures,
  raiseInPlace,
  raisedInPlaceTo,
  serverlessMovedTo,
  throughputServing,
  type RaiseNames,
} from '../../physical-partition';
import { plannedValueRaise } from '../../planned-raise';
import { firstLevelLeadRaise, firstLevelShare, hottestFirstLevelLoads } from '../../prefix-ingestion';
import { keyValueTheRaiseFits } from '../../raise-fits';
import { readRequests, readRequestsOver, type ReadRequests } from '../../read-requests';
import { defineRule, type RuleHit } from '../../rule';
import { SOURCES } from '../../sources';
import { storedGb } from '../../written';
import { fewerShardsAsked } from '../excessive-fan-out';
import { shardingKeptOnPurpose } from '../needless-sharding';
import { writeCopies, type WriteCopies } from './copies';
import { CREATE_FIRST_MESSAGES, createFirst, type CreateFirstId } from './create-first';
import { EVEN_SPLIT_MESSAGES, inPlaceSplit, type EvenSplitId, type InPlaceRaise } from './even-split';
import { HOTTEST_VALUE_MESSAGES, raisedForHottestValue, type HottestValueId } from './hottest-value';
import { CAPACITY_BELOW_PEAK, HOT_VALUES_ONLY, HOT_VALUES_SHARE, hotValuesData, PEAK_SOURCE } from './meta';

type Id =
  | EvenSplitId
  | CreateFirstId
  | HottestValueId
  | CrossPartitionCostId
  | 'cosmosManualBelowPeak'
  | 'cosmosAutoscaleBelowPeak'
  | 'cosmosSharedBelowPeak'
  | 'cosmosServerlessBelowPeak'
  | 'cosmosWithinHeadroom'
  | 'cosmosNoRoomForPlacement'
  | 'cosmosRaiseForPlacement'
  | 'cosmosMoreValuesForPlacement'
  | 'cosmosPlacementAbove'
  | 'cosmosRaiseForKey'
  | 'cosmosRaiseForFewerShards'
  | 'cosmosRaiseForValue'
  | 'cosmosRaiseForLevel'
  | 'cosmosCopies'
  | 'cosmosPlannedCopies'
  | 'cosmosFanOutReads'
  | 'cosmosFanOutAssumed'
  | 'cosmosFixFanOut'
  | 'cosmosRaiseManual'
  | 'cosmosRaiseAutoscale'
  | 'cosmosRaiseShared'
  | 'cosmosLeaveServerless'
  | 'cosmosAboveQuota'
  | 'cosmosRequestQuota'
  | 'cosmosBelowStorageMinimum'
  | 'cosmosRaiseToMinimum'
  | 'cosmosRaiseToMinimumPastQuota'
  | 'cosmosRaisePastQuota'
  | 'cosmosRemoveNeedless'
  | 'cosmosLowerShards'
  | 'cosmosFewerShardsOnceRaised'
  | 'cosmosFitsWithout'
  | 'cosmosOrKeepSharding'
  | 'cosmosThenRaise'
  | 'cosmosFixKeyFirst';

/** RU/s of reads and writes at peak, writes counting every copy of a document (declared, or planned by the
 *  read-hot key's fix, SG003), reads every query of a fan-out over a sharded key's shards (`readRequests`: each
 *  shard's query loads its own item or page, and a query is charged for the items it loads, "Optimize request cost";
 *  a query over several partitions is one query on each, "Query an Azure Cosmos DB container"). */
function peakOf(
  design: CosmosKeyDesign,
  analysis: DesignAnalysis,
): { readonly peak: number; readonly writes: number; readonly reads: ReadRequests } & WriteCopies {
  const { peakWriteUnits } = design.primaryKey.workload;
  const copies = writeCopies(analysis);
  const writes = peakWriteUnits * copies.copies;
  const reads = readRequests(analysis.of(design.primaryKey));
  return { peak: reads.units + writes, writes, reads, ...copies };
}

/** The peak SG017 judges, with what its fix is sized on where another rule's fix changes it. */
type CountedPeak = ReturnType<typeof peakOf>;

/** The peak another rule's fix to the sharding leaves (SG007's removal; SG008's fewer shards: `lowerTo`). */
interface PeakAfterShardingFix {
  readonly counted: CountedPeak;
  readonly needless: 'shards' | 'copies';
  readonly key: readonly string[];
  /** The count SG008's fix lowers the shards to; undefined where SG007's removes them. */
  readonly lowerTo?: number;
}

/**
 * The peak once SG007's fix is applied, where the key's plan removes its declared sharding (its hottest value fits
 * one key): each read then queries one key (no fan-out, `readRequests`) and each write stores one document (no
 * copies). A raise sized on the declared fan-out or copies would buy RU/s for requests that fix removes, and --fix
 * would write both (e.g. 76,300 RU/s raised for a 10-way fan-out whose sharding SG007 then removes, where
 * 12,000 serve the rest). Undefined where SG007 does not fire, where the design acknowledges its finding or turns SG007 off (the
 * sharding stays), or where its fix leaves the peak as it is.
 */
function peakWithoutNeedlessSharding(design: CosmosKeyDesign, analysis: DesignAnalysis, counted: CountedPeak): PeakAfterShardingFix | undefined {
  const space = design.primaryKey;
  const sharding = space.sharding;
  if (sharding && analysis.of(space).plan.layout !== 'none') return peakWithFewerShards(analysis, counted);
  // A sharding kept on purpose (SG007 acknowledged, or turned off) stays: the raise that serves it is the fix, with its edit.
  if (!sharding || shardingKeptOnPurpose(analysis, space)) return undefined;
  const logical = counted.reads.logical;
  const writes = space.workload.peakWriteUnits;
  const after: CountedPeak = { peak: logical + writes, writes, reads: { units: logical, logical }, copies: 1, from: 'declared' };
  if (after.peak >= counted.peak) return undefined;
  return { counted: after, needless: sharding.strategy === 'replicated' ? 'copies' : 'shards', key: space.partitionKey.map((a) => a.name) };
}

/**
 * The peak once SG008's fix is applied, where it lowers the declared shards to the N the load needs
 * (`fewerShardsAsked`): each fan-out read then queries N shards, not the declared count (`readRequestsOver`, as
 * `readRequests` counts the declared ones), so the fewer shards, which cost nothing, can serve the peak without a
 * raise ("Remedies come in the order of what they cost"). Undefined where SG008 does not ask for fewer, or the peak
 * stays as it is (no read fans out).
 */
function peakWithFewerShards(analysis: DesignAnalysis, counted: CountedPeak): PeakAfterShardingFix | undefined {
  const space = analysis.of(analysis.design.primaryKey);
  const shards = fewerShardsAsked(space);
  const strategy = space.space.sharding?.strategy;
  // Only where the hot key's N shards fit at the RU/s the container keeps (no raise): SG008 may size N at SG017's raise.
  if (shards === undefined || strategy === undefined || !allFit(space.dimensionsAt(strategy, shards))) return undefined;
  const reads = readRequestsOver(space, shards, (p) => p.fanOut === true, space.space.sharding?.hotValues);
  const after: CountedPeak = { peak: reads.units + counted.writes, writes: counted.writes, reads, copies: counted.copies, from: counted.from };
  if (after.peak >= counted.peak) return undefined;
  return { counted: after, needless: 'shards', key: space.space.partitionKey.map((a) => a.name), lowerTo: shards };
}

/**
 * The smallest value on `form`'s grid at which the peak fits headroom × the container's RU/s: on the declared form, a
 * raise in place, also judged on the partition holding the largest share of the key space where it splits partitions
 * (`evenInPlaceThroughput`), or for a container still to be created its creation (`raiseForPeak`); on another form (a serverless container's move, a shared one's dedicated throughput),
 * peak ÷ headroom. Where the copies are planned, they depend on the RU/s (more physical partitions give a hot key a
 * different share), so the figure is raised until the peak at that figure fits: applying the fix then leaves nothing
 * to raise again. `perContainer`: how many containers share the form's RU/s (a shared database's busy containers).
 */
function throughputFor(design: CosmosKeyDesign, peak: ReturnType<typeof peakOf>, form: ThroughputForm, perContainer = 1, hot?: ValueAmongValues): InPlaceRaise {
  const { headroom } = design.thresholds;
  const mode = design.throughput?.mode;
  const inPlace = mode !== undefined && mode !== 'serverless' && gridFormOf(mode) === form;
  // Laid out on the storage the peak's copies hold, as SG003 lays out the raise for them.
  const stored = storedLayout(design, peak);
  const figure = (p: number) => (inPlace ? (raiseForPeak(stored, p, hot) as number) : throughputForPeak(form, p, headroom, perContainer));
  let needed = figure(peak.peak);
  let neededPeak = peak.peak;
  const raise = () => ({ form, needed, neededPeak, containers: perContainer });
  if (peak.from !== 'planned' || !design.throughput) return raise();
  const peakAt = (ru: number) => peakOf(design, new DesignAnalysis(raisedTo(design, form, ru / perContainer, inPlace))).peak;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    neededPeak = peakAt(needed);
    const next = figure(neededPeak);
    if (next <= needed) break;
    needed = next;
  }
  // The rounds only raise: where the copies at the figure they reached need less, and the copies at that less still fit
  // it, the less is the raise (a raise in place jumps to the next even split, past the figure its copies need there).
  const lower = figure(neededPeak);
  const lowerPeak = lower < needed ? peakAt(lower) : undefined;
  if (lowerPeak !== undefined && figure(lowerPeak) <= lower) [needed, neededPeak] = [lower, lowerPeak];
  return raise();
}

/**
 * The hottest value of the container's own key among its values, for a raise sized at creation (`raiseForPeak`): where
 * the key is stored as declared (no sharding, no copies, declared or planned) and the peak is the declared one.
 */
function hottestValue(design: CosmosKeyDesign, analysis: DesignAnalysis, peak: CountedPeak): ValueAmongValues | undefined {
  const a = analysis.of(design.primaryKey);
  if (peak.from === 'planned' || peak.copies > 1 || a.space.sharding || !raisedAtCreation(design)) return undefined;
  return keyValueTheRaiseFits(a);
}

/**
 * `design` as its partitions hold `peak`'s copies: where they are planned (SG003's fix, which writes N × one copy's GB at
 * storage.totalGb), N × the GB, at least one physical partition per 50 GB of it ("Partitioning and horizontal
 * scaling"), split from the partitions the container has today, or for a container still to be created, on those it is
 * created with (`raiseSplitsFrom`, as SG003's copies at a raise are laid out, advice.ts `copiesAtRaise`). Declared copies
 * are in the declared GB already.
 */
function storedLayout(design: CosmosKeyDesign, peak: CountedPeak): CosmosKeyDesign {
  const gb = peak.from === 'planned' ? storedGb(design, peak.copies) : undefined;
  const now = profileOf(design.engine).physicalPartitions?.(design);
  if (gb === undefined || gb === design.totalGb || !now) return design;
  return Object.assign({}, design, { totalGb: gb, splitFrom: raiseSplitsFrom(design, now.count) });
}

/**
 * The design at `requestUnits` (the container's part) on `form`: raised in place (`inPlace`), on the physical partitions
 * the raise leaves it (split from those it has: `splitFrom`, as `raisedLayouts` declares a raise); a serverless container
 * moved to `form` alike, from the partitions its conversion keeps; another moved to `form` (a shared container's dedicated
 * throughput), on the partitions a container created there gets.
 */
function raisedTo(design: CosmosKeyDesign, form: ThroughputForm, requestUnits: number, inPlace: boolean): CosmosKeyDesign {
  const throughput = design.throughput as NonNullable<CosmosKeyDesign['throughput']>;
  const moved = Object.assign({}, throughput, { mode: form === 'autoscaleMax' ? 'autoscale' : 'manual', requestUnits });
  // A serverless container is converted in place: it keeps its partitions, and the new RU/s split them only to their minimum.
  if (!inPlace && throughput.mode === 'serverless') return serverlessMovedTo(design, moved.mode as 'manual' | 'autoscale', requestUnits);
  if (!inPlace) return Object.assign({}, design, { throughput: moved });
  const now = physicalPartitionCount(throughput.mode, throughput.requestUnits, design.totalGb, design.physicalPartitions);
  const physicalPartitions = physicalPartitionCount(throughput.mode, requestUnits, design.totalGb, now);
  return Object.assign({}, design, { throughput: Object.assign({}, throughput, { requestUnits }), physicalPartitions, splitFrom: design.splitFrom ?? now });
}

/**
 * The notes of a raise: for a container still to be created (`createFirst`), its creation and raise, which splits
 * nothing, in place of the split a raise in place of a container at the declared RU/s would make (`inPlaceSplit`).
 */
function createdOrSplit(split: readonly Id[], created: readonly Id[]): Id[] {
  return created.length > 0 ? [...split.filter((id) => id !== 'cosmosRaiseSplits'), ...created] : [...split];
}

/** Rounds of raising a figure whose planned copies change with it: each round only raises, and a few settle it. */
const MAX_ROUNDS = 8;

/** The RU/s the design declares where Azure's limits apply to them: a shared database's whole RU/s, else the container's. */
function declaredRequestUnits(throughput: CosmosThroughput): number | undefined {
  return throughput.mode === 'shared' ? throughput.shared?.databaseRequestUnits : throughput.requestUnits;
}

/**
 * Declared RU/s above Azure's default maximum, 1,000,000 per container (dedicated) or per database (shared): Azure
 * refuses to provision them until a support ticket raises the quota ("Service quotas"), so the deployment fails as
 * declared: an error, which a granted ticket answers by acknowledging the finding with the ticket as the reason.
 */
function aboveQuota(design: CosmosKeyDesign): RuleHit<Id>[] {
  const { throughput } = design;
  if (!throughput || throughput.mode === 'serverless') return [];
  const declared = declaredRequestUnits(throughput);
  const quota = COSMOS_LIMITS.requestUnitsQuota;
  if (declared === undefined || declared <= quota) return [];
  const scope = throughput.mode === 'shared' ? 'database' : 'container';
  return [{ path: throughput.path, messageId: 'cosmosAboveQuota', fixId: 'cosmosRequestQuota', data: { declared, quota, scope } }];
}

/**
 * Declared RU/s below the minimum that the container's own declared storage forces: Azure keeps manual RU/s (a
 * container's, or a shared database's) at no less than 1 RU/s per GB stored, and an autoscale maximum at no less than
 * 10 RU/s per GB (Microsoft Learn, "Azure Cosmos DB service quotas", minimum throughput limits). Azure holds the RU/s at
 * that minimum and bills it, so the design's figure is not what is paid for: an error naming the minimum. A shared
 * database stores at least this container's data, so its minimum is at least this one. Serverless has no minimum.
 */
function belowStorageMinimum(design: CosmosKeyDesign): RuleHit<Id>[] {
  const { throughput, totalGb } = design;
  const minimum = storageMinimumRequestUnits(design);
  if (!throughput || throughput.mode === 'serverless' || totalGb === undefined || minimum === undefined) return [];
  const declared = declaredRequestUnits(throughput);
  if (declared === undefined) return [];
  const form = gridFormOf(throughput.mode);
  const perGb = minimumRequestUnitsPerGb(throughput.mode);
  if (declared >= minimum) return [];
  // A declared physicalPartitions needs no edit: it is at least one per 50 GB (normalize checks it), more than the
  // one per 10,000 RU/s that even 10 RU/s per GB asks for.
  // A minimum above Azure's default maximum needs a support ticket first (cosmosAboveQuota once raised): no edit.
  const withinQuota = minimum <= COSMOS_LIMITS.requestUnitsQuota;
  const edits: DesignEdit[] | undefined = withinQuota ? [{ op: 'set', path: `throughput.${form}`, value: minimum }] : undefined;
  return [
    {
      path: throughput.path,
      messageId: 'cosmosBelowStorageMinimum',
      fixId: withinQuota ? 'cosmosRaiseToMinimum' : 'cosmosRaiseToMinimumPastQuota',
      data: {
        declared,
        minimum,
        totalGb,
        perGb,
        field: throughput.path,
        form,
        quota: COSMOS_LIMITS.requestUnitsQuota,
      },
      edits,
    },
  ];
}

/** A raise's figures for its message: the RU/s asked for and the peak they serve, with what its split and placement say. */
function figures(
  raise: InPlaceRaise,
  split: Record<string, number | string> = {},
  placement: Record<string, number | string> = {},
): Record<string, number | string> {
  return Object.assign({ needed: raise.needed, neededPeak: raise.neededPeak }, split, placement);
}

/**
 * SG017's raise in place, carried past the placement check: where the RU/s that serve the peak at
 * headroom (`throughputFor`) leave a key with no hot value no room for hashing's spread, the container raised to them
 * would draw cosmosNoRoomForPlacement and ask for more, so `--fix` would take two rounds (300 even tenants, 30,000 RU/s of
 * peak on 18 partitions: 37,500, then 39,700). The raise is then the least at which the partition holding a value fits
 * the line too (`noRoomForPlacement` judged on the design raised in place to the first figure), and the figures of that
 * first figure are kept for the message (`placementPlain`). The fix as it was where that check passes, and on serverless.
 */
function withPlacement(design: CosmosKeyDesign, fix: InPlaceRaise): { readonly fix: InPlaceRaise; readonly placement?: Record<string, number | string> } {
  const now = partitionsNow(design);
  if (now === undefined || !Number.isFinite(fix.needed)) return { fix };
  const raised = raisedInPlaceTo(design, fix.needed, now);
  const analysis = new DesignAnalysis(raised);
  const partitions = analysis.profile.physicalPartitions?.(raised);
  if (!partitions) return { fix };
  const [hit] = noRoomForPlacement(raised, analysis, peakOf(raised, analysis).peak, partitions);
  const to = hit?.data?.placementToSet;
  if (typeof to !== 'number' || to <= fix.needed) return { fix };
  const data = hit.data as Record<string, number | string>;
  return {
    fix: { ...fix, needed: to },
    placement: {
      placementPlain: fix.needed,
      placementKey: data.key,
      placementValues: data.values,
      placementValueLoad: data.valueLoad,
      placementPartitions: data.physicalPartitions,
      placementExpected: data.expectedLoad,
      placementUsable: data.partitionUsable,
    },
  };
}

/** The physical partitions the container has at its declared RU/s (undefined on serverless): what a raise in place splits. */
function partitionsNow(design: CosmosKeyDesign): number | undefined {
  const { throughput } = design;
  if (!throughput || throughput.mode === 'serverless') return undefined;
  return physicalPartitionCount(throughput.mode, declaredRequestUnits(throughput) ?? 0, design.totalGb, design.physicalPartitions);
}

/**
 * SG008's fewer shards at this rule's raise: where the container raised in place to `fix.needed` has more shards than
 * SG008 asks for there (`peakWithFewerShards`, judged on the raised design), this fix lowers them too, with SG008's
 * edits beside the raise. The raise is an edit `--fix` writes, so the count is sized at the RU/s the design has once
 * it is written. Without it, the raise alone drew SG008 on the next lint, a second round for one cause (8 shards of
 * `/region` on 30,000 autoscale: raised to 51,000, where SG008 then asked for 2). Not where SG008 already asks for a
 * count at the declared RU/s: that finding's count is the key's plan, and this fix does not give it another.
 */
function fewerShardsOnceRaised(
  design: CosmosKeyDesign,
  analysis: DesignAnalysis,
  fix: InPlaceRaise,
): { readonly data: Record<string, number>; readonly edits: readonly DesignEdit[] } | undefined {
  const now = partitionsNow(design);
  const declared = design.primaryKey.sharding?.shards;
  if (now === undefined || declared === undefined || !Number.isFinite(fix.needed) || fewerShardsAsked(analysis.of(design.primaryKey)) !== undefined)
    return undefined;
  const raised = raisedInPlaceTo(design, fix.needed, now);
  const atRaise = new DesignAnalysis(raised);
  const after = peakWithFewerShards(atRaise, peakOf(raised, atRaise));
  const edits = adviceFor(atRaise.of(raised.primaryKey)).edits;
  if (after?.lowerTo === undefined || !edits) return undefined;
  const { peak, reads, writes } = after.counted;
  return { data: { declaredShards: declared, afterShards: after.lowerTo, afterPeak: peak, afterReads: reads.units, afterWrites: writes }, edits };
}

/** SG017's raise as the key's fix sizes it: the figure, what the note names, and the key's count where it is written with it. */
interface KeyRaise {
  readonly fix: InPlaceRaise;
  readonly data?: Record<string, number | string | readonly string[]>;
  readonly shardEdits?: readonly DesignEdit[];
}

/**
 * SG017's raise carried to the one the fix for the container's hottest key value leads with, where that is more: the
 * least raise in place at which a shard count within maxShards fits beside its neighbours (`adviceFor`'s
 * raiseThenShard, the fix SG001 and SG003 give, judged at SG017's raise), or a count of replicated copies
 * (raiseThenCopies, whose copies this finding's peak already counts). Raised only to the peak's figure, the
 * container leaves that fix asking for a second raise, and `--fix` would need two rounds for one cause (a 4-valued key
 * at 40,000 RU/s of peak on 30,000 autoscale: 51,000, then 53,000 for 21 shards). One raise then serves the peak and
 * the key's shards, as a DynamoDB table's launch pre-warm asks for the warm throughput its key's fix sets
 * (`plannedWarmThroughput`); the finding names the peak's own figure beside it. Dedicated throughput only (manual or
 * autoscale): a shared database's raise is the database's, sized over its containers.
 */
function withKeyRaise(design: CosmosKeyDesign, analysis: DesignAnalysis, fix: InPlaceRaise): KeyRaise {
  const mode = design.throughput?.mode;
  if ((mode !== 'manual' && mode !== 'autoscale') || !Number.isFinite(fix.needed)) return { fix };
  // A hierarchical key's plan for its full key may wait on its first level's (a whale's buckets, SG003 at paths[0]):
  // the raise carried is the one that first level's fix leads with (carrying the full key's, --fix wrote SG017's raise
  // to the full key's figure and SG003's after it).
  const [first, ...deeper] = design.primaryKey.partitionKey;
  if (deeper.length > 0) {
    const levelRaise = firstLevelLeadRaise(analysis);
    if (levelRaise === undefined || levelRaise <= fix.needed) return { fix };
    return { fix: { ...fix, needed: levelRaise }, data: { keyRaisePlain: fix.needed, keyRaiseKey: [first.name], keyRaiseKind: 'level' } };
  }
  const key = analysis.of(design.primaryKey);
  const advice = adviceFor(key);
  const lead = advice.ids[0];
  const valueRaise = plannedValueRaise(advice);
  if (valueRaise !== undefined) {
    if (valueRaise <= fix.needed) return { fix };
    return {
      fix: { ...fix, needed: valueRaise },
      data: { keyRaisePlain: fix.needed, keyRaiseKey: key.space.partitionKey.map((a) => a.name), keyRaiseKind: 'value' },
    };
  }
  if (lead !== 'raiseThenShard' && lead !== 'raiseThenCopies') return { fix };
  const data = advice.data as { shardRaiseTo?: number; copiesRaiseTo?: number; shards?: number; shardCarriedPeak?: number; key?: readonly string[] };
  const { shards, key: names } = data;
  const keyRaiseTo = lead === 'raiseThenShard' ? data.shardRaiseTo : data.copiesRaiseTo;
  // A categorical key's shards are never written (a re-key is its fix: categorical-key.ts), so their raise is not asked.
  if (lead === 'raiseThenShard' && shards !== undefined && categoricalBy(key, shards) !== undefined) return { fix };
  const fewer = lead === 'raiseThenShard' ? raiseForFewerShards(design, fix, data, advice.edits) : undefined;
  if (fewer) return fewer;
  if (keyRaiseTo === undefined || keyRaiseTo <= fix.needed || shards === undefined || names === undefined) return { fix };
  // Asking less than the raise SG003's fix leads with would contradict it: that raise serves the peak too.
  const kind = lead === 'raiseThenShard' ? 'shards' : 'copies';
  return { fix: { ...fix, needed: keyRaiseTo }, data: { keyRaisePlain: fix.needed, keyShards: shards, keyRaiseKey: names, keyRaiseKind: kind } };
}

/**
 * The raise the key's raise-and-shard fix leads with where it is less than the peak's own figure: the fix lowers the
 * declared shards to N, each fan-out read then queries N shards, and the peak it leaves (`shardCarriedPeak`) fits that
 * raise at headroom. Sized on the declared count, SG017 asked more than the fix that lowers it (16 shards of `/region` on
 * 30,000 autoscale: 44,000 RU/s, where SG003 asked 39,000 and 2 shards), and `--fix` wrote its raise first and never
 * settled. Only for a container still to be created (`raisedAtCreation`): evenly split, its partitions serve any peak
 * within headroom × the RU/s, where a raise in place may leave a partition unsplit.
 */
function raiseForFewerShards(
  design: CosmosKeyDesign,
  fix: InPlaceRaise,
  data: { readonly shardRaiseTo?: number; readonly shards?: number; readonly shardCarriedPeak?: number; readonly key?: readonly string[] },
  keyEdits: readonly DesignEdit[] | undefined,
): KeyRaise | undefined {
  const { shardRaiseTo: to, shards, shardCarriedPeak: carried, key } = data;
  const declared = design.primaryKey.sharding?.shards;
  if (to === undefined || shards === undefined || carried === undefined || key === undefined || declared === undefined) return undefined;
  if (!raisedAtCreation(design) || to >= fix.needed || shards >= declared || !fits(carried, to * design.thresholds.headroom)) return undefined;
  // The fix's count is written with the raise (its own raise is this finding's, on the same field).
  const shardEdits = (keyEdits ?? []).filter((e) => e.path === 'sharding');
  if (shardEdits.length === 0) return undefined;
  return {
    shardEdits,
    fix: { ...fix, needed: to, neededPeak: carried },
    data: { keyRaisePlain: fix.needed, keyPlainPeak: fix.neededPeak, keyShards: shards, keyRaiseKey: key, keyRaiseKind: 'fewerShards' },
  };
}

/** The note of a raise carried to the key's fix, by what that fix's raise serves (shards and copies: cosmosRaiseForKey). */
const RAISE_FOR = { value: 'cosmosRaiseForValue', level: 'cosmosRaiseForLevel', fewerShards: 'cosmosRaiseForFewerShards' } as const;

/** The note of a raise carried past the placement check (`withPlacement`), where it was. */
function placementIds(placement: Record<string, number | string> | undefined): Id[] {
  return placement ? ['cosmosPlacementAbove'] : [];
}

function cosmosHits(design: CosmosKeyDesign, analysis: DesignAnalysis): RuleHit<Id>[] {
  return withLargestRaise([...aboveQuota(design), ...belowStorageMinimum(design), ...belowPeak(design, analysis)]);
}

/**
 * Where two findings raise the same throughput field (the storage minimum and the peak), only the larger raise keeps
 * its edit: it satisfies both, and `--fix` applies one edit per field in a run, so the smaller one would be written
 * first and the larger one only by a second run. Both findings are still reported, each with its own figure.
 */
function withLargestRaise(hits: RuleHit<Id>[]): RuleHit<Id>[] {
  const raised = (hit: RuleHit<Id>) =>
    hit.edits?.length === 1 && hit.edits[0].op === 'set' && typeof hit.edits[0].value === 'number' ? hit.edits[0] : undefined;
  const largest = new Map<string, number>();
  for (const edit of hits.map(raised)) if (edit) largest.set(edit.path, Math.max(largest.get(edit.path) ?? 0, edit.value as number));
  return hits.map((hit) => {
    const edit = raised(hit);
    return edit && (edit.value as number) < (largest.get(edit.path) as number) ? { ...hit, edits: undefined } : hit;
  });
}

function belowPeak(design: CosmosKeyDesign, analysis: DesignAnalysis): RuleHit<Id>[] {
  const { throughput } = design;
  const partitions = analysis.profile.physicalPartitions?.(design);
  if (!throughput || !partitions) return [];
  const { headroom } = design.thresholds;
  const { peakWriteUnits } = design.primaryKey.workload;
  const counted = peakOf(design, analysis);
  const { copies, from, writes, peak, reads } = counted;
  const capacity = partitions.requestUnits;
  // The rule SG017 applies on both engines: silent while the peak fits headroom × the capacity; an error above
  // the capacity itself, a warning when only the headroom is missing; the fix asks for peak ÷ headroom.
  if (fits(peak, capacity * headroom)) return noRoomForPlacement(design, analysis, peak, partitions);
  const below = !fits(peak, capacity);
  // Cross-partition queries are charged on every physical partition; the declared RU/s give no rate to count that by.
  const crossing = crossPartitionFloor(analysis, partitions.count, reads.logical);
  const data = {
    peak,
    peakReads: reads.units,
    peakWrites: writes,
    capacity,
    headroom,
    utilization: peak / capacity,
    // Copies SG003's fix plans are not declared: the peak is the one that fix leaves.
    source: from === 'planned' ? 'planned' : 'declared',
    ...(copies > 1 ? { copies, declaredWrites: peakWriteUnits, writesSource: 'declared' } : {}),
    ...(reads.fanOut
      ? Object.assign(
          { fanOutPatterns: [...reads.fanOut.patterns], fanOutShare: reads.fanOut.share, fanOutShards: reads.fanOut.shards, logicalReads: reads.logical },
          hotValuesData(reads.fanOut),
          reads.fanOut.bucketedValue === undefined ? {} : { fanOutLevel: reads.fanOut.bucketedValue },
          reads.fanOut.sized === undefined ? {} : { fanOutSized: [...reads.fanOut.sized], queryFloor: COSMOS_LIMITS.queryRequestUnitsPerPartition },
        )
      : {}),
    ...assumedData(reads),
    ...crossing?.data,
  };
  const noted: Id[] = [
    ...(copies > 1 ? [from === 'planned' ? ('cosmosPlannedCopies' as const) : ('cosmosCopies' as const)] : []),
    ...(reads.fanOut ? ['cosmosFanOutReads' as const] : []),
    ...(reads.assumed ? ['cosmosFanOutAssumed' as const] : []),
    ...(crossing?.ids ?? []),
  ];
  const notes = noted.length > 0 ? noted : undefined;
  // Where SG007 removes the sharding that makes the peak (fan-out queries, copies), its fix leads and the raise is
  // sized on the peak it leaves: none where that fits, and then the raise for the sharding as declared is the
  // alternative that keeps it, with no edit (--fix applies SG007's and this finding goes with it). SG008's fewer shards
  // lead the same way where they serve the peak alone: free, where the raise is billed every hour.
  const shardingFix = peakWithoutNeedlessSharding(design, analysis, counted);
  const removal = shardingFix?.lowerTo !== undefined && !fits(shardingFix.counted.peak, capacity * headroom) ? undefined : shardingFix;
  const removalFits = removal !== undefined && fits(removal.counted.peak, capacity * headroom);
  const sized = removal && !removalFits ? removal.counted : counted;
  const fanOutFix: Id[] = reads.fanOut && !removal ? ['cosmosFixFanOut'] : [];
  const hit = (
    messageId: Id,
    raiseId: Id,
    extra: Record<string, number | string | readonly string[]>,
    edits?: DesignEdit[],
    split: Id[] = [],
  ): RuleHit<Id>[] => {
    // A raise past Azure's default maximum would be refused as it deploys (cosmosAboveQuota): no edit, and the fix says so.
    const raised = edits?.[0]?.op === 'set' ? (edits[0].value as number) : undefined;
    const pastQuota = raised !== undefined && raised > COSMOS_LIMITS.requestUnitsQuota;
    const lead: Id[] = removal
      ? [
          removal.lowerTo === undefined ? 'cosmosRemoveNeedless' : 'cosmosLowerShards',
          ...(removalFits ? (['cosmosFitsWithout', 'cosmosOrKeepSharding'] as const) : (['cosmosThenRaise'] as const)),
        ]
      : [];
    const [fixId, ...fixNotes]: Id[] = [...lead, raiseId, ...split, ...(pastQuota ? ['cosmosRaisePastQuota' as const] : []), ...fanOutFix];
    return [
      {
        path: throughput.path,
        messageId: below ? messageId : 'cosmosWithinHeadroom',
        notes,
        fixId,
        fixNotes: fixNotes.length > 0 ? fixNotes : undefined,
        severity: below ? undefined : 'warning',
        data: Object.assign(
          {},
          data,
          extra,
          removal
            ? {
                needless: removal.needless,
                key: removal.key,
                afterPeak: removal.counted.peak,
                afterReads: removal.counted.reads.units,
                afterWrites: removal.counted.writes,
                ...(removal.lowerTo === undefined ? {} : { declaredShards: design.primaryKey.sharding?.shards ?? 1, afterShards: removal.lowerTo }),
              }
            : {},
          pastQuota ? { quota: COSMOS_LIMITS.requestUnitsQuota, scope: throughput.mode === 'shared' ? 'database' : 'container' } : {},
        ),
        edits: pastQuota || removalFits ? undefined : edits,
      },
    ];
  };
  // A declared count of physical partitions is the container's: raised in place, it splits to the new RU/s's minimum
  // ("Best practices for scaling provisioned throughput"), which the edit declares so the design stays valid; an
  // undeclared count is declared wherever the raise in place leaves another than a container created at the new RU/s
  // would get (raiseEdits, below).
  // Planned copies are laid out on the storage they hold, as SG017's figure is (`storedLayout`).
  const laidOut = storedLayout(design, sized);
  const raise = (form: ThroughputForm, value: number, perContainer = 1): DesignEdit[] => raiseEdits(laidOut, partitions, form, value, perContainer);
  // A dedicated container's raise, placed (withPlacement), and carried to its key's (withKeyRaise) except where the fix
  // removes needless sharding (`removal`): its shards are then not the ones the key's plan sizes.
  const dedicatedRaise = (form: 'manual' | 'autoscaleMax') => {
    const hottest = hottestValue(design, analysis, sized);
    const { fix: placed, placement } = withPlacement(design, throughputFor(design, sized, form, 1, hottest));
    const { fix, data: forKey, shardEdits } = removal ? { fix: placed, data: undefined, shardEdits: undefined } : withKeyRaise(design, analysis, placed);
    const fewer = removal || shardEdits ? undefined : fewerShardsOnceRaised(design, analysis, fix);
    // Past the peak's own figure for the hottest value alone: said, or the raise reads as the peak at headroom.
    const forValue = forKey || placement ? undefined : raisedForHottestValue(design, fix, hottest);
    const ids: Id[] = [
      ...placementIds(placement),
      ...(forKey ? [RAISE_FOR[forKey.keyRaiseKind as keyof typeof RAISE_FOR] ?? ('cosmosRaiseForKey' as const)] : []),
      ...(fewer ? (['cosmosFewerShardsOnceRaised'] as const) : []),
    ];
    const edits = (value: number): DesignEdit[] => [...raise(form, value), ...(shardEdits ?? fewer?.edits ?? [])];
    const valueIds: Id[] = forValue ? ['cosmosRaiseForHottestValue'] : [];
    return { fix, placement, data: Object.assign({}, forKey, forValue, fewer?.data), valueIds, ids, edits };
  };
  const keyFirst = throughput.mode === 'serverless' ? undefined : keyPastLogicalCeiling(design, analysis, sized.peak, capacity * headroom);
  if (keyFirst && throughput.mode !== 'serverless') {
    const form = gridFormOf(throughput.mode);
    const containers = throughput.mode === 'shared' ? (throughput.shared?.containers ?? 1) : 1;
    const shared = throughput.mode === 'shared' ? { containers, databaseRu: throughput.shared?.databaseRequestUnits ?? capacity } : {};
    const plainNeeded = throughputForPeak(form, sized.peak, headroom, containers);
    return hit(
      BELOW_PEAK[throughput.mode],
      'cosmosFixKeyFirst',
      Object.assign({ plainNeeded, neededPeak: sized.peak, field: `throughput.${form}` }, shared, keyFirst),
    );
  }
  switch (throughput.mode) {
    case 'manual': {
      const { fix, placement, data: raised, valueIds, ids, edits } = dedicatedRaise('manual');
      const split = inPlaceSplit(design, fix, laidOut.totalGb);
      const first = createFirst(design, partitions.count, fix.needed, laidOut.totalGb);
      return hit('cosmosManualBelowPeak', 'cosmosRaiseManual', Object.assign(figures(fix, split.data, placement), first.data, raised), edits(fix.needed), [
        ...valueIds,
        ...createdOrSplit(split.ids, first.ids),
        ...ids,
      ]);
    }
    case 'autoscale': {
      const { fix, placement, data: raised, valueIds, ids, edits } = dedicatedRaise('autoscaleMax');
      // Carried past the peak's own figure by the key's fix or a placement, whose clause says why.
      const split = inPlaceSplit(design, fix, laidOut.totalGb, raised !== undefined || placement !== undefined);
      const first = createFirst(design, partitions.count, fix.needed, laidOut.totalGb);
      // The billed floor, 10% of the maximum every hour ("Autoscale FAQ", pricing), before and after the raise.
      const floor = { floorNow: capacity * COSMOS_LIMITS.autoscaleBilledFloorShare, floorNeeded: fix.needed * COSMOS_LIMITS.autoscaleBilledFloorShare };
      return hit(
        'cosmosAutoscaleBelowPeak',
        'cosmosRaiseAutoscale',
        Object.assign(figures(fix, split.data, placement), first.data, floor, raised),
        edits(fix.needed),
        [...valueIds, ...createdOrSplit(split.ids, first.ids), ...ids],
      );
    }
    case 'shared': {
      // The container is counted on databaseRu / containers: the database needs containers × the peak.
      const { databaseRequestUnits, containers } = throughput.shared ?? { databaseRequestUnits: capacity, containers: 1 };
      const { fix, placement } = withPlacement(design, throughputFor(design, sized, 'sharedDatabase', containers));
      const split = inPlaceSplit(design, fix, laidOut.totalGb);
      return hit(
        'cosmosSharedBelowPeak',
        'cosmosRaiseShared',
        Object.assign(figures(fix, split.data, placement), {
          containers,
          databaseRu: databaseRequestUnits,
          dedicated: throughputFor(design, sized, 'manual').needed,
        }),
        raise('sharedDatabase', fix.needed, containers),
        [...split.ids, ...placementIds(placement)],
      );
    }
    case 'serverless': {
      const manual = throughputFor(design, sized, 'manual');
      // Manual RU/s are set in steps of 100, an autoscale maximum in steps of 1,000: each form gets its own figure.
      return hit('cosmosServerlessBelowPeak', 'cosmosLeaveServerless', {
        partitions: partitions.count,
        partitionRu: partitions.requestUnitsEach,
        // Azure's other text gives partitions × 5,000: named where it differs, so the reader sees which figure is used.
        ...(partitions.count > 1 ? { formulaRu: partitions.count * COSMOS_LIMITS.serverlessContainerRequestUnits } : {}),
        ...figures(manual),
        ...convertedLayout(laidOut, partitions.count, manual.needed),
        neededAutoscale: throughputFor(design, sized, 'autoscaleMax').needed,
      });
    }
  }
}

/** The finding of a provisioned container's peak above its RU/s, by throughput form. */
const BELOW_PEAK = { manual: 'cosmosManualBelowPeak', autoscale: 'cosmosAutoscaleBelowPeak', shared: 'cosmosSharedBelowPeak' } as const;

/**
 * The container's hottest stored key where its load passes the usable part of a logical partition's 10,000 RU/s, which
 * no RU/s lift ("Partitioning and horizontal scaling": one logical partition is served by one physical partition, at most
 * 10,000 RU/s), and the load a raise could serve today (the other keys' and that key's usable part) fits the declared
 * RU/s (`usable`): a raise then serves nothing, and autoscale scales on its most active partition ("Autoscale FAQ"), so
 * the raised maximum is what a hot hour bills. Its fix changes the load (a finer key, which Cosmos DB sets only on a new
 * container created at the RU/s it needs, evenly split; a materialised document; the integrated cache), and the RU/s the
 * peak needs after it are known only then: SG017 states the even figure (peak ÷ headroom) and writes no edit. Undefined
 * where the key fits its logical partition, where the rest of the load alone needs the raise (it serves that), and on a
 * hierarchical key.
 */
function keyPastLogicalCeiling(design: CosmosKeyDesign, analysis: DesignAnalysis, peak: number, usable: number): Record<string, number | string[]> | undefined {
  const key = analysis.of(design.primaryKey);
  // A hierarchical key's full key waits on its first level's plan, whose raise is carried (`withKeyRaise`).
  if (key.space.partitionKey.length > 1) return undefined;
  // The engine names the logical ceiling (no `physical`) for a load above it (cosmosDbProfile.loadDimensions).
  const logical = key.over.find((d) => d.physical === undefined);
  if (!logical || !fits(peak - logical.load + logical.usable, usable)) return undefined;
  return { hotKey: key.space.partitionKey.map((l) => l.name), hotKeyLoad: logical.load, logicalUsable: logical.usable, logicalCeiling: logical.ceiling };
}

/**
 * Where a serverless container's move to manual throughput leaves it: "Changing from serverless to provisioned capacity
 * mode converts all containers within the account to manual provisioned throughput containers in-place", at "number of
 * partitions * 5000" RU/s ("Change from serverless to provisioned capacity mode"), so it keeps its `now` partitions, and
 * `needed` RU/s set in place split them only to ⌈RU/s ÷ 10,000⌉ ("Best practices for scaling provisioned throughput"):
 * the layout SG003 judges (`raisedTo`, on the same partitions). A new container in a provisioned account created at
 * `needed` gets one per 6,000 RU/s: named where that differs.
 */
function convertedLayout(design: CosmosKeyDesign, now: number, needed: number): Record<string, number> {
  const kept = physicalPartitionCount('manual', needed, design.totalGb, now);
  const created = physicalPartitionCount('manual', needed, design.totalGb);
  const data: Record<string, number> = { convertedRu: now * COSMOS_LIMITS.serverlessContainerRequestUnits, keptPartitions: kept };
  if (kept > now) data.splitTo = kept;
  if (created !== kept) data.createdPartitions = created;
  return data;
}

/**
 * The edits of a raise of the container's `form` to `value` (a shared database's whole RU/s, `perContainer` busy
 * containers sharing it). A declared count of physical partitions is the container's: raised in place, it splits to the
 * new RU/s's minimum ("Best practices for scaling provisioned throughput"), which the edit declares so the design stays
 * valid. Where the design declares no count, the edit declares the count the raise in place leaves wherever a
 * container created at the new RU/s would get another (split or not): read without one, the raised design would be
 * such a container, on more partitions (one per 6,000 RU/s of manual throughput) than the raise in place leaves (as
 * SG003's raise declares them, physical-partition.ts raiseEdits), and be judged on a layout the container does not have.
 */
function raiseEdits(design: CosmosKeyDesign, partitions: PhysicalPartitions, form: ThroughputForm, value: number, perContainer = 1): DesignEdit[] {
  const mode = (design.throughput as CosmosThroughput).mode;
  const inPlace = physicalPartitionCount(mode, value / perContainer, design.totalGb, partitions.count);
  const declared = design.physicalPartitions;
  // Undeclared, a re-lint of the raised design counts the partitions a container created at the new RU/s gets (one per
  // 6,000 manual RU/s): on dedicated throughput, declared wherever that differs from the raise in place's, split or not
  // (manual 48,000 → 50,000 keeps 8 partitions, where one created at 50,000 gets 9); a shared database's, where it splits.
  const created = physicalPartitionCount(mode, value / perContainer, design.totalGb);
  const split = mode === 'shared' ? inPlace > partitions.count : true;
  const declare = declared === undefined ? split && created !== inPlace : declared < inPlace;
  const layout = { gb: design.totalGb, partitions: inPlace, splitFrom: design.splitFrom ?? partitions.count };
  return [{ op: 'set', path: `throughput.${form}`, value }, ...layoutEdits(design, layout, declare)];
}

/** The key values Cosmos DB hashes to physical partitions, where the key has no hot value (`uniformPlacement`). */
interface PlacedValues {
  /** The key, or a hierarchical key's first level: what the values are of. */
  readonly key: readonly string[];
  /** The reads and writes each takes at the peak (the peak ÷ its count of values), and their RU/s. */
  readonly loads: Loads;
  readonly load: number;
  readonly values: number;
}

/**
 * The values a container's partitions hold where no value is hotter than the rest (SG003 then judges none: the
 * container's capacity is this rule's): a flat key's values, with the uniform share alone (nothing declared, derived or
 * observed, no pattern naming a value it reads) and no sharding or replicated copies; a hierarchical key's first-level
 * values, with the first level's uniform share (`firstLevelShare`), each holding at most a physical partition's 50 GB
 * (its documents then sit on one partition, "Hierarchical partition keys"), unless the first level is a time bucket
 * (its current value takes every write: SG002's). Undefined otherwise.
 */
function uniformPlacement(design: CosmosKeyDesign, analysis: DesignAnalysis): PlacedValues | undefined {
  const space = design.primaryKey;
  const a = analysis.of(space);
  if (space.sharding || a.namedReads !== undefined) return undefined;
  if (space.partitionKey.length === 1) {
    if (space.workload.hotKeyShareSource !== 'uniform') return undefined;
    return { key: space.partitionKey.map((l) => l.name), loads: a.hot, load: a.hot.reads + a.hot.writes, values: a.trafficValues };
  }
  if (space.partitionKey[0].kind === 'time-bucket') return undefined;
  const first = firstLevelShare(space);
  const values = cardinalityValue(space.partitionKey[0].cardinality);
  const perValueGb = (design.totalGb ?? 0) / values;
  if (first.source !== 'uniform' || perValueGb > COSMOS_LIMITS.physicalPartitionGb) return undefined;
  const loads = hottestFirstLevelLoads(design, first.share, values);
  return { key: [space.partitionKey[0].name], loads, load: loads.reads + loads.writes, values };
}

/**
 * cosmosNoRoomForPlacement: a peak within the container's usable line, on a key with no hot value
 * whose partitions have no room for the spread hashing gives them. Throughput is divided evenly among the physical
 * partitions ("Partitioning and horizontal scaling") and each value is hashed to one; the partition holding a value
 * expects its load and 1/P of the rest, the average partition's load plus that value × (1 − 1/P): hashing's spread,
 * no heat of its own. Where SG003 would judge that partition over (its neighbours as the engine counts them,
 * `judgedNeighbourLoad`) but it is over only by that spread, within the partition's full RU/s (`overOnlyBySpread`),
 * SG003 leaves it to this rule: a warning, with the least raise in place at which SG003's judgement fits
 * (`throughputServing`, on the same neighbours). Not for serverless, whose RU/s no raise lifts.
 */
function noRoomForPlacement(design: CosmosKeyDesign, analysis: DesignAnalysis, peak: number, partitions: PhysicalPartitions): RuleHit<Id>[] {
  const { throughput } = design;
  if (!throughput || throughput.mode === 'serverless') return [];
  const placed = uniformPlacement(design, analysis);
  if (!placed || !Number.isFinite(placed.values)) return [];
  const { headroom } = design.thresholds;
  // The container's peak as SG003 counts its neighbours (`charged`: a fan-out's reads on every shard), as `peak` counts it.
  const total = analysis.of(design.primaryKey).charged;
  const share = analysis.profile.physicalShare?.(design, total, placed.loads, placed.values);
  if (!share || share.raisedFrom) return [];
  const usableEach = share.requestUnitsEach * headroom;
  const judgedOver = !fits(placed.load + share.neighbours, usableEach);
  if (!judgedOver || !overOnlyBySpread({ hot: placed.load, peak, cardinality: placed.values }, share, headroom)) return [];
  const slices = share.keySpaceSlices;
  const value = amongCarried({ hot: placed.load, rest: peak - placed.load, cardinality: placed.values }, share.sharedBy);
  const neighbours = neighbourLoad(value.rest, slices);
  const raise = throughputServing(design, { hot: placed.load, total: peak, cardinality: placed.values });
  const form = gridFormOf(throughput.mode);
  const containers = share.sharedBy ?? 1;
  return [
    {
      path: throughput.path,
      messageId: 'cosmosNoRoomForPlacement',
      fixId: raise ? 'cosmosRaiseForPlacement' : 'cosmosMoreValuesForPlacement',
      severity: 'warning',
      data: Object.assign(
        {
          peak,
          source: 'declared',
          capacity: partitions.requestUnits,
          headroom,
          utilization: peak / partitions.requestUnits,
          key: [...placed.key],
          values: placed.values,
          valueLoad: placed.load,
          physicalPartitions: share.count,
          partitionRu: share.requestUnitsEach,
          partitionUsable: usableEach,
          averageLoad: (value.hot + value.rest) / slices,
          slices,
          neighbourRu: neighbours,
          expectedLoad: value.hot + neighbours,
        },
        raise ? raiseFigures(PLACEMENT_RAISE, raise) : {},
      ),
      edits: raise ? raiseEdits(design, partitions, form, raise.databaseRequestUnits ?? raise.requestUnits, containers) : undefined,
    },
  ];
}

/** The names of the raise cosmosRaiseForPlacement offers (`raiseInPlace`). */
const PLACEMENT_RAISE: RaiseNames = { to: 'placementTo', partitions: 'placementPartitions', each: 'placementEach' };

/** The peak a raise serves at headroom: of the raise, or of the smaller figure where a raise in place needs more (`inPlaceSplit`). */
const AT_HEADROOM =
  '{{headroom|percent}} utilization{{?plainNeeded}} of {{plainNeeded}} RU/s; in place, the least that serve it on every physical partition{{/plainNeeded}}';

export const cosmosDbCapacityBelowPeak = defineRule({
  ...CAPACITY_BELOW_PEAK,
  engines: ['cosmosdb'],
  fires:
    "Cosmos DB: the declared peak (peakReadUnits + peakWriteUnits, RU/s) is above headroom × the container's declared throughput (an error above it, a warning when only the headroom is missing).",
  firesAlso: [
    "Cosmos DB peaks: writes count every replicated copy of a document, declared or planned by the fix the key's finding leads with; reads count each shard's query of a fan-out over a sharded key's N shards, N queries per logical read where each loads an item or a page (under `sharding.hotValues`, the listed values' reads only). SG003 judges a hot key's neighbours on the same peak.",
    "Cosmos DB remedies in the order of what they cost: where SG007's removal of the sharding, or SG008's fewer shards, bring the peak within headroom × the RU/s, that fix leads (with the count) and the raise that keeps the shards follows, with no edit of its own. Where the raise leaves more shards than SG008 asks for at the raised RU/s, and none at the declared, the fix lowers them to that N too: both edits.",
    "Cosmos DB declared throughput: manual RU/s, the autoscale maximum, the container's part of a shared database's RU/s, or what a serverless container serves: 5,000 RU/s shared by up to five physical partitions (one per 50 GB), then 1,000 RU/s per partition (20,000 at 1 TB). Azure serves two texts of its serverless performance page; the other says partitions × 5,000, and the lower figure is the one judged against.",
    "Cosmos DB throughput above Azure's default maximum of 1,000,000 RU/s per container (or per database, for shared throughput), which only a support ticket raises: the deployment fails unless the quota was raised (error).",
    "Cosmos DB, a peak within the line on a key with no hot value (a flat key's uniform share, unsharded, or a hierarchical key's uniform first level of at most 50 GB a value): where the physical partition holding a value is expected above headroom × its RU/s (the value and 1/P of the rest of the load) but within its RU/s, which SG003 leaves to this rule, a warning that the line leaves no room for uneven placement, with the least raise in place at which it fits. Not for serverless.",
    "Cosmos DB queries that miss the partition key (SG012's), on 2 or more physical partitions: the peak takes their declared RU/s, and the finding adds that each is charged at least about 2.5 RU on every physical partition, so those RU/s cover at most RU ÷ (2.5 × P) such queries a second; the design declares RU/s, not a query rate, so no more is added.",
    "Cosmos DB reads that fan out over N shards or buckets (`fanOut`): each query checks one physical partition, charged at least about 2.5 RU, about 1 RU per KB above it (a 1 KB point read's figure; Azure gives none for queries), so a read of `resultKb` counts N × max(2.5, resultKb ÷ N) RU of max(2.5, resultKb): N× at 2.5 KB or less, about once for large reads; with no `resultKb`, once, the finding saying so.",
    "Cosmos DB throughput below the minimum the declared storage forces (1 RU/s per GB for manual RU/s, a container's or a shared database's; 10 RU/s per GB for an autoscale maximum): Azure holds and bills that minimum (error).",
  ],
  sources: [
    SOURCES.cosmosProvisionedThroughput,
    SOURCES.cosmosPartitioning,
    SOURCES.cosmosServerlessPerformance,
    SOURCES.cosmosServerlessTable,
    SOURCES.cosmosChangeCapacityMode,
    SOURCES.cosmosLimits,
    SOURCES.cosmosCrossPartition,
    SOURCES.cosmosRequestCost,
    SOURCES.cosmosScalingThroughput,
    SOURCES.cosmosContainerCopy,
    SOURCES.cosmosAutoscaleFaq,
    SOURCES.cosmosSynthetic,
  ],
  messages: () => ({
    ...EVEN_SPLIT_MESSAGES,
    ...HOTTEST_VALUE_MESSAGES,
    ...CREATE_FIRST_MESSAGES,
    ...CROSS_PARTITION_COST_MESSAGES,
    cosmosManualBelowPeak: `the ${PEAK_SOURCE} peak of {{peak}} RU/s ({{peakReads}} reads + {{peakWrites}} writes) is above the {{capacity}} RU/s of manual throughput: the requests beyond it are throttled (429) whatever the key`,
    cosmosAutoscaleBelowPeak: `the ${PEAK_SOURCE} peak of {{peak}} RU/s ({{peakReads}} reads + {{peakWrites}} writes) is above the autoscale maximum of {{capacity}} RU/s: autoscale never scales past it, and the requests beyond it are throttled (429) whatever the key`,
    cosmosSharedBelowPeak: `the ${PEAK_SOURCE} peak of {{peak}} RU/s ({{peakReads}} reads + {{peakWrites}} writes) is above the container's {{capacity}} RU/s part of the database's shared {{databaseRu}} RU/s ({{containers|one=# busy container|other=# busy containers}}): the requests beyond it are throttled (429) whatever the key`,
    cosmosServerlessBelowPeak: `the ${PEAK_SOURCE} peak of {{peak}} RU/s ({{peakReads}} reads + {{peakWrites}} writes) is above the {{capacity}} RU/s a serverless container serves on {{partitions|partitions}} ({{partitionRu}} RU/s each{{?formulaRu}}: the lower of Azure's two published figures, the other {{formulaRu}} RU/s{{/formulaRu}}), with no throughput guaranteed: the requests beyond it are throttled (429) whatever the key`,
    cosmosWithinHeadroom: `the ${PEAK_SOURCE} peak of {{peak}} RU/s ({{peakReads}} reads + {{peakWrites}} writes) uses {{utilization|percent}} of the container's {{capacity}} RU/s, more than the {{headroom|percent}} the design plans for: a burst above the peak is throttled (429) whatever the key`,
    cosmosNoRoomForPlacement: `the ${PEAK_SOURCE} peak of {{peak}} RU/s uses {{utilization|percent}} of the container's {{capacity}} RU/s, within the {{headroom|percent}} the design plans for, but leaves no room for uneven placement: {{key|key}} has no hot value ({{values}} values of {{valueLoad}} RU/s each), and Cosmos DB hashes each to one of {{physicalPartitions|partitions}} of {{partitionRu}} RU/s, whose average is {{averageLoad}} RU/s of the {{partitionUsable}} usable; the partition holding a value expects its {{valueLoad}} RU/s and {{neighbourRu}} RU/s of the others (1/{{slices}} of the rest), {{expectedLoad}} RU/s, within its {{partitionRu}} RU/s but above the {{headroom|percent}} line, so a burst above the peak throttles on the partitions hashing fills more than the average; this is the container's capacity, not a hot key (SG003 leaves it to this finding)`,
    cosmosRaiseForPlacement: `${raiseInPlace(PLACEMENT_RAISE)}, the least at which the partition holding a value fits the {{headroom|percent}} line`,
    cosmosMoreValuesForPlacement:
      "no raise in place up to Azure's default maximum per container fits the partition holding a value within the {{headroom|percent}} line: give the key more values, so that one value is a smaller part of a partition",
    cosmosPlacementAbove:
      "; not {{placementPlain}} RU/s: raised to them, {{placementKey|key}} (no hot value: {{placementValues}} values of {{placementValueLoad}} RU/s each) would leave the partition holding a value, one of {{placementPartitions|partitions}}, expecting {{placementExpected}} RU/s (its value and 1/P of the rest: hashing's spread) above its {{placementUsable}} usable, and this rule would warn again (no room for uneven placement); {{needed}} RU/s are the least at which it fits the {{headroom|percent}} line too",
    cosmosRaiseForKey:
      '; {{needed}} RU/s, not the {{keyRaisePlain}} RU/s the peak alone needs: the fix for the hottest {{keyRaiseKey|key}} value leads with this raise, the least at which N = {{keyShards}} {{keyRaiseKind|shards=shards|copies=replicated copies}} fit beside their neighbours on its physical partitions, so one raise serves both and the {{keyRaiseKind|shards=shards|copies=copies}} need no second one',
    cosmosRaiseForFewerShards:
      '; {{needed}} RU/s, not the {{keyRaisePlain}} RU/s the peak at {{fanOutShards}} shards ({{keyPlainPeak}} RU/s) needs: the fix for the hottest {{keyRaiseKey|key}} value leads with this raise and N = {{keyShards}} shards, the least raise at which they fit beside their neighbours on its physical partitions, and at N = {{keyShards}} the peak it leaves ({{neededPeak}} RU/s) is within it, so one raise serves both',
    cosmosRaiseForValue:
      '; {{needed}} RU/s, not the {{keyRaisePlain}} RU/s the peak alone needs: the fix for the hottest {{keyRaiseKey|key}} value (SG003) leads with this raise, the least at which that value fits beside its neighbours on its physical partition with no change of key (each physical partition gets an equal part of the RU/s, at most 10,000, and a raise past P × 10,000 RU/s splits partitions), so one raise serves both',
    cosmosRaiseForLevel:
      '; {{needed}} RU/s, not the {{keyRaisePlain}} RU/s the peak alone needs: the fix for the hottest {{keyRaiseKey|key}} value (SG003, the first level of the key) leads with this raise, so one raise serves both',
    cosmosCopies:
      '; that peak counts the {{copies}} replicated copies of every document the design declares ({{declaredWrites}} RU/s of {{writesSource|declared=declared|observed=observed}} writes × {{copies}})',
    cosmosPlannedCopies:
      '; that peak counts the {{copies}} replicated copies of every document that the fix for the read-hot key (SG003) needs ({{declaredWrites}} RU/s of {{writesSource|declared=declared|observed=observed}} writes × {{copies}})',
    cosmosFanOutReads: `; that read peak counts each {{!fanOutLevel}}shard's{{/fanOutLevel}}{{?fanOutLevel}}bucket's{{/fanOutLevel}} query of a fan-out: the {{logicalReads}} RU/s of reads declared at peakReadUnits (their cost before fan-out), {{fanOutPatterns|code}}'s {{fanOutShare|percent}} of them${HOT_VALUES_SHARE} × {{fanOutShards}} {{!fanOutLevel}}shards{{/fanOutLevel}}{{?fanOutLevel}}buckets{{/fanOutLevel}} queried, as each of those reads queries all {{fanOutShards}} {{!fanOutLevel}}shards{{/fanOutLevel}}{{?fanOutLevel}}buckets of one {{fanOutLevel|code}} value{{/fanOutLevel}}${HOT_VALUES_ONLY}, each loading its own item or page and charged for it{{?fanOutSized}}; for {{fanOutSized|code}}, each query's part of the declared resultKb, at about 1 RU per KB and at least about {{queryFloor}} RU (one physical partition's index checked), over what the whole read cost{{/fanOutSized}}`,
    cosmosFanOutAssumed:
      "; it counts each read of {{assumedPatterns|code}} over all {{assumedShards}} {{!assumedLevel}}shards{{/assumedLevel}}{{?assumedLevel}}buckets of one {{assumedLevel|code}} value{{/assumedLevel}} once, as their queries divide its documents: that takes each read to load over {{assumedShards}} × {{queryFloor}} KB, as each query is charged at least about {{queryFloor}} RU (one physical partition's index checked), about 1 RU per KB above it; a smaller read still costs at least {{assumedFloor}} RU ({{assumedShards}} × {{queryFloor}}) however little it loads, so declare resultKb on it if less",
    cosmosFixFanOut:
      '; or make fewer queries per read: the {{fanOutShards}} {{!fanOutLevel}}shards multiply them, so shard no more than the load needs (SG007, SG008){{/fanOutLevel}}{{?fanOutLevel}}buckets multiply them, so bucket no more than the load needs (SG003 sizes the count){{/fanOutLevel}} or read the whole key from a projection kept by the change feed',
    cosmosRemoveNeedless:
      'remove the {{needless|shards=sharding|copies=replicated copies}} of {{key|key}}, as SG007 asks (its hottest value fits one key): {{needless|shards=each read then queries one key|copies=each write then stores one document}}, and the peak falls to {{afterPeak}} RU/s ({{afterReads}} reads + {{afterWrites}} writes)',
    cosmosLowerShards:
      'lower sharding.shards from {{declaredShards}} to N = {{afterShards}}, as SG008 asks (the N the peak needs): each read that fans out then queries {{afterShards}} shards, and the peak falls to {{afterPeak}} RU/s ({{afterReads}} reads + {{afterWrites}} writes)',
    cosmosFewerShardsOnceRaised:
      '; once raised, lower sharding.shards from {{declaredShards}} to N = {{afterShards}}, as SG008 asks at {{needed}} RU/s (the N the peak needs there): each read that fans out then queries {{afterShards}} shards, and the peak falls to {{afterPeak}} RU/s ({{afterReads}} reads + {{afterWrites}} writes); this fix sets both',
    cosmosFitsWithout: ', within {{headroom|percent}} of the {{capacity}} RU/s, so no raise is needed',
    cosmosOrKeepSharding: '; or, keeping the {{needless|shards=shards|copies=copies}}, ',
    cosmosThenRaise: ', still above {{headroom|percent}} of the {{capacity}} RU/s: then ',
    cosmosFixKeyFirst:
      'fix the hottest {{hotKey|key}} value first (SG003): its {{hotKeyLoad}} RU/s pass the {{logicalUsable}} RU/s usable of the {{logicalCeiling}} RU/s one logical partition is served, which no RU/s lift, so a raise now is billed every hour (autoscale scales on its most active partition) and serves none of that load; once its fix spreads the load (a finer key on a new container, a materialised document, the integrated cache), the peak as declared needs at least {{plainNeeded}} RU/s at {{field|code}} ({{neededPeak}} RU/s at {{headroom|percent}} utilization), evenly split; --fix writes no edit until then',
    cosmosRaiseManual: `raise throughput.manual to at least {{needed}} RU/s ({{neededPeak}} RU/s at ${AT_HEADROOM})`,
    cosmosRaiseAutoscale: `raise throughput.autoscaleMax to at least {{needed}} RU/s ({{neededPeak}} RU/s at ${AT_HEADROOM}; autoscale bills each hour the highest RU/s it scaled to, and at least 10% of the maximum, so the least an hour costs rises from {{floorNow}} to {{floorNeeded}} RU/s)`,
    cosmosRaiseShared: `raise throughput.sharedDatabase to at least {{needed}} RU/s ({{containers}} × {{neededPeak}} RU/s at ${AT_HEADROOM}), or move the container to a new one of dedicated throughput of at least {{dedicated}} RU/s, in this database or another (Azure cannot convert a shared database's container to dedicated throughput: create the new one with it and copy the documents)`,
    cosmosAboveQuota:
      "the declared {{declared}} RU/s are above Azure's default maximum of {{quota}} RU/s per {{scope}}: the deployment fails unless the quota was raised (Azure refuses to provision more until a support ticket raises it)",
    cosmosRequestQuota:
      'file an Azure support ticket to raise the maximum RU/s per {{scope}}, then acknowledge this finding with the ticket as the reason; or declare at most {{quota}} RU/s',
    cosmosBelowStorageMinimum:
      'the declared {{declared}} RU/s are below the {{minimum}} RU/s that Azure keeps as the minimum {{form|manual=manual RU/s|sharedDatabase=manual RU/s|autoscaleMax=autoscale maximum}} for the {{totalGb}} GB at storage.totalGb ({{perGb}} RU/s per GB): Azure holds the throughput at that minimum and bills it, whatever the design declares',
    cosmosRaiseToMinimum:
      'set {{field|code}} to at least {{minimum}} RU/s, the throughput Azure will bill for that storage (and the capacity the design can count on), or correct storage.totalGb',
    cosmosRaiseToMinimumPastQuota:
      'set {{field|code}} to at least {{minimum}} RU/s, the throughput Azure will bill for that storage, after an Azure support ticket raises the default maximum of {{quota}} RU/s (then acknowledge that finding with the ticket as the reason); or correct storage.totalGb',
    cosmosRaisePastQuota:
      "; that is above Azure's default maximum of {{quota}} RU/s per {{scope}}, which Azure refuses until a support ticket raises it, so --fix writes no edit: file the ticket first",
    cosmosLeaveServerless:
      "serverless is the account's capacity mode, not the container's: change the whole account to provisioned throughput (a one-way change: Azure converts every container in the account to manual throughput in place, this one at {{convertedRu}} RU/s, its physical partitions × 5,000, and the account cannot return to serverless), then set this container to { manual } of at least {{needed}} RU/s or { autoscaleMax } of at least {{neededAutoscale}} RU/s ({{neededPeak}} RU/s at {{headroom|percent}} utilization; autoscale maximums in steps of 1,000), in place: it keeps its {{partitions|partitions}}{{?splitTo}}, split to {{splitTo}} by that raise{{/splitTo}}, on which SG003 judges its keys (declare physicalPartitions: {{keptPartitions}}); or move this container into a provisioned account (a new container there, the data copied{{?createdPartitions}}, which created at {{needed}} RU/s gets {{createdPartitions|partitions}}, not {{keptPartitions}}{{/createdPartitions}}). Serverless throughput grows only with stored data, and is not guaranteed",
  }),
  check: cosmosHits,
  unjudged: (design) => (storageMinimumUnjudged(design) ? [STORAGE_MINIMUM_UNJUDGED] : []),
});

/** A provisioned container with no storage.totalGb: the RU/s minimum its storage sets (belowStorageMinimum), and the
 *  physical partition per 50 GB that SG003 and SG012 count, are not judged. */
function storageMinimumUnjudged({ throughput, totalGb }: CosmosKeyDesign): boolean {
  return throughput !== undefined && throughput.mode !== 'serverless' && totalGb === undefined;
}

const STORAGE_MINIMUM_UNJUDGED = {
  kind: 'storageMinimum',
  declare: 'storage.totalGb',
  what: 'the RU/s Azure keeps for the stored GB (10 per GB of an autoscale maximum, 1 of manual) and the physical partition per 50 GB: no storage declared',
};

/** The figures of the `cosmosFanOutAssumed` note: the fan-out reads counted once on the assumption that their undeclared
 *  result is large, and what N queries would cost at the least (N × about 2.5 RU) were each under the floor. */
function assumedData(reads: ReadRequests): Record<string, number | string | string[]> {
  const { assumed } = reads;
  if (assumed === undefined) return {};
  const queryFloor = COSMOS_LIMITS.queryRequestUnitsPerPartition;
  const data: Record<string, number | string | string[]> = {
    assumedPatterns: [...assumed.patterns],
    assumedShards: assumed.shards,
    queryFloor,
    assumedFloor: assumed.shards * queryFloor,
  };
  if (assumed.bucketedValue !== undefined) data.assumedLevel = assumed.bucketedValue;
  return data;
}
