/** SG005 is one catalogue rule made of one part per engine (lib/lint/rules/key-structure/). */
import { lint, RULES, RULE_IDS } from '../../lib';
import { catalogueMarkdown } from '../../lib/internal';
import { ruleAcrossEngines, defineRule } from '../../lib/lint/rule';
import { container, table } from '../fixtures';

describe('a rule made of per-engine parts', () => {
  it("is listed once, with every engine and every part's messages", () => {
    expect(RULE_IDS.filter((id) => id === 'SG005')).toHaveLength(1);
    const rule = RULES.find((r) => r.id === 'SG005');
    expect(rule?.engines).toEqual(['dynamodb', 'cosmosdb']);
    expect(Object.keys(rule?.messages ?? {})).toEqual(expect.arrayContaining(['invalidPath', 'untyped']));
    expect(catalogueMarkdown().match(/^## SG005 /gm)).toHaveLength(1);
  });

  it("runs each engine's part on that engine's designs only", () => {
    const cosmos = lint(container({ partitionKey: { paths: [{ path: 'tenantId', cardinality: 'unique' }] } })).filter((f) => f.ruleId === 'SG005');
    const dynamo = lint(table({ partitionKey: { name: 'id', cardinality: 'unique' } })).filter((f) => f.ruleId === 'SG005');
    expect(cosmos.map((f) => f.messageId)).toEqual(['invalidPath']);
    expect(dynamo.map((f) => f.messageId)).toEqual(['untyped']);
  });

  it("refuses parts that disagree on the rule's identity or share a message id", () => {
    const part = (engine: 'dynamodb' | 'cosmosdb', title: string, message: string, summary = 'one line') =>
      defineRule({
        id: 'SG999',
        title,
        summary,
        severity: 'error',
        engines: [engine],
        thresholds: [],
        fires: '',
        rationale: '',
        fix: '',
        sources: [],
        messages: () => ({ [message]: 'x' }),
      });
    expect(() => ruleAcrossEngines(part('dynamodb', 'a', 'one'), part('cosmosdb', 'b', 'two'))).toThrow(/shares its id, title, summary and severity/);
    expect(() => ruleAcrossEngines(part('dynamodb', 'a', 'one'), part('cosmosdb', 'a', 'two', 'another line'))).toThrow(/shares its id, title, summary/);
    // The parts' messages are read on first use (a start defines every rule and reads no message of a clean lint).
    const twice = ruleAcrossEngines(part('dynamodb', 'a', 'one'), part('cosmosdb', 'a', 'one'));
    expect(() => twice.messages).toThrow(/message id "one" is declared by two/);
  });
});

describe("a rule's messages", () => {
  it('are built on first read, once: defining every rule (each start) builds none', () => {
    const built = jest.fn(() => ({ one: 'the {{key}} value' }));
    const rule = defineRule({
      id: 'SG999',
      title: 'a',
      summary: 'one line',
      severity: 'error',
      thresholds: [],
      fires: '',
      rationale: '',
      fix: '',
      sources: [],
      messages: built,
    });
    const across = ruleAcrossEngines(rule);
    expect(built).not.toHaveBeenCalled();
    expect(across.messages).toEqual({ one: 'the {{key}} value' });
    expect(Object.keys(rule.templates)).toEqual(['one']);
    expect(built).toHaveBeenCalledTimes(1);
  });
});
