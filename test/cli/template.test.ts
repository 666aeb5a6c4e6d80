import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { cli, fixtures, root, tempTree } from './helpers';

const validSarif = addFormats(new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false })).compile(
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
);

const assembly = join(fixtures, 'cloud-assembly');
const stackFile = join(assembly, 'OrdersStack.template.json');
const stackText = readFileSync(stackFile, 'utf8');

/** 1-based line of the first `needle` after each of `anchors` in turn. */
function lineOf(text: string, ...needles: string[]): number {
  let at = 0;
  for (const needle of needles) {
    at = text.indexOf(needle, at);
    if (at < 0) throw new Error(`${needle} not found`);
  }
  return text.slice(0, at).split('\n').length;
}

/** The note on a table linted without a design (lib/cli/template.ts). */
const templateAlone = (logicalId: string) =>
  expect.objectContaining({ path: `Resources.${logicalId}.Metadata.skewguard.design`, message: expect.stringContaining('linted from the template alone') });

interface Report {
  files: {
    file: string;
    kind: string;
    findings: { ruleId: string; path: string; line: number; column: number; resource: string; index?: string; acknowledged: boolean; reason?: string }[];
    errors: { path: string; message: string; line: number }[];
    unusedAcknowledgements: { ruleId: string; path: string; line: number }[];
    notes: { path: string; message: string; line: number }[];
  }[];
}

