/**
 * Reordering a hierarchical key (SG002, SG004): the order that fixes it, and the design edit that
 * writes it. Non-time levels ascend by cardinality; time buckets go last, where they do not decide
 * which partition takes today's writes.
 */
import { cardinalityValue } from '../design/cardinality';
import type { AttributeKind, Cardinality } from '../design/input';
import type { KeyAttribute } from '../design/key-design';
import type { DesignEdit } from './edits';

interface Ordered {
  readonly name: string;
  readonly cardinality?: Cardinality;
  readonly kind: AttributeKind;
}

export function fixedOrder<T extends Ordered>(parts: readonly T[]): T[] {
  const ranked = parts.filter((p) => p.kind !== 'time-bucket');
  const timeBuckets = parts.filter((p) => p.kind === 'time-bucket');
  return [...ranked].sort((a, b) => cardinalityValue(a.cardinality) - cardinalityValue(b.cardinality)).concat(timeBuckets);
}

export function sameOrder(a: readonly Ordered[], b: readonly Ordered[]): boolean {
  return a.every((part, i) => part === b[i]);
}

/** A key part as the user declares it (the normalized kind written out, so the edit is explicit). */
function partInput(part: { readonly name: string; readonly cardinality?: Cardinality; readonly kind: AttributeKind }) {
  return { name: part.name, ...(part.cardinality !== undefined ? { cardinality: part.cardinality } : {}), kind: part.kind };
}

function attributeInput(a: KeyAttribute): Record<string, unknown> {
  return {
    ...partInput(a),
    ...(a.type !== undefined ? { type: a.type } : {}),
    ...(a.components.length > 0 ? { components: a.components.map(partInput) } : {}),
  };
}

/**
 * The edit that reorders Cosmos DB partition-key paths. Per-level figures describe prefixes, which
 * change with the order: only the full key's (on the last level) still holds, so it moves to the new
 * last level and the others are dropped — `droppedFigures` says whether the user must re-declare some.
 */
export function reorderedPathsEdit(levels: readonly KeyAttribute[], order: readonly KeyAttribute[], path: string): { edit: DesignEdit; droppedFigures: boolean } {
  const last = levels[levels.length - 1];
  let droppedFigures = false;
  const value = order.map((level, i) => {
    const { name, ...rest } = attributeInput(level);
    const entry: Record<string, unknown> = { path: name, ...rest };
    delete entry.type;
    if (level !== last && (level.hotKeyShare !== undefined || level.largestGb !== undefined)) droppedFigures = true;
    if (i === order.length - 1) {
      if (last.hotKeyShare !== undefined) entry.hotKeyShare = last.hotKeyShare;
      if (last.largestGb !== undefined) entry.largestGb = last.largestGb;
    }
    return entry;
  });
  return { edit: { op: 'set', path, value }, droppedFigures };
}

/** The edit that reorders DynamoDB attributes (a multi-attribute sort key) or composite parts. */
export function reorderedAttributesEdit(order: readonly KeyAttribute[], path: string): DesignEdit {
  return { op: 'set', path, value: order.map(attributeInput) };
}

export function reorderedPartsEdit(order: readonly { name: string; cardinality?: Cardinality; kind: AttributeKind }[], path: string): DesignEdit {
  return { op: 'set', path, value: order.map(partInput) };
}
