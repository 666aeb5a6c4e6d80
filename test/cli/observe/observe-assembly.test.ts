/**
 * `observe cdk.out/`: the GuardedTables of a synthesized cloud assembly, read from their template
 * metadata as `lint cdk.out/` reads them, matched to observations by their design's name or by the
 * physical name CloudFormation generated (the stack's resources, as `aws cloudformation
 * list-stack-resources` / `describe-stack-resources` print them), located in the template.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, fixtures, tempTree } from '../helpers';
import { insightRuleReport, metricData } from './recorded';
import { findingsOf, week } from './support';

const ASSEMBLY = join(fixtures, 'cloud-assembly');
const TEMPLATE = join(ASSEMBLY, 'OrdersStack.template.json');
const TICKETS = 'Resources.Tickets83B11BB2.Metadata.skewguard.design';
const GENERATED = 'OrdersStack-Tickets83B11BB2-1OKXZ3ABCDEF';

/** `aws cloudformation list-stack-resources --stack-name OrdersStack` (the fields the CLI prints). */
const LISTED = {
  StackResourceSummaries: [
    {
      LogicalResourceId: 'OrdersA9B65338',
      PhysicalResourceId: 'OrdersStack-OrdersA9B65338-7QW2E4RTYUIO',
      ResourceType: 'AWS::DynamoDB::GlobalTable',
      LastUpdatedTimestamp: '2026-11-16T09:12:44.512000+00:00',
      ResourceStatus: 'CREATE_COMPLETE',
      DriftInformation: { StackResourceDriftStatus: 'NOT_CHECKED' },
    },
    {
      LogicalResourceId: 'Tickets83B11BB2',
      PhysicalResourceId: GENERATED,
      ResourceType: 'AWS::DynamoDB::GlobalTable',
      LastUpdatedTimestamp: '2026-11-16T09:12:44.512000+00:00',
      ResourceStatus: 'CREATE_COMPLETE',
      DriftInformation: { StackResourceDriftStatus: 'NOT_CHECKED' },
    },
  ],
};

/** 1-based line of the first `needle` after each of the earlier ones in the template. */
function lineOf(...needles: string[]): number {
  const text = readFileSync(TEMPLATE, 'utf8');
  let at = 0;
  for (const needle of needles) at = text.indexOf(needle, at);
  return text.slice(0, at).split('\n').length;
}

/** Exports of the Tickets table at the given load, with a manifest naming it `table`. */
function exports(
  load: { reads: number; writes: number; hotShare: number },
  table: string,
  extra: Record<string, unknown> = {},
  files: Record<string, string> = {},
) {
  const profile = week(load);
  return tempTree({
    'pkc.json': JSON.stringify(insightRuleReport(profile)),
    'metrics.json': JSON.stringify(metricData(profile)),
    'manifest.json': JSON.stringify({ ...extra, observations: [{ table, contributorInsights: 'pkc.json', metrics: 'metrics.json' }] }),
    ...files,
  });
}

const observe = (inputs: string, dir: string, args: string[] = []) =>
  cli(['observe', inputs, '--observations', join(dir, 'manifest.json'), '--format', 'json', ...args]);

