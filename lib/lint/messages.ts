/** Message templates: `{{name}}` is replaced by hit data, numbers formatted the way every report reads. */
import { code, fmt, keyName, listed, onIndex, percent } from './format';
import type { MessageData } from './rule';

const PLACEHOLDER = /\{\{(\w+)(?:\|([^{}]*))?\}\}/g;

/** `percent`: a share as `25%`; `code`: a name as `` `name` ``; `key`: attribute names as a key
 *  (`` `a` `` or `` (`a`, `b`) ``); `levels`: a hierarchical key's levels, or an order, as
 *  `` `a` → `b` ``; `indexes`: index names as ``index `a` and index `b` ``; `onIndex`: `` on index `a` ``
 *  for an index, nothing when the value is absent (the table itself). A list
 *  is rendered item by item and joined with commas. */
const FILTERS = ['percent', 'code', 'key', 'levels', 'indexes', 'onIndex'] as const;
type Filter = (typeof FILTERS)[number];

function render(value: NonNullable<MessageData[string]>, filter: Filter | undefined): string {
  if (filter === 'onIndex') return onIndex(String(value));
  if (filter === 'indexes') return listed((typeof value === 'object' ? value : [value]).map((name: string | number) => `index ${code(String(name))}`));
  if (filter === 'levels') return (typeof value === 'object' ? value : [value]).map((name: string | number) => code(String(name))).join(' → ');
  if (typeof value === 'object')
    return filter === 'key' ? keyName(value.map((name) => ({ name: String(name) }))) : value.map((v: string | number) => render(v, filter)).join(', ');
  if (filter === 'percent') return percent(Number(value));
  if (filter === 'code' || filter === 'key') return code(String(value));
  return typeof value === 'number' ? fmt(value) : value;
}

/**
 * `{{source|declared=as declared|derived=estimated}}`: the words for an id held in data (a select,
 * as in ICU message format), so data keeps the id and the message its wording.
 */
function select(value: NonNullable<MessageData[string]>, choices: string, fail: () => never): string {
  for (const choice of choices.split('|')) {
    const at = choice.indexOf('=');
    if (choice.slice(0, at) === String(value)) return choice.slice(at + 1);
  }
  return fail();
}

export function interpolate(template: string, data: MessageData): string {
  return template.replace(PLACEHOLDER, (_, key: string, filter?: string) => {
    const value = data[key];
    // A missing value (or filter, or choice) is a bug in the rule, not in the user's design: fail loudly in tests.
    const fail = (): never => {
      throw new Error(
        `message placeholder "{{${key}}}" has no ${value === undefined ? 'data' : 'such filter or choice'} in ${JSON.stringify(template.slice(0, 60))}`,
      );
    };
    if (value === undefined) return filter === 'onIndex' ? '' : fail();
    if (filter?.includes('=')) return select(value, filter, fail);
    if (filter !== undefined && !(FILTERS as readonly string[]).includes(filter)) return fail();
    return render(value, filter as Filter | undefined);
  });
}

/** The placeholder names a template uses (the rule tester checks every one is given). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
}
