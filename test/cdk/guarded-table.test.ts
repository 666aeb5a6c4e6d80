import { CfnResource, Stack, Validations } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Billing, Capacity, ContributorInsightsMode, ProjectionType, StreamViewType, TableClass, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import { lint } from '../../lib';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, healthy, skewguardReport, templateOf } from './support';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, unknown>; DependsOn?: string[] }>;

/** The logical ID of the only resource of `type` (whose logical ID starts with `prefix`). */
function onlyOf(template: Template, type: string, prefix = ''): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix));
  expect(ids).toHaveLength(1);
  return ids[0];
}

interface MetricRead {
  metric: string;
  stat: string;
  period: number;
  dimensions: Record<string, unknown>;
}
interface AlarmRead {
  id: string;
  name: string;
  description: string;
  expression?: string;
  /** Every expression of the alarm, in template order (`expression` is the last). */
  allExpressions?: string[];
  metrics: Record<string, MetricRead>;
  threshold: number;
  evaluation: string;
  comparison: string;
  missing: string;
  alarmActions?: unknown[];
  okActions?: unknown[];
}

/** Each alarm as an on-call reads it: expression, metrics (name, statistic, period, dimensions), threshold, M of N. */
function alarmsOf(template: Template): AlarmRead[] {
  return Object.entries(template.findResources('AWS::CloudWatch::Alarm')).map(([id, r]) => {
    const p = r.Properties;
    const metrics: Record<string, MetricRead> = {};
    let expression: string | undefined;
    const allExpressions: string[] = [];
    for (const m of p.Metrics ?? []) {
      if (m.Expression !== undefined) {
        expression = typeof m.Expression === 'string' ? m.Expression : JSON.stringify(m.Expression);
        allExpressions.push(JSON.stringify(m.Expression));
      } else
        metrics[m.Id] = {
          metric: m.MetricStat.Metric.MetricName,
          stat: m.MetricStat.Stat,
          period: m.MetricStat.Period,
          dimensions: Object.fromEntries(m.MetricStat.Metric.Dimensions.map((d: { Name: string; Value: unknown }) => [d.Name, d.Value])),
        };
    }
    return {
      id,
      name: p.AlarmName,
      description: p.AlarmDescription,
      expression,
      allExpressions,
      metrics,
      threshold: p.Threshold,
      evaluation: `${p.DatapointsToAlarm} of ${p.EvaluationPeriods}`,
      comparison: p.ComparisonOperator,
      missing: p.TreatMissingData,
      alarmActions: p.AlarmActions,
      okActions: p.OKActions,
    };
  });
}

