/** Message templates: `{{name}}` is replaced by hit data, numbers formatted the way every report reads. */
import { code, fmt, keyName, percent } from './format';

/**
 * The values behind a finding: numbers, names and ids, never prose. Templates format them when the
 * message is rendered: numbers as `20,000`, `{{share|percent}}` as `25%`, `{{name|code}}` and lists of
 * names with `{{names|code}}` as `` `a`, `b` ``, a key's attribute names with `{{key|key}}`.
 */
export type MessageData = Readonly<Record<string, string | number | readonly string[] | readonly number[]>>;

const PLACEHOLDER = /\{\{(\w+)(?:\|(percent|code|key))?\}\}/g;

type Filter = 'percent' | 'code' | 'key';

/** Literal text, or a placeholder: the data's key and how to format its value. */
type Part = string | { readonly key: string; readonly filter?: Filter };

/** A message template read once (when its rule is defined): its literal text and the placeholders between. */
export interface Template {
  readonly source: string;
  readonly parts: readonly Part[];
}

export function compileTemplate(source: string): Template {
  const parts: Part[] = [];
  let end = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    if (match.index > end) parts.push(source.slice(end, match.index));
    parts.push({ key: match[1], filter: match[2] as Filter | undefined });
    end = match.index + match[0].length;
  }
  if (end < source.length) parts.push(source.slice(end));
  return { source, parts };
}

/** Every template of a rule's messages, by message id. */
export function compileTemplates(messages: Readonly<Record<string, string>>): Readonly<Record<string, Template>> {
  return Object.fromEntries(Object.entries(messages).map(([id, source]) => [id, compileTemplate(source)]));
}

function render(value: MessageData[string], filter: Filter | undefined): string {
  if (typeof value === 'object')
    return filter === 'key' ? keyName(value.map((name) => ({ name: String(name) }))) : value.map((v: string | number) => render(v, filter)).join(', ');
  if (filter === 'percent') return percent(Number(value));
  if (filter === 'code' || filter === 'key') return code(String(value));
  return typeof value === 'number' ? fmt(value) : value;
}

/** The templates, in order, filled from `data` into one sentence. */
export function fill(templates: readonly Template[], data: MessageData): string {
  let text = '';
  for (const template of templates) {
    for (const part of template.parts) {
      if (typeof part === 'string') {
        text += part;
        continue;
      }
      const value = data[part.key];
      // A missing value is a bug in the rule, not in the user's design: fail loudly in tests.
      if (value === undefined) throw new Error(`message placeholder "{{${part.key}}}" has no data in ${JSON.stringify(template.source.slice(0, 60))}`);
      text += render(value, part.filter);
    }
  }
  return text;
}

export function interpolate(template: string, data: MessageData): string {
  return fill([compileTemplate(template)], data);
}

/** The placeholder names a template uses (the rule tester checks every one is given). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
}
