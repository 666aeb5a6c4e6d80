// `npm run bench` (CDK part).
// 1. Footprint: resources and template bytes per GuardedTable (each with a GSI), default settings,
//    in one stack of 100 tables, against CloudFormation's limits (500 resources, 1 MB template).
// 2. Synth time: 50 GuardedTables vs 50 hand-written TableV2s carrying the same Contributor Insights
//    and default alarms (a page alarm per key space, a ticket alarm per table), alternating, same
//    settings (the built-in CloudFormation validation off on both sides). What b adds over a: the
//    design check, the template metadata and the skewguard validation plugin (with it CDK builds its
//    construct tree and writes validation-report.json), and the Contributor Insights quota warning:
//    these 100 rules reach 80% of the default quota of 100 with the 40th table of each app, which warns (100 rules are
//    within the quota: no table warns a second time).
//    Both sides make the same resources (a table and three alarms each). Target: ratio ≤ 1.10.
'use strict';
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Buffer } = require('node:buffer');

process.env.CDK_VALIDATION = 'false';
const cdk = require('aws-cdk-lib');
const { Construct } = require('constructs');
const cloudwatch = require('aws-cdk-lib/aws-cloudwatch');
const dynamodb = require('aws-cdk-lib/aws-dynamodb');
const { GuardedTable } = require('../dist/cdk');

const TABLES = 50;
const STACKS = 5;

function design(i) {
  return {
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 1000 + i, peakWriteUnits: 500 },
    globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 1_000_000 } }],
  };
}

/** What a careful engineer writes by hand for the same result. */
function handWritten(stack, id) {
  const scope = new Construct(stack, id);
  const table = new dynamodb.TableV2(scope, 'Default', {
    partitionKey: { name: 'orderId', type: dynamodb.AttributeType.STRING },
    globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: dynamodb.AttributeType.STRING } }],
    removalPolicy: cdk.RemovalPolicy.RETAIN,
    deletionProtection: true,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    contributorInsightsSpecification: { enabled: true, mode: dynamodb.ContributorInsightsMode.THROTTLED_KEYS },
  });
  const metric = (metricName, dims) =>
    new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: dims, statistic: 'Sum', period: cdk.Duration.minutes(1) });
  const sum = (metrics) =>
    new cloudwatch.MathExpression({
      expression: Object.keys(metrics)
        .map((m) => `FILL(${m}, 0)`)
        .join(' + '),
      usingMetrics: metrics,
      period: cdk.Duration.minutes(1),
    });
  const alarm = (alarmId, expression, threshold, datapointsToAlarm) =>
    new cloudwatch.Alarm(scope, alarmId, {
      alarmName: `${stack.stackName}/${id} ${alarmId} (hand-written alarm of the benchmark)`,
      alarmDescription: `[page] Read+WriteKeyRangeThroughputThrottleEvents: a partition is at its ceiling (1,000 WCU/s or 3,000 RCU/s), a hot key. Do: find it in Contributor Insights "most throttled keys". https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html`,
      metric: expression,
      threshold,
      evaluationPeriods: 5,
      datapointsToAlarm,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  for (const index of [undefined, 'by-customer']) {
    const dims = index ? { TableName: table.tableName, GlobalSecondaryIndexName: index } : { TableName: table.tableName };
    alarm(
      `${index ?? 'table'}KeyRange`,
      sum({ r: metric('ReadKeyRangeThroughputThrottleEvents', dims), w: metric('WriteKeyRangeThroughputThrottleEvents', dims) }),
      60,
      4,
    );
  }
  alarm(
    'ThrottlesAndErrors',
    sum({
      accountRead: metric('ReadAccountLimitThrottleEvents', { TableName: table.tableName }),
      accountWrite: metric('WriteAccountLimitThrottleEvents', { TableName: table.tableName }),
    }),
    1,
    5,
  );
  return table;
}

/** `tables` tables in `stacks` stacks; returns the synthesized templates' resource counts and sizes. */
function synthesize(build, stacks, tables) {
  const outdir = mkdtempSync(join(tmpdir(), 'skewguard-bench-'));
  // The rule quota is not measured here: 100 tables pass the default 100 rules, which the synth refuses.
  const app = new cdk.App({ outdir, context: { 'skewguard:lookupNonce': 'bench', 'skewguard:contributorInsightsRuleQuota': 100000 } });
  const built = [];
  for (let s = 0; s < stacks; s++) {
    const stack = new cdk.Stack(app, `Bench${s}`);
    build(stack, tables / stacks);
    built.push(stack);
  }
  app.synth();
  const sizes = built.map((stack) => {
    const text = readFileSync(join(outdir, stack.templateFile), 'utf8');
    return { resources: Object.keys(JSON.parse(text).Resources).length, bytes: Buffer.byteLength(text) };
  });
  rmSync(outdir, { recursive: true, force: true });
  return sizes;
}

/** CPU milliseconds (user + system) `fn` takes: on a shared machine, less noisy than wall time. */
function cpuTime(fn) {
  if (global.gc) global.gc();
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const guardedTables = (stack, n) => {
  for (let i = 0; i < n; i++) new GuardedTable(stack, `Table${i}`, design(i));
};
const plainTables = (stack, n) => {
  for (let i = 0; i < n; i++)
    new dynamodb.TableV2(stack, `Table${i}`, {
      partitionKey: { name: 'orderId', type: dynamodb.AttributeType.STRING },
      globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: dynamodb.AttributeType.STRING } }],
    });
};

async function run({ sideBySide, report }) {
  const [guarded] = synthesize(guardedTables, 1, 100);
  const [plain] = synthesize(plainTables, 1, 100);
  const perTable = (x) => `${(x.resources / 100).toFixed(2)} resources, ${Math.round(x.bytes / 100).toLocaleString('en-US')} bytes per table`;
  console.log('\nCDK footprint: one stack of 100 tables, each with a GSI (CloudFormation: 500 resources, 1 MB)');
  console.log(
    `  GuardedTable (default):  ${guarded.resources} resources, ${guarded.bytes.toLocaleString('en-US')} bytes: ${perTable(guarded)}; beyond the table: ${((guarded.resources - plain.resources) / 100).toFixed(2)} resources per table`,
  );
  console.log(`  plain TableV2:           ${plain.resources} resources, ${plain.bytes.toLocaleString('en-US')} bytes: ${perTable(plain)}`);
  console.log(
    `  target: ≤ 3 resources per table beyond the table; 100 tables within 80% of the resource limit and 85% of the size limit (1 MB counted as 1,000,000 bytes); measured: ${Math.round((guarded.resources / 500) * 100)}% and ${Math.round((guarded.bytes / 1_000_000) * 100)}%`,
  );

  const hand = () =>
    cpuTime(() =>
      synthesize(
        (stack, n) => {
          for (let i = 0; i < n; i++) handWritten(stack, `Table${i}`);
        },
        STACKS,
        TABLES,
      ),
    );
  const guardedRun = () => cpuTime(() => synthesize(guardedTables, STACKS, TABLES));
  const result = sideBySide(hand, guardedRun, 11, 2);
  report(
    `CDK synth of ${TABLES} tables in ${STACKS} stacks (Contributor Insights, a page alarm per key space, a ticket alarm per table)`,
    'a: hand-written TableV2 + the same alarms',
    'b: GuardedTable (design check, metadata, validation plugin)',
    result,
    'ms CPU',
    'ratio ≤ 1.10',
  );
}

module.exports = { run, synthesize, handWritten, guardedTables, TABLES, STACKS };