describe('GuardedTable, on-demand with GSIs, an LSI and an index added later (one synth)', () => {
  const { app, stack } = appWithStack();
  const page = new sns.Topic(stack, 'Page');
  const ticket = new sns.Topic(stack, 'Ticket');
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
        maxReadRequestUnits: 5000,
      },
    ],
    localSecondaryIndexes: [{ indexName: 'by-amount', sortKey: { name: 'amount', type: AttributeType.NUMBER } }],
    // An order's 50 lines with their LSI entries: far under the 10 GB an LSI allows (undeclared, SG006 warns).
    storage: { largestPartitionGb: 0.05 },
    acknowledgements: [{ rule: 'SG010', index: 'by-archive', reason: 'the archive index is read by a nightly batch only' }],
    pageTopic: page,
    ticketTopic: ticket,
    latencyAlarms: { thresholds: { GetItem: 40, Query: 80 } },
    dashboard: true,
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
  const pageRef = { Ref: onlyOf(template, 'AWS::SNS::Topic', 'Page') };

  it('exposes the TableV2, the normalized design, the findings and every alarm', () => {
    expect(orders.table).toBeInstanceOf(TableV2);
    expect(orders.design.globalSecondaryIndexes.map((g) => [g.index, g.keyMonitoring])).toEqual([
      ['by-customer', true],
      ['by-archive', false],
      ['by-sku', true],
    ]);
    expect(orders.design.billing).toBe('on-demand');
    expect(orders.findings.map((f) => [f.ruleId, f.severity, f.path, f.index, f.acknowledged])).toEqual([
      ['SG010', 'error', 'globalSecondaryIndexes[1].contributorInsights', 'by-archive', true],
    ]);
    // by-sku, added later, pages on its own account-limit read throttles (review 16): an alarm of its own; its key-range
    // throttles join the table's key-range page and sustained-throttles ticket.
    expect(orders.alarms).toHaveLength(6);
    template.resourceCountIs('AWS::CloudWatch::Alarm', 6);
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
      KeySchema: [
        { AttributeName: 'orderId', KeyType: 'HASH' },
        { AttributeName: 'lineId', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: 'lineId', AttributeType: 'N' },
        { AttributeName: 'customerId', AttributeType: 'S' },
      ]),
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: 'by-customer',
          KeySchema: [
            { AttributeName: 'customerId', KeyType: 'HASH' },
            { AttributeName: 'createdAt', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        }),
        Match.objectLike({
          IndexName: 'by-archive',
          KeySchema: [
            { AttributeName: 'tenantId', KeyType: 'HASH' },
            { AttributeName: 'ownerId', KeyType: 'HASH' },
            { AttributeName: 'status', KeyType: 'RANGE' },
            { AttributeName: 'updatedAt', KeyType: 'RANGE' },
          ],
        }),
        Match.objectLike({ IndexName: 'by-sku', KeySchema: [{ AttributeName: 'sku', KeyType: 'HASH' }] }),
      ],
      LocalSecondaryIndexes: [
        Match.objectLike({
          IndexName: 'by-amount',
          KeySchema: [
            { AttributeName: 'orderId', KeyType: 'HASH' },
            { AttributeName: 'amount', KeyType: 'RANGE' },
          ],
        }),
      ],
      BillingMode: 'PAY_PER_REQUEST',
      WriteOnDemandThroughputSettings: { MaxWriteRequestUnits: 10000 },
    });
  });

  it('turns Contributor Insights on for the table and every GSI, except the one the design switches off', () => {
    const on = { Enabled: true, Mode: 'THROTTLED_KEYS' };
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [
        Match.objectLike({
          ContributorInsightsSpecification: on,
          GlobalSecondaryIndexes: [
            { IndexName: 'by-customer', ContributorInsightsSpecification: on },
            { IndexName: 'by-archive', ContributorInsightsSpecification: { Enabled: false }, ReadOnDemandThroughputSettings: { MaxReadRequestUnits: 5000 } },
            { IndexName: 'by-sku', ContributorInsightsSpecification: on },
          ],
        }),
      ],
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

  const alarms = alarmsOf(template);
  const ticketRef = { Ref: onlyOf(template, 'AWS::SNS::Topic', 'Ticket') };
  const dims = (index: string | undefined) => (index === undefined ? { TableName: tableRef } : { GlobalSecondaryIndexName: index, TableName: tableRef });

  const SPACES = [undefined, 'by-customer', 'by-archive', 'by-sku'] as const;
  const keyRange = (direction: 'Read' | 'Write', index: string | undefined) => ({
    metric: `${direction}KeyRangeThroughputThrottleEvents`,
    stat: 'Sum',
    period: 60,
    dimensions: dims(index),
  });

  it('pages on sustained key-range throttles of any key space, read + write of each, in one alarm for the table and its GSIs (by-sku, added later, too)', () => {
    const found = alarms.filter((a) => a.name.includes('hot partition'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      // The highest key space's read + write: it breaches in a minute where any key space is at its line.
      expression: 'MAX([FILL(r0, 0) + FILL(w0, 0), FILL(r1, 0) + FILL(w1, 0), FILL(r2, 0) + FILL(w2, 0), FILL(r3, 0) + FILL(w3, 0)])',
      metrics: Object.fromEntries(
        SPACES.flatMap((index, i) => [
          [`r${i}`, keyRange('Read', index)],
          [`w${i}`, keyRange('Write', index)],
        ]),
      ),
      threshold: 60,
      evaluation: '4 of 12',
      comparison: 'GreaterThanOrEqualToThreshold',
      missing: 'notBreaching',
      // Page topic on ALARM, and its recovery to the same topic: the incident the page opened is resolved there.
      alarmActions: [pageRef],
      okActions: [pageRef],
    });
    expect(found[0].name).toBe('skewguard page orders hot partition (key-range throttles)');
    // The table's key-range page before it read every key space: same logical ID and AlarmName, so it is updated in place.
    expect(found[0].id).toMatch(/^OrdersAlarmsTableKeyRangeThrottles/);
  });

  it('opens a ticket on key-range throttles under the page that go on: every key space, no capacity-limit metric (those page at 1 a minute)', () => {
    const found = alarms.filter((a) => a.name.includes('sustained throttles'));
    expect(found).toHaveLength(1);
    const ids = SPACES.flatMap((_, i) => [`r${i}`, `w${i}`]);
    expect(Object.keys(found[0].metrics).sort()).toEqual([...ids].sort());
    expect(found[0]).toMatchObject({
      expression: ids.map((id) => `FILL(${id}, 0)`).join(' + '),
      metrics: {
        ...Object.fromEntries(
          SPACES.flatMap((index, i) => [
            [`r${i}`, keyRange('Read', index)],
            [`w${i}`, keyRange('Write', index)],
          ]),
        ),
      },
      threshold: 5,
      evaluation: '30 of 60',
      comparison: 'GreaterThanOrEqualToThreshold',
      missing: 'notBreaching',
      alarmActions: [ticketRef],
      okActions: [ticketRef],
    });
    expect(found[0].name).toBe('skewguard ticket orders sustained throttles');
  });

  it('pages on throttles that are not a hot key: account limits and the on-demand maximums set (table writes, by-archive reads)', () => {
    const ticket = alarms.filter((a) => a.name.includes('failed requests (not a hot key)'));
    expect(ticket).toHaveLength(2);
    // Each GSI's reads throttled by the account quota are under its own dimension (review 16: on-demand GSIs were blind),
    // and its writes too (the throttling guide's IndexWriteAccountLimitExceeded; the table's metric is still read, as the
    // metrics page lists it): a GSI's throttled writes reject the table's.
    expect(ticket[0]).toMatchObject({
      expression:
        'FILL(accountRead, 0) + FILL(accountWrite, 0) + FILL(maxOnDemandWrite0, 0) + FILL(accountRead1, 0) + FILL(accountWrite1, 0) + FILL(accountRead2, 0) + FILL(accountWrite2, 0) + FILL(maxOnDemandRead2, 0)',
      metrics: {
        accountRead: { metric: 'ReadAccountLimitThrottleEvents', stat: 'Sum', period: 60, dimensions: { TableName: tableRef } },
        accountWrite: { metric: 'WriteAccountLimitThrottleEvents', stat: 'Sum', period: 60, dimensions: { TableName: tableRef } },
        accountRead1: { metric: 'ReadAccountLimitThrottleEvents', stat: 'Sum', period: 60, dimensions: dims('by-customer') },
        accountWrite1: { metric: 'WriteAccountLimitThrottleEvents', stat: 'Sum', period: 60, dimensions: dims('by-customer') },
        accountRead2: { metric: 'ReadAccountLimitThrottleEvents', stat: 'Sum', period: 60, dimensions: dims('by-archive') },
        accountWrite2: { metric: 'WriteAccountLimitThrottleEvents', stat: 'Sum', period: 60, dimensions: dims('by-archive') },
        maxOnDemandWrite0: { metric: 'WriteMaxOnDemandThroughputThrottleEvents', stat: 'Sum', period: 60, dimensions: dims(undefined) },
        maxOnDemandRead2: { metric: 'ReadMaxOnDemandThroughputThrottleEvents', stat: 'Sum', period: 60, dimensions: dims('by-archive') },
      },
      threshold: 1,
      evaluation: '5 of 10',
      // A capacity limit refusing requests now: the page topic, on ALARM and on its recovery.
      alarmActions: [pageRef],
      okActions: [pageRef],
    });
    expect(ticket[0].name).toBe('skewguard page orders failed requests (not a hot key)');
    expect(JSON.stringify(ticket[0].description)).toContain("an index's write throttles reject the table's writes too (back pressure)");
    expect(alarms.filter((a) => Object.values(a.metrics).some((m) => /Provisioned/.test(m.metric)))).toHaveLength(0);
  });

  it.each([
    ['GetItem', 40],
    ['Query', 80],
  ])('opens a ticket on %s latency (opt-in): p99 at or above %d ms in minutes of 100+ requests', (operation, ms) => {
    const found = alarms.filter((a) => a.metrics.latency?.dimensions.Operation === operation);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      expression: 'IF(requests >= 100, latency, 0)',
      metrics: {
        latency: { metric: 'SuccessfulRequestLatency', stat: 'p99', period: 60, dimensions: { Operation: operation, TableName: tableRef } },
        requests: { metric: 'SuccessfulRequestLatency', stat: 'SampleCount', period: 60, dimensions: { Operation: operation, TableName: tableRef } },
      },
      threshold: ms,
      evaluation: '5 of 10',
      alarmActions: [ticketRef],
    });
  });

  // Decision 83: an alarm's recovery goes where it fired, so the PagerDuty or Opsgenie integration on that topic resolves the
  // incident it opened (the page's recovery went to the ticket topic: its incident was never resolved).
  it("tells each alarm's recovery (OK) to the topic it fired to: pages to the page topic, tickets to the ticket topic", () => {
    expect(alarms.map((a) => [a.name, a.okActions])).toEqual(alarms.map((a) => [a.name, a.name.startsWith('skewguard page') ? [pageRef] : [ticketRef]]));
    expect(alarms.filter((a) => a.name.startsWith('skewguard page'))).toHaveLength(3);
    for (const a of alarms) expect(a.okActions).toEqual(a.alarmActions);
  });

  it('makes no other alarm: no hot-key alarm in THROTTLED_KEYS mode unless asked, no latency alarm not asked for', () => {
    expect(alarms).toHaveLength(6);
    expect(orders.skewAlarms.map((a) => `${a.tier}:${a.signal}:${a.index ?? a.operation ?? 'table'}`)).toEqual([
      'page:key-range-throttles:table',
      'ticket:sustained-throttles:table',
      'page:throttles-and-errors:table',
      'ticket:latency:GetItem',
      'ticket:latency:Query',
      'page:throttles-and-errors:by-sku',
    ]);
    expect(orders.pageAlarms).toHaveLength(3);
    expect(orders.ticketAlarms).toHaveLength(3);
  });

  it('names each alarm with its tier, table and index, and describes what it means, what to do and the AWS doc', () => {
    expect(alarms.map((a) => a.name)).toContain('skewguard page orders hot partition (key-range throttles)');
    for (const a of alarms) {
      // The dashboard link holds the Region (a Ref): the description is an Fn::Join, its Region at most 14 characters.
      const parts = (a.description as unknown as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      const description = parts.map((p) => (typeof p === 'string' ? p : 'ap-southeast-3')).join('');
      expect(description.length).toBeLessThanOrEqual(1024);
      expect(description).toMatch(/^\[(page|ticket)\] .+ Do: .+ https:\/\/docs\.aws\.amazon\.com\/amazondynamodb\/.+ Dashboard: https:\/\/console/);
    }
  });

  it('looks the rules up for the dashboard with one custom resource for the table and its monitored indexes, again on every deployment', () => {
    const lookups = Object.values(template.findResources('Custom::SkewguardContributorInsightsRules')).map((r) => r.Properties);
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toMatchObject({
      TableName: tableRef,
      IndexNames: ['by-customer', 'by-sku'],
      Mode: 'THROTTLED_KEYS',
      ServiceTimeout: '900',
      Nonce: expect.stringMatching(/^\d+$/),
    });
    const [functionProps] = Object.values(template.findResources('AWS::Lambda::Function')).map((r) => r.Properties);
    expect(functionProps).toMatchObject({ Runtime: 'nodejs24.x', Handler: 'index.handler', Timeout: 840 });
    expect(functionProps.Code.ZipFile).toContain('DescribeContributorInsights');
  });
  it("scopes the lookup's IAM to DescribeContributorInsights on this table and its monitored indexes, and waits for the policy", () => {
    const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
    const indexArn = (name: string) => ({ 'Fn::Join': ['', [tableArn, `/index/${name}`]] });
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).map((r) => r.Properties.PolicyDocument.Statement);
    expect(policies).toHaveLength(1);
    const [statements] = policies;
    expect(statements).toContainEqual({
      Action: 'dynamodb:DescribeContributorInsights',
      Effect: 'Allow',
      Resource: [tableArn, indexArn('by-customer'), indexArn('by-sku')],
    });
    const others = statements.filter((s: { Action: unknown }) => s.Action !== 'dynamodb:DescribeContributorInsights');
    expect(others).toEqual([
      { Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Effect: 'Allow', Resource: { 'Fn::GetAtt': [onlyOf(template, 'AWS::Logs::LogGroup'), 'Arn'] } },
    ]);
    template.resourceCountIs('AWS::IAM::ManagedPolicy', 0);
    const policyId = onlyOf(template, 'AWS::IAM::Policy');
    for (const r of Object.values(template.findResources('Custom::SkewguardContributorInsightsRules'))) expect(r.DependsOn).toContain(policyId);
  });

  it("adds a section to the stack's skew dashboard: alarms, most throttled keys, throttles by cause and capacity, each GSI graphed with its own dimensions", () => {
    const [dashboard] = Object.values(template.findResources('AWS::CloudWatch::Dashboard')).map((r) => r.Properties);
    const body = JSON.stringify(dashboard.DashboardBody);
    for (const expected of [
      '\\"insightRule\\":{\\"maxContributorCount\\":10,\\"orderBy\\":\\"Sum\\",\\"ruleName\\":\\"',
      'Most throttled keys (orders index by-customer)',
      'Most throttled keys (orders)',
      'WriteKeyRangeThroughputThrottleEvents',
      'WriteMaxOnDemandThroughputThrottleEvents',
      'ReadAccountLimitThrottleEvents',
      'ConsumedReadCapacityUnits',
      '\\"type\\":\\"alarm\\"',
    ])
      expect(body).toContain(expected);
    expect(body).not.toContain('Most throttled keys (orders index by-archive)');
    // The index's graphs read the index's metrics: TableName and GlobalSecondaryIndexName.
    expect(body).toMatch(/\\"ConsumedReadCapacityUnits\\",\\"GlobalSecondaryIndexName\\",\\"by-customer\\"/);
    expect(body).toMatch(/\\"ReadKeyRangeThroughputThrottleEvents\\",\\"GlobalSecondaryIndexName\\",\\"by-sku\\"/);
    expect(dashboard.DashboardName).toEqual({ 'Fn::Join': ['', ['Test-', { Ref: 'AWS::Region' }, '-skewguard']] });
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
    expect(JSON.stringify(metadata.design)).not.toMatch(/Token/);
    // proj21: each GSI's projection as TableV2 writes it (its default, ALL, where none is given), which the lint reads:
    // under KEYS_ONLY the table's writes it counts the index at are an upper bound (lib/lint/projection.ts).
    expect((metadata.design.globalSecondaryIndexes as { projectionType?: string }[]).map((g) => g.projectionType)).toEqual(['KEYS_ONLY', 'ALL', 'ALL']);
    // The index's on-demand maximum is in the design as the design file declares it (SG017 checks it), not as TableV2's prop.
    const archive = (metadata.design.globalSecondaryIndexes as Record<string, unknown>[])[1];
    expect(archive).toMatchObject({ onDemand: { maxReadRequestUnits: 5000 } });
    expect(archive).not.toHaveProperty('maxReadRequestUnits');
    const relative = (path: string) => path.replace(/^tables\[0\]\./, '');
    const relinted = lint({ tables: [metadata.design as never] }).map((f) => ({
      ...f,
      path: relative(f.path),
      edits: f.edits?.map((e) => ({ ...e, path: relative(e.path) })),
    }));
    expect(relinted).toEqual(orders.findings);
  });

  it('passes the validation: the only finding is waived in the design, whose metadata is the audit trail', () => {
    expect(skewguardReport(app)).toBeUndefined();
  });
});

