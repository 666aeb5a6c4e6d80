import { CfnParameter, PropertyInjectors, Stack, type InjectionContext, type IPropertyInjector } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Billing, Capacity, CfnGlobalTable, TableV2, type TablePropsV2 } from 'aws-cdk-lib/aws-dynamodb';
import { DesignError } from '../../lib';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { derivedCapacity, noDerivedCapacity, settingsDeclareCapacity } from '../../lib/cdk/table-capacity';
import { appWithStack, healthy, synthError, writtenTemplate } from './support';

/** A well-keyed table declared for a 25,000 WCU peak (issue 14): only its capacity can fail it. */
const votes = (overrides: Partial<GuardedTableProps> = {}): GuardedTableProps =>
  healthy({ workload: { peakReadUnits: 1000, peakWriteUnits: 25000 }, ...overrides });

const statusIndex = { indexName: 'byStatus', partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 'unique' as const } };

function guarded(props: GuardedTableProps) {
  const { stack } = appWithStack();
  return { stack, table: new GuardedTable(stack, 'Votes', props) };
}

const capacityFindings = (table: GuardedTable) =>
  table.findings.filter((f) => f.ruleId === 'SG017').map((f) => `${f.messageId} ${f.path}${f.index ? ` ${f.index}` : ''}`);

