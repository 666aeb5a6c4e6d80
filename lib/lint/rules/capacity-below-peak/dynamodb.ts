/** SG017 for DynamoDB: each key space's declared peak against the capacity that serves it. */
import { joinPath } from '../../../design/field-path';
import { AT_LEAST_ONE_READ_UNIT } from '../../../design/gathered-read-share';
import type { CapacityCeiling, DynamoDbKeyDesign, KeySpaceCapacity } from '../../../design/key-design';
import { MAX_SHARDS_ACCEPTED } from '../../../design/limits';
import { fits } from '../../../design/sharding';
import {
  DYNAMODB_AUTO_SCALING_DEFAULT_MINIMUM,
  DYNAMODB_AUTO_SCALING_TARGET,
  DYNAMODB_LIMITS,
  launchCapacity,
  launchFits,
  launchFractions,
  quotaFieldData,
  QUOTA_FIELDS,
  quotaInForce,
  tableQuota,
  warmAtDefaults,
  warmThroughputFor,
  withHeadroom,
  type QuotaPassed,
} from '../../../engines';
import { LARGE_READS_ASSUMED, plannedReadPeak, plannedWarmThroughput, type PlannedWarmThroughput } from '../../advice';
import type { DesignAnalysis, SpaceAnalysis } from '../../analysis';
import { copiesCarryPath, sparseUnderCopies } from '../../copied-indexes';
import type { DesignEdit } from '../../edits';
import { hashedPairOver } from '../../hashed-pair-over';
import { guessedKeyChange, indexWriteFields } from '../../index-writes';
import { redrawnShardWrites } from '../../inherited-writes';
import { keyWarmHeldForQuota, type LaunchWarm } from '../../launch-warm';
import { LOCAL_INDEX_MESSAGES, localIndexNote, type LocalIndexId } from '../../local-index-writes';
import type { DeclarationData, MessageData } from '../../messages';
import { PROJECTION_MESSAGES, projectionNote, type ProjectionId } from '../../projection';
import { readRequests, readRequestsOver, type ReadRequests } from '../../read-requests';
import { defineRule, type RuleHit } from '../../rule';
import { SOURCES } from '../../sources';
import { peakPastQuota, quotaPassed, type CapacityDimension } from '../../throughput-quota';
import { declaredCopies, writtenUnits } from '../../written';
import { shardingKeptOnPurpose, shardingNeedless } from '../needless-sharding';
import { copiesOnceSparse, countedSpace, spaceWriteCopies, writeCopies, type WriteCopies } from './copies';
import { CAPACITY_BELOW_PEAK, HOT_VALUES_ONLY, HOT_VALUES_SHARE, hotValuesData, PEAK_SOURCE, quotaPart } from './meta';

type Id =
  | 'fixedBelowPeak'
  | 'autoscaledBelowPeak'
  | 'maximumBelowPeak'
  | 'withinHeadroom'
  | 'inherited'
  | 'copies'
  | LocalIndexId
  | 'plannedCopies'
  | 'sparseCopies'
  | 'redrawnShards'
  | 'fanOutReads'
  | 'fanOutAssumed'
  | 'readsFromPatterns'
  | 'readsByNoPattern'
  | 'readsFromTable'
  | 'declareReads'
  | 'writesFromTable'
  | 'writesFromNewItems'
  | 'writesFromKeyChanges'
  | ProjectionId
  | 'errorOnlyByName'
  | 'notPreWarmed'
  | 'readsAfterFix'
  | 'warmAtDefaults'
  | 'warmPastQuota'
  | 'warmWithKeyFix'
  | 'raiseOnUpperBound'
  | 'declaredWarmPastQuota'
  | 'fixQuotaForWarm'
  | 'fixQuotaForKeyWarm'
  | 'keyWarmPastQuota'
  | 'minimumBelowPeak'
  | 'warmBelowPeak'
  | 'launchWithinHeadroom'
  | 'warmWithinHeadroom'
  | 'minimumWithinHeadroom'
  | 'overQuota'
  | 'nearQuota'
  | 'maximumOverQuota'
  | 'provisionedOverQuota'
  | 'warmOverQuota'
  | 'provisionedOverAccountQuota'
  | 'fixCapacity'
  | 'fixOwnCapacity'
  | 'fixOwnMinimum'
  | 'fixFanOut'
  | 'fixCapacityPastQuota'
  | 'fixCapacityPastAccountQuota'
  | 'fixMaximum'
  | 'fixPreWarm'
  | 'fixPreWarmForKey'
  | 'fixPreWarmForCopies'
  | 'fixMinimum'
  | 'fixQuota'
  | 'fixMaximumOverQuota'
  | 'fixProvisionedQuota'
  | 'fixWarmQuota'
  | 'fixRemoveNeedless'
  | 'fixSparseIndex'
  | 'fitsWithout'
  | 'orKeepSharding'
  | 'thenRaise'
  | 'underQuota';

type Dimension = CapacityDimension;

const UNIT: Record<Dimension, string> = { read: 'RCU', write: 'WCU' };
const BELOW_PEAK: Record<CapacityCeiling['source'], Id> = {
  fixed: 'fixedBelowPeak',
  autoscaled: 'autoscaledBelowPeak',
  'on-demand-maximum': 'maximumBelowPeak',
};

const ONE_COPY: WriteCopies = { copies: 1, from: 'declared' };

/**
 * The reads of a key space over the count its shards will have: where SG003 raises a declared count whose shards hashed
 * onto one partition pass its maximum (`hashedPairOver`, a warning whose edit sets the plan's count), the fan-out over
 * that count, as the warm throughput is sized on the count the key's fix leaves (`plannedReadPeak`): a maximum raised
 * for the declared 4 shards (15,000 RCU) is short once SG003 sets 5 (18,750), and --fix applying both would never
 * converge. Elsewhere the declared count's (`readRequests`).
 */
function countedReads(analysis: SpaceAnalysis): ReadRequests {
  return analysis.once(countReads);
}

/** `countedReads`, made once per key space: its peak, its fan-out and its reads without it are all asked for. */
function countReads(analysis: SpaceAnalysis): ReadRequests {
  const raised = analysis.space.sharding?.strategy !== 'replicated' ? analysis.once(hashedPairOver)?.raisedTo : undefined;
  return raised === undefined ? readRequests(analysis) : readRequestsOver(analysis, raised, (p) => p.fanOut === true);
}

/**
 * The peak the table or GSI serves: writes count every replicated copy of an item, as SG001 and SG003 count a GSI's
 * (written.ts), and the second write of each update of the table's hottest item whose random index shard is redrawn
 * (inherited-writes.ts, as SG003 sizes its shards); reads count every query a fan-out makes, one per shard
 * (read-requests.ts).
 */
function peakOf(analysis: SpaceAnalysis, dimension: Dimension, copies: WriteCopies): number {
  if (dimension === 'read') return countedReads(analysis).units;
  const { units } = writtenUnits(analysis.design, analysis.space, copies.copies);
  return units + redrawnShardWrites(countedSpace(analysis, copies), units);
}

/**
 * The peak on `dimension` once SG007's fix is applied, where it removes a sharding the key does not need: each read of
 * the key space queries one key again (no fan-out), and each table write stores one item, with one entry in each GSI
 * (no replicated copies). A raise sized on the fan-out or the copies would buy capacity for requests that fix removes,
 * and --fix would write both. Undefined where SG007 does not fire there, where the design acknowledges its
 * finding or turns SG007 off (the sharding stays), or where its fix leaves `peak` as it is.
 */
function peakWithoutNeedlessSharding(analysis: SpaceAnalysis, dimension: Dimension, peak: number): number | undefined {
  const sharded = dimension === 'read' ? analysis : analysis.owner.of(analysis.design.primaryKey);
  const sharding = sharded.space.sharding;
  if (!sharding || !shardingNeedless(sharded) || (dimension === 'write' && sharding.strategy !== 'replicated')) return undefined;
  // A sharding kept on purpose (SG007 acknowledged, or turned off) stays: the raise that serves it is the fix, with its edit.
  if (shardingKeptOnPurpose(analysis.owner, sharded.space)) return undefined;
  const after = dimension === 'read' ? countedReads(analysis).logical : writtenUnits(analysis.design, analysis.space, 1).units;
  return after < peak ? after : undefined;
}

/** The peak a raise written with SG007's fix is sized on: the one that fix leaves, where it removes part of it. */
function sizedPeak(analysis: SpaceAnalysis, dimension: Dimension, copies: WriteCopies): number {
  const peak = peakOf(analysis, dimension, copies);
  return peakWithoutNeedlessSharding(analysis, dimension, peak) ?? peak;
}

/**
 * The note and data a peak carries that counts more than its declared figure: replicated copies of every written
 * item, or the queries of reads that fan out over the shards (none for one copy, or reads that do not fan out).
 */
function copiesOf(analysis: SpaceAnalysis, dimension: Dimension, copies: WriteCopies): Pick<RuleHit<Id>, 'notes'> & { data: MessageData } {
  const counted = copiesOrFanOut(analysis, dimension, copies);
  if (dimension === 'read') return counted;
  const lsi = localIndexNote(analysis.design, writtenUnits(analysis.design, analysis.space, copies.copies));
  return { notes: noneIfEmpty([...(counted.notes ?? []), ...lsi.ids]), data: Object.assign({}, counted.data, lsi.data) };
}

/** `copiesOf` without the local secondary indexes' writes. */
function copiesOrFanOut(analysis: SpaceAnalysis, dimension: Dimension, copies: WriteCopies): Pick<RuleHit<Id>, 'notes'> & { data: MessageData } {
  if (dimension === 'read') {
    const { fanOut, logical, assumed } = countedReads(analysis);
    // A fan-out counted once only by taking each read to be over N × 4 KB says so, as SG003's count does.
    const assumedData = assumed && {
      key: analysis.space.partitionKey.map((a) => a.name),
      assumedPatterns: [...assumed.patterns],
      assumedShards: assumed.shards,
    };
    const assumedNote = assumedData ? (['fanOutAssumed'] as const) : [];
    if (fanOut === undefined) return assumedData ? { notes: [...assumedNote], data: assumedData } : { data: {} };
    return {
      notes: ['fanOutReads', ...assumedNote],
      data: Object.assign(
        { fanOutPatterns: [...fanOut.patterns], fanOutShare: fanOut.share, fanOutShards: fanOut.shards, logicalReads: logical },
        fanOut.sized === undefined ? {} : { fanOutSized: [...fanOut.sized] },
        hotValuesData(fanOut),
        assumedData,
      ),
    };
  }
  const written = writtenUnits(analysis.design, analysis.space, copies.copies);
  const { units } = written;
  const redrawn = redrawnShardWrites(countedSpace(analysis, copies), units);
  const redraw = redrawn > 0 ? { notes: ['redrawnShards' as const], data: { redrawnWrites: redrawn, countedWrites: units } } : { notes: [], data: {} };
  const declared = declaredCopies(analysis.design);
  // An index SG003's fix makes sparse: one write per item, the figure said so, beside every declared copy's.
  if (copies.from === 'sparse') {
    const sparse = { source: 'planned', declaredCopies: declared, declaredCopiesPeak: writtenUnits(analysis.design, analysis.space, declared).units };
    return { notes: ['sparseCopies', ...redraw.notes], data: Object.assign({ copiesCarryPath: copiesCarryPath(analysis.space) }, sparse, redraw.data) };
  }
  // An index copy 0 alone carries the key of (`copiesCarry: 'first'`) is written once per item, whatever the copies.
  if (written.copies === 1) return redrawn > 0 ? redraw : { data: {} };
  // A peak with the copies SG003's fix plans is the fix's, not the design's: named so, beside the declared write peak.
  const planned =
    copies.from === 'planned'
      ? { source: 'planned', declaredCopies: declared, declaredCopiesPeak: writtenUnits(analysis.design, analysis.space, declared).units }
      : {};
  return {
    notes: [copies.from === 'planned' ? 'plannedCopies' : 'copies', ...redraw.notes],
    data: Object.assign({ copies: copies.copies, declaredPeak: analysis.written.perCopy, writesSource: 'declared' }, planned, redraw.data),
  };
}

