/**
 * No message template of the catalogue can print a raw `{{`: every message of every rule compiles, and no literal run of
 * it, at its top or inside a section, holds `{{` (an unclosed or nested section, or a placeholder the filler does not
 * read, such as `{{ name }}`). Sections (`{{?name}}…{{/name}}`, `{{!name}}…{{/name}}`) do not nest: the filler would
 * write the inner one's markers as text. The broken copies below show the check fails where it must.
 */
import { compileTemplate, type Template } from '../../lib/lint/messages';
import { RULES } from '../../lib/lint/rules';

type Part = Template['parts'][number];

/** The literal runs of a compiled template that still hold `{{`, sections' parts included. */
function rawBraces(parts: readonly Part[]): string[] {
  return parts.flatMap((part) => {
    if (typeof part === 'string') return part.includes('{{') ? [part] : [];
    return 'section' in part ? rawBraces(part.parts) : [];
  });
}

/** The problem with one template, or undefined where it compiles and leaves no `{{` to print. */
function problem(source: string): string | undefined {
  try {
    const raw = rawBraces(compileTemplate(source).parts);
    return raw.length > 0 ? `prints ${JSON.stringify(raw[0].slice(0, 80))}` : undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('message templates print no raw {{', () => {
  it('every message of every rule compiles with its sections balanced and none nested', () => {
    const problems: string[] = [];
    let count = 0;
    for (const rule of RULES)
      for (const [id, source] of Object.entries(rule.messages)) {
        count++;
        const found = problem(source);
        if (found !== undefined) problems.push(`${rule.id} ${id}: ${found}`);
      }
    expect(count).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });

  // A real message with a section, broken three ways: each must fail the check above.
  const real = Object.values(RULES.find((r) => r.id === 'SG003')?.messages ?? {}).find((m) => /\{\{\?(\w+)\}\}[^{]*\{\{\/\1\}\}/.test(m)) as string;

  it('a template with a section that is not closed fails', () => {
    expect(problem(real)).toBeUndefined();
    expect(problem(real.replace(/\{\{\/(\w+)\}\}/, ''))).toBeDefined();
  });

  it('a template with a nested section fails', () => {
    expect(problem(`${real}{{?outer}}a {{?inner}}b{{/inner}} c{{/outer}}`)).toBeDefined();
    expect(problem(`${real}{{!outer}}a {{?inner}}b{{/inner}} c{{/outer}}`)).toBeDefined();
    // The engine compiles a message on its first finding: a nested section is refused there, not printed.
    expect(() => compileTemplate('{{?outer}}a {{?inner}}b{{/inner}} c{{/outer}}')).toThrow('message section is not closed, or nested');
  });

  it('a placeholder the filler does not read fails', () => {
    expect(problem(`${real} {{ spaced }}`)).toBeDefined();
    expect(problem(`${real} {{/closesNothing}}`)).toBeDefined();
  });
});
