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
        messages: { [message]: 'x' },
      });
    expect(() => ruleAcrossEngines(part('dynamodb', 'a', 'one'), part('cosmosdb', 'b', 'two'))).toThrow(/shares its id, title, summary and severity/);
    expect(() => ruleAcrossEngines(part('dynamodb', 'a', 'one'), part('cosmosdb', 'a', 'two', 'another line'))).toThrow(/shares its id, title, summary/);
    expect(() => ruleAcrossEngines(part('dynamodb', 'a', 'one'), part('cosmosdb', 'a', 'one'))).toThrow(/message id "one" is declared by two/);
  });
});
