/**
 * Reordering a hierarchical key (SG002, SG004): the order that fixes it, and the design edit that
 * writes it. Levels ascend by cardinality; a time bucket comes after the business levels, where it
 * no longer decides which partition takes today's writes, but before a unique level (an id), under
 * which it would have one value per key: tenant → month → event id.
 */
import { cardinalityValue, fullKeyCardinality, storedKeyValues } from '../design/cardinality';
import { joinPath } from '../design/field-path';
import type { AttributeKind, Cardinality } from '../design/input';
import type { KeyAttribute, KeyDesign } from '../design/key-design';
import { inferredKind, inferredPartKind } from '../design/normalize-key';
import type { DesignEdit } from './edits';
import { needsEveryShard } from './queries';

interface Ordered {
  readonly name: string;
  readonly cardinality?: Cardinality;
  readonly kind: AttributeKind;
}

export function fixedOrder<T extends Ordered>(parts: readonly T[]): T[] {
  // The business levels (ranked), time buckets and unique ids, each in their declared order: one pass.
  const ranked: T[] = [];
  const timeBuckets: T[] = [];
  const ids: T[] = [];
  for (const part of parts) {
    if (part.kind === 'time-bucket') timeBuckets.push(part);
    else if (cardinalityValue(part.cardinality) === Infinity) ids.push(part);
    else ranked.push(part);
  }
  // A stable sort of the list made here: levels of one cardinality keep their order.
  ranked.sort((a, b) => cardinalityValue(a.cardinality) - cardinalityValue(b.cardinality));
  // A time bucket never leads while another level can: with no business level, the id goes first.
  return ranked.length > 0 ? ranked.concat(timeBuckets, ids) : ids.concat(timeBuckets);
}

export function sameOrder(a: readonly Ordered[], b: readonly Ordered[]): boolean {
  return a.every((part, i) => part === b[i]);
}

/** A key part as the user declares it: `kind` only where inference from the name would not give it. */
function partInput(
  part: { readonly name: string; readonly cardinality?: Cardinality; readonly kind: AttributeKind; readonly kindDeclared?: true },
  inferred: AttributeKind,
) {
  return {
    name: part.name,
    ...(part.cardinality !== undefined ? { cardinality: part.cardinality } : {}),
    // A declared kind is the design's word, kept even where the name would infer the same.
    ...(part.kind !== inferred || part.kindDeclared ? { kind: part.kind } : {}),
  };
}

function attributeInput(a: KeyAttribute): Record<string, unknown> {
  return Object.assign(
    partInput(a, inferredKind(a.name, a.components)),
    a.type !== undefined ? { type: a.type } : {},
    a.components.length > 0 ? { components: a.components.map((c) => partInput(c, inferredPartKind(c.name, a.components.length))) } : {},
    // A GSI key attribute's declared `mutable` decides SG008's verdict on it: it moves with the attribute.
    a.mutable !== undefined ? { mutable: a.mutable } : {},
  );
}

/** The figures a Cosmos DB key level declares of its hottest (`hotKeyShare`) and largest (`largestGb`) value. */
type LevelFigure = 'hotKeyShare' | 'largestGb';
const LEVEL_FIGURES: readonly LevelFigure[] = ['hotKeyShare', 'largestGb'];

/**
 * The levels of a hierarchical key in `order`, each with the figures it declared. A level's figure is its own value's
 * ("the hottest tenant takes 35%" on `/tenantId`), so it moves with its path: left at its old index, a whale tenant's
 * 35% and 25 GB came to sit on `/patientId`, and the lint of the reordered design no longer saw the whale. A
 * figure on a level below a time bucket is one bucket's slice of its value (a device's day), so it goes to the first
 * level of the new order whose prefix holds that bucket again; one that comes under levels it does not nest in is
 * spread over their values (a month's share over the tenants put above it). Figures only shrink level by level (a
 * deeper value is nested in the one above) and are never below the full key's declared one; where the design declares
 * the full key's figure, the last level declares none (normalize() refuses it twice). `order` may leave levels out.
 */
