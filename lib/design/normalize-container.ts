/**
 * A Cosmos DB container design → CosmosKeyDesign. Users think per level of a hierarchical key
 * ("the hottest tenant takes 40%", "the largest tenant holds 60 GB"); the limits apply to one full
 * key value (a logical partition). This file turns per-level declarations into full-key figures.
 */
import { COSMOS_LIMITS, partitionedRequestUnits, storageMinimumRequestUnits } from '../engines';
import { cardinalityValue, fullKeyCardinality, storedKeyValues } from './cardinality';
import { joinPath } from './field-path';
import type { CosmosContainerDesign, CosmosThroughputDesign } from './input';
import { IssueLog } from './issue-log';
import type { CosmosKeyDesign, CosmosThroughput, KeyAttribute, KeyDesign } from './key-design';
import { SHARE_ROUNDING } from './limits';
import { listOf } from './lists';
import { designThresholds, type NormalizeContext } from './normalize-context';
import { invariants } from './normalize-invariants';
import { keyAttribute, keySpace, type DeclaredFigure } from './normalize-key';
import { accessPatterns, acknowledgements, checkPatternAttributes, checkPatternReads, joins, ownKey } from './normalize-usage';
import { childrenByData } from './whale-children';

export function normalizeContainer(input: CosmosContainerDesign, log: IssueLog, context: NormalizeContext): CosmosKeyDesign {
  const thresholds = designThresholds(context, input.thresholds);
  const paths = input.partitionKey.paths;
  const levels = listOf(paths, (p, i) =>
    keyAttribute(
      { name: p.path, cardinality: p.cardinality, kind: p.kind, components: p.components, hotKeyShare: p.hotKeyShare, largestGb: p.largestGb },
      joinPath('partitionKey.paths', i),
      log,
    ),
  );
  const totalGb = input.storage?.totalGb;
  const share = fullKeyFigure(levels, 'hotKeyShare', input.workload.hotKeyShare, DESIGN_SHARE, log, totalGb);
  const size = fullKeyFigure(levels, 'largestGb', input.storage?.largestPartitionGb, DESIGN_SIZE, log);
  if (totalGb !== undefined && size?.source === 'declared' && totalGb < size.value) {
    log.add(
      'storage.totalGb',
      `is ${totalGb} GB, less than the ${size.value} GB declared for one logical partition at ${size.at}: the container holds every partition; raise storage.totalGb to the container's expected size, or lower ${size.at}`,
    );
  }
  checkLevelsWithinContainer(levels, totalGb, size, log);
  const throughput = input.throughput === undefined ? undefined : heldAtStorageMinimum(containerThroughput(input.throughput), totalGb);
  // A serverless container holds at most 1 TB ("Azure Cosmos DB serverless"): more would count partitions, and so RU/s
  // (5,000 for each partition), that no serverless container has.
  if (throughput?.mode === 'serverless' && totalGb !== undefined && totalGb > COSMOS_LIMITS.serverlessMaxGb) {
    log.add(
      'storage.totalGb',
      `is ${totalGb.toLocaleString('en-US')} GB, more than a serverless container holds: at most ${COSMOS_LIMITS.serverlessMaxGb.toLocaleString('en-US')} GB (1 TB) of data and indexes; use provisioned throughput for a larger container`,
    );
  }
  checkPhysicalPartitions(input.physicalPartitions, throughput, totalGb, log);
  checkSplitFrom(input.splitFrom, input.physicalPartitions, log);
  const primaryKey = keySpace(
    {
      path: '',
      partitionKey: levels,
      partitionKeyPath: 'partitionKey.paths',
      sortKey: [],
      reads: { units: input.workload.peakReadUnits, share: 1, source: 'table' },
      peakWriteUnits: input.workload.peakWriteUnits,
      hotKeyShare: share,
      hotKeyOperations: input.workload.hotKeyOperations,
      hotKeyMovesAt: input.workload.hotKeyMoves === true ? 'workload.hotKeyMoves' : undefined,
      sharding: input.sharding,
      keyMonitoring: input.monitoring?.partitionKeyDiagnostics ?? true,
      keyMonitoringPath: 'monitoring.partitionKeyDiagnostics',
      index: undefined,
      projection: undefined,
      copiesCarry: undefined,
    },
    log,
  );
  const patterns = accessPatterns(input.accessPatterns, null, log);
  // A pattern with an index is reported as such (Cosmos DB has none); its attributes are still the key's.
  const key = ownKey(primaryKey);
  checkPatternAttributes(patterns, () => key, log);
  checkPatternReads(patterns, () => key, log);
  return {
    engine: 'cosmosdb',
    name: input.name,
    primaryKey,
    partitionKeyKind: input.partitionKey.kind ?? (paths.length > 1 ? 'MultiHash' : 'Hash'),
    partitionKeyVersion: input.partitionKey.version ?? 2,
    joins: joins(input, context.containerNamed, log),
    throughput,
    totalGb,
    physicalPartitions: input.physicalPartitions,
    splitFrom: input.splitFrom,
    ...largestPartition(size),
    accessPatterns: patterns,
    invariants: invariants(input.invariants, 'cosmosdb', log),
    acknowledgements: acknowledgements(input.acknowledgements, [], context.options, log),
    thresholds,
  };
}

