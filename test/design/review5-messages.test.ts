/** Review 5's message fixes in the core: every problem at once, a composite key part's fields, a retired rule's setting. */
import { DesignError, lint, validateLintOptions } from '../../lib';

const table = (overrides: Record<string, unknown>) => ({
  engine: 'dynamodb',
  name: 'Orders',
  partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 10, peakWriteUnits: 10 },
  ...overrides,
});

const issuesOf = (design: unknown): [string, string][] => {
  try {
    lint(design as never);
  } catch (error) {
    expect(error).toBeInstanceOf(DesignError);
    return (error as DesignError).issues.map((i) => [i.path, i.message]);
  }
  throw new Error('expected a DesignError');
};

describe('a design with several problems', () => {
  it('reports an unknown waiver rule id with an unknown field beside it, in one run', () => {
    const issues = issuesOf({
      tables: [
        table({
          acknowledgements: [
            { rule: 'SG001', reason: 'a reason long enough', until: '2027-01-01' },
            { rule: 'SG099', reason: 'a reason long enough' },
          ],
        }),
      ],
    });
    expect(issues.map(([path]) => path)).toEqual(['tables[0].acknowledgements[0].until', 'tables[0].acknowledgements[1].rule']);
    expect(issues[1][1]).toContain('"SG099" is not a skewguard rule');
  });

  it('does so for one design passed on its own too, and adds nothing when the ids are known', () => {
    expect(issuesOf(table({ expires: 1, acknowledgements: [{ rule: 'SG099', reason: 'a reason long enough' }] })).map(([path]) => path)).toEqual([
      'expires',
      'acknowledgements[0].rule',
    ]);
    expect(issuesOf(table({ expires: 1, acknowledgements: [{ rule: 'SG001', reason: 'a reason long enough' }] })).map(([path]) => path)).toEqual(['expires']);
  });
});

describe('a composite key part given as a bare attribute name', () => {
  it('names the fields a part needs', () => {
    const issues = issuesOf({ tables: [table({ partitionKey: { name: 'k', type: 'S', components: ['deviceId', 'yyyyMMdd'] } })] });
    expect(issues[0]).toEqual([
      'tables[0].partitionKey.components[0]',
      'expected an object { name, cardinality, kind? } (e.g. { "name": "deviceId", "cardinality": 50000 }; cardinality is required with two or more parts), got "deviceId"',
    ]);
  });
});

describe('lint options', () => {
  it('accept a retired rule id in rules (it has no effect), and still refuse an unknown one', () => {
    expect(validateLintOptions({ rules: { SG011: 'off', SG014: 'off' } })).toEqual({ rules: { SG014: 'off' } });
    expect(() => validateLintOptions({ rules: { SG099: 'off' } })).toThrow(/not a skewguard rule/);
  });
});
