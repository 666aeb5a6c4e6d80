/**
 * `skewguard lint cdk.out/` words a GuardedTable's findings with the props its user wrote, as the synth's
 * report does (API review 14 item 2): the template metadata says the resource is a GuardedTable, and the
 * mapping is the core's one table (lib/cfn/prop-paths.ts). A design file keeps the design's fields.
 */
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

interface Finding {
  ruleId: string;
  path: string;
  message: string;
  fix: string;
  data: Record<string, unknown>;
}

/** A well-keyed table declared for a 25,000 WCU peak whose auto scaling stops at 50 WCU: SG017, an error. */
const CAPPED = {
  name: 'votes',
  partitionKey: { name: 'voteId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 1000, peakWriteUnits: 25000 },
  billing: 'provisioned',
  capacity: { read: { fixed: 2000 }, write: { min: 5, max: 50 } },
};

/** The table as a GuardedTable synthesizes it: the resource, with the design in its metadata. */
const TEMPLATE = {
  Resources: {
    Votes: {
      Type: 'AWS::DynamoDB::GlobalTable',
      Metadata: { skewguard: { version: 1, constructPath: 'App/Votes', design: CAPPED } },
      Properties: {
        KeySchema: [{ AttributeName: 'voteId', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'voteId', AttributeType: 'S' }],
        Replicas: [{ Region: 'eu-west-1', ContributorInsightsSpecification: { Enabled: true } }],
      },
    },
  },
};

async function findingOf(ruleId: string, file: string, content: unknown): Promise<Finding | undefined> {
  const dir = tempTree({ [file]: JSON.stringify(content, null, 2) });
  const { stdout } = await cli(['lint', join(dir, file), '--format', 'json']);
  const findings: Finding[] = JSON.parse(stdout).files[0].findings;
  return findings.find((f) => f.ruleId === ruleId);
}
const sg017 = (file: string, content: unknown) => findingOf('SG017', file, content);

const WRITE_MAX_PROP = 'billing: Billing.provisioned({ writeCapacity: Capacity.autoscaled({ maxCapacity }) })';

describe("a GuardedTable's findings in a template", () => {
  it('name the prop the user wrote in the message and the fix, where the design file names capacity.write.max', async () => {
    const finding = await sg017('cdk.out/App.template.json', TEMPLATE);
    expect(finding?.fix).toBe(`set \`${WRITE_MAX_PROP}\` to at least 31,250 (25,000 WCU at 80% utilization), or use on-demand billing`);
    expect(finding?.message).not.toContain('capacity.write');
  });

  it('keep the template location as the path, and the design’s terms in data', async () => {
    const finding = await sg017('cdk.out/App.template.json', TEMPLATE);
    expect(finding?.path).toBe('Resources.Votes.Metadata.skewguard.design.capacity.write.max');
    expect(finding?.data).toMatchObject({ field: 'capacity.write.max' });
  });

  it('keep a key attribute called `name` as it is: the table’s `name` field is renamed `tableName` in paths, never in quoted names', async () => {
    const design = { name: 'people', partitionKey: { name: 'name', type: 'S', cardinality: 3 }, workload: { peakReadUnits: 100, peakWriteUnits: 3000 } };
    const resource = { ...TEMPLATE.Resources.Votes, Metadata: { skewguard: { version: 1, constructPath: 'App/People', design } } };
    const properties = {
      ...resource.Properties,
      KeySchema: [{ AttributeName: 'name', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'name', AttributeType: 'S' }],
    };
    const finding = await findingOf('SG001', 'cdk.out/App.template.json', { Resources: { People: { ...resource, Properties: properties } } });
    expect(finding?.message).toMatch(/^partition key `name` has 3 distinct values/);
    // 1,000 of 3,000 WCU, 6 partitions: 333.33 + 2,666.67 ÷ 6 = 777.78 at 3 fits the usable line, but two of 3 on one
    // partition take 666.67 + 444.44 − 55.56 = 1,055.56 of its hard 1,000 WCU; two of 4, 500 + 458.33 − 41.67 = 916.67.
    expect(finding?.fix).toContain('shard `name` into N = 4 random shards');
    expect(`${finding?.message} ${finding?.fix}`).not.toContain('tableName');
  });

  it('leave a design file’s lint in the design’s fields', async () => {
    const finding = await sg017('designs/votes.json', { tables: [CAPPED] });
    expect(finding?.path).toBe('tables[0].capacity.write.max');
    expect(finding?.fix).toContain('set `capacity.write.max` to at least 31,250');
  });
});
