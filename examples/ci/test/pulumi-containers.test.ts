/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// A Pulumi component's resources under the mock engine, ready to snapshot, and its refusals.
// (The docblock above keeps jest 30 from cleaning up a global Pulumi's exit hook still reads.)
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign } from '../../../lib/pulumi';
import { assertRefused, pulumiSnapshot, runWithMocks } from '../../../lib/testing/pulumi';

const events: ContainerDesign = {
  partitionKey: { paths: [{ path: '/tenantId', cardinality: 2_000 }, { path: '/deviceId', cardinality: 500_000 }] },
  workload: { peakReadUnits: 4_000, peakWriteUnits: 6_000 },
};

function telemetry(design: ContainerDesign) {
  const monitoring = new CosmosAccountMonitoring('telemetry', {
    resourceGroupName: 'data',
    account: { name: 'telemetry', id: '/subscriptions/0000/resourceGroups/data/providers/Microsoft.DocumentDB/databaseAccounts/telemetry' },
  });
  // failOn 'warning': a design that passes with a warning (SG017's peak over the headroom, say) is not one to keep.
  return new GuardedContainer('events', { monitoring, database: 'telemetry', throughput: { autoscaleMax: 13_000 }, failOn: 'warning', design });
}

describe('the telemetry containers', () => {
  it('match their snapshot', async () => {
    const resources = await pulumiSnapshot(() => telemetry(events));
    const container = resources.find((r) => r.type === 'azure-native:cosmosdb:SqlResourceSqlContainer');
    expect(container?.options).toEqual({ protect: true, retainOnDelete: true });
    expect(container?.inputs.resource).toMatchObject({ partitionKey: { paths: ['/tenantId', '/deviceId'], kind: 'MultiHash', version: 2 } });
    expect(resources).toMatchSnapshot();
  });

  it('refuse a hierarchy in the wrong order, creating nothing', async () => {
    const reversed = { ...events, partitionKey: { paths: [...events.partitionKey.paths].reverse() } };
    const refusal = await runWithMocks(() => telemetry(reversed)).catch((error: unknown) => error);
    assertRefused(refusal, { rule: 'SG004', path: 'design.partitionKey.paths' });
  });
});
