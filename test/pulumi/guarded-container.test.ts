/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// What GuardedContainer and CosmosAccountMonitoring create, input by input, under the Pulumi mock engine.
import { componentOutputs, installMocks, type Json, optionsRecorder, registeredAll, resolved, SUBSCRIPTION } from './support/mocks';
import * as pulumi from '@pulumi/pulumi';
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import { CosmosAccountMonitoring, GuardedContainer, type GuardedContainerArgs } from '../../lib/pulumi';
import { orders, telemetry } from './support/designs';

const engine = installMocks();

const ACCOUNT_ID = `${SUBSCRIPTION}/resourceGroups/data/providers/Microsoft.DocumentDB/databaseAccounts/fleet`;
const ACTION_GROUP = `${SUBSCRIPTION}/resourceGroups/ops/providers/Microsoft.Insights/actionGroups/oncall`;
const CONTAINER = 'azure-native:cosmosdb:SqlResourceSqlContainer';
const METRIC_ALERT = 'azure-native:monitor:MetricAlert';
const LOG_ALERT = 'azure-native:monitor:ScheduledQueryRule';
const DIAGNOSTIC_SETTING = 'azure-native:monitor:DiagnosticSetting';
const WORKSPACE = 'azure-native:operationalinsights:Workspace';

let unique = 0;
/** A fresh account-level monitoring component, named `fleet-<n>` (unique per test). */
function accountMonitoring(extra: Partial<ConstructorParameters<typeof CosmosAccountMonitoring>[1]> = {}) {
  return new CosmosAccountMonitoring(`fleet-${++unique}`, { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID }, actionGroupIds: [ACTION_GROUP], ...extra });
}

async function guarded(name: string, args: Omit<GuardedContainerArgs, 'database'> & { database?: GuardedContainerArgs['database'] }, opts?: pulumi.ComponentResourceOptions) {
  const component = new GuardedContainer(name, { database: 'telemetry', ...args }, opts);
  await registeredAll([component, component.container, ...Object.values(component.alerts)]);
  return component;
}

function criterionOf(alert: { inputs: Json }) {
  expect(alert.inputs.criteria.allOf).toHaveLength(1);
  return alert.inputs.criteria.allOf[0];
}

beforeEach(() => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the container', () => {
  it('has the design\'s hierarchical key as MultiHash version 2, paths in order, containerName = resource.id, protected, under the component', async () => {
    const recorder = optionsRecorder();
    const component = await guarded('events', { monitoring: accountMonitoring(), design: telemetry }, { transformations: [recorder.transformation] });
    const container = engine.named('events');
    expect(container.type).toBe(CONTAINER);
    expect(container.inputs).toMatchObject({
      resourceGroupName: 'data',
      accountName: 'fleet',
      databaseName: 'telemetry',
      containerName: 'events',
      resource: { id: 'events', partitionKey: { paths: ['/tenantId', '/deviceId', '/sessionId'], kind: 'MultiHash', version: 2 } },
    });
    expect(container.inputs.options).toBeUndefined();
    expect(recorder.options.get('events')?.protect).toBe(true);
    expect(recorder.options.get('events')?.parent).toBe(component);
    expect(component.partitionKeyPaths).toEqual(['/tenantId', '/deviceId', '/sessionId']);
    expect(component.containerName).toBe('events');
    expect(await resolved(component.urn)).toBe('urn:pulumi:dev::skewguard-test::skewguard:cosmosdb:GuardedContainer::events');
  });

  it('uses Hash for one path, keeps a declared version, and honors containerName and protect: false', async () => {
    const recorder = optionsRecorder();
    await guarded('orders-component', {
      monitoring: accountMonitoring(),
      containerName: 'orders',
      protect: false,
      design: { ...orders, partitionKey: { ...orders.partitionKey, version: 1 } },
    }, { transformations: [recorder.transformation] });
    const container = engine.ofType(CONTAINER).find((r) => r.name === 'orders-component');
    expect(container?.inputs.containerName).toBe('orders');
    expect(container?.inputs.resource).toMatchObject({ id: 'orders', partitionKey: { paths: ['/orderId'], kind: 'Hash', version: 1 } });
    expect(recorder.options.get('orders-component')?.protect).toBe(false);
  });

  it('passes throughput, indexing policy, TTL, unique keys and tags through', async () => {
    const indexingPolicy = { indexingMode: 'consistent', includedPaths: [{ path: '/*' }], excludedPaths: [{ path: '/payload/*' }] };
    const uniqueKeyPolicy = { uniqueKeys: [{ paths: ['/tenantId', '/deviceId', '/sessionId', '/seq'] }] };
    await guarded('manual', { monitoring: accountMonitoring(), design: telemetry, throughput: { manual: 4_000 }, indexingPolicy, defaultTtl: 7_776_000, uniqueKeyPolicy, tags: { team: 'iot' } });
    await guarded('autoscaled', { monitoring: accountMonitoring(), design: telemetry, throughput: { autoscaleMax: 40_000 } });
    const manual = engine.named('manual').inputs;
    expect(manual.options).toEqual({ throughput: 4_000 });
    expect(manual.resource).toMatchObject({ indexingPolicy, defaultTtl: 7_776_000, uniqueKeyPolicy });
    expect(manual.tags).toEqual({ team: 'iot' });
    expect(engine.named('manual-throttling').inputs.tags).toEqual({ team: 'iot' });
    expect(engine.named('autoscaled').inputs.options).toEqual({ autoscaleSettings: { maxThroughput: 40_000 } });
  });

  it('takes the database as a resource, and registers the container and every alert as outputs', async () => {
    const database = new cosmosdb.SqlResourceSqlDatabase('fleet-db', { resourceGroupName: 'data', accountName: 'fleet', resource: { id: 'fleetdb' } });
    const component = await guarded('from-resource', { monitoring: accountMonitoring(), design: telemetry, database });
    expect(engine.named('from-resource').inputs.databaseName).toBe('fleetdb');
    expect(criterionOf(engine.named('from-resource-throttling')).dimensions[0]).toEqual({ name: 'DatabaseName', operator: 'Include', values: ['fleetdb'] });
    expect(Object.keys(await componentOutputs(component)).sort()).toEqual(['container', 'hotKeyShare', 'normalizedRu', 'partitionSize', 'throttling']);
  });
});

