/** Message templates: `{{name}}` is replaced by hit data, numbers formatted the way every report reads. */
import { code, fmt, percent } from './format';
import type { MessageData } from './rule';

const PLACEHOLDER = /\{\{(\w+)(?:\|(percent|code))?\}\}/g;

type Part = string | { readonly key: string; readonly filter?: 'percent' | 'code' };

// Templates are few and fixed; findings are many: split each template once.
const compiled = new Map<string, readonly Part[]>();

function compile(template: string): readonly Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    parts.push(template.slice(last, match.index), { key: match[1], filter: match[2] as 'percent' | 'code' | undefined });
    last = (match.index as number) + match[0].length;
  }
  parts.push(template.slice(last));
  return parts;
}

export function interpolate(template: string, data: MessageData): string {
  let parts = compiled.get(template);
  if (!parts) {
    parts = compile(template);
    compiled.set(template, parts);
  }
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    const value = data[part.key];
    // A missing value is a bug in the rule, not in the user's design: fail loudly in tests.
    if (value === undefined) throw new Error(`message placeholder "{{${part.key}}}" has no data in ${JSON.stringify(template.slice(0, 60))}`);
    text += part.filter === 'percent' ? percent(Number(value)) : part.filter === 'code' ? code(String(value)) : typeof value === 'number' ? fmt(value) : value;
  }
  return text;
}

/** The placeholder names a template uses (the rule tester checks every one is given). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
}