/** The fields a design declares its full key's hottest share and largest size in (the levels may declare them instead). */
const DESIGN_SHARE = 'workload.hotKeyShare';
const DESIGN_SIZE = 'storage.largestPartitionGb';

/** The design's largest-partition fields, from the full key's figure. */
function largestPartition(size: DeclaredFigure | undefined) {
  return { largestPartitionGb: size?.value, largestPartitionGbSource: size?.source, largestPartitionGbAt: size?.at, largestPartitionGbLevel: size?.level };
}

/**
 * The design normalize() gives once its hierarchical key's levels are `levels`, in that order, each with the figures it
 * declares (SG004's reorder, lib/lint/reorder.ts `reorderedLevels`): the levels' paths numbered in their new order, and
 * the full key's hottest share and largest size derived from them again, as `fullKeyFigure` derives them from a file
 * (what a level declares under a unique level above it is that level's value's own, each full key value one document).
 * What the design declares for the whole key (`workload.hotKeyShare`, `storage.largestPartitionGb`) stays. So a rule can
 * run another rule's check on the design its fix writes, as the re-lint of the edited file would. Nothing is checked
 * again: the levels come from a design that passed, and their figures only shrink level by level.
 */
export function withKeyLevels<D extends KeyDesign>(design: D, levels: readonly KeyAttribute[]): D {
  const unchecked = new IssueLog([], '');
  const { primaryKey } = design;
  const { workload } = primaryKey;
  const numbered = levels.map((level, i) => Object.assign({}, level, { path: joinPath(primaryKey.partitionKeyPath, i) }));
  const designShare = workload.hotKeyShareAt === DESIGN_SHARE ? workload.hotKeyShare : undefined;
  const designSize = design.largestPartitionGbAt === DESIGN_SIZE ? design.largestPartitionGb : undefined;
  const share = fullKeyFigure(numbered, 'hotKeyShare', designShare, DESIGN_SHARE, unchecked, 'totalGb' in design ? design.totalGb : undefined);
  const size = fullKeyFigure(numbered, 'largestGb', designSize, DESIGN_SIZE, unchecked);
  const space = keySpace(
    {
      path: primaryKey.path,
      partitionKey: numbered,
      partitionKeyPath: primaryKey.partitionKeyPath,
      sortKey: primaryKey.sortKey,
      reads: { units: workload.peakReadUnits, share: workload.readShare, source: workload.readSource },
      peakWriteUnits: workload.peakWriteUnits,
      writeSource: workload.writeSource,
      keyChange: workload.keyChange,
      hotKeyShare: share,
      hotKeyOperations: workload.hotKeyOperations,
      hotKeyMovesAt: workload.hotKeyMovesAt,
      // Normalized already: kept as it is, not read again as input.
      sharding: undefined,
      keyMonitoring: primaryKey.keyMonitoring,
      keyMonitoringPath: primaryKey.keyMonitoringPath,
      index: primaryKey.index,
      projection: primaryKey.projection,
      copiesCarry: primaryKey.copiesCarry,
    },
    unchecked,
  );
  return Object.assign({}, design, { primaryKey: Object.assign({}, space, { sharding: primaryKey.sharding }) }, largestPartition(size));
}