describe('partition-key diagnostics', () => {
  it('is one diagnostic setting on the account, Dedicated tables in a created workspace, shared by every container', async () => {
    const before = engine.ofType(DIAGNOSTIC_SETTING).length;
    const monitoring = accountMonitoring({ additionalLogCategories: ['DataPlaneRequests'] });
    await guarded('shared-a', { monitoring, design: telemetry });
    await guarded('shared-b', { monitoring, design: orders });
    await registeredAll([monitoring.diagnosticSetting, monitoring.workspace]);
    const settings = engine.ofType(DIAGNOSTIC_SETTING).slice(before);
    expect(settings).toHaveLength(1);
    const workspace = engine.named(`fleet-${unique}-workspace`);
    expect(workspace.type).toBe(WORKSPACE);
    expect(workspace.inputs).toMatchObject({ resourceGroupName: 'data', sku: { name: 'PerGB2018' }, retentionInDays: 30 });
    const workspaceId = await resolved(monitoring.workspaceId);
    expect(settings[0].inputs).toEqual({
      resourceUri: ACCOUNT_ID,
      workspaceId,
      logAnalyticsDestinationType: 'Dedicated',
      logs: [
        { category: 'PartitionKeyStatistics', enabled: true },
        { category: 'PartitionKeyRUConsumption', enabled: true },
        { category: 'DataPlaneRequests', enabled: true },
      ],
    });
    for (const container of ['shared-a', 'shared-b']) {
      expect(engine.named(`${container}-hot-key-share`).inputs.scopes).toEqual([workspaceId]);
    }
  });

  it('uses the workspace it is given and creates none', async () => {
    const before = engine.ofType(WORKSPACE).length;
    const workspaceId = `${SUBSCRIPTION}/resourceGroups/ops/providers/Microsoft.OperationalInsights/workspaces/central`;
    const monitoring = accountMonitoring({ workspace: { id: workspaceId } });
    await guarded('central', { monitoring, design: telemetry });
    await registeredAll([monitoring.diagnosticSetting]);
    expect(engine.ofType(WORKSPACE).length).toBe(before);
    expect(monitoring.workspace).toBeUndefined();
    expect(engine.named(`fleet-${unique}-partition-keys`).inputs.workspaceId).toBe(workspaceId);
    expect(engine.named('central-partition-size').inputs.scopes).toEqual([workspaceId]);
  });

  it('looks up an account given by name', async () => {
    const monitoring = new CosmosAccountMonitoring('by-name', { resourceGroupName: 'data', account: 'fleet' });
    await registeredAll([monitoring.diagnosticSetting]);
    expect(engine.calls.find((c) => c.token === 'azure-native:cosmosdb:getDatabaseAccount')?.inputs).toEqual({ accountName: 'fleet', resourceGroupName: 'data' });
    expect(engine.named('by-name-partition-keys').inputs.resourceUri).toBe(ACCOUNT_ID);
  });

  it('refuses unreadable monitoring args, naming each field', () => {
    expect(() => new CosmosAccountMonitoring('bad', {
      resourceGroupName: '',
      account: { name: 'fleet' } as never,
      workspaceRetentionInDays: 0,
      additionalLogCategories: ['PartitionKeyStatistics', ''],
    })).toThrow(expect.objectContaining({
      issues: [
        expect.objectContaining({ path: 'resourceGroupName' }),
        expect.objectContaining({ path: 'account.id' }),
        expect.objectContaining({ path: 'workspaceRetentionInDays' }),
        expect.objectContaining({ path: 'additionalLogCategories[0]' }),
        expect.objectContaining({ path: 'additionalLogCategories[1]' }),
      ],
    }));
  });
});

