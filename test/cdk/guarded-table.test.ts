import { CfnResource, Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Billing, Capacity, ContributorInsightsMode, ProjectionType, StreamViewType, TableClass, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import { lint } from '../../lib';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, healthy, skewguardReport, templateOf } from './support';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, unknown>; DependsOn?: string[] }>;

/** The logical ID of the only resource of `type`. */
function onlyOf(template: Template, type: string): string {
  const ids = Object.keys(template.findResources(type));
  expect(ids).toHaveLength(1);
  return ids[0];
}

describe('GuardedTable, on-demand with GSIs, an LSI and an index added later (one synth)', () => {
  const { app, stack } = appWithStack();
  const topic = new sns.Topic(stack, 'OnCall');
  const orders = new GuardedTable(stack, 'Orders', {
    tableName: 'orders',
    partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
    sortKey: { name: 'lineId', type: AttributeType.NUMBER, cardinality: 50 },
    workload: { peakReadUnits: 4000, peakWriteUnits: 2000 },
    billing: Billing.onDemand({ maxWriteRequestUnits: 10000 }),
    globalSecondaryIndexes: [
      {
        indexName: 'by-customer',
        partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 1_000_000 },
        sortKey: { name: 'createdAt', type: 'S' },
        projectionType: ProjectionType.KEYS_ONLY,
      },
      {
        indexName: 'by-archive',
        partitionKeys: [
          { name: 'tenantId', type: AttributeType.STRING, cardinality: 2000 },
          { name: 'ownerId', type: AttributeType.STRING, cardinality: 400_000 },
        ],
        sortKeys: [
          { name: 'status', type: AttributeType.STRING, cardinality: 4 },
          { name: 'updatedAt', type: AttributeType.STRING, cardinality: 'unique' },
        ],
        contributorInsights: false,
        maxReadRequestUnits: 500,
      },
    ],
    localSecondaryIndexes: [{ indexName: 'by-amount', sortKey: { name: 'amount', type: AttributeType.NUMBER } }],
    acknowledgements: [{ rule: 'SG010', index: 'by-archive', reason: 'the archive index is read by a nightly batch only' }],
    alarmTopic: topic,
    alarmThresholds: { latency: { threshold: 40 } },
    // TableV2 settings passed through as given.
    tableClass: TableClass.STANDARD_INFREQUENT_ACCESS,
    timeToLiveAttribute: 'expiresAt',
    dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
    tags: [{ key: 'team', value: 'orders' }],
  });
  orders.addGlobalSecondaryIndex({
    indexName: 'by-sku',
    partitionKey: { name: 'sku', type: AttributeType.STRING, cardinality: 50_000 },
    workload: { peakReadUnits: 500, peakWriteUnits: 2000 },
  });
  const template = templateOf(stack);
  const resources = template.toJSON().Resources as Resources;
  const tableId = onlyOf(template, 'AWS::DynamoDB::GlobalTable');
  const tableRef = { Ref: tableId };
  const topicRef = { Ref: onlyOf(template, 'AWS::SNS::Topic') };

  it('exposes the TableV2, the normalized design, the findings and every alarm', () => {
    expect(orders.table).toBeInstanceOf(TableV2);
    expect(orders.design.globalSecondaryIndexes.map((g) => [g.index, g.keyMonitoring])).toEqual([['by-customer', true], ['by-archive', false], ['by-sku', true]]);
    expect(orders.design.billing).toBe('on-demand');
    expect(orders.findings.map((f) => [f.ruleId, f.severity, f.path, f.index, f.acknowledged])).toEqual([
      ['SG010', 'error', 'globalSecondaryIndexes[1].contributorInsights', 'by-archive', true],
    ]);
    expect(orders.alarms).toHaveLength(17);
    template.resourceCountIs('AWS::CloudWatch::Alarm', 17);
  });

  it('passes the TableV2 settings through', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      Replicas: [Match.objectLike({ TableClass: 'STANDARD_INFREQUENT_ACCESS', Tags: [{ Key: 'team', Value: 'orders' }] })],
    });
  });

  it('synthesizes the key schema, including multi-attribute GSI keys and the LSI', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TableName: 'orders',
      KeySchema: [{ AttributeName: 'orderId', KeyType: 'HASH' }, { AttributeName: 'lineId', KeyType: 'RANGE' }],
      AttributeDefinitions: Match.arrayWith([{ AttributeName: 'lineId', AttributeType: 'N' }, { AttributeName: 'customerId', AttributeType: 'S' }]),
      GlobalSecondaryIndexes: [
        Match.objectLike({ IndexName: 'by-customer', KeySchema: [{ AttributeName: 'customerId', KeyType: 'HASH' }, { AttributeName: 'createdAt', KeyType: 'RANGE' }], Projection: { ProjectionType: 'KEYS_ONLY' } }),
        Match.objectLike({
          IndexName: 'by-archive',
          KeySchema: [
            { AttributeName: 'tenantId', KeyType: 'HASH' }, { AttributeName: 'ownerId', KeyType: 'HASH' },
            { AttributeName: 'status', KeyType: 'RANGE' }, { AttributeName: 'updatedAt', KeyType: 'RANGE' },
          ],
        }),
        Match.objectLike({ IndexName: 'by-sku', KeySchema: [{ AttributeName: 'sku', KeyType: 'HASH' }] }),
      ],
      LocalSecondaryIndexes: [Match.objectLike({ IndexName: 'by-amount', KeySchema: [{ AttributeName: 'orderId', KeyType: 'HASH' }, { AttributeName: 'amount', KeyType: 'RANGE' }] })],
      BillingMode: 'PAY_PER_REQUEST',
      WriteOnDemandThroughputSettings: { MaxWriteRequestUnits: 10000 },
    });
  });

  it('turns Contributor Insights on for the table and every GSI, except the one the design switches off', () => {
    const on = { Enabled: true, Mode: 'ACCESSED_AND_THROTTLED_KEYS' };
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({
        ContributorInsightsSpecification: on,
        GlobalSecondaryIndexes: [
          { IndexName: 'by-customer', ContributorInsightsSpecification: on },
          { IndexName: 'by-archive', ContributorInsightsSpecification: { Enabled: false }, ReadOnDemandThroughputSettings: { MaxReadRequestUnits: 500 } },
          { IndexName: 'by-sku', ContributorInsightsSpecification: on },
        ],
      })],
    });
  });

  it('keeps the data safe by default: deletion protection, point-in-time recovery, retained on removal', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        Replicas: [Match.objectLike({ DeletionProtectionEnabled: true, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
      }),
    });
  });

  const alarm = (metricName: string, index: string | undefined, extra: Record<string, unknown> = {}) => ({
    Namespace: 'AWS/DynamoDB',
    MetricName: metricName,
    Dimensions: index === undefined
      ? [{ Name: 'TableName', Value: tableRef }]
      : [{ Name: 'GlobalSecondaryIndexName', Value: index }, { Name: 'TableName', Value: tableRef }],
    Statistic: 'Sum',
    Period: 60,
    Threshold: 1,
    EvaluationPeriods: 5,
    DatapointsToAlarm: 3,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    TreatMissingData: 'notBreaching',
    AlarmActions: [topicRef],
    OKActions: [topicRef],
    AlarmDescription: Match.anyValue(),
    ...extra,
  });

  it.each([undefined, 'by-customer', 'by-archive', 'by-sku'])('alarms on key-range throttles, read and write, for %s', (index) => {
    for (const metric of ['ReadKeyRangeThroughputThrottleEvents', 'WriteKeyRangeThroughputThrottleEvents']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', alarm(metric, index));
    }
  });

  it('alarms on the on-demand maximum only where one is set (table writes, by-archive reads), never on provisioned throttles', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', alarm('WriteMaxOnDemandThroughputThrottleEvents', undefined));
    template.hasResourceProperties('AWS::CloudWatch::Alarm', alarm('ReadMaxOnDemandThroughputThrottleEvents', 'by-archive'));
    const metricNames = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((r) => r.Properties.MetricName);
    expect(metricNames.filter((m) => /MaxOnDemand/.test(m))).toHaveLength(2);
    expect(metricNames.filter((m) => /Provisioned/.test(m))).toHaveLength(0);
  });

  it.each(['GetItem', 'PutItem', 'Query', 'UpdateItem'])('alarms on p99 %s latency at the configured threshold', (operation) => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/DynamoDB',
      MetricName: 'SuccessfulRequestLatency',
      Dimensions: [{ Name: 'Operation', Value: operation }, { Name: 'TableName', Value: tableRef }],
      ExtendedStatistic: 'p99',
      Period: 60,
      Threshold: 40,
      TreatMissingData: 'notBreaching',
      AlarmActions: [topicRef],
    });
  });

  it('alarms on the hottest key through the Contributor Insights rule looked up at deploy time', () => {
    const hotKey = Object.entries(template.findResources('AWS::CloudWatch::Alarm', { Properties: { Metrics: Match.anyValue() } }));
    expect(hotKey).toHaveLength(3); // table, by-customer, by-sku: not by-archive, whose Contributor Insights is off
    const lookups = template.findResources('Custom::SkewguardContributorInsightsRules');
    for (const [, resource] of hotKey) {
      const props = resource.Properties;
      expect(props).toMatchObject({ Threshold: 144000, EvaluationPeriods: 5, DatapointsToAlarm: 3, TreatMissingData: 'notBreaching', AlarmActions: [topicRef] });
      expect(props.Metrics).toHaveLength(1);
      const [query] = props.Metrics;
      expect(query).toMatchObject({ Period: 60, ReturnData: true });
      const [, parts] = query.Expression['Fn::Join'];
      expect(parts[0]).toBe("INSIGHT_RULE_METRIC('");
      expect(parts[2]).toBe("', 'MaxContributorValue')");
      expect(Object.keys(lookups)).toContain(parts[1]['Fn::GetAtt'][0]);
      expect(parts[1]['Fn::GetAtt'][1]).toBe('AccessedKeysRule');
    }
  });

  it('looks the rules up with a custom resource per key space, waiting until Contributor Insights is ENABLED', () => {
    const lookups = Object.values(template.findResources('Custom::SkewguardContributorInsightsRules')).map((r) => r.Properties);
    expect(lookups.map((p) => p.IndexName)).toEqual([undefined, 'by-customer', 'by-sku']);
    for (const p of lookups) expect(p).toMatchObject({ TableName: tableRef, Mode: 'ACCESSED_AND_THROTTLED_KEYS', ServiceTimeout: '900' });
    const fn = template.findResources('AWS::Lambda::Function');
    const [functionProps] = Object.values(fn).map((r) => r.Properties);
    expect(functionProps).toMatchObject({ Runtime: 'nodejs24.x', Handler: 'index.handler', Timeout: 840 });
    expect(functionProps.Code.ZipFile).toContain("ContributorInsightsStatus");
  });

  it("scopes the lookup's IAM to DescribeContributorInsights on this table and its monitored indexes", () => {
    const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
    const indexArn = (name: string) => ({ 'Fn::Join': ['', [tableArn, `/index/${name}`]] });
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).map((r) => r.Properties.PolicyDocument.Statement);
    expect(policies).toHaveLength(1);
    const [statements] = policies;
    expect(statements).toContainEqual({ Action: 'dynamodb:DescribeContributorInsights', Effect: 'Allow', Resource: [tableArn, indexArn('by-customer'), indexArn('by-sku')] });
    // The rest: writing its own log group, nothing else.
    const others = statements.filter((s: { Action: unknown }) => s.Action !== 'dynamodb:DescribeContributorInsights');
    expect(others).toEqual([{ Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Effect: 'Allow', Resource: { 'Fn::GetAtt': [onlyOf(template, 'AWS::Logs::LogGroup'), 'Arn'] } }]);
    template.resourceCountIs('AWS::IAM::ManagedPolicy', 0);
    expect(Object.values(template.findResources('AWS::IAM::Role'))[0].Properties.ManagedPolicyArns).toBeUndefined();
    // Each lookup waits for the policy, so the function is allowed before it is asked.
    const policyId = onlyOf(template, 'AWS::IAM::Policy');
    for (const r of Object.values(template.findResources('Custom::SkewguardContributorInsightsRules'))) expect(r.DependsOn).toContain(policyId);
  });

  it('builds a dashboard with the top keys, throttles by cause, capacity and p99 latency', () => {
    const body = JSON.stringify(Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0].Properties.DashboardBody);
    for (const expected of [
      '\\"insightRule\\":{\\"maxContributorCount\\":10,\\"orderBy\\":\\"Sum\\",\\"ruleName\\":\\"', 'Most accessed partition keys (index by-customer)',
      'Most throttled partition keys (table)', 'WriteKeyRangeThroughputThrottleEvents', 'WriteMaxOnDemandThroughputThrottleEvents',
      'ReadAccountLimitThrottleEvents', 'ConsumedReadCapacityUnits', 'SuccessfulRequestLatency', 'alarm threshold', '\\"type\\":\\"alarm\\"',
    ]) expect(body).toContain(expected);
    expect(body).not.toContain('Most accessed partition keys (index by-archive)');
  });

  it('writes the design to the template metadata as the contract says, and lint() of it reproduces the findings', () => {
    const metadata = resources[tableId].Metadata?.skewguard as { version: number; constructPath: string; design: Record<string, unknown> };
    expect(metadata.version).toBe(1);
    expect(metadata.constructPath).toBe('Test/Orders');
    expect(metadata.design).toMatchObject({
      name: 'orders',
      billing: 'on-demand',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      acknowledgements: [{ rule: 'SG010', index: 'by-archive', reason: 'the archive index is read by a nightly batch only' }],
    });
    expect(metadata.design).not.toHaveProperty('engine');
    expect((metadata.design.globalSecondaryIndexes as { indexName: string }[]).map((g) => g.indexName)).toEqual(['by-customer', 'by-archive', 'by-sku']);
    expect(JSON.stringify(metadata.design)).not.toMatch(/projectionType|maxReadRequestUnits|Token/);
    const relative = (path: string) => path.replace(/^tables\[0\]\./, '');
    const relinted = lint({ tables: [metadata.design as never] }).map((f) => ({ ...f, path: relative(f.path), edits: f.edits?.map((e) => ({ ...e, path: relative(e.path) })) }));
    expect(relinted).toEqual(orders.findings);
  });

  it('passes the validation: the only finding is waived in the design, whose metadata is the audit trail', () => {
    expect(skewguardReport(app)).toBeUndefined();
  });
});

