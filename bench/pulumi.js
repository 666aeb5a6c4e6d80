// skewguard/pulumi: what GuardedContainer costs over writing the same resources by hand, under the
// Pulumi mock engine (no CLI, no cloud), and what importing skewguard/pulumi costs over importing
// @pulumi/azure-native/cosmosdb alone. Both sides alternate after a warm-up; read the ratios.
'use strict';
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

const root = join(__dirname, '..');
const CONTAINERS = 100;
const ACCOUNT_ID = '/subscriptions/0/resourceGroups/data/providers/Microsoft.DocumentDB/databaseAccounts/fleet';

const design = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 2000 },
      { path: '/deviceId', cardinality: 500000 },
      { path: '/sessionId', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits: 8000, peakWriteUnits: 24000 },
  storage: { largestPartitionGb: 0.5 },
};

/** Resolves when every resource is registered (a URN resolves only after registration) and every
 *  other engine call (components' registerOutputs) is done: the whole program has run. */
async function completed(pulumi, resources) {
  await Promise.all(resources.map((r) => new Promise((resolve) => r.urn.apply(resolve))));
  await pulumi.runtime.disconnect();
}

/** The same account diagnostics, container and five alerts, written directly with azure-native. The
 *  queries are skewguard's own (lib/pulumi/queries.ts, built), so both sides send the same text. */
function handWritten(pulumi, { cosmosdb, monitor, operationalinsights }, queries, prefix) {
  const workspace = new operationalinsights.Workspace(`${prefix}-workspace`, { resourceGroupName: 'data', sku: { name: 'PerGB2018' }, retentionInDays: 30 });
  const setting = new monitor.DiagnosticSetting(`${prefix}-partition-keys`, {
    resourceUri: ACCOUNT_ID,
    workspaceId: workspace.id,
    logAnalyticsDestinationType: 'Dedicated',
    logs: ['PartitionKeyStatistics', 'PartitionKeyRUConsumption', 'DataPlaneRequests5M'].map((category) => ({ category, enabled: true })),
  });
  const resources = [workspace, setting];
  for (let i = 0; i < CONTAINERS; i++) {
    const name = `${prefix}-c${i}`;
    const container = new cosmosdb.SqlResourceSqlContainer(
      name,
      {
        resourceGroupName: 'data',
        accountName: 'fleet',
        databaseName: 'telemetry',
        containerName: name,
        resource: { id: name, partitionKey: { paths: ['/tenantId', '/deviceId', '/sessionId'], kind: 'MultiHash', version: 2 } },
        options: { autoscaleSettings: { maxThroughput: 40000 } },
      },
      { protect: true },
    );
    const include = (dimension, values) => ({ name: dimension, operator: 'Include', values });
    const rangeAlert = new monitor.MetricAlert(
      `${name}-hot-partition-range`,
      {
        resourceGroupName: 'data',
        location: 'global',
        description: `${name} hot-partition-range`,
        scopes: [ACCOUNT_ID],
        enabled: true,
        autoMitigate: true,
        severity: 2,
        windowSize: 'PT15M',
        evaluationFrequency: 'PT5M',
        actions: [],
        criteria: {
          odataType: 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria',
          allOf: [
            {
              criterionType: 'StaticThresholdCriterion',
              name: 'SaturatedPartitionKeyRange',
              metricNamespace: 'Microsoft.DocumentDB/databaseAccounts',
              metricName: 'NormalizedRUConsumption',
              timeAggregation: 'Average',
              operator: 'GreaterThan',
              threshold: 90,
              dimensions: [include('DatabaseName', ['telemetry']), include('CollectionName', [name]), include('PartitionKeyRangeId', ['*'])],
            },
          ],
        },
      },
      { dependsOn: [container, setting] },
    );
    const logAlert = (suffix, severity, windowSize, evaluationFrequency, query, measure, threshold, dimensions) =>
      new monitor.ScheduledQueryRule(
        `${name}-${suffix}`,
        {
          resourceGroupName: 'data',
          kind: 'LogAlert',
          displayName: `${name} ${suffix}`,
          description: `${name} ${suffix}`,
          scopes: [workspace.id],
          enabled: true,
          autoMitigate: true,
          severity,
          windowSize,
          evaluationFrequency,
          skipQueryValidation: true,
          criteria: {
            allOf: [
              {
                query: pulumi.output('telemetry').apply(query),
                timeAggregation: 'Maximum',
                metricMeasureColumn: measure,
                operator: 'GreaterThan',
                threshold,
                dimensions: dimensions.map((d) => include(d, ['*'])),
                failingPeriods: { numberOfEvaluationPeriods: 1, minFailingPeriodsToAlert: 1 },
              },
            ],
          },
          actions: { actionGroups: [] },
        },
        { dependsOn: [container, setting] },
      );
    resources.push(
      container,
      rangeAlert,
      logAlert('throttle-rate', 1, 'PT30M', 'PT5M', (db) => queries.throttleRateQuery(db, name, 1000), 'SustainedThrottledShare', 0.05, []),
      logAlert('hot-key', 2, 'PT15M', 'PT5M', (db) => queries.hotKeyQuery(db, name), 'SustainedRUPerSecond', 8000, ['PartitionKey', 'RegionName']),
      logAlert('hot-prefix', 2, 'PT15M', 'PT5M', (db) => queries.hotPrefixQuery(db, name), 'SustainedRUPerSecond', 8000, ['Prefix', 'RegionName']),
      logAlert('partition-size', 2, 'P1D', 'PT1H', (db) => queries.largestPartitionQuery(db, name), 'SizeGb', 16, ['PartitionKey']),
    );
  }
  return resources;
}