/** The fix note for a read peak that fan-out multiplies: fewer shards cut it as a raise would serve it. */
function fanOutFix(analysis: SpaceAnalysis, dimension: Dimension): Pick<RuleHit<Id>, 'fixNotes'> {
  return dimension === 'read' && countedReads(analysis).fanOut !== undefined ? { fixNotes: ['fixFanOut'] } : {};
}

/**
 * Where a key space's peak on `dimension` comes from: `declared` (the table's own figures, a GSI's own workload), or
 * `derived`, with the note that says how (a share of the table's reads by its access patterns; the table's reads or
 * writes for a GSI that declares none, or 2× its writes where an index key changes on updates) and which field
 * declares it otherwise. A message that calls a derived figure declared sends its reader looking for a figure
 * nobody wrote.
 */
function peakSource(
  analysis: SpaceAnalysis,
  dimension: Dimension,
): { readonly source: 'declared' | 'derived'; readonly notes: Id[]; readonly data: MessageData } {
  const { space } = analysis;
  const { workload } = space;
  const onIndex = space.index !== undefined;
  if (dimension === 'read') {
    // A table without access patterns reads its whole declared figure (`table`, its own); a GSI's `table` is the table's.
    if (workload.readSource === 'declared' || (workload.readSource === 'table' && !onIndex)) return DECLARED;
    const declare: Id[] = onIndex ? ['declareReads'] : [];
    // A key space no access pattern reads has a 0 read peak, not a share of the table's reads to divide back by.
    if (workload.readShare === 0)
      return { source: 'derived', notes: ['readsByNoPattern', ...declare], data: { readsField: joinPath(space.path, 'workload.peakReadUnits') } };
    const declaredReads = workload.readSource === 'table' ? workload.peakReadUnits : workload.peakReadUnits / workload.readShare;
    return {
      source: 'derived',
      notes: [workload.readSource === 'table' ? 'readsFromTable' : 'readsFromPatterns', ...declare],
      data: { declaredReads, tableReadsSource: 'declared', readShare: workload.readShare, readsField: joinPath(space.path, 'workload.peakReadUnits') },
    };
  }
  // The table's peak with its LSIs' writes (written.ts) is the declared one and theirs: `localIndexWrites` says so.
  if (analysis.written.localIndexUnits > 0) return { source: 'derived', notes: [], data: {} };
  if (workload.writeSource === 'declared') return DECLARED;
  const change = workload.keyChange;
  // Under a projection that leaves attributes out, the table's writes are the index's upper bound (projection.ts).
  const projected = projectionNote(space);
  // The declared share of the table's writes that put or delete items (new-items.ts); every write, on a unique key.
  const newItems = workload.writeSource === 'new-items' ? workload.newItems : undefined;
  if (newItems !== undefined && newItems.share < 1) {
    return {
      source: 'derived',
      notes: ['writesFromNewItems', ...projected.ids],
      data: Object.assign({ tableWritesSource: 'declared', writesField: joinPath(space.path, 'workload.peakWriteUnits') }, projected.data),
    };
  }
  if (workload.writeSource !== 'key-changes' || change === undefined) {
    return {
      source: 'derived',
      notes: ['writesFromTable', ...projected.ids],
      data: Object.assign(
        { tableWrites: workload.peakWriteUnits, tableWritesSource: 'declared', writesField: joinPath(space.path, 'workload.peakWriteUnits') },
        projected.data,
      ),
    };
  }
  return {
    source: 'derived',
    notes: ['writesFromKeyChanges', ...projected.ids],
    data: Object.assign(
      { tableWrites: change.tableWriteUnits, tableWritesSource: 'declared', changingKey: change.attribute, changingFrom: change.from },
      indexWriteFields(space, change),
      projected.data,
    ),
  };
}

const DECLARED = { source: 'declared', notes: [], data: {} } as const satisfies ReturnType<typeof peakSource>;

/**
 * Whether a write peak is the upper bound `projectionNote` calls it (a GSI counted at the table's writes under a
 * projection that leaves attributes out): a raise that is billed (capacity, or warm throughput, which cannot be lowered
 * again) is never written from it; the fix asks for the index's own `peakWriteUnits` instead.
 */
function writesOnUpperBound(from: ReturnType<typeof peakSource>): boolean {
  return from.notes.includes('projectedOut');
}

/**
 * An error whose write peak is over only because a GSI's writes are doubled on the name of a key attribute (no
 * `mutable` or index write peak declared): the note and the data for `warning`, when `isError` says the peak at 1×
 * (the table's writes, with their copies) would not be an error. A guess from a name can warn, never block a deploy.
 */
function nameOnlyError(
  analysis: SpaceAnalysis,
  dimension: Dimension,
  copies: WriteCopies,
  isError: (peak: number) => boolean,
): { readonly notes: Id[]; readonly data: MessageData } | undefined {
  const peakOnce = dimension === 'write' && guessedKeyChange(analysis.space) ? writtenUnits(analysis.design, analysis.space, copies.copies).once : undefined;
  if (peakOnce === undefined) return undefined;
  return isError(peakOnce) ? undefined : { notes: ['errorOnlyByName'], data: { peakOnce } };
}

function noneIfEmpty<T>(items: T[]): T[] | undefined {
  return items.length === 0 ? undefined : items;
}

/** One key space's capacity on one dimension, as belowPeak, minimumBelowPeak and nearQuota check it. */
interface CeilingCheck {
  readonly design: DynamoDbKeyDesign;
  readonly analysis: SpaceAnalysis;
  readonly capacity: KeySpaceCapacity;
  readonly dimension: Dimension;
  readonly headroom: number;
  /** The table's write copies, made once and only when a check asks. */
  readonly copies: () => WriteCopies;
}

/** The peak a check holds against its ceiling, and the copies it counts (writes only: a read is read from one copy). */
function countedPeak({ analysis, dimension, copies }: CeilingCheck): { readonly counted: WriteCopies; readonly peak: number } {
  const counted = dimension === 'write' ? copies() : ONE_COPY;
  return { counted, peak: peakOf(analysis, dimension, counted) };
}

/**
 * A ceiling the peak leaves less than the headroom under: provisioned units, the auto-scaling maximum, or the
 * on-demand maximum. One rule for both engines: it fires when the peak is above headroom × the capacity, as
 * an error when the peak itself is above the capacity (it throttles at the declared peak) and as a warning
 * when only the headroom is missing (a burst over the peak throttles); the fix asks for peak ÷ headroom.
 */
function belowPeak(check: CeilingCheck): RuleHit<Id> | undefined {
  const { design, analysis, capacity, dimension, headroom, copies } = check;
  const ceiling = capacity[dimension];
  if (ceiling === undefined) return undefined;
  const { counted, peak } = countedPeak(check);
  if (fits(peak, ceiling.units * headroom)) return undefined;
  const below = !fits(peak, ceiling.units);
  // Where SG007 removes the sharding that makes part of the peak, its fix leads and the raise is sized on what it
  // leaves: none where that fits (the raise that keeps the sharding is the alternative, with no edit).
  const needless = peakWithoutNeedlessSharding(analysis, dimension, peak);
  const sparse = needless === undefined ? peakOnceSparse(analysis, dimension, counted, peak) : undefined;
  const after = needless ?? sparse;
  const afterFits = after !== undefined && fits(after, ceiling.units * headroom);
  const raisePeak = after !== undefined && !afterFits ? after : peak;
  const suggested = withHeadroom(raisePeak, headroom);
  const copied = copiesOf(analysis, dimension, counted);
  const from = peakSource(analysis, dimension);
  const byName = below ? nameOnlyError(analysis, dimension, counted, (once) => !fits(once, ceiling.units)) : undefined;
  const field = ceiling.inherited ? joinPath(capacity.path, `capacity.${dimension}`) : ceiling.path;
  const onBound = writesOnUpperBound(from);
  // A raise past a default quota would fail as it deploys (another SG017 error): no edit, and the fix says so.
  const passed = ceiling.source === 'on-demand-maximum' ? undefined : quotaPassed(design, capacity, dimension, suggested);
  // A GSI that takes the table's capacity is reported at its own field, where its fix writes capacity of its own.
  const own = ceiling.inherited
    ? ownCapacity(analysis, capacity, headroom, copies, dimension, after !== undefined && !afterFits, design.launchAtPeak)
    : undefined;
  return {
    path: field,
    index: capacity.index,
    messageId: below ? BELOW_PEAK[ceiling.source] : 'withinHeadroom',
    notes: noneIfEmpty([...from.notes, ...(byName?.notes ?? []), ...(ceiling.inherited ? (['inherited'] as const) : []), ...(copied.notes ?? [])]),
    ...withBoundNote(
      fixIds(
        ceiling.source === 'on-demand-maximum' ? 'fixMaximum' : passed ? pastQuotaFix(passed) : own ? 'fixOwnCapacity' : 'fixCapacity',
        after === undefined ? undefined : afterFits,
        after === undefined ? fanOutFix(analysis, dimension).fixNotes : undefined,
        sparse === undefined ? 'fixRemoveNeedless' : 'fixSparseIndex',
      ),
      onBound && !passed && !afterFits,
    ),
    severity: below && byName === undefined ? undefined : 'warning',
    data: Object.assign({}, from.data, byName?.data, peakData(capacity, dimension, from.source, peak), {
      raisePeak,
      limit: ceiling.units,
      utilization: peak / ceiling.units,
      suggested,
      ...(needless !== undefined ? removalData(analysis, dimension, needless) : sparse !== undefined ? sparseData(analysis, sparse) : {}),
      headroom,
      field,
      limitField: ceiling.path,
      ...(own ? { ownCapacity: own.declaration, ...own.other } : {}),
      ...copied.data,
      ...pastQuotaData(passed),
      ...(onBound && !passed && !afterFits ? { boundRaise: 'capacity' } : {}),
    }),
    edits: passed || afterFits || onBound ? undefined : own ? own.edits : [{ op: 'set', path: field, value: suggested }],
  };
}

