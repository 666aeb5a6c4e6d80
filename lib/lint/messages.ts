/** Message templates: `{{name}}` is replaced by hit data, numbers formatted the way every report reads. */
import { code, fmt, keyName, listed, percent } from './format';
import type { MessageData } from './rule';

const PLACEHOLDER = /\{\{(\w+)(?:\|(percent|code|key|levels|indexes))?\}\}/g;

/** `percent`: a share as `25%`; `code`: a name as `` `name` ``; `key`: attribute names as a key
 *  (`` `a` `` or `` (`a`, `b`) ``); `levels`: a hierarchical key's levels, or an order, as
 *  `` `a` → `b` ``; `indexes`: index names as ``index `a` and index `b` ``. A list
 *  is rendered item by item and joined with commas. */
type Filter = 'percent' | 'code' | 'key' | 'levels' | 'indexes';

function render(value: MessageData[string], filter: Filter | undefined): string {
  if (filter === 'indexes') return listed((typeof value === 'object' ? value : [value]).map((name: string | number) => `index ${code(String(name))}`));
  if (filter === 'levels') return (typeof value === 'object' ? value : [value]).map((name: string | number) => code(String(name))).join(' → ');
  if (typeof value === 'object')
    return filter === 'key' ? keyName(value.map((name) => ({ name: String(name) }))) : value.map((v: string | number) => render(v, filter)).join(', ');
  if (filter === 'percent') return percent(Number(value));
  if (filter === 'code' || filter === 'key') return code(String(value));
  return typeof value === 'number' ? fmt(value) : value;
}

export function interpolate(template: string, data: MessageData): string {
  return template.replace(PLACEHOLDER, (_, key: string, filter?: Filter) => {
    const value = data[key];
    // A missing value is a bug in the rule, not in the user's design: fail loudly in tests.
    if (value === undefined) throw new Error(`message placeholder "{{${key}}}" has no data in ${JSON.stringify(template.slice(0, 60))}`);
    return render(value, filter);
  });
}

/** The placeholder names a template uses (the rule tester checks every one is given). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
}
