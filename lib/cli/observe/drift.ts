/**
 * Holds one key space's observed figures against its design: SG020 observed-drift findings, with
 * both numbers and the window. Kept in the CLI, not the core catalogue: the core judges a design by
 * itself (pure, no I/O), and a drift exists only against observations the CLI reads.
 *
 * - A figure above the declaration by more than `tolerance` is an error: the design's verdicts were
 *   reached on a load that is not the real one.
 * - A figure below `below` × the declaration is a warning: over-declaring leads to over-sharding
 *   (every read fans out over shards the load never needed).
 * - A bound is used only in the direction it proves (see figures.ts).
 * - A peak or share averaged over a period longer than a minute is used only to raise a declaration
 *   (see `FINEST_PERIOD_SECONDS`): it is kept, with a note saying why, where it would lower it.
 * - A figure scaled by the shard count (the hottest key's share, the distinct keys) is not drift when
 *   the telemetry shows another count deployed than the design declares (shard-count.ts): it was
 *   measured on the old deployment, so it is reported as judged at the deployed count and never
 *   written, or `observe --update` → `lint --fix` would raise the shards again before the application
 *   writes the ones declared.
 * Each finding carries the edit that writes the observed figure into the design (`--update`).
 */
import {
  physicalPartitionCount,
  profileOf,
  type DesignEdit,
  type Engine,
  type Finding,
  type HotKeyOperations,
  type KeyDesign,
  type KeySpace,
  type Severity,
} from '../../index';
import { grouped, inheritedWrites, judgedLoads, partitionedRequestUnits, type InheritedWrites } from '../../internal';
import { ONE_WAY_SHARE } from './derive-cosmos';
import { DRIFT_RULE } from './drift-rule';
import { type Figure, type Observation, type ObservedFigures, type ShareFigure } from './figures';
import { shardMismatch } from './shard-count';
import type { DeployedTable } from './stack-resources';

/** @default 0.25: a figure 25% above its declaration is drift. */
export const DEFAULT_TOLERANCE = 0.25;
/** @default 0.5: a figure under half its declaration is reported as over-declared. */
export const DEFAULT_BELOW = 0.5;

export { DRIFT_RULE } from './drift-rule';

/** @default 7 days: the shortest window a declared peak or share is lowered from (`--min-window`). */
export const DEFAULT_MIN_WINDOW_MS = 7 * 86_400_000;

export interface DriftSettings {
  readonly tolerance: number;
  readonly below: number;
  /** The shortest window, in ms, whose figures may lower a declared peak or share (belowDeclared). */
  readonly minWindowMs: number;
}

/** A window within 1% of the minimum meets it: a live query's first and last periods are cut where it starts and ends. */
const WINDOW_SLACK = 0.99;

/** What one key space's window and saturation say about its figures. */
export interface DriftContext {
  /** The window's length in ms: first to last datapoint, plus one period. */
  readonly spanMs: number;
  /** Peaks measured while the key space was saturated, and the share of a hottest key throttled at its partition's
   *  ceilings: floors of the demand, neither compared nor written (saturation.ts). */
  readonly floors: readonly string[];
  /** An index's: the table's hottest key's share as observe judges the table (its observed share, where an edit sets
   *  it), so that an index the lint will take to inherit that item's writes with it is judged so (`inheritance`). */
  readonly tableShare?: number;
  /** The key-range throttles have a finding of their own (key-range-finding.ts): no warning repeats them. */
  readonly keyRangeJudged?: boolean;
}

export interface KeySpaceTarget {
  readonly engine: Engine;
  readonly design: KeyDesign;
  readonly keySpace: KeySpace;
  /** Where the design sits in its file (`tables[0]`, `''` for a single design, or
   *  `Resources.Tickets83B11BB2.Metadata.skewguard.design` for a GuardedTable in a template). */
  readonly location: string;
  /** For a GuardedTable read from a cloud assembly: its stack and logical id, to find its deployed name. */
  readonly deployed?: DeployedTable;
}

export function fieldPath(...parts: string[]): string {
  return parts.filter(Boolean).join('.');
}

export function keySpaceBase(target: KeySpaceTarget): string {
  return fieldPath(target.location, target.keySpace.path);
}

export function keySpaceLabel(target: KeySpaceTarget): string {
  return `${target.design.name}${target.keySpace.index ? `/${target.keySpace.index}` : ''}`;
}

/** `2,400`, `0.31`: as the messages print a figure. */
export function show(value: number): string {
  if (Number.isInteger(value)) return grouped(value);
  if (Math.abs(value) >= 100) return show(Math.round(value));
  return String(Number(value.toPrecision(2)));
}

/** A size in GB to three significant digits: 19.5, not `show`'s two (20), which reads as a logical partition at its 20 GB cap. */
export function showGb(gb: number): string {
  return gb >= 100 ? show(gb) : String(Number(gb.toPrecision(3)));
}

/** `0.175`, `0.000015`: a share as the messages print it, to three significant digits, so that the
 *  printed share agrees with the units the lint computes from it (0.175 × 50,000 = 8,750, where 0.17
 *  or 0.18 would not). Printed text only: every comparison and `--update` use the unrounded share. */
export function showShare(value: number): string {
  return String(Number(value.toPrecision(3)));
}

/** `4.8%`: a share as a percentage, to a tenth. */
export function showPercent(share: number): string {
  return `${show(Math.round(share * 1000) / 10)}%`;
}

/**
 * The longest period whose average may lower a declared peak or share. A peak read off exports is a
 * period's Sum ÷ its seconds: an average rate over the period, which "will not highlight any large
 * but brief spikes" inside it (ConsumedRead/WriteCapacityUnits,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html; Sum and
 * the period, https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/Statistics-definitions.html).
 * The limits the design is judged on are per second: 3,000 RCU and 1,000 WCU per DynamoDB partition
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html) and
 * Cosmos DB's RU/s per physical partition
 * (https://learn.microsoft.com/azure/cosmos-db/partitioning-overview). An hour's average of 2,100 RCU/s
 * is consistent with a 6,000 RCU/s peak inside the hour, so it cannot lower a declared 6,000; it can
 * raise a declaration, since the peak is at least the average of any period.
 *
 * The hottest key's share is understated the same way. Over a period, it is the hottest key's units
 * ÷ all units: the per-minute shares weighted by each minute's load, never more than the largest of
 * them, and less when a key bursts for a minute (a flash sale) and the rest of the hour dilutes it;
 * MaxContributorValue over an hour also cannot follow a hot key that changes within it. So a coarse
 * share raises a declared share and never lowers it.
 *
 * 60 s is the finest period DynamoDB publishes these metrics at, and the one docs/observe.md asks to
 * export: a minute's average is what observe can see, and it may lower a declaration.
 */
export const FINEST_PERIOD_SECONDS = 60;

/** A declared figure that a coarse average would have lowered, kept as declared, with why. */
export interface KeptDeclaration {
  readonly path: string;
  readonly message: string;
}

