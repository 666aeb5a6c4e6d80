// `npm run bench` (CDK part): synthesize 50 GuardedTables vs 50 hand-written TableV2s carrying the
// same Contributor Insights, alarms, rule lookups and dashboard, alternating, same settings (the
// built-in CloudFormation validation off on both sides). What b adds over a: the design check,
// the template metadata and the skewguard validation plugin. Target: ratio ≤ 1.10.
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

process.env.CDK_VALIDATION = 'false';
const cdk = require('aws-cdk-lib');
const { Construct } = require('constructs');
const cloudwatch = require('aws-cdk-lib/aws-cloudwatch');
const dynamodb = require('aws-cdk-lib/aws-dynamodb');
const iam = require('aws-cdk-lib/aws-iam');
const lambda = require('aws-cdk-lib/aws-lambda');
const logs = require('aws-cdk-lib/aws-logs');
const { GuardedTable } = require('../dist/cdk');
const { LOOKUP_HANDLER_SOURCE } = require('../dist/cdk/lookup-handler');

const TABLES = 50;
const STACKS = 5;
const OPERATIONS = ['GetItem', 'PutItem', 'Query', 'UpdateItem'];

function design(i) {
  return {
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 1000 + i, peakWriteUnits: 500 },
    globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 1_000_000 } }],
  };
}

/** What a careful engineer writes by hand for the same result. */
function handWritten(stack, id, lookup) {
  const scope = new Construct(stack, id);
  const table = new dynamodb.TableV2(scope, 'Default', {
    partitionKey: { name: 'orderId', type: dynamodb.AttributeType.STRING },
    globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: dynamodb.AttributeType.STRING } }],
    removalPolicy: cdk.RemovalPolicy.RETAIN,
    deletionProtection: true,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    contributorInsightsSpecification: { enabled: true, mode: dynamodb.ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS },
  });
  const dashboardName = cdk.Names.uniqueResourceName(scope, { maxLength: 255, separator: '-' });
  const dashboard = new cloudwatch.Dashboard(scope, 'Dashboard', { dashboardName });
  const dashboardUrl = `https://console.aws.amazon.com/cloudwatch/home?region=${cdk.Aws.REGION}#dashboards/dashboard/${dashboardName}`;
  const statement = new iam.PolicyStatement({ actions: ['dynamodb:DescribeContributorInsights'], resources: [table.tableArn, `${table.tableArn}/index/by-customer`] });
  lookup.role.addToPrincipalPolicy(statement);
  // Descriptions an on-call can act on, as long as GuardedTable's: what fired, where, where to look.
  const alarm = (alarmId, metric, threshold) => new cloudwatch.Alarm(scope, alarmId, {
    alarmName: `${table.tableName} ${alarmId} (hand-written alarm of the benchmark)`,
    alarmDescription: `${alarmId}: requests are throttled or slow because one partition reached its ceiling of 1,000 WCU/s or 3,000 RCU/s - a hot key, not missing table capacity; shard the key or cache it (table ${table.tableName}) Look at: Contributor Insights "most throttled partition keys" of this table (CloudWatch > Insights > Contributor Insights, rule DynamoDBContributorInsights-PKT-...) to see which key. Dashboard: ${dashboardUrl}`,
    metric, threshold,
    evaluationPeriods: 5, datapointsToAlarm: 3,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD, treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  const metric = (metricName, dims, statistic = 'Sum') => new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: dims, statistic, period: cdk.Duration.minutes(1) });
  const alarms = OPERATIONS.map((op) => alarm(`${op}Latency`, metric('SuccessfulRequestLatency', { TableName: table.tableName, Operation: op }, 'p99'), 25));
  for (const index of [undefined, 'by-customer']) {
    const dims = index ? { TableName: table.tableName, GlobalSecondaryIndexName: index } : { TableName: table.tableName };
    const key = index ?? 'table';
    const rules = new cdk.CustomResource(scope, `Rules-${key}`, {
      resourceType: 'Custom::ContributorInsightsRules', serviceToken: lookup.fn.functionArn, serviceTimeout: cdk.Duration.minutes(15),
      properties: { TableName: table.tableName, ...(index ? { IndexName: index } : {}), Mode: 'ACCESSED_AND_THROTTLED_KEYS' },
    });
    const accessed = rules.getAttString('AccessedKeysRule');
    const throttled = rules.getAttString('ThrottledKeysRule');
    const spaceAlarms = [
      alarm(`${key}ReadKeyRange`, metric('ReadKeyRangeThroughputThrottleEvents', dims), 1),
      alarm(`${key}WriteKeyRange`, metric('WriteKeyRangeThroughputThrottleEvents', dims), 1),
      alarm(`${key}HotKey`, new cloudwatch.MathExpression({ expression: `INSIGHT_RULE_METRIC('${accessed}', 'MaxContributorValue')`, usingMetrics: {}, period: cdk.Duration.minutes(1) }), 144000),
    ];
    alarms.push(...spaceAlarms);
    dashboard.addWidgets(new cloudwatch.TextWidget({ markdown: `## ${key}\nSkew alarms, hot keys (Contributor Insights), throttles by cause and capacity of the ${key}.`, width: 24, height: 2 }));
    dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: `Alarms (${key})`, alarms: spaceAlarms, width: 24, height: 3 }));
    dashboard.addWidgets(...[['Most accessed', accessed], ['Most throttled', throttled]].map(([what, ruleName]) => new InsightRuleWidget(`${what} partition keys (${key})`, ruleName)));
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: `Throttle events by cause (${key})`,
        left: ['KeyRangeThroughputThrottleEvents', 'AccountLimitThrottleEvents'].flatMap((m) => ['Read', 'Write'].map((d) => metric(`${d}${m}`, dims).with({ label: `${d}${m}` }))),
        width: 12, height: 6,
      }),
      new cloudwatch.GraphWidget({
        title: `Consumed capacity, units/s (${key})`,
        left: [new cloudwatch.MathExpression({ expression: 'r / PERIOD(r)', usingMetrics: { r: metric('ConsumedReadCapacityUnits', dims) }, label: 'consumed RCU/s' })],
        right: [new cloudwatch.MathExpression({ expression: 'w / PERIOD(w)', usingMetrics: { w: metric('ConsumedWriteCapacityUnits', dims) }, label: 'consumed WCU/s' })],
        width: 12, height: 6,
      }),
    );
  }
  dashboard.addWidgets(new cloudwatch.GraphWidget({
    title: 'SuccessfulRequestLatency p99 per operation (ms)',
    left: OPERATIONS.map((op) => metric('SuccessfulRequestLatency', { TableName: table.tableName, Operation: op }, 'p99').with({ label: `${op} p99` })),
    leftAnnotations: [{ value: 25, label: 'alarm threshold' }],
    width: 24, height: 6,
  }));
  return { table, alarms };
}

