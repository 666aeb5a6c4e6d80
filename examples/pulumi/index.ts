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
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import * as monitor from '@pulumi/azure-native/monitor';
import * as resources from '@pulumi/azure-native/resources';
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer } from '../../lib/pulumi';
import { devicesDesign, eventsDesign } from './designs';

const config = new pulumi.Config();
const location = config.get('location') ?? 'westeurope';

const group = new resources.ResourceGroup('telemetry', { location });

const account = new cosmosdb.DatabaseAccount(
  'telemetry',
  {
    resourceGroupName: group.name,
    databaseAccountOfferType: 'Standard',
    locations: [{ locationName: location, failoverPriority: 0 }],
    consistencyPolicy: { defaultConsistencyLevel: 'Session' },
    // Point-in-time restore for the last 7 days.
    backupPolicy: { type: 'Continuous', continuousModeProperties: { tier: 'Continuous7Days' } },
  },
  { protect: true },
);

const database = new cosmosdb.SqlResourceSqlDatabase('telemetry', {
  resourceGroupName: group.name,
  accountName: account.name,
  resource: { id: 'telemetry' },
});

// Two tiers: "page" wakes the on-call engineer (users are throttled now); "ticket" goes to the
// data team's queue (a key or a partition is heading for its ceiling; act this week).
const oncall = new monitor.ActionGroup('oncall', {
  resourceGroupName: group.name,
  location: 'Global',
  groupShortName: 'oncall',
  enabled: true,
  emailReceivers: [{ name: 'oncall', emailAddress: config.get('oncallEmail') ?? 'oncall@example.com', useCommonAlertSchema: true }],
});
const dataTeam = new monitor.ActionGroup('data-team', {
  resourceGroupName: group.name,
  location: 'Global',
  groupShortName: 'datateam',
  enabled: true,
  emailReceivers: [{ name: 'data-team', emailAddress: config.get('dataTeamEmail') ?? 'data-team@example.com', useCommonAlertSchema: true }],
});

// One diagnostic setting for the whole account; both containers attach to it. The workspace and the
// log alerts stay in the region of the data.
const monitoring = new CosmosAccountMonitoring('telemetry', {
  resourceGroupName: group,
  account,
  location,
  actionGroups: { page: [oncall.id], ticket: [dataTeam.id] },
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
  // A small registry: judge the 429 share from 200 requests per 5 minutes, and page on a hot device twin.
  alerts: { throttleRate: { minimumRequests: 200 }, hotKey: { tier: 'page' } },
});

export const workspaceId = monitoring.workspaceId;
export const containers = [events.containerName, devices.containerName];