/** `7 days`, `30 minutes`: a minimum window as the messages say it. */
function durationText(ms: number): string {
  const [unit, size] = ms % 86_400_000 === 0 ? ['day', 86_400_000] : ms % 3_600_000 === 0 ? ['hour', 3_600_000] : ['minute', 60_000];
  const n = Math.round(ms / size);
  return `${show(n)} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * Why `--update` must not lower peakReadUnits 5,000 → 2,000 from a 30-minute window: a design's peak is
 * the busiest second of its whole cycle (the weekly peak, the Monday batch); a window shorter than that
 * cycle shows the load of that window, so it may raise a declaration (the peak is at least what was
 * seen) but not lower one.
 */
function shortWindowMessage(c: Comparison, window: string, minWindowMs: number): string {
  const format = c.field === 'hotKeyShare' ? showShare : show;
  return `${keptText(c)}: observed ${format(c.figure.value)} over a ${window} window, shorter than the ${durationText(minWindowMs)} a declared peak or share is lowered from (a window shorter than the design's cycle can miss its busiest time); it raises a declaration but never lowers it; export ${durationText(minWindowMs)} or more, or pass --min-window with the length of the design's cycle if it is shorter`;
}

/**
 * `kept peakReadUnits 30,000`: the field as it holds it, not "kept peakReadUnits
 * 21,000", the part the table's own key reads (70%), while the field holds 30,000; that part, which was observed, is said beside it.
 */
function keptText(c: Comparison): string {
  const name = c.label ?? c.field;
  if (c.field === 'hotKeyShare') return `kept ${name} ${showShare(c.declared)}`;
  if (c.fieldShare === undefined) return `kept ${name} ${show(c.declared)}`;
  return `kept ${name} ${show(fieldValue(c))}, of which its access patterns send ${show(Math.round(c.fieldShare * 1000) / 10)}% (${show(c.declared)}) to the table's own key, the part the TableName metric measures`;
}

function keptMessage(c: Comparison): string {
  const { field, figure } = c;
  const observed = figure.value;
  const seconds = figure.averagedOverSeconds ?? 0;
  const kept = keptText(c);
  const finer = `export ${FINEST_PERIOD_SECONDS} s periods to check whether it is over-declared`;
  if (field === 'hotKeyShare')
    return `${kept}: the share over the busiest ${show(seconds)} s (${showShare(observed)}) cannot show the hottest key's share at the per-second peak (a burst of one key is diluted by the rest of the period), so it raises a declared share but never lowers it; ${finer}`;
  return `${kept}: the ${show(seconds)} s average (${show(observed)}) cannot show the per-second peak that the partition limits are judged on, so it raises a declared peak but never lowers it; ${finer}`;
}

/** The value written back by --update: peaks up to a whole unit, sizes up to 0.1 GB, shares to six
 *  significant digits. A share is not rounded to 0.01: the lint multiplies it by the peak, so 0.175
 *  written as 0.18 turns 8,750 RU/s into 9,000; six digits only drop the binary noise of
 *  a quotient (0.17500000000000002), a change of under 1 unit in a million. */
function rounded(field: string, value: number): number {
  if (field === 'hotKeyShare') return Math.min(1, Number(value.toPrecision(6)));
  if (field === 'largestPartitionGb') return Math.ceil(value * 10) / 10;
  if (field === 'physicalPartitions') return Math.round(value);
  return Math.max(1, Math.ceil(value));
}

interface Comparison {
  readonly field: 'peakReadUnits' | 'peakWriteUnits' | 'hotKeyShare' | 'largestPartitionGb' | 'physicalPartitions';
  /** How the messages name the figure, when not by `field` (`partitionKey.paths[0].hotKeyShare`). */
  readonly label?: string;
  readonly declared: number;
  /** How the declared value was obtained, when it was not declared: the whole phrase that replaces
   *  `declared <field> <value>` (`assumed (uniform: 1/cardinality) hotKeyShare 0.001`). */
  readonly assumed?: string;
  readonly figure: Figure;
  readonly path: string;
  /** The field holds the figure ÷ this share (a table's reads, of which its own key reads this share): --update
   *  writes the measured figure ÷ it. */
  readonly fieldShare?: number;
  /** How the declared figure is said, when not `declared <field> <value>` (and not assumed). */
  readonly declaredText?: string;
  /** An index's derived write peak, or its hottest value's share, where the lint takes that value to receive the table's
   *  hottest item's writes (`inheritance`): a measured figure that is no drift is neither judged nor written (`keptInherited`). */
  readonly inherited?: InheritedWrites;
  /** What the field holds, where `declared` is another figure (an inheriting index's share: `inheritedShareComparison`). */
  readonly fieldHolds?: number;
  /** The value --update writes for a measured figure, where it is not the figure itself (`inheritedShareComparison`), and
   *  the clause that says how it was obtained. */
  readonly writeAs?: { readonly value: (observed: number) => number; readonly text: (observed: number) => string };
  /** The comparison to make instead where the index's write peak is written (declared, it turns the inheritance off). */
  readonly unlessWritesDeclared?: Comparison;
  /** A size's hard ceiling (a key value's size limit: a Cosmos DB logical partition's 20 GB) and the usable share of it
   *  the lint keeps (`thresholds.headroom`): a figure at or above that share is a floor of the size (`nearCap`). */
  readonly cap?: { readonly gb: number; readonly usableGb: number };
}

/** `'unique'` counts as unbounded, as the design model counts it (lib/design/cardinality.ts). */
function cardinalityOf(cardinality: number | 'unique' | undefined): number {
  return cardinality === 'unique' || cardinality === undefined ? Infinity : cardinality;
}

/**
 * Where a hottest-key share that was not declared for the full key comes from, said as the design
 * model obtained it (lib/design/normalize-container.ts): a key level's declared share spread over the
 * full-key values under one of its values; else uniform 1/cardinality, or 1 for a time-bucket key.
 * A container keyed /tenantId (5 values, 0.6 declared) → /userId (200,000) → /id (unique)
 * is not reported as "assumed (uniform: 1/cardinality) hotKeyShare 0", which names neither the 0.6 nor
 * the spreading; each step is printed, at a precision that is not 0 (0.6 ÷ 40,000 = 0.000015).
 */
/**
 * The uniform share as the design model derived it: 1 ÷ the full key's cardinality, which is its deepest
 * level's (a level counts the distinct values of the key down to it). Said with its cardinality: "assumed (uniform:
 * 1/cardinality) hotKeyShare 0" names none, and a level declared `"unique"` makes it 0.
 */
function uniformText(partitionKey: KeySpace['partitionKey']): string {
  const unique = partitionKey.find((k) => k.cardinality === 'unique');
  if (unique)
    return `uniform: 1/cardinality, and \`${unique.name}\` is declared unique, a value per item, so no one full key is expected to take a measurable share`;
  const counts = partitionKey.map((k) => k.cardinality).filter((c): c is number => typeof c === 'number');
  return counts.length > 0 ? `uniform: 1/${show(Math.max(...counts))} distinct keys` : 'uniform: 1/cardinality';
}

function assumedShare(target: KeySpaceTarget): string {
  const { workload, partitionKey } = target.keySpace;
  const level = workload.hotKeyShareLevel;
  const top = level === undefined ? undefined : partitionKey[level];
  if (level === undefined || top?.hotKeyShare === undefined || level === partitionKey.length - 1) {
    if (workload.hotKeyShareSource === 'time-bucket') {
      // A key that combines a time bucket with other parts: the current bucket's writes land on 1/share values.
      return workload.hotKeyShare === 1
        ? `assumed (a time-bucket key: the current bucket takes every write) hotKeyShare 1`
        : `assumed (a key with a time bucket: the current bucket's writes land on ${show(Math.round(1 / workload.hotKeyShare))} values) hotKeyShare ${showShare(workload.hotKeyShare)}`;
    }
    return `assumed (${uniformText(partitionKey)}) hotKeyShare ${showShare(workload.hotKeyShare)}`;
  }
  const steps: string[] = [];
  let share = top.hotKeyShare;
  let prefix = cardinalityOf(top.cardinality);
  for (const part of partitionKey.slice(0, level)) prefix = Math.max(prefix, cardinalityOf(part.cardinality));
  let unique: string | undefined;
  for (const part of partitionKey.slice(level + 1)) {
    const next = Math.max(prefix, cardinalityOf(part.cardinality));
    if (next === Infinity) {
      unique = part.name;
      break;
    }
    const children = Math.max(1, next / prefix);
    share /= children;
    steps.push(`${show(Math.round(children))} \`${part.name}\` values under each (${showShare(share)} each)`);
    prefix = next;
  }
  const source = `${fieldPath(target.location, top.path, 'hotKeyShare')} ${showShare(top.hotKeyShare)}, the hottest \`${top.name}\` value's share, spread over the full keys under it`;
  const spread = [...steps, ...(unique ? [`\`${unique}\` unique under those, so each full key takes a vanishing part of it`] : [])].join(', then ');
  const value = unique ? `under ${showShare(share)}` : showShare(share);
  return `assumed hotKeyShare ${value} (${source}: ${spread})`;
}

/** A full key whose last level is declared unique is expected to spread its traffic over a value per
 *  item; one taking more than this share contradicts the declaration. 1/100: the share of the hottest
 *  value of a key with 100 values, SG001's default minCardinality (docs/rules.md#sg001-low-cardinality-key),
 *  so a "unique" key above it behaves like a key SG001 would flag as low-cardinality. */
export const UNIQUE_KEY_SHARE = 0.01;

/**
 * The table's own key space is measured by the table's ConsumedReadCapacityUnits with only the TableName dimension,
 * which counts the reads of the table, not of its GSIs: "The TableName dimension returns the
 * ConsumedReadCapacityUnits for the table, but not for any global secondary indexes. To view
 * ConsumedReadCapacityUnits for a global secondary index, you must specify both TableName and
 * GlobalSecondaryIndex" (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html,
 * the same for ConsumedWriteCapacityUnits; read in the guide's source, awsdocs/amazon-dynamodb-developer-guide
 * doc_source/metrics-dimensions.md, whose older text said "for a table and all of its global secondary indexes"). A table whose access patterns send part of its declared
 * `workload.peakReadUnits` to its indexes (`readShare` < 1) reads that part on its own key: the metric is compared
 * with it, and --update writes the field that gives it (measured ÷ share), so the lint then reads the measured
 * figure on the table's key. Taken for the table and its GSIs together and compared
 * with the whole declaration, 6,000 RCU measured on a key declared 3,600 (0.6 of 6,000) would be no drift.
 * Undefined where the field is the key space's own figure (an index; a table whose reads all use its key).
 */
export function tableReadShare(keySpace: KeySpace): number | undefined {
  const { workload } = keySpace;
  if (keySpace.index !== undefined || workload.readSource !== 'access-patterns' || workload.readShare <= 0 || workload.readShare >= 1) return undefined;
  return workload.readShare;
}

/** `declared peakReadUnits 6,000, of which its access patterns send 60% (3,600) to the table's own key`. */
function tableReadsText(keySpace: KeySpace, share: number): string {
  const { peakReadUnits } = keySpace.workload;
  const declared = Number((peakReadUnits / share).toPrecision(12));
  return `declared peakReadUnits ${show(declared)}, of which its access patterns send ${show(Math.round(share * 1000) / 10)}% (${show(peakReadUnits)}) to the table's own key (the TableName metric counts no GSI's reads)`;
}

/**
 * An index's peak that the design derived from the table's (it declares none of its own), said as such:
 * the measured figure replaces it in the lint again in either direction, since nothing was declared
 * (else an index such as by-status keeps the derived 2 × table writes, 9,000 WCU, against 8,000 measured).
 */
function assumedPeak(target: KeySpaceTarget, field: 'peakReadUnits' | 'peakWriteUnits'): { assumed?: string } {
  const { workload, index } = target.keySpace;
  if (index === undefined) return {};
  if (field === 'peakReadUnits') {
    if (workload.readSource === 'declared') return {};
    const how =
      workload.readSource === 'access-patterns'
        ? `the table's peakReadUnits × ${showShare(workload.readShare)}, the share its access patterns give the index`
        : "the table's peakReadUnits";
    return { assumed: `assumed (${how}; the index declares no workload.peakReadUnits) peakReadUnits ${show(workload.peakReadUnits)}` };
  }
  if (workload.writeSource === 'declared') return {};
  const how =
    workload.writeSource === 'key-changes' && workload.keyChange
      ? `2 × the table's peakWriteUnits: \`${workload.keyChange.attribute}\` changes on updates, each a delete and a put on the index`
      : workload.writeSource === 'new-items' && workload.newItems && workload.newItems.share < 1
        ? `the table's peakWriteUnits × ${showShare(workload.newItems.share)}, its workload.newItemShare: the puts and deletes, each projected into the index`
        : "the table's peakWriteUnits, every table write projected into the index";
  return { assumed: `assumed (${how}; the index declares no workload.peakWriteUnits) peakWriteUnits ${show(workload.peakWriteUnits)}` };
}

/**
 * The table's hottest item whose every update the lint takes to write this index on one value of its key
 * (lib/lint/analysis.ts, `inheritedWrites`), judged with the table's share as declared or, where observe judges the
 * table at a higher share (`tableShare`), as observed: the lint run with the observed figures inherits then too.
 * Undefined for a table, or an index that declares its writes or does not inherit.
 */
function inheritance(target: KeySpaceTarget, tableShare: number | undefined): InheritedWrites | undefined {
  const { keySpace } = target;
  if (keySpace.index === undefined) return undefined;
  return inheritedWrites(inheritingDesign(target, tableShare), keySpace);
}

/** The design the lint run with the observed figures judges an index's inheritance in: the table's share as observed where
 *  observe judges it higher than declared (`inheritance`), else as declared. */
function inheritingDesign(target: KeySpaceTarget, tableShare: number | undefined): KeyDesign {
  const { design } = target;
  const table = design.primaryKey;
  if (inheritedWrites(design, target.keySpace) || tableShare === undefined || tableShare <= table.workload.hotKeyShare) return design;
  return { ...design, primaryKey: { ...table, workload: { ...table.workload, hotKeyShare: tableShare } } } as KeyDesign;
}

/** Contributor Insights' unit: a write counts 3, a read 1 (ConsumedThroughputUnits, recorded.ts and derive-dynamodb.ts). */
const WRITE_WEIGHT = 3;

/**
 * An inheriting index's measured hotKeyShare held against what the lint judges its hottest value at.
 * Contributor Insights measures that value's share of the index's ConsumedThroughputUnits, a read unit 1 and a write
 * unit 3; the lint takes the value to carry the index's own hotKeyShare r of its reads R, and the table's hottest item's
 * share i of its writes W (lib/lint/analysis.ts, `inheritedWrites`). Held against r alone (as before), a week of the
 * item's writes read as drift of r, and --update wrote it as r, the share of the reads too: the lint then judged the
 * value at more than was measured. So the figure compared is the mixture the lint takes, (R × r + 3 × W × i) ÷ (R +
 * 3 × W), from its own loads (`judgedLoads`), and --update writes the r that makes the lint's mixture the measured m:
 * m itself where it is at least i (the lint then judges the index on its own share, which is at least the item's),
 * else (m × (R + 3 × W) − 3 × W × i) ÷ R, the item's writes kept and the rest on the reads.
 */
function inheritedShareComparison(target: KeySpaceTarget, tableShare: number | undefined, own: Comparison): Comparison | undefined {
  const inherited = inheritance(target, tableShare);
  const loads = inherited && judgedLoads(inheritingDesign(target, tableShare), target.keySpace);
  if (!inherited || !loads) return undefined;
  const reads = loads.total.reads;
  const writes = WRITE_WEIGHT * loads.total.writes;
  if (reads + writes <= 0) return undefined;
  const mixture = (loads.hot.reads + WRITE_WEIGHT * loads.hot.writes) / (reads + writes);
  const item = inherited.share;
  const r = own.declared;
  const value = (m: number) => (m >= item || reads <= 0 ? m : Math.max(0, (m * (reads + writes) - writes * item) / reads));
  const text = (m: number) =>
    m >= item
      ? `; --update writes hotKeyShare ${showShare(m)}, at least the item's ${showShare(item)}: the lint then judges the index's reads and writes at it`
      : `; --update writes hotKeyShare ${showShare(value(m))}, the share of the reads that, with the item's ${showShare(item)} of the writes, makes the lint's mixture the ${showShare(m)} measured: (${showShare(m)} × ${show(reads + writes)} − ${show(writes)} × ${showShare(item)}) ÷ ${show(reads)}`;
  const ownText = own.assumed ?? `declared hotKeyShare ${showShare(r)}`;
  return {
    ...own,
    assumed: undefined,
    declared: mixture,
    fieldHolds: r,
    inherited,
    writeAs: { value, text },
    unlessWritesDeclared: own,
    declaredText: `the lint judges this index's hottest value at ${showShare(mixture)} of its consumed units: its reads (${show(reads)} RCU) at the index's own share (${ownText}), and its writes (${show(loads.total.writes)} WCU) at ${showShare(item)}, the share ${inheritedText(target, inherited)}, weighed as Contributor Insights counts them (RCU + 3 × WCU)`,
  };
}

/** `the table's hottest `skuId` item (60% of its writes) … on the one `warehouseId` value that item carries`. */
function inheritedText(target: KeySpaceTarget, inherited: InheritedWrites): string {
  const key = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(' + ');
  const indexKey = key(target.keySpace.partitionKey.map((a) => a.name));
  // lib/lint/analysis.ts: an item whose updates change the index's partition key moves between its values.
  const where = inherited.moves
    ? `with at most one write per update on any ${indexKey} value, as the updates move it between them`
    : `on the one ${indexKey} value that item carries`;
  return `the lint takes every update of the table's hottest ${key(inherited.tableKey)} item (${show(Math.round(inherited.tableShare * 1000) / 10)}% of its writes) to write this index ${where}, and declaring the index's own peakWriteUnits says its projection leaves those updates out`;
}

/**
 * A gap in the GSI write inheritance: `--update` writing an index's measured writes as its declared
 * peakWriteUnits turns the inheritance off for the next lint, so an index measured while the hot item was quiet
 * loses the error that item's updates raise. A measured peak at or within the tolerance above the derived one shows
 * nothing about where that item's updates go: it is kept, and said so.
 */
function keptInherited(c: Comparison, target: KeySpaceTarget, inherited: InheritedWrites): string {
  const where =
    c.figure.value <= c.declared ? 'at or below it' : `within the ${show(Math.round((c.figure.value / c.declared - 1) * 100))}% above it that is no drift`;
  if (c.field === 'hotKeyShare')
    return `kept hotKeyShare ${showShare(fieldValue(c))}: observed ${showShare(c.figure.value)}, ${where}; ${c.declaredText ?? ''}. No measurement of the index can show where that item's updates go (one taken while it was quiet shows a lower share), so observe neither judges nor writes a share below the lint's; declare ${fieldPath(keySpaceBase(target), 'workload.peakWriteUnits')} yourself if the index's projection leaves those updates out`;
  return `kept peakWriteUnits undeclared (${show(c.declared)} WCU derived from the table's writes): observed ${show(c.figure.value)} WCU, ${where}; ${inheritedText(target, inherited)}, which no measurement of the index can show (one taken while that item was quiet shows fewer writes), so observe neither judges nor writes it; declare ${c.path} yourself if the index's projection leaves those updates out`;
}

/** An index's write peak written above the derived one: what it turns off, said with the drift. */
function inheritanceOffText(c: Comparison, target: KeySpaceTarget): string {
  if (!c.inherited || c.field !== 'peakWriteUnits') return '';
  return `; written, it declares the index's writes: ${inheritedText(target, c.inherited)}, so the lint then judges the index on its own hottest value's share instead, which holds only if the window saw that item at its busiest`;
}

function comparisons(target: KeySpaceTarget, observation: Observation, tableShare?: number): Comparison[] {
  const { figures } = observation;
  const { workload } = target.keySpace;
  const base = keySpaceBase(target);
  const list: Comparison[] = [];
  const share = tableReadShare(target.keySpace);
  if (figures.peakReadUnits)
    list.push({
      field: 'peakReadUnits',
      declared: workload.peakReadUnits,
      ...(share === undefined ? {} : { fieldShare: share, declaredText: tableReadsText(target.keySpace, share) }),
      ...assumedPeak(target, 'peakReadUnits'),
      figure: figures.peakReadUnits,
      path: fieldPath(base, 'workload.peakReadUnits'),
    });
  const inherited = inheritance(target, tableShare);
  if (figures.peakWriteUnits)
    list.push({
      field: 'peakWriteUnits',
      declared: workload.peakWriteUnits,
      ...assumedPeak(target, 'peakWriteUnits'),
      ...(inherited ? { inherited } : {}),
      figure: figures.peakWriteUnits,
      path: fieldPath(base, 'workload.peakWriteUnits'),
    });
  if (figures.hotKeyShare) {
    const own: Comparison = {
      field: 'hotKeyShare',
      declared: workload.hotKeyShare,
      ...(workload.hotKeyShareSource === 'declared' ? {} : { assumed: assumedShare(target) }),
      figure: figures.hotKeyShare,
      path: fieldPath(base, 'workload.hotKeyShare'),
    };
    list.push(inheritedShareComparison(target, tableShare, own) ?? own);
  }
  const first = target.keySpace.partitionKey[0];
  if (figures.prefixHotKeyShare && target.keySpace.partitionKey.length > 1 && first) {
    // The first level's own share, declared on the level (`paths[0].hotKeyShare`) or else uniform over its values.
    const uniform = cardinalityOf(first.cardinality) === Infinity ? 0 : 1 / cardinalityOf(first.cardinality);
    const label = fieldPath(target.location, first.path, 'hotKeyShare');
    list.push({
      field: 'hotKeyShare',
      label,
      declared: first.hotKeyShare ?? uniform,
      ...(first.hotKeyShare === undefined
        ? { assumed: `assumed (uniform: 1/${show(cardinalityOf(first.cardinality))} \`${first.name}\` values) ${label} ${showShare(uniform)}` }
        : {}),
      figure: figures.prefixHotKeyShare,
      path: label,
    });
  }
  const sizeLimit = profileOf(target.engine).keyValueSizeLimit(target.design);
  if (figures.largestPartitionGb && target.keySpace.index === undefined && target.design.largestPartitionGb !== undefined)
    list.push({
      field: 'largestPartitionGb',
      declared: target.design.largestPartitionGb,
      ...(sizeLimit ? { cap: { gb: sizeLimit.gb, usableGb: sizeLimit.gb * target.design.thresholds.headroom } } : {}),
      ...(target.design.largestPartitionGbSource === 'derived'
        ? {
            assumed: `assumed (${fieldPath(target.location, target.design.largestPartitionGbAt ?? '')} spread over the full keys under one of its values; storage.largestPartitionGb is not declared) largestPartitionGb ${show(target.design.largestPartitionGb)}`,
          }
        : {}),
      figure: figures.largestPartitionGb,
      path: fieldPath(target.location, 'storage.largestPartitionGb'),
    });
  const partitions = partitionsComparison(target, observation);
  if (partitions) list.push(partitions);
  return list;
}

/**
 * The physical partitions the container has, counted off NormalizedRUConsumption's PartitionKeyRangeIds,
 * against the count the lint divides its RU/s by: `physicalPartitions` when declared, else the count a
 * container created at its declared throughput and size gets (`physicalPartitionCount`). More partitions
 * than that leave each less RU/s than the lint gave the hot key's; the count is a lower bound (an idle range
 * may publish no datapoint), so it only ever raises the design's.
 */
function partitionsComparison(target: KeySpaceTarget, observation: Observation): Comparison | undefined {
  const figure = observation.figures.partitionKeyRanges;
  const { design } = target;
  if (!figure || design.engine !== 'cosmosdb' || !design.throughput) return undefined;
  // A shared database's partitions are counted from its own RU/s, as the lint counts them.
  const derived = physicalPartitionCount(design.throughput.mode, partitionedRequestUnits(design.throughput), design.totalGb, design.physicalPartitions);
  const path = fieldPath(target.location, 'physicalPartitions');
  return {
    field: 'physicalPartitions',
    declared: derived,
    ...(design.physicalPartitions === undefined
      ? {
          assumed: `assumed (the layout a container created at ${fieldPath(target.location, design.throughput.path)} and its storage.totalGb gets) physicalPartitions ${show(derived)}`,
        }
      : {}),
    figure,
    path,
  };
}

/**
 * A share or size so small that no verdict rests on its drift: a hottest key taking at most
 * UNIQUE_KEY_SHARE (the share SG001's default minCardinality leaves the hottest of 100 values) where at
 * most that was declared or assumed, and a logical partition under SIZE_FLOOR_GB where under it was
 * declared or assumed. Else a unique `jobId` assumed at 0 and observed at 0.0000342 is an error,
 * --update writes 0.000034188 into the design, and a day 46% busier is an error again; a 20 MB partition
 * against an assumed 4 MB (the cap is 20 GB) is an error, and --update's 0.1 GB then "over-declared".
 * Such a figure is still judged: the lint runs again with it, and it is written when it changes a verdict.
 */
function negligible(c: Comparison): boolean {
  if (c.field === 'hotKeyShare') return c.figure.value <= UNIQUE_KEY_SHARE && c.declared <= UNIQUE_KEY_SHARE;
  if (c.field === 'largestPartitionGb') return c.figure.value < SIZE_FLOOR_GB && c.declared < SIZE_FLOOR_GB;
  return false;
}

/**
 * The largest logical partition below which a size is no drift: CDBPartitionKeyStatistics lists the
 * logical partitions above about 1 GB (sampled; smaller ones may be absent, derive-cosmos.ts), so under
 * it the source cannot follow a size; and 1 GB is 1/20 of Cosmos DB's 20 GB logical-partition cap
 * (https://learn.microsoft.com/azure/cosmos-db/concepts-limits), far below what SG006 judges.
 */
export const SIZE_FLOOR_GB = 1;

const isPeak = (field: Comparison['field']) => field === 'peakReadUnits' || field === 'peakWriteUnits';
/** A figure of the load at its busiest (not a size or a count): lowered only from a window as long as the design's cycle. */
const isLoad = (field: Comparison['field']) => isPeak(field) || field === 'hotKeyShare';

/** What --update writes for a measured figure: the figure, or for a field that holds it ÷ a share, the figure ÷ that share. */
const writtenValue = (c: Comparison, observed: number) => rounded(c.field, c.writeAs ? c.writeAs.value(observed) : observed / (c.fieldShare ?? 1));
/** What the field holds now. */
const fieldValue = (c: Comparison) => c.fieldHolds ?? (c.fieldShare === undefined ? c.declared : Number((c.declared / c.fieldShare).toPrecision(12)));

/** `: --update writes peakReadUnits 10,000 (6,000 ÷ 60%)`, for a field that holds a figure ÷ a share. */
function writtenText(c: Comparison): string {
  if (c.writeAs) return c.writeAs.text(c.figure.value);
  if (c.fieldShare === undefined) return '';
  return `; --update writes ${c.field} ${show(writtenValue(c, c.figure.value))} (${show(c.figure.value)} ÷ ${show(Math.round(c.fieldShare * 1000) / 10)}%)`;
}

/**
 * A size at or above the usable share of its hard ceiling (16 GB of a Cosmos DB logical partition's 20 GB at the default
 * 80% headroom): a floor of what the key value would hold, never evidence that a larger declaration is over-declared. The
 * ceiling refuses writes past it ("Maximum storage across all items per (logical) partition: 20 GB",
 * https://learn.microsoft.com/azure/cosmos-db/concepts-limits; a DynamoDB item collection's 10 GB with an LSI,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/LSI.html#LSI.ItemCollections.SizeLimit), so a key value
 * near it stops growing there whatever it would hold, and the statistic is sampled, hence approximate. Lowering the
 * declaration to such a figure (60 GB declared, 19.5 GB observed: 97.5% of 20 GB) would write what the ceiling let in
 * as the key value's size, and size its shards for that.
 */
function nearCap(c: Comparison): boolean {
  return c.cap !== undefined && c.figure.value >= c.cap.usableGb;
}

function cappedMessage(c: Comparison): string {
  const cap = c.cap as NonNullable<Comparison['cap']>;
  const observed = c.figure.value;
  return `${keptText(c)}: the observed ${showGb(observed)} GB is ${String(Math.round((observed / cap.gb) * 1000) / 10)}% of the ${show(cap.gb)} GB one key value can hold (past the usable ${show(cap.usableGb)} GB), so it is a floor of the size, not over-declaration: writes past ${show(cap.gb)} GB are refused, and a key value near the limit stops growing there whatever it would hold; the declaration is never lowered to it`;
}

/**
 * - `exceeds`: above the declaration by more than the tolerance (an error, written by --update);
 * - `below`: under `below` × the declaration (a warning, written);
 * - `kept`: would be `below`, but from a coarse average that cannot show it (a note);
 * - `capped`: would be `below`, but a size within the headroom kept below its hard ceiling (`nearCap`, a note);
 * - `inherited`: no drift of an index's derived write peak where the lint takes the index to receive the table's
 *   hottest item's writes (a note, `keptInherited`): judged, the measured peak would be declared, and turn that off;
 * - `judged`: no drift, but the lint runs again with the measured figure (above the declaration within the
 *   tolerance, a negligible figure above it, or an index's peak the design derived rather than declared),
 *   and --update writes it when it changes the lint's verdict (10,800 WCU within 25% of 9,000
 *   would hide an SG003 the measured peak raises);
 * - `same`: what --update would write is the declaration, or nothing the measurement proves.
 */
function classify(c: Comparison, settings: DriftSettings, spanMs: number): 'exceeds' | 'below' | 'kept' | 'capped' | 'short' | 'inherited' | 'judged' | 'same' {
  const observed = c.figure.value;
  const { bound, averagedOverSeconds: seconds } = c.figure;
  if (writtenValue(c, observed) === fieldValue(c)) return 'same';
  const small = negligible(c);
  // A partition count is exact: one more partition divides the RU/s among one more.
  const above = c.field === 'physicalPartitions' ? observed > c.declared : observed > c.declared * (1 + settings.tolerance);
  if (bound !== 'upper' && above && !small) return 'exceeds';
  // No drift on an index that inherits the table's hottest item's writes: judged, it would turn that off (keptInherited).
  if (c.inherited) return 'inherited';
  const fine = seconds === undefined || seconds <= FINEST_PERIOD_SECONDS;
  if (bound !== 'lower' && !c.assumed && !small && observed < c.declared * settings.below) {
    if (!fine) return 'kept';
    if (nearCap(c)) return 'capped';
    return isLoad(c.field) && spanMs < settings.minWindowMs * WINDOW_SLACK ? 'short' : 'below';
  }
  if (bound !== 'upper' && observed > c.declared) return 'judged';
  if (c.assumed && isPeak(c.field) && bound !== 'lower' && fine) return 'judged';
  return 'same';
}

/** The key space's peaks the lint is run again with: the measured ones judged so far, else the design's. */
function judgedPeaks(target: KeySpaceTarget, judgedAt: ReadonlyMap<string, number>): { reads: number; writes: number } {
  const { workload } = target.keySpace;
  const reads = judgedAt.get('peakReadUnits');
  const share = tableReadShare(target.keySpace) ?? 1;
  return {
    // A table's field is written as the measured figure ÷ the share of its own key (tableReadShare).
    reads: reads === undefined ? workload.peakReadUnits : reads * share,
    writes: judgedAt.get('peakWriteUnits') ?? workload.peakWriteUnits,
  };
}

/**
 * The hottest key's share restated against the peaks of the operations the lint takes to carry it (`carriedOperations`):
 * it reads `hotKeyShare` (and a first level's `paths[0].hotKeyShare`, prefix-ingestion.ts `firstLevelLoads`) as a share
 * of the read peak, the write peak, or both, as `workload.hotKeyOperations` says (lib/lint/analysis.ts), so the share
 * written is the key's measured load ÷ those peaks, and the lint judges the key at the load it logged.
 * - Cosmos DB: the share was measured against the logged RequestCharge, and Cosmos DB logs only the top keys of each
 *   physical partition (https://learn.microsoft.com/azure/cosmos-db/monitor-resource-logs): a total below the
 *   container's. Else a hot key that logged 3,000 RU/s is judged at 3,614 (7.77% of the logged
 *   total × declared reads 30,000 + observed writes 16,500); and a tenant that logged 12,000 RU/s of writes is
 *   written as 12,000 ÷ (18,000 + 20,000) beside hotKeyOperations "writes", and judged at 31.6% of the 20,000 RU/s of
 *   writes: 6,316 RU/s.
 * - DynamoDB: Contributor Insights' Sum is the key space's consumed units (RCU + 3 × WCU), the total CloudWatch's peaks
 *   measure, so a share of both directions needs no restating. A share the design declares of one direction is of
 *   that direction's peak alone: the key's consumed units, all taken to be that direction's (a WCU counts 3: contributorinsights_HowItWorks),
 *   ÷ its peak (a mixed share, 900 WCU of a key's writes among 30,000 RCU and 1,000 WCU, is 0.082; of the writes, 0.9).
 */
function restatedShare(
  target: KeySpaceTarget,
  figure: ShareFigure,
  peaks: { reads: number; writes: number },
  carried: Carried,
  whose = "the key's",
): ShareFigure {
  const { load } = figure;
  // Over a period longer than a minute, the key's load is an average the per-second peaks are not (FINEST_PERIOD_SECONDS).
  const coarse = figure.averagedOverSeconds !== undefined && figure.averagedOverSeconds > FINEST_PERIOD_SECONDS;
  const direction = carried.operations;
  if (!load || coarse || (target.engine === 'dynamodb' && direction === 'both')) return figure;
  const total = direction === 'reads' ? peaks.reads : direction === 'writes' ? peaks.writes : peaks.reads + peaks.writes;
  // DynamoDB: the key's consumed units in the direction's own (a WCU is 3 ConsumedThroughputUnits).
  const perWrite = target.engine === 'dynamodb' && direction === 'writes' ? 3 : 1;
  const units = load.unitsPerSecond / perWrite;
  if (total <= 0) return figure;
  const value = Math.min(1, units / total);
  if (Math.abs(value - figure.value) <= figure.value * 1e-6) return figure;
  const unit = target.engine === 'dynamodb' ? (direction === 'writes' ? 'WCU/s' : 'RCU/s') : 'RU/s';
  const keyLoad =
    perWrite > 1
      ? `${show(load.unitsPerSecond)} ConsumedThroughputUnits/s ÷ 3 (Contributor Insights counts a WCU as 3) = ${show(units)} ${unit}`
      : `${show(units)} ${unit}`;
  const peaksText =
    direction === 'both'
      ? `${show(total)} ${unit} of reads and writes (${show(peaks.reads)} + ${show(peaks.writes)})`
      : `${show(total)} ${unit} of ${direction}`;
  return {
    ...figure,
    value,
    // Contributor Insights cannot tell a key's reads from its writes: all its units are taken to be the direction declared.
    ...(target.engine === 'dynamodb'
      ? { limits: `${figure.limits}; all of the key's units taken as ${direction}: a key that also does the other is judged above its load` }
      : {}),
    derivation: `${figure.derivation}; restated against the peaks the design is judged at: ${whose} ${keyLoad} ÷ ${peaksText}${carried.why ? ` (${carried.why})` : ''} = ${showShare(value)}`,
  };
}

/** What one-way operations mean (derive-cosmos.ts, ONE_WAY_SHARE). */
const ONE_WAY_TEXT = `${100 - ONE_WAY_SHARE * 100}% or more of its logged RU over the window`;

/** The operations the lint takes to carry the hottest value's share, and why (for the messages). */
export interface Carried {
  readonly operations: HotKeyOperations;
  /** `its logged operations were writes: 95% or more of its logged RU over the window`; empty for the default both. */
  readonly why: string;
  /** What the logs measured, where they name the operations (Cosmos DB): `operationsJudged` declares it. */
  readonly measured?: { readonly operations: HotKeyOperations; readonly text: string };
}

const loggedText = (operations: HotKeyOperations, each = false) =>
  operations === 'both' ? 'reads and writes' : `${operations}: ${each ? ONE_WAY_TEXT.replace('its', "each one's") : ONE_WAY_TEXT}`;

/**
 * The operations the lint takes to carry the hottest value's share: `workload.hotKeyOperations` for the table's or
 * container's own key (an index's is both, lib/design/key-design.ts). The lint reads the full key's share and its first
 * level's with that one field (lib/lint/analysis.ts; prefix-ingestion.ts `firstLevelLoads`), so both shares are restated
 * against the same operations, and observe declares them as the Cosmos DB logs name them: the hottest key's, and the
 * hottest first-level value's; both where those two went different ways (a read-hot key under a write-hot tenant: one
 * way for both would judge the other's load in the wrong direction). DynamoDB's Contributor Insights counts reads and
 * writes in one unit: there, the direction the key's partition throttled in at the period its share was read at, where
 * it throttled one way (derive-dynamodb.ts `throttledDirection`); else the design's declaration.
 */
export function carriedOperations(target: KeySpaceTarget, figures: ObservedFigures): Carried {
  const declared = target.keySpace.workload.hotKeyOperations;
  if (target.keySpace.index !== undefined) return { operations: 'both', why: '' };
  const key = figures.hotKeyShare?.operations;
  const prefix = figures.prefixHotKeyShare?.operations;
  if (key === undefined && prefix === undefined)
    return { operations: declared, why: declared === 'both' ? '' : `declared hotKeyOperations ${declared}: the lint takes the share of the ${declared} alone` };
  const operations = key === undefined || prefix === undefined || key === prefix ? (key ?? prefix ?? 'both') : 'both';
  // DynamoDB: told by the direction its partition throttled in, not by logged operations (derive-dynamodb.ts).
  const evidence = figures.hotKeyShare?.operationsEvidence;
  if (evidence && prefix === undefined) return { operations, why: evidence, measured: { operations, text: evidence } };
  const whose =
    key !== undefined && prefix !== undefined && key !== prefix
      ? `the hottest key's logged operations were ${loggedText(key)}, and the hottest first-level value's ${loggedText(prefix)}: the design's one hotKeyOperations takes both`
      : `${key !== undefined && prefix !== undefined ? "the hottest key's and the hottest first-level value's" : key !== undefined ? "the hottest key's" : "the hottest first-level value's"} logged operations were ${loggedText(operations, key !== undefined && prefix !== undefined)}`;
  return { operations, why: operations === 'both' && key === prefix ? '' : whose, measured: { operations, text: whose } };
}

/**
 * The edit that makes workload.hotKeyOperations say what the logged operations showed (else a bot that
 * only reads is told to batch its writes), when the design says otherwise: the lint runs again with it, and --update
 * writes it where it changes the verdict or its fix. The shares are restated against the same operations (`restatedShare`).
 */
function operationsJudged(target: KeySpaceTarget, carried: Carried): JudgedFigure | undefined {
  const { workload } = target.keySpace;
  const { measured } = carried;
  if (!measured || target.keySpace.index !== undefined || measured.operations === workload.hotKeyOperations) return undefined;
  const declared =
    workload.hotKeyOperations === 'both' ? 'assumed (the default) hotKeyOperations both' : `declared hotKeyOperations ${workload.hotKeyOperations}`;
  return {
    edit: { op: 'set', path: fieldPath(keySpaceBase(target), 'workload.hotKeyOperations'), value: measured.operations },
    text: `hotKeyOperations ${measured.operations} measured (${measured.text}; ${declared})`,
  };
}

/** A measured figure the lint is run again with, though it is no drift (see `classify`). */
export interface JudgedFigure {
  readonly edit: DesignEdit;
  /** `peakWriteUnits 10,800 measured (declared peakWriteUnits 9,000)`, for the note when --update writes it. */
  readonly text: string;
}

export interface AsDeployed {
  /** `spaceOf` of the key space. */
  readonly space: string;
  /** The deployed shard count and the observed share, as edits of the design (never written). */
  readonly edits: readonly DesignEdit[];
  /** How the messages say it: `4 shards declared, 1 deployed (…)`. */
  readonly text: string;
  readonly declaredShards: number;
}

export interface DriftResult {
  readonly findings: Finding[];
  /** Edits of the drift findings: --update writes them. */
  readonly edits: DesignEdit[];
  /** Edits of figures that are no drift: the lint runs again with them; --update writes them when they change its verdict. */
  readonly judged: JudgedFigure[];
  readonly kept: KeptDeclaration[];
  /** The lint run again with the observed share: its messages call the share observed. */
  readonly shareObserved: boolean;
  /** The shard count deployed is not the design's: the deployment to judge as well (as-deployed.ts). */
  readonly asDeployed?: AsDeployed;
}

export function finding(
  target: KeySpaceTarget,
  messageId: string,
  severity: Severity,
  path: string,
  message: string,
  fix: string,
  data: Finding['data'],
  edits?: readonly DesignEdit[],
): Finding {
  return {
    ruleId: DRIFT_RULE.id,
    title: DRIFT_RULE.title,
    messageId,
    severity,
    engine: target.engine,
    resource: target.design.name,
    ...(target.keySpace.index ? { index: target.keySpace.index } : {}),
    path,
    message,
    fix,
    acknowledged: false,
    data,
    ...(edits ? { edits } : {}),
  };
}

const UPDATE_FIX = 'write the observed figure into the design (`skewguard observe --update`) and act on what the lint then reports';

/** The drift findings of one key space, and the edits that would make its design match the observations. */
export function driftFindings(target: KeySpaceTarget, observation: Observation, window: string, settings: DriftSettings, context: DriftContext): DriftResult {
  const findings: Finding[] = [];
  const edits: DesignEdit[] = [];
  const kept: KeptDeclaration[] = [];
  const { sharding } = target.keySpace;
  const declaredShards = sharding?.shards ?? 1;
  const deployed = observation.deployedShards;
  const mismatch = sharding !== undefined && deployed !== undefined && shardMismatch(deployed, declaredShards);
  if (mismatch) {
    const shown = `${deployed.kind === 'atLeast' ? 'at least ' : ''}${show(deployed.shards)} shard${deployed.shards === 1 ? '' : 's'}`;
    const path = fieldPath(target.location, sharding.path, 'shards');
    findings.push(
      finding(
        target,
        'shardsNotDeployed',
        'warning',
        path,
        `the telemetry shows ${shown} deployed (${deployed.evidence}); the design declares ${show(declaredShards)}: the hottest key's share and the distinct keys are judged at ${shown}, neither reported as drift nor written; re-observe after the application writes ${show(declaredShards)}`,
        `deploy the application change that writes ${show(declaredShards)} shards and observe again; if ${show(deployed.shards)} is what is meant, set sharding.shards to it`,
        { field: 'shards', declared: declaredShards, deployed: deployed.shards, deployedKind: deployed.kind, window },
      ),
    );
  }
  let asDeployed: AsDeployed | undefined;
  const judged: JudgedFigure[] = [];
  const judgedAt = new Map<string, number>();
  let shareObserved = false;
  const list = comparisons(target, observation, context.tableShare);
  const carried = carriedOperations(target, observation.figures);
  const operations = mismatch ? undefined : operationsJudged(target, carried);
  // A share written as of the measured operations is written with them: the lint reads it with hotKeyOperations.
  let operationsWritten = false;
  const withOperations = (c: Comparison, edit: DesignEdit): { edits: DesignEdit[]; text: string } => {
    if (!operations || c.field !== 'hotKeyShare') return { edits: [edit], text: '' };
    if (!operationsWritten) edits.push(operations.edit);
    operationsWritten = true;
    return {
      edits: [edit, operations.edit],
      text: `; written with hotKeyOperations ${carried.measured?.operations ?? carried.operations}, the operations the share is of`,
    };
  };
  // The peaks first: a share is restated against the peaks the design is judged at (restatedShare).
  const ordered = [...list.filter((c) => c.field !== 'hotKeyShare'), ...list.filter((c) => c.field === 'hotKeyShare')];
  const position = (f: Finding) => list.findIndex((c) => c.path === f.path);
  const first = findings.length;
  for (const raw of ordered) {
    // Scaled by a shard count the design no longer declares: not drift of the design (see above), but
    // what the deployment carries, judged as deployed (a counted count only: a lower bound proves nothing).
    if (mismatch && raw.field === 'hotKeyShare') {
      if (raw.label === undefined && deployed.kind !== 'atLeast') asDeployed = asDeployedOf(target, sharding, deployed, raw);
      continue;
    }
    // A floor of the demand (the key space throttled at its ceiling): the saturation finding reports it.
    // The first level's share is a floor of its own (a Cosmos DB value throttled in its range: saturation.ts).
    if (context.floors.includes(raw.label === undefined ? raw.field : 'prefixHotKeyShare')) continue;
    // An inheriting index whose write peak is written declares its writes, which turns the inheritance off.
    const chosen = raw.unlessWritesDeclared && judgedAt.has('peakWriteUnits') ? raw.unlessWritesDeclared : raw;
    const c =
      chosen.field === 'hotKeyShare'
        ? {
            ...chosen,
            figure: restatedShare(target, chosen.figure, judgedPeaks(target, judgedAt), carried, chosen.label ? "the first-level value's" : undefined),
          }
        : chosen;
    const observed = c.figure.value;
    const format = c.field === 'hotKeyShare' ? showShare : c.field === 'largestPartitionGb' ? showGb : show;
    const declaredText = c.assumed ?? c.declaredText ?? `declared ${c.label ?? c.field} ${format(c.declared)}`;
    const bound = c.figure.bound === 'lower' ? 'at least ' : c.figure.bound === 'upper' ? 'at most ' : c.figure.bound === 'estimate' ? 'about ' : '';
    const data = { field: c.field, declared: c.declared, observed, window, bound: c.figure.bound, ...(c.label ? { label: c.label } : {}) };
    const edit: DesignEdit = { op: 'set', path: c.path, value: writtenValue(c, observed) };
    const verdict = classify(c, settings, context.spanMs);
    // The lint then runs with the observed share, or with a declaration that equals it (written by an earlier --update).
    if (c.field === 'hotKeyShare' && verdict !== 'kept' && verdict !== 'inherited' && (verdict !== 'same' || edit.value === fieldValue(c)))
      shareObserved = true;
    if (verdict === 'exceeds' || verdict === 'below' || verdict === 'judged') judgedAt.set(c.field, edit.value as number);
    if (verdict === 'judged') judged.push({ edit, text: `${c.label ?? c.field} ${bound}${format(observed)} measured (${declaredText})` });
    else if (verdict === 'kept') kept.push({ path: c.path, message: keptMessage(c) });
    else if (verdict === 'capped') kept.push({ path: c.path, message: cappedMessage(c) });
    else if (verdict === 'short') kept.push({ path: c.path, message: shortWindowMessage(c, window, settings.minWindowMs) });
    else if (verdict === 'inherited' && c.inherited) kept.push({ path: c.path, message: keptInherited(c, target, c.inherited) });
    else if (verdict === 'exceeds') {
      edits.push(edit);
      const written = withOperations(c, edit);
      findings.push(
        finding(
          target,
          'exceedsDeclared',
          'error',
          c.path,
          `${declaredText}, observed ${bound}${format(observed)} at the ${window} peak (${c.figure.derivation})${writtenText(c)}${inheritanceOffText(c, target)}${written.text}`,
          UPDATE_FIX,
          data,
          written.edits,
        ),
      );
    } else if (verdict === 'below') {
      edits.push(edit);
      const written = withOperations(c, edit);
      findings.push(
        finding(
          target,
          'belowDeclared',
          'warning',
          c.path,
          `${declaredText}, observed ${bound}${format(observed)} at the ${window} peak (${c.figure.derivation}): over-declaring leads to over-sharding${writtenText(c)}${written.text}`,
          `lower the declaration to what was observed (\`skewguard observe --update\`) if the window is representative, so that no shard or copy is planned for load that never comes`,
          data,
          written.edits,
        ),
      );
    }
  }
  if (operations && !operationsWritten) judged.push(operations);
  // Reported in the order of the comparisons, not the order they were judged in.
  findings.splice(first, findings.length - first, ...findings.slice(first).sort((a, b) => position(a) - position(b)));
  const { distinctKeys, readThrottles, writeThrottles, hotKeyShare } = observation.figures;
  const key = target.keySpace.partitionKey;
  const last = key[key.length - 1];
  // One full key taking a share no key with a value per item could take: the "unique" is wrong, or one
  // item is hot. Not when the full key's share is declared: the design then already says one item is
  // hot, and exceedsDeclared judges the share.
  if (
    !mismatch &&
    last?.cardinality === 'unique' &&
    target.keySpace.workload.hotKeyShareSource !== 'declared' &&
    hotKeyShare &&
    hotKeyShare.bound !== 'upper' &&
    hotKeyShare.value > UNIQUE_KEY_SHARE
  ) {
    const path = fieldPath(target.location, last.path, 'cardinality');
    const name = key.length > 1 ? `full key (${key.map((k) => `\`${k.name}\``).join(', ')})` : `key \`${last.name}\``;
    findings.push(
      finding(
        target,
        'uniqueKeyTakesShare',
        'warning',
        path,
        `\`${last.name}\` is declared unique, yet one value of the ${name} took ${hotKeyShare.bound === 'lower' ? 'at least ' : hotKeyShare.bound === 'estimate' ? 'about ' : ''}${showShare(hotKeyShare.value)} of the traffic at the ${window} peak (${hotKeyShare.derivation}): a key with a value per item spreads its traffic, and more than ${showShare(UNIQUE_KEY_SHARE)} (the hottest value's share of a key with 100 values, SG001's default minCardinality) contradicts the declaration`,
        `check that \`${last.name}\` takes a new value per item written; if it does, one item is hot: declare its share (workload.hotKeyShare, which \`observe --update\` writes) so that SG003 judges it, and cache its reads; if it does not, declare the cardinality it has`,
        { field: 'cardinality', declared: 'unique', observed: hotKeyShare.value, threshold: UNIQUE_KEY_SHARE, window },
      ),
    );
  }
  const cardinality = key.length === 1 ? key[0].cardinality : undefined;
  if (!mismatch && distinctKeys && typeof cardinality === 'number' && distinctKeys.value > cardinality * (1 + settings.tolerance)) {
    const path = fieldPath(target.location, key[0].path, 'cardinality');
    findings.push(
      finding(
        target,
        'moreKeysThanDeclared',
        'warning',
        path,
        `declared cardinality ${show(cardinality)}, observed at least ${show(distinctKeys.value)} distinct keys in the ${window} window (${distinctKeys.derivation})`,
        'raise the declared cardinality: the uniform share and SG001 read it',
        { field: 'cardinality', declared: cardinality, observed: distinctKeys.value, window },
      ),
    );
  }
  const throttled = (readThrottles?.value ?? 0) + (writeThrottles?.value ?? 0);
  if (throttled > 0 && !context.keyRangeJudged)
    findings.push(
      finding(
        target,
        'throttled',
        'warning',
        keySpaceBase(target) || target.keySpace.partitionKeyPath,
        `${show(readThrottles?.value ?? 0)} read and ${show(writeThrottles?.value ?? 0)} write key-range throttle events in the ${window} window: a partition or key range hit its ceiling`,
        "find the hot key in the Contributor Insights most throttled keys graph (PKT) and size its sharding from its demand: a throttled key's consumed peak is capped at its partition's ceiling, so it is a floor of what the key asks for",
        { read: readThrottles?.value ?? 0, write: writeThrottles?.value ?? 0, window },
      ),
    );
  return { findings, edits, judged, kept, shareObserved, ...(asDeployed ? { asDeployed } : {}) };
}

