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

/**
 * The alerts a GuardedContainer of `design` gets, planned once (outside the timed runs) by the library's
 * own planner: the same six alerts, thresholds, windows and tiers, so the hand-written side cannot drift
 * from what the component creates (it hand-built five alerts with the settings of an older release).
 */
function realAlertPlan(skewguard, planAlerts) {
  const document = {
    ...design,
    engine: 'cosmosdb',
    name: 'bench',
    monitoring: { partitionKeyDiagnostics: true },
    throughput: { autoscaleMax: 40000 },
  };
  const normalized = skewguard.normalize(document).designs[0].design;
  return planAlerts({}, normalized, 'dedicated', { actionGroupIds: [] });
}

/** The same account diagnostics, container and alerts, written directly with azure-native. The alerts'
 *  arguments come from the library's builders (lib/pulumi/alerts.ts, built) and its plan: both sides send
 *  the same resources, and the ratio is what the component adds (reading its args, the design lint, the
 *  component itself) over creating them. */
function handWritten({ cosmosdb, monitor, operationalinsights }, createSkewAlerts, plan, prefix) {
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
    const target = { resourceGroupName: 'data', accountId: ACCOUNT_ID, workspaceId: workspace.id, databaseName: 'telemetry', containerName: name };
    const alerts = createSkewAlerts(name, target, plan, { dependsOn: [container, setting] });
    resources.push(container, ...Object.values(alerts).filter(Boolean));
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

/** Both sides register the same alert resources, argument for argument (the names' prefixes aside): else the ratio
 *  compares different programs, and the bench stops. */
async function sameAlerts(pulumi, fresh, azure, skewguard, createSkewAlerts, plan) {
  const inputsOf = async (program, prefix) => {
    const alerts = [];
    pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          if (/ScheduledQueryRule|MetricAlert/.test(args.type))
            alerts.push(JSON.stringify({ type: args.type, name: args.name, inputs: args.inputs }).split(prefix).join('P'));
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: () => ({}),
      },
      'bench',
      'bench',
      false,
    );
    await completed(pulumi, program());
    return alerts.sort();
  };
  const hand = await inputsOf(() => handWritten(azure, createSkewAlerts, plan, 'same'), 'same');
  const guardedAlerts = await inputsOf(() => guarded(skewguard, 'same'), 'same');
  fresh();
  if (hand.length === 0 || JSON.stringify(hand) !== JSON.stringify(guardedAlerts)) {
    throw new Error(`bench/pulumi.js: the hand-written side registers other alerts than GuardedContainer (${hand.length} against ${guardedAlerts.length})`);
  }
}

const ALERT_COUNT = (plan) => Object.keys(plan).filter((key) => key !== 'skipped' && key !== 'warnings' && plan[key]).length;

function spawnTimed(script) {
  const start = performance.now();
  const result = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr}`);
  return performance.now() - start;
}

async function run(harness) {
  const pulumi = require('@pulumi/pulumi');
  // The bench's containers have no action group (neither side has one: the alerts compared must match), so each
  // GuardedContainer warns that its page-tier alerts notify no one: 200 identical lines that bury the figures.
  pulumi.log.warn = async () => undefined;
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
  const { createSkewAlerts } = require('../dist/pulumi/alerts');
  const plan = realAlertPlan(require('../dist'), require('../dist/pulumi/alert-plan').planAlerts);
  await sameAlerts(pulumi, fresh, azure, skewguard, createSkewAlerts, plan);
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
  const byHand = () => cpuMs(() => handWritten(azure, createSkewAlerts, plan, `hand${round++}`));
  const withSkewguard = () => cpuMs(() => guarded(skewguard, `guarded${round++}`));
  const components = await harness.sideBySideAsync(byHand, withSkewguard, 7, 1);
  harness.report(
    `${CONTAINERS} Cosmos DB containers with diagnostics and ${ALERT_COUNT(plan)} skew alerts each, Pulumi mock engine (CPU time)`,
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