/**
 * A key level's largest value holds part of the container's data, so it cannot hold more than the container
 * (storage.totalGb); the last level's (the full key's, checked with the design's figure above) is left to that check.
 * Without it the model spreads one tenant over more physical partitions than the container has (one per 50 GB):
 * a design that cannot exist, linted as if it could.
 */
function checkLevelsWithinContainer(levels: readonly KeyAttribute[], totalGb: number | undefined, size: DeclaredFigure | undefined, log: IssueLog): void {
  if (totalGb === undefined) return;
  for (const level of levels) {
    const gb = level.largestGb;
    const path = joinPath(level.path, 'largestGb');
    if (gb === undefined || gb <= totalGb || (size?.source === 'declared' && size.at === path)) continue;
    log.add(
      path,
      `is ${gb} GB, more than the container's ${totalGb} GB at storage.totalGb: one ${level.name} value's data is part of the container's; raise storage.totalGb to the container's expected size, or lower ${path}`,
    );
  }
}

/**
 * The full key's hottest share or largest size from the workload/storage field or the levels:
 * declared on the last level or on the design (not both); else estimated from the deepest declared
 * level, whose value is assumed spread over its average number of children (`values of the
 * full key / values of the prefix down to that level`) — the conservative reading, since a whale usually has more
 * children than average. A share whose level also declares its value's size, in a container that declares its
 * `totalGb`, spreads over the children that size suggests where they are more (`childrenByData`): a whale holding 40%
 * of the data holds about 40% of the full key values, and spreading its share over the average would make each of them
 * a whale too. Never over fewer than the average: a value hotter than its data has hotter children, not fewer.
 * A deeper level can only take less than the one above it. Its GB spreads over the
 * time buckets below it too (`storedKeyValues`: each device has each day); its share does not (`fullKeyCardinality`:
 * its writes go to its current bucket).
 */
