/** Message templates: `{{name}}` is replaced by hit data, numbers formatted the way every report reads. */
import { code, fmt, percent } from './format';
import type { MessageData } from './rule';

const PLACEHOLDER = /\{\{(\w+)(?:\|(percent|code))?\}\}/g;

export function interpolate(template: string, data: MessageData): string {
  return template.replace(PLACEHOLDER, (_, key: string, filter?: 'percent' | 'code') => {
    const value = data[key];
    // A missing value is a bug in the rule, not in the user's design: fail loudly in tests.
    if (value === undefined) throw new Error(`message placeholder "{{${key}}}" has no data in ${JSON.stringify(template.slice(0, 60))}`);
    if (filter === 'percent') return percent(Number(value));
    if (filter === 'code') return code(String(value));
    return typeof value === 'number' ? fmt(value) : value;
  });
}

/** The placeholder names a template uses (the rule tester checks every one is given). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
}