describe('skewguard observe cdk.out/', () => {
  it('holds each GuardedTable of the assembly against the observations of its deployed (generated) name, located in the template', async () => {
    const dir = exports(
      { reads: 6000, writes: 20000, hotShare: 0.6 },
      GENERATED,
      { stacks: [{ stack: 'OrdersStack', resources: 'orders.resources.json' }] },
      {
        'orders.resources.json': JSON.stringify(LISTED),
      },
    );
    const run = await observe(ASSEMBLY, dir);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { files: { file: string; kind: string; notes: { path: string; message: string }[] }[] };
    expect(report.files.map((f) => f.kind)).toEqual(['template', 'template']);
    const drift = findingsOf(run.stdout).find((f) => f.messageId === 'exceedsDeclared');
    expect(drift).toMatchObject({ ruleId: 'SG020', path: `${TICKETS}.workload.hotKeyShare`, data: { declared: 0.25, window: '7-day' } });
    expect((drift as unknown as { line: number }).line).toBe(lineOf('"Tickets83B11BB2"', '"skewguard"', '"hotKeyShare"'));
    // The other GuardedTable and the GSI have no observations; the raw tables have no design.
    const notes = report.files[0].notes.map((n) => n.message);
    expect(notes).toEqual(expect.arrayContaining([expect.stringContaining('tickets/by-user not observed'), expect.stringContaining('orders not observed')]));
    // The tables without a design: one note, at the first, worded as `lint cdk.out/` words it (cli34).
    expect(report.files[0].notes).toContainEqual({
      path: 'Resources.EventsD32975C2.Metadata.skewguard.design',
      message: expect.stringMatching(
        /^is absent, as it is on 3 other DynamoDB tables of this template \(JobsDF1CC2D4, Sessions, Audit\): they are not observed: .*`skewguard lint` checks each from the template alone, by the rules that read a table's template \(SG010 monitoring-off, SG015 suspicious-key-name\)/,
      ),
      line: expect.any(Number),
      column: expect.any(Number),
    });
  });

  it('reports the design’s own findings as `lint cdk.out/` does when production matches the declaration', async () => {
    const dir = exports({ reads: 6000, writes: 20000, hotShare: 0.25 }, 'tickets');
    const run = await observe(ASSEMBLY, dir);
    const lint = await cli(['lint', ASSEMBLY, '--format', 'json']);
    const ofTickets = (json: string) =>
      findingsOf(json)
        .filter((f) => f.path.startsWith('Resources.Tickets83B11BB2.'))
        .map((f) => [f.ruleId, f.path, f.message]);
    expect(findingsOf(run.stdout).filter((f) => f.ruleId === 'SG020' && f.messageId !== 'moreKeysThanDeclared')).toEqual([]);
    expect(ofTickets(run.stdout)).toEqual(ofTickets(lint.stdout).filter(([rule]) => rule !== 'SG020'));
    expect(ofTickets(run.stdout).map(([rule]) => rule)).toContain('SG003');
    expect(run.code).toBe(1); // SG003 is an error, in observe as in lint
  });

  it('refuses stack resources of another stack (describe-stack-resources names each row’s stack)', async () => {
    const described = {
      StackResources: [
        {
          StackName: 'OtherStack',
          StackId: 'arn:aws:cloudformation:eu-west-1:111111111111:stack/OtherStack/1',
          LogicalResourceId: 'Tickets83B11BB2',
          PhysicalResourceId: GENERATED,
          ResourceType: 'AWS::DynamoDB::GlobalTable',
          Timestamp: '2026-11-16T09:12:44.512000+00:00',
          ResourceStatus: 'CREATE_COMPLETE',
        },
      ],
    };
    const dir = exports(
      { reads: 6000, writes: 20000, hotShare: 0.25 },
      GENERATED,
      { stacks: [{ stack: 'OrdersStack', resources: 'described.json' }] },
      { 'described.json': JSON.stringify(described) },
    );
    const run = await observe(ASSEMBLY, dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('StackResources[0].StackName: is a resource of the stack \\"OtherStack\\", not of \\"OrdersStack\\"');
  });

  it('a design name two stacks share is ambiguous; their deployed names are not', async () => {
    const assembly = tempTree({ 'cdk.out': '{"version":"55.0.0"}' });
    const stack = (name: string) => ({
      type: 'aws:cloudformation:stack',
      environment: 'aws://111111111111/eu-west-1',
      properties: { templateFile: `${name}.template.json` },
    });
    writeFileSync(join(assembly, 'manifest.json'), JSON.stringify({ version: '55.0.0', artifacts: { Dev: stack('Dev'), Prod: stack('Prod') } }));
    cpSync(TEMPLATE, join(assembly, 'Dev.template.json'));
    cpSync(TEMPLATE, join(assembly, 'Prod.template.json'));
    const ambiguous = await observe(assembly, exports({ reads: 6000, writes: 20000, hotShare: 0.25 }, 'tickets'));
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stdout).toContain('which 2 designs have (Dev/Tickets83B11BB2, Prod/Tickets83B11BB2): name the deployed table instead');
    const prodResources = {
      StackResourceSummaries: [
        { LogicalResourceId: 'Tickets83B11BB2', PhysicalResourceId: 'Prod-Tickets83B11BB2-9ZZZ', ResourceType: 'AWS::DynamoDB::GlobalTable' },
      ],
    };
    const dir = exports(
      { reads: 6000, writes: 20000, hotShare: 0.6 },
      'Prod-Tickets83B11BB2-9ZZZ',
      { stacks: [{ stack: 'Prod', resources: 'prod.json' }] },
      { 'prod.json': JSON.stringify(prodResources) },
    );
    const run = await observe(assembly, dir);
    const files = JSON.parse(run.stdout).files as { file: string; findings: { messageId: string }[] }[];
    expect(files.map((f) => [f.file.endsWith('Prod.template.json'), f.findings.some((x) => x.messageId === 'exceedsDeclared')])).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it('--update does not write a template (cdk synth writes it again) and says what to set in the props', async () => {
    const assembly = tempTree();
    cpSync(ASSEMBLY, assembly, { recursive: true });
    const before = readFileSync(join(assembly, 'OrdersStack.template.json'), 'utf8');
    const run = await observe(assembly, exports({ reads: 6000, writes: 20000, hotShare: 0.6 }, 'tickets'), ['--update']);
    expect(readFileSync(join(assembly, 'OrdersStack.template.json'), 'utf8')).toBe(before);
    expect(run.stdout).toContain(
      `not updated: \`cdk synth\` writes this template again, so set the observed figures in the GuardedTable props of the CDK app instead: set ${TICKETS}.workload.hotKeyShare to 0.6`,
    );
  });
});

describe('skewguard observe cdk.out/ words a GuardedTable`s findings as lint cdk.out/ does', () => {
  /** A GuardedTable declared for a 25,000 WCU peak whose auto scaling stops at 50 WCU: SG017 at capacity.write.max. */
  const design = {
    name: 'votes',
    partitionKey: { name: 'voteId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 1000, peakWriteUnits: 25000 },
    billing: 'provisioned',
    capacity: { read: { fixed: 2000 }, write: { min: 5, max: 50 } },
  };
  const template = {
    Resources: {
      Votes: {
        Type: 'AWS::DynamoDB::GlobalTable',
        Metadata: { skewguard: { version: 1, constructPath: 'App/Votes', design } },
        Properties: {
          KeySchema: [{ AttributeName: 'voteId', KeyType: 'HASH' }],
          AttributeDefinitions: [{ AttributeName: 'voteId', AttributeType: 'S' }],
          Replicas: [{ Region: 'eu-west-1', ContributorInsightsSpecification: { Enabled: true } }],
        },
      },
    },
  };

  it('with the props its user wrote (billing: Billing.provisioned(…)), not the design`s capacity.write.max', async () => {
    const app = tempTree({ 'cdk.out/App.template.json': JSON.stringify(template, null, 2) });
    const file = join(app, 'cdk.out/App.template.json');
    const run = await observe(file, exports({ reads: 1000, writes: 25000, hotShare: 0.001 }, 'votes'));
    const lint = await cli(['lint', file, '--format', 'json']);
    const sg017 = (json: string) => findingsOf(json).find((f) => f.ruleId === 'SG017');
    // Before: observe's fix said "set `capacity.write.max` to at least 31,250 …", lint's the prop.
    expect(sg017(run.stdout)?.fix).toContain('`billing: Billing.provisioned({ writeCapacity: Capacity.autoscaled({ maxCapacity }) })`');
    expect([sg017(run.stdout)?.path, sg017(run.stdout)?.message, sg017(run.stdout)?.fix]).toEqual([
      sg017(lint.stdout)?.path,
      sg017(lint.stdout)?.message,
      sg017(lint.stdout)?.fix,
    ]);
  });

  it('also where observe restates a finding in observed words (SG017: the observed 4,200 WCU within 80% of a 5,000 maximum)', async () => {
    const roomy = structuredClone(template);
    Object.assign(roomy.Resources.Votes.Metadata.skewguard.design, { workload: { peakReadUnits: 1000, peakWriteUnits: 2500 } });
    roomy.Resources.Votes.Metadata.skewguard.design.capacity.write.max = 5000;
    const app = tempTree({ 'cdk.out/App.template.json': JSON.stringify(roomy, null, 2) });
    const run = await observe(join(app, 'cdk.out/App.template.json'), exports({ reads: 1000, writes: 4200, hotShare: 0.001 }, 'votes'));
    const restated = findingsOf(run.stdout).find((f) => f.messageId === 'firesWithObserved' && f.path.endsWith('capacity.write.max'));
    // Before: the message, rendered again from the core's template to say "observed", quoted `capacity.write.max`.
    expect(restated?.message).toContain(
      'serves at most 5,000 WCU of writes (`billing: Billing.provisioned({ writeCapacity: Capacity.autoscaled({ maxCapacity }) })`), and its observed peak of 4,200 WCU',
    );
    expect(`${restated?.message} ${restated?.fix}`).not.toContain('capacity.write');
  });
});

describe('skewguard observe on an assembly without a GuardedTable', () => {
  it('is an error, never a silent pass', async () => {
    const dir = tempTree({ 'manifest.json': JSON.stringify({ observations: [] }) });
    const run = await observe(join(ASSEMBLY, 'assembly-Prod'), dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('no design file or GuardedTable found');
    expect(run.stdout).toContain('"path": "Resources.CartsEE95721F.Metadata.skewguard.design"');
    expect(run.stdout).toContain('is absent: the table is not observed: observe holds a GuardedTable');
  });
});
