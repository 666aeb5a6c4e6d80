/**
 * Machine-readable fixes. A finding's `edits`, applied in order to the design it was found in,
 * give the design the finding's fix describes (`skewguard lint --fix` writes them back to the file).
 * Paths use the same syntax as finding paths (`tables[0].globalSecondaryIndexes[1].sharding`) and,
 * like them, are full paths from the root of the linted input.
 */
import { parseFieldPath } from '../design/field-path';

export type DesignEdit =
  /** Set the field at `path` to `value`, creating it (and missing parent objects) when absent. */
  | { readonly op: 'set'; readonly path: string; readonly value: unknown }
  /** Remove the field at `path` (an object member or an array element). */
  | { readonly op: 'remove'; readonly path: string };

type Container = Record<string | number, unknown>;

/** A copy of `input` with the edits applied in order; `input` is left untouched. */
export function applyDesignEdits<T>(input: T, edits: readonly DesignEdit[]): T {
  const root = structuredClone(input) as unknown as Container;
  for (const edit of edits) applyEdit(root, edit);
  return root as unknown as T;
}

function applyEdit(root: Container, edit: DesignEdit): void {
  const segments = parseFieldPath(edit.path);
  const last = segments.pop();
  if (last === undefined) throw new Error(`edit path "${edit.path}" names no field`);
  let parent = root;
  for (const [i, segment] of segments.entries()) {
    let next = parent[segment];
    if (typeof next !== 'object' || next === null) {
      if (edit.op === 'remove') return; // nothing there to remove
      next = typeof segments[i + 1] === 'number' ? [] : {};
      parent[segment] = next;
    }
    parent = next as Container;
  }
  if (edit.op === 'set') parent[last] = structuredClone(edit.value);
  else if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
}
