/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 17: a reused diagnostic setting (existingDiagnosticSetting) that the alerts cannot use fails the run with one
// clear error; one that lacks some categories disables only the log alerts on them, each named with its category.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer } from '../../lib/pulumi';
import { runWithMocks, type MockedResource } from '../../lib/testing/pulumi';
import { rejection } from '../testing/support/errors';
import { orders, sessionsOfDays, telemetry } from './support/designs';
import { ACCOUNT_ID, quietPulumiLog, warningsOn } from './support/fleet';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

quietPulumiLog();

const WORKSPACE = '/subscriptions/s/resourceGroups/ops/providers/Microsoft.OperationalInsights/workspaces/central';
const LOG_ALERT = 'azure-native:monitor:ScheduledQueryRule';
const on = (category: string, enabled = true) => ({ category, enabled });
const DEDICATED = { name: 'platform', workspaceId: WORKSPACE, logAnalyticsDestinationType: 'Dedicated' };
const ALL_THREE = [on('PartitionKeyStatistics'), on('PartitionKeyRUConsumption'), on('DataPlaneRequests5M')];

/** A container of `design` on a monitoring component that reuses the setting `platform`, answered with `setting`. */
function run(setting: Record<string, unknown>, design = telemetry) {
  let component: GuardedContainer | undefined;
  const program = () => {
    const monitoring = new CosmosAccountMonitoring('m', {
      resourceGroupName: 'data',
      account: { name: 'fleet', id: ACCOUNT_ID },
      actionGroupIds: ['ag'],
      existingDiagnosticSetting: 'platform',
    });
    component = new GuardedContainer('c', { monitoring, database: 'db', throughput: { manual: 4_000 }, design });
    return component;
  };
  return { result: runWithMocks(program, { call: () => setting }), component: () => component as GuardedContainer };
}

/** The log alerts registered, by name, with `enabled` as sent. */
const logAlerts = (resources: MockedResource[]) =>
  Object.fromEntries(resources.filter((r) => r.type === LOG_ALERT).map((r) => [r.name, r.inputs.enabled as boolean]));

describe('a reused setting no log alert can use fails the run once, naming the setting, what it lacks and the fix', () => {
  it.each([
    [
      'AzureDiagnostics tables',
      { ...DEDICATED, logAnalyticsDestinationType: 'AzureDiagnostics', logs: ALL_THREE },
      'logAnalyticsDestinationType is not "Dedicated"',
    ],
    ['no workspace', { ...DEDICATED, workspaceId: undefined, logs: ALL_THREE }, 'no Log Analytics workspace (workspaceId)'],
    [
      'none of the categories',
      { ...DEDICATED, logs: [on('DataPlaneRequests')] },
      'PartitionKeyStatistics is not enabled; PartitionKeyRUConsumption is not enabled; DataPlaneRequests5M is not enabled',
    ],
  ])('%s', async (_label, setting, lacks) => {
    const { result, component } = run(setting);
    const error = await rejection(result);
    const expected = `CosmosAccountMonitoring "m": the existing diagnostic setting "platform" (existingDiagnosticSetting) cannot feed the skew alerts: `;
    expect(error.message).toContain(expected);
    expect(error.message).toContain(lacks);
    expect(error.message).toContain('Fix the setting: send PartitionKeyStatistics, PartitionKeyRUConsumption, DataPlaneRequests5M');
    // One error, as written: not once per alert, nor prefixed by the SDK's serializer.
    expect(error.message.split(expected)).toHaveLength(2);
    expect(error.message).not.toContain('error serializing property');
    // The alerts themselves do not fail (each would report it again): they register disabled, and say nothing more.
    expect(warningsOn(component()).filter((w) => w.includes('created disabled'))).toEqual([]);
  });
});