function fullKeyFigure(
  levels: readonly KeyAttribute[],
  field: 'hotKeyShare' | 'largestGb',
  designValue: number | undefined,
  designPath: string,
  log: IssueLog,
  totalGb?: number,
): DeclaredFigure | undefined {
  let above: { value: number; path: string; level: string } | undefined;
  let prefixCardinality = 0;
  for (const level of levels) {
    // Distinct values of the prefix down to this level: its most varied level (the model's full-key rule).
    prefixCardinality = Math.max(prefixCardinality, cardinalityValue(level.cardinality));
    const value = level[field];
    if (value === undefined) continue;
    const path = joinPath(level.path, field);
    const uniform = prefixCardinality === Infinity ? 0 : 1 / prefixCardinality;
    if (field === 'hotKeyShare' && value < uniform * (1 - SHARE_ROUNDING)) {
      log.add(
        path,
        `is ${value}, below the uniform share 1/${prefixCardinality} = ${uniform.toPrecision(3)}: with ${prefixCardinality} distinct values down to this level the hottest one takes at least that; raise hotKeyShare or the declared cardinality`,
      );
    }
    if (above !== undefined && value > above.value) log.add(path, nestedFigureMessage(field, { value, path, level: level.name }, above));
    // Held against the least figure declared above, not the nearest: a value is nested in one value of every level over
    // it, so in 0.3 → 0.5 → 0.4 the 0.4 is too much as well as the 0.5, and both are reported at once. A level that
    // declares nothing bounds nothing: its hottest value takes at least what the one nested in it takes, and may take more.
    if (above === undefined || value < above.value) above = { value, path, level: level.name };
  }
  // The full key's value is nested in one value of every level: its figure can only be the smaller.
  if (designValue !== undefined && above !== undefined && designValue > above.value) {
    log.add(
      designPath,
      `is ${designValue}, more than the ${above.value} declared at ${above.path}: one full key value is nested in one value of that level, so it can only take less; lower ${designPath} or raise ${above.path}`,
    );
  }
  const last = levels[levels.length - 1];
  const lastValue = last?.[field];
  // Equal figures say the same thing twice and stand; different ones contradict each other.
  if (designValue !== undefined && lastValue !== undefined && designValue !== lastValue) {
    // Reported at both fields, each naming the other: an editor shows each where it is. The design's field is the one to
    // keep: it is the full key's own, while a reordering fix (SG002, SG004) moves a level's figure with its level.
    const levelPath = joinPath(last.path, field);
    const figures = `${levelPath} is ${lastValue} and ${designPath} is ${designValue}`;
    const message = `declares the full key's figure twice, differently: ${figures} (the last level's value is the full key's); keep ${designPath}, set to the right figure, and remove ${levelPath}`;
    log.add(levelPath, message);
    log.add(designPath, message);
  }
  if (designValue !== undefined) return { value: designValue, source: 'declared', at: designPath };
  let deepestIndex = levels.length - 1;
  while (deepestIndex >= 0 && levels[deepestIndex][field] === undefined) deepestIndex--;
  if (deepestIndex < 0) return undefined;
  const deepest = levels[deepestIndex];
  const at = joinPath(deepest.path, field);
  // A 'unique' business level above the declaring one (an id first) makes every full key value one document: the
  // figure is that level's value's own (a customer's, over all its orders), spread over unbounded full key values, as
  // one declared above a unique level is below (Infinity children). A time bucket above is not: a figure under it
  // is already one bucket's slice of its value (reorder.ts, `reorderedLevels`).
  const uniqueBusiness = (level: KeyAttribute) => level.cardinality === 'unique' && level.kind !== 'time-bucket';
  if (levels.slice(0, deepestIndex).some(uniqueBusiness)) {
    return { value: 0, source: 'derived', at, level: deepestIndex };
  }
  if (deepestIndex === levels.length - 1) return { value: lastValue as number, source: 'declared', at, level: deepestIndex };
  // The declared value is one prefix value's; spread it over the full-key values under that prefix.
  const values = field === 'largestGb' ? storedKeyValues : fullKeyCardinality;
  const deepestPrefix = values(levels.slice(0, deepestIndex + 1));
  const average = deepestPrefix === Infinity ? 1 : Math.max(1, values(levels) / deepestPrefix);
  const children = Math.max(average, (field === 'hotKeyShare' ? childrenByData(levels, deepestIndex, totalGb) : undefined) ?? 0);
  return { value: (deepest[field] as number) / children, source: 'derived', at, level: deepestIndex };
}

/**
 * A level's figure above the one declared over it. Its figure is the key prefix's down to it (one value of this level
 * under one value of the level above), so it can only be less; a figure that is the attribute's own, over all the values
 * of the level above, says the level is the wider one, which belongs above it (SG004's order): the message gives both
 * readings, each with its fix, naming both fields.
 */
function nestedFigureMessage(
  field: 'hotKeyShare' | 'largestGb',
  declared: { readonly value: number; readonly path: string; readonly level: string },
  above: { readonly value: number; readonly path: string; readonly level: string },
): string {
  const { value, path, level } = declared;
  const measure = field === 'largestGb' ? 'holds' : 'takes';
  return (
    `is ${value}, more than the ${above.value} declared at ${above.path}: a level's figure is the key prefix's down to it, ` +
    `what one ${level} value ${measure} under one ${above.level} value, and a deeper level's value is nested in the level above, so it can only take less. ` +
    `Lower ${path} to that prefix's figure (at most ${above.value}); or, if ${value} is what one ${level} value ${measure} across all the ${above.level} values it contains, ` +
    `${level} is the wider level and belongs above ${above.level} (the order SG004 asks for): move ${level} up the key's paths, and declare ${value} on it there`
  );
}

