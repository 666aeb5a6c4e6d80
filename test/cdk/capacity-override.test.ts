/**
 * A capacity figure overridden through the escape hatch (`addPropertyOverride` on the CfnGlobalTable) is what deploys,
 * but the GuardedTable read its capacity, for SG017 and the alarms, before the override applied: SG016 compares the
 * template's figures with the design's, at synth and in `skewguard lint cdk.out/`, so the synth refuses the drift.
 */
import { AttributeType, Billing, Capacity, type CfnGlobalTable } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { cli as run } from '../cli/helpers';
import { appWithStack, skewguardReport, synthError } from './support';

const sg016 = (app: Parameters<typeof skewguardReport>[0]) => (skewguardReport(app)?.violations ?? []).filter((v) => v.ruleName === 'skewguard::SG016');
const resourceOf = (table: GuardedTable) => table.table.node.defaultChild as CfnGlobalTable;
const WRITE_MAX = 'WriteProvisionedThroughputSettings.WriteCapacityAutoScalingSettings.MaxCapacity';

/** 300 WCU at peak under an auto-scaled write maximum of 600: SG017 passes it as declared. */
function invoices(overrides: Partial<ConstructorParameters<typeof GuardedTable>[2]> = {}) {
  const { app, stack } = appWithStack();
  const table = new GuardedTable(stack, 'Invoices', {
    partitionKey: { name: 'pk', type: AttributeType.STRING, cardinality: 'unique' },
    workload: { peakReadUnits: 1200, peakWriteUnits: 300 },
    billing: Billing.provisioned({
      readCapacity: Capacity.autoscaled({ minCapacity: 600, maxCapacity: 2400 }),
      writeCapacity: Capacity.autoscaled({ minCapacity: 150, maxCapacity: 600 }),
    }),
    ...overrides,
  });
  return { app, table };
}