/** What every finding on one dimension's peak says of it: where the peak comes from, whose it is, and its units. */
function peakData(capacity: KeySpaceCapacity, dimension: Dimension, source: 'declared' | 'derived', peak: number): MessageData {
  return { source, index: capacity.index, dimension, unit: UNIT[dimension], peak };
}

/** What the fix says of the default quota a raise would pass (none: no quota passed). */
function pastQuotaData(passed: QuotaPassed | undefined): MessageData {
  if (passed === undefined) return {};
  return {
    quota: passed.quota,
    quotaName: passed.quotaName,
    provisioned: passed.provisioned,
    ...(passed.quotaField === undefined ? {} : { quotaField: passed.quotaField }),
  };
}

/** The fix of a raise past a default quota: the key space's own (table-level), or the table's with its GSIs (account-level). */
function pastQuotaFix(passed: QuotaPassed): Id {
  return passed.quotaName === 'table-level' ? 'fixCapacityPastQuota' : 'fixCapacityPastAccountQuota';
}

/** A raise's fix ids, led by SG007's removal where it lowers the peak (`afterFits`: whether the peak it leaves fits). */
function fixIds(
  raiseId: Id,
  afterFits: boolean | undefined,
  notes: readonly Id[] | undefined,
  lead: Id = 'fixRemoveNeedless',
): Pick<RuleHit<Id>, 'fixId' | 'fixNotes'> {
  if (afterFits === undefined) return { fixId: raiseId, ...(notes ? { fixNotes: notes } : {}) };
  return { fixId: lead, fixNotes: afterFits ? ['fitsWithout', 'orKeepSharding', raiseId] : ['thenRaise', raiseId] };
}

/** A raise's fix ids with the note that --fix writes none of it on an upper bound (`writesOnUpperBound`), where it says so. */
function withBoundNote(ids: Pick<RuleHit<Id>, 'fixId' | 'fixNotes'>, onBound: boolean): Pick<RuleHit<Id>, 'fixId' | 'fixNotes'> {
  return onBound ? { ...ids, fixNotes: [...(ids.fixNotes ?? []), 'raiseOnUpperBound'] } : ids;
}

/**
 * The write peak of a GSI that SG003 asks to make sparse (`copiesCarry: 'first'` on an index a query reads, where the
 * table declares copies: copied-indexes.ts) once it is: one write per item, not one per copy. Undefined elsewhere.
 */
function peakOnceSparse(analysis: SpaceAnalysis, dimension: Dimension, counted: WriteCopies, peak: number): number | undefined {
  if (dimension !== 'write' || counted.copies <= 1 || !sparseUnderCopies(analysis.owner, analysis.space)) return undefined;
  const once = writtenUnits(analysis.design, analysis.space, 1).units;
  return once < peak ? once : undefined;
}

/** What SG003's sparse index is and leaves, for fixSparseIndex. */
function sparseData(analysis: SpaceAnalysis, after: number): MessageData {
  return {
    needless: 'index-copies',
    key: analysis.space.partitionKey.map((a) => a.name),
    afterPeak: after,
    copiesCarryPath: copiesCarryPath(analysis.space),
  };
}

/** What SG007's removal is and leaves, for fixRemoveNeedless. */
function removalData(analysis: SpaceAnalysis, dimension: Dimension, after: number): MessageData {
  const sharded = dimension === 'read' ? analysis : analysis.owner.of(analysis.design.primaryKey);
  return { needless: dimension === 'read' ? 'shards' : 'copies', key: sharded.space.partitionKey.map((a) => a.name), afterPeak: after };
}

/** A ceiling's declaration with `units`: `{ fixed }`, or `{ min, max }` with `min` (the declared auto-scaling minimum
 *  unless given), the maximum never under it. */
function declarationOf(ceiling: CapacityCeiling, units: number, min = ceiling.min): { fixed: number } | { min?: number; max: number } {
  if (ceiling.source === 'fixed') return { fixed: units };
  return min === undefined ? { max: units } : { min, max: Math.max(units, min) };
}

/**
 * The auto-scaling minimum of a provisioned table launched at `peak` (`launchAtPeak`): the declared one where the table,
 * created with it, serves the peak; else the raise to peak ÷ headroom (minimumBelowPeak). Fixed units need none.
 */
function launchMinimum(ceiling: CapacityCeiling, peak: number, headroom: number): number | undefined {
  if (ceiling.source !== 'autoscaled' || fits(peak, ceiling.min ?? DYNAMODB_AUTO_SCALING_DEFAULT_MINIMUM)) return ceiling.min;
  return withHeadroom(peak, headroom);
}

/**
 * The capacity of its own a GSI that takes the table's gets from SG017's fix: every dimension it takes from the table,
 * declared as the table declares it (fixed units, or auto-scaling bounds), each sized at the index's own peak in that
 * direction, peak ÷ headroom (the reads its access patterns send it, the writes it inherits from the table): "you must
 * specify read and write capacity units for the expected workload on that index. The provisioned throughput settings
 * of a global secondary index are separate from those of its base table" ("Provisioned throughput considerations for
 * Global Secondary Indexes"), and provisioned capacity is billed by the hour, so the table's figure copied onto an index that needs a
 * tenth of it is capacity paid by the hour for nothing (e.g. 12,750 RCU where the index's reads peak at 1,200). An
 * auto-scaling minimum is the table's, or that size where less (the minimum is provisioned whatever the load). A GSI
 * that declares capacity becomes independent of the table's (TableV2 `readCapacity` and `writeCapacity` of a GSI), so
 * the fix writes it whole: a bare `{ max }` would drop the table's minimum, and a raise of one dimension would leave
 * the other to the table. The read and the write findings of one index write the same capacity (each with its own
 * dimension first), so applying both gives what either gives. `afterRemoval`: the edits go with SG007's removal of a
 * needless sharding, so each dimension is sized on the peak that removal leaves.
 */
function ownCapacity(
  analysis: SpaceAnalysis,
  capacity: KeySpaceCapacity,
  headroom: number,
  copies: () => WriteCopies,
  first: Dimension,
  afterRemoval: boolean,
  launchAtPeak: boolean,
): { readonly edits: DesignEdit[]; readonly declaration: DeclarationData; readonly other?: MessageData } {
  const edits: DesignEdit[] = [];
  const declaration: Record<string, DeclarationData> = {};
  let other: MessageData | undefined;
  for (const dimension of first === 'read' ? (['read', 'write'] as const) : (['write', 'read'] as const)) {
    const ceiling = capacity[dimension];
    if (ceiling === undefined || !ceiling.inherited) continue;
    const counted = dimension === 'write' ? copies() : ONE_COPY;
    const peak = afterRemoval ? sizedPeak(analysis, dimension, counted) : peakOf(analysis, dimension, counted);
    const units = ownUnits(peak, headroom);
    // Launched at its peak, the index is created with its minimum: the one minimumBelowPeak asks for, so both fixes write one value.
    const min = launchAtPeak ? launchMinimum(ceiling, peak, headroom) : ceiling.min;
    const value = declarationOf(ceiling, units, min === undefined ? undefined : Math.min(min, units));
    edits.push({ op: 'set', path: joinPath(capacity.path, `capacity.${dimension}`), value });
    declaration[dimension] = value;
    if (dimension !== first) other = { otherDimension: dimension, otherPeak: peak, otherUnit: UNIT[dimension], otherUnits: units };
  }
  return { edits, declaration, ...(other ? { other } : {}) };
}

/** The capacity an index's own `peak` needs at `headroom`: peak ÷ headroom, at least 1 (the least a table or GSI takes). */
function ownUnits(peak: number, headroom: number): number {
  return Math.max(1, withHeadroom(peak, headroom));
}

/**
 * A new on-demand table or GSI whose launch peak is more than it serves before it scales (launch-capacity.ts): not
 * pre-warmed, 4,000 write or 12,000 read units per second, or a linear combination of both (a peak of 9,000 RCU and
 * 3,000 WCU fits each direction alone, yet takes 75% + 75% = 150%); pre-warmed, each warm value in its direction.
 * Judged with the headroom every capacity is judged with (belowPeak: a peak above headroom × the capacity): a peak the
 * launch capacity serves only without it (warm throughput exactly at the peak, as a fixed capacity exactly at the peak)
 * is the headroom-only finding, where the fix's warm throughput raises it (at the table-level quota it cannot, and
 * the quota's own findings speak).
 */
