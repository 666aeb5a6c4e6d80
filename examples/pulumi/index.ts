/**
 * A multi-tenant telemetry store: device events keyed tenant → device → session, and a device
 * registry keyed tenant → device, on one Cosmos DB account whose partition-key statistics go to one
 * Log Analytics workspace. `pulumi preview` fails with the rule, the field and the fix if a key
 * design is wrong; nothing is created.
 *
 *   pulumi preview                                   # the program's own checks (GuardedContainer)
 *   pulumi preview --policy-pack ./policy-pack       # plus the CrossGuard policies for raw containers
 *
 * In your own project, import from 'skewguard/pulumi'; this example imports the sources so that it
 * type-checks in the repository's CI.
 */
import * as pulumi from '@pulumi/pulumi';
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import * as monitor from '@pulumi/azure-native/monitor';
import * as resources from '@pulumi/azure-native/resources';
import { CosmosAccountMonitoring, GuardedContainer } from '../../lib/pulumi';
import { devicesDesign, eventsDesign } from './designs';

const config = new pulumi.Config();
const location = config.get('location') ?? 'westeurope';

const group = new resources.ResourceGroup('telemetry', { location });

const account = new cosmosdb.DatabaseAccount('telemetry', {
  resourceGroupName: group.name,
  databaseAccountOfferType: 'Standard',
  locations: [{ locationName: location, failoverPriority: 0 }],
  consistencyPolicy: { defaultConsistencyLevel: 'Session' },
  // Point-in-time restore for the last 7 days.
  backupPolicy: { type: 'Continuous', continuousModeProperties: { tier: 'Continuous7Days' } },
}, { protect: true });

const database = new cosmosdb.SqlResourceSqlDatabase('telemetry', {
  resourceGroupName: group.name,
  accountName: account.name,
  resource: { id: 'telemetry' },
});

const oncall = new monitor.ActionGroup('oncall', {
  resourceGroupName: group.name,
  location: 'Global',
  groupShortName: 'oncall',
  enabled: true,
  emailReceivers: [{ name: 'oncall', emailAddress: config.get('oncallEmail') ?? 'oncall@example.com', useCommonAlertSchema: true }],
});

// One diagnostic setting for the whole account; both containers attach to it.
const monitoring = new CosmosAccountMonitoring('telemetry', {
  resourceGroupName: group,
  account,
  actionGroupIds: [oncall.id],
});

/** Device events: 2,000 tenants, 500,000 devices, one session per connection. */
export const events = new GuardedContainer('events', {
  monitoring,
  database,
  throughput: { autoscaleMax: 40_000 },
  defaultTtl: 90 * 24 * 60 * 60,
  indexingPolicy: { indexingMode: 'consistent', includedPaths: [{ path: '/*' }], excludedPaths: [{ path: '/payload/*' }] },
  design: eventsDesign,
});

/** The device registry: read by tenant, or by tenant and device. */
export const devices = new GuardedContainer('devices', {
  monitoring,
  database,
  throughput: { manual: 1_000 },
  design: devicesDesign,
  alerts: { throttling: { threshold: 20 } },
});

export const workspaceId = monitoring.workspaceId;
export const containers = [events.containerName, devices.containerName];
