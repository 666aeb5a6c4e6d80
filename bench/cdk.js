// `npm run bench` (CDK part).
// 1. Footprint: resources and template bytes per GuardedTable (each with a GSI), default settings, in one stack of 80
//    tables, against CloudFormation's limits (500 resources, 1 MB template), as test/cdk/footprint.test.ts holds them:
//    within 80% of the resources and 85% of the bytes. 100 such tables pass 1 MB written indented (CDK's default);
//    written without indentation (the Stack's suppressTemplateIndentation) they are 708,748 bytes in the test's stack
//    `Big` (710,248 here: the stack name `Bench0` is 3 characters longer, written 5 times a table), printed for reference.
// 2. Synth time: 50 GuardedTables vs 50 hand-written TableV2s, in 5 stacks, alternating, same settings (the built-in
//    CloudFormation validation off on both sides). Both sides make the same resources, each table with a GSI:
//    - a: a TableV2 with Contributor Insights (throttled keys) on the table and the GSI, and the three alarms a
//      GuardedTable makes by default, written by hand with the same metrics, math expressions, labels, thresholds and
//      evaluation, and constant names and descriptions within 15 characters of its: a key-range page (the highest of the
//      table's and the GSI's read + write key-range throttles, 60+ a minute on 4 of 12), a sustained-throttles ticket
//      (those four metrics summed, 5+ a minute on 30 of 60), and a failed-requests page (account-limit throttles of the
//      table, reads and writes, and of the GSI's reads, 1+ a minute on 5 of 10).
//    - b: GuardedTable, default settings: the same table and the same three alarms, and what a hand-written table
//      lacks: the design check at construction, the design in the template metadata, and the skewguard validation
//      plugin (with it CDK builds its construct tree and writes validation-report.json; the plugin checks each table's
//      template against its design and counts the Contributor Insights rule quota over the app; the bench declares a
//      quota of 100,000, so no table warns).
//    Target: ratio ≤ 1.10.
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

/** What a careful engineer writes by hand for the same result: the table, and the three alarms a GuardedTable makes by
 *  default with the same metrics, expressions, labels, thresholds and evaluation, named and described in words of about the
 *  same length (written once, as constants). */
const PAGE_DESCRIPTION =
  '[page] Read+WriteKeyRangeThroughputThrottleEvents of the table or its GSI (the label names the highest) at 60+ a minute: a partition is at its ceiling (1,000 WCU/s or 3,000 RCU/s), a hot key; an index\'s write throttles reject the table\'s writes too (back pressure). Fires on 4 of the last 12 minutes (no data: not breaching). Do: find it in Contributor Insights "most throttled keys"; shard a write-hot key, cache a read-hot one; no hot key: past 2x its prior peak in 30 min; ramp over 30 min or pre-warm. https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html';
const TICKET_DESCRIPTION =
  '[ticket] key-range throttles (requests over a partition\'s limit) of the table and its GSI together at 5+ a minute: a hot key under the page\'s line; SDK retries hide it from errors, not latency. Fires on 30 of the last 60 minutes (no data: not breaching). Do: Contributor Insights "most throttled keys"; plan sharding or caching. https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling-cloudwatch.html';
