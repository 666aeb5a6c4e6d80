/**
 * A JSON parser that also records where each field sits, so CLI reports and SARIF results can
 * point at the line of the offending field. JSON.parse keeps no positions; this stays strict JSON
 * (no comments, no trailing commas) and rejects duplicate keys, which JSON.parse silently drops.
 */
import { joinPath } from '../design/field-path';

export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface LocatedJson {
  readonly value: unknown;
  /** Position of the field at `path` (its key, for object members), or of its nearest present ancestor. */
  positionOf(path: string): Position;
}

export class JsonSyntaxError extends Error {
  constructor(message: string, public readonly position: Position) {
    super(`line ${position.line}, column ${position.column}: ${message}`);
    this.name = 'JsonSyntaxError';
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;
const MAX_DEPTH = 64;

export function parseJsonWithLocations(text: string): LocatedJson {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const positionAt = (offset: number): Position => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low] + 1 };
  };
  const offsets = new Map<string, number>();
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0; // tolerate a UTF-8 byte-order mark

  const fail = (message: string, at = pos): never => {
    throw new JsonSyntaxError(message, positionAt(at));
  };
  const skipWhitespace = () => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.exec(text);
    pos = WHITESPACE.lastIndex;
  };
  const expect = (char: string) => {
    if (text[pos] !== char) fail(`expected "${char}", found ${text[pos] === undefined ? 'the end of the file' : `"${text[pos]}"`}`);
    pos++;
  };

  const parseString = (): string => {
    const start = pos;
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

  let depth = 0;
  const parseValue = (path: string): unknown => {
    skipWhitespace();
    // Design files are a few levels deep; a limit turns a pathological file into a clear error, not a stack overflow.
    if (depth > MAX_DEPTH) fail(`nested deeper than ${MAX_DEPTH} levels`);
    if (!offsets.has(path)) offsets.set(path, pos);
    const char = text[pos];
    if (char === '{' || char === '[') {
      depth++;
      const value = char === '{' ? parseObject(path) : parseArray(path);
      depth--;
      return value;
    }
    if (char === '"') return parseString();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
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
    return fail(char === undefined ? 'unexpected end of the file' : `unexpected "${char}"`);
  };

  const parseObject = (path: string): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    pos++;
    skipWhitespace();
    if (text[pos] === '}') {
      pos++;
      return result;
    }
    for (;;) {
      skipWhitespace();
      if (text[pos] !== '"') fail('expected a property name in double quotes');
      const keyOffset = pos;
      const key = parseString();
      if (Object.prototype.hasOwnProperty.call(result, key)) fail(`duplicate key "${key}"`, keyOffset);
      const childPath = joinPath(path, key);
      offsets.set(childPath, keyOffset);
      skipWhitespace();
      expect(':');
      // defineProperty: a "__proto__" key stays plain data instead of replacing the prototype.
      Object.defineProperty(result, key, { value: parseValue(childPath), enumerable: true, writable: true, configurable: true });
      skipWhitespace();
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      expect('}');
      return result;
    }
  };

  const parseArray = (path: string): unknown[] => {
    const result: unknown[] = [];
    pos++;
    skipWhitespace();
    if (text[pos] === ']') {
      pos++;
      return result;
    }
    for (;;) {
      result.push(parseValue(joinPath(path, result.length)));
      skipWhitespace();
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      expect(']');
      return result;
    }
  };

  const value = parseValue('');
  skipWhitespace();
  if (pos < text.length) fail('unexpected text after the JSON value');

  return {
    value,
    positionOf(path: string): Position {
      for (let current = path; ; ) {
        const offset = offsets.get(current);
        if (offset !== undefined) return positionAt(offset);
        const parent = current.replace(/(?:\.[^.[\]]+|\[\d+\]|^[^.[\]]+)$/, '');
        if (parent === current) return positionAt(0);
        current = parent;
      }
    },
  };
}
