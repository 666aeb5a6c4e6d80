/**
 * What the fixture test files of pulumi-unawaited.test.ts construct (they run in a jest of their own, from a directory
 * outside the repository, so they import this by its path and it brings @pulumi/pulumi and skewguard/pulumi).
 */
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer } from '../../../lib/pulumi';
import { tenantItems } from '../../pulumi/support/designs';

export { assertAccepted, assertRefused } from '../../../lib/testing/pulumi';

const account = { name: 'platform', id: '/subscriptions/0000/resourceGroups/data/providers/Microsoft.DocumentDB/databaseAccounts/platform' };

/** A container whose 400 RU/s, given as an Output, the rules refuse (SG017) once the value is known; `ru` makes it pass. */
export const container =
  (name = 'ot', ru = 400) =>
  () =>
    new GuardedContainer(name, {
      monitoring: new CosmosAccountMonitoring(`${name}-m`, { resourceGroupName: 'data', account }),
      database: 'app',
      throughput: { manual: pulumi.output(ru) },
      design: ru === 400 ? tenantItems(20_000, 30_000) : tenantItems(2_000, 1_000),
    });

/** Keeps pulumi.log's warnings out of the fixture's output. */
export function quiet(): void {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
}
