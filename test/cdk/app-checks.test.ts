import { CfnParameter, Fn, Validations } from 'aws-cdk-lib';
import { AttributeType, CfnGlobalTable, CfnTable, ContributorInsightsMode, Table, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { lint } from '../../lib';
import { checkResources, externalTable, GuardedTable, SkewguardPlugin, type CheckedResource } from '../../lib/cdk';
import { appWithStack, healthy, skewguardReport, synthError, verdicts, writtenTemplate } from './support';

describe('SkewguardPlugin.checkUnguardedTables(app): raw TableV2, Table, CfnTable and CfnGlobalTable (one synth)', () => {
  const { app, stack } = appWithStack();
  SkewguardPlugin.checkUnguardedTables(app);
  new GuardedTable(stack, 'Guarded', healthy());
  // Contributor Insights off and a low-cardinality name: SG010 (error) and SG015 (warning).
  const legacy = new TableV2(stack, 'Legacy', { partitionKey: { name: 'status', type: AttributeType.STRING } });
  // Clean: Contributor Insights on, an id-like key.
  new Table(stack, 'Clean', { partitionKey: { name: 'orderId', type: AttributeType.STRING }, contributorInsightsSpecification: { enabled: true } });
  // Contributor Insights behind a condition: cannot be known at synth, reported as not checked.
  new CfnTable(stack, 'Conditional', {
    keySchema: [{ attributeName: 'userId', keyType: 'HASH' }],
    attributeDefinitions: [{ attributeName: 'userId', attributeType: 'S' }],
    billingMode: 'PAY_PER_REQUEST',
    contributorInsightsSpecification: { enabled: Fn.conditionIf('IsProd', true, false) as never },
  });
  // A key named by a parameter: not checked (a warning), and Contributor Insights, off, still is.
  const keyName = new CfnParameter(stack, 'KeyName').valueAsString;
  new CfnTable(stack, 'Parameterized', {
    keySchema: [{ attributeName: keyName, keyType: 'HASH' }],
    attributeDefinitions: [{ attributeName: keyName, attributeType: 'S' }],
    billingMode: 'PAY_PER_REQUEST',
  });
  // A raw global table with an index whose Contributor Insights is off in the replica.
  new CfnGlobalTable(stack, 'Global', {
    keySchema: [{ attributeName: 'tenantId', keyType: 'HASH' }],
    attributeDefinitions: [
      { attributeName: 'tenantId', attributeType: 'S' },
      { attributeName: 'day', attributeType: 'S' },
    ],
    billingMode: 'PAY_PER_REQUEST',
    globalSecondaryIndexes: [{ indexName: 'by-day', keySchema: [{ attributeName: 'day', keyType: 'HASH' }], projection: { projectionType: 'KEYS_ONLY' } }],
    replicas: [
      {
        region: 'eu-west-1',
        contributorInsightsSpecification: { enabled: true, mode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS },
        globalSecondaryIndexes: [{ indexName: 'by-day' }],
      },
    ],
  });
  Validations.of(legacy).acknowledge({ id: 'skewguard::SG015', reason: 'legacy jobs table, replaced next quarter' });
  const error = synthError(app);
  const report = skewguardReport(app);
  const template = writtenTemplate(app, stack);

  it('checks every table that is not a GuardedTable, and the GuardedTable once', () => {
    expect(error).toContain('skewguard::SG010');
    expect(verdicts(report?.violations ?? []).sort()).toEqual([
      ['error', 'skewguard::SG010', 'Test/Global'],
      ['error', 'skewguard::SG010', 'Test/Legacy/Resource'],
      ['error', 'skewguard::SG010', 'Test/Parameterized'],
      ['warning', 'skewguard::SG015', 'Test/Global'],
      ['warning', 'skewguard::unchecked', 'Test/Conditional'],
      ['warning', 'skewguard::unchecked', 'Test/Parameterized'],
    ]);
  });

  it('points each finding at the template field behind it', () => {
    const where = (rule: string, path: string) =>
      report?.violations.find((v) => v.ruleName === rule && v.violatingConstructs[0].constructPath === path)?.violatingConstructs[0].cloudFormationResource
        ?.propertyPaths;
    expect(where('skewguard::SG010', 'Test/Global')).toEqual(['Properties.Replicas[0].GlobalSecondaryIndexes[0].ContributorInsightsSpecification']);
    expect(where('skewguard::SG015', 'Test/Global')).toEqual(['Properties.GlobalSecondaryIndexes[0].KeySchema[0].AttributeName']);
    expect(where('skewguard::unchecked', 'Test/Conditional')).toEqual(['Properties.ContributorInsightsSpecification.Enabled']);
  });

  it('waives through Validations.acknowledge() and records the waiver in the raw table metadata, per the contract', () => {
    expect(report?.suppressedViolations.map((v) => [v.ruleName, v.acknowledgedAt])).toEqual([['skewguard::SG015', 'Test/Legacy']]);
    const [legacyId] = Object.keys(
      template.findResources('AWS::DynamoDB::GlobalTable', { Properties: { KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }] } }),
    );
    expect(template.toJSON().Resources[legacyId].Metadata.skewguard).toEqual({
      version: 1,
      acknowledgements: [{ rule: 'SG015', reason: 'legacy jobs table, replaced next quarter' }],
      // Where the waiver was given, so `lint cdk.out/` counts a scope's waiver once, at the scope.
      acknowledgedAt: { SG015: 'Test/Legacy' },
    });
    // Tables without a waiver carry no skewguard metadata.
    const clean = Object.values(template.findResources('AWS::DynamoDB::Table'));
    expect(clean.every((r) => r.Metadata?.skewguard === undefined)).toBe(true);
  });
});

