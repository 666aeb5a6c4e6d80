/**
 * The engine reads every rule's fields (check, engines, id, templates) for every design it lints and every finding
 * it renders: each rule stays a plain fast-mode object in V8, with `messages` in its place, built on first read.
 */
import { setFlagsFromString } from 'node:v8';
import { runInThisContext } from 'node:vm';
import { RULES } from '../../lib';
import { defineRule } from '../../lib/lint/rule';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = runInThisContext('(function (object) { return %HasFastProperties(object); })') as (object: object) => boolean;

describe('defined rules', () => {
  it('are fast-mode objects, not dictionaries (a getter of its own per rule, or one redefined from a data property, makes one)', () => {
    expect(RULES.filter((rule) => !hasFastProperties(rule)).map((rule) => rule.id)).toEqual([]);
  });

  it('keep messages enumerable in its place, built on first read, with templates compiled from them', () => {
    let built = 0;
    const rule = exampleRule('SG998', () => {
      built++;
      return { hello: 'hello {{name|code}}' };
    });
    expect(built).toBe(0);
    expect(Object.keys(rule)).toEqual([
      'id',
      'title',
      'summary',
      'severity',
      'thresholds',
      'fires',
      'rationale',
      'fix',
      'sources',
      'messages',
      'check',
      'engines',
      'externalEngines',
    ]);
    expect(rule.templates.hello.source).toBe('hello {{name|code}}');
    expect({ ...rule }.messages).toEqual({ hello: 'hello {{name|code}}' });
    expect(built).toBe(1);
    expect(hasFastProperties(rule)).toBe(true);
  });

  it('compile each message on its first use, and all of them when their `templates` are listed', () => {
    // A template with an unknown filter throws when compiled: only listing every template compiles it.
    const rule = exampleRule('SG997', () => ({ used: 'uses {{name|code}}', broken: 'breaks {{name|nonsense}}' }));
    expect(rule.template('used').source).toBe('uses {{name|code}}');
    expect(rule.template('used')).toBe(rule.template('used'));
    expect(() => rule.template('missing')).toThrow('SG997: no message "missing"');
    expect(() => rule.templates).toThrow('has no such filter "nonsense"');
    expect(hasFastProperties(rule)).toBe(true);
  });
});

/** A rule with these messages and nothing to check. */
function exampleRule(id: string, messages: () => Record<string, string>) {
  return defineRule({
    id,
    title: 'example',
    summary: 'one line',
    severity: 'warning',
    thresholds: [],
    fires: 'never',
    rationale: 'none',
    fix: 'none',
    sources: [],
    messages,
    check: () => [],
  });
}
