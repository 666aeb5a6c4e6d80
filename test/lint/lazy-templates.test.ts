/**
 * A rule's messages are compiled into templates one at a time, as findings use them: SG003 alone has some 200
 * messages (75 KB of text), and compiling them all for its first finding was about 15 M instructions of a
 * `skewguard lint` of the test fixture's cloud assembly (bench/cli.js), for the two or three a finding fills.
 */
import { lint, lintTemplateResource } from '../../lib';

/**
 * The message sources `run` compiled, in order: compiling a template starts by matching its sections
 * (`{{?name}}…{{/name}}`, lib/lint/messages.ts), once per template, whichever function calls it.
 */
function compiledBy(run: () => void): string[] {
  const compiled: string[] = [];
  const matchAll = String.prototype.matchAll;
  const spy = jest.spyOn(String.prototype, 'matchAll').mockImplementation(function (this: string, pattern: RegExp) {
    if (pattern.source.startsWith('\\{\\{([?!])')) compiled.push(String(this));
    return matchAll.call(this, pattern);
  });
  try {
    run();
    return compiled;
  } finally {
    spy.mockRestore();
  }
}

const viralProduct = {
  engine: 'dynamodb' as const,
  name: 'products',
  partitionKey: { name: 'productId', type: 'S' as const, cardinality: 100000 },
  workload: { peakReadUnits: 48000, peakWriteUnits: 200, hotKeyShare: 0.1 },
  warmThroughput: { readUnitsPerSecond: 48000 },
};

describe('message templates', () => {
  it('are compiled for the messages a finding fills, each once', () => {
    let findings: ReturnType<typeof lint> = [];
    const compiled = compiledBy(() => {
      findings = lint(viralProduct);
      findings = lint(viralProduct); // the second lint compiles nothing again
    });
    expect(findings.map((f) => f.ruleId)).toEqual(['SG003', 'SG017']);
    // Each finding's message and fix, with their clauses: a handful, not the rules' 270 messages. 14: the 7 copies two
    // of which share one of the 32 partitions 50.63% of the time follow the cache, whose fix has one clause more than
    // the copies-first one (`orCopiesIfShared`, why the cache leads), and the copies' count states how likely a crowd
    // past the partition's maximum is (the crowd clause).
    expect(compiled.length).toBeGreaterThanOrEqual(4);
    expect(compiled.length).toBeLessThanOrEqual(14);
    expect(new Set(compiled).size).toBe(compiled.length);
  });

  it('of a template finding (SG016, lib/cfn) are compiled as it fills them', () => {
    const compiled = compiledBy(() => {
      const result = lintTemplateResource('Orders', {
        Type: 'AWS::DynamoDB::GlobalTable',
        Properties: {
          KeySchema: [{ AttributeName: 'customerId', KeyType: 'HASH' }],
          AttributeDefinitions: [{ AttributeName: 'customerId', AttributeType: 'S' }],
          BillingMode: 'PAY_PER_REQUEST',
          Replicas: [{ Region: 'eu-west-1', ContributorInsightsSpecification: { Enabled: true } }],
        },
        Metadata: {
          skewguard: {
            version: 1,
            design: {
              name: 'orders',
              partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
              workload: { peakReadUnits: 100, peakWriteUnits: 100 },
            },
          },
        },
      });
      expect(result.findings.map((f) => f.ruleId)).toContain('SG016');
    });
    expect(compiled.length).toBeLessThanOrEqual(4);
  });
});
