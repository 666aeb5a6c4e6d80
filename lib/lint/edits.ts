/**
 * Machine-readable fixes. A finding's `edits`, applied in order to the design it was found in,
 * give the design the finding's fix describes (`skewguard lint --fix` writes them back to the file).
 * Paths use the same syntax as finding paths (`tables[0].globalSecondaryIndexes[1].sharding`) and,
 * like them, are full paths from the root of the linted input.
 */
export type DesignEdit =
  /** Set the field at `path` to `value`, creating it (and missing parent objects) when absent. */
  | { readonly op: 'set'; readonly path: string; readonly value: unknown }
  /** Remove the field at `path` (an object member or an array element). */
  | { readonly op: 'remove'; readonly path: string };
