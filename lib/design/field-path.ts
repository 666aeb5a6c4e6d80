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

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/**
 * Orders field paths as a reader expects: array indexes by number (`globalSecondaryIndexes[2]` before `[10]`, which
 * text order puts first), everything else by text. The one comparator for paths, so every report lists findings alike.
 */
export function compareFieldPaths(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length || i === b.length) return a.length - b.length;
  // Where they differ, inside an index on both sides: the shorter number is the smaller (indexes have no leading zeros).
  let start = i;
  while (start > 0 && isDigit(a[start - 1])) start--;
  if (a[start - 1] === '[' && isDigit(a[start]) && isDigit(b[start])) {
    const digits = (path: string) => {
      let end = start;
      while (isDigit(path[end])) end++;
      return path[end] === ']' ? end - start : -1;
    };
    const lengthA = digits(a);
    const lengthB = digits(b);
    if (lengthA > 0 && lengthB > 0 && lengthA !== lengthB) return lengthA - lengthB;
  }
  return a[i] < b[i] ? -1 : 1;
}
