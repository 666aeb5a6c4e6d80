/**
 * Reordering a hierarchical key (SG002, SG004): the order that fixes it, and the design edit that
 * writes it. Levels ascend by cardinality; a time bucket comes after the business levels, where it
 * no longer decides which partition takes today's writes, but before a unique level (an id), under
 * which it would have one value per key: tenant → month → event id.
 */
import { cardinalityValue, fullKeyCardinality, storedKeyValues } from '../design/cardinality';
import type { AttributeKind, Cardinality } from '../design/input';
import type { KeyAttribute, KeyDesign } from '../design/key-design';
import { inferredKind, inferredPartKind } from '../design/normalize-key';
import type { DesignEdit } from './edits';

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
function partInput(part: { readonly name: string; readonly cardinality?: Cardinality; readonly kind: AttributeKind }, inferred: AttributeKind) {
  return {
    name: part.name,
    ...(part.cardinality !== undefined ? { cardinality: part.cardinality } : {}),
    ...(part.kind !== inferred ? { kind: part.kind } : {}),
  };
}

function attributeInput(a: KeyAttribute): Record<string, unknown> {
  return Object.assign(
    partInput(a, inferredKind(a.name, a.components)),
    a.type !== undefined ? { type: a.type } : {},
    a.components.length > 0 ? { components: a.components.map((c) => partInput(c, inferredPartKind(c.name, a.components.length))) } : {},
  );
}

/**
 * The edit that reorders the levels of a hierarchical partition key (Cosmos DB paths). Per-level figures describe prefixes, which
 * change with the order. Each new prefix takes the figure of the deepest old prefix it contains,
 * spread over its extra values the way normalize() estimates a full key from a level
 * (`figure × cardinality of the old prefix / cardinality of the new one`), so the design means what
 * it meant; the full key's own figures stay exact, and those declared on the design stay there.
 */
export function reorderedPathsEdit(design: KeyDesign, order: readonly KeyAttribute[]): DesignEdit {
  const levels = design.primaryKey.partitionKey;
  const onDesign = {
    hotKeyShare: design.primaryKey.workload.hotKeyShareAt !== undefined && design.primaryKey.workload.hotKeyShareLevel === undefined,
    largestGb: design.largestPartitionGbAt !== undefined && design.largestPartitionGbLevel === undefined,
  };
  // A prefix value holds the full key value inside it: its figure is never below the full key's declared (or derived) one.
  const { hotKeyShare, hotKeyShareSource } = design.primaryKey.workload;
  const floor = {
    hotKeyShare: hotKeyShareSource === 'declared' || hotKeyShareSource === 'derived' ? hotKeyShare : 0,
    largestGb: design.largestPartitionGb ?? 0,
  };
  const previous = { hotKeyShare: Infinity, largestGb: Infinity };
  const figure = (field: 'hotKeyShare' | 'largestGb', newPrefix: readonly KeyAttribute[]): number | undefined => {
    if (onDesign[field] && newPrefix.length === levels.length) return undefined;
    let deepest = -1;
    levels.forEach((level, i) => {
      if (level[field] !== undefined && levels.slice(0, i + 1).every((l) => newPrefix.includes(l))) deepest = i;
    });
    if (deepest < 0) return undefined;
    // GB spreads over the time buckets a prefix gains as well; a share does not (normalize()'s estimate, fullKeyFigure).
    const values = field === 'largestGb' ? storedKeyValues : fullKeyCardinality;
    const spread = values(newPrefix) / values(levels.slice(0, deepest + 1));
    const estimate = Math.max(floor[field], Math.min(previous[field], (levels[deepest][field] as number) / (Number.isNaN(spread) ? 1 : Math.max(1, spread))));
    previous[field] = estimate;
    // A share spread over unbounded values is no share at all: leave it to the uniform default.
    return estimate > 0 ? estimate : undefined;
  };
  const value = order.map((level, i) => {
    const { name, type: _, ...rest } = attributeInput(level);
    const share = figure('hotKeyShare', order.slice(0, i + 1));
    const size = figure('largestGb', order.slice(0, i + 1));
    return { path: name, ...rest, ...(share !== undefined ? { hotKeyShare: share } : {}), ...(size !== undefined ? { largestGb: size } : {}) };
  });
  return { op: 'set', path: design.primaryKey.partitionKeyPath, value };
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