function notPreWarmed(analysis: SpaceAnalysis, capacity: KeySpaceCapacity, headroom: number, copies: WriteCopies): RuleHit<Id> | undefined {
  const peak = { reads: peakOf(analysis, 'read', copies), writes: peakOf(analysis, 'write', copies) };
  const { reads, writes } = peak;
  const launch = launchCapacity(capacity.warmReadUnits, capacity.warmWriteUnits);
  if (launchFits({ reads: reads / headroom, writes: writes / headroom }, launch)) return undefined;
  const below = !launchFits(peak, launch);
  const share = launchFractions(peak, launch);
  // The reads its key's fix leaves, where its shards' fan-out makes them more: warm throughput cannot be lowered, and
  // each Query of a fan-out is a request of its own, so one figure serves the design as --fix leaves it.
  const fixReads = plannedReadPeak(analysis);
  const alone = warmThroughputFor(fixReads ? { reads: fixReads.reads, writes } : peak, launch, headroom);
  if (!below && alone.reads <= launch.reads && alone.writes <= launch.writes) return undefined;
  // The key's fix may pre-warm more (its hottest value's shards fit no count, or only a wide one, on the partitions the
  // peak alone makes): one warm throughput for the key space, the larger, which serves both. Where that figure is past
  // the quota but the peak's own is within it, the launch gets the peak's own (`keyWarmPastQuota`).
  const design = analysis.design as DynamoDbKeyDesign;
  const { planned, pastQuotaPlan } = keyWarmAsked(analysis, design, alone);
  const readUnitsPerSecond = Math.max(alone.reads, planned?.readUnitsPerSecond ?? 0);
  const writeUnitsPerSecond = Math.max(alone.writes, planned?.writeUnitsPerSecond ?? 0);
  const forKey = planned !== undefined && (readUnitsPerSecond > alone.reads || writeUnitsPerSecond > alone.writes) ? planned : undefined;
  const path = joinPath(capacity.path, 'warmThroughput');
  // The table-level quota bounds warm throughput too: a figure above it needs the quota's raise, which SG017's quota
  // finding on the same peak (nearQuota, overQuota: peak ÷ headroom above the quota means a peak above 80% of it) asks
  // for. Said with the quota and without an edit, as every raise past a default quota: --fix writes no figure the
  // deployment refuses.
  // The quota named is the one passed: the write quota where the writes pass theirs, else the read quota.
  const passedDimension: Dimension = writeUnitsPerSecond > tableQuota(design, 'write') ? 'write' : 'read';
  const passedQuota = quotaInForce(design, 'table-level', passedDimension);
  const pastQuota = readUnitsPerSecond > tableQuota(design, 'read') || writeUnitsPerSecond > tableQuota(design, 'write');
  const fromReads = peakSource(analysis, 'read');
  const fromWrites = peakSource(analysis, 'write');
  const onBound = !pastQuota && writesOnUpperBound(fromWrites) && writeUnitsPerSecond > launch.writes;
  // The key's fix withholds its edits (its pre-warm among them) until the design says more: this one waits with it, so
  // --fix writes one warm throughput, once, and never the peak's own figure before it.
  const withKeyFix = !pastQuota && forKey?.withheld === true;
  const fixNotes: Id[] = [
    ...(fixReads ? (['readsAfterFix'] as const) : []),
    ...(pastQuota ? (['warmPastQuota'] as const) : []),
    ...(onBound ? (['raiseOnUpperBound'] as const) : []),
    ...(withKeyFix ? (['warmWithKeyFix'] as const) : []),
    ...(pastQuotaPlan ? (['keyWarmPastQuota'] as const) : []),
  ];
  const messageId = launch.preWarmed ? (below ? 'warmBelowPeak' : 'warmWithinHeadroom') : below ? 'notPreWarmed' : 'launchWithinHeadroom';
  return {
    // The peak is what the new table cannot serve; the fix adds warm throughput beside it.
    path: analysis.space.workload.path,
    index: capacity.index,
    messageId,
    notes: noneIfEmpty([
      ...(warmAtDefaults(capacity.warmReadUnits, capacity.warmWriteUnits) ? (['warmAtDefaults'] as const) : []),
      ...fromReads.notes,
      ...(copiesOf(analysis, 'read', copies).notes ?? []),
      ...fromWrites.notes,
      ...(copiesOf(analysis, 'write', copies).notes ?? []),
    ]),
    fixId: !forKey ? 'fixPreWarm' : analysis.plan.layout === 'replicated' ? 'fixPreWarmForCopies' : 'fixPreWarmForKey',
    ...(fixNotes.length > 0 ? { fixNotes } : {}),
    severity: 'warning',
    data: Object.assign({}, fromReads.data, fromWrites.data, {
      source: fromReads.source === 'declared' && fromWrites.source === 'declared' ? 'declared' : 'derived',
      index: capacity.index,
      reads,
      writes,
      sustainedReads: launch.reads,
      sustainedWrites: launch.writes,
      readFraction: share.reads,
      writeFraction: share.writes,
      combinedFraction: share.sum,
      utilization: Math.max(share.reads, share.writes),
      readUnitsPerSecond,
      writeUnitsPerSecond,
      ...(forKey ? warmForKeyData(analysis, forKey, alone) : {}),
      ...fixReads?.data,
      ...(pastQuota ? { quota: passedQuota.units, ...quotaFieldData(passedQuota), quotaOption: quotaOption(passedDimension) } : {}),
      ...(pastQuotaPlan ? keyWarmPastQuotaData(analysis, design, pastQuotaPlan) : {}),
      ...(onBound ? { boundRaise: 'warm', boundWarm: true } : {}),
      headroom,
      ...copiesOf(analysis, 'read', copies).data,
      ...copiesOf(analysis, 'write', copies).data,
    }),
    edits: pastQuota || onBound || withKeyFix ? undefined : [{ op: 'set', path, value: { readUnitsPerSecond, writeUnitsPerSecond } } satisfies DesignEdit],
  };
}

/**
 * The key's pre-warm (`plannedWarmThroughput`) a launch asks for: all of it, except where it waits for the quota's
 * raise while the peak's own pre-warm (`alone`) is within the quota (`keyWarmHeldForQuota`): then `pastQuotaPlan`, which
 * the fix names with the quota to raise, and --fix writes `alone`.
 */
function keyWarmAsked(
  analysis: SpaceAnalysis,
  design: DynamoDbKeyDesign,
  alone: LaunchWarm,
): { readonly planned?: PlannedWarmThroughput; readonly pastQuotaPlan?: PlannedWarmThroughput } {
  const planned = plannedWarmThroughput(analysis, { withheld: true });
  if (planned !== undefined && keyWarmHeldForQuota(planned, design, alone)) return { pastQuotaPlan: planned };
  return planned === undefined ? {} : { planned };
}

/** What `keyWarmPastQuota` says of the key's pre-warm held back for the quota's raise: its figure, and the quota it passes. */
function keyWarmPastQuotaData(analysis: SpaceAnalysis, design: DynamoDbKeyDesign, plan: PlannedWarmThroughput): MessageData {
  const dimension: Dimension = plan.writeUnitsPerSecond !== undefined ? 'write' : 'read';
  const inForce = quotaInForce(design, 'table-level', dimension);
  return {
    key: analysis.space.partitionKey.map((k) => k.name),
    keyWarmUnits: (dimension === 'write' ? plan.writeUnitsPerSecond : plan.readUnitsPerSecond) ?? 0,
    keyWarmUnit: UNIT[dimension],
    keyWarmDimension: dimension,
    planPartitions: plan.partitions,
    planShards: plan.shards,
    quota: inForce.units,
    ...quotaFieldData(inForce),
    quotaOption: quotaOption(dimension),
  };
}

/** The lint option that declares the table-level quota in `dimension` once its raise is granted (`quotas.tableWriteUnits`). */
function quotaOption(dimension: Dimension): string {
  return `quotas.${QUOTA_FIELDS['table-level'][dimension]}`;
}

/** What `fixPreWarmForKey` says of the key's own pre-warm (`plannedWarmThroughput`) beside the peak's alone. */
function warmForKeyData(analysis: SpaceAnalysis, planned: PlannedWarmThroughput, alone: { reads: number; writes: number }): MessageData {
  const { maxShards } = analysis.design.thresholds;
  const atLaunch = analysis.plan.shards;
  return {
    key: analysis.space.partitionKey.map((k) => k.name),
    planPartitions: planned.partitions,
    planShards: planned.shards,
    launchPartitions: planned.fromPartitions,
    launchReadUnits: alone.reads,
    launchWriteUnits: alone.writes,
    ...planned.pair,
    maxShards,
    ...(atLaunch !== undefined && atLaunch <= maxShards ? { launchShards: atLaunch } : {}),
  };
}

/**
 * A new provisioned table or GSI launched at its peak (`launchAtPeak`) whose auto-scaling minimum is below it. DynamoDB
 * creates the table with its minimum (CDK's `Capacity.autoscaled` renders `minCapacity`, 1 by default; its `seedCapacity`
 * serves only a switch of capacity mode), auto scaling raises it only once consumed capacity has stayed above the target
 * utilization for 2 consecutive minutes, then takes several minutes ("DynamoDB Metrics and dimensions"), and
 * burst capacity is at most 300 seconds of unused capacity at that minimum ("Burst capacity"): the launch throttles as a
 * new on-demand table's does (notPreWarmed), a warning for the same reason (whether the table is new, the design cannot
 * know). The fix raises the minimum to peak ÷ headroom before the launch, as every SG017 raise is sized; warm throughput
 * would not do: on a provisioned table it is what the capacity may be raised to instantly, not capacity
 * ("Understanding DynamoDB warm throughput in different scenarios"). Fixed units are the capacity at creation: belowPeak.
 */
function minimumBelowPeak(check: CeilingCheck): RuleHit<Id> | undefined {
  const { design, analysis, capacity, dimension, headroom, copies } = check;
  const ceiling = capacity[dimension];
  if (ceiling === undefined || ceiling.source !== 'autoscaled') return undefined;
  const { counted, peak } = countedPeak(check);
  const start = ceiling.min ?? DYNAMODB_AUTO_SCALING_DEFAULT_MINIMUM;
  // The headroom every capacity is judged with (belowPeak): a minimum exactly at the peak leaves none for a burst.
  if (fits(peak, start * headroom)) return undefined;
  const below = !fits(peak, start);
  const suggested = withHeadroom(peak, headroom);
  const own = `capacity.${dimension}`;
  // A GSI that takes the table's capacity takes its minimum too: the fix gives it capacity of its own, as belowPeak's does.
  const field = ceiling.inherited ? joinPath(capacity.path, own) : joinPath(capacity.path, `${own}.min`);
  const passed = suggested > ceiling.units ? quotaPassed(design, capacity, dimension, suggested) : undefined;
  const ownCapacityOf = ceiling.inherited ? ownCapacity(analysis, capacity, headroom, copies, dimension, false, true) : undefined;
  const copied = copiesOf(analysis, dimension, counted);
  const from = peakSource(analysis, dimension);
  return {
    path: field,
    index: capacity.index,
    messageId: below ? 'minimumBelowPeak' : 'minimumWithinHeadroom',
    notes: noneIfEmpty([...from.notes, ...(ceiling.inherited ? (['inherited'] as const) : []), ...(copied.notes ?? [])]),
    fixId: passed ? pastQuotaFix(passed) : 'fixMinimum',
    ...(ownCapacityOf && !passed ? { fixNotes: ['fixOwnMinimum'] } : {}),
    severity: 'warning',
    data: Object.assign({}, from.data, copied.data, peakData(capacity, dimension, from.source, peak), {
      raisePeak: peak,
      limit: start,
      utilization: peak / start,
      minimumFrom: ceiling.min === undefined ? 'default' : 'declared',
      ...(below ? scalingSteps(start, peak, ceiling.targetUtilization ?? DYNAMODB_AUTO_SCALING_TARGET.default / 100) : {}),
      limitField: joinPath(ceiling.inherited ? '' : capacity.path, `${own}.min`),
      suggested,
      headroom,
      field,
      ...(ownCapacityOf ? { ownCapacity: ownCapacityOf.declaration } : {}),
      ...pastQuotaData(passed),
    }),
    edits: passed
      ? undefined
      : (ownCapacityOf?.edits ?? [{ op: 'set', path: joinPath(capacity.path, own), value: declarationOf(ceiling, ceiling.units, suggested) }]),
  };
}

/**
 * How many raises auto scaling takes from `start` to provision `peak`: each sets the capacity to the consumed capacity ÷
 * the target utilization, and a table throttled at its capacity consumes no more than it has, so each raise multiplies
 * the capacity by at most 1 ÷ target, and each waits for 2 consecutive minutes above the target ("Managing throughput
 * capacity automatically with DynamoDB auto scaling"): 1 WCU to 30,000 at 70% is 29 raises, an hour at least.
 */
function scalingSteps(start: number, peak: number, targetUtilization: number): { scaleSteps: number; scaleFactor: number; targetUtilization: number } {
  const scaleFactor = 1 / targetUtilization;
  return { scaleSteps: Math.ceil(Math.log(peak / start) / Math.log(scaleFactor)), scaleFactor, targetUtilization };
}

