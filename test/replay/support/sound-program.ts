/**
 * Review 20's "sound" program (a platform team's GuardedContainer, copied from their replay): one account, one
 * `orders` container per entry of `alerts`, each with the team's design (a tenant → customer → id key, 40,000 RU/s
 * autoscale, 600 GB: 12 partition-key ranges) and the given alert options. Registered under the test's mock engine.
 */
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import * as resources from '@pulumi/azure-native/resources';
import { CosmosAccountMonitoring, GuardedContainer, type GuardedContainerArgs } from '../../../lib/pulumi';

const ACTION_GROUPS = '/subscriptions/0/resourceGroups/ops/providers/microsoft.insights/actionGroups';
export const PAGE_GROUP = `${ACTION_GROUPS}/oncall`;
export const TICKET_GROUP = `${ACTION_GROUPS}/backlog`;

const DESIGN: GuardedContainerArgs['design'] = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 5000, hotKeyShare: 0.03, largestGb: 12 },
      { path: '/customerId', cardinality: 2_000_000 },
      { path: '/id', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits: 16_000, peakWriteUnits: 8_000 },
  storage: { totalGb: 600 },
  accessPatterns: [
    { name: 'order-by-id', keyAttributes: ['/tenantId', '/customerId', '/id'], share: 0.6 },
    { name: 'orders-of-customer', keyAttributes: ['/tenantId', '/customerId'], share: 0.35 },
    { name: 'tenant-report', keyAttributes: ['/tenantId'], share: 0.05 },
  ],
};

/** One GuardedContainer per entry, named by its key, with that entry's `alerts` (undefined: the defaults). */
export function soundProgram(containers: Record<string, GuardedContainerArgs['alerts']>): GuardedContainer[] {
  const group = new resources.ResourceGroup('saas');
  const account = new cosmosdb.DatabaseAccount('saas', {
    resourceGroupName: group.name,
    databaseAccountOfferType: 'Standard',
    locations: [{ locationName: 'westeurope', failoverPriority: 0 }],
  });
  const database = new cosmosdb.SqlResourceSqlDatabase('saas', { resourceGroupName: group.name, accountName: account.name, resource: { id: 'saas' } });
  const monitoring = new CosmosAccountMonitoring('saas', {
    resourceGroupName: group,
    account,
    location: 'westeurope',
    actionGroups: { page: [PAGE_GROUP], ticket: [TICKET_GROUP] },
  });
  return Object.entries(containers).map(
    ([name, alerts]) => new GuardedContainer(name, { monitoring, database, throughput: { autoscaleMax: 40_000 }, alerts, design: DESIGN }),
  );
}
