/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// A helpdesk SaaS container (/tenantId → /ticketId, 22,000 RU/s autoscale, 200 GB: 4 partitions of 5,500 RU/s) declares
// its largest tenant: 15% of the reads and writes, 35 GB. Under 50 GB a tenant's data stays on one physical partition
// ("Hierarchical partition keys"), so no line "for a value on several partitions" applies: the tenant is judged against
// the throttledHotValue line of the tenants beside it (80% of what it leaves them), under its own planned 1,800 RU/s.
// When the page counted the container's 429s, every burst or import elsewhere named it at its plan.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign } from '../../lib/pulumi';
import {
  replayProgram,
  skewguardQueries,
  type ContainerModel,
  type ContainerReplay,
  type CosmosContainerProfile,
  type RegisteredResource,
  type Scenario,
} from '../../lib/testing/replay';
import { PLANNED_PEAK } from '../../lib/testing/replay/scenarios/dynamodb-scenarios';
import { installMocks, registeredAll } from '../pulumi/support/mocks';
import { weekWithPlannedTenant } from './support/planned-tenant';
import { accountIds, alertThreshold, customResources } from './support/pulumi-program';

const engine = installMocks();
const { account: ACCOUNT_ID, oncall: ONCALL } = accountIds('rg', 'acct');

const tickets: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 4_000, hotKeyShare: 0.15, largestGb: 35 },
      { path: '/ticketId', cardinality: 'unique' },
    ],
  },
  storage: { totalGb: 200 },
  workload: { peakReadUnits: 9_000, peakWriteUnits: 3_000 },
};
const AUTOSCALE_MAX = 22_000;
const PEAK_RU = 12_000;
const WHALE_RU = 0.15 * PEAK_RU;

let resources: RegisteredResource[];
let design: GuardedContainer['design'];
beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const monitoring = new CosmosAccountMonitoring('acct', { resourceGroupName: 'rg', account: { name: 'acct', id: ACCOUNT_ID }, actionGroupIds: [ONCALL] });
  const container = new GuardedContainer('tickets', { monitoring, database: 'app', throughput: { autoscaleMax: AUTOSCALE_MAX }, design: tickets });
  await registeredAll([container, container.container, ...Object.values(container.alerts)]);
  resources = customResources(engine.registered);
  design = container.design;
});
afterAll(() => jest.restoreAllMocks());

const thresholdOf = (name: string) => alertThreshold(resources, name);
const queries = skewguardQueries([{ databaseName: 'app', containerName: 'tickets' }]);
/** The rest of the container's load at its planned peak (the whale's share is the planned tenant's). */
const profiles = (): Record<string, CosmosContainerProfile> => ({
  tickets: { throughput: { kind: 'autoscale', ru: AUTOSCALE_MAX }, storageGb: 200, peakRu: PEAK_RU - WHALE_RU, design },
});
const replay = (scenario: Scenario<ContainerModel>): ContainerReplay => replayProgram(resources, scenario, { queries }).containers.tickets;
/** The whale on partition 0, holding 35 of its 50 GB: the other tenants' load there is on the rest. */
const week = (plannedRu: number, seed: number) => weekWithPlannedTenant(profiles(), 'tickets', { plannedRu, ranges: 1, holds: 0.7 }, seed);
const firedOf = (c: ContainerReplay, alert: string) => c.pages.filter((p) => p.alert === alert).map((p) => p.minute);

it('the whale is on one partition: judged against the line of the tenants beside it (920 RU/s), under its own plan (1,800)', () => {
  expect(thresholdOf('tickets-throttled-hot-value')).toEqual(920);
});

// The container's 429s gated every value before: other partitions' bursts and the nightly import named the whale at its
// plan, 2, 3, 1, 3 and 2 times in these weeks. Its own partition's 429s are sustained only where three one-second bursts
// of other clients land on it in one hour (seed 4, 22:10 on the second day): a value's first throttling looks the same.
it('the whale at its planned load ±10% a minute: 1 page in five healthy weeks (seeds 1 to 5), where 11 were', () => {
  expect([1, 2, 3, 4, 5].map((seed) => firedOf(replay(week(WHALE_RU, seed)), 'tickets-throttled-hot-value'))).toEqual([[], [], [], [4_210], []]);
});

// Its partition leaves the whale 4,735 RU/s at the peak (5,500 less the other tenants' 765 there): at 3 × its plan
// (5,400) it throttles itself, every minute of the peak.
// Above the 920 line all week, it is also named where bursts on its partition make its 429s sustained on other days (2
// pages; 13 when the container's 429s counted).
it('the whale at 3 × its plan, throttling its own partition, is paged 30 minutes into the planned peak', () => {
  const fromPeak = firedOf(replay(week(3 * WHALE_RU, 3)), 'tickets-throttled-hot-value').map((m) => m - PLANNED_PEAK.start);
  expect(fromPeak).toEqual([-2_885, -75, 30]);
});

// No Azure page says CDBDataPlaneRequests5M's PartitionId is the RU log's PartitionKeyRangeId. In a workspace where the
// request rows name physical partitions by other ids, no logged range is among them: the container's 429s gate instead,
// so the whale throttling its own partition still pages (without that fallback, never).
it('request rows naming partitions by other ids (GUID-like): the whale at 3 × its plan still pages at the planned peak', () => {
  const base = week(3 * WHALE_RU, 3);
  const physicalIds = {
    ...base,
    models: { tickets: { ...base.models.tickets, requestPartitionId: (r: number) => `4f8a2c1e-0d3b-4e6f-9a7c-00000000000${r}` } },
  };
  const fromPeak = firedOf(replay(physicalIds), 'tickets-throttled-hot-value').map((m) => m - PLANNED_PEAK.start);
  // 30 minutes into the peak, as where the ids match; and, gated by the container's 429s as before the per-partition
  // gate, at every other sustained burst or import of the week (14 pages in all).
  expect(fromPeak).toContain(30);
  expect(fromPeak).toHaveLength(14);
});

it('a tenant beside the whale throttling their partition is paged 20 minutes after it begins (an hour before the peak)', () => {
  const base = week(WHALE_RU, 3);
  const model = base.models.tickets;
  const { start, minutes } = PLANNED_PEAK;
  // 3,500 RU/s from an hour before the planned peak to its end, on the whale's partition (range 0): with the whale's
  // plan and the other tenants' 765 there, 10% past the partition's 5,500.
  const neighbour = { key: '["neighbour","t-1"]', range: 0, ru: (m: number) => (m >= start - 60 && m < start + minutes ? 3_500 : 0) };
  const c = replay({ ...base, models: { tickets: { ...model, hotKeys: [...(model.hotKeys ?? []), neighbour] } } });
  // Its first page 40 minutes before the peak; a second 60 minutes into it, as its partition throttles again.
  expect(firedOf(c, 'tickets-throttled-hot-value').map((m) => m - PLANNED_PEAK.start)).toEqual([-40, 60]);
});