/**
 * Whether a key space's peak on `dimension` may pass the table-level quota or come within the headroom under it, the
 * two quota findings' (overQuota, nearQuota) first question: copies only multiply writes, so a peak within the headroom
 * at the most copies accepted (MAX_SHARDS_ACCEPTED) needs neither finding, nor the plan of copies they count.
 */
function mayNearQuota({ design, analysis, dimension, headroom }: CeilingCheck): boolean {
  const quota = tableQuota(design, dimension);
  const most = peakOf(analysis, dimension, { copies: MAX_SHARDS_ACCEPTED, from: 'declared' });
  return most > quota || !fits(most, quota * headroom);
}

/**
 * A peak above the default table-level quota, which bounds the table and each GSI in both modes: unless the quota was
 * raised, the table cannot serve the peak it is declared for (an error, as a capacity below the peak is); a granted
 * raise is answered by acknowledging the finding with the request as the reason.
 */
function overQuota(analysis: SpaceAnalysis, capacity: KeySpaceCapacity, dimension: Dimension, copies: () => WriteCopies): RuleHit<Id> | undefined {
  const design = analysis.design as DynamoDbKeyDesign;
  const inForce = quotaInForce(design, 'table-level', dimension);
  const quota = inForce.units;
  const counted = copies();
  const peak = peakOf(analysis, dimension, counted);
  if (!peakPastQuota(design, dimension, peak)) return undefined;
  const { workload } = analysis.space;
  const copied = copiesOf(analysis, dimension, counted);
  const from = peakSource(analysis, dimension);
  const byName = nameOnlyError(analysis, dimension, counted, (once) => once > quota);
  // SG007's removal of a needless sharding that brings the peak under the quota is the fix: no increase to request.
  const after = peakWithoutNeedlessSharding(analysis, dimension, peak);
  const removes = after !== undefined && !peakPastQuota(design, dimension, after);
  const { headroom } = analysis.design.thresholds;
  const suggested = withHeadroom(peak, headroom);
  const keyWarm = removes ? undefined : keyWarmPastRaise(analysis, dimension, suggested);
  const fix: Pick<RuleHit<Id>, 'fixId' | 'fixNotes'> = removes
    ? { fixId: 'fixRemoveNeedless', fixNotes: ['underQuota', 'orKeepSharding', 'fixQuota'] }
    : {
        fixId: 'fixQuota',
        fixNotes: noneIfEmpty([...(fanOutFix(analysis, dimension).fixNotes ?? []), ...(keyWarm ? (['fixQuotaForKeyWarm'] as const) : [])]),
      };
  return {
    // The table's peak is a declared field; a GSI's may be derived from it, so the GSI itself is named.
    path: capacity.index === undefined ? joinPath(workload.path, dimension === 'read' ? 'peakReadUnits' : 'peakWriteUnits') : capacity.path,
    index: capacity.index,
    messageId: 'overQuota',
    parts: [quotaPart('overQuota', dimension)],
    notes: noneIfEmpty([...from.notes, ...(byName?.notes ?? []), ...(copied.notes ?? [])]),
    ...fix,
    severity: byName ? 'warning' : undefined,
    data: Object.assign(
      {},
      from.data,
      byName?.data,
      copied.data,
      removes ? removalData(analysis, dimension, after) : {},
      peakData(capacity, dimension, from.source, peak),
      // The quota to request: the peak at the design's headroom, as the pre-warm of that peak (warmPastQuota) is sized.
      { quota, headroom, suggested, ...quotaFieldData(inForce) },
      keyWarm,
    ),
  };
}

/**
 * The warm throughput the key's fix pre-warms `dimension` to where it is more than the quota raise `suggested` (peak ÷
 * headroom): the partitions at which its hottest value's shards fit (`plannedWarmThroughput`), and DynamoDB pre-warms
 * a table or index only up to the table-level quota ("Understanding DynamoDB warm throughput"), so the one request is
 * for that figure. Also where --fix holds that fix back (`withheld`: its pre-warm waits for what the design must say
 * first, or for the quota's raise), as SG017's launch pre-warm names it: the quota findings and the pre-warm name one
 * plan. Undefined where the key's fix pre-warms no more than the raise.
 */
function keyWarmPastRaise(analysis: SpaceAnalysis, dimension: Dimension, suggested: number): MessageData | undefined {
  const planned = plannedWarmThroughput(analysis, { withheld: true });
  const keyWarm = dimension === 'write' ? planned?.writeUnitsPerSecond : planned?.readUnitsPerSecond;
  if (keyWarm === undefined || keyWarm <= suggested) return undefined;
  return { keyWarmUnits: keyWarm, key: analysis.space.partitionKey.map((k) => k.name) };
}

/**
 * An on-demand peak under the default table-level quota by less than the design's headroom: the quota is the ceiling
 * of an on-demand table or GSI that declares no maximum (or one above the quota), and a burst above the peak meets
 * it as it would meet any capacity (`withinHeadroom`). A ceiling at or under the quota is checked by `belowPeak`
 * with the same headroom, and provisioned capacity above it by `provisionedOverQuota`, so only these remain.
 */
function nearQuota(check: CeilingCheck): RuleHit<Id> | undefined {
  const { design, analysis, capacity, dimension, headroom } = check;
  const inForce = quotaInForce(design, 'table-level', dimension);
  const quota = inForce.units;
  const ceiling = capacity[dimension];
  if (design.billing !== 'on-demand' || (ceiling !== undefined && ceiling.units <= quota)) return undefined;
  const { counted, peak } = countedPeak(check);
  // Above the quota itself, `overQuota` says it (an error).
  if (fits(peak, quota * headroom) || peak > quota) return undefined;
  const { workload } = analysis.space;
  const copied = copiesOf(analysis, dimension, counted);
  const from = peakSource(analysis, dimension);
  // Warm throughput declared above the quota (SG017's pre-warm for this peak is peak ÷ headroom, above it) fails the
  // deployment until the quota is raised: the same request, so this finding says it (warmOverQuota does not), an error.
  const warm = dimension === 'write' ? capacity.warmWriteUnits : capacity.warmReadUnits;
  const warmPast = warm !== undefined && warm > quota;
  const suggested = withHeadroom(peak, headroom);
  const keyWarm = keyWarmPastRaise(analysis, dimension, suggested);
  return {
    path: capacity.index === undefined ? joinPath(workload.path, dimension === 'read' ? 'peakReadUnits' : 'peakWriteUnits') : capacity.path,
    index: capacity.index,
    messageId: 'nearQuota',
    parts: [quotaPart('nearQuota', dimension)],
    notes: noneIfEmpty([...from.notes, ...(copied.notes ?? []), ...(warmPast ? (['declaredWarmPastQuota'] as const) : [])]),
    fixId: 'fixQuota',
    fixNotes: noneIfEmpty([
      ...(fanOutFix(analysis, dimension).fixNotes ?? []),
      ...(warmPast && warm > suggested ? (['fixQuotaForWarm'] as const) : []),
      ...(keyWarm ? (['fixQuotaForKeyWarm'] as const) : []),
    ]),
    severity: warmPast ? 'error' : 'warning',
    data: Object.assign({}, from.data, copied.data, peakData(capacity, dimension, from.source, peak), quotaFieldData(inForce), {
      quota,
      utilization: peak / quota,
      headroom,
      suggested,
      ...(warmPast
        ? {
            warmUnits: warm,
            warmField: joinPath(joinPath(capacity.path, 'warmThroughput'), dimension === 'write' ? 'writeUnitsPerSecond' : 'readUnitsPerSecond'),
          }
        : {}),
      ...keyWarm,
    }),
  };
}

/**
 * An on-demand maximum above the default table-level quota: the quota bounds every on-demand table and GSI whatever
 * its maximum ("DynamoDB maximum throughput for on-demand tables": by default the rate is bounded by the 40,000
 * table-level quota), so requests are throttled at the quota before they reach the maximum, and the maximum
 * promises a capacity the table does not have. A warning: the table deploys, and serves what the quota allows.
 */
function maximumOverQuota(design: DynamoDbKeyDesign): RuleHit<Id>[] {
  if (design.billing !== 'on-demand') return [];
  const hits: RuleHit<Id>[] = [];
  for (const capacity of design.capacity) {
    for (const dimension of ['write', 'read'] as const) {
      const ceiling = capacity[dimension];
      const inForce = quotaInForce(design, 'table-level', dimension);
      const quota = inForce.units;
      if (ceiling === undefined || ceiling.inherited || ceiling.source !== 'on-demand-maximum' || ceiling.units <= quota) continue;
      hits.push({
        path: ceiling.path,
        index: capacity.index,
        messageId: 'maximumOverQuota',
        fixId: 'fixMaximumOverQuota',
        severity: 'warning',
        data: { index: capacity.index, dimension, unit: UNIT[dimension], units: ceiling.units, quota, field: ceiling.path, ...quotaFieldData(inForce) },
      });
    }
  }
  return hits;
}

/**
 * Provisioned capacity above the default quotas: the table-level quota is the most one table or GSI can be provisioned
 * with, and one table with its GSIs must stay under the account-level quota ("Quotas in Amazon DynamoDB", throughput
 * default quotas). DynamoDB refuses such a table until Service Quotas raises them, so the deployment fails as declared:
 * errors, which a granted raise answers by acknowledging the finding with the request as the reason.
 */
function provisionedOverQuota(design: DynamoDbKeyDesign): RuleHit<Id>[] {
  if (design.billing !== 'provisioned') return [];
  const hits: RuleHit<Id>[] = [];
  for (const dimension of ['write', 'read'] as const) {
    const tableInForce = quotaInForce(design, 'table-level', dimension);
    const accountInForce = quotaInForce(design, 'account-level', dimension);
    const quota = tableInForce.units;
    const accountQuota = accountInForce.units;
    let total = 0;
    for (const capacity of design.capacity) {
      const ceiling = capacity[dimension];
      if (ceiling === undefined) continue;
      total += ceiling.units;
      if (ceiling.inherited || ceiling.units <= quota) continue;
      hits.push({
        path: ceiling.path,
        index: capacity.index,
        messageId: 'provisionedOverQuota',
        fixId: 'fixProvisionedQuota',
        data: {
          index: capacity.index,
          dimension,
          unit: UNIT[dimension],
          units: ceiling.units,
          quota,
          quotaName: 'table-level',
          ...quotaFieldData(tableInForce),
        },
      });
    }
    if (total > accountQuota) {
      hits.push({
        path: joinPath('capacity', dimension),
        messageId: 'provisionedOverAccountQuota',
        fixId: 'fixProvisionedQuota',
        data: { dimension, unit: UNIT[dimension], units: total, quota: accountQuota, quotaName: 'account-level', ...quotaFieldData(accountInForce) },
      });
    }
  }
  return hits;
}

