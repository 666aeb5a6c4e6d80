/**
 * A JSON parser that also records where each field sits, so reports and SARIF results point at the
 * offending field's line, and `--fix` can rewrite one value while leaving every other byte alone.
 * JSON.parse keeps no positions; this stays strict JSON (no comments, no trailing commas) and
 * rejects duplicate keys, which JSON.parse silently drops.
 *
 * Positions are kept per container (one small array of offsets), not per path string: a path is
 * resolved by walking the parsed value, so memory grows with the file, not with its paths.
 *
 * Hand-written on purpose, after measuring Microsoft's jsonc-parser 3.3 (the library VS Code uses) as
 * a replacement: it accepts duplicate keys without a word (JSON.parse keeps the last one silently;
 * a design must not), overflows the stack on deeply nested input (no depth bound), its parseTree was
 * 1.7× slower than this parser on a 10,000-table file, and requiring it took about 3× as long as this
 * file, json-edit.ts and glob.ts together — the CLI's cold start is a budget (≤ 1.5× a bare node).
 */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Where one value sits: `[start, end)` offsets into the text; `keyStart` for an object member. */
export interface ValueLocation {
  readonly value: unknown;
  readonly start: number;
  readonly end: number;
  readonly keyStart?: number;
}

export interface ContainerLayout {
  readonly start: number;
  readonly end: number;
  /** Objects: member keys in file order. */
  readonly keys?: readonly string[];
  /** Objects: `[keyStart, valueStart, valueEnd]` per member; arrays: `[valueStart, valueEnd]` per item. */
  readonly spans: readonly number[];
  /** Objects: some key holds `.` or `[`, so a path must be matched against the keys themselves. */
  readonly oddKeys?: boolean;
}

export interface LocatedJson {
  readonly value: unknown;
  readonly text: string;
  /** Position of the field at `path` (its key, for object members), or of its nearest present ancestor. */
  positionOf(path: string): Position;
  /** The value at `path` with its offsets, or undefined when the file does not hold it. */
  locate(path: string): ValueLocation | undefined;
  /** Offsets of an object's or array's members (for `--fix`). */
  layoutOf(container: object): ContainerLayout | undefined;
  positionAt(offset: number): Position;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    public readonly position: Position,
  ) {
    super(`line ${position.line}, column ${position.column}: ${message}`);
    this.name = 'JsonSyntaxError';
  }
}

export interface ParseLimits {
  /** Deepest nesting of objects and arrays. Design files are a few levels deep; the limit turns a
   *  pathological file into a clear error instead of a stack overflow.
   *  @default 64 */
  readonly maxDepth?: number;
  /** Most values (of any type) in one file: a bound on memory, far above any design or template.
   *  @default 1,000,000 */
  readonly maxValues?: number;
}

export const MAX_JSON_DEPTH = 64;
export const MAX_JSON_VALUES = 1_000_000;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;
/** A string without escapes or control characters (which JSON forbids raw; the slow path names them). */
// eslint-disable-next-line no-control-regex -- the control characters are what the class excludes
const PLAIN_STRING = /"[^"\\\x00-\x1f]*"/y;
const LITERALS = [
  ['true', true],
  ['false', false],
  ['null', null],
] as const;