describe('a synthesized cloud assembly (cdk.out)', () => {
  let report: Report;
  let code: number;
  beforeAll(async () => {
    const result = await cli(['lint', assembly, '--format', 'json']);
    report = JSON.parse(result.stdout);
    code = result.code;
  });
  const stack = () => report.files[0];
  const findingsOf = (logicalId: string) => stack().findings.filter((f) => f.path.startsWith(`Resources.${logicalId}.`));

  it('lints every stack template, the stage assemblies’ too, as templates', () => {
    expect(code).toBe(1);
    expect(report.files.map((f) => [relative(assembly, f.file), f.kind])).toEqual([
      ['OrdersStack.template.json', 'template'],
      ['assembly-Prod/ProdCart6C646F86.template.json', 'template'],
    ]);
  });

  it('lints a GuardedTable’s design from its metadata, located at the design field in the template', () => {
    const [hot] = findingsOf('Tickets83B11BB2');
    expect(hot).toMatchObject({ ruleId: 'SG003', resource: 'tickets', path: 'Resources.Tickets83B11BB2.Metadata.skewguard.design.partitionKey' });
    expect(hot.line).toBe(lineOf(stackText, '"Tickets83B11BB2"', '"skewguard"', '"partitionKey"'));
    // Only the hot key: its 20,000 WCU peak is grown into (no launchAtPeak), so SG017 asks for no pre-warming.
    expect(findingsOf('Tickets83B11BB2').map((f) => f.ruleId)).toEqual(['SG003']);
    expect(findingsOf('OrdersA9B65338')).toEqual([]); // a multi-attribute GSI key, declared with its cardinalities
  });

  it('reports a design acknowledgement that waives nothing at its place in the metadata', () => {
    expect(stack().unusedAcknowledgements).toEqual([
      expect.objectContaining({
        ruleId: 'SG012',
        path: 'Resources.Tickets83B11BB2.Metadata.skewguard.design.acknowledgements[0]',
        line: lineOf(stackText, '"Tickets83B11BB2"', '"acknowledgements"') + 1,
      }),
    ]);
  });

  it('lints a TableV2 without a design as an external table: HASH keys of the table and of a multi-attribute GSI', () => {
    // The GSI's second HASH key, `eventDay`, is named like a time bucket, but DynamoDB hashes it with `tenantId`, which
    // is not suspicious: each tenant's current day is a key value of its own (SG015 flagged it before; a suspicious
    // second attribute is still located at KeySchema[1]: 'a TableV2 synthesized here' below).
    expect(findingsOf('EventsD32975C2')).toEqual([]); // Contributor Insights is on in every replica and on its GSI there: no SG010
  });

  it('checks Contributor Insights on a Table and each of its GSIs, and applies acknowledgements from metadata', () => {
    const jobs = findingsOf('JobsDF1CC2D4');
    expect(jobs.map((f) => [f.ruleId, f.path, f.acknowledged])).toEqual([
      ['SG010', 'Resources.JobsDF1CC2D4.Properties.GlobalSecondaryIndexes[0].ContributorInsightsSpecification', false],
      // Sorted by template path within a rule: the GSI's key comes before the table's.
      ['SG015', 'Resources.JobsDF1CC2D4.Properties.GlobalSecondaryIndexes[0].KeySchema[0].AttributeName', true],
      ['SG015', 'Resources.JobsDF1CC2D4.Properties.KeySchema[0].AttributeName', false],
    ]);
    expect(jobs[1].reason).toContain('read once a day by the archiver');
    expect(findingsOf('Audit')).toEqual([]); // a CfnTable with Contributor Insights on and an id key
  });

  it('says which key it could not check because its name is an intrinsic function, and still checks the table', () => {
    // One note for the template's tables without a design, at the first, naming the others (cli34).
    expect(stack().notes).toEqual([
      templateAlone('EventsD32975C2'),
      expect.objectContaining({
        path: 'Resources.Sessions.Properties.KeySchema[0].AttributeName',
        message: expect.stringContaining('the intrinsic function Ref'),
      }),
    ]);
    expect(stack().notes[0].message).toContain('as it is on 3 other DynamoDB tables of this template (JobsDF1CC2D4, Sessions, Audit)');
  });

  it('lints a Table in a stage assembly: no Contributor Insights (absent means off), a date key', () => {
    expect(report.files[1].findings.map((f) => [f.ruleId, f.path])).toEqual([
      ['SG010', 'Resources.CartsEE95721F.Properties.ContributorInsightsSpecification'],
      ['SG015', 'Resources.CartsEE95721F.Properties.KeySchema[0].AttributeName'],
    ]);
  });

  it('points SARIF results into the template', async () => {
    const log = JSON.parse((await cli(['lint', stackFile, '--format', 'sarif'])).stdout);
    expect(validSarif(log)).toBe(true);
    const hot = log.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'SG003');
    expect(hot.locations[0]).toEqual({
      physicalLocation: {
        artifactLocation: { uri: relative(root, stackFile), uriBaseId: '%SRCROOT%' },
        region: { startLine: lineOf(stackText, '"Tickets83B11BB2"', '"skewguard"', '"partitionKey"'), startColumn: 7 },
      },
      logicalLocations: [{ fullyQualifiedName: 'Resources.Tickets83B11BB2.Metadata.skewguard.design.partitionKey', kind: 'member' }],
    });
    const notifications = log.runs[0].invocations[0].toolExecutionNotifications as { level: string; message: { text: string } }[];
    expect(notifications.filter((n) => !n.message.text.includes('linted from the template alone'))).toEqual([
      expect.objectContaining({ level: 'note', message: { text: expect.stringContaining('Resources.Sessions.Properties.KeySchema[0].AttributeName') } }),
    ]);
    // One note for the template's tables linted without a design (test/cli/template-coverage.test.ts).
    expect(notifications).toHaveLength(2);
  });

  it('does not --fix a template', async () => {
    const dir = tempTree({ 'app.template.json': stackText });
    const { stdout } = await cli(['lint', join(dir, 'app.template.json'), '--fix']);
    expect(stdout).toContain('not fixed: --fix changes design files only');
    expect(readFileSync(join(dir, 'app.template.json'), 'utf8')).toBe(stackText);
  });
});

