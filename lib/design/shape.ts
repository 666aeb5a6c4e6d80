import { isNumberToken, isStringToken, NO_STRING_TOKEN_PATTERN } from '../cfn/tokens';
import type { DesignIssue } from './errors';
import { joinPath } from './field-path';
import { hasUnsafeCharacters, printable, UNSAFE_CHARACTER, UNSAFE_CHARACTERS, withoutUnsafeCharacters } from './printable';
import { closest } from './suggest';

/** A JSON Schema fragment (draft 2020-12). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * Where a value sits: a field-path string, or a child of another place. Built as a chain and spelled
 * out only when an issue is reported: most values are valid, and every read runs for every field of
 * every design linted.
 */
export type Place = string | { readonly parent: Place; readonly key: string | number };

export function pathOf(place: Place, key?: string | number): string {
  const path = typeof place === 'string' ? place : joinPath(pathOf(place.parent), place.key);
  return key === undefined ? path : joinPath(path, key);
}

/** The place of the value a shape reads, as a parent for what it contains. */
function here(place: Place, key: string | number | undefined): Place {
  return key === undefined ? place : { parent: place, key };
}

/**
 * A shape checks one kind of value and describes itself as JSON Schema, so the validator that
 * guards `lint()`, the CDK/Pulumi props and the CLI is the same object that generates the schema
 * shipped for editors: the two cannot drift apart.
 */
export interface Shape<T> {
  /**
   * Returns the value when it fits; otherwise records why and returns undefined. The value sits at
   * `place`, or at its child `key` when given: containers pass their fields' keys apart, so a valid
   * leaf never allocates a place.
   */
  read(value: unknown, place: Place, issues: DesignIssue[], key?: string | number): T | undefined;
  /** Whether the value is of the kind this shape reads (a string, a number…), valid or not: `either`
   *  tries only the shapes a value could be, so a valid value never costs a discarded issue. */
  is(value: unknown): boolean;
  schema(): JsonSchema;
  /** What a valid value looks like, for messages ("a positive integer"). */
  readonly expected: string;
}

/** A short, safe rendering of any value for messages: never throws (BigInt, cycles, symbols). */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (typeof value === 'bigint') return `the BigInt ${value}n`;
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') {
    // Not Array.isArray: it throws on a revoked Proxy, which builtInKind survives.
    const kind = builtInKind(value);
    return kind === 'Object' ? 'an object' : kind === 'Array' ? 'an array' : `a ${kind}`;
  }
  return `a ${typeof value}`;
}

/** `Object` for an ordinary object (a literal, a class instance, a Proxy of one); otherwise the built-in
 *  it is (`Date`, `Map`, `Set`, `RegExp`, `Promise`, `Number` for a boxed number). Never throws: a
 *  Proxy whose trap throws is an object as far as messages go. */