describe('externalTable(): a template resource as the contract reads it', () => {
  it('takes the HASH keys of the table and each GSI, and Contributor Insights from a Table', () => {
    const table = externalTable('Jobs', {
      Type: 'AWS::DynamoDB::Table',
      Properties: {
        KeySchema: [
          { AttributeName: 'status', KeyType: 'HASH' },
          { AttributeName: 'jobId', KeyType: 'RANGE' },
        ],
        ContributorInsightsSpecification: { Enabled: 'true' },
        GlobalSecondaryIndexes: [
          { IndexName: 'by-day', KeySchema: [{ AttributeName: 'day', KeyType: 'HASH' }], ContributorInsightsSpecification: { Enabled: true } },
        ],
      },
    });
    expect(table.design).toEqual({
      engine: 'dynamodb',
      name: 'Jobs',
      partitionKeys: [{ attribute: 'status' }, { attribute: 'day', index: 'by-day' }],
      keyMonitoring: true,
    });
    expect(table.keyLocations).toEqual(['Properties.KeySchema[0].AttributeName', 'Properties.GlobalSecondaryIndexes[0].KeySchema[0].AttributeName']);
    expect(table.unchecked).toEqual([]);
  });

  it('treats an absent specification as off, and an intrinsic as unknown (never a guess)', () => {
    expect(
      externalTable('T', { Type: 'AWS::DynamoDB::Table', Properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] } }).design.keyMonitoring,
    ).toBe(false);
    const unknown = externalTable('T', {
      Type: 'AWS::DynamoDB::Table',
      Properties: {
        KeySchema: [{ AttributeName: { Ref: 'KeyName' }, KeyType: 'HASH' }],
        ContributorInsightsSpecification: { Enabled: { 'Fn::If': ['C', true, false] } },
      },
    });
    expect(unknown.design).toEqual({ engine: 'dynamodb', name: 'T', partitionKeys: [] });
    expect(unknown.unchecked.map((u) => u.location)).toEqual(['Properties.KeySchema[0].AttributeName', 'Properties.ContributorInsightsSpecification.Enabled']);
    // The whole specification computed at deploy time is unknown too, not off.
    const computed = externalTable('T', {
      Type: 'AWS::DynamoDB::Table',
      Properties: {
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        ContributorInsightsSpecification: { 'Fn::If': ['C', { Enabled: true }, { Ref: 'AWS::NoValue' }] },
      },
    });
    expect(computed.design.keyMonitoring).toBeUndefined();
    expect(computed.unchecked).toEqual([
      {
        location: 'Properties.ContributorInsightsSpecification',
        what: 'SG010 (Contributor Insights switch)',
        found: 'the intrinsic function Fn::If (known only at deploy time)',
      },
    ]);
  });

  it('still checks Contributor Insights when no key name can be read, and says which key it could not read', () => {
    const keyOf = (keySchema: unknown) => externalTable('T', { Type: 'AWS::DynamoDB::Table', Properties: { KeySchema: keySchema } });
    const named = keyOf([{ AttributeName: { Ref: 'KeyName' }, KeyType: 'HASH' }]);
    expect(named.design).toEqual({ engine: 'dynamodb', name: 'T', partitionKeys: [], keyMonitoring: false });
    expect(lint({ external: [named.design] }).map((f) => f.ruleId)).toEqual(['SG010']);
    // A key type or a whole entry computed at deploy time hides a key as much as its name does.
    expect(keyOf([{ AttributeName: 'status', KeyType: { 'Fn::If': ['C', 'HASH', 'RANGE'] } }]).unchecked.map((u) => u.location)).toEqual([
      'Properties.KeySchema[0].KeyType',
    ]);
    expect(keyOf([{ 'Fn::If': ['C', { AttributeName: 'status', KeyType: 'HASH' }, { Ref: 'AWS::NoValue' }] }]).unchecked.map((u) => u.location)).toEqual([
      'Properties.KeySchema[0]',
    ]);
    expect(keyOf(undefined).unchecked).toEqual([{ location: 'Properties.KeySchema', what: 'SG015 (key names)', found: 'nothing' }]);
  });

  it('names what it found where a switch should be, and points at the list a replica gives for its indexes', () => {
    const unknownAt = (properties: Record<string, unknown>) =>
      externalTable('G', { Type: 'AWS::DynamoDB::GlobalTable', Properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], ...properties } })
        .unchecked;
    expect(unknownAt({ Replicas: 'us-east-1' })).toEqual([
      { location: 'Properties.Replicas', what: 'SG010 (Contributor Insights switch)', found: '"us-east-1"' },
    ]);
    expect(unknownAt({ Replicas: [{ Region: 'a', ContributorInsightsSpecification: { Enabled: 'yes' } }] })[0]).toMatchObject({
      location: 'Properties.Replicas[0].ContributorInsightsSpecification.Enabled',
      found: '"yes"',
    });
    const gsis = [
      { IndexName: 'a', KeySchema: [{ AttributeName: 'x', KeyType: 'HASH' }] },
      { IndexName: 'b', KeySchema: [{ AttributeName: 'y', KeyType: 'HASH' }] },
    ];
    const listed = unknownAt({
      GlobalSecondaryIndexes: gsis,
      Replicas: [{ Region: 'a', ContributorInsightsSpecification: { Enabled: true }, GlobalSecondaryIndexes: { 'Fn::If': ['C', [], []] } }],
    });
    // Once per replica, at its list: not once per index, not at the replica.
    expect(listed.map((u) => u.location)).toEqual(['Properties.Replicas[0].GlobalSecondaryIndexes']);
  });

  it('reads waivers of its own contract version only, and a GlobalTable without replicas as off', () => {
    const withMetadata = (version: number) =>
      externalTable('T', {
        Type: 'AWS::DynamoDB::Table',
        Metadata: { skewguard: { version, acknowledgements: [{ rule: 'SG010', reason: 'dev table' }] } },
        Properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] },
      });
    expect(withMetadata(1).design.acknowledgements).toEqual([{ rule: 'SG010', reason: 'dev table' }]);
    expect(withMetadata(2).design.acknowledgements).toBeUndefined();
    const bare = externalTable('G', { Type: 'AWS::DynamoDB::GlobalTable', Properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] } });
    expect([bare.design.keyMonitoring, bare.keyMonitoringLocation]).toEqual([false, 'Properties.Replicas']);
    const empty = externalTable('G', {
      Type: 'AWS::DynamoDB::GlobalTable',
      Properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], Replicas: [] },
    });
    expect([empty.design.keyMonitoring, empty.keyMonitoringLocation]).toEqual([false, 'Properties.Replicas']);
  });

  it('reads every replica of a GlobalTable: one replica off is off', () => {
    const global = (second: unknown) =>
      externalTable('G', {
        Type: 'AWS::DynamoDB::GlobalTable',
        Properties: {
          KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
          Replicas: [{ Region: 'a', ContributorInsightsSpecification: { Enabled: true } }, second],
        },
      });
    expect(global({ Region: 'b', ContributorInsightsSpecification: { Enabled: true } }).design.keyMonitoring).toBe(true);
    expect(global({ Region: 'b' }).design.keyMonitoring).toBe(false);
    expect(global({ Region: 'b' }).keyMonitoringLocation).toBe('Properties.Replicas[1].ContributorInsightsSpecification');
  });
});