function dynamoHits(design: DynamoDbKeyDesign, analysis: DesignAnalysis): RuleHit<Id>[] {
  const peaks = peakHits(design, analysis);
  // A peak over the quota, or within its headroom of it, already asks for its raise, which the pre-warming needs too:
  // one finding for one request.
  const spaceAndDimension = (hit: RuleHit<Id>) => `${hit.index}:${hit.data?.dimension}`;
  const peakOverQuota = new Set(peaks.filter((hit) => hit.messageId === 'overQuota' || hit.messageId === 'nearQuota').map(spaceAndDimension));
  const warm = warmOverQuota(design).filter((hit) => !peakOverQuota.has(spaceAndDimension(hit)));
  return [...provisionedOverQuota(design), ...maximumOverQuota(design), ...warm, ...peaks];
}

/**
 * Warm throughput above the default table-level quota: "you can pre-warm your table up to the table or index quota
 * limit for your account in that Region" ("Understanding DynamoDB warm throughput"), so the request fails as declared
 * until Service Quotas raises the quota. An error, answered like provisioned capacity over the quota.
 */
function warmOverQuota(design: DynamoDbKeyDesign): RuleHit<Id>[] {
  return design.capacity.flatMap((capacity) =>
    (['write', 'read'] as const).flatMap((dimension) => {
      const inForce = quotaInForce(design, 'table-level', dimension);
      const quota = inForce.units;
      const units = dimension === 'write' ? capacity.warmWriteUnits : capacity.warmReadUnits;
      if (units === undefined || units <= quota) return [];
      const field = dimension === 'write' ? 'writeUnitsPerSecond' : 'readUnitsPerSecond';
      return [
        {
          path: joinPath(joinPath(capacity.path, 'warmThroughput'), field),
          index: capacity.index,
          messageId: 'warmOverQuota' as const,
          fixId: 'fixWarmQuota' as const,
          data: { index: capacity.index, dimension, unit: UNIT[dimension], units, quota, quotaName: 'table-level', ...quotaFieldData(inForce) },
        },
      ];
    }),
  );
}

function peakHits(design: DynamoDbKeyDesign, analysis: DesignAnalysis): RuleHit<Id>[] {
  const { headroom } = design.thresholds;
  const hits: (RuleHit<Id> | undefined)[] = [];
  const capacityOf = new Map(design.capacity.map((c) => [c.index, c]));
  // The table's copies, made once and only when a ceiling asks: most designs declare none.
  let counted: WriteCopies | undefined;
  const copies = () => (counted ??= writeCopies(analysis));
  for (const space of analysis.spaces) {
    const capacity = capacityOf.get(space.space.index);
    if (capacity === undefined) continue;
    const spaceCopies = () => spaceWriteCopies(space, copies());
    const ceilingCheck = (dimension: CapacityDimension): CeilingCheck => ({ design, analysis: space, capacity, dimension, headroom, copies: spaceCopies });
    const checks = [ceilingCheck('write'), ceilingCheck('read')];
    for (const check of checks) hits.push(belowPeak(check));
    // The pre-warm and the quota findings count an index SG003's fix makes sparse at one write per item, as that fix
    // leaves it: the quota raise they ask for is the one the pre-warm needs (copies.ts).
    const sparseCopies = () => copiesOnceSparse(space, spaceCopies());
    // Only a peak that arrives at creation meets the new table's initial throughput; one grown into is followed by scaling.
    if (design.launchAtPeak && design.billing === 'on-demand') hits.push(notPreWarmed(space, capacity, headroom, sparseCopies()));
    if (design.launchAtPeak && design.billing === 'provisioned') for (const check of checks) hits.push(minimumBelowPeak(check));
    for (const check of checks.filter(mayNearQuota))
      hits.push(overQuota(space, capacity, check.dimension, sparseCopies), nearQuota({ ...check, copies: sparseCopies }));
  }
  return hits.filter((hit) => hit !== undefined);
}

/** A raise past a default quota (fixCapacityPastQuota, fixCapacityPastAccountQuota), around who would provision past it. */
const PAST_QUOTA_RAISE =
  'set {{field|code}} to at least {{suggested}} ({{raisePeak}} {{unit}} at {{headroom|percent}} utilization) once the {{quotaName}} {{dimension}} throughput quota is raised';
const PAST_QUOTA_REFUSED =
  'would then provision {{provisioned}} {{unit}}, above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} quota of {{quota}}{{?quotaField}} ({{quotaField|code}}){{/quotaField}}, which DynamoDB refuses (LimitExceededException), so --fix writes no edit; request the increase first (Service Quotas, DynamoDB)';

/** What every pre-warm fix sets (fixPreWarm, fixPreWarmForKey, fixPreWarmForCopies). */
const PRE_WARM_SET = 'pre-warm it: set warmThroughput to { readUnitsPerSecond: {{readUnitsPerSecond}}, writeUnitsPerSecond: {{writeUnitsPerSecond}} }';
/** What the peak's own pre-warm would serve, beside the key's (fixPreWarmForKey, fixPreWarmForCopies). */
const PRE_WARM_AS_ALONE =
  'it serves the reads and the writes together with the {{headroom|percent}} utilization the design plans for, as { readUnitsPerSecond: {{launchReadUnits}}, writeUnitsPerSecond: {{launchWriteUnits}} } (the peak ÷ headroom) would alone, ';
/** What warm throughput costs, and the alternatives to it, after every pre-warm fix. */
const PRE_WARM_TERMS =
  ' (TableV2 `warmThroughput`; raising warm throughput above the defaults is billed, and it cannot be lowered again); or ramp the traffic up to the peak, doubling at most every 30 minutes, and declare `launchAtPeak`: false; a table that has already served this peak keeps that throughput: acknowledge the finding then';