const statusIndex = { indexName: 'byCustomer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 'unique' as const } };

describe('a capacity figure overridden through the escape hatch', () => {
  it('refuses the synth when the write maximum deployed (100) is not the one SG017 and the alarms were made from (600)', async () => {
    const { app, table } = invoices();
    resourceOf(table).addPropertyOverride(WRITE_MAX, 100);
    expect(synthError(app)).toContain('skewguard::SG016');
    const [violation] = sg016(app);
    expect(violation).toMatchObject({ severity: 'fatal', ruleMetadata: { rule: 'SG016', fieldPath: `Properties.${WRITE_MAX}` } });
    expect(violation.description).toContain(`the template deploys 100 at \`Properties.${WRITE_MAX}\` for the table`);
    // The design field in the prop's words, as every finding of a GuardedTable names it.
    expect(violation.description).toContain('declares 600 (`billing: Billing.provisioned({ writeCapacity: Capacity.autoscaled({ maxCapacity }) })`)');
    expect(violation.violatingConstructs[0].cloudFormationResource?.propertyPaths).toEqual([`Properties.${WRITE_MAX}`]);
    // `skewguard lint cdk.out/` reads the same template: the same error.
    const cli = await run(['lint', app.outdir, '--format', 'json']);
    const findings = (JSON.parse(cli.stdout) as { files: { findings: { ruleId: string; path: string; severity: string; fix: string }[] }[] }).files.flatMap(
      (f) => f.findings,
    );
    expect(findings.filter((f) => f.ruleId === 'SG016').map((f) => [f.severity, f.path])).toEqual([
      ['error', `Resources.InvoicesF0222E8D.Properties.${WRITE_MAX}`],
    ]);
    expect(findings.find((f) => f.ruleId === 'SG016')?.fix).toContain(`remove the override of \`Properties.${WRITE_MAX}\``);
    expect(cli.code).toBe(1);
  });

  it('passes the same table untouched, and an override that writes what the props make', () => {
    const untouched = invoices();
    expect(synthError(untouched.app)).toBe('');
    const same = invoices();
    resourceOf(same.table).addPropertyOverride(WRITE_MAX, 600);
    expect(synthError(same.app)).toBe('');
  });

  it('refuses a read maximum overridden on the replica, and an auto-scaling target changed from its default 70', () => {
    const { app, table } = invoices();
    resourceOf(table).addPropertyOverride('Replicas.0.ReadProvisionedThroughputSettings.ReadCapacityAutoScalingSettings.MaxCapacity', 1000);
    resourceOf(table).addPropertyOverride(
      `WriteProvisionedThroughputSettings.WriteCapacityAutoScalingSettings.TargetTrackingScalingPolicyConfiguration.TargetValue`,
      90,
    );
    expect(synthError(app)).toContain('skewguard::SG016');
    expect(sg016(app).map((v) => v.ruleMetadata?.fieldPath)).toEqual([
      'Properties.WriteProvisionedThroughputSettings.WriteCapacityAutoScalingSettings.TargetTrackingScalingPolicyConfiguration.TargetValue',
      'Properties.Replicas[0].ReadProvisionedThroughputSettings.ReadCapacityAutoScalingSettings.MaxCapacity',
    ]);
  });

  it('refuses an on-demand maximum overridden or removed, and warm throughput overridden', () => {
    const { app, table } = invoices({
      billing: Billing.onDemand({ maxReadRequestUnits: 5000, maxWriteRequestUnits: 1000 }),
      warmThroughput: { writeUnitsPerSecond: 4000 },
    });
    resourceOf(table).addPropertyOverride('WriteOnDemandThroughputSettings.MaxWriteRequestUnits', 100);
    resourceOf(table).addPropertyDeletionOverride('Replicas.0.ReadOnDemandThroughputSettings');
    resourceOf(table).addPropertyOverride('WarmThroughput.WriteUnitsPerSecond', 8000);
    expect(synthError(app)).toContain('skewguard::SG016');
    const described = sg016(app).map((v) => [v.ruleMetadata?.fieldPath, /deploys (\S+) .*declares (\S+)/.exec(v.description)?.slice(1)]);
    expect(described).toEqual([
      ['Properties.WriteOnDemandThroughputSettings.MaxWriteRequestUnits', ['100', '1,000']],
      ['Properties.WarmThroughput.WriteUnitsPerSecond', ['8,000', '4,000']],
      ['Properties', ['none', '5,000']],
    ]);
  });

  it("refuses a GSI's capacity overridden (its write maximum on the index, its read maximum on the replica's index)", () => {
    const { app, table } = invoices({
      globalSecondaryIndexes: [
        { ...statusIndex, readCapacity: Capacity.autoscaled({ maxCapacity: 800 }), writeCapacity: Capacity.autoscaled({ maxCapacity: 400 }) },
      ],
    });
    resourceOf(table).addPropertyOverride(`GlobalSecondaryIndexes.0.${WRITE_MAX}`, 50);
    resourceOf(table).addPropertyOverride(
      'Replicas.0.GlobalSecondaryIndexes.0.ReadProvisionedThroughputSettings.ReadCapacityAutoScalingSettings.MaxCapacity',
      80,
    );
    expect(synthError(app)).toContain('skewguard::SG016');
    expect(sg016(app).map((v) => [v.ruleMetadata?.fieldPath, v.ruleMetadata?.index])).toEqual([
      [`Properties.GlobalSecondaryIndexes[0].${WRITE_MAX}`, 'byCustomer'],
      ['Properties.Replicas[0].GlobalSecondaryIndexes[0].ReadProvisionedThroughputSettings.ReadCapacityAutoScalingSettings.MaxCapacity', 'byCustomer'],
    ]);
  });

  it("reads the stack's own replica (TableV2 renders it last), not a replica with a read capacity of its own", () => {
    const { app, table } = invoices({ replicas: [{ region: 'us-east-1', readCapacity: Capacity.autoscaled({ maxCapacity: 100 }) }] });
    expect(table.findings.filter((f) => f.ruleId === 'SG017')).toEqual([]);
    expect(synthError(app)).toBe('');
  });

  it('leaves a figure overridden with an intrinsic function (known only at deploy time) uncompared', () => {
    const { app, table } = invoices();
    resourceOf(table).addPropertyOverride(WRITE_MAX, { Ref: 'WriteMax' });
    expect(sg016(withSynth(app))).toEqual([]);
  });
});

function withSynth<T extends Parameters<typeof synthError>[0]>(app: T): T {
  synthError(app);
  return app;
}
