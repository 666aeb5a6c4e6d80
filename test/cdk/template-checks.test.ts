/* eslint-disable no-control-regex -- these tests look for raw control characters */
/**
 * The synthesized template is checked against the design in its own metadata (SG016), so an escape
 * hatch cannot change the table the checks judged; and a Validations.acknowledge() that waives
 * nothing is reported at synth.
 */
import { Stack, Validations, type App } from 'aws-cdk-lib';
import { AttributeType, Table, type CfnGlobalTable } from 'aws-cdk-lib/aws-dynamodb';
import { designReport, GuardedTable } from '../../lib/cdk';
import { cli as run } from '../cli/helpers';
import { appWithStack, healthy, skewguardReport, statusKeyed, synthError, verdicts } from './support';

const sg016 = (app: Parameters<typeof skewguardReport>[0]) => (skewguardReport(app)?.violations ?? []).filter((v) => v.ruleName === 'skewguard::SG016');

describe('escape hatches on a GuardedTable are caught at synth', () => {
  it('refuses a partition key overridden with addPropertyOverride()', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Jobs', healthy({ partitionKey: { name: 'jobId', type: AttributeType.STRING, cardinality: 'unique' } }));
    (table.table.node.defaultChild as CfnGlobalTable).addPropertyOverride('KeySchema.0.AttributeName', 'status');
    expect(synthError(app)).toContain('skewguard::SG016');
    const [violation] = sg016(app);
    expect(violation).toMatchObject({ severity: 'fatal', ruleMetadata: { rule: 'SG016', fieldPath: 'Properties.KeySchema' } });
    expect(violation.description).toContain('`status`');
    expect(violation.description).toContain('`jobId`');
    expect(violation.violatingConstructs[0].cloudFormationResource?.propertyPaths).toEqual(['Properties.KeySchema']);
  });

  it("refuses a replica's Contributor Insights turned off", () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Jobs', healthy());
    (table.table.node.defaultChild as CfnGlobalTable).addPropertyOverride('Replicas.0.ContributorInsightsSpecification.Enabled', false);
    expect(synthError(app)).toContain('skewguard::SG016');
    expect(sg016(app).map((v) => v.violatingConstructs[0].cloudFormationResource?.propertyPaths)).toEqual([
      ['Properties.Replicas[0].ContributorInsightsSpecification'],
    ]);
  });

  it('cannot be waived with Validations.acknowledge(): the waiver would sit beside what it checks', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Jobs', healthy());
    (table.table.node.defaultChild as CfnGlobalTable).addPropertyOverride('KeySchema.0.AttributeName', 'status');
    Validations.of(table).acknowledge({ id: 'skewguard::SG016', reason: 'an override we want to keep' });
    expect(synthError(app)).toContain('skewguard::SG016');
  });

  it("lints a design edited in the metadata after construction as written, not as the construct's own lint", () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Jobs', healthy({ workload: { peakReadUnits: 20000, peakWriteUnits: 20000 } }));
    // The construct's own lint (which the plugin reuses while the metadata is exactly its design) finds nothing.
    expect(table.findings.filter((f) => f.severity === 'error')).toEqual([]);
    (table.table.node.defaultChild as CfnGlobalTable).addOverride('Metadata.skewguard.design.partitionKey.cardinality', 5);
    expect(synthError(app)).toContain('skewguard::SG001');
    const sg001 = (skewguardReport(app)?.violations ?? []).find((v) => v.ruleName === 'skewguard::SG001');
    expect(sg001?.violatingConstructs[0].cloudFormationResource?.propertyPaths).toEqual(['Metadata.skewguard.design.partitionKey']);
  });

  it('passes an untouched GuardedTable with indexes', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Jobs', healthy({ sortKey: { name: 'at', type: AttributeType.STRING, cardinality: 'unique' } }));
    table.addGlobalSecondaryIndex({ indexName: 'by-customer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 'unique' } });
    expect(synthError(app)).toBe('');
  });
});

describe('Validations.acknowledge() that waives nothing', () => {
  it('is reported at synth, as `lint cdk.out/` reports unused waivers', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Orders', healthy());
    Validations.of(table).acknowledge({ id: 'skewguard::SG001', reason: 'the key is unique, nothing to waive here' });
    expect(synthError(app)).toBe('');
    const report = skewguardReport(app);
    expect(verdicts(report?.violations ?? [])).toEqual([['warning', 'skewguard::acknowledgement', 'Test/Orders']]);
    expect(report?.violations[0].description).toContain("Validations.acknowledge({ id: 'skewguard::SG001' }) at Test/Orders waives nothing");
  });

  it('over a raw table without checkUnguardedTables(), says the table is not checked and what checks it (review 12)', () => {
    const { app, stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy());
    const raw = new Table(stack, 'Raw', { partitionKey: { name: 'id', type: AttributeType.STRING } });
    Validations.of(raw).acknowledge({ id: 'skewguard::SG010', reason: 'a scratch table, deleted nightly' });
    expect(synthError(app)).toBe('');
    const [violation] = (skewguardReport(app)?.violations ?? []).filter((v) => v.ruleName === 'skewguard::acknowledgement');
    expect(violation.description).toBe(
      "Validations.acknowledge({ id: 'skewguard::SG010' }) at Test/Raw waives nothing: no table at or below it has a SG010 finding; the table Test/Raw/Resource below it is not checked: a table created without GuardedTable is checked only after SkewguardPlugin.checkUnguardedTables(app)",
    );
  });

  it('is not reported while it waives a finding', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Orders', healthy({ monitoring: { contributorInsights: false } }));
    Validations.of(table).acknowledge({ id: 'skewguard::SG010', reason: 'its keys are watched by the service dashboard' });
    synthError(app);
    expect((skewguardReport(app)?.violations ?? []).filter((v) => v.ruleName === 'skewguard::acknowledgement')).toEqual([]);
  });
});

