/**
 * Applies design edits (`{ op: 'set', path, value }`, `{ op: 'remove', path }`, paths in the
 * finding-path syntax) to the text of a JSON file, changing only the bytes of the edited values:
 * every other byte, comment-free JSON's only formatting (indentation, line ends, which objects sit
 * on one line), is kept. New values follow the file's own style: its indentation unit (detected),
 * its line ends, and one-line objects where the file writes small objects on one line; a new member
 * whose siblings of its kind (objects, arrays) are written on one line is too, as long as the file's
 * longest line.
 *
 * Pure: text in, text out. The caller re-parses the result before writing it anywhere.
 *
 * Hand-written on purpose: jsonc-parser's `modify` (measured as a replacement) reformats the object it
 * inserts into — a one-line `{ "name": "a", "monitoring": { … } }` became eight lines — where `--fix`
 * promises that only the edited values' bytes change; see json-locations.ts for the rest of the figures.
 */
import type { DesignEdit } from '../index';
import { joinPath as childPath, parseFieldPath as splitPath } from '../internal';
import { parseJsonWithLocations, type ContainerLayout, type LocatedJson } from './json-locations';

type Segment = string | number;

export class JsonEditError extends Error {
  constructor(
    public readonly path: string,
    public readonly reason: string,
  ) {
    super(`${path || '(root)'}: ${reason}`);
    this.name = 'JsonEditError';
  }
}

export interface JsonStyle {
  /** One level of indentation: two spaces, four, or a tab. */
  readonly unit: string;
  readonly eol: '\n' | '\r\n';
  /** The file writes some objects or arrays on one line (`{ "name": "id", "type": "S" }`). */
  readonly oneLineObjects: boolean;
  /** The length of the file's longest line, without its line end: a new member written on one line like its
   *  siblings may be as long (or {@link MAX_LINE}, if longer). */
  readonly widest: number;
}

/** Lines of at most this many characters stay on one line when the file writes such objects. */
const MAX_LINE = 100;

export function detectStyle(text: string): JsonStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // The first indented line decides tabs or spaces; the narrowest indentation is one level. A loop,
  // not Math.min(...indents): a spread of 130,000 lines overflows the stack.
  let tabs = false;
  let narrowest = Infinity;
  for (const match of text.matchAll(/\n([ \t]+)\S/g)) {
    if (narrowest === Infinity && match[1].startsWith('\t')) {
      tabs = true;
      break;
    }
    narrowest = Math.min(narrowest, match[1].length);
  }
  const unit = tabs ? '\t' : narrowest === Infinity ? '  ' : ' '.repeat(narrowest);
  // A one-line file, a member whose value opens and closes on its line (`"key": { "a": 1 }`, `"key": ["x"]`),
  // or an array element that does (`{ "path": "/day", "cardinality": 365 },`).
  const oneLineObjects =
    !text.trimEnd().includes('\n') || /:[ \t]*\{[ \t]*"[^\n]*\}|:[ \t]*\[[ \t]*[^\s\]][^\n]*\]|\n[ \t]*\{[ \t]*"[^\n]*\},?\r?\n/.test(text);
  return { unit, eol, oneLineObjects, widest: widestLine(text) };
}

/** The length of `text`'s longest line, without its line end (`\r\n` or `\n`). */
function widestLine(text: string): number {
  let widest = 0;
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    widest = Math.max(widest, stop - start - (text[stop - 1] === '\r' ? 1 : 0));
    if (end === -1) break;
    start = end + 1;
  }
  return widest;
}