describe('checkResources(): the verdict as a pure function of template resources', () => {
  const guarded = (design: unknown, extra: Partial<CheckedResource> = {}): CheckedResource => ({
    templatePath: 'S.template.json',
    logicalId: 'T1',
    constructPath: 'S/T',
    kind: 'guarded',
    resource: { Type: 'AWS::DynamoDB::GlobalTable', Metadata: { skewguard: { version: 1, constructPath: 'S/T', design } } },
    ...extra,
  });
  // One hot event at 25% of 4,000 WCU: 1,000 WCU on one key, over a usable 800 (SG003, and nothing else).
  const design = {
    name: 'orders',
    partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
    workload: { peakReadUnits: 900, peakWriteUnits: 4000, hotKeyShare: 0.25 },
  };

  it('fails on an unwaived error and passes when the design waives it', () => {
    expect(checkResources([guarded(design)])).toMatchObject({ success: false, violations: [{ ruleName: 'skewguard::SG003', severity: 'error' }] });
    const waived = { ...design, acknowledgements: [{ rule: 'SG003', reason: 'the launch peak lasts a minute; retries absorb it' }] };
    expect(checkResources([guarded(waived)])).toMatchObject({ success: true, violations: [] });
    // A waiver CDK knows of is still reported, for CDK to list as suppressed.
    expect(checkResources([guarded(waived, { cdkAcknowledgedRules: ['SG003'] })]).violations.map((v) => v.ruleName)).toEqual(['skewguard::SG003']);
  });

  it('never passes what it cannot read: missing or edited metadata, a table missing from its template', () => {
    expect(checkResources([guarded(undefined)])).toMatchObject({ success: false, violations: [{ severity: 'fatal', ruleName: 'skewguard::design-metadata' }] });
    expect(checkResources([guarded({ ...design, partitionKey: { name: 'status', cardinality: -1 } })])).toMatchObject({
      success: false,
      violations: [{ severity: 'fatal' }],
    });
    expect(checkResources([{ ...guarded(design), resource: undefined }])).toMatchObject({
      success: false,
      violations: [{ severity: 'fatal', ruleName: 'skewguard::template' }],
    });
  });

  it('warns about a design waiver that waives nothing any more, but not about an app-wide one', () => {
    const healthyDesign = {
      name: 'orders',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 10, peakWriteUnits: 10 },
      acknowledgements: [{ rule: 'SG001', reason: 'written when the key was the status' }],
    };
    expect(checkResources([guarded(healthyDesign)])).toMatchObject({
      success: true,
      violations: [
        { ruleName: 'skewguard::acknowledgement', severity: 'warning', violatingResources: [{ locations: ['Metadata.skewguard.design.acknowledgements[0]'] }] },
      ],
    });
    // Worded as the CLI words it, for a first run too (seat28): not "the finding it was written for is gone".
    expect(checkResources([guarded(healthyDesign)]).violations[0].description).toMatch(/waives nothing: SG001 reports nothing on orders$/);
    expect(checkResources([guarded(healthyDesign, { cdkAcknowledgedRules: ['SG001'] })]).violations).toEqual([]);
  });

  it("raises warnings to errors with failOn: 'warning'", () => {
    const warningOnly = {
      name: 'orders',
      partitionKey: { name: 'customerId', type: 'S', cardinality: 100000 },
      // 15% of 1,000 WCU, 2.21× left: a share SG014 warns of (at 100 WCU the growth left times the share passes 1.5).
      workload: { peakReadUnits: 1000, peakWriteUnits: 1000, hotKeyShare: 0.15 },
    };
    expect(checkResources([guarded(warningOnly)])).toMatchObject({ success: true, violations: [{ severity: 'warning' }] });
    expect(checkResources([guarded(warningOnly)], { failOn: 'warning' })).toMatchObject({ success: false, violations: [{ severity: 'error' }] });
  });
});