/** The same, with skewguard: one CosmosAccountMonitoring and 100 GuardedContainers. */
function guarded({ CosmosAccountMonitoring, GuardedContainer }, prefix) {
  const monitoring = new CosmosAccountMonitoring(prefix, { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID } });
  const resources = [monitoring, monitoring.diagnosticSetting, monitoring.workspace];
  for (let i = 0; i < CONTAINERS; i++) {
    const container = new GuardedContainer(`${prefix}-c${i}`, { monitoring, database: 'telemetry', throughput: { autoscaleMax: 40000 }, design });
    resources.push(container, container.container, ...Object.values(container.alerts));
  }
  return resources;
}

function spawnTimed(script) {
  const start = performance.now();
  const result = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr}`);
  return performance.now() - start;
}

async function run(harness) {
  const pulumi = require('@pulumi/pulumi');
  // Each run gets a fresh mock engine (the last one was disconnected when its program completed) and a
  // collected heap, so neither side pays for the garbage or the bookkeeping of the runs before it.
  const fresh = () => {
    pulumi.runtime.setMocks({ newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) }, 'bench', 'bench', false);
    if (global.gc) global.gc();
  };
  const azure = {
    cosmosdb: require('@pulumi/azure-native/cosmosdb'),
    monitor: require('@pulumi/azure-native/monitor'),
    operationalinsights: require('@pulumi/azure-native/operationalinsights'),
  };
  const skewguard = require('../dist/pulumi');
  const queries = require('../dist/pulumi/queries');
  let round = 0;
  // CPU time of this process (user + system): the whole mock engine runs in it, and on a shared
  // machine CPU time moves far less with other load than wall time does.
  const cpuMs = async (program) => {
    fresh();
    const start = process.cpuUsage();
    await completed(pulumi, program());
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const byHand = () => cpuMs(() => handWritten(pulumi, azure, queries, `hand${round++}`));
  const withSkewguard = () => cpuMs(() => guarded(skewguard, `guarded${round++}`));
  const components = await harness.sideBySideAsync(byHand, withSkewguard, 7, 1);
  harness.report(
    `${CONTAINERS} Cosmos DB containers with diagnostics and 5 skew alerts each, Pulumi mock engine (CPU time)`,
    'a: hand-written azure-native resources',
    'b: GuardedContainer (+ design lint)',
    components,
    'CPU ms',
    'ratio ≤ 1.10',
  );

  const importCosmos = () => spawnTimed("require('@pulumi/azure-native/cosmosdb')");
  const importSkewguard = () => spawnTimed("require('skewguard/pulumi')");
  const imports = harness.sideBySide(importCosmos, importSkewguard, 10);
  harness.report('Import cost in a fresh process', "a: require('@pulumi/azure-native/cosmosdb')", "b: require('skewguard/pulumi')", imports, 'ms');
}

module.exports = { run };