const FAILED_DESCRIPTION =
  "[page] ReadAccountLimitThrottleEvents, WriteAccountLimitThrottleEvents: requests throttled over the account's per-table throughput quota, not by a hot key. Fires on 5 of the last 10 minutes (no data: not breaching). Do: find the metric in ALARM; raise that limit now: the table quota (Service Quotas), or shed the load. https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html";

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
  const minute = cdk.Duration.minutes(1);
  const metric = (metricName, dims) => new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: dims, statistic: 'Sum', period: minute });
  const onTable = { TableName: table.tableName };
  const onIndex = { TableName: table.tableName, GlobalSecondaryIndexName: 'by-customer' };
  const keyRange = {
    r0: metric('ReadKeyRangeThroughputThrottleEvents', onTable),
    w0: metric('WriteKeyRangeThroughputThrottleEvents', onTable),
    r1: metric('ReadKeyRangeThroughputThrottleEvents', onIndex),
    w1: metric('WriteKeyRangeThroughputThrottleEvents', onIndex),
  };
  const alarm = (alarmId, tier, title, alarmDescription, expression, usingMetrics, label, threshold, evaluationPeriods, datapointsToAlarm) =>
    new cloudwatch.Alarm(scope, alarmId, {
      alarmName: `dynamodb ${tier} ${stack.stackName}/${id} ${title}`,
      alarmDescription,
      metric: new cloudwatch.MathExpression({ expression, usingMetrics, period: minute, label }),
      threshold,
      evaluationPeriods,
      datapointsToAlarm,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  alarm(
    'KeyRangePage',
    'page',
    'hot partition (key-range throttles)',
    PAGE_DESCRIPTION,
    'MAX([FILL(r0, 0) + FILL(w0, 0), FILL(r1, 0) + FILL(w1, 0)])',
    keyRange,
    'key-range throttles/min, highest key space',
    60,
    12,
    4,
  );
  alarm(
    'SustainedThrottles',
    'ticket',
    'sustained throttles',
    TICKET_DESCRIPTION,
    'FILL(r0, 0) + FILL(w0, 0) + FILL(r1, 0) + FILL(w1, 0)',
    keyRange,
    'key-range throttles/min, all key spaces',
    5,
    60,
    30,
  );
  alarm(
    'FailedRequests',
    'page',
    'failed requests (not a hot key)',
    FAILED_DESCRIPTION,
    'FILL(accountRead, 0) + FILL(accountWrite, 0) + FILL(accountRead1, 0)',
    {
      accountRead: metric('ReadAccountLimitThrottleEvents', onTable),
      accountWrite: metric('WriteAccountLimitThrottleEvents', onTable),
      accountRead1: metric('ReadAccountLimitThrottleEvents', onIndex),
    },
    'account-limit throttles/min',
    1,
    10,
    5,
  );
  return table;
}

/** `tables` tables in `stacks` stacks (each made with `stackProps`); returns the synthesized templates' resource counts
 *  and sizes. `built`, when given, is called between construction and `app.synth()` (bench/cdk-instructions.js marks
 *  the phases there). */
function synthesize(build, stacks, tables, stackProps = {}, built = undefined) {
  const outdir = mkdtempSync(join(tmpdir(), 'skewguard-bench-'));
  // The rule quota is not measured here: 100 tables pass the default 100 rules, which the synth refuses.
  const app = new cdk.App({ outdir, context: { 'skewguard:lookupNonce': 'bench', 'skewguard:contributorInsightsRuleQuota': 100000 } });
  const made = [];
  for (let s = 0; s < stacks; s++) {
    const stack = new cdk.Stack(app, `Bench${s}`, stackProps);
    build(stack, tables / stacks);
    made.push(stack);
  }
  if (built) built();
  app.synth();
  const sizes = made.map((stack) => {
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

/** Tables of the footprint stack, as test/cdk/footprint.test.ts holds them. */
const FOOTPRINT_TABLES = 80;

async function run({ sideBySide, report }) {
  const n = FOOTPRINT_TABLES;
  const [guarded] = synthesize(guardedTables, 1, n);
  const [plain] = synthesize(plainTables, 1, n);
  const [unindented] = synthesize(guardedTables, 1, 100, { suppressTemplateIndentation: true });
  const perTable = (x) => `${(x.resources / n).toFixed(2)} resources, ${Math.round(x.bytes / n).toLocaleString('en-US')} bytes per table`;
  console.log(`\nCDK footprint: one stack of ${n} tables, each with a GSI (CloudFormation: 500 resources, 1 MB)`);
  console.log(
    `  GuardedTable (default):  ${guarded.resources} resources, ${guarded.bytes.toLocaleString('en-US')} bytes: ${perTable(guarded)}; beyond the table: ${((guarded.resources - plain.resources) / n).toFixed(2)} resources per table`,
  );
  console.log(`  plain TableV2:           ${plain.resources} resources, ${plain.bytes.toLocaleString('en-US')} bytes: ${perTable(plain)}`);
  console.log(
    `  target (test/cdk/footprint.test.ts): ≤ 3 resources per table beyond the table; ${n} tables within 80% of the resource limit and 85% of the size limit (1 MB counted as 1,000,000 bytes); measured: ${Math.round((guarded.resources / 500) * 100)}% and ${Math.round((guarded.bytes / 1_000_000) * 100)}%`,
  );
  console.log(
    `  for reference, 100 GuardedTables written without indentation (suppressTemplateIndentation): ${unindented.resources} resources, ${unindented.bytes.toLocaleString('en-US')} bytes`,
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
    `CDK synth of ${TABLES} tables with a GSI in ${STACKS} stacks (Contributor Insights; a key-range page, a sustained-throttles ticket, a failed-requests page)`,
    'a: hand-written TableV2 + the same three alarms',
    'b: GuardedTable (design check, metadata, validation plugin)',
    result,
    'ms CPU',
    'ratio ≤ 1.10',
  );
}

module.exports = { run, synthesize, handWritten, guardedTables, TABLES, STACKS };
