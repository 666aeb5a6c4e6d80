/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// examples/pulumi runs under the mock engine: its resource graph (types, names, parents) and the
// properties that matter. The mocks are installed before the program is imported.
import * as pulumi from '@pulumi/pulumi';
import { installMocks, registeredAll, resolved, SUBSCRIPTION, type Json } from './support/mocks';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

const engine = installMocks();
type Program = typeof import('../../examples/pulumi');
let program: Program;

beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  program = await import('../../examples/pulumi');
  const { events, devices } = program;
  await registeredAll([events, devices, events.container, devices.container, ...Object.values(events.alerts), ...Object.values(devices.alerts)]);
  await resolved(program.workspaceId);
});
afterAll(() => jest.restoreAllMocks());

function urns(): string[] {
  const monitor = pulumi.runtime.getMonitor() as unknown as { getRegisteredResources(): Map<string, unknown> };
  return [...monitor.getRegisteredResources().keys()].map((urn) => urn.replace('urn:pulumi:dev::skewguard-test::', '')).sort();
}

const inputsOf = (name: string, type: string): Json => {
  const found = engine.registered.find((r) => r.name === name && r.type === type);
  if (!found) throw new Error(`${type} ${name} not registered`);
  return found.inputs;
};

it('creates the account, one diagnostic setting, and two guarded containers with their alerts, each child under its component', () => {
  // The mock engine's URNs carry the parent's type: `<parent type>$<type>::<name>`.
  expect(urns()).toEqual([
    'azure-native:cosmosdb:DatabaseAccount::telemetry',
    'azure-native:cosmosdb:SqlResourceSqlDatabase::telemetry',
    'azure-native:monitor:ActionGroup::data-team',
    'azure-native:monitor:ActionGroup::oncall',
    'azure-native:resources:ResourceGroup::telemetry',
    'skewguard:cosmosdb:AccountMonitoring$azure-native:monitor:DiagnosticSetting::telemetry-partition-keys',
    'skewguard:cosmosdb:AccountMonitoring$azure-native:operationalinsights:Workspace::telemetry-workspace',
    'skewguard:cosmosdb:AccountMonitoring::telemetry',
    'skewguard:cosmosdb:GuardedContainer$azure-native:cosmosdb:SqlResourceSqlContainer::devices',
    'skewguard:cosmosdb:GuardedContainer$azure-native:cosmosdb:SqlResourceSqlContainer::events',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:MetricAlert::devices-hot-partition-range',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:MetricAlert::events-hot-partition-range',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::devices-hot-key',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::devices-hot-prefix',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::devices-partition-size',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::devices-partition-size-limit',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::devices-throttle-rate',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::devices-throttled-hot-value',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::events-hot-key',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::events-hot-prefix',
    // No events-partition-size(-limit): events' key ends in a unique /sessionId, one item per logical partition (review 24).
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::events-throttle-rate',
    'skewguard:cosmosdb:GuardedContainer$azure-native:monitor:ScheduledQueryRule::events-throttled-hot-value',
    'skewguard:cosmosdb:GuardedContainer::devices',
    'skewguard:cosmosdb:GuardedContainer::events',
  ]);
});

it('keys the telemetry events tenant → device → session (MultiHash, version 2) and the registry tenant → device', () => {
  const container = 'azure-native:cosmosdb:SqlResourceSqlContainer';
  expect(inputsOf('events', container)).toMatchObject({
    resourceGroupName: 'telemetry',
    accountName: 'telemetry',
    databaseName: 'telemetry',
    containerName: 'events',
    resource: { id: 'events', partitionKey: { paths: ['/tenantId', '/deviceId', '/sessionId'], kind: 'MultiHash', version: 2 }, defaultTtl: 7_776_000 },
    options: { autoscaleSettings: { maxThroughput: 40_000 } },
  });
  expect(inputsOf('devices', container)).toMatchObject({
    resource: { id: 'devices', partitionKey: { paths: ['/tenantId', '/deviceId'], kind: 'MultiHash', version: 2 } },
    options: { throughput: 1_000 },
  });
  expect(program.containers).toEqual(['events', 'devices']);
  expect(program.events.findings).toEqual([]);
  expect(program.devices.findings).toEqual([]);
});

it("sends the partition-key and 5-minute request categories of the account to the workspace, Dedicated; pages the on-call group (range, 429 share, a partition near 20 GB, and devices' hot key, which the program asks to page) and tickets the data team (hot key, hot prefix, a partition past 16 GB)", async () => {
  const accountId = `${SUBSCRIPTION}/resourceGroups/telemetry/providers/Microsoft.DocumentDB/databaseAccounts/telemetry`;
  expect(inputsOf('telemetry-partition-keys', 'azure-native:monitor:DiagnosticSetting')).toEqual({
    resourceUri: accountId,
    workspaceId: await resolved(program.workspaceId),
    logAnalyticsDestinationType: 'Dedicated',
    logs: [
      { category: 'PartitionKeyStatistics', enabled: true },
      { category: 'PartitionKeyRUConsumption', enabled: true },
      { category: 'DataPlaneRequests5M', enabled: true },
    ],
  });
  const oncall = `${SUBSCRIPTION}/resourceGroups/telemetry/providers/Microsoft.Insights/actionGroups/oncall`;
  const dataTeam = `${SUBSCRIPTION}/resourceGroups/telemetry/providers/Microsoft.Insights/actionGroups/data-team`;
  const logAlert = 'azure-native:monitor:ScheduledQueryRule';
  expect(inputsOf('events-hot-partition-range', 'azure-native:monitor:MetricAlert')).toMatchObject({
    scopes: [accountId],
    severity: 1,
    actions: [{ actionGroupId: oncall }],
  });
  expect(inputsOf('events-throttle-rate', logAlert)).toMatchObject({ severity: 1, location: 'westeurope', actions: { actionGroups: [oncall] } });
  expect(inputsOf('events-hot-key', logAlert)).toMatchObject({ severity: 2, actions: { actionGroups: [dataTeam] } });
  expect(inputsOf('events-hot-prefix', logAlert)).toMatchObject({ severity: 2, actions: { actionGroups: [dataTeam] } });
  expect(inputsOf('devices-hot-key', logAlert)).toMatchObject({ severity: 1, actions: { actionGroups: [oncall] } });
  // The 16 GB line is a ticket (storage grows over days), the 19 GB line pages (writes fail at 20 GB).
  expect(inputsOf('devices-partition-size', logAlert)).toMatchObject({ severity: 2, actions: { actionGroups: [dataTeam] } });
  expect(inputsOf('devices-partition-size-limit', logAlert)).toMatchObject({ severity: 1, actions: { actionGroups: [oncall] } });
  expect(inputsOf('devices-throttle-rate', logAlert).criteria.allOf[0].query).toContain('iff(Requests >= 200, ');
  expect(inputsOf('telemetry-workspace', 'azure-native:operationalinsights:Workspace').location).toBe('westeurope');
});
