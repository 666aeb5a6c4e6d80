/**
 * Machine-readable fixes. A finding's `edits`, applied in order to the design it was found in,
 * give the design the finding's fix describes (`skewguard lint --fix` writes them back to the file).
 * Paths use the same syntax as finding paths (`tables[0].globalSecondaryIndexes[1].sharding`) and,
 * like them, are full paths from the root of the linted input.
 */
import { UsageError, type DesignIssue } from '../design/errors';
import { joinPath, parseFieldPath } from '../design/field-path';
import { describe } from '../design/shape';

export type DesignEdit =
  /** Set the field at `path` to `value`, creating it (and missing parent objects) when absent. */
  | {
      /** `set`: write `value` at `path`. */
      readonly op: 'set';
      /** Full field path of the field to set, e.g. `tables[0].sharding.shards`. */
      readonly path: string;
      /** The JSON value to write: a number, string, object or array. */
      readonly value: unknown;
    }
  /** Remove the field at `path` (an object member or an array element). */
  | {
      /** `remove`: delete the field at `path`. */
      readonly op: 'remove';
      /** Full field path of the field to remove; an array element's removal shifts the elements after it. */
      readonly path: string;
    };

type Container = Record<string | number, unknown>;

/** An edit as read from the caller: its path split, its value already copied. */
interface CheckedEdit {
  readonly op: 'set' | 'remove';
  readonly path: string;
  readonly segments: readonly (string | number)[];
  readonly value?: unknown;
}

/** Segments that would reach an object's prototype instead of one of its fields. */
const PROTOTYPE_KEYS: ReadonlySet<string | number> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A copy of `input` with the edits applied in order; `input` is left untouched.
 *
 * Throws {@link UsageError} — and nothing else — when the edits or the input cannot be used: an
 * edit that is not `{ op: 'set', path, value }` or `{ op: 'remove', path }`, a path naming no field
 * or passing through `__proto__`, `constructor` or `prototype` (it would change every object's
 * prototype), or an input or value that cannot be copied with `structuredClone` (functions,
 * symbols, revoked Proxies, class instances with private state). A getter or Proxy trap of the
 * caller's that throws is reported the same way, with its message.
 */
export function applyDesignEdits<T>(input: T, edits: readonly DesignEdit[]): T {
  const checked = checkEdits(edits);
  const root = copy(input, 'input') as Container;
  checked.forEach((edit, i) => applyEdit(root, edit, joinPath('edits', i)));
  return root as unknown as T;
}

/** A structured clone, or a UsageError naming what could not be copied. */
function copy(value: unknown, path: string): unknown {
  try {
    return structuredClone(value);
  } catch (error) {
    throw new UsageError(
      [{ path, message: `cannot be copied (${error instanceof Error ? error.message : String(error)}): pass plain JSON data` }],
      'applyDesignEdits() arguments',
    );
  }
}

/** The edits, each read once from the caller's objects (a getter cannot change between check and use). */
function checkEdits(edits: unknown): CheckedEdit[] {
  const issues: DesignIssue[] = [];
  const fail = () => {
    throw new UsageError(issues, 'applyDesignEdits() arguments');
  };
  let list: unknown[];
  try {
    if (!Array.isArray(edits)) {
      issues.push({ path: 'edits', message: `expected an array of { op, path, value? }, got ${describe(edits)}` });
      return fail();
    }
    list = [...edits];
  } catch (error) {
    if (error instanceof UsageError) throw error;
    issues.push({ path: 'edits', message: `could not be read: ${error instanceof Error ? error.message : String(error)}` });
    return fail();
  }
  const checked = list.map((edit, i): CheckedEdit | undefined => {
    const at = joinPath('edits', i);
    try {
      if (typeof edit !== 'object' || edit === null) {
        issues.push({ path: at, message: `expected { op: "set", path, value } or { op: "remove", path }, got ${describe(edit)}` });
        return undefined;
      }
      const { op, path } = edit as { op: unknown; path: unknown };
      if (op !== 'set' && op !== 'remove') issues.push({ path: joinPath(at, 'op'), message: `expected "set" or "remove", got ${describe(op)}` });
      if (typeof path !== 'string') {
        issues.push({ path: joinPath(at, 'path'), message: `expected a field path such as "tables[0].sharding", got ${describe(path)}` });
        return undefined;
      }
      const segments = parseFieldPath(path);
      if (segments.length === 0) issues.push({ path: joinPath(at, 'path'), message: `"${path}" names no field` });
      const unsafe = segments.find((segment) => PROTOTYPE_KEYS.has(segment));
      if (unsafe !== undefined)
        issues.push({ path: joinPath(at, 'path'), message: `passes through "${unsafe}", which would change object prototypes rather than a field` });
      return op === 'set' ? { op, path, segments, value: copy((edit as { value: unknown }).value, joinPath(at, 'value')) } : { op: 'remove', path, segments };
    } catch (error) {
      if (error instanceof UsageError) {
        issues.push(...error.issues);
        return undefined;
      }
      issues.push({ path: at, message: `could not be read: ${error instanceof Error ? error.message : String(error)}` });
      return undefined;
    }
  });
  if (issues.length > 0) fail();
  return checked as CheckedEdit[];
}

function applyEdit(root: Container, edit: CheckedEdit, at: string): void {
  const segments = [...edit.segments];
  const last = segments.pop() as string | number;
  let parent = root;
  for (const [i, segment] of segments.entries()) {
    let next = Object.prototype.hasOwnProperty.call(parent, segment) ? parent[segment] : undefined;
    if (typeof next !== 'object' || next === null) {
      if (edit.op === 'remove') return; // nothing there to remove
      next = typeof segments[i + 1] === 'number' ? [] : {};
      parent[segment] = next;
    }
    parent = next as Container;
  }
  if (typeof parent !== 'object' || parent === null) {
    throw new UsageError(
      [{ path: joinPath(at, 'path'), message: `"${edit.path}" goes through a value that is not an object or array` }],
      'applyDesignEdits() arguments',
    );
  }
  if (edit.op === 'set') parent[last] = edit.value;
  else if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
}
