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
  workload: { peakReadUnits: 8000, peakWriteUnits: 25000 },
  storage: { largestPartitionGb: 0.5 },
};

/** Resolves when every resource is registered (a URN resolves only after registration) and every
 *  other engine call (components' registerOutputs) is done: the whole program has run. */
async function completed(pulumi, resources) {
  await Promise.all(resources.map((r) => new Promise((resolve) => r.urn.apply(resolve))));
  await pulumi.runtime.disconnect();
}

/** The same account diagnostics, container and four alerts, written directly with azure-native. */
function handWritten(pulumi, { cosmosdb, monitor, operationalinsights }, prefix) {
  const workspace = new operationalinsights.Workspace(`${prefix}-workspace`, { resourceGroupName: 'data', sku: { name: 'PerGB2018' }, retentionInDays: 30 });
  const setting = new monitor.DiagnosticSetting(`${prefix}-partition-keys`, {
    resourceUri: ACCOUNT_ID,
    workspaceId: workspace.id,
    logAnalyticsDestinationType: 'Dedicated',
    logs: [{ category: 'PartitionKeyStatistics', enabled: true }, { category: 'PartitionKeyRUConsumption', enabled: true }],
  });
  const resources = [workspace, setting];
  for (let i = 0; i < CONTAINERS; i++) {
    const name = `${prefix}-c${i}`;
    const container = new cosmosdb.SqlResourceSqlContainer(name, {
      resourceGroupName: 'data', accountName: 'fleet', databaseName: 'telemetry', containerName: name,
      resource: { id: name, partitionKey: { paths: ['/tenantId', '/deviceId', '/sessionId'], kind: 'MultiHash', version: 2 } },
    }, { protect: true });
    const dims = (last) => [
      { name: 'DatabaseName', operator: 'Include', values: ['telemetry'] },
      { name: 'CollectionName', operator: 'Include', values: [name] },
      last,
    ];
    const metricAlert = (suffix, severity, criterion) => new monitor.MetricAlert(`${name}-${suffix}`, {
      resourceGroupName: 'data', location: 'global', description: `${name} ${suffix}`, scopes: [ACCOUNT_ID], enabled: true, autoMitigate: true,
      severity, windowSize: 'PT5M', evaluationFrequency: 'PT1M', actions: [],
      criteria: { odataType: 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria', allOf: [{ criterionType: 'StaticThresholdCriterion', metricNamespace: 'Microsoft.DocumentDB/databaseAccounts', operator: 'GreaterThan', ...criterion }] },
    }, { dependsOn: [container, setting] });
    const logAlert = (suffix, severity, windowSize, evaluationFrequency, query, measure, threshold) => new monitor.ScheduledQueryRule(`${name}-${suffix}`, {
      resourceGroupName: 'data', kind: 'LogAlert', displayName: `${name} ${suffix}`, description: `${name} ${suffix}`, scopes: [workspace.id],
      enabled: true, autoMitigate: true, severity, windowSize, evaluationFrequency, skipQueryValidation: true,
      criteria: { allOf: [{ query, timeAggregation: 'Maximum', metricMeasureColumn: measure, operator: 'GreaterThan', threshold, dimensions: [{ name: 'PartitionKey', operator: 'Include', values: ['*'] }], failingPeriods: { numberOfEvaluationPeriods: 1, minFailingPeriodsToAlert: 1 } }] },
      actions: { actionGroups: [] },
    }, { dependsOn: [container, setting] });
    const where = `| where DatabaseName == "telemetry" and CollectionName == "${name}"`;
    resources.push(
      container,
      metricAlert('hot-partition-range', 2, { name: 'HotPartitionKeyRange', metricName: 'NormalizedRUConsumption', timeAggregation: 'Maximum', threshold: 80, dimensions: dims({ name: 'PartitionKeyRangeId', operator: 'Include', values: ['*'] }) }),
      metricAlert('throttling', 1, { name: 'ThrottledRequests', metricName: 'TotalRequests', timeAggregation: 'Count', threshold: 100, dimensions: dims({ name: 'StatusCode', operator: 'Include', values: ['429'] }) }),
      logAlert('partition-size', 1, 'P1D', 'PT1H', pulumi.output('telemetry').apply(() => ['CDBPartitionKeyStatistics', where, '| summarize SizeKb = max(SizeKb) by PartitionKey', '| extend SizeGb = SizeKb / 1048576.0', '| top 1 by SizeGb desc'].join('\n')), 'SizeGb', 16),
      logAlert('hot-key-share', 2, 'PT5M', 'PT5M', pulumi.output('telemetry').apply(() => ['let charges = CDBPartitionKeyRUConsumption', `${where};`, 'let total = toscalar(charges | summarize sum(RequestCharge));', 'charges', '| where total >= 30000', '| summarize KeyRequestUnits = sum(RequestCharge) by PartitionKey', '| extend KeyShare = KeyRequestUnits / total', '| top 1 by KeyShare desc'].join('\n')), 'KeyShare', 0.1),
    );
  }
  return resources;
}

/** The same, with skewguard: one CosmosAccountMonitoring and 100 GuardedContainers. */
function guarded({ CosmosAccountMonitoring, GuardedContainer }, prefix) {
  const monitoring = new CosmosAccountMonitoring(prefix, { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID } });
  const resources = [monitoring, monitoring.diagnosticSetting, monitoring.workspace];
  for (let i = 0; i < CONTAINERS; i++) {
    const container = new GuardedContainer(`${prefix}-c${i}`, { monitoring, database: 'telemetry', design });
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
  const byHand = () => cpuMs(() => handWritten(pulumi, azure, `hand${round++}`));
  const withSkewguard = () => cpuMs(() => guarded(skewguard, `guarded${round++}`));
  const components = await harness.sideBySideAsync(byHand, withSkewguard, 7, 1);
  harness.report(`${CONTAINERS} Cosmos DB containers with diagnostics and 4 skew alerts each, Pulumi mock engine (CPU time)`,
    'a: hand-written azure-native resources', 'b: GuardedContainer (+ design lint)', components, 'CPU ms', 'ratio ≤ 1.10');

  const importCosmos = () => spawnTimed("require('@pulumi/azure-native/cosmosdb')");
  const importSkewguard = () => spawnTimed("require('skewguard/pulumi')");
  const imports = harness.sideBySide(importCosmos, importSkewguard, 10);
  harness.report('Import cost in a fresh process', "a: require('@pulumi/azure-native/cosmosdb')", "b: require('skewguard/pulumi')", imports, 'ms');
}

module.exports = { run };