describe('GuardedTable, provisioned, THROTTLED_KEYS, no dashboard, no latency alarms (one synth)', () => {
  const { stack } = appWithStack();
  const jobs = new GuardedTable(stack, 'Jobs', healthy({
    billing: Billing.provisioned({ readCapacity: Capacity.fixed(100), writeCapacity: Capacity.autoscaled({ maxCapacity: 500 }) }),
    monitoring: { latencyAlarms: false },
    contributorInsightsMode: ContributorInsightsMode.THROTTLED_KEYS,
    dashboard: false,
    globalSecondaryIndexes: [{ indexName: 'by-user', partitionKey: { name: 'userId', type: AttributeType.STRING, cardinality: 100_000 }, writeCapacity: Capacity.autoscaled({ maxCapacity: 50 }) }],
  }));
  const template = templateOf(stack);

  it('alarms on provisioned-capacity throttles (read and write, table and index) to tell them from hot keys', () => {
    for (const direction of ['Read', 'Write']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: `${direction}ProvisionedThroughputThrottleEvents`, Statistic: 'Sum', Dimensions: Match.arrayWith([{ Name: 'GlobalSecondaryIndexName', Value: 'by-user' }]) });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: `${direction}ProvisionedThroughputThrottleEvents`, Statistic: 'Sum', Dimensions: [Match.objectLike({ Name: 'TableName' })] });
    }
    expect(jobs.skewAlarms.map((a) => `${a.signal}:${a.index ?? 'table'}:${a.direction ?? ''}`)).toEqual([
      'key-range-throttles:table:Read', 'capacity-throttles:table:Read', 'key-range-throttles:table:Write', 'capacity-throttles:table:Write', 'hot-key:table:',
      'key-range-throttles:by-user:Read', 'capacity-throttles:by-user:Read', 'key-range-throttles:by-user:Write', 'capacity-throttles:by-user:Write', 'hot-key:by-user:',
    ]);
  });

  it('watches the most throttled key in THROTTLED_KEYS mode, and makes no dashboard and no latency alarm', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', { Replicas: [Match.objectLike({ ContributorInsightsSpecification: { Enabled: true, Mode: 'THROTTLED_KEYS' } })] });
    template.hasResourceProperties('Custom::SkewguardContributorInsightsRules', { Mode: 'THROTTLED_KEYS' });
    const hotKey = Object.values(template.findResources('AWS::CloudWatch::Alarm', { Properties: { Metrics: Match.anyValue() } }));
    expect(hotKey.map((r) => [r.Properties.Threshold, r.Properties.Metrics[0].Expression['Fn::Join'][1][1]['Fn::GetAtt'][1]])).toEqual([[60, 'ThrottledKeysRule'], [60, 'ThrottledKeysRule']]);
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 0);
    expect(Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter((r) => r.Properties.MetricName === 'SuccessfulRequestLatency')).toHaveLength(0);
  });
});

describe('GuardedTable wrapping an existing table', () => {
  it('keeps the logical ID a TableV2 with the same id has, so adopting it replaces nothing', () => {
    const before = new Stack(undefined, 'S');
    const raw = new TableV2(before, 'Orders', { partitionKey: { name: 'orderId', type: AttributeType.STRING } });
    const after = new Stack(undefined, 'S');
    const guarded = new GuardedTable(after, 'Orders', healthy());
    const logicalId = (table: TableV2) => Stack.of(table).resolve((table.node.defaultChild as CfnResource).logicalId);
    expect(logicalId(guarded.table)).toBe(logicalId(raw));
  });
});
