// CloudWatch's limits on what skewguard's alarms say (AWS::CloudWatch::Alarm: AlarmName ≤ 255, AlarmDescription ≤ 1,024;
// AWS::CloudWatch::CompositeAlarm: AlarmRule ≤ 10,240), over a real synth of the longest names a user can give: a
// 128-character stack name, construct ids of 200 characters five levels deep, 20 GSIs named in 255 characters (19 in
// props, the TableV2 maximum with one added later), every alarm on (accessed hot-key tickets, latency on every
// operation, SystemErrors on 8, both tiers' topics, the composite alarm, the dashboard). Before, the hot-key ticket of
// every GSI took 1,089 characters (its dashboard link holds the 153-character dashboard name) and the composite's
// description 1,519 (the construct path): the deploy failed.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Billing, Capacity, ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { GuardedTable, MAX_ALARM_NAME, type GuardedGlobalSecondaryIndex, type GuardedTableProps } from '../../lib/cdk';
import { fitDescription } from '../../lib/cdk/alarm-text';
import { synthError } from './support';

process.env.CDK_VALIDATION = 'false';

/** The longest Region code today: what `AWS::Region` resolves to at its longest. */
const LONGEST_REGION = 'ap-southeast-5';
const OPERATIONS = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan', 'BatchGetItem', 'BatchWriteItem'] as const;
const LATENCY = [...OPERATIONS, 'TransactGetItems', 'TransactWriteItems', 'GetRecords', 'ExecuteStatement', 'BatchExecuteStatement', 'ExecuteTransaction'];

/** A property as CloudFormation resolves it, `AWS::Region` at its longest. */
function deployed(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, unknown>;
  if (v['Fn::Join']) {
    const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map(deployed).join(separator);
  }
  if (v.Ref === 'AWS::Region') return LONGEST_REGION;
  throw new Error(`unexpected in a text: ${JSON.stringify(value)}`);
}

const gsi = (i: number, provisioned: boolean): GuardedGlobalSecondaryIndex => ({
  indexName: `${i}`.padStart(255, 'g'),
  partitionKey: { name: `k${i}`, type: AttributeType.STRING, cardinality: 'unique' },
  ...(provisioned ? { readCapacity: Capacity.autoscaled({ maxCapacity: 100 }), writeCapacity: Capacity.autoscaled({ maxCapacity: 100 }) } : {}),
});

/** The longest names and every alarm; `inProps` GSIs given in props, the rest of 20 added later. */
function longest(billing: Billing, options: { tableName?: string; inProps?: number } = {}) {
  const app = new App();
  const stack = new Stack(app, 'S'.repeat(128), { env: { account: '111111111111' } });
  let scope: Construct = stack;
  for (let level = 0; level < 5; level++) scope = new Construct(scope, `Level${level}`.padEnd(200, 'x'));
  const provisioned = billing.mode === 'PROVISIONED';
  const inProps = options.inProps ?? 19;
  const props: GuardedTableProps = {
    partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
    workload: { peakReadUnits: 50, peakWriteUnits: 50 },
    billing,
    ...(options.tableName ? { tableName: options.tableName } : {}),
    globalSecondaryIndexes: Array.from({ length: inProps }, (_, i) => gsi(i, provisioned)),
    contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
    latencyAlarms: { thresholds: Object.fromEntries(LATENCY.map((op) => [op, 10])) },
    systemErrorOperations: OPERATIONS,
    pageTopic: new Topic(stack, 'Page'),
    ticketTopic: new Topic(stack, 'Ticket'),
    compositeAlarm: true,
    dashboard: true,
  };
  const table = new GuardedTable(scope, 'Table'.padEnd(200, 'x'), props);
  for (let i = inProps; i < 20; i++) table.addGlobalSecondaryIndex(gsi(i, provisioned));
  return { app, stack };
}

interface Texts {
  readonly AlarmName: string;
  readonly AlarmDescription: string;
  readonly AlarmRule?: string;
}

function texts(stack: Stack, type: string): Texts[] {
  return Object.values(Template.fromStack(stack).findResources(type)).map(({ Properties: p }) => ({
    AlarmName: deployed(p.AlarmName),
    AlarmDescription: deployed(p.AlarmDescription),
    ...(p.AlarmRule === undefined ? {} : { AlarmRule: deployed(p.AlarmRule) }),
  }));
}

/** The accessed hot-key ticket's texts of a small table in stack Shop, with `props`. */
function accessedHotKey(props: Partial<GuardedTableProps>): Texts | undefined {
  const stack = new Stack(new App(), 'Shop');
  new GuardedTable(stack, 'Orders', {
    partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
    workload: { peakReadUnits: 50, peakWriteUnits: 50 },
    contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
    ...props,
  });
  return texts(stack, 'AWS::CloudWatch::Alarm').find((a) => a.AlarmDescription.includes('most accessed key'));
}