class InsightRuleWidget extends cloudwatch.ConcreteWidget {
  constructor(title, ruleName) { super(12, 6); this.title = title; this.ruleName = ruleName; }
  toJson() {
    return [{ type: 'metric', width: this.width, height: this.height, x: this.x, y: this.y, properties: { title: this.title, view: 'timeSeries', stacked: false, region: cdk.Aws.REGION, period: 60, insightRule: { maxContributorCount: 10, orderBy: 'Sum', ruleName: this.ruleName }, legend: { position: 'bottom' } } }];
  }
}

function lookupFunction(stack) {
  const logGroup = new logs.LogGroup(stack, 'LookupLogs', { retention: logs.RetentionDays.ONE_YEAR, removalPolicy: cdk.RemovalPolicy.DESTROY });
  const role = new iam.Role(stack, 'LookupRole', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  logGroup.grantWrite(role);
  const fn = new lambda.Function(stack, 'Lookup', { runtime: lambda.Runtime.NODEJS_LATEST, handler: 'index.handler', code: lambda.Code.fromInline(LOOKUP_HANDLER_SOURCE), role, logGroup, timeout: cdk.Duration.minutes(14) });
  return { role, fn };
}

/** 50 tables in 5 stacks of 10 (CloudFormation allows 500 resources per stack). */
function synthesize(build) {
  const outdir = mkdtempSync(join(tmpdir(), 'skewguard-bench-'));
  const app = new cdk.App({ outdir });
  for (let s = 0; s < STACKS; s++) build(new cdk.Stack(app, `Bench${s}`), TABLES / STACKS);
  app.synth();
  rmSync(outdir, { recursive: true, force: true });
}

/** CPU milliseconds (user + system) `fn` takes: on a shared machine, less noisy than wall time. */
function cpuTime(fn) {
  if (global.gc) global.gc();
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function run({ sideBySide, report }) {
  const hand = () => cpuTime(() => synthesize((stack, n) => {
    const lookup = lookupFunction(stack);
    for (let i = 0; i < n; i++) handWritten(stack, `Table${i}`, lookup);
  }));
  const guarded = () => cpuTime(() => synthesize((stack, n) => {
    for (let i = 0; i < n; i++) new GuardedTable(stack, `Table${i}`, design(i));
  }));
  const result = sideBySide(hand, guarded, 11, 2);
  report(`CDK synth of ${TABLES} tables in ${STACKS} stacks (Contributor Insights, 10 alarms, 2 rule lookups, a dashboard each)`, 'a: hand-written TableV2 + alarms + dashboard', 'b: GuardedTable (design check, metadata, validation plugin)', result, 'ms CPU', 'ratio ≤ 1.10');
}

module.exports = { run };