describe('a reused setting that lacks some categories disables only the alerts on them, each named', () => {
  // Keys whose last level repeats: a unique one gets no partition-size alerts (one item per logical partition).
  const customers = { ...orders, partitionKey: { paths: [{ path: '/customerId', cardinality: 1_000_000 }] } };

  it('sends everything through allLogs: every log alert enabled, nothing said', async () => {
    const { result, component } = run({ ...DEDICATED, logs: [{ categoryGroup: 'allLogs', enabled: true }] }, sessionsOfDays);
    expect(logAlerts((await result).resources)).toEqual({
      'c-throttle-rate': true,
      'c-hot-key': true,
      'c-hot-prefix': true,
      'c-partition-size': true,
      'c-partition-size-limit': true,
      'c-throttled-hot-value': true,
    });
    expect(warningsOn(component()).filter((w) => w.includes('created disabled'))).toEqual([]);
  });

  it('lacks only the preview DataPlaneRequests5M: throttleRate and throttledHotValue (its 429s) are disabled, and said', async () => {
    const { result, component } = run({ ...DEDICATED, logs: ALL_THREE.slice(0, 2) }, customers);
    expect(logAlerts((await result).resources)).toEqual({
      'c-throttle-rate': false,
      'c-hot-key': true,
      'c-partition-size': true,
      'c-partition-size-limit': true,
      'c-throttled-hot-value': false,
    });
    expect(warningsOn(component()).filter((w) => w.includes('created disabled'))).toEqual([
      "skewguard: the throttleRate alert is created disabled: the account's diagnostic setting (existingDiagnosticSetting) does not send DataPlaneRequests5M, " +
        'the category of the table it queries. Enable DataPlaneRequests5M on that setting and deploy again to enable it, or set alerts.throttleRate: false',
      "skewguard: the throttledHotValue alert is created disabled: the account's diagnostic setting (existingDiagnosticSetting) does not send DataPlaneRequests5M, " +
        'the category of the table it queries. Enable DataPlaneRequests5M on that setting and deploy again to enable it, or set alerts.throttledHotValue: false',
    ]);
  });

  it('has PartitionKeyRUConsumption disabled: hotKey, hotPrefix and throttledHotValue are disabled, each said', async () => {
    const { result, component } = run(
      {
        ...DEDICATED,
        logs: [on('PartitionKeyStatistics'), on('PartitionKeyRUConsumption', false), on('DataPlaneRequests5M')],
      },
      sessionsOfDays,
    );
    expect(logAlerts((await result).resources)).toMatchObject({ 'c-hot-key': false, 'c-hot-prefix': false, 'c-throttle-rate': true, 'c-partition-size': true });
    const said = warningsOn(component()).filter((w) => w.includes('created disabled'));
    expect(said.map((w) => w.match(/the (\w+) alert .* does not send (\w+)/)?.slice(1))).toEqual([
      ['hotKey', 'PartitionKeyRUConsumption'],
      ['hotPrefix', 'PartitionKeyRUConsumption'],
      ['throttledHotValue', 'PartitionKeyRUConsumption'],
    ]);
  });
});

it('exposes the categories the setting sends; a created setting sends all three', async () => {
  let reused: CosmosAccountMonitoring | undefined;
  let created: CosmosAccountMonitoring | undefined;
  await runWithMocks(
    () => {
      const base = { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID } };
      reused = new CosmosAccountMonitoring('reused', { ...base, existingDiagnosticSetting: 'platform' });
      created = new CosmosAccountMonitoring('created', base);
    },
    { call: () => ({ ...DEDICATED, logs: ALL_THREE.slice(1) }) },
  );
  const value = (output: pulumi.Output<string[]> | undefined) => new Promise((resolve) => output?.apply(resolve));
  expect(await value(reused?.logCategories)).toEqual(['PartitionKeyRUConsumption', 'DataPlaneRequests5M']);
  expect(await value(created?.logCategories)).toEqual(['PartitionKeyStatistics', 'PartitionKeyRUConsumption', 'DataPlaneRequests5M']);
});
