/** `skewguard lint cdk.out/` checks each GuardedTable's template against the design in its metadata (SG016). */
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

interface Finding {
  ruleId: string;
  messageId: string;
  path: string;
  index?: string;
  acknowledged: boolean;
  line: number;
  message: string;
  notes?: string[];
  data: Record<string, unknown>;
}

const DESIGN = {
  name: 'jobs',
  partitionKey: { name: 'jobId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 100, peakWriteUnits: 100 },
};

function template(properties: Record<string, unknown>, design: Record<string, unknown> = DESIGN): string {
  return JSON.stringify(
    {
      Resources: {
        Jobs: { Type: 'AWS::DynamoDB::GlobalTable', Metadata: { skewguard: { version: 1, constructPath: 'App/Jobs', design } }, Properties: properties },
      },
    },
    null,
    2,
  );
}

const replica = (enabled: boolean, extra: Record<string, unknown> = {}) => ({
  Region: 'eu-west-1',
  ContributorInsightsSpecification: { Enabled: enabled },
  ...extra,
});
const keyed = (name: string) => ({
  KeySchema: [{ AttributeName: name, KeyType: 'HASH' }],
  AttributeDefinitions: [{ AttributeName: name, AttributeType: 'S' }],
});

async function findings(text: string): Promise<{ code: number; findings: Finding[] }> {
  const dir = tempTree({ 'cdk.out/App.template.json': text });
  const { code, stdout } = await cli(['lint', join(dir, 'cdk.out/App.template.json'), '--format', 'json']);
  return { code, findings: JSON.parse(stdout).files[0].findings };
}

describe('a template checked against its own metadata', () => {
  it('passes when the table is the design', async () => {
    expect(await findings(template({ ...keyed('jobId'), Replicas: [replica(true)] }))).toEqual({ code: 0, findings: [] });
  });

  it('refuses forged metadata: a unique jobId claimed on a status-keyed table with Contributor Insights off', async () => {
    const result = await findings(template({ ...keyed('status'), Replicas: [replica(false)] }));
    expect(result.code).toBe(1);
    expect(result.findings.map((f) => [f.ruleId, f.messageId, f.path, f.acknowledged])).toEqual([
      ['SG016', 'key', 'Resources.Jobs.Properties.KeySchema', false],
      ['SG016', 'contributorInsights', 'Resources.Jobs.Properties.Replicas[0].ContributorInsightsSpecification', false],
    ]);
    // Data holds names and ids (issue 13 §5); the messages write them.
    const [key, insights] = result.findings;
    expect(key.data).toEqual({ part: 'partition', template: ['status'], design: ['jobId'] });
    expect(key.message).toBe('the template keys the table by `status` (partition key) where the design declares `jobId`');
    expect(insights).toMatchObject({ notes: ['inReplicaRegion'], data: { template: 'off', design: 'on', replica: 0, region: 'eu-west-1' } });
    expect(insights.message).toBe('Contributor Insights is off for the table in the template, but on in the design (in the replica in eu-west-1)');
  });

  it('catches an index added to the template outside the design, and one the template lacks', async () => {
    const gsi = { IndexName: 'by-status', KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } };
    const undeclared = await findings(
      template({
        ...keyed('jobId'),
        GlobalSecondaryIndexes: [gsi],
        Replicas: [replica(true, { GlobalSecondaryIndexes: [{ IndexName: 'by-status', ContributorInsightsSpecification: { Enabled: true } }] })],
      }),
    );
    expect(undeclared.findings.map((f) => [f.ruleId, f.messageId, f.path, f.index])).toEqual([
      ['SG016', 'undeclaredIndex', 'Resources.Jobs.Properties.GlobalSecondaryIndexes[0]', 'by-status'],
    ]);
    expect(undeclared.findings[0].data).toEqual({ index: 'by-status' });
    expect(undeclared.findings[0].message).toBe('index `by-status` is in the template but not in the design, so its key was never checked');
    const declared = {
      ...DESIGN,
      globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 'unique' } }],
    };
    const missing = await findings(template({ ...keyed('jobId'), Replicas: [replica(true)] }, declared));
    expect(missing.findings.map((f) => [f.messageId, f.path, f.index])).toEqual([['missingIndex', 'Resources.Jobs.Properties', 'by-customer']]);
  });

  it("compares each GSI's key and each replica's switch for it", async () => {
    const declared = {
      ...DESIGN,
      globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 'unique' } }],
    };
    const gsi = { IndexName: 'by-customer', KeySchema: [{ AttributeName: 'region', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } };
    const result = await findings(template({ ...keyed('jobId'), GlobalSecondaryIndexes: [gsi], Replicas: [replica(true)] }, declared));
    expect(result.findings.map((f) => [f.messageId, f.path, f.index])).toEqual([
      ['key', 'Resources.Jobs.Properties.GlobalSecondaryIndexes[0].KeySchema', 'by-customer'],
      // The replica does not list the index: Contributor Insights is off for it there.
      ['contributorInsights', 'Resources.Jobs.Properties.Replicas[0].GlobalSecondaryIndexes', 'by-customer'],
    ]);
    expect(result.findings[0].message).toBe('the template keys index `by-customer` by `region` (partition key) where the design declares `customerId`');
    expect(result.findings[0].data).toEqual({ index: 'by-customer', part: 'partition', template: ['region'], design: ['customerId'] });
  });

  it('never guesses a value computed at deploy time', async () => {
    const text = template({ KeySchema: [{ AttributeName: { Ref: 'KeyName' }, KeyType: 'HASH' }], Replicas: [replica(true)] });
    expect((await findings(text)).findings).toEqual([]);
  });
});