export function parseJsonWithLocations(text: string, limits: ParseLimits = {}): LocatedJson {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxValues = limits.maxValues ?? MAX_JSON_VALUES;
  let lineStarts: number[] | undefined; // built on first use: most files have no finding to place
  const positionAt = (offset: number): Position => {
    if (!lineStarts) {
      lineStarts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    }
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low] + 1 };
  };
  const layouts = new Map<object, ContainerLayout>();
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0; // tolerate a UTF-8 byte-order mark
  let depth = 0;
  let values = 0;

  // A comment is the likeliest cause of a syntax error in a hand-edited design: say what JSON allows instead.
  const commentAt = (at: number) => text.startsWith('//', at) || text.startsWith('/*', at);
  const fail = (message: string, at = pos): never => {
    const hint = commentAt(at) ? ': JSON has no comments; remove it, or move its text to the file\'s top-level "description" field' : '';
    throw new JsonSyntaxError(`${message}${hint}`, positionAt(at));
  };
  const skipWhitespace = () => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.test(text); // test, not exec: it moves lastIndex without building a match array per call
    pos = WHITESPACE.lastIndex;
  };
  const expect = (char: string) => {
    if (text[pos] !== char) fail(`expected "${char}", found ${text[pos] === undefined ? 'the end of the file' : JSON.stringify(text[pos])}`);
    pos++;
  };

  const parseString = (): string => {
    const start = pos;
    // Most keys and values hold no escape: matched whole, natively, instead of a character at a time.
    PLAIN_STRING.lastIndex = pos;
    if (PLAIN_STRING.test(text)) {
      pos = PLAIN_STRING.lastIndex;
      return text.slice(start + 1, pos - 1);
    }
    pos++;
    while (pos < text.length && text[pos] !== '"') {
      if (text.charCodeAt(pos) < 0x20) fail('control character in a string');
      pos += text[pos] === '\\' ? 2 : 1;
    }
    if (pos >= text.length) fail('unterminated string', start);
    pos++;
    try {
      return JSON.parse(text.slice(start, pos)) as string;
    } catch {
      return fail('invalid escape in a string', start);
    }
  };

  /** The value at `pos`, which its caller has moved past any whitespace (it records where the value starts). */
  const parseValue = (): unknown => {
    if (++values > maxValues) fail(`more than ${maxValues} JSON values: too large for a design file or template`);
    const char = text[pos];
    if (char === '{' || char === '[') {
      if (depth >= maxDepth) fail(`nested deeper than ${maxDepth} levels`);
      depth++;
      const value = char === '{' ? parseObject() : parseArray();
      depth--;
      return value;
    }
    if (char === '"') return parseString();
    for (const [word, value] of LITERALS) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = pos;
    const match = NUMBER.exec(text);
    if (match) {
      pos = NUMBER.lastIndex;
      return Number(match[0]);
    }
    return fail(char === undefined ? 'unexpected end of the file' : `unexpected ${JSON.stringify(char)}`);
  };

  const parseObject = (): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    const start = pos;
    const keys: string[] = [];
    const spans: number[] = [];
    let oddKeys = false;
    pos++;
    skipWhitespace();
    if (text[pos] !== '}') {
      for (;;) {
        if (text[pos] !== '"') fail('expected a property name in double quotes');
        const keyStart = pos;
        const key = parseString();
        if (Object.prototype.hasOwnProperty.call(result, key)) fail(`duplicate key ${JSON.stringify(key)}`, keyStart);
        skipWhitespace();
        expect(':');
        skipWhitespace();
        const valueStart = pos;
        const value = parseValue();
        // A "__proto__" key stays plain data (an assignment would replace the prototype); any other is assigned,
        // which V8 does through its inline caches, where defineProperty reads a descriptor object in the runtime.
        if (key === '__proto__') Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
        else result[key] = value;
        keys.push(key);
        spans.push(keyStart, valueStart, pos);
        if (!oddKeys && /[.[\]]/.test(key)) oddKeys = true;
        skipWhitespace();
        if (text[pos] !== ',') break;
        pos++;
        skipWhitespace();
      }
    }
    expect('}');
    layouts.set(
      result,
      oddKeys ? { start, end: pos, keys: fitted(keys), spans: fitted(spans), oddKeys } : { start, end: pos, keys: fitted(keys), spans: fitted(spans) },
    );
    return result;
  };

  const parseArray = (): unknown[] => {
    const result: unknown[] = [];
    const start = pos;
    const spans: number[] = [];
    pos++;
    skipWhitespace();
    if (text[pos] !== ']') {
      for (;;) {
        const valueStart = pos;
        result.push(parseValue());
        spans.push(valueStart, pos);
        skipWhitespace();
        if (text[pos] !== ',') break;
        pos++;
        skipWhitespace();
      }
    }
    expect(']');
    layouts.set(result, { start, end: pos, spans: fitted(spans) });
    return result;
  };

  skipWhitespace();
  const rootStart = pos;
  const value = parseValue();
  const root: ValueLocation = { value, start: rootStart, end: pos };
  skipWhitespace();
  if (pos < text.length) fail('unexpected text after the JSON value');

  /** The deepest location along `path`, and whether it is the whole path. */
  const walk = (path: string): { location: ValueLocation; complete: boolean } => {
    let location = root;
    let i = 0;
    while (i < path.length) {
      const layout = typeof location.value === 'object' && location.value !== null ? layouts.get(location.value) : undefined;
      if (!layout) break;
      const next = layout.keys ? member(location.value as Record<string, unknown>, layout, path, i) : item(location.value as unknown[], layout, path, i);
      if (!next) break;
      [location, i] = next;
    }
    return { location, complete: i >= path.length };
  };

  return {
    value,
    text,
    positionAt,
    layoutOf: (container) => layouts.get(container),
    locate(path) {
      const { location, complete } = walk(path);
      return complete ? location : undefined;
    },
    positionOf(path) {
      const { location } = walk(path);
      return positionAt(location.keyStart ?? location.start);
    },
  };
}