describe('a scope-level Validations.acknowledge() copied into every table under it', () => {
  /** Two stacks of two tables; Core's SG001 waiver is used by one table, its SG013 waiver and the app's SG010 by none. */
  function app(): App {
    const { app, stack: core } = appWithStack();
    const edge = new Stack(app, 'Edge', { env: { account: '111111111111', region: 'eu-west-1' } });
    new GuardedTable(core, 'Orders', healthy());
    new GuardedTable(core, 'Status', statusKeyed({ acknowledgements: [{ rule: 'SG003', reason: 'five statuses until the queue ships' }] }));
    new GuardedTable(edge, 'Carts', healthy({ partitionKey: { name: 'cartId', type: AttributeType.STRING, cardinality: 'unique' } }));
    new GuardedTable(edge, 'Flags', healthy({ partitionKey: { name: 'flag', type: AttributeType.STRING, cardinality: 'unique' } }));
    Validations.of(core).acknowledge({ id: 'skewguard::SG001', reason: 'five statuses until the queue ships' });
    Validations.of(core).acknowledge({ id: 'skewguard::SG013', reason: 'a stale waiver for nothing at all' });
    Validations.of(app).acknowledge({ id: 'skewguard::SG012', reason: 'an app-wide waiver for nothing at all' });
    synthError(app);
    return app;
  }

  it('is counted once, at the scope that gave it, by the synth and by `skewguard lint cdk.out/` alike', async () => {
    const synthesized = app();
    const stale = (skewguardReport(synthesized)?.violations ?? []).filter((v) => v.ruleName === 'skewguard::acknowledgement');
    expect(stale.map((v) => [v.violatingConstructs[0].constructPath, /skewguard::(SG\d+)/.exec(v.description)?.[1]]).sort()).toEqual([
      ['', 'SG012'],
      ['Test', 'SG013'],
    ]);
    const cli = await run(['lint', synthesized.outdir, '--format', 'json', '--report-unused-acknowledgements', 'error']);
    const report = JSON.parse(cli.stdout) as { files: { unusedAcknowledgements: { ruleId: string; resource: string; message: string }[] }[] };
    const unused = report.files.flatMap((f) => f.unusedAcknowledgements);
    expect(unused.map((u) => [u.resource, u.ruleId]).sort()).toEqual([
      ['(app)', 'SG012'],
      ['Test', 'SG013'],
    ]);
    expect(unused.find((u) => u.ruleId === 'SG013')?.message).toBe(
      "Validations.acknowledge({ id: 'skewguard::SG013' }) at Test waives nothing: no table at or below it has a SG013 finding",
    );
    expect(cli.code).toBe(1);
  });

  it('is not reported by either once some table under the scope uses it', async () => {
    const { app: synthesized, stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy());
    new GuardedTable(stack, 'Status', statusKeyed({ acknowledgements: [{ rule: 'SG003', reason: 'five statuses until the queue ships' }] }));
    Validations.of(stack).acknowledge({ id: 'skewguard::SG001', reason: 'five statuses until the queue ships' });
    expect(synthError(synthesized)).toBe('');
    expect((skewguardReport(synthesized)?.violations ?? []).filter((v) => v.ruleName === 'skewguard::acknowledgement')).toEqual([]);
    const cli = await run(['lint', synthesized.outdir, '--format', 'json', '--report-unused-acknowledgements', 'error']);
    expect((JSON.parse(cli.stdout) as { files: { unusedAcknowledgements: unknown[] }[] }).files.flatMap((f) => f.unusedAcknowledgements)).toEqual([]);
    expect(cli.code).toBe(0);
  });
});

describe('control and bidi characters in construct ids', () => {
  it('are escaped in the synth refusal and in designReport()', () => {
    const { app, stack } = appWithStack();
    new GuardedTable(
      stack,
      'Evil\u202eelbaT\u001b[2J',
      healthy({ partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 5 }, workload: { peakReadUnits: 20000, peakWriteUnits: 20000 } }),
    );
    const error = synthError(app);
    expect(error).toContain('skewguard::SG001');
    const skewguardPart = (skewguardReport(app)?.violations ?? []).map((v) => v.description).join('\n');
    expect(skewguardPart).toContain('Evil\\u202eelbaT\\x1b[2J');
    expect(skewguardPart).not.toMatch(/[\u202e\u001b]/);
    expect(designReport(app)).not.toMatch(/[\u202e\u001b]/);
  });
});