/**
 * A declared count of physical partitions below what the container's RU/s or size need cannot be: a container
 * at X RU/s has at least ⌈X / 10,000⌉ ("Best practices for scaling provisioned throughput": a scale-up splits
 * until it has that minimum), and one per 50 GB; a serverless container's count is its storage's alone
 * ("Azure Cosmos DB serverless account performance"), at most 20 (1 TB).
 */
function checkPhysicalPartitions(declared: number | undefined, throughput: CosmosThroughput | undefined, totalGb: number | undefined, log: IssueLog): void {
  if (declared === undefined) return;
  if (throughput === undefined) {
    // The count only divides the container's RU/s among partitions: without them it would be silently unused.
    log.add(
      'physicalPartitions',
      "is declared without throughput: the count divides the container's RU/s among its partitions; declare throughput too, or remove physicalPartitions",
    );
    return;
  }
  const n = (value: number) => value.toLocaleString('en-US');
  // A serverless container holds at most 1 TB ("Azure Cosmos DB serverless"), one physical partition per 50 GB: more
  // partitions than that cannot be, and would raise the RU/s SG017 counts (5,000 for each partition).
  const serverlessMax = Math.ceil(COSMOS_LIMITS.serverlessMaxGb / COSMOS_LIMITS.physicalPartitionGb);
  if (throughput.mode === 'serverless' && declared > serverlessMax) {
    log.add(
      'physicalPartitions',
      `is ${n(declared)}, more than a serverless container can have: it holds at most ${n(COSMOS_LIMITS.serverlessMaxGb)} GB (1 TB), one physical partition per ${COSMOS_LIMITS.physicalPartitionGb} GB, so at most ${serverlessMax}; count the PartitionKeyRangeIds again (Insights > Throughput > Normalized RU Consumption by PartitionKeyRangeID)`,
    );
    return;
  }
  const byStorage = Math.ceil((totalGb ?? 0) / COSMOS_LIMITS.physicalPartitionGb);
  // A shared database's partitions divide the database's RU/s, not the container's part: its RU/s set the minimum
  // ("Provision standard (manual) throughput on a database": containers in the same database share partitions).
  const requestUnits = throughput.mode === 'serverless' ? undefined : partitionedRequestUnits(throughput);
  const byThroughput = requestUnits === undefined ? 0 : Math.ceil(requestUnits / COSMOS_LIMITS.physicalPartitionRequestUnits);
  const whoseRu = throughput.mode === 'shared' ? "the database's" : "the container's";
  if (declared >= Math.max(byStorage, byThroughput)) {
    checkPartitionsExplained(declared, throughput, totalGb, log);
    return;
  }
  const reasons = [
    ...(byThroughput > declared
      ? [
          `${whoseRu} ${n(requestUnits ?? 0)} RU/s (${throughput.path}) need at least ${byThroughput} (one per ${n(COSMOS_LIMITS.physicalPartitionRequestUnits)} RU/s)`,
        ]
      : []),
    ...(byStorage > declared ? [`${n(totalGb ?? 0)} GB at storage.totalGb need at least ${byStorage} (one per ${COSMOS_LIMITS.physicalPartitionGb} GB)`] : []),
  ];
  log.add(
    'physicalPartitions',
    `is ${declared}, fewer than the container can have: ${reasons.join(', and ')}; declare at least ${Math.max(byStorage, byThroughput)}, as Insights > Throughput > Normalized RU Consumption by PartitionKeyRangeID counts them`,
  );
}

/**
 * The even layout a declared count was split from: a raise in place splits partitions, never merges them ("Best
 * practices for scaling provisioned throughput"), so it had at most the count it has now; and without that count there
 * is no split to describe.
 */
