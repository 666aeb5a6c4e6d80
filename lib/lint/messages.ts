/** Message templates: `{{name}}` is replaced by hit data, numbers formatted the way every report reads. */
import { code, fmt, keyName, percent } from './format';
import type { MessageData } from './rule';

const PLACEHOLDER = /\{\{(\w+)(?:\|(percent|code|key|partitions))?\}\}/g;

/** `partitions`: a count of physical partitions, singular or plural (`1 physical partition`, `2 physical partitions`). */
type Filter = 'percent' | 'code' | 'key' | 'partitions';

function render(value: MessageData[string], filter: Filter | undefined): string {
  if (typeof value === 'object')
    return filter === 'key' ? keyName(value.map((name) => ({ name: String(name) }))) : value.map((v: string | number) => render(v, filter)).join(', ');
  if (filter === 'percent') return percent(Number(value));
  if (filter === 'partitions') return `${fmt(Number(value))} physical partition${Number(value) === 1 ? '' : 's'}`;
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