/** `{ "a": 1, "b": [1, 2] }`: the layout of a one-line object. */
export function oneLine(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(oneLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

function multiLine(value: unknown, indent: string, style: JsonStyle): string {
  return JSON.stringify(value, null, style.unit)
    .split('\n')
    .join(style.eol + indent);
}

/** The indentation of the line that holds `offset`. */
export function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

const spansLines = (text: string, start: number, end: number) => text.slice(start, end).includes('\n');

/** Applies `edits` in order; throws JsonEditError (nothing is half-applied: the input text is unchanged).
 *  `style` is the whole file's when `text` is a part of it. */
export function applyEdits(text: string, edits: readonly DesignEdit[], style: JsonStyle = detectStyle(text)): string {
  let current = text;
  for (const edit of edits) {
    const located = parseJsonWithLocations(current);
    current = edit.op === 'set' ? setValue(located, edit.path, edit.value, style) : removeValue(located, edit.path);
  }
  return current;
}

function replace(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

function pathOf(segments: readonly Segment[]): string {
  return segments.reduce<string>((path, segment) => childPath(path, segment), '');
}

function setValue(located: LocatedJson, path: string, value: unknown, style: JsonStyle): string {
  if (value === undefined) throw new JsonEditError(path, 'a set edit needs a value');
  const { text } = located;
  const existing = located.locate(path);
  if (existing) {
    const indent = lineIndent(text, existing.keyStart ?? existing.start);
    const multi = spansLines(text, existing.start, existing.end);
    const rendered = multi && Array.isArray(value) && Array.isArray(existing.value) ? rewrittenArray(located, existing.value, value, style) : undefined;
    return replace(text, existing.start, existing.end, rendered ?? (multi ? multiLine(value, indent, style) : oneLine(value)));
  }
  // Create it: find the deepest ancestor present, and nest the missing part in new objects.
  const segments = splitPath(path);
  for (let k = segments.length - 1; k >= 0; k--) {
    const parent = located.locate(pathOf(segments.slice(0, k)));
    if (!parent) continue;
    let nested = value;
    for (let i = segments.length - 1; i > k; i--) {
      if (typeof segments[i] === 'number') throw new JsonEditError(path, `cannot create the array element ${pathOf(segments.slice(0, i + 1))}`);
      nested = { [segments[i]]: nested };
    }
    return insert(located, parent.value, pathOf(segments.slice(0, k)), segments[k], nested, style);
  }
  throw new JsonEditError(path, 'no part of this path exists in the file');
}

/** A member written as the file writes new ones: on one line where the file writes small objects so
 *  and it fits, else indented over several lines. `likeSiblings`: its siblings of its kind are on one
 *  line (`siblingsOnOneLine`), so it is too, up to the file's own longest line. */
function memberText(value: unknown, indent: string, prefix: string, style: JsonStyle, likeSiblings = false): string {
  const inline = oneLine(value);
  const width = indent.length + prefix.length + inline.length + 1;
  const fits = likeSiblings ? width <= Math.max(MAX_LINE, style.widest) : style.oneLineObjects && width <= MAX_LINE;
  return fits ? inline : multiLine(value, indent, style);
}

/**
 * Whether the members of a container (`layout`) of `value`'s kind, a non-empty object or array, are written on one
 * line more often than over several: `"workload": { … }` and `"storage": { … }` beside a new `"sharding"`, one-line
 * access patterns beside a new one. Only members of the same kind count (a table's arrays of one-line objects span
 * lines whatever the style of its objects), and none is a draw: the new member is then written as before.
 */
function siblingsOnOneLine(text: string, layout: ContainerLayout, value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Object.keys(value).length === 0) return false;
  const open = Array.isArray(value) ? '[' : '{';
  const stride = layout.keys ? 3 : 2;
  let balance = 0;
  for (let i = stride - 2; i < layout.spans.length; i += stride) {
    const [start, end] = [layout.spans[i], layout.spans[i + 1]];
    if (text[start] !== open || /^.\s*.$/.test(text.slice(start, end))) continue; // another kind, or empty
    balance += spansLines(text, start, end) ? -1 : 1;
  }
  return balance > 0;
}

/**
 * A multi-line array set to `value`, one element a line: an element equal to one of the old ones keeps
 * its old text, so a reorder (SG004's edit of a hierarchical key's levels) moves lines instead of
 * reformatting them; a new element is written as a new member is. Undefined for an empty old array.
 */
function rewrittenArray(located: LocatedJson, old: readonly unknown[], value: readonly unknown[], style: JsonStyle): string | undefined {
  const layout = located.layoutOf(old);
  if (!layout || layout.spans.length === 0) return undefined;
  const { text } = located;
  const memberIndent = lineIndent(text, layout.spans[0]);
  const oldTexts = new Map<string, string[]>(); // an old element's JSON → its texts, in file order
  old.forEach((element, i) => {
    const key = JSON.stringify(element);
    oldTexts.set(key, [...(oldTexts.get(key) ?? []), text.slice(layout.spans[i * 2], layout.spans[i * 2 + 1])]);
  });
  const items = value.map(
    (element) => oldTexts.get(JSON.stringify(element))?.shift() ?? memberText(element, memberIndent, '', style, siblingsOnOneLine(text, layout, element)),
  );
  return `[${style.eol}${items.map((item) => memberIndent + item).join(`,${style.eol}`)}${style.eol}${lineIndent(text, layout.start)}]`;
}

function layoutOrFail(located: LocatedJson, container: unknown, path: string): ContainerLayout {
  const layout = typeof container === 'object' && container !== null ? located.layoutOf(container) : undefined;
  if (!layout) throw new JsonEditError(path, 'is not an object or array');
  return layout;
}

function insert(located: LocatedJson, container: unknown, containerPath: string, segment: Segment, value: unknown, style: JsonStyle): string {
  const { text } = located;
  const layout = layoutOrFail(located, container, containerPath);
  const isArray = layout.keys === undefined;
  if (isArray !== (typeof segment === 'number')) {
    throw new JsonEditError(childPath(containerPath, segment), `cannot add ${isArray ? 'a named field to an array' : 'an array element to an object'}`);
  }
  const count = isArray ? layout.spans.length / 2 : layout.spans.length / 3;
  if (isArray && segment !== count)
    throw new JsonEditError(childPath(containerPath, segment), `an array element can only be added at the end (index ${count})`);
  const prefix = isArray ? '' : `${JSON.stringify(segment)}: `;
  const containerIndent = lineIndent(text, layout.start);
  const multiLineContainer = spansLines(text, layout.start, layout.end);
  if (count === 0) {
    const memberIndent = containerIndent + style.unit;
    const inline = oneLine(value);
    const fits = style.oneLineObjects && memberIndent.length + prefix.length + inline.length + 4 <= MAX_LINE;
    const body =
      fits && !multiLineContainer
        ? `${layout.keys ? '{ ' : '['}${prefix}${inline}${layout.keys ? ' }' : ']'}`
        : `${layout.keys ? '{' : '['}${style.eol}${memberIndent}${prefix}${multiLine(value, memberIndent, style)}${style.eol}${containerIndent}${layout.keys ? '}' : ']'}`;
    return replace(text, layout.start, layout.end, body);
  }
  const lastStart = isArray ? layout.spans[(count - 1) * 2] : layout.spans[(count - 1) * 3];
  const lastEnd = isArray ? layout.spans[count * 2 - 1] : layout.spans[count * 3 - 1];
  if (!multiLineContainer) return replace(text, lastEnd, lastEnd, `, ${prefix}${oneLine(value)}`);
  const memberIndent = lineIndent(text, lastStart);
  const member = memberText(value, memberIndent, prefix, style, siblingsOnOneLine(text, layout, value));
  return replace(text, lastEnd, lastEnd, `,${style.eol}${memberIndent}${prefix}${member}`);
}

function removeValue(located: LocatedJson, path: string): string {
  const { text } = located;
  if (!located.locate(path)) throw new JsonEditError(path, 'is not in the file');
  const segments = splitPath(path);
  if (segments.length === 0) throw new JsonEditError(path, 'cannot remove the whole document');
  const parentPath = pathOf(segments.slice(0, -1));
  const parent = located.locate(parentPath);
  const layout = layoutOrFail(located, parent?.value, parentPath);
  const last = segments[segments.length - 1];
  const stride = layout.keys ? 3 : 2;
  const index = layout.keys ? layout.keys.indexOf(String(last)) : Number(last);
  const count = layout.spans.length / stride;
  if (index < 0 || index >= count) throw new JsonEditError(path, 'is not in the file');
  if (count === 1) return replace(text, layout.start + 1, layout.end - 1, '');
  const startOf = (i: number) => layout.spans[i * stride];
  const endOf = (i: number) => layout.spans[i * stride + stride - 1];
  // Take the separator before the member (or, for the first one, after it) with it, so the
  // neighbours keep their own lines and indentation.
  return index > 0 ? replace(text, endOf(index - 1), endOf(index), '') : replace(text, startOf(0), startOf(1), '');
}