/** The design as deployed: the shard count the telemetry shows (no sharding at 1) and the share observed at it. */
function asDeployedOf(
  target: KeySpaceTarget,
  sharding: NonNullable<KeySpaceTarget['keySpace']['sharding']>,
  deployed: NonNullable<Observation['deployedShards']>,
  share: Comparison,
): AsDeployed {
  const shardingPath = fieldPath(target.location, sharding.path);
  const shardEdit: DesignEdit =
    deployed.shards === 1 ? { op: 'remove', path: shardingPath } : { op: 'set', path: fieldPath(shardingPath, 'shards'), value: deployed.shards };
  const shown = `${show(deployed.shards)} shard${deployed.shards === 1 ? '' : 's'}`;
  return {
    // spaceOf's form (design-findings.ts imports this file, so it is not imported here: no cycle).
    space: `${target.design.name}\u0000${target.keySpace.index ?? ''}`,
    edits: [shardEdit, { op: 'set', path: share.path, value: writtenValue(share, share.figure.value) }],
    text: `${shown} deployed, ${show(sharding.shards)} declared: ${deployed.evidence}; the hottest key's share observed at ${shown}: ${showShare(share.figure.value)}, declared ${showShare(share.declared)}`,
    declaredShards: sharding.shards,
  };
}