function checkSplitFrom(splitFrom: number | undefined, declared: number | undefined, log: IssueLog): void {
  if (splitFrom === undefined) return;
  if (declared === undefined) {
    log.add(
      'splitFrom',
      'is declared without physicalPartitions: it says which even layout the declared count was split from; declare physicalPartitions too (the count the container has now), or remove splitFrom',
    );
  } else if (splitFrom > declared) {
    log.add(
      'splitFrom',
      `is ${splitFrom}, more than the ${declared} physicalPartitions declared: a raise in place splits partitions and never merges them, so the container had at most ${declared}; declare the count it had before the raise, or remove splitFrom if it was never raised past its partitions`,
    );
  }
}

/**
 * A declared count above any the container can have had is a misread count (or a typo, `1e9`): partitions come from
 * throughput — at most one per 6,000 RU/s of the highest manual RU/s the container (or its shared database) ever had,
 * which Azure keeps within 100 × its RU/s now ("Service quotas", minimum throughput: the highest RU/s ever provisioned
 * ÷ 100) — or from storage, each split of a full 50 GB partition leaving two of at least 25 GB ("Partitioning and
 * horizontal scaling"). Checked for manual and shared throughput, the forms that minimum is documented for.
 */
function checkPartitionsExplained(declared: number, throughput: CosmosThroughput, totalGb: number | undefined, log: IssueLog): void {
  if (throughput.mode !== 'manual' && throughput.mode !== 'shared') return;
  const n = (value: number) => value.toLocaleString('en-US');
  const now = throughput.shared?.databaseRequestUnits ?? throughput.requestUnits ?? 0;
  const highestEver = now * COSMOS_LIMITS.highestEverToMinimum;
  const byThroughput = Math.ceil(highestEver / COSMOS_LIMITS.initialManualPartitionRequestUnits);
  const byStorage = totalGb === undefined ? 0 : Math.ceil(totalGb / COSMOS_LIMITS.splitPartitionGb);
  if (declared <= Math.max(byThroughput, byStorage)) return;
  const storage =
    totalGb === undefined
      ? 'storage.totalGb is not declared'
      : `${n(totalGb)} GB at storage.totalGb explain at most ${byStorage} (a split leaves partitions of at least ${COSMOS_LIMITS.splitPartitionGb} GB)`;
  log.add(
    'physicalPartitions',
    `is ${n(declared)}, more than the container can have: its ${n(now)} RU/s (${throughput.path}) explain at most ${n(byThroughput)} (one per ${n(COSMOS_LIMITS.initialManualPartitionRequestUnits)} RU/s of the ${n(highestEver)} RU/s it can ever have had: Azure keeps RU/s at no less than the highest ever ÷ ${COSMOS_LIMITS.highestEverToMinimum}), and ${storage}; count the PartitionKeyRangeIds again (Insights > Throughput > Normalized RU Consumption by PartitionKeyRangeID), or declare the storage that split it`,
  );
}

/**
 * `throughput` with the RU/s Azure holds it at for the declared storage, where that minimum is above the declared figure
 * (`CosmosThroughput.storageMinimum`): the container as declared is judged at the RU/s it will have.
 */
function heldAtStorageMinimum(throughput: CosmosThroughput, totalGb: number | undefined): CosmosThroughput {
  const declared = partitionedRequestUnits(throughput);
  const minimum = storageMinimumRequestUnits({ throughput, totalGb });
  return declared !== undefined && minimum !== undefined && minimum > declared ? Object.assign({}, throughput, { storageMinimum: minimum }) : throughput;
}

/** The RU/s the container has at peak, from the declared form (the shape has checked each form's grid). */
function containerThroughput(input: CosmosThroughputDesign): CosmosThroughput {
  if (input === 'serverless') return { mode: 'serverless', path: 'throughput' };
  if ('manual' in input) return { mode: 'manual', requestUnits: input.manual, path: 'throughput.manual' };
  if ('autoscaleMax' in input) return { mode: 'autoscale', requestUnits: input.autoscaleMax, path: 'throughput.autoscaleMax' };
  const containers = input.containers ?? 1;
  return {
    mode: 'shared',
    requestUnits: input.sharedDatabase / containers,
    shared: { databaseRequestUnits: input.sharedDatabase, containers },
    path: 'throughput.sharedDatabase',
  };
}
