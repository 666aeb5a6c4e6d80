/**
 * What the GuardedContainer tests share: the `fleet` account they monitor (and its monitoring), the container's type token,
 * and a quiet Pulumi log.
 */
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring } from '../../../lib/pulumi';
import { SUBSCRIPTION } from './mocks';

/** The ARM id of the `fleet` Cosmos DB account, in resource group `data`. */
export const ACCOUNT_ID = `${SUBSCRIPTION}/resourceGroups/data/providers/Microsoft.DocumentDB/databaseAccounts/fleet`;
export const CONTAINER = 'azure-native:cosmosdb:SqlResourceSqlContainer';

/** A CosmosAccountMonitoring of the `fleet` account sending to the workspace `central` (no action group). */
export function fleetMonitoring(): CosmosAccountMonitoring {
  return new CosmosAccountMonitoring('fleet', {
    resourceGroupName: 'data',
    account: { name: 'fleet', id: ACCOUNT_ID },
    workspace: { id: `${SUBSCRIPTION}/resourceGroups/ops/providers/Microsoft.OperationalInsights/workspaces/central` },
  });
}

/** Silences pulumi.log's warn and info in each test of the calling file: GuardedContainer reports warnings and waivers there. */
export function quietPulumiLog(): void {
  beforeEach(() => {
    jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
    jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  });
  afterEach(() => jest.restoreAllMocks());
}

/** The messages pulumi.log.warn was given for `resource` (spied on by quietPulumiLog). */
export function warningsOn(resource: pulumi.Resource): string[] {
  return jest
    .mocked(pulumi.log.warn)
    .mock.calls.filter(([, on]) => on === resource)
    .map(([message]) => message);
}