export function reorderedLevels(design: KeyDesign, order: readonly KeyAttribute[]): KeyAttribute[] {
  const levels = design.primaryKey.partitionKey;
  const onDesign = {
    hotKeyShare: design.primaryKey.workload.hotKeyShareAt !== undefined && design.primaryKey.workload.hotKeyShareLevel === undefined,
    largestGb: design.largestPartitionGbAt !== undefined && design.largestPartitionGbLevel === undefined,
  };
  const { hotKeyShare, hotKeyShareSource } = design.primaryKey.workload;
  const floor = {
    hotKeyShare: hotKeyShareSource === 'declared' || hotKeyShareSource === 'derived' ? hotKeyShare : 0,
    largestGb: design.largestPartitionGb ?? 0,
  };
  const landed = order.map(() => ({}) as Partial<Record<LevelFigure, number>>);
  levels.forEach((level, i) => {
    const described = [level, ...levels.slice(0, i).filter((above) => above.kind === 'time-bucket')];
    const at = Math.max(...described.map((part) => order.indexOf(part)));
    // A level the new key drops (SG002 keys by a unique id alone), or one whose bucket it drops, has no prefix to describe.
    if (described.some((part) => !order.includes(part))) return;
    for (const field of LEVEL_FIGURES) {
      const value = level[field];
      if (value === undefined) continue;
      // Under levels it does not nest in (a month under 150 tenants), the value splits over theirs, as normalize()
      // estimates a full key from a level (fullKeyFigure): GB over the time buckets gained too, a share not.
      const values = field === 'largestGb' ? storedKeyValues : fullKeyCardinality;
      const spread = values(order.slice(0, at + 1)) / values(described);
      const estimate = value / (Number.isNaN(spread) ? 1 : Math.max(1, spread));
      landed[at][field] = Math.min(estimate, landed[at][field] ?? Infinity);
    }
  });
  // Figures only shrink level by level, as normalize() requires (a deeper value is nested in the one above), and are
  // never below the full key's declared one. A share below its prefix's uniform 1/values (a country's 5% with one
  // country put first) describes no value of that prefix: it is left to the uniform default.
  const previous = { hotKeyShare: Infinity, largestGb: Infinity };
  const fullKey = fullKeyFromLevels(design, order);
  // From a unique business level down, each value is one document: the full key's.
  const unique = order.findIndex((level) => level.cardinality === 'unique' && level.kind !== 'time-bucket');
  const firstWhole = unique === -1 ? order.length - 1 : unique;
  return order.map((level, i) => {
    const figures: Partial<Record<LevelFigure, number>> = {};
    for (const field of LEVEL_FIGURES) {
      const whole = i >= firstWhole && fullKey[field] !== undefined;
      const value = whole ? fullKey[field] : landed[i][field];
      if (value === undefined || (whole && fullKey[field] === 0) || (onDesign[field] && i === order.length - 1)) continue;
      if (field === 'hotKeyShare' && value < 1 / fullKeyCardinality(order.slice(0, i + 1))) continue;
      previous[field] = Math.max(floor[field], Math.min(previous[field], value));
      figures[field] = previous[field];
    }
    return Object.assign({}, level, { hotKeyShare: undefined, largestGb: undefined }, figures);
  });
}

/**
 * The full key's figures a reorder keeps on its last level (and on every level from a unique one down, each of whose
 * values is one document), where the design derives them from its levels rather than declaring them on the design: a
 * logical partition is one value of every level ("Hierarchical partition keys",
 * https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys), the same documents in any order of the
 * levels, so its hottest share and largest size cannot change with the order. Left to the moved levels, they did: a
 * unique level's own figure (20 GB on `/deviceId`) became the full key's once the id went last, where under it every
 * full key value had been one document; and a bound a dropped level set (the hottest customer–region pair's 2%) was
 * lost. A figure of 0 (each full key value one document) is no figure to write: those levels declare none, and the
 * unique level spreads the figures above it over its unbounded values again. `undefined` where the design declares the
 * figure itself, declares none, or the order leaves a level out (another key).
 */