describe('GuardedTable, provisioned, ACCESSED_AND_THROTTLED_KEYS, a composite alarm, no dashboard (one synth)', () => {
  const { stack } = appWithStack();
  const page = new sns.Topic(stack, 'Page');
  const jobs = new GuardedTable(
    stack,
    'Jobs',
    healthy({
      billing: Billing.provisioned({ readCapacity: Capacity.fixed(1500), writeCapacity: Capacity.autoscaled({ maxCapacity: 1000 }) }),
      contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
      compositeAlarm: true,
      pageTopic: page,
      systemErrorOperations: ['GetItem', 'PutItem'],
      globalSecondaryIndexes: [
        {
          indexName: 'by-user',
          partitionKey: { name: 'userId', type: AttributeType.STRING, cardinality: 100_000 },
          writeCapacity: Capacity.autoscaled({ maxCapacity: 1000 }),
        },
      ],
    }),
  );
  const template = templateOf(stack);
  const alarms = alarmsOf(template);
  const pageRef = { Ref: onlyOf(template, 'AWS::SNS::Topic') };

  it('pages (through the composite) on provisioned-capacity throttles (table and index), account limits and the SystemErrors asked for', () => {
    const [ticket] = alarms.filter((a) => a.name.includes('failed requests (not a hot key)'));
    expect(
      Object.entries(ticket.metrics).map(
        ([id, m]) =>
          `${id}=${m.metric}${m.dimensions.GlobalSecondaryIndexName ? `@${m.dimensions.GlobalSecondaryIndexName}` : ''}${m.dimensions.Operation ? `@${m.dimensions.Operation}` : ''}`,
      ),
    ).toEqual([
      'accountRead=ReadAccountLimitThrottleEvents',
      'accountWrite=WriteAccountLimitThrottleEvents',
      'provisionedRead0=ReadProvisionedThroughputThrottleEvents',
      'provisionedWrite0=WriteProvisionedThroughputThrottleEvents',
      // No account-limit metric of the GSI: the per-table quota throttles a key space on demand only (API_ThrottlingReason).
      'provisionedRead1=ReadProvisionedThroughputThrottleEvents@by-user',
      'provisionedWrite1=WriteProvisionedThroughputThrottleEvents@by-user',
      'errorsGetItem=SystemErrors@GetItem',
      'errorsPutItem=SystemErrors@PutItem',
    ]);
    // Writes auto-scale (minimum 1 up to 1,000): 20 of 40, longer than auto scaling takes to catch a ramp (test/replay/auto-scaling.test.ts).
    expect(ticket).toMatchObject({ threshold: 1, evaluation: '20 of 40' });
    // A page alarm under the composite notifies nobody itself.
    expect([ticket.alarmActions, ticket.okActions]).toEqual([undefined, undefined]);
    for (const m of Object.values(ticket.metrics)) expect(m).toMatchObject({ stat: 'Sum', period: 60 });
  });

  // Review 15 item 1: the line is the headroom × what the key's partition leaves it beside its neighbours' planned load.
  // 1 partition (its provisioned 1,500 RCU and the 715 WCU auto scaling provisions at the 500 WCU peak, ⌈500 ÷ 0.7⌉ under its
  // maximum of 1,000: max(⌈0.5⌉, ⌈0.715⌉) = 1, named by the writes on the tie; the retired sum gave 2),
  // the 500 planned WCU all beside the key: 500 WCU left, 90,000 units a minute, 0.8 × = 72,000 (was 162,000, the partition
  // alone; 108,000 on the sum's 2 partitions).
  it('opens a ticket when a key approaches its ceiling: the most accessed key, its reads and its writes each held against what its partition leaves it, at 72,000 units a minute in 5 of 10 (design headroom 0.8)', () => {
    const hotKey = alarms.filter((a) => a.name.includes('hot key approaching'));
    expect(hotKey).toHaveLength(2);
    const lookupId = onlyOf(template, 'Custom::SkewguardContributorInsightsRules');
    for (const [a, attribute, index] of hotKey.map(
      (h, i) => [h, i === 0 ? 'AccessedKeysRule' : 'AccessedKeysRule.by-user', i === 0 ? undefined : 'by-user'] as const,
    )) {
      expect(a).toMatchObject({ threshold: 72000, evaluation: '5 of 10', missing: 'notBreaching' });
      // A ticket without a ticket topic tells no one, neither when it fires nor when it recovers (never the page topic).
      expect([a.alarmActions, a.okActions]).toEqual([undefined, undefined]);
      // The description writes its figures one way (72,000, not 72000) and says what the line assumes.
      // The index's hottest key plans a sliver of its writes: the rest of its 500 WCU, 89,999 units, beside it.
      expect(a.description).toMatch(
        /may use 72,000\+ units a minute \(3 x WCU \+ RCU\) of the 90,00[01] its partition leaves its writes: 180,000 less its neighbours' planned (90,000|89,999)/,
      );
      expect(a.description).toContain('over 1 partition, assumed for the capacity auto scaling provisions at the declared peak (peak ÷ 70% target)');
      expect(a.description).toContain('AWS throttles reads and writes independently');
      // The key's figure, and the key space's own reads and writes (Sum a minute) that bound each direction.
      const expressions = (a.allExpressions ?? []).map((e) => JSON.parse(e));
      expect(expressions).toContainEqual({ 'Fn::Join': ['', ["INSIGHT_RULE_METRIC('", { 'Fn::GetAtt': [lookupId, attribute] }, "', 'MaxContributorValue')"]] });
      expect(expressions.filter((e) => typeof e === 'string' && /^MAX\(\[readBound \* 0\.\d+, writeBound\]\)$/.test(e))).toHaveLength(1);
      expect(Object.values(a.metrics).map((m) => `${m.metric} ${m.stat} ${m.period} ${String(m.dimensions.GlobalSecondaryIndexName)}`)).toEqual([
        `ConsumedReadCapacityUnits Sum 60 ${String(index)}`,
        `ConsumedWriteCapacityUnits Sum 60 ${String(index)}`,
      ]);
    }
    template.hasResourceProperties('Custom::SkewguardContributorInsightsRules', { Mode: 'ACCESSED_AND_THROTTLED_KEYS', IndexNames: ['by-user'] });
  });

  it('pages once per table through a composite alarm over its page alarms, which notify nobody themselves', () => {
    const [resource] = Object.values(template.findResources('AWS::CloudWatch::CompositeAlarm'));
    const composite = resource.Properties;
    // Its recovery to the page topic it paged (by default: the incident it opened is resolved there).
    expect(composite).toMatchObject({ AlarmActions: [pageRef], OKActions: [pageRef], AlarmName: 'skewguard page Test/Jobs any hot partition' });
    const pages = alarms.filter((a) => a.name.startsWith('skewguard page'));
    // The key-range alarm (the table and its GSI), the table's capacity-limit alarm and (auto-scaled writes) its at-maximum
    // alarm: by name (known at synth), created first.
    expect(pages).toHaveLength(3);
    expect(composite.AlarmRule).toBe(pages.map((a) => `ALARM("${a.name}")`).join(' OR '));
    for (const { id } of pages) expect(resource.DependsOn).toContain(id);
    for (const a of alarms.filter((x) => x.name.startsWith('skewguard page'))) expect([a.alarmActions, a.okActions]).toEqual([undefined, undefined]);
    expect(jobs.compositeAlarm).toBeDefined();
  });

  it('makes no dashboard and no latency alarm unless asked', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 0);
    expect(alarms.filter((a) => Object.values(a.metrics).some((m) => m.metric === 'SuccessfulRequestLatency'))).toHaveLength(0);
  });
});

