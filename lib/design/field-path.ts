/**
 * Field paths name the offending field in every error and finding, in the form users write in
 * design files and construct props: `tables[0].globalSecondaryIndexes[1].partitionKeys[0]`.
 * One function builds them so the JSON locator (CLI line numbers) and the validators agree.
 */
export function joinPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** A location prefix followed by a relative path: `prefixPath('tables[0]', 'sortKey')`. */
export function prefixPath(prefix: string, relative: string): string {
  if (prefix === '') return relative;
  if (relative === '') return prefix;
  return relative.startsWith('[') ? `${prefix}${relative}` : `${prefix}.${relative}`;
}

/** `tables[0].sharding` → ['tables', 0, 'sharding']: the inverse of joinPath. */
export function parseFieldPath(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]/g;
  for (const match of path.matchAll(pattern)) segments.push(match[2] === undefined ? match[1] : Number(match[2]));
  return segments;
}

/** Replaces the `from` prefix of `path` with `to` (`tables[0].sortKey` → `Resources.T.Metadata.skewguard.design.sortKey`);
 *  undefined when `path` is not `from` or below it. */
export function rebasePath(path: string, from: string, to: string): string | undefined {
  if (path === from) return to;
  if (from === '') return path.startsWith('[') ? `${to}${path}` : joinPath(to, path);
  if (!path.startsWith(from)) return undefined;
  const rest = path.slice(from.length);
  if (rest.startsWith('[')) return `${to}${rest}`;
  if (rest.startsWith('.')) return to === '' ? rest.slice(1) : `${to}${rest}`;
  return undefined;
}