function fullKeyFromLevels(design: KeyDesign, order: readonly KeyAttribute[]): Partial<Record<LevelFigure, number>> {
  if (order.length !== design.primaryKey.partitionKey.length) return {};
  const { hotKeyShare, hotKeyShareSource, hotKeyShareLevel } = design.primaryKey.workload;
  // A share raised to the uniform one (the levels' figures below it) is no figure of a value: none is written for it. One
  // a time bucket first sets (its current bucket's) is the order's own, which SG002's reorder changes: left to the levels.
  const fromLevels = { declared: hotKeyShare, derived: hotKeyShare, uniform: 0, 'time-bucket': undefined }[hotKeyShareSource];
  const share = hotKeyShareLevel === undefined ? undefined : fromLevels;
  const size = design.largestPartitionGbLevel !== undefined ? design.largestPartitionGb : undefined;
  return { hotKeyShare: share, largestGb: size };
}

/** The edit that reorders the levels of a hierarchical partition key (Cosmos DB paths), each with every field it declares (`reorderedLevels`). */
export function reorderedPathsEdit(design: KeyDesign, order: readonly KeyAttribute[]): DesignEdit {
  const value = reorderedLevels(design, order).map((level) => {
    const { name, type: _, ...rest } = attributeInput(level);
    return Object.assign(
      { path: name },
      rest,
      level.hotKeyShare !== undefined ? { hotKeyShare: level.hotKeyShare } : {},
      level.largestGb !== undefined ? { largestGb: level.largestGb } : {},
    );
  });
  return { op: 'set', path: design.primaryKey.partitionKeyPath, value };
}

/**
 * The edits that key a container by the levels of `order` (`reorderedPathsEdit`), with `fanOut: true` on each access
 * pattern that then gives the whole key of a random- or calculated-sharded container (not the shard's source, not
 * `wants: "any"`) and did not fan out: a key of fewer levels (SG002 keys by a unique level alone) is given whole by
 * queries that gave a prefix before, and each such query now reads one shard of N unless it queries them all
 * (AWS, "Using write sharding to distribute workloads evenly"; Azure, "Create a synthetic partition key"), which SG009
 * would ask at the next lint.
 */
export function rekeyedEdits(design: KeyDesign, order: readonly KeyAttribute[]): DesignEdit[] {
  const edit = reorderedPathsEdit(design, order);
  const { sharding } = design.primaryKey;
  if (sharding === undefined || sharding.strategy === 'replicated') return [edit];
  const rekeyed = Object.assign({}, design.primaryKey, { partitionKey: order });
  const reading = design.accessPatterns.filter((p) => p.index === undefined && !p.fanOut);
  const fanning = reading.filter((p) => needsEveryShard(rekeyed, p, sharding.strategy as 'random' | 'calculated', sharding.sourceAttribute));
  return [edit, ...fanning.map((p): DesignEdit => ({ op: 'set', path: joinPath(p.path, 'fanOut'), value: true }))];
}

/** The edit that reorders DynamoDB attributes (a multi-attribute sort key) or composite parts. */
export function reorderedAttributesEdit(order: readonly KeyAttribute[], path: string): DesignEdit {
  return { op: 'set', path, value: order.map(attributeInput) };
}

export function reorderedPartsEdit(order: readonly { name: string; cardinality?: Cardinality; kind: AttributeKind }[], path: string): DesignEdit {
  return { op: 'set', path, value: order.map((p) => partInput(p, inferredPartKind(p.name, order.length))) };
}

/**
 * The order of `parts` in which each of `prefixes` is a leading prefix, moving as little as possible
 * (parts keep their relative order within each step and after the last), or undefined when no order
 * can: two prefixes that are not nested (one query gives `round` only, another `bracket` only).
 */
export function orderWithPrefixes<T extends { readonly name: string }>(parts: readonly T[], prefixes: readonly (readonly string[])[]): T[] | undefined {
  const sets = [...prefixes].sort((a, b) => a.length - b.length);
  for (let i = 1; i < sets.length; i++) if (!sets[i - 1].every((name) => sets[i].includes(name))) return undefined;
  const placed = new Set<string>();
  const order: T[] = [];
  for (const set of [...sets, parts.map((p) => p.name)]) {
    for (const part of parts) {
      if (set.includes(part.name) && !placed.has(part.name)) {
        placed.add(part.name);
        order.push(part);
      }
    }
  }
  return order;
}