// hotKeyAlarm: true in THROTTLED_KEYS mode is refused: test/cdk/hot-key-throttled-mode.test.ts.
describe('GuardedTable, THROTTLED_KEYS mode', () => {
  it('makes nothing that needs the rule names by default: no lookup, no function', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Jobs', healthy());
    const template = templateOf(stack);
    template.resourceCountIs('Custom::SkewguardContributorInsightsRules', 0);
    template.resourceCountIs('AWS::Lambda::Function', 0);
  });
});

describe('GuardedTable.design and .findings', () => {
  it('lint once per change of the input: the same design until an index is added or a waiver given', () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(stack, 'Orders', healthy());
    const first = table.design;
    expect(table.design).toBe(first);
    table.addGlobalSecondaryIndex({ indexName: 'by-status', partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 5 } });
    const second = table.design;
    expect(second).not.toBe(first);
    expect(second.globalSecondaryIndexes.map((g) => g.index)).toEqual(['by-status']);
    // The findings come from that same lint: each access copies the list, not the findings in it.
    const findings = table.findings;
    expect(findings.map((f) => f.ruleId)).toContain('SG001');
    expect(table.findings).not.toBe(findings);
    table.findings.forEach((finding, i) => expect(finding).toBe(findings[i]));
    Validations.of(table).acknowledge({ id: 'skewguard::SG001', reason: 'five statuses at 500 writes a second fit one partition' });
    expect(table.design).not.toBe(second);
    expect(table.findings.filter((f) => f.ruleId === 'SG001').map((f) => f.acknowledged)).toEqual([true]);
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