export const dynamoDbCapacityBelowPeak = defineRule({
  ...CAPACITY_BELOW_PEAK,
  engines: ['dynamodb'],
  fires:
    "DynamoDB: a table's or GSI's declared peak is above headroom × its provisioned capacity, auto-scaling maximum or on-demand maximum (an error above it, a warning when only the headroom is missing).",
  firesAlso: [
    "DynamoDB peaks: a GSI's as the analysis charges it; writes count every replicated copy of an item, declared or planned by the fix the key's finding leads with; reads count each query of a fan-out over a sharded key's N shards, N read requests per logical read (under `sharding.hotValues`, the listed values' reads only: the others stay one query).",
    'A new on-demand table or GSI declared to launch at its peak (`launchAtPeak`) whose peak is above what it serves before it scales: 4,000 WCU or 12,000 RCU or a linear combination of both (reads ÷ 12,000 + writes ÷ 4,000 above 1), or, pre-warmed above a default, its warm throughput in either direction (warning; warm throughput at or under both defaults pre-warms nothing, and the finding says so). The fix is sized at peak ÷ headroom, at most the table-level quota.',
    "A launch whose key's own fix (SG003, SG002) pre-warms more than peak ÷ headroom, for the partitions at which its hottest value's shards fit beside their neighbours (on those of peak ÷ headroom no count fits, or only a wider one): the fix asks for that warm throughput, which serves the peak too, and says what peak ÷ headroom alone would give, so the findings on one key name one warm throughput.",
    'What a table launched at its peak serves before it scales (its defaults, its warm throughput, or its auto-scaling minimum) is judged with the headroom, as any capacity: a launch peak above headroom × it, such as warm throughput or a minimum exactly at the peak, is a warning too (as a fixed capacity exactly at the peak is).',
    'A new provisioned table or GSI declared to launch at its peak whose auto-scaling minimum (CDK `minCapacity`, 1 when not given) is below it: the table is created with its minimum, auto scaling raises it only after 2 minutes above its target utilization and a capacity update of several minutes, and burst capacity is at most 300 seconds of unused capacity (warning; the fix raises the minimum to peak ÷ headroom). Fixed units are the capacity at creation, judged as any capacity.',
    'A DynamoDB peak above the default table-level quota of 40,000 units per second: throttled unless the quota was raised (error).',
    'Warm throughput above that quota: DynamoDB pre-warms a table or index only up to it, so the request fails unless the quota was raised (error; said once, with the peak, where the peak is over the quota or within its headroom of it: that finding is then an error).',
    'On demand near that quota: a peak above headroom × the quota, for a table or GSI with no on-demand maximum at or under it (warning: the quota is its ceiling); an on-demand maximum above the quota, which caps it (warning).',
    'Provisioned capacity (fixed, or an auto-scaling maximum) above the table-level quota for a table or GSI, or above the default account-level quota of 80,000 for a table and its GSIs together: refused unless the quota was raised (error).',
    "A peak the design does not declare (a GSI's reads or writes taken from the table's, a share of the table's reads by the access patterns): called derived, with how it was derived and the field that declares it.",
    "A GSI's writes counted at 2× the table's because its key attribute is named like one that changes (a status, a score; no `mutable` and no index write peak declared): a warning, not an error, where 1× would not be an error.",
  ],
  sources: [
    SOURCES.dynamoProvisioned,
    SOURCES.dynamoAutoScaling,
    SOURCES.dynamoAutoScalingDelay,
    SOURCES.dynamoAdaptive,
    SOURCES.dynamoOnDemand,
    SOURCES.dynamoOnDemandMaximum,
    SOURCES.dynamoRetries,
    SOURCES.dynamoPreWarming,
    SOURCES.dynamoWarmThroughput,
    SOURCES.dynamoWarmThroughputScenarios,
    SOURCES.dynamoOnDemandThrottling,
    SOURCES.dynamoThroughputQuotas,
    SOURCES.dynamoGsiThroughput,
    SOURCES.dynamoLsiWrites,
    SOURCES.dynamoSharding,
    SOURCES.dynamoReadConsumption,
    SOURCES.dynamoQueryMinimum,
  ],
  messages: () => ({
    fixedBelowPeak: `{{index|keySpace}} provisions {{limit}} {{unit}} of {{dimension}} capacity, below its ${PEAK_SOURCE} peak of {{peak}} {{unit}}: every request above {{limit}} {{unit}} is throttled, however evenly the key spreads the load`,
    autoscaledBelowPeak: `auto scaling of {{index|keySpace}} stops at {{limit}} {{unit}} of {{dimension}} capacity, below its ${PEAK_SOURCE} peak of {{peak}} {{unit}}: every request above {{limit}} {{unit}} is throttled, however evenly the key spreads the load`,
    maximumBelowPeak: `the on-demand maximum of {{index|keySpace}} is {{limit}} {{unit}} of {{dimension}}s, below its ${PEAK_SOURCE} peak of {{peak}} {{unit}}: DynamoDB throttles every request above the maximum (MaxOnDemandThroughputExceeded)`,
    withinHeadroom: `{{index|keySpace}} serves at most {{limit}} {{unit}} of {{dimension}}s ({{limitField|code}}), and its ${PEAK_SOURCE} peak of {{peak}} {{unit}} uses {{utilization|percent}} of it, more than the {{headroom|percent}} the design plans for: a burst above the peak is throttled, however evenly the key spreads the load`,
    // Where a figure no one declared comes from, and the field that declares it (peakSource).
    readsFromPatterns:
      "; that read peak is {{readShare|percent}} of the table's {{tableReadsSource|declared=declared|observed=observed}} {{declaredReads}} RCU: the share of the access patterns that read it, with the share no pattern claims (accessPatterns[].share)",
    readsByNoPattern: '; no access pattern reads it (accessPatterns[].index), so its read peak is 0 RCU',
    readsFromTable:
      "; that read peak is the table's {{tableReadsSource|declared=declared|observed=observed}} {{declaredReads}} RCU: the design declares no access pattern, so any query could use the index",
    declareReads: '; declare {{readsField|code}} to count it otherwise',
    writesFromTable:
      "; that write peak is the table's {{tableWritesSource|declared=declared|observed=observed}} {{tableWrites}} WCU, every table write reaching the index; declare {{writesField|code}} to count it otherwise",
    writesFromNewItems:
      "; that write peak is counted from the table's {{tableWritesSource|declared=declared|observed=observed}} writes that put or delete items; declare {{writesField|code}} to count it otherwise",
    writesFromKeyChanges:
      "; that write peak is 2× the table's {{tableWritesSource|declared=declared|observed=observed}} {{tableWrites}} WCU: {{changingKey|code}} {{changingFrom|declared=is declared mutable|name=is named like an attribute that changes}}, and a change of an index key costs the index 2 writes, a delete and a put; declare {{writesField|code}}, or {{mutableField|code}}: false, to count it otherwise",
    ...PROJECTION_MESSAGES,
    errorOnlyByName:
      '; at 1×, {{peakOnce}} WCU, it would not be an error: only the name of {{changingKey|code}} makes it one, so this is a warning until the design declares either field',
    inherited: " (the index takes the table's capacity, as TableV2 gives every GSI that declares none)",
    copies:
      '; that peak counts the {{copies}} replicated copies of every item the design declares, each written to the table and to every GSI whose key it carries ({{declaredPeak}} WCU of {{writesSource|declared=declared|observed=observed}} writes × {{copies}})',
    ...LOCAL_INDEX_MESSAGES,
    fanOutReads: `; that read peak counts each query of a fan-out as a request of its own: {{fanOutPatterns|code}} ({{fanOutShare|percent}} of the {{logicalReads}} RCU of reads${HOT_VALUES_SHARE}) query all {{fanOutShards}} shards for every read${HOT_VALUES_ONLY}, each charged ${AT_LEAST_ONE_READ_UNIT}{{?fanOutSized}}; for {{fanOutSized|code}}, its part of the declared resultKb, rounded up to 4 KB{{/fanOutSized}}`,
    fanOutAssumed: `; it counts the fan-out of {{assumedPatterns|code}} over its N = {{assumedShards}} shards once, as the shards divide it: that read peak ${LARGE_READS_ASSUMED}`,
    // The table's hottest item's updates each move its index entry to a newly drawn random shard: a delete and a put.
    redrawnShards:
      "; the peak adds {{redrawnWrites}} WCU to those {{countedWrites}} WCU: the updates of the table's hottest item, each writing the index twice once its random shard is drawn afresh on every update (a delete of the old entry and a put of the new, as SG003's shard count is sized)",
    plannedCopies:
      "; that peak counts the {{copies}} replicated copies of every item that SG003's fix for the read-hot key keeps, each written to the table and to every GSI whose key it carries ({{declaredPeak}} WCU of {{writesSource|declared=declared|observed=observed}} writes × {{copies}}); as declared, {{declaredCopies|one=without copies|other=with its # copies}}, its write peak is {{declaredCopiesPeak}} WCU",
    // An index SG003's fix in the same run makes sparse (copies.ts, `copiesOnceSparse`): its pre-warm and quota findings count that.
    sparseCopies:
      '; that write peak counts one write per item: SG003\'s fix sets {{copiesCarryPath|code}} to "first", so only copy 0 writes the index (as declared, each of the {{declaredCopies}} copies does: {{declaredCopiesPeak}} WCU); a quota or a warm throughput raised for every copy would serve writes that fix removes, and warm throughput could not be lowered again',
    notPreWarmed: `new and on-demand, {{index|keySpace}} serves {{sustainedReads}} RCU or {{sustainedWrites}} WCU, or a linear combination of both, before it scales, and its ${PEAK_SOURCE} peak of {{reads}} RCU and {{writes}} WCU takes {{readFraction|percent}} + {{writeFraction|percent}} = {{combinedFraction|percent}} of it: launched at that peak it throttles until on-demand scaling catches up (it serves up to double its previous peak; more within 30 minutes throttles)`,
    // The key's fix (SG003) shards it with a fan-out: its read peak once written (advice.ts, `plannedReadPeak`).
    readsAfterFix:
      '; its reads are sized as the fix for its hottest {{key|key}} value leaves them: once {{fixReadPatterns|code}} fan out over its N = {{fixReadShards}} shards, each query charged at least one read unit, the read peak is {{fixReads}} RCU, and warm throughput cannot be lowered, so the figure is set once for it',
    // A billed raise (warm throughput, capacity) sized on writes the finding calls an upper bound (projection.ts).
    raiseOnUpperBound:
      "; --fix writes no {{boundRaise|warm=warm throughput|capacity=capacity}} from that upper bound of the index's writes: the raise is billed{{?boundWarm}} and cannot be lowered again{{/boundWarm}}, and the writes that reach the index may be far fewer; declare {{writesField|code}} with them, and the fix is sized on that figure",
    warmPastQuota:
      '; those figures are above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} table-level quota of {{quota}} units per second{{?quotaField}} ({{quotaField|code}}){{/quotaField}}, which bounds warm throughput too (DynamoDB pre-warms a table or index only up to it): request its raise to at least those figures first, then set them{{!quotaField}} and declare the granted quota as {{quotaOption|code}}{{/quotaField}}: no pre-warm within the quota serves this peak at the {{headroom|percent}} utilization the design plans for (--fix writes no figure the deployment refuses)',
    // The key's pre-warm is past the quota while the peak's own is within it (`keyWarmAsked`): the peak's is written.
    keyWarmPastQuota:
      "; the fix for its hottest {{key|key}} value pre-warms more, {{keyWarmUnits}} {{keyWarmUnit}} a second ({{planPartitions}} partitions, the least at which {{planShards|one=that value fits as it is|other=its # shards fit}} beside {{planShards|one=its|other=their}} neighbours), above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} table-level {{keyWarmDimension}} quota of {{quota}}, which bounds warm throughput too: no pre-warm within the quota makes room for that value, so it stays SG003's finding until the quota is raised (Service Quotas, DynamoDB; then declare the granted figure as {{quotaOption|code}}); --fix writes this pre-warm, within the quota, for the launch's peak meanwhile: below that figure, it can be raised to it later and never needs lowering",
    // The key's fix (SG003) opens with this pre-warm but withholds its edits (`plannedWarmThroughput`, withheld).
    warmWithKeyFix:
      '; --fix writes it together with that fix, which sets it and waits for what the design must say first (its finding names it): warm throughput cannot be lowered again, so the figure for the peak alone is not written before it',
    declaredWarmPastQuota:
      '; its declared warm throughput, {{warmUnits}} {{unit}} per second ({{warmField|code}}), is above the quota too, and DynamoDB pre-warms only up to it: the deployment fails until the quota is raised',
    warmAtDefaults:
      "; its declared warmThroughput raises neither default (12,000 RCU, 4,000 WCU, the least warm throughput a table takes), so it pre-warms nothing: the defaults' combination is what the table serves, and a value above a default is what makes it serve each of its warm values at once",
    minimumBelowPeak: `new and provisioned, {{index|keySpace}} is created with {{limit}} {{unit}} of {{dimension}} capacity, {{minimumFrom|declared=its auto-scaling minimum|default=the auto-scaling minimum when none is given (CDK minCapacity)}} ({{limitField|code}}), and its ${PEAK_SOURCE} peak of {{peak}} {{unit}} arrives at creation (launchAtPeak): launched at that peak it throttles every request above {{limit}} {{unit}} until auto scaling raises the capacity, which starts only once the consumed capacity has stayed above the target utilization for 2 consecutive minutes and then takes several minutes; each raise provisions the consumed capacity ÷ the {{targetUtilization|percent}} target utilization, and a throttled table consumes no more than it has, so from {{limit}} to {{peak}} {{unit}} is {{scaleSteps}} raises of at most {{scaleFactor}}× each, 2 minutes or more apiece; burst capacity, at most 300 seconds of unused capacity at the minimum, covers little of it`,
    // A launch capacity the peak fits only without the headroom (belowPeak's withinHeadroom, at creation).
    launchWithinHeadroom: `new and on-demand, {{index|keySpace}} serves {{sustainedReads}} RCU or {{sustainedWrites}} WCU, or a linear combination of both, before it scales, and its ${PEAK_SOURCE} peak of {{reads}} RCU and {{writes}} WCU takes {{readFraction|percent}} + {{writeFraction|percent}} = {{combinedFraction|percent}} of it, more than the {{headroom|percent}} the design plans for: launched at that peak, a burst above it throttles until on-demand scaling catches up`,
    warmWithinHeadroom: `pre-warmed, {{index|keySpace}} serves {{sustainedReads}} RCU and {{sustainedWrites}} WCU at once before it scales (its warm throughput), and its ${PEAK_SOURCE} peak of {{reads}} RCU and {{writes}} WCU uses {{utilization|percent}} of it, more than the {{headroom|percent}} the design plans for, as of any capacity: launched at that peak, a burst above it throttles until on-demand scaling catches up`,
    minimumWithinHeadroom: `new and provisioned, {{index|keySpace}} is created with {{limit}} {{unit}} of {{dimension}} capacity, {{minimumFrom|declared=its auto-scaling minimum|default=the auto-scaling minimum when none is given (CDK minCapacity)}} ({{limitField|code}}), and its ${PEAK_SOURCE} peak of {{peak}} {{unit}} arrives at creation (launchAtPeak) and uses {{utilization|percent}} of it, more than the {{headroom|percent}} the design plans for, as of any capacity: launched at that peak, a burst above it throttles until auto scaling raises the capacity, which starts only once the consumed capacity has stayed above the target utilization for 2 consecutive minutes`,
    warmBelowPeak: `pre-warmed, {{index|keySpace}} serves {{sustainedReads}} RCU and {{sustainedWrites}} WCU at once before it scales (its warm throughput), and its ${PEAK_SOURCE} peak of {{reads}} RCU and {{writes}} WCU is above it: launched at that peak it throttles until on-demand scaling catches up (it serves up to double its previous peak; more within 30 minutes throttles)`,
    overQuota: `the ${PEAK_SOURCE} {{dimension}} peak of {{index|keySpace}}, {{peak}} {{unit}}, is above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} table-level quota of {{quota}} units per second{{?quotaField}} ({{quotaField|code}}){{/quotaField}} (for a table and for each of its GSIs, in both capacity modes): {{!quotaField}}unless the quota was raised, {{/quotaField}}every request above it is throttled`,
    nearQuota: `on demand, {{index|keySpace}} is bounded by the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} table-level quota of {{quota}} {{unit}} of {{dimension}}s{{?quotaField}} ({{quotaField|code}}){{/quotaField}}, and its ${PEAK_SOURCE} {{dimension}} peak of {{peak}} {{unit}} uses {{utilization|percent}} of it, more than the {{headroom|percent}} the design plans for: a burst above the peak is throttled at the quota (the headroom SG017 asks of every capacity)`,
    maximumOverQuota:
      'the on-demand maximum of {{index|keySpace}}, {{units}} {{unit}} of {{dimension}}s ({{field|code}}), is above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} table-level quota of {{quota}}{{?quotaField}} ({{quotaField|code}}){{/quotaField}}, which bounds every on-demand table and GSI whatever its maximum: requests are throttled at {{quota}} {{unit}}, so the maximum bounds nothing above it',
    provisionedOverQuota:
      '{{index|keySpace}} provisions {{units}} {{unit}} of {{dimension}} capacity, above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} {{quotaName}} quota of {{quota}}{{?quotaField}} ({{quotaField|code}}){{/quotaField}}: {{!quotaField}}unless the quota was raised, {{/quotaField}}DynamoDB refuses to provision more (LimitExceededException): a fixed capacity fails the deployment, and auto scaling stops at the quota',
    warmOverQuota:
      '{{index|keySpace}} pre-warms {{units}} {{unit}} per second of {{dimension}}s, above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} {{quotaName}} quota of {{quota}}{{?quotaField}} ({{quotaField|code}}){{/quotaField}}: DynamoDB pre-warms a table or index only up to that quota for the account in the Region, so the request fails{{!quotaField}} unless the quota was raised{{/quotaField}}',
    provisionedOverAccountQuota:
      'the table and its GSIs provision {{units}} {{unit}} of {{dimension}} capacity together, above the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} {{quotaName}} quota of {{quota}}{{?quotaField}} ({{quotaField|code}}){{/quotaField}} for all tables of the account in a Region: {{!quotaField}}unless the quota was raised, {{/quotaField}}DynamoDB refuses to provision more (LimitExceededException): a fixed capacity fails the deployment, and auto scaling stops at the quota',
    fixRemoveNeedless:
      'remove the {{needless|shards=sharding|copies=replicated copies}} of {{key|key}}, as SG007 asks (its hottest value fits one key): {{needless|shards=each read then queries one key|copies=each write then stores one item}}, and the {{dimension}} peak of {{index|keySpace}} falls to {{afterPeak}} {{unit}}',
    // SG003's sparse index (copied-indexes.ts): each item writes the index once, not once per copy.
    fixSparseIndex:
      'set {{copiesCarryPath|code}} to "first", as SG003 asks, with {{key|key}} written on copy 0 only: each item then writes the index once, not once per copy, and the {{dimension}} peak of {{index|keySpace}} falls to {{afterPeak}} {{unit}}',
    fitsWithout: ', within {{headroom|percent}} of the {{limit}} {{unit}}, so no raise is needed',
    orKeepSharding: '; or, keeping the {{needless|shards=shards|copies=copies|index-copies=entry of every copy}}, ',
    underQuota:
      ', under the {{?quotaField}}declared{{/quotaField}}{{!quotaField}}default{{/quotaField}} quota of {{quota}}{{?quotaField}} ({{quotaField|code}}){{/quotaField}}, so no increase is needed',
    thenRaise: ', still above {{headroom|percent}} of the {{limit}} {{unit}}: then ',
    fixCapacity: 'set {{field|code}} to at least {{suggested}} ({{raisePeak}} {{unit}} at {{headroom|percent}} utilization), or use on-demand billing',
    fixOwnCapacity:
      "give {{index|keySpace}} capacity of its own, `capacity` = {{ownCapacity|declaration}}: {{dimension}} at least {{suggested}} ({{raisePeak}} {{unit}} at {{headroom|percent}} utilization){{?otherDimension}}, and {{otherDimension}} {{otherUnits}}, its own {{otherDimension}} peak of {{otherPeak}} {{otherUnit}} at {{headroom|percent}} utilization (an index's capacity is its own, billed beside the table's: the table's figure would pay for {{otherDimension}}s it never serves){{/otherDimension}}; or use on-demand billing",
    fixFanOut:
      '; or make fewer queries per read: the {{fanOutShards}} shards multiply them, so shard no more than the load needs (SG007, SG008) or read the whole key from a projection or an index',
    fixCapacityPastQuota: `${PAST_QUOTA_RAISE}: {{index|keySpace}} ${PAST_QUOTA_REFUSED}`,
    fixCapacityPastAccountQuota: `${PAST_QUOTA_RAISE}: the table and its GSIs ${PAST_QUOTA_REFUSED}`,
    fixMaximum: 'raise {{field|code}} to at least {{suggested}} ({{raisePeak}} {{unit}} at {{headroom|percent}} utilization), or remove the maximum',
    fixPreWarm: `${PRE_WARM_SET}, which serves the reads and the writes together with the {{headroom|percent}} utilization the design plans for${PRE_WARM_TERMS}`,
    // The key's fix pre-warms more than the peak alone needs: SG017 asks for that figure, and says why.
    fixPreWarmForKey: `${PRE_WARM_SET}, the warm throughput the fix for its hottest {{key|key}} value sets: {{planPartitions}} partitions, the least at which {{?planPairPartitions}}{{planPairKeys}} of its {{planShards}} shards on one partition fit its {{planPairMaximum}} {{planPairUnit}} maximum{{/planPairPartitions}}{{!planPairPartitions}}{{planShards|one=that value fits as it is|other=its # shards fit}} beside their neighbours with 5% of the usable ceiling free{{/planPairPartitions}}; ${PRE_WARM_AS_ALONE}{{?launchShards}}on whose {{launchPartitions}} partitions that value would need N = {{launchShards}} shards, the wider fan-out that fix names as its alternative{{/launchShards}}{{!launchShards}}on whose {{launchPartitions}} partitions that value fits no shard count within maxShards ({{maxShards}}){{/launchShards}}${PRE_WARM_TERMS}`,
    // The same for replicated copies (warm-partitions.ts): fewer copies on more partitions, each copy fewer one write fewer per item.
    fixPreWarmForCopies: `${PRE_WARM_SET}, the warm throughput the fix for its hottest {{key|key}} value sets: {{planPartitions}} partitions, the least at which {{?planPairPartitions}}{{planPairKeys}} of its {{planShards}} replicated copies on one partition fit its {{planPairMaximum}} {{planPairUnit}} maximum{{/planPairPartitions}}{{!planPairPartitions}}its {{planShards}} replicated copies fit beside their neighbours with 5% of the usable ceiling free{{/planPairPartitions}}; ${PRE_WARM_AS_ALONE}where that value would need {{?launchShards}}N = {{launchShards}} copies (each a write of every item){{/launchShards}}{{!launchShards}}more copies than maxShards ({{maxShards}}){{/launchShards}}${PRE_WARM_TERMS}`,
    fixMinimum:
      'raise the auto-scaling minimum to at least {{suggested}} ({{peak}} {{unit}} at {{headroom|percent}} utilization) before the launch, so that {{index|keySpace}} is created with it (warm throughput would not do: on a provisioned table it is what the capacity can be raised to at once, not capacity); lower it once auto scaling has followed the load; or ramp the traffic up to the peak and declare `launchAtPeak`: false',
    fixOwnMinimum: "; the index takes the table's capacity, so --fix gives it capacity of its own, `capacity` = {{ownCapacity|declaration}}",
    // overQuota and nearQuota: the figure to request, the one the pre-warm of the same peak names (warmPastQuota).
    fixQuota:
      'request an increase of the table-level {{dimension}} throughput quota to at least {{suggested}} {{unit}} ({{peak}} {{unit}} at {{headroom|percent}} utilization; Service Quotas, DynamoDB; the quota is adjustable), then acknowledge this finding with the request as the reason',
    fixMaximumOverQuota:
      'request an increase of the table-level {{dimension}} throughput quota to at least {{units}} (Service Quotas, DynamoDB; the quota is adjustable), then acknowledge this finding with the request as the reason; or lower {{field|code}} to at most {{quota}}',
    fixQuotaForKeyWarm:
      '; the warm throughput the fix for its hottest {{key|key}} value sets (SG003) needs it at {{keyWarmUnits}} at least: request that, one raise for the peak and the pre-warm',
    fixQuotaForWarm: '; the declared warm throughput needs it at {{warmUnits}} at least: request that, or pre-warm at most {{suggested}} {{unit}} per second',
    fixWarmQuota:
      'request an increase of the {{quotaName}} {{dimension}} throughput quota (Service Quotas, DynamoDB) before pre-warming, then acknowledge this finding with the request as the reason; or pre-warm at most {{quota}} {{unit}} per second',
    fixProvisionedQuota:
      'request an increase of the {{quotaName}} {{dimension}} throughput quota (Service Quotas, DynamoDB), then acknowledge this finding with the request as the reason; or provision at most {{quota}} {{unit}}',
  }),
  check: dynamoHits,
  unjudged: (design) => (servedPeakAssumed(design) ? [SERVED_PEAK_ASSUMED] : []),
});