/**
 * A copy of `items` of exactly their length. An array grown by push keeps room for more (17 slots for
 * the first few items): kept for every object and array of a file, that spare room was most of the
 * parse's memory (a 12 MB file of 90,000 tables: 151 MB of heap, 97 MB with fitted arrays).
 */
function fitted<T>(items: T[]): T[] {
  return items.slice();
}

/** Each object's key → its position, built on the first lookup: placing every finding of a file with
 *  thousands of members (unknown fields, template resources) stays linear. */
const keyPositions = new WeakMap<ContainerLayout, Map<string, number>>();
function positionOfKey(layout: ContainerLayout, key: string): number {
  let positions = keyPositions.get(layout);
  if (!positions) {
    positions = new Map();
    // Duplicate keys are rejected by the parser; the first position wins all the same.
    (layout.keys as readonly string[]).forEach((k, i) => {
      if (!positions!.has(k)) positions!.set(k, i);
    });
    keyPositions.set(layout, positions);
  }
  return positions.get(key) ?? -1;
}

/** The member of an object that `path` names at offset `i` (after an optional `.`). */
function member(object: Record<string, unknown>, layout: ContainerLayout, path: string, i: number): [ValueLocation, number] | undefined {
  const from = i === 0 ? 0 : path[i] === '.' ? i + 1 : -1;
  if (from < 0) return undefined;
  const keys = layout.keys as readonly string[];
  const plain = /^[^.[\]]*/.exec(path.slice(from))?.[0] ?? '';
  let index = Object.prototype.hasOwnProperty.call(object, plain) ? positionOfKey(layout, plain) : -1;
  let length = plain.length;
  if (layout.oddKeys) {
    // Keys that hold "." or "[" (unknown fields a user typed): the longest key the path starts with
    // wins. Only a prefix ending where a path segment may end can be one: a lookup each, not a scan.
    for (let end = from + length + 1; end <= path.length; end++) {
      if (end !== path.length && path[end] !== '.' && path[end] !== '[') continue;
      const candidate = path.slice(from, end);
      const k = Object.prototype.hasOwnProperty.call(object, candidate) ? positionOfKey(layout, candidate) : -1;
      if (k >= 0) {
        index = k;
        length = candidate.length;
      }
    }
  }
  if (index < 0) return undefined;
  const [keyStart, start, end] = layout.spans.slice(index * 3, index * 3 + 3);
  return [{ value: object[keys[index]], start, end, keyStart }, from + length];
}

function item(array: unknown[], layout: ContainerLayout, path: string, i: number): [ValueLocation, number] | undefined {
  const match = /^\[(\d+)\]/.exec(path.slice(i, i + 24));
  const index = match ? Number(match[1]) : -1;
  if (!match || index >= array.length) return undefined;
  return [{ value: array[index], start: layout.spans[index * 2], end: layout.spans[index * 2 + 1] }, i + match[0].length];
}