function builtInKind(value: object): string {
  try {
    return Object.prototype.toString.call(value).slice(8, -1);
  } catch {
    return 'Object';
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

/** An object whose data are its own fields: not an array, and not a built-in that keeps its data in
 *  internal slots (a Date, a Map, a Set…), which would read as an object with no fields and lose them silently.
 *  A literal or parsed JSON object (prototype Object.prototype) is one without asking for its kind, which
 *  builds a string each time: the lint reads every object of every design through here. */
export const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && (hasObjectPrototype(value) || builtInKind(value) === 'Object');

/** Never throws: a Proxy whose trap throws is left to builtInKind. */
function hasObjectPrototype(value: object): boolean {
  try {
    return Object.getPrototypeOf(value) === Object.prototype;
  } catch {
    return false;
  }
}

/** Own enumerable property, never one inherited from a (possibly polluted) prototype. */
export function ownValue(object: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/**
 * The caller's objects are read only through the functions below, so code of the caller's that throws
 * when it is read (a getter, a Proxy trap, a revoked Proxy, which throws on every look) becomes an issue at
 * the field that holds it, "could not be read: <what it threw>", with the thrown value as the issue's
 * `cause`, instead of an exception from deep inside the library that names no field.
 */

/** What `readField()` returns for a field that could not be read (its issue is recorded). */
export const UNREADABLE: unique symbol = Symbol('skewguard.unreadable');

/** What was thrown, for a message. Never throws: the thrown value is the caller's too. */
function thrownText(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return `${String(thrown.name)}: ${String(thrown.message)}`;
  } catch {
    // An error object whose name or message cannot be read is described like any other value.
  }
  return `it threw ${describe(thrown)}`;
}

function unreadable(issues: DesignIssue[], place: Place, key: string | number | undefined, thrown: unknown): typeof UNREADABLE {
  issues.push({ path: pathOf(place, key), message: `could not be read: ${thrownText(thrown)}`, cause: thrown });
  return UNREADABLE;
}

/** Throws what any later look at `value` would throw: a revoked Proxy throws on every operation. */
function touch(value: unknown): void {
  if (typeof value === 'object' && value !== null) Array.isArray(value);
}

/** `value` itself, when it can be looked at; else UNREADABLE, with the issue at `place` (or its child `key`). */
export function readValue(value: unknown, place: Place, issues: DesignIssue[], key?: string | number): unknown {
  try {
    touch(value);
    return value;
  } catch (thrown) {
    return unreadable(issues, place, key, thrown);
  }
}

/** `object[key]`, read once; UNREADABLE, with the issue at the field, when reading it throws or it holds a revoked Proxy. */
export function readField(object: object, key: string | number, place: Place, issues: DesignIssue[]): unknown {
  return readEntry(object, key, place, key, issues);
}

/** `object[key]`, with its issue at `place` (or its child `at`): readField, for a field whose path is not `.key`. */
function readEntry(object: object, key: string | number, place: Place, at: string | number | undefined, issues: DesignIssue[]): unknown {
  let value: unknown;
  try {
    value = (object as Record<string | number, unknown>)[key];
  } catch (thrown) {
    return unreadable(issues, place, at, thrown);
  }
  return readValue(value, place, issues, at);
}

/** `object[key]` when it is an own field (a prototype's, polluted or not, is never read); else undefined. UNREADABLE as for readField. */
export function readOwnField(object: object, key: string | number, place: Place, issues: DesignIssue[]): unknown {
  try {
    if (!hasOwn.call(object, key)) return undefined;
  } catch (thrown) {
    return unreadable(issues, place, key, thrown);
  }
  return readField(object, key, place, issues);
}

/** The object's own enumerable string keys; undefined, with the issue at the object (`place`, or its child `key`), when listing them throws. */
export function readKeys(object: object, place: Place, issues: DesignIssue[], key?: string | number): string[] | undefined {
  try {
    return Object.keys(object);
  } catch (thrown) {
    unreadable(issues, place, key, thrown);
    return undefined;
  }
}

/** Reads a value handed to the library whole (an argument, not a field of one) with `shape`: a revoked
 *  Proxy is an issue at `place`, as it would be in a field. */
export function readInput<T>(shape: Shape<T>, value: unknown, place: Place, issues: DesignIssue[]): T | undefined {
  const readable = readValue(value, place, issues);
  return readable === UNREADABLE ? undefined : shape.read(readable, place, issues);
}

/** Whether the library copies `value` field by field in {@link ownData}: an array, or an object literal (a null-prototype one too). */
function isDataContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The caller's props or args as the library's own data, read once: every array and object literal
 * (null-prototype ones included, which Pulumi's serializer cannot send) copied into a plain one, field
 * by field; any other value (a class instance such as a Billing or a topic, a function, a token, a
 * Pulumi Output) kept as it is. What is checked is then what is used: a getter cannot answer
 * differently later. Each field that cannot be read is an issue at its path, left out of the copy.
 * A cycle stays a cycle, at the same path, for the checks that follow to name.
 */
export function ownData(value: unknown, place: Place, issues: DesignIssue[]): unknown {
  const copies = new Map<object, unknown>();
  const copy = (item: unknown, at: Place): unknown => {
    if (typeof item !== 'object' || item === null) return item;
    if (copies.has(item)) return copies.get(item);
    let container: boolean;
    try {
      container = isDataContainer(item);
    } catch (thrown) {
      return unreadable(issues, at, undefined, thrown);
    }
    return container ? (Array.isArray(item) ? copyArray(item, at) : copyObject(item, at)) : item;
  };
  /** A field's copy, or UNREADABLE (its issue recorded). */
  const copyField = (object: object, key: string | number, at: Place): unknown => {
    const field = readOwnField(object, key, at, issues);
    return field === UNREADABLE ? field : copy(field, { parent: at, key });
  };
  const copyObject = (object: object, at: Place): unknown => {
    const keys = readKeys(object, at, issues);
    if (keys === undefined) return UNREADABLE;
    const out: Record<string, unknown> = {};
    copies.set(object, out);
    for (const key of keys) {
      const field = copyField(object, key, at);
      // Defined, not assigned: a key "__proto__" stays a field and never becomes the prototype.
      if (field !== UNREADABLE) Object.defineProperty(out, key, { value: field, writable: true, enumerable: true, configurable: true });
    }
    return out;
  };
  // By index, as the list shape reads it: a hole is read as undefined.
  const copyArray = (array: unknown[], at: Place): unknown => {
    const length = readField(array, 'length', at, issues);
    if (length === UNREADABLE) return UNREADABLE;
    const out: unknown[] = [];
    copies.set(array, out);
    for (let index = 0; index < (length as number); index++) {
      const field = copyField(array, index, at);
      out.push(field === UNREADABLE ? undefined : field);
    }
    return out;
  };
  const result = copy(readValue(value, place, issues), place);
  return result === UNREADABLE ? undefined : result;
}

function fail(issues: DesignIssue[], place: Place, key: string | number | undefined, expected: string, value: unknown): undefined {
  issues.push({ path: pathOf(place, key), message: `expected ${expected}, got ${describe(value)}` });
  return undefined;
}

function report(issues: DesignIssue[], place: Place, key: string | number | undefined, message: string): undefined {
  issues.push({ path: pathOf(place, key), message });
  return undefined;
}

const UNSAFE_CHARACTERS_ALL = new RegExp(UNSAFE_CHARACTER.source, 'gu');
/** For JSON Schema: none of the characters `printable()` escapes. */
const VISIBLE_ONLY = new RegExp(`^[^${UNSAFE_CHARACTERS}]*$`);

/** What is wrong with a name that holds a character `printable()` escapes (a control, bidi or
 *  zero-width character), with `because` saying why it matters there; undefined when it holds none. */
export function invisibleCharacterProblem(value: string, because: string): string | undefined {
  if (!hasUnsafeCharacters(value)) return undefined;
  const [char] = value.match(UNSAFE_CHARACTER) as RegExpMatchArray;
  return `holds ${printable(char)}, a control, bidi or zero-width character, in ${describe(value)}: ${because}`;
}

/**
 * A value with white space at an end, and every character `printable()` escapes between the ends by its index: the
 * check stops at the first problem, so one message names them all, where a fix of the white space alone would meet
 * the next error (`"i\u0000d\n"`: the trailing newline and the NUL at index 1).
 */
function untrimmedProblem(value: string, trimmed: string): string {
  const spaces = `must not start or end with white space, got ${describe(value)}`;
  const start = value.indexOf(trimmed);
  const hidden = [...trimmed.matchAll(UNSAFE_CHARACTERS_ALL)].map((m) => `${printable(m[0])} at index ${start + (m.index ?? 0)}`);
  if (hidden.length === 0) return spaces;
  const clean = withoutUnsafeCharacters(trimmed);
  const rename = clean === '' ? 'write a name of visible characters' : `write ${JSON.stringify(clean)}, the name without them`;
  const kind = hidden.length === 1 ? 'a control, bidi or zero-width character' : 'control, bidi or zero-width characters';
  return `${spaces}; it also holds ${hidden.join(', ')} (${kind}): ${rename}`;
}

/** For JSON Schema: no unresolved token, no white space at either end. */
const TRIMMED_LITERAL = new RegExp(`^${NO_STRING_TOKEN_PATTERN}\\S(?:[\\s\\S]*\\S)?$`);

export interface TextOptions {
  readonly pattern?: RegExp;
  /** Says in words what `pattern` accepts. */
  readonly patternHint?: string;
  /** In characters (UTF-16 code units, as JSON Schema counts them). */
  readonly maxLength?: number;
  /** In UTF-8 bytes, for names AWS limits by byte length. */
  readonly maxBytes?: number;
  readonly minLength?: number;
  /** The length rule in words, with its source: when given, a value shorter than `minLength` is
   *  reported as too short with it, instead of as not matching `expected` (which reads like a bad character). */
  readonly lengthRule?: string;
  /** What a string that does not match `pattern` was likely meant to be (`sg3` → `SG003`), offered as "did you mean". */
  readonly suggest?: (value: string) => string | undefined;
  /** Refuses the characters `printable()` escapes (controls, bidi marks and overrides, zero-width
   *  characters), saying why with these words: for a name that reaches a URL, an alert or a log as written. */
  readonly visibleBecause?: string;
  /** Counts `minLength` in visible characters: whitespace, control and format characters (zero-width spaces, bidi
   *  marks) left out, for a text a person must read, such as an acknowledgement's reason.
   *  @default false - counted in UTF-16 code units after trimming */
  readonly minVisible?: boolean;
}

/** Whitespace, control (`Cc`) and format (`Cf`: zero-width spaces, bidi marks) characters, which no reader sees. */
const UNSEEN = /[\s\p{Cc}\p{Cf}]/gu;

/** The characters of `value` a reader sees, in code points. */
function visibleLength(value: string): number {
  return [...value.replace(UNSEEN, '')].length;
}

export function text(options: TextOptions = {}): Shape<string> {
  const { pattern, patternHint, maxLength, maxBytes, minLength = 1, lengthRule, suggest, visibleBecause, minVisible = false } = options;
  const expected = patternHint
    ? `a string (${patternHint})`
    : minLength > 1
      ? `a string of at least ${minLength} characters (not counting surrounding spaces)`
      : 'a non-empty string';
  return {
    expected,
    is: (value) => typeof value === 'string',
    read(value, place, issues, key) {
      if (typeof value !== 'string') return fail(issues, place, key, expected, value);
      if (isStringToken(value))
        return report(issues, place, key, 'is an unresolved token; skewguard checks the design at synth time and needs the literal value');
      const trimmed = value.trim();
      if (trimmed.length < minLength) {
        if (lengthRule === undefined || trimmed.length === 0) return fail(issues, place, key, expected, value);
        const count = `${trimmed.length} character${trimmed.length === 1 ? '' : 's'}`;
        return report(issues, place, key, `is too short: ${lengthRule}; got ${describe(value)} (${count})`);
      }
      if (minVisible && visibleLength(trimmed) < minLength) {
        return report(
          issues,
          place,
          key,
          `must have at least ${minLength} visible characters (whitespace, control and zero-width characters not counted), got ${visibleLength(trimmed)}: write what an audit can read`,
        );
      }
      if (trimmed !== value) return report(issues, place, key, untrimmedProblem(value, trimmed));
      if (maxLength !== undefined && value.length > maxLength)
        return report(issues, place, key, `must be at most ${maxLength} characters, got ${value.length}`);
      // Bytes are at most 3 per UTF-16 unit: count them only when the string could be too long.
      if (maxBytes !== undefined && value.length * 3 > maxBytes && Buffer.byteLength(value, 'utf8') > maxBytes) {
        return report(issues, place, key, `must be at most ${maxBytes} bytes in UTF-8, got ${Buffer.byteLength(value, 'utf8')}`);
      }
      const invisible = visibleBecause === undefined ? undefined : invisibleCharacterProblem(value, visibleBecause);
      if (invisible !== undefined) return report(issues, place, key, invisible);
      if (pattern && !pattern.test(value)) {
        const meant = suggest?.(value);
        // A string of the wrong form: "expected a string (…)" would read as a wrong type.
        if (meant === undefined) return fail(issues, place, key, patternHint ?? expected, value);
        return report(issues, place, key, `expected ${patternHint ?? expected}, got ${describe(value)} (did you mean ${JSON.stringify(meant)}?)`);
      }
      return value;
    },
    schema: () => ({
      type: 'string',
      minLength,
      // A byte limit is at least that many characters: the schema states the bound it can express.
      ...(maxLength !== undefined || maxBytes !== undefined ? { maxLength: Math.min(maxLength ?? Infinity, maxBytes ?? Infinity) } : {}),
      pattern: TRIMMED_LITERAL.source,
      ...(pattern || visibleBecause !== undefined
        ? { allOf: [...(pattern ? [{ pattern: pattern.source }] : []), ...(visibleBecause !== undefined ? [{ pattern: VISIBLE_ONLY.source }] : [])] }
        : {}),
    }),
  };
}

/** `2027-02-30` fits YYYY-MM-DD but is no day: the date it names must read back as itself. */
const isCalendarDay = (value: string): boolean => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

/** A calendar day written `YYYY-MM-DD` (ISO 8601), e.g. an acknowledgement's last day. */
export function calendarDay(): Shape<string> {
  const expected = 'a date written YYYY-MM-DD, e.g. "2027-03-01"';
  const pattern = /^\d{4}-\d{2}-\d{2}$/;
  const day = text({ pattern, patternHint: expected });
  return {
    ...day,
    read(value, place, issues, key) {
      // A string in another format (01/02/2027) is a string: said as the format it must have, not as "expected a string".
      if (typeof value === 'string' && value.trim() === value && !isStringToken(value) && !pattern.test(value))
        return report(issues, place, key, `must be ${expected}, got ${describe(value)}`);
      const read = day.read(value, place, issues, key);
      if (read === undefined || isCalendarDay(read)) return read;
      return report(issues, place, key, `is not a day of the calendar: ${describe(value)} (expected ${expected})`);
    },
  };
}

export interface NumberOptions {
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
  /** The value must be strictly greater than this. */
  readonly above?: number;
}

export function num(options: NumberOptions = {}): Shape<number> {
  const { integer = false, min, max, above } = options;
  const bounds = [min !== undefined ? `≥ ${min}` : '', above !== undefined ? `> ${above}` : '', max !== undefined ? `≤ ${max}` : ''].filter(Boolean);
  const expected = `${integer ? 'an integer' : 'a finite number'}${bounds.length ? ` ${bounds.join(' and ')}` : ''}`;
  return {
    expected,
    is: (value) => typeof value === 'number',
    read(value, place, issues, key) {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(issues, place, key, expected, value);
      if (isNumberToken(value))
        return report(issues, place, key, 'is an unresolved token (a CDK number token); skewguard checks the design at synth time and needs the literal value');
      if (integer && !Number.isInteger(value)) return fail(issues, place, key, expected, value);
      // Past 2^53 − 1 a JSON number is not exact (9007199254740993 reads as …992): the figure would be silently another.
      if (integer && !Number.isSafeInteger(value))
        return report(
          issues,
          place,
          key,
          `is above 2^53 − 1 (${Number.MAX_SAFE_INTEGER}), past which a number is not exact (read as ${value}): declare a smaller figure`,
        );
      if ((min !== undefined && value < min) || (max !== undefined && value > max) || (above !== undefined && value <= above)) {
        return fail(issues, place, key, expected, value);
      }
      return value;
    },
    schema: () => ({
      type: integer ? 'integer' : 'number',
      ...(min !== undefined ? { minimum: min } : {}),
      ...(above !== undefined ? { exclusiveMinimum: above } : {}),
      ...(max !== undefined ? { maximum: max } : {}),
    }),
  };
}

export function bool(): Shape<boolean> {
  const expected = 'true or false';
  return {
    expected,
    is: (value) => typeof value === 'boolean',
    read: (value, place, issues, key) => (typeof value === 'boolean' ? value : fail(issues, place, key, expected, value)),
    schema: () => ({ type: 'boolean' }),
  };
}

/** `expected`: the values in words, where a list reads better ("\"error\", \"warning\" or \"off\""). */
export function oneOf<const V extends string | number>(values: readonly V[], wording?: string): Shape<V> {
  const expected = wording ?? (values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
  return {
    expected,
    is: (value) => (values as readonly unknown[]).includes(value),
    read: (value, place, issues, key) => ((values as readonly unknown[]).includes(value) ? (value as V) : fail(issues, place, key, expected, value)),
    schema: () => ({ enum: [...values] }),
  };
}

/** The shape's reading of a value of its kind, or undefined (and no issue kept) when the value is not one or not valid. */
function attempt<T>(shape: Shape<T>, value: unknown, place: Place, issues: DesignIssue[], key: string | number | undefined): T | undefined {
  if (!shape.is(value)) return undefined;
  const before = issues.length;
  const result = shape.read(value, place, issues, key);
  if (issues.length === before) return result;
  issues.length = before;
  return undefined;
}

/** The first shape that accepts the value wins; when none does, one issue names them all. */
export function either<A, B>(first: Shape<A>, second: Shape<B>): Shape<A | B> {
  const expected = `${first.expected} or ${second.expected}`;
  return {
    expected,
    is: (value) => first.is(value) || second.is(value),
    read(value, place, issues, key) {
      // A value of one alternative's type gets that alternative's own issue, which says what is wrong with it
      // (a number past 2^53 − 1 is "not exact", not "expected an integer ≥ 1 or \"unique\"").
      if (first.is(value) !== second.is(value)) return (first.is(value) ? first : second).read(value, place, issues, key);
      const result = attempt(first, value, place, issues, key) ?? attempt(second, value, place, issues, key);
      return result !== undefined ? result : fail(issues, place, key, expected, value);
    },
    schema: () => ({ anyOf: [first.schema(), second.schema()] }),
  };
}

export interface ListOptions {
  readonly minItems?: number;
  readonly maxItems?: number;
}

export function list<T>(item: Shape<T>, options: ListOptions = {}): Shape<T[]> {
  const { minItems = 0, maxItems } = options;
  const expected = `an array${minItems > 0 ? ` of at least ${minItems} item${minItems === 1 ? '' : 's'}` : ''}`;
  return {
    expected,
    is: (value) => Array.isArray(value),
    read(value, parent, issues, key) {
      if (!Array.isArray(value)) return fail(issues, parent, key, expected, value);
      const place = here(parent, key);
      const length = readField(value, 'length', place, issues);
      if (length === UNREADABLE) return undefined;
      const count = length as number;
      if (count < minItems) return report(issues, parent, key, `must have at least ${minItems} item${minItems === 1 ? '' : 's'}, got ${count}`);
      if (maxItems !== undefined && count > maxItems) return report(issues, parent, key, `must have at most ${maxItems} items, got ${count}`);
      const before = issues.length;
      // A plain loop, not map(): map skips the holes of a sparse array, which must be reported.
      const items: T[] = [];
      for (let index = 0; index < count; index++) {
        const element = readOwnField(value, index, place, issues);
        if (element === UNREADABLE) continue;
        const parsed = item.read(element, place, issues, index);
        if (parsed !== undefined) items.push(parsed);
      }
      return issues.length === before ? items : undefined;
    },
    schema: () => ({
      type: 'array',
      items: item.schema(),
      ...(minItems > 0 ? { minItems } : {}),
      ...(maxItems !== undefined ? { maxItems } : {}),
    }),
  };
}

export interface PropBase<V> {
  readonly shape: Shape<V>;
  /** One sentence for editors (JSON Schema `description`). */
  readonly doc: string;
}
/** Each property of `T` must be described, and optional exactly when `T` says so. */
export type Props<T> = {
  readonly [K in keyof T]-?: PropBase<NonNullable<T[K]>> & (undefined extends T[K] ? { readonly optional: true } : { readonly optional?: false });
};

export interface RecordOptions<T = unknown> {
  /** Properties accepted and ignored (e.g. `$schema` in design files). */
  readonly ignored?: readonly string[];
  readonly title?: string;
  /** Checks across fields that normalize() makes and JSON Schema can state too (`oneOf`, `if`/`then`),
   *  so editors flag them as well; emitted as `allOf`. */
  readonly constraints?: readonly JsonSchema[];
  /** What the error for a value that is not an object says is expected, when "an object" would not
   *  tell the reader its fields (a composite key's part given as a bare string). @default 'an object' */
  readonly expected?: string;
  /**
   * Makes the object a valid value is read into: a literal naming every property of `props` in their order, each
   * `undefined` (`() => ({ name: undefined, cardinality: undefined })`). A record read for every design gives one:
   * objects made from a literal of their own are allocated whole, where the one copy of a template that every other
   * record shares is slow. @default - a copy of a template of the properties
   */
  readonly blank?: () => Record<keyof T, undefined>;
}

/** `blank` when it makes objects with exactly `fields`, in their order, each undefined; throws (a bug of the shape) otherwise. */
function checkedBlank(blank: () => object, fields: readonly string[]): () => Record<string, unknown> {
  const made = blank() as Record<string, unknown>;
  const keys = Object.keys(made);
  if (keys.join() !== fields.join() || keys.some((key) => made[key] !== undefined)) {
    throw new Error(`a record shape's blank must name its properties in their order, each undefined: expected ${fields.join(', ')}; got ${keys.join(', ')}`);
  }
  return blank as () => Record<string, unknown>;
}

/**
 * A maker of objects with every known field own and `undefined`, so reading a field left out never
 * finds a value inherited from a (possibly polluted) Object.prototype.
 */
function blankObjectOf(fields: readonly string[]): () => Record<string, unknown> {
  // As a data property "__proto__" would still be a field, but every reader would trip over it.
  if (fields.includes('__proto__')) throw new Error('a record shape cannot have a field named __proto__');
  // Built by JSON.parse, which gives an object room for every field inside itself: each copy is then one block,
  // where a template built field by field keeps most fields in a second one that every copy allocates too.
  const template = JSON.parse(JSON.stringify(Object.fromEntries(fields.map((field) => [field, null])))) as Record<string, unknown>;
  for (const field of fields) template[field] = undefined;
  return () => ({ ...template });
}

/** A getter a class defines for its instances: data of the instance that lives on its prototype. */
interface InheritedGetter {
  readonly name: string;
  readonly owner: string;
}

/**
 * The getters on `value`'s prototype chain above Object.prototype (a class's `get name()`), which a read
 * of own fields never sees: the library reads own fields only, as JSON.stringify and `{ ...value }` do, so
 * a value a class instance holds there would be silently lost. None for an object literal. Undefined, with
 * the issue at `place`, when the chain cannot be read (a Proxy whose trap throws).
 */
function inheritedGetters(value: object, place: Place, issues: DesignIssue[]): InheritedGetter[] | undefined {
  const found: InheritedGetter[] = [];
  try {
    for (let proto = Object.getPrototypeOf(value) as object | null; proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      const descriptors: Record<string, PropertyDescriptor> = Object.getOwnPropertyDescriptors(proto);
      const constructor: unknown = hasOwn.call(descriptors, 'constructor') ? descriptors['constructor'].value : undefined;
      const owner = typeof constructor === 'function' && constructor.name ? constructor.name : 'an anonymous class';
      for (const [name, descriptor] of Object.entries(descriptors)) {
        if (descriptor.get !== undefined && name !== '__proto__') found.push({ name, owner });
      }
    }
  } catch (thrown) {
    unreadable(issues, place, undefined, thrown);
    return undefined;
  }
  return found;
}

/** The issue of a class getter: an unknown field when `known` fields are given and it is none of them. */
function inheritedGetterIssue(place: Place, getter: InheritedGetter, known?: readonly string[]): DesignIssue {
  if (known !== undefined && !known.includes(getter.name)) return unknownField(place, getter.name, known);
  return {
    path: joinPath(pathOf(place), getter.name),
    message: `is a getter of class ${getter.owner}, not an own field: skewguard reads own fields only (as JSON.stringify and { ...value } do), so its value would be lost; pass an object literal with ${getter.name} as a field`,
  };
}

/**
 * Records an issue for each getter `value`'s class defines (see inheritedGetters), at its path under
 * `place`: for readers of an object whose fields are not a record's (an options bag spread into another),
 * so a class instance's data is refused by name rather than lost. An object literal costs one look.
 */
export function classGetterIssues(value: object, place: Place, issues: DesignIssue[]): void {
  if (hasObjectPrototype(value)) return;
  for (const getter of inheritedGetters(value, place, issues) ?? []) issues.push(inheritedGetterIssue(place, getter));
}

function unknownField(place: Place, key: string, known: readonly string[]): DesignIssue {
  const guess = closest(key, known);
  return {
    path: joinPath(pathOf(place), key),
    message: `is not a known field${guess ? ` (did you mean "${guess}"?)` : ''}; expected one of: ${known.join(', ')}`,
  };
}

/** An object with known properties only: an unknown field is an error, with a suggestion for typos. */
export function record<T>(props: Props<T>, options: RecordOptions<T> = {}): Shape<T> {
  const entries = Object.entries(props) as [string, PropBase<unknown> & { optional?: boolean }][];
  const known = entries.map(([key]) => key);
  const propOf = new Map(entries);
  const ignored = options.ignored ?? [];
  const requiredProps = entries.filter(([, prop]) => !prop.optional);
  const blank = options.blank ? checkedBlank(options.blank, known) : blankObjectOf(known);
  const expected = options.expected ?? 'an object';
  return {
    expected,
    is: isPlainObject,
    read(value, parent, issues, at) {
      // An object literal is looked at once: its prototype says it is plain, and that it has no class getters.
      const literal = typeof value === 'object' && value !== null && !Array.isArray(value) && hasObjectPrototype(value);
      if (!literal && !isPlainObject(value)) return fail(issues, parent, at, expected, value);
      const place = here(parent, at);
      const input = value as Record<string, unknown>;
      const before = issues.length;
      // A class instance's getters: refused by name, never read as if absent.
      if (!literal) {
        const inherited = inheritedGetters(input, place, issues);
        if (inherited === undefined) return undefined;
        for (const getter of inherited) issues.push(inheritedGetterIssue(place, getter, known));
      }
      const output = blank();
      let requiredGiven = 0;
      // The input's own fields only: work grows with what was written, not with what could be.
      const keys = readKeys(input, place, issues);
      if (keys === undefined) return undefined;
      // Required fields given as undefined, which are reported as missing: rare, so the list is made only then.
      let givenUndefined: string[] | undefined;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        const prop = propOf.get(key);
        if (prop === undefined) {
          if (!ignored.includes(key)) issues.push(unknownField(place, key, known));
          continue;
        }
        const raw = readField(input, key, place, issues);
        if (raw === undefined) {
          if (!prop.optional) (givenUndefined ??= []).push(key);
          continue;
        }
        // A field that could not be read was given: its issue says so, not "is required".
        if (!prop.optional) requiredGiven++;
        if (raw !== UNREADABLE) output[key] = prop.shape.read(raw, place, issues, key);
      }
      if (requiredGiven < requiredProps.length) {
        for (const [key, prop] of requiredProps) {
          if (!keys.includes(key) || givenUndefined?.includes(key)) issues.push({ path: joinPath(pathOf(place), key), message: `is required: ${prop.doc}` });
        }
      }
      return issues.length === before ? (output as T) : undefined;
    },
    schema: () => {
      const properties: Record<string, JsonSchema> = {};
      for (const key of ignored) properties[key] = { type: 'string' };
      for (const [key, prop] of entries) properties[key] = { description: prop.doc, ...prop.shape.schema() };
      const required = requiredProps.map(([key]) => key);
      return {
        type: 'object',
        ...(options.title ? { title: options.title } : {}),
        properties,
        ...(required.length ? { required } : {}),
        additionalProperties: false,
        ...(options.constraints?.length ? { allOf: [...options.constraints] } : {}),
      };
    },
  };
}

export interface MapOptions {
  /** The keys accepted; any other is an error with a suggestion. @default - any key */
  readonly keys?: readonly string[];
  /** What the keys are, for messages ("a skewguard rule"). @default 'a known key' */
  readonly keyNoun?: string;
  /** What a valid value looks like, for messages. @default - "an object mapping names to …" */
  readonly expected?: string;
  /** Keys are names that may hold `.`, `[` or spaces (resource names): paths write them `map["a.b"]`, not `map.a.b`.
   *  @default false */
  readonly quotedKeys?: boolean;
}

/**
 * An object used as a map (`{ SG012: 'off' }`, waivers by resource name): every own key read with
 * `value`, and, when `keys` is given, only those keys accepted.
 */
export function mapOf<V>(value: Shape<V>, options: MapOptions = {}): Shape<Record<string, V>> {
  const { keys, keyNoun = 'a known key', quotedKeys = false } = options;
  const known = keys && new Set(keys);
  const expected = options.expected ?? `an object mapping names to ${value.expected}`;
  return {
    expected,
    is: isPlainObject,
    read(input, parent, issues, at) {
      if (!isPlainObject(input)) return fail(issues, parent, at, expected, input);
      const place = here(parent, at);
      const before = issues.length;
      // A null-prototype result: a key named "__proto__" or "constructor" is data, never a prototype.
      const output = Object.create(null) as Record<string, V>;
      const given = readKeys(input, place, issues);
      if (given === undefined) return undefined;
      for (const key of given) {
        // Where the entry's issues go: the map's child `key`, or the spelt-out `map["key"]`.
        const at: Place = quotedKeys ? `${pathOf(place)}[${JSON.stringify(key)}]` : place;
        const atKey = quotedKeys ? undefined : key;
        // The keys accepted, not the ones given, for the suggestion and the list.
        if (known && keys && !known.has(key)) {
          const guess = closest(key, keys);
          issues.push({
            path: pathOf(at, atKey),
            message: `"${key}" is not ${keyNoun}${guess ? ` (did you mean "${guess}"?)` : ''}; expected one of: ${keys.join(', ')}`,
          });
          continue;
        }
        const raw = readEntry(input, key, at, atKey, issues);
        const read = raw === UNREADABLE ? undefined : value.read(raw, at, issues, atKey);
        if (read !== undefined) output[key] = read;
      }
      return issues.length === before ? output : undefined;
    },
    schema: () => ({
      type: 'object',
      ...(keys ? { propertyNames: { enum: [...keys] } } : {}),
      additionalProperties: value.schema(),
    }),
  };
}
