/** Message templates: `{{name}}` is replaced by hit data, numbers formatted the way every report reads. */
import { printable } from '../design/printable';
import { code, fmt, keyName, listed, onIndex, percent } from './format';

/**
 * The values behind a finding: numbers, names, ids and flags, never prose. Templates format them when the
 * message is rendered: numbers as `20,000`, `{{share|percent}}` as `25%`, a flag by a select (`{{logged|true=…|false=…}}`: a
 * flag is no section's test, `{{?logged}}` is written for `false` too), `{{name|code}}` and lists of
 * names with `{{names|code}}` as `` `a`, `b` ``, a key's attribute names with `{{key|key}}`.
 * `undefined` only for a value a filter reads as optional (`{{index|onIndex}}` for the table itself).
 */
export type MessageData = Readonly<
  Record<string, string | number | boolean | readonly string[] | readonly number[] | readonly (string | number)[] | DeclarationData | undefined>
>;

/**
 * A value a fix declares, as its edit writes it into the design: `{ min: 5, max: 100 }`, or per dimension
 * `{ read: { fixed: 20 }, write: { min: 5, max: 100 } }`. Rendered by `{{name|declaration}}`.
 */
export interface DeclarationData {
  readonly [name: string]: number | DeclarationData;
}

const PLACEHOLDER = /\{\{(\w+)(?:\|([^{}]*))?\}\}/g;

/** `percent`: a share as `25%`; `code`: a name as `` `name` ``; `key`: attribute names as a key
 *  (`` `a` `` or `` (`a`, `b`) ``); `levels`: a hierarchical key's levels, or an order, as
 *  `` `a` → `b` ``; `indexes`: index names as ``index `a` and index `b` ``; `onIndex`: `` on index `a` ``
 *  for an index, nothing when the value is absent (the table itself); `partitions`: a count of physical
 *  partitions, singular or plural (`1 physical partition`, `2 physical partitions`); `arrows`: a list
 *  joined with arrows, numbers formatted (`5 → 200,000 → unique`); `keySpace`: `` index `a` `` for an
 *  index, `the table` when the value is absent; `attributes`: attribute names joined with `+`
 *  (`` `a` + `b` ``), `nothing` for none; `declaration`: a declared value as the design writes it,
 *  `{ read: {min: 5, max: 100} }` (numbers ungrouped, as in the file). Any other list is rendered item by item and
 *  joined with commas. */