describe('hand-written templates', () => {
  it('treats an intrinsic Contributor Insights setting as unknown, a string "true" as on, a GSI missing from a replica as off', async () => {
    const report: Report = JSON.parse((await cli(['lint', join(fixtures, 'templates/intrinsics.template.json'), '--format', 'json'])).stdout);
    const [file] = report.files;
    expect(file.findings.map((f) => [f.ruleId, f.path])).toEqual([
      ['SG010', 'Resources.Payments.Properties.Replicas[1].GlobalSecondaryIndexes'],
      ['SG015', 'Resources.Payments.Properties.GlobalSecondaryIndexes[0].KeySchema[0].AttributeName'],
    ]);
    expect(file.notes).toEqual([
      expect.objectContaining({ path: 'Resources.Invoices.Properties.GlobalSecondaryIndexes[0].IndexName' }),
      expect.objectContaining({
        path: 'Resources.Invoices.Properties.ContributorInsightsSpecification.Enabled',
        message: 'is the intrinsic function Fn::If (known only at deploy time): SG010 (Contributor Insights switch) cannot be checked',
      }),
      templateAlone('Invoices'),
    ]);
    expect(file.notes[2].message).toContain('as it is on 1 other DynamoDB table of this template (Payments)');
  });

  it('reports metadata from a newer skewguard, and an invalid design, at their lines (exit 2)', async () => {
    const path = join(fixtures, 'templates/invalid-metadata.template.json');
    const text = readFileSync(path, 'utf8');
    const { code, stdout } = await cli(['lint', path, '--format', 'json']);
    expect(code).toBe(2);
    expect(JSON.parse(stdout).files[0].errors).toEqual([
      expect.objectContaining({
        path: 'Resources.Newer.Metadata.skewguard.version',
        message: expect.stringContaining('newer skewguard'),
        line: lineOf(text, '"version": 2'),
      }),
      expect.objectContaining({ path: 'Resources.Broken.Metadata.skewguard.design.partitionKey.cardinality', line: lineOf(text, '"cardinality": 0') }),
    ]);
  });

  it('checks Contributor Insights of a table whose key is named by a parameter, and notes the key it could not read', async () => {
    const keyName = { Ref: 'KeyName' };
    const dir = tempTree({
      'keyref.template.json': JSON.stringify({
        Parameters: { KeyName: { Type: 'String' } },
        Resources: {
          Orders: {
            Type: 'AWS::DynamoDB::Table',
            Properties: {
              KeySchema: [{ AttributeName: keyName, KeyType: 'HASH' }],
              AttributeDefinitions: [{ AttributeName: keyName, AttributeType: 'S' }],
              BillingMode: 'PAY_PER_REQUEST',
            },
          },
        },
      }),
    });
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    const [file] = (JSON.parse(stdout) as Report).files;
    expect(code).toBe(1);
    expect(file.findings.map((f) => [f.ruleId, f.path])).toEqual([['SG010', 'Resources.Orders.Properties.ContributorInsightsSpecification']]);
    expect(file.notes.map((n) => n.path)).toEqual(['Resources.Orders.Properties.KeySchema[0].AttributeName', 'Resources.Orders.Metadata.skewguard.design']);
  });

  it('takes any JSON with a Resources object as a template, and ignores other resource types', async () => {
    const dir = tempTree({
      'stack.json': JSON.stringify({
        Resources: {
          Queue: { Type: 'AWS::SQS::Queue' },
          T: { Type: 'AWS::DynamoDB::GlobalTable', Properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] } },
        },
      }),
    });
    const report: Report = JSON.parse((await cli(['lint', dir, '--format', 'json'])).stdout);
    expect(report.files[0].kind).toBe('template');
    expect(report.files[0].findings.map((f) => [f.ruleId, f.path])).toEqual([['SG010', 'Resources.T.Properties.Replicas']]);
  });
});

describe('a TableV2 synthesized here, without a design', () => {
  it('locates a finding on a multi-attribute GSI key’s second attribute at its KeySchema[1] entry', async () => {
    // `tenantId` is not suspicious, `orderStatus` is named like a few-valued field: SG015 flags the second HASH key
    // alone (hashing it with the tenant does not make a status many-valued, as it does the current day: `eventDay` above).
    const app = new App({ outdir: join(tempTree(), 'cdk.out') });
    new TableV2(new Stack(app, 'Shop'), 'Orders', {
      partitionKey: { name: 'orderId', type: AttributeType.STRING },
      // On in the table's replica and on its GSI there (no SG010).
      contributorInsightsSpecification: { enabled: true },
      globalSecondaryIndexes: [
        {
          indexName: 'by-tenant-status',
          partitionKeys: [
            { name: 'tenantId', type: AttributeType.STRING },
            { name: 'orderStatus', type: AttributeType.STRING },
          ],
        },
      ],
    });
    const templateFile = join(app.outdir, 'Shop.template.json');
    app.synth();
    const [file] = (JSON.parse((await cli(['lint', app.outdir, '--format', 'json'])).stdout) as Report).files;
    const text = readFileSync(templateFile, 'utf8');
    expect(file.findings).toEqual([
      expect.objectContaining({
        ruleId: 'SG015',
        index: 'by-tenant-status',
        path: 'Resources.OrdersA9B65338.Properties.GlobalSecondaryIndexes[0].KeySchema[1].AttributeName',
        line: lineOf(text, '"OrdersA9B65338"', '"by-tenant-status"', '"orderStatus"'),
      }),
    ]);
  });
});