describe('skew alerts', () => {
  // One container with every default, read by the four tests below.
  let workspaceId: string;
  beforeAll(async () => {
    const monitoring = accountMonitoring();
    await guarded('defaults', { monitoring, design: telemetry });
    workspaceId = await resolved(monitoring.workspaceId);
  });

  it('watch the hottest partition-key range: NormalizedRUConsumption, Maximum > 80 over 5 minutes, this container, split by range', async () => {
    const alert = engine.named('defaults-hot-partition-range');
    expect(alert.type).toBe(METRIC_ALERT);
    expect(alert.inputs).toMatchObject({
      resourceGroupName: 'data', location: 'global', scopes: [ACCOUNT_ID], enabled: true, severity: 2,
      windowSize: 'PT5M', evaluationFrequency: 'PT1M', actions: [{ actionGroupId: ACTION_GROUP }],
      criteria: { odataType: 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria' },
    });
    expect(criterionOf(alert)).toEqual({
      criterionType: 'StaticThresholdCriterion',
      name: 'HotPartitionKeyRange',
      metricNamespace: 'Microsoft.DocumentDB/databaseAccounts',
      metricName: 'NormalizedRUConsumption',
      timeAggregation: 'Maximum',
      operator: 'GreaterThan',
      threshold: 80,
      dimensions: [
        { name: 'DatabaseName', operator: 'Include', values: ['telemetry'] },
        { name: 'CollectionName', operator: 'Include', values: ['defaults'] },
        { name: 'PartitionKeyRangeId', operator: 'Include', values: ['*'] },
      ],
    });
  });

  it('watch throttling: TotalRequests, Count, StatusCode 429 on this container', async () => {
    const alert = engine.named('defaults-throttling');
    expect(alert.type).toBe(METRIC_ALERT);
    expect(alert.inputs).toMatchObject({ scopes: [ACCOUNT_ID], severity: 1, windowSize: 'PT5M', evaluationFrequency: 'PT1M' });
    expect(criterionOf(alert)).toMatchObject({
      metricName: 'TotalRequests', timeAggregation: 'Count', operator: 'GreaterThan', threshold: 100,
      dimensions: [
        { name: 'DatabaseName', operator: 'Include', values: ['telemetry'] },
        { name: 'CollectionName', operator: 'Include', values: ['defaults'] },
        { name: 'StatusCode', operator: 'Include', values: ['429'] },
      ],
    });
  });

  it('watch the largest logical partition in CDBPartitionKeyStatistics: above 16 GB', async () => {
    const alert = engine.named('defaults-partition-size');
    expect(alert.type).toBe(LOG_ALERT);
    expect(alert.inputs).toMatchObject({
      kind: 'LogAlert', scopes: [workspaceId], severity: 1, windowSize: 'P1D', evaluationFrequency: 'PT1H',
      skipQueryValidation: true, actions: { actionGroups: [ACTION_GROUP] },
    });
    const condition = criterionOf(alert);
    expect(condition).toMatchObject({ timeAggregation: 'Maximum', metricMeasureColumn: 'SizeGb', operator: 'GreaterThan', threshold: 16, dimensions: [{ name: 'PartitionKey', operator: 'Include', values: ['*'] }] });
    expect(condition.query.split('\n')).toEqual([
      'CDBPartitionKeyStatistics',
      '| where DatabaseName == "telemetry" and CollectionName == "defaults"',
      '| summarize SizeKb = max(SizeKb) by PartitionKey',
      '| extend SizeGb = SizeKb / 1048576.0',
      '| top 1 by SizeGb desc',
    ]);
  });

  it('watch one key\'s share of the container\'s RU in CDBPartitionKeyRUConsumption over 5 minutes', async () => {
    const alert = engine.named('defaults-hot-key-share');
    expect(alert.type).toBe(LOG_ALERT);
    expect(alert.inputs).toMatchObject({ kind: 'LogAlert', severity: 2, windowSize: 'PT5M', evaluationFrequency: 'PT5M' });
    const condition = criterionOf(alert);
    expect(condition).toMatchObject({ timeAggregation: 'Maximum', metricMeasureColumn: 'KeyShare', operator: 'GreaterThan', threshold: 0.1 });
    expect(condition.query).toContain('CDBPartitionKeyRUConsumption\n| where DatabaseName == "telemetry" and CollectionName == "defaults";');
    expect(condition.query).toContain('| where total >= 30000');
    expect(condition.query).toContain('| summarize KeyRequestUnits = sum(RequestCharge) by PartitionKey');
    expect(condition.query).toContain('| extend KeyShare = KeyRequestUnits / total');
  });

  it('take their default thresholds from the design\'s thresholds and declared hot-key share', async () => {
    await guarded('tight', { monitoring: accountMonitoring(), design: { ...telemetry, thresholds: { headroom: 0.7 } } });
    expect(criterionOf(engine.named('tight-hot-partition-range')).threshold).toBe(70);
    expect(criterionOf(engine.named('tight-partition-size')).threshold).toBe(14);
    const declared = {
      ...orders,
      workload: { ...orders.workload, hotKeyShare: 0.3 },
      acknowledgements: [{ rule: 'SG014', reason: 'One marketplace seller is a third of all orders, by contract.' }],
    };
    await guarded('declared', { monitoring: accountMonitoring(), design: declared });
    expect(criterionOf(engine.named('declared-hot-key-share')).threshold).toBe(0.3);
  });

  it('are configurable one by one, or left out', async () => {
    const other = `${SUBSCRIPTION}/resourceGroups/ops/providers/Microsoft.Insights/actionGroups/data-team`;
    await guarded('tuned', {
      monitoring: accountMonitoring(),
      design: telemetry,
      alerts: {
        actionGroupIds: [other],
        normalizedRu: { threshold: 90, windowSize: 'PT15M', evaluationFrequency: 'PT5M', severity: 1 },
        throttling: false,
        partitionSize: { threshold: 12 },
        hotKeyShare: { threshold: 0.25, minimumRequestUnits: 1_000 },
      },
    });
    expect(engine.named('tuned-hot-partition-range').inputs).toMatchObject({ windowSize: 'PT15M', evaluationFrequency: 'PT5M', severity: 1, actions: [{ actionGroupId: other }] });
    expect(criterionOf(engine.named('tuned-hot-partition-range')).threshold).toBe(90);
    expect(engine.registered.some((r) => r.name === 'tuned-throttling')).toBe(false);
    expect(criterionOf(engine.named('tuned-partition-size')).threshold).toBe(12);
    expect(engine.named('tuned-partition-size').inputs.actions).toEqual({ actionGroups: [other] });
    expect(criterionOf(engine.named('tuned-hot-key-share'))).toMatchObject({ threshold: 0.25, query: expect.stringContaining('| where total >= 1000') });
  });

  it('without partition-key diagnostics (SG010 acknowledged) keep the metric alerts on an account given by name, and no log alerts', async () => {
    const component = await guarded('unmonitored', {
      resourceGroupName: 'data',
      account: 'fleet',
      design: { ...telemetry, acknowledgements: [{ rule: 'SG010', reason: 'Diagnostics go through the platform team\'s central setting.' }] },
    });
    expect(Object.keys(component.alerts).filter((k) => component.alerts[k as keyof typeof component.alerts])).toEqual(['normalizedRu', 'throttling']);
    expect(engine.named('unmonitored-throttling').inputs.scopes).toEqual([ACCOUNT_ID]);
    expect(engine.named('unmonitored-throttling').inputs.actions).toEqual([]);
    expect(engine.registered.some((r) => r.name.startsWith('unmonitored-') && r.type === LOG_ALERT)).toBe(false);
  });
});