const FILTERS = ['percent', 'code', 'key', 'levels', 'indexes', 'onIndex', 'partitions', 'arrows', 'keySpace', 'attributes', 'declaration'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * `{{source|declared=as declared|derived=estimated}}`: the words for an id held in data (a select,
 * as in ICU message format), so data keeps the id and the message its wording. A select whose choices are
 * `one` and `other` is a plural (ICU's `plural`): a count of 1 takes `one`, any other `other`, and `#` in the
 * words is the count, formatted (`{{values|one=# key value|other=# key values}}`: `1 key value`, `5 key values`).
 * A plural may also have `zero` (ICU's `=0`) for a count of 0, so a clause whose figure is nothing is left out
 * (`{{neighbourRu|zero=|other=, less the # RU/s others take}}`).
 */
type Choices = ReadonlyMap<string, string>;

/**
 * A placeholder: the data's key and how to format its value, by a filter or a select (`plural`: a select whose choices
 * are `one` and `other`). Every placeholder has all four fields, and every section all three: one shape each, which the
 * engine reads for every part of every finding.
 */
interface Placeholder {
  readonly key: string;
  readonly filter: Filter | undefined;
  readonly choices: Choices | undefined;
  readonly plural: boolean;
}

/** Literal text, a placeholder, or a section. */
type Part = string | Placeholder | Section;

/**
 * `{{?name}}…{{/name}}`: text with placeholders of its own, written only where data has `name` (a clause that only
 * some findings carry, inside a wording many templates share: a raise in place and the new container's way to it).
 * `{{!name}}…{{/name}}`: written only where data lacks `name` (the wording such a clause replaces). Sections do not nest.
 */
interface Section {
  readonly section: string;
  readonly parts: readonly Part[];
  /** `{{!name}}`: written where data lacks `name`. */
  readonly unless: boolean;
}

const SECTION = /\{\{([?!])(\w+)\}\}([\s\S]*?)\{\{\/\2\}\}/g;

/** A message template compiled once (on its first use, `Rule.template`): its literal text and the placeholders between. */
export interface Template {
  readonly source: string;
  readonly parts: readonly Part[];
}

/** A bug in a rule, not in the user's design: fail loudly in tests. */
function templateError(source: string, problem: string): Error {
  return new Error(`${problem} in ${JSON.stringify(source.slice(0, 60))}`);
}

function placeholder(source: string, key: string, filter: string | undefined): Placeholder {
  if (filter === undefined) return { key, filter: undefined, choices: undefined, plural: false };
  if (filter.includes('=')) {
    const choices = new Map(filter.split('|').map((choice) => [choice.slice(0, choice.indexOf('=')), choice.slice(choice.indexOf('=') + 1)] as const));
    return { key, filter: undefined, choices, plural: isPlural(choices) };
  }
  if (!(FILTERS as readonly string[]).includes(filter)) throw templateError(source, `message placeholder "{{${key}}}" has no such filter "${filter}"`);
  return { key, filter: filter as Filter, choices: undefined, plural: false };
}

export function compileTemplate(source: string): Template {
  const parts: Part[] = [];
  let end = 0;
  for (const match of source.matchAll(SECTION)) {
    parts.push(...placeholders(source, source.slice(end, match.index)));
    parts.push({ section: match[2], parts: placeholders(source, match[3]), unless: match[1] === '!' });
    end = match.index + match[0].length;
  }
  parts.push(...placeholders(source, source.slice(end)));
  if (parts.some(openMarker)) throw templateError(source, 'message section is not closed, or nested');
  return { source, parts };
}

/**
 * Whether a part is literal text that holds a section's marker (`{{?`, `{{!`, `{{/`), at the top or inside a section: an
 * unclosed section, or one nested in another, which the filler would write out as text.
 */
function openMarker(part: Part): boolean {
  if (typeof part === 'string') return /\{\{[?!/]/.test(part);
  return 'section' in part && part.parts.some(openMarker);
}

/** `text`'s literal runs and placeholders, in order (`source`: the whole template, for errors). */
function placeholders(source: string, text: string): Part[] {
  const parts: Part[] = [];
  let end = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > end) parts.push(text.slice(end, match.index));
    parts.push(placeholder(source, match[1], match[2]));
    end = match.index + match[0].length;
  }
  if (end < text.length) parts.push(text.slice(end));
  return parts;
}

/** Filters that read an absent value: `onIndex` as nothing, `keySpace` as the table. */
const ABSENT: Partial<Record<Filter, string>> = { onIndex: '', keySpace: 'the table' };

function render(value: NonNullable<MessageData[string]>, filter: Filter | undefined): string {
  // A flag read without a select: its name's words belong in the template, so this is only a fallback.
  if (typeof value === 'boolean') return String(value);
  if (filter === 'onIndex') return onIndex(String(value));
  if (filter === 'declaration') return declared(value);
  if (isDeclaration(value)) throw new Error('a declaration in message data is rendered with the `declaration` filter');
  if (filter === 'keySpace') return `index ${code(String(value))}`;
  if (filter === 'arrows') return (typeof value === 'object' ? value : [value]).map((item: string | number) => render(item, undefined)).join(' → ');
  if (filter === 'attributes') {
    const names = typeof value === 'object' ? value : [value];
    return names.length === 0 ? 'nothing' : names.map((name: string | number) => code(String(name))).join(' + ');
  }
  if (filter === 'partitions') return `${fmt(Number(value))} physical partition${Number(value) === 1 ? '' : 's'}`;
  if (filter === 'indexes') return listed((typeof value === 'object' ? value : [value]).map((name: string | number) => `index ${code(String(name))}`));
  if (filter === 'levels') return (typeof value === 'object' ? value : [value]).map((name: string | number) => code(String(name))).join(' → ');
  if (typeof value === 'object') return filter === 'key' ? keyName(value) : value.map((v: string | number) => render(v, filter)).join(', ');
  if (filter === 'percent') return percent(Number(value));
  if (filter === 'code' || filter === 'key') return code(String(value));
  return typeof value === 'number' ? fmt(value) : value;
}

function isDeclaration(value: NonNullable<MessageData[string]>): value is DeclarationData {
  return typeof value === 'object' && !Array.isArray(value);
}

/** `{ read: {min: 5, max: 100}, write: {fixed: 20} }`: the outer braces spaced, the inner ones as written in a file. */
function declared(value: NonNullable<MessageData[string]>, depth = 0): string {
  if (!isDeclaration(value)) return String(value);
  const members = Object.entries(value).map(([name, member]) => `${name}: ${declared(member, depth + 1)}`);
  return depth === 0 ? `{ ${members.join(', ')} }` : `{${members.join(', ')}}`;
}

/** The templates, in order, filled from `data` into one sentence. */
export function fill(templates: readonly Template[], data: MessageData): string {
  let text = '';
  for (const template of templates) text += fillTemplate(template, data);
  return text;
}

/** One template filled from `data`. */
export function fillTemplate(template: Template, data: MessageData): string {
  return fillParts(template.source, template.parts, data);
}

function fillParts(source: string, parts: readonly Part[], data: MessageData): string {
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    if ('section' in part) {
      if ((data[part.section] !== undefined) !== part.unless) text += fillParts(source, part.parts, data);
      continue;
    }
    const value = data[part.key];
    if (value === undefined) {
      const absent = part.filter === undefined ? undefined : ABSENT[part.filter];
      if (absent !== undefined) {
        text += absent;
        continue;
      }
      throw templateError(source, `message placeholder "{{${part.key}}}" has no data`);
    }
    // A figure a rule computed as NaN (0 ÷ 0) is a bug of ours: named with its placeholder and template, not left to the formatter.
    if (Number.isNaN(value)) throw templateError(source, `message placeholder "{{${part.key}}}" is NaN, a figure computed from nothing`);
    if (part.choices === undefined) {
      // The one place names from a design reach a message: a table, attribute or path name with an ESC,
      // a bidi override or a zero-width character is written escaped (`\u202e`), so every report
      // (SARIF and JSON too, whose viewers render message text as written) shows the name deployed.
      // `data` keeps the raw value: data is data. A number renders as digits and words only, with nothing to escape.
      text += typeof value !== 'number' ? printable(render(value, part.filter)) : part.filter === undefined ? fmt(value) : render(value, part.filter);
      continue;
    }
    const words = part.plural ? pluralWords(part.choices, value) : part.choices.get(String(value));
    if (words === undefined) throw templateError(source, `message placeholder "{{${part.key}}}" has no choice for "${String(value)}"`);
    text += words;
  }
  return text;
}

/** Whether a select is a plural: its choices are `other` and `one`, `zero` or both. */
function isPlural(choices: Choices): boolean {
  return choices.size > 1 && choices.has('other') && [...choices.keys()].every((choice) => PLURAL_CHOICES.includes(choice));
}

const PLURAL_CHOICES: readonly string[] = ['zero', 'one', 'other'];

/** A plural's words for a count, `#` replaced by the count as every report formats numbers; undefined for a value that is no number. */
function pluralWords(choices: Choices, value: NonNullable<MessageData[string]>): string | undefined {
  if (typeof value !== 'number') return undefined;
  const exact = value === 0 ? 'zero' : value === 1 ? 'one' : 'other';
  const words = (choices.get(exact) ?? choices.get('other')) as string;
  // Most words name no count (`one=one|other=the # partitions`): the count is formatted only for a `#`.
  return words.includes('#') ? words.replaceAll('#', fmt(value)) : words;
}

export function interpolate(template: string, data: MessageData): string {
  return fill([compileTemplate(template)], data);
}