describe('alarm names, descriptions and composite rules at their longest', () => {
  it.each([
    ['on demand with maximums', Billing.onDemand({ maxReadRequestUnits: 1000, maxWriteRequestUnits: 1000 }), undefined],
    [
      'provisioned, auto-scaled',
      Billing.provisioned({ readCapacity: Capacity.autoscaled({ maxCapacity: 1000 }), writeCapacity: Capacity.autoscaled({ maxCapacity: 1000 }) }),
      undefined,
    ],
    ['a 255-character table name', Billing.onDemand(), 'T'.repeat(255)],
  ])('%s: every text within its limit, what fired and what to do kept', (_case, billing, tableName) => {
    const { stack } = longest(billing, { tableName });
    const alarms = texts(stack, 'AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThanOrEqual(45);
    for (const alarm of alarms) {
      expect(alarm.AlarmName.length).toBeLessThanOrEqual(MAX_ALARM_NAME);
      expect(alarm.AlarmDescription.length).toBeLessThanOrEqual(1024);
      // Never cut inside: the evaluation, what to do and the AWS doc stay whole.
      expect(alarm.AlarmDescription).toMatch(
        /\. Fires on \d+ of the last \d+ minutes \(no data: not breaching\)\. Do: .+\. https:\/\/docs\.aws\.amazon\.com\/\S+\.html( Dashboard: https:\/\/console\.aws\.amazon\.com\/cloudwatch\/\S+)?$/,
      );
    }
    const hotKeys = alarms.filter((a) => a.AlarmDescription.includes('most accessed key'));
    expect(hotKeys).toHaveLength(21);
    for (const hotKey of hotKeys)
      expect(hotKey.AlarmDescription).toMatch(/may use [\d,]+\+ units a minute \(3 x WCU \+ RCU\) of the [\d,]+ its partition leaves its (reads|writes)/);
    const [composite] = texts(stack, 'AWS::CloudWatch::CompositeAlarm');
    expect(composite.AlarmName.length).toBeLessThanOrEqual(MAX_ALARM_NAME);
    expect(composite.AlarmDescription.length).toBeLessThanOrEqual(1024);
    expect(composite.AlarmRule!.length).toBeLessThanOrEqual(10_240);
  });

  it('the dashboard link is what a long description leaves out first; with short names it stays', () => {
    const { stack } = longest(Billing.onDemand());
    const gsiHotKey = texts(stack, 'AWS::CloudWatch::Alarm').find((a) => a.AlarmDescription.includes('most accessed key of the index'));
    expect(gsiHotKey?.AlarmDescription).not.toContain('Dashboard:');
    expect(gsiHotKey?.AlarmDescription).toContain("180,000 less its neighbours' planned");

    const hotKey = accessedHotKey({ dashboard: true });
    expect(hotKey?.AlarmDescription).toContain(
      'Dashboard: https://console.aws.amazon.com/cloudwatch/home?region=ap-southeast-5#dashboards/dashboard/Shop-ap-southeast-5-skewguard',
    );
  });

  it('a threshold given with hundreds of digits leaves out the detail; what fired, the evaluation, what to do and the doc stay', () => {
    const hotKey = accessedHotKey({ alarmThresholds: { hotKey: { threshold: 1e300 } } });
    expect(hotKey?.AlarmDescription.length).toBeLessThanOrEqual(1024);
    expect(hotKey?.AlarmDescription).not.toContain('180,000 less');
    expect(hotKey?.AlarmDescription).toMatch(
      /^\[ticket\] the most accessed key of the table may use 1,000,000,[\d,]+\+ units a minute \(3 x WCU \+ RCU\) of the [\d,]+ its partition leaves its writes\. Fires on 5 of the last 10 minutes .+ https:\/\/docs\.aws\.amazon\.com\/\S+\.html$/,
    );
  });

  it('the composite names its alarms (exact at synth) and is created after them', () => {
    const app = new App();
    const stack = new Stack(app, 'Shop');
    const orders = new GuardedTable(stack, 'Orders', {
      partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: { peakReadUnits: 50, peakWriteUnits: 50 },
      globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 'unique' } }],
      compositeAlarm: true,
    });
    orders.addGlobalSecondaryIndex({ indexName: 'bySku', partitionKey: { name: 'sku', type: AttributeType.STRING, cardinality: 'unique' } });
    const template = Template.fromStack(stack);
    const [[, composite]] = Object.entries(template.findResources('AWS::CloudWatch::CompositeAlarm'));
    const pages = Object.entries(template.findResources('AWS::CloudWatch::Alarm')).filter(([, r]) =>
      (r.Properties.AlarmName as string).startsWith('skewguard page'),
    );
    expect(composite.Properties.AlarmRule).toBe(pages.map(([, r]) => `ALARM("${r.Properties.AlarmName as string}")`).join(' OR '));
    for (const [id] of pages) expect(composite.DependsOn).toContain(id);
  });

  it('a rule past 10,240 characters is refused at synth, naming compositeAlarm', () => {
    // 20 auto-scaled GSIs added later, each with its own pages on failed requests and at its auto-scaling maximum, beside
    // the key-range pages (5 key spaces each) and the table's: 48 page alarms, their names 255 characters.
    const { app } = longest(
      Billing.provisioned({ readCapacity: Capacity.autoscaled({ maxCapacity: 1000 }), writeCapacity: Capacity.autoscaled({ maxCapacity: 1000 }) }),
      { inProps: 0 },
    );
    expect(synthError(app)).toMatch(
      /compositeAlarm: the rule over this table's 48 page alarms would take 12,860 characters, above the 10,240 CloudWatch accepts/,
    );
  });
});

describe('fitDescription', () => {
  it('leaves out parts by rank, then cuts the part marked cut', () => {
    const parts = [{ text: 'a'.repeat(10), cut: true }, { text: 'b'.repeat(5), drop: 2 }, { text: 'c'.repeat(5) }, { text: 'd'.repeat(5), drop: 1 }];
    expect(fitDescription(parts, 25)).toBe(`${'a'.repeat(10)}${'b'.repeat(5)}${'c'.repeat(5)}${'d'.repeat(5)}`);
    expect(fitDescription(parts, 20)).toBe(`${'a'.repeat(10)}${'b'.repeat(5)}${'c'.repeat(5)}`);
    expect(fitDescription(parts, 15)).toBe(`${'a'.repeat(10)}${'c'.repeat(5)}`);
    expect(fitDescription(parts, 12)).toBe(`${'a'.repeat(6)}…${'c'.repeat(5)}`);
  });
});