/**
 * An on-demand table that does not declare `launchAtPeak` is judged as one that has served its peak before: on demand
 * it "instantly accommodates up to double the previous peak traffic" ("On-demand capacity mode", initial throughput and
 * scaling properties), so its partitions are counted for twice its peak, where a new table has only its warm
 * throughput (12,000 RCU and 4,000 WCU unless pre-warmed: "Understanding DynamoDB warm throughput"). Said, never a
 * finding, since nothing is known to be wrong; quiet where `launchAtPeak` is declared either way, where the table is
 * provisioned (its capacity counts its partitions), and where no key space's peak passes a new table's warm throughput
 * (the assumption then decides nothing: a new table serves that peak too, and a note on nearly every small on-demand
 * design would teach users to skip the line).
 */
function servedPeakAssumed(design: DynamoDbKeyDesign): boolean {
  if (design.billing !== 'on-demand' || design.launchAtPeakDeclared === true) return false;
  return [design.primaryKey, ...design.globalSecondaryIndexes].some(
    ({ workload }) => workload.peakReadUnits > DYNAMODB_LIMITS.newOnDemandReadUnits || workload.peakWriteUnits > DYNAMODB_LIMITS.newOnDemandWriteUnits,
  );
}

const SERVED_PEAK_ASSUMED = {
  kind: 'servedPeak',
  declare: 'launchAtPeak',
  what: 'the peak taken as one the on-demand table has served before, its partitions counted for twice it (a new table, or a spike far above its usual traffic, has only its warm throughput: 12,000 RCU and 4,000 WCU unless pre-warmed)',
};