describe('GuardedTable passes its billing and warm throughput into the check (SG017)', () => {
  it('reads the auto-scaling maximum from Billing.provisioned(): 50 WCU under a 25,000 WCU peak is an error', () => {
    const { table } = guarded(
      votes({ billing: Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ minCapacity: 5, maxCapacity: 50 }) }) }),
    );
    expect(table.design.capacity[0]).toMatchObject({ read: { units: 2000, source: 'fixed' }, write: { units: 50, source: 'autoscaled' } });
    expect(capacityFindings(table)).toEqual(['autoscaledBelowPeak billing']);
    expect(table.findings.find((f) => f.ruleId === 'SG017')).toMatchObject({ severity: 'error', data: { peak: 25000, limit: 50 } });
  });

  // autoscale19: SG003 counts partitions for what auto scaling provisions at the peak, peak ÷ target: the target comes
  // from Capacity.autoscaled({ targetUtilizationPercent }), as TableV2 renders it (70 when not given, then left out).
  it('reads the target utilization from Capacity.autoscaled(), leaving out the default 70', () => {
    const billing = (targetUtilizationPercent?: number) =>
      Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ maxCapacity: 40000, targetUtilizationPercent }) });
    const derived = (targetUtilizationPercent?: number) => {
      const { stack } = appWithStack();
      const plain = new TableV2(stack, 'Plain', { partitionKey: { name: 'id', type: AttributeType.STRING }, billing: billing(targetUtilizationPercent) });
      const resource = plain.node.defaultChild as CfnGlobalTable;
      return derivedCapacity(resource, resource.replicas).table.capacity;
    };
    expect(derived(25)).toEqual({ read: { fixed: 2000 }, write: { min: 1, max: 40000, targetUtilizationPercent: 25 } });
    expect(derived()).toEqual({ read: { fixed: 2000 }, write: { min: 1, max: 40000 } });
    expect(guarded(votes({ billing: billing(25) })).table.design.capacity[0].write).toMatchObject({
      source: 'autoscaled',
      units: 40000,
      targetUtilization: 0.25,
    });
    expect(guarded(votes({ billing: billing() })).table.design.capacity[0].write).toMatchObject({ targetUtilization: 0.7 });
  });

  it('stays quiet when the provisioned capacity covers the peak', () => {
    const { table } = guarded(
      votes({ billing: Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ maxCapacity: 40000 }) }) }),
    );
    expect(capacityFindings(table)).toEqual([]);
  });

  it('reads the on-demand maximums from Billing.onDemand(), and warmThroughput silences the launch warning', () => {
    // Launched at its 25,000 WCU peak (launchAtPeak): a new on-demand table sustains 4,000 WCU until it has scaled.
    const capped = guarded(votes({ launchAtPeak: true, billing: Billing.onDemand({ maxReadRequestUnits: 5000, maxWriteRequestUnits: 500 }) })).table;
    expect(capacityFindings(capped)).toEqual(['maximumBelowPeak billing', 'notPreWarmed workload']);
    // ddb24 item 3: warm throughput exactly at the peak leaves no headroom, as a capacity exactly at it does: a warning;
    // at peak ÷ headroom (31,250) the launch is served with it.
    const atPeak = guarded(votes({ launchAtPeak: true, warmThroughput: { writeUnitsPerSecond: 25000 } })).table;
    expect(atPeak.design.capacity[0]).toMatchObject({ warmWriteUnits: 25000 });
    expect(capacityFindings(atPeak)).toEqual(['warmWithinHeadroom workload']);
    const warmed = guarded(votes({ launchAtPeak: true, warmThroughput: { writeUnitsPerSecond: 31250 } })).table;
    expect(warmed.design.capacity[0]).toMatchObject({ warmWriteUnits: 31250 });
    expect(capacityFindings(warmed)).toEqual([]);
  });

  it('judges a provisioned launch on the minCapacity of Capacity.autoscaled(): the table is created with it', () => {
    const billing = Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ minCapacity: 5, maxCapacity: 40000 }) });
    const cold = guarded(votes({ launchAtPeak: true, billing })).table;
    expect(capacityFindings(cold)).toEqual(['minimumBelowPeak billing']);
    expect(cold.findings.find((f) => f.ruleId === 'SG017')).toMatchObject({ severity: 'warning', data: { limit: 5, peak: 25000, suggested: 31250 } });
    const grown = guarded(votes({ billing })).table;
    expect(capacityFindings(grown)).toEqual([]);
  });

  it('checks each GSI against its own capacity settings, and one added later as well', () => {
    const { table } = guarded(
      votes({
        workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
        billing: Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ maxCapacity: 1000 }) }),
        globalSecondaryIndexes: [{ ...statusIndex, writeCapacity: Capacity.autoscaled({ maxCapacity: 100 }) }],
      }),
    );
    expect(capacityFindings(table)).toEqual(['autoscaledBelowPeak globalSecondaryIndexes[0].writeCapacity byStatus']);
    const onDemand = guarded(votes({ workload: { peakReadUnits: 1000, peakWriteUnits: 500 } })).table;
    onDemand.addGlobalSecondaryIndex({ ...statusIndex, maxReadRequestUnits: 10 });
    expect(capacityFindings(onDemand)).toEqual(['maximumBelowPeak globalSecondaryIndexes[0].maxReadRequestUnits byStatus']);
  });

  it('records the capacity in the template metadata the CLI lints, as the design file would declare it', () => {
    const { stack } = guarded(
      votes({ billing: Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ maxCapacity: 40000 }) }) }),
    );
    const [resource] = Object.values(Template.fromStack(stack).findResources('AWS::DynamoDB::GlobalTable'));
    expect(resource.Metadata.skewguard.design).toMatchObject({ billing: 'provisioned', capacity: { read: { fixed: 2000 }, write: { min: 1, max: 40000 } } });
  });

  it('leaves a token figure unchecked and says so', () => {
    const { stack } = appWithStack();
    const max = new CfnParameter(stack, 'MaxWcu', { type: 'Number' }).valueAsNumber;
    const table = new GuardedTable(
      stack,
      'Votes',
      votes({
        billing: Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ minCapacity: max, maxCapacity: max }) }),
      }),
    );
    expect(table.design.capacity[0].write).toBeUndefined();
    expect(capacityFindings(table)).toEqual([]);
    Annotations.fromStack(stack).hasWarning(
      '/Test/Votes',
      Match.stringLikeRegexp('SG017 cannot check the table write capacity maximum against the declared peak: unresolved tokens'),
    );
  });

  it('refuses a design that declares capacity other than its billing makes, naming both', () => {
    const declared = (billing: Billing) => ({ ...votes({ billing }), capacity: { write: { max: 30000 } } }) as GuardedTableProps;
    expect(() => guarded(declared(Billing.onDemand()))).toThrow(
      /capacity: is provisioned capacity, but the table bills on demand .*give `billing: Billing\.provisioned\(/,
    );
    const provisioned = Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ maxCapacity: 50 }) });
    expect(() => guarded(declared(provisioned))).toThrow(DesignError);
    expect(() => guarded(declared(provisioned))).toThrow(
      'capacity: declares {"write":{"max":30000}}, but billing makes it {"read":{"fixed":2000},"write":{"min":1,"max":50}}: a GuardedTable reads its capacity from billing; declare it there only',
    );
  });
});

describe('a table whose settings make no capacity figure is not rendered to find none', () => {
  /** An app-wide injector that caps every TableV2's on-demand reads, as a platform team would. */
  const capReads: IPropertyInjector = {
    constructUniqueId: TableV2.PROPERTY_INJECTION_ID,
    inject: (props: TablePropsV2, _context: InjectionContext) => ({ ...props, billing: Billing.onDemand({ maxReadRequestUnits: 50 }) }),
  };

  it('finds on reading the resource exactly what it assumes: no capacity, no maximum', () => {
    const { stack } = appWithStack();
    const plain = new TableV2(stack, 'Plain', {
      partitionKey: { name: 'id', type: AttributeType.STRING },
      globalSecondaryIndexes: [{ indexName: 'byStatus', partitionKey: { name: 'status', type: AttributeType.STRING } }],
    });
    const resource = plain.node.defaultChild as CfnGlobalTable;
    const read = derivedCapacity(resource, resource.replicas);
    expect({ ...read, indexes: [...read.indexes.values()].filter((c) => Object.keys(c).length > 0) }).toEqual({ ...noDerivedCapacity(), indexes: [] });
    expect(settingsDeclareCapacity(plain, {}, [statusIndex])).toBe(false);
  });

  it('reads the resource when a setting, a GSI setting or a TableV2 property injector can make a figure', () => {
    const { stack } = appWithStack();
    expect(settingsDeclareCapacity(stack, { billing: Billing.onDemand() }, [])).toBe(true);
    expect(settingsDeclareCapacity(stack, { warmThroughput: { readUnitsPerSecond: 12000 } }, [])).toBe(true);
    expect(settingsDeclareCapacity(stack, {}, [{ ...statusIndex, maxWriteRequestUnits: 100 }])).toBe(true);
    expect(settingsDeclareCapacity(stack, {}, [{ ...statusIndex, projectionType: undefined }])).toBe(false);
    PropertyInjectors.of(stack.node.root).add(capReads);
    expect(settingsDeclareCapacity(new Stack(stack.node.root, 'Other'), {}, [])).toBe(true);
  });

  it('checks the read maximum an injector gives the table: SG017 and the on-demand maximum alarm see it', () => {
    const { app, stack } = appWithStack();
    PropertyInjectors.of(app).add(capReads);
    const table = new GuardedTable(stack, 'Votes', votes({ workload: { peakReadUnits: 1000, peakWriteUnits: 500 } }));
    expect(capacityFindings(table)).toEqual(['maximumBelowPeak billing']);
    expect(synthError(app)).toContain('field billing: the on-demand maximum of the table is 50 RCU');
    expect(JSON.stringify(writtenTemplate(app, stack).toJSON())).toContain('ReadMaxOnDemandThroughputThrottleEvents');
  });
});
