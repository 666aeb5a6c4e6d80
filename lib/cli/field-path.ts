/**
 * Field paths as the core writes them (`tables[0].globalSecondaryIndexes[1].partitionKey`): the CLI
 * walks them to find a field's place in a file, rewrites their prefix for templates, and splits
 * them into segments for `--fix`.
 */

export type Segment = string | number;

/** A child's path, in the core's spelling (`parent.key`, `parent[3]`). */
export function childPath(parent: string, segment: Segment): string {
  if (typeof segment === 'number') return `${parent}[${segment}]`;
  return parent === '' ? segment : `${parent}.${segment}`;
}

/** `a.b[2].c` → `['a', 'b', 2, 'c']`. Keys holding `.` or `[` cannot be told apart here; the JSON
 *  locator resolves those against the keys a file really has. */
export function splitPath(path: string): Segment[] {
  const segments: Segment[] = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]/g;
  for (let match = pattern.exec(path); match; match = pattern.exec(path)) {
    segments.push(match[2] === undefined ? match[1] : Number(match[2]));
  }
  return segments;
}

/** Replaces the `from` prefix of `path` with `to` (`tables[0].sortKey` → `Resources.T.Metadata.skewguard.design.sortKey`);
 *  undefined when `path` is not `from` or below it. */
export function rebasePath(path: string, from: string, to: string): string | undefined {
  if (path === from) return to;
  if (from === '') return path.startsWith('[') ? `${to}${path}` : childPath(to, path);
  if (!path.startsWith(from)) return undefined;
  const rest = path.slice(from.length);
  if (rest.startsWith('[')) return `${to}${rest}`;
  if (rest.startsWith('.')) return to === '' ? rest.slice(1) : `${to}${rest}`;
  return undefined;
}
